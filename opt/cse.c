/* Common-subexpression elimination: within one graph, a node that computes
 * what an earlier node computes (same operator, same attributes, same
 * inputs) is removed and its outputs replaced by the earlier node's.
 * Inputs are the same when they are the same value, or small constants
 * with the same element type, shape and bytes (sema makes one initializer
 * per literal, so `x + 1` written twice reads two equal constants).
 *
 * Nodes with a body (If, Loop), the random operators and operators of
 * other domains (custom operators, local functions) are never merged.
 * One hash table per graph; nodes are visited in order, so the node kept
 * is the first one and the result does not depend on hashing. */
#include <string.h>

#include "opt/opt_internal.h"

/* Constants up to this many bytes are compared by value. */
#define CSE_CONST_BYTES 1024

static const char *const random_ops[] = {
    "RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial",
    "Bernoulli", "Dropout", NULL,
};

static bool mergeable(const Opt *o, const IrNode *n)
{
    if (opt_is_dead(o, n) || n->n_outputs == 0)
        return false;
    for (int k = 0; k < n->n_attrs; k++)
        if (n->attrs[k].kind == IR_ATTR_GRAPH)
            return false;
    if (n->domain[0])
        return false;       /* custom operators: their semantics are not ours to know */
    for (int i = 0; random_ops[i]; i++)
        if (strcmp(n->op_type, random_ops[i]) == 0)
            return false;
    return true;
}

static IrTensor *small_const(Opt *o, IrValue *v)
{
    IrTensor *t = opt_const_lazy(o, v);
    return t && t->dtype != DT_STRING && t->nbytes <= CSE_CONST_BYTES ? opt_const(o, v) : NULL;
}

static uint32_t mix(uint32_t h, uint32_t x)
{
    return (h ^ x) * 16777619u;
}

static uint32_t tensor_hash(const IrTensor *t)
{
    uint32_t h = mix((uint32_t)t->dtype, (uint32_t)t->rank);
    h = mix(h, hash_bytes(t->dims, sizeof(int64_t) * (size_t)t->rank));
    return mix(h, hash_bytes(t->data, t->nbytes));
}

static bool tensor_equal(const IrTensor *a, const IrTensor *b)
{
    return a->dtype == b->dtype && a->rank == b->rank && a->nbytes == b->nbytes &&
           memcmp(a->dims, b->dims, sizeof(int64_t) * (size_t)a->rank) == 0 &&
           memcmp(a->data, b->data, a->nbytes) == 0;
}

static uint32_t value_hash(Opt *o, IrValue *v)
{
    if (!v)
        return 7;
    IrTensor *t = small_const(o, v);
    return t ? tensor_hash(t) : hash_bytes(&v, sizeof v);
}

static bool value_equal(Opt *o, IrValue *a, IrValue *b)
{
    if (a == b)
        return true;
    if (!a || !b)
        return false;
    IrTensor *ta = small_const(o, a), *tb = ta ? small_const(o, b) : NULL;
    return ta && tb && tensor_equal(ta, tb);
}

static uint32_t attr_hash(const IrAttr *a)
{
    uint32_t h = mix(hash_bytes(a->name, strlen(a->name)), (uint32_t)a->kind);
    switch (a->kind) {
    case IR_ATTR_INT: return mix(h, hash_bytes(&a->i, sizeof a->i));
    case IR_ATTR_FLOAT: return mix(h, hash_bytes(&a->f, sizeof a->f));
    case IR_ATTR_STRING: return mix(h, hash_bytes(a->s, strlen(a->s)));
    case IR_ATTR_INTS: return mix(h, hash_bytes(a->ints, sizeof(int64_t) * (size_t)a->n));
    case IR_ATTR_FLOATS: return mix(h, hash_bytes(a->floats, sizeof(float) * (size_t)a->n));
    case IR_ATTR_TENSOR: return a->t && a->t->data ? mix(h, tensor_hash(a->t)) : h;
    default: return mix(h, (uint32_t)a->n);
    }
}

static bool attr_equal(const IrAttr *a, const IrAttr *b)
{
    if (a->kind == IR_ATTR_TENSOR)
        return strcmp(a->name, b->name) == 0 && b->kind == IR_ATTR_TENSOR && a->t && b->t && a->t->data &&
               b->t->data && tensor_equal(a->t, b->t);
    return ir_attr_same_inline(a, b);
}

/* Whether attribute A of N holds its operator's default (then it counts
 * as absent: Softmax with axis=-1 written out is Softmax at opset 13+). */
static bool is_default(Opt *o, const IrNode *n, const IrAttr *a)
{
    const OpAttrDef *d = n->schema ? opschema_attr(n->schema, a->name) : NULL;
    IrAttr def;
    return d && d->kind == a->kind && opschema_default(d, o->arena, &def) && attr_equal(a, &def);
}

/* Every attribute of A that is not a default is in B with the same value. */
static bool attrs_within(Opt *o, IrNode *a, IrNode *b)
{
    for (int k = 0; k < a->n_attrs; k++) {
        if (is_default(o, a, &a->attrs[k]))
            continue;
        IrAttr *other = ir_node_attr(b, a->attrs[k].name);
        if (!other || !attr_equal(&a->attrs[k], other))
            return false;
    }
    return true;
}

static uint32_t node_hash(Opt *o, IrNode *n)
{
    uint32_t h = mix(hash_bytes(n->op_type, strlen(n->op_type)), (uint32_t)n->n_inputs);
    h = mix(h, hash_bytes(n->domain, strlen(n->domain)));
    h = mix(h, (uint32_t)n->n_outputs);
    for (int k = 0; k < n->n_inputs; k++)
        h = mix(h, value_hash(o, opt_get(o, n->inputs[k])));
    /* attributes in any order: their hashes are summed */
    uint32_t attrs = 0;
    for (int k = 0; k < n->n_attrs; k++)
        if (!is_default(o, n, &n->attrs[k]))
            attrs += attr_hash(&n->attrs[k]);
    return mix(h, attrs);
}

static bool node_equal(Opt *o, IrNode *a, IrNode *b)
{
    if (a->op_type != b->op_type || strcmp(a->domain, b->domain) != 0 || a->n_inputs != b->n_inputs ||
        a->n_outputs != b->n_outputs || a->schema != b->schema)
        return false;
    for (int k = 0; k < a->n_inputs; k++)
        if (!value_equal(o, opt_get(o, a->inputs[k]), opt_get(o, b->inputs[k])))
            return false;
    return attrs_within(o, a, b) && attrs_within(o, b, a);
}

/* Replaces N's outputs by FIRST's and removes N, when every output can go. */
static void merge(Opt *o, IrNode *first, IrNode *n)
{
    for (int k = 0; k < n->n_outputs; k++)
        if (opt_is_graph_output(o, n->outputs[k]) && n->n_outputs > 1)
            return;
    for (int k = 0; k < n->n_outputs; k++)
        if (!opt_replace(o, n->outputs[k], first->outputs[k]))
            return;
    opt_kill(o, n);
}

static void cse_graph(Opt *o, IrGraph *g)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)g->nodes.len)
        cap *= 2;
    IrNode **table = arena_alloc(o->arena, sizeof(IrNode *) * cap);
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        if (!mergeable(o, n))
            continue;
        size_t j = node_hash(o, n) & (cap - 1);
        while (table[j] && !node_equal(o, table[j], n))
            j = (j + 1) & (cap - 1);
        if (table[j])
            merge(o, table[j], n);
        else
            table[j] = n;
    }
}

int opt_cse(Opt *o)
{
    opt_each_graph(o, cse_graph);
    return o->changes;
}
