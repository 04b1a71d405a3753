/* Values that are None on some run-time paths (TorchScript's Optional[T]).
 *
 *     best: Optional[Tensor] = None
 *     for row in x:                        # a run-time loop
 *         if best is None: best = row      # `best is None` is a run-time bool
 *         else: best = torch.maximum(best, row)
 *
 * After one iteration `best` is None or a tensor depending on the trip
 * count, so it becomes a VK_OPTIONAL value: a pair (present, value) where
 * `present` is a run-time bool and `value` the tensor (or number) it holds
 * when present, a placeholder of the same type otherwise.  The pair travels
 * through If and Loop as two values (a flag plus a value works at every
 * opset, where ONNX's own Optional type needs opset 15 and is not accepted
 * by every runtime).
 *
 * What such a value supports is what TorchScript allows on an Optional
 * before refinement: `x is None`, `x is not None` (run-time bools), and
 * refinement: in the branch of a run-time `if` (or conditional expression,
 * `and`/`or`, `assert`) where the test shows it is not None, the name is
 * bound to the value itself; where it shows it is None, to None.  Any other
 * use is an error at the use.  A static present flag collapses the pair to
 * the value or to None. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"

static bool is_number(const Value *v)
{
    return v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL;
}

Value *flow_optional_make(Interp *in, Value *present, Value *value)
{
    if (present->kind == VK_BOOL && !present->dyn)
        return present->u.b ? value : val_none(in);
    Value *v = val_tuple(in, 2);
    v->kind = VK_OPTIONAL;
    val_list_push(in, v->u.list, present);
    val_list_push(in, v->u.list, value);
    return v;
}

static bool holdable(const Value *v)
{
    return v->kind == VK_TENSOR || is_number(v);
}

bool flow_optional_mergeable(const Value *a, const Value *b)
{
    bool opt = a->kind == VK_OPTIONAL || b->kind == VK_OPTIONAL ||
               (a->kind == VK_NONE) != (b->kind == VK_NONE);
    bool ok_a = a->kind == VK_NONE || a->kind == VK_OPTIONAL || holdable(a);
    bool ok_b = b->kind == VK_NONE || b->kind == VK_OPTIONAL || holdable(b);
    return opt && ok_a && ok_b;
}

/* The value V holds when present. */
static Value *held(Value *v)
{
    return v->kind == VK_OPTIONAL ? v->u.list->items[1] : v;
}

Value *flow_optional_pair(Interp *in, Value *v, Value *like)
{
    if (v->kind == VK_OPTIONAL)
        return v;
    Value *pair = val_tuple(in, 2);
    if (v->kind == VK_NONE) {
        /* the value an absent optional holds, never read: zeros of the
         * value's known shape when small (If and Loop outputs keep it) */
        Value *ph = like ? flow_zeros_shaped_like(in, held(like), 256) : NULL;
        if (!ph)
            return NULL;
        val_list_push(in, pair->u.list, val_bool(in, false));
        val_list_push(in, pair->u.list, ph);
        return pair;
    }
    val_list_push(in, pair->u.list, val_bool(in, true));
    val_list_push(in, pair->u.list, v);
    return pair;
}

Value *flow_optional_is_none(Interp *in, Value *v, bool is_none, Span span)
{
    Value *present = v->u.list->items[0];
    if (!is_none)
        return present;
    Value *n = bridge_onnx1(in, "Not", bridge_wrap(in, present->dyn), span);
    if (!n || n->kind != VK_TENSOR)
        return val_error(in);
    return bridge_runtime_number(in, VK_BOOL, bridge_ir_of(in, n, span));
}

/* ---- refinement ---- */

static bool is_none_constant(const AstNode *e)
{
    return e && e->kind == AST_CONSTANT && e->u.constant.kind == AST_CONST_NONE;
}

/* Binds NAME (a local holding a run-time optional) to what it is where the
 * test `NAME is None` has the value IS_NONE. */
static void refine_name(Interp *in, const char *name, bool is_none)
{
    Scope *locals = in->frame->locals;
    Value *v = val_scope_get(locals, name);
    if (!v || v->kind != VK_OPTIONAL)
        return;
    flow_write_scope(in, locals);
    val_scope_set(in->arena, locals, name, is_none ? val_none(in) : v->u.list->items[1]);
}

void flow_optional_refine(Interp *in, const AstNode *test, bool truth)
{
    if (!test)
        return;
    switch (test->kind) {
    case AST_COMPARE: {
        if (test->u.compare.comparators.len != 1)
            return;
        AstOp op = test->u.compare.ops[0];
        if (op != AST_OP_IS && op != AST_OP_ISNOT)
            return;
        const AstNode *l = test->u.compare.left, *r = test->u.compare.comparators.items[0];
        const AstNode *name = l->kind == AST_NAME && is_none_constant(r) ? l
                              : r->kind == AST_NAME && is_none_constant(l) ? r : NULL;
        if (name)
            refine_name(in, name->u.name.id, (op == AST_OP_IS) == truth);
        return;
    }
    case AST_UNARY_OP:
        if (test->u.unary_op.op == AST_OP_NOT)
            flow_optional_refine(in, test->u.unary_op.operand, !truth);
        return;
    case AST_BOOL_OP:
        /* every operand of a true `and` is true, of a false `or` false */
        if ((test->u.bool_op.op == AST_OP_AND) == truth)
            for (int i = 0; i < test->u.bool_op.values.len; i++)
                flow_optional_refine(in, test->u.bool_op.values.items[i], truth);
        return;
    default:
        return;
    }
}
