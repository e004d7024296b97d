/*
 * src/numeric_scan.c — a block of numeric values scanned, as
 * PostgreSQL's own numeric aggregates would give each result.
 *
 * Each result is what sum(), avg(), max() or min() of numeric gives over
 * the position's frame: the row so far (running operators; for exclusive
 * totals the values before), or the window's last positions (moving
 * ones), NULL positions counted and their values skipped:
 *
 *   - sums and means: NaN when a NaN or both infinities are in the frame,
 *     else an infinity that is; else the exact sum of the finite values,
 *     its display scale the largest of theirs, or that sum divided by
 *     their count as numeric division does (a scale giving at least 16
 *     significant digits, rounded half away from zero).  An exclusive
 *     total with no value before is 0.
 *   - maxima and minima: the value itself, of the frame's largest
 *     (smallest) in numeric's order (NaN above everything), the later of
 *     equal values, copied as it is stored (1.0 and 1.00 differ in text).
 *
 * Two ways to the same results:
 *
 *   - Fixed point, through the engines (src/dispatch.c, gpuscan.device):
 *     when every finite value, taken at the block's largest display scale,
 *     is an integer below 10^38 in magnitude (core/decimal.h) — for
 *     maxima and minima below 2^63 — sums and means scan the values' 31-bit
 *     limbs as the rows of one integer array (GS_INT4, exact int64 sums)
 *     and join them again; maxima and minima scan the values as bigint
 *     (NaN, Infinity, -Infinity as the largest keys and the smallest).
 *     The display scales and the counts of values, NaNs and infinities in
 *     each frame are counted here, beside.
 *   - Otherwise PostgreSQL's numeric arithmetic, in the backend:
 *     numeric_add and numeric_sub along the row, numeric_round to the
 *     frame's display scale, numeric_div for means, numeric_cmp for
 *     extremes.  Under every setting of gpuscan.device (gpu included:
 *     recorded as a fallback in gpuscan_last_run(), at DEBUG1), as a float
 *     array too wide for the GPU engine goes to the CPU engine.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "utils/builtins.h"
#include "utils/datum.h"
#include "utils/memutils.h"
#include "utils/numeric.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "numeric.h"

/* Values between checks for interrupts in the loops here. */
#define INTERRUPT_VALUES	65536

/* Bits of a bigint key of a finite value: below these, NaN and the infinities. */
#define KEY_NAN			PG_INT64_MAX
#define KEY_PINF		(PG_INT64_MAX - 1)
#define KEY_NINF		PG_INT64_MIN
#define KEY_FINITE_MAX	(PG_INT64_MAX - 2)

/* What the scan of a block knows of its values. */
typedef struct Scan
{
	const NumBlock *b;
	uint8	   *kind;			/* NumKind per value */
	int16	   *dscale;			/* display scale per value (finite ones) */
	int			scale;			/* the largest display scale of a finite value */
	bool		fixed;			/* the engines' way (else PostgreSQL's arithmetic) */
	int			nlimbs;			/* fixed-point sums: limbs per value */
	int64	   *limbsums;		/* nlimbs * nvalues sums: limb k of value i at k * nvalues + i */
	int64	   *keys;			/* fixed-point extremes: the bigint keys */
	int64	   *extremes;		/* and their running extremes */
	MemoryContext tmp;			/* PostgreSQL's arithmetic: a result's scratch */
	MemoryContext sumcxt[2];	/* and the sum it carries along a row, in turns */
	int			cur;
} Scan;

/* Is there a value at position p? */
static inline bool
Valid(const NumBlock *b, int64 p)
{
	return b->valid == NULL || gs_bit_get(b->valid, p);
}

/* The results' room for one more of at most bytes, int-aligned; where it goes. */
static char *
OutReserve(NumOut *out, Size bytes)
{
	Size		at = INTALIGN(out->len);

	if (at + bytes > out->cap)
	{
		Size		cap = Max(at + bytes, 2 * out->cap);
		char	   *nb = MemoryContextAllocHuge(out->cxt, cap);

		if (out->buf)
		{
			memcpy(nb, out->buf, out->len);
			pfree(out->buf);
		}
		out->buf = nb;
		out->cap = cap;
	}
	/* alignment padding zeroed: equal arrays are byte-equal */
	memset(out->buf + out->len, 0, at - out->len);
	out->len = at;
	return out->buf + at;
}

/* Append a numeric varlena (any header) as a 4-byte-header value. */
static void
OutCopy(NumOut *out, const char *ptr)
{
	Size		n = VARSIZE_ANY_EXHDR(ptr);
	char	   *dst = OutReserve(out, VARHDRSZ + n);

	SET_VARSIZE(dst, VARHDRSZ + n);
	memcpy(dst + VARHDRSZ, VARDATA_ANY(ptr), n);
	out->len += VARHDRSZ + n;
}

/* Append the decimal v * 10^-scale with display scale dscale. */
static void
OutFixed(NumOut *out, const GsInt192 *v, int scale, int dscale)
{
	int16		digits[GS_DEC_MAX_NBASE];
	int			weight;
	bool		neg;
	int			n = gs_dec_digits(v, scale, digits, &weight, &neg);
	char	   *dst = OutReserve(out, NUM_MAX_FIXED_BYTES);

	out->len += gpuscan_numeric_write(dst, neg, weight, dscale, digits, n);
}

/* Append NaN, Infinity or -Infinity. */
static void
OutSpecial(NumOut *out, NumKind kind)
{
	char	   *dst = OutReserve(out, VARHDRSZ + 2);

	out->len += gpuscan_numeric_write_special(dst, kind);
}

/* Note where result idx begins (the next one appended). */
static inline void
OutMark(NumOut *out, int64 idx)
{
	if (out->offsets)
		out->offsets[idx] = INTALIGN(out->len);
}

/*
 * First pass: each value's kind and display scale, the largest display
 * scale of the finite ones.
 */
static void
Classify(Scan *s)
{
	const NumBlock *b = s->b;

	s->kind = MemoryContextAllocHuge(CurrentMemoryContext, Max(b->nvalues, 1));
	s->dscale = MemoryContextAllocHuge(CurrentMemoryContext, Max(b->nvalues, 1) * sizeof(int16));
	s->scale = 0;
	for (int64 k = 0; k < b->nvalues; k++)
	{
		NumParts	p;

		gpuscan_numeric_parts(b->values[k], &p);
		s->kind[k] = (uint8) p.kind;
		s->dscale[k] = (int16) p.dscale;
		if (p.kind == NUM_FINITE && p.dscale > s->scale)
			s->scale = p.dscale;
	}
}

/* Value k at the block's scale, or false when it is not a fixed-point value (or not finite: 0). */
static bool
Scaled(Scan *s, int64 k, gs_i128 *v)
{
	NumParts	p;
	int16		digits[64];

	*v = 0;
	if (s->kind[k] != NUM_FINITE)
		return true;
	gpuscan_numeric_parts(s->b->values[k], &p);
	if (p.ndigits > (int) lengthof(digits))
		return false;
	gpuscan_numeric_digits(&p, digits);
	return gs_dec_scaled(digits, p.ndigits, p.weight, p.neg, s->scale, v);
}

/* A null bitmap of npos positions repeated times times, end to end. */
static uint8 *
RepeatBits(const uint8 *bits, int64 npos, int times)
{
	int64		nbytes = (npos + 7) / 8;
	uint8	   *r = MemoryContextAllocHuge(CurrentMemoryContext, (Size) ((npos * times + 7) / 8 + 1));

	memset(r, 0, (Size) ((npos * times + 7) / 8 + 1));

	for (int t = 0; t < times; t++)
	{
		int64		off = npos * t;
		int			sh = (int) (off & 7);
		uint8	   *dst = r + (off >> 3);

		for (int64 i = 0; i < nbytes; i++)
		{
			uint8		byte = bits[i];

			/* bits past npos in the last byte are not the bitmap's */
			if (i == nbytes - 1 && (npos & 7) != 0)
				byte &= (uint8) ((1 << (npos & 7)) - 1);
			dst[i] |= (uint8) (byte << sh);
			if (sh != 0)
				dst[i + 1] |= (uint8) (byte >> (8 - sh));
		}
	}
	return r;
}

/* One engine scan of the block's positions, times times over (rows of the same bitmap). */
static void
EngineScan(Scan *s, GsElemType type, GsScanOp op, const void *values, int times, void *result,
		   GsCall *call)
{
	const NumBlock *b = s->b;
	GsScanSpec	spec;

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.op = op;
	spec.values = values;
	spec.result = result;
	spec.nitems = b->npos * times;
	spec.row_len = b->row_len;
	spec.nulls = b->valid ? RepeatBits(b->valid, b->npos, times) : NULL;
	spec.exclusive = b->exclusive;
	spec.window = op == GS_OP_MOVSUM ? b->window : 0;
	call->restype = INT8OID;
	gpuscan_run(&spec, call);
	if (spec.nulls)
		pfree((void *) spec.nulls);
}

/*
 * The fixed-point sums of the block: every finite value an integer below
 * 10^38 at the block's scale; its limbs as rows of one integer array, the
 * engine's running (exclusive) or window sums of each.  False: not every
 * value is one.
 */
static bool
FixedSums(Scan *s, GsCall *call)
{
	const NumBlock *b = s->b;
	int64		n = b->nvalues;
	/* 16-byte aligned, as int128 wants and palloc does not promise */
	char	   *raw = MemoryContextAllocHuge(CurrentMemoryContext, (Max(n, 1) + 1) * sizeof(gs_i128));
	gs_i128    *v = (gs_i128 *) TYPEALIGN(sizeof(gs_i128), raw);
	gs_u128		maxabs = 0;
	int32	   *limbs;
	int			nl;

	for (int64 k = 0; k < n; k++)
	{
		gs_u128		a;

		if (!Scaled(s, k, &v[k]))
		{
			pfree(raw);
			return false;
		}
		a = v[k] < 0 ? -(gs_u128) v[k] : (gs_u128) v[k];
		if (a > maxabs)
			maxabs = a;
		if ((k & (INTERRUPT_VALUES - 1)) == 0)
			CHECK_FOR_INTERRUPTS();
	}
	nl = gs_dec_limbs(maxabs);
	limbs = MemoryContextAllocHuge(CurrentMemoryContext, Max(n * nl, 1) * sizeof(int32));
	for (int k = 0; k < nl; k++)
		for (int64 i = 0; i < n; i++)
			limbs[k * n + i] = gs_dec_limb(v[i], k, nl);
	pfree(raw);

	s->nlimbs = nl;
	s->limbsums = MemoryContextAllocHuge(CurrentMemoryContext, Max(n * nl, 1) * sizeof(int64));
	EngineScan(s, GS_INT4, GS_OP_IS_MOVING(b->op) ? GS_OP_MOVSUM : GS_OP_SUM,
			   limbs, nl, s->limbsums, call);
	pfree(limbs);
	return true;
}

/* The fixed-point sum at value k (the engine's, its limbs joined). */
static GsInt192
FixedSumAt(const Scan *s, int64 k)
{
	int64		ls[GS_DEC_MAX_LIMBS] = {0};

	for (int i = 0; i < s->nlimbs; i++)
		ls[i] = s->limbsums[i * s->b->nvalues + k];
	return gs_dec_join(ls, s->nlimbs);
}

/* The fixed-point extremes: every finite value a bigint key at the block's scale. */
static bool
FixedExtremes(Scan *s, GsCall *call)
{
	const NumBlock *b = s->b;
	int64		n = b->nvalues;

	s->keys = MemoryContextAllocHuge(CurrentMemoryContext, Max(n, 1) * sizeof(int64));
	for (int64 k = 0; k < n; k++)
	{
		gs_i128		v;

		switch ((NumKind) s->kind[k])
		{
			case NUM_NAN:
				s->keys[k] = KEY_NAN;
				break;
			case NUM_PINF:
				s->keys[k] = KEY_PINF;
				break;
			case NUM_NINF:
				s->keys[k] = KEY_NINF;
				break;
			default:
				if (!Scaled(s, k, &v) || v > KEY_FINITE_MAX || v < -KEY_FINITE_MAX)
				{
					pfree(s->keys);
					s->keys = NULL;
					return false;
				}
				s->keys[k] = (int64) v;
		}
	}
	s->extremes = MemoryContextAllocHuge(CurrentMemoryContext, Max(n, 1) * sizeof(int64));
	EngineScan(s, GS_INT8, b->op, s->keys, 1, s->extremes, call);
	return true;
}

/* Value k as a Datum for PostgreSQL's numeric functions (which take any header). */
static inline Datum
ValueDatum(const Scan *s, int64 k)
{
	return PointerGetDatum(s->b->values[k]);
}

/* The frame's state as the positions go by: counts, display scales. */
typedef struct Frame
{
	int64		n,
				nan,
				pinf,
				ninf;
	int			dscale;			/* running operators: the largest so far */
	/* moving operators: the finite values in the window of decreasing display scale */
	int64	   *dq;
	int64		dq_head,
				dq_len,
				dq_cap;
} Frame;

/* A value into the frame. */
static void
FrameAdd(const Scan *s, Frame *f, int64 k)
{
	switch ((NumKind) s->kind[k])
	{
		case NUM_NAN:
			f->nan++;
			return;
		case NUM_PINF:
			f->pinf++;
			return;
		case NUM_NINF:
			f->ninf++;
			return;
		default:
			break;
	}
	f->n++;
	if (f->dq == NULL)
	{
		f->dscale = Max(f->dscale, s->dscale[k]);
		return;
	}
	while (f->dq_len > 0 &&
		   s->dscale[f->dq[(f->dq_head + f->dq_len - 1) % f->dq_cap]] <= s->dscale[k])
		f->dq_len--;
	f->dq[(f->dq_head + f->dq_len) % f->dq_cap] = k;
	f->dq_len++;
}

/* A value out of the moving frame (the oldest in it). */
static void
FrameRemove(const Scan *s, Frame *f, int64 k)
{
	switch ((NumKind) s->kind[k])
	{
		case NUM_NAN:
			f->nan--;
			return;
		case NUM_PINF:
			f->pinf--;
			return;
		case NUM_NINF:
			f->ninf--;
			return;
		default:
			break;
	}
	f->n--;
	if (f->dq_len > 0 && f->dq[f->dq_head] == k)
	{
		f->dq_head = (f->dq_head + 1) % f->dq_cap;
		f->dq_len--;
	}
}

/* The frame's display scale: the largest of its finite values'. */
static inline int
FrameScale(const Scan *s, const Frame *f)
{
	if (f->dq == NULL)
		return f->dscale;
	return f->dq_len > 0 ? s->dscale[f->dq[f->dq_head]] : 0;
}

/* What the frame's specials make the result, or NUM_FINITE. */
static inline NumKind
FrameKind(const Frame *f)
{
	if (f->nan > 0 || (f->pinf > 0 && f->ninf > 0))
		return NUM_NAN;
	return f->pinf > 0 ? NUM_PINF : f->ninf > 0 ? NUM_NINF : NUM_FINITE;
}

/*
 * A sum or mean result: the finite sum sum (fixed point: at the block's
 * scale; else sumd, PostgreSQL's numeric) over the frame f.
 */
static void
OutSumResult(const Scan *s, const Frame *f, const GsInt192 *sum, Datum sumd, NumOut *out)
{
	NumKind		kind = FrameKind(f);
	int			dscale = FrameScale(s, f);
	bool		mean = s->b->op == GS_OP_CUMAVG || s->b->op == GS_OP_MOVAVG;

	if (kind != NUM_FINITE)
	{
		OutSpecial(out, kind);
		return;
	}
	if (s->fixed && mean)
	{
		GsInt192	q;
		int			rscale;

		if (gs_dec_mean(sum, s->scale, dscale, f->n, &q, &rscale))
		{
			OutFixed(out, &q, rscale, rscale);
			return;
		}
	}
	else if (s->fixed)
	{
		OutFixed(out, sum, s->scale, dscale);
		return;
	}

	/* PostgreSQL's numeric: the sum at the frame's display scale, divided for a mean */
	{
		MemoryContext old = MemoryContextSwitchTo(s->tmp);
		Datum		d;

		if (s->fixed)
		{
			char		buf[NUM_MAX_FIXED_BYTES];
			int16		digits[GS_DEC_MAX_NBASE];
			int			weight;
			bool		neg;
			int			nd = gs_dec_digits(sum, s->scale, digits, &weight, &neg);

			gpuscan_numeric_write(buf, neg, weight, dscale, digits, nd);
			d = PointerGetDatum(buf);
		}
		else if (f->n == 0)
			d = DirectFunctionCall2(numeric_round, NumericGetDatum(int64_to_numeric(0)),
									Int32GetDatum(dscale));
		else
			d = DirectFunctionCall2(numeric_round, sumd, Int32GetDatum(dscale));
		if (mean)
			d = DirectFunctionCall2(numeric_div, d, NumericGetDatum(int64_to_numeric(f->n)));
		MemoryContextSwitchTo(old);
		OutCopy(out, DatumGetPointer(d));
		MemoryContextReset(s->tmp);
	}
}

/*
 * Sums and means: along each row, the frame's counts and display scale,
 * and each result from the fixed-point sums or, without them, from
 * PostgreSQL's numeric arithmetic carried along.
 */
static void
SumResults(Scan *s, NumOut *out)
{
	const NumBlock *b = s->b;
	bool		moving = GS_OP_IS_MOVING(b->op);
	int64		k = 0,
				kl = 0,
				idx = 0;
	Frame		f;
	MemoryContext keep = CurrentMemoryContext;
	Datum		sumd = (Datum) 0;
	GsInt192	zero = {{0, 0, 0}};

	memset(&f, 0, sizeof(f));
	if (moving)
	{
		f.dq_cap = Min(b->window, Max(b->nvalues, 1)) + 1;
		f.dq = MemoryContextAllocHuge(CurrentMemoryContext, f.dq_cap * sizeof(int64));
	}
	for (int64 p = 0; p < b->npos; p++)
	{
		int64		j = p % b->row_len;
		GsInt192	sum;

		if (j == 0)
		{
			/* a new row: an empty frame */
			f.n = f.nan = f.pinf = f.ninf = 0;
			f.dscale = 0;
			f.dq_head = f.dq_len = 0;
			kl = k;
			sumd = (Datum) 0;
		}
		/* the moving window's oldest position leaves */
		if (moving && j >= b->window && Valid(b, p - b->window))
		{
			if (!s->fixed && s->kind[kl] == NUM_FINITE)
			{
				MemoryContextSwitchTo(s->sumcxt[s->cur]);
				sumd = DirectFunctionCall2(numeric_sub, sumd, ValueDatum(s, kl));
				MemoryContextSwitchTo(keep);
			}
			FrameRemove(s, &f, kl++);
		}
		if (!Valid(b, p))
			continue;
		if (b->exclusive && p >= b->skip)
		{
			OutMark(out, idx++);
			sum = s->fixed ? FixedSumAt(s, k) : zero;
			OutSumResult(s, &f, &sum, sumd, out);
		}
		/* the value enters: a running operator's carry brings the counts before it */
		if (p == 0 && b->carry)
		{
			f.n = b->carry->n;
			f.nan = b->carry->nan;
			f.pinf = b->carry->pinf;
			f.ninf = b->carry->ninf;
			f.dscale = s->dscale[0];
		}
		else
			FrameAdd(s, &f, k);
		if (!s->fixed && s->kind[k] == NUM_FINITE)
		{
			MemoryContextSwitchTo(s->sumcxt[s->cur]);
			sumd = sumd == (Datum) 0 ? ValueDatum(s, k)
				: DirectFunctionCall2(numeric_add, sumd, ValueDatum(s, k));
			MemoryContextSwitchTo(keep);
		}
		if (!b->exclusive && p >= b->skip)
		{
			OutMark(out, idx++);
			sum = s->fixed ? FixedSumAt(s, k) : zero;
			OutSumResult(s, &f, &sum, sumd, out);
		}
		k++;
		if ((k & (INTERRUPT_VALUES - 1)) == 0)
		{
			CHECK_FOR_INTERRUPTS();
			/* PostgreSQL's arithmetic: the sum into the other context, this one's garbage freed */
			if (!s->fixed)
			{
				MemoryContextSwitchTo(s->sumcxt[1 - s->cur]);
				if (sumd != (Datum) 0)
					sumd = datumCopy(sumd, false, -1);
				MemoryContextSwitchTo(keep);
				MemoryContextReset(s->sumcxt[s->cur]);
				s->cur = 1 - s->cur;
			}
		}
	}

	/* the state after the block, for a window form's next one */
	if (out->want_next)
	{
		GsInt192	last = s->fixed && k > 0 ? FixedSumAt(s, k - 1) : zero;
		MemoryContext old = MemoryContextSwitchTo(out->next_cxt);
		int			dscale = FrameScale(s, &f);

		out->next.n = f.n;
		out->next.nan = f.nan;
		out->next.pinf = f.pinf;
		out->next.ninf = f.ninf;
		if (s->fixed)
		{
			char	   *buf = palloc(NUM_MAX_FIXED_BYTES);
			int16		digits[GS_DEC_MAX_NBASE];
			int			weight;
			bool		neg;
			int			nd = gs_dec_digits(&last, s->scale, digits, &weight, &neg);

			gpuscan_numeric_write(buf, neg, weight, dscale, digits, nd);
			out->next_value = buf;
		}
		else
			out->next_value = DatumGetPointer(DirectFunctionCall2(numeric_round,
																  sumd != (Datum) 0 ? sumd : NumericGetDatum(int64_to_numeric(0)),
																  Int32GetDatum(dscale)));
		MemoryContextSwitchTo(old);
	}
	if (f.dq)
		pfree(f.dq);
}

/*
 * Maxima and minima: each value's winner along its row (the later of
 * equal ones), from the fixed-point running extremes or numeric_cmp, and
 * its value copied.
 */
static void
ExtremeResults(Scan *s, NumOut *out)
{
	const NumBlock *b = s->b;
	bool		max = b->op == GS_OP_MAX;
	int64		k = 0,
				idx = 0,
				winner = -1;

	for (int64 p = 0; p < b->npos; p++)
	{
		if (p % b->row_len == 0)
			winner = -1;
		if (!Valid(b, p))
			continue;
		if (winner < 0)
			winner = k;
		else if (s->fixed)
		{
			if (s->extremes[k] == s->keys[k])
				winner = k;
		}
		else
		{
			int			c;

			c = DatumGetInt32(DirectFunctionCall2(numeric_cmp, ValueDatum(s, k),
												  ValueDatum(s, winner)));
			if (max ? c >= 0 : c <= 0)
				winner = k;
			MemoryContextReset(s->tmp);
		}
		if (p >= b->skip)
		{
			OutMark(out, idx++);
			OutCopy(out, b->values[winner]);
		}
		k++;
		if ((k & (INTERRUPT_VALUES - 1)) == 0)
			CHECK_FOR_INTERRUPTS();
	}
	if (out->want_next && winner >= 0)
	{
		Size		n = VARSIZE_ANY_EXHDR(b->values[winner]);

		out->next_value = MemoryContextAlloc(out->next_cxt, VARHDRSZ + n);
		SET_VARSIZE(out->next_value, VARHDRSZ + n);
		memcpy(out->next_value + VARHDRSZ, VARDATA_ANY(b->values[winner]), n);
	}
}

/* Scan a block of numeric values: one result per value from position skip on, into out. */
void
gpuscan_numeric_scan(const NumBlock *blk, GsCall *call, NumOut *out)
{
	Scan		s;
	bool		extremes = blk->op == GS_OP_MAX || blk->op == GS_OP_MIN;
	MemoryContext old,
				work;

	memset(&s, 0, sizeof(s));
	s.b = blk;
	work = AllocSetContextCreate(CurrentMemoryContext, "gpuscan numeric scan",
								 ALLOCSET_DEFAULT_SIZES);
	s.tmp = AllocSetContextCreate(work, "gpuscan numeric arithmetic", ALLOCSET_SMALL_SIZES);
	s.sumcxt[0] = AllocSetContextCreate(work, "gpuscan numeric sum", ALLOCSET_SMALL_SIZES);
	s.sumcxt[1] = AllocSetContextCreate(work, "gpuscan numeric sum", ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(work);

	Classify(&s);
	s.fixed = extremes ? FixedExtremes(&s, call) : FixedSums(&s, call);
	if (!s.fixed)
		gpuscan_note_backend_scan(call, blk->nvalues,
								  extremes
								  ? "numeric values wider than a bigint at their largest display scale: PostgreSQL's numeric comparison"
								  : "numeric values of more than 38 digits at their largest display scale: PostgreSQL's numeric arithmetic");
	if (extremes)
		ExtremeResults(&s, out);
	else
		SumResults(&s, out);

	MemoryContextSwitchTo(old);
	MemoryContextDelete(work);
}
