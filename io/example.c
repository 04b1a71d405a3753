/* --example values: a small scanner for the Python literal subset, the
 * generator calls and the :DTYPE suffix described in example.h, and the
 * conversions between numbers and tensor element types (with range checks,
 * float16 and bfloat16 rounding to nearest even). */
#include "io/example.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/npy.h"
#include "support/prng.h"

/* A scanned number, or an element read back from an array. */
typedef enum NumKind { NUM_BOOL, NUM_INT, NUM_UINT, NUM_FLOAT } NumKind;

typedef struct Number {
    NumKind kind;
    int64_t i;              /* NUM_BOOL (0/1), NUM_INT */
    uint64_t u;             /* NUM_UINT: only values above INT64_MAX */
    double f;               /* NUM_FLOAT */
} Number;

typedef enum Gen { GEN_RANDN, GEN_RAND, GEN_ONES, GEN_ZEROS, GEN_ARANGE } Gen;

static const struct {
    const char *name;
    Gen gen;
} generators[] = {
    {"randn", GEN_RANDN}, {"rand", GEN_RAND}, {"ones", GEN_ONES},
    {"zeros", GEN_ZEROS}, {"arange", GEN_ARANGE},
};

typedef enum Form { FORM_SCALAR, FORM_LIST, FORM_CALL } Form;

enum { LEVEL_UNSEEN, LEVEL_LISTS, LEVEL_SCALARS };

typedef struct Parser {
    Arena *a;
    const char *what;       /* "--example x=VALUE" for messages */
    const char *p, *end;
    char **err;
    int64_t max_bytes;      /* EXAMPLE_MAX_BYTES, or less (example_parse_limited) */
    Form form;
    Gen gen;
    Number scalar;          /* FORM_SCALAR */
    Number *nums;           /* FORM_LIST elements in row-major order */
    size_t n_nums, cap_nums;
    int rank;               /* FORM_LIST, FORM_CALL */
    int64_t dims[EXAMPLE_MAX_RANK];
    bool dim_seen[EXAMPLE_MAX_RANK];
    unsigned char level[EXAMPLE_MAX_RANK + 1];  /* LEVEL_* per list depth */
} Parser;

static bool perr(Parser *P, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool perr(Parser *P, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vsprintf(P->a, fmt, ap);
    va_end(ap);
    *P->err = arena_sprintf(P->a, "%s: %s", P->what, msg);
    return false;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_ident_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static bool is_ident(char c) { return is_ident_start(c) || is_digit(c); }

static void skip_ws(Parser *P)
{
    while (P->p < P->end && (*P->p == ' ' || *P->p == '\t'))
        P->p++;
}

static bool at(Parser *P, char c)
{
    return P->p < P->end && *P->p == c;
}

/* "end of value" or a quoted excerpt of what comes next. */
static const char *found(Parser *P)
{
    if (P->p >= P->end)
        return "end of value";
    size_t n = (size_t)(P->end - P->p);
    return arena_sprintf(P->a, "'%s'", arena_printable(P->a, P->p, n, 12));
}

static size_t scan_ident(Parser *P)
{
    const char *s = P->p;
    if (s < P->end && is_ident_start(*s))
        while (s < P->end && is_ident(*s))
            s++;
    return (size_t)(s - P->p);
}

static bool word_is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* ---- numbers ----------------------------------------------------------- */

static int digit_value(char c)
{
    if (is_digit(c))
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* digitpart := digit (['_'] digit)*, digits of BASE; copied to BUF without
 * underscores.  An '_' right after a 0x/0o/0b prefix is allowed (LEAD). */
static bool digitpart(const char **q, const char *end, int base, bool lead, char *buf, size_t *bl)
{
    const char *s = *q;
    if (lead && s < end && *s == '_')
        s++;
    if (s >= end || digit_value(*s) >= base)
        return false;
    while (s < end && digit_value(*s) < base) {
        buf[(*bl)++] = *s++;
        if (s + 1 < end && *s == '_' && digit_value(s[1]) < base)
            s++;
    }
    *q = s;
    return true;
}

/* Integer magnitude of the digits in BUF; false when above UINT64_MAX. */
static bool accumulate(const char *buf, size_t n, int base, uint64_t *out)
{
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t d = (uint64_t)digit_value(buf[i]);
        if (v > (UINT64_MAX - d) / (uint64_t)base)
            return false;
        v = v * (uint64_t)base + d;
    }
    *out = v;
    return true;
}

/* A buffer for the digits of the number at P->p: as long as the run of
 * characters that could belong to it (so a long list does not allocate the
 * rest of the value once per element). */
static char *number_buffer(Parser *P)
{
    const char *q = P->p;
    while (q < P->end && (is_ident(*q) || *q == '.' ||
                          ((*q == '+' || *q == '-') && q > P->p && (q[-1] == 'e' || q[-1] == 'E'))))
        q++;
    return arena_alloc(P->a, (size_t)(q - P->p) + 2);
}

/* The message for a malformed number: the text up to and including the
 * offending character. */
static bool invalid_number(Parser *P, const char *start, const char *q)
{
    size_t n = (size_t)(q - start) + (q < P->end);
    return perr(P, "invalid number '%s'", arena_printable(P->a, start, n, 30));
}

/* 0x1f, 0o17, 0b101 (after the sign). */
static bool scan_prefixed_int(Parser *P, int base, uint64_t *mag)
{
    const char *start = P->p, *q = P->p + 2;
    char *buf = number_buffer(P);
    size_t bl = 0;
    if (!digitpart(&q, P->end, base, true, buf, &bl) || (q < P->end && (is_ident(*q) || *q == '.')))
        return invalid_number(P, start, q);
    P->p = q;
    if (!accumulate(buf, bl, base, mag))
        return perr(P, "integer literal '%s' is too large",
                    arena_printable(P->a, start, (size_t)(q - start), 30));
    return true;
}

/* decimal := digitpart | [digitpart] '.' [digitpart] [exponent] | digitpart exponent */
static bool scan_decimal(Parser *P, Number *out)
{
    const char *start = P->p, *q = P->p;
    char *buf = number_buffer(P);
    size_t bl = 0;
    bool int_digits = digitpart(&q, P->end, 10, false, buf, &bl), is_float = false, ok = true;
    size_t int_len = bl;
    if (q < P->end && *q == '.') {
        buf[bl++] = *q++;
        bool frac = digitpart(&q, P->end, 10, false, buf, &bl);
        ok = int_digits || frac;
        is_float = true;
    }
    if (ok && q < P->end && (*q == 'e' || *q == 'E')) {
        buf[bl++] = *q++;
        if (q < P->end && (*q == '+' || *q == '-'))
            buf[bl++] = *q++;
        ok = digitpart(&q, P->end, 10, false, buf, &bl);
        is_float = true;
    }
    if (!ok || !(int_digits || is_float) || (q < P->end && (is_ident(*q) || *q == '.')))
        return invalid_number(P, start, q);
    const char *text = arena_printable(P->a, start, (size_t)(q - start), 30);
    P->p = q;
    if (is_float) {
        out->kind = NUM_FLOAT;
        /* BUF holds only digits, '.', 'e' and a sign, so strtod reads it
         * correctly rounded -- in the C locale, which the driver keeps (it
         * never calls setlocale for LC_NUMERIC). */
        out->f = strtod(buf, NULL);
        if (isinf(out->f))
            return perr(P, "float literal '%s' is out of range", text);
        return true;
    }
    if (buf[0] == '0' && strspn(buf, "0") != int_len)
        return perr(P, "leading zeros in decimal integer literals are not permitted");
    out->kind = NUM_UINT;
    if (!accumulate(buf, int_len, 10, &out->u))
        return perr(P, "integer literal '%s' is too large", text);
    return true;
}

/* float('inf'), float("-nan") ...: the strings Python's float() takes for
 * the non-finite values. */
static bool scan_float_call(Parser *P, Number *out)
{
    skip_ws(P);
    P->p++;                         /* '(' */
    skip_ws(P);
    char quote = at(P, '\'') ? '\'' : at(P, '"') ? '"' : 0;
    const char *s = P->p + 1, *e = s;
    while (quote && e < P->end && *e != quote)
        e++;
    if (!quote || e >= P->end)
        return perr(P, "float() needs a quoted argument such as 'inf', found %s", found(P));
    P->p = e + 1;
    skip_ws(P);
    if (!at(P, ')'))
        return perr(P, "expected ')' after the argument of float(), found %s", found(P));
    P->p++;
    while (s < e && *s == ' ')
        s++;
    while (e > s && e[-1] == ' ')
        e--;
    double sign = 1.0;
    if (s < e && (*s == '+' || *s == '-'))
        sign = *s++ == '-' ? -1.0 : 1.0;
    size_t n = (size_t)(e - s);
    char word[9] = {0};
    for (size_t i = 0; i < n && i < 8; i++)
        word[i] = (char)(s[i] >= 'A' && s[i] <= 'Z' ? s[i] + 32 : s[i]);
    out->kind = NUM_FLOAT;
    if (n <= 8 && (strcmp(word, "inf") == 0 || strcmp(word, "infinity") == 0))
        out->f = sign * INFINITY;
    else if (n <= 8 && strcmp(word, "nan") == 0)
        out->f = sign * NAN;
    else
        return perr(P, "float() argument must be 'inf', 'infinity' or 'nan' with an optional sign");
    return true;
}

/* Applies a sign to a scanned magnitude and normalizes integers to NUM_INT
 * when they fit int64. */
static bool apply_sign(Parser *P, Number *n, bool neg, const char *start)
{
    if (n->kind == NUM_FLOAT) {
        if (neg)
            n->f = -n->f;
        return true;
    }
    uint64_t mag = n->u;
    if (neg && mag > (UINT64_C(1) << 63))
        return perr(P, "integer literal '%s' is out of range for int64",
                    arena_printable(P->a, start, (size_t)(P->p - start), 30));
    n->kind = NUM_INT;
    if (neg)
        n->i = mag == (UINT64_C(1) << 63) ? INT64_MIN : -(int64_t)mag;
    else if (mag <= INT64_MAX)
        n->i = (int64_t)mag;
    else
        n->kind = NUM_UINT;
    return true;
}

/* scalar := ['+'|'-'] (number | float(STRING)) | True | False */
static bool scan_scalar(Parser *P, Number *out)
{
    skip_ws(P);
    const char *start = P->p;
    bool neg = false, signed_ = at(P, '-') || at(P, '+');
    if (signed_) {
        neg = *P->p++ == '-';
        skip_ws(P);
    }
    size_t n = scan_ident(P);
    if (n) {
        const char *w = P->p;
        if (!signed_ && (word_is(w, n, "True") || word_is(w, n, "False"))) {
            *out = (Number){.kind = NUM_BOOL, .i = w[0] == 'T'};
            P->p += n;
            return true;
        }
        P->p += n;
        skip_ws(P);
        if (word_is(w, n, "float") && at(P, '('))
            return scan_float_call(P, out) && apply_sign(P, out, neg, start);
        P->p = w;
        const char *shown = arena_printable(P->a, w, n, 20);
        if (word_is(w, n, "inf") || word_is(w, n, "nan") || word_is(w, n, "infinity"))
            return perr(P, "'%s' is not a Python literal; write float('%s')", shown, shown);
        return perr(P, "expected a number, found '%s'", shown);
    }
    if (at(P, '0') && P->p + 1 < P->end && P->p[1] && strchr("xXoObB", P->p[1])) {
        char c = P->p[1] | 0x20;
        out->kind = NUM_UINT;
        if (!scan_prefixed_int(P, c == 'x' ? 16 : c == 'o' ? 8 : 2, &out->u))
            return false;
    } else if (P->p < P->end && (is_digit(*P->p) || (*P->p == '.' && P->p + 1 < P->end && is_digit(P->p[1])))) {
        if (!scan_decimal(P, out))
            return false;
    } else {
        return perr(P, signed_ ? "expected a number after the sign, found %s"
                               : "expected a number, True, False or a list, found %s", found(P));
    }
    return apply_sign(P, out, neg, start);
}

/* ---- lists ------------------------------------------------------------- */

static void push_number(Parser *P, Number n)
{
    if (P->n_nums == P->cap_nums) {
        size_t cap = P->cap_nums ? 2 * P->cap_nums : 16;
        P->nums = arena_grow(P->a, P->nums, P->cap_nums * sizeof(Number), cap * sizeof(Number));
        P->cap_nums = cap;
    }
    P->nums[P->n_nums++] = n;
}

static bool parse_list(Parser *P, int depth);

/* element := list | scalar, at list depth DEPTH (the outer list is 0). */
static bool parse_element(Parser *P, int depth)
{
    skip_ws(P);
    unsigned char kind = at(P, '[') ? LEVEL_LISTS : LEVEL_SCALARS;
    if (P->level[depth] != LEVEL_UNSEEN && P->level[depth] != kind)
        return perr(P, "ragged nested list: depth %d mixes lists and numbers", depth + 1);
    P->level[depth] = kind;
    if (kind == LEVEL_LISTS)
        return parse_list(P, depth);
    Number n;
    if (!scan_scalar(P, &n))
        return false;
    push_number(P, n);
    return true;
}

/* list := '[' [element (',' element)* [',']] ']' */
static bool parse_list(Parser *P, int depth)
{
    if (depth >= EXAMPLE_MAX_RANK)
        return perr(P, "lists nested more than %d deep", EXAMPLE_MAX_RANK);
    P->p++;                         /* '[' */
    int64_t count = 0;
    for (;;) {
        skip_ws(P);
        if (at(P, ']'))
            break;
        if (!parse_element(P, depth + 1))
            return false;
        count++;
        skip_ws(P);
        if (at(P, ','))
            P->p++;
        else if (!at(P, ']'))
            return perr(P, "expected ',' or ']' after a list element, found %s", found(P));
    }
    P->p++;                         /* ']' */
    if (!P->dim_seen[depth]) {      /* first list completed at this depth */
        P->dim_seen[depth] = true;
        P->dims[depth] = count;
        if (depth + 1 > P->rank)
            P->rank = depth + 1;
    } else if (P->dims[depth] != count) {
        return perr(P, "ragged nested list: lists at depth %d have %lld and %lld elements",
                    depth + 1, (long long)P->dims[depth], (long long)count);
    }
    return true;
}

/* ---- generator calls --------------------------------------------------- */

/* call := NAME '(' [dim (',' dim)* [',']] ')' */
static bool parse_call(Parser *P)
{
    skip_ws(P);
    P->p++;                         /* '(' */
    P->rank = 0;
    for (;;) {
        skip_ws(P);
        if (at(P, ')'))
            break;
        if (P->rank == EXAMPLE_MAX_RANK)
            return perr(P, "more than %d dimensions", EXAMPLE_MAX_RANK);
        Number n;
        if (!scan_scalar(P, &n))
            return false;
        if (n.kind == NUM_FLOAT || n.kind == NUM_BOOL)
            return perr(P, "dimension must be an integer");
        if (n.kind == NUM_INT && n.i < 0)
            return perr(P, "dimension must be non-negative");
        if (n.kind == NUM_UINT)
            return perr(P, "example tensor too large");
        P->dims[P->rank++] = n.i;
        skip_ws(P);
        if (at(P, ','))
            P->p++;
        else if (!at(P, ')'))
            return perr(P, "expected ',' or ')' in the argument list, found %s", found(P));
    }
    P->p++;                         /* ')' */
    return true;
}

/* value := list | call | scalar */
static bool parse_value(Parser *P)
{
    skip_ws(P);
    if (at(P, '[')) {
        P->form = FORM_LIST;
        P->level[0] = LEVEL_LISTS;
        return parse_list(P, 0);
    }
    size_t n = scan_ident(P);
    const char *w = P->p;
    if (n && !word_is(w, n, "True") && !word_is(w, n, "False") && !word_is(w, n, "float")) {
        P->p += n;
        skip_ws(P);
        bool call = at(P, '(');
        P->p = w;
        for (size_t i = 0; call && i < sizeof generators / sizeof generators[0]; i++) {
            if (word_is(w, n, generators[i].name)) {
                P->form = FORM_CALL;
                P->gen = generators[i].gen;
                P->p += n;
                return parse_call(P);
            }
        }
        if (call)
            return perr(P, "unknown function '%s' (expected randn, rand, ones, zeros or arange)",
                        arena_printable(P->a, w, n, 20));
    }
    P->form = FORM_SCALAR;
    return scan_scalar(P, &P->scalar);
}

/* ---- element conversions ----------------------------------------------- */

static uint64_t load_le(const unsigned char *src, size_t n)
{
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;)
        v = v << 8 | src[i];
    return v;
}

static void store_le(unsigned char *dst, size_t n, uint64_t v)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = (unsigned char)(v >> (8 * i));
}

static bool is_signed_int(DType t)
{
    return t == DT_INT8 || t == DT_INT16 || t == DT_INT32 || t == DT_INT64;
}

static const char *number_text(Arena *a, Number n)
{
    switch (n.kind) {
    case NUM_BOOL: return n.i ? "True" : "False";
    case NUM_INT: return arena_sprintf(a, "%lld", (long long)n.i);
    case NUM_UINT: return arena_sprintf(a, "%llu", (unsigned long long)n.u);
    default: return arena_sprintf(a, "%g", n.f);
    }
}

static double number_as_double(Number n)
{
    return n.kind == NUM_FLOAT ? n.f : n.kind == NUM_UINT ? (double)n.u : (double)n.i;
}

static bool out_of_range(Parser *P, Number n, DType t)
{
    return perr(P, "value %s is out of range for %s", number_text(P->a, n), dtype_name(t));
}

static bool store_float(Parser *P, DType t, unsigned char *dst, Number n)
{
    double v = number_as_double(n);
    if (t == DT_DOUBLE) {
        memcpy(dst, &v, 8);
        return true;
    }
    /* FLT_MAX plus half an ulp: the least magnitude that rounds to inf. */
    if (isfinite(v) && fabs(v) >= 0x1.ffffffp+127)
        return out_of_range(P, n, t);
    float f = (float)v;
    if (t == DT_FLOAT) {
        memcpy(dst, &f, 4);
        return true;
    }
    uint16_t h = t == DT_FLOAT16 ? dtype_half_from_double(f) : dtype_bfloat16_from_double(f);
    uint16_t inf = t == DT_FLOAT16 ? 0x7c00 : 0x7f80;
    if (isfinite(v) && (h & 0x7fff) == inf)
        return out_of_range(P, n, t);
    store_le(dst, 2, h);
    return true;
}

/* Torch's conversions to integers: floats truncate toward zero. */
static bool store_int(Parser *P, DType t, unsigned char *dst, Number n)
{
    bool neg = false;
    uint64_t mag;
    if (n.kind == NUM_FLOAT) {
        if (!isfinite(n.f))
            return perr(P, "value %s cannot be converted to %s", number_text(P->a, n), dtype_name(t));
        double w = trunc(n.f);
        if (fabs(w) >= 0x1p64)
            return out_of_range(P, n, t);
        neg = w < 0;
        mag = (uint64_t)fabs(w);
    } else if (n.kind == NUM_UINT) {
        mag = n.u;
    } else {
        neg = n.i < 0;
        mag = neg ? 0 - (uint64_t)n.i : (uint64_t)n.i;
    }
    size_t size = dtype_size(t);
    unsigned bits = (unsigned)size * 8;
    uint64_t top = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    bool ok = is_signed_int(t) ? (neg ? mag <= top / 2 + 1 : mag <= top / 2)
                               : (!neg || mag == 0) && mag <= top;
    if (!ok)
        return out_of_range(P, n, t);
    store_le(dst, size, neg ? 0 - mag : mag);
    return true;
}

static bool store_number(Parser *P, DType t, unsigned char *dst, Number n)
{
    if (dtype_is_float(t))
        return store_float(P, t, dst, n);
    if (t == DT_BOOL) {
        dst[0] = n.kind == NUM_FLOAT ? n.f != 0.0 : n.kind == NUM_UINT ? 1 : n.i != 0;
        return true;
    }
    return store_int(P, t, dst, n);
}

static Number load_number(DType t, const unsigned char *src)
{
    Number n = {.kind = NUM_INT};
    size_t size = dtype_size(t);
    uint64_t v = load_le(src, size);
    if (t == DT_BOOL) {
        n.kind = NUM_BOOL;
        n.i = v != 0;
    } else if (dtype_is_float(t)) {
        n.kind = NUM_FLOAT;
        float f;
        if (t == DT_DOUBLE) {
            memcpy(&n.f, src, 8);
        } else if (t == DT_FLOAT) {
            memcpy(&f, src, 4);
            n.f = f;
        } else {
            n.f = t == DT_FLOAT16 ? dtype_half_to_double((uint16_t)v) : dtype_bfloat16_to_double((uint16_t)v);
        }
    } else if (is_signed_int(t) && size < 8 && (v >> (size * 8 - 1) & 1)) {
        n.i = -(int64_t)((UINT64_C(1) << (size * 8)) - v);
    } else if (v > INT64_MAX) {
        if (is_signed_int(t))
            n.i = -(int64_t)(~v) - 1;
        else {
            n.kind = NUM_UINT;
            n.u = v;
        }
    } else {
        n.i = (int64_t)v;
    }
    return n;
}

/* ---- building the tensor ----------------------------------------------- */

static bool example_dtype_ok(DType t)
{
    return t == DT_BOOL || dtype_is_float(t) || dtype_is_int(t);
}

static bool check_size(Parser *P, DType t, int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] != 0 && n > EXAMPLE_MAX_ELEMENTS / dims[i])
            return perr(P, "example tensor too large");
        n *= dims[i];
    }
    if (n > EXAMPLE_MAX_ELEMENTS || n > P->max_bytes / (int64_t)dtype_size(t))
        return perr(P, "example tensor too large");
    return true;
}

static IrTensor *from_numbers(Parser *P, DType t, int rank, const int64_t *dims,
                              const Number *nums, size_t count)
{
    IrTensor *x = ir_tensor_new(P->a, t, rank, dims);
    size_t size = dtype_size(t);
    for (size_t i = 0; i < count; i++)
        if (!store_number(P, t, (unsigned char *)x->data + i * size, nums[i]))
            return NULL;
    return x;
}

/* The list's type when no dtype is given: torch.tensor's inference. */
static DType list_dtype(const Parser *P)
{
    bool all_bool = P->n_nums > 0, any_float = P->n_nums == 0;
    for (size_t i = 0; i < P->n_nums; i++) {
        all_bool &= P->nums[i].kind == NUM_BOOL;
        any_float |= P->nums[i].kind == NUM_FLOAT;
    }
    return any_float ? DT_FLOAT : all_bool ? DT_BOOL : DT_INT64;
}

/* randn and rand of an integer or bool dtype, as tests/bench/values.py
 * defines them (a cast of the float draw would make rand all zeros):
 * randn is round(3 * N(0, 1)) (its absolute value for unsigned types) or
 * N(0, 1) > 0 for bool; rand is uniform in [0, 10), a fair coin for bool. */
static Number int_draw(Gen gen, DType t, Prng *rng)
{
    if (gen == GEN_RANDN) {
        double z = prng_normal(rng);
        if (t == DT_BOOL)
            return (Number){.kind = NUM_INT, .i = z > 0};
        double r = nearbyint(3 * z);
        bool is_unsigned = t == DT_UINT8 || t == DT_UINT16 || t == DT_UINT32 || t == DT_UINT64;
        return (Number){.kind = NUM_INT, .i = (int64_t)(is_unsigned ? fabs(r) : r)};
    }
    uint64_t u = prng_next(rng) >> 32;
    return (Number){.kind = NUM_INT, .i = t == DT_BOOL ? (int64_t)(u & 1) : (int64_t)((u * 10) >> 32)};
}

static bool generate(Parser *P, IrTensor *x, uint64_t seed)
{
    int64_t n = ir_tensor_numel(x);
    size_t size = dtype_size(x->dtype);
    int bits = x->dtype == DT_DOUBLE ? 53 : x->dtype == DT_FLOAT ? 24
             : x->dtype == DT_FLOAT16 ? 11 : 8;
    Prng rng;
    prng_seed(&rng, seed);
    if (P->gen == GEN_ZEROS)
        return true;                /* ir_tensor_new zero-fills */
    bool floating = dtype_is_float(x->dtype);
    for (int64_t i = 0; i < n; i++) {
        Number v = {.kind = NUM_INT, .i = P->gen == GEN_ONES ? 1 : i};
        if (P->gen == GEN_RANDN && floating)
            v = (Number){.kind = NUM_FLOAT, .f = prng_normal(&rng)};
        else if (P->gen == GEN_RAND && floating)    /* k * 2^-bits: exact in the type, < 1 */
            v = (Number){.kind = NUM_FLOAT,
                         .f = ldexp((double)(prng_next(&rng) >> (64 - bits)), -bits)};
        else if (P->gen == GEN_RANDN || P->gen == GEN_RAND)
            v = int_draw(P->gen, x->dtype, &rng);
        if (!store_number(P, x->dtype, (unsigned char *)x->data + (size_t)i * size, v))
            return false;
    }
    return true;
}

static IrTensor *build_call(Parser *P, DType t, bool explicit, uint64_t seed)
{
    if (!explicit)
        t = P->gen == GEN_ARANGE ? DT_INT64 : DT_FLOAT;
    if (P->gen == GEN_ARANGE && t == DT_BOOL) {
        perr(P, "arange() cannot produce bool");
        return NULL;
    }
    if (!check_size(P, t, P->rank, P->dims))
        return NULL;
    IrTensor *x = ir_tensor_new(P->a, t, P->rank, P->dims);
    return generate(P, x, seed) ? x : NULL;
}

static IrTensor *convert(Parser *P, IrTensor *src, DType t)
{
    if (src->dtype == t)
        return src;
    if (!example_dtype_ok(src->dtype)) {
        perr(P, "cannot convert %s to %s", dtype_name(src->dtype), dtype_name(t));
        return NULL;
    }
    IrTensor *x = ir_tensor_new(P->a, t, src->rank, src->dims);
    int64_t n = ir_tensor_numel(src);
    size_t from = dtype_size(src->dtype), to = dtype_size(t);
    for (int64_t i = 0; i < n; i++) {
        Number v = load_number(src->dtype, (const unsigned char *)src->data + (size_t)i * from);
        if (!store_number(P, t, (unsigned char *)x->data + (size_t)i * to, v))
            return NULL;
    }
    return x;
}

/* ---- entry points ------------------------------------------------------ */

/* The :DTYPE name in [S, E); false with a message when unknown. */
static bool lookup_dtype(Parser *P, const char *s, const char *e, DType *out)
{
    char *name = arena_strndup(P->a, s, (size_t)(e - s));
    *out = dtype_from_name(name);
    if (*out == DT_UNDEFINED)
        return perr(P, "unknown dtype '%s'", arena_printable(P->a, name, strlen(name), 30));
    if (!example_dtype_ok(*out))
        return perr(P, "dtype '%s' is not supported for example values", name);
    return true;
}

/* @PATH[:DTYPE] */
static bool parse_file(Parser *P, ExampleValue *out)
{
    const char *path = P->p + 1, *end = P->end, *colon = NULL;
    for (const char *c = path; c < end; c++)
        if (*c == ':')
            colon = c;
    bool suffix = colon && colon + 1 < end && is_ident_start(colon[1]);
    for (const char *c = colon ? colon + 1 : end; suffix && c < end; c++)
        suffix = is_ident(*c);
    DType t = DT_UNDEFINED;
    if (suffix && !lookup_dtype(P, colon + 1, end, &t))
        return false;
    if (suffix)
        end = colon;
    if (end == path)
        return perr(P, "expected a file name after '@'");
    char *msg;
    IrTensor *x = npy_load(P->a, arena_strndup(P->a, path, (size_t)(end - path)), &msg);
    if (!x) {
        out->file_error = true;
        return perr(P, "%s", msg);
    }
    out->tensor = suffix ? convert(P, x, t) : x;
    return out->tensor != NULL;
}

/* [':' DTYPE] at the end of the value. */
static bool parse_suffix(Parser *P, DType *t, bool *explicit)
{
    skip_ws(P);
    *explicit = at(P, ':');
    if (*explicit) {
        P->p++;
        skip_ws(P);
        size_t n = scan_ident(P);
        if (!n)
            return perr(P, "expected a dtype name after ':', found %s", found(P));
        if (!lookup_dtype(P, P->p, P->p + n, t))
            return false;
        P->p += n;
        skip_ws(P);
    }
    if (P->p != P->end)
        return perr(P, "unexpected %s after the value", found(P));
    return true;
}

static bool build(Parser *P, ExampleValue *out, DType t, bool explicit, uint64_t seed)
{
    if (P->form == FORM_CALL) {
        out->tensor = build_call(P, t, explicit, seed);
    } else if (P->form == FORM_LIST) {
        if (!explicit)
            t = list_dtype(P);
        if (!check_size(P, t, P->rank, P->dims))
            return false;
        assert(ir_tensor_numel(&(IrTensor){.rank = P->rank, .dims = P->dims}) == (int64_t)P->n_nums);
        out->tensor = from_numbers(P, t, P->rank, P->dims, P->nums, P->n_nums);
    } else {
        Number n = P->scalar;
        if (!explicit)
            t = n.kind == NUM_FLOAT ? DT_FLOAT : n.kind == NUM_BOOL ? DT_BOOL : DT_INT64;
        out->python_scalar = !explicit;
        out->float_value = number_as_double(n);
        out->tensor = from_numbers(P, t, 0, NULL, &n, 1);
    }
    return out->tensor != NULL;
}

bool example_parse(Arena *a, const char *name, const char *value, uint64_t seed,
                   ExampleValue *out, char **err)
{
    return example_parse_limited(a, "--example", name, value, seed, EXAMPLE_MAX_BYTES, out, err);
}

bool example_parse_limited(Arena *a, const char *option, const char *name, const char *value,
                           uint64_t seed, int64_t max_bytes, ExampleValue *out, char **err)
{
    size_t len = strlen(value);
    Parser *P = arena_alloc(a, sizeof *P);
    P->a = a;
    P->max_bytes = max_bytes < EXAMPLE_MAX_BYTES ? max_bytes : EXAMPLE_MAX_BYTES;
    P->what = arena_sprintf(a, "%s %s=%s", option, arena_printable(a, name, strlen(name), 40),
                            arena_printable(a, value, len, 60));
    P->p = value;
    P->end = value + len;
    P->err = err;
    *out = (ExampleValue){NULL, false, 0.0, false};
    skip_ws(P);
    if (P->p == P->end)
        return perr(P, "empty value");
    if (at(P, '@'))
        return parse_file(P, out);
    DType t = DT_UNDEFINED;
    bool explicit;
    if (!parse_value(P) || !parse_suffix(P, &t, &explicit) || !build(P, out, t, explicit, seed)) {
        out->tensor = NULL;
        return false;
    }
    return true;
}
