/*
 * test/engine/engine_compare.c — the GPU engine against the CPU engine, bit
 * for bit, on a machine with a GPU (test/gpu/run.sh and sanitize.sh run it).
 * Beside it, engine_test.c holds the CPU engine to an exact reference.
 *
 * Random arrays of every type and value distribution, NULL pattern, row
 * shape, operator (sums, maxima, minima) and option, at sizes from 0 to 2^28 (2047/2048/2049 around a
 * Brent-Kung section, 2048^2 +- 1 around two levels of section totals,
 * 2^27 + 1, 2^28; some again in chunks of 2^22 values and more), each
 * scanned by every GPU kernel and by the CPU engine:
 * results, error status and error position must agree exactly.  Arrays
 * whose exponent range needs more than the GPU's 128 bits must be refused
 * with GS_ERR_GPU_UNSUPPORTED.  The window operators (moving sums and means,
 * running means) at windows of 1, 2, a prime, about a chunk, the row and
 * more, with and without NULLs, special values entering and leaving
 * (across chunks too, and first met after a sample's plan without them):
 * the GPU engine must refuse means of arrays with NULLs whose sums need
 * more than GS_PACKED_SUM_BITS bits (GS_ERR_GPU_UNSUPPORTED: the CPU engine runs them),
 * and scan every other one bit for bit as the CPU engine does.  One-row
 * running totals, extremes and means also from random start states
 * (GsScanSpec.init), as the window forms' blocks begin.
 *
 * Usage: engine_compare [-q] [max_log2_size]     Prints "N passed, N failed".
 * A max_log2_size below 22 also drops the small sizes above it (a quick run,
 * e.g. under compute-sanitizer).
 */
#include "../../core/accum.h"
#include "../../core/engine.h"
#include "../../cuda/gpuscan_cuda.h"
#include "../bench/bench.h"
#include "cases.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int	passed,
			failed,
			quiet,
			refused_by_sample,
			refused_window,
			pinned_mb = 12;		/* small stages: many chunks, many carries */
static int64_t window_of_case = 1;	/* spec.window of the window operators */
static bool with_start;			/* one-row cases begin from a random start state */

static const char *
TypeName(GsElemType t)
{
	static const char *names[] = {"int2", "int4", "int8", "float4", "float8"};

	return names[t];
}

/*
 * A reader source over values in memory, as the TOAST reader is one: it
 * copies in slices of an odd size (slices end inside values) and scribbles
 * on the headroom in front of dst that a reader may use (GS_SOURCE_HEADROOM),
 * so a driver that left none would see its own data spoilt.
 */
typedef struct TestReader
{
	const char *values;
	size_t		slice;
} TestReader;

/* The reader: bytes [offset, offset + nbytes) of the values into dst. */
static void
TestRead(void *ctx, int64_t offset, size_t nbytes, void *dst)
{
	TestReader *r = (TestReader *) ctx;
	char	   *d = (char *) dst;

	memset(d - GS_SOURCE_HEADROOM, 0x5a, GS_SOURCE_HEADROOM);
	while (nbytes > 0)
	{
		size_t		m = nbytes < r->slice ? nbytes : r->slice;

		memcpy(d, r->values + offset, m);
		d += m;
		offset += m;
		nbytes -= m;
	}
}

/* " w=N" for the case's window. */
static const char *
WindowLabel(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), " w=%" PRId64, window_of_case);
	return buf;
}

/*
 * A random start state (GsScanSpec.init) of an operator and type, as the
 * window forms carry one from block to block: float sums and means from
 * the exact accumulator of up to 40 values of the distribution, integer
 * ones from an int128 sum (int8 running totals from an int8 one), extremes
 * a value of the type, or nothing before.
 */
static void
RandomStart(GsElemType type, GsScanOp op, int dist, GsRunState *rs)
{
	bool		isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
	int64_t		n = (int64_t) RandBelow(41);

	memset(rs, 0, sizeof(*rs));
	rs->nvalues = n;
	if (op == GS_OP_MAX || op == GS_OP_MIN)
	{
		char		v[8];

		if (n > 0)
		{
			RandomValues(type, 1, NULL, dist, v);
			rs->bits = type == GS_FLOAT4 ? *(uint32_t *) v : type == GS_FLOAT8 ? *(uint64_t *) v
				: type == GS_INT2 ? (uint64_t) (int64_t) *(int16_t *) v
				: type == GS_INT4 ? (uint64_t) (int64_t) *(int32_t *) v : *(uint64_t *) v;
		}
	}
	else if (isfloat)
	{
		GsAccum    *a = malloc(gs_accum_bytes(type == GS_FLOAT8));
		uint64_t	v = 0;

		gs_accum_init(a, type == GS_FLOAT8);
		for (int64_t i = 0; i < n; i++)
		{
			RandomValues(type, 1, NULL, dist, &v);
			gs_accum_add(a, v);
		}
		gs_accum_run_state(a, rs);
		free(a);
	}
	else
	{
		__int128	sum = op == GS_OP_SUM ? (__int128) (int64_t) Rand64() >> (RandBelow(2) ? 0 : 30)
			: ((__int128) (int64_t) Rand64() << (int) RandBelow(60));

		if (n == 0)
			sum = 0;
		for (int i = 0; i < GS_RUN_LIMBS; i++)
			rs->w[i] = i == 0 ? (uint64_t) sum : i == 1 ? (uint64_t) (sum >> 64)
				: (sum < 0 ? ~UINT64_C(0) : 0);
	}
}

/* Compare one case of an operator on every GPU kernel against the CPU engine. */
static void
CompareOp(GsElemType type, int64_t nitems, int64_t row_len, int nullpct,
		  int dist, bool excl, GsScanOp op, const char *what)
{
	GsScanSpec	spec;
	GsPlan		plan;
	GsGpuConfig cfg;
	GsScanResult cres,
				gres;
	GsGpuTimes	times;
	size_t		osz = gs_output_size(type, op);
	void	   *values = malloc((size_t) gs_type_size(type) * (nitems + 1));
	uint8_t    *nulls = RandomNulls(nitems, nullpct);
	int64_t		nvalues = RandomValues(type, nitems, nulls, dist, values);
	void	   *cpu = malloc(osz * (nvalues + 1));
	void	   *gpu = malloc(osz * (nvalues + 1));
	double		tcpu,
				tgpu;
	int			k;
	GsRunState	start;

	memset(&spec, 0, sizeof(spec));
	spec.type = type;
	spec.values = values;
	spec.nitems = nitems;
	spec.row_len = row_len > 0 ? row_len : 1;
	spec.nulls = nulls;
	spec.exclusive = excl;
	spec.op = op;
	spec.window = window_of_case;
	spec.result = cpu;
	if (with_start && (nitems == 0 || spec.row_len == nitems) &&
		!excl && (op == GS_OP_MAX || op == GS_OP_MIN || op == GS_OP_CUMAVG ||
				  (op == GS_OP_SUM && (type == GS_INT8 || type == GS_FLOAT4 || type == GS_FLOAT8))))
	{
		RandomStart(type, op, dist, &start);
		spec.init = &start;
	}
	tcpu = BenchNow();
	gs_cpu_scan(&spec, &cres);
	tcpu = BenchNow() - tcpu;
	gs_plan(&spec, &plan);

	/* every kernel from memory, then single_pass once more through a reader source */
	for (k = GS_KERNEL_KOGGE_STONE; k <= GS_KERNEL_SINGLE_PASS + 1; k++)
	{
		char		why[300] = "";
		int			ok = 1;
		bool		read = k > GS_KERNEL_SINGLE_PASS;
		TestReader	reader = {(const char *) values, 4093 + (size_t) (nitems % 7)};
		GsSource	src;

		memset(gpu, 0xa5, osz * (nvalues + 1));
		spec.result = gpu;
		spec.source = NULL;
		if (read)
		{
			memset(&src, 0, sizeof(src));
			src.nbytes = nvalues * (int64_t) gs_type_size(type);
			src.ctx = &reader;
			src.read = TestRead;
			spec.source = &src;
		}
		tgpu = BenchNow();
		cfg.kernel = read ? GS_KERNEL_SINGLE_PASS : (GsKernel) k;
		cfg.pinned_mb = pinned_mb;
		cfg.copy_threads = 0;
		cfg.fault = GS_FAULT_NONE;
		gs_cuda_scan(&spec, &cfg, &gres, &times);
		tgpu = BenchNow() - tgpu;

		if (GS_OP_IS_WINDOW(op) && nvalues > 0 &&
			nulls != NULL && op != GS_OP_MOVSUM && gs_plan_sum_bits(&plan) > GS_PACKED_SUM_BITS)
		{
			/* the CPU engine's: the GPU engine must refuse them */
			if (gres.status != GS_ERR_GPU_UNSUPPORTED)
			{
				ok = 0;
				snprintf(why, sizeof(why), "a window mean with NULLs and wide sums was not refused (status %d)",
						 gres.status);
			}
			else
				refused_window++;
		}
		else if (plan.acc_bits > GS_GPU_MAX_ACC_BITS)
		{
			/* (a speculative plan may refuse earlier; either way, refused) */
			if (gres.status != GS_ERR_GPU_UNSUPPORTED)
			{
				ok = 0;
				snprintf(why, sizeof(why), "a %d-bit plan was not refused (status %d)",
						 plan.acc_bits, gres.status);
			}
		}
		else if (gres.status == GS_ERR_GPU_UNSUPPORTED && plan.acc_bits <= GS_GPU_MAX_ACC_BITS)
		{
			/*
			 * the sample's plan, or one widened chunk by chunk, was too wide
			 * though all values fit: a fallback, allowed, counted
			 */
			refused_by_sample++;
		}
		else if (gres.status != cres.status || gres.error_position != cres.error_position)
		{
			ok = 0;
			snprintf(why, sizeof(why), "status %d at %" PRId64 ", CPU %d at %" PRId64 " (%s)",
					 gres.status, gres.error_position, cres.status, cres.error_position,
					 gres.message);
		}
		else if (cres.status == GS_OK)
		{
			int64_t		i;

			for (i = 0; i < nvalues; i++)
			{
				if (memcmp((char *) gpu + osz * i, (char *) cpu + osz * i, osz) != 0)
				{
					uint64_t	g = 0,
								c = 0;

					memcpy(&g, (char *) gpu + osz * i, osz);
					memcpy(&c, (char *) cpu + osz * i, osz);
					ok = 0;
					snprintf(why, sizeof(why), "value %" PRId64 ": GPU bits %016" PRIx64 ", CPU %016" PRIx64,
							 i, g, c);
					break;
				}
			}
		}
		if (ok)
			passed++;
		else
			failed++;
		if (!ok || !quiet || nitems >= (INT64_C(1) << 22))
			printf("%s %-7s %-12s%s n=%-10" PRId64 " row=%-10" PRId64 " nulls=%3d%% dist=%d %s%s acc=%d kernel=%s"
				   " cpu %.1f ms, gpu %.1f ms (h2d %.2f, kernels %.2f, d2h %.2f, chunks %d%s)%s%s\n",
				   ok ? "ok  " : "FAIL", TypeName(type), what, spec.init ? " (start state)" : "",
				   nitems, spec.row_len, nullpct, dist,
				   op == GS_OP_MAX ? "max " : op == GS_OP_MIN ? "min " : op == GS_OP_MOVSUM ? "movsum"
				   : op == GS_OP_MOVAVG ? "movavg" : op == GS_OP_CUMAVG ? "cumavg" : excl ? "excl" : "incl",
				   GS_OP_IS_WINDOW(op) && op != GS_OP_CUMAVG ? WindowLabel() : "",
				   gres.acc_bits ? gres.acc_bits : plan.acc_bits,
				   k == GS_KERNEL_KOGGE_STONE ? "ks" : k == GS_KERNEL_BRENT_KUNG ? "bk" : read ? "sp/read" : "sp",
				   tcpu * 1e3, tgpu * 1e3, times.h2d_ms, times.kernel_ms, times.d2h_ms,
				   times.chunks, times.replanned ? ", replanned" : "", ok ? "" : " -- ", why);
		fflush(stdout);
	}
	free(values);
	free(nulls);
	free(cpu);
	free(gpu);
}

/*
 * Moving sums and means and running means of a type, size and
 * distribution: windows of 1, 2, 7, 1000, about a 12 MB stage's chunk,
 * the row and beyond, one row, without NULLs and with 10% (the windows of
 * 8 and more) and 60% (prime windows) NULLs; rows of 1500 with windows
 * inside and across them, with NULLs too; runs of NULLs (all NULL).
 */
static void
CompareWindows(GsElemType type, int64_t n, int dist)
{
	const int64_t windows[] = {1, 2, 7, 1000, 400000, 800001, n, n + 5};
	int64_t		one = n ? n : 1;
	unsigned	w;

	for (w = 0; w < sizeof(windows) / sizeof(windows[0]); w++)
	{
		window_of_case = windows[w] > 0 ? windows[w] : 1;
		if (w > 0 && window_of_case == windows[w - 1])
			continue;
		if ((windows[w] == 400000 || windows[w] == 800001) && n < 1000000)
			continue;
		CompareOp(type, n, one, 0, dist, false, GS_OP_MOVSUM, "window, one row");
		CompareOp(type, n, one, 0, dist, false, GS_OP_MOVAVG, "window, one row");
		if (window_of_case >= 7)
		{
			int			pct = window_of_case == 7 || window_of_case == 800001 ? 60 : 10;

			CompareOp(type, n, one, pct, dist, false, GS_OP_MOVSUM, "window, one row, nulls");
			CompareOp(type, n, one, pct, dist, false, GS_OP_MOVAVG, "window, one row, nulls");
		}
	}
	window_of_case = 1;
	CompareOp(type, n, one, 0, dist, false, GS_OP_CUMAVG, "window, one row");
	CompareOp(type, n, one, 20, dist, false, GS_OP_CUMAVG, "window, one row, nulls");
	if (n <= 100000)
		CompareOp(type, n, one, 100, dist, false, GS_OP_MOVAVG, "window, all NULL");
	if (n >= 3000)
	{
		window_of_case = 100;
		CompareOp(type, n - n % 1500, 1500, 0, dist, false, GS_OP_MOVSUM, "window, rows of 1500");
		CompareOp(type, n - n % 1500, 1500, 0, dist, false, GS_OP_MOVAVG, "window, rows of 1500");
		CompareOp(type, n - n % 1500, 1500, 0, dist, false, GS_OP_CUMAVG, "window, rows of 1500");
		window_of_case = 1499;
		CompareOp(type, n - n % 1500, 1500, 0, dist, false, GS_OP_MOVAVG, "window, rows of 1500");
		window_of_case = 13;
		CompareOp(type, n - n % 1500, 1500, 30, dist, false, GS_OP_MOVSUM, "window, rows of 1500, nulls");
		CompareOp(type, n - n % 1500, 1500, 30, dist, false, GS_OP_MOVAVG, "window, rows of 1500, nulls");
		CompareOp(type, n - n % 1500, 1500, 30, dist, false, GS_OP_CUMAVG, "window, rows of 1500, nulls");
	}
	window_of_case = 3;
	CompareOp(type, n, one, 10, dist, false, GS_OP_MOVSUM, "window, nulls");
	CompareOp(type, n - n % 3, 3, 40, dist, false, GS_OP_MOVAVG, "window, rows of 3, nulls");
	window_of_case = 1;
}

/*
 * One row from a random start state (the window forms' blocks): running
 * totals (int8 and floats), extremes and running means, with and without
 * NULLs.
 */
static void
CompareStarts(GsElemType type, int64_t n, int dist)
{
	bool		isfloat = type == GS_FLOAT4 || type == GS_FLOAT8;
	int64_t		one = n ? n : 1;

	with_start = true;
	if (isfloat || type == GS_INT8)
	{
		CompareOp(type, n, one, 0, dist, false, GS_OP_SUM, "one row");
		CompareOp(type, n, one, 20, dist, false, GS_OP_SUM, "one row, nulls");
	}
	CompareOp(type, n, one, 10, dist, false, GS_OP_MAX, "order, one row, nulls");
	CompareOp(type, n, one, 0, dist, false, GS_OP_MIN, "order, one row");
	CompareOp(type, n, one, 0, dist, false, GS_OP_CUMAVG, "window, one row");
	CompareOp(type, n, one, 20, dist, false, GS_OP_CUMAVG, "window, one row, nulls");
	with_start = false;
}

/* Running maxima and minima of a type, size and distribution, in every row shape. */
static void
CompareOrder(GsElemType type, int64_t n, int dist)
{
	GsScanOp	op;

	OrderShapes(CompareOp, type, n, dist);
	for (op = GS_OP_MAX; op <= GS_OP_MIN && n >= 4097; op++)
		CompareOp(type, n - n % 1500, 1500, 10, dist, false, op, "order, rows of 1500, nulls");
}

int
main(int argc, char **argv)
{
	static const GsElemType types[] = {GS_INT2, GS_INT4, GS_INT8, GS_FLOAT4, GS_FLOAT8};
	static const int64_t small[] = {0, 1, 2, 3, 1023, 1024, 1025, 2047, 2048, 2049, 4095,
	4096, 4097, 100000, 3000001};
	int			maxlog = 28;
	int			a = 1;
	char		msg[256];
	unsigned	s,
				t;
	int			d;

	if (a < argc && strcmp(argv[a], "-q") == 0)
	{
		quiet = 1;
		a++;
	}
	if (a < argc)
		maxlog = atoi(argv[a]);
	if (gs_cuda_init(GS_FAULT_NONE, msg, sizeof(msg)) != GS_OK)
	{
		printf("no usable GPU: %s\n0 passed, 1 failed\n", msg);
		return 1;
	}

	/* every type, distribution, NULL pattern, row shape and mode at small sizes */
	for (s = 0; s < sizeof(small) / sizeof(small[0]); s++)
	{
		int64_t		n = small[s];

		if (maxlog < 22 && n > (INT64_C(1) << maxlog))
			continue;			/* a quick run (e.g. under compute-sanitizer) */
		for (t = 0; t < 5; t++)
		{
			int			isfloat = types[t] == GS_FLOAT4 || types[t] == GS_FLOAT8;

			for (d = 0; d < (isfloat ? ND : 1); d++)
			{
				/* the large size: main distributions only */
				bool		main_dists = n <= 1000000 || d == D_UNIT || d == D_RARE || d == D_SPECIAL;

				SumShapes(CompareOp, types[t], n, d, !main_dists);
				if (main_dists && n >= 4097)
					CompareOp(types[t], n - n % 1500, 1500, 10, d, (d & 1) != 0, GS_OP_SUM,
							  "rows of 1500, nulls");
			}
			/* from a start state: the window forms' blocks */
			for (d = 0; d < (isfloat ? ND : 2); d++)
				if (n <= 1000000 || d == D_UNIT || d == D_SPECIAL)
					CompareStarts(types[t], n, isfloat ? d : (d ? D_OVERFLOW : D_UNIT));
			/* running maxima and minima: ties, NaN, infinities and zeros of both signs */
			if (!isfloat)
				CompareOrder(types[t], n, 0);
			else
			{
				CompareOrder(types[t], n, D_SPECIAL);
				CompareOrder(types[t], n, D_NEGZERO);
				if (n <= 1000000)
				{
					CompareOrder(types[t], n, D_TIES);
					CompareOrder(types[t], n, D_UNIT);
				}
			}
			if (types[t] == GS_INT8)
			{
				CompareOp(types[t], n, n, 0, D_OVERFLOW, false, GS_OP_SUM, "overflow");
				CompareOp(types[t], n, n, 10, D_OVERFLOW, true, GS_OP_SUM, "overflow");
			}
			/* moving sums and means: the main distributions and special values */
			if (!isfloat)
				CompareWindows(types[t], n, types[t] == GS_INT8 ? D_OVERFLOW : 0);
			else
			{
				CompareWindows(types[t], n, D_UNIT);
				CompareWindows(types[t], n, D_CANCEL);
				if (n <= 100000)
				{
					CompareWindows(types[t], n, D_WIDE);
					CompareWindows(types[t], n, D_SPECIAL);
					CompareWindows(types[t], n, D_NEGZERO);
				}
			}
		}
	}

	/* the large sizes: section-level edges and the textbook's one-level limit */
	{
		static const struct
		{
			int			log2;
			int64_t		delta;
		}			big[] = {{21, 0}, {22, -1}, {22, 0}, {22, 1}, {27, 1}, {28, 0}};
		unsigned	b;

		for (b = 0; b < sizeof(big) / sizeof(big[0]); b++)
		{
			int64_t		n = (INT64_C(1) << big[b].log2) + big[b].delta;

			if (big[b].log2 > maxlog)
				continue;
			CompareOp(GS_FLOAT4, n, n, 0, D_UNIT, false, GS_OP_SUM, "one row");
			CompareOp(GS_FLOAT8, n, n, 0, D_UNIT, true, GS_OP_SUM, "one row");
			CompareOp(GS_FLOAT4, n, n, 0, D_RARE, false, GS_OP_SUM, "rare outliers");
			CompareOp(GS_FLOAT8, n - n % 3000, 3000, 2, D_RARE, true, GS_OP_SUM, "rare, rows");
			/* PostgreSQL arrays are whole rows: n is a multiple of the row length */
			CompareOp(GS_INT4, n - n % 2049, 2049, 10, 0, false, GS_OP_SUM, "rows of 2049");
			if (big[b].log2 <= 27)
			{
				CompareOp(GS_FLOAT4, n - n % 4096, 4096, 5, D_SPECIAL, true, GS_OP_SUM, "rows of 4096");
				CompareOp(GS_FLOAT8, n - n % 1000, 1000, 0, D_CANCEL, false, GS_OP_SUM, "rows of 1000");
				CompareOp(GS_INT8, n, n, 0, 0, false, GS_OP_SUM, "one row");
				CompareOp(GS_INT2, n, n, 30, 0, true, GS_OP_SUM, "one row");
				CompareOp(GS_FLOAT8, n, n, 0, D_INTS, false, GS_OP_SUM, "one row");
				CompareOp(GS_FLOAT4, n, n, 0, D_SPECIAL, false, GS_OP_MAX, "order");
				CompareOp(GS_FLOAT8, n - n % 3000, 3000, 2, D_SPECIAL, false, GS_OP_MIN, "order, rows");
				CompareOp(GS_INT2, n, n, 10, 0, false, GS_OP_MIN, "order");
			}
			/* windows of 20, 1,000 and half the array, over many chunks */
			{
				const int64_t ws[] = {20, 1000, n / 2};

				for (unsigned w = 0; w < 3; w++)
				{
					window_of_case = ws[w];
					CompareOp(GS_FLOAT4, n, n, 0, D_UNIT, false, GS_OP_MOVSUM, "window, one row");
					CompareOp(GS_FLOAT8, n, n, 0, D_CANCEL, false, GS_OP_MOVSUM, "window, one row");
					CompareOp(GS_FLOAT8, n, n, 0, D_UNIT, false, GS_OP_MOVAVG, "window, one row");
					CompareOp(GS_INT4, n, n, 0, 0, false, GS_OP_MOVAVG, "window, one row");
					CompareOp(GS_FLOAT8, n, n, 10, D_UNIT, false, GS_OP_MOVAVG, "window, one row, nulls");
					CompareOp(GS_FLOAT4, n, n, 10, D_UNIT, false, GS_OP_MOVSUM, "window, one row, nulls");
					/* special values across chunks; rare ones a sample misses */
					CompareOp(GS_FLOAT8, n, n, 0, D_SPECIAL, false, GS_OP_MOVSUM, "window, one row");
					CompareOp(GS_FLOAT4, n, n, 10, D_SPECIAL, false, GS_OP_MOVAVG, "window, one row, nulls");
					CompareOp(GS_FLOAT8, n, n, 0, D_RARE, false, GS_OP_MOVSUM, "window, one row");
					CompareOp(GS_FLOAT4, n, n, 0, D_RARE, false, GS_OP_MOVAVG, "window, one row");
				}
				window_of_case = 1;
			}
		}
	}

	/*
	 * chunks of 2^22 values and more (a 512 MB buffer): the fast tiles run
	 * reduce-then-scan there (cuda/tuning.cuh), one chunk or several
	 */
	pinned_mb = 512;
	{
		static const int64_t sizes[] = {(INT64_C(1) << 22) + 1, (INT64_C(1) << 26) + 7, (INT64_C(1) << 27) + 1};
		unsigned	b;

		for (b = 0; b < sizeof(sizes) / sizeof(sizes[0]); b++)
		{
			int64_t		n = sizes[b];

			if (n > (INT64_C(1) << maxlog) + 1)
				continue;
			CompareOp(GS_FLOAT4, n, n, 0, D_UNIT, false, GS_OP_SUM, "one row, large chunks");
			CompareOp(GS_FLOAT8, n, n, 0, D_UNIT, true, GS_OP_SUM, "one row, large chunks");
			CompareOp(GS_INT4, n, n, 0, 0, true, GS_OP_SUM, "one row, large chunks");
			CompareOp(GS_INT4, n, n, 0, 0, false, GS_OP_MAX, "order, large chunks");
			CompareOp(GS_INT8, n, n, 0, 0, false, GS_OP_MIN, "order, large chunks");
			window_of_case = 1000;
			CompareOp(GS_FLOAT8, n, n, 0, D_UNIT, false, GS_OP_MOVSUM, "window, large chunks");
			CompareOp(GS_FLOAT4, n, n, 0, D_UNIT, false, GS_OP_MOVAVG, "window, large chunks");
			window_of_case = n / 2;
			CompareOp(GS_FLOAT4, n, n, 0, D_UNIT, false, GS_OP_MOVSUM, "window, large chunks");
			window_of_case = 1;
		}
	}

	printf("(%d GPU calls refused by a sample's plan although all values fit)\n", refused_by_sample);
	printf("(%d window scans refused, as they must be: means of arrays with NULLs"
		   " wider than 96 bits)\n", refused_window);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
