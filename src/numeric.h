/*
 * src/numeric.h — the numeric scans (since 1.5): numeric values in and out
 * (src/numeric_datum.c), a block of them scanned (src/numeric_scan.c),
 * and the array and window forms around it (src/numeric_arrays.c,
 * src/numeric_window.c).
 */
#ifndef GPUSCAN_NUMERIC_H
#define GPUSCAN_NUMERIC_H

#include "postgres.h"

#include "../core/decimal.h"
#include "gpuscan.h"

/* What a numeric value is. */
typedef enum NumKind
{
	NUM_FINITE = 0,
	NUM_NAN,
	NUM_PINF,
	NUM_NINF
} NumKind;

/* A numeric value's parts, read from its varlena (src/numeric_datum.c). */
typedef struct NumParts
{
	NumKind		kind;
	bool		neg;
	int			weight;			/* the first digit counts 10000^weight */
	int			dscale;			/* display scale */
	int			ndigits;
	const char *digits;			/* ndigits base-10000 digits, int16, perhaps unaligned */
} NumParts;

/* Read a numeric varlena (short or 4-byte header, not compressed or external). */
extern void gpuscan_numeric_parts(const char *ptr, NumParts *p);

/* The digits of a value into an aligned array (at most ndigits). */
extern void gpuscan_numeric_digits(const NumParts *p, int16 *digits);

/*
 * Bytes of a numeric value with n digits at weight and dscale (4-byte
 * header), and the value written at dst (canonical, as PostgreSQL's
 * make_result writes it: the short form where it fits).
 */
extern Size gpuscan_numeric_size(int ndigits, int weight, int dscale);
extern Size gpuscan_numeric_write(char *dst, bool neg, int weight, int dscale,
								  const int16 *digits, int ndigits);
extern Size gpuscan_numeric_write_special(char *dst, NumKind kind);

/* The most bytes gpuscan_numeric_write takes for a GsInt192 value. */
#define NUM_MAX_FIXED_BYTES	(VARHDRSZ + 4 + 2 * GS_DEC_MAX_NBASE)

/*
 * A block of numeric values to scan as one array would be: npos positions
 * in rows of row_len, valid marking those holding a value (NULL: all), the
 * values in order.  The first skip positions give no result: a moving
 * window's positions before the new rows, or a running operator's carry
 * at position 0 (whose value is the state so far: the running total of the
 * finite values, its display scale the largest so far, or the extreme so
 * far; carry gives the counts before it).
 */
typedef struct NumCarry
{
	int64		n;				/* finite values so far */
	int64		nan,
				pinf,
				ninf;
} NumCarry;

typedef struct NumBlock
{
	GsScanOp	op;
	bool		exclusive;
	int64		window;			/* GS_OP_MOVSUM, GS_OP_MOVAVG */
	int64		npos;
	int64		row_len;
	const uint8 *valid;
	int64		nvalues;
	const char *const *values;	/* numeric varlenas */
	int64		skip;
	const NumCarry *carry;		/* running operators of a window form: position 0 is the carry */
} NumBlock;

/*
 * The results, appended: a numeric varlena per value at a position from
 * skip on, each at an int-aligned offset (as an array's elements lie) of
 * buf, from reserve on; offsets (when asked for) where each begins.
 */
typedef struct NumOut
{
	char	   *buf;
	Size		len;
	Size		cap;
	Size		reserve;		/* bytes left free at buf's start (an array's header) */
	int64	   *offsets;		/* when not NULL: room for every result's offset */
	MemoryContext cxt;
	/* running operators: the state after the last value (for the next block's carry) */
	bool		want_next;
	NumCarry	next;
	MemoryContext next_cxt;
	char	   *next_value;		/* in next_cxt: the running total or the extreme */
} NumOut;

/* Scan a block: results into out (src/numeric_scan.c). */
extern void gpuscan_numeric_scan(const NumBlock *blk, GsCall *call, NumOut *out);

/* The array functions' numeric forms (src/numeric_arrays.c). */
extern bool gpuscan_is_numeric(Oid type, bool array);
extern bool gpuscan_numeric_array_arg(FunctionCallInfo fcinfo);
extern Datum gpuscan_numeric_array(Datum datum, GsScanOp op, bool exclusive, int64 window,
								   const char *fname);

/* The window forms' (src/numeric_window.c). */
extern Datum gpuscan_numeric_window(FunctionCallInfo fcinfo, GsScanOp op, const char *fname);

#endif							/* GPUSCAN_NUMERIC_H */
