/*
 * test/fuzz/fuzz_reference.h — Reference() and RefCheck() of
 * test/engine/reference.h as the fuzz targets call them, and its window
 * reference (WRefWin) holding a multiset of float values for
 * test/fuzz/fuzz_accum.c: compiled apart, in test/fuzz/fuzz_reference.c,
 * without comparison tracing.
 */
#ifndef GPUSCAN_FUZZ_REFERENCE_H
#define GPUSCAN_FUZZ_REFERENCE_H

#include "../../core/engine.h"

/* The reference result of a scan into out; position of the first error, or -1. */
extern int64_t FuzzReference(const GsScanSpec *spec, void *out);

/* Does the engine's outcome match the reference's?  Else 0 and why. */
extern int	FuzzCheck(const GsScanSpec *spec, int64_t nvalues, const GsPlan *plan,
					  const GsScanResult *res, const void *got, const void *want,
					  int64_t want_err, char *why, size_t whylen);

/* The window reference over a multiset of float4 or (f8) float8 values. */
typedef struct FuzzWin FuzzWin;

/* An empty one. */
extern FuzzWin *FuzzWinNew(int f8);

/* Free it. */
extern void FuzzWinFree(FuzzWin *fw);

/* The value of bits u (a float's zero-extended) in (dir 1) or out (dir -1). */
extern void FuzzWinMove(FuzzWin *fw, uint64_t u, int dir);

/* How many values are in: all of them, NaNs, +Infinities, -Infinities, -0s. */
typedef struct FuzzWinCounts
{
	int64_t		nvals,
				nan,
				pinf,
				ninf,
				negz;
} FuzzWinCounts;

/* The counts of the values in. */
extern FuzzWinCounts FuzzWinCount(const FuzzWin *fw);

/*
 * The sum (or mean) of the values in, at least one, rounded once to the
 * values' type or (f8_out, for float4 values) to double, into *out as a
 * double; returns 1 when a sum rounds beyond the range (*out then the
 * infinity of its sign), else 0.
 */
extern int	FuzzWinResult(FuzzWin *fw, int mean, int f8_out, double *out);

/*
 * Is w * 2^unit, a two's complement integer of nlimbs 64-bit limbs, the
 * exact sum of the finite values in, and unit no finer than the smallest
 * subnormal?
 */
extern int	FuzzWinLimbsAgree(const FuzzWin *fw, const uint64_t *w, int nlimbs, int unit);

#endif							/* GPUSCAN_FUZZ_REFERENCE_H */
