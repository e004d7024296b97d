/*
 * test/valgrind/probe.c — is valgrind's 64-bit integer to float conversion
 * exact?  2^62 + 2^38 + 1 is just above a float tie: rounded once it is
 * 2^62 + 2^39; rounded to double first, the +1 is lost and the tie goes to
 * the even 2^62.  Valgrind 3.19 (VEX) converts through double, so under it
 * the exact float totals of the CPU engine's scalar path can differ in the
 * last bit; test/valgrind/run.sh then judges memory errors only.
 *
 * Prints "exact" or "double-rounded".
 */
#include <stdint.h>
#include <stdio.h>

int
main(void)
{
	volatile int64_t k = (INT64_C(1) << 62) + (INT64_C(1) << 38) + 1;
	float		f = (float) k;

	printf("%s\n", f == 0x1.000002p62f ? "exact" : "double-rounded");
	return 0;
}
