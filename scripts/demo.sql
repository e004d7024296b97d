-- scripts/demo.sql — the showcase printed by `make demo`.
\pset footer off
CREATE EXTENSION gpuscan;

\echo
\echo '== gpu_cumsum: running totals of arrays'
SELECT gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3]) AS running_total,
       gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3], exclusive => true) AS exclusive;
SELECT gpu_cumsum(ARRAY[1, NULL, 2, NULL, 3]) AS nulls_skipped,
       gpu_cumsum('{{1,2,3},{10,20,30}}'::int[]) AS per_row;

\echo '== exact floats: each total is the correctly rounded exact sum'
SELECT gpu_cumsum('{1e8,1,-1e8}'::real[]) AS gpu_cumsum,
       (SELECT array_agg(s ORDER BY o) FROM
          (SELECT o, sum(x) OVER (ORDER BY o) AS s
           FROM unnest('{1e8,1,-1e8}'::real[]) WITH ORDINALITY AS u(x, o)) t) AS float_loop;

\echo '== gpuscan_devices(): CUDA devices this server can use'
SELECT * FROM gpuscan_devices();
\echo '== gpuscan_service(): the GPU service (gpuscan in shared_preload_libraries)'
SELECT pid, state, message, device_id, requests FROM gpuscan_service();

\echo '== timing: 1M and 16M float4 elements (psql timing, whole statements)'
\o /dev/null
SELECT setseed(0.5);
\o
CREATE TEMP TABLE m1 AS SELECT array_agg(random()::real) AS a FROM generate_series(1, 1000000);
CREATE TEMP TABLE m16 AS SELECT array_agg(random()::real) AS a FROM generate_series(1, 16000000);
\timing on
\echo '-- gpu_cumsum, 1M elements'
SELECT array_length(gpu_cumsum(a), 1) AS elements FROM m1;
\echo '-- the same job with unnest + sum() OVER + array_agg, 1M elements'
SELECT array_length(array_agg(s ORDER BY o), 1) AS elements
FROM (SELECT o, sum(x) OVER (ORDER BY o) AS s
      FROM m1, unnest(a) WITH ORDINALITY AS u(x, o)) t;
\echo '-- reading the 16M-element array from its table alone (detoasting 64 MB)'
SELECT array_length(a, 1) AS elements FROM m16;
\echo '-- gpu_cumsum, 16M elements (includes that read)'
SELECT array_length(gpu_cumsum(a), 1) AS elements FROM m16;
\timing off
