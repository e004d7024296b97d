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

/* An exact running total between blocks: w * 2^unit, two's complement. */
typedef struct Carry
{
	uint64_t	w[GS_MAX_LIMBS];
	int			unit;
} Carry;

/* Is the carry zero? */
static inline bool
CarryIsZero(const Carry *c)
{
	uint64_t	any = 0;
	int			i;

	/* no early exit: the OR of every limb vectorises (a row's first block asks) */
	for (i = 0; i < GS_MAX_LIMBS; i++)
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
	int			bits = gs_wide_bits(c->w, GS_MAX_LIMBS, low);

	return bits + (bits > 0 && !(c->w[GS_MAX_LIMBS - 1] >> 63));
}

/* Re-express the carry in units of 2^unit; exact by the caller's choice. */
static inline void
CarryRescale(Carry *c, int unit)
{
	int			d = c->unit - unit; /* shift left by d (right if negative) */
	uint64_t	t[GS_MAX_LIMBS];
	uint64_t	sext = (c->w[GS_MAX_LIMBS - 1] >> 63) ? ~UINT64_C(0) : 0;
	int			i;

	c->unit = unit;
	if (d == 0 || CarryIsZero(c))
		return;					/* (a row's first block: nothing to shift) */
	for (i = 0; i < GS_MAX_LIMBS; i++)
	{
		/* bit j of the result is bit j - d of the source */
		int			src = 64 * i - d;	/* source bit of t[i]'s bit 0 */
		int			q = src >= 0 ? src / 64 : -((-src + 63) / 64);
		int			r = src - 64 * q;
		uint64_t	lo = q >= 0 && q < GS_MAX_LIMBS ? c->w[q] : (q < 0 ? 0 : sext);
		uint64_t	hi = q + 1 >= 0 && q + 1 < GS_MAX_LIMBS ? c->w[q + 1] : (q + 1 < 0 ? 0 : sext);

		t[i] = r ? (lo >> r) | (hi << (64 - r)) : lo;
	}
	memcpy(c->w, t, sizeof(t));
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
	uint64_t	sext = v < 0 ? ~UINT64_C(0) : 0;
	int			i;

	c->w[0] = (uint64_t) v;
	c->w[1] = (uint64_t) ((gs_u128) v >> 64);
	for (i = 2; i < GS_MAX_LIMBS; i++)
		c->w[i] = sext;
	c->unit = unit;
}

/* Sign-extend the low nlimbs limbs of the carry over all of them. */
static inline void
CarrySignExtend(Carry *c, int nlimbs)
{
	uint64_t	sext = (c->w[nlimbs - 1] >> 63) ? ~UINT64_C(0) : 0;
	int			i;

	for (i = nlimbs; i < GS_MAX_LIMBS; i++)
		c->w[i] = sext;
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
