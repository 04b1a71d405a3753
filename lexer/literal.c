/* Literal decoding (placeholder until the front end lands). */
#include "lexer/lexer.h"

void lex_string_body(const SourceFile *f, Token t, uint32_t *body_start, uint32_t *body_end)
{
    (void)f;
    *body_start = t.start;
    *body_end = t.start + t.len;
}

bool lex_decode_string(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end,
                       unsigned flags, AstStr *out)
{
    (void)c; (void)f; (void)start; (void)end; (void)flags;
    out->ptr = "";
    out->len = 0;
    return true;
}

bool lex_decode_number(Compiler *c, const SourceFile *f, Token t, AstNode *n)
{
    (void)c; (void)f; (void)t; (void)n;
    return true;
}
