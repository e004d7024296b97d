/*
 * test/engine/moments_test.c — the exact second moments (core/moments.h):
 * the accumulator of squares and the correctly rounded variances and
 * standard deviations.
 *
 * Without a reference of its own (test/moments.py brings one):
 *  - random walks of adds and removes over the whole exponent range: after
 *    each move the state's serial form equals that of a state built afresh
 *    from the values in (so removing undoes adding exactly), and every
 *    result of the fast path equals the exact path's, bit for bit;
 *  - a split into parts, some through their serial form, combined: the
 *    same serial form and results;
 *  - inputs made to reach the exact path (a root on a rounding tie, a
 *    variance next to one with bits dropped), counted there, and their
 *    results against values worked out by hand (in the comments);
 *  - the rules: NULL below two values (sample) or none, NaN, +0, overflow.
 *
 * With --cases, reads cases from standard input, one a line: the result
 * wanted (GS_MOMENT_* bits, plus 4 for a float result), the values' bits
 * in hex, and after ";" values to remove; prints "status bits" a line.
 *
 * Usage: moments_test [-q] [seed] | moments_test --cases
 */
#include "../../core/moments.h"
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

/* A random double of one of several kinds. */
static double
RandValue(int kind)
{
	uint64_t	u;

	switch (kind)
	{
		case 0:					/* anywhere: subnormals to the largest */
			u = Rand64() & ~UINT64_C(0) >> 1;
			if ((u >> 52) == 0x7ff)
				u &= ~(UINT64_C(1) << 62);
			return (Rand64() & 1) ? -gs_f64_from_bits(u) : gs_f64_from_bits(u);
		case 1:					/* prices with two decimals */
			return (double) (int64_t) RandBelow(2000000) / 100.0;
		case 2:					/* near 1, full mantissas */
			return 1.0 + RandUnit() * 1e-3;
		case 3:					/* huge and tiny */
			return (RandBelow(2) ? 1e300 : 1e-300) * (RandUnit() + 0.5) * (RandBelow(2) ? 1 : -1);
		case 4:					/* subnormals */
			return gs_f64_from_bits(RandBelow(UINT64_C(1) << 52)) * (RandBelow(2) ? 1 : -1);
		case 5:					/* a few small integers: exact ties and equal values */
			return (double) ((int64_t) RandBelow(7) - 3);
		default:				/* cents on a large offset: heavy cancellation */
			return 1e8 + (double) (int64_t) RandBelow(1000) / 100.0;
	}
}

/* A state's serial form, in a buffer of its own (to free). */
static uint8_t *
Serial(void *m, size_t *n)
{
	uint8_t    *buf;

	*n = gs_moments_serial_bytes(m);
	buf = malloc(*n);
	gs_moments_serialize(m, buf);
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

/* Do the fast and the exact path give the same status and bits for every result of m? */
static bool
FastIsExact(void *m)
{
	for (int what = 0; what < 4; what++)
	{
		double		a = 0,
					b = 0;
		int			sa = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), what, true, &a),
					sb = gs_moments_result_exact(gs_moments_s1(m), gs_moments_s2(m), what, true, &b);

		if (sa != sb || (sa != GS_ACCUM_EMPTY && Bits(a) != Bits(b)))
			return false;
	}
	return true;
}

/* Random walks of adds and removes (mix: the kind of values, 7 for any). */
static void
Walk(int mix, int steps)
{
	double	   *in = malloc(sizeof(double) * steps);
	void	   *m = malloc(gs_moments_bytes()),
			   *fresh = malloc(gs_moments_bytes());
	int			nin = 0,
				bad_state = 0,
				bad_fast = 0;

	gs_moments_init(m);
	for (int s = 0; s < steps; s++)
	{
		if (nin == 0 || RandBelow(3) != 0)
		{
			double		x = RandValue(mix < 7 ? mix : (int) RandBelow(7));

			in[nin++] = x;
			gs_moments_move(m, Bits(x), 1);
		}
		else
		{
			int			j = (int) RandBelow(nin);

			gs_moments_move(m, Bits(in[j]), -1);
			in[j] = in[--nin];
		}
		if (s % 7 == 0 || s == steps - 1)
		{
			gs_moments_init(fresh);
			for (int i = nin - 1; i >= 0; i--)
				gs_moments_move(fresh, Bits(in[i]), 1);
			bad_state += !SameState(m, fresh);
		}
		bad_fast += !FastIsExact(m);
	}
	Check(bad_state == 0, "walk: the state after adds and removes is the state of the values in", mix);
	Check(bad_fast == 0, "walk: the fast path's results are the exact path's", mix);
	free(in);
	free(m);
	free(fresh);
}

/* A split into parts, combined (some through their serial form). */
static void
Parts(int n)
{
	void	   *all = malloc(gs_moments_bytes()),
			   *sum = malloc(gs_moments_bytes()),
			   *part = malloc(gs_moments_bytes()),
			   *back = malloc(gs_moments_bytes());
	int			i = 0,
				ok = 1;

	gs_moments_init(all);
	gs_moments_init(sum);
	while (i < n)
	{
		int			len = 1 + (int) RandBelow(40);

		gs_moments_init(part);
		for (int j = 0; j < len && i < n; j++, i++)
		{
			double		x = RandValue((int) RandBelow(7));

			gs_moments_move(part, Bits(x), 1);
			gs_moments_move(all, Bits(x), 1);
		}
		if (RandBelow(2))
		{
			size_t		nb;
			uint8_t    *buf = Serial(part, &nb);

			ok &= gs_moments_deserialize(buf, nb, back);
			ok &= !gs_moments_deserialize(buf, nb - 1, back);
			free(buf);
			gs_moments_combine(sum, back);
		}
		else
			gs_moments_combine(sum, part);
	}
	Check(ok && SameState(all, sum) && FastIsExact(sum), "parts combined: the state of all the values", n);
	free(all);
	free(sum);
	free(part);
	free(back);
}

/* The result what of the values x[0 .. n), with the count of exact-path results it took. */
static int
ResultOf(const double *x, int n, int what, double *out, uint64_t *slow)
{
	void	   *m = malloc(gs_moments_bytes());
	uint64_t	before = gs_moments_slow_count;
	int			st;

	gs_moments_init(m);
	for (int i = 0; i < n; i++)
		gs_moments_move(m, Bits(x[i]), 1);
	st = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), what, true, out);
	*slow = gs_moments_slow_count - before;
	free(m);
	return st;
}

/* Inputs the fast path must leave to the exact one, and the rules. */
static void
Edges(void)
{
	double		r;
	uint64_t	slow;
	const double d = 0x14000000000001p0;	/* 2^52 + 2^50 + 1 */

	/*
	 * {2^53, -1}: the population's deviation is (2^53 + 1) / 2 = 2^52 + 0.5,
	 * a tie between 2^52 and 2^52 + 1: to even, 2^52.
	 */
	{
		double		x[] = {0x1p53, -1.0};
		int			st = ResultOf(x, 2, GS_MOMENT_ROOT, &r, &slow);

		Check(st == 0 && r == 0x1p52 && slow == 1, "stddev_pop on a tie: the exact path, to even", (long long) slow);
	}
	/*
	 * {0, d}: the sample variance is d^2 / 2, and d^2 = 2^104 + 2^103 +
	 * 2^101 + 2^53 + 2^52 ... chosen so that its bits below the 53 kept are
	 * 100...001: just above a tie, with low bits the fast path drops; the
	 * result rounds up (0x1.9000000000003p+103, Python's exact division).
	 */
	{
		double		x[] = {0.0, d};
		int			st = ResultOf(x, 2, GS_MOMENT_SAMPLE, &r, &slow);

		Check(st == 0 && Bits(r) == Bits(0x1.9000000000003p+103) && slow == 1,
			  "var_samp next to a tie, bits dropped: the exact path", (long long) slow);
	}
	/* rules */
	{
		double		one[] = {5.0};
		double		eq[] = {0.1, 0.1, 0.1};
		double		nan[] = {1.0, NAN};
		double		inf[] = {1.0, INFINITY, 2.0};
		double		big[] = {-1e308, 1e308};
		double		max[] = {-0x1.fffffffffffffp1023, 0x1.fffffffffffffp1023};

		Check(ResultOf(one, 1, GS_MOMENT_SAMPLE, &r, &slow) == GS_ACCUM_EMPTY, "var_samp of one value: NULL", 0);
		Check(ResultOf(one, 0, 0, &r, &slow) == GS_ACCUM_EMPTY, "var_pop of none: NULL", 0);
		Check(ResultOf(one, 1, GS_MOMENT_ROOT, &r, &slow) == 0 && Bits(r) == 0, "stddev_pop of one value: +0", 0);
		Check(ResultOf(eq, 3, GS_MOMENT_SAMPLE | GS_MOMENT_ROOT, &r, &slow) == 0 && Bits(r) == 0,
			  "stddev_samp of equal values: +0", 0);
		Check(ResultOf(nan, 2, GS_MOMENT_SAMPLE, &r, &slow) == 0 && isnan(r), "a NaN in: NaN", 0);
		Check(ResultOf(inf, 3, GS_MOMENT_ROOT, &r, &slow) == 0 && isnan(r), "an infinity in: NaN", 0);
		Check(ResultOf(big, 2, GS_MOMENT_SAMPLE, &r, &slow) == GS_ACCUM_OVERFLOW,
			  "var_samp of +-1e308: overflow", 0);
		/* sqrt(2) * 1e308 = 1.4142135623730951e308 */
		Check(ResultOf(big, 2, GS_MOMENT_SAMPLE | GS_MOMENT_ROOT, &r, &slow) == 0 && r == 1.4142135623730951e308,
			  "stddev_samp of +-1e308: no overflow", 0);
		Check(ResultOf(max, 2, GS_MOMENT_SAMPLE | GS_MOMENT_ROOT, &r, &slow) == GS_ACCUM_OVERFLOW,
			  "stddev_samp of +-DBL_MAX: overflow", 0);
	}
	/* a constant window after huge values: added, then removed */
	{
		void	   *m = malloc(gs_moments_bytes());
		int			ok = 1;

		gs_moments_init(m);
		for (int i = 0; i < 5000; i++)
			gs_moments_move(m, Bits(1e6 * (1 + (i % 17))), 1);
		for (int i = 0; i < 1000; i++)
			gs_moments_move(m, Bits(0.1), 1);
		for (int i = 0; i < 5000; i++)
			gs_moments_move(m, Bits(1e6 * (1 + (i % 17))), -1);
		ok = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), GS_MOMENT_SAMPLE | GS_MOMENT_ROOT,
							   true, &r) == 0 && Bits(r) == 0;
		Check(ok, "1,000 values of 0.1 after 5,000 of 1e6 left: stddev exactly +0", 0);
		free(m);
	}
}

/* --cases: each line's result, status and bits. */
static int
Cases(void)
{
	static char line[1 << 20];
	void	   *m = malloc(gs_moments_bytes());

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
		gs_moments_init(m);
		for (;;)
		{
			while (*p == ' ')
				p++;
			if (*p == ';')
			{
				sign = -1;
				p++;
				continue;
			}
			{
				uint64_t	u = strtoull(p, &end, 16);

				if (end == p)
					break;
				p = end;
				gs_moments_move(m, u, sign);
			}
		}
		st = gs_moments_result(gs_moments_s1(m), gs_moments_s2(m), what & 3, !(what & 4), &r);
		printf("%d %016llx\n", st, (unsigned long long) (st == GS_ACCUM_EMPTY ? 0 : Bits(r)));
	}
	free(m);
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
		for (int rep = 0; rep < 20; rep++)
			Walk(mix, 300);
	for (int rep = 0; rep < 200; rep++)
		Parts(1 + (int) RandBelow(400));
	Edges();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
