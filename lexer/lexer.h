/* The lexer: source bytes -> tokens, in two layers.
 *
 *   lexer/lexer.re   raw tokens (re2c): names, keywords, numbers, strings,
 *                    operators, physical newlines; comments and blanks skipped
 *   lexer/layout.c   logical lines: NEWLINE, INDENT and DEDENT from an
 *                    indentation stack, implicit joining inside brackets,
 *                    bracket matching, the `match` statement folded into one
 *                    token
 *   lexer/literal.c  decoding of string and number literals
 */
#ifndef TSC_LEXER_H
#define TSC_LEXER_H

#include <stdbool.h>
#include <stdio.h>

#include "lexer/token.h"
#include "parser/ast.h"
#include "support/context.h"

typedef struct TokenArray {
    Token *items;
    int len;            /* the last item is always TK_EOF */
} TokenArray;

/* Tokenizes a whole file (both layers).  Errors are reported to c->diag and
 * the offending bytes become TK_ERRORTOKEN; the array is always usable. */
TokenArray lex_file(Compiler *c, const SourceFile *f);

/* Tokenizes bytes [start, end) of F as one expression inside brackets (no
 * NEWLINE, INDENT or DEDENT): the replacement fields of f-strings. */
TokenArray lex_expression(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end);

/* Prints one token per line, the format `--emit tokens` uses. */
void lex_dump(Compiler *c, const SourceFile *f, const TokenArray *toks, FILE *out);

/* Literal decoding (lexer/literal.c). */

/* Where the characters of a string token lie: [body_start, body_end) between
 * its quotes. */
void lex_string_body(const SourceFile *f, Token t, uint32_t *body_start, uint32_t *body_end);
/* Decodes escapes in bytes [start, end) of F according to the string flags
 * (TOKF_STR_RAW, TOKF_STR_BYTES); bad escapes are reported at their own
 * location.  Returns false after reporting an error. */
bool lex_decode_string(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end,
                       unsigned flags, AstStr *out);
/* Fills N (an AST_CONSTANT) from a number token. */
bool lex_decode_number(Compiler *c, const SourceFile *f, Token t, AstNode *n);

#endif
