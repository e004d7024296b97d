#!/usr/bin/env bash
# test/gpu/run.sh — the GPU engine's proof, on any machine with a GPU and
# PostgreSQL 15 (as root: the server runs as GPUSCAN_OS_USER, default
# postgres, else pgrun):
#
#   1. build and install, start a throwaway cluster with gpuscan preloaded
#      (its GPU service runs every GPU scan);
#   2. the whole pg_regress suite with every call forced onto the GPU
#      (PGOPTIONS='-c gpuscan.device=gpu -c gpuscan.kernel=K'), once per
#      kernel;
#   3. a check, through gpuscan_last_run(), that the GPU really ran each
#      type and function with each kernel;
#   4. the suites again without preloading (no service: auto scans on the
#      CPU, gpu is ERROR 55000); injected faults;
#   5. test/hostile.py (hostile inputs against an exact reference, every
#      kernel, as literals and read from a table in slices, the size limit),
#      test/cancel.py and test/leaks.py on the GPU;
#   6. test/engine/engine_compare: the GPU engine against the CPU engine, bit
#      for bit, up to 2^MAX_LOG2 elements (default 28).
# test/gpu/concurrency.sh (pgbench, many connections) and
# test/gpu/sanitize.sh (the suites under compute-sanitizer) run on their own.
#
# Usage: test/gpu/run.sh [MAX_LOG2] [LOGDIR]      Ends with "N passed, N failed".
# QUICK=1: steps 1-4 only.
set -uo pipefail
. "$(dirname "$0")/../../scripts/common.sh"
cd "$TOP"
MAXLOG=${1:-28}
LOGDIR=${2:-$LOG_DIR/gpu-logs}

echo "== machine"
date -u '+%Y-%m-%d %H:%M UTC'
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>&1
nvcc --version | tail -2
"${PG_CONFIG:-pg_config}" --version 2>/dev/null

setup_packages || summary 0 1
echo "== build and install"
build_install || summary 0 1
PRELOAD="-c shared_preload_libraries=gpuscan"
cluster_start "$PRELOAD" || summary 0 1
trap cluster_remove EXIT
mkdir -p "$LOGDIR"
PASSED=0
FAILED=0

psql -X -q -c "CREATE EXTENSION IF NOT EXISTS gpuscan" >/dev/null
psql -X -c "SELECT * FROM gpuscan_devices()"
psql -X -c "SELECT * FROM gpuscan_service()"

for k in kogge_stone brent_kung single_pass; do
	echo "== pg_regress, every call forced onto the GPU, gpuscan.kernel=$k"
	run_installcheck "$LOGDIR/installcheck-$k.log" \
		PGOPTIONS="-c gpuscan.device=gpu -c gpuscan.kernel=$k"
	[ -s regression.diffs ] && cp regression.diffs "$LOGDIR/regression-$k.diffs"
	PASSED=$((PASSED + REGRESS_OK))
	FAILED=$((FAILED + REGRESS_FAILED))

	echo "== the GPU really ran (gpuscan_last_run), gpuscan.kernel=$k"
	PGOPTIONS="-c gpuscan.device=gpu -c gpuscan.kernel=$k" psql -X -A -t -v ON_ERROR_STOP=1 <<EOF | tee "$LOGDIR/lastrun-$k.log"
CREATE TEMP TABLE checks (what text, ok boolean);
SELECT gpu_cumsum(ARRAY[1, NULL, 3]::smallint[]) IS NOT NULL;
INSERT INTO checks SELECT 'int2', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_cumsum('{{1,2},{3,4}}'::int[], true) IS NOT NULL;
INSERT INTO checks SELECT 'int4 rows exclusive', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_cumsum(ARRAY[9223372036854775806, 1, -5]::bigint[]) IS NOT NULL;
INSERT INTO checks SELECT 'int8', engine = 'gpu' AND accumulator_bits = 128 FROM gpuscan_last_run();
SELECT gpu_cumsum(ARRAY[1e8, 1, -1e8, NULL, 'NaN']::real[]) IS NOT NULL;
INSERT INTO checks SELECT 'float4', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_cumsum(array_fill(0.1::float8, ARRAY[3000000])) IS NOT NULL;
INSERT INTO checks SELECT 'float8 3M', engine = 'gpu' AND kernel = '$k' AND kernel_ms > 0 FROM gpuscan_last_run();
SELECT gpu_cummax('{{1,NaN,3},{-0,0,NULL}}'::real[]) IS NOT NULL;
INSERT INTO checks SELECT 'cummax float4 rows', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_cummin(ARRAY[5, NULL, 2, 7]::smallint[]) IS NOT NULL;
INSERT INTO checks SELECT 'cummin int2', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_cummax(array_fill(2.5::float8, ARRAY[3000000])) IS NOT NULL;
INSERT INTO checks SELECT 'cummax float8 3M', engine = 'gpu' AND kernel = '$k' AND kernel_ms > 0 FROM gpuscan_last_run();
SELECT gpu_movsum('{{1,2,3},{4,5,6}}'::int[], 2) = '{{1,3,5},{4,9,11}}';
INSERT INTO checks SELECT 'movsum int4 rows', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_movsum(ARRAY[9223372036854775807, -1, -9223372036854775807]::bigint[], 2) = '{9223372036854775807,9223372036854775806,-9223372036854775808}';
INSERT INTO checks SELECT 'movsum int8', engine = 'gpu' AND accumulator_bits = 128 FROM gpuscan_last_run();
SELECT gpu_movavg(ARRAY[1e8, 1, -1e8, 3]::real[], 3) = '{1e8,5e7,0.33333334,-3.3333332e7}';
INSERT INTO checks SELECT 'movavg float4', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT (gpu_movsum(array_fill(0.1::float8, ARRAY[3000000]), 1000))[3000000] = 100.0000000000000055511151231257827 ::float8;
INSERT INTO checks SELECT 'movsum float8 3M', engine = 'gpu' AND kernel = '$k' AND kernel_ms > 0 FROM gpuscan_last_run();
SELECT (gpu_cumavg(array_fill(3::smallint, ARRAY[3000000])))[3000000] = 3;
INSERT INTO checks SELECT 'cumavg int2 3M', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_movavg(ARRAY[1, NULL, 3, NULL, NULL, 6]::int[], 3) = '{1,NULL,2,NULL,NULL,6}';
INSERT INTO checks SELECT 'movavg int4 with NULLs', engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
-- (results checked here too: their exact text, then where they ran)
SELECT gpu_movsum(ARRAY[1, 'NaN', 3, 4, '-Infinity', 2, '-0', '-0']::real[], 2)::text
  = '{1,NaN,NaN,7,-Infinity,-Infinity,2,-0}' AS v \gset
INSERT INTO checks SELECT 'movsum float4 with NaN, -Infinity, -0', :'v'::bool AND engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_movavg(ARRAY['Infinity', 1, '-0', '-0', NULL, '-0']::float8[], 2)::text
  = '{Infinity,Infinity,0.5,-0,NULL,-0}' AS v \gset
INSERT INTO checks SELECT 'movavg float8 with Infinity, -0, NULL', :'v'::bool AND engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT gpu_movavg(ARRAY[9223372036854775807, NULL, 9223372036854775807, 1]::bigint[], 2)::text
  = '{9.223372036854776e+18,NULL,9.223372036854776e+18,4.611686018427388e+18}' AS v \gset
INSERT INTO checks SELECT 'movavg int8 with NULLs (128-bit sums)', :'v'::bool AND engine = 'gpu' AND kernel = '$k' AND accumulator_bits = 128 FROM gpuscan_last_run();
-- the window forms over table rows: every block on the GPU, the carry between blocks
CREATE TEMP TABLE wrows AS SELECT g AS t, g % 3 AS p, CASE WHEN g % 11 = 0 THEN NULL ELSE (g % 1000)::float8 / 8 END AS x
  FROM generate_series(1, 20000) g;
SELECT sum(s)::text = '3383895750.75' AS v FROM (SELECT gpu_cumsum(x) OVER (PARTITION BY p ORDER BY t) s FROM wrows) q \gset
INSERT INTO checks SELECT 'window cumsum float8, 3 partitions of 6,667 rows', :'v'::bool AND engine = 'gpu' AND kernel = '$k' AND input = 'rows' FROM gpuscan_last_run();
SELECT sum(s)::text = '314.5' AS v FROM (SELECT gpu_cumavg(t::int) OVER (ORDER BY t) s FROM wrows WHERE t <= 34) q \gset
INSERT INTO checks SELECT 'window cumavg int4', :'v'::bool AND engine = 'gpu' AND input = 'rows' FROM gpuscan_last_run();
SELECT count(*) = 0 AS v FROM (SELECT x, gpu_movsum(x, 5000) OVER (ORDER BY t) m, sum(x) OVER (ORDER BY t ROWS 4999 PRECEDING) r FROM wrows) q
  WHERE x IS NOT NULL AND m <> r \gset
INSERT INTO checks SELECT 'window movsum float8, window 5,000', :'v'::bool AND engine = 'gpu' AND input = 'rows' FROM gpuscan_last_run();
SELECT max(s) = 999::float8 / 8 AS v FROM (SELECT gpu_cummax(x) OVER (ORDER BY t) s FROM wrows) q \gset
INSERT INTO checks SELECT 'window cummax float8', :'v'::bool AND engine = 'gpu' AND input = 'rows' FROM gpuscan_last_run();
-- numeric (1.5): fixed-point values as integer limbs on the GPU, results as PostgreSQL's own
SELECT gpu_cumsum('{0.10,0.20,NULL,1e15,-1e15,1.5}'::numeric[])::text = '{0.10,0.30,NULL,1000000000000000.30,0.30,1.80}' AS v \gset
INSERT INTO checks SELECT 'numeric cumsum', :'v'::bool AND engine = 'gpu' AND kernel = '$k' AND elements = 12 FROM gpuscan_last_run();
SELECT (SELECT gpu_movavg(a, 1000)::text = (SELECT array_agg(s ORDER BY i)::text FROM (SELECT i, avg(x) OVER (ORDER BY i ROWS 999 PRECEDING) s
        FROM unnest(a) WITH ORDINALITY u(x, i)) q)
        FROM (SELECT array_agg(round((g % 1000 - 500) / 7.0, g % 4) ORDER BY g) a FROM generate_series(1, 3000000) g) z) AS v \gset
INSERT INTO checks SELECT 'numeric movavg 3M', :'v'::bool AND engine = 'gpu' AND kernel = '$k' AND kernel_ms > 0 FROM gpuscan_last_run();
SELECT gpu_cummin('{3.0,NaN,-1,-1.00,Infinity}'::numeric[])::text = '{3.0,3.0,-1,-1.00,-1.00}' AS v \gset
INSERT INTO checks SELECT 'numeric cummin', :'v'::bool AND engine = 'gpu' AND kernel = '$k' FROM gpuscan_last_run();
SELECT count(*) = 0 AS v FROM (SELECT gpu_cumsum(x::numeric) OVER (PARTITION BY p ORDER BY t) m,
       sum(x::numeric) OVER (PARTITION BY p ORDER BY t ROWS UNBOUNDED PRECEDING) r, x FROM wrows) q
  WHERE x IS NOT NULL AND m::text <> r::text \gset
INSERT INTO checks SELECT 'window cumsum numeric, 3 partitions', :'v'::bool AND engine = 'gpu' AND input = 'rows' FROM gpuscan_last_run();
SELECT gpu_cumsum('{1e40,1}'::numeric[])::text = '{10000000000000000000000000000000000000000,10000000000000000000000000000000000000001}' AS v \gset
INSERT INTO checks SELECT 'numeric wider than 38 digits: PostgreSQL arithmetic', :'v'::bool AND engine = 'cpu' AND kernel = 'numeric' AND fallback_reason IS NOT NULL FROM gpuscan_last_run();
SELECT engine, kernel, elements, accumulator_bits, round(h2d_ms::numeric, 3) AS h2d_ms,
       round(kernel_ms::numeric, 3) AS kernel_ms, round(d2h_ms::numeric, 3) AS d2h_ms,
       round(total_ms::numeric, 3) AS total_ms FROM gpuscan_last_run();
SELECT * FROM gpuscan_counters();
SELECT what || ': ' || CASE WHEN ok THEN 'ok' ELSE 'FAILED' END FROM checks;
SELECT count(*) FILTER (WHERE ok) || ' passed, ' || count(*) FILTER (WHERE NOT ok) || ' failed' FROM checks;
EOF
	add_counts "$LOGDIR/lastrun-$k.log"
done

echo "== arrays from a table: read in slices into the ring (and, streaming off, results over the"
echo "   detoasted input); a sampled plan that misses a value (that chunk read again, replanned)"
psql -X -A -t <<'SQL' 2>&1 | tee "$LOGDIR/inplace.log"
CREATE TEMP TABLE checks (what text, ok boolean);
CREATE TABLE ip (id int, a float8[], b real[], c int[], e float8[]);
-- (EXTERNAL: the repeating values would compress, and compressed arrays are detoasted)
ALTER TABLE ip ALTER a SET STORAGE EXTERNAL, ALTER b SET STORAGE EXTERNAL, ALTER c SET STORAGE EXTERNAL,
  ALTER e SET STORAGE EXTERNAL;
-- (a value with bits far below the others' after the plan's sample, at an index it
-- skips; and one far above, in a later chunk)
INSERT INTO ip SELECT 1, array_agg(CASE WHEN i = 2500001 THEN 0.25 + 2 ^ -20
                                        WHEN i = 9000001 THEN 2 ^ 40 ELSE (i % 1000)::float8 / 4 END ORDER BY i),
  array_agg(((i % 1000) - 500)::real / 8 ORDER BY i),
  array_agg(CASE WHEN i % 7 = 0 THEN NULL ELSE i % 1000 - 500 END ORDER BY i),
  array_agg(CASE WHEN i = 5000001 THEN 2 ^ 100 ELSE (i % 1000)::float8 / 4 END ORDER BY i)
FROM generate_series(1, 12000000) i;
SET gpuscan.device = cpu;
CREATE TEMP TABLE want AS SELECT gpu_cumsum(a) AS sa, gpu_cummax(a) AS ma, gpu_cumsum(b) AS sb,
  gpu_cumsum(c) AS sc, gpu_cummin(c) AS mc, gpu_cumsum(e) AS se, gpu_movsum(a, 1000) AS wa,
  gpu_movavg(b, 5000000) AS wb, gpu_cumavg(a) AS ca, gpu_movavg(c, 100) AS vc, gpu_movsum(c, 3000000) AS wc
  FROM ip;
SET gpuscan.device = gpu;
DO $$
DECLARE
  s text;
BEGIN
  FOREACH s IN ARRAY ARRAY['on', 'off'] LOOP
    PERFORM set_config('gpuscan.toast_streaming', s, false);
    INSERT INTO checks SELECT 'streaming ' || s || ': missed values: exact on the GPU',
      gpu_cumsum(a) = (SELECT sa FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': missed values: ran on the GPU, replanned, accumulator '
      || accumulator_bits || ', input ' || input,
      engine = 'gpu' AND input = CASE s WHEN 'on' THEN 'toast slices' ELSE 'detoasted copy' END
      FROM gpuscan_last_run();
    INSERT INTO checks SELECT 'streaming ' || s || ': cummax', gpu_cummax(a) = (SELECT ma FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': movsum, window 1000, missed values: exact',
      gpu_movsum(a, 1000) = (SELECT wa FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': ... on the GPU, replanned',
      engine = 'gpu' FROM gpuscan_last_run();
    INSERT INTO checks SELECT 'streaming ' || s || ': movavg, window longer than a chunk',
      gpu_movavg(b, 5000000) = (SELECT wb FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': cumavg', gpu_cumavg(a) = (SELECT ca FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': integer movavg with NULLs',
      gpu_movavg(c, 100) = (SELECT vc FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': ... on the GPU', engine = 'gpu' FROM gpuscan_last_run();
    INSERT INTO checks SELECT 'streaming ' || s || ': integer movsum with NULLs, window longer than a chunk',
      gpu_movsum(c, 3000000) = (SELECT wc FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': real sum', gpu_cumsum(b) = (SELECT sb FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': integer sum with NULLs (bigint results)',
      gpu_cumsum(c) = (SELECT sc FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': integer cummin with NULLs',
      gpu_cummin(c) = (SELECT mc FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': a value too wide for 128 bits in a later chunk: exact',
      gpu_cumsum(e) = (SELECT se FROM want) FROM ip;
    INSERT INTO checks SELECT 'streaming ' || s || ': ... on the CPU, the reason given (' || fallback_reason || ')',
      engine = 'cpu' AND fallback_reason LIKE '%accumulator%' FROM gpuscan_last_run();
    INSERT INTO checks SELECT 'streaming ' || s || ': the table is unchanged',
      (SELECT gpu_cumsum(a) FROM ip) = (SELECT sa FROM want);
  END LOOP;
END $$;
DROP TABLE ip;
SELECT what || ': ' || CASE WHEN ok THEN 'ok' ELSE 'FAILED' END FROM checks;
SELECT count(*) FILTER (WHERE ok) || ' passed, ' || (count(*) FILTER (WHERE NOT ok) + 32 - count(*)) || ' failed'
FROM checks;
SQL
add_counts "$LOGDIR/inplace.log"

echo "== pg_regress without shared_preload_libraries: no GPU service, scans on the CPU"
if cluster_restart ""; then
	run_installcheck "$LOGDIR/installcheck-no-preload.log"
	PASSED=$((PASSED + REGRESS_OK))
	FAILED=$((FAILED + REGRESS_FAILED))
	cluster_restart "$PRELOAD" || FAILED=$((FAILED + 1))
else
	FAILED=$((FAILED + 1))
fi

echo "== fault injection (gpuscan.inject_fault): fallback, error and recovery, no leak, an unsupported GPU"
psql -X -A -t <<'SQL' 2>&1 | tee "$LOGDIR/faults.log"
CREATE TEMP TABLE checks (what text, ok boolean);
CREATE TEMP TABLE a AS
SELECT array_agg(((i::bigint * 7919) % 10007 - 5000)::real / 8 ORDER BY i) AS v FROM generate_series(1, 3000000) i;
SET gpuscan.device = cpu;
CREATE TEMP TABLE want AS SELECT gpu_cumsum(v) AS s FROM a;
SET gpuscan.device = gpu;
-- (four times: with several GPUs, each gets its buffers)
SELECT 'warm-up', gpu_cumsum(v) = (SELECT s FROM want) FROM a, generate_series(1, 4);
\! nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | awk '{ s += $1 } END { print "gpumem " s }'
SET gpuscan.inject_fault = gpu_alloc;
INSERT INTO checks SELECT 'alloc fault: identical result', gpu_cumsum(v) = (SELECT s FROM want) FROM a;
INSERT INTO checks SELECT 'alloc fault: CPU fallback with the reason',
  engine = 'cpu' AND fallback_reason LIKE '%injected fault%' FROM gpuscan_last_run();
SET gpuscan.inject_fault = cuda_error;
DO $$ BEGIN
  PERFORM gpu_cumsum(v) FROM a;
  INSERT INTO checks VALUES ('cuda fault: an error', false);
EXCEPTION WHEN OTHERS THEN
  INSERT INTO checks VALUES ('cuda fault: ERROR with CUDA''s message (' || SQLSTATE || ': ' || SQLERRM || ')',
    SQLSTATE = '58000' AND SQLERRM LIKE '%injected fault%' AND SQLERRM LIKE '%cuda%');
END $$;
RESET gpuscan.inject_fault;
INSERT INTO checks SELECT 'next call after the error: right', gpu_cumsum(v) = (SELECT s FROM want) FROM a;
INSERT INTO checks SELECT 'next call after the error: on the GPU', engine = 'gpu' FROM gpuscan_last_run();
DO $$ BEGIN
  FOR i IN 1..50 LOOP
    PERFORM set_config('gpuscan.inject_fault', 'gpu_alloc', false);
    PERFORM gpu_cumsum(v) FROM a;
    PERFORM set_config('gpuscan.inject_fault', 'cuda_error', false);
    BEGIN PERFORM gpu_cumsum(v) FROM a; EXCEPTION WHEN OTHERS THEN NULL; END;
    PERFORM set_config('gpuscan.inject_fault', 'none', false);
    PERFORM gpu_cumsum(v) FROM a;
  END LOOP;
END $$;
INSERT INTO checks SELECT 'after 50 rounds of both faults: right, on the GPU',
  (SELECT gpu_cumsum(v) = (SELECT s FROM want) FROM a) AND engine = 'gpu' FROM gpuscan_last_run();
SELECT count(*) FROM a, generate_series(1, 4) WHERE gpu_cumsum(v) IS NOT NULL;
\! nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | awk '{ s += $1 } END { print "gpumem " s }'
-- a GPU too old for the engine: auto on the CPU with the reason, no device row, gpu ERROR 55000
SET gpuscan.inject_fault = unsupported_gpu;
SET gpuscan.device = auto;
SET gpuscan.gpu_min_elements = 0;
CREATE TEMP TABLE old_gpu AS SELECT gpu_cumsum(v) AS s FROM a;
INSERT INTO checks SELECT 'unsupported GPU: auto scans right', s = (SELECT s FROM want) FROM old_gpu;
INSERT INTO checks SELECT 'unsupported GPU: on the CPU, the reason names the GPU (' || fallback_reason || ')',
  engine = 'cpu' AND fallback_reason LIKE '%compute capability 1.0%' FROM gpuscan_last_run();
INSERT INTO checks SELECT 'unsupported GPU: gpuscan_devices() has no row', count(*) = 0 FROM gpuscan_devices();
DO $$ BEGIN
  PERFORM set_config('gpuscan.device', 'gpu', true);
  PERFORM gpu_cumsum(v) FROM a;
  INSERT INTO checks VALUES ('unsupported GPU: gpu is an error', false);
EXCEPTION WHEN OTHERS THEN
  INSERT INTO checks VALUES ('unsupported GPU: gpu is ERROR 55000 (' || SQLSTATE || ': ' || SQLERRM || ')',
    SQLSTATE = '55000');
END $$;
RESET gpuscan.inject_fault;
SET gpuscan.device = gpu;
CREATE TEMP TABLE new_gpu AS SELECT gpu_cumsum(v) AS s FROM a;
INSERT INTO checks SELECT 'after the unsupported GPU: right, on the GPU',
  (SELECT s = (SELECT s FROM want) FROM new_gpu) AND engine = 'gpu' FROM gpuscan_last_run();
SELECT what || ': ' || CASE WHEN ok THEN 'ok' ELSE 'FAILED' END FROM checks;
-- eleven checks; a missing one (a statement that failed) counts as failed
SELECT count(*) FILTER (WHERE ok) || ' passed, ' || (count(*) FILTER (WHERE NOT ok) + 11 - count(*)) || ' failed'
FROM checks;
SQL
add_counts "$LOGDIR/faults.log"
# the GPUs' used memory (MiB, all GPUs; this backend is their only user) after warm-up
# and after the faults: no more after (less where a GPU started afresh got no work since)
m0=$(sed -n 's/^gpumem //p' "$LOGDIR/faults.log" | head -1)
m1=$(sed -n 's/^gpumem //p' "$LOGDIR/faults.log" | tail -1)
echo "GPU memory used: ${m0:-?} MiB after warm-up, ${m1:-?} MiB after 100 faults"
if [ -n "$m0" ] && [ -n "$m1" ] && [ "$m1" -le "$m0" ]; then PASSED=$((PASSED + 1)); else echo "GPU memory grew"; FAILED=$((FAILED + 1)); fi

echo "== what each GPU ran (gpuscan_service())"
psql -X -c "SELECT device_id, device_name, state, requests, batches, errors FROM gpuscan_service()"
if [ "${QUICK:-0}" = 1 ]; then
	# QUICK=1: the suites, the checks and the faults only
	cluster_remove
	trap - EXIT
	summary "$PASSED" "$FAILED"
fi

echo "== hostile inputs on the GPU (test/hostile.py), every kernel, as literals and read from a"
echo "   table in slices; the size limit once"
for k in kogge_stone brent_kung single_pass; do
	PGOPTIONS="-c gpuscan.kernel=$k" python3 test/hostile.py --engine gpu --seconds "${HOSTILE_SECONDS:-20}" \
		$([ $k = single_pass ] && echo --size-limit) | tee "$LOGDIR/hostile-$k.log"
	add_counts "$LOGDIR/hostile-$k.log"
	PGOPTIONS="-c gpuscan.kernel=$k" python3 test/hostile.py --engine gpu --stored \
		--seconds "${HOSTILE_SECONDS:-20}" | tee "$LOGDIR/hostile-stored-$k.log"
	add_counts "$LOGDIR/hostile-stored-$k.log"
done

echo "== cancel on the GPU (test/cancel.py): 2^27-1 elements, within 200 ms"
python3 test/cancel.py --engine gpu | tee "$LOGDIR/cancel.log"
add_counts "$LOGDIR/cancel.log"

echo "== leaks on the GPU (test/leaks.py): 10,000 calls with errors, cancels and injected faults"
python3 test/leaks.py --engine gpu --faults --gpu-mem | tee "$LOGDIR/leaks.log"
add_counts "$LOGDIR/leaks.log"

echo "== GPU engine against CPU engine, bit for bit, up to 2^$MAXLOG elements"
if make -s PG_CONFIG="$PG_CONFIG" test/engine/engine_compare; then
	test/engine/engine_compare -q "$MAXLOG" | tee "$LOGDIR/engine_compare.log"
	add_counts "$LOGDIR/engine_compare.log"
else
	FAILED=$((FAILED + 1))
fi

cluster_remove
trap - EXIT
summary "$PASSED" "$FAILED"
