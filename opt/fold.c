/* Constant folding (see opt/fold.h): nodes whose inputs are all constants
 * are run by the evaluator and replaced by initializers.
 *
 * One pass in topological order suffices: a folded node's outputs become
 * initializers before the nodes that read them are looked at.  A node of a
 * Loop or If body may read the enclosing graphs' constants and is folded
 * into an initializer of its body.  The folded outputs keep their IrValue
 * (name, id, readers); only a graph output needs a node, so a folded graph
 * output becomes Identity(constant). */
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "ir/opschema.h"
#include "lower/lower.h"
#include "opt/fold.h"

typedef struct Fold {
    IrModel *m;
    const FoldOptions *o;
    Evaluator ev;
    int n_ids;
    int *uses;              /* by IrValue.id: node inputs and graph outputs reading it */
    char *is_input;         /* by id: a graph input (its initializer is only a default) */
    char *is_output;        /* by id: an output of its graph */
    FoldStats st;
} Fold;

bool opt_is_random(const IrNode *n)
{
    static const char *const ops[] = {
        "Bernoulli", "Dropout", "Multinomial", "RandomNormal", "RandomNormalLike",
        "RandomUniform", "RandomUniformLike",
    };
    if (n->domain && *n->domain)
        return false;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(n->op_type, ops[i]))
            return true;
    return false;
}

static bool has_graph_attr(const IrNode *n)
{
    for (int i = 0; i < n->n_attrs; i++)
        if (n->attrs[i].kind == IR_ATTR_GRAPH)
            return true;
    return false;
}

int opt_count_nodes(const IrGraph *g)
{
    int n = g->nodes.len;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *node = g->nodes.items[i];
        for (int a = 0; a < node->n_attrs; a++)
            if (node->attrs[a].kind == IR_ATTR_GRAPH && node->attrs[a].g)
                n += opt_count_nodes(node->attrs[a].g);
    }
    return n;
}

static int64_t init_bytes(const IrGraph *g)
{
    int64_t b = 0;
    for (int i = 0; i < g->initializers.len; i++)
        b += (int64_t)((IrValue *)g->initializers.items[i])->init->nbytes;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *node = g->nodes.items[i];
        for (int a = 0; a < node->n_attrs; a++)
            if (node->attrs[a].kind == IR_ATTR_GRAPH && node->attrs[a].g)
                b += init_bytes(node->attrs[a].g);
    }
    return b;
}

/* ---- uses ------------------------------------------------------------------------ */

static bool in_range(const Fold *f, const IrValue *v)
{
    return v && v->id >= 0 && v->id < f->n_ids;
}

static void count_uses(Fold *f, const IrGraph *g)
{
    for (int i = 0; i < g->inputs.len; i++)
        f->is_input[((IrValue *)g->inputs.items[i])->id] = 1;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++)
            if (in_range(f, n->inputs[k]))
                f->uses[n->inputs[k]->id]++;
        for (int a = 0; a < n->n_attrs; a++)
            if (n->attrs[a].kind == IR_ATTR_GRAPH && n->attrs[a].g)
                count_uses(f, n->attrs[a].g);
    }
    for (int i = 0; i < g->outputs.len; i++) {
        const IrValue *v = g->outputs.items[i];
        f->uses[v->id]++;
        f->is_output[v->id] = 1;
    }
}

static bool is_constant(const Fold *f, const IrValue *v)
{
    return v->init && !v->producer && !(in_range(f, v) && f->is_input[v->id]);
}

/* ---- folding one node ------------------------------------------------------------------ */

static bool foldable(const Fold *f, const IrNode *n)
{
    if (n->trace_point || opt_is_random(n) || has_graph_attr(n))
        return false;
    if (n->n_inputs == 0 && strcmp(n->op_type, "Constant") != 0)
        return false;
    for (int k = 0; k < n->n_inputs; k++)
        if (n->inputs[k] && !is_constant(f, n->inputs[k]))
            return false;
    if (!eval_supports(n))      /* a table search: after the cheap tests */
        return false;
    for (int k = 0; k < n->n_outputs; k++)
        if (n->outputs[k] && n->outputs[k]->type.kind != IR_TYPE_TENSOR)
            return false;
    return true;
}

/* Bytes of N's constant inputs that nothing else reads: what folding N
 * lets go. */
static int64_t freed_bytes(const Fold *f, const IrNode *n)
{
    int64_t b = 0;
    for (int k = 0; k < n->n_inputs; k++) {
        const IrValue *v = n->inputs[k];
        if (!v || !in_range(f, v) || f->is_output[v->id])
            continue;
        int here = 0;
        bool first = true;
        for (int j = 0; j < n->n_inputs; j++) {
            here += n->inputs[j] == v;
            first &= !(j < k && n->inputs[j] == v);
        }
        if (first && f->uses[v->id] == here)
            b += (int64_t)v->init->nbytes;
    }
    return b;
}

/* The bytes of N's outputs from their declared types, -1 when a size is
 * not known before running N. */
static int64_t declared_bytes(const IrNode *n)
{
    int64_t bytes = 0;
    for (int k = 0; k < n->n_outputs; k++) {
        const IrValue *v = n->outputs[k];
        if (!v)
            continue;
        if (v->type.rank < 0 || v->type.dtype == DT_UNDEFINED)
            return -1;
        int64_t e = 1;
        for (int i = 0; i < v->type.rank; i++) {
            if (!dim_is_known(v->type.dims[i]))
                return -1;
            e = v->type.dims[i].value && e > INT64_MAX / 16 / v->type.dims[i].value ? INT64_MAX / 16
                                                                                    : e * v->type.dims[i].value;
        }
        bytes += e * (int64_t)dtype_size(v->type.dtype);
    }
    return bytes;
}

/* Whether folding N is ruled out before running it: its outputs are
 * declared larger than the limits allow. */
static bool too_large(const Fold *f, const IrNode *n)
{
    int64_t bytes = declared_bytes(n);
    if (bytes < 0 || !strcmp(n->op_type, "Constant") || bytes <= (int64_t)f->o->small_bytes)
        return false;
    if (f->o->max_elements < INT64_MAX / 16 && bytes > f->o->max_elements * 16)
        return true;
    return bytes > freed_bytes(f, n);
}

/* Whether the values OUT of N stay within the limits. */
static bool worth_it(const Fold *f, const IrNode *n, EvalValue *const *out)
{
    int64_t bytes = 0;
    for (int k = 0; k < n->n_outputs; k++) {
        if (!out[k])
            continue;
        if (out[k]->kind != EVAL_TENSOR || out[k]->numel > f->o->max_elements)
            return false;
        bytes += out[k]->numel * (int64_t)dtype_size(out[k]->dtype);
    }
    if (!strcmp(n->op_type, "Constant") || bytes <= (int64_t)f->o->small_bytes)
        return true;
    return bytes <= freed_bytes(f, n);
}

static IrType tensor_type(Arena *a, const IrTensor *t)
{
    Dim dims[EVAL_MAX_RANK];
    for (int i = 0; i < t->rank; i++)
        dims[i] = dim_known(t->dims[i]);
    return ir_type_tensor(a, t->dtype, t->rank, dims);
}

/* A graph output computed from constants: the node becomes
 * Identity(constant), the output keeps its name. */
static void become_identity(Fold *f, IrGraph *g, IrNode *n, IrTensor *t)
{
    IrValue *v = n->outputs[0];
    IrValue *c = ir_add_initializer(g, arena_sprintf(f->m->arena, "%s_value", v->name), t, n->span);
    n->op_type = intern(f->m->names, "Identity");
    n->schema = opschema_find("Identity", "", f->m->opset, NULL);
    n->inputs = arena_alloc(f->m->arena, sizeof(IrValue *));
    n->inputs[0] = c;
    n->n_inputs = 1;
    n->n_attrs = 0;
    v->type = tensor_type(f->m->arena, t);
}

/* Folds N when it can; returns whether N left the graph. */
static bool fold_node(Fold *f, IrGraph *g, IrNode *n)
{
    if (!foldable(f, n) || too_large(f, n))
        return false;
    bool output = false;
    for (int k = 0; k < n->n_outputs; k++)
        output |= n->outputs[k] && f->is_output[n->outputs[k]->id];
    if (output && (n->n_outputs != 1 || !strcmp(n->op_type, "Identity")))
        return false;
    int n_in = n->n_inputs;     /* become_identity changes the node */
    EvalValue **in = calloc((size_t)n_in + 1, sizeof *in);
    EvalValue **out = calloc((size_t)n->n_outputs + 1, sizeof *out);
    bool ok = true;
    for (int k = 0; k < n->n_inputs && ok; k++)
        if (n->inputs[k]) {
            ir_tensor_force(f->m->arena, n->inputs[k]->init);  /* a deferred parameter is made now */
            ok = (in[k] = eval_tensor_borrow(n->inputs[k]->init)) != NULL;
        }
    ok = ok && eval_node(&f->ev, n, in, out) == EVAL_OK && worth_it(f, n, out);
    if (ok) {
        for (int k = 0; k < n->n_inputs; k++)
            if (in_range(f, n->inputs[k]))
                f->uses[n->inputs[k]->id]--;
        if (output) {
            become_identity(f, g, n, eval_to_ir_tensor(f->m->arena, out[0]));
        } else {
            for (int k = 0; k < n->n_outputs; k++) {
                IrValue *v = n->outputs[k];
                if (!v)
                    continue;
                v->init = eval_to_ir_tensor(f->m->arena, out[k]);
                v->type = tensor_type(f->m->arena, v->init);
                v->producer = NULL;
                v->producer_output = 0;
                ptrvec_push(f->m->arena, &g->initializers, v);
            }
        }
        f->st.folded++;
    }
    for (int k = 0; k < n_in; k++)
        eval_release(in[k]);
    for (int k = 0; k < n->n_outputs; k++)
        eval_release(out[k]);
    free(in);
    free(out);
    return ok && !output;
}

static void fold_graph(Fold *f, IrGraph *g, int depth)
{
    int kept = 0;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        if (fold_node(f, g, n))
            continue;
        for (int a = 0; a < n->n_attrs && depth < 64; a++)
            if (n->attrs[a].kind == IR_ATTR_GRAPH && n->attrs[a].g)
                fold_graph(f, n->attrs[a].g, depth + 1);
        g->nodes.items[kept++] = n;
    }
    g->nodes.len = kept;
}

void opt_fold(IrModel *m, const FoldOptions *o, FoldStats *stats)
{
    Fold f = {.m = m, .o = o, .n_ids = m->next_value_id};
    eval_init(&f.ev, o->seed);
    f.ev.portable_kernels = true;   /* folded values are written into the model */
    f.uses = calloc((size_t)f.n_ids + 1, sizeof *f.uses);
    f.is_input = calloc((size_t)f.n_ids + 1, 1);
    f.is_output = calloc((size_t)f.n_ids + 1, 1);
    f.st.nodes_before = opt_count_nodes(m->graph);
    f.st.init_bytes_before = init_bytes(m->graph);
    count_uses(&f, m->graph);
    /* again while something folds: a constant read by a folded node and by
     * another one may now be read by one only */
    for (int pass = 0, before = -1; pass < 8 && f.st.folded != before; pass++) {
        before = f.st.folded;
        fold_graph(&f, m->graph, 0);
    }
    lower_prune(m);
    f.st.nodes_after = opt_count_nodes(m->graph);
    f.st.init_bytes_after = init_bytes(m->graph);
    free(f.uses);
    free(f.is_input);
    free(f.is_output);
    eval_free(&f.ev);
    if (stats)
        *stats = f.st;
}
