/*
 * cpu/sum_block.c — one block of a float row's running totals: the CPU
 * engine first tries the unit of the block it analysed last, checking each
 * value as it goes (BlockGuess); from the first value that unit cannot
 * take, it analyses the block (core/analysis.c) while it comes into the
 * cache, then scans it with the narrowest exact accumulator that holds the
 * running total carried in from the previous block (cpu/carry.h) plus
 * anything the block can add:
 *
 *   - vector kernels (cpu/simd.c: cpu/avx512_*.c, cpu/avx2_*.c), 64-bit or carry-save 128-bit, for
 *     blocks of finite values when the CPU has AVX-512 or AVX2; a block
 *     the bound sends to 128 bits whose values and carry lie below 2^62
 *     units first runs the 64-bit kernel checking every sum, and the
 *     128-bit one goes on from the first sum of 2^62 units or more;
 *   - scalar loops (cpu/sum_float.c), 64-bit, 128-bit or limbs, for the
 *     rest: NaN, infinities and -0, very wide exponent ranges, short rows,
 *     CPUs without either.
 *
 * Because every output is the correctly rounded exact sum, these choices
 * never change a result: they only decide how fast it is computed.
 */
#include "cpu.h"
#include "carry.h"
#include "cpu_simd.h"

/*
 * The unit of the last block analysed of each type (float4, float8),
 * INT_MIN before any: the unit the next block tries without an analysis
 * (BlockGuess).  One pair per process, shared by its threads (relaxed
 * atomics: a stale hint only costs the analysis it would have saved).
 * Tests set it.
 */
int			gs_cpu_unit_hint[2] = {INT_MIN, INT_MIN};

/*
 * The unit a block tries without an analysis: the hint, at most 2^0 (a
 * finer unit is as exact, and scaling by 2^-lsb >= 1 cannot underflow) and
 * at least 2^-1022, and no coarser than the carry's lowest set bit; the
 * carry is re-expressed in it.  *acc gets the carry, *bits a bound b with
 * |carry| <= 2^b units.  False where there is no hint or the carry is too
 * wide.
 */
bool
gs_cpu_guess_unit(bool f8, Carry *carry, int *unit, gs_i128 *acc, int *bits)
{
	int			u = __atomic_load_n(&gs_cpu_unit_hint[f8], __ATOMIC_RELAXED);
	int			low;

	*acc = 0;
	*bits = 0;
	if (u == INT_MIN)
		return false;
	u = u > 0 ? 0 : u < -1022 ? -1022 : u;
	if (!CarryIsZero(carry))
	{
		*bits = CarryBits(carry, &low);
		/* |carry| <= 2^b units of 2^carry->unit; its lowest set bit at carry->unit + low */
		if (carry->unit + low < u)
			u = carry->unit + low;
		*bits += carry->unit - u;
		if (u < -1022 || *bits > 126)
			return false;
		CarryRescale(carry, u);
		*acc = CarryToI128(carry);
	}
	*unit = u;
	return true;
}

/*
 * The width (gs_simd_split_ok's need) of the sums of the carry-save kernel
 * going on without an analysis, in the guessed unit, for n more values each
 * below 2^62 units after the carry acc, |acc| <= 2^bits units; 0 where it
 * should not go on: past the kernel's bounds, or where the carry's lowest
 * set bit lies four or more bits above the unit (the hint may be too fine
 * for these values, and the analysis find a unit that holds the carry in 64
 * bits).
 */
int
gs_cpu_guess_split_need(bool f8, gs_i128 acc, int bits, int64_t n, int unit)
{
	int			top = 62 + gs_ceil_log2(n);
	int			need = (bits > top ? bits : top) + 2;

	return (acc & 15) != 0 && gs_simd_split_ok(f8, need, unit) ? need : 0;
}

/*
 * A block in the unit of the block analysed before it, without an
 * analysis of its own: a row's blocks, and the rows of one column, are
 * often alike, and the analysis costs a third of a short row's scan.  The
 * kernels check each value as they convert it (gs_simd_scan64_guess,
 * gs_simd_scan_split_guess) and stop before the first vector they cannot
 * take; *done gets the values done, and the caller analyses the rest.  The
 * unit is gs_cpu_guess_unit's.  A carry below 2^62 units starts in the
 * 64-bit kernel, which stops before a sum of 2^62 units; from there, or
 * from a larger carry, the carry-save kernel goes on where
 * gs_cpu_guess_split_need allows; on AVX2 a float's running totals too,
 * whose values the guess kernel reads more cheaply than the analysed one
 * (gs_simd_kernels).  Not after a NaN or an infinity, nor
 * where the row so far is only -0 (or nothing) and the block begins with
 * -0: such sums stay -0 until a term other than -0, while after any other
 * term an exact zero sum is +0, as the kernels'.  *bits gets the
 * accumulator width used (0: none).
 */
static int64_t
BlockGuess(const void *in, void *out, int64_t n, bool f8, bool excl, Carry *carry,
		   RowState *st, int64_t *done, int *bits)
{
	int			u,
				b;				/* |carry| <= 2^b units */
	int			isz = f8 ? 8 : 4;
	gs_i128		acc;
	int64_t		bad = -1;

	*done = 0;
	*bits = 0;
	if ((st->flags & GS_FLAG_NONFINITE) || n < GS_SIMD_MIN_VALUES ||
		!(gs_simd_enabled() || gs_avx2_enabled()) ||
		(!(st->flags & GS_FLAG_NONNEGZERO) &&
		 (f8 ? ((const uint64_t *) in)[0] : ((const uint32_t *) in)[0]) == GS_SIGN_BIT(f8)) ||
		!gs_cpu_guess_unit(f8, carry, &u, &acc, &b))
		return -1;
	if (acc >= -((gs_i128) 1 << 62) && acc < (gs_i128) 1 << 62)
	{
		int64_t		a64 = (int64_t) acc;

		bad = gs_simd_scan64_guess(in, out, n, f8, u, excl, &a64, done);
		acc = a64;
		*bits = 64;
		b = 62;					/* where it stopped, |carry| <= 2^62 units */
	}
	if (bad < 0 && *done < n && gs_cpu_guess_split_need(f8, acc, b, n - *done, u) > 0)
	{
		int64_t		h,
					l,
					d2;

		CarrySplit59(acc, &h, &l);
		bad = gs_simd_scan_split_guess((const char *) in + *done * isz, (char *) out + *done * isz,
									   n - *done, f8, u, excl, &h, &l, &d2);
		acc = CarryJoin59(h, l);
		*bits = 128;
		if (bad >= 0)
			bad += *done;
		else
			*done += d2;
	}
	if (*done > 0)
	{
		CarryFromI128(carry, acc, u);
		st->flags |= GS_FLAG_ANY | GS_FLAG_NONNEGZERO;
	}
	return bad;
}

/*
 * The unit and width of a block's accumulator, from the analysis fs of its n
 * values and the carry: the unit no coarser than any value's lowest bit or
 * the carry's, the width holding |carry| + n * max|x| and a sign bit.
 * Returns the width in bits; *unit gets the unit.
 */
int
gs_cpu_block_width(const GsFloatStats *fs, int64_t n, const Carry *carry, bool f8, int *unit)
{
	bool		czero = CarryIsZero(carry);
	bool		any = fs->lo != INT32_MAX;	/* a finite nonzero value to add */
	int			u = INT_MAX,
				top = INT_MIN,
				low,
				ct = czero ? 0 : carry->unit + CarryBits(carry, &low);

	if (any)
		u = fs->lo - GS_LO_BIAS(f8);
	if (!czero)
	{
		int			cu = carry->unit + low;

		u = cu < u ? cu : u;
	}
	if (u == INT_MAX)
		u = carry->unit;		/* nothing to add: all zeros or specials */
	if (any)
		top = gs_float_top_bit(fs->maxabs, f8) + 1 + gs_ceil_log2(n);
	if (!czero)
		top = ct > top ? ct : top;
	*unit = u;
	return top == INT_MIN ? 2 : top + 1 - u + 1;
}

/*
 * Scan n float values of a row, continuing from the carry: the unit and
 * accumulator chosen from an analysis of the values and the carry.
 * Returns as gs_cpu_float_block.
 */
static int64_t
FloatBlockAnalysed(const void *in, void *out, int64_t n, bool f8, bool excl,
				   Carry *carry, RowState *st, uint64_t *scratch, int *bits)
{
	GsFloatStats fs;
	bool		simd = n >= GS_SIMD_MIN_VALUES && gs_simd_enabled();
	bool		kern;
	bool		special;
	int			unit,
				need;
	FloatConsts c;
	int64_t		bad;

	gs_float_stats(in, n, f8, simd, &fs);
	special = fs.special || (st->flags & GS_FLAG_NONFINITE);
	need = gs_cpu_block_width(&fs, n, carry, f8, &unit);
	__atomic_store_n(&gs_cpu_unit_hint[f8], unit, __ATOMIC_RELAXED);
	kern = n >= GS_SIMD_MIN_VALUES && gs_simd_kernels(f8, true, need);

	CarryRescale(carry, unit);
	memset(&c, 0, sizeof(c));
	gs_cpu_float_consts(&c, unit);

	if (need <= 64)
	{
		int64_t		acc = (int64_t) CarryToI128(carry);

		*bits = 64;
		if (!special && kern && gs_simd_scan64_ok(f8, unit))
			bad = gs_simd_scan64(in, out, n, f8, unit, excl, gs_simd_narrow(need), &acc);
		else
		{
			st->acc64 = acc;
			bad = gs_cpu_float_scalar(in, out, n, st, &c, f8, false, special, excl, unit + need - 1);
			acc = st->acc64;
		}
		CarryFromI128(carry, acc, unit);
	}
	else if (need <= 128)
	{
		gs_i128		acc = CarryToI128(carry);
		int64_t		done = 0;	/* values the checked 64-bit kernel did */
		int			isz = f8 ? 8 : 4;

		*bits = 128;
		bad = -1;
		if (!special && kern && gs_simd_scan64_ok(f8, unit) &&
			gs_simd_checked_ok(&fs, f8, false, unit, acc))
		{
			/* the bound is n times the largest value; the sums are often far below it */
			int64_t		a64 = (int64_t) acc;

			bad = gs_simd_scan64_checked(in, NULL, out, n, f8, unit, excl, false, &a64, &done);
			acc = a64;
			if (done == n)
				*bits = 64;
		}
		if (bad < 0 && done < n)
		{
			const char *in2 = (const char *) in + done * isz;
			char	   *out2 = (char *) out + done * isz;

			if (!special && kern && gs_simd_split_ok(f8, need, unit))
			{
				int64_t		h,
							l;

				CarrySplit59(acc, &h, &l);
				bad = gs_simd_scan_split(in2, out2, n - done, f8, unit, excl, &h, &l);
				acc = CarryJoin59(h, l);
			}
			else
			{
				st->acc128 = acc;
				bad = gs_cpu_float_scalar(in2, out2, n - done, st, &c, f8, true, special, excl,
										  unit + need - 1);
				acc = st->acc128;
			}
			if (bad >= 0)
				bad += done;
		}
		CarryFromI128(carry, acc, unit);
	}
	else
	{
		int			nlimbs = (need + 63) / 64;

		*bits = 64 * nlimbs;
		c.nlimbs = nlimbs;
		c.scratch = scratch;
		CarryExtend(carry, nlimbs);
		st->wide = carry->w;	/* the low nlimbs limbs are the value */
		bad = gs_cpu_float_wide(in, out, n, st, &c, f8, excl);
		CarryFromWide(carry, nlimbs);
		st->wide = NULL;
		return bad;				/* the wide loop tracks flags itself */
	}
	if (!special && n > 0)
		st->flags |= GS_FLAG_ANY | GS_FLAG_NONNEGZERO;
	return bad;
}

/*
 * Scan one block of n float values of a row, continuing from the carry:
 * first in the unit of the block analysed before (BlockGuess), then, from
 * the first value that unit cannot take, with an analysis of the rest.
 * Returns the index of the first output that overflows, or -1; *bits gets
 * the accumulator width used.
 */
int64_t
gs_cpu_float_block(const void *in, void *out, int64_t n, bool f8, bool excl,
				   Carry *carry, RowState *st, uint64_t *scratch, int *bits)
{
	/* an exclusive sum after terms that were all -0: the block's first output is -0 */
	bool		negz = excl && n > 0 &&
		(st->flags & (GS_FLAG_ANY | GS_FLAG_NONNEGZERO | GS_FLAG_NONFINITE)) == GS_FLAG_ANY;
	int			gbits;
	int64_t		done,
				bad = BlockGuess(in, out, n, f8, excl, carry, st, &done, &gbits);
	int			isz = f8 ? 8 : 4;

	if (done == n || bad >= 0)
		*bits = gbits > 0 ? gbits : 64;
	else
	{
		bad = FloatBlockAnalysed((const char *) in + done * isz, (char *) out + done * isz,
								 n - done, f8, excl, carry, st, scratch, bits);
		if (done > 0)
			*bits = *bits > gbits ? *bits : gbits;
		bad = bad >= 0 ? bad + done : -1;
	}
	if (negz && bad != 0)
	{
		if (f8)
			((double *) out)[0] = -0.0;
		else
			((float *) out)[0] = -0.0f;
	}
	return bad;
}
