/* Graph building.  The interpreter calls lower_onnx_call() for every
 * `onnx.Op(inputs..., attr=...)` it evaluates; this checks the call against
 * the operator schema table, turns Python numbers and lists in input
 * positions into constant tensors of the right element type, appends one
 * node to the graph being built, runs shape inference, and returns the
 * outputs as dynamic tensor values.  Static tensors (parameters, constants)
 * become initializers the first time a node uses them. */
#ifndef TSC_LOWER_H
#define TSC_LOWER_H

#include "ir/ir.h"
#include "sema/interp.h"

struct Lower {
    Compiler *c;
    IrModel *model;
    IrGraph *graph;         /* the graph nodes are appended to */
    int opset;
    bool active;            /* inside forward(): nodes may be emitted */
    const char *scope;      /* module path of the code being lowered */
    const char *scope_type; /* its module's class name */
    struct LowerFunctions *functions;   /* --functions, or NULL */
    int n_constants;
    int n_subgraphs;        /* for subgraph names */
    bool trace_points;      /* mark tensors read as Python numbers (IrNode.trace_point) */
    int scripted;           /* inside @torch.jit.script functions: If and Loop
                             * nodes are marked "script" (kept by trace mode) */
};

void lower_init(Lower *L, Compiler *c, IrModel *m, int opset);

/* onnx.OP(*args, **attrs).  Returns a tensor value, a tuple of them for
 * several outputs, or poison after reporting. */
Value *lower_onnx_call(Interp *in, const OnnxOp *op, CallArgs *args, Span span);

/* onnx.op("DOMAIN::OP", *inputs, **attrs): any operator by name, custom
 * domains included (lower/custom_op.c). */
Value *lower_generic_op(Interp *in, CallArgs *args, Span span);

/* The IR value of a tensor or dynamic scalar in the current graph;
 * static tensors are materialized as initializers.  NULL after reporting. */
IrValue *lower_ir_of(Interp *in, Value *v, Span span);

/* A dynamic tensor value wrapping an IR value (its type taken from it). */
Value *lower_wrap(Interp *in, IrValue *iv);

/* A static tensor from a Python number or (nested) list of numbers, with
 * element type DT (DT_UNDEFINED: int64 for ints, float32 for floats, bool for
 * bools).  NULL (without reporting) when V is not such a value. */
Tensor *lower_const_tensor(Interp *in, Value *v, DType dt, Span span);
/* The same as a tensor value, or an error at SPAN when V is not a number or
   a rectangular list of numbers (a string, None, a ragged list...). */
Value *lower_const_value(Interp *in, Value *v, DType dt, Span span);

/* Stores element I of DATA (element type DT) from a double / an int64. */
void tensor_store_double(void *data, int64_t i, DType dt, double v);
void tensor_store_int(void *data, int64_t i, DType dt, int64_t v);

/* Finishing passes (lower/finish.c): node names from module paths
 * (/layer1/0/conv1/Conv), and every initializer also listed as a graph
 * input. */
void lower_name_nodes(IrModel *m);
/* Names one node (and its outputs) the way lower_name_nodes() does, for
 * nodes the graph passes rewrite afterwards (opt/). */
void lower_name_node(IrModel *m, IrNode *n);
void lower_initializers_as_inputs(IrModel *m);

/* Removes the nodes and initializers no graph output depends on (after the
 * outputs are set; lower/prune.c). */
void lower_prune(IrModel *m);

/* Removes the inputs of M's main graph that nothing in it reads and that
 * WHICH(input, CTX) selects. */
void lower_prune_inputs(IrModel *m, bool (*which)(const IrValue *v, void *ctx), void *ctx);

/* Forces the data of a static tensor (runs its initialization recipe). */
IrTensor *tensor_data(Interp *in, Tensor *t);

/* The data of a static tensor for an initializer: like tensor_data, but a
 * recipe of LOWER_DEFER_BYTES or more is not run: the IrTensor is deferred
 * (IrTensor.fill) and generated when written out, so that a large model's
 * weights never all sit in memory at once. */
IrTensor *tensor_data_deferred(Interp *in, Tensor *t);
#define LOWER_DEFER_BYTES ((size_t)64 * 1024)

/* ---- If and Loop (lower/control.c) ---- */

/* A new subgraph of the graph being built, named KIND_<n>. */
IrGraph *lower_subgraph(Lower *L, const char *kind);
/* Makes V an output of subgraph G with type TYPE, through an Identity node
 * when V is not computed by a node of G; returns the output value. */
IrValue *lower_graph_output(Lower *L, IrGraph *g, IrValue *v, const IrType *type, Span span);
/* If(cond) with the two branches (whose outputs are set) and N outputs of
 * the given types, appended to the graph being built. */
IrNode *lower_if(Lower *L, IrValue *cond, IrGraph *then_g, IrGraph *else_g, const IrType *types,
                 int n, Span span);

/* A Loop body: (iteration, cond_in, carried...) -> outputs set later;
 * NAMES (may be NULL) name the carried inputs after their variables. */
typedef struct LoopBody {
    IrGraph *graph;
    IrValue *iter;          /* int64 scalar */
    IrValue *cond_in;       /* bool scalar */
    IrValue **carried;
    int n_carried;
} LoopBody;
IrGraph *lower_loop_body(Lower *L, const IrType *carried, const char *const *names, int n_carried,
                         LoopBody *out);
/* Loop(trip_count, cond, inits...) -> N_OUTPUTS values (carried finals,
 * then scan outputs); TRIP_COUNT or COND may be NULL (omitted). */
IrNode *lower_loop(Lower *L, IrValue *trip_count, IrValue *cond, IrValue **inits, int n_carried,
                   IrGraph *body, const IrType *out_types, int n_outputs, Span span);
/* Moves the nodes of subgraph G to the end of the graph being built. */
void lower_inline_graph(Lower *L, IrGraph *g);
/* Whether every value used in G (and its subgraphs) is defined in the
 * graph that uses it or one around it: the invariant the interpreter
 * keeps when values flow out of branches and loops only as outputs. */
bool lower_scopes_ok(const IrGraph *g);

#endif
