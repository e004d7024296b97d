/*
 * test/fuzz/fuzz_accum.c — libFuzzer target: the exact accumulator of
 * core/accum.h against the window reference of test/engine/reference.h
 * (through test/fuzz/fuzz_reference.c, compiled apart), as
 * test/engine/accum_test.c checks it on random walks.
 *
 * Each input is decoded into a type and a sequence of operations on one
 * accumulator and, beside it, the reference holding the same multiset of
 * values.  At each read the sum and the mean (of a float4 accumulator also
 * rounded to double, as exact_avg(real) takes it) must be the reference's
 * bit for bit (NaNs alike), empty and overflow included, the exact sum as
 * limbs the reference's digits, and the state normalised.  Bytes given to
 * gs_accum_deserialize, forged or mutated, must be refused or give a valid
 * state; one of doubles or of their squares (core/moments.h), made half of
 * a state of the moments, must give the same variances and deviations by
 * the fast and the exact path, none negative; one of any kind but floats,
 * made a part of a state of pairs (core/comoments.h), and the bytes read
 * as a whole state of pairs, the same covariances, correlations and
 * regression results by both paths.  At each read of doubles, the values
 * in as pairs: (v, v), whose covariances must be core/moments.h's
 * variances, and a permutation's, every result by both paths alike and in
 * range, a state through its serial form the same.  Any difference is printed and ends the run with abort().
 *
 * The input (bytes missing at the end read as 0):
 *
 *   byte 0     bit 0 float8 values (else float4); bit 1 a read after every
 *              operation (else only where one is asked for, and at the end)
 *   then       operations, at most MAX_OPS, each a byte o: o & 7 the
 *              operation, p = o >> 3 (0 to 31) its parameter, then its bytes;
 *              an add of n values adds n = 1, 4, 16 or 64 (p >> 3) copies,
 *              while fewer than MAX_VALUES are in:
 *     0 add    the value's bits, 4 (float4) or 8 bytes little-endian
 *     1 add    a value shaped: 2 bytes little-endian, bit 15 the sign and
 *              the low 8 (float4) or 11 bits the exponent field; 1 byte b;
 *              the mantissa by p & 7: 0 zero, 1 all ones, 2 the lowest bit,
 *              3 the top bit, 4 the top and lowest bits, 5 b repeated, 6 b
 *              in the lowest byte, 7 b in the top byte
 *     2 add    a value in again: 2 bytes index (modulo the values in); p & 1
 *              its sign flipped; (p >> 1) & 3: 0 as it is, 1 its bits + 1
 *              (the next float away from zero), 2 its bits - 1, 3 its lowest
 *              bit flipped
 *     3 remove 2 bytes index: p < 16 removes 1 + p values, each the one at
 *              the index (modulo the values in), p >= 16 all of them
 *     4 read   compare with the reference; the limbs asked for in p limbs
 *              (0: GS_MAX_LIMBS)
 *     5 split  2 bytes seed: a second accumulator takes a share of the
 *              values chosen at random (p bits 2-3: 1/2, 1/8, 7/8, all),
 *              removed from the first (p bit 4: the first rebuilt from the
 *              rest); it goes through its serial form (p bit 0); then
 *              gs_accum_combine of it into the first, or (p bit 1) of the
 *              first into it, which becomes the first
 *     6 serial p bit 0 clear: the accumulator through its serial form and
 *              back.  Set: bytes to gs_accum_deserialize, with p bit 1 2
 *              bytes length (modulo 1024) and that many bytes of the input;
 *              else the accumulator's serial form with 1 + (p >> 2) edits
 *              of 3 bytes f, x, y (x and y signed where a step): f & 7 = 0
 *              byte (x | (f >> 3) << 8) modulo the length xor y; 1 the
 *              first digit set to the last it may be (digits less the
 *              count) + x; 2 the count of digits + x, the length with it
 *              (new digits zero); 3 version x, type y; 4 digit x (modulo
 *              the count) a value of Edge[] (y); 5 count x (modulo 5) a
 *              value of Edge[] (y); 6 the length + x; 7 the first digit +
 *              x, the count of digits + y, the length as it is
 *     7 carry  p < 31: the count of moves since the last normalisation set
 *              to GS_ACCUM_PENDING_MAX - 1 - p (the next moves normalise,
 *              as after 2^30 moves); p = 31: gs_accum_normalize
 *
 * At the end: a read, then every value removed and the accumulator must be
 * empty, every digit zero.
 */
#include "../../core/accum.h"
#include "../../core/comoments.h"
#include "../../core/moments.h"
#include "fuzz_reference.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPS		4096		/* operations decoded from one input */
#define MAX_VALUES	4096		/* values in the accumulator at once */
#define LIMB_POISON	UINT64_C(0xa5a5a5a5a5a5a5a5)

/* One input being decoded, the accumulator and the reference beside it. */
typedef struct Run
{
	const uint8_t *data;
	size_t		size,
				at;				/* the next byte */
	bool		f8;
	int			op;				/* operations so far */
	GsAccum    *a,				/* the accumulator */
			   *b,				/* a second one (split) */
			   *t;				/* scratch */
	FuzzWin    *ref;
	uint64_t   *in;				/* the values in, any order */
	int			nin;
} Run;

/* Describe the run on stderr, then abort: the fuzzer keeps the input. */
static void
Fail(const Run *r, const char *fmt,...)
{
	va_list		ap;
	int			i;

	fprintf(stderr, "MISMATCH: %s accumulator, %d values in, operation %d, input byte %zu: ",
			r->f8 ? "float8" : "float4", r->nin, r->op, r->at);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nvalues in:");
	for (i = 0; i < r->nin && i < 32; i++)
		fprintf(stderr, " %0*llx", r->f8 ? 16 : 8, (unsigned long long) r->in[i]);
	fprintf(stderr, "%s\n", r->nin > 32 ? " ..." : "");
	abort();
}

/* The next byte of the input, 0 past its end. */
static uint8_t
Byte(Run *r)
{
	return r->at < r->size ? r->data[r->at++] : (r->at++, 0);
}

/* The next n bytes of the input, little-endian. */
static uint64_t
Bytes(Run *r, int n)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < n; i++)
		v |= (uint64_t) Byte(r) << (8 * i);
	return v;
}

/* A value into both. */
static void
Add(Run *r, uint64_t u)
{
	if (r->nin >= MAX_VALUES)
		return;
	r->in[r->nin++] = u;
	gs_accum_add(r->a, u);
	FuzzWinMove(r->ref, u, 1);
}

/* Value j of those in out of both. */
static void
Remove(Run *r, int j)
{
	uint64_t	u = r->in[j];

	r->in[j] = r->in[--r->nin];
	gs_accum_remove(r->a, u);
	FuzzWinMove(r->ref, u, -1);
}

/* Do a float result got and the reference's want agree, bit for bit, NaNs alike? */
static bool
Same(double got, double want, bool f8_out)
{
	if (isnan(got) || isnan(want))
		return isnan(got) && isnan(want);
	if (!f8_out)
	{
		float		g = (float) got,
					w = (float) want;

		/* a float result is returned as a double, exactly */
		return (double) g == got && memcmp(&g, &w, 4) == 0;
	}
	return memcmp(&got, &want, 8) == 0;
}

/*
 * Is a normalised (pending none), its digits [lo, hi) in [0, 2^32), the top
 * one in [-2^31, 2^31), every other digit zero (core/accum.h)?  Returns
 * NULL, or what is wrong.  No sum of values reaches the type's last digit's
 * range: a top digit there beyond it would be cut to its low 32 bits as
 * limbs.
 */
/* The accumulator kind of values of a type. */
#define KIND(f8)	((f8) ? GS_ACCUM_DOUBLES : GS_ACCUM_FLOATS)

static const char *
Normalised(const GsAccum *a, int kind)
{
	int			i;

	if (a->kind != kind || a->ndigits != gs_accum_digits(kind))
		return "type or digit count changed";
	if (a->pending != 0)
		return "moves pending after a normalisation";
	if (a->hi < a->lo)
	{
		if (a->lo != a->ndigits || a->hi != -1)
			return "an empty digit range other than [ndigits, -1]";
	}
	else if (a->lo < 0 || a->hi >= a->ndigits)
		return "digit range outside the digits";
	for (i = 0; i < a->ndigits; i++)
	{
		int64_t		v = a->d[i];

		if (i < a->lo || i > a->hi)
		{
			if (v != 0)
				return "a nonzero digit outside [lo, hi]";
		}
		else if (i < a->hi)
		{
			if (v < 0 || v > INT64_C(0xffffffff))
				return "a digit below the top outside [0, 2^32)";
		}
		else if (v < -(INT64_C(1) << 31) || v >= (INT64_C(1) << 31))
			return "the top digit outside [-2^31, 2^31)";
	}
	return NULL;
}

/* The flags (GS_FLAG_*) of values of the reference's counts. */
static uint32_t
WantFlags(const FuzzWinCounts *c)
{
	uint32_t	f = 0;

	if (c->nvals > 0)
		f |= GS_FLAG_ANY;
	if (c->nvals > c->negz)
		f |= GS_FLAG_NONNEGZERO;
	if (c->nan > 0)
		f |= GS_FLAG_NAN;
	if (c->pinf > 0)
		f |= GS_FLAG_PINF;
	if (c->ninf > 0)
		f |= GS_FLAG_NINF;
	return f;
}

/*
 * Compare the accumulator with the reference: counts and flags; the sum and
 * the mean in the type (and, float4, in double); the exact sum as limbs,
 * all GS_MAX_LIMBS of them and nlimbs of them; the start state of a running
 * total; and the state normalised.
 */
static void ExercisePairs(Run *r);

static void
Read(Run *r, int nlimbs)
{
	FuzzWinCounts c = FuzzWinCount(r->ref);
	int64_t		count = c.nvals;
	uint32_t	flags = WantFlags(&c);
	uint64_t	w[GS_MAX_LIMBS],
				wn[GS_MAX_LIMBS + 1];
	GsRunState	rs;
	const char *bad;
	int			unit,
				unitn,
				pass,
				i;
	bool		ok;

	if (r->a->nvalues != count)
		Fail(r, "nvalues %lld, the reference %lld", (long long) r->a->nvalues, (long long) count);
	if (gs_accum_flags(r->a) != flags)
		Fail(r, "flags %#x, the reference's %#x", gs_accum_flags(r->a), flags);

	/* sum, mean; a float4 accumulator's rounded to double too */
	for (pass = 0; pass < (r->f8 ? 2 : 4); pass++)
	{
		bool		mean = pass & 1,
					f8_out = r->f8 || pass >= 2;
		double		got = 0,
					want = 0;
		int			st = mean ? gs_accum_mean(r->a, f8_out, &got) : gs_accum_sum(r->a, f8_out, &got);
		int			err;

		if (count == 0)
		{
			if (st != GS_ACCUM_EMPTY)
				Fail(r, "%s (%s) of no values: status %d, not empty", mean ? "mean" : "sum",
					 f8_out ? "double" : "float", st);
			continue;
		}
		err = FuzzWinResult(r->ref, mean, f8_out, &want);
		if (st != (err ? GS_ACCUM_OVERFLOW : 0) || !Same(got, want, f8_out))
			Fail(r, "%s (%s): status %d, %a; the reference %s %a", mean ? "mean" : "sum",
				 f8_out ? "double" : "float", st, got, err ? "overflows to" : "rounds to", want);
	}

	/* the exact sum as limbs, all of them */
	if (!gs_accum_limbs(r->a, w, GS_MAX_LIMBS, &unit))
		Fail(r, "the sum does not fit %d limbs", GS_MAX_LIMBS);
	if (!FuzzWinLimbsAgree(r->ref, w, GS_MAX_LIMBS, unit))
		Fail(r, "%d limbs in units of 2^%d are not the reference's exact sum", GS_MAX_LIMBS, unit);
	if ((bad = Normalised(r->a, KIND(r->f8))) != NULL)
		Fail(r, "after gs_accum_limbs: %s", bad);

	/*
	 * and in nlimbs of them: nothing written past them, never refused when
	 * as many as the widest state takes (the digits from an even one up to
	 * the last); not checked against the fewest that hold the sum, as a
	 * negative sum may keep digits of its sign above them
	 */
	for (i = 0; i < GS_MAX_LIMBS + 1; i++)
		wn[i] = LIMB_POISON;
	ok = gs_accum_limbs(r->a, wn, nlimbs, &unitn);
	for (i = nlimbs; i < GS_MAX_LIMBS + 1; i++)
		if (wn[i] != LIMB_POISON)
			Fail(r, "gs_accum_limbs of %d limbs wrote limb %d", nlimbs, i);
	if (ok && (unitn != unit || !FuzzWinLimbsAgree(r->ref, wn, nlimbs, unitn)))
		Fail(r, "%d limbs in units of 2^%d are not the reference's exact sum", nlimbs, unitn);
	if (!ok && nlimbs >= r->a->ndigits / 2)
		Fail(r, "gs_accum_limbs refused %d limbs", nlimbs);

	/* the values as pairs of the covariances */
	if (r->f8)
		ExercisePairs(r);

	/* the start state of a running total */
	gs_accum_run_state(r->a, &rs);
	if (rs.nvalues != count || rs.flags != flags || rs.unit != unit ||
		memcmp(rs.w, w, sizeof(w)) != 0)
		Fail(r, "gs_accum_run_state: %lld values, flags %#x, unit %d, limbs %s",
			 (long long) rs.nvalues, rs.flags, rs.unit,
			 memcmp(rs.w, w, sizeof(w)) ? "not those of gs_accum_limbs" : "alike");
}

/* Every result of a state of pairs, by the fast and the exact path alike, in range. */
static void
PairsAlike(Run *r, void *c, const char *what)
{
	for (int k = 0; k < GS_CO_COUNT; k++)
	{
		double		a = 0,
					b = 0;
		int			sa = gs_comoments_result(c, k, &a),
					sb = gs_comoments_result_exact(c, k, &b);

		if (sa != sb || (sa != GS_ACCUM_EMPTY && memcmp(&a, &b, sizeof(a)) != 0))
			Fail(r, "%s: result %d, fast %a (%d), exact %a (%d)", what, k, a, sa, b, sb);
		if (sa == 0 && !isnan(a) &&
			((k == GS_CO_CORR && fabs(a) > 1) || (k == GS_CO_R2 && (a < 0 || a > 1)) ||
			 ((k == GS_CO_SXX || k == GS_CO_SYY) && a < 0)))
			Fail(r, "%s: result %d out of its range: %a", what, k, a);
	}
}

/*
 * The values in (doubles) as pairs for the covariances (core/comoments.h):
 * (v, v), whose covariances must be the variances of core/moments.h (two
 * implementations of one exact value), and (v_i, v_j) of a permutation;
 * every result by both paths alike and in range; a state through its
 * serial form the same.
 */
static void
ExercisePairs(Run *r)
{
	void	   *c = malloc(gs_comoments_bytes()),
			   *back = malloc(gs_comoments_bytes()),
			   *m = malloc(gs_moments_bytes());
	size_t		nb;
	uint8_t    *buf;

	gs_comoments_init(c);
	gs_moments_init(m);
	for (int i = 0; i < r->nin; i++)
	{
		GsCoValue	v;

		gs_co_from_double(&v, r->in[i]);
		gs_comoments_move(c, &v, &v, 1);
		gs_moments_move(m, r->in[i], 1);
	}
	PairsAlike(r, c, "pairs (v, v)");
	for (int samp = 0; samp < 2; samp++)
	{
		double		a = 0,
					b = 0;
		int			sa = gs_comoments_result(c, samp ? GS_CO_COVAR_SAMP : GS_CO_COVAR_POP, &a),
					sb = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), samp ? GS_MOMENT_SAMPLE : 0, true, &b);

		if (sa != sb || (sa != GS_ACCUM_EMPTY && memcmp(&a, &b, sizeof(a)) != 0))
			Fail(r, "covar_%s(v, v) %a (%d), var_%s(v) %a (%d)", samp ? "samp" : "pop", a, sa,
				 samp ? "samp" : "pop", b, sb);
	}
	gs_comoments_init(c);
	for (int i = 0; i < r->nin; i++)
	{
		GsCoValue	y,
					x;

		gs_co_from_double(&y, r->in[i]);
		gs_co_from_double(&x, r->in[(int) (((int64_t) i * 7 + 1) % r->nin)]);
		gs_comoments_move(c, &y, &x, 1);
	}
	PairsAlike(r, c, "pairs (v_i, v_7i+1)");
	nb = gs_comoments_serial_bytes(c);
	buf = malloc(nb);
	gs_comoments_serialize(c, buf);
	if (!gs_comoments_deserialize(buf, nb, back) || gs_comoments_deserialize(buf, nb - 1, back) ||
		!gs_comoments_deserialize(buf, nb, back))
		Fail(r, "a state of pairs through its serial form: refused, or one byte less read");
	PairsAlike(r, back, "pairs through their serial form");
	free(buf);
	free(c);
	free(back);
	free(m);
}

/*
 * x through its serial form into r->t and back: the form of the size said,
 * read back (and not one byte less), written again the same.
 */
static void
RoundTrip(Run *r, GsAccum *x)
{
	size_t		nb = gs_accum_serial_bytes(x);
	uint8_t    *buf = malloc(nb),
			   *again;
	int			kind = -1;

	gs_accum_serialize(x, buf);
	if (!gs_accum_deserialize(buf, nb, NULL, &kind) || kind != KIND(r->f8))
		Fail(r, "a serial form of %zu bytes: its header refused", nb);
	if (gs_accum_deserialize(buf, nb - 1, r->t, &kind))
		Fail(r, "a serial form of %zu bytes read with one byte less", nb);
	if (!gs_accum_deserialize(buf, nb, r->t, &kind) || kind != KIND(r->f8))
		Fail(r, "a serial form of %zu bytes refused", nb);
	if (gs_accum_serial_bytes(r->t) != nb)
		Fail(r, "a serial form of %zu bytes read back takes %zu", nb, gs_accum_serial_bytes(r->t));
	again = malloc(nb);
	gs_accum_serialize(r->t, again);
	if (memcmp(buf, again, nb) != 0)
		Fail(r, "a serial form of %zu bytes read back is written otherwise", nb);
	memcpy(x, r->t, gs_accum_bytes(r->f8));
	free(buf);
	free(again);
}

/*
 * A state gs_accum_deserialize accepted, of no known values: normalised,
 * every result computed (sanitizers watching), a float result a float,
 * the limbs found, its serial form read back and written the same.
 */
static void
Exercise(Run *r, GsAccum *x, bool f8)
{
	uint64_t	w[GS_MAX_LIMBS];
	GsRunState	rs;
	const char *bad;
	int			unit,
				pass;
	size_t		nb;
	uint8_t    *buf,
			   *again;
	GsAccum    *y;
	int			ykind;

	if ((bad = Normalised(x, KIND(f8))) != NULL)
		Fail(r, "a state read from forged bytes: %s", bad);
	for (pass = 0; pass < 4; pass++)
	{
		double		got = 0;
		bool		f8_out = pass >= 2;

		if (pass & 1)
			(void) gs_accum_mean(x, f8_out, &got);
		else
			(void) gs_accum_sum(x, f8_out, &got);
		if (!f8_out && !isnan(got) && (double) (float) got != got)
			Fail(r, "a state read from forged bytes: a float result %a", got);
	}
	if (!gs_accum_limbs(x, w, GS_MAX_LIMBS, &unit))
		Fail(r, "a state read from forged bytes: its sum does not fit %d limbs", GS_MAX_LIMBS);
	gs_accum_run_state(x, &rs);
	if (rs.unit != unit || memcmp(rs.w, w, sizeof(w)) != 0 || rs.flags != gs_accum_flags(x))
		Fail(r, "a state read from forged bytes: gs_accum_run_state is not gs_accum_limbs");
	nb = gs_accum_serial_bytes(x);
	buf = malloc(nb);
	gs_accum_serialize(x, buf);
	y = malloc(gs_accum_bytes(f8));
	if (!gs_accum_deserialize(buf, nb, y, &ykind) || ykind != KIND(f8))
		Fail(r, "a state read from forged bytes: its own serial form refused");
	again = malloc(nb);
	if (gs_accum_serial_bytes(y) != nb)
		Fail(r, "a state read from forged bytes: written again in another size");
	gs_accum_serialize(y, again);
	if (memcmp(buf, again, nb) != 0)
		Fail(r, "a state read from forged bytes: written again otherwise");
	free(buf);
	free(again);
	free(y);
}

/*
 * A forged accumulator of doubles or of squares as one half of a state of
 * the moments (core/moments.h), the other half empty but for the count:
 * every variance and deviation computed (sanitizers watching), the fast
 * path's result the exact one's, never negative.
 */
static void
ExerciseMoments(Run *r, const GsAccum *x, int kind)
{
	void	   *m = malloc(gs_moments_bytes());
	GsAccum    *s1 = gs_moments_s1(m),
			   *s2 = gs_moments_s2(m);

	gs_moments_init(m);
	memcpy(kind == GS_ACCUM_SQUARES ? s2 : s1, x, gs_accum_kind_bytes(kind));
	(kind == GS_ACCUM_SQUARES ? s1 : s2)->nvalues = x->nvalues;
	for (int what = 0; what < 8; what++)
	{
		double		a = 0,
					b = 0;
		int			sa = gs_moments_result(s1, s2, what & 3, what < 4, &a),
					sb = gs_moments_result_exact(s1, s2, what & 3, what < 4, &b);

		if (sa != sb || (sa != GS_ACCUM_EMPTY && memcmp(&a, &b, sizeof(a)) != 0) ||
			(sa == 0 && a < 0))
			Fail(r, "a forged state of the moments: fast %a (%d), exact %a (%d)", a, sa, b, sb);
	}
	free(m);
}

/*
 * A forged accumulator as the part of its kind in a state of pairs (the
 * values' of x or y, the squares' of x or y, the products'), the others
 * empty but for the count: every result by both paths alike.
 */
static void
ExerciseForgedPart(Run *r, const GsAccum *x, int kind)
{
	void	   *c = malloc(gs_comoments_bytes());

	for (int side = 0; side < (kind == GS_ACCUM_PRODUCTS ? 1 : 2); side++)
	{
		int			part = kind == GS_ACCUM_PRODUCTS ? GS_CO_XY :
			kind == GS_ACCUM_SQUARES ? GS_CO_XX + side : GS_CO_X + side;

		gs_comoments_init(c);
		memcpy(gs_comoments_part(c, part), x, gs_accum_kind_bytes(kind));
		for (int i = 0; i < GS_CO_PARTS; i++)
			gs_comoments_part(c, i)->nvalues = x->nvalues;
		PairsAlike(r, c, "a forged part of a state of pairs");
	}
	free(c);
}

/*
 * Bytes to gs_accum_deserialize, exactly allocated: refused by the header
 * check, or by the whole, or read into a state of the type the header
 * says, then exercised.
 */
static void
Deserialize(Run *r, const uint8_t *bytes, size_t n)
{
	uint8_t    *buf = malloc(n ? n : 1);
	int			hkind = -1,
				kind = -1;
	bool		head;
	GsAccum    *x;

	memcpy(buf, bytes, n);
	head = gs_accum_deserialize(buf, n, NULL, &hkind);
	/* refused by the header check: a state of the largest kind for the whole */
	x = malloc(gs_accum_kind_bytes(head ? hkind : GS_ACCUM_SQUARES));
	{
		/* the same bytes as a whole state of pairs (core/comoments.h) */
		void	   *c = malloc(gs_comoments_bytes());

		if (gs_comoments_deserialize(buf, n, c))
			PairsAlike(r, c, "a state of pairs read from forged bytes");
		free(c);
	}
	if (gs_accum_deserialize(buf, n, x, &kind))
	{
		const char *bad;

		if (!head || kind != hkind)
			Fail(r, "forged bytes (%zu) read, but not by the header check", n);
		if (kind < GS_ACCUM_SQUARES)
			Exercise(r, x, kind == GS_ACCUM_DOUBLES);
		else if ((bad = Normalised(x, kind)) != NULL)
			Fail(r, "a state of squares or products read from forged bytes: %s", bad);
		if (kind == GS_ACCUM_DOUBLES || kind == GS_ACCUM_SQUARES)
			ExerciseMoments(r, x, kind);
		if (kind != GS_ACCUM_FLOATS)
			ExerciseForgedPart(r, x, kind);
	}
	free(x);
	free(buf);
}

/* Values for the fields of a serial form: the edges of digits and counts. */
static const uint64_t Edge[16] = {
	0, 1, UINT64_C(0x7fffffff), UINT64_C(0x80000000), UINT64_C(0xffffffff),
	UINT64_C(0x100000000), UINT64_C(0xffffffff80000000), UINT64_C(0xffffffff7fffffff),
	~UINT64_C(0), UINT64_C(0x7fffffffffffffff), UINT64_C(0x8000000000000000),
	UINT64_C(0x4000000000000000), UINT64_C(0xfffffffeffffffff), 2, UINT64_C(0xffffffff00000000),
	UINT64_C(0x1ffffffff)
};

/* The serial form's layout (core/accum.c): first digit, count of digits, counts, digits. */
#define SERIAL_LO		4
#define SERIAL_ND		8
#define SERIAL_COUNTS	12
#define SERIAL_DIGITS	52
#define SERIAL_ROOM		(SERIAL_DIGITS + 8 * 256)	/* a buffer for edits of up to 255 digits */

/* A little-endian field of n bytes at p. */
static uint64_t
Get(const uint8_t *p, int n)
{
	uint64_t	v = 0;
	int			i;

	for (i = 0; i < n; i++)
		v |= (uint64_t) p[i] << (8 * i);
	return v;
}

/* Store v little-endian in n bytes at p. */
static void
Put(uint8_t *p, int n, uint64_t v)
{
	int			i;

	for (i = 0; i < n; i++)
		p[i] = (uint8_t) (v >> (8 * i));
}

/*
 * Operation 6 with p bit 0: bytes of the input to gs_accum_deserialize, or
 * the accumulator's serial form edited, at its bounds most often.
 */
static void
Forge(Run *r, int p)
{
	size_t		n,
				i;
	uint8_t    *bytes;

	if (p & 2)
	{
		n = (size_t) (Bytes(r, 2) % 1024);
		bytes = malloc(n ? n : 1);
		for (i = 0; i < n; i++)
			bytes[i] = Byte(r);
	}
	else
	{
		int			k,
					m = 1 + (p >> 2);

		n = gs_accum_serial_bytes(r->a);
		bytes = calloc(SERIAL_ROOM, 1);
		gs_accum_serialize(r->a, bytes);
		for (k = 0; k < m; k++)
		{
			uint8_t		f = Byte(r),
						x = Byte(r),
						y = Byte(r);
			int64_t		lo = (int64_t) (uint32_t) Get(bytes + SERIAL_LO, 4),
						nd = (int64_t) (uint32_t) Get(bytes + SERIAL_ND, 4),
						nd2;

			switch (f & 7)
			{
				case 0:
					bytes[(x | (size_t) (f >> 3) << 8) % (n ? n : 1)] ^= y;
					break;
				case 1:
					Put(bytes + SERIAL_LO, 4, (uint64_t) (r->a->ndigits - nd + (int8_t) x));
					break;
				case 2:
					nd2 = nd + (int8_t) x;
					if (nd2 >= 0 && SERIAL_DIGITS + 8 * nd2 <= SERIAL_ROOM)
					{
						if (nd2 > nd)
							memset(bytes + SERIAL_DIGITS + 8 * nd, 0, (size_t) (8 * (nd2 - nd)));
						Put(bytes + SERIAL_ND, 4, (uint64_t) nd2);
						n = (size_t) (SERIAL_DIGITS + 8 * nd2);
					}
					break;
				case 3:
					bytes[0] = x;
					bytes[1] = y;
					break;
				case 4:
					if (nd > 0 && SERIAL_DIGITS + 8 * (x % nd) + 8 <= SERIAL_ROOM)
						Put(bytes + SERIAL_DIGITS + 8 * (x % nd), 8, Edge[y & 15]);
					break;
				case 5:
					Put(bytes + SERIAL_COUNTS + 8 * (x % 5), 8, Edge[y & 15]);
					break;
				case 6:
					if ((int64_t) n + (int8_t) x >= 0 && (int64_t) n + (int8_t) x <= SERIAL_ROOM)
						n = (size_t) ((int64_t) n + (int8_t) x);
					break;
				default:
					Put(bytes + SERIAL_LO, 4, (uint64_t) (lo + (int8_t) x));
					Put(bytes + SERIAL_ND, 4, (uint64_t) (nd + (int8_t) y));
					break;
			}
		}
	}
	Deserialize(r, bytes, n);
	free(bytes);
}

/* Operation 5: a share of the values through a second accumulator, combined. */
static void
Split(Run *r, int p)
{
	uint64_t	x = Bytes(r, 2) * UINT64_C(0x9e3779b97f4a7c15) + 1;
	int			share = (p >> 2) & 3,
				j;
	size_t		bytes = gs_accum_bytes(r->f8);

	gs_accum_init(r->b, r->f8);
	if (p & 16)
		gs_accum_init(r->t, r->f8);
	for (j = 0; j < r->nin; j++)
	{
		bool		take;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		take = share == 0 ? (x >> 32) & 1 : share == 1 ? ((x >> 32) & 7) == 0
			: share == 2 ? ((x >> 32) & 7) != 0 : true;
		if (take)
		{
			gs_accum_add(r->b, r->in[j]);
			if (!(p & 16))
				gs_accum_remove(r->a, r->in[j]);
		}
		else if (p & 16)
			gs_accum_add(r->t, r->in[j]);
	}
	if (p & 16)
		memcpy(r->a, r->t, bytes);
	if (p & 1)
		RoundTrip(r, r->b);
	if (p & 2)
	{
		gs_accum_combine(r->b, r->a);
		memcpy(r->a, r->b, bytes);
	}
	else
		gs_accum_combine(r->a, r->b);
}

/* A value of the type shaped from sign, exponent and a mantissa pattern. */
static uint64_t
Shaped(Run *r, int shape)
{
	int			mb = r->f8 ? 52 : 23,
				ebits = r->f8 ? 11 : 8;
	uint64_t	se = Bytes(r, 2),
				b = Byte(r),
				mask = (UINT64_C(1) << mb) - 1,
				m = 0;

	switch (shape)
	{
		case 1:
			m = mask;
			break;
		case 2:
			m = 1;
			break;
		case 3:
			m = UINT64_C(1) << (mb - 1);
			break;
		case 4:
			m = (UINT64_C(1) << (mb - 1)) | 1;
			break;
		case 5:
			m = (b * UINT64_C(0x0101010101010101)) & mask;
			break;
		case 6:
			m = b;
			break;
		case 7:
			m = b << (mb - 8);
			break;
		default:
			break;
	}
	return ((se >> 15) << (mb + ebits)) | ((se & ((UINT64_C(1) << ebits) - 1)) << mb) | m;
}

/* Operation 2: a value in again, or one near it. */
static uint64_t
Again(Run *r, int p, uint64_t u)
{
	uint64_t	width = r->f8 ? ~UINT64_C(0) : UINT64_C(0xffffffff);

	switch ((p >> 1) & 3)
	{
		case 1:
			u = (u + 1) & width;
			break;
		case 2:
			u = (u - 1) & width;
			break;
		case 3:
			u ^= 1;
			break;
		default:
			break;
	}
	if (p & 1)
		u ^= GS_SIGN_BIT(r->f8);
	return u;
}

/* Decode one input into operations on the accumulator and the reference, compare. */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Run			r;
	uint8_t		flags;
	const char *bad;
	size_t		bytes;
	double		got;

	memset(&r, 0, sizeof(r));
	r.data = data;
	r.size = size;
	flags = Byte(&r);
	r.f8 = flags & 1;
	bytes = gs_accum_bytes(r.f8);
	r.a = malloc(bytes);
	r.b = malloc(bytes);
	r.t = malloc(bytes);
	gs_accum_init(r.a, r.f8);
	r.ref = FuzzWinNew(r.f8);
	r.in = malloc(sizeof(uint64_t) * MAX_VALUES);

	for (r.op = 0; r.op < MAX_OPS && r.at < size; r.op++)
	{
		uint8_t		o = Byte(&r);
		int			p = o >> 3,
					n = 1 << (2 * (p >> 3)),
					i;
		uint64_t	u;

		switch (o & 7)
		{
			case 0:
				u = Bytes(&r, r.f8 ? 8 : 4);
				for (i = 0; i < n; i++)
					Add(&r, u);
				break;
			case 1:
				u = Shaped(&r, p & 7);
				for (i = 0; i < n; i++)
					Add(&r, u);
				break;
			case 2:
				u = Bytes(&r, 2);
				if (r.nin == 0)
					break;
				u = Again(&r, p, r.in[u % (uint64_t) r.nin]);
				for (i = 0; i < n; i++)
					Add(&r, u);
				break;
			case 3:
				u = Bytes(&r, 2);
				for (i = 0; r.nin > 0 && (p >= 16 || i <= p); i++)
					Remove(&r, (int) (u % (uint64_t) r.nin));
				break;
			case 4:
				Read(&r, p ? p : GS_MAX_LIMBS);
				break;
			case 5:
				Split(&r, p);
				break;
			case 6:
				if (p & 1)
					Forge(&r, p);
				else
					RoundTrip(&r, r.a);
				break;
			default:
				if (p < 31)
					r.a->pending = GS_ACCUM_PENDING_MAX - 1 - p;
				else
					gs_accum_normalize(r.a);
				break;
		}
		if ((flags & 2) && (o & 7) != 4)
			Read(&r, GS_MAX_LIMBS);
	}

	/* at the end: a read, then every value out, and nothing left */
	Read(&r, GS_MAX_LIMBS);
	while (r.nin > 0)
		Remove(&r, r.nin - 1);
	Read(&r, GS_MAX_LIMBS);
	gs_accum_normalize(r.a);
	if ((bad = Normalised(r.a, KIND(r.f8))) != NULL)
		Fail(&r, "emptied: %s", bad);
	if (r.a->hi >= r.a->lo || r.a->nvalues || r.a->nan || r.a->pinf || r.a->ninf || r.a->nonnegz ||
		gs_accum_sum(r.a, r.f8, &got) != GS_ACCUM_EMPTY)
		Fail(&r, "emptied: digits [%d, %d], counts %lld %lld %lld %lld %lld", r.a->lo, r.a->hi,
			 (long long) r.a->nvalues, (long long) r.a->nan, (long long) r.a->pinf,
			 (long long) r.a->ninf, (long long) r.a->nonnegz);

	free(r.a);
	free(r.b);
	free(r.t);
	free(r.in);
	FuzzWinFree(r.ref);
	return 0;
}
