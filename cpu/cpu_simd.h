/*
 * cpu/cpu_simd.h — internal interface between the CPU engine and its
 * AVX-512 and AVX2 scan kernels: cpu/simd.c chooses between those of
 * cpu/avx512_*.c and cpu/avx2_*.c at run time.
 */
#ifndef GPUSCAN_CPU_SIMD_H
#define GPUSCAN_CPU_SIMD_H

#include "../core/engine.h"
#include "../core/exact.h"

#ifdef __cplusplus
extern "C"
{
#endif



/* How far ahead (in values) the scan kernels prefetch: one engine block. */
#define GS_PREFETCH_VALUES 4096

/* Vectors of values entering kept for the values leaving short windows. */
#define GS_SIMD_NEAR_VECTORS 12

/* Shortest run of values worth the AVX-512 kernels. */
#define GS_SIMD_MIN_VALUES 16

/* Can the 64-bit kernel take values in units of 2^lsb? */
static inline bool
gs_simd_scan64_ok(bool f8, int lsb)
{
	return !f8 || lsb >= -1022;
}

/*
 * Can the carry-save 128-bit kernel take totals of need bits in units of
 * 2^lsb?  (float8: below 2^109 units on AVX-512, 2^102 on AVX2.)
 */
static inline bool
gs_simd_split_ok(bool f8, int need, int lsb)
{
	return need <= (f8 ? (gs_simd_enabled() ? 110 : 103) : 82) && lsb >= -1022 && lsb <= 1015;
}

/*
 * Is every difference x - y of two finite values whose magnitudes lie below
 * 2^(top+1), both multiples of 2^lsb, an exact double below 2^53 units (so
 * one conversion of x - y gives the fixed-point difference)?  The rounded
 * difference of two doubles is exact when the exact one is representable,
 * and a multiple of 2^lsb below 2^(lsb+53) is if it also lies below
 * 2^1024: top at most 1022 (the difference of two doubles of opposite
 * signs at 2^1023 or above may overflow; a float's, formed in double,
 * cannot).
 */
static inline bool
gs_simd_diff_ok(int top, int lsb)
{
	return top + 2 - lsb <= 53 && top <= 1022;
}

/*
 * Do a block's sums of need bits (gs_cpu_block_width) keep every value,
 * difference and sum below 2^51 units, so that the AVX2 kernels convert
 * them to and from double by the bits of a sum with 1.5 * 2^52 (narrow)?
 */
static inline bool
gs_simd_narrow(int need)
{
	return need <= 52;
}

/*
 * Whether the vector scan kernels below run for a block whose sums need
 * need bits (64 where not yet known): on AVX-512, or else on AVX2 with FMA
 * (the same results; the AVX-512 ones are faster).  On AVX2 the running
 * totals of float4 (no mean, no value leaving: totals) of an analysed
 * block stay with the scalar 64-bit loop, which measured faster there
 * than the analysed kernel (test/bench/NOTES.md; the guess kernels, which
 * read a float more cheaply, take the blocks after it: cpu/sum_block.c),
 * unless the block is narrow (gs_simd_narrow), whose cheaper conversions
 * make the kernel the faster, or needs more than 64 bits, where the
 * carry-save kernel beats the scalar 128-bit loop.
 */
static inline bool
gs_simd_kernels(bool f8, bool totals, int need)
{
	return gs_simd_enabled() ||
		(gs_avx2_enabled() && (f8 || !totals || gs_simd_narrow(need) || need > 64));
}

/*
 * The 64-bit kernel: n finite float values (no NaN, infinity or -0), each
 * x * 2^-lsb an int64, every running total within int64; continues from *acc.
 * Needs lsb >= -1022.  narrow: gs_simd_narrow holds for the block.  Returns
 * the index of the first output that overflows the result type, or -1.
 */
extern int64_t gs_simd_scan64(const void *in, void *out, int64_t n, bool f8,
							  int lsb, bool excl, bool narrow, int64_t *acc);

/*
 * Can the checked 64-bit kernels try a block of sums that need more than
 * 64 bits, whose values (analysed in fs) are multiples of 2^lsb, with the
 * values leaving subtracted or not, from the carry acc?  Each value (each
 * difference of two, with leaving) and the carry below 2^62 units in
 * magnitude: then each sum is the one before it (or the carry) plus a
 * value, so while the one before lies below 2^62 it lies below 2^63 and
 * is exact in int64 arithmetic; the first of 2^62 or more is therefore
 * exact too, and the kernel's check sees it.
 */
static inline bool
gs_simd_checked_ok(const GsFloatStats *fs, bool f8, bool leaving, int lsb, gs_i128 acc)
{
	int			top = (fs->lo != INT32_MAX ? gs_float_top_bit(fs->maxabs, f8) : lsb) + leaving;

	return top + 1 - lsb <= 62 && acc > -((gs_i128) 1 << 62) && acc < ((gs_i128) 1 << 62);
}

/*
 * The 64-bit kernel for blocks whose bound on the sums (n times the
 * largest value) exceeds 64 bits but whose sums may not: as gs_simd_scan64
 * (never narrow), or with lag as gs_simd_movsum64 (never from registers),
 * but it checks every sum and stops before the first vector holding one
 * of 2^62 units or more in magnitude; *stop gets the values done (n: all),
 * *acc the exact total of those.  The caller continues from there with the
 * 128-bit kernels.  Needs gs_simd_checked_ok.
 */
extern int64_t gs_simd_scan64_checked(const void *in, const void *lag, void *out, int64_t n,
									  bool f8, int lsb, bool excl, bool diff, int64_t *acc,
									  int64_t *stop);

/*
 * Running totals of values not analysed, in units of 2^lsb, lsb in [-1022,
 * 0]: as gs_simd_scan64_checked without lag, but it also stops before the
 * first vector holding a value that is not a multiple of 2^lsb below 2^62
 * units (NaN and infinities among them).  The caller guesses the unit and
 * goes on from *stop with an analysis of the rest; -0 is not looked for
 * (where the row so far is only -0, the caller sees that the block does
 * not begin with it).  On AVX2 it first keeps the sums below 2^51 units,
 * whose conversions cost less, then goes on past them.
 */
extern int64_t gs_simd_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
									bool excl, int64_t *acc, int64_t *stop);

/*
 * The carry-save 128-bit kernel: as gs_simd_scan64, for running totals of
 * gs_simd_split_ok's bounds; the carry is carry_h * 2^59 + carry_l.
 */
extern int64_t gs_simd_scan_split(const void *in, void *out, int64_t n, bool f8,
								  int lsb, bool excl, int64_t *carry_h,
								  int64_t *carry_l);

/*
 * The carry-save 128-bit kernel of values not analysed, lsb in [-1022, 0]:
 * as gs_simd_scan64_guess (the same check of each value, *stop), continuing
 * from a carry of any size within gs_simd_split_ok's bounds once the values
 * are added, which the caller checks with each value below 2^62 units.
 */
extern int64_t gs_simd_scan_split_guess(const void *in, void *out, int64_t n, bool f8,
										int lsb, bool excl, int64_t *carry_h,
										int64_t *carry_l, int64_t *stop);

/*
 * The kernels of a moving sum (cpu/window.c): as gs_simd_scan64 and
 * gs_simd_scan_split, with lag[i] (the value leaving) subtracted where in[i]
 * is added; every window sum within the kernel's bounds.  With diff, each
 * in[i] - lag[i] is formed in double and converted once: the caller
 * checked that it is exact (gs_simd_diff_ok).  gs_simd_movsum64 is also
 * given the window w, with lag[i] the value w positions before in[i]: a
 * window shorter than 8 * GS_SIMD_NEAR_VECTORS takes the values leaving
 * from the values entering after the first w.
 */
extern int64_t gs_simd_movsum64(const void *in, const void *lag, void *out, int64_t n,
								bool f8, int lsb, bool diff, bool narrow, int64_t w,
								int64_t *acc);
extern int64_t gs_simd_movsum_split(const void *in, const void *lag, void *out, int64_t n,
									bool f8, int lsb, bool diff, int64_t *carry_h,
									int64_t *carry_l);

/*
 * Do a block's means need none of the fast quotient's range and result
 * checks (the kernels' plain)?  True when every window sum lies below
 * 2^102 units (need <= 103 bits: in the fast quotient's range), every
 * count below 2^52 (last: the largest), and every result is a normal
 * number: a nonzero sum is at least one unit, over a count below 2^52, so
 * its mean is above 2^(lsb - 52), normal for lsb >= -960 (float8) or -74
 * (float4); and a mean of finite values is at most their largest magnitude,
 * so it does not overflow.  (A zero sum's quotient is then +0, as it must
 * be.)
 */
static inline bool
gs_simd_means_plain(bool f8, int need, int lsb, int64_t last)
{
	return need <= 103 && lsb >= (f8 ? -960 : -74) && last <= (int64_t) GS_QUOT_MAX_COUNT;
}

/*
 * The 64-bit kernel of a mean (gpu_movavg, gpu_cumavg) over a row without
 * NULLs: as gs_simd_movsum64 (lag NULL: nothing leaves), each window sum
 * divided by its count, min(rowpos0 + i + 1, w), and rounded once; plain:
 * gs_simd_means_plain holds for the block.  With stop, the checked kernel
 * (never narrow): it stops as gs_simd_scan64_checked does (*stop: the
 * positions done, their means written), and needs gs_simd_checked_ok.
 */
extern void gs_simd_movmean64(const void *in, const void *lag, void *out, int64_t n,
							  bool f8, int lsb, bool diff, int64_t *acc, int64_t rowpos0,
							  int64_t w, bool plain, bool narrow, int64_t *stop);

/*
 * Running means (gpu_cumavg) of values not analysed, in units of 2^lsb,
 * lsb in [-1022, 0]: as gs_simd_movmean64 with nothing leaving (w: the
 * whole row), checked as gs_simd_scan64_guess checks running totals (each
 * value and each sum; *stop: the positions done, their means written;
 * on AVX2 a double's sums below 2^51 units first, as there).
 */
extern void gs_simd_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
									int64_t *acc, int64_t rowpos0, bool plain, int64_t *stop);

/*
 * And on the carry-save 128-bit kernel (carry_h * 2^59 + carry_l), as
 * gs_simd_scan_split_guess: each value checked, the caller checks the
 * bounds with each value below 2^62 units.
 */
extern void gs_simd_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
										int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
										bool plain, int64_t *stop);

/*
 * The carry-save 128-bit kernel of a mean: as gs_simd_movsum_split (lag
 * NULL: nothing leaves), each window sum divided by its count,
 * min(rowpos0 + i + 1, w), and rounded once; plain as above.
 */
extern void gs_simd_movmean_split(const void *in, const void *lag, void *out, int64_t n,
								  bool f8, int lsb, bool diff, int64_t *carry_h,
								  int64_t *carry_l, int64_t rowpos0, int64_t w, bool plain);

/*
 * gs_cpu_means's batch (cpu/cpu.h) on AVX-512, or on AVX2 with FMA, where
 * the CPU has them (scale = 2^e); returns false, doing nothing, where it
 * has neither.
 */
extern int	gs_cpu_means_lanes;	/* 0: the best there is; 1: the scalar loop; 4: AVX2 at most */
extern bool gs_simd_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n,
						  int e, double scale, bool f8, void *out);

/*
 * The means of n int2 or int4 values (isz: 2 or 4) of a row without
 * NULLs, lag[j] (if not NULL) leaving as in[j] enters: out[j] = (*acc + the
 * sum so far) / (c0 + step * j), each one IEEE division of two exact
 * doubles, on AVX-512 or AVX2 (as gs_cpu_means_lanes allows); *acc gets
 * the last sum.  The caller guarantees that every sum and count is an
 * integer below 2^53.  False, doing nothing, where neither runs.
 */
extern bool gs_simd_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc,
							  double c0, double step, double *out);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_CPU_SIMD_H */
