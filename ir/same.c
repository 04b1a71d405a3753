/* Whether two models compute the same function: the same graph inputs
 * (names and types), then node for node, in order, the same operator,
 * domain, attributes and inputs, with the same output types, and the same
 * graph outputs.  Inputs are the same when they are the corresponding
 * graph input or node output, or initializers of equal type and bytes.
 * The models may come from two compilations (their strings are compared,
 * not their interned pointers), which is what `compare` checks: a trace
 * that is its script graph, node for node, cannot diverge from it on any
 * input.
 *
 * The check is strict and only ever answers "same" for a proof: anything
 * it does not model (local functions, random operators, trace marks)
 * makes the answer "not known to be the same". */
#include <stdlib.h>
#include <string.h>

#include "ir/ir.h"
#include "ir/symdim.h"

typedef struct Same {
    IrModel *a, *b;
    IrValue **map;          /* by A's value id: B's value, once matched */
    int n_map;
} Same;

static const char *const same_random_ops[] = {
    "RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial",
    "Bernoulli", "Dropout", NULL,
};

static bool same_dim(Dim x, Dim y)
{
    if (x.value >= 0 || y.value >= 0)
        return x.value == y.value;
    if (!x.sym || !y.sym)
        return !x.sym && !y.sym;
    return strcmp(symdim_text(x.sym), symdim_text(y.sym)) == 0;
}

static bool same_type(const IrType *x, const IrType *y)
{
    return ir_type_equal_with(x, y, same_dim);
}

static bool same_tensor(Same *s, IrTensor *x, IrTensor *y)
{
    if (!x || !y || x->dtype != y->dtype || x->rank != y->rank || x->nbytes != y->nbytes ||
        memcmp(x->dims, y->dims, sizeof(int64_t) * (size_t)x->rank) != 0)
        return false;
    if (x->dtype == DT_STRING) {
        int64_t n = ir_tensor_numel(x);
        for (int64_t i = 0; i < n; i++)
            if (!x->strings || !y->strings || strcmp(x->strings[i], y->strings[i]) != 0)
                return false;
        return true;
    }
    const void *dx = ir_tensor_force(s->a->arena, x), *dy = ir_tensor_force(s->b->arena, y);
    return dx == dy || memcmp(dx, dy, x->nbytes) == 0;
}

static bool same_graph(Same *s, IrGraph *x, IrGraph *y);

static bool same_attr(Same *s, const IrAttr *x, const IrAttr *y)
{
    if (x->kind != IR_ATTR_TENSOR && x->kind != IR_ATTR_GRAPH)
        return ir_attr_same_inline(x, y);
    if (strcmp(x->name, y->name) != 0 || x->kind != y->kind)
        return false;
    if (x->kind == IR_ATTR_TENSOR)
        return same_tensor(s, x->t, y->t);
    return x->g && y->g && same_graph(s, x->g, y->g);
}

/* X (of model A) and Y (of B) hold the same value: an initializer of the
 * same bytes, or the value already matched to X. */
static bool same_value(Same *s, IrValue *x, IrValue *y)
{
    if (!x || !y)
        return x == y;
    if (x->init || y->init)
        return x->init && y->init && same_tensor(s, x->init, y->init) && same_type(&x->type, &y->type);
    return x->id >= 0 && x->id < s->n_map && s->map[x->id] == y;
}

/* X and Y become the same value (a graph input, a node output). */
static bool match(Same *s, IrValue *x, IrValue *y)
{
    if (!x || !y || x->id < 0 || x->id >= s->n_map || x->init || y->init || !same_type(&x->type, &y->type))
        return false;
    s->map[x->id] = y;
    return true;
}

static bool is_random(const IrNode *n)
{
    for (int i = 0; same_random_ops[i]; i++)
        if (strcmp(n->op_type, same_random_ops[i]) == 0)
            return true;
    return false;
}

static bool same_node(Same *s, IrNode *x, IrNode *y)
{
    if (strcmp(x->op_type, y->op_type) != 0 || strcmp(x->domain, y->domain) != 0 || is_random(x) ||
        x->trace_point || y->trace_point || x->n_inputs != y->n_inputs || x->n_outputs != y->n_outputs ||
        x->n_attrs != y->n_attrs)
        return false;
    for (int i = 0; i < x->n_inputs; i++)
        if (!same_value(s, x->inputs[i], y->inputs[i]))
            return false;
    for (int k = 0; k < x->n_attrs; k++) {
        const IrAttr *other = ir_node_attr(y, x->attrs[k].name);
        if (!other || !same_attr(s, &x->attrs[k], other))
            return false;
    }
    for (int i = 0; i < x->n_outputs; i++)
        if ((x->outputs[i] != NULL) != (y->outputs[i] != NULL) ||
            (x->outputs[i] && !match(s, x->outputs[i], y->outputs[i])))
            return false;
    return true;
}

static bool same_graph(Same *s, IrGraph *x, IrGraph *y)
{
    if (x->inputs.len != y->inputs.len || x->outputs.len != y->outputs.len || x->nodes.len != y->nodes.len)
        return false;
    for (int i = 0; i < x->inputs.len; i++) {
        IrValue *vx = x->inputs.items[i], *vy = y->inputs.items[i];
        if (strcmp(vx->name, vy->name) != 0)
            return false;
        if (vx->init || vy->init ? !same_value(s, vx, vy) : !match(s, vx, vy))
            return false;
    }
    for (int i = 0; i < x->nodes.len; i++)
        if (!same_node(s, x->nodes.items[i], y->nodes.items[i]))
            return false;
    for (int i = 0; i < x->outputs.len; i++) {
        IrValue *vx = x->outputs.items[i], *vy = y->outputs.items[i];
        if (!same_value(s, vx, vy) || !same_type(&vx->type, &vy->type))
            return false;
    }
    return true;
}

bool ir_model_same_function(IrModel *a, IrModel *b)
{
    if (a->opset != b->opset || a->n_opsets != b->n_opsets || a->functions.len || b->functions.len)
        return false;
    for (int i = 0; i < a->n_opsets; i++)
        if (strcmp(a->opsets[i].domain, b->opsets[i].domain) != 0 || a->opsets[i].version != b->opsets[i].version)
            return false;
    Same s = {.a = a, .b = b, .n_map = a->next_value_id};
    s.map = calloc((size_t)s.n_map + 1, sizeof *s.map);
    if (!s.map)
        return false;
    bool same = same_graph(&s, a->graph, b->graph);
    free(s.map);
    return same;
}
