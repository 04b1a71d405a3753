/* Assignment and deletion targets.  The grammar parses a target as an
 * expression (LALR(1) cannot know `a, b` is a target before it sees '=');
 * these functions then set ctx=Store or ctx=Del on it and its elements and
 * report what cannot be assigned, in CPython's words. */
#include "parser/parse_internal.h"

/* How CPython names an expression in "cannot assign to %s". */
const char *ast_describe(const AstNode *n)
{
    switch (n->kind) {
    case AST_ATTRIBUTE: return "attribute";
    case AST_SUBSCRIPT: return "subscript";
    case AST_STARRED: return "starred";
    case AST_NAME: return "name";
    case AST_LIST: return "list";
    case AST_TUPLE: return "tuple";
    case AST_LAMBDA: return "lambda";
    case AST_CALL: return "function call";
    case AST_BOOL_OP: case AST_BIN_OP: case AST_UNARY_OP: return "expression";
    case AST_GENERATOR_EXP: return "generator expression";
    case AST_YIELD: case AST_YIELD_FROM: return "yield expression";
    case AST_AWAIT: return "await expression";
    case AST_LIST_COMP: return "list comprehension";
    case AST_SET_COMP: return "set comprehension";
    case AST_DICT_COMP: return "dict comprehension";
    case AST_DICT: return "dict literal";
    case AST_SET: return "set display";
    case AST_JOINED_STR: case AST_FORMATTED_VALUE: return "f-string expression";
    case AST_COMPARE: return "comparison";
    case AST_IF_EXP: return "conditional expression";
    case AST_NAMED_EXPR: return "named expression";
    case AST_CONSTANT:
        switch (n->u.constant.kind) {
        case AST_CONST_NONE: return "None";
        case AST_CONST_TRUE: return "True";
        case AST_CONST_FALSE: return "False";
        case AST_CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    default:
        return "expression";
    }
}

static bool target_elements(ParseCtx *pc, AstNode *n, TargetUse use)
{
    bool ok = true;
    int starred = 0;
    for (int i = 0; i < n->u.seq.elts.len; i++) {
        AstNode *e = n->u.seq.elts.items[i];
        if (e->kind == AST_STARRED && use == TARGET_ASSIGN && ++starred == 2) {
            diag_error(&pc->c->diag, ast_outer(e), "multiple starred expressions in assignment");
            ok = false;
        }
        ok = ast_set_target(pc, e, use) && ok;
    }
    return ok;
}

bool ast_set_target(ParseCtx *pc, AstNode *n, TargetUse use)
{
    AstCtx ctx = use == TARGET_DELETE ? AST_DEL : AST_STORE;
    switch (n->kind) {
    case AST_NAME:
    case AST_ATTRIBUTE:
    case AST_SUBSCRIPT:
        n->ctx = ctx;
        return true;
    case AST_STARRED:
        if (use == TARGET_DELETE)
            break;
        n->ctx = ctx;
        return ast_set_target(pc, n->u.value.value, use);
    case AST_TUPLE:
    case AST_LIST:
        n->ctx = ctx;
        return target_elements(pc, n, use);
    default:
        break;
    }
    diag_error(&pc->c->diag, ast_outer(n), use == TARGET_DELETE ? "cannot delete %s"
                                                                 : "cannot assign to %s",
               ast_describe(n));
    return false;
}

void ast_check_not_starred(ParseCtx *pc, AstNode *n)
{
    if (n->kind == AST_STARRED)
        diag_error(&pc->c->diag, ast_outer(n), "can't use starred expression here");
}
