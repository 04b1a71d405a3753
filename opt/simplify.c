/* Removal of nodes that compute nothing, and of redundant chains.
 *
 *   Identity(x)                         -> x
 *   Cast(x) to x's own type             -> x
 *   Cast(Cast(x, T1), T2)               -> Cast(x, T2) when T1 holds every
 *                                          value of x's type exactly
 *   Reshape(x) to x's own static shape  -> x; Expand, Slice, Concat of one
 *                                          input likewise when the output
 *                                          has the input's static type
 *   Reshape(R(x), s), R a Reshape, Flatten, Squeeze or Unsqueeze
 *                                       -> Reshape(x, s) when s is constant
 *                                          and copies no dimension (no 0)
 *   Squeeze(Unsqueeze(x, a), a), Unsqueeze(Squeeze(x, a), a) -> x
 *   Transpose(x) by the identity        -> x
 *   Transpose(Transpose(x, p), q)       -> Transpose(x, p o q), or x
 *   x * 1, 1 * x, x / 1, x - 0, x ** 1  -> x; x + 0 and 0 + x for integers
 *                                          (for floats -0 + 0 is +0)
 *   Loop(max(0, n), ...)                -> Loop(n, ...): Loop runs no
 *                                          iteration for a trip count <= 0
 *                                          (ONNX Loop: `for (i = 0; i <
 *                                          M && cond; ++i)`)
 *   a Loop body's condition output Identity(true), with a Loop whose
 *   initial condition is true      -> the body's condition input
 *
 * Removed values are replaced by what they equal; an output of a graph
 * keeps its name (opt_replace). */
#include <string.h>

#include "opt/opt_internal.h"

static bool is_op(const IrNode *n, const char *op)
{
    return n && !n->domain[0] && strcmp(n->op_type, op) == 0;
}

/* The producer of V (after pending replacements), if live. */
static IrNode *producer(Opt *o, IrValue *v)
{
    v = opt_get(o, v);
    IrNode *p = v ? v->producer : NULL;
    return p && !opt_is_dead(o, p) ? p : NULL;
}

static IrValue *input(Opt *o, IrNode *n, int i)
{
    return i < n->n_inputs ? opt_get(o, n->inputs[i]) : NULL;
}

/* N computes its input I unchanged: its output becomes that input. */
static bool forward_input(Opt *o, IrNode *n, int i)
{
    IrValue *x = input(o, n, i);
    if (!x || n->n_outputs != 1 || !opt_replace(o, n->outputs[0], x))
        return false;
    opt_kill(o, n);
    return true;
}

/* The output has the static type of input I: the node is an identity. */
static bool same_static_type(Opt *o, IrNode *n, int i)
{
    IrValue *x = input(o, n, i);
    return x && n->n_outputs == 1 && opt_same_type(x, n->outputs[0]) &&
           x->type.kind == IR_TYPE_TENSOR;
}

/* A list of ints given as attribute NAME or as constant input INDEX. */
static bool list_param(Opt *o, IrNode *n, const char *name, int index, int64_t **v, int64_t *len)
{
    IrAttr *a = ir_node_attr(n, name);
    if (a && a->kind == IR_ATTR_INTS) {
        *v = a->ints;
        *len = a->n;
        return true;
    }
    return index < n->n_inputs && n->inputs[index] && opt_const_ints(o, input(o, n, index), v, len);
}

/* ---- rules ---- */

static bool rule_identity(Opt *o, IrNode *n)
{
    return forward_input(o, n, 0);
}

/* Whether every value of element type FROM is exactly a value of TO. */
static bool cast_exact(DType from, DType to)
{
    if (from == to || from == DT_BOOL)
        return to != DT_STRING && to != DT_UNDEFINED;
    static const struct { DType from; DTypeSet to; } widen[] = {
        {DT_INT8, DTS(DT_INT16) | DTS(DT_INT32) | DTS(DT_INT64) | DTS_FLOAT | DTS(DT_BFLOAT16)},
        {DT_UINT8, DTS(DT_INT16) | DTS(DT_INT32) | DTS(DT_INT64) | DTS(DT_UINT16) | DTS(DT_UINT32) |
                   DTS(DT_UINT64) | DTS_FLOAT | DTS(DT_BFLOAT16)},
        {DT_INT16, DTS(DT_INT32) | DTS(DT_INT64) | DTS(DT_FLOAT) | DTS(DT_DOUBLE)},
        {DT_UINT16, DTS(DT_INT32) | DTS(DT_INT64) | DTS(DT_UINT32) | DTS(DT_UINT64) | DTS(DT_FLOAT) |
                    DTS(DT_DOUBLE)},
        {DT_INT32, DTS(DT_INT64) | DTS(DT_DOUBLE)},
        {DT_UINT32, DTS(DT_INT64) | DTS(DT_UINT64) | DTS(DT_DOUBLE)},
        {DT_FLOAT16, DTS(DT_FLOAT) | DTS(DT_DOUBLE)},
        {DT_BFLOAT16, DTS(DT_FLOAT) | DTS(DT_DOUBLE)},
        {DT_FLOAT, DTS(DT_DOUBLE)},
    };
    for (size_t i = 0; i < sizeof widen / sizeof widen[0]; i++)
        if (widen[i].from == from)
            return (widen[i].to & DTS(to)) != 0;
    return false;
}

static bool rule_cast(Opt *o, IrNode *n)
{
    IrValue *x = input(o, n, 0);
    if (!x || x->type.kind != IR_TYPE_TENSOR)
        return false;
    DType to = (DType)opt_attr_int(n, "to", DT_UNDEFINED);
    if (x->type.dtype == to && to != DT_UNDEFINED)
        return forward_input(o, n, 0);
    IrNode *inner = producer(o, x);
    if (!is_op(inner, "Cast"))
        return false;
    IrValue *y = input(o, inner, 0);
    if (!y || y->type.kind != IR_TYPE_TENSOR || !cast_exact(y->type.dtype, x->type.dtype))
        return false;
    opt_set_input(o, n, 0, y);
    if (y->type.dtype == to)
        forward_input(o, n, 0);
    return true;
}

static bool rule_same_type(Opt *o, IrNode *n)
{
    return same_static_type(o, n, 0) && forward_input(o, n, 0);
}

/* Slice is an identity when the shape is unchanged and every step is 1. */
static bool rule_slice(Opt *o, IrNode *n)
{
    if (!same_static_type(o, n, 0))
        return false;
    if (n->n_inputs > 4 && n->inputs[4] && !opt_const_all(o, input(o, n, 4), 1))
        return false;
    return forward_input(o, n, 0);
}

static bool rule_concat(Opt *o, IrNode *n)
{
    return n->n_inputs == 1 && rule_same_type(o, n);
}

static bool rule_reshape(Opt *o, IrNode *n)
{
    if (same_static_type(o, n, 0))
        return forward_input(o, n, 0);
    IrNode *inner = producer(o, input(o, n, 0));
    if (!inner || !(is_op(inner, "Reshape") || is_op(inner, "Flatten") || is_op(inner, "Squeeze") ||
                    is_op(inner, "Unsqueeze")))
        return false;
    int64_t *shape, len;
    if (!list_param(o, n, "", 1, &shape, &len))
        return false;
    bool copies = false;
    for (int64_t i = 0; i < len; i++)
        copies |= shape[i] == 0;
    if (copies && opt_attr_int(n, "allowzero", 0) == 0)
        return false;
    opt_set_input(o, n, 0, input(o, inner, 0));
    return true;
}

static bool normalized_axes(int64_t *axes, int64_t n, int rank)
{
    for (int64_t i = 0; i < n; i++) {
        if (axes[i] < 0)
            axes[i] += rank;
        if (axes[i] < 0 || axes[i] >= rank)
            return false;
    }
    return true;
}

static bool same_axes(const int64_t *a, int64_t na, const int64_t *b, int64_t nb)
{
    if (na != nb)
        return false;
    for (int64_t i = 0; i < na; i++) {
        int64_t k = 0;
        while (k < nb && b[k] != a[i])
            k++;
        if (k == nb)
            return false;
    }
    return true;
}

/* Squeeze(Unsqueeze(x, a), a) and Unsqueeze(Squeeze(x, a), a): x. */
static bool rule_squeeze_pair(Opt *o, IrNode *n)
{
    bool squeeze = is_op(n, "Squeeze");
    IrNode *inner = producer(o, input(o, n, 0));
    if (!is_op(inner, squeeze ? "Unsqueeze" : "Squeeze"))
        return false;
    IrValue *x = input(o, inner, 0), *mid = input(o, n, 0);
    int64_t *a, na, *b, nb;
    if (!x || !list_param(o, n, "axes", 1, &a, &na) || !list_param(o, inner, "axes", 1, &b, &nb))
        return false;
    /* Squeeze's axes count in its input (the wide tensor), Unsqueeze's in
     * its output (the wide tensor too): both in the rank of MID for one,
     * of the output for the other. */
    int wide = squeeze ? mid->type.rank : n->outputs[0]->type.rank;
    int64_t *ca = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(na + 1));
    int64_t *cb = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(nb + 1));
    memcpy(ca, a, sizeof(int64_t) * (size_t)na);
    memcpy(cb, b, sizeof(int64_t) * (size_t)nb);
    if (wide < 0 || na == 0 || !normalized_axes(ca, na, wide) || !normalized_axes(cb, nb, wide) ||
        !same_axes(ca, na, cb, nb))
        return false;
    IrValue *y = n->outputs[0];
    if (!opt_replace(o, y, x))
        return false;
    opt_kill(o, n);
    return true;
}

/* The permutation of Transpose N (default: reversed axes); false when the
 * rank is unknown. */
static bool transpose_perm(Opt *o, IrNode *n, int64_t **perm, int64_t *len)
{
    IrAttr *a = ir_node_attr(n, "perm");
    if (a && a->kind == IR_ATTR_INTS) {
        *perm = a->ints;
        *len = a->n;
        return true;
    }
    IrValue *x = input(o, n, 0);
    if (!x || x->type.rank < 0)
        return false;
    *len = x->type.rank;
    *perm = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(*len + 1));
    for (int64_t i = 0; i < *len; i++)
        (*perm)[i] = *len - 1 - i;
    return true;
}

static bool identity_perm(const int64_t *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (p[i] != i)
            return false;
    return true;
}

static bool rule_transpose(Opt *o, IrNode *n)
{
    int64_t *q, nq, *p, np;
    if (!transpose_perm(o, n, &q, &nq))
        return false;
    if (identity_perm(q, nq))
        return forward_input(o, n, 0);
    IrNode *inner = producer(o, input(o, n, 0));
    if (!is_op(inner, "Transpose") || !transpose_perm(o, inner, &p, &np) || np != nq)
        return false;
    int64_t *r = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(nq + 1));
    for (int64_t i = 0; i < nq; i++) {
        if (q[i] < 0 || q[i] >= np)
            return false;
        r[i] = p[q[i]];
    }
    IrValue *x = input(o, inner, 0);
    if (identity_perm(r, nq)) {
        if (!opt_replace(o, n->outputs[0], x))
            return false;
        opt_kill(o, n);
        return true;
    }
    opt_set_input(o, n, 0, x);
    ir_set_attr_ints(n, "perm", r, (int)nq);
    return true;
}

/* x OP c where c leaves x unchanged: CONST_AT is the constant's position
 * (1 for x * c, 0 for c * x). */
static bool neutral_operand(Opt *o, IrNode *n, int const_at, double neutral)
{
    if (n->n_inputs != 2 || n->n_outputs != 1)
        return false;
    IrValue *x = input(o, n, 1 - const_at), *c = input(o, n, const_at);
    if (!x || !c || !opt_same_type(x, n->outputs[0]) || !opt_const_all(o, c, neutral))
        return false;
    return forward_input(o, n, 1 - const_at);
}

static bool rule_mul(Opt *o, IrNode *n)
{
    return neutral_operand(o, n, 1, 1.0) || neutral_operand(o, n, 0, 1.0);
}

static bool rule_div(Opt *o, IrNode *n)
{
    return neutral_operand(o, n, 1, 1.0);
}

static bool rule_pow(Opt *o, IrNode *n)
{
    return neutral_operand(o, n, 1, 1.0);
}

static bool rule_sub(Opt *o, IrNode *n)
{
    return neutral_operand(o, n, 1, 0.0);
}

static bool rule_add(Opt *o, IrNode *n)
{
    IrValue *y = n->outputs[0];
    if (n->n_outputs != 1 || !dtype_is_int(y->type.dtype))
        return false;
    return neutral_operand(o, n, 1, 0.0) || neutral_operand(o, n, 0, 0.0);
}

/* max(0, n) as sema writes a trip count: Where(Greater(n, 0), n, 0), or
 * Max(n, 0).  Returns n, or NULL. */
static IrValue *clamped_count(Opt *o, IrValue *m)
{
    IrNode *p = producer(o, m);
    if (is_op(p, "Max") && p->n_inputs == 2) {
        if (opt_const_all(o, input(o, p, 1), 0))
            return input(o, p, 0);
        if (opt_const_all(o, input(o, p, 0), 0))
            return input(o, p, 1);
        return NULL;
    }
    if (!is_op(p, "Where") || p->n_inputs != 3 || !opt_const_all(o, input(o, p, 2), 0))
        return NULL;
    IrValue *n = input(o, p, 1);
    IrNode *g = producer(o, input(o, p, 0));
    if (!is_op(g, "Greater") || input(o, g, 0) != n || !opt_const_all(o, input(o, g, 1), 0))
        return NULL;
    return n;
}

/* The body's condition output is Identity(true) and the loop starts with
 * cond true (or none): the body may hand its condition input back. */
static bool loop_constant_cond(Opt *o, IrNode *n, IrGraph *body)
{
    if (body->inputs.len < 2 || body->outputs.len < 1)
        return false;
    if (n->n_inputs > 1 && n->inputs[1] && !opt_const_all(o, input(o, n, 1), 1))
        return false;
    IrValue *out = body->outputs.items[0];
    IrNode *id = producer(o, out);
    if (!is_op(id, "Identity") || opt_uses(o, out) != 1 || !opt_const_all(o, input(o, id, 0), 1))
        return false;
    body->outputs.items[0] = body->inputs.items[1];
    opt_kill(o, id);
    return true;
}

static bool rule_loop(Opt *o, IrNode *n)
{
    bool changed = false;
    IrValue *m = n->n_inputs > 0 ? input(o, n, 0) : NULL;
    IrValue *raw = m ? clamped_count(o, m) : NULL;
    if (raw && raw->type.dtype == DT_INT64 && raw->type.rank == 0) {
        opt_set_input(o, n, 0, raw);
        changed = true;
    }
    IrAttr *body = ir_node_attr(n, "body");
    if (body && body->kind == IR_ATTR_GRAPH && body->g)
        changed |= loop_constant_cond(o, n, body->g);
    return changed;
}

typedef struct SimplifyRule {
    const char *op;
    bool (*apply)(Opt *o, IrNode *n);
} SimplifyRule;

static const SimplifyRule rules[] = {
    {"Identity", rule_identity},
    {"Cast", rule_cast},
    {"Reshape", rule_reshape},
    {"Expand", rule_same_type},
    {"Slice", rule_slice},
    {"Concat", rule_concat},
    {"Squeeze", rule_squeeze_pair},
    {"Unsqueeze", rule_squeeze_pair},
    {"Transpose", rule_transpose},
    {"Mul", rule_mul},
    {"Div", rule_div},
    {"Pow", rule_pow},
    {"Sub", rule_sub},
    {"Add", rule_add},
    {"Loop", rule_loop},
};

#define N_RULES (sizeof rules / sizeof rules[0])

/* Operator names are interned: the rules' names, interned once per pass
 * (Opt.rule_ops), compare by pointer. */
static void simplify_graph(Opt *o, IrGraph *g)
{
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        if (opt_is_dead(o, n) || n->domain[0])
            continue;
        for (size_t r = 0; r < N_RULES; r++) {
            if (n->op_type == o->rule_ops[r]) {
                rules[r].apply(o, n);
                break;
            }
        }
    }
}

int opt_simplify(Opt *o)
{
    const char *ops[N_RULES];
    for (size_t r = 0; r < N_RULES; r++)
        ops[r] = intern(o->m->names, rules[r].op);
    o->rule_ops = ops;
    opt_each_graph(o, simplify_graph);
    o->rule_ops = NULL;
    return o->changes;
}
