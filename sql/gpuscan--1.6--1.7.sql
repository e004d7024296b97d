/* gpuscan--1.6--1.7.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION gpuscan UPDATE TO '1.7'" to load this file. \quit

-- moving and running variances and standard deviations (since 1.7):
-- gpu_movvar, gpu_movstd over a moving window of "window" positions,
-- gpu_cumvar, gpu_cumstd over each row so far; the sample statistic
-- (n - 1) of the window's values, the exact variance rounded once and the
-- standard deviation the correctly rounded root of the exact variance; NULL
-- where a window holds fewer than two values; real for real, else double
-- precision.  On arrays and as window functions over table rows.  numeric
-- forms refuse (ERROR 0A000) rather than let a numeric argument reach the
-- double precision forms through a rounding cast.

CREATE FUNCTION gpu_movvar(arr smallint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr integer[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr bigint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr smallint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr integer[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr bigint[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr real[], "window" integer)
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr double precision[], "window" integer)
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(arr numeric[], "window" integer)
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_movstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr smallint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr integer[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr bigint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumvar'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr smallint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr integer[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr bigint[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr real[])
RETURNS real[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr double precision[])
RETURNS double precision[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(arr numeric[])
RETURNS numeric[]
AS 'MODULE_PATHNAME', 'gpu_cumstd'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x smallint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x integer, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x bigint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movvar(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x smallint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x integer, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x bigint, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x real, "window" integer)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x double precision, "window" integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_movstd(x numeric, "window" integer)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_movstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x smallint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x bigint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumvar(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumvar_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x smallint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x integer)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x bigint)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x real)
RETURNS real
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x double precision)
RETURNS double precision
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION gpu_cumstd(x numeric)
RETURNS numeric
AS 'MODULE_PATHNAME', 'gpu_cumstd_window'
LANGUAGE C WINDOW IMMUTABLE PARALLEL SAFE;

COMMENT ON FUNCTION gpu_movvar(smallint[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(integer[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(bigint[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(real[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as real; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(double precision[], integer) IS
'the sample variance (the exact value rounded once) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movvar(numeric[], integer) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_movstd(smallint[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(integer[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(bigint[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(real[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as real; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(double precision[], integer) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of the values in each moving window of window positions along the last dimension, as double precision; NULL positions count as positions, their values are skipped, and stay NULL; NULL where a window holds fewer than two values';
COMMENT ON FUNCTION gpu_movstd(numeric[], integer) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_cumvar(smallint[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(integer[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(bigint[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(real[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as real; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(double precision[]) IS
'the sample variance (the exact value rounded once) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumvar(numeric[]) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_cumstd(smallint[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(integer[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(bigint[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(real[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as real; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(double precision[]) IS
'the sample standard deviation (the correctly rounded square root of the exact variance) of each row''s values so far along the last dimension, as double precision; NULL elements are skipped and stay NULL; NULL until a row holds two values';
COMMENT ON FUNCTION gpu_cumstd(numeric[]) IS
'not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric array reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric as a window aggregate';
COMMENT ON FUNCTION gpu_movvar(smallint, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(integer, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(bigint, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(real, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as real; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(double precision, integer) IS
'window function: the sample variance (the exact value rounded once) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movvar(numeric, integer) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_movstd(smallint, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(integer, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(bigint, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(real, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as real; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(double precision, integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of x over the last "window" rows of the partition in the window''s order (NULL rows counted, their x skipped), as double precision; NULL where those rows hold fewer than two values; "window" the same on every row of a partition; the frame clause does not apply';
COMMENT ON FUNCTION gpu_movstd(numeric, integer) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_cumvar(smallint) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(integer) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(bigint) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(real) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as real, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(double precision) IS
'window function: the sample variance (the exact value rounded once) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumvar(numeric) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
COMMENT ON FUNCTION gpu_cumstd(smallint) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(integer) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(bigint) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(real) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as real, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(double precision) IS
'window function: the sample standard deviation (the correctly rounded square root of the exact variance) of the partition''s x so far in the window''s order, as double precision, NULL rows skipped; NULL until two values; the frame clause does not apply';
COMMENT ON FUNCTION gpu_cumstd(numeric) IS
'window function: not supported for numeric: raises an error (SQLSTATE 0A000) rather than let a numeric argument reach the double precision form through a rounding cast; use var_samp or stddev_samp over numeric with a frame';
