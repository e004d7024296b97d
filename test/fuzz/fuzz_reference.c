/*
 * test/fuzz/fuzz_reference.c — the reference and the check of
 * test/engine/reference.h for the fuzz targets, compiled on their own: with
 * edge coverage (the paths of the exact rounding an input takes, ties among
 * them, guide the fuzzer) but without libFuzzer's comparison tracing, which
 * made the reference's digit loops three times slower than the rest of a
 * run.  The scans' reference for test/fuzz/fuzz_cpu_engine.c; the window
 * reference over a multiset of values for test/fuzz/fuzz_accum.c.
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

/* A window of the window reference; its spec holds the type and one value at a time. */
struct FuzzWin
{
	WRefWin		w;
	GsScanSpec	spec;
};

/* An empty window of float4 or (f8) float8 values. */
FuzzWin *
FuzzWinNew(int f8)
{
	FuzzWin    *fw = (FuzzWin *) calloc(1, sizeof(FuzzWin));

	fw->spec.type = f8 ? GS_FLOAT8 : GS_FLOAT4;
	return fw;
}

/* Free a window. */
void
FuzzWinFree(FuzzWin *fw)
{
	free(fw);
}

/* WRefMove() of the value of bits u, as value 0 of a one-value spec. */
void
FuzzWinMove(FuzzWin *fw, uint64_t u, int dir)
{
	uint32_t	u32 = (uint32_t) u;

	fw->spec.values = fw->spec.type == GS_FLOAT8 ? (const void *) &u : (const void *) &u32;
	WRefMove(&fw->w, &fw->spec, 0, dir);
	fw->spec.values = NULL;
}

/* The counts of the values in the window. */
FuzzWinCounts
FuzzWinCount(const FuzzWin *fw)
{
	FuzzWinCounts c;

	c.nvals = fw->w.nvals;
	c.nan = fw->w.nan;
	c.pinf = fw->w.pinf;
	c.ninf = fw->w.ninf;
	c.negz = fw->w.negz;
	return c;
}

/*
 * WRefOutput() of a moving sum or mean over the window; for float4 values
 * rounded to double (exact_avg of real), its float branch with the unit of
 * floats and the precision of doubles.  On overflow *out is the infinity
 * of the exact sum's sign.
 */
int
FuzzWinResult(FuzzWin *fw, int mean, int f8_out, double *out)
{
	const WRefWin *w = &fw->w;
	int			f8 = fw->spec.type == GS_FLOAT8;
	int			err = 0;

	fw->spec.op = mean ? GS_OP_MOVAVG : GS_OP_MOVSUM;
	if (f8_out == f8)
	{
		double		d[1] = {0};
		float		f[1] = {0};

		WRefOutput(w, &fw->spec, f8 ? (void *) d : (void *) f, 0, &err);
		*out = f8 ? d[0] : (double) f[0];
	}
	else if (f8)
	{
		fprintf(stderr, "FuzzWinResult: float8 values rounded to float4 are not referenced\n");
		abort();
	}
	else if (w->nan || (w->pinf && w->ninf))
		*out = NAN;
	else if (w->pinf)
		*out = INFINITY;
	else if (w->ninf)
		*out = -INFINITY;
	else
	{
		uint32_t	mag[WREF_DIGITS];
		int			neg = WRefMagnitude(w->d, WREF_DIGITS, mag);
		double		r;

		if (WRefTop(mag, WREF_DIGITS) < 0)
			r = w->negz == w->nvals ? -0.0 : 0.0;
		else
		{
			if (mean)
				r = WRefQuotient(mag, WREF_DIGITS, -149, (uint64_t) w->nvals, 1);
			else
				r = WRefRound(mag, WREF_DIGITS, 0, -149, 1, &err);
			r = neg ? -r : r;
		}
		*out = r;
	}
	if (err)
		*out = (w->d[WREF_DIGITS - 1] >> 31) ? -INFINITY : INFINITY;
	return err;
}

/*
 * Limbs against the window's digits, as test/engine/accum_test.c compares
 * them: the limbs' magnitude added, shifted to its place, into digits of
 * the reference's own, with the limbs' sign.
 */
int
FuzzWinLimbsAgree(const FuzzWin *fw, const uint64_t *w, int nlimbs, int unit)
{
	uint32_t	d[WREF_DIGITS];
	int			base = fw->spec.type == GS_FLOAT8 ? -1074 : -149;
	int			neg = nlimbs > 0 && (w[nlimbs - 1] >> 63);
	uint64_t	carry = 1;
	int			i;

	if (unit < base)
		return 0;
	memset(d, 0, sizeof(d));
	for (i = 0; i < nlimbs; i++)
	{
		uint64_t	m = neg ? ~w[i] + carry : w[i];
		int			sh = unit - base + 64 * i;

		carry = carry && m == 0;
		if (m == 0)
			continue;
		/* a bit beyond the reference's digits: no sum of values has it */
		if (sh + 64 - __builtin_clzll(m) > 32 * WREF_DIGITS - 1)
			return 0;
		WRefAdd(d, WREF_DIGITS, neg, (uint32_t) m, sh);
		WRefAdd(d, WREF_DIGITS, neg, m >> 32, sh + 32);
	}
	return memcmp(d, fw->w.d, sizeof(d)) == 0;
}
