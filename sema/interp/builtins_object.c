/* The object model of the builtins: the builtin classes and their
 * construction, object and type (type(name, bases, ns), metaclasses),
 * isinstance and issubclass (with __instancecheck__ and unions, int |
 * None), iterators (iter, next), property, staticmethod and classmethod,
 * and the exception classes. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/interp/interp.h"

#define BUILTIN(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

static bool is_static_int(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_BOOL) && !v->dyn;
}

static int64_t int_of(const Value *v)
{
    return v->kind == VK_INT ? v->u.i : v->u.b;
}

static bool is_static_num(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_BOOL || v->kind == VK_FLOAT) && !v->dyn;
}

static double num_of(const Value *v)
{
    return v->kind == VK_FLOAT ? v->u.f : (double)int_of(v);
}

/* ---- type and object ---- */

/* type(name, bases, ns) and type.__new__(mcls, name, bases, ns, **kwargs):
 * a new class whose namespace is a copy of NS. */
static Value *type_new(Interp *in, Value *mcls, CallArgs *a, Span span)
{
    if (a->n_pos != 3 || a->pos[0]->kind != VK_STR || a->pos[1]->kind != VK_TUPLE || a->pos[2]->kind != VK_DICT)
        return interp_raise(in, in->cls.type_error, span, "type() takes 1 or 3 arguments");
    ValueList *bl = a->pos[1]->u.list;
    Value **bases = arena_alloc(in->arena, sizeof(Value *) * (size_t)(bl->len + 1));
    for (int i = 0; i < bl->len; i++) {
        if (bl->items[i]->kind != VK_CLASS)
            return interp_raise(in, in->cls.type_error, span, "type.__new__() argument 2 must be a tuple of types");
        bases[i] = bl->items[i];
    }
    if (mcls == in->cls.type) {
        /* type(name, bases, ns) with a base whose metaclass is another:
         * that metaclass makes the class (the most derived one) */
        Value *winner = NULL;
        for (int i = 0; i < bl->len; i++) {
            Value *m = bases[i]->u.cls->meta;
            if (m && (!winner || interp_is_subclass(m, winner)))
                winner = m;
        }
        if (winner)
            return interp_call(in, winner, a, span);
    }
    Dict *ns = a->pos[2]->u.dict;
    Scope *dict = flow_scope_new(in);
    Value *module_name = NULL;
    for (int i = 0; i < ns->len; i++) {
        DictEntry *e = &ns->entries[i];
        if (e->deleted || e->key->kind != VK_STR)
            continue;
        val_scope_set(in->arena, dict, e->key->u.s.ptr, e->value);
        if (e->key->u.s.ptr == in->id.module_)
            module_name = e->value;
    }
    Module *mod = in->frame ? in->frame->module : NULL;
    if (module_name && module_name->kind == VK_STR) {
        Value *m = val_scope_get(in->modules, module_name->u.s.ptr);
        if (m && m->kind == VK_MODULE)
            mod = m->u.module;
    }
    CallArgs kw = {.kw_names = a->kw_names, .kw_values = a->kw_values, .n_kw = a->n_kw};
    Value *cls = interp_create_class(in, mcls, a->pos[0]->u.s.ptr, bases, bl->len, dict, &kw, mod, span);
    if (cls && module_name)
        val_scope_set(in->arena, cls->u.cls->dict, in->id.module_, module_name);
    return cls;
}

BUILTIN(bi_type_new)
{
    (void)self;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_CLASS)
        return interp_raise(in, in->cls.type_error, span, "type.__new__(X): X is not a type object");
    CallArgs rest = *a;
    rest.pos++;
    rest.n_pos--;
    if (rest.n_pos == 1 && !rest.n_kw)
        return interp_class_of(in, rest.pos[0]);
    return type_new(in, a->pos[0], &rest, span);
}

/* type.__call__(cls, ...): what a metaclass's __call__ defers to. */
BUILTIN(bi_type_call)
{
    (void)self;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_CLASS)
        return interp_raise(in, in->cls.type_error, span, "descriptor '__call__' requires a 'type' object");
    CallArgs rest = *a;
    rest.pos++;
    rest.n_pos--;
    rest.pos_spans = NULL;
    return interp_instantiate_plain(in, a->pos[0], &rest, span);
}

/* object.__new__(cls, ...) */
BUILTIN(bi_object_new)
{
    (void)self;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_CLASS)
        return interp_raise(in, in->cls.type_error, span, "object.__new__(X): X is not a type object");
    return interp_new_object(in, a->pos[0], span);
}

/* object.__init_subclass__(cls), a classmethod: the end of the chain of
 * __init_subclass__ calls, which takes no keywords. */
BUILTIN(bi_object_init_subclass)
{
    (void)self;
    if (a->n_kw)
        return interp_raise(in, in->cls.type_error, span, "%s.__init_subclass__() takes no keyword arguments",
                            a->n_pos && a->pos[0]->kind == VK_CLASS ? a->pos[0]->u.cls->name : "object");
    return val_none(in);
}

/* ---- isinstance, issubclass ---- */

/* isinstance(v, c) for C a class (through its metaclass's
 * __instancecheck__), a tuple of them, a union (int | None) or another
 * object with __instancecheck__ (typing.Sequence).  1, 0, or -1 after
 * raising or reporting. */
static int check_one(Interp *in, Value *v, Value *c, bool subclass, Span span)
{
    if (c->kind == VK_TUPLE) {
        for (int i = 0; i < c->u.list->len; i++) {
            int r = check_one(in, v, c->u.list->items[i], subclass, span);
            if (r)
                return r;
        }
        return 0;
    }
    const char *hook_name = subclass ? in->id.subclasscheck : in->id.instancecheck;
    Value *hook = NULL;
    if (c->kind == VK_CLASS) {
        if (!c->u.cls->meta || (!subclass && interp_class_of(in, v) == c))
            return subclass ? interp_is_subclass(v, c) : interp_isinstance(in, v, c);
        hook = interp_class_lookup(c->u.cls->meta, hook_name);
    } else if (c->kind == VK_INSTANCE) {
        hook = interp_class_lookup(c->u.inst->cls, hook_name);
    }
    if (!hook || (hook->kind != VK_FUNCTION && hook->kind != VK_BUILTIN)) {
        if (c->kind == VK_CLASS)
            return subclass ? interp_is_subclass(v, c) : interp_isinstance(in, v, c);
        if (c->kind != VK_ERROR)
            interp_error(in, span, subclass ? "issubclass() arg 2 must be a class or tuple of classes"
                                            : "isinstance() arg 2 must be a type or tuple of types");
        return -1;
    }
    Value *args[2] = {c, v};
    Value *r = interp_call_simple(in, hook, args, 2, span);
    if (!r || r->kind == VK_ERROR)
        return -1;
    Value *t = interp_truth(in, r, span);
    if (!t || t->kind == VK_ERROR || t->dyn)
        return -1;
    return t->u.b;
}

BUILTIN(bi_isinstance)
{
    (void)self;
    if (!interp_args_check(in, a, "isinstance", 2, 2, NULL, span))
        return val_error(in);
    int r = check_one(in, a->pos[0], a->pos[1], false, span);
    return r < 0 ? (in->exc ? NULL : val_error(in)) : val_bool(in, r);
}

BUILTIN(bi_issubclass)
{
    (void)self;
    if (!interp_args_check(in, a, "issubclass", 2, 2, NULL, span))
        return val_error(in);
    if (a->pos[0]->kind != VK_CLASS)
        return interp_error(in, span, "issubclass() arg 1 must be a class");
    int r = check_one(in, a->pos[0], a->pos[1], true, span);
    return r < 0 ? (in->exc ? NULL : val_error(in)) : val_bool(in, r);
}

/* ---- unions: int | None ---- */

static void union_add(Interp *in, ValueList *args, Value *x)
{
    if (x->kind == VK_INSTANCE && x->u.inst->cls == in->cls.union_type) {
        Value *inner = val_scope_get(x->u.inst->attrs, intern(&in->c->names, "__args__"));
        for (int i = 0; inner && i < inner->u.list->len; i++)
            union_add(in, args, inner->u.list->items[i]);
        return;
    }
    if (x->kind == VK_NONE)
        x = interp_builtin_class(in, "NoneType");
    for (int i = 0; i < args->len; i++)
        if (args->items[i] == x)
            return;
    val_list_push(in, args, x);
}

/* A | B of classes, None and unions: a types.UnionType. */
Value *interp_union_type(Interp *in, Value *a, Value *b)
{
    Value *t = val_tuple(in, 2);
    union_add(in, t->u.list, a);
    union_add(in, t->u.list, b);
    Value *u = val_none(in);
    u->kind = VK_INSTANCE;
    u->u.inst = arena_alloc(in->arena, sizeof(Instance));
    u->u.inst->cls = in->cls.union_type;
    u->u.inst->attrs = flow_scope_new(in);
    val_scope_set(in->arena, u->u.inst->attrs, intern(&in->c->names, "__args__"), t);
    return u;
}

static bool is_union_operand(Interp *in, const Value *v)
{
    return v->kind == VK_CLASS || v->kind == VK_NONE ||
           (v->kind == VK_INSTANCE && v->u.inst->cls == in->cls.union_type);
}

BUILTIN(bi_union_or)
{
    (void)span;
    bool reflected = self->data != NULL;
    if (a->n_pos != 2 || !is_union_operand(in, a->pos[1]))
        return val_scope_get(in->builtins, intern(&in->c->names, "NotImplemented"));
    return reflected ? interp_union_type(in, a->pos[1], a->pos[0]) : interp_union_type(in, a->pos[0], a->pos[1]);
}

static Value *union_args(Interp *in, Value *u)
{
    return val_scope_get(u->u.inst->attrs, intern(&in->c->names, "__args__"));
}

BUILTIN(bi_union_instancecheck)
{
    (void)self;
    if (a->n_pos != 2)
        return val_error(in);
    int r = check_one(in, a->pos[1], union_args(in, a->pos[0]), false, span);
    return r < 0 ? (in->exc ? NULL : val_error(in)) : val_bool(in, r);
}

BUILTIN(bi_union_subclasscheck)
{
    (void)self;
    if (a->n_pos != 2)
        return val_error(in);
    int r = check_one(in, a->pos[1], union_args(in, a->pos[0]), true, span);
    return r < 0 ? (in->exc ? NULL : val_error(in)) : val_bool(in, r);
}

BUILTIN(bi_union_repr)
{
    (void)self; (void)span;
    Value *args = union_args(in, a->pos[0]);
    const char *s = "";
    for (int i = 0; i < args->u.list->len; i++) {
        Value *c = args->u.list->items[i];
        const char *name = c->kind == VK_CLASS ? (c->u.cls->native == NATIVE_CLASS_NONETYPE ? "None" : c->u.cls->name)
                                               : val_repr(in, c);
        s = arena_sprintf(in->arena, "%s%s%s", s, i ? " | " : "", name);
    }
    return val_cstr(in, s);
}

BUILTIN(bi_union_eq)
{
    (void)self; (void)span;
    if (a->n_pos != 2 || a->pos[1]->kind != VK_INSTANCE || a->pos[1]->u.inst->cls != in->cls.union_type)
        return val_scope_get(in->builtins, intern(&in->c->names, "NotImplemented"));
    Value *x = union_args(in, a->pos[0]), *y = union_args(in, a->pos[1]);
    bool eq = x->u.list->len == y->u.list->len;
    for (int i = 0; i < x->u.list->len && eq; i++) {
        bool found = false;
        for (int j = 0; j < y->u.list->len; j++)
            found |= x->u.list->items[i] == y->u.list->items[j];
        eq = found;
    }
    return val_bool(in, eq);
}

/* ---- iterators ---- */

static const char *items_name(Interp *in) { return intern(&in->c->names, "$items"); }
static const char *pos_name(Interp *in) { return intern(&in->c->names, "$pos"); }

/* An iterator over a snapshot of ITEMS (iter(list), dict.__iter__ ...). */
Value *interp_make_iterator(Interp *in, const ValueList *items)
{
    Value *t = val_tuple(in, items->len);
    for (int i = 0; i < items->len; i++)
        val_list_push(in, t->u.list, items->items[i]);
    Value *it = val_none(in);
    it->kind = VK_INSTANCE;
    it->u.inst = arena_alloc(in->arena, sizeof(Instance));
    it->u.inst->cls = in->cls.iterator;
    it->u.inst->attrs = flow_scope_new(in);
    val_scope_set(in->arena, it->u.inst->attrs, items_name(in), t);
    val_scope_set(in->arena, it->u.inst->attrs, pos_name(in), val_int(in, 0));
    return it;
}

static bool is_builtin_iterator(Interp *in, const Value *v)
{
    return v->kind == VK_INSTANCE && v->u.inst->cls == in->cls.iterator;
}

/* The items a builtin iterator has left, which it then has consumed. */
bool interp_drain_iterator(Interp *in, Value *it, ValueList *out)
{
    if (!is_builtin_iterator(in, it))
        return false;
    Value *items = val_scope_get(it->u.inst->attrs, items_name(in));
    Value *pos = val_scope_get(it->u.inst->attrs, pos_name(in));
    for (int64_t i = pos->u.i; i < items->u.list->len; i++)
        val_list_push(in, out, items->u.list->items[i]);
    flow_write_scope(in, it->u.inst->attrs);
    val_scope_set(in->arena, it->u.inst->attrs, pos_name(in), val_int(in, items->u.list->len));
    return true;
}

bool interp_is_iterator(Interp *in, Value *v)
{
    if (v->kind != VK_INSTANCE)
        return false;
    Value *m = interp_class_lookup(v->u.inst->cls, in->id.next);
    return m && (m->kind == VK_FUNCTION || m->kind == VK_BUILTIN);
}

Value *interp_next(Interp *in, Value *it, bool *done, Span span)
{
    *done = false;
    if (is_builtin_iterator(in, it)) {
        Value *items = val_scope_get(it->u.inst->attrs, items_name(in));
        Value *pos = val_scope_get(it->u.inst->attrs, pos_name(in));
        if (pos->u.i >= items->u.list->len) {
            *done = true;
            return NULL;
        }
        flow_write_scope(in, it->u.inst->attrs);
        val_scope_set(in->arena, it->u.inst->attrs, pos_name(in), val_int(in, pos->u.i + 1));
        return items->u.list->items[pos->u.i];
    }
    if (!interp_is_iterator(in, it)) {
        if (it->kind != VK_ERROR)
            interp_raise(in, in->cls.type_error, span, "'%s' object is not an iterator", val_type_name(in, it));
        return NULL;
    }
    Value *x = interp_call_method(in, it, in->id.next, NULL, 0, span);
    if (!x && in->exc && interp_isinstance(in, in->exc, in->cls.stop_iteration)) {
        in->exc = NULL;
        *done = true;
    }
    return x;
}

BUILTIN(bi_iterator_next)
{
    (void)self;
    bool done;
    Value *x = a->n_pos == 1 ? interp_next(in, a->pos[0], &done, span) : NULL;
    if (!x && done)
        return interp_raise(in, in->cls.stop_iteration, span, "%s", "");
    return x ? x : in->exc ? NULL : val_error(in);
}

BUILTIN(bi_iterator_iter)
{
    (void)self; (void)span;
    return a->n_pos ? a->pos[0] : val_error(in);
}

/* iter(x): X's iterator (its __iter__'s, or one over its items);
 * iter(f, sentinel) calls F until it returns SENTINEL. */
BUILTIN(bi_iter)
{
    (void)self;
    if (!interp_args_check(in, a, "iter", 1, 2, NULL, span))
        return val_error(in);
    Value *x = a->pos[0];
    ValueList items = {0};
    if (a->n_pos == 2) {
        for (long guard = 0;; guard++) {
            if (guard >= in->c->limits.max_unroll)
                return interp_error(in, span, "iteration longer than %ld items at compile time (--limit unroll=N "
                                    "raises the limit)", in->c->limits.max_unroll);
            Value *v = interp_call_simple(in, x, NULL, 0, span);
            if (!v || v->kind == VK_ERROR)
                return v;
            Value *eq = interp_compare_op(in, AST_OP_EQ, v, a->pos[1], span);
            if (!eq || eq->kind == VK_ERROR)
                return eq;
            if (eq->kind == VK_BOOL && !eq->dyn && eq->u.b)
                break;
            val_list_push(in, &items, v);
        }
        return interp_make_iterator(in, &items);
    }
    Value *m = x->kind == VK_INSTANCE ? interp_lookup_attr(in, x, in->id.iter, span)
             : interp_class_special(in, x, in->id.iter);
    if (in->exc)
        return NULL;
    if (m && m->kind != VK_ERROR) {
        Value *it = x->kind == VK_INSTANCE ? interp_call_simple(in, m, NULL, 0, span)
                                           : interp_call_simple(in, m, &x, 1, span);
        if (!it || it->kind == VK_ERROR || interp_is_iterator(in, it))
            return it;
        x = it;     /* an __iter__ that returns a list */
    }
    if (!interp_iterate_static(in, x, &items, span))
        return in->exc ? NULL : val_error(in);
    return interp_make_iterator(in, &items);
}

/* next(it[, default]) */
BUILTIN(bi_next)
{
    (void)self;
    if (!interp_args_check(in, a, "next", 1, 2, NULL, span))
        return val_error(in);
    bool done;
    Value *x = interp_next(in, a->pos[0], &done, span);
    if (x || !done)
        return x ? x : in->exc ? NULL : val_error(in);
    if (a->n_pos == 2)
        return a->pos[1];
    return interp_raise(in, in->cls.stop_iteration, span, "%s", "");
}

/* ---- property, staticmethod, classmethod ---- */

static Value *wrap_descriptor(Interp *in, CallArgs *a, Span span, ValueKind kind, const char *name)
{
    static const char *const kws[] = {"fget", "fset", "fdel", "doc", NULL};
    if (!interp_args_check(in, a, name, kind == VK_PROPERTY ? 0 : 1, kind == VK_PROPERTY ? 4 : 1,
                           kind == VK_PROPERTY ? kws : NULL, span))
        return val_error(in);
    Value *fset = kind == VK_PROPERTY ? interp_arg(a, 1, "fset") : NULL;
    if (fset && fset->kind != VK_NONE)
        return interp_error(in, span, "property setters are not supported");
    Value *v = val_none(in);
    v->kind = kind;
    v->u.wrapped = kind == VK_PROPERTY ? interp_arg(a, 0, "fget") : a->pos[0];
    if (!v->u.wrapped)
        v->u.wrapped = val_none(in);
    return v;
}


/* object.__setattr__(obj, name, value): the plain store that bypasses a
 * class's own __setattr__ (nn.Module's is written on top of it). */
BUILTIN(bi_object_setattr)
{
    (void)self;
    if (!interp_args_check(in, a, "__setattr__", 3, 3, NULL, span))
        return val_error(in);
    Value *obj = a->pos[0];
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (obj->kind == VK_INSTANCE) {
        flow_write_scope(in, obj->u.inst->attrs);
        val_scope_set(in->arena, obj->u.inst->attrs, name, a->pos[2]);
        return val_none(in);
    }
    if (!interp_container_class(obj))
        return interp_error(in, span, "object.__setattr__ needs an instance");
    return interp_setattr(in, obj, name, a->pos[2], span) ? val_none(in) : in->exc ? NULL : val_error(in);
}

/* object.__delattr__(obj, name): the plain deletion under a class's own
 * __delattr__. */
BUILTIN(bi_object_delattr)
{
    (void)self;
    if (!interp_args_check(in, a, "__delattr__", 2, 2, NULL, span))
        return val_error(in);
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (!interp_delattr_plain(in, a->pos[0], name, span))
        return in->exc ? NULL : val_error(in);
    return val_none(in);
}

BUILTIN(bi_object_getattribute)
{
    (void)self;
    if (!interp_args_check(in, a, "__getattribute__", 2, 2, NULL, span))
        return val_error(in);
    Value *obj = a->pos[0];
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name || obj->kind != VK_INSTANCE)
        return val_error(in);
    Value *v = val_scope_get(obj->u.inst->attrs, name);
    if (v)
        return v;
    return interp_raise(in, in->cls.attribute_error, span, "'%s' object has no attribute '%s'",
                     val_type_name(in, obj), name);
}

BUILTIN(bi_object_init)
{
    (void)self; (void)a; (void)span;
    return val_none(in);
}

BUILTIN(bi_exception_init)
{
    (void)self; (void)span;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_INSTANCE)
        return val_error(in);
    Value *args = val_tuple(in, a->n_pos - 1);
    for (int i = 1; i < a->n_pos; i++)
        val_list_push(in, args->u.list, a->pos[i]);
    val_scope_set(in->arena, a->pos[0]->u.inst->attrs, intern(&in->c->names, "args"), args);
    return val_none(in);
}

BUILTIN(bi_exception_repr)
{
    (void)self;
    Value *args = a->n_pos && a->pos[0]->kind == VK_INSTANCE
                  ? val_scope_get(a->pos[0]->u.inst->attrs, intern(&in->c->names, "args")) : NULL;
    const char *name = a->n_pos ? val_type_name(in, a->pos[0]) : "?";
    if (!args || args->kind != VK_TUPLE)
        return val_cstr(in, arena_sprintf(in->arena, "%s()", name));
    const char *r = interp_repr(in, args, span);
    if (!r)
        return NULL;
    if (args->u.list->len == 1)     /* (x,) -> (x) */
        r = arena_sprintf(in->arena, "%.*s)", (int)strlen(r) - 2, r);
    return val_cstr(in, arena_sprintf(in->arena, "%s%s", name, r));
}

BUILTIN(bi_exception_str)
{
    (void)self; (void)span;
    Value *args = a->n_pos ? val_scope_get(a->pos[0]->u.inst->attrs, intern(&in->c->names, "args")) : NULL;
    if (!args || args->kind != VK_TUPLE || args->u.list->len == 0)
        return val_cstr(in, "");
    if (args->u.list->len == 1)
        return val_cstr(in, val_to_str(in, args->u.list->items[0]));
    return val_cstr(in, val_repr(in, args));
}

/* ---- builtin classes and their construction ---- */

Value *interp_builtin_class(Interp *in, const char *name)
{
    return val_scope_get(in->builtins, intern(&in->c->names, name));
}

static Value *construct_int(Interp *in, CallArgs *a, Span span)
{
    if (a->n_pos == 0)
        return val_int(in, 0);
    Value *v = a->pos[0];
    if (is_static_int(v))
        return val_int(in, int_of(v));
    if (v->kind == VK_FLOAT && !v->dyn) {
        double f = v->u.f;
        if (isnan(f))
            return interp_raise(in, in->cls.value_error, span, "cannot convert float NaN to integer");
        if (isinf(f))
            return interp_raise(in, in->cls.overflow_error, span, "cannot convert float infinity to integer");
        if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0))
            return interp_error(in, span, "int(%s) does not fit in 64 bits (compile-time integers are 64-bit)",
                              val_repr(in, v));
        return val_int(in, (int64_t)f);
    }
    if (v->kind == VK_STR) {
        char *end;
        const char *s = v->u.s.ptr;
        long long x = strtoll(s, &end, a->n_pos > 1 && is_static_int(a->pos[1]) ? (int)int_of(a->pos[1]) : 10);
        while (*end == ' ' || *end == '\n' || *end == '\t')
            end++;
        if (end == s || *end)
            return interp_raise(in, in->cls.value_error, span, "invalid literal for int(): %s", val_repr(in, v));
        return val_int(in, x);
    }
    bool found;
    Value *r = interp_try_special(in, v, "__int__", NULL, 0, span, &found);
    if (found || in->exc)
        return r;
    return interp_error(in, span, "int() argument must be a number or string, not '%s'", val_type_name(in, v));
}

static Value *construct_float(Interp *in, CallArgs *a, Span span)
{
    if (a->n_pos == 0)
        return val_float(in, 0.0);
    Value *v = a->pos[0];
    if (is_static_num(v))
        return val_float(in, num_of(v));
    if (v->kind == VK_STR) {
        char *end;
        const char *s = v->u.s.ptr;
        double x = strtod(s, &end);
        if (end == s || *end)
            return interp_raise(in, in->cls.value_error, span, "could not convert string to float: %s",
                             val_repr(in, v));
        return val_float(in, x);
    }
    bool found;
    Value *r = interp_try_special(in, v, "__float__", NULL, 0, span, &found);
    if (found || in->exc)
        return r;
    return interp_error(in, span, "float() argument must be a number or string, not '%s'", val_type_name(in, v));
}

static Value *construct_sequence(Interp *in, CallArgs *a, Span span, bool tuple)
{
    Value *r = tuple ? val_tuple(in, 0) : val_list(in, 0);
    if (a->n_pos == 0)
        return r;
    if (flow_dynlist_is(a->pos[0]) && !tuple) {
        r->u.list->dyn = a->pos[0]->u.list->dyn;
        return r;
    }
    if (!interp_iterate_static(in, a->pos[0], r->u.list, span))
        return in->exc ? NULL : val_error(in);
    return r;
}

static Value *construct_dict(Interp *in, CallArgs *a, Span span)
{
    Value *d = val_dict(in);
    if (a->n_pos > 0) {
        Value *src = a->pos[0];
        if (src->kind == VK_DICT) {
            for (int i = 0; i < src->u.dict->len; i++)
                if (!src->u.dict->entries[i].deleted)
                    val_dict_set(in, d->u.dict, src->u.dict->entries[i].key, src->u.dict->entries[i].value);
        } else {
            ValueList items = {0};
            if (!interp_iterate_static(in, src, &items, span))
                return in->exc ? NULL : val_error(in);
            for (int i = 0; i < items.len; i++) {
                Value *p = items.items[i];
                if ((p->kind != VK_TUPLE && p->kind != VK_LIST) || p->u.list->len != 2)
                    return interp_error(in, span, "dict() needs pairs");
                if (!val_dict_set(in, d->u.dict, p->u.list->items[0], p->u.list->items[1]))
                    return interp_error(in, span, "dict keys must be compile-time constants");
            }
        }
    }
    for (int i = 0; i < a->n_kw; i++)
        val_dict_set(in, d->u.dict, val_cstr(in, a->kw_names[i]), a->kw_values[i]);
    return d;
}

Value *interp_builtin_construct(Interp *in, Value *cls, CallArgs *a, Span span)
{
    switch (cls->u.cls->native) {
    case NATIVE_CLASS_INT: return construct_int(in, a, span);
    case NATIVE_CLASS_FLOAT: return construct_float(in, a, span);
    case NATIVE_CLASS_BOOL: {
        if (a->n_pos == 0)
            return val_bool(in, false);
        Value *t = interp_truth(in, a->pos[0], span);
        return t;
    }
    case NATIVE_CLASS_STR: {
        if (a->n_pos == 0)
            return val_cstr(in, "");
        if (a->pos[0]->kind == VK_TENSOR || val_is_dynamic_scalar(a->pos[0])) {
            bool found;
            Value *r = interp_try_special(in, a->pos[0], "__str__", NULL, 0, span, &found);
            if (found || in->exc)
                return r;
        }
        const char *s = interp_str(in, a->pos[0], span);
        return s ? val_cstr(in, s) : NULL;
    }
    case NATIVE_CLASS_SET: case NATIVE_CLASS_FROZENSET: return interp_set_construct(in, cls, a, span);
    case NATIVE_CLASS_PROPERTY: return wrap_descriptor(in, a, span, VK_PROPERTY, "property");
    case NATIVE_CLASS_STATICMETHOD: return wrap_descriptor(in, a, span, VK_STATICMETHOD, "staticmethod");
    case NATIVE_CLASS_CLASSMETHOD: return wrap_descriptor(in, a, span, VK_CLASSMETHOD, "classmethod");
    case NATIVE_CLASS_LIST: return construct_sequence(in, a, span, false);
    case NATIVE_CLASS_TUPLE: return construct_sequence(in, a, span, true);
    case NATIVE_CLASS_DICT: return construct_dict(in, a, span);
    case NATIVE_CLASS_RANGE: return interp_make_range(in, a, span);
    case NATIVE_CLASS_SLICE: {
        /* slice(stop), slice(start, stop[, step]) */
        if (!interp_args_check(in, a, "slice", 1, 3, NULL, span))
            return val_error(in);
        Value *v = val_none(in);
        v->kind = VK_SLICE;
        v->u.slice.start = a->n_pos > 1 ? a->pos[0] : val_none(in);
        v->u.slice.stop = a->n_pos > 1 ? a->pos[1] : a->pos[0];
        v->u.slice.step = a->n_pos > 2 ? a->pos[2] : val_none(in);
        return v;
    }
    case NATIVE_CLASS_TYPE:
        if (a->n_pos == 1 && !a->n_kw)
            return interp_class_of(in, a->pos[0]);
        return type_new(in, cls, a, span);
    case NATIVE_CLASS_OBJECT: {
        Value *v = val_none(in);
        v->kind = VK_INSTANCE;
        v->u.inst = arena_alloc(in->arena, sizeof(Instance));
        v->u.inst->cls = cls;
        v->u.inst->attrs = flow_scope_new(in);
        return v;
    }
    default:
        return interp_error(in, span, "cannot create '%s' objects", cls->u.cls->name);
    }
}

/* slice.start, .stop, .step */
static Value *slice_part(Interp *in, CallArgs *a, Span span, int which)
{
    Value *v = interp_arg(a, 0, NULL);
    if (!v || v->kind != VK_SLICE)
        return interp_error(in, span, "expected a slice");
    return which == 0 ? v->u.slice.start : which == 1 ? v->u.slice.stop : v->u.slice.step;
}

BUILTIN(bi_slice_start) { (void)self; return slice_part(in, a, span, 0); }
BUILTIN(bi_slice_stop) { (void)self; return slice_part(in, a, span, 1); }
BUILTIN(bi_slice_step) { (void)self; return slice_part(in, a, span, 2); }

static void add_property(Interp *in, Value *cls, const char *name, BuiltinFn fn)
{
    Value *p = val_none(in);
    p->kind = VK_PROPERTY;
    p->u.wrapped = interp_make_builtin(in, name, fn, NULL);
    val_scope_set(in->arena, cls->u.cls->dict, intern(&in->c->names, name), p);
}

static Value *builtin_class(Interp *in, Scope *into, const char *name, int tag, Value *base)
{
    Value *bases[1] = {base};
    Value *cls = interp_make_class(in, intern(&in->c->names, name), base ? bases : NULL, base ? 1 : 0,
                            flow_scope_new(in), NULL, SPAN_NONE);
    cls->u.cls->native = tag;
    val_scope_set(in->arena, into, intern(&in->c->names, name), cls);
    return cls;
}

static void add_method(Interp *in, Value *cls, const char *name, BuiltinFn fn)
{
    val_scope_set(in->arena, cls->u.cls->dict, intern(&in->c->names, name), interp_make_builtin(in, name, fn, NULL));
}

static Value *exception_class(Interp *in, Scope *into, const char *name, Value *base)
{
    Value *cls = builtin_class(in, into, name, NATIVE_CLASS_NONE, base);
    return cls;
}

static void install_exceptions(Interp *in, Scope *into)
{
    InterpClasses *k = &in->cls;
    k->base_exception = exception_class(in, into, "BaseException", k->object);
    add_method(in, k->base_exception, "__init__", bi_exception_init);
    add_method(in, k->base_exception, "__str__", bi_exception_str);
    add_method(in, k->base_exception, "__repr__", bi_exception_repr);
    k->exception = exception_class(in, into, "Exception", k->base_exception);
    k->type_error = exception_class(in, into, "TypeError", k->exception);
    k->value_error = exception_class(in, into, "ValueError", k->exception);
    k->runtime_error = exception_class(in, into, "RuntimeError", k->exception);
    exception_class(in, into, "RecursionError", k->runtime_error);
    exception_class(in, into, "NameError", k->exception);
    Value *os_error = exception_class(in, into, "OSError", k->exception);
    exception_class(in, into, "FileNotFoundError", os_error);
    k->not_implemented_error = exception_class(in, into, "NotImplementedError", k->runtime_error);
    k->assertion_error = exception_class(in, into, "AssertionError", k->exception);
    k->attribute_error = exception_class(in, into, "AttributeError", k->exception);
    Value *lookup = exception_class(in, into, "LookupError", k->exception);
    k->key_error = exception_class(in, into, "KeyError", lookup);
    k->index_error = exception_class(in, into, "IndexError", lookup);
    k->import_error = exception_class(in, into, "ImportError", k->exception);
    exception_class(in, into, "ModuleNotFoundError", k->import_error);
    k->stop_iteration = exception_class(in, into, "StopIteration", k->exception);
    Value *arith = exception_class(in, into, "ArithmeticError", k->exception);
    k->zero_division_error = exception_class(in, into, "ZeroDivisionError", arith);
    k->overflow_error = exception_class(in, into, "OverflowError", arith);
    Value *warning = exception_class(in, into, "Warning", k->exception);
    exception_class(in, into, "UserWarning", warning);
    exception_class(in, into, "DeprecationWarning", warning);
    exception_class(in, into, "FutureWarning", warning);
    exception_class(in, into, "RuntimeWarning", warning);
    exception_class(in, into, "PendingDeprecationWarning", warning);
}



static Value *union_class(Interp *in, Scope *into)
{
    Value *u = builtin_class(in, into, "UnionType", NATIVE_CLASS_NONE, in->cls.object);
    val_scope_del(into, intern(&in->c->names, "UnionType"));     /* types.UnionType, not a builtin name */
    add_method(in, u, "__instancecheck__", bi_union_instancecheck);
    add_method(in, u, "__subclasscheck__", bi_union_subclasscheck);
    add_method(in, u, "__repr__", bi_union_repr);
    add_method(in, u, "__eq__", bi_union_eq);
    val_scope_set(in->arena, u->u.cls->dict, intern(&in->c->names, "__or__"),
                  interp_make_builtin(in, "__or__", bi_union_or, NULL));
    val_scope_set(in->arena, u->u.cls->dict, intern(&in->c->names, "__ror__"),
                  interp_make_builtin(in, "__ror__", bi_union_or, u));
    return u;
}

/* The builtin classes, object's and type's methods, the exceptions. */
void interp_install_object_model(Interp *in, Scope *into)
{
    InterpClasses *k = &in->cls;
    k->object = builtin_class(in, into, "object", NATIVE_CLASS_OBJECT, NULL);
    add_method(in, k->object, "__setattr__", bi_object_setattr);
    add_method(in, k->object, "__delattr__", bi_object_delattr);
    add_method(in, k->object, "__getattribute__", bi_object_getattribute);
    add_method(in, k->object, "__init__", bi_object_init);
    add_method(in, k->object, "__new__", bi_object_new);
    Value *init_subclass = val_none(in);
    init_subclass->kind = VK_CLASSMETHOD;
    init_subclass->u.wrapped = interp_make_builtin(in, "__init_subclass__", bi_object_init_subclass, NULL);
    val_scope_set(in->arena, k->object->u.cls->dict, in->id.init_subclass, init_subclass);
    k->type = builtin_class(in, into, "type", NATIVE_CLASS_TYPE, k->object);
    add_method(in, k->type, "__new__", bi_type_new);
    add_method(in, k->type, "__call__", bi_type_call);
    Value *int_cls = builtin_class(in, into, "int", NATIVE_CLASS_INT, k->object);
    builtin_class(in, into, "bool", NATIVE_CLASS_BOOL, int_cls);
    builtin_class(in, into, "float", NATIVE_CLASS_FLOAT, k->object);
    builtin_class(in, into, "str", NATIVE_CLASS_STR, k->object);
    builtin_class(in, into, "list", NATIVE_CLASS_LIST, k->object);
    builtin_class(in, into, "tuple", NATIVE_CLASS_TUPLE, k->object);
    builtin_class(in, into, "dict", NATIVE_CLASS_DICT, k->object);
    builtin_class(in, into, "set", NATIVE_CLASS_SET, k->object);
    builtin_class(in, into, "frozenset", NATIVE_CLASS_FROZENSET, k->object);
    builtin_class(in, into, "range", NATIVE_CLASS_RANGE, k->object);
    builtin_class(in, into, "NoneType", NATIVE_CLASS_NONETYPE, k->object);
    Value *slice_cls = builtin_class(in, into, "slice", NATIVE_CLASS_SLICE, k->object);
    add_property(in, slice_cls, "start", bi_slice_start);
    add_property(in, slice_cls, "stop", bi_slice_stop);
    add_property(in, slice_cls, "step", bi_slice_step);
    builtin_class(in, into, "function", NATIVE_CLASS_FUNCTION, k->object);
    builtin_class(in, into, "property", NATIVE_CLASS_PROPERTY, k->object);
    builtin_class(in, into, "staticmethod", NATIVE_CLASS_STATICMETHOD, k->object);
    builtin_class(in, into, "classmethod", NATIVE_CLASS_CLASSMETHOD, k->object);
    k->iterator = builtin_class(in, into, "iterator", NATIVE_CLASS_NONE, k->object);
    val_scope_del(into, intern(&in->c->names, "iterator"));
    add_method(in, k->iterator, "__next__", bi_iterator_next);
    add_method(in, k->iterator, "__iter__", bi_iterator_iter);
    k->union_type = union_class(in, into);
    install_exceptions(in, into);
    static const struct { const char *name; BuiltinFn fn; } functions[] = {
        {"isinstance", bi_isinstance}, {"issubclass", bi_issubclass}, {"iter", bi_iter}, {"next", bi_next},
    };
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
        val_scope_set(in->arena, into, intern(&in->c->names, functions[i].name),
                      interp_make_builtin(in, functions[i].name, functions[i].fn, NULL));
}
