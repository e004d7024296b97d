/*
 * core/moments.h — exact second moments: the variance and standard
 * deviation of double precision values, correctly rounded, from two exact
 * accumulators (core/accum.h) that can be added to and removed from: the
 * sum of the values and the sum of their exact squares.
 *
 * With n values, S1 their sum and S2 the sum of their squares, M2 = S2 -
 * S1^2 / n, and the variance is M2 / (n - 1) (sample) or M2 / n
 * (population): N / D with N = n S2 - S1^2, an exact integer in the
 * accumulators' units, and D = n (n - 1) or n^2.  A result is that exact
 * rational rounded once to double (or float), half to even; a standard
 * deviation is its exact square root rounded once.  The fast path rounds
 * from N's top 102 bits in double arithmetic with a proved error bound and
 * leaves to the exact one (integer division and square root) only what
 * that bound cannot decide.
 *
 * The state of an aggregate is one block: the accumulator of the values
 * (GS_ACCUM_DOUBLES), then that of their squares (GS_ACCUM_SQUARES).
 *
 * No PostgreSQL header is included here.
 */
#ifndef GPUSCAN_MOMENTS_H
#define GPUSCAN_MOMENTS_H

#include "accum.h"

#include <math.h>

#ifdef __cplusplus
extern "C"
{
#endif

/* What a result is: a variance or its square root, of a sample or a population. */
#define GS_MOMENT_SAMPLE	0x1	/* divide by n - 1 (else n) */
#define GS_MOMENT_ROOT		0x2	/* the standard deviation (else the variance) */

/* Bytes of a state: the two accumulators. */
static inline size_t
gs_moments_bytes(void)
{
	return gs_accum_kind_bytes(GS_ACCUM_DOUBLES) + gs_accum_kind_bytes(GS_ACCUM_SQUARES);
}

/* The accumulator of the values in a state. */
static inline GsAccum *
gs_moments_s1(void *m)
{
	return (GsAccum *) m;
}

/* The accumulator of their squares. */
static inline GsAccum *
gs_moments_s2(void *m)
{
	return (GsAccum *) ((char *) m + gs_accum_kind_bytes(GS_ACCUM_DOUBLES));
}

/* An empty state in gs_moments_bytes() bytes at m. */
extern void gs_moments_init(void *m);

/* Add (sign 1) or remove (sign -1) a double of bits u and its square. */
static inline __attribute__((always_inline)) void
gs_moments_move(void *m, uint64_t u, int sign)
{
	gs_accum_move_kind(gs_moments_s1(m), u, sign, 0);
	gs_accum_move_kind(gs_moments_s2(m), u, sign, 1);
}

/* Add everything state b holds to state a. */
extern void gs_moments_combine(void *a, const void *b);

/*
 * The variance or standard deviation (what: GS_MOMENT_*) of the values of
 * the accumulators s1 (values) and s2 (their squares), rounded once to
 * double (f8_out) or float, returned as a double.  GS_ACCUM_EMPTY (SQL
 * NULL) with no value, or a sample of one; NaN when a NaN or an infinity is
 * in; +0 when every value is equal; GS_ACCUM_OVERFLOW (*out +Infinity)
 * when the rounded result is beyond the format.  Normalises both.
 */
extern int	gs_moments_result(GsAccum *s1, GsAccum *s2, int what, bool f8_out, double *out);

/*
 * The same by the exact path alone (the engine tests compare the two); and
 * how many results of this process the fast path has left to the exact
 * one, for the tests that must reach it.
 */
extern int	gs_moments_result_exact(GsAccum *s1, GsAccum *s2, int what, bool f8_out, double *out);
extern uint64_t gs_moments_slow_count;

/*
 * The same from N = n S2 - S1^2 (nonnegative, nl limbs, least significant
 * first) in units of 2^u, n the count of values (at least two for a
 * sample): N 2^u / (n (n - 1)) or / n^2, or its square root, rounded once;
 * +0 for N = 0; GS_ACCUM_OVERFLOW (*out +Infinity) beyond the format.  The
 * running and moving scans' (cpu/moments_scan.c) rounding.
 */
extern int	gs_moments_round(const uint64_t *N, int nl, int u, uint64_t n, int what,
							 bool f8_out, double *out);

/*
 * N = n S2 - S1^2 from limbs: S1 (l1 <= GS_MOM_LIMBS1, two's complement),
 * S2 (l2, nonnegative, in the square of S1's unit) into N, of as many limbs
 * as returned (the more of l2 + 1 and 2 l1).
 */
extern int	gs_moments_numerator(const uint64_t *s1, int l1, const uint64_t *s2, int l2,
								 uint64_t n, uint64_t *N);

/* Bytes of a state's serial form (both accumulators, normalised). */
extern size_t gs_moments_serial_bytes(void *m);

/* Write a state's serial form (gs_moments_serial_bytes(m) bytes). */
extern void gs_moments_serialize(void *m, uint8_t *buf);

/* Read a serial form of n bytes into state m; false when the bytes are not one. */
extern bool gs_moments_deserialize(const uint8_t *buf, size_t n, void *m);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_MOMENTS_H */
