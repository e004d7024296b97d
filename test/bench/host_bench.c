/*
 * test/bench/host_bench.c — host-side limits of a GPU scan call.
 *
 *  1. First touch of fresh memory (what writing a freshly allocated
 *     PostgreSQL result costs): memset and the copy threads into fresh
 *     malloc'd memory, plain, with MADV_HUGEPAGE, and pre-populated with
 *     MADV_POPULATE_WRITE; against the same writes into touched memory.
 *  2. First-call latency: in fresh processes, CUDA context creation and the
 *     first and second scans of a small array, with CUDA_MODULE_LOADING =
 *     LAZY (CUDA's default) and EAGER.
 *
 * Usage: host_bench [MiB]
 */
#include "../../core/engine.h"
#include "../../cuda/gpuscan_cuda.h"
#include "../../core/host_copy.h"
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* A fresh mapping of bytes (as malloc gives for large blocks). */
static char *
Fresh(size_t bytes)
{
	char	   *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
	{
		perror("mmap");
		exit(1);
	}
	return p;
}

/* The 2 MiB-aligned interior of [p, p + bytes). */
static void
Interior(char *p, size_t bytes, char **a, size_t *len)
{
	uintptr_t	lo = ((uintptr_t) p + (2u << 20) - 1) & ~(uintptr_t) ((2u << 20) - 1);
	uintptr_t	hi = ((uintptr_t) p + bytes) & ~(uintptr_t) ((2u << 20) - 1);

	*a = (char *) lo;
	*len = hi > lo ? hi - lo : 0;
}

/* One first-touch experiment: GB/s. */
static double
Touch(size_t bytes, const char *src, int how)
{
	char	   *p = Fresh(bytes);
	char	   *a;
	size_t		len;
	double		t0 = BenchNow() * 1e3,
				ms;

	Interior(p, bytes, &a, &len);
	if (how == 2 || how == 3)
		madvise(a, len, MADV_HUGEPAGE);
	if (how == 3)
		madvise(a, len, MADV_POPULATE_WRITE);
	if (how == 0)
		memset(p, 1, bytes);
	else
		gs_copy(p, src, bytes);
	ms = BenchNow() * 1e3 - t0;
	munmap(p, bytes);
	return bytes / (ms * 1e-3) * 1e-9;
}

/* In a fresh process: context creation, first and second small scan. */
static void
FirstCall(const char *loading)
{
	pid_t		pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
	{
		char		msg[256];
		float		x[1000],
					y[1000];
		GsScanSpec	spec;
		GsScanResult res;
		GsGpuTimes	times;
		GsGpuConfig cfg = {GS_KERNEL_SINGLE_PASS, 96, 0};
		double		t0,
					t1,
					t2,
					t3;

		setenv("CUDA_MODULE_LOADING", loading, 1);
		for (int i = 0; i < 1000; i++)
			x[i] = (float) i;
		BenchFloatSpec(&spec, 0, x, y, 1000);
		t0 = BenchNow() * 1e3;
		if (gs_cuda_init(GS_FAULT_NONE, msg, sizeof(msg)) != GS_OK)
		{
			printf("no GPU: %s\n", msg);
			_exit(1);
		}
		t1 = BenchNow() * 1e3;
		gs_cuda_scan(&spec, &cfg, &res, &times);
		t2 = BenchNow() * 1e3;
		gs_cuda_scan(&spec, &cfg, &res, &times);
		t3 = BenchNow() * 1e3;
		printf("CUDA_MODULE_LOADING=%-5s context %.1f ms, first scan %.2f ms, second scan %.3f ms\n",
			   loading, t1 - t0, t2 - t1, t3 - t2);
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
}

int
main(int argc, char **argv)
{
	size_t		mib = argc > 1 ? (size_t) atol(argv[1]) : 1024;
	size_t		bytes = mib << 20;
	char	   *src = malloc(bytes);
	char	   *touched = malloc(bytes);
	FILE	   *f;
	char		thp[256] = "?";
	int			threads = gs_copy_init(0);
	static const char *how[] = {"memset, 1 thread", "copy threads", "copy threads + MADV_HUGEPAGE",
	"copy threads + MADV_HUGEPAGE + MADV_POPULATE_WRITE"};

	if ((f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r")) != NULL)
	{
		if (fgets(thp, sizeof(thp), f) == NULL)
			strcpy(thp, "?");
		thp[strcspn(thp, "\n")] = 0;
		fclose(f);
	}
	memset(src, 2, bytes);
	memset(touched, 3, bytes);
	printf("# host_bench: %zu MiB; %d copy threads; transparent_hugepage: %s\n", mib, threads, thp);
	for (int r = 0; r < 2; r++)
	{
		double		t0 = BenchNow() * 1e3;

		gs_copy(touched, src, bytes);
		printf("into touched memory: copy threads %.1f GB/s\n", bytes / ((BenchNow() * 1e3 - t0) * 1e-3) * 1e-9);
		for (int h = 0; h < 4; h++)
			printf("into fresh memory:   %-52s %.1f GB/s\n", how[h], Touch(bytes, src, h));
	}
	FirstCall("LAZY");
	FirstCall("EAGER");
	FirstCall("LAZY");
	return 0;
}
