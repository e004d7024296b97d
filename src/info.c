/*
 * src/info.c — what gpuscan tells about itself, each a set-returning
 * function: gpuscan_devices() and gpuscan_service() (the GPU service's
 * view, src/service_shmem.c), gpuscan_last_run() and gpuscan_counters() (this
 * backend's scans, recorded by src/dispatch.c).
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/timestamp.h"
#include "utils/tuplestore.h"

#include "gpuscan.h"

/* Start a set-returning function's result: rows into a tuplestore. */
static ReturnSetInfo *
StartRows(FunctionCallInfo fcinfo)
{
	InitMaterializedSRF(fcinfo, 0);
	return (ReturnSetInfo *) fcinfo->resultinfo;
}

/* One row of the result. */
static void
PutRow(ReturnSetInfo *rsinfo, Datum *values, bool *isnull)
{
	tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
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
	ReturnSetInfo *rsinfo = StartRows(fcinfo);
	GsServiceSnapshot snap;

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
		PutRow(rsinfo, values, isnull);
	}
	return (Datum) 0;
}

/*
 * gpuscan_service(): the GPU service, one row per usable GPU (one row with
 * a NULL device where it has none): its process, start, state (a GPU's
 * own, "out of service" with why, once the service took it out), and per GPU
 * the chunks run, the launches that ran several small requests at once,
 * bytes moved, busy time, errors and device memory of its buffers;
 * requests waiting and free ring segments; since 1.3 the large scans
 * running now on either engine.  No rows when gpuscan is not in
 * shared_preload_libraries.
 */
PG_FUNCTION_INFO_V1(gpuscan_service);
Datum
gpuscan_service(PG_FUNCTION_ARGS)
{
	static const char *states[] = {"starting", "ready", "no GPU", "stopped"};
	ReturnSetInfo *rsinfo = StartRows(fcinfo);
	GsServiceSnapshot snap;

	if (!gpuscan_service_snapshot(&snap))
		return (Datum) 0;
	for (int i = -1; i < snap.ndevices; i++)
	{
		Datum		values[16];
		bool		isnull[16] = {0};
		GsDeviceStats *ds = i >= 0 ? &snap.stats[i] : NULL;

		if (i >= 0 && !snap.info[i].supported)
			continue;
		if (i < 0 && snap.state == GS_SERVICE_READY)
			continue;			/* rows per GPU only */
		values[0] = Int32GetDatum(snap.pid);
		isnull[0] = snap.pid == 0;
		values[1] = TimestampTzGetDatum(snap.started);
		isnull[1] = snap.started == 0;
		if (ds && ds->out_of_service)
		{
			/* this GPU failed: the others serve on */
			values[2] = CStringGetTextDatum("out of service");
			values[3] = CStringGetTextDatum(ds->why);
		}
		else
		{
			values[2] = CStringGetTextDatum(states[snap.state]);
			values[3] = CStringGetTextDatum(snap.message);
			isnull[3] = snap.message[0] == '\0';
		}
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
		values[15] = Int32GetDatum(snap.active_scans);	/* since 1.3 */
		if (rsinfo->setDesc->natts != 15 && rsinfo->setDesc->natts != 16)
			elog(ERROR, "gpuscan_service() declared with %d columns", rsinfo->setDesc->natts);
		PutRow(rsinfo, values, isnull);
	}
	return (Datum) 0;
}

/*
 * gpuscan_last_run(): this backend's last scan call, one row (none before
 * the first).  The engine, the kernel (the CPU engine's: avx512, avx2 or
 * portable), the array's elements, the accumulator width, the GPU's
 * transfer and kernel times, the whole call's time, why a call meant for
 * the GPU ran on the CPU, and (since 1.2) the GPU that ran it and how long
 * its chunks waited in the GPU service's queue, and the backend's plan and
 * copies through the service's ring; since 1.3 how its argument was read,
 * where the call's time went on the backend's own thread, the process's
 * CPU time (every thread; arguments of 256 kB and more) and why the engine
 * was chosen.  Versions 1.0 to 1.2 declare fewer columns: a row holds the
 * first natts of these.
 */
PG_FUNCTION_INFO_V1(gpuscan_last_run);
Datum
gpuscan_last_run(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = StartRows(fcinfo);
	Datum		values[21];
	bool		isnull[21] = {0};
	int			natts = rsinfo->setDesc->natts;
	bool		cpu = !gpuscan_last.gpu;

	if (!gpuscan_last.valid)
		return (Datum) 0;
	values[0] = CStringGetTextDatum(gpuscan_last.gpu ? "gpu" : "cpu");
	values[1] = CStringGetTextDatum(gpuscan_last.kernel);
	values[2] = Int64GetDatum(gpuscan_last.elements);
	values[3] = Int32GetDatum(gpuscan_last.acc_bits);
	values[4] = Float8GetDatum(gpuscan_last.h2d_ms);
	values[5] = Float8GetDatum(gpuscan_last.kernel_ms);
	values[6] = Float8GetDatum(gpuscan_last.d2h_ms);
	isnull[4] = isnull[5] = isnull[6] = !gpuscan_last.gpu;
	values[7] = Float8GetDatum(gpuscan_last.total_ms);
	values[8] = CStringGetTextDatum(gpuscan_last.fallback);
	isnull[8] = gpuscan_last.fallback[0] == '\0';
	/* since 1.2; versions 1.0 and 1.1 declare the first nine columns */
	values[9] = Int32GetDatum(gpuscan_last.device);
	values[10] = Float8GetDatum(gpuscan_last.queue_ms);
	values[11] = Float8GetDatum(gpuscan_last.host_ms);
	isnull[9] = isnull[10] = isnull[11] = !gpuscan_last.gpu;
	/* since 1.3; the engine's own steps are NULL where that engine did not run */
	values[12] = CStringGetTextDatum(gpuscan_last.input ? gpuscan_last.input : "in memory");
	values[13] = Float8GetDatum(gpuscan_last.read_ms);
	values[14] = Float8GetDatum(gpuscan_last.plan_ms);
	values[15] = Float8GetDatum(gpuscan_last.copy_ms);
	values[16] = Float8GetDatum(gpuscan_last.wait_ms);
	values[17] = Float8GetDatum(gpuscan_last.scan_ms);
	values[18] = Float8GetDatum(gpuscan_last.result_ms);
	values[19] = Float8GetDatum(gpuscan_last.cpu_ms);
	values[20] = CStringGetTextDatum(gpuscan_last_reason());
	isnull[14] = isnull[15] = isnull[16] = isnull[18] = cpu;
	isnull[17] = !cpu;
	isnull[19] = gpuscan_last.cpu_ms < 0;
	/* a call of a small argument is not timed: its times are NULL (the GPU's own ones are kept) */
	if (!gpuscan_last.timed)
		isnull[7] = isnull[13] = isnull[17] = true;
	if (natts != 9 && natts != 12 && natts != 21)
		elog(ERROR, "gpuscan_last_run() declared with %d columns", natts);
	PutRow(rsinfo, values, isnull);
	return (Datum) 0;
}

/* gpuscan_counters(): this backend's scans per engine and GPU fallbacks. */
PG_FUNCTION_INFO_V1(gpuscan_counters);
Datum
gpuscan_counters(PG_FUNCTION_ARGS)
{
	ReturnSetInfo *rsinfo = StartRows(fcinfo);
	Datum		values[3] = {
		Int64GetDatum(gpuscan_calls.gpu),
		Int64GetDatum(gpuscan_calls.cpu),
		Int64GetDatum(gpuscan_calls.gpu_fallbacks)
	};
	bool		isnull[3] = {0};

	PutRow(rsinfo, values, isnull);
	return (Datum) 0;
}
