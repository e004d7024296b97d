/*
 * core/comoments.h — exact covariances, correlations and regression lines
 * of pairs (y, x): five exact accumulators (core/accum.h) that can be added
 * to and removed from: Sx, Sy (the values), Sxx, Syy (their exact squares)
 * and Sxy (the exact products of the pairs).
 *
 * With n pairs, Nc = n Sxy - Sx Sy, Nx = n Sxx - Sx^2 and Ny = n Syy - Sy^2
 * are exact integers in the accumulators' units (n C, n Mx, n My in the
 * usual notation), and
 *   covar_pop = Nc / n^2, covar_samp = Nc / (n (n - 1)),
 *   corr = Nc / sqrt(Nx Ny), regr_slope = Nc / Nx,
 *   regr_intercept = (Sy Nx - Nc Sx) / (n Nx),
 *   regr_r2 = Nc^2 / (Nx Ny), regr_sxx = Nx / n, regr_syy = Ny / n,
 *   regr_sxy = Nc / n:
 * each a quotient A / B of exact integers (corr the root of one, its sign
 * Nc's), rounded once to double, half to even.  The fast path computes the
 * result from the five sums as double-doubles (the accumulators' top
 * digits, or a moving frame's cache of them, GsCoCache), carrying a bound
 * on its error through each operation, and rounds where that bound decides
 * (most results: it fails on cancellation, near a rounding boundary, and
 * for sums beyond [2^-150, 2^200]); then A and B are formed exactly,
 * rounded from their top 106 bits where a proved bound decides, and else
 * divided exactly.
 *
 * Values are doubles or 64-bit integers (bigint, exactly: an integer is m
 * 2^0, its square and products 128-bit integers), decoded once
 * (GsCoValue) and placed into the accumulators.
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_COMOMENTS_H
#define GPUSCAN_COMOMENTS_H

#include "accum.h"

#include <string.h>

#ifdef __cplusplus
extern "C"
{
#endif

/* What a result is. */
#define GS_CO_COVAR_POP		0
#define GS_CO_COVAR_SAMP	1
#define GS_CO_CORR			2
#define GS_CO_SLOPE			3
#define GS_CO_INTERCEPT		4
#define GS_CO_R2			5
#define GS_CO_SXX			6
#define GS_CO_SYY			7
#define GS_CO_SXY			8
#define GS_CO_COUNT			9	/* results above */

/* The accumulators of a state, in order. */
#define GS_CO_X		0
#define GS_CO_Y		1
#define GS_CO_XX	2
#define GS_CO_YY	3
#define GS_CO_XY	4
#define GS_CO_PARTS	5

/*
 * A value decoded: |v| = m 2^(pos - 1074) (m < 2^64; zero: m = 0), or a
 * NaN or an infinity (special: GS_FLAG_NAN, _PINF or _NINF; nothing is
 * placed).
 */
typedef struct GsCoValue
{
	uint64_t	m;
	int			pos;
	int			neg;
	uint32_t	special;
	int			cache;			/* a double within GsCoCache's range: its value d */
	double		d;
} GsCoValue;

/*
 * Beside the exact accumulators, their sums as double-doubles, each with a
 * bound on its error, moved with them while every value moved is a double
 * of magnitude 0 or within [2^-100, 2^100] (each move adds less than 2^-100
 * of the sum's and the term's magnitudes), and read afresh from the
 * accumulators when invalid or after GS_CO_CACHE_MOVES moves: the fast path
 * of a moving frame's results without normalising the accumulators.  Not
 * part of the serial form.
 */
typedef struct GsCoSum
{
	double		h,
				l,				/* the sum h + l (a double-double) */
				err;			/* within err of the exact sum */
} GsCoSum;

typedef struct GsCoCache
{
	GsCoSum		sum[5];			/* GS_CO_X ... GS_CO_XY */
	int32_t		valid;
	int32_t		moves;
} GsCoCache;

#define GS_CO_CACHE_MOVES	4096

/* A double of bits u, decoded. */
static inline void
gs_co_from_double(GsCoValue *v, uint64_t u)
{
	uint64_t	mag = u & ~(UINT64_C(1) << 63);
	uint32_t	ef = (uint32_t) (mag >> 52);

	v->neg = (int) (u >> 63);
	v->special = 0;
	if (ef == 0x7ff)
	{
		v->special = (mag & ((UINT64_C(1) << 52) - 1)) ? GS_FLAG_NAN : v->neg ? GS_FLAG_NINF : GS_FLAG_PINF;
		v->m = 0;
		v->pos = 0;
		v->cache = 0;
		v->d = 0;
		return;
	}
	v->m = (mag & ((UINT64_C(1) << 52) - 1)) | (ef ? UINT64_C(1) << 52 : 0);
	v->pos = (int) (ef ? ef : 1) - 1;
	v->cache = mag == 0 || (ef >= 1023 - 100 && ef < 1023 + 100);
	memcpy(&v->d, &u, sizeof(double));
}

/* A 64-bit integer, decoded (exactly). */
static inline void
gs_co_from_int64(GsCoValue *v, int64_t x)
{
	v->neg = x < 0;
	v->m = x < 0 ? -(uint64_t) x : (uint64_t) x;
	v->pos = 1074;
	v->special = 0;
	v->cache = 0;
	v->d = 0;
}

/* Bytes of a state: the cache, then the accumulators. */
static inline size_t
gs_comoments_bytes(void)
{
	return sizeof(GsCoCache) + 2 * gs_accum_kind_bytes(GS_ACCUM_DOUBLES) + 3 * gs_accum_kind_bytes(GS_ACCUM_SQUARES);
}

/* Accumulator i (GS_CO_X ... GS_CO_XY) of a state. */
static inline GsAccum *
gs_comoments_part(void *c, int i)
{
	size_t		d = gs_accum_kind_bytes(GS_ACCUM_DOUBLES),
				s = gs_accum_kind_bytes(GS_ACCUM_SQUARES);

	return (GsAccum *) ((char *) c + sizeof(GsCoCache) + (i <= GS_CO_Y ? i * d : 2 * d + (i - GS_CO_XX) * s));
}

/* An empty state in gs_comoments_bytes() bytes at c. */
extern void gs_comoments_init(void *c);

/*
 * Add (sign 1) or remove (sign -1) the pair (y, x): each value and its
 * square; their product when neither is a NaN or an infinity (such a pair
 * is counted in Sxy's NaNs); the cache moved with them, or dropped.
 */
extern void gs_comoments_move(void *c, const GsCoValue *y, const GsCoValue *x, int sign);

/* Add everything state b holds to state a. */
extern void gs_comoments_combine(void *a, const void *b);

/*
 * A result (what: GS_CO_*) of a state, rounded once to double: 0 with *out
 * set; GS_ACCUM_EMPTY (SQL NULL) with no pair (covar_samp: fewer than two),
 * or where Nx is 0 (every result but the covariances, sums and means) or Ny
 * is 0 (corr; regr_r2 is then 1); NaN when a NaN or an infinity is among
 * the pairs; GS_ACCUM_OVERFLOW (*out an infinity) when the rounded result
 * is beyond double precision.  An exact zero is +0.  Normalises the state.
 */
extern int	gs_comoments_result(void *c, int what, double *out);

/* The same by the exact path alone (the tests compare the two). */
extern int	gs_comoments_result_exact(void *c, int what, double *out);

/* Results the fast path has left to the exact one (tests read it). */
extern uint64_t gs_comoments_slow_count;

/* Bytes of a state's serial form (the five accumulators', normalised). */
extern size_t gs_comoments_serial_bytes(void *c);

/* Write a state's serial form (gs_comoments_serial_bytes(c) bytes). */
extern void gs_comoments_serialize(void *c, uint8_t *buf);

/* Read a serial form of n bytes into state c; false when the bytes are not one. */
extern bool gs_comoments_deserialize(const uint8_t *buf, size_t n, void *c);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_COMOMENTS_H */
