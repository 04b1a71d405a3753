/* Functions shared between the files of sema/ (not part of its interface). */
#ifndef TSC_SEMA_INTERNAL_H
#define TSC_SEMA_INTERNAL_H

#include "sema/interp.h"

/* expr.c */
Value *eval_binop(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *eval_inplace_binop(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *eval_compare_op(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *eval_truth(Interp *in, Value *v, Span span);
Value *eval_subscript_value(Interp *in, Value *obj, Value *index, Span span);
Value *lookup_name(Interp *in, const char *name);
Value *eval_bool_op_from(Interp *in, const AstNode *e, int start);
Value *eval_compare_from(Interp *in, const AstNode *e, int start, Value *left);
Value *format_value(Interp *in, Value *v, const char *spec, Span span);

/* native.c: torch.promote_types */
DType promote_types(DType a, DType b);

/* call.c */
/* SPAN when it is in the user's files, else the innermost call from user
 * code into the stdlib (where diagnostics and IR nodes point). */
Span sema_user_span(Interp *in, Span span);
Value *make_function(Interp *in, const AstNode *def, const char *name, Span span);
Closure *closure_of(Interp *in, Frame *f);
void record_traceback(Interp *in, Value *exc, Span span);
/* SPAN when it is in the user's files, else the innermost call from user
 * code into the stdlib (where nodes and errors are attributed). */
Span sema_user_span(Interp *in, Span span);
/* Reports an uncaught exception as a compile error with its call chain. */
void report_uncaught(Interp *in);

/* imports.c */
ExecStatus exec_import(Interp *in, const AstNode *s);

/* dynvalue.c: one onnx.* call from C, and run-time numbers. */
typedef struct OnnxAttrArg {
    const char *name;
    Value *value;
} OnnxAttrArg;
Value *sema_onnx(Interp *in, const char *op, Value **inputs, int n_inputs, const OnnxAttrArg *attrs,
                 int n_attrs, Span span);
Value *sema_onnx1(Interp *in, const char *op, Value *x, Span span);
Value *sema_onnx2(Interp *in, const char *op, Value *x, Value *y, Span span);
Value *sema_cast(Interp *in, Value *x, DType to, Span span);
/* VK_BOOL, VK_INT or VK_FLOAT for an element type, and back (bool, int64,
 * float32: the element types of run-time numbers). */
ValueKind sema_number_kind(DType dt);
DType sema_number_dtype(ValueKind k);
Value *sema_runtime_number(Interp *in, ValueKind k, IrValue *iv);
/* Installs the natives of dynvalue.c (and dynlist.c) into _native. */
void control_natives_install(Interp *in, struct Module *m);

/* Native class tags (Class.native). */
enum {
    NATIVE_CLASS_NONE,
    NATIVE_CLASS_OBJECT,
    NATIVE_CLASS_TYPE,
    NATIVE_CLASS_INT,
    NATIVE_CLASS_FLOAT,
    NATIVE_CLASS_BOOL,
    NATIVE_CLASS_STR,
    NATIVE_CLASS_LIST,
    NATIVE_CLASS_TUPLE,
    NATIVE_CLASS_DICT,
    NATIVE_CLASS_RANGE,
    NATIVE_CLASS_NONETYPE,
    NATIVE_CLASS_FUNCTION,
    NATIVE_CLASS_TENSOR,
    NATIVE_CLASS_DTYPE,
    NATIVE_CLASS_SLICE,
};

#endif
