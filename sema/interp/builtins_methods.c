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
        strcmp(method, "copy") != 0) {
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
        flow_write_dict(in, a->pos[0]->u.dict);
        val_dict_del(a->pos[0]->u.dict, a->pos[1]);
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
    if (a->n_pos > 1 && a->pos[1]->kind == VK_DICT) {
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

/* ---- str ---- */

METHOD(str_join)
{
    (void)self;
    if (!self_is(in, a, VK_STR, "join", span) || !interp_args_check(in, a, "join", 2, 2, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[1], &items, span))
        return in->exc ? NULL : val_error(in);
    size_t total = 0;
    for (int i = 0; i < items.len; i++) {
        if (items.items[i]->kind != VK_STR)
            return interp_error(in, span, "join() expects strings, found '%s'", val_type_name(in, items.items[i]));
        total += items.items[i]->u.s.len + a->pos[0]->u.s.len;
    }
    char *buf = arena_alloc_raw(in->arena, total + 1);
    size_t n = 0;
    for (int i = 0; i < items.len; i++) {
        if (i) {
            memcpy(buf + n, a->pos[0]->u.s.ptr, a->pos[0]->u.s.len);
            n += a->pos[0]->u.s.len;
        }
        memcpy(buf + n, items.items[i]->u.s.ptr, items.items[i]->u.s.len);
        n += items.items[i]->u.s.len;
    }
    return val_str(in, buf, n);
}

/* str.format with {} {0} {name} {:spec} fields. */
METHOD(str_format)
{
    (void)self;
    if (!self_is(in, a, VK_STR, "format", span))
        return val_error(in);
    const char *s = a->pos[0]->u.s.ptr;
    size_t cap = 64, n = 0;
    char *buf = arena_alloc_raw(in->arena, cap);
    int auto_index = 1;
    for (size_t i = 0; s[i];) {
        const char *piece = s + i;
        size_t plen = 1;
        Value *formatted = NULL;
        if (s[i] == '{' && s[i + 1] == '{') {
            i += 2;
        } else if (s[i] == '}' && s[i + 1] == '}') {
            piece = "}";
            i += 2;
        } else if (s[i] == '{') {
            const char *end = strchr(s + i, '}');
            if (!end)
                return interp_error(in, span, "single '{' encountered in format string");
            char field[128];
            size_t flen = (size_t)(end - s - i - 1);
            if (flen >= sizeof field)
                return interp_error(in, span, "format field too long");
            memcpy(field, s + i + 1, flen);
            field[flen] = '\0';
            char *colon = strchr(field, ':');
            const char *spec = "";
            if (colon) {
                *colon = '\0';
                spec = colon + 1;
            }
            char *bang = strchr(field, '!');
            if (bang)
                *bang = '\0';
            Value *v = NULL;
            if (!field[0])
                v = auto_index < a->n_pos ? a->pos[auto_index++] : NULL;
            else if (isdigit((unsigned char)field[0]))
                v = atoi(field) + 1 < a->n_pos ? a->pos[atoi(field) + 1] : NULL;
            else
                v = interp_arg(a, -1, field);
            if (!v)
                return interp_raise(in, in->cls.index_error, span, "format field '%s' has no value", field);
            if (bang && bang[1] == 'r')
                v = val_cstr(in, val_repr(in, v));
            formatted = interp_format_value(in, v, spec, span);
            if (!formatted || formatted->kind == VK_ERROR)
                return formatted;
            piece = formatted->u.s.ptr;
            plen = formatted->u.s.len;
            i = (size_t)(end - s) + 1;
        } else {
            i++;
        }
        if (n + plen + 1 > cap) {
            size_t ncap = (n + plen + 1) * 2;
            buf = arena_grow(in->arena, buf, cap, ncap);
            cap = ncap;
        }
        memcpy(buf + n, piece, plen);
        n += plen;
    }
    return val_str(in, buf, n);
}

static bool str_args(Interp *in, CallArgs *a, const char *name, int max, Span span)
{
    if (!self_is(in, a, VK_STR, name, span))
        return false;
    for (int i = 1; i < a->n_pos && i < max; i++)
        if (a->pos[i]->kind != VK_STR && a->pos[i]->kind != VK_NONE) {
            interp_error(in, span, "%s() expects string arguments", name);
            return false;
        }
    return true;
}

METHOD(str_startswith)
{
    (void)self;
    if (!str_args(in, a, "startswith", 2, span) || a->n_pos != 2)
        return val_error(in);
    Value *s = a->pos[0], *p = a->pos[1];
    return val_bool(in, p->u.s.len <= s->u.s.len && memcmp(s->u.s.ptr, p->u.s.ptr, p->u.s.len) == 0);
}

METHOD(str_endswith)
{
    (void)self;
    if (!str_args(in, a, "endswith", 2, span) || a->n_pos != 2)
        return val_error(in);
    Value *s = a->pos[0], *p = a->pos[1];
    return val_bool(in, p->u.s.len <= s->u.s.len &&
                            memcmp(s->u.s.ptr + s->u.s.len - p->u.s.len, p->u.s.ptr, p->u.s.len) == 0);
}

static Value *str_strip_impl(Interp *in, CallArgs *a, Span span, bool left, bool right)
{
    if (!str_args(in, a, "strip", 2, span))
        return val_error(in);
    const char *s = a->pos[0]->u.s.ptr;
    const char *chars = a->n_pos > 1 && a->pos[1]->kind == VK_STR ? a->pos[1]->u.s.ptr : " \t\n\r\f\v";
    size_t lo = 0, hi = a->pos[0]->u.s.len;
    while (left && lo < hi && strchr(chars, s[lo]))
        lo++;
    while (right && hi > lo && strchr(chars, s[hi - 1]))
        hi--;
    return val_str(in, s + lo, hi - lo);
}

METHOD(str_strip) { (void)self; return str_strip_impl(in, a, span, true, true); }
METHOD(str_lstrip) { (void)self; return str_strip_impl(in, a, span, true, false); }
METHOD(str_rstrip) { (void)self; return str_strip_impl(in, a, span, false, true); }

METHOD(str_split)
{
    (void)self;
    if (!str_args(in, a, "split", 2, span))
        return val_error(in);
    const char *s = a->pos[0]->u.s.ptr;
    size_t len = a->pos[0]->u.s.len;
    Value *sep = a->n_pos > 1 ? a->pos[1] : interp_arg(a, -1, "sep");
    Value *r = val_list(in, 0);
    if (!sep || sep->kind == VK_NONE) {
        size_t i = 0;
        while (i < len) {
            while (i < len && isspace((unsigned char)s[i]))
                i++;
            size_t j = i;
            while (j < len && !isspace((unsigned char)s[j]))
                j++;
            if (j > i)
                val_list_push(in, r->u.list, val_str(in, s + i, j - i));
            i = j;
        }
        return r;
    }
    if (sep->kind != VK_STR || sep->u.s.len == 0)
        return interp_raise(in, in->cls.value_error, span, "empty separator");
    size_t i = 0;
    for (;;) {
        const char *hit = NULL;
        for (size_t k = i; k + sep->u.s.len <= len; k++)
            if (memcmp(s + k, sep->u.s.ptr, sep->u.s.len) == 0) {
                hit = s + k;
                break;
            }
        if (!hit) {
            val_list_push(in, r->u.list, val_str(in, s + i, len - i));
            return r;
        }
        val_list_push(in, r->u.list, val_str(in, s + i, (size_t)(hit - s) - i));
        i = (size_t)(hit - s) + sep->u.s.len;
    }
}

METHOD(str_replace)
{
    (void)self;
    if (!str_args(in, a, "replace", 3, span) || a->n_pos != 3)
        return val_error(in);
    Value *s = a->pos[0], *old = a->pos[1], *new = a->pos[2];
    if (old->u.s.len == 0)
        return s;
    size_t cap = s->u.s.len * (new->u.s.len + 1) + 1, n = 0;
    char *buf = arena_alloc_raw(in->arena, cap);
    for (size_t i = 0; i < s->u.s.len;) {
        if (i + old->u.s.len <= s->u.s.len && memcmp(s->u.s.ptr + i, old->u.s.ptr, old->u.s.len) == 0) {
            memcpy(buf + n, new->u.s.ptr, new->u.s.len);
            n += new->u.s.len;
            i += old->u.s.len;
        } else {
            buf[n++] = s->u.s.ptr[i++];
        }
    }
    return val_str(in, buf, n);
}

static Value *str_case(Interp *in, CallArgs *a, Span span, bool upper)
{
    if (!str_args(in, a, upper ? "upper" : "lower", 1, span))
        return val_error(in);
    Value *s = a->pos[0];
    char *buf = arena_strndup(in->arena, s->u.s.ptr, s->u.s.len);
    for (uint32_t i = 0; i < s->u.s.len; i++)
        buf[i] = (char)(upper ? toupper((unsigned char)buf[i]) : tolower((unsigned char)buf[i]));
    return val_str(in, buf, s->u.s.len);
}

METHOD(str_upper) { (void)self; return str_case(in, a, span, true); }
METHOD(str_lower) { (void)self; return str_case(in, a, span, false); }

METHOD(str_find)
{
    (void)self;
    if (!str_args(in, a, "find", 2, span) || a->n_pos != 2)
        return val_error(in);
    Value *s = a->pos[0], *p = a->pos[1];
    for (uint32_t i = 0; i + p->u.s.len <= s->u.s.len; i++)
        if (memcmp(s->u.s.ptr + i, p->u.s.ptr, p->u.s.len) == 0)
            return val_int(in, i);
    return val_int(in, -1);
}

METHOD(str_isdigit)
{
    (void)self;
    if (!str_args(in, a, "isdigit", 1, span))
        return val_error(in);
    Value *s = a->pos[0];
    bool all = s->u.s.len > 0;
    for (uint32_t i = 0; i < s->u.s.len; i++)
        if (!isdigit((unsigned char)s->u.s.ptr[i]))
            all = false;
    return val_bool(in, all);
}

static void add(Interp *in, const char *cls, const char *name, BuiltinFn fn)
{
    Value *c = interp_builtin_class(in, cls);
    val_scope_set(in->arena, c->u.cls->dict, intern(&in->c->names, name), interp_make_builtin(in, name, fn, NULL));
}

void interp_install_builtin_methods(Interp *in)
{
    add(in, "list", "append", list_append);
    add(in, "list", "extend", list_extend);
    add(in, "list", "insert", list_insert);
    add(in, "list", "pop", list_pop);
    add(in, "list", "index", seq_index);
    add(in, "list", "count", seq_count);
    add(in, "list", "remove", list_remove);
    add(in, "list", "reverse", list_reverse);
    add(in, "list", "copy", list_copy);
    add(in, "list", "clear", list_clear);
    add(in, "tuple", "index", seq_index);
    add(in, "tuple", "count", seq_count);
    add(in, "dict", "keys", dict_keys);
    add(in, "dict", "values", dict_values);
    add(in, "dict", "items", dict_items);
    add(in, "dict", "get", dict_get_m);
    add(in, "dict", "pop", dict_pop);
    add(in, "dict", "setdefault", dict_setdefault);
    add(in, "dict", "update", dict_update);
    add(in, "dict", "copy", dict_copy);
    add(in, "str", "join", str_join);
    add(in, "str", "format", str_format);
    add(in, "str", "startswith", str_startswith);
    add(in, "str", "endswith", str_endswith);
    add(in, "str", "strip", str_strip);
    add(in, "str", "lstrip", str_lstrip);
    add(in, "str", "rstrip", str_rstrip);
    add(in, "str", "split", str_split);
    add(in, "str", "replace", str_replace);
    add(in, "str", "upper", str_upper);
    add(in, "str", "lower", str_lower);
    add(in, "str", "find", str_find);
    add(in, "str", "isdigit", str_isdigit);
}
