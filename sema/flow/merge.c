/* Merging two branches of run-time control flow.
 *
 * Both branches started from the same state and were rolled back (see
 * sema/flow/flow.h); their end states are compared container by container
 * (namespaces, lists, dicts that either branch wrote to) and slot by slot:
 *
 *   equal in both (same object, or equal static values)   kept as is
 *   tensors and numbers that differ                      one If output each
 *   tuples and lists of equal length                     merged item by item
 *   a run-time list on either side                       one If output (a sequence)
 *   anything else that differs                           an error naming it
 *
 * A local variable of the frame counts only when it is live after the
 * statement (flow.h); a dead one is dropped.  A variable bound on one side
 * only is an error when it is live, as in TorchScript, except for the exit
 * flags: a missing flag is false, and a missing return value is a
 * placeholder of the other side's type (the flags say it is never read).
 *
 * Element types of an If output follow PyTorch's promotion (a float tensor
 * and an int give a float tensor); shapes may differ: dimensions that do
 * not agree become unknown.  Everything is planned first, then one If node
 * is emitted with all the outputs, then the merged values are written back
 * through the write barriers (so an enclosing region sees the writes). */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "sema/native/native.h"


typedef enum PlanKind { PLAN_VALUE, PLAN_LEAF, PLAN_SEQ, PLAN_UNBIND, PLAN_RANKS } PlanKind;

/* The merged value of a slot, before the If exists. */
typedef struct Plan {
    PlanKind kind;
    Value *value;           /* PLAN_VALUE */
    int leaf;               /* PLAN_LEAF: index into Merger.leaves */
    ValueKind seq_kind;     /* PLAN_SEQ: VK_LIST or VK_TUPLE */
    struct Plan **items;    /* PLAN_SEQ; PLAN_RANKS: the two alternatives' leaves */
    int n;
} Plan;

typedef enum LeafForm { LEAF_TENSOR, LEAF_NUMBER, LEAF_LIST } LeafForm;

/* One If output: the values of the two sides and the output's type. */
typedef struct Leaf {
    Value *v[2];
    LeafForm form;
    ValueKind number_kind;  /* LEAF_NUMBER */
    IrType elem;            /* LEAF_LIST: the items' type */
    IrType type;
    Value *result;
} Leaf;

typedef enum SlotKind { SLOT_SCOPE, SLOT_LIST, SLOT_DICT, SLOT_TENSOR } SlotKind;

/* A write to do once the If exists. */
typedef struct Write {
    SlotKind kind;
    void *obj;
    const char *name;       /* SLOT_SCOPE */
    Value *key;             /* SLOT_DICT */
    Plan *plan;             /* NULL: the merge failed (reported) */
    Value *fallback;        /* SLOT_LIST: the content kept after a failure */
} Write;

typedef struct Merger {
    Interp *in;
    MergeSpec *m;
    PtrVec leaves;
    PtrVec writes;
    bool failed;
} Merger;

/* ---- plans ---- */

static Plan *plan_value(Merger *g, Value *v)
{
    Plan *p = arena_alloc(g->in->arena, sizeof *p);
    p->kind = v ? PLAN_VALUE : PLAN_UNBIND;
    p->value = v;
    return p;
}

static void merge_error(Merger *g, const char *fmt, const char *a, const char *b, const char *c)
{
    char msg[600];
    snprintf(msg, sizeof msg, fmt, a, b, c);
    interp_error(g->in, g->m->span, "%s", msg);
    g->failed = true;
}

static bool is_number(const Value *v)
{
    return v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL;
}

static bool is_tensor_like(const Value *v)
{
    return v->kind == VK_TENSOR || is_number(v);
}

/* Whether A and B are the same value for every run-time path. */
bool flow_same_value(const Value *a, const Value *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind)
        return false;
    if (a->kind == VK_TENSOR) {
        const Tensor *x = a->u.tensor, *y = b->u.tensor;
        if (x->is_static || y->is_static) {
            const Tensor *ox = x->storage ? x->storage : x, *oy = y->storage ? y->storage : y;
            return x->is_static && y->is_static && ox == oy && x->dtype == y->dtype;
        }
        return x->ir == y->ir && x->ir;
    }
    if (is_number(a)) {
        if (a->dyn || b->dyn)
            return a->dyn == b->dyn;
        return val_equal_static(a, b);
    }
    if (a->kind == VK_DICT || a->kind == VK_SET)
        return false;           /* distinct mutable objects */
    if (a->kind == VK_LIST || a->kind == VK_TUPLE || a->kind == VK_OPTIONAL) {
        if (a->kind == VK_LIST)
            return false;       /* distinct list objects */
        if (a->u.list->len != b->u.list->len)
            return false;
        for (int i = 0; i < a->u.list->len; i++)
            if (!flow_same_value(a->u.list->items[i], b->u.list->items[i]))
                return false;
        return true;
    }
    if (a->kind == VK_ERROR)
        return true;
    return val_is_static(a) && val_is_static(b) && val_equal_static(a, b);
}

/* ---- leaf types ---- */

static int number_rank(ValueKind k)
{
    return k == VK_BOOL ? 0 : k == VK_INT ? 1 : 2;
}

/* The element type a tensor and a Python number (kind K) promote to. */
static DType promote_with_number(DType t, ValueKind k)
{
    if (dtype_is_float(t))
        return t;
    if (k == VK_FLOAT)
        return DT_FLOAT;
    if (k == VK_INT && t == DT_BOOL)
        return DT_INT64;
    return t;
}

static IrType value_ir_type(Interp *in, const Value *v)
{
    if (v->kind == VK_TENSOR)
        return ir_type_tensor(in->arena, v->u.tensor->dtype, v->u.tensor->rank, v->u.tensor->dims);
    return ir_type_scalar(bridge_number_dtype(v->kind));
}

/* The type covering both A and B: equal dimensions stay, others become
 * unknown; different ranks give an unknown rank. */
static IrType widen_type(Interp *in, const IrType *a, const IrType *b, DType dt)
{
    if (a->rank != b->rank || a->rank < 0)
        return ir_type_unknown_rank(dt);
    IrType t = ir_type_tensor(in->arena, dt, a->rank, a->dims);
    for (int i = 0; i < a->rank; i++)
        if (!dim_equal(a->dims[i], b->dims[i]))
            t.dims[i] = dim_unknown();
    return t;
}

static Plan *plan_leaf(Merger *g, Leaf *lf)
{
    Plan *p = arena_alloc(g->in->arena, sizeof *p);
    p->kind = PLAN_LEAF;
    p->leaf = g->leaves.len;
    ptrvec_push(g->in->arena, &g->leaves, lf);
    return p;
}

static Plan *leaf_numbers_tensors(Merger *g, Value *a, Value *b);

/* Tensors of different ranks: one If output per side, each holding its
 * side's tensor where that side ran (sema/flow/rank.c). */
static Plan *leaf_ranks(Merger *g, Value *a, Value *b)
{
    Interp *in = g->in;
    Value *pa = flow_zeros_shaped_like(in, a, 0), *pb = flow_zeros_shaped_like(in, b, 0);
    if (!pa || !pb)
        return NULL;
    Plan *p = arena_alloc(in->arena, sizeof *p);
    p->kind = PLAN_RANKS;
    p->n = 2;
    p->items = arena_alloc(in->arena, sizeof(Plan *) * 2);
    p->items[0] = leaf_numbers_tensors(g, a, pa);
    p->items[1] = leaf_numbers_tensors(g, pb, b);
    return p;
}

static Plan *leaf_numbers_tensors(Merger *g, Value *a, Value *b)
{
    Interp *in = g->in;
    if (a->kind == VK_TENSOR && b->kind == VK_TENSOR && a->u.tensor->rank >= 0 && b->u.tensor->rank >= 0 &&
        a->u.tensor->rank != b->u.tensor->rank && g->m->cond)
        return leaf_ranks(g, a, b);
    Leaf *lf = arena_alloc(in->arena, sizeof *lf);
    lf->v[0] = a;
    lf->v[1] = b;
    if (is_number(a) && is_number(b)) {
        lf->form = LEAF_NUMBER;
        lf->number_kind = number_rank(a->kind) >= number_rank(b->kind) ? a->kind : b->kind;
        lf->type = ir_type_scalar(bridge_number_dtype(lf->number_kind));
        return plan_leaf(g, lf);
    }
    DType dt;
    if (a->kind == VK_TENSOR && b->kind == VK_TENSOR)
        dt = native_promote_types(a->u.tensor->dtype, b->u.tensor->dtype);
    else if (a->kind == VK_TENSOR)
        dt = promote_with_number(a->u.tensor->dtype, b->kind);
    else
        dt = promote_with_number(b->u.tensor->dtype, a->kind);
    IrType ta = value_ir_type(in, a), tb = value_ir_type(in, b);
    lf->form = LEAF_TENSOR;
    lf->type = widen_type(in, &ta, &tb, dt);
    return plan_leaf(g, lf);
}

static Plan *leaf_list(Merger *g, const char *label, Value *a, Value *b)
{
    Interp *in = g->in;
    IrType ea, eb;
    bool ka = flow_dynlist_elem_type(in, a, &ea), kb = flow_dynlist_elem_type(in, b, &eb);
    if (!ka && !kb) {
        merge_error(g, "%s is a list whose items are not all tensors of one element type; it cannot "
                    "differ between the two sides of %s%s", label, g->m->construct, "");
        return NULL;
    }
    if (ka && kb && ea.dtype != eb.dtype) {
        merge_error(g, "%s holds %s on the two sides of %s; a list of run-time length holds items of one "
                    "element type", label, arena_sprintf(in->arena, "%s and %s tensors", dtype_name(ea.dtype),
                                                         dtype_name(eb.dtype)), g->m->construct);
        return NULL;
    }
    Leaf *lf = arena_alloc(in->arena, sizeof *lf);
    lf->v[0] = a;
    lf->v[1] = b;
    lf->form = LEAF_LIST;
    lf->elem = ka && kb ? widen_type(in, &ea, &eb, ea.dtype) : ka ? ea : eb;
    lf->type = flow_dynlist_carrier_type(in, &lf->elem);
    return plan_leaf(g, lf);
}

/* ---- values ---- */

static const char *kind_text(Interp *in, const Value *v)
{
    if (v->kind == VK_LIST && flow_dynlist_is(v))
        return "a list of run-time length";
    const char *n = val_type_name(in, v);
    return arena_sprintf(in->arena, "%s '%s'", strchr("aeiouAEIOU", n[0]) ? "an" : "a", n);
}

static Plan *merge_values(Merger *g, const char *label, Value *a, Value *b);
static Plan *merge_contents(Merger *g, const char *label, Value *a, Value *b);

/* Whether the code runs in the body of a Loop (whose lists are sequences
 * once their length varies). */
static bool in_loop_body(Interp *in)
{
    for (Region *r = in->region; r; r = r->outer)
        if (r->loop_body)
            return true;
    return false;
}

static Plan *merge_sequences(Merger *g, const char *label, Value *a, Value *b)
{
    if (a->kind == VK_LIST && (flow_dynlist_is(a) || flow_dynlist_is(b)))
        return leaf_list(g, label, a, b);
    return merge_contents(g, label, a, b);
}

/* The contents of two lists or tuples: run-time lists as one If output,
 * others item by item. */
static Plan *merge_contents(Merger *g, const char *label, Value *a, Value *b)
{
    Interp *in = g->in;
    if (a->kind == VK_LIST && (flow_dynlist_is(a) || flow_dynlist_is(b)))
        return leaf_list(g, label, a, b);
    int n = a->u.list->len;
    if (n != b->u.list->len && a->kind == VK_LIST && in_loop_body(in))
        return leaf_list(g, label, a, b);   /* a list growing in a run-time loop: a sequence */
    if (n != b->u.list->len) {
        char lens[96];
        snprintf(lens, sizeof lens, "%d item%s on %s but %d on %s", n, n == 1 ? "" : "s",
                 g->m->b[0]->what, b->u.list->len, g->m->b[1]->what);
        merge_error(g, "%s has %s of %s; the length of a list or tuple cannot depend on a run-time "
                    "condition", label, lens, g->m->construct);
        return NULL;
    }
    Plan *p = arena_alloc(in->arena, sizeof *p);
    p->kind = PLAN_SEQ;
    p->seq_kind = a->kind;
    p->n = n;
    p->items = arena_alloc(in->arena, sizeof(Plan *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++) {
        const char *item = arena_sprintf(in->arena, "item %d of %s", i, label);
        p->items[i] = merge_values(g, item, a->u.list->items[i], b->u.list->items[i]);
        if (!p->items[i])
            return NULL;
    }
    return p;
}

/* "the module 'encoder.0'", "a 'Foo' object", or the repr of a value. */
static const char *describe(Interp *in, Value *v)
{
    if (v->kind != VK_INSTANCE)
        return val_repr(in, v);
    Value *path = val_scope_get(v->u.inst->attrs, intern(&in->c->names, "_tsc_path"));
    if (path && path->kind == VK_STR)
        return path->u.s.len ? arena_sprintf(in->arena, "the module '%s'", path->u.s.ptr) : "the model itself";
    return arena_sprintf(in->arena, "a '%s' object", val_type_name(in, v));
}

/* None on one side (or an optional on either): the pair (present, value),
 * merged item by item, an optional again once materialized. */
static Plan *merge_optional(Merger *g, const char *label, Value *a, Value *b)
{
    Interp *in = g->in;
    Value *pa = flow_optional_pair(in, a, b), *pb = flow_optional_pair(in, b, a);
    if (!pa || !pb) {
        merge_error(g, "%s is None on one side of %s and a value of unknown shape on the other%s", label,
                    g->m->construct, "");
        return NULL;
    }
    Plan *p = merge_contents(g, label, pa, pb);
    if (p && p->kind == PLAN_SEQ)
        p->seq_kind = VK_OPTIONAL;
    return p;
}

static Plan *merge_values(Merger *g, const char *label, Value *a, Value *b)
{
    if (a->kind == VK_ERROR || b->kind == VK_ERROR)
        return plan_value(g, a->kind == VK_ERROR ? a : b);
    if (flow_same_value(a, b))
        return plan_value(g, a);
    if (is_tensor_like(a) && is_tensor_like(b))
        return leaf_numbers_tensors(g, a, b);
    if (a->kind == b->kind && (a->kind == VK_TUPLE || a->kind == VK_LIST))
        return merge_sequences(g, label, a, b);
    Interp *in = g->in;
    if (flow_optional_mergeable(a, b))
        return merge_optional(g, label, a, b);
    if (a->kind != b->kind) {
        char which[300];
        snprintf(which, sizeof which, "%s on %s but %s on %s", kind_text(in, a), g->m->b[0]->what,
                 kind_text(in, b), g->m->b[1]->what);
        merge_error(g, "%s is %s of %s; both sides must give it the same type", label, which,
                    g->m->construct);
        return NULL;
    }
    merge_error(g, "%s differs between the two sides of %s (%s); only tensors and numbers can "
                "depend on a run-time condition", label, g->m->construct,
                arena_sprintf(in->arena, "%s on %s, %s on %s", describe(in, a), g->m->b[0]->what,
                              describe(in, b), g->m->b[1]->what));
    return NULL;
}

Value *flow_zeros_shaped_like(Interp *in, Value *like, int64_t max_numel)
{
    const Tensor *t = like->kind == VK_TENSOR ? like->u.tensor : NULL;
    if (!t || t->rank < 0)
        return flow_placeholder(in, like);
    int64_t numel = 1;
    for (int i = 0; i < t->rank; i++) {
        int64_t d = dim_is_known(t->dims[i]) ? t->dims[i].value : 0;
        numel = numel > max_numel ? numel : numel * d;
    }
    if (numel > max_numel)
        return flow_placeholder(in, like);
    Tensor *z = arena_alloc(in->arena, sizeof *z);
    int64_t *dims = arena_alloc(in->arena, sizeof(int64_t) * (size_t)(t->rank + 1));
    z->dtype = t->dtype;
    z->rank = t->rank;
    z->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(t->rank + 1));
    for (int i = 0; i < t->rank; i++) {
        dims[i] = dim_is_known(t->dims[i]) ? t->dims[i].value : 0;
        z->dims[i] = dim_known(dims[i]);
    }
    z->is_static = true;
    z->data = ir_tensor_new(in->arena, z->dtype, z->rank, dims);
    z->init = TINIT_DATA;
    return val_tensor(in, z);
}

/* A value of V's type that is never read (the flags say so). */
Value *flow_placeholder(Interp *in, Value *v)
{
    if (val_is_static(v) && !(v->kind == VK_LIST && flow_dynlist_is(v)))
        return v;
    if (is_number(v))
        return v->kind == VK_BOOL ? val_bool(in, false) : v->kind == VK_INT ? val_int(in, 0) : val_float(in, 0);
    if (v->kind == VK_TENSOR && v->u.tensor->rank >= 0) {
        Tensor *t = arena_alloc(in->arena, sizeof *t);
        int64_t *dims = arena_alloc(in->arena, sizeof(int64_t) * (size_t)(v->u.tensor->rank + 1));
        t->dtype = v->u.tensor->dtype;
        t->rank = v->u.tensor->rank;
        t->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(t->rank + 1));
        for (int i = 0; i < t->rank; i++)
            t->dims[i] = dim_known(0);
        t->is_static = true;
        t->data = ir_tensor_new(in->arena, t->dtype, t->rank, dims);
        t->init = TINIT_DATA;
        return val_tensor(in, t);
    }
    if (v->kind == VK_TUPLE || (v->kind == VK_LIST && !flow_dynlist_is(v))) {
        Value *r = v->kind == VK_TUPLE ? val_tuple(in, v->u.list->len) : val_list(in, v->u.list->len);
        for (int i = 0; i < v->u.list->len; i++)
            val_list_push(in, r->u.list, flow_placeholder(in, v->u.list->items[i]));
        return r;
    }
    if (v->kind == VK_LIST)
        return val_list(in, 0);     /* an empty list merges with a run-time one */
    return NULL;
}

/* ---- containers ---- */

static bool is_flag(Interp *in, const char *name)
{
    return name == in->id.flag_break || name == in->id.flag_continue || name == in->id.flag_return;
}

static void add_write(Merger *g, SlotKind kind, void *obj, const char *name, Value *key, Plan *p)
{
    Write *w = arena_alloc(g->in->arena, sizeof *w);
    *w = (Write){kind, obj, name, key, p, NULL};
    ptrvec_push(g->in->arena, &g->writes, w);
}

static bool name_live(Merger *g, Scope *s, const char *name)
{
    Interp *in = g->in;
    const Flow *f = g->m->flow;
    if (s != in->frame->locals || !f || (!g->m->live_after && !g->m->live) || !flow_is_local(f, name))
        return true;
    if (!g->m->live_after)
        return flow_names_contain(*g->m->live, name);
    return flow_live_after(f, g->m->live_after, name);
}

static const char *scope_label(Merger *g, Scope *s, const char *name)
{
    Interp *in = g->in;
    if (s == in->frame->locals)
        return arena_sprintf(in->arena, "'%s'", name);
    return arena_sprintf(in->arena, "attribute or global '%s'", name);
}

/* One name of a namespace: V0, V1 its values at the two ends, O before. */
static void merge_name(Merger *g, Scope *s, const char *name, Value *v0, Value *v1, Value *o)
{
    Interp *in = g->in;
    if (v0 == v1 || (v0 && v1 && flow_same_value(v0, v1))) {
        if (v0 != o)
            add_write(g, SLOT_SCOPE, s, name, NULL, plan_value(g, v0));
        return;
    }
    if (!name_live(g, s, name)) {
        add_write(g, SLOT_SCOPE, s, name, NULL, plan_value(g, NULL));
        return;
    }
    if (is_flag(in, name)) {
        v0 = v0 ? v0 : val_bool(in, false);
        v1 = v1 ? v1 : val_bool(in, false);
    } else if (name == in->id.return_value && (!v0 || !v1)) {
        Value *other = v0 ? v0 : v1;
        Value *ph = flow_placeholder(in, other);
        if (!ph) {
            merge_error(g, "cannot return '%s' from only some run-time paths of %s%s",
                        val_type_name(in, other), g->m->construct, "");
            return;
        }
        v0 = v0 ? v0 : ph;
        v1 = v1 ? v1 : ph;
    } else if (!v0 || !v1) {
        merge_error(g, "%s is defined on %s of %s but not on the other side, and it is used afterwards",
                    scope_label(g, s, name), (v0 ? g->m->b[0] : g->m->b[1])->what, g->m->construct);
        add_write(g, SLOT_SCOPE, s, name, NULL, NULL);
        return;
    }
    add_write(g, SLOT_SCOPE, s, name, NULL, merge_values(g, scope_label(g, s, name), v0, v1));
}

static void push_unique_name(Interp *in, PtrVec *names, const char *name)
{
    for (int i = 0; i < names->len; i++)
        if (names->items[i] == name)
            return;
    ptrvec_push(in->arena, names, (void *)name);
}

static void merge_scope(Merger *g, Scope *s, const RegionState *o, const RegionState *e0, const RegionState *e1)
{
    Interp *in = g->in;
    PtrVec names = {0};
    const RegionState *states[3] = {o, e0, e1};
    for (int k = 0; k < 3; k++) {
        const ScopeEntry *es = states[k]->items;
        for (int i = 0; i < states[k]->len; i++)
            push_unique_name(in, &names, es[i].name);
    }
    for (int i = 0; i < names.len; i++) {
        const char *name = names.items[i];
        merge_name(g, s, name, flow_region_scope_get(e0, name), flow_region_scope_get(e1, name),
                   flow_region_scope_get(o, name));
    }
}

static Value *state_as_list(Interp *in, const RegionState *st)
{
    Value *v = val_list(in, 0);
    v->u.list->items = st->items;
    v->u.list->len = v->u.list->cap = st->len;
    v->u.list->dyn = st->dyn;
    return v;
}

/* A list both sides wrote to: its whole content merges (item by item when
 * the lengths agree), and is written back in place, so every name bound
 * to the list sees the result. */
static void merge_list(Merger *g, ValueList *l, const RegionState *e0, const RegionState *e1)
{
    Interp *in = g->in;
    Plan *p = merge_contents(g, "a list", state_as_list(in, e0), state_as_list(in, e1));
    add_write(g, SLOT_LIST, l, NULL, NULL, p);
    ((Write *)g->writes.items[g->writes.len - 1])->fallback = state_as_list(in, e0);
}

static Value *dict_state_get(const RegionState *st, Value *key)
{
    const DictEntry *es = st->items;
    for (int i = 0; i < st->len; i++)
        if (!es[i].deleted && val_equal_static(es[i].key, key))
            return es[i].value;
    return NULL;
}

static void merge_dict(Merger *g, Dict *d, const RegionState *e0, const RegionState *e1)
{
    Interp *in = g->in;
    const RegionState *states[2] = {e0, e1};
    for (int k = 0; k < 2; k++) {
        const DictEntry *es = states[k]->items;
        for (int i = 0; i < states[k]->len; i++) {
            if (es[i].deleted)
                continue;
            Value *key = es[i].key;
            Value *a = dict_state_get(e0, key), *b = dict_state_get(e1, key);
            if (k == 1 && a)
                continue;   /* seen from the first state */
            const char *label = arena_sprintf(in->arena, "dict item %s", val_repr(in, key));
            if (!a || !b) {
                merge_error(g, "%s is set on %s of %s only", label, (a ? g->m->b[0] : g->m->b[1])->what,
                            g->m->construct);
                add_write(g, SLOT_DICT, d, NULL, key, NULL);
                continue;
            }
            add_write(g, SLOT_DICT, d, NULL, key, merge_values(g, label, a, b));
        }
    }
}

/* A tensor written in place (x[i] = v ...) on either side: its value
 * merges like a variable's, and is written back into the object. */
static void merge_tensor_object(Merger *g, Tensor *t, const RegionState *o, const RegionState *e0,
                                const RegionState *e1)
{
    Interp *in = g->in;
    Value *a = val_tensor(in, e0->items), *b = val_tensor(in, e1->items);
    if (flow_same_value(a, b)) {
        if (!flow_same_value(a, val_tensor(in, o->items)))
            add_write(g, SLOT_TENSOR, t, NULL, NULL, plan_value(g, a));
        return;
    }
    add_write(g, SLOT_TENSOR, t, NULL, NULL, merge_values(g, "a tensor written in place", a, b));
}

static void merge_containers(Merger *g)
{
    Interp *in = g->in;
    PtrVec objs = {0};
    for (int k = 0; k < 2; k++) {
        PtrVec *es = &g->m->b[k]->region.entries;
        for (int i = 0; i < es->len; i++) {
            RegionEntry *e = es->items[i];
            bool seen = false;
            for (int j = 0; j < objs.len && !seen; j++)
                seen = ((RegionEntry *)objs.items[j])->obj == e->obj;
            if (!seen)
                ptrvec_push(in->arena, &objs, e);
        }
    }
    for (int i = 0; i < objs.len; i++) {
        RegionEntry *e = objs.items[i];
        RegionEntry *x = flow_region_find(&g->m->b[0]->region, e->obj);
        RegionEntry *y = flow_region_find(&g->m->b[1]->region, e->obj);
        const RegionState *o = &e->orig;
        const RegionState *e0 = x ? &x->end : o, *e1 = y ? &y->end : o;
        switch (e->kind) {
        case RO_SCOPE: merge_scope(g, e->obj, o, e0, e1); break;
        case RO_LIST: merge_list(g, e->obj, e0, e1); break;
        case RO_DICT: merge_dict(g, e->obj, e0, e1); break;
        case RO_TENSOR: merge_tensor_object(g, e->obj, o, e0, e1); break;
        }
    }
}

/* ---- emission ---- */

IrValue *flow_value_as(Interp *in, Value *v, const IrType *t, bool list, Span span)
{
    if (list)
        return flow_dynlist_carrier(in, v, t, span);
    if (v->kind != VK_TENSOR && !v->dyn)
        v = bridge_const_value(in, v, t->dtype, span);
    else if (v->kind != VK_TENSOR)
        v = bridge_wrap(in, v->dyn);
    if (v->kind != VK_TENSOR)
        return NULL;
    if (v->u.tensor->dtype != t->dtype)
        v = bridge_cast(in, v, t->dtype, span);
    return v && v->kind == VK_TENSOR ? bridge_ir_of(in, v, span) : NULL;
}

/* Leaf LF's value on side K as an output of that side's subgraph. */
static IrValue *leaf_output(Merger *g, Leaf *lf, int k)
{
    Interp *in = g->in;
    Lower *L = in->lower;
    Span span = g->m->span;
    IrGraph *graph = g->m->b[k]->region.graph;
    IrGraph *saved = L->graph;
    L->graph = graph;
    bool list = lf->form == LEAF_LIST;
    IrValue *ir = flow_value_as(in, lf->v[k], list ? &lf->elem : &lf->type, list, span);
    IrValue *out = ir ? lower_graph_output(L, graph, ir, &ir->type, span) : NULL;
    L->graph = saved;
    return out;
}

static bool emit_if(Merger *g)
{
    Interp *in = g->in;
    int n = g->leaves.len;
    if (n == 0)
        return true;
    IrType *types = arena_alloc(in->arena, sizeof(IrType) * (size_t)n);
    for (int i = 0; i < n; i++) {
        Leaf *lf = g->leaves.items[i];
        types[i] = lf->type;
        if (!leaf_output(g, lf, 0) || !leaf_output(g, lf, 1))
            return false;
    }
    IrNode *node = lower_if(in->lower, g->m->cond, g->m->b[0]->region.graph, g->m->b[1]->region.graph,
                            types, n, g->m->span);
    for (int i = 0; i < n; i++) {
        Leaf *lf = g->leaves.items[i];
        IrValue *out = node->outputs[i];
        if (lf->form == LEAF_NUMBER)
            lf->result = bridge_runtime_number(in, lf->number_kind, out);
        else if (lf->form == LEAF_LIST)
            lf->result = flow_dynlist_from_carrier(in, out);
        else
            lf->result = bridge_wrap(in, out);
    }
    return true;
}

static Value *materialize(Merger *g, Plan *p)
{
    Interp *in = g->in;
    if (!p)
        return val_error(in);
    switch (p->kind) {
    case PLAN_VALUE: return p->value;
    case PLAN_UNBIND: return NULL;
    case PLAN_LEAF: {
        Value *r = ((Leaf *)g->leaves.items[p->leaf])->result;
        return r ? r : val_error(in);
    }
    case PLAN_RANKS:
        return flow_ranks_make(in, g->m->cond, materialize(g, p->items[0]), materialize(g, p->items[1]));
    case PLAN_SEQ: {
        if (p->seq_kind == VK_OPTIONAL)
            return flow_optional_make(in, materialize(g, p->items[0]), materialize(g, p->items[1]));
        Value *r = p->seq_kind == VK_TUPLE ? val_tuple(in, p->n) : val_list(in, p->n);
        for (int i = 0; i < p->n; i++)
            val_list_push(in, r->u.list, materialize(g, p->items[i]));
        return r;
    }
    }
    return NULL;
}

static void do_write(Merger *g, Write *w)
{
    Interp *in = g->in;
    Value *v = materialize(g, w->plan);
    switch (w->kind) {
    case SLOT_SCOPE:
        flow_write_scope(in, w->obj);
        if (v)
            val_scope_set(in->arena, w->obj, w->name, v);
        else
            val_scope_del(w->obj, w->name);
        break;
    case SLOT_LIST: {
        ValueList *l = w->obj;
        flow_write_list(in, l);
        if (!v || v->kind != VK_LIST)
            v = w->fallback;
        if (v && v->kind == VK_LIST) {
            l->items = v->u.list->items;
            l->len = v->u.list->len;
            l->cap = v->u.list->cap;
            l->dyn = v->u.list->dyn;
        }
        break;
    }
    case SLOT_DICT:
        val_dict_set(in, w->obj, w->key, v);
        break;
    case SLOT_TENSOR:
        if (v && v->kind == VK_TENSOR)
            native_assign(in, w->obj, v->u.tensor);
        break;
    }
}

/* One side raised: the other side's effects happen unconditionally. */
static Value *take_one_side(Interp *in, Branch *b)
{
    lower_inline_graph(in->lower, b->region.graph);
    flow_region_apply_end(in, &b->region);
    return b->result ? b->result : val_none(in);
}

Value *flow_merge(Interp *in, MergeSpec *m)
{
    Branch *b0 = m->b[0], *b1 = m->b[1];
    if (!interp_exc_catchable(in)) {
        in->exc = in->abort;    /* a limit is never "this branch raises" */
        return NULL;
    }
    if (b0->status == EXEC_RAISE && b1->status == EXEC_RAISE) {
        in->exc = b0->exc;
        in->exc_span = b0->exc_span;
        return NULL;
    }
    /* a run-time check that raises is dropped, like a run-time assert */
    if (b0->status == EXEC_RAISE)
        return take_one_side(in, b1);
    if (b1->status == EXEC_RAISE)
        return take_one_side(in, b0);
    Merger g = {.in = in, .m = m};
    merge_containers(&g);
    Plan *result = NULL;
    if (m->merge_results && !g.failed && b0->result && b1->result)
        result = merge_values(&g, "the value", b0->result, b1->result);
    /* after an error, what failed is poison (the writes still happen, so
     * that later code does not report the same problem again) */
    if (!g.failed && !emit_if(&g))
        g.failed = true;
    for (int i = 0; i < g.writes.len; i++)
        do_write(&g, g.writes.items[i]);
    if (g.failed)
        return val_error(in);
    return result ? materialize(&g, result) : val_none(in);
}
