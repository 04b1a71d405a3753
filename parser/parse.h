/* The parser: tokens -> AST.  One Lemon parser (parser/grammar.y) driven by
 * parser/parse.c; errors are reported with what was expected and recovery
 * resumes at the next statement, so one run reports every syntax error. */
#ifndef TSC_PARSE_H
#define TSC_PARSE_H

#include <stdio.h>

#include "parser/ast.h"
#include "support/context.h"

/* Parses a whole file into an AST_MODULE.  After errors (reported to
 * c->diag) the module holds the statements that parsed. */
AstNode *parse_file(Compiler *c, const SourceFile *f);

/* Parses the whole of F as one expression (e.g. the VALUE of --arg
 * NAME=VALUE).  NULL after reporting errors. */
AstNode *parse_expression(Compiler *c, const SourceFile *f);

/* The SyntaxErrors Python reports when it compiles (not when it parses) a
 * module: 'return' outside function, 'break' outside loop, ... (parser/
 * ast_check.c).  The compile-time interpreter runs it on every module it
 * loads; --emit ast does not. */
void parse_check_module(Compiler *c, const AstNode *module);

/* Prints the indented AST dump that `--emit ast` shows. */
void ast_dump(Compiler *c, const AstNode *node, FILE *out);

#endif
