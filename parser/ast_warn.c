/* Warnings about code that parses but cannot mean what it says, as Python
 * gives them (SyntaxWarning) when it compiles a file:
 *
 *   x is 1                 "is" with a literal. Did you mean "=="?
 *   [(1, 2) (3, 4)]        'tuple' object is not callable; perhaps you missed a comma?
 *   [1 [2]]                'int' object is not subscriptable; perhaps you missed a comma?
 *   [[1, 2] (0, 1)]        ...; [(1, 2) [0, 1]] list indices must be integers ...
 *
 * They depend only on the kind of literal involved, which literal_type()
 * names the way Python's type() would. */
#include "parser/parse_internal.h"

/* The type name of the value a literal or display always has, or NULL when
 * the expression is not one. */
static const char *literal_type(const AstNode *e)
{
    switch (e->kind) {
    case AST_CONSTANT:
        switch (e->u.constant.kind) {
        case AST_CONST_NONE: return "NoneType";
        case AST_CONST_TRUE: case AST_CONST_FALSE: return "bool";
        case AST_CONST_ELLIPSIS: return "ellipsis";
        case AST_CONST_INT: return "int";
        case AST_CONST_FLOAT: return "float";
        case AST_CONST_COMPLEX: return "complex";
        case AST_CONST_STR: return "str";
        case AST_CONST_BYTES: return "bytes";
        }
        return NULL;
    case AST_TUPLE: return "tuple";
    case AST_LIST: case AST_LIST_COMP: return "list";
    case AST_DICT: case AST_DICT_COMP: return "dict";
    case AST_SET: case AST_SET_COMP: return "set";
    case AST_GENERATOR_EXP: return "generator";
    case AST_LAMBDA: return "function";
    case AST_JOINED_STR: case AST_FORMATTED_VALUE: return "str";
    default: return NULL;
    }
}

/* `is` compares identity: against a literal other than None, True, False
 * or ... it depends on the implementation. */
static bool is_literal_for_is(const AstNode *e)
{
    return e->kind == AST_CONSTANT && e->u.constant.kind != AST_CONST_NONE &&
           e->u.constant.kind != AST_CONST_TRUE && e->u.constant.kind != AST_CONST_FALSE &&
           e->u.constant.kind != AST_CONST_ELLIPSIS;
}

void ast_warn_compare(ParseCtx *pc, const AstNode *compare, const AstNode *left, AstOp op,
                      const AstNode *right)
{
    if ((op != AST_OP_IS && op != AST_OP_ISNOT) ||
        !(is_literal_for_is(left) || is_literal_for_is(right)))
        return;
    diag_warning(&pc->c->diag, compare->span,
                 op == AST_OP_IS ? "\"is\" with a literal. Did you mean \"==\"?"
                                 : "\"is not\" with a literal. Did you mean \"!=\"?");
}

void ast_warn_call(ParseCtx *pc, const AstNode *call)
{
    const AstNode *func = call->u.call.func;
    const char *type = literal_type(func);
    if (type && func->kind != AST_LAMBDA)
        diag_warning(&pc->c->diag, call->span,
                     "'%s' object is not callable; perhaps you missed a comma?", type);
}

/* Literals that cannot be subscripted: numbers, None, ..., sets,
 * generators and lambdas. */
static bool not_subscriptable(const AstNode *e)
{
    if (e->kind == AST_CONSTANT)
        return e->u.constant.kind != AST_CONST_STR && e->u.constant.kind != AST_CONST_BYTES &&
               e->u.constant.kind != AST_CONST_TRUE && e->u.constant.kind != AST_CONST_FALSE;
    return e->kind == AST_SET || e->kind == AST_SET_COMP || e->kind == AST_GENERATOR_EXP ||
           e->kind == AST_LAMBDA;
}

/* Sequences whose index must be an int or a slice: str, bytes, tuple and
 * list literals. */
static bool needs_int_index(const AstNode *e)
{
    if (e->kind == AST_CONSTANT)
        return e->u.constant.kind == AST_CONST_STR || e->u.constant.kind == AST_CONST_BYTES;
    return e->kind == AST_TUPLE || e->kind == AST_LIST || e->kind == AST_LIST_COMP ||
           e->kind == AST_JOINED_STR || e->kind == AST_FORMATTED_VALUE;
}

void ast_warn_subscript(ParseCtx *pc, const AstNode *sub)
{
    const AstNode *value = sub->u.subscript.value, *index = sub->u.subscript.slice;
    if (not_subscriptable(value)) {
        diag_warning(&pc->c->diag, sub->span,
                     "'%s' object is not subscriptable; perhaps you missed a comma?",
                     literal_type(value));
        return;
    }
    const char *index_type = literal_type(index);
    if (!needs_int_index(value) || !index_type || index->kind == AST_SLICE ||
        (index->kind == AST_CONSTANT && (index->u.constant.kind == AST_CONST_INT ||
                                         index->u.constant.kind == AST_CONST_TRUE ||
                                         index->u.constant.kind == AST_CONST_FALSE)))
        return;
    diag_warning(&pc->c->diag, sub->span,
                 "%s indices must be integers or slices, not %s; perhaps you missed a comma?",
                 literal_type(value), index_type);
}
