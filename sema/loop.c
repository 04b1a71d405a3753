/* Loops with a run-time trip count or condition -> ONNX Loop.
 *
 *   for i in range(n) / for x in t / for x in lst / enumerate / zip
 *       Loop(M = trip count, cond = true)  body: item from the iteration number
 *   while c:
 *       Loop(M = "", cond = c)             body: c evaluated again at its end
 *
 * Loop-carried values.  A Loop body is a graph whose inputs are the values
 * carried from one iteration to the next, so they must be known, with
 * types, before the body is built.  They are found by analysis and
 * refined by running the body:
 *
 *   - the frame's variables that the dataflow walker (flow.h) finds assigned
 *     in the body and live at the loop head;
 *   - whatever else a run of the body changed (the region's write log):
 *     attributes, list items, lists that grow (they become sequences, or
 *     scan outputs when they get exactly one item per iteration), the
 *     return flags of a `return` inside the loop.
 *
 * Each round builds a fresh body graph from the current plan (which values
 * are carried, with which types) and compares what the body produced with
 * the plan: a static value that changed becomes a run-time one (a static
 * int counter becomes an int64 0-d tensor), a dimension that changed
 * becomes unknown (h = torch.cat([h, x]) grows), an element type widens
 * by promotion, a carried value the body never changes is dropped (the
 * body reads the outer value by name).  When a round changes nothing, its
 * body is the Loop's.  Values only read in the body are never carried:
 * ONNX subgraphs see the enclosing graphs' values.
 *
 * break, continue and return in the body are the exit flags of
 * control.h: the body's condition output is "no break and no return" (and,
 * for while, the condition), $ret and $retval are carried out of the loop.
 *
 * A loop over a compile-time iterable is unrolled by exec.c; when one of
 * its iterations exits under a run-time condition, the remaining
 * iterations run under guards (control_for_rest) or, for while, as a Loop
 * (control_while with no condition). */
#include <string.h>

#include "lower/lower.h"
#include "sema/control.h"

#define MAX_ROUNDS 8

typedef enum CarryKind { CARRY_NAME, CARRY_ITEM, CARRY_LIST } CarryKind;

/* How a carried value travels this round. */
typedef enum CarryForm {
    FORM_STATIC,            /* not carried: the body sees the value from before the loop */
    FORM_TENSOR,            /* a tensor input/output of the body */
    FORM_NUMBER,            /* a run-time number (0-d tensor) */
    FORM_LIST,              /* a list as a sequence */
    FORM_SCAN,              /* a list getting one item per iteration: a scan output */
} CarryForm;

typedef struct Carry {
    CarryKind kind;
    Scope *scope;           /* CARRY_NAME */
    const char *name;
    ValueList *list;        /* CARRY_ITEM (with index), CARRY_LIST */
    int index;
    const char *label;      /* for messages */
    Value *init;            /* before the loop (NULL: unbound) */
    CarryForm form;
    ValueKind number_kind;  /* FORM_NUMBER */
    IrType type;            /* FORM_TENSOR, FORM_NUMBER; the item type of FORM_LIST/SCAN */
    bool scan_tried;        /* FORM_SCAN failed once: stay a sequence */
    IrValue *input;         /* this round's body input */
    Value *end;             /* this round's value at the end of the body */
    ScanCollector collector;
} Carry;

typedef struct LoopCtx {
    Interp *in;
    const AstNode *s;
    Span span;
    const Flow *flow;
    FlowNames head;         /* live at the loop head */
    PtrVec carries;         /* Carry* */
    Value *iterable;        /* for loops */
    Value *trip;            /* trip count (run-time int), or NULL for while */
    Value *cond0;           /* the condition before the first iteration */
    PtrVec zip_stacks;      /* static sequences of a zip, stacked before the loop */
    LoopBody body;
    Value *cond_out;
    bool may_break;
    bool changed;
    int errors;
} LoopCtx;

static Interp *lc_in(LoopCtx *lc)
{
    return lc->in;
}

/* ---- carried slots ---- */

static Value *list_value(Interp *in, ValueList *l)
{
    Value *v = val_list(in, 0);
    v->u.list = l;
    return v;
}

static Value *carry_get(Interp *in, Carry *c)
{
    switch (c->kind) {
    case CARRY_NAME: return scope_get(c->scope, c->name);
    case CARRY_ITEM: return c->index < c->list->len ? c->list->items[c->index] : NULL;
    case CARRY_LIST: return list_value(in, c->list);
    }
    return NULL;
}

static void carry_set(Interp *in, Carry *c, Value *v)
{
    switch (c->kind) {
    case CARRY_NAME:
        region_write_scope(in, c->scope);
        if (v)
            scope_set(in->arena, c->scope, c->name, v);
        else
            scope_del(c->scope, c->name);
        break;
    case CARRY_ITEM:
        region_write_list(in, c->list);
        if (c->index < c->list->len)
            c->list->items[c->index] = v;
        break;
    case CARRY_LIST:
        region_write_list(in, c->list);
        c->list->items = NULL;
        c->list->len = c->list->cap = 0;
        c->list->dyn = v->u.list->dyn;
        break;
    }
}

static Carry *find_carry(LoopCtx *lc, CarryKind kind, const void *obj, const char *name, int index)
{
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->kind != kind)
            continue;
        if (kind == CARRY_NAME && c->scope == obj && c->name == name)
            return c;
        if (kind == CARRY_ITEM && c->list == obj && c->index == index)
            return c;
        if (kind == CARRY_LIST && c->list == obj)
            return c;
    }
    return NULL;
}

static Carry *add_carry(LoopCtx *lc, CarryKind kind, Scope *scope, const char *name, ValueList *list,
                        int index, Value *init)
{
    Interp *in = lc_in(lc);
    Carry *c = arena_alloc(in->arena, sizeof *c);
    c->kind = kind;
    c->scope = scope;
    c->name = name;
    c->list = list;
    c->index = index;
    c->init = init;
    c->form = FORM_STATIC;
    if (kind == CARRY_NAME)
        c->label = scope == in->frame->locals ? arena_sprintf(in->arena, "'%s'", name)
                                               : arena_sprintf(in->arena, "attribute '%s'", name);
    else if (kind == CARRY_ITEM)
        c->label = arena_sprintf(in->arena, "item %d of a list", index);
    else
        c->label = "a list";
    ptrvec_push(in->arena, &lc->carries, c);
    lc->changed = true;
    return c;
}

/* ---- types ---- */

static bool is_number(const Value *v)
{
    return v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL;
}

static int number_order(ValueKind k)
{
    return k == VK_BOOL ? 0 : k == VK_INT ? 1 : 2;
}

static IrType type_of(Interp *in, const Value *v)
{
    if (v->kind == VK_TENSOR)
        return ir_type_tensor(in->arena, v->u.tensor->dtype, v->u.tensor->rank, v->u.tensor->dims);
    return ir_type_scalar(sema_number_dtype(v->kind));
}

static DType promote_number(DType t, ValueKind k)
{
    if (dtype_is_float(t))
        return t;
    if (k == VK_FLOAT)
        return DT_FLOAT;
    if (k == VK_INT && t == DT_BOOL)
        return DT_INT64;
    return t;
}

/* Widens *T (dtype DT after promotion) to cover U; false when the ranks
 * differ. */
static bool widen_into(Interp *in, IrType *t, const IrType *u, DType dt)
{
    if (t->rank != u->rank || t->rank < 0)
        return false;
    IrType w = ir_type_tensor(in->arena, dt, t->rank, t->dims);
    for (int i = 0; i < t->rank; i++)
        if (!dim_equal(t->dims[i], u->dims[i]))
            w.dims[i] = dim_unknown();
    *t = w;
    return true;
}

/* Equal types, an unknown dimension being equal to another unknown one
 * (ir_type_equal treats unknown dimensions as unequal to anything). */
static bool same_type(const IrType *a, const IrType *b)
{
    if (a->kind != b->kind || a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (int i = 0; i < a->rank; i++) {
        Dim x = a->dims[i], y = b->dims[i];
        bool unknown = !dim_is_known(x) && !x.sym && !dim_is_known(y) && !y.sym;
        if (!unknown && !dim_equal(x, y))
            return false;
    }
    return true;
}

/* The plan for a carry whose value changed from INIT to END. */
static bool plan_from_values(LoopCtx *lc, Carry *c, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    if (is_number(a) && is_number(b)) {
        c->form = FORM_NUMBER;
        c->number_kind = number_order(a->kind) >= number_order(b->kind) ? a->kind : b->kind;
        c->type = ir_type_scalar(sema_number_dtype(c->number_kind));
        return true;
    }
    if ((a->kind == VK_TENSOR || is_number(a)) && (b->kind == VK_TENSOR || is_number(b))) {
        DType dt = a->kind == VK_TENSOR && b->kind == VK_TENSOR ? promote_types(a->u.tensor->dtype, b->u.tensor->dtype)
                   : a->kind == VK_TENSOR ? promote_number(a->u.tensor->dtype, b->kind)
                                          : promote_number(b->u.tensor->dtype, a->kind);
        IrType ta = type_of(in, a), tb = type_of(in, b);
        c->form = FORM_TENSOR;
        c->type = ta;
        if (!widen_into(in, &c->type, &tb, dt)) {
            sema_error(in, lc->span, "%s changes rank in this run-time loop (%d before the loop, %d after an "
                       "iteration); a loop-carried tensor must keep its rank", c->label, ta.rank, tb.rank);
            return false;
        }
        return true;
    }
    if (a->kind == VK_LIST && b->kind == VK_LIST) {
        IrType ea, eb;
        bool ka = dynlist_elem_type(in, a, &ea), kb = dynlist_elem_type(in, b, &eb);
        if (!kb && !ka) {
            sema_error(in, lc->span, "%s changes in this run-time loop but its items are not all tensors of "
                       "one element type", c->label);
            return false;
        }
        c->form = FORM_LIST;
        c->type = ka ? ea : eb;
        if (ka && kb && !widen_into(in, &c->type, &eb, ea.dtype)) {
            sema_error(in, lc->span, "the items of %s differ in rank in this run-time loop", c->label);
            return false;
        }
        return true;
    }
    sema_error(in, lc->span, "%s is %s before this run-time loop and %s after an iteration; only tensors, "
               "numbers and lists of tensors can change in a loop with a run-time trip count",
               c->label, value_type_name(in, a), value_type_name(in, b));
    return false;
}

/* ---- after a round: what changed ---- */

static bool is_input(const Carry *c, const Value *v)
{
    if (!c->input || !v)
        return false;
    if (v->kind == VK_TENSOR)
        return !v->u.tensor->is_static && v->u.tensor->ir == c->input;
    return is_number(v) && v->dyn == c->input;
}

/* The initial value of a carry that was unbound before the loop: the exit
 * flags start false, the return value as a placeholder; anything else is
 * an error (it would be undefined when the loop runs zero times). */
static bool default_init(LoopCtx *lc, Carry *c)
{
    Interp *in = lc_in(lc);
    if (c->kind == CARRY_NAME && c->name == in->id.flag_return) {
        c->init = val_bool(in, false);
        return true;
    }
    if (c->kind == CARRY_NAME && c->name == in->id.return_value) {
        c->init = control_placeholder(in, c->end);
        if (c->init)
            return true;
    }
    sema_error(in, lc->span, "%s is assigned in this loop but not before it; it would be undefined after "
               "the loop when the loop runs zero times (the trip count is known only at run time)", c->label);
    return false;
}

static bool widen_dynamic(LoopCtx *lc, Carry *c, Value *end)
{
    Interp *in = lc_in(lc);
    if (c->form == FORM_NUMBER && is_number(end)) {
        if (number_order(end->kind) <= number_order(c->number_kind))
            return true;
        c->number_kind = end->kind;
        c->type = ir_type_scalar(sema_number_dtype(end->kind));
        lc->changed = true;
        return true;
    }
    if (end->kind != VK_TENSOR && !is_number(end))
        return plan_from_values(lc, c, c->init, end);
    IrType old = c->type;
    DType dt = end->kind == VK_TENSOR ? promote_types(c->type.dtype, end->u.tensor->dtype)
                                      : promote_number(c->type.dtype, end->kind);
    IrType et = type_of(in, end);
    if (c->form == FORM_NUMBER) {
        c->form = FORM_TENSOR;
        lc->changed = true;
    }
    if (!widen_into(in, &c->type, &et, dt)) {
        sema_error(in, lc->span, "%s changes rank in this run-time loop (%d before an iteration, %d after "
                   "it); a loop-carried tensor must keep its rank", c->label, old.rank, et.rank);
        return false;
    }
    if (!same_type(&old, &c->type))
        lc->changed = true;
    return true;
}

static bool widen_list(LoopCtx *lc, Carry *c, Value *end)
{
    Interp *in = lc_in(lc);
    IrType et;
    if (end->kind != VK_LIST || !dynlist_elem_type(in, end, &et))
        return plan_from_values(lc, c, c->init, end);
    IrType old = c->type;
    if (!widen_into(in, &c->type, &et, old.dtype) || et.dtype != old.dtype) {
        sema_error(in, lc->span, "the items appended to %s in this run-time loop differ in element type or "
                   "rank; a list of run-time length (an ONNX sequence) holds items of one type", c->label);
        return false;
    }
    if (!same_type(&old, &c->type))
        lc->changed = true;
    return true;
}

/* Whether every dimension of T is a number or a symbol of the inputs:
 * then the items of a scan output have one shape in every iteration. */
static bool stable_dims(const IrType *t)
{
    for (int i = 0; i < t->rank; i++)
        if (!dim_is_known(t->dims[i]) && !t->dims[i].sym)
            return false;
    return t->rank >= 0;
}

/* A scan output: the body must have appended exactly one item of a shape
 * that cannot change between iterations; otherwise the list is carried. */
static bool widen_scan(LoopCtx *lc, Carry *c)
{
    Interp *in = lc_in(lc);
    ScanCollector *col = &c->collector;
    IrType et;
    if (col->failed || !col->item || col->item->kind != VK_TENSOR || col->item->u.tensor->rank < 0 ||
        !stable_dims((et = type_of(in, col->item), &et))) {
        c->form = FORM_LIST;
        c->scan_tried = true;
        lc->changed = true;
        return true;
    }
    IrType old = c->type;
    if (!widen_into(in, &c->type, &et, old.dtype) || et.dtype != old.dtype) {
        c->form = FORM_LIST;
        c->scan_tried = true;
        lc->changed = true;
        return true;
    }
    if (!same_type(&old, &c->type))
        lc->changed = true;
    return true;
}

static bool update_carry(LoopCtx *lc, Carry *c)
{
    Value *end = c->end;
    if (c->form == FORM_SCAN)
        return widen_scan(lc, c);
    if (!end) {
        sema_error(lc_in(lc), lc->span, "%s is deleted in this run-time loop", c->label);
        return false;
    }
    if (end->kind == VK_ERROR)
        return true;
    switch (c->form) {
    case FORM_STATIC:
        if (c->init && control_same_value(c->init, end))
            return true;
        if (!c->init && !default_init(lc, c))
            return false;
        lc->changed = true;
        return plan_from_values(lc, c, c->init, end);
    case FORM_TENSOR: case FORM_NUMBER:
        if (is_input(c, end)) {
            c->form = FORM_STATIC;      /* never changed: the body reads the outer value */
            lc->changed = true;
            return true;
        }
        return widen_dynamic(lc, c, end);
    case FORM_LIST:
        return widen_list(lc, c, end);
    case FORM_SCAN:
        break;
    }
    return true;
}

/* ---- after a round: what else the body changed ---- */

static bool carried_name(LoopCtx *lc, const char *name)
{
    Interp *in = lc_in(lc);
    if (name == in->id.flag_break || name == in->id.flag_continue)
        return false;
    if (name == in->id.flag_return || name == in->id.return_value)
        return true;
    return !lc->flow || !flow_is_local(lc->flow, name) || flow_names_contain(lc->head, name) ||
           flow_is_captured(lc->flow, name);
}

static void discover_scope(LoopCtx *lc, RegionEntry *e)
{
    Interp *in = lc_in(lc);
    Scope *s = e->obj;
    bool locals = s == in->frame->locals;
    for (int pass = 0; pass < 2; pass++) {
        const ScopeEntry *es = pass == 0 ? s->entries : e->orig.items;
        int n = pass == 0 ? s->len : e->orig.len;
        for (int i = 0; i < n; i++) {
            const char *name = es[i].name;
            Value *o = region_state_scope_get(&e->orig, name), *now = scope_get(s, name);
            if (o == now || (locals && !carried_name(lc, name)) || find_carry(lc, CARRY_NAME, s, name, 0))
                continue;
            Carry *c = add_carry(lc, CARRY_NAME, s, name, NULL, 0, o);
            c->end = now;
        }
    }
}

static bool discover_list(LoopCtx *lc, RegionEntry *e)
{
    Interp *in = lc_in(lc);
    ValueList *l = e->obj;
    if (find_carry(lc, CARRY_LIST, l, NULL, 0))
        return true;
    Value **orig = e->orig.items;
    int n = e->orig.len;
    bool prefix = !e->orig.dyn && !l->dyn && l->len >= n;
    for (int i = 0; prefix && i < n; i++)
        prefix = l->items[i] == orig[i];
    if (!e->orig.dyn && !l->dyn && l->len == n) {
        for (int i = 0; i < n; i++)
            if (l->items[i] != orig[i] && !find_carry(lc, CARRY_ITEM, l, NULL, i)) {
                Carry *c = add_carry(lc, CARRY_ITEM, NULL, NULL, l, i, orig[i]);
                c->end = l->items[i];
            }
        return true;
    }
    if (!prefix && !e->orig.dyn && !l->dyn) {
        sema_error(in, lc->span, "a list loses or replaces items in this run-time loop; only appending to a "
                   "list (and replacing single items) is supported in a loop with a run-time trip count");
        return false;
    }
    Carry *c = add_carry(lc, CARRY_LIST, NULL, NULL, l, 0, list_value(in, l));
    Value *now = val_list(in, 0);
    *now->u.list = *l;
    c->end = now;
    return true;
}

static bool discover(LoopCtx *lc, Region *r)
{
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        switch (e->kind) {
        case RO_SCOPE:
            discover_scope(lc, e);
            break;
        case RO_LIST:
            if (!discover_list(lc, e))
                return false;
            break;
        case RO_DICT:
            sema_error(lc_in(lc), lc->span, "a dict is modified inside this loop with a run-time trip count; "
                       "dicts cannot change in a run-time loop");
            return false;
        }
    }
    return true;
}

/* ---- iteration ---- */

static Value *runtime_int(Interp *in, Value *t, Span span)
{
    if (!t || t->kind != VK_TENSOR)
        return t ? t : val_error(in);
    return sema_runtime_number(in, VK_INT, lower_ir_of(in, t, span));
}

/* max(v, 0) for a run-time int. */
static Value *clamp_nonnegative(Interp *in, Value *v, Span span)
{
    if (!v->dyn)
        return val_int(in, v->u.i > 0 ? v->u.i : 0);
    Value *pos = eval_compare_op(in, AST_OP_GT, v, val_int(in, 0), span);
    if (!pos || pos->kind == VK_ERROR)
        return val_error(in);
    Value *args[3] = {lower_wrap(in, pos->dyn), lower_wrap(in, v->dyn), val_int(in, 0)};
    return runtime_int(in, sema_onnx(in, "Where", args, 3, NULL, 0, span), span);
}

static Value *int_binop(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    Value *r = eval_binop(in, op, a, b, span);
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
    Value *lt = eval_compare_op(in, AST_OP_LT, a, b, span);
    if (!lt || lt->kind == VK_ERROR)
        return val_error(in);
    Value *args[3] = {lower_wrap(in, lt->dyn), a, b};
    return runtime_int(in, sema_onnx(in, "Where", args, 3, NULL, 0, span), span);
}

static bool is_dynamic_tensor_iterable(const Value *v)
{
    const Tensor *t = v->u.tensor;
    return !t->is_static && t->rank > 0 && t->dims[0].value < 0;
}

bool control_is_dynamic_iterable(Interp *in, Value *v)
{
    (void)in;
    return v->kind == VK_RUNTIME_ITER || dynlist_is(v) || (v->kind == VK_TENSOR && is_dynamic_tensor_iterable(v));
}

/* A static sequence inside a zip with a run-time iterable: its items
 * stacked into one tensor, picked by the iteration number. */
static Value *stack_static(LoopCtx *lc, Value *seq, Span span)
{
    Interp *in = lc_in(lc);
    ValueList items = {0};
    if (!iterate_static(in, seq, &items, span))
        return val_error(in);
    bool numbers = true;
    for (int i = 0; i < items.len; i++) {
        Value *x = items.items[i];
        if (x->kind == VK_TENSOR)
            numbers = false;
        else if (!is_number(x) || x->dyn)
            return sema_error(in, span, "zip() of a run-time iterable with a sequence of '%s': only tensors and "
                              "compile-time numbers can be picked by a run-time index", value_type_name(in, x));
    }
    if (numbers) {
        Value *l = val_list(in, items.len);
        for (int i = 0; i < items.len; i++)
            vlist_push(in, l->u.list, items.items[i]);
        Tensor *t = lower_const_tensor(in, l, DT_UNDEFINED, span);
        return t ? val_tensor(in, t) : val_error(in);
    }
    Value **parts = arena_alloc(in->arena, sizeof(Value *) * (size_t)(items.len + 1));
    for (int i = 0; i < items.len; i++) {
        Value *axes = val_list(in, 1);
        vlist_push(in, axes->u.list, val_int(in, 0));
        Value *x = items.items[i];
        parts[i] = in->lower->opset >= 13 ? sema_onnx2(in, "Unsqueeze", x, axes, span)
                                          : sema_onnx(in, "Unsqueeze", &x, 1, &(OnnxAttrArg){"axes", axes}, 1, span);
    }
    OnnxAttrArg ax = {"axis", val_int(in, 0)};
    return sema_onnx(in, "Concat", parts, items.len, &ax, 1, span);
}

static Value *zip_stack_of(LoopCtx *lc, Value *part)
{
    for (int i = 0; i + 1 < lc->zip_stacks.len; i += 2)
        if (lc->zip_stacks.items[i] == part)
            return lc->zip_stacks.items[i + 1];
    return NULL;
}

/* The trip count of iterating IT, computed before the loop. */
static Value *trip_count(LoopCtx *lc, Value *it, Span span)
{
    Interp *in = lc_in(lc);
    if (dynlist_is(it))
        return dynlist_len(in, it, span);
    if (it->kind == VK_TENSOR) {
        if (it->u.tensor->rank > 0 && it->u.tensor->dims[0].value >= 0)
            return val_int(in, it->u.tensor->dims[0].value);
        Value *shape = sema_onnx1(in, "Shape", it, span);
        return runtime_int(in, shape && shape->kind == VK_TENSOR ? sema_onnx2(in, "Gather", shape, val_int(in, 0), span)
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
        Value *n = trip_count(lc, r->parts[i], span);
        if (!n || n->kind == VK_ERROR)
            return val_error(in);
        m = min_int(in, m, n, span);
    }
    return m;
}

/* Item ITER (a run-time int) of IT, inside the body. */
static Value *item_at(LoopCtx *lc, Value *it, Value *iter, Span span)
{
    Interp *in = lc_in(lc);
    OnnxAttrArg axis0 = {"axis", val_int(in, 0)};
    if (dynlist_is(it))
        return dynlist_getitem(in, it, iter, span);
    if (it->kind == VK_TENSOR) {
        Value *pos[2] = {it, lower_wrap(in, iter->dyn)};
        return sema_onnx(in, "Gather", pos, 2, &axis0, 1, span);
    }
    if (it->kind != VK_RUNTIME_ITER) {
        Value *stacked = zip_stack_of(lc, it);
        Value *pos[2] = {stacked, lower_wrap(in, iter->dyn)};
        Value *x = sema_onnx(in, "Gather", pos, 2, &axis0, 1, span);
        if (x && x->kind == VK_TENSOR && x->u.tensor->rank == 0)
            return sema_runtime_number(in, sema_number_kind(x->u.tensor->dtype),
                                       lower_ir_of(in, sema_cast(in, x, sema_number_dtype(
                                           sema_number_kind(x->u.tensor->dtype)), span), span));
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
        vlist_push(in, t->u.list, zero ? iter : int_binop(in, AST_OP_ADD, r->start, iter, span));
    }
    for (int i = 0; i < r->n; i++) {
        Value *x = item_at(lc, r->parts[i], iter, span);
        if (!x || x->kind == VK_ERROR)
            return x;
        vlist_push(in, t->u.list, x);
    }
    return t;
}

Value *control_iter_length(Interp *in, Value *v, Span span)
{
    LoopCtx lc = {.in = in, .span = span};
    return trip_count(&lc, v, span);
}

/* ---- one round ---- */

static IrType carried_type(Interp *in, const Carry *c)
{
    return c->form == FORM_LIST ? dynlist_carrier_type(in, &c->type) : c->type;
}

static bool is_carried(const Carry *c)
{
    return c->form == FORM_TENSOR || c->form == FORM_NUMBER || c->form == FORM_LIST;
}

/* A fresh body graph with one input per carried value. */
static void new_body(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    IrType *types = arena_alloc(in->arena, sizeof(IrType) * (size_t)(lc->carries.len + 1));
    int n = 0;
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (is_carried(c))
            types[n++] = carried_type(in, c);
    }
    lower_loop_body(in->lower, types, n, &lc->body);
    for (int i = 0, k = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        c->input = is_carried(c) ? lc->body.carried[k++] : NULL;
    }
}

/* Inside the body's region: each carried value is the body's input. */
static void bind_inputs(LoopCtx *lc, Region *r)
{
    Interp *in = lc_in(lc);
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        switch (c->form) {
        case FORM_TENSOR: carry_set(in, c, lower_wrap(in, c->input)); break;
        case FORM_NUMBER: carry_set(in, c, sema_runtime_number(in, c->number_kind, c->input)); break;
        case FORM_LIST: carry_set(in, c, dynlist_from_carrier(in, c->input)); break;
        case FORM_SCAN:
            c->collector = (ScanCollector){.region = r, .elem = c->type};
            carry_set(in, c, dynlist_collecting(in, &c->collector));
            break;
        case FORM_STATIC:
            break;
        }
    }
}

static ExecStatus eval_test(Interp *in, void *ctx, Value **result)
{
    const AstNode *test = ctx;
    Value *v = eval_expr(in, test);
    *result = v && v->kind != VK_ERROR ? eval_truth(in, v, test->span) : v;
    return *result ? EXEC_NORMAL : EXEC_RAISE;
}

static ExecStatus value_false(Interp *in, void *ctx, Value **result)
{
    (void)ctx;
    *result = val_bool(in, false);
    return EXEC_NORMAL;
}

/* not ($brk or $ret): whether the body ended without leaving the loop. */
static Value *no_exit(Interp *in, Span span)
{
    Value *brk = control_flag(in, in->id.flag_break), *ret = control_flag(in, in->id.flag_return);
    Value *f[2] = {brk, ret};
    Value *any = NULL;
    for (int i = 0; i < 2; i++) {
        if (!f[i] || (f[i]->kind == VK_BOOL && !f[i]->dyn && !f[i]->u.b))
            continue;
        if (!f[i]->dyn)
            return val_bool(in, false);
        if (!any) {
            any = f[i];
            continue;
        }
        Value *o = sema_onnx2(in, "Or", lower_wrap(in, any->dyn), lower_wrap(in, f[i]->dyn), span);
        if (!o || o->kind != VK_TENSOR)
            return val_error(in);
        any = sema_runtime_number(in, VK_BOOL, lower_ir_of(in, o, span));
    }
    if (!any)
        return val_bool(in, true);
    Value *n = sema_onnx1(in, "Not", lower_wrap(in, any->dyn), span);
    return n && n->kind == VK_TENSOR ? sema_runtime_number(in, VK_BOOL, lower_ir_of(in, n, span)) : val_error(in);
}

/* The body's condition output: no exit, and for while the condition. */
static Value *loop_condition(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    Value *go = no_exit(in, lc->span);
    if (lc->s->kind != AST_WHILE || go->kind == VK_ERROR || (!go->dyn && !go->u.b))
        return go;
    const AstNode *test = lc->s->u.cond.test;
    if (!go->dyn) {
        Value *t = NULL;
        return eval_test(in, (void *)test, &t) == EXEC_NORMAL ? t : NULL;
    }
    return control_select(in, go, eval_test, (void *)test, value_false, NULL, test->span,
                           "the condition of this while loop");
}

static ExecStatus run_body(LoopCtx *lc, Region *r)
{
    Interp *in = lc_in(lc);
    const AstNode *s = lc->s;
    bind_inputs(lc, r);
    if (s->kind == AST_FOR) {
        Value *iter = sema_runtime_number(in, VK_INT, lc->body.iter);
        Value *item = item_at(lc, lc->iterable, iter, s->u.for_stmt.iter->span);
        if (!item)
            return EXEC_RAISE;
        if (assign_target(in, s->u.for_stmt.target, item) == EXEC_RAISE)
            return EXEC_RAISE;
    }
    control_clear_flag(in, in->id.flag_break);
    control_clear_flag(in, in->id.flag_continue);
    const AstList *body = s->kind == AST_FOR ? &s->u.for_stmt.body : &s->u.cond.body;
    ExecStatus st = exec_block(in, body);
    switch (st) {
    case EXEC_RAISE:
        return st;
    case EXEC_BREAK:
        control_set_flag(in, in->id.flag_break, val_bool(in, true));
        break;
    case EXEC_RETURN:
        control_set_flag(in, in->id.flag_return, val_bool(in, true));
        control_set_flag(in, in->id.return_value, in->frame->return_value);
        break;
    default:
        break;
    }
    Value *brk = control_flag(in, in->id.flag_break);
    lc->may_break |= brk && (brk->dyn || brk->u.b);
    lc->cond_out = loop_condition(lc);
    return lc->cond_out ? EXEC_NORMAL : EXEC_RAISE;
}

static void capture_ends(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->kind != CARRY_LIST) {
            c->end = carry_get(in, c);
            continue;
        }
        Value *now = val_list(in, 0);
        *now->u.list = *c->list;
        c->end = now;
    }
}

/* ---- a stable round: the Loop node ---- */

static IrValue *bool_ir(Interp *in, Value *v, Span span)
{
    if (v->dyn)
        return v->dyn;
    return lower_ir_of(in, val_tensor(in, lower_const_tensor(in, v, DT_BOOL, span)), span);
}

static Value *init_value(Interp *in, Carry *c)
{
    return c->kind == CARRY_LIST ? list_value(in, c->list) : c->init;
}

/* The body's outputs: condition, carried values, scan items. */
static bool body_outputs(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    Lower *L = in->lower;
    IrGraph *body = lc->body.graph, *saved = L->graph;
    L->graph = body;
    IrValue *cond = bool_ir(in, lc->cond_out, lc->span);
    bool ok = cond != NULL;
    if (ok)
        lower_graph_output(L, body, cond, &cond->type, lc->span);
    for (int pass = 0; pass < 2 && ok; pass++) {
        for (int i = 0; i < lc->carries.len && ok; i++) {
            Carry *c = lc->carries.items[i];
            if (pass == 0 ? !is_carried(c) : c->form != FORM_SCAN)
                continue;
            Value *v = pass == 0 ? c->end : c->collector.item;
            IrValue *iv = control_value_as(in, v, &c->type, c->form == FORM_LIST, lc->span);
            ok = iv != NULL;
            if (ok)
                lower_graph_output(L, body, iv, &iv->type, lc->span);
        }
    }
    L->graph = saved;
    return ok;
}

static IrValue *int_ir(Interp *in, Value *v, Span span)
{
    if (v->dyn)
        return v->dyn;
    return lower_ir_of(in, val_tensor(in, lower_const_tensor(in, v, DT_INT64, span)), span);
}

static ExecStatus finalize(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    Span span = lc->span;
    if (!body_outputs(lc))
        return EXEC_NORMAL;
    int n = 0, n_carried = 0;
    IrValue **inits = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(lc->carries.len + 1));
    IrType *types = arena_alloc(in->arena, sizeof(IrType) * (size_t)(lc->carries.len + 1));
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < lc->carries.len; i++) {
            Carry *c = lc->carries.items[i];
            if (pass == 0 && is_carried(c)) {
                inits[n_carried] = control_value_as(in, init_value(in, c), &c->type, c->form == FORM_LIST, span);
                if (!inits[n_carried++])
                    return EXEC_NORMAL;
                types[n++] = carried_type(in, c);
            } else if (pass == 1 && c->form == FORM_SCAN) {
                Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(c->type.rank + 1));
                dims[0] = dim_unknown();
                memcpy(dims + 1, c->type.dims, sizeof(Dim) * (size_t)c->type.rank);
                types[n++] = ir_type_tensor(in->arena, c->type.dtype, c->type.rank + 1, dims);
            }
        }
    }
    IrValue *trip = lc->trip ? int_ir(in, lc->trip, span) : NULL;
    IrValue *cond = bool_ir(in, lc->cond0, span);
    IrNode *node = lower_loop(in->lower, trip, cond, inits, n_carried, lc->body.graph, types, n, lc->s->span);
    for (int pass = 0, k = 0; pass < 2; pass++) {
        for (int i = 0; i < lc->carries.len; i++) {
            Carry *c = lc->carries.items[i];
            if (pass == 0 ? !is_carried(c) : c->form != FORM_SCAN)
                continue;
            IrValue *out = node->outputs[k++];
            Value *v = c->form == FORM_SCAN ? dynlist_from_stacked(in, out)
                       : c->form == FORM_LIST ? dynlist_from_carrier(in, out)
                       : c->form == FORM_NUMBER ? sema_runtime_number(in, c->number_kind, out)
                                                : lower_wrap(in, out);
            carry_set(in, c, v);
        }
    }
    return EXEC_NORMAL;
}

/* ---- the rounds ---- */

static void init_carries(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    if (!lc->flow)
        return;
    lc->head = flow_loop_head_live(lc->flow, lc->s);
    FlowNames carried = flow_loop_carried(lc->flow, lc->s);
    for (int i = 0; i < carried.len; i++) {
        Value *v = scope_get(in->frame->locals, carried.names[i]);
        Carry *c = add_carry(lc, CARRY_NAME, in->frame->locals, carried.names[i], NULL, 0, v);
        /* run-time values are carried from the start, with their exact types */
        if (v && (v->kind == VK_TENSOR ? !v->u.tensor->is_static : (is_number(v) && v->dyn)))
            plan_from_values(lc, c, v, v);
    }
}

static bool update_all(LoopCtx *lc)
{
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        CarryForm before = c->form;
        if (!update_carry(lc, c))
            return false;
        /* a list that starts empty and got one item: try a scan output */
        if (before == FORM_STATIC && c->form == FORM_LIST && c->kind == CARRY_LIST && !c->scan_tried &&
            !c->list->len && !c->list->dyn && c->end->kind == VK_LIST && !c->end->u.list->dyn &&
            c->end->u.list->len == 1)
            c->form = FORM_SCAN;
    }
    return true;
}

static ExecStatus run_loop(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    lc->errors = in->c->diag.nerrors;
    lc->flow = control_flow(in);
    init_carries(lc);
    for (int round = 0; round < MAX_ROUNDS; round++) {
        lc->changed = false;
        new_body(lc);
        Region r = {.loop_body = true};
        region_enter(in, &r, lc->body.graph);
        ExecStatus st = run_body(lc, &r);
        bool ok = st != EXEC_RAISE;
        if (ok) {
            capture_ends(lc);
            ok = discover(lc, &r);
        }
        region_leave(in, &r);
        if (st == EXEC_RAISE)
            return EXEC_RAISE;
        if (!ok || in->c->diag.nerrors > lc->errors || !update_all(lc))
            return EXEC_NORMAL;
        if (!lc->changed)
            return finalize(lc);
    }
    sema_error(in, lc->span, "internal: the types of the values carried by this loop did not settle");
    return EXEC_NORMAL;
}

static ExecStatus after_loop(LoopCtx *lc, ExecStatus st)
{
    Interp *in = lc_in(lc);
    if (st != EXEC_NORMAL)
        return st;
    const AstList *orelse = lc->s->kind == AST_FOR ? &lc->s->u.for_stmt.orelse : &lc->s->u.cond.orelse;
    if (orelse->len && lc->may_break) {
        sema_error(in, orelse->items[0]->span, "an 'else' block after a run-time loop that may 'break' is not "
                   "supported; set a flag before the break instead");
        return EXEC_NORMAL;
    }
    if (orelse->len) {
        st = exec_block(in, orelse);
        if (st != EXEC_NORMAL)
            return st;
    }
    Value *ret = control_flag(in, in->id.flag_return);
    return ret && ret->dyn ? EXEC_MAYBE : EXEC_NORMAL;
}

ExecStatus control_for(Interp *in, const AstNode *s, Value *iterable)
{
    Span span = span_join(s->u.for_stmt.target->span, s->u.for_stmt.iter->span);
    LoopCtx lc = {.in = in, .s = s, .span = span, .iterable = iterable};
    lc.trip = trip_count(&lc, iterable, s->u.for_stmt.iter->span);
    if (!lc.trip || lc.trip->kind == VK_ERROR)
        return lc.trip ? EXEC_NORMAL : EXEC_RAISE;
    lc.cond0 = val_bool(in, true);
    return after_loop(&lc, run_loop(&lc));
}

ExecStatus control_while(Interp *in, const AstNode *s, Value *cond)
{
    const AstNode *test = s->u.cond.test;
    if (!cond) {
        /* a static while whose last iteration may have exited */
        control_clear_flag(in, in->id.flag_continue);
        Value *go = no_exit(in, test->span);
        if (go->kind == VK_ERROR)
            return EXEC_NORMAL;
        if (!go->dyn && !go->u.b)
            return control_settle(in);
        cond = control_select(in, go, eval_test, (void *)test, value_false, NULL, test->span,
                              "the condition of this while loop");
        if (!cond || cond->kind == VK_ERROR)
            return cond ? EXEC_NORMAL : EXEC_RAISE;
        control_clear_flag(in, in->id.flag_break);
    }
    if (!cond->dyn && !cond->u.b)
        return EXEC_NORMAL;
    LoopCtx lc = {.in = in, .s = s, .span = test->span, .cond0 = cond};
    return after_loop(&lc, run_loop(&lc));
}

typedef struct ForRest {
    const AstNode *s;
    ValueList *items;
    int next;
} ForRest;

static ExecStatus run_for_rest(Interp *in, void *ctx, Value **result)
{
    (void)result;
    ForRest *r = ctx;
    return exec_static_for(in, r->s, r->items, r->next);
}

ExecStatus control_for_rest(Interp *in, const AstNode *s, ValueList *items, int next)
{
    control_clear_flag(in, in->id.flag_continue);
    ForRest r = {s, items, next};
    Span span = span_join(s->u.for_stmt.target->span, s->u.for_stmt.iter->span);
    return control_guard(in, span, run_for_rest, &r, s);
}
