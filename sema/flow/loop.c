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
 * sema/flow/flow.h: the body's condition output is "no break and no return" (and,
 * for while, the condition), $ret and $retval are carried out of the loop.
 *
 * A loop over a compile-time iterable is unrolled by exec.c; when one of
 * its iterations exits under a run-time condition, the remaining
 * iterations run under guards (flow_for_rest) or, for while, as a Loop
 * (flow_while with no condition). */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "sema/native/native.h"

#define MAX_ROUNDS 8

typedef enum CarryKind { CARRY_NAME, CARRY_ITEM, CARRY_LIST, CARRY_TENSOR } CarryKind;

/* How a value travels through the Loop this round; recursive for tuples
 * (and lists of fixed length), whose items travel one by one. */
typedef enum PlanForm {
    FORM_STATIC,            /* not carried: the body sees the value from before the loop */
    FORM_TENSOR,            /* a tensor input/output of the body */
    FORM_NUMBER,            /* a run-time number (0-d tensor) */
    FORM_LIST,              /* a run-time list (a sequence, or stacked items) */
    FORM_SCAN,              /* a list getting one item per iteration: a scan output */
    FORM_TUPLE,             /* item by item */
} PlanForm;

typedef struct Plan {
    PlanForm form;
    Value *init;            /* the value before the loop */
    ValueKind number_kind;  /* FORM_NUMBER */
    IrType type;            /* TENSOR, NUMBER: the carried type; LIST, SCAN: the items' type */
    ValueKind seq_kind;     /* FORM_TUPLE: VK_TUPLE or VK_LIST */
    struct Plan *parts;     /* FORM_TUPLE */
    int n;
    IrValue *input;         /* this round's body input */
} Plan;

typedef struct Carry {
    CarryKind kind;
    Scope *scope;           /* CARRY_NAME */
    const char *name;
    ValueList *list;        /* CARRY_ITEM (with index), CARRY_LIST */
    int index;
    Tensor *tensor;         /* CARRY_TENSOR: a tensor object written in place */
    const char *label;      /* for messages */
    Plan plan;              /* plan.init: the value before the loop (NULL: unbound) */
    bool scan_tried;        /* the scan form failed once: the list is carried */
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
    LoopIter iter;
    Value *trip;            /* trip count (run-time int), or NULL for while */
    Value *cond0;           /* the condition before the first iteration */
    LoopBody body;
    PtrVec inputs;          /* IrType* of the body's carried inputs, this round */
    PtrVec input_names;     /* const char*: their names (the variables') */
    Value *cond_out;
    bool may_break;
    bool changed;
    int errors;
    /* a comprehension (s is the ListComp or GeneratorExp): its own scope
     * is not carried, each iteration appends to RESULT */
    Scope *private_scope;
    ValueList *result;
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

/* A snapshot of a tensor object's current value. */
static Value *tensor_value(Interp *in, const Tensor *t)
{
    Tensor *copy = arena_alloc(in->arena, sizeof *copy);
    *copy = *t;
    return val_tensor(in, copy);
}

static Value *carry_get(Interp *in, Carry *c)
{
    switch (c->kind) {
    case CARRY_NAME: return val_scope_get(c->scope, c->name);
    case CARRY_ITEM: return c->index < c->list->len ? c->list->items[c->index] : NULL;
    case CARRY_LIST: return list_value(in, c->list);
    case CARRY_TENSOR: return tensor_value(in, c->tensor);
    }
    return NULL;
}

static void carry_set(Interp *in, Carry *c, Value *v)
{
    switch (c->kind) {
    case CARRY_NAME:
        flow_write_scope(in, c->scope);
        if (v)
            val_scope_set(in->arena, c->scope, c->name, v);
        else
            val_scope_del(c->scope, c->name);
        break;
    case CARRY_ITEM:
        flow_write_list(in, c->list);
        if (c->index < c->list->len)
            c->list->items[c->index] = v;
        break;
    case CARRY_LIST:
        flow_write_list(in, c->list);
        c->list->items = v->u.list->dyn ? NULL : v->u.list->items;
        c->list->len = c->list->cap = v->u.list->dyn ? 0 : v->u.list->len;
        c->list->dyn = v->u.list->dyn;
        break;
    case CARRY_TENSOR:
        if (v && v->kind == VK_TENSOR)
            native_assign(in, c->tensor, v->u.tensor);
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
        if (kind == CARRY_TENSOR && c->tensor == obj)
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
    c->plan.init = init;
    c->plan.form = FORM_STATIC;
    if (kind == CARRY_NAME)
        c->label = scope == in->frame->locals ? arena_sprintf(in->arena, "'%s'", name)
                                               : arena_sprintf(in->arena, "attribute '%s'", name);
    else if (kind == CARRY_ITEM)
        c->label = arena_sprintf(in->arena, "item %d of a list", index);
    else if (kind == CARRY_TENSOR)
        c->label = "a tensor written in place";
    else
        c->label = "a list";
    if (name == in->id.return_value)
        c->label = "the value returned inside the loop";
    ptrvec_push(in->arena, &lc->carries, c);
    lc->changed = true;
    return c;
}

/* ---- types ---- */

static bool is_number(const Value *v)
{
    return v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL;
}

static bool is_fixed_sequence(const Value *v)
{
    return v->kind == VK_TUPLE || (v->kind == VK_LIST && !v->u.list->dyn);
}

static int number_order(ValueKind k)
{
    return k == VK_BOOL ? 0 : k == VK_INT ? 1 : 2;
}

static IrType type_of(Interp *in, const Value *v)
{
    if (v->kind == VK_TENSOR)
        return ir_type_tensor(in->arena, v->u.tensor->dtype, v->u.tensor->rank, v->u.tensor->dims);
    return ir_type_scalar(bridge_number_dtype(v->kind));
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

static bool plan_values(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b);

static bool plan_tuple(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    p->form = FORM_TUPLE;
    p->seq_kind = a->kind;
    p->n = a->u.list->len;
    p->parts = arena_alloc(in->arena, sizeof(Plan) * (size_t)(p->n + 1));
    for (int i = 0; i < p->n; i++) {
        const char *item = arena_sprintf(in->arena, "item %d of %s", i, label);
        if (!plan_values(lc, &p->parts[i], item, a->u.list->items[i], b->u.list->items[i]))
            return false;
    }
    return true;
}

static bool plan_tensor(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    DType dt = a->kind == VK_TENSOR && b->kind == VK_TENSOR ? native_promote_types(a->u.tensor->dtype, b->u.tensor->dtype)
               : a->kind == VK_TENSOR ? promote_number(a->u.tensor->dtype, b->kind)
                                      : promote_number(b->u.tensor->dtype, a->kind);
    IrType ta = type_of(in, a), tb = type_of(in, b);
    p->form = FORM_TENSOR;
    p->type = ta;
    if (!widen_into(in, &p->type, &tb, dt)) {
        interp_error(in, lc->span, "%s changes rank in this run-time loop (%d before an iteration, %d after "
                   "it); a loop-carried tensor must keep its rank", label, ta.rank, tb.rank);
        return false;
    }
    return true;
}

static bool plan_list(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    IrType ea, eb;
    bool ka = flow_dynlist_elem_type(in, a, &ea), kb = flow_dynlist_elem_type(in, b, &eb);
    if (!ka && !kb) {
        interp_error(in, lc->span, "%s changes in this run-time loop but its items are not all tensors of "
                   "one element type", label);
        return false;
    }
    p->form = FORM_LIST;
    p->type = ka ? ea : eb;
    if (ka && kb && (!widen_into(in, &p->type, &eb, ea.dtype) || ea.dtype != eb.dtype)) {
        interp_error(in, lc->span, "the items of %s differ in element type or rank in this run-time loop; a "
                   "list of run-time length holds items of one type", label);
        return false;
    }
    return true;
}

static bool ranks_error(LoopCtx *lc, const char *label)
{
    interp_error(lc_in(lc), lc->span, "%s changes in this run-time loop and its rank depends on a run-time "
                 "condition; a loop-carried tensor must keep its rank", label);
    return false;
}

/* None before an iteration and a value after it (or the other way round):
 * the pair (present, value) travels item by item (optional.c). */
static bool plan_optional(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    Value *pa = flow_optional_pair(in, a, b), *pb = flow_optional_pair(in, b, a);
    if (!pa || !pb) {
        interp_error(in, lc->span, "%s is None before or after an iteration of this run-time loop and a value "
                     "of unknown shape otherwise", label);
        return false;
    }
    Value *init = p->init;
    if (!plan_tuple(lc, p, label, pa, pb))
        return false;
    p->init = init;
    p->seq_kind = VK_OPTIONAL;
    return true;
}

/* The plan for a value that is A before an iteration and B after it. */
static bool plan_values(LoopCtx *lc, Plan *p, const char *label, Value *a, Value *b)
{
    Interp *in = lc_in(lc);
    p->init = a;
    if (!flow_same_value(a, b) && (flow_ranks_is(a) || flow_ranks_is(b)))
        return ranks_error(lc, label);
    if (a->kind == VK_ERROR || b->kind == VK_ERROR || flow_same_value(a, b)) {
        p->form = FORM_STATIC;
        return true;
    }
    if (is_number(a) && is_number(b)) {
        p->form = FORM_NUMBER;
        p->number_kind = number_order(a->kind) >= number_order(b->kind) ? a->kind : b->kind;
        p->type = ir_type_scalar(bridge_number_dtype(p->number_kind));
        return true;
    }
    if ((a->kind == VK_TENSOR || is_number(a)) && (b->kind == VK_TENSOR || is_number(b)))
        return plan_tensor(lc, p, label, a, b);
    if (is_fixed_sequence(a) && is_fixed_sequence(b) && a->kind == b->kind && a->u.list->len == b->u.list->len)
        return plan_tuple(lc, p, label, a, b);
    if (a->kind == VK_LIST && b->kind == VK_LIST)
        return plan_list(lc, p, label, a, b);
    if (flow_optional_mergeable(a, b))
        return plan_optional(lc, p, label, a, b);
    interp_error(in, lc->span, "%s is %s before this run-time loop and %s after an iteration; only tensors, "
               "numbers, lists of tensors and tuples of those can change in a loop with a run-time trip "
               "count", label, val_type_name(in, a), val_type_name(in, b));
    return false;
}

/* ---- after a round: what changed ---- */

static bool is_input(const Plan *p, const Value *v)
{
    if (!p->input || !v)
        return false;
    if (v->kind == VK_TENSOR)
        return !v->u.tensor->is_static && v->u.tensor->ir == p->input;
    if (v->kind == VK_LIST)
        return v->u.list->dyn && (v->u.list->dyn->seq == p->input || v->u.list->dyn->stacked == p->input);
    return is_number(v) && v->dyn == p->input;
}

static bool widen_list_plan(LoopCtx *lc, Plan *p, const char *label, Value *end)
{
    Interp *in = lc_in(lc);
    IrType et, old = p->type;
    if (end->kind != VK_LIST || !flow_dynlist_elem_type(in, end, &et)) {
        interp_error(in, lc->span, "%s is a list of tensors before an iteration of this run-time loop and %s "
                   "after it", label, end->kind == VK_LIST ? "a list of other values" : val_type_name(in, end));
        return false;
    }
    if (!widen_into(in, &p->type, &et, old.dtype) || et.dtype != old.dtype) {
        interp_error(in, lc->span, "the items of %s differ in element type or rank in this run-time loop; a "
                   "list of run-time length holds items of one type", label);
        return false;
    }
    if (!same_type(&old, &p->type))
        lc->changed = true;
    return true;
}

static bool widen_tensor_plan(LoopCtx *lc, Plan *p, const char *label, Value *end)
{
    Interp *in = lc_in(lc);
    if (end->kind != VK_TENSOR && !is_number(end)) {
        interp_error(in, lc->span, "%s is a %s before an iteration of this run-time loop and '%s' after it",
                   label, p->form == FORM_NUMBER ? "number" : "tensor", val_type_name(in, end));
        return false;
    }
    if (p->form == FORM_NUMBER && is_number(end)) {
        if (number_order(end->kind) > number_order(p->number_kind)) {
            p->number_kind = end->kind;
            p->type = ir_type_scalar(bridge_number_dtype(end->kind));
            lc->changed = true;
        }
        return true;
    }
    IrType old = p->type, et = type_of(in, end);
    DType dt = end->kind == VK_TENSOR ? native_promote_types(old.dtype, end->u.tensor->dtype)
                                      : promote_number(old.dtype, end->kind);
    if (p->form == FORM_NUMBER) {
        p->form = FORM_TENSOR;      /* a number that becomes a tensor */
        lc->changed = true;
    }
    if (!widen_into(in, &p->type, &et, dt)) {
        interp_error(in, lc->span, "%s changes rank in this run-time loop (%d before an iteration, %d after "
                   "it); a loop-carried tensor must keep its rank", label, old.rank, et.rank);
        return false;
    }
    if (!same_type(&old, &p->type))
        lc->changed = true;
    return true;
}

static bool widen_plan(LoopCtx *lc, Plan *p, const char *label, Value *end);

/* Plan P of a tensor or number becomes the plan of an optional holding it. */
static void optional_plan(LoopCtx *lc, Plan *p)
{
    Interp *in = lc_in(lc);
    Plan held = *p;
    p->form = FORM_TUPLE;
    p->seq_kind = VK_OPTIONAL;
    p->n = 2;
    p->parts = arena_alloc(in->arena, sizeof(Plan) * 3);
    p->parts[0] = (Plan){.form = FORM_STATIC, .init = val_bool(in, true)};
    p->parts[1] = held;
    lc->changed = true;
}

static bool widen_optional_plan(LoopCtx *lc, Plan *p, const char *label, Value *end)
{
    Interp *in = lc_in(lc);
    Value *pair = end->kind == VK_NONE || end->kind == VK_OPTIONAL || end->kind == VK_TENSOR || is_number(end)
                  ? flow_optional_pair(in, end, p->parts[1].init) : NULL;
    if (!pair) {
        interp_error(in, lc->span, "%s is an Optional before an iteration of this run-time loop and '%s' after "
                     "it", label, val_type_name(in, end));
        return false;
    }
    return widen_plan(lc, &p->parts[0], label, pair->u.list->items[0]) &&
           widen_plan(lc, &p->parts[1], label, pair->u.list->items[1]);
}

/* Widens plan P (a value the body carried) to cover END, its value after
 * the body; sets lc->changed when the plan changes. */
static bool widen_plan(LoopCtx *lc, Plan *p, const char *label, Value *end)
{
    Interp *in = lc_in(lc);
    if (end->kind == VK_ERROR)
        return true;
    if (flow_ranks_is(end) && !(p->form == FORM_STATIC && flow_same_value(p->init, end)))
        return ranks_error(lc, label);
    if (p->form == FORM_STATIC) {
        if (flow_same_value(p->init, end))
            return true;
        lc->changed = true;
        return plan_values(lc, p, label, p->init, end);
    }
    if (is_input(p, end)) {
        p->form = FORM_STATIC;      /* never changed: the body reads the outer value */
        lc->changed = true;
        return true;
    }
    if (p->form == FORM_LIST)
        return widen_list_plan(lc, p, label, end);
    if ((end->kind == VK_NONE || end->kind == VK_OPTIONAL) && (p->form == FORM_TENSOR || p->form == FORM_NUMBER))
        optional_plan(lc, p);       /* a value that becomes None */
    if (p->form == FORM_TUPLE && p->seq_kind == VK_OPTIONAL)
        return widen_optional_plan(lc, p, label, end);
    if (p->form != FORM_TUPLE)
        return widen_tensor_plan(lc, p, label, end);
    if (end->kind != p->seq_kind || !is_fixed_sequence(end) || end->u.list->len != p->n) {
        interp_error(in, lc->span, "%s changes its length or kind in this run-time loop", label);
        return false;
    }
    for (int i = 0; i < p->n; i++) {
        const char *item = arena_sprintf(in->arena, "item %d of %s", i, label);
        if (!widen_plan(lc, &p->parts[i], item, end->u.list->items[i]))
            return false;
    }
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
    IrType et = {0};
    bool ok = !col->failed && col->item &&
              ((col->item->kind == VK_TENSOR && col->item->u.tensor->rank >= 0) || is_number(col->item));
    if (ok) {
        et = type_of(in, col->item);
        ok = stable_dims(&et) && et.dtype == c->plan.type.dtype && et.rank == c->plan.type.rank;
    }
    if (!ok) {
        c->plan.form = FORM_LIST;
        c->scan_tried = true;
        lc->changed = true;
        return true;
    }
    IrType old = c->plan.type;
    widen_into(in, &c->plan.type, &et, old.dtype);
    if (!same_type(&old, &c->plan.type))
        lc->changed = true;
    return true;
}

/* The initial value of a carry that was unbound before the loop: the exit
 * flags start false, the return value as a placeholder; anything else is
 * an error (it would be undefined when the loop runs zero times). */
static bool default_init(LoopCtx *lc, Carry *c)
{
    Interp *in = lc_in(lc);
    if (c->kind == CARRY_NAME && c->name == in->id.flag_return) {
        c->plan.init = val_bool(in, false);
        return true;
    }
    if (c->kind == CARRY_NAME && c->name == in->id.return_value) {
        c->plan.init = flow_placeholder(in, c->end);
        if (c->plan.init)
            return true;
    }
    interp_error(in, lc->span, "%s is assigned in this loop but not before it; it would be undefined after "
               "the loop when the loop runs zero times (the trip count is known only at run time)", c->label);
    return false;
}

static bool update_carry(LoopCtx *lc, Carry *c)
{
    if (c->plan.form == FORM_SCAN)
        return widen_scan(lc, c);
    if (!c->end) {
        interp_error(lc_in(lc), lc->span, "%s is deleted in this run-time loop", c->label);
        return false;
    }
    if (!c->plan.init && !default_init(lc, c))
        return false;
    return widen_plan(lc, &c->plan, c->label, c->end);
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
    if (s == lc->private_scope)
        return;     /* a comprehension's own variables end with it */
    bool locals = s == in->frame->locals;
    for (int pass = 0; pass < 2; pass++) {
        const ScopeEntry *es = pass == 0 ? s->entries : e->orig.items;
        int n = pass == 0 ? s->len : e->orig.len;
        for (int i = 0; i < n; i++) {
            const char *name = es[i].name;
            Value *o = flow_region_scope_get(&e->orig, name), *now = val_scope_get(s, name);
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
        interp_error(in, lc->span, "a list loses or replaces items in this run-time loop; only appending to a "
                   "list (and replacing single items) is supported in a loop with a run-time trip count");
        return false;
    }
    Carry *c = add_carry(lc, CARRY_LIST, NULL, NULL, l, 0, list_value(in, l));
    Value *now = val_list(in, 0);
    *now->u.list = *l;
    c->end = now;
    return true;
}

/* A tensor object written in place in the body (out[i] = v). */
static void discover_tensor(LoopCtx *lc, RegionEntry *e)
{
    Interp *in = lc_in(lc);
    Tensor *t = e->obj;
    Value *before = val_tensor(in, e->orig.items), *now = tensor_value(in, t);
    if (flow_same_value(before, now) || find_carry(lc, CARRY_TENSOR, t, NULL, 0))
        return;
    Carry *c = add_carry(lc, CARRY_TENSOR, NULL, NULL, NULL, 0, before);
    c->tensor = t;
    c->end = now;
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
            interp_error(lc_in(lc), lc->span, "a dict is modified inside this loop with a run-time trip count; "
                       "dicts cannot change in a run-time loop");
            return false;
        case RO_TENSOR:
            discover_tensor(lc, e);
            break;
        }
    }
    return true;
}

/* ---- one round ---- */

static bool is_carried(const Plan *p)
{
    return p->form == FORM_TENSOR || p->form == FORM_NUMBER || p->form == FORM_LIST;
}

/* The types of P's body inputs, in order, and their names. */
static void plan_input_types(LoopCtx *lc, Plan *p, const char *name)
{
    Interp *in = lc_in(lc);
    if (p->form == FORM_TUPLE) {
        for (int i = 0; i < p->n; i++)
            plan_input_types(lc, &p->parts[i], name);
        return;
    }
    if (!is_carried(p))
        return;
    IrType *t = arena_alloc(in->arena, sizeof *t);
    *t = p->form == FORM_LIST ? flow_dynlist_carrier_type(in, &p->type) : p->type;
    ptrvec_push(in->arena, &lc->inputs, t);
    ptrvec_push(in->arena, &lc->input_names, (void *)name);
}

/* A body input's name: the variable it carries (the exit flags and the
 * return value are named for what they are). */
static const char *carry_name(Interp *in, const Carry *c)
{
    if (c->kind != CARRY_NAME)
        return c->kind == CARRY_TENSOR ? "written" : "list";
    if (c->name == in->id.flag_return)
        return "returned";
    if (c->name == in->id.return_value)
        return "return_value";
    return c->name;
}

static void plan_assign_inputs(LoopCtx *lc, Plan *p, int *k)
{
    if (p->form == FORM_TUPLE) {
        for (int i = 0; i < p->n; i++)
            plan_assign_inputs(lc, &p->parts[i], k);
        return;
    }
    p->input = is_carried(p) ? lc->body.carried[(*k)++] : NULL;
}

/* A fresh body graph with one input per carried value. */
static void new_body(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    lc->inputs.len = 0;
    lc->input_names.len = 0;
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        plan_input_types(lc, &c->plan, carry_name(in, c));
    }
    IrType *types = arena_alloc(in->arena, sizeof(IrType) * (size_t)(lc->inputs.len + 1));
    for (int i = 0; i < lc->inputs.len; i++)
        types[i] = *(IrType *)lc->inputs.items[i];
    lower_loop_body(in->lower, types, (const char *const *)lc->input_names.items, lc->inputs.len, &lc->body);
    int k = 0;
    for (int i = 0; i < lc->carries.len; i++)
        plan_assign_inputs(lc, &((Carry *)lc->carries.items[i])->plan, &k);
}

/* The value the body sees for plan P. */
static Value *plan_body_value(Interp *in, Plan *p)
{
    switch (p->form) {
    case FORM_TENSOR: return bridge_wrap(in, p->input);
    case FORM_NUMBER: return bridge_runtime_number(in, p->number_kind, p->input);
    case FORM_LIST: return flow_dynlist_from_carrier(in, p->input);
    case FORM_TUPLE: {
        if (p->seq_kind == VK_OPTIONAL)
            return flow_optional_make(in, plan_body_value(in, &p->parts[0]), plan_body_value(in, &p->parts[1]));
        Value *r = p->seq_kind == VK_TUPLE ? val_tuple(in, p->n) : val_list(in, p->n);
        for (int i = 0; i < p->n; i++)
            val_list_push(in, r->u.list, plan_body_value(in, &p->parts[i]));
        return r;
    }
    default: return p->init;
    }
}

/* Inside the body's region: each carried value is the body's input. */
static void bind_inputs(LoopCtx *lc, Region *r)
{
    Interp *in = lc_in(lc);
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form == FORM_SCAN) {
            c->collector = (ScanCollector){.region = r, .elem = c->plan.type};
            carry_set(in, c, flow_dynlist_collecting(in, &c->collector));
        } else if (c->plan.form != FORM_STATIC) {
            carry_set(in, c, plan_body_value(in, &c->plan));
        }
    }
}

static ExecStatus eval_test(Interp *in, void *ctx, Value **result)
{
    const AstNode *test = ctx;
    Value *v = interp_eval(in, test);
    *result = v && v->kind != VK_ERROR ? interp_truth(in, v, test->span) : v;
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
    Value *brk = flow_flag(in, in->id.flag_break), *ret = flow_flag(in, in->id.flag_return);
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
        Value *o = bridge_onnx2(in, "Or", bridge_wrap(in, any->dyn), bridge_wrap(in, f[i]->dyn), span);
        if (!o || o->kind != VK_TENSOR)
            return val_error(in);
        any = bridge_runtime_number(in, VK_BOOL, bridge_ir_of(in, o, span));
    }
    if (!any)
        return val_bool(in, true);
    Value *n = bridge_onnx1(in, "Not", bridge_wrap(in, any->dyn), span);
    return n && n->kind == VK_TENSOR ? bridge_runtime_number(in, VK_BOOL, bridge_ir_of(in, n, span)) : val_error(in);
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
    return flow_select(in, go, eval_test, (void *)test, value_false, NULL, test->span,
                           "the condition of this while loop");
}

static ExecStatus run_comprehension_body(LoopCtx *lc);

static ExecStatus run_body(LoopCtx *lc, Region *r)
{
    Interp *in = lc_in(lc);
    const AstNode *s = lc->s;
    bind_inputs(lc, r);
    if (lc->result)
        return run_comprehension_body(lc);
    if (s->kind == AST_FOR) {
        Value *iter = bridge_runtime_number(in, VK_INT, lc->body.iter);
        Value *item = flow_loop_item(&lc->iter, lc->iterable, iter, s->u.for_stmt.iter->span);
        if (!item)
            return EXEC_RAISE;
        if (interp_assign(in, s->u.for_stmt.target, item) == EXEC_RAISE)
            return EXEC_RAISE;
    }
    flow_clear_flag(in, in->id.flag_break);
    flow_clear_flag(in, in->id.flag_continue);
    const AstList *body = s->kind == AST_FOR ? &s->u.for_stmt.body : &s->u.cond.body;
    ExecStatus st = interp_exec_block(in, body);
    switch (st) {
    case EXEC_RAISE:
        return st;
    case EXEC_BREAK:
        flow_set_flag(in, in->id.flag_break, val_bool(in, true));
        break;
    case EXEC_RETURN:
        flow_set_flag(in, in->id.flag_return, val_bool(in, true));
        flow_set_flag(in, in->id.return_value, in->frame->return_value);
        break;
    default:
        break;
    }
    Value *brk = flow_flag(in, in->id.flag_break);
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
    Value *t = bridge_const_value(in, v, DT_BOOL, span);
    return t->kind == VK_TENSOR ? bridge_ir_of(in, t, span) : NULL;
}

static IrValue *int_ir(Interp *in, Value *v, Span span)
{
    if (v->dyn)
        return v->dyn;
    Value *t = bridge_const_value(in, v, DT_INT64, span);
    return t->kind == VK_TENSOR ? bridge_ir_of(in, t, span) : NULL;
}

/* For each carried value of plan P, in input order: the graph value of V
 * (the body's end value, or the value before the loop) converted to the
 * carried type, in the graph being built. */
static bool plan_values_as(LoopCtx *lc, Plan *p, Value *v, PtrVec *out)
{
    Interp *in = lc_in(lc);
    if (p->form == FORM_TUPLE) {
        if (p->seq_kind == VK_OPTIONAL)
            v = flow_optional_pair(in, v, p->parts[1].init);
        if (!v)
            return false;
        for (int i = 0; i < p->n; i++)
            if (!plan_values_as(lc, &p->parts[i], v->u.list->items[i], out))
                return false;
        return true;
    }
    if (!is_carried(p))
        return true;
    IrValue *iv = flow_value_as(in, v, &p->type, p->form == FORM_LIST, lc->span);
    if (!iv)
        return false;
    ptrvec_push(in->arena, out, iv);
    return true;
}

/* The value a Loop's outputs (from *K on) stand for under plan P. */
static Value *plan_result(Interp *in, Plan *p, IrNode *node, int *k)
{
    switch (p->form) {
    case FORM_TENSOR: return bridge_wrap(in, node->outputs[(*k)++]);
    case FORM_NUMBER: return bridge_runtime_number(in, p->number_kind, node->outputs[(*k)++]);
    case FORM_LIST: return flow_dynlist_from_carrier(in, node->outputs[(*k)++]);
    case FORM_TUPLE: {
        if (p->seq_kind == VK_OPTIONAL) {
            Value *present = plan_result(in, &p->parts[0], node, k);
            return flow_optional_make(in, present, plan_result(in, &p->parts[1], node, k));
        }
        Value *r = p->seq_kind == VK_TUPLE ? val_tuple(in, p->n) : val_list(in, p->n);
        for (int i = 0; i < p->n; i++)
            val_list_push(in, r->u.list, plan_result(in, &p->parts[i], node, k));
        return r;
    }
    default: return p->init;
    }
}

static Value *carry_init(Interp *in, Carry *c)
{
    return c->kind == CARRY_LIST ? list_value(in, c->list) : c->plan.init;
}

/* The body's outputs: condition, carried values, then scan items. */
static bool body_outputs(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    Lower *L = in->lower;
    IrGraph *body = lc->body.graph, *saved = L->graph;
    L->graph = body;
    PtrVec outs = {0};
    IrValue *cond = bool_ir(in, lc->cond_out, lc->span);
    bool ok = cond != NULL;
    if (ok)
        ptrvec_push(in->arena, &outs, cond);
    for (int i = 0; i < lc->carries.len && ok; i++) {
        Carry *c = lc->carries.items[i];
        ok = c->plan.form == FORM_SCAN || plan_values_as(lc, &c->plan, c->end, &outs);
    }
    for (int i = 0; i < lc->carries.len && ok; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form != FORM_SCAN)
            continue;
        IrValue *iv = flow_value_as(in, c->collector.item, &c->plan.type, false, lc->span);
        ok = iv != NULL;
        if (ok)
            ptrvec_push(in->arena, &outs, iv);
    }
    for (int i = 0; i < outs.len && ok; i++) {
        IrValue *iv = outs.items[i];
        lower_graph_output(L, body, iv, &iv->type, lc->span);
    }
    L->graph = saved;
    return ok;
}

static ExecStatus finalize(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    Span span = lc->span;
    if (!body_outputs(lc))
        return EXEC_NORMAL;
    PtrVec inits = {0};
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form != FORM_SCAN && !plan_values_as(lc, &c->plan, carry_init(in, c), &inits))
            return EXEC_NORMAL;
    }
    int n = lc->inputs.len;
    IrType *types = arena_alloc(in->arena, sizeof(IrType) * (size_t)(n + lc->carries.len + 1));
    for (int i = 0; i < n; i++)
        types[i] = *(IrType *)lc->inputs.items[i];
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form != FORM_SCAN)
            continue;
        const IrType *t = &c->plan.type;
        Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(t->rank + 1));
        dims[0] = dim_unknown();
        if (t->rank > 0)    /* a scan of numbers: 0-d items, no dims */
            memcpy(dims + 1, t->dims, sizeof(Dim) * (size_t)t->rank);
        types[n++] = ir_type_tensor(in->arena, t->dtype, t->rank + 1, dims);
    }
    IrValue *trip = lc->trip ? int_ir(in, lc->trip, span) : NULL;
    IrValue *cond = bool_ir(in, lc->cond0, span);
    IrNode *node = lower_loop(in->lower, trip, cond, (IrValue **)inits.items, inits.len, lc->body.graph,
                              types, n, lc->s->span);
    int k = 0;
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form != FORM_SCAN && c->plan.form != FORM_STATIC)
            carry_set(in, c, plan_result(in, &c->plan, node, &k));
    }
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        if (c->plan.form == FORM_SCAN)
            carry_set(in, c, flow_dynlist_from_stacked(in, node->outputs[k++]));
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
        Value *v = val_scope_get(in->frame->locals, carried.names[i]);
        Carry *c = add_carry(lc, CARRY_NAME, in->frame->locals, carried.names[i], NULL, 0, v);
        /* run-time values are carried from the start, with their exact types */
        if (v && v->kind == VK_TENSOR && !v->u.tensor->is_static)
            plan_tensor(lc, &c->plan, c->label, v, v);
        else if (v && is_number(v) && v->dyn) {
            c->plan.form = FORM_NUMBER;
            c->plan.number_kind = v->kind;
            c->plan.type = ir_type_scalar(bridge_number_dtype(v->kind));
        }
    }
}

static bool update_all(LoopCtx *lc)
{
    for (int i = 0; i < lc->carries.len; i++) {
        Carry *c = lc->carries.items[i];
        PlanForm before = c->plan.form;
        if (!update_carry(lc, c))
            return false;
        /* a list that starts empty and got one item: try a scan output */
        if (before == FORM_STATIC && c->plan.form == FORM_LIST && c->kind == CARRY_LIST && !c->scan_tried &&
            !c->list->len && !c->list->dyn && c->end->kind == VK_LIST && !c->end->u.list->dyn &&
            c->end->u.list->len == 1)
            c->plan.form = FORM_SCAN;
    }
    return true;
}

/* After an error in the body: whatever the body changed becomes poison, so
 * that the code after the loop does not report consequences of it. */
static void poison(LoopCtx *lc, Region *r)
{
    Interp *in = lc_in(lc);
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        if (e->kind == RO_LIST) {
            ValueList *l = e->obj;
            flow_write_list(in, l);
            l->dyn = NULL;
            l->len = 0;
            val_list_push(in, l, val_error(in));
        } else if (e->kind == RO_SCOPE) {
            const ScopeEntry *es = e->end.items;
            for (int k = 0; k < e->end.len; k++)
                if (es[k].value != flow_region_scope_get(&e->orig, es[k].name)) {
                    flow_write_scope(in, e->obj);
                    val_scope_set(in->arena, e->obj, es[k].name, val_error(in));
                }
        }
    }
}

static ExecStatus run_loop(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    lc->errors = in->c->diag.nerrors;
    lc->flow = lc->result ? NULL : flow_current(in);
    init_carries(lc);
    for (int round = 0; round < MAX_ROUNDS; round++) {
        lc->changed = false;
        new_body(lc);
        Region r = {.loop_body = true};
        flow_region_enter(in, &r, lc->body.graph);
        ExecStatus st = run_body(lc, &r);
        bool ok = st != EXEC_RAISE;
        if (ok) {
            capture_ends(lc);
            ok = discover(lc, &r);
        }
        flow_region_leave(in, &r);
        if (st == EXEC_RAISE)
            return EXEC_RAISE;
        if (!ok || in->c->diag.nerrors > lc->errors || !update_all(lc)) {
            poison(lc, &r);
            return EXEC_NORMAL;
        }
        if (!lc->changed)
            return finalize(lc);
    }
    interp_error(in, lc->span, "internal: the types of the values carried by this loop did not settle");
    return EXEC_NORMAL;
}

/* while True / while 1: a loop that only an exit ends. */
static bool endless(const AstNode *s)
{
    if (s->kind != AST_WHILE || s->u.cond.test->kind != AST_CONSTANT)
        return false;
    const AstNode *t = s->u.cond.test;
    return t->u.constant.kind == AST_CONST_TRUE || (t->u.constant.kind == AST_CONST_INT && t->u.constant.ival);
}

static ExecStatus after_loop(LoopCtx *lc, ExecStatus st)
{
    Interp *in = lc_in(lc);
    if (st != EXEC_NORMAL)
        return st;
    const AstList *orelse = lc->s->kind == AST_FOR ? &lc->s->u.for_stmt.orelse : &lc->s->u.cond.orelse;
    if (orelse->len && lc->may_break) {
        interp_error(in, orelse->items[0]->span, "an 'else' block after a run-time loop that may 'break' is not "
                   "supported; set a flag before the break instead");
        return EXEC_NORMAL;
    }
    if (orelse->len) {
        st = interp_exec_block(in, orelse);
        if (st != EXEC_NORMAL)
            return st;
    }
    Value *ret = flow_flag(in, in->id.flag_return);
    if (ret && ret->dyn && endless(lc->s) && !lc->may_break) {
        /* `while True` without break ends only by returning */
        flow_set_flag(in, in->id.flag_return, val_bool(in, true));
        return flow_settle(in);
    }
    return ret && ret->dyn ? EXEC_MAYBE : EXEC_NORMAL;
}

ExecStatus flow_for(Interp *in, const AstNode *s, Value *iterable)
{
    Span span = span_join(s->u.for_stmt.target->span, s->u.for_stmt.iter->span);
    LoopCtx lc = {.in = in, .s = s, .span = span, .iterable = iterable, .iter = {.in = in}};
    lc.trip = flow_trip_count(&lc.iter, iterable, s->u.for_stmt.iter->span);
    if (!lc.trip || lc.trip->kind == VK_ERROR)
        return lc.trip ? EXEC_NORMAL : EXEC_RAISE;
    lc.cond0 = val_bool(in, true);
    return after_loop(&lc, run_loop(&lc));
}

ExecStatus flow_while(Interp *in, const AstNode *s, Value *cond)
{
    const AstNode *test = s->u.cond.test;
    if (!cond) {
        /* a static while whose last iteration may have exited */
        flow_clear_flag(in, in->id.flag_continue);
        Value *go = no_exit(in, test->span);
        if (go->kind == VK_ERROR)
            return EXEC_NORMAL;
        if (!go->dyn && !go->u.b)
            return flow_settle(in);
        cond = flow_select(in, go, eval_test, (void *)test, value_false, NULL, test->span,
                              "the condition of this while loop");
        if (!cond || cond->kind == VK_ERROR)
            return cond ? EXEC_NORMAL : EXEC_RAISE;
        flow_clear_flag(in, in->id.flag_break);
    }
    if (!cond->dyn && !cond->u.b)
        return EXEC_NORMAL;
    LoopCtx lc = {.in = in, .s = s, .span = test->span, .cond0 = cond};
    return after_loop(&lc, run_loop(&lc));
}

/* ---- comprehensions over run-time iterables ---- */

typedef struct CompAppend {
    LoopCtx *lc;
} CompAppend;

/* The comprehension's element, appended to its result. */
static ExecStatus comp_append(Interp *in, void *ctx, Value **result)
{
    LoopCtx *lc = ((CompAppend *)ctx)->lc;
    Value *v = interp_eval(in, lc->s->u.comp.elt);
    if (!v)
        return EXEC_RAISE;
    Value *l = list_value(in, lc->result);
    Value *r = flow_list_append(in, l, v, lc->s->u.comp.elt->span);
    *result = val_none(in);
    return r ? EXEC_NORMAL : EXEC_RAISE;
}

static ExecStatus comp_skip(Interp *in, void *ctx, Value **result)
{
    (void)ctx;
    *result = val_none(in);
    return EXEC_NORMAL;
}

/* One iteration: the item bound to the target, the filters, the append
 * (under an If when a filter is a run-time bool). */
static ExecStatus run_comprehension_body(LoopCtx *lc)
{
    Interp *in = lc_in(lc);
    const AstNode *g = lc->s->u.comp.generators.items[0];
    Value *iter = bridge_runtime_number(in, VK_INT, lc->body.iter);
    Value *item = flow_loop_item(&lc->iter, lc->iterable, iter, g->u.comprehension.iter->span);
    if (!item || interp_assign(in, g->u.comprehension.target, item) == EXEC_RAISE)
        return EXEC_RAISE;
    Value *keep = val_bool(in, true);
    for (int j = 0; j < g->u.comprehension.ifs.len; j++) {
        const AstNode *cond = g->u.comprehension.ifs.items[j];
        Value *c = interp_eval(in, cond);
        Value *t = c && c->kind != VK_ERROR ? interp_truth(in, c, cond->span) : c;
        if (!t)
            return EXEC_RAISE;
        if (t->kind == VK_ERROR)
            return EXEC_NORMAL;
        keep = !keep->dyn && !t->dyn ? val_bool(in, keep->u.b && t->u.b)
               : interp_binop(in, AST_OP_BITAND, keep, t, cond->span);
        if (!keep)
            return EXEC_RAISE;
    }
    CompAppend ctx = {lc};
    Value *ignored = NULL;
    ExecStatus st = EXEC_NORMAL;
    if (!keep->dyn && keep->u.b)
        st = comp_append(in, &ctx, &ignored);
    else if (keep->dyn && !flow_select(in, keep, comp_append, &ctx, comp_skip, NULL, lc->s->span,
                                       "this comprehension's filter"))
        st = EXEC_RAISE;
    if (st == EXEC_RAISE)
        return st;
    lc->cond_out = val_bool(in, true);
    return EXEC_NORMAL;
}

ExecStatus flow_comprehension(Interp *in, const AstNode *e, Value *iterable, ValueList *result)
{
    const AstNode *g = e->u.comp.generators.items[0];
    Span span = g->u.comprehension.iter->span;
    LoopCtx lc = {.in = in, .s = e, .span = span, .iterable = iterable, .iter = {.in = in},
                  .private_scope = in->frame->locals, .result = result};
    lc.trip = flow_trip_count(&lc.iter, iterable, span);
    if (!lc.trip || lc.trip->kind == VK_ERROR)
        return lc.trip ? EXEC_NORMAL : EXEC_RAISE;
    lc.cond0 = val_bool(in, true);
    return run_loop(&lc);
}

/* One iteration of the static for loop S with ITEM (or, ITEM NULL, its
 * else block), on the path where nothing exited yet. */
typedef struct ForStep {
    const AstNode *s;
    Value *item;
} ForStep;

static ExecStatus run_for_step(Interp *in, void *ctx, Value **result)
{
    (void)result;
    ForStep *f = ctx;
    if (!f->item)
        return interp_exec_block(in, &f->s->u.for_stmt.orelse);
    if (interp_assign(in, f->s->u.for_stmt.target, f->item) == EXEC_RAISE)
        return EXEC_RAISE;
    ExecStatus st = interp_exec_block(in, &f->s->u.for_stmt.body);
    return st == EXEC_CONTINUE ? EXEC_NORMAL : st;
}

/* The iterations of a static for loop after one that may have left the
 * loop under a run-time condition: each runs under its own If on "no
 * break or return yet" (one after the other, not nested, so that a long
 * loop does not nest deeply); the values live at the loop head flow from
 * one to the next.  As soon as the flags are static again, the loop
 * unrolls normally. */
/* The items from NEXT on as an iterable a Loop can pick from: a range
 * when they are ints in steps of one size (range(20)), else the items
 * themselves (numbers or tensors, stacked by loop_iter.c). */
static Value *rest_iterable(Interp *in, ValueList *items, int next)
{
    int n = items->len - next;
    bool range = true;
    for (int i = next; i < items->len && range; i++)
        range = items->items[i]->kind == VK_INT && !items->items[i]->dyn;
    int64_t step = n > 1 && range ? items->items[next + 1]->u.i - items->items[next]->u.i : 1;
    for (int i = next + 1; i < items->len && range; i++)
        range = items->items[i]->u.i - items->items[i - 1]->u.i == step && step != 0;
    if (range) {
        Value *r = val_none(in);
        r->kind = VK_RUNTIME_ITER;
        r->u.iter = arena_alloc(in->arena, sizeof(RuntimeIter));
        r->u.iter->kind = RI_RANGE;
        r->u.iter->start = val_int(in, items->items[next]->u.i);
        r->u.iter->stop = val_int(in, items->items[items->len - 1]->u.i + step);
        r->u.iter->step = val_int(in, step);
        return r;
    }
    Value *l = val_list(in, n);
    for (int i = next; i < items->len; i++)
        val_list_push(in, l->u.list, items->items[i]);
    return l;
}

/* The remaining iterations of a static for loop, after one that may have
 * exited under a run-time condition, as one Loop whose first condition is
 * "nothing exited yet" (as flow_while continues a static while). */
static ExecStatus for_rest_loop(Interp *in, const AstNode *s, ValueList *items, int next, Span span)
{
    flow_clear_flag(in, in->id.flag_continue);
    Value *go = no_exit(in, span);
    if (go->kind == VK_ERROR)
        return EXEC_NORMAL;
    if (!go->dyn && !go->u.b)
        return flow_settle(in);
    flow_clear_flag(in, in->id.flag_break);
    Value *iterable = rest_iterable(in, items, next);
    LoopCtx lc = {.in = in, .s = s, .span = span, .iterable = iterable, .iter = {.in = in}};
    lc.trip = flow_trip_count(&lc.iter, iterable, s->u.for_stmt.iter->span);
    if (!lc.trip || lc.trip->kind == VK_ERROR)
        return lc.trip ? EXEC_NORMAL : EXEC_RAISE;
    lc.cond0 = go;
    return after_loop(&lc, run_loop(&lc));
}

/* Tries for_rest_loop in a region of its own: kept when it compiles
 * without an error, else undone (its graph and diagnostics dropped) so
 * that the iterations unroll under guards instead, which also works for
 * items a Loop cannot pick at run time (modules) and values whose type
 * changes between iterations. */
static bool try_rest_loop(Interp *in, const AstNode *s, ValueList *items, int next, Span span, ExecStatus *st)
{
    Diag *d = &in->c->diag;
    DiagTrial t;
    diag_trial_begin(d, in->arena, &t);
    Region r = {0};
    IrGraph *g = lower_subgraph(in->lower, "rest");
    flow_region_enter(in, &r, g);
    ExecStatus res = for_rest_loop(in, s, items, next, span);
    bool ok = res != EXEC_RAISE && d->nerrors == t.nerrors;
    flow_region_leave(in, &r);
    diag_trial_end(d, &t, ok);
    if (!ok) {
        if (res == EXEC_RAISE && !interp_exc_catchable(in)) {
            *st = EXEC_RAISE;   /* a limit is never a reason to try another way */
            return true;
        }
        in->exc = NULL;
        return false;
    }
    lower_inline_graph(in->lower, g);
    flow_region_apply_end(in, &r);
    *st = res;
    return true;
}

ExecStatus flow_for_rest(Interp *in, const AstNode *s, ValueList *items, int next)
{
    Span span = span_join(s->u.for_stmt.target->span, s->u.for_stmt.iter->span);
    ExecStatus tried;
    /* more than one iteration left: one Loop rather than a guarded copy of
     * the body per iteration (a decoder's `for _ in range(max_steps)`) */
    if (items->len - next > 1 && !s->u.for_stmt.orelse.len && try_rest_loop(in, s, items, next, span, &tried))
        return tried;
    const Flow *flow = flow_current(in);
    FlowNames head = flow ? flow_loop_head_live(flow, s) : (FlowNames){NULL, 0};
    for (int i = next; i <= items->len; i++) {
        flow_clear_flag(in, in->id.flag_continue);
        ExecStatus st = flow_settle(in);
        if (st == EXEC_BREAK)
            return EXEC_NORMAL;
        if (st == EXEC_NORMAL)
            return interp_exec_static_for(in, s, items, i);
        if (st != EXEC_MAYBE)
            return st;
        ForStep f = {s, i < items->len ? items->items[i] : NULL};
        st = flow_guard(in, span, run_for_step, &f, NULL, &head);
        if (st == EXEC_RAISE || st == EXEC_RETURN)
            return st;
        if (st == EXEC_BREAK)
            return EXEC_NORMAL;
    }
    return flow_settle(in);
}
