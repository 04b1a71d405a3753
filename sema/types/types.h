/* TorchScript's type rules for the code forward() runs (sema/types/types.c).
 *
 * The interpreter is dynamic, but the functions of the user's files that
 * run while forward() is lowered are checked the way TorchScript checks a
 * scripted module: annotations of parameters, return values and variables
 * are checked against the values, a variable keeps one type, list and dict
 * displays hold one element type, and an Optional[T] must be refined (`is
 * not None`, assert, assignment) before it is used as a T.  Stdlib
 * functions may carry annotations too; they are checked with Python's
 * leniency (an int where a float is expected). */
#ifndef TSC_SEMA_TYPES_H
#define TSC_SEMA_TYPES_H

#include "sema/interp/interp.h"

typedef enum TsKind {
    TS_ANY,         /* not checked (no annotation, or an unknown element type) */
    TS_TENSOR,
    TS_INT,
    TS_FLOAT,
    TS_BOOL,
    TS_STR,
    TS_NONE,
    TS_DTYPE,
    TS_LIST,        /* args[0] */
    TS_TUPLE,       /* args[0..n); variadic: Tuple[T, ...] */
    TS_DICT,        /* args[0], args[1] */
    TS_OPTIONAL,    /* args[0] */
    TS_UNION,       /* args[0..n) */
    TS_CLASS,       /* an instance of cls */
    TS_OTHER,       /* a value with no TorchScript type (a function, a module) */
} TsKind;

typedef struct TsType {
    TsKind kind;
    const struct TsType **args;
    int n;
    bool variadic;
    Value *cls;
    const char *name;   /* TS_CLASS, TS_OTHER */
} TsType;

/* Whether the current frame is script code: a function of the user's files
 * running while forward() is lowered. */
bool types_script_frame(Interp *in);

/* The TorchScript type of a value; "Tensor", "List[int]" ... */
const TsType *types_of_value(Interp *in, const Value *v);
const char *types_name(Interp *in, const TsType *t);

/* The parameters of a script function become its first typed variables. */
void types_enter_frame(Interp *in, Function *fn, Scope *locals);

/* Records FN as an overload declaration (@torch.jit._overload_method):
 * calls of the plain definition with the same qualified name are checked
 * against the declared signatures. */
void types_declare_overload(Interp *in, Value *fn);
/* Checks the bound arguments of a call of FN against its annotations (and,
 * in script code, TorchScript's default: an unannotated parameter without
 * a default is a Tensor).  False after reporting. */
bool types_check_call(Interp *in, Function *fn, CallArgs *args, Scope *locals, Span span);
/* The value of `return` against the function's `-> T`. */
void types_check_return(Interp *in, const AstNode *ret, Value *v);
/* An assignment to TARGET (annotated with ANN, or NULL) in script code:
 * the annotation is checked and the variable keeps one type. */
void types_check_assign(Interp *in, const AstNode *target, const AstNode *ann, Value *v);
/* The elements of a list or dict display in script code have one type;
 * false after reporting. */
bool types_check_display(Interp *in, const AstNode *display, Value *v);
/* NULL when a forward() parameter annotated ANN can be a graph input, else
 * the annotation's type name (lists, tuples and dicts cannot yet). */
const char *types_graph_input_problem(Interp *in, const AstNode *ann, Scope *globals);
/* Optional[T] variables of FN used without refinement (a static pass, run
 * once per function definition). */
void types_check_optionals(Interp *in, Function *fn);
/* Reads DEF's PEP 484 type comments into its annotations, once
 * (types_comment.c). */
void types_read_type_comments(Interp *in, const AstNode *def);

/* What sema/types/types.c and sema/types/types_optional.c share. */

/* Annotations parsed once per AST node; functions whose Optional uses were
 * checked (keyed by their definition). */
struct TypeCache {
    const void **keys;
    const void **vals;
    int len, cap;
};

/* A variable of a script function and the type it keeps. */
typedef struct TypeVar {
    const char *name;
    const TsType *type;
    bool declared;      /* by an annotation: values must match it */
    Span where;         /* where it got its type */
    int depth;          /* Interp.block_depth where it got its type */
} TypeVar;

struct TypeEnv {
    TypeVar *vars;
    int n, cap;
};

TypeCache *types_cache(Interp *in);
const void *types_cache_get(Interp *in, const void *key);
void types_cache_put(Interp *in, const void *key, const void *val);

const TsType *types_simple(Interp *in, TsKind k);
const TsType *types_unify(Interp *in, const TsType *a, const TsType *b);
bool types_value_matches(Interp *in, const TsType *want, const Value *v, bool lenient);
const TsType *types_annotation(Interp *in, const AstNode *ann, Scope *globals, bool report);

#endif
