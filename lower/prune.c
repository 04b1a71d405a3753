/* Dead-node removal for the graph forward() built.
 *
 * Partial evaluation emits some nodes whose results end up unused: x.shape
 * asks the graph for every run-time size even when only a static one is
 * read, a helper computes a value a later branch of the stdlib does not
 * need.  After the outputs are known, a node is kept when one of its
 * outputs reaches a graph output; initializers no kept node reads go too.
 * Graph inputs stay (they are the model's interface), except initializers
 * listed as inputs that nothing reads any more.  Nested graphs
 * (Loop and If bodies) may read any value of the enclosing graphs: every
 * value a kept node's body reads is live.  The bodies are pruned the same
 * way from their own outputs (a branch computes values the merge did not
 * need, a Loop body built again with wider types leaves nothing behind). */
#include <string.h>

#include "lower/lower.h"

typedef struct Liveness {
    bool *live;     /* indexed by IrValue.id */
    int n;
} Liveness;

static void mark(Liveness *l, const IrValue *v)
{
    if (v && v->id >= 0 && v->id < l->n)
        l->live[v->id] = true;
}

static bool is_live(const Liveness *l, const IrValue *v)
{
    return v && v->id >= 0 && v->id < l->n && l->live[v->id];
}

/* Every value read anywhere inside G (and the graphs nested in it). */
static void mark_graph_reads(Liveness *l, const IrGraph *g, int depth)
{
    if (depth > 64)
        return;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++)
            mark(l, n->inputs[k]);
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                mark_graph_reads(l, n->attrs[k].g, depth + 1);
    }
    for (int i = 0; i < g->outputs.len; i++)
        mark(l, g->outputs.items[i]);
}

static bool node_live(const Liveness *l, const IrNode *n)
{
    for (int k = 0; k < n->n_outputs; k++)
        if (is_live(l, n->outputs[k]))
            return true;
    return false;
}

/* Removes G's nodes that none of G's outputs depends on; the body of a
 * node kept is pruned first, so that only what the pruned body reads
 * keeps outer values alive. */
static void prune_graph(IrModel *m, IrGraph *g, int depth)
{
    Liveness l = {arena_alloc(m->arena, sizeof(bool) * (size_t)(m->next_value_id + 1)), m->next_value_id + 1};
    Liveness was_init = {arena_alloc(m->arena, sizeof(bool) * (size_t)l.n), l.n};
    for (int i = 0; i < g->initializers.len; i++)
        mark(&was_init, g->initializers.items[i]);
    for (int i = 0; i < g->outputs.len; i++)
        mark(&l, g->outputs.items[i]);
    bool *keep = arena_alloc(m->arena, sizeof(bool) * (size_t)(g->nodes.len + 1));
    for (int i = g->nodes.len - 1; i >= 0; i--) {
        IrNode *n = g->nodes.items[i];
        if (!node_live(&l, n))
            continue;
        keep[i] = true;
        for (int k = 0; k < n->n_inputs; k++)
            mark(&l, n->inputs[k]);
        for (int k = 0; k < n->n_attrs; k++) {
            if (n->attrs[k].kind != IR_ATTR_GRAPH || !n->attrs[k].g)
                continue;
            if (depth < 64)
                prune_graph(m, n->attrs[k].g, depth + 1);
            mark_graph_reads(&l, n->attrs[k].g, 1);
        }
    }
    int kept = 0;
    for (int i = 0; i < g->nodes.len; i++)
        if (keep[i])
            g->nodes.items[kept++] = g->nodes.items[i];
    g->nodes.len = kept;
    kept = 0;
    for (int i = 0; i < g->initializers.len; i++) {
        IrValue *v = g->initializers.items[i];
        if (is_live(&l, v))
            g->initializers.items[kept++] = v;
    }
    g->initializers.len = kept;
    if (depth > 0)
        return;
    /* an initializer that is also listed as an input (below opset 9, or
     * --keep-initializers-as-inputs) goes from both: left as an input, it
     * would be one without data that a runtime asks to be fed */
    kept = 0;
    for (int i = 0; i < g->inputs.len; i++) {
        IrValue *v = g->inputs.items[i];
        if (is_live(&l, v) || !is_live(&was_init, v))
            g->inputs.items[kept++] = v;
    }
    g->inputs.len = kept;
}

void lower_prune(IrModel *m)
{
    prune_graph(m, m->graph, 0);
}

void lower_prune_inputs(IrModel *m, bool (*which)(const IrValue *v, void *ctx), void *ctx)
{
    IrGraph *g = m->graph;
    Liveness l = {arena_alloc(m->arena, sizeof(bool) * (size_t)(m->next_value_id + 1)), m->next_value_id + 1};
    mark_graph_reads(&l, g, 0);
    int kept = 0;
    for (int i = 0; i < g->inputs.len; i++) {
        IrValue *v = g->inputs.items[i];
        if (is_live(&l, v) || !which(v, ctx))
            g->inputs.items[kept++] = v;
    }
    g->inputs.len = kept;
}
