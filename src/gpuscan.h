/*
 * src/gpuscan.h — declarations shared by the PostgreSQL glue (src/).
 */
#ifndef GPUSCAN_GLUE_H
#define GPUSCAN_GLUE_H

#include "postgres.h"

#if PG_VERSION_NUM < 150000
#error "gpuscan needs PostgreSQL 15 or newer; build with PG_CONFIG naming a pg_config of 15, 16, 17 or 18"
#endif

#include "../core/engine.h"

/* gpuscan.device */
typedef enum GpuscanDevice
{
	GPUSCAN_DEVICE_AUTO,
	GPUSCAN_DEVICE_GPU,
	GPUSCAN_DEVICE_CPU
} GpuscanDevice;

/* gpuscan.kernel */
typedef enum GpuscanKernel
{
	GPUSCAN_KERNEL_AUTO,
	GPUSCAN_KERNEL_KOGGE_STONE,
	GPUSCAN_KERNEL_BRENT_KUNG,
	GPUSCAN_KERNEL_SINGLE_PASS
} GpuscanKernel;

/* The settings (src/gpuscan.c). */
extern int	gpuscan_device;
extern int	gpuscan_gpu_min_elements;
extern int	gpuscan_kernel;
extern int	gpuscan_pinned_buffer_mb;
extern int	gpuscan_inject_fault;	/* testing only: a GsFault (cuda/gpuscan_cuda.h) */

/*
 * Run one scan on the engine the settings choose, with fallbacks, and raise
 * the ERROR of a failed scan.  Records gpuscan_last_run().  restype, ndim,
 * dims and lbs only serve error messages.
 */
extern void gpuscan_run(GsScanSpec *spec, Oid restype, int ndim,
						const int *dims, const int *lbs);

#endif							/* GPUSCAN_GLUE_H */
