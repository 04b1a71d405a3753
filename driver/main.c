/* tsc2onnx: the driver.  Parses the command line, runs the pipeline
 *
 *   lexer -> parser -> sema -> lower -> opt -> emit
 *
 * and maps the outcome to the documented exit statuses.  This is the only
 * place that owns process-wide state. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"
#include "lexer/lexer.h"
#include "parser/parse.h"
#include "support/context.h"

static int load_source(Compiler *c, const char *path, SourceFile **out)
{
    const char *err = NULL;
    *out = source_load(&c->arena, &c->sources, path, &err);
    if (!*out) {
        fprintf(stderr, "tsc2onnx: error: cannot read '%s': %s\n", path, err);
        return EXIT_IO;
    }
    return EXIT_OK;
}

/* --emit tokens and --emit ast: the front end alone. */
static int run_front_end(const Options *o)
{
    Compiler c;
    compiler_init(&c, stderr);
    c.limits = o->limits;
    SourceFile *f;
    if (!o->file) {
        fprintf(stderr, "tsc2onnx: error: --emit tokens and --emit ast need a FILE\n");
        compiler_free(&c);
        return EXIT_USAGE;
    }
    int rc = load_source(&c, o->file, &f);
    if (rc == EXIT_OK) {
        if (o->emit == EMIT_TOKENS) {
            diag_hold(&c.diag, &c.arena);   /* print in source order */
            TokenArray toks = lex_file(&c, f);
            lex_dump(&c, f, &toks, stdout);
            diag_release(&c.diag);
        } else {
            AstNode *m = parse_file(&c, f);
            if (c.diag.nerrors == 0)
                ast_dump(&c, m, stdout);
        }
        rc = c.diag.nerrors ? EXIT_COMPILE_ERROR : EXIT_OK;
    }
    if (fflush(stdout) != 0 && rc == EXIT_OK) {
        fputs("tsc2onnx: error: cannot write to standard output\n", stderr);
        rc = EXIT_IO;
    }
    compiler_free(&c);
    return rc;
}

int main(int argc, char **argv)
{
    Options opts;
    bool done;
    int rc = options_parse(argc, argv, &opts, &done);
    if (rc == EXIT_OK && !done) {
        if (opts.command == CMD_COMPARE)
            rc = compare_command(&opts);
        else if (opts.command == CMD_RUN)
            rc = run_command(&opts);
        else if (opts.emit == EMIT_TOKENS || opts.emit == EMIT_AST)
            rc = run_front_end(&opts);
        else
            rc = compile_command(&opts);
    }
    options_free(&opts);
    return rc;
}
