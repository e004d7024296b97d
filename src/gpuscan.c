/*
 * src/gpuscan.c — module registration, settings and gpuscan_devices().
 *
 * CUDA is never touched when the module loads (a postmaster that preloads
 * the library forks backends, and CUDA does not survive fork): the first
 * function that needs a GPU initialises CUDA in its own backend.
 */
#include "postgres.h"

#include <limits.h>

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/tuplestore.h"

#include "gpuscan.h"

#ifdef GS_WITH_CUDA
#include "../cuda/gpuscan_cuda.h"
#endif

PG_MODULE_MAGIC;

/*
 * gpuscan.gpu_min_elements: -1 (the default) uses the per-type crossovers
 * measured on an H200 machine (test/bench/results/sql-pipeline-*.txt; see
 * GpuMinElements in src/dispatch.c); 0 or more applies to every type.
 */
#define GPU_MIN_ELEMENTS_DEFAULT (-1)

int			gpuscan_device = GPUSCAN_DEVICE_AUTO;
int			gpuscan_gpu_min_elements = GPU_MIN_ELEMENTS_DEFAULT;
int			gpuscan_kernel = GPUSCAN_KERNEL_AUTO;
int			gpuscan_pinned_buffer_mb = 96;
int			gpuscan_inject_fault = 0;

static const struct config_enum_entry device_options[] = {
	{"auto", GPUSCAN_DEVICE_AUTO, false},
	{"gpu", GPUSCAN_DEVICE_GPU, false},
	{"cpu", GPUSCAN_DEVICE_CPU, false},
	{NULL, 0, false}
};

static const struct config_enum_entry kernel_options[] = {
	{"auto", GPUSCAN_KERNEL_AUTO, false},
	{"kogge_stone", GPUSCAN_KERNEL_KOGGE_STONE, false},
	{"brent_kung", GPUSCAN_KERNEL_BRENT_KUNG, false},
	{"single_pass", GPUSCAN_KERNEL_SINGLE_PASS, false},
	{NULL, 0, false}
};

static const struct config_enum_entry fault_options[] = {
	{"none", 0, false},
	{"gpu_alloc", 1, false},
	{"cuda_error", 2, false},
	{"unsupported_gpu", 3, false},
	{NULL, 0, false}
};

void		_PG_init(void);

/* Define the settings.  No CUDA here: that waits for the first GPU scan. */
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
	DefineCustomIntVariable("gpuscan.pinned_buffer_mb",
							"Pinned host memory per backend for the GPU engine's transfers.",
							"Arrays stream through six staging buffers sharing this much "
							"page-locked memory; 0 copies from pageable memory instead.",
							&gpuscan_pinned_buffer_mb,
							96,
							0, 4096,
							PGC_USERSET,
							GUC_UNIT_MB,
							NULL, NULL, NULL);
	DefineCustomEnumVariable("gpuscan.inject_fault",
							 "Testing only: make the GPU engine fail on purpose.",
							 "gpu_alloc: every device allocation fails (the call falls back to "
							 "the CPU engine); cuda_error: a CUDA call fails in the middle of "
							 "the pipeline (the call errors); unsupported_gpu: the GPU reads as "
							 "too old for the GPU engine.  Superuser only.",
							 &gpuscan_inject_fault,
							 0,
							 fault_options,
							 PGC_SUSET,
							 GUC_NOT_IN_SAMPLE,
							 NULL, NULL, NULL);
	MarkGUCPrefixReserved("gpuscan");
}

#ifdef GS_WITH_CUDA
/* "13.0" from CUDA's 13000. */
static text *
CudaVersionText(int v)
{
	if (v <= 0)
		return cstring_to_text("unknown");
	return cstring_to_text(psprintf("%d.%d", v / 1000, (v % 1000) / 10));
}
#endif

/*
 * gpuscan_devices(): one row per CUDA device the GPU engine can use.  No
 * rows, and no error, where there is no GPU or driver, for GPUs older than
 * the engine's machine code (GS_MIN_COMPUTE_CAPABILITY), and in a build
 * without CUDA.
 */
PG_FUNCTION_INFO_V1(gpuscan_devices);
Datum
gpuscan_devices(PG_FUNCTION_ARGS)
{
	InitMaterializedSRF(fcinfo, 0);

#ifdef GS_WITH_CUDA
	{
		ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
		char		msg[256] = "";
		int			n = gs_cuda_device_count(msg, sizeof(msg));
		int			i;

		if (n < 0)
			ereport(ERROR,
					(errcode(ERRCODE_SYSTEM_ERROR),
					 errmsg("could not list CUDA devices"),
					 errdetail("%s", msg)));
		for (i = 0; i < n; i++)
		{
			GsDeviceInfo info;
			Datum		values[7];
			bool		isnull[7] = {0};

			if (gs_cuda_device_info(i, &info, msg, sizeof(msg)) != GS_OK)
				ereport(ERROR,
						(errcode(ERRCODE_SYSTEM_ERROR),
						 errmsg("could not query CUDA device %d", i),
						 errdetail("%s", msg)));
			if (!info.supported || gpuscan_inject_fault == GS_FAULT_UNSUPPORTED_GPU)
				continue;		/* the GPU engine cannot run there */
			values[0] = Int32GetDatum(info.device_id);
			values[1] = CStringGetTextDatum(info.name);
			values[2] = CStringGetTextDatum(psprintf("%d.%d", info.cc_major, info.cc_minor));
			values[3] = Int32GetDatum(info.multiprocessors);
			values[4] = Int64GetDatum(info.total_memory_mb);
			values[5] = PointerGetDatum(CudaVersionText(info.driver_version));
			values[6] = PointerGetDatum(CudaVersionText(info.runtime_version));
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
		}
	}
#endif

	return (Datum) 0;
}
