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

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_CUDA_H */
