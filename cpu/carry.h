/*
 * cpu/carry.h — the exact running total that the CPU engine carries from one
 * block of a row to the next: an integer of limbs with its own unit, so the
 * fixed-point unit can change from block to block without rounding.
 */
#ifndef GPUSCAN_CARRY_H
#define GPUSCAN_CARRY_H

#include "../core/exact.h"

#include <limits.h>
#include <stdbool.h>

/*
 * An exact running total between blocks: w * 2^unit, two's complement in
 * the low CarryLimbs() limbs (2 + more); the limbs above are not kept and
 * read as that value's sign extension, so that a row's start and the
 * common 64- and 128-bit blocks touch two limbs, not GS_MAX_LIMBS.  All
 * zero bytes are a zero carry.
 */
typedef struct Carry
{
	uint64_t	w[GS_MAX_LIMBS];
	int			unit;
	int			more;			/* limbs in use beyond w[0] and w[1] */
} Carry;

/* The limbs of the carry that hold its value. */
static inline int
CarryLimbs(const Carry *c)
{
	return 2 + c->more;
}

/* The sign extension of the carry's value: all ones or zero. */
static inline uint64_t
CarrySext(const Carry *c)
{
	return (c->w[CarryLimbs(c) - 1] >> 63) ? ~UINT64_C(0) : 0;
}

/* Set the carry to zero (in units of 2^0). */
static inline void
CarryClear(Carry *c)
{
	c->w[0] = c->w[1] = 0;
	c->more = 0;
	c->unit = 0;
}

/* Is the carry zero? */
static inline bool
CarryIsZero(const Carry *c)
{
	uint64_t	any = 0;
	int			i,
				n = CarryLimbs(c);

	for (i = 0; i < n; i++)
		any |= c->w[i];
	return any == 0;
}

/*
 * A bound b with |w| <= 2^b (0 for zero; see gs_wide_bits); *low: the
 * trailing zero bits of w (w nonzero).
 */
static inline int
CarryBits(const Carry *c, int *low)
{
	int			bits = gs_wide_bits(c->w, CarryLimbs(c), low);

	return bits + (bits > 0 && !CarrySext(c));
}

/*
 * Write the sign extension into the limbs up to nlimbs (at most
 * GS_MAX_LIMBS), which then hold the value too.
 */
static inline void
CarryExtend(Carry *c, int nlimbs)
{
	uint64_t	sext = CarrySext(c);
	int			i;

	for (i = CarryLimbs(c); i < nlimbs; i++)
		c->w[i] = sext;
	if (nlimbs > CarryLimbs(c))
		c->more = nlimbs - 2;
}

/* Re-express the carry in units of 2^unit; exact by the caller's choice. */
static inline void
CarryRescale(Carry *c, int unit)
{
	int			d = c->unit - unit; /* shift left by d (right if negative) */
	int			n = CarryLimbs(c),
				nt = n;
	uint64_t	t[GS_MAX_LIMBS];
	uint64_t	sext = CarrySext(c);
	int			i;

	c->unit = unit;
	if (d == 0 || CarryIsZero(c))
		return;					/* (a row's first block: nothing to shift) */
	if (d > 0)
		nt = n + (d + 63) / 64 > GS_MAX_LIMBS ? GS_MAX_LIMBS : n + (d + 63) / 64;
	for (i = 0; i < nt; i++)
	{
		/* bit j of the result is bit j - d of the source */
		int			src = 64 * i - d;	/* source bit of t[i]'s bit 0 */
		int			q = src >= 0 ? src / 64 : -((-src + 63) / 64);
		int			r = src - 64 * q;
		uint64_t	lo = q >= 0 && q < n ? c->w[q] : (q < 0 ? 0 : sext);
		uint64_t	hi = q + 1 >= 0 && q + 1 < n ? c->w[q + 1] : (q + 1 < 0 ? 0 : sext);

		t[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
	}
	memcpy(c->w, t, nt * sizeof(uint64_t));
	c->more = nt - 2;
}

/* The carry as a 128-bit integer (it fits, by the caller's choice). */
static inline gs_i128
CarryToI128(const Carry *c)
{
	return (gs_i128) (((gs_u128) c->w[1] << 64) | c->w[0]);
}

/* Set the carry from a 128-bit integer. */
static inline void
CarryFromI128(Carry *c, gs_i128 v, int unit)
{
	c->w[0] = (uint64_t) v;
	c->w[1] = (uint64_t) ((gs_u128) v >> 64);
	c->more = 0;
	c->unit = unit;
}

/*
 * The carry from a block's wide accumulator: its low nlimbs limbs, written
 * in place (after CarryExtend to nlimbs), are the value.
 */
static inline void
CarryFromWide(Carry *c, int nlimbs)
{
	c->more = nlimbs - 2;
}

/* Set the carry from all GS_MAX_LIMBS limbs of w, in units of 2^unit. */
static inline void
CarryFromLimbs(Carry *c, const uint64_t *w, int unit)
{
	memcpy(c->w, w, sizeof(c->w));
	c->more = GS_MAX_LIMBS - 2;
	c->unit = unit;
}

/*
 * A 128-bit total as the carry-save AVX-512 kernel holds it:
 * h * 2^59 + l, l in [-2^58, 2^58).
 */
static inline void
CarrySplit59(gs_i128 acc, int64_t *h, int64_t *l)
{
	*l = (int64_t) (((uint64_t) acc + (UINT64_C(1) << 58)) & ((UINT64_C(1) << 59) - 1))
		- (INT64_C(1) << 58);
	*h = (int64_t) ((acc - *l) >> 59);
}

/* The 128-bit total h * 2^59 + l. */
static inline gs_i128
CarryJoin59(int64_t h, int64_t l)
{
	return (gs_i128) h * ((gs_i128) 1 << 59) + l;
}

#endif							/* GPUSCAN_CARRY_H */
