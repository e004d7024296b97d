-- test/bench/throughput.sql — one pgbench transaction of test/bench/throughput.sh:
-- scan the real[] and the double precision[] array of a random row and
-- check each result's last element against the CPU engine's (stored at
-- set-up); a wrong one is an ERROR (from the row, so the planner cannot
-- fold it), which pgbench counts as a failed transaction.  Then note how
-- the last scan ran (auto's choice) in an unlogged table.
\set id random(1, 16)
SELECT CASE WHEN (gpu_cumsum(r))[n] = r_last AND (gpu_cumsum(d))[n] = d_last
            THEN 1 ELSE ('wrong result for row ' || id)::int END AS right_result
FROM tp WHERE id = :id;
INSERT INTO tp_runs SELECT engine, cpu_ms FROM gpuscan_last_run();
