--
-- Arrays read from TOAST in slices: large arrays stored out of line without
-- compression (STORAGE EXTERNAL) go from the table straight to the engine,
-- a window (CPU) or a ring chunk (GPU) at a time.  Every type, NULL
-- pattern, shape, lower bounds and option, with slices of the default size
-- and slices that end inside values, against references computed by
-- PostgreSQL alone (unnest and window functions over numeric: exact sums,
-- rounded once by the numeric-to-float conversion).
--
-- the extension and pg_temp.outcome (pg_regress sets PG_ABS_SRCDIR: test/)
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- st: the arrays, one per case, stored out of line uncompressed
CREATE TABLE st (id int PRIMARY KEY, note text, a_i2 smallint[], a_i4 integer[],
                 a_i8 bigint[], a_f4 real[], a_f8 double precision[]);
ALTER TABLE st ALTER a_i2 SET STORAGE EXTERNAL, ALTER a_i4 SET STORAGE EXTERNAL,
  ALTER a_i8 SET STORAGE EXTERNAL, ALTER a_f4 SET STORAGE EXTERNAL,
  ALTER a_f8 SET STORAGE EXTERNAL;

-- A flat array of n values shaped as rows of rowlen (0: one dimension)
-- with lower bounds lb1 (and lb2).
CREATE FUNCTION pg_temp.shaped(vals anyarray, rowlen int, lb1 int, lb2 int)
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
  SELECT array_agg(s.one_row ORDER BY s.g) INTO m
  FROM (SELECT (o - 1) / rowlen AS g, array_agg(x ORDER BY o) AS one_row
        FROM unnest(vals) WITH ORDINALITY u(x, o) GROUP BY 1) s;
  r[lb1:lb1 + n / rowlen - 1][lb2:lb2 + rowlen - 1] := m;
  RETURN r;
END $$;

-- A case: n values k / 8 (k from a fixed pseudo-random sequence, |k| < 10^6,
-- so exact as real and in numeric), NULL where the pattern says, shaped.
CREATE FUNCTION pg_temp.add_case(id int, note text, n int, rowlen int, lb1 int, lb2 int,
                                 nulls text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k bigint[];
BEGIN
  SELECT array_agg(CASE
           WHEN nulls = 'sparse' AND i % 7 = 3 THEN NULL
           WHEN nulls = 'runs' AND (i / 1000) % 3 = 1 THEN NULL
           WHEN nulls = 'row' AND rowlen > 0 AND (i - 1) / rowlen = 1 THEN NULL
           WHEN nulls = 'all' THEN NULL
           ELSE ((i::bigint * 7919 + 13) % 1999993) - 999996 END ORDER BY i)
    INTO k FROM generate_series(1, n) i;
  INSERT INTO st VALUES (id, note,
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

SELECT pg_temp.add_case(1, '1-D, 100,003 values', 100003, 0, 1, 0, 'none');
SELECT pg_temp.add_case(2, '1-D from -5, sparse NULLs', 100003, 0, -5, 0, 'sparse');
SELECT pg_temp.add_case(3, '1-D, runs of NULLs', 90001, 0, 1, 0, 'runs');
SELECT pg_temp.add_case(4, '3 rows of 40,001 from [7][-2]', 120003, 40001, 7, -2, 'none');
SELECT pg_temp.add_case(5, '3 rows of 40,001, the second all NULL', 120003, 40001, 1, 1, 'row');
SELECT pg_temp.add_case(6, '700 rows of 150, sparse NULLs', 105000, 150, 1, 1, 'sparse');
SELECT pg_temp.add_case(7, '90,000 rows of 1', 90000, 1, 1, 1, 'runs');
SELECT pg_temp.add_case(8, 'all NULL', 70000, 0, 1, 0, 'all');

-- Compare fn over column col of case cid with the reference: 'ok', or the
-- first position that differs, a wrong shape or type, or an argument that
-- was not read in slices (arrays stored in 256 kB or more are, and any with
-- gpuscan.toast_slice_bytes set).
CREATE FUNCTION pg_temp.verify(cid int, col text, fn text, excl boolean)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  call text := format('%s(a_%s%s)', fn, col, CASE WHEN excl THEN ', true' ELSE '' END);
  restype text := CASE WHEN fn = 'gpu_cumsum' AND col IN ('i2', 'i4', 'i8') THEN 'bigint'
                       WHEN col = 'i2' THEN 'smallint' WHEN col = 'i4' THEN 'integer'
                       WHEN col = 'i8' THEN 'bigint' WHEN col = 'f4' THEN 'real'
                       ELSE 'double precision' END;
  agg text := CASE WHEN fn <> 'gpu_cumsum' THEN CASE fn WHEN 'gpu_cummax' THEN 'max(x)' ELSE 'min(x)' END
                   WHEN col LIKE 'f%' THEN 'sum(x::float8::numeric)' ELSE 'sum(x::numeric)' END;
  frame text := CASE WHEN excl THEN 'ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING'
                     ELSE 'ROWS UNBOUNDED PRECEDING' END;
  bad text;
  shape text;
  inp text;
  rl int;
  stored int;
BEGIN
  EXECUTE format('SELECT array_length(a_%s, array_ndims(a_%s)), pg_column_size(a_%s) FROM st WHERE id = %s',
                 col, col, col, cid)
    INTO rl, stored;
  -- the call reads the column itself (a TOAST pointer); the reference unnests it
  EXECUTE format($q$
    WITH g AS (SELECT r FROM (SELECT %s AS r FROM st WHERE id = %s OFFSET 0) s),
    w AS (SELECT o, CASE WHEN x IS NULL THEN NULL
                   ELSE coalesce(%s OVER (PARTITION BY (o - 1) / %s ORDER BY o %s), 0)::%s END AS w
          FROM st, unnest(st.a_%s) WITH ORDINALITY u(x, o) WHERE st.id = %s)
    SELECT (SELECT CASE WHEN array_dims(r) IS DISTINCT FROM (SELECT array_dims(a_%s) FROM st WHERE id = %s)
                        THEN 'dims ' || array_dims(r)
                        WHEN pg_typeof(r)::text <> '%s[]' THEN 'type ' || pg_typeof(r)::text END FROM g),
           (SELECT format('at %%s: got %%s, want %%s', w.o, v.v, w.w)
            FROM w FULL JOIN (SELECT v, o FROM g, unnest(g.r) WITH ORDINALITY u(v, o)) v USING (o)
            WHERE v.v IS DISTINCT FROM w.w ORDER BY o LIMIT 1)$q$,
    call, cid, agg, rl, frame, restype, col, cid, col, cid, restype) INTO shape, bad;
  SELECT input INTO inp FROM gpuscan_last_run();
  RETURN coalesce(shape, bad,
                  CASE WHEN inp IS DISTINCT FROM 'toast slices' AND
                            (stored >= 262144 OR current_setting('gpuscan.toast_slice_bytes') <> '0')
                       THEN 'read as ' || coalesce(inp, '?') END,
                  'ok');
END $$;

-- every case, type and function, slices as large as the engine asks for
SELECT id, col, fn, excl, pg_temp.verify(id, col, fn, excl) AS result
FROM (SELECT id FROM st) c,
     unnest(ARRAY['i2', 'i4', 'i8', 'f4', 'f8']) col,
     (VALUES ('gpu_cumsum', false), ('gpu_cumsum', true), ('gpu_cummax', false),
             ('gpu_cummin', false)) f(fn, excl)
WHERE id IN (1, 4, 6) OR (fn = 'gpu_cumsum' AND NOT excl) OR col = 'f8'
ORDER BY id, col, fn, excl;

-- slices that end inside values, and one byte at a time
SET gpuscan.toast_slice_bytes = 1999;
SELECT id, col, pg_temp.verify(id, col, 'gpu_cumsum', false) AS slices_1999
FROM (SELECT id FROM st WHERE id IN (2, 5, 6)) c, unnest(ARRAY['i2', 'i4', 'f4', 'f8']) col
ORDER BY id, col;
SET gpuscan.toast_slice_bytes = 7;
SELECT id, col, pg_temp.verify(id, col, 'gpu_cummax', false) AS slices_7
FROM (SELECT id FROM st WHERE id IN (3, 4)) c, unnest(ARRAY['i8', 'f4']) col
ORDER BY id, col;
SET gpuscan.toast_slice_bytes = 1;
SELECT pg_temp.verify(6, 'f4', 'gpu_cumsum', true) AS slices_1;
RESET gpuscan.toast_slice_bytes;

-- with streaming off the argument is detoasted first, as in 1.2: the same results
SET gpuscan.toast_streaming = off;
SELECT (SELECT gpu_cumsum(a_f8) FROM st WHERE id = 6) IS NOT NULL AS scanned,
       (SELECT input FROM gpuscan_last_run()) AS input_without_streaming;
RESET gpuscan.toast_streaming;

-- how each kind of argument is read (gpuscan_last_run().input): small
-- arrays stored in the row (a short header) 'in row', compressed ones and
-- ones out of line below the streaming size 'detoasted copy', arrays built
-- in the query 'in memory'
CREATE TABLE st_kinds (id int, a real[]);
INSERT INTO st_kinds VALUES (1, '{1,2,3,4,5,6,7,8,9,10}'),
  (2, (SELECT array_agg((i % 10)::real) FROM generate_series(1, 3000) i)),
  (3, (SELECT array_agg(i::real) FROM generate_series(1, 3000) i));
ALTER TABLE st_kinds ALTER a SET STORAGE EXTERNAL;
INSERT INTO st_kinds VALUES (4, (SELECT array_agg(i::real) FROM generate_series(1, 3000) i));
CREATE FUNCTION pg_temp.input_of(i int) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  PERFORM gpu_cumsum(a) FROM st_kinds WHERE id = i;
  RETURN (SELECT input FROM gpuscan_last_run());
END $$;
SELECT id, pg_column_size(a) < 100 AS small, pg_temp.input_of(id) AS input FROM st_kinds ORDER BY id;
SELECT (gpu_cumsum(ARRAY[1, 2]::real[]))[2] AS built, input FROM gpuscan_last_run();

-- errors name the subscript of a streamed array
CREATE TABLE st_err (id int, a bigint[], b real[]);
ALTER TABLE st_err ALTER a SET STORAGE EXTERNAL, ALTER b SET STORAGE EXTERNAL;
INSERT INTO st_err
SELECT 1, array_agg(CASE WHEN i = 70000 THEN 9223372036854775807 ELSE i END ORDER BY i),
          array_agg(CASE WHEN i = 80000 THEN 3.4e38 ELSE 1e33 END ORDER BY i)
FROM generate_series(1, 100000) i;
SELECT pg_temp.outcome('SELECT gpu_cumsum(a) FROM st_err') AS bigint_overflow;
SELECT pg_temp.outcome('SELECT gpu_cumsum(b) FROM st_err') AS real_overflow;
\set VERBOSITY default
SELECT gpu_cumsum(a) FROM st_err;
\set VERBOSITY terse
DROP TABLE st_err;

DROP TABLE st;
