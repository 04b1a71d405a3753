/* The generator of support/prng_f32.c for vectors of FILL_W lanes (8 or
 * 16): included once for each width, its names suffixed with the width.
 * The same operations in the same order at every width: the same bits. */
#ifndef FILL_W
#error "define FILL_W (8 or 16) before including support/prng_f32_lanes.h"
#endif

#define FILL_CAT2(a, b) a##b
#define FILL_CAT(a, b) FILL_CAT2(a, b)
#define FILL_NAME(name) FILL_CAT(name, FILL_W)
#define FILL_U FILL_NAME(FillU)
#define FILL_I FILL_NAME(FillI)
#define FILL_F FILL_NAME(FillF)

typedef uint32_t FILL_U __attribute__((vector_size(FILL_W * 4)));
typedef int32_t FILL_I __attribute__((vector_size(FILL_W * 4)));
typedef float FILL_F __attribute__((vector_size(FILL_W * 4)));
/* a store to a float pointer aligned only as floats are */
typedef float FILL_NAME(FillFUnaligned) __attribute__((vector_size(FILL_W * 4), aligned(4), may_alias));

INLINE void FILL_NAME(fill_fmix)(FILL_U *x)
{
    *x ^= *x >> 16;
    *x *= 0x85ebca6bu;
    *x ^= *x >> 13;
    *x *= 0xc2b2ae35u;
    *x ^= *x >> 16;
}

/* The random bits of the counters LOW + LANES (low 32 bits). */
INLINE void FILL_NAME(fill_bits)(const FillJob *job, uint32_t low, const FILL_U *lanes, FILL_U *bits)
{
    FILL_U x = (*lanes + low) * 0x9e3779b9u + job->key_a;
    FILL_NAME(fill_fmix)(&x);
    x += job->key_b;
    FILL_NAME(fill_fmix)(&x);
    *bits = x;
}

/* -2 ln(u) for u = ((BITS >> 8) + 1) 2^-24 in (0, 1]: the exponent split
 * off exactly, ln(m) = 2 atanh(s), s = (m-1)/(m+1), m in [sqrt(1/2),
 * sqrt(2)], so s^2 < 0.0295 and the series to s^9 is within 2e-10. */
INLINE void FILL_NAME(fill_minus_two_log)(const FILL_U *bits, FILL_F *out)
{
    const float ln2_hi = 0x1.62e000p-1f, ln2_lo = 0x1.0bfbe8p-15f;    /* ln2_hi * small ints is exact */
    FILL_F n = __builtin_convertvector((FILL_I)(*bits >> 8) + 1, FILL_F);  /* exact: at most 2^24 */
    FILL_U nb = (FILL_U)n, mant = nb & 0x7fffffu;
    FILL_U above = (FILL_U)(mant > 0x3504f3u);  /* all ones where the mantissa exceeds sqrt(2) */
    FILL_I e = (FILL_I)(nb >> 23) - (127 + 24) - (FILL_I)above;
    FILL_F m = (FILL_F)(mant | (0x3f800000u & ~above) | (0x3f000000u & above));
    FILL_F s = (m - 1.0f) / (m + 1.0f), s2 = s * s;
    FILL_F series = 1.0f + s2 * (1.0f / 3 + s2 * (1.0f / 5 + s2 * (1.0f / 7 + s2 * (1.0f / 9))));
    FILL_F ef = __builtin_convertvector(e, FILL_F);
    *out = -2.0f * (ef * ln2_hi + (ef * ln2_lo + 2.0f * s * series));
}

/* cos and sin of theta uniform in [0, 2 pi) from BITS: the top two bits
 * the quadrant, the next one whether the angle within it is t or pi/2 - t,
 * the next 24 t in [0, pi/4), where the Taylor series of sin to t^9 and cos
 * to t^10 are within 2e-9.  Quadrants and reflections are swaps and sign
 * flips: exact. */
INLINE void FILL_NAME(fill_cos_sin)(const FILL_U *bits, FILL_F *cosine, FILL_F *sine)
{
    const float step = 0x1.921fb6p-1f * 0x1.0p-24f;    /* pi/4 2^-24 */
    FILL_F t = __builtin_convertvector((FILL_I)((*bits >> 5) & 0xffffffu), FILL_F) * step, t2 = t * t;
    FILL_F sin_t = t + t * t2 * (-1.0f / 6 + t2 * (1.0f / 120 + t2 * (-1.0f / 5040 + t2 * (1.0f / 362880))));
    FILL_F cos_t = 1.0f + t2 * (-0.5f + t2 * (1.0f / 24 + t2 * (-1.0f / 720 + t2 * (1.0f / 40320 +
                                                                                    t2 * (-1.0f / 3628800)))));
    FILL_U quadrant = *bits >> 30;
    /* the cosine of theta is sin t where the reflection and an odd
     * quadrant do not cancel */
    FILL_U swap = 0u - (((*bits >> 29) ^ quadrant) & 1u);
    FILL_U sb = (FILL_U)sin_t, cb = (FILL_U)cos_t;
    FILL_U x = (cb & ~swap) | (sb & swap), y = (sb & ~swap) | (cb & swap);
    x ^= ((quadrant ^ (quadrant >> 1)) & 1u) << 31;     /* negative in quadrants 1 and 2 */
    y ^= (quadrant >> 1) << 31;                         /* negative in quadrants 2 and 3 */
    *cosine = (FILL_F)x;
    *sine = (FILL_F)y;
}

/* The values of the elements whose counters are LOW + FIRST and LOW +
 * SECOND (lane by lane), into A and B; SQRT is the square root of the
 * caller's instruction set (correctly rounded on all: the same result), a
 * constant where this is inlined. */
INLINE void FILL_NAME(fill_values)(const FillJob *job, uint32_t low, const FILL_U *first, const FILL_U *second,
                                   void (*sqrt_lanes)(FILL_F *), FILL_F *a, FILL_F *b)
{
    FILL_U x, y;
    FILL_NAME(fill_bits)(job, low, first, &x);
    FILL_NAME(fill_bits)(job, low, second, &y);
    if (job->kind == FILL_NORMAL) {
        FILL_F r, c, s;
        FILL_NAME(fill_minus_two_log)(&x, &r);
        sqrt_lanes(&r);
        FILL_NAME(fill_cos_sin)(&y, &c, &s);
        *a = job->offset + job->scale * (r * c);
        *b = job->offset + job->scale * (r * s);
    } else {
        const float unit = 0x1.0p-24f;
        *a = job->offset + job->scale * (__builtin_convertvector((FILL_I)(x >> 8), FILL_F) * unit);
        *b = job->offset + job->scale * (__builtin_convertvector((FILL_I)(y >> 8), FILL_F) * unit);
    }
}

#undef FILL_F
#undef FILL_I
#undef FILL_U
#undef FILL_NAME
#undef FILL_CAT
#undef FILL_CAT2
