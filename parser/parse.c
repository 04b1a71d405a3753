/* Parser driver: lexes, then feeds the tokens to the Lemon parser generated
 * from parser/grammar.y, whose actions build the AST.
 *
 * Syntax errors are found here, one token ahead of Lemon: before a token is
 * fed, parse_lemon_accepts() simulates the automaton; if the token would be
 * refused, the error is worded from the parser's state (parse_error.c) and
 * the token is fed anyway so Lemon's `error` rules resynchronize at the end
 * of the logical line.  Until that NEWLINE, further errors are cascades and
 * are not reported; tokens the lexer already rejected (ERRORTOKEN) start
 * the same silent recovery.
 *
 * f-string fields are parsed by a nested run of another Lemon parser in
 * expression mode (the EXPR_MODE token selects the expression start rule);
 * parsers come from a small pool because each holds a fixed stack. */
#include <assert.h>
#include <stdarg.h>
#include <string.h>

#include "lexer/lexer.h"
#include "parser/parse.h"
#include "parser/parse_internal.h"

static void *pool_take(ParseCtx *pc)
{
    ParsePool *pool = pc->pool;
    assert(pool->nused < PARSE_MAX_PARSERS);
    void **slot = &pool->parsers[pool->nused++];
    if (!*slot)
        *slot = arena_alloc_raw(&pc->c->arena, parse_lemon_size());
    parse_lemonInit(*slot);
    return *slot;
}

static void pool_give_back(ParseCtx *pc)
{
    pc->pool->nused--;
}

static ParseCtx ctx_init(Compiler *c, const SourceFile *f, ParsePool *pool, int depth)
{
    ParseCtx pc = {0};
    pc.c = c;
    pc.file = f;
    pc.pool = pool;
    pc.prefix = depth > 0 ? "f-string: " : "";
    pc.fstring_depth = depth;
    pc.max_height = c->limits.max_nesting * PARSE_HEIGHT_FACTOR;
    pc.deep_reported = SPAN_NONE;
    return pc;
}

/* Feeds token I (or the EXPR_MODE marker when I < 0). */
static void feed(ParseCtx *pc, int i)
{
    Token t = i >= 0 ? pc->toks[i] : (Token){TK_EXPR_MODE, 0, pc->file->id, 0, 0};
    pc->pos = i;
    if (!pc->trusted && !parse_lemon_accepts(pc->lemon, t.kind)) {
        if (!pc->recovering && t.kind != TK_ERRORTOKEN && !(t.flags & TOKF_UNCLOSED))
            parse_syntax_error(pc);
        pc->recovering = true;
    }
    parse_lemon(pc->lemon, t.kind, t, pc);
    if (t.kind == TK_NEWLINE)
        pc->recovering = false;
}

static void run(ParseCtx *pc)
{
    for (int i = 0; i < pc->ntoks && !pc->stopped; i++) {
        feed(pc, i);
        if (diag_too_many(&pc->c->diag))
            break;
    }
}

/* The stdlib compiled into the binary ("<stdlib>/torch.nn"): every build's
 * tests parse it, so its tokens are not checked ahead (a fifth of the
 * parser's time on it).  Should it not parse after all, it is parsed again
 * with the checks, which report the errors. */
static bool source_is_stdlib(const SourceFile *f)
{
    return strncmp(f->path, "<stdlib>/", 9) == 0;
}

static AstNode *parse_tokens(Compiler *c, const SourceFile *f, TokenArray toks, bool trusted)
{
    ParsePool pool = {{0}, 0};
    ParseCtx pc = ctx_init(c, f, &pool, 0);
    pc.module = ast_new(&pc, AST_MODULE, (Span){f->id, 0, f->len});
    pc.toks = toks.items;
    pc.ntoks = toks.len;
    pc.trusted = trusted;
    pc.lemon = pool_take(&pc);
    run(&pc);
    pool_give_back(&pc);
    return trusted && pc.lemon_failed ? parse_tokens(c, f, toks, false) : pc.module;
}

AstNode *parse_file(Compiler *c, const SourceFile *f)
{
    /* The whole file is lexed before it is parsed: holding the diagnostics
     * prints those of both in source order. */
    diag_hold(&c->diag, &c->arena);
    TokenArray toks = lex_file(c, f);
    AstNode *module = parse_tokens(c, f, toks, source_is_stdlib(f));
    diag_release(&c->diag);
    return module;
}

/* Expression mode: EXPR_MODE, the tokens, EOF.  There are no error rules in
 * expression mode, so the first error ends the run. */
static AstNode *run_expression(ParseCtx *pc)
{
    int before = pc->c->diag.nerrors;
    pc->lemon = pool_take(pc);
    feed(pc, -1);
    for (int i = 0; i < pc->ntoks && !pc->recovering && !pc->stopped; i++)
        feed(pc, i);
    pool_give_back(pc);
    return pc->c->diag.nerrors == before ? pc->result : NULL;
}

AstNode *parse_expression(Compiler *c, const SourceFile *f)
{
    int before = c->diag.nerrors;
    TokenArray toks = lex_expression(c, f, 0, f->len);
    if (c->diag.nerrors != before)
        return NULL;
    ParsePool pool = {{0}, 0};
    ParseCtx pc = ctx_init(c, f, &pool, 0);
    pc.toks = toks.items;
    pc.ntoks = toks.len;
    return run_expression(&pc);
}

AstNode *parse_fstring_field(ParseCtx *pc, uint32_t start, uint32_t end)
{
    Compiler *c = pc->c;
    if (pc->pool->nused >= PARSE_MAX_PARSERS) {
        diag_error(&c->diag, (Span){pc->file->id, start, end},
                   "f-string: expressions nested too deeply");
        return NULL;
    }
    int before = c->diag.nerrors;
    TokenArray toks = lex_expression(c, pc->file, start, end);
    if (c->diag.nerrors != before)
        return NULL;
    ParseCtx sub = ctx_init(c, pc->file, pc->pool, pc->fstring_depth + 1);
    sub.field_start = start;
    sub.field_end = end;
    sub.toks = toks.items;
    sub.ntoks = toks.len;
    return run_expression(&sub);
}

void parse_stack_overflow(ParseCtx *pc)
{
    Token t = pc->pos >= 0 ? pc->toks[pc->pos] : (Token){0, 0, pc->file->id, 0, 0};
    diag_error(&pc->c->diag, token_span(t), "%snesting too deep: the parser's stack is full",
               pc->prefix);
    pc->stopped = true;
}

void parse_error(ParseCtx *pc, Span span, const char *fmt, ...)
{
    if (pc->reported && pc->last_error == span.start)
        return;
    pc->reported = true;
    pc->last_error = span.start;
    va_list ap;
    va_start(ap, fmt);
    diag_report(&pc->c->diag, DIAG_ERROR, span, fmt, ap);
    va_end(ap);
}
