/* Python's builtins for the compile-time interpreter: the builtin classes
 * (int, float, list, dict ...), their methods, the builtin functions, and the
 * exception hierarchy.  They work on static values; a builtin that meets a
 * tensor or a run-time value defers to that value's special methods
 * (len(x) -> x.__len__()) or reports that it is not supported. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

/* ---- helpers for builtins ---- */

Value *interp_arg(CallArgs *a, int pos, const char *kw)
{
    if (pos >= 0 && pos < a->n_pos)
        return a->pos[pos];
    if (kw)
        for (int i = 0; i < a->n_kw; i++)
            if (strcmp(a->kw_names[i], kw) == 0)
                return a->kw_values[i];
    return NULL;
}

bool interp_args_check(Interp *in, CallArgs *a, const char *fname, int min_pos, int max_pos,
                const char *const *kwnames, Span span)
{
    for (int i = 0; i < a->n_kw; i++) {
        bool known = false;
        for (int k = 0; kwnames && kwnames[k]; k++)
            if (strcmp(kwnames[k], a->kw_names[i]) == 0)
                known = true;
        if (!known) {
            interp_error(in, span, "%s() got an unexpected keyword argument '%s'", fname, a->kw_names[i]);
            return false;
        }
    }
    if (a->n_pos < min_pos) {
        interp_error(in, span, "%s() takes at least %d argument%s (%d given)", fname, min_pos,
                   min_pos == 1 ? "" : "s", a->n_pos);
        return false;
    }
    if (max_pos >= 0 && a->n_pos > max_pos) {
        interp_error(in, span, "%s() takes at most %d argument%s (%d given)", fname, max_pos,
                   max_pos == 1 ? "" : "s", a->n_pos);
        return false;
    }
    return true;
}

Value *interp_make_builtin(Interp *in, const char *name, BuiltinFn fn, const void *data)
{
    Builtin *b = arena_alloc(in->arena, sizeof *b);
    b->name = name;
    b->fn = fn;
    b->data = data;
    Value *v = val_none(in);
    v->kind = VK_BUILTIN;
    v->u.builtin = b;
    return v;
}

/* The receiver of a builtin method of str, int or float called on an
 * instance of a subclass that holds its value in _value_ (an enum with a
 * data type: class Color(str, Enum)), else V itself. */
Value *interp_builtin_self(Interp *in, Value *v)
{
    if (v->kind != VK_INSTANCE)
        return v;
    int tag = v->u.inst->cls->u.cls->native;
    if (tag != NATIVE_CLASS_STR && tag != NATIVE_CLASS_INT && tag != NATIVE_CLASS_FLOAT && tag != NATIVE_CLASS_TUPLE)
        return v;
    Value *x = val_scope_get(v->u.inst->attrs, intern(&in->c->names, "_value_"));
    return x ? x : v;
}

void interp_add_methods(Interp *in, Value *cls, const Builtin *table, int n)
{
    for (int i = 0; i < n; i++) {
        Value *v = val_none(in);
        v->kind = VK_BUILTIN;
        v->u.builtin = &table[i];
        val_scope_set(in->arena, cls->u.cls->dict, intern(&in->c->names, table[i].name), v);
    }
}

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

/* Calls OBJ.NAME(args) when OBJ's class defines NAME; *found says whether it did. */
Value *interp_try_special(Interp *in, Value *obj, const char *name, Value **args, int n, Span span, bool *found)
{
    *found = false;
    if (obj->kind != VK_INSTANCE && obj->kind != VK_TENSOR && !val_is_dynamic_scalar(obj))
        return NULL;
    Value *m = interp_lookup_attr(in, obj, intern(&in->c->names, name), span);
    if (in->exc)
        return NULL;
    if (!m || m->kind == VK_ERROR)
        return m;
    *found = true;
    return interp_call_simple(in, m, args, n, span);
}

/* ---- iteration ---- */

static int64_t range_len(const Range *r)
{
    if (r->step > 0)
        return r->stop > r->start ? (r->stop - r->start - 1) / r->step + 1 : 0;
    return r->start > r->stop ? (r->start - r->stop - 1) / (-r->step) + 1 : 0;
}

static bool iterate_instance(Interp *in, Value *v, ValueList *out, Span span)
{
    bool found;
    Value *it = interp_try_special(in, v, "__iter__", NULL, 0, span, &found);
    if (!found || !it || it->kind == VK_ERROR)
        return false;
    if (it->kind != VK_INSTANCE)
        return interp_iterate_static(in, it, out, span);
    if (interp_drain_iterator(in, it, out))
        return true;
    const char *next = in->id.next;
    for (long guard = 0; guard < in->c->limits.max_unroll; guard++) {
        Value *x = interp_call_method(in, it, next, NULL, 0, span);
        if (!x) {
            if (interp_isinstance(in, in->exc, in->cls.stop_iteration)) {
                in->exc = NULL;
                return true;
            }
            return false;
        }
        if (x->kind == VK_ERROR)
            return false;
        val_list_push(in, out, x);
    }
    interp_error(in, span, "iteration longer than %ld items at compile time (--limit unroll=N raises the limit)",
               in->c->limits.max_unroll);
    return false;
}

/* The rows of a tensor whose first axis is known at compile time. */
static bool iterate_tensor_rows(Interp *in, Value *v, ValueList *out, Span span)
{
    Tensor *t = v->u.tensor;
    if (t->rank == 0) {
        interp_raise(in, in->cls.type_error, span, "iteration over a 0-d tensor");
        return false;
    }
    if (t->rank < 0 || t->dims[0].value < 0)
        return false;
    for (int64_t i = 0; i < t->dims[0].value; i++) {
        OnnxAttrArg at = {"axis", val_int(in, 0)};
        Value *pos[2] = {v, val_int(in, i)};
        Value *row = bridge_onnx(in, "Gather", pos, 2, &at, 1, span);
        if (!row || row->kind == VK_ERROR)
            return false;
        val_list_push(in, out, row);
    }
    return true;
}

bool interp_iterate_static(Interp *in, Value *v, ValueList *out, Span span)
{
    /* a class whose metaclass defines __iter__ (an Enum), a subclass of a
     * builtin container that defines its own */
    Value *special = v->kind == VK_CLASS || interp_container_class(v) ? interp_class_special(in, v, in->id.iter)
                                                                      : NULL;
    if (special) {
        Value *it = interp_call_simple(in, special, &v, 1, span);
        if (!it || it->kind == VK_ERROR)
            return false;
        if (it->kind == VK_INSTANCE && interp_is_iterator(in, it) && !interp_drain_iterator(in, it, out)) {
            for (long guard = 0; guard < in->c->limits.max_unroll; guard++) {
                bool done;
                Value *x = interp_next(in, it, &done, span);
                if (done)
                    return true;
                if (!x || x->kind == VK_ERROR)
                    return false;
                val_list_push(in, out, x);
            }
            interp_error(in, span, "iteration longer than %ld items at compile time (--limit unroll=N raises "
                         "the limit)", in->c->limits.max_unroll);
            return false;
        }
        return interp_drain_iterator(in, it, out) || interp_iterate_builtin(in, it, out, span);
    }
    return interp_iterate_builtin(in, v, out, span);
}

bool interp_iterate_builtin(Interp *in, Value *v, ValueList *out, Span span)
{
    if (flow_dynlist_is(v) || v->kind == VK_RUNTIME_ITER ||
        (v->kind == VK_TENSOR && flow_is_dynamic_iterable(in, v))) {
        interp_error(in, span, "this %s has a length known only at run time: only a 'for' loop can iterate "
                   "over it", v->kind == VK_TENSOR ? "tensor" : val_type_name(in, v));
        return false;
    }
    switch (v->kind) {
    case VK_LIST: case VK_TUPLE: {
        int n = v->u.list->len;     /* a list may grow while iterated */
        for (int i = 0; i < n && i < v->u.list->len; i++)
            val_list_push(in, out, v->u.list->items[i]);
        return true;
    }
    case VK_RANGE: {
        int64_t n = range_len(&v->u.range);
        if (n > in->c->limits.max_unroll) {
            interp_error(in, span, "range of %" PRId64 " elements is too long to unroll at compile time "
                       "(--limit unroll=N raises the limit)", n);
            return false;
        }
        for (int64_t i = 0; i < n; i++)
            val_list_push(in, out, val_int(in, v->u.range.start + i * v->u.range.step));
        return true;
    }
    case VK_DICT: case VK_SET: case VK_FROZENSET:
        for (int i = 0; i < v->u.dict->len; i++)
            if (!v->u.dict->entries[i].deleted)
                val_list_push(in, out, v->u.dict->entries[i].key);
        return true;
    case VK_STR:
        for (uint32_t i = 0; i < v->u.s.len; i++)
            val_list_push(in, out, val_str(in, v->u.s.ptr + i, 1));
        return true;
    case VK_INSTANCE: case VK_TENSOR:
        if (interp_drain_iterator(in, v, out) || iterate_instance(in, v, out, span))
            return true;
        if (in->exc)
            return false;
        if (v->kind == VK_TENSOR && !v->u.tensor->is_static)
            return iterate_tensor_rows(in, v, out, span);
        break;
    case VK_ERROR:
        return false;
    default:
        break;
    }
    if (val_is_dynamic_scalar(v))
        interp_error(in, span, "cannot iterate over a run-time %s", val_type_name(in, v));
    else
        interp_error(in, span, "'%s' object is not iterable", val_type_name(in, v));
    return false;
}

/* ---- builtin functions ---- */

#define BUILTIN(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

BUILTIN(bi_print)
{
    (void)in; (void)a; (void)span; (void)self;
    /* print() has no ONNX form and no compile-time effect */
    return val_none(in);
}

BUILTIN(bi_len)
{
    (void)self;
    if (!interp_args_check(in, a, "len", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if (flow_dynlist_is(v))
        return flow_dynlist_len(in, v, span);
    if (v->kind == VK_RUNTIME_ITER)
        return flow_iter_length(in, v, span);
    Value *special = v->kind == VK_CLASS || interp_container_class(v) ? interp_class_special(in, v, in->id.len)
                                                                      : NULL;
    if (special)
        return interp_call_simple(in, special, &v, 1, span);
    switch (v->kind) {
    case VK_LIST: case VK_TUPLE: return val_int(in, v->u.list->len);
    case VK_STR: return val_int(in, v->u.s.len);
    case VK_DICT: case VK_SET: case VK_FROZENSET: return val_int(in, v->u.dict->live);
    case VK_RANGE: return val_int(in, range_len(&v->u.range));
    default: {
        bool found;
        Value *r = interp_try_special(in, v, "__len__", NULL, 0, span, &found);
        if (found || in->exc)
            return r;
        return interp_error(in, span, "object of type '%s' has no len()", val_type_name(in, v));
    }
    }
}

static bool range_arg(Interp *in, Value *v, int64_t *out, Span span)
{
    if (!is_static_int(v)) {
        interp_error(in, span, "range() arguments must be integers, found '%s'", val_type_name(in, v));
        return false;
    }
    *out = int_of(v);
    return true;
}

static Value *runtime_iter(Interp *in, RuntimeIterKind kind)
{
    Value *r = val_none(in);
    r->kind = VK_RUNTIME_ITER;
    r->u.iter = arena_alloc(in->arena, sizeof(RuntimeIter));
    r->u.iter->kind = kind;
    return r;
}

/* range() with a bound known only at run time: a loop with a run-time
 * trip count iterates it. */
static Value *runtime_range(Interp *in, CallArgs *a, Span span)
{
    Value *x[3] = {val_int(in, 0), NULL, val_int(in, 1)};
    for (int i = 0; i < a->n_pos; i++) {
        Value *v = a->pos[i];
        if ((v->kind != VK_INT && v->kind != VK_BOOL) || (v->kind == VK_BOOL && v->dyn))
            return interp_error(in, span, "range() arguments must be integers, found '%s'", val_type_name(in, v));
    }
    if (a->n_pos == 1) {
        x[1] = a->pos[0];
    } else {
        x[0] = a->pos[0];
        x[1] = a->pos[1];
        if (a->n_pos == 3)
            x[2] = a->pos[2];
    }
    if (is_static_int(x[2]) && int_of(x[2]) == 0)
        return interp_raise(in, in->cls.value_error, span, "range() arg 3 must not be zero");
    Value *r = runtime_iter(in, RI_RANGE);
    r->u.iter->start = x[0];
    r->u.iter->stop = x[1];
    r->u.iter->step = x[2];
    return r;
}

Value *interp_make_range(Interp *in, CallArgs *a, Span span)
{
    if (!interp_args_check(in, a, "range", 1, 3, NULL, span))
        return val_error(in);
    bool runtime = false;
    for (int i = 0; i < a->n_pos; i++) {
        if (a->pos[i]->kind == VK_TENSOR) {
            /* range(t) of a one-element integer tensor: t.__index__() */
            bool found;
            Value *v = interp_try_special(in, a->pos[i], "__index__", NULL, 0, span, &found);
            if (!v || v->kind == VK_ERROR)
                return v;
            a->pos[i] = v;
        }
        runtime |= a->pos[i]->kind == VK_INT && a->pos[i]->dyn;
    }
    if (runtime)
        return runtime_range(in, a, span);
    int64_t x[3] = {0, 0, 1};
    for (int i = 0; i < a->n_pos; i++)
        if (!range_arg(in, a->pos[i], &x[i], span))
            return val_error(in);
    Value *r = val_none(in);
    r->kind = VK_RANGE;
    if (a->n_pos == 1)
        r->u.range = (Range){0, x[0], 1};
    else
        r->u.range = (Range){x[0], x[1], a->n_pos == 3 ? x[2] : 1};
    if (r->u.range.step == 0)
        return interp_raise(in, in->cls.value_error, span, "range() arg 3 must not be zero");
    return r;
}

BUILTIN(bi_enumerate)
{
    (void)self;
    static const char *const kws[] = {"start", NULL};
    if (!interp_args_check(in, a, "enumerate", 1, 2, kws, span))
        return val_error(in);
    Value *start = interp_arg(a, 1, "start");
    if (flow_is_dynamic_iterable(in, a->pos[0]) || (start && val_is_dynamic_scalar(start))) {
        Value *r = runtime_iter(in, RI_ENUMERATE);
        r->u.iter->start = start ? start : val_int(in, 0);
        r->u.iter->parts = arena_alloc(in->arena, sizeof(Value *));
        r->u.iter->parts[0] = a->pos[0];
        r->u.iter->n = 1;
        return r;
    }
    int64_t s = start && is_static_int(start) ? int_of(start) : 0;
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *r = val_list(in, items.len);
    for (int i = 0; i < items.len; i++) {
        Value *pair = val_tuple(in, 2);
        val_list_push(in, pair->u.list, val_int(in, s + i));
        val_list_push(in, pair->u.list, items.items[i]);
        val_list_push(in, r->u.list, pair);
    }
    return r;
}

/* zip() over iterators (iter(x), itertools.count()): one item of each
 * argument in turn, until one is exhausted, as Python pulls them (so
 * zip(it, it) pairs consecutive items). */
static Value *zip_iterators(Interp *in, CallArgs *a, ValueList *cols, Span span)
{
    int n = a->n_pos;
    for (int i = 0; i < n; i++)
        if (!interp_is_iterator(in, a->pos[i]) && !interp_iterate_static(in, a->pos[i], &cols[i], span))
            return in->exc ? NULL : val_error(in);
    Value *r = val_list(in, 0);
    for (int k = 0; k < in->c->limits.max_unroll; k++) {
        Value *t = val_tuple(in, n);
        for (int i = 0; i < n; i++) {
            Value *x;
            if (interp_is_iterator(in, a->pos[i])) {
                bool done;
                x = interp_next(in, a->pos[i], &done, span);
                if (done)
                    return r;
                if (!x || x->kind == VK_ERROR)
                    return x;
            } else {
                if (k >= cols[i].len)
                    return r;
                x = cols[i].items[k];
            }
            val_list_push(in, t->u.list, x);
        }
        val_list_push(in, r->u.list, t);
    }
    return interp_error(in, span, "iteration longer than %ld items at compile time (--limit unroll=N raises the "
                        "limit)", in->c->limits.max_unroll);
}

BUILTIN(bi_zip)
{
    (void)self;
    int n = a->n_pos;
    for (int i = 0; i < n; i++) {
        if (!flow_is_dynamic_iterable(in, a->pos[i]))
            continue;
        Value *r = runtime_iter(in, RI_ZIP);
        r->u.iter->parts = a->pos;
        r->u.iter->n = n;
        return r;
    }
    ValueList *cols = arena_alloc(in->arena, sizeof(ValueList) * (size_t)(n + 1));
    bool lazy = false;
    for (int i = 0; i < n; i++)
        lazy |= interp_is_iterator(in, a->pos[i]);
    if (lazy)
        return zip_iterators(in, a, cols, span);
    int len = n ? 1 << 30 : 0;
    for (int i = 0; i < n; i++) {
        if (!interp_iterate_static(in, a->pos[i], &cols[i], span))
            return in->exc ? NULL : val_error(in);
        if (cols[i].len < len)
            len = cols[i].len;
    }
    Value *r = val_list(in, len);
    for (int k = 0; k < len; k++) {
        Value *t = val_tuple(in, n);
        for (int i = 0; i < n; i++)
            val_list_push(in, t->u.list, cols[i].items[k]);
        val_list_push(in, r->u.list, t);
    }
    return r;
}

static Value *min_max(Interp *in, CallArgs *a, Span span, bool is_max)
{
    const char *name = is_max ? "max" : "min";
    ValueList items = {0};
    if (a->n_pos == 1) {
        if (!interp_iterate_static(in, a->pos[0], &items, span))
            return in->exc ? NULL : val_error(in);
    } else {
        for (int i = 0; i < a->n_pos; i++)
            val_list_push(in, &items, a->pos[i]);
    }
    static const char *const kws[] = {"key", "default", NULL};
    if (!interp_args_check(in, a, name, 1, -1, kws, span))
        return val_error(in);
    Value *dflt = interp_arg(a, -1, "default");
    if (dflt && a->n_pos > 1)
        return interp_raise(in, in->cls.type_error, span, "Cannot specify a default for %s() with multiple "
                            "positional arguments", name);
    if (items.len == 0) {
        if (dflt)
            return dflt;
        return interp_raise(in, in->cls.value_error, span, "%s() arg is an empty sequence", name);
    }
    /* key=f: the items compare by f(item); the first of equal ones wins */
    Value *key = interp_arg(a, -1, "key");
    if (key && key->kind == VK_NONE)
        key = NULL;
    Value **keys = items.items;
    if (key) {
        keys = arena_alloc(in->arena, sizeof(Value *) * (size_t)items.len);
        for (int i = 0; i < items.len; i++) {
            keys[i] = interp_call_simple(in, key, &items.items[i], 1, span);
            if (!keys[i] || keys[i]->kind == VK_ERROR)
                return keys[i];
        }
    }
    Value *best = items.items[0], *best_key = keys[0];
    for (int i = 1; i < items.len; i++) {
        Value *x = items.items[i];
        if (key) {
            Value *c = interp_compare_op(in, is_max ? AST_OP_GT : AST_OP_LT, keys[i], best_key, span);
            Value *t = c && c->kind != VK_ERROR ? interp_truth(in, c, span) : c;
            if (!t || t->kind == VK_ERROR)
                return t;
            if (t->dyn)
                return interp_error(in, span, "%s() with key= of run-time values is not supported", name);
            if (t->u.b) {
                best = x;
                best_key = keys[i];
            }
            continue;
        }
        Value *c = interp_compare_op(in, is_max ? AST_OP_GT : AST_OP_LT, x, best, span);
        if (c && c->kind != VK_ERROR && !c->dyn && c->kind != VK_BOOL)
            c = interp_truth(in, c, span);    /* a comparison that made another value (a tensor) */
        if (!c || c->kind == VK_ERROR)
            return c;
        if (c->dyn) {
            /* run-time numbers: RuntimeInt._max / _min (torch/_scalar.ts) */
            Value *dyn = val_is_dynamic_scalar(x) ? x : best, *other = dyn == x ? best : x;
            best = interp_call_method(in, dyn, intern(&in->c->names, is_max ? "_max" : "_min"), &other, 1, span);
            if (!best || best->kind == VK_ERROR)
                return best;
            continue;
        }
        if (c->u.b)
            best = x;
    }
    return best;
}

BUILTIN(bi_max) { (void)self; return min_max(in, a, span, true); }
BUILTIN(bi_min) { (void)self; return min_max(in, a, span, false); }

BUILTIN(bi_abs)
{
    (void)self;
    if (!interp_args_check(in, a, "abs", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if (is_static_int(v))
        return val_int(in, int_of(v) < 0 ? -int_of(v) : int_of(v));
    if (v->kind == VK_FLOAT && !v->dyn)
        return val_float(in, fabs(v->u.f));
    bool found;
    Value *r = interp_try_special(in, v, "__abs__", NULL, 0, span, &found);
    if (found || in->exc)
        return r;
    return interp_error(in, span, "bad operand type for abs(): '%s'", val_type_name(in, v));
}

BUILTIN(bi_sum)
{
    (void)self;
    static const char *const kws[] = {"start", NULL};
    if (!interp_args_check(in, a, "sum", 1, 2, kws, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *acc = interp_arg(a, 1, "start");
    if (!acc)
        acc = val_int(in, 0);
    for (int i = 0; i < items.len; i++) {
        acc = interp_binop(in, AST_OP_ADD, acc, items.items[i], span);
        if (!acc || acc->kind == VK_ERROR)
            return acc;
    }
    return acc;
}

static Value *any_all(Interp *in, CallArgs *a, Span span, bool is_all)
{
    if (!interp_args_check(in, a, is_all ? "all" : "any", 1, 1, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    for (int i = 0; i < items.len; i++) {
        Value *t = interp_truth(in, items.items[i], span);
        if (!t || t->kind == VK_ERROR)
            return t;
        if (t->dyn)
            return interp_error(in, span, "%s() of run-time values is not supported yet", is_all ? "all" : "any");
        if (t->u.b != is_all)
            return val_bool(in, !is_all);
    }
    return val_bool(in, is_all);
}

BUILTIN(bi_any) { (void)self; return any_all(in, a, span, false); }
BUILTIN(bi_all) { (void)self; return any_all(in, a, span, true); }

/* x < y as Python's sort asks it (only `<`): compile-time numbers and
 * strings directly, anything else through the `<` operator. */
static bool less_for_sort(Interp *in, Value *x, Value *y, Span span, bool *ok)
{
    bool xn = (x->kind == VK_INT || x->kind == VK_BOOL) && !x->dyn;
    bool yn = (y->kind == VK_INT || y->kind == VK_BOOL) && !y->dyn;
    if (xn && yn)
        return (x->kind == VK_INT ? x->u.i : x->u.b) < (y->kind == VK_INT ? y->u.i : y->u.b);
    if (x->kind == VK_STR && y->kind == VK_STR) {
        /* UTF-8 byte order is code point order */
        uint32_t n = x->u.s.len < y->u.s.len ? x->u.s.len : y->u.s.len;
        int c = memcmp(x->u.s.ptr, y->u.s.ptr, n);
        return c < 0 || (c == 0 && x->u.s.len < y->u.s.len);
    }
    Value *c = interp_compare_op(in, AST_OP_LT, x, y, span);
    if (!c || c->kind != VK_BOOL || c->dyn) {
        *ok = false;
        return false;
    }
    return c->u.b;
}

typedef struct SortCtx {
    Interp *in;
    Value **keys, **items;
    Span span;
    bool ok;
} SortCtx;

/* keys[i] < keys[j], a step of the eval-steps limit. */
static bool sort_less(SortCtx *c, Value *x, Value *y)
{
    if (!c->ok)
        return false;
    if (!interp_within_limits(c->in, c->span)) {
        c->ok = false;
        return false;
    }
    bool ok = true;
    bool r = less_for_sort(c->in, x, y, c->span, &ok);
    if (!ok) {
        if (!c->in->exc)
            interp_error(c->in, c->span, "cannot sort these values at compile time");
        c->ok = false;
    }
    return r;
}

static void reverse_range(Value **a, int lo, int hi)
{
    for (int i = lo, j = hi - 1; i < j; i++, j--) {
        Value *t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

/* CPython's sort of fewer than 64 items, step for step (what a `<` that
 * is not a total order, NaN's, gives depends on it): the leading run
 * (a strictly descending one reversed), then binary insertion. */
static void sort_small(SortCtx *c, int n)
{
    Value **k = c->keys, **v = c->items;
    int run = 1;
    if (n > 1) {
        run = 2;
        if (sort_less(c, k[1], k[0])) {
            while (run < n && sort_less(c, k[run], k[run - 1]))
                run++;
            reverse_range(k, 0, run);
            reverse_range(v, 0, run);
        } else {
            while (run < n && !sort_less(c, k[run], k[run - 1]))
                run++;
        }
    }
    for (int start = run; start < n && c->ok; start++) {
        Value *pk = k[start], *pv = v[start];
        int l = 0, r = start;
        while (l < r) {
            int p = l + ((r - l) >> 1);
            if (sort_less(c, pk, k[p]))
                r = p;
            else
                l = p + 1;
        }
        memmove(k + l + 1, k + l, sizeof(Value *) * (size_t)(start - l));
        memmove(v + l + 1, v + l, sizeof(Value *) * (size_t)(start - l));
        k[l] = pk;
        v[l] = pv;
    }
}

/* Merges the sorted runs [lo, mid) and [mid, hi) through the scratch
 * arrays; the right item goes first only when strictly before the left
 * one (stable). */
static void merge_runs(SortCtx *c, Value **tk, Value **ti, int lo, int mid, int hi)
{
    Value **k = c->keys, **v = c->items;
    int i = lo, j = mid, o = lo;
    while (i < mid && j < hi && c->ok) {
        int from = sort_less(c, k[j], k[i]) ? j++ : i++;
        tk[o] = k[from];
        ti[o++] = v[from];
    }
    for (; i < mid; i++, o++) {
        tk[o] = k[i];
        ti[o] = v[i];
    }
    for (; j < hi; j++, o++) {
        tk[o] = k[j];
        ti[o] = v[j];
    }
    memcpy(k + lo, tk + lo, sizeof(Value *) * (size_t)(hi - lo));
    memcpy(v + lo, ti + lo, sizeof(Value *) * (size_t)(hi - lo));
}

/* Python's stable sort asking only `<`, each comparison a step: CPython's
 * own steps below 64 items, a bottom-up merge sort above (n log n; the
 * same order as CPython's whenever `<` is a total order).  reverse=True
 * is CPython's: reverse, sort, reverse, so equal items keep their order. */
bool interp_sort_values(Interp *in, ValueList *l, Value *key, bool reverse, Span span)
{
    int n = l->len;
    size_t bytes = sizeof(Value *) * (size_t)(n + 1);
    Value **keys = arena_alloc(in->arena, bytes);
    for (int i = 0; i < n; i++) {
        keys[i] = key && key->kind != VK_NONE ? interp_call_simple(in, key, &l->items[i], 1, span) : l->items[i];
        if (!keys[i] || keys[i]->kind == VK_ERROR)
            return false;
    }
    for (int i = 0; i < n; i++)
        if ((keys[i]->kind == VK_INT || keys[i]->kind == VK_FLOAT || keys[i]->kind == VK_BOOL) && keys[i]->dyn)
            return flow_sort_runtime(in, l, keys, reverse, span);
    SortCtx c = {in, keys, l->items, span, true};
    if (reverse) {
        reverse_range(keys, 0, n);
        reverse_range(l->items, 0, n);
    }
    if (n < 64) {
        sort_small(&c, n);
    } else {
        Value **tk = arena_alloc(in->arena, bytes), **ti = arena_alloc(in->arena, bytes);
        for (int width = 1; width < n && c.ok; width *= 2)
            for (int lo = 0; lo + width < n && c.ok; lo += 2 * width)
                merge_runs(&c, tk, ti, lo, lo + width, lo + 2 * width < n ? lo + 2 * width : n);
    }
    if (!c.ok)
        return false;
    if (reverse) {
        reverse_range(keys, 0, n);
        reverse_range(l->items, 0, n);
    }
    return true;
}

static bool sort_options(Interp *in, CallArgs *a, Value **key, bool *reverse)
{
    *key = interp_arg(a, -1, "key");
    Value *r = interp_arg(a, -1, "reverse");
    bool ok = true;
    *reverse = r ? val_truthy(r, &ok) : false;
    (void)in;
    return ok;
}

BUILTIN(bi_sorted)
{
    (void)self;
    static const char *const kws[] = {"key", "reverse", NULL};
    if (!interp_args_check(in, a, "sorted", 1, 1, kws, span))
        return val_error(in);
    Value *r = val_list(in, 0);
    if (!interp_iterate_static(in, a->pos[0], r->u.list, span))
        return in->exc ? NULL : val_error(in);
    Value *key;
    bool reverse;
    sort_options(in, a, &key, &reverse);
    if (!interp_sort_values(in, r->u.list, key, reverse, span))
        return in->exc ? NULL : val_error(in);
    return r;
}

BUILTIN(bi_reversed)
{
    (void)self;
    if (!interp_args_check(in, a, "reversed", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    bool found;
    Value *own = interp_try_special(in, v, "__reversed__", NULL, 0, span, &found);
    if (found || in->exc)
        return own;
    if (val_is_set(v))
        return interp_raise(in, in->cls.type_error, span, "'%s' object is not reversible", val_type_name(in, v));
    ValueList items = {0};
    if (!interp_iterate_static(in, v, &items, span))
        return in->exc ? NULL : val_error(in);
    ValueList r = {0};
    for (int i = items.len - 1; i >= 0; i--)
        val_list_push(in, &r, items.items[i]);
    return interp_make_iterator(in, &r);   /* an iterator, as in Python */
}

BUILTIN(bi_round)
{
    (void)self;
    static const char *const kws[] = {"ndigits", NULL};
    if (!interp_args_check(in, a, "round", 1, 2, kws, span))
        return val_error(in);
    Value *v = a->pos[0], *nd = interp_arg(a, 1, "ndigits");
    if (!is_static_num(v)) {
        bool found;
        Value *args[1] = {nd ? nd : val_none(in)};
        Value *r = interp_try_special(in, v, "__round__", args, nd ? 1 : 0, span, &found);
        if (found || in->exc)
            return r;
        return interp_error(in, span, "round() of '%s' is not supported", val_type_name(in, v));
    }
    double x = num_of(v);
    if (nd && nd->kind != VK_NONE) {
        double scale = pow(10.0, (double)int_of(nd));
        return val_float(in, nearbyint(x * scale) / scale);
    }
    if (v->kind != VK_FLOAT)
        return val_int(in, int_of(v));
    return val_int(in, (int64_t)nearbyint(x));   /* ties to even, as Python */
}

BUILTIN(bi_divmod)
{
    (void)self;
    if (!interp_args_check(in, a, "divmod", 2, 2, NULL, span))
        return val_error(in);
    Value *q = interp_binop(in, AST_OP_FLOORDIV, a->pos[0], a->pos[1], span);
    if (!q || q->kind == VK_ERROR)
        return q;
    Value *r = interp_binop(in, AST_OP_MOD, a->pos[0], a->pos[1], span);
    if (!r || r->kind == VK_ERROR)
        return r;
    Value *t = val_tuple(in, 2);
    val_list_push(in, t->u.list, q);
    val_list_push(in, t->u.list, r);
    return t;
}

static uint64_t mulmod_u64(uint64_t a, uint64_t b, uint64_t m)
{
    uint64_t r = 0;
    for (a %= m; b; b >>= 1) {
        if (b & 1)
            r = (r + a) % m;
        a = (a + a) % m;
    }
    return r;
}

/* pow(base, exp, mod=None) */
BUILTIN(bi_pow)
{
    (void)self;
    static const char *const kws[] = {"base", "exp", "mod", NULL};
    if (!interp_args_check(in, a, "pow", 0, 3, kws, span))
        return val_error(in);
    Value *base = interp_arg(a, 0, "base"), *exp = interp_arg(a, 1, "exp"), *mod = interp_arg(a, 2, "mod");
    if (!base || !exp)
        return interp_raise(in, in->cls.type_error, span, "pow() missing required argument '%s'",
                            base ? "exp" : "base");
    if (!mod || mod->kind == VK_NONE)
        return interp_binop(in, AST_OP_POW, base, exp, span);
    if (!is_static_int(base) || !is_static_int(exp) || !is_static_int(mod))
        return interp_raise(in, in->cls.type_error, span, "pow() 3rd argument not allowed unless all arguments are "
                            "integers");
    int64_t b = int_of(base), e = int_of(exp), m = int_of(mod);
    if (m == 0)
        return interp_raise(in, in->cls.value_error, span, "pow() 3rd argument cannot be 0");
    if (e < 0)
        return interp_error(in, span, "pow() with a negative exponent and a modulus is not supported");
    /* square and multiply modulo |m| (the sums stay below 2^64), then the
     * sign of m as Python's % gives it */
    uint64_t um = m < 0 ? (uint64_t)0 - (uint64_t)m : (uint64_t)m;
    uint64_t x = (uint64_t)(((b % m) + m) % m) % um, r = 1 % um;
    for (; e; e >>= 1) {
        if (e & 1)
            r = mulmod_u64(r, x, um);
        x = mulmod_u64(x, x, um);
    }
    int64_t out = (int64_t)r;
    if (out != 0 && m < 0)
        out += m;
    return val_int(in, out);
}

const char *interp_attr_name(Interp *in, Value *v, Span span)
{
    if (v->kind != VK_STR) {
        interp_error(in, span, "attribute name must be a string, not '%s'", val_type_name(in, v));
        return NULL;
    }
    return v->u.s.ptr;
}

BUILTIN(bi_getattr)
{
    (void)self;
    if (!interp_args_check(in, a, "getattr", 2, 3, NULL, span))
        return val_error(in);
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (a->n_pos == 3) {
        Value *v = interp_lookup_attr(in, a->pos[0], name, span);
        if (!v && in->exc && interp_isinstance(in, in->exc, in->cls.attribute_error))
            in->exc = NULL;
        return v ? v : in->exc ? NULL : a->pos[2];
    }
    return interp_getattr(in, a->pos[0], name, span);
}

BUILTIN(bi_hasattr)
{
    (void)self;
    if (!interp_args_check(in, a, "hasattr", 2, 2, NULL, span))
        return val_error(in);
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    Value *v = interp_lookup_attr(in, a->pos[0], name, span);
    if (!v && in->exc && interp_isinstance(in, in->exc, in->cls.attribute_error))
        in->exc = NULL;
    if (in->exc)
        return NULL;
    return val_bool(in, v != NULL);
}

BUILTIN(bi_setattr)
{
    (void)self;
    if (!interp_args_check(in, a, "setattr", 3, 3, NULL, span))
        return val_error(in);
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (!interp_setattr(in, a->pos[0], name, a->pos[2], span) && in->exc)
        return NULL;
    return val_none(in);
}

BUILTIN(bi_delattr)
{
    (void)self;
    if (!interp_args_check(in, a, "delattr", 2, 2, NULL, span))
        return val_error(in);
    const char *name = interp_attr_name(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (!interp_delattr(in, a->pos[0], name, span))
        return in->exc ? NULL : val_error(in);
    return val_none(in);
}

BUILTIN(bi_callable)
{
    (void)self;
    if (!interp_args_check(in, a, "callable", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    Value *cls = v->kind == VK_INSTANCE ? v->u.inst->cls : interp_container_class(v);
    bool c = v->kind == VK_FUNCTION || v->kind == VK_BUILTIN || v->kind == VK_BOUND_METHOD ||
             v->kind == VK_CLASS || v->kind == VK_ONNX_OP || v->kind == VK_STATICMETHOD ||
             v->kind == VK_CLASSMETHOD || (cls && interp_class_lookup(cls, in->id.call));
    return val_bool(in, c);
}

BUILTIN(bi_repr)
{
    (void)self;
    if (!interp_args_check(in, a, "repr", 1, 1, NULL, span))
        return val_error(in);
    const char *s = interp_repr(in, a->pos[0], span);
    return s ? val_cstr(in, s) : NULL;
}

/* id(x): the object's identity (its address); equal numbers and strings
 * are the same object, as `is` sees them. */
BUILTIN(bi_id)
{
    (void)self;
    if (!interp_args_check(in, a, "id", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    switch (v->kind) {
    case VK_NONE: return val_int(in, 1);
    case VK_ELLIPSIS: return val_int(in, 3);
    case VK_BOOL: case VK_INT: case VK_FLOAT: case VK_DTYPE:
        if (!v->dyn)
            return val_int(in, (int64_t)(((uint64_t)val_hash(v) << 1) | 1));
        return val_int(in, (int64_t)(uintptr_t)v);
    default:
        return val_int(in, (int64_t)(uintptr_t)v->u.cls);
    }
}

/* The __hash__ an instance's class defines, NULL when it hashes by
 * identity; *unhashable when its class sets __hash__ = None or defines
 * __eq__ without __hash__. */
static Value *instance_hash_method(Interp *in, Value *cls, bool *unhashable)
{
    *unhashable = false;
    Class *c = cls->u.cls;
    for (int i = 0; i < c->n_mro; i++) {
        Class *k = c->mro[i]->u.cls;
        if (!k->module)
            return NULL;    /* a builtin type's: by value (interp_builtin_self) or identity */
        Value *h = val_scope_get(k->dict, in->id.hash);
        if (h) {
            *unhashable = h->kind == VK_NONE;
            return h->kind == VK_NONE ? NULL : h;
        }
        if (val_scope_get(k->dict, in->id.eq)) {
            *unhashable = true;
            return NULL;
        }
    }
    return NULL;
}

BUILTIN(bi_hash)
{
    (void)self;
    if (!interp_args_check(in, a, "hash", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if (v->kind == VK_INSTANCE) {
        bool unhashable;
        Value *h = instance_hash_method(in, v->u.inst->cls, &unhashable);
        if (unhashable)
            return interp_raise(in, in->cls.type_error, span, "unhashable type: '%s'", val_type_name(in, v));
        if (h) {
            Value *r = interp_call_simple(in, h, &v, 1, span);
            if (r && r->kind != VK_INT && r->kind != VK_BOOL && r->kind != VK_ERROR)
                return interp_raise(in, in->cls.type_error, span, "__hash__ method should return an integer");
            return r;
        }
        v = interp_builtin_self(in, v);
    }
    if (!val_hashable(v)) {
        if (v->kind == VK_LIST || v->kind == VK_DICT || v->kind == VK_SET)
            return interp_raise(in, in->cls.type_error, span, "unhashable type: '%s'", val_type_name(in, v));
        return interp_error(in, span, "unhashable type: '%s'", val_type_name(in, v));
    }
    return val_int(in, (int64_t)val_hash(v));
}

/* format(value, spec='') */
BUILTIN(bi_format)
{
    (void)self;
    if (!interp_args_check(in, a, "format", 1, 2, NULL, span))
        return val_error(in);
    Value *spec = a->n_pos == 2 ? a->pos[1] : NULL;
    if (spec && spec->kind != VK_STR)
        return interp_raise(in, in->cls.type_error, span, "format() argument 2 must be str, not %s",
                            val_type_name(in, spec));
    return interp_format_value(in, a->pos[0], spec ? spec->u.s.ptr : "", span);
}

/* hex(), oct(), bin(): format(x, '#x') ... */
static Value *int_base(Interp *in, CallArgs *a, Span span, const char *name, const char *spec)
{
    if (!interp_args_check(in, a, name, 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if (v->kind == VK_INSTANCE) {
        bool found;
        v = interp_try_special(in, v, "__index__", NULL, 0, span, &found);
        if (!v || v->kind == VK_ERROR)
            return v;
    }
    if (!is_static_int(v))
        return interp_raise(in, in->cls.type_error, span, "'%s' object cannot be interpreted as an integer",
                            val_type_name(in, v));
    return interp_format_value(in, val_int(in, int_of(v)), spec, span);
}

BUILTIN(bi_hex) { (void)self; return int_base(in, a, span, "hex", "#x"); }
BUILTIN(bi_oct) { (void)self; return int_base(in, a, span, "oct", "#o"); }
BUILTIN(bi_bin) { (void)self; return int_base(in, a, span, "bin", "#b"); }

/* vars(obj): obj.__dict__; vars(): the current namespace. */
BUILTIN(bi_vars)
{
    (void)self;
    if (!interp_args_check(in, a, "vars", 0, 1, NULL, span))
        return val_error(in);
    if (a->n_pos == 0)
        return interp_namespace_dict(in, in->frame->locals, true);
    Value *v = interp_lookup_attr(in, a->pos[0], in->id.dict_, span);
    if (v || in->exc)
        return v;
    return interp_raise(in, in->cls.type_error, span, "vars() argument must have __dict__ attribute");
}

BUILTIN(bi_chr)
{
    (void)self;
    if (!interp_args_check(in, a, "chr", 1, 1, NULL, span) || !is_static_int(a->pos[0]))
        return val_error(in);
    int64_t c = int_of(a->pos[0]);
    char buf[4];
    if (c < 0 || c > 127)
        return interp_error(in, span, "chr() of non-ASCII code points is not supported");
    buf[0] = (char)c;
    return val_str(in, buf, 1);
}

BUILTIN(bi_ord)
{
    (void)self;
    if (!interp_args_check(in, a, "ord", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if (v->kind != VK_STR || v->u.s.len != 1)
        return interp_error(in, span, "ord() expected a character");
    return val_int(in, (unsigned char)v->u.s.ptr[0]);
}

BUILTIN(bi_map)
{
    (void)self;
    if (!interp_args_check(in, a, "map", 2, -1, NULL, span))
        return val_error(in);
    int n = a->n_pos - 1;
    ValueList *cols = arena_alloc(in->arena, sizeof(ValueList) * (size_t)n);
    int len = 1 << 30;
    for (int i = 0; i < n; i++) {
        if (!interp_iterate_static(in, a->pos[i + 1], &cols[i], span))
            return in->exc ? NULL : val_error(in);
        if (cols[i].len < len)
            len = cols[i].len;
    }
    Value *r = val_list(in, len);
    Value **args = arena_alloc(in->arena, sizeof(Value *) * (size_t)n);
    for (int k = 0; k < len; k++) {
        for (int i = 0; i < n; i++)
            args[i] = cols[i].items[k];
        Value *x = interp_call_simple(in, a->pos[0], args, n, span);
        if (!x)
            return NULL;
        val_list_push(in, r->u.list, x);
    }
    r->kind = VK_TUPLE;
    return r;
}

BUILTIN(bi_filter)
{
    (void)self;
    if (!interp_args_check(in, a, "filter", 2, 2, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[1], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *r = val_list(in, 0);
    for (int i = 0; i < items.len; i++) {
        Value *x = items.items[i];
        Value *keep = a->pos[0]->kind == VK_NONE ? x : interp_call_simple(in, a->pos[0], &x, 1, span);
        if (!keep)
            return NULL;
        Value *t = interp_truth(in, keep, span);
        if (!t || t->kind == VK_ERROR)
            return t;
        if (!t->dyn && t->u.b)
            val_list_push(in, r->u.list, x);
    }
    r->kind = VK_TUPLE;
    return r;
}

/* super() and super(C, obj). */
BUILTIN(bi_super)
{
    (void)self;
    Value *cls, *obj;
    if (a->n_pos == 2) {
        cls = a->pos[0];
        obj = a->pos[1];
    } else if (a->n_pos == 0) {
        cls = in->frame->defining_class;
        obj = in->frame->first_arg;
        if (!cls || !obj)
            return interp_error(in, span, "super(): no arguments, and not inside a method");
    } else {
        return interp_error(in, span, "super() takes 0 or 2 arguments");
    }
    if (cls->kind != VK_CLASS)
        return interp_error(in, span, "super() argument 1 must be a type");
    Value *v = val_none(in);
    v->kind = VK_SUPER;
    v->u.super = arena_alloc(in->arena, sizeof(SuperProxy));
    v->u.super->cls = cls;
    v->u.super->self = obj;
    return v;
}

static const struct {
    const char *name;
    BuiltinFn fn;
} builtin_functions[] = {
    {"print", bi_print}, {"len", bi_len}, {"enumerate", bi_enumerate}, {"zip", bi_zip},
    {"max", bi_max}, {"min", bi_min}, {"abs", bi_abs}, {"sum", bi_sum}, {"any", bi_any},
    {"all", bi_all}, {"sorted", bi_sorted}, {"reversed", bi_reversed}, {"round", bi_round},
    {"divmod", bi_divmod}, {"pow", bi_pow}, {"getattr", bi_getattr}, {"hasattr", bi_hasattr},
    {"setattr", bi_setattr}, {"delattr", bi_delattr}, {"callable", bi_callable},
    {"repr", bi_repr}, {"id", bi_id}, {"hash", bi_hash}, {"chr", bi_chr}, {"ord", bi_ord},
    {"map", bi_map}, {"filter", bi_filter}, {"super", bi_super}, {"format", bi_format},
    {"hex", bi_hex}, {"oct", bi_oct}, {"bin", bi_bin}, {"vars", bi_vars},
};

void interp_install_builtins(Interp *in, Scope *into)
{
    interp_install_object_model(in, into);
    for (size_t i = 0; i < sizeof builtin_functions / sizeof builtin_functions[0]; i++)
        val_scope_set(in->arena, into, intern(&in->c->names, builtin_functions[i].name),
                  interp_make_builtin(in, builtin_functions[i].name, builtin_functions[i].fn, NULL));
    Value *ni = val_none(in);
    ni->kind = VK_INSTANCE;
    ni->u.inst = arena_alloc(in->arena, sizeof(Instance));
    ni->u.inst->cls = in->cls.object;
    ni->u.inst->attrs = flow_scope_new(in);
    val_scope_set(in->arena, into, intern(&in->c->names, "NotImplemented"), ni);
    Value *ell = val_none(in);
    ell->kind = VK_ELLIPSIS;
    val_scope_set(in->arena, into, intern(&in->c->names, "Ellipsis"), ell);
    val_scope_set(in->arena, into, intern(&in->c->names, "__debug__"), val_bool(in, true));
    interp_install_builtin_methods(in);
}
