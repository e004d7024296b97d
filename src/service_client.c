/*
 * src/service_client.c — the backends' side of the GPU service
 * (src/service.h): take a segment of the ring, stream the array through it
 * chunk by chunk (core/chunked.c), each chunk submitted through this
 * backend's slot and waited for on its latch, and leave.  A backend that
 * leaves a request (a cancel, an error, its exit) drops it while it is
 * queued, or leaves it to the service, which finishes it and frees its
 * segment.  Backends waiting on a service that stops get an error
 * (gpuscan.device = gpu) or scan on the CPU (auto) within a second;
 * PostgreSQL starts the service again.
 */
#include "postgres.h"

#include <signal.h>
#include <unistd.h>

#include "miscadmin.h"
#include "pgstat.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "storage/proc.h"
#include "utils/timestamp.h"

#include "../core/host_copy.h"
#include "service.h"

#if PG_VERSION_NUM >= 170000
#define MY_PROC_NUMBER	((int) MyProcNumber)
#else
#define MY_PROC_NUMBER	(MyProc->pgprocno)
#endif

#define WAIT_TICK_MS	100		/* a waiting backend checks the service this often */
#define SERVICE_START_WAIT_MS 30000	/* a backend waits this long for a starting service */

static pid_t service_pid;		/* the service this backend's request went to */
static bool exit_callback_set;

/* Take up to want of the server's free copy threads (gpuscan.copy_threads). */
static int
AcquireCopyThreads(int want)
{
	uint32		free = pg_atomic_read_u32(&gs_svc->copy_threads_free);

	for (;;)
	{
		uint32		take = Min(free, (uint32) want);

		if (take == 0)
			return 0;
		if (pg_atomic_compare_exchange_u32(&gs_svc->copy_threads_free, &free, free - take))
			return (int) take;
	}
}

/* Give copy threads back. */
static void
ReleaseCopyThreads(int n)
{
	if (n > 0)
		pg_atomic_fetch_add_u32(&gs_svc->copy_threads_free, (uint32) n);
}

/* The server-wide bound on the copy threads of every backend's GPU scans. */
static const GsThreadBudget copy_budget = {AcquireCopyThreads, ReleaseCopyThreads};

/* This backend's slot. */
static GsSlot *
MySlot(void)
{
	int			i = MY_PROC_NUMBER;

	return i >= 0 && i < gs_svc->nslots ? &gs_svc->slots[i] : NULL;
}

/*
 * Leave whatever this backend has in the service: a queued request is
 * dropped, a running one is left to the service to finish, after which the
 * service frees the slot and the segment; otherwise the segment goes back
 * now.  Safe to call at any time, twice too.
 */
static void
LeaveService(void)
{
	GsSlot	   *s;
	bool		freed = false;

	if (gs_svc == NULL || (s = MySlot()) == NULL)
		return;
	SpinLockAcquire(&gs_svc->mutex);
	if (s->state == SLOT_RUNNING)
		s->abandoned = true;
	else if (!s->abandoned)
	{
		if (s->state == SLOT_SUBMITTED)
			gs_svc->queued--;
		freed = s->segment >= 0;
		gs_service_free_slot(s);
	}
	SpinLockRelease(&gs_svc->mutex);
	if (freed)
		ConditionVariableSignal(&gs_svc->segment_cv);
}

/* At backend exit: leave the service. */
static void
LeaveAtExit(int code, Datum arg)
{
	LeaveService();
}

/* Is the GPU service's shared memory there (gpuscan preloaded)? */
bool
gpuscan_service_preloaded(void)
{
	return gs_svc != NULL;
}

/*
 * Is the service there to take scans?  If not, msg says why.  A service
 * that is starting (creating its CUDA contexts, a second or so after the
 * server starts) is waited for, up to SERVICE_START_WAIT_MS.
 */
bool
gpuscan_service_usable(char *msg, size_t msglen, bool *not_preloaded)
{
	GsServiceState state;
	pid_t		pid;
	int			waited = 0;

	*not_preloaded = gs_svc == NULL;
	if (gs_svc == NULL)
	{
		snprintf(msg, msglen, "gpuscan is not in shared_preload_libraries, so its GPU service does not run");
		return false;
	}
	for (;;)
	{
		SpinLockAcquire(&gs_svc->mutex);
		state = gs_svc->state;
		pid = gs_svc->pid;
		if (state == GS_SERVICE_NO_GPU)
			snprintf(msg, msglen, "%s", gs_svc->message);
		SpinLockRelease(&gs_svc->mutex);
		if (state != GS_SERVICE_STARTING || waited >= SERVICE_START_WAIT_MS)
			break;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH, 10, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		waited += 10;
	}
	if (state == GS_SERVICE_READY && pid != 0 && MySlot() != NULL)
		return true;
	if (state == GS_SERVICE_READY && pid != 0)
		snprintf(msg, msglen, "this process has no request slot in the GPU service");
	else if (state == GS_SERVICE_STARTING)
		snprintf(msg, msglen, "the GPU service has not started within %d s", SERVICE_START_WAIT_MS / 1000);
	else if (state != GS_SERVICE_NO_GPU)
		snprintf(msg, msglen, "the GPU service is not running (PostgreSQL starts it again)");
	return false;
}

/* The runner of gs_chunked_scan in a backend: hand a chunk to the service. */
static GsStatus
SubmitToService(void *ctx, GsChunk *c, char *msg, size_t msglen)
{
	GsSlot	   *s = MySlot();
	Latch	   *service_latch;

	SpinLockAcquire(&gs_svc->mutex);
	service_pid = gs_svc->pid;
	service_latch = gs_svc->latch;
	if (service_pid == 0 || gs_svc->state != GS_SERVICE_READY)
	{
		if (service_pid != 0 && gs_svc->state == GS_SERVICE_NO_GPU)
			snprintf(msg, msglen, "%s", gs_svc->message);	/* every GPU out of service */
		else
			snprintf(msg, msglen, "the GPU service is not running");
		SpinLockRelease(&gs_svc->mutex);
		return GS_ERR_NO_DEVICE;
	}
	s->chunk = *c;
	s->latch = MyLatch;
	s->seq = gs_svc->next_seq++;
	s->submitted = GetCurrentTimestamp();
	s->state = SLOT_SUBMITTED;
	gs_svc->queued++;
	SpinLockRelease(&gs_svc->mutex);
	SetLatch(service_latch);
	return GS_OK;
}

/* The runner of gs_chunked_scan in a backend: wait for the service's answer. */
static GsStatus
WaitForService(void *ctx, GsChunk *c, GsGpuTimes *times, char *msg, size_t msglen)
{
	GsSlot	   *s = MySlot();
	GsStatus	st;
	int			ticks = 0;

	for (;;)
	{
		int			state;
		pid_t		now_pid;

		ResetLatch(MyLatch);
		SpinLockAcquire(&gs_svc->mutex);
		state = s->state;
		now_pid = gs_svc->pid;
		SpinLockRelease(&gs_svc->mutex);
		if (state == SLOT_DONE)
			break;
		if (now_pid != service_pid ||
			(++ticks % (1000 / WAIT_TICK_MS) == 0 && kill(service_pid, 0) != 0))
		{
			/* the service went away without finishing it */
			LeaveService();
			snprintf(msg, msglen, "the GPU service stopped while running the scan");
			return GS_ERR_NO_DEVICE;
		}
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 WAIT_TICK_MS, PG_WAIT_EXTENSION);
		CHECK_FOR_INTERRUPTS();
	}

	/* done: take what came of it */
	SpinLockAcquire(&gs_svc->mutex);
	*c = s->chunk;
	times->queue_ms += s->queue_ms;
	times->device = s->device;
	st = s->status;
	if (st != GS_OK)
		strlcpy(msg, s->message, msglen);
	s->state = SLOT_FREE;
	SpinLockRelease(&gs_svc->mutex);
	return st;
}

/*
 * Take a free segment of the ring for this backend's slot, waiting for one
 * if need be; its number.
 */
static int
TakeSegment(bool wait)
{
	int			seg = -1;

	if (wait)
		ConditionVariablePrepareToSleep(&gs_svc->segment_cv);
	for (;;)
	{
		SpinLockAcquire(&gs_svc->mutex);
		if (gs_svc->nfree > 0)
		{
			seg = gs_svc->free_segments[--gs_svc->nfree];
			MySlot()->segment = seg;
			SpinLockRelease(&gs_svc->mutex);
			break;
		}
		SpinLockRelease(&gs_svc->mutex);
		if (!wait)
			return -1;
		ConditionVariableSleep(&gs_svc->segment_cv, PG_WAIT_EXTENSION);
	}
	if (wait)
		ConditionVariableCancelSleep();
	return seg;
}

/* Wait until the service is done with a request this backend left earlier. */
static void
WaitForOwnSlot(void)
{
	GsSlot	   *s = MySlot();

	for (;;)
	{
		bool		busy;

		SpinLockAcquire(&gs_svc->mutex);
		busy = s->state != SLOT_FREE || s->abandoned;
		SpinLockRelease(&gs_svc->mutex);
		if (!busy)
			return;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 10, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/*
 * Scan an array on a GPU through the service (gpuscan_service_usable
 * first), in a segment of the ring: waiting for one, or with wait false
 * GS_ERR_BUSY at once when none is free.
 */
GsStatus
gpuscan_service_scan(const GsScanSpec *spec, GsKernel kernel, int fault, bool wait,
					 GsScanResult *res, GsGpuTimes *times)
{
	GsChunkRunner runner;
	GsStatus	st;
	int			seg;

	if (!exit_callback_set)
	{
		before_shmem_exit(LeaveAtExit, (Datum) 0);
		exit_callback_set = true;
		gs_copy_set_budget(&copy_budget);
	}
	WaitForOwnSlot();
	seg = TakeSegment(wait);
	if (seg < 0)
	{
		memset(res, 0, sizeof(*res));
		memset(times, 0, sizeof(*times));
		res->error_position = -1;
		snprintf(res->message, sizeof(res->message),
				 "all %d ring segments of the GPU service are in use", gs_svc->nsegments);
		return res->status = GS_ERR_BUSY;
	}
	runner.ctx = NULL;
	runner.buf = gs_svc->ring + (Size) seg * gs_svc->segment_bytes;
	runner.buf_bytes = gs_svc->segment_bytes;
	runner.submit = SubmitToService;
	runner.wait = WaitForService;
	PG_TRY();
	{
		st = gs_chunked_scan(spec, kernel, fault, &runner, res, times);
	}
	PG_FINALLY();
	{
		LeaveService();
	}
	PG_END_TRY();
	return st;
}

/* The GPU service's load now, for gpuscan.device = auto (zeros without a service). */
void
gpuscan_service_load(GsServiceLoad *load)
{
	int64		requests = 0;
	double		busy_ms = 0;

	memset(load, 0, sizeof(*load));
	if (gs_svc == NULL)
		return;
	SpinLockAcquire(&gs_svc->mutex);
	for (int d = 0; d < gs_svc->ndevices; d++)
	{
		if (!gs_svc->info[d].supported || gs_svc->stats[d].out_of_service)
			continue;
		load->gpus++;
		requests += gs_svc->stats[d].requests;
		busy_ms += gs_svc->stats[d].busy_ms;
	}
	load->running = gs_svc->running;
	load->queued = gs_svc->queued;
	load->free_segments = gs_svc->nfree;
	load->segments = gs_svc->nsegments;
	load->chunk_bytes = gs_svc->segment_bytes / 2;
	SpinLockRelease(&gs_svc->mutex);
	load->scans = (int) pg_atomic_read_u32(&gs_svc->active_scans);
	load->chunk_ms = requests > 0 ? busy_ms / requests : 0;
}

static bool scanning;			/* this backend is counted in active_scans */
static bool scanning_callback_set;

/* At backend exit (a FATAL in the middle of a scan too): count it out. */
static void
UncountAtExit(int code, Datum arg)
{
	gpuscan_service_scanning(false);
}

/*
 * Count this backend in or out of the large scans running now (either
 * engine), for gpuscan.device = auto's view of the host's load; counting
 * out twice is harmless.  Nothing without the service.
 */
void
gpuscan_service_scanning(bool start)
{
	if (gs_svc == NULL || start == scanning)
		return;
	if (!scanning_callback_set)
	{
		before_shmem_exit(UncountAtExit, (Datum) 0);
		scanning_callback_set = true;
	}
	if (start)
		pg_atomic_fetch_add_u32(&gs_svc->active_scans, 1);
	else
		pg_atomic_fetch_sub_u32(&gs_svc->active_scans, 1);
	scanning = start;
}
