--
-- gpuscan_devices: one row per CUDA device; none (and no error) without a
-- GPU or driver.  The output must not depend on the machine: rows are
-- checked for consistency, not listed.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS gpuscan;
RESET client_min_messages;

-- the columns
SELECT * FROM gpuscan_devices() LIMIT 0;

-- every row is complete and plausible, whatever the machine
SELECT count(*) >= 0 AS any_count,
       bool_and(device_id >= 0 AND name <> '' AND compute_capability ~ '^[0-9]+\.[0-9]+$'
                AND multiprocessors > 0 AND total_memory_mb > 0
                AND driver_version ~ '^[0-9]+\.[0-9]+$|^unknown$'
                AND runtime_version ~ '^[0-9]+\.[0-9]+$|^unknown$') IS NOT FALSE AS rows_ok,
       count(DISTINCT device_id) = count(*) AS ids_unique
FROM gpuscan_devices();

-- calling it again in the same backend gives the same answer
SELECT (SELECT count(*) FROM gpuscan_devices()) = (SELECT count(*) FROM gpuscan_devices()) AS stable;
