/*
 * src/service.h — the GPU service's shared layout, as its two sides see it:
 * the service process (src/service_worker.c) and the backends
 * (src/service_client.c); created in src/service_shmem.c.
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
 *     latch.
 *   - the service's state and per-GPU counters, for gpuscan_service().
 *
 * Everything but the counters' reads is guarded by the spinlock mutex.
 */
#ifndef GPUSCAN_SERVICE_H
#define GPUSCAN_SERVICE_H

#include "port/atomics.h"
#include "storage/condition_variable.h"
#include "storage/latch.h"
#include "storage/spin.h"

#include "gpuscan.h"

#define RING_ALIGN		(2 * 1024 * 1024)	/* huge-page aligned segments */
#define MAX_SEGMENTS	1024

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
	int			running;		/* GPUs running a job now */
	int			nslots;
	int			nsegments;
	Size		segment_bytes;
	int			nfree;
	int			free_segments[MAX_SEGMENTS];
	ConditionVariable segment_cv;	/* a segment was freed */
	pg_atomic_uint32 copy_threads_free; /* of gpuscan.copy_threads, not running now */
	pg_atomic_uint32 active_scans;	/* backends scanning a large array now, either engine */
	char	   *ring;
	GsSlot		slots[FLEXIBLE_ARRAY_MEMBER];
} GsService;

/* The service's shared memory: NULL unless preloaded (src/service_shmem.c). */
extern GsService *gs_svc;

/*
 * Free a slot and give its segment back (mutex held; the caller wakes a
 * backend waiting for a segment).
 */
extern void gs_service_free_slot(GsSlot *s);

#endif							/* GPUSCAN_SERVICE_H */
