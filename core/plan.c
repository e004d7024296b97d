/*
 * core/plan.c — analysis of an array before a scan, and null-bitmap helpers.
 *
 * Host code shared by both engines: the plan fixes the fixed-point unit and
 * the accumulator width from the data alone, so both engines compute the
 * same integers.
 */
#include "engine.h"
#include "exact.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

/* Bytes per element of an input type. */
int
gs_type_size(GsElemType type)
{
	switch (type)
	{
		case GS_INT2:
			return 2;
		case GS_INT4:
		case GS_FLOAT4:
			return 4;
		case GS_INT8:
		case GS_FLOAT8:
			return 8;
	}
	return 0;
}

/* Bytes per element of the result type of an input type. */
int
gs_result_size(GsElemType type)
{
	return type == GS_FLOAT4 ? 4 : 8;
}

/*
 * Bytes per result of a scan: totals and means (int8 or float8 for
 * integers, the type for floats: both 8 bytes), or values of the input's
 * type (maxima, minima).
 */
int
gs_output_size(GsElemType type, GsScanOp op)
{
	return op == GS_OP_MAX || op == GS_OP_MIN ? gs_type_size(type) : gs_result_size(type);
}

/* Number of set bits among bits [start, start+len) of a bitmap. */
int64_t
gs_bitmap_count(const uint8_t *bits, int64_t start, int64_t len)
{
	int64_t		count = 0;
	int64_t		i = start;
	int64_t		end = start + len;

	/* leading bits up to a byte boundary */
	while (i < end && (i & 7))
	{
		count += gs_bit_get(bits, i);
		i++;
	}
	/* whole 8-byte words, then whole bytes */
	while (end - i >= 64)
	{
		uint64_t	w;

		memcpy(&w, bits + (i >> 3), 8);
		count += __builtin_popcountll(w);
		i += 64;
	}
	while (end - i >= 8)
	{
		count += __builtin_popcount(bits[i >> 3]);
		i += 8;
	}
	while (i < end)
	{
		count += gs_bit_get(bits, i);
		i++;
	}
	return count;
}

/*
 * Ask for transparent huge pages over a large, freshly allocated result
 * before anything writes it: first touch then faults once per 2 MiB instead
 * of once per 4 KiB page.  A hint only (nothing happens where THP is off).
 */
void
gs_advise_result(void *p, size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	const uintptr_t huge = (uintptr_t) 2 << 20;
	uintptr_t	lo = ((uintptr_t) p + huge - 1) & ~(huge - 1);
	uintptr_t	hi = ((uintptr_t) p + bytes) & ~(huge - 1);

	if (bytes >= ((size_t) 8 << 20) && hi > lo)
		(void) madvise((void *) lo, hi - lo, MADV_HUGEPAGE);
#endif
}

/*
 * Can an engine take the request: are the positions whole rows, and is an
 * exclusive scan a sum (exclusive is for sums only)?  Else GS_ERR_INTERNAL
 * with a message.
 */
bool
gs_spec_ok(const GsScanSpec *spec, GsScanResult *res)
{
	if (spec->nitems != 0 && (spec->row_len <= 0 || spec->nitems % spec->row_len != 0))
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message),
				 "%lld positions are not whole rows of %lld",
				 (long long) spec->nitems, (long long) spec->row_len);
		return false;
	}
	if (spec->exclusive && spec->op != GS_OP_SUM)
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message), "exclusive scans are running totals only");
		return false;
	}
	if (spec->init && ((spec->nitems != 0 && spec->nitems != spec->row_len) || spec->exclusive ||
					   GS_OP_IS_MOVING(spec->op) || GS_OP_IS_MOMENTS(spec->op) ||
					   (spec->op == GS_OP_SUM && (spec->type == GS_INT2 || spec->type == GS_INT4))))
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message),
				 "a start state is for one row of running totals (bigint, real, double precision), extremes or means");
		return false;
	}
	if (spec->moments && (!(spec->op == GS_OP_CUMVAR || spec->op == GS_OP_CUMSTD) ||
						  (spec->nitems != 0 && spec->nitems != spec->row_len)))
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message),
				 "a moments state is for one row of a running variance");
		return false;
	}
	if (GS_OP_IS_MOMENTS(spec->op) && spec->result_nulls == NULL && spec->nitems > 0)
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message), "a variance scan needs its results' null bitmap");
		return false;
	}
	if (GS_OP_IS_MOVING(spec->op) && spec->window < 1)
	{
		res->status = GS_ERR_INTERNAL;
		snprintf(res->message, sizeof(res->message), "a moving window of %lld positions",
				 (long long) spec->window);
		return false;
	}
	return true;
}

/* Position (0-based, NULLs included) of the k-th stored value. */
int64_t
gs_value_position(const GsScanSpec *spec, int64_t k)
{
	int64_t		pos;

	if (spec->nulls == NULL)
		return k;
	for (pos = 0; pos < spec->nitems; pos++)
	{
		if (gs_bit_get(spec->nulls, pos))
		{
			if (k == 0)
				return pos;
			k--;
		}
	}
	return -1;
}

/* Accumulator width for bits of two's complement. */
static void
SetWidth(GsPlan *plan, int bits)
{
	if (bits <= 64)
	{
		plan->acc_bits = 64;
		plan->nlimbs = 1;
	}
	else if (bits <= 128)
	{
		plan->acc_bits = 128;
		plan->nlimbs = 2;
	}
	else
	{
		plan->nlimbs = (bits + 63) / 64;
		plan->acc_bits = 64 * plan->nlimbs;
	}
}

/*
 * A float plan from statistics over all values (st->lo and st->maxabs over
 * the finite nonzero ones): unit and width that hold every running total.
 */
void
gs_plan_from_stats(GsPlan *plan, const GsFloatStats *st)
{
	int			bias = GS_LO_BIAS(plan->type == GS_FLOAT8);

	plan->special = st->special;
	plan->lsb = 0;
	if (st->lo == INT32_MAX || plan->nvalues == 0)
	{
		plan->value_bits = 0;	/* no finite nonzero value */
		SetWidth(plan, 2);
		return;
	}
	plan->lsb = st->lo - bias;
	plan->value_bits = gs_float_top_bit(st->maxabs, plan->type == GS_FLOAT8) + 1 - plan->lsb;
	SetWidth(plan, gs_plan_sum_bits(plan));
}

/* Bits of two's complement that hold every running total (and window sum) under plan. */
int
gs_plan_sum_bits(const GsPlan *plan)
{
	/* |prefix| < nvalues * 2^value_bits, plus a sign bit */
	return plan->value_bits + gs_ceil_log2(plan->nvalues) + 1;
}

/*
 * Widen plan a to cover the arrays of plan b as well, for one scan of both
 * as rows of one batch (the GPU service's): the lower unit, the higher top
 * bit, room for every value of both in one row.  Any plan that covers the
 * values gives the same exact results.  False, and a unchanged, when the
 * element types or operators differ or the accumulator would grow past
 * max_bits.
 */
bool
gs_plan_merge(GsPlan *a, const GsPlan *b, int max_bits)
{
	GsPlan		m = *a;

	if (a->type != b->type)
		return false;
	m.nvalues = a->nvalues + b->nvalues;
	m.nrows = a->nrows + b->nrows;
	m.special = a->special || b->special;
	if (a->type == GS_FLOAT4 || a->type == GS_FLOAT8)
	{
		int			ta = a->lsb + a->value_bits,
					tb = b->lsb + b->value_bits;

		m.lsb = a->lsb < b->lsb ? a->lsb : b->lsb;
		m.value_bits = (ta > tb ? ta : tb) - m.lsb;
		SetWidth(&m, gs_plan_sum_bits(&m));
	}
	else if (b->acc_bits > m.acc_bits)
		SetWidth(&m, b->acc_bits);
	if (m.acc_bits > max_bits)
		return false;
	*a = m;
	return true;
}

/* Counts and type of a plan, before the values are looked at. */
void
gs_plan_counts(const GsScanSpec *spec, GsPlan *plan)
{
	memset(plan, 0, sizeof(*plan));
	plan->type = spec->type;
	plan->nvalues = spec->nulls ? gs_bitmap_count(spec->nulls, 0, spec->nitems)
		: spec->nitems;
	plan->nrows = spec->nitems > 0 && spec->row_len > 0 ? spec->nitems / spec->row_len : 0;
	SetWidth(plan, spec->type == GS_INT8 ? 128 : 64);
	plan->value_bits = spec->type == GS_INT2 ? 16 : spec->type == GS_INT4 ? 32 : 64;
}

/* The bits of 2^e as a float of the type; +Infinity's above the range. */
static uint64_t
Pow2Bits(GsElemType type, int e)
{
	bool		f8 = type == GS_FLOAT8;

	if (e >= (f8 ? 1024 : 128))
		return f8 ? UINT64_C(0x7ff0000000000000) : 0x7f800000u;
	if (e >= (f8 ? -1022 : -126))
		return (uint64_t) (e + (f8 ? 1023 : 127)) << (f8 ? 52 : 23);
	if (e >= (f8 ? -1074 : -149))
		return UINT64_C(1) << (e + (f8 ? 1074 : 149));
	return 1;
}

/*
 * The plan for statistics st widened by margins: values may reach
 * 2^margin_lo below st's lowest bit and 2^margin_hi above its largest
 * magnitude.  *lim gets those limits, for the GPU to check every value
 * against; the widest margins that keep st's accumulator width are chosen,
 * and that keep its sums within lim->sum_cap bits if st's are.
 */
static void
PlanWithMargins(GsPlan *plan, const GsFloatStats *st, GsPlanLimits *lim)
{
	static const int margins[][2] = {{12, 6}, {8, 4}, {4, 2}, {0, 0}};
	bool		f8 = plan->type == GS_FLOAT8;
	int			base_bits,
				top;
	bool		capped;

	gs_plan_from_stats(plan, st);
	base_bits = plan->acc_bits;
	capped = lim->sum_cap > 0 && gs_plan_sum_bits(plan) <= lim->sum_cap;
	top = gs_float_top_bit(st->maxabs, f8);
	for (int k = 0; k < 4; k++)
	{
		GsFloatStats wide = *st;
		int			hi = top + 1 + margins[k][1];	/* values stay below 2^hi */

		wide.lo = st->lo - margins[k][0] > 1 ? st->lo - margins[k][0] : 1;
		/* positive floats order as their bits: the largest below 2^hi */
		wide.maxabs = Pow2Bits(plan->type, hi) - 1;
		gs_plan_from_stats(plan, &wide);
		if ((plan->acc_bits <= base_bits && (!capped || gs_plan_sum_bits(plan) <= lim->sum_cap)) ||
			k == 3)
		{
			lim->speculative = true;
			lim->min_lo = wide.lo;
			lim->max_abs = Pow2Bits(plan->type, hi);
			return;
		}
	}
}

/*
 * A speculative float plan from a sample of the n values at values (the
 * first 2^16 and 4096 spread over the rest), counts from spec, widened by
 * margins (PlanWithMargins).
 */
void
gs_plan_sample(const GsScanSpec *spec, const void *values, int64_t n, GsPlan *plan,
			   GsPlanLimits *lim)
{
	GsFloatStats st;
	bool		f8 = spec->type == GS_FLOAT8;
	int64_t		head,
				stride,
				i;

	gs_plan_counts(spec, plan);
	memset(lim, 0, sizeof(*lim));
	if (gs_window_packed(spec))
		lim->sum_cap = GS_PACKED_SUM_BITS;
	head = n < 65536 ? n : 65536;
	gs_float_stats(values, head, f8, gs_simd_enabled(), &st);
	stride = n > head ? (n - head) / 4096 + 1 : 0;
	for (i = head; stride && i < n; i += stride)
	{
		uint64_t	a;
		int32_t		lo;
		int			kind = gs_float_class(f8 ? ((const uint64_t *) values)[i]
										  : ((const uint32_t *) values)[i], f8, &a, &lo);

		if (kind == GS_VALUE_FINITE)
		{
			st.lo = lo < st.lo ? lo : st.lo;
			st.maxabs = a > st.maxabs ? a : st.maxabs;
		}
		st.special |= kind == GS_VALUE_SPECIAL;
	}
	if (st.lo == INT32_MAX)
	{
		/* no finite nonzero value in the sample: guess a unit of 1 */
		st.lo = GS_LO_BIAS(f8);
		st.maxabs = f8 ? UINT64_C(0x3ff0000000000000) : 0x3f800000u;
	}
	PlanWithMargins(plan, &st, lim);
}

/* A speculative float plan from a sample of the whole array's values. */
void
gs_plan_speculative(const GsScanSpec *spec, GsPlan *plan, GsPlanLimits *lim)
{
	int64_t		n = spec->nulls ? gs_bitmap_count(spec->nulls, 0, spec->nitems) : spec->nitems;

	gs_plan_sample(spec, spec->values, n, plan, lim);
}

/*
 * Widen a speculative plan to cover values with statistics st too: the
 * limits it had (every value it covered) and st together, margins again.
 */
void
gs_plan_widen(GsPlan *plan, GsPlanLimits *lim, const GsFloatStats *st)
{
	GsFloatStats all;

	/* what the old limits allowed: lowest bit min_lo, magnitudes below max_abs */
	all.lo = lim->min_lo;
	all.maxabs = lim->max_abs - 1;
	all.special = plan->special || st->special;
	if (st->lo != INT32_MAX)
	{
		all.lo = st->lo < all.lo ? st->lo : all.lo;
		all.maxabs = st->maxabs > all.maxabs ? st->maxabs : all.maxabs;
	}
	PlanWithMargins(plan, &all, lim);
}

/* Re-express a chunk's carry made under plan from in plan to (to->lsb <= from->lsb). */
void
gs_carry_rescale(uint64_t *carry, const GsPlan *from, const GsPlan *to)
{
	gs_i128		v;
	uint32_t	flags;
	uint64_t	out[GS_CARRY_BYTES / 8];

	if (from->acc_bits <= 64)
	{
		v = (gs_i128) (int64_t) carry[0];
		flags = (uint32_t) carry[1];
	}
	else
	{
		v = (gs_i128) (((gs_u128) carry[1] << 64) | carry[0]);
		flags = (uint32_t) carry[2];
	}
	/* a finer unit: the same total in more units (it fits: to is wider) */
	v = (gs_i128) ((gs_u128) v << (from->lsb - to->lsb));
	memset(out, 0, sizeof(out));
	out[0] = (uint64_t) v;
	if (to->acc_bits <= 64)
		out[1] = flags;
	else
	{
		out[1] = (uint64_t) ((gs_u128) v >> 64);
		out[2] = flags;
	}
	memcpy(carry, out, sizeof(out));
}

/* Analyse the values and choose the accumulator. */
void
gs_plan(const GsScanSpec *spec, GsPlan *plan)
{
	GsFloatStats st;

	gs_plan_counts(spec, plan);
	if (spec->op == GS_OP_MAX || spec->op == GS_OP_MIN)
	{
		SetWidth(plan, 64);
		return;
	}
	if (spec->type != GS_FLOAT4 && spec->type != GS_FLOAT8)
		return;
	gs_float_stats(spec->values, plan->nvalues, spec->type == GS_FLOAT8,
				   gs_simd_enabled(), &st);
	gs_plan_from_stats(plan, &st);
}

/*
 * Widen a plan so that its fixed point holds a start state's sum as one
 * value more (core/engine.h, GsRunState): the unit no coarser than the
 * sum's lowest set bit, the width holding it and every total after it.
 * Special values before the row make the plan track them.
 */
void
gs_plan_cover_init(GsPlan *plan, const GsRunState *init, GsScanOp op)
{
	bool		isfloat = plan->type == GS_FLOAT4 || plan->type == GS_FLOAT8;
	int			low,
				bits,
				top,
				lsb;

	if (op == GS_OP_MAX || op == GS_OP_MIN)
		return;
	if (isfloat && init->nvalues > 0 &&
		((init->flags & GS_FLAG_NONFINITE) || !(init->flags & GS_FLAG_NONNEGZERO)))
		plan->special = true;
	bits = gs_wide_bits(init->w, GS_RUN_LIMBS, &low);
	if (bits == 0)
		return;
	plan->nvalues++;
	if (!isfloat)
	{
		/* integers in units of 1: wider values, and the width at least the type's */
		int			acc = plan->acc_bits;

		plan->value_bits = bits > plan->value_bits ? bits : plan->value_bits;
		SetWidth(plan, gs_plan_sum_bits(plan));
		if (plan->acc_bits < acc)
			SetWidth(plan, acc);
		return;
	}
	lsb = init->unit + low;
	top = init->unit + bits;
	if (plan->value_bits > 0)
	{
		int			ptop = plan->lsb + plan->value_bits;

		top = ptop > top ? ptop : top;
		lsb = plan->lsb < lsb ? plan->lsb : lsb;
	}
	plan->lsb = lsb;
	plan->value_bits = top - lsb;
	SetWidth(plan, gs_plan_sum_bits(plan));
}

/*
 * A start state as the carry into a scan's first chunk under plan (which
 * covers it, gs_plan_cover_init): the running total, extreme or window sum
 * as the GPU keeps it (GsChunk.carry), and for a running mean the counts of
 * special values (GsChunk.counts); packed: its count of values in the low
 * 32 bits of the sum.  False when it does not fit (a count of 2^32 or more).
 */
bool
gs_run_carry(const GsRunState *init, GsScanOp op, const GsPlan *plan, bool packed,
			 uint64_t *carry, uint64_t *counts)
{
	int			low,
				sh;
	gs_i128		v;
	uint32_t	f = init->flags;

	memset(carry, 0, GS_CARRY_BYTES);
	memset(counts, 0, GS_CARRY_BYTES);
	if (op == GS_OP_MAX || op == GS_OP_MIN)
	{
		/* an item of the order scans: the raw bits, or no value yet */
		carry[0] = init->bits;
		carry[1] = init->nvalues > 0 ? 0 : 0x40000000u;	/* GS_EMPTY (cuda/scan_ops.cuh) */
		return true;
	}
	/*
	 * the sum in the plan's units: shifted left, or right by no more than
	 * its trailing zeros (the plan's unit is at most its lowest set bit);
	 * the plan's width holds it
	 */
	sh = gs_wide_bits(init->w, GS_RUN_LIMBS, &low) ? init->unit - plan->lsb : 0;
	if (sh >= 0)
		v = (gs_i128) ((((gs_u128) init->w[1] << 64) | init->w[0]) << sh);
	else
	{
		uint64_t	sext = (init->w[GS_RUN_LIMBS - 1] >> 63) ? ~UINT64_C(0) : 0;
		int			q = -sh / 64,
					b = -sh % 64;
		uint64_t	l0 = init->w[q],
					l1 = q + 1 < GS_RUN_LIMBS ? init->w[q + 1] : sext,
					l2 = q + 2 < GS_RUN_LIMBS ? init->w[q + 2] : sext;
		gs_u128		lo = ((gs_u128) l1 << 64) | l0;

		v = (gs_i128) (b ? (lo >> b) | ((gs_u128) l2 << (128 - b)) : lo);
	}
	if (op == GS_OP_CUMAVG)
	{
		if (packed)
		{
			if (init->nvalues >= (INT64_C(1) << 32))
				return false;
			v = (gs_i128) ((gs_u128) v << 32) + init->nvalues;
		}
		f = 0;
		/* nothing leaves a running mean: a count of 1 says there is one */
		counts[GS_WCOUNT_NAN / 64] |= (uint64_t) ((init->flags & GS_FLAG_NAN) != 0) << (GS_WCOUNT_NAN % 64);
		counts[GS_WCOUNT_PINF / 64] |= (uint64_t) ((init->flags & GS_FLAG_PINF) != 0) << (GS_WCOUNT_PINF % 64);
		counts[GS_WCOUNT_NINF / 64] |= (uint64_t) ((init->flags & GS_FLAG_NINF) != 0) << (GS_WCOUNT_NINF % 64);
		counts[GS_WCOUNT_NONNEGZERO / 64] |=
			(uint64_t) ((init->flags & GS_FLAG_NONNEGZERO) != 0) << (GS_WCOUNT_NONNEGZERO % 64);
	}
	carry[0] = (uint64_t) v;
	if (plan->acc_bits <= 64 && !packed)
		carry[1] = f;
	else
	{
		carry[1] = (uint64_t) ((gs_u128) v >> 64);
		carry[2] = f;
	}
	return true;
}
