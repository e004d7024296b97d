/*
 * src/gpuscan.c — module registration and gpuscan_devices().
 *
 * CUDA is never touched when the module loads (a postmaster that preloads
 * the library forks backends, and CUDA does not survive fork): the first
 * function that needs a GPU initialises CUDA in its own backend.
 */
#include "postgres.h"

#include "fmgr.h"
#include "funcapi.h"
#include "utils/builtins.h"
#include "utils/tuplestore.h"

#ifdef GS_WITH_CUDA
#include "../cuda/gpuscan_cuda.h"
#endif

PG_MODULE_MAGIC;

#ifdef GS_WITH_CUDA
/* "13.0" from CUDA's 13000. */
static text *
CudaVersionText(int v)
{
	if (v <= 0)
		return cstring_to_text("unknown");
	return cstring_to_text(psprintf("%d.%d", v / 1000, (v % 1000) / 10));
}
#endif

/*
 * gpuscan_devices(): one row per CUDA device.  No rows, and no error, where
 * there is no GPU or driver, and in a build without CUDA.
 */
PG_FUNCTION_INFO_V1(gpuscan_devices);
Datum
gpuscan_devices(PG_FUNCTION_ARGS)
{
	InitMaterializedSRF(fcinfo, 0);

#ifdef GS_WITH_CUDA
	{
		ReturnSetInfo *rsinfo = (ReturnSetInfo *) fcinfo->resultinfo;
		char		msg[256] = "";
		int			n = gs_cuda_device_count(msg, sizeof(msg));
		int			i;

		if (n < 0)
			ereport(ERROR,
					(errcode(ERRCODE_SYSTEM_ERROR),
					 errmsg("could not list CUDA devices"),
					 errdetail("%s", msg)));
		for (i = 0; i < n; i++)
		{
			GsDeviceInfo info;
			Datum		values[7];
			bool		isnull[7] = {0};

			if (gs_cuda_device_info(i, &info, msg, sizeof(msg)) != GS_OK)
				ereport(ERROR,
						(errcode(ERRCODE_SYSTEM_ERROR),
						 errmsg("could not query CUDA device %d", i),
						 errdetail("%s", msg)));
			values[0] = Int32GetDatum(info.device_id);
			values[1] = CStringGetTextDatum(info.name);
			values[2] = CStringGetTextDatum(psprintf("%d.%d", info.cc_major, info.cc_minor));
			values[3] = Int32GetDatum(info.multiprocessors);
			values[4] = Int64GetDatum(info.total_memory_mb);
			values[5] = PointerGetDatum(CudaVersionText(info.driver_version));
			values[6] = PointerGetDatum(CudaVersionText(info.runtime_version));
			tuplestore_putvalues(rsinfo->setResult, rsinfo->setDesc, values, isnull);
		}
	}
#endif

	return (Datum) 0;
}
