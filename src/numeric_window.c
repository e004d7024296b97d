/*
 * src/numeric_window.c — the window forms of the numeric scans (since
 * 1.5): gpu_cumsum(x numeric) OVER (...) and the others, each row's result
 * what the numeric array function gives at its position of the
 * partition's x (src/numeric_scan.c), so what PostgreSQL's own sum, max,
 * min or avg over the row's frame gives.
 *
 * As src/window.c does for the other types, the partition is read a block
 * of rows at a time (the mark at the block's first row, so that the rows
 * behind it may go), each row's value copied into the block's arena, and
 * the block scanned as a one-row array.  Between blocks:
 *
 *   - running operators carry their state as the block's first position:
 *     the running total of the finite values so far, at the largest
 *     display scale so far, or the extreme so far, and the counts of
 *     values, NaNs and infinities before (NumCarry);
 *   - moving windows carry the last window - 1 positions of the block
 *     before (their values and null bits), as src/window.c does.
 *
 * Results are written into the block's buffer, and each row's result
 * points there.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "utils/builtins.h"
#include "utils/memutils.h"
#include "windowapi.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "numeric.h"


/* The buffers of a block, kept for the query (fn_extra). */
typedef struct NumWinBuffers
{
	int64		cap;			/* positions they hold */
	uint8	   *valid;			/* a bit per position: a value there */
	Size	   *voff;			/* per value: where in arena */
	const char **values;		/* per value: its varlena */
	char	   *arena;			/* the values, int-aligned */
	Size		arena_len;
	Size		arena_cap;
	int64	   *offsets;		/* per result: where in out */
	NumOut		out;
} NumWinBuffers;

/* One window function's state in a partition (partition-local, zeroed at its start). */
typedef struct NumWinPart
{
	GsWinRows	rows;			/* where the partition's rows stand */
	/* the block now (its rows: rows) */
	int64		pre;			/* positions before its new rows: window tail or carry */
	int64		tail;			/* of which the window's tail */
	/* running operators: the state after the rows so far */
	bool		has_carry;
	NumCarry	carry;
	char	   *carry_value;	/* in the partition's memory */
} NumWinPart;

/* Room for cap positions in the query's buffers (the positions kept before are kept). */
static NumWinBuffers *
Buffers(FunctionCallInfo fcinfo, int64 cap)
{
	NumWinBuffers *b = (NumWinBuffers *) fcinfo->flinfo->fn_extra;
	MemoryContext cxt = fcinfo->flinfo->fn_mcxt;

	if (b == NULL)
	{
		b = MemoryContextAllocZero(cxt, sizeof(NumWinBuffers));
		b->out.cxt = cxt;
		fcinfo->flinfo->fn_extra = b;
	}
	if (b->cap < cap)
	{
		int64		n = Max(cap, 2 * b->cap);
		uint8	   *nb = MemoryContextAllocZero(cxt, (Size) (n + 7) / 8 + 8);
		Size	   *vo = MemoryContextAllocHuge(cxt, (Size) n * sizeof(Size));

		if (b->cap > 0)
		{
			memcpy(nb, b->valid, (Size) (b->cap + 7) / 8);
			memcpy(vo, b->voff, (Size) b->cap * sizeof(Size));
			pfree(b->valid);
			pfree(b->voff);
			pfree(b->values);
			pfree(b->offsets);
		}
		b->valid = nb;
		b->voff = vo;
		b->values = MemoryContextAllocHuge(cxt, (Size) n * sizeof(char *));
		b->offsets = MemoryContextAllocHuge(cxt, (Size) n * sizeof(int64));
		b->cap = n;
	}
	return b;
}

/* Append a numeric varlena to the block's arena (as it is: any header), as value k. */
static void
ArenaAdd(FunctionCallInfo fcinfo, NumWinBuffers *b, int64 k, const char *ptr)
{
	Size		n = VARSIZE_ANY(ptr);
	Size		at = INTALIGN(b->arena_len);

	if (at + n > b->arena_cap)
	{
		Size		cap = Max(at + n, Max(2 * b->arena_cap, 65536));
		char	   *na = MemoryContextAllocHuge(fcinfo->flinfo->fn_mcxt, cap);

		if (b->arena)
		{
			memcpy(na, b->arena, b->arena_len);
			pfree(b->arena);
		}
		b->arena = na;
		b->arena_cap = cap;
	}
	memcpy(b->arena + at, ptr, n);
	b->voff[k] = at;
	b->arena_len = at + n;
}

/*
 * Read and scan the block whose first new row is the current row, cur:
 * what is kept from the block before, the new rows, one scan.
 */
static void
NextBlock(FunctionCallInfo fcinfo, WindowObject winobj, NumWinPart *wp, GsScanOp op, int64 cur)
{
	int64		want = gpuscan_window_block_rows(&wp->rows);
	int64		tail = 0,
				pre = 0,
				kept = 0,
				nv,
				newvals = 0,
				i;
	NumWinBuffers *b;
	NumBlock	blk;
	GsCall		call;

	/* the last window - 1 positions of the block before go first, or the carry */
	if (wp->rows.moving)
		tail = Min(wp->rows.window - 1, wp->tail + wp->rows.nrows);
	pre = wp->rows.moving ? tail : wp->has_carry ? 1 : 0;
	b = Buffers(fcinfo, pre + want);
	if (tail > 0)
	{
		int64		from = wp->pre + wp->rows.nrows - tail,
					v0 = gs_bitmap_count(b->valid, 0, from);
		Size		a0;

		kept = gs_bitmap_count(b->valid, from, tail);
		a0 = kept > 0 ? b->voff[v0] : 0;
		for (int64 k = 0; k < kept; k++)
			b->voff[k] = b->voff[v0 + k] - a0;
		memmove(b->arena, b->arena + a0, b->arena_len - a0);
		b->arena_len -= a0;
		for (int64 p = 0; p < tail; p++)
			gs_bit_set(b->valid, p, gs_bit_get(b->valid, from + p));
	}
	else
		b->arena_len = 0;
	if (!wp->rows.moving && wp->has_carry)
	{
		gs_bit_set(b->valid, 0, true);
		ArenaAdd(fcinfo, b, 0, wp->carry_value);
		kept = 1;
	}

	/* the new rows: the first one sets the mark, so the rows before it may go */
	nv = kept;
	for (i = 0; i < want; i++)
	{
		bool		isnull;
		int64		p = pre + i;
		Datum		d;

		if (!gpuscan_window_arg(winobj, &wp->rows, i, &d, &isnull))
			break;
		gs_bit_set(b->valid, p, !isnull);
		if (isnull)
			continue;
		ArenaAdd(fcinfo, b, nv++,
				 (const char *) pg_detoast_datum_packed((struct varlena *) DatumGetPointer(d)));
		newvals++;
	}
	wp->rows.first = cur;
	wp->pre = pre;
	wp->tail = tail;
	wp->rows.nrows = i;
	wp->rows.next_row = cur;
	wp->rows.next_value = 0;
	if (newvals == 0)
		return;					/* NULLs only: no result to make */

	for (int64 k = 0; k < nv; k++)
		b->values[k] = b->arena + b->voff[k];
	memset(&blk, 0, sizeof(blk));
	blk.op = op;
	blk.window = wp->rows.moving ? wp->rows.window : 0;
	blk.npos = pre + i;
	blk.row_len = blk.npos;
	blk.valid = b->valid;
	blk.nvalues = nv;
	blk.values = b->values;
	blk.skip = pre;
	blk.carry = !wp->rows.moving && wp->has_carry ? &wp->carry : NULL;

	b->out.len = 0;
	b->out.reserve = 0;
	b->out.offsets = b->offsets;
	b->out.want_next = !wp->rows.moving;
	b->out.next_cxt = GetMemoryChunkContext(wp);
	b->out.next_value = NULL;
	gpuscan_call_start(&call, (Datum) 0);
	call.input_kind = "rows";
	gpuscan_numeric_scan(&blk, &call, &b->out);
	if (!wp->rows.moving)
	{
		if (wp->carry_value)
			pfree(wp->carry_value);
		wp->carry_value = b->out.next_value;
		wp->carry = b->out.next;
		wp->has_carry = true;
	}
}

/* A numeric window form: the row's result from its block, the next block scanned when due. */
Datum
gpuscan_numeric_window(FunctionCallInfo fcinfo, GsScanOp op, const char *fname)
{
	WindowObject winobj = PG_WINDOW_OBJECT();
	NumWinPart *wp = (NumWinPart *) WinGetPartitionLocalMemory(winobj, sizeof(NumWinPart));
	int64		cur = WinGetCurrentPosition(winobj);
	NumWinBuffers *b;
	bool		read_block;
	int64		k;

	if (!wp->rows.started)
	{
		wp->rows.moving = GS_OP_IS_MOVING(op);
		wp->rows.started = true;
	}
	if (!gpuscan_window_row(winobj, &wp->rows, cur, &read_block, fname))
		PG_RETURN_NULL();
	if (read_block)
		NextBlock(fcinfo, winobj, wp, op, cur);
	b = (NumWinBuffers *) fcinfo->flinfo->fn_extra;
	k = gpuscan_window_result(&wp->rows, cur, b->valid, wp->pre, wp->pre + cur - wp->rows.first);
	if (k < 0)
		PG_RETURN_NULL();
	/*
	 * the result where the block's results lie, valid until the next call
	 * (which may scan the next block), as lag()'s is until the next row is
	 * fetched: the executor copies it where it must outlive that
	 */
	PG_RETURN_POINTER(b->out.buf + b->offsets[k]);
}
