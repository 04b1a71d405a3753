/* Fuzz target: the front end.  The input is a source file; it goes through
 * what `--emit tokens` and `--emit ast` do (lexing with the dump, which
 * decodes every literal; parsing with the AST dump), each in a fresh
 * Compiler as the driver runs them, and through parse_expression, which
 * reads the VALUE of --arg NAME=VALUE. */
#include "fuzz/fuzz.h"
#include "lexer/lexer.h"
#include "parser/parse.h"

static void tokens(const uint8_t *data, size_t size)
{
    Compiler c;
    compiler_init(&c, fuzz_sink());
    fuzz_limits(&c.limits);
    SourceFile *f = source_add(&c.arena, &c.sources, "fuzz.py", (const char *)data, size);
    diag_hold(&c.diag, &c.arena);
    TokenArray toks = lex_file(&c, f);
    lex_dump(&c, f, &toks, fuzz_sink());
    diag_release(&c.diag);
    compiler_free(&c);
}

static void ast(const uint8_t *data, size_t size)
{
    Compiler c;
    compiler_init(&c, fuzz_sink());
    fuzz_limits(&c.limits);
    SourceFile *f = source_add(&c.arena, &c.sources, "fuzz.py", (const char *)data, size);
    AstNode *m = parse_file(&c, f);
    if (c.diag.nerrors == 0)
        ast_dump(&c, m, fuzz_sink());
    compiler_free(&c);
}

static void expression(const uint8_t *data, size_t size)
{
    Compiler c;
    compiler_init(&c, fuzz_sink());
    fuzz_limits(&c.limits);
    SourceFile *f = source_add(&c.arena, &c.sources, "--arg", (const char *)data, size);
    AstNode *e = parse_expression(&c, f);
    if (e && c.diag.nerrors == 0)
        ast_dump(&c, e, fuzz_sink());
    compiler_free(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tokens(data, size);
    ast(data, size);
    expression(data, size);
    return 0;
}
