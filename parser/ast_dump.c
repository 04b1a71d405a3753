/* AST dump (placeholder until the front end lands). */
#include "parser/parse.h"

void ast_dump(Compiler *c, const AstNode *node, FILE *out)
{
    (void)c;
    (void)node;
    fputs("Module\n", out);
}
