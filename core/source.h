/*
 * core/source.h — the chunk source: where a scan's values come from.
 *
 * An array's packed values are either in memory (the argument as PostgreSQL
 * handed it, or its detoasted copy), or read piece by piece by a reader:
 * src/toast_source.c reads slices of an uncompressed out-of-line TOAST value
 * straight into where they are consumed, a ring segment of the GPU service
 * (core/chunked.c) or the CPU engine's cache-sized window (cpu/driver.c).
 * Both engines take their values through this layer and nothing else, so
 * neither ever needs the whole array in private memory.
 *
 * A reader runs on the calling thread only (it may call PostgreSQL) and may
 * not return (an ERROR); the engines call it where nothing of theirs is
 * left to clean up but what the caller owns.  No PostgreSQL header here.
 */
#ifndef GPUSCAN_SOURCE_H
#define GPUSCAN_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

/*
 * Bytes in front of every dst a reader writes to that it may use as well
 * (the TOAST reader's varlena header: PostgreSQL writes a slice after
 * one).  Whoever hands a reader memory leaves this much room before it.
 */
#define GS_SOURCE_HEADROOM	64

typedef struct GsSource
{
	const void *values;			/* every packed value in memory, or NULL: read them */
	int64_t		nbytes;			/* bytes of packed values (0: unknown, in memory) */
	void	   *ctx;
	/* copy nbytes of the packed values from byte offset on into dst */
	void		(*read) (void *ctx, int64_t offset, size_t nbytes, void *dst);
	/* the CPU engine's window over a reader: the caller's memory (headroom before it) */
	char	   *window;
	size_t		window_bytes;
	/* a second one, for the values leaving a moving window (cpu/window.c) */
	char	   *lag_window;
	size_t		lag_window_bytes;
	/* what reading cost: wall time in read (or the memory copies), calls */
	double		read_ms;
	int64_t		reads;
} GsSource;

/* A source over packed values in memory. */
extern void gs_source_memory(GsSource *src, const void *values, int64_t nbytes);

/*
 * Copy bytes [offset, offset + nbytes) of the packed values into dst: from
 * memory (with the copy threads, core/host_copy.c) or through the reader.
 */
extern void gs_source_copy(GsSource *src, int64_t offset, size_t nbytes, void *dst);

/*
 * A forward window over a source's values of size bytes each: values in
 * memory are used where they lie; a reader's are read into src->window a
 * window at a time, from the first value asked for that is not in it.
 */
typedef struct GsWindow
{
	GsSource   *src;
	int			size;			/* bytes per value */
	int64_t		total;			/* values in the source */
	int64_t		first;			/* the window holds values [first, first + n) */
	int64_t		n;
	int64_t		cap;			/* values the window holds at most */
	char	   *buf;			/* where they are read to: src->window, or src->lag_window */
} GsWindow;

/* Start a window over src; false when a reader source has no window memory. */
extern int	gs_window_init(GsWindow *w, GsSource *src, int size);

/* Start a window over src in its lag_window; false as gs_window_init. */
extern int	gs_window_init_lag(GsWindow *w, GsSource *src, int size);

/* Read the window afresh from value k on (k + n <= total, n <= cap). */
extern const char *gs_window_fill(GsWindow *w, int64_t k, int64_t n);

/* Read exactly the values [k, k + m) into the window (m <= cap). */
extern const char *gs_window_read(GsWindow *w, int64_t k, int64_t m);

/*
 * The values [k, k + n) (n <= w->cap), contiguous: where they lie in memory,
 * or in the window, read when they are not all in it.  Calls must move
 * forward (k never below an earlier call's).
 */
static inline const char *
gs_window_at(GsWindow *w, int64_t k, int64_t n)
{
	if (w->src->values)
		return (const char *) w->src->values + (size_t) k * w->size;
	if (k >= w->first && k + n <= w->first + w->n)
		return w->buf + (size_t) (k - w->first) * w->size;
	return gs_window_fill(w, k, n);
}

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_SOURCE_H */
