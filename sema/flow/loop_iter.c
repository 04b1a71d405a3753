/* What a loop with a run-time trip count iterates (see loop.c): the trip
 * count, computed before the Loop, and the item of one iteration, computed
 * in the body from the iteration number.
 *
 *   range(start, stop, step)   max(0, ceil((stop - start) / step)) iterations,
 *                              item start + i * step
 *   a tensor                   its first dimension; row i (Gather)
 *   a run-time list            its length; item i
 *   enumerate(it, start)       it's count; (start + i, item i of it)
 *   zip(a, b, ...)             the smallest count; the tuple of items; a
 *                              static sequence in a zip is stacked into one
 *                              tensor before the loop and picked by i */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"

static bool is_number(const Value *v)
{
    return v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL;
}

static Value *runtime_int(Interp *in, Value *t, Span span)
{
    if (!t || t->kind != VK_TENSOR)
        return t ? t : val_error(in);
    return bridge_runtime_number(in, VK_INT, bridge_ir_of(in, t, span));
}

/* max(v, 0) for a run-time int.  Where is from opset 9; before it,
 * (v + |v|) / 2, exact in int64. */
static Value *clamp_nonnegative(Interp *in, Value *v, Span span)
{
    if (!v->dyn)
        return val_int(in, v->u.i > 0 ? v->u.i : 0);
    if (in->lower->opset < 9) {
        Value *x = bridge_wrap(in, v->dyn);
        Value *twice = bridge_onnx2(in, "Add", x, bridge_onnx1(in, "Abs", x, span), span);
        return runtime_int(in, bridge_onnx2(in, "Div", twice, val_int(in, 2), span), span);
    }
    Value *pos = interp_compare_op(in, AST_OP_GT, v, val_int(in, 0), span);
    if (!pos || pos->kind == VK_ERROR)
        return val_error(in);
    Value *args[3] = {bridge_wrap(in, pos->dyn), bridge_wrap(in, v->dyn), val_int(in, 0)};
    return runtime_int(in, bridge_onnx(in, "Where", args, 3, NULL, 0, span), span);
}

static Value *int_binop(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    Value *r = interp_binop(in, op, a, b, span);
    return r ? r : val_error(in);
}

/* len(range(start, stop, step)) = max(0, ceil((stop - start) / step)),
 * with ceil(a / b) = -((-a) // b) in exact integer arithmetic. */
static Value *range_length(Interp *in, RuntimeIter *r, Span span)
{
    bool zero_start = !r->start->dyn && r->start->u.i == 0;
    bool unit_step = !r->step->dyn && r->step->u.i == 1;
    Value *n = zero_start ? r->stop : int_binop(in, AST_OP_SUB, r->stop, r->start, span);
    Value *q = n;
    if (!unit_step && n->kind != VK_ERROR) {
        Value *neg = int_binop(in, AST_OP_MULT, n, val_int(in, -1), span);
        Value *fl = int_binop(in, AST_OP_FLOORDIV, neg, r->step, span);
        q = int_binop(in, AST_OP_MULT, fl, val_int(in, -1), span);
    }
    return q->kind == VK_ERROR ? q : clamp_nonnegative(in, q, span);
}

static Value *min_int(Interp *in, Value *a, Value *b, Span span)
{
    if (!a)
        return b;
    if (!a->dyn && !b->dyn)
        return val_int(in, a->u.i < b->u.i ? a->u.i : b->u.i);
    Value *lt = interp_compare_op(in, AST_OP_LT, a, b, span);
    if (!lt || lt->kind == VK_ERROR)
        return val_error(in);
    Value *args[3] = {bridge_wrap(in, lt->dyn), a, b};
    return runtime_int(in, bridge_onnx(in, "Where", args, 3, NULL, 0, span), span);
}

static bool is_dynamic_tensor_iterable(const Value *v)
{
    const Tensor *t = v->u.tensor;
    return !t->is_static && t->rank > 0 && t->dims[0].value < 0;
}

bool flow_is_dynamic_iterable(Interp *in, Value *v)
{
    (void)in;
    return v->kind == VK_RUNTIME_ITER || flow_dynlist_is(v) || (v->kind == VK_TENSOR && is_dynamic_tensor_iterable(v));
}

/* A static sequence inside a zip with a run-time iterable: its items
 * stacked into one tensor, picked by the iteration number. */
static Value *stack_static(LoopIter *lc, Value *seq, Span span)
{
    Interp *in = lc->in;
    ValueList items = {0};
    if (!interp_iterate_static(in, seq, &items, span))
        return val_error(in);
    bool numbers = true;
    for (int i = 0; i < items.len; i++) {
        Value *x = items.items[i];
        if (x->kind == VK_TENSOR)
            numbers = false;
        else if (!is_number(x) || x->dyn)
            return interp_error(in, span, "zip() of a run-time iterable with a sequence of '%s': only tensors and "
                              "compile-time numbers can be picked by a run-time index", val_type_name(in, x));
    }
    if (numbers) {
        Value *l = val_list(in, items.len);
        for (int i = 0; i < items.len; i++)
            val_list_push(in, l->u.list, items.items[i]);
        Tensor *t = bridge_const_tensor(in, l, DT_UNDEFINED, span);
        return t ? val_tensor(in, t) : val_error(in);
    }
    Value **parts = arena_alloc(in->arena, sizeof(Value *) * (size_t)(items.len + 1));
    for (int i = 0; i < items.len; i++) {
        Value *axes = val_list(in, 1);
        val_list_push(in, axes->u.list, val_int(in, 0));
        Value *x = items.items[i];
        parts[i] = in->lower->opset >= 13 ? bridge_onnx2(in, "Unsqueeze", x, axes, span)
                                          : bridge_onnx(in, "Unsqueeze", &x, 1, &(OnnxAttrArg){"axes", axes}, 1, span);
    }
    OnnxAttrArg ax = {"axis", val_int(in, 0)};
    return bridge_onnx(in, "Concat", parts, items.len, &ax, 1, span);
}

static Value *zip_stack_of(LoopIter *lc, Value *part)
{
    for (int i = 0; i + 1 < lc->zip_stacks.len; i += 2)
        if (lc->zip_stacks.items[i] == part)
            return lc->zip_stacks.items[i + 1];
    return NULL;
}

/* The trip count of iterating IT, computed before the loop. */
Value *flow_trip_count(LoopIter *lc, Value *it, Span span)
{
    Interp *in = lc->in;
    if (flow_dynlist_is(it))
        return flow_dynlist_len(in, it, span);
    if (it->kind == VK_TENSOR) {
        if (it->u.tensor->rank > 0 && it->u.tensor->dims[0].value >= 0)
            return val_int(in, it->u.tensor->dims[0].value);
        Value *shape = bridge_onnx1(in, "Shape", it, span);
        return runtime_int(in, shape && shape->kind == VK_TENSOR ? bridge_onnx2(in, "Gather", shape, val_int(in, 0), span)
                                                                 : NULL, span);
    }
    if (it->kind != VK_RUNTIME_ITER) {
        Value *stacked = stack_static(lc, it, span);
        ptrvec_push(in->arena, &lc->zip_stacks, it);
        ptrvec_push(in->arena, &lc->zip_stacks, stacked);
        Value *n = stacked->kind == VK_TENSOR ? val_int(in, stacked->u.tensor->dims[0].value) : stacked;
        return n;
    }
    RuntimeIter *r = it->u.iter;
    if (r->kind == RI_RANGE)
        return range_length(in, r, span);
    Value *m = NULL;
    for (int i = 0; i < r->n; i++) {
        Value *n = flow_trip_count(lc, r->parts[i], span);
        if (!n || n->kind == VK_ERROR)
            return val_error(in);
        m = min_int(in, m, n, span);
    }
    return m;
}

/* Item ITER (a run-time int) of IT, inside the body. */
Value *flow_loop_item(LoopIter *lc, Value *it, Value *iter, Span span)
{
    Interp *in = lc->in;
    OnnxAttrArg axis0 = {"axis", val_int(in, 0)};
    if (flow_dynlist_is(it))
        return flow_dynlist_getitem(in, it, iter, span);
    if (it->kind == VK_TENSOR) {
        Value *pos[2] = {it, bridge_wrap(in, iter->dyn)};
        return bridge_onnx(in, "Gather", pos, 2, &axis0, 1, span);
    }
    if (it->kind != VK_RUNTIME_ITER) {
        Value *stacked = zip_stack_of(lc, it);
        Value *pos[2] = {stacked, bridge_wrap(in, iter->dyn)};
        Value *x = bridge_onnx(in, "Gather", pos, 2, &axis0, 1, span);
        if (x && x->kind == VK_TENSOR && x->u.tensor->rank == 0)
            return bridge_runtime_number(in, bridge_number_kind(x->u.tensor->dtype),
                                       bridge_ir_of(in, bridge_cast(in, x, bridge_number_dtype(
                                           bridge_number_kind(x->u.tensor->dtype)), span), span));
        return x;
    }
    RuntimeIter *r = it->u.iter;
    if (r->kind == RI_RANGE) {
        bool zero_start = !r->start->dyn && r->start->u.i == 0;
        bool unit_step = !r->step->dyn && r->step->u.i == 1;
        Value *k = unit_step ? iter : int_binop(in, AST_OP_MULT, iter, r->step, span);
        return zero_start ? k : int_binop(in, AST_OP_ADD, r->start, k, span);
    }
    Value *t = val_tuple(in, r->n + 1);
    if (r->kind == RI_ENUMERATE) {
        bool zero = !r->start->dyn && r->start->kind == VK_INT && r->start->u.i == 0;
        val_list_push(in, t->u.list, zero ? iter : int_binop(in, AST_OP_ADD, r->start, iter, span));
    }
    for (int i = 0; i < r->n; i++) {
        Value *x = flow_loop_item(lc, r->parts[i], iter, span);
        if (!x || x->kind == VK_ERROR)
            return x;
        val_list_push(in, t->u.list, x);
    }
    return t;
}

Value *flow_iter_length(Interp *in, Value *v, Span span)
{
    LoopIter it = {.in = in};
    return flow_trip_count(&it, v, span);
}

