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

/* One step makes 32 elements, two blocks of 16 (8 Box-Muller pairs each),
 * with vectors of 8 lanes (AVX2, or what the compiler makes of them
 * elsewhere) or 16 (AVX-512); support/prng_f32_lanes.h is the generator
 * for either width. */
#define FILL_BLOCK 16
#define FILL_STEP 32

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

#define FILL_W 8
#include "support/prng_f32_lanes.h"
#undef FILL_W
#define FILL_W 16
#include "support/prng_f32_lanes.h"
#undef FILL_W

/* The step at element LOW (a multiple of FILL_BLOCK) into DST, eight lanes
 * at a time: a block's first 8 elements are A, its next 8 B. */
INLINE void fill_step8(const FillJob *job, uint32_t low, float *dst, void (*sqrt8)(FillF8 *))
{
    const FillU8 first = {0, 1, 2, 3, 4, 5, 6, 7}, second = {8, 9, 10, 11, 12, 13, 14, 15};
    for (uint32_t block = 0; block < FILL_STEP; block += FILL_BLOCK) {
        FillF8 a, b;
        fill_values8(job, low + block, &first, &second, sqrt8, &a, &b);
        *(FillFUnaligned8 *)(dst + block) = a;
        *(FillFUnaligned8 *)(dst + block + 8) = b;
    }
}

/* The same sixteen lanes at a time: lanes 0-7 are the first block's, lanes
 * 8-15 the second's. */
INLINE void fill_step16(const FillJob *job, uint32_t low, float *dst, void (*sqrt16)(FillF16 *))
{
    const FillU16 first = {0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23};
    const FillU16 second = {8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31};
    FillF16 a, b;
    fill_values16(job, low, &first, &second, sqrt16, &a, &b);
    *(FillFUnaligned16 *)dst = __builtin_shufflevector(a, b, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23);
    *(FillFUnaligned16 *)(dst + 16) =
        __builtin_shufflevector(a, b, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
}

/* Step functions of one instruction set each: a step at element LOW
 * into DST. */
typedef void (*FillStepFn)(const FillJob *job, uint32_t low, float *dst);

/* COUNT steps from element FIRST (all with the job's HIGH) into DST, each
 * made by STEP (a constant where this is inlined, so the loop is compiled
 * for STEP's instruction set). */
INLINE void fill_steps_with(const FillJob *job, uint64_t first, size_t count, float *dst, FillStepFn step)
{
    for (size_t k = 0; k < count; k++)
        step(job, (uint32_t)(first + k * FILL_STEP), dst + k * FILL_STEP);
}

INLINE void fill_sqrt_portable(FillF8 *x)
{
    for (int k = 0; k < 8; k++)
        (*x)[k] = sqrtf((*x)[k]);
}

INLINE void fill_step_portable(const FillJob *job, uint32_t low, float *dst)
{
    fill_step8(job, low, dst, fill_sqrt_portable);
}

static void fill_steps_portable(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    fill_steps_with(job, first, count, dst, fill_step_portable);
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define FILL_HAVE_X86 1

/* The square root and the step of AVX2 (8 lanes) and of AVX-512 (16). */
__attribute__((target("avx2"), always_inline))
static inline void fill_sqrt_avx2(FillF8 *x)
{
    *x = (FillF8)_mm256_sqrt_ps((__m256)*x);
}

__attribute__((target("avx2"), always_inline))
static inline void fill_step_avx2(const FillJob *job, uint32_t low, float *dst)
{
    fill_step8(job, low, dst, fill_sqrt_avx2);
}

__attribute__((target("avx512f"), always_inline))
static inline void fill_sqrt_avx512(FillF16 *x)
{
    *x = (FillF16)_mm512_sqrt_ps((__m512)*x);
}

__attribute__((target("avx512f"), always_inline))
static inline void fill_step_avx512(const FillJob *job, uint32_t low, float *dst)
{
    fill_step16(job, low, dst, fill_sqrt_avx512);
}

__attribute__((target("avx2")))
static void fill_steps_avx2(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    fill_steps_with(job, first, count, dst, fill_step_avx2);
}

__attribute__((target("avx512f")))
static void fill_steps_avx512(const FillJob *job, uint64_t first, size_t count, float *dst)
{
    fill_steps_with(job, first, count, dst, fill_step_avx512);
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
