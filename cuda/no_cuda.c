/*
 * cuda/no_cuda.c — the GPU engine's interface in a build without CUDA
 * (make WITH_CUDA=0): there is no GPU.  The GPU service starts, finds none,
 * and says why.
 */
#include "gpuscan_cuda.h"

#include <stdio.h>

#define NO_CUDA "this gpuscan library was built without CUDA (WITH_CUDA=0)"

/* Say that there is no device. */
static GsStatus
NoDevice(char *msg, size_t msglen)
{
	snprintf(msg, msglen, NO_CUDA);
	return GS_ERR_NO_DEVICE;
}

/* No devices: say why. */
int
gs_cuda_open(GsDeviceInfo *info, int fault, char *msg, size_t msglen)
{
	snprintf(msg, msglen, NO_CUDA);
	return 0;
}

/* Nothing to page-lock for. */
GsStatus
gs_cuda_register(void *p, size_t bytes, char *msg, size_t msglen)
{
	return NoDevice(msg, msglen);
}

/* No device runs chunks. */
GsStatus
gs_cuda_chunk_issue(int dev, int lane, GsChunk *chunk, char *msg, size_t msglen)
{
	return NoDevice(msg, msglen);
}

/* No device runs chunks. */
GsStatus
gs_cuda_chunk_finish(int dev, int lane, GsChunk *chunk, char *msg, size_t msglen)
{
	return gs_cuda_chunk_issue(dev, lane, chunk, msg, msglen);
}

/* Nothing runs, so nothing waits. */
int
gs_cuda_chunk_done(int dev, int lane)
{
	return 1;
}

/* No device to reset. */
GsStatus
gs_cuda_reset(int dev, char *msg, size_t msglen)
{
	return gs_cuda_chunk_issue(dev, 0, NULL, msg, msglen);
}

/* No page-locked memory. */
void *
gs_cuda_pinned_alloc(int dev, size_t bytes)
{
	return NULL;
}

/* Nothing to free. */
void
gs_cuda_pinned_free(int dev, void *p)
{
}

/* No buffers. */
void
gs_cuda_release(int dev)
{
}

/* No buffers. */
size_t
gs_cuda_buffer_bytes(int dev)
{
	return 0;
}
