/*
 * test/bench/kernel_ab.c — three builds of the vector kernels compared in one
 * process: the mean kernels and the running totals beside them, called in
 * turn on the same arrays, as cpu/window.c calls them (4096-value blocks).
 * Separate processes on a shared host differ by 10-15% from each other
 * (memory placement, neighbours); calls moments apart in one process do
 * not.  Built by test/bench/kernel_ab.sh, which renames each build's
 * exported symbols with a prefix (a_, b_, c_).
 *
 * For float4 (the 64-bit kernels, unit 2^-40) and float8 (the carry-save
 * kernels, unit 2^-70) at 2^20 uniform values in [-1000, 1000) (multiples
 * of 2^-49; every sum below 2^30, so below the carry-save kernels' 2^102
 * units): running totals, running means, moving means and moving sums over
 * 1,000; the median time of a pass over reps rounds (each build first in
 * turn), and the median ratio to the same build's running totals in the
 * same round (for moving means also to its moving sums).  The builds'
 * results are compared bit for bit first, and the first build's with the
 * exact results (Exact) at every 7th position.  GS_CPU_SIMD=2 in the
 * environment: AVX2 at most.  KAB_UNIT64 in the environment: the float8
 * values rounded to multiples of 2^-20 and timed, as float4's, on the
 * 64-bit kernels (unit 2^-20), their moving means checked and from exact
 * differences, as a statement's over such values (cpu/window.c).
 * KAB_GRID4: the float4 values rounded to multiples of 2^-20 and timed in
 * that unit (sums below 2^51 units: the AVX2 guess kernels' narrow pass).
 *
 * Usage: kernel_ab [reps]
 */
#include "cpu/cpu_simd.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

extern int	gs_cpu_simd;

#define DECL(p) \
	extern int64_t p##gs_simd_scan64_guess(const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *); \
	extern void p##gs_simd_cummean64_guess(const void *, void *, int64_t, bool, int, int64_t *, int64_t, bool, int64_t *); \
	extern void p##gs_simd_movmean64(const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t, int64_t, bool, bool, int64_t *); \
	extern int64_t p##gs_simd_scan_split(const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *); \
	extern void p##gs_simd_movmean_split(const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *, int64_t, int64_t, bool); \
	extern int64_t p##gs_simd_movsum64(const void *, const void *, void *, int64_t, bool, int, bool, bool, int64_t, int64_t *); \
	extern int64_t p##gs_simd_movsum_split(const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *);
DECL(a_)
DECL(b_)
DECL(c_)

/* One build's kernels. */
typedef struct Build
{
	const char *name;
	int64_t		(*s64) (const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *);
	void		(*cm64) (const void *, void *, int64_t, bool, int, int64_t *, int64_t, bool, int64_t *);
	void		(*mm64) (const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t, int64_t, bool, bool, int64_t *);
	int64_t		(*ss) (const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *);
	void		(*mms) (const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *, int64_t, int64_t, bool);
	int64_t		(*ms64) (const void *, const void *, void *, int64_t, bool, int, bool, bool, int64_t, int64_t *);
	int64_t		(*mss) (const void *, const void *, void *, int64_t, bool, int, bool, int64_t *, int64_t *);
} Build;

#define BUILD(p, nm) {nm, p##gs_simd_scan64_guess, p##gs_simd_cummean64_guess, p##gs_simd_movmean64, \
		p##gs_simd_scan_split, p##gs_simd_movmean_split, p##gs_simd_movsum64, p##gs_simd_movsum_split}
static Build builds[3] = {BUILD(a_, "A"), BUILD(b_, "B"), BUILD(c_, "C")};

#define N (1 << 20)
#define BLOCK 4096
#define W 1000

static int64_t short_stops;
static int	unit64;				/* KAB_UNIT64: doubles on a grid of 2^-20, the 64-bit kernels */
static int	grid4;				/* KAB_GRID4: floats on a grid of 2^-20, in that unit */
static uint64_t rng = 12345;

/* Seconds on a monotonic clock. */
static double
Now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/* A uniform value in [-1000, 1000). */
static double
Uniform(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return (rng >> 11) * 0x1p-53 * 2000 - 1000;
}

/* qsort's order of doubles. */
static int
CmpDouble(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return x < y ? -1 : x > y;
}

/*
 * s * 2^-70 / c (c >= 1, |s| < 2^127) rounded once to double, or float:
 * s shifted up to 2^125, divided in integers, the remainder jammed into
 * the quotient's lowest bit (it has 100 bits or more), one conversion.
 */
static double
ExactMean(__int128 s, int64_t c, int f8)
{
	unsigned __int128 a = s < 0 ? -(unsigned __int128) s : (unsigned __int128) s,
				q;
	int			k = 0;
	double		r;

	if (a == 0)
		return 0.0;
	while (!(a >> 125))
	{
		a <<= 1;
		k++;
	}
	q = a / (unsigned __int128) c;
	q |= (a % (unsigned __int128) c) != 0;
	r = f8 ? (double) q : (double) (float) q;
	r = ldexp(r, -70 - k);
	return s < 0 ? -r : r;
}

/*
 * The exact prefix sums of x (pre[0] = 0, pre[i + 1] the sum of x[0 .. i])
 * as 128-bit integers in units of 2^-70 (the values are multiples of
 * 2^-49), for Exact.
 */
static void
ExactPrefix(int f8, const void *x, __int128 *pre)
{
	int64_t		i;

	pre[0] = 0;
	for (i = 0; i < N; i++)
		pre[i + 1] = pre[i] + (__int128) ldexp(f8 ? ((const double *) x)[i] : ((const float *) x)[i], 70);
}

/*
 * Check y, op's results of x (Pass), at every 7th position against the
 * exact ones from x's prefix sums pre (ExactPrefix); prints the first wrong
 * one.  Returns the number wrong.
 */
static int64_t
Exact(int f8, int op, const __int128 *pre, const void *y)
{
	int64_t		i,
				wrong = 0;

	for (i = 0; i < N; i += 7)
	{
		int64_t		lo = op >= 2 && i >= W ? i + 1 - W : 0;
		__int128	sum = pre[i + 1] - pre[lo];
		double		want = ExactMean(sum, op == 1 || op == 2 ? i + 1 - lo : 1, f8),
					got = f8 ? ((const double *) y)[i] : ((const float *) y)[i];

		if (memcmp(&want, &got, sizeof(double)) != 0 && wrong++ == 0)
			printf("WRONG: %s op %d at %lld: got %a, want %a\n", f8 ? "float8" : "float4", op,
				   (long long) i, got, want);
	}
	return wrong;
}

/* One pass of op (0 running totals, 1 running means, 2 moving means, 3 moving sums) of build b over x into y: seconds. */
static double
Pass(const Build *b, int f8, int op, const void *x, void *y)
{
	size_t		sz = f8 ? 8 : 4;
	int			lsb = f8 ? (unit64 ? -20 : -70) : grid4 ? -20 : -40;
	int			k64 = !f8 || unit64;	/* the 64-bit kernels */
	int64_t		i,
				acc = 0,
				h = 0,
				l = 0,
				len,
				stop;
	double		t0 = Now();

	/* a moving op's first block is its first W values, with no value leaving */
	for (i = 0; i < N; i += len)
	{
		const char *in = (const char *) x + i * sz;
		const char *lag = i >= W ? in - W * sz : NULL;
		char	   *out = (char *) y + i * sz;

		len = op >= 2 && i == 0 ? W : N - i < BLOCK ? N - i : BLOCK;
		if (op == 3 && k64)
			(void) b->ms64(in, lag, out, len, f8, lsb, false, false, W, &acc);
		else if (op == 3)
			(void) b->mss(in, lag, out, len, true, lsb, false, &h, &l);
		else if (k64 && op == 0)
		{
			b->s64(in, out, len, f8, lsb, false, &acc, &stop);
			short_stops += stop != len;
		}
		else if (k64 && op == 1)
		{
			b->cm64(in, out, len, f8, lsb, &acc, i, true, &stop);
			short_stops += stop != len;
		}
		else if (!f8)
			b->mm64(in, lag, out, len, false, lsb, false, &acc, i, W, true, false, NULL);
		else if (k64)
		{
			/* as a statement's moving means of doubles (cpu/window.c): checked, exact differences */
			stop = len;
			b->mm64(in, lag, out, len, true, lsb, true, &acc, i, W, true, false, &stop);
			short_stops += stop != len;
		}
		else if (op == 0)
			b->ss(in, out, len, true, lsb, false, &h, &l);
		else
			/* running means as a moving mean over the whole array (the analysed path) */
			b->mms(in, op == 1 ? NULL : lag, out, len, true, lsb, false, &h, &l, i,
				   op == 1 ? INT64_MAX : W, true);
	}
	return Now() - t0;
}

int
main(int argc, char **argv)
{
	int			reps = argc > 1 ? atoi(argv[1]) : 30;
	static double t[3][4][256];
	const char *ops[4] = {"cumsum", "cumavg", "movavg1000", "movsum1000"};
	int			f8,
				op,
				k,
				r;

	if (reps < 3 || reps > 256)
		reps = 30;
	if (getenv("GS_CPU_SIMD"))
		gs_cpu_simd = atoi(getenv("GS_CPU_SIMD"));
	unit64 = getenv("KAB_UNIT64") != NULL;
	grid4 = getenv("KAB_GRID4") != NULL;
	for (f8 = 0; f8 < 2; f8++)
	{
		size_t		sz = f8 ? 8 : 4;
		char	   *x = aligned_alloc(4096, sz * N);
		char	   *ybuf = aligned_alloc(4096, sz * N + 4096);
		char	   *y = ybuf + 2048;	/* not a multiple of 4 kB from x */
		char	   *ref = malloc(sz * N);
		__int128   *pre = malloc(sizeof(__int128) * (N + 1));
		int64_t		i;

		for (i = 0; i < N; i++)
		{
			if (f8)
				((double *) x)[i] = unit64 ? rint(Uniform() * 0x1p20) * 0x1p-20 : Uniform();
			else
				((float *) x)[i] = grid4 ? (float) (rint(Uniform() * 0x1p20) * 0x1p-20) : (float) Uniform();
		}
		ExactPrefix(f8, x, pre);
		/* the builds agree, bit for bit */
		for (op = 0; op < 4; op++)
			for (k = 0; k < 3; k++)
			{
				Pass(&builds[k], f8, op, x, y);
				if (k == 0)
				{
					memcpy(ref, y, sz * N);
					(void) Exact(f8, op, pre, y);
				}
				else if (memcmp(ref, y, sz * N) != 0)
					printf("MISMATCH: %s %s %s\n", builds[k].name, f8 ? "float8" : "float4", ops[op]);
			}
		for (r = 0; r < reps; r++)
			for (op = 0; op < 4; op++)
				for (k = 0; k < 3; k++)
				{
					int			kk = (k + r) % 3;	/* each build first in turn */

					t[kk][op][r] = Pass(&builds[kk], f8, op, x, y);
				}
		for (k = 0; k < 3; k++)
			for (op = 0; op < 4; op++)
			{
				double		a[256],
							rt[256],
							rs[256];

				for (r = 0; r < reps; r++)
				{
					a[r] = t[k][op][r];
					rt[r] = t[k][op][r] / t[k][0][r];
					rs[r] = t[k][op][r] / t[k][3][r];
				}
				qsort(a, reps, sizeof(double), CmpDouble);
				qsort(rt, reps, sizeof(double), CmpDouble);
				qsort(rs, reps, sizeof(double), CmpDouble);
				printf("%s %s %-10s median %.3f ms  min %.3f  / cumsum median %.3f [quartiles %.3f-%.3f]",
					   f8 ? "float8" : "float4", builds[k].name, ops[op], a[reps / 2] * 1e3, a[0] * 1e3,
					   rt[reps / 2], rt[reps / 4], rt[3 * reps / 4]);
				if (op == 2)
					printf("  / movsum median %.3f [%.3f-%.3f]", rs[reps / 2], rs[reps / 4], rs[3 * reps / 4]);
				printf("\n");
			}
		free(x);
		free(ybuf);
		free(ref);
		free(pre);
	}
	printf("blocks stopped short: %lld\n", (long long) short_stops);
	return 0;
}
