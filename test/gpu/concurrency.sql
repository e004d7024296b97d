-- test/gpu/concurrency.sql — one pgbench transaction of test/gpu/concurrency.sh:
-- scan one array (integer[] or double precision[], 1M-16M elements) and
-- compare the whole result with its reference (sum() OVER, made at set-up);
-- a wrong result is an ERROR naming the array, which aborts the client (the
-- ERROR comes from the row, not from a constant like 1 / 0, which the
-- planner would fold and raise whatever the comparison).  Then record this
-- backend's counters and last fallback reason.
\set id random(1, 16)
SELECT CASE WHEN gpu_cumsum(a4) IS NOT DISTINCT FROM e4 AND gpu_cumsum(a8) IS NOT DISTINCT FROM e8
            THEN 1 ELSE ('wrong result for array ' || id)::int END AS right_result
FROM conc WHERE id = :id;
INSERT INTO conc_calls
SELECT :client_id, pg_backend_pid(), c.gpu_calls, c.cpu_calls, c.gpu_fallbacks, l.fallback_reason
FROM gpuscan_counters() c LEFT JOIN gpuscan_last_run() l ON true;
