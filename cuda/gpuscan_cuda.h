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

/* The GPU engine's scan kernels (gpuscan.kernel). */
typedef enum GsKernel
{
	GS_KERNEL_KOGGE_STONE = 1,	/* hierarchical, Kogge-Stone block scans */
	GS_KERNEL_BRENT_KUNG = 2,	/* hierarchical, Brent-Kung block scans */
	GS_KERNEL_SINGLE_PASS = 3	/* decoupled look-back */
} GsKernel;

/* How a GPU scan is run (from the gpuscan.* settings). */
typedef struct GsGpuConfig
{
	GsKernel	kernel;
	int			pinned_mb;		/* pinned staging buffers in all; 0: pageable copies */
	int			copy_threads;	/* host copy threads, the caller included; 0: auto */
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

/* Where a GPU scan spent its time. */
typedef struct GsGpuTimes
{
	double		h2d_ms;			/* copies to the device (CUDA events, summed over chunks) */
	double		kernel_ms;		/* kernels (summed over chunks) */
	double		d2h_ms;			/* copies back (summed over chunks) */
	double		stage_ms;		/* host copies into and out of pinned staging */
	double		plan_ms;		/* the plan, on the host (and the GPU when replanned) */
	int			chunks;
	bool		replanned;		/* a speculative plan did not cover the data */
} GsGpuTimes;

/* Widest accumulator the GPU engine scans with. */
#define GS_GPU_MAX_ACC_BITS 128

/*
 * Create the CUDA context on first use (device 0 of those visible).  GS_OK,
 * or GS_ERR_NO_DEVICE (no driver or device, or one older than
 * GS_MIN_COMPUTE_CAPABILITY, checked before any context exists) /
 * GS_ERR_CUDA with a message.  fault: a GsFault to inject (tests only).
 */
extern GsStatus gs_cuda_init(int fault, char *msg, size_t msglen);

/*
 * Scan on the GPU.  Floats of more than 2^20 values get a speculative plan
 * from a sample, checked by the GPU against every value; if it does not
 * cover the data, the exact plan is computed on the GPU and the scan redone.
 * The array streams through pinned staging buffers in chunks, copies and
 * kernels overlapping.  GS_ERR_GPU_UNSUPPORTED when the exponent range needs
 * more than GS_GPU_MAX_ACC_BITS, GS_ERR_GPU_OUT_OF_MEMORY when device memory
 * runs out (the caller may use the CPU engine); GS_ERR_CUDA with CUDA's
 * message for other failures, after which the next call starts with a fresh
 * context.  res->acc_bits is the accumulator used.
 */
extern GsStatus gs_cuda_scan(const GsScanSpec *spec, const GsGpuConfig *cfg,
							 GsScanResult *res, GsGpuTimes *times);

/* Free the engine's device buffers (the context stays). */
extern void gs_cuda_release(void);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_CUDA_H */
