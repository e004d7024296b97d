/*
 * cpu/driver.c — the exact CPU engine's entry point, gs_cpu_scan: one
 * iterator over the rows of an array, block by block, with interrupt checks
 * between blocks, that running totals and running maxima and minima both
 * use.  What is done to a block is the operator's (cpu/cpu.h).  The values
 * come through the chunk source (core/source.h): where they lie in memory,
 * or read a window at a time (TOAST slices) and scanned while they are in
 * the cache; the results are written once, where the caller wants them.
 */
#include "cpu.h"

#include <stdio.h>

_Static_assert(GS_RUN_LIMBS == GS_MAX_LIMBS, "a GsRunState's sum is a Carry's limbs");

/*
 * One operator's work on the rows of an array: row_start clears the running
 * state at the start of a row, block scans the next n stored values of the
 * row (in_size and out_size bytes each) and returns the index of its first
 * output that is out of range, or -1.
 */
typedef struct RowScan
{
	void	   *ctx;
	int			in_size;
	int			out_size;
	void		(*row_start) (void *ctx);
	int64_t		(*block) (void *ctx, const char *in, char *out, int64_t n);
} RowScan;

/*
 * Scan every row of the array, GS_CPU_BLOCK_VALUES values at a time, calling
 * spec->interrupt between blocks every GS_INTERRUPT_INTERVAL values.
 * Returns the index among the stored values of the first output out of
 * range, or -1.  Inlined into each caller, so the operator's calls are
 * direct.
 */
static inline __attribute__((always_inline)) int64_t
ScanRows(const GsScanSpec *spec, GsWindow *win, const RowScan *rs)
{
	char	   *out = (char *) spec->result;
	int64_t		nrows = spec->nitems > 0 ? spec->nitems / spec->row_len : 0;
	int64_t		done = 0;		/* values scanned */
	int64_t		since = 0;		/* values since the last interrupt check */
	int64_t		row;

	for (row = 0; row < nrows; row++)
	{
		int64_t		n = spec->nulls
			? gs_bitmap_count(spec->nulls, row * spec->row_len, spec->row_len)
			: spec->row_len;

		rs->row_start(rs->ctx);
		while (n > 0)
		{
			int64_t		chunk = n < GS_CPU_BLOCK_VALUES ? n : GS_CPU_BLOCK_VALUES;
			const char *in;
			int64_t		bad;

			if (since >= GS_INTERRUPT_INTERVAL && spec->interrupt)
			{
				spec->interrupt();
				since = 0;
			}
			/* a block never straddles the window's end: it ends there */
			if (!win->src->values && done + chunk > win->first + win->n && done < win->first + win->n)
				chunk = win->first + win->n - done;
			in = gs_window_at(win, done, chunk);
			bad = rs->block(rs->ctx, in, out + done * rs->out_size, chunk);
			if (bad >= 0)
				return done + bad;
			done += chunk;
			since += chunk;
			n -= chunk;
		}
	}
	return -1;
}

/* A row's running total: the exact carry between its blocks. */
typedef struct SumRow
{
	GsElemType	type;
	bool		exclusive;
	const GsRunState *init;		/* where the (one) row starts, or NULL */
	int			acc_bits;		/* the widest float accumulator used */
	Carry		carry;
	RowState	st;
	uint64_t	scratch[GS_MAX_LIMBS];
} SumRow;

/* A new row's total: zero. */
static void
SumRowStart(void *ctx)
{
	SumRow	   *s = (SumRow *) ctx;

	memset(&s->st, 0, sizeof(s->st));
	CarryClear(&s->carry);
	if (s->init)
	{
		/* the exact total before the row: the carry (floats), the sum (integers) */
		CarryFromLimbs(&s->carry, s->init->w, s->init->unit);
		s->st.flags = s->init->flags;
		s->st.acc64 = (int64_t) s->init->w[0];
	}
}

/* Running totals of one block of a row. */
static int64_t
SumBlock(void *ctx, const char *in, char *out, int64_t n)
{
	SumRow	   *s = (SumRow *) ctx;
	int			bits = 0;
	int64_t		bad;

	if (s->type != GS_FLOAT4 && s->type != GS_FLOAT8)
		return gs_cpu_int_block(s->type, in, out, n, &s->st, s->exclusive);
	bad = gs_cpu_float_block(in, out, n, s->type == GS_FLOAT8, s->exclusive,
							 &s->carry, &s->st, s->scratch, &bits);
	s->acc_bits = bits > s->acc_bits ? bits : s->acc_bits;
	return bad;
}

/* A row's running maximum or minimum. */
typedef struct OrderRow
{
	GsElemType	type;
	int			is_min;
	const GsRunState *init;		/* where the (one) row starts, or NULL */
	OrderState	st;
} OrderRow;

/* A new row: no extreme yet, or the one before it. */
static void
OrderRowStart(void *ctx)
{
	OrderRow   *o = (OrderRow *) ctx;

	memset(&o->st, 0, sizeof(OrderState));
	if (o->init && o->init->nvalues > 0)
	{
		o->st.any = true;
		o->st.key = gs_order_key(o->type == GS_FLOAT4 || o->type == GS_FLOAT8,
								 gs_type_size(o->type), o->init->bits, o->is_min);
		o->st.bits = o->init->bits;
	}
}

/* Running maxima or minima of one block of a row: never out of range. */
static int64_t
OrderBlock(void *ctx, const char *in, char *out, int64_t n)
{
	OrderRow   *o = (OrderRow *) ctx;

	gs_cpu_order_block(o->type, in, out, n, o->is_min, &o->st);
	return -1;
}

/* The exact CPU engine: scan every row of the array. */
GsStatus
gs_cpu_scan(const GsScanSpec *spec, GsScanResult *res)
{
	bool		isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	GsSource	memory;
	GsSource   *src = spec->source;
	GsWindow	win;
	int64_t		bad;

	/* field by field: a small array's call should not clear the message's 256 bytes */
	res->status = GS_OK;
	res->message[0] = '\0';
	res->error_position = -1;
	res->acc_bits = isfloat && spec->op == GS_OP_SUM ? 0 : 64;
	if (!gs_spec_ok(spec, res))
		return res->status;
	if (src == NULL)
	{
		gs_source_memory(&memory, spec->values, 0);
		src = &memory;
	}
	if (!gs_window_init(&win, src, gs_type_size(spec->type)) ||
		(src->values == NULL && win.cap < GS_CPU_BLOCK_VALUES))
	{
		snprintf(res->message, sizeof(res->message), "the CPU engine needs a window of %d values to read into",
				 GS_CPU_BLOCK_VALUES);
		return res->status = GS_ERR_INTERNAL;
	}

	if (GS_OP_IS_WINDOW(spec->op))
	{
		bad = gs_cpu_window_scan(spec, &win, &res->acc_bits);
		if (bad == -2)
		{
			snprintf(res->message, sizeof(res->message), "the CPU engine needs a second window of %d values to read a moving window's values from", GS_CPU_BLOCK_VALUES);
			return res->status = GS_ERR_INTERNAL;
		}
	}
	else if (spec->op == GS_OP_SUM)
	{
		SumRow		sum;
		RowScan		rs = {&sum, gs_type_size(spec->type), gs_result_size(spec->type),
		SumRowStart, SumBlock};

		sum.type = spec->type;
		sum.exclusive = spec->exclusive;
		sum.init = spec->init;
		sum.acc_bits = res->acc_bits;
		bad = ScanRows(spec, &win, &rs);
		res->acc_bits = sum.acc_bits;
	}
	else
	{
		OrderRow	order;
		RowScan		rs = {&order, gs_type_size(spec->type), gs_type_size(spec->type),
		OrderRowStart, OrderBlock};

		order.type = spec->type;
		order.is_min = spec->op == GS_OP_MIN;
		order.init = spec->init;
		bad = ScanRows(spec, &win, &rs);
	}
	if (bad >= 0)
	{
		res->status = isfloat || GS_OP_IS_MOMENTS(spec->op) ? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE;
		res->error_position = gs_value_position(spec, bad);
	}
	return res->status;
}
