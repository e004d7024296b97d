/*
 * src/gpuscan.c — module registration and the gpuscan.* settings.
 *
 * CUDA is never touched when the module loads, nor in backends: loaded
 * through shared_preload_libraries, gpuscan registers its GPU service
 * (src/service_worker.c), the one process that opens the GPUs.
 */
#include "postgres.h"

#include <limits.h>

#include "fmgr.h"
#include "miscadmin.h"
#include "utils/guc.h"
#include "utils/lsyscache.h"

#include "gpuscan.h"

PG_MODULE_MAGIC;

/*
 * gpuscan.gpu_min_elements: -1 (the default) uses a crossover per element
 * type (GpuMinElements in src/dispatch.c); 0 or more applies to every type.
 */
#define GPU_MIN_ELEMENTS_DEFAULT (-1)

int			gpuscan_device = GPUSCAN_DEVICE_AUTO;
int			gpuscan_gpu_min_elements = GPU_MIN_ELEMENTS_DEFAULT;
int			gpuscan_kernel = GPUSCAN_KERNEL_AUTO;
int			gpuscan_inject_fault = GS_FAULT_NONE;
int			gpuscan_inject_gpu_fault = -1;
bool		gpuscan_toast_streaming = true;
int			gpuscan_toast_slice_bytes = 0;
int			gpuscan_auto_max_host_scans = -1;

static const struct config_enum_entry device_options[] = {
	{"auto", GPUSCAN_DEVICE_AUTO, false},
	{"gpu", GPUSCAN_DEVICE_GPU, false},
	{"cpu", GPUSCAN_DEVICE_CPU, false},
	{NULL, 0, false}
};

static const struct config_enum_entry kernel_options[] = {
	{"auto", GPUSCAN_KERNEL_AUTO, false},
	{"kogge_stone", GS_KERNEL_KOGGE_STONE, false},
	{"brent_kung", GS_KERNEL_BRENT_KUNG, false},
	{"single_pass", GS_KERNEL_SINGLE_PASS, false},
	{NULL, 0, false}
};

/* gpuscan.cpu_simd: the values of gs_cpu_simd (core/engine.h) */
static const struct config_enum_entry cpu_simd_options[] = {
	{"auto", -1, false},
	{"avx2", 2, false},
	{"off", 0, false},
	{NULL, 0, false}
};

static const struct config_enum_entry fault_options[] = {
	{"none", GS_FAULT_NONE, false},
	{"gpu_alloc", GS_FAULT_GPU_ALLOC, false},
	{"cuda_error", GS_FAULT_CUDA_ERROR, false},
	{"unsupported_gpu", GS_FAULT_UNSUPPORTED_GPU, false},
	{NULL, 0, false}
};

void		_PG_init(void);

/* Define the settings; when preloaded, register the GPU service.  No CUDA here. */
void
_PG_init(void)
{
	DefineCustomEnumVariable("gpuscan.device",
							 "Chooses the engine of gpuscan's scans.",
							 "auto uses the GPU when one is usable and the array has at least "
							 "gpuscan.gpu_min_elements elements; gpu always uses it (an error "
							 "without one); cpu never does.  Results are identical.",
							 &gpuscan_device,
							 GPUSCAN_DEVICE_AUTO,
							 device_options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	DefineCustomIntVariable("gpuscan.gpu_min_elements",
							"Smallest array that gpuscan.device = auto sends to the GPU.",
							"-1 uses the measured crossover of each element type.",
							&gpuscan_gpu_min_elements,
							GPU_MIN_ELEMENTS_DEFAULT,
							-1, INT_MAX,
							PGC_USERSET,
							0,
							NULL, NULL, NULL);
	DefineCustomIntVariable("gpuscan.auto_max_host_scans",
							"Most large scans running on the host for which gpuscan.device = auto still uses the GPU.",
							"Beyond it the host's memory is the bottleneck, and the CPU engine "
							"serves a scan better; -1 uses an eighth of the host's cores (at least 1).",
							&gpuscan_auto_max_host_scans,
							-1,
							-1, INT_MAX,
							PGC_SUSET,
							0,
							NULL, NULL, NULL);
	DefineCustomEnumVariable("gpuscan.kernel",
							 "Chooses the GPU engine's scan kernel.",
							 "kogge_stone or brent_kung: PMPP's hierarchical scan with that block "
							 "scan; single_pass: decoupled look-back; auto is single_pass.",
							 &gpuscan_kernel,
							 GPUSCAN_KERNEL_AUTO,
							 kernel_options,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	DefineCustomEnumVariable("gpuscan.cpu_simd",
							 "Limits the vector instructions the CPU engine uses.",
							 "auto: AVX-512 where the CPU has it, else AVX2; avx2: AVX2 at most; "
							 "off: the portable loops only.  Results are identical.  Superuser only.",
							 &gs_cpu_simd,
							 -1,
							 cpu_simd_options,
							 PGC_SUSET,
							 0,
							 NULL, NULL, NULL);
	DefineCustomBoolVariable("gpuscan.toast_streaming",
							 "Reads arrays stored out of line without compression in slices.",
							 "Their values go from TOAST straight to the engine, never through a "
							 "full private copy; off detoasts a copy first, as PostgreSQL's "
							 "own functions do.  Results are identical.",
							 &gpuscan_toast_streaming,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	DefineCustomIntVariable("gpuscan.toast_slice_bytes",
							"Testing only: read every array stored out of line without compression in slices of at most this many bytes.",
							"0 (the default) reads arrays of 256 kB and more, in slices as large as "
							"an engine asks for; small odd values make slices end inside values.  "
							"Superuser only.",
							&gpuscan_toast_slice_bytes,
							0,
							0, INT_MAX,
							PGC_SUSET,
							GUC_NOT_IN_SAMPLE,
							NULL, NULL, NULL);
	DefineCustomEnumVariable("gpuscan.inject_fault",
							 "Testing only: make the GPU engine fail on purpose.",
							 "gpu_alloc: every device allocation fails (the call falls back to "
							 "the CPU engine); cuda_error: a CUDA call fails in the middle of "
							 "the pipeline (the call errors); unsupported_gpu: the GPU reads as "
							 "too old for the GPU engine.  Superuser only.",
							 &gpuscan_inject_fault,
							 GS_FAULT_NONE,
							 fault_options,
							 PGC_SUSET,
							 GUC_NOT_IN_SAMPLE,
							 NULL, NULL, NULL);

	DefineCustomIntVariable("gpuscan.inject_gpu_fault",
							"Testing only: make every chunk the GPU service runs on this GPU fail.",
							"The GPU's number in gpuscan_service(); each chunk run there fails with "
							"a CUDA error, as a failing GPU's would, until the GPU service takes "
							"the GPU out of service.  -1 (the default): none.  Server-wide: set "
							"in postgresql.conf or with ALTER SYSTEM, then reload.",
							&gpuscan_inject_gpu_fault,
							-1,
							-1, GS_MAX_DEVICES - 1,
							PGC_SIGHUP,
							GUC_NOT_IN_SAMPLE,
							NULL, NULL, NULL);

	/* the GPU service's limits size shared memory: server start only */
	if (process_shared_preload_libraries_in_progress)
	{
		DefineCustomIntVariable("gpuscan.service_ring_mb",
								"Shared memory the GPU service's ring takes, page-locked.",
								"Backends stream their arrays through segments of this ring; "
								"it bounds the pinned host memory of the whole server. "
								"-1: one segment per CPU core (at least 4).",
								&gpuscan_service_ring_mb,
								-1,
								-1, 65536,
								PGC_POSTMASTER,
								GUC_UNIT_MB,
								NULL, NULL, NULL);
		DefineCustomIntVariable("gpuscan.service_chunk_mb",
								"Size of one segment of the GPU service's ring: the largest chunk.",
								"A backend holds one segment while it scans; larger arrays stream "
								"through it in chunks.",
								&gpuscan_service_chunk_mb,
								4,
								2, 4096,
								PGC_POSTMASTER,
								GUC_UNIT_MB,
								NULL, NULL, NULL);
		DefineCustomIntVariable("gpuscan.service_gpu_memory_mb",
								"GPU memory the GPU service's buffers may take on each GPU.",
								"Chunks are made small enough for their input, output and scratch "
								"to fit (besides the CUDA context itself).",
								&gpuscan_service_gpu_memory_mb,
								1024,
								16, INT_MAX,
								PGC_POSTMASTER,
								GUC_UNIT_MB,
								NULL, NULL, NULL);
		DefineCustomIntVariable("gpuscan.copy_threads",
								"Copy threads that all connections' GPU scans together may run at once.",
								"Threads that help a connection copy results out of the GPU service's "
								"ring, besides its own; 0 (the default): every connection copies on "
								"its own thread.",
								&gpuscan_copy_threads,
								0,
								0, 1024,
								PGC_POSTMASTER,
								0,
								NULL, NULL, NULL);
		gpuscan_service_register();
	}
	MarkGUCPrefixReserved("gpuscan");
}

/*
 * The type of argument argno of a call: from the call's expression, or,
 * when a caller passes none (Citus runs an aggregate's transition on its
 * workers through a bare function handle), the function's declared type;
 * InvalidOid when neither says.
 */
Oid
gpuscan_arg_type(FunctionCallInfo fcinfo, int argno)
{
	Oid			type = get_fn_expr_argtype(fcinfo->flinfo, argno);
	Oid		   *argtypes;
	int			nargs;

	if (OidIsValid(type) || !OidIsValid(fcinfo->flinfo->fn_oid))
		return type;
	(void) get_func_signature(fcinfo->flinfo->fn_oid, &argtypes, &nargs);
	type = argno < nargs ? argtypes[argno] : InvalidOid;
	pfree(argtypes);
	return type;
}
