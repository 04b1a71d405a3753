/* Value constructors, dicts, equality, truth and printing. */
#include "sema/value/value.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sema/interp/interp.h"
#include "sema/flow/flow.h"

static Value *val_new(Interp *in, ValueKind k)
{
    Value *v = arena_alloc(in->arena, sizeof *v);
    v->kind = k;
    v->dim = dim_unknown();
    return v;
}

Value *val_error(Interp *in) { return val_new(in, VK_ERROR); }
Value *val_none(Interp *in) { return val_new(in, VK_NONE); }

Value *val_bool(Interp *in, bool b)
{
    Value *v = val_new(in, VK_BOOL);
    v->u.b = b;
    return v;
}

static const Value val_shared_none = {.kind = VK_NONE, .dim = {-1, NULL}};
static const Value val_shared_true = {.kind = VK_BOOL, .u.b = true, .dim = {-1, NULL}};
static const Value val_shared_false = {.kind = VK_BOOL, .u.b = false, .dim = {-1, NULL}};

Value *val_const_none(void) { return (Value *)&val_shared_none; }
Value *val_const_bool(bool b) { return (Value *)(b ? &val_shared_true : &val_shared_false); }

Value *val_int(Interp *in, int64_t i)
{
    Value *v = val_new(in, VK_INT);
    v->u.i = i;
    return v;
}

Value *val_float(Interp *in, double f)
{
    Value *v = val_new(in, VK_FLOAT);
    v->u.f = f;
    return v;
}

Value *val_str(Interp *in, const char *s, size_t len)
{
    Value *v = val_new(in, VK_STR);
    v->u.s.ptr = intern_n(&in->c->names, s, len);
    v->u.s.len = (uint32_t)len;
    return v;
}

Value *val_cstr(Interp *in, const char *s)
{
    return val_str(in, s, strlen(s));
}

ValueList *val_list_new(Interp *in, int cap)
{
    ValueList *l = arena_alloc(in->arena, sizeof *l);
    l->born = in->clock;
    if (cap > 0) {
        l->items = arena_alloc(in->arena, sizeof(Value *) * (size_t)cap);
        l->cap = cap;
    }
    return l;
}

void val_list_push(Interp *in, ValueList *l, Value *v)
{
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 4;
        l->items = arena_grow(in->arena, l->items, sizeof(Value *) * (size_t)l->cap,
                              sizeof(Value *) * (size_t)cap);
        l->cap = cap;
    }
    l->items[l->len++] = v;
}

Value *val_list(Interp *in, int n)
{
    Value *v = val_new(in, VK_LIST);
    v->u.list = val_list_new(in, n);
    return v;
}

Value *val_tuple(Interp *in, int n)
{
    Value *v = val_new(in, VK_TUPLE);
    v->u.list = val_list_new(in, n);
    return v;
}

Value *val_dict(Interp *in)
{
    Value *v = val_new(in, VK_DICT);
    v->u.dict = val_dict_new(in);
    return v;
}

/* set() or frozenset(): the elements are the keys of a dict whose values
 * are the elements again. */
Value *val_set(Interp *in, bool frozen)
{
    Value *v = val_new(in, frozen ? VK_FROZENSET : VK_SET);
    v->u.dict = val_dict_new(in);
    return v;
}

bool val_set_add(Interp *in, Value *set, Value *item)
{
    return val_dict_set(in, set->u.dict, item, item);
}

Value *val_dtype(Interp *in, DType t)
{
    Value *v = val_new(in, VK_DTYPE);
    v->u.dtype = t;
    return v;
}

Value *val_tensor(Interp *in, Tensor *t)
{
    if (!t->born)
        t->born = in->clock;
    Value *v = val_new(in, VK_TENSOR);
    v->u.tensor = t;
    return v;
}

/* Hashing and equality of static keys. */

bool val_hashable(const Value *v)
{
    switch (v->kind) {
    case VK_NONE: case VK_STR: case VK_DTYPE: case VK_CLASS: case VK_FUNCTION:
    case VK_BUILTIN: case VK_MODULE: case VK_INSTANCE: case VK_TENSOR: case VK_ELLIPSIS:
    case VK_FROZENSET:
        return true;
    case VK_BOOL: case VK_INT: case VK_FLOAT:
        return v->dyn == NULL;
    case VK_TUPLE: {
        /* once hashable, its hash is kept: each shared tuple is looked at once */
        const ValueList *l = v->u.list;
        if (l->hashed_len == l->len + 1 && l->hashed_items == l->items)
            return true;
        for (int i = 0; i < l->len; i++)
            if (!val_hashable(l->items[i]))
                return false;
        val_hash(v);
        return true;
    }
    default:
        return false;
    }
}

static uint32_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return (uint32_t)x;
}

uint32_t val_hash(const Value *v)
{
    switch (v->kind) {
    case VK_STR: return mix64((uintptr_t)v->u.s.ptr);
    case VK_BOOL: return mix64((uint64_t)v->u.b);
    case VK_INT: return mix64((uint64_t)v->u.i);
    case VK_FLOAT:
        /* equal numbers hash equal across int and float, as in Python */
        if (v->u.f == floor(v->u.f) && fabs(v->u.f) < 9.2e18)
            return mix64((uint64_t)(int64_t)v->u.f);
        return mix64((uint64_t)(v->u.f * 1e9));
    case VK_TUPLE: {
        ValueList *l = v->u.list;
        if (l->hashed_len == l->len + 1 && l->hashed_items == l->items)
            return l->hash;
        uint32_t h = 0x345678;
        for (int i = 0; i < l->len; i++)
            h = h * 1000003u ^ val_hash(l->items[i]);
        l->hash = h;
        l->hashed_len = l->len + 1;
        l->hashed_items = l->items;
        return h;
    }
    case VK_FROZENSET: {
        /* independent of the order of the elements */
        uint32_t h = 0x2545f491u;
        for (int i = 0; i < v->u.dict->len; i++)
            if (!v->u.dict->entries[i].deleted)
                h += mix64(v->u.dict->entries[i].hash) | 1u;
        return h;
    }
    case VK_DTYPE: return mix64(0x1000 + (uint64_t)v->u.dtype);
    case VK_NONE: return 0x9e3779b9u;
    default:
        return mix64((uintptr_t)v->u.cls);  /* identity of the object */
    }
}

static bool value_is_number(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) && !v->dyn;
}

static double value_number(const Value *v)
{
    if (v->kind == VK_INT)
        return (double)v->u.i;
    if (v->kind == VK_BOOL)
        return v->u.b;
    return v->u.f;
}

/* Python's == on compile-time values, counting the pairs of values it looks
 * at in *BUDGET; once that goes negative the answer is false and the
 * caller reports a limit. */
bool val_equal_counted(const Value *a, const Value *b, long *budget)
{
    if (--*budget < 0)
        return false;
    if (value_is_number(a) && value_is_number(b)) {
        if (a->kind != VK_FLOAT && b->kind != VK_FLOAT) {
            int64_t x = a->kind == VK_INT ? a->u.i : a->u.b;
            int64_t y = b->kind == VK_INT ? b->u.i : b->u.b;
            return x == y;
        }
        return value_number(a) == value_number(b);
    }
    if (val_is_set(a) && val_is_set(b))
        return val_set_equal(a->u.dict, b->u.dict);
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case VK_NONE: case VK_ELLIPSIS: return true;
    case VK_STR: return a->u.s.ptr == b->u.s.ptr;
    case VK_DTYPE: return a->u.dtype == b->u.dtype;
    case VK_LIST: case VK_TUPLE:
        if (a->u.list->dyn || b->u.list->dyn)
            return a->u.list == b->u.list;
        if (a->u.list->len != b->u.list->len)
            return false;
        for (int i = 0; i < a->u.list->len; i++) {
            /* the same object is equal to itself, as Python compares the
             * items of lists and tuples ([nan] == [nan] when it is one nan) */
            if (a->u.list->items[i] == b->u.list->items[i])
                continue;
            if (!val_equal_counted(a->u.list->items[i], b->u.list->items[i], budget))
                return false;
        }
        return true;
    case VK_RANGE:
        return a->u.range.start == b->u.range.start && a->u.range.stop == b->u.range.stop &&
               a->u.range.step == b->u.range.step;
    case VK_DICT:
        if (a->u.dict == b->u.dict)
            return true;
        if (a->u.dict->live != b->u.dict->live)
            return false;
        for (int i = 0; i < a->u.dict->len; i++) {
            const DictEntry *e = &a->u.dict->entries[i];
            if (e->deleted)
                continue;
            Value *other = val_dict_get(b->u.dict, e->key);
            if (!other || !val_is_static(other) || !val_equal_counted(e->value, other, budget))
                return false;
        }
        return true;
    default:
        return a->u.cls == b->u.cls;     /* identity */
    }
}

bool val_equal_static(const Value *a, const Value *b)
{
    long unlimited = LONG_MAX;
    return val_equal_counted(a, b, &unlimited);
}

long val_work_size(const Value *v, long cap)
{
    /* an explicit stack: nesting may be deeper than the C stack allows */
    const Value **stack = malloc(sizeof *stack * 64);
    int n = 0, size = 64;
    long work = 0;
    if (!stack)
        return cap;
    stack[n++] = v;
    while (n > 0 && work < cap) {
        const Value *x = stack[--n];
        work++;
        const Value *const *items = NULL;
        int len = 0;
        if (x->kind == VK_STR) {
            work += x->u.s.len / 64;
        } else if ((x->kind == VK_LIST || x->kind == VK_TUPLE) && !x->u.list->dyn) {
            items = (const Value *const *)x->u.list->items;
            len = x->u.list->len;
        } else if (x->kind == VK_DICT || val_is_set(x)) {
            work += x->u.dict->len;     /* keys and values are mostly small */
        }
        for (int i = 0; i < len && work < cap; i++) {
            if (n == size) {
                const Value **grown = realloc(stack, sizeof *stack * (size_t)size * 2);
                if (!grown) {
                    free(stack);
                    return cap;
                }
                stack = grown;
                size *= 2;
            }
            stack[n++] = items[i];
        }
    }
    free(stack);
    return work < cap ? work : cap;
}

bool val_is_set(const Value *v)
{
    return v->kind == VK_SET || v->kind == VK_FROZENSET;
}

/* Whether every element of A is in B. */
bool val_set_subset(Dict *a, Dict *b)
{
    if (a->live > b->live)
        return false;
    for (int i = 0; i < a->len; i++)
        if (!a->entries[i].deleted && !val_dict_get(b, a->entries[i].key))
            return false;
    return true;
}

bool val_set_equal(Dict *a, Dict *b)
{
    return a->live == b->live && val_set_subset(a, b);
}

/* Dicts. */

Dict *val_dict_new(Interp *in)
{
    Dict *d = arena_alloc(in->arena, sizeof(Dict));
    d->born = in->clock;
    return d;
}

static int dict_find(const Dict *d, const Value *key, uint32_t h)
{
    if (!d->index_cap)
        return -1;
    uint32_t mask = (uint32_t)d->index_cap - 1;
    for (uint32_t j = h & mask;; j = (j + 1) & mask) {
        int32_t e = d->index[j];
        if (e < 0)
            return -1;
        const DictEntry *de = &d->entries[e];
        if (!de->deleted && de->hash == h && val_equal_static(de->key, key))
            return e;
    }
}

static void dict_reindex(Interp *in, Dict *d, int cap)
{
    d->index = arena_alloc_raw(in->arena, sizeof(int32_t) * (size_t)cap);
    memset(d->index, 0xff, sizeof(int32_t) * (size_t)cap);
    d->index_cap = cap;
    uint32_t mask = (uint32_t)cap - 1;
    for (int e = 0; e < d->len; e++) {
        if (d->entries[e].deleted)
            continue;
        uint32_t j = d->entries[e].hash & mask;
        while (d->index[j] >= 0)
            j = (j + 1) & mask;
        d->index[j] = e;
    }
}

Value *val_dict_get(Dict *d, Value *key)
{
    if (!val_hashable(key))
        return NULL;
    int e = dict_find(d, key, val_hash(key));
    return e < 0 ? NULL : d->entries[e].value;
}

Value *val_dict_get_str(Dict *d, const char *interned)
{
    Value k = {.kind = VK_STR};
    k.u.s.ptr = interned;
    k.u.s.len = (uint32_t)strlen(interned);
    return val_dict_get(d, &k);
}

/* A write into obj.__dict__ is a write into the object's namespace. */
static void mirror_write(Interp *in, Dict *d, Value *key, Value *value)
{
    flow_write_scope(in, d->mirror);
    if (value)
        val_scope_set(in->arena, d->mirror, key->u.s.ptr, value);
    else
        val_scope_del(d->mirror, key->u.s.ptr);
}

bool val_dict_set(Interp *in, Dict *d, Value *key, Value *value)
{
    if (!val_hashable(key))
        return false;
    uint32_t h = val_hash(key);
    flow_write_dict(in, d);
    int e = dict_find(d, key, h);
    if (e >= 0) {
        if (d->mirror && key->kind == VK_STR)
            mirror_write(in, d, key, value);
        d->entries[e].value = value;
        return true;
    }
    if (d->len == d->cap) {
        int cap = d->cap ? d->cap * 2 : 8;
        d->entries = arena_grow(in->arena, d->entries, sizeof(DictEntry) * (size_t)d->cap,
                                sizeof(DictEntry) * (size_t)cap);
        d->cap = cap;
    }
    if (d->mirror && key->kind == VK_STR)
        mirror_write(in, d, key, value);
    d->entries[d->len] = (DictEntry){key, value, h, false};
    d->len++;
    d->live++;
    if (d->len * 2 > d->index_cap) {
        dict_reindex(in, d, d->index_cap ? d->index_cap * 2 : 16);
    } else {
        uint32_t mask = (uint32_t)d->index_cap - 1;
        uint32_t j = h & mask;
        while (d->index[j] >= 0)
            j = (j + 1) & mask;
        d->index[j] = d->len - 1;
    }
    return true;
}

void val_dict_restore(Interp *in, Dict *d, const DictEntry *entries, int len)
{
    if (len > d->cap) {
        d->entries = arena_alloc(in->arena, sizeof(DictEntry) * (size_t)len);
        d->cap = len;
    }
    if (len)
        memcpy(d->entries, entries, sizeof(DictEntry) * (size_t)len);
    d->len = len;
    d->live = 0;
    for (int i = 0; i < len; i++)
        d->live += !entries[i].deleted;
    int cap = 16;
    while (cap < len * 2)
        cap *= 2;
    dict_reindex(in, d, cap);
}

bool val_dict_del(Interp *in, Dict *d, Value *key)
{
    if (!val_hashable(key))
        return false;
    int e = dict_find(d, key, val_hash(key));
    if (e < 0)
        return false;
    flow_write_dict(in, d);
    if (d->mirror && key->kind == VK_STR)
        mirror_write(in, d, key, NULL);
    d->entries[e].deleted = true;
    d->live--;
    return true;
}

/* Static or dynamic. */

bool val_is_dynamic_scalar(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) && v->dyn != NULL;
}

bool val_is_static(const Value *v)
{
    switch (v->kind) {
    case VK_INT: case VK_FLOAT: case VK_BOOL:
        return v->dyn == NULL;
    case VK_TENSOR:
        return v->u.tensor->is_static;
    case VK_LIST: case VK_TUPLE:
        if (v->u.list->dyn)
            return false;
        for (int i = 0; i < v->u.list->len; i++)
            if (!val_is_static(v->u.list->items[i]))
                return false;
        return true;
    case VK_OPTIONAL: case VK_RANKS:
        return false;
    default:
        return true;
    }
}

bool val_truthy(const Value *v, bool *ok)
{
    *ok = true;
    switch (v->kind) {
    case VK_NONE: return false;
    case VK_BOOL: if (v->dyn) break; return v->u.b;
    case VK_INT: if (v->dyn) break; return v->u.i != 0;
    case VK_FLOAT: if (v->dyn) break; return v->u.f != 0.0;
    case VK_STR: return v->u.s.len != 0;
    case VK_LIST: case VK_TUPLE: if (v->u.list->dyn) break; return v->u.list->len != 0;
    case VK_DICT: case VK_SET: case VK_FROZENSET: return v->u.dict->live != 0;
    case VK_RANGE: {
        const Range *r = &v->u.range;
        return r->step > 0 ? r->start < r->stop : r->start > r->stop;
    }
    case VK_TENSOR: case VK_INSTANCE: case VK_ERROR: case VK_OPTIONAL: case VK_RANKS:
        break;
    default:
        return true;
    }
    *ok = false;
    return false;
}

/* Printing. */

typedef struct StrBuf {
    Interp *in;
    char *buf;
    size_t len, cap;
} StrBuf;

static void sb_put(StrBuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->buf = arena_grow(b->in->arena, b->buf, b->cap, cap);
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

static void sb_puts(StrBuf *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

static void sb_repr_str(StrBuf *b, const char *s, uint32_t n)
{
    bool has_single = memchr(s, '\'', n) != NULL, has_double = memchr(s, '"', n) != NULL;
    char q = has_single && !has_double ? '"' : '\'';
    sb_put(b, &q, 1);
    for (uint32_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        char tmp[8];
        if (ch == (unsigned char)q || ch == '\\') {
            tmp[0] = '\\';
            tmp[1] = (char)ch;
            sb_put(b, tmp, 2);
        } else if (ch == '\n') {
            sb_puts(b, "\\n");
        } else if (ch == '\t') {
            sb_puts(b, "\\t");
        } else if (ch == '\r') {
            sb_puts(b, "\\r");
        } else if (ch < 0x20 || ch == 0x7f) {
            snprintf(tmp, sizeof tmp, "\\x%02x", ch);
            sb_puts(b, tmp);
        } else {
            sb_put(b, (const char *)&ch, 1);
        }
    }
    sb_put(b, &q, 1);
}

static void sb_float(StrBuf *b, double f)
{
    char tmp[40];
    if (isnan(f)) {
        sb_puts(b, "nan");
        return;
    }
    if (isinf(f)) {
        sb_puts(b, f > 0 ? "inf" : "-inf");
        return;
    }
    /* shortest representation that round-trips, as Python prints */
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, f);
        if (strtod(tmp, NULL) == f)
            break;
    }
    if (!strpbrk(tmp, ".eni"))
        strcat(tmp, ".0");
    sb_puts(b, tmp);
}

static void sb_value(StrBuf *b, const Value *v, bool repr, int depth);

static void sb_seq(StrBuf *b, const Value *v, int depth)
{
    bool tuple = v->kind == VK_TUPLE;
    sb_puts(b, tuple ? "(" : "[");
    for (int i = 0; i < v->u.list->len; i++) {
        if (i)
            sb_puts(b, ", ");
        sb_value(b, v->u.list->items[i], true, depth + 1);
    }
    if (tuple && v->u.list->len == 1)
        sb_puts(b, ",");
    sb_puts(b, tuple ? ")" : "]");
}

static void sb_dict(StrBuf *b, const Value *v, int depth)
{
    sb_puts(b, "{");
    bool first = true;
    for (int i = 0; i < v->u.dict->len; i++) {
        const DictEntry *e = &v->u.dict->entries[i];
        if (e->deleted)
            continue;
        if (!first)
            sb_puts(b, ", ");
        first = false;
        sb_value(b, e->key, true, depth + 1);
        sb_puts(b, ": ");
        sb_value(b, e->value, true, depth + 1);
    }
    sb_puts(b, "}");
}

/* {1, 2}, set(), frozenset({1, 2}) */
static void sb_set(StrBuf *b, const Value *v, int depth)
{
    bool frozen = v->kind == VK_FROZENSET;
    if (v->u.dict->live == 0) {
        sb_puts(b, frozen ? "frozenset()" : "set()");
        return;
    }
    sb_puts(b, frozen ? "frozenset({" : "{");
    bool first = true;
    for (int i = 0; i < v->u.dict->len; i++) {
        const DictEntry *e = &v->u.dict->entries[i];
        if (e->deleted)
            continue;
        if (!first)
            sb_puts(b, ", ");
        first = false;
        sb_value(b, e->key, true, depth + 1);
    }
    sb_puts(b, frozen ? "})" : "}");
}

static void sb_value(StrBuf *b, const Value *v, bool repr, int depth)
{
    char tmp[64];
    if (depth > 20) {
        sb_puts(b, "...");
        return;
    }
    if (val_is_dynamic_scalar(v)) {
        sb_puts(b, v->kind == VK_INT ? "<runtime int>" : v->kind == VK_FLOAT ? "<runtime float>" : "<runtime bool>");
        return;
    }
    switch (v->kind) {
    case VK_ERROR: sb_puts(b, "<error>"); break;
    case VK_NONE: sb_puts(b, "None"); break;
    case VK_BOOL: sb_puts(b, v->u.b ? "True" : "False"); break;
    case VK_INT: snprintf(tmp, sizeof tmp, "%" PRId64, v->u.i); sb_puts(b, tmp); break;
    case VK_FLOAT: sb_float(b, v->u.f); break;
    case VK_STR:
        if (repr)
            sb_repr_str(b, v->u.s.ptr, v->u.s.len);
        else
            sb_put(b, v->u.s.ptr, v->u.s.len);
        break;
    case VK_LIST: case VK_TUPLE: sb_seq(b, v, depth); break;
    case VK_DICT: sb_dict(b, v, depth); break;
    case VK_SET: case VK_FROZENSET: sb_set(b, v, depth); break;
    case VK_RANGE:
        if (v->u.range.step == 1)
            snprintf(tmp, sizeof tmp, "range(%" PRId64 ", %" PRId64 ")", v->u.range.start, v->u.range.stop);
        else
            snprintf(tmp, sizeof tmp, "range(%" PRId64 ", %" PRId64 ", %" PRId64 ")",
                     v->u.range.start, v->u.range.stop, v->u.range.step);
        sb_puts(b, tmp);
        break;
    case VK_ELLIPSIS: sb_puts(b, "Ellipsis"); break;
    case VK_DTYPE: sb_puts(b, "torch."); sb_puts(b, dtype_name(v->u.dtype)); break;
    case VK_CLASS: sb_puts(b, "<class '"); sb_puts(b, v->u.cls->name); sb_puts(b, "'>"); break;
    case VK_FUNCTION: sb_puts(b, "<function "); sb_puts(b, v->u.func->qualname); sb_puts(b, ">"); break;
    case VK_BUILTIN: sb_puts(b, "<built-in function "); sb_puts(b, v->u.builtin->name); sb_puts(b, ">"); break;
    case VK_MODULE: sb_puts(b, "<module '"); sb_puts(b, v->u.module->name); sb_puts(b, "'>"); break;
    case VK_INSTANCE:
        sb_puts(b, "<");
        sb_puts(b, v->u.inst->cls->u.cls->name);
        sb_puts(b, " object>");
        break;
    case VK_TENSOR: {
        const Tensor *t = v->u.tensor;
        sb_puts(b, "tensor(");
        sb_puts(b, dtype_name(t->dtype));
        sb_puts(b, "[");
        for (int i = 0; i < t->rank; i++) {
            if (i)
                sb_puts(b, ", ");
            if (t->dims[i].value >= 0) {
                snprintf(tmp, sizeof tmp, "%" PRId64, t->dims[i].value);
                sb_puts(b, tmp);
            } else {
                sb_puts(b, "?");
            }
        }
        sb_puts(b, "])");
        break;
    }
    case VK_SLICE: sb_puts(b, "slice(...)"); break;
    case VK_ONNX_OP: sb_puts(b, "<onnx operator "); sb_puts(b, v->u.op->name); sb_puts(b, ">"); break;
    default: sb_puts(b, "<object>"); break;
    }
}

const char *val_repr(Interp *in, const Value *v)
{
    StrBuf b = {.in = in};
    sb_value(&b, v, true, 0);
    return b.buf ? b.buf : "";
}

const char *val_to_str(Interp *in, const Value *v)
{
    StrBuf b = {.in = in};
    sb_value(&b, v, false, 0);
    return b.buf ? b.buf : "";
}

const char *val_type_name(Interp *in, const Value *v)
{
    (void)in;
    switch (v->kind) {
    case VK_ERROR: return "<error>";
    case VK_NONE: return "None";
    case VK_BOOL: return "bool";
    case VK_INT: return "int";
    case VK_FLOAT: return "float";
    case VK_STR: return "str";
    case VK_LIST: return v->u.list->cls ? v->u.list->cls->u.cls->name : "list";
    case VK_TUPLE: return v->u.list->cls ? v->u.list->cls->u.cls->name : "tuple";
    case VK_DICT: return v->u.dict->cls ? v->u.dict->cls->u.cls->name : "dict";
    case VK_SET: return "set";
    case VK_FROZENSET: return "frozenset";
    case VK_RANGE: return "range";
    case VK_SLICE: return "slice";
    case VK_ELLIPSIS: return "ellipsis";
    case VK_FUNCTION: return "function";
    case VK_BUILTIN: return "builtin_function";
    case VK_BOUND_METHOD: return "method";
    case VK_CLASS: return "type";
    case VK_INSTANCE: return v->u.inst->cls->u.cls->name;
    case VK_MODULE: return "module";
    case VK_TENSOR: return "Tensor";
    case VK_DTYPE: return "torch.dtype";
    case VK_ONNX_OP: return "onnx operator";
    case VK_SUPER: return "super";
    case VK_PROPERTY: return "property";
    case VK_STATICMETHOD: return "staticmethod";
    case VK_CLASSMETHOD: return "classmethod";
    case VK_RUNTIME_ITER:
        return v->u.iter->kind == RI_RANGE ? "range" : v->u.iter->kind == RI_ZIP ? "zip" : "enumerate";
    case VK_LAZY: return "unavailable";
    case VK_RANKS: return "Tensor";
    case VK_OPTIONAL: {
        const Value *x = v->u.list->items[1];
        return x->kind == VK_TENSOR ? "Optional[Tensor]" : x->kind == VK_INT ? "Optional[int]"
               : x->kind == VK_FLOAT ? "Optional[float]" : "Optional[bool]";
    }
    case VK_KIND_COUNT: break;
    }
    return "object";
}
