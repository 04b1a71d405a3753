/* Indentation layer (placeholder until the front end lands). */
#include "lexer/lexer.h"

void lex_dump(Compiler *c, const SourceFile *f, const TokenArray *toks, FILE *out)
{
    (void)c;
    (void)f;
    (void)toks;
    (void)out;
}
