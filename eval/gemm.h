/* Blocked matrix multiplication (eval/gemm.c), for the kernels that
 * reduce to it: MatMul, Gemm, Conv, ConvTranspose, the recurrent layers.
 *
 * C[M][N] (row stride LDC) = A·B, plus the previous C when ACCUMULATE;
 * element (i, k) of A is A[i*RAS + k*CAS], element (k, j) of B is
 * B[k*RBS + j*CBS], so a transposed operand is only a swap of strides.
 * C must not overlap A or B.  Allocation failure of the packing buffers
 * aborts like the arena does.
 *
 * With BLAS (an EvalBlas, eval/blas.c) the product goes to its
 * cblas_sgemm/cblas_dgemm when the strides are ones a BLAS takes (one
 * stride of each operand 1) and the product is not small (2^18
 * multiply-adds or more), and to the built-in kernels otherwise.  Of those
 * it takes, a product of one column or row goes to its ?gemv and one of 2
 * to 16 columns to eval_sgemm_skinny (neither packs the weights).  A NULL
 * BLAS asks for the built-in kernels, whose rounding is the same on every
 * machine: a BLAS picks its kernels by CPU, and a value that may be written
 * into a model (folding) must not depend on the machine. */
#ifndef TSC_EVAL_GEMM_H
#define TSC_EVAL_GEMM_H

#include <stdbool.h>
#include <stdint.h>

typedef struct EvalBlas EvalBlas;

void eval_sgemm(const EvalBlas *blas, int64_t M, int64_t N, int64_t K, const float *A, int64_t ras,
                int64_t cas, const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc,
                bool accumulate);
void eval_dgemm(const EvalBlas *blas, int64_t M, int64_t N, int64_t K, const double *A, int64_t ras,
                int64_t cas, const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc,
                bool accumulate);

/* ---- eval/blas.c: the packaged BLAS configure found, opened when first needed ---- */

/* The BLAS, single-threaded; NULL when tsc2onnx was built without one or
 * it cannot be opened (the built-in kernels then do the work). */
EvalBlas *eval_blas_open(void);
void eval_blas_close(EvalBlas *b);     /* NULL is fine */
/* What it is ("OpenBLAS 0.3.21 ..."), for timings. */
const char *eval_blas_name(const EvalBlas *b);
/* C = A·B (+ C) as above; false, touching nothing, when the strides or
 * sizes are not ones the BLAS takes. */
bool eval_blas_sgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const float *A, int64_t ras,
                     int64_t cas, const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc,
                     bool accumulate);
bool eval_blas_dgemm(const EvalBlas *b, int64_t M, int64_t N, int64_t K, const double *A, int64_t ras,
                     int64_t cas, const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc,
                     bool accumulate);

/* ---- eval/gemm_skinny.c: products of 2 to 16 columns, for eval_blas_sgemm ---- */

/* C = A·B (+ C) as above, A's rows contiguous (CAS 1), each row of A read
 * once (no packing); false, touching nothing, for other shapes or on a CPU
 * without AVX2 and FMA.  Rounding is the machine's, as with a BLAS. */
bool eval_sgemm_skinny(int64_t M, int64_t N, int64_t K, const float *A, int64_t ras, int64_t cas,
                       const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc, bool accumulate);

#endif
