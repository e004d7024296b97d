/*
 * core/source.c — the chunk source (core/source.h): values in memory, or
 * read through a reader, a window at a time.
 */
#include "source.h"
#include "host_copy.h"

#include <string.h>
#include <time.h>

/* Monotonic milliseconds. */
static double
NowMs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

/* A source over packed values in memory. */
void
gs_source_memory(GsSource *src, const void *values, int64_t nbytes)
{
	memset(src, 0, sizeof(*src));
	src->values = values;
	src->nbytes = nbytes;
}

/* Copy a byte range of the packed values into dst. */
void
gs_source_copy(GsSource *src, int64_t offset, size_t nbytes, void *dst)
{
	double		t0 = NowMs();

	if (src->values)
		gs_copy(dst, (const char *) src->values + offset, nbytes);
	else
		src->read(src->ctx, offset, nbytes, dst);
	src->read_ms += NowMs() - t0;
	src->reads++;
}

/* Start a window over src. */
int
gs_window_init(GsWindow *w, GsSource *src, int size)
{
	memset(w, 0, sizeof(*w));
	w->src = src;
	w->size = size;
	w->total = src->nbytes / size;
	if (src->values)
	{
		w->cap = w->total;
		return 1;
	}
	w->cap = (int64_t) (src->window_bytes / (size_t) size);
	w->buf = src->window;
	return src->window != NULL && w->cap > 0;
}

/* Start a window over src in its lag window. */
int
gs_window_init_lag(GsWindow *w, GsSource *src, int size)
{
	int			ok = gs_window_init(w, src, size);

	if (src->values)
		return ok;
	w->cap = (int64_t) (src->lag_window_bytes / (size_t) size);
	w->buf = src->lag_window;
	return src->lag_window != NULL && w->cap > 0;
}

/* Read exactly the values [k, k + m) into the window. */
const char *
gs_window_read(GsWindow *w, int64_t k, int64_t m)
{
	double		t0 = NowMs();

	w->src->read(w->src->ctx, k * w->size, (size_t) m * w->size, w->buf);
	w->src->read_ms += NowMs() - t0;
	w->src->reads++;
	w->first = k;
	w->n = m;
	return w->buf;
}

/* Read the window afresh from value k on. */
const char *
gs_window_fill(GsWindow *w, int64_t k, int64_t n)
{
	(void) n;
	return gs_window_read(w, k, w->total - k < w->cap ? w->total - k : w->cap);
}
