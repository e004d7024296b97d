/*
 * test/engine/reference.h — a slow exact reference of the scans, and the bit
 * for bit comparison of an engine's outcome with it.  Header-only; shared by
 * the engine test (engine_test.c) and the fuzz target
 * (test/fuzz/fuzz_cpu_engine.c); its functions are static inline, so that a
 * file may use only some of them.
 *
 * The reference shares no code with the engine: it keeps each running total
 * as a big two's complement integer of 32-bit digits in units of the type's
 * smallest subnormal, and rounds it bit by bit (round half to even), building
 * the result with ldexp.  Running maxima and minima follow PostgreSQL's order
 * with C's comparisons.  The window operators (moving sums and means,
 * running means) keep each window's exact sum the same way, in code of
 * their own, and round a mean from a long division of its own
 * (ReferenceWindow).
 */
#ifndef GPUSCAN_TEST_REFERENCE_H
#define GPUSCAN_TEST_REFERENCE_H

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/engine.h"

/* The byte the callers fill the result buffer with, one element past the end included. */
#define REF_POISON 0xa5

#define REF_DIGITS 80			/* 2560 bits: 2^1024 * 2^30 in units of 2^-1074 */

typedef struct RefAcc
{
	uint32_t	d[REF_DIGITS];	/* two's complement, least significant first */
	int			nan,
				pinf,
				ninf,
				any,
				nonnegzero;
} RefAcc;

/* acc += sign * m * 2^shift: add or subtract three digits, then carry. */
static inline void
RefAdd(RefAcc *a, int neg, uint64_t m, int shift)
{
	unsigned __int128 v = (unsigned __int128) m << (shift % 32);
	int			q = shift / 32;
	int			i;
	int64_t		carry = 0;		/* +1 carry or -1 borrow */

	for (i = q; i < REF_DIGITS; i++)
	{
		int64_t		part = i < q + 3 ? (int64_t) (uint32_t) (v >> (32 * (i - q))) : 0;
		int64_t		d = (int64_t) a->d[i] + (neg ? -part : part) + carry;

		if (i >= q + 3 && carry == 0)
			break;
		a->d[i] = (uint32_t) d;
		carry = d < 0 ? -1 : (d >> 32);
	}
}

/* Add one float (given as double with its format) to the reference. */
static inline void
RefAddFloat(RefAcc *a, double x, int f8)
{
	int			e;
	double		fr;
	uint64_t	m;
	int			unit = f8 ? -1074 : -149;
	int			prec = f8 ? 53 : 24;

	a->any = 1;
	if (isnan(x))
	{
		a->nan = 1;
		a->nonnegzero = 1;
		return;
	}
	if (isinf(x))
	{
		if (x > 0)
			a->pinf = 1;
		else
			a->ninf = 1;
		a->nonnegzero = 1;
		return;
	}
	if (!(x == 0 && signbit(x)))
		a->nonnegzero = 1;
	if (x == 0)
		return;
	fr = frexp(fabs(x), &e);	/* |x| = fr * 2^e, fr in [0.5, 1) */
	/* |x| = m * 2^(e - prec), m an integer below 2^prec */
	m = (uint64_t) ldexp(fr, prec);
	if (e - prec < unit)
	{
		/* subnormal: m * 2^(e-prec) with e-prec below the unit; shift m down */
		int			d = unit - (e - prec);

		m >>= d;
		e += d;
	}
	RefAdd(a, x < 0, m, e - prec - unit);
}

/*
 * Round the reference's exact value to the format, half to even, or report
 * overflow (returns 0 and sets *overflow).
 */
static inline double
RefRound(const RefAcc *a, int f8, int *overflow)
{
	uint32_t	mag[REF_DIGITS];
	int			neg = (a->d[REF_DIGITS - 1] >> 31) & 1;
	int			i,
				top;
	int			unit = f8 ? -1074 : -149;
	int			prec = f8 ? 53 : 24;
	uint64_t	mant = 0;
	int			roundbit,
				sticky = 0;
	double		r;

	*overflow = 0;
	if (a->nan || (a->pinf && a->ninf))
		return NAN;
	if (a->pinf)
		return INFINITY;
	if (a->ninf)
		return -INFINITY;
	memcpy(mag, a->d, sizeof(mag));
	if (neg)
	{
		uint64_t	carry = 1;

		for (i = 0; i < REF_DIGITS; i++)
		{
			uint64_t	v = (uint64_t) (uint32_t) ~mag[i] + carry;

			mag[i] = (uint32_t) v;
			carry = v >> 32;
		}
	}
	for (i = REF_DIGITS - 1; i >= 0 && mag[i] == 0; i--)
		;
	top = i < 0 ? -1 : 32 * i + 31 - __builtin_clz(mag[i]);
	if (top < 0)
		return (a->any && !a->nonnegzero) ? -0.0 : 0.0;
#define BIT(b) ((b) >= 0 ? (int) ((mag[(b) / 32] >> ((b) % 32)) & 1) : 0)
	if (top < prec)
	{
		/* exact: the value has at most prec bits */
		for (i = top; i >= 0; i--)
			mant = (mant << 1) | BIT(i);
		r = ldexp((double) mant, unit);
	}
	else
	{
		int			low = top - prec + 1;	/* lowest kept bit */

		for (i = top; i >= low; i--)
			mant = (mant << 1) | BIT(i);
		roundbit = BIT(low - 1);
		/* any bit in [0, low-2]: whole digits where possible */
		for (i = 0; i <= low - 2 && !sticky;)
		{
			if (i % 32 == 0 && i + 31 <= low - 2)
			{
				sticky = mag[i / 32] != 0;
				i += 32;
			}
			else
			{
				sticky = BIT(i);
				i++;
			}
		}
		if (roundbit && (sticky || (mant & 1)))
			mant++;
		r = ldexp((double) mant, low + unit);
	}
#undef BIT
	if (f8 ? isinf(r) : (r > FLT_MAX))
	{
		*overflow = 1;
		return 0;
	}
	return neg ? -r : r;
}

/* Is position p of a scan present (not NULL)? */
static inline int
RefPresent(const GsScanSpec *spec, int64_t p)
{
	return !spec->nulls || ((spec->nulls[p >> 3] >> (p & 7)) & 1);
}

/* Bits of result i (osz bytes each) for comparison: integers sign-extended, NaNs alike. */
static inline uint64_t
ResultBits(GsElemType t, int osz, const void *out, int64_t i)
{
	if (osz == 2)
	{
		int16_t		v;

		memcpy(&v, (const char *) out + 2 * i, 2);
		return (uint64_t) (int64_t) v;
	}
	if (osz == 4 && t == GS_INT4)
	{
		int32_t		v;

		memcpy(&v, (const char *) out + 4 * i, 4);
		return (uint64_t) (int64_t) v;
	}
	if (t == GS_FLOAT4)
	{
		uint32_t	u;

		memcpy(&u, (const char *) out + 4 * i, 4);
		/* all NaNs compare equal */
		if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x7fffffu))
			return 0x7fc00000u;
		return u;
	}
	else
	{
		uint64_t	u;

		memcpy(&u, (const char *) out + 8 * i, 8);
		if (t == GS_FLOAT8 && (u & UINT64_C(0x7ff0000000000000)) == UINT64_C(0x7ff0000000000000)
			&& (u & UINT64_C(0xfffffffffffff)))
			return UINT64_C(0x7ff8000000000000);
		return u;
	}
}

/* Stored value k of a float4 or float8 scan, as double. */
static inline double
RefFloat(const GsScanSpec *spec, int64_t k)
{
	return spec->type == GS_FLOAT4 ? ((const float *) spec->values)[k]
		: ((const double *) spec->values)[k];
}

/*
 * Does a later value x replace the running extreme best?  PostgreSQL's
 * float order with C's comparisons: NaN above everything and equal to
 * itself, -0 == 0 (C compares them equal), the later of equals wins.
 */
static inline int
RefTakes(double best, double x, int is_min)
{
	if (isnan(x))
		return !is_min || isnan(best);
	if (isnan(best))
		return is_min;
	return is_min ? x <= best : x >= best;
}

/* Reference running maxima / minima of a scan into out (packed, the input's type). */
static inline void
ReferenceOrder(const GsScanSpec *spec, void *out)
{
	int			sz = gs_type_size(spec->type);
	int			is_min = spec->op == GS_OP_MIN;
	int			isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	int64_t		p,
				k = 0,
				best = -1;		/* index of the row's extreme so far */

	for (p = 0; p < spec->nitems; p++)
	{
		if (p % spec->row_len == 0)
			best = -1;
		if (!RefPresent(spec, p))
			continue;
		if (best < 0)
			best = k;
		else if (isfloat)
		{
			if (RefTakes(RefFloat(spec, best), RefFloat(spec, k), is_min))
				best = k;
		}
		else
		{
			int64_t		b = (int64_t) ResultBits(spec->type, sz, spec->values, best);
			int64_t		x = (int64_t) ResultBits(spec->type, sz, spec->values, k);

			if (is_min ? x <= b : x >= b)
				best = k;
		}
		memcpy((char *) out + k * sz, (const char *) spec->values + best * sz, sz);
		k++;
	}
}

/* ---------- the window operators: moving sums, moving means, running means ---------- */

/*
 * The window reference keeps the exact sum of the values in the window as a
 * two's complement integer of WREF_DIGITS 32-bit digits in units of the
 * type's smallest subnormal (2^-149, 2^-1074; integers in units of 1),
 * adding each value entering and subtracting each one leaving, with counts
 * of the values, NaNs, infinities and -0s beside it.  A sum is rounded bit
 * by bit (half to even, gradual underflow) from its magnitude; a mean is
 * the magnitude shifted left by 128 bits, divided by the count digit by
 * digit (schoolbook long division), and that quotient rounded with the
 * remainder as its sticky bit: at least 65 quotient bits, so the rounding
 * bit and everything below are known.  Its own code throughout: nothing of
 * the engine's core/exact.h, nor of RefAcc above.
 */
#define WREF_DIGITS 84			/* 2688 bits: 2^1024 * 2^1074 * a count below 2^580 */
#define WREF_SHIFT_DIGITS 4		/* a mean's dividend: the sum times 2^128 */

typedef struct WRefWin
{
	uint32_t	d[WREF_DIGITS];	/* the finite values' sum, two's complement */
	__int128	isum;			/* integers: the sum */
	int64_t		nvals,			/* values in the window */
				nan,
				pinf,
				ninf,
				negz;
} WRefWin;

/* d += (neg ? -1 : 1) * m * 2^shift (m < 2^64, shift >= 0), carrying to the top. */
static inline void
WRefAdd(uint32_t *d, int nd, int neg, uint64_t m, int shift)
{
	unsigned __int128 v = (unsigned __int128) m << (shift % 32);
	int			i;
	int64_t		carry = 0;

	for (i = shift / 32; i < nd; i++)
	{
		int64_t		part = (int64_t) (uint32_t) v;
		int64_t		t;

		v >>= 32;
		t = (int64_t) d[i] + (neg ? -part : part) + carry;
		d[i] = (uint32_t) t;
		carry = t >> 32;		/* -1, 0 or 1 */
		if (v == 0 && carry == 0)
			break;
	}
}

/*
 * Split a float's bits into class and magnitude: 0 zero, 1 finite nonzero
 * (|x| = *m * 2^*shift units of the smallest subnormal), 2 infinity, 3 NaN.
 */
static inline int
WRefSplit(uint64_t u, int f8, int *neg, uint64_t *m, int *shift)
{
	int			mbits = f8 ? 52 : 23;
	int			ebits = f8 ? 11 : 8;
	uint64_t	frac = u & ((UINT64_C(1) << mbits) - 1);
	int			ef = (int) ((u >> mbits) & ((1u << ebits) - 1));

	*neg = (int) ((u >> (mbits + ebits)) & 1);
	if (ef == (1 << ebits) - 1)
		return frac ? 3 : 2;
	if (ef == 0 && frac == 0)
		return 0;
	*m = ef ? frac | (UINT64_C(1) << mbits) : frac;
	*shift = ef ? ef - 1 : 0;
	return 1;
}

/* Stored value k of a float scan as its bits (float4 zero-extended). */
static inline uint64_t
WRefBits(const GsScanSpec *spec, int64_t k)
{
	if (spec->type == GS_FLOAT4)
	{
		uint32_t	u;

		memcpy(&u, (const char *) spec->values + 4 * k, 4);
		return u;
	}
	else
	{
		uint64_t	u;

		memcpy(&u, (const char *) spec->values + 8 * k, 8);
		return u;
	}
}

/* Value k enters (dir 1) or leaves (dir -1) the window. */
static inline void
WRefMove(WRefWin *w, const GsScanSpec *spec, int64_t k, int dir)
{
	w->nvals += dir;
	if (spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8)
	{
		int			f8 = spec->type == GS_FLOAT8;
		uint64_t	u = WRefBits(spec, k);
		int			neg,
					shift,
					cls;
		uint64_t	m;

		cls = WRefSplit(u, f8, &neg, &m, &shift);
		if (cls == 3)
			w->nan += dir;
		else if (cls == 2)
		{
			if (neg)
				w->ninf += dir;
			else
				w->pinf += dir;
		}
		else if (cls == 0)
		{
			if (neg)
				w->negz += dir;
		}
		else
			WRefAdd(w->d, WREF_DIGITS, neg ^ (dir < 0), m, shift);
	}
	else
	{
		int64_t		x = (int64_t) ResultBits(spec->type, gs_type_size(spec->type), spec->values, k);

		w->isum += dir > 0 ? (__int128) x : -(__int128) x;
	}
}

/* The magnitude of a two's complement number of nd digits into mag; returns its sign. */
static inline int
WRefMagnitude(const uint32_t *d, int nd, uint32_t *mag)
{
	int			neg = (int) (d[nd - 1] >> 31);
	uint64_t	carry = 1;
	int			i;

	for (i = 0; i < nd; i++)
	{
		if (neg)
		{
			uint64_t	t = (uint64_t) (uint32_t) ~d[i] + carry;

			mag[i] = (uint32_t) t;
			carry = t >> 32;
		}
		else
			mag[i] = d[i];
	}
	return neg;
}

/* Index of the highest set bit of a magnitude, -1 when zero. */
static inline int
WRefTop(const uint32_t *mag, int nd)
{
	int			i;

	for (i = nd - 1; i >= 0; i--)
		if (mag[i])
			return 32 * i + 31 - __builtin_clz(mag[i]);
	return -1;
}

/*
 * (mag + f) * 2^unit rounded to float4 (f8 = 0) or float8, half to even,
 * with gradual underflow; f is 0, or when sticky some value strictly between
 * 0 and 1 (then mag must have at least prec + 2 bits, or the rounding point
 * must lie above bit 1).  mag is nonzero.  *overflow when the rounded value
 * is beyond the format's largest (the result is then meaningless).
 */
static inline double
WRefRound(const uint32_t *mag, int nd, int sticky, int unit, int f8, int *overflow)
{
	int			prec = f8 ? 53 : 24;
	int			tiny = f8 ? -1074 : -149;
	int			top = WRefTop(mag, nd);
	int			low,
				i,
				rbit = 0;
	uint64_t	mant = 0;
	double		r;

#define WBIT(b) ((b) >= 0 && (b) < 32 * nd ? (int) ((mag[(b) / 32] >> ((b) % 32)) & 1) : 0)
	*overflow = 0;
	low = top - prec + 1;		/* the lowest bit kept */
	if (low + unit < tiny)
		low = tiny - unit;		/* subnormal: the grid of the smallest subnormal */
	if (low < 1 && sticky)
	{
		/* the caller's promise is broken: make it loud */
		*overflow = 1;
		return NAN;
	}
	for (i = top; i >= low && i >= 0; i--)
		mant = (mant << 1) | (uint64_t) WBIT(i);
	if (low >= 1)
	{
		rbit = WBIT(low - 1);
		for (i = 0; i < (low - 1) && !sticky; i++)
		{
			if (i % 32 == 0 && i + 32 <= low - 1)
			{
				sticky = mag[i / 32] != 0;
				i += 31;
			}
			else
				sticky = WBIT(i);
		}
	}
	else
	{
		/* every bit is kept: exact (low < 0 only means a finer grid) */
		low = 0;
	}
#undef WBIT
	if (rbit && (sticky || (mant & 1)))
		mant++;
	r = ldexp((double) mant, low + unit);
	if (f8 ? isinf(r) : r > FLT_MAX)
		*overflow = 1;
	return r;
}

/*
 * |sum| / c, the sum's magnitude mag (nd digits, units 2^unit, nonzero) over
 * a count c >= 1, rounded once: the long division of mag * 2^128 by c, the
 * remainder as the sticky bit.
 */
static inline double
WRefQuotient(const uint32_t *mag, int nd, int unit, uint64_t c, int f8)
{
	uint32_t	num[WREF_DIGITS + WREF_SHIFT_DIGITS];
	int			n = nd + WREF_SHIFT_DIGITS;
	int			i,
				ovf;
	double		r;

	memset(num, 0, sizeof(num));
	memcpy(num + WREF_SHIFT_DIGITS, mag, sizeof(uint32_t) * nd);
	for (i = n - 1; i > 0 && num[i] == 0; i--)
		;
	if (c < (UINT64_C(1) << 32))
	{
		uint64_t	rem = 0;

		for (; i >= 0; i--)
		{
			uint64_t	cur = (rem << 32) | num[i];

			num[i] = (uint32_t) (cur / c);
			rem = cur % c;
		}
		r = WRefRound(num, n, rem != 0, unit - 32 * WREF_SHIFT_DIGITS, f8, &ovf);
	}
	else
	{
		unsigned __int128 rem = 0;

		for (; i >= 0; i--)
		{
			unsigned __int128 cur = (rem << 32) | num[i];

			num[i] = (uint32_t) (cur / c);
			rem = cur % c;
		}
		r = WRefRound(num, n, rem != 0, unit - 32 * WREF_SHIFT_DIGITS, f8, &ovf);
	}
	/* a mean lies within the values' range: it cannot overflow */
	return ovf ? NAN : r;
}

/*
 * The reference result of a window operator for the window now (the value
 * just entered is in it): *err set when a moving sum is out of range.
 */
static inline void
WRefOutput(const WRefWin *w, const GsScanSpec *spec, void *out, int64_t k, int *err)
{
	int			isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	int			f8 = spec->type != GS_FLOAT4;	/* integers: means are float8 */
	int			mean = spec->op != GS_OP_MOVSUM;
	uint32_t	mag[WREF_DIGITS];
	int			neg,
				ovf = 0;
	double		r;

	*err = 0;
	if (!isfloat)
	{
		__int128	s = w->isum;
		unsigned __int128 a = s < 0 ? -(unsigned __int128) s : (unsigned __int128) s;
		int			i;

		if (!mean)
		{
			if (s > INT64_MAX || s < INT64_MIN)
				*err = 1;
			else
				((int64_t *) out)[k] = (int64_t) s;
			return;
		}
		if (s == 0)
		{
			((double *) out)[k] = 0.0;
			return;
		}
		memset(mag, 0, sizeof(mag));
		for (i = 0; i < 4; i++)
			mag[i] = (uint32_t) (a >> (32 * i));
		r = WRefQuotient(mag, 4, 0, (uint64_t) w->nvals, 1);
		((double *) out)[k] = s < 0 ? -r : r;
		return;
	}
	if (w->nan || (w->pinf && w->ninf))
		r = NAN;
	else if (w->pinf)
		r = INFINITY;
	else if (w->ninf)
		r = -INFINITY;
	else
	{
		neg = WRefMagnitude(w->d, WREF_DIGITS, mag);
		if (WRefTop(mag, WREF_DIGITS) < 0)
			r = w->negz == w->nvals ? -0.0 : 0.0;
		else
		{
			int			unit = f8 ? -1074 : -149;

			if (mean)
				r = WRefQuotient(mag, WREF_DIGITS, unit, (uint64_t) w->nvals, f8);
			else
				r = WRefRound(mag, WREF_DIGITS, 0, unit, f8, &ovf);
			if (ovf)
			{
				*err = 1;
				return;
			}
			r = neg ? -r : r;	/* a negative mean rounded to zero is -0 */
		}
	}
	if (f8)
		((double *) out)[k] = r;
	else
		((float *) out)[k] = (float) r;
}

/*
 * The reference of GS_OP_MOVSUM, GS_OP_MOVAVG and GS_OP_CUMAVG into out
 * (packed: int8 sums and float8 means for integers, else the type); returns
 * the position of the first moving sum out of range, or -1.  Each row on
 * its own; position p's window is the row's positions p - window + 1 .. p
 * (NULL positions counted), all of the row so far for GS_OP_CUMAVG.
 */
static inline int64_t
ReferenceWindow(const GsScanSpec *spec, void *out)
{
	WRefWin    *w = (WRefWin *) calloc(1, sizeof(WRefWin));
	int64_t		win = spec->op == GS_OP_CUMAVG ? INT64_MAX : spec->window;
	int64_t		p,
				k = 0,			/* the next value entering */
				kl = 0,			/* the next value leaving */
				rowstart = 0,
				bad = -1;

	for (p = 0; p < spec->nitems && bad < 0; p++)
	{
		int			err;

		if (p % spec->row_len == 0)
		{
			memset(w, 0, sizeof(*w));
			rowstart = p;
			kl = k;
		}
		/* position p - win leaves the window */
		if (p - rowstart >= win && RefPresent(spec, p - win))
			WRefMove(w, spec, kl++, -1);
		if (!RefPresent(spec, p))
			continue;
		WRefMove(w, spec, k, 1);
		WRefOutput(w, spec, out, k, &err);
		if (err)
			bad = p;
		k++;
	}
	free(w);
	return bad;
}

/*
 * Compute the reference result of a scan into out (packed); returns the
 * position of the first error, or -1.
 */
static inline int64_t
Reference(const GsScanSpec *spec, void *out)
{
	RefAcc		acc;
	int64_t		p,
				k = 0;
	int			f8 = spec->type == GS_FLOAT8;
	__int128	isum = 0;

	if (GS_OP_IS_WINDOW(spec->op))
		return ReferenceWindow(spec, out);
	if (spec->op != GS_OP_SUM)
	{
		ReferenceOrder(spec, out);
		return -1;
	}
	memset(&acc, 0, sizeof(acc));
	for (p = 0; p < spec->nitems; p++)
	{
		double		x = 0;
		__int128	xi = 0;
		int			pass;

		if (p % spec->row_len == 0)
		{
			memset(&acc, 0, sizeof(acc));
			isum = 0;
		}
		if (!RefPresent(spec, p))
			continue;
		if (spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8)
			x = RefFloat(spec, k);
		else
			xi = (int64_t) ResultBits(spec->type, gs_type_size(spec->type), spec->values, k);
		/* pass 0 adds before output (inclusive), pass 1 after (exclusive) */
		for (pass = 0; pass < 2; pass++)
		{
			if (pass == (spec->exclusive ? 1 : 0))
			{
				if (spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8)
					RefAddFloat(&acc, x, f8);
				else
					isum += xi;
			}
			if (pass == 0)
			{
				if (spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8)
				{
					int			ovf;
					double		r = RefRound(&acc, f8, &ovf);

					if (ovf)
						return p;
					if (f8)
						((double *) out)[k] = r;
					else
						((float *) out)[k] = (float) r;
				}
				else
				{
					/* exclusive: isum is still the sum before this value */
					if (isum > INT64_MAX || isum < INT64_MIN)
						return p;
					((int64_t *) out)[k] = (int64_t) isum;
				}
			}
		}
		k++;
	}
	return -1;
}

/*
 * Compare an engine's outcome (res, its results got with nvalues packed
 * results and one poisoned element after them, and the plan's count) with
 * the reference's (want, first error want_err or -1), bit for bit, errors
 * included.  Returns 1 when alike, else 0 with what differed in why.
 */
static inline int
RefCheck(const GsScanSpec *spec, int64_t nvalues, const GsPlan *plan,
		 const GsScanResult *res, const void *got, const void *want,
		 int64_t want_err, char *why, size_t whylen)
{
	GsElemType	t = spec->type;
	int			osz = gs_output_size(t, spec->op);
	int			ok = 1;
	int			i;
	int64_t		k;
	GsElemType	rt = t;			/* the results' type */

	if (GS_OP_IS_WINDOW(spec->op) && t != GS_FLOAT4 && t != GS_FLOAT8)
		rt = spec->op == GS_OP_MOVSUM ? GS_INT8 : GS_FLOAT8;

	if (plan->nvalues != nvalues)
	{
		snprintf(why, whylen, "nvalues %" PRId64 " != %" PRId64, plan->nvalues, nvalues);
		return 0;
	}
	if (want_err >= 0 || res->status != GS_OK)
	{
		GsStatus	want_status = (t == GS_FLOAT4 || t == GS_FLOAT8)
			? GS_ERR_FLOAT_OVERFLOW : GS_ERR_INT8_RANGE;

		if (want_err < 0 || res->status != want_status || res->error_position != want_err)
		{
			snprintf(why, whylen, "error: engine status %d at %" PRId64 ", reference at %" PRId64,
					 res->status, res->error_position, want_err);
			ok = 0;
		}
	}
	else
	{
		for (k = 0; k < nvalues && ok; k++)
		{
			if (ResultBits(rt, osz, got, k) == ResultBits(rt, osz, want, k))
				continue;
			ok = 0;
			if (osz < 8 && rt != GS_FLOAT4)
				snprintf(why, whylen, "value %" PRId64 ": got %" PRId64 " want %" PRId64, k,
						 (int64_t) ResultBits(rt, osz, got, k),
						 (int64_t) ResultBits(rt, osz, want, k));
			else if (rt == GS_FLOAT4)
				snprintf(why, whylen, "value %" PRId64 ": got %a want %a", k,
						 ((const float *) got)[k], ((const float *) want)[k]);
			else if (rt == GS_FLOAT8)
				snprintf(why, whylen, "value %" PRId64 ": got %a want %a", k,
						 ((const double *) got)[k], ((const double *) want)[k]);
			else
				snprintf(why, whylen, "value %" PRId64 ": got %" PRId64 " want %" PRId64, k,
						 ((const int64_t *) got)[k], ((const int64_t *) want)[k]);
		}
	}
	/* the engine must not write past the last result, error or not */
	for (i = 0; i < osz && ok; i++)
		if (((const uint8_t *) got)[osz * nvalues + i] != REF_POISON)
		{
			snprintf(why, whylen, "wrote past the end");
			ok = 0;
		}
	return ok;
}

#endif							/* GPUSCAN_TEST_REFERENCE_H */
