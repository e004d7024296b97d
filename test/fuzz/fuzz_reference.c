/*
 * test/fuzz/fuzz_reference.c — the reference and the check of
 * test/engine/reference.h for the fuzz target, compiled on their own: with edge
 * coverage (the paths of the exact rounding an input takes, ties among them,
 * guide the fuzzer) but without libFuzzer's comparison tracing, which made
 * the reference's digit loops three times slower than the rest of a run.
 */
#include "../engine/reference.h"
#include "fuzz_reference.h"

/* Reference(): the reference result of a scan; first error position or -1. */
int64_t
FuzzReference(const GsScanSpec *spec, void *out)
{
	return Reference(spec, out);
}

/* RefCheck(): does the engine's outcome match the reference's? */
int
FuzzCheck(const GsScanSpec *spec, int64_t nvalues, const GsPlan *plan,
		  const GsScanResult *res, const void *got, const void *want,
		  int64_t want_err, char *why, size_t whylen)
{
	return RefCheck(spec, nvalues, plan, res, got, want, want_err, why, whylen);
}
