/* AST core: node allocation, growable node lists, spans, the height limit
 * that keeps every later recursive walk bounded, and the names of node kinds
 * and operators.  The constructors the grammar calls are in ast_expr.c,
 * ast_stmt.c, ast_args.c, ast_target.c and fstring.c. */
#include <assert.h>
#include <string.h>

#include "parser/parse_internal.h"

static const char *const kind_names[AST_KIND_COUNT] = {
    [AST_MODULE] = "Module",
    [AST_FUNCTION_DEF] = "FunctionDef",
    [AST_CLASS_DEF] = "ClassDef",
    [AST_RETURN] = "Return",
    [AST_DELETE] = "Delete",
    [AST_ASSIGN] = "Assign",
    [AST_AUG_ASSIGN] = "AugAssign",
    [AST_ANN_ASSIGN] = "AnnAssign",
    [AST_FOR] = "For",
    [AST_WHILE] = "While",
    [AST_IF] = "If",
    [AST_WITH] = "With",
    [AST_MATCH] = "Match",
    [AST_RAISE] = "Raise",
    [AST_TRY] = "Try",
    [AST_ASSERT] = "Assert",
    [AST_IMPORT] = "Import",
    [AST_IMPORT_FROM] = "ImportFrom",
    [AST_GLOBAL] = "Global",
    [AST_NONLOCAL] = "Nonlocal",
    [AST_EXPR_STMT] = "Expr",
    [AST_PASS] = "Pass",
    [AST_BREAK] = "Break",
    [AST_CONTINUE] = "Continue",
    [AST_BOOL_OP] = "BoolOp",
    [AST_NAMED_EXPR] = "NamedExpr",
    [AST_BIN_OP] = "BinOp",
    [AST_UNARY_OP] = "UnaryOp",
    [AST_LAMBDA] = "Lambda",
    [AST_IF_EXP] = "IfExp",
    [AST_DICT] = "Dict",
    [AST_SET] = "Set",
    [AST_LIST_COMP] = "ListComp",
    [AST_SET_COMP] = "SetComp",
    [AST_DICT_COMP] = "DictComp",
    [AST_GENERATOR_EXP] = "GeneratorExp",
    [AST_AWAIT] = "Await",
    [AST_YIELD] = "Yield",
    [AST_YIELD_FROM] = "YieldFrom",
    [AST_COMPARE] = "Compare",
    [AST_CALL] = "Call",
    [AST_FORMATTED_VALUE] = "FormattedValue",
    [AST_JOINED_STR] = "JoinedStr",
    [AST_CONSTANT] = "Constant",
    [AST_ATTRIBUTE] = "Attribute",
    [AST_SUBSCRIPT] = "Subscript",
    [AST_STARRED] = "Starred",
    [AST_NAME] = "Name",
    [AST_LIST] = "List",
    [AST_TUPLE] = "Tuple",
    [AST_SLICE] = "Slice",
    [AST_COMPREHENSION] = "comprehension",
    [AST_EXCEPT_HANDLER] = "ExceptHandler",
    [AST_ARGUMENTS] = "arguments",
    [AST_ARG] = "arg",
    [AST_KEYWORD] = "keyword",
    [AST_ALIAS] = "alias",
    [AST_WITH_ITEM] = "withitem",
};

static const char *const op_texts[AST_OP_COUNT] = {
    [AST_OP_NONE] = "?",
    [AST_OP_ADD] = "+", [AST_OP_SUB] = "-", [AST_OP_MULT] = "*", [AST_OP_MATMULT] = "@",
    [AST_OP_DIV] = "/", [AST_OP_MOD] = "%", [AST_OP_POW] = "**", [AST_OP_LSHIFT] = "<<",
    [AST_OP_RSHIFT] = ">>", [AST_OP_BITOR] = "|", [AST_OP_BITXOR] = "^",
    [AST_OP_BITAND] = "&", [AST_OP_FLOORDIV] = "//",
    [AST_OP_INVERT] = "~", [AST_OP_NOT] = "not", [AST_OP_UADD] = "+", [AST_OP_USUB] = "-",
    [AST_OP_AND] = "and", [AST_OP_OR] = "or",
    [AST_OP_EQ] = "==", [AST_OP_NOTEQ] = "!=", [AST_OP_LT] = "<", [AST_OP_LTE] = "<=",
    [AST_OP_GT] = ">", [AST_OP_GTE] = ">=", [AST_OP_IS] = "is", [AST_OP_ISNOT] = "is not",
    [AST_OP_IN] = "in", [AST_OP_NOTIN] = "not in",
};

const char *ast_kind_name(AstKind kind)
{
    if ((unsigned)kind >= AST_KIND_COUNT || !kind_names[kind])
        return "?";
    return kind_names[kind];
}

const char *ast_op_text(AstOp op)
{
    if ((unsigned)op >= AST_OP_COUNT || !op_texts[op])
        return "?";
    return op_texts[op];
}

/* ---- nodes -------------------------------------------------------------- */

AstNode *ast_new(ParseCtx *pc, AstKind kind, Span span)
{
    AstNode *n = arena_alloc(&pc->c->arena, sizeof *n);
    n->kind = kind;
    n->ctx = AST_LOAD;
    n->span = span;
    n->outer = span;
    n->height = 1;
    return n;
}

static bool is_expression(AstKind kind)
{
    return kind >= AST_BOOL_OP && kind <= AST_SLICE;
}

static bool spans_overlap(Span a, Span b)
{
    return a.file == b.file && a.start < b.end && b.start < a.end;
}

/* The height check: one report per nest (a chain of BinOps a+a+...+a
 * exceeds the limit at every node above the first one that does). */
void ast_adopt(ParseCtx *pc, AstNode *parent, const AstNode *child)
{
    if (!child || child->height < parent->height)
        return;
    parent->height = child->height + 1;
    if (parent->height <= pc->max_height)
        return;
    Span at = parent->span.file >= 0 ? parent->span : child->span;
    if (spans_overlap(at, pc->deep_reported) ||
        (pc->deep_reported.file >= 0 && at.start <= pc->deep_reported.start &&
         at.end >= pc->deep_reported.end))
        return;
    pc->deep_reported = at;
    diag_error(&pc->c->diag, (Span){at.file, at.start, at.start},
               is_expression(parent->kind) ? "expression nested too deeply (more than %d levels)"
                                           : "statements nested too deeply (more than %d levels)",
               pc->max_height);
}

void ast_adopt_list(ParseCtx *pc, AstNode *parent, AstList list)
{
    for (int i = 0; i < list.len; i++)
        ast_adopt(pc, parent, list.items[i]);
}

/* ---- spans and names ---------------------------------------------------- */

Span ast_token_span(ParseCtx *pc, Token t)
{
    (void)pc;
    return token_span(t);
}

Span ast_outer(const AstNode *n)
{
    return n ? n->outer : SPAN_NONE;
}

Span ast_join(Span a, Span b)
{
    return span_join(a, b);
}

const char *ast_token_name(ParseCtx *pc, Token t)
{
    assert(t.start + t.len <= pc->file->len);
    return intern_n(&pc->c->names, pc->file->text + t.start, t.len);
}

uint32_t ast_skip_blanks(ParseCtx *pc, uint32_t offset)
{
    const char *text = pc->file->text;
    uint32_t len = pc->file->len;
    while (offset < len) {
        char ch = text[offset];
        if (ch == '#') {
            while (offset < len && text[offset] != '\n')
                offset++;
        } else if (ch == ' ' || ch == '\t' || ch == '\f' || ch == '\n' || ch == '\r' ||
                   ch == '\\') {
            offset++;
        } else {
            break;
        }
    }
    return offset;
}

/* ---- repeated names ----------------------------------------------------- */

int ast_first_repeat(ParseCtx *pc, const char *const *names, int n)
{
    size_t cap = 16;
    while (cap < (size_t)n * 2)
        cap *= 2;
    const char **set = arena_alloc(&pc->c->arena, sizeof *set * cap);
    for (int i = 0; i < n; i++) {
        size_t h = (size_t)(((uintptr_t)names[i] >> 3) * 2654435761u) & (cap - 1);
        while (set[h] && set[h] != names[i])
            h = (h + 1) & (cap - 1);
        if (set[h])
            return i;
        set[h] = names[i];
    }
    return -1;
}

/* ---- lists -------------------------------------------------------------- */

void ast_push(ParseCtx *pc, AstList *list, AstNode *n)
{
    if (list->len == list->cap) {
        int cap = list->cap ? list->cap * 2 : 4;
        list->items = arena_grow(&pc->c->arena, list->items,
                                 sizeof(AstNode *) * (size_t)list->cap,
                                 sizeof(AstNode *) * (size_t)cap);
        list->cap = cap;
    }
    list->items[list->len++] = n;
}

AstList ast_list1(ParseCtx *pc, AstNode *n)
{
    AstList list = ast_list_none();
    ast_push(pc, &list, n);
    return list;
}

AstList ast_list_push(ParseCtx *pc, AstList list, AstNode *n)
{
    ast_push(pc, &list, n);
    return list;
}

AstList ast_list_extend(ParseCtx *pc, AstList list, AstList more)
{
    for (int i = 0; i < more.len; i++)
        ast_push(pc, &list, more.items[i]);
    return list;
}
