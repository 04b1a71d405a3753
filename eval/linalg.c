/* Linear algebra: MatMul (numpy's matmul: 1-D operands promoted, batch
 * dimensions broadcast), Gemm (alpha·A'·B' + beta·C) and Det (LU); Einsum is in
 * eval/einsum.c.  float32 and float64
 * go through the blocked kernels of eval/gemm.c; float16 and bfloat16 are
 * computed in float32 and rounded once; integers accumulate in int64 and
 * wrap to their width. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/gemm.h"
#include "eval/kernel.h"

/* C[M][N] = A·B for one batch of any element type, A and B given by
 * strides as in eval/gemm.h, C contiguous. */
static void matmul_one(const EvalBlas *blas, DType t, int64_t M, int64_t N, int64_t K,
                       const void *A, int64_t ras, int64_t cas, const void *B, int64_t rbs, int64_t cbs,
                       void *C)
{
    if (t == DT_FLOAT) {
        eval_sgemm(blas, M, N, K, A, ras, cas, B, rbs, cbs, C, N, false);
        return;
    }
    if (t == DT_DOUBLE) {
        eval_dgemm(blas, M, N, K, A, ras, cas, B, rbs, cbs, C, N, false);
        return;
    }
    bool u = eval_domain(t) == DOM_U64;
    size_t es = dtype_size(t);
    for (int64_t i = 0; i < M; i++) {
        for (int64_t j = 0; j < N; j++) {
            uint64_t acc = 0;
            for (int64_t p = 0; p < K; p++) {
                int64_t a, b;
                eval_load_i64(t, (const char *)A + (size_t)(i * ras + p * cas) * es, 1, &a, 1);
                eval_load_i64(t, (const char *)B + (size_t)(p * rbs + j * cbs) * es, 1, &b, 1);
                acc += u ? (uint64_t)a * (uint64_t)b : (uint64_t)a * (uint64_t)b;
            }
            int64_t v = (int64_t)acc;
            eval_store_i64(t, (char *)C + (size_t)(i * N + j) * es, &v, 1);
        }
    }
}

/* float16/bfloat16 operands as float32 (new references), else retained. */
static bool widen(EvalCall *c, EvalValue **v)
{
    if ((*v)->dtype != DT_FLOAT16 && (*v)->dtype != DT_BFLOAT16) {
        eval_retain(*v);
        return true;
    }
    *v = eval_cast(*v, DT_FLOAT);
    return *v ? true : eval_reject(c, "out of memory");
}

/* Y (of type OUT) from its float32 computation W. */
static EvalStatus narrow_output(EvalCall *c, int i, EvalValue *w, DType out)
{
    EvalValue *y = eval_cast(w, out);
    eval_release(w);
    if (!y)
        return eval_fail(c, "out of memory");
    eval_set_output(c, i, y);
    return EVAL_OK;
}

static bool numeric_type(EvalCall *c, DType t)
{
    if (t == DT_BOOL || t == DT_STRING || t == DT_COMPLEX64 || t == DT_COMPLEX128)
        return eval_reject(c, "element type %s is not supported", dtype_name(t));
    return true;
}

/* ---- MatMul ------------------------------------------------------------------------- */

typedef struct MatShape {
    int64_t M, N, K;
    int batch_rank;
    int64_t batch[EVAL_MAX_RANK];
    EvalValue a_batch, b_batch;     /* batch dimensions only, for broadcasting */
} MatShape;

static bool matmul_shape(EvalCall *c, const EvalValue *A, const EvalValue *B, MatShape *s)
{
    if (A->rank < 1 || B->rank < 1 || A->dtype != B->dtype)
        return eval_reject(c, "operands must be tensors of rank >= 1 and one element type");
    int64_t ka = A->dims[A->rank - 1], kb = B->rank == 1 ? B->dims[0] : B->dims[B->rank - 2];
    if (ka != kb)
        return eval_reject(c, "inner dimensions differ (%s and %s)",
                           eval_value_type_str(&c->ev->arena, A), eval_value_type_str(&c->ev->arena, B));
    s->K = ka;
    s->M = A->rank == 1 ? 1 : A->dims[A->rank - 2];
    s->N = B->rank == 1 ? 1 : B->dims[B->rank - 1];
    memset(&s->a_batch, 0, sizeof s->a_batch);
    memset(&s->b_batch, 0, sizeof s->b_batch);
    s->a_batch.rank = A->rank > 2 ? A->rank - 2 : 0;
    s->b_batch.rank = B->rank > 2 ? B->rank - 2 : 0;
    memcpy(s->a_batch.dims, A->dims, sizeof(int64_t) * (size_t)s->a_batch.rank);
    memcpy(s->b_batch.dims, B->dims, sizeof(int64_t) * (size_t)s->b_batch.rank);
    EvalValue *ops[2] = {&s->a_batch, &s->b_batch};
    if (!eval_bcast_shape(ops, 2, &s->batch_rank, s->batch))
        return eval_reject(c, "batch dimensions do not broadcast");
    return true;
}

static EvalStatus matmul_run(EvalCall *c, EvalValue *A, EvalValue *B, const MatShape *s,
                             EvalValue *Y)
{
    size_t es = dtype_size(A->dtype);
    int64_t mk = s->M * s->K, kn = s->K * s->N, mn = s->M * s->N;
    if (s->b_batch.rank == 0 && A->rank >= 2) {
        /* one product: A's batches stacked as rows */
        int64_t rows = mk ? A->numel / s->K : 0;
        matmul_one(eval_call_blas(c), A->dtype, rows, s->N, s->K, A->data, s->K, 1, B->data,
                   B->rank == 1 ? 1 : s->N, 1, Y->data);
        return EVAL_OK;
    }
    EvalValue *ops[2] = {(EvalValue *)&s->a_batch, (EvalValue *)&s->b_batch};
    EvalBcast b;
    eval_bcast_init(&b, ops, 2, s->batch_rank, s->batch);
    int64_t len, out = 0;
    while ((len = eval_bcast_next(&b)) > 0) {
        for (int64_t t = 0; t < len; t++, out++) {
            const char *a = (const char *)A->data + (size_t)((b.offs[0] + t * b.inner[0]) * mk) * es;
            const char *bb = (const char *)B->data + (size_t)((b.offs[1] + t * b.inner[1]) * kn) * es;
            matmul_one(eval_call_blas(c), A->dtype, s->M, s->N, s->K, a, s->K, 1, bb,
                       B->rank == 1 ? 1 : s->N, 1,
                       (char *)Y->data + (size_t)(out * mn) * es);
        }
    }
    return EVAL_OK;
}

static EvalStatus eval_matmul(EvalCall *c)
{
    EvalValue *A = eval_tensor_in(c, 0, false), *B = eval_tensor_in(c, 1, false);
    MatShape s;
    if (!A || !B || !matmul_shape(c, A, B, &s) || !numeric_type(c, A->dtype))
        return EVAL_ERROR;
    int64_t dims[EVAL_MAX_RANK];
    int rank = s.batch_rank;
    memcpy(dims, s.batch, sizeof(int64_t) * (size_t)rank);
    if (A->rank > 1)
        dims[rank++] = s.M;
    if (B->rank > 1)
        dims[rank++] = s.N;
    DType out = A->dtype;
    if (!widen(c, &A))
        return EVAL_ERROR;
    if (!widen(c, &B)) {
        eval_release(A);
        return EVAL_ERROR;
    }
    EvalValue *Y = eval_alloc(c, A->dtype, rank, dims);
    EvalStatus st = Y ? matmul_run(c, A, B, &s, Y) : EVAL_ERROR;
    eval_release(A);
    eval_release(B);
    if (st != EVAL_OK) {
        eval_release(Y);
        return st;
    }
    return narrow_output(c, 0, Y, out);
}

/* ---- Gemm ----------------------------------------------------------------------------------- */

/* Y = alpha * Y + beta * C, C broadcast to Y's shape. */
static bool gemm_scale(EvalCall *c, EvalValue *Y, EvalValue *C, double alpha, double beta)
{
    EvalValue *cb = NULL;
    if (C && beta != 0) {
        EvalValue *ops[2] = {C, Y};
        int r;
        int64_t d[EVAL_MAX_RANK];
        if (!eval_bcast_shape(ops, 2, &r, d) || r != 2 || d[0] != Y->dims[0] || d[1] != Y->dims[1])
            return eval_reject(c, "C (%s) does not broadcast to the result's shape",
                               eval_value_type_str(&c->ev->arena, C));
        cb = eval_broadcast_to(c, C, 2, Y->dims);
        if (!cb)
            return false;
    }
    size_t es = dtype_size(Y->dtype);
    for (int64_t i = 0; i < Y->numel; i++) {
        char *p = (char *)Y->data + (size_t)i * es;
        if (eval_domain(Y->dtype) == DOM_F64) {
            double y = eval_get_f64(Y, i) * alpha + (cb ? beta * eval_get_f64(cb, i) : 0.0);
            eval_store_f64(Y->dtype, p, &y, 1);
        } else {
            int64_t y = (int64_t)((uint64_t)eval_get_i64(Y, i) * (uint64_t)(int64_t)alpha +
                                  (cb ? (uint64_t)(int64_t)beta * (uint64_t)eval_get_i64(cb, i) : 0));
            eval_store_i64(Y->dtype, p, &y, 1);
        }
    }
    eval_release(cb);
    return true;
}

static EvalStatus eval_gemm(EvalCall *c)
{
    EvalValue *A = eval_tensor_in(c, 0, false), *B = eval_tensor_in(c, 1, false);
    EvalValue *C = eval_tensor_in(c, 2, true);
    if (!A || !B || !numeric_type(c, A->dtype))
        return EVAL_ERROR;
    bool ta = eval_attr_int(c, "transA", 0) != 0, tb = eval_attr_int(c, "transB", 0) != 0;
    if (A->rank != 2 || B->rank != 2 || A->dtype != B->dtype || (C && C->dtype != A->dtype))
        return eval_fail(c, "A and B must be matrices of one element type");
    int64_t M = A->dims[ta], K = A->dims[!ta], N = B->dims[!tb];
    if (B->dims[tb] != K)
        return eval_fail(c, "inner dimensions differ (%lld and %lld)", (long long)K,
                         (long long)B->dims[tb]);
    DType out = A->dtype;
    if (!widen(c, &A))
        return EVAL_ERROR;
    if (!widen(c, &B)) {
        eval_release(A);
        return EVAL_ERROR;
    }
    if (C && !widen(c, &C)) {
        eval_release(A);
        eval_release(B);
        return EVAL_ERROR;
    }
    int64_t dims[2] = {M, N};
    EvalValue *Y = eval_alloc(c, A->dtype, 2, dims);
    if (Y)
        matmul_one(eval_call_blas(c), A->dtype, M, N, K, A->data, ta ? 1 : K, ta ? M : 1, B->data,
                   tb ? 1 : N, tb ? K : 1, Y->data);
    bool ok = Y && gemm_scale(c, Y, C, eval_attr_float(c, "alpha", 1.0),
                              eval_attr_float(c, "beta", 1.0));
    eval_release(A);
    eval_release(B);
    eval_release(C);
    if (!ok) {
        eval_release(Y);
        return EVAL_ERROR;
    }
    return narrow_output(c, 0, Y, out);
}

/* ---- Det -------------------------------------------------------------------------- */

/* The determinant of the N x N matrix A (row-major, overwritten): LU
 * decomposition with partial pivoting in double, the product of the
 * pivots with the sign of the row exchanges. */
static double det_lu(double *A, int64_t n)
{
    double det = 1.0;
    for (int64_t k = 0; k < n; k++) {
        int64_t p = k;
        for (int64_t i = k + 1; i < n; i++)
            if (fabs(A[i * n + k]) > fabs(A[p * n + k]))
                p = i;
        if (A[p * n + k] == 0.0)
            return 0.0 * det;
        if (p != k) {
            for (int64_t j = 0; j < n; j++) {
                double t = A[k * n + j];
                A[k * n + j] = A[p * n + j];
                A[p * n + j] = t;
            }
            det = -det;
        }
        double pivot = A[k * n + k];
        det *= pivot;
        for (int64_t i = k + 1; i < n; i++) {
            double f = A[i * n + k] / pivot;
            for (int64_t j = k + 1; j < n; j++)
                A[i * n + j] -= f * A[k * n + j];
        }
    }
    return det;
}

static EvalStatus eval_det(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!X)
        return EVAL_ERROR;
    if (X->rank < 2 || X->dims[X->rank - 1] != X->dims[X->rank - 2])
        return eval_reject(c, "Det: expected square matrices");
    DType out = X->dtype;
    EvalValue *D = eval_cast(X, DT_DOUBLE);
    if (!D)
        return eval_fail(c, "out of memory");
    int64_t n = X->dims[X->rank - 1];
    EvalValue *Y = eval_alloc(c, DT_DOUBLE, X->rank - 2, X->dims);
    if (!Y) {
        eval_release(D);
        return EVAL_ERROR;
    }
    double *a = D->data, *y = Y->data;
    double *m = malloc(sizeof(double) * (size_t)(n * n > 0 ? n * n : 1));
    if (!m) {
        eval_release(D);
        eval_release(Y);
        return eval_fail(c, "out of memory");
    }
    for (int64_t b = 0; b < Y->numel; b++) {
        memcpy(m, a + b * n * n, sizeof(double) * (size_t)(n * n));
        y[b] = det_lu(m, n);
    }
    free(m);
    eval_release(D);
    return narrow_output(c, 0, Y, out);
}

const EvalOp eval_linalg_ops[] = {
    {"Det", eval_det, NULL},
    {"Gemm", eval_gemm, NULL},
    {"MatMul", eval_matmul, NULL},
};

const int eval_linalg_count = sizeof eval_linalg_ops / sizeof eval_linalg_ops[0];
