/* Statement constructors, called by the actions of parser/grammar.y.
 *
 * A statement's span runs from its first token to the end of its last
 * child (for compound statements: the last statement of the last block),
 * never including the NEWLINE or DEDENT that ends it, as in Python. */
#include <assert.h>
#include <string.h>

#include "parser/parse_internal.h"

static Span tok(ParseCtx *pc, Token t)
{
    return ast_token_span(pc, t);
}

static Span list_end(Span span, AstList list)
{
    return list.len ? ast_join(span, ast_outer(list.items[list.len - 1])) : span;
}

static AstNode *new_stmt(ParseCtx *pc, AstKind kind, Span span)
{
    return ast_new(pc, kind, span);
}

/* simple_stmts: small_list ';' -- the last statement keeps its span, but
 * its outer span, which the enclosing block's end is taken from, reaches
 * the ';' (Python ends an `if` whose block ends `x = 1;` after the ';') */
AstList ast_trailing_semicolon(ParseCtx *pc, AstList stmts, Token semi)
{
    AstNode *last = stmts.items[stmts.len - 1];
    last->outer = ast_join(last->outer, tok(pc, semi));
    return stmts;
}

/* ---- the top ------------------------------------------------------------ */

void ast_module_append(ParseCtx *pc, AstList stmts)
{
    AstNode *m = pc->module;
    for (int i = 0; i < stmts.len; i++)
        ast_push(pc, &m->u.module.body, stmts.items[i]);
}

void ast_expression_result(ParseCtx *pc, AstNode *e)
{
    pc->result = e;
}

/* ---- simple statements -------------------------------------------------- */

/* pass | break | continue */
AstNode *ast_keyword_stmt(ParseCtx *pc, AstKind kind, Token k)
{
    return new_stmt(pc, kind, tok(pc, k));
}

/* 'return' [testlist_star_expr] */
AstNode *ast_return(ParseCtx *pc, Token k, AstNode *value)
{
    AstNode *n = new_stmt(pc, AST_RETURN, ast_join(tok(pc, k), ast_outer(value)));
    if (value)
        ast_check_not_starred(pc, value);
    n->u.value.value = value;
    ast_adopt(pc, n, value);
    return n;
}

/* 'raise' [test ['from' test]] */
AstNode *ast_raise(ParseCtx *pc, Token k, AstNode *exc, AstNode *cause)
{
    Span span = ast_join(tok(pc, k), ast_outer(cause ? cause : exc));
    AstNode *n = new_stmt(pc, AST_RAISE, span);
    n->u.raise.exc = exc;
    n->u.raise.cause = cause;
    ast_adopt(pc, n, exc);
    ast_adopt(pc, n, cause);
    return n;
}

/* ('global' | 'nonlocal') NAME (',' NAME)* */
AstNode *ast_global(ParseCtx *pc, AstKind kind, Token k, AstList names)
{
    AstNode *n = new_stmt(pc, kind, list_end(tok(pc, k), names));
    n->u.global.names = names;
    return n;
}

/* 'assert' test [',' test] */
AstNode *ast_assert(ParseCtx *pc, Token k, AstNode *test, AstNode *msg)
{
    AstNode *n = new_stmt(pc, AST_ASSERT, ast_join(tok(pc, k), ast_outer(msg ? msg : test)));
    n->u.assert_stmt.test = test;
    n->u.assert_stmt.msg = msg;
    ast_adopt(pc, n, test);
    ast_adopt(pc, n, msg);
    return n;
}

/* expr_stmt: testlist_star_expr | yield_expr */
AstNode *ast_expr_stmt(ParseCtx *pc, AstNode *value)
{
    AstNode *n = new_stmt(pc, AST_EXPR_STMT, ast_outer(value));
    ast_check_not_starred(pc, value);
    n->u.value.value = value;
    ast_adopt(pc, n, value);
    return n;
}

/* expr_stmt: testlist_star_expr augassign rhs */
AstNode *ast_aug_assign(ParseCtx *pc, AstNode *target, AstOp op, AstNode *value)
{
    AstNode *n = new_stmt(pc, AST_AUG_ASSIGN, ast_join(ast_outer(target), ast_outer(value)));
    if (target->kind == AST_NAME || target->kind == AST_ATTRIBUTE ||
        target->kind == AST_SUBSCRIPT)
        target->ctx = AST_STORE;
    else
        diag_error(&pc->c->diag, ast_outer(target),
                   "'%s' is an illegal expression for augmented assignment",
                   ast_describe(target));
    ast_check_not_starred(pc, value);
    n->u.aug_assign.target = target;
    n->u.aug_assign.op = op;
    n->u.aug_assign.value = value;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, value);
    return n;
}

/* expr_stmt: testlist_star_expr ':' test ['=' rhs] */
AstNode *ast_ann_assign(ParseCtx *pc, AstNode *target, AstNode *annotation, AstNode *value)
{
    AstNode *n = new_stmt(pc, AST_ANN_ASSIGN,
                          ast_join(ast_outer(target), ast_outer(value ? value : annotation)));
    switch (target->kind) {
    case AST_NAME:
        n->u.ann_assign.simple = !(target->flags & AST_FLAG_PARENS);
        /* fall through */
    case AST_ATTRIBUTE:
    case AST_SUBSCRIPT:
        target->ctx = AST_STORE;
        break;
    case AST_TUPLE:
    case AST_LIST:
        diag_error(&pc->c->diag, ast_outer(target), "only single target (not %s) can be annotated",
                   target->kind == AST_TUPLE ? "tuple" : "list");
        break;
    default:
        diag_error(&pc->c->diag, ast_outer(target), "illegal target for annotation");
        break;
    }
    if (value)
        ast_check_not_starred(pc, value);
    n->u.ann_assign.target = target;
    n->u.ann_assign.annotation = annotation;
    n->u.ann_assign.value = value;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, annotation);
    ast_adopt(pc, n, value);
    return n;
}

/* A target of `=`: a lone *x is not one. */
static void assign_target(ParseCtx *pc, AstNode *target)
{
    if (target->kind == AST_STARRED)
        diag_error(&pc->c->diag, ast_outer(target),
                   "starred assignment target must be in a list or tuple");
    else
        ast_set_target(pc, target, TARGET_ASSIGN);
}

/* assign_chain: testlist_star_expr '=' rhs */
AstNode *ast_assign(ParseCtx *pc, AstNode *target, AstNode *value)
{
    AstNode *n = new_stmt(pc, AST_ASSIGN, ast_join(ast_outer(target), ast_outer(value)));
    assign_target(pc, target);
    ast_check_not_starred(pc, value);
    ast_push(pc, &n->u.assign.targets, target);
    n->u.assign.value = value;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, value);
    return n;
}

/* assign_chain: assign_chain '=' rhs -- the old value becomes a target */
AstNode *ast_assign_chain(ParseCtx *pc, AstNode *assign, AstNode *value)
{
    AstNode *target = assign->u.assign.value;
    if ((target->kind == AST_YIELD || target->kind == AST_YIELD_FROM) &&
        !(target->flags & AST_FLAG_PARENS))
        diag_error(&pc->c->diag, ast_outer(target), "assignment to yield expression not possible");
    else
        assign_target(pc, target);
    ast_check_not_starred(pc, value);
    ast_push(pc, &assign->u.assign.targets, target);
    assign->u.assign.value = value;
    assign->span = assign->outer = ast_join(assign->span, ast_outer(value));
    ast_adopt(pc, assign, value);
    return assign;
}

/* 'del' xitems [','] */
AstNode *ast_delete(ParseCtx *pc, Token k, AstList targets, const Token *comma)
{
    Span span = list_end(tok(pc, k), targets);
    if (comma)
        span = ast_join(span, tok(pc, *comma));
    AstNode *n = new_stmt(pc, AST_DELETE, span);
    for (int i = 0; i < targets.len; i++)
        ast_set_target(pc, targets.items[i], TARGET_DELETE);
    n->u.assign.targets = targets;
    ast_adopt_list(pc, n, targets);
    return n;
}

/* ---- imports ------------------------------------------------------------ */

/* 'import' dotted_as_names */
AstNode *ast_import(ParseCtx *pc, Token k, AstList names)
{
    AstNode *n = new_stmt(pc, AST_IMPORT, list_end(tok(pc, k), names));
    n->u.import.names = names;
    return n;
}

/* 'from' from_module 'import' ('*' | import_names | '(' import_names [','] ')') */
AstNode *ast_import_from(ParseCtx *pc, Token k, AstNode *from, AstList names, const Token *rpar)
{
    Span span = list_end(tok(pc, k), names);
    if (rpar)
        span = ast_join(span, tok(pc, *rpar));
    from->span = from->outer = span;
    from->u.import.names = names;
    return from;
}

/* dotted_name: NAME;  import_name: NAME;  the '*' of `from m import *` */
AstNode *ast_alias(ParseCtx *pc, Token name)
{
    AstNode *n = ast_new(pc, AST_ALIAS, tok(pc, name));
    n->u.alias.name = ast_token_name(pc, name);
    return n;
}

/* dotted_name: dotted_name '.' NAME */
AstNode *ast_alias_dot(ParseCtx *pc, AstNode *alias, Token name)
{
    const char *part = ast_token_name(pc, name);
    const char *full = arena_sprintf(&pc->c->arena, "%s.%s", alias->u.alias.name, part);
    alias->u.alias.name = intern(&pc->c->names, full);
    alias->span = alias->outer = ast_join(alias->span, tok(pc, name));
    return alias;
}

/* dotted_as_name: dotted_name 'as' NAME;  import_name: NAME 'as' NAME */
AstNode *ast_alias_as(ParseCtx *pc, AstNode *alias, Token asname)
{
    alias->u.alias.asname = ast_token_name(pc, asname);
    alias->span = alias->outer = ast_join(alias->span, tok(pc, asname));
    return alias;
}

/* dots: ('.' | '...')+ -- the relative level, on an ImportFrom being built */
AstNode *ast_from_dots(ParseCtx *pc, AstNode *from, Token dots)
{
    if (!from)
        from = ast_new(pc, AST_IMPORT_FROM, tok(pc, dots));
    from->u.import.level += dots.kind == TK_ELLIPSIS ? 3 : 1;
    return from;
}

/* from_module: [dots] dotted_name */
AstNode *ast_from_module(ParseCtx *pc, AstNode *from, AstNode *dotted)
{
    if (!from)
        from = ast_new(pc, AST_IMPORT_FROM, dotted->span);
    from->u.import.module = dotted->u.alias.name;
    return from;
}

/* ---- compound statements ------------------------------------------------ */

/* 'while' namedexpr ':' suite ['else' ':' suite] */
AstNode *ast_while(ParseCtx *pc, Token k, AstNode *test, AstList body, AstList orelse)
{
    AstNode *n = new_stmt(pc, AST_WHILE, list_end(list_end(tok(pc, k), body), orelse));
    n->u.cond.test = test;
    n->u.cond.body = body;
    n->u.cond.orelse = orelse;
    ast_adopt(pc, n, test);
    ast_adopt_list(pc, n, body);
    ast_adopt_list(pc, n, orelse);
    return n;
}

/* ('if' | 'elif') namedexpr ':' suite -- one branch, linked by ast_if() */
AstNode *ast_if_branch(ParseCtx *pc, Token k, AstNode *test, AstList body)
{
    AstNode *n = new_stmt(pc, AST_IF, list_end(tok(pc, k), body));
    n->u.cond.test = test;
    n->u.cond.body = body;
    ast_adopt(pc, n, test);
    ast_adopt_list(pc, n, body);
    return n;
}

/* if_stmt: if_chain [else] -- each elif becomes the orelse of the branch
 * before it; linked from the end so every span and height is final once. */
AstNode *ast_if(ParseCtx *pc, AstList branches, AstList orelse)
{
    AstNode *next = branches.items[branches.len - 1];
    next->u.cond.orelse = orelse;
    next->span = next->outer = list_end(next->span, orelse);
    ast_adopt_list(pc, next, orelse);
    for (int i = branches.len - 2; i >= 0; i--) {
        AstNode *b = branches.items[i];
        b->u.cond.orelse = ast_list1(pc, next);
        b->span = b->outer = ast_join(b->span, next->span);
        ast_adopt(pc, b, next);
        next = b;
    }
    return next;
}

/* 'for' xlist 'in' testlist_star_expr ':' suite ['else' ':' suite] */
AstNode *ast_for(ParseCtx *pc, Token k, AstNode *target, AstNode *iter, AstList body,
                 AstList orelse)
{
    AstNode *n = new_stmt(pc, AST_FOR, list_end(list_end(tok(pc, k), body), orelse));
    assign_target(pc, target);
    ast_check_not_starred(pc, iter);
    n->u.for_stmt.target = target;
    n->u.for_stmt.iter = iter;
    n->u.for_stmt.body = body;
    n->u.for_stmt.orelse = orelse;
    ast_adopt(pc, n, target);
    ast_adopt(pc, n, iter);
    ast_adopt_list(pc, n, body);
    ast_adopt_list(pc, n, orelse);
    return n;
}

/* 'try' ':' suite handlers [else] [finally] | 'try' ':' suite finally */
AstNode *ast_try(ParseCtx *pc, Token k, AstList body, AstList handlers, AstList orelse,
                 AstList finalbody)
{
    Span span = list_end(list_end(list_end(list_end(tok(pc, k), body), handlers), orelse),
                         finalbody);
    AstNode *n = new_stmt(pc, AST_TRY, span);
    bool star = handlers.len && (handlers.items[0]->flags & AST_FLAG_STAR);
    for (int i = 0; i + 1 < handlers.len; i++) {
        AstNode *h = handlers.items[i];
        if (!h->u.except_handler.type) {
            diag_error(&pc->c->diag, (Span){h->span.file, h->span.start, h->span.start + 6},
                       "default 'except:' must be last");
            break;
        }
    }
    for (int i = 1; i < handlers.len; i++) {
        AstNode *h = handlers.items[i];
        if (!(h->flags & AST_FLAG_STAR) != !star) {
            diag_error(&pc->c->diag, h->span,
                       "cannot have both 'except' and 'except*' on the same 'try'");
            break;
        }
    }
    n->u.try_stmt.body = body;
    n->u.try_stmt.handlers = handlers;
    n->u.try_stmt.orelse = orelse;
    n->u.try_stmt.finalbody = finalbody;
    n->u.try_stmt.is_star = star;
    ast_adopt_list(pc, n, body);
    ast_adopt_list(pc, n, handlers);
    ast_adopt_list(pc, n, orelse);
    ast_adopt_list(pc, n, finalbody);
    return n;
}

/* 'except' ['*'] [exc_type ['as' NAME]] ':' suite */
AstNode *ast_handler(ParseCtx *pc, Token k, AstNode *type, bool star, const Token *name,
                     AstList body)
{
    AstNode *n = ast_new(pc, AST_EXCEPT_HANDLER, list_end(tok(pc, k), body));
    n->u.except_handler.type = type;
    n->u.except_handler.name = name ? ast_token_name(pc, *name) : NULL;
    n->u.except_handler.body = body;
    if (star)
        n->flags |= AST_FLAG_STAR;
    ast_adopt(pc, n, type);
    ast_adopt_list(pc, n, body);
    return n;
}

/* 'except' '*' ':' suite */
AstNode *ast_handler_no_type(ParseCtx *pc, Token k, Token star, AstList body)
{
    uint32_t colon = ast_skip_blanks(pc, star.start + star.len);
    diag_error(&pc->c->diag, (Span){star.file, colon, colon + 1},
               "expected one or more exception types");
    return ast_handler(pc, k, NULL, true, NULL, body);
}

/* exc_type: test ',' sexprs -- Python 2's `except A, B:` */
AstNode *ast_exc_tuple(ParseCtx *pc, AstNode *first, AstList rest)
{
    diag_error(&pc->c->diag, ast_join(ast_outer(first), ast_outer(rest.items[rest.len - 1])),
               "multiple exception types must be parenthesized");
    return first;
}

/* with_item: test ['as' expr];  also `x as y` inside parentheses */
AstNode *ast_with_item(ParseCtx *pc, AstNode *context_expr, AstNode *target)
{
    AstNode *n = ast_new(pc, AST_WITH_ITEM, ast_join(ast_outer(context_expr), ast_outer(target)));
    if (target)
        assign_target(pc, target);
    n->u.with_item.context_expr = context_expr;
    n->u.with_item.optional_vars = target;
    ast_adopt(pc, n, context_expr);
    ast_adopt(pc, n, target);
    return n;
}

/* 'with' with_items ':' suite */
AstNode *ast_with(ParseCtx *pc, Token k, AstList items, AstList body)
{
    AstNode *n = new_stmt(pc, AST_WITH, list_end(tok(pc, k), body));
    n->u.with.items = items;
    n->u.with.body = body;
    ast_adopt_list(pc, n, items);
    ast_adopt_list(pc, n, body);
    return n;
}

/* Whether the PEG form '(' with_item (',' with_item)* [','] ')' applies:
 * its items are plain expressions, so `with (*a, b):` and
 * `with (x := y):` are one parenthesized context manager instead. */
static bool paren_items_ok(AstList items)
{
    for (int i = 0; i < items.len; i++) {
        const AstNode *e = items.items[i];
        if (e->kind == AST_STARRED || (e->kind == AST_NAMED_EXPR && !(e->flags & AST_FLAG_PARENS)))
            return false;
    }
    return true;
}

/* 'with' '(' pitems [','] ')' ':' suite -- Python 3.10's parenthesized
 * items; the grammar prefers this reading whenever ':' follows ')'. */
AstNode *ast_with_paren(ParseCtx *pc, Token k, Token lpar, AstList items, bool trailing_comma,
                        Token rpar, AstList body)
{
    if (!paren_items_ok(items)) {
        AstNode *e = ast_paren(pc, lpar, items, trailing_comma, rpar);
        return ast_with(pc, k, ast_list1(pc, ast_with_item(pc, e, NULL)), body);
    }
    for (int i = 0; i < items.len; i++)
        if (items.items[i]->kind != AST_WITH_ITEM)
            items.items[i] = ast_with_item(pc, items.items[i], NULL);
    return ast_with(pc, k, items, body);
}

/* ---- definitions -------------------------------------------------------- */

/* 'def' NAME '(' params ')' ['->' test] ':' suite */
AstNode *ast_function_def(ParseCtx *pc, Token k, Token name, AstNode *args, AstNode *returns,
                          AstList body)
{
    AstNode *n = new_stmt(pc, AST_FUNCTION_DEF, list_end(tok(pc, k), body));
    n->u.function_def.name = ast_token_name(pc, name);
    n->u.function_def.name_span = tok(pc, name);
    n->u.function_def.args = args;
    n->u.function_def.returns = returns;
    n->u.function_def.body = body;
    ast_adopt(pc, n, args);
    ast_adopt(pc, n, returns);
    ast_adopt_list(pc, n, body);
    return n;
}

/* 'class' NAME ['(' [arglist [',']] ')'] ':' suite */
AstNode *ast_class_def(ParseCtx *pc, Token k, Token name, AstNode *call, AstList body)
{
    AstNode *n = new_stmt(pc, AST_CLASS_DEF, list_end(tok(pc, k), body));
    n->u.class_def.name = ast_token_name(pc, name);
    n->u.class_def.name_span = tok(pc, name);
    if (call) {
        AstList args = call->u.call.args;
        for (int i = 0; i < args.len; i++)
            if (args.items[i]->flags & AST_FLAG_BARE_GENEXP)
                diag_error(&pc->c->diag, args.items[i]->span,
                           "invalid syntax: a base class cannot be a generator expression");
        ast_check_keywords(pc, call);
        n->u.class_def.bases = args;
        n->u.class_def.keywords = call->u.call.keywords;
        ast_adopt_list(pc, n, args);
        ast_adopt_list(pc, n, call->u.call.keywords);
    }
    n->u.class_def.body = body;
    ast_adopt_list(pc, n, body);
    return n;
}

/* decorators (funcdef | classdef): the span still starts at def/class */
AstNode *ast_decorate(ParseCtx *pc, AstList decorators, AstNode *def)
{
    if (def->kind == AST_FUNCTION_DEF)
        def->u.function_def.decorators = decorators;
    else
        def->u.class_def.decorators = decorators;
    ast_adopt_list(pc, def, decorators);
    return def;
}

/* 'async' (funcdef | for_stmt | with_stmt) */
AstNode *ast_async(ParseCtx *pc, Token k, AstNode *stmt)
{
    switch (stmt->kind) {
    case AST_FUNCTION_DEF: stmt->u.function_def.is_async = true; break;
    case AST_FOR: stmt->u.for_stmt.is_async = true; break;
    case AST_WITH: stmt->u.with.is_async = true; break;
    default: assert(!"async of an unexpected statement"); break;
    }
    stmt->span = stmt->outer = ast_join(tok(pc, k), stmt->span);
    return stmt;
}

/* MATCH_STMT: the lexer folded the whole statement into one token */
AstNode *ast_match(ParseCtx *pc, Token k)
{
    Span span = tok(pc, k);
    diag_error(&pc->c->diag, span, "'match' statements are not supported; use an if/elif chain");
    return new_stmt(pc, AST_MATCH, span);
}
