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
 *                          is usable and the GPU service has room now: a
 *                          free ring segment, and no queue that would take
 *                          longer than the CPU engine; else the CPU engine.
 *                          gpuscan_last_run().engine_reason says which.
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

#include <sys/resource.h>
#include <unistd.h>

#include "access/detoast.h"
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
ReportScanError(const GsScanResult *res, GsScanOp op, Oid restype, int ndim,
				const int *dims, const int *lbs)
{
	char	   *where = res->error_position >= 0
		? PositionSubscripts(res->error_position, ndim, dims, lbs) : NULL;
	const char *what = op == GS_OP_MOVSUM ? "window sum"
		: op == GS_OP_MOVVAR || op == GS_OP_CUMVAR ? "variance"
		: op == GS_OP_MOVSTD || op == GS_OP_CUMSTD ? "standard deviation" : "running total";

	switch (res->status)
	{
		case GS_ERR_INT8_RANGE:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("bigint out of range"),
					 where ? errdetail("The %s at subscript %s is outside the range of bigint.",
									   what, where) : 0));
			break;
		case GS_ERR_FLOAT_OVERFLOW:
			ereport(ERROR,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value out of range: overflow"),
					 where ? errdetail("The %s at subscript %s is outside the range of type %s.",
									   what, where, format_type_be(restype)) : 0));
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
 * or with -1 a crossover per element type, chosen by measurement of whole
 * statements reading arrays from a table (see test/bench/NOTES.md,
 * "Constants chosen by measurement"); where the engines tie, the CPU
 * engine, which moves fewer bytes through host memory.  int2 is taken as
 * int4; int8 as float4 (not measured).  Moving means from 2^15 elements,
 * but of float4 from 2^18; running means from 2^17 (measured again after
 * the CPU engine's fast quotient, test/bench/NOTES.md).
 */
static int64
GpuMinElements(GsElemType type, GsScanOp op)
{
	if (gpuscan_gpu_min_elements >= 0)
		return gpuscan_gpu_min_elements;
	if (op == GS_OP_MOVAVG && type == GS_FLOAT4)
		return INT64_C(1) << 18;
	if (op == GS_OP_CUMAVG)
		return INT64_C(1) << 17;
	if (op == GS_OP_MOVAVG)
		return INT64_C(1) << 15;
	switch (type)
	{
		case GS_FLOAT8:
			return INT64_C(1) << 20;
		case GS_FLOAT4:
		case GS_INT8:
			return INT64_C(1) << 23;
		case GS_INT2:
		case GS_INT4:
			return INT64_C(1) << 24;
	}
	return INT64_C(1) << 23;
}

/*
 * What the CPU engine takes for n elements of a type, in ms, reading
 * aside: nanoseconds per element, measured on an H200 machine's host with
 * arrays read from a table (test/bench/NOTES.md, "Constants chosen by
 * measurement"); only compared with a wait for the GPU.
 */
static double
CpuEstimateMs(GsElemType type, int64 n)
{
	static const double ns[] = {
		[GS_INT2] = 1.8,[GS_INT4] = 1.8,[GS_INT8] = 1.8,[GS_FLOAT4] = 1.3,[GS_FLOAT8] = 2.7
	};

	return n * ns[type] * 1e-6;
}

/* The name of an engine element type, as SQL spells it. */
static const char *
TypeName(GsElemType type)
{
	static const char *names[] = {
		[GS_INT2] = "smallint",[GS_INT4] = "integer",[GS_INT8] = "bigint",
		[GS_FLOAT4] = "real",[GS_FLOAT8] = "double precision"
	};

	return names[type];
}

/* The function a variance scan serves, for its messages. */
static const char *
MomentsName(GsScanOp op)
{
	return op == GS_OP_MOVVAR ? "gpu_movvar" : op == GS_OP_MOVSTD ? "gpu_movstd"
		: op == GS_OP_CUMVAR ? "gpu_cumvar" : "gpu_cumstd";
}

/* Why this engine: into gpuscan_last_run().engine_reason. */
static void
pg_attribute_printf(1, 2)
Reason(const char *fmt,...)
{
	va_list		ap;

	gpuscan_last.reason_kind = GS_REASON_TEXT;
	va_start(ap, fmt);
	vsnprintf(gpuscan_last.reason, sizeof(gpuscan_last.reason), fmt, ap);
	va_end(ap);
}

/* The last run's engine_reason, in words: made now from its facts when it was kept as them. */
const char *
gpuscan_last_reason(void)
{
	GsLastRun  *l = &gpuscan_last;

	if (l->reason_kind == GS_REASON_CPU)
		snprintf(l->reason, sizeof(l->reason), "gpuscan.device is cpu");
	else if (l->reason_kind == GS_REASON_BELOW_MIN)
		snprintf(l->reason, sizeof(l->reason),
				 "%lld elements of %s, fewer than gpuscan.gpu_min_elements (%lld)%s",
				 (long long) l->elements, TypeName(l->type), (long long) l->reason_min,
				 l->preloaded ? "" : "; and no GPU service: gpuscan is not in shared_preload_libraries");
	l->reason_kind = GS_REASON_TEXT;
	return l->reason;
}

/* Fall back from the GPU engine: say why at DEBUG1, count it, remember it. */
static void
NoteFallback(const char *reason)
{
	gpuscan_calls.gpu_fallbacks++;
	snprintf(gpuscan_last.fallback, sizeof(gpuscan_last.fallback), "%s", reason);
	Reason("the GPU engine could not take it: %s", reason);
	elog(DEBUG1, "gpuscan: using the CPU engine: %s", reason);
}

/* The process's CPU time, every thread, in ms. */
static double
ProcessCpuMs(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
		(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-3;
}

/*
 * Arguments from this many bytes on get their CPU time taken: below, two
 * system calls would cost more than a scan is worth measuring.
 */
#define CPU_TIME_MIN_BYTES	(256 * 1024)

/*
 * Arguments below this many bytes are not timed: a scan of a few thousand
 * values costs little more than the clock reads that would time its steps.
 */
#define TIMED_MIN_BYTES		(32 * 1024)

/*
 * Start a call of a scan function (its argument not yet read): timed for
 * arguments of TIMED_MIN_BYTES and more and the window forms' blocks (arg
 * 0), its CPU time taken from CPU_TIME_MIN_BYTES on.
 */
void
gpuscan_call_start(GsCall *call, Datum arg)
{
	Size		bytes = arg != (Datum) 0 ? toast_raw_datum_size(arg) : 0;

	memset(call, 0, sizeof(*call));
	call->timed = arg == (Datum) 0 || bytes >= TIMED_MIN_BYTES;
	if (call->timed)
		INSTR_TIME_SET_CURRENT(call->start);
	call->cpu0_ms = bytes >= CPU_TIME_MIN_BYTES ? ProcessCpuMs() : -1;
}

/*
 * Scans of this many elements or more count as large: they are what keeps
 * the host busy (gpuscan_service_scanning).
 */
#define LARGE_SCAN_ELEMENTS	65536

/*
 * gpuscan.auto_max_host_scans = -1: the host is busy from more large scans
 * than this share of its cores (at least one scan): beyond it the GPU
 * path's extra traffic through host memory (into the ring, the GPU's
 * copies, out of the ring) costs more than the CPU engine's work
 * (test/bench/NOTES.md, "Constants chosen by measurement").
 */
#define HOST_SCANS_PER_CORE	0.125

/* The host's cores. */
static int
HostCores(void)
{
	static int	cores;

	if (cores == 0)
		cores = Max((int) sysconf(_SC_NPROCESSORS_ONLN), 1);
	return cores;
}

/* The most large scans running for which auto still uses the GPU. */
static int
MaxHostScans(void)
{
	if (gpuscan_auto_max_host_scans >= 0)
		return gpuscan_auto_max_host_scans;
	return Max((int) (HostCores() * HOST_SCANS_PER_CORE), 1);
}

/*
 * Should an auto scan that may use the GPU use it, given the host's and
 * the GPU service's load?  Not when the host is busy: more large scans
 * running (this one included) than MaxHostScans; under such load the
 * host's memory is the bottleneck, and a GPU scan moves its array through
 * it more often than the CPU engine does.  The scan goes through the GPU a
 * chunk at a time, and each chunk waits behind the requests queued there.
 * Not when that wait (the queued requests times their mean GPU time so
 * far, over the GPUs) is longer than the CPU engine would take for a
 * chunk's worth of the array: the GPUs are the bottleneck then, and the
 * CPU engine serves the scan sooner.
 * (A scan that finds no free ring segment does not wait for one either:
 * gpuscan_service_scan.)
 */
static bool
GpuWorthWaiting(const GsScanSpec *spec)
{
	GsServiceLoad load;
	double		wait_ms,
				cpu_ms;
	int64		per_chunk;

	gpuscan_service_load(&load);
	if (load.scans > MaxHostScans())
	{
		Reason("the host is busy: %d large scan%s running, more than gpuscan.auto_max_host_scans (%d), and the GPU path moves each array through host memory more often than the CPU engine",
			   load.scans, load.scans == 1 ? "" : "s", MaxHostScans());
		return false;
	}
	per_chunk = load.chunk_bytes / Max(gs_type_size(spec->type), gs_output_size(spec->type, spec->op));
	cpu_ms = CpuEstimateMs(spec->type, Min(spec->nitems, Max(per_chunk, 1)));
	wait_ms = load.gpus > 0 ? load.queued * load.chunk_ms / load.gpus : 0;
	if (wait_ms > cpu_ms)
	{
		Reason("the GPU service had %d requests queued, about %.2f ms of GPU work in front of each chunk, longer than the CPU engine's estimate of %.2f ms for a chunk's worth",
			   load.queued, wait_ms, cpu_ms);
		return false;
	}
	Reason("%lld elements of %s, at least gpuscan.gpu_min_elements; the GPU service had %d of %d ring segments free, %d requests queued, %d of %d GPUs busy",
		   (long long) spec->nitems, TypeName(spec->type), load.free_segments, load.segments,
		   load.queued, load.running, load.gpus);
	return true;
}

static void RunScan(GsScanSpec *spec, GsCall *call);

/* A fresh record of a call in gpuscan_last: what every path sets, and no more (no memset of its texts). */
static void
LastRunStart(int64 elements, GsElemType type, const GsCall *call)
{
	memset(&gpuscan_last, 0, offsetof(GsLastRun, fallback));
	gpuscan_last.fallback[0] = '\0';
	memset(&gpuscan_last.input, 0, offsetof(GsLastRun, reason) - offsetof(GsLastRun, input));
	gpuscan_last.reason[0] = '\0';
	gpuscan_last.elements = elements;
	gpuscan_last.type = type;
	gpuscan_last.input = call->input_kind;
	gpuscan_last.cpu_ms = -1;
	gpuscan_last.timed = call->timed;
}

/*
 * A scan that no engine runs: numeric values too wide for the engines'
 * fixed point, computed by PostgreSQL's numeric arithmetic in the backend
 * (src/numeric_scan.c).  Recorded as a CPU scan with kernel "numeric" and
 * why; under gpuscan.device = gpu as a fallback from the GPU, as an array
 * the GPU engine cannot take.  Its steps are not timed.
 */
void
gpuscan_note_backend_scan(GsCall *call, int64 elements, const char *why)
{
	call->timed = false;
	LastRunStart(elements, GS_INT8, call);
	gpuscan_last.kernel = "numeric";
	if (gpuscan_device == GPUSCAN_DEVICE_GPU)
		NoteFallback(why);
	else
	{
		Reason("%s", why);
		elog(DEBUG1, "gpuscan: %s", why);
	}
	gpuscan_calls.cpu++;
	gpuscan_last.valid = true;
}

/*
 * Run one scan on the engine the settings choose; a large one counted among
 * the scans running now while it runs.
 */
void
gpuscan_run(GsScanSpec *spec, GsCall *call)
{
	if (spec->nitems < LARGE_SCAN_ELEMENTS)
	{
		RunScan(spec, call);
		return;
	}
	gpuscan_service_scanning(true);
	PG_TRY();
	{
		RunScan(spec, call);
	}
	PG_FINALLY();
	{
		gpuscan_service_scanning(false);
	}
	PG_END_TRY();
}

/* Run one scan on the engine the settings choose. */
static void
RunScan(GsScanSpec *spec, GsCall *call)
{
	instr_time	elapsed;
	GsScanResult res;
	bool		use_gpu = false;
	bool		done = false;
	double		source_read_ms;

	spec->interrupt = GsCheckInterrupts;
	LastRunStart(spec->nitems, spec->type, call);

	if (gpuscan_device == GPUSCAN_DEVICE_CPU)
		gpuscan_last.reason_kind = GS_REASON_CPU;
	else if (GS_OP_IS_MOMENTS(spec->op))
	{
		if (gpuscan_device == GPUSCAN_DEVICE_GPU)
			ereport(ERROR,
					(errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
					 errmsg("%s has no GPU kernel", MomentsName(spec->op)),
					 errdetail("The variances and standard deviations run on the CPU engine only."),
					 errhint("Set gpuscan.device to \"auto\" or \"cpu\".")));
		Reason("%s has no GPU kernel: the CPU engine runs it", MomentsName(spec->op));
	}
	else if (gpuscan_device == GPUSCAN_DEVICE_GPU)
	{
		use_gpu = true;
		Reason("gpuscan.device is gpu");
	}
	else if (spec->nitems < GpuMinElements(spec->type, spec->op))
	{
		gpuscan_last.reason_kind = GS_REASON_BELOW_MIN;
		gpuscan_last.reason_min = GpuMinElements(spec->type, spec->op);
		gpuscan_last.preloaded = gpuscan_service_preloaded();
	}
	else
		use_gpu = true;

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
		else if (gpuscan_device == GPUSCAN_DEVICE_AUTO)
			use_gpu = GpuWorthWaiting(spec);
	}
	if (use_gpu)
	{
		GsGpuTimes	times;
		GsKernel	kernel = gpuscan_kernel == GPUSCAN_KERNEL_AUTO ? GS_KERNEL_SINGLE_PASS
			: (GsKernel) gpuscan_kernel;
		bool		wait = gpuscan_device == GPUSCAN_DEVICE_GPU;

		gpuscan_service_scan(spec, kernel, gpuscan_inject_fault, wait, &res, &times);
		if (res.status == GS_ERR_VALUES_OVERWRITTEN)
		{
			/* a sampled plan missed a value, results already over the values: a fresh copy */
			spec->values = ARR_DATA_PTR(DatumGetArrayTypePCopy(call->input));
			gpuscan_service_scan(spec, kernel, gpuscan_inject_fault, wait, &res, &times);
			times.replanned = true;
		}
		if (res.status == GS_ERR_BUSY)
			Reason("%s: the CPU engine does not wait for one", res.message);
		else if (res.status == GS_ERR_GPU_UNSUPPORTED || res.status == GS_ERR_GPU_OUT_OF_MEMORY ||
				 (res.status == GS_ERR_NO_DEVICE && gpuscan_device == GPUSCAN_DEVICE_AUTO))
		{
			NoteFallback(res.message);
			if (spec->source == NULL && spec->values == spec->result && times.chunks > 0)
			{
				/* results already written over the input: the CPU needs it again */
				ArrayType  *fresh = DatumGetArrayTypePCopy(call->input);

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
			gpuscan_last.h2d_ms = times.h2d_ms;
			gpuscan_last.kernel_ms = times.kernel_ms;
			gpuscan_last.d2h_ms = times.d2h_ms;
			gpuscan_last.read_ms = times.read_ms;
			gpuscan_last.plan_ms = times.plan_ms;
			gpuscan_last.copy_ms = times.stage_ms;
			gpuscan_last.wait_ms = times.wait_ms;
			gpuscan_last.result_ms = times.result_ms;
			gpuscan_last.host_ms = times.read_ms + times.stage_ms + times.result_ms + times.plan_ms;
		}
	}

	if (!done)
	{
		instr_time	t0,
					t1;

		source_read_ms = spec->source ? spec->source->read_ms : 0;
		if (call->timed)
			INSTR_TIME_SET_CURRENT(t0);
		gs_cpu_scan(spec, &res);
		gpuscan_calls.cpu++;
		gpuscan_last.kernel = gs_simd_enabled() ? "avx512" : gs_avx2_enabled() ? "avx2" : "portable";
		gpuscan_last.acc_bits = res.acc_bits;
		if (call->timed)
		{
			INSTR_TIME_SET_CURRENT(t1);
			INSTR_TIME_SUBTRACT(t1, t0);
			gpuscan_last.read_ms = spec->source ? spec->source->read_ms - source_read_ms : 0;
			gpuscan_last.scan_ms = INSTR_TIME_GET_MILLISEC(t1) - gpuscan_last.read_ms;
		}
	}
	gpuscan_last.read_ms += call->read_ms;

	if (call->timed)
	{
		INSTR_TIME_SET_CURRENT(elapsed);
		INSTR_TIME_SUBTRACT(elapsed, call->start);
		gpuscan_last.total_ms = INSTR_TIME_GET_MILLISEC(elapsed);
	}
	if (call->cpu0_ms >= 0)
		gpuscan_last.cpu_ms = ProcessCpuMs() - call->cpu0_ms;
	gpuscan_last.valid = true;

	if (call->result)
	{
		*call->result = res;
		if (res.status == GS_ERR_INT8_RANGE || res.status == GS_ERR_FLOAT_OVERFLOW)
			return;
	}
	if (res.status != GS_OK)
		ReportScanError(&res, spec->op, call->restype, call->ndim, call->dims, call->lbs);
}
