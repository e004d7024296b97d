/*
 * src/dispatch.c — which engine runs a scan and what happens when it cannot;
 * what the user sees of it (gpuscan_last_run(), gpuscan_counters(), in
 * src/info.c) is recorded here.
 *
 *   gpuscan.device = cpu:  the CPU engine.
 *   gpuscan.device = gpu:  the GPU engine; without a usable GPU, ERROR 55000.
 *   gpuscan.device = auto: the GPU engine for arrays of at least
 *                          gpuscan.gpu_min_elements elements (by default a
 *                          measured crossover per element type) when a GPU
 *                          is usable, else the CPU engine.
 *
 * GPU scans go to the GPU service (src/service_client.c), which runs only when
 * gpuscan is in shared_preload_libraries.  Either way an array the GPU
 * engine cannot take (an exponent range wider than its 128-bit accumulator)
 * or GPU memory running out sends the call to the CPU engine, with a DEBUG1
 * message, a count in gpuscan_counters() and the reason in
 * gpuscan_last_run().  Other CUDA failures are ERRORs carrying CUDA's
 * message; the service then starts that GPU afresh for the next request.
 */
#include "postgres.h"

#include "fmgr.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "portability/instr_time.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "gpuscan.h"

/* This backend's last scan call and its counts (src/gpuscan.h). */
GsLastRun	gpuscan_last;
GsCallCounts gpuscan_calls;

/* Let a long scan be cancelled: called by the engines between chunks. */
static void
GsCheckInterrupts(void)
{
	CHECK_FOR_INTERRUPTS();
}

/* The subscripts of a 0-based position, as "[i][j]". */
static char *
PositionSubscripts(int64 pos, int ndim, const int *dims, const int *lbs)
{
	StringInfoData buf;
	int64		stride = 1;
	int			d;

	initStringInfo(&buf);
	for (d = 1; d < ndim; d++)
		stride *= dims[d];
	for (d = 0; d < ndim; d++)
	{
		appendStringInfo(&buf, "[%lld]", (long long) (lbs[d] + pos / stride));
		pos %= stride;
		if (d + 1 < ndim)
			stride /= dims[d + 1];
	}
	return buf.data;
}

/* Raise the ERROR a failed scan stands for. */
static void
ReportScanError(const GsScanResult *res, Oid restype, int ndim,
				const int *dims, const int *lbs)
{
	char	   *where = res->error_position >= 0
		? PositionSubscripts(res->error_position, ndim, dims, lbs) : NULL;

	switch (res->status)
	{
		case GS_ERR_INT8_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("bigint out of range"),
					 where ? errdetail("The running total at subscript %s is outside the range of bigint.", where) : 0));
			break;
		case GS_ERR_FLOAT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value out of range: overflow"),
					 where ? errdetail("The running total at subscript %s is outside the range of type %s.",
									   where, format_type_be(restype)) : 0));
			break;
		case GS_ERR_OUT_OF_MEMORY:
			ereport(ERROR,
					(errcode(ERRCODE_OUT_OF_MEMORY),
					 errmsg("out of memory"),
					 errdetail("%s", res->message)));
			break;
		case GS_ERR_CUDA:
		case GS_ERR_NO_DEVICE:
			ereport(ERROR,
					(errcode(ERRCODE_SYSTEM_ERROR),
					 errmsg("GPU scan failed: %s", res->message),
					 errhint("The next call starts with a fresh GPU context; set gpuscan.device to \"cpu\" to avoid the GPU.")));
			break;
		default:
			elog(ERROR, "gpuscan: unexpected engine status %d: %s",
				 (int) res->status, res->message);
	}
}

/*
 * The smallest array gpuscan.device = auto sends to the GPU: the setting,
 * or with -1 a crossover per element type, chosen by measurement (see
 * test/bench/NOTES.md, "Constants chosen by measurement").  int2 is taken as
 * int4; int8 as float4 (8-byte transfers like float8, a CPU loop as fast as
 * int4's).
 */
static int64
GpuMinElements(GsElemType type)
{
	if (gpuscan_gpu_min_elements >= 0)
		return gpuscan_gpu_min_elements;
	switch (type)
	{
		case GS_FLOAT8:
			return INT64_C(1) << 19;
		case GS_INT2:
		case GS_INT4:
			return INT64_C(1) << 21;
		case GS_FLOAT4:
		case GS_INT8:
			return INT64_C(1) << 22;
	}
	return INT64_C(1) << 22;
}

/* Fall back from the GPU engine: say why at DEBUG1, count it, remember it. */
static void
NoteFallback(const char *reason)
{
	gpuscan_calls.gpu_fallbacks++;
	snprintf(gpuscan_last.fallback, sizeof(gpuscan_last.fallback), "%s", reason);
	elog(DEBUG1, "gpuscan: using the CPU engine: %s", reason);
}

/* Run one scan on the engine the settings choose. */
void
gpuscan_run(GsScanSpec *spec, Oid restype, int ndim, const int *dims,
			const int *lbs, Datum input)
{
	instr_time	start,
				elapsed;
	GsScanResult res;
	bool		use_gpu;
	bool		done = false;

	spec->interrupt = GsCheckInterrupts;
	INSTR_TIME_SET_CURRENT(start);
	memset(&gpuscan_last, 0, sizeof(gpuscan_last));
	gpuscan_last.elements = spec->nitems;

	use_gpu = gpuscan_device == GPUSCAN_DEVICE_GPU ||
		(gpuscan_device == GPUSCAN_DEVICE_AUTO && spec->nitems >= GpuMinElements(spec->type));

	if (use_gpu)
	{
		char		msg[256] = "";
		bool		not_preloaded = false;

		if (gpuscan_inject_fault == GS_FAULT_UNSUPPORTED_GPU)
			gpuscan_gpu_too_old(msg, sizeof(msg), "the GPU reads as", 1, 0, true);
		else if (gpuscan_service_usable(msg, sizeof(msg), &not_preloaded))
			msg[0] = '\0';
		if (msg[0] != '\0')
		{
			if (gpuscan_device == GPUSCAN_DEVICE_GPU)
				ereport(ERROR,
						(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
						 errmsg("gpuscan.device is \"gpu\" but no GPU is usable"),
						 errdetail("%s.", msg),
						 not_preloaded
						 ? errhint("Add gpuscan to shared_preload_libraries and restart the server to start its GPU service, or set gpuscan.device to \"auto\" or \"cpu\".")
						 : errhint("Set gpuscan.device to \"auto\" or \"cpu\" to scan on the CPU.")));
			NoteFallback(psprintf("no usable GPU: %s", msg));
			use_gpu = false;
		}
	}
	if (use_gpu)
	{
		GsGpuTimes	times;
		GsKernel	kernel = gpuscan_kernel == GPUSCAN_KERNEL_AUTO ? GS_KERNEL_SINGLE_PASS
			: (GsKernel) gpuscan_kernel;

		gpuscan_service_scan(spec, kernel, gpuscan_inject_fault, &res, &times);
		if (res.status == GS_ERR_VALUES_OVERWRITTEN)
		{
			/* a sampled plan missed a value, results already over the values: a fresh copy */
			spec->values = ARR_DATA_PTR(DatumGetArrayTypePCopy(input));
			gpuscan_service_scan(spec, kernel, gpuscan_inject_fault, &res, &times);
			times.replanned = true;
		}
		if (res.status == GS_ERR_GPU_UNSUPPORTED || res.status == GS_ERR_GPU_OUT_OF_MEMORY ||
			(res.status == GS_ERR_NO_DEVICE && gpuscan_device == GPUSCAN_DEVICE_AUTO))
		{
			NoteFallback(res.message);
			if (spec->values == spec->result && times.chunks > 0)
			{
				/* results already written over the input: the CPU needs it again */
				ArrayType  *fresh = DatumGetArrayTypePCopy(input);

				spec->values = ARR_DATA_PTR(fresh);
			}
		}
		else
		{
			done = true;
			gpuscan_calls.gpu++;
			gpuscan_last.gpu = true;
			gpuscan_last.kernel = gs_kernel_name(kernel);
			gpuscan_last.acc_bits = res.acc_bits;
			gpuscan_last.device = times.device;
			gpuscan_last.queue_ms = times.queue_ms;
			gpuscan_last.host_ms = times.stage_ms + times.plan_ms;
			gpuscan_last.h2d_ms = times.h2d_ms;
			gpuscan_last.kernel_ms = times.kernel_ms;
			gpuscan_last.d2h_ms = times.d2h_ms;
		}
	}

	if (!done)
	{
		gs_cpu_scan(spec, &res);
		gpuscan_calls.cpu++;
		gpuscan_last.kernel = gs_simd_enabled() ? "avx512" : "portable";
		gpuscan_last.acc_bits = res.acc_bits;
	}

	INSTR_TIME_SET_CURRENT(elapsed);
	INSTR_TIME_SUBTRACT(elapsed, start);
	gpuscan_last.total_ms = INSTR_TIME_GET_MILLISEC(elapsed);
	gpuscan_last.valid = true;

	if (res.status != GS_OK)
		ReportScanError(&res, restype, ndim, dims, lbs);
}
