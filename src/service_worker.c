/*
 * src/service_worker.c — the GPU service process: a background worker that
 * opens every usable GPU once (one CUDA context each), then serves the
 * backends' requests (src/service.h) round after round: for each GPU, least
 * busy first, the oldest submitted request, or a batch of small ones run as
 * the rows of one array; results back into the requests' segments, latches
 * set.  A CUDA error is that request's alone: the GPU is started afresh for
 * the next.  A GPU that fails GPU_FAILURES_OUT chunks in a row, or cannot
 * be started afresh, is taken out of service (the others serve on) until
 * the configuration is reloaded.  The service never raises an ERROR of its
 * own from a request.
 */
#include "postgres.h"

#include <signal.h>
#include <unistd.h>

#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "pgstat.h"
#include "portability/instr_time.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/ipc.h"
#include "storage/latch.h"
#include "utils/guc.h"
#include "utils/timestamp.h"

#include "service.h"

#define BATCH_MAX		256		/* requests in one batch */
#define BATCH_VALUES	65536	/* the largest array a batch takes */
#define SPIN_US			200		/* polled before sleeping (test/bench/NOTES.md) */
#define GPU_FAILURES_OUT 3		/* chunks failed in a row that take a GPU out of service */

PGDLLEXPORT void gpuscan_service_main(Datum arg);

/*
 * End every request a service left unfinished (mutex held): the waiting
 * backends get why, abandoned requests free their slot and segment.
 */
static void
EndUnfinished(const char *why)
{
	gs_svc->queued = 0;
	for (int i = 0; i < gs_svc->nslots; i++)
	{
		GsSlot	   *s = &gs_svc->slots[i];

		if (s->state == SLOT_SUBMITTED || s->state == SLOT_RUNNING)
		{
			s->status = GS_ERR_NO_DEVICE;
			strlcpy(s->message, why, sizeof(s->message));
			s->state = SLOT_DONE;
		}
		if (s->state == SLOT_DONE && s->abandoned)
			gs_service_free_slot(s);
		if (s->latch)
			SetLatch(s->latch);
	}
}

/* The service is going away: wake every backend that waits on it. */
static void
ServiceExit(int code, Datum arg)
{
	SpinLockAcquire(&gs_svc->mutex);
	gs_svc->pid = 0;
	gs_svc->latch = NULL;
	gs_svc->state = GS_SERVICE_STOPPED;
	EndUnfinished("the GPU service stopped");
	SpinLockRelease(&gs_svc->mutex);
	ConditionVariableBroadcast(&gs_svc->segment_cv);
}

/*
 * A job for one lane of one GPU: one request, or a batch of small ones
 * (whole arrays of at most BATCH_VALUES values, of the same type, operator
 * and kernel) scanned as the rows of one array in the lane's pinned staging
 * buffer: one copy in, one launch, one copy back for all of them.
 */
typedef struct Job
{
	bool		busy;			/* issued, not yet finished */
	uint64		order;			/* when it was issued: the oldest done is finished first */
	int			device;
	int			lane;
	int			n;
	bool		asked_fault;	/* its request injected a fault itself (gpuscan.inject_fault) */
	GsSlot	   *slots[BATCH_MAX];
	int64		at[BATCH_MAX];	/* each one's first value in the batch */
	GsChunk		batch;			/* n > 1: the batch as one chunk */
	GsStatus	status;
} Job;

static Job jobs[GS_MAX_DEVICES][GS_LANES];
static char *staging[GS_MAX_DEVICES][GS_LANES];	/* pinned, segment_bytes each; NULL: no batches */
static int	in_flight[GS_MAX_DEVICES];	/* busy lanes per GPU */
static instr_time busy_since[GS_MAX_DEVICES];	/* since when a lane of it has been busy */
static uint64 next_order;
static int	usable[GS_MAX_DEVICES];	/* the GPUs in service */
static int	nusable;
static int	failures[GS_MAX_DEVICES];	/* chunks failed in a row on each GPU */

/* May a request join a batch (whole small arrays with no start state; window scans never)? */
static bool
Batchable(const GsSlot *s)
{
	const GsChunk *c = &s->chunk;

	return c->offset == 0 && c->n == c->plan.nvalues && c->n <= BATCH_VALUES && !c->has_carry &&
		!c->lim.speculative && c->fault == GS_FAULT_NONE && !GS_OP_IS_WINDOW(c->op);
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
 * Pick a job for a free lane of a GPU: the oldest submitted request, with
 * as many small ones as fit when it is small.  False when none is queued.
 */
static bool
PickJob(Job *job, int dev, int lane)
{
	GsSlot	   *best = NULL;
	TimestampTz now = GetCurrentTimestamp();

	SpinLockAcquire(&gs_svc->mutex);
	for (int i = 0; i < gs_svc->nslots && gs_svc->queued > 0; i++)
	{
		GsSlot	   *s = &gs_svc->slots[i];

		if (s->state == SLOT_SUBMITTED && (best == NULL || s->seq < best->seq))
			best = s;
	}
	if (best == NULL)
	{
		SpinLockRelease(&gs_svc->mutex);
		return false;
	}
	job->device = dev;
	job->lane = lane;
	job->n = 0;
	job->slots[job->n++] = best;
	if (staging[dev][lane] != NULL && Batchable(best))
	{
		job->batch = best->chunk;
		for (int i = 0; i < gs_svc->nslots && job->n < BATCH_MAX; i++)
		{
			GsSlot	   *s = &gs_svc->slots[i];

			if (s->state == SLOT_SUBMITTED && s != best && Batchable(s) &&
				JoinBatch(&job->batch, s, gs_svc->segment_bytes))
				job->slots[job->n++] = s;
		}
	}
	for (int i = 0; i < job->n; i++)
	{
		GsSlot	   *s = job->slots[i];

		s->state = SLOT_RUNNING;
		s->device = dev;
		s->queue_ms = (double) (now - s->submitted) / 1000.0;
		gs_svc->queued--;
	}
	gs_svc->running++;
	SpinLockRelease(&gs_svc->mutex);
	return true;
}

/*
 * Lay a batch's requests out in its lane's staging buffer: their values
 * one after another, then the bitmap of row heads (each request starts a
 * row, and so does each row of its own).
 */
static void
PackBatch(Job *job)
{
	GsChunk    *b = &job->batch;
	char	   *buf = staging[job->device][job->lane];
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

/* Queue a job on its lane (the GPU's busy time starts with its first lane). */
static void
IssueJob(Job *job)
{
	GsSlot	   *s = job->slots[0];

	job->busy = true;
	job->order = next_order++;
	if (in_flight[job->device]++ == 0)
		INSTR_TIME_SET_CURRENT(busy_since[job->device]);
	for (int i = 0; i < job->n; i++)
		job->slots[i]->message[0] = '\0';
	job->asked_fault = job->n == 1 && s->chunk.fault != GS_FAULT_NONE;
	if (job->n == 1)
	{
		/* its data and head bits lie in its segment: the same address in every process */
		int			fault = s->chunk.fault;

		if (job->device == gpuscan_inject_gpu_fault)
			s->chunk.fault = GS_FAULT_CUDA_ERROR;	/* a failing GPU, for tests */
		job->status = gs_cuda_chunk_issue(job->device, job->lane, &s->chunk, s->message,
										  sizeof(s->message));
		s->chunk.fault = fault;
		return;
	}
	PackBatch(job);
	if (job->device == gpuscan_inject_gpu_fault)
		job->batch.fault = GS_FAULT_CUDA_ERROR;
	job->status = gs_cuda_chunk_issue(job->device, job->lane, &job->batch, s->message,
									  sizeof(s->message));
}

/* Wait for a job; a batch's results go back to each request's segment. */
static void
FinishJob(Job *job)
{
	GsSlot	   *s = job->slots[0];
	GsChunk    *b = &job->batch;
	size_t		osz;

	if (job->status == GS_OK)
		job->status = gs_cuda_chunk_finish(job->device, job->lane, job->n == 1 ? &s->chunk : b,
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

			r->status = gs_cuda_chunk_issue(job->device, job->lane, &r->chunk, r->message,
											sizeof(r->message));
			if (r->status == GS_OK)
				r->status = gs_cuda_chunk_finish(job->device, job->lane, &r->chunk, r->message,
												 sizeof(r->message));
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

/*
 * Hand a finished job's requests back: counters, slots done (or freed when
 * their backends left), latches set, freed segments signalled.
 */
static void
CompleteJob(Job *job)
{
	GsDeviceStats *ds = &gs_svc->stats[job->device];
	Latch	   *latches[BATCH_MAX];
	int			freed = 0;

	job->busy = false;
	for (int k = 0; k < job->n; k++)
	{
		GsSlot	   *s = job->slots[k];

		if (s->status == GS_ERR_CUDA)
		{
			char		msg[sizeof(s->message)];

			/* which GPU failed */
			snprintf(msg, sizeof(msg), "GPU %d: %s", job->device, s->message);
			strlcpy(s->message, msg, sizeof(s->message));
		}
	}
	SpinLockAcquire(&gs_svc->mutex);
	gs_svc->running--;
	if (--in_flight[job->device] == 0)
	{
		instr_time	elapsed;

		INSTR_TIME_SET_CURRENT(elapsed);
		INSTR_TIME_SUBTRACT(elapsed, busy_since[job->device]);
		ds->busy_ms += INSTR_TIME_GET_MILLISEC(elapsed);
	}
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
		{
			freed += s->segment >= 0;
			gs_service_free_slot(s);	/* its backend has gone on */
		}
		else
			s->state = SLOT_DONE;
	}
	SpinLockRelease(&gs_svc->mutex);
	for (int k = 0; k < job->n; k++)
		if (latches[k])
			SetLatch(latches[k]);
	while (freed-- > 0)
		ConditionVariableSignal(&gs_svc->segment_cv);
}

/*
 * Finish and complete every job in flight on GPU dev (-1: on every GPU),
 * but skip, before a GPU is reset or its buffers freed.
 */
static void
FinishAll(int dev, Job *skip)
{
	for (int i = 0; i < nusable; i++)
		for (int lane = 0; lane < GS_LANES; lane++)
		{
			Job		   *job = &jobs[usable[i]][lane];

			if (job != skip && job->busy && (dev < 0 || usable[i] == dev))
			{
				FinishJob(job);
				CompleteJob(job);
			}
		}
}

/* Page-locked staging for batches on each lane of GPU dev (NULL where that fails: no batches). */
static void
AllocStaging(int dev)
{
	for (int lane = 0; lane < GS_LANES; lane++)
		staging[dev][lane] = gs_cuda_pinned_alloc(dev, gs_svc->segment_bytes);
}

/* Free GPU dev's staging, before its context goes (its lanes idle). */
static void
FreeStaging(int dev)
{
	for (int lane = 0; lane < GS_LANES; lane++)
	{
		gs_cuda_pinned_free(dev, staging[dev][lane]);
		staging[dev][lane] = NULL;
	}
}

/*
 * Take GPU dev out of service (its lanes idle, its staging freed): the
 * others serve on; with none left, the service has no GPU and what is
 * queued ends (auto scans then run on the CPU).  Reloading the
 * configuration tries it again.
 */
static void
TakeOutOfService(int dev, const char *why)
{
	int			k = 0;

	for (int i = 0; i < nusable; i++)
		if (usable[i] != dev)
			usable[k++] = usable[i];
	nusable = k;
	SpinLockAcquire(&gs_svc->mutex);
	gs_svc->stats[dev].out_of_service = true;
	strlcpy(gs_svc->stats[dev].why, why, sizeof(gs_svc->stats[dev].why));
	if (nusable == 0)
	{
		gs_svc->state = GS_SERVICE_NO_GPU;
		snprintf(gs_svc->message, sizeof(gs_svc->message), "every GPU is out of service (GPU %d: %s)",
				 dev, why);
		EndUnfinished(gs_svc->message);
	}
	SpinLockRelease(&gs_svc->mutex);
	ereport(LOG,
			(errmsg("gpuscan GPU service: GPU %d (%s) taken out of service: %s", dev,
					gs_svc->info[dev].name, why),
			 nusable > 0 ? errdetail("%d GPU%s serve%s on.", nusable, nusable > 1 ? "s" : "",
									 nusable > 1 ? "" : "s")
			 : errdetail("No GPU is left: scans run on the CPU, or fail under gpuscan.device = gpu."),
			 errhint("Reload the configuration (pg_reload_conf()) to try the GPU again.")));
}

/* Reloading the configuration: every GPU out of service is started afresh and serves again. */
static void
BringBack(void)
{
	for (int d = 0; d < gs_svc->ndevices; d++)
	{
		char		msg[256];

		if (!gs_svc->stats[d].out_of_service)
			continue;
		FinishAll(-1, NULL);	/* the ring's page-locking may belong to d's context */
		if (gs_cuda_reset(d, msg, sizeof(msg)) != GS_OK)
		{
			ereport(LOG,
					(errmsg("gpuscan GPU service: GPU %d stays out of service: %s", d, msg)));
			continue;
		}
		AllocStaging(d);
		failures[d] = 0;
		usable[nusable++] = d;
		SpinLockAcquire(&gs_svc->mutex);
		gs_svc->stats[d].out_of_service = false;
		gs_svc->stats[d].why[0] = '\0';
		if (gs_svc->state == GS_SERVICE_NO_GPU)
		{
			gs_svc->state = GS_SERVICE_READY;
			gs_svc->message[0] = '\0';
		}
		SpinLockRelease(&gs_svc->mutex);
		ereport(LOG,
				(errmsg("gpuscan GPU service: GPU %d (%s) back in service", d, gs_svc->info[d].name)));
	}
}

/*
 * Finish and complete one job.  After a CUDA error its GPU's context may be
 * broken: every job in flight is finished first (each request gets what
 * came of its own work, and the ring's registration, which the GPU's
 * context may hold, is idle), then the GPU starts afresh for the next
 * request, or, failing again and again, is taken out of service.  Out of
 * GPU memory, the GPU's buffers go once its lanes are done.
 */
static void
FinishAndComplete(Job *job)
{
	int			dev = job->device;

	FinishJob(job);
	if (job->status == GS_ERR_CUDA)
		FinishAll(-1, job);
	else if (job->status == GS_ERR_GPU_OUT_OF_MEMORY)
		FinishAll(dev, job);
	if (job->status == GS_ERR_CUDA)
	{
		char		msg[256];
		char		why[200];
		bool		staged = staging[dev][0] != NULL;

		/* a fault the request asked for says nothing of the GPU */
		if (!job->asked_fault)
			failures[dev]++;
		snprintf(why, sizeof(why), "%d chunks failed in a row, the last: %s", failures[dev],
				 job->slots[0]->message);
		FreeStaging(dev);
		if (gs_cuda_reset(dev, msg, sizeof(msg)) != GS_OK)
		{
			snprintf(why, sizeof(why), "it could not be started afresh after a CUDA error: %s", msg);
			failures[dev] = GPU_FAILURES_OUT;
		}
		CompleteJob(job);
		if (failures[dev] >= GPU_FAILURES_OUT)
			TakeOutOfService(dev, why);
		else if (staged)
			AllocStaging(dev);
		return;
	}
	if (job->status == GS_OK)
		failures[dev] = 0;
	else if (job->status == GS_ERR_GPU_OUT_OF_MEMORY)
		gs_cuda_release(dev);
	CompleteJob(job);
}

/*
 * Keep every lane busy: for each free lane, GPUs least busy first, the
 * oldest queued request.  Returns the jobs in flight.
 */
static int
FillLanes(void)
{
	int			order[GS_MAX_DEVICES];
	int			busy = 0;

	/* the GPUs by lanes in flight, then by busy time so far */
	for (int i = 0; i < nusable; i++)
		order[i] = usable[i];
	for (int i = 1; i < nusable; i++)
		for (int j = i; j > 0; j--)
		{
			int			a = order[j],
						b = order[j - 1];

			if (in_flight[a] < in_flight[b] ||
				(in_flight[a] == in_flight[b] && gs_svc->stats[a].busy_ms < gs_svc->stats[b].busy_ms))
			{
				order[j] = b;
				order[j - 1] = a;
			}
		}
	for (int lane = 0; lane < GS_LANES; lane++)
		for (int i = 0; i < nusable; i++)
		{
			Job		   *job = &jobs[order[i]][lane];

			if (!job->busy && PickJob(job, order[i], lane))
				IssueJob(job);
		}
	for (int i = 0; i < nusable; i++)
		busy += in_flight[usable[i]];
	return busy;
}

/*
 * The oldest job in flight; with done, the oldest of those that are done
 * (finishing it will not wait).  NULL when there is none.
 */
static Job *
OldestJob(bool done)
{
	Job		   *oldest = NULL;

	for (int i = 0; i < nusable; i++)
		for (int lane = 0; lane < GS_LANES; lane++)
		{
			Job		   *job = &jobs[usable[i]][lane];

			if (job->busy && (oldest == NULL || job->order < oldest->order) &&
				(!done || gs_cuda_chunk_done(job->device, job->lane)))
				oldest = job;
		}
	return oldest;
}

/* Microseconds on a monotonic clock. */
static int64
NowUs(void)
{
	instr_time	now;

	INSTR_TIME_SET_CURRENT(now);
	return (int64) INSTR_TIME_GET_MICROSEC(now);
}

/* Requests queued now: a hint, read without the lock. */
static inline int
QueuedHint(void)
{
	return ((volatile GsService *) gs_svc)->queued;
}

/* Is a request queued, with a lane free for it? */
static bool
CanIssue(void)
{
	if (QueuedHint() <= 0)
		return false;
	for (int i = 0; i < nusable; i++)
		if (in_flight[usable[i]] < GS_LANES)
			return true;
	return false;
}

/*
 * The job to finish next, with jobs in flight: the oldest of those done;
 * else, polled for up to SPIN_US, the first to be done, unless a request
 * can be issued first (NULL: fill the lanes again); else the oldest, waited
 * for asleep.
 */
static Job *
NextJob(void)
{
	int64		until = 0;

	for (;;)
	{
		Job		   *job = OldestJob(true);

		if (job != NULL)
			return job;
		if (CanIssue())
			return NULL;
		if (until == 0)
			until = NowUs() + SPIN_US;
		else if (NowUs() >= until || ShutdownRequestPending)
			return OldestJob(false);
	}
}

/*
 * Nothing in flight: poll for a request for up to SPIN_US before sleeping
 * on the latch.  True when one came (false at once when the count says one
 * is queued that could not be picked: the latch then).
 */
static bool
AwaitRequest(void)
{
	int64		until = NowUs() + SPIN_US;

	if (QueuedHint() > 0)
		return false;
	while (QueuedHint() <= 0)
	{
		if (NowUs() >= until || ShutdownRequestPending || ConfigReloadPending)
			return false;
		pg_spin_delay();
	}
	return true;
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
static void
OpenGpus(void)
{
	GsDeviceInfo info[GS_MAX_DEVICES];
	char		msg[256] = "";
	int			n;
	StringInfoData names;

	nusable = 0;

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
		gs_cuda_register(gs_svc->ring, (Size) gs_svc->nsegments * gs_svc->segment_bytes, msg, sizeof(msg)) != GS_OK)
		ereport(LOG,
				(errmsg("gpuscan GPU service: could not page-lock the ring, copies will be slower: %s", msg)));
	for (int i = 0; i < nusable; i++)
		AllocStaging(usable[i]);

	SpinLockAcquire(&gs_svc->mutex);
	gs_svc->ndevices = Max(n, 0);
	memcpy(gs_svc->info, info, sizeof(info));
	for (int d = 0; d < GS_MAX_DEVICES; d++)
	{
		gs_svc->stats[d].out_of_service = false;	/* an earlier service's */
		gs_svc->stats[d].why[0] = '\0';
	}
	gs_svc->state = nusable > 0 ? GS_SERVICE_READY : GS_SERVICE_NO_GPU;
	if (nusable == 0)
		strlcpy(gs_svc->message, msg[0] ? msg : "no usable GPU", sizeof(gs_svc->message));
	else
		gs_svc->message[0] = '\0';
	SpinLockRelease(&gs_svc->mutex);

	if (nusable > 0)
		ereport(LOG,
				(errmsg("gpuscan GPU service: serving scans on %d GPU%s: %s", nusable,
						nusable > 1 ? "s" : "", names.data),
				 errdetail("Ring of %d segments of %zu MB.", gs_svc->nsegments, gs_svc->segment_bytes >> 20)));
	else
		ereport(LOG,
				(errmsg("gpuscan GPU service: no usable GPU, scans run on the CPU: %s", gs_svc->message)));
}

/*
 * The service's main loop: keep the lanes of every GPU busy with the
 * oldest requests, finish a job in flight (NextJob), again; with nothing
 * queued or in flight, poll briefly, then sleep on the latch.  Polling
 * keeps a busy GPU's lanes turning over without waiting to be woken.
 */
void
gpuscan_service_main(Datum arg)
{
	pqsignal(SIGTERM, SignalHandlerForShutdownRequest);
	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	BackgroundWorkerUnblockSignals();
	if (gs_svc == NULL)
		proc_exit(0);			/* not preloaded: nothing to serve */

	SpinLockAcquire(&gs_svc->mutex);
	gs_svc->pid = MyProcPid;
	gs_svc->latch = MyLatch;
	gs_svc->started = GetCurrentTimestamp();
	gs_svc->state = GS_SERVICE_STARTING;
	EndUnfinished("the GPU service restarted");	/* what an earlier service left */
	SpinLockRelease(&gs_svc->mutex);
	before_shmem_exit(ServiceExit, (Datum) 0);

	OpenGpus();

	for (;;)
	{
		ResetLatch(MyLatch);
		if (ShutdownRequestPending)
			break;
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
			BringBack();
		}
		if (nusable > 0 && FillLanes() > 0)
		{
			Job		   *job = NextJob();

			if (job != NULL)
				FinishAndComplete(job);
			continue;
		}
		if (nusable > 0 && AwaitRequest())
			continue;
		(void) WaitLatch(MyLatch, WL_LATCH_SET | WL_EXIT_ON_PM_DEATH, -1L, PG_WAIT_EXTENSION);
	}
	/* exit status 1: PostgreSQL starts the service again (unless it is shutting down) */
	proc_exit(1);
}
