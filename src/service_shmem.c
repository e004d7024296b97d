/*
 * src/service_shmem.c — the GPU service's shared memory (src/service.h):
 * its size from the settings, its creation, the background worker's
 * registration, and the snapshot gpuscan_service() shows.
 */
#include "postgres.h"

#include <unistd.h>

#include "access/twophase.h"
#include "miscadmin.h"
#include "postmaster/bgworker.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/proc.h"
#include "storage/shmem.h"

#include "service.h"

int			gpuscan_service_ring_mb = -1;
int			gpuscan_service_chunk_mb = 4;
int			gpuscan_service_gpu_memory_mb = 1024;
int			gpuscan_copy_threads = 0;

#define MIN_AUTO_SEGMENTS 4		/* the ring's segments by default, at least */

GsService  *gs_svc;				/* NULL unless preloaded */
static shmem_request_hook_type prev_shmem_request_hook;
static shmem_startup_hook_type prev_shmem_startup_hook;

/* Bytes of one segment: a chunk, within the GPU memory the service may use. */
static Size
SegmentBytes(void)
{
	Size		chunk = (Size) gpuscan_service_chunk_mb << 20;
	Size		gpu = ((Size) gpuscan_service_gpu_memory_mb << 20) / (3 * GS_LANES);	/* in, out, scratch per lane */

	if (gpu < chunk)
		chunk = gpu & ~(Size) (RING_ALIGN - 1);
	return Max(chunk, (Size) RING_ALIGN);
}

/*
 * Segments in the ring: gpuscan.service_ring_mb of them, or with -1 one per
 * core (at least MIN_AUTO_SEGMENTS): each segment in use is a backend
 * streaming an array, a core's work, and more streams than cores only keep
 * more of the ring out of the host's caches (test/bench/NOTES.md).
 */
static int
SegmentCount(void)
{
	Size		n;

	if (gpuscan_service_ring_mb < 0)
		n = Max((Size) sysconf(_SC_NPROCESSORS_ONLN), MIN_AUTO_SEGMENTS);
	else
		n = ((Size) gpuscan_service_ring_mb << 20) / SegmentBytes();
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
	gs_svc = ShmemInitStruct("gpuscan service", ServiceShmemSize(), &found);
	if (!found)
	{
		int			nslots = SlotCount();

		memset(gs_svc, 0, offsetof(GsService, slots));
		SpinLockInit(&gs_svc->mutex);
		ConditionVariableInit(&gs_svc->segment_cv);
		gs_svc->state = GS_SERVICE_STARTING;
		gs_svc->nslots = nslots;
		gs_svc->nsegments = SegmentCount();
		gs_svc->segment_bytes = SegmentBytes();
		gs_svc->ring = (char *) TYPEALIGN(RING_ALIGN, (char *) &gs_svc->slots[nslots]);
		pg_atomic_init_u32(&gs_svc->copy_threads_free, gpuscan_copy_threads);
		pg_atomic_init_u32(&gs_svc->active_scans, 0);
		gs_svc->nfree = gs_svc->nsegments;
		for (int i = 0; i < gs_svc->nsegments; i++)
			gs_svc->free_segments[i] = gs_svc->nsegments - 1 - i;
		for (int i = 0; i < nslots; i++)
		{
			memset(&gs_svc->slots[i], 0, sizeof(GsSlot));
			gs_svc->slots[i].segment = -1;
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

/*
 * Free a slot and give its segment back (mutex held; the caller wakes a
 * backend waiting for a segment).
 */
void
gs_service_free_slot(GsSlot *s)
{
	if (s->segment >= 0)
	{
		Assert(gs_svc->nfree < gs_svc->nsegments);
		gs_svc->free_segments[gs_svc->nfree++] = s->segment;
	}
	s->segment = -1;
	s->abandoned = false;
	s->state = SLOT_FREE;
}


/* A copy of the service's state, for gpuscan_service() and gpuscan_devices(). */
bool
gpuscan_service_snapshot(GsServiceSnapshot *snap)
{
	memset(snap, 0, sizeof(*snap));
	if (gs_svc == NULL)
		return false;
	SpinLockAcquire(&gs_svc->mutex);
	snap->pid = gs_svc->pid;
	snap->started = gs_svc->started;
	snap->state = gs_svc->state;
	strlcpy(snap->message, gs_svc->message, sizeof(snap->message));
	snap->ndevices = gs_svc->ndevices;
	memcpy(snap->info, gs_svc->info, sizeof(snap->info));
	memcpy(snap->stats, gs_svc->stats, sizeof(snap->stats));
	snap->queued = gs_svc->queued;
	snap->nsegments = gs_svc->nsegments;
	snap->segment_bytes = gs_svc->segment_bytes;
	snap->free_segments = gs_svc->nfree;
	SpinLockRelease(&gs_svc->mutex);
	snap->active_scans = (int) pg_atomic_read_u32(&gs_svc->active_scans);
	return true;
}
