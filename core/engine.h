/*
 * core/engine.h — the scan engines' C interface.
 *
 * Shared by the CPU engine (cpu/), the GPU engine (cuda/) and the
 * PostgreSQL glue (src/).  Implemented here in core/ (sizes, planning, the
 * float analysis, the chunk driver), in cpu/ (gs_cpu_scan) and in cuda/.
 * No PostgreSQL header is included: engines report a status code and a
 * message, and src/ turns them into ereport().
 *
 * An array is given the way PostgreSQL stores it: the non-NULL values packed
 * one after another, and an optional null bitmap (bit set = value present,
 * least significant bit first) over all positions.  Positions form rows of
 * row_len consecutive positions (the last dimension); each row is scanned on
 * its own.  Results are packed the same way, one per stored value, so the
 * result array is the input's header and null bitmap around them.
 */
#ifndef GPUSCAN_ENGINE_H
#define GPUSCAN_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "source.h"

#ifdef __cplusplus
extern "C"
{
#endif

/* Is bit p of a null bitmap set (a value at position p)? */
static inline bool
gs_bit_get(const uint8_t *bits, int64_t p)
{
	return (bits[p >> 3] >> (p & 7)) & 1;
}

/* Set bit p of a null bitmap (v: a value there) or clear it. */
static inline void
gs_bit_set(uint8_t *bits, int64_t p, bool v)
{
	if (v)
		bits[p >> 3] |= (uint8_t) (1 << (p & 7));
	else
		bits[p >> 3] &= (uint8_t) ~(1 << (p & 7));
}

/* Element types of the input.  Integers give int8 results. */
typedef enum GsElemType
{
	GS_INT2,
	GS_INT4,
	GS_INT8,
	GS_FLOAT4,
	GS_FLOAT8
} GsElemType;

/*
 * The operator of a scan: running totals (exact, integers give int8
 * results), or running maxima / minima (results of the input's type, each
 * one of the input values, in PostgreSQL's order: NaN above every other
 * value, -0 equal to 0, the later of equal values wins); or over a moving
 * window of spec->window positions (NULLs counted as positions): its exact
 * sum (integers give int8), its mean; or the running mean of the row so
 * far.  Means of integers are float8, of floats their type; every float
 * result is the exact value rounded once.
 */
typedef enum GsScanOp
{
	GS_OP_SUM = 0,
	GS_OP_MAX,
	GS_OP_MIN,
	GS_OP_MOVSUM,
	GS_OP_MOVAVG,
	GS_OP_CUMAVG,
	GS_OP_MOVVAR,
	GS_OP_MOVSTD,
	GS_OP_CUMVAR,
	GS_OP_CUMSTD
} GsScanOp;

/* Is op one of the window operators (cpu/window.c)? */
#define GS_OP_IS_WINDOW(op)	((op) >= GS_OP_MOVSUM)

/*
 * Is op a variance or standard deviation (cpu/moments_scan.c): the sample
 * statistic (n - 1) of a moving window of spec->window positions or of the
 * row so far, rounded once (real for real, else double precision); NULL
 * where the window holds fewer than two values, so their results have a
 * null bitmap of their own (GsScanSpec.result_nulls).  The CPU engine's
 * only.
 */
#define GS_OP_IS_MOMENTS(op)	((op) >= GS_OP_MOVVAR)

/* Is op a moving one (values leave the window)? */
#define GS_OP_IS_MOVING(op) \
	((op) == GS_OP_MOVSUM || (op) == GS_OP_MOVAVG || (op) == GS_OP_MOVVAR || (op) == GS_OP_MOVSTD)

/* Status codes of an engine call. */
typedef enum GsStatus
{
	GS_OK = 0,
	GS_ERR_INT8_RANGE,			/* a running total is outside int8 */
	GS_ERR_FLOAT_OVERFLOW,		/* a finite running total overflows the type */
	GS_ERR_OUT_OF_MEMORY,		/* host memory */
	GS_ERR_GPU_OUT_OF_MEMORY,	/* device memory: caller may fall back */
	GS_ERR_GPU_UNSUPPORTED,		/* array needs what the GPU path lacks */
	GS_ERR_NO_DEVICE,			/* no usable GPU or driver */
	GS_ERR_CUDA,				/* any other CUDA failure; message says which */
	GS_ERR_VALUES_OVERWRITTEN,	/* in place, a plan failed after results went over the
								 * values: scan a fresh copy of them */
	GS_ERR_BUSY,				/* the GPU service has no room for the scan now */
	GS_ERR_INTERNAL
} GsStatus;

/* Limbs of a GsRunState's exact sum: core/exact.h's widest accumulator. */
#define GS_RUN_LIMBS		36

/*
 * Where a scan of one row starts (GsScanSpec.init): the state of a running
 * operator after the values before the row, which the window forms of the
 * scans (src/window.c) carry from block to block of a partition.  For
 * GS_OP_SUM (not exclusive) and GS_OP_CUMAVG, the exact sum of the values
 * before, w * 2^unit (integers: unit 0), a two's complement integer
 * sign-extended over every limb, with their count (the means' divisor) and
 * flags (GS_FLAG_*, floats); for GS_OP_MAX and GS_OP_MIN, the running
 * extreme's raw bits (floats zero-extended, integers sign-extended) when
 * nvalues > 0.  Integer running totals with a start state are GS_INT8
 * (the narrower types' totals are not range-checked).
 */
typedef struct GsRunState
{
	int64_t		nvalues;
	uint32_t	flags;
	int			unit;
	uint64_t	w[GS_RUN_LIMBS];
	uint64_t	bits;
} GsRunState;

/*
 * Limbs of a GsMomentsState's sums: of the values, a two's complement
 * integer, and of their squares, nonnegative, each wide enough for 2^63
 * doubles at the finest unit (2^-1074, squares 2^-2148).
 */
#define GS_MOM_LIMBS1		36
#define GS_MOM_LIMBS2		68

/*
 * The exact state of a running variance (GS_OP_CUMVAR, GS_OP_CUMSTD) after
 * the values before a row, which the window forms carry from block to
 * block: the count of values, of which NaN or infinities (nspecial: any
 * makes the results NaN); the sum of the other values in units of 2^unit
 * and of their exact squares in units of 2^(2 unit).
 */
typedef struct GsMomentsState
{
	int64_t		nvalues;
	int64_t		nspecial;
	int			unit;
	uint64_t	s1[GS_MOM_LIMBS1];
	uint64_t	s2[GS_MOM_LIMBS2];
} GsMomentsState;

/* One scan request. */
typedef struct GsScanSpec
{
	GsElemType	type;
	GsScanOp	op;				/* GS_OP_SUM when zeroed */
	const void *values;			/* packed non-NULL values (when source is NULL) */
	GsSource   *source;			/* or where to read them (core/source.h) */
	void	   *result;			/* packed results: int64 for integer sums */
	int64_t		nitems;			/* positions, NULLs included */
	int64_t		row_len;		/* positions per row (> 0 when nitems > 0) */
	const uint8_t *nulls;		/* null bitmap, or NULL when no NULLs */
	bool		exclusive;		/* running total before each value (sums only) */
	int64_t		window;			/* GS_OP_MOVSUM, GS_OP_MOVAVG: positions per window (>= 1) */
	const GsRunState *init;		/* one row: start from this state (NULL: from nothing) */
	GsMomentsState *moments;	/* GS_OP_CUMVAR, _CUMSTD, one row: start from this state and
								 * leave the row's end in it (NULL: from nothing) */
	uint8_t    *result_nulls;	/* GS_OP_IS_MOMENTS: the results' null bitmap, written; the
								 * results packed over it */
	int64_t		report_from;	/* GS_OP_IS_MOMENTS: a result out of range before this position
								 * is written as Infinity, not reported */
	void		(*interrupt) (void);	/* called between chunks; may not return */
} GsScanSpec;

/*
 * A plan for a whole array, from one pass over its values: the fixed-point
 * unit 2^lsb (floats) and accumulator width that hold every running total.
 * The GPU engine scans with one plan; the CPU engine plans block by block.
 * Exactness makes results independent of the plan.
 */
typedef struct GsPlan
{
	GsElemType	type;
	int64_t		nvalues;		/* stored (non-NULL) values */
	int64_t		nrows;
	int			acc_bits;		/* 64, 128 or 64 * nlimbs */
	int			nlimbs;
	int			lsb;
	int			value_bits;		/* bits of the largest |value| in units of 2^lsb */
	bool		special;		/* NaN, Infinity or -0 present: track flags */
} GsPlan;

/* Outcome of a scan. */
typedef struct GsScanResult
{
	GsStatus	status;
	int64_t		error_position; /* 0-based position of the offending output */
	int			acc_bits;		/* accumulator the scan used */
	char		message[256];	/* for GS_ERR_CUDA and friends */
} GsScanResult;

/* Values checked between calls of the interrupt callback. */
#define GS_INTERRUPT_INTERVAL	(INT64_C(1) << 20)

/* Bytes per element of a type, of its running totals, and of a scan's results. */
extern int	gs_type_size(GsElemType type);
extern int	gs_result_size(GsElemType type);
extern int	gs_output_size(GsElemType type, GsScanOp op);

/* Number of set bits among bits [start, start+len) of a null bitmap. */
extern int64_t gs_bitmap_count(const uint8_t *bits, int64_t start, int64_t len);

/* Hint huge pages for a large, fresh result before it is written. */
extern void gs_advise_result(void *p, size_t bytes);

/*
 * Can an engine take the request: whole rows, and exclusive only for sums?
 * Else GS_ERR_INTERNAL with a message.  Both engines check with this.
 */
extern bool gs_spec_ok(const GsScanSpec *spec, GsScanResult *res);

/* Position (0-based, NULLs included) of the k-th stored value. */
extern int64_t gs_value_position(const GsScanSpec *spec, int64_t k);

/* A plan's counts (values, rows) and type, before any value is looked at. */
extern void gs_plan_counts(const GsScanSpec *spec, GsPlan *plan);

/*
 * Analyse the values and choose one accumulator for the whole array (for
 * maxima and minima only the counts: no arithmetic, 64-bit items).
 */
extern void gs_plan(const GsScanSpec *spec, GsPlan *plan);

/*
 * What the analysis of a run of float values learns, value by value as
 * gs_float_class (core/exact.h) classifies them: lo is the minimum of their
 * lowest set bits (biased exponent field, at least 1, + trailing zeros of
 * the mantissa with its implicit bit) over the finite nonzero values,
 * INT32_MAX if there are none; maxabs the largest magnitude's bits.  When
 * special (NaN, an infinity or -0 present), the AVX-512 analysis leaves lo
 * and maxabs meaningless: analyse again with simd = false.
 */
typedef struct GsFloatStats
{
	int32_t		lo;
	uint64_t	maxabs;
	bool		special;
} GsFloatStats;

/*
 * The limits within which a speculative plan is exact: every finite nonzero
 * value's lowest set bit (gs_float_class's lo) >= min_lo and magnitude bits
 * < max_abs; NaN, infinities and -0 only if plan->special.
 */
typedef struct GsPlanLimits
{
	bool		speculative;
	int32_t		min_lo;
	uint64_t	max_abs;
	int			sum_cap;		/* margins keep sums within these bits where the values do (0: none) */
} GsPlanLimits;

/*
 * Widen plan a to cover plan b's arrays too (rows of one batch); false when
 * the types differ or the accumulator would need more than max_bits.
 */
extern bool gs_plan_merge(GsPlan *a, const GsPlan *b, int max_bits);

/* A float plan from statistics over all values (plan's counts set). */
extern void gs_plan_from_stats(GsPlan *plan, const GsFloatStats *st);

/* Bits of two's complement that hold every running total (and window sum) under plan. */
extern int	gs_plan_sum_bits(const GsPlan *plan);

/*
 * The widest window sum that a mean over positions (an array with NULLs)
 * carries on the GPU: above its 32-bit count of values in 128 bits
 * (cuda/window.cuh); wider ones run on the CPU engine.
 */
#define GS_PACKED_SUM_BITS	96

/* Does a scan carry each window's count of values in its sums (a mean over positions)? */
static inline bool
gs_window_packed(const GsScanSpec *spec)
{
	return GS_OP_IS_WINDOW(spec->op) && !GS_OP_IS_MOMENTS(spec->op) &&
		spec->nulls != NULL && spec->op != GS_OP_MOVSUM;
}

/* A speculative float plan from a sample, and the limits to check. */
extern void gs_plan_speculative(const GsScanSpec *spec, GsPlan *plan,
								GsPlanLimits *lim);

/*
 * A speculative float plan from a sample of n values (the first 2^16 and
 * 4096 spread over the rest), counts from spec, and the limits to check.
 */
extern void gs_plan_sample(const GsScanSpec *spec, const void *values, int64_t n,
						   GsPlan *plan, GsPlanLimits *lim);

/*
 * Widen a speculative float plan and its limits to cover values with the
 * statistics st as well (one chunk's, taken exactly), margins added again.
 * The unit never gets coarser and the width never narrower, so a carry
 * in the old plan is exact in the new one (gs_carry_rescale).
 */
extern void gs_plan_widen(GsPlan *plan, GsPlanLimits *lim, const GsFloatStats *st);

/*
 * Widen a plan to hold a start state's sum (GsScanSpec.init) as one value
 * more, and the start state as the carry into the first chunk under it:
 * false when it cannot be one (core/plan.c).
 */
extern void gs_plan_cover_init(GsPlan *plan, const GsRunState *init, GsScanOp op);
extern bool gs_run_carry(const GsRunState *init, GsScanOp op, const GsPlan *plan, bool packed,
						 uint64_t *carry, uint64_t *counts);

/* Re-express a chunk's carry (GS_CARRY_BYTES) made under plan from in plan to. */
extern void gs_carry_rescale(uint64_t *carry, const GsPlan *from, const GsPlan *to);

/* Analysis of float values with AVX-512 when simd (core/analysis.c). */
extern void gs_float_stats(const void *v, int64_t n, bool f8, bool simd,
						   GsFloatStats *st);
extern bool gs_float_stats_in_unit(const void *v, int64_t n, bool f8, int unit,
								   GsFloatStats *st);


/* The GPU engine's scan kernels (gpuscan.kernel). */
typedef enum GsKernel
{
	GS_KERNEL_KOGGE_STONE = 1,	/* hierarchical, Kogge-Stone block scans */
	GS_KERNEL_BRENT_KUNG = 2,	/* hierarchical, Brent-Kung block scans */
	GS_KERNEL_SINGLE_PASS = 3	/* decoupled look-back */
} GsKernel;

/* A kernel's name, as gpuscan.kernel and gpuscan_last_run() spell it. */
static inline const char *
gs_kernel_name(GsKernel k)
{
	return k == GS_KERNEL_KOGGE_STONE ? "kogge_stone"
		: k == GS_KERNEL_BRENT_KUNG ? "brent_kung" : "single_pass";
}

/*
 * Row heads of a chunk: one row, rows of row_len values, a bitmap, or one
 * row that began before the array (a start state, GsScanSpec.init: no
 * value starts a row).
 */
#define GS_HEADS_ONE_ROW	0
#define GS_HEADS_FIXED		1
#define GS_HEADS_BITMAP		2
#define GS_HEADS_NONE		3

/* Is a chunk's heads mode one row (the carry in continues it, or it is the first)? */
#define GS_HEADS_IS_ONE_ROW(mode)	((mode) == GS_HEADS_ONE_ROW || (mode) == GS_HEADS_NONE)

/*
 * Bytes of a chunk's carry: the exact running total after it, as the GPU
 * keeps it, in the plan's fixed point: an int64 (plans of 64 bits) or an
 * int128 (wider) at byte 0, counting units of 2^lsb, then its flags
 * (uint32) at byte 8 or 16.
 */
#define GS_CARRY_BYTES		32

/*
 * A window's counts of special values (GsChunk.counts, cuda/window.cuh):
 * the bit where each 32-bit field of the int128 starts.
 */
#define GS_WCOUNT_NAN		0
#define GS_WCOUNT_PINF		32
#define GS_WCOUNT_NINF		64
#define GS_WCOUNT_NONNEGZERO 96	/* values other than -0 */

/* Does a scan of op under plan count its windows' special values (GsChunk.counts)? */
static inline bool
gs_window_counts(GsScanOp op, const GsPlan *plan)
{
	return GS_OP_IS_WINDOW(op) && plan->special;	/* (integer plans have none) */
}

/*
 * One chunk of a scan, as the GPU engine executes it: n stored values,
 * those from value index offset on (a multiple of 32), in a pinned host
 * buffer that receives the n results in place; the plan of the whole array;
 * and the carry, the exact running total of the chunks before in the plan's
 * fixed point, which the chunk replaces by its own (for the window
 * operators, the window's exact sum at the chunk's last value).  The GPU service passes
 * these through shared memory; gs_chunked_scan() drives them.
 */
typedef struct GsChunk
{
	/* the array */
	GsElemType	type;
	GsScanOp	op;
	bool		exclusive;
	GsKernel	kernel;
	int			fault;			/* testing only: a GsFault (cuda/gpuscan_cuda.h) */
	GsPlan		plan;
	GsPlanLimits lim;
	int			heads_mode;		/* GS_HEADS_* */
	int64_t		row_len;
	/* the chunk */
	int64_t		offset;
	int64_t		n;
	void	   *data;			/* n values in, n results out */
	const uint32_t *head_bits;	/* GS_HEADS_BITMAP: bit k set when value offset + k starts a row */
	/*
	 * window operators: positions per window, 0 when no value leaves (running
	 * means, windows spanning their rows); the lag_n values (pinned, beside
	 * data) window positions before the chunk's first ones, of which the
	 * first lag_skip lie before the array's start (never read nor sent)
	 */
	int64_t		window;
	const void *lag;
	int64_t		lag_n;
	int64_t		lag_skip;

	/*
	 * window operators over an array with NULLs: offset and n count
	 * positions, data holds +0 at NULLs, valid (and lag_valid for lag) has a
	 * bit set for each position holding a value (the null bitmap's order);
	 * the chunk's values are voff .. voff + vn - 1.  packed (means): each
	 * window sum carries its count of values in its low 32 bits (a 128-bit
	 * carry).
	 */
	bool		positions;
	bool		packed;
	const uint8_t *valid;
	const uint8_t *lag_valid;
	int64_t		voff;
	int64_t		vn;
	int64_t		lag_pos;		/* the host's: where the last lag read began, */
	int64_t		lag_voff;		/* and the index of its first value */
	int64_t		count_base;		/* GS_OP_CUMAVG, not packed: values before the row, counted */
	bool		has_carry;		/* false for the first chunk (without a start state) */
	uint64_t	carry[GS_CARRY_BYTES / 8];
	/*
	 * window operators over floats with a plan that has special values: the
	 * window's counts of NaN, +Infinity, -Infinity and values other than -0
	 * at the chunk's last position, 32-bit fields of an int128 at byte 0
	 * (cuda/window.cuh), carried as carry is; zeros while none are counted
	 * (gs_chunked_scan sets them where counting begins after the first chunk).
	 * Counts do not depend on the plan's unit: a new plan keeps them.
	 */
	uint64_t	counts[GS_CARRY_BYTES / 8];
	/* what came of it */
	int64_t		err_index;		/* first value index whose output is out of range, or -1 */
	bool		violation;		/* a value outside a speculative plan's limits */
	double		h2d_ms,
				kernel_ms,
				d2h_ms;
} GsChunk;

/* Where a GPU scan spent its time. */
typedef struct GsGpuTimes
{
	double		h2d_ms;			/* copies to the device (summed over chunks) */
	double		kernel_ms;		/* kernels (summed over chunks) */
	double		d2h_ms;			/* copies back (summed over chunks) */
	double		read_ms;		/* values read from a reader source into the buffer */
	double		stage_ms;		/* values copied from memory into the buffer, row heads */
	double		result_ms;		/* results copied out of the buffer */
	double		plan_ms;		/* the plan, on the host */
	double		wait_ms;		/* blocked on the runner (GPU, queue, transfers) */
	double		queue_ms;		/* of which in the GPU service's queue */
	int			chunks;
	int			device;			/* the GPU of the last chunk */
	bool		replanned;		/* a speculative plan did not cover the data */
} GsGpuTimes;

/*
 * Something that runs chunks on a GPU, with a pinned buffer of buf_bytes to
 * stage them in: the GPU service seen from a backend, or the GPU engine in
 * the calling process (test programs).  submit starts one chunk whose data
 * lies in buf; wait returns when its results are there (GS_OK, or a status
 * with a message).  One chunk is in flight at a time: while it runs, the
 * caller copies the next one into the other half of buf.
 */
typedef struct GsChunkRunner
{
	void	   *ctx;
	char	   *buf;
	size_t		buf_bytes;
	GsStatus	(*submit) (void *ctx, GsChunk *chunk, char *msg, size_t msglen);
	GsStatus	(*wait) (void *ctx, GsChunk *chunk, GsGpuTimes *times, char *msg, size_t msglen);
} GsChunkRunner;

/* Widest accumulator the GPU engine scans with. */
#define GS_GPU_MAX_ACC_BITS 128

/*
 * Scan an array on a GPU, chunk by chunk through runner's buffer: plan on
 * the host (for large float arrays a speculative plan from a sample, which
 * the GPU checks against every value; if it does not cover the data, the
 * exact plan and the scan again), copy each chunk (and its row heads) into
 * one half of the buffer while the chunk before runs from the other, copy
 * the results out, carry to the next chunk.  spec->result may be
 * spec->values (same-size results written in place); if a speculative plan
 * then fails after results went over values, GS_ERR_VALUES_OVERWRITTEN
 * asks the caller for a fresh copy of the values.
 * GS_ERR_GPU_UNSUPPORTED when the exponent range needs more than
 * GS_GPU_MAX_ACC_BITS; the runner's failures as they come.
 */
extern GsStatus gs_chunked_scan(const GsScanSpec *spec, GsKernel kernel, int fault,
								GsChunkRunner *runner, GsScanResult *res,
								GsGpuTimes *times);

/*
 * Whether the float analysis and the CPU engine may use AVX-512 or AVX2: -1
 * (default) the best the CPU has, 0 neither, 2 AVX2 at most (the setting
 * gpuscan.cpu_simd, src/gpuscan.c).  Results are identical either way.
 */
extern int	gs_cpu_simd;

/*
 * The unit (a power of two's exponent) a block of float running totals or
 * running means tries before any analysis, on the vector kernels, for
 * float4 [0] and float8 [1]: the last such block of the type analysed,
 * INT_MIN before any (cpu/sum_block.c).  Results are identical whatever
 * they hold; tests set them.
 */
extern int	gs_cpu_unit_hint[2];

/* Whether AVX-512 is used: the CPU has it and gs_cpu_simd allows it. */
extern bool gs_simd_enabled(void);

/*
 * Whether AVX2 with FMA is used (where AVX-512 is not): the CPU has it and
 * gs_cpu_simd allows it.
 */
extern bool gs_avx2_enabled(void);

/*
 * The exact CPU engine (cpu/).  spec->result may be spec->values (results written
 * over the values) except for exclusive sums and the window operators.
 */
extern GsStatus gs_cpu_scan(const GsScanSpec *spec, GsScanResult *res);

#ifdef __cplusplus
}
#endif

#endif							/* GPUSCAN_ENGINE_H */
