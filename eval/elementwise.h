/* Elementwise kernels shared between eval/ files: the binary operator
 * definitions and the broadcasting binary machinery (eval/elementwise.c),
 * the unary operator definitions (eval/unary.c). */
#ifndef TSC_EVAL_ELEMENTWISE_H
#define TSC_EVAL_ELEMENTWISE_H

#include "eval/kernel.h"

typedef void (*BinF)(const double *a, const double *b, double *y, int64_t n);
typedef void (*BinI)(const int64_t *a, const int64_t *b, int64_t *y, int64_t n);

typedef struct BinaryDef {
    BinF f;             /* floating-point elements; NULL: not defined */
    BinI i;             /* signed integers and bool */
    BinI u;             /* unsigned integers; NULL: same as i */
    bool to_bool;       /* the result is bool (comparisons, logic) */
} BinaryDef;

extern const BinaryDef eval_bin_add, eval_bin_sub, eval_bin_mul, eval_bin_div;
extern const BinaryDef eval_bin_max, eval_bin_min, eval_bin_equal, eval_bin_greater;
extern const BinaryDef eval_bin_greater_equal, eval_bin_less, eval_bin_less_equal;
extern const BinaryDef eval_bin_and, eval_bin_or, eval_bin_xor, eval_bin_prelu;

/* D applied to A and B broadcast, computed in DOM, stored as OUT_DT; NULL
 * after reporting. */
EvalValue *eval_binary_values(EvalCall *c, const BinaryDef *d, EvalValue *A, EvalValue *B,
                              EvalDomain dom, DType out_dt);

typedef struct UnaryParams {
    double a, b, c;
} UnaryParams;

typedef struct UnaryDef {
    double (*f)(double x, const UnaryParams *p);    /* NULL: no floating form */
    int64_t (*i)(int64_t x, const UnaryParams *p);  /* NULL: integers via f */
    int64_t (*u)(int64_t x, const UnaryParams *p);  /* unsigned; NULL: same as i */
    bool to_bool;                                   /* IsNaN, IsInf */
    bool ints_via_f;                                /* integers computed with f */
    /* float attributes read into p->a, p->b, p->c, with their defaults */
    const char *attrs[3];
    double defaults[3];
} UnaryDef;

EvalStatus eval_unary(EvalCall *c);        /* info: const UnaryDef * */
EvalStatus eval_binary(EvalCall *c);       /* info: const BinaryDef * */
EvalStatus eval_variadic(EvalCall *c);     /* info: const BinaryDef *, NULL = Mean */
EvalStatus eval_mod(EvalCall *c);
EvalStatus eval_pow(EvalCall *c);
EvalStatus eval_where(EvalCall *c);

#endif
