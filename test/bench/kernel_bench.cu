/*
 * test/bench/kernel_bench.cu — the GPU engine's kernels, device-resident,
 * against cub::DeviceScan::InclusiveSum on plain float and a device-to-device
 * copy, measured in the same run.
 *
 * For float4 (and float8) arrays of 2^16 ... 2^28 random values, the median
 * of REPS timed runs (CUDA events) of: the copy, CUB's inclusive sum of the
 * same type, and the exact scan with each kernel (Kogge-Stone and Brent-Kung
 * hierarchical, the single pass's generic tile, the single pass as the
 * engine runs it), with the plan the engine would use, and the single pass's
 * fast tile in other shapes (threads x values / blocks per SM / look-back
 * tiles per lane).  For int4, running maxima against CUB's inclusive max
 * scan.  Each output is checked bit for bit against the CPU engine (sums)
 * or a plain loop (maxima) once per size.  Prints a table of medians and
 * ratios (to CUB and to the copy) and writes CSV.
 *
 * Usage: kernel_bench [max_log2 [csv]]
 *        kernel_bench profile log2    (float4 at one size: CUB, then the
 *        engine's single pass and one other shape twice each; for ncu)
 *        kernel_bench check log2      (every kernel and shape once at one
 *        size, float4, float8 and int4; ends "N passed, N failed": for
 *        compute-sanitizer)
 */
#include "../../cuda/dispatch.cuh"
#include "../../core/engine.h"

#include <cub/device/device_scan.cuh>

#include "bench.h"
#include "../rand.h"

#include <algorithm>
#include <type_traits>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#define REPS 20
#define CK BENCH_CK

static int	sms;
static int	arch;
static bool profile;			/* "profile": few launches, for ncu */
static int	reps = REPS;		/* "check": 1, no warm-up */
static int	exact,
			mismatches;			/* outputs checked bit for bit */

/* Count an output checked bit for bit; its word for the table. */
static const char *
Verdict(bool same)
{
	(same ? exact : mismatches)++;
	return same ? "bit-exact" : "MISMATCH";
}

/* Time a device operation: median of REPS, microseconds. */
template <typename F>
static double
TimeUs(F op)
{
	cudaEvent_t a,
				b;
	double		t[REPS];

	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	if (reps > 1)
		op();					/* warm-up */
	CK(cudaDeviceSynchronize());
	for (int r = 0; r < reps; r++)
	{
		float		ms;

		CK(cudaEventRecord(a));
		op();
		CK(cudaEventRecord(b));
		CK(cudaEventSynchronize(b));
		CK(cudaEventElapsedTime(&ms, a, b));
		t[r] = ms * 1e3;
	}
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	return BenchMedian(t, reps);
}

/* One row of the table (and of the CSV). */
static void
Row(FILE *csv, const char *tname, int log2n, const char *name, double us, double cub_us,
	double copy_us, size_t bytes, const char *extra)
{
	printf("%-7s 2^%-2d %-15s %10.1f us  %6.2fx cub  %6.2fx copy  %7.1f GB/s  %s\n", tname, log2n,
		   name, us, us / cub_us, us / copy_us, 2.0 * bytes / us * 1e-3, extra);
	if (csv)
		fprintf(csv, "%s,%ld,%s,%.3f,%.4f,%.4f\n", tname, (long) 1 << log2n, name, us,
				us / cub_us, us / copy_us);
}

/* One size's arrays: host values, reference and output; device buffers. */
template <typename T>
struct Bufs
{
	int64_t		n;
	size_t		bytes;
	std::vector<T> h,
				ref,
				got;
	void	   *in,
			   *out,
			   *scratch;
	unsigned long long *err;	/* error index, plan check, carry item */

	Bufs(int64_t n_, size_t scratch_bytes) : n(n_), bytes(n_ * sizeof(T)), h(n_), ref(n_), got(n_)
	{
		CK(cudaMalloc(&in, bytes));
		CK(cudaMalloc(&out, bytes));
		CK(cudaMalloc(&err, 128));
		CK(cudaMalloc(&scratch, scratch_bytes));
	}
	~Bufs()
	{
		cudaFree(in);
		cudaFree(out);
		cudaFree(err);
		cudaFree(scratch);
	}

	/* the device output against the reference, bit for bit */
	const char *verdict()
	{
		CK(cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost));
		return Verdict(memcmp(got.data(), ref.data(), bytes) == 0);
	}
};

/* The launch parameters of a whole device-resident array of one row. */
template <typename In, typename Acc>
static SpParams<In, In, Acc>
ParamsOf(const Bufs<In> &b, int64_t n, const FloatPlan &fp)
{
	SpParams<In, In, Acc> p;

	memset(&p, 0, sizeof(p));
	p.x = (In *) b.in;
	p.y = (In *) b.out;
	p.n = n;
	p.heads.mode = GS_HEADS_ONE_ROW;
	p.heads.row_len = n;
	p.plan = fp;
	p.carry_out = (Item<Acc> *) (b.err + 2);
	p.err = b.err;
	return p;
}

/*
 * A fast sum tile of shape S in a mode: the single pass (SUB 0), or
 * reduce-then-scan in ranges of SUB tiles, or only its first pass (A_ONLY).
 */
template <typename S, int SUB, bool A_ONLY, typename T, typename A>
static cudaError_t
LaunchFastSum(int mode, const SpParams<T, T, A> &p, void *scratch)
{
	return WithFastSum<T, T, A>(mode, [&](auto family) {
		typedef typename decltype(family)::template Of<S> Tile;

		if constexpr (SUB == 0)
			return LaunchSinglePass<Tile, S>(p, scratch, 0);
		else if constexpr (!A_ONLY)
			return LaunchReduceScan<Tile, S, SUB>(p, scratch, 0);
		else
		{
			const int64_t span = (int64_t) S::TILE * SUB;

			ReduceRanges<Tile, S, SUB><<<(unsigned) ((p.n + span - 1) / span), S::THREADS>>>(
				p, (typename Tile::T *) scratch);
			return cudaGetLastError();
		}
	});
}

/* Sums of one float type at one size: copy, CUB, each kernel, fast-tile shapes. */
template <typename T>
static void
BenchSum(int log2n, FILE *csv)
{
	const int64_t n = (int64_t) 1 << log2n;
	const char *tname = sizeof(T) == 4 ? "float4" : "float8";
	Bufs<T>		b(n, std::max(ScratchBytes<gs_i128>(GS_KS, n), ScratchBytes<gs_i128>(GS_SP, n)));
	const size_t bytes = b.bytes;
	std::vector<T> &h = b.h,
			   &ref = b.ref;
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	FloatPlan	fp;
	HeadSource	heads = {GS_HEADS_ONE_ROW, n, NULL};
	double		copy_us,
				cub_us;
	bool		wide;
	char		extra[96];

	for (int64_t i = 0; i < n; i++)
		h[i] = (T) BenchUniform(-1000, 1000);
	BenchFloatSpec(&spec, sizeof(T) == 8, h.data(), ref.data(), n);
	gs_cpu_scan(&spec, &res);
	gs_plan(&spec, &plan);
	wide = plan.acc_bits > 64;

	fp = MakeFloatPlan(&plan, (unsigned *) (b.err + 1));
	CK(cudaMemcpy(b.in, h.data(), bytes, cudaMemcpyHostToDevice));

	copy_us = TimeUs([&] { CK(cudaMemcpyAsync(b.out, b.in, bytes, cudaMemcpyDeviceToDevice)); });
	{
		size_t		tb = 0;
		void	   *temp = NULL;

		CK(cub::DeviceScan::InclusiveSum(temp, tb, (T *) b.in, (T *) b.out, n));
		CK(cudaMalloc(&temp, tb));
		cub_us = TimeUs([&] { CK(cub::DeviceScan::InclusiveSum(temp, tb, (T *) b.in, (T *) b.out, n)); });
		cudaFree(temp);
	}
	Row(csv, tname, log2n, "d2d copy", copy_us, cub_us, copy_us, bytes, "");
	Row(csv, tname, log2n, sizeof(T) == 4 ? "cub (float)" : "cub (double)", cub_us, cub_us, copy_us, bytes, "");

	/* time a launch, then check its output bit for bit */
	auto timed = [&](const char *name, int mode, auto launch) {
		double		us = TimeUs([&] {
			CK(cudaMemsetAsync(b.err, 0xff, 8));
			CK(launch());
		});

		snprintf(extra, sizeof(extra), "acc %d vb %d fast %d  %s", plan.acc_bits, plan.value_bits, mode,
				 b.verdict());
		Row(csv, tname, log2n, name, us, cub_us, copy_us, bytes, extra);
	};
	auto chunk = [&](int kind, bool fast) {
		if (wide)
			return ScanChunk<T, T, gs_i128>(kind, (T *) b.in, (T *) b.out, n, 0, heads, &plan, fp, false,
											NULL, (Item<gs_i128> *) (b.err + 2), b.scratch, b.err, 0,
											sms, arch, fast);
		return ScanChunk<T, T, int64_t>(kind, (T *) b.in, (T *) b.out, n, 0, heads, &plan, fp, false,
										NULL, (Item<int64_t> *) (b.err + 2), b.scratch, b.err, 0,
										sms, arch, fast);
	};

	auto params = [&](auto acc) { return ParamsOf<T, decltype(acc)>(b, n, fp); };
	/* a fast sum tile of shape S (see LaunchFastSum) with the plan's accumulator */
	auto fast = [&](auto sh, auto sub, bool a_only, int mode) {
		typedef decltype(sh) S;
		constexpr int SUB = decltype(sub)::value;

		if (a_only)
			return LaunchFastSum<S, SUB, true>(mode, params(gs_i128()), b.scratch);
		return wide ? LaunchFastSum<S, SUB, false>(mode, params(gs_i128()), b.scratch)
			: LaunchFastSum<S, SUB, false>(mode, params(int64_t()), b.scratch);
	};
	typedef std::integral_constant<int, 0> SinglePassOnly;
	if (profile)
	{
		/* two launches of each: the engine's single pass, a shape, CUB ran above */
		for (int r = 0; r < 2; r++)
		{
			CK(chunk(GS_SP, true));
			typedef GsShape<256, 8, 4, 1> S;

			CK(fast(S(), SinglePassOnly(), false, SpFastMode<S>(&plan, false)));
		}
		CK(cudaDeviceSynchronize());
		return;
	}
	if (log2n <= 24)
	{
		timed("kogge_stone", 0, [&] { return chunk(GS_KS, false); });
		timed("brent_kung", 0, [&] { return chunk(GS_BK, false); });
	}
	timed("sp_generic", 0, [&] { return chunk(GS_SP, false); });
	timed("single_pass", SpFastMode<GsTuning<90>::Fast>(&plan, false), [&] { return chunk(GS_SP, true); });

	/* the fast tile in other shapes, each where its plan allows; the generic tile in others */
	auto shape = [&](auto sh, const char *name) {
		typedef decltype(sh) S;
		int			mode = SpFastMode<S>(&plan, false);

		if (mode == GS_FAST_NONE)
			return;
		timed(name, mode, [&] { return fast(sh, SinglePassOnly(), false, mode); });
	};
	auto generic = [&](auto sh, const char *name) {
		typedef decltype(sh) S;

		timed(name, 0, [&] {
			return wide ? LaunchSinglePass<GenericTile<T, T, gs_i128, S>, S>(params(gs_i128()), b.scratch, 0)
				: LaunchSinglePass<GenericTile<T, T, int64_t, S>, S>(params(int64_t()), b.scratch, 0);
		});
	};
	/* reduce-then-scan in ranges of sub tiles; or its first pass alone (a 128-bit plan): reading the values once */
	auto rs = [&](auto sh, auto sub, const char *name, bool a_only = false) {
		typedef decltype(sh) S;
		int			mode = SpFastMode<S>(&plan, false);

		if (mode == GS_FAST_NONE || (a_only && !wide))
			return;
		timed(name, mode, [&] { return fast(sh, sub, a_only, mode); });
	};
	shape(GsTuning<90>::Fast(), "sp_fast");
	shape(GsShape<256, 8, 4, 1>(), "spf 256x8/4");
	shape(GsShape<1024, 8, 1, 1>(), "spf 1024x8/1");
	shape(GsShape<256, 16, 2, 1>(), "spf 256x16/2");
	rs(GsShape<256, 8, 4, 1>(), std::integral_constant<int, 8>(), "rs 256x8/4 x8");
	rs(GsShape<128, 8, 8, 1>(), std::integral_constant<int, 16>(), "rs 128x8/8 x16");
	rs(GsShape<256, 8, 4, 1>(), std::integral_constant<int, 8>(), "rs pass a only", true);
	generic(GsShape<256, 8, 4, 1>(), "spg 256x8/4");
	generic(GsShape<256, 8, 1, 1>(), "spg 256x8/1");
	fflush(stdout);
}

/* CUB's operator for running maxima. */
struct MaxInt
{
	__device__ int32_t operator()(int32_t a, int32_t c) const
	{
		return a > c ? a : c;
	}
};

/* Running maxima of int4 at one size: copy, CUB's inclusive max scan, the single pass. */
static void
BenchMax(int log2n, FILE *csv)
{
	typedef Ord<int32_t, false> A;
	const int64_t n = (int64_t) 1 << log2n;
	Bufs<int32_t> b(n, ScratchBytes<A>(GS_SP, n));
	const size_t bytes = b.bytes;
	std::vector<int32_t> &h = b.h,
			   &ref = b.ref;
	GsPlan		plan;
	HeadSource	heads = {GS_HEADS_ONE_ROW, n, NULL};
	double		copy_us,
				cub_us,
				us;
	char		extra[64];

	for (int64_t i = 0; i < n; i++)
	{
		h[i] = (int32_t) (uint32_t) Rand64();
		ref[i] = i > 0 && ref[i - 1] > h[i] ? ref[i - 1] : h[i];	/* the reference: a plain loop */
	}
	memset(&plan, 0, sizeof(plan));
	CK(cudaMemcpy(b.in, h.data(), bytes, cudaMemcpyHostToDevice));
	FloatPlan	fp = MakeFloatPlan(&plan, (unsigned *) (b.err + 1));

	copy_us = TimeUs([&] { CK(cudaMemcpyAsync(b.out, b.in, bytes, cudaMemcpyDeviceToDevice)); });
	{
		size_t		tb = 0;
		void	   *temp = NULL;
		MaxInt		mx;

		CK(cub::DeviceScan::InclusiveScan(temp, tb, (int32_t *) b.in, (int32_t *) b.out, mx, n));
		CK(cudaMalloc(&temp, tb));
		cub_us = TimeUs([&] {
			CK(cub::DeviceScan::InclusiveScan(temp, tb, (int32_t *) b.in, (int32_t *) b.out, mx, n));
		});
		cudaFree(temp);
	}
	Row(csv, "int4", log2n, "d2d copy", copy_us, cub_us, copy_us, bytes, "");
	Row(csv, "int4", log2n, "cub max", cub_us, cub_us, copy_us, bytes, "");
	auto timed = [&](const char *name, auto launch) {
		us = TimeUs([&] { CK(launch()); });
		snprintf(extra, sizeof(extra), "%s", b.verdict());
		Row(csv, "int4", log2n, name, us, cub_us, copy_us, bytes, extra);
	};
	auto chunk = [&](bool fast) {
		return ScanChunk<int32_t, int32_t, A>(GS_SP, (int32_t *) b.in, (int32_t *) b.out, n, 0, heads, &plan,
											  fp, false, NULL, (Item<A> *) (b.err + 2), b.scratch, b.err, 0,
											  sms, arch, fast);
	};
	const SpParams<int32_t, int32_t, A> p = ParamsOf<int32_t, A>(b, n, fp);
	auto shape = [&](auto sh, const char *name) {
		typedef decltype(sh) S;

		timed(name, [&] { return LaunchSinglePass<FastOrderTile<int32_t, int32_t, A, S>, S>(p, b.scratch, 0); });
	};

	timed("cummax generic", [&] { return chunk(false); });
	timed("cummax", [&] { return chunk(true); });
	auto rs = [&](auto sh, auto sub, const char *name) {
		typedef decltype(sh) S;
		constexpr int SUB = decltype(sub)::value;

		timed(name, [&] { return LaunchReduceScan<FastOrderTile<int32_t, int32_t, A, S>, S, SUB>(p, b.scratch, 0); });
	};
	shape(GsShape<256, 8, 4, 1>(), "spo 256x8/4");
	shape(GsShape<256, 16, 3, 1>(), "spo 256x16/3");
	rs(GsShape<256, 8, 4, 1>(), std::integral_constant<int, 8>(), "rso 256x8/4 x8");
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	int			maxlog;
	FILE	   *csv;
	cudaDeviceProp prop;
	bool		check;

	profile = argc > 1 && strcmp(argv[1], "profile") == 0;
	check = argc > 1 && strcmp(argv[1], "check") == 0;
	if (profile || check)
	{
		argv++;
		argc--;
	}
	if (check)
		reps = 1;
	maxlog = argc > 1 ? atoi(argv[1]) : 28;
	csv = argc > 2 ? fopen(argv[2], "w") : NULL;

	rng_state = 42;
	CK(cudaGetDeviceProperties(&prop, 0));
	sms = prop.multiProcessorCount;
	arch = GsArch(prop.major * 10 + prop.minor);
	printf("# kernel_bench: %s, %d SMs; medians of %d; GB/s counts bytes read + written\n",
		   prop.name, prop.multiProcessorCount, REPS);
	if (csv)
		fprintf(csv, "type,n,kernel,us,ratio_cub,ratio_copy\n");
	if (profile)
	{
		BenchSum<float>(maxlog, NULL);
		return 0;
	}
	if (check)
	{
		BenchSum<float>(maxlog, NULL);
		BenchSum<double>(maxlog, NULL);
		BenchMax(maxlog, NULL);
		printf("%d passed, %d failed\n", exact, mismatches);
		return mismatches > 0;
	}
	for (int l = 16; l <= maxlog; l += 2)
		BenchSum<float>(l, csv);
	for (int l = 20; l <= maxlog && l <= 26; l += 6)
		BenchSum<double>(l, csv);
	for (int l = 20; l <= maxlog; l += 4)
		BenchMax(l, csv);
	if (csv)
		fclose(csv);
	return 0;
}
