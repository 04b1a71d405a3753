/* Unrolling of Loops with a small constant trip count (--unroll-limit K).
 *
 * ONNX Runtime pays a dispatch cost per Loop iteration; an unrolled body
 * costs graph size and session-creation time instead.  A Loop whose trip
 * count M is a constant (after folding) with 0 <= M <= K, whose initial
 * condition is absent or true and whose body hands back a condition that
 * is always true (no run-time break), is replaced by M copies of its body:
 *
 *     Loop(M, true, v...) { (i, c, x...) -> (c, y..., s...) }
 *  -> x_0 = v; for i in 0..M-1: body with i, true, x_i -> x_{i+1}, s_i
 *     carried results x_M; scan outputs Concat(Unsqueeze(s_0, 0), ...)
 *
 * Nodes nested in the body (If, Loop) are copied whole, with their reads
 * of the body's values redirected to the copy.  A Loop with scan outputs
 * and M = 0 is kept (its empty outputs would need static item shapes).
 * Loops whose trip count is known only at run time always stay Loops. */
#include <string.h>

#include "lower/lower.h"
#include "opt/opt_internal.h"

/* ---- value maps (original value -> copy), open addressing ---- */

typedef struct ValueMap {
    IrValue **keys, **vals;
    size_t cap, count;
} ValueMap;

static void map_init(Arena *a, ValueMap *m, size_t hint)
{
    m->cap = 64;
    while (m->cap < 2 * hint + 2)
        m->cap *= 2;
    m->count = 0;
    m->keys = arena_alloc(a, sizeof(IrValue *) * m->cap);
    m->vals = arena_alloc(a, sizeof(IrValue *) * m->cap);
}

static size_t map_slot(const ValueMap *m, const IrValue *k)
{
    size_t j = hash_ptr(k) & (m->cap - 1);
    while (m->keys[j] && m->keys[j] != k)
        j = (j + 1) & (m->cap - 1);
    return j;
}

static void map_put(Arena *a, ValueMap *m, IrValue *k, IrValue *v)
{
    if (2 * (m->count + 1) > m->cap) {
        ValueMap g;
        map_init(a, &g, m->cap);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i])
                map_put(a, &g, m->keys[i], m->vals[i]);
        *m = g;
    }
    size_t j = map_slot(m, k);
    if (!m->keys[j])
        m->count++;
    m->keys[j] = k;
    m->vals[j] = v;
}

/* The copy of V, or V itself when it comes from outside what is copied. */
static IrValue *map_get(const ValueMap *m, IrValue *v)
{
    if (!v)
        return NULL;
    size_t j = map_slot(m, v);
    return m->keys[j] ? m->vals[j] : v;
}

/* ---- copying nodes and graphs ---- */

typedef struct Copier {
    Opt *o;
    ValueMap map;
} Copier;

static IrGraph *copy_graph(Copier *cp, const IrGraph *src, IrGraph *parent);

/* A copy of N appended to G, its inputs and nested graphs mapped. */
static IrNode *copy_node(Copier *cp, const IrNode *n, IrGraph *g)
{
    IrValue **ins = arena_alloc(cp->o->arena, sizeof(IrValue *) * (size_t)(n->n_inputs + 1));
    for (int k = 0; k < n->n_inputs; k++)
        ins[k] = map_get(&cp->map, n->inputs[k]);
    IrNode *c = ir_node_new(g, n->op_type, n->domain, ins, n->n_inputs, n->n_outputs, n->span);
    c->schema = n->schema;
    c->scope = n->scope;
    c->scope_type = n->scope_type;
    c->attrs = arena_alloc(cp->o->arena, sizeof(IrAttr) * (size_t)(n->n_attrs + 1));
    if (n->n_attrs)     /* memcpy's source must not be NULL, even for 0 bytes */
        memcpy(c->attrs, n->attrs, sizeof(IrAttr) * (size_t)n->n_attrs);
    c->n_attrs = c->cap_attrs = n->n_attrs;
    for (int k = 0; k < n->n_attrs; k++)
        if (c->attrs[k].kind == IR_ATTR_GRAPH && c->attrs[k].g)
            c->attrs[k].g = copy_graph(cp, n->attrs[k].g, g);
    for (int k = 0; k < n->n_outputs; k++) {
        if (!n->outputs[k])
            continue;
        c->outputs[k]->type = n->outputs[k]->type;
        map_put(cp->o->arena, &cp->map, n->outputs[k], c->outputs[k]);
    }
    lower_name_node(cp->o->m, c);
    return c;
}

static IrGraph *copy_graph(Copier *cp, const IrGraph *src, IrGraph *parent)
{
    IrGraph *g = ir_graph_new(cp->o->m, parent, ir_unique_value_name(cp->o->m, src->name));
    for (int i = 0; i < src->inputs.len; i++) {
        IrValue *v = src->inputs.items[i];
        map_put(cp->o->arena, &cp->map, v, ir_add_input(g, v->name, v->type, v->span));
    }
    for (int i = 0; i < src->initializers.len; i++) {
        IrValue *v = src->initializers.items[i];
        map_put(cp->o->arena, &cp->map, v, ir_add_initializer(g, v->name, v->init, v->span));
    }
    for (int i = 0; i < src->nodes.len; i++)
        copy_node(cp, src->nodes.items[i], g);
    for (int i = 0; i < src->outputs.len; i++)
        ir_add_output(g, map_get(&cp->map, src->outputs.items[i]));
    return g;
}

/* ---- which Loops ---- */

static IrGraph *loop_body(IrNode *n)
{
    IrAttr *a = ir_node_attr(n, "body");
    return a && a->kind == IR_ATTR_GRAPH ? a->g : NULL;
}

/* The body's condition output is always true: the condition input handed
 * back (which stays true from a true start), or a constant true. */
static bool never_breaks(Opt *o, IrGraph *body)
{
    IrValue *c = opt_get(o, body->outputs.items[0]);
    if (c == body->inputs.items[1] || opt_const_all(o, c, 1))
        return true;
    IrNode *p = c->producer;
    return p && !p->domain[0] && strcmp(p->op_type, "Identity") == 0 && p->n_inputs == 1 &&
           (opt_get(o, p->inputs[0]) == body->inputs.items[1] || opt_const_all(o, p->inputs[0], 1));
}

/* The trip count of Loop N when it may be unrolled, else -1. */
static int64_t unroll_count(Opt *o, IrNode *n)
{
    IrGraph *body = loop_body(n);
    double m;
    if (!body || n->n_inputs < 2 || !n->inputs[0] || body->inputs.len != n->n_inputs ||
        body->outputs.len < 1 || !opt_const_scalar(o, n->inputs[0], &m))
        return -1;
    if (n->inputs[1] && !opt_const_all(o, n->inputs[1], 1))
        return -1;
    if (m < 0)
        m = 0;
    int n_scan = body->outputs.len - 1 - (n->n_inputs - 2);
    if (m > o->options->unroll_limit || (m == 0 && n_scan > 0) || !never_breaks(o, body))
        return -1;
    return (int64_t)m;
}

/* ---- unrolling ---- */

static IrValue *scalar_const(Opt *o, DType dt, int64_t v)
{
    IrTensor *t = ir_tensor_new(o->arena, dt, 0, NULL);
    opt_tensor_set(t, 0, (double)v);
    return opt_new_const(o, o->m->graph, t, dt == DT_BOOL ? "true" : "iteration");
}

/* Scan output K: the per-iteration values stacked on a new first axis. */
static IrValue *stack(Opt *o, IrGraph *g, IrValue **items, int64_t count, Span span)
{
    IrValue **ups = arena_alloc(o->arena, sizeof(IrValue *) * (size_t)count);
    int64_t zero = 0;
    IrTensor *axes = ir_tensor_new(o->arena, DT_INT64, 1, (int64_t[]){1});
    memcpy(axes->data, &zero, sizeof zero);
    IrValue *axes_v = o->opset >= 13 ? opt_new_const(o, o->m->graph, axes, "axes") : NULL;
    for (int64_t i = 0; i < count; i++) {
        IrValue *ins[2] = {items[i], axes_v};
        IrNode *u = ir_node_new(g, "Unsqueeze", "", ins, axes_v ? 2 : 1, 1, span);
        u->schema = opschema_find("Unsqueeze", "", o->opset, NULL);
        if (!axes_v)
            ir_set_attr_ints(u, "axes", &zero, 1);
        lower_name_node(o->m, u);
        ups[i] = u->outputs[0];
    }
    if (count == 1)
        return ups[0];
    IrNode *c = ir_node_new(g, "Concat", "", ups, (int)count, 1, span);
    c->schema = opschema_find("Concat", "", o->opset, NULL);
    ir_set_attr_int(c, "axis", 0);
    lower_name_node(o->m, c);
    return c->outputs[0];
}

/* Makes the Loop's output Y equal R: by replacement, or an Identity that
 * produces Y itself when Y is an output R cannot take over. */
static void bind_output(Opt *o, IrGraph *g, IrValue *y, IrValue *r, Span span)
{
    if (opt_replace(o, y, r))
        return;
    IrNode *id = ir_node_new(g, "Identity", "", &r, 1, 1, span);
    id->schema = opschema_find("Identity", "", o->opset, NULL);
    id->outputs[0] = y;
    y->producer = id;
    y->producer_output = 0;
    lower_name_node(o->m, id);
}

/* Appends COUNT copies of Loop N's body to G and binds its outputs. */
static void unroll(Opt *o, IrGraph *g, IrNode *n, int64_t count)
{
    IrGraph *body = loop_body(n);
    int n_carried = n->n_inputs - 2, n_scan = body->outputs.len - 1 - n_carried;
    IrValue **carried = arena_alloc(o->arena, sizeof(IrValue *) * (size_t)(n_carried + 1));
    for (int k = 0; k < n_carried; k++)
        carried[k] = opt_get(o, n->inputs[2 + k]);
    IrValue ***scans = arena_alloc(o->arena, sizeof(IrValue **) * (size_t)(n_scan + 1));
    for (int k = 0; k < n_scan; k++)
        scans[k] = arena_alloc(o->arena, sizeof(IrValue *) * (size_t)(count + 1));
    IrValue *yes = scalar_const(o, DT_BOOL, 1);
    IrValue **inits = arena_alloc(o->arena, sizeof(IrValue *) * (size_t)(body->initializers.len + 1));
    for (int j = 0; j < body->initializers.len; j++) {
        IrValue *v = body->initializers.items[j];
        inits[j] = ir_add_initializer(o->m->graph, v->name, v->init, v->span);
    }
    for (int64_t i = 0; i < count; i++) {
        Copier cp = {.o = o};
        map_init(o->arena, &cp.map, (size_t)body->nodes.len * 2 + (size_t)body->inputs.len);
        map_put(o->arena, &cp.map, body->inputs.items[0], scalar_const(o, DT_INT64, i));
        map_put(o->arena, &cp.map, body->inputs.items[1], yes);
        for (int k = 0; k < n_carried; k++)
            map_put(o->arena, &cp.map, body->inputs.items[2 + k], carried[k]);
        for (int j = 0; j < body->initializers.len; j++)
            map_put(o->arena, &cp.map, body->initializers.items[j], inits[j]);
        for (int j = 0; j < body->nodes.len; j++)
            copy_node(&cp, body->nodes.items[j], g);
        for (int k = 0; k < n_carried; k++)
            carried[k] = map_get(&cp.map, body->outputs.items[1 + k]);
        for (int k = 0; k < n_scan; k++)
            scans[k][i] = map_get(&cp.map, body->outputs.items[1 + n_carried + k]);
    }
    for (int k = 0; k < n_carried; k++)
        bind_output(o, g, n->outputs[k], carried[k], n->span);
    for (int k = 0; k < n_scan; k++)
        bind_output(o, g, n->outputs[n_carried + k], stack(o, g, scans[k], count, n->span), n->span);
    opt_kill(o, n);
}

/* Rebuilds G's node list with the chosen Loops replaced by their copies
 * (which ir_node_new appends in order). */
static void unroll_graph(Opt *o, IrGraph *g)
{
    int n = g->nodes.len;
    IrNode **old = arena_alloc(o->arena, sizeof(IrNode *) * (size_t)(n + 1));
    memcpy(old, g->nodes.items, sizeof(IrNode *) * (size_t)n);
    int64_t *counts = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(n + 1));
    bool any = false;
    for (int i = 0; i < n; i++) {
        IrNode *node = old[i];
        counts[i] = !opt_is_dead(o, node) && !node->domain[0] && strcmp(node->op_type, "Loop") == 0
                        ? unroll_count(o, node) : -1;
        any |= counts[i] >= 0;
    }
    if (!any)
        return;
    g->nodes.len = 0;
    for (int i = 0; i < n; i++) {
        if (counts[i] >= 0)
            unroll(o, g, old[i], counts[i]);
        else
            ptrvec_push(o->arena, &g->nodes, old[i]);
    }
}

int opt_unroll(Opt *o)
{
    if (o->options->unroll_limit < 0)
        return 0;
    opt_each_graph(o, unroll_graph);
    return o->changes;
}
