/* Matrix multiplication for MatMul, Gemm, Conv (through im2col) and the
 * recurrent layers: C = A·B (+ C), float32 and float64.
 *
 * The layout follows the classic blocked scheme: B is packed KC x NC at a
 * time into NR-column panels, A into MR-row panels of MC x KC blocks, and
 * a register-blocked micro-kernel multiplies one MR x KC panel by one
 * KC x NR panel, keeping the MR x NR block of C in vector registers (GCC
 * and clang vector extensions; 6 x 8 floats or 6 x 4 doubles fit the 16
 * SSE registers of x86-64).  Products with few rows of A (a batch-1
 * linear layer) skip the packing and stream B once with vector loads.
 * Operands are given by element strides, so transposed inputs cost
 * nothing but a different packing walk. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/gemm.h"

typedef float v8f __attribute__((vector_size(32)));
typedef double v4d __attribute__((vector_size(32)));

#define MR 6
#define NR_F 8
#define NR_D 4
#define KC 256
#define MC 96
#define NC 1024
#define FEW_ROWS 4

static void *panel_alloc(size_t bytes)
{
    void *p = aligned_alloc(64, (bytes + 63) & ~(size_t)63);
    if (!p) {
        fputs("tsc2onnx: fatal: out of memory\n", stderr);
        exit(4);
    }
    return p;
}

/* ---- float32 ------------------------------------------------------------------ */

static void pack_a_f(const float *A, int64_t ras, int64_t cas, int64_t m, int64_t k, float *pa)
{
    for (int64_t i0 = 0; i0 < m; i0 += MR)
        for (int64_t p = 0; p < k; p++)
            for (int64_t i = 0; i < MR; i++)
                *pa++ = i0 + i < m ? A[(i0 + i) * ras + p * cas] : 0.0f;
}

static void pack_b_f(const float *B, int64_t rbs, int64_t cbs, int64_t k, int64_t n, float *pb)
{
    for (int64_t j0 = 0; j0 < n; j0 += NR_F) {
        for (int64_t p = 0; p < k; p++) {
            const float *row = B + p * rbs;
            for (int64_t j = 0; j < NR_F; j++)
                *pb++ = j0 + j < n ? row[(j0 + j) * cbs] : 0.0f;
        }
    }
}

/* C[0..mr)[0..nr) += the MR x NR product of panels PA and PB over KC. */
static void kernel_f(int64_t kc, const float *pa, const float *pb, float *C, int64_t ldc,
                     int64_t mr, int64_t nr)
{
    v8f c0 = {0}, c1 = {0}, c2 = {0}, c3 = {0}, c4 = {0}, c5 = {0};
    for (int64_t p = 0; p < kc; p++) {
        v8f b = *(const v8f *)(pb + p * NR_F);
        const float *a = pa + p * MR;
        c0 += b * a[0];
        c1 += b * a[1];
        c2 += b * a[2];
        c3 += b * a[3];
        c4 += b * a[4];
        c5 += b * a[5];
    }
    v8f rows[MR] = {c0, c1, c2, c3, c4, c5};
    for (int64_t i = 0; i < mr; i++) {
        float *ci = C + i * ldc;
        if (nr == NR_F) {
            v8f old;
            memcpy(&old, ci, sizeof old);
            old += rows[i];
            memcpy(ci, &old, sizeof old);
        } else {
            for (int64_t j = 0; j < nr; j++)
                ci[j] += rows[i][j];
        }
    }
}

static void block_f(int64_t m, int64_t n, int64_t kc, const float *pa, const float *pb, float *C,
                    int64_t ldc)
{
    for (int64_t j0 = 0; j0 < n; j0 += NR_F)
        for (int64_t i0 = 0; i0 < m; i0 += MR)
            kernel_f(kc, pa + i0 * kc, pb + j0 * kc, C + i0 * ldc + j0, ldc,
                     m - i0 < MR ? m - i0 : MR, n - j0 < NR_F ? n - j0 : NR_F);
}

/* y[0..n) += a * x[0..n) */
static void axpy_f(int64_t n, float a, const float *x, float *y)
{
    int64_t j = 0;
    for (; j + NR_F <= n; j += NR_F) {
        v8f xv, yv;
        memcpy(&xv, x + j, sizeof xv);
        memcpy(&yv, y + j, sizeof yv);
        yv += xv * a;
        memcpy(y + j, &yv, sizeof yv);
    }
    for (; j < n; j++)
        y[j] += a * x[j];
}

static float dot_f(int64_t n, const float *x, const float *y)
{
    v8f acc = {0};
    int64_t j = 0;
    for (; j + NR_F <= n; j += NR_F) {
        v8f xv, yv;
        memcpy(&xv, x + j, sizeof xv);
        memcpy(&yv, y + j, sizeof yv);
        acc += xv * yv;
    }
    float s = 0;
    for (int k = 0; k < NR_F; k++)
        s += acc[k];
    for (; j < n; j++)
        s += x[j] * y[j];
    return s;
}

/* Few rows of A: stream B once without packing. */
static void few_rows_f(int64_t M, int64_t N, int64_t K, const float *A, int64_t ras, int64_t cas,
                       const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc)
{
    for (int64_t i = 0; i < M; i++) {
        float *ci = C + i * ldc;
        const float *ai = A + i * ras;
        if (cbs == 1) {
            for (int64_t p = 0; p < K; p++)
                axpy_f(N, ai[p * cas], B + p * rbs, ci);
        } else if (rbs == 1 && cas == 1) {
            for (int64_t j = 0; j < N; j++)
                ci[j] += dot_f(K, ai, B + j * cbs);
        } else {
            for (int64_t j = 0; j < N; j++) {
                float s = 0;
                for (int64_t p = 0; p < K; p++)
                    s += ai[p * cas] * B[p * rbs + j * cbs];
                ci[j] += s;
            }
        }
    }
}

void eval_sgemm(const EvalBlas *blas, int64_t M, int64_t N, int64_t K, const float *A, int64_t ras,
                int64_t cas, const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc,
                bool accumulate)
{
    if (blas && M > 0 && N > 0 && K > 0 &&
        eval_blas_sgemm(blas, M, N, K, A, ras, cas, B, rbs, cbs, C, ldc, accumulate))
        return;
    if (!accumulate)
        for (int64_t i = 0; i < M; i++)
            memset(C + i * ldc, 0, sizeof(float) * (size_t)N);
    if (M <= 0 || N <= 0 || K <= 0)
        return;
    if (M <= FEW_ROWS) {
        few_rows_f(M, N, K, A, ras, cas, B, rbs, cbs, C, ldc);
        return;
    }
    float *pb = panel_alloc(sizeof(float) * KC * (NC + NR_F));
    float *pa = panel_alloc(sizeof(float) * KC * (MC + MR));
    for (int64_t j0 = 0; j0 < N; j0 += NC) {
        int64_t nc = N - j0 < NC ? N - j0 : NC;
        for (int64_t p0 = 0; p0 < K; p0 += KC) {
            int64_t kc = K - p0 < KC ? K - p0 : KC;
            pack_b_f(B + p0 * rbs + j0 * cbs, rbs, cbs, kc, nc, pb);
            for (int64_t i0 = 0; i0 < M; i0 += MC) {
                int64_t mc = M - i0 < MC ? M - i0 : MC;
                pack_a_f(A + i0 * ras + p0 * cas, ras, cas, mc, kc, pa);
                block_f(mc, nc, kc, pa, pb, C + i0 * ldc + j0, ldc);
            }
        }
    }
    free(pa);
    free(pb);
}

/* ---- float64 -------------------------------------------------------------------- */

static void pack_a_d(const double *A, int64_t ras, int64_t cas, int64_t m, int64_t k, double *pa)
{
    for (int64_t i0 = 0; i0 < m; i0 += MR)
        for (int64_t p = 0; p < k; p++)
            for (int64_t i = 0; i < MR; i++)
                *pa++ = i0 + i < m ? A[(i0 + i) * ras + p * cas] : 0.0;
}

static void pack_b_d(const double *B, int64_t rbs, int64_t cbs, int64_t k, int64_t n, double *pb)
{
    for (int64_t j0 = 0; j0 < n; j0 += NR_D) {
        for (int64_t p = 0; p < k; p++) {
            const double *row = B + p * rbs;
            for (int64_t j = 0; j < NR_D; j++)
                *pb++ = j0 + j < n ? row[(j0 + j) * cbs] : 0.0;
        }
    }
}

static void kernel_d(int64_t kc, const double *pa, const double *pb, double *C, int64_t ldc,
                     int64_t mr, int64_t nr)
{
    v4d c0 = {0}, c1 = {0}, c2 = {0}, c3 = {0}, c4 = {0}, c5 = {0};
    for (int64_t p = 0; p < kc; p++) {
        v4d b = *(const v4d *)(pb + p * NR_D);
        const double *a = pa + p * MR;
        c0 += b * a[0];
        c1 += b * a[1];
        c2 += b * a[2];
        c3 += b * a[3];
        c4 += b * a[4];
        c5 += b * a[5];
    }
    v4d rows[MR] = {c0, c1, c2, c3, c4, c5};
    for (int64_t i = 0; i < mr; i++)
        for (int64_t j = 0; j < nr; j++)
            C[i * ldc + j] += rows[i][j];
}

void eval_dgemm(const EvalBlas *blas, int64_t M, int64_t N, int64_t K, const double *A, int64_t ras,
                int64_t cas, const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc,
                bool accumulate)
{
    if (blas && M > 0 && N > 0 && K > 0 &&
        eval_blas_dgemm(blas, M, N, K, A, ras, cas, B, rbs, cbs, C, ldc, accumulate))
        return;
    if (!accumulate)
        for (int64_t i = 0; i < M; i++)
            memset(C + i * ldc, 0, sizeof(double) * (size_t)N);
    if (M <= 0 || N <= 0 || K <= 0)
        return;
    double *pb = panel_alloc(sizeof(double) * KC * (NC + NR_D));
    double *pa = panel_alloc(sizeof(double) * KC * (MC + MR));
    for (int64_t j0 = 0; j0 < N; j0 += NC) {
        int64_t nc = N - j0 < NC ? N - j0 : NC;
        for (int64_t p0 = 0; p0 < K; p0 += KC) {
            int64_t kc = K - p0 < KC ? K - p0 : KC;
            pack_b_d(B + p0 * rbs + j0 * cbs, rbs, cbs, kc, nc, pb);
            for (int64_t i0 = 0; i0 < M; i0 += MC) {
                int64_t mc = M - i0 < MC ? M - i0 : MC;
                pack_a_d(A + i0 * ras + p0 * cas, ras, cas, mc, kc, pa);
                for (int64_t j = 0; j < nc; j += NR_D)
                    for (int64_t i = 0; i < mc; i += MR)
                        kernel_d(kc, pa + i * kc, pb + j * kc, C + (i0 + i) * ldc + j0 + j, ldc,
                                 mc - i < MR ? mc - i : MR, nc - j < NR_D ? nc - j : NR_D);
            }
        }
    }
    free(pa);
    free(pb);
}
