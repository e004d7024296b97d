/*
 * core/accum.h — the exact accumulator of float values that can be added
 * and removed: exact_sum and exact_avg (src/aggregates.c), their moving
 * frames, and the running totals the window forms of the scans carry from
 * block to block (src/window.c).
 *
 * The accumulator is a fixed-point integer over the type's whole exponent
 * range, in units of its smallest subnormal (2^-1074 for double precision,
 * 2^-149 for real), held as signed 64-bit digits of radix 2^32 with lazy
 * carries: a value adds (or subtracts) its mantissa, shifted to its place,
 * into three digits, and the carries between digits are propagated only
 * every 2^30 moves or before the value is read.  Beside it, counts of the
 * values, NaNs, infinities and values other than -0.  Every sum it holds is
 * exact, so removing a value undoes adding it exactly, any order of moves
 * and any split into parts that are then combined give the same state, and
 * each result is rounded once (core/exact.h).  Its size is bounded whatever
 * the number of values: 68 digits for double precision, 12 for real.
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_ACCUM_H
#define GPUSCAN_ACCUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "exact.h"

#ifdef __cplusplus
extern "C"
{
#endif

/*
 * Digits of the accumulator of each type: a double's lowest bit lies at
 * most 2045 places above 2^-1074 and its top at 2097; a float's at 253 and
 * 276; 2^63 values add 63 bits more.  Digit k holds bits [32k, 32k + 32).
 */
#define GS_ACCUM_DIGITS_F8	68
#define GS_ACCUM_DIGITS_F4	12

/*
 * Digits of an accumulator of the squares of doubles (core/moments.h), in
 * units of 2^-2148: a square's 106-bit mantissa product lies at most 4090
 * places up, so its top below 4196; 2^63 squares add 63 bits more.
 */
#define GS_ACCUM_DIGITS_SQ	134

/* Limbs of 64 bits that the widest sum of squares takes (gs_accum_limbs). */
#define GS_ACCUM_LIMBS_SQ	68

/* What an accumulator sums (its serial form's type byte). */
#define GS_ACCUM_FLOATS		0	/* real values */
#define GS_ACCUM_DOUBLES	1	/* double precision values */
#define GS_ACCUM_SQUARES	2	/* the exact squares of double precision values */
#define GS_ACCUM_PRODUCTS	3	/* the exact products of pairs of them (core/comoments.h) */

/* Moves between normalisations: each adds less than 2^32 to a digit. */
#define GS_ACCUM_PENDING_MAX	(1 << 30)

typedef struct GsAccum
{
	int32_t		kind;			/* GS_ACCUM_FLOATS, _DOUBLES, _SQUARES or _PRODUCTS */
	int32_t		ndigits;		/* GS_ACCUM_DIGITS_F8, _F4 or _SQ */
	int32_t		lo,
				hi;				/* digits [lo, hi] may be nonzero; hi < lo: all zero */
	int32_t		pending;		/* moves since the last normalisation */
	int32_t		pad;
	int64_t		nvalues;		/* values in: added minus removed */
	int64_t		nan,
				pinf,
				ninf,
				nonnegz;		/* of which NaN, +Infinity, -Infinity, other than -0 */
	int64_t		d[];			/* ndigits digits, least significant first */
} GsAccum;

/* Digits of an accumulator of a kind (GS_ACCUM_FLOATS, _DOUBLES, _SQUARES, _PRODUCTS). */
static inline int
gs_accum_digits(int kind)
{
	return kind >= GS_ACCUM_SQUARES ? GS_ACCUM_DIGITS_SQ :
		kind == GS_ACCUM_DOUBLES ? GS_ACCUM_DIGITS_F8 : GS_ACCUM_DIGITS_F4;
}

/* Does the accumulator take doubles (their values, squares or products), not floats? */
static inline int
gs_accum_f8(const GsAccum *a)
{
	return a->kind != GS_ACCUM_FLOATS;
}

/* Bytes of an accumulator of a kind. */
static inline size_t
gs_accum_kind_bytes(int kind)
{
	return sizeof(GsAccum) + sizeof(int64_t) * gs_accum_digits(kind);
}

/* Bytes of an accumulator of floats or (f8) doubles. */
static inline size_t
gs_accum_bytes(bool f8)
{
	return gs_accum_kind_bytes(f8 ? GS_ACCUM_DOUBLES : GS_ACCUM_FLOATS);
}

/* An empty accumulator of a kind in gs_accum_kind_bytes(kind) bytes at a. */
extern void gs_accum_init_kind(GsAccum *a, int kind);

/* An empty accumulator of floats or (f8) doubles in gs_accum_bytes(f8) bytes at a. */
static inline void
gs_accum_init(GsAccum *a, bool f8)
{
	gs_accum_init_kind(a, f8 ? GS_ACCUM_DOUBLES : GS_ACCUM_FLOATS);
}

/* Propagate the carries: digits [lo, hi) in [0, 2^32), the top one in [-2^31, 2^31). */
extern void gs_accum_normalize(GsAccum *a);

/*
 * Add (sign 1) or remove (sign -1) (neg ? -m : m) 2^pos units, m < 2^64,
 * to the digits (the counts are the caller's): three digits.
 */
static inline __attribute__((always_inline)) void
gs_accum_place(GsAccum *a, uint64_t m, int pos, int neg, int sign)
{
	int			k = pos >> 5;
	gs_u128		v = (gs_u128) m << (pos & 31);

	if (neg)
		sign = -sign;
	a->d[k] += sign * (int64_t) (uint32_t) v;
	a->d[k + 1] += sign * (int64_t) (uint32_t) (v >> 32);
	a->d[k + 2] += sign * (int64_t) (v >> 64);
	if (k < a->lo)
		a->lo = k;
	if (k + 2 > a->hi)
		a->hi = k + 2;
	if (++a->pending >= GS_ACCUM_PENDING_MAX)
		gs_accum_normalize(a);
}

/* The same for a product m2 < 2^128 (a square's or a pair's): five digits. */
static inline __attribute__((always_inline)) void
gs_accum_place_wide(GsAccum *a, gs_u128 m2, int pos, int neg, int sign)
{
	int			k = pos >> 5,
				sh = pos & 31;
	gs_u128		v = m2 << sh;

	if (neg)
		sign = -sign;
	a->d[k] += sign * (int64_t) (uint32_t) v;
	a->d[k + 1] += sign * (int64_t) (uint32_t) (v >> 32);
	a->d[k + 2] += sign * (int64_t) (uint32_t) (v >> 64);
	a->d[k + 3] += sign * (int64_t) (uint32_t) (v >> 96);
	/* the bits shifted past 128: fewer than 32 */
	a->d[k + 4] += sh ? sign * (int64_t) (m2 >> (128 - sh)) : 0;
	if (k < a->lo)
		a->lo = k;
	if (k + 4 > a->hi)
		a->hi = k + 4;
	if (++a->pending >= GS_ACCUM_PENDING_MAX)
		gs_accum_normalize(a);
}

/*
 * Add (sign 1) or remove (sign -1) one value, u its bits (a float's
 * zero-extended); sq (a constant): to an accumulator of squares, its exact
 * square.  Removing a value that was never added leaves a state that no
 * sequence of values gives, but arithmetic stays exact.
 */
static inline __attribute__((always_inline)) void
gs_accum_move_kind(GsAccum *a, uint64_t u, int sign, const int sq)
{
	const int	f8 = gs_accum_f8(a);
	const int	mb = GS_MANT_BITS(f8);
	uint64_t	mag = u & (GS_SIGN_BIT(f8) - 1);
	uint64_t	m;
	uint32_t	ef;
	int			pos;

	a->nvalues += sign;
	if (u != GS_SIGN_BIT(f8))
		a->nonnegz += sign;
	if (mag - 1 >= GS_INF_BITS(f8) - 1)
	{
		/* a zero adds nothing; NaN and the infinities are counted */
		if (mag > GS_INF_BITS(f8))
			a->nan += sign;
		else if (mag == GS_INF_BITS(f8))
		{
			if (u & GS_SIGN_BIT(f8))
				a->ninf += sign;
			else
				a->pinf += sign;
		}
		return;
	}
	ef = (uint32_t) (mag >> mb);
	m = mag & ((UINT64_C(1) << mb) - 1);
	if (ef)
		m |= UINT64_C(1) << mb;
	/* |x| = m * 2^(max(ef, 1) - bias), bit 0 of m at place max(ef, 1) - 1 */
	pos = (int) (ef ? ef : 1) - 1;
	if (sq)
		/* x^2 = m^2 * 2^(2 pos - 2148): 106 bits at place 2 pos */
		gs_accum_place_wide(a, (gs_u128) m * m, 2 * pos, 0, sign);
	else
		gs_accum_place(a, m, pos, (u & GS_SIGN_BIT(f8)) != 0, sign);
}

/* Add (sign 1) or remove (sign -1) one value (bits u), or its square, by the accumulator's kind. */
static inline __attribute__((always_inline)) void
gs_accum_move(GsAccum *a, uint64_t u, int sign)
{
	if (a->kind == GS_ACCUM_SQUARES)
		gs_accum_move_kind(a, u, sign, 1);
	else
		gs_accum_move_kind(a, u, sign, 0);
}

/* Add one value (bits u). */
static inline __attribute__((always_inline)) void
gs_accum_add(GsAccum *a, uint64_t u)
{
	gs_accum_move(a, u, 1);
}

/* Remove one value (bits u) added before. */
static inline __attribute__((always_inline)) void
gs_accum_remove(GsAccum *a, uint64_t u)
{
	gs_accum_move(a, u, -1);
}

/* Add everything b holds to a (the same type). */
extern void gs_accum_combine(GsAccum *a, const GsAccum *b);

/* What a result of the accumulator is. */
#define GS_ACCUM_EMPTY		1	/* no values: SQL NULL */
#define GS_ACCUM_OVERFLOW	2	/* a finite sum whose rounded value overflows */

/*
 * The sum of the values, rounded once to float (f8_out: double) and
 * returned as a double: NaN when a NaN or both infinities are in, else an
 * infinity that is in; an exact zero is -0 only when every value is -0.
 * Returns 0, GS_ACCUM_EMPTY or GS_ACCUM_OVERFLOW (*out then the infinity).
 * Normalises a.
 */
extern int	gs_accum_sum(GsAccum *a, bool f8_out, double *out);

/*
 * The mean of the values (their exact sum over their count), rounded once
 * to float or double, special values and zeros as for the sum (a negative
 * mean that rounds to zero is -0).  Returns 0 or GS_ACCUM_EMPTY.
 * Normalises a.
 */
extern int	gs_accum_mean(GsAccum *a, bool f8_out, double *out);

/*
 * The exact sum as a two's complement integer of nlimbs 64-bit limbs, in
 * units of 2^*unit (sign-extended over all of them); false when it needs
 * more.  The unit is 2^-1074 (squares: 2^-2148) times a power of 2^64.
 * Normalises a.
 */
extern bool gs_accum_limbs(GsAccum *a, uint64_t *w, int nlimbs, int *unit);

/*
 * The exact sum as a two's complement integer in as few 64-bit limbs as it
 * takes (w holds GS_ACCUM_LIMBS_SQ), in units of 2^*unit as for
 * gs_accum_limbs; returns how many (0: the sum is zero).  Normalises a.
 */
extern int	gs_accum_limbs_min(GsAccum *a, uint64_t *w, int *unit);

/*
 * A normalised accumulator's sum as (h + l) 2^e from its top four digits
 * (double-doubles, h + l within 2^-94 of the sum, relatively); false for a
 * zero sum.  The fast paths of core/moments.c and core/comoments.c.
 */
extern bool gs_accum_top(const GsAccum *a, double *h, double *l, int *e);

/*
 * The start state (core/engine.h) of a running total or mean of the type
 * from the values in a: their exact sum, count and flags.  Normalises a.
 */
extern void gs_accum_run_state(GsAccum *a, GsRunState *rs);

/* The flags (core/exact.h, GS_FLAG_*) of the values in a. */
extern uint32_t gs_accum_flags(const GsAccum *a);

/* Bytes gs_accum_serialize writes for a (normalised first). */
extern size_t gs_accum_serial_bytes(GsAccum *a);

/* Write a into buf (gs_accum_serial_bytes(a) bytes); normalises a. */
extern void gs_accum_serialize(GsAccum *a, uint8_t *buf);

/*
 * Read an accumulator written by gs_accum_serialize from n bytes into a
 * (gs_accum_kind_bytes of its kind, which *kind gets first when a is
 * NULL); false when the bytes are not one.
 */
extern bool gs_accum_deserialize(const uint8_t *buf, size_t n, GsAccum *a, int *kind);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_ACCUM_H */
