/* Lists whose length is known only at run time.
 *
 * A list that a loop with a run-time trip count appends to (or whose
 * length differs between run-time paths) cannot hold its items as
 * compile-time values any more.  Its ValueList then carries a DynList: the
 * items as an ONNX sequence (SequenceEmpty, SequenceInsert, SequenceAt,
 * SequenceLength, ConcatFromSequence, SplitToSequence: opset 11 and
 * later), or, when a Loop produced them one per iteration, stacked on a new
 * leading axis (the Loop's scan output, which needs no sequences and is
 * what torch.stack of the list is).  Every item has the DynList's element
 * type (an ONNX sequence is homogeneous).
 *
 * Sequences can cross If and Loop boundaries only from opset 13 on (If-13
 * and Loop-13 accept them).  Below, a list that an If or a Loop must carry
 * travels stacked instead, as a tensor whose first axis grows by Concat:
 * this needs items of one shape, and an empty list needs item dimensions
 * known at compile time (to make the empty [0, ...] tensor).
 *
 * Supported on such lists: append, len, indexing with an int (static or
 * run-time), iteration by a for loop (loop.c), list(l), torch.cat and
 * torch.stack, merging across run-time control flow, and returning the
 * list from forward() (a sequence output).  Anything else reports that the
 * operation needs a list of compile-time length. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"

bool flow_dynlist_is(const Value *v)
{
    return v && v->kind == VK_LIST && v->u.list->dyn;
}

static IrType seq_type(Interp *in, const IrType *elem)
{
    IrType *e = arena_alloc(in->arena, sizeof *e);
    *e = *elem;
    return (IrType){.kind = IR_TYPE_SEQUENCE, .dtype = elem->dtype, .rank = -1, .elem = e};
}

static Value *new_dynlist(Interp *in, IrValue *seq, IrValue *stacked, IrType elem)
{
    Value *v = val_list(in, 0);
    DynList *d = arena_alloc(in->arena, sizeof *d);
    d->seq = seq;
    d->stacked = stacked;
    d->elem = elem;
    v->u.list->dyn = d;
    return v;
}

Value *flow_dynlist_from_seq(Interp *in, IrValue *seq)
{
    IrType elem = seq->type.elem ? *seq->type.elem : ir_type_unknown_rank(DT_UNDEFINED);
    return new_dynlist(in, seq, NULL, elem);
}

Value *flow_dynlist_from_stacked(Interp *in, IrValue *stacked)
{
    const IrType *t = &stacked->type;
    IrType elem = t->rank > 0 ? ir_type_tensor(in->arena, t->dtype, t->rank - 1, t->dims + 1)
                              : ir_type_unknown_rank(t->dtype);
    return new_dynlist(in, NULL, stacked, elem);
}

Value *flow_dynlist_collecting(Interp *in, ScanCollector *collector)
{
    Value *v = new_dynlist(in, NULL, NULL, collector->elem);
    DynList *d = (DynList *)v->u.list->dyn;
    d->collector = collector;
    return v;
}

/* Any operation but one append on a collecting list: the loop falls back
 * to a sequence (or reports that it needs one).  Silent poison meanwhile. */
static Value *collector_fail(Interp *in, const DynList *d)
{
    d->collector->failed = true;
    return val_error(in);
}

Value *flow_dynlist_unsupported(Interp *in, const char *what, Span span)
{
    return interp_error(in, span, "%s is not supported on a list whose length is known only at run time "
                      "(such a list supports append, pop, insert, len, indexing with an int, "
                      "for loops, torch.cat and torch.stack)", what);
}

static bool need_sequences(Interp *in, const char *what, Span span)
{
    if (in->lower->opset >= 11)
        return true;
    interp_error(in, span, "%s needs ONNX sequences, which exist from opset 11 on (compiling for opset %d)",
               what, in->lower->opset);
    return false;
}

/* ---- element types ---- */

static bool item_type(Interp *in, Value *v, IrType *out)
{
    if (v->kind == VK_TENSOR) {
        *out = ir_type_tensor(in->arena, v->u.tensor->dtype, v->u.tensor->rank, v->u.tensor->dims);
        return v->u.tensor->rank >= 0;
    }
    if (v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) {
        *out = ir_type_scalar(bridge_number_dtype(v->kind));
        return true;
    }
    return false;
}

/* The type covering A and B (same element type and rank). */
static bool widen_elem(Interp *in, const IrType *a, const IrType *b, IrType *out)
{
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    *out = ir_type_tensor(in->arena, a->dtype, a->rank, a->dims);
    for (int i = 0; i < a->rank; i++)
        if (!dim_equal(a->dims[i], b->dims[i]))
            out->dims[i] = dim_unknown();
    return true;
}

bool flow_dynlist_elem_type(Interp *in, Value *v, IrType *out)
{
    if (flow_dynlist_is(v)) {
        *out = v->u.list->dyn->elem;
        return out->dtype != DT_UNDEFINED;
    }
    ValueList *l = v->u.list;
    if (l->len == 0 || !item_type(in, l->items[0], out))
        return false;
    for (int i = 1; i < l->len; i++) {
        IrType t;
        if (!item_type(in, l->items[i], &t) || !widen_elem(in, out, &t, out))
            return false;
    }
    return true;
}

/* ---- conversions ---- */

static Value *as_tensor_of(Interp *in, Value *v, DType dt, Span span)
{
    if (v->kind != VK_TENSOR && !v->dyn)
        return bridge_const_value(in, v, dt, span);
    if (v->kind != VK_TENSOR)
        v = bridge_wrap(in, v->dyn);
    return v->u.tensor->dtype == dt ? v : bridge_cast(in, v, dt, span);
}

static IrValue *retyped(Interp *in, Value *r, const IrType *elem, Span span)
{
    if (!r || r->kind != VK_TENSOR)
        return NULL;
    IrValue *iv = bridge_ir_of(in, r, span);
    if (iv)
        iv->type = seq_type(in, elem);
    return iv;
}

static IrValue *static_to_seq(Interp *in, ValueList *l, const IrType *elem, Span span)
{
    if (l->len == 0) {
        OnnxAttrArg at = {"dtype", val_dtype(in, elem->dtype)};
        return retyped(in, bridge_onnx(in, "SequenceEmpty", NULL, 0, &at, 1, span), elem, span);
    }
    Value **items = arena_alloc(in->arena, sizeof(Value *) * (size_t)l->len);
    for (int i = 0; i < l->len; i++) {
        items[i] = as_tensor_of(in, l->items[i], elem->dtype, span);
        if (!items[i] || items[i]->kind != VK_TENSOR)
            return NULL;
    }
    return retyped(in, bridge_onnx(in, "SequenceConstruct", items, l->len, NULL, 0, span), elem, span);
}

static bool use_stacked(Interp *in)
{
    return in->lower->opset < 13;
}

static Value *unsqueeze0(Interp *in, Value *x, Span span)
{
    Value *axes = val_list(in, 1);
    val_list_push(in, axes->u.list, val_int(in, 0));
    if (in->lower->opset >= 13)
        return bridge_onnx2(in, "Unsqueeze", x, axes, span);
    OnnxAttrArg at = {"axes", axes};
    return bridge_onnx(in, "Unsqueeze", &x, 1, &at, 1, span);
}

/* The items of list V stacked on a new first axis. */
static IrValue *dynlist_stacked(Interp *in, Value *v, const IrType *elem, Span span)
{
    const DynList *d = v->u.list->dyn;
    if (d && d->collector) {
        collector_fail(in, d);
        return NULL;
    }
    if (d && d->stacked)
        return d->stacked;
    Value *r;
    if (d) {
        Value *seq = bridge_wrap(in, d->seq);
        OnnxAttrArg at[2] = {{"axis", val_int(in, 0)}, {"new_axis", val_int(in, 1)}};
        r = bridge_onnx(in, "ConcatFromSequence", &seq, 1, at, 2, span);
    } else if (v->u.list->len == 0) {
        int64_t dims[33] = {0};
        for (int i = 0; i < elem->rank && i < 32; i++) {
            if (!dim_is_known(elem->dims[i])) {
                interp_error(in, span, "this list starts empty and grows under run-time control flow; its items "
                           "have a dimension known only at run time, so it needs ONNX sequences in If and "
                           "Loop (opset 13 or later; compiling for opset %d)", in->lower->opset);
                return NULL;
            }
            dims[i + 1] = elem->dims[i].value;
        }
        Tensor *t = arena_alloc(in->arena, sizeof *t);
        t->dtype = elem->dtype;
        t->rank = elem->rank + 1;
        t->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(t->rank + 1));
        for (int i = 0; i < t->rank; i++)
            t->dims[i] = dim_known(dims[i]);
        t->is_static = true;
        t->data = ir_tensor_new(in->arena, t->dtype, t->rank, dims);
        t->init = TINIT_DATA;
        r = val_tensor(in, t);
    } else {
        ValueList *l = v->u.list;
        Value **parts = arena_alloc(in->arena, sizeof(Value *) * (size_t)l->len);
        for (int i = 0; i < l->len; i++) {
            Value *x = as_tensor_of(in, l->items[i], elem->dtype, span);
            parts[i] = x && x->kind == VK_TENSOR ? unsqueeze0(in, x, span) : NULL;
            if (!parts[i] || parts[i]->kind != VK_TENSOR)
                return NULL;
        }
        OnnxAttrArg at = {"axis", val_int(in, 0)};
        r = l->len == 1 ? parts[0] : bridge_onnx(in, "Concat", parts, l->len, &at, 1, span);
    }
    return r && r->kind == VK_TENSOR ? bridge_ir_of(in, r, span) : NULL;
}

IrType flow_dynlist_carrier_type(Interp *in, const IrType *elem)
{
    if (!use_stacked(in))
        return seq_type(in, elem);
    Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(elem->rank + 1));
    dims[0] = dim_unknown();
    for (int i = 0; i < elem->rank; i++)
        dims[i + 1] = elem->dims[i];
    return ir_type_tensor(in->arena, elem->dtype, elem->rank + 1, dims);
}

IrValue *flow_dynlist_carrier(Interp *in, Value *v, const IrType *elem, Span span)
{
    return use_stacked(in) ? dynlist_stacked(in, v, elem, span) : flow_dynlist_seq(in, v, elem, span);
}

Value *flow_dynlist_from_carrier(Interp *in, IrValue *iv)
{
    return iv->type.kind == IR_TYPE_SEQUENCE ? flow_dynlist_from_seq(in, iv) : flow_dynlist_from_stacked(in, iv);
}

IrValue *flow_dynlist_seq(Interp *in, Value *v, const IrType *elem, Span span)
{
    const DynList *d = v->u.list->dyn;
    if (d && d->collector) {
        collector_fail(in, d);
        return NULL;
    }
    if (!need_sequences(in, "a list whose length is known only at run time", span))
        return NULL;
    if (!d)
        return static_to_seq(in, v->u.list, elem, span);
    if (d->seq)
        return d->seq;
    Value *x = bridge_wrap(in, d->stacked);
    OnnxAttrArg at[2] = {{"axis", val_int(in, 0)}, {"keepdims", val_int(in, 0)}};
    return retyped(in, bridge_onnx(in, "SplitToSequence", &x, 1, at, 2, span), &d->elem, span);
}

/* ---- operations ---- */

static Value *first_dim(Interp *in, IrValue *x, Span span)
{
    Value *shape = bridge_onnx1(in, "Shape", bridge_wrap(in, x), span);
    Value *d = shape && shape->kind == VK_TENSOR ? bridge_onnx2(in, "Gather", shape, val_int(in, 0), span) : NULL;
    if (!d || d->kind != VK_TENSOR)
        return val_error(in);
    Value *r = bridge_runtime_number(in, VK_INT, bridge_ir_of(in, d, span));
    r->dim = x->type.rank > 0 ? x->type.dims[0] : dim_unknown();
    return r;
}

Value *flow_dynlist_len(Interp *in, Value *l, Span span)
{
    const DynList *d = l->u.list->dyn;
    if (d->collector)
        return collector_fail(in, d);
    if (d->stacked)
        return first_dim(in, d->stacked, span);
    Value *n = bridge_onnx1(in, "SequenceLength", bridge_wrap(in, d->seq), span);
    if (!n || n->kind != VK_TENSOR)
        return val_error(in);
    return bridge_runtime_number(in, VK_INT, bridge_ir_of(in, n, span));
}

Value *flow_dynlist_getitem(Interp *in, Value *l, Value *index, Span span)
{
    const DynList *d = l->u.list->dyn;
    if (d->collector)
        return collector_fail(in, d);
    if (index->kind != VK_INT && index->kind != VK_BOOL)
        return flow_dynlist_unsupported(in, index->kind == VK_SLICE ? "slicing" : "this kind of index", span);
    Value *i = index->kind == VK_BOOL ? val_int(in, index->dyn ? 0 : index->u.b) : index;
    if (index->kind == VK_BOOL && index->dyn)
        i = bridge_cast(in, bridge_wrap(in, index->dyn), DT_INT64, span);
    if (d->stacked) {
        OnnxAttrArg at = {"axis", val_int(in, 0)};
        Value *pos[2] = {bridge_wrap(in, d->stacked), i};
        return bridge_onnx(in, "Gather", pos, 2, &at, 1, span);
    }
    Value *r = bridge_onnx2(in, "SequenceAt", bridge_wrap(in, d->seq), i, span);
    if (r && r->kind == VK_TENSOR) {
        IrValue *iv = bridge_ir_of(in, r, span);
        iv->type = d->elem;
        r = bridge_wrap(in, iv);
    }
    return r;
}

/* Below opset 13: the stacked items grow by a Concat. */
static Value *append_stacked(Interp *in, ValueList *vl, Value *item, const IrType *widened, Span span)
{
    Value *x = as_tensor_of(in, item, widened->dtype, span);
    Value *u = x && x->kind == VK_TENSOR ? unsqueeze0(in, x, span) : NULL;
    if (!u || u->kind != VK_TENSOR)
        return val_error(in);
    OnnxAttrArg at = {"axis", val_int(in, 0)};
    Value *pos[2] = {bridge_wrap(in, vl->dyn->stacked), u};
    Value *r = bridge_onnx(in, "Concat", pos, 2, &at, 1, span);
    if (!r || r->kind != VK_TENSOR)
        return val_error(in);
    DynList *nd = arena_alloc(in->arena, sizeof *nd);
    nd->stacked = bridge_ir_of(in, r, span);
    nd->elem = *widened;
    flow_write_list(in, vl);
    vl->dyn = nd;
    return val_none(in);
}

Value *flow_list_append(Interp *in, Value *l, Value *item, Span span)
{
    if (flow_dynlist_is(l))
        return flow_dynlist_append(in, l, item, span);
    flow_write_list(in, l->u.list);
    val_list_push(in, l->u.list, item);
    return val_none(in);
}

Value *flow_dynlist_append(Interp *in, Value *l, Value *item, Span span)
{
    ValueList *vl = l->u.list;
    const DynList *d = vl->dyn;
    IrType t, widened;
    if (d->collector) {
        ScanCollector *c = d->collector;
        if (c->item || in->region != c->region || item->kind == VK_ERROR)
            return collector_fail(in, d);
        c->item = item;
        return val_none(in);
    }
    if (!item_type(in, item, &t))
        return interp_error(in, span, "a list whose length is known only at run time can hold only tensors "
                          "and numbers, not '%s'", val_type_name(in, item));
    if (item->kind != VK_TENSOR)
        t.dtype = d->elem.dtype;
    if (!widen_elem(in, &d->elem, &t, &widened))
        return interp_error(in, span, "this list holds %s tensors of rank %d; appending a %s tensor of rank %d "
                          "would make its items differ in element type or rank, which a list of run-time "
                          "length (an ONNX sequence) cannot hold", dtype_name(d->elem.dtype), d->elem.rank,
                          dtype_name(t.dtype), t.rank);
    if (d->stacked && use_stacked(in))
        return append_stacked(in, vl, item, &widened, span);
    IrValue *seq = flow_dynlist_seq(in, l, &d->elem, span);
    Value *x = seq ? as_tensor_of(in, item, widened.dtype, span) : NULL;
    if (!x || x->kind != VK_TENSOR)
        return val_error(in);
    Value *pos[2] = {bridge_wrap(in, seq), x};
    IrValue *out = retyped(in, bridge_onnx(in, "SequenceInsert", pos, 2, NULL, 0, span), &widened, span);
    if (!out)
        return val_error(in);
    DynList *nd = arena_alloc(in->arena, sizeof *nd);
    nd->seq = out;
    nd->elem = widened;
    flow_write_list(in, vl);
    vl->dyn = nd;
    return val_none(in);
}

/* The list's items as a sequence, for an operation that needs one. */
static IrValue *as_sequence(Interp *in, Value *l, Span span)
{
    const DynList *d = l->u.list->dyn;
    if (d->collector) {
        collector_fail(in, d);
        return NULL;
    }
    return flow_dynlist_seq(in, l, &d->elem, span);
}

static void set_sequence(Interp *in, ValueList *vl, IrValue *seq, const IrType *elem)
{
    DynList *nd = arena_alloc(in->arena, sizeof *nd);
    nd->seq = seq;
    nd->elem = *elem;
    flow_write_list(in, vl);
    vl->dyn = nd;
}

/* A run-time int I as an int64 0-d tensor value. */
static Value *index_tensor(Interp *in, Value *i, Span span)
{
    if (!i->dyn)
        return bridge_const_value(in, i, DT_INT64, span);
    Value *t = bridge_wrap(in, i->dyn);
    return i->kind == VK_BOOL ? bridge_cast(in, t, DT_INT64, span) : t;
}

Value *flow_dynlist_pop(Interp *in, Value *l, Value *index, Span span)
{
    ValueList *vl = l->u.list;
    IrType elem = vl->dyn->elem;
    Value *i = index ? index : val_int(in, -1);
    if (i->kind != VK_INT && i->kind != VK_BOOL)
        return interp_error(in, span, "pop() index must be an int, found '%s'", val_type_name(in, i));
    Value *item = flow_dynlist_getitem(in, l, i, span);   /* an index out of range fails when the graph runs */
    IrValue *seq = item && item->kind != VK_ERROR ? as_sequence(in, l, span) : NULL;
    Value *it = seq ? index_tensor(in, i, span) : NULL;
    if (!it || it->kind != VK_TENSOR)
        return val_error(in);
    Value *pos[2] = {bridge_wrap(in, seq), it};
    IrValue *out = retyped(in, bridge_onnx(in, "SequenceErase", pos, 2, NULL, 0, span), &elem, span);
    if (!out)
        return val_error(in);
    set_sequence(in, vl, out, &elem);
    return item;
}

Value *flow_dynlist_insert(Interp *in, Value *l, Value *index, Value *item, Span span)
{
    ValueList *vl = l->u.list;
    if (index->kind != VK_INT && index->kind != VK_BOOL)
        return interp_error(in, span, "insert() index must be an int, found '%s'", val_type_name(in, index));
    IrType t, widened;
    if (!item_type(in, item, &t))
        return interp_error(in, span, "a list whose length is known only at run time can hold only tensors "
                          "and numbers, not '%s'", val_type_name(in, item));
    if (item->kind != VK_TENSOR)
        t.dtype = vl->dyn->elem.dtype;
    if (!widen_elem(in, &vl->dyn->elem, &t, &widened))
        return interp_error(in, span, "inserting this item would make the items of a list of run-time length "
                          "differ in element type or rank");
    Value *n = flow_dynlist_len(in, l, span);
    IrValue *seq = n && n->kind != VK_ERROR ? as_sequence(in, l, span) : NULL;
    if (!seq)
        return val_error(in);
    /* Python clamps the position: i < 0 counts from the end, then into [0, n] */
    Value *pos_i = index;
    if (!index->dyn && index->u.i < 0)
        pos_i = interp_binop(in, AST_OP_ADD, index, n, span);
    else if (index->dyn)
        pos_i = interp_binop(in, AST_OP_ADD, index,
                             interp_binop(in, AST_OP_MULT, n, interp_compare_op(in, AST_OP_LT, index, val_int(in, 0),
                                                                                span), span), span);
    if (!pos_i || pos_i->kind == VK_ERROR)
        return val_error(in);
    Value *p = index_tensor(in, pos_i, span);
    Value *nt = index_tensor(in, n, span);
    Value *zero = bridge_const_value(in, val_int(in, 0), DT_INT64, span);
    if (!p || p->kind != VK_TENSOR || !nt || nt->kind != VK_TENSOR)
        return val_error(in);
    Value *lo[3] = {bridge_onnx2(in, "Less", p, zero, span), zero, p};
    p = bridge_onnx(in, "Where", lo, 3, NULL, 0, span);
    Value *hi[3] = {bridge_onnx2(in, "Greater", p, nt, span), nt, p};
    p = bridge_onnx(in, "Where", hi, 3, NULL, 0, span);
    Value *x = as_tensor_of(in, item, widened.dtype, span);
    if (!p || p->kind != VK_TENSOR || !x || x->kind != VK_TENSOR)
        return val_error(in);
    Value *args[3] = {bridge_wrap(in, seq), x, p};
    IrValue *out = retyped(in, bridge_onnx(in, "SequenceInsert", args, 3, NULL, 0, span), &widened, span);
    if (!out)
        return val_error(in);
    set_sequence(in, vl, out, &widened);
    return val_none(in);
}

Value *flow_dynlist_pick(Interp *in, Value *seq, Value *index, Span span)
{
    ValueList *l = seq->u.list;
    IrType elem;
    bool numbers = true;
    for (int i = 0; i < l->len; i++)
        numbers &= l->items[i]->kind == VK_INT || l->items[i]->kind == VK_FLOAT || l->items[i]->kind == VK_BOOL;
    if (l->len == 0 || (!numbers && !flow_dynlist_elem_type(in, seq, &elem)))
        return interp_error(in, span, "indexing a %s with an index known only at run time needs items that are "
                          "tensors of one type or numbers%s", val_type_name(in, seq),
                          l->len ? " (a loop over modules must run over a compile-time range to unroll)" : "");
    if (numbers) {
        /* numbers of different kinds take the widest kind */
        ValueKind k = VK_BOOL;
        for (int i = 0; i < l->len; i++)
            if (l->items[i]->kind == VK_FLOAT || (l->items[i]->kind == VK_INT && k == VK_BOOL))
                k = l->items[i]->kind;
        elem = ir_type_scalar(bridge_number_dtype(k));
    }
    IrValue *stacked = dynlist_stacked(in, seq, &elem, span);
    if (!stacked)
        return val_error(in);
    Value *item = flow_dynlist_getitem(in, flow_dynlist_from_stacked(in, stacked), index, span);
    if (!numbers || !item || item->kind != VK_TENSOR)
        return item;
    return bridge_runtime_number(in, bridge_number_kind(elem.dtype), bridge_ir_of(in, item, span));
}

static Value *int_list(Interp *in, int64_t v);

/* ---- sorting by keys known only at run time ---- */

/* Item INDEX (a run-time int) of the static items L: numbers and tensors
 * stacked and picked (flow_dynlist_pick), tuples item by item. */
static Value *pick_item(Interp *in, ValueList *l, Value *index, Span span)
{
    bool tuples = l->len > 0;
    for (int i = 0; i < l->len && tuples; i++)
        tuples = l->items[i]->kind == VK_TUPLE && l->items[i]->u.list->len == l->items[0]->u.list->len;
    if (!tuples) {
        Value *lv = val_list(in, 0);
        *lv->u.list = *l;
        lv->u.list->dyn = NULL;
        return flow_dynlist_pick(in, lv, index, span);
    }
    int n = l->items[0]->u.list->len;
    Value *r = val_tuple(in, n);
    for (int k = 0; k < n; k++) {
        ValueList part = {0};
        for (int i = 0; i < l->len; i++)
            val_list_push(in, &part, l->items[i]->u.list->items[k]);
        bool same = true;   /* a component equal in every item needs no pick */
        for (int i = 1; i < part.len && same; i++)
            same = flow_same_value(part.items[0], part.items[i]);
        Value *x = same ? part.items[0] : pick_item(in, &part, index, span);
        if (!x || x->kind == VK_ERROR)
            return x;
        val_list_push(in, r->u.list, x);
    }
    return r;
}

bool flow_sort_runtime(Interp *in, ValueList *l, Value **keys, bool reverse, Span span)
{
    int n = l->len;
    if (in->lower->opset < 11) {
        interp_error(in, span, "sorting by keys known only at run time needs TopK with a run-time k and its "
                     "tie order (opset 11 or later; compiling for opset %d)", in->lower->opset);
        return false;
    }
    Value *kl = val_list(in, n);
    ValueKind widest = VK_BOOL;
    for (int i = 0; i < n; i++) {
        Value *k = keys[i];
        if (k->kind != VK_INT && k->kind != VK_FLOAT && k->kind != VK_BOOL) {
            interp_error(in, span, "sorting by a run-time key needs keys that are numbers, found '%s'",
                         val_type_name(in, k));
            return false;
        }
        if (k->kind == VK_FLOAT || (k->kind == VK_INT && widest == VK_BOOL))
            widest = k->kind;
        val_list_push(in, kl->u.list, k);
    }
    IrType elem = ir_type_scalar(bridge_number_dtype(widest));
    IrValue *stacked = dynlist_stacked(in, kl, &elem, span);
    if (!stacked)
        return false;
    /* TopK breaks ties by the lower index, which is Python's stable order
     * for ascending and for reverse=True alike */
    Value *x = bridge_cast(in, bridge_wrap(in, stacked), DT_DOUBLE, span);
    Value *pos[2] = {x, int_list(in, n)};
    OnnxAttrArg at[3] = {{"largest", val_int(in, reverse)}, {"sorted", val_int(in, 1)},
                         {"_outputs", val_int(in, 2)}};
    Value *top = x && x->kind == VK_TENSOR ? bridge_onnx(in, "TopK", pos, 2, at, 3, span) : NULL;
    if (!top || top->kind != VK_TUPLE || top->u.list->len != 2)
        return false;
    Value *perm = top->u.list->items[1];
    ValueList sorted = {0};
    for (int i = 0; i < n; i++) {
        Value *g = bridge_onnx2(in, "Gather", perm, val_int(in, i), span);
        if (!g || g->kind != VK_TENSOR)
            return false;
        Value *idx = bridge_runtime_number(in, VK_INT, bridge_ir_of(in, g, span));
        Value *item = pick_item(in, l, idx, span);
        if (!item || item->kind == VK_ERROR)
            return false;
        val_list_push(in, &sorted, item);
    }
    for (int i = 0; i < n; i++)
        l->items[i] = sorted.items[i];
    return true;
}

/* ---- torch.cat / torch.stack over a run-time list ---- */

/* The stacked items with axis 0 moved to position D (stack along D). */
static Value *move_axis0(Interp *in, IrValue *stacked, int d, int rank, Span span)
{
    Value *x = bridge_wrap(in, stacked);
    if (d == 0)
        return x;
    Value *perm = val_list(in, rank);
    for (int i = 1; i <= d; i++)
        val_list_push(in, perm->u.list, val_int(in, i));
    val_list_push(in, perm->u.list, val_int(in, 0));
    for (int i = d + 1; i < rank; i++)
        val_list_push(in, perm->u.list, val_int(in, i));
    OnnxAttrArg at = {"perm", perm};
    return bridge_onnx(in, "Transpose", &x, 1, &at, 1, span);
}

static Value *int_list(Interp *in, int64_t v)
{
    Value *l = val_list(in, 1);
    val_list_push(in, l->u.list, val_int(in, v));
    return l;
}

/* SHAPE[start:end] of a 1-D shape tensor, as Slice takes it at the opset. */
static Value *slice_shape(Interp *in, Value *shape, int64_t start, int64_t end, Span span)
{
    if (in->lower->opset >= 10) {
        Value *pos[3] = {shape, int_list(in, start), int_list(in, end)};
        return bridge_onnx(in, "Slice", pos, 3, NULL, 0, span);
    }
    OnnxAttrArg at[3] = {{"starts", int_list(in, start)}, {"ends", int_list(in, end)}, {"axes", int_list(in, 0)}};
    return bridge_onnx(in, "Slice", &shape, 1, at, 3, span);
}

/* cat along D of stacked [N, e0, ...]: move N next to e_D and merge the
 * two with a Reshape to [e0 .. e(D-1), -1, e(D+1) ...]; the dimensions
 * before D are copied (0), those after D are constants when known, else
 * read from the shape. */
static Value *cat_stacked(Interp *in, IrValue *stacked, const IrType *elem, int d, Span span)
{
    int rank = elem->rank;
    Value *t = move_axis0(in, stacked, d, rank + 1, span);
    if (!t || t->kind != VK_TENSOR)
        return t;
    bool known = true;
    for (int j = d + 1; j < rank; j++)
        known &= dim_is_known(elem->dims[j]);
    Value *target;
    if (known) {
        target = val_list(in, rank);
        for (int i = 0; i < d; i++)
            val_list_push(in, target->u.list, val_int(in, 0));
        val_list_push(in, target->u.list, val_int(in, -1));
        for (int j = d + 1; j < rank; j++)
            val_list_push(in, target->u.list, val_int(in, elem->dims[j].value));
    } else {
        Value *shape = bridge_onnx1(in, "Shape", t, span);
        Value *parts[3];
        int n = 0;
        if (d > 0)
            parts[n++] = slice_shape(in, shape, 0, d, span);
        parts[n++] = int_list(in, -1);
        parts[n++] = slice_shape(in, shape, d + 2, rank + 1, span);
        OnnxAttrArg ax = {"axis", val_int(in, 0)};
        target = bridge_onnx(in, "Concat", parts, n, &ax, 1, span);
    }
    return bridge_onnx2(in, "Reshape", t, target, span);
}

/* runtime_list_concat(list, dim, new_axis[, empty_ok]): torch.cat
 * (new_axis False) or torch.stack (True) of a run-time list; EMPTY_OK
 * (torch.tensor of numbers) gives an empty list an empty tensor. */
static Value *n_runtime_list_concat(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Value *l = interp_arg(a, 0, NULL), *dim = interp_arg(a, 1, NULL), *na = interp_arg(a, 2, NULL);
    if (!l || !flow_dynlist_is(l) || !dim || dim->kind != VK_INT || dim->dyn || !na || na->kind != VK_BOOL)
        return interp_error(in, span, "runtime_list_concat(list, dim, new_axis)");
    const DynList *d = l->u.list->dyn;
    if (d->collector)
        return collector_fail(in, d);
    int rank = d->elem.rank;
    if (rank < 0)
        return interp_error(in, span, "the items of this run-time list have an unknown rank");
    bool new_axis = na->u.b;
    int r = rank + (new_axis ? 1 : 0);
    int64_t ax = dim->u.i;
    if (ax < -r || ax >= r || (!new_axis && rank == 0))
        return interp_raise(in, in->cls.index_error, span,
                         "Dimension out of range (expected to be in range of [%d, %d], but got %lld)", -r,
                         r - 1, (long long)ax);
    if (ax < 0)
        ax += r;
    if (d->stacked)
        return new_axis ? move_axis0(in, d->stacked, (int)ax, r, span) : cat_stacked(in, d->stacked, &d->elem, (int)ax, span);
    OnnxAttrArg at[2] = {{"axis", val_int(in, ax)}, {"new_axis", val_int(in, new_axis)}};
    Value *seq = bridge_wrap(in, d->seq);
    Value *empty_ok = interp_arg(a, 3, NULL);
    if (empty_ok && empty_ok->kind == VK_BOOL && empty_ok->u.b && new_axis && rank == 0) {
        /* torch.tensor() of numbers, where an empty list is an empty tensor:
         * ConcatFromSequence refuses an empty sequence, so a 0 goes first
         * and is sliced off */
        Value *zero = bridge_const_value(in, val_int(in, 0), d->elem.dtype, span);
        Value *pos[3] = {seq, zero, val_int(in, 0)};
        Value *padded = bridge_onnx(in, "SequenceInsert", pos, 3, NULL, 0, span);
        if (!padded || padded->kind != VK_TENSOR)
            return val_error(in);
        bridge_ir_of(in, padded, span)->type = d->seq->type;
        Value *all = bridge_onnx(in, "ConcatFromSequence", &padded, 1, at, 2, span);
        return all && all->kind == VK_TENSOR ? slice_shape(in, all, 1, INT64_MAX, span) : all;
    }
    return bridge_onnx(in, "ConcatFromSequence", &seq, 1, at, 2, span);
}

/* split_to_list(x, sizes, dim): the pieces of X along DIM as a run-time
 * list (SplitToSequence): SIZES a 1-D int64 tensor of the pieces' sizes,
 * or None for pieces of size 1 with DIM removed (unbind). */
static Value *n_split_to_list(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Value *x = interp_arg(a, 0, NULL), *sizes = interp_arg(a, 1, NULL), *dim = interp_arg(a, 2, NULL);
    if (!x || x->kind != VK_TENSOR || !sizes || (sizes->kind != VK_TENSOR && sizes->kind != VK_NONE) || !dim ||
        dim->kind != VK_INT || dim->dyn || x->u.tensor->rank <= 0)
        return interp_error(in, span, "split_to_list(tensor, sizes or None, dim)");
    if (!need_sequences(in, "splitting a dimension whose size is known only at run time", span))
        return val_error(in);
    const Tensor *t = x->u.tensor;
    int d = (int)dim->u.i, rank = t->rank;
    bool unbind = sizes->kind == VK_NONE;
    IrType elem = ir_type_tensor(in->arena, t->dtype, rank, t->dims);
    if (unbind) {
        memmove(elem.dims + d, elem.dims + d + 1, sizeof(Dim) * (size_t)(rank - d - 1));
        elem.rank--;
    } else {
        elem.dims[d] = dim_unknown();
    }
    OnnxAttrArg at[2] = {{"axis", val_int(in, d)}, {"keepdims", val_int(in, unbind ? 0 : 1)}};
    Value *pos[2] = {x, sizes};
    IrValue *seq = retyped(in, bridge_onnx(in, "SplitToSequence", pos, unbind ? 1 : 2, at, unbind ? 2 : 1, span),
                           &elem, span);
    return seq ? flow_dynlist_from_seq(in, seq) : val_error(in);
}

static Value *n_is_runtime_list(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self; (void)span;
    return val_bool(in, flow_dynlist_is(interp_arg(a, 0, NULL)));
}

/* The natives of this file, in _native (sema/native/native.c). */
const Builtin flow_dynlist_natives[] = {
    {"is_runtime_list", n_is_runtime_list, NULL},
    {"runtime_list_concat", n_runtime_list_concat, NULL},
    {"split_to_list", n_split_to_list, NULL},
};
const int flow_dynlist_natives_count = (int)(sizeof flow_dynlist_natives / sizeof flow_dynlist_natives[0]);
