/*
 * src/service.c — the GPU service: one background worker per server owns
 * the CUDA contexts, one per usable GPU; backends hand it their scans
 * through shared memory.  Backends never initialise CUDA, and the
 * postmaster never does either.
 *
 * Shared memory (requested when gpuscan is in shared_preload_libraries):
 *   - the ring: gpuscan.service_ring_mb of memory, cut into segments of
 *     gpuscan.service_chunk_mb, which the service page-locks once for every
 *     GPU.  A backend holds one segment for a scan and streams its array
 *     through it chunk by chunk (core/chunked.c), the exact carry passed
 *     from chunk to chunk.
 *   - one request slot per PGPROC: a backend fills its slot with a chunk,
 *     marks it submitted, sets the service's latch and sleeps on its own
 *     latch; the service runs the chunk on the least busy GPU, writes the
 *     results into the segment, marks the slot done and sets the backend's
 *     latch.  Chunks are served oldest first, so one large array, a chunk
 *     at a time, does not hold back a stream of small ones.
 *   - the service's state and per-GPU counters, for gpuscan_service().
 *
 * A backend that leaves a request (a cancel, an error, its exit) drops it
 * while it is queued, or leaves it to the service, which finishes it and
 * frees its segment.  Backends waiting on a service that stops get an error
 * (gpuscan.device = gpu) or scan on the CPU (auto) within a second;
 * PostgreSQL starts the service again.
 */
#include "postgres.h"

#include <signal.h>
#include <unistd.h>

#include "access/twophase.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "portability/instr_time.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/condition_variable.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "storage/proc.h"
#include "storage/shmem.h"
#include "storage/spin.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "gpuscan.h"

#if PG_VERSION_NUM >= 170000
#define MY_PROC_NUMBER	((int) MyProcNumber)
#else
#define MY_PROC_NUMBER	(MyProc->pgprocno)
#endif

#define RING_ALIGN		(2 * 1024 * 1024)	/* huge-page aligned segments */
#define MAX_SEGMENTS	1024
#define WAIT_TICK_MS	100		/* a waiting backend checks the service this often */
#define SERVICE_START_WAIT_MS 30000	/* a backend waits this long for a starting service */
#define BATCH_MAX		256		/* requests in one batch */
#define BATCH_VALUES	65536	/* the largest array a batch takes */

/* A request slot's states. */
#define SLOT_FREE		0
#define SLOT_SUBMITTED	1
#define SLOT_RUNNING	2
#define SLOT_DONE		3

/* One backend's request: a chunk in a ring segment. */
typedef struct GsSlot
{
	int			state;
	bool		abandoned;		/* its backend left it: the service frees it */
	int			segment;		/* the ring segment of its data, -1 none */
	Latch	   *latch;			/* the backend's */
	uint64		seq;			/* order of submission */
	TimestampTz submitted;
	GsChunk		chunk;
	int			device;
	GsStatus	status;
	double		queue_ms;
	char		message[256];
} GsSlot;

/* The service as backends and gpuscan_service() see it. */
typedef struct GsService
{
	slock_t		mutex;			/* guards everything below but the counters' reads */
	pid_t		pid;			/* the service's process, 0 while none runs */
	Latch	   *latch;
	TimestampTz started;
	GsServiceState state;
	char		message[256];
	int			ndevices;		/* described (usable or not) */
	GsDeviceInfo info[GS_MAX_DEVICES];
	GsDeviceStats stats[GS_MAX_DEVICES];
	uint64		next_seq;
	int			queued;			/* slots submitted and not yet picked */
	int			nslots;
	int			nsegments;
	Size		segment_bytes;
	int			nfree;
	int			free_segments[MAX_SEGMENTS];
	ConditionVariable segment_cv;	/* a segment was freed */
	char	   *ring;
	GsSlot		slots[FLEXIBLE_ARRAY_MEMBER];
} GsService;

int			gpuscan_service_ring_mb = 256;
int			gpuscan_service_chunk_mb = 16;
int			gpuscan_service_gpu_memory_mb = 1024;

static GsService *svc;			/* NULL unless preloaded */
static shmem_request_hook_type prev_shmem_request_hook;
static shmem_startup_hook_type prev_shmem_startup_hook;
static pid_t service_pid;		/* the service this backend's request went to */
static bool exit_callback_set;

PGDLLEXPORT void gpuscan_service_main(Datum arg);

/* Bytes of one segment: a chunk, within the GPU memory the service may use. */
static Size
SegmentBytes(void)
{
	Size		chunk = (Size) gpuscan_service_chunk_mb << 20;
	Size		gpu = ((Size) gpuscan_service_gpu_memory_mb << 20) / 3;	/* in, out, scratch */

	if (gpu < chunk)
		chunk = gpu & ~(Size) (RING_ALIGN - 1);
	return Max(chunk, (Size) RING_ALIGN);
}

/* Segments in the ring. */
static int
SegmentCount(void)
{
	Size		n = ((Size) gpuscan_service_ring_mb << 20) / SegmentBytes();

	return (int) Min(Max(n, 1), MAX_SEGMENTS);
}

/* Slots: one per PGPROC (backends, auxiliary processes, prepared transactions). */
static int
SlotCount(void)
{
	return MaxBackends + NUM_AUXILIARY_PROCS + max_prepared_xacts;
}

/* Shared memory of the service, the ring included. */
static Size
ServiceShmemSize(void)
{
	Size		size = add_size(offsetof(GsService, slots), mul_size(SlotCount(), sizeof(GsSlot)));

	size = add_size(size, RING_ALIGN);
	return add_size(size, mul_size(SegmentCount(), SegmentBytes()));
}

/* Ask for the shared memory (PostgreSQL 15 and later: shmem_request_hook). */
static void
ServiceShmemRequest(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	RequestAddinShmemSpace(ServiceShmemSize());
}

/* Create (postmaster) or attach to the service's shared memory. */
static void
ServiceShmemStartup(void)
{
	bool		found;

	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	svc = ShmemInitStruct("gpuscan service", ServiceShmemSize(), &found);
	if (!found)
	{
		int			nslots = SlotCount();

		memset(svc, 0, offsetof(GsService, slots));
		SpinLockInit(&svc->mutex);
		ConditionVariableInit(&svc->segment_cv);
		svc->state = GS_SERVICE_STARTING;
		svc->nslots = nslots;
		svc->nsegments = SegmentCount();
		svc->segment_bytes = SegmentBytes();
		svc->ring = (char *) TYPEALIGN(RING_ALIGN, (char *) &svc->slots[nslots]);
		svc->nfree = svc->nsegments;
		for (int i = 0; i < svc->nsegments; i++)
			svc->free_segments[i] = svc->nsegments - 1 - i;
		for (int i = 0; i < nslots; i++)
		{
			memset(&svc->slots[i], 0, sizeof(GsSlot));
			svc->slots[i].segment = -1;
		}
	}
	LWLockRelease(AddinShmemInitLock);
}

/*
 * Register the service and its shared memory: from _PG_init, while
 * shared_preload_libraries is being loaded (the postmaster).
 */
void
gpuscan_service_register(void)
{
	BackgroundWorker worker;

	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = ServiceShmemRequest;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = ServiceShmemStartup;

	memset(&worker, 0, sizeof(worker));
	worker.bgw_flags = BGWORKER_SHMEM_ACCESS;
	worker.bgw_start_time = BgWorkerStart_PostmasterStart;
	worker.bgw_restart_time = 1;
	snprintf(worker.bgw_library_name, BGW_MAXLEN, "gpuscan");
	snprintf(worker.bgw_function_name, BGW_MAXLEN, "gpuscan_service_main");
	snprintf(worker.bgw_name, BGW_MAXLEN, "gpuscan GPU service");
	snprintf(worker.bgw_type, BGW_MAXLEN, "gpuscan GPU service");
	RegisterBackgroundWorker(&worker);
}

/* ---- the service's side ---------------------------------------------- */

/*
 * Free a slot and give its segment back (mutex held; the caller wakes a
 * backend waiting for a segment).
 */
static void
FreeSlot(GsSlot *s)
{
	if (s->segment >= 0)
	{
		Assert(svc->nfree < svc->nsegments);
		svc->free_segments[svc->nfree++] = s->segment;
	}
	s->segment = -1;
	s->abandoned = false;
	s->state = SLOT_FREE;
}

/*
 * End every request a service left unfinished (mutex held): the waiting
 * backends get why, abandoned requests free their slot and segment.
 */
static void
EndUnfinished(const char *why)
{
	svc->queued = 0;
	for (int i = 0; i < svc->nslots; i++)
	{
		GsSlot	   *s = &svc->slots[i];

		if (s->state == SLOT_SUBMITTED || s->state == SLOT_RUNNING)
		{
			s->status = GS_ERR_NO_DEVICE;
			strlcpy(s->message, why, sizeof(s->message));
			s->state = SLOT_DONE;
		}
		if (s->state == SLOT_DONE && s->abandoned)
			FreeSlot(s);
		if (s->latch)
			SetLatch(s->latch);
	}
}

/* The service is going away: wake every backend that waits on it. */
static void
ServiceExit(int code, Datum arg)
{
	SpinLockAcquire(&svc->mutex);
	svc->pid = 0;
	svc->latch = NULL;
	svc->state = GS_SERVICE_STOPPED;
	EndUnfinished("the GPU service stopped");
	SpinLockRelease(&svc->mutex);
	ConditionVariableBroadcast(&svc->segment_cv);
}

/*
 * A job for one GPU in one round: one request, or a batch of small ones
 * (whole arrays of at most BATCH_VALUES values, of the same type, operator
 * and kernel) scanned as the rows of one array in a pinned staging buffer:
 * one copy in, one launch, one copy back for all of them.
 */
typedef struct Job
{
	int			device;
	int			n;
	GsSlot	   *slots[BATCH_MAX];
	int64		at[BATCH_MAX];	/* each one's first value in the batch */
	GsChunk		batch;			/* n > 1: the batch as one chunk */
	GsStatus	status;
	instr_time	start;
} Job;

static char *staging[GS_MAX_DEVICES];	/* pinned, segment_bytes each; NULL: no batches */

/* May a request join a batch? */
static bool
Batchable(const GsSlot *s)
{
	const GsChunk *c = &s->chunk;

	return c->offset == 0 && c->n == c->plan.nvalues && c->n <= BATCH_VALUES &&
		!c->lim.speculative && c->fault == GS_FAULT_NONE;
}

/* Can request s join batch b (its plan merged into b's)? */
static bool
JoinBatch(GsChunk *b, const GsSlot *s, Size capacity)
{
	const GsChunk *c = &s->chunk;
	size_t		width = Max(gs_type_size(c->type), gs_output_size(c->type, c->op));
	int64		n = b->n + c->n;

	if (c->type != b->type || c->op != b->op || c->exclusive != b->exclusive ||
		c->kernel != b->kernel || (Size) n * width + (Size) (n / 8) + 256 > capacity)
		return false;
	if (c->op == GS_OP_SUM)
	{
		if (!gs_plan_merge(&b->plan, &c->plan, GS_GPU_MAX_ACC_BITS))
			return false;
	}
	else
	{
		b->plan.nvalues += c->plan.nvalues;
		b->plan.nrows += c->plan.nrows;
	}
	b->n = n;
	return true;
}

/*
 * Pick this round's jobs: for each usable GPU, least busy first, the oldest
 * submitted request, with as many small ones as fit when it is small.
 */
static int
PickJobs(Job *jobs, const int *usable, int nusable)
{
	int			order[GS_MAX_DEVICES];
	int			n = 0;
	TimestampTz now = GetCurrentTimestamp();

	/* the GPUs by busy time so far */
	for (int i = 0; i < nusable; i++)
		order[i] = usable[i];
	for (int i = 1; i < nusable; i++)
		for (int j = i; j > 0 && svc->stats[order[j]].busy_ms < svc->stats[order[j - 1]].busy_ms; j--)
		{
			int			t = order[j];

			order[j] = order[j - 1];
			order[j - 1] = t;
		}

	SpinLockAcquire(&svc->mutex);
	while (n < nusable && svc->queued > 0)
	{
		Job		   *job = &jobs[n];
		GsSlot	   *best = NULL;

		for (int i = 0; i < svc->nslots; i++)
		{
			GsSlot	   *s = &svc->slots[i];

			if (s->state == SLOT_SUBMITTED && (best == NULL || s->seq < best->seq))
				best = s;
		}
		if (best == NULL)
			break;
		job->device = order[n];
		job->n = 0;
		job->slots[job->n++] = best;
		if (staging[job->device] != NULL && Batchable(best))
		{
			job->batch = best->chunk;
			for (int i = 0; i < svc->nslots && job->n < BATCH_MAX; i++)
			{
				GsSlot	   *s = &svc->slots[i];

				if (s->state == SLOT_SUBMITTED && s != best && Batchable(s) &&
					JoinBatch(&job->batch, s, svc->segment_bytes))
					job->slots[job->n++] = s;
			}
		}
		for (int i = 0; i < job->n; i++)
		{
			GsSlot	   *s = job->slots[i];

			s->state = SLOT_RUNNING;
			s->device = job->device;
			s->queue_ms = (double) (now - s->submitted) / 1000.0;
			svc->queued--;
		}
		n++;
	}
	SpinLockRelease(&svc->mutex);
	return n;
}

/*
 * Lay a batch's requests out in the device's staging buffer: their values
 * one after another, then the bitmap of row heads (each request starts a
 * row, and so does each row of its own).
 */
static void
PackBatch(Job *job)
{
	GsChunk    *b = &job->batch;
	char	   *buf = staging[job->device];
	size_t		isz = gs_type_size(b->type);
	size_t		width = Max(isz, (size_t) gs_output_size(b->type, b->op));
	int64		at = 0;
	uint32	   *bits;

	b->data = buf;
	bits = (uint32 *) (buf + TYPEALIGN(64, (Size) b->n * width));
	b->head_bits = bits;
	memset(bits, 0, ((Size) (b->n + 31) / 32 + 1) * sizeof(uint32));
	for (int i = 0; i < job->n; i++)
	{
		const GsChunk *c = &job->slots[i]->chunk;

		job->at[i] = at;
		memcpy(buf + (Size) at * isz, c->data, (Size) c->n * isz);
		for (int64 k = 0; k < c->n; k++)
		{
			bool		head = c->heads_mode == GS_HEADS_ONE_ROW ? k == 0
				: c->heads_mode == GS_HEADS_FIXED ? k % c->row_len == 0
				: (c->head_bits[k >> 5] >> (k & 31)) & 1;

			if (head)
				bits[(at + k) >> 5] |= (uint32) 1 << ((at + k) & 31);
		}
		at += c->n;
	}
	b->offset = 0;
	b->heads_mode = GS_HEADS_BITMAP;
	b->has_carry = false;
	b->fault = GS_FAULT_NONE;
}

/* Queue a job on its GPU. */
static void
IssueJob(Job *job)
{
	GsSlot	   *s = job->slots[0];

	INSTR_TIME_SET_CURRENT(job->start);
	for (int i = 0; i < job->n; i++)
		job->slots[i]->message[0] = '\0';
	if (job->n == 1)
	{
		/* its data and head bits lie in its segment: the same address in every process */
		job->status = gs_cuda_chunk_issue(job->device, &s->chunk, s->message, sizeof(s->message));
		return;
	}
	PackBatch(job);
	job->status = gs_cuda_chunk_issue(job->device, &job->batch, s->message, sizeof(s->message));
}

/* Wait for a job; a batch's results go back to each request's segment. */
static void
FinishJob(Job *job)
{
	GsSlot	   *s = job->slots[0];
	GsChunk    *b = &job->batch;
	size_t		osz;

	if (job->status == GS_OK)
		job->status = gs_cuda_chunk_finish(job->device, job->n == 1 ? &s->chunk : b,
										   s->message, sizeof(s->message));
	if (job->n == 1)
	{
		s->status = job->status;
		return;
	}
	if (job->status == GS_OK && b->err_index >= 0)
	{
		/* a running total out of range: each request alone finds its own */
		for (int i = 0; i < job->n; i++)
		{
			GsSlot	   *r = job->slots[i];

			r->status = gs_cuda_chunk_issue(job->device, &r->chunk, r->message, sizeof(r->message));
			if (r->status == GS_OK)
				r->status = gs_cuda_chunk_finish(job->device, &r->chunk, r->message, sizeof(r->message));
		}
		return;
	}
	osz = gs_output_size(b->type, b->op);
	for (int i = 0; i < job->n; i++)
	{
		GsSlot	   *r = job->slots[i];
		GsChunk    *c = &r->chunk;

		r->status = job->status;
		if (job->status != GS_OK)
		{
			if (i > 0)
				strlcpy(r->message, s->message, sizeof(r->message));
			continue;
		}
		memcpy(c->data, (char *) b->data + (Size) job->at[i] * osz, (Size) c->n * osz);
		c->err_index = -1;
		c->violation = false;
		c->has_carry = true;	/* (the last chunk's carry is not used) */
		c->h2d_ms = b->h2d_ms / job->n;
		c->kernel_ms = b->kernel_ms / job->n;
		c->d2h_ms = b->d2h_ms / job->n;
	}
}

/* Run this round's jobs: all queued on their GPUs first, then each waited for. */
static void
RunJobs(Job *jobs, int n)
{
	for (int i = 0; i < n; i++)
		IssueJob(&jobs[i]);
	for (int i = 0; i < n; i++)
	{
		Job		   *job = &jobs[i];
		GsDeviceStats *ds = &svc->stats[job->device];
		instr_time	elapsed;
		Latch	   *latches[BATCH_MAX];

		FinishJob(job);
		if (job->status == GS_ERR_CUDA)
		{
			char		msg[256];

			/* the context may be broken: start the GPU afresh for the next request */
			if (gs_cuda_reset(job->device, msg, sizeof(msg)) != GS_OK)
				ereport(LOG,
						(errmsg("gpuscan GPU service: could not reset GPU %d: %s", job->device, msg)));
		}
		else if (job->status == GS_ERR_GPU_OUT_OF_MEMORY)
			gs_cuda_release(job->device);
		INSTR_TIME_SET_CURRENT(elapsed);
		INSTR_TIME_SUBTRACT(elapsed, job->start);

		SpinLockAcquire(&svc->mutex);
		ds->busy_ms += INSTR_TIME_GET_MILLISEC(elapsed);
		ds->memory_bytes = gs_cuda_buffer_bytes(job->device);
		if (job->n > 1)
			ds->batches++;
		for (int k = 0; k < job->n; k++)
		{
			GsSlot	   *s = job->slots[k];

			ds->requests++;
			ds->bytes += s->chunk.n * (gs_type_size(s->chunk.type) + gs_output_size(s->chunk.type, s->chunk.op));
			if (s->status != GS_OK)
				ds->errors++;
			latches[k] = s->latch;
			if (s->abandoned)
				FreeSlot(s);	/* its backend has gone on */
			else
				s->state = SLOT_DONE;
		}
		SpinLockRelease(&svc->mutex);
		for (int k = 0; k < job->n; k++)
			if (latches[k])
				SetLatch(latches[k]);
	}
	ConditionVariableBroadcast(&svc->segment_cv);
}

/*
 * Why a GPU is not usable: "<gpu> compute capability M.m; the GPU engine
 * needs ... or newer" (GS_MIN_COMPUTE_CAPABILITY), the capability marked
 * when gpuscan.inject_fault made it up.
 */
void
gpuscan_gpu_too_old(char *msg, size_t msglen, const char *gpu, int major, int minor,
					bool injected)
{
	snprintf(msg, msglen, "%s compute capability %d.%d%s; the GPU engine needs %d.%d or newer",
			 gpu, major, minor, injected ? " (injected fault)" : "",
			 GS_MIN_COMPUTE_CAPABILITY / 10, GS_MIN_COMPUTE_CAPABILITY % 10);
}

/* Open the GPUs and page-lock the ring; the usable ones into usable[]. */
static int
OpenGpus(int *usable)
{
	GsDeviceInfo info[GS_MAX_DEVICES];
	char		msg[256] = "";
	int			n,
				nusable = 0;
	StringInfoData names;

	memset(info, 0, sizeof(info));
	n = gs_cuda_open(info, GS_FAULT_NONE, msg, sizeof(msg));
	initStringInfo(&names);
	for (int d = 0; d < Max(n, 0); d++)
	{
		if (info[d].supported)
		{
			usable[nusable++] = d;
			appendStringInfo(&names, "%s%d (%s)", nusable > 1 ? ", " : "", d, info[d].name);
		}
		else if (msg[0] == '\0')
			gpuscan_gpu_too_old(msg, sizeof(msg), psprintf("CUDA device %d (%s) has", d, info[d].name),
								info[d].cc_major, info[d].cc_minor, false);
	}
	if (nusable > 0 &&
		gs_cuda_register(svc->ring, (Size) svc->nsegments * svc->segment_bytes, msg, sizeof(msg)) != GS_OK)
		ereport(LOG,
				(errmsg("gpuscan GPU service: could not page-lock the ring, copies will be slower: %s", msg)));
	for (int i = 0; i < nusable; i++)
		staging[usable[i]] = gs_cuda_pinned_alloc(svc->segment_bytes);

	SpinLockAcquire(&svc->mutex);
	svc->ndevices = Max(n, 0);
	memcpy(svc->info, info, sizeof(info));
	svc->state = nusable > 0 ? GS_SERVICE_READY : GS_SERVICE_NO_GPU;
	if (nusable == 0)
		strlcpy(svc->message, msg[0] ? msg : "no usable GPU", sizeof(svc->message));
	else
		svc->message[0] = '\0';
	SpinLockRelease(&svc->mutex);

	if (nusable > 0)
		ereport(LOG,
				(errmsg("gpuscan GPU service: serving scans on %d GPU%s: %s", nusable,
						nusable > 1 ? "s" : "", names.data),
				 errdetail("Ring of %d segments of %zu MB.", svc->nsegments, svc->segment_bytes >> 20)));
	else
		ereport(LOG,
				(errmsg("gpuscan GPU service: no usable GPU, scans run on the CPU: %s", svc->message)));
	return nusable;
}

/* The service's main loop. */
void
gpuscan_service_main(Datum arg)
{
	int			usable[GS_MAX_DEVICES];
	int			nusable;
	Job		   *jobs = palloc(sizeof(Job) * GS_MAX_DEVICES);

	pqsignal(SIGTERM, SignalHandlerForShutdownRequest);
	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	BackgroundWorkerUnblockSignals();
	if (svc == NULL)
		proc_exit(0);			/* not preloaded: nothing to serve */

	SpinLockAcquire(&svc->mutex);
	svc->pid = MyProcPid;
	svc->latch = MyLatch;
	svc->started = GetCurrentTimestamp();
	svc->state = GS_SERVICE_STARTING;
	EndUnfinished("the GPU service restarted");	/* what an earlier service left */
	SpinLockRelease(&svc->mutex);
	before_shmem_exit(ServiceExit, (Datum) 0);

	nusable = OpenGpus(usable);

	for (;;)
	{
		int			n;

		ResetLatch(MyLatch);
		if (ShutdownRequestPending)
			break;
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}
		n = nusable > 0 ? PickJobs(jobs, usable, nusable) : 0;
		if (n > 0)
		{
			RunJobs(jobs, n);
			continue;
		}
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_EXIT_ON_PM_DEATH, -1L, PG_WAIT_EXTENSION);
	}
	/* exit status 1: PostgreSQL starts the service again (unless it is shutting down) */
	proc_exit(1);
}

/* ---- the backends' side ---------------------------------------------- */

/* This backend's slot. */
static GsSlot *
MySlot(void)
{
	int			i = MY_PROC_NUMBER;

	return i >= 0 && i < svc->nslots ? &svc->slots[i] : NULL;
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

	if (svc == NULL || (s = MySlot()) == NULL)
		return;
	SpinLockAcquire(&svc->mutex);
	if (s->state == SLOT_RUNNING)
		s->abandoned = true;
	else if (!s->abandoned)
	{
		if (s->state == SLOT_SUBMITTED)
			svc->queued--;
		freed = s->segment >= 0;
		FreeSlot(s);
	}
	SpinLockRelease(&svc->mutex);
	if (freed)
		ConditionVariableSignal(&svc->segment_cv);
}

/* At backend exit: leave the service. */
static void
LeaveAtExit(int code, Datum arg)
{
	LeaveService();
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

	*not_preloaded = svc == NULL;
	if (svc == NULL)
	{
		snprintf(msg, msglen, "gpuscan is not in shared_preload_libraries, so its GPU service does not run");
		return false;
	}
	for (;;)
	{
		SpinLockAcquire(&svc->mutex);
		state = svc->state;
		pid = svc->pid;
		if (state == GS_SERVICE_NO_GPU)
			snprintf(msg, msglen, "%s", svc->message);
		SpinLockRelease(&svc->mutex);
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

	SpinLockAcquire(&svc->mutex);
	service_pid = svc->pid;
	service_latch = svc->latch;
	if (service_pid == 0 || svc->state != GS_SERVICE_READY)
	{
		SpinLockRelease(&svc->mutex);
		snprintf(msg, msglen, "the GPU service is not running");
		return GS_ERR_NO_DEVICE;
	}
	s->chunk = *c;
	s->latch = MyLatch;
	s->seq = svc->next_seq++;
	s->submitted = GetCurrentTimestamp();
	s->state = SLOT_SUBMITTED;
	svc->queued++;
	SpinLockRelease(&svc->mutex);
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
		SpinLockAcquire(&svc->mutex);
		state = s->state;
		now_pid = svc->pid;
		SpinLockRelease(&svc->mutex);
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
	SpinLockAcquire(&svc->mutex);
	*c = s->chunk;
	times->queue_ms += s->queue_ms;
	times->device = s->device;
	st = s->status;
	if (st != GS_OK)
		strlcpy(msg, s->message, msglen);
	s->state = SLOT_FREE;
	SpinLockRelease(&svc->mutex);
	return st;
}

/*
 * Take a free segment of the ring for this backend's slot, waiting for one
 * if need be; its number.
 */
static int
TakeSegment(void)
{
	int			seg;

	ConditionVariablePrepareToSleep(&svc->segment_cv);
	for (;;)
	{
		SpinLockAcquire(&svc->mutex);
		if (svc->nfree > 0)
		{
			seg = svc->free_segments[--svc->nfree];
			MySlot()->segment = seg;
			SpinLockRelease(&svc->mutex);
			break;
		}
		SpinLockRelease(&svc->mutex);
		ConditionVariableSleep(&svc->segment_cv, PG_WAIT_EXTENSION);
	}
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

		SpinLockAcquire(&svc->mutex);
		busy = s->state != SLOT_FREE || s->abandoned;
		SpinLockRelease(&svc->mutex);
		if (!busy)
			return;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_TIMEOUT | WL_EXIT_ON_PM_DEATH,
						 10, PG_WAIT_EXTENSION);
		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
	}
}

/* Scan an array on a GPU through the service (gpuscan_service_usable first). */
GsStatus
gpuscan_service_scan(const GsScanSpec *spec, GsKernel kernel, int fault,
					 GsScanResult *res, GsGpuTimes *times)
{
	GsChunkRunner runner;
	GsStatus	st;

	if (!exit_callback_set)
	{
		before_shmem_exit(LeaveAtExit, (Datum) 0);
		exit_callback_set = true;
	}
	WaitForOwnSlot();
	runner.ctx = NULL;
	runner.buf = svc->ring + (Size) TakeSegment() * svc->segment_bytes;
	runner.buf_bytes = svc->segment_bytes;
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

/* A copy of the service's state, for gpuscan_service() and gpuscan_devices(). */
bool
gpuscan_service_snapshot(GsServiceSnapshot *snap)
{
	memset(snap, 0, sizeof(*snap));
	if (svc == NULL)
		return false;
	SpinLockAcquire(&svc->mutex);
	snap->pid = svc->pid;
	snap->started = svc->started;
	snap->state = svc->state;
	strlcpy(snap->message, svc->message, sizeof(snap->message));
	snap->ndevices = svc->ndevices;
	memcpy(snap->info, svc->info, sizeof(snap->info));
	memcpy(snap->stats, svc->stats, sizeof(snap->stats));
	snap->queued = svc->queued;
	snap->nsegments = svc->nsegments;
	snap->segment_bytes = svc->segment_bytes;
	snap->free_segments = svc->nfree;
	SpinLockRelease(&svc->mutex);
	return true;
}
