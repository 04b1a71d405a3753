/* The bridge from the interpreter's values to the graph (sema/bridge/):
 * what turns an `onnx.Op(...)` call, a tensor value or a module call into
 * IR through the graph builder (lower/), which never sees a Value.
 *
 *   onnx_call.c   onnx.OP(inputs..., attr=...): checked against the schema
 *                 table, Python numbers and lists in input positions become
 *                 constants of the operator's element type, one node, shape
 *                 inference, the outputs as tensor values
 *   custom_op.c   onnx.op("DOMAIN::OP", ...): any operator by name
 *   tensors.c     tensor values <-> IR values: a static tensor becomes an
 *                 initializer the first time a node reads it; constants
 *                 from Python numbers and lists; parameters' data from their
 *                 initialization recipes
 *   functions.c   module calls, and submodules as ONNX local functions
 *                 (--functions) */
#ifndef TSC_SEMA_BRIDGE_H
#define TSC_SEMA_BRIDGE_H

#include "lower/lower.h"
#include "sema/interp.h"

/* onnx.OP(*args, **attrs).  Returns a tensor value, a tuple of them for
 * several outputs, or poison after reporting. */
Value *bridge_onnx_call(Interp *in, const OnnxOp *op, CallArgs *args, Span span);

/* onnx.op("DOMAIN::OP", *inputs, **attrs): any operator by name, custom
 * domains included. */
Value *bridge_generic_op(Interp *in, CallArgs *args, Span span);

/* The IR value of a tensor or dynamic scalar in the current graph;
 * static tensors are materialized as initializers.  NULL after reporting. */
IrValue *bridge_ir_of(Interp *in, Value *v, Span span);

/* A dynamic tensor value wrapping an IR value (its type taken from it). */
Value *bridge_wrap(Interp *in, IrValue *iv);

/* A static tensor from a Python number or (nested) list of numbers, with
 * element type DT (DT_UNDEFINED: int64 for ints, float32 for floats, bool for
 * bools).  NULL (without reporting) when V is not such a value. */
Tensor *bridge_const_tensor(Interp *in, Value *v, DType dt, Span span);
/* The same as a tensor value, or an error at SPAN when V is not a number or
   a rectangular list of numbers (a string, None, a ragged list...). */
Value *bridge_const_value(Interp *in, Value *v, DType dt, Span span);

/* Forces the data of a static tensor (runs its initialization recipe). */
IrTensor *bridge_tensor_data(Interp *in, Tensor *t);
/* The data of a static tensor for an initializer: like bridge_tensor_data,
 * but a large recipe is deferred until the model is written out
 * (lower_recipe_tensor). */
IrTensor *bridge_tensor_data_deferred(Interp *in, Tensor *t);

/* ---- module calls and ONNX local functions (functions.c) ----
 *
 * With --functions, each call of a selected module class's forward() is
 * lowered into a function body of its own; the caller gets one node
 *
 *   y = ClassName[config...](dynamic args..., captured values...)
 *
 * in the function's domain.  The body's inputs are the call's run-time
 * values (tensors, run-time scalars, also inside lists and tuples) and then
 * every value the body uses from outside (parameters, constants), in order
 * of first use; its outputs are the run-time values forward() returns
 * (static parts of the result are returned to the caller as they are).
 * The module's static configuration (int, float, bool, str attributes and
 * tuples of numbers, e.g. in_features, kernel_size) becomes attributes of
 * the call node and of the function.  Calls of the same class, with the
 * same configuration and the same body, share one FunctionProto: Linear,
 * then Linear_1 ... for other configurations.  A call whose body cannot be
 * a function (it returns nothing computed at run time) is inlined. */
typedef struct BridgeFunctions {
    bool all;                   /* every module class */
    const char **classes;       /* else these */
    int n_classes;
    bool *class_used;           /* per classes entry, for messages */
    const char *domain;         /* of the functions and their call nodes */
    PtrVec variants;            /* FunctionVariant*, in creation order */
} BridgeFunctions;

/* The domain local functions are written in. */
#define BRIDGE_FUNCTION_DOMAIN "tsc2onnx.functions"

/* module(*args): calls FWD (the module's bound forward) with the module's
 * path as the scope of the nodes it emits; with --functions and a selected
 * class, as a local function. */
Value *bridge_module_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span);

/* After lowering: reports --functions classes that no call used. */
void bridge_functions_check(Interp *in);

#endif
