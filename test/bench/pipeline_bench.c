/*
 * test/bench/pipeline_bench.c — the GPU engine host to host, against raw
 * PCIe copies measured in the same run.
 *
 * For float4 arrays of 2^20 ... 2^28 random values (and float8 at 2^27):
 *   - raw cudaMemcpy, pageable and pinned, each direction (GB/s);
 *   - the engine's whole call, gs_cuda_scan, from pageable input to a freshly
 *     allocated result (as PostgreSQL gives them), with each kernel, with
 *     the staging pipeline and without (pinned_mb = 0);
 *   - host memcpy and the copy threads, for the host side's own limit.
 * Medians; the engine's rate is input bytes / time, also as a fraction of
 * the pinned one-way rate (the target: >= 0.6 at 1 GiB float4).
 *
 * Usage: pipeline_bench [max_log2 [csv]]
 */
#include "../../core/engine.h"
#include "../../cuda/gpuscan_cuda.h"
#include "../../core/host_copy.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"				/* after cuda_runtime.h, for BENCH_CK */

#define REPS 7

/* GB/s of a raw copy of bytes, median of REPS. */
static double
RawCopy(void *dst, const void *src, size_t bytes, enum cudaMemcpyKind kind)
{
	double		t[REPS];
	int			r;

	BENCH_CK(cudaMemcpy(dst, src, bytes, kind));
	for (r = 0; r < REPS; r++)
	{
		double		t0 = BenchNow();

		BENCH_CK(cudaMemcpy(dst, src, bytes, kind));
		t[r] = BenchNow() - t0;
	}
	return bytes / BenchMedian(t, REPS) * 1e-9;
}

int
main(int argc, char **argv)
{
	int			maxlog = argc > 1 ? atoi(argv[1]) : 28;
	FILE	   *csv = argc > 2 ? fopen(argv[2], "w") : NULL;
	size_t		maxbytes = (size_t) 8 << maxlog;
	char	   *pinned_a,
			   *pinned_b,
			   *dev,
			   *host_a,
			   *host_b;
	char		msg[256];
	struct cudaDeviceProp prop;
	int			nthreads;
	double		t0,
				first_ms;

	rng_state = 7;
	t0 = BenchNow();
	if (gs_cuda_init(GS_FAULT_NONE, msg, sizeof(msg)) != GS_OK)
	{
		printf("no GPU: %s\n", msg);
		return 1;
	}
	first_ms = (BenchNow() - t0) * 1e3;
	BENCH_CK(cudaGetDeviceProperties(&prop, 0));
	nthreads = gs_copy_init(0);
	printf("# pipeline_bench: %s; CUDA context created in %.1f ms; %d host copy threads; medians of %d\n",
		   prop.name, first_ms, nthreads, REPS);
	if (csv)
		fprintf(csv, "type,n,what,ms,gbps,fraction_of_pinned\n");

	BENCH_CK(cudaHostAlloc((void **) &pinned_a, maxbytes, cudaHostAllocDefault));
	BENCH_CK(cudaHostAlloc((void **) &pinned_b, maxbytes, cudaHostAllocDefault));
	BENCH_CK(cudaMalloc((void **) &dev, maxbytes));
	host_a = malloc(maxbytes);
	host_b = malloc(maxbytes);
	memset(host_a, 1, maxbytes);
	memset(host_b, 1, maxbytes);
	memset(pinned_a, 1, maxbytes);
	memset(pinned_b, 1, maxbytes);

	/* float4 at 2^20 ... 2^maxlog by 4x, then float8 at 2^27 (or maxlog - 1) */
	int			cases[16][2],
				ncases = 0;

	for (int l = 20; l <= maxlog; l += 2)
	{
		cases[ncases][0] = 0;
		cases[ncases++][1] = l;
	}
	cases[ncases][0] = 1;
	cases[ncases++][1] = maxlog > 27 ? 27 : maxlog - 1;

	for (int c = 0; c < ncases; c++)
	{
		{
			int			f8 = cases[c][0];
			int			log2n = cases[c][1];
			int64_t		n = (int64_t) 1 << log2n;
			size_t		bytes = (size_t) n * (f8 ? 8 : 4);
			double		h2d_page,
						d2h_page,
						h2d_pin,
						d2h_pin,
						copy1,
						copyt;
			const char *tname = f8 ? "float8" : "float4";

			h2d_page = RawCopy(dev, host_a, bytes, cudaMemcpyHostToDevice);
			d2h_page = RawCopy(host_b, dev, bytes, cudaMemcpyDeviceToHost);
			h2d_pin = RawCopy(dev, pinned_a, bytes, cudaMemcpyHostToDevice);
			d2h_pin = RawCopy(pinned_b, dev, bytes, cudaMemcpyDeviceToHost);
			{
				double		t[REPS],
							u[REPS];

				for (int r = 0; r < REPS; r++)
				{
					double		a = BenchNow();

					memcpy(host_b, host_a, bytes);
					t[r] = BenchNow() - a;
					a = BenchNow();
					gs_copy(host_b, host_a, bytes);
					u[r] = BenchNow() - a;
				}
				copy1 = bytes / BenchMedian(t, REPS) * 1e-9;
				copyt = bytes / BenchMedian(u, REPS) * 1e-9;
			}
			printf("%s 2^%d (%zu MiB): pageable H2D %.1f D2H %.1f GB/s; pinned H2D %.1f D2H %.1f GB/s; "
				   "host memcpy %.1f, copy threads %.1f GB/s\n",
				   tname, log2n, bytes >> 20, h2d_page, d2h_page, h2d_pin, d2h_pin, copy1, copyt);
			if (csv)
			{
				double		pin = h2d_pin < d2h_pin ? h2d_pin : d2h_pin;

				fprintf(csv, "%s,%ld,raw_pageable_h2d,%.3f,%.2f,%.3f\n", tname, (long) n, bytes / h2d_page * 1e-6, h2d_page, h2d_page / pin);
				fprintf(csv, "%s,%ld,raw_pageable_d2h,%.3f,%.2f,%.3f\n", tname, (long) n, bytes / d2h_page * 1e-6, d2h_page, d2h_page / pin);
				fprintf(csv, "%s,%ld,raw_pinned_h2d,%.3f,%.2f,%.3f\n", tname, (long) n, bytes / h2d_pin * 1e-6, h2d_pin, h2d_pin / pin);
				fprintf(csv, "%s,%ld,raw_pinned_d2h,%.3f,%.2f,%.3f\n", tname, (long) n, bytes / d2h_pin * 1e-6, d2h_pin, d2h_pin / pin);
			}

			/* the engine, host to host: random data, a fresh result each call */
			{
				void	   *in = malloc(bytes);
				GsScanSpec	spec;
				GsScanResult res;
				GsGpuTimes	times;
				static const int kernels[] = {GS_KERNEL_SINGLE_PASS, GS_KERNEL_BRENT_KUNG};
				static const char *kn[] = {"single_pass", "brent_kung"};
				double		pin = h2d_pin < d2h_pin ? h2d_pin : d2h_pin;

				for (int64_t i = 0; i < n; i++)
					BenchStore(in, i, f8, BenchUniform(-1000, 1000));
				BenchFloatSpec(&spec, f8, in, NULL, n);
				for (int k = 0; k < 2; k++)
				{
					/* staged with huge pages on the result (as the glue does), staged, pageable */
					for (int mode = 0; mode < 3; mode++)
					{
						int			staged = mode < 2;
						GsGpuConfig cfg = {(GsKernel) kernels[k], staged ? 96 : 0, 0};
						double		t[REPS],
									ms,
									gbps;
						GsGpuTimes	last;

						for (int r = -1; r < REPS; r++)
						{
							void	   *out = malloc(bytes);	/* fresh, as palloc gives */
							double		a = BenchNow();

							if (mode == 0)
								gs_advise_result(out, bytes);
							spec.result = out;
							if (gs_cuda_scan(&spec, &cfg, &res, &times) != GS_OK)
							{
								printf("engine failed: %s\n", res.message);
								return 1;
							}
							if (r >= 0)
								t[r] = BenchNow() - a;
							last = times;
							free(out);
						}
						ms = BenchMedian(t, REPS) * 1e3;
						gbps = bytes / (ms * 1e-3) * 1e-9;
						printf("  engine %-11s %-10s %9.2f ms  %6.1f GB/s  %.2fx pinned one-way  "
							   "(plan %.2f, host staging %.2f, h2d %.2f, kernels %.2f, d2h %.2f ms; %d chunks; acc %d%s)\n",
							   kn[k], mode == 0 ? "staged+thp" : staged ? "staged" : "pageable", ms, gbps, gbps / pin,
							   last.plan_ms, last.stage_ms, last.h2d_ms, last.kernel_ms, last.d2h_ms,
							   last.chunks, res.acc_bits, last.replanned ? ", replanned" : "");
						if (csv)
							fprintf(csv, "%s,%ld,engine_%s_%s,%.3f,%.2f,%.3f\n", tname, (long) n, kn[k],
									mode == 0 ? "staged_thp" : staged ? "staged" : "pageable", ms, gbps, gbps / pin);
					}
				}
				free(in);
			}
			fflush(stdout);
		}
	}
	if (csv)
		fclose(csv);
	return 0;
}
