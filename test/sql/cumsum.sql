--
-- gpu_cumsum: running totals of arrays
--
-- Results are checked against independent references: integer cases against
-- sum(x) OVER (ORDER BY ord) over unnest ... WITH ORDINALITY, float cases
-- against the exact numeric sum rounded to the float type, and hand-written
-- cases whose answers are known.  Nothing here depends on the engine or device.
--
-- the extension and pg_temp.outcome (pg_regress sets PG_ABS_SRCDIR: test/)
\getenv abs_srcdir PG_ABS_SRCDIR
\set setup :abs_srcdir '/sql/include/setup.sql'
\i :setup

-- Reference for one-dimensional arrays of any numeric type: running sum over
-- the non-NULL elements, NULL at NULL positions, via a window function.
CREATE FUNCTION pg_temp.ref_cumsum(a anyarray, excl boolean DEFAULT false)
RETURNS numeric[] LANGUAGE sql AS $$
  SELECT array_agg(r ORDER BY ord)
  FROM (SELECT ord,
               CASE WHEN x IS NULL THEN NULL
                    WHEN excl THEN sum(x::numeric) OVER w - x::numeric
                    ELSE sum(x::numeric) OVER w END AS r
        FROM unnest(a) WITH ORDINALITY AS u(x, ord)
        WINDOW w AS (ORDER BY ord)) s
$$;

-- 2^k as an exact numeric (the dividend's scale keeps the division exact).
CREATE FUNCTION pg_temp.pow2(k int) RETURNS numeric LANGUAGE sql AS $$
  SELECT CASE WHEN k >= 0 THEN 2::numeric ^ k
              ELSE 1.000000000000000000000000000000000000000000000000000000000000000000000000000000
                   / 2::numeric ^ (-k) END
$$;

--
-- Types: integer inputs give bigint[], floats keep their type
--
SELECT gpu_cumsum(ARRAY[1, 2, 3]::smallint[]) AS int2,
       gpu_cumsum(ARRAY[1, 2, 3]::integer[]) AS int4,
       gpu_cumsum(ARRAY[1, 2, 3]::bigint[]) AS int8,
       gpu_cumsum(ARRAY[1.5, 2, 3]::real[]) AS float4,
       gpu_cumsum(ARRAY[1.5, 2, 3]::double precision[]) AS float8;
SELECT pg_typeof(gpu_cumsum(ARRAY[1]::smallint[])),
       pg_typeof(gpu_cumsum(ARRAY[1]::integer[])),
       pg_typeof(gpu_cumsum(ARRAY[1]::bigint[])),
       pg_typeof(gpu_cumsum(ARRAY[1]::real[])),
       pg_typeof(gpu_cumsum(ARRAY[1]::double precision[]));
SELECT gpu_cumsum(ARRAY[32767, 32767, 32767]::smallint[]);
SELECT gpu_cumsum(ARRAY[2147483647, 2147483647]::integer[]);
-- numeric has its own form since 1.5 (test/sql/numeric.sql); other element types none
SELECT gpu_cumsum(ARRAY[1.5, 2]::numeric[]);
SELECT pg_temp.outcome($$SELECT gpu_cumsum(ARRAY['a']::text[])$$);

--
-- 1. NULL array -> NULL (STRICT); empty array -> empty array of the result type
--
SELECT gpu_cumsum(NULL::integer[]) IS NULL AS null_in,
       gpu_cumsum(ARRAY[1, 2], NULL) IS NULL AS null_flag;
SELECT gpu_cumsum('{}'::integer[]) AS e4, pg_typeof(gpu_cumsum('{}'::integer[])),
       gpu_cumsum('{}'::real[]) AS ef4, pg_typeof(gpu_cumsum('{}'::real[])),
       gpu_cumsum('{}'::double precision[], true) AS ef8;

--
-- 2. Dimensions and lower bounds are kept
--
SELECT gpu_cumsum('[3:5]={1,2,3}'::integer[]) AS lb;
SELECT array_dims(gpu_cumsum('[-2:0]={1,2,3}'::real[])) AS dims;
SELECT gpu_cumsum('[0:1][5:7]={{1,2,3},{4,5,6}}'::bigint[]) AS lb2d;

--
-- 3. NULL elements are skipped: NULL exactly where the input is NULL
--
SELECT gpu_cumsum(ARRAY[1, NULL, 2, NULL, 3]) AS nulls;
SELECT gpu_cumsum(ARRAY[NULL, NULL, 5, 1]::smallint[]) AS leading;
SELECT gpu_cumsum(ARRAY[NULL, NULL]::double precision[]) AS all_null;
SELECT gpu_cumsum('[2:4]={NULL,1.5,NULL}'::real[]) AS lb_null;

--
-- 4. Multi-dimensional arrays: each row along the last dimension on its own
--
SELECT gpu_cumsum('{{1,2},{3,4}}'::integer[]) AS two_d;
SELECT gpu_cumsum('{{{1,2},{3,4}},{{5,6},{7,8}}}'::integer[]) AS three_d;
SELECT gpu_cumsum('{{1,NULL,3},{NULL,NULL,NULL},{4,5,NULL}}'::real[]) AS rows_nulls;
SELECT gpu_cumsum('{{1},{2},{3}}'::bigint[]) AS one_per_row;
SELECT gpu_cumsum('{{1,2},{3,4}}'::integer[], exclusive => true) AS two_d_excl;

--
-- 5. exclusive => true: the total before each element, 0 first in each row
--
SELECT gpu_cumsum(ARRAY[3, 1, 7, 0, 4, 1, 6, 3], true) AS pmpp_example;
SELECT gpu_cumsum(ARRAY[NULL, 1, NULL, 2, 3], exclusive => true) AS excl_nulls;
SELECT gpu_cumsum(ARRAY[1.5, 2.25]::real[], exclusive => true) AS excl_f4;

--
-- 6. Integers are exact; a total outside bigint is an error
--
SELECT gpu_cumsum(ARRAY[9223372036854775807, -1, 1]::bigint[]) AS at_max;
SELECT gpu_cumsum(ARRAY[-9223372036854775807, -1]::bigint[]) AS at_min;
SELECT gpu_cumsum(ARRAY[9223372036854775807, 1]::bigint[]);
SELECT gpu_cumsum('[0:1][1:3]={{1,2,3},{-9223372036854775807,-1,-1}}'::bigint[]);
SELECT pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[-9223372036854775807, -2]::bigint[])$$);
-- exclusive: the last total is no output, so it may overflow ...
SELECT gpu_cumsum(ARRAY[9223372036854775807, 1]::bigint[], true) AS excl_ok;
-- ... but not when a later element's output is that total
SELECT gpu_cumsum(ARRAY[9223372036854775807, 1, 0]::bigint[], true);
-- a total that leaves bigint and comes back is still an error
SELECT pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[9223372036854775807, 1, -1]::bigint[])$$);

--
-- 7. Floats are exact: each output is the exact running sum, correctly rounded
--
SELECT gpu_cumsum('{1e8,1,-1e8}'::real[]) AS issue_example;
-- a sequential float loop gives 0 for the last element
SELECT gpu_cumsum('{1e16,1,-1e16}'::double precision[]) AS f8_example;
-- ties round to even: 2^24+1 -> 2^24, 2^24+2 exact, 2^24+3 -> 2^24+4
SELECT gpu_cumsum('{16777216,1,1,1}'::real[]) AS ties_f4;
SELECT gpu_cumsum('{9007199254740992,1,1,1}'::double precision[]) AS ties_f8;
-- a tie broken by a tiny later term: 1 + 2^-24 is a tie, + 2^-60 rounds up
SELECT gpu_cumsum(ARRAY[1, 2^(-24), 2^(-60)]::real[]) =
       ARRAY[1, 1, 1 + 2^(-23)]::real[] AS tie_tipped;
-- many small terms that a float loop would lose against a large one
SELECT (gpu_cumsum(array_prepend(1e8::real, array_fill(1::real, ARRAY[100]))))[101]
       AS hundred_ones;
-- the order of terms does not matter for the final total
SELECT (gpu_cumsum('{1e30,1,-1e30,1}'::double precision[]))[4] =
       (gpu_cumsum('{1,1,1e30,-1e30}'::double precision[]))[4] AS order_free;
-- subnormals are exact too
SELECT gpu_cumsum(ARRAY[1e-45, 1e-45, -1e-45]::real[]) AS subnormal_f4;
SELECT gpu_cumsum(ARRAY[4.9406564584124654e-324, 4.9406564584124654e-324]::double precision[])
       AS subnormal_f8;
-- the whole exponent range in one array (wide accumulator)
SELECT gpu_cumsum(ARRAY[1e308, 1e-308, -1e308, 4.9406564584124654e-324]::double precision[])
       AS wide_f8;
SELECT gpu_cumsum(ARRAY[3e38, 1e-45, -3e38]::real[]) AS wide_f4;

--
-- 8. NaN, infinities, overflow and the sign of zero follow IEEE addition
--
SELECT gpu_cumsum('{1,NaN,2}'::real[]) AS nan,
       gpu_cumsum('{1,Infinity,-5}'::real[]) AS pinf,
       gpu_cumsum('{-Infinity,1}'::double precision[]) AS ninf,
       gpu_cumsum('{Infinity,1,-Infinity,1}'::double precision[]) AS both_nan;
SELECT gpu_cumsum('{1,NaN,2}'::real[], true) AS nan_excl;
SELECT gpu_cumsum('{{1,NaN},{2,3}}'::real[]) AS nan_one_row;
-- a finite total that rounds beyond the type's range is an error
SELECT gpu_cumsum('{3e38,3e38}'::real[]);
SELECT gpu_cumsum('{{1,2},{1e308,1e308}}'::double precision[]);
SELECT pg_temp.outcome($$SELECT gpu_cumsum('{3e38,3e38,-Infinity}'::real[])$$);
-- not when an infinity came first, nor when the total is never an output
SELECT gpu_cumsum('{Infinity,3e38,3e38}'::real[]) AS inf_first;
SELECT gpu_cumsum('{3e38,3e38}'::real[], true) AS excl_last;
-- the largest finite value is no overflow, nor a total that rounds down to it
SELECT gpu_cumsum(ARRAY[3.4028234663852886e38, 2^102]::real[]) AS max_f4,
       gpu_cumsum(ARRAY[1.7976931348623157e308, 2^969]::double precision[]) AS max_f8;
-- half an ulp above it is a tie, and the even neighbour is 2^128 (2^1024)
SELECT pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[3.4028234663852886e38, 2^103]::real[])$$) AS tie_f4,
       pg_temp.outcome($$SELECT gpu_cumsum(ARRAY[1.7976931348623157e308, 2^970]::double precision[])$$) AS tie_f8;
-- -0 only while every term so far is -0
SELECT gpu_cumsum('{-0,-0,0,-0}'::real[]) AS negzero,
       gpu_cumsum('{-0,-0,5}'::double precision[], true) AS negzero_excl,
       gpu_cumsum('{1,-1,-0}'::real[]) AS cancel_is_pos;

--
-- Against independent references, with random data
--
SELECT setseed(0.20261121);

-- integers: every type, with NULLs, both modes
CREATE TEMP TABLE ints AS
  SELECT g AS id,
         array_agg(CASE WHEN random() < 0.1 THEN NULL
                        ELSE (random() * 65534 - 32767)::int END ORDER BY i) AS a
  FROM generate_series(1, 20) g, generate_series(1, 1 + g * 500) i
  GROUP BY g;
SELECT count(*) AS arrays,
       bool_and(gpu_cumsum(a::smallint[])::numeric[] = pg_temp.ref_cumsum(a::smallint[])) AS int2,
       bool_and(gpu_cumsum(a)::numeric[] = pg_temp.ref_cumsum(a)) AS int4,
       bool_and(gpu_cumsum(a::bigint[])::numeric[] = pg_temp.ref_cumsum(a::bigint[])) AS int8,
       bool_and(gpu_cumsum(a, true)::numeric[] = pg_temp.ref_cumsum(a, true)) AS int4_excl
FROM ints;
-- large int8 values (sums beyond 2^53 must stay exact)
SELECT bool_and(gpu_cumsum(b)::numeric[] = pg_temp.ref_cumsum(b)) AS int8_big
FROM (SELECT id, array_agg(a_i::bigint * 274877906944 ORDER BY i) AS b
      FROM ints, unnest(a) WITH ORDINALITY AS u(a_i, i) GROUP BY id) s;
-- the same against sum() OVER on bigint directly, as the issue words it
SELECT bool_and(gpu_cumsum(a) = r) AS window_sum
FROM (SELECT id, array_agg(a_i ORDER BY i) AS a, array_agg(r ORDER BY i) AS r
      FROM (SELECT id, i, a_i,
                   CASE WHEN a_i IS NULL THEN NULL ELSE sum(a_i) OVER (PARTITION BY id ORDER BY i) END AS r
            FROM ints, unnest(a) WITH ORDINALITY AS u(a_i, i)) t
      GROUP BY id) s;

-- floats: values m * 2^e built exactly in numeric (|m| < 2^24 for real,
-- < 2^53 for double precision), so the reference never goes through a float
-- -> numeric cast (PostgreSQL 15 rounds that to 6 or 15 digits); the numeric
-- -> float cast rounds correctly.  Exponents spread over ~60 bits, so the
-- running sums need rounding.
SELECT 2::numeric ^ 39 = 549755813888 AS pow_exact,
       pg_temp.pow2(-60) * 2::numeric ^ 60 = 1 AS pow2_exact;
CREATE TEMP TABLE fvals AS
  SELECT g AS id, i AS ord,
         CASE WHEN random() < 0.05 THEN NULL
              ELSE round((random() * 2 - 1) * 16777215)::numeric
                   * pg_temp.pow2(floor(random() * 40)::int - 20) END AS v4,
         CASE WHEN random() < 0.05 THEN NULL
              ELSE round((random() * 2 - 1) * 9007199254740991)::numeric
                   * pg_temp.pow2(floor(random() * 40)::int - 40) END AS v8
  FROM generate_series(1, 12) g, generate_series(1, 1 + (g % 4) * 3000) i;
CREATE TEMP TABLE fref AS
  SELECT id,
         array_agg(v4::real ORDER BY ord) AS a4,
         array_agg(v8::double precision ORDER BY ord) AS a8,
         array_agg(r4 ORDER BY ord) AS r4, array_agg(r8 ORDER BY ord) AS r8,
         array_agg(x4 ORDER BY ord) AS x4, array_agg(x8 ORDER BY ord) AS x8
  FROM (SELECT id, ord, v4, v8,
               CASE WHEN v4 IS NOT NULL THEN (sum(v4) OVER w)::real END AS r4,
               CASE WHEN v8 IS NOT NULL THEN (sum(v8) OVER w)::double precision END AS r8,
               CASE WHEN v4 IS NOT NULL THEN (coalesce(sum(v4) OVER w, 0) - v4)::real END AS x4,
               CASE WHEN v8 IS NOT NULL THEN (coalesce(sum(v8) OVER w, 0) - v8)::double precision END AS x8
        FROM fvals
        WINDOW w AS (PARTITION BY id ORDER BY ord)) s
  GROUP BY id;
SELECT count(*) AS arrays,
       bool_and(gpu_cumsum(a4)::text = r4::text) AS float4,
       bool_and(gpu_cumsum(a8)::text = r8::text) AS float8,
       bool_and(gpu_cumsum(a4, true)::text = x4::text) AS float4_excl,
       bool_and(gpu_cumsum(a8, true)::text = x8::text) AS float8_excl
FROM fref;
-- rows of a two-dimensional array against the same references, row by row
CREATE TEMP TABLE f2d AS
  SELECT array_agg(a8 ORDER BY id) AS m, array_agg(r8 ORDER BY id) AS r
  FROM (SELECT id, a8[1:1000] AS a8, r8[1:1000] AS r8 FROM fref
        WHERE array_length(a8, 1) >= 1000) s;
SELECT array_dims(m) AS dims, gpu_cumsum(m)::text = r::text AS rows_match FROM f2d;

--
-- 9. A result too large for one PostgreSQL value is an error, not a crash
--
SELECT gpu_cumsum(array_fill(1::smallint, ARRAY[134217727]));

-- the functions are documented
SELECT p.oid::regprocedure AS function, d.description IS NOT NULL AS has_comment
FROM pg_proc p LEFT JOIN pg_description d ON d.objoid = p.oid
WHERE p.proname IN ('gpu_cumsum', 'gpuscan_devices')
ORDER BY p.oid::regprocedure::text COLLATE "C";
