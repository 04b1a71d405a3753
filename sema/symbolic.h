/* Custom operator mappings: functions of the model language decorated
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
#ifndef TSC_SYMBOLIC_H
#define TSC_SYMBOLIC_H

#include "sema/interp.h"
#include "sema/sema.h"

typedef struct SymbolicTable SymbolicTable;

/* Sets up the registry and the --custom-opset versions. */
void symbolic_init(Interp *in, const CustomOpset *opsets, int n_opsets);

/* Loads each --library file as a module (named after the file), before
 * the model.  False after reporting. */
bool symbolic_load_libraries(Interp *in, const char *const *paths, int n);

/* A call of the stdlib function FN: when a symbolic function overrides it
 * (aten::NAME), runs that instead and returns true with *OUT set. */
bool symbolic_override(Interp *in, const Function *fn, CallArgs *args, Span span, Value **out);

/* The opset version of a custom DOMAIN (--custom-opset, default 1); the
 * first call records that the graph uses it. */
int symbolic_domain_version(Interp *in, const char *domain);

/* Warns about --custom-opset domains no node used. */
void symbolic_check_opsets(Interp *in);

/* Natives of the `tsc2onnx` stdlib module (register) and of torch.ops
 * (call_op). */
void symbolic_install(Interp *in, Module *m);

#endif
