/*
 * core/host_copy.c — parallel host memory copies for the GPU path.
 *
 * Moving an array between PostgreSQL's memory and pinned staging buffers
 * is plain memcpy work, and one core cannot keep up with PCIe (measured:
 * see test/bench/NOTES.md).  A few threads share each copy in slices.  They are
 * created with every signal blocked, so PostgreSQL's signal handling stays
 * on the backend's own thread, and they touch nothing of PostgreSQL's.
 * How many help with a copy is what a budget shared by the whole server
 * grants (gs_copy_set_budget): many connections copying at once share a
 * few threads instead of each running its own.
 */
#include "host_copy.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) && !defined(GS_PORTABLE_ONLY)
#include <immintrin.h>
#endif

#define MAX_THREADS 16
#define SLICE_MIN	(256 * 1024)	/* no thread copies less */

/*
 * The copy in progress: up to two segments, seen as one byte range split in
 * slices that an atomic counter hands out.
 */
static struct
{
	char	   *dst[2];
	const char *src[2];
	size_t		len[2];
	size_t		bytes;
	size_t		slice;
	int			nt;				/* non-temporal stores */
	int			nslices;
	int			next;			/* next slice to take */
	int			done;			/* slices finished */
	int			active;			/* workers inside the job (under mu) */
	int			tickets;		/* workers that may still join it (under mu) */
	uint64_t	generation;		/* bumped for each copy */
} job;

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static pthread_cond_t finished = PTHREAD_COND_INITIALIZER;
static int	max_workers = -1;	/* helpers this process may start */
static int	nworkers;			/* helpers started */
static int	use_nt = -1;
static const GsThreadBudget *budget;

#if defined(__x86_64__) && !defined(GS_PORTABLE_ONLY)
/* Copy with 64-byte non-temporal stores (dst 64-byte aligned from here on). */
__attribute__((target("avx512f"))) static void
CopyNT(char *dst, const char *src, size_t bytes)
{
	size_t		head = (64 - ((uintptr_t) dst & 63)) & 63;
	size_t		i;

	if (head > bytes)
		head = bytes;
	memcpy(dst, src, head);
	dst += head;
	src += head;
	bytes -= head;
	for (i = 0; i + 256 <= bytes; i += 256)
	{
		__m512i		a = _mm512_loadu_si512(src + i);
		__m512i		b = _mm512_loadu_si512(src + i + 64);
		__m512i		c = _mm512_loadu_si512(src + i + 128);
		__m512i		d = _mm512_loadu_si512(src + i + 192);

		_mm512_stream_si512((__m512i *) (dst + i), a);
		_mm512_stream_si512((__m512i *) (dst + i + 64), b);
		_mm512_stream_si512((__m512i *) (dst + i + 128), c);
		_mm512_stream_si512((__m512i *) (dst + i + 192), d);
	}
	memcpy(dst + i, src + i, bytes - i);
	_mm_sfence();
}
#endif

/* Copy len bytes, with non-temporal stores when nt and the CPU has AVX-512. */
static void
CopyBytes(char *dst, const char *src, size_t len, int nt)
{
#if defined(__x86_64__) && !defined(GS_PORTABLE_ONLY)
	if (nt && use_nt)
	{
		CopyNT(dst, src, len);
		return;
	}
#endif
	memcpy(dst, src, len);
}

/* Copy one slice of the current job (it may straddle the two segments). */
static void
CopySlice(int k)
{
	size_t		off = (size_t) k * job.slice;
	size_t		end = off + job.slice <= job.bytes ? off + job.slice : job.bytes;

	for (int s = 0; s < 2 && off < end; s++)
	{
		size_t		seg_lo = s == 0 ? 0 : job.len[0];
		size_t		seg_hi = seg_lo + job.len[s];

		if (off < seg_hi)
		{
			size_t		stop = end < seg_hi ? end : seg_hi;

			CopyBytes(job.dst[s] + (off - seg_lo), job.src[s] + (off - seg_lo), stop - off, job.nt);
			off = stop;
		}
	}
}

/* Take and copy slices until none are left; returns how many were copied. */
static int
TakeSlices(void)
{
	int			copied = 0;

	for (;;)
	{
		int			k = __atomic_fetch_add(&job.next, 1, __ATOMIC_ACQ_REL);

		if (k >= job.nslices)
			return copied;
		CopySlice(k);
		copied++;
	}
}

/*
 * A copy thread: wait for a job, help with it, repeat.  While a worker is
 * active it reads the job's fields without the mutex, so gs_copy changes
 * them only when no worker is active.
 */
static void *
Worker(void *arg)
{
	uint64_t	seen = 0;

	(void) arg;
	for (;;)
	{
		int			copied;

		pthread_mutex_lock(&mu);
		while (job.generation == seen || job.tickets == 0)
		{
			seen = job.generation;	/* a copy without a ticket for us: skip it */
			pthread_cond_wait(&go, &mu);
		}
		seen = job.generation;
		job.tickets--;
		job.active++;
		pthread_mutex_unlock(&mu);

		copied = TakeSlices();

		pthread_mutex_lock(&mu);
		job.done += copied;
		job.active--;
		if (job.active == 0 || job.done == job.nslices)
			pthread_cond_broadcast(&finished);
		pthread_mutex_unlock(&mu);
	}
	return NULL;
}

/* How many helpers this process may start (once): from nthreads, or the CPU count. */
int
gs_copy_init(int nthreads)
{
	if (max_workers >= 0)
		return max_workers + 1;
#if defined(__x86_64__) && !defined(GS_PORTABLE_ONLY)
	__builtin_cpu_init();
	use_nt = __builtin_cpu_supports("avx512f");
#else
	use_nt = 0;
#endif
	if (nthreads <= 0)
	{
		long		ncpu = sysconf(_SC_NPROCESSORS_ONLN);

		nthreads = ncpu >= 16 ? 8 : ncpu >= 4 ? (int) ncpu / 2 : 1;
	}
	if (nthreads > MAX_THREADS)
		nthreads = MAX_THREADS;
	max_workers = nthreads - 1;
	return nthreads;
}

/* Share copy threads with other processes through a budget. */
void
gs_copy_set_budget(const GsThreadBudget *b)
{
	budget = b;
}

/* Have n helpers running (start those missing, every signal blocked); how many there are. */
static int
StartWorkers(int n)
{
	sigset_t	all,
				old;

	if (n <= nworkers)
		return nworkers;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	while (nworkers < n)
	{
		pthread_t	t;

		if (pthread_create(&t, NULL, Worker, NULL) != 0)
			break;
		pthread_detach(t);
		nworkers++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return nworkers;
}

/* Two copies at once, split over the copy threads (len2 may be 0). */
static void
Copy2(void *dst1, const void *src1, size_t len1,
	  void *dst2, const void *src2, size_t len2, int nt)
{
	size_t		bytes = len1 + len2;
	int			copied;
	int			want,
				helpers;

	if (max_workers < 0)
		gs_copy_init(0);
	want = (int) (bytes / (2 * SLICE_MIN));
	want = want < max_workers ? want : max_workers;
	helpers = want <= 0 ? 0 : budget ? budget->acquire(want) : want;
	if (helpers > 0)
	{
		int			have = StartWorkers(helpers);

		if (have < helpers)
		{
			if (budget)
				budget->release(helpers - have);
			helpers = have;
		}
	}
	if (helpers == 0)
	{
		nt = nt && bytes >= 2 * SLICE_MIN;
		if (len1)
			CopyBytes((char *) dst1, (const char *) src1, len1, nt);
		if (len2)
			CopyBytes((char *) dst2, (const char *) src2, len2, nt);
		return;
	}
	pthread_mutex_lock(&mu);
	while (job.active > 0)		/* a late worker may still be in the last job */
		pthread_cond_wait(&finished, &mu);
	job.dst[0] = (char *) dst1;
	job.src[0] = (const char *) src1;
	job.len[0] = len1;
	job.dst[1] = (char *) dst2;
	job.src[1] = (const char *) src2;
	job.len[1] = len2;
	job.bytes = bytes;
	job.nt = nt;
	job.nslices = (int) ((bytes + SLICE_MIN - 1) / SLICE_MIN);
	if (job.nslices > 4 * (helpers + 1))
		job.nslices = 4 * (helpers + 1);
	job.slice = (bytes + job.nslices - 1) / job.nslices;
	job.slice = (job.slice + 63) & ~(size_t) 63;
	job.nslices = (int) ((bytes + job.slice - 1) / job.slice);
	job.next = 0;
	job.done = 0;
	job.tickets = helpers;
	job.generation++;
	pthread_cond_broadcast(&go);
	pthread_mutex_unlock(&mu);

	copied = TakeSlices();

	pthread_mutex_lock(&mu);
	job.done += copied;
	while (job.done < job.nslices || job.active > 0)
		pthread_cond_wait(&finished, &mu);
	job.tickets = 0;			/* helpers that woke too late stay out */
	pthread_mutex_unlock(&mu);
	if (budget)
		budget->release(helpers);
}

/* dst = src, split over the copy threads, with the stores how asks for. */
void
gs_copy_to(void *dst, const void *src, size_t bytes, GsCopyStores how)
{
	Copy2(dst, src, bytes, NULL, NULL, 0, how == GS_COPY_STREAM);
}

/* dst = src into a staging buffer: non-temporal stores. */
void
gs_copy(void *dst, const void *src, size_t bytes)
{
	gs_copy_to(dst, src, bytes, GS_COPY_STREAM);
}
