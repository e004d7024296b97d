/*
 * cpu/sum_int.c — the CPU engine's running totals of integers: int2 and
 * int4 in an int64 (no overflow is possible), int8 with overflow checks.
 */
#include "cpu.h"

/* Scan n integer values of one row into int64 results. */
static inline __attribute__((always_inline)) int64_t
ScanIntLoop(const void *in, int64_t *out, int64_t n, RowState *st,
			const int type, const int excl)
{
	int64_t		acc = st->acc64;
	int64_t		i;

	if (type != GS_INT8)
	{
		for (i = 0; i < n; i++)
		{
			int64_t		x = type == GS_INT2 ? ((const int16_t *) in)[i]
				: ((const int32_t *) in)[i];

			if (excl)
			{
				out[i] = acc;
				acc += x;
			}
			else
			{
				acc += x;
				out[i] = acc;
			}
		}
		st->acc64 = acc;
		return -1;
	}

	/*
	 * int8: a 64-bit sum with overflow detection is exactly a 128-bit sum
	 * whose every output is checked: the first prefix to leave int8's range
	 * is the one that overflows.
	 */
	for (i = 0; i < n; i++)
	{
		int64_t		x = ((const int64_t *) in)[i];

		if (excl)
		{
			if (unlikely(st->pending))
				return i;
			out[i] = acc;
			if (unlikely(__builtin_add_overflow(acc, x, &acc)))
				st->pending = true;
		}
		else
		{
			if (unlikely(__builtin_add_overflow(acc, x, &acc)))
				return i;
			out[i] = acc;
		}
	}
	st->acc64 = acc;
	return -1;
}

/* Dispatch an integer block to its specialisation. */
int64_t
gs_cpu_int_block(GsElemType type, const void *in, void *out, int64_t n,
				 RowState *st, bool excl)
{
	switch (type)
	{
		case GS_INT2:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT2, 1)
				: ScanIntLoop(in, out, n, st, GS_INT2, 0);
		case GS_INT4:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT4, 1)
				: ScanIntLoop(in, out, n, st, GS_INT4, 0);
		default:
			return excl ? ScanIntLoop(in, out, n, st, GS_INT8, 1)
				: ScanIntLoop(in, out, n, st, GS_INT8, 0);
	}
}
