/* set and frozenset: construction, their methods and operators.
 *
 * A set is a dict whose keys are its elements (sema/value/value.c), so it
 * iterates in insertion order, which keeps every compile deterministic
 * (Python's own order follows the hashes).  Elements must be hashable
 * static values; a run-time number is reported, a list, dict or set raises
 * Python's TypeError. */
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/interp/interp.h"

#define METHOD(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

/* ---- elements ---- */

bool interp_set_add(Interp *in, Value *set, Value *item, Span span)
{
    if (val_set_add(in, set, item))
        return true;
    if (item->kind == VK_ERROR)
        return false;
    if (item->kind == VK_LIST || item->kind == VK_DICT || item->kind == VK_SET)
        interp_raise(in, in->cls.type_error, span, "unhashable type: '%s'", val_type_name(in, item));
    else
        interp_error(in, span, "set elements must be known at compile time; found a %s%s",
                     val_is_dynamic_scalar(item) ? "run-time " : "", val_type_name(in, item));
    return false;
}

/* A new empty set of the kind (and subclass) of LIKE. */
static Value *set_like(Interp *in, const Value *like)
{
    Value *r = val_set(in, like->kind == VK_FROZENSET);
    r->u.dict->cls = like->u.dict->cls;
    return r;
}

static Value *set_copy(Interp *in, const Value *s, bool frozen)
{
    Value *r = val_set(in, frozen);
    Dict *d = s->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted)
            val_set_add(in, r, d->entries[i].key);
    return r;
}

/* The elements of any iterable, as a set (SRC itself when it is one). */
static Value *as_set(Interp *in, Value *src, Span span)
{
    if (val_is_set(src))
        return src;
    ValueList items = {0};
    if (!interp_iterate_static(in, src, &items, span))
        return in->exc ? NULL : val_error(in);
    Value *r = val_set(in, false);
    for (int i = 0; i < items.len; i++)
        if (!interp_set_add(in, r, items.items[i], span))
            return in->exc ? NULL : val_error(in);
    return r;
}

static bool contains(const Value *set, Value *x)
{
    return val_dict_get(set->u.dict, x) != NULL;
}

/* ---- the algebra, on two sets ---- */

static Value *set_union(Interp *in, Value *a, Value *b)
{
    Value *r = set_like(in, a);
    for (int k = 0; k < 2; k++) {
        Dict *d = (k ? b : a)->u.dict;
        for (int i = 0; i < d->len; i++)
            if (!d->entries[i].deleted)
                val_set_add(in, r, d->entries[i].key);
    }
    return r;
}

static Value *set_intersection(Interp *in, Value *a, Value *b)
{
    Value *r = set_like(in, a);
    Dict *d = a->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted && contains(b, d->entries[i].key))
            val_set_add(in, r, d->entries[i].key);
    return r;
}

static Value *set_difference(Interp *in, Value *a, Value *b)
{
    Value *r = set_like(in, a);
    Dict *d = a->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted && !contains(b, d->entries[i].key))
            val_set_add(in, r, d->entries[i].key);
    return r;
}

static Value *set_symmetric_difference(Interp *in, Value *a, Value *b)
{
    Value *r = set_difference(in, a, b);
    Dict *d = b->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted && !contains(a, d->entries[i].key))
            val_set_add(in, r, d->entries[i].key);
    return r;
}

/* Replaces the elements of the set S with those of R (an in-place update). */
static void set_assign(Interp *in, Value *s, Value *r)
{
    flow_write_dict(in, s->u.dict);
    Dict *d = s->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted && !contains(r, d->entries[i].key))
            val_dict_del(in, d, d->entries[i].key);
    Dict *e = r->u.dict;
    for (int i = 0; i < e->len; i++)
        if (!e->entries[i].deleted)
            val_set_add(in, s, e->entries[i].key);
}

typedef Value *(*SetOp)(Interp *in, Value *a, Value *b);

static SetOp set_op_of(AstOp op)
{
    switch (op) {
    case AST_OP_BITOR: return set_union;
    case AST_OP_BITAND: return set_intersection;
    case AST_OP_SUB: return set_difference;
    case AST_OP_BITXOR: return set_symmetric_difference;
    default: return NULL;
    }
}

/* a | b, a & b, a - b, a ^ b on two sets (the result has the kind of a);
 * with INPLACE, a |= b ... updates the set a.  NULL when not applicable. */
Value *interp_set_binop(Interp *in, AstOp op, Value *a, Value *b, bool inplace)
{
    SetOp fn = set_op_of(op);
    if (!fn || !val_is_set(a) || !val_is_set(b))
        return NULL;
    Value *r = fn(in, a, b);
    if (!inplace || a->kind != VK_SET)
        return r;
    set_assign(in, a, r);
    return a;
}

/* a < b, a <= b, a > b, a >= b: the subset relations.  NULL when not
 * applicable. */
Value *interp_set_compare(Interp *in, AstOp op, Value *a, Value *b)
{
    if (!val_is_set(a) || !val_is_set(b))
        return NULL;
    Dict *x = a->u.dict, *y = b->u.dict;
    switch (op) {
    case AST_OP_LT: return val_bool(in, x->live < y->live && val_set_subset(x, y));
    case AST_OP_LTE: return val_bool(in, val_set_subset(x, y));
    case AST_OP_GT: return val_bool(in, y->live < x->live && val_set_subset(y, x));
    case AST_OP_GTE: return val_bool(in, val_set_subset(y, x));
    default: return NULL;
    }
}

/* ---- construction ---- */

static Value *fill_from(Interp *in, Value *r, Value *src, Span span)
{
    ValueList items = {0};
    if (!interp_iterate_static(in, src, &items, span))
        return in->exc ? NULL : val_error(in);
    for (int i = 0; i < items.len; i++)
        if (!interp_set_add(in, r, items.items[i], span))
            return in->exc ? NULL : val_error(in);
    return r;
}

/* set(), set(iterable), frozenset(...). */
Value *interp_set_construct(Interp *in, Value *cls, CallArgs *a, Span span)
{
    bool frozen = cls->u.cls->native == NATIVE_CLASS_FROZENSET;
    const char *name = frozen ? "frozenset" : "set";
    if (a->n_kw) {
        interp_raise(in, in->cls.type_error, span, "%s() takes no keyword arguments", name);
        return NULL;
    }
    if (a->n_pos > 1)
        return interp_raise(in, in->cls.type_error, span, "%s expected at most 1 argument, got %d", name, a->n_pos);
    Value *r = val_set(in, frozen);
    if (cls->u.cls->module)
        r->u.dict->cls = cls;
    return a->n_pos ? fill_from(in, r, a->pos[0], span) : r;
}

/* ---- methods ---- */

static bool receiver(Interp *in, CallArgs *a, const char *method, bool mutating, Span span)
{
    if (a->n_pos < 1 || !val_is_set(a->pos[0]) || (mutating && a->pos[0]->kind != VK_SET)) {
        interp_error(in, span, "%s() needs a %s receiver", method, mutating ? "set" : "set or frozenset");
        return false;
    }
    return true;
}

static bool one_arg(Interp *in, CallArgs *a, const char *method, bool mutating, Span span)
{
    return receiver(in, a, method, mutating, span) && interp_args_check(in, a, method, 2, 2, NULL, span);
}

METHOD(set_add)
{
    (void)self;
    if (!one_arg(in, a, "add", true, span))
        return val_error(in);
    if (!interp_set_add(in, a->pos[0], a->pos[1], span))
        return in->exc ? NULL : val_error(in);
    return val_none(in);
}

METHOD(set_discard)
{
    (void)self;
    if (!one_arg(in, a, "discard", true, span))
        return val_error(in);
    val_dict_del(in, a->pos[0]->u.dict, a->pos[1]);
    return val_none(in);
}

METHOD(set_remove)
{
    (void)self;
    if (!one_arg(in, a, "remove", true, span))
        return val_error(in);
    if (!val_dict_del(in, a->pos[0]->u.dict, a->pos[1]))
        return interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, a->pos[1]));
    return val_none(in);
}

/* pop() removes the first element in iteration order. */
METHOD(set_pop)
{
    (void)self;
    if (!receiver(in, a, "pop", true, span) || !interp_args_check(in, a, "pop", 1, 1, NULL, span))
        return val_error(in);
    Dict *d = a->pos[0]->u.dict;
    for (int i = 0; i < d->len; i++) {
        if (d->entries[i].deleted)
            continue;
        Value *x = d->entries[i].key;
        val_dict_del(in, d, x);
        return x;
    }
    return interp_raise(in, in->cls.key_error, span, "'pop from an empty set'");
}

METHOD(set_clear)
{
    (void)self;
    if (!receiver(in, a, "clear", true, span))
        return val_error(in);
    Dict *d = a->pos[0]->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted)
            val_dict_del(in, d, d->entries[i].key);
    return val_none(in);
}

METHOD(set_copy_m)
{
    (void)self;
    if (!receiver(in, a, "copy", false, span))
        return val_error(in);
    Value *r = set_copy(in, a->pos[0], a->pos[0]->kind == VK_FROZENSET);
    r->u.dict->cls = a->pos[0]->u.dict->cls;
    return r;
}

/* union(*others), intersection(*others) ... : OP applied with each argument
 * (any iterable) in turn; with UPDATE, the receiver is updated. */
static Value *set_multi(Interp *in, CallArgs *a, Span span, const char *name, AstOp op, bool update)
{
    if (!receiver(in, a, name, update, span) || !interp_args_check(in, a, name, 1, -1, NULL, span))
        return val_error(in);
    Value *acc = a->pos[0];
    if (a->n_pos == 1 && !update)
        acc = set_copy(in, acc, acc->kind == VK_FROZENSET);
    for (int i = 1; i < a->n_pos; i++) {
        Value *other = as_set(in, a->pos[i], span);
        if (!other || other->kind == VK_ERROR)
            return other;
        acc = set_op_of(op)(in, acc, other);
    }
    if (!update)
        return acc;
    if (acc != a->pos[0])
        set_assign(in, a->pos[0], acc);
    return val_none(in);
}

METHOD(set_union_m) { (void)self; return set_multi(in, a, span, "union", AST_OP_BITOR, false); }
METHOD(set_intersection_m) { (void)self; return set_multi(in, a, span, "intersection", AST_OP_BITAND, false); }
METHOD(set_difference_m) { (void)self; return set_multi(in, a, span, "difference", AST_OP_SUB, false); }
METHOD(set_update) { (void)self; return set_multi(in, a, span, "update", AST_OP_BITOR, true); }
METHOD(set_intersection_update) { (void)self; return set_multi(in, a, span, "intersection_update", AST_OP_BITAND, true); }
METHOD(set_difference_update) { (void)self; return set_multi(in, a, span, "difference_update", AST_OP_SUB, true); }

static Value *set_symmetric(Interp *in, CallArgs *a, Span span, const char *name, bool update)
{
    if (!receiver(in, a, name, update, span) || !interp_args_check(in, a, name, 2, 2, NULL, span))
        return val_error(in);
    Value *other = as_set(in, a->pos[1], span);
    if (!other || other->kind == VK_ERROR)
        return other;
    Value *r = set_symmetric_difference(in, a->pos[0], other);
    if (!update)
        return r;
    set_assign(in, a->pos[0], r);
    return val_none(in);
}

METHOD(set_symmetric_difference_m) { (void)self; return set_symmetric(in, a, span, "symmetric_difference", false); }
METHOD(set_symmetric_difference_update) { (void)self; return set_symmetric(in, a, span, "symmetric_difference_update", true); }

/* issubset, issuperset, isdisjoint: the argument is any iterable. */
static Value *set_relation(Interp *in, CallArgs *a, Span span, const char *name, int which)
{
    if (!one_arg(in, a, name, false, span))
        return val_error(in);
    Value *other = as_set(in, a->pos[1], span);
    if (!other || other->kind == VK_ERROR)
        return other;
    Dict *x = a->pos[0]->u.dict, *y = other->u.dict;
    if (which == 0)
        return val_bool(in, val_set_subset(x, y));
    if (which == 1)
        return val_bool(in, val_set_subset(y, x));
    for (int i = 0; i < x->len; i++)
        if (!x->entries[i].deleted && contains(other, x->entries[i].key))
            return val_bool(in, false);
    return val_bool(in, true);
}

METHOD(set_issubset) { (void)self; return set_relation(in, a, span, "issubset", 0); }
METHOD(set_issuperset) { (void)self; return set_relation(in, a, span, "issuperset", 1); }
METHOD(set_isdisjoint) { (void)self; return set_relation(in, a, span, "isdisjoint", 2); }

/* set.__init__(iterable): the subclasses' construction (set(...) itself
 * fills the set at once). */
METHOD(set_init)
{
    (void)self;
    if (!receiver(in, a, "__init__", false, span) || !interp_args_check(in, a, "set", 1, 2, NULL, span))
        return val_error(in);
    if (a->n_pos < 2 || a->pos[0]->kind != VK_SET)
        return val_none(in);
    Value *r = fill_from(in, val_set(in, false), a->pos[1], span);
    if (!r || r->kind == VK_ERROR)
        return r;
    set_assign(in, a->pos[0], r);
    return val_none(in);
}

static const Builtin mutating_methods[] = {
    {"add", set_add, NULL}, {"discard", set_discard, NULL}, {"remove", set_remove, NULL},
    {"pop", set_pop, NULL}, {"clear", set_clear, NULL}, {"update", set_update, NULL},
    {"intersection_update", set_intersection_update, NULL},
    {"difference_update", set_difference_update, NULL},
    {"symmetric_difference_update", set_symmetric_difference_update, NULL},
    {"__init__", set_init, NULL},
};

static const Builtin shared_methods[] = {
    {"copy", set_copy_m, NULL}, {"union", set_union_m, NULL},
    {"intersection", set_intersection_m, NULL}, {"difference", set_difference_m, NULL},
    {"symmetric_difference", set_symmetric_difference_m, NULL}, {"issubset", set_issubset, NULL},
    {"issuperset", set_issuperset, NULL}, {"isdisjoint", set_isdisjoint, NULL},
};

void interp_install_set_methods(Interp *in)
{
    Value *set = interp_builtin_class(in, "set"), *frozen = interp_builtin_class(in, "frozenset");
    int n_mut = (int)(sizeof mutating_methods / sizeof mutating_methods[0]);
    int n_shared = (int)(sizeof shared_methods / sizeof shared_methods[0]);
    interp_add_methods(in, set, mutating_methods, n_mut);
    interp_add_methods(in, set, shared_methods, n_shared);
    interp_add_methods(in, frozen, shared_methods, n_shared);
}
