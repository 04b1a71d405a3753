/* State shared by the grammar actions, the AST constructors and the parser
 * driver, and the constructors the actions call (SQLite style: each action
 * of parser/grammar.y is one call to a function declared here).
 *
 *   parser/parse.c        driver: lexer -> Lemon, sub-parses of f-string fields
 *   parser/parse_error.c  wording of syntax errors from the automaton's state
 *   parser/ast.c          nodes, lists, spans, depth limit, kind names, children
 *   parser/ast_fields.def the field table of every node kind
 *   parser/ast_expr.c     expression constructors
 *   parser/ast_stmt.c     statement constructors
 *   parser/ast_args.c     parameters and call arguments
 *   parser/ast_target.c   assignment/deletion targets and their errors
 *   parser/ast_warn.c     Python's SyntaxWarnings (x is 1, a literal called)
 *   parser/ast_check.c    Python's compile-time SyntaxErrors ('return' outside function)
 *   parser/fstring.c      string literals, concatenation, f-strings
 *   parser/ast_dump.c     --emit ast */
#ifndef TSC_PARSE_INTERNAL_H
#define TSC_PARSE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "lexer/token.h"
#include "parser/ast.h"
#include "support/context.h"

/* How many Lemon parsers may be alive at once: the file's, plus one per
 * level of f-string nesting (Python 3.11 allows at most 4 quote kinds). */
#define PARSE_MAX_PARSERS 8
/* The AST may be this many times max_nesting deep (a chain like a+a+...+a
 * nests without brackets); deeper input is refused, so every recursive
 * walker of the AST is bounded. */
#define PARSE_HEIGHT_FACTOR 5

/* Lemon parsers are large (a fixed stack): they are allocated once per
 * nesting level and reused. */
typedef struct ParsePool {
    void *parsers[PARSE_MAX_PARSERS];
    int nused;
} ParsePool;

typedef struct ParseCtx {
    Compiler *c;
    const SourceFile *file;
    ParsePool *pool;
    void *lemon;            /* the Lemon parser this context feeds */
    AstNode *module;        /* file mode: statements are appended as parsed */
    AstNode *result;        /* expression mode: the expression */
    const char *prefix;     /* "" or "f-string: ", put before syntax errors */
    int fstring_depth;      /* 0 for the file, 1 inside a field, ... */
    uint32_t field_start, field_end;    /* the field's expression, when > 0 */
    int max_height;         /* AST height limit */
    /* the token stream and the token being fed */
    const Token *toks;
    int ntoks, pos;
    bool recovering;        /* after an error, until Lemon resynchronizes */
    bool trusted;           /* the embedded stdlib: known to parse, so no
                             * token is checked ahead (parse_lemon_accepts) */
    bool lemon_failed;      /* Lemon itself met a syntax error */
    bool stopped;           /* after a stack overflow nothing more is parsed */
    bool reported;          /* whether last_error is set */
    uint32_t last_error;    /* offset of the last syntax error reported */
    Span deep_reported;     /* last "too deeply nested" report */
} ParseCtx;

/* Parameters are read as a flat list of items and sorted by
 * ast_params_add(). */
typedef enum ParamKind { PARAM_PLAIN, PARAM_STAR, PARAM_DOUBLESTAR, PARAM_SLASH } ParamKind;

typedef struct ParamItem {
    ParamKind kind;
    AstNode *arg;           /* AST_ARG; NULL for a bare * or / */
    AstNode *value;         /* default value or NULL */
    Span span;
} ParamItem;

typedef struct ParamsBuilder {
    AstNode *args;          /* AST_ARGUMENTS being filled */
    Span bare_star;         /* file < 0 unless a bare * was read */
    bool seen_slash, seen_star, seen_kwarg, seen_default;
    bool failed;            /* an error was reported: check nothing more */
} ParamsBuilder;

/* Adjacent string tokens, concatenated when the atom is complete. */
typedef struct StrParts {
    Token *toks;
    int len, cap;
} StrParts;

/* ---- Lemon (generated parser/grammar.c) -------------------------------- */

void parse_lemon(void *parser, int major, Token minor, ParseCtx *pc);
void parse_lemonInit(void *parser);
void parse_lemonFinalize(void *parser);
size_t parse_lemon_size(void);
bool parse_lemon_accepts(void *parser, int token);
int parse_lemon_ntokens(void);
int parse_lemon_depth(void *parser);
int parse_lemon_entry(void *parser, int i, Token *tok);

/* ---- driver (parse.c, parse_error.c) ----------------------------------- */

/* Parses bytes [start, end) of the file as an f-string replacement field;
 * NULL after reporting an error. */
AstNode *parse_fstring_field(ParseCtx *pc, uint32_t start, uint32_t end);
void parse_stack_overflow(ParseCtx *pc);
/* Reports the syntax error at token pc->toks[pc->pos]. */
void parse_syntax_error(ParseCtx *pc);
/* Reports an error unless one was already reported at that offset. */
void parse_error(ParseCtx *pc, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- nodes and lists (ast.c) ------------------------------------------- */

AstNode *ast_new(ParseCtx *pc, AstKind kind, Span span);
/* Records CHILD as a child of PARENT for the height limit. */
void ast_adopt(ParseCtx *pc, AstNode *parent, const AstNode *child);
void ast_adopt_list(ParseCtx *pc, AstNode *parent, AstList list);
Span ast_token_span(ParseCtx *pc, Token t);
/* The span of N with its enclosing parentheses. */
Span ast_outer(const AstNode *n);
Span ast_join(Span a, Span b);
const char *ast_token_name(ParseCtx *pc, Token t);
/* The offset of the first token at or after OFFSET (blanks, comments and
 * line continuations skipped): where an unrecorded keyword like `as` is. */
uint32_t ast_skip_blanks(ParseCtx *pc, uint32_t offset);

/* Index of the first of NAMES[0..N) (interned) equal to an earlier one, or
 * -1; linear time, so a call with 100,000 keywords stays fast. */
int ast_first_repeat(ParseCtx *pc, const char *const *names, int n);
/* Reports a keyword given twice in CALL's keywords (a call or class bases). */
void ast_check_keywords(ParseCtx *pc, const AstNode *call);

static inline AstList ast_list_none(void)
{
    return (AstList){NULL, 0, 0};
}
void ast_push(ParseCtx *pc, AstList *list, AstNode *n);
AstList ast_list1(ParseCtx *pc, AstNode *n);
AstList ast_list_push(ParseCtx *pc, AstList list, AstNode *n);
AstList ast_list_extend(ParseCtx *pc, AstList list, AstList more);

/* ---- the top (ast_stmt.c) ---------------------------------------------- */

void ast_module_append(ParseCtx *pc, AstList stmts);
void ast_expression_result(ParseCtx *pc, AstNode *e);

/* ---- statements (ast_stmt.c) ------------------------------------------- */

/* `a; b;`: a block ending so ends at the ';' (the statement does not). */
AstList ast_trailing_semicolon(ParseCtx *pc, AstList stmts, Token semi);
AstNode *ast_keyword_stmt(ParseCtx *pc, AstKind kind, Token k);
AstNode *ast_return(ParseCtx *pc, Token k, AstNode *value);
AstNode *ast_raise(ParseCtx *pc, Token k, AstNode *exc, AstNode *cause);
AstNode *ast_global(ParseCtx *pc, AstKind kind, Token k, AstList names);
AstNode *ast_assert(ParseCtx *pc, Token k, AstNode *test, AstNode *msg);
AstNode *ast_expr_stmt(ParseCtx *pc, AstNode *value);
AstNode *ast_aug_assign(ParseCtx *pc, AstNode *target, AstOp op, AstNode *value);
AstNode *ast_ann_assign(ParseCtx *pc, AstNode *target, AstNode *annotation, AstNode *value);
AstNode *ast_assign(ParseCtx *pc, AstNode *target, AstNode *value);
AstNode *ast_assign_chain(ParseCtx *pc, AstNode *assign, AstNode *value);
AstNode *ast_delete(ParseCtx *pc, Token k, AstList targets, const Token *comma);
AstNode *ast_import(ParseCtx *pc, Token k, AstList names);
AstNode *ast_import_from(ParseCtx *pc, Token k, AstNode *from, AstList names, const Token *rpar);
AstNode *ast_alias(ParseCtx *pc, Token name);
AstNode *ast_alias_as(ParseCtx *pc, AstNode *alias, Token asname);
AstNode *ast_alias_dot(ParseCtx *pc, AstNode *alias, Token name);
AstNode *ast_from_dots(ParseCtx *pc, AstNode *from, Token dots);
AstNode *ast_from_module(ParseCtx *pc, AstNode *from, AstNode *dotted);
AstNode *ast_while(ParseCtx *pc, Token k, AstNode *test, AstList body, AstList orelse);
AstNode *ast_if_branch(ParseCtx *pc, Token k, AstNode *test, AstList body);
AstNode *ast_if(ParseCtx *pc, AstList branches, AstList orelse);
AstNode *ast_for(ParseCtx *pc, Token k, AstNode *target, AstNode *iter, AstList body,
                 AstList orelse);
AstNode *ast_try(ParseCtx *pc, Token k, AstList body, AstList handlers, AstList orelse,
                 AstList finalbody);
AstNode *ast_handler(ParseCtx *pc, Token k, AstNode *type, bool star, const Token *name,
                     AstList body);
AstNode *ast_handler_no_type(ParseCtx *pc, Token k, Token star, AstList body);
AstNode *ast_exc_tuple(ParseCtx *pc, AstNode *first, AstList rest);
AstNode *ast_with(ParseCtx *pc, Token k, AstList items, AstList body);
AstNode *ast_with_paren(ParseCtx *pc, Token k, Token lpar, AstList items, bool trailing_comma,
                        Token rpar, AstList body);
AstNode *ast_with_item(ParseCtx *pc, AstNode *context_expr, AstNode *target);
AstNode *ast_function_def(ParseCtx *pc, Token k, Token name, AstNode *args, AstNode *returns,
                          AstList body);
AstNode *ast_class_def(ParseCtx *pc, Token k, Token name, AstNode *call, AstList body);
AstNode *ast_decorate(ParseCtx *pc, AstList decorators, AstNode *def);
AstNode *ast_async(ParseCtx *pc, Token k, AstNode *stmt);
AstNode *ast_match(ParseCtx *pc, Token k);

/* ---- parameters and arguments (ast_args.c) ----------------------------- */

ParamsBuilder *ast_params_begin(ParseCtx *pc);
ParamsBuilder *ast_params_add(ParseCtx *pc, ParamsBuilder *b, ParamItem *item);
/* B may be NULL: no parameters. */
AstNode *ast_params_finish(ParseCtx *pc, ParamsBuilder *b);
ParamItem *ast_param(ParseCtx *pc, ParamKind kind, const Token *name, AstNode *annotation,
                     AstNode *value);
ParamItem *ast_param_marker(ParseCtx *pc, ParamKind kind, Token mark);
ParamItem *ast_param_star(ParseCtx *pc, ParamKind kind, Token star, ParamItem *item);
/* Adds ARG (an expression, Starred, keyword or bare generator) to CALL, a
 * Call node whose func is not set yet; CALL NULL starts one, ARG NULL adds
 * nothing. */
AstNode *ast_call_args(ParseCtx *pc, AstNode *call, AstNode *arg);
AstNode *ast_call(ParseCtx *pc, AstNode *func, Token lpar, AstNode *call, Token rpar,
                  bool trailing_comma);
AstNode *ast_keyword_arg(ParseCtx *pc, AstNode *name, AstNode *value);
AstNode *ast_keyword_unpack(ParseCtx *pc, Token stars, AstNode *value);

/* ---- expressions (ast_expr.c) ------------------------------------------ */

AstNode *ast_name(ParseCtx *pc, Token t);
AstNode *ast_number(ParseCtx *pc, Token t);
AstNode *ast_constant(ParseCtx *pc, Token t, AstConstKind kind);
AstNode *ast_bin_op(ParseCtx *pc, AstNode *left, AstOp op, AstNode *right);
AstNode *ast_unary_op(ParseCtx *pc, Token k, AstOp op, AstNode *operand);
/* Starts (CHAIN NULL: LEFT op RIGHT) or extends (CHAIN op RIGHT) a BoolOp. */
AstNode *ast_bool_op(ParseCtx *pc, AstNode *chain, AstOp op, AstNode *left, AstNode *right);
/* Same for Compare. */
AstNode *ast_compare(ParseCtx *pc, AstNode *chain, AstNode *left, AstOp op, AstNode *right);
AstNode *ast_if_exp(ParseCtx *pc, AstNode *test, AstNode *body, AstNode *orelse);
AstNode *ast_lambda(ParseCtx *pc, Token k, AstNode *args, AstNode *body);
AstNode *ast_named_expr(ParseCtx *pc, AstNode *target, AstNode *value);
AstNode *ast_starred(ParseCtx *pc, Token star, AstNode *value);
AstNode *ast_await(ParseCtx *pc, Token k, AstNode *value);
AstNode *ast_yield(ParseCtx *pc, Token k, AstNode *value);
AstNode *ast_yield_from(ParseCtx *pc, Token k, AstNode *value);
AstNode *ast_attribute(ParseCtx *pc, AstNode *value, Token name);
AstNode *ast_subscript(ParseCtx *pc, AstNode *value, AstNode *slice, Token rsqb);
AstNode *ast_slice(ParseCtx *pc, AstNode *lower, Token colon, AstNode *upper,
                   const Token *colon2, AstNode *step);
/* One item and no trailing comma: the item; otherwise a Tuple. */
AstNode *ast_tuple_or_item(ParseCtx *pc, AstList items, const Token *trailing_comma);
AstNode *ast_subscript_items(ParseCtx *pc, AstList items, const Token *trailing_comma);
/* The contents of an f-string field or --arg value, as if parenthesized. */
AstNode *ast_bare_group(ParseCtx *pc, AstList items, const Token *trailing_comma);
AstNode *ast_paren(ParseCtx *pc, Token lpar, AstList items, bool trailing_comma, Token rpar);
AstNode *ast_group(ParseCtx *pc, Token lpar, AstNode *e, Token rpar);
/* List, Set or Tuple display. */
AstNode *ast_display(ParseCtx *pc, AstKind kind, Token open, AstList elts, Token close);
/* Gives N (a display or comprehension) the span of its brackets. */
AstNode *ast_enclose(ParseCtx *pc, Token open, AstNode *n, Token close);
AstNode *ast_dict_new(ParseCtx *pc);
/* Adds key: value (KEY NULL for **value) to DICT, NULL to start one. */
AstNode *ast_dict_item(ParseCtx *pc, AstNode *dict, AstNode *key, AstNode *value);
AstNode *ast_comp(ParseCtx *pc, AstKind kind, AstNode *elt, AstNode *value, AstList generators);
AstNode *ast_comprehension(ParseCtx *pc, const Token *async, Token k, AstNode *target,
                           AstNode *iter);
AstList ast_comp_if(ParseCtx *pc, AstList generators, AstNode *cond);

/* ---- targets (ast_target.c) -------------------------------------------- */

typedef enum TargetUse {
    TARGET_ASSIGN,      /* =, for, with, comprehension */
    TARGET_DELETE,
} TargetUse;

/* Sets ctx=Store/Del on N and its elements; reports CPython's errors.
 * Returns false after reporting. */
bool ast_set_target(ParseCtx *pc, AstNode *n, TargetUse use);
/* "literal", "function call", ... as CPython names expressions in errors. */
const char *ast_describe(const AstNode *n);
/* Reports a Starred used where only a value may stand. */
void ast_check_not_starred(ParseCtx *pc, AstNode *n);

/* ---- warnings (ast_warn.c) --------------------------------------------- */

/* Python's SyntaxWarnings: `x is 1`; a literal called or subscripted
 * (usually a missing comma in a list of tuples); a literal sequence
 * indexed by something that is not an int. */
void ast_warn_compare(ParseCtx *pc, const AstNode *compare, const AstNode *left, AstOp op,
                      const AstNode *right);
void ast_warn_call(ParseCtx *pc, const AstNode *call);
void ast_warn_subscript(ParseCtx *pc, const AstNode *sub);

/* ---- strings (fstring.c) ----------------------------------------------- */

StrParts *ast_string_part(ParseCtx *pc, StrParts *parts, Token t);
AstNode *ast_strings(ParseCtx *pc, StrParts *parts);

#endif
