/* eval/: the reference evaluator.  Runs an IrGraph (loaded from any .onnx
 * file by emit/load.h, or built by the compiler) on given input values, or a
 * single node on given inputs (constant folding), with ONNX's semantics:
 * numpy broadcasting, IEEE NaN/Inf/-0.0 propagation, integer arithmetic
 * that wraps as two's complement, round-half-to-even where ONNX rounds.
 *
 * Values.  An EvalValue is a tensor, a sequence of tensors or an optional
 * (empty, or holding a tensor or a sequence).  Values are reference-counted
 * and immutable once a kernel has produced them: a kernel never writes to
 * its inputs, so Identity, Reshape and the like may hand out their input.
 * Tensor data is row-major and little-endian like IrTensor's, aligned to
 * EVAL_ALIGN bytes; it is owned by the value (malloc) or borrowed from an
 * IrTensor that outlives the evaluation (initializers, Constant nodes).
 *
 * Ownership.  Every function returning an EvalValue * gives the caller one
 * reference, which it gives back with eval_release().  Inputs passed to
 * eval_graph()/eval_node() stay the caller's.  An evaluation frees each
 * intermediate value right after its last use, so peak memory is the live
 * set, not the whole graph; nothing is leaked when it fails.
 *
 * Errors.  A failing evaluation returns EVAL_ERROR (the model or its inputs
 * are inconsistent: shapes that do not broadcast, an index out of range) or
 * EVAL_UNSUPPORTED (an operator, attribute value or element type this
 * evaluator does not implement yet), with a one-line message naming the
 * node in eval_error() and the node in eval_error_node(). */
#ifndef TSC_EVAL_H
#define TSC_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "support/arena.h"

#define EVAL_MAX_RANK 32
#define EVAL_ALIGN 64

typedef enum EvalKind {
    EVAL_TENSOR,
    EVAL_SEQUENCE,
    EVAL_OPTIONAL,
} EvalKind;

typedef struct EvalValue EvalValue;
struct EvalValue {
    int refs;
    EvalKind kind;
    /* tensor: element type; sequence: type of its tensors; optional: the
     * element type of what it holds (DT_UNDEFINED when not known) */
    DType dtype;
    /* tensor */
    int rank;
    int64_t dims[EVAL_MAX_RANK];
    int64_t numel;
    void *data;                 /* numel * dtype_size(dtype) bytes */
    bool owns_data;
    EvalValue *base;            /* a view: the tensor whose data it shares */
    /* sequence: n_items tensors */
    EvalValue **items;
    int n_items, cap_items;
    /* optional: the value held, NULL when empty; elem_kind says what an
     * empty optional would hold */
    EvalValue *elem;
    EvalKind elem_kind;
};

typedef enum EvalStatus {
    EVAL_OK = 0,
    EVAL_ERROR,
    EVAL_UNSUPPORTED,
} EvalStatus;

/* ---- values -------------------------------------------------------------- */

/* A zero-filled tensor; NULL when the size overflows or memory runs out. */
EvalValue *eval_tensor_new(DType dt, int rank, const int64_t *dims);
/* The same, its elements not yet written: for a kernel that writes every
 * one (a pass over memory saved). */
EvalValue *eval_tensor_new_raw(DType dt, int rank, const int64_t *dims);
/* A tensor viewing T's data without copying (T must outlive the value);
 * NULL for string tensors, which the evaluator does not hold. */
EvalValue *eval_tensor_borrow(const IrTensor *t);
/* A tensor sharing V's data (V stays alive as long as the view), with
 * another shape of the same element count. */
EvalValue *eval_tensor_reshape(EvalValue *v, int rank, const int64_t *dims);
EvalValue *eval_sequence_new(DType elem);
/* Appends T to SEQ, which takes a reference. */
void eval_sequence_push(EvalValue *seq, EvalValue *t);
/* An optional holding ELEM (a new reference is taken), or empty when ELEM
 * is NULL (then KIND and DT say what it would hold). */
EvalValue *eval_optional_new(EvalValue *elem, EvalKind kind, DType dt);

EvalValue *eval_retain(EvalValue *v);
void eval_release(EvalValue *v);     /* NULL is fine */

/* Element I of tensor V as a double, or as an int64 (floats truncated;
 * uint64 elements as their bits). */
double eval_get_f64(const EvalValue *v, int64_t i);
int64_t eval_get_i64(const EvalValue *v, int64_t i);

/* Tensor V converted to element type T as Cast does (a new reference; V
 * itself when it already has type T).  NULL when out of memory. */
EvalValue *eval_cast(EvalValue *v, DType t);

/* A copy of tensor V as an IrTensor in A. */
IrTensor *eval_to_ir_tensor(Arena *a, const EvalValue *v);
/* "float32[2, 3]", "seq(float32)[4]", "optional(int64)" ... in A. */
const char *eval_value_type_str(Arena *a, const EvalValue *v);

/* ---- evaluation ------------------------------------------------------------ */

/* Called after each node ran (trace mode, compare): OUTPUTS are indexed
 * like node->outputs (NULL for omitted ones) and stay owned by the
 * evaluator. */
typedef void (*EvalNodeHook)(void *ctx, const IrNode *node, EvalValue *const *outputs);

typedef struct EvalPlan EvalPlan;

typedef struct Evaluator {
    Arena arena;                /* plans and messages */
    uint64_t seed;              /* for random operators without a seed attribute */
    uint64_t draws;             /* random operators run so far */
    int64_t max_loop_iterations;
    int64_t loop_iterations;        /* of every Loop in this run of a top-level graph */
    int64_t max_total_loop_iterations;
    EvalNodeHook hook;
    void *hook_ctx;
    /* the value of every IrValue being evaluated, by IrValue.id */
    EvalValue **slots;
    int n_slots;
    PtrVec plans;               /* EvalPlan *, one per graph run so far */
    PtrVec defaults;            /* parsed attribute defaults of the schema */
    char *error;
    const IrNode *error_node;
    int64_t nodes_run;
    int64_t max_nodes_run;      /* > 0: stop with an error past this many
                                 * nodes in all (fuzz/onnx bounds a run so) */
    /* products through the built-in kernels even when built with a BLAS
     * (eval/gemm.h): set where results may be written into a model */
    bool portable_kernels;
    struct EvalBlas *blas;      /* opened on the first product that wants it */
    bool blas_tried;
} Evaluator;

/* A Loop that runs longer is stopped with an error: a model with a
 * corrupt trip count must not keep the evaluator busy for hours. */
#define EVAL_DEFAULT_MAX_LOOP_ITERATIONS (INT64_C(1) << 24)
/* Nor do nested Loops, each within that bound, whose trip counts multiply:
 * the iterations of all Loops in one run of a graph are bounded too. */
#define EVAL_DEFAULT_MAX_TOTAL_LOOP_ITERATIONS (INT64_C(1) << 24)

void eval_init(Evaluator *ev, uint64_t seed);
void eval_free(Evaluator *ev);

/* Runs G on INPUTS (indexed like g->inputs; a NULL entry takes the
 * initializer of an input that has one) and stores one new reference per
 * graph output in OUTPUTS (indexed like g->outputs). */
EvalStatus eval_graph(Evaluator *ev, const IrGraph *g, EvalValue *const *inputs,
                      EvalValue **outputs);

/* Runs the single node N on INPUTS (indexed like n->inputs, NULL for
 * omitted ones); OUTPUTS (indexed like n->outputs) receive new references,
 * NULL for omitted outputs.  Values of outer graphs that a Loop/If body of
 * N reads must be given through a prior eval_graph, so constant folding
 * calls this on nodes without bodies. */
EvalStatus eval_node(Evaluator *ev, const IrNode *n, EvalValue *const *inputs,
                     EvalValue **outputs);

/* The evaluator plans each graph once (which kernel runs each node, when
 * each value is freed) and makes the plan again when the graph's node list
 * or outputs change.  A caller that rewires the inputs of existing nodes
 * between runs calls this to drop every plan. */
void eval_forget_plans(Evaluator *ev);

/* Whether the evaluator implements N's operator at its model's opset (the
 * attribute values and element types are checked when it runs). */
bool eval_supports(const IrNode *n);

/* The message of the last failure ("node 'conv1' (Conv): ...") and the node
 * it happened in (NULL when no node was running). */
const char *eval_error(const Evaluator *ev);
const IrNode *eval_error_node(const Evaluator *ev);

/* ---- comparisons --------------------------------------------------------------- */

/* Whether GOT matches WANT: same kind, element type and shape, integer and
 * bool elements equal, floating-point elements within
 * |got - want| <= atol + rtol * |want|, NaN matching NaN and infinities
 * matching the same infinity; with RTOL and ATOL 0, exactly (-0.0 differs
 * from 0.0).  *WHY (in A) says where they differ. */
bool eval_values_close(Arena *a, const EvalValue *got, const EvalValue *want, double rtol,
                       double atol, char **why);

#endif
