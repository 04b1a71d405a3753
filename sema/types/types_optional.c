/* Optional[T] refinement, TorchScript's rule: a variable of type
 * Optional[T] may be None, so before it is used as a T (an operand, x.attr,
 * x[i], x(...), a loop's iterable) the code must have shown it is not:
 *
 *     if x is not None: ...          x is a T in the body
 *     if x is None: return ...       x is a T after the if
 *     assert x is not None           x is a T from here on
 *     x = torch.zeros(3)             x is a T after the assignment
 *     y = x if x is not None else z  x is a T in the true branch
 *     x is not None and x.sum() > 0  x is a T right of the `and`
 *
 * This is a static pass over a function's body, run the first time the
 * function runs as script code: it sees the branches partial evaluation
 * skips.  The refined variables are a bit set carried through statements;
 * after an if, a variable stays refined when it is refined at the end of
 * every branch that does not leave the block. */
#include <string.h>

#include "sema/interp/interp.h"
#include "sema/types/types.h"

#define MAX_OPTIONALS 64

typedef uint64_t Refined;

typedef struct OptCtx {
    Interp *in;
    Function *fn;
    const char *names[MAX_OPTIONALS];
    const TsType *types[MAX_OPTIONALS];
    int n;
} OptCtx;

static int opt_index(const OptCtx *c, const AstNode *e)
{
    if (!e || e->kind != AST_NAME)
        return -1;
    for (int i = 0; i < c->n; i++)
        if (c->names[i] == e->u.name.id)
            return i;
    return -1;
}

static bool is_none(const AstNode *e)
{
    return e && e->kind == AST_CONSTANT && e->u.constant.kind == AST_CONST_NONE;
}

static void add_optional(OptCtx *c, const char *name, const TsType *t)
{
    if (!t || t->kind != TS_OPTIONAL || c->n == MAX_OPTIONALS)
        return;
    for (int i = 0; i < c->n; i++)
        if (c->names[i] == name)
            return;
    c->names[c->n] = name;
    c->types[c->n++] = t;
}

/* ---- conditions ---- */

/* The variables a condition proves not None when it is true (*rt) and when
 * it is false (*rf). */
static void cond_refine(const OptCtx *c, const AstNode *e, Refined *rt, Refined *rf)
{
    *rt = *rf = 0;
    if (!e)
        return;
    if (e->kind == AST_COMPARE && e->u.compare.comparators.len == 1) {
        AstOp op = e->u.compare.ops[0];
        const AstNode *l = e->u.compare.left, *r = e->u.compare.comparators.items[0];
        int i = is_none(r) ? opt_index(c, l) : is_none(l) ? opt_index(c, r) : -1;
        if (i >= 0 && (op == AST_OP_ISNOT || op == AST_OP_NOTEQ))
            *rt = (Refined)1 << i;
        else if (i >= 0 && (op == AST_OP_IS || op == AST_OP_EQ))
            *rf = (Refined)1 << i;
    } else if (e->kind == AST_UNARY_OP && e->u.unary_op.op == AST_OP_NOT) {
        cond_refine(c, e->u.unary_op.operand, rf, rt);
    } else if (e->kind == AST_BOOL_OP) {
        bool is_and = e->u.bool_op.op == AST_OP_AND;
        Refined t = is_and ? 0 : ~(Refined)0, f = is_and ? ~(Refined)0 : 0;
        for (int k = 0; k < e->u.bool_op.values.len; k++) {
            Refined a, b;
            cond_refine(c, e->u.bool_op.values.items[k], &a, &b);
            t = is_and ? t | a : t & a;
            f = is_and ? f & b : f | b;
        }
        *rt = t;
        *rf = f;
    } else if (e->kind == AST_CALL && e->u.call.func->kind == AST_NAME &&
               strcmp(e->u.call.func->u.name.id, "isinstance") == 0 && e->u.call.args.len == 2) {
        int i = opt_index(c, e->u.call.args.items[0]);
        if (i >= 0)
            *rt = (Refined)1 << i;
    }
}

/* ---- expressions ---- */

static void check_expr(OptCtx *c, const AstNode *e, Refined r);

/* E is used as a value of T (an operand, a receiver ...). */
static void check_use(OptCtx *c, const AstNode *e, Refined r)
{
    int i = opt_index(c, e);
    if (i < 0 || (r >> i) & 1) {
        check_expr(c, e, r);
        return;
    }
    ptrvec_push(c->in->arena, &c->in->unrefined_uses, (void *)e);
    interp_error(c->in, e->span, "'%s' may be None here (it is '%s') but this use needs '%s'; refine it first "
               "('if %s is not None:' or 'assert %s is not None')", c->names[i], types_name(c->in, c->types[i]),
               types_name(c->in, c->types[i]->args[0]), c->names[i], c->names[i]);
}

static void check_list(OptCtx *c, const AstList *l, Refined r)
{
    for (int i = 0; i < l->len; i++)
        if (l->items[i])
            check_expr(c, l->items[i], r);
}

static void check_bool_op(OptCtx *c, const AstNode *e, Refined r)
{
    bool is_and = e->u.bool_op.op == AST_OP_AND;
    for (int k = 0; k < e->u.bool_op.values.len; k++) {
        const AstNode *v = e->u.bool_op.values.items[k];
        check_expr(c, v, r);
        Refined t, f;
        cond_refine(c, v, &t, &f);
        r |= is_and ? t : f;
    }
}

static void check_compare(OptCtx *c, const AstNode *e, Refined r)
{
    const AstNode *left = e->u.compare.left;
    for (int k = 0; k < e->u.compare.comparators.len; k++) {
        AstOp op = e->u.compare.ops[k];
        const AstNode *right = e->u.compare.comparators.items[k];
        bool identity = op == AST_OP_IS || op == AST_OP_ISNOT || is_none(left) || is_none(right);
        if (identity) {
            check_expr(c, left, r);
            check_expr(c, right, r);
        } else {
            check_use(c, left, r);
            check_use(c, right, r);
        }
        left = right;
    }
}

static void check_comprehension(OptCtx *c, const AstNode *e, Refined r)
{
    for (int k = 0; k < e->u.comp.generators.len; k++) {
        const AstNode *g = e->u.comp.generators.items[k];
        check_use(c, g->u.comprehension.iter, r);
        check_list(c, &g->u.comprehension.ifs, r);
    }
    check_expr(c, e->u.comp.elt, r);
    if (e->u.comp.value)
        check_expr(c, e->u.comp.value, r);
}

/* Every child of E, each used as a value of T (USE) or only looked at. */
static void check_children(OptCtx *c, const AstNode *e, Refined r, bool use)
{
    AstChildren it = ast_children(e);
    for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it)) {
        if (use)
            check_use(c, child, r);
        else
            check_expr(c, child, r);
    }
}

static void check_expr(OptCtx *c, const AstNode *e, Refined r)
{
    if (!e)
        return;
    switch (e->kind) {
    case AST_BIN_OP: case AST_ATTRIBUTE: case AST_STARRED: case AST_SLICE:
        check_children(c, e, r, true);
        break;
    case AST_UNARY_OP: check_children(c, e, r, e->u.unary_op.op != AST_OP_NOT); break;
    case AST_BOOL_OP: check_bool_op(c, e, r); break;
    case AST_COMPARE: check_compare(c, e, r); break;
    case AST_IF_EXP: {
        Refined t, f;
        check_expr(c, e->u.if_exp.test, r);
        cond_refine(c, e->u.if_exp.test, &t, &f);
        check_expr(c, e->u.if_exp.body, r | t);
        check_expr(c, e->u.if_exp.orelse, r | f);
        break;
    }
    case AST_SUBSCRIPT:
        check_use(c, e->u.subscript.value, r);
        check_expr(c, e->u.subscript.slice, r);
        break;
    case AST_CALL:
        check_use(c, e->u.call.func, r);
        check_list(c, &e->u.call.args, r);
        check_list(c, &e->u.call.keywords, r);
        break;
    case AST_LIST_COMP: case AST_SET_COMP: case AST_DICT_COMP: case AST_GENERATOR_EXP:
        check_comprehension(c, e, r);
        break;
    case AST_FORMATTED_VALUE: check_expr(c, e->u.formatted_value.value, r); break;
    case AST_LAMBDA: case AST_AWAIT: case AST_YIELD: case AST_YIELD_FROM:
        break;      /* not looked into (a lambda's body runs when it is called) */
    default: check_children(c, e, r, false); break;
    }
}

/* ---- statements ---- */

static Refined walk_block(OptCtx *c, const AstList *body, Refined r, bool *exits);

/* After TARGET = VALUE: refined unless VALUE may be None. */
static Refined assign_refine(OptCtx *c, const AstNode *target, const AstNode *value, Refined r)
{
    if (target->kind == AST_TUPLE || target->kind == AST_LIST) {
        for (int k = 0; k < target->u.seq.elts.len; k++) {
            int i = opt_index(c, target->u.seq.elts.items[k]);
            if (i >= 0)
                r &= ~((Refined)1 << i);
        }
        return r;
    }
    int i = opt_index(c, target);
    if (i < 0)
        return r;
    int j = opt_index(c, value);
    bool maybe_none = !value || is_none(value) || (j >= 0 && !((r >> j) & 1)) ||
                      (value->kind == AST_IF_EXP && (is_none(value->u.if_exp.body) || is_none(value->u.if_exp.orelse)));
    return maybe_none ? r & ~((Refined)1 << i) : r | ((Refined)1 << i);
}

static void check_target(OptCtx *c, const AstNode *t, Refined r)
{
    if (t->kind == AST_SUBSCRIPT || t->kind == AST_ATTRIBUTE)
        check_expr(c, t, r);
    else if (t->kind == AST_TUPLE || t->kind == AST_LIST)
        for (int k = 0; k < t->u.seq.elts.len; k++)
            check_target(c, t->u.seq.elts.items[k], r);
}

static Refined walk_if(OptCtx *c, const AstNode *s, Refined r, bool *exits)
{
    Refined t, f;
    bool e1 = false, e2 = false;
    check_expr(c, s->u.cond.test, r);
    cond_refine(c, s->u.cond.test, &t, &f);
    Refined r1 = walk_block(c, &s->u.cond.body, r | t, &e1);
    Refined r2 = walk_block(c, &s->u.cond.orelse, r | f, &e2);
    *exits = e1 && e2;
    if (e1 && !e2)
        return r2;
    if (e2 && !e1)
        return r1;
    return r1 & r2;
}

static Refined walk_loop(OptCtx *c, const AstNode *s, Refined r)
{
    bool ignored = false;
    Refined t = 0, f = 0;
    if (s->kind == AST_WHILE) {
        check_expr(c, s->u.cond.test, r);
        cond_refine(c, s->u.cond.test, &t, &f);
    } else {
        check_use(c, s->u.for_stmt.iter, r);
        r = assign_refine(c, s->u.for_stmt.target, NULL, r);
    }
    const AstList *body = s->kind == AST_WHILE ? &s->u.cond.body : &s->u.for_stmt.body;
    const AstList *orelse = s->kind == AST_WHILE ? &s->u.cond.orelse : &s->u.for_stmt.orelse;
    Refined out = walk_block(c, body, r | t, &ignored);
    out = walk_block(c, orelse, (r & out) | f, &ignored);
    return r & out;
}

static Refined walk_try(OptCtx *c, const AstNode *s, Refined r)
{
    bool ignored = false;
    Refined out = walk_block(c, &s->u.try_stmt.body, r, &ignored);
    out &= walk_block(c, &s->u.try_stmt.orelse, out, &ignored);
    for (int k = 0; k < s->u.try_stmt.handlers.len; k++)
        out &= walk_block(c, &s->u.try_stmt.handlers.items[k]->u.except_handler.body, r, &ignored);
    return walk_block(c, &s->u.try_stmt.finalbody, r & out, &ignored);
}

static Refined walk_stmt(OptCtx *c, const AstNode *s, Refined r, bool *exits)
{
    Refined t, f;
    switch (s->kind) {
    case AST_EXPR_STMT: check_expr(c, s->u.value.value, r); return r;
    case AST_ASSIGN:
        check_expr(c, s->u.assign.value, r);
        for (int k = 0; k < s->u.assign.targets.len; k++) {
            check_target(c, s->u.assign.targets.items[k], r);
            r = assign_refine(c, s->u.assign.targets.items[k], s->u.assign.value, r);
        }
        return r;
    case AST_AUG_ASSIGN:
        check_use(c, s->u.aug_assign.target, r);
        check_expr(c, s->u.aug_assign.value, r);
        return r;
    case AST_ANN_ASSIGN:
        if (!s->u.ann_assign.value)
            return r;
        check_expr(c, s->u.ann_assign.value, r);
        return assign_refine(c, s->u.ann_assign.target, s->u.ann_assign.value, r);
    case AST_RETURN: case AST_RAISE:
        check_expr(c, s->kind == AST_RETURN ? s->u.value.value : s->u.raise.exc, r);
        *exits = true;
        return r;
    case AST_BREAK: case AST_CONTINUE: *exits = true; return r;
    case AST_IF: return walk_if(c, s, r, exits);
    case AST_WHILE: case AST_FOR: return walk_loop(c, s, r);
    case AST_ASSERT:
        check_expr(c, s->u.assert_stmt.test, r);
        cond_refine(c, s->u.assert_stmt.test, &t, &f);
        return r | t;
    case AST_WITH:
        for (int k = 0; k < s->u.with.items.len; k++)
            check_expr(c, s->u.with.items.items[k]->u.with_item.context_expr, r);
        return walk_block(c, &s->u.with.body, r, exits);
    case AST_TRY: return walk_try(c, s, r);
    default: return r;
    }
}

static Refined walk_block(OptCtx *c, const AstList *body, Refined r, bool *exits)
{
    *exits = false;
    for (int k = 0; k < body->len; k++) {
        bool e = false;
        r = walk_stmt(c, body->items[k], r, &e);
        if (e)
            *exits = true;
    }
    return r;
}

/* Annotated locals (y: Optional[T] = ...) in S or in its blocks, outside
 * nested definitions. */
static void collect_locals_stmt(OptCtx *c, const AstNode *s)
{
    switch (s->kind) {
    case AST_ANN_ASSIGN:
        if (s->u.ann_assign.target->kind == AST_NAME)
            add_optional(c, s->u.ann_assign.target->u.name.id,
                         types_annotation(c->in, s->u.ann_assign.annotation, c->fn->globals, false));
        return;
    case AST_FUNCTION_DEF: case AST_CLASS_DEF:
        return;
    default: {
        AstChildren it = ast_children(s);
        for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
            if (!ast_is_expression(child->kind))
                collect_locals_stmt(c, child);
        return;
    }
    }
}

static void collect_locals(OptCtx *c, const AstList *body)
{
    for (int k = 0; k < body->len; k++)
        collect_locals_stmt(c, body->items[k]);
}

void types_check_optionals(Interp *in, Function *fn)
{
    if (fn->def->kind != AST_FUNCTION_DEF || types_cache_get(in, fn->def))
        return;
    types_cache_put(in, fn->def, fn->def);
    OptCtx c = {.in = in, .fn = fn};
    const AstNode *a = fn->args;
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    for (int i = 0; i < np + a->u.arguments.kwonlyargs.len; i++) {
        const AstNode *p = i < a->u.arguments.posonlyargs.len ? a->u.arguments.posonlyargs.items[i]
                           : i < np ? a->u.arguments.args.items[i - a->u.arguments.posonlyargs.len]
                           : a->u.arguments.kwonlyargs.items[i - np];
        if (p->u.arg.annotation)
            add_optional(&c, p->u.arg.name, types_annotation(in, p->u.arg.annotation, fn->globals, false));
    }
    collect_locals(&c, ast_function_body(fn->def));
    if (c.n == 0)
        return;
    bool exits = false;
    walk_block(&c, ast_function_body(fn->def), 0, &exits);
}
