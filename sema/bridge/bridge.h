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
 *                 (--functions)
 *   dynvalue.c    one onnx.* call from C; run-time Python numbers
 *   report.c      --report: unsupported calls recorded, with stand-ins
 *   symbolic.c    @symbolic: custom operator mappings (--library) */
#ifndef TSC_SEMA_BRIDGE_H
#define TSC_SEMA_BRIDGE_H

#include "lower/lower.h"
#include "sema/interp/interp.h"
#include "sema/sema.h"

/* onnx.OP(*args, **attrs).  Returns a tensor value, a tuple of them for
 * several outputs, or poison after reporting. */
Value *bridge_onnx_call(Interp *in, const OnnxOp *op, CallArgs *args, Span span);

/* Frees what build-time computation held (the evaluator). */
void bridge_finish(Interp *in);

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

/* DATA converted to element type DT, as Cast (and torch's copy_)
 * converts, in the evaluator; NULL when it cannot be. */
IrTensor *bridge_cast_data(Interp *in, IrTensor *data, DType dt);

/* Forces the data of a static tensor (runs its initialization recipe). */
IrTensor *bridge_tensor_data(Interp *in, Tensor *t);
/* The data of a static tensor for an initializer: like bridge_tensor_data,
 * but a large recipe is deferred until the model is written out
 * (lower_recipe_tensor). */
IrTensor *bridge_tensor_data_deferred(Interp *in, Tensor *t);

/* ---- one onnx.* call from C, and run-time numbers (dynvalue.c) ---- */

typedef struct OnnxAttrArg {
    const char *name;
    Value *value;
} OnnxAttrArg;
Value *bridge_onnx(Interp *in, const char *op, Value **inputs, int n_inputs, const OnnxAttrArg *attrs,
                 int n_attrs, Span span);
Value *bridge_onnx1(Interp *in, const char *op, Value *x, Span span);
Value *bridge_onnx2(Interp *in, const char *op, Value *x, Value *y, Span span);
Value *bridge_cast(Interp *in, Value *x, DType to, Span span);
/* VK_BOOL, VK_INT or VK_FLOAT for an element type, and back (bool, int64,
 * float32: the element types of run-time numbers). */
ValueKind bridge_number_kind(DType dt);
DType bridge_number_dtype(ValueKind k);
Value *bridge_runtime_number(Interp *in, ValueKind k, IrValue *iv);

/* ---- --report (report.c) ----
 * In report mode a call the compiler cannot lower (a torch function, a
 * Tensor method or a torch.ops operator with no mapping) is recorded with
 * its place and counted instead of stopping the compilation: evaluation
 * goes on with a stand-in result, so one run lists every unsupported call
 * reached.  Trace mode's specializations (a branch fixed, a loop unrolled,
 * a size frozen) are recorded through bridge_report_specialization by the code
 * that makes them.  The driver writes the report (driver/report.c). */

/* Records WHAT at SPAN when report mode is on; returns whether it did. */
bool bridge_report_unsupported(Interp *in, const char *what, Span span);

/* In report mode: records the call WHAT(*ARGS) and returns its stand-in
 * value; NULL when report mode is off. */
Value *bridge_report_unsupported_call(Interp *in, const char *what, CallArgs *args, Span span);

/* interp_getattr's hook, in report mode: an attribute missing from a stdlib
 * module or a tensor is recorded, and is a function returning a stand-in;
 * NULL otherwise. */
Value *bridge_report_missing_attr(Interp *in, Value *obj, const char *name, Span span);

/* Records a specialization trace mode makes (no-op outside report mode). */
void bridge_report_specialization(Interp *in, const char *what, Span span);

/* ---- @symbolic (symbolic.c) ----
 * Custom operator mappings: functions of the model language decorated
 *
 *   from tsc2onnx import symbolic
 *
 *   @symbolic("custom_ops::foo_forward")
 *   def foo_forward(a, b, attr1: float, attr2: int):
 *       return onnx.op("custom_domain::Foo", a, b, attr1_f=attr1, attr2_i=attr2)
 *
 * in a --library file or a module the model imports.  A name NS::OP maps
 * torch.ops.NS.OP(...) (a call the compiler cannot know); aten::OP
 * overrides the stdlib's own mapping of the torch function, functional or
 * Tensor method OP (torch.nn.functional.elu, x.elu() ...).  The function is
 * called with the call's own arguments; while it runs, its own name is not
 * intercepted again, so it may call the stdlib function it overrides. */
typedef struct SymbolicTable SymbolicTable;

/* Sets up the registry and the --custom-opset versions. */
void bridge_symbolic_init(Interp *in, const CustomOpset *opsets, int n_opsets);

/* Loads each --library file as a module (named after the file), before
 * the model.  False after reporting. */
bool bridge_symbolic_load_libraries(Interp *in, const char *const *paths, int n);

/* A call of the stdlib function FN: when a symbolic function overrides it
 * (aten::NAME), runs that instead and returns true with *OUT set. */
bool bridge_symbolic_override(Interp *in, const Function *fn, CallArgs *args, Span span, Value **out);

/* The opset version of a custom DOMAIN (--custom-opset, default 1); the
 * first call records that the graph uses it. */
int bridge_symbolic_domain_version(Interp *in, const char *domain);

/* Warns about --custom-opset domains no node used. */
void bridge_symbolic_check_opsets(Interp *in);

/* Natives of the `tsc2onnx` stdlib module (register) and of torch.ops
 * (call_op). */
void bridge_symbolic_install(Interp *in, Module *m);

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
