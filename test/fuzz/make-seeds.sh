#!/usr/bin/env bash
# test/fuzz/make-seeds.sh — write the seed corpora of the fuzz targets:
# test/fuzz/corpus/ for fuzz_cpu_engine, small hand-made inputs covering each
# type and operator, and test/fuzz/corpus-accum/ for fuzz_accum (at the
# end).  The layout of an input is in test/fuzz/fuzz_cpu_engine.c:
# 7 header bytes (flags, positions, positions, row length low, high, run,
# bitmap bytes), then an optional null bitmap pattern, then the values'
# little-endian bytes.  Flags: type (0 int2, 1 int4, 2 int8, 3 float4,
# 4 float8) + 8 max or 16 min (24: a window operator) + 32 exclusive
# (window operators: window relative to the row) + 64 scalar + 128 nulls.
# Window operators have 3 more header bytes: byte 7 = operator (0 movsum,
# 1 movavg, 2 cumavg) + 4 (read through a reader too) + 8 * (window - 1,
# low 5 bits); byte 8 = (window - 1) >> 5; byte 9 = the reader's windows.
set -euo pipefail
dir=$(dirname "$0")/corpus
mkdir -p "$dir"

# seed NAME HEX...: write the bytes given in hex (spaces ignored).
seed() {
	local name=$1
	shift
	printf "$(printf '%s' "$*" | tr -d ' ' | sed 's/../\\x&/g')" >"$dir/$name"
}

# integers: 1 2 -3 32767 -32768 7; 5 -1 INT_MAX INT_MIN 0 9; INT8_MAX 1 -5 6
I2="0100 0200 fdff ff7f 0080 0700"
I4="05000000 ffffffff ffffff7f 00000080 00000000 09000000"
I8="ffffffffffffff7f 0100000000000000 fbffffffffffffff 0600000000000000"
seed 01-int2-sum        00 00 00 0000 00 00 $I2
seed 02-int4-excl-nulls a1 00 00 0300 00 00 db $I4
seed 03-int8-overflow   02 00 00 0000 00 00 $I8
seed 04-int8-excl-rows  22 00 00 0200 00 00 $I8
seed 05-int2-max        08 00 00 0000 00 00 $I2
seed 06-int4-min        11 00 00 0200 00 00 $I4
seed 07-int8-max-scalar 4a 00 00 0000 00 00 $I8
# float4: 2^24 1 1 -2^24 (a tie); 1 NaN Inf -Inf -0 2^-149 FLT_MAX FLT_MAX
seed 08-float4-ties     03 00 00 0000 00 00 0000804b 0000803f 0000803f 000080cb
seed 09-float4-special-scalar 43 00 00 0000 00 00 \
	0000803f 0000c07f 0000807f 000080ff 00000080 01000000 ffff7f7f ffff7f7f
# float8: 1e16 1 -1e16 DBL_MAX DBL_MAX (overflow)
seed 10-float8-overflow 04 00 00 0000 00 00 \
	0080e03779c34143 000000000000f03f 0080e03779c341c3 ffffffffffffef7f ffffffffffffef7f
# float8 over a wide range with NULLs: 2^100 1 2^-100 -2^100 2^-1074
WIDE="0000000000003046 000000000000f03f 000000000000b039 00000000000030c6 0100000000000000"
seed 11-float8-wide-nulls 84 00 00 0000 00 00 ef $WIDE
# maxima and minima of -0 0 NaN(payload 1) NaN -1.5 Inf, NaN 1 -Inf -0 0 NaN(payload 1)
seed 12-float4-max      0b 00 00 0000 00 00 00000080 00000000 0100c07f 0000c07f 0000c0bf 0000807f
seed 13-float8-min-scalar 54 00 00 0000 00 00 \
	000000000000f87f 000000000000f03f 000000000000f0ff 0000000000000080 0000000000000000 010000000000f87f
# 20935 positions cut to 4 rows of 5000, each value 3072 times: 1 2^-30 -3 2^40
seed 14-float4-blocks   03 b0 00 8813 a3 00 0000803f 00008030 000040c0 00008053
# 3413 positions, exclusive, NULLs in a 16-bit pattern, the wide values
seed 15-float8-excl-stretch a4 60 40 0000 00 01 fe7f $WIDE
# past the interrupt interval: 2^20 + 4096 int4, 2^20 + 16320 float4 maxima
seed 16-int4-long       01 ff 40 0000 00 00 $I4
seed 17-float4-max-long-scalar 4b ff ff 0000 00 00 0000c0bf 0000803f 00000080
# half an ulp plus a little far below: correct rounding goes up, rounding
# twice (to double first, or without the sticky bit) gives the even value
# 2^40 2^16 2^-14 (float4, 64-bit path); 2^100 2^47 2^-20 (float8, 128-bit)
seed 19-float4-near-tie 03 00 00 0000 00 00 00008053 00008047 00008038
seed 20-float8-near-tie 44 00 00 0000 00 00 0000000000003046 000000000000e042 000000000000b03e
# no positions at all
seed 18-empty           03
# zeros far below the unit (a shift of 64 or more, undefined in C until
# gs_align handled it): scalar 128-bit path, float4 2^62 1 0, float8 2^100 1 0
seed 21-float4-zero-far-below 03 00 00 0000 00 00 0000805e 0000803f 00000000
seed 22-float8-zero-far-below 04 00 00 0000 00 00 0000000000003046 000000000000f03f 0000000000000000
# window operators: float8 moving sums over specials entering and leaving
# (Inf 1 2 -Inf 3 NaN 4 5), window 2
seed 23-float8-movsum-specials 1c 00 00 0000 00 00 08 00 00 \
	000000000000f07f 000000000000f03f 0000000000000040 000000000000f0ff \
	0000000000000840 000000000000f87f 0000000000001040 0000000000001440
# float4 moving means of subnormals, window 2: 2^-149 0 3*2^-149 0 -2^-149 0
seed 24-float4-movavg-subnormal 1b 00 00 0000 00 00 09 00 00 \
	01000000 00000000 03000000 00000000 01000080 00000000
# int8 moving sums, window 3 and 2: INT8_MAX 0 INT8_MAX 0 INT8_MAX
I8MAX5="ffffffffffffff7f 0000000000000000 ffffffffffffff7f 0000000000000000 ffffffffffffff7f"
seed 25-int8-movsum-edge     1a 00 00 0000 00 00 10 00 00 $I8MAX5
seed 26-int8-movsum-no-error 1a 00 00 0000 00 00 08 00 00 $I8MAX5
# int4 running means with NULLs
seed 27-int4-cumavg-nulls    99 00 00 0000 00 00 02 00 00 db $I4
# 20935 float8, each wide value 3072 times, window 4097, through a reader
seed 28-float8-movsum-reader 1c b0 00 0000 a3 00 04 80 00 $WIDE
# 3413 float8 in rows of 1000, moving means over the row (relative window)
seed 29-float8-movavg-row    3c 60 40 e803 01 00 01 80 00 $WIDE
# float4 moving sums that overflow (window 2), scalar engine
seed 30-float4-movsum-overflow 5b 00 00 0000 00 00 08 00 00 ffff7f7f ffff7f7f ffff7fff
# 2^20 + 64 int2 with NULLs, moving means of 8192 through a reader with odd windows
seed 31-int2-movavg-long-reader 98 ff 01 0000 00 01 fd ff c7 f03c $I2
# a lag window of 1 + 255 * 7 values, less than a block: the engine refuses the reader
seed 32-float4-movsum-small-lag 1b b0 00 0000 a3 00 04 80 c7 0000803f 00008030 000040c0 00008053

# ---- test/fuzz/corpus-accum/: the exact accumulator (test/fuzz/fuzz_accum.c)
# Byte 0: 1 float8 (else float4) + 2 a read after every operation; then
# operations, a byte each, code + 8 * parameter, and their bytes: 00 add the
# value's little-endian bits (+ 0x40 * k: 4^k copies); 01 add a shaped value
# (2 bytes sign and exponent, 1 byte; parameter: the mantissa's shape); 02
# add a value in again (2 bytes index; parameter: sign flipped, next float);
# 03 remove (2 bytes index; parameter + 1 values, 16 and up: all); 04 read
# (parameter: the limbs asked for); 05 split and combine (2 bytes seed); 06
# serial form and back, 0e / 2e / .. its serial form edited (3 bytes an
# edit) and 1e raw bytes (2 bytes length, the bytes) to deserialize; 07 carry.
dir=$(dirname "$0")/corpus-accum
mkdir -p "$dir"
# 1e16 1 -1e16, read, 1 out, read
seed 01-float8-cancel   01 00 0080e03779c34143 00 000000000000f03f 00 0080e03779c341c3 04 \
	03 0100 04
# read after each: FLT_MAX FLT_MAX (overflow) +Inf -Inf NaN(payload 1) -0 2^-149, then out again
seed 02-float4-specials 02 00 ffff7f7f 00 ffff7f7f 00 0000807f 00 000080ff 00 0100c07f \
	00 00000080 00 01000000 03 0200 03 0200 03 0000 03 0000 03 0000 03 0000 03 0000
# 64 x 2^-1074, 2^1023 and its negation (shaped and again), read; the mean's ties
seed 03-float8-subnormal-ties 01 d1 0000 00 01 fe07 00 0a 4000 04 \
	19 ff03 00 02 4200 04 12 4200 22 4300 04
# values over the range, split and combined in each way, serial forms, carries
seed 04-float8-split    01 00 0000000000003046 00 000000000000f03f 00 000000000000b039 \
	00 00000000000030c6 00 0100000000000000 00 000000000000f0ff 05 3412 04 \
	0d 7856 2d 9a78 4d 1111 fd 2222 04 06 04 07 00 000000000000e03f 04 \
	ff 00 0000000000000080 04 03 0500 04
# forged serial forms: 5 values, no digits; 1 value, the last digit -2^63
# (beyond any sum of values: to be refused)
seed 05-float4-forged   00 1e 3400 01000000 00000000 00000000 0500000000000000 \
	0000000000000000 0000000000000000 0000000000000000 0500000000000000 \
	1e 3c00 01000000 0b000000 01000000 0100000000000000 \
	0000000000000000 0000000000000000 0000000000000000 0100000000000000 \
	0000000000000080
# the serial form edited: a digit more (zero), the digits moved up to the last
# place, one place further, the lowest digit 2^32, nvalues INT64_MIN and read
# as float4, nothing changed
seed 06-float8-edited   01 00 000000000000f03f 00 0000000000003046 0e 020100 0e 010000 \
	0e 010100 0e 040005 2e 05000a 030100 0e 000000 04
# float4: 16 x 1, 16 x 2^-24, 16 x -2^-24: a mean of 1/3 in float and in double;
# the limbs in 1 and 2 limbs; 64 x +0; all out
seed 07-float4-mean-double 02 80 0000803f 80 00008033 80 000080b3 0c 14 \
	c1 0000 00 83 0000 04
