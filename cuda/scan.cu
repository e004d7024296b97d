/*
 * cuda/scan.cu — the GPU engine's host side.
 *
 * One call:
 *  1. plan: exact (one pass) for integers and small float arrays; for large
 *     float arrays a speculative plan from a sample, with margins, that the
 *     kernels check against every value;
 *  2. pipeline: the array streams through in chunks.  Host threads copy a
 *     chunk into a pinned staging buffer, a copy stream sends it to the
 *     device, the compute stream scans it (continuing from the previous
 *     chunk's carry, on the device), a third stream copies the results to a
 *     pinned buffer, and host threads copy them into the result; so chunk k
 *     is copied in while k-1 is scanned and k-2 copied out;
 *  3. if the speculative plan did not cover the data, the exact plan is
 *     computed on the GPU from the input already there, and the scan and the
 *     copies back are redone.
 * Device buffers, staging buffers and streams are kept for the backend's life
 * and grown as needed.
 */
#include "gpuscan_cuda.h"
#include "host_copy.h"
#include "scan_kernels.cuh"
#include "../core/cpu_simd.h"

#include <cuda_runtime.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSLOTS		3			/* chunks in flight */
#define SPECULATE_MIN (INT64_C(1) << 20)	/* smaller float arrays get an exact plan */
#define DIRECT_MAX	(1 << 20)	/* smaller arrays skip staging (bytes) */

/* A scan needs its plan redone (internal status). */
#define GS_REPLAN	((GsStatus) 100)

typedef struct GpuState
{
	bool		ready;
	int			device;
	int			sms;
	cudaStream_t s_h2d,
				s_comp,
				s_d2h;
	cudaEvent_t ev[NSLOTS][6];	/* h2d begin/end, kernel begin/end, d2h begin/end */
	void	   *in;
	size_t		in_cap;
	void	   *out;
	size_t		out_cap;
	void	   *scratch;
	size_t		scratch_cap;
	uint32_t   *heads;
	size_t		heads_cap;
	void	   *small;			/* carries, error index, violation flag, plan stats */
	void	   *stage[2 * NSLOTS];	/* pinned: in slots, then out slots */
	size_t		stage_bytes;
	int			stage_mb;		/* the setting they were sized for */
} GpuState;

static GpuState gpu;

/* Offsets in gpu.small. */
#define SM_CARRY	0			/* two items of up to 32 bytes */
#define SM_ERR		64
#define SM_VIOL		72
#define SM_LO		80
#define SM_SPECIAL	84
#define SM_MAXABS	88
#define SM_BYTES	128

/* A CUDA failure: status and message. */
typedef struct Failure
{
	GsStatus	status;
	char	   *msg;
	size_t		msglen;
} Failure;

/* Monotonic milliseconds. */
static double
NowMs(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

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

/* Free the device and staging buffers. */
extern "C" void
gs_cuda_release(void)
{
	if (!gpu.ready)
		return;
	cudaDeviceSynchronize();
	cudaFree(gpu.in);
	cudaFree(gpu.out);
	cudaFree(gpu.scratch);
	cudaFree(gpu.heads);
	gpu.in = gpu.out = gpu.scratch = NULL;
	gpu.heads = NULL;
	gpu.in_cap = gpu.out_cap = gpu.scratch_cap = gpu.heads_cap = 0;
	for (int k = 0; k < 2 * NSLOTS; k++)
	{
		cudaFreeHost(gpu.stage[k]);
		gpu.stage[k] = NULL;
	}
	gpu.stage_bytes = 0;
	gpu.stage_mb = 0;
	(void) cudaGetLastError();
}

/* Forget everything after a failure that may have broken the context. */
static void
ResetContext(void)
{
	cudaDeviceSynchronize();	/* no copy into PostgreSQL's memory outlives the call */
	cudaDeviceReset();			/* frees every allocation of this process's context */
	(void) cudaGetLastError();
	memset(&gpu, 0, sizeof(gpu));
}

/*
 * A failed initialisation (a GPU whose memory other processes hold, say):
 * drop what was created, context included, so that a retry starts clean and
 * nothing accumulates over retries.
 */
static GsStatus
InitFailed(void)
{
	ResetContext();
	return GS_ERR_CUDA;
}

/*
 * Is device dev one the engine's machine code runs on?  GS_OK, or
 * GS_ERR_NO_DEVICE saying why.  Asks for attributes only: no context.
 */
static GsStatus
CheckDevice(int dev, int fault, char *msg, size_t msglen)
{
	cudaDeviceProp prop;
	int			major,
				minor;

	if (cudaGetDeviceProperties(&prop, dev) != cudaSuccess)
	{
		snprintf(msg, msglen, "cannot query CUDA device %d: %s", dev,
				 cudaGetErrorString(cudaGetLastError()));
		return GS_ERR_NO_DEVICE;
	}
	major = fault == GS_FAULT_UNSUPPORTED_GPU ? 1 : prop.major;
	minor = fault == GS_FAULT_UNSUPPORTED_GPU ? 0 : prop.minor;
	if (major * 10 + minor >= GS_MIN_COMPUTE_CAPABILITY)
		return GS_OK;
	snprintf(msg, msglen, "CUDA device %d (%s) has compute capability %d.%d%s; the GPU engine needs %d.%d or newer",
			 dev, prop.name, major, minor, fault == GS_FAULT_UNSUPPORTED_GPU ? " (injected fault)" : "",
			 GS_MIN_COMPUTE_CAPABILITY / 10, GS_MIN_COMPUTE_CAPABILITY % 10);
	return GS_ERR_NO_DEVICE;
}

/* Create the context, streams and events on first use. */
extern "C" GsStatus
gs_cuda_init(int fault, char *msg, size_t msglen)
{
	Failure		f = {GS_OK, msg, msglen};
	int			n = 0;
	cudaError_t err;
	GsStatus	st;

	if (gpu.ready)
		return fault == GS_FAULT_UNSUPPORTED_GPU ? CheckDevice(gpu.device, fault, msg, msglen) : GS_OK;
	err = cudaGetDeviceCount(&n);
	if (err != cudaSuccess || n == 0)
	{
		(void) cudaGetLastError();
		snprintf(msg, msglen, "%s", err != cudaSuccess ? cudaGetErrorString(err)
				 : "no CUDA device is visible");
		return GS_ERR_NO_DEVICE;
	}
	gpu.device = 0;
	st = CheckDevice(gpu.device, fault, msg, msglen);
	if (st != GS_OK)
		return st;
	if (Failed(cudaSetDevice(gpu.device), "cudaSetDevice", &f) ||
		Failed(cudaFree(0), "creating the CUDA context", &f) ||
		Failed(cudaDeviceGetAttribute(&gpu.sms, cudaDevAttrMultiProcessorCount, gpu.device),
			   "cudaDeviceGetAttribute", &f) ||
		Failed(cudaStreamCreateWithFlags(&gpu.s_h2d, cudaStreamNonBlocking), "cudaStreamCreate", &f) ||
		Failed(cudaStreamCreateWithFlags(&gpu.s_comp, cudaStreamNonBlocking), "cudaStreamCreate", &f) ||
		Failed(cudaStreamCreateWithFlags(&gpu.s_d2h, cudaStreamNonBlocking), "cudaStreamCreate", &f))
		return InitFailed();
	for (int b = 0; b < NSLOTS; b++)
		for (int k = 0; k < 6; k++)
			if (Failed(cudaEventCreate(&gpu.ev[b][k]), "cudaEventCreate", &f))
				return InitFailed();
	if (Failed(cudaMalloc(&gpu.small, SM_BYTES), "cudaMalloc", &f))
		return InitFailed();
	gpu.ready = true;
	return GS_OK;
}

/* The fault this call injects (GsGpuConfig.fault; tests only). */
static int	fault;

/* Make a device buffer hold at least need bytes. */
static bool
Grow(void **buf, size_t *cap, size_t need, Failure *f)
{
	if (*cap >= need && fault != GS_FAULT_GPU_ALLOC)
		return true;
	cudaFree(*buf);
	*buf = NULL;
	*cap = 0;
	need += need / 8;			/* some room for the next, larger array */
	if (Failed(fault == GS_FAULT_GPU_ALLOC ? cudaErrorMemoryAllocation : cudaMalloc(buf, need),
			   fault == GS_FAULT_GPU_ALLOC ? "cudaMalloc (injected fault)" : "cudaMalloc", f))
	{
		*buf = NULL;
		return false;
	}
	*cap = need;
	return true;
}

/*
 * Pinned staging buffers: 2 * NSLOTS of pinned_mb / (2 * NSLOTS) each,
 * allocated once per setting.  False (and no staging) if pinned memory
 * cannot be had: the caller copies from pageable memory instead.
 */
static bool
Staging(int pinned_mb)
{
	size_t		each;

	if (pinned_mb <= 0)
		return false;
	if (gpu.stage_mb == pinned_mb && gpu.stage_bytes > 0)
		return true;
	for (int k = 0; k < 2 * NSLOTS; k++)
	{
		cudaFreeHost(gpu.stage[k]);
		gpu.stage[k] = NULL;
	}
	gpu.stage_bytes = 0;
	gpu.stage_mb = pinned_mb;
	each = ((size_t) pinned_mb << 20) / (2 * NSLOTS);
	each &= ~(size_t) ((1 << 20) - 1);	/* whole MiB */
	if (each < (1 << 20))
		return false;
	for (int k = 0; k < 2 * NSLOTS; k++)
	{
		if (cudaHostAlloc(&gpu.stage[k], each, cudaHostAllocDefault) != cudaSuccess)
		{
			(void) cudaGetLastError();
			for (int j = 0; j < k; j++)
			{
				cudaFreeHost(gpu.stage[j]);
				gpu.stage[j] = NULL;
			}
			return false;
		}
	}
	gpu.stage_bytes = each;
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

/* Milliseconds between two recorded events (0 on error). */
static double
Elapsed(cudaEvent_t a, cudaEvent_t b)
{
	float		ms = 0;

	if (cudaEventElapsedTime(&ms, a, b) != cudaSuccess)
	{
		(void) cudaGetLastError();
		return 0;
	}
	return ms;
}

/*
 * One pass of the pipeline: (copy in,) scan and copy back every chunk.
 * resident: the input is on the device already (a redone scan).
 */
template <typename In, typename Out, typename Acc>
static GsStatus
RunScan(const GsScanSpec *spec, const GsPlan *plan, const GsPlanLimits *lim,
		const GsGpuConfig *cfg, bool resident, GsScanResult *res, GsGpuTimes *times)
{
	Failure		f = {GS_OK, res->message, sizeof(res->message)};
	const int64_t n = plan->nvalues;
	const int	kind = cfg->kernel;
	const size_t isz = sizeof(In),
				osz = sizeof(Out);
	char	   *small = (char *) gpu.small;
	Item<Acc>  *carry = (Item<Acc> *) (small + SM_CARRY);
	unsigned long long *err = (unsigned long long *) (small + SM_ERR);
	unsigned   *violation = (unsigned *) (small + SM_VIOL);
	HeadSource	heads;
	FloatPlan	fp;
	bool		staged;
	int64_t		chunk,
				nch;
	unsigned long long err_index = ULLONG_MAX;
	unsigned	viol = 0;
	ScanScratch sc;
	int			fast;

	/* chunks: as large as a staging buffer holds, whole tiles and sections */
	staged = (size_t) n * (isz > osz ? isz : osz) > DIRECT_MAX && Staging(cfg->pinned_mb);
	if (staged)
	{
		chunk = (int64_t) (gpu.stage_bytes / (isz > osz ? isz : osz));
		chunk &= ~(int64_t) 65535;
		if (chunk < 65536)
			staged = false;
	}
	if (!staged)
		chunk = n;
	nch = (n + chunk - 1) / chunk;
	times->chunks = (int) nch;

	if (!Grow(&gpu.in, &gpu.in_cap, (size_t) n * isz, &f) ||
		!Grow(&gpu.out, &gpu.out_cap, (size_t) n * osz, &f) ||
		!Grow(&gpu.scratch, &gpu.scratch_cap, ScratchBytes<Acc>(kind, chunk), &f))
		return f.status;
	sc = CarveScratch<Acc>(kind, chunk, gpu.scratch);

	/* the float plan's constants, and the limits of a speculative one */
	memset(&fp, 0, sizeof(fp));
	fp.lsb = plan->lsb;
	gs_fixed_factors(plan->lsb, &fp.s1, &fp.s2);
	fp.scale_d = gs_pow2(plan->lsb);
	fp.scale_f = (float) fp.scale_d;
	fp.special = plan->special;
	fp.speculative = lim && lim->speculative;
	fp.min_lo = lim ? lim->min_lo : 0;
	fp.max_abs = lim ? lim->max_abs : 0;
	fp.violation = violation;

	/* row heads */
	heads.row_len = spec->row_len;
	heads.bits = NULL;
	heads.mode = plan->nrows <= 1 ? 0 : spec->nulls == NULL ? 1 : 2;
	if (heads.mode == 2)
	{
		size_t		hb = ((size_t) (n + 31) / 32 + 1) * 4;
		uint32_t   *hbits = HostHeadBits(spec, n, plan->nrows);

		if (hbits == NULL)
		{
			snprintf(res->message, sizeof(res->message), "out of host memory for row heads");
			return GS_ERR_OUT_OF_MEMORY;
		}
		if (!Grow((void **) &gpu.heads, &gpu.heads_cap, hb, &f) ||
			Failed(cudaMemcpy(gpu.heads, hbits, hb, cudaMemcpyHostToDevice), "copying row heads", &f))
		{
			free(hbits);
			return f.status;
		}
		free(hbits);
		heads.bits = gpu.heads;
	}
	if (Failed(cudaMemsetAsync(err, 0xff, sizeof(*err), gpu.s_comp), "cudaMemsetAsync", &f) ||
		Failed(cudaMemsetAsync(violation, 0, sizeof(*violation), gpu.s_comp), "cudaMemsetAsync", &f))
		return f.status;
	if (staged)
		gs_copy_init(cfg->copy_threads);
	/* the single pass's fast path: one row, no special values, narrow values */
	fast = kind == GS_SP && spec->op == GS_OP_SUM ? SpFastMode(plan, heads.mode != 0) : SPF_NONE;

	/*
	 * The pipeline.  Step k: wait for the slots chunk k and chunk j = k - 2
	 * need, copy chunk k into its staging buffer while chunk j is copied out
	 * of its own (the copy threads share both), then queue chunk k's copy to
	 * the device, its scan and its copy back.  Meanwhile the GPU works on
	 * chunk k - 1.
	 */
	for (int64_t k = 0; k < nch + NSLOTS - 1; k++)
	{
		int64_t		j = k - (NSLOTS - 1);
		bool		has_in = k < nch && !resident;
		bool		has_out = j >= 0 && j < nch;
		int			b = (int) (k % NSLOTS);
		int			bj = (int) ((j + NSLOTS) % NSLOTS);
		int64_t		off = k * chunk;
		int64_t		len = k < nch ? (n - off < chunk ? n - off : chunk) : 0;
		int64_t		offj = j * chunk;
		int64_t		lenj = has_out ? (n - offj < chunk ? n - offj : chunk) : 0;
		const char *src = (const char *) spec->values + off * isz;

		if (has_in && k >= NSLOTS)	/* the slot's last copy to the device is done */
		{
			if (Failed(cudaEventSynchronize(gpu.ev[b][1]), "copying to the GPU", &f))
				return f.status;
			times->h2d_ms += Elapsed(gpu.ev[b][0], gpu.ev[b][1]);
		}
		if (has_out)			/* chunk j's results are in its staging buffer */
		{
			if (Failed(cudaEventSynchronize(gpu.ev[bj][5]), "running the scan", &f))
				return f.status;
			times->kernel_ms += Elapsed(gpu.ev[bj][2], gpu.ev[bj][3]);
			times->d2h_ms += Elapsed(gpu.ev[bj][4], gpu.ev[bj][5]);
		}
		if (staged && (has_in || has_out))
		{
			double		t0 = NowMs();

			gs_copy2(gpu.stage[b], src, has_in ? (size_t) len * isz : 0,
					 (char *) spec->result + offj * osz, gpu.stage[NSLOTS + bj],
					 has_out ? (size_t) lenj * osz : 0);
			times->stage_ms += NowMs() - t0;	/* both directions, concurrently */
		}
		/* nothing in flight writes PostgreSQL's memory: a cancel is safe */
		if (has_out && spec->interrupt && (j & 7) == 7)
			spec->interrupt();
		if (k >= nch)
			continue;

		cudaEvent_t *ev = gpu.ev[b];

		if (!resident)
		{
			if (Failed(cudaEventRecord(ev[0], gpu.s_h2d), "cudaEventRecord", &f) ||
				Failed(cudaMemcpyAsync((char *) gpu.in + off * isz, staged ? (const char *) gpu.stage[b] : src,
									   (size_t) len * isz, cudaMemcpyHostToDevice, gpu.s_h2d),
					   "copying to the GPU", &f) ||
				Failed(cudaEventRecord(ev[1], gpu.s_h2d), "cudaEventRecord", &f) ||
				Failed(cudaStreamWaitEvent(gpu.s_comp, ev[1], 0), "cudaStreamWaitEvent", &f))
				return f.status;
		}
		if (fault == GS_FAULT_CUDA_ERROR && k == (nch > 1 ? 1 : 0))
		{
			/* a real failing CUDA call while chunks are in flight: a launch with no blocks */
			PlanReduce<float><<<0, 256, 0, gpu.s_comp>>>(NULL, 0, NULL, NULL, NULL);
			Failed(cudaGetLastError(), "launching the scan (injected fault)", &f);
			return f.status;
		}
		if (Failed(cudaEventRecord(ev[2], gpu.s_comp), "cudaEventRecord", &f) ||
			Failed(ScanChunk<In, Out, Acc>(kind, (const In *) gpu.in + off, (Out *) gpu.out + off,
										   len, off, heads, fp, spec->exclusive,
										   k > 0 ? &carry[(k - 1) % 2] : NULL, &carry[k % 2],
										   sc, err, gpu.s_comp, gpu.sms, fast), "launching the scan", &f) ||
			Failed(cudaEventRecord(ev[3], gpu.s_comp), "cudaEventRecord", &f) ||
			Failed(cudaStreamWaitEvent(gpu.s_d2h, ev[3], 0), "cudaStreamWaitEvent", &f) ||
			Failed(cudaEventRecord(ev[4], gpu.s_d2h), "cudaEventRecord", &f) ||
			Failed(cudaMemcpyAsync(staged ? gpu.stage[NSLOTS + b] : (char *) spec->result + off * osz,
								   (const char *) gpu.out + off * osz, (size_t) len * osz,
								   cudaMemcpyDeviceToHost, gpu.s_d2h), "copying from the GPU", &f) ||
			Failed(cudaEventRecord(ev[5], gpu.s_d2h), "cudaEventRecord", &f))
			return f.status;
	}
	if (!resident)
	{
		for (int64_t k = nch > NSLOTS ? nch - NSLOTS : 0; k < nch; k++)
			times->h2d_ms += Elapsed(gpu.ev[k % NSLOTS][0], gpu.ev[k % NSLOTS][1]);
	}
	if (Failed(cudaMemcpy(&err_index, err, sizeof(err_index), cudaMemcpyDeviceToHost), "reading the error index", &f) ||
		Failed(cudaMemcpy(&viol, violation, sizeof(viol), cudaMemcpyDeviceToHost), "reading the plan check", &f))
		return f.status;
	if (viol)
		return GS_REPLAN;
	if (err_index != ULLONG_MAX)
	{
		res->status = std::is_integral<Out>::value ? GS_ERR_INT8_RANGE : GS_ERR_FLOAT_OVERFLOW;
		res->error_position = gs_value_position(spec, (int64_t) err_index);
		return res->status;
	}
	return GS_OK;
}

/* Running maxima or minima of one element type: the same pipeline, order items. */
template <typename In>
static GsStatus
RunOrder(const GsScanSpec *spec, const GsPlan *plan, const GsGpuConfig *cfg,
		 GsScanResult *res, GsGpuTimes *times)
{
	if (spec->op == GS_OP_MAX)
		return RunScan<In, In, Ord<In, false> >(spec, plan, NULL, cfg, false, res, times);
	return RunScan<In, In, Ord<In, true> >(spec, plan, NULL, cfg, false, res, times);
}

/* Scan with a plan: dispatch on operator, element type and accumulator width. */
static GsStatus
RunWithPlan(const GsScanSpec *spec, const GsPlan *plan, const GsPlanLimits *lim,
			const GsGpuConfig *cfg, bool resident, GsScanResult *res, GsGpuTimes *times)
{
	bool		wide = plan->acc_bits > 64;

	res->acc_bits = plan->acc_bits;
	if (spec->op != GS_OP_SUM)
	{
		switch (spec->type)
		{
			case GS_INT2:
				return RunOrder<int16_t>(spec, plan, cfg, res, times);
			case GS_INT4:
				return RunOrder<int32_t>(spec, plan, cfg, res, times);
			case GS_INT8:
				return RunOrder<int64_t>(spec, plan, cfg, res, times);
			case GS_FLOAT4:
				return RunOrder<float>(spec, plan, cfg, res, times);
			case GS_FLOAT8:
				return RunOrder<double>(spec, plan, cfg, res, times);
		}
		return GS_ERR_INTERNAL;
	}
	switch (spec->type)
	{
		case GS_INT2:
			return RunScan<int16_t, int64_t, int64_t>(spec, plan, lim, cfg, resident, res, times);
		case GS_INT4:
			return RunScan<int32_t, int64_t, int64_t>(spec, plan, lim, cfg, resident, res, times);
		case GS_INT8:
			return RunScan<int64_t, int64_t, gs_i128>(spec, plan, lim, cfg, resident, res, times);
		case GS_FLOAT4:
			return wide ? RunScan<float, float, gs_i128>(spec, plan, lim, cfg, resident, res, times)
				: RunScan<float, float, int64_t>(spec, plan, lim, cfg, resident, res, times);
		case GS_FLOAT8:
			return wide ? RunScan<double, double, gs_i128>(spec, plan, lim, cfg, resident, res, times)
				: RunScan<double, double, int64_t>(spec, plan, lim, cfg, resident, res, times);
	}
	return GS_ERR_INTERNAL;
}

/* The exact plan of device-resident float input, computed on the GPU. */
static GsStatus
PlanOnDevice(const GsScanSpec *spec, GsPlan *plan, GsScanResult *res)
{
	Failure		f = {GS_OK, res->message, sizeof(res->message)};
	char	   *small = (char *) gpu.small;
	unsigned   *lo = (unsigned *) (small + SM_LO);
	unsigned   *special = (unsigned *) (small + SM_SPECIAL);
	unsigned long long *maxabs = (unsigned long long *) (small + SM_MAXABS);
	unsigned	h_lo,
				h_special;
	unsigned long long h_maxabs;
	GsFloatStats st;
	int64_t		n = plan->nvalues;
	unsigned	blocks = (unsigned) (gpu.sms * 8);

	if (Failed(cudaMemsetAsync(lo, 0xff, 4, gpu.s_comp), "cudaMemsetAsync", &f) ||
		Failed(cudaMemsetAsync(special, 0, 4, gpu.s_comp), "cudaMemsetAsync", &f) ||
		Failed(cudaMemsetAsync(maxabs, 0, 8, gpu.s_comp), "cudaMemsetAsync", &f))
		return f.status;
	if (spec->type == GS_FLOAT4)
		PlanReduce<float><<<blocks, 256, 0, gpu.s_comp>>>((const float *) gpu.in, n, lo, maxabs, special);
	else
		PlanReduce<double><<<blocks, 256, 0, gpu.s_comp>>>((const double *) gpu.in, n, lo, maxabs, special);
	if (Failed(cudaGetLastError(), "launching the plan reduction", &f) ||
		Failed(cudaStreamSynchronize(gpu.s_comp), "running the plan reduction", &f) ||
		Failed(cudaMemcpy(&h_lo, lo, 4, cudaMemcpyDeviceToHost), "reading the plan", &f) ||
		Failed(cudaMemcpy(&h_special, special, 4, cudaMemcpyDeviceToHost), "reading the plan", &f) ||
		Failed(cudaMemcpy(&h_maxabs, maxabs, 8, cudaMemcpyDeviceToHost), "reading the plan", &f))
		return f.status;
	st.lo = h_lo == UINT_MAX ? INT32_MAX : (int32_t) h_lo;
	st.maxabs = h_maxabs;
	st.special = h_special != 0;
	gs_plan_from_stats(plan, &st);
	return GS_OK;
}

/* Scan on the GPU. */
extern "C" GsStatus
gs_cuda_scan(const GsScanSpec *spec, const GsGpuConfig *cfg, GsScanResult *res,
			 GsGpuTimes *times)
{
	GsStatus	st;
	GsPlan		plan;
	GsPlanLimits lim;
	GsGpuConfig conf = *cfg;
	bool		isfloat = spec->type == GS_FLOAT4 || spec->type == GS_FLOAT8;
	GsGpuTimes	scratch_times;
	double		t0;

	memset(res, 0, sizeof(*res));
	res->error_position = -1;
	fault = cfg->fault;
	if (times == NULL)
		times = &scratch_times;
	memset(times, 0, sizeof(*times));
	if (!gs_shape_ok(spec, res))
		return res->status;
	if (spec->op != GS_OP_SUM && spec->exclusive)
	{
		snprintf(res->message, sizeof(res->message), "exclusive scans are running totals only");
		return res->status = GS_ERR_INTERNAL;
	}
	st = gs_cuda_init(cfg->fault, res->message, sizeof(res->message));
	if (st != GS_OK)
		return res->status = st;
	/* whatever an earlier, interrupted call left queued is done first */
	cudaDeviceSynchronize();
	if (conf.kernel != GS_KERNEL_KOGGE_STONE && conf.kernel != GS_KERNEL_BRENT_KUNG)
		conf.kernel = GS_KERNEL_SINGLE_PASS;

	t0 = NowMs();
	memset(&lim, 0, sizeof(lim));
	if (isfloat && spec->op == GS_OP_SUM && spec->nitems > SPECULATE_MIN)
		gs_plan_speculative(spec, &plan, &lim);
	else
		gs_plan(spec, &plan);
	times->plan_ms = NowMs() - t0;
	if (plan.nvalues == 0)
		return GS_OK;
	if (plan.acc_bits > GS_GPU_MAX_ACC_BITS)
	{
		res->acc_bits = plan.acc_bits;
		snprintf(res->message, sizeof(res->message),
				 "the array's exponent range needs a %d-bit accumulator; the GPU engine has %d bits",
				 plan.acc_bits, GS_GPU_MAX_ACC_BITS);
		return res->status = GS_ERR_GPU_UNSUPPORTED;
	}

	st = RunWithPlan(spec, &plan, &lim, &conf, false, res, times);
	if (st == GS_REPLAN)
	{
		/* the sample missed something: plan from all values, on the GPU, and redo */
		times->replanned = true;
		t0 = NowMs();
		st = PlanOnDevice(spec, &plan, res);
		times->plan_ms += NowMs() - t0;
		if (st == GS_OK && plan.acc_bits > GS_GPU_MAX_ACC_BITS)
		{
			res->acc_bits = plan.acc_bits;
			snprintf(res->message, sizeof(res->message),
					 "the array's exponent range needs a %d-bit accumulator; the GPU engine has %d bits",
					 plan.acc_bits, GS_GPU_MAX_ACC_BITS);
			st = GS_ERR_GPU_UNSUPPORTED;
		}
		else if (st == GS_OK)
			st = RunWithPlan(spec, &plan, NULL, &conf, true, res, times);
		if (st == GS_REPLAN)
		{
			snprintf(res->message, sizeof(res->message), "the exact plan failed its own check");
			st = GS_ERR_INTERNAL;
		}
	}
	if (st == GS_ERR_CUDA)
		ResetContext();			/* the next call starts afresh */
	else if (st == GS_ERR_GPU_OUT_OF_MEMORY)
		gs_cuda_release();		/* give the memory back; the caller falls back */
	res->status = st;
	return st;
}
