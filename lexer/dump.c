/* `--emit tokens`: one token per line,
 *
 *   LINE:COL-ENDLINE:ENDCOL KIND 'source text' [=> value]
 *
 * Columns are 1-based code points, the end is exclusive.  Layout tokens
 * (NEWLINE, INDENT, DEDENT, EOF) show no text; synthesized tokens say so.
 * Strings show their decoded value as Python's repr() would, numbers their
 * value.  Positions are found by walking forward through the file, so a
 * megabyte-long line costs linear time, not quadratic. */
#include <string.h>

#include "lexer/lex_internal.h"

/* A position in the file that only moves forward (except on request). */
typedef struct Cursor {
    const SourceFile *f;
    uint32_t offset;
    int line;           /* 1-based */
    int col;
} Cursor;

static int line_index(const SourceFile *f, uint32_t offset)
{
    source_index(f);
    int lo = 0, hi = f->nlines - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (f->line_starts[mid] <= offset)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

static void cursor_move(Cursor *cu, uint32_t offset)
{
    if (offset > cu->f->len)
        offset = cu->f->len;
    int idx = line_index(cu->f, offset);
    uint32_t from = source_line_start(cu->f, idx + 1);
    if (offset < from)
        offset = from;
    if (idx == cu->line - 1 && offset >= cu->offset) {
        cu->col += (int)lex_utf8_count(cu->f->text + cu->offset, cu->f->text + offset);
    } else {
        cu->line = idx + 1;
        cu->col = 1 + (int)lex_utf8_count(cu->f->text + from, cu->f->text + offset);
    }
    cu->offset = offset;
}

static bool is_layout(int kind)
{
    return kind == TK_NEWLINE || kind == TK_INDENT || kind == TK_DEDENT || kind == TK_EOF;
}

/* Source text inside '...': escapes for quotes, backslashes, line ends,
 * controls and bytes that are not UTF-8. */
static void put_source(FILE *out, const char *s, const char *e)
{
    const unsigned char *p = (const unsigned char *)s, *end = (const unsigned char *)e;
    while (p < end) {
        uint32_t cp;
        int n = *p >= 0x80 ? lex_utf8_decode(p, end, &cp) : 1;
        if (n > 1) {
            fwrite(p, 1, (size_t)n, out);
            p += n;
            continue;
        }
        unsigned char ch = *p++;
        if (ch == '\n')
            fputs("\\n", out);
        else if (ch == '\t')
            fputs("\\t", out);
        else if (ch == '\r')
            fputs("\\r", out);
        else if (ch == '\\' || ch == '\'')
            fprintf(out, "\\%c", ch);
        else if (ch < 0x20 || ch >= 0x7F)
            fprintf(out, "\\x%02x", ch);
        else
            fputc(ch, out);
    }
}

/* Python's choice: single quotes unless the text has ' and no ". */
static char repr_quote(AstStr s)
{
    bool single = memchr(s.ptr, '\'', s.len) != NULL;
    bool dbl = memchr(s.ptr, '"', s.len) != NULL;
    return single && !dbl ? '"' : '\'';
}

/* One character of a repr; returns false if CP is not handled here. */
static bool put_repr_common(FILE *out, uint32_t cp, char quote)
{
    if (cp == '\\' || cp == (uint32_t)quote)
        fprintf(out, "\\%c", (char)cp);
    else if (cp == '\n')
        fputs("\\n", out);
    else if (cp == '\t')
        fputs("\\t", out);
    else if (cp == '\r')
        fputs("\\r", out);
    else if (cp < 0x20 || cp == 0x7F)
        fprintf(out, "\\x%02x", (unsigned)cp);
    else if (cp < 0x7F)
        fputc((int)cp, out);
    else
        return false;
    return true;
}

static void put_str_repr(FILE *out, AstStr s)
{
    char quote = repr_quote(s);
    const unsigned char *p = (const unsigned char *)s.ptr, *end = p + s.len;
    fputc(quote, out);
    while (p < end) {
        uint32_t cp;
        int n = lex_utf8_decode_lenient(p, end, &cp);
        if (n == 0) {
            fprintf(out, "\\x%02x", *p++);      /* cannot come from a valid literal */
            continue;
        }
        if (put_repr_common(out, cp, quote))
            ;
        else if (lex_char_printable(cp))
            fwrite(p, 1, (size_t)n, out);
        else if (cp < 0x100)
            fprintf(out, "\\x%02x", (unsigned)cp);
        else if (cp < 0x10000)
            fprintf(out, "\\u%04x", (unsigned)cp);
        else
            fprintf(out, "\\U%08x", (unsigned)cp);
        p += n;
    }
    fputc(quote, out);
}

static void put_bytes_repr(FILE *out, AstStr s)
{
    char quote = repr_quote(s);
    fprintf(out, "b%c", quote);
    for (uint32_t i = 0; i < s.len; i++) {
        unsigned char ch = (unsigned char)s.ptr[i];
        if (!put_repr_common(out, ch, quote))
            fprintf(out, "\\x%02x", ch);
    }
    fputc(quote, out);
}

static void put_string_value(Compiler *c, const SourceFile *f, Token t, FILE *out)
{
    if (t.flags & TOKF_STR_FORMAT) {
        fputs(" => f-string", out);
        return;
    }
    uint32_t start, end;
    AstStr value;
    lex_string_body(f, t, &start, &end);
    if (!lex_decode_string(c, f, start, end, t.flags, &value))
        return;                                 /* reported */
    fputs(" => ", out);
    if (t.flags & TOKF_STR_BYTES)
        put_bytes_repr(out, value);
    else
        put_str_repr(out, value);
}

static void put_number_value(Compiler *c, const SourceFile *f, Token t, FILE *out)
{
    AstNode n;
    memset(&n, 0, sizeof n);
    if (!lex_decode_number(c, f, t, &n))
        return;
    if (n.u.constant.kind == AST_CONST_INT && n.u.constant.overflow)
        fprintf(out, " => int (overflows int64) %s", n.u.constant.sval.ptr);
    else if (n.u.constant.kind == AST_CONST_INT)
        fprintf(out, " => int %lld", (long long)n.u.constant.ival);
    else {
        char repr[40];
        lex_format_float(n.u.constant.fval, repr, sizeof repr);
        fprintf(out, " => %s %s", n.u.constant.kind == AST_CONST_FLOAT ? "float" : "imag", repr);
    }
}

void lex_dump(Compiler *c, const SourceFile *f, const TokenArray *toks, FILE *out)
{
    Cursor cu = {f, source_line_start(f, 1), 1, 1};
    for (int i = 0; i < toks->len; i++) {
        Token t = toks->items[i];
        cursor_move(&cu, t.start);
        int line = cu.line, col = cu.col;
        cursor_move(&cu, t.start + t.len);
        fprintf(out, "%d:%d-%d:%d %s", line, col, cu.line, cu.col, token_kind_name(t.kind));
        if (!is_layout(t.kind)) {
            fputs(" '", out);
            put_source(out, f->text + t.start, f->text + cu.offset);
            fputc('\'', out);
        }
        if (t.flags & TOKF_SYNTHETIC)
            fputs(" (synthetic)", out);
        else if (t.kind == TK_STRING)
            put_string_value(c, f, t, out);
        else if (t.kind == TK_NUMBER)
            put_number_value(c, f, t, out);
        fputc('\n', out);
    }
}
