/*
 * cuda/scan.cu — the GPU engine: PMPP's three-kernel hierarchical scan.
 *
 *  (a) ScanSections: each block scans one section of the items (Kogge-Stone,
 *      1024 items, or Brent-Kung, 2048 items, with 1024 threads) and its last
 *      thread writes the section's total to S[blockIdx.x];
 *  (b) S is scanned the same way, recursively, until one section holds it,
 *      so there is no length limit;
 *  (c) AddSections adds S[b-1] to every item of section b (b > 0), level by
 *      level back down; at the bottom this step is fused with the rounding
 *      and the output (WriteOutput), which also does the inclusive ->
 *      exclusive shift: output i is the total through i - 1, or the identity
 *      at a row's first value.
 *
 * Items are exact fixed-point integers (see scan_ops.cuh), so any order of
 * combination gives the same integers as the CPU engine, and the rounding is
 * core/exact.h's: the results are bit-identical.
 */
#include "gpuscan_cuda.h"

#include "block_scan.cuh"
#include "scan_ops.cuh"

#include <cuda_runtime.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS		1024		/* threads per block of the section scans */
#define WTHREADS	256			/* threads per block of the element-wise kernels */

/* ---------- kernels ---------- */

/* (a) Scan each section; the last thread writes the section's total. */
template <int KIND, typename L, typename Acc>
__global__ void __launch_bounds__(THREADS)
ScanSections(L load, Item<Acc> *y, Item<Acc> *s, int64_t n)
{
	extern __shared__ __align__(16) unsigned char smem[];
	Item<Acc>  *buf = reinterpret_cast<Item<Acc> *>(smem);
	SegSum<Acc> op;
	const int	t = threadIdx.x;

	if (KIND == GS_KS)
	{
		int64_t		i = (int64_t) blockIdx.x * THREADS + t;
		Item<Acc>	x = i < n ? load(i) : op.identity();
		Item<Acc>	r = KoggeStoneScan(x, buf, op);

		if (i < n)
			y[i] = r;
		if (t == THREADS - 1)
			s[blockIdx.x] = r;
	}
	else
	{
		int64_t		base = (int64_t) blockIdx.x * (2 * THREADS);
		int64_t		i0 = base + t;
		int64_t		i1 = base + t + THREADS;

		buf[t] = i0 < n ? load(i0) : op.identity();
		buf[t + THREADS] = i1 < n ? load(i1) : op.identity();
		BrentKungScan(buf, op);
		if (i0 < n)
			y[i0] = buf[t];
		if (i1 < n)
			y[i1] = buf[t + THREADS];
		if (t == THREADS - 1)
			s[blockIdx.x] = buf[2 * THREADS - 1];
	}
}

/* (c) Add the total of all earlier sections, S[b-1], to section b. */
template <typename Acc>
__global__ void
AddSections(Item<Acc> *y, const Item<Acc> *s, int64_t n, int64_t sec)
{
	SegSum<Acc> op;

	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		int64_t		b = i / sec;

		if (b > 0)
			y[i] = op.combine(s[b - 1], y[i]);
	}
}

/*
 * (c) at the bottom, fused with the output: the running total through i
 * (inclusive) or through i - 1 (exclusive), rounded and written.
 */
template <typename Out, typename Acc>
__global__ void
WriteOutput(const Item<Acc> *y, const Item<Acc> *s, int64_t n, int64_t sec,
			HeadSource heads, bool excl, Writer<Out, Acc> w)
{
	SegSum<Acc> op;

	for (int64_t i = (int64_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
		 i += (int64_t) gridDim.x * blockDim.x)
	{
		int64_t		j = excl ? i - 1 : i;
		Item<Acc>	v;

		if (excl && heads.is_head(i))
			v = op.identity();
		else
		{
			v = y[j];
			if (j >= sec)
				v = op.combine(s[j / sec - 1], v);
		}
		w(i, v);
	}
}

/* ---------- the engine's state: one context per backend ---------- */

typedef struct GpuState
{
	bool		ready;
	int			generation;		/* counts contexts created */
	int			device;
	int			sms;
	cudaStream_t stream;
	cudaEvent_t ev[4];
	void	   *in;
	size_t		in_cap;
	void	   *out;
	size_t		out_cap;
	void	   *items;			/* level 0 and every level of S */
	size_t		items_cap;
	uint32_t   *heads;
	size_t		heads_cap;
	unsigned long long *err;
} GpuState;

static GpuState gpu;

/* A CUDA failure: status and message. */
typedef struct Failure
{
	GsStatus	status;
	char	   *msg;
	size_t		msglen;
} Failure;

/* Record a CUDA error; returns true when there was one. */
static bool
Failed(cudaError_t err, const char *what, Failure *f)
{
	if (err == cudaSuccess)
		return false;
	(void) cudaGetLastError();	/* clear a non-sticky error */
	f->status = err == cudaErrorMemoryAllocation ? GS_ERR_GPU_OUT_OF_MEMORY : GS_ERR_CUDA;
	snprintf(f->msg, f->msglen, "%s: %s (%s)", what, cudaGetErrorString(err),
			 cudaGetErrorName(err));
	return true;
}

/* Free the device buffers. */
extern "C" void
gs_cuda_release(void)
{
	if (!gpu.ready)
		return;
	cudaFree(gpu.in);
	cudaFree(gpu.out);
	cudaFree(gpu.items);
	cudaFree(gpu.heads);
	gpu.in = gpu.out = gpu.items = NULL;
	gpu.heads = NULL;
	gpu.in_cap = gpu.out_cap = gpu.items_cap = gpu.heads_cap = 0;
}

/* Forget everything after a failure that may have broken the context. */
static void
ResetContext(void)
{
	int			generation = gpu.generation;

	cudaDeviceReset();			/* frees every allocation of this process's context */
	(void) cudaGetLastError();
	memset(&gpu, 0, sizeof(gpu));
	gpu.generation = generation;
}

/* Create the context, stream and events on first use. */
extern "C" GsStatus
gs_cuda_init(char *msg, size_t msglen)
{
	Failure		f = {GS_OK, msg, msglen};
	int			n = 0;
	cudaError_t err;

	if (gpu.ready)
		return GS_OK;
	err = cudaGetDeviceCount(&n);
	if (err != cudaSuccess || n == 0)
	{
		(void) cudaGetLastError();
		snprintf(msg, msglen, "%s", err != cudaSuccess ? cudaGetErrorString(err)
				 : "no CUDA device is visible");
		return GS_ERR_NO_DEVICE;
	}
	gpu.device = 0;
	if (Failed(cudaSetDevice(gpu.device), "cudaSetDevice", &f) ||
		Failed(cudaFree(0), "creating the CUDA context", &f) ||
		Failed(cudaDeviceGetAttribute(&gpu.sms, cudaDevAttrMultiProcessorCount, gpu.device),
			   "cudaDeviceGetAttribute", &f) ||
		Failed(cudaStreamCreateWithFlags(&gpu.stream, cudaStreamNonBlocking),
			   "cudaStreamCreate", &f))
		return f.status == GS_ERR_GPU_OUT_OF_MEMORY ? GS_ERR_CUDA : f.status;
	for (int k = 0; k < 4; k++)
		if (Failed(cudaEventCreate(&gpu.ev[k]), "cudaEventCreate", &f))
			return GS_ERR_CUDA;
	if (Failed(cudaMalloc((void **) &gpu.err, sizeof(unsigned long long)), "cudaMalloc", &f))
		return f.status;
	gpu.generation++;
	gpu.ready = true;
	return GS_OK;
}

/* Make a device buffer hold at least need bytes. */
static bool
Grow(void **buf, size_t *cap, size_t need, Failure *f)
{
	if (*cap >= need)
		return true;
	cudaFree(*buf);
	*buf = NULL;
	*cap = 0;
	need += need / 8;			/* some room for the next, larger array */
	if (Failed(cudaMalloc(buf, need), "cudaMalloc", f))
	{
		*buf = NULL;
		return false;
	}
	*cap = need;
	return true;
}

/*
 * Row heads as a bitmap over stored values, for arrays with NULLs and
 * several rows: bit k set when value k is the first of its row.
 */
static uint32_t *
HostHeadBits(const GsScanSpec *spec, int64_t nvalues, int64_t nrows)
{
	uint32_t   *bits = (uint32_t *) calloc((size_t) (nvalues + 31) / 32 + 1, sizeof(uint32_t));
	int64_t		k = 0;

	if (bits == NULL)
		return NULL;
	for (int64_t r = 0; r < nrows; r++)
	{
		int64_t		c = gs_bitmap_count(spec->nulls, r * spec->row_len, spec->row_len);

		if (c > 0)
			bits[k >> 5] |= 1u << (k & 31);
		k += c;
	}
	return bits;
}

/* Launch the section scans and the propagation down the levels. */
template <int KIND, typename In, typename Acc>
static bool
LaunchScan(const Loader<In, Acc> &load, Item<Acc> *items, int64_t n, Failure *f)
{
	const int64_t sec = KIND == GS_KS ? THREADS : 2 * THREADS;
	const size_t smem = 2 * THREADS * sizeof(Item<Acc>);
	static int	attr_generation;	/* one per instantiation and context */
	int64_t		off[64],
				len[64];
	int			levels = 0;

	if (attr_generation != gpu.generation)
	{
		if (Failed(cudaFuncSetAttribute(ScanSections<KIND, Loader<In, Acc>, Acc>,
										cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem),
				   "cudaFuncSetAttribute", f) ||
			Failed(cudaFuncSetAttribute(ScanSections<KIND, ItemLoader<Acc>, Acc>,
										cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem),
				   "cudaFuncSetAttribute", f))
			return false;
		attr_generation = gpu.generation;
	}

	/* level 0: the values, converted on load; then S of each level */
	off[0] = 0;
	len[0] = n;
	off[1] = n;
	len[1] = (n + sec - 1) / sec;
	ScanSections<KIND, Loader<In, Acc>, Acc>
		<<<(unsigned) len[1], THREADS, smem, gpu.stream>>>(load, items, items + off[1], n);
	if (Failed(cudaGetLastError(), "launching the section scan", f))
		return false;
	levels = 1;
	while (len[levels] > 1)
	{
		int			l = levels;

		off[l + 1] = off[l] + len[l];
		len[l + 1] = (len[l] + sec - 1) / sec;
		ScanSections<KIND, ItemLoader<Acc>, Acc>
			<<<(unsigned) len[l + 1], THREADS, smem, gpu.stream>>>(ItemLoader<Acc>{items + off[l]},
																   items + off[l], items + off[l + 1], len[l]);
		if (Failed(cudaGetLastError(), "launching the scan of section totals", f))
			return false;
		levels++;
	}
	/* back down: every level above 1 adds its totals to the level below */
	for (int l = levels - 1; l >= 1; l--)
	{
		if (len[l] <= sec)
			continue;			/* one section: nothing earlier to add */
		int64_t		blocks = (len[l] + WTHREADS - 1) / WTHREADS;

		AddSections<Acc><<<(unsigned) (blocks < 65535 ? blocks : 65535), WTHREADS, 0, gpu.stream>>>(
			items + off[l], items + off[l + 1], len[l], sec);
		if (Failed(cudaGetLastError(), "launching the section adds", f))
			return false;
	}
	return true;
}

/* One scan of n values of type In into Out with accumulator Acc. */
template <typename In, typename Out, typename Acc>
static GsStatus
RunScan(const GsScanSpec *spec, const GsPlan *plan, GsKernel kernel,
		GsScanResult *res, GsGpuTimes *times)
{
	Failure		f = {GS_OK, res->message, sizeof(res->message)};
	const int64_t n = plan->nvalues;
	const int64_t sec = kernel == GS_KERNEL_KOGGE_STONE ? THREADS : 2 * THREADS;
	int64_t		levels_len = 0;
	Loader<In, Acc> load;
	Writer<Out, Acc> write;
	FloatPlan	fp;
	uint32_t   *hbits = NULL;
	unsigned long long err_index = ULLONG_MAX;
	float		ms;

	/* room for level 0 and every level of S */
	for (int64_t l = n; l > 1; l = (l + sec - 1) / sec)
		levels_len += (l + sec - 1) / sec;
	if (!Grow(&gpu.in, &gpu.in_cap, (size_t) n * sizeof(In), &f) ||
		!Grow(&gpu.out, &gpu.out_cap, (size_t) n * sizeof(Out), &f) ||
		!Grow(&gpu.items, &gpu.items_cap, (size_t) (n + levels_len + 1) * sizeof(Item<Acc>), &f))
		return f.status;

	memset(&fp, 0, sizeof(fp));
	fp.lsb = plan->lsb;
	gs_fixed_factors(plan->lsb, &fp.s1, &fp.s2);
	fp.scale_d = gs_pow2(plan->lsb);
	fp.scale_f = (float) fp.scale_d;
	fp.special = plan->special;

	load.x = (const In *) gpu.in;
	load.plan = fp;
	load.heads.row_len = spec->row_len;
	load.heads.bits = NULL;
	if (plan->nrows <= 1)
		load.heads.mode = 0;
	else if (spec->nulls == NULL)
		load.heads.mode = 1;
	else
	{
		load.heads.mode = 2;
		hbits = HostHeadBits(spec, n, plan->nrows);
		if (hbits == NULL)
		{
			snprintf(res->message, sizeof(res->message), "out of host memory for row heads");
			return GS_ERR_OUT_OF_MEMORY;
		}
		if (!Grow((void **) &gpu.heads, &gpu.heads_cap, ((size_t) (n + 31) / 32 + 1) * 4, &f))
		{
			free(hbits);
			return f.status;
		}
		load.heads.bits = gpu.heads;
	}
	write.y = (Out *) gpu.out;
	write.plan = fp;
	write.err = gpu.err;

	/* input to the device */
	if (Failed(cudaEventRecord(gpu.ev[0], gpu.stream), "cudaEventRecord", &f) ||
		Failed(cudaMemcpyAsync(gpu.in, spec->values, (size_t) n * sizeof(In),
							   cudaMemcpyHostToDevice, gpu.stream), "copying the array to the GPU", &f) ||
		(hbits && Failed(cudaMemcpyAsync(gpu.heads, hbits, ((size_t) (n + 31) / 32 + 1) * 4,
										 cudaMemcpyHostToDevice, gpu.stream), "copying row heads", &f)) ||
		Failed(cudaMemsetAsync(gpu.err, 0xff, sizeof(unsigned long long), gpu.stream), "cudaMemsetAsync", &f) ||
		Failed(cudaEventRecord(gpu.ev[1], gpu.stream), "cudaEventRecord", &f) ||
		Failed(cudaStreamSynchronize(gpu.stream), "copying the array to the GPU", &f))
	{
		free(hbits);
		return f.status;
	}
	free(hbits);
	if (spec->interrupt)
		spec->interrupt();

	/* the scan */
	Item<Acc>  *items = (Item<Acc> *) gpu.items;
	bool		ok = kernel == GS_KERNEL_KOGGE_STONE
		? LaunchScan<GS_KS, In, Acc>(load, items, n, &f)
		: LaunchScan<GS_BK, In, Acc>(load, items, n, &f);

	if (!ok)
		return f.status;
	{
		int64_t		blocks = (n + WTHREADS - 1) / WTHREADS;
		int64_t		cap = (int64_t) gpu.sms * 32;

		WriteOutput<Out, Acc><<<(unsigned) (blocks < cap ? blocks : cap), WTHREADS, 0, gpu.stream>>>(
			items, items + n, n, sec, load.heads, spec->exclusive, write);
	}
	if (Failed(cudaGetLastError(), "launching the output kernel", &f) ||
		Failed(cudaEventRecord(gpu.ev[2], gpu.stream), "cudaEventRecord", &f) ||
		Failed(cudaStreamSynchronize(gpu.stream), "running the scan kernels", &f))
		return f.status;
	if (spec->interrupt)
		spec->interrupt();

	/* results back */
	if (Failed(cudaMemcpyAsync(spec->result, gpu.out, (size_t) n * sizeof(Out),
							   cudaMemcpyDeviceToHost, gpu.stream), "copying the results from the GPU", &f) ||
		Failed(cudaMemcpyAsync(&err_index, gpu.err, sizeof(err_index),
							   cudaMemcpyDeviceToHost, gpu.stream), "copying the error index", &f) ||
		Failed(cudaEventRecord(gpu.ev[3], gpu.stream), "cudaEventRecord", &f) ||
		Failed(cudaStreamSynchronize(gpu.stream), "copying the results from the GPU", &f))
		return f.status;

	if (times)
	{
		cudaEventElapsedTime(&ms, gpu.ev[0], gpu.ev[1]);
		times->h2d_ms = ms;
		cudaEventElapsedTime(&ms, gpu.ev[1], gpu.ev[2]);
		times->kernel_ms = ms;
		cudaEventElapsedTime(&ms, gpu.ev[2], gpu.ev[3]);
		times->d2h_ms = ms;
	}
	if (err_index != ULLONG_MAX)
	{
		res->status = std::is_integral<Out>::value ? GS_ERR_INT8_RANGE : GS_ERR_FLOAT_OVERFLOW;
		res->error_position = gs_value_position(spec, (int64_t) err_index);
		return res->status;
	}
	return GS_OK;
}

/* Scan on the GPU: dispatch on element type and accumulator. */
extern "C" GsStatus
gs_cuda_scan(const GsScanSpec *spec, const GsPlan *plan, GsKernel kernel,
			 GsScanResult *res, GsGpuTimes *times)
{
	GsStatus	st;

	memset(res, 0, sizeof(*res));
	res->error_position = -1;
	res->acc_bits = plan->acc_bits;
	if (times)
		memset(times, 0, sizeof(*times));
	if (!gs_shape_ok(spec, res))
		return res->status;
	if (plan->acc_bits > GS_GPU_MAX_ACC_BITS)
	{
		snprintf(res->message, sizeof(res->message),
				 "the array's exponent range needs a %d-bit accumulator; the GPU engine has %d bits",
				 plan->acc_bits, GS_GPU_MAX_ACC_BITS);
		return res->status = GS_ERR_GPU_UNSUPPORTED;
	}
	st = gs_cuda_init(res->message, sizeof(res->message));
	if (st != GS_OK)
		return res->status = st;
	if (plan->nvalues == 0)
		return GS_OK;
	if (kernel != GS_KERNEL_KOGGE_STONE)
		kernel = GS_KERNEL_BRENT_KUNG;

	switch (spec->type)
	{
		case GS_INT2:
			st = RunScan<int16_t, int64_t, int64_t>(spec, plan, kernel, res, times);
			break;
		case GS_INT4:
			st = RunScan<int32_t, int64_t, int64_t>(spec, plan, kernel, res, times);
			break;
		case GS_INT8:
			res->acc_bits = 128;
			st = RunScan<int64_t, int64_t, gs_i128>(spec, plan, kernel, res, times);
			break;
		case GS_FLOAT4:
			st = plan->acc_bits <= 64
				? RunScan<float, float, int64_t>(spec, plan, kernel, res, times)
				: RunScan<float, float, gs_i128>(spec, plan, kernel, res, times);
			break;
		case GS_FLOAT8:
			st = plan->acc_bits <= 64
				? RunScan<double, double, int64_t>(spec, plan, kernel, res, times)
				: RunScan<double, double, gs_i128>(spec, plan, kernel, res, times);
			break;
		default:
			st = GS_ERR_INTERNAL;
	}
	if (st == GS_ERR_CUDA)
		ResetContext();			/* the next call starts afresh */
	else if (st == GS_ERR_GPU_OUT_OF_MEMORY)
		gs_cuda_release();		/* give the memory back; the caller falls back */
	res->status = st;
	return st;
}
