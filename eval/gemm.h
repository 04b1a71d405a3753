/* Blocked matrix multiplication (eval/gemm.c), for the kernels that
 * reduce to it: MatMul, Gemm, Conv, ConvTranspose, the recurrent layers.
 *
 * C[M][N] (row stride LDC) = A·B, plus the previous C when ACCUMULATE;
 * element (i, k) of A is A[i*RAS + k*CAS], element (k, j) of B is
 * B[k*RBS + j*CBS], so a transposed operand is only a swap of strides.
 * C must not overlap A or B.  Allocation failure of the packing buffers
 * aborts like the arena does. */
#ifndef TSC_EVAL_GEMM_H
#define TSC_EVAL_GEMM_H

#include <stdbool.h>
#include <stdint.h>

void eval_sgemm(int64_t M, int64_t N, int64_t K, const float *A, int64_t ras, int64_t cas,
                const float *B, int64_t rbs, int64_t cbs, float *C, int64_t ldc, bool accumulate);
void eval_dgemm(int64_t M, int64_t N, int64_t K, const double *A, int64_t ras, int64_t cas,
                const double *B, int64_t rbs, int64_t cbs, double *C, int64_t ldc, bool accumulate);

#endif
