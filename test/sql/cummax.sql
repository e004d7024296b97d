--
-- gpu_cummax and gpu_cummin: running maxima and minima of arrays
--
-- Results are checked against PostgreSQL itself: max(x) / min(x) OVER
-- (PARTITION BY row ORDER BY ord) over unnest ... WITH ORDINALITY, compared
-- as text so that -0 and 0 (equal, but printed apart) must match too, and
-- against hand-written cases.  Nothing here depends on the engine or device.
--
SET client_min_messages = warning;
CREATE EXTENSION IF NOT EXISTS gpuscan;
RESET client_min_messages;

-- Reference: running max / min of each row (rows of row_len elements along
-- the last dimension) by a window function, NULL at NULL positions, as text.
CREATE FUNCTION pg_temp.ref_cumext(a anyarray, row_len int, is_min boolean)
RETURNS text[] LANGUAGE sql AS $$
  SELECT array_agg(r ORDER BY ord)
  FROM (SELECT ord, CASE WHEN x IS NULL THEN NULL
                         WHEN is_min THEN (min(x) OVER w)::text
                         ELSE (max(x) OVER w)::text END AS r
        FROM unnest(a) WITH ORDINALITY AS u(x, ord)
        WINDOW w AS (PARTITION BY (ord - 1) / row_len ORDER BY ord)) s
$$;
CREATE FUNCTION pg_temp.ref_cummax(a anyarray, row_len int) RETURNS text[]
LANGUAGE sql AS $$ SELECT pg_temp.ref_cumext(a, row_len, false) $$;
CREATE FUNCTION pg_temp.ref_cummin(a anyarray, row_len int) RETURNS text[]
LANGUAGE sql AS $$ SELECT pg_temp.ref_cumext(a, row_len, true) $$;
-- The elements of any array as text, in storage order.
CREATE FUNCTION pg_temp.flat(a anyarray) RETURNS text[] LANGUAGE sql AS $$
  SELECT array_agg(x::text ORDER BY ord) FROM unnest(a) WITH ORDINALITY AS u(x, ord)
$$;

--
-- Types: each function returns the input's type
--
SELECT gpu_cummax(ARRAY[1, 3, 2]::smallint[]) AS int2,
       gpu_cummax(ARRAY[1, 3, 2]::integer[]) AS int4,
       gpu_cummax(ARRAY[1, 3, 2]::bigint[]) AS int8,
       gpu_cummax(ARRAY[1.5, 3, 2]::real[]) AS float4,
       gpu_cummax(ARRAY[1.5, 3, 2]::double precision[]) AS float8;
SELECT gpu_cummin(ARRAY[3, 1, 2]::smallint[]) AS int2,
       gpu_cummin(ARRAY[3, 1, 2]::integer[]) AS int4,
       gpu_cummin(ARRAY[3, 1, 2]::bigint[]) AS int8,
       gpu_cummin(ARRAY[3, 1.5, 2]::real[]) AS float4,
       gpu_cummin(ARRAY[3, 1.5, 2]::double precision[]) AS float8;
SELECT pg_typeof(gpu_cummax(ARRAY[1]::smallint[])), pg_typeof(gpu_cummin(ARRAY[1]::integer[])),
       pg_typeof(gpu_cummax(ARRAY[1]::bigint[])), pg_typeof(gpu_cummin(ARRAY[1]::real[])),
       pg_typeof(gpu_cummax(ARRAY[1]::double precision[]));
-- the extremes of each type
SELECT gpu_cummax(ARRAY[-32768, 32767, 0]::smallint[]) AS max2,
       gpu_cummin(ARRAY[2147483647, -2147483648, 0]::integer[]) AS min4,
       gpu_cummax(ARRAY[-9223372036854775808, 9223372036854775807]::bigint[]) AS max8,
       gpu_cummin(ARRAY[9223372036854775807, -9223372036854775808]::bigint[]) AS min8;
-- no exclusive form; numeric has its own form since 1.5 (test/sql/numeric.sql)
SELECT gpu_cummax(ARRAY[1, 2], true);
SELECT gpu_cummin(ARRAY[1.5, 0.5]::numeric[]);

--
-- NULL array -> NULL; empty array -> empty array of the same type
--
SELECT gpu_cummax(NULL::integer[]) IS NULL AS max_null, gpu_cummin(NULL::real[]) IS NULL AS min_null;
SELECT gpu_cummax('{}'::integer[]) AS e4, pg_typeof(gpu_cummax('{}'::integer[])),
       gpu_cummin('{}'::double precision[]) AS ef8, pg_typeof(gpu_cummin('{}'::double precision[]));

--
-- Dimensions and lower bounds are kept; rows of the last dimension on their own
--
SELECT gpu_cummax('[3:5]={1,3,2}'::integer[]) AS lb;
SELECT gpu_cummin('[0:1][5:7]={{3,1,2},{6,5,4}}'::bigint[]) AS lb2d;
SELECT gpu_cummax('{{{1,2},{3,0}},{{5,6},{8,7}}}'::smallint[]) AS three_d;
SELECT gpu_cummax('{{1},{2},{3}}'::real[]) AS one_per_row;

--
-- NULL elements are skipped: NULL exactly where the input is NULL
--
SELECT gpu_cummax(ARRAY[1, NULL, 3, NULL, 2]) AS nulls;
SELECT gpu_cummin(ARRAY[NULL, NULL, 5, 7]::smallint[]) AS leading;
SELECT gpu_cummax(ARRAY[NULL, NULL]::double precision[]) AS all_null;
SELECT gpu_cummin('{{1,NULL,3},{NULL,NULL,NULL},{4,NULL,2}}'::real[]) AS rows_nulls;

--
-- PostgreSQL's float order: NaN above every other value, -0 equal to 0 (the
-- later of equal values is the result, as in max() and min()), infinities
--
SELECT gpu_cummax('{1,NaN,Infinity,2}'::real[]) AS max_nan,
       gpu_cummin('{NaN,1,-Infinity,2}'::real[]) AS min_nan;
SELECT gpu_cummin('{NaN,NaN}'::double precision[]) AS min_all_nan;
SELECT gpu_cummax('{-0,0,-0}'::double precision[]) AS max_zeros,
       gpu_cummin('{0,-0,0,-0}'::real[]) AS min_zeros;
SELECT gpu_cummax('{-Infinity,-1e308,1e-320,Infinity}'::double precision[]) AS f8_range,
       gpu_cummin('{3.4e38,1e-45,-1e-45,-3.4e38}'::real[]) AS f4_range;
-- the same rules as max() and min() over the same values
SELECT pg_temp.flat(gpu_cummax(a)) = pg_temp.ref_cummax(a, 5) AS max_like_pg,
       pg_temp.flat(gpu_cummin(a)) = pg_temp.ref_cummin(a, 5) AS min_like_pg
FROM (VALUES ('{-0,0,NaN,-0,NaN}'::double precision[])) v(a);

--
-- Random arrays against the window-function reference: ties, NaN, +-0,
-- infinities and NULLs; one row, and many rows of a two-dimensional array
--
SELECT setseed(0.5);
CREATE TEMP TABLE vals AS
SELECT i, CASE WHEN r < 0.05 THEN NULL
               WHEN r < 0.07 THEN 'NaN'::float8
               WHEN r < 0.10 THEN '-0'::float8
               WHEN r < 0.13 THEN 0::float8
               WHEN r < 0.14 THEN '-Infinity'::float8
               WHEN r < 0.15 THEN 'Infinity'::float8
               ELSE round((random() - 0.5) * 200)::float8 / 4 END AS f,
          CASE WHEN r < 0.05 THEN NULL ELSE (random() * 4000 - 2000)::int END AS n
FROM (SELECT i, random() AS r FROM generate_series(1, 30000) i) s;
CREATE TEMP TABLE arrays AS
SELECT array_agg(f ORDER BY i)::real[] AS f4, array_agg(f ORDER BY i) AS f8,
       array_agg(n ORDER BY i)::smallint[] AS i2, array_agg(n ORDER BY i) AS i4,
       array_agg(n::bigint * 4611686018427387 ORDER BY i) AS i8
FROM vals;
SELECT pg_temp.flat(gpu_cummax(f4)) = pg_temp.ref_cummax(f4, 30000) AS f4_max,
       pg_temp.flat(gpu_cummin(f4)) = pg_temp.ref_cummin(f4, 30000) AS f4_min,
       pg_temp.flat(gpu_cummax(f8)) = pg_temp.ref_cummax(f8, 30000) AS f8_max,
       pg_temp.flat(gpu_cummin(f8)) = pg_temp.ref_cummin(f8, 30000) AS f8_min,
       pg_temp.flat(gpu_cummax(i2)) = pg_temp.ref_cummax(i2, 30000) AS i2_max,
       pg_temp.flat(gpu_cummin(i4)) = pg_temp.ref_cummin(i4, 30000) AS i4_min,
       pg_temp.flat(gpu_cummax(i8)) = pg_temp.ref_cummax(i8, 30000) AS i8_max,
       pg_temp.flat(gpu_cummin(i8)) = pg_temp.ref_cummin(i8, 30000) AS i8_min
FROM arrays;
-- 300 rows of 100
CREATE TEMP TABLE grids AS
SELECT array_agg(f4 ORDER BY r) AS f4, array_agg(f8 ORDER BY r) AS f8, array_agg(i4 ORDER BY r) AS i4
FROM (SELECT (i - 1) / 100 AS r, array_agg(f ORDER BY i)::real[] AS f4,
             array_agg(f ORDER BY i) AS f8, array_agg(n ORDER BY i) AS i4
      FROM vals GROUP BY 1) s;
SELECT array_dims(f8) AS dims,
       pg_temp.flat(gpu_cummax(f4)) = pg_temp.ref_cummax(f4, 100) AS f4_max,
       pg_temp.flat(gpu_cummin(f8)) = pg_temp.ref_cummin(f8, 100) AS f8_min,
       pg_temp.flat(gpu_cummax(i4)) = pg_temp.ref_cummax(i4, 100) AS i4_max,
       array_dims(gpu_cummin(i4)) = array_dims(i4) AS dims_kept
FROM grids;
-- a long array, many values (the GPU engine's size)
SELECT pg_temp.flat(gpu_cummax(a)) = pg_temp.ref_cummax(a, 1000000) AS long_max
FROM (SELECT array_agg(((i::bigint * 7919) % 1000003)::float8 ORDER BY i) AS a
      FROM generate_series(1, 1000000) i) s;
