/* AST core: node allocation, growable node lists, spans, the height limit
 * that keeps every later recursive walk bounded, the names of node kinds
 * and operators, and the walk over a node's children (both from the field
 * table, parser/ast_fields.def).  The constructors the grammar calls are in
 * ast_expr.c, ast_stmt.c, ast_args.c, ast_target.c and fstring.c. */
#include <assert.h>
#include <string.h>

#include "parser/parse_internal.h"

static const char *const kind_names[AST_KIND_COUNT] = {
#define AST_KIND(kind, name, fields) [kind] = #name,
#include "parser/ast_fields.def"
};

/* ---- the field table ---------------------------------------------------- */

/* Every row of parser/ast_fields.def fits the tables it expands into, with
 * their end mark. */
#define AST_KIND(kind, name, fields) \
    _Static_assert(0 fields < AST_FIELDS_MAX, #kind " has too many fields");
#define AST_CHILD(type, name, member) +1
#define AST_VALUE(type, name, member) +1
#define AST_SPAN(name, member) +1
#define AST_CTX() +1
#include "parser/ast_fields.def"

/* Every field has the C type its type in the table says, so that the
 * readers that reach it by its offset read what is there. */
#define FIELD_IS(member, T) _Generic(((AstNode *)0)->member, T: 1, default: 0)
#define TYPE_NODE(member) FIELD_IS(member, AstNode *)
#define TYPE_LIST(member) FIELD_IS(member, AstList)
#define TYPE_BODY(member) FIELD_IS(member, AstList)
#define TYPE_IDENT(member) FIELD_IS(member, const char *)
#define TYPE_OP(member) FIELD_IS(member, AstOp)
#define TYPE_OPS(member) FIELD_IS(member, AstOp *)
#define TYPE_BOOL(member) FIELD_IS(member, bool)
#define TYPE_INT(member) FIELD_IS(member, int)
#define TYPE_CHAR(member) FIELD_IS(member, int)
#define TYPE_CONST(member) FIELD_IS(member.sval, AstStr)
#define TYPE_NAMES(member) FIELD_IS(member, AstList)
#define CHECK_TYPE(type, member) \
    _Static_assert(TYPE_##type(member), #member " is not of type " #type);
#define AST_KIND(kind, name, fields) fields
#define AST_CHILD(type, name, member) CHECK_TYPE(type, member)
#define AST_VALUE(type, name, member) CHECK_TYPE(type, member)
#define AST_SPAN(name, member) _Static_assert(FIELD_IS(member, Span), #member " is not a Span");
#define AST_CTX()
#include "parser/ast_fields.def"

/* The children of each kind, for ast_child_next(). */
typedef enum ChildType { CHILD_END, CHILD_NODE, CHILD_LIST, CHILD_BODY } ChildType;

typedef struct ChildField {
    ChildType type;
    size_t offset;      /* in AstNode */
} ChildField;

static const ChildField child_fields[AST_KIND_COUNT][AST_FIELDS_MAX] = {
#define AST_KIND(kind, name, fields) [kind] = {fields {CHILD_END, 0}},
#define AST_CHILD(type, name, member) {CHILD_##type, offsetof(AstNode, member)},
#define AST_VALUE(type, name, member)
#define AST_SPAN(name, member)
#define AST_CTX()
#include "parser/ast_fields.def"
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

/* ---- children ----------------------------------------------------------- */

AstChildren ast_children(const AstNode *node)
{
    return (AstChildren){node, 0, 0};
}

const AstNode *ast_child_next(AstChildren *it)
{
    const AstNode *n = it->node;
    for (;; it->field++, it->item = 0) {
        const ChildField *f = &child_fields[n->kind][it->field];
        if (f->type == CHILD_END)
            return NULL;
        if (f->type == CHILD_NODE) {
            const AstNode *child = *(AstNode *const *)((const char *)n + f->offset);
            if (it->item++ == 0 && child)
                return child;
            continue;
        }
        const AstList *l = f->type == CHILD_BODY ? ast_function_body(n)
                                                 : (const AstList *)((const char *)n + f->offset);
        while (it->item < l->len) {
            const AstNode *child = l->items[it->item++];
            if (child)
                return child;
        }
    }
}

/* ---- nodes -------------------------------------------------------------- */

#define AST_SIZE_OF(member) (offsetof(AstNode, u) + sizeof(((AstNode *)0)->u.member))

/* The bytes a node of KIND takes: the common fields and its own member of
 * the union, not the largest (a Name is 48 bytes, not 136: the AST of a
 * 100,000-line file took 70 MB).  The kinds not listed (0 here), rare or
 * read through another kind's member (a lambda as a function), take it
 * all. */
static const size_t node_sizes[AST_KIND_COUNT] = {
    [AST_NAME] = AST_SIZE_OF(name),
    [AST_CONSTANT] = AST_SIZE_OF(constant),
    [AST_BIN_OP] = AST_SIZE_OF(bin_op),
    [AST_UNARY_OP] = AST_SIZE_OF(unary_op),
    [AST_BOOL_OP] = AST_SIZE_OF(bool_op),
    [AST_COMPARE] = AST_SIZE_OF(compare),
    [AST_ATTRIBUTE] = AST_SIZE_OF(attribute),
    [AST_SUBSCRIPT] = AST_SIZE_OF(subscript),
    [AST_CALL] = AST_SIZE_OF(call),
    [AST_KEYWORD] = AST_SIZE_OF(keyword),
    [AST_ARG] = AST_SIZE_OF(arg),
    [AST_ALIAS] = AST_SIZE_OF(alias),
    [AST_LIST] = AST_SIZE_OF(seq),
    [AST_TUPLE] = AST_SIZE_OF(seq),
    [AST_SET] = AST_SIZE_OF(seq),
    [AST_RETURN] = AST_SIZE_OF(value),
    [AST_EXPR_STMT] = AST_SIZE_OF(value),
    [AST_STARRED] = AST_SIZE_OF(value),
    [AST_ASSIGN] = AST_SIZE_OF(assign),
    [AST_AUG_ASSIGN] = AST_SIZE_OF(aug_assign),
    [AST_IF] = AST_SIZE_OF(cond),
    [AST_WHILE] = AST_SIZE_OF(cond),
};

size_t ast_node_size(AstKind kind)
{
    size_t size = (unsigned)kind < AST_KIND_COUNT ? node_sizes[kind] : 0;
    return size ? size : sizeof(AstNode);
}

AstNode *ast_new(ParseCtx *pc, AstKind kind, Span span)
{
    AstNode *n = arena_alloc(&pc->c->arena, ast_node_size(kind));
    n->kind = kind;
    n->ctx = AST_LOAD;
    n->span = span;
    n->outer = span;
    n->height = 1;
    return n;
}

bool ast_is_expression(AstKind kind)
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
               ast_is_expression(parent->kind) ? "expression nested too deeply (more than %d levels)"
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
