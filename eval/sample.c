/* Sampling operators: GridSample, AffineGrid and Col2Im.
 *
 * GridSample reads X at the points of grid, whose coordinates run from -1
 * to 1 across each spatial axis (listed innermost axis first, x before y):
 * with align_corners, -1 and 1 are the centers of the corner pixels, else
 * their outer edges.  Along each axis a point becomes a list of taps (one
 * for nearest, which rounds half to even; two for linear; four for cubic
 * with a = -0.75), and the output is the sum over the product of the taps.
 * Padding: zeros reads 0 outside; border clamps; reflection mirrors at the
 * border (the corner centers with align_corners, the edges without) and
 * then clamps.  Linear and nearest pad the point, cubic pads each tap (as
 * PyTorch's grid_sample and ONNX Runtime do).  Integer X is sampled in
 * double and converted back as Cast does.
 *
 * AffineGrid applies each theta [N, r, r+1] to the homogeneous coordinates
 * of an evenly spaced grid over [-1, 1] (cell centers without
 * align_corners; a size-1 axis has the single coordinate 0).
 *
 * Col2Im adds each column of input [N, C * prod(block), L] back at its
 * block position in the image: the inverse of an im2col, overlaps summed. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

/* ---- GridSample ---------------------------------------------------------------- */

typedef enum SampleMode { SAMPLE_NEAREST, SAMPLE_LINEAR, SAMPLE_CUBIC } SampleMode;
typedef enum SamplePad { PAD_ZEROS, PAD_BORDER, PAD_REFLECTION } SamplePad;

typedef struct SampleArgs {
    SampleMode mode;
    SamplePad pad;
    bool align;
} SampleArgs;

/* The taps of one axis: input index (-1 reads 0) and weight. */
typedef struct Taps {
    int n;
    int64_t index[4];
    double weight[4];
} Taps;

static double unnormalize(double g, int64_t size, bool align)
{
    return align ? (g + 1) / 2 * (double)(size - 1) : ((g + 1) * (double)size - 1) / 2;
}

/* Mirrors X into [lo, hi] (given doubled, so half-pixel borders are whole
 * numbers), bouncing as often as needed. */
static double reflect(double x, int64_t twice_lo, int64_t twice_hi)
{
    if (twice_lo == twice_hi)
        return 0;
    double lo = (double)twice_lo / 2, span = (double)(twice_hi - twice_lo) / 2;
    x = fabs(x - lo);
    double extra = fmod(x, span);
    int64_t flips = (int64_t)floor(x / span);
    return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

static double clamp(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

/* A coordinate after border or reflection padding (zeros: unchanged). */
static double pad_coord(const SampleArgs *a, double x, int64_t size)
{
    if (a->pad == PAD_BORDER)
        return clamp(x, 0, (double)(size - 1));
    if (a->pad == PAD_REFLECTION) {
        x = a->align ? reflect(x, 0, 2 * (size - 1)) : reflect(x, -1, 2 * size - 1);
        return clamp(x, 0, (double)(size - 1));
    }
    return x;
}

static void add_tap(Taps *t, double pos, int64_t size, double w)
{
    /* the range first: a NaN or infinite coordinate (from the grid) is
     * outside, and never converted */
    bool inside = pos >= 0 && pos <= (double)(size - 1);
    int64_t i = inside ? (int64_t)pos : -1;
    t->index[t->n] = inside && (double)i == pos ? i : -1;
    t->weight[t->n] = w;
    t->n++;
}

static void cubic_weights(double t, double *w)
{
    const double A = -0.75;
    double x0 = t + 1, x1 = t, x2 = 1 - t, x3 = 2 - t;
    w[0] = ((A * x0 - 5 * A) * x0 + 8 * A) * x0 - 4 * A;
    w[1] = ((A + 2) * x1 - (A + 3)) * x1 * x1 + 1;
    w[2] = ((A + 2) * x2 - (A + 3)) * x2 * x2 + 1;
    w[3] = ((A * x3 - 5 * A) * x3 + 8 * A) * x3 - 4 * A;
}

/* The taps along an axis of SIZE for normalized coordinate G. */
static void axis_taps(const SampleArgs *a, double g, int64_t size, Taps *t)
{
    double x = unnormalize(g, size, a->align);
    t->n = 0;
    if (a->mode == SAMPLE_CUBIC) {
        double x0 = floor(x), w[4];
        cubic_weights(x - x0, w);
        for (int k = 0; k < 4; k++)
            add_tap(t, pad_coord(a, x0 - 1 + k, size), size, w[k]);
        return;
    }
    x = pad_coord(a, x, size);
    if (a->mode == SAMPLE_NEAREST) {
        add_tap(t, nearbyint(x), size, 1.0);
        return;
    }
    double x0 = floor(x);
    add_tap(t, x0, size, 1 - (x - x0));
    add_tap(t, x0 + 1, size, x - x0);
}

/* The value at one grid point of one [N, C] plane: the sum over the taps'
 * product (N spatial axes, taps T, plane strides ST). */
static double sample_point(const double *plane, int n, const Taps *t, const int64_t *st)
{
    int k[EVAL_MAX_RANK] = {0};
    double acc = 0;
    for (;;) {
        double w = 1;
        int64_t off = 0;
        bool zero = false;
        for (int i = 0; i < n && !zero; i++) {
            zero = t[i].index[k[i]] < 0;
            off += t[i].index[k[i]] * st[i];
            w *= t[i].weight[k[i]];
        }
        if (!zero && w != 0)
            acc += w * plane[off];
        int i = n - 1;
        for (; i >= 0 && ++k[i] == t[i].n; i--)
            k[i] = 0;
        if (i < 0)
            return acc;
    }
}

static bool sample_args(EvalCall *c, SampleArgs *a)
{
    const char *mode = eval_attr_str(c, "mode", c->version >= 20 ? "linear" : "bilinear");
    const char *pad = eval_attr_str(c, "padding_mode", "zeros");
    a->align = eval_attr_int(c, "align_corners", 0) != 0;
    if (strcmp(mode, "nearest") == 0)
        a->mode = SAMPLE_NEAREST;
    else if (strcmp(mode, c->version >= 20 ? "linear" : "bilinear") == 0)
        a->mode = SAMPLE_LINEAR;
    else if (strcmp(mode, c->version >= 20 ? "cubic" : "bicubic") == 0)
        a->mode = SAMPLE_CUBIC;
    else
        return eval_reject(c, "unknown mode '%s'", mode);
    if (strcmp(pad, "zeros") == 0)
        a->pad = PAD_ZEROS;
    else if (strcmp(pad, "border") == 0)
        a->pad = PAD_BORDER;
    else if (strcmp(pad, "reflection") == 0)
        a->pad = PAD_REFLECTION;
    else
        return eval_reject(c, "unknown padding_mode '%s'", pad);
    return true;
}

static bool grid_sample_shapes(EvalCall *c, const EvalValue *x, const EvalValue *g)
{
    int n = x->rank - 2;
    if (n < 1 || (c->version < 20 && n != 2) || g->rank != x->rank || g->dims[0] != x->dims[0] ||
        g->dims[g->rank - 1] != n)
        return eval_reject(c, "X %s and grid %s do not fit",
                           eval_value_type_str(&c->ev->arena, x),
                           eval_value_type_str(&c->ev->arena, g));
    if (x->dtype == DT_STRING || x->dtype == DT_BOOL || x->dtype == DT_COMPLEX64 ||
        x->dtype == DT_COMPLEX128)
        return eval_reject(c, "X of type %s is not supported", dtype_name(x->dtype));
    return true;
}

static EvalStatus eval_grid_sample(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *g = eval_tensor_in(c, 1, false);
    SampleArgs a = {0};
    if (!x || !g || !grid_sample_shapes(c, x, g) || !sample_args(c, &a))
        return EVAL_ERROR;
    int n = x->rank - 2;
    int64_t dims[EVAL_MAX_RANK], st[EVAL_MAX_RANK], plane = 1, points = 1;
    dims[0] = x->dims[0];
    dims[1] = x->dims[1];
    for (int i = 0; i < n; i++) {
        dims[2 + i] = g->dims[1 + i];
        points *= g->dims[1 + i];
        plane *= x->dims[2 + i];
    }
    eval_strides(n, x->dims + 2, st);
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, dims);
    double *in = malloc(sizeof(double) * (size_t)(plane + 1));
    double *coord = malloc(sizeof(double) * (size_t)(points * n + 1));
    if (!y || !in || !coord) {
        free(in);
        free(coord);
        return y ? eval_fail(c, "out of memory") : EVAL_ERROR;
    }
    size_t es = dtype_size(x->dtype), gs = dtype_size(g->dtype);
    for (int64_t b = 0; b < x->dims[0]; b++) {
        eval_load_f64(g->dtype, (const char *)g->data + (size_t)(b * points * n) * gs, 1, coord,
                      points * n);
        for (int64_t ch = 0; ch < x->dims[1]; ch++) {
            int64_t base = b * x->dims[1] + ch;
            eval_load_f64(x->dtype, (const char *)x->data + (size_t)(base * plane) * es, 1, in,
                          plane);
            for (int64_t p = 0; p < points; p++) {
                Taps t[EVAL_MAX_RANK];
                /* the grid lists x (the innermost axis) first */
                for (int i = 0; i < n; i++)
                    axis_taps(&a, coord[p * n + (n - 1 - i)], x->dims[2 + i], &t[i]);
                double v = plane > 0 ? sample_point(in, n, t, st) : 0.0;
                eval_store_f64(y->dtype, (char *)y->data + (size_t)(base * points + p) * es, &v, 1);
            }
        }
    }
    free(in);
    free(coord);
    return EVAL_OK;
}

/* ---- AffineGrid ---------------------------------------------------------------- */

/* Coordinate I of an axis of SIZE points over [-1, 1]. */
static double grid_coord(int64_t i, int64_t size, bool align)
{
    if (size <= 1)
        return 0;
    double v = -1 + 2 * (double)i / (double)(size - 1);
    return align ? v : v * (double)(size - 1) / (double)size;
}

static EvalStatus eval_affine_grid(EvalCall *c)
{
    EvalValue *theta = eval_tensor_in(c, 0, false), *size = eval_tensor_in(c, 1, false);
    int64_t sz[5], ns;
    if (!theta || !size || !eval_read_ints(c, size, "size", sz, 5, &ns))
        return EVAL_ERROR;
    int r = (int)ns - 2;
    if ((r != 2 && r != 3) || theta->rank != 3 || theta->dims[0] != sz[0] ||
        theta->dims[1] != r || theta->dims[2] != r + 1)
        return eval_fail(c, "theta %s does not fit size of %lld values",
                         eval_value_type_str(&c->ev->arena, theta), (long long)ns);
    bool align = eval_attr_int(c, "align_corners", 0) != 0;
    int64_t dims[5] = {sz[0]}, points = 1;
    for (int i = 0; i < r; i++) {
        if (sz[2 + i] < 0 || sz[2 + i] > EVAL_MAX_SIZE)
            return eval_fail(c, "size %lld is out of range", (long long)sz[2 + i]);
        dims[1 + i] = sz[2 + i];
        points *= sz[2 + i];
    }
    dims[r + 1] = r;
    EvalValue *y = eval_output(c, 0, theta->dtype, r + 2, dims);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(y->dtype);
    for (int64_t b = 0; b < sz[0]; b++) {
        double th[12];
        eval_load_f64(theta->dtype, (const char *)theta->data + (size_t)(b * r * (r + 1)) * es, 1,
                      th, r * (r + 1));
        for (int64_t p = 0; p < points; p++) {
            /* homogeneous point (x, y[, z], 1): x runs along the last axis */
            double h[4], out[3];
            int64_t rest = p;
            for (int i = r - 1; i >= 0; i--) {
                h[r - 1 - i] = grid_coord(rest % sz[2 + i], sz[2 + i], align);
                rest /= sz[2 + i];
            }
            h[r] = 1;
            for (int k = 0; k < r; k++) {
                out[k] = 0;
                for (int j = 0; j <= r; j++)
                    out[k] += th[k * (r + 1) + j] * h[j];
            }
            eval_store_f64(y->dtype, (char *)y->data + (size_t)((b * points + p) * r) * es, out, r);
        }
    }
    return EVAL_OK;
}

/* ---- Col2Im ------------------------------------------------------------------ */

typedef struct Col2ImArgs {
    int n;
    int64_t image[EVAL_MAX_RANK], block[EVAL_MAX_RANK], dil[EVAL_MAX_RANK];
    int64_t pad[2 * EVAL_MAX_RANK], stride[EVAL_MAX_RANK], blocks[EVAL_MAX_RANK];
} Col2ImArgs;

static bool col2im_list(EvalCall *c, const char *name, int n, int64_t def, int64_t *out)
{
    int k;
    const int64_t *v = eval_attr_ints(c, name, &k);
    for (int i = 0; i < n; i++)
        out[i] = v && k ? (k == n ? v[i] : -1) : def;
    for (int i = 0; i < n; i++)
        if (out[i] < (def > 0 ? 1 : 0) || out[i] > EVAL_MAX_SIZE)
            return eval_reject(c, "%s must have %d values in range", name, n);
    return true;
}

static bool col2im_args(EvalCall *c, const EvalValue *x, Col2ImArgs *a)
{
    int64_t ni, nb;
    if (!eval_read_ints(c, eval_in(c, 1), "image_shape", a->image, EVAL_MAX_RANK - 2, &ni) ||
        !eval_read_ints(c, eval_in(c, 2), "block_shape", a->block, EVAL_MAX_RANK - 2, &nb))
        return false;
    if (ni != nb || ni < 1 || x->rank != 3)
        return eval_reject(c, "needs input [N, C*K, L] and image_shape and block_shape of the "
                           "same length");
    a->n = (int)ni;
    if (!col2im_list(c, "dilations", a->n, 1, a->dil) ||
        !col2im_list(c, "pads", 2 * a->n, 0, a->pad) ||
        !col2im_list(c, "strides", a->n, 1, a->stride))
        return false;
    int64_t k = 1, l = 1;
    for (int i = 0; i < a->n; i++) {
        if (a->image[i] < 0 || a->block[i] < 1 || a->image[i] > EVAL_MAX_SIZE ||
            a->block[i] > EVAL_MAX_SIZE)
            return eval_reject(c, "image_shape and block_shape must be positive");
        int64_t span = a->image[i] + a->pad[i] + a->pad[i + a->n] - a->dil[i] * (a->block[i] - 1) - 1;
        a->blocks[i] = span < 0 ? 0 : span / a->stride[i] + 1;
        k *= a->block[i];
        l *= a->blocks[i];
    }
    if (x->dims[1] % k != 0 || x->dims[2] != l)
        return eval_reject(c, "input %s does not hold blocks of %lld values at %lld positions",
                           eval_value_type_str(&c->ev->arena, x), (long long)k, (long long)l);
    return true;
}

/* Adds the column of block offset KOFF (flat) of one channel into IMG. */
static void col2im_column(const Col2ImArgs *a, int64_t koff, const double *col, double *img)
{
    int64_t kv[EVAL_MAX_RANK], lv[EVAL_MAX_RANK] = {0}, nl = 1;
    for (int i = a->n - 1; i >= 0; i--) {
        kv[i] = koff % a->block[i];
        koff /= a->block[i];
        nl *= a->blocks[i];
    }
    for (int64_t l = 0; l < nl; l++) {
        int64_t off = 0;
        bool inside = true;
        for (int i = 0; i < a->n && inside; i++) {
            int64_t pos = lv[i] * a->stride[i] - a->pad[i] + kv[i] * a->dil[i];
            inside = pos >= 0 && pos < a->image[i];
            off = off * a->image[i] + pos;
        }
        if (inside)
            img[off] += col[l];
        for (int i = a->n - 1; i >= 0 && ++lv[i] == a->blocks[i]; i--)
            lv[i] = 0;
    }
}

static EvalStatus eval_col2im(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    Col2ImArgs a;
    if (!x || !eval_tensor_in(c, 1, false) || !eval_tensor_in(c, 2, false) || !col2im_args(c, x, &a))
        return EVAL_ERROR;
    if (!dtype_is_float(x->dtype) && eval_domain(x->dtype) == DOM_F64)
        return eval_unsupported(c, "element type %s is not supported", dtype_name(x->dtype));
    int64_t k = 1, img = 1, dims[EVAL_MAX_RANK];
    for (int i = 0; i < a.n; i++) {
        k *= a.block[i];
        img *= a.image[i];
        dims[2 + i] = a.image[i];
    }
    int64_t ch = x->dims[1] / k, l = x->dims[2];
    dims[0] = x->dims[0];
    dims[1] = ch;
    EvalValue *y = eval_output(c, 0, x->dtype, a.n + 2, dims);
    double *col = malloc(sizeof(double) * (size_t)(k * l + 1));
    double *out = malloc(sizeof(double) * (size_t)(img + 1));
    if (!y || !col || !out) {
        free(col);
        free(out);
        return y ? eval_fail(c, "out of memory") : EVAL_ERROR;
    }
    size_t es = dtype_size(x->dtype);
    for (int64_t p = 0; p < x->dims[0] * ch; p++) {
        eval_load_f64(x->dtype, (const char *)x->data + (size_t)(p * k * l) * es, 1, col, k * l);
        memset(out, 0, sizeof(double) * (size_t)img);
        for (int64_t kk = 0; kk < k; kk++)
            col2im_column(&a, kk, col + kk * l, out);
        eval_store_f64(y->dtype, (char *)y->data + (size_t)(p * img) * es, out, img);
    }
    free(col);
    free(out);
    return EVAL_OK;
}

const EvalOp eval_sample_ops[] = {
    {"AffineGrid", eval_affine_grid, NULL},
    {"Col2Im", eval_col2im, NULL},
    {"GridSample", eval_grid_sample, NULL},
};

const int eval_sample_count = sizeof eval_sample_ops / sizeof eval_sample_ops[0];
