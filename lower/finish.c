/* Finishing the model for export, after forward() was lowered:
 *
 *   - node names follow the module path the node was lowered in, the way
 *     viewers and profilers group them: /layer1/0/conv1/Conv, /Add_1 for
 *     nodes of the top-level forward(); their outputs are named after them
 *     (/layer1/0/conv1/Conv_output_0) unless they are graph outputs;
 *   - initializers listed as graph inputs too (--keep-initializers-as-inputs,
 *     and always below IR version 4, which requires it).
 *
 * Names stay unique over the whole model (ir_unique_node_name). */
#include <string.h>

#include "lower/lower.h"

/* "/layer1/0/conv1/Conv" for scope "layer1.0.conv1" and op "Conv". */
static const char *scoped_name(Arena *a, const IrNode *n)
{
    const char *scope = n->scope ? n->scope : "";
    size_t len = strlen(scope);
    char *s = arena_alloc(a, len + strlen(n->op_type) + 3);
    char *p = s;
    *p++ = '/';
    for (size_t i = 0; i < len; i++)
        *p++ = scope[i] == '.' ? '/' : scope[i];
    if (len)
        *p++ = '/';
    strcpy(p, n->op_type);
    return s;
}

static bool is_graph_output(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->outputs.len; i++)
        if (g->outputs.items[i] == v)
            return true;
    return false;
}

/* Outputs of node /fc1/Gemm are /fc1/Gemm_output_0 ...; graph outputs keep
 * their names. */
static void name_node_outputs(IrModel *m, IrNode *n)
{
    for (int k = 0; k < n->n_outputs; k++) {
        IrValue *v = n->outputs[k];
        if (!v || is_graph_output(n->graph, v) || (n->graph->parent == NULL && is_graph_output(m->graph, v)))
            continue;
        const char *hint = arena_join_number(m->arena, n->name, 0, "_output_", k, "");
        if (!ir_rename_value(m, v, hint))
            ir_rename_value(m, v, ir_unique_value_name(m, hint));
    }
}

void lower_name_node(IrModel *m, IrNode *n)
{
    n->name = ir_unique_node_name(m, scoped_name(m->arena, n));
    name_node_outputs(m, n);
}

static void name_graph_nodes(IrModel *m, IrGraph *g, int depth)
{
    if (depth > 64)
        return;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        lower_name_node(m, n);
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                name_graph_nodes(m, n->attrs[k].g, depth + 1);
    }
}

void lower_name_nodes(IrModel *m)
{
    name_graph_nodes(m, m->graph, 0);
    for (int i = 0; i < m->functions.len; i++)
        name_graph_nodes(m, ((IrFunction *)m->functions.items[i])->body, 0);
}

static bool is_input(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->inputs.len; i++)
        if (g->inputs.items[i] == v)
            return true;
    return false;
}

void lower_initializers_as_inputs(IrModel *m)
{
    IrGraph *g = m->graph;
    for (int i = 0; i < g->initializers.len; i++)
        if (!is_input(g, g->initializers.items[i]))
            ptrvec_push(m->arena, &g->inputs, g->initializers.items[i]);
}

static void remove_input(IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->inputs.len; i++)
        if (g->inputs.items[i] == v) {
            memmove(&g->inputs.items[i], &g->inputs.items[i + 1], sizeof(void *) * (size_t)(g->inputs.len - i - 1));
            g->inputs.len--;
            return;
        }
}

/* V = Constant(value=V's data), the node placed first in G (ONNX
 * Constant: https://onnx.ai/onnx/operators/onnx__Constant.html). */
static void constant_node_for(IrModel *m, IrGraph *g, IrValue *v)
{
    IrNode *n = ir_node_new(g, "Constant", "", NULL, 0, 1, v->span);
    ir_set_attr_tensor(n, "value", v->init);
    n->outputs[0] = v;
    v->producer = n;
    v->producer_output = 0;
    v->init = NULL;
    /* ir_node_new appended it: move it to the front, before its users */
    memmove(&g->nodes.items[1], &g->nodes.items[0], sizeof(void *) * (size_t)(g->nodes.len - 1));
    g->nodes.items[0] = n;
    lower_name_node(m, n);
}

static void graph_constants_as_nodes(IrModel *m, IrGraph *g, int depth)
{
    if (depth > 64)
        return;
    for (int i = g->initializers.len - 1; i >= 0; i--) {
        IrValue *v = g->initializers.items[i];
        remove_input(g, v);
        constant_node_for(m, g, v);
    }
    g->initializers.len = 0;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                graph_constants_as_nodes(m, n->attrs[k].g, depth + 1);
    }
}

void lower_constants_as_nodes(IrModel *m)
{
    graph_constants_as_nodes(m, m->graph, 0);
}
