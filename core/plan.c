/*
 * core/plan.c — analysis of an array before a scan, and null-bitmap helpers.
 *
 * Host code shared by both engines: the plan fixes the fixed-point unit and
 * the accumulator width from the data alone, so both engines compute the
 * same integers.
 */
#include "engine.h"
#include "cpu_simd.h"
#include "exact.h"

#include <limits.h>
#include <stdio.h>

/* Bytes per element of an input type. */
int
gs_type_size(GsElemType type)
{
	switch (type)
	{
		case GS_INT2:
			return 2;
		case GS_INT4:
		case GS_FLOAT4:
			return 4;
		case GS_INT8:
		case GS_FLOAT8:
			return 8;
	}
	return 0;
}

/* Bytes per element of the result type of an input type. */
int
gs_result_size(GsElemType type)
{
	return type == GS_FLOAT4 ? 4 : 8;
}

/* Number of set bits among bits [start, start+len) of a bitmap. */
int64_t
gs_bitmap_count(const uint8_t *bits, int64_t start, int64_t len)
{
	int64_t		count = 0;
	int64_t		i = start;
	int64_t		end = start + len;

	/* leading bits up to a byte boundary */
	while (i < end && (i & 7))
	{
		count += (bits[i >> 3] >> (i & 7)) & 1;
		i++;
	}
	/* whole 8-byte words, then whole bytes */
	while (end - i >= 64)
	{
		uint64_t	w;

		memcpy(&w, bits + (i >> 3), 8);
		count += __builtin_popcountll(w);
		i += 64;
	}
	while (end - i >= 8)
	{
		count += __builtin_popcount(bits[i >> 3]);
		i += 8;
	}
	while (i < end)
	{
		count += (bits[i >> 3] >> (i & 7)) & 1;
		i++;
	}
	return count;
}

/* Are the positions whole rows?  Else GS_ERR_INTERNAL with a message. */
bool
gs_shape_ok(const GsScanSpec *spec, GsScanResult *res)
{
	if (spec->nitems == 0 || (spec->row_len > 0 && spec->nitems % spec->row_len == 0))
		return true;
	res->status = GS_ERR_INTERNAL;
	snprintf(res->message, sizeof(res->message),
			 "%lld positions are not whole rows of %lld",
			 (long long) spec->nitems, (long long) spec->row_len);
	return false;
}

/* Position (0-based, NULLs included) of the k-th stored value. */
int64_t
gs_value_position(const GsScanSpec *spec, int64_t k)
{
	int64_t		pos;

	if (spec->nulls == NULL)
		return k;
	for (pos = 0; pos < spec->nitems; pos++)
	{
		if ((spec->nulls[pos >> 3] >> (pos & 7)) & 1)
		{
			if (k == 0)
				return pos;
			k--;
		}
	}
	return -1;
}

/* Analyse the values and choose the accumulator. */
void
gs_plan(const GsScanSpec *spec, GsPlan *plan)
{
	int64_t		nvalues;

	memset(plan, 0, sizeof(*plan));
	plan->type = spec->type;
	nvalues = spec->nulls ? gs_bitmap_count(spec->nulls, 0, spec->nitems)
		: spec->nitems;
	plan->nvalues = nvalues;
	plan->nrows = spec->nitems > 0 ? spec->nitems / spec->row_len : 0;
	plan->nlimbs = 1;
	plan->acc_bits = 64;

	switch (spec->type)
	{
		case GS_INT2:
		case GS_INT4:
			/* 2^27 values of 2^31 at most: 64 bits never overflow */
			break;
		case GS_INT8:
			/* exact 128-bit sums; every output is checked against int8 */
			plan->acc_bits = 128;
			plan->nlimbs = 2;
			break;
		case GS_FLOAT4:
		case GS_FLOAT8:
			{
				GsFloatStats st;
				int			minlsb = 0,
							maxmsb = 0,
							bits;
				int64_t		count;

				gs_float_stats(spec->values, nvalues, spec->type == GS_FLOAT8,
							   gs_simd_enabled(), &st);
				plan->special = st.special;
				count = st.lo != INT32_MAX ? nvalues : 0;
				if (count > 0)
				{
					uint64_t	m;
					int			e;

					/* lowest set bit over all values, and the largest's top bit */
					minlsb = st.lo - (spec->type == GS_FLOAT4 ? 150 : 1075);
					if (spec->type == GS_FLOAT4)
						gs_f32_parts((uint32_t) st.maxabs, &m, &e);
					else
						gs_f64_parts(st.maxabs, &m, &e);
					maxmsb = e + 63 - gs_clz64(m);
				}
				plan->lsb = minlsb;
				/* |prefix| < count * 2^(maxmsb+1), plus a sign bit */
				bits = count > 0 ? maxmsb - minlsb + gs_ceil_log2(count) + 2 : 1;
				if (bits <= 64)
					plan->acc_bits = 64;
				else if (bits <= 128)
				{
					plan->acc_bits = 128;
					plan->nlimbs = 2;
				}
				else
				{
					plan->nlimbs = (bits + 63) / 64;
					plan->acc_bits = 64 * plan->nlimbs;
				}
				break;
			}
	}
}
