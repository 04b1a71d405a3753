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
static Value *try_special(Interp *in, Value *obj, const char *name, Value **args, int n, Span span, bool *found)
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
    Value *it = try_special(in, v, "__iter__", NULL, 0, span, &found);
    if (!found || !it || it->kind == VK_ERROR)
        return false;
    if (it->kind != VK_INSTANCE)
        return interp_iterate_static(in, it, out, span);
    const char *next = intern(&in->c->names, "__next__");
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
    case VK_DICT:
        for (int i = 0; i < v->u.dict->len; i++)
            if (!v->u.dict->entries[i].deleted)
                val_list_push(in, out, v->u.dict->entries[i].key);
        return true;
    case VK_STR:
        for (uint32_t i = 0; i < v->u.s.len; i++)
            val_list_push(in, out, val_str(in, v->u.s.ptr + i, 1));
        return true;
    case VK_INSTANCE: case VK_TENSOR:
        if (iterate_instance(in, v, out, span))
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

/* ---- str formatting ---- */

typedef struct FormatSpec {
    char fill, align, sign, type;
    bool zero, alt, comma;
    int width, precision;
} FormatSpec;

static bool parse_format_spec(const char *s, FormatSpec *fs)
{
    memset(fs, 0, sizeof *fs);
    fs->fill = ' ';
    fs->precision = -1;
    if (s[0] && s[1] && strchr("<>=^", s[1])) {
        fs->fill = s[0];
        fs->align = s[1];
        s += 2;
    } else if (s[0] && strchr("<>=^", s[0])) {
        fs->align = *s++;
    }
    if (*s && strchr("+- ", *s))
        fs->sign = *s++;
    if (*s == '#') {
        fs->alt = true;
        s++;
    }
    if (*s == '0') {
        fs->zero = true;
        s++;
    }
    while (*s >= '0' && *s <= '9' && fs->width < 10000)
        fs->width = fs->width * 10 + (*s++ - '0');
    if (*s == ',' || *s == '_') {
        fs->comma = true;
        s++;
    }
    if (*s == '.') {
        s++;
        fs->precision = 0;
        while (*s >= '0' && *s <= '9' && fs->precision < 1000)
            fs->precision = fs->precision * 10 + (*s++ - '0');
    }
    if (*s)
        fs->type = *s++;
    return *s == '\0';
}

static Value *pad_string(Interp *in, const char *text, const FormatSpec *fs, bool numeric)
{
    size_t len = strlen(text);
    if ((size_t)fs->width <= len)
        return val_cstr(in, text);
    size_t pad = (size_t)fs->width - len;
    char align = fs->align ? fs->align : (numeric ? '>' : '<');
    char fill = fs->zero && !fs->align ? '0' : fs->fill;
    char *buf = arena_alloc_raw(in->arena, (size_t)fs->width + 1);
    size_t left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    if (fill == '0' && numeric && (text[0] == '-' || text[0] == '+')) {
        buf[0] = text[0];
        memset(buf + 1, '0', pad);
        memcpy(buf + 1 + pad, text + 1, len - 1);
    } else {
        memset(buf, fill, left);
        memcpy(buf + left, text, len);
        memset(buf + left + len, fill, pad - left);
    }
    buf[fs->width] = '\0';
    return val_cstr(in, buf);
}

Value *interp_format_value(Interp *in, Value *v, const char *spec, Span span)
{
    FormatSpec fs;
    if (!parse_format_spec(spec, &fs))
        return interp_error(in, span, "invalid format specifier '%s'", spec);
    char buf[512];
    if (is_static_num(v) && (fs.type || fs.precision >= 0 || fs.sign)) {
        char t = fs.type ? fs.type : (v->kind == VK_FLOAT ? 'g' : 'd');
        const char *sign = fs.sign == '+' ? "+" : fs.sign == ' ' ? " " : "";
        if (t == 'd' && v->kind != VK_FLOAT)
            snprintf(buf, sizeof buf, fs.sign == '+' ? "%+" PRId64 : "%" PRId64, int_of(v));
        else if (strchr("eEfFgG%", t)) {
            double x = num_of(v) * (t == '%' ? 100.0 : 1.0);
            char fmt[16];
            snprintf(fmt, sizeof fmt, "%s%%.%d%c", sign, fs.precision >= 0 ? fs.precision : 6, t == '%' ? 'f' : t);
            snprintf(buf, sizeof buf, fmt, x);
            if (t == '%')
                strncat(buf, "%", sizeof buf - strlen(buf) - 1);
        } else if (strchr("xXob", t) && v->kind != VK_FLOAT) {
            int64_t x = int_of(v);
            if (t == 'b') {
                char tmp[70];
                int n = 0;
                uint64_t u = x < 0 ? (uint64_t)-x : (uint64_t)x;
                do {
                    tmp[n++] = (char)('0' + (u & 1));
                    u >>= 1;
                } while (u);
                int k = 0;
                if (x < 0)
                    buf[k++] = '-';
                while (n)
                    buf[k++] = tmp[--n];
                buf[k] = '\0';
            } else {
                snprintf(buf, sizeof buf, t == 'x' ? "%" PRIx64 : t == 'X' ? "%" PRIX64 : "%" PRIo64, x);
            }
        } else {
            return interp_error(in, span, "unsupported format specifier '%s' for %s", spec, val_type_name(in, v));
        }
        return pad_string(in, buf, &fs, true);
    }
    const char *text = val_to_str(in, v);
    if (v->kind == VK_STR && fs.precision >= 0 && strlen(text) > (size_t)fs.precision)
        text = arena_strndup(in->arena, text, (size_t)fs.precision);
    return pad_string(in, text, &fs, is_static_num(v));
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
    switch (v->kind) {
    case VK_LIST: case VK_TUPLE: return val_int(in, v->u.list->len);
    case VK_STR: return val_int(in, v->u.s.len);
    case VK_DICT: return val_int(in, v->u.dict->live);
    case VK_RANGE: return val_int(in, range_len(&v->u.range));
    default: {
        bool found;
        Value *r = try_special(in, v, "__len__", NULL, 0, span, &found);
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

BUILTIN(bi_range)
{
    (void)self;
    if (!interp_args_check(in, a, "range", 1, 3, NULL, span))
        return val_error(in);
    bool runtime = false;
    for (int i = 0; i < a->n_pos; i++) {
        if (a->pos[i]->kind == VK_TENSOR) {
            /* range(t) of a one-element integer tensor: t.__index__() */
            bool found;
            Value *v = try_special(in, a->pos[i], "__index__", NULL, 0, span, &found);
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
    Value *dflt = interp_arg(a, -1, "default");
    if (items.len == 0) {
        if (dflt)
            return dflt;
        return interp_raise(in, in->cls.value_error, span, "%s() arg is an empty sequence", name);
    }
    Value *best = items.items[0];
    for (int i = 1; i < items.len; i++) {
        Value *x = items.items[i];
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
    Value *r = try_special(in, v, "__abs__", NULL, 0, span, &found);
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

static int cmp_for_sort(Interp *in, Value *x, Value *y, Span span, bool *ok)
{
    Value *c = interp_compare_op(in, AST_OP_LT, x, y, span);
    if (!c || c->kind != VK_BOOL || c->dyn) {
        *ok = false;
        return 0;
    }
    if (c->u.b)
        return -1;
    c = interp_compare_op(in, AST_OP_LT, y, x, span);
    if (!c || c->kind != VK_BOOL || c->dyn) {
        *ok = false;
        return 0;
    }
    return c->u.b ? 1 : 0;
}

/* Stable insertion sort: compile-time lists are short. */
static bool sort_values(Interp *in, ValueList *l, Value *key, bool reverse, Span span)
{
    Value **keys = arena_alloc(in->arena, sizeof(Value *) * (size_t)(l->len + 1));
    for (int i = 0; i < l->len; i++) {
        keys[i] = key && key->kind != VK_NONE ? interp_call_simple(in, key, &l->items[i], 1, span) : l->items[i];
        if (!keys[i] || keys[i]->kind == VK_ERROR)
            return false;
    }
    for (int i = 1; i < l->len; i++) {
        Value *k = keys[i], *v = l->items[i];
        int j = i - 1;
        bool ok = true;
        while (j >= 0) {
            int c = cmp_for_sort(in, keys[j], k, span, &ok);
            if (!ok) {
                if (!in->exc)
                    interp_error(in, span, "cannot sort these values at compile time");
                return false;
            }
            if (reverse ? c >= 0 : c <= 0)
                break;
            keys[j + 1] = keys[j];
            l->items[j + 1] = l->items[j];
            j--;
        }
        keys[j + 1] = k;
        l->items[j + 1] = v;
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
    if (!sort_values(in, r->u.list, key, reverse, span))
        return in->exc ? NULL : val_error(in);
    return r;
}

BUILTIN(bi_reversed)
{
    (void)self;
    if (!interp_args_check(in, a, "reversed", 1, 1, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *r = val_list(in, items.len);
    for (int i = items.len - 1; i >= 0; i--)
        val_list_push(in, r->u.list, items.items[i]);
    return r;
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
        Value *r = try_special(in, v, "__round__", args, nd ? 1 : 0, span, &found);
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

BUILTIN(bi_pow)
{
    (void)self;
    if (!interp_args_check(in, a, "pow", 2, 2, NULL, span))
        return val_error(in);
    return interp_binop(in, AST_OP_POW, a->pos[0], a->pos[1], span);
}

BUILTIN(bi_isinstance)
{
    (void)self;
    if (!interp_args_check(in, a, "isinstance", 2, 2, NULL, span))
        return val_error(in);
    Value *v = a->pos[0], *c = a->pos[1];
    if (c->kind == VK_CLASS)
        return val_bool(in, interp_isinstance(in, v, c));
    if (c->kind == VK_TUPLE) {
        for (int i = 0; i < c->u.list->len; i++) {
            Value *x = c->u.list->items[i];
            if (x->kind == VK_CLASS && interp_isinstance(in, v, x))
                return val_bool(in, true);
        }
        return val_bool(in, false);
    }
    return interp_error(in, span, "isinstance() arg 2 must be a type or tuple of types");
}

BUILTIN(bi_issubclass)
{
    (void)self;
    if (!interp_args_check(in, a, "issubclass", 2, 2, NULL, span))
        return val_error(in);
    Value *v = a->pos[0], *c = a->pos[1];
    if (v->kind != VK_CLASS)
        return interp_error(in, span, "issubclass() arg 1 must be a class");
    if (c->kind == VK_CLASS)
        return val_bool(in, interp_is_subclass(v, c));
    if (c->kind == VK_TUPLE) {
        for (int i = 0; i < c->u.list->len; i++)
            if (interp_is_subclass(v, c->u.list->items[i]))
                return val_bool(in, true);
        return val_bool(in, false);
    }
    return interp_error(in, span, "issubclass() arg 2 must be a class or tuple of classes");
}

static const char *attr_name_arg(Interp *in, Value *v, Span span)
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
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    bool c = v->kind == VK_FUNCTION || v->kind == VK_BUILTIN || v->kind == VK_BOUND_METHOD ||
             v->kind == VK_CLASS || v->kind == VK_ONNX_OP ||
             (v->kind == VK_INSTANCE && interp_class_lookup(v->u.inst->cls, in->id.call));
    return val_bool(in, c);
}

BUILTIN(bi_repr)
{
    (void)self;
    if (!interp_args_check(in, a, "repr", 1, 1, NULL, span))
        return val_error(in);
    return val_cstr(in, val_repr(in, a->pos[0]));
}

BUILTIN(bi_id)
{
    (void)self;
    if (!interp_args_check(in, a, "id", 1, 1, NULL, span))
        return val_error(in);
    return val_int(in, (int64_t)val_hash(a->pos[0]));
}

BUILTIN(bi_hash)
{
    (void)self;
    if (!interp_args_check(in, a, "hash", 1, 1, NULL, span))
        return val_error(in);
    if (!val_hashable(a->pos[0]))
        return interp_error(in, span, "unhashable type: '%s'", val_type_name(in, a->pos[0]));
    return val_int(in, (int64_t)val_hash(a->pos[0]));
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

BUILTIN(bi_iter)
{
    (void)self;
    if (!interp_args_check(in, a, "iter", 1, 1, NULL, span))
        return val_error(in);
    Value *r = val_list(in, 0);
    if (!interp_iterate_static(in, a->pos[0], r->u.list, span))
        return in->exc ? NULL : val_error(in);
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

static Value *wrap_descriptor(Interp *in, CallArgs *a, Span span, ValueKind kind, const char *name)
{
    if (!interp_args_check(in, a, name, 1, 1, NULL, span))
        return val_error(in);
    Value *v = val_none(in);
    v->kind = kind;
    v->u.wrapped = a->pos[0];
    return v;
}

BUILTIN(bi_property) { (void)self; return wrap_descriptor(in, a, span, VK_PROPERTY, "property"); }
BUILTIN(bi_staticmethod) { (void)self; return wrap_descriptor(in, a, span, VK_STATICMETHOD, "staticmethod"); }
BUILTIN(bi_classmethod) { (void)self; return wrap_descriptor(in, a, span, VK_CLASSMETHOD, "classmethod"); }

/* object.__setattr__(obj, name, value): the plain store that bypasses a
 * class's own __setattr__ (nn.Module's is written on top of it). */
BUILTIN(bi_object_setattr)
{
    (void)self;
    if (!interp_args_check(in, a, "__setattr__", 3, 3, NULL, span))
        return val_error(in);
    Value *obj = a->pos[0];
    const char *name = attr_name_arg(in, a->pos[1], span);
    if (!name)
        return val_error(in);
    if (obj->kind != VK_INSTANCE)
        return interp_error(in, span, "object.__setattr__ needs an instance");
    flow_write_scope(in, obj->u.inst->attrs);
    val_scope_set(in->arena, obj->u.inst->attrs, name, a->pos[2]);
    return val_none(in);
}

/* object.__delattr__(obj, name): the plain deletion under a class's own
 * __delattr__. */
BUILTIN(bi_object_delattr)
{
    (void)self;
    if (!interp_args_check(in, a, "__delattr__", 2, 2, NULL, span))
        return val_error(in);
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    const char *name = attr_name_arg(in, a->pos[1], span);
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
    Value *r = try_special(in, v, "__int__", NULL, 0, span, &found);
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
    Value *r = try_special(in, v, "__float__", NULL, 0, span, &found);
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
        bool found;
        Value *r = try_special(in, a->pos[0], "__str__", NULL, 0, span, &found);
        if (found || in->exc)
            return r;
        return val_cstr(in, val_to_str(in, a->pos[0]));
    }
    case NATIVE_CLASS_LIST: return construct_sequence(in, a, span, false);
    case NATIVE_CLASS_TUPLE: return construct_sequence(in, a, span, true);
    case NATIVE_CLASS_DICT: return construct_dict(in, a, span);
    case NATIVE_CLASS_RANGE: {
        CallArgs b = *a;
        return bi_range(in, &b, span, NULL);
    }
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
        if (a->n_pos == 1)
            return interp_class_of(in, a->pos[0]);
        return interp_error(in, span, "type() with 3 arguments is not supported");
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
    k->exception = exception_class(in, into, "Exception", k->base_exception);
    k->type_error = exception_class(in, into, "TypeError", k->exception);
    k->value_error = exception_class(in, into, "ValueError", k->exception);
    k->runtime_error = exception_class(in, into, "RuntimeError", k->exception);
    exception_class(in, into, "OSError", k->exception);
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
}


static const struct {
    const char *name;
    BuiltinFn fn;
} builtin_functions[] = {
    {"print", bi_print}, {"len", bi_len}, {"enumerate", bi_enumerate}, {"zip", bi_zip},
    {"max", bi_max}, {"min", bi_min}, {"abs", bi_abs}, {"sum", bi_sum}, {"any", bi_any},
    {"all", bi_all}, {"sorted", bi_sorted}, {"reversed", bi_reversed}, {"round", bi_round},
    {"divmod", bi_divmod}, {"pow", bi_pow}, {"isinstance", bi_isinstance},
    {"issubclass", bi_issubclass}, {"getattr", bi_getattr}, {"hasattr", bi_hasattr},
    {"setattr", bi_setattr}, {"delattr", bi_delattr}, {"callable", bi_callable},
    {"repr", bi_repr}, {"id", bi_id}, {"hash", bi_hash}, {"chr", bi_chr}, {"ord", bi_ord},
    {"map", bi_map}, {"filter", bi_filter}, {"iter", bi_iter}, {"super", bi_super},
    {"property", bi_property}, {"staticmethod", bi_staticmethod}, {"classmethod", bi_classmethod},
};

void interp_install_builtins(Interp *in, Scope *into)
{
    InterpClasses *k = &in->cls;
    k->object = builtin_class(in, into, "object", NATIVE_CLASS_OBJECT, NULL);
    add_method(in, k->object, "__setattr__", bi_object_setattr);
    add_method(in, k->object, "__delattr__", bi_object_delattr);
    add_method(in, k->object, "__getattribute__", bi_object_getattribute);
    add_method(in, k->object, "__init__", bi_object_init);
    k->type = builtin_class(in, into, "type", NATIVE_CLASS_TYPE, k->object);
    Value *int_cls = builtin_class(in, into, "int", NATIVE_CLASS_INT, k->object);
    builtin_class(in, into, "bool", NATIVE_CLASS_BOOL, int_cls);
    builtin_class(in, into, "float", NATIVE_CLASS_FLOAT, k->object);
    builtin_class(in, into, "str", NATIVE_CLASS_STR, k->object);
    builtin_class(in, into, "list", NATIVE_CLASS_LIST, k->object);
    builtin_class(in, into, "tuple", NATIVE_CLASS_TUPLE, k->object);
    builtin_class(in, into, "dict", NATIVE_CLASS_DICT, k->object);
    builtin_class(in, into, "range", NATIVE_CLASS_RANGE, k->object);
    builtin_class(in, into, "NoneType", NATIVE_CLASS_NONETYPE, k->object);
    Value *slice_cls = builtin_class(in, into, "slice", NATIVE_CLASS_SLICE, k->object);
    add_property(in, slice_cls, "start", bi_slice_start);
    add_property(in, slice_cls, "stop", bi_slice_stop);
    add_property(in, slice_cls, "step", bi_slice_step);
    builtin_class(in, into, "function", NATIVE_CLASS_FUNCTION, k->object);
    install_exceptions(in, into);
    for (size_t i = 0; i < sizeof builtin_functions / sizeof builtin_functions[0]; i++)
        val_scope_set(in->arena, into, intern(&in->c->names, builtin_functions[i].name),
                  interp_make_builtin(in, builtin_functions[i].name, builtin_functions[i].fn, NULL));
    Value *ni = val_none(in);
    ni->kind = VK_INSTANCE;
    ni->u.inst = arena_alloc(in->arena, sizeof(Instance));
    ni->u.inst->cls = k->object;
    ni->u.inst->attrs = flow_scope_new(in);
    val_scope_set(in->arena, into, intern(&in->c->names, "NotImplemented"), ni);
    Value *ell = val_none(in);
    ell->kind = VK_ELLIPSIS;
    val_scope_set(in->arena, into, intern(&in->c->names, "Ellipsis"), ell);
    val_scope_set(in->arena, into, intern(&in->c->names, "__debug__"), val_bool(in, true));
    interp_install_builtin_methods(in);
}
