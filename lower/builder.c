/* The graph builder: nodes and constants appended to the graph being built,
 * in the scope of the module whose code is being lowered. */
#include <string.h>

#include "lower/lower.h"

void lower_init(Lower *L, Compiler *c, IrModel *m, int opset)
{
    memset(L, 0, sizeof *L);
    L->c = c;
    L->model = m;
    L->graph = m ? m->graph : NULL;
    L->opset = opset;
}

IrNode *lower_node(Lower *L, const OpSchema *schema, const char *op_type, const char *domain,
                   IrValue **inputs, int n_inputs, int n_outputs, Span span)
{
    IrNode *node = ir_node_new(L->graph, op_type, domain, inputs, n_inputs, n_outputs, span);
    node->schema = schema;
    node->scope = L->scope;
    node->scope_type = L->scope_type;
    return node;
}

IrValue *lower_constant(Lower *L, const char *name, IrTensor *data, Span span)
{
    if (!name)
        name = arena_sprintf(L->model->arena, "const_%d", L->n_constants++);
    return ir_add_initializer(L->model->graph, name, data, span);
}
