/* Fusion into the single ONNX operator where one exists.
 *
 *   Conv(x, W, B) -> BatchNormalization (inference)   -> Conv(x, W', B')
 *   ConvTranspose(x, W, B) -> BatchNormalization      -> ConvTranspose(x, W', B')
 *       with s = scale / sqrt(var + epsilon) per output channel,
 *       W' = W * s and B' = (B - mean) * s + bias (computed in double)
 *   Add(MatMul(A, B), C), A and B of rank 2, C broadcast to the result
 *                                                     -> Gemm(A, B, C);
 *       B = Transpose(W) becomes Gemm(A, W, C, transB=1)
 *   (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps) [* gamma] [+ beta]
 *       over trailing axes                            -> LayerNormalization
 *                                                        (opset >= 17)
 *   0.5 * x * (1 + erf(x / sqrt(2)))                  -> Gelu (opset >= 20)
 *   0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 x^3)))
 *                                                     -> Gelu(approximate="tanh")
 *
 * The last node of a pattern becomes the fused node (so its output keeps
 * its name and type); the nodes it replaces are left to dead-code removal,
 * and a pattern whose inner values are read elsewhere is not fused (the
 * graph would not get smaller). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opt/fuse_internal.h"

bool fuse_is_op(const IrNode *n, const char *op)
{
    return n && !n->domain[0] && strcmp(n->op_type, op) == 0;
}

IrNode *fuse_producer(Opt *o, IrValue *v)
{
    v = opt_get(o, v);
    IrNode *p = v ? v->producer : NULL;
    return p && !opt_is_dead(o, p) && p->graph == v->graph ? p : NULL;
}

IrValue *fuse_input(Opt *o, IrNode *n, int i)
{
    return i < n->n_inputs ? opt_get(o, n->inputs[i]) : NULL;
}

/* V is read by nothing but the USES reads inside the pattern. */
bool fuse_internal(Opt *o, IrValue *v, int uses)
{
    return v && !opt_is_graph_output(o, v) && opt_uses(o, v) == uses;
}

bool fuse_float_type(DType t)
{
    return t == DT_FLOAT || t == DT_DOUBLE || t == DT_FLOAT16;
}

/* ---- Conv / ConvTranspose + BatchNormalization ---- */

typedef struct BnParams {
    IrTensor *scale, *bias, *mean, *var;
    double eps;
    int64_t channels;
} BnParams;

static bool bn_params(Opt *o, IrNode *bn, BnParams *p)
{
    if (bn->n_inputs != 5 || opt_attr_int(bn, "training_mode", 0) != 0 ||
        opt_attr_int(bn, "spatial", 1) != 1)
        return false;
    for (int k = 1; k < bn->n_outputs; k++)
        if (opt_uses(o, bn->outputs[k]) || opt_is_graph_output(o, bn->outputs[k]))
            return false;
    IrTensor **t[] = {&p->scale, &p->bias, &p->mean, &p->var};
    for (int k = 0; k < 4; k++) {
        *t[k] = opt_const(o, fuse_input(o, bn, k + 1));
        if (!*t[k] || (*t[k])->rank != 1 || !fuse_float_type((*t[k])->dtype))
            return false;
    }
    p->channels = p->scale->dims[0];
    for (int k = 1; k < 4; k++)
        if ((*t[k])->dims[0] != p->channels)
            return false;
    p->eps = opt_attr_float(bn, "epsilon", 1e-5f);
    return true;
}

static void scale_f32(float *restrict dst, const float *restrict src, int64_t n, double k)
{
    for (int64_t e = 0; e < n; e++)
        dst[e] = (float)((double)src[e] * k);
}

static void scale_f64(double *restrict dst, const double *restrict src, int64_t n, double k)
{
    for (int64_t e = 0; e < n; e++)
        dst[e] = src[e] * k;
}

/* NW = W with each kernel scaled by S of its output channel: W[r, c, ...]
 * belongs to channel r of a Conv, and to channel (r / (rows / group)) *
 * cols + c of a ConvTranspose (ONNX's weight layouts).  Element by element
 * in double, rounded once, block by block: these are the model's largest
 * tensors. */
static void scale_weights(const IrTensor *w, void *nw_data, bool transposed, int64_t group, const double *s)
{
    int64_t inner = 1, rows = w->dims[0], cols = w->dims[1];
    for (int i = 2; i < w->rank; i++)
        inner *= w->dims[i];
    if (!transposed) {         /* one channel per row: whole rows at once */
        inner *= cols;
        cols = 1;
    }
    for (int64_t r = 0; r < rows; r++) {
        for (int64_t c = 0; c < cols; c++) {
            double k = s[transposed ? (r / (rows / group)) * cols + c : r];
            int64_t at = (r * cols + c) * inner;
            if (w->dtype == DT_FLOAT)
                scale_f32((float *)nw_data + at, (const float *)w->data + at, inner, k);
            else
                scale_f64((double *)nw_data + at, (const double *)w->data + at, inner, k);
        }
    }
}

/* The scaled weights are deferred (IrTensor.fill): made when the model is
 * written, one tensor at a time into the writer's buffer, or when a later
 * reader forces them.  A network's folded weights are most of its bytes,
 * and making them all at once doubled the memory a compile touched. */
typedef struct ScaledWeights {
    const IrTensor *w;          /* resident, mapped or itself deferred */
    const double *s;
    bool transposed;
    int64_t group;
} ScaledWeights;

static void fill_scaled(const IrTensor *t, void *dst)
{
    const ScaledWeights *sw = t->fill_ctx;
    IrTensor w = *sw->w;
    void *scratch = NULL;
    if (!w.data && w.fill) {
        scratch = malloc(w.nbytes ? w.nbytes : 1);
        if (!scratch) {     /* cannot be reported from here: as the arena does */
            fprintf(stderr, "tsc2onnx: fatal: out of memory (allocating %zu bytes)\n", w.nbytes);
            exit(4);
        }
        w.fill(&w, scratch);
        w.data = scratch;
    }
    scale_weights(&w, dst, sw->transposed, sw->group, sw->s);
    free(scratch);
}

static IrTensor *scaled_weights(Opt *o, const IrTensor *w, const double *s, bool transposed, int64_t group)
{
    IrTensor *nw = arena_alloc(o->arena, sizeof *nw);
    nw->dtype = w->dtype;
    nw->rank = w->rank;
    nw->dims = arena_alloc(o->arena, sizeof(int64_t) * (size_t)w->rank);
    memcpy(nw->dims, w->dims, sizeof(int64_t) * (size_t)w->rank);
    nw->nbytes = w->nbytes;
    ScaledWeights *sw = arena_alloc(o->arena, sizeof *sw);
    *sw = (ScaledWeights){w, s, transposed, group};
    nw->fill = fill_scaled;
    nw->fill_ctx = sw;
    return nw;
}

static void fold_bn(Opt *o, IrNode *conv, IrNode *bn, const BnParams *p, IrTensor *w, IrTensor *b)
{
    bool transposed = fuse_is_op(conv, "ConvTranspose");
    int64_t group = opt_attr_int(conv, "group", 1);
    IrTensor *nb = ir_tensor_new(o->arena, w->dtype, 1, &p->channels);
    double *s = arena_alloc(o->arena, sizeof(double) * (size_t)p->channels);
    for (int64_t c = 0; c < p->channels; c++) {
        s[c] = opt_tensor_get(p->scale, c) / sqrt(opt_tensor_get(p->var, c) + p->eps);
        double bias = b ? opt_tensor_get(b, c) : 0.0;
        opt_tensor_set(nb, c, (bias - opt_tensor_get(p->mean, c)) * s[c] + opt_tensor_get(p->bias, c));
    }
    IrTensor *nw = scaled_weights(o, w, s, transposed, group);
    IrValue *wv = fuse_input(o, conv, 1);
    IrValue *ins[3] = {fuse_input(o, conv, 0), opt_new_const(o, o->m->graph, nw, wv->name),
                       opt_new_const(o, o->m->graph, nb, arena_sprintf(o->arena, "%s_bias", wv->name))};
    bn->n_outputs = 1;
    if (!opt_morph(o, bn, conv->op_type, ins, 3, conv))
        return;
    bn->attrs = arena_alloc(o->arena, sizeof(IrAttr) * (size_t)(conv->n_attrs + 1));
    memcpy(bn->attrs, conv->attrs, sizeof(IrAttr) * (size_t)conv->n_attrs);
    bn->n_attrs = bn->cap_attrs = conv->n_attrs;
}

/* BN reads a convolution's output and nothing else does. */
static bool fuse_conv_bn(Opt *o, IrNode *bn)
{
    if (o->options->keep_weights)
        return false;
    IrNode *conv = fuse_producer(o, fuse_input(o, bn, 0));
    if (!conv || !(fuse_is_op(conv, "Conv") || fuse_is_op(conv, "ConvTranspose")) ||
        !fuse_internal(o, conv->outputs[0], 1))
        return false;
    BnParams p;
    IrTensor *w = opt_const_lazy(o, fuse_input(o, conv, 1));    /* read when written (fill_scaled) */
    IrTensor *b = conv->n_inputs > 2 && conv->inputs[2] ? opt_const(o, fuse_input(o, conv, 2)) : NULL;
    if (!w || !bn_params(o, bn, &p) || w->rank < 3 || (w->dtype != DT_FLOAT && w->dtype != DT_DOUBLE) ||
        (conv->n_inputs > 2 && conv->inputs[2] && !b))
        return false;
    int64_t group = opt_attr_int(conv, "group", 1);
    bool transposed = fuse_is_op(conv, "ConvTranspose");
    int64_t out_channels = transposed ? w->dims[1] * group : w->dims[0];
    if (out_channels != p.channels || group < 1 || (transposed && w->dims[0] % group))
        return false;
    if (b && (b->rank != 1 || b->dims[0] != p.channels || b->dtype != w->dtype))
        return false;
    fold_bn(o, conv, bn, &p, w, b);
    return true;
}

/* ---- MatMul + Add -> Gemm ---- */

static bool rank2(const IrValue *v)
{
    return v && v->type.kind == IR_TYPE_TENSOR && v->type.rank == 2;
}

/* Add(MatMul(A, B), C) or Add(C, MatMul(A, B)). */
static bool fuse_gemm(Opt *o, IrNode *add)
{
    if (add->n_inputs != 2 || add->n_outputs != 1)
        return false;
    for (int side = 0; side < 2; side++) {
        IrNode *mm = fuse_producer(o, fuse_input(o, add, side));
        IrValue *c = fuse_input(o, add, 1 - side);
        if (!fuse_is_op(mm, "MatMul") || !fuse_internal(o, mm->outputs[0], 1))
            continue;
        IrValue *a = fuse_input(o, mm, 0), *b = fuse_input(o, mm, 1), *y = add->outputs[0];
        if (!rank2(a) || !rank2(b) || !c || c->type.rank < 0 || c->type.rank > 2 ||
            !fuse_float_type(y->type.dtype) || !opt_same_type(mm->outputs[0], y))
            continue;
        int64_t trans_b = 0;
        IrNode *t = fuse_producer(o, b);
        IrAttr *perm = t && fuse_is_op(t, "Transpose") ? ir_node_attr(t, "perm") : NULL;
        if (t && fuse_is_op(t, "Transpose") && rank2(fuse_input(o, t, 0)) &&
            (!perm || (perm->n == 2 && perm->ints[0] == 1 && perm->ints[1] == 0))) {
            b = fuse_input(o, t, 0);
            trans_b = 1;
        }
        IrValue *ins[3] = {a, b, c};
        if (!opt_morph(o, add, "Gemm", ins, 3, mm))
            return false;
        if (trans_b)
            ir_set_attr_int(add, "transB", 1);
        return true;
    }
    return false;
}

/* ---- the pass ---- */

typedef struct FuseRule {
    const char *op;
    int min_opset;
    bool (*apply)(Opt *o, IrNode *n);
} FuseRule;

static const FuseRule rules[] = {
    {"BatchNormalization", 7, fuse_conv_bn},
    {"Add", 7, fuse_gemm},
    {"Div", 17, fuse_layer_norm},
    {"Mul", 20, fuse_gelu},
};

#define N_RULES (sizeof rules / sizeof rules[0])

static void fuse_graph(Opt *o, IrGraph *g)
{
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        if (opt_is_dead(o, n) || n->domain[0])
            continue;
        for (size_t r = 0; r < N_RULES; r++)
            if (o->opset >= rules[r].min_opset && n->op_type == o->rule_ops[r] && rules[r].apply(o, n))
                break;
    }
}

int opt_fuse(Opt *o)
{
    const char *ops[N_RULES];      /* interned: compared by pointer */
    for (size_t r = 0; r < N_RULES; r++)
        ops[r] = intern(o->m->names, rules[r].op);
    o->rule_ops = ops;
    opt_each_graph(o, fuse_graph);
    o->rule_ops = NULL;
    return o->changes;
}
