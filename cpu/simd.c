/*
 * cpu/simd.c — the CPU engine's vector kernels chosen at run time: each
 * function of cpu_simd.h calls the AVX-512 kernels where the CPU has
 * AVX-512 F, DQ, CD, VL and BW (gs_simd_enabled), else the AVX2 kernels
 * (with FMA, gs_avx2_enabled); the scalar loops of cpu/sum_float.c and
 * cpu/window.c serve every other case.  Also the scalar code both
 * instruction sets' means share, and, in a build without x86 vector code
 * (core/simd.h), the functions that say so.  Compiled without target
 * flags: nothing here runs an instruction the CPU may lack.
 */
#include "simd_kernels.h"

#ifdef GS_HAVE_AVX512_BUILD

/*
 * The scalar mean of a sum s (units of 2^e) over c into out[k] (double, or
 * float), for the lanes the vector code leaves.
 */
void
gs_simd_mean_scalar(void *out, int64_t k, int f8, gs_i128 s, int64_t c, int e, double scale)
{
	double		m = s == 0 ? 0.0 : gs_mean_round(s, e, scale, (uint64_t) c, f8);

	if (f8)
		((double *) out)[k] = m;
	else
		((float *) out)[k] = (float) m;
}

/* The scalar means of the lanes pending into out (sums in units of 2^e); none pending after. */
__attribute__((noinline)) void
gs_simd_means_drain(MeansPending *pend, void *out, int f8, int e, double scale)
{
	int			j;

	for (j = 0; j < pend->n; j++)
		gs_simd_mean_scalar(out, pend->pos[j], f8, JoinSum(pend->x1[j], pend->x2[j], pend->k),
							pend->c[j], e, scale);
	pend->n = 0;
}

/* Which batch code gs_simd_means may use: 0 the best the CPU has, 1 none, 4 AVX2 at most. */
int			gs_cpu_means_lanes = 0;

/* An instruction set's batch means (simdjson's "implementation", for the means alone). */
typedef struct MeansSet
{
	void		(*means) (const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
						  double scale, bool f8, void *out);
	void		(*int_means) (const void *in, const void *lag, int isz, int n, int64_t *acc,
							  double c0, double step, double *out);
} MeansSet;

static const MeansSet avx512_means = {gs_avx512_means, gs_avx512_int_means};
static const MeansSet avx2_means = {gs_avx2_means, gs_avx2_int_means};

/* The batch means to take: AVX-512's, AVX2's, or none (the scalar loop; gs_cpu_means_lanes). */
static const MeansSet *
MeansSetOf(void)
{
	if (gs_cpu_means_lanes == 1)
		return NULL;
	if (gs_cpu_means_lanes == 0 && gs_simd_enabled())
		return &avx512_means;
	return gs_avx2_enabled() ? &avx2_means : NULL;
}

/* gs_cpu_means's batch on AVX-512 or AVX2 where the CPU has it (cpu_simd.h). */
bool
gs_simd_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			  double scale, bool f8, void *out)
{
	const MeansSet *set = MeansSetOf();

	if (set)
		set->means(hi, lo, c, n, e, scale, f8, out);
	return set != NULL;
}

/* The means of int2 or int4 values (cpu_simd.h): AVX-512, else AVX2, else false. */
bool
gs_simd_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
				  double step, double *out)
{
	const MeansSet *set = MeansSetOf();

	if (set)
		set->int_means(in, lag, isz, n, acc, c0, step, out);
	return set != NULL;
}

/*
 * Does a guess kernel's carry let it begin narrow (sums below 2^51 units)?
 * Below 2^50 units: a carry nearer the bound would stop it at once.
 */
static inline bool
Narrow2(int64_t acc)
{
	return acc >= -(INT64_C(1) << 50) && acc < INT64_C(1) << 50;
}

/* The 64-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
			   bool excl, bool narrow, int64_t *acc)
{
	if (gs_simd_enabled())
		return gs_avx512_scan64(in, out, n, f8, lsb, excl, acc);
	return gs_avx2_scan64(in, NULL, out, n, f8, lsb, excl, false, narrow, acc, NULL);
}

/* The checked 64-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64_checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
					   bool excl, bool diff, int64_t *acc, int64_t *stop)
{
	if (gs_simd_enabled())
		return gs_avx512_scan64_checked(in, lag, out, n, f8, lsb, excl, diff, acc, stop);
	return gs_avx2_scan64(in, lag, out, n, f8, lsb, excl, diff, false, acc, stop);
}

/* The 64-bit kernel of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
					 int64_t *acc, int64_t *stop)
{
	int64_t		done = 0,
				d2,
				bad;
	int			isz = f8 ? 8 : 4;

	if (gs_simd_enabled())
		return gs_avx512_scan64_guess(in, out, n, f8, lsb, excl, acc, stop);
	if (Narrow2(*acc))
	{
		bad = gs_avx2_scan64_guess(in, out, n, f8, lsb, excl, true, acc, &done);
		if (bad >= 0 || done == n)
		{
			*stop = done;
			return bad;
		}
	}
	bad = gs_avx2_scan64_guess((const char *) in + done * isz, (char *) out + done * isz, n - done,
							   f8, lsb, excl, false, acc, &d2);
	*stop = done + d2;
	return bad >= 0 ? bad + done : -1;
}

/* The 64-bit kernel of running means of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						int64_t rowpos0, bool plain, int64_t *stop)
{
	int64_t		done = 0,
				d2;
	int			isz = f8 ? 8 : 4;

	if (gs_simd_enabled())
	{
		gs_avx512_cummean64_guess(in, out, n, f8, lsb, acc, rowpos0, plain, stop);
		return;
	}
	/* a double's sums narrow first (a float's measured slower so: test/bench/NOTES.md) */
	if (f8 && Narrow2(*acc))
	{
		gs_avx2_cummean64_guess(in, out, n, f8, lsb, acc, rowpos0, plain, true, &done);
		if (done == n)
		{
			*stop = n;
			return;
		}
	}
	gs_avx2_cummean64_guess((const char *) in + done * isz, (char *) out + done * isz, n - done, f8,
							lsb, acc, rowpos0 + done, plain, false, &d2);
	*stop = done + d2;
}

/* The carry-save kernel of running means of values not analysed (cpu_simd.h). */
void
gs_simd_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							int64_t *carry_h, int64_t *carry_l, int64_t rowpos0, bool plain,
							int64_t *stop)
{
	if (gs_simd_enabled())
		gs_avx512_cummean_split_guess(in, out, n, f8, lsb, carry_h, carry_l, rowpos0, plain, stop);
	else
		gs_avx2_cummean_split_guess(in, out, n, f8, lsb, carry_h, carry_l, rowpos0, plain, stop);
}

/* The 64-bit kernel of a moving sum (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				 int lsb, bool diff, bool narrow, int64_t w, int64_t *acc)
{
	if (gs_simd_enabled())
		return gs_avx512_movsum64(in, lag, out, n, f8, lsb, diff, w, acc);
	return gs_avx2_scan64(in, lag, out, n, f8, lsb, false, diff, narrow, acc, NULL);
}

/* The 64-bit kernel of a mean (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				  int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain,
				  bool narrow, int64_t *stop)
{
	if (gs_simd_enabled())
		gs_avx512_movmean64(in, lag, out, n, f8, lsb, diff, acc, rowpos0, w, plain, stop);
	else
		gs_avx2_movmean64(in, lag, out, n, f8, lsb, diff, acc, rowpos0, w, plain, narrow, stop);
}

/* The carry-save 128-bit kernel (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
				   bool excl, int64_t *carry_h, int64_t *carry_l)
{
	if (gs_simd_enabled())
		return gs_avx512_scan_split(in, out, n, f8, lsb, excl, carry_h, carry_l, NULL);
	return gs_avx2_scan_split(in, NULL, out, n, f8, lsb, excl, false, false, carry_h, carry_l, 0, 0,
							  false, NULL);
}

/* The carry-save 128-bit kernel of values not analysed (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_scan_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
						 int64_t *carry_h, int64_t *carry_l, int64_t *stop)
{
	if (gs_simd_enabled())
		return gs_avx512_scan_split(in, out, n, f8, lsb, excl, carry_h, carry_l, stop);
	return gs_avx2_scan_split(in, NULL, out, n, f8, lsb, excl, false, false, carry_h, carry_l, 0, 0,
							  false, stop);
}

/* The carry-save 128-bit kernel of a moving sum (cpu_simd.h): AVX-512, else AVX2. */
int64_t
gs_simd_movsum_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					 int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	if (gs_simd_enabled())
		return gs_avx512_movsum_split(in, lag, out, n, f8, lsb, diff, carry_h, carry_l);
	return gs_avx2_scan_split(in, lag, out, n, f8, lsb, false, diff, false, carry_h, carry_l, 0, 0,
							  false, NULL);
}

/* The carry-save 128-bit kernel of a mean (cpu_simd.h): AVX-512, else AVX2. */
void
gs_simd_movmean_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					  int lsb, bool diff, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
					  int64_t w, bool plain)
{
	if (gs_simd_enabled())
		gs_avx512_movmean_split(in, lag, out, n, f8, lsb, diff, carry_h, carry_l, rowpos0, w,
								plain);
	else
		(void) gs_avx2_scan_split(in, lag, out, n, f8, lsb, false, diff, true, carry_h, carry_l,
								  rowpos0, w, plain, NULL);
}

#else							/* !GS_HAVE_AVX512_BUILD */

/* Which batch code gs_simd_means may use (none in this build). */
int			gs_cpu_means_lanes = 0;

/* Built without AVX-512 or AVX2 code: the scalar loop takes every batch. */
bool
gs_simd_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			  double scale, bool f8, void *out)
{
	return false;
}

/* Built without AVX-512 or AVX2 code: the scalar loop takes the means. */
bool
gs_simd_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc, double c0,
				  double step, double *out)
{
	return false;
}

/* Built without AVX-512 support: gs_simd_enabled() is false, never called. */
int64_t
gs_simd_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
			   bool excl, bool narrow, int64_t *acc)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
					 int64_t *acc, int64_t *stop)
{
	*stop = 0;
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *acc,
						int64_t rowpos0, bool plain, int64_t *stop)
{
	*stop = 0;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, int64_t *carry_h,
							int64_t *carry_l, int64_t rowpos0, bool plain, int64_t *stop)
{
	*stop = 0;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan64_checked(const void *in, const void *lag, void *out, int64_t n, bool f8, int lsb,
					   bool excl, bool diff, int64_t *acc, int64_t *stop)
{
	*stop = 0;
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_movsum64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				 int lsb, bool diff, bool narrow, int64_t w, int64_t *acc)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
				  int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w, bool plain,
				  bool narrow, int64_t *stop)
{
	if (stop)
		*stop = 0;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_movsum_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					 int lsb, bool diff, int64_t *carry_h, int64_t *carry_l)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
void
gs_simd_movmean_split(const void *in, const void *lag, void *out, int64_t n, bool f8,
					  int lsb, bool diff, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
					  int64_t w, bool plain)
{
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
				   bool excl, int64_t *carry_h, int64_t *carry_l)
{
	return -1;
}

/* Built without AVX-512 support: never called. */
int64_t
gs_simd_scan_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb, bool excl,
						 int64_t *carry_h, int64_t *carry_l, int64_t *stop)
{
	*stop = 0;
	return -1;
}
#endif							/* GS_HAVE_AVX512_BUILD */
