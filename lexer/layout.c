/* The layout layer: raw tokens -> the token stream the parser reads.
 *
 * It follows CPython's tokenizer: an indentation stack gives INDENT and
 * DEDENT at the start of each logical line; NEWLINE ends a logical line;
 * blank and comment-only lines and newlines inside brackets produce nothing
 * (implicit line joining); at the end of input come a NEWLINE if the last
 * line had none, then every pending DEDENT.  Tabs advance to the next
 * multiple of 8, and the same line measured with tabs of width 1 must
 * compare the same way (Python's TabError check).
 *
 * Errors are recovered from so the parser still sees a well-formed stream:
 * an unexpected indent or an unindent to an unknown level pushes a
 * "phantom" level that produces no INDENT/DEDENT; a block header with no
 * indented block gets a synthesized `INDENT pass NEWLINE DEDENT`; a block
 * header missing its ':' still opens the indented block that follows (the
 * parser reports the colon and skips the block).  A bracket left open is
 * closed where a line inside it starts with a keyword that only begins a
 * statement (`def`, `return`, ...) no deeper than the line that opened it
 * (or at any depth when that line is a block header):
 * the bracket is reported as never closed, a NEWLINE ends the statement,
 * and the tokens in between are flagged TOKF_UNCLOSED so the parser does
 * not report them again.
 *
 * A `match` statement (soft keyword) is folded, header and block, into one
 * TK_MATCH_STMT token, so the parser can refuse it with one message. */
#include <assert.h>
#include <limits.h>
#include <string.h>

#include "lexer/lex_internal.h"

typedef struct Level {
    int col;        /* tabs to multiples of 8 */
    int altcol;     /* tabs of width 1, for the consistency check */
    bool phantom;   /* pushed for recovery: no INDENT or DEDENT for it */
} Level;

typedef struct Open {
    int16_t kind;   /* TK_LPAR, TK_LSQB or TK_LBRACE */
    uint32_t start;
    int index;      /* of its token in Layout.out */
} Open;

typedef struct Indent {
    int col, altcol;
    uint32_t start, end;    /* the leading blanks of the line */
} Indent;

typedef struct Layout {
    Compiler *c;
    const SourceFile *f;
    RawLexer raw;
    bool expr_mode;         /* an f-string field: no layout tokens at all */
    bool stopped;           /* after a fatal error nothing more is read */
    int limit;              /* max brackets open, max indentation levels */
    TokenArray out;
    int cap;
    Level *levels;          /* levels[0] is column 0 */
    int nlevels;
    Open *opens;
    int nopen;
    /* the logical line being read */
    uint32_t line_begin;    /* where its first physical line starts */
    bool at_line_start;     /* no token read yet */
    int first;              /* index in out of its first token */
    int ntokens;
    int16_t kinds[2];       /* kinds of its first two tokens */
    int16_t last_kind;
    uint32_t last_end;      /* end of the last token read */
    int indent_col;         /* its indentation */
    int top_colons;         /* ':' outside brackets in it */
    bool physical_start;    /* the next token starts a physical line */
    /* a line ending in ':' was just read: the next may be indented, and
     * after a known block header (if, def, ...) it must be */
    bool after_colon;
    bool expect_block;
    const char *header_what;    /* "'if' statement" ... or NULL */
    uint32_t header_start, header_newline;
    /* a match statement being folded into one token */
    bool folding;
    int fold_first;         /* index in out of `match` */
    int fold_depth;         /* nlevels at the header */
    uint32_t fold_end;
} Layout;

/* For a big file, room for the tokens of LEN bytes of source at once, as
 * many as source of 2 bytes a token would have (real files have 4 to 9; the
 * bench's generated ones 2.4): grown from 256, the array left each smaller
 * copy in the arena (32 MB of a 100,000-line file's 500).  Below 2 MiB of
 * tokens the array starts small: a block that size is not in huge pages,
 * and faulting it in 4 KiB pages cost more than the copies (a 10,000-line
 * file: 600 more page faults, 7% of its time). */
static void reserve_tokens(Layout *ly, uint32_t len)
{
    size_t cap = len / 2 + 64;
    if (cap * sizeof(Token) < ((size_t)2 << 20) || cap > INT_MAX / 2)
        return;
    ly->out.items = arena_alloc_raw(&ly->c->arena, sizeof(Token) * cap);
    ly->cap = (int)cap;
}

static void emit(Layout *ly, Token t)
{
    if (ly->out.len == ly->cap) {
        int cap = !ly->cap ? 256 : ly->cap <= INT_MAX / 2 ? ly->cap * 2 : INT_MAX;
        ly->out.items = arena_grow(&ly->c->arena, ly->out.items, sizeof(Token) * (size_t)ly->cap,
                                   sizeof(Token) * (size_t)cap);
        ly->cap = cap;
    }
    ly->out.items[ly->out.len++] = t;
}

static void emit_at(Layout *ly, int kind, uint32_t start, uint32_t len, unsigned flags)
{
    emit(ly, (Token){(int16_t)kind, (uint16_t)flags, ly->f->id, start, len});
}

static Span span_at(const Layout *ly, uint32_t start, uint32_t end)
{
    return (Span){ly->f->id, start, end};
}

static int line_of(const Layout *ly, uint32_t offset)
{
    int line, col;
    source_line_col(ly->f, offset, &line, &col);
    return line;
}

static bool token_is(const Layout *ly, Token t, const char *text)
{
    size_t n = strlen(text);
    return t.kind == TK_NAME && t.len == n && memcmp(ly->f->text + t.start, text, n) == 0;
}

/* ---- match statements ------------------------------------------------- */

/* Tokens that can begin the subject of `match SUBJECT:`.  A line that starts
 * with the name `match` and ends with ':' is never an ordinary statement, but
 * with `match.x:` or `match = y:` the parser's error is the better one. */
static bool starts_subject(int kind)
{
    switch (kind) {
    case TK_NAME: case TK_NUMBER: case TK_STRING: case TK_LPAR: case TK_LSQB:
    case TK_LBRACE: case TK_MINUS: case TK_PLUS: case TK_TILDE: case TK_STAR:
    case TK_NOT: case TK_AWAIT: case TK_LAMBDA: case TK_NONE: case TK_TRUE:
    case TK_FALSE: case TK_ELLIPSIS:
        return true;
    default:
        return false;
    }
}

static bool is_match_header(const Layout *ly)
{
    return ly->ntokens >= 2 && token_is(ly, ly->out.items[ly->first], "match") &&
           starts_subject(ly->kinds[1]);
}

/* Replaces everything from `match` on by one token spanning the statement. */
static void finish_fold(Layout *ly)
{
    uint32_t start = ly->out.items[ly->fold_first].start;
    ly->out.len = ly->fold_first;
    ly->folding = false;
    emit_at(ly, TK_MATCH_STMT, start, ly->fold_end - start, 0);
}

/* ---- indentation -------------------------------------------------------- */

/* How a block header reads in "expected an indented block after ...". */
static const char *header_description(const Layout *ly)
{
    switch (ly->kinds[0]) {
    case TK_IF: return "'if' statement";
    case TK_ELIF: return "'elif' statement";
    case TK_ELSE: return "'else' statement";
    case TK_WHILE: return "'while' statement";
    case TK_FOR: return "'for' statement";
    case TK_TRY: return "'try' statement";
    case TK_FINALLY: return "'finally' statement";
    case TK_WITH: return "'with' statement";
    case TK_DEF: return "function definition";
    case TK_CLASS: return "class definition";
    case TK_EXCEPT:
        return ly->ntokens >= 2 && ly->kinds[1] == TK_STAR ? "'except*' statement"
                                                            : "'except' statement";
    case TK_ASYNC:
        if (ly->ntokens < 2)
            return NULL;
        return ly->kinds[1] == TK_DEF ? "function definition"
             : ly->kinds[1] == TK_FOR ? "'for' statement"
             : ly->kinds[1] == TK_WITH ? "'with' statement" : NULL;
    case TK_NAME:
        if (is_match_header(ly))
            return "'match' statement";
        return token_is(ly, ly->out.items[ly->first], "case") ? "'case' statement" : NULL;
    default:
        return NULL;
    }
}

/* The blanks at the start of the current line, measured as Python does. */
static Indent measure_indent(const Layout *ly)
{
    Indent in = {0, 0, ly->line_begin, ly->line_begin};
    const char *text = ly->f->text;
    for (; in.end < ly->f->len; in.end++) {
        char ch = text[in.end];
        if (ch == ' ') {
            in.col++, in.altcol++;
        } else if (ch == '\t') {
            in.col = (in.col / 8 + 1) * 8;
            in.altcol++;
        } else if (ch == '\f') {
            in.col = in.altcol = 0;     /* form feed resets, as in CPython */
        } else {
            break;
        }
    }
    return in;
}

static void tab_error(Layout *ly, Token t)
{
    diag_error(&ly->c->diag, token_span(t), "inconsistent use of tabs and spaces in indentation");
}

/* Pushes an indentation level; a real one emits INDENT. */
static void push_level(Layout *ly, Indent in, Token t, bool phantom)
{
    if (ly->nlevels > ly->limit) {
        diag_error(&ly->c->diag, token_span(t), "too many levels of indentation");
        ly->stopped = true;
        return;
    }
    if (!phantom && in.altcol <= ly->levels[ly->nlevels - 1].altcol)
        tab_error(ly, t);
    ly->levels[ly->nlevels++] = (Level){in.col, in.altcol, phantom};
    if (!phantom)
        emit_at(ly, TK_INDENT, in.start, in.end - in.start, 0);
}

/* Pops one level; a real one emits DEDENT, and closing a match block ends
 * the fold instead. */
static void pop_level(Layout *ly, uint32_t at)
{
    Level lv = ly->levels[--ly->nlevels];
    if (ly->folding && ly->nlevels == ly->fold_depth) {
        finish_fold(ly);
        return;
    }
    if (!lv.phantom)
        emit_at(ly, TK_DEDENT, at, 0, 0);
}

/* A header with no indented block: report it at ERROR_AT and give the parser
 * `INDENT pass NEWLINE DEDENT` at AT (a match header needs nothing). */
static void missing_block(Layout *ly, uint32_t error_at, uint32_t at)
{
    ly->expect_block = false;
    ly->after_colon = false;
    diag_error(&ly->c->diag, span_at(ly, error_at, error_at),
               "expected an indented block after %s on line %d", ly->header_what,
               line_of(ly, ly->header_start));
    if (ly->folding && ly->nlevels == ly->fold_depth) {
        finish_fold(ly);
        return;
    }
    emit_at(ly, TK_INDENT, at, 0, TOKF_SYNTHETIC);
    emit_at(ly, TK_PASS, at, 0, TOKF_SYNTHETIC);
    emit_at(ly, TK_NEWLINE, at, 0, TOKF_SYNTHETIC);
    emit_at(ly, TK_DEDENT, at, 0, TOKF_SYNTHETIC);
}

static void dedent(Layout *ly, Indent in, Token t)
{
    while (ly->nlevels > 1 && in.col < ly->levels[ly->nlevels - 1].col)
        pop_level(ly, t.start);
    const Level *top = &ly->levels[ly->nlevels - 1];
    if (in.col != top->col) {
        diag_error(&ly->c->diag, token_span(t),
                   "unindent does not match any outer indentation level");
        push_level(ly, in, t, true);
    } else if (in.altcol != top->altcol) {
        tab_error(ly, t);
    }
}

/* T is the first token of a logical line: compare its indentation with the
 * stack. */
static void indentation(Layout *ly, Token t)
{
    Indent in = measure_indent(ly);
    ly->indent_col = in.col;
    const Level *top = &ly->levels[ly->nlevels - 1];
    if (ly->after_colon) {
        ly->after_colon = false;
        /* Level with the header only when tabs count 8: deeper as typed
         * (tabs counting 1), so the block is taken as meant. */
        bool tab_deeper = in.col == top->col && in.altcol > top->altcol;
        if (tab_deeper)
            tab_error(ly, t);
        if (in.col > top->col || tab_deeper) {
            ly->expect_block = false;
            push_level(ly, in, t, false);
            return;
        }
        if (ly->expect_block)
            missing_block(ly, t.start, t.start);
    }
    if (in.col == top->col) {
        if (in.altcol != top->altcol)
            tab_error(ly, t);
    } else if (in.col > top->col) {
        diag_error(&ly->c->diag, token_span(t), "unexpected indent");
        push_level(ly, in, t, true);
    } else {
        dedent(ly, in, t);
    }
}

/* ---- logical lines ------------------------------------------------------ */

/* Whether the logical line just read begins with a block header keyword
 * but has no ':' outside brackets: its colon is missing. */
static bool header_without_colon(const Layout *ly)
{
    if (ly->top_colons > 0 || ly->kinds[0] == TK_NAME)
        return false;
    return header_description(ly) != NULL;
}

static void end_logical_line(Layout *ly, uint32_t newline_at)
{
    ly->at_line_start = true;
    if (header_without_colon(ly)) {
        /* the parser reports the colon; an indented block is expected */
        ly->after_colon = true;
        ly->expect_block = false;
        return;
    }
    if (ly->last_kind != TK_COLON)
        return;
    /* Other lines ending in ':' (`x = lambda:`) are syntax errors that the
     * parser words better than "expected an indented block". */
    ly->after_colon = true;
    ly->header_what = header_description(ly);
    ly->expect_block = ly->header_what != NULL;
    ly->header_start = ly->out.items[ly->first].start;
    ly->header_newline = newline_at;
    if (!ly->folding && is_match_header(ly)) {
        ly->folding = true;
        ly->fold_first = ly->first;
        ly->fold_depth = ly->nlevels;
        ly->fold_end = ly->last_end;
    }
}

static void newline(Layout *ly, Token nl)
{
    ly->line_begin = nl.start + nl.len;
    ly->physical_start = true;
    if (ly->expr_mode || ly->nopen > 0 || ly->at_line_start)
        return;
    emit(ly, nl);
    end_logical_line(ly, nl.start);
}

/* ---- brackets ----------------------------------------------------------- */

static int opener_char(int kind)
{
    return kind == TK_LPAR ? '(' : kind == TK_LSQB ? '[' : '{';
}

static int opener_of_closer(int kind)
{
    return kind == TK_RPAR ? TK_LPAR : kind == TK_RSQB ? TK_LSQB : TK_LBRACE;
}

static void open_bracket(Layout *ly, Token t)
{
    if (ly->nopen >= ly->limit) {
        diag_error(&ly->c->diag, token_span(t), "too many nested parentheses");
        ly->stopped = true;
        return;
    }
    ly->opens[ly->nopen++] = (Open){t.kind, t.start, ly->out.len};
}

/* Reports the innermost open bracket as never closed, closes them all, and
 * flags the tokens read since, from the line after the outermost one's. */
static void close_unclosed(Layout *ly)
{
    Open inner = ly->opens[ly->nopen - 1], outer = ly->opens[0];
    diag_error(&ly->c->diag, span_at(ly, inner.start, inner.start + 1),
               "'%c' was never closed", opener_char(inner.kind));
    int line = line_of(ly, outer.start);       /* 1-based: line_starts[line] is the next */
    source_index(ly->f);
    uint32_t next_line = line < ly->f->nlines ? ly->f->line_starts[line] : ly->f->len;
    for (int i = outer.index + 1; i < ly->out.len; i++)
        if (ly->out.items[i].start >= next_line)
            ly->out.items[i].flags |= TOKF_UNCLOSED;
    ly->nopen = 0;
}

/* Keywords that can only begin a statement, never stand in an expression. */
static bool statement_keyword(int kind)
{
    switch (kind) {
    case TK_DEF: case TK_CLASS: case TK_RETURN: case TK_IMPORT: case TK_PASS:
    case TK_BREAK: case TK_CONTINUE: case TK_RAISE: case TK_GLOBAL: case TK_NONLOCAL:
    case TK_ASSERT: case TK_DEL: case TK_WHILE: case TK_WITH: case TK_TRY:
    case TK_EXCEPT: case TK_FINALLY: case TK_ELIF:
        return true;
    default:
        return false;
    }
}

/* T starts a physical line inside brackets: if it clearly begins a new
 * statement, the brackets were left open (see the top of the file). */
static void maybe_close_unclosed(Layout *ly, Token t)
{
    if (ly->nopen == 0 || ly->expr_mode || !statement_keyword(t.kind))
        return;
    /* deeper is fine after a header (`def f(a,` then its body) */
    bool header = ly->kinds[0] != TK_NAME && header_description(ly) != NULL;
    if (!header && measure_indent(ly).col > ly->indent_col)
        return;
    close_unclosed(ly);
    emit_at(ly, TK_NEWLINE, ly->last_end, 0, TOKF_SYNTHETIC | TOKF_UNCLOSED);
    end_logical_line(ly, ly->last_end);
}

/* A closing bracket that does not close the innermost opening one becomes
 * an ERRORTOKEN; if it matches an outer one, the brackets in between are
 * taken as closed, which is usually what the typo meant. */
static Token close_bracket(Layout *ly, Token t)
{
    char closing = ly->f->text[t.start];
    if (ly->nopen == 0) {
        diag_error(&ly->c->diag, token_span(t), "unmatched '%c'", closing);
        t.kind = TK_ERRORTOKEN;
        return t;
    }
    Open top = ly->opens[ly->nopen - 1];
    int want = opener_of_closer(t.kind);
    if (top.kind == want) {
        ly->nopen--;
        return t;
    }
    int line = line_of(ly, top.start);
    if (line != line_of(ly, t.start))
        diag_error(&ly->c->diag, token_span(t),
                   "closing parenthesis '%c' does not match opening parenthesis '%c' on line %d",
                   closing, opener_char(top.kind), line);
    else
        diag_error(&ly->c->diag, token_span(t),
                   "closing parenthesis '%c' does not match opening parenthesis '%c'", closing,
                   opener_char(top.kind));
    diag_note(&ly->c->diag, span_at(ly, top.start, top.start + 1), "'%c' opened here",
              opener_char(top.kind));
    int k = ly->nopen - 1;
    while (k >= 0 && ly->opens[k].kind != want)
        k--;
    ly->nopen = k >= 0 ? k : ly->nopen - 1;
    t.kind = TK_ERRORTOKEN;
    return t;
}

/* ---- driver ------------------------------------------------------------- */

static void layout_token(Layout *ly, Token t)
{
    if (t.kind == TK_NEWLINE) {
        newline(ly, t);
        return;
    }
    if (ly->physical_start && !ly->at_line_start)
        maybe_close_unclosed(ly, t);
    ly->physical_start = false;
    if (ly->at_line_start) {
        if (!ly->expr_mode)
            indentation(ly, t);
        if (ly->stopped)
            return;
        ly->at_line_start = false;
        ly->first = ly->out.len;
        ly->ntokens = 0;
        ly->top_colons = 0;
    }
    if (t.kind == TK_LPAR || t.kind == TK_LSQB || t.kind == TK_LBRACE)
        open_bracket(ly, t);
    else if (t.kind == TK_RPAR || t.kind == TK_RSQB || t.kind == TK_RBRACE)
        t = close_bracket(ly, t);
    if (ly->stopped)
        return;
    if (t.kind == TK_COLON && ly->nopen == 0)
        ly->top_colons++;
    if (ly->ntokens < 2)
        ly->kinds[ly->ntokens] = t.kind;
    ly->ntokens++;
    ly->last_kind = t.kind;
    ly->last_end = t.start + t.len;
    if (ly->folding)
        ly->fold_end = ly->last_end;
    emit(ly, t);
}

static void layout_eof(Layout *ly, uint32_t end)
{
    unsigned flags = 0;
    if (ly->nopen > 0) {
        if (!ly->stopped)
            close_unclosed(ly);
        flags = TOKF_UNCLOSED;
    }
    if (!ly->expr_mode) {
        if (!ly->at_line_start) {
            emit_at(ly, TK_NEWLINE, end, 0, flags);
            end_logical_line(ly, end);
        }
        if (ly->expect_block && !ly->stopped)
            missing_block(ly, ly->header_newline, end);
        while (ly->nlevels > 1)
            pop_level(ly, end);
    }
    emit_at(ly, TK_EOF, end, 0, 0);
}

static void layout_run(Layout *ly)
{
    uint32_t end = ly->raw.origin + (uint32_t)(ly->raw.lim - ly->raw.base);
    while (!ly->stopped) {
        Token t = lex_next(&ly->raw);
        if (t.kind == TK_EOF)
            break;
        layout_token(ly, t);
        if (diag_too_many(&ly->c->diag))
            ly->stopped = true;
    }
    layout_eof(ly, end);
}

static void layout_init(Layout *ly, Compiler *c, const SourceFile *f, bool expr_mode)
{
    memset(ly, 0, sizeof *ly);
    ly->c = c;
    ly->f = f;
    ly->expr_mode = expr_mode;
    ly->limit = c->limits.max_nesting > 0 ? c->limits.max_nesting : 1;
    ly->levels = arena_alloc(&c->arena, sizeof(Level) * (size_t)(ly->limit + 1));
    ly->opens = arena_alloc(&c->arena, sizeof(Open) * (size_t)ly->limit);
    ly->nlevels = 1;
    ly->at_line_start = true;
    ly->last_kind = TK_NEWLINE;
}

static bool all_ascii(const SourceFile *f)
{
    for (uint32_t i = 0; i < f->len; i++)
        if ((unsigned char)f->text[i] >= 0x80)
            return false;
    return true;
}

/* A PEP 263 declaration of an encoding other than UTF-8 (and Latin-1,
 * which support/source.c converted): the bytes cannot be read, unless they
 * are all ASCII, which the 8-bit encodings people declare (cp1252,
 * iso-8859-5, koi8-r ...) read the same. */
static bool encoding_refused(Compiler *c, const SourceFile *f, bool bom)
{
    uint32_t start, end;
    SourceEncoding enc = source_declared_encoding(f->text, f->len, &start, &end);
    Span at = {f->id, start, end};
    if (enc == SOURCE_UNSUPPORTED && !all_ascii(f))
        diag_error(&c->diag, at,
                   "unsupported source encoding '%.*s': tsc2onnx reads UTF-8 (or Latin-1) "
                   "source; save the file as UTF-8", (int)(end - start), f->text + start);
    else if (enc == SOURCE_LATIN1 && bom)
        diag_error(&c->diag, at, "encoding problem: %.*s with BOM", (int)(end - start),
                   f->text + start);
    else
        return false;
    return true;
}

TokenArray lex_file(Compiler *c, const SourceFile *f)
{
    Layout ly;
    layout_init(&ly, c, f, false);
    reserve_tokens(&ly, f->len);
    /* a UTF-8 byte order mark at the start is not part of the program */
    uint32_t start = f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    if (encoding_refused(c, f, start > 0)) {
        emit_at(&ly, TK_EOF, 0, 0, 0);
        return ly.out;
    }
    lex_raw_init(&ly.raw, c, f->id, f->text + start, start, f->len - start, false);
    ly.line_begin = start;
    layout_run(&ly);
    return ly.out;
}

TokenArray lex_expression(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end)
{
    if (end > f->len)
        end = f->len;
    if (start > end)
        start = end;
    /* the raw lexer needs a NUL right after its input */
    char *copy = arena_strndup(&c->arena, f->text + start, end - start);
    Layout ly;
    layout_init(&ly, c, f, true);
    reserve_tokens(&ly, end - start);
    lex_raw_init(&ly.raw, c, f->id, copy, start, end - start, true);
    ly.line_begin = start;
    layout_run(&ly);
    return ly.out;
}
