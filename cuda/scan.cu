/*
 * cuda/scan.cu — the GPU engine's host side: devices and chunks.
 *
 * The engine runs chunks (core/engine.h, GsChunk): n stored values of an
 * array, in page-locked host memory, planned for the whole array.  On its
 * device, a chunk is one stream of work: copy the values in (and the row
 * heads, and the carry of the chunks before), scan them with the chosen
 * kernel, copy the results back over the values and the new carry out.
 * gs_cuda_chunk_issue queues it, gs_cuda_chunk_finish waits for it, so a
 * caller with several GPUs keeps them all busy.  Each device keeps its
 * buffers, grown as needed, for the life of the process: in the server, the
 * GPU service (src/service.c); in test programs, the program.
 */
#include "gpuscan_cuda.h"
#include "dispatch.cuh"
#include "plan_kernel.cuh"
#include "window.cuh"

#include <cuda_runtime.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One lane of a device: a stream and the buffers of the chunk it runs. */
typedef struct GpuLane
{
	cudaStream_t s;
	cudaEvent_t ev[4];			/* copy in begins, kernel begins, copy back begins, done */
	void	   *in;
	size_t		in_cap;
	void	   *out;
	size_t		out_cap;
	void	   *scratch;
	size_t		scratch_cap;
	uint32_t   *heads;
	size_t		heads_cap;
	void	   *work;			/* window chunks: differences and sums */
	size_t		work_cap;
	char	   *small;			/* device: carry in, carry out, error index, violation */
	char	   *hsmall;			/* pinned host: the same, copied in whole and back from SM_CARRY_OUT */
} GpuLane;

/*
 * One device's context and lanes: GS_LANES chunks in flight at once, on
 * streams of their own, so that one chunk's copy in runs beside another's
 * kernel and a third's copy back (the copy engines work both ways at once).
 */
typedef struct GpuDev
{
	bool		ready;
	int			sms;
	int			arch;			/* GsArch of its compute capability */
	GpuLane		lanes[GS_LANES];
} GpuDev;

static GpuDev devs[GS_MAX_DEVICES];
static int	ndevs;				/* devices described by gs_cuda_open */
static bool opened;
static void *ring;				/* host memory registered by gs_cuda_register */
static size_t ring_bytes;

/* Offsets in small and hsmall. */
#define SM_CARRY_IN		0
#define SM_COUNTS_IN	32		/* a window's counts of specials (cuda/window.cuh) */
#define SM_CARRY_OUT	64		/* from here on copied back */
#define SM_COUNTS_OUT	96
#define SM_ERR			128
#define SM_VIOL			136
#define SM_BYTES		160

/* Record a CUDA error; returns true when there was one. */
static bool
Failed(cudaError_t err, const char *what, GsStatus *st, char *msg, size_t msglen)
{
	if (err == cudaSuccess)
		return false;
	(void) cudaGetLastError();	/* clear a non-sticky error */
	*st = err == cudaErrorMemoryAllocation ? GS_ERR_GPU_OUT_OF_MEMORY : GS_ERR_CUDA;
	snprintf(msg, msglen, "%s: %s (%s)", what, cudaGetErrorString(err), cudaGetErrorName(err));
	return true;
}

#define FAILED(call, what) Failed((call), (what), &st, msg, msglen)

/* Create device dev's stream, events and small buffers (its context first). */
static GsStatus
OpenDevice(int dev, char *msg, size_t msglen)
{
	GpuDev	   *g = &devs[dev];
	GsStatus	st = GS_OK;
	int			major = 0,
				minor = 0;

	memset(g, 0, sizeof(*g));
	/*
	 * Blocking synchronisation: the service waits for a lane asleep, not
	 * spinning a host core the backends' scans need (CUDA spins by default
	 * where it has fewer contexts than cores).
	 */
	if (FAILED(cudaSetDevice(dev), "cudaSetDevice") ||
		FAILED(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync), "cudaSetDeviceFlags") ||
		FAILED(cudaFree(0), "creating the CUDA context") ||
		FAILED(cudaDeviceGetAttribute(&g->sms, cudaDevAttrMultiProcessorCount, dev),
			   "cudaDeviceGetAttribute") ||
		FAILED(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev),
			   "cudaDeviceGetAttribute") ||
		FAILED(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev),
			   "cudaDeviceGetAttribute"))
		return st;
	for (int i = 0; i < GS_LANES; i++)
	{
		GpuLane    *l = &g->lanes[i];

		if (FAILED(cudaStreamCreateWithFlags(&l->s, cudaStreamNonBlocking), "cudaStreamCreate") ||
			FAILED(cudaMalloc((void **) &l->small, SM_BYTES), "cudaMalloc") ||
			FAILED(cudaHostAlloc((void **) &l->hsmall, SM_BYTES, cudaHostAllocDefault), "cudaHostAlloc"))
			return st;
		for (int k = 0; k < 4; k++)
			if (FAILED(cudaEventCreate(&l->ev[k]), "cudaEventCreate"))
				return st;
	}
	g->arch = GsArch(major * 10 + minor);
	g->ready = true;
	return GS_OK;
}

/* Open the GPUs: describe them all, open the usable ones. */
extern "C" int
gs_cuda_open(GsDeviceInfo *info, int fault, char *msg, size_t msglen)
{
	int			n = gs_cuda_device_count(msg, msglen);

	if (n <= 0)
	{
		if (n == 0)
			snprintf(msg, msglen, "no CUDA device is visible (no NVIDIA GPU or driver)");
		return n;
	}
	if (n > GS_MAX_DEVICES)
		n = GS_MAX_DEVICES;
	for (int d = 0; d < n; d++)
	{
		if (gs_cuda_device_info(d, &info[d], msg, msglen) != GS_OK)
			return -1;
		if (fault == GS_FAULT_UNSUPPORTED_GPU)
		{
			info[d].cc_major = 1;
			info[d].cc_minor = 0;
			info[d].supported = false;
		}
		if (info[d].supported && OpenDevice(d, msg, msglen) != GS_OK)
			return -1;
	}
	ndevs = n;
	opened = true;
	return n;
}

/* Page-lock the ring for every device. */
extern "C" GsStatus
gs_cuda_register(void *p, size_t bytes, char *msg, size_t msglen)
{
	GsStatus	st = GS_OK;
	cudaError_t err;

	err = cudaHostRegister(p, bytes, cudaHostRegisterPortable);
	if (err == cudaErrorHostMemoryAlreadyRegistered)
	{
		/* another GPU's context holds it (a GPU started afresh): fine, but not the next call's error */
		(void) cudaGetLastError();
		err = cudaSuccess;
	}
	if (FAILED(err, "cudaHostRegister"))
		return st;
	ring = p;
	ring_bytes = bytes;
	return GS_OK;
}

/* Page-locked host memory for device dev, owned by its context. */
extern "C" void *
gs_cuda_pinned_alloc(int dev, size_t bytes)
{
	void	   *p = NULL;

	if (cudaSetDevice(dev) != cudaSuccess ||
		cudaHostAlloc(&p, bytes, cudaHostAllocDefault) != cudaSuccess)
	{
		(void) cudaGetLastError();
		return NULL;
	}
	return p;
}

/* Free page-locked memory of device dev's. */
extern "C" void
gs_cuda_pinned_free(int dev, void *p)
{
	if (p == NULL)
		return;
	if (cudaSetDevice(dev) == cudaSuccess)
		cudaFreeHost(p);
	(void) cudaGetLastError();
}

/* Free device dev's buffers. */
extern "C" void
gs_cuda_release(int dev)
{
	GpuDev	   *g = &devs[dev];

	if (!g->ready)
		return;
	cudaSetDevice(dev);
	cudaDeviceSynchronize();
	for (int i = 0; i < GS_LANES; i++)
	{
		GpuLane    *l = &g->lanes[i];

		cudaFree(l->in);
		cudaFree(l->out);
		cudaFree(l->scratch);
		cudaFree(l->heads);
		cudaFree(l->work);
		l->in = l->out = l->scratch = l->work = NULL;
		l->heads = NULL;
		l->in_cap = l->out_cap = l->scratch_cap = l->heads_cap = l->work_cap = 0;
	}
	(void) cudaGetLastError();
}

/* Device memory of device dev's buffers. */
extern "C" size_t
gs_cuda_buffer_bytes(int dev)
{
	GpuDev	   *g = &devs[dev];
	size_t		bytes = 0;

	for (int i = 0; i < GS_LANES; i++)
	{
		GpuLane    *l = &g->lanes[i];

		bytes += l->in_cap + l->out_cap + l->scratch_cap + l->heads_cap + l->work_cap +
			(g->ready ? SM_BYTES : 0);
	}
	return bytes;
}

/* Start device dev afresh: every allocation of its context goes, the ring is registered again. */
extern "C" GsStatus
gs_cuda_reset(int dev, char *msg, size_t msglen)
{
	GsStatus	st;

	cudaSetDevice(dev);
	cudaDeviceSynchronize();
	cudaDeviceReset();
	(void) cudaGetLastError();
	devs[dev].ready = false;
	st = OpenDevice(dev, msg, msglen);
	if (st == GS_OK && ring != NULL)
		st = gs_cuda_register(ring, ring_bytes, msg, msglen);
	return st;
}

/* Make a device buffer hold at least need bytes. */
static bool
Grow(void **buf, size_t *cap, size_t need, int fault, GsStatus *st, char *msg, size_t msglen)
{
	if (*cap >= need && fault != GS_FAULT_GPU_ALLOC)
		return true;
	cudaFree(*buf);
	*buf = NULL;
	*cap = 0;
	need += need / 8;			/* some room for the next, larger chunk */
	if (Failed(fault == GS_FAULT_GPU_ALLOC ? cudaErrorMemoryAllocation : cudaMalloc(buf, need),
			   fault == GS_FAULT_GPU_ALLOC ? "cudaMalloc (injected fault)" : "cudaMalloc",
			   st, msg, msglen))
	{
		*buf = NULL;
		return false;
	}
	*cap = need;
	return true;
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
 * Queue one chunk of one item type on its device; WIN: a window operator's
 * (cuda/window.cuh: the values leaving go in after the chunk's, Acc is the
 * exact window sums' type).
 */
template <typename In, typename Out, typename Acc, bool WIN = false>
static GsStatus
IssueChunk(GpuDev *g, GpuLane *l, GsChunk *c, char *msg, size_t msglen)
{
	GsStatus	st = GS_OK;
	const GsPlan *plan = &c->plan;
	const int64_t n = c->n;
	const int	kind = c->kernel == GS_KERNEL_KOGGE_STONE ? GS_KS
		: c->kernel == GS_KERNEL_BRENT_KUNG ? GS_BK : GS_SP;
	Item<Acc>  *carry_in = (Item<Acc> *) (l->small + SM_CARRY_IN);
	Item<Acc>  *carry_out = (Item<Acc> *) (l->small + SM_CARRY_OUT);
	unsigned long long *err = (unsigned long long *) (l->small + SM_ERR);
	unsigned   *violation = (unsigned *) (l->small + SM_VIOL);
	HeadSource	heads;
	FloatPlan	fp;

	static_assert(sizeof(Item<Acc>) <= GS_CARRY_BYTES, "carry size");
	static_assert(offsetof(Item<Acc>, f) == sizeof(Acc), "carry layout (GS_CARRY_BYTES, gs_carry_rescale)");
	const int64_t m = WIN ? c->lag_n : 0;	/* values leaving from before the chunk */
	const bool	counts = WIN && gs_window_counts(c->op, plan);
	Item<gs_i128> *counts_in = (Item<gs_i128> *) (l->small + SM_COUNTS_IN);
	Item<gs_i128> *counts_out = (Item<gs_i128> *) (l->small + SM_COUNTS_OUT);

	if (!Grow(&l->in, &l->in_cap, (size_t) (n + m) * sizeof(In), c->fault, &st, msg, msglen) ||
		!Grow(&l->out, &l->out_cap, (size_t) n * sizeof(Out), c->fault, &st, msg, msglen) ||
		!Grow(&l->scratch, &l->scratch_cap, WIN ? WindowScratchBytes<Acc>(kind, n, counts) : ScratchBytes<Acc>(kind, n),
			  c->fault, &st, msg, msglen) ||
		(WIN && !Grow(&l->work, &l->work_cap, WindowWorkBytes<Acc>(n, counts), c->fault, &st, msg, msglen)))
		return st;

	/* the float plan's constants, and the limits of a speculative one */
	fp = MakeFloatPlan(plan, violation);
	fp.speculative = c->lim.speculative;
	fp.min_lo = c->lim.min_lo;
	fp.max_abs = c->lim.max_abs;

	/* row heads: the kernels index the bitmap by value index, the chunk's starts at offset */
	heads.mode = c->heads_mode;
	heads.row_len = c->row_len;
	heads.bits = NULL;
	if (c->heads_mode == GS_HEADS_BITMAP)
	{
		size_t		hb = ((size_t) (n + 31) / 32 + 1) * 4;

		if (!Grow((void **) &l->heads, &l->heads_cap, hb, GS_FAULT_NONE, &st, msg, msglen) ||
			FAILED(cudaMemcpyAsync(l->heads, c->head_bits, hb, cudaMemcpyHostToDevice, l->s),
				   "copying row heads"))
			return st;
		heads.bits = l->heads - c->offset / 32;
	}
	else if (WIN && c->positions)
	{
		/* which positions hold values: the chunk's, then the lag's */
		size_t		vw = (size_t) (n + 31) / 32 + 1,
					lw = (size_t) (m + 31) / 32 + 1;

		if (!Grow((void **) &l->heads, &l->heads_cap, (vw + lw) * 4, GS_FAULT_NONE, &st, msg, msglen) ||
			FAILED(cudaMemcpyAsync(l->heads, c->valid, (size_t) (n + 7) / 8, cudaMemcpyHostToDevice, l->s),
				   "copying which positions hold values") ||
			(m > 0 && c->lag_valid != NULL &&
			 FAILED(cudaMemcpyAsync(l->heads + vw, c->lag_valid, (size_t) (m + 7) / 8,
									cudaMemcpyHostToDevice, l->s), "copying which positions hold values")))
			return st;
	}
	/*
	 * The small block in one copy from its pinned host side (the lane's
	 * last chunk is finished, so nothing reads it now): the carry and
	 * counts in, no error index yet, no violation.
	 */
	memset(l->hsmall + SM_ERR, 0xff, 8);
	memset(l->hsmall + SM_VIOL, 0, 4);
	if (c->has_carry)
		memcpy(l->hsmall + SM_CARRY_IN, c->carry, sizeof(Item<Acc>));
	if (counts && c->has_carry)
		memcpy(l->hsmall + SM_COUNTS_IN, c->counts, sizeof(Item<gs_i128>));
	if (FAILED(cudaEventRecord(l->ev[0], l->s), "cudaEventRecord") ||
		FAILED(cudaMemcpyAsync(l->small, l->hsmall, SM_BYTES, cudaMemcpyHostToDevice, l->s),
			   "copying the carry and flags") ||
		FAILED(cudaMemcpyAsync(l->in, c->data, (size_t) n * sizeof(In), cudaMemcpyHostToDevice, l->s),
			   "copying to the GPU") ||
		(m > c->lag_skip &&
		 FAILED(cudaMemcpyAsync((In *) l->in + n + c->lag_skip, (const In *) c->lag + c->lag_skip,
								(size_t) (m - c->lag_skip) * sizeof(In), cudaMemcpyHostToDevice,
								l->s), "copying the values leaving to the GPU")) ||
		FAILED(cudaEventRecord(l->ev[1], l->s), "cudaEventRecord"))
		return st;
	if (c->fault == GS_FAULT_CUDA_ERROR)
	{
		/* a real failing CUDA call with work in flight: a launch with no blocks */
		PlanReduce<float><<<0, 256, 0, l->s>>>(NULL, 0, NULL, NULL, NULL);
		FAILED(cudaGetLastError(), "launching the scan (injected fault)");
		return st;
	}
	if constexpr (WIN)
	{
		const uint32_t *valid = c->positions ? l->heads : NULL;
		const uint32_t *lag_valid = c->positions && c->lag_valid ? l->heads + (n + 31) / 32 + 1 : NULL;

		if (FAILED((WindowChunk<In, Out, Acc>(kind, c->op, (const In *) l->in, (const In *) l->in + n, m,
											  (Out *) l->out, n, c->offset, c->window,
											  GS_HEADS_IS_ONE_ROW(c->heads_mode) ? 0 : c->row_len,
											  valid, lag_valid, c->packed, c->count_base, heads,
											  plan, fp, c->has_carry ? carry_in : NULL, carry_out,
											  c->has_carry ? counts_in : NULL, counts_out,
											  l->work, l->scratch, err, l->s, g->sms, g->arch)),
				   "launching the window scan"))
			return st;
	}
	else if (FAILED((ScanChunk<In, Out, Acc>(kind, (const In *) l->in, (Out *) l->out, n, c->offset,
											 heads, plan, fp, c->exclusive, c->has_carry ? carry_in : NULL,
											 carry_out, l->scratch, err, l->s, g->sms, g->arch)),
					"launching the scan"))
		return st;
	if (FAILED(cudaEventRecord(l->ev[2], l->s), "cudaEventRecord") ||
		FAILED(cudaMemcpyAsync(c->data, l->out, (size_t) n * sizeof(Out), cudaMemcpyDeviceToHost, l->s),
			   "copying from the GPU") ||
		FAILED(cudaMemcpyAsync(l->hsmall + SM_CARRY_OUT, l->small + SM_CARRY_OUT, SM_BYTES - SM_CARRY_OUT,
							   cudaMemcpyDeviceToHost, l->s), "copying the carry back") ||
		FAILED(cudaEventRecord(l->ev[3], l->s), "cudaEventRecord"))
		return st;
	return GS_OK;
}

/* Queue a chunk of an order scan (running maxima or minima). */
template <typename In>
static GsStatus
IssueOrder(GpuDev *g, GpuLane *l, GsChunk *c, char *msg, size_t msglen)
{
	if (c->op == GS_OP_MAX)
		return IssueChunk<In, In, Ord<In, false> >(g, l, c, msg, msglen);
	return IssueChunk<In, In, Ord<In, true> >(g, l, c, msg, msglen);
}

/*
 * Queue a chunk of a window operator: the differences and sums in the
 * plan's accumulator; results int8 (sums of integers), float8 (their
 * means), or the type (floats).
 */
template <typename In, typename Out>
static GsStatus
IssueWindow(GpuDev *g, GpuLane *l, GsChunk *c, char *msg, size_t msglen)
{
	if (c->plan.acc_bits > 64 || c->packed)
		return IssueChunk<In, Out, gs_i128, true>(g, l, c, msg, msglen);
	return IssueChunk<In, Out, int64_t, true>(g, l, c, msg, msglen);
}

/* Queue one chunk: dispatch on operator, element type and accumulator width. */
extern "C" GsStatus
gs_cuda_chunk_issue(int dev, int lane, GsChunk *c, char *msg, size_t msglen)
{
	GpuDev	   *g = &devs[dev];
	GpuLane    *l;
	bool		wide = c->plan.acc_bits > 64;
	GsStatus	st = GS_OK;

	if (dev < 0 || dev >= ndevs || !g->ready || lane < 0 || lane >= GS_LANES)
	{
		snprintf(msg, msglen, "CUDA device %d (lane %d) is not open", dev, lane);
		return GS_ERR_NO_DEVICE;
	}
	l = &g->lanes[lane];
	if (c->plan.acc_bits > GS_GPU_MAX_ACC_BITS || (c->offset & 31) != 0)
	{
		snprintf(msg, msglen, "a chunk the GPU engine cannot run (%d-bit plan, offset %lld)",
				 c->plan.acc_bits, (long long) c->offset);
		return GS_ERR_INTERNAL;
	}
	if (FAILED(cudaSetDevice(dev), "cudaSetDevice"))
		return st;
	if (GS_OP_IS_WINDOW(c->op))
	{
		bool		sum = c->op == GS_OP_MOVSUM;

		switch (c->type)
		{
			case GS_INT2:
				return sum ? IssueWindow<int16_t, int64_t>(g, l, c, msg, msglen)
					: IssueWindow<int16_t, double>(g, l, c, msg, msglen);
			case GS_INT4:
				return sum ? IssueWindow<int32_t, int64_t>(g, l, c, msg, msglen)
					: IssueWindow<int32_t, double>(g, l, c, msg, msglen);
			case GS_INT8:
				return sum ? IssueWindow<int64_t, int64_t>(g, l, c, msg, msglen)
					: IssueWindow<int64_t, double>(g, l, c, msg, msglen);
			case GS_FLOAT4:
				return IssueWindow<float, float>(g, l, c, msg, msglen);
			case GS_FLOAT8:
				return IssueWindow<double, double>(g, l, c, msg, msglen);
		}
		return GS_ERR_INTERNAL;
	}
	if (c->op != GS_OP_SUM)
	{
		switch (c->type)
		{
			case GS_INT2:
				return IssueOrder<int16_t>(g, l, c, msg, msglen);
			case GS_INT4:
				return IssueOrder<int32_t>(g, l, c, msg, msglen);
			case GS_INT8:
				return IssueOrder<int64_t>(g, l, c, msg, msglen);
			case GS_FLOAT4:
				return IssueOrder<float>(g, l, c, msg, msglen);
			case GS_FLOAT8:
				return IssueOrder<double>(g, l, c, msg, msglen);
		}
		return GS_ERR_INTERNAL;
	}
	switch (c->type)
	{
		case GS_INT2:
			return IssueChunk<int16_t, int64_t, int64_t>(g, l, c, msg, msglen);
		case GS_INT4:
			return IssueChunk<int32_t, int64_t, int64_t>(g, l, c, msg, msglen);
		case GS_INT8:
			return IssueChunk<int64_t, int64_t, gs_i128>(g, l, c, msg, msglen);
		case GS_FLOAT4:
			return wide ? IssueChunk<float, float, gs_i128>(g, l, c, msg, msglen)
				: IssueChunk<float, float, int64_t>(g, l, c, msg, msglen);
		case GS_FLOAT8:
			return wide ? IssueChunk<double, double, gs_i128>(g, l, c, msg, msglen)
				: IssueChunk<double, double, int64_t>(g, l, c, msg, msglen);
	}
	return GS_ERR_INTERNAL;
}

/* Has a lane's chunk finished?  (An error counts as finished: finishing reports it.) */
extern "C" int
gs_cuda_chunk_done(int dev, int lane)
{
	cudaError_t err;

	if (cudaSetDevice(dev) != cudaSuccess)
		return 1;
	err = cudaEventQuery(devs[dev].lanes[lane].ev[3]);
	if (err == cudaErrorNotReady)
	{
		(void) cudaGetLastError();
		return 0;
	}
	return 1;
}

/* Wait for a queued chunk and read what came of it. */
extern "C" GsStatus
gs_cuda_chunk_finish(int dev, int lane, GsChunk *c, char *msg, size_t msglen)
{
	GpuLane    *l = &devs[dev].lanes[lane];
	GsStatus	st = GS_OK;
	unsigned long long err_index;
	unsigned	viol;

	if (FAILED(cudaSetDevice(dev), "cudaSetDevice") ||
		FAILED(cudaStreamSynchronize(l->s), "running the scan"))
		return st;
	memcpy(c->carry, l->hsmall + SM_CARRY_OUT, GS_CARRY_BYTES);
	if (gs_window_counts(c->op, &c->plan))
		memcpy(c->counts, l->hsmall + SM_COUNTS_OUT, sizeof(c->counts));
	else
		memset(c->counts, 0, sizeof(c->counts));	/* none counted */
	memcpy(&err_index, l->hsmall + SM_ERR, sizeof(err_index));
	memcpy(&viol, l->hsmall + SM_VIOL, sizeof(viol));
	c->has_carry = true;
	c->violation = viol != 0;
	c->err_index = err_index == ULLONG_MAX ? -1 : (int64_t) err_index;
	c->h2d_ms = Elapsed(l->ev[0], l->ev[1]);
	c->kernel_ms = Elapsed(l->ev[1], l->ev[2]);
	c->d2h_ms = Elapsed(l->ev[2], l->ev[3]);
	return GS_OK;
}

/* Open the GPUs once and check device 0 (test programs). */
extern "C" GsStatus
gs_cuda_init(int fault, char *msg, size_t msglen)
{
	static GsDeviceInfo info[GS_MAX_DEVICES];

	if (!opened)
	{
		int			n = gs_cuda_open(info, fault, msg, msglen);

		if (n < 0)
			return GS_ERR_CUDA;
		if (n == 0)
			return GS_ERR_NO_DEVICE;
	}
	if (!devs[0].ready)
	{
		snprintf(msg, msglen, "CUDA device 0 is not usable by the GPU engine");
		return GS_ERR_NO_DEVICE;
	}
	return GS_OK;
}

/* The in-process runner of gs_cuda_scan, device 0: queue a chunk. */
static GsStatus
SubmitHere(void *ctx, GsChunk *c, char *msg, size_t msglen)
{
	GsStatus	st = gs_cuda_chunk_issue(0, 0, c, msg, msglen);

	(void) ctx;
	if (st == GS_ERR_CUDA)
	{
		char		again[256];

		gs_cuda_reset(0, again, sizeof(again));
	}
	else if (st == GS_ERR_GPU_OUT_OF_MEMORY)
		gs_cuda_release(0);
	return st;
}

/* The in-process runner of gs_cuda_scan: wait for the chunk. */
static GsStatus
WaitHere(void *ctx, GsChunk *c, GsGpuTimes *times, char *msg, size_t msglen)
{
	GsStatus	st = gs_cuda_chunk_finish(0, 0, c, msg, msglen);

	(void) ctx;
	(void) times;
	if (st == GS_ERR_CUDA)
	{
		char		again[256];

		gs_cuda_reset(0, again, sizeof(again));
	}
	return st;
}

/* Scan a whole array on device 0 of this process (test programs). */
extern "C" GsStatus
gs_cuda_scan(const GsScanSpec *spec, const GsGpuConfig *cfg, GsScanResult *res,
			 GsGpuTimes *times)
{
	static char *buf;
	static size_t buf_bytes;
	size_t		want = (size_t) (cfg->pinned_mb > 1 ? cfg->pinned_mb : 1) << 20;
	GsChunkRunner runner;
	GsStatus	st;

	memset(res, 0, sizeof(*res));
	res->error_position = -1;
	st = gs_cuda_init(cfg->fault, res->message, sizeof(res->message));
	if (st != GS_OK)
		return res->status = st;
	if (buf_bytes != want)
	{
		cudaFreeHost(buf);
		buf = NULL;
		buf_bytes = 0;
		if (cudaHostAlloc((void **) &buf, want, cudaHostAllocPortable) != cudaSuccess)
		{
			(void) cudaGetLastError();
			snprintf(res->message, sizeof(res->message), "cannot page-lock %zu bytes", want);
			return res->status = GS_ERR_OUT_OF_MEMORY;
		}
		buf_bytes = want;
	}
	runner.ctx = NULL;
	runner.buf = buf;
	runner.buf_bytes = buf_bytes;
	runner.submit = SubmitHere;
	runner.wait = WaitHere;
	return gs_chunked_scan(spec, cfg->kernel, cfg->fault, &runner, res, times);
}
