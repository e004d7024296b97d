/*
 * test/bench/kernel_bench.cu — the GPU engine's kernels, device-resident,
 * against cub::DeviceScan::InclusiveSum on plain float and a device-to-device
 * copy, measured in the same run.
 *
 * For float4 (and float8) arrays of 2^16 ... 2^28 random values, the median
 * of REPS timed runs (CUDA events) of: the copy, CUB, and the exact scan with
 * each kernel (Kogge-Stone and Brent-Kung hierarchical, single pass), with
 * the plan the engine would use.  Each kernel's output is checked bit for
 * bit against the CPU engine once per size.  Prints a table of medians and
 * ratios (to CUB and to the copy) and writes CSV.
 *
 * Usage: kernel_bench [max_log2 [csv]]
 */
#include "../../cuda/scan_kernels.cuh"
#include "../../core/engine.h"

#include <cub/device/device_scan.cuh>

#include <algorithm>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

#define REPS 20

#define CK(x) \
	do { \
		cudaError_t e_ = (x); \
		if (e_ != cudaSuccess) \
		{ \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
			exit(1); \
		} \
	} while (0)

static uint64_t rng = 42;
static int	sms;

/* splitmix64 */
static uint64_t
Rand64(void)
{
	uint64_t	z = (rng += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Median of timings. */
static double
Median(std::vector<double> v)
{
	std::sort(v.begin(), v.end());
	return v[v.size() / 2];
}

/* Time a device operation: median of REPS, microseconds. */
template <typename F>
static double
TimeUs(F op)
{
	cudaEvent_t a,
				b;
	std::vector<double> t;

	CK(cudaEventCreate(&a));
	CK(cudaEventCreate(&b));
	op();						/* warm-up */
	CK(cudaDeviceSynchronize());
	for (int r = 0; r < REPS; r++)
	{
		float		ms;

		CK(cudaEventRecord(a));
		op();
		CK(cudaEventRecord(b));
		CK(cudaEventSynchronize(b));
		CK(cudaEventElapsedTime(&ms, a, b));
		t.push_back(ms * 1e3);
	}
	cudaEventDestroy(a);
	cudaEventDestroy(b);
	return Median(t);
}

/* Run one type at one size: copy, CUB (float only), each kernel. */
template <typename T>
static void
Bench(int log2n, FILE *csv)
{
	const int64_t n = (int64_t) 1 << log2n;
	const char *tname = sizeof(T) == 4 ? "float4" : "float8";
	std::vector<T> h(n),
				ref(n),
				got(n);
	T		   *d_in,
			   *d_out;
	void	   *scratch;
	unsigned long long *err;
	unsigned   *viol;
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	FloatPlan	fp;
	HeadSource	heads = {0, n, NULL};
	double		copy_us,
				cub_us = 0;
	static const char *kname[] = {"", "kogge_stone", "brent_kung", "sp_generic", "single_pass"};

	for (int64_t i = 0; i < n; i++)
		h[i] = (T) (2000.0 * ((Rand64() >> 11) * 0x1p-53) - 1000.0);
	memset(&spec, 0, sizeof(spec));
	spec.type = sizeof(T) == 4 ? GS_FLOAT4 : GS_FLOAT8;
	spec.values = h.data();
	spec.result = ref.data();
	spec.nitems = n;
	spec.row_len = n;
	gs_cpu_scan(&spec, &res);
	gs_plan(&spec, &plan);

	memset(&fp, 0, sizeof(fp));
	fp.lsb = plan.lsb;
	gs_fixed_factors(plan.lsb, &fp.s1, &fp.s2);
	fp.scale_d = gs_pow2(plan.lsb);
	fp.scale_f = (float) fp.scale_d;
	fp.special = plan.special;

	CK(cudaMalloc(&d_in, n * sizeof(T)));
	CK(cudaMalloc(&d_out, n * sizeof(T)));
	CK(cudaMalloc(&err, 128));	/* error index, plan check, carry item */
	viol = (unsigned *) (err + 1);
	fp.violation = viol;
	CK(cudaMemcpy(d_in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice));

	copy_us = TimeUs([&] { CK(cudaMemcpyAsync(d_out, d_in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
	{
		size_t		tb = 0;
		void	   *temp = NULL;

		CK(cub::DeviceScan::InclusiveSum(temp, tb, d_in, d_out, n));
		CK(cudaMalloc(&temp, tb));
		cub_us = TimeUs([&] { CK(cub::DeviceScan::InclusiveSum(temp, tb, d_in, d_out, n)); });
		cudaFree(temp);
	}
	printf("%-7s 2^%-2d %-13s %10.1f us  %6.2fx cub  %6.2fx copy  %7.1f GB/s\n", tname, log2n,
		   "d2d copy", copy_us, copy_us / cub_us, 1.0, 2.0 * n * sizeof(T) / copy_us * 1e-3);
	printf("%-7s 2^%-2d %-13s %10.1f us  %6.2fx cub  %6.2fx copy  %7.1f GB/s\n", tname, log2n,
		   "cub (float)", cub_us, 1.0, cub_us / copy_us, 2.0 * n * sizeof(T) / cub_us * 1e-3);
	if (csv)
	{
		fprintf(csv, "%s,%ld,d2d_copy,0,%.3f,%.4f,%.4f\n", tname, (long) n, copy_us, copy_us / cub_us, 1.0);
		fprintf(csv, "%s,%ld,cub_inclusive_sum,0,%.3f,%.4f,%.4f\n", tname, (long) n, cub_us, 1.0, cub_us / copy_us);
	}

	/* the kernels, then single_pass as the engine runs it (its fast path when the plan allows) */
	for (int row = GS_KS; row <= GS_SP + 1; row++)
	{
		int			kind = row > GS_SP ? GS_SP : row;
		int			fast = row > GS_SP ? SpFastMode(&plan, false) : SPF_NONE;
		bool		wide = plan.acc_bits > 64;
		size_t		sb = wide ? ScratchBytes<gs_i128>(kind, n) : ScratchBytes<int64_t>(kind, n);
		double		us;
		const char *ok;

		CK(cudaMalloc(&scratch, sb));
		auto run = [&] {
			CK(cudaMemsetAsync(err, 0xff, 8));
			if (wide)
				CK((ScanChunk<T, T, gs_i128>(kind, d_in, d_out, n, 0, heads, fp, false, NULL,
											 (Item<gs_i128> *) (err + 2),
											 CarveScratch<gs_i128>(kind, n, scratch), err, 0, sms, fast)));
			else
				CK((ScanChunk<T, T, int64_t>(kind, d_in, d_out, n, 0, heads, fp, false, NULL,
											 (Item<int64_t> *) (err + 2),
											 CarveScratch<int64_t>(kind, n, scratch), err, 0, sms, fast)));
		};
		us = TimeUs(run);
		CK(cudaMemcpy(got.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
		ok = memcmp(got.data(), ref.data(), n * sizeof(T)) == 0 ? "bit-exact" : "MISMATCH";
		printf("%-7s 2^%-2d %-13s %10.1f us  %6.2fx cub  %6.2fx copy  %7.1f GB/s  acc %d vb %d fast %d  %s\n",
			   tname, log2n, kname[row], us, us / cub_us, us / copy_us,
			   2.0 * n * sizeof(T) / us * 1e-3, plan.acc_bits, plan.value_bits, fast, ok);
		if (csv)
			fprintf(csv, "%s,%ld,%s,%d,%.3f,%.4f,%.4f\n", tname, (long) n, kname[row], plan.acc_bits,
					us, us / cub_us, us / copy_us);
		CK(cudaFree(scratch));
	}
	/* the fast path's shapes (threads x items / min blocks per SM), each where its plan allows */
	{
		bool		wide = plan.acc_bits > 64;
		size_t		sb = wide ? ScratchBytes<gs_i128>(GS_SP, n) : ScratchBytes<int64_t>(GS_SP, n);

		CK(cudaMalloc(&scratch, sb));
		auto shape = [&](auto launch, int threads, int items, int minb) {
			int			mode = SpFastMode(&plan, false, threads * items);
			double		us;
			char		name[32];

			if (mode == SPF_NONE)
				return;
			us = TimeUs([&] {
				CK(cudaMemsetAsync(err, 0xff, 8));
				CK(launch(mode));
			});
			CK(cudaMemcpy(got.data(), d_out, n * sizeof(T), cudaMemcpyDeviceToHost));
			snprintf(name, sizeof(name), "spf %dx%d/%d", threads, items, minb);
			printf("%-7s 2^%-2d %-13s %10.1f us  %6.2fx cub  %6.2fx copy  %7.1f GB/s  acc %d vb %d fast %d  %s\n",
				   tname, log2n, name, us, us / cub_us, us / copy_us, 2.0 * n * sizeof(T) / us * 1e-3,
				   plan.acc_bits, plan.value_bits, mode,
				   memcmp(got.data(), ref.data(), n * sizeof(T)) == 0 ? "bit-exact" : "MISMATCH");
			if (csv)
				fprintf(csv, "%s,%ld,%s,%d,%.3f,%.4f,%.4f\n", tname, (long) n, name, plan.acc_bits,
						us, us / cub_us, us / copy_us);
		};
#define SHAPE(TH, IT, MB) \
		shape([&](int mode) { return wide \
			? LaunchSpFast<TH, IT, MB, T, T, gs_i128>(mode, d_in, d_out, n, 0, fp, false, NULL, \
				(Item<gs_i128> *) (err + 2), CarveScratch<gs_i128>(GS_SP, n, scratch), err, 0) \
			: LaunchSpFast<TH, IT, MB, T, T, int64_t>(mode, d_in, d_out, n, 0, fp, false, NULL, \
				(Item<int64_t> *) (err + 2), CarveScratch<int64_t>(GS_SP, n, scratch), err, 0); }, TH, IT, MB)
		SHAPE(256, 16, 1);
		SHAPE(256, 16, 3);
		SHAPE(128, 16, 4);
		SHAPE(128, 16, 6);
		SHAPE(128, 8, 8);
		SHAPE(256, 8, 4);
		SHAPE(512, 8, 2);
		SHAPE(256, 12, 3);
#undef SHAPE
		CK(cudaFree(scratch));
	}
	fflush(stdout);
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(err);
}

int
main(int argc, char **argv)
{
	int			maxlog = argc > 1 ? atoi(argv[1]) : 28;
	FILE	   *csv = argc > 2 ? fopen(argv[2], "w") : NULL;
	cudaDeviceProp prop;

	CK(cudaGetDeviceProperties(&prop, 0));
	sms = prop.multiProcessorCount;
	printf("# kernel_bench: %s, %d SMs; medians of %d; GB/s counts bytes read + written\n",
		   prop.name, prop.multiProcessorCount, REPS);
	if (csv)
		fprintf(csv, "type,n,kernel,acc_bits,us,ratio_cub,ratio_copy\n");
	for (int l = 16; l <= maxlog; l += 2)
		Bench<float>(l, csv);
	for (int l = 20; l <= maxlog && l <= 26; l += 6)
		Bench<double>(l, csv);
	if (csv)
		fclose(csv);
	return 0;
}
