/*
 * cpu/simd_kernels.h — what the AVX-512 kernels (cpu/avx512_*.c) and the
 * AVX2 kernels (cpu/avx2_*.c) of the exact CPU engine share, and the entry
 * points of each instruction set, between which cpu/simd.c chooses at run
 * time for the interface of cpu_simd.h.
 *
 * The same plan and the same integers as core/exact.h, eight values at a
 * time: each float becomes its fixed-point integer (exact: a power-of-two
 * scaling of a float is exact, and so is splitting it at 2^64), the integers
 * are prefix-summed inside the register in three shift-and-add steps
 * (integer addition is associative, so this equals the sequential sum), and
 * each sum is rounded once: the hardware's int64->float conversion rounds to
 * nearest even, after a 128-bit sum has been narrowed to 63 bits plus a
 * sticky bit, and vscalef then applies the power of two exactly.  The test
 * program checks these kernels bit for bit against the scalar engine's
 * reference.
 *
 * Used when the CPU has AVX-512 F, DQ, CD, VL and BW, checked at run time
 * (gs_simd_enabled); else the AVX2 kernels (with FMA, gs_avx2_enabled)
 * compute the same four values at a time; the scalar loops of
 * cpu/sum_float.c serve every other case.  The vector float analysis is
 * core/analysis.c's.
 *
 * Each instruction set's files are compiled with its target flags (the
 * Makefile) and each of their functions carries the same target attribute
 * (core/simd.h), so a compiler given no flags builds them too; nothing in
 * them runs before cpu/simd.c has checked the CPU.
 */
#ifndef GPUSCAN_SIMD_KERNELS_H
#define GPUSCAN_SIMD_KERNELS_H

#include "cpu_simd.h"
#include "../core/exact.h"
#include "../core/simd.h"

#include <limits.h>
#include <math.h>

#ifdef GS_HAVE_AVX512_BUILD

/*
 * Prefetch the input one block ahead: the scan kernels are compute-bound, so
 * the next block arrives in the cache while this one is scanned, and its
 * analysis pass (memory-bound otherwise) reads it from there.  A prefetch
 * past the end of the array is harmless.
 */
#define PREFETCH_AHEAD(in, i, f8) \
	_mm_prefetch((const char *) (in) + ((i) + GS_PREFETCH_VALUES) * ((f8) ? 8 : 4), _MM_HINT_T0)

/*
 * Can a sum below 2^bits units of 2^lsb round to an infinity in the
 * results' type (double: 2^1024, float: 2^128)?  Where it cannot, the
 * kernels store their sums unchecked.
 */
static inline int
MayOverflow(int f8, int lsb, int bits)
{
	return lsb + bits > (f8 ? 1023 : 127);
}

/* A sum x1 * 2^k + x2, as the kernels hold it, as one integer (for gs_simd_mean_scalar). */
static inline gs_i128
JoinSum(int64_t x1, int64_t x2, int k)
{
	return (gs_i128) x1 * ((gs_i128) 1 << k) + x2;
}

/*
 * The kernels with means take MEAN_CHUNK values at a time (a multiple of
 * their batches, MEAN_BATCH vectors) and leave the lanes whose quotient the
 * vector code did not decide in a MeansPending, whose means the scalar
 * code rounds after each chunk (gs_simd_means_drain): no call in a loop over
 * vectors, which would clobber every vector register, so the compiler
 * keeps the loop's constants in registers (test/bench/NOTES.md; one
 * exception, in Scan64Mean4).  The vector code has stored something in
 * those lanes; the scalar code's result replaces it, at positions the
 * kernel has read already.
 */
#define MEAN_CHUNK 512

typedef struct MeansPending
{
	int			n;				/* lanes held */
	int			k;				/* their sums are x1 * 2^k + x2 */
	int64_t		pos[MEAN_CHUNK];	/* where each mean goes */
	int64_t		x1[MEAN_CHUNK];
	int64_t		x2[MEAN_CHUNK];
	int64_t		c[MEAN_CHUNK];	/* the counts */
} MeansPending;

/* Leave one lane (its result's position, its sum x1 * 2^k + x2, its count) to the scalar code. */
static inline void
MeansPend(MeansPending *pend, int64_t pos, int64_t x1, int64_t x2, int64_t c)
{
	pend->pos[pend->n] = pos;
	pend->x1[pend->n] = x1;
	pend->x2[pend->n] = x2;
	pend->c[pend->n] = c;
	pend->n++;
}

/*
 * Are a block's counts kept times 2^-lsb (QuotD8Rest's prescaled)?  For
 * float results, and in plain blocks (their means normal, 2^-lsb <= 2^960).
 */
static inline int
MeansPrescaled(int f8, int plain)
{
	return !f8 || plain;
}

/*
 * A kernel with means stores its sums, MEAN_BATCH vectors of them, and
 * divides them in a loop of their own (FlushMeans8, FlushMeans4): the
 * sums' chain and the quotients' then overlap in the core instead of
 * queueing behind each other (test/bench/NOTES.md).
 */
#define MEAN_BATCH 16

/* a chunk holds whole batches, of eight lanes and of four */
_Static_assert(MEAN_CHUNK % (8 * MEAN_BATCH) == 0, "MEAN_CHUNK holds whole batches");

/*
 * Where a batch of vectors (four values each) from i ends: after vectors
 * of them, or at iend, the chunk's end; all of it where vectors is 0.
 */
static inline int64_t
MeansBatchEnd(int64_t i, int64_t iend, int vectors)
{
	return vectors > 0 && iend - i > 4 * vectors ? i + 4 * vectors : iend;
}

/*
 * CALL(A, B) with two flags as constants, so that each of the four cases
 * is compiled on its own.
 */
#define GS_SPECIALISE2(a, b, CALL) \
	((a) ? ((b) ? CALL(1, 1) : CALL(1, 0)) : ((b) ? CALL(0, 1) : CALL(0, 0)))

/*
 * Call an instruction set's int means F (IntMeans512, IntMeans256) with
 * the value width and the lag as constants, so each case is compiled on
 * its own.
 */
#define GS_INT_MEANS_SPECIALISED(F, in, lag, isz, n, acc, c0, step, out) \
	do { \
		if (lag) \
			(isz) == 2 ? F((in), (lag), 2, (n), (acc), (c0), (step), (out)) \
				: F((in), (lag), 4, (n), (acc), (c0), (step), (out)); \
		else \
			(isz) == 2 ? F((in), NULL, 2, (n), (acc), (c0), (step), (out)) \
				: F((in), NULL, 4, (n), (acc), (c0), (step), (out)); \
	} while (0)

/* The scalar mean of a sum into out[k] (cpu/simd.c), for a lane the vector code leaves. */
extern void gs_simd_mean_scalar(void *out, int64_t k, int f8, gs_i128 s, int64_t c, int e,
								double scale);

/* The scalar means of the lanes pending (cpu/simd.c); none pending after. */
extern void gs_simd_means_drain(MeansPending *pend, void *out, int f8, int e, double scale);

/* The batch means (cpu/avx512_means.c, cpu/avx2_means.c): gs_simd_means, gs_simd_int_means. */
extern void gs_avx512_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
							double scale, bool f8, void *out);
extern void gs_avx512_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc,
								double c0, double step, double *out);
extern void gs_avx2_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n, int e,
						  double scale, bool f8, void *out);
extern void gs_avx2_int_means(const void *in, const void *lag, int isz, int n, int64_t *acc,
							  double c0, double step, double *out);

/* The AVX-512 scan kernels, specialised (cpu/avx512_scan64.c, cpu/avx512_split.c). */
extern int64_t gs_avx512_scan64(const void *in, void *out, int64_t n, bool f8, int lsb,
							bool excl, int64_t *acc);
extern int64_t gs_avx512_scan64_checked(const void *in, const void *lag, void *out, int64_t n,
							bool f8, int lsb, bool excl, bool diff, int64_t *acc,
							int64_t *stop);
extern int64_t gs_avx512_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							bool excl, int64_t *acc, int64_t *stop);
extern void gs_avx512_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							int64_t *acc, int64_t rowpos0, bool plain, int64_t *stop);
extern int64_t gs_avx512_movsum64(const void *in, const void *lag, void *out, int64_t n,
							bool f8, int lsb, bool diff, int64_t w, int64_t *acc);
extern void gs_avx512_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
							int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w,
							bool plain, int64_t *stop);
extern void gs_avx512_cummean_split_guess(const void *in, void *out, int64_t n, bool f8,
							int lsb, int64_t *carry_h, int64_t *carry_l, int64_t rowpos0,
							bool plain, int64_t *stop);
extern int64_t gs_avx512_scan_split(const void *in, void *out, int64_t n, bool f8, int lsb,
							bool excl, int64_t *carry_h, int64_t *carry_l, int64_t *stop);
extern int64_t gs_avx512_movsum_split(const void *in, const void *lag, void *out, int64_t n,
							bool f8, int lsb, bool diff, int64_t *carry_h, int64_t *carry_l);
extern void gs_avx512_movmean_split(const void *in, const void *lag, void *out, int64_t n,
							bool f8, int lsb, bool diff, int64_t *carry_h, int64_t *carry_l,
							int64_t rowpos0, int64_t w, bool plain);

/* The AVX2 scan kernels, specialised (cpu/avx2_scan64.c, cpu/avx2_split.c). */
extern int64_t gs_avx2_scan64(const void *in, const void *lag, void *out, int64_t n, bool f8,
							int lsb, bool excl, bool diff, bool narrow, int64_t *acc,
							int64_t *stop);
extern int64_t gs_avx2_scan64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							bool excl, bool narrow, int64_t *acc, int64_t *stop);
extern void gs_avx2_cummean64_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							int64_t *acc, int64_t rowpos0, bool plain, bool narrow,
							int64_t *stop);
extern void gs_avx2_movmean64(const void *in, const void *lag, void *out, int64_t n, bool f8,
							int lsb, bool diff, int64_t *acc, int64_t rowpos0, int64_t w,
							bool plain, bool narrow, int64_t *stop);
extern void gs_avx2_cummean_split_guess(const void *in, void *out, int64_t n, bool f8, int lsb,
							int64_t *carry_h, int64_t *carry_l, int64_t rowpos0, bool plain,
							int64_t *stop);
extern int64_t gs_avx2_scan_split(const void *in, const void *lag, void *out, int64_t n,
							bool f8, int lsb, bool excl, bool diff, bool mean,
							int64_t *carry_h, int64_t *carry_l, int64_t rowpos0, int64_t w,
							bool plain, int64_t *stop);

#endif							/* GS_HAVE_AVX512_BUILD */

#endif							/* GPUSCAN_SIMD_KERNELS_H */
