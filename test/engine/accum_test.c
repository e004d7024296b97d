/*
 * test/engine/accum_test.c — the exact accumulator (core/accum.h) against the
 * window reference of test/engine/reference.h, which shares no code with it.
 *
 * Random sequences of adds and removes of values over the whole exponent
 * range of each type (subnormals, the largest finite values, NaN, the
 * infinities, -0, values clustered near rounding ties), after each move the
 * sum and the mean compared bit for bit with the reference's, which keeps
 * the same multiset of values in big integers of its own.  Also: a split
 * into parts combined in any order, the serial form read back, the exact
 * sum as limbs, one serial form for the same values however they came,
 * and 2^30 moves (a normalisation forced by the count).
 *
 * Usage: accum_test [-q] [seed]      Prints "N passed, N failed".
 */
#include "../../core/accum.h"
#include "../rand.h"
#include "reference.h"

#include <stdbool.h>

static int	passed,
			failed,
			quiet;

/* Count a check; print it when it fails (or always unless quiet). */
static void
Check(bool ok, const char *what, long long detail)
{
	if (ok)
		passed++;
	else
		failed++;
	if (!ok || !quiet)
		printf("%s %s (%lld)\n", ok ? "ok  " : "FAIL", what, detail);
}

/* The bits of a double or float, zero-extended. */
static uint64_t
Bits(double x, bool f8)
{
	if (f8)
	{
		uint64_t	u;

		memcpy(&u, &x, 8);
		return u;
	}
	else
	{
		float		f = (float) x;
		uint32_t	u;

		memcpy(&u, &f, 4);
		return u;
	}
}

/*
 * A random value's bits: kind 0 anywhere in the exponent range (subnormals
 * and the largest included), 1 ordinary magnitudes, 2 whole cents, 3 near
 * the top of the range, 4 a special value or a zero.
 */
static uint64_t
RandomBits(bool f8, int kind)
{
	int			ebits = f8 ? 11 : 8,
				mbits = f8 ? 52 : 23;
	uint64_t	sign = Rand64() & 1,
				mant = Rand64() & ((UINT64_C(1) << mbits) - 1),
				e;

	switch (kind)
	{
		case 0:
			e = RandBelow((UINT64_C(1) << ebits) - 1);	/* 0 (subnormal) .. largest finite */
			break;
		case 1:
			e = ((UINT64_C(1) << (ebits - 1)) - 1) + RandBelow(40) - 20;
			break;
		case 2:
			return Bits((double) ((int64_t) RandBelow(2000000) - 1000000) / 100.0, f8);
		case 3:
			e = (UINT64_C(1) << ebits) - 2 - RandBelow(3);
			break;
		default:
			switch (RandBelow(6))
			{
				case 0:
					return Bits(NAN, f8);
				case 1:
					return Bits(INFINITY, f8);
				case 2:
					return Bits(-INFINITY, f8);
				case 3:
					return Bits(-0.0, f8);
				case 4:
					return 0;
				default:
					return 1;	/* the smallest subnormal */
			}
	}
	return (sign << (ebits + mbits)) | (e << mbits) | mant;
}

/* One reference window holding the values given by index into vals. */
typedef struct Pair
{
	GsAccum    *acc;
	WRefWin    *ref;
	GsScanSpec	spec;			/* for the reference: the values, type and operator */
} Pair;

/* Compare the sum and mean of the accumulator with the reference's. */
static bool
Agree(Pair *p, bool f8, const char *what, long long step)
{
	double		got,
				want[1];
	float		wantf[1];
	int			st,
				err;
	bool		ok = true;

	/* the sum */
	p->spec.op = GS_OP_MOVSUM;
	st = gs_accum_sum(p->acc, f8, &got);
	if (p->ref->nvals == 0)
		ok = st == GS_ACCUM_EMPTY;
	else
	{
		WRefOutput(p->ref, &p->spec, f8 ? (void *) want : (void *) wantf, 0, &err);
		if (err)
			ok = st == GS_ACCUM_OVERFLOW;
		else if (st != 0)
			ok = false;
		else if (f8)
			ok = memcmp(&got, want, 8) == 0 || (isnan(got) && isnan(want[0]));
		else
		{
			float		g = (float) got;

			ok = memcmp(&g, wantf, 4) == 0 || (isnan(g) && isnan(wantf[0]));
		}
	}
	/* the mean */
	if (ok && p->ref->nvals > 0)
	{
		p->spec.op = GS_OP_MOVAVG;
		st = gs_accum_mean(p->acc, f8, &got);
		WRefOutput(p->ref, &p->spec, f8 ? (void *) want : (void *) wantf, 0, &err);
		if (st != 0 || err)
			ok = false;
		else if (f8)
			ok = memcmp(&got, want, 8) == 0 || (isnan(got) && isnan(want[0]));
		else
		{
			float		g = (float) got;

			ok = memcmp(&g, wantf, 4) == 0 || (isnan(g) && isnan(wantf[0]));
		}
	}
	if (!ok)
		Check(false, what, step);
	return ok;
}

/* Value k (of spec's values) into (dir 1) or out of (dir -1) both. */
static void
Move(Pair *p, const uint64_t *bits, int64_t k, int dir)
{
	gs_accum_move(p->acc, bits[k], dir);
	WRefMove(p->ref, &p->spec, k, dir);
}

/*
 * A random walk of adds and removes over n values of one kind mix: the
 * multiset in the accumulator compared after every move.
 */
static void
Walk(bool f8, int n, int mix, int moves)
{
	uint64_t   *bits = calloc(n, 8);
	void	   *vals = calloc(n, 8);
	int64_t    *in = calloc(n, sizeof(int64_t));	/* indexes of the values in */
	int64_t		nin = 0;
	Pair		p;
	bool		ok = true;
	char		what[96];
	int			i;

	for (i = 0; i < n; i++)
	{
		int			kind = mix < 5 ? mix : (int) RandBelow(5);

		bits[i] = RandomBits(f8, kind);
		if (f8)
			((uint64_t *) vals)[i] = bits[i];
		else
			((uint32_t *) vals)[i] = (uint32_t) bits[i];
	}
	p.acc = malloc(gs_accum_bytes(f8));
	gs_accum_init(p.acc, f8);
	p.ref = calloc(1, sizeof(WRefWin));
	memset(&p.spec, 0, sizeof(p.spec));
	p.spec.type = f8 ? GS_FLOAT8 : GS_FLOAT4;
	p.spec.values = vals;
	snprintf(what, sizeof(what), "%s walk of %d values, mix %d, %d moves",
			 f8 ? "float8" : "float4", n, mix, moves);
	for (i = 0; i < moves && ok; i++)
	{
		bool		add = nin == 0 || (nin < n && RandBelow(3) != 0);

		if (add)
		{
			int64_t		k = (int64_t) RandBelow(n);

			in[nin++] = k;
			Move(&p, bits, k, 1);
		}
		else
		{
			int64_t		j = (int64_t) RandBelow(nin);

			Move(&p, bits, in[j], -1);
			in[j] = in[--nin];
		}
		/* read it now and then (every read normalises), or after every move */
		if (n < 64 || RandBelow(8) == 0)
			ok = Agree(&p, f8, what, i);
	}
	/* and empty again */
	while (ok && nin > 0)
	{
		Move(&p, bits, in[nin - 1], -1);
		nin--;
	}
	if (ok)
		ok = Agree(&p, f8, what, -1);
	Check(ok, what, moves);
	free(p.acc);
	free(p.ref);
	free(bits);
	free(vals);
	free(in);
}

/*
 * n values split into parts at random, each part an accumulator, the parts
 * combined in a random order, also through the serial form: the same
 * results as one accumulator of them all, and the exact sum's limbs the
 * reference's digits.
 */
static void
Parts(bool f8, int n, int mix)
{
	uint64_t   *bits = calloc(n, 8);
	void	   *vals = calloc(n, 8);
	int			nparts = 1 + (int) RandBelow(8);
	GsAccum    *part[8];
	GsAccum    *all = malloc(gs_accum_bytes(f8));
	Pair		p;
	bool		ok = true;
	char		what[96];
	uint64_t	w[GS_MAX_LIMBS];
	int			unit,
				i;

	p.acc = malloc(gs_accum_bytes(f8));
	p.ref = calloc(1, sizeof(WRefWin));
	memset(&p.spec, 0, sizeof(p.spec));
	p.spec.type = f8 ? GS_FLOAT8 : GS_FLOAT4;
	p.spec.values = vals;
	gs_accum_init(p.acc, f8);
	for (i = 0; i < nparts; i++)
	{
		part[i] = malloc(gs_accum_bytes(f8));
		gs_accum_init(part[i], f8);
	}
	for (i = 0; i < n; i++)
	{
		bits[i] = RandomBits(f8, mix < 5 ? mix : (int) RandBelow(5));
		if (f8)
			((uint64_t *) vals)[i] = bits[i];
		else
			((uint32_t *) vals)[i] = (uint32_t) bits[i];
		WRefMove(p.ref, &p.spec, i, 1);
		gs_accum_add(part[RandBelow(nparts)], bits[i]);
	}
	/* combine: some parts straight, some through their serial form */
	gs_accum_init(all, f8);
	for (i = nparts - 1; i >= 0; i--)
	{
		if (RandBelow(2))
		{
			size_t		nb = gs_accum_serial_bytes(part[i]);
			uint8_t    *buf = malloc(nb);
			GsAccum    *back = malloc(gs_accum_bytes(f8));
			int			bkind;

			gs_accum_serialize(part[i], buf);
			ok &= gs_accum_deserialize(buf, nb, back, &bkind) &&
				bkind == (f8 ? GS_ACCUM_DOUBLES : GS_ACCUM_FLOATS);
			gs_accum_combine(all, back);
			free(back);
			free(buf);
		}
		else
			gs_accum_combine(all, part[i]);
	}
	memcpy(p.acc, all, gs_accum_bytes(f8));
	snprintf(what, sizeof(what), "%s %d values in %d parts, mix %d", f8 ? "float8" : "float4",
			 n, nparts, mix);
	ok = ok && Agree(&p, f8, what, 0);

	/* the limbs, against the reference's finite sum (when no special value is in) */
	if (ok && gs_accum_limbs(all, w, GS_MAX_LIMBS, &unit))
	{
		uint32_t	d[WREF_DIGITS];
		int			base = f8 ? -1074 : -149;

		uint64_t	mag[GS_MAX_LIMBS];
		int			neg = (int) (w[GS_MAX_LIMBS - 1] >> 63);
		uint64_t	carry = 1;

		memset(d, 0, sizeof(d));
		for (i = 0; i < GS_MAX_LIMBS; i++)
		{
			mag[i] = neg ? ~w[i] + carry : w[i];
			carry = carry && mag[i] == 0;
		}
		/* |w| * 2^unit in units of 2^base: the magnitude shifted left by unit - base */
		for (i = 0; i < GS_MAX_LIMBS; i++)
		{
			int			sh = unit - base + 64 * i;

			if (mag[i] != 0 && sh >= 0)
			{
				WRefAdd(d, WREF_DIGITS, neg, (uint32_t) mag[i], sh);
				WRefAdd(d, WREF_DIGITS, neg, mag[i] >> 32, sh + 32);
			}
		}
		ok = memcmp(d, p.ref->d, sizeof(d)) == 0 && unit >= base;
	}
	Check(ok, what, n);
	for (i = 0; i < nparts; i++)
		free(part[i]);
	free(all);
	free(p.acc);
	free(p.ref);
	free(bits);
	free(vals);
}

/*
 * More moves than GS_ACCUM_PENDING_MAX between reads: the count forces a
 * normalisation, and the sums are still exact (the largest value, so every
 * digit it touches grows as fast as it can).
 */
static void
ManyMoves(void)
{
	GsAccum    *a = malloc(gs_accum_bytes(true));
	uint64_t	big = UINT64_C(0x7fefffffffffffff);
	int64_t		moves = (int64_t) GS_ACCUM_PENDING_MAX + 12345,
				i;
	double		r;
	int			st,
				st2;

	gs_accum_init(a, true);
	for (i = 0; i < moves; i++)
		gs_accum_add(a, big);
	st = gs_accum_mean(a, true, &r);
	st2 = gs_accum_sum(a, true, &r) == GS_ACCUM_OVERFLOW;
	Check(st == 0 && st2 && a->nvalues == moves,
		  "float8: 2^30 + 12345 adds of the largest value: its mean, and the sum overflows",
		  (long long) moves);
	gs_accum_mean(a, true, &r);
	Check(r == DBL_MAX, "float8: that mean is the largest value", (long long) moves);
	free(a);
}

/*
 * The same values, however they came in (other values added and removed
 * again, in another order), give the same serial form: a state's digits
 * are its sum's shortest form.
 */
static void
Canonical(bool f8, int n, int mix)
{
	GsAccum    *a = malloc(gs_accum_bytes(f8));
	GsAccum    *b = malloc(gs_accum_bytes(f8));
	uint64_t   *v = calloc(n, 8);
	uint64_t   *e = calloc(n, 8);
	uint8_t    *sa,
			   *sb;
	size_t		na,
				nb;
	char		what[96];
	int			i;

	gs_accum_init(a, f8);
	gs_accum_init(b, f8);
	for (i = 0; i < n; i++)
	{
		v[i] = RandomBits(f8, mix < 5 ? mix : (int) RandBelow(5));
		e[i] = RandomBits(f8, mix < 5 ? mix : (int) RandBelow(5));
		gs_accum_add(a, v[i]);
		gs_accum_add(b, e[i]);
	}
	for (i = n - 1; i >= 0; i--)
	{
		gs_accum_add(b, v[i]);
		gs_accum_remove(b, e[i]);
	}
	na = gs_accum_serial_bytes(a);
	nb = gs_accum_serial_bytes(b);
	sa = malloc(na);
	sb = malloc(nb);
	gs_accum_serialize(a, sa);
	gs_accum_serialize(b, sb);
	snprintf(what, sizeof(what), "%s %d values, mix %d: one serial form however they came",
			 f8 ? "float8" : "float4", n, mix);
	Check(na == nb && memcmp(sa, sb, na) == 0, what, (long long) nb);
	free(sa);
	free(sb);
	free(v);
	free(e);
	free(a);
	free(b);
}

/* A few results stated by hand. */
static void
Stated(void)
{
	GsAccum    *a = malloc(gs_accum_bytes(true));
	double		r;
	int			st;

	gs_accum_init(a, true);
	st = gs_accum_sum(a, true, &r);
	Check(st == GS_ACCUM_EMPTY, "float8: no values is empty", st);
	gs_accum_add(a, Bits(1e16, true));
	gs_accum_add(a, Bits(1.0, true));
	gs_accum_add(a, Bits(-1e16, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && r == 1.0, "float8: 1e16 + 1 - 1e16 = 1", st);
	gs_accum_remove(a, Bits(1.0, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && r == 0.0 && !signbit(r), "float8: 1e16 - 1e16 = +0", st);
	gs_accum_init(a, true);
	gs_accum_add(a, Bits(-0.0, true));
	gs_accum_add(a, Bits(-0.0, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && r == 0.0 && signbit(r), "float8: -0 + -0 = -0", st);
	gs_accum_add(a, Bits(DBL_MAX, true));
	gs_accum_add(a, Bits(DBL_MAX, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == GS_ACCUM_OVERFLOW, "float8: DBL_MAX + DBL_MAX overflows", st);
	st = gs_accum_mean(a, true, &r);
	Check(st == 0 && r == DBL_MAX / 2, "float8: the mean of 0, 0, DBL_MAX, DBL_MAX", st);
	gs_accum_add(a, Bits(INFINITY, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && isinf(r) && r > 0, "float8: an infinity wins", st);
	gs_accum_add(a, Bits(-INFINITY, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && isnan(r), "float8: both infinities give NaN", st);
	gs_accum_remove(a, Bits(INFINITY, true));
	gs_accum_remove(a, Bits(-INFINITY, true));
	gs_accum_remove(a, Bits(DBL_MAX, true));
	st = gs_accum_sum(a, true, &r);
	Check(st == 0 && r == DBL_MAX, "float8: specials removed again", st);
	free(a);
}

int
main(int argc, char **argv)
{
	static const int sizes[] = {1, 2, 3, 8, 40, 300, 5000};
	int			argi = 1;
	int			round,
				f8,
				mix;

	if (argi < argc && strcmp(argv[argi], "-q") == 0)
	{
		quiet = 1;
		argi++;
	}
	rng_state = argi < argc ? strtoull(argv[argi], NULL, 10) : 20261125;

	Stated();
	ManyMoves();
	for (f8 = 0; f8 <= 1; f8++)
	{
		for (round = 0; round < 12; round++)
			for (mix = 0; mix <= 5; mix++)
			{
				int			n = sizes[RandBelow(sizeof(sizes) / sizeof(sizes[0]))];

				Walk(f8, n, mix, 4 * n + 20);
				Parts(f8, n, mix);
				Canonical(f8, n, mix);
			}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
