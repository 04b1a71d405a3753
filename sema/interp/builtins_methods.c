/* Methods of the builtin classes: list, dict, str and tuple. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/interp/interp.h"

#define METHOD(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)


static bool self_is(Interp *in, CallArgs *a, ValueKind kind, const char *method, Span span)
{
    if (a->n_pos < 1 || a->pos[0]->kind != kind) {
        interp_error(in, span, "%s() needs a receiver", method);
        return false;
    }
    if (flow_dynlist_is(a->pos[0]) && strcmp(method, "append") != 0 && strcmp(method, "extend") != 0 &&
        strcmp(method, "copy") != 0 && strcmp(method, "pop") != 0 && strcmp(method, "insert") != 0) {
        flow_dynlist_unsupported(in, arena_sprintf(in->arena, "list.%s()", method), span);
        return false;
    }
    return true;
}

static bool static_int_arg(const Value *v, int64_t *out)
{
    if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn)
        return false;
    *out = v->kind == VK_INT ? v->u.i : v->u.b;
    return true;
}

/* ---- list ---- */

METHOD(list_append)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "append", span) || !interp_args_check(in, a, "append", 2, 2, NULL, span))
        return val_error(in);
    if (flow_dynlist_is(a->pos[0]))
        return flow_dynlist_append(in, a->pos[0], a->pos[1], span);
    flow_write_list(in, a->pos[0]->u.list);
    val_list_push(in, a->pos[0]->u.list, a->pos[1]);
    return val_none(in);
}

METHOD(list_extend)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "extend", span) || !interp_args_check(in, a, "extend", 2, 2, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[1], &items, span))
        return in->exc ? NULL : val_error(in);
    if (flow_dynlist_is(a->pos[0])) {
        for (int i = 0; i < items.len; i++) {
            Value *r = flow_dynlist_append(in, a->pos[0], items.items[i], span);
            if (!r || r->kind == VK_ERROR)
                return r;
        }
        return val_none(in);
    }
    flow_write_list(in, a->pos[0]->u.list);
    for (int i = 0; i < items.len; i++)
        val_list_push(in, a->pos[0]->u.list, items.items[i]);
    return val_none(in);
}

METHOD(list_insert)
{
    (void)self;
    int64_t i;
    if (!self_is(in, a, VK_LIST, "insert", span) || !interp_args_check(in, a, "insert", 3, 3, NULL, span))
        return val_error(in);
    if (flow_dynlist_is(a->pos[0]))
        return flow_dynlist_insert(in, a->pos[0], a->pos[1], a->pos[2], span);
    if (!static_int_arg(a->pos[1], &i))
        return interp_error(in, span, "insert() index must be a compile-time integer");
    ValueList *l = a->pos[0]->u.list;
    if (i < 0)
        i += l->len;
    if (i < 0)
        i = 0;
    if (i > l->len)
        i = l->len;
    flow_write_list(in, l);
    val_list_push(in, l, a->pos[2]);
    memmove(l->items + i + 1, l->items + i, sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->items[i] = a->pos[2];
    return val_none(in);
}

METHOD(list_pop)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "pop", span) || !interp_args_check(in, a, "pop", 1, 2, NULL, span))
        return val_error(in);
    if (flow_dynlist_is(a->pos[0]))
        return flow_dynlist_pop(in, a->pos[0], a->n_pos == 2 ? a->pos[1] : NULL, span);
    ValueList *l = a->pos[0]->u.list;
    int64_t i = l->len - 1;
    if (a->n_pos == 2 && !static_int_arg(a->pos[1], &i))
        return interp_error(in, span, "pop() index must be a compile-time integer");
    if (i < 0 && a->n_pos == 2)
        i += l->len;
    if (l->len == 0 || i < 0 || i >= l->len)
        return interp_raise(in, in->cls.index_error, span, "pop index out of range");
    Value *v = l->items[i];
    flow_write_list(in, l);
    memmove(l->items + i, l->items + i + 1, sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->len--;
    return v;
}

static int seq_index_of(ValueList *l, Value *x)
{
    for (int i = 0; i < l->len; i++)
        if (val_is_static(l->items[i]) && val_equal_static(l->items[i], x))
            return i;
    return -1;
}

METHOD(seq_index)
{
    (void)self;
    if (a->n_pos < 2 || (a->pos[0]->kind != VK_LIST && a->pos[0]->kind != VK_TUPLE))
        return interp_error(in, span, "index() needs a list or tuple and a value");
    if (flow_dynlist_is(a->pos[0]))
        return flow_dynlist_unsupported(in, "list.index()", span);
    int i = seq_index_of(a->pos[0]->u.list, a->pos[1]);
    if (i < 0)
        return interp_raise(in, in->cls.value_error, span, "%s is not in list", val_repr(in, a->pos[1]));
    return val_int(in, i);
}

METHOD(seq_count)
{
    (void)self;
    if (a->n_pos < 2 || (a->pos[0]->kind != VK_LIST && a->pos[0]->kind != VK_TUPLE))
        return interp_error(in, span, "count() needs a list or tuple and a value");
    if (flow_dynlist_is(a->pos[0]))
        return flow_dynlist_unsupported(in, "list.count()", span);
    ValueList *l = a->pos[0]->u.list;
    int n = 0;
    for (int i = 0; i < l->len; i++)
        if (val_is_static(l->items[i]) && val_equal_static(l->items[i], a->pos[1]))
            n++;
    return val_int(in, n);
}

METHOD(list_remove)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "remove", span) || !interp_args_check(in, a, "remove", 2, 2, NULL, span))
        return val_error(in);
    ValueList *l = a->pos[0]->u.list;
    int i = seq_index_of(l, a->pos[1]);
    if (i < 0)
        return interp_raise(in, in->cls.value_error, span, "list.remove(x): x not in list");
    flow_write_list(in, l);
    memmove(l->items + i, l->items + i + 1, sizeof(Value *) * (size_t)(l->len - 1 - i));
    l->len--;
    return val_none(in);
}

METHOD(list_reverse)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "reverse", span))
        return val_error(in);
    ValueList *l = a->pos[0]->u.list;
    flow_write_list(in, l);
    for (int i = 0, j = l->len - 1; i < j; i++, j--) {
        Value *t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
    return val_none(in);
}

METHOD(list_copy)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "copy", span))
        return val_error(in);
    ValueList *l = a->pos[0]->u.list;
    Value *r = val_list(in, l->len);
    r->u.list->dyn = l->dyn;
    for (int i = 0; i < l->len; i++)
        val_list_push(in, r->u.list, l->items[i]);
    return r;
}

METHOD(list_clear)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "clear", span))
        return val_error(in);
    flow_write_list(in, a->pos[0]->u.list);
    a->pos[0]->u.list->len = 0;
    return val_none(in);
}

METHOD(list_sort)
{
    (void)self;
    static const char *const kws[] = {"key", "reverse", NULL};
    if (!self_is(in, a, VK_LIST, "sort", span) || !interp_args_check(in, a, "sort", 1, 1, kws, span))
        return val_error(in);
    Value *key = interp_arg(a, -1, "key"), *rev = interp_arg(a, -1, "reverse");
    bool ok = true, reverse = rev ? val_truthy(rev, &ok) : false;
    ValueList *l = a->pos[0]->u.list;
    ValueList sorted = {0};
    for (int i = 0; i < l->len; i++)
        val_list_push(in, &sorted, l->items[i]);
    if (!interp_sort_values(in, &sorted, key, reverse, span))
        return in->exc ? NULL : val_error(in);
    flow_write_list(in, l);
    for (int i = 0; i < l->len && i < sorted.len; i++)
        l->items[i] = sorted.items[i];
    return val_none(in);
}

/* list.__init__(iterable): a subclass of list fills itself. */
METHOD(list_init)
{
    (void)self;
    if (!self_is(in, a, VK_LIST, "__init__", span) || !interp_args_check(in, a, "list", 1, 2, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (a->n_pos == 2 && !interp_iterate_static(in, a->pos[1], &items, span))
        return in->exc ? NULL : val_error(in);
    ValueList *l = a->pos[0]->u.list;
    flow_write_list(in, l);
    l->len = 0;
    for (int i = 0; i < items.len; i++)
        val_list_push(in, l, items.items[i]);
    return val_none(in);
}

/* tuple.__new__(cls, iterable=()): an instance of a subclass of tuple. */
METHOD(tuple_new)
{
    (void)self;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_CLASS || !interp_args_check(in, a, "tuple", 1, 2, NULL, span))
        return interp_error(in, span, "tuple.__new__(X): X is not a type object");
    Value *r = val_tuple(in, 0);
    if (a->pos[0]->u.cls->module)
        r->u.list->cls = a->pos[0];
    if (a->n_pos == 2 && !interp_iterate_static(in, a->pos[1], r->u.list, span))
        return in->exc ? NULL : val_error(in);
    return r;
}

/* frozenset.__new__(cls, iterable=()) */
METHOD(frozenset_new)
{
    (void)self;
    if (a->n_pos < 1 || a->pos[0]->kind != VK_CLASS)
        return interp_error(in, span, "frozenset.__new__(X): X is not a type object");
    CallArgs rest = *a;
    rest.pos++;
    rest.n_pos--;
    return interp_set_construct(in, a->pos[0], &rest, span);
}

/* The builtin operations as methods, for subclasses that extend them
 * (super().__getitem__(k)) and for list.__getitem__-style references. */
/* The receiver of a builtin operation: a builtin value (an enum member's
 * value for a subclass), never an instance (its class's own method would
 * recurse). */
static bool container_self(Interp *in, CallArgs *a, const char *name, Span span)
{
    if (a->n_pos < 1)
        return false;
    a->pos[0] = interp_builtin_self(in, a->pos[0]);
    if (a->pos[0]->kind == VK_INSTANCE || a->pos[0]->kind == VK_TENSOR) {
        interp_raise(in, in->cls.type_error, span, "descriptor '%s' requires a builtin container, not '%s'", name,
                     val_type_name(in, a->pos[0]));
        return false;
    }
    return true;
}

METHOD(container_getitem)
{
    (void)self;
    if (!interp_args_check(in, a, "__getitem__", 2, 2, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__getitem__", span))
        return in->exc ? NULL : val_error(in);
    return interp_subscript_plain(in, a->pos[0], a->pos[1], span);
}

METHOD(container_setitem)
{
    (void)self;
    if (!interp_args_check(in, a, "__setitem__", 3, 3, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__setitem__", span))
        return in->exc ? NULL : val_error(in);
    return interp_setitem_plain(in, a->pos[0], a->pos[1], a->pos[2], span) == EXEC_RAISE ? NULL : val_none(in);
}

METHOD(container_delitem)
{
    (void)self;
    if (!interp_args_check(in, a, "__delitem__", 2, 2, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__delitem__", span))
        return in->exc ? NULL : val_error(in);
    Value *obj = a->pos[0], *key = a->pos[1];
    if (obj->kind == VK_DICT) {
        if (val_dict_del(in, obj->u.dict, key))
            return val_none(in);
        return interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, key));
    }
    return interp_error(in, span, "this 'del' is not supported");
}

METHOD(container_len)
{
    (void)self;
    if (!interp_args_check(in, a, "__len__", 1, 1, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__len__", span))
        return in->exc ? NULL : val_error(in);
    Value *v = a->pos[0];
    if (v->kind == VK_LIST || v->kind == VK_TUPLE)
        return v->u.list->dyn ? flow_dynlist_len(in, v, span) : val_int(in, v->u.list->len);
    if (v->kind == VK_STR)
        return val_int(in, v->u.s.len);
    if (v->kind == VK_DICT || val_is_set(v))
        return val_int(in, v->u.dict->live);
    return interp_error(in, span, "object of type '%s' has no len()", val_type_name(in, v));
}

METHOD(container_contains)
{
    (void)self;
    if (!interp_args_check(in, a, "__contains__", 2, 2, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__contains__", span))
        return in->exc ? NULL : val_error(in);
    Value *v = a->pos[0], *x = a->pos[1];
    if (v->kind == VK_DICT || val_is_set(v))
        return val_bool(in, val_hashable(x) && val_dict_get(v->u.dict, x) != NULL);
    return interp_compare_op(in, AST_OP_IN, x, v, span);
}

METHOD(container_iter)
{
    (void)self;
    if (!interp_args_check(in, a, "__iter__", 1, 1, NULL, span))
        return val_error(in);
    if (!container_self(in, a, "__iter__", span))
        return in->exc ? NULL : val_error(in);
    ValueList items = {0};
    if (!interp_iterate_builtin(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    return interp_make_iterator(in, &items);
}

/* ---- dict ---- */

static Value *dict_view(Interp *in, Value *d, int what)
{
    Dict *dict = d->u.dict;
    Value *r = val_list(in, dict->live);
    for (int i = 0; i < dict->len; i++) {
        DictEntry *e = &dict->entries[i];
        if (e->deleted)
            continue;
        if (what == 0) {
            val_list_push(in, r->u.list, e->key);
        } else if (what == 1) {
            val_list_push(in, r->u.list, e->value);
        } else {
            Value *t = val_tuple(in, 2);
            val_list_push(in, t->u.list, e->key);
            val_list_push(in, t->u.list, e->value);
            val_list_push(in, r->u.list, t);
        }
    }
    r->kind = VK_TUPLE;     /* views are read-only snapshots here */
    return r;
}

METHOD(dict_keys) { (void)self; return self_is(in, a, VK_DICT, "keys", span) ? dict_view(in, a->pos[0], 0) : val_error(in); }
METHOD(dict_values) { (void)self; return self_is(in, a, VK_DICT, "values", span) ? dict_view(in, a->pos[0], 1) : val_error(in); }
METHOD(dict_items) { (void)self; return self_is(in, a, VK_DICT, "items", span) ? dict_view(in, a->pos[0], 2) : val_error(in); }

METHOD(dict_get_m)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "get", span) || !interp_args_check(in, a, "get", 2, 3, NULL, span))
        return val_error(in);
    Value *v = val_dict_get(a->pos[0]->u.dict, a->pos[1]);
    return v ? v : a->n_pos == 3 ? a->pos[2] : val_none(in);
}

METHOD(dict_pop)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "pop", span) || !interp_args_check(in, a, "pop", 2, 3, NULL, span))
        return val_error(in);
    Value *v = val_dict_get(a->pos[0]->u.dict, a->pos[1]);
    if (v) {
        val_dict_del(in, a->pos[0]->u.dict, a->pos[1]);
        return v;
    }
    if (a->n_pos == 3)
        return a->pos[2];
    return interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, a->pos[1]));
}

METHOD(dict_setdefault)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "setdefault", span) || !interp_args_check(in, a, "setdefault", 2, 3, NULL, span))
        return val_error(in);
    Value *v = val_dict_get(a->pos[0]->u.dict, a->pos[1]);
    if (v)
        return v;
    v = a->n_pos == 3 ? a->pos[2] : val_none(in);
    val_dict_set(in, a->pos[0]->u.dict, a->pos[1], v);
    return v;
}

METHOD(dict_update)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "update", span))
        return val_error(in);
    Dict *d = a->pos[0]->u.dict;
    Value *keys = a->n_pos > 1 && a->pos[1]->kind == VK_INSTANCE
                  ? interp_lookup_attr(in, a->pos[1], intern(&in->c->names, "keys"), span) : NULL;
    if (in->exc)
        return NULL;
    if (keys && keys->kind != VK_ERROR) {
        /* a mapping: its keys() and m[k] */
        Value *ks = interp_call_simple(in, keys, NULL, 0, span);
        ValueList items = {0};
        if (!ks || ks->kind == VK_ERROR || !interp_iterate_static(in, ks, &items, span))
            return in->exc ? NULL : val_error(in);
        for (int i = 0; i < items.len; i++) {
            Value *v = interp_subscript(in, a->pos[1], items.items[i], span);
            if (!v || v->kind == VK_ERROR)
                return v;
            val_dict_set(in, d, items.items[i], v);
        }
    } else if (a->n_pos > 1 && a->pos[1]->kind == VK_DICT) {
        Dict *s = a->pos[1]->u.dict;
        for (int i = 0; i < s->len; i++)
            if (!s->entries[i].deleted)
                val_dict_set(in, d, s->entries[i].key, s->entries[i].value);
    } else if (a->n_pos > 1) {
        ValueList items = {0};
        if (!interp_iterate_static(in, a->pos[1], &items, span))
            return in->exc ? NULL : val_error(in);
        for (int i = 0; i < items.len; i++) {
            Value *p = items.items[i];
            if ((p->kind == VK_TUPLE || p->kind == VK_LIST) && p->u.list->len == 2)
                val_dict_set(in, d, p->u.list->items[0], p->u.list->items[1]);
        }
    }
    for (int i = 0; i < a->n_kw; i++)
        val_dict_set(in, d, val_cstr(in, a->kw_names[i]), a->kw_values[i]);
    return val_none(in);
}

METHOD(dict_copy)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "copy", span))
        return val_error(in);
    Value *r = val_dict(in);
    Dict *s = a->pos[0]->u.dict;
    for (int i = 0; i < s->len; i++)
        if (!s->entries[i].deleted)
            val_dict_set(in, r->u.dict, s->entries[i].key, s->entries[i].value);
    return r;
}

METHOD(dict_clear)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "clear", span) || !interp_args_check(in, a, "clear", 1, 1, NULL, span))
        return val_error(in);
    Dict *d = a->pos[0]->u.dict;
    for (int i = 0; i < d->len; i++)
        if (!d->entries[i].deleted)
            val_dict_del(in, d, d->entries[i].key);
    return val_none(in);
}

/* popitem(): the last item inserted (LIFO), as a (key, value) pair. */
METHOD(dict_popitem)
{
    (void)self;
    if (!self_is(in, a, VK_DICT, "popitem", span) || !interp_args_check(in, a, "popitem", 1, 1, NULL, span))
        return val_error(in);
    Dict *d = a->pos[0]->u.dict;
    for (int i = d->len - 1; i >= 0; i--) {
        if (d->entries[i].deleted)
            continue;
        Value *t = val_tuple(in, 2);
        val_list_push(in, t->u.list, d->entries[i].key);
        val_list_push(in, t->u.list, d->entries[i].value);
        val_dict_del(in, d, d->entries[i].key);
        return t;
    }
    return interp_raise(in, in->cls.key_error, span, "'popitem(): dictionary is empty'");
}

/* dict.fromkeys(iterable, value=None), a classmethod: for a subclass, an
 * instance of it (through its constructor). */
METHOD(dict_fromkeys)
{
    (void)self;
    if (!interp_args_check(in, a, "fromkeys", 2, 3, NULL, span) || a->pos[0]->kind != VK_CLASS)
        return val_error(in);
    ValueList keys = {0};
    if (!interp_iterate_static(in, a->pos[1], &keys, span))
        return in->exc ? NULL : val_error(in);
    Value *r = interp_call_simple(in, a->pos[0], NULL, 0, span);
    if (!r || r->kind == VK_ERROR)
        return r;
    Value *v = a->n_pos == 3 ? a->pos[2] : val_none(in);
    for (int i = 0; i < keys.len; i++)
        if (interp_setitem(in, r, keys.items[i], v, span) == EXEC_RAISE)
            return NULL;
    return r;
}

/* dict.__init__(mapping or pairs, **kwargs): a subclass of dict fills itself. */
METHOD(dict_init)
{
    if (!self_is(in, a, VK_DICT, "__init__", span))
        return val_error(in);
    if (a->n_pos > 2)
        return interp_raise(in, in->cls.type_error, span, "dict expected at most 1 argument, got %d", a->n_pos - 1);
    return dict_update(in, a, span, self);
}

static const Builtin list_methods[] = {
    {"append", list_append, NULL}, {"extend", list_extend, NULL}, {"insert", list_insert, NULL},
    {"pop", list_pop, NULL}, {"index", seq_index, NULL}, {"count", seq_count, NULL},
    {"remove", list_remove, NULL}, {"reverse", list_reverse, NULL}, {"copy", list_copy, NULL},
    {"clear", list_clear, NULL}, {"sort", list_sort, NULL}, {"__init__", list_init, NULL},
};

static const Builtin tuple_methods[] = {
    {"index", seq_index, NULL}, {"count", seq_count, NULL}, {"__new__", tuple_new, NULL},
};

static const Builtin dict_methods[] = {
    {"keys", dict_keys, NULL}, {"values", dict_values, NULL}, {"items", dict_items, NULL},
    {"get", dict_get_m, NULL}, {"pop", dict_pop, NULL}, {"setdefault", dict_setdefault, NULL},
    {"update", dict_update, NULL}, {"copy", dict_copy, NULL}, {"clear", dict_clear, NULL},
    {"popitem", dict_popitem, NULL}, {"__init__", dict_init, NULL},
};

static const Builtin frozenset_methods[] = {
    {"__new__", frozenset_new, NULL},
};

/* The builtin operations as methods: every container has the reading
 * ones, list and dict the writing ones too. */
static const Builtin reading_methods[] = {
    {"__getitem__", container_getitem, NULL}, {"__len__", container_len, NULL},
    {"__contains__", container_contains, NULL}, {"__iter__", container_iter, NULL},
};

static const Builtin writing_methods[] = {
    {"__setitem__", container_setitem, NULL}, {"__delitem__", container_delitem, NULL},
};

static const Builtin dict_fromkeys_method = {"fromkeys", dict_fromkeys, NULL};

#define N(table) ((int)(sizeof table / sizeof table[0]))

void interp_install_builtin_methods(Interp *in)
{
    Value *list = interp_builtin_class(in, "list"), *dict = interp_builtin_class(in, "dict");
    interp_add_methods(in, list, list_methods, N(list_methods));
    interp_add_methods(in, interp_builtin_class(in, "tuple"), tuple_methods, N(tuple_methods));
    interp_add_methods(in, dict, dict_methods, N(dict_methods));
    interp_add_methods(in, interp_builtin_class(in, "frozenset"), frozenset_methods, N(frozenset_methods));
    Value *fromkeys = val_none(in);
    fromkeys->kind = VK_CLASSMETHOD;
    fromkeys->u.wrapped = val_none(in);
    fromkeys->u.wrapped->kind = VK_BUILTIN;
    fromkeys->u.wrapped->u.builtin = &dict_fromkeys_method;
    val_scope_set(in->arena, dict->u.cls->dict, intern(&in->c->names, "fromkeys"), fromkeys);
    static const char *const containers[] = {"list", "tuple", "dict", "str", "set", "frozenset"};
    for (size_t i = 0; i < sizeof containers / sizeof containers[0]; i++)
        interp_add_methods(in, interp_builtin_class(in, containers[i]), reading_methods, N(reading_methods));
    interp_add_methods(in, list, writing_methods, N(writing_methods));
    interp_add_methods(in, dict, writing_methods, N(writing_methods));
    interp_install_str_methods(in);
    interp_install_set_methods(in);
}
