/* Tensors whose rank depends on a run-time condition.
 *
 *     if box_sum > 0:                              # a run-time bool
 *         pred_boxes = pred_boxes.reshape(box_sum, -1, 4)
 *     return pred_boxes                            # rank 2 or rank 3
 *
 * TorchScript's tensors have no static rank, so code like torchvision's
 * BoxCoder.decode does this freely; here every operation needs the rank
 * of its operands.  Such a tensor is a VK_RANKS value: the If's condition
 * and one alternative per side, each an If output that holds the side's
 * tensor when the condition chose that side (and a never-read placeholder
 * of the same rank otherwise).  An operation on it runs once per
 * alternative, each in a branch of an If on the same condition, so an
 * alternative is only ever computed on where it is real; the results merge
 * as any run-time if merges (merge.c): equal ranks give one tensor again,
 * different ranks another VK_RANKS.  Graph outputs, loop-carried values
 * and in-place writes need one rank: an error says so. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"

bool flow_ranks_is(const Value *v)
{
    return v && v->kind == VK_RANKS;
}

Value *flow_ranks_make(Interp *in, IrValue *cond, Value *when_true, Value *when_false)
{
    Value *v = val_tuple(in, 3);
    v->kind = VK_RANKS;
    val_list_push(in, v->u.list, bridge_runtime_number(in, VK_BOOL, cond));
    val_list_push(in, v->u.list, when_true);
    val_list_push(in, v->u.list, when_false);
    return v;
}

/* ---- running an operation once per alternative ---- */

typedef struct Alternative {
    Value **vals;           /* the operands, one VK_RANKS replaced */
    int n;
    FlowRanksOp op;
    void *ctx;
    Span span;
} Alternative;

static ExecStatus run_alternative(Interp *in, void *ctx, Value **result)
{
    Alternative *a = ctx;
    *result = flow_ranks_apply(in, a->vals, a->n, a->op, a->ctx, a->span);
    return *result ? EXEC_NORMAL : EXEC_RAISE;
}

Value *flow_ranks_apply(Interp *in, Value **vals, int n, FlowRanksOp op, void *ctx, Span span)
{
    int k = -1;
    for (int i = 0; i < n && k < 0; i++)
        if (flow_ranks_is(vals[i]))
            k = i;
    if (k < 0)
        return op(in, vals, n, ctx);
    Value *choice = vals[k];
    Alternative alt[2];
    for (int side = 0; side < 2; side++) {
        Value **copy = arena_alloc(in->arena, sizeof(Value *) * (size_t)(n + 1));
        memcpy(copy, vals, sizeof(Value *) * (size_t)n);
        /* every operand that is this same choice takes the same side */
        for (int i = 0; i < n; i++)
            if (vals[i] == choice)
                copy[i] = choice->u.list->items[1 + side];
        alt[side] = (Alternative){copy, n, op, ctx, span};
    }
    return flow_select(in, choice->u.list->items[0], run_alternative, &alt[0], run_alternative, &alt[1], span,
                       "this operation on a tensor whose rank depends on a run-time condition");
}

/* ---- calls ---- */

typedef struct CallCtx {
    Value *callee;
    const CallArgs *args;
    Span span;
} CallCtx;

static Value *call_with(Interp *in, Value **vals, int n, void *ctx)
{
    (void)n;
    CallCtx *c = ctx;
    CallArgs a = *c->args;
    a.pos = vals;
    a.kw_values = vals + c->args->n_pos;
    return interp_call(in, c->callee, &a, c->span);
}

bool flow_ranks_in_args(const CallArgs *args)
{
    for (int i = 0; i < args->n_pos; i++)
        if (flow_ranks_is(args->pos[i]))
            return true;
    for (int i = 0; i < args->n_kw; i++)
        if (flow_ranks_is(args->kw_values[i]))
            return true;
    return false;
}

Value *flow_ranks_call(Interp *in, Value *callee, const CallArgs *args, Span span)
{
    int n = args->n_pos + args->n_kw;
    Value **vals = arena_alloc(in->arena, sizeof(Value *) * (size_t)(n + 1));
    for (int i = 0; i < args->n_pos; i++)
        vals[i] = args->pos[i];
    for (int i = 0; i < args->n_kw; i++)
        vals[args->n_pos + i] = args->kw_values[i];
    CallCtx c = {callee, args, span};
    return flow_ranks_apply(in, vals, n, call_with, &c, span);
}
