/* The packaged BLAS configure found (OpenBLAS or BLIS, eval/gemm.h),
 * opened with dlopen on the first product that wants it rather than linked:
 * loading a BLAS and its Fortran runtime costs more than a whole compile of
 * a small model, and only the evaluator's large products repay it.
 *
 * It runs single-threaded: a threaded BLAS splits its sums by the number
 * of threads, and results must not depend on the machine's load. */
#include <limits.h>
#include <stdlib.h>

#include "config.h"
#include "eval/gemm.h"

#if defined TSC_BLAS_OPENBLAS || defined TSC_BLAS_BLIS
#include <cblas.h>
#include <dlfcn.h>

/* the declarations of cblas.h give the entry points' types */
typedef __typeof__(cblas_sgemm) BlasSgemm;
typedef __typeof__(cblas_dgemm) BlasDgemm;
typedef __typeof__(cblas_sgemv) BlasSgemv;
typedef __typeof__(cblas_dgemv) BlasDgemv;

struct EvalBlas {
    void *lib;
    BlasSgemm *sgemm;
    BlasDgemm *dgemm;
    BlasSgemv *sgemv;       /* NULL: products of one column go to *gemm */
    BlasDgemv *dgemv;
    const char *name;
};

static void *blas_symbol(void *lib, const char *name)
{
    return lib ? dlsym(lib, name) : NULL;
}

static void blas_single_thread(void *lib)
{
#ifdef TSC_BLAS_OPENBLAS
    void (*set)(int) = (void (*)(int))blas_symbol(lib, "openblas_set_num_threads");
#else
    void (*set)(long) = (void (*)(long))blas_symbol(lib, "bli_thread_set_num_threads");
#endif
    if (set)
        set(1);
}

static const char *blas_describe(void *lib)
{
#ifdef TSC_BLAS_OPENBLAS
    char *(*config)(void) = (char *(*)(void))blas_symbol(lib, "openblas_get_config");
    const char *s = config ? config() : NULL;
    return s ? s : "OpenBLAS";
#else
    char *(*version)(void) = (char *(*)(void))blas_symbol(lib, "bli_info_get_version_str");
    const char *s = version ? version() : NULL;
    return s ? s : "BLIS";
#endif
}

EvalBlas *eval_blas_open(void)
{
    /* where pkg-config found it, else wherever the loader finds its soname */
    void *lib = dlopen(TSC_BLAS_PATH, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        lib = dlopen(TSC_BLAS_SONAME, RTLD_NOW | RTLD_LOCAL);
    EvalBlas *b = lib ? calloc(1, sizeof *b) : NULL;
    if (!b) {
        if (lib)
            dlclose(lib);
        return NULL;
    }
    b->lib = lib;
    b->sgemm = (BlasSgemm *)blas_symbol(lib, "cblas_sgemm");
    b->dgemm = (BlasDgemm *)blas_symbol(lib, "cblas_dgemm");
    b->sgemv = (BlasSgemv *)blas_symbol(lib, "cblas_sgemv");
    b->dgemv = (BlasDgemv *)blas_symbol(lib, "cblas_dgemv");
    if (!b->sgemm || !b->dgemm) {
        eval_blas_close(b);
        return NULL;
    }
    blas_single_thread(lib);
    b->name = blas_describe(lib);
    return b;
}

void eval_blas_close(EvalBlas *b)
{
    if (!b)
        return;
    dlclose(b->lib);
    free(b);
}

const char *eval_blas_name(const EvalBlas *b)
{
    return b ? b->name : "built-in kernels";
}

/* How a BLAS reads an operand of ROWS x COLS with strides RS, CS: plain
 * (CS 1) or transposed (RS 1), its leading dimension in *LD; false when
 * neither stride is 1 or a size does not fit the BLAS's int. */
static bool blas_layout(int64_t rows, int64_t cols, int64_t rs, int64_t cs, enum CBLAS_TRANSPOSE *t,
                        int *ld)
{
    /* a stride along an axis of size 1 is never used */
    if (cols == 1)
        cs = 1;
    if (rows == 1)
        rs = cols;
    int64_t lead;
    if (cs == 1 && rs >= cols) {
        *t = CblasNoTrans;
        lead = rs;
    } else if (rs == 1 && cs >= rows) {
        *t = CblasTrans;
        lead = cs;
    } else {
        return false;
    }
    if (rows > INT_MAX || cols > INT_MAX || lead > INT_MAX || lead < 1)
        return false;
    *ld = (int)lead;
    return true;
}

typedef struct BlasShape {
    enum CBLAS_TRANSPOSE ta, tb;
    int lda, ldb;
} BlasShape;

/* Below this many multiply-adds the built-in kernels are as fast (a BLAS
 * call has its own overhead), and small models keep the same results, to
 * the last digit, on every machine. */
#define BLAS_MIN_WORK ((double)(1 << 18))

static bool blas_shape(int64_t M, int64_t N, int64_t K, int64_t ras, int64_t cas, int64_t rbs,
                       int64_t cbs, int64_t ldc, BlasShape *s)
{
    if ((double)M * (double)N * (double)K < BLAS_MIN_WORK)
        return false;
    if (M > INT_MAX || N > INT_MAX || K > INT_MAX || ldc > INT_MAX || ldc < N)
        return false;
    return blas_layout(M, K, ras, cas, &s->ta, &s->lda) && blas_layout(K, N, rbs, cbs, &s->tb, &s->ldb);
}

/* A product with one column (N = 1) or one row (M = 1) is a matrix times
 * a vector: *gemv reads the matrix once as it goes, where *gemm first
 * packs it into blocks, a second pass over it that doubled the time of
 * the 1x1-pixel convolutions and classifiers (a model's largest weights,
 * which do not stay in the caches).  Its stored matrix is ROWS x COLS
 * with leading dimension LD, read transposed or not (T); the vector
 * steps INCX, the result INCY. */
typedef struct BlasVecShape {
    enum CBLAS_TRANSPOSE t;
    int rows, cols, ld, incx, incy;
} BlasVecShape;

static bool blas_int_step(int64_t step, int *out)
{
    if (step < 1 || step > INT_MAX)
        return false;
    *out = (int)step;
    return true;
}

static bool blas_vec_shape(int64_t M, int64_t N, int64_t K, int64_t ras, int64_t cas, int64_t rbs,
                           int64_t cbs, int64_t ldc, const BlasShape *s, BlasVecShape *v)
{
    bool plain;
    if (N == 1) {           /* C[:,0] = A B[:,0] */
        plain = s->ta == CblasNoTrans;
        *v = (BlasVecShape){plain ? CblasNoTrans : CblasTrans, (int)(plain ? M : K), (int)(plain ? K : M),
                            s->lda, 0, 0};
        return blas_int_step(K == 1 ? 1 : rbs, &v->incx) && blas_int_step(M == 1 ? 1 : ldc, &v->incy);
    }
    if (M == 1) {           /* C[0,:] = B^T A[0,:] */
        plain = s->tb == CblasNoTrans;
        *v = (BlasVecShape){plain ? CblasTrans : CblasNoTrans, (int)(plain ? K : N), (int)(plain ? N : K),
                            s->ldb, 0, 1};
        (void)ras, (void)cbs;
        return blas_int_step(K == 1 ? 1 : cas, &v->incx);
    }
    return false;
}

/* How a product goes to the BLAS: not at all, as a gemv (its shape in V)
 * or as a gemm (in S); HAVE_GEMV says whether the BLAS has the gemv. */
typedef enum BlasRoute { BLAS_DECLINE, BLAS_GEMV, BLAS_GEMM } BlasRoute;

static BlasRoute blas_route(int64_t M, int64_t N, int64_t K, int64_t ras, int64_t cas, int64_t rbs,
                            int64_t cbs, int64_t ldc, bool have_gemv, BlasShape *s, BlasVecShape *v)
{
    if (!blas_shape(M, N, K, ras, cas, rbs, cbs, ldc, s))
        return BLAS_DECLINE;
    return have_gemv && blas_vec_shape(M, N, K, ras, cas, rbs, cbs, ldc, s, v) ? BLAS_GEMV : BLAS_GEMM;
}

bool eval_blas_sgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const float *A, int64_t ras,
                     int64_t cas, const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc,
                     bool accumulate)
{
    BlasShape s;
    BlasVecShape v;
    BlasRoute r = blas_route(M, N, K, ras, cas, rbs, cbs, ldc, b->sgemv != NULL, &s, &v);
    if (r == BLAS_DECLINE)
        return false;
    if (eval_sgemm_skinny(M, N, K, A, ras, cas, B, rbs, cbs, C, ldc, accumulate))
        return true;
    float beta = accumulate ? 1.0f : 0.0f;
    if (r == BLAS_GEMV)     /* the matrix is A for one column, B for one row */
        b->sgemv(CblasRowMajor, v.t, v.rows, v.cols, 1.0f, N == 1 ? A : B, v.ld, N == 1 ? B : A, v.incx,
                 beta, C, v.incy);
    else
        b->sgemm(CblasRowMajor, s.ta, s.tb, (int)M, (int)N, (int)K, 1.0f, A, s.lda, B, s.ldb, beta, C,
                 (int)ldc);
    return true;
}

bool eval_blas_dgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const double *A, int64_t ras,
                     int64_t cas, const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc,
                     bool accumulate)
{
    BlasShape s;
    BlasVecShape v;
    BlasRoute r = blas_route(M, N, K, ras, cas, rbs, cbs, ldc, b->dgemv != NULL, &s, &v);
    double beta = accumulate ? 1.0 : 0.0;
    if (r == BLAS_GEMV)
        b->dgemv(CblasRowMajor, v.t, v.rows, v.cols, 1.0, N == 1 ? A : B, v.ld, N == 1 ? B : A, v.incx,
                 beta, C, v.incy);
    else if (r == BLAS_GEMM)
        b->dgemm(CblasRowMajor, s.ta, s.tb, (int)M, (int)N, (int)K, 1.0, A, s.lda, B, s.ldb, beta, C,
                 (int)ldc);
    return r != BLAS_DECLINE;
}

#else /* built without a BLAS */

EvalBlas *eval_blas_open(void)
{
    return NULL;
}

void eval_blas_close(EvalBlas *b)
{
    (void)b;
}

const char *eval_blas_name(const EvalBlas *b)
{
    (void)b;
    return "built-in kernels";
}

bool eval_blas_sgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const float *A, int64_t ras,
                     int64_t cas, const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc,
                     bool accumulate)
{
    (void)b, (void)M, (void)N, (void)K, (void)A, (void)ras, (void)cas, (void)B, (void)rbs, (void)cbs;
    (void)C, (void)ldc, (void)accumulate;
    return false;
}

bool eval_blas_dgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const double *A, int64_t ras,
                     int64_t cas, const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc,
                     bool accumulate)
{
    (void)b, (void)M, (void)N, (void)K, (void)A, (void)ras, (void)cas, (void)B, (void)rbs, (void)cbs;
    (void)C, (void)ldc, (void)accumulate;
    return false;
}
#endif
