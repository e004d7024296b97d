/*
 * core/comoments.c — exact covariances, correlations and regression lines
 * from the exact sums of pairs (core/comoments.h).
 */
#include "comoments.h"
#include "limbs.h"

#include <math.h>
#include <string.h>

/*
 * Limbs of the widest integer a result takes: Nc and Nx take at most 70
 * (products of 68-limb sums by a count), Nc^2 and Nx Ny 140, Sy Nx 105.
 */
#define BIG_LIMBS	148

/* Results the fast path left to the exact one (tests read it). */
uint64_t	gs_comoments_slow_count = 0;

/* An integer: (neg ? -1 : 1) d 2^unit, d of n limbs (trimmed: 0 for zero). */
typedef struct Big
{
	uint64_t	d[BIG_LIMBS];
	int			n;
	int			neg;
	int			unit;
} Big;

/* An empty state. */
void
gs_comoments_init(void *c)
{
	memset(c, 0, sizeof(GsCoCache));
	for (int i = 0; i < GS_CO_PARTS; i++)
		gs_accum_init_kind(gs_comoments_part(c, i),
						   i <= GS_CO_Y ? GS_ACCUM_DOUBLES : i == GS_CO_XY ? GS_ACCUM_PRODUCTS : GS_ACCUM_SQUARES);
}

/* Add the exact term th + tl to cached sum i, and its rounding to the bound. */
static inline __attribute__((always_inline)) void
CacheAdd(GsCoCache *k, int i, double th, double tl)
{
	GsCoSum    *a = &k->sum[i];
	double		h = a->h,
				s = h + th,
				bb = s - h,
				e = ((h - (s - bb)) + (th - bb)) + (a->l + tl);

	a->err += (fabs(h) + fabs(th)) * 0x1p-100;
	a->h = s + e;
	a->l = e - (a->h - s);
}

/* Move the pair (y, x) of doubles in the cache: values, squares and product exactly as pairs. */
static inline __attribute__((always_inline)) void
CacheMove(GsCoCache *k, double y, double x, int sign)
{
	double		xx = x * x,
				yy = y * y,
				xy = x * y;

	CacheAdd(k, GS_CO_X, sign * x, 0);
	CacheAdd(k, GS_CO_Y, sign * y, 0);
	CacheAdd(k, GS_CO_XX, sign * xx, sign * GS_FMA(x, x, -xx));
	CacheAdd(k, GS_CO_YY, sign * yy, sign * GS_FMA(y, y, -yy));
	CacheAdd(k, GS_CO_XY, sign * xy, sign * GS_FMA(x, y, -xy));
	k->moves++;
}

/* Count a value of a pair in an accumulator, and its special kind. */
static inline __attribute__((always_inline)) void
CountSpecial(GsAccum *a, uint32_t special, int sign)
{
	a->nvalues += sign;
	if (special & GS_FLAG_NAN)
		a->nan += sign;
	else if (special & GS_FLAG_PINF)
		a->pinf += sign;
	else if (special & GS_FLAG_NINF)
		a->ninf += sign;
}

/* Add or remove a pair, compiled for CPUs with FMA too (static: clang's clones are not exported). */
GS_FMA_CLONES static void
MovePair(void *c, const GsCoValue *y, const GsCoValue *x, int sign)
{
	GsAccum    *ax = gs_comoments_part(c, GS_CO_X),
			   *ay = gs_comoments_part(c, GS_CO_Y),
			   *axx = gs_comoments_part(c, GS_CO_XX),
			   *ayy = gs_comoments_part(c, GS_CO_YY),
			   *axy = gs_comoments_part(c, GS_CO_XY);

	if ((x->special | y->special) == 0)
	{
		ax->nvalues += sign;
		axx->nvalues += sign;
		ay->nvalues += sign;
		ayy->nvalues += sign;
		axy->nvalues += sign;
	}
	else
	{
		CountSpecial(ax, x->special, sign);
		CountSpecial(axx, x->special, sign);
		CountSpecial(ay, y->special, sign);
		CountSpecial(ayy, y->special, sign);
		CountSpecial(axy, GS_FLAG_NAN, sign);
	}
	if (x->m)
	{
		gs_accum_place(ax, x->m, x->pos, x->neg, sign);
		gs_accum_place_wide(axx, (gs_u128) x->m * x->m, 2 * x->pos, 0, sign);
	}
	if (y->m)
	{
		gs_accum_place(ay, y->m, y->pos, y->neg, sign);
		gs_accum_place_wide(ayy, (gs_u128) y->m * y->m, 2 * y->pos, 0, sign);
	}
	if (x->m && y->m)
		gs_accum_place_wide(axy, (gs_u128) x->m * y->m, x->pos + y->pos, x->neg ^ y->neg, sign);
	if (((GsCoCache *) c)->valid)
	{
		if (x->cache & y->cache)
			CacheMove((GsCoCache *) c, y->d, x->d, sign);
		else
			((GsCoCache *) c)->valid = 0;
	}
}

/* Add (sign 1) or remove (sign -1) the pair (y, x) (core/comoments.h). */
void
gs_comoments_move(void *c, const GsCoValue *y, const GsCoValue *x, int sign)
{
	MovePair(c, y, x, sign);
}

/* Add state b to state a. */
void
gs_comoments_combine(void *a, const void *b)
{
	((GsCoCache *) a)->valid = 0;
	for (int i = 0; i < GS_CO_PARTS; i++)
		gs_accum_combine(gs_comoments_part(a, i), gs_comoments_part((void *) b, i));
}

/* ---------- exact integers ---------- */

/* An accumulator's exact sum. */
static void
FromAccum(GsAccum *a, Big *r)
{
	uint64_t	w[GS_ACCUM_LIMBS_SQ];
	int			nl = gs_accum_limbs_min(a, w, &r->unit);

	r->neg = nl > 0 && gs_wide_negate_if(w, nl, w);
	r->n = gs_limbs_trim(w, nl);
	memcpy(r->d, w, sizeof(uint64_t) * r->n);
}

/* r = a b (r neither). */
static void
Mul(const Big *a, const Big *b, Big *r)
{
	if (a->n == 0 || b->n == 0)
	{
		r->n = 0;
		r->neg = 0;
		r->unit = 0;
		return;
	}
	gs_limbs_mul(r->d, a->d, a->n, b->d, b->n);
	r->n = gs_limbs_trim(r->d, a->n + b->n);
	r->neg = a->neg ^ b->neg;
	r->unit = a->unit + b->unit;
}

/* a *= m (m > 0). */
static void
MulWord(Big *a, uint64_t m)
{
	if (a->n == 0)
		return;
	a->d[a->n] = gs_limbs_mul_word(a->d, a->n, m);
	a->n = gs_limbs_trim(a->d, a->n + 1);
}

/*
 * a's value in two's complement at unit u (<= a's, a multiple of 64 bits
 * apart) over nl limbs.
 */
static void
ToTwos(const Big *a, int u, uint64_t *w, int nl)
{
	int			sh = (a->unit - u) / 64;

	memset(w, 0, sizeof(uint64_t) * nl);
	if (a->n > 0)
		memcpy(w + sh, a->d, sizeof(uint64_t) * a->n);
	if (a->neg)
	{
		uint64_t	c = 1;

		for (int i = 0; i < nl; i++)
		{
			w[i] = ~w[i] + c;
			c = c && w[i] == 0;
		}
	}
}

/* r = a - b (r neither); their units differ by a multiple of 64 bits. */
static void
Sub(const Big *a, const Big *b, Big *r)
{
	uint64_t	wb[BIG_LIMBS];
	int			u,
				nl;

	if (a->n == 0 || b->n == 0)
	{
		const Big  *x = a->n ? a : b;

		*r = *x;
		r->neg = a->n ? a->neg : b->n && !b->neg;
		return;
	}
	u = a->unit < b->unit ? a->unit : b->unit;
	nl = (a->unit - u) / 64 + a->n;
	if ((b->unit - u) / 64 + b->n > nl)
		nl = (b->unit - u) / 64 + b->n;
	nl++;
	ToTwos(a, u, r->d, nl);
	ToTwos(b, u, wb, nl);
	gs_limbs_sub_shifted(r->d, nl, wb, nl, 0);
	r->neg = gs_wide_negate_if(r->d, nl, r->d);
	r->n = gs_limbs_trim(r->d, nl);
	r->unit = u;
	if (r->n == 0)
		r->neg = 0;
}

/* N = n P - A B: a numerator (Nc, Nx, Ny) from the state's sums. */
static void
Numerator(uint64_t n, GsAccum *p, GsAccum *a, GsAccum *b, Big *N)
{
	Big			sp,
				sa,
				sb,
				ab;

	FromAccum(p, &sp);
	MulWord(&sp, n);
	FromAccum(a, &sa);
	if (b == a)
		sb = sa;
	else
		FromAccum(b, &sb);
	Mul(&sa, &sb, &ab);
	Sub(&sp, &ab, N);
}

/* ---------- A / B rounded once ---------- */

/*
 * floor(X / B) for a quotient below 2^128 (X of nx limbs, B of nb): the
 * top of X less its last 128 bits is below B, and each of those bits is
 * brought down in turn.  *rem: whether a remainder is left.
 */
static gs_u128
DivBig(const uint64_t *X, int nx, const uint64_t *B, int nb, int *rem)
{
	uint64_t	R[BIG_LIMBS + 1],
				Bx[BIG_LIMBS + 1];
	gs_u128		q = 0;
	int			nr = nb + 1;

	memset(R, 0, sizeof(uint64_t) * nr);
	if (nx > 2)
		memcpy(R, X + 2, sizeof(uint64_t) * (nx - 2));
	memcpy(Bx, B, sizeof(uint64_t) * nb);
	Bx[nb] = 0;
	for (int i = 127; i >= 0; i--)
	{
		uint64_t	bit = i / 64 < nx ? (X[i / 64] >> (i % 64)) & 1 : 0;

		for (int j = nr - 1; j > 0; j--)
			R[j] = (R[j] << 1) | (R[j - 1] >> 63);
		R[0] = (R[0] << 1) | bit;
		q <<= 1;
		if (gs_limbs_ge(R, Bx, nr))
		{
			gs_limbs_sub_shifted(R, nr, Bx, nr, 0);
			q |= 1;
		}
	}
	*rem = gs_limbs_trim(R, nr) != 0;
	return q;
}

/*
 * A 2^e / B (root: its square root), A, B > 0, rounded once, negated when
 * neg: the quotient brought to 63-64 bits (a root's radicand to 124-126
 * bits, its exponent even) by shifting A, divided exactly, then the root
 * taken in integers.
 */
static double
RatioExact(const Big *A, const Big *B, int e, int root, int neg)
{
	int			s = (root ? 124 : 63) + gs_limbs_bitlen(B->d, B->n) - gs_limbs_bitlen(A->d, A->n);
	uint64_t	X[BIG_LIMBS + 4];
	int			nx,
				sticky,
				rem;
	gs_u128		q;

	if (root && ((e - s) & 1))
		s++;
	nx = A->n + (s > 0 ? s / 64 + 1 : 0);
	sticky = gs_limbs_window(A->d, A->n, s, X, nx);
	nx = gs_limbs_trim(X, nx);
	q = DivBig(X, nx, B->d, B->n, &rem);
	sticky |= rem;
	if (!root)
		return gs_round_sticky(neg, (uint64_t) q, sticky, e - s, 1);
	{
		uint64_t	r = gs_isqrt128(q);

		sticky |= (gs_u128) r * r != q;
		return gs_round_sticky(neg, r, sticky, (e - s) / 2, 1);
	}
}

/*
 * X's top 106 bits as (h + l) 2^*e, h its top 53 and l the next 53 (both
 * exact doubles): X lies in [h + l, (h + l)(1 + 2^-104)) 2^*e.
 */
static void
TopBits(const Big *x, double *h, double *l, int *e)
{
	int			len = gs_limbs_bitlen(x->d, x->n);
	uint64_t	w[2];
	gs_u128		t;

	(void) gs_limbs_window(x->d, x->n, 128 - len, w, 2);
	t = ((gs_u128) w[1] << 64) | w[0];
	gs_u128_top_dd(t, h, l);
	*e = len - 128 + x->unit;
}

/*
 * The fast path: returns 1 with *out set, or 0 where its bound cannot
 * decide.  With a = ah + al and b = bh + bl within 2^-104 of A and B
 * (TopBits), qh = RN(ah / bh) and the exact residual ah - qh bh (an fma),
 * r = that + al - qh bl errs by at most 3 2^-104 a, and ql = RN(r / bh)
 * by 2^-103 q more (bh for b, and its own rounding): qh + ql is within
 * 2^-100 q of A / B.  A root, from v = qh + ql at an even exponent: s =
 * RN(sqrt(vh)), corr = RN((fma(-s, s, vh) + vl) / 2s), within 2^-100 s
 * (half of v's error, the series' second term and the roundings, each
 * below 2^-102).  The bound used, 2^-96, leaves room for the comparisons'
 * own roundings; results not normal doubles are left to the exact path.
 */
static int
RatioFast(const Big *A, const Big *B, int root, int neg, double *out)
{
	double		ah,
				al,
				bh,
				bl,
				qh,
				ql,
				y,
				corr,
				res;
	int			ea,
				eb,
				e;

	TopBits(A, &ah, &al, &ea);
	TopBits(B, &bh, &bl, &eb);
	e = ea - eb;
	qh = ah / bh;
	ql = (GS_FMA(-qh, bh, ah) + al - qh * bl) / bh;
	if (root)
	{
		if (e & 1)
		{
			qh *= 2;
			ql *= 2;
			e--;
		}
		y = sqrt(qh);
		corr = (GS_FMA(-y, y, qh) + ql) / (2 * y);
		e /= 2;
	}
	else
	{
		y = qh + ql;
		corr = ql - (y - qh);
	}
	if (!gs_round_near(y, corr, y * 0x1p-96, &y))
		return 0;
	res = gs_scale2(y, e);
	if (!gs_quot_normal(res, 1))
		return 0;
	*out = neg ? -res : res;
	return 1;
}

/* A 2^(A's unit) / (B 2^(B's unit)), or its root, with A's sign: +0 for A = 0. */
static int
Ratio(const Big *A, const Big *B, int root, bool fast, double *out)
{
	if (A->n == 0)
	{
		*out = 0.0;
		return 0;
	}
	if (!(fast && RatioFast(A, B, root, A->neg, out)))
		*out = RatioExact(A, B, A->unit - B->unit, root, A->neg);
	return isinf(*out) ? GS_ACCUM_OVERFLOW : 0;
}

/* ---------- the top digits' path ---------- */

/*
 * A real number known within a bound: the true value lies within err of
 * h + l (a double-double).  Each operation below returns a bound on its
 * result's distance from the true result of the true operands: the
 * operands' bounds carried through (first order and the cross term), plus
 * 2^-100 of the magnitudes involved for the operation's own roundings
 * (double-double products, sums and quotients err by less than 2^-104 of
 * them); magnitudes read from h are enlarged by 2^-50 for l, and each
 * bound's own arithmetic by as much again.
 */
typedef GsCoSum Approx;

#define AP_U	0x1p-100		/* an operation's own rounding, relative */
#define AP_UP	(1 + 0x1p-50)	/* a magnitude from h, and a bound's rounding */

/*
 * An accumulator's sum (normalised first), or false where it is nonzero
 * and lies beyond [2^-lo, 2^hi]: the sums within [2^-150, 2^200] and those
 * of squares and products within [2^-300, 2^400] keep every product below
 * (Nc^2 and Nx Ny within 2^854, the quotients' too) and every number that
 * a test leaves in play, low parts and bounds included, normal.
 */
static bool
ApRead(GsAccum *a, int lo, int hi, Approx *r)
{
	double		h,
				l;
	int			e;

	if (a->pending)
		gs_accum_normalize(a);
	if (!gs_accum_top(a, &h, &l, &e))
	{
		r->h = r->l = r->err = 0;
		return true;
	}
	/* |h| < 2^128; l, where nonzero, at least 2^e, normal for a sum within range */
	if (e + 128 > hi)
		return false;
	r->h = gs_scale2(h, e);
	r->l = gs_scale2(l, e);
	r->err = fabs(r->h) * 0x1p-94;
	return fabs(r->h) >= gs_pow2(-lo);
}

/* a b. */
static inline __attribute__((always_inline)) Approx
ApMul(Approx a, Approx b)
{
	double		ph = a.h * b.h,
				pl = GS_FMA(a.h, b.h, -ph) + (a.h * b.l + a.l * b.h);
	Approx		r;

	r.h = ph + pl;
	r.l = pl - (r.h - ph);
	r.err = (fabs(a.h) * b.err + fabs(b.h) * a.err + a.err * b.err) * AP_UP * AP_UP + fabs(r.h) * AP_U;
	return r;
}

/* n a, n an exact integer below 2^53. */
static inline __attribute__((always_inline)) Approx
ApScale(double n, Approx a)
{
	double		ph = n * a.h,
				pl = GS_FMA(n, a.h, -ph) + n * a.l;
	Approx		r;

	r.h = ph + pl;
	r.l = pl - (r.h - ph);
	r.err = n * a.err * AP_UP + fabs(r.h) * AP_U;
	return r;
}

/* a - b. */
static inline __attribute__((always_inline)) Approx
ApSub(Approx a, Approx b)
{
	double		s = a.h - b.h,
				t = s - a.h,
				e = ((a.h - (s - t)) - (b.h + t)) + (a.l - b.l);
	Approx		r;

	r.h = s + e;
	r.l = e - (r.h - s);
	r.err = (a.err + b.err) * AP_UP + (fabs(a.h) + fabs(b.h)) * AP_U;
	return r;
}

/*
 * a / b, or false where b's bound reaches a quarter of it: one division
 * (q within an ulp of a.h / b.h, the residual exact by an fma, then scaled
 * by the reciprocal: 2^-104 of q more).
 */
static inline __attribute__((always_inline)) bool
ApDiv(Approx a, Approx b, Approx *r)
{
	double		inv,
				q,
				ql;

	if (!(fabs(b.h) > 4 * b.err))
		return false;
	inv = 1 / b.h;
	q = a.h * inv;
	ql = (GS_FMA(-q, b.h, a.h) + a.l - q * b.l) * inv;
	r->h = q + ql;
	r->l = ql - (r->h - q);
	/* |a'/b' - a/b| <= (|da| + |a/b| |db|) / (|b| - |db|), and |db| <= |b| / 4 */
	r->err = (a.err + fabs(q) * b.err) * fabs(inv) * (4.0 / 3) * AP_UP * AP_UP * AP_UP + fabs(r->h) * AP_U;
	return true;
}

/* sqrt(a), or false where a's bound reaches a quarter of it. */
static inline __attribute__((always_inline)) bool
ApSqrt(Approx a, Approx *r)
{
	double		s,
				inv,
				c;

	if (!(a.h > 4 * a.err))
		return false;
	s = sqrt(a.h);
	inv = 1 / s;
	c = (GS_FMA(-s, s, a.h) + a.l) * (0.5 * inv);
	r->h = s + c;
	r->l = c - (r->h - s);
	/* |sqrt(a') - sqrt(a)| <= |da| / (2 sqrt(a - |da|)) <= |da| / (1.73 sqrt(a)), |da| <= a / 4 */
	r->err = a.err * (0.58 * inv) * AP_UP * AP_UP * AP_UP + fabs(r->h) * AP_U;
	return true;
}

/* An exact integer below 2^53. */
static inline __attribute__((always_inline)) Approx
ApInt(uint64_t n)
{
	Approx		r = {(double) n, 0, 0};

	return r;
}

/* The sums' ranges that ApRead and the cache admit: values', squares' and products'. */
static const int ApLo[GS_CO_PARTS] = {150, 150, 300, 300, 300};
static const int ApHi[GS_CO_PARTS] = {200, 200, 400, 400, 400};
static const double ApMin[GS_CO_PARTS] = {0x1p-150, 0x1p-150, 0x1p-300, 0x1p-300, 0x1p-300};
static const double ApMax[GS_CO_PARTS] = {0x1p200, 0x1p200, 0x1p400, 0x1p400, 0x1p400};

/*
 * A result from the five sums within the bounds of the operations above;
 * returns 1 with *out set, or 0 where a divisor or radicand is not known to
 * within a quarter of itself (cancellation; a NULL for a constant x or y
 * is the exact path's to decide), the result's sign is not known, its
 * bound cannot decide the rounding, or it is not a normal double.
 */
GS_FMA_CLONES static int
ApResult(const Approx *sum, int what, uint64_t n, double *out)
{
	Approx		sx = sum[GS_CO_X],
				sy = sum[GS_CO_Y],
				nx = {0, 0, 0},
				ny = {0, 0, 0},
				nc = {0, 0, 0},
				nd = ApInt(n),
				r,
				t;
	double		y;
	bool		want_x = what >= GS_CO_CORR && what != GS_CO_SYY && what != GS_CO_SXY,
				want_y = what == GS_CO_CORR || what == GS_CO_R2 || what == GS_CO_SYY,
				want_c = what != GS_CO_SXX && what != GS_CO_SYY;

	if (want_x)
		nx = ApSub(ApScale(nd.h, sum[GS_CO_XX]), ApMul(sx, sx));
	if (want_y)
		ny = ApSub(ApScale(nd.h, sum[GS_CO_YY]), ApMul(sy, sy));
	if (want_c)
		nc = ApSub(ApScale(nd.h, sum[GS_CO_XY]), ApMul(sx, sy));
	/* Nx, Ny > 0 for values not all equal; zero (NULL) and a forged state's negative ones: the exact path's */
	if ((want_x && !(nx.h > 0)) || (want_y && !(ny.h > 0)))
		return 0;
	switch (what)
	{
		case GS_CO_COVAR_POP:
		case GS_CO_COVAR_SAMP:
			if (!ApDiv(nc, ApInt(n * (what == GS_CO_COVAR_SAMP ? n - 1 : n)), &r))
				return 0;
			break;
		case GS_CO_SXX:
		case GS_CO_SYY:
		case GS_CO_SXY:
			if (!ApDiv(what == GS_CO_SXX ? nx : what == GS_CO_SYY ? ny : nc, nd, &r))
				return 0;
			break;
		case GS_CO_CORR:
			/* Nc / sqrt(Nx Ny) */
			if (!ApSqrt(ApMul(nx, ny), &t) || !ApDiv(nc, t, &r))
				return 0;
			break;
		case GS_CO_R2:
			/* Nc^2 / (Nx Ny) */
			if (!ApDiv(ApMul(nc, nc), ApMul(nx, ny), &r))
				return 0;
			break;
		case GS_CO_SLOPE:
			if (!ApDiv(nc, nx, &r))
				return 0;
			break;
		default:
			/* (Sy - slope Sx) / n */
			if (!ApDiv(nc, nx, &t) || !ApDiv(ApSub(sy, ApMul(t, sx)), nd, &r))
				return 0;
			break;
	}
	/* rounded as a magnitude (gs_round_near takes y > 0), then signed */
	if (!(fabs(r.h) > 4 * r.err) ||
		!gs_round_near(fabs(r.h), r.h < 0 ? -r.l : r.l, 8 * r.err, &y) || !gs_quot_normal(y, 1))
		return 0;
	*out = r.h < 0 ? -y : y;
	return 1;
}


/*
 * A result from the sums: the cache's (GsCoCache) while valid, within
 * range and fresh, else read from the accumulators' top digits (ApRead),
 * which become the cache; returns 1 with *out set, or 0 (the exact path's).
 */
static int
TopFast(void *c, int what, uint64_t n, double *out)
{
	GsCoCache  *k = (GsCoCache *) c;
	Approx		sum[GS_CO_PARTS];

	if (n >= (UINT64_C(1) << 26))
		return 0;
	if (k->valid && k->moves < GS_CO_CACHE_MOVES)
	{
		bool		in_range = true;

		for (int i = 0; i < GS_CO_PARTS; i++)
		{
			double		a = fabs(k->sum[i].h);

			if (!(a == 0 && k->sum[i].err == 0) && !(a >= ApMin[i] && a <= ApMax[i]))
				in_range = false;
		}
		if (in_range && ApResult(k->sum, what, n, out))
			return 1;
	}
	k->valid = 0;
	for (int i = 0; i < GS_CO_PARTS; i++)
		if (!ApRead(gs_comoments_part(c, i), ApLo[i], ApHi[i], &sum[i]))
			return 0;
	memcpy(k->sum, sum, sizeof(sum));
	k->valid = 1;
	k->moves = 0;
	return ApResult(sum, what, n, out);
}

/* ---------- results ---------- */

/* A count (or a product of two) as an integer. */
static void
Count(gs_u128 c, Big *r)
{
	r->d[0] = (uint64_t) c;
	r->d[1] = (uint64_t) (c >> 64);
	r->n = gs_limbs_trim(r->d, 2);
	r->neg = 0;
	r->unit = 0;
}

/* A result, by the fast path where it decides (fast) and else exactly. */
static int
Result(void *c, int what, double *out, bool fast)
{
	GsAccum    *ax = gs_comoments_part(c, GS_CO_X),
			   *ay = gs_comoments_part(c, GS_CO_Y);
	uint64_t	n = (uint64_t) ax->nvalues;
	Big			nc,
				nx,
				ny,
				a,
				b,
				t;

	if (ax->nvalues < (what == GS_CO_COVAR_SAMP ? 2 : 1))
		return GS_ACCUM_EMPTY;
	if (ax->nan | ax->pinf | ax->ninf | ay->nan | ay->pinf | ay->ninf)
	{
		*out = NAN;
		return 0;
	}
	if (fast)
	{
		if (TopFast(c, what, n, out))
			return 0;
		gs_comoments_slow_count++;
	}
	/* Nx, Ny >= 0 for the sums of any values; a forged state's negative ones are as 0 */
	nx.n = ny.n = 0;
	if (what >= GS_CO_CORR && what != GS_CO_SYY && what != GS_CO_SXY)
	{
		Numerator(n, gs_comoments_part(c, GS_CO_XX), ax, ax, &nx);
		if (nx.neg)
			nx.n = 0;
	}
	if (what == GS_CO_CORR || what == GS_CO_R2 || what == GS_CO_SYY)
	{
		Numerator(n, gs_comoments_part(c, GS_CO_YY), ay, ay, &ny);
		if (ny.neg)
			ny.n = 0;
	}
	if (what != GS_CO_SXX && what != GS_CO_SYY)
		Numerator(n, gs_comoments_part(c, GS_CO_XY), ax, ay, &nc);
	switch (what)
	{
		case GS_CO_COVAR_POP:
		case GS_CO_COVAR_SAMP:
			Count((gs_u128) n * (what == GS_CO_COVAR_SAMP ? n - 1 : n), &b);
			return Ratio(&nc, &b, 0, fast, out);
		case GS_CO_SXX:
		case GS_CO_SYY:
		case GS_CO_SXY:
			Count(n, &b);
			return Ratio(what == GS_CO_SXX ? &nx : what == GS_CO_SYY ? &ny : &nc, &b, 0, fast, out);
		default:
			break;
	}
	if (nx.n == 0)
		return GS_ACCUM_EMPTY;
	switch (what)
	{
		case GS_CO_CORR:
		case GS_CO_R2:
			if (ny.n == 0)
			{
				if (what == GS_CO_CORR)
					return GS_ACCUM_EMPTY;
				*out = 1.0;
				return 0;
			}
			Mul(&nc, &nc, &a);
			a.neg = what == GS_CO_CORR && nc.neg;
			Mul(&nx, &ny, &b);
			return Ratio(&a, &b, what == GS_CO_CORR, fast, out);
		case GS_CO_SLOPE:
			return Ratio(&nc, &nx, 0, fast, out);
		default:
			{
				Big			sx,
							sy;

				/* (Sy Nx - Nc Sx) / (n Nx) */
				FromAccum(ax, &sx);
				FromAccum(ay, &sy);
				Mul(&sy, &nx, &t);
				Mul(&nc, &sx, &b);
				Sub(&t, &b, &a);
				b = nx;
				MulWord(&b, n);
				return Ratio(&a, &b, 0, fast, out);
			}
	}
}

/* A result, rounded once. */
int
gs_comoments_result(void *c, int what, double *out)
{
	return Result(c, what, out, true);
}

/* The same, by the exact path alone. */
int
gs_comoments_result_exact(void *c, int what, double *out)
{
	return Result(c, what, out, false);
}

/* ---------- serial form: each accumulator's length (4 bytes, little-endian), then its form ---------- */

/* Bytes of a state's serial form. */
size_t
gs_comoments_serial_bytes(void *c)
{
	size_t		n = 0;

	for (int i = 0; i < GS_CO_PARTS; i++)
		n += 4 + gs_accum_serial_bytes(gs_comoments_part(c, i));
	return n;
}

/* Write a state's serial form. */
void
gs_comoments_serialize(void *c, uint8_t *buf)
{
	for (int i = 0; i < GS_CO_PARTS; i++)
	{
		GsAccum    *a = gs_comoments_part(c, i);
		size_t		n = gs_accum_serial_bytes(a);

		for (int k = 0; k < 4; k++)
			buf[k] = (uint8_t) (n >> (8 * k));
		gs_accum_serialize(a, buf + 4);
		buf += 4 + n;
	}
}

/*
 * Read a state's serial form; false when the bytes are not one: five
 * accumulators of the kinds in order, with one count of pairs.
 */
bool
gs_comoments_deserialize(const uint8_t *buf, size_t n, void *c)
{
	memset(c, 0, sizeof(GsCoCache));
	for (int i = 0; i < GS_CO_PARTS; i++)
	{
		GsAccum    *a = gs_comoments_part(c, i);
		int			want = i <= GS_CO_Y ? GS_ACCUM_DOUBLES : i == GS_CO_XY ? GS_ACCUM_PRODUCTS : GS_ACCUM_SQUARES,
					kind;
		size_t		len;

		if (n < 4)
			return false;
		len = (size_t) buf[0] | (size_t) buf[1] << 8 | (size_t) buf[2] << 16 | (size_t) buf[3] << 24;
		if (len > n - 4 ||
			!gs_accum_deserialize(buf + 4, len, NULL, &kind) || kind != want ||
			!gs_accum_deserialize(buf + 4, len, a, &kind) ||
			a->nvalues != gs_comoments_part(c, GS_CO_X)->nvalues)
			return false;
		buf += 4 + len;
		n -= 4 + len;
	}
	return n == 0;
}
