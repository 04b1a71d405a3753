/* Literal decoding: the value of a string or number token, computed from
 * its text when a later stage (the parser, --emit tokens) asks for it.
 *
 * Strings follow Python 3.11: escapes \\ \' \" \a \b \f \n \r \t \v \ooo
 * \xhh, and in str (not bytes) \uXXXX \UXXXXXXXX \N{NAME}; a backslash
 * before a newline joins lines; unknown escapes are kept as written.  Line
 * ends inside a literal read as \n whatever the file used (Python reads
 * source with universal newlines).  Decoded str values are UTF-8; both
 * kinds may hold NULs. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lexer/lex_internal.h"

void lex_string_body(const SourceFile *f, Token t, uint32_t *body_start, uint32_t *body_end)
{
    uint32_t end = t.start + t.len <= f->len ? t.start + t.len : f->len;
    uint32_t p = t.start;
    while (p < end && f->text[p] != '\'' && f->text[p] != '"')
        p++;                                    /* prefix letters */
    uint32_t quotes = t.flags & TOKF_STR_TRIPLE ? 3 : 1;
    if (end - p < 2 * quotes) {
        *body_start = *body_end = end;          /* not a whole string token */
        return;
    }
    *body_start = p + quotes;
    *body_end = end - quotes;
}

typedef struct Decoder {
    Compiler *c;
    const SourceFile *f;
    const char *text;
    uint32_t pos, end;
    unsigned flags;
    char *out;
    uint32_t len;
    bool ok;
    bool nonascii_reported;
} Decoder;

static void fail(Decoder *d, uint32_t start, uint32_t end, const char *msg)
{
    diag_error(&d->c->diag, (Span){d->f->id, start, end}, "%s", msg);
    d->ok = false;
}

static void put_byte(Decoder *d, char ch)
{
    d->out[d->len++] = ch;
}

/* A code point from an escape: UTF-8 in a str, one byte in bytes (where
 * only \ooo and \xhh get here, and octal values above 0o377 wrap). */
static void put_code(Decoder *d, uint32_t cp)
{
    if (d->flags & TOKF_STR_BYTES)
        put_byte(d, (char)(cp & 0xFF));
    else
        d->len += (uint32_t)lex_utf8_encode(cp, d->out + d->len);
}

static int hex_value(char ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

/* \xhh, \uXXXX, \UXXXXXXXX: exactly NDIGITS hex digits after the letter. */
static void decode_hex(Decoder *d, uint32_t esc, int ndigits, const char *truncated)
{
    uint32_t cp = 0;
    for (int i = 0; i < ndigits; i++) {
        int v = d->pos < d->end ? hex_value(d->text[d->pos]) : -1;
        if (v < 0) {
            fail(d, esc, d->pos, truncated);
            return;
        }
        cp = cp * 16 + (uint32_t)v;
        d->pos++;
    }
    if (cp > 0x10FFFF) {
        fail(d, esc, d->pos, "illegal Unicode character");
        return;
    }
    put_code(d, cp);
}

/* \ooo: one to three octal digits, the first already read. */
static void decode_octal(Decoder *d, char first)
{
    uint32_t cp = (uint32_t)(first - '0');
    for (int i = 0; i < 2 && d->pos < d->end; i++) {
        char ch = d->text[d->pos];
        if (ch < '0' || ch > '7')
            break;
        cp = cp * 8 + (uint32_t)(ch - '0');
        d->pos++;
    }
    put_code(d, cp);
}

/* \N{NAME} */
static void decode_named(Decoder *d, uint32_t esc)
{
    if (d->pos >= d->end || d->text[d->pos] != '{') {
        fail(d, esc, d->pos, "malformed \\N character escape");
        return;
    }
    uint32_t name = d->pos + 1, close = name;
    while (close < d->end && d->text[close] != '}')
        close++;
    if (close >= d->end || close == name) {
        fail(d, esc, d->pos, "malformed \\N character escape");
        return;
    }
    d->pos = close + 1;
    int32_t cp = lex_char_by_name(d->text + name, close - name);
    if (cp < 0) {
        fail(d, esc, d->pos, "unknown Unicode character name");
        return;
    }
    put_code(d, (uint32_t)cp);
}

static char simple_escape(char ch)
{
    switch (ch) {
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    default: return 0;
    }
}

/* A backslash at d->pos in a non-raw literal. */
static void decode_escape(Decoder *d)
{
    uint32_t esc = d->pos;
    bool bytes = d->flags & TOKF_STR_BYTES;
    if (esc + 1 >= d->end) {
        put_byte(d, '\\');
        d->pos++;
        return;
    }
    char ch = d->text[esc + 1];
    char simple = simple_escape(ch);
    d->pos = esc + 2;
    if (simple) {
        put_byte(d, simple);
    } else if (ch == '\n') {
        /* line continuation inside the literal */
    } else if (ch == '\r') {
        if (d->pos < d->end && d->text[d->pos] == '\n')
            d->pos++;
    } else if (ch >= '0' && ch <= '7') {
        decode_octal(d, ch);
    } else if (ch == 'x') {
        decode_hex(d, esc, 2, "truncated \\xXX escape");
    } else if (ch == 'u' && !bytes) {
        decode_hex(d, esc, 4, "truncated \\uXXXX escape");
    } else if (ch == 'U' && !bytes) {
        decode_hex(d, esc, 8, "truncated \\UXXXXXXXX escape");
    } else if (ch == 'N' && !bytes) {
        decode_named(d, esc);
    } else {
        /* unknown escape: Python keeps the backslash; what follows is
         * decoded normally */
        put_byte(d, '\\');
        d->pos = esc + 1;
    }
}

static void decode_one(Decoder *d)
{
    char ch = d->text[d->pos];
    if (ch == '\r') {
        d->pos++;
        if (d->pos < d->end && d->text[d->pos] == '\n')
            d->pos++;
        put_byte(d, '\n');
        return;
    }
    if (ch == '\\' && !(d->flags & TOKF_STR_RAW)) {
        decode_escape(d);
        return;
    }
    if ((d->flags & TOKF_STR_FORMAT) && (ch == '{' || ch == '}') && d->pos + 1 < d->end &&
        d->text[d->pos + 1] == ch) {
        put_byte(d, ch);                    /* {{ and }} in f-string text */
        d->pos += 2;
        return;
    }
    if ((unsigned char)ch >= 0x80 && (d->flags & TOKF_STR_BYTES) && !d->nonascii_reported) {
        fail(d, d->pos, d->pos + 1, "bytes can only contain ASCII literal characters");
        d->nonascii_reported = true;
    }
    put_byte(d, ch);
    d->pos++;
}

bool lex_decode_string(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end,
                       unsigned flags, AstStr *out)
{
    if (end > f->len)
        end = f->len;
    if (start > end)
        start = end;
    /* no escape decodes to more bytes than it is written with */
    Decoder d = {c, f, f->text, start, end, flags, NULL, 0, true, false};
    d.out = arena_alloc_raw(&c->arena, end - start + 1);
    while (d.pos < d.end)
        decode_one(&d);
    assert(d.len <= end - start);
    d.out[d.len] = '\0';
    out->ptr = d.out;
    out->len = d.len;
    return d.ok;
}

/* An integer literal without underscores: decimal, 0x, 0o or 0b.  Returns
 * false when it does not fit in int64. */
static bool parse_int(const char *s, int64_t *value)
{
    unsigned base = 10;
    if (s[0] == '0' && s[1] != '\0' && strchr("xXoObB", s[1])) {
        char b = (char)(s[1] | 0x20);
        base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
        s += 2;
    }
    uint64_t v = 0;
    for (; *s; s++) {
        int digit = hex_value(*s);
        assert(digit >= 0 && (unsigned)digit < base);
        if (v > (UINT64_MAX - (unsigned)digit) / base)
            return false;
        v = v * base + (unsigned)digit;
    }
    if (v > (uint64_t)INT64_MAX)
        return false;
    *value = (int64_t)v;
    return true;
}

bool lex_decode_number(Compiler *c, const SourceFile *f, Token t, AstNode *n)
{
    assert(t.kind == TK_NUMBER && t.start + t.len <= f->len && t.len > 0);
    char *text = arena_alloc_raw(&c->arena, t.len + 1);
    uint32_t len = 0;
    for (uint32_t i = 0; i < t.len; i++)
        if (f->text[t.start + i] != '_')
            text[len++] = f->text[t.start + i];
    text[len] = '\0';
    n->kind = AST_CONSTANT;
    if (t.flags & TOKF_NUM_IMAG) {
        text[--len] = '\0';                     /* the j */
        n->u.constant.kind = AST_CONST_COMPLEX;
        n->u.constant.fval = strtod(text, NULL);
    } else if (t.flags & TOKF_NUM_FLOAT) {
        n->u.constant.kind = AST_CONST_FLOAT;
        n->u.constant.fval = strtod(text, NULL);    /* overflow gives inf, as in Python */
    } else {
        n->u.constant.kind = AST_CONST_INT;
        n->u.constant.overflow = !parse_int(text, &n->u.constant.ival);
        if (n->u.constant.overflow)
            n->u.constant.sval = (AstStr){text, len};
    }
    return true;
}

/* ---- Python's repr of a float ------------------------------------------- */

/* The shortest digits that read back as V (V finite and > 0): DIGITS gets
 * them without a point, the result is the decimal exponent of the first. */
static int shortest_digits(double v, char *digits)
{
    char buf[40];
    for (int prec = 0; prec < 17; prec++) {
        snprintf(buf, sizeof buf, "%.*e", prec, v);
        if (strtod(buf, NULL) == v || prec == 16)
            break;
    }
    int n = 0;
    const char *p = buf;
    for (; *p && *p != 'e'; p++)
        if (*p != '.')
            digits[n++] = *p;
    while (n > 1 && digits[n - 1] == '0')
        n--;
    digits[n] = '\0';
    return atoi(p + 1);
}

void lex_format_float(double v, char *out, size_t size)
{
    if (v != v) {
        snprintf(out, size, "nan");
        return;
    }
    const char *sign = signbit(v) ? "-" : "";
    v = fabs(v);
    if (isinf(v) || v == 0) {
        snprintf(out, size, "%s%s", sign, isinf(v) ? "inf" : "0.0");
        return;
    }
    char d[24];
    int e = shortest_digits(v, d);
    int n = (int)strlen(d);
    static const char zeros[] = "0000000000000000";     /* |e| < 17 below */
    if (e < -4 || e >= 16)              /* 1e+16, 1.5e-07 */
        snprintf(out, size, "%s%c%s%se%c%02d", sign, d[0], n > 1 ? "." : "", d + 1,
                 e < 0 ? '-' : '+', abs(e));
    else if (e < 0)                     /* 0.00123 */
        snprintf(out, size, "%s0.%.*s%s", sign, -e - 1, zeros, d);
    else if (n <= e + 1)                /* 1200.0 */
        snprintf(out, size, "%s%s%.*s.0", sign, d, e + 1 - n, zeros);
    else                                /* 12.5 */
        snprintf(out, size, "%s%.*s.%s", sign, e + 1, d, d + e + 1);
}
