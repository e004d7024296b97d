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
 * Let up to nthreads - 1 copy threads help the caller (0 picks from the CPU
 * count).  Threads are started when a copy first needs them, with every
 * signal blocked; they never call into PostgreSQL and live as long as the
 * process.  Returns the most threads that will copy, the caller included.
 */
extern int	gs_copy_init(int nthreads);

/*
 * A bound on copy threads shared with other processes (the GPU service's
 * shared memory, src/service_client.c): acquire returns how many of want
 * helpers may run now (0 to want), release gives them back.  Without one,
 * every copy gets all of this process's helpers.
 */
typedef struct GsThreadBudget
{
	int			(*acquire) (int want);
	void		(*release) (int n);
} GsThreadBudget;

extern void gs_copy_set_budget(const GsThreadBudget *budget);

/*
 * How a large copy writes: non-temporal stores, for memory already touched
 * that is not read again soon (a pinned staging buffer), or ordinary ones,
 * for freshly allocated memory (its first write faults each page in, and
 * the kernel's zeroing has just left its lines in the cache, where
 * non-temporal stores would evict them: measured 1.8x slower).
 */
typedef enum GsCopyStores
{
	GS_COPY_STREAM,
	GS_COPY_CACHED
} GsCopyStores;

/*
 * dst = src, bytes long, split over the copy threads; large copies use
 * non-temporal stores where the CPU has AVX-512 and how asks for them.
 * Returns when done.
 */
extern void gs_copy_to(void *dst, const void *src, size_t bytes, GsCopyStores how);

/* gs_copy_to with non-temporal stores (a staging buffer). */
extern void gs_copy(void *dst, const void *src, size_t bytes);


#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_HOST_COPY_H */
