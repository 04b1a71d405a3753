/* Resize (opsets 10 to 19) and Upsample: nearest, linear and cubic
 * interpolation with every coordinate_transformation_mode, nearest_mode,
 * exclude_outside, antialias, axes and keep_aspect_ratio_policy, as ONNX's
 * operator definition and its reference implementation compute them.
 *
 * Interpolation is separable, so the tensor is resized one axis at a time.
 * For each output coordinate x of an axis, x is mapped to x_ori in the
 * input; with x0 = ceil(x_ori) - 1 and ratio = x_ori - x0 (in (0, 1]), the
 * taps are n consecutive input indices from x0 + start, weighted by the
 * mode's coefficients of ratio; indices outside the axis read its edge
 * (exclude_outside instead drops them and renormalizes).  In
 * tf_crop_and_resize mode a coordinate outside the input gives
 * extrapolation_value.  Opset 10 and Upsample map coordinates as
 * "asymmetric" and pick the floor for nearest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

typedef enum Interp { INTERP_NEAREST, INTERP_LINEAR, INTERP_CUBIC } Interp;

typedef struct ResizeArgs {
    Interp mode;
    const char *transform;
    const char *nearest;
    double cubic_a;
    bool exclude_outside, antialias;
    double extrapolation;
    int rank;
    double scale[EVAL_MAX_RANK];
    int64_t out[EVAL_MAX_RANK];
    double roi_start[EVAL_MAX_RANK], roi_end[EVAL_MAX_RANK];
} ResizeArgs;

#define MAX_TAPS 1024

/* The interpolation of one output coordinate along one axis. */
typedef struct Taps {
    bool extrapolate;
    int n;
    int64_t idx[MAX_TAPS];
    double w[MAX_TAPS];
} Taps;

/* x_ori of output coordinate X of an axis (LEN_IN long, LEN_OUT long);
 * false when tf_crop_and_resize puts it outside the input. */
static bool original_coord(const ResizeArgs *a, int axis, int64_t x, int64_t len_in, double *xo)
{
    double s = a->scale[axis], out_w = s * (double)len_in, xx = (double)x;
    const char *m = a->transform;
    if (strcmp(m, "align_corners") == 0) {
        *xo = out_w == 1 ? 0.0 : xx * (double)(len_in - 1) / (out_w - 1);
    } else if (strcmp(m, "asymmetric") == 0) {
        *xo = xx / s;
    } else if (strcmp(m, "tf_crop_and_resize") == 0) {
        double r0 = a->roi_start[axis], r1 = a->roi_end[axis];
        *xo = out_w == 1 ? (r1 - r0) * (double)(len_in - 1) / 2
                         : xx * (r1 - r0) * (double)(len_in - 1) / (out_w - 1);
        *xo += r0 * (double)(len_in - 1);
        return *xo >= 0 && *xo <= (double)(len_in - 1);
    } else if (strcmp(m, "pytorch_half_pixel") == 0) {
        *xo = out_w == 1 ? -0.5 : (xx + 0.5) / s - 0.5;
    } else if (strcmp(m, "half_pixel_symmetric") == 0) {
        double adjustment = (double)a->out[axis] / out_w, center = (double)len_in / 2;
        *xo = center * (1 - adjustment) + (xx + 0.5) / s - 0.5;
    } else {
        *xo = (xx + 0.5) / s - 0.5;     /* half_pixel */
    }
    return true;
}

static double cubic_weight(double x, double A)
{
    x = fabs(x);
    if (x <= 1)
        return ((A + 2) * x - (A + 3)) * x * x + 1;
    if (x < 2)
        return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A;
    return 0.0;
}

/* The coefficients for RATIO: their count, first offset from x0, values. */
static void coefficients(const ResizeArgs *a, double ratio, double scale, Taps *t, int64_t *start)
{
    double s = scale < 1 ? scale : 1.0;
    if (a->mode == INTERP_NEAREST) {
        const char *m = a->nearest;
        bool up = ratio == 1 || strcmp(m, "ceil") == 0 ||
                  (strcmp(m, "round_prefer_ceil") == 0 && ratio >= 0.5) ||
                  (strcmp(m, "round_prefer_floor") == 0 && ratio > 0.5);
        t->n = 2;
        *start = 0;
        t->w[0] = !up;
        t->w[1] = up;
        return;
    }
    bool aa = a->antialias && s < 1;
    int64_t st = a->mode == INTERP_LINEAR ? (aa ? (int64_t)floor(-1 / s) + 1 : 0)
                                          : (aa ? (int64_t)floor(-2 / s) + 1 : -1);
    int64_t n = 2 - 2 * st;
    t->n = (int)(n < MAX_TAPS ? n : MAX_TAPS);
    *start = st;
    double sum = 0;
    for (int i = 0; i < t->n; i++) {
        double d = ((double)(st + i) - ratio) * (aa ? s : 1.0);
        double w = a->mode == INTERP_LINEAR ? 1 - fabs(d) : cubic_weight(d, a->cubic_a);
        t->w[i] = a->mode == INTERP_LINEAR && w < 0 ? 0 : w;
        sum += t->w[i];
    }
    for (int i = 0; aa && i < t->n; i++)
        t->w[i] /= sum;
}

static void axis_taps(const ResizeArgs *a, int axis, int64_t x, int64_t len_in, Taps *t)
{
    double xo;
    t->extrapolate = !original_coord(a, axis, x, len_in, &xo);
    if (t->extrapolate) {
        t->n = 0;
        return;
    }
    double x0 = ceil(xo) - 1, ratio = xo - x0;
    int64_t start;
    coefficients(a, ratio, a->scale[axis], t, &start);
    double sum = 0;
    for (int i = 0; i < t->n; i++) {
        int64_t idx = (int64_t)x0 + start + i;
        if (a->exclude_outside && (idx < 0 || idx >= len_in))
            t->w[i] = 0;
        t->idx[i] = idx < 0 ? 0 : idx >= len_in ? len_in - 1 : idx;
        sum += t->w[i];
    }
    for (int i = 0; a->exclude_outside && sum != 0 && i < t->n; i++)
        t->w[i] /= sum;
}

/* Resizes axis AXIS of SRC (shape DIMS) to A->out[axis]; returns the new
 * array (malloc'ed) and updates DIMS. */
static double *resize_axis(const ResizeArgs *a, int axis, const double *src, int64_t *dims)
{
    int64_t len_in = dims[axis], len_out = a->out[axis];
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < axis; i++)
        outer *= dims[i];
    for (int i = axis + 1; i < a->rank; i++)
        inner *= dims[i];
    double *dst = malloc(sizeof(double) * (size_t)(outer * len_out * inner + 1));
    Taps t;
    for (int64_t x = 0; x < len_out; x++) {
        axis_taps(a, axis, x, len_in, &t);
        for (int64_t o = 0; o < outer; o++) {
            double *d = dst + (o * len_out + x) * inner;
            const double *s = src + o * len_in * inner;
            for (int64_t i = 0; i < inner; i++) {
                double v = t.extrapolate ? a->extrapolation : 0.0;
                for (int k = 0; k < t.n; k++)
                    if (t.w[k] != 0)
                        v += t.w[k] * s[t.idx[k] * inner + i];
                d[i] = v;
            }
        }
    }
    dims[axis] = len_out;
    return dst;
}

static EvalStatus resize_run(EvalCall *c, EvalValue *X, ResizeArgs *a)
{
    for (int i = 0; i < a->rank; i++)
        if (X->dims[i] == 0 && a->out[i] > 0)
            return eval_fail(c, "cannot resize an empty axis");
    EvalValue *Y = eval_output(c, 0, X->dtype, a->rank, a->out);
    if (!Y || Y->numel == 0)
        return Y ? EVAL_OK : EVAL_ERROR;
    int64_t dims[EVAL_MAX_RANK];
    memcpy(dims, X->dims, sizeof(int64_t) * (size_t)a->rank);
    double *cur = malloc(sizeof(double) * (size_t)(X->numel + 1));
    eval_load_f64(X->dtype, X->data, 1, cur, X->numel);
    for (int axis = 0; axis < a->rank; axis++) {
        bool same = a->out[axis] == dims[axis] && a->scale[axis] == 1.0 &&
                    strcmp(a->transform, "tf_crop_and_resize") != 0;
        if (same)
            continue;
        double *next = resize_axis(a, axis, cur, dims);
        free(cur);
        cur = next;
    }
    eval_store_f64(Y->dtype, Y->data, cur, Y->numel);
    free(cur);
    return EVAL_OK;
}

/* ---- arguments ------------------------------------------------------------------------ */

static bool interp_mode(EvalCall *c, ResizeArgs *a)
{
    const char *m = eval_attr_str(c, "mode", "nearest");
    if (strcmp(m, "nearest") == 0)
        a->mode = INTERP_NEAREST;
    else if (strcmp(m, "linear") == 0 || strcmp(m, "bilinear") == 0)
        a->mode = INTERP_LINEAR;
    else if (strcmp(m, "cubic") == 0)
        a->mode = INTERP_CUBIC;
    else
        return eval_reject(c, "unknown mode '%s'", m);
    return true;
}

/* The axes the scales, sizes and roi refer to (all when absent). */
static bool resize_axes(EvalCall *c, int rank, int *axes, int *n)
{
    int na;
    const int64_t *v = eval_attr_ints(c, "axes", &na);
    *n = v ? na : rank;
    for (int i = 0; i < *n; i++)
        if (!eval_axis(c, v ? v[i] : i, rank, &axes[i]))
            return false;
    return true;
}

static bool output_from_sizes(EvalCall *c, ResizeArgs *a, const EvalValue *X, const int *axes,
                              int na, const int64_t *sizes)
{
    const char *policy = eval_attr_str(c, "keep_aspect_ratio_policy", "stretch");
    bool larger = strcmp(policy, "not_larger") == 0, smaller = strcmp(policy, "not_smaller") == 0;
    if (!larger && !smaller && strcmp(policy, "stretch") != 0)
        return eval_reject(c, "unknown keep_aspect_ratio_policy '%s'", policy);
    double common = larger ? INFINITY : 0;
    for (int i = 0; i < na; i++) {
        if (sizes[i] < 0 || sizes[i] > EVAL_MAX_SIZE || X->dims[axes[i]] == 0)
            return eval_reject(c, "sizes[%d] is %lld for an axis of %lld", i, (long long)sizes[i],
                               (long long)X->dims[axes[i]]);
        double s = (double)sizes[i] / (double)X->dims[axes[i]];
        a->scale[axes[i]] = s;
        a->out[axes[i]] = sizes[i];
        common = larger ? fmin(common, s) : fmax(common, s);
    }
    for (int i = 0; (larger || smaller) && i < na; i++) {
        a->scale[axes[i]] = common;
        a->out[axes[i]] = (int64_t)(common * (double)X->dims[axes[i]] + 0.5);
    }
    return true;
}

/* scales or sizes (exactly one), and roi, for the listed axes. */
static bool resize_targets(EvalCall *c, ResizeArgs *a, const EvalValue *X, int first_input)
{
    int axes[EVAL_MAX_RANK], na;
    if (!resize_axes(c, X->rank, axes, &na))
        return false;
    EvalValue *roi = first_input == 2 ? eval_in(c, 1) : NULL;
    EvalValue *scales = eval_in(c, first_input), *sizes = eval_in(c, first_input + 1);
    if (scales && scales->numel == 0)
        scales = NULL;
    if ((scales == NULL) == (sizes == NULL))
        return eval_reject(c, "exactly one of scales and sizes must be given");
    EvalValue *given = scales ? scales : sizes;
    if (given->numel != na)
        return eval_reject(c, "%s has %lld entries for %d axes", scales ? "scales" : "sizes",
                           (long long)given->numel, na);
    for (int i = 0; i < X->rank; i++) {
        a->scale[i] = 1.0;
        a->out[i] = X->dims[i];
        a->roi_start[i] = 0;
        a->roi_end[i] = 1;
    }
    if (roi && roi->numel == 2 * na) {
        for (int i = 0; i < na; i++) {
            a->roi_start[axes[i]] = eval_get_f64(roi, i);
            a->roi_end[axes[i]] = eval_get_f64(roi, na + i);
        }
    }
    if (sizes) {
        int64_t v[EVAL_MAX_RANK], n;
        return eval_read_ints(c, sizes, "sizes", v, EVAL_MAX_RANK, &n) &&
               output_from_sizes(c, a, X, axes, na, v);
    }
    for (int i = 0; i < na; i++) {
        double s = eval_get_f64(scales, i);
        if (!(s > 0) || s * (double)X->dims[axes[i]] > (double)EVAL_MAX_SIZE)
            return eval_reject(c, "scale %g is not positive or too large", s);
        a->scale[axes[i]] = s;
        a->out[axes[i]] = (int64_t)floor(s * (double)X->dims[axes[i]]);
    }
    return true;
}

static EvalStatus eval_resize(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    ResizeArgs a = {.rank = X ? X->rank : 0};
    if (!X || !interp_mode(c, &a))
        return EVAL_ERROR;
    bool v10 = c->version < 11;
    a.transform = v10 ? "asymmetric" : eval_attr_str(c, "coordinate_transformation_mode", "half_pixel");
    a.nearest = v10 ? "floor" : eval_attr_str(c, "nearest_mode", "round_prefer_floor");
    a.cubic_a = eval_attr_float(c, "cubic_coeff_a", -0.75);
    a.exclude_outside = eval_attr_int(c, "exclude_outside", 0) != 0;
    a.antialias = eval_attr_int(c, "antialias", 0) != 0;
    a.extrapolation = eval_attr_float(c, "extrapolation_value", 0.0);
    if (!resize_targets(c, &a, X, v10 ? 1 : 2))
        return EVAL_ERROR;
    for (int i = 0; a.antialias && i < a.rank; i++)
        if (a.scale[i] < 4.0 / (MAX_TAPS - 4))
            return eval_unsupported(c, "antialiasing with a scale below %g is not supported",
                                    4.0 / (MAX_TAPS - 4));
    return resize_run(c, X, &a);
}

static EvalStatus eval_upsample(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    ResizeArgs a = {.rank = X ? X->rank : 0, .transform = "asymmetric", .nearest = "floor"};
    if (!X || !interp_mode(c, &a))
        return EVAL_ERROR;
    int n;
    const float *fs = eval_attr_floats(c, "scales", &n);
    EvalValue *sv = c->version >= 9 ? eval_tensor_in(c, 1, false) : NULL;
    if (sv)
        n = (int)sv->numel;
    if ((c->version >= 9 && !sv) || (!sv && !fs) || n != X->rank)
        return c->version >= 9 && !sv ? EVAL_ERROR
                                      : eval_fail(c, "scales must have one entry per axis");
    for (int i = 0; i < X->rank; i++) {
        a.scale[i] = sv ? eval_get_f64(sv, i) : fs[i];
        if (!(a.scale[i] > 0) || a.scale[i] * (double)X->dims[i] > (double)EVAL_MAX_SIZE)
            return eval_fail(c, "scale %g is not positive or too large", a.scale[i]);
        a.out[i] = (int64_t)floor(a.scale[i] * (double)X->dims[i]);
    }
    return resize_run(c, X, &a);
}

const EvalOp eval_resize_ops[] = {
    {"Resize", eval_resize, NULL},
    {"Upsample", eval_upsample, NULL},
};

const int eval_resize_count = sizeof eval_resize_ops / sizeof eval_resize_ops[0];
