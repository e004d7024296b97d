/*
 * test/fuzz/fuzz_reference.h — Reference() and RefCheck() of
 * test/engine/reference.h as the fuzz target calls them: compiled apart, in
 * test/fuzz/fuzz_reference.c, without comparison tracing.
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

#endif							/* GPUSCAN_FUZZ_REFERENCE_H */
