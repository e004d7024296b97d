/*
 * src/gpuscan.c — module registration, settings, gpuscan_devices() and
 * gpuscan_service().
 *
 * CUDA is never touched when the module loads, nor in backends: loaded
 * through shared_preload_libraries, gpuscan registers its GPU service
 * (src/service.c), the one process that opens the GPUs.
 */
#include "postgres.h"

#include <limits.h>

#include "fmgr.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "gpuscan.h"

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
int			gpuscan_inject_fault = GS_FAULT_NONE;

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

	/* the GPU service's limits size shared memory: server start only */
	if (process_shared_preload_libraries_in_progress)
	{
		DefineCustomIntVariable("gpuscan.service_ring_mb",
								"Shared memory the GPU service's ring takes, page-locked.",
								"Backends stream their arrays through segments of this ring; "
								"it bounds the pinned host memory of the whole server.",
								&gpuscan_service_ring_mb,
								256,
								16, 65536,
								PGC_POSTMASTER,
								GUC_UNIT_MB,
								NULL, NULL, NULL);
		DefineCustomIntVariable("gpuscan.service_chunk_mb",
								"Size of one segment of the GPU service's ring: the largest chunk.",
								"A backend holds one segment while it scans; larger arrays stream "
								"through it in chunks.",
								&gpuscan_service_chunk_mb,
								16,
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
		gpuscan_service_register();
	}
	MarkGUCPrefixReserved("gpuscan");
}

/* "13.0" from CUDA's 13000. */
static text *
CudaVersionText(int v)
{
	if (v <= 0)
		return cstring_to_text("unknown");
	return cstring_to_text(psprintf("%d.%d", v / 1000, (v % 1000) / 10));
}

/*
 * gpuscan_devices(): one row per GPU the GPU service can use, as it found
 * them when it started.  No rows, and no error, where there is no GPU or
 * driver, for GPUs older than the engine's machine code
 * (GS_MIN_COMPUTE_CAPABILITY), in a build without CUDA, and without the
 * service (gpuscan not in shared_preload_libraries).
 */
PG_FUNCTION_INFO_V1(gpuscan_devices);
Datum
gpuscan_devices(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	GsServiceSnapshot snap;

	InitMaterializedSRF(fcinfo, 0);
	if (!gpuscan_service_snapshot(&snap) || gpuscan_inject_fault == GS_FAULT_UNSUPPORTED_GPU)
		return (Datum) 0;
	for (int i = 0; i < snap.ndevices; i++)
	{
		GsDeviceInfo *info = &snap.info[i];
		Datum		values[7];
		bool		isnull[7] = {0};

		if (!info->supported)
			continue;			/* the GPU engine cannot run there */
		values[0] = Int32GetDatum(info->device_id);
		values[1] = CStringGetTextDatum(info->name);
		values[2] = CStringGetTextDatum(psprintf("%d.%d", info->cc_major, info->cc_minor));
		values[3] = Int32GetDatum(info->multiprocessors);
		values[4] = Int64GetDatum(info->total_memory_mb);
		values[5] = PointerGetDatum(CudaVersionText(info->driver_version));
		values[6] = PointerGetDatum(CudaVersionText(info->runtime_version));
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
	}
	return (Datum) 0;
}

/*
 * gpuscan_service(): the GPU service, one row per usable GPU (one row with
 * a NULL device where it has none): its process, start, state, and per GPU
 * the chunks run, the launches that ran several small requests at once,
 * bytes moved, busy time, errors and device memory of its buffers;
 * requests waiting and free ring segments.  No rows when gpuscan
 * is not in shared_preload_libraries.
 */
PG_FUNCTION_INFO_V1(gpuscan_service);
Datum
gpuscan_service(PG_FUNCTION_ARGS)
{
	static const char *states[] = {"starting", "ready", "no GPU", "stopped"};
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	GsServiceSnapshot snap;

	InitMaterializedSRF(fcinfo, 0);
	if (!gpuscan_service_snapshot(&snap))
		return (Datum) 0;
	for (int i = -1; i < snap.ndevices; i++)
	{
		Datum		values[15];
		bool		isnull[15] = {0};
		GsDeviceStats *ds = i >= 0 ? &snap.stats[i] : NULL;

		if (i >= 0 && !snap.info[i].supported)
			continue;
		if (i < 0 && snap.state == GS_SERVICE_READY)
			continue;			/* rows per GPU only */
		values[0] = Int32GetDatum(snap.pid);
		isnull[0] = snap.pid == 0;
		values[1] = TimestampTzGetDatum(snap.started);
		isnull[1] = snap.started == 0;
		values[2] = CStringGetTextDatum(states[snap.state]);
		values[3] = CStringGetTextDatum(snap.message);
		isnull[3] = snap.message[0] == '\0';
		values[4] = Int32GetDatum(i);
		values[5] = CStringGetTextDatum(i >= 0 ? snap.info[i].name : "");
		isnull[4] = isnull[5] = i < 0;
		values[6] = Int64GetDatum(ds ? ds->requests : 0);
		values[7] = Int64GetDatum(ds ? ds->batches : 0);
		values[8] = Int64GetDatum(ds ? ds->bytes : 0);
		values[9] = Float8GetDatum(ds ? ds->busy_ms : 0);
		values[10] = Int64GetDatum(ds ? ds->errors : 0);
		values[11] = Int64GetDatum(ds ? ds->memory_bytes >> 20 : 0);
		values[12] = Int32GetDatum(snap.queued);
		values[13] = Int32GetDatum(snap.free_segments);
		values[14] = Int32GetDatum(snap.nsegments);
		tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
	}
	return (Datum) 0;
}
