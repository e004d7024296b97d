--
-- gpu_movsum, gpu_movavg: sums and means of moving windows; gpu_cumavg:
-- running means
--
-- Results are checked against PostgreSQL alone: sum(v) OVER (... ROWS
-- BETWEEN w - 1 PRECEDING AND CURRENT ROW) and sum(v) / count(v) over the
-- same frame, with v the exact value of each element as numeric, over
-- unnest ... WITH ORDINALITY, each row of the last dimension a partition;
-- the exact numeric result is rounded once by the numeric-to-type cast
-- (numeric -> real / double precision goes through the text form, correctly
-- rounded) and compared as text, so -0 and 0 must match too.  Hand-written
-- cases have known answers.  Nothing here depends on the engine or device.
--
-- the extension and pg_temp.outcome (pg_regress sets PG_ABS_SRCDIR: test/)
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- 2^k as an exact numeric (the dividend's scale keeps the division exact).
CREATE FUNCTION pg_temp.pow2(k int) RETURNS numeric LANGUAGE sql AS $$
  SELECT CASE WHEN k >= 0 THEN 2::numeric ^ k
              ELSE 1.000000000000000000000000000000000000000000000000000000000000000000000000000000
                   / 2::numeric ^ (-k) END
$$;

-- The reference query for fn (gpu_movsum, gpu_movavg or gpu_cumavg; w the
-- window, unused by gpu_cumavg) over src, a FROM item with columns a (the
-- array, of element type elem) and n (numeric[]: the exact value of each
-- element of a in storage order, NULL where a is).  It returns 'ok', or
-- what is wrong: the result's type or shape, or how many elements differ
-- and the first of them.  The reference at a non-NULL position is the exact
-- window sum (or sum / count, to at least 60 decimals: the quotient is never
-- that close to a rounding boundary without being on it, so no double
-- rounding) cast to the result type; '-0' where every value of the window is
-- -0.  The function reads src's column a itself (OFFSET 0: once, and a TOAST
-- pointer stays one).  The callers raise work_mem: a window query whose
-- frames spill to disk is very slow.
CREATE FUNCTION pg_temp.ref_query(src text, elem text, fn text, w int) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  isfloat boolean := elem IN ('real', 'double precision');
  restype text := CASE WHEN isfloat THEN elem
                       WHEN fn = 'gpu_movsum' THEN 'bigint' ELSE 'double precision' END;
  call text := CASE WHEN fn = 'gpu_cumavg' THEN 'gpu_cumavg(s.a)'
                    ELSE format('%s(s.a, %s)', fn, w) END;
  frame text := CASE WHEN fn = 'gpu_cumavg' THEN 'ROWS UNBOUNDED PRECEDING'
                     ELSE format('ROWS %s PRECEDING', w::bigint - 1) END;
  val text := CASE WHEN fn = 'gpu_movsum' THEN 'sum(v) OVER w'
                   ELSE 'sum(v) OVER w / (count(v) OVER w)::numeric(100, 60)' END;
  negzero text := CASE WHEN isfloat THEN 'WHEN bool_and(CASE WHEN x = 0 THEN x::text = ''-0'' ELSE false END) OVER w THEN ''-0'''
                       ELSE '' END;
BEGIN
  RETURN format($q$
    WITH g AS (SELECT s.a, s.n, array_length(s.a, array_ndims(s.a)) AS rowlen, %s AS r
               FROM %s OFFSET 0),
    d AS (SELECT o, got::text AS got,
                 CASE WHEN v IS NULL THEN NULL %s ELSE ((%s)::%s)::text END AS want
          FROM g, unnest(g.a, g.n, g.r) WITH ORDINALITY AS u(x, v, got, o)
          WINDOW w AS (PARTITION BY (o - 1) / g.rowlen ORDER BY o %s))
    SELECT coalesce(
      (SELECT CASE WHEN r IS NULL THEN 'NULL result'
                   WHEN pg_typeof(r)::text <> %L THEN 'type ' || pg_typeof(r)::text
                   WHEN array_dims(r) IS DISTINCT FROM array_dims(a)
                   THEN 'dims ' || coalesce(array_dims(r), '-') || ', want ' || coalesce(array_dims(a), '-')
              END FROM g),
      (SELECT format('%%s wrong, first at %%s: got %%s, want %%s', count(*) OVER (), o,
                     coalesce(got, 'NULL'), coalesce(want, 'NULL'))
       FROM d WHERE got IS DISTINCT FROM want ORDER BY o LIMIT 1),
      'ok')$q$, call, src, negzero, val, restype, frame, restype || '[]');
END $$;

-- Check fn over an array whose values are exact in numeric through a
-- double precision -> numeric cast (integers; floats with few decimal
-- digits: multiples of 1/8, 1e16, ...; NaN and infinities).
CREATE FUNCTION pg_temp.verify(a anyarray, fn text, w int DEFAULT NULL) RETURNS text
LANGUAGE plpgsql SET work_mem = '128MB' AS $$
DECLARE
  elem text := replace(pg_typeof(a)::text, '[]', '');
  res text;
BEGIN
  EXECUTE pg_temp.ref_query(
            CASE WHEN elem IN ('real', 'double precision')
                 THEN '(SELECT $1 AS a, $1::float8[]::numeric[] AS n) s'
                 ELSE '(SELECT $1 AS a, $1::numeric[] AS n) s' END, elem, fn, w)
    INTO res USING a;
  RETURN res;
END $$;

-- Check fn over column col of row id of table tab, with the exact values
-- in the expression nexpr (a column of numeric[], or a cast of col); with
-- slices, also that the argument was read from TOAST in slices.
CREATE FUNCTION pg_temp.verify_tab(tab text, id int, col text, nexpr text, fn text, w int,
                                   slices boolean DEFAULT false) RETURNS text
LANGUAGE plpgsql SET work_mem = '128MB' AS $$
DECLARE
  elem text;
  res text;
  inp text;
BEGIN
  EXECUTE format('SELECT pg_typeof(%I)::text FROM %I WHERE id = %s', col, tab, id) INTO elem;
  EXECUTE pg_temp.ref_query(format('(SELECT %I AS a, %s AS n FROM %I WHERE id = %s) s',
                                   col, nexpr, tab, id),
                            replace(elem, '[]', ''), fn, w) INTO res;
  SELECT input INTO inp FROM gpuscan_last_run();
  IF res = 'ok' AND slices AND inp IS DISTINCT FROM 'toast slices' THEN
    RETURN 'read as ' || coalesce(inp, '?');
  END IF;
  RETURN res;
END $$;

-- A flat array of values shaped as rows of rowlen (0: one dimension), with
-- lower bounds lb1 (and lb2); d2 > 0: three dimensions of d2 rows a plane.
CREATE FUNCTION pg_temp.shaped(vals anyarray, rowlen int, lb1 int, lb2 int, d2 int DEFAULT 0)
RETURNS anyarray LANGUAGE plpgsql AS $$
DECLARE
  r vals%TYPE;
  n int := cardinality(vals);
  m vals%TYPE;
BEGIN
  IF rowlen = 0 THEN
    r[lb1:lb1 + n - 1] := vals;
    RETURN r;
  END IF;
  IF d2 > 0 THEN
    SELECT array_agg(t.plane ORDER BY t.p) INTO r
    FROM (SELECT s.p, array_agg(s.one_row ORDER BY s.q) AS plane
          FROM (SELECT (o - 1) / (rowlen * d2) AS p, (o - 1) / rowlen AS q,
                       array_agg(x ORDER BY o) AS one_row
                FROM unnest(vals) WITH ORDINALITY u(x, o) GROUP BY 1, 2) s
          GROUP BY s.p) t;
    RETURN r;
  END IF;
  SELECT array_agg(s.one_row ORDER BY s.g) INTO m
  FROM (SELECT (o - 1) / rowlen AS g, array_agg(x ORDER BY o) AS one_row
        FROM unnest(vals) WITH ORDINALITY u(x, o) GROUP BY 1) s;
  r[lb1:lb1 + n / rowlen - 1][lb2:lb2 + rowlen - 1] := m;
  RETURN r;
END $$;

--
-- 1. Types: integer inputs give bigint[] sums and double precision[] means,
--    floats keep their type
--
SELECT gpu_movsum(ARRAY[1, 2, 3, 4]::smallint[], 2) AS int2,
       gpu_movsum(ARRAY[1, 2, 3, 4]::integer[], 2) AS int4,
       gpu_movsum(ARRAY[1, 2, 3, 4]::bigint[], 2) AS int8,
       gpu_movsum(ARRAY[1.5, 2, 3, 4]::real[], 2) AS float4,
       gpu_movsum(ARRAY[1.5, 2, 3, 4]::double precision[], 2) AS float8;
SELECT gpu_movavg(ARRAY[1, 2, 3, 4]::smallint[], 2) AS int2,
       gpu_movavg(ARRAY[1, 2, 3, 4]::integer[], 3) AS int4,
       gpu_movavg(ARRAY[1, 2, 3, 4]::bigint[], 2) AS int8,
       gpu_movavg(ARRAY[1.5, 2, 3, 4]::real[], 2) AS float4,
       gpu_movavg(ARRAY[1.5, 2, 3, 4]::double precision[], 3) AS float8;
SELECT gpu_cumavg(ARRAY[1, 2, 4]::smallint[]) AS int2,
       gpu_cumavg(ARRAY[1, 2, 4]::integer[]) AS int4,
       gpu_cumavg(ARRAY[1, 2, 4]::bigint[]) AS int8,
       gpu_cumavg(ARRAY[1, 2, 4]::real[]) AS float4,
       gpu_cumavg(ARRAY[1, 2, 4]::double precision[]) AS float8;
SELECT 'smallint[]' AS input, pg_typeof(gpu_movsum(ARRAY[1]::smallint[], 1)) AS movsum,
       pg_typeof(gpu_movavg(ARRAY[1]::smallint[], 1)) AS movavg, pg_typeof(gpu_cumavg(ARRAY[1]::smallint[])) AS cumavg
UNION ALL SELECT 'integer[]', pg_typeof(gpu_movsum(ARRAY[1]::integer[], 1)),
       pg_typeof(gpu_movavg(ARRAY[1]::integer[], 1)), pg_typeof(gpu_cumavg(ARRAY[1]::integer[]))
UNION ALL SELECT 'bigint[]', pg_typeof(gpu_movsum(ARRAY[1]::bigint[], 1)),
       pg_typeof(gpu_movavg(ARRAY[1]::bigint[], 1)), pg_typeof(gpu_cumavg(ARRAY[1]::bigint[]))
UNION ALL SELECT 'real[]', pg_typeof(gpu_movsum(ARRAY[1]::real[], 1)),
       pg_typeof(gpu_movavg(ARRAY[1]::real[], 1)), pg_typeof(gpu_cumavg(ARRAY[1]::real[]))
UNION ALL SELECT 'double precision[]', pg_typeof(gpu_movsum(ARRAY[1]::double precision[], 1)),
       pg_typeof(gpu_movavg(ARRAY[1]::double precision[], 1)),
       pg_typeof(gpu_cumavg(ARRAY[1]::double precision[]));
-- windows of 1 (the input itself), 2, 3, the length and beyond
SELECT w, gpu_movsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3], w) AS movsum,
       gpu_movavg(ARRAY[3, 1, 7, 0, 4, 1, 6, 3], w) AS movavg
FROM unnest(ARRAY[1, 2, 3, 8, 9, 2147483647]) w ORDER BY w;
SELECT gpu_cumavg(ARRAY[3, 1, 7, 0, 4, 1, 6, 3]) AS cumavg;
-- numeric has its own form since 1.5 (test/sql/numeric.sql)
SELECT gpu_movsum(ARRAY[1.5, 2, 3]::numeric[], 2);
SELECT pg_temp.outcome($$SELECT gpu_movavg(ARRAY['a']::text[], 2)$$);

--
-- 2. NULL arguments, windows below 1, empty arrays
--
SELECT gpu_movsum(NULL::integer[], 2) IS NULL AS null_array,
       gpu_movsum(ARRAY[1, 2], NULL) IS NULL AS null_window_sum,
       gpu_movavg(ARRAY[1.5, 2]::real[], NULL) IS NULL AS null_window_avg,
       gpu_cumavg(NULL::bigint[]) IS NULL AS null_cumavg;
SELECT pg_temp.outcome($$SELECT gpu_movsum(ARRAY[1, 2], 0)$$) AS movsum_0,
       pg_temp.outcome($$SELECT gpu_movavg(ARRAY[1, 2]::real[], -1)$$) AS movavg_minus_1;
SELECT pg_temp.outcome($$SELECT gpu_movsum('{}'::bigint[], 0)$$) AS empty_0,
       pg_temp.outcome($$SELECT gpu_movavg(ARRAY[NULL]::float8[], -2147483648)$$) AS null_min;
SELECT gpu_movsum(ARRAY[1, 2, 3], 0);
SELECT gpu_movavg(ARRAY[1, 2, 3]::double precision[], -5);
SELECT gpu_movsum('{}'::smallint[], 3) AS e2, pg_typeof(gpu_movsum('{}'::smallint[], 3)),
       gpu_movavg('{}'::integer[], 1) AS e4, pg_typeof(gpu_movavg('{}'::integer[], 1)),
       gpu_movsum('{}'::real[], 2147483647) AS ef4, pg_typeof(gpu_movsum('{}'::real[], 2147483647)),
       gpu_cumavg('{}'::double precision[]) AS ef8, pg_typeof(gpu_cumavg('{}'::double precision[])),
       gpu_cumavg('{}'::bigint[]) AS e8, pg_typeof(gpu_cumavg('{}'::bigint[]));

--
-- 3. NULL positions count as positions; their values are skipped and they
--    stay NULL
--
SELECT gpu_movsum(ARRAY[1, NULL, 2, NULL, 3], 2) AS w2,
       gpu_movsum(ARRAY[1, NULL, 2, NULL, 3], 3) AS w3,
       gpu_movavg(ARRAY[1, NULL, 2, NULL, 3], 3) AS avg_w3,
       gpu_cumavg(ARRAY[1, NULL, 2, NULL, 3]) AS cumavg;
-- runs of NULLs longer than the window: only the value itself is left
SELECT gpu_movsum(ARRAY[5, NULL, NULL, NULL, 7, 1]::smallint[], 3) AS sum_w3,
       gpu_movavg(ARRAY[5, NULL, NULL, NULL, 7, 1]::smallint[], 3) AS avg_w3,
       gpu_movavg(ARRAY[NULL, NULL, NULL, 4.5, NULL, NULL, -1]::real[], 2) AS avg_f4_w2;
SELECT gpu_movsum(ARRAY[NULL, NULL, 1]::bigint[], 1) AS leading,
       gpu_movsum(ARRAY[NULL, NULL]::double precision[], 1) AS all_null,
       gpu_movavg(ARRAY[NULL, NULL, NULL]::integer[], 2) AS all_null_avg,
       gpu_cumavg(ARRAY[NULL]::real[]) AS one_null;
SELECT pg_temp.verify(ARRAY[5, NULL, NULL, NULL, 7, 1]::smallint[], 'gpu_movsum', 3) AS sum_w3,
       pg_temp.verify(ARRAY[5, NULL, NULL, NULL, 7, 1]::smallint[], 'gpu_movavg', 3) AS avg_w3,
       pg_temp.verify(ARRAY[NULL, NULL, NULL, 4.5, NULL, NULL, -1]::real[], 'gpu_movavg', 2) AS avg_f4_w2,
       pg_temp.verify(ARRAY[1, NULL, 2, NULL, 3], 'gpu_cumavg') AS cumavg;

--
-- 4. Dimensions and lower bounds are kept; each row of the last dimension
--    on its own (no window reaches into the row before)
--
SELECT gpu_movsum('[3:5]={1,2,3}'::integer[], 2) AS lb,
       array_dims(gpu_movavg('[-2:0]={1,2,3}'::real[], 2)) AS dims_avg,
       array_dims(gpu_cumavg('[-2:0]={1,2,3}'::bigint[])) AS dims_cumavg;
SELECT gpu_movsum('[0:1][5:7]={{1,2,3},{4,5,6}}'::bigint[], 2) AS lb2d,
       gpu_movavg('[0:1][5:7]={{1,2,3},{4,5,6}}'::double precision[], 2) AS lb2d_avg;
SELECT gpu_movsum('{{{1,2,3},{4,5,6}},{{7,8,9},{10,11,12}}}'::smallint[], 2) AS three_d,
       gpu_cumavg('{{{1,2},{3,5}},{{7,8},{9,NULL}}}'::real[]) AS three_d_cumavg;
SELECT gpu_movsum('{{1},{2},{3}}'::integer[], 5) AS one_per_row,
       gpu_movsum('{{1,NULL,3},{NULL,NULL,NULL},{4,5,NULL}}'::real[], 2) AS rows_nulls,
       gpu_movavg('{{1,NULL,3},{NULL,NULL,NULL},{4,5,NULL}}'::integer[], 2) AS rows_nulls_avg;
SELECT pg_temp.verify('[0:1][5:7]={{1,2,3},{4,5,6}}'::bigint[], 'gpu_movsum', 2) AS lb2d,
       pg_temp.verify('{{{1,2,3},{4,5,6}},{{7,8,9},{10,11,12}}}'::smallint[], 'gpu_movsum', 2) AS three_d,
       pg_temp.verify('[-1:0][2:4][7:8]={{{1,2},{3,4},{5,6}},{{7,8},{9,10},{11,12}}}'::real[],
                      'gpu_movavg', 2) AS lb3d,
       pg_temp.verify('{{1,NULL,3},{NULL,NULL,NULL},{4,5,NULL}}'::integer[], 'gpu_movavg', 2) AS rows_nulls;

--
-- 5. A window at least as long as the row: the running sum and mean
--
SELECT t, bool_and(gpu_movsum(a, w)::text = gpu_cumsum(a)::text) AS movsum_is_cumsum,
       bool_and(gpu_movavg(a, w)::text = gpu_cumavg(a)::text) AS movavg_is_cumavg,
       count(*) AS checks
FROM (SELECT 'integer' AS t, '[0:1][2:8]={{3,1,NULL,0,4,1,6},{-5,NULL,NULL,2,-9,8,0}}'::integer[] AS a
      ) c, unnest(ARRAY[7, 8, 1000, 2147483647]) w
GROUP BY t
UNION ALL
SELECT 'smallint', bool_and(gpu_movsum(a, w)::text = gpu_cumsum(a)::text),
       bool_and(gpu_movavg(a, w)::text = gpu_cumavg(a)::text), count(*)
FROM (SELECT '{32767,32767,NULL,-32768,7}'::smallint[] AS a) c, unnest(ARRAY[5, 6, 2147483647]) w
UNION ALL
SELECT 'bigint', bool_and(gpu_movsum(a, w)::text = gpu_cumsum(a)::text),
       bool_and(gpu_movavg(a, w)::text = gpu_cumavg(a)::text), count(*)
FROM (SELECT '{9223372036854775807,-9223372036854775807,9007199254740993,NULL,1}'::bigint[] AS a) c,
     unnest(ARRAY[5, 77, 2147483647]) w
UNION ALL
SELECT 'real', bool_and(gpu_movsum(a, w)::text = gpu_cumsum(a)::text),
       bool_and(gpu_movavg(a, w)::text = gpu_cumavg(a)::text), count(*)
FROM (SELECT '{{1e8,1,-1e8,0.1,NULL},{16777216,1,1,1,-0}}'::real[] AS a) c, unnest(ARRAY[5, 6, 2147483647]) w
UNION ALL
SELECT 'double precision', bool_and(gpu_movsum(a, w)::text = gpu_cumsum(a)::text),
       bool_and(gpu_movavg(a, w)::text = gpu_cumavg(a)::text), count(*)
FROM (SELECT '{1e16,1,-1e16,0.1,NULL,1e308,-1e308,5e-324}'::double precision[] AS a) c,
     unnest(ARRAY[8, 9, 2147483647]) w;

--
-- 6. Integers are exact; a window sum outside bigint is an error
--
-- the running total leaves bigint, no window sum does
SELECT gpu_movsum(ARRAY[9223372036854775807, 0, 9223372036854775807, 0, 9223372036854775807]::bigint[], 2)
       AS window_sums_fit;
SELECT pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[9223372036854775807, 0, 9223372036854775807]::bigint[])$$)
       AS running_total;
SELECT pg_temp.verify(ARRAY[9223372036854775807, 0, 9223372036854775807, 0, 9223372036854775807]::bigint[],
                      'gpu_movsum', 2) AS sums_w2,
       pg_temp.verify(ARRAY[-9223372036854775808, 0, -9223372036854775808, 1, -9223372036854775807]::bigint[],
                      'gpu_movsum', 2) AS negative_w2,
       pg_temp.verify(ARRAY[9223372036854775807, -9223372036854775808, 1, 9223372036854775807,
                            -9223372036854775808, 1]::bigint[], 'gpu_movsum', 3) AS cancelling_w3;
-- the value entering would overflow before the one leaving is taken away
SELECT gpu_movsum(ARRAY[9223372036854775807, 0, 1]::bigint[], 2) AS enter_before_leave,
       gpu_movsum(ARRAY[-9223372036854775808, 0, -1]::bigint[], 2) AS enter_before_leave_neg,
       gpu_movsum(ARRAY[9223372036854775807, -1, 1]::bigint[], 2) AS at_max;
-- a window sum at a NULL position is no output: it may lie outside bigint
SELECT gpu_movsum(ARRAY[-20, 9223372036854775807, 10, NULL, 0]::bigint[], 3) AS at_null;
-- means never overflow: exact sums over the count
SELECT gpu_movavg(ARRAY[9223372036854775807, 9223372036854775807, -9223372036854775808]::bigint[], 2) AS avg_big,
       gpu_cumavg(ARRAY[-9223372036854775808, -9223372036854775808, 3]::bigint[]) AS cumavg_big;
SELECT pg_temp.verify(ARRAY[9223372036854775807, 9223372036854775807, 9223372036854775806,
                            -9223372036854775808, 9223372036854775807]::bigint[], 'gpu_movavg', 3) AS avg_w3,
       pg_temp.verify(ARRAY[9223372036854775807, 9223372036854775807, 9223372036854775806,
                            -9223372036854775808, 9223372036854775807]::bigint[], 'gpu_cumavg') AS cumavg;
-- means are rounded once, ties to even: 2^53 + 1 -> 2^53, 2^53 + 3 -> 2^53 + 4
SELECT gpu_movavg(ARRAY[9007199254740993, 9007199254740995, 9007199254740994]::bigint[], 1) AS ties,
       gpu_movavg(ARRAY[9007199254740993, 9007199254740994]::bigint[], 2) AS mean_2_53_plus_1_5,
       gpu_cumavg(ARRAY[9007199254740992, 9007199254740994, 9007199254740996,
                        9007199254740998]::bigint[]) AS cumavg_ties;
SELECT pg_temp.verify(ARRAY[9007199254740993, 9007199254740995, 9007199254740994]::bigint[],
                      'gpu_movavg', 1) AS ties,
       pg_temp.verify(ARRAY[9007199254740992, 9007199254740994, 9007199254740996,
                            9007199254740998]::bigint[], 'gpu_cumavg') AS cumavg_ties;
-- window sums outside bigint: the subscript of the first such output
SELECT gpu_movsum(ARRAY[1, 9223372036854775807, 1]::bigint[], 2);
SELECT gpu_movsum('[-3:-1]={1,9223372036854775807,1}'::bigint[], 2);
SELECT gpu_movsum(ARRAY[-9223372036854775808, 0, 0, -1]::bigint[], 4);
SELECT gpu_movsum('[0:1][3:5]={{1,2,3},{9223372036854775807,1,-1}}'::bigint[], 2);
SELECT gpu_movsum('{{9223372036854775807,-1,1},{-9223372036854775807,-2,0}}'::bigint[], 3);
SELECT pg_temp.outcome($$SELECT gpu_movsum(ARRAY[1, 9223372036854775807, 1]::bigint[], 2)$$) AS sqlstate;

--
-- 7. Floats: each output the exact window sum (mean), rounded once
--
SELECT gpu_movsum('{1e8,1,-1e8,1}'::real[], 3) AS f4,
       gpu_movsum('{1e16,1,-1e16,1}'::double precision[], 3) AS f8;
-- ties to even: 2^24 + 1 -> 2^24, 2^24 + 3 -> 2^24 + 4
SELECT gpu_movsum('{16777216,1,1,1,1}'::real[], 2) AS ties_w2,
       gpu_movsum('{16777216,1,1,1,1}'::real[], 4) AS ties_w4,
       gpu_movsum('{9007199254740992,1,1,1,1}'::double precision[], 4) AS ties_f8;
SELECT w, pg_temp.verify('{1e8,1,-1e8,1,0.5,-0.25,1e8}'::real[], 'gpu_movsum', w) AS f4,
       pg_temp.verify('{1e16,1,-1e16,1,0.5,-0.25,1e16}'::double precision[], 'gpu_movsum', w) AS f8,
       pg_temp.verify('{16777216,1,1,1,1,0.125,16777216}'::real[], 'gpu_movsum', w) AS ties_f4,
       pg_temp.verify('{16777216,1,1,1,1,0.125,16777216}'::real[], 'gpu_movavg', w) AS avg_f4,
       pg_temp.verify('{1e16,1,1,1,1,-3,0.5}'::double precision[], 'gpu_movavg', w) AS avg_f8
FROM unnest(ARRAY[1, 2, 3, 4, 7]) w ORDER BY w;
-- a window sum that is exactly 0: 0.1, 0.2, 0.3, -0.1, -0.2, -0.3 repeated,
-- windows of multiples of 6 from the sixth position on.  Adding the value
-- entering and subtracting the one leaving in double precision leaves
-- residue.
CREATE FUNCTION pg_temp.naive_movsum(a double precision[], w int) RETURNS double precision[]
LANGUAGE plpgsql AS $$
DECLARE
  s double precision := 0;
  r double precision[] := '{}';
BEGIN
  FOR j IN 1 .. cardinality(a) LOOP
    s := s + a[j];
    IF j > w THEN s := s - a[j - w]; END IF;
    r := r || s;
  END LOOP;
  RETURN r;
END $$;
CREATE TEMP TABLE cancel AS
  SELECT array_agg((ARRAY[0.1, 0.2, 0.3, -0.1, -0.2, -0.3])[1 + (i - 1) % 6]::double precision ORDER BY i) AS a8,
         array_agg((ARRAY[0.1, 0.2, 0.3, -0.1, -0.2, -0.3])[1 + (i - 1) % 6]::real ORDER BY i) AS a4
  FROM generate_series(1, 600) i;
SELECT w,
       (SELECT count(*) FROM unnest(gpu_movsum(a8, w)) WITH ORDINALITY u(x, o) WHERE o >= w AND x::text <> '0') AS f8_nonzero,
       (SELECT count(*) FROM unnest(gpu_movavg(a8, w)) WITH ORDINALITY u(x, o) WHERE o >= w AND x::text <> '0') AS f8_avg_nonzero,
       (SELECT count(*) FROM unnest(gpu_movsum(a4, w)) WITH ORDINALITY u(x, o) WHERE o >= w AND x::text <> '0') AS f4_nonzero,
       (SELECT count(*) FROM unnest(gpu_movavg(a4, w)) WITH ORDINALITY u(x, o) WHERE o >= w AND x::text <> '0') AS f4_avg_nonzero,
       (SELECT count(*) FROM unnest(pg_temp.naive_movsum(a8, w)) WITH ORDINALITY u(x, o) WHERE o >= w AND x <> 0) > 0
         AS naive_f8_residue
FROM cancel, unnest(ARRAY[6, 12, 60, 594]) w ORDER BY w;
SELECT (gpu_movsum(a8, 6))[1:8] AS f8_first, (pg_temp.naive_movsum(a8, 6))[1:8] AS naive_first FROM cancel;

--
-- 8. NaN, infinities, the sign of zero and overflow, by the window's content
--
-- specials entering and leaving windows
SELECT gpu_movsum('{1,NaN,2,3,Infinity,4,5,-Infinity,6,7}'::double precision[], 2) AS sum_f8,
       gpu_movavg('{1,NaN,2,3,Infinity,4,5,-Infinity,6,7}'::real[], 2) AS avg_f4;
-- both infinities in a window: NaN
SELECT gpu_movsum('{Infinity,1,-Infinity,2,3,4}'::real[], 3) AS sum_w3,
       gpu_movavg('{Infinity,1,-Infinity,2,3,4}'::double precision[], 2) AS avg_w2,
       gpu_cumavg('{1,Infinity,2,-Infinity,3}'::real[]) AS cumavg,
       gpu_cumavg('{1,NaN,2}'::double precision[]) AS cumavg_nan;
-- after an infinity or NaN leaves, the sums are exact again
SELECT gpu_movsum('{1e308,Infinity,1e308,-1e308,0.5,NaN,1e16,1,-1e16}'::double precision[], 2) AS f8,
       gpu_movsum('{3e38,-Infinity,3e38,-3e38,0.5,NaN,1e8,1,-1e8}'::real[], 2) AS f4;
SELECT w, pg_temp.verify('{1,NaN,2,3,Infinity,4,5,-Infinity,6,7,NULL,NaN,NULL,NULL,8}'::double precision[],
                         'gpu_movsum', w) AS sum_f8,
       pg_temp.verify('{1,NaN,2,3,Infinity,4,5,-Infinity,6,7,NULL,NaN,NULL,NULL,8}'::real[], 'gpu_movavg', w) AS avg_f4,
       pg_temp.verify('{1e308,Infinity,1e308,-1e308,0.5,NaN,1e16,1,-1e16,-Infinity,Infinity,1}'::double precision[],
                      'gpu_movsum', w) AS f8_big,
       pg_temp.verify('{Infinity,1,-Infinity,2,3,4,Infinity,-Infinity,NaN,5}'::real[], 'gpu_movsum', w) AS both_inf
FROM unnest(ARRAY[1, 2, 3, 5]) w ORDER BY w;
-- 5,000 doubles about 2^1023 of alternating sign, multiples of 2^972 (exact
-- in numeric as n): the value entering less the one leaving lies beyond the
-- largest double, though no window sum does
CREATE TEMP TABLE edge AS
  SELECT 1 AS id, array_agg(x::float8 ORDER BY i) AS a, array_agg(x ORDER BY i) AS n
  FROM (SELECT i, CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END * (2::numeric ^ 1023 + (2 * i + 1) * 2::numeric ^ 972) AS x
        FROM generate_series(0, 4999) i) v;
SELECT pg_temp.verify_tab('edge', 1, 'a', 'n', 'gpu_movsum', 3) AS sum_w3,
       pg_temp.verify_tab('edge', 1, 'a', 'n', 'gpu_movavg', 3) AS avg_w3,
       pg_temp.verify_tab('edge', 1, 'a', 'n', 'gpu_movavg', 20) AS avg_w20;
SELECT pg_temp.verify('{1,Infinity,2,-Infinity,3}'::real[], 'gpu_cumavg') AS cumavg,
       pg_temp.verify('{{1,NaN,2},{3,4,Infinity}}'::double precision[], 'gpu_cumavg') AS cumavg_rows;
-- -0 only when every value of the window is -0 (NULLs have no value)
SELECT gpu_movsum('{-0,-0,0,-0,-0,NULL,-0,5,-0,-0}'::real[], 2)::text AS sum_f4,
       gpu_movavg('{-0,-0,0,-0,-0,NULL,-0,5,-0,-0}'::double precision[], 2)::text AS avg_f8,
       gpu_cumavg('{-0,NULL,-0,0,-0}'::real[])::text AS cumavg;
SELECT gpu_movsum('{1,-1,-0}'::double precision[], 3)::text AS cancel_is_pos,
       gpu_movsum('{1,-1,-0}'::double precision[], 1)::text AS w1,
       atan2((gpu_movsum('{-0,-0}'::double precision[], 2))[2], -1) < 0 AS negative,
       atan2((gpu_movavg('{-0,-0,1,-1}'::double precision[], 2))[4], -1) < 0 AS cancelled_negative;
-- a negative mean that rounds to zero is -0; means round to even in the
-- subnormal range too (1.5 and 2.5 smallest subnormals -> 2, 3.5 -> 4)
SELECT gpu_movavg(ARRAY[-1.4e-45, 0]::real[], 2)::text AS neg_tiny_f4,
       gpu_movavg(ARRAY[-1.4e-45, -0]::real[], 2)::text AS neg_tiny_negzero,
       gpu_movavg(ARRAY[1.4e-45, 0]::real[], 2)::text AS pos_tiny_f4,
       gpu_cumavg(ARRAY[-1.4e-45, 0, NULL, 0]::real[])::text AS cumavg_neg_tiny,
       gpu_movavg(ARRAY[-4.9406564584124654e-324, 0]::double precision[], 2)::text AS neg_tiny_f8;
SELECT gpu_movavg(ARRAY[1.4e-45, 2.8e-45, 4.2e-45, 5.6e-45]::real[], 2)::text AS subnormal_ties,
       gpu_movavg(ARRAY[1.4e-45, 2.8e-45, 4.2e-45, 5.6e-45]::real[], 2)
         = ARRAY[1.4e-45, 2.8e-45, 2.8e-45, 5.6e-45]::real[] AS as_expected,
       gpu_movsum(ARRAY[1.4e-45, 1.4e-45, -1.4e-45]::real[], 2)::text AS subnormal_sum;
-- a generated mix of -0, 0, 1 and NULL: -0 runs come and go
CREATE TEMP TABLE negzero AS
  SELECT array_agg(CASE WHEN i % 37 = 5 THEN 1 WHEN i % 23 = 7 THEN 0 WHEN i % 13 = 3 THEN NULL
                        ELSE '-0'::float8 END ORDER BY i) AS a
  FROM generate_series(1, 400) i;
SELECT w, pg_temp.verify(a, 'gpu_movsum', w) AS sum_f8, pg_temp.verify(a::real[], 'gpu_movsum', w) AS sum_f4,
       pg_temp.verify(a, 'gpu_movavg', w) AS avg_f8, pg_temp.verify(a::real[], 'gpu_movavg', w) AS avg_f4
FROM negzero, unnest(ARRAY[1, 2, 5, 11]) w ORDER BY w;
SELECT pg_temp.verify(a, 'gpu_cumavg') AS cumavg_f8, pg_temp.verify(a[6:], 'gpu_cumavg') AS cumavg_from_6,
       (gpu_cumavg(a[6:]))[1:3]::text AS first3
FROM negzero;
-- a finite window sum that rounds beyond the type's range is an error
SELECT gpu_movsum('{3e38,3e38}'::real[], 2);
SELECT gpu_movsum('[2:3][0:1]={{1,2},{1e308,1e308}}'::double precision[], 2);
SELECT pg_temp.outcome($$SELECT gpu_movsum('{3e38,3e38}'::real[], 2)$$) AS sqlstate,
       pg_temp.outcome($$SELECT gpu_movsum('{3e38,1,3e38}'::real[], 3)$$) AS f4_w3,
       pg_temp.outcome($$SELECT gpu_movsum('{1e308,1e308,-1e308}'::double precision[], 3)$$) AS f8_w3;
-- half an ulp above the largest finite value is a tie, and the even
-- neighbour is 2^128 (2^1024); a sum that rounds down to it is no overflow
SELECT pg_temp.outcome($$SELECT gpu_movsum(ARRAY[3.4028234663852886e38, 2^103]::real[], 2)$$) AS tie_f4,
       pg_temp.outcome($$SELECT gpu_movsum(ARRAY[1.7976931348623157e308, 2^970]::double precision[], 2)$$) AS tie_f8;
SELECT gpu_movsum(ARRAY[3.4028234663852886e38, 2^102]::real[], 2) AS max_f4,
       gpu_movsum(ARRAY[1.7976931348623157e308, 2^969]::double precision[], 2) AS max_f8;
-- no error when the window holds an infinity, when the window is short
-- enough, at a NULL position, or for means
SELECT gpu_movsum('{Infinity,3e38,3e38}'::real[], 3) AS inf_in_window,
       gpu_movsum('{3e38,3e38,-3e38}'::real[], 1) AS w1,
       gpu_movsum('{-3e38,3e38,3e38,NULL,0}'::real[], 3) AS at_null,
       gpu_movavg('{3e38,3e38,3e38}'::real[], 2) AS avg_f4,
       gpu_movavg('{1.7976931348623157e308,1.7976931348623157e308}'::double precision[], 2) AS avg_f8,
       gpu_cumavg('{3.4028234663852886e38,3.4028234663852886e38,-1e38}'::real[]) AS cumavg_f4;
SELECT pg_temp.outcome($$SELECT gpu_movsum('{Infinity,3e38,3e38}'::real[], 2)$$) AS inf_left;

--
-- 9. Against the references, with random data: every type and function,
--    shapes, lower bounds and NULL patterns, windows of 1, 2, primes, the
--    row length and one more
--
SELECT setseed(0.4242);
CREATE TEMP TABLE cases (id int PRIMARY KEY, note text, n int, rowlen int, lb1 int, lb2 int,
                         d2 int, nulls text);
INSERT INTO cases VALUES
  (1, 'one value', 1, 0, 1, 0, 0, 'none'),
  (2, 'two values, the first NULL', 2, 0, 1, 0, 0, 'first'),
  (3, '61 values from [-3], sparse NULLs', 61, 0, -3, 0, 0, 'sparse'),
  (4, '500 values, runs of 20 NULLs', 500, 0, 1, 0, 0, 'runs'),
  (5, '3000 values', 3000, 0, 1, 0, 0, 'none'),
  (6, '4 rows of 250 from [0][5], sparse NULLs', 1000, 250, 0, 5, 0, 'sparse'),
  (7, '3 rows of 40, the second all NULL', 120, 40, 1, 1, 0, 'row'),
  (8, '50 rows of 7, sparse NULLs', 350, 7, 2, -1, 0, 'sparse'),
  (9, '30 rows of 1', 30, 1, 1, 1, 0, 'sparse'),
  (10, '2 x 3 x 11, runs of 20 NULLs', 66, 11, 1, 1, 3, 'runs'),
  (11, '20 values, all NULL', 20, 0, 1, 0, 0, 'all');
-- integers of every type's range (bigint: below 2^50, so that no window sum
-- leaves bigint); floats m * 2^e built exactly in numeric, |m| < 2^24 for
-- real and < 2^53 for double precision, exponents spread so that sums round
CREATE TEMP TABLE rvals AS
  SELECT id, i, nul, round((random() * 2 - 1) * 32767)::numeric AS k2,
         round((random() * 2 - 1) * 2147483647)::numeric AS k4,
         (floor(random() * 2147483648) - 1073741824)::numeric * 1048576
           + floor(random() * 1048576)::numeric AS k8,
         round((random() * 2 - 1) * 16777215)::numeric * pg_temp.pow2(floor(random() * 40)::int - 20) AS v4,
         round((random() * 2 - 1) * 9007199254740991)::numeric * pg_temp.pow2(floor(random() * 40)::int - 40) AS v8
  FROM (SELECT c.id, i, CASE c.nulls WHEN 'sparse' THEN random() < 0.12
                                     WHEN 'runs' THEN (i - 1) / 20 % 2 = 1
                                     WHEN 'row' THEN (i - 1) / c.rowlen = 1
                                     WHEN 'first' THEN i = 1
                                     WHEN 'all' THEN true ELSE false END AS nul
        FROM cases c, generate_series(1, c.n) i) s;
CREATE TEMP TABLE ra AS
  SELECT c.id,
         pg_temp.shaped(array_agg(CASE WHEN NOT nul THEN k2::smallint END ORDER BY i), c.rowlen, c.lb1, c.lb2, c.d2) AS a_i2,
         pg_temp.shaped(array_agg(CASE WHEN NOT nul THEN k4::integer END ORDER BY i), c.rowlen, c.lb1, c.lb2, c.d2) AS a_i4,
         pg_temp.shaped(array_agg(CASE WHEN NOT nul THEN k8::bigint END ORDER BY i), c.rowlen, c.lb1, c.lb2, c.d2) AS a_i8,
         pg_temp.shaped(array_agg(CASE WHEN NOT nul THEN v4::real END ORDER BY i), c.rowlen, c.lb1, c.lb2, c.d2) AS a_f4,
         pg_temp.shaped(array_agg(CASE WHEN NOT nul THEN v8::double precision END ORDER BY i), c.rowlen, c.lb1, c.lb2, c.d2) AS a_f8,
         array_agg(CASE WHEN NOT nul THEN trim_scale(v4) END ORDER BY i) AS n_f4,
         array_agg(CASE WHEN NOT nul THEN trim_scale(v8) END ORDER BY i) AS n_f8
  FROM cases c JOIN rvals r USING (id) GROUP BY c.id, c.rowlen, c.lb1, c.lb2, c.d2;
-- the shapes, and the NULLs, as planned
SELECT id, array_dims(a_f8) AS dims,
       (SELECT count(*) FROM unnest(a_i4) x WHERE x IS NULL) AS nulls,
       array_dims(a_i2) = array_dims(a_f8) AND array_dims(a_i8) = array_dims(a_f4) AS same_dims
FROM ra ORDER BY id;
CREATE TEMP TABLE rchecks AS
  SELECT c.id, col, fn, w,
         pg_temp.verify_tab('ra', c.id, col,
                            CASE WHEN col LIKE 'a_f%' THEN 'n' || substr(col, 2) ELSE col || '::numeric[]' END,
                            fn, w) AS result
  FROM cases c,
       unnest(ARRAY['a_i2', 'a_i4', 'a_i8', 'a_f4', 'a_f8']) col,
       LATERAL (SELECT DISTINCT fn, w
                FROM unnest(ARRAY['gpu_movsum', 'gpu_movavg']) fn,
                     unnest(ARRAY[1, 2, 7, 13, coalesce(nullif(c.rowlen, 0), c.n),
                                  coalesce(nullif(c.rowlen, 0), c.n) + 1]) w
                UNION ALL SELECT 'gpu_cumavg', NULL) f;
SELECT fn, col, count(*) AS checks,
       string_agg(format('case %s window %s: %s', id, w, result), '; ' ORDER BY id, w)
         FILTER (WHERE result <> 'ok') AS failures
FROM rchecks GROUP BY fn, col ORDER BY fn, col;

--
-- 10. Long arrays: 100,000 values, windows of 1000 and 50,000
--
-- (integers from a fixed sequence; floats m * 2^e as in 9, exponents of
-- double precision down to 2^-60)
CREATE TEMP TABLE la AS
  SELECT 1 AS id,
         array_agg(CASE WHEN NOT nul THEN ((i::bigint * 7919 + 13) % 65521 - 32760)::smallint END ORDER BY i) AS a_i2,
         array_agg(CASE WHEN NOT nul THEN ((i::bigint * 2654435761 + 7) % 4294967291 - 2147483645)::integer END
                   ORDER BY i) AS a_i4,
         array_agg(CASE WHEN NOT nul THEN (i::bigint * 2654435761 + 7) % 4294967291 * 16384
                                          - (i::bigint * 40503) % 65537 * 1073741824 END ORDER BY i) AS a_i8,
         array_agg(CASE WHEN NOT nul THEN (m4 * pw[e4 + 61])::real END ORDER BY i) AS a_f4,
         array_agg(CASE WHEN NOT nul THEN (m8 * pw[e8 + 61])::double precision END ORDER BY i) AS a_f8,
         array_agg(CASE WHEN NOT nul THEN trim_scale(m4 * pw[e4 + 61]) END ORDER BY i) AS n_f4,
         array_agg(CASE WHEN NOT nul THEN trim_scale(m8 * pw[e8 + 61]) END ORDER BY i) AS n_f8
  FROM (SELECT i, random() < 0.03 AS nul,
               round((random() * 2 - 1) * 16777215)::numeric AS m4, floor(random() * 40)::int - 20 AS e4,
               round((random() * 2 - 1) * 9007199254740991)::numeric AS m8, floor(random() * 60)::int - 60 AS e8
        FROM generate_series(1, 100000) i OFFSET 0) s,
       (SELECT array_agg(pg_temp.pow2(e) ORDER BY e) AS pw FROM generate_series(-60, 60) e) p;
SELECT col, fn, w,
       pg_temp.verify_tab('la', 1, col,
                          CASE WHEN col LIKE 'a_f%' THEN 'n' || substr(col, 2) ELSE col || '::numeric[]' END,
                          fn, w) AS result
FROM (VALUES ('a_i2', 'gpu_movsum', 50000), ('a_i4', 'gpu_movavg', 1000), ('a_i8', 'gpu_movsum', 1000),
             ('a_i8', 'gpu_movavg', 50000), ('a_f4', 'gpu_movsum', 50000), ('a_f4', 'gpu_movavg', 1000),
             ('a_f8', 'gpu_movsum', 1000), ('a_f8', 'gpu_movavg', 50000)) v(col, fn, w)
ORDER BY col, fn, w;

--
-- 11. Arrays read from TOAST in slices (STORAGE EXTERNAL, 256 kB and more,
--     or any with gpuscan.toast_slice_bytes set), windows longer than the
--     CPU engine's 256 kB window: the values leaving are read a second time.
--     Values k / 8 (|k| < 10^6): exact as real and through the double
--     precision -> numeric cast.
--
CREATE TABLE mst (id int PRIMARY KEY, note text, a_i2 smallint[], a_i4 integer[], a_i8 bigint[],
                  a_f4 real[], a_f8 double precision[]);
ALTER TABLE mst ALTER a_i2 SET STORAGE EXTERNAL, ALTER a_i4 SET STORAGE EXTERNAL,
  ALTER a_i8 SET STORAGE EXTERNAL, ALTER a_f4 SET STORAGE EXTERNAL, ALTER a_f8 SET STORAGE EXTERNAL;
CREATE FUNCTION pg_temp.add_mcase(id int, note text, n int, rowlen int, lb1 int, lb2 int, nulls text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k bigint[];
BEGIN
  SELECT array_agg(CASE
           WHEN nulls = 'runs' AND (i / 1000) % 3 = 1 THEN NULL
           WHEN nulls = 'sparse' AND i % 7 = 3 THEN NULL
           ELSE ((i::bigint * 7919 + 13) % 1999993) - 999996 END ORDER BY i)
    INTO k FROM generate_series(1, n) i;
  INSERT INTO mst VALUES (id, note,
    pg_temp.shaped((SELECT array_agg((x % 32000)::smallint ORDER BY o) FROM unnest(k) WITH ORDINALITY u(x, o)),
                   rowlen, lb1, lb2),
    pg_temp.shaped(k::integer[], rowlen, lb1, lb2),
    pg_temp.shaped((SELECT array_agg(x * 1000003 ORDER BY o) FROM unnest(k) WITH ORDINALITY u(x, o)),
                   rowlen, lb1, lb2),
    pg_temp.shaped((SELECT array_agg(x::real / 8 ORDER BY o) FROM unnest(k) WITH ORDINALITY u(x, o)),
                   rowlen, lb1, lb2),
    pg_temp.shaped((SELECT array_agg(x::float8 / 8 ORDER BY o) FROM unnest(k) WITH ORDINALITY u(x, o)),
                   rowlen, lb1, lb2));
END $$;
SELECT pg_temp.add_mcase(1, '140,001 values', 140001, 0, 1, 0, 'none');
SELECT pg_temp.add_mcase(2, '90,001 from [-7], runs of 1000 NULLs', 90001, 0, -7, 0, 'runs');
SELECT pg_temp.add_mcase(3, '2 rows of 40,001 from [2][-1], sparse NULLs', 80002, 40001, 2, -1, 'sparse');
SELECT pg_temp.add_mcase(4, '5,003 values, sparse NULLs', 5003, 0, 1, 0, 'sparse');
SELECT id, note, array_dims(a_f8) AS dims, pg_column_size(a_f8) AS f8_bytes, pg_column_size(a_i2) AS i2_bytes
FROM mst ORDER BY id;
CREATE FUNCTION pg_temp.mcheck(cid int, col text, fn text, w int) RETURNS text LANGUAGE sql AS $$
  SELECT pg_temp.verify_tab('mst', cid, col,
                            CASE WHEN col LIKE 'a_f%' THEN col || '::float8[]::numeric[]'
                                 ELSE col || '::numeric[]' END, fn, w, true)
$$;
-- slices as large as the engine asks for; windows holding more than 256 kB
-- of values (more than 131,072 smallint, 65,536 integer or real, 32,768
-- bigint or double precision values)
SELECT id, col, fn, w, pg_temp.mcheck(id, col, fn, w) AS result
FROM (VALUES (1, 'a_i2', 'gpu_movsum', 135000), (1, 'a_f4', 'gpu_movavg', 100000),
             (2, 'a_f8', 'gpu_movsum', 65000), (3, 'a_f4', 'gpu_cumavg', NULL),
             (3, 'a_i8', 'gpu_movavg', 40000)) v(id, col, fn, w)
ORDER BY id, col, fn;
-- slices that end inside values
SET gpuscan.toast_slice_bytes = 1999;
SELECT id, col, fn, w, pg_temp.mcheck(id, col, fn, w) AS slices_1999
FROM (VALUES (2, 'a_f8', 'gpu_movavg', 65000), (3, 'a_f4', 'gpu_movsum', 3),
             (3, 'a_i4', 'gpu_movsum', 40001)) v(id, col, fn, w)
ORDER BY id, col, fn;
SET gpuscan.toast_slice_bytes = 13;
SELECT pg_temp.mcheck(2, 'a_f8', 'gpu_movsum', 65000) AS slices_13;
SET gpuscan.toast_slice_bytes = 1;
SELECT pg_temp.mcheck(4, 'a_f4', 'gpu_movsum', 7) AS slices_1,
       pg_temp.mcheck(4, 'a_i8', 'gpu_movavg', 1000) AS slices_1_i8;
RESET gpuscan.toast_slice_bytes;
-- errors name the subscript of a streamed array
CREATE TABLE mst_err (id int, a bigint[], b real[]);
ALTER TABLE mst_err ALTER a SET STORAGE EXTERNAL, ALTER b SET STORAGE EXTERNAL;
INSERT INTO mst_err
SELECT 1, array_agg(CASE WHEN i IN (30000, 130000) THEN 4611686018427387904 ELSE i END ORDER BY i),
          array_agg(CASE WHEN i IN (50000, 150000) THEN 3e38 ELSE i % 100 END ORDER BY i)
FROM generate_series(1, 200000) i;
-- windows of 100,001 positions hold both big values at subscript 130,000 (150,000)
SELECT pg_temp.outcome('SELECT gpu_movsum(a, 100000) FROM mst_err') AS bigint_fits,
       pg_temp.outcome('SELECT gpu_movsum(b, 100000) FROM mst_err') AS real_fits;
SELECT gpu_movsum(a, 100001) FROM mst_err;
SELECT gpu_movsum(b, 100001) FROM mst_err;
SELECT pg_temp.outcome('SELECT gpu_movavg(a, 100001) FROM mst_err') AS avg_fits,
       (SELECT input FROM gpuscan_last_run()) AS input;
DROP TABLE mst_err;
DROP TABLE mst;

-- the functions are documented
SELECT p.oid::regprocedure AS function, d.description IS NOT NULL AS has_comment
FROM pg_proc p LEFT JOIN pg_description d ON d.objoid = p.oid
WHERE p.proname IN ('gpu_movsum', 'gpu_movavg', 'gpu_cumavg')
ORDER BY p.oid::regprocedure::text;
