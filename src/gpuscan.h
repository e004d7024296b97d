/*
 * src/gpuscan.h — declarations shared by the PostgreSQL glue (src/).
 */
#ifndef GPUSCAN_GLUE_H
#define GPUSCAN_GLUE_H

#include "postgres.h"

#if PG_VERSION_NUM < 150000
#error "gpuscan needs PostgreSQL 15 or newer; build with PG_CONFIG naming a pg_config of 15, 16, 17 or 18"
#endif

#include "datatype/timestamp.h"

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

/* The settings (src/gpuscan.c). */
extern int	gpuscan_device;
extern int	gpuscan_gpu_min_elements;
extern int	gpuscan_kernel;
extern int	gpuscan_service_ring_mb;
extern int	gpuscan_service_chunk_mb;
extern int	gpuscan_service_gpu_memory_mb;
extern int	gpuscan_inject_fault;	/* testing only: a GsFault (cuda/gpuscan_cuda.h) */

/*
 * Run one scan on the engine the settings choose, with fallbacks, and raise
 * the ERROR of a failed scan.  Records gpuscan_last_run().  restype, ndim,
 * dims and lbs only serve error messages.  When the results are written
 * over the values (spec->result == spec->values), input is the function's
 * argument, to read the values again if a GPU scan that got part of the
 * way falls back to the CPU.
 */
extern void gpuscan_run(GsScanSpec *spec, Oid restype, int ndim,
						const int *dims, const int *lbs, Datum input);

/* This backend's last scan call, for gpuscan_last_run() (src/info.c). */
typedef struct GsLastRun
{
	bool		valid;
	bool		gpu;
	const char *kernel;
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
} GsLastRun;

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
} GsServiceSnapshot;

/* The GPU service (src/service_*.c). */
extern void gpuscan_service_register(void);
extern bool gpuscan_service_usable(char *msg, size_t msglen, bool *not_preloaded);
extern GsStatus gpuscan_service_scan(const GsScanSpec *spec, GsKernel kernel, int fault,
									 GsScanResult *res, GsGpuTimes *times);
extern bool gpuscan_service_snapshot(GsServiceSnapshot *snap);
extern void gpuscan_gpu_too_old(char *msg, size_t msglen, const char *gpu,
								int major, int minor, bool injected);

#endif							/* GPUSCAN_GLUE_H */
