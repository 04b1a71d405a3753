/* The AST dump printed by `--emit ast`: one node per line, two spaces of
 * indent per level,
 *
 *   Kind scalar=value... @L:C-L:C
 *     field: <child node line>
 *     listfield:
 *       <item node lines>
 *
 * Kinds and field names are Python's (ast.dump); positions are 1-based
 * line:column, columns in characters, the end exclusive.  Empty lists and
 * NULL children are left out; a NULL inside a list (a Dict's key for
 * `**m`, a missing keyword-only default) prints as `None`.  What each kind
 * prints comes from the AST's field table (parser/ast_fields.def), in
 * Python's field order: first its values, then its children. */
#include <stddef.h>
#include <string.h>

#include "lexer/lexer.h"
#include "parser/parse.h"

typedef enum FieldType {
    F_END,
    F_NODE, F_LIST, F_BODY,     /* children */
    F_IDENT,        /* printed when set */
    F_OP,
    F_OPS,
    F_BOOL,         /* printed when true */
    F_INT,          /* printed when nonzero */
    F_CHAR,         /* printed unless -1 */
    F_CONST,
    F_NAMES,        /* printed as a list of names */
    F_CTX,          /* Store and Del only */
} FieldType;

typedef struct Field {
    const char *name;
    FieldType type;
    size_t offset;  /* in AstNode */
} Field;

/* What each kind prints: parser/ast_fields.def without the spans of names,
 * which Python's ast does not have. */
static const Field fields[AST_KIND_COUNT][AST_FIELDS_MAX] = {
#define AST_KIND(kind, name, fields) [kind] = {fields {NULL, F_END, 0}},
#define AST_CHILD(type, name, member) {#name, F_##type, offsetof(AstNode, member)},
#define AST_VALUE(type, name, member) {#name, F_##type, offsetof(AstNode, member)},
#define AST_SPAN(name, member)
#define AST_CTX() {"ctx", F_CTX, offsetof(AstNode, ctx)},
#include "parser/ast_fields.def"
};

typedef struct Dumper {
    Compiler *c;
    FILE *out;
} Dumper;

#define AT(n, type, off) ((type const *)((const char *)(n) + (off)))

/* ---- Python reprs of constants ------------------------------------------ */

/* Whether Python's repr() prints code point CP as is.  A small table of
 * what is not printable (controls, separators, formats, private use,
 * surrogates); other non-ASCII characters print as themselves. */
static bool printable(uint32_t cp)
{
    static const uint32_t ranges[][2] = {
        {0x00, 0x1F}, {0x7F, 0xA0}, {0xAD, 0xAD}, {0x34F, 0x34F}, {0x61C, 0x61C},
        {0x1680, 0x1680}, {0x180E, 0x180E}, {0x2000, 0x200F}, {0x2028, 0x202F},
        {0x205F, 0x206F}, {0x3000, 0x3000}, {0xD800, 0xF8FF}, {0xFDD0, 0xFDEF},
        {0xFEFF, 0xFEFF}, {0xFFF0, 0xFFFB}, {0xFFFE, 0xFFFF}, {0x1FFFE, 0x1FFFF},
        {0xE0000, 0xE0FFF}, {0xF0000, 0x10FFFF},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
        if (cp >= ranges[i][0] && cp <= ranges[i][1])
            return false;
    return true;
}

/* Decodes one UTF-8 sequence (surrogates allowed); 0 when malformed. */
static int utf8_decode(const unsigned char *s, const unsigned char *e, uint32_t *cp)
{
    int n = s[0] < 0x80 ? 1 : (s[0] & 0xE0) == 0xC0 ? 2 : (s[0] & 0xF0) == 0xE0 ? 3
          : (s[0] & 0xF8) == 0xF0 ? 4 : 0;
    if (n == 0 || e - s < n)
        return 0;
    uint32_t v = n == 1 ? s[0] : n == 2 ? s[0] & 0x1Fu : n == 3 ? s[0] & 0x0Fu : s[0] & 0x07u;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = v << 6 | (s[i] & 0x3Fu);
    }
    *cp = v;
    return n;
}

static char quote_for(const AstStr *s)
{
    bool single = memchr(s->ptr, '\'', s->len) != NULL;
    bool dbl = memchr(s->ptr, '"', s->len) != NULL;
    return single && !dbl ? '"' : '\'';
}

static bool put_simple_escape(FILE *out, unsigned ch, char quote)
{
    switch (ch) {
    case '\\': fputs("\\\\", out); return true;
    case '\n': fputs("\\n", out); return true;
    case '\r': fputs("\\r", out); return true;
    case '\t': fputs("\\t", out); return true;
    default:
        if (ch == (unsigned char)quote) {
            fprintf(out, "\\%c", quote);
            return true;
        }
        return false;
    }
}

static void put_str_repr(FILE *out, const AstStr *s)
{
    char quote = quote_for(s);
    const unsigned char *p = (const unsigned char *)s->ptr, *e = p + s->len;
    fputc(quote, out);
    while (p < e) {
        uint32_t cp;
        int n = utf8_decode(p, e, &cp);
        if (n == 0) {
            fprintf(out, "\\x%02x", *p++);
            continue;
        }
        if (n == 1 && put_simple_escape(out, cp, quote))
            ;
        else if (printable(cp))
            fwrite(p, 1, (size_t)n, out);
        else
            fprintf(out, cp < 0x100 ? "\\x%02x" : cp < 0x10000 ? "\\u%04x" : "\\U%08x", cp);
        p += n;
    }
    fputc(quote, out);
}

static void put_bytes_repr(FILE *out, const AstStr *s)
{
    char quote = quote_for(s);
    fprintf(out, "b%c", quote);
    for (uint32_t i = 0; i < s->len; i++) {
        unsigned ch = (unsigned char)s->ptr[i];
        if (put_simple_escape(out, ch, quote))
            continue;
        if (ch < 0x20 || ch >= 0x7F)
            fprintf(out, "\\x%02x", ch);
        else
            fputc((int)ch, out);
    }
    fputc(quote, out);
}

/* An int too large for int64: the lexer keeps its digits (with a 0x/0o/0b
 * prefix); Python prints it in decimal.  The conversion is quadratic, so
 * very long literals print as written. */
static void put_big_int(Dumper *d, const AstStr *s)
{
    int base = 10;
    const char *digits = s->ptr;
    if (s->len > 2 && s->ptr[0] == '0' && strchr("xXoObB", s->ptr[1])) {
        base = strchr("xX", s->ptr[1]) ? 16 : strchr("oO", s->ptr[1]) ? 8 : 2;
        digits += 2;
    }
    size_t n = strlen(digits);
    if (base == 10 || n > 4000) {
        fputs(s->ptr, d->out);
        return;
    }
    size_t cap = n * 2 + 2, len = 1;
    unsigned char *dec = arena_alloc(&d->c->arena, cap);     /* little-endian */
    for (size_t i = 0; i < n; i++) {
        char ch = digits[i];
        unsigned carry = (unsigned)(ch <= '9' ? ch - '0' : (ch | 0x20) - 'a' + 10);
        for (size_t k = 0; k < len; k++) {
            unsigned v = dec[k] * (unsigned)base + carry;
            dec[k] = (unsigned char)(v % 10);
            carry = v / 10;
        }
        while (carry && len < cap) {
            dec[len++] = (unsigned char)(carry % 10);
            carry /= 10;
        }
    }
    while (len > 1 && dec[len - 1] == 0)
        len--;
    for (size_t k = len; k-- > 0;)
        fputc('0' + dec[k], d->out);
}

/* Python's repr: 0.1, 1e+16; an imaginary part has no ".0" (2j, 2.5j). */
static void put_float(FILE *out, const char *kind, double v, const char *suffix)
{
    char repr[40];
    lex_format_float(v, repr, sizeof repr);
    size_t len = strlen(repr);
    if (*suffix && len > 2 && strcmp(repr + len - 2, ".0") == 0)
        repr[len - 2] = '\0';
    fprintf(out, " %s=%s%s", kind, repr, suffix);
}

static void put_constant(Dumper *d, const AstNode *n)
{
    FILE *out = d->out;
    const AstStr *s = &n->u.constant.sval;
    switch (n->u.constant.kind) {
    case AST_CONST_NONE: fputs(" None", out); break;
    case AST_CONST_TRUE: fputs(" True", out); break;
    case AST_CONST_FALSE: fputs(" False", out); break;
    case AST_CONST_ELLIPSIS: fputs(" Ellipsis", out); break;
    case AST_CONST_INT:
        fputs(" int=", out);
        if (n->u.constant.overflow)
            put_big_int(d, s);
        else
            fprintf(out, "%lld", (long long)n->u.constant.ival);
        break;
    case AST_CONST_FLOAT: put_float(out, "float", n->u.constant.fval, ""); break;
    case AST_CONST_COMPLEX: put_float(out, "complex", n->u.constant.fval, "j"); break;
    case AST_CONST_STR: fputs(" str=", out); put_str_repr(out, s); break;
    case AST_CONST_BYTES: fputs(" bytes=", out); put_bytes_repr(out, s); break;
    }
}

/* ---- nodes -------------------------------------------------------------- */

static void put_span(Dumper *d, Span span)
{
    const SourceFile *f = span.file >= 0 ? source_file(&d->c->sources, span.file) : NULL;
    if (!f)
        return;
    int l1, c1, l2, c2;
    source_line_col(f, span.start, &l1, &c1);
    source_line_col(f, span.end, &l2, &c2);
    fprintf(d->out, " @%d:%d-%d:%d", l1, c1, l2, c2);
}

/* Item I of a value printed as a list: ` name=a,b,c` */
static void put_list_item(FILE *out, const Field *f, int i, const char *text)
{
    if (i == 0)
        fprintf(out, " %s=%s", f->name, text);
    else
        fprintf(out, ",%s", text);
}

static void put_scalar(Dumper *d, const AstNode *n, const Field *f)
{
    FILE *out = d->out;
    switch (f->type) {
    case F_IDENT: {
        const char *s = *AT(n, const char *, f->offset);
        if (s)
            fprintf(out, " %s=%s", f->name, s);
        break;
    }
    case F_OP: fprintf(out, " %s=%s", f->name, ast_op_text(*AT(n, AstOp, f->offset))); break;
    case F_OPS:
        for (int i = 0; i < n->u.compare.comparators.len; i++)
            put_list_item(out, f, i, ast_op_text(n->u.compare.ops[i]));
        break;
    case F_CTX:
        if (n->ctx != AST_LOAD)
            fprintf(out, " %s=%s", f->name, n->ctx == AST_STORE ? "Store" : "Del");
        break;
    case F_BOOL:
        if (*AT(n, bool, f->offset))
            fprintf(out, " %s=True", f->name);
        break;
    case F_INT:
        if (*AT(n, int, f->offset))
            fprintf(out, " %s=%d", f->name, *AT(n, int, f->offset));
        break;
    case F_CHAR:
        if (*AT(n, int, f->offset) >= 0)
            fprintf(out, " %s=%c", f->name, *AT(n, int, f->offset));
        break;
    case F_CONST: put_constant(d, n); break;
    case F_NAMES: {
        const AstList *l = AT(n, AstList, f->offset);
        for (int i = 0; i < l->len; i++)
            put_list_item(out, f, i, l->items[i]->u.name.id);
        break;
    }
    default: break;
    }
}

static void dump_node(Dumper *d, const AstNode *n, int indent, const char *label);

static void dump_children(Dumper *d, const AstNode *n, int indent)
{
    for (const Field *f = fields[n->kind]; f->type != F_END; f++) {
        if (f->type == F_NODE) {
            const AstNode *child = *AT(n, const AstNode *, f->offset);
            if (child)
                dump_node(d, child, indent, f->name);
        } else if (f->type == F_LIST || f->type == F_BODY) {
            const AstList *l = f->type == F_BODY ? ast_function_body(n) : AT(n, AstList, f->offset);
            if (l->len == 0)
                continue;
            fprintf(d->out, "%*s%s:\n", indent * 2, "", f->name);
            for (int i = 0; i < l->len; i++) {
                if (l->items[i])
                    dump_node(d, l->items[i], indent + 1, NULL);
                else
                    fprintf(d->out, "%*sNone\n", (indent + 1) * 2, "");
            }
        }
    }
}

static void dump_node(Dumper *d, const AstNode *n, int indent, const char *label)
{
    fprintf(d->out, "%*s%s%s%s", indent * 2, "", label ? label : "", label ? ": " : "",
            ast_kind_name(n->kind));
    for (const Field *f = fields[n->kind]; f->type != F_END; f++)
        if (f->type != F_NODE && f->type != F_LIST && f->type != F_BODY)
            put_scalar(d, n, f);
    put_span(d, n->span);
    fputc('\n', d->out);
    dump_children(d, n, indent + 1);
}

void ast_dump(Compiler *c, const AstNode *node, FILE *out)
{
    Dumper d = {c, out};
    if (node)
        dump_node(&d, node, 0, NULL);
}
