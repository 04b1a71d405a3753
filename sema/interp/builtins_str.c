/* Strings: repr() and str() through the special methods of instances,
 * format specs (format(), f-strings, str.format), '%' formatting, and the
 * methods of str.  Strings are bytes: the methods treat them as ASCII. */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/interp/interp.h"

#define METHOD(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

/* ---- a growing buffer in the arena ---- */

typedef struct Sb {
    Interp *in;
    char *buf;
    size_t len, cap;
} Sb;

static void sb_put(Sb *b, const char *s, size_t n)
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

static void sb_puts(Sb *b, const char *s)
{
    sb_put(b, s, strlen(s));
}

static Value *sb_value(Sb *b)
{
    return val_str(b->in, b->buf ? b->buf : "", b->len);
}

/* ---- repr() and str() ---- */

/* The __repr__ or __str__ (NAME) an instance's class defines, a class's
 * metaclass, or a subclass of a builtin container; NULL when there is
 * none. */
static Value *own_text_method(Interp *in, Value *v, const char *name)
{
    (void)in;
    Value *cls = v->kind == VK_INSTANCE ? v->u.inst->cls : v->kind == VK_CLASS ? v->u.cls->meta
                                                         : interp_container_class(v);
    if (!cls)
        return NULL;
    Value *m = interp_class_lookup(cls, name);
    return m && (m->kind == VK_FUNCTION || m->kind == VK_BUILTIN) ? m : NULL;
}

static bool text_into(Interp *in, Sb *b, Value *v, bool repr, int depth, Span span);

static const char *call_text_method(Interp *in, Value *m, Value *v, const char *name, Span span)
{
    Value *r = interp_call_simple(in, m, &v, 1, span);
    if (!r || r->kind == VK_ERROR)
        return NULL;
    if (r->kind != VK_STR) {
        interp_raise(in, in->cls.type_error, span, "%s returned non-string (type %s)", name, val_type_name(in, r));
        return NULL;
    }
    return r->u.s.ptr;
}

static bool items_into(Interp *in, Sb *b, Value *v, int depth, Span span)
{
    bool tuple = v->kind == VK_TUPLE;
    sb_puts(b, tuple ? "(" : "[");
    for (int i = 0; i < v->u.list->len; i++) {
        if (i)
            sb_puts(b, ", ");
        if (!text_into(in, b, v->u.list->items[i], true, depth + 1, span))
            return false;
    }
    if (tuple && v->u.list->len == 1)
        sb_puts(b, ",");
    sb_puts(b, tuple ? ")" : "]");
    return true;
}

static bool entries_into(Interp *in, Sb *b, Value *v, int depth, Span span)
{
    bool set = val_is_set(v);
    if (set && v->u.dict->live == 0) {
        sb_puts(b, v->kind == VK_FROZENSET ? "frozenset()" : "set()");
        return true;
    }
    sb_puts(b, v->kind == VK_FROZENSET ? "frozenset({" : "{");
    bool first = true;
    for (int i = 0; i < v->u.dict->len; i++) {
        const DictEntry *e = &v->u.dict->entries[i];
        if (e->deleted)
            continue;
        if (!first)
            sb_puts(b, ", ");
        first = false;
        if (!text_into(in, b, e->key, true, depth + 1, span))
            return false;
        if (set)
            continue;
        sb_puts(b, ": ");
        if (!text_into(in, b, e->value, true, depth + 1, span))
            return false;
    }
    sb_puts(b, v->kind == VK_FROZENSET ? "})" : "}");
    return true;
}

static bool text_into(Interp *in, Sb *b, Value *v, bool repr, int depth, Span span)
{
    /* a step per value written: a list sharing its sublists can stand for
     * exponentially many */
    if (!interp_within_limits(in, span))
        return false;
    if (depth > 20) {
        sb_puts(b, "...");
        return true;
    }
    const char *name = repr ? "__repr__" : "__str__";
    Value *m = own_text_method(in, v, intern(&in->c->names, name));
    if (!m && !repr)
        m = own_text_method(in, v, in->id.repr);
    if (m) {
        const char *s = call_text_method(in, m, v, name, span);
        if (!s)
            return false;
        sb_puts(b, s);
        return true;
    }
    if ((v->kind == VK_LIST || v->kind == VK_TUPLE) && !v->u.list->dyn)
        return items_into(in, b, v, depth, span);
    if (v->kind == VK_DICT || val_is_set(v))
        return entries_into(in, b, v, depth, span);
    sb_puts(b, repr ? val_repr(in, v) : val_to_str(in, v));
    return true;
}

const char *interp_repr(Interp *in, Value *v, Span span)
{
    Sb b = {.in = in};
    if (!text_into(in, &b, v, true, 0, span))
        return NULL;
    return b.buf ? b.buf : "";
}

const char *interp_str(Interp *in, Value *v, Span span)
{
    if (v->kind == VK_STR)
        return v->u.s.ptr;
    Sb b = {.in = in};
    if (!text_into(in, &b, v, false, 0, span))
        return NULL;
    return b.buf ? b.buf : "";
}

/* ---- format specs ---- */

/* [[fill]align][sign][#][0][width][,|_][.precision][type] */
typedef struct FormatSpec {
    char fill, align, sign, type, group;
    bool zero, alt;
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
    if (*s == 'z')
        s++;
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
    if (*s == ',' || *s == '_')
        fs->group = *s++;
    if (*s == '.') {
        s++;
        if (!(*s >= '0' && *s <= '9'))
            return false;
        fs->precision = 0;
        while (*s >= '0' && *s <= '9' && fs->precision < 1000)
            fs->precision = fs->precision * 10 + (*s++ - '0');
    }
    if (*s)
        fs->type = *s++;
    return *s == '\0';
}

/* TEXT padded to the spec's width; a number is split as SIGN and DIGITS
 * so that '=' (and the 0 flag) pads between them. */
static Value *pad(Interp *in, const char *sign, const char *digits, const FormatSpec *fs, bool numeric)
{
    size_t ls = strlen(sign), ld = strlen(digits), len = ls + ld;
    Sb b = {.in = in};
    if ((size_t)fs->width <= len) {
        sb_puts(&b, sign);
        sb_puts(&b, digits);
        return sb_value(&b);
    }
    size_t n = (size_t)fs->width - len;
    char align = fs->align ? fs->align : fs->zero && numeric ? '=' : numeric ? '>' : '<';
    char fill = fs->zero && !fs->align ? '0' : fs->fill;
    size_t left = align == '>' || align == '=' ? n : align == '^' ? n / 2 : 0;
    char fill_s[2] = {fill, 0};
    if (align == '=')
        sb_puts(&b, sign);
    for (size_t i = 0; i < left; i++)
        sb_puts(&b, fill_s);
    if (align != '=')
        sb_puts(&b, sign);
    sb_puts(&b, digits);
    for (size_t i = left; i < n; i++)
        sb_puts(&b, fill_s);
    return sb_value(&b);
}

/* Inserts SEP every EVERY digits into the leading run of digits of S. */
static const char *group_digits(Interp *in, const char *s, char sep, int every)
{
    size_t run = 0;
    while (isalnum((unsigned char)s[run]) && s[run] != 'e' && s[run] != 'E')
        run++;
    Sb b = {.in = in};
    for (size_t i = 0; i < run; i++) {
        if (i && (run - i) % (size_t)every == 0)
            sb_put(&b, &sep, 1);
        sb_put(&b, s + i, 1);
    }
    sb_puts(&b, s + run);
    return b.buf ? b.buf : "";
}

static void int_digits(char *buf, size_t size, uint64_t u, char type)
{
    if (type == 'b') {
        char tmp[70];
        int n = 0;
        do {
            tmp[n++] = (char)('0' + (u & 1));
            u >>= 1;
        } while (u);
        int k = 0;
        while (n)
            buf[k++] = tmp[--n];
        buf[k] = '\0';
        return;
    }
    snprintf(buf, size, type == 'x' ? "%" PRIx64 : type == 'X' ? "%" PRIX64 : type == 'o' ? "%" PRIo64 : "%" PRIu64, u);
}

static Value *unknown_code(Interp *in, char type, const char *what, Span span)
{
    return interp_raise(in, in->cls.value_error, span, "Unknown format code '%c' for object of type '%s'", type, what);
}

static Value *format_int(Interp *in, int64_t x, const FormatSpec *fs, Span span)
{
    char t = fs->type ? fs->type : 'd';
    if (strchr("eEfFgG%", t))
        return NULL;    /* as a float */
    if (!strchr("dnxXobc", t))
        return unknown_code(in, t, "int", span);
    if (fs->precision >= 0)
        return interp_raise(in, in->cls.value_error, span, "Precision not allowed in integer format specifier");
    if (t == 'c') {
        if (x < 0 || x > 0x10ffff)
            return interp_raise(in, in->cls.overflow_error, span, "%%c arg not in range(0x110000)");
        if (x > 127)
            return interp_error(in, span, "'c' formatting of non-ASCII code points is not supported");
        char s[2] = {(char)x, 0};
        return pad(in, "", s, fs, false);
    }
    char digits[80];
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    int_digits(digits, sizeof digits, u, t == 'n' ? 'd' : t);
    const char *body = digits;
    if (fs->group)
        body = group_digits(in, digits, fs->group, strchr("xXob", t) ? 4 : 3);
    const char *prefix = fs->alt ? (t == 'x' ? "0x" : t == 'X' ? "0X" : t == 'o' ? "0o" : t == 'b' ? "0b" : "") : "";
    const char *sign = x < 0 ? "-" : fs->sign == '+' ? "+" : fs->sign == ' ' ? " " : "";
    return pad(in, arena_sprintf(in->arena, "%s%s", sign, prefix), body, fs, true);
}

static Value *format_float(Interp *in, double x, const FormatSpec *fs, Span span)
{
    char t = fs->type;
    if (t && !strchr("eEfFgGn%", t))
        return unknown_code(in, t, "float", span);
    char buf[512];
    double ax = fabs(x);
    if (!t && fs->precision < 0) {
        /* repr, e.g. 0.1 and 1e+16 */
        snprintf(buf, sizeof buf, "%s", val_to_str(in, val_float(in, ax)));
    } else if (isnan(x) || isinf(x)) {
        snprintf(buf, sizeof buf, "%s", isnan(x) ? (t && isupper((unsigned char)t) ? "NAN" : "nan")
                                                 : (t && isupper((unsigned char)t) ? "INF" : "inf"));
        if (t == '%')
            strcat(buf, "%");
    } else {
        int prec = fs->precision >= 0 ? fs->precision : 6;
        char c = !t || t == 'n' ? 'g' : t == '%' ? 'f' : t;
        if (!t && prec == 0)
            prec = 1;
        char fmt[16];
        snprintf(fmt, sizeof fmt, fs->alt ? "%%#.%d%c" : "%%.%d%c", prec, c);
        snprintf(buf, sizeof buf - 2, fmt, t == '%' ? ax * 100.0 : ax);
        /* no type: 'g' that keeps a digit after the point */
        if (!t && !strpbrk(buf, ".e"))
            strcat(buf, ".0");
        if (t == '%')
            strcat(buf, "%");
    }
    const char *body = fs->group ? group_digits(in, buf, fs->group, 3) : buf;
    const char *sign = signbit(x) && !isnan(x) ? "-" : fs->sign == '+' ? "+" : fs->sign == ' ' ? " " : "";
    return pad(in, sign, body, fs, true);
}

/* format(v, spec): through __format__ for instances. */
Value *interp_format_value(Interp *in, Value *v, const char *spec, Span span)
{
    if (v->kind == VK_INSTANCE || interp_container_class(v)) {
        Value *m = own_text_method(in, v, in->id.format);
        if (m) {
            Value *args[2] = {v, val_cstr(in, spec)};
            Value *r = interp_call_simple(in, m, args, 2, span);
            if (r && r->kind != VK_STR && r->kind != VK_ERROR)
                return interp_raise(in, in->cls.type_error, span, "__format__ must return a str, not %s",
                                    val_type_name(in, r));
            return r;
        }
        if (*spec)
            return interp_raise(in, in->cls.type_error, span, "unsupported format string passed to %s.__format__",
                                val_type_name(in, v));
        const char *s = interp_str(in, v, span);
        return s ? val_cstr(in, s) : NULL;
    }
    FormatSpec fs;
    if (!parse_format_spec(spec, &fs))
        return interp_raise(in, in->cls.value_error, span, "Invalid format specifier");
    bool is_int = (v->kind == VK_INT || v->kind == VK_BOOL) && !v->dyn;
    if (v->kind == VK_BOOL && !v->dyn && !*spec)
        return val_cstr(in, v->u.b ? "True" : "False");
    if (is_int) {
        Value *r = format_int(in, v->kind == VK_INT ? v->u.i : v->u.b, &fs, span);
        if (r || in->exc)
            return r;
    }
    if ((is_int || v->kind == VK_FLOAT) && !v->dyn)
        return format_float(in, v->kind == VK_FLOAT ? v->u.f : (double)(v->kind == VK_INT ? v->u.i : v->u.b), &fs,
                            span);
    if (v->kind == VK_STR) {
        if (fs.type && fs.type != 's')
            return unknown_code(in, fs.type, "str", span);
        const char *text = v->u.s.ptr;
        if (fs.precision >= 0 && v->u.s.len > (uint32_t)fs.precision)
            text = arena_strndup(in->arena, text, (size_t)fs.precision);
        return pad(in, "", text, &fs, false);
    }
    if (*spec && v->kind != VK_TENSOR)
        return interp_raise(in, in->cls.type_error, span, "unsupported format string passed to %s.__format__",
                            val_type_name(in, v));
    const char *text = interp_str(in, v, span);
    return text ? pad(in, "", text, &fs, false) : NULL;
}

/* ---- '%' formatting ---- */

/* One conversion %[(name)][flags][width][.precision]type, mapped onto a
 * format spec. */
static Value *percent_one(Interp *in, const char **p, Value *arg, Span span)
{
    char spec[64];
    size_t n = 0;
    const char *s = *p;
    char align = 0, sign = 0;
    bool zero = false, alt = false;
    for (; *s && strchr("-+ 0#", *s); s++) {
        if (*s == '-')
            align = '<';
        else if (*s == '+' || (*s == ' ' && sign != '+'))
            sign = *s;
        else if (*s == '0')
            zero = true;
        else
            alt = true;
    }
    if (align)
        spec[n++] = align;
    if (sign)
        spec[n++] = sign;
    if (alt)
        spec[n++] = '#';
    if (zero && !align)
        spec[n++] = '0';
    while (*s >= '0' && *s <= '9' && n < 40)
        spec[n++] = *s++;
    if (*s == '.') {
        spec[n++] = *s++;
        while (*s >= '0' && *s <= '9' && n < 50)
            spec[n++] = *s++;
    }
    char type = *s ? *s++ : '\0';
    *p = s;
    if (type == 's' || type == 'r' || type == 'a') {
        if (!align) {
            /* printf right-aligns strings too */
            memmove(spec + 1, spec, n);
            spec[0] = '>';
            n++;
        }
        spec[n] = '\0';
        const char *text = type == 's' ? interp_str(in, arg, span) : interp_repr(in, arg, span);
        return text ? interp_format_value(in, val_cstr(in, text), spec, span) : NULL;
    }
    if (!type || !strchr("diouxXeEfFgGc", type))
        return interp_raise(in, in->cls.value_error, span, "unsupported format character '%c' (0x%x)",
                            type ? type : '?', (unsigned)(unsigned char)type);
    if (type == 'c' && arg->kind == VK_STR && arg->u.s.len == 1) {
        spec[n] = '\0';
        return interp_format_value(in, arg, spec, span);
    }
    bool number = (arg->kind == VK_INT || arg->kind == VK_FLOAT || arg->kind == VK_BOOL) && !arg->dyn;
    if (!number && type == 'c')
        return interp_raise(in, in->cls.type_error, span, "%%c requires int or char");
    if (!number)
        return interp_raise(in, in->cls.type_error, span, "%%%c format: a real number is required, not %s", type,
                            val_type_name(in, arg));
    spec[n++] = type == 'i' || type == 'u' ? 'd' : type;
    spec[n] = '\0';
    if (strchr("dxXoc", spec[n - 1]) && arg->kind == VK_FLOAT)
        arg = val_int(in, (int64_t)arg->u.f);
    return interp_format_value(in, arg, spec, span);
}

/* FMT % ARGS: a tuple of values, one value, or a mapping for %(name)s. */
Value *interp_percent_format(Interp *in, const char *fmt, Value *args, Span span)
{
    bool is_tuple = args->kind == VK_TUPLE;
    int n_args = is_tuple ? args->u.list->len : 1;
    int next = 0;
    bool used_mapping = false;
    Sb b = {.in = in};
    for (const char *p = fmt; *p;) {
        const char *pct = strchr(p, '%');
        size_t lit = pct ? (size_t)(pct - p) : strlen(p);
        if (lit) {
            sb_put(&b, p, lit);
            p += lit;
            continue;
        }
        p++;
        if (*p == '%') {
            sb_puts(&b, "%");
            p++;
            continue;
        }
        Value *arg;
        if (*p == '(') {
            const char *close = strchr(p, ')');
            if (!close)
                return interp_raise(in, in->cls.value_error, span, "incomplete format key");
            if (args->kind != VK_DICT)
                return interp_raise(in, in->cls.type_error, span, "format requires a mapping");
            Value *key = val_str(in, p + 1, (size_t)(close - p - 1));
            arg = interp_subscript(in, args, key, span);
            if (!arg || arg->kind == VK_ERROR)
                return arg;
            p = close + 1;
            used_mapping = true;
        } else {
            if (next >= n_args)
                return interp_raise(in, in->cls.type_error, span, "not enough arguments for format string");
            arg = is_tuple ? args->u.list->items[next] : args;
            next++;
        }
        Value *v = percent_one(in, &p, arg, span);
        if (!v || v->kind == VK_ERROR)
            return v;
        sb_put(&b, v->u.s.ptr, v->u.s.len);
    }
    if (!used_mapping && next < n_args && !(args->kind == VK_DICT && next == 0))
        return interp_raise(in, in->cls.type_error, span, "not all arguments converted during string formatting");
    return sb_value(&b);
}

/* ---- str.format ---- */

/* The value a replacement field names: arg_name ("." attr | "[" key "]")*. */
static Value *format_field_value(Interp *in, CallArgs *a, Value *mapping, const char *field, int *auto_index,
                                 Span span)
{
    size_t n = strcspn(field, ".[");
    char *name = arena_strndup(in->arena, field, n);
    Value *v;
    if (!*name || isdigit((unsigned char)*name)) {
        int idx;
        if (!*name) {
            if (*auto_index < 0)
                return interp_raise(in, in->cls.value_error, span,
                                    "cannot switch from manual field specification to automatic field numbering");
            idx = (*auto_index)++;
        } else {
            if (*auto_index > 0)
                return interp_raise(in, in->cls.value_error, span,
                                    "cannot switch from automatic field numbering to manual field specification");
            *auto_index = -1;
            idx = atoi(name);
        }
        if (idx + 1 >= a->n_pos)
            return interp_raise(in, in->cls.index_error, span, "Replacement index %d out of range for positional "
                                "args tuple", idx);
        v = a->pos[idx + 1];
    } else if (mapping) {
        v = interp_subscript(in, mapping, val_cstr(in, name), span);
        if (!v || v->kind == VK_ERROR)
            return v;
    } else {
        v = interp_arg(a, -1, name);
        if (!v)
            return interp_raise(in, in->cls.key_error, span, "'%s'", name);
    }
    for (const char *p = field + n; *p && v && v->kind != VK_ERROR;) {
        if (*p == '.') {
            size_t k = strcspn(p + 1, ".[");
            v = interp_getattr(in, v, intern_n(&in->c->names, p + 1, k), span);
            p += 1 + k;
        } else {
            const char *close = strchr(p, ']');
            if (!close)
                return interp_raise(in, in->cls.value_error, span, "Missing ']' in format string");
            const char *k = p + 1;
            size_t kl = (size_t)(close - k);
            bool digits = kl > 0;
            for (size_t i = 0; i < kl; i++)
                digits &= isdigit((unsigned char)k[i]) != 0;
            Value *key = digits ? val_int(in, atoll(arena_strndup(in->arena, k, kl))) : val_str(in, k, kl);
            v = interp_subscript(in, v, key, span);
            p = close + 1;
        }
    }
    return v;
}

static Value *str_format_impl(Interp *in, CallArgs *a, Value *mapping, const char *s, int *auto_index, Span span,
                              int depth);

/* One replacement field {field!conv:spec} starting after its '{'; *END is
 * set after its '}'. */
static Value *format_field(Interp *in, CallArgs *a, Value *mapping, const char *s, const char **end,
                           int *auto_index, Span span, int depth)
{
    int level = 1;
    const char *p = s;
    for (; *p && level; p++)
        level += *p == '{' ? 1 : *p == '}' ? -1 : 0;
    if (level)
        return interp_raise(in, in->cls.value_error, span, "expected '}' before end of string");
    *end = p;
    char *field = arena_strndup(in->arena, s, (size_t)(p - 1 - s));
    char *colon = NULL;
    for (char *q = field; *q; q++) {
        if (*q == '[') {
            q = strchr(q, ']');
            if (!q)
                break;
        } else if (*q == ':') {
            colon = q;
            break;
        }
    }
    const char *spec = "";
    if (colon) {
        *colon = '\0';
        Value *sv = str_format_impl(in, a, mapping, colon + 1, auto_index, span, depth + 1);
        if (!sv || sv->kind == VK_ERROR)
            return sv;
        spec = sv->u.s.ptr;
    }
    char *bang = strchr(field, '!');
    char conv = 0;
    if (bang) {
        conv = bang[1];
        *bang = '\0';
        if (!conv || !strchr("rsa", conv) || bang[2])
            return interp_raise(in, in->cls.value_error, span, "Unknown conversion specifier %s", bang + 1);
    }
    Value *v = format_field_value(in, a, mapping, field, auto_index, span);
    if (!v || v->kind == VK_ERROR)
        return v;
    if (conv) {
        const char *t = conv == 's' ? interp_str(in, v, span) : interp_repr(in, v, span);
        if (!t)
            return NULL;
        v = val_cstr(in, t);
    }
    return interp_format_value(in, v, spec, span);
}

static Value *str_format_impl(Interp *in, CallArgs *a, Value *mapping, const char *s, int *auto_index, Span span,
                              int depth)
{
    if (depth > 2)
        return interp_raise(in, in->cls.value_error, span, "Max string recursion exceeded");
    Sb b = {.in = in};
    for (const char *p = s; *p;) {
        if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
            sb_put(&b, p, 1);
            p += 2;
        } else if (*p == '}') {
            return interp_raise(in, in->cls.value_error, span, "Single '}' encountered in format string");
        } else if (*p == '{') {
            const char *end = p + 1;
            Value *f = format_field(in, a, mapping, p + 1, &end, auto_index, span, depth);
            if (!f || f->kind == VK_ERROR)
                return f;
            sb_put(&b, f->u.s.ptr, f->u.s.len);
            p = end;
        } else {
            sb_put(&b, p++, 1);
        }
    }
    return sb_value(&b);
}

/* ---- methods ---- */

static bool self_str(Interp *in, CallArgs *a, const char *method, Span span)
{
    if (a->n_pos >= 1)
        a->pos[0] = interp_builtin_self(in, a->pos[0]);
    if (a->n_pos < 1 || a->pos[0]->kind != VK_STR) {
        interp_error(in, span, "%s() needs a receiver", method);
        return false;
    }
    return true;
}

/* The receiver and string arguments (None allowed) from position 1 to MAX. */
static bool str_args(Interp *in, CallArgs *a, const char *name, int max, Span span)
{
    if (!self_str(in, a, name, span))
        return false;
    if (a->n_pos > max) {
        interp_raise(in, in->cls.type_error, span, "%s() takes at most %d arguments (%d given)", name, max - 1,
                     a->n_pos - 1);
        return false;
    }
    return true;
}

static bool str_arg(Interp *in, Value *v, const char *name, Span span)
{
    if (v->kind == VK_STR)
        return true;
    interp_raise(in, in->cls.type_error, span, "%s() argument must be str, not %s", name, val_type_name(in, v));
    return false;
}

/* Optional start and end (slice indices) at positions I and I+1. */
static bool str_range(Interp *in, CallArgs *a, int i, size_t len, size_t *lo, size_t *hi, Span span)
{
    int64_t bounds[2] = {0, (int64_t)len};
    for (int k = 0; k < 2; k++) {
        Value *v = interp_arg(a, i + k, k ? "end" : "start");
        if (!v || v->kind == VK_NONE)
            continue;
        if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn) {
            interp_raise(in, in->cls.type_error, span, "slice indices must be integers or None");
            return false;
        }
        int64_t x = v->kind == VK_INT ? v->u.i : v->u.b;
        if (x < 0)
            x += (int64_t)len;
        bounds[k] = x < 0 ? 0 : x > (int64_t)len ? (int64_t)len : x;
    }
    *lo = (size_t)bounds[0];
    *hi = (size_t)bounds[1];
    return true;
}

METHOD(str_join)
{
    (void)self;
    if (!self_str(in, a, "join", span) || !interp_args_check(in, a, "join", 2, 2, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[1], &items, span))
        return in->exc ? NULL : val_error(in);
    Sb b = {.in = in};
    for (int i = 0; i < items.len; i++) {
        if (items.items[i]->kind != VK_STR)
            return interp_raise(in, in->cls.type_error, span, "sequence item %d: expected str instance, %s found", i,
                                val_type_name(in, items.items[i]));
        if (i)
            sb_put(&b, a->pos[0]->u.s.ptr, a->pos[0]->u.s.len);
        sb_put(&b, items.items[i]->u.s.ptr, items.items[i]->u.s.len);
    }
    return sb_value(&b);
}

METHOD(str_format)
{
    (void)self;
    if (!self_str(in, a, "format", span))
        return val_error(in);
    int auto_index = 0;
    return str_format_impl(in, a, NULL, a->pos[0]->u.s.ptr, &auto_index, span, 0);
}

METHOD(str_format_map)
{
    (void)self;
    if (!self_str(in, a, "format_map", span) || !interp_args_check(in, a, "format_map", 2, 2, NULL, span))
        return val_error(in);
    int auto_index = 0;
    CallArgs only_self = {.pos = a->pos, .n_pos = 1};
    return str_format_impl(in, &only_self, a->pos[1], a->pos[0]->u.s.ptr, &auto_index, span, 0);
}

/* startswith/endswith(prefix or tuple of prefixes, start, end) */
static Value *str_affix(Interp *in, CallArgs *a, Span span, bool end)
{
    const char *name = end ? "endswith" : "startswith";
    if (!str_args(in, a, name, 4, span) || !interp_args_check(in, a, name, 2, 4, NULL, span))
        return val_error(in);
    Value *s = a->pos[0], *p = a->pos[1];
    size_t lo, hi;
    if (!str_range(in, a, 2, s->u.s.len, &lo, &hi, span))
        return NULL;
    int n = p->kind == VK_TUPLE ? p->u.list->len : 1;
    for (int i = 0; i < n; i++) {
        Value *x = p->kind == VK_TUPLE ? p->u.list->items[i] : p;
        if (x->kind != VK_STR)
            return interp_raise(in, in->cls.type_error, span, p->kind == VK_TUPLE
                                ? "tuple for %s must only contain str, not %s"
                                : "%s first arg must be str or a tuple of str, not %s", name, val_type_name(in, x));
        size_t k = x->u.s.len;
        if (lo > hi || hi - lo < k)
            continue;
        if (memcmp(s->u.s.ptr + (end ? hi - k : lo), x->u.s.ptr, k) == 0)
            return val_bool(in, true);
    }
    return val_bool(in, false);
}

METHOD(str_startswith) { (void)self; return str_affix(in, a, span, false); }
METHOD(str_endswith) { (void)self; return str_affix(in, a, span, true); }

static Value *str_strip_impl(Interp *in, CallArgs *a, Span span, bool left, bool right, const char *name)
{
    if (!str_args(in, a, name, 2, span))
        return val_error(in);
    Value *c = a->n_pos > 1 ? a->pos[1] : NULL;
    if (c && c->kind != VK_NONE && !str_arg(in, c, name, span))
        return NULL;
    const char *s = a->pos[0]->u.s.ptr;
    const char *chars = c && c->kind == VK_STR ? c->u.s.ptr : " \t\n\r\f\v";
    size_t lo = 0, hi = a->pos[0]->u.s.len;
    while (left && lo < hi && strchr(chars, s[lo]) && s[lo])
        lo++;
    while (right && hi > lo && strchr(chars, s[hi - 1]) && s[hi - 1])
        hi--;
    return val_str(in, s + lo, hi - lo);
}

METHOD(str_strip) { (void)self; return str_strip_impl(in, a, span, true, true, "strip"); }
METHOD(str_lstrip) { (void)self; return str_strip_impl(in, a, span, true, false, "lstrip"); }
METHOD(str_rstrip) { (void)self; return str_strip_impl(in, a, span, false, true, "rstrip"); }

/* split / rsplit (sep=None, maxsplit=-1) */
static Value *str_split_impl(Interp *in, CallArgs *a, Span span, bool from_right)
{
    static const char *const kws[] = {"sep", "maxsplit", NULL};
    const char *name = from_right ? "rsplit" : "split";
    if (!self_str(in, a, name, span) || !interp_args_check(in, a, name, 1, 3, kws, span))
        return val_error(in);
    const char *s = a->pos[0]->u.s.ptr;
    size_t len = a->pos[0]->u.s.len;
    Value *sep = interp_arg(a, 1, "sep"), *mx = interp_arg(a, 2, "maxsplit");
    int64_t maxsplit = -1;
    if (mx && ((mx->kind != VK_INT && mx->kind != VK_BOOL) || mx->dyn))
        return interp_raise(in, in->cls.type_error, span, "'%s' object cannot be interpreted as an integer",
                            val_type_name(in, mx));
    if (mx)
        maxsplit = mx->kind == VK_INT ? mx->u.i : mx->u.b;
    if (sep && sep->kind != VK_NONE && !str_arg(in, sep, name, span))
        return NULL;
    if (sep && sep->kind == VK_STR && sep->u.s.len == 0)
        return interp_raise(in, in->cls.value_error, span, "empty separator");
    ValueList parts = {0};
    bool ws = !sep || sep->kind == VK_NONE;
    size_t k = ws ? 0 : sep->u.s.len;
    /* pieces are found from the left (or the right) into PARTS, reversed for rsplit */
    size_t lo = 0, hi = len;
    int64_t done = 0;
    for (;;) {
        if (ws) {
            while (lo < hi && isspace((unsigned char)(from_right ? s[hi - 1] : s[lo])))
                from_right ? hi-- : lo++;
            if (lo == hi)
                break;
            if (maxsplit >= 0 && done == maxsplit) {
                val_list_push(in, &parts, val_str(in, s + lo, hi - lo));
                break;
            }
            size_t a0 = from_right ? hi : lo;
            if (from_right) {
                while (hi > lo && !isspace((unsigned char)s[hi - 1]))
                    hi--;
                val_list_push(in, &parts, val_str(in, s + hi, a0 - hi));
            } else {
                while (lo < hi && !isspace((unsigned char)s[lo]))
                    lo++;
                val_list_push(in, &parts, val_str(in, s + a0, lo - a0));
            }
            done++;
            continue;
        }
        const char *hit = NULL;
        if (maxsplit < 0 || done < maxsplit) {
            if (from_right) {
                for (size_t i = hi; i >= lo + k && !hit; i--)
                    if (memcmp(s + i - k, sep->u.s.ptr, k) == 0)
                        hit = s + i - k;
            } else {
                for (size_t i = lo; i + k <= hi && !hit; i++)
                    if (memcmp(s + i, sep->u.s.ptr, k) == 0)
                        hit = s + i;
            }
        }
        if (!hit) {
            val_list_push(in, &parts, val_str(in, s + lo, hi - lo));
            break;
        }
        size_t at = (size_t)(hit - s);
        if (from_right) {
            val_list_push(in, &parts, val_str(in, s + at + k, hi - at - k));
            hi = at;
        } else {
            val_list_push(in, &parts, val_str(in, s + lo, at - lo));
            lo = at + k;
        }
        done++;
    }
    Value *r = val_list(in, parts.len);
    for (int i = 0; i < parts.len; i++)
        val_list_push(in, r->u.list, parts.items[from_right ? parts.len - 1 - i : i]);
    return r;
}

METHOD(str_split) { (void)self; return str_split_impl(in, a, span, false); }
METHOD(str_rsplit) { (void)self; return str_split_impl(in, a, span, true); }

METHOD(str_splitlines)
{
    (void)self;
    static const char *const kws[] = {"keepends", NULL};
    if (!self_str(in, a, "splitlines", span) || !interp_args_check(in, a, "splitlines", 1, 2, kws, span))
        return val_error(in);
    Value *ke = interp_arg(a, 1, "keepends");
    bool ok, keep = ke ? val_truthy(ke, &ok) : false;
    const char *s = a->pos[0]->u.s.ptr;
    size_t len = a->pos[0]->u.s.len, i = 0;
    Value *r = val_list(in, 0);
    while (i < len) {
        size_t j = i;
        while (j < len && s[j] != '\n' && s[j] != '\r')
            j++;
        size_t e = j;
        if (j < len)
            e = s[j] == '\r' && j + 1 < len && s[j + 1] == '\n' ? j + 2 : j + 1;
        val_list_push(in, r->u.list, val_str(in, s + i, (keep ? e : j) - i));
        i = e;
    }
    return r;
}

METHOD(str_replace)
{
    (void)self;
    if (!str_args(in, a, "replace", 4, span) || !interp_args_check(in, a, "replace", 3, 4, NULL, span))
        return val_error(in);
    Value *s = a->pos[0], *old = a->pos[1], *new = a->pos[2];
    if (!str_arg(in, old, "replace", span) || !str_arg(in, new, "replace", span))
        return NULL;
    int64_t count = -1;
    if (a->n_pos == 4 && a->pos[3]->kind == VK_INT && !a->pos[3]->dyn)
        count = a->pos[3]->u.i;
    Sb b = {.in = in};
    size_t i = 0;
    int64_t done = 0;
    if (old->u.s.len == 0) {
        /* between every character, and at both ends */
        for (; i <= s->u.s.len; i++) {
            if (count < 0 || done < count) {
                sb_put(&b, new->u.s.ptr, new->u.s.len);
                done++;
            }
            if (i < s->u.s.len)
                sb_put(&b, s->u.s.ptr + i, 1);
        }
        return sb_value(&b);
    }
    while (i < s->u.s.len) {
        if ((count < 0 || done < count) && i + old->u.s.len <= s->u.s.len &&
            memcmp(s->u.s.ptr + i, old->u.s.ptr, old->u.s.len) == 0) {
            sb_put(&b, new->u.s.ptr, new->u.s.len);
            i += old->u.s.len;
            done++;
        } else {
            sb_put(&b, s->u.s.ptr + i++, 1);
        }
    }
    return sb_value(&b);
}

typedef enum { CASE_UPPER, CASE_LOWER, CASE_TITLE, CASE_CAPITALIZE, CASE_SWAP } CaseKind;

static Value *str_case(Interp *in, CallArgs *a, Span span, CaseKind kind, const char *name)
{
    if (!str_args(in, a, name, 1, span))
        return val_error(in);
    Value *s = a->pos[0];
    char *buf = arena_strndup(in->arena, s->u.s.ptr, s->u.s.len);
    bool word_start = true;
    for (uint32_t i = 0; i < s->u.s.len; i++) {
        unsigned char c = (unsigned char)buf[i];
        switch (kind) {
        case CASE_UPPER: c = (unsigned char)toupper(c); break;
        case CASE_LOWER: c = (unsigned char)tolower(c); break;
        case CASE_TITLE: c = (unsigned char)(word_start ? toupper(c) : tolower(c)); break;
        case CASE_CAPITALIZE: c = (unsigned char)(i == 0 ? toupper(c) : tolower(c)); break;
        case CASE_SWAP: c = (unsigned char)(isupper(c) ? tolower(c) : toupper(c)); break;
        }
        word_start = !isalpha((unsigned char)buf[i]);
        buf[i] = (char)c;
    }
    return val_str(in, buf, s->u.s.len);
}

METHOD(str_upper) { (void)self; return str_case(in, a, span, CASE_UPPER, "upper"); }
METHOD(str_lower) { (void)self; return str_case(in, a, span, CASE_LOWER, "lower"); }
METHOD(str_casefold) { (void)self; return str_case(in, a, span, CASE_LOWER, "casefold"); }
METHOD(str_title) { (void)self; return str_case(in, a, span, CASE_TITLE, "title"); }
METHOD(str_capitalize) { (void)self; return str_case(in, a, span, CASE_CAPITALIZE, "capitalize"); }
METHOD(str_swapcase) { (void)self; return str_case(in, a, span, CASE_SWAP, "swapcase"); }

/* find, rfind, index, rindex, count (sub, start, end) */
typedef enum { FIND, RFIND, INDEX, RINDEX, COUNT } FindKind;

static Value *str_find_impl(Interp *in, CallArgs *a, Span span, FindKind kind, const char *name)
{
    if (!str_args(in, a, name, 4, span) || !interp_args_check(in, a, name, 2, 4, NULL, span))
        return val_error(in);
    Value *s = a->pos[0], *p = a->pos[1];
    if (!str_arg(in, p, name, span))
        return NULL;
    size_t lo, hi, k = p->u.s.len;
    if (!str_range(in, a, 2, s->u.s.len, &lo, &hi, span))
        return NULL;
    if (kind == COUNT) {
        int64_t n = 0;
        if (lo > hi)
            return val_int(in, 0);
        if (k == 0)
            return val_int(in, (int64_t)(hi - lo) + 1);
        for (size_t i = lo; i + k <= hi;)
            if (memcmp(s->u.s.ptr + i, p->u.s.ptr, k) == 0) {
                n++;
                i += k;
            } else {
                i++;
            }
        return val_int(in, n);
    }
    int64_t found = -1;
    if (lo <= hi && hi - lo >= k) {
        if (kind == FIND || kind == INDEX) {
            for (size_t i = lo; i + k <= hi && found < 0; i++)
                if (memcmp(s->u.s.ptr + i, p->u.s.ptr, k) == 0)
                    found = (int64_t)i;
        } else {
            for (size_t i = hi - k + 1; i-- > lo && found < 0;)
                if (memcmp(s->u.s.ptr + i, p->u.s.ptr, k) == 0)
                    found = (int64_t)i;
        }
    }
    if (found < 0 && (kind == INDEX || kind == RINDEX))
        return interp_raise(in, in->cls.value_error, span, "substring not found");
    return val_int(in, found);
}

METHOD(str_find) { (void)self; return str_find_impl(in, a, span, FIND, "find"); }
METHOD(str_rfind) { (void)self; return str_find_impl(in, a, span, RFIND, "rfind"); }
METHOD(str_index) { (void)self; return str_find_impl(in, a, span, INDEX, "index"); }
METHOD(str_rindex) { (void)self; return str_find_impl(in, a, span, RINDEX, "rindex"); }
METHOD(str_count) { (void)self; return str_find_impl(in, a, span, COUNT, "count"); }

/* The is...() predicates: every character passes (and there is one). */
static Value *str_pred(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    if (!str_args(in, a, self->name, 1, span))
        return val_error(in);
    Value *s = a->pos[0];
    const char *name = self->name;
    const unsigned char *p = (const unsigned char *)s->u.s.ptr;
    uint32_t n = s->u.s.len;
    if (!strcmp(name, "isascii")) {
        for (uint32_t i = 0; i < n; i++)
            if (p[i] > 127)
                return val_bool(in, false);
        return val_bool(in, true);
    }
    if (!strcmp(name, "isidentifier")) {
        bool ok = n > 0 && (isalpha(p[0]) || p[0] == '_');
        for (uint32_t i = 1; i < n && ok; i++)
            ok = isalnum(p[i]) || p[i] == '_';
        return val_bool(in, ok);
    }
    if (!strcmp(name, "islower") || !strcmp(name, "isupper")) {
        bool upper = name[2] == 'u', cased = false;
        for (uint32_t i = 0; i < n; i++) {
            if (upper ? islower(p[i]) : isupper(p[i]))
                return val_bool(in, false);
            cased |= isalpha(p[i]) != 0;
        }
        return val_bool(in, cased);
    }
    if (!strcmp(name, "istitle")) {
        bool prev_cased = false, any = false;
        for (uint32_t i = 0; i < n; i++) {
            if (isupper(p[i])) {
                if (prev_cased)
                    return val_bool(in, false);
                prev_cased = any = true;
            } else if (islower(p[i])) {
                if (!prev_cased)
                    return val_bool(in, false);
                prev_cased = any = true;
            } else {
                prev_cased = false;
            }
        }
        return val_bool(in, any);
    }
    if (!strcmp(name, "isprintable")) {
        for (uint32_t i = 0; i < n; i++)
            if (!isprint(p[i]))
                return val_bool(in, false);
        return val_bool(in, true);
    }
    bool all = n > 0;
    for (uint32_t i = 0; i < n && all; i++) {
        if (!strcmp(name, "isalpha"))
            all = isalpha(p[i]) != 0;
        else if (!strcmp(name, "isalnum"))
            all = isalnum(p[i]) != 0;
        else if (!strcmp(name, "isspace"))
            all = isspace(p[i]) != 0;
        else
            all = isdigit(p[i]) != 0;   /* isdigit, isdecimal, isnumeric */
    }
    return val_bool(in, all);
}

static bool width_arg(Interp *in, CallArgs *a, const char *name, int64_t *w, Span span)
{
    Value *v = a->n_pos > 1 ? a->pos[1] : NULL;
    if (!v || (v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn) {
        interp_raise(in, in->cls.type_error, span, "%s() takes an integer width", name);
        return false;
    }
    *w = v->kind == VK_INT ? v->u.i : v->u.b;
    return true;
}

/* center, ljust, rjust (width, fillchar=' ') */
static Value *str_justify(Interp *in, CallArgs *a, Span span, char align, const char *name)
{
    int64_t w;
    if (!str_args(in, a, name, 3, span) || !width_arg(in, a, name, &w, span))
        return in->exc ? NULL : val_error(in);
    Value *fill = a->n_pos > 2 ? a->pos[2] : NULL;
    if (fill && (fill->kind != VK_STR || fill->u.s.len != 1))
        return interp_raise(in, in->cls.type_error, span, "The fill character must be exactly one character long");
    Value *s = a->pos[0];
    if (w <= (int64_t)s->u.s.len)
        return s;
    size_t n = (size_t)w - s->u.s.len;
    /* str.center puts the odd pad character on the left when the string's
     * length is odd, as CPython's pad(left = n/2 + (n & len & 1)) */
    size_t left = align == '>' ? n : align == '^' ? n / 2 + (n & s->u.s.len & 1) : 0;
    char c = fill ? fill->u.s.ptr[0] : ' ';
    Sb b = {.in = in};
    for (size_t i = 0; i < left; i++)
        sb_put(&b, &c, 1);
    sb_put(&b, s->u.s.ptr, s->u.s.len);
    for (size_t i = left; i < n; i++)
        sb_put(&b, &c, 1);
    return sb_value(&b);
}

METHOD(str_center) { (void)self; return str_justify(in, a, span, '^', "center"); }
METHOD(str_ljust) { (void)self; return str_justify(in, a, span, '<', "ljust"); }
METHOD(str_rjust) { (void)self; return str_justify(in, a, span, '>', "rjust"); }

METHOD(str_zfill)
{
    (void)self;
    int64_t w;
    if (!str_args(in, a, "zfill", 2, span) || !width_arg(in, a, "zfill", &w, span))
        return in->exc ? NULL : val_error(in);
    Value *s = a->pos[0];
    if (w <= (int64_t)s->u.s.len)
        return s;
    size_t n = (size_t)w - s->u.s.len;
    bool sign = s->u.s.len && (s->u.s.ptr[0] == '-' || s->u.s.ptr[0] == '+');
    Sb b = {.in = in};
    if (sign)
        sb_put(&b, s->u.s.ptr, 1);
    for (size_t i = 0; i < n; i++)
        sb_puts(&b, "0");
    sb_put(&b, s->u.s.ptr + sign, s->u.s.len - sign);
    return sb_value(&b);
}

static Value *str_partition_impl(Interp *in, CallArgs *a, Span span, bool from_right)
{
    const char *name = from_right ? "rpartition" : "partition";
    if (!str_args(in, a, name, 2, span) || !interp_args_check(in, a, name, 2, 2, NULL, span))
        return val_error(in);
    Value *s = a->pos[0], *sep = a->pos[1];
    if (!str_arg(in, sep, name, span))
        return NULL;
    if (sep->u.s.len == 0)
        return interp_raise(in, in->cls.value_error, span, "empty separator");
    size_t k = sep->u.s.len, n = s->u.s.len;
    int64_t at = -1;
    for (size_t i = 0; i + k <= n; i++) {
        size_t j = from_right ? n - k - i : i;
        if (memcmp(s->u.s.ptr + j, sep->u.s.ptr, k) == 0) {
            at = (int64_t)j;
            break;
        }
    }
    Value *t = val_tuple(in, 3);
    Value *empty = val_str(in, "", 0);
    if (at < 0) {
        val_list_push(in, t->u.list, from_right ? empty : s);
        val_list_push(in, t->u.list, empty);
        val_list_push(in, t->u.list, from_right ? s : empty);
        return t;
    }
    val_list_push(in, t->u.list, val_str(in, s->u.s.ptr, (size_t)at));
    val_list_push(in, t->u.list, sep);
    val_list_push(in, t->u.list, val_str(in, s->u.s.ptr + at + k, n - (size_t)at - k));
    return t;
}

METHOD(str_partition) { (void)self; return str_partition_impl(in, a, span, false); }
METHOD(str_rpartition) { (void)self; return str_partition_impl(in, a, span, true); }

static Value *str_remove_affix(Interp *in, CallArgs *a, Span span, bool suffix)
{
    const char *name = suffix ? "removesuffix" : "removeprefix";
    if (!str_args(in, a, name, 2, span) || !interp_args_check(in, a, name, 2, 2, NULL, span))
        return val_error(in);
    Value *s = a->pos[0], *x = a->pos[1];
    if (!str_arg(in, x, name, span))
        return NULL;
    size_t k = x->u.s.len, n = s->u.s.len;
    if (k == 0 || k > n || memcmp(s->u.s.ptr + (suffix ? n - k : 0), x->u.s.ptr, k) != 0)
        return s;
    return val_str(in, s->u.s.ptr + (suffix ? 0 : k), n - k);
}

METHOD(str_removeprefix) { (void)self; return str_remove_affix(in, a, span, false); }
METHOD(str_removesuffix) { (void)self; return str_remove_affix(in, a, span, true); }

METHOD(str_expandtabs)
{
    (void)self;
    if (!str_args(in, a, "expandtabs", 2, span))
        return val_error(in);
    int64_t tab = 8;
    Value *t = interp_arg(a, 1, "tabsize");
    if (t && t->kind == VK_INT && !t->dyn)
        tab = t->u.i;
    Sb b = {.in = in};
    size_t col = 0;
    for (uint32_t i = 0; i < a->pos[0]->u.s.len; i++) {
        char c = a->pos[0]->u.s.ptr[i];
        if (c == '\t') {
            size_t n = tab > 0 ? (size_t)tab - col % (size_t)tab : 0;
            for (size_t k = 0; k < n; k++)
                sb_puts(&b, " ");
            col += n;
        } else {
            sb_put(&b, &c, 1);
            col = c == '\n' || c == '\r' ? 0 : col + 1;
        }
    }
    return sb_value(&b);
}

static const Builtin str_methods[] = {
    {"join", str_join, NULL}, {"format", str_format, NULL}, {"format_map", str_format_map, NULL},
    {"startswith", str_startswith, NULL}, {"endswith", str_endswith, NULL}, {"strip", str_strip, NULL},
    {"lstrip", str_lstrip, NULL}, {"rstrip", str_rstrip, NULL}, {"split", str_split, NULL},
    {"rsplit", str_rsplit, NULL}, {"splitlines", str_splitlines, NULL}, {"replace", str_replace, NULL},
    {"upper", str_upper, NULL}, {"lower", str_lower, NULL}, {"casefold", str_casefold, NULL},
    {"title", str_title, NULL}, {"capitalize", str_capitalize, NULL}, {"swapcase", str_swapcase, NULL},
    {"find", str_find, NULL}, {"rfind", str_rfind, NULL}, {"index", str_index, NULL},
    {"rindex", str_rindex, NULL}, {"count", str_count, NULL}, {"center", str_center, NULL},
    {"ljust", str_ljust, NULL}, {"rjust", str_rjust, NULL}, {"zfill", str_zfill, NULL},
    {"partition", str_partition, NULL}, {"rpartition", str_rpartition, NULL},
    {"removeprefix", str_removeprefix, NULL}, {"removesuffix", str_removesuffix, NULL},
    {"expandtabs", str_expandtabs, NULL},
    /* the is...() predicates, told apart by name */
    {"isdigit", str_pred, NULL}, {"isdecimal", str_pred, NULL}, {"isnumeric", str_pred, NULL},
    {"isalpha", str_pred, NULL}, {"isalnum", str_pred, NULL}, {"isspace", str_pred, NULL},
    {"islower", str_pred, NULL}, {"isupper", str_pred, NULL}, {"istitle", str_pred, NULL},
    {"isidentifier", str_pred, NULL}, {"isascii", str_pred, NULL}, {"isprintable", str_pred, NULL},
};

void interp_install_str_methods(Interp *in)
{
    interp_add_methods(in, interp_builtin_class(in, "str"), str_methods,
                       (int)(sizeof str_methods / sizeof str_methods[0]));
}
