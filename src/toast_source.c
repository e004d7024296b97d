/*
 * src/toast_source.c — arrays read from TOAST in slices: the chunk source
 * (core/source.h) over an uncompressed out-of-line TOAST value.
 *
 * PostgreSQL stores a large array that does not compress (random floats,
 * or any array in a column with STORAGE EXTERNAL) out of line, in its
 * table's TOAST relation, as the array's bytes in chunks of about 2 kB.
 * Detoasting it first copies all of it into private memory, then an engine
 * reads that copy.  Here its bytes are read instead with PostgreSQL's own
 * slice fetch (table_relation_fetch_toast_slice, as detoast_attr_slice
 * does) straight into where they are consumed: a GPU service ring segment,
 * or the CPU engine's window, scanned while it is in the cache.  The header
 * and null bitmap are read first; the result's header and bitmap are the
 * input's.  Compressed and inline values keep the ordinary path.
 */
#include "postgres.h"

#include "access/detoast.h"
#include "access/relation.h"
#include "access/table.h"
#include "access/tableam.h"
#include "utils/array.h"
#include "utils/rel.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#include "gpuscan.h"

/* Bytes of an array's header that say its shape: ndim, dataoffset, elemtype, dims, lbs. */
#define SHAPE_BYTES		((int) (3 * sizeof(int32) + 2 * MAXDIM * sizeof(int)))

/* Read stored bytes [offset, offset + len) of the value into dst, in slices. */
static void
ReadStored(GsToastArray *ta, int64 offset, size_t len, char *dst)
{
	while (len > 0)
	{
		int32		n = (int32) Min(len, (size_t) ta->slice_bytes);

		/*
		 * The heap writes a slice after the varlena header of result, which
		 * it leaves alone; dst has GS_SOURCE_HEADROOM bytes in front.
		 */
		table_relation_fetch_toast_slice(ta->toastrel, ta->valueid, ta->extsize,
										 (int32) offset, n,
										 (struct varlena *) (dst - VARHDRSZ));
		offset += n;
		dst += n;
		len -= n;
	}
}

/* The chunk source's reader: bytes of the packed values. */
static void
ReadValues(void *ctx, int64_t offset, size_t nbytes, void *dst)
{
	GsToastArray *ta = (GsToastArray *) ctx;

	ReadStored(ta, ta->data_start + offset, nbytes, (char *) dst);
}

/* The array is not what its TOAST value's size says. */
static void
Corrupted(const GsToastArray *ta, const char *what)
{
	ereport(ERROR,
			(errcode(ERRCODE_DATA_CORRUPTED),
			 errmsg("array stored out of line is corrupted"),
			 errdetail("TOAST value %u of relation %u: %s.", ta->valueid,
					   ta->toastrelid, what)));
}

/*
 * Open an array argument for reading in slices, when it is an uncompressed
 * out-of-line TOAST value of min_bytes or more: its TOAST relation opened,
 * its shape read and checked.  False (nothing opened) for anything else.
 */
bool
gpuscan_toast_open(Datum datum, int32 min_bytes, int slice_bytes, GsToastArray *ta)
{
	struct varlena *attr = (struct varlena *) DatumGetPointer(datum);
	struct varatt_external ptr;
	union
	{
		char		bytes[GS_SOURCE_HEADROOM + SHAPE_BYTES];
		int32		align;
	}			buf;
	int32		shape[SHAPE_BYTES / sizeof(int32) + 1];
	int			got;

	if (!VARATT_IS_EXTERNAL_ONDISK(attr))
		return false;
	VARATT_EXTERNAL_GET_POINTER(ptr, attr);
	if (VARATT_EXTERNAL_IS_COMPRESSED(ptr) || VARATT_EXTERNAL_GET_EXTSIZE(ptr) < min_bytes)
		return false;

	memset(ta, 0, sizeof(*ta));
	ta->toastrelid = ptr.va_toastrelid;
	ta->valueid = ptr.va_valueid;
	ta->extsize = VARATT_EXTERNAL_GET_EXTSIZE(ptr);
	ta->slice_bytes = slice_bytes > 0 ? slice_bytes : INT_MAX;
	if (ta->extsize < 3 * (int) sizeof(int32))
		return false;
	ta->toastrel = table_open(ta->toastrelid, AccessShareLock);

	/* the shape: the stored bytes are the array's after its varlena header */
	got = Min(ta->extsize, SHAPE_BYTES);
	ReadStored(ta, 0, got, buf.bytes + GS_SOURCE_HEADROOM);
	memcpy(shape, buf.bytes + GS_SOURCE_HEADROOM, got);
	ta->ndim = shape[0];
	ta->dataoffset = shape[1];
	ta->elemtype = (Oid) shape[2];
	if (ta->ndim <= 0 || ta->ndim > MAXDIM ||
		got < (int) (3 * sizeof(int32) + 2 * ta->ndim * sizeof(int)))
	{
		/* empty, or not an array as gpuscan knows one: the ordinary path */
		gpuscan_toast_close(ta);
		return false;
	}
	memcpy(ta->dims, &shape[3], ta->ndim * sizeof(int));
	memcpy(ta->lbs, &shape[3 + ta->ndim], ta->ndim * sizeof(int));
	ta->nitems = ArrayGetNItems(ta->ndim, ta->dims);
	ArrayCheckBounds(ta->ndim, ta->dims, ta->lbs);
	if (ta->dataoffset != 0 &&
		ta->dataoffset != ARR_OVERHEAD_WITHNULLS(ta->ndim, ta->nitems))
		Corrupted(ta, "its data offset does not match its shape");
	ta->data_start = (ta->dataoffset != 0 ? ta->dataoffset : ARR_OVERHEAD_NONULLS(ta->ndim)) - VARHDRSZ;
	if (ta->data_start > ta->extsize)
		Corrupted(ta, "it is shorter than its header");

	ta->source.nbytes = ta->extsize - ta->data_start;
	ta->source.ctx = ta;
	ta->source.read = ReadValues;
	return true;
}

/*
 * Read the null bitmap of an array opened with gpuscan_toast_open into
 * bits ((nitems + 7) / 8 bytes); check that the values' bytes are what the
 * shape and bitmap say, and return the number of values.
 */
int64
gpuscan_toast_bitmap(GsToastArray *ta, int elem_size, bits8 *bits)
{
	int64		nvalues = ta->nitems;

	if (ta->dataoffset != 0)
	{
		/* the bitmap follows the lower bounds; bits has no headroom, so a bounce */
		Size		nbytes = (ta->nitems + 7) / 8;
		char	   *buf = palloc(nbytes + GS_SOURCE_HEADROOM);

		ReadStored(ta, ARR_OVERHEAD_NONULLS(ta->ndim) - VARHDRSZ, nbytes, buf + GS_SOURCE_HEADROOM);
		memcpy(bits, buf + GS_SOURCE_HEADROOM, nbytes);
		pfree(buf);
		nvalues = gs_bitmap_count(bits, 0, ta->nitems);
	}
	if (ta->source.nbytes != nvalues * elem_size)
		Corrupted(ta, psprintf("%lld bytes of values where its shape says %lld",
							   (long long) ta->source.nbytes, (long long) (nvalues * elem_size)));
	return nvalues;
}

/* Close what gpuscan_toast_open opened. */
void
gpuscan_toast_close(GsToastArray *ta)
{
	if (ta->toastrel)
		table_close(ta->toastrel, AccessShareLock);
	ta->toastrel = NULL;
}
