/* Products with few columns (eval/gemm.h eval_sgemm_skinny): the late
 * convolutions of a network at a small input size, where a weight matrix
 * of megabytes meets 2 to 16 output pixels.  A BLAS packs the weights into
 * blocks first, a second pass over megabytes that are used a few times
 * each; here each row of A is read once, straight from memory, and dotted
 * with the few columns of B, which are transposed once into a small
 * buffer that stays in the caches.
 *
 * The sums are of eight lanes each, with fused multiply-adds, then added
 * across lanes: machine-dependent rounding, like the BLAS's, so this runs
 * only where a BLAS would (eval_sgemm with a BLAS), on CPUs with AVX2 and
 * FMA. */
#include <stdlib.h>
#include <string.h>

#include "eval/gemm.h"

/* Fewer columns than this stay with the BLAS (one column is its gemv);
 * more would need more accumulators than the 16 vector registers hold. */
#define SKINNY_MAX_COLUMNS 16
#define SKINNY_BLOCK 8          /* columns dotted at once with a row of A */
#define SKINNY_MIN_K 64
#define SKINNY_PREFETCH 4096    /* bytes ahead in a row of A */

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

__attribute__((target("avx2,fma")))
static inline float skinny_hsum(__m256 v)
{
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

/* C[j] (+)= A[0..K) . BT[j][0..KP) for j < NB (a constant where it is
 * inlined, so the accumulators are registers).  BT's rows are KP floats,
 * KP = K rounded up to 8, zero past K; A's last partial group of 8 is read
 * masked. */
__attribute__((target("avx2,fma"), always_inline))
static inline void skinny_row(const float *a, int64_t K, const float *bt, int64_t kp, int nb, float *c,
                              bool accumulate)
{
    /* the loops over j unrolled whole, so that ACC lives in registers */
    __m256 acc[SKINNY_BLOCK];
#pragma GCC unroll 8
    for (int j = 0; j < nb; j++)
        acc[j] = _mm256_setzero_ps();
    int64_t k = 0;
    for (; k + 8 <= K; k += 8) {
        /* a row of A comes from memory, used once: ask for it ahead */
        _mm_prefetch((const char *)(a + k) + SKINNY_PREFETCH, _MM_HINT_T0);
        __m256 x = _mm256_loadu_ps(a + k);
#pragma GCC unroll 8
        for (int j = 0; j < nb; j++)
            acc[j] = _mm256_fmadd_ps(x, _mm256_loadu_ps(bt + j * kp + k), acc[j]);
    }
    if (k < K) {
        int rest = (int)(K - k);
        __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(rest), lane);
        __m256 x = _mm256_maskload_ps(a + k, mask);
#pragma GCC unroll 8
        for (int j = 0; j < nb; j++)
            acc[j] = _mm256_fmadd_ps(x, _mm256_loadu_ps(bt + j * kp + k), acc[j]);
    }
#pragma GCC unroll 8
    for (int j = 0; j < nb; j++) {
        float s = skinny_hsum(acc[j]);
        c[j] = accumulate ? c[j] + s : s;
    }
}

/* One row of A against columns N0 .. N0+NB of BT, NB <= SKINNY_BLOCK. */
__attribute__((target("avx2,fma")))
static void skinny_block(const float *a, int64_t K, const float *bt, int64_t kp, int nb, float *c,
                         bool accumulate)
{
    switch (nb) {
    case 1: skinny_row(a, K, bt, kp, 1, c, accumulate); break;
    case 2: skinny_row(a, K, bt, kp, 2, c, accumulate); break;
    case 3: skinny_row(a, K, bt, kp, 3, c, accumulate); break;
    case 4: skinny_row(a, K, bt, kp, 4, c, accumulate); break;
    case 5: skinny_row(a, K, bt, kp, 5, c, accumulate); break;
    case 6: skinny_row(a, K, bt, kp, 6, c, accumulate); break;
    case 7: skinny_row(a, K, bt, kp, 7, c, accumulate); break;
    default: skinny_row(a, K, bt, kp, 8, c, accumulate); break;
    }
}

static bool skinny_cpu(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

bool eval_sgemm_skinny(int64_t M, int64_t N, int64_t K, const float *A, int64_t ras, int64_t cas,
                       const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc, bool accumulate)
{
    if (N < 2 || N > SKINNY_MAX_COLUMNS || K < SKINNY_MIN_K || M < 1 || cas != 1 || !skinny_cpu())
        return false;
    int64_t kp = (K + 7) / 8 * 8;
    float *bt = malloc(sizeof(float) * (size_t)(N * kp));
    if (!bt)
        return false;
    for (int64_t j = 0; j < N; j++) {
        float *row = bt + j * kp;
        for (int64_t k = 0; k < K; k++)
            row[k] = B[k * rbs + j * cbs];
        memset(row + K, 0, sizeof(float) * (size_t)(kp - K));
    }
    for (int64_t i = 0; i < M; i++)
        for (int64_t n0 = 0; n0 < N; n0 += SKINNY_BLOCK) {
            int nb = (int)(N - n0 < SKINNY_BLOCK ? N - n0 : SKINNY_BLOCK);
            skinny_block(A + i * ras, K, bt + n0 * kp, kp, nb, C + i * ldc + n0, accumulate);
        }
    free(bt);
    return true;
}

#else

bool eval_sgemm_skinny(int64_t M, int64_t N, int64_t K, const float *A, int64_t ras, int64_t cas,
                       const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc, bool accumulate)
{
    (void)M, (void)N, (void)K, (void)A, (void)ras, (void)cas, (void)B, (void)rbs, (void)cbs, (void)C;
    (void)ldc, (void)accumulate;
    return false;
}

#endif
