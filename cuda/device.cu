/*
 * cuda/device.cu — CUDA device discovery for gpuscan_devices().
 */
#include "gpuscan_cuda.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

/* Is this error what CUDA says when there is no usable driver or device? */
static bool
NoDeviceError(cudaError_t err)
{
	return err == cudaErrorNoDevice || err == cudaErrorInsufficientDriver ||
		err == cudaErrorInitializationError || err == cudaErrorSystemDriverMismatch ||
		err == cudaErrorCompatNotSupportedOnDevice || err == cudaErrorStubLibrary ||
		err == cudaErrorDevicesUnavailable || err == cudaErrorNotSupported;
}

/* Number of usable CUDA devices (0 without driver or device), -1 on error. */
extern "C" int
gs_cuda_device_count(char *msg, size_t msglen)
{
	int			n = 0;
	cudaError_t err = cudaGetDeviceCount(&n);

	if (err == cudaSuccess)
		return n;
	(void) cudaGetLastError();	/* clear the sticky-free error state */
	if (NoDeviceError(err))
		return 0;
	snprintf(msg, msglen, "cudaGetDeviceCount: %s", cudaGetErrorString(err));
	return -1;
}

/* Describe one device. */
extern "C" GsStatus
gs_cuda_device_info(int id, GsDeviceInfo *info, char *msg, size_t msglen)
{
	cudaDeviceProp prop;
	cudaError_t err = cudaGetDeviceProperties(&prop, id);

	memset(info, 0, sizeof(*info));
	if (err != cudaSuccess)
	{
		snprintf(msg, msglen, "cudaGetDeviceProperties(%d): %s", id,
				 cudaGetErrorString(err));
		return GS_ERR_CUDA;
	}
	info->device_id = id;
	snprintf(info->name, sizeof(info->name), "%s", prop.name);
	info->cc_major = prop.major;
	info->cc_minor = prop.minor;
	info->multiprocessors = prop.multiProcessorCount;
	info->supported = prop.major * 10 + prop.minor >= GS_MIN_COMPUTE_CAPABILITY;
	info->total_memory_mb = (int64_t) (prop.totalGlobalMem >> 20);
	if (cudaDriverGetVersion(&info->driver_version) != cudaSuccess)
		info->driver_version = 0;
	if (cudaRuntimeGetVersion(&info->runtime_version) != cudaSuccess)
		info->runtime_version = 0;
	return GS_OK;
}
