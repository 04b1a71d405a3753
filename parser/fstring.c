/* String literals: adjacent STRING tokens concatenate into one Constant, or
 * into one JoinedStr as soon as one of them is an f-string.
 *
 * An f-string body is split here with Python 3.11's rules into literal text
 * (decoded by lex_decode_string; `{{` and `}}` are braces) and replacement
 * fields `{expr=!conv:spec}`.  A field's expression is found by scanning
 * brackets and nested string literals, then lexed and parsed by
 * parse_fstring_field(), so its nodes carry spans into the file.  The format
 * spec is itself a body whose fields may nest one level.
 *
 * Spans, as Python 3.11 gives them: the JoinedStr covers all the tokens;
 * each of its Constant and FormattedValue parts (also inside format specs)
 * has that same span; a format spec's JoinedStr has the span of its token. */
#include <string.h>

#include "lexer/lexer.h"
#include "parser/parse_internal.h"

/* Python 3.11: fields inside a format spec inside a format spec are refused */
#define FSTRING_MAX_SPEC_LEVEL 2

typedef struct FBuild {
    ParseCtx *pc;
    Span whole;             /* span of the concatenated tokens */
    Token tok;              /* the token being split */
    char *buf;              /* literal text not yet made a Constant */
    size_t len, cap;
    bool failed;
} FBuild;

StrParts *ast_string_part(ParseCtx *pc, StrParts *parts, Token t)
{
    if (!parts)
        parts = arena_alloc(&pc->c->arena, sizeof *parts);
    if (parts->len == parts->cap) {
        int cap = parts->cap ? parts->cap * 2 : 4;
        parts->toks = arena_grow(&pc->c->arena, parts->toks, sizeof(Token) * (size_t)parts->cap,
                                 sizeof(Token) * (size_t)cap);
        parts->cap = cap;
    }
    parts->toks[parts->len++] = t;
    return parts;
}

/* ---- literal text ------------------------------------------------------- */

static void buf_append(FBuild *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->buf = arena_grow(&b->pc->c->arena, b->buf, b->cap, cap);
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = '\0';
}

/* Decodes bytes [start, end) of the current token with its flags. */
static void append_decoded(FBuild *b, uint32_t start, uint32_t end)
{
    if (start >= end)
        return;
    AstStr s;
    if (!lex_decode_string(b->pc->c, b->pc->file, start, end, b->tok.flags, &s))
        b->failed = true;
    buf_append(b, s.ptr, s.len);
}

static AstNode *str_constant(ParseCtx *pc, Span span, const char *s, size_t n, bool bytes)
{
    AstNode *k = ast_new(pc, AST_CONSTANT, span);
    k->u.constant.kind = bytes ? AST_CONST_BYTES : AST_CONST_STR;
    char *copy = arena_alloc_raw(&pc->c->arena, n + 1);
    if (n)
        memcpy(copy, s, n);
    copy[n] = '\0';
    k->u.constant.sval = (AstStr){copy, (uint32_t)n};
    return k;
}

/* Pending literal text becomes a Constant part (Python drops empty ones)
 * with span SPAN. */
static void flush_literal_at(FBuild *b, AstNode *joined, Span span)
{
    if (b->len == 0)
        return;
    ast_push(b->pc, &joined->u.joined_str.values, str_constant(b->pc, span, b->buf, b->len, false));
    b->len = 0;
}

static void flush_literal(FBuild *b, AstNode *joined)
{
    flush_literal_at(b, joined, b->whole);
}

static void fstring_error(FBuild *b, uint32_t at, const char *msg)
{
    if (!b->failed)
        diag_error(&b->pc->c->diag, (Span){b->tok.file, at, at + 1}, "%s", msg);
    b->failed = true;
}

/* ---- finding the end of a field's expression ---------------------------- */

/* Skips a string literal inside a field starting at quote I; returns the
 * offset after it, or END when it does not close. */
static uint32_t skip_nested_string(const char *text, uint32_t i, uint32_t end)
{
    char q = text[i];
    bool triple = i + 2 < end && text[i + 1] == q && text[i + 2] == q;
    i += triple ? 3 : 1;
    while (i < end) {
        if (text[i] == q && (!triple || (i + 2 < end && text[i + 1] == q && text[i + 2] == q)))
            return i + (triple ? 3 : 1);
        i++;
    }
    return end;
}

static bool closes(char open, char close)
{
    return (open == '(' && close == ')') || (open == '[' && close == ']') ||
           (open == '{' && close == '}');
}

/* A bracket inside a field: pushes or pops NEST; reports mismatches.
 * Returns false at the '}' that ends the field or after an error. */
static bool field_bracket(FBuild *b, uint32_t i, char *nest, int *depth, int limit)
{
    char ch = b->pc->file->text[i];
    if (ch == '(' || ch == '[' || ch == '{') {
        if (*depth >= limit) {
            fstring_error(b, i, "f-string: too many nested parenthesis");
            return false;
        }
        nest[(*depth)++] = ch;
        return true;
    }
    if (*depth == 0) {
        if (ch != '}') {
            char msg[40];
            snprintf(msg, sizeof msg, "f-string: unmatched '%c'", ch);
            fstring_error(b, i, msg);
        }
        return false;
    }
    char open = nest[--*depth];
    if (!closes(open, ch)) {
        char msg[80];
        snprintf(msg, sizeof msg,
                 "f-string: closing parenthesis '%c' does not match opening parenthesis '%c'", ch,
                 open);
        fstring_error(b, i, msg);
        return false;
    }
    return true;
}

/* Whether the character at I ends the expression at bracket depth 0:
 * '!' (not "!="), ':', '=' (not "=="); "<=", ">=" are skipped by the
 * caller through *skip. */
static bool ends_expression(const char *text, uint32_t i, uint32_t end, int *skip)
{
    char ch = text[i];
    char next = i + 1 < end ? text[i + 1] : '\0';
    *skip = 1;
    if ((ch == '!' || ch == '=' || ch == '<' || ch == '>') && next == '=') {
        *skip = 2;
        return false;
    }
    return ch == '!' || ch == ':' || ch == '=';
}

/* Returns the offset where the expression of the field starting at I
 * (after its '{') ends, or END after reporting an error. */
static uint32_t find_expression_end(FBuild *b, uint32_t i, uint32_t end)
{
    const char *text = b->pc->file->text;
    int limit = b->pc->c->limits.max_nesting;
    char *nest = arena_alloc_raw(&b->pc->c->arena, (size_t)limit + 1);
    int depth = 0;
    while (i < end) {
        char ch = text[i];
        int skip = 1;
        if (ch == '\\') {
            fstring_error(b, i, "f-string expression part cannot include a backslash");
            return end;
        } else if (ch == '#') {
            fstring_error(b, i, "f-string expression part cannot include '#'");
            return end;
        } else if (ch == '\'' || ch == '"') {
            uint32_t after = skip_nested_string(text, i, end);
            if (after == end) {
                fstring_error(b, i, "f-string: unterminated string");
                return end;
            }
            const char *bs = memchr(text + i, '\\', after - i);
            if (bs) {       /* Python 3.11 refuses it in nested strings too */
                fstring_error(b, (uint32_t)(bs - text),
                              "f-string expression part cannot include a backslash");
                return end;
            }
            skip = (int)(after - i);
        } else if (strchr("([{)]}", ch)) {
            if (!field_bracket(b, i, nest, &depth, limit))
                return b->failed ? end : i;
        } else if (depth == 0 && ends_expression(text, i, end, &skip)) {
            return i;
        }
        i += (uint32_t)skip;
    }
    fstring_error(b, end, "f-string: expecting '}'");
    return end;
}

/* ---- fields ------------------------------------------------------------- */

static bool parse_body(FBuild *b, uint32_t i, uint32_t end, int level, AstNode *joined,
                       uint32_t *stop);

static bool all_blank(const char *s, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' && s[i] != '\f')
            return false;
    return true;
}

/* '!' conversion: one of s, r, a, followed by ':' or '}' */
static int parse_conversion(FBuild *b, uint32_t *i, uint32_t end)
{
    const char *text = b->pc->file->text;
    uint32_t at = *i + 1;
    if (at >= end) {
        fstring_error(b, at, "f-string: expecting '}'");
        return -1;
    }
    char conv = text[at];
    if (conv != 's' && conv != 'r' && conv != 'a') {
        fstring_error(b, at, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
        return -1;
    }
    *i = at + 1;
    if (*i >= end || (text[*i] != ':' && text[*i] != '}')) {
        fstring_error(b, *i < end ? *i : end, "f-string: expecting '}'");
        return -1;
    }
    return conv;
}

/* ':' format spec up to the '}' of the field: a JoinedStr. */
static AstNode *parse_spec(FBuild *b, uint32_t *i, uint32_t end, int level)
{
    AstNode *spec = ast_new(b->pc, AST_JOINED_STR, token_span(b->tok));
    parse_body(b, *i + 1, end, level + 1, spec, i);
    ast_adopt_list(b->pc, spec, spec->u.joined_str.values);
    return spec;
}

static AstNode *formatted_value(FBuild *b, AstNode *value, int conv, AstNode *spec)
{
    AstNode *n = ast_new(b->pc, AST_FORMATTED_VALUE, b->whole);
    n->u.formatted_value.value = value;
    n->u.formatted_value.conversion = conv;
    n->u.formatted_value.format_spec = spec;
    ast_adopt(b->pc, n, value);
    ast_adopt(b->pc, n, spec);
    return n;
}

/* The field whose '{' is at OPEN; returns the offset after its '}'. */
static uint32_t parse_field(FBuild *b, uint32_t open, uint32_t end, int level, AstNode *joined)
{
    const char *text = b->pc->file->text;
    uint32_t start = open + 1;
    uint32_t i = find_expression_end(b, start, end);
    if (b->failed)
        return end;
    if (all_blank(text, start, i)) {
        fstring_error(b, i, "f-string: empty expression not allowed");
        return end;
    }
    uint32_t expr_end = i;
    bool debug = text[i] == '=';
    if (debug) {
        for (i++; i < end && all_blank(text, i, i + 1); i++)
            ;
        buf_append(b, text + start, i - start);
    }
    int conv = -1;
    if (i < end && text[i] == '!' && (conv = parse_conversion(b, &i, end)) < 0)
        return end;
    /* the literal text before the field (and its debug text) goes before
     * it, not into its format spec */
    flush_literal(b, joined);
    AstNode *spec = NULL;
    if (i < end && text[i] == ':')
        spec = parse_spec(b, &i, end, level);
    if (b->failed)
        return end;
    if (i >= end || text[i] != '}') {
        fstring_error(b, i < end ? i : end, "f-string: expecting '}'");
        return end;
    }
    if (debug && conv < 0 && !spec)
        conv = 'r';
    AstNode *value = parse_fstring_field(b->pc, start, expr_end);
    if (!value) {
        b->failed = true;
        return end;
    }
    flush_literal(b, joined);
    ast_push(b->pc, &joined->u.joined_str.values, formatted_value(b, value, conv, spec));
    return i + 1;
}

/* ---- bodies ------------------------------------------------------------- */

/* A backslash in literal text: an escape is skipped whole, so the braces of
 * \N{NAME} are not a field; but `\{` is a backslash and a field, as in
 * Python 3.11 (which warns about the escape). */
static uint32_t skip_escape(const FBuild *b, uint32_t i, uint32_t end)
{
    const char *text = b->pc->file->text;
    if ((b->tok.flags & TOKF_STR_RAW) || i + 1 >= end)
        return i + 1;
    char next = text[i + 1];
    if (next == 'N' && i + 2 < end && text[i + 2] == '{') {
        const char *close = memchr(text + i, '}', end - i);
        return close ? (uint32_t)(close - text) + 1 : end;
    }
    return next == '{' || next == '}' ? i + 1 : i + 2;
}

/* Literal text and fields from I to END (a format spec at LEVEL > 0 stops
 * at its closing '}', whose offset goes to *STOP). */
static bool parse_body(FBuild *b, uint32_t i, uint32_t end, int level, AstNode *joined,
                       uint32_t *stop)
{
    const char *text = b->pc->file->text;
    uint32_t lit = i;
    while (i < end && !b->failed) {
        char ch = text[i];
        bool doubled = level == 0 && i + 1 < end && text[i + 1] == ch;
        if (ch == '\\') {
            i = skip_escape(b, i, end);
        } else if ((ch == '{' || ch == '}') && doubled) {
            i += 2;
        } else if (ch == '{' && level >= FSTRING_MAX_SPEC_LEVEL) {
            fstring_error(b, i, "f-string: expressions nested too deeply");
        } else if (ch == '{') {
            append_decoded(b, lit, i);
            i = lit = parse_field(b, i, end, level, joined);
        } else if (ch == '}' && level > 0) {
            break;
        } else if (ch == '}') {
            fstring_error(b, i, "f-string: single '}' is not allowed");
        } else {
            i++;
        }
    }
    if (b->failed)
        return false;
    append_decoded(b, lit, i < end ? i : end);
    if (level > 0)      /* Python 3.11 gives this last part the token's span */
        flush_literal_at(b, joined, token_span(b->tok));
    if (stop)
        *stop = i;
    return true;
}

/* ---- the atom ----------------------------------------------------------- */

static bool mixes_bytes(ParseCtx *pc, const StrParts *p, Span whole)
{
    bool bytes = p->toks[0].flags & TOKF_STR_BYTES;
    for (int i = 1; i < p->len; i++)
        if (!(p->toks[i].flags & TOKF_STR_BYTES) != !bytes) {
            diag_error(&pc->c->diag, whole, "cannot mix bytes and nonbytes literals");
            return true;
        }
    return false;
}

static void add_token(FBuild *b, Token t, AstNode *joined)
{
    uint32_t start, end;
    lex_string_body(b->pc->file, t, &start, &end);
    b->tok = t;
    if (joined && (t.flags & TOKF_STR_FORMAT))
        parse_body(b, start, end, 0, joined, NULL);
    else
        append_decoded(b, start, end);
}

/* atom: STRING+ */
AstNode *ast_strings(ParseCtx *pc, StrParts *parts)
{
    Token first = parts->toks[0], last = parts->toks[parts->len - 1];
    FBuild b = {.pc = pc, .whole = ast_join(token_span(first), token_span(last))};
    bool fstring = false;
    for (int i = 0; i < parts->len; i++)
        fstring |= (parts->toks[i].flags & TOKF_STR_FORMAT) != 0;
    bool bytes = (first.flags & TOKF_STR_BYTES) != 0;
    if (mixes_bytes(pc, parts, b.whole))
        return str_constant(pc, b.whole, "", 0, bytes);
    AstNode *joined = fstring ? ast_new(pc, AST_JOINED_STR, b.whole) : NULL;
    for (int i = 0; i < parts->len && !b.failed; i++)
        add_token(&b, parts->toks[i], joined);
    if (!joined)
        return str_constant(pc, b.whole, b.buf ? b.buf : "", b.len, bytes);
    flush_literal(&b, joined);
    ast_adopt_list(pc, joined, joined->u.joined_str.values);
    return joined;
}
