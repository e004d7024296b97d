/*
 * cuda/gpuscan_cuda.h — the GPU engine's C interface.
 *
 * Everything behind this header is CUDA host and device code compiled by
 * nvcc into a static library (cuda/libgpuscan_cuda.a).  No PostgreSQL header
 * is included on either side: functions return a GsStatus and write a
 * message, and src/ turns those into ereport().  In the server only the GPU
 * service (src/service.c) calls it: backends never initialise CUDA.
 */
#ifndef GPUSCAN_CUDA_H
#define GPUSCAN_CUDA_H

#include "../core/engine.h"

#ifdef __cplusplus
extern "C"
{
#endif

/* One CUDA device, as gpuscan_devices() shows it. */
typedef struct GsDeviceInfo
{
	int			device_id;
	char		name[256];
	int			cc_major;
	int			cc_minor;
	int			multiprocessors;
	int64_t		total_memory_mb;
	int			driver_version; /* e.g. 13000 for 13.0; 0 when unknown */
	int			runtime_version;
	bool		supported;		/* compute capability GS_MIN_COMPUTE_CAPABILITY or newer */
} GsDeviceInfo;

/*
 * The oldest GPUs the engine runs on, as major * 10 + minor: its machine
 * code is built for sm_80 and sm_90 (with PTX for newer chips, which older
 * ones cannot run).  Older devices count as no usable GPU.
 */
#define GS_MIN_COMPUTE_CAPABILITY 80

/*
 * Number of usable CUDA devices: 0 when there is no driver or no device
 * (that is not an error); -1 with a message for anything else.
 */
extern int	gs_cuda_device_count(char *msg, size_t msglen);

/* Describe device id; GS_OK or GS_ERR_CUDA with a message. */
extern GsStatus gs_cuda_device_info(int id, GsDeviceInfo *info, char *msg,
									size_t msglen);

/* How a GPU scan is run (from the gpuscan.* settings). */
typedef struct GsGpuConfig
{
	GsKernel	kernel;
	int			pinned_mb;		/* the pinned buffer chunks stream through */
	int			copy_threads;	/* unused (kept for the test programs) */
	int			fault;			/* testing only: a GsFault to inject */
} GsGpuConfig;

/* Faults the engine can inject for tests (gpuscan.inject_fault). */
typedef enum GsFault
{
	GS_FAULT_NONE = 0,
	GS_FAULT_GPU_ALLOC,			/* device allocation fails: out of GPU memory */
	GS_FAULT_CUDA_ERROR,		/* a CUDA call fails in the middle of the pipeline */
	GS_FAULT_UNSUPPORTED_GPU	/* the device reads as compute capability 1.0 */
} GsFault;

/* The most GPUs the engine drives. */
#define GS_MAX_DEVICES 16

/*
 * Open the GPUs: describe every visible device into info (at most
 * GS_MAX_DEVICES), and create a context, stream and events on each usable
 * one (compute capability GS_MIN_COMPUTE_CAPABILITY or newer, checked before
 * any context).  Returns the number of devices described, 0 when there is
 * no driver or device (msg says why), -1 on a failure (msg).  fault: a
 * GsFault to inject (GS_FAULT_UNSUPPORTED_GPU: every device reads as 1.0).
 * The GPU service calls it once; test programs through gs_cuda_init.
 */
extern int	gs_cuda_open(GsDeviceInfo *info, int fault, char *msg, size_t msglen);

/* Page-lock host memory (the service's ring) for every device; GS_OK or GS_ERR_CUDA. */
extern GsStatus gs_cuda_register(void *p, size_t bytes, char *msg, size_t msglen);

/*
 * Chunks a device runs at once, each in a lane of its own (a stream and
 * buffers): one's copy in beside another's kernel and a third's copy back,
 * and a fourth's while its caller completes one of them.
 */
#define GS_LANES 4

/*
 * Queue one chunk on lane lane of device dev (copy in, scan, copy back,
 * asynchronously; chunk->data must be page-locked), then wait for it.
 * GS_OK, or GS_ERR_GPU_OUT_OF_MEMORY / GS_ERR_CUDA with CUDA's message;
 * after GS_ERR_CUDA finish the device's other lanes, then gs_cuda_reset.
 * Chunks issued on several lanes and devices before any is finished run at
 * once.
 */
extern GsStatus gs_cuda_chunk_issue(int dev, int lane, GsChunk *chunk, char *msg, size_t msglen);
extern GsStatus gs_cuda_chunk_finish(int dev, int lane, GsChunk *chunk, char *msg, size_t msglen);

/* Has the chunk queued on a lane finished (or failed), so that finishing it will not wait? */
extern int	gs_cuda_chunk_done(int dev, int lane);

/*
 * Start device dev afresh after a failure: context reset, ring registered
 * again.  What gs_cuda_pinned_alloc gave for dev goes with its context.
 * Work in flight on other devices must be finished first: the ring's
 * registration may belong to dev's context.
 */
extern GsStatus gs_cuda_reset(int dev, char *msg, size_t msglen);

/*
 * Page-locked host memory of bytes for device dev (the service's batch
 * staging), owned by dev's context: freed when dev is reset.  NULL on failure.
 */
extern void *gs_cuda_pinned_alloc(int dev, size_t bytes);

/* Free what gs_cuda_pinned_alloc gave for dev (NULL: nothing), before dev is reset. */
extern void gs_cuda_pinned_free(int dev, void *p);

/* Free device dev's buffers, every lane's, once its work is done (after running out of memory). */
extern void gs_cuda_release(int dev);

/* Device memory device dev's buffers hold now, in bytes. */
extern size_t gs_cuda_buffer_bytes(int dev);

/*
 * For test programs: open the GPUs (once) and check that device 0 is usable.
 * GS_OK, or GS_ERR_NO_DEVICE / GS_ERR_CUDA with a message.
 */
extern GsStatus gs_cuda_init(int fault, char *msg, size_t msglen);

/*
 * For test programs: scan a whole array on device 0 of this process, through
 * a pinned buffer of cfg->pinned_mb (at least 1 MiB), with gs_chunked_scan:
 * the same chunks the GPU service runs.  res->acc_bits is the accumulator.
 */
extern GsStatus gs_cuda_scan(const GsScanSpec *spec, const GsGpuConfig *cfg,
							 GsScanResult *res, GsGpuTimes *times);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_CUDA_H */
