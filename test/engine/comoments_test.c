/*
 * test/engine/comoments_test.c — the exact covariances, correlations and
 * regression lines (core/comoments.h): the accumulator of products and the
 * correctly rounded results.
 *
 * Without a reference of its own (test/covariance.py brings one, Python's
 * fractions, through --cases):
 *  - random walks of adds and removes of pairs (doubles over the whole
 *    exponent range, prices, integers of 64 bits): after each move the
 *    state's serial form equals that of a state built afresh from the
 *    pairs in, and every result of the fast path equals the exact path's,
 *    bit for bit (two walks of thousands of moves, past the cache's
 *    refresh);
 *  - a split into parts, some through their serial form, combined: the
 *    same serial form and results; forged serial forms refused;
 *  - the exact sum of products against a plain 128-bit sum of integers;
 *  - inputs made to reach the exact path (a covariance on a rounding tie),
 *    counted there, with their values worked out by hand, and the rules:
 *    NULL, NaN, +0, 1 and -1, overflow.
 *
 * With --cases, reads cases from standard input, one a line: the result
 * wanted (GS_CO_*), then pairs "y,x" (doubles' bits in hex, or integers as
 * "i" and a decimal), after ";" pairs to remove; prints "status bits".
 *
 * Usage: comoments_test [-q] [seed] | comoments_test --cases
 */
#include "../../core/comoments.h"
#include "../rand.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* A double's bits. */
static uint64_t
Bits(double x)
{
	uint64_t	u;

	memcpy(&u, &x, 8);
	return u;
}

/* A value of a pair: a double, or (is_int) a 64-bit integer. */
typedef struct Val
{
	int			is_int;
	double		d;
	int64_t		i;
} Val;

/* A random value of one of several kinds. */
static Val
RandVal(int kind)
{
	Val			v = {0, 0, 0};
	uint64_t	u;

	switch (kind)
	{
		case 0:					/* anywhere: subnormals to the largest */
			u = Rand64() & ~UINT64_C(0) >> 1;
			if ((u >> 52) == 0x7ff)
				u &= ~(UINT64_C(1) << 62);
			v.d = (Rand64() & 1) ? -gs_f64_from_bits(u) : gs_f64_from_bits(u);
			break;
		case 1:					/* prices with two decimals */
			v.d = (double) (int64_t) RandBelow(2000000) / 100.0;
			break;
		case 2:					/* near 1, full mantissas */
			v.d = 1.0 + RandUnit() * 1e-3;
			break;
		case 3:					/* huge and tiny */
			v.d = (RandBelow(2) ? 1e300 : 1e-300) * (RandUnit() + 0.5) * (RandBelow(2) ? 1 : -1);
			break;
		case 4:					/* a few small integers: exact ties, equal values */
			v.d = (double) ((int64_t) RandBelow(7) - 3);
			break;
		case 5:					/* 64-bit integers, to the limits */
			v.is_int = 1;
			v.i = RandBelow(4) ? (int64_t) Rand64() : RandBelow(2) ? INT64_MIN : INT64_MAX;
			break;
		default:				/* cents on a large offset: heavy cancellation */
			v.d = 1e8 + (double) (int64_t) RandBelow(1000) / 100.0;
			break;
	}
	return v;
}

/* A value decoded for the accumulators. */
static GsCoValue
Decode(Val v)
{
	GsCoValue	c;

	if (v.is_int)
		gs_co_from_int64(&c, v.i);
	else
		gs_co_from_double(&c, Bits(v.d));
	return c;
}

/* Add (sign 1) or remove the pair (y, x). */
static void
Move(void *c, Val y, Val x, int sign)
{
	GsCoValue	cy = Decode(y),
				cx = Decode(x);

	gs_comoments_move(c, &cy, &cx, sign);
}

/* A state's serial form, in a buffer of its own (to free). */
static uint8_t *
Serial(void *c, size_t *n)
{
	uint8_t    *buf;

	*n = gs_comoments_serial_bytes(c);
	buf = malloc(*n);
	gs_comoments_serialize(c, buf);
	return buf;
}

/* Do two states have the same serial form? */
static bool
SameState(void *a, void *b)
{
	size_t		na,
				nb;
	uint8_t    *sa = Serial(a, &na),
			   *sb = Serial(b, &nb);
	bool		same = na == nb && memcmp(sa, sb, na) == 0;

	free(sa);
	free(sb);
	return same;
}

/* Do the fast and the exact path give the same status and bits for every result? */
static bool
FastIsExact(void *c)
{
	for (int what = 0; what < GS_CO_COUNT; what++)
	{
		double		a = 0,
					b = 0;
		int			sa = gs_comoments_result(c, what, &a),
					sb = gs_comoments_result_exact(c, what, &b);

		if (sa != sb || (sa != GS_ACCUM_EMPTY && Bits(a) != Bits(b)))
		{
			if (!quiet)
				printf("     result %d: fast %a (%d), exact %a (%d)\n", what, a, sa, b, sb);
			return false;
		}
		/* |corr| <= 1, r2 in [0, 1], never negative sums of squares */
		if (sa == 0 && !isnan(a) &&
			((what == GS_CO_CORR && fabs(a) > 1) || (what == GS_CO_R2 && (a < 0 || a > 1)) ||
			 ((what == GS_CO_SXX || what == GS_CO_SYY) && a < 0)))
			return false;
	}
	return true;
}

/* A random kind of values for a walk (mix < 7: that kind; 7: any). */
static int
KindOf(int mix)
{
	return mix < 7 ? mix : (int) RandBelow(7);
}

/* Random walks of adds and removes of pairs. */
static void
Walk(int mix, int steps)
{
	Val		   *in = malloc(sizeof(Val) * 2 * steps);
	void	   *c = malloc(gs_comoments_bytes()),
			   *fresh = malloc(gs_comoments_bytes());
	int			nin = 0,
				bad_state = 0,
				bad_fast = 0;
	uint64_t	slow0 = gs_comoments_slow_count;

	gs_comoments_init(c);
	for (int s = 0; s < steps; s++)
	{
		if (nin == 0 || RandBelow(3) != 0)
		{
			in[2 * nin] = RandVal(KindOf(mix));
			in[2 * nin + 1] = RandBelow(5) ? RandVal(KindOf(mix)) : in[2 * nin];
			Move(c, in[2 * nin], in[2 * nin + 1], 1);
			nin++;
		}
		else
		{
			int			j = (int) RandBelow(nin);

			Move(c, in[2 * j], in[2 * j + 1], -1);
			nin--;
			in[2 * j] = in[2 * nin];
			in[2 * j + 1] = in[2 * nin + 1];
		}
		if (s % 7 == 0 || s == steps - 1)
		{
			gs_comoments_init(fresh);
			for (int i = nin - 1; i >= 0; i--)
				Move(fresh, in[2 * i], in[2 * i + 1], 1);
			bad_state += !SameState(c, fresh);
		}
		bad_fast += !FastIsExact(c);
	}
	Check(bad_state == 0, "walk: the state after adds and removes is the state of the pairs in", mix);
	Check(bad_fast == 0, "walk: the fast path's results are the exact path's", mix);
	/* prices: the top digits decide nearly all (the first pairs' NULLs are the exact path's) */
	if (mix == 1)
		Check(gs_comoments_slow_count - slow0 < (uint64_t) steps * GS_CO_COUNT / 10,
			  "walk of prices: the top digits' path decides 90% of the results",
			  (long long) (gs_comoments_slow_count - slow0));
	free(in);
	free(c);
	free(fresh);
}

/* A split into parts, combined (some through their serial form). */
static void
Parts(int n)
{
	void	   *all = malloc(gs_comoments_bytes()),
			   *sum = malloc(gs_comoments_bytes()),
			   *part = malloc(gs_comoments_bytes()),
			   *back = malloc(gs_comoments_bytes());
	int			i = 0,
				ok = 1;

	gs_comoments_init(all);
	gs_comoments_init(sum);
	while (i < n)
	{
		int			len = 1 + (int) RandBelow(40);

		gs_comoments_init(part);
		for (int j = 0; j < len && i < n; j++, i++)
		{
			Val			y = RandVal((int) RandBelow(7)),
						x = RandVal((int) RandBelow(7));

			Move(part, y, x, 1);
			Move(all, y, x, 1);
		}
		if (RandBelow(2))
		{
			size_t		nb;
			uint8_t    *buf = Serial(part, &nb);

			ok &= gs_comoments_deserialize(buf, nb, back);
			ok &= !gs_comoments_deserialize(buf, nb - 1, back);
			buf[4 + 1] = GS_ACCUM_SQUARES;	/* the first accumulator of another kind */
			ok &= !gs_comoments_deserialize(buf, nb, back);
			free(buf);
			gs_comoments_combine(sum, back);
		}
		else
			gs_comoments_combine(sum, part);
	}
	Check(ok && SameState(all, sum) && FastIsExact(sum), "parts combined: the state of all the pairs", n);
	free(all);
	free(sum);
	free(part);
	free(back);
}

/*
 * The exact sum of products of pairs of 64-bit integers below 2^31 in
 * magnitude (each product below 2^62, their sum of 400 within 2^71): the
 * accumulator's Sxy, read back from its limbs, against a plain 128-bit
 * sum.
 */
static void
ProductSums(void)
{
	int			bad = 0;

	for (int rep = 0; rep < 200; rep++)
	{
		void	   *c = malloc(gs_comoments_bytes());
		gs_i128		want = 0;
		uint64_t	w[GS_ACCUM_LIMBS_SQ];
		int			unit,
					nl;
		gs_i128		got = 0;
		int			n = 1 + (int) RandBelow(400);

		gs_comoments_init(c);
		for (int i = 0; i < n; i++)
		{
			Val			y = {1, 0, (int64_t) RandBelow(UINT64_C(1) << 32) - (INT64_C(1) << 31)},
						x = {1, 0, (int64_t) RandBelow(UINT64_C(1) << 32) - (INT64_C(1) << 31)};

			if (RandBelow(2))
			{
				x.is_int = 0;	/* the same integer as a double: the same product */
				x.d = (double) x.i;
			}
			Move(c, y, x, 1);
			want += (gs_i128) y.i * x.i;
		}
		nl = gs_accum_limbs_min(gs_comoments_part(c, GS_CO_XY), w, &unit);
		/*
		 * units of 2^-2148 times a power of 2^64; 2148 = 64 * 33 + 36, so
		 * the integers' products start 36 bits into limb 33
		 */
		if (nl > 0)
		{
			got = (int64_t) w[nl - 1] < 0 ? -1 : 0;
			for (int i = nl - 1; i >= 0; i--)
				got = (got << 64) | w[i];
			bad += unit != -36;
			got >>= 36;
		}
		bad += got != want;
		free(c);
	}
	Check(bad == 0, "the exact sums of products of integers, against 128-bit sums", 200);
}

/* The result what of the pairs (y[i], x[i]), and how many exact-path results it took. */
static int
ResultOf(const double *y, const double *x, int n, int what, double *out, uint64_t *slow)
{
	void	   *c = malloc(gs_comoments_bytes());
	uint64_t	before = gs_comoments_slow_count;
	int			st;

	gs_comoments_init(c);
	for (int i = 0; i < n; i++)
		Move(c, (Val) {0, y[i], 0}, (Val) {0, x[i], 0}, 1);
	st = gs_comoments_result(c, what, out);
	*slow = gs_comoments_slow_count - before;
	free(c);
	return st;
}

/* Inputs the fast path must leave to the exact one, and the rules. */
static void
Edges(void)
{
	double		r = 0;
	uint64_t	slow;
	int			st;

	/*
	 * covar_pop of (0, 0) and (a, a), a = 100000001: a^2 / 4, a^2 =
	 * 10000000200000001 (54 bits, odd: a midpoint between two doubles), so
	 * the tie goes to the even one, 10000000200000000 / 4.
	 */
	{
		double		v[2] = {0, 100000001};

		st = ResultOf(v, v, 2, GS_CO_COVAR_POP, &r, &slow);
		Check(st == 0 && r == 2500000050000000.0 && slow == 1,
			  "a covariance on a tie: the exact path, half to even", (long long) slow);
	}
	/*
	 * a negative result just past a tie: regr_slope of (0, 2^53), (1, 1) is
	 * -1 / (2^53 - 1) = -2^-53 (1 + 2^-53 + 2^-106 + ...), beyond the
	 * midpoint -2^-53 (1 + 2^-53): -2^-53 (1 + 2^-52), not -2^-53
	 */
	{
		double		y[2] = {0, 1},
					x[2] = {0x1p53, 1};

		st = ResultOf(y, x, 2, GS_CO_SLOPE, &r, &slow);
		Check(st == 0 && r == -0x1.0000000000001p-53, "a negative slope just past a tie", 0);
	}
	/* corr(x, x) = 1, corr(x, -x) = -1, for values with no exact mean */
	{
		double		x[3] = {0.1, 0.7, 1e-3},
					nx[3] = {-0.1, -0.7, -1e-3};

		st = ResultOf(x, x, 3, GS_CO_CORR, &r, &slow);
		Check(st == 0 && r == 1.0, "corr(x, x) = 1", 0);
		st = ResultOf(nx, x, 3, GS_CO_CORR, &r, &slow);
		Check(st == 0 && r == -1.0, "corr(-x, x) = -1", 0);
		st = ResultOf(nx, x, 3, GS_CO_SLOPE, &r, &slow);
		Check(st == 0 && r == -1.0, "regr_slope(-x, x) = -1", 0);
		st = ResultOf(nx, x, 3, GS_CO_INTERCEPT, &r, &slow);
		Check(st == 0 && Bits(r) == 0, "regr_intercept(-x, x) = +0", 0);
	}
	/* the rules: NULL with no pair, one for samp; constant x; constant y */
	{
		double		x[3] = {2, 2, 2},
					y[3] = {1, 5, 9},
					r2 = 0;

		Check(ResultOf(y, x, 0, GS_CO_COVAR_POP, &r, &slow) == GS_ACCUM_EMPTY, "no pair: NULL", 0);
		Check(ResultOf(y, x, 1, GS_CO_COVAR_SAMP, &r, &slow) == GS_ACCUM_EMPTY &&
			  ResultOf(y, x, 1, GS_CO_COVAR_POP, &r2, &slow) == 0 && Bits(r2) == 0,
			  "one pair: covar_samp NULL, covar_pop +0", 0);
		Check(ResultOf(y, x, 3, GS_CO_CORR, &r, &slow) == GS_ACCUM_EMPTY &&
			  ResultOf(y, x, 3, GS_CO_SLOPE, &r, &slow) == GS_ACCUM_EMPTY &&
			  ResultOf(y, x, 3, GS_CO_INTERCEPT, &r, &slow) == GS_ACCUM_EMPTY &&
			  ResultOf(y, x, 3, GS_CO_R2, &r, &slow) == GS_ACCUM_EMPTY,
			  "constant x: corr and regr_* NULL", 0);
		Check(ResultOf(x, y, 3, GS_CO_CORR, &r, &slow) == GS_ACCUM_EMPTY &&
			  ResultOf(x, y, 3, GS_CO_R2, &r, &slow) == 0 && r == 1.0 &&
			  ResultOf(x, y, 3, GS_CO_SLOPE, &r, &slow) == 0 && Bits(r) == 0 &&
			  ResultOf(x, y, 3, GS_CO_INTERCEPT, &r, &slow) == 0 && r == 2.0,
			  "constant y: corr NULL, r2 1, slope +0, intercept y", 0);
	}
	/* NaN; then overflow */
	{
		double		x[2] = {1, NAN},
					y[2] = {1, 2},
					big[2] = {-1e300, 1e300},
					tiny[2] = {0, 5e-324};

		Check(ResultOf(y, x, 2, GS_CO_CORR, &r, &slow) == 0 && isnan(r), "a NaN: NaN", 0);
		x[1] = INFINITY;
		Check(ResultOf(x, y, 2, GS_CO_SLOPE, &r, &slow) == 0 && isnan(r), "an infinity: NaN", 0);
		Check(ResultOf(big, big, 2, GS_CO_COVAR_POP, &r, &slow) == GS_ACCUM_OVERFLOW,
			  "a covariance beyond double precision: overflow", 0);
		Check(ResultOf(big, tiny, 2, GS_CO_SLOPE, &r, &slow) == GS_ACCUM_OVERFLOW,
			  "a slope beyond double precision: overflow", 0);
		Check(ResultOf(big, big, 2, GS_CO_CORR, &r, &slow) == 0 && r == 1.0,
			  "corr of huge values: 1", 0);
	}
}

/* Read a value: hex bits of a double, or "i" and a decimal integer. */
static bool
ParseVal(char **p, Val *v)
{
	char	   *end;

	v->is_int = **p == 'i';
	if (v->is_int)
	{
		v->i = strtoll(*p + 1, &end, 10);
		if (end == *p + 1)
			return false;
	}
	else
	{
		uint64_t	u = strtoull(*p, &end, 16);

		if (end == *p)
			return false;
		v->d = gs_f64_from_bits(u);
	}
	*p = end;
	return true;
}

/* --cases: results of pairs read from standard input. */
static int
Cases(void)
{
	static char line[1 << 22];
	void	   *c = malloc(gs_comoments_bytes());

	while (fgets(line, sizeof(line), stdin))
	{
		char	   *p = line,
				   *end;
		int			what = (int) strtol(p, &end, 10),
					sign = 1,
					st;
		double		r = 0;

		if (end == p)
			continue;
		p = end;
		gs_comoments_init(c);
		for (;;)
		{
			Val			y,
						x;

			while (*p == ' ')
				p++;
			if (*p == ';')
			{
				sign = -1;
				p++;
				continue;
			}
			if (!ParseVal(&p, &y) || *p++ != ',' || !ParseVal(&p, &x))
				break;
			Move(c, y, x, sign);
		}
		st = gs_comoments_result(c, what, &r);
		printf("%d %016llx\n", st, (unsigned long long) (st == GS_ACCUM_EMPTY ? 0 : Bits(r)));
	}
	free(c);
	return 0;
}

int
main(int argc, char **argv)
{
	int			a = 1;

	if (argc > 1 && strcmp(argv[1], "--cases") == 0)
		return Cases();
	if (a < argc && strcmp(argv[a], "-q") == 0)
	{
		quiet = 1;
		a++;
	}
	if (a < argc)
		rng_state = strtoull(argv[a], NULL, 10);
	printf("seed %llu\n", (unsigned long long) rng_state);
	for (int mix = 0; mix <= 7; mix++)
		for (int rep = 0; rep < 10; rep++)
			Walk(mix, 200);
	/* long walks: the cache of the sums (GsCoCache) moved for thousands of moves, read afresh */
	Walk(1, 9000);
	Walk(7, 5000);
	for (int rep = 0; rep < 200; rep++)
		Parts(1 + (int) RandBelow(400));
	ProductSums();
	Edges();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
