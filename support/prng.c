/* Deterministic PRNG: splitmix64 expands the 64-bit seed into the 256-bit
 * state of xoshiro256** (both from Blackman and Vigna's descriptions);
 * floats come from the top bits of each output; normals from Marsaglia's
 * polar method over a logarithm written here with exact IEEE operations, so
 * results do not depend on the platform's libm. */
#include "support/prng.h"

#include <math.h>

/* The results must not depend on whether the compiler fuses a*b+c. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

void prng_seed(Prng *p, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        p->s[i] = splitmix64(&x);
    /* splitmix64 is a bijection of its counter, so four consecutive outputs
     * are never all zero; keep the invariant explicit anyway. */
    if ((p->s[0] | p->s[1] | p->s[2] | p->s[3]) == 0)
        p->s[0] = 1;
    p->spare = 0.0;
    p->has_spare = false;
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t prng_next(Prng *p)
{
    uint64_t *s = p->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t prng_below(Prng *p, uint64_t n)
{
    if (n == 0)
        return 0;
    /* 2^64 mod n: outputs below it would make small residues likelier. */
    uint64_t threshold = (0 - n) % n;
    for (;;) {
        uint64_t r = prng_next(p);
        if (r >= threshold)
            return r % n;
    }
}

double prng_uniform(Prng *p)
{
    return (double)(prng_next(p) >> 11) * 0x1.0p-53;
}

float prng_uniform_f32(Prng *p)
{
    return (float)(prng_next(p) >> 40) * 0x1.0p-24f;
}

double prng_uniform_range(Prng *p, double a, double b)
{
    if (!(a < b))
        return a;
    double r = a + (b - a) * prng_uniform(p);
    if (!(r < b))       /* rounding reached b, or b - a overflowed */
        r = nextafter(b, a);
    return r;
}

float prng_uniform_range_f32(Prng *p, float a, float b)
{
    if (!(a < b))
        return a;
    double u = (double)prng_uniform_f32(p);
    float r = (float)((double)a + ((double)b - (double)a) * u);
    if (!(r < b))
        r = nextafterf(b, a);
    return r;
}

/* Natural logarithm of a positive finite X: frexp splits off the exponent
 * exactly, and log(m) = 2 atanh(s) = 2 (s + s^3/3 + s^5/5 ...) with
 * s = (m-1)/(m+1) and m in [sqrt(1/2), sqrt(2)), so s*s < 0.0295 and 13
 * terms are accurate to about 1e-19. */
static double exact_log(double x)
{
    static const double inv_odd[13] = {
        1.0 / 1, 1.0 / 3, 1.0 / 5, 1.0 / 7, 1.0 / 9, 1.0 / 11, 1.0 / 13,
        1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23, 1.0 / 25,
    };
    const double ln2 = 0x1.62e42fefa39efp-1;
    int e;
    double m = frexp(x, &e);        /* x = m * 2^e, m in [0.5, 1) */
    if (m < 0x1.6a09e667f3bcdp-1) { /* sqrt(1/2) */
        m *= 2.0;
        e -= 1;
    }
    double s = (m - 1.0) / (m + 1.0);
    double s2 = s * s;
    double sum = inv_odd[12];
    for (int k = 11; k >= 0; k--)
        sum = sum * s2 + inv_odd[k];
    return 2.0 * s * sum + (double)e * ln2;
}

double prng_normal(Prng *p)
{
    if (p->has_spare) {
        p->has_spare = false;
        return p->spare;
    }
    double u, v, s;
    do {
        u = 2.0 * prng_uniform(p) - 1.0;
        v = 2.0 * prng_uniform(p) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);     /* s == 0 would take log(0) */
    double f = sqrt(-2.0 * exact_log(s) / s);
    p->spare = v * f;
    p->has_spare = true;
    return u * f;
}

void prng_fill_uniform_f32(Prng *p, float *dst, size_t n, float a, float b)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = prng_uniform_range_f32(p, a, b);
}

void prng_fill_uniform_f64(Prng *p, double *dst, size_t n, double a, double b)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = prng_uniform_range(p, a, b);
}

void prng_fill_normal_f32(Prng *p, float *dst, size_t n, float mean, float std)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = (float)((double)mean + (double)std * prng_normal(p));
}

void prng_fill_normal_f64(Prng *p, double *dst, size_t n, double mean, double std)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = mean + std * prng_normal(p);
}
