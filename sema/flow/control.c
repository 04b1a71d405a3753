/* Run-time `if`, conditional expressions and and/or, and the exit flags
 * of break, continue and return (see sema/flow/flow.h for the approach).
 *
 *   if c: A else: B         both branches run, each in its own region and
 *                           subgraph; their end states merge (merge.c)
 *   x if c else y           the same with expressions
 *   a and b / a or b        If(truth(a)): the operands after a run in one
 *                           branch only, so short-circuiting is kept
 *
 * Exits: a branch that ends with break / continue / return sets the flag
 * $brk / $cont / $ret (and $retval) of the frame; after the merge the flags
 * are static when both branches agree (the statement then simply breaks,
 * continues or returns) and run-time bools otherwise (EXEC_MAYBE). */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"

typedef struct FlowCache {
    const AstNode *def;
    Flow *flow;
} FlowCache;

const Flow *flow_current(Interp *in)
{
    Frame *f = in->frame;
    if (!f || !f->func || !f->func->def || f->func->def->kind != AST_FUNCTION_DEF)
        return NULL;
    const AstNode *def = f->func->def;
    for (int i = 0; i < in->flows.len; i++) {
        FlowCache *c = in->flows.items[i];
        if (c->def == def)
            return c->flow;
    }
    FlowCache *c = arena_alloc(in->arena, sizeof *c);
    c->def = def;
    c->flow = flow_analyze(in->c, in->arena, def);
    ptrvec_push(in->arena, &in->flows, c);
    if (flow_too_deep(c->flow)) {
        /* as the interpreter's own guard says it (sema/interp/interp.c) */
        interp_abort(in, def->u.function_def.name_span, "maximum recursion depth exceeded at compile time: "
                     "statements nest too deeply for the C stack (ulimit -s raises the limit)");
    }
    return c->flow;
}

/* ---- exit flags ---- */

Value *flow_flag(Interp *in, const char *name)
{
    return val_scope_get(in->frame->locals, name);
}

void flow_set_flag(Interp *in, const char *name, Value *v)
{
    flow_write_scope(in, in->frame->locals);
    val_scope_set(in->arena, in->frame->locals, name, v);
}

void flow_clear_flag(Interp *in, const char *name)
{
    if (!val_scope_get(in->frame->locals, name))
        return;
    flow_write_scope(in, in->frame->locals);
    val_scope_del(in->frame->locals, name);
}

static bool flag_true(const Value *v)
{
    return v && v->kind == VK_BOOL && !v->dyn && v->u.b;
}

static bool flag_dynamic(const Value *v)
{
    return v && v->kind == VK_BOOL && v->dyn;
}

static void clear_all_flags(Interp *in)
{
    flow_clear_flag(in, in->id.flag_break);
    flow_clear_flag(in, in->id.flag_continue);
    flow_clear_flag(in, in->id.flag_return);
    flow_clear_flag(in, in->id.return_value);
}

ExecStatus flow_settle(Interp *in)
{
    Value *ret = flow_flag(in, in->id.flag_return);
    Value *brk = flow_flag(in, in->id.flag_break);
    Value *cont = flow_flag(in, in->id.flag_continue);
    if (flag_true(ret)) {
        Value *rv = flow_flag(in, in->id.return_value);
        in->frame->return_value = rv ? rv : val_none(in);
        clear_all_flags(in);
        return EXEC_RETURN;
    }
    if (flag_true(brk) && !flag_dynamic(ret)) {
        flow_clear_flag(in, in->id.flag_break);
        flow_clear_flag(in, in->id.flag_continue);
        return EXEC_BREAK;
    }
    if (flag_true(cont) && !flag_dynamic(ret) && !flag_dynamic(brk)) {
        flow_clear_flag(in, in->id.flag_continue);
        return EXEC_CONTINUE;
    }
    if (flag_dynamic(ret) || flag_dynamic(brk) || flag_dynamic(cont))
        return EXEC_MAYBE;
    clear_all_flags(in);
    return EXEC_NORMAL;
}

/* The status a branch ended with, as flags of the frame (inside the
 * branch's region, so they merge like variables). */
static void branch_finish(Interp *in, Branch *b, ExecStatus st)
{
    b->status = st;
    switch (st) {
    case EXEC_BREAK:
        flow_set_flag(in, in->id.flag_break, val_bool(in, true));
        break;
    case EXEC_CONTINUE:
        flow_set_flag(in, in->id.flag_continue, val_bool(in, true));
        break;
    case EXEC_RETURN:
        flow_set_flag(in, in->id.flag_return, val_bool(in, true));
        flow_set_flag(in, in->id.return_value,
                         in->frame->return_value ? in->frame->return_value : val_none(in));
        break;
    case EXEC_RAISE:
        b->exc = in->exc;
        b->exc_span = in->exc_span;
        in->exc = NULL;
        break;
    default:
        break;
    }
}

void flow_run_branch(Interp *in, Branch *b, const char *kind, BranchFn fn, void *ctx)
{
    if (!interp_exc_catchable(in)) {
        b->status = EXEC_RAISE;     /* the other branch hit a limit */
        b->exc = in->abort;
        return;
    }
    IrGraph *g = lower_subgraph(in->lower, kind);
    flow_region_enter(in, &b->region, g);
    if (strcmp(kind, "guarded") == 0) {
        /* the guarded side runs where no exit happened: every flag is false */
        flow_clear_flag(in, in->id.flag_break);
        flow_clear_flag(in, in->id.flag_continue);
        flow_clear_flag(in, in->id.flag_return);
    }
    Value *result = NULL;
    ExecStatus st = fn(in, ctx, &result);
    b->result = result;
    branch_finish(in, b, st);
    flow_region_leave(in, &b->region);
}

/* ---- a run-time bool from the flags ---- */

static Value *bool_op(Interp *in, const char *op, Value *a, Value *b, Span span)
{
    Value *r = b ? bridge_onnx2(in, op, bridge_wrap(in, a->dyn), bridge_wrap(in, b->dyn), span)
                 : bridge_onnx1(in, op, bridge_wrap(in, a->dyn), span);
    if (!r || r->kind != VK_TENSOR)
        return NULL;
    return bridge_runtime_number(in, VK_BOOL, bridge_ir_of(in, r, span));
}

/* not ($brk or $cont or $ret), over the flags that are run-time bools. */
static Value *no_exit_value(Interp *in, Span span)
{
    const char *names[3] = {in->id.flag_break, in->id.flag_continue, in->id.flag_return};
    Value *any = NULL;
    for (int i = 0; i < 3; i++) {
        Value *f = flow_flag(in, names[i]);
        if (!flag_dynamic(f))
            continue;
        any = any ? bool_op(in, "Or", any, f, span) : f;
        if (!any)
            return NULL;
    }
    return any ? bool_op(in, "Not", any, NULL, span) : val_bool(in, true);
}

/* ---- guards ---- */

typedef struct RestCtx {
    const AstList *block;
    int next;
} RestCtx;

/* The guarded rest runs where no exit happened: every flag is false. */
static ExecStatus run_rest(Interp *in, void *ctx, Value **result)
{
    (void)result;
    RestCtx *r = ctx;
    AstList view = {r->block->items + r->next, r->block->len - r->next, 0};
    return interp_exec_block_rest(in, &view);
}

/* Where some exit happened: when a single flag is a run-time bool, it is
 * the one set (so that, e.g., a function's $ret becomes statically true
 * again once both sides of the guard return). */
static ExecStatus run_skip(Interp *in, void *ctx, Value **result)
{
    (void)ctx; (void)result;
    const char *names[3] = {in->id.flag_break, in->id.flag_continue, in->id.flag_return};
    const char *only = NULL;
    int n = 0;
    for (int i = 0; i < 3; i++)
        if (flag_dynamic(flow_flag(in, names[i]))) {
            only = names[i];
            n++;
        }
    if (n == 1)
        flow_set_flag(in, only, val_bool(in, true));
    return EXEC_NORMAL;
}

/* THEN runs where no exit flag is set; elsewhere nothing happens. */
ExecStatus flow_guard(Interp *in, Span span, BranchFn then, void *ctx, const AstNode *live_after,
                         const FlowNames *live)
{
    Value *guard = no_exit_value(in, span);
    if (!guard)
        return EXEC_NORMAL;
    if (!guard->dyn) {
        ExecStatus st = flow_settle(in);
        if (st != EXEC_NORMAL)
            return st;
        Value *ignored = NULL;
        return then(in, ctx, &ignored);
    }
    Branch b[2] = {{.what = "the code that runs when nothing exited"},
                   {.what = "the path that exited early"}};
    flow_run_branch(in, &b[0], "guarded", then, ctx);
    flow_run_branch(in, &b[1], "exited", run_skip, NULL);
    MergeSpec m = {.span = span, .construct = "this code after a run-time break, continue or return",
                   .flow = flow_current(in), .live_after = live_after, .live = live,
                   .cond = guard->dyn, .b = {&b[0], &b[1]}};
    if (!flow_merge(in, &m))
        return EXEC_RAISE;
    return flow_settle(in);
}

ExecStatus flow_guard_rest(Interp *in, const AstList *block, int next)
{
    RestCtx ctx = {block, next};
    return flow_guard(in, block->items[next]->span, run_rest, &ctx, block->items[block->len - 1], NULL);
}

/* ---- if ---- */

typedef struct BlockCtx {
    const AstList *block;
    const AstNode *test;    /* the block runs where TEST has the value TRUTH */
    bool truth;
} BlockCtx;

static ExecStatus run_block(Interp *in, void *ctx, Value **result)
{
    (void)result;
    BlockCtx *b = ctx;
    flow_optional_refine(in, b->test, b->truth);
    return interp_exec_block(in, b->block);
}

static bool is_exit(ExecStatus st)
{
    return st == EXEC_BREAK || st == EXEC_CONTINUE || st == EXEC_RETURN;
}

/* When one branch exits and the other falls through, the rest of the
 * block runs at the end of the branch that falls through (TorchScript's
 * rewrite of early exits): no guard is needed afterwards and an early
 * return merges real values.  True when it did so. */
static bool absorb_rest(Interp *in, Branch b[2], BlockRest *rest)
{
    if (!rest || rest->next >= rest->block->len)
        return false;
    int k;
    if (b[0].status == EXEC_NORMAL && is_exit(b[1].status))
        k = 0;
    else if (b[1].status == EXEC_NORMAL && is_exit(b[0].status))
        k = 1;
    else
        return false;
    flow_region_resume(in, &b[k].region);
    AstList view = {rest->block->items + rest->next, rest->block->len - rest->next, 0};
    ExecStatus st = interp_exec_block_rest(in, &view);
    branch_finish(in, &b[k], st);
    flow_region_leave(in, &b[k].region);
    rest->consumed = true;
    return true;
}

ExecStatus flow_if(Interp *in, const AstNode *s, Value *truth)
{
    BlockRest *rest = in->rest;
    Branch b[2] = {{.what = "the 'if' branch"}, {.what = "the 'else' branch"}};
    BlockCtx body = {&s->u.cond.body, s->u.cond.test, true}, orelse = {&s->u.cond.orelse, s->u.cond.test, false};
    flow_run_branch(in, &b[0], "then", run_block, &body);
    flow_run_branch(in, &b[1], "else", run_block, &orelse);
    const AstNode *anchor = s;
    if (absorb_rest(in, b, rest))
        anchor = rest->block->items[rest->block->len - 1];
    MergeSpec m = {.span = s->u.cond.test->span, .construct = "this run-time 'if'",
                   .flow = flow_current(in), .live_after = anchor, .cond = truth->dyn,
                   .b = {&b[0], &b[1]}};
    if (!flow_merge(in, &m))
        return EXEC_RAISE;
    return flow_settle(in);
}

/* ---- expressions ---- */

typedef struct ExprCtx {
    const AstNode *expr;    /* evaluate this, or */
    const AstNode *bool_op; /* the operands of this from index `from`, or */
    const AstNode *compare; /* the comparisons of this from `from`, or */
    int from;
    Value *value;           /* this value (or the left operand of `compare`) */
    const AstNode *test;    /* it runs where TEST has the value TRUTH */
    bool truth;
} ExprCtx;

static ExecStatus run_expr(Interp *in, void *ctx, Value **result)
{
    ExprCtx *e = ctx;
    flow_optional_refine(in, e->test, e->truth);
    if (e->expr)
        *result = interp_eval(in, e->expr);
    else if (e->bool_op)
        *result = interp_bool_op_from(in, e->bool_op, e->from);
    else if (e->compare)
        *result = interp_compare_from(in, e->compare, e->from, e->value);
    else
        *result = e->value;
    return *result ? EXEC_NORMAL : EXEC_RAISE;
}

static Value *merge_expr(Interp *in, Span span, const char *construct, Value *truth, ExprCtx *ctx, Branch b[2])
{
    flow_run_branch(in, &b[0], "then", run_expr, &ctx[0]);
    flow_run_branch(in, &b[1], "else", run_expr, &ctx[1]);
    MergeSpec m = {.span = span, .construct = construct, .flow = NULL, .live_after = NULL,
                   .cond = truth->dyn, .b = {&b[0], &b[1]}, .merge_results = true};
    return flow_merge(in, &m);
}

Value *flow_if_exp(Interp *in, const AstNode *e, Value *truth)
{
    const AstNode *test = e->u.if_exp.test;
    ExprCtx ctx[2] = {{.expr = e->u.if_exp.body, .test = test, .truth = true},
                      {.expr = e->u.if_exp.orelse, .test = test, .truth = false}};
    Branch b[2] = {{.what = "the value when the condition is true"},
                   {.what = "the value when it is false"}};
    return merge_expr(in, e->span, "this conditional expression", truth, ctx, b);
}

Value *flow_bool_op(Interp *in, const AstNode *e, int i, Value *v, Value *truth)
{
    bool is_and = e->u.bool_op.op == AST_OP_AND;
    ExprCtx rest = {.bool_op = e, .from = i + 1, .test = e->u.bool_op.values.items[i], .truth = is_and},
            self = {.value = v};
    ExprCtx ctx[2] = {is_and ? rest : self, is_and ? self : rest};
    Branch b[2] = {{.what = is_and ? "the value of the right operand" : "the value of the left operand"},
                   {.what = is_and ? "the value of the left operand" : "the value of the right operand"}};
    return merge_expr(in, e->span, is_and ? "this 'and'" : "this 'or'", truth, ctx, b);
}

Value *flow_select(Interp *in, Value *cond, BranchFn f0, void *c0, BranchFn f1, void *c1, Span span,
                      const char *construct)
{
    Branch b[2] = {{.what = "the value when the condition holds"}, {.what = "the value when it does not"}};
    flow_run_branch(in, &b[0], "then", f0, c0);
    flow_run_branch(in, &b[1], "else", f1, c1);
    MergeSpec m = {.span = span, .construct = construct, .flow = NULL, .live_after = NULL,
                   .cond = cond->dyn, .b = {&b[0], &b[1]}, .merge_results = true};
    return flow_merge(in, &m);
}

Value *flow_choose(Interp *in, Value *cond, Value *a, Value *b, Span span)
{
    ExprCtx ctx[2] = {{.value = a}, {.value = b}};
    Branch br[2] = {{.what = "the first value"}, {.what = "the second value"}};
    return merge_expr(in, span, "this choice", cond, ctx, br);
}

Value *flow_chain(Interp *in, const AstNode *e, int next, Value *left, Value *r, Value *truth)
{
    ExprCtx ctx[2] = {{.compare = e, .from = next, .value = left}, {.value = r}};
    Branch b[2] = {{.what = "the rest of the comparison chain"}, {.what = "the comparison that failed"}};
    return merge_expr(in, e->span, "this comparison chain", truth, ctx, b);
}

/* ---- functions ---- */

Value *flow_function_result(Interp *in, Span span)
{
    Value *rv = flow_flag(in, in->id.return_value);
    if (!rv || rv->kind == VK_NONE || rv->kind == VK_ERROR)
        return rv ? rv : val_none(in);
    Frame *f = in->frame;
    Span where = f->func && f->func->def ? f->func->def->u.function_def.name_span : span;
    return interp_error(in, where,
                      "'%s' returns a value on some run-time paths but reaches its end without "
                      "'return' on others (returning None there); every path must return a value",
                      f->func ? f->func->name : "function");
}
