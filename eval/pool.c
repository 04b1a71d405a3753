/* Pooling over any number of spatial axes: MaxPool (with its Indices
 * output), AveragePool, the global pools, and LRN across channels.  Each
 * [N, C] plane is loaded as doubles, pooled, and stored in the input's
 * type.
 *
 * AveragePool divides by the number of window elements inside the input
 * (count_include_pad=0) or by the whole window (count_include_pad=1: as in
 * ONNX's reference, the input is padded so that every window fits, also
 * the last one of ceil_mode, and all the padding counts). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

static int64_t prod(const int64_t *d, int n)
{
    int64_t p = 1;
    for (int i = 0; i < n; i++)
        p *= d[i];
    return p;
}

typedef enum PoolKind { POOL_MAX, POOL_AVG } PoolKind;

typedef struct PoolArgs {
    PoolKind kind;
    EvalWindow w;
    bool include_pad;
    bool column_major;          /* MaxPool storage_order=1 */
} PoolArgs;

/* The kernel indices along axis I whose input coordinate, for output
 * coordinate O, falls inside the input: [*lo, *hi). */
static void inside_range(const EvalWindow *w, int i, int64_t o, int64_t *lo, int64_t *hi)
{
    int64_t start = o * w->stride[i] - w->pad_begin[i], d = w->dilation[i];
    int64_t a = start >= 0 ? 0 : (-start + d - 1) / d;
    int64_t b = w->in[i] - 1 - start < 0 ? 0 : (w->in[i] - 1 - start) / d + 1;
    *lo = a;
    *hi = b < w->kernel[i] ? b : w->kernel[i];
}

/* Pools one plane IN (prod(w.in) values) into OUT (prod(w.out)); ARG
 * receives the argmax offsets within the plane for MaxPool when not NULL.
 * Only the window positions inside the input are visited, so a huge
 * padding costs nothing. */
static void pool_plane(const PoolArgs *a, const double *in, double *out, int64_t *arg)
{
    const EvalWindow *w = &a->w;
    int n = w->n;
    int64_t ksize = prod(w->kernel, n), out_size = prod(w->out, n);
    int64_t ist[EVAL_MAX_RANK], o[EVAL_MAX_RANK] = {0}, lo[EVAL_MAX_RANK], hi[EVAL_MAX_RANK];
    eval_strides(n, w->in, ist);
    for (int64_t p = 0; p < out_size; p++) {
        double acc = a->kind == POOL_MAX ? -INFINITY : 0.0;
        int64_t count = 0, best = -1, kv[EVAL_MAX_RANK];
        bool empty = false;
        for (int i = 0; i < n; i++) {
            inside_range(w, i, o[i], &lo[i], &hi[i]);
            empty = empty || lo[i] >= hi[i];
            kv[i] = lo[i];
        }
        while (!empty) {
            int64_t off = 0;
            for (int i = 0; i < n; i++)
                off += (o[i] * w->stride[i] - w->pad_begin[i] + kv[i] * w->dilation[i]) * ist[i];
            double v = in[off];
            count++;
            if (a->kind == POOL_AVG) {
                acc += v;
            } else if (best < 0 || v > acc || (isnan(v) && !isnan(acc))) {
                acc = v;    /* the first NaN wins and stays */
                best = off;
            }
            int i = n - 1;
            for (; i >= 0 && ++kv[i] == hi[i]; i--)
                kv[i] = lo[i];
            empty = i < 0;
        }
        if (a->kind == POOL_AVG)
            acc = acc / (double)(a->include_pad ? ksize : count);
        out[p] = acc;
        if (arg)
            arg[p] = best < 0 ? 0 : best;
        for (int i = n - 1; i >= 0 && ++o[i] == w->out[i]; i--)
            o[i] = 0;
    }
}

/* pool_plane for two spatial axes without the Indices output: the same
 * windows visited in the same order (so the same values), with the
 * column ranges XLO/XHI computed once per call instead of per window.
 * The plane is doubles, or float32 read and written in place (F32: no
 * copy of it as doubles; the sums are doubles all the same). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void pool_plane_2d_of(const PoolArgs *a, const void *in, void *out, bool f32,
                                    const int64_t *xlo, const int64_t *xhi)
{
    const EvalWindow *w = &a->w;
    int64_t iw = w->in[1], oh = w->out[0], ow = w->out[1], ksize = w->kernel[0] * w->kernel[1];
    for (int64_t oy = 0, p = 0; oy < oh; oy++) {
        int64_t ylo, yhi;
        inside_range(w, 0, oy, &ylo, &yhi);
        int64_t y0 = oy * w->stride[0] - w->pad_begin[0];
        for (int64_t ox = 0; ox < ow; ox++, p++) {
            int64_t x0 = ox * w->stride[1] - w->pad_begin[1], count = 0;
            double acc = a->kind == POOL_MAX ? -INFINITY : 0.0;
            bool seen = false;
            for (int64_t ky = ylo; ky < yhi && xlo[ox] < xhi[ox]; ky++) {
                int64_t row = (y0 + ky * w->dilation[0]) * iw + x0;
                for (int64_t kx = xlo[ox]; kx < xhi[ox]; kx++) {
                    int64_t at = row + kx * w->dilation[1];
                    double v = f32 ? (double)((const float *)in)[at] : ((const double *)in)[at];
                    count++;
                    if (a->kind == POOL_AVG) {
                        acc += v;
                    } else if (!seen || v > acc || (isnan(v) && !isnan(acc))) {
                        acc = v;    /* the first NaN wins and stays */
                        seen = true;
                    }
                }
            }
            if (a->kind == POOL_AVG)
                acc = acc / (double)(a->include_pad ? ksize : count);
            if (f32)
                ((float *)out)[p] = (float)acc;
            else
                ((double *)out)[p] = acc;
        }
    }
}

static void pool_plane_2d(const PoolArgs *a, const double *in, double *out, const int64_t *xlo,
                          const int64_t *xhi)
{
    pool_plane_2d_of(a, in, out, false, xlo, xhi);
}

/* MaxPool's pool_plane_2d on float32 without a branch per element (which
 * element is largest is data, and mispredicted half the time): the
 * running maximum is a select (one maxss: an unordered comparison keeps
 * ACC), and the first NaN is kept aside and wins at the end, as in
 * pool_plane, whose strict > gives the same element on ties. */
static void max_plane_2d_f32(const PoolArgs *a, const float *in, float *out, const int64_t *xlo,
                             const int64_t *xhi)
{
    const EvalWindow *w = &a->w;
    int64_t iw = w->in[1], oh = w->out[0], ow = w->out[1], dy = w->dilation[0], dx = w->dilation[1];
    for (int64_t oy = 0; oy < oh; oy++) {
        int64_t ylo, yhi;
        inside_range(w, 0, oy, &ylo, &yhi);
        int64_t y0 = oy * w->stride[0] - w->pad_begin[0];
        for (int64_t ox = 0; ox < ow; ox++, out++) {
            const float *base = in + y0 * iw + ox * w->stride[1] - w->pad_begin[1];
            float acc = -INFINITY, first_nan = 0;
            bool has_nan = false;
            for (int64_t ky = ylo; ky < yhi; ky++) {
                const float *row = base + ky * dy * iw;
                for (int64_t kx = xlo[ox]; kx < xhi[ox]; kx++) {
                    float v = row[kx * dx];
                    bool nan = v != v;
                    first_nan = (nan & !has_nan) ? v : first_nan;
                    has_nan |= nan;
                    acc = v > acc ? v : acc;
                }
            }
            *out = has_nan ? first_nan : acc;
        }
    }
}

static void pool_plane_2d_f32(const PoolArgs *a, const float *in, float *out, const int64_t *xlo,
                              const int64_t *xhi)
{
    if (a->kind == POOL_MAX)
        max_plane_2d_f32(a, in, out, xlo, xhi);
    else
        pool_plane_2d_of(a, in, out, true, xlo, xhi);
}

/* The flat index ONNX's Indices output holds for plane element OFF. */
static int64_t storage_index(const PoolArgs *a, int64_t plane, int64_t off)
{
    const EvalWindow *w = &a->w;
    int64_t size = prod(w->in, w->n);
    if (!a->column_major)
        return plane * size + off;
    int64_t idx = 0;
    for (int i = w->n - 1; i >= 0; i--) {
        int64_t coord = off % w->in[i];
        off /= w->in[i];
        idx += coord * prod(w->in, i);
    }
    return plane * size + idx;
}

static EvalStatus pool(EvalCall *c, PoolArgs *a, EvalValue *X)
{
    int64_t dims[EVAL_MAX_RANK];
    dims[0] = X->dims[0];
    dims[1] = X->dims[1];
    memcpy(dims + 2, a->w.out, sizeof(int64_t) * (size_t)a->w.n);
    EvalValue *Y = eval_output_raw(c, 0, X->dtype, X->rank, dims);     /* every plane stored */
    EvalValue *I = Y && eval_wants(c, 1) ? eval_output(c, 1, DT_INT64, X->rank, dims) : NULL;
    if (!Y || (eval_wants(c, 1) && !I))
        return EVAL_ERROR;
    int64_t in_size = prod(a->w.in, a->w.n), out_size = prod(a->w.out, a->w.n);
    double *in = malloc(sizeof(double) * (size_t)(in_size + 1));
    double *out = malloc(sizeof(double) * (size_t)(out_size + 1));
    int64_t *arg = I ? malloc(sizeof(int64_t) * (size_t)(out_size + 1)) : NULL;
    size_t es = dtype_size(X->dtype);
    bool plain_2d = a->w.n == 2 && !arg;
    int64_t ow = plain_2d ? a->w.out[1] : 0;
    int64_t *xlo = plain_2d ? malloc(sizeof(int64_t) * (size_t)(2 * ow + 1)) : NULL, *xhi = xlo ? xlo + ow : NULL;
    for (int64_t ox = 0; xlo && ox < ow; ox++)
        inside_range(&a->w, 1, ox, &xlo[ox], &xhi[ox]);
    for (int64_t plane = 0; plane < X->dims[0] * X->dims[1]; plane++) {
        if (xlo && X->dtype == DT_FLOAT) {
            pool_plane_2d_f32(a, (const float *)X->data + plane * in_size, (float *)Y->data + plane * out_size,
                              xlo, xhi);
            continue;
        }
        eval_load_f64(X->dtype, (const char *)X->data + (size_t)(plane * in_size) * es, 1, in, in_size);
        if (xlo)
            pool_plane_2d(a, in, out, xlo, xhi);
        else
            pool_plane(a, in, out, arg);
        eval_store_f64(Y->dtype, (char *)Y->data + (size_t)(plane * out_size) * es, out, out_size);
        for (int64_t p = 0; arg && p < out_size; p++)
            ((int64_t *)I->data)[plane * out_size + p] = storage_index(a, plane, arg[p]);
    }
    free(in);
    free(out);
    free(arg);
    free(xlo);
    return EVAL_OK;
}

static bool float_or_int8(EvalCall *c, const EvalValue *x)
{
    if (dtype_is_float(x->dtype) || x->dtype == DT_INT8 || x->dtype == DT_UINT8)
        return true;
    return eval_reject(c, "element type %s is not supported", dtype_name(x->dtype));
}

static EvalStatus eval_maxpool(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    PoolArgs a = {.kind = POOL_MAX, .column_major = eval_attr_int(c, "storage_order", 0) != 0};
    if (!X || !float_or_int8(c, X) || !eval_window(c, X, NULL, eval_attr_int(c, "ceil_mode", 0), &a.w))
        return EVAL_ERROR;
    return pool(c, &a, X);
}

static EvalStatus eval_avgpool(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    PoolArgs a = {.kind = POOL_AVG, .include_pad = eval_attr_int(c, "count_include_pad", 0) != 0};
    if (!X || !float_or_int8(c, X) || !eval_window(c, X, NULL, eval_attr_int(c, "ceil_mode", 0), &a.w))
        return EVAL_ERROR;
    return pool(c, &a, X);
}

/* GlobalAveragePool, GlobalMaxPool: one window covering each plane. */
static EvalStatus global_pool(EvalCall *c, PoolKind kind)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!X || !float_or_int8(c, X))
        return EVAL_ERROR;
    if (X->rank < 3)
        return eval_fail(c, "input must have rank >= 3");
    PoolArgs a = {.kind = kind};
    a.w.n = X->rank - 2;
    for (int i = 0; i < a.w.n; i++) {
        a.w.in[i] = a.w.kernel[i] = X->dims[2 + i];
        a.w.stride[i] = a.w.dilation[i] = a.w.out[i] = 1;
    }
    if (prod(a.w.in, a.w.n) == 0)
        return eval_fail(c, "cannot pool empty planes");
    return pool(c, &a, X);
}

static EvalStatus eval_global_avgpool(EvalCall *c) { return global_pool(c, POOL_AVG); }
static EvalStatus eval_global_maxpool(EvalCall *c) { return global_pool(c, POOL_MAX); }

/* LRN: x / (bias + alpha/size * sum of squares over nearby channels)^beta */
static EvalStatus eval_lrn(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!X)
        return EVAL_ERROR;
    int64_t size = eval_attr_int(c, "size", 0);
    if (X->rank < 2 || size < 1)
        return eval_fail(c, "needs an input of rank >= 2 and a positive size");
    double alpha = eval_attr_float(c, "alpha", 1e-4), beta = eval_attr_float(c, "beta", 0.75);
    double bias = eval_attr_float(c, "bias", 1.0);
    EvalValue *Y = eval_output(c, 0, X->dtype, X->rank, X->dims);
    if (!Y)
        return EVAL_ERROR;
    int64_t C = X->dims[1], per = prod(X->dims + 2, X->rank - 2);
    int64_t lo = (size - 1) / 2, hi = size - 1 - lo;
    lo = lo < C ? lo : C;   /* channels past the ends add nothing */
    hi = hi < C ? hi : C;
    for (int64_t n = 0; n < X->dims[0]; n++) {
        for (int64_t ch = 0; ch < C; ch++) {
            for (int64_t p = 0; p < per; p++) {
                double sq = 0;
                for (int64_t k = ch - lo; k <= ch + hi; k++) {
                    if (k >= 0 && k < C) {
                        double v = eval_get_f64(X, (n * C + k) * per + p);
                        sq += v * v;
                    }
                }
                int64_t i = (n * C + ch) * per + p;
                double y = eval_get_f64(X, i) / pow(bias + alpha / (double)size * sq, beta);
                eval_store_f64(Y->dtype, (char *)Y->data + (size_t)i * dtype_size(Y->dtype), &y, 1);
            }
        }
    }
    return EVAL_OK;
}

const EvalOp eval_pool_ops[] = {
    {"AveragePool", eval_avgpool, NULL},
    {"GlobalAveragePool", eval_global_avgpool, NULL},
    {"GlobalMaxPool", eval_global_maxpool, NULL},
    {"LRN", eval_lrn, NULL},
    {"MaxPool", eval_maxpool, NULL},
};

const int eval_pool_count = sizeof eval_pool_ops / sizeof eval_pool_ops[0];
