/* TorchScript's types: annotations, the type of a value, and the checks of
 * script code (see sema/types.h).  The Optional refinement check is a
 * separate static pass in sema/types/types_optional.c. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"
#include "sema/types/types.h"

/* ---- the cache: annotations parsed once per AST node ---- */

TypeCache *types_cache(Interp *in)
{
    if (!in->types) {
        in->types = arena_alloc(in->arena, sizeof(TypeCache));
        in->types->cap = 256;
        in->types->keys = arena_alloc(in->arena, sizeof(void *) * 256);
        in->types->vals = arena_alloc(in->arena, sizeof(void *) * 256);
    }
    return in->types;
}

static uint32_t ptr_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0x9e3779b1u;
    return (uint32_t)(x ^ (x >> 13));
}

const void *types_cache_get(Interp *in, const void *key)
{
    TypeCache *c = types_cache(in);
    for (uint32_t i = ptr_hash(key) & (uint32_t)(c->cap - 1);; i = (i + 1) & (uint32_t)(c->cap - 1)) {
        if (!c->keys[i])
            return NULL;
        if (c->keys[i] == key)
            return c->vals[i];
    }
}

void types_cache_put(Interp *in, const void *key, const void *val)
{
    TypeCache *c = types_cache(in);
    if ((c->len + 1) * 2 > c->cap) {
        TypeCache old = *c;
        c->cap *= 2;
        c->len = 0;
        c->keys = arena_alloc(in->arena, sizeof(void *) * (size_t)c->cap);
        c->vals = arena_alloc(in->arena, sizeof(void *) * (size_t)c->cap);
        for (int i = 0; i < old.cap; i++)
            if (old.keys[i])
                types_cache_put(in, old.keys[i], old.vals[i]);
    }
    uint32_t i = ptr_hash(key) & (uint32_t)(c->cap - 1);
    while (c->keys[i] && c->keys[i] != key)
        i = (i + 1) & (uint32_t)(c->cap - 1);
    if (!c->keys[i])
        c->len++;
    c->keys[i] = key;
    c->vals[i] = val;
}

/* ---- types ---- */

static const TsType *mk(Interp *in, TsKind k, int n)
{
    TsType *t = arena_alloc(in->arena, sizeof *t);
    t->kind = k;
    t->n = n;
    t->args = n ? arena_alloc(in->arena, sizeof(TsType *) * (size_t)n) : NULL;
    return t;
}

const TsType *types_simple(Interp *in, TsKind k)
{
    return mk(in, k, 0);
}

static const TsType *mk1(Interp *in, TsKind k, const TsType *a)
{
    TsType *t = (TsType *)mk(in, k, 1);
    t->args[0] = a;
    return t;
}

static bool type_equal(const TsType *a, const TsType *b)
{
    if (a->kind != b->kind || a->n != b->n || a->variadic != b->variadic)
        return false;
    if (a->kind == TS_CLASS)
        return a->cls == b->cls;
    if (a->kind == TS_OTHER)
        return a->name == b->name;
    for (int i = 0; i < a->n; i++)
        if (!type_equal(a->args[i], b->args[i]))
            return false;
    return true;
}

/* One type for A and B when they can be one (List[Any] takes any list,
 * None and T make Optional[T]), else NULL. */
const TsType *types_unify(Interp *in, const TsType *a, const TsType *b)
{
    if (a->kind == TS_ANY)
        return b;
    if (b->kind == TS_ANY || type_equal(a, b))
        return a;
    if (a->kind == TS_NONE)
        return b->kind == TS_OPTIONAL ? b : mk1(in, TS_OPTIONAL, b);
    if (b->kind == TS_NONE)
        return a->kind == TS_OPTIONAL ? a : mk1(in, TS_OPTIONAL, a);
    if (a->kind == TS_OPTIONAL && b->kind != TS_OPTIONAL) {
        const TsType *u = types_unify(in, a->args[0], b);
        return u ? mk1(in, TS_OPTIONAL, u) : NULL;
    }
    if (b->kind == TS_OPTIONAL && a->kind != TS_OPTIONAL)
        return types_unify(in, b, a);
    if (a->kind != b->kind || a->n != b->n)
        return NULL;
    if (a->kind == TS_LIST || a->kind == TS_OPTIONAL || a->kind == TS_DICT || a->kind == TS_TUPLE) {
        TsType *t = (TsType *)mk(in, a->kind, a->n);
        for (int i = 0; i < a->n; i++) {
            t->args[i] = types_unify(in, a->args[i], b->args[i]);
            if (!t->args[i])
                return NULL;
        }
        return t;
    }
    return NULL;
}

static const char *join_args(Interp *in, const TsType *t, int from)
{
    const char *s = "";
    for (int i = from; i < t->n; i++)
        s = arena_sprintf(in->arena, "%s%s%s", s, i > from ? ", " : "", types_name(in, t->args[i]));
    return s;
}

const char *types_name(Interp *in, const TsType *t)
{
    switch (t->kind) {
    case TS_ANY: return "Any";
    case TS_TENSOR: return "Tensor";
    case TS_INT: return "int";
    case TS_FLOAT: return "float";
    case TS_BOOL: return "bool";
    case TS_STR: return "str";
    case TS_NONE: return "None";
    case TS_DTYPE: return "torch.dtype";
    case TS_LIST: return arena_sprintf(in->arena, "List[%s]", types_name(in, t->args[0]));
    case TS_TUPLE:
        if (t->variadic)
            return arena_sprintf(in->arena, "Tuple[%s, ...]", types_name(in, t->args[0]));
        return t->n ? arena_sprintf(in->arena, "Tuple[%s]", join_args(in, t, 0)) : "Tuple[()]";
    case TS_DICT:
        return arena_sprintf(in->arena, "Dict[%s, %s]", types_name(in, t->args[0]), types_name(in, t->args[1]));
    case TS_OPTIONAL: return arena_sprintf(in->arena, "Optional[%s]", types_name(in, t->args[0]));
    case TS_UNION: return arena_sprintf(in->arena, "Union[%s]", join_args(in, t, 0));
    case TS_CLASS: case TS_OTHER: return t->name;
    }
    return "?";
}

/* (values, indices) pairs of max(dim), sort, topk ... are tuples */
static Value *tuple_like(Interp *in, const Value *v)
{
    if (v->kind != VK_INSTANCE || strcmp(v->u.inst->cls->u.cls->name, "_ReturnTuple") != 0)
        return NULL;
    Value *t = val_tuple(in, 2);
    Value *a = val_scope_get(v->u.inst->attrs, intern(&in->c->names, "values"));
    Value *b = val_scope_get(v->u.inst->attrs, intern(&in->c->names, "indices"));
    if (!a || !b)
        return NULL;
    val_list_push(in, t->u.list, a);
    val_list_push(in, t->u.list, b);
    return t;
}

static const TsType *seq_elem_type(Interp *in, const ValueList *l, int depth);

static const TsType *value_type(Interp *in, const Value *v, int depth)
{
    if (depth > 16)
        return types_simple(in, TS_ANY);
    switch (v->kind) {
    case VK_TENSOR: case VK_RANKS: return types_simple(in, TS_TENSOR);
    case VK_INT: return types_simple(in, TS_INT);
    case VK_FLOAT: return types_simple(in, TS_FLOAT);
    case VK_BOOL: return types_simple(in, TS_BOOL);
    case VK_STR: return types_simple(in, TS_STR);
    case VK_NONE: return types_simple(in, TS_NONE);
    case VK_DTYPE: return types_simple(in, TS_DTYPE);
    case VK_ERROR: return types_simple(in, TS_ANY);
    case VK_LIST: return mk1(in, TS_LIST, seq_elem_type(in, v->u.list, depth));
    case VK_TUPLE: {
        TsType *t = (TsType *)mk(in, TS_TUPLE, v->u.list->len);
        for (int i = 0; i < v->u.list->len; i++)
            t->args[i] = value_type(in, v->u.list->items[i], depth + 1);
        return t;
    }
    case VK_DICT: {
        TsType *t = (TsType *)mk(in, TS_DICT, 2);
        t->args[0] = t->args[1] = types_simple(in, TS_ANY);
        for (int i = 0; i < v->u.dict->len; i++) {
            DictEntry *e = &v->u.dict->entries[i];
            if (e->deleted)
                continue;
            const TsType *k = types_unify(in, t->args[0], value_type(in, e->key, depth + 1));
            const TsType *x = types_unify(in, t->args[1], value_type(in, e->value, depth + 1));
            t->args[0] = k ? k : types_simple(in, TS_ANY);
            t->args[1] = x ? x : types_simple(in, TS_ANY);
        }
        return t;
    }
    case VK_INSTANCE: {
        Value *tl = tuple_like(in, v);
        if (tl)
            return value_type(in, tl, depth + 1);
        if (in->cls.complex_tensor && v->u.inst->cls == in->cls.complex_tensor)
            return types_simple(in, TS_TENSOR);     /* TorchScript's Tensor covers complex dtypes */
        TsType *t = (TsType *)mk(in, TS_CLASS, 0);
        t->cls = v->u.inst->cls;
        t->name = v->u.inst->cls->u.cls->name;
        return t;
    }
    default: {
        TsType *t = (TsType *)mk(in, TS_OTHER, 0);
        t->name = val_type_name(in, v);
        return t;
    }
    }
}

static const TsType *seq_elem_type(Interp *in, const ValueList *l, int depth)
{
    const TsType *e = types_simple(in, TS_ANY);
    for (int i = 0; i < l->len; i++) {
        const TsType *u = types_unify(in, e, value_type(in, l->items[i], depth + 1));
        if (!u)
            return types_simple(in, TS_ANY);
        e = u;
    }
    return e;
}

const TsType *types_of_value(Interp *in, const Value *v)
{
    return value_type(in, v, 0);
}

/* How value_matches binds: MATCH_LENIENT is Python's binding of the stdlib
 * (an int is a float, a bool an int, a tuple a list); MATCH_COMPLEX lets a
 * complex tensor (stdlib/torch/_complex.ts) be a Tensor.  TorchScript's
 * Tensor covers complex dtypes, so script code (checked strictly) has it;
 * the stdlib's annotations keep meaning a real tensor, so no function
 * written for those receives one, but for torch._complex's own, which
 * take both. */
enum { MATCH_LENIENT = 1, MATCH_COMPLEX = 2 };

static bool value_matches(Interp *in, const TsType *want, const Value *v, int how)
{
    bool lenient = how & MATCH_LENIENT;
    if (v->kind == VK_ERROR)
        return true;
    if (v->kind == VK_OPTIONAL && want->kind != TS_ANY && want->kind != TS_OTHER) {
        /* None on some run-time paths: the type must admit None and the value */
        Value none = {.kind = VK_NONE};
        return value_matches(in, want, &none, how) &&
               value_matches(in, want, v->u.list->items[1], how);
    }
    switch (want->kind) {
    case TS_ANY: return true;
    case TS_TENSOR:
        return v->kind == VK_TENSOR || v->kind == VK_RANKS ||
               ((how & MATCH_COMPLEX) && v->kind == VK_INSTANCE && in->cls.complex_tensor &&
                v->u.inst->cls == in->cls.complex_tensor);
    case TS_INT: return v->kind == VK_INT || (lenient && v->kind == VK_BOOL);
    case TS_FLOAT: return v->kind == VK_FLOAT || (lenient && (v->kind == VK_INT || v->kind == VK_BOOL));
    case TS_BOOL: return v->kind == VK_BOOL;
    case TS_STR: return v->kind == VK_STR;
    case TS_NONE: return v->kind == VK_NONE;
    case TS_DTYPE: return v->kind == VK_DTYPE;
    case TS_OPTIONAL: return v->kind == VK_NONE || value_matches(in, want->args[0], v, how);
    case TS_UNION:
        for (int i = 0; i < want->n; i++)
            if (value_matches(in, want->args[i], v, how))
                return true;
        return false;
    case TS_CLASS: return interp_isinstance(in, v, want->cls);
    case TS_OTHER: return true;
    case TS_LIST:
    case TS_TUPLE: {
        Value *tl = tuple_like(in, v);
        if (tl)
            v = tl;
        bool is_list = v->kind == VK_LIST, is_tuple = v->kind == VK_TUPLE;
        if (!(want->kind == TS_LIST ? is_list || (lenient && is_tuple) : is_tuple || (lenient && is_list)))
            return false;
        const ValueList *l = v->u.list;
        if (want->kind == TS_TUPLE && !want->variadic && l->len != want->n)
            return false;
        for (int i = 0; i < l->len; i++) {
            const TsType *e = want->kind == TS_LIST || want->variadic ? want->args[0] : want->args[i];
            if (!value_matches(in, e, l->items[i], how))
                return false;
        }
        return true;
    }
    case TS_DICT:
        if (v->kind != VK_DICT)
            return false;
        for (int i = 0; i < v->u.dict->len; i++) {
            DictEntry *e = &v->u.dict->entries[i];
            if (!e->deleted && (!value_matches(in, want->args[0], e->key, how) ||
                                !value_matches(in, want->args[1], e->value, how)))
                return false;
        }
        return true;
    }
    return true;
}

bool types_value_matches(Interp *in, const TsType *want, const Value *v, bool lenient)
{
    return value_matches(in, want, v, lenient ? MATCH_LENIENT : MATCH_COMPLEX);
}

/* ---- annotations ---- */

static Value *resolve(Interp *in, const AstNode *e, Scope *globals, int depth)
{
    if (depth > 8)
        return NULL;
    if (e->kind == AST_NAME) {
        Value *v = globals ? val_scope_get(globals, e->u.name.id) : NULL;
        if (v && v->kind == VK_LAZY)    /* an import not made yet, or one that failed */
            return interp_read_lazy(in, globals, e->u.name.id, v, e->span);
        return v ? v : val_scope_get(in->builtins, e->u.name.id);
    }
    if (e->kind == AST_ATTRIBUTE) {
        Value *base = resolve(in, e->u.attribute.value, globals, depth + 1);
        if (!base)
            return NULL;
        const char *a = e->u.attribute.attr;
        if (base->kind == VK_MODULE) {
            Value *v = val_scope_get(base->u.module->globals, a);
            if (v && v->kind == VK_LAZY)
                return interp_read_lazy(in, base->u.module->globals, a, v, e->span);
            return v;
        }
        if (base->kind == VK_CLASS)
            return interp_class_lookup(base, a);
        if (base->kind == VK_INSTANCE)
            return val_scope_get(base->u.inst->attrs, a);
    }
    return NULL;
}

/* The name a typing special form was made with (List, Optional ...). */
static const char *special_form_name(Interp *in, Value *v)
{
    if (!v || v->kind != VK_INSTANCE)
        return NULL;
    Value *n = val_scope_get(v->u.inst->attrs, intern(&in->c->names, "_name"));
    return n && n->kind == VK_STR ? n->u.s.ptr : NULL;
}

/* What a name in an annotation stands for, by the value it resolves to,
 * else by its spelling (stdlib modules annotate without importing). */
static const char *form_of(Interp *in, const AstNode *e, Scope *globals, Value **cls)
{
    *cls = NULL;
    Value *v = resolve(in, e, globals, 0);
    if (v) {
        const char *sf = special_form_name(in, v);
        if (sf)
            return sf;
        /* torch.device (a function here): the class of the devices it and
         * Tensor.device give (stdlib/torch/_tensor.ts) */
        if (v->kind == VK_FUNCTION && v->u.func->module && strcmp(v->u.func->module->name, "torch") == 0 &&
            strcmp(v->u.func->qualname, "device") == 0) {
            Value *m = val_scope_get(in->modules, intern(&in->c->names, "torch._tensor"));
            Value *c = m && m->kind == VK_MODULE ? val_scope_get(m->u.module->globals, intern(&in->c->names, "device"))
                                                 : NULL;
            if (c && c->kind == VK_CLASS) {
                *cls = c;
                return "device";
            }
        }
        if (v->kind == VK_NONE)
            return "None";
        if (v->kind == VK_CLASS) {
            if (v == in->cls.tensor)
                return "Tensor";
            if (v == in->cls.dtype)
                return "dtype";
            if (!v->u.cls->module) {
                switch (v->u.cls->native) {
                case NATIVE_CLASS_INT: return "int";
                case NATIVE_CLASS_FLOAT: return "float";
                case NATIVE_CLASS_BOOL: return "bool";
                case NATIVE_CLASS_STR: return "str";
                case NATIVE_CLASS_LIST: return "List";
                case NATIVE_CLASS_TUPLE: return "Tuple";
                case NATIVE_CLASS_DICT: return "Dict";
                case NATIVE_CLASS_NONETYPE: return "None";
                default: break;
                }
            }
            *cls = v;
            return v->u.cls->name;
        }
        return NULL;
    }
    if (e->kind == AST_NAME)
        return e->u.name.id;
    if (e->kind == AST_ATTRIBUTE)
        return e->u.attribute.attr;
    return NULL;
}

static const TsType *parse_ann(Interp *in, const AstNode *e, Scope *globals, int depth);

static const TsType *parse_simple(Interp *in, const char *name, Value *cls)
{
    static const struct { const char *name; TsKind kind; } simple[] = {
        {"Tensor", TS_TENSOR}, {"int", TS_INT}, {"float", TS_FLOAT}, {"bool", TS_BOOL},
        {"str", TS_STR}, {"None", TS_NONE}, {"NoneType", TS_NONE}, {"Any", TS_ANY},
        {"dtype", TS_DTYPE}, {"Number", TS_FLOAT},
    };
    if (cls) {
        TsType *t = (TsType *)mk(in, TS_CLASS, 0);
        t->cls = cls;
        t->name = cls->u.cls->name;
        return t;
    }
    for (size_t i = 0; i < sizeof simple / sizeof simple[0]; i++)
        if (!strcmp(name, simple[i].name))
            return types_simple(in, simple[i].kind);
    if (!strcmp(name, "List"))
        return mk1(in, TS_LIST, types_simple(in, TS_ANY));
    if (!strcmp(name, "Dict")) {
        TsType *t = (TsType *)mk(in, TS_DICT, 2);
        t->args[0] = t->args[1] = types_simple(in, TS_ANY);
        return t;
    }
    if (!strcmp(name, "Tuple")) {
        TsType *t = (TsType *)mk1(in, TS_TUPLE, types_simple(in, TS_ANY));
        t->variadic = true;
        return t;
    }
    return NULL;
}

/* torch.jit.annotations' BroadcastingListN[T] (torch.nn.functional,
 * torchvision.ops): a T, or a list or tuple of them. */
static const TsType *broadcasting_list(Interp *in, const AstNode *elem, Scope *globals, int depth)
{
    const TsType *e = parse_ann(in, elem, globals, depth + 1);
    if (!e)
        return NULL;
    TsType *tuple = (TsType *)mk1(in, TS_TUPLE, e);
    tuple->variadic = true;
    TsType *t = (TsType *)mk(in, TS_UNION, 3);
    t->args[0] = e;
    t->args[1] = mk1(in, TS_LIST, e);
    t->args[2] = tuple;
    return t;
}

static const TsType *parse_generic(Interp *in, const char *form, const AstNode *slice, Scope *globals, int depth)
{
    const AstList *elts = slice->kind == AST_TUPLE ? &slice->u.seq.elts : NULL;
    int n = elts ? elts->len : 1;
    const AstNode *first = elts ? (n ? elts->items[0] : NULL) : slice;
    if (!strncmp(form, "BroadcastingList", 16) && n == 1)
        return broadcasting_list(in, first, globals, depth);
    TsKind k = !strcmp(form, "List") || !strcmp(form, "Sequence") ? TS_LIST
               : !strcmp(form, "Tuple") ? TS_TUPLE : !strcmp(form, "Dict") ? TS_DICT
               : !strcmp(form, "Optional") ? TS_OPTIONAL : !strcmp(form, "Union") ? TS_UNION
               : !strcmp(form, "Final") ? TS_ANY : TS_OTHER;
    if (k == TS_OTHER)
        return NULL;
    if (k == TS_ANY || ((k == TS_LIST || k == TS_OPTIONAL) && n != 1) || (k == TS_DICT && n != 2))
        return k == TS_ANY && first ? parse_ann(in, first, globals, depth + 1) : NULL;
    bool variadic = k == TS_TUPLE && n == 2 && elts->items[1]->kind == AST_CONSTANT &&
                    elts->items[1]->u.constant.kind == AST_CONST_ELLIPSIS;
    TsType *t = (TsType *)mk(in, k, variadic ? 1 : n);
    t->variadic = variadic;
    for (int i = 0; i < t->n; i++) {
        t->args[i] = parse_ann(in, elts ? elts->items[i] : slice, globals, depth + 1);
        if (!t->args[i])
            return NULL;
    }
    if (k == TS_UNION && n == 2) {
        /* Union[T, None] is Optional[T] */
        if (t->args[1]->kind == TS_NONE)
            return mk1(in, TS_OPTIONAL, t->args[0]);
        if (t->args[0]->kind == TS_NONE)
            return mk1(in, TS_OPTIONAL, t->args[1]);
    }
    return t;
}

static const TsType *parse_ann(Interp *in, const AstNode *e, Scope *globals, int depth)
{
    if (depth > 16)
        return NULL;
    Value *cls;
    switch (e->kind) {
    case AST_CONSTANT:
        if (e->u.constant.kind == AST_CONST_NONE)
            return types_simple(in, TS_NONE);
        if (e->u.constant.kind == AST_CONST_STR)
            return parse_simple(in, e->u.constant.sval.ptr, NULL);
        return NULL;
    case AST_NAME: case AST_ATTRIBUTE: {
        Value *v = resolve(in, e, globals, 0);
        if (v && v->kind == VK_ERROR)
            return types_simple(in, TS_ANY);    /* reported where it failed */
        const char *f = form_of(in, e, globals, &cls);
        if (!f)
            return NULL;
        if (!strcmp(f, "Optional") || !strcmp(f, "Union"))
            return types_simple(in, TS_ANY);
        return parse_simple(in, f, cls);
    }
    case AST_SUBSCRIPT: {
        const char *f = form_of(in, e->u.subscript.value, globals, &cls);
        return f && !cls ? parse_generic(in, f, e->u.subscript.slice, globals, depth) : NULL;
    }
    case AST_BIN_OP: {
        if (e->u.bin_op.op != AST_OP_BITOR)
            return NULL;
        const TsType *a = parse_ann(in, e->u.bin_op.left, globals, depth + 1);
        const TsType *b = parse_ann(in, e->u.bin_op.right, globals, depth + 1);
        if (!a || !b)
            return NULL;
        if (b->kind == TS_NONE)
            return mk1(in, TS_OPTIONAL, a);
        if (a->kind == TS_NONE)
            return mk1(in, TS_OPTIONAL, b);
        TsType *t = (TsType *)mk(in, TS_UNION, 2);
        t->args[0] = a;
        t->args[1] = b;
        return t;
    }
    default:
        return NULL;
    }
}

/* The type an annotation stands for; an annotation that is not a type
 * TorchScript knows is reported (once) in script code and unchecked. */
const TsType *types_annotation(Interp *in, const AstNode *ann, Scope *globals, bool report)
{
    const TsType *t = types_cache_get(in, ann);
    if (!t) {
        t = parse_ann(in, ann, globals, 0);
        if (!t) {
            TsType *u = (TsType *)types_simple(in, TS_ANY);
            u->name = "unknown";
            t = u;
        }
        types_cache_put(in, ann, t);
    }
    /* an unknown annotation is reported once, by the first check that
     * reports (the node's address + 1 marks it as reported) */
    const char *reported = (const char *)ann + 1;
    if (report && t->kind == TS_ANY && t->name && !types_cache_get(in, reported)) {
        types_cache_put(in, reported, reported);
        interp_error(in, ann->span, "unknown type annotation: TorchScript types are Tensor, int, float, bool, "
                   "str, None, List[T], Tuple[...], Dict[K, V], Optional[T] and classes");
    }
    return t;
}

/* ---- script code ---- */

static bool span_in_user_file(Interp *in, Span s)
{
    const SourceFile *f = source_file(&in->c->sources, s.file);
    return f && f->path[0] != '<';
}

static bool is_user_function(Interp *in, const Function *fn)
{
    return fn && span_in_user_file(in, fn->def->span);
}

bool types_script_frame(Interp *in)
{
    Frame *f = in->frame;
    /* --trace runs forward() as torch.jit.trace does: as plain Python */
    return in->lower && in->lowering && !in->tracing && f && f->func && !f->python &&
           f->func->def->kind == AST_FUNCTION_DEF && is_user_function(in, f->func);
}

static TypeEnv *frame_env(Interp *in)
{
    Frame *f = in->frame;
    if (!f->types)
        f->types = arena_alloc(in->arena, sizeof(TypeEnv));
    return f->types;
}

static TypeVar *env_find(TypeEnv *env, const char *name)
{
    for (int i = 0; i < env->n; i++)
        if (env->vars[i].name == name)
            return &env->vars[i];
    return NULL;
}

static TypeVar *env_add(Interp *in, TypeEnv *env, const char *name)
{
    if (env->n == env->cap) {
        int cap = env->cap ? env->cap * 2 : 8;
        TypeVar *v = arena_alloc(in->arena, sizeof(TypeVar) * (size_t)cap);
        if (env->n)
            memcpy(v, env->vars, sizeof(TypeVar) * (size_t)env->n);
        env->vars = v;
        env->cap = cap;
    }
    TypeVar *v = &env->vars[env->n++];
    memset(v, 0, sizeof *v);
    v->name = name;
    return v;
}

/* Parameters from this one on are checked: a method's self is not. */
static int first_checked_param(const Function *fn)
{
    if (!fn->decorated_from)
        return 0;
    const AstList *decs = &fn->def->u.function_def.decorators;
    for (int i = 0; i < decs->len; i++)
        if (decs->items[i]->kind == AST_NAME && strcmp(decs->items[i]->u.name.id, "staticmethod") == 0)
            return 0;
    return 1;
}

static const AstNode *param_at(const AstNode *args, int i)
{
    int np = args->u.arguments.posonlyargs.len;
    return i < np ? args->u.arguments.posonlyargs.items[i] : args->u.arguments.args.items[i - np];
}

/* The annotation a parameter is checked against: its own, or in script
 * code TorchScript's default (Tensor, or the type of the default value). */
static const TsType *param_type(Interp *in, Function *fn, const AstNode *p, Value *dflt, bool script)
{
    if (p->u.arg.annotation)
        return types_annotation(in, p->u.arg.annotation, fn->globals, script);
    if (!script)
        return NULL;
    if (!dflt)
        return types_simple(in, TS_TENSOR);
    return dflt->kind == VK_NONE ? types_simple(in, TS_ANY) : types_of_value(in, dflt);
}

static bool check_param(Interp *in, Function *fn, const AstNode *p, const TsType *want, Value *v,
                        bool script, Span at)
{
    bool complex_ok = !script && fn->module && !strcmp(fn->module->name, "torch._complex");
    if (script ? types_value_matches(in, want, v, false)
               : value_matches(in, want, v, MATCH_LENIENT | (complex_ok ? MATCH_COMPLEX : 0)))
        return true;
    if (!is_user_function(in, fn) && v->kind == VK_INSTANCE && in->cls.complex_tensor &&
        v->u.inst->cls == in->cls.complex_tensor) {
        interp_error(in, at, "'%s' does not support complex tensors yet (argument '%s' is complex)", fn->qualname,
                     p->u.arg.name);
        return false;
    }
    const char *have = types_name(in, types_of_value(in, v));
    if (script && !p->u.arg.annotation)
        interp_error(in, at, "argument '%s' of '%s' has no annotation, so it is a '%s' (TorchScript's default); "
                   "found '%s' (annotate the parameter)", p->u.arg.name, fn->qualname, types_name(in, want), have);
    else
        interp_error(in, at, "expected a value of type '%s' for argument '%s' of '%s', found '%s'",
                   types_name(in, want), p->u.arg.name, fn->qualname, have);
    return false;
}

/* ---- overloads (@torch.jit._overload_method / _overload) ----
 * TorchScript has no *args; torchvision declares a method's signatures as
 * bodiless overloads and then writes one plain definition.  A call is
 * checked against the first overload whose annotations all accept the
 * arguments, and the frame's parameter types come from it. */

void types_declare_overload(Interp *in, Value *fnv)
{
    if (!fnv || fnv->kind != VK_FUNCTION)
        return;
    if (!in->overloads)
        in->overloads = val_scope_new(in->arena);
    const char *key = intern(&in->c->names, fnv->u.func->qualname);
    Value *list = val_scope_get(in->overloads, key);
    if (!list) {
        list = val_list(in, 0);
        val_scope_set(in->arena, in->overloads, key, list);
    }
    val_list_push(in, list->u.list, fnv);
}

static int n_params(const Function *fn)
{
    return fn->args->u.arguments.posonlyargs.len + fn->args->u.arguments.args.len;
}

static bool overload_accepts(Interp *in, Function *o, Function *fn, Scope *locals)
{
    if (n_params(o) != n_params(fn))
        return false;
    for (int i = first_checked_param(fn); i < n_params(fn); i++) {
        const AstNode *p = param_at(o->args, i);
        Value *v = val_scope_get(locals, param_at(fn->args, i)->u.arg.name);
        if (!p->u.arg.annotation || !v)
            continue;
        const TsType *want = types_annotation(in, p->u.arg.annotation, o->globals, false);
        if (want && !types_value_matches(in, want, v, false))
            return false;
    }
    return true;
}

/* The function whose annotations govern a call of FN: FN itself when it has
 * no overloads, else the first overload that accepts the arguments, else
 * NULL. */
static Function *signature_for(Interp *in, Function *fn, Scope *locals)
{
    Value *list = in->overloads && fn->qualname
                      ? val_scope_get(in->overloads, intern(&in->c->names, fn->qualname)) : NULL;
    if (!list || list->u.list->len == 0)
        return fn;
    for (int i = 0; i < list->u.list->len; i++) {
        Function *o = list->u.list->items[i]->u.func;
        if (o != fn && overload_accepts(in, o, fn, locals))
            return o;
    }
    return NULL;
}

static bool check_overloaded_call(Interp *in, Function *fn, Scope *locals, Span span)
{
    const char *have = "";
    for (int i = first_checked_param(fn); i < n_params(fn); i++) {
        Value *v = val_scope_get(locals, param_at(fn->args, i)->u.arg.name);
        have = arena_sprintf(in->arena, "%s%s%s", have, *have ? ", " : "",
                             v ? types_name(in, types_of_value(in, v)) : "?");
    }
    interp_error(in, span, "no overload of '%s' accepts arguments of types (%s)", fn->qualname, have);
    return false;
}

bool types_check_call(Interp *in, Function *fn, CallArgs *args, Scope *locals, Span span)
{
    if (fn->def->kind != AST_FUNCTION_DEF)
        return true;
    /* the user's code is TorchScript only while forward() runs, and not in
     * what @torch.jit.ignore / unused functions run; elsewhere (__init__,
     * module-level code) it is plain Python, whose annotations check
     * nothing; under --trace forward() is plain Python too, as
     * torch.jit.trace runs it.  The stdlib's annotations stand for PyTorch's own argument
     * checks and always apply. */
    bool python = fn->python || (in->frame && in->frame->python);
    bool script = in->lower && in->lowering && !in->tracing && !python && is_user_function(in, fn);
    if (!script && is_user_function(in, fn))
        return true;
    Function *sig = signature_for(in, fn, locals);
    if (!sig)
        return !script || check_overloaded_call(in, fn, locals, span);
    if (sig != fn)
        return true;    /* the overload's annotations accepted every argument */
    const AstNode *a = fn->args;
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    bool ok = true;
    for (int i = first_checked_param(fn); i < np; i++) {
        const AstNode *p = param_at(a, i);
        if (!script && !p->u.arg.annotation)
            continue;
        int d = i - (np - fn->n_defaults);
        Value *dflt = d >= 0 ? fn->defaults[d] : NULL;
        const TsType *want = param_type(in, fn, p, dflt, script);
        Value *v = val_scope_get(locals, p->u.arg.name);
        Span at = i < args->n_pos && args->pos_spans ? args->pos_spans[i] : span;
        if (want && v && !check_param(in, fn, p, want, v, script, at))
            ok = false;
    }
    for (int i = 0; i < a->u.arguments.kwonlyargs.len; i++) {
        const AstNode *p = a->u.arguments.kwonlyargs.items[i];
        if (!p->u.arg.annotation)
            continue;
        const TsType *want = types_annotation(in, p->u.arg.annotation, fn->globals, script);
        Value *v = val_scope_get(locals, p->u.arg.name);
        if (v && !check_param(in, fn, p, want, v, script, span))
            ok = false;
    }
    return ok;
}

/* Parameters are the first variables of a script function's frame. */
void types_enter_frame(Interp *in, Function *fn, Scope *locals)
{
    if (!types_script_frame(in))
        return;
    const AstNode *a = fn->args;
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    TypeEnv *env = frame_env(in);
    Function *sig = signature_for(in, fn, locals);
    if (!sig)
        sig = fn;
    for (int i = first_checked_param(fn); i < np; i++) {
        const AstNode *p = param_at(a, i);
        Value *v = val_scope_get(locals, p->u.arg.name);
        if (!v)
            continue;
        TypeVar *tv = env_add(in, env, p->u.arg.name);
        tv->where = p->span;
        tv->depth = in->block_depth + 1;    /* the body's straight-line code */
        const AstNode *sp = param_at(sig->args, i);
        if (sp->u.arg.annotation) {
            tv->type = types_annotation(in, sp->u.arg.annotation, sig->globals, false);
            tv->declared = true;
        } else {
            tv->type = types_of_value(in, v);
        }
    }
}

/* Whether E calls a @torch.jit.unused / ignore function (self.f(...) or
 * f(...)): TorchScript types such a call by its annotation and never looks
 * at the value it returns in Python (GoogLeNet's eager_outputs). */
static bool calls_python_function(Interp *in, const AstNode *e)
{
    if (!e || e->kind != AST_CALL)
        return false;
    const AstNode *f = e->u.call.func;
    Value *callee = NULL;
    if (f->kind == AST_NAME) {
        callee = val_scope_get(in->frame->func->globals, f->u.name.id);
    } else if (f->kind == AST_ATTRIBUTE && f->u.attribute.value->kind == AST_NAME) {
        Value *self = val_scope_get(in->frame->locals, f->u.attribute.value->u.name.id);
        if (self && self->kind == VK_INSTANCE)
            callee = interp_class_lookup(self->u.inst->cls, f->u.attribute.attr);
    }
    return callee && callee->kind == VK_FUNCTION && callee->u.func->python;
}

void types_check_return(Interp *in, const AstNode *ret, Value *v)
{
    if (!types_script_frame(in) || !v || v->kind == VK_ERROR)
        return;
    Function *fn = in->frame->func;
    const AstNode *ann = fn->def->u.function_def.returns;
    if (!ann)
        return;
    const TsType *want = types_annotation(in, ann, fn->globals, true);
    if (types_value_matches(in, want, v, false) || calls_python_function(in, ret->u.value.value))
        return;
    const AstNode *at = ret->u.value.value ? ret->u.value.value : ret;
    interp_error(in, at->span, "'%s' is annotated to return '%s' but this returns '%s'", fn->qualname,
               types_name(in, want), types_name(in, types_of_value(in, v)));
}

static void check_name_assign(Interp *in, const AstNode *target, const AstNode *ann, Value *v)
{
    Function *fn = in->frame->func;
    TypeEnv *env = frame_env(in);
    const char *name = target->u.name.id;
    TypeVar *tv = env_find(env, name);
    const TsType *have = types_of_value(in, v);
    if (ann) {
        const TsType *want = types_annotation(in, ann, fn->globals, true);
        if (!types_value_matches(in, want, v, false)) {
            interp_error(in, target->span, "'%s' is annotated '%s' but assigned a value of type '%s'", name,
                       types_name(in, want), types_name(in, have));
            return;
        }
        if (tv && tv->declared && !type_equal(tv->type, want) && in->block_depth > tv->depth) {
            interp_error(in, ann->span, "'%s' is annotated '%s' here but had type '%s' before", name,
                       types_name(in, want), types_name(in, tv->type));
            diag_note(&in->c->diag, tv->where, "'%s' first gets its type here", name);
            return;
        }
        if (!tv)
            tv = env_add(in, env, name);
        tv->type = want;
        tv->declared = true;
        tv->where = target->span;
        tv->depth = in->block_depth;
        return;
    }
    if (tv && tv->declared && in->block_depth <= tv->depth && types_value_matches(in, tv->type, v, false))
        return;     /* a declared variable keeps its declared type where the value fits */
    if (!tv || in->block_depth <= tv->depth) {
        /* A first assignment, or a rebinding in the same straight-line code
         * where the variable got its type (declared or not): TorchScript
         * gives the name a new type there (`l: List[Tensor] = []` ...
         * `l = torch.cat(l)`).  Inside an if/for/while body entered since,
         * the variable must keep its type (checked below). */
        if (!tv)
            tv = env_add(in, env, name);
        tv->declared = false;
        tv->type = have;
        tv->where = target->span;
        tv->depth = in->block_depth;
        return;
    }
    if (tv->declared) {
        if (!types_value_matches(in, tv->type, v, false)) {
            interp_error(in, target->span, "'%s' has type '%s' but is assigned a value of type '%s'", name,
                       types_name(in, tv->type), types_name(in, have));
            diag_note(&in->c->diag, tv->where, "'%s' is declared here", name);
        }
        return;
    }
    if (tv->type->kind == TS_OTHER || tv->type->kind == TS_CLASS || have->kind == TS_OTHER ||
        have->kind == TS_CLASS)
        return;     /* modules, functions: not TorchScript values */
    const TsType *u = types_unify(in, tv->type, have);
    if (u && (type_equal(u, tv->type) || tv->type->kind == TS_ANY ||
              (tv->type->kind == TS_LIST && tv->type->args[0]->kind == TS_ANY) ||
              (tv->type->kind == TS_DICT && tv->type->args[1]->kind == TS_ANY))) {
        tv->type = u;
        return;
    }
    interp_error(in, target->span, "'%s' had type '%s' and is now assigned a value of type '%s'; inside "
               "if/for/while a variable keeps its type (annotate it '%s: Optional[...]' or use another name)", name,
               types_name(in, tv->type), types_name(in, have), name);
    diag_note(&in->c->diag, tv->where, "'%s' first gets its type here", name);
}

void types_check_assign(Interp *in, const AstNode *target, const AstNode *ann, Value *v)
{
    if (!v || v->kind == VK_ERROR || !types_script_frame(in))
        return;
    if (target->kind == AST_NAME) {
        check_name_assign(in, target, ann, v);
        return;
    }
    if ((target->kind == AST_TUPLE || target->kind == AST_LIST) && !ann) {
        Value *tl = tuple_like(in, v);
        if (tl)
            v = tl;
        if ((v->kind != VK_TUPLE && v->kind != VK_LIST) || v->u.list->len != target->u.seq.elts.len)
            return;
        for (int i = 0; i < target->u.seq.elts.len; i++)
            types_check_assign(in, target->u.seq.elts.items[i], NULL, v->u.list->items[i]);
    }
}

bool types_check_display(Interp *in, const AstNode *display, Value *v)
{
    if (!v || !types_script_frame(in))
        return true;
    if (display->kind == AST_LIST && v->kind == VK_LIST) {
        const TsType *e = types_simple(in, TS_ANY);
        for (int i = 0; i < v->u.list->len && i < display->u.seq.elts.len; i++) {
            const TsType *x = types_of_value(in, v->u.list->items[i]);
            const TsType *u = types_unify(in, e, x);
            if (!u || ((x->kind == TS_CLASS || x->kind == TS_OTHER) && e->kind != TS_ANY && !type_equal(e, x))) {
                interp_error(in, display->u.seq.elts.items[i]->span, "a list holds one type: this element is "
                           "'%s' but the ones before it are '%s'", types_name(in, x), types_name(in, e));
                return false;
            }
            e = u;
        }
    } else if (display->kind == AST_DICT && v->kind == VK_DICT) {
        const TsType *k = types_simple(in, TS_ANY), *x = types_simple(in, TS_ANY);
        for (int i = 0; i < display->u.dict.keys.len; i++) {
            const AstNode *kn = display->u.dict.keys.items[i];
            if (!kn || i >= v->u.dict->len)
                continue;
            Value *key = v->u.dict->entries[i].key;
            Value *val = v->u.dict->entries[i].value;
            const TsType *kt = types_of_value(in, key), *vt = types_of_value(in, val);
            const TsType *uk = types_unify(in, k, kt), *ux = types_unify(in, x, vt);
            if (!uk || !ux) {
                const AstNode *at = uk ? display->u.dict.values.items[i] : kn;
                interp_error(in, at->span, "a dict holds one key type and one value type: this %s is '%s' but "
                           "the ones before it are '%s'", uk ? "value" : "key", types_name(in, uk ? vt : kt),
                           types_name(in, uk ? x : k));
                return false;
            }
            k = uk;
            x = ux;
        }
    }
    return true;
}

/* NULL when a forward() parameter annotated ANN can be a graph input (a
 * tensor or a Python number, possibly Optional), else its type's name. */
const char *types_graph_input_problem(Interp *in, const AstNode *ann, Scope *globals)
{
    if (!ann)
        return NULL;
    const TsType *t = types_annotation(in, ann, globals, false);
    if (t->kind == TS_OPTIONAL)
        t = t->args[0];
    switch (t->kind) {
    case TS_ANY: case TS_TENSOR: case TS_INT: case TS_FLOAT: case TS_BOOL:
        return NULL;
    default:
        return types_name(in, types_annotation(in, ann, globals, false));
    }
}
