/* Expression constructors, called by the actions of parser/grammar.y.
 *
 * Spans follow Python's ast: a node runs from its first to its last token;
 * parentheses around an expression are not part of its span but are part of
 * its parent's (so a node's span is computed from its children's outer
 * spans).  Displays and comprehensions include their brackets. */
#include <assert.h>
#include <string.h>

#include "lexer/lexer.h"
#include "parser/parse_internal.h"

static Span join_outer(const AstNode *a, const AstNode *b)
{
    return ast_join(ast_outer(a), ast_outer(b));
}

/* atom: NAME */
AstNode *ast_name(ParseCtx *pc, Token t)
{
    AstNode *n = ast_new(pc, AST_NAME, ast_token_span(pc, t));
    n->u.name.id = ast_token_name(pc, t);
    return n;
}

/* atom: NUMBER */
AstNode *ast_number(ParseCtx *pc, Token t)
{
    AstNode *n = ast_new(pc, AST_CONSTANT, ast_token_span(pc, t));
    lex_decode_number(pc->c, pc->file, t, n);
    return n;
}

/* atom: None | True | False | '...' */
AstNode *ast_constant(ParseCtx *pc, Token t, AstConstKind kind)
{
    AstNode *n = ast_new(pc, AST_CONSTANT, ast_token_span(pc, t));
    n->u.constant.kind = kind;
    return n;
}

/* expr: expr OP expr, for every binary operator */
AstNode *ast_bin_op(ParseCtx *pc, AstNode *left, AstOp op, AstNode *right)
{
    AstNode *n = ast_new(pc, AST_BIN_OP, join_outer(left, right));
    n->u.bin_op.left = left;
    n->u.bin_op.op = op;
    n->u.bin_op.right = right;
    ast_adopt(pc, n, left);
    ast_adopt(pc, n, right);
    return n;
}

/* factor: ('+' | '-' | '~') factor;  not_test: 'not' not_test */
AstNode *ast_unary_op(ParseCtx *pc, Token k, AstOp op, AstNode *operand)
{
    AstNode *n = ast_new(pc, AST_UNARY_OP, ast_join(ast_token_span(pc, k), ast_outer(operand)));
    n->u.unary_op.op = op;
    n->u.unary_op.operand = operand;
    ast_adopt(pc, n, operand);
    return n;
}

/* or_chain: and_test 'or' and_test | or_chain 'or' and_test (same for and) */
AstNode *ast_bool_op(ParseCtx *pc, AstNode *chain, AstOp op, AstNode *left, AstNode *right)
{
    if (!chain) {
        chain = ast_new(pc, AST_BOOL_OP, ast_outer(left));
        chain->u.bool_op.op = op;
        ast_push(pc, &chain->u.bool_op.values, left);
        ast_adopt(pc, chain, left);
    }
    chain->span = chain->outer = ast_join(chain->span, ast_outer(right));
    ast_push(pc, &chain->u.bool_op.values, right);
    ast_adopt(pc, chain, right);
    return chain;
}

/* compare_chain: expr comp_op expr | compare_chain comp_op expr */
AstNode *ast_compare(ParseCtx *pc, AstNode *chain, AstNode *left, AstOp op, AstNode *right)
{
    if (!chain) {
        chain = ast_new(pc, AST_COMPARE, ast_outer(left));
        chain->u.compare.left = left;
        ast_adopt(pc, chain, left);
    }
    AstList *cmp = &chain->u.compare.comparators;
    int old_cap = cmp->cap;
    ast_push(pc, cmp, right);
    if (cmp->cap != old_cap)
        chain->u.compare.ops = arena_grow(&pc->c->arena, chain->u.compare.ops,
                                          sizeof(AstOp) * (size_t)old_cap,
                                          sizeof(AstOp) * (size_t)cmp->cap);
    chain->u.compare.ops[cmp->len - 1] = op;
    chain->span = chain->outer = ast_join(chain->span, ast_outer(right));
    ast_adopt(pc, chain, right);
    ast_warn_compare(pc, chain, cmp->len > 1 ? cmp->items[cmp->len - 2] : chain->u.compare.left,
                     op, right);
    return chain;
}

/* test: or_test 'if' or_test 'else' test */
AstNode *ast_if_exp(ParseCtx *pc, AstNode *test, AstNode *body, AstNode *orelse)
{
    AstNode *n = ast_new(pc, AST_IF_EXP, join_outer(body, orelse));
    n->u.if_exp.test = test;
    n->u.if_exp.body = body;
    n->u.if_exp.orelse = orelse;
    ast_adopt(pc, n, test);
    ast_adopt(pc, n, body);
    ast_adopt(pc, n, orelse);
    return n;
}

/* test: 'lambda' [lparams] ':' test */
AstNode *ast_lambda(ParseCtx *pc, Token k, AstNode *args, AstNode *body)
{
    AstNode *n = ast_new(pc, AST_LAMBDA, ast_join(ast_token_span(pc, k), ast_outer(body)));
    n->u.lambda.args = args;
    n->u.lambda.body = body;
    ast_adopt(pc, n, args);
    ast_adopt(pc, n, body);
    return n;
}

/* namedexpr: test ':=' test -- the target must be a plain name */
AstNode *ast_named_expr(ParseCtx *pc, AstNode *target, AstNode *value)
{
    AstNode *n = ast_new(pc, AST_NAMED_EXPR, join_outer(target, value));
    if (target->kind != AST_NAME || (target->flags & AST_FLAG_PARENS))
        diag_error(&pc->c->diag, ast_outer(target),
                   "cannot use assignment expressions with %s", ast_describe(target));
    else
        target->ctx = AST_STORE;
    n->u.named_expr.target = target;
    n->u.named_expr.value = value;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, value);
    return n;
}

/* star_expr: '*' expr;  argument: '*' test */
AstNode *ast_starred(ParseCtx *pc, Token star, AstNode *value)
{
    AstNode *n = ast_new(pc, AST_STARRED, ast_join(ast_token_span(pc, star), ast_outer(value)));
    n->u.value.value = value;
    ast_adopt(pc, n, value);
    return n;
}

static AstNode *keyword_value(ParseCtx *pc, AstKind kind, Token k, AstNode *value)
{
    AstNode *n = ast_new(pc, kind, ast_join(ast_token_span(pc, k), ast_outer(value)));
    n->u.value.value = value;
    ast_adopt(pc, n, value);
    return n;
}

/* await_primary: 'await' primary */
AstNode *ast_await(ParseCtx *pc, Token k, AstNode *value)
{
    return keyword_value(pc, AST_AWAIT, k, value);
}

/* yield_expr: 'yield' [testlist_star_expr] */
AstNode *ast_yield(ParseCtx *pc, Token k, AstNode *value)
{
    if (value)
        ast_check_not_starred(pc, value);
    return keyword_value(pc, AST_YIELD, k, value);
}

/* yield_expr: 'yield' 'from' test */
AstNode *ast_yield_from(ParseCtx *pc, Token k, AstNode *value)
{
    return keyword_value(pc, AST_YIELD_FROM, k, value);
}

/* primary: primary '.' NAME */
AstNode *ast_attribute(ParseCtx *pc, AstNode *value, Token name)
{
    Span ns = ast_token_span(pc, name);
    AstNode *n = ast_new(pc, AST_ATTRIBUTE, ast_join(ast_outer(value), ns));
    n->u.attribute.value = value;
    n->u.attribute.attr = ast_token_name(pc, name);
    n->u.attribute.attr_span = ns;
    ast_adopt(pc, n, value);
    return n;
}

/* primary: primary '[' subscripts ']' */
AstNode *ast_subscript(ParseCtx *pc, AstNode *value, AstNode *slice, Token rsqb)
{
    AstNode *n = ast_new(pc, AST_SUBSCRIPT, ast_join(ast_outer(value), ast_token_span(pc, rsqb)));
    n->u.subscript.value = value;
    n->u.subscript.slice = slice;
    ast_adopt(pc, n, value);
    ast_adopt(pc, n, slice);
    ast_warn_subscript(pc, n);
    return n;
}

/* subitem: [test] ':' [test] [':' [test]] */
AstNode *ast_slice(ParseCtx *pc, AstNode *lower, Token colon, AstNode *upper,
                   const Token *colon2, AstNode *step)
{
    Span span = lower ? ast_outer(lower) : ast_token_span(pc, colon);
    span = ast_join(span, ast_token_span(pc, colon));
    if (upper)
        span = ast_join(span, ast_outer(upper));
    if (colon2)
        span = ast_join(span, ast_token_span(pc, *colon2));
    if (step)
        span = ast_join(span, ast_outer(step));
    AstNode *n = ast_new(pc, AST_SLICE, span);
    n->u.slice.lower = lower;
    n->u.slice.upper = upper;
    n->u.slice.step = step;
    ast_adopt(pc, n, lower);
    ast_adopt(pc, n, upper);
    ast_adopt(pc, n, step);
    return n;
}

/* ---- tuples, parentheses, displays -------------------------------------- */

static AstNode *new_seq(ParseCtx *pc, AstKind kind, Span span, AstList elts)
{
    AstNode *n = ast_new(pc, kind, span);
    n->u.seq.elts = elts;
    ast_adopt_list(pc, n, elts);
    return n;
}

/* `a, b` without brackets: the Tuple runs from the first item to the last
 * one, or to the trailing comma. */
AstNode *ast_tuple_or_item(ParseCtx *pc, AstList items, const Token *trailing_comma)
{
    assert(items.len > 0);
    if (items.len == 1 && !trailing_comma)
        return items.items[0];
    Span span = ast_join(ast_outer(items.items[0]), ast_outer(items.items[items.len - 1]));
    if (trailing_comma)
        span = ast_join(span, ast_token_span(pc, *trailing_comma));
    return new_seq(pc, AST_TUPLE, span, items);
}

/* subscripts: subitems [','] -- like a tuple, except that a lone starred
 * item `a[*b]` is a Tuple of one, as in Python */
AstNode *ast_subscript_items(ParseCtx *pc, AstList items, const Token *trailing_comma)
{
    if (items.len == 1 && !trailing_comma && items.items[0]->kind == AST_STARRED)
        return new_seq(pc, AST_TUPLE, ast_outer(items.items[0]), items);
    return ast_tuple_or_item(pc, items, trailing_comma);
}

/* `x as y` is parsed in every parenthesized list, for the with statement;
 * anywhere else it is an error. */
static void refuse_with_items(ParseCtx *pc, AstList items)
{
    for (int i = 0; i < items.len; i++) {
        AstNode *it = items.items[i];
        if (it->kind != AST_WITH_ITEM)
            continue;
        uint32_t as = ast_skip_blanks(pc, ast_outer(it->u.with_item.context_expr).end);
        diag_error(&pc->c->diag, (Span){it->span.file, as, as + 2},
                   "invalid syntax: 'as' is not allowed here");
        items.items[i] = it->u.with_item.context_expr;
    }
}

/* A parenthesized single item: a Starred may not stand alone. */
static AstNode *single_item(ParseCtx *pc, AstNode *e)
{
    if (e->kind == AST_STARRED)
        diag_error(&pc->c->diag, ast_outer(e), "%scannot use starred expression here",
                   pc->prefix);
    return e;
}

/* atom: '(' pitems [','] ')' */
AstNode *ast_paren(ParseCtx *pc, Token lpar, AstList items, bool trailing_comma, Token rpar)
{
    refuse_with_items(pc, items);
    if (items.len == 1 && !trailing_comma)
        return ast_group(pc, lpar, single_item(pc, items.items[0]), rpar);
    Span span = ast_join(ast_token_span(pc, lpar), ast_token_span(pc, rpar));
    AstNode *n = new_seq(pc, AST_TUPLE, span, items);
    n->flags |= AST_FLAG_PARENS;
    return n;
}

/* expr_input: pitems [','] -- an f-string field reads as if parenthesized */
AstNode *ast_bare_group(ParseCtx *pc, AstList items, const Token *trailing_comma)
{
    refuse_with_items(pc, items);
    if (items.len == 1 && !trailing_comma)
        return single_item(pc, items.items[0]);
    AstNode *tuple = ast_tuple_or_item(pc, items, trailing_comma);
    /* Python 3.11 parses an f-string field as if parenthesized, with the
     * field's braces standing for the parentheses: they are in the span */
    if (pc->fstring_depth > 0)
        tuple->span = tuple->outer = (Span){tuple->span.file, pc->field_start - 1,
                                            pc->field_end + 1};
    return tuple;
}

/* atom: '(' yield_expr ')' and every other parenthesized expression */
AstNode *ast_group(ParseCtx *pc, Token lpar, AstNode *e, Token rpar)
{
    e->outer = ast_join(ast_token_span(pc, lpar), ast_token_span(pc, rpar));
    e->flags |= AST_FLAG_PARENS;
    return e;
}

/* atom: '[' [litems [',']] ']' | '{' litems [','] '}' | '(' ')' */
AstNode *ast_display(ParseCtx *pc, AstKind kind, Token open, AstList elts, Token close)
{
    Span span = ast_join(ast_token_span(pc, open), ast_token_span(pc, close));
    return new_seq(pc, kind, span, elts);
}

AstNode *ast_enclose(ParseCtx *pc, Token open, AstNode *n, Token close)
{
    n->span = n->outer = ast_join(ast_token_span(pc, open), ast_token_span(pc, close));
    n->flags &= (uint8_t)~AST_FLAG_BARE_GENEXP;
    return n;
}

AstNode *ast_dict_new(ParseCtx *pc)
{
    return ast_new(pc, AST_DICT, SPAN_NONE);
}

/* ditems: test ':' test | '**' expr | ditems ',' ... */
AstNode *ast_dict_item(ParseCtx *pc, AstNode *dict, AstNode *key, AstNode *value)
{
    if (!dict)
        dict = ast_dict_new(pc);
    ast_push(pc, &dict->u.dict.keys, key);
    ast_push(pc, &dict->u.dict.values, value);
    ast_adopt(pc, dict, key);
    ast_adopt(pc, dict, value);
    return dict;
}

/* ---- comprehensions ----------------------------------------------------- */

/* [elt for ...], {elt for ...}, {key: value for ...}, (elt for ...) and a
 * call's bare generator argument.  The span is set by ast_enclose() or, for
 * a bare generator, by ast_call(). */
AstNode *ast_comp(ParseCtx *pc, AstKind kind, AstNode *elt, AstNode *value, AstList generators)
{
    AstNode *last = generators.items[generators.len - 1];
    AstNode *n = ast_new(pc, kind, ast_join(ast_outer(elt), ast_outer(last)));
    if (elt->kind == AST_STARRED)
        diag_error(&pc->c->diag, ast_outer(elt),
                   "iterable unpacking cannot be used in comprehension");
    n->u.comp.elt = elt;
    n->u.comp.value = value;
    n->u.comp.generators = generators;
    ast_adopt(pc, n, elt);
    ast_adopt(pc, n, value);
    ast_adopt_list(pc, n, generators);
    if (kind == AST_GENERATOR_EXP)
        n->flags |= AST_FLAG_BARE_GENEXP;   /* until ast_enclose() says otherwise */
    return n;
}

/* comp_clause: ['async'] 'for' xlist 'in' or_test */
AstNode *ast_comprehension(ParseCtx *pc, const Token *async, Token k, AstNode *target,
                           AstNode *iter)
{
    Span span = ast_join(ast_token_span(pc, async ? *async : k), ast_outer(iter));
    AstNode *n = ast_new(pc, AST_COMPREHENSION, span);
    ast_set_target(pc, target, TARGET_ASSIGN);
    n->u.comprehension.target = target;
    n->u.comprehension.iter = iter;
    n->u.comprehension.is_async = async != NULL;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, iter);
    return n;
}

/* comp_for: comp_for 'if' or_test */
AstList ast_comp_if(ParseCtx *pc, AstList generators, AstNode *cond)
{
    AstNode *last = generators.items[generators.len - 1];
    ast_push(pc, &last->u.comprehension.ifs, cond);
    last->span = last->outer = ast_join(last->span, ast_outer(cond));
    ast_adopt(pc, last, cond);
    return generators;
}
