/*
 * src/dispatch.c — which engine runs a scan, what happens when it cannot, and
 * what the user sees of it: gpuscan_last_run() and gpuscan_counters().
 *
 *   gpuscan.device = cpu:  the CPU engine.
 *   gpuscan.device = gpu:  the GPU engine; without a usable GPU, ERROR 55000.
 *   gpuscan.device = auto: the GPU engine for arrays of at least
 *                          gpuscan.gpu_min_elements elements (by default a
 *                          measured crossover per element type) when a GPU
 *                          is usable, else the CPU engine.
 *
 * GPU scans go to the GPU service (src/service.c), which runs only when
 * gpuscan is in shared_preload_libraries.  Either way an array the GPU
 * engine cannot take (an exponent range wider than its 128-bit accumulator)
 * or GPU memory running out sends the call to the CPU engine, with a DEBUG1
 * message, a count in gpuscan_counters() and the reason in
 * gpuscan_last_run().  Other CUDA failures are ERRORs carrying CUDA's
 * message; the service then starts that GPU afresh for the next request.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "portability/instr_time.h"
#include "utils/array.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "gpuscan.h"

/* This backend's last scan call, for gpuscan_last_run(). */
typedef struct LastRun
{
	bool		valid;
	bool		gpu;
	const char *kernel;
	int64		elements;
	int			acc_bits;
	int			device;
	double		queue_ms;
	double		host_ms;
	double		h2d_ms,
				kernel_ms,
				d2h_ms,
				total_ms;
	char		fallback[300];
} LastRun;

static LastRun last_run;

/* This backend's counters, for gpuscan_counters(). */
static int64 n_gpu_calls,
			n_cpu_calls,
			n_gpu_fallbacks;

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
 * or with -1 the crossover measured for the element type (H200 machine,
 * engine time from SQL, test/bench/results/sql-pipeline-2026-11-22-h200.txt):
 * float8 between 2^18 and 2^19 elements, int4 between 2^20 and 2^21, float4
 * between 2^21 and 2^22.  int2 is taken as int4; int8, not measured, as
 * float4 (8-byte transfers like float8, a CPU loop as fast as int4's).
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
	n_gpu_fallbacks++;
	snprintf(last_run.fallback, sizeof(last_run.fallback), "%s", reason);
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
	memset(&last_run, 0, sizeof(last_run));
	last_run.elements = spec->nitems;

	use_gpu = gpuscan_device == GPUSCAN_DEVICE_GPU ||
		(gpuscan_device == GPUSCAN_DEVICE_AUTO && spec->nitems >= GpuMinElements(spec->type));

	if (use_gpu)
	{
		char		msg[256] = "";
		bool		not_preloaded = false;

		if (gpuscan_inject_fault == GS_FAULT_UNSUPPORTED_GPU)
			snprintf(msg, sizeof(msg), "the GPU reads as compute capability 1.0 (injected fault); the GPU engine needs %d.%d or newer",
					 GS_MIN_COMPUTE_CAPABILITY / 10, GS_MIN_COMPUTE_CAPABILITY % 10);
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
			n_gpu_calls++;
			last_run.gpu = true;
			last_run.kernel = gs_kernel_name(kernel);
			last_run.acc_bits = res.acc_bits;
			last_run.device = times.device;
			last_run.queue_ms = times.queue_ms;
			last_run.host_ms = times.stage_ms + times.plan_ms;
			last_run.h2d_ms = times.h2d_ms;
			last_run.kernel_ms = times.kernel_ms;
			last_run.d2h_ms = times.d2h_ms;
		}
	}

	if (!done)
	{
		gs_cpu_scan(spec, &res);
		n_cpu_calls++;
		last_run.kernel = gs_simd_enabled() ? "avx512" : "portable";
		last_run.acc_bits = res.acc_bits;
	}

	INSTR_TIME_SET_CURRENT(elapsed);
	INSTR_TIME_SUBTRACT(elapsed, start);
	last_run.total_ms = INSTR_TIME_GET_MILLISEC(elapsed);
	last_run.valid = true;

	if (res.status != GS_OK)
		ReportScanError(&res, restype, ndim, dims, lbs);
}

/*
 * gpuscan_last_run(): this backend's last scan call, one row (none before
 * the first).  The engine, the kernel (the CPU engine's: avx512 or
 * portable), the array's elements, the accumulator width, the GPU's
 * transfer and kernel times, the whole call's time, why a call meant for
 * the GPU ran on the CPU, and (since 1.2) the GPU that ran it and how long
 * its chunks waited in the GPU service's queue, and the backend's plan and
 * copies through the service's ring.
 */
PG_FUNCTION_INFO_V1(gpuscan_last_run);
Datum
gpuscan_last_run(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Datum		values[12];
	bool		isnull[12] = {0};

	InitMaterializedSRF(fcinfo, 0);
	if (!last_run.valid)
		return (Datum) 0;
	values[0] = CStringGetTextDatum(last_run.gpu ? "gpu" : "cpu");
	values[1] = CStringGetTextDatum(last_run.kernel);
	values[2] = Int64GetDatum(last_run.elements);
	values[3] = Int32GetDatum(last_run.acc_bits);
	values[4] = Float8GetDatum(last_run.h2d_ms);
	values[5] = Float8GetDatum(last_run.kernel_ms);
	values[6] = Float8GetDatum(last_run.d2h_ms);
	isnull[4] = isnull[5] = isnull[6] = !last_run.gpu;
	values[7] = Float8GetDatum(last_run.total_ms);
	values[8] = CStringGetTextDatum(last_run.fallback);
	isnull[8] = last_run.fallback[0] == '\0';
	/* since 1.2; versions 1.0 and 1.1 declare the first nine columns */
	values[9] = Int32GetDatum(last_run.device);
	values[10] = Float8GetDatum(last_run.queue_ms);
	values[11] = Float8GetDatum(last_run.host_ms);
	isnull[9] = isnull[10] = isnull[11] = !last_run.gpu;
	if (rsinfo->setDesc->natts != 9 && rsinfo->setDesc->natts != 12)
		elog(ERROR, "gpuscan_last_run() declared with %d columns", rsinfo->setDesc->natts);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
	return (Datum) 0;
}

/* gpuscan_counters(): this backend's scans per engine and GPU fallbacks. */
PG_FUNCTION_INFO_V1(gpuscan_counters);
Datum
gpuscan_counters(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
	Datum		values[3];
	bool		isnull[3] = {0};

	InitMaterializedSRF(fcinfo, 0);
	values[0] = Int64GetDatum(n_gpu_calls);
	values[1] = Int64GetDatum(n_cpu_calls);
	values[2] = Int64GetDatum(n_gpu_fallbacks);
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
	return (Datum) 0;
}
