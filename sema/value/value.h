/* Values of the compile-time interpreter (sema/value/: value.c, the values
 * and dicts; scope.c, the namespaces).
 *
 * The interpreter runs __init__ and forward() the way Python would, but a
 * value is either *static* (known while compiling: module config, Python
 * numbers, lists, classes, parameter tensors) or *dynamic* (known only when
 * the exported graph runs: graph inputs and everything computed from them).
 * Dynamic values are IR values in the graph being built; a dynamic int, float
 * or bool is a 0-d tensor in the graph.  This is partial evaluation: only
 * dynamic computation becomes graph nodes.
 *
 * Values are arena objects referenced by pointer; lists, dicts and instances
 * are mutable and shared by reference exactly as in Python. */
#ifndef TSC_SEMA_VALUE_H
#define TSC_SEMA_VALUE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "parser/ast.h"
#include "support/arena.h"

typedef struct Value Value;
typedef struct Scope Scope;
typedef struct Interp Interp;

typedef enum ValueKind {
    VK_ERROR,           /* poison: an error was already reported */
    VK_NONE,
    VK_BOOL,
    VK_INT,
    VK_FLOAT,
    VK_STR,
    VK_LIST,
    VK_TUPLE,
    VK_DICT,
    VK_RANGE,
    VK_SLICE,
    VK_ELLIPSIS,
    VK_FUNCTION,        /* a def or lambda with its closure */
    VK_BUILTIN,         /* implemented in C */
    VK_BOUND_METHOD,
    VK_CLASS,
    VK_INSTANCE,
    VK_MODULE,          /* an imported module's namespace */
    VK_TENSOR,
    VK_DTYPE,           /* torch.float32 ... */
    VK_ONNX_OP,         /* onnx.Gemm: the primitive that emits one node */
    VK_SUPER,           /* the proxy super() returns */
    VK_PROPERTY,
    VK_STATICMETHOD,
    VK_CLASSMETHOD,
    VK_RUNTIME_ITER,    /* range/enumerate/zip of run-time length (sema/flow/loop.c) */
    VK_LAZY,            /* a module-level binding not made yet (sema/interp/imports.c):
                         * only ever stored in a module's globals, resolved when read */
    VK_SET,             /* a set: its elements are the keys of u.dict */
    VK_FROZENSET,       /* the same, immutable and hashable */
    VK_OPTIONAL,        /* None on some run-time paths: u.list holds (present, value)
                         * (sema/flow/optional.c) */
    VK_RANKS,           /* a tensor of run-time rank: u.list holds (cond, when true, when
                         * false) (sema/flow/rank.c) */
    VK_KIND_COUNT
} ValueKind;

/* The items of a list whose length is known only at run time (a list
 * built by a loop with a run-time trip count): an ONNX sequence, or the
 * items stacked on a new leading axis (a Loop's scan output).  Immutable:
 * an operation replaces the list's DynList. */
typedef struct DynList {
    IrValue *seq;           /* seq(tensor), or NULL */
    IrValue *stacked;       /* tensor [N, ...item dims], or NULL */
    IrType elem;            /* the type of every item */
    /* while a Loop body runs: the list collects the item appended in each
     * iteration as a scan output instead (sema/flow/loop.c) */
    struct ScanCollector *collector;
} DynList;

/* A mutable sequence of values (list, tuple, call arguments). */
typedef struct ValueList {
    Value **items;
    int len, cap;
    uint32_t born;          /* interpreter clock at creation (sema/flow/region.c) */
    const DynList *dyn;     /* a run-time list: items and len are unused */
    /* an instance of a subclass of list or tuple (a namedtuple): its class,
     * and its own attributes (made on the first write); NULL for the
     * builtin types */
    Value *cls;
    Scope *attrs;
    /* a tuple's hash, computed once (a tuple of shared tuples would take
     * time exponential in its depth to hash again and again); valid while
     * hashed_items and hashed_len are items and len + 1 */
    uint32_t hash;
    int hashed_len;
    Value **hashed_items;
} ValueList;

/* An insertion-ordered hash map from values to values: Python dicts and
 * namespaces.  Keys are hashable static values (str, int, bool, None,
 * tuples of those, classes). */
typedef struct DictEntry {
    Value *key;
    Value *value;
    uint32_t hash;
    bool deleted;
} DictEntry;

typedef struct Dict {
    DictEntry *entries;
    int len, cap, live;
    int32_t *index;         /* open addressing into entries; -1 = empty */
    int index_cap;
    uint32_t born;          /* interpreter clock at creation (sema/flow/region.c) */
    /* an instance of a subclass of dict or set (OrderedDict, defaultdict,
     * Counter): its class and own attributes, as for ValueList */
    Value *cls;
    Scope *attrs;
    /* the namespace this dict is a view of (obj.__dict__, vars(obj)):
     * writes into the dict are written through into it */
    Scope *mirror;
} Dict;

typedef struct Builtin Builtin;
typedef struct CallArgs CallArgs;

/* Native functions: args are positional then keyword (see CallArgs). */
typedef Value *(*BuiltinFn)(Interp *in, CallArgs *args, Span span, const Builtin *self);

struct Builtin {
    const char *name;
    BuiltinFn fn;
    const void *data;       /* per-builtin constant data */
};

typedef struct Function {
    const char *name;
    const char *qualname;
    const AstNode *def;     /* AST_FUNCTION_DEF or AST_LAMBDA */
    const AstNode *args;    /* AST_ARGUMENTS */
    Value **defaults;       /* evaluated at definition: posonly+args tail */
    int n_defaults;
    Value **kw_defaults;    /* one per kwonly arg; NULL = required */
    Scope *globals;         /* the defining module's namespace */
    struct Closure *closure;/* enclosing function scopes, innermost first */
    struct Module *module;
    Value *decorated_from;  /* the class this function was defined in, for super() */
    bool scripted;          /* @torch.jit.script: trace mode keeps its control flow */
    bool python;            /* @torch.jit.ignore / unused: TorchScript does not
                             * compile it, so its types are not checked */
    Scope *attrs;           /* function attributes (f.__wrapped__ ...), or NULL */
    int locals_seen;        /* the most names a call's scope came to hold: the
                             * next call's starts with room for as many */
} Function;

typedef struct Closure {
    Scope *scope;
    struct Closure *next;
} Closure;

typedef struct Class {
    const char *name;
    const char *qualname;
    Value **bases;
    int n_bases;
    Value **mro;            /* C3 linearization, self first */
    int n_mro;
    Scope *dict;
    struct Module *module;
    Span span;
    int native;             /* NATIVE_CLASS_* tag for classes with C behavior */
    Value *meta;            /* the metaclass, NULL for type */
    /* the annotated names of the class body (AST_ANN_ASSIGN statements),
     * evaluated when __annotations__ is first read, in the scopes the body
     * ran in */
    PtrVec annotations;
    Scope *ann_globals;
    struct Closure *ann_closure;
} Class;

typedef struct Instance {
    Value *cls;
    Scope *attrs;
} Instance;

typedef struct Module {
    const char *name;       /* "torch.nn", "models.resnet" */
    const char *path;       /* file path, or "<stdlib>/..." */
    const char *dir;        /* a package's directory (its __path__), else NULL */
    Scope *globals;
    const AstNode *ast;
    bool loaded;            /* body executed (or executing) */
    bool library;           /* an imported file: a module-level statement that
                             * fails binds its names to failures (Lazy) */
    bool onnx_ops;          /* the `onnx` module: every attribute is an operator */
    Span import_span;
    int8_t future_annotations;  /* from __future__ import annotations: 1 yes, -1 no, 0 not looked */
} Module;

/* How a static tensor's data is produced when first needed.  Parameters
 * are created by torch.empty and filled by nn.init: recording the recipe
 * instead of generating it means weights loaded from a file never pay for
 * random numbers they overwrite. */
typedef enum TensorInit {
    TINIT_DATA,             /* data is present */
    TINIT_ZEROS,
    TINIT_FILL,             /* all elements = a */
    TINIT_UNIFORM,          /* U(a, b) */
    TINIT_NORMAL,           /* N(a, b^2) */
    TINIT_TRUNC_NORMAL,     /* N(a, b^2) redrawn until in [c, d] */
} TensorInit;

typedef struct Tensor {
    DType dtype;
    int rank;               /* -1 = unknown */
    Dim *dims;
    /* dynamic: */
    IrValue *ir;            /* graph value; for a static tensor, its
                             * initializer once materialized */
    /* static: */
    bool is_static;
    IrTensor *data;         /* NULL until forced (see init) */
    TensorInit init;
    double init_a, init_b, init_c, init_d;
    uint64_t init_seed;
    struct Tensor *storage; /* shared storage: views (x.data) alias this */
    const char *param_name; /* state_dict name, for parameters and buffers */
    bool is_parameter;
    bool requires_grad;
    /* in-place writes (sema/native/native_tensor.c): VERSION counts the writes
     * into this tensor; a view (x[0], x.view(...)) records its base, the
     * base's version when it was taken, and the functions that take the
     * view from the base (VIEW_FN(base)) and write a new view value back
     * into a base (VIEW_INVERSE(base, value)). */
    int version;
    struct Tensor *view_base;
    struct Value *view_base_value;
    struct Value *view_fn, *view_inverse;
    int view_version;
    uint32_t born;          /* interpreter clock when first wrapped (sema/flow/flow.h) */
} Tensor;

typedef struct BoundMethod {
    Value *self;
    Value *func;
} BoundMethod;

typedef struct SuperProxy {
    Value *cls;             /* search the MRO after this class */
    Value *self;
} SuperProxy;

typedef struct OnnxOp {
    const char *name;       /* op type */
    const char *domain;
} OnnxOp;

typedef struct Range {
    int64_t start, stop, step;
} Range;

/* What a for loop with a run-time trip count iterates: range() with
 * run-time bounds, and enumerate()/zip() over run-time iterables (tensors
 * with a dynamic first axis, run-time lists, other runtime iterators, and
 * in zip, static sequences too). */
typedef enum RuntimeIterKind { RI_RANGE, RI_ENUMERATE, RI_ZIP } RuntimeIterKind;

typedef struct RuntimeIter {
    RuntimeIterKind kind;
    Value *start, *stop, *step;     /* RI_RANGE ints; RI_ENUMERATE: start */
    Value **parts;                  /* RI_ENUMERATE: 1, RI_ZIP: n */
    int n;
} RuntimeIter;

struct Value {
    ValueKind kind;
    union {
        bool b;
        /* VK_INT / VK_FLOAT / VK_BOOL can be dynamic: then `dyn` is the 0-d
         * graph value and the static field is meaningless. */
        int64_t i;
        double f;
        struct { const char *ptr; uint32_t len; } s;   /* interned */
        ValueList *list;    /* VK_LIST, VK_TUPLE, VK_OPTIONAL, VK_RANKS */
        Dict *dict;
        Range range;
        struct { Value *start, *stop, *step; } slice;
        Function *func;
        const Builtin *builtin;
        BoundMethod *method;
        Class *cls;
        Instance *inst;
        Module *module;
        Tensor *tensor;
        DType dtype;
        OnnxOp *op;
        SuperProxy *super;
        Value *wrapped;     /* property getter, staticmethod, classmethod */
        RuntimeIter *iter;
        struct Lazy *lazy;
    } u;
    IrValue *dyn;           /* dynamic scalar (VK_INT, VK_FLOAT, VK_BOOL) */
    Dim dim;                /* dynamic VK_INT that is a tensor dimension */
};

/* A binding of a module's globals that is made when it is first read
 * (sema/interp/imports.c):
 *   - a deferred import: `import a.b` / `from a import b` of a module that
 *     exists, executed when the name is first used (a package's other
 *     submodules cost nothing until then);
 *   - a failure: the module-level statement that would have bound the name
 *     failed (an import of a C extension or of a missing module, a call
 *     into an unsupported library): reading the name is an error there,
 *     with the cause as a note. */
typedef struct Lazy {
    const char *module;         /* deferred: the module to import ... */
    const char *attr;           /* ... and the attribute of it, or NULL */
    const char *cause;          /* failure: why, NULL for a deferred import */
    bool import_failed;         /* failure: a deferred import of `module` failed */
    Span where;                 /* the import statement / the failure */
} Lazy;

/* Call arguments after * and ** expansion. */
struct CallArgs {
    Value **pos;
    int n_pos;
    const char **kw_names;  /* interned */
    Value **kw_values;
    int n_kw;
    Span *pos_spans;        /* where each positional argument was written */
};

/* Constructors (value.c).  Each makes a fresh arena value, which the caller
 * may still fill in (val_none is the blank that other kinds start from);
 * identity only matters for mutable kinds. */
Value *val_error(Interp *in);
Value *val_none(Interp *in);
Value *val_bool(Interp *in, bool b);
/* None, True and False shared by every compilation: the results of
 * comparisons, tests and literals, which nothing writes into.  They live in
 * read-only memory, so a write into one is a crash, never a changed value. */
Value *val_const_none(void);
Value *val_const_bool(bool b);
Value *val_int(Interp *in, int64_t i);
Value *val_float(Interp *in, double f);
Value *val_str(Interp *in, const char *s, size_t len);
Value *val_cstr(Interp *in, const char *s);
Value *val_list(Interp *in, int n);
Value *val_tuple(Interp *in, int n);
Value *val_dict(Interp *in);
Value *val_set(Interp *in, bool frozen);
/* Adds ITEM to a set; false when it is unhashable. */
bool val_set_add(Interp *in, Value *set, Value *item);
bool val_is_set(const Value *v);
bool val_set_subset(Dict *a, Dict *b);
bool val_set_equal(Dict *a, Dict *b);
Value *val_dtype(Interp *in, DType t);
Value *val_tensor(Interp *in, Tensor *t);

void val_list_push(Interp *in, ValueList *l, Value *v);
ValueList *val_list_new(Interp *in, int cap);

/* Dicts.  Returns NULL when absent / false when the key is unhashable. */
Dict *val_dict_new(Interp *in);
Value *val_dict_get(Dict *d, Value *key);
bool val_dict_set(Interp *in, Dict *d, Value *key, Value *value);
/* Deletes KEY (through the write barrier); false when absent. */
bool val_dict_del(Interp *in, Dict *d, Value *key);
/* Replaces the entries of D with a copy of ENTRIES (a saved state). */
void val_dict_restore(Interp *in, Dict *d, const DictEntry *entries, int len);
Value *val_dict_get_str(Dict *d, const char *interned);
bool val_hashable(const Value *v);
uint32_t val_hash(const Value *v);
/* The work a pass over V does (containers' items counted through nesting,
 * a string by 64-character blocks), counted up to CAP. */
long val_work_size(const Value *v, long cap);

bool val_is_static(const Value *v);
bool val_is_dynamic_scalar(const Value *v);
/* == counting the pairs of values looked at in *BUDGET (false once it goes
 * negative: the caller reports the limit). */
bool val_equal_counted(const Value *a, const Value *b, long *budget);
bool val_equal_static(const Value *a, const Value *b);
/* Python's truth value of a static value; *ok is false for dynamic values. */
bool val_truthy(const Value *v, bool *ok);
/* "int", "Tensor", "List[int]"-ish name for messages. */
const char *val_type_name(Interp *in, const Value *v);
/* repr() of a static value, for messages and str(). */
const char *val_repr(Interp *in, const Value *v);
const char *val_to_str(Interp *in, const Value *v);

/* Namespaces keyed by interned names (module globals, locals, class
 * dictionaries, instance attributes), in insertion order. */

typedef struct Value Value;

typedef struct ScopeEntry {
    const char *name;       /* interned */
    Value *value;           /* NULL after deletion */
} ScopeEntry;

typedef struct Scope {
    ScopeEntry *entries;
    int len, cap;
    int32_t *index;         /* open addressing into entries; -1 = empty */
    int index_cap;
    uint32_t born;          /* interpreter clock at creation (sema/flow/region.c) */
    struct Dict *view;      /* obj.__dict__: the one dict that shows these names, or NULL */
} Scope;

Scope *val_scope_new(Arena *a);
Value *val_scope_get(const Scope *s, const char *name);
void val_scope_set(Arena *a, Scope *s, const char *name, Value *v);
bool val_scope_del(Scope *s, const char *name);
/* Room for N entries in the empty scope S (its growth copies nothing then). */
void val_scope_reserve(Arena *a, Scope *s, int n);
/* Replaces the entries of S with a copy of ENTRIES (a saved state). */
void val_scope_restore(Arena *a, Scope *s, const ScopeEntry *entries, int len);

#endif
