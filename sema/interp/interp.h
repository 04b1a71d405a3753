/* The compile-time interpreter of the model language (sema/interp/): the
 * Python core.
 *
 *   interp.c     setup, the limits of compile-time evaluation
 *   exec.c       statements          expr.c     expressions
 *   call.c       calls, attributes, classes, exceptions
 *   imports.c    modules: the stdlib, the user's files
 *   builtins.c   the builtin functions, iteration
 *   builtins_object.c   the builtin classes, object and type
 *                (metaclasses), isinstance, unions, iterators
 *   builtins_methods.c, builtins_str.c, builtins_set.c   the methods
 *                of list, tuple, dict; str and formatting; set
 *
 * It executes module bodies, __init__ and everything they call exactly as
 * Python would, on static values; in forward() the same interpreter performs
 * partial evaluation: operations on dynamic values go through the stdlib to
 * `onnx.*` primitives, which append nodes to the graph being built (lower/).
 *
 * Errors: an error the interpreter detects (a type error, an unsupported
 * construct) is reported at once and evaluation continues with a poison
 * value (VK_ERROR) that silently propagates, so one run reports every
 * independent error.  A Python `raise` is different: it unwinds (status
 * EXEC_RAISE, expression result NULL) so try/except works; uncaught, it
 * becomes a compile error showing the message and the chain of calls. */
#ifndef TSC_SEMA_INTERP_H
#define TSC_SEMA_INTERP_H

#include "sema/value/value.h"
#include "support/context.h"

typedef struct Lower Lower;
typedef struct TypeEnv TypeEnv;
typedef struct TypeCache TypeCache;

typedef enum ExecStatus {
    EXEC_NORMAL,
    EXEC_RETURN,
    EXEC_BREAK,
    EXEC_CONTINUE,
    EXEC_RAISE,
    /* an exit (break, continue, return) happened on some run-time paths
     * only: the frame's exit flags say which (sema/flow/flow.h) */
    EXEC_MAYBE,
} ExecStatus;

typedef struct Frame {
    struct Frame *caller;
    Function *func;             /* NULL for module and class bodies */
    Scope *locals;
    Scope *globals;
    Closure *closure;           /* enclosing function scopes */
    Scope *declared_global;     /* names declared `global` here */
    Scope *declared_nonlocal;
    Value *return_value;
    Span call_span;             /* the call that created this frame */
    Value *defining_class;      /* for zero-argument super() */
    Value *first_arg;
    struct Module *module;
    TypeEnv *types;             /* script code: the type each variable keeps */
    bool python;                /* a @torch.jit.ignore / unused function or what it
                                 * calls: plain Python, never TorchScript */
    PtrVec *annotations;        /* a class body: its annotated names (AST_ANN_ASSIGN) */
} Frame;

/* Well-known names, interned once. */
typedef struct InterpNames {
    const char *init, *call, *forward, *self, *name_, *module_, *qualname;
    const char *getattr, *setattr, *getitem, *setitem, *len, *iter, *contains;
    const char *bool_, *str_, *repr, *enter, *exit, *class_, *dict_;
    const char *new_, *next, *get, *set, *delete_, *set_name, *init_subclass, *annotations;
    const char *abstractmethods, *missing, *hash, *eq, *format, *instancecheck, *subclasscheck;
    const char *mro_entries, *doc, *wrapped;
    const char *training, *parameters_, *buffers_, *modules_, *non_persistent;
    const char *opset, *torch, *onnx, *native;
    /* exit flags of run-time control flow (sema/flow/flow.h) */
    const char *flag_break, *flag_continue, *flag_return, *return_value;
} InterpNames;

/* Classes the interpreter itself needs to recognize. */
typedef struct InterpClasses {
    Value *object, *type, *module;      /* builtins.object, type, torch.nn.Module */
    Value *base_exception, *exception;
    Value *type_error, *value_error, *runtime_error, *assertion_error;
    Value *not_implemented_error, *attribute_error, *key_error, *index_error;
    Value *import_error, *stop_iteration, *zero_division_error, *overflow_error;
    Value *tensor;                      /* torch.Tensor (stdlib class of methods) */
    Value *parameter;                   /* torch.nn.Parameter (marker) */
    Value *nn_module;                   /* torch.nn.Module */
    Value *dtype;                       /* torch.dtype */
    Value *runtime_int, *runtime_float, *runtime_bool;  /* methods of run-time scalars */
    Value *complex_tensor;  /* stdlib/torch/_complex.ts's ComplexTensor */
    Value *compile_error;               /* _native.error(): reported, unwinds to user code */
    Value *iterator;                    /* iter(list) ... (builtins_object.c) */
    Value *union_type;                  /* int | None */
} InterpClasses;

struct Interp {
    Compiler *c;
    Arena *arena;
    Lower *lower;               /* graph builder, set while lowering forward */
    bool lowering;              /* inside forward(): nodes may be emitted */
    bool trace_points;          /* mark tensors read as Python numbers (IrNode.trace_point) */
    bool tracing;               /* --trace: torch.jit.is_tracing() is True */
    struct BridgeFunctions *functions;  /* --functions, or NULL */
    /* build-time tensor computation (sema/bridge/onnx_call.c): the
     * evaluator and the scratch model its nodes are built in, made on first
     * use and freed by bridge_finish */
    struct Evaluator *evaluator;
    IrModel *scratch;
    int opset;
    const char **search_paths;  /* for imports of user modules */
    int n_search_paths;
    Scope *modules;             /* full module name -> VK_MODULE */
    Scope *builtins;
    Frame *frame;
    int depth;
    long steps;
    int expr_depth;             /* interp_eval calls in progress (every call nests one) */
    uint64_t seed;              /* base seed of default initialization */
    uint64_t n_random_tensors;  /* per-tensor streams derive from this */
    Value *exc;                 /* the exception being raised */
    Span exc_span;
    /* A limit or the C stack guard fired: this exception unwinds to the
     * top and ends the compile.  It is not a Python exception: no except,
     * finally, with, run-time branch or default catches it, and every
     * later limit check raises it again (sema/interp/interp.c). */
    Value *abort;
    bool abort_reported;
    int try_depth;              /* `try` bodies being run (imports there are not deferred) */
    Value *globals_view;        /* the class of globals()'s views, made on first use */
    const struct Lazy *lazy_root;   /* the first failure read in the trial in progress
                                     * (sema/interp/imports.c) */
    InterpNames id;
    InterpClasses cls;
    bool static_only;           /* no graph: dynamic values are errors */
    struct SymbolicTable *symbolics;    /* @symbolic mappings (sema/bridge/symbolic.c) */
    struct Report *report;      /* --report records, or NULL (sema/bridge/report.c) */
    int block_depth;            /* statement blocks entered (interp_exec_block), for
                                 * TorchScript's rule that a variable keeps its
                                 * type inside if/for/while bodies */
    Scope *overloads;           /* qualname -> list of @_overload declarations */
    TypeCache *types;           /* parsed annotations (sema/types/types.c) */
    /* run-time control flow (sema/flow/region.c, sema/flow/control.c) */
    uint32_t clock;             /* advances when a region starts */
    struct Region *region;      /* innermost region running, or NULL */
    PtrVec flows;               /* FlowCache*: dataflow of the functions that needed it */
    PtrVec unrefined_uses;      /* AstNode*: uses of an Optional reported as unrefined (types_optional.c) */
    struct BlockRest *rest;     /* the rest of the block being executed */
    bool has_init_subclass;     /* some class defines __init_subclass__ */
};

void interp_init(Interp *in, Compiler *c, int opset, uint64_t seed);

/* Modules (sema/interp/imports.c). */
Value *interp_import(Interp *in, const char *name, Span span, int level, struct Module *from);
/* Builtins about modules (globals()), installed by interp_init. */
void interp_install_module_builtins(Interp *in);
/* Reading lazy binding V (VK_LAZY) of NAME in scope S at SPAN: a deferred
 * import is made (and S rebound to what it gives), a failure is reported. */
Value *interp_read_lazy(Interp *in, Scope *s, const char *name, Value *v, Span span);
Value *interp_load_main(Interp *in, const char *path);
/* Loads the file PATH as a module named after the file (a --library). */
Value *interp_load_file(Interp *in, const char *path);

/* Statements and expressions (sema/interp/exec.c, sema/interp/expr.c). */
ExecStatus interp_exec_block(Interp *in, const AstList *body);
ExecStatus interp_exec_stmt(Interp *in, const AstNode *s);
/* NULL when an exception is being raised (in->exc); VK_ERROR on reported errors. */
Value *interp_eval(Interp *in, const AstNode *e);
ExecStatus interp_assign(Interp *in, const AstNode *target, Value *v);

/* Calls (sema/interp/call.c). */
Value *interp_call(Interp *in, Value *callee, CallArgs *args, Span span);
Value *interp_call_simple(Interp *in, Value *callee, Value **pos, int n_pos, Span span);
Value *interp_call_method(Interp *in, Value *self, const char *name, Value **pos, int n_pos, Span span);
Value *interp_getattr(Interp *in, Value *obj, const char *name, Span span);
/* Like interp_getattr but returns NULL without reporting when absent. */
Value *interp_lookup_attr(Interp *in, Value *obj, const char *name, Span span);
bool interp_setattr(Interp *in, Value *obj, const char *name, Value *v, Span span);
/* del obj.name (a class's __delattr__ first) and object.__delattr__: false
 * after raising AttributeError or reporting. */
bool interp_delattr(Interp *in, Value *obj, const char *name, Span span);
bool interp_delattr_plain(Interp *in, Value *obj, const char *name, Span span);
Value *interp_class_lookup(Value *cls, const char *name);
Value *interp_class_of(Interp *in, const Value *v);
bool interp_is_subclass(const Value *cls, const Value *base);
bool interp_isinstance(Interp *in, const Value *v, const Value *cls);
Value *interp_make_class(Interp *in, const char *name, Value **bases, int n_bases, Scope *dict,
                  struct Module *mod, Span span);
Value *interp_instantiate(Interp *in, Value *cls, CallArgs *args, Span span);
/* type.__call__: __new__ then __init__, without the metaclass's __call__. */
Value *interp_instantiate_plain(Interp *in, Value *cls, CallArgs *args, Span span);
/* object.__new__(cls): NULL after raising (an abstract class). */
Value *interp_new_object(Interp *in, Value *cls, Span span);
bool interp_check_abstract(Interp *in, Value *cls, Span span);
/* The class of an instance of a subclass of list, tuple, dict, set or
 * frozenset (the value is the container, tagged with it), else NULL. */
Value *interp_container_class(const Value *v);
/* obj.__dict__: a dict of the names of S, written through to S when
 * WRITABLE. */
Value *interp_namespace_dict(Interp *in, Scope *s, bool writable);
/* Evaluates the annotations of a class body (AST_ANN_ASSIGN nodes) into a
 * dict; NULL after raising. */
Value *interp_eval_annotations(Interp *in, const PtrVec *nodes, Scope *locals, Scope *globals,
                               Closure *closure, struct Module *mod);
/* Creates the class NAME(BASES) from the namespace DICT with metaclass
 * META (NULL: type), and runs the hooks of class creation
 * (__set_name__, __init_subclass__ with KWARGS).  NULL after raising. */
Value *interp_create_class(Interp *in, Value *meta, const char *name, Value **bases, int n_bases, Scope *dict,
                           CallArgs *kwargs, struct Module *mod, Span span);

/* The limits of compile-time evaluation (Compiler.limits and the C stack),
 * checked at every expression and call: false after raising a RuntimeError
 * that names the limit (sema/interp/interp.c). */
bool interp_within_limits(Interp *in, Span span);
/* Counts WORK steps done inside a builtin (a scan of a list for `in`, a
 * comparison or hash of containers, ...) against the eval-steps limit, as
 * the Python loop doing the same would count; false once over a limit. */
bool interp_charge(Interp *in, long work, Span span);
/* What is left of the eval-steps limit: the most a builtin's work count
 * needs to reach before interp_charge stops it. */
long interp_steps_left(const Interp *in);
/* Ends the compile at SPAN with MSG (a limit; see Interp.abort): returns
 * NULL with in->exc set, like interp_raise. */
Value *interp_abort(Interp *in, Span span, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Whether the exception being raised may be caught (false for an abort). */
bool interp_exc_catchable(const Interp *in);
/* Expressions in progress may nest this many times the call-depth limit
 * (calls nest expressions; a call is at least one). */
#define INTERP_DEPTH_PER_CALL 20

/* Raising Python exceptions. */
Value *interp_raise(Interp *in, Value *exc_class, Span span, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Reporting interpreter errors (return poison). */
Value *interp_error(Interp *in, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void interp_error_notes(Interp *in);

/* ---- builtins (builtins.c, builtins_methods.c, builtins_object.c) ---- */
void interp_install_builtins(Interp *in, Scope *into);
/* The builtin classes, object's and type's methods, the exceptions. */
void interp_install_object_model(Interp *in, Scope *into);
/* A | B of classes and None: types.UnionType. */
Value *interp_union_type(Interp *in, Value *a, Value *b);
/* An iterator over a copy of ITEMS. */
Value *interp_make_iterator(Interp *in, const ValueList *items);
/* Appends what a builtin iterator has left to OUT (false for other values). */
bool interp_drain_iterator(Interp *in, Value *it, ValueList *out);
/* Iteration of the builtin types, without a subclass's __iter__. */
bool interp_iterate_builtin(Interp *in, Value *v, ValueList *out, Span span);
/* Calls OBJ.NAME(args) when OBJ (an instance, a tensor, a run-time
 * number) has it; *found says whether it did. */
Value *interp_try_special(Interp *in, Value *obj, const char *name, Value **args, int n, Span span, bool *found);
/* The attribute name argument of getattr() ...: NULL after reporting. */
const char *interp_attr_name(Interp *in, Value *v, Span span);
/* range(...) */
Value *interp_make_range(Interp *in, CallArgs *a, Span span);
/* Stable sort of L by KEY (a callable or NULL), as sorted() does. */
bool interp_sort_values(Interp *in, ValueList *l, Value *key, bool reverse, Span span);
/* The methods of the builtin types (builtins_methods.c), and their classes. */
void interp_install_builtin_methods(Interp *in);
Value *interp_builtin_class(Interp *in, const char *name);
/* Calling a builtin type: int(x), list(xs), dict(...) ... */
Value *interp_builtin_construct(Interp *in, Value *cls, CallArgs *args, Span span);
Value *interp_make_builtin(Interp *in, const char *name, BuiltinFn fn, const void *data);
/* The value a builtin method of str, int, float or tuple works on when it
 * is called on an instance of a subclass (an enum member's _value_). */
Value *interp_builtin_self(Interp *in, Value *v);
/* Puts the methods of TABLE (static) into the class CLS. */
void interp_add_methods(Interp *in, Value *cls, const Builtin *table, int n);

/* Iteration over a static iterable (list, tuple, range, dict keys, str,
 * static tensor rows); false after reporting when V is not iterable. */
bool interp_iterate_static(Interp *in, Value *v, ValueList *out, Span span);
/* Whether V is an iterator (a value with __next__). */
bool interp_is_iterator(Interp *in, Value *v);
/* next(it): the next item, or NULL with *done set when it is exhausted
 * (NULL without *done after raising). */
Value *interp_next(Interp *in, Value *it, bool *done, Span span);
/* repr(v) and str(v), through __repr__ and __str__ of instances and of
 * the items of containers; NULL after raising. */
const char *interp_repr(Interp *in, Value *v, Span span);
const char *interp_str(Interp *in, Value *v, Span span);

/* set and frozenset (builtins_set.c). */
Value *interp_set_construct(Interp *in, Value *cls, CallArgs *a, Span span);
/* Adds ITEM to SET; false after reporting or raising (unhashable). */
bool interp_set_add(Interp *in, Value *set, Value *item, Span span);
/* a | b, a & b, a - b, a ^ b of two sets (in place with INPLACE), and the
 * subset comparisons; NULL when not applicable. */
Value *interp_set_binop(Interp *in, AstOp op, Value *a, Value *b, bool inplace);
Value *interp_set_compare(Interp *in, AstOp op, Value *a, Value *b);
void interp_install_set_methods(Interp *in);

/* str (builtins_str.c). */
void interp_install_str_methods(Interp *in);
/* FMT % ARGS */
Value *interp_percent_format(Interp *in, const char *fmt, Value *args, Span span);

/* Argument helpers for builtins. */
Value *interp_arg(CallArgs *a, int pos, const char *kw);
bool interp_args_check(Interp *in, CallArgs *a, const char *fname, int min_pos, int max_pos,
                const char *const *kwnames, Span span);

/* The natives of call.c (inspect.signature) and imports.c
 * (importlib.import_module), in _native (sema/native/native.c). */
extern const Builtin interp_call_natives[];
extern const int interp_call_natives_count;
extern const Builtin interp_import_natives[];
extern const int interp_import_natives_count;

/* ---- expressions (expr.c) ---- */
Value *interp_binop(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *interp_inplace_binop(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *interp_compare_op(Interp *in, AstOp op, Value *a, Value *b, Span span);
Value *interp_truth(Interp *in, Value *v, Span span);
Value *interp_subscript(Interp *in, Value *obj, Value *index, Span span);
/* The builtin types' own obj[index] (list.__getitem__ ...), and obj[index] = v. */
Value *interp_subscript_plain(Interp *in, Value *obj, Value *index, Span span);
ExecStatus interp_setitem(Interp *in, Value *obj, Value *index, Value *v, Span span);
ExecStatus interp_setitem_plain(Interp *in, Value *obj, Value *index, Value *v, Span span);
/* The special method NAME (a def) of the class that a value without
 * instance attributes of its own delegates to: a class's metaclass, a
 * container subclass (an OrderedDict); NULL when there is none. */
Value *interp_class_special(Interp *in, Value *v, const char *name);
Value *interp_lookup_name(Interp *in, const char *name, Span span);
Value *interp_bool_op_from(Interp *in, const AstNode *e, int start);
Value *interp_compare_from(Interp *in, const AstNode *e, int start, Value *left);
Value *interp_format_value(Interp *in, Value *v, const char *spec, Span span);
/* Python's slice.indices(len): false after reporting or raising. */
bool interp_slice_resolve(Interp *in, Value *sl, int64_t len, int64_t *start, int64_t *step, int64_t *count,
                          Span span);
/* del obj[key]. */
ExecStatus interp_del_subscript(Interp *in, Value *obj, Value *key, Span span);

/* ---- functions and exceptions (call.c) ---- */
/* SPAN when it is in the user's files, else the innermost call from user
 * code into the stdlib (where diagnostics and IR nodes point). */
Span interp_user_span(Interp *in, Span span);
Value *interp_make_function(Interp *in, const AstNode *def, const char *name, Span span);
Closure *interp_closure_of(Interp *in, Frame *f);
void interp_record_traceback(Interp *in, Value *exc, Span span);
/* The message of exception EXC (its args, as str() shows them). */
const char *interp_exception_message(Interp *in, Value *exc);
/* Reports an uncaught exception as a compile error with its call chain. */
void interp_report_uncaught(Interp *in);

/* imports.c */
ExecStatus interp_exec_import(Interp *in, const AstNode *s);

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
    NATIVE_CLASS_SET,
    NATIVE_CLASS_FROZENSET,
    NATIVE_CLASS_PROPERTY,
    NATIVE_CLASS_STATICMETHOD,
    NATIVE_CLASS_CLASSMETHOD,
};

#endif
