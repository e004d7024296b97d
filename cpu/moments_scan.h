/*
 * cpu/moments_scan.h — the CPU engine's moving and running variances and
 * standard deviations (GS_OP_IS_MOMENTS), as cpu/window.c's walk over the
 * rows calls them block by block.
 */
#ifndef GPUSCAN_CPU_MOMENTS_SCAN_H
#define GPUSCAN_CPU_MOMENTS_SCAN_H

#include "cpu.h"

/* One scan: what the rows share, and the window's exact state. */
typedef struct MomScan
{
	const GsScanSpec *spec;
	GsElemType	type;
	bool		f8_out;			/* double results (else real) */
	int			what;			/* GS_MOMENT_* */
	int64_t		window;			/* positions; INT64_MAX: the whole row so far */
	int64_t		nout;			/* results written */
	int			acc_bits;		/* widest sum of squares used */
	GsMomentsState st;			/* the window now */
	int64_t		(*narrow) (struct MomScan *ms, const char *in, const char *lag, int64_t b,
						   int64_t pos0, int64_t np, int64_t rowpos0, int u,
						   gs_i128 *s1p, uint64_t *s2);	/* MomNarrowFn */
} MomScan;

/*
 * A block's loop with narrow sums (cpu/moments_kernel.h): at unit u, S1 in
 * *s1p and S2 in four limbs, both updated; returns as gs_cpu_moments_block.
 */
typedef int64_t (*MomNarrowFn) (MomScan *ms, const char *in, const char *lag, int64_t b,
								int64_t pos0, int64_t np, int64_t rowpos0, int u,
								gs_i128 *s1p, uint64_t *s2);

/* The narrow loop of a type: portable (moments_scan.c), FMA (avx2_moments.c). */
extern MomNarrowFn gs_cpu_moments_narrow(GsElemType type);
extern MomNarrowFn gs_avx2_moments_narrow(GsElemType type);

/* Start a scan (spec->op one of GS_OP_IS_MOMENTS). */
extern void gs_cpu_moments_begin(MomScan *ms, const GsScanSpec *spec);

/* Start a row: from spec->moments, or from nothing. */
extern void gs_cpu_moments_row(MomScan *ms);

/*
 * One block of np positions from row position rowpos0 (array position
 * pos0): the a values entering (in), the b leaving (lag).  Returns the
 * index, among the values entering, of the first result out of range, or
 * -1 (as cpu/window.c's blocks).
 */
extern int64_t gs_cpu_moments_block(MomScan *ms, const char *in, int64_t a, const char *lag,
									int64_t b, int64_t pos0, int64_t np, int64_t rowpos0);

/* End a scan: the row's end state into spec->moments when it has one. */
extern void gs_cpu_moments_end(MomScan *ms);

#endif							/* GPUSCAN_CPU_MOMENTS_SCAN_H */
