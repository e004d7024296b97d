/*
 * cpu/means.c — exact means many at once: each output the correctly
 * rounded quotient of an exact sum by its count (core/exact.h's fast
 * quotient, gs_quotient_fast, or gs_round_quotient where it cannot
 * decide), over a batch of outputs whose divisions overlap.  The batch
 * goes to the AVX-512 (eight lanes, cpu/avx512_means.c) or AVX2 (four
 * lanes, cpu/avx2_means.c) code where the CPU has it, else to the scalar loop here; the
 * results are the same bits on every path.
 */
#include "cpu.h"

/*
 * The scalar loop: each sum hi[i] * 2^52 + lo[i] (in the fast quotient's
 * range) over c[i], a zero sum +0.
 */
static inline __attribute__((always_inline)) void
MeansLoop(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
		  double scale, bool f8, void *out)
{
	int			i;

	for (i = 0; i < n; i++)
	{
		double		v = 0.0;

		if ((hi[i] | lo[i]) != 0 &&
			!gs_quotient_fast(hi[i], lo[i], (uint64_t) c[i], scale, f8, &v))
			v = gs_mean_round((gs_i128) hi[i] * ((gs_i128) 1 << 52) + lo[i], e, scale,
							  (uint64_t) c[i], f8);
		if (f8)
			((double *) out)[i] = v;
		else
			((float *) out)[i] = (float) v;
	}
}

/* The means of a batch (see cpu.h). */
void
gs_cpu_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
			 bool f8, void *out)
{
	double		scale = gs_pow2(e);

	if (gs_simd_means(hi, lo, c, n, e, scale, f8, out))
		return;
	if (f8)
		MeansLoop(hi, lo, c, n, e, scale, true, out);
	else
		MeansLoop(hi, lo, c, n, e, scale, false, out);
}
