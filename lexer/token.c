/* Token names (placeholder until the front end lands). */
#include "lexer/token.h"

const char *token_kind_name(int kind)
{
    (void)kind;
    return "?";
}

const char *token_display(int kind)
{
    (void)kind;
    return "?";
}
