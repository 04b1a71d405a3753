/* The bulk float32 fills of parameter initialization (support/prng.h
 * prng_fill_normal_at_f32, prng_fill_uniform_at_f32): --seed writes
 * hundreds of millions of them, so each element must cost a few
 * instructions, eight lanes at a time.
 *
 * Element i of stream KEY is a function of (KEY, i) alone.  Its 32 random
 * bits are a hash of the counter i made of 32-bit multiplies, shifts and
 * xors (two rounds of a multiply-xorshift finalizer over a Weyl step, keyed
 * per 2^32 elements by prng_at), which vector units do natively.  Normals
 * are Box-Muller pairs in float32: within each block of 16 elements,
 * element j < 8 is r cos(theta) and element j + 8 is r sin(theta) of pair
 * j, r from the bits of element j and theta from those of element j + 8.
 * The logarithm, sine and cosine are short polynomials on reduced
 * arguments, with single roundings only (+ - * / and sqrt, never fused:
 * -std=c11, and the pragma for clang), so the AVX2 path and the portable
 * one give the same bytes on every machine.  As in PyTorch's own float32
 * normal_, the uniforms have 24 bits. */
#include "support/prng.h"

#include <math.h>
#include <string.h>

#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#endif

/* One step makes 32 elements, two blocks of 16 (8 Box-Muller pairs each):
 * lanes 0-7 of a vector belong to the first block, lanes 8-15 to the
 * second.  Vectors of 16 lanes are one AVX-512 register, two AVX2 ones, or
 * four SSE ones: the compiler splits them, the results are the same. */
#define FILL_BLOCK 16
#define FILL_STEP 32

typedef uint32_t U32x16 __attribute__((vector_size(64)));
typedef int32_t I32x16 __attribute__((vector_size(64)));
typedef float F32x16 __attribute__((vector_size(64)));
/* a store to a float pointer aligned only as floats are */
typedef float F32x16Unaligned __attribute__((vector_size(64), aligned(4), may_alias));

/* Vectors pass by pointer between the helpers: GCC notes an ABI change
 * for vectors passed by value without AVX-512, even inlined. */
#define INLINE static inline __attribute__((always_inline))

typedef enum FillKind { FILL_NORMAL, FILL_UNIFORM } FillKind;

/* What one fill needs: the kind, the affine map to the output (mean and
 * std, or low and width) and the hash's keys for counters whose top 32
 * bits are HIGH. */
typedef struct FillJob {
    FillKind kind;
    uint64_t key;
    float offset, scale;
    uint32_t high, key_a, key_b;
} FillJob;

static void fill_job_set_high(FillJob *job, uint32_t high)
{
    uint64_t k = prng_at(job->key ^ UINT64_C(0x2545f4914f6cdd1d), high);
    job->high = high;
    job->key_a = (uint32_t)k;
    job->key_b = (uint32_t)(k >> 32);
}

INLINE void fill_fmix(U32x16 *x)
{
    *x ^= *x >> 16;
    *x *= 0x85ebca6bu;
    *x ^= *x >> 13;
    *x *= 0xc2b2ae35u;
    *x ^= *x >> 16;
}

/* The random bits of the counters LOW + LANES (low 32 bits). */
INLINE void fill_bits(const FillJob *job, uint32_t low, const U32x16 *lanes, U32x16 *bits)
{
    U32x16 x = (*lanes + low) * 0x9e3779b9u + job->key_a;
    fill_fmix(&x);
    x += job->key_b;
    fill_fmix(&x);
    *bits = x;
}

/* -2 ln(u) for u = ((BITS >> 8) + 1) 2^-24 in (0, 1]: the exponent split
 * off exactly, ln(m) = 2 atanh(s), s = (m-1)/(m+1), m in [sqrt(1/2),
 * sqrt(2)], so s^2 < 0.0295 and the series to s^9 is within 2e-10. */
INLINE void fill_minus_two_log(const U32x16 *bits, F32x16 *out)
{
    const float ln2_hi = 0x1.62e000p-1f, ln2_lo = 0x1.0bfbe8p-15f;    /* ln2_hi * small ints is exact */
    F32x16 n = __builtin_convertvector((I32x16)(*bits >> 8) + 1, F32x16);  /* exact: at most 2^24 */
    U32x16 nb = (U32x16)n, mant = nb & 0x7fffffu;
    U32x16 above = (U32x16)(mant > 0x3504f3u);  /* all ones where the mantissa exceeds sqrt(2) */
    I32x16 e = (I32x16)(nb >> 23) - (127 + 24) - (I32x16)above;
    F32x16 m = (F32x16)(mant | (0x3f800000u & ~above) | (0x3f000000u & above));
    F32x16 s = (m - 1.0f) / (m + 1.0f), s2 = s * s;
    F32x16 series = 1.0f + s2 * (1.0f / 3 + s2 * (1.0f / 5 + s2 * (1.0f / 7 + s2 * (1.0f / 9))));
    F32x16 ef = __builtin_convertvector(e, F32x16);
    *out = -2.0f * (ef * ln2_hi + (ef * ln2_lo + 2.0f * s * series));
}

/* cos and sin of theta uniform in [0, 2 pi) from BITS: the top two bits
 * the quadrant, the next one whether the angle within it is t or pi/2 - t,
 * the next 24 t in [0, pi/4), where the Taylor series of sin to t^9 and cos
 * to t^10 are within 2e-9.  Quadrants and reflections are swaps and sign
 * flips: exact. */
INLINE void fill_cos_sin(const U32x16 *bits, F32x16 *cosine, F32x16 *sine)
{
    const float step = 0x1.921fb6p-1f * 0x1.0p-24f;    /* pi/4 2^-24 */
    F32x16 t = __builtin_convertvector((I32x16)((*bits >> 5) & 0xffffffu), F32x16) * step, t2 = t * t;
    F32x16 sin_t = t + t * t2 * (-1.0f / 6 + t2 * (1.0f / 120 + t2 * (-1.0f / 5040 + t2 * (1.0f / 362880))));
    F32x16 cos_t = 1.0f + t2 * (-0.5f + t2 * (1.0f / 24 + t2 * (-1.0f / 720 + t2 * (1.0f / 40320 +
                                                                                    t2 * (-1.0f / 3628800)))));
    U32x16 quadrant = *bits >> 30;
    /* the cosine of theta is sin t where the reflection and an odd
     * quadrant do not cancel */
    U32x16 swap = 0u - (((*bits >> 29) ^ quadrant) & 1u);
    U32x16 sb = (U32x16)sin_t, cb = (U32x16)cos_t;
    U32x16 x = (cb & ~swap) | (sb & swap), y = (sb & ~swap) | (cb & swap);
    x ^= ((quadrant ^ (quadrant >> 1)) & 1u) << 31;     /* negative in quadrants 1 and 2 */
    y ^= (quadrant >> 1) << 31;                         /* negative in quadrants 2 and 3 */
    *cosine = (F32x16)x;
    *sine = (F32x16)y;
}

/* Square roots in place, of the caller's instruction set (correctly
 * rounded on all: the same result); a constant where fill_step is
 * inlined. */
typedef void (*FillSqrt)(F32x16 *);

/* The step at element LOW (a multiple of FILL_BLOCK) into DST. */
INLINE void fill_step(const FillJob *job, uint32_t low, float *dst, FillSqrt sqrt16)
{
    /* lanes 0-7: the first block, lanes 8-15: the second */
    const U32x16 first_half = {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
    const U32x16 second_half = {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
    U32x16 first, second;
    fill_bits(job, low, &first_half, &first);
    fill_bits(job, low, &second_half, &second);
    F32x16 a, b;
    if (job->kind == FILL_NORMAL) {
        F32x16 r, c, s;
        fill_minus_two_log(&first, &r);
        sqrt16(&r);
        fill_cos_sin(&second, &c, &s);
        a = job->offset + job->scale * (r * c);
        b = job->offset + job->scale * (r * s);
    } else {
        const float unit = 0x1.0p-24f;
        a = job->offset + job->scale * (__builtin_convertvector((I32x16)(first >> 8), F32x16) * unit);
        b = job->offset + job->scale * (__builtin_convertvector((I32x16)(second >> 8), F32x16) * unit);
    }
    /* each block: its 8 lanes of A, then its 8 of B */
    *(F32x16Unaligned *)dst =
        __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    *(F32x16Unaligned *)(dst + 16) =
        __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
}

INLINE void fill_sqrt_portable(F32x16 *x)
{
    for (int k = 0; k < 16; k++)
        (*x)[k] = sqrtf((*x)[k]);
}

/* COUNT steps from element FIRST (all with the job's HIGH) into DST. */
static void fill_steps_portable(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    for (size_t k = 0; k < count; k++)
        fill_step(job, (uint32_t)(first + k * FILL_STEP), dst + k * FILL_STEP, fill_sqrt_portable);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define FILL_HAVE_X86 1

__attribute__((target("avx2"), always_inline))
static inline void fill_sqrt_avx2(F32x16 *x)
{
    union { F32x16 v; __m256 half[2]; } u = {*x};
    u.half[0] = _mm256_sqrt_ps(u.half[0]);
    u.half[1] = _mm256_sqrt_ps(u.half[1]);
    *x = u.v;
}

__attribute__((target("avx2")))
static void fill_steps_avx2(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    for (size_t k = 0; k < count; k++)
        fill_step(job, (uint32_t)(first + k * FILL_STEP), dst + k * FILL_STEP, fill_sqrt_avx2);
}

__attribute__((target("avx512f"), always_inline))
static inline void fill_sqrt_avx512(F32x16 *x)
{
    *x = (F32x16)_mm512_sqrt_ps((__m512)*x);
}

__attribute__((target("avx512f")))
static void fill_steps_avx512(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    for (size_t k = 0; k < count; k++)
        fill_step(job, (uint32_t)(first + k * FILL_STEP), dst + k * FILL_STEP, fill_sqrt_avx512);
}
#endif

/* The widest instruction set up to ISA that the CPU has. */
static void fill_steps(const FillJob *job, uint64_t first, size_t count, float *dst, PrngIsa isa)
{
#ifdef FILL_HAVE_X86
    if (isa >= PRNG_ISA_AVX512 && __builtin_cpu_supports("avx512f")) {
        fill_steps_avx512(job, first, count, dst);
        return;
    }
    if (isa >= PRNG_ISA_AVX2 && __builtin_cpu_supports("avx2")) {
        fill_steps_avx2(job, first, count, dst);
        return;
    }
#endif
    (void)isa;
    fill_steps_portable(job, first, count, dst);
}

/* Elements FIRST .. FIRST+N-1: whole steps straight into DST, the rest
 * through a step of its own; a step never spans two values of HIGH. */
static void fill_run(FillJob *job, uint64_t first, size_t n, float *dst, PrngIsa isa)
{
    uint64_t at = first, end = first + n;
    while (at < end) {
        uint64_t block_start = at / FILL_BLOCK * FILL_BLOCK;
        uint32_t high = (uint32_t)(block_start >> 32);
        uint64_t high_end = ((uint64_t)high + 1) << 32;
        uint64_t stop = end < high_end ? end : high_end;
        if (high != job->high)
            fill_job_set_high(job, high);
        if (at == block_start && stop - at >= FILL_STEP) {
            size_t count = (size_t)((stop - at) / FILL_STEP);
            fill_steps(job, at, count, dst + (at - first), isa);
            at += (uint64_t)count * FILL_STEP;
            continue;
        }
        float step[FILL_STEP];
        fill_steps(job, block_start, 1, step, isa);
        size_t from = (size_t)(at - block_start);
        size_t take = FILL_STEP - from;
        if (take > stop - at)
            take = (size_t)(stop - at);
        memcpy(dst + (at - first), step + from, take * sizeof *step);
        at += take;
    }
}

static void fill_f32(FillKind kind, uint64_t key, uint64_t first, size_t n, float *dst, double a, double b,
                     PrngIsa isa)
{
    FillJob job = {.kind = kind, .key = key, .offset = (float)a};
    job.scale = kind == FILL_NORMAL ? (float)b : (float)(b - a);
    fill_job_set_high(&job, (uint32_t)(first >> 32));
    fill_run(&job, first, n, dst, isa);
}

void prng_fill_normal_at_f32(uint64_t key, uint64_t first, size_t n, float *dst, double a, double b)
{
    fill_f32(FILL_NORMAL, key, first, n, dst, a, b, PRNG_ISA_BEST);
}

void prng_fill_uniform_at_f32(uint64_t key, uint64_t first, size_t n, float *dst, double a, double b)
{
    fill_f32(FILL_UNIFORM, key, first, n, dst, a, b, PRNG_ISA_BEST);
}

void prng_fill_at_f32_isa(PrngIsa isa, bool normal, uint64_t key, uint64_t first, size_t n, float *dst,
                          double a, double b)
{
    fill_f32(normal ? FILL_NORMAL : FILL_UNIFORM, key, first, n, dst, a, b, isa);
}
