/*
 * cuda/scan_ops.cuh — level: thread.  What the GPU scans: items, the
 * operators, and the conversions in and out, all through core/exact.h.
 *
 * An item is an exact fixed-point integer v (64 or 128 bits, the plan's unit)
 * and flags f: the IEEE special-value flags of core/exact.h (NaN, +-Infinity,
 * "a term other than -0", "any term") and GS_HEAD, set on the first value of
 * each row.  The operator is a segmented sum:
 *
 *     combine(a, b) = b.head ? b : (a.v + b.v, a.f | b.f)
 *
 * which is associative, so the block scans compute every row's running total
 * and flags, restarting at row heads, in one pass over all rows.  NULL
 * elements never reach the GPU (PostgreSQL stores only the values), so
 * skipping them is free.
 *
 * Running maxima and minima use the same kernels with another item type
 * (Ord: a value's raw bits) and operator (SegOrder, the segmented "later
 * of the extremes" under core/exact.h's order keys); OpOf picks the
 * operator from the item type.
 */
#ifndef GPUSCAN_SCAN_OPS_CUH
#define GPUSCAN_SCAN_OPS_CUH

#include "../core/exact.h"
#include "../core/engine.h"

#include <string.h>

#include <type_traits>

#define GS_HEAD			0x80000000u

/*
 * Is T an integer the scans take as it is: the element types' integers, and
 * the 128-bit exact window sums (cuda/window.cuh), which std::is_integral
 * leaves out in standard C++.
 */
template <typename T>
struct IsInt : std::integral_constant<bool, std::is_integral<T>::value || std::is_same<T, gs_i128>::value> {};

/* One scan element. */
template <typename Acc>
struct Item
{
	Acc			v;
	uint32_t	f;
};

/* The segmented sum. */
template <typename Acc>
struct SegSum
{
	__device__ __forceinline__ Item<Acc> identity() const
	{
		Item<Acc>	r;

		r.v = 0;
		r.f = 0;
		return r;
	}

	__device__ __forceinline__ Item<Acc> combine(const Item<Acc> &a, const Item<Acc> &b) const
	{
		Item<Acc>	r;

		if (b.f & GS_HEAD)
			return b;
		r.v = a.v + b.v;
		r.f = a.f | b.f;
		return r;
	}

	/* Does a value make everything before it irrelevant (a row head)? */
	__device__ __forceinline__ bool absorbs(const Item<Acc> &x) const
	{
		return (x.f & GS_HEAD) != 0;
	}
};

/* The plain sum of accumulators: the fast path's per-tile values (one row, no flags). */
template <typename Acc>
struct PlainSum
{
	__device__ __forceinline__ Acc identity() const
	{
		return (Acc) 0;
	}

	__device__ __forceinline__ Acc combine(const Acc &a, const Acc &b) const
	{
		return a + b;
	}

	__device__ __forceinline__ bool absorbs(const Acc &) const
	{
		return false;
	}
};

/*
 * The item value of running maxima / minima: a stored value's raw bits
 * (floats zero-extended, integers sign-extended).  In is the element type,
 * MIN the operator; conversions are explicit, so sums' arithmetic on it
 * does not compile.
 */
template <typename In, bool MIN>
struct Ord
{
	long long	raw;

	Ord() = default;
	__host__ __device__ explicit Ord(long long x) : raw(x) {}
	__host__ __device__ explicit operator long long() const { return raw; }
	__host__ __device__ explicit operator unsigned long long() const { return (unsigned long long) raw; }

	/* the order key (core/exact.h) */
	__device__ __forceinline__ int64_t key() const
	{
		return gs_order_key(!std::is_integral<In>::value, (int) sizeof(In), (uint64_t) raw, MIN);
	}
};

template <typename Acc>
struct IsOrd : std::false_type {};
template <typename In, bool MIN>
struct IsOrd<Ord<In, MIN> > : std::true_type {};

/* Is an order type's operator the minimum? */
template <typename Acc>
struct OrdIsMin : std::false_type {};
template <typename In>
struct OrdIsMin<Ord<In, true> > : std::true_type {};

/* GS_HEAD's partner for order items: no value yet (the identity). */
#define GS_EMPTY		0x40000000u

/*
 * The segmented running extreme: a head forgets what came before; otherwise
 * the later item wins unless the earlier one's key is strictly greater.
 */
template <typename Acc>
struct SegOrder
{
	__device__ __forceinline__ Item<Acc> identity() const
	{
		Item<Acc>	r;

		r.v = Acc(0);
		r.f = GS_EMPTY;
		return r;
	}

	__device__ __forceinline__ Item<Acc> combine(const Item<Acc> &a, const Item<Acc> &b) const
	{
		Item<Acc>	r;

		if ((b.f & GS_HEAD) || (a.f & GS_EMPTY))
			return b;
		if (b.f & GS_EMPTY)
			return a;
		r.v = gs_order_takes(a.v.key(), b.v.key()) ? b.v : a.v;
		r.f = a.f & GS_HEAD;
		return r;
	}

	/* Does a value make everything before it irrelevant (a row head)? */
	__device__ __forceinline__ bool absorbs(const Item<Acc> &x) const
	{
		return (x.f & GS_HEAD) != 0;
	}
};

/*
 * The running maximum of order keys: the fast order tile's values (one row
 * of integers, whose keys are their values or complements, so equal keys
 * are equal values and ties need no care).
 */
struct KeyMax
{
	__device__ __forceinline__ int64_t identity() const
	{
		return INT64_MIN;
	}

	__device__ __forceinline__ int64_t combine(int64_t a, int64_t b) const
	{
		return gs_order_takes(a, b) ? b : a;
	}

	__device__ __forceinline__ bool absorbs(int64_t) const
	{
		return false;
	}
};

/* The operator of an item type. */
template <typename Acc>
struct OpTraits
{
	typedef SegSum<Acc> Op;
};
template <typename In, bool MIN>
struct OpTraits<Ord<In, MIN> >
{
	typedef SegOrder<Ord<In, MIN> > Op;
};
template <typename Acc>
using OpOf = typename OpTraits<Acc>::Op;

/*
 * Where rows start, in stored-value indexes: one row (mode 0), rows of a
 * fixed number of values (mode 1: no NULLs), or a bitmap built on the host
 * (mode 2: NULLs and several rows).
 */
struct HeadSource
{
	int			mode;
	int64_t		row_len;
	const uint32_t *bits;

	__device__ __forceinline__ bool is_head(int64_t i) const
	{
		if (mode == GS_HEADS_ONE_ROW)
			return i == 0;
		if (mode == GS_HEADS_FIXED)
			return i % row_len == 0;
		if (mode == GS_HEADS_NONE)
			return false;
		return (bits[i >> 5] >> (i & 31)) & 1;
	}
};

/*
 * Fixed-point conversion constants of a float plan.  A speculative plan
 * (guessed from a sample) also carries the limits within which it is exact:
 * every finite value's lowest set bit at or above 2^lsb (biased exponent
 * field + trailing zeros >= min_lo) and magnitude bits below max_abs.  A
 * value outside them raises *violation, and the scan is redone with an exact
 * plan; results never come from a plan that does not cover the data.
 */
struct FloatPlan
{
	int			lsb;
	double		s1,
				s2;				/* s1 * s2 = 2^-lsb */
	float		scale_f;		/* 2^lsb */
	double		scale_d;
	float		inv_f;			/* 2^-lsb if a float holds it, else 0 */
	bool		special;		/* NaN, Infinity or -0 in the array */
	bool		speculative;
	int			min_lo;			/* speculative: see above */
	uint64_t	max_abs;
	unsigned   *violation;
};

/* The float plan of a plan (host); the caller adds a speculative plan's limits. */
static inline FloatPlan
MakeFloatPlan(const GsPlan *plan, unsigned *violation)
{
	FloatPlan	fp;

	memset(&fp, 0, sizeof(fp));
	fp.lsb = plan->lsb;
	gs_fixed_factors(plan->lsb, &fp.s1, &fp.s2);
	fp.scale_d = gs_pow2(plan->lsb);
	fp.scale_f = (float) fp.scale_d;
	fp.inv_f = plan->lsb >= -127 && plan->lsb <= 126 ? (float) gs_pow2(-plan->lsb) : 0.0f;
	fp.special = plan->special;
	fp.violation = violation;
	return fp;
}

/* A finite float as a fixed-point integer of the accumulator's width. */
template <typename In, typename Acc>
__device__ __forceinline__ Acc
ToFixed(In x, const FloatPlan &p)
{
	if constexpr (sizeof(Acc) == 8)
		return (Acc) gs_f64_to_fixed64((double) x, p.s1, p.s2);
	else if constexpr (sizeof(In) == 4)
		return (Acc) gs_f32_to_fixed128(gs_f32_bits(x), p.lsb);
	else
		return (Acc) gs_f64_to_fixed128(gs_f64_bits(x), p.lsb);
}

/* Flags of one float value. */
template <typename In>
__device__ __forceinline__ uint32_t
FloatFlags(In x)
{
	if constexpr (sizeof(In) == 4)
		return gs_f32_flags(gs_f32_bits(x));
	else
		return gs_f64_flags(gs_f64_bits(x));
}

/*
 * Does a value fall outside a speculative plan: a finite value below its
 * unit or above its magnitude limit, or a NaN, infinity or -0 in a plan made
 * without special values?
 */
template <typename In>
__device__ __forceinline__ bool
OutsidePlan(In x, const FloatPlan &p)
{
	const int	f8 = sizeof(In) == 8;
	uint64_t	a;
	int32_t		lo;
	int			kind = gs_float_class(f8 ? gs_f64_bits((double) x) : gs_f32_bits((float) x), f8, &a, &lo);

	if (kind == GS_VALUE_SPECIAL)
		return !p.special;
	return kind == GS_VALUE_FINITE && (lo < p.min_lo || a >= p.max_abs);
}

/* One stored value as an item; gi is its index among all stored values. */
template <typename In, typename Acc>
__device__ __forceinline__ Item<Acc>
MakeItem(In v, int64_t gi, const HeadSource &heads, const FloatPlan &plan)
{
	Item<Acc>	r;

	r.f = heads.is_head(gi) ? GS_HEAD : 0;
	if constexpr (IsOrd<Acc>::value)
	{
		if constexpr (std::is_integral<In>::value)
			r.v = Acc((long long) v);
		else if constexpr (sizeof(In) == 4)
			r.v = Acc((long long) gs_f32_bits(v));
		else
			r.v = Acc((long long) gs_f64_bits(v));
	}
	else if constexpr (IsInt<In>::value)
		r.v = (Acc) v;
	else
	{
		uint32_t	fl = plan.special ? FloatFlags(v) : 0;

		r.f |= fl;
		if (plan.speculative && OutsidePlan(v, plan))
			atomicOr(plan.violation, 1u);
		r.v = (fl & GS_FLAG_NONFINITE) ? (Acc) 0 : ToFixed<In, Acc>(v, plan);
	}
	return r;
}

/* Level-0 loader: a stored value as an item. */
template <typename In, typename Acc>
struct Loader
{
	const In   *x;
	int64_t		offset;			/* index of x[0] among all stored values */
	HeadSource	heads;
	FloatPlan	plan;

	__device__ __forceinline__ Item<Acc> operator()(int64_t i) const
	{
		return MakeItem<In, Acc>(x[i], offset + i, heads, plan);
	}
};

/* Loader of the upper levels: items as they are. */
template <typename Acc>
struct ItemLoader
{
	const Item<Acc> *s;

	__device__ __forceinline__ Item<Acc> operator()(int64_t i) const
	{
		return s[i];
	}
};

/* Round a 64- or 128-bit accumulator to float / double (core/exact.h). */
template <typename Out, typename Acc>
__device__ __forceinline__ Out
RoundTo(Acc k, const FloatPlan &p)
{
	if constexpr (sizeof(Acc) == 8)
	{
		if constexpr (sizeof(Out) == 4)
			return gs_fixed64_to_f32((int64_t) k, p.scale_f);
		else
			return gs_fixed64_to_f64((int64_t) k, p.scale_d);
	}
	else if constexpr (sizeof(Out) == 4)
		return gs_fixed128_to_f32(k, p.lsb, p.scale_f);
	else
		return gs_fixed128_to_f64(k, p.lsb, p.scale_d);
}

/* Is a float / double infinite? */
__device__ __forceinline__ bool
IsInf(float x)
{
	return (gs_f32_bits(x) & 0x7fffffffu) == 0x7f800000u;
}
__device__ __forceinline__ bool
IsInf(double x)
{
	return (gs_f64_bits(x) & UINT64_C(0x7fffffffffffffff)) == UINT64_C(0x7ff0000000000000);
}

/*
 * The output of a running total without flags: the int8 result, or the
 * float result correctly rounded (0 gives +0), or the total itself where
 * the output is the accumulator (the exact sums of cuda/window.cuh).  An
 * output that overflows the result type records its global index gi with
 * atomicMin into *err.
 */
template <typename Out, typename Acc>
__device__ __forceinline__ Out
SumOutput(const Acc &v, int64_t gi, const FloatPlan &plan, unsigned long long *err)
{
	if constexpr (std::is_same<Out, Acc>::value)
		return v;
	else if constexpr (IsInt<Out>::value)
	{
		/* int8 results: a 128-bit total must fit */
		if constexpr (sizeof(Acc) > 8)
		{
			if (v > (gs_i128) INT64_MAX || v < (gs_i128) INT64_MIN)
				atomicMin(err, (unsigned long long) gi);
		}
		return (Out) (int64_t) v;
	}
	else
	{
		Out			r = RoundTo<Out>(v, plan);

		if (IsInf(r))
			atomicMin(err, (unsigned long long) gi);
		return r;
	}
}

/*
 * The output that the flags f of a float sum decide (core/exact.h): the
 * special value they name, or, for a zero sum, +0 or -0.  Returns false
 * when the sum's value decides (SumOutput).
 */
template <typename Out>
__device__ __forceinline__ bool
FlagsOutput(uint32_t f, bool zero, Out *o)
{
	double		sv;

	if (gs_special_value(f, &sv))
		*o = (Out) sv;
	else if (zero)
		*o = gs_zero_is_negative(f) ? (Out) -0.0 : (Out) 0.0;
	else
		return false;
	return true;
}

/*
 * The output of one running total: the value itself for maxima and minima,
 * else SumOutput's, after special values and signed zero.
 */
template <typename Out, typename Acc>
__device__ __forceinline__ Out
MakeOutput(const Item<Acc> &it, int64_t gi, const FloatPlan &plan,
		   unsigned long long *err)
{
	if constexpr (IsOrd<Acc>::value)
	{
		/* the value itself, bit for bit */
		if constexpr (std::is_integral<Out>::value)
			return (Out) it.v.raw;
		else if constexpr (sizeof(Out) == 4)
			return gs_f32_from_bits((uint32_t) it.v.raw);
		else
			return gs_f64_from_bits((uint64_t) it.v.raw);
	}
	else if constexpr (IsInt<Out>::value)
		return SumOutput<Out, Acc>(it.v, gi, plan, err);
	else
	{
		Out			o;

		if (FlagsOutput<Out>(it.f, it.v == 0, &o))
			return o;
		return SumOutput<Out, Acc>(it.v, gi, plan, err);
	}
}

/* Writer of the hierarchical scan's output kernel. */
template <typename Out, typename Acc>
struct Writer
{
	Out		   *y;
	int64_t		offset;			/* index of y[0] among all stored values */
	FloatPlan	plan;
	unsigned long long *err;

	__device__ __forceinline__ void operator()(int64_t i, const Item<Acc> &it) const
	{
		y[i] = MakeOutput<Out, Acc>(it, offset + i, plan, err);
	}
};

#endif							/* GPUSCAN_SCAN_OPS_CUH */
