/*
 * test/fuzz/fuzz_cpu_engine.c — libFuzzer target: the CPU engine
 * (gs_cpu_scan) against the slow exact reference of test/engine/reference.h,
 * and its variance scans against the aggregates' state (MomentsCheck).
 *
 * Each input is decoded into one scan request; the engine's results are
 * compared bit for bit with the reference's (NaNs alike), errors included,
 * the element after the last result must keep its poison, and the interrupt
 * callback must be called as GS_INTERRUPT_INTERVAL says.  Any difference is
 * printed and ends the run with abort().
 *
 * The input (bytes missing at the end read as 0):
 *
 *   byte 0     bits 0-2 element type (int2, int4, int8, float4, float8; mod 5)
 *              bits 3-4 operator (sum, max, min, or 3: a window operator,
 *                       and the header has bytes 7-9)
 *              bit 5    exclusive (sums only); for a window operator: the
 *                       window is relative to the row length (below)
 *              bit 6    scalar engine (gs_cpu_simd = 0), else the vector
 *                       kernels (AVX-512, else AVX2), where the CPU has any
 *              bit 7    a null bitmap follows the header
 *   byte 1, 2  positions: byte 1 = 0: one per value given (no stretching);
 *              255: 2^20 + 64 * byte 2 (past the interrupt interval);
 *              else (byte 1 - 1)^3 / 256 + byte 2, at most 63508 (small
 *              arrays are cheap and many: half are below 8001)
 *   byte 3, 4  row length, little-endian: 0 one row, else that (at most
 *              the positions), the positions cut to whole rows
 *   byte 5     run: each given value stands low nibble << high nibble
 *              times in a row (low nibble 0: once) before the next one, so
 *              that blocks of the engine see different values
 *   byte 6     null bitmap pattern bytes, 1 + byte 6 % 64 (with bit 7)
 *   bytes 7-9  only for a window operator (byte 0 bits 3-4 = 3):
 *              byte 7 bits 0-1 movsum, movavg, cumavg, or 3: a variance
 *              scan (movvar, movstd, cumvar, cumstd by bits 3-4, checked by
 *              MomentsCheck);
 *              bit 2 the values are read through a reader source as well
 *              (windows from byte 9), and must give the same outcome;
 *              u = byte 7 bits 3-7 | byte 8 << 5 (0 to 8191): the window is
 *              1 + u positions, or with byte 0 bit 5, max(1, row length -
 *              4096 + u); byte 9: the reader's window of 4096 + 613 * (bits
 *              0-3) values and (bits 4-5) odd bytes, its lag window of 4096 +
 *              2053 * (bits 6-7) values, or with bits 6-7 = 3 of 1 + 255 *
 *              (bits 0-3) values, less than a block: then the engine must
 *              refuse the source (GS_ERR_INTERNAL) and touch nothing outside
 *   then       the null bitmap pattern (bit set = present), repeated over
 *              the positions; then the values' raw bytes (float bit patterns
 *              as they are), repeated over the stored values (none: zeros)
 *
 * Window operators count the interrupt interval in positions (NULLs too).
 */
#include "../../core/engine.h"
#include "../../core/moments.h"
#include "../../cpu/cpu_simd.h"
#include "../engine/reference.h"
#include "fuzz_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HEADER_BYTES	7
#define WINDOW_HEADER_BYTES 10

/* Longest run of values the engine scans between interrupt checks (one block). */
#define ENGINE_CHUNK	GS_PREFETCH_VALUES

/* Calls of the interrupt callback during the current scan. */
static int64_t interrupt_calls;

/* The interrupt callback: count the call and return (no interrupt pending). */
static void
CountInterrupt(void)
{
	interrupt_calls++;
}

/* Header byte i of the input, 0 past its end. */
static uint8_t
HeaderByte(const uint8_t *data, size_t size, size_t i)
{
	return i < size ? data[i] : 0;
}

/* Describe the scan on stderr, then abort: the fuzzer keeps the input. */
static void
Fail(const GsScanSpec *spec, int64_t nvalues, const char *why)
{
	static const char *const types[] = {"int2", "int4", "int8", "float4", "float8"};

	static const char *const ops[] = {"sum", "max", "min", "movsum", "movavg", "cumavg",
	"movvar", "movstd", "cumvar", "cumstd"};

	fprintf(stderr, "MISMATCH: %s %s%s, window %lld, %s engine, %lld positions in rows of %lld, "
			"%lld values, %s: %s\n",
			types[spec->type], ops[spec->op],
			spec->exclusive ? " exclusive" : "", (long long) spec->window,
			gs_cpu_simd ? "default" : "scalar",
			(long long) spec->nitems, (long long) spec->row_len, (long long) nvalues,
			spec->nulls ? "nulls" : "no nulls", why);
	abort();
}

/*
 * Check the interrupt calls of a scan that went through m values: at least
 * GS_INTERRUPT_INTERVAL values before each call, never one after the last
 * value, and no more than GS_INTERRUPT_INTERVAL + ENGINE_CHUNK - 1 values
 * without one.
 */
static int
InterruptsOk(int64_t m, int64_t calls, char *why, size_t whylen)
{
	int64_t		most = m > 0 ? (m - 1) / GS_INTERRUPT_INTERVAL : 0;
	int64_t		span = GS_INTERRUPT_INTERVAL + ENGINE_CHUNK - 1;
	int64_t		least = m > 0 ? (m + span - 1) / span - 1 : 0;

	if (calls >= least && calls <= most)
		return 1;
	snprintf(why, whylen, "%lld interrupt calls over %lld values, expected %lld to %lld",
			 (long long) calls, (long long) m, (long long) least, (long long) most);
	return 0;
}

/*
 * Fill dst[0, total) with copies of the period bytes at src (src == dst: the
 * period is already there), doubling what is written with each copy.
 */
static void
Repeat(uint8_t *dst, const uint8_t *src, int64_t period, int64_t total)
{
	int64_t		done = period < total ? period : total;

	if (src != dst)
		memcpy(dst, src, (size_t) done);
	while (done < total)
	{
		int64_t		n = done < total - done ? done : total - done;

		memcpy(dst + done, dst, (size_t) n);
		done += n;
	}
}

/* A reader source over the packed values, as src/toast_source.c reads TOAST. */
typedef struct FuzzReader
{
	const uint8_t *values;
	int64_t		nbytes;
	int			bad;			/* a read outside the values */
} FuzzReader;

static void
FuzzRead(void *ctx, int64_t offset, size_t nbytes, void *dst)
{
	FuzzReader *r = (FuzzReader *) ctx;

	if (offset < 0 || (int64_t) nbytes > r->nbytes - offset)
	{
		r->bad = 1;
		return;
	}
	/* the TOAST reader writes a varlena header in front of dst: use the headroom */
	memset((uint8_t *) dst - GS_SOURCE_HEADROOM, 0x5a, GS_SOURCE_HEADROOM);
	memcpy(dst, r->values + offset, nbytes);
}

/*
 * Scan spec again through a reader source with windows of lead and lag
 * bytes (exactly allocated, so that AddressSanitizer sees any access
 * outside them); the outcome must be the in-memory scan's (mres, mgot), or
 * with a lag window of less than a block the refusal GS_ERR_INTERNAL.
 */
static void
ReaderScan(const GsScanSpec *mspec, int64_t nvalues, const GsScanResult *mres, const uint8_t *mgot,
		   size_t lead, size_t lag)
{
	int			osz = gs_output_size(mspec->type, mspec->op);
	FuzzReader	rd = {(const uint8_t *) mspec->values, nvalues * gs_type_size(mspec->type), 0};
	char	   *lead_mem = malloc(GS_SOURCE_HEADROOM + lead);
	char	   *lag_mem = malloc(GS_SOURCE_HEADROOM + lag);
	uint8_t    *got = malloc((size_t) ((nvalues + 1) * osz));
	GsScanSpec	spec = *mspec;
	GsSource	src;
	GsScanResult res;
	char		why[256];

	memset(&src, 0, sizeof(src));
	src.nbytes = rd.nbytes;
	src.ctx = &rd;
	src.read = FuzzRead;
	src.window = lead_mem + GS_SOURCE_HEADROOM;
	src.window_bytes = lead;
	src.lag_window = lag_mem + GS_SOURCE_HEADROOM;
	src.lag_window_bytes = lag;
	memset(got, REF_POISON, (size_t) ((nvalues + 1) * osz));
	spec.values = NULL;
	spec.source = &src;
	spec.result = got;
	spec.interrupt = NULL;
	gs_cpu_scan(&spec, &res);
	if (rd.bad)
		Fail(mspec, nvalues, "read outside the values through the reader");
	if (lag < (size_t) ENGINE_CHUNK * gs_type_size(mspec->type))
	{
		if (res.status != GS_ERR_INTERNAL)
		{
			snprintf(why, sizeof(why), "a lag window of %zu bytes (less than a block): status %d, "
					 "expected the refusal %d", lag, res.status, GS_ERR_INTERNAL);
			Fail(mspec, nvalues, why);
		}
	}
	else if (res.status != mres->status || res.error_position != mres->error_position)
	{
		snprintf(why, sizeof(why), "through a reader (windows of %zu and %zu bytes): status %d at %lld, "
				 "in memory %d at %lld (%s)", lead, lag, res.status, (long long) res.error_position,
				 mres->status, (long long) mres->error_position, res.message);
		Fail(mspec, nvalues, why);
	}
	if (res.status == GS_OK && memcmp(got, mgot, (size_t) ((nvalues + 1) * osz)) != 0)
	{
		snprintf(why, sizeof(why), "through a reader (windows of %zu and %zu bytes): results differ "
				 "from the scan in memory", lead, lag);
		Fail(mspec, nvalues, why);
	}
	free(lead_mem);
	free(lag_mem);
	free(got);
}

/* Stored values up to and including position p (p < 0: none). */
static int64_t
ValuesThrough(const GsScanSpec *spec, int64_t p)
{
	if (p < 0)
		return 0;
	return spec->nulls ? gs_bitmap_count(spec->nulls, 0, p + 1) : p + 1;
}

/* Decode one input into a scan, run engine and reference, compare. */
/*
 * The variance scans (byte 7 bits 0-1 = 3): the engine's loops for the CPU
 * and the portable ones alike, bit for bit (results, their null bitmap,
 * the error), and each result the exact path's over the aggregates' state
 * of its window (core/moments.h), where that state takes the values
 * exactly (bigint within 2^53); the element after the last result keeps
 * its poison; the interrupt calls as for the other window operators.
 */
static void
MomentsCheck(GsScanSpec *spec, int64_t nvalues)
{
	int64_t		n = spec->nitems,
				L = spec->row_len,
				w = spec->window,
				k = 0,
				kl = 0,
				nout = 0,
				bad = -1,
				calls,
				pos;
	bool		f8 = spec->type != GS_FLOAT4,
				moving = spec->op == GS_OP_MOVVAR || spec->op == GS_OP_MOVSTD,
				exact_ref = true;
	int			osz = f8 ? 8 : 4,
				what = GS_MOMENT_SAMPLE |
		(spec->op == GS_OP_MOVSTD || spec->op == GS_OP_CUMSTD ? GS_MOMENT_ROOT : 0),
				saved = gs_cpu_simd;
	size_t		nbytes = (size_t) (n + 7) / 8 + 1;
	uint8_t    *rn1 = calloc(nbytes, 1),
			   *rn2 = calloc(nbytes, 1);
	char	   *o1 = malloc((size_t) (nvalues + 1) * osz),
			   *o2 = malloc((size_t) (nvalues + 1) * osz);
	void	   *m = malloc(gs_moments_bytes());
	GsScanResult r1,
				r2;
	double	   *dv = malloc(sizeof(double) * (nvalues ? nvalues : 1));

	memset(o1, REF_POISON, (size_t) (nvalues + 1) * osz);
	memset(o2, REF_POISON, (size_t) (nvalues + 1) * osz);
	spec->result = o1;
	spec->result_nulls = rn1;
	spec->interrupt = CountInterrupt;
	interrupt_calls = 0;
	gs_cpu_scan(spec, &r1);
	calls = interrupt_calls;
	spec->result = o2;
	spec->result_nulls = rn2;
	gs_cpu_simd = saved ? 0 : -1;
	gs_cpu_scan(spec, &r2);
	gs_cpu_simd = saved;
	if (r1.status != r2.status || r1.error_position != r2.error_position ||
		memcmp(rn1, rn2, nbytes) != 0 || memcmp(o1, o2, (size_t) (nvalues + 1) * osz) != 0)
		Fail(spec, nvalues, "the portable loops differ from the CPU's");

	/* the reference: the aggregates' state of each window */
	for (k = 0; k < nvalues; k++)
	{
		const char *v = spec->values;

		switch (spec->type)
		{
			case GS_INT2:
				dv[k] = ((const int16_t *) v)[k];
				break;
			case GS_INT4:
				dv[k] = ((const int32_t *) v)[k];
				break;
			case GS_INT8:
				dv[k] = (double) ((const int64_t *) v)[k];
				exact_ref &= ((const int64_t *) v)[k] >= -(INT64_C(1) << 53) &&
					((const int64_t *) v)[k] <= (INT64_C(1) << 53);
				break;
			case GS_FLOAT4:
				dv[k] = ((const float *) v)[k];
				break;
			default:
				dv[k] = ((const double *) v)[k];
		}
	}
	k = 0;
	for (pos = 0; pos < n && exact_ref; pos++)
	{
		bool		has = !spec->nulls || gs_bit_get(spec->nulls, pos);
		double		want,
					got;
		uint64_t	u;
		int			rc;

		if (pos % L == 0)
		{
			gs_moments_init(m);
			kl = k;
		}
		if (moving && pos % L >= w && (!spec->nulls || gs_bit_get(spec->nulls, pos - w)))
		{
			memcpy(&u, &dv[kl++], 8);
			gs_moments_move(m, u, -1);
		}
		if (!has)
		{
			if (gs_bit_get(rn1, pos))
				Fail(spec, nvalues, "a result at a NULL position");
			continue;
		}
		memcpy(&u, &dv[k++], 8);
		gs_moments_move(m, u, 1);
		rc = gs_moments_result_exact(gs_moments_s1(m), gs_moments_s2(m), what, f8, &want);
		if (rc == GS_ACCUM_OVERFLOW)
		{
			bad = pos;
			break;
		}
		if (gs_bit_get(rn1, pos) != (rc != GS_ACCUM_EMPTY))
			Fail(spec, nvalues, "a result NULL where the reference has one, or the other way");
		if (rc == GS_ACCUM_EMPTY)
			continue;
		got = f8 ? ((double *) o1)[nout] : ((float *) o1)[nout];
		if (memcmp(&got, &want, 8) != 0 && !(isnan(got) && isnan(want)))
			Fail(spec, nvalues, "a result is not the exact path's over its window's state");
		nout++;
	}
	if (exact_ref)
	{
		if (bad >= 0 ? r1.status != GS_ERR_FLOAT_OVERFLOW || r1.error_position != bad
			: r1.status != GS_OK)
			Fail(spec, nvalues, "the error (or none) is not the reference's");
		if (bad < 0)
		{
			for (int i = 0; i < osz; i++)
				if ((uint8_t) o1[nout * osz + i] != (uint8_t) REF_POISON)
					Fail(spec, nvalues, "the element after the last result lost its poison");
		}
	}
	{
		char		why[256];

		if (!InterruptsOk(r1.status == GS_OK ? n : r1.error_position + 1, calls, why, sizeof(why)))
			Fail(spec, nvalues, why);
	}
	free(rn1);
	free(rn2);
	free(o1);
	free(o2);
	free(m);
	free(dv);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		flags = HeaderByte(data, size, 0);
	uint8_t		b1 = HeaderByte(data, size, 1);
	uint8_t		b2 = HeaderByte(data, size, 2);
	int64_t		row = HeaderByte(data, size, 3) | (HeaderByte(data, size, 4) << 8);
	uint8_t		b5 = HeaderByte(data, size, 5);
	int64_t		run = b5 & 15 ? (int64_t) (b5 & 15) << (b5 >> 4) : 1;
	bool		windowed = ((flags >> 3) & 3) == 3;
	size_t		header = windowed ? WINDOW_HEADER_BYTES : HEADER_BYTES;
	uint8_t		b7 = HeaderByte(data, size, 7);
	uint8_t		b8 = HeaderByte(data, size, 8);
	uint8_t		b9 = HeaderByte(data, size, 9);
	int64_t		u = (b7 >> 3) | ((int64_t) b8 << 5);
	bool		reader = windowed && (b7 & 4);
	const uint8_t *body = data + (size < header ? size : header);
	size_t		left = size < header ? 0 : size - header;
	const uint8_t *pattern = NULL;
	size_t		npattern = 0;
	GsScanSpec	spec;
	GsPlan		plan;
	GsScanResult res;
	int			isz,
				osz;
	int64_t		given,
				nitems,
				nvalues,
				k,
				want_err;
	uint8_t    *nulls = NULL;
	uint8_t    *values,
			   *got,
			   *want;
	char		why[256] = "";

	memset(&spec, 0, sizeof(spec));
	spec.type = (GsElemType) ((flags & 7) % 5);
	spec.op = !windowed ? (GsScanOp) ((flags >> 3) & 3)
		: (b7 & 3) == 3 ? (GsScanOp) (GS_OP_MOVVAR + ((b7 >> 3) & 3))
		: (GsScanOp) (GS_OP_MOVSUM + (b7 & 3));
	spec.exclusive = (flags & 0x20) && spec.op == GS_OP_SUM;
	gs_cpu_simd = (flags & 0x40) ? 0 : -1;
	isz = gs_type_size(spec.type);
	osz = gs_output_size(spec.type, spec.op);

	/* the null bitmap pattern, then the values */
	if (flags & 0x80)
	{
		npattern = 1 + HeaderByte(data, size, 6) % 64;
		npattern = npattern < left ? npattern : left;
		pattern = body;
		body += npattern;
		left -= npattern;
	}
	given = (int64_t) (left / isz);

	/* positions and rows */
	if (b1 == 0)
		nitems = given;
	else if (b1 == 255)
		nitems = GS_INTERRUPT_INTERVAL + 64 * (int64_t) b2;
	else
		nitems = (int64_t) (b1 - 1) * (b1 - 1) * (b1 - 1) / 256 + b2;
	spec.row_len = row == 0 || row > nitems ? (nitems > 0 ? nitems : 1) : row;
	nitems -= nitems % spec.row_len;
	spec.nitems = nitems;
	if (GS_OP_IS_MOVING(spec.op))
	{
		spec.window = 1 + u;
		if (flags & 0x20)
			spec.window = spec.row_len - 4096 + u >= 1 ? spec.row_len - 4096 + u : 1;
	}

	/* the bitmap: exactly its bytes, so that reading past it is caught */
	if (flags & 0x80)
	{
		int64_t		nbytes = (nitems + 7) / 8;

		nulls = calloc(nbytes ? nbytes : 1, 1);
		for (k = 0; k < nbytes && npattern > 0; k++)
			nulls[k] = pattern[k % npattern];
		spec.nulls = nulls;
	}
	nvalues = nulls ? gs_bitmap_count(nulls, 0, nitems) : nitems;

	/* the values, each given one standing run times, then all over again */
	values = malloc(nvalues ? (size_t) (nvalues * isz) : 1);
	if (given == 0)
		memset(values, 0, (size_t) (nvalues * isz));
	for (k = 0; given > 0 && k < nvalues && k < given * run; k += run)
		Repeat(values + k * isz, body + (k / run) * isz, isz,
			   (run < nvalues - k ? run : nvalues - k) * isz);
	if (given > 0 && given * run < nvalues)
		Repeat(values, values, given * run * isz, nvalues * isz);
	spec.values = values;

	if (GS_OP_IS_MOMENTS(spec.op))
	{
		MomentsCheck(&spec, nvalues);
		free(nulls);
		free(values);
		return 0;
	}

	/* results, poisoned one element past the end */
	got = malloc((size_t) ((nvalues + 1) * osz));
	want = malloc((size_t) ((nvalues + 1) * osz));
	memset(got, REF_POISON, (size_t) ((nvalues + 1) * osz));
	spec.result = got;
	spec.interrupt = CountInterrupt;

	interrupt_calls = 0;
	gs_plan(&spec, &plan);
	gs_cpu_scan(&spec, &res);
	want_err = FuzzReference(&spec, want);

	if (!FuzzCheck(&spec, nvalues, &plan, &res, got, want, want_err, why, sizeof(why)))
		Fail(&spec, nvalues, why);
	/* window operators count positions, NULLs included, the others values */
	if (!InterruptsOk(GS_OP_IS_WINDOW(spec.op) ? (want_err >= 0 ? want_err + 1 : nitems)
					  : want_err >= 0 ? ValuesThrough(&spec, want_err) : nvalues,
					  interrupt_calls, why, sizeof(why)))
		Fail(&spec, nvalues, why);
	/* maxima and minima are input values bit for bit, NaN payloads too */
	if ((spec.op == GS_OP_MAX || spec.op == GS_OP_MIN) &&
		memcmp(got, want, (size_t) (nvalues * osz)) != 0)
		Fail(&spec, nvalues, "an output is not the input value the reference picked, bit for bit");
	/* the same through a reader: the values leaving read again where the window moved on */
	if (reader)
		ReaderScan(&spec, nvalues, &res, got,
				   (size_t) ((4096 + 613 * (b9 & 15)) * isz + ((b9 >> 4) & 3)),
				   (size_t) ((b9 >> 6) == 3 ? (1 + 255 * (b9 & 15)) * isz
							 : (4096 + 2053 * (b9 >> 6)) * isz));

	free(nulls);
	free(values);
	free(got);
	free(want);
	return 0;
}
