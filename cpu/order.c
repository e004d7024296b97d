/*
 * cpu/order.c — the CPU engine's running maxima and minima: each value's
 * order key (core/exact.h, gs_order_key) against the running extreme's, one
 * loop per element type, the operator only in the key.
 */
#include "cpu.h"

/*
 * Scan n values of a row for the extreme under gs_order_key, from and into
 * *st: one loop per element type (T; RAW gives its raw bits), the operator
 * only in the key.
 */
#define ORDER_LOOP(T, RAW, ISFLOAT) \
	do { \
		const T    *x = (const T *) in; \
		T		   *y = (T *) out; \
		T			best; \
		int64_t		kbest = st->key; \
		int64_t		i = 0; \
		\
		memcpy(&best, &st->bits, sizeof(T)); \
		if (!st->any) \
		{ \
			best = x[0]; \
			kbest = gs_order_key(ISFLOAT, sizeof(T), RAW(best), is_min); \
			y[0] = best; \
			i = 1; \
		} \
		for (; i < n; i++) \
		{ \
			int64_t		k = gs_order_key(ISFLOAT, sizeof(T), RAW(x[i]), is_min); \
			\
			if (gs_order_takes(kbest, k)) \
			{ \
				kbest = k; \
				best = x[i]; \
			} \
			y[i] = best; \
		} \
		st->any = true; \
		st->key = kbest; \
		memcpy(&st->bits, &best, sizeof(T)); \
	} while (0)

#define RAW_INT(v)	((uint64_t) (int64_t) (v))
#define RAW_F32(v)	((uint64_t) gs_f32_bits(v))
#define RAW_F64(v)	gs_f64_bits(v)

/* Running maximum (or minimum) of n >= 1 stored values of a row, continuing *st. */
void
gs_cpu_order_block(GsElemType type, const void *in, void *out, int64_t n,
				   int is_min, OrderState *st)
{
	switch (type)
	{
		case GS_INT2:
			ORDER_LOOP(int16_t, RAW_INT, 0);
			break;
		case GS_INT4:
			ORDER_LOOP(int32_t, RAW_INT, 0);
			break;
		case GS_INT8:
			ORDER_LOOP(int64_t, RAW_INT, 0);
			break;
		case GS_FLOAT4:
			ORDER_LOOP(float, RAW_F32, 1);
			break;
		case GS_FLOAT8:
			ORDER_LOOP(double, RAW_F64, 1);
			break;
	}
}
