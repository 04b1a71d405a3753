/* Raw lexer (placeholder until the front end lands). */
#include "lexer/lexer.h"

/*!re2c
    re2c:yyfill:enable = 0;
*/

TokenArray lex_file(Compiler *c, const SourceFile *f)
{
    TokenArray a;
    a.items = arena_alloc(&c->arena, sizeof(Token));
    a.items[0] = (Token){TK_EOF, 0, f->id, f->len, 0};
    a.len = 1;
    return a;
}

TokenArray lex_expression(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end)
{
    (void)start;
    (void)end;
    return lex_file(c, f);
}
