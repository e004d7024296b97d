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
 *  - the rules: NULL below two values (sample) or none, NaN, +0, overflow;
 *  - the scans (gpu_movvar, ...: cpu/moments_scan.c) on random arrays of
 *    every type, shape and window, with NULLs, NaN and infinities: the
 *    CPU's loops and the portable ones alike, bit for bit, and each result
 *    the exact path's over the state of its window's values; a running
 *    variance split through the carried state (ScanCase).
 *
 * With --cases, reads cases from standard input, one a line: the result
 * wanted (GS_MOMENT_* bits, plus 4 for a float result), the values' bits
 * in hex, and after ";" values to remove; prints "status bits" a line.
 *
 * Usage: moments_test [-q] [seed] | moments_test --cases
 */
#include "../../core/engine.h"
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

/* ---------- the scans (cpu/moments_scan.c) against the aggregates' state ---------- */

/* A value for the scans: a double of a kind, or an integer of a type. */
static double
ScanValue(GsElemType type, int kind)
{
	switch (type)
	{
		case GS_INT2:
			return (double) ((int64_t) RandBelow(65536) - 32768);
		case GS_INT4:
			return RandBelow(4) ? (double) ((int64_t) RandBelow(2000) - 1000)
				: (double) ((int64_t) RandBelow(UINT64_C(1) << 32) - (INT64_C(1) << 31));
		case GS_INT8:
			/* within 2^53: the reference takes doubles (bigint past it: test/spread.py) */
			return (double) ((int64_t) RandBelow(UINT64_C(1) << 54) - (INT64_C(1) << 53));
		case GS_FLOAT4:
			{
				float		f = (float) RandValue(kind);

				return isinf(f) ? 1.0 : f;
			}
		default:
			return RandValue(kind);
	}
}

/* Store value x at index k of a packed array of a type. */
static void
ScanStore(void *p, GsElemType type, int64_t k, double x)
{
	switch (type)
	{
		case GS_INT2:
			((int16_t *) p)[k] = (int16_t) x;
			break;
		case GS_INT4:
			((int32_t *) p)[k] = (int32_t) x;
			break;
		case GS_INT8:
			((int64_t *) p)[k] = (int64_t) x;
			break;
		case GS_FLOAT4:
			((float *) p)[k] = (float) x;
			break;
		default:
			((double *) p)[k] = x;
	}
}

/*
 * One random scan: an array of a random type, shape, NULLs and values, a
 * variance operator and window, scanned by the engine's loops for the CPU
 * (FMA where it has them) and by the portable ones: both against each
 * other bit for bit (results and their null bitmap), and against the
 * aggregates' state (core/moments.h: its accumulators, moved value by
 * value, and the exact path alone), position by position; an overflow at
 * the same first position.  A one-row running variance also split in two
 * through the state the window forms carry (GsMomentsState).
 */
static void
ScanCase(void)
{
	static const GsElemType types[] = {GS_FLOAT8, GS_FLOAT8, GS_FLOAT8, GS_FLOAT4, GS_INT2, GS_INT4, GS_INT8};
	static const GsScanOp ops[] = {GS_OP_MOVVAR, GS_OP_MOVSTD, GS_OP_CUMVAR, GS_OP_CUMSTD};
	GsElemType	type = types[RandBelow(7)];
	GsScanOp	op = ops[RandBelow(4)];
	bool		moving = op == GS_OP_MOVVAR || op == GS_OP_MOVSTD;
	int			what = GS_MOMENT_SAMPLE | (op == GS_OP_MOVSTD || op == GS_OP_CUMSTD ? GS_MOMENT_ROOT : 0);
	int			kind = (int) RandBelow(7),
				sz = gs_type_size(type);
	int64_t		n = RandBelow(3) ? 1 + (int64_t) RandBelow(300) : 4000 + (int64_t) RandBelow(9000),
				row_len = RandBelow(4) ? n : 1 + (int64_t) RandBelow(200),
				window = RandBelow(3) == 0 ? 1 + (int64_t) RandBelow(3) : 1 + (int64_t) RandBelow(2000),
				nv = 0,
				bad_ref = -1,
				pos,
				k = 0;
	double		null_p = RandBelow(3) == 0 ? 0 : RandUnit() * 0.3;
	double	   *vals;
	uint8_t    *nulls,
			   *rn1,
			   *rn2;
	char	   *packed,
			   *out1,
			   *out2;
	bool		f8 = type != GS_FLOAT4,
				ok = true,
				hasnull = false;
	GsScanSpec	spec;
	GsScanResult r1,
				r2;
	void	   *m = malloc(gs_moments_bytes());
	int			saved = gs_cpu_simd;

	if (row_len > n)
		row_len = n;
	n -= n % row_len;
	vals = malloc(sizeof(double) * n);
	nulls = calloc((size_t) (n + 7) / 8 + 1, 1);
	rn1 = calloc((size_t) (n + 7) / 8 + 1, 1);
	rn2 = calloc((size_t) (n + 7) / 8 + 1, 1);
	packed = malloc((size_t) sz * n + 8);
	out1 = malloc(8 * (size_t) n + 8);
	out2 = malloc(8 * (size_t) n + 8);
	for (pos = 0; pos < n; pos++)
	{
		bool		isnull = RandUnit() < null_p;

		gs_bit_set(nulls, pos, !isnull);
		hasnull |= isnull;
		if (!isnull)
		{
			vals[nv] = ScanValue(type, RandBelow(5) ? kind : (int) RandBelow(7));
			if (!f8 || type == GS_FLOAT4)
				vals[nv] = type == GS_FLOAT4 ? (double) (float) vals[nv] : vals[nv];
			if (type == GS_FLOAT8 && RandBelow(200) == 0)
				vals[nv] = RandBelow(2) ? NAN : (RandBelow(2) ? INFINITY : -INFINITY);
			ScanStore(packed, type, nv, vals[nv]);
			nv++;
		}
	}
	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.op = op;
	spec.values = packed;
	spec.nitems = n;
	spec.row_len = row_len;
	spec.nulls = hasnull ? nulls : NULL;
	spec.window = window;
	spec.result = out1;
	spec.result_nulls = rn1;
	gs_cpu_simd = -1;
	gs_cpu_scan(&spec, &r1);
	spec.result = out2;
	spec.result_nulls = rn2;
	gs_cpu_simd = 0;
	gs_cpu_scan(&spec, &r2);
	gs_cpu_simd = saved;

	/* the reference: the aggregates' state, row by row */
	{
		int64_t		nout = 0,
					kl = 0;

		for (pos = 0; pos < n && bad_ref < 0; pos++)
		{
			int64_t		rp = pos % row_len;
			bool		has = gs_bit_get(nulls, pos);
			double		want;
			int			rc;

			if (rp == 0)
			{
				gs_moments_init(m);
				kl = k;
			}
			if (moving && rp >= window && gs_bit_get(nulls, pos - window))
				gs_moments_move(m, Bits(vals[kl++]), -1);
			if (!has)
			{
				ok &= !gs_bit_get(rn1, pos);
				continue;
			}
			gs_moments_move(m, Bits(vals[k++]), 1);
			rc = gs_moments_result_exact(gs_moments_s1(m), gs_moments_s2(m), what, f8, &want);
			if (rc == GS_ACCUM_EMPTY)
			{
				ok &= !gs_bit_get(rn1, pos);
				continue;
			}
			if (rc == GS_ACCUM_OVERFLOW)
			{
				bad_ref = pos;
				break;
			}
			ok &= gs_bit_get(rn1, pos);
			if (f8)
				ok &= Bits(((double *) out1)[nout]) == Bits(want) ||
					(isnan(want) && isnan(((double *) out1)[nout]));
			else
				ok &= Bits((double) ((float *) out1)[nout]) == Bits(want) ||
					(isnan(want) && isnan(((float *) out1)[nout]));
			if (!ok)
			{
				printf("FAIL at position %lld of %lld: %.17g, want %.17g\n", (long long) pos,
					   (long long) n, f8 ? ((double *) out1)[nout] : ((float *) out1)[nout], want);
				break;
			}
			nout++;
		}
		if (bad_ref >= 0)
			ok &= r1.status == GS_ERR_FLOAT_OVERFLOW && r1.error_position == bad_ref;
		else
			ok &= r1.status == GS_OK;
		/* the portable loops: the same bits */
		ok &= r2.status == r1.status && r2.error_position == r1.error_position;
		if (r1.status == GS_OK)
			ok &= memcmp(rn1, rn2, (size_t) (n + 7) / 8) == 0 &&
				memcmp(out1, out2, (size_t) nout * (f8 ? 8 : 4)) == 0;
	}
	if (!ok)
		printf("case: type %d op %d n %lld row_len %lld window %lld kind %d nulls %d: r1 %d@%lld r2 %d@%lld bad_ref %lld bitmaps %d\n",
			   type, op, (long long) n, (long long) row_len, (long long) window, kind, hasnull,
			   r1.status, (long long) r1.error_position, r2.status, (long long) r2.error_position,
			   (long long) bad_ref, memcmp(rn1, rn2, (size_t) (n + 7) / 8));
	Check(ok, "scan against the aggregates' state, both loops alike", (long long) n);

	/* a running variance of one row through the carried state, split anywhere */
	if (ok && bad_ref < 0 && row_len == n && !moving && !hasnull && n > 1)
	{
		GsMomentsState st;
		int64_t		cut = 1 + (int64_t) RandBelow(n - 1),
					n1;

		memset(&st, 0, sizeof(st));
		spec.nulls = NULL;
		spec.moments = &st;
		spec.result = out2;
		spec.result_nulls = rn2;
		spec.nitems = spec.row_len = cut;
		gs_cpu_scan(&spec, &r2);
		n1 = gs_bitmap_count(rn2, 0, cut);
		spec.values = packed + (size_t) sz * cut;
		spec.nitems = spec.row_len = n - cut;
		spec.result = out2 + (size_t) n1 * (f8 ? 8 : 4);
		memset(rn2, 0, (size_t) (n + 7) / 8);
		gs_cpu_scan(&spec, &r2);
		Check(r2.status == GS_OK && st.nvalues == n &&
			  memcmp(out1, out2, (size_t) gs_bitmap_count(rn1, 0, n) * (f8 ? 8 : 4)) == 0,
			  "running variance split through the carried state", (long long) cut);
	}
	free(vals);
	free(nulls);
	free(rn1);
	free(rn2);
	free(packed);
	free(out1);
	free(out2);
	free(m);
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
	for (int rep = 0; rep < 400; rep++)
		ScanCase();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
