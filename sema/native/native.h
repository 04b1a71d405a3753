/* The modules the compiler implements in C (sema/native/): _native, the
 * stdlib's access to the compiler (tensor facts, constants, initialization
 * recipes, in-place writes and views, errors), onnx and math.
 *
 *   native.c          _native's core and the one list of native tables
 *   native_tensor.c   in-place writes, views, Python numbers from tensors
 *   math.c            the math module
 *   copy.c            copy.copy and copy.deepcopy */
#ifndef TSC_SEMA_NATIVE_H
#define TSC_SEMA_NATIVE_H

#include "sema/interp/interp.h"

/* The dimension a size value stands for (static int, or a run-time int
 * with its symbolic dimension), else unknown. */
Dim native_value_dim(const Value *v);
/* The in-place write D = S: every value holding D's tensor object sees S's
 * value from now on (a region logs the write, sema/flow/flow.h). */
void native_assign(Interp *in, Tensor *d, Tensor *s);
/* Re-takes view T from its base when the base was written since. */
bool native_refresh_view(Interp *in, Tensor *t, Span span);
/* Levenshtein distance of two names (99 for names over 63 bytes). */
int native_edit_distance(const char *s, const char *t);
/* The nearest of NAMES to NAME by edit distance, NULL when none is close. */
const char *native_nearest_name(const char *name, const char *const *names, int n);
/* The nearest public attribute name of OBJ (module, class or instance). */
const char *native_suggest_attr(Interp *in, Value *obj, const char *name);
/* A name NAME that OBJ lacks, for the torch API (pytorch_names.c): the
 * owner PyTorch spells OBJ as ("torch.nn.functional", "Tensor") when OBJ is
 * a stdlib module, a tensor or the Tensor class, else NULL; whether PyTorch has OWNER.NAME;
 * and the "; did you mean ..." of an error (or ""), given only for a name
 * PyTorch does not have, naming a PyTorch name the compiler lacks when
 * that is strictly nearer and nothing when it is as near; the name
 * suggested is OWNER.X, or X when OWNER is NULL. */
const char *native_pytorch_owner(Interp *in, Value *obj);
bool native_pytorch_has(const char *owner, const char *name);
const char *native_missing_hint(Interp *in, Value *obj, const char *owner, const char *name);
/* The natives of native_tensor.c (its table), and what it sets up besides
 * (the CompileError class of _native.error). */
extern const Builtin native_tensor_natives[];
extern const int native_tensor_count;
/* clone(): a fresh tensor with T's value (not a view of it). */
Value *native_clone_tensor(Interp *in, Value *t, Span span);
/* A view sharing the storage of T (x.data, detach). */
Value *native_alias_tensor(Interp *in, Tensor *t);
/* copy.copy and copy.deepcopy (copy.c). */
extern const Builtin native_copy_natives[];
extern const int native_copy_count;
void native_tensor_init(Interp *in, Module *m);

/* The modules the compiler implements in C: _native, onnx (every attribute
 * an operator: native_onnx_op), math (math.c), tsc2onnx (@symbolic,
 * sema/bridge/symbolic.c); called when such a module is first imported. */
void native_install_module(Interp *in, Module *m);
Value *native_onnx_op(Interp *in, Module *onnx, const char *name);
void native_install_math(Interp *in, Module *m);

/* torch.promote_types */
DType native_promote_types(DType a, DType b);

#endif
