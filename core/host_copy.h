/*
 * core/host_copy.h — parallel host memory copies, for moving arrays into
 * and out of the GPU service's pinned ring.
 */
#ifndef GPUSCAN_HOST_COPY_H
#define GPUSCAN_HOST_COPY_H

#include <stddef.h>

#ifdef __cplusplus
extern "C"
{
#endif

/*
 * Start up to nthreads - 1 copy threads (the caller is the last one); 0 picks
 * from the CPU count.  Threads start with every signal blocked, never call
 * into PostgreSQL, and live as long as the process.  Returns the number of
 * threads that will copy, the caller included.
 */
extern int	gs_copy_init(int nthreads);

/*
 * dst = src, bytes long, split over the copy threads; large copies use
 * non-temporal stores where the CPU has AVX-512.  Returns when done.
 */
extern void gs_copy(void *dst, const void *src, size_t bytes);

/* Two copies at once, split over the copy threads (len2 may be 0). */
extern void gs_copy2(void *dst1, const void *src1, size_t len1,
					 void *dst2, const void *src2, size_t len2);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_HOST_COPY_H */
