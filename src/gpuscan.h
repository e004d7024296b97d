/*
 * src/gpuscan.h — declarations shared by the PostgreSQL glue (src/).
 */
#ifndef GPUSCAN_GLUE_H
#define GPUSCAN_GLUE_H

#include "postgres.h"

#if PG_VERSION_NUM < 150000
#error "gpuscan needs PostgreSQL 15 or newer; build with PG_CONFIG naming a pg_config of 15, 16, 17 or 18"
#endif

#include "catalog/pg_type_d.h"
#include "datatype/timestamp.h"
#include "fmgr.h"
#include "portability/instr_time.h"
#include "utils/array.h"
#include "utils/relcache.h"
#include "windowapi.h"

#include "../core/engine.h"
#include "../cuda/gpuscan_cuda.h"

/* gpuscan.device */
typedef enum GpuscanDevice
{
	GPUSCAN_DEVICE_AUTO,
	GPUSCAN_DEVICE_GPU,
	GPUSCAN_DEVICE_CPU
} GpuscanDevice;

/* gpuscan.kernel: a GsKernel (core/engine.h), or this for auto */
#define GPUSCAN_KERNEL_AUTO 0

/* The type of a call's argument argno, also without an expression (src/gpuscan.c). */
extern Oid	gpuscan_arg_type(FunctionCallInfo fcinfo, int argno);

/* An aggregate support function's memory context, or ERROR outside one (src/aggregates.c). */
extern MemoryContext gpuscan_agg_context(FunctionCallInfo fcinfo, const char *fname);

/*
 * A kind of state of the exact statistics' aggregates (the variances', the
 * covariances'): its size and core functions, for the support functions
 * they share (src/aggregates.c).
 */
typedef struct GpuscanStateKind
{
	const char *what;			/* in "invalid <what> state" */
	size_t		(*bytes) (void);
	void		(*init) (void *state);
	void		(*combine) (void *a, const void *b);
	size_t		(*serial_bytes) (void *state);
	void		(*serialize) (void *state, uint8 *buf);
	bool		(*deserialize) (const uint8 *buf, size_t n, void *state);
} GpuscanStateKind;

/* A transition's state (argument 0), or a new, empty one (src/aggregates.c). */
extern void *gpuscan_state_of(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname);

/* The combine, serial and deserial functions of a kind of state (src/aggregates.c). */
extern Datum gpuscan_state_combine(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname);
extern Datum gpuscan_state_serialize(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname);
extern Datum gpuscan_state_deserialize(FunctionCallInfo fcinfo, const GpuscanStateKind *kind, const char *fname);

/* Argument argno of type smallint, integer, real or double precision as a double, exactly. */
static inline float8
gpuscan_float8_arg(FunctionCallInfo fcinfo, int argno, Oid type)
{
	switch (type)
	{
		case FLOAT4OID:
			return (float8) PG_GETARG_FLOAT4(argno);
		case INT2OID:
			return (float8) PG_GETARG_INT16(argno);
		case INT4OID:
			return (float8) PG_GETARG_INT32(argno);
		default:
			return PG_GETARG_FLOAT8(argno);
	}
}

/*
 * A window form's place in its partition, read in blocks of rows: kept in
 * the partition's memory by src/window.c and src/numeric_window.c alike.
 */
typedef struct GsWinRows
{
	bool		started;
	bool		moving;			/* gpu_movsum, gpu_movavg */
	bool		window_set;		/* n is known (read at the partition's first row) */
	bool		window_null;	/* n is NULL: every result is NULL */
	int64		window;			/* n */
	int64		first;			/* partition row of the block's first new row */
	int64		nrows;			/* the block's new rows */
	bool		at_end;			/* the partition ends in the block */
	int64		next_row;		/* the row the next call is expected for */
	int64		next_value;		/* and its result's index, if it has a value */
} GsWinRows;

/*
 * Row cur of a window form (src/window.c): false where its result is NULL
 * (a moving form's window is NULL); else whether its block is still to be
 * read is set in *read_block (ERROR past the partition's last row).
 */
extern bool gpuscan_window_row(WindowObject winobj, GsWinRows *r, int64 cur, bool *read_block,
							   const char *fname);

/* How many new rows a window form's next block reads (src/window.c). */
extern int64 gpuscan_window_block_rows(const GsWinRows *r);

/*
 * Argument 0 of the i-th row from the current one into *d and *isnull, the
 * first (i = 0) setting the mark so that the rows before it may go; false
 * past the partition's last row, which sets r->at_end (src/window.c).
 */
extern bool gpuscan_window_arg(WindowObject winobj, GsWinRows *r, int64 i, Datum *d, bool *isnull);

/*
 * The index of row cur's result among its block's results, or -1 where it
 * has no value: bits marks the block's positions with values, p is the
 * row's position and from the block's first position with a result
 * (src/window.c).
 */
extern int64 gpuscan_window_result(GsWinRows *r, int64 cur, const uint8 *bits, int64 from, int64 p);

/* The settings (src/gpuscan.c). */
extern int	gpuscan_device;
extern int	gpuscan_gpu_min_elements;
extern int	gpuscan_kernel;
extern int	gpuscan_service_ring_mb;
extern int	gpuscan_service_chunk_mb;
extern int	gpuscan_service_gpu_memory_mb;
extern int	gpuscan_copy_threads;
extern int	gpuscan_inject_fault;	/* testing only: a GsFault (cuda/gpuscan_cuda.h) */
extern int	gpuscan_inject_gpu_fault;	/* testing only: a GPU whose every chunk fails, -1 none */

/* gpuscan.toast_streaming, gpuscan.toast_slice_bytes (src/gpuscan.c) */
extern bool gpuscan_toast_streaming;
extern int	gpuscan_toast_slice_bytes;
extern int	gpuscan_auto_max_host_scans;

/*
 * The CPU engine's window over values read from TOAST: read, then scanned
 * while in the cache (test/bench/NOTES.md, "Constants chosen by measurement").
 */
#define GS_CPU_WINDOW_BYTES (256 * 1024)

/*
 * Out-of-line arrays are read in slices from this size on; smaller ones are
 * detoasted whole (one window's worth: the copy costs no more than slices).
 */
#define GS_STREAM_MIN_BYTES GS_CPU_WINDOW_BYTES

/* One call of a scan function, as it reaches gpuscan_run. */
typedef struct GsCall
{
	bool		timed;			/* the call's steps are timed (not for small arguments) */
	instr_time	start;			/* the call began (gpuscan_call_start), when timed */
	double		cpu0_ms;		/* the process's CPU time then, or -1: not taken */
	const char *input_kind;		/* how the argument was read: gpuscan_last_run().input */
	double		read_ms;		/* reading it before the scan (detoasting, header), when timed */
	Oid			restype;		/* restype, ndim, dims, lbs: for error messages */
	int			ndim;
	const int  *dims;
	const int  *lbs;
	Datum		input;			/* the argument, when results go over its detoasted copy */
	GsScanResult *result;		/* when set: gets the outcome, and a result out of range
								 * (bigint, overflow) is the caller's to report */
} GsCall;

/*
 * Start timing a call of a scan function, before its argument arg is read
 * (src/dispatch.c); arg 0 for the window forms' blocks (src/window.c).
 */
extern void gpuscan_call_start(GsCall *call, Datum arg);

/*
 * Run one scan on the engine the settings choose, with fallbacks, and raise
 * the ERROR of a failed scan.  Records gpuscan_last_run().  When the
 * results are written over the values (spec->result == spec->values),
 * call->input is the function's argument, to read the values again if a
 * GPU scan that got part of the way falls back to the CPU.
 */
extern void gpuscan_run(GsScanSpec *spec, GsCall *call);

/*
 * A scan that PostgreSQL's numeric arithmetic computes in the backend,
 * recorded as gpuscan_run records one (src/dispatch.c).
 */
extern void gpuscan_note_backend_scan(GsCall *call, int64 elements, const char *why);

/* An array argument's shape, as both array paths read it (gpuscan_array_shape). */
typedef struct GsArrayShape
{
	int			ndim;
	int		   *dims;
	int		   *lbs;
	int			nitems;
	bits8	   *nulls;			/* NULL: no NULL element */
	int64		nvalues;		/* the elements not NULL */
	Size		overhead;		/* a result's header and null bitmap */
} GsArrayShape;

extern void gpuscan_array_shape(ArrayType *arr, GsArrayShape *shape);
/* A result array's header written in place (src/scans.c). */
extern void gpuscan_array_header(ArrayType *result, Size total, Size overhead, Oid restype,
								 int ndim, const int *dims, const int *lbs, bool hasnulls);

/* This backend's last scan call, for gpuscan_last_run() (src/info.c). */
typedef struct GsLastRun
{
	bool		valid;
	bool		gpu;
	bool		preloaded;		/* the GPU service's shared memory is there */
	const char *kernel;
	GsElemType	type;
	int64		elements;
	int			acc_bits;
	int			device;
	double		queue_ms;
	double		host_ms;
	double		h2d_ms,
				kernel_ms,
				d2h_ms,
				total_ms;
	char		fallback[300];
	/* since 1.3: where the call's time went, on the backend's own thread */
	const char *input;
	double		read_ms;		/* reading the argument: detoasting, or TOAST slices */
	double		plan_ms;		/* the GPU plan */
	double		copy_ms;		/* values copied into the ring (from memory) */
	double		wait_ms;		/* waiting for the GPU service (queue, GPU, transfers) */
	double		scan_ms;		/* the CPU engine's scan */
	double		result_ms;		/* results copied out of the ring */
	double		cpu_ms;			/* the process's CPU time, every thread; < 0: not taken */
	bool		timed;			/* its steps were timed (total_ms and the CPU engine's) */
	int			reason_kind;	/* GS_REASON_*: how reason is made (gpuscan_last_reason) */
	int64		reason_min;		/* GS_REASON_BELOW_MIN: gpuscan.gpu_min_elements then */
	char		reason[300];	/* why this engine (GS_REASON_TEXT; else made when read) */
} GsLastRun;

/*
 * How gpuscan_last_run().engine_reason is made: the common reasons are
 * kept as facts and put into words only when read, so that a call of a
 * small array does not pay for formatting them.
 */
#define GS_REASON_TEXT		0	/* in reason already */
#define GS_REASON_CPU		1	/* gpuscan.device is cpu */
#define GS_REASON_BELOW_MIN	2	/* fewer elements than gpuscan.gpu_min_elements */

/* The last run's engine_reason in words (src/dispatch.c). */
extern const char *gpuscan_last_reason(void);

/* This backend's scans per engine and GPU fallbacks, for gpuscan_counters(). */
typedef struct GsCallCounts
{
	int64		gpu;
	int64		cpu;
	int64		gpu_fallbacks;
} GsCallCounts;

/* Both kept by gpuscan_run (src/dispatch.c). */
extern GsLastRun gpuscan_last;
extern GsCallCounts gpuscan_calls;

/*
 * An array argument read from TOAST in slices (src/toast_source.c): an
 * uncompressed out-of-line value, its shape, and the chunk source over its
 * values.
 */
typedef struct GsToastArray
{
	Relation	toastrel;
	Oid			toastrelid;
	Oid			valueid;
	int32		extsize;		/* bytes stored: the array after its varlena header */
	int			slice_bytes;	/* the most one slice fetch reads */
	int			ndim;
	int32		dataoffset;		/* 0: no null bitmap */
	Oid			elemtype;
	int			dims[MAXDIM];
	int			lbs[MAXDIM];
	int			nitems;
	int32		data_start;		/* stored offset of the first value */
	GsSource	source;
} GsToastArray;

extern bool gpuscan_toast_open(Datum datum, int32 min_bytes, int slice_bytes, GsToastArray *ta);
extern int64 gpuscan_toast_bitmap(GsToastArray *ta, int elem_size, bits8 *bits);
extern void gpuscan_toast_close(GsToastArray *ta);

/* The GPU service's states (src/service.h). */
typedef enum GsServiceState
{
	GS_SERVICE_STARTING,
	GS_SERVICE_READY,			/* serving on one GPU or more */
	GS_SERVICE_NO_GPU,			/* running, idle: no usable GPU */
	GS_SERVICE_STOPPED			/* gone; PostgreSQL starts it again */
} GsServiceState;

/* One GPU's counters in the service. */
typedef struct GsDeviceStats
{
	int64		requests;		/* chunks run */
	int64		batches;		/* launches that ran several small requests */
	int64		bytes;			/* moved to and from the GPU */
	double		busy_ms;
	int64		errors;
	int64		memory_bytes;	/* the service's buffers on it */
	bool		out_of_service; /* taken out after failing (why: its reason) */
	char		why[200];
} GsDeviceStats;

/* A copy of the service's state. */
typedef struct GsServiceSnapshot
{
	pid_t		pid;
	TimestampTz started;
	GsServiceState state;
	char		message[256];
	int			ndevices;
	GsDeviceInfo info[GS_MAX_DEVICES];
	GsDeviceStats stats[GS_MAX_DEVICES];
	int			queued;
	int			nsegments;
	Size		segment_bytes;
	int			free_segments;
	int			active_scans;
} GsServiceSnapshot;

/* The GPU service's load, as gpuscan.device = auto weighs it. */
typedef struct GsServiceLoad
{
	int			gpus;			/* usable GPUs */
	int			running;		/* of which running a job now */
	int			queued;			/* requests waiting */
	int			free_segments;	/* ring segments free */
	int			segments;
	double		chunk_ms;		/* a request's mean GPU time so far */
	int64		chunk_bytes;	/* the largest chunk: half a segment */
	int			scans;			/* large scans running now, either engine, this one too */
} GsServiceLoad;

/* The GPU service (src/service_*.c). */
extern void gpuscan_service_register(void);
extern bool gpuscan_service_preloaded(void);
extern bool gpuscan_service_usable(char *msg, size_t msglen, bool *not_preloaded);
extern void gpuscan_service_load(GsServiceLoad *load);
extern void gpuscan_service_scanning(bool start);

/*
 * Scan on a GPU through the service (gpuscan_service_usable first).  With
 * wait false and every ring segment taken, GS_ERR_BUSY at once.
 */
extern GsStatus gpuscan_service_scan(const GsScanSpec *spec, GsKernel kernel, int fault,
									 bool wait, GsScanResult *res, GsGpuTimes *times);
extern bool gpuscan_service_snapshot(GsServiceSnapshot *snap);
extern void gpuscan_gpu_too_old(char *msg, size_t msglen, const char *gpu,
								int major, int minor, bool injected);

#endif							/* GPUSCAN_GLUE_H */
