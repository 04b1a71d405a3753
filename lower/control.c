/* Building ONNX If and Loop nodes and their subgraphs.
 *
 * sema/flow/control.c decides what flows through the control flow (which
 * values become If outputs, which are loop-carried, what the trip count
 * is); this file turns those decisions into IR of exactly ONNX's shape:
 *
 *   If(cond) -> outputs...        then_branch / else_branch: () -> (outputs...)
 *   Loop(M, cond, v_initial...)   body: (iteration_num, cond_in, carried...)
 *        -> (v_final..., scans...)      -> (cond_out, carried..., scan_outputs...)
 *
 * Subgraphs refer to values of the graphs around them by name (ONNX's outer
 * scope); a subgraph output must be computed inside the subgraph, so an
 * output that is an outer value, a subgraph input or an initializer goes
 * through an Identity node.  Every subgraph input and output is typed, as
 * onnx.checker and ONNX Runtime require. */
#include <assert.h>
#include <string.h>

#include "ir/opschema.h"
#include "lower/lower.h"

IrGraph *lower_subgraph(Lower *L, const char *kind)
{
    char name[64];
    snprintf(name, sizeof name, "%s_%d", kind, L->n_subgraphs++);
    return ir_graph_new(L->model, L->graph, arena_strdup(L->model->arena, name));
}

static bool computed_in(const IrGraph *g, const IrValue *v)
{
    return v->producer && v->producer->graph == g;
}

/* A copy of sequence V made in G where Identity does not take sequences
 * (before opset 14): a 0-d item inserted at the end and erased again,
 * which works on an empty sequence too. */
static IrValue *sequence_copy(Lower *L, IrGraph *g, IrValue *v, Span span)
{
    DType dt = v->type.elem ? v->type.elem->dtype : v->type.dtype;
    IrTensor *zero = ir_tensor_new(L->model->arena, dt, 0, NULL);
    IrValue *z = lower_constant(L, NULL, zero, span);
    IrValue *ins_in[2] = {v, z};
    IrNode *ins = ir_node_new(g, "SequenceInsert", "", ins_in, 2, 1, span);
    ins->schema = opschema_find("SequenceInsert", "", L->opset, NULL);
    ins->scope = L->scope;
    ins->outputs[0]->type = v->type;
    IrTensor *last = ir_tensor_scalar_i64(L->model->arena, -1);
    IrValue *pos = lower_constant(L, NULL, last, span);
    IrValue *er_in[2] = {ins->outputs[0], pos};
    IrNode *er = ir_node_new(g, "SequenceErase", "", er_in, 2, 1, span);
    er->schema = opschema_find("SequenceErase", "", L->opset, NULL);
    er->scope = L->scope;
    er->outputs[0]->type = v->type;
    return er->outputs[0];
}

IrValue *lower_graph_output(Lower *L, IrGraph *g, IrValue *v, const IrType *type, Span span)
{
    (void)L;
    bool reused = false;
    for (int i = 0; i < g->outputs.len; i++)
        reused |= g->outputs.items[i] == v;
    if ((!computed_in(g, v) || reused) && v->type.kind == IR_TYPE_SEQUENCE && L->opset < 14) {
        v = sequence_copy(L, g, v, span);   /* Identity takes sequences from opset 14 */
    } else if (!computed_in(g, v) || reused) {
        IrNode *id = ir_node_new(g, "Identity", "", &v, 1, 1, span);
        id->schema = opschema_find("Identity", "", L->opset, NULL);
        id->scope = L->scope;
        v = id->outputs[0];
    }
    v->type = *type;
    ir_add_output(g, v);
    return v;
}

static IrNode *new_node(Lower *L, const char *op, IrValue **inputs, int n_inputs, int n_outputs,
                        const IrType *types, Span span)
{
    IrNode *n = ir_node_new(L->graph, op, "", inputs, n_inputs, n_outputs, span);
    n->schema = opschema_find(op, "", L->opset, NULL);
    n->scope = L->scope;
    for (int i = 0; i < n_outputs; i++)
        n->outputs[i]->type = types[i];
    return n;
}

IrNode *lower_if(Lower *L, IrValue *cond, IrGraph *then_g, IrGraph *else_g, const IrType *types,
                 int n, Span span)
{
    assert(then_g->outputs.len == n && else_g->outputs.len == n);
    IrNode *node = new_node(L, "If", &cond, 1, n, types, span);
    if (L->scripted)
        node->trace_point = "script";
    ir_set_attr_graph(node, "then_branch", then_g);
    ir_set_attr_graph(node, "else_branch", else_g);
    return node;
}

IrGraph *lower_loop_body(Lower *L, const IrType *carried, const char *const *names, int n_carried,
                         LoopBody *out)
{
    IrGraph *g = lower_subgraph(L, "loop_body");
    Arena *a = L->model->arena;
    out->graph = g;
    out->iter = ir_add_input(g, "iteration", ir_type_scalar(DT_INT64), SPAN_NONE);
    out->cond_in = ir_add_input(g, "cond_in", ir_type_scalar(DT_BOOL), SPAN_NONE);
    out->n_carried = n_carried;
    out->carried = arena_alloc(a, sizeof(IrValue *) * (size_t)(n_carried + 1));
    for (int i = 0; i < n_carried; i++)
        out->carried[i] = ir_add_input(g, names && names[i] ? names[i] : "carried", carried[i], SPAN_NONE);
    return g;
}

IrNode *lower_loop(Lower *L, IrValue *trip_count, IrValue *cond, IrValue **inits, int n_carried,
                   IrGraph *body, const IrType *out_types, int n_outputs, Span span)
{
    Arena *a = L->model->arena;
    IrValue **inputs = arena_alloc(a, sizeof(IrValue *) * (size_t)(n_carried + 2));
    inputs[0] = trip_count;
    inputs[1] = cond;
    for (int i = 0; i < n_carried; i++)
        inputs[2 + i] = inits[i];
    IrNode *node = new_node(L, "Loop", inputs, n_carried + 2, n_outputs, out_types, span);
    if (L->scripted)
        node->trace_point = "script";
    ir_set_attr_graph(node, "body", body);
    return node;
}

void lower_inline_graph(Lower *L, IrGraph *g)
{
    IrGraph *to = L->graph;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        n->graph = to;
        for (int k = 0; k < n->n_outputs; k++)
            n->outputs[k]->graph = to;
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                n->attrs[k].g->parent = to;
        ptrvec_push(L->model->arena, &to->nodes, n);
    }
    g->nodes.len = 0;
}

/* ---- the scoping invariant ---- */

static bool graph_encloses(const IrGraph *outer, const IrGraph *g)
{
    for (; g; g = g->parent)
        if (g == outer)
            return true;
    return false;
}

bool lower_scopes_ok(const IrGraph *g)
{
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++) {
            const IrValue *v = n->inputs[k];
            if (!v)
                continue;
            if (!graph_encloses(v->graph, g))
                return false;
        }
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g && !lower_scopes_ok(n->attrs[k].g))
                return false;
    }
    for (int i = 0; i < g->outputs.len; i++) {
        const IrValue *v = g->outputs.items[i];
        if (!graph_encloses(v->graph, g))
            return false;
    }
    return true;
}
