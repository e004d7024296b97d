/*
 * cpu/cpu.h — the exact CPU engine's parts, as its driver (cpu/driver.c)
 * and its loops see each other.  The engine's entry point, gs_cpu_scan, is
 * declared in core/engine.h.
 *
 * A row is scanned in blocks of GS_CPU_BLOCK_VALUES values: running totals
 * of floats (cpu/sum_block.c, over the loops of cpu/sum_float.c and the
 * AVX-512 and AVX2 kernels, cpu/simd.c), of integers (cpu/sum_int.c), or
 * running maxima and minima (cpu/order.c).
 */
#ifndef GPUSCAN_CPU_H
#define GPUSCAN_CPU_H

#include "../core/engine.h"
#include "../core/exact.h"
#include "carry.h"
#include "cpu_simd.h"

#include <limits.h>
#include <string.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/*
 * Values per block: a float8 block (32 KiB) stays in the L1 cache.  The
 * vector kernels prefetch the next block (GS_PREFETCH_VALUES).
 */
#define GS_CPU_BLOCK_VALUES	GS_PREFETCH_VALUES

/*
 * Two doubles as one vector (GCC's vector extension): one division
 * instruction divides both lanes (divpd on x86-64, fdiv .2d on ARM64).
 */
typedef double GsV2d __attribute__((vector_size(16)));

/* The same 16 bytes as other lanes, and two floats (8 bytes). */
typedef int64_t GsV2l __attribute__((vector_size(16)));
typedef int32_t GsV4i __attribute__((vector_size(16)));
typedef uint32_t GsV4u __attribute__((vector_size(16)));
typedef float GsV2f __attribute__((vector_size(8)));

/*
 * The low 32-bit words of the four 64-bit lanes of a and b (two each, as
 * 32-bit lanes), in one vector.
 */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define GS_LOW_WORD_LANES	1, 3, 5, 7
#else
#define GS_LOW_WORD_LANES	0, 2, 4, 6
#endif
#ifdef __clang__
#define GS_LOW_WORDS(a, b)	__builtin_shufflevector(a, b, GS_LOW_WORD_LANES)
#else
#define GS_LOW_WORDS(a, b)	__builtin_shuffle(a, b, (GsV4u) {GS_LOW_WORD_LANES})
#endif

/* Two doubles rounded to floats (one cvtpd2ps on x86-64, fcvtn on ARM64). */
static inline GsV2f
GsV2dToFloats(GsV2d v)
{
#if defined(__clang__) || __GNUC__ >= 9
	return __builtin_convertvector(v, GsV2f);
#else
	return (GsV2f) {(float) v[0], (float) v[1]};
#endif
}

/*
 * Might any of four float means, from the double quotients q0 and q1 (two
 * each), lie near a float midpoint (gs_quot_float_clear false for one)?
 * The low 32 bits of the four quotients in one vector: the test is on
 * their low 29 bits b, near where b - (2^28 - 1) < 3 as an unsigned, that
 * is where b + 2^31 - (2^28 - 1), taken as signed, is at most INT32_MIN + 2.
 */
static inline bool
GsMidpointsNear4(GsV2d q0, GsV2d q1)
{
	GsV4u		b = GS_LOW_WORDS((GsV4u) q0, (GsV4u) q1);
	GsV4i		t = (GsV4i) ((b & 0x1fffffffu) + (0x80000000u - 0x0fffffffu));
	GsV2l		near = (GsV2l) (t <= INT32_MIN + 2);

	return (near[0] | near[1]) != 0;
}

/*
 * The lanes of a pair of scaled means res (of sums s) that are not normal
 * numbers of their type and not of a zero sum (gs_quotient_exact's test
 * where the block is not plain): -1 there, else 0.
 */
static inline GsV2l
GsNotNormal2(GsV2d res, GsV2d s, bool f8)
{
	GsV2d		ar = (GsV2d) ((GsV2l) res & INT64_MAX);
	GsV2l		ok = f8 ? (ar > 0x1p-1022) & (ar <= 0x1.fffffffffffffp1023)
		: (ar >= 0x1p-126) & (ar < 0x1p128);

	return ~(ok | (s == 0.0));
}

/* Per-block constants of a scalar float loop. */
typedef struct FloatConsts
{
	int			lsb;
	double		s1,
				s2;				/* s1 * s2 = 2^-lsb */
	float		scale_f;		/* 2^lsb, float4 results */
	double		scale_d;		/* 2^lsb, float8 results */
	int			nlimbs;
	uint64_t   *scratch;		/* nlimbs words, wide path */
} FloatConsts;

/* Running state of one row's total inside a block. */
typedef struct RowState
{
	int64_t		acc64;
	gs_i128		acc128;
	uint64_t   *wide;			/* nlimbs words, wide path */
	uint32_t	flags;
	bool		pending;		/* int8 exclusive: last sum overflowed */
} RowState;

/* The running extreme of a row so far. */
typedef struct OrderState
{
	bool		any;			/* a value seen in this row */
	int64_t		key;			/* its order key */
	uint64_t	bits;			/* its bits (the first sizeof(T) bytes) */
} OrderState;

/*
 * Running totals of one block of n float values of a row, continuing from
 * the carry (cpu/sum_block.c).  Returns the index of the first output that
 * overflows, or -1; *bits gets the accumulator width used.
 */
extern int64_t gs_cpu_float_block(const void *in, void *out, int64_t n, bool f8,
								  bool excl, Carry *carry, RowState *st,
								  uint64_t *scratch, int *bits);

/*
 * A block without an analysis (cpu/sum_block.c's BlockGuess, cpu/window.c's
 * MeanGuess): the unit it tries, the carry in it, and whether the carry-save
 * kernel may go on (gs_cpu_guess_split_need's width, 0 where not).
 */
extern bool gs_cpu_guess_unit(bool f8, Carry *carry, int *unit, gs_i128 *acc, int *bits);
extern int	gs_cpu_guess_split_need(bool f8, gs_i128 acc, int bits, int64_t n, int unit);

/*
 * The unit and width (returned) of a block's exact accumulator, from the
 * analysis of its n values and the carry in (cpu/sum_block.c).
 */
extern int	gs_cpu_block_width(const GsFloatStats *fs, int64_t n, const Carry *carry,
							   bool f8, int *unit);

/* The constants of the scalar float loops for a unit (cpu/sum_float.c). */
extern void gs_cpu_float_consts(FloatConsts *c, int unit);

/*
 * The scalar float loops (cpu/sum_float.c): a 64- or 128-bit accumulator in
 * st, or a wide one (st->wide, c->nlimbs limbs).  Return the index of the
 * first output that overflows, or -1.  top: every sum of the block is below
 * 2^top (finite values), so results need no overflow check where top is
 * within the result type's range.
 */
extern int64_t gs_cpu_float_scalar(const void *in, void *out, int64_t n,
								   RowState *st, const FloatConsts *c, bool f8,
								   bool wide128, bool special, bool excl, int top);
extern int64_t gs_cpu_float_wide(const void *in, void *out, int64_t n,
								 RowState *st, const FloatConsts *c, int f8,
								 int excl);

/*
 * Running totals of one block of n integers of a row into int64 results
 * (cpu/sum_int.c).  Returns the index of the first int8 total out of range,
 * or -1.
 */
extern int64_t gs_cpu_int_block(GsElemType type, const void *in, void *out,
								int64_t n, RowState *st, bool excl);

/* Running maximum (or minimum) of n >= 1 values of a row, continuing *st (cpu/order.c). */
extern void gs_cpu_order_block(GsElemType type, const void *in, void *out,
							   int64_t n, int is_min, OrderState *st);

/*
 * n means (cpu/means.c): out[i] = (hi[i] * 2^52 + lo[i]) * 2^e / c[i]
 * correctly rounded to double (f8) or float, each sum in the fast
 * quotient's range (GS_QUOT_HI_OK, 0 <= lo[i] < 2^52), each count in [1,
 * GS_QUOT_MAX_COUNT]; a zero sum gives +0.
 */
extern void gs_cpu_means(const int64_t *hi, const int64_t *lo, const int64_t *c, int n,
						 int e, bool f8, void *out);

/*
 * The window operators, GS_OP_MOVSUM, GS_OP_MOVAVG and GS_OP_CUMAVG
 * (cpu/window.c), over the values of lead (and a second window on its
 * source for the values leaving).  Returns the index among the stored
 * values of the first window sum out of range, -1, or -2 when a reader
 * source has no lag window of GS_CPU_BLOCK_VALUES values; *acc_bits gets the widest accumulator used.
 */
extern int64_t gs_cpu_window_scan(const GsScanSpec *spec, GsWindow *lead, int *acc_bits);

#endif							/* GPUSCAN_CPU_H */
