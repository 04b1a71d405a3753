/* AST constructors (placeholder until the front end lands). */
#include "parser/ast.h"

const char *ast_kind_name(AstKind kind)
{
    (void)kind;
    return "?";
}

const char *ast_op_text(AstOp op)
{
    (void)op;
    return "?";
}
