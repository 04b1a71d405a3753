/* copy.copy and copy.deepcopy (stdlib/copy.ts calls _native.shallow_copy
 * and _native.deepcopy), with the semantics of Python's copy module, and
 * _native.hashable for functools.lru_cache:
 *
 * - numbers, strings, None, classes, functions, ranges are their own
 *   copies; a tuple whose items all copy to themselves too (deepcopy);
 * - lists, dicts, sets and instances of subclasses of them copy their
 *   items (and their own attributes), keeping their class;
 * - an instance: its class's __copy__ / __deepcopy__(memo) when defined,
 *   else a new object of its class (object.__new__) whose attributes are
 *   (deep) copies of the original's, through __getstate__ / __setstate__
 *   when the class defines them, bypassing __setattr__ as Python's
 *   `__dict__.update` does: an nn.Module is copied with its parameters;
 * - a tensor: deepcopy is clone() keeping the parameter mark (Parameter's
 *   __deepcopy__); a tensor that owns its storage keeps its initialization
 *   recipe, so the copy has the same values without computing them.
 *
 * MEMO is the dict Python uses: id(original) -> copy, so that an object
 * reached twice is copied once (shared references stay shared), and a
 * user's __deepcopy__ can pass it on. */
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/native/native.h"

#define NATIVE(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

typedef struct Copier {
    Interp *in;
    Value *memo;    /* a dict, or NULL for a shallow copy */
    Span span;
    int depth;
} Copier;

static Value *deep(Copier *c, Value *x);

/* id(x) as the memo's key: the identity of the object. */
static Value *memo_key(Interp *in, Value *x)
{
    return val_int(in, (int64_t)(uintptr_t)x->u.cls);
}

static bool is_atomic(const Value *x)
{
    switch (x->kind) {
    case VK_LIST: case VK_TUPLE: case VK_DICT: case VK_SET: case VK_FROZENSET:
    case VK_INSTANCE: case VK_TENSOR: case VK_BOUND_METHOD:
        return false;
    default:
        return true;    /* numbers, str, None, classes, functions, modules ... */
    }
}

static void remember(Copier *c, Value *x, Value *y)
{
    if (c->memo && y != x)
        val_dict_set(c->in, c->memo->u.dict, memo_key(c->in, x), y);
}

/* The method NAME an instance's (or a container subclass's) class defines. */
static Value *class_method(Interp *in, Value *x, const char *name)
{
    Value *cls = x->kind == VK_INSTANCE ? x->u.inst->cls : interp_container_class(x);
    if (!cls)
        return NULL;
    Value *m = interp_class_lookup(cls, intern(&in->c->names, name));
    return m && m->kind == VK_FUNCTION ? m : NULL;
}

/* The own attributes of a container subclass instance, copied into Y. */
static bool copy_container_attrs(Copier *c, Value *x, Value *y)
{
    Scope *from = x->kind == VK_LIST || x->kind == VK_TUPLE ? x->u.list->attrs : x->u.dict->attrs;
    if (!from)
        return true;
    Scope *to = flow_scope_new(c->in);
    for (int i = 0; i < from->len; i++) {
        Value *v = from->entries[i].value;
        if (!v)
            continue;
        if (c->memo && !(v = deep(c, v)))
            return false;
        val_scope_set(c->in->arena, to, from->entries[i].name, v);
    }
    if (x->kind == VK_LIST || x->kind == VK_TUPLE)
        y->u.list->attrs = to;
    else
        y->u.dict->attrs = to;
    return true;
}

static Value *copy_sequence(Copier *c, Value *x)
{
    Interp *in = c->in;
    ValueList *l = x->u.list;
    Value *y = x->kind == VK_LIST ? val_list(in, l->len) : val_tuple(in, l->len);
    y->u.list->cls = l->cls;
    y->u.list->dyn = l->dyn;
    if (x->kind == VK_LIST)
        remember(c, x, y);
    bool same = !l->cls;
    for (int i = 0; i < l->len; i++) {
        Value *v = c->memo ? deep(c, l->items[i]) : l->items[i];
        if (!v)
            return NULL;
        same &= v == l->items[i];
        val_list_push(in, y->u.list, v);
    }
    if (x->kind == VK_TUPLE && c->memo) {
        /* a tuple reached again through its items was copied meanwhile */
        Value *again = val_dict_get(c->memo->u.dict, memo_key(in, x));
        if (again)
            return again;
        if (same)
            return x;
    }
    return copy_container_attrs(c, x, y) ? y : NULL;
}

static Value *copy_mapping(Copier *c, Value *x)
{
    Interp *in = c->in;
    Value *y = x->kind == VK_DICT ? val_dict(in) : val_set(in, x->kind == VK_FROZENSET);
    y->u.dict->cls = x->u.dict->cls;
    remember(c, x, y);
    Dict *d = x->u.dict;
    for (int i = 0; i < d->len; i++) {
        DictEntry *e = &d->entries[i];
        if (e->deleted)
            continue;
        Value *k = c->memo ? deep(c, e->key) : e->key;
        if (!k)
            return NULL;
        Value *v = x->kind != VK_DICT ? k : c->memo ? deep(c, e->value) : e->value;
        if (!v)
            return NULL;
        if (!val_dict_set(in, y->u.dict, k, v))
            return interp_error(in, c->span, "copy: a key could not be copied");
    }
    return copy_container_attrs(c, x, y) ? y : NULL;
}

/* A copy of a tensor: for deepcopy, clone() keeping the parameter mark and
 * requires_grad; for copy, a view sharing its storage. */
static Value *copy_tensor(Copier *c, Value *x)
{
    Interp *in = c->in;
    Tensor *t = x->u.tensor;
    if (!c->memo)
        return native_alias_tensor(in, t);
    Value *y;
    if (t->is_static && (!t->storage || t->storage == t) && !t->view_base && !(in->lower && in->lowering)) {
        /* the tensor owns its values: the copy has the same data or recipe */
        Tensor *r = arena_alloc(in->arena, sizeof *r);
        *r = *t;
        r->born = 0;
        r->version = 0;
        r->ir = NULL;
        r->storage = NULL;
        r->param_name = NULL;
        y = val_tensor(in, r);
    } else {
        y = native_clone_tensor(in, x, c->span);
        if (!y || y->kind != VK_TENSOR)
            return y;
    }
    y->u.tensor->is_parameter = t->is_parameter;
    y->u.tensor->requires_grad = t->requires_grad;
    remember(c, x, y);
    return y;
}

/* An instance without __copy__ / __deepcopy__: a new object of its class
 * with (deep) copies of the original's state. */
static Value *copy_instance(Copier *c, Value *x)
{
    Interp *in = c->in;
    Value *cls = x->u.inst->cls;
    Value *y = interp_new_object(in, cls, c->span);
    if (!y)
        return NULL;
    remember(c, x, y);
    Value *getstate = class_method(in, x, "__getstate__"), *setstate = class_method(in, x, "__setstate__");
    Value *state;
    if (getstate) {
        state = interp_call_simple(in, getstate, &x, 1, c->span);
        if (!state || state->kind == VK_ERROR)
            return state;
    } else {
        state = interp_namespace_dict(in, x->u.inst->attrs, false);
    }
    if (c->memo && !(state = deep(c, state)))
        return NULL;
    if (setstate) {
        Value *args[2] = {y, state};
        Value *r = interp_call_simple(in, setstate, args, 2, c->span);
        return !r || r->kind == VK_ERROR ? r : y;
    }
    if (state->kind != VK_DICT)
        return interp_error(in, c->span, "copy: the state of a '%s' is not a dict", val_type_name(in, x));
    for (int i = 0; i < state->u.dict->len; i++) {
        DictEntry *e = &state->u.dict->entries[i];
        if (!e->deleted && e->key->kind == VK_STR)
            val_scope_set(in->arena, y->u.inst->attrs, e->key->u.s.ptr, e->value);
    }
    return y;
}

static Value *deep(Copier *c, Value *x)
{
    Interp *in = c->in;
    if (is_atomic(x) || val_is_dynamic_scalar(x))
        return x;
    Value *seen = val_dict_get(c->memo->u.dict, memo_key(in, x));
    if (seen)
        return seen;
    if (++c->depth > in->c->limits.max_call_depth) {
        c->depth--;
        return interp_abort(in, c->span, "maximum recursion depth (%d) exceeded in deepcopy at compile time "
                            "(--limit call-depth=N raises the limit)", in->c->limits.max_call_depth);
    }
    Value *y;
    Value *hook = class_method(in, x, "__deepcopy__");
    if (hook) {
        Value *args[2] = {x, c->memo};
        y = interp_call_simple(in, hook, args, 2, c->span);
        if (y && y->kind != VK_ERROR)
            remember(c, x, y);
    } else {
        switch (x->kind) {
        case VK_LIST: case VK_TUPLE: y = copy_sequence(c, x); break;
        case VK_DICT: case VK_SET: case VK_FROZENSET: y = copy_mapping(c, x); break;
        case VK_TENSOR: y = copy_tensor(c, x); break;
        case VK_INSTANCE: y = copy_instance(c, x); break;
        case VK_BOUND_METHOD: {
            /* the function stays, the object it is bound to is copied */
            Value *self_copy = deep(c, x->u.method->self);
            if (!self_copy || self_copy->kind == VK_ERROR)
                return self_copy;
            y = val_none(in);
            y->kind = VK_BOUND_METHOD;
            y->u.method = arena_alloc(in->arena, sizeof(BoundMethod));
            y->u.method->self = self_copy;
            y->u.method->func = x->u.method->func;
            remember(c, x, y);
            break;
        }
        default: y = x; break;
        }
    }
    c->depth--;
    return y;
}

/* deepcopy(x, memo) */
NATIVE(n_deepcopy)
{
    (void)self;
    Value *x = interp_arg(a, 0, NULL), *memo = interp_arg(a, 1, NULL);
    if (!x || !memo || memo->kind != VK_DICT)
        return interp_error(in, span, "deepcopy(x, memo)");
    Copier c = {in, memo, span, 0};
    return deep(&c, x);
}

/* shallow_copy(x): copy.copy */
NATIVE(n_shallow_copy)
{
    (void)self;
    Value *x = interp_arg(a, 0, NULL);
    if (!x)
        return interp_error(in, span, "shallow_copy(x)");
    Value *hook = class_method(in, x, "__copy__");
    if (hook)
        return interp_call_simple(in, hook, &x, 1, span);
    Copier c = {in, NULL, span, 0};
    switch (x->kind) {
    case VK_TUPLE: case VK_FROZENSET:
        if (!interp_container_class(x))
            return x;
        return x->kind == VK_TUPLE ? copy_sequence(&c, x) : copy_mapping(&c, x);
    case VK_LIST: return copy_sequence(&c, x);
    case VK_DICT: case VK_SET: return copy_mapping(&c, x);
    case VK_TENSOR: return copy_tensor(&c, x);
    case VK_INSTANCE: return copy_instance(&c, x);
    default: return x;
    }
}

/* hashable(x): whether X can be a dict key now: a value holding a number
 * known only at run time cannot (functools.lru_cache then calls through). */
NATIVE(n_hashable)
{
    (void)self; (void)span;
    Value *x = interp_arg(a, 0, NULL);
    return val_bool(in, x && val_hashable(x));
}

const Builtin native_copy_natives[] = {
    {"deepcopy", n_deepcopy, NULL},
    {"shallow_copy", n_shallow_copy, NULL},
    {"hashable", n_hashable, NULL},
};

const int native_copy_count = (int)(sizeof native_copy_natives / sizeof native_copy_natives[0]);
