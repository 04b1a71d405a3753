/* Normalizations: BatchNormalization (inference, and training mode from
 * opset 14 with its running statistics), InstanceNormalization,
 * LayerNormalization (with its Mean and InvStdDev outputs),
 * GroupNormalization (scale and bias per group at 18, per channel at 21)
 * and LpNormalization.  Statistics are computed in double; variances are
 * population variances, as ONNX's definitions use. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

static int64_t prod(const int64_t *d, int from, int to)
{
    int64_t p = 1;
    for (int i = from; i < to; i++)
        p *= d[i];
    return p;
}

/* The tensor as doubles (malloc'ed), NULL after reporting. */
static double *load_all(EvalCall *c, const EvalValue *v)
{
    double *d = malloc(sizeof(double) * (size_t)(v->numel + 1));
    if (!d)
        eval_fail(c, "out of memory");
    else
        eval_load_f64(v->dtype, v->data, 1, d, v->numel);
    return d;
}

static bool float_tensor(EvalCall *c, const EvalValue *v, const char *what)
{
    if (v && dtype_is_float(v->dtype))
        return true;
    return v ? eval_reject(c, "%s must be floating point, found %s", what, dtype_name(v->dtype))
             : false;
}

/* A per-channel vector of C entries. */
static bool channel_vector(EvalCall *c, const EvalValue *v, int64_t C, const char *what)
{
    if (!float_tensor(c, v, what))
        return false;
    if (v->numel != C)
        return eval_reject(c, "%s must have %lld elements, found %s", what, (long long)C,
                           eval_value_type_str(&c->ev->arena, v));
    return true;
}

static EvalStatus store_output(EvalCall *c, int i, DType t, int rank, const int64_t *dims,
                               const double *v)
{
    EvalValue *y = eval_output(c, i, t, rank, dims);
    if (!y)
        return EVAL_ERROR;
    eval_store_f64(t, y->data, v, y->numel);
    return EVAL_OK;
}

/* ---- BatchNormalization ------------------------------------------------------------------- */

/* Batch statistics per channel (training mode). */
static void batch_stats(const double *x, int64_t N, int64_t C, int64_t per, double *mean, double *var)
{
    int64_t count = N * per;
    for (int64_t ch = 0; ch < C; ch++) {
        double s = 0, q = 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t p = 0; p < per; p++)
                s += x[(n * C + ch) * per + p];
        double m = count > 0 ? s / (double)count : 0;
        for (int64_t n = 0; n < N; n++)
            for (int64_t p = 0; p < per; p++) {
                double d = x[(n * C + ch) * per + p] - m;
                q += d * d;
            }
        mean[ch] = m;
        var[ch] = count > 0 ? q / (double)count : 0;
    }
}

static EvalStatus batchnorm_run(EvalCall *c, EvalValue *X, double **p, bool training)
{
    int64_t N = X->dims[0], C = X->dims[1], per = prod(X->dims, 2, X->rank);
    double eps = eval_attr_float(c, "epsilon", 1e-5), mom = eval_attr_float(c, "momentum", 0.9);
    double *x = p[0], *scale = p[1], *bias = p[2], *mean = p[3], *var = p[4];
    double *bm = malloc(sizeof(double) * (size_t)(C + 1)), *bv = malloc(sizeof(double) * (size_t)(C + 1));
    if (training)
        batch_stats(x, N, C, per, bm, bv);
    else {
        memcpy(bm, mean, sizeof(double) * (size_t)C);
        memcpy(bv, var, sizeof(double) * (size_t)C);
    }
    for (int64_t n = 0; n < N; n++)
        for (int64_t ch = 0; ch < C; ch++)
            for (int64_t q = 0; q < per; q++) {
                double *e = &x[(n * C + ch) * per + q];
                *e = (*e - bm[ch]) / sqrt(bv[ch] + eps) * scale[ch] + bias[ch];
            }
    EvalStatus st = store_output(c, 0, X->dtype, X->rank, X->dims, x);
    for (int64_t ch = 0; training && ch < C; ch++) {
        bm[ch] = mean[ch] * mom + bm[ch] * (1 - mom);
        bv[ch] = var[ch] * mom + bv[ch] * (1 - mom);
    }
    if (st == EVAL_OK && training && eval_wants(c, 1))
        st = store_output(c, 1, c->in[3]->dtype, 1, &C, bm);
    if (st == EVAL_OK && training && eval_wants(c, 2))
        st = store_output(c, 2, c->in[4]->dtype, 1, &C, bv);
    free(bm);
    free(bv);
    return st;
}

/* Inference on float32 X: the same arithmetic as batchnorm_run, element
 * by element in double, without the tensor's copy in doubles (a network
 * whose BatchNormalization cannot be folded into a convolution, as
 * DenseNet's that come before theirs, runs one per layer). */
/* Y = (X - M) / D * S + B over a plane, in doubles rounded once to
 * float32 (the general path's values), two elements at a time where the
 * compiler has vector types: the division is most of the cost, and a
 * vector divides two for about the price of one. */
static void batchnorm_plane_f32(const float *x, float *y, int64_t n, double m, double d, double s, double b)
{
    int64_t q = 0;
#if defined(__GNUC__)
    typedef double D2 __attribute__((vector_size(16)));
    const D2 vm = {m, m}, vd = {d, d}, vs = {s, s}, vb = {b, b};
    for (; q + 2 <= n; q += 2) {
        D2 v = {(double)x[q], (double)x[q + 1]};
        v = (v - vm) / vd * vs + vb;
        y[q] = (float)v[0];
        y[q + 1] = (float)v[1];
    }
#endif
    for (; q < n; q++)
        y[q] = (float)(((double)x[q] - m) / d * s + b);
}

static EvalStatus batchnorm_f32(EvalCall *c, const EvalValue *X, double **p)
{
    int64_t N = X->dims[0], C = X->dims[1], per = prod(X->dims, 2, X->rank);
    double eps = eval_attr_float(c, "epsilon", 1e-5);
    const double *scale = p[1], *bias = p[2], *mean = p[3], *var = p[4];
    EvalValue *Y = eval_output_raw(c, 0, DT_FLOAT, X->rank, X->dims);     /* every element written */
    if (!Y)
        return EVAL_ERROR;
    for (int64_t n = 0; n < N; n++)
        for (int64_t ch = 0; ch < C; ch++) {
            double m = mean[ch], d = sqrt(var[ch] + eps), s = scale[ch], b = bias[ch];
            const float *x = (const float *)X->data + (n * C + ch) * per;
            float *y = (float *)Y->data + (n * C + ch) * per;
            batchnorm_plane_f32(x, y, per, m, d, s, b);
        }
    return EVAL_OK;
}

static EvalStatus eval_batchnorm(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!float_tensor(c, X, "X"))
        return EVAL_ERROR;
    if (X->rank < 2)
        return eval_fail(c, "X must have rank >= 2");
    static const char *const names[] = {"X", "scale", "B", "mean", "var"};
    for (int k = 1; k < 5; k++)
        if (!channel_vector(c, eval_tensor_in(c, k, false), X->dims[1], names[k]))
            return EVAL_ERROR;
    bool training = c->version >= 14 && eval_attr_int(c, "training_mode", 0) != 0;
    if (c->version < 14 && (eval_wants(c, 1) || eval_wants(c, 2)))
        return eval_unsupported(c, "training outputs before opset 14 are not supported");
    if (c->version < 9 && eval_attr_int(c, "spatial", 1) == 0)
        return eval_unsupported(c, "spatial=0 is not supported");
    double *p[5] = {NULL};
    EvalStatus st = EVAL_OK;
    bool f32 = !training && X->dtype == DT_FLOAT;
    for (int k = f32 ? 1 : 0; k < 5 && st == EVAL_OK; k++)
        st = (p[k] = load_all(c, c->in[k])) ? EVAL_OK : EVAL_ERROR;
    if (st == EVAL_OK)
        st = f32 ? batchnorm_f32(c, X, p) : batchnorm_run(c, X, p, training);
    for (int k = 0; k < 5; k++)
        free(p[k]);
    return st;
}

/* ---- Instance, Group and Layer normalization ---------------------------------------------- */

/* Normalizes each of the GROUPS consecutive runs of LEN values of X in
 * place; MEAN and ISTD (when not NULL) receive the statistics. */
static void normalize_runs(double *x, int64_t groups, int64_t len, double eps, double *mean,
                           double *istd)
{
    for (int64_t g = 0; g < groups; g++) {
        double *v = x + g * len, s = 0, q = 0;
        for (int64_t i = 0; i < len; i++)
            s += v[i];
        double m = len ? s / (double)len : 0;
        for (int64_t i = 0; i < len; i++)
            q += (v[i] - m) * (v[i] - m);
        double inv = 1.0 / sqrt((len ? q / (double)len : 0) + eps);
        for (int64_t i = 0; i < len; i++)
            v[i] = (v[i] - m) * inv;
        if (mean)
            mean[g] = m;
        if (istd)
            istd[g] = inv;
    }
}

/* x = x * scale[ch] + bias[ch] over [N, C, per] */
static void channel_affine(double *x, int64_t N, int64_t C, int64_t per, const double *scale,
                           const double *bias)
{
    for (int64_t n = 0; n < N; n++)
        for (int64_t ch = 0; ch < C; ch++)
            for (int64_t q = 0; q < per; q++) {
                double *e = &x[(n * C + ch) * per + q];
                *e = *e * scale[ch] + bias[ch];
            }
}

/* InstanceNormalization and GroupNormalization: statistics over groups of
 * channels (one channel per group for instance normalization). */
static EvalStatus group_like(EvalCall *c, int64_t groups, bool per_group_affine)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!float_tensor(c, X, "X"))
        return EVAL_ERROR;
    if (X->rank < 2 || groups < 1 || X->dims[1] % groups)
        return eval_fail(c, "X must have rank >= 2 and channels divisible by the groups");
    int64_t N = X->dims[0], C = X->dims[1], per = prod(X->dims, 2, X->rank);
    int64_t na = per_group_affine ? groups : C;
    if (!channel_vector(c, eval_tensor_in(c, 1, false), na, "scale") ||
        !channel_vector(c, eval_tensor_in(c, 2, false), na, "bias"))
        return EVAL_ERROR;
    double *x = load_all(c, X), *scale = load_all(c, c->in[1]), *bias = load_all(c, c->in[2]);
    EvalStatus st = x && scale && bias ? EVAL_OK : EVAL_ERROR;
    if (st == EVAL_OK) {
        normalize_runs(x, N * groups, C / groups * per, eval_attr_float(c, "epsilon", 1e-5), NULL, NULL);
        if (per_group_affine)
            channel_affine(x, N, groups, C / groups * per, scale, bias);
        else
            channel_affine(x, N, C, per, scale, bias);
        st = store_output(c, 0, X->dtype, X->rank, X->dims, x);
    }
    free(x);
    free(scale);
    free(bias);
    return st;
}

static EvalStatus eval_instancenorm(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    return X ? group_like(c, X->rank >= 2 ? X->dims[1] : 1, false) : EVAL_ERROR;
}

static EvalStatus eval_groupnorm(EvalCall *c)
{
    return group_like(c, eval_attr_int(c, "num_groups", 0), c->version < 21);
}

/* Scale (or B) broadcast to the normalized shape X[axis:], as doubles. */
static double *affine_param(EvalCall *c, EvalValue *v, const EvalValue *X, int axis)
{
    EvalValue norm = {.kind = EVAL_TENSOR, .rank = X->rank - axis};
    memcpy(norm.dims, X->dims + axis, sizeof(int64_t) * (size_t)norm.rank);
    EvalValue *ops[2] = {v, &norm};
    int r;
    int64_t d[EVAL_MAX_RANK];
    if (!eval_bcast_shape(ops, 2, &r, d) || r != norm.rank || prod(d, 0, r) != prod(norm.dims, 0, r)) {
        eval_fail(c, "%s does not broadcast to the normalized shape", eval_value_type_str(&c->ev->arena, v));
        return NULL;
    }
    EvalValue *b = eval_broadcast_to(c, v, norm.rank, norm.dims);
    double *out = b ? load_all(c, b) : NULL;
    eval_release(b);
    return out;
}

static EvalStatus eval_layernorm(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false), *S = eval_tensor_in(c, 1, false);
    EvalValue *B = eval_tensor_in(c, 2, true);
    int axis;
    if (!float_tensor(c, X, "X") || !S || !eval_axis(c, eval_attr_int(c, "axis", -1), X->rank, &axis))
        return EVAL_ERROR;
    int64_t outer = prod(X->dims, 0, axis), len = prod(X->dims, axis, X->rank);
    double *x = load_all(c, X), *scale = affine_param(c, S, X, axis);
    double *bias = B ? affine_param(c, B, X, axis) : calloc((size_t)len + 1, sizeof(double));
    double *mean = malloc(sizeof(double) * (size_t)(outer + 1));
    double *istd = malloc(sizeof(double) * (size_t)(outer + 1));
    EvalStatus st = x && scale && bias ? EVAL_OK : EVAL_ERROR;
    if (st == EVAL_OK) {
        normalize_runs(x, outer, len, eval_attr_float(c, "epsilon", 1e-5), mean, istd);
        for (int64_t o = 0; o < outer; o++)
            for (int64_t i = 0; i < len; i++)
                x[o * len + i] = x[o * len + i] * scale[i] + bias[i];
        st = store_output(c, 0, X->dtype, X->rank, X->dims, x);
        int64_t sdims[EVAL_MAX_RANK];
        for (int i = 0; i < X->rank; i++)
            sdims[i] = i < axis ? X->dims[i] : 1;
        /* Mean and InvStdDev: their declared type, else float32 as
         * stash_type 1 (the default) says */
        const IrValue *mo = c->n_out > 1 ? c->node->outputs[1] : NULL;
        DType st_type = mo && mo->type.kind == IR_TYPE_TENSOR && mo->type.dtype != DT_UNDEFINED
                            ? mo->type.dtype
                            : eval_attr_int(c, "stash_type", 1) == 1 ? DT_FLOAT : X->dtype;
        if (st == EVAL_OK && eval_wants(c, 1))
            st = store_output(c, 1, st_type, X->rank, sdims, mean);
        if (st == EVAL_OK && eval_wants(c, 2))
            st = store_output(c, 2, st_type, X->rank, sdims, istd);
    }
    free(x);
    free(scale);
    free(bias);
    free(mean);
    free(istd);
    return st;
}

/* ---- LpNormalization ------------------------------------------------------------------------ */

static EvalStatus eval_lpnorm(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    int axis;
    if (!float_tensor(c, X, "input") || !eval_axis(c, eval_attr_int(c, "axis", -1), X->rank, &axis))
        return EVAL_ERROR;
    int64_t p = eval_attr_int(c, "p", 2);
    if (p != 1 && p != 2)
        return eval_fail(c, "p must be 1 or 2, found %lld", (long long)p);
    int64_t n = X->dims[axis], inner = prod(X->dims, axis + 1, X->rank);
    double *x = load_all(c, X);
    if (!x)
        return EVAL_ERROR;
    for (int64_t base = 0; base < X->numel; base += n * inner) {
        for (int64_t i = 0; i < inner; i++) {
            double norm = 0;
            for (int64_t j = 0; j < n; j++) {
                double v = x[base + j * inner + i];
                norm += p == 1 ? fabs(v) : v * v;
            }
            norm = p == 1 ? norm : sqrt(norm);
            for (int64_t j = 0; j < n; j++)
                x[base + j * inner + i] /= norm;
        }
    }
    EvalStatus st = store_output(c, 0, X->dtype, X->rank, X->dims, x);
    free(x);
    return st;
}

const EvalOp eval_norm_ops[] = {
    {"BatchNormalization", eval_batchnorm, NULL},
    {"GroupNormalization", eval_groupnorm, NULL},
    {"InstanceNormalization", eval_instancenorm, NULL},
    {"LayerNormalization", eval_layernorm, NULL},
    {"LpNormalization", eval_lpnorm, NULL},
};

const int eval_norm_count = sizeof eval_norm_ops / sizeof eval_norm_ops[0];
