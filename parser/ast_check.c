/* The SyntaxErrors Python reports when it compiles a parsed module (not
 * when ast.parse reads it, so --emit ast does not run these checks):
 *
 *   return 1                    'return' outside function  (module or class body)
 *   break / continue            'break' outside loop, 'continue' not properly in loop
 *   await f()                   'await' outside function / outside async function
 *   yield x                     'yield' outside function
 *   nonlocal x                  nonlocal declaration not allowed at module level
 *   def f(): from m import *    import * only allowed at module level
 *   x = 1; from __future__ ...  from __future__ imports must occur at the beginning of the file
 *
 * One walk over the statements with the context they are in.  await and
 * yield are looked for where they stand for a whole statement's value
 * (`await f()`, `x = yield`, `return await f()`), the forms a misplaced one
 * takes; the compile-time interpreter refuses generators and coroutines
 * anywhere else. */
#include <string.h>

#include "parser/parse.h"

typedef enum Scope { SCOPE_MODULE, SCOPE_CLASS, SCOPE_FUNCTION, SCOPE_ASYNC_FUNCTION } Scope;

typedef struct Check {
    Compiler *c;
    Scope scope;
    bool in_loop;       /* directly in a for/while body of this scope */
} Check;

static void check_block(Check *k, const AstList *body);

static void check_value(Check *k, const AstNode *e)
{
    if (!e)
        return;
    if (e->kind == AST_AWAIT && k->scope != SCOPE_ASYNC_FUNCTION)
        diag_error(&k->c->diag, e->span, k->scope == SCOPE_FUNCTION ? "'await' outside async function"
                                                                    : "'await' outside function");
    if ((e->kind == AST_YIELD || e->kind == AST_YIELD_FROM) && k->scope != SCOPE_FUNCTION &&
        k->scope != SCOPE_ASYNC_FUNCTION)
        diag_error(&k->c->diag, e->span, "'yield' outside function");
}

/* A nested body: a function or class starts a scope and leaves any loop. */
static void check_nested(Check *k, const AstList *body, Scope scope)
{
    Check inner = {k->c, scope, false};
    check_block(&inner, body);
}

static void check_loop(Check *k, const AstList *body, const AstList *orelse)
{
    Check inner = *k;
    inner.in_loop = true;
    check_block(&inner, body);
    check_block(k, orelse);     /* a loop's else clause is not in the loop */
}

static bool is_future_import(const AstNode *s)
{
    return s->kind == AST_IMPORT_FROM && s->u.import.module && s->u.import.level == 0 &&
           strcmp(s->u.import.module, "__future__") == 0;
}

static bool is_docstring(const AstNode *s)
{
    return s->kind == AST_EXPR_STMT && s->u.value.value->kind == AST_CONSTANT &&
           s->u.value.value->u.constant.kind == AST_CONST_STR;
}

static void check_import_from(Check *k, const AstNode *s, bool future_ok)
{
    if (is_future_import(s) && !future_ok)
        diag_error(&k->c->diag, s->span, "from __future__ imports must occur at the beginning of the file");
    for (int i = 0; i < s->u.import.names.len; i++) {
        const AstNode *a = s->u.import.names.items[i];
        if (strcmp(a->u.alias.name, "*") == 0 && k->scope != SCOPE_MODULE)
            diag_error(&k->c->diag, s->span, "import * only allowed at module level");
    }
}

/* FUTURE_OK: whether a __future__ import may stand here. */
static void check_stmt(Check *k, const AstNode *s, bool future_ok)
{
    switch (s->kind) {
    case AST_FUNCTION_DEF:
        check_nested(k, ast_function_body(s),
                     s->u.function_def.is_async ? SCOPE_ASYNC_FUNCTION : SCOPE_FUNCTION);
        break;
    case AST_CLASS_DEF: check_nested(k, &s->u.class_def.body, SCOPE_CLASS); break;
    case AST_RETURN:
        if (k->scope == SCOPE_MODULE || k->scope == SCOPE_CLASS)
            diag_error(&k->c->diag, s->span, "'return' outside function");
        check_value(k, s->u.value.value);
        break;
    case AST_BREAK:
        if (!k->in_loop)
            diag_error(&k->c->diag, s->span, "'break' outside loop");
        break;
    case AST_CONTINUE:
        if (!k->in_loop)
            diag_error(&k->c->diag, s->span, "'continue' not properly in loop");
        break;
    case AST_FOR: check_loop(k, &s->u.for_stmt.body, &s->u.for_stmt.orelse); break;
    case AST_WHILE: check_loop(k, &s->u.cond.body, &s->u.cond.orelse); break;
    case AST_IF: check_block(k, &s->u.cond.body); check_block(k, &s->u.cond.orelse); break;
    case AST_WITH: check_block(k, &s->u.with.body); break;
    case AST_TRY:
        check_block(k, &s->u.try_stmt.body);
        for (int i = 0; i < s->u.try_stmt.handlers.len; i++)
            check_block(k, &s->u.try_stmt.handlers.items[i]->u.except_handler.body);
        check_block(k, &s->u.try_stmt.orelse);
        check_block(k, &s->u.try_stmt.finalbody);
        break;
    case AST_NONLOCAL:
        if (k->scope == SCOPE_MODULE)
            diag_error(&k->c->diag, s->span, "nonlocal declaration not allowed at module level");
        break;
    case AST_IMPORT_FROM: check_import_from(k, s, future_ok); break;
    case AST_EXPR_STMT: check_value(k, s->u.value.value); break;
    case AST_ASSIGN: check_value(k, s->u.assign.value); break;
    case AST_AUG_ASSIGN: check_value(k, s->u.aug_assign.value); break;
    case AST_ANN_ASSIGN: check_value(k, s->u.ann_assign.value); break;
    default: break;
    }
}

static void check_block(Check *k, const AstList *body)
{
    for (int i = 0; i < body->len; i++)
        check_stmt(k, body->items[i], false);
}

void parse_check_module(Compiler *c, const AstNode *module)
{
    Check k = {c, SCOPE_MODULE, false};
    const AstList *body = &module->u.module.body;
    bool future_ok = true;      /* after the docstring and other __future__ imports only */
    for (int i = 0; i < body->len; i++) {
        const AstNode *s = body->items[i];
        check_stmt(&k, s, future_ok);
        future_ok &= is_future_import(s) || (i == 0 && is_docstring(s));
    }
}
