/* Trace specialization: the script graph walked with the evaluator on the
 * example inputs, emitting the graph torch.jit.trace would record (see
 * opt/specialize.h).
 *
 * The walk keeps, for every value of the script graph, a Binding: the value
 * of the trace that stands for it in the current instance and its value on
 * the example.  A Loop body is walked once per iteration, so its values are
 * bound again each time; an inner Loop may run a different number of times
 * in each iteration of an outer one.  A value is freed after its last
 * reader in its graph (readers inside bodies count for the If/Loop node),
 * so memory stays near the script's own live set.
 *
 * Bindings also say whether a value is a constant of the trace (computed
 * from initializers, iteration numbers and frozen numbers only): a branch
 * whose condition is one is reported at the conversion that froze it, not
 * again at the branch. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ir/opschema.h"
#include "lower/lower.h"
#include "opt/fold.h"
#include "opt/specialize.h"

typedef struct Binding {
    IrValue *value;         /* in the trace */
    EvalValue *ev;          /* its value on the example (a reference) */
    bool constant;
    bool data;              /* not constant, and computed from the inputs'
                             * values, not only from their sizes (Shape, Size) */
} Binding;

/* Per script graph: the values it owns that die after each node. */
typedef struct ReleasePlan {
    const IrGraph *graph;
    PtrVec *after;          /* per node: const IrValue * */
} ReleasePlan;

/* How many names were made from one hint in one model (a loop unrolled a
 * million times asks for Add_out a million times: ir_unique_value_name
 * alone would try Add_out_1, Add_out_2 ... each time). */
typedef struct NameCount {
    const IrModel *model;
    const char *hint;           /* interned */
    bool node;                  /* a node name, not a value name */
    int next;
} NameCount;

typedef struct Spec {
    IrModel *src, *dst;
    IrGraph *top;           /* dst->graph */
    IrGraph *out;           /* where nodes go: top, or aside while a kept
                             * node's control flow is evaluated */
    Arena *arena;
    Evaluator ev;
    Binding *env;           /* by script IrValue.id */
    int n_env;
    PtrVec plans;           /* ReleasePlan * */
    SpecResult *res;
    const SpecOptions *opt;
    char *err;
    Span err_span;
    int depth;
    int shadow;             /* > 0: evaluating a kept node's control flow, not recording */
    NameCount *names;       /* open addressing */
    size_t names_cap, names_len;
} Spec;

#define SPEC_MAX_DEPTH 64

static bool fail(Spec *s, Span span, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool fail(Spec *s, Span span, const char *fmt, ...)
{
    if (s->err)
        return false;
    va_list ap;
    va_start(ap, fmt);
    s->err = arena_vsprintf(s->arena, fmt, ap);
    va_end(ap);
    s->err_span = span;
    return false;
}

/* ---- names ------------------------------------------------------------------- */

static size_t name_slot(const Spec *s, const IrModel *m, const char *hint, bool node)
{
    size_t h = ((uintptr_t)hint >> 4) * 31 + ((uintptr_t)m >> 4) * 7 + node;
    size_t j = h & (s->names_cap - 1);
    while (s->names[j].hint && !(s->names[j].hint == hint && s->names[j].model == m && s->names[j].node == node))
        j = (j + 1) & (s->names_cap - 1);
    return j;
}

static void grow_names(Spec *s)
{
    NameCount *old = s->names;
    size_t old_cap = s->names_cap;
    s->names_cap = old_cap ? old_cap * 2 : 1024;
    s->names = calloc(s->names_cap, sizeof *s->names);
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].hint)
            s->names[name_slot(s, old[i].model, old[i].hint, old[i].node)] = old[i];
    free(old);
}

/* The name to ask M for: HINT the first time, then HINT_1, HINT_2 ... (M
 * still makes it unique when another value took it). */
static const char *fresh_name(Spec *s, IrModel *m, const char *hint, bool node)
{
    hint = intern(m->names, hint && *hint ? hint : "v");
    if ((s->names_len + 1) * 2 > s->names_cap)
        grow_names(s);
    NameCount *c = &s->names[name_slot(s, m, hint, node)];
    if (!c->hint) {
        *c = (NameCount){m, hint, node, 0};
        s->names_len++;
    }
    int k = c->next++;
    return k ? arena_join_number(s->arena, hint, 0, "_", k, "") : hint;
}

static IrValue *new_value(Spec *s, IrGraph *g, const char *hint, IrType type, Span span)
{
    return ir_value_new(g, fresh_name(s, g->model, hint, false), type, span);
}

static IrValue *new_initializer(Spec *s, IrGraph *g, const char *hint, IrTensor *t, Span span)
{
    return ir_add_initializer(g, fresh_name(s, g->model, hint, false), t, span);
}

/* ---- bindings ---------------------------------------------------------------- */

static void unbind(Spec *s, const IrValue *v)
{
    Binding *b = &s->env[v->id];
    eval_release(b->ev);
    memset(b, 0, sizeof *b);
}

/* Binds script value V to trace value T with value EV (the reference is
 * taken over). */
static void bind(Spec *s, const IrValue *v, IrValue *t, EvalValue *ev, bool constant)
{
    Binding *b = &s->env[v->id];
    eval_release(b->ev);
    b->value = t;
    b->ev = ev;
    b->constant = constant;
    b->data = !constant;    /* a size-only dependence is set by the caller */
}

static Binding copy_binding(const Binding *b)
{
    Binding c = *b;
    eval_retain(c.ev);
    return c;
}

static void drop_binding(Binding *b)
{
    eval_release(b->ev);
    memset(b, 0, sizeof *b);
}

/* A constant tensor of the trace: an initializer holding T. */
static IrValue *add_constant(Spec *s, const char *hint, IrTensor *t, Span span)
{
    return new_initializer(s, s->out, hint, t, span);
}

/* The binding of script value V; an initializer of the script is made an
 * initializer of the trace the first time it is read. */
static Binding *lookup(Spec *s, const IrValue *v, Span span)
{
    Binding *b = &s->env[v->id];
    if (b->value)
        return b;
    if (v->init && !v->producer) {
        ir_tensor_force(s->arena, v->init);     /* a deferred parameter is made now */
        EvalValue *ev = eval_tensor_borrow(v->init);
        if (!ev) {
            fail(s, span, "initializer '%s': %s tensors are not supported by the evaluator", v->name,
                 dtype_name(v->init->dtype));
            return NULL;
        }
        bind(s, v, new_initializer(s, s->top, v->name, v->init, v->span), ev, true);
        return b;
    }
    fail(s, span, "internal error: value '%s' has no value in the trace", v->name);
    return NULL;
}

/* ---- release plans ---------------------------------------------------------------- */

static void mark_node_reads(const IrNode *n, int i, int *last, const char *owned);

/* Every value BODY reads, as read by node I of the enclosing graph. */
static void mark_body_reads(const IrGraph *body, int i, int *last, const char *owned)
{
    for (int j = 0; j < body->nodes.len; j++)
        mark_node_reads(body->nodes.items[j], i, last, owned);
    for (int j = 0; j < body->outputs.len; j++) {
        const IrValue *v = body->outputs.items[j];
        if (owned[v->id])
            last[v->id] = i;
    }
}

static void mark_node_reads(const IrNode *n, int i, int *last, const char *owned)
{
    for (int k = 0; k < n->n_inputs; k++)
        if (n->inputs[k] && owned[n->inputs[k]->id])
            last[n->inputs[k]->id] = i;
    for (int a = 0; a < n->n_attrs; a++)
        if (n->attrs[a].kind == IR_ATTR_GRAPH && n->attrs[a].g)
            mark_body_reads(n->attrs[a].g, i, last, owned);
}

/* After which node of G each value G owns (its inputs and node outputs,
 * not its outputs) is read for the last time. */
static ReleasePlan *make_plan(Spec *s, const IrGraph *g)
{
    int nv = s->src->next_value_id + 1, nn = g->nodes.len;
    char *owned = calloc((size_t)nv, 1);
    int *last = malloc(sizeof(int) * (size_t)nv);
    for (int i = 0; i < nv; i++)
        last[i] = -1;
    for (int i = 0; i < g->inputs.len; i++)
        owned[((IrValue *)g->inputs.items[i])->id] = 1;
    for (int i = 0; i < nn; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++)
            if (n->outputs[k]) {
                owned[n->outputs[k]->id] = 1;
                last[n->outputs[k]->id] = i;
            }
    }
    for (int i = 0; i < g->outputs.len; i++)
        owned[((IrValue *)g->outputs.items[i])->id] = 0;
    for (int i = 0; i < nn; i++)
        mark_node_reads(g->nodes.items[i], i, last, owned);
    ReleasePlan *p = arena_alloc(s->arena, sizeof *p);
    p->graph = g;
    p->after = arena_alloc(s->arena, sizeof(PtrVec) * (size_t)(nn + 1));
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        if (owned[v->id] && last[v->id] < 0)
            last[v->id] = 0;    /* never read: goes after the first node */
    }
    for (int id = 0; id < nv; id++)
        if (owned[id] && last[id] >= 0 && nn > 0)
            ptrvec_push(s->arena, &p->after[last[id]], (void *)(intptr_t)id);
    free(owned);
    free(last);
    ptrvec_push(s->arena, &s->plans, p);
    return p;
}

static ReleasePlan *plan_for(Spec *s, const IrGraph *g)
{
    for (int i = 0; i < s->plans.len; i++) {
        ReleasePlan *p = s->plans.items[i];
        if (p->graph == g)
            return p;
    }
    return make_plan(s, g);
}

static void release_after(Spec *s, const ReleasePlan *p, int i)
{
    const PtrVec *r = &p->after[i];
    for (int k = 0; k < r->len; k++) {
        int id = (int)(intptr_t)r->items[k];
        eval_release(s->env[id].ev);
        memset(&s->env[id], 0, sizeof(Binding));
    }
}

/* Forgets every value G owns (after its outputs were taken). */
static void release_graph(Spec *s, const IrGraph *g)
{
    for (int i = 0; i < g->inputs.len; i++)
        unbind(s, g->inputs.items[i]);
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++)
            if (n->outputs[k])
                unbind(s, n->outputs[k]);
    }
}

/* ---- emitting nodes ------------------------------------------------------------------- */

static bool count_node(Spec *s, Span span)
{
    if (++s->res->nodes > s->opt->max_nodes)
        return fail(s, span, "the trace grows beyond %lld nodes (a loop that runs very long?)",
                    (long long)s->opt->max_nodes);
    if (s->opt->max_memory && (int64_t)s->arena->total > s->opt->max_memory)
        return fail(s, span, "the trace needs more than %lld MiB of memory (--limit memory=N raises the limit)",
                    (long long)(s->opt->max_memory >> 20));
    return true;
}

/* A node of the trace in G: a copy of TEMPLATE's fields with INPUTS and
 * fresh outputs named after OUTS (NULL entries: omitted outputs). */
static IrNode *emit_node_in(Spec *s, IrGraph *g, const IrNode *template, IrValue **inputs,
                            const IrValue *const *outs)
{
    IrModel *m = g->model;
    IrNode *c = arena_alloc(s->arena, sizeof *c);
    *c = *template;
    c->trace_point = NULL;
    c->graph = g;
    c->id = m->next_node_id++;
    c->name = ir_unique_node_name(m, fresh_name(s, m, template->name ? template->name : template->op_type, true));
    c->inputs = arena_alloc(s->arena, sizeof(IrValue *) * (size_t)(c->n_inputs + 1));
    if (c->n_inputs)
        memcpy(c->inputs, inputs, sizeof(IrValue *) * (size_t)c->n_inputs);
    c->attrs = arena_alloc(s->arena, sizeof(IrAttr) * (size_t)(c->n_attrs + 1));
    if (c->n_attrs)
        memcpy(c->attrs, template->attrs, sizeof(IrAttr) * (size_t)c->n_attrs);
    c->cap_attrs = c->n_attrs;
    c->outputs = arena_alloc(s->arena, sizeof(IrValue *) * (size_t)(c->n_outputs + 1));
    for (int k = 0; k < c->n_outputs; k++) {
        if (!outs[k])
            continue;
        IrValue *v = new_value(s, g, outs[k]->name, outs[k]->type, outs[k]->span);
        v->producer = c;
        v->producer_output = k;
        c->outputs[k] = v;
    }
    ptrvec_push(s->arena, &g->nodes, c);
    return c;
}

static IrNode *emit_node(Spec *s, const IrNode *template, IrValue **inputs, const IrValue *const *outs)
{
    return emit_node_in(s, s->out, template, inputs, outs);
}

/* Runs trace node C on EV_IN; OUT receives its outputs' values. */
static bool run(Spec *s, const IrNode *c, EvalValue *const *ev_in, EvalValue **out, Span span)
{
    if (eval_node(&s->ev, c, ev_in, out) != EVAL_OK)
        return fail(s, span, "%s", eval_error(&s->ev));
    return true;
}

/* An ordinary node: copied with its inputs remapped, then run. */
static bool copy_node(Spec *s, const IrNode *n)
{
    int ni = n->n_inputs, no = n->n_outputs;
    IrValue **in = calloc((size_t)ni + 1, sizeof *in);
    EvalValue **ev_in = calloc((size_t)ni + 1, sizeof *ev_in), **out = calloc((size_t)no + 1, sizeof *out);
    bool constant = !opt_is_random(n), ok = count_node(s, n->span), data = false;
    bool sizes = !strcmp(n->op_type, "Shape") || !strcmp(n->op_type, "Size");
    for (int k = 0; k < ni && ok; k++) {
        if (!n->inputs[k])
            continue;
        Binding *b = lookup(s, n->inputs[k], n->span);
        ok = b != NULL;
        if (ok) {
            in[k] = b->value;
            ev_in[k] = b->ev;
            constant &= b->constant;
            data |= b->data && !sizes;
        }
    }
    IrNode *c = ok ? emit_node(s, n, in, (const IrValue *const *)n->outputs) : NULL;
    ok = ok && run(s, c, ev_in, out, n->span);
    for (int k = 0; k < no && ok; k++)
        if (n->outputs[k]) {
            bind(s, n->outputs[k], c->outputs[k], out[k], constant);
            s->env[n->outputs[k]->id].data = data || opt_is_random(n);
        } else {
            eval_release(out[k]);
        }
    free(in);
    free(ev_in);
    free(out);
    return ok;
}

/* ---- the records --------------------------------------------------------------------- */

static const char *number_text(Arena *a, const EvalValue *v, const char *kind)
{
    if (v->kind != EVAL_TENSOR || v->numel < 1)
        return arena_strdup(a, "?");
    bool integral = !strcmp(kind, "int") || !strcmp(kind, "index");
    if (!strcmp(kind, "bool") || v->dtype == DT_BOOL)
        return eval_get_f64(v, 0) != 0 ? "True" : "False";
    if (integral || dtype_is_int(v->dtype))
        return arena_sprintf(a, "%lld", (long long)eval_get_i64(v, 0));
    return arena_sprintf(a, "%.9g", eval_get_f64(v, 0));
}

/* A marked conversion: its output becomes a constant with the example's value. */
static bool freeze(Spec *s, const IrNode *n)
{
    Binding *b = n->n_inputs == 1 && n->inputs[0] ? lookup(s, n->inputs[0], n->span) : NULL;
    if (!b)
        return fail(s, n->span, "internal error: a conversion without its tensor");
    if (b->ev->kind != EVAL_TENSOR)
        return fail(s, n->span, "internal error: a conversion of a %s",
                    eval_value_type_str(s->arena, b->ev));
    const char *kind = n->trace_point;
    IrValue *c = add_constant(s, arena_sprintf(s->arena, "%s_value", kind),
                              eval_to_ir_tensor(s->arena, b->ev), n->span);
    SpecRecord *r = opt_spec_note(s->arena, s->res, SPEC_CONVERSION, n->span,
                                  number_text(s->arena, b->ev, kind));
    r->what = kind;
    r->input_dependent |= !b->constant;
    r->from_data |= b->data;
    bind(s, n->outputs[0], c, eval_retain(b->ev), true);
    return true;
}

static const IrGraph *graph_attr(const IrNode *n, const char *name)
{
    for (int i = 0; i < n->n_attrs; i++)
        if (n->attrs[i].kind == IR_ATTR_GRAPH && !strcmp(n->attrs[i].name, name))
            return n->attrs[i].g;
    return NULL;
}

static bool has_graph_attr(const IrNode *n)
{
    for (int i = 0; i < n->n_attrs; i++)
        if (n->attrs[i].kind == IR_ATTR_GRAPH)
            return true;
    return false;
}

static bool scalar_of(Spec *s, const Binding *b, const char *what, Span span, int64_t *v)
{
    if (!b->ev || b->ev->kind != EVAL_TENSOR || b->ev->numel != 1)
        return fail(s, span, "the %s must be a one-element tensor", what);
    *v = eval_get_i64(b->ev, 0);
    return true;
}

/* ---- graphs ------------------------------------------------------------------------------ */

static bool walk_node(Spec *s, const IrNode *n);

/* One instance of G: its nodes walked in order (its inputs already bound). */
static bool walk_graph(Spec *s, const IrGraph *g)
{
    if (s->depth >= SPEC_MAX_DEPTH)
        return fail(s, SPAN_NONE, "control flow nested more than %d deep", SPEC_MAX_DEPTH);
    s->depth++;
    const ReleasePlan *p = plan_for(s, g);
    bool ok = true;
    for (int i = 0; i < g->nodes.len && ok; i++) {
        ok = walk_node(s, g->nodes.items[i]);
        if (ok)
            release_after(s, p, i);
    }
    s->depth--;
    return ok;
}

/* If: the taken branch's nodes, inline; its outputs are the If's. */
static bool walk_if(Spec *s, const IrNode *n)
{
    Binding *cond = n->n_inputs == 1 && n->inputs[0] ? lookup(s, n->inputs[0], n->span) : NULL;
    int64_t v = 0;
    if (!cond || !scalar_of(s, cond, "condition of an If", n->span, &v))
        return false;
    SpecRecord *r = opt_spec_note(s->arena, s->res, SPEC_BRANCH, n->span, v ? "True" : "False");
    r->n_true += v != 0;
    r->input_dependent |= !cond->constant;
    r->from_data |= cond->data;
    const IrGraph *g = graph_attr(n, v ? "then_branch" : "else_branch");
    if (!g || g->outputs.len != n->n_outputs)
        return fail(s, n->span, "internal error: an If whose branch does not match it");
    if (!walk_graph(s, g))
        return false;
    for (int k = 0; k < n->n_outputs; k++) {
        Binding *b = lookup(s, g->outputs.items[k], n->span);
        if (!b)
            return false;
        Binding c = copy_binding(b);
        if (n->outputs[k]) {
            bind(s, n->outputs[k], c.value, c.ev, c.constant);
            s->env[n->outputs[k]->id].data = c.data;
        } else {
            drop_binding(&c);
        }
    }
    release_graph(s, g);
    return true;
}

/* ---- loops --------------------------------------------------------------------------------- */

typedef struct LoopRun {
    const IrNode *node;
    const IrGraph *body;
    int n_carried, n_scan;
    Binding cond;           /* the body's cond_in in the next iteration */
    Binding *carried;       /* n_carried */
    PtrVec *scans;          /* n_scan lists of Binding *, one per iteration */
    int64_t iterations;
    bool constant;          /* trip count and conditions are constants of the trace */
    bool data;              /* some came from the inputs' values, not only their sizes */
} LoopRun;

static IrTensor *bool_tensor(Arena *a, bool v)
{
    IrTensor *t = ir_tensor_new(a, DT_BOOL, 0, NULL);
    *(uint8_t *)t->data = v;
    return t;
}

static Binding constant_binding(Spec *s, const char *hint, IrTensor *t, Span span)
{
    Binding b = {add_constant(s, hint, t, span), eval_tensor_borrow(t), true, false};
    return b;
}

static void bind_copy(Spec *s, const IrValue *v, const Binding *b)
{
    Binding c = copy_binding(b);
    bind(s, v, c.value, c.ev, c.constant);
    s->env[v->id].data = c.data;
}

/* One iteration: the body walked with the iteration number a constant. */
static bool loop_iteration(Spec *s, LoopRun *L, bool *cond)
{
    const IrGraph *body = L->body;
    Span span = L->node->span;
    const IrValue *iter = body->inputs.items[0];
    Binding it = constant_binding(s, iter->name, ir_tensor_scalar_i64(s->arena, L->iterations), span);
    bind(s, iter, it.value, it.ev, true);
    bind_copy(s, body->inputs.items[1], &L->cond);
    for (int k = 0; k < L->n_carried; k++)
        bind_copy(s, body->inputs.items[2 + k], &L->carried[k]);
    if (!walk_graph(s, body))
        return false;
    Binding *next = lookup(s, body->outputs.items[0], span);
    int64_t c = 0;
    if (!next || !scalar_of(s, next, "condition of a Loop body", span, &c))
        return false;
    *cond = c != 0;
    drop_binding(&L->cond);
    L->cond = copy_binding(next);
    L->constant &= next->constant;
    L->data |= next->data;
    for (int k = 0; k < L->n_carried; k++) {
        Binding *b = lookup(s, body->outputs.items[1 + k], span);
        if (!b)
            return false;
        drop_binding(&L->carried[k]);
        L->carried[k] = copy_binding(b);
    }
    for (int j = 0; j < L->n_scan; j++) {
        Binding *b = lookup(s, body->outputs.items[1 + L->n_carried + j], span);
        if (!b)
            return false;
        Binding *keep = arena_alloc(s->arena, sizeof *keep);
        *keep = copy_binding(b);
        ptrvec_push(s->arena, &L->scans[j], keep);
    }
    release_graph(s, body);
    L->iterations++;
    return true;
}

/* A node made by the trace itself (Unsqueeze, Concat, Identity) in the
 * place of NEAR; its one output is named after OUT. */
static IrNode *emit_new(Spec *s, const char *op, const IrNode *near, IrValue **in, int n_in,
                        const char *out_name, IrType out_type)
{
    IrNode t = {
        .op_type = intern(s->dst->names, op), .domain = intern(s->dst->names, ""),
        .schema = opschema_find(op, "", s->dst->opset, NULL), .name = op,
        .n_inputs = n_in, .n_outputs = 1, .span = near->span, .scope = near->scope,
    };
    IrValue out = {.name = out_name, .type = out_type, .span = near->span};
    const IrValue *outs[1] = {&out};
    return emit_node(s, &t, in, outs);
}

/* TYPE with a new first axis of size 1 (unknown rank stays unknown). */
static IrType unsqueezed(Arena *a, const IrType *type)
{
    if (type->kind != IR_TYPE_TENSOR || type->rank < 0)
        return ir_type_unknown_rank(type->dtype);
    Dim *dims = arena_alloc(a, sizeof(Dim) * (size_t)(type->rank + 1));
    dims[0] = dim_known(1);
    for (int i = 0; i < type->rank; i++)
        dims[i + 1] = type->dims[i];
    return ir_type_tensor(a, type->dtype, type->rank + 1, dims);
}

/* Scan output J: the iterations' values stacked on a new first axis
 * (Unsqueeze each, Concat); no iteration gives the evaluator's empty
 * tensor, shape [0] of the declared element type. */
static bool stack_scan(Spec *s, LoopRun *L, int j, Binding *out)
{
    const IrNode *n = L->node;
    const IrValue *result = n->outputs[L->n_carried + j];
    const IrValue *declared = L->body->outputs.items[1 + L->n_carried + j];
    const char *name = result ? result->name : declared->name;
    PtrVec *items = &L->scans[j];
    if (items->len == 0) {
        int64_t zero = 0;
        DType dt = declared->type.dtype != DT_UNDEFINED ? declared->type.dtype : DT_FLOAT;
        *out = constant_binding(s, name, ir_tensor_new(s->arena, dt, 1, &zero), n->span);
        return true;
    }
    int count = items->len;
    IrValue **parts = calloc((size_t)count, sizeof *parts);
    EvalValue **vals = calloc((size_t)count, sizeof *vals);
    bool ok = true, constant = true, data = false;
    IrValue *axes = NULL;
    if (s->dst->opset >= 13) {
        IrTensor *t = ir_tensor_new(s->arena, DT_INT64, 1, (int64_t[]){1});
        axes = add_constant(s, "axes", t, n->span);
    }
    int64_t zero_axis = 0;
    for (int i = 0; i < count && ok; i++) {
        Binding *b = items->items[i];
        IrValue *in[2] = {b->value, axes};
        EvalValue *ev_in[2] = {b->ev, axes ? eval_tensor_borrow(axes->init) : NULL};
        IrNode *u = emit_new(s, "Unsqueeze", n, in, axes ? 2 : 1, arena_sprintf(s->arena, "%s_item", name),
                             unsqueezed(s->arena, &b->value->type));
        if (!axes)
            ir_set_attr_ints(u, "axes", &zero_axis, 1);
        ok = count_node(s, n->span) && run(s, u, ev_in, &vals[i], n->span);
        eval_release(ev_in[1]);
        parts[i] = u->outputs[0];
        constant &= b->constant;
        data |= b->data;
    }
    if (ok && count == 1) {
        *out = (Binding){parts[0], vals[0], constant, data};
        vals[0] = NULL;
    } else if (ok) {
        IrType type = result ? result->type : ir_type_unknown_rank(declared->type.dtype);
        IrNode *c = emit_new(s, "Concat", n, parts, count, name, type);
        ir_set_attr_int(c, "axis", 0);
        EvalValue *v = NULL;
        ok = count_node(s, n->span) && run(s, c, vals, &v, n->span);
        *out = (Binding){c->outputs[0], v, constant, data};
    }
    for (int i = 0; i < count; i++)
        eval_release(vals[i]);
    free(parts);
    free(vals);
    return ok;
}

static void note_loop(Spec *s, const LoopRun *L, bool condition_exit)
{
    SpecRecord *r = opt_spec_note(s->arena, s->res, SPEC_LOOP, L->node->span,
                                  arena_sprintf(s->arena, "%lld", (long long)L->iterations));
    if (r->executions == 1 || L->iterations < r->min_count)
        r->min_count = L->iterations;
    if (r->executions == 1 || L->iterations > r->max_count)
        r->max_count = L->iterations;
    r->input_dependent |= !L->constant;
    r->from_data |= L->data;
    r->condition_exit |= condition_exit;
}

/* The Loop's outputs: the final carried values, then the stacked scans. */
static bool loop_outputs(Spec *s, LoopRun *L)
{
    const IrNode *n = L->node;
    for (int k = 0; k < L->n_carried; k++)
        if (n->outputs[k])
            bind_copy(s, n->outputs[k], &L->carried[k]);
    for (int j = 0; j < L->n_scan; j++) {
        Binding b;
        if (!stack_scan(s, L, j, &b))
            return false;
        if (n->outputs[L->n_carried + j]) {
            bind(s, n->outputs[L->n_carried + j], b.value, b.ev, b.constant);
            s->env[n->outputs[L->n_carried + j]->id].data = b.data;
        } else {
            drop_binding(&b);
        }
    }
    return true;
}

static bool loop_start(Spec *s, LoopRun *L, int64_t *max, bool *cond)
{
    const IrNode *n = L->node;
    int64_t c = 1;
    *max = INT64_MAX;
    if (n->inputs[0]) {
        Binding *m = lookup(s, n->inputs[0], n->span);
        if (!m || !scalar_of(s, m, "trip count of a Loop", n->span, max))
            return false;
        L->constant &= m->constant;
        L->data |= m->data;
    }
    if (n->inputs[1]) {
        Binding *b = lookup(s, n->inputs[1], n->span);
        if (!b || !scalar_of(s, b, "condition of a Loop", n->span, &c))
            return false;
        L->cond = copy_binding(b);
        L->constant &= b->constant;
        L->data |= b->data;
    } else {
        L->cond = constant_binding(s, "cond", bool_tensor(s->arena, true), n->span);
    }
    *cond = c != 0;
    for (int k = 0; k < L->n_carried; k++) {
        Binding *b = lookup(s, n->inputs[2 + k], n->span);
        if (!b)
            return false;
        L->carried[k] = copy_binding(b);
    }
    return true;
}

/* Loop: the body once per iteration it ran. */
static bool walk_loop(Spec *s, const IrNode *n)
{
    const IrGraph *body = graph_attr(n, "body");
    LoopRun L = {.node = n, .body = body, .n_carried = n->n_inputs - 2, .constant = true};
    if (!body || n->n_inputs < 2 || body->inputs.len != 2 + L.n_carried ||
        body->outputs.len < 1 + L.n_carried || n->n_outputs != body->outputs.len - 1)
        return fail(s, n->span, "internal error: a Loop whose body does not match it");
    L.n_scan = body->outputs.len - 1 - L.n_carried;
    L.carried = calloc((size_t)L.n_carried + 1, sizeof *L.carried);
    L.scans = calloc((size_t)L.n_scan + 1, sizeof *L.scans);
    int64_t max;
    bool cond;
    bool ok = loop_start(s, &L, &max, &cond);
    while (ok && L.iterations < max && cond) {
        if (L.iterations >= s->ev.max_loop_iterations)
            ok = fail(s, n->span, "the loop did not end within %lld iterations (--limit unroll=N raises the limit)",
                      (long long)L.iterations);
        else
            ok = loop_iteration(s, &L, &cond);
    }
    if (ok) {
        note_loop(s, &L, L.iterations < max);
        ok = loop_outputs(s, &L);
    }
    drop_binding(&L.cond);
    for (int k = 0; k < L.n_carried; k++)
        drop_binding(&L.carried[k]);
    for (int j = 0; j < L.n_scan; j++)
        for (int i = 0; i < L.scans[j].len; i++)
            drop_binding(L.scans[j].items[i]);
    free(L.carried);
    free(L.scans);
    return ok;
}

static IrModel *new_model(IrModel *m);

/* ---- @torch.jit.script control flow, kept ----------------------------------------------- */

/* The trace value for script value V in a copied body: the copy's own
 * value, else the walk's binding. */
static IrValue *copied(Spec *s, IrValue **map, const IrValue *v, Span span)
{
    if (map[v->id])
        return map[v->id];
    Binding *b = lookup(s, v, span);
    return b ? b->value : NULL;
}

static IrGraph *copy_graph(Spec *s, const IrGraph *g, IrGraph *parent, IrValue **map);

/* N copied into G with its bodies. */
static IrNode *copy_with_bodies(Spec *s, const IrNode *n, IrGraph *g, IrValue **map)
{
    IrValue **in = calloc((size_t)n->n_inputs + 1, sizeof *in);
    bool ok = true;
    for (int k = 0; k < n->n_inputs && ok; k++)
        if (n->inputs[k])
            ok = (in[k] = copied(s, map, n->inputs[k], n->span)) != NULL;
    IrNode *c = ok ? emit_node_in(s, g, n, in, (const IrValue *const *)n->outputs) : NULL;
    free(in);
    for (int k = 0; c && k < n->n_outputs; k++)
        if (n->outputs[k])
            map[n->outputs[k]->id] = c->outputs[k];
    for (int a = 0; c && a < c->n_attrs; a++)
        if (c->attrs[a].kind == IR_ATTR_GRAPH && c->attrs[a].g)
            if (!(c->attrs[a].g = copy_graph(s, n->attrs[a].g, g, map)))
                return NULL;
    return c;
}

static IrGraph *copy_graph(Spec *s, const IrGraph *g, IrGraph *parent, IrValue **map)
{
    IrGraph *c = ir_graph_new(s->dst, parent, g->name);
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        map[v->id] = new_value(s, c, v->name, v->type, v->span);
        ptrvec_push(s->arena, &c->inputs, map[v->id]);
    }
    for (int i = 0; i < g->initializers.len; i++) {
        const IrValue *v = g->initializers.items[i];
        map[v->id] = new_initializer(s, c, v->name, v->init, v->span);
    }
    for (int i = 0; i < g->nodes.len; i++)
        if (!copy_with_bodies(s, g->nodes.items[i], c, map))
            return NULL;
    for (int i = 0; i < g->outputs.len; i++) {
        IrValue *v = copied(s, map, g->outputs.items[i], SPAN_NONE);
        if (!v)
            return NULL;
        ir_add_output(c, v);
    }
    return c;
}

/* An If or Loop of a @torch.jit.script function: its values come from its
 * control flow walked aside (not recorded), and the node itself is copied,
 * bodies and all, as torch.jit.trace keeps a scripted function's graph. */
static bool keep_scripted(Spec *s, const IrNode *n)
{
    IrGraph *real = s->out;
    SpecResult *res = s->res, aside = {0};
    s->out = new_model(s->dst)->graph;      /* its names are not the trace's */
    s->res = &aside;
    s->shadow++;
    bool ok = !strcmp(n->op_type, "If") ? walk_if(s, n) : walk_loop(s, n);
    s->shadow--;
    s->out = real;
    s->res = res;
    if (!ok || !count_node(s, n->span))
        return false;
    IrValue **map = calloc((size_t)s->src->next_value_id + 1, sizeof *map);
    IrNode *c = copy_with_bodies(s, n, s->out, map);
    free(map);
    if (!c)
        return fail(s, n->span, "internal error: a scripted %s reads a value the trace lacks", n->op_type);
    for (int k = 0; k < n->n_outputs; k++) {
        if (n->outputs[k]) {
            s->env[n->outputs[k]->id].value = c->outputs[k];
            s->env[n->outputs[k]->id].constant = false;
            s->env[n->outputs[k]->id].data = true;
        }
    }
    return true;
}

static bool walk_node(Spec *s, const IrNode *n)
{
    if (n->trace_point && !strcmp(n->trace_point, "script"))
        return s->shadow ? (strcmp(n->op_type, "If") ? walk_loop(s, n) : walk_if(s, n)) : keep_scripted(s, n);
    if (n->trace_point)
        return freeze(s, n);
    bool onnx = !n->domain || !*n->domain;
    if (onnx && !strcmp(n->op_type, "If"))
        return walk_if(s, n);
    if (onnx && !strcmp(n->op_type, "Loop"))
        return walk_loop(s, n);
    if (has_graph_attr(n))
        return fail(s, n->span, "trace mode: %s nodes are not supported yet", n->op_type);
    return copy_node(s, n);
}

/* ---- the model ------------------------------------------------------------------------------ */

/* A model with M's fields (opsets, producer, metadata) and an empty graph. */
static IrModel *new_model(IrModel *m)
{
    IrModel *d = arena_alloc(m->arena, sizeof *d);
    *d = *m;
    memset(&d->value_names, 0, sizeof d->value_names);
    memset(&d->node_names, 0, sizeof d->node_names);
    d->next_value_id = d->next_node_id = 0;
    memset(&d->metadata, 0, sizeof d->metadata);
    for (int i = 0; i < m->metadata.len; i++)
        ptrvec_push(m->arena, &d->metadata, m->metadata.items[i]);
    d->graph = ir_graph_new(d, NULL, m->graph->name);
    return d;
}

/* The trace's inputs are the script's, with the given values; the output
 * names are reserved so that no copied value takes them. */
static bool is_initializer(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->initializers.len; i++)
        if (g->initializers.items[i] == v)
            return true;
    return false;
}

static bool bind_inputs(Spec *s, EvalValue *const *inputs)
{
    const IrGraph *g = s->src->graph;
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        IrValue *t = ir_add_input(s->out, v->name, v->type, v->span);
        t->init = v->init;
        if (v->init)
            ir_tensor_force(s->arena, v->init);
        /* an initializer listed as an input (--keep-initializers-as-inputs,
         * IR version 3) is both in the trace too: its data stays in the file */
        if (v->init && is_initializer(g, v))
            ptrvec_push(s->dst->arena, &s->out->initializers, t);
        EvalValue *x = inputs && inputs[i] ? eval_retain(inputs[i]) : v->init ? eval_tensor_borrow(v->init) : NULL;
        if (!x)
            return fail(s, v->span, "no value for input '%s'", v->name);
        bind(s, v, t, x, false);
    }
    for (int i = 0; i < g->outputs.len; i++)
        ir_unique_value_name(s->dst, ((IrValue *)g->outputs.items[i])->name);
    return true;
}

/* The script's outputs, by their names and types; an Identity where the
 * value is an input, a constant, or already an output. */
static bool set_outputs(Spec *s)
{
    const IrGraph *g = s->src->graph;
    for (int j = 0; j < g->outputs.len; j++) {
        const IrValue *src = g->outputs.items[j];
        Binding *b = lookup(s, src, SPAN_NONE);
        if (!b)
            return false;
        IrValue *v = b->value;
        bool taken = false;
        for (int k = 0; k < s->out->outputs.len; k++)
            taken |= s->out->outputs.items[k] == v;
        if (!v->producer || taken) {
            const IrNode *near = v->producer ? v->producer : src->producer;
            IrNode fallback = {.span = src->span};
            v = emit_new(s, "Identity", near ? near : &fallback, &v, 1, src->name, src->type)->outputs[0];
        }
        v->name = src->name;
        v->type = src->type;
        ir_add_output(s->out, v);
    }
    return true;
}

IrModel *opt_specialize(IrModel *m, EvalValue *const *inputs, const SpecOptions *o, SpecResult *res,
                        char **err, Span *err_span)
{
    Spec s = {.src = m, .arena = m->arena, .res = res, .opt = o};
    s.dst = new_model(m);
    s.top = s.out = s.dst->graph;
    eval_init(&s.ev, o->seed);
    s.ev.portable_kernels = o->portable_kernels;
    if (o->max_iterations > 0)
        s.ev.max_loop_iterations = o->max_iterations;
    s.n_env = m->next_value_id + 1;
    s.env = calloc((size_t)s.n_env, sizeof *s.env);
    bool ok = bind_inputs(&s, inputs) && walk_graph(&s, m->graph) && set_outputs(&s);
    for (int i = 0; i < s.n_env; i++)
        eval_release(s.env[i].ev);
    free(s.env);
    free(s.names);
    eval_free(&s.ev);
    if (!ok) {
        *err = s.err ? s.err : "internal error";
        *err_span = s.err_span;
        return NULL;
    }
    lower_prune(s.dst);
    return s.dst;
}
