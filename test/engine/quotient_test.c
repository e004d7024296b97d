/*
 * test/engine/quotient_test.c — exact means on and next to rounding ties:
 * the fast quotient (core/exact.h's gs_quotient_fast, gs_mean_round), the
 * direct quotient of sums below 2^53 (gs_quotient_exact), the
 * bracketed quotient (gs_quotient_bracket, with exact and inexact
 * reciprocals), the CPU engine's batches of means (cpu/means.c: the scalar
 * loop, AVX2 and, where the CPU has it, AVX-512) and whole running and
 * moving means through the engine, against test/engine/reference.h's long
 * division, which shares no code with them.
 *
 * The sums are built: S = c * (2M + 1) * 2^k + d for a count c, a
 * mantissa M of the result's precision p (2^(p-1) <= M < 2^p) and d in
 * [-2, 2], so S / c lies exactly on the midpoint between two neighbours
 * (d = 0, k >= 0 or c divisible by 2^-k), or d / c away from it; the
 * counts 1, 3, 5, 7, 1,000, 2^j and 2^j +- 1 up to the fast quotient's
 * limit and past it; mantissas at both ends of a binade (the quotient
 * crossing a power of two); both signs; scales 2^e putting the result in
 * the normal range, at the subnormal boundary and below it; sums beyond
 * the fast quotient's range.  Then random sums of every length.  The fast
 * quotient must decide most of them (else the checks would test the slow
 * path only).  Through the engine: arrays whose values add up to such a
 * sum (its parts, each a float or double, then zeros), and int8 arrays of
 * equal values, their running and moving means compared with the
 * reference's at every position.
 *
 * Usage: quotient_test [-q] [seed]      Prints "N passed, N failed".
 */
#include "../../cpu/cpu.h"
#include "../rand.h"
#include "reference.h"

#include <stdbool.h>

static int	passed,
			failed,
			quiet;

/* How often the fast quotient decided, of the sums in its range. */
static long fast_decided,
			fast_tried,
			fast_ties;

/* How often the bracketed quotient decided, of the double means tried. */
static long bracket_decided,
			bracket_tried;

/*
 * How often the direct quotient decided, of the sums below 2^53 (a
 * float's 2^63) tried (an exact tie it never decides: a double's does not
 * lie below 2^53 units, a float's double quotient is the midpoint itself).
 */
static long direct_decided,
			direct_tried;

/* Count a check; print it when it fails (or always unless quiet). */
static void
Check(bool ok, const char *what, const char *detail)
{
	if (ok)
		passed++;
	else
		failed++;
	if (!ok || !quiet)
		printf("%s %s %s\n", ok ? "ok  " : "FAIL", what, detail);
}

/* The bits of a result: a double's, or a float's (f8 false). */
static uint64_t
Bits(double x, bool f8)
{
	float		f = (float) x;
	uint32_t	u;
	uint64_t	d;

	if (!f8)
	{
		memcpy(&u, &f, 4);
		return u;
	}
	memcpy(&d, &x, 8);
	return d;
}

/* The reference: s * 2^e / c rounded to double (f8) or float, s nonzero. */
static double
RefMean(__int128 s, int e, uint64_t c, bool f8)
{
	uint32_t	mag[4];
	unsigned __int128 a = s < 0 ? -(unsigned __int128) s : (unsigned __int128) s;
	int			i;
	double		r;

	for (i = 0; i < 4; i++)
		mag[i] = (uint32_t) (a >> (32 * i));
	r = WRefQuotient(mag, 4, e, c, f8);
	return s < 0 ? -r : r;
}

/* A sum's description, for a failure. */
static void
Describe(char *buf, size_t len, __int128 s, int e, uint64_t c, bool f8, double got, double want)
{
	snprintf(buf, len, "%s S = %s0x%016llx%016llx * 2^%d / %llu: got %a, want %a",
			 f8 ? "double" : "real", s < 0 ? "-" : "",
			 (unsigned long long) ((s < 0 ? -(unsigned __int128) s : (unsigned __int128) s) >> 64),
			 (unsigned long long) (s < 0 ? -(unsigned __int128) s : (unsigned __int128) s),
			 e, (unsigned long long) c, got, want);
}

/* The batch of the current group: sums split for gs_cpu_means, and the answers. */
#define BATCH 509				/* odd: the vector code's tails too */
static int64_t b_hi[BATCH],
			b_lo[BATCH],
			b_c[BATCH];
static __int128 b_s[BATCH];
static double b_want[BATCH];
static int	b_n,
			b_e;
static bool b_f8;

/* Run the batch through gs_cpu_means on every path there is, and empty it. */
static void
FlushBatch(void)
{
	static const int lanes[] = {1, 4, 0};
	static const char *names[] = {"scalar", "AVX2", "best"};
	double		out[BATCH];
	int			l,
				i;

	for (l = 0; l < 3 && b_n > 0; l++)
	{
		int			bad = -1;
		char		detail[300];

		gs_cpu_means_lanes = lanes[l];
		memset(out, 0xa5, sizeof(out));
		gs_cpu_means(b_hi, b_lo, b_c, b_n, b_e, b_f8, out);
		for (i = 0; i < b_n && bad < 0; i++)
		{
			double		g = b_f8 ? out[i] : (double) ((float *) out)[i];

			if (Bits(g, b_f8) != Bits(b_want[i], b_f8))
				bad = i;
		}
		if (bad >= 0)
			Describe(detail, sizeof(detail), b_s[bad], b_e, (uint64_t) b_c[bad], b_f8,
					 b_f8 ? out[bad] : (double) ((float *) out)[bad], b_want[bad]);
		else
			snprintf(detail, sizeof(detail), "(%d means)", b_n);
		Check(bad < 0, names[l], detail);
	}
	gs_cpu_means_lanes = 0;
	b_n = 0;
}

/*
 * gs_quotient_bracket on one sum in the fast quotient's range against the
 * reference's double want: with the count c, the result scaled by 2^e
 * where want is normal; with the count c * 2^-e, the result the mean
 * itself (the vector code's prescaled counts), for |e| <= 960; and with
 * the count c but its reciprocal an ulp above and below RN(1 / c).
 * Returns false on a mismatch.
 */
static bool
OneBracket(__int128 s, int e, uint64_t c, double want)
{
	double		a = (double) (int64_t) (s >> 52) * 0x1p52,
				b = (double) ((int64_t) s & GS_QUOT_LO_MASK),
				sh = a + b,
				sl = b - (sh - a),
				aw = fabs(want),
				rc,
				rcp,
				rcm,
				v;
	bool		normal = aw >= 0x1p-1022 && aw <= DBL_MAX,
				ok = true;
	char		detail[300];
	int			pass;

	for (pass = 0; pass < 4; pass++)
	{
		double		cd = pass != 1 ? (double) c : (double) c * gs_pow2(-e);

		if (pass == 1 && (e < -960 || e > 960 || !normal))
			continue;
		gs_quotient_recips(cd, &rc, &rcp, &rcm);
		/* passes 2 and 3: rc an ulp off RN(1 / cd) (an estimate refined, as the AVX-512 code's) */
		if (pass >= 2)
		{
			rc = nextafter(rc, pass == 2 ? INFINITY : 0.0);
			gs_quotient_brackets(rc, &rcp, &rcm);
		}
		bracket_tried++;
		if (!gs_quotient_bracket(sh, sl, cd, rc, rcp, rcm, &v))
			continue;
		bracket_decided++;
		if (pass != 1)
		{
			v *= gs_pow2(e);
			if (!normal || fabs(v) < 0x1p-1022 || fabs(v) > DBL_MAX)
				continue;
		}
		if (Bits(v, true) != Bits(want, true))
		{
			Describe(detail, sizeof(detail), s, e, c, true, v, want);
			Check(false, pass == 1 ? "gs_quotient_bracket prescaled" : "gs_quotient_bracket", detail);
			ok = false;
		}
	}
	return ok;
}

/*
 * gs_quotient_exact on one sum below 2^53 (an exact double, as the count
 * is), or a float's below 2^63 (rounded to a double), against the
 * reference's want: with plain, only where want is a normal number of its
 * type (plain's contract).  Returns false on a mismatch.
 */
static bool
OneDirect(__int128 s, int e, uint64_t c, bool f8, double want)
{
	double		aw = fabs(want),
				v;
	bool		normal = f8 ? aw >= 0x1p-1022 && aw <= DBL_MAX : aw >= 0x1p-126 && aw <= FLT_MAX,
				ok = true;
	char		detail[300];
	int			plain;

	for (plain = 0; plain < 2; plain++)
	{
		if (plain && !normal && s != 0)
			continue;
		direct_tried++;
		if (!gs_quotient_exact((double) (int64_t) s, (double) c, gs_pow2(e), f8, plain, &v))
			continue;
		direct_decided++;
		if (Bits(v, f8) != Bits(want, f8))
		{
			Describe(detail, sizeof(detail), s, e, c, f8, v, want);
			Check(false, plain ? "gs_quotient_exact plain" : "gs_quotient_exact", detail);
			ok = false;
		}
	}
	return ok;
}

/*
 * One sum: gs_mean_round and (in range) gs_quotient_fast and
 * gs_quotient_exact against the reference; the sum joins the batch (same
 * e and type) when in range.  Returns false on a mismatch.
 */
static bool
OneMean(__int128 s, int e, uint64_t c, bool f8, bool tie)
{
	double		want = RefMean(s, e, c, f8),
				got = gs_mean_round(s, e, gs_pow2(e), c, f8),
				fast;
	__int128	hi = s >> 52;
	char		detail[300];
	bool		ok = Bits(got, f8) == Bits(want, f8);

	if (!ok)
	{
		Describe(detail, sizeof(detail), s, e, c, f8, got, want);
		Check(false, "gs_mean_round", detail);
	}
	if (hi >= -(INT64_C(1) << 51) && hi < (INT64_C(1) << 51) && c <= GS_QUOT_MAX_COUNT)
	{
		fast_tried++;
		if (gs_quotient_fast((int64_t) hi, (int64_t) s & GS_QUOT_LO_MASK, c, gs_pow2(e), f8, &fast))
		{
			fast_decided++;
			fast_ties += tie;
			if (Bits(fast, f8) != Bits(want, f8))
			{
				Describe(detail, sizeof(detail), s, e, c, f8, fast, want);
				Check(false, "gs_quotient_fast", detail);
				ok = false;
			}
		}
		if (f8 && !OneBracket(s, e, c, want))
			ok = false;
		if (s > -((__int128) 1 << (f8 ? 53 : 63)) && s < ((__int128) 1 << (f8 ? 53 : 63)) &&
			c < (UINT64_C(1) << 53) &&
			!OneDirect(s, e, c, f8, want))
			ok = false;
		if (b_n > 0 && (b_e != e || b_f8 != f8))
			FlushBatch();
		b_e = e;
		b_f8 = f8;
		b_hi[b_n] = (int64_t) hi;
		b_lo[b_n] = (int64_t) s & GS_QUOT_LO_MASK;
		b_c[b_n] = (int64_t) c;
		b_s[b_n] = s;
		b_want[b_n] = want;
		if (++b_n == BATCH)
			FlushBatch();
	}
	return ok;
}

/* The counts of the built sums. */
static int
Counts(uint64_t *cs)
{
	int			n = 0,
				j;
	static const uint64_t fixed[] = {1, 2, 3, 5, 7, 10, 1000, 4095, 4097, 999999};

	for (j = 0; j < (int) (sizeof(fixed) / sizeof(fixed[0])); j++)
		cs[n++] = fixed[j];
	for (j = 4; j <= 53; j += (j < 12 ? 4 : j < 48 ? 9 : 1))
	{
		cs[n++] = UINT64_C(1) << j;
		cs[n++] = (UINT64_C(1) << j) - 1;
		cs[n++] = (UINT64_C(1) << j) + 1;
	}
	cs[n++] = (UINT64_C(1) << 52) - 3;
	cs[n++] = RandBelow(UINT64_C(1) << 40) + 1;
	return n;
}

/* Bit length of a nonzero 128-bit magnitude. */
static int
BitLen(unsigned __int128 a)
{
	int			n = 0;

	while (a)
	{
		a >>= 1;
		n++;
	}
	return n;
}

/*
 * Sums on and next to the quotient ties of a type (f8: double, else real),
 * every count, mantissa, shift, offset, sign and scale.
 */
static void
TieSums(bool f8)
{
	const int	p = f8 ? 53 : 24;
	uint64_t	cs[64];
	int			nc = Counts(cs),
				ci,
				mi,
				ki,
				d,
				neg,
				ei,
				bad = 0;
	long		n = 0;
	uint64_t	ms[6];
	static const int ks[] = {-30, -9, -1, 0, 1, 6, 21, 33, 47, 70};
	char		detail[100];

	ms[0] = UINT64_C(1) << (p - 1);
	ms[1] = (UINT64_C(1) << (p - 1)) + 1;
	ms[2] = (UINT64_C(1) << p) - 1;
	ms[3] = (UINT64_C(1) << p) - 2;
	ms[4] = (UINT64_C(1) << (p - 1)) + RandBelow(UINT64_C(1) << (p - 1));
	ms[5] = (UINT64_C(1) << (p - 1)) + RandBelow(UINT64_C(1) << (p - 1));
	for (ci = 0; ci < nc; ci++)
		for (mi = 0; mi < 6; mi++)
			for (ki = 0; ki < (int) (sizeof(ks) / sizeof(ks[0])); ki++)
			{
				unsigned __int128 t = (unsigned __int128) cs[ci] * (2 * ms[mi] + 1);
				int			k = ks[ki];
				int			top;

				t = k >= 0 ? t << k : t >> -k;
				top = BitLen(t) - BitLen(cs[ci]) + 1;	/* about the quotient's top bit */
				if (BitLen(t) > 125 || t < 3)
					continue;
				for (d = -2; d <= 2; d++)
					for (neg = 0; neg < 2; neg++)
					{
						__int128	s = (__int128) t + d;
						/* scales: ordinary, the result about the smallest normal, subnormal */
						int			es[9];
						int			ne = 0,
									j;

						es[ne++] = 0;
						es[ne++] = f8 ? -300 : -40;
						es[ne++] = f8 ? 200 : 30;
						for (j = -2; j <= 2; j++)
							es[ne++] = (f8 ? -1022 : -126) - top + j;
						es[ne++] = f8 ? -1074 : -149;
						if (neg)
							s = -s;
						for (ei = 0; ei < ne; ei++)
						{
							if (es[ei] < -1074 || es[ei] + top > (f8 ? 1000 : 120))
								continue;
							n++;
							bad += !OneMean(s, es[ei], cs[ci], f8, d == 0 && (k >= 0 || (cs[ci] & ((UINT64_C(1) << -k) - 1)) == 0));
						}
					}
			}
	FlushBatch();
	snprintf(detail, sizeof(detail), "%ld sums, %d wrong", n, bad);
	Check(bad == 0, f8 ? "tie sums, double" : "tie sums, real", detail);
}

/*
 * Real results whose double quotient lies within a few double ulps of a
 * float midpoint: S = c * D * 2^k + d, D = (2M + 1) 2^28 + j (53 bits, a
 * float midpoint's mantissa plus j double ulps, |j| up to 12: past the
 * vector code's reciprocal margin), |d| <= c, so S / c is
 * within one double ulp of D 2^k, and large k puts S past 2^53 units,
 * where the double-double's low part decides which side of the
 * midpoint the quotient falls.
 */
static void
FloatMidpointSums(void)
{
	uint64_t	cs[64];
	int			nc = Counts(cs),
				ci,
				mi,
				ki,
				j,
				di,
				neg,
				bad = 0;
	long		n = 0;
	static const int ks[] = {0, 3, 12, 30, 45};
	char		detail[100];

	for (ci = 0; ci < nc; ci++)
	{
		uint64_t	c = cs[ci];

		if (c > (UINT64_C(1) << 44))
			continue;
		for (mi = 0; mi < (c <= 7 ? 40 : 4); mi++)
			for (ki = 0; ki < 5; ki++)
				for (j = -12; j <= 12; j += j >= -3 && j < 3 ? 1 : 3)
				{
					uint64_t	m = mi == 0 ? UINT64_C(1) << 23 : mi == 1 ? (UINT64_C(1) << 24) - 1
						: (UINT64_C(1) << 23) + RandBelow(UINT64_C(1) << 23);
					int64_t		dd = (int64_t) ((2 * m + 1) << 28) + j;
					__int128	base = (__int128) c * dd * ((__int128) 1 << ks[ki]);
					int64_t		ds[] = {-(int64_t) c, -(int64_t) c + 1, -1, 0, 1, (int64_t) c - 1, (int64_t) c,
					(int64_t) RandBelow(2 * c + 1) - (int64_t) c};

					if (BitLen(base) > 102)
						continue;
					if (c <= 7 && ks[ki] <= 3 && j == 0)
					{
						/*
						 * every sum within two double ulps of the midpoint:
						 * among them those whose S_hi / c rounds to the far
						 * side of it (the quotient one ulp off, S_lo pulling
						 * the other way)
						 */
						int64_t		span = 2 * (int64_t) c << ks[ki],
									d;

						for (d = -span; d <= span; d++)
						{
							n++;
							bad += !OneMean(base + d, -60, c, false, false);
						}
						continue;
					}
					for (di = 0; di < 8; di++)
						for (neg = 0; neg < 2; neg++)
						{
							__int128	s = base + ds[di];

							n++;
							bad += !OneMean(neg ? -s : s, -60, c, false, false);
						}
				}
	}
	FlushBatch();
	snprintf(detail, sizeof(detail), "%ld sums, %d wrong", n, bad);
	Check(bad == 0, "real results about float midpoints", detail);
}

/* Random sums of every length, random counts, both types. */
static void
RandomSums(void)
{
	int			i,
				bad = 0;
	char		detail[100];

	for (i = 0; i < 200000; i++)
	{
		int			bits = 1 + (int) RandBelow(126);
		unsigned __int128 a = ((unsigned __int128) Rand64() << 64) | Rand64();
		__int128	s = (__int128) (a >> (128 - bits));
		uint64_t	c = 1 + RandBelow(i % 3 == 0 ? 1000 : i % 3 == 1 ? UINT64_C(1) << 30 : UINT64_C(1) << 53);
		bool		f8 = i & 1;
		int			e = f8 ? -1074 + (int) RandBelow(1800) : -149 + (int) RandBelow(200);

		if (s == 0)
			continue;
		if (RandBelow(2))
			s = -s;
		if (e + bits > (f8 ? 1000 : 120))
			e = -bits;
		bad += !OneMean(s, e, c, f8, false);
	}
	FlushBatch();
	snprintf(detail, sizeof(detail), "%d wrong", bad);
	Check(bad == 0, "random sums", detail);
}

/*
 * The values of a float (f8: double) array adding up to s * 2^e exactly:
 * the sum cut into parts of at most p bits (truncated, so each is a float
 * or double), the rest zeros; returns the number of parts.
 */
static int
Parts(__int128 s, int e, bool f8, double *v, int n)
{
	const int	p = f8 ? 53 : 24;
	unsigned __int128 a = s < 0 ? -(unsigned __int128) s : (unsigned __int128) s;
	int			k = 0;

	while (a && k < n)
	{
		int			sh = BitLen(a) > p ? BitLen(a) - p : 0;
		unsigned __int128 t = (a >> sh) << sh;

		v[k++] = ldexp((double) (uint64_t) (t >> sh), sh + e) * (s < 0 ? -1 : 1);
		a -= t;
	}
	return a ? -1 : k;
}

/* One engine run of a window operator over values, against the reference at every position. */
static bool
EngineRun(GsElemType type, GsScanOp op, int64_t window, const void *values, int64_t n,
		  const char *what)
{
	GsScanSpec	spec;
	GsScanResult res;
	int			osz = gs_output_size(type, op);
	char	   *got = calloc(n + 1, osz),
			   *want = calloc(n + 1, osz);
	char		detail[200];
	int64_t		i,
				bad = -1;

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.values = values;
	spec.nitems = n;
	spec.row_len = n;
	spec.op = op;
	spec.window = window;
	spec.result = got;
	gs_cpu_scan(&spec, &res);
	spec.result = want;
	Reference(&spec, want);
	for (i = 0; i < n && bad < 0; i++)
		if (memcmp(got + i * osz, want + i * osz, osz) != 0)
			bad = i;
	if (res.status != GS_OK || bad >= 0)
	{
		double		g = 0,
					w = 0;

		if (bad >= 0)
		{
			g = osz == 8 ? ((double *) got)[bad] : ((float *) got)[bad];
			w = osz == 8 ? ((double *) want)[bad] : ((float *) want)[bad];
		}
		snprintf(detail, sizeof(detail), "%s: status %d, first difference at %lld of %lld: %a, want %a",
				 what, res.status, (long long) bad, (long long) n, g, w);
		Check(false, "engine", detail);
	}
	free(got);
	free(want);
	return res.status == GS_OK && bad < 0;
}

/*
 * Whole means through the engine: arrays adding up to tie sums (their
 * parts, then zeros, c values: the running mean at c - 1 is S / c, and a
 * moving mean of window c sees the parts leave), and int8 arrays of c
 * equal values plus the offset.
 */
static void
EngineTies(void)
{
	static const int64_t cs[] = {3, 5, 7, 8, 9, 1000, 1023, 1025, 4096, 4097, 65535, 65537};
	int			ci,
				mi,
				d,
				neg,
				ft,
				runs = 0,
				bad = 0;
	char		detail[100];

	for (ci = 0; ci < (int) (sizeof(cs) / sizeof(cs[0])); ci++)
		for (ft = 0; ft < 3; ft++)
			for (mi = 0; mi < 3; mi++)
				for (d = -1; d <= 1; d++)
					for (neg = 0; neg < 2; neg++)
					{
						int64_t		c = cs[ci];
						int64_t		n = c + 2;
						bool		f8 = ft != 0;
						const int	p = f8 ? 53 : 24;
						uint64_t	m = mi == 0 ? UINT64_C(1) << (p - 1) : mi == 1 ? (UINT64_C(1) << p) - 1
							: (UINT64_C(1) << (p - 1)) + RandBelow(UINT64_C(1) << (p - 1));
						/* int8: the quotient's midpoint below 2^62 */
						int			k = ft == 2 ? 0 : (int) RandBelow(30);
						__int128	s = (__int128) c * (__int128) (2 * m + 1) * ((__int128) 1 << k) + d;
						void	   *vals = calloc(n, 8);
						int			e = ft == 0 ? -60 : ft == 1 ? (mi == 2 ? -1000 : -20) : 0;
						GsElemType	type = ft == 0 ? GS_FLOAT4 : GS_FLOAT8;
						int64_t		i;

						if (neg)
							s = -s;
						if (ft == 2)
						{
							/* c equal values (2m + 1) and d on the first */
							type = GS_INT8;
							for (i = 0; i < c; i++)
								((int64_t *) vals)[i] = (neg ? -1 : 1) * (int64_t) (2 * m + 1);
							((int64_t *) vals)[0] += neg ? -d : d;
						}
						else
						{
							double		v[8];
							int			np = Parts(s, e, f8, v, 8);

							if (np < 0 || np > c)
							{
								free(vals);
								continue;
							}
							for (i = 0; i < np; i++)
							{
								if (f8)
									((double *) vals)[i] = v[i];
								else
									((float *) vals)[i] = (float) v[i];
							}
						}
						runs += 2;
						bad += !EngineRun(type, GS_OP_CUMAVG, 0, vals, n, "cumavg");
						bad += !EngineRun(type, GS_OP_MOVAVG, c, vals, n, "movavg");
						free(vals);
					}
	snprintf(detail, sizeof(detail), "%d runs, %d wrong", runs, bad);
	Check(bad == 0, "engine means on ties", detail);
}

/*
 * The portable means' vector tests (cpu/cpu.h: GsMidpointsNear4 on four
 * quotients, GsNotNormal2 on two results) against the scalar ones they
 * stand for (core/exact.h: gs_quot_float_clear, gs_quot_normal): each
 * lane in turn about a float midpoint (low 29 bits 2^28 - 4 to 2^28 + 4,
 * the others far from one), random bits, and results about the bounds of
 * the normal range of either type.
 */
static void
VectorTests(void)
{
	static const double f8r[] = {0.0, 0x1p-1074, 0x1p-1023, 0x1.fffffffffffffp-1023, 0x1p-1022,
		0x1.0000000000001p-1022, 1.0, 0x1.fffffffffffffp1023, INFINITY};
	static const double f4r[] = {0.0, 0x1p-149, 0x1.fffffcp-127, 0x1.fffffffffffffp-127, 0x1p-126,
		0x1.0000000000001p-126, 1.0, 0x1.fffffep127, 0x1.fffffffffffffp127, 0x1p128, INFINITY};
	int			lane,
				off,
				i,
				k,
				n = 0,
				bad = 0;
	char		detail[100];

	for (i = 0; i < 40000; i++)
	{
		uint64_t	qb[4];
		bool		want = false;
		GsV2d		q0,
					q1;

		lane = i % 5;			/* 4: no lane about a midpoint */
		off = (int) RandBelow(9) - 4;
		for (k = 0; k < 4; k++)
		{
			uint64_t	lo;

			if (k == lane)
				lo = (UINT64_C(1) << 28) + off;
			else if (i % 3 == 0)
				lo = RandBelow(UINT64_C(1) << 29);	/* near by chance, rarely */
			else
				do
					lo = RandBelow(UINT64_C(1) << 29);
				while (lo + 4 >= (UINT64_C(1) << 28) && lo <= (UINT64_C(1) << 28) + 4);
			/* lo's edges too: all zeros, all ones */
			if (k != lane && i % 7 == 0)
				lo = k & 1 ? (UINT64_C(1) << 29) - 1 : 0;
			qb[k] = (Rand64() & ~((UINT64_C(1) << 29) - 1)) | lo;
			want |= !gs_quot_float_clear(qb[k]);
		}
		memcpy(&q0, qb, 16);
		memcpy(&q1, qb + 2, 16);
		n++;
		if (GsMidpointsNear4(q0, q1) != want)
		{
			if (bad++ == 0)
				printf("FAIL midpoint test of four: lane %d offset %d: got %d, want %d\n",
					   lane, off, (int) !want, (int) want);
		}
	}
	for (k = 0; k < 2; k++)
	{
		const double *r = k ? f8r : f4r;
		int			nr = k ? (int) (sizeof(f8r) / sizeof(f8r[0])) : (int) (sizeof(f4r) / sizeof(f4r[0]));

		for (i = 0; i < nr * nr * 4; i++)
		{
			double		a = r[i % nr] * (i & 1 ? -1 : 1),
						b = r[(i / nr) % nr],
						sa = (i / (nr * nr)) & 1 ? 0.0 : 1.0,
						sb = (i / (nr * nr)) & 2 ? 0.0 : -1.0;
			GsV2d		res = {a, b},
						sums = {sa, sb};
			GsV2l		got = GsNotNormal2(res, sums, k);
			bool		wa = !(gs_quot_normal(a, k) | (sa == 0)),
						wb = !(gs_quot_normal(b, k) | (sb == 0));

			n++;
			if ((got[0] != 0) != wa || (got[1] != 0) != wb)
			{
				if (bad++ == 0)
					printf("FAIL normal test of two, %s: %a (sum %g), %a (sum %g): got %d %d, want %d %d\n",
						   k ? "double" : "real", a, sa, b, sb, (int) (got[0] != 0), (int) (got[1] != 0),
						   (int) wa, (int) wb);
			}
		}
	}
	snprintf(detail, sizeof(detail), "%d cases, %d wrong", n, bad);
	Check(bad == 0, "vector tests of the portable means", detail);
}

/*
 * Double means whose quotient, S / c in units 2^e, lands on a midpoint of
 * the subnormal grid (2^-1074, that is 2^-t units for e = -1074 + t) where
 * S / c does not: q = RN(S / c) exact, then scaled, would round the tie
 * to even, half of them wrongly; the engine must find them not normal and
 * take the exact path.  Found by trying sums below 2^52 (t = 1), and below
 * 2^52 / (c (c + 6)) (larger t), so that the block's bound on its sums (n
 * values, each at most S) stays below 2^52 units and the portable loops
 * take each mean by one division (MeanDirect); each array one value S *
 * 2^e and c + 5 zeros (its running mean at c - 1 is S / c, the moving mean
 * of window c too; the position inside a group of four).
 */
static void
EngineSubnormalTies(void)
{
	static const int cs[] = {3, 5, 7, 9, 1000};
	int			ci,
				t,
				found = 0,
				runs = 0,
				bad = 0;
	char		detail[100];

	for (ci = 0; ci < (int) (sizeof(cs) / sizeof(cs[0])); ci++)
		for (t = 1; t <= 4; t++)
		{
			int			c = cs[ci],
						tries,
						got = 0;
			int			tt = t == 1 ? 1 : BitLen((__int128) c * (c + 6)) + t - 1;

			for (tries = 0; tries < 200000 && got < 4; tries++)
			{
				/* S / c in the subnormal range's top binade, [2^(51 - tt), 2^(52 - tt)) */
				int64_t		s = (int64_t) (((UINT64_C(1) << (51 - tt)) + RandBelow(UINT64_C(1) << (51 - tt))) * c
										   + RandBelow(c));
				double		q = (double) s / c,
							g = ldexp(q, tt);
				int64_t		n = c + 6;
				double	   *vals;

				/* q on a midpoint of the grid (g = m + 1/2), S / c not on it */
				if (g - floor(g) != 0.5 ||
					(__int128) s * ((__int128) 2 << tt) == (__int128) c * (__int128) (2 * floor(g) + 1))
					continue;
				got++;
				vals = calloc(n, 8);
				vals[0] = ldexp((double) s, -1074 + tt);
				runs += 2;
				bad += !EngineRun(GS_FLOAT8, GS_OP_CUMAVG, 0, vals, n, "cumavg of a subnormal tie");
				bad += !EngineRun(GS_FLOAT8, GS_OP_MOVAVG, c, vals, n, "movavg of a subnormal tie");
				free(vals);
			}
			found += got;
		}
	snprintf(detail, sizeof(detail), "%d sums, %d runs, %d wrong", found, runs, bad);
	Check(bad == 0 && found >= 20, "engine means on subnormal ties", detail);
}

int
main(int argc, char **argv)
{
	int			argi = 1,
				pass;
	char		detail[100];

	if (argi < argc && strcmp(argv[argi], "-q") == 0)
	{
		quiet = 1;
		argi++;
	}
	rng_state = argi < argc ? strtoull(argv[argi], NULL, 10) : 20261125;
	VectorTests();
	TieSums(true);
	TieSums(false);
	FloatMidpointSums();
	RandomSums();
	/* the fast quotient must have decided most sums in its range, ties among them */
	snprintf(detail, sizeof(detail), "%ld of %ld, %ld exact ties", fast_decided, fast_tried, fast_ties);
	Check(fast_decided > fast_tried / 2 && fast_ties > 1000, "fast quotient decided", detail);
	snprintf(detail, sizeof(detail), "%ld of %ld", bracket_decided, bracket_tried);
	Check(bracket_decided > bracket_tried / 2, "bracketed quotient decided", detail);
	snprintf(detail, sizeof(detail), "%ld of %ld", direct_decided, direct_tried);
	Check(direct_decided > direct_tried / 2, "direct quotient decided", detail);
	for (pass = 0; pass < 3; pass++)
	{
		/*
		 * pass 0: the scalar loops; pass 1: the best kernels the CPU has;
		 * pass 2, on a CPU with AVX-512: the AVX2 kernels
		 */
		gs_cpu_simd = pass == 0 ? 0 : -1;
		if (pass == 2)
		{
			if (!gs_simd_enabled() || !gs_avx2_enabled())
				break;
			gs_cpu_simd = 2;
		}
		EngineTies();
		EngineSubnormalTies();
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
