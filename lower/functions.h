/* Module calls and ONNX local functions (--functions).
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
#ifndef TSC_LOWER_FUNCTIONS_H
#define TSC_LOWER_FUNCTIONS_H

#include "lower/lower.h"

typedef struct LowerFunctions {
    bool all;                   /* every module class */
    const char **classes;       /* else these */
    int n_classes;
    bool *class_used;           /* per classes entry, for messages */
    const char *domain;         /* of the functions and their call nodes */
    PtrVec variants;            /* FunctionVariant*, in creation order */
} LowerFunctions;

/* The domain local functions are written in. */
#define LOWER_FUNCTION_DOMAIN "tsc2onnx.functions"

/* module(*args): calls FWD (the module's bound forward) with the module's
 * path as the scope of the nodes it emits; with --functions and a selected
 * class, as a local function. */
Value *lower_module_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span);

/* The local-function form of lower_module_call (lower/functions.c). */
Value *lower_function_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span);

/* After lowering: reports --functions classes that no call used. */
void lower_functions_check(Interp *in);

#endif
