/* The abstract syntax tree.  Its shape follows Python's own `ast` module
 * (same node kinds, same fields) so that anyone who knows Python's AST can
 * read it.  Every node carries the span of source it came from; nodes live in
 * the compilation's arena and are never freed one by one.
 *
 * Identifiers are interned (support/intern.h): compare them by pointer. */
#ifndef TSC_AST_H
#define TSC_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/source.h"

typedef struct AstNode AstNode;

typedef struct AstList {
    AstNode **items;
    int len, cap;
} AstList;

/* The node kinds, and the fields of each, are one table:
 * parser/ast_fields.def.  The module and the statements come first, then
 * the expressions (AST_BOOL_OP to AST_SLICE), then the parts of both
 * (comprehension, arguments, ...). */
typedef enum AstKind {
#define AST_KIND(kind, name, fields) kind,
#include "parser/ast_fields.def"
    AST_KIND_COUNT
} AstKind;

/* Operators of BinOp, AugAssign, UnaryOp, BoolOp and Compare. */
typedef enum AstOp {
    AST_OP_NONE,
    /* binary */
    AST_OP_ADD, AST_OP_SUB, AST_OP_MULT, AST_OP_MATMULT, AST_OP_DIV, AST_OP_MOD,
    AST_OP_POW, AST_OP_LSHIFT, AST_OP_RSHIFT, AST_OP_BITOR, AST_OP_BITXOR,
    AST_OP_BITAND, AST_OP_FLOORDIV,
    /* unary */
    AST_OP_INVERT, AST_OP_NOT, AST_OP_UADD, AST_OP_USUB,
    /* boolean */
    AST_OP_AND, AST_OP_OR,
    /* comparison */
    AST_OP_EQ, AST_OP_NOTEQ, AST_OP_LT, AST_OP_LTE, AST_OP_GT, AST_OP_GTE,
    AST_OP_IS, AST_OP_ISNOT, AST_OP_IN, AST_OP_NOTIN,
    AST_OP_COUNT
} AstOp;

/* Expression context, as in Python's ast: set on targets by the parser. */
typedef enum AstCtx { AST_LOAD, AST_STORE, AST_DEL } AstCtx;

typedef enum AstConstKind {
    AST_CONST_NONE,
    AST_CONST_TRUE,
    AST_CONST_FALSE,
    AST_CONST_ELLIPSIS,
    AST_CONST_INT,
    AST_CONST_FLOAT,
    AST_CONST_COMPLEX,  /* imaginary literal: value in fval */
    AST_CONST_STR,
    AST_CONST_BYTES,
} AstConstKind;

/* A byte string with its length: decoded string literals may hold NULs. */
typedef struct AstStr {
    const char *ptr;    /* NUL-terminated as well, for convenience */
    uint32_t len;
} AstStr;

/* Bits of AstNode.flags. */
enum {
    AST_FLAG_PARENS = 1 << 0,       /* written inside (redundant) parentheses */
    AST_FLAG_BARE_GENEXP = 1 << 1,  /* GeneratorExp that is a call's sole
                                     * argument without its own parentheses */
    AST_FLAG_STAR = 1 << 2,         /* ExceptHandler of an except* clause */
    AST_FLAG_SEEN_KEYWORD = 1 << 3, /* Call being built: a keyword was read */
    AST_FLAG_SEEN_KWUNPACK = 1 << 4,/* Call being built: a ** was read */
    AST_FLAG_TYPE_COMMENTS = 1 << 5,/* FunctionDef: its type comments were read (sema/types) */
};

struct AstNode {
    AstKind kind;
    AstCtx ctx;         /* Name, Attribute, Subscript, Starred, List, Tuple */
    Span span;
    /* The span including enclosing parentheses: `(a + b)` has the BinOp's
     * span without them, as in Python, and its outer span with them.  Equal
     * to span when there are none. */
    Span outer;
    int32_t height;     /* 1 for a leaf; the parser bounds it (see
                         * PARSE_HEIGHT_FACTOR), so recursive walks are safe */
    uint8_t flags;      /* AST_FLAG_* */
    union {
        struct { AstList body; } module;
        struct {
            const char *name;
            Span name_span;
            AstNode *args;          /* AST_ARGUMENTS */
            AstList body;           /* read it with ast_function_body() */
            AstList decorators;
            AstNode *returns;       /* annotation or NULL */
            bool is_async;
            /* A stdlib function's body still packed (parser/ast_pack.c):
             * most are never called, so they are rebuilt on first use. */
            struct AstLazyBody *lazy;
        } function_def;
        struct {
            const char *name;
            Span name_span;
            AstList bases;
            AstList keywords;       /* AST_KEYWORD, e.g. metaclass=... */
            AstList body;
            AstList decorators;
        } class_def;
        /* Return, Expr (statement), Await, Yield, YieldFrom, Starred:
         * value may be NULL for a bare return/yield. */
        struct { AstNode *value; } value;
        /* Delete: targets; Assign: targets (a = b = c has two) and value */
        struct { AstList targets; AstNode *value; } assign;
        struct { AstNode *target; AstOp op; AstNode *value; } aug_assign;
        struct {
            AstNode *target;
            AstNode *annotation;
            AstNode *value;         /* may be NULL */
            bool simple;            /* target is a plain name, not in parens */
        } ann_assign;
        struct {
            AstNode *target;
            AstNode *iter;
            AstList body;
            AstList orelse;
            bool is_async;
        } for_stmt;
        /* While and If (elif becomes a nested If in orelse) */
        struct { AstNode *test; AstList body; AstList orelse; } cond;
        struct { AstList items; AstList body; bool is_async; } with;
        struct { AstNode *exc; AstNode *cause; } raise;
        struct {
            AstList body;
            AstList handlers;       /* AST_EXCEPT_HANDLER */
            AstList orelse;
            AstList finalbody;
            bool is_star;           /* except* */
        } try_stmt;
        struct { AstNode *test; AstNode *msg; } assert_stmt;
        /* Import: names; ImportFrom: module (NULL for `from . import x`),
         * names and level (number of leading dots). */
        struct { const char *module; AstList names; int level; } import;
        /* Global and Nonlocal: AST_NAME nodes, for their spans */
        struct { AstList names; } global;
        struct { AstOp op; AstList values; } bool_op;
        struct { AstNode *target; AstNode *value; } named_expr;
        struct { AstNode *left; AstOp op; AstNode *right; } bin_op;
        struct { AstOp op; AstNode *operand; } unary_op;
        struct { AstNode *args; AstNode *body; } lambda;
        struct { AstNode *test; AstNode *body; AstNode *orelse; } if_exp;
        /* keys[i] is NULL for a `**mapping` entry */
        struct { AstList keys; AstList values; } dict;
        /* Set, List, Tuple */
        struct { AstList elts; } seq;
        /* ListComp, SetComp, GeneratorExp: elt; DictComp: elt is the key and
         * value the value */
        struct { AstNode *elt; AstNode *value; AstList generators; } comp;
        struct {
            AstNode *left;
            AstOp *ops;             /* comparators.len operators */
            AstList comparators;
        } compare;
        struct { AstNode *func; AstList args; AstList keywords; } call;
        struct {
            AstNode *value;
            int conversion;         /* -1, 's', 'r' or 'a' */
            AstNode *format_spec;   /* AST_JOINED_STR or NULL */
        } formatted_value;
        struct { AstList values; } joined_str;
        struct {
            AstConstKind kind;
            int64_t ival;           /* AST_CONST_INT, when !overflow */
            double fval;            /* AST_CONST_FLOAT, AST_CONST_COMPLEX */
            AstStr sval;            /* AST_CONST_STR (UTF-8), AST_CONST_BYTES;
                                     * for an overflowing int, its digits */
            bool overflow;          /* int literal does not fit in int64 */
        } constant;
        struct { AstNode *value; const char *attr; Span attr_span; } attribute;
        struct { AstNode *value; AstNode *slice; } subscript;
        struct { const char *id; } name;
        struct { AstNode *lower; AstNode *upper; AstNode *step; } slice;
        struct {
            AstNode *target;
            AstNode *iter;
            AstList ifs;
            bool is_async;
        } comprehension;
        struct {
            AstNode *type;          /* NULL for a bare except */
            const char *name;       /* NULL unless `as name` */
            AstList body;
        } except_handler;
        struct {
            AstList posonlyargs;    /* AST_ARG */
            AstList args;
            AstNode *vararg;        /* AST_ARG or NULL */
            AstList kwonlyargs;
            AstList kw_defaults;    /* one per kwonlyarg; NULL items where none */
            AstNode *kwarg;
            AstList defaults;       /* for the last len(defaults) of posonly+args */
        } arguments;
        struct { const char *name; AstNode *annotation; } arg;
        /* arg is NULL for `**mapping` */
        struct { const char *arg; AstNode *value; } keyword;
        /* `import a.b.c as d`: name "a.b.c", asname "d" or NULL */
        struct { const char *name; const char *asname; } alias;
        struct { AstNode *context_expr; AstNode *optional_vars; } with_item;
    } u;
};

const char *ast_kind_name(AstKind kind);
/* The bytes a node of KIND is allocated with: a node holds only its own
 * member of the union, so never copy an AstNode whole or read another
 * kind's member. */
size_t ast_node_size(AstKind kind);
/* AST_BOOL_OP ... AST_SLICE */
bool ast_is_expression(AstKind kind);
/* The body of DEF (an AST_FUNCTION_DEF), rebuilding it first when it is
 * still packed (parser/ast_pack.c). */
const AstList *ast_function_body(const AstNode *def);
/* "+", "not in", ... */
const char *ast_op_text(AstOp op);

/* The children of a node, in the order of parser/ast_fields.def: its child
 * nodes and the items of its child lists, NULLs left out, a function's body
 * read with ast_function_body().  That is Python's field order, which is
 * the source order but in a few kinds: an IfExp's test comes before its
 * body, a def's decorators and return annotation after its body, a Dict's
 * keys before its values, a call's keywords after its positional
 * arguments, and parameters before their defaults.  (sema/flow.c lists a
 * function's locals in the order its walk meets them, and that order is
 * the order of If outputs and Loop-carried values.)
 *
 *     AstChildren it = ast_children(node);
 *     for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
 *         ...
 */
typedef struct AstChildren {
    const AstNode *node;
    int field;          /* the field being read, in the kind's row */
    int item;           /* its next item (a child node: 1 once read) */
} AstChildren;

AstChildren ast_children(const AstNode *node);
/* The next child, or NULL after the last. */
const AstNode *ast_child_next(AstChildren *it);

/* Size of the rows of the tables parser/ast_fields.def expands into: room
 * for the most fields a kind has and an end mark (parser/ast.c checks). */
#define AST_FIELDS_MAX 8

#endif
