/*
 * cuda/gpuscan_cuda.h — the GPU engine's C interface.
 *
 * Everything behind this header is CUDA host and device code compiled by
 * nvcc into a static library (cuda/libgpuscan_cuda.a).  No PostgreSQL header
 * is included on either side: functions return a GsStatus and write a
 * message, and src/ turns those into ereport().  CUDA is initialised lazily,
 * by the first call that needs it, in the calling process.
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
} GsDeviceInfo;

/*
 * Number of usable CUDA devices: 0 when there is no driver or no device
 * (that is not an error); -1 with a message for anything else.
 */
extern int	gs_cuda_device_count(char *msg, size_t msglen);

/* Describe device id; GS_OK or GS_ERR_CUDA with a message. */
extern GsStatus gs_cuda_device_info(int id, GsDeviceInfo *info, char *msg,
									size_t msglen);

/* Block scans of the hierarchical scan (gpuscan.kernel). */
typedef enum GsKernel
{
	GS_KERNEL_KOGGE_STONE = 1,
	GS_KERNEL_BRENT_KUNG = 2
} GsKernel;

/* Where a GPU scan spent its time (CUDA events on the engine's stream). */
typedef struct GsGpuTimes
{
	double		h2d_ms;			/* input (and row heads) to the device */
	double		kernel_ms;		/* all kernels */
	double		d2h_ms;			/* results back */
} GsGpuTimes;

/* Widest accumulator the GPU engine scans with. */
#define GS_GPU_MAX_ACC_BITS 128

/*
 * Create the CUDA context on first use (device 0 of those visible).
 * GS_OK, or GS_ERR_NO_DEVICE / GS_ERR_CUDA with a message.
 */
extern GsStatus gs_cuda_init(char *msg, size_t msglen);

/*
 * Scan on the GPU with the given plan (gs_plan; acc_bits at most
 * GS_GPU_MAX_ACC_BITS).  Device buffers are kept between calls and grown as
 * needed.  GS_ERR_GPU_OUT_OF_MEMORY when they cannot grow (the caller may
 * use the CPU engine); GS_ERR_CUDA with CUDA's message for other failures,
 * after which the next call starts with a fresh context.
 */
extern GsStatus gs_cuda_scan(const GsScanSpec *spec, const GsPlan *plan,
							 GsKernel kernel, GsScanResult *res,
							 GsGpuTimes *times);

/* Free the engine's device buffers (the context stays). */
extern void gs_cuda_release(void);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_CUDA_H */
