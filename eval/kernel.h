/* What the evaluator's kernels share (not part of eval/'s interface).
 *
 * A kernel runs one node: it reads its inputs and attributes through an
 * EvalCall, allocates its outputs with eval_output() and returns EVAL_OK,
 * or reports with eval_fail()/eval_unsupported().  Kernels never modify
 * their inputs.  The kernel of each operator is found in the table of
 * eval/ops.c.
 *
 * Generic kernels work on any element type through a common domain: every
 * floating-point type (float16, bfloat16, float32, float64) is computed in
 * double and rounded once when stored, which for + - * / and sqrt gives
 * exactly the correctly rounded result of the narrower type; integers and
 * bool are computed in int64 (uint64 bits for unsigned types), and stores
 * wrap to the element's width (two's complement).  Float-to-integer
 * conversion truncates toward zero; NaN and values out of range (ONNX
 * leaves them undefined) convert as x86 does: to INT32_MIN for int32 and
 * narrower types (then wrapped to the width), to INT64_MIN for int64 and
 * uint32. */
#ifndef TSC_EVAL_KERNEL_H
#define TSC_EVAL_KERNEL_H

#include <stdarg.h>

#include "eval/eval.h"
#include "eval/gemm.h"
#include "ir/opschema.h"

typedef struct EvalCall {
    Evaluator *ev;
    const IrNode *node;
    const OpSchema *schema;
    int version;                /* ONNX since_version of the operator in effect */
    int opset;
    EvalValue *const *in;       /* indexed like node->inputs, NULL = omitted */
    int n_in;
    EvalValue **out;            /* indexed like node->outputs */
    int n_out;
    /* outputs a kernel makes beyond the node's (a malformed node with too
     * few outputs): kept alive until the kernel returns, then dropped */
    EvalValue *spare[OP_MAX_OUTPUTS];
    const void *info;           /* the table entry's data (eval/ops.c) */
} EvalCall;

typedef EvalStatus (*EvalKernel)(EvalCall *c);

typedef struct EvalOp {
    const char *name;
    EvalKernel kernel;
    const void *info;
} EvalOp;

/* The table entry of OP (default domain), NULL when not implemented. */
const EvalOp *eval_find_op(const char *op);

/* ---- reporting ---------------------------------------------------------- */

EvalStatus eval_fail(EvalCall *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
EvalStatus eval_unsupported(EvalCall *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Reports like eval_fail() and returns false, for helpers that answer
 * yes or no. */
bool eval_reject(EvalCall *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The BLAS for C's products (eval/gemm.h): NULL, the built-in kernels,
 * when the evaluator is portable or has none; opened on the first call. */
const EvalBlas *eval_call_blas(EvalCall *c);
/* Records MSG (already formatted) as the evaluator's error. */
EvalStatus eval_report(Evaluator *ev, const IrNode *n, EvalStatus st, const char *msg);

/* ---- inputs and outputs ----------------------------------------------------- */

/* Input I when present, else NULL. */
EvalValue *eval_in(const EvalCall *c, int i);
/* Input I, which must be a tensor; reports and returns NULL otherwise
 * (also when absent and not OPTIONAL). */
EvalValue *eval_tensor_in(EvalCall *c, int i, bool optional);
/* Whether output I is wanted by the graph. */
bool eval_wants(const EvalCall *c, int i);
/* A new zero-filled tensor; NULL after reporting when it is too large. */
EvalValue *eval_alloc(EvalCall *c, DType dt, int rank, const int64_t *dims);
/* Allocates output I (zero-filled); NULL after reporting (too large).
 * The value stays valid while the kernel runs even when the node has no
 * output I. */
EvalValue *eval_output(EvalCall *c, int i, DType dt, int rank, const int64_t *dims);
/* eval_alloc and eval_output without the zero fill, for a kernel that
 * writes every element itself. */
EvalValue *eval_alloc_raw(EvalCall *c, DType dt, int rank, const int64_t *dims);
EvalValue *eval_output_raw(EvalCall *c, int i, DType dt, int rank, const int64_t *dims);
/* Sets output I to V (the call takes the reference). */
void eval_set_output(EvalCall *c, int i, EvalValue *v);

/* The elements of an integer tensor (int8..int64, uint*) as int64 in
 * OUT[0..max); false (after reporting, naming WHAT) when V is not an
 * integer tensor or has more than MAX elements. */
bool eval_read_ints(EvalCall *c, const EvalValue *v, const char *what, int64_t *out,
                    int64_t max, int64_t *n);
/* A 0-d or one-element tensor as a number; false after reporting. */
bool eval_scalar_f64(EvalCall *c, const EvalValue *v, const char *what, double *out);
bool eval_scalar_i64(EvalCall *c, const EvalValue *v, const char *what, int64_t *out);

/* ---- attributes: the node's value, else the schema's default, else FALLBACK -- */

bool eval_has_attr(const EvalCall *c, const char *name);
int64_t eval_attr_int(const EvalCall *c, const char *name, int64_t fallback);
double eval_attr_float(const EvalCall *c, const char *name, double fallback);
const char *eval_attr_str(const EvalCall *c, const char *name, const char *fallback);
/* The list (node's or default), *N its length; NULL with *N = 0 if none. */
const int64_t *eval_attr_ints(const EvalCall *c, const char *name, int *n);
const float *eval_attr_floats(const EvalCall *c, const char *name, int *n);
const IrAttr *eval_attr(const EvalCall *c, const char *name);

/* Largest size, pad, stride or repeat count the kernels accept from an
 * attribute or a small input: products of a few of them stay far from
 * int64 overflow.  Larger values are reported, never computed with. */
#define EVAL_MAX_SIZE (INT64_C(1) << 40)

/* Normalizes AXIS (negative counts from the end) for RANK; false after
 * reporting when out of range. */
bool eval_axis(EvalCall *c, int64_t axis, int rank, int *out);

/* ---- element conversion (eval/convert.c) ---------------------------------- */

typedef enum EvalDomain { DOM_F64, DOM_I64, DOM_U64 } EvalDomain;

EvalDomain eval_domain(DType t);
/* N elements of type T from SRC, every STRIDE-th element, into DST. */
void eval_load_f64(DType t, const void *src, int64_t stride, double *dst, int64_t n);
void eval_load_i64(DType t, const void *src, int64_t stride, int64_t *dst, int64_t n);
/* N elements into contiguous DST of type T, rounded or wrapped. */
void eval_store_f64(DType t, void *dst, const double *src, int64_t n);
void eval_store_i64(DType t, void *dst, const int64_t *src, int64_t n);
/* float to integer as described at the top of this file */
int64_t eval_f64_to_i64(double x);

/* ---- broadcasting (eval/broadcast.c) --------------------------------------- */

#define EVAL_BCAST_MAX 4

/* numpy broadcasting of N tensors; false when a dimension differs and is
 * not 1. */
bool eval_bcast_shape(EvalValue *const *ops, int n, int *rank, int64_t *dims);

/* Walks an output of shape (RANK, DIMS) in row-major order, run by run: a
 * run is a stretch of the innermost (merged) dimension, where operand k is
 * read from element offs[k] with element stride inner[k]. */
typedef struct EvalBcast {
    int n_ops, rank;
    int64_t dims[EVAL_MAX_RANK];
    int64_t strides[EVAL_BCAST_MAX][EVAL_MAX_RANK];
    int64_t index[EVAL_MAX_RANK];
    int64_t offs[EVAL_BCAST_MAX];
    int64_t inner[EVAL_BCAST_MAX];
    bool started, done;
} EvalBcast;

/* OPS are broadcast (numpy rules, already checked) to (RANK, DIMS). */
void eval_bcast_init(EvalBcast *b, EvalValue *const *ops, int n, int rank, const int64_t *dims);
/* The length of the next run (0 at the end); b->offs and b->inner say
 * where each operand's elements are. */
int64_t eval_bcast_next(EvalBcast *b);

/* SRC broadcast to (RANK, DIMS) as a new tensor; NULL after reporting. */
EvalValue *eval_broadcast_to(EvalCall *c, EvalValue *src, int rank, const int64_t *dims);

/* Row-major strides (in elements) of a shape. */
void eval_strides(int rank, const int64_t *dims, int64_t *strides);

/* Copies N elements of size ES from SRC (element stride SSTRIDE) to DST
 * (element stride DSTRIDE). */
void eval_copy_strided(void *dst, int64_t dstride, const void *src, int64_t sstride,
                       int64_t n, size_t es);

/* ---- sliding windows (eval/window.c) ----------------------------------------- */

typedef struct EvalWindow {
    int n;                              /* spatial axes */
    int64_t in[EVAL_MAX_RANK], kernel[EVAL_MAX_RANK], stride[EVAL_MAX_RANK];
    int64_t dilation[EVAL_MAX_RANK], pad_begin[EVAL_MAX_RANK], pad_end[EVAL_MAX_RANK];
    int64_t out[EVAL_MAX_RANK];
} EvalWindow;

/* The window of C over X ([N, C, spatial...]): KERNEL (NULL: the
 * kernel_shape attribute), strides, dilations, pads/auto_pad, and the
 * output size; false after reporting. */
bool eval_window(EvalCall *c, const EvalValue *x, const int64_t *kernel, bool ceil_mode,
                 EvalWindow *w);
/* The same without the output size (ConvTranspose computes its own). */
bool eval_window_params(EvalCall *c, const EvalValue *x, const int64_t *kernel, EvalWindow *w);

/* Sorts IDX[0..n) stably by CMP (negative: a before b); false when out of
 * memory (eval/sort.c). */
typedef int (*EvalCompare)(void *ctx, int64_t a, int64_t b);
bool eval_sort_indices(int64_t *idx, int64_t n, EvalCompare cmp, void *ctx);

/* Copies the view of SRC that starts at element BASE and has shape
 * (RANK, DIMS) with element strides STRIDES (possibly negative or 0) into
 * contiguous DST. */
void eval_copy_view(void *dst, const void *src, int64_t base, int rank, const int64_t *dims,
                    const int64_t *strides, size_t es);

#endif
