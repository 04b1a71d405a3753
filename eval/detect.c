/* Object-detection operators: NonMaxSuppression, RoiAlign and MaxRoiPool.
 *
 * NonMaxSuppression visits, for each batch and class, the boxes whose score
 * is above score_threshold (all of them without one) by decreasing score,
 * ties by increasing box index, and keeps a box unless its intersection
 * over union with a kept box exceeds iou_threshold; it stops after
 * max_output_boxes_per_class boxes (0, the default, keeps none).  Overlaps
 * are computed in float32 as ONNX Runtime does, so that a box on the
 * threshold is decided the same way; boxes of zero area never suppress.
 *
 * RoiAlign averages (or, mode=max, takes the largest of) bilinear samples
 * on a grid of sampling_ratio x sampling_ratio points per output cell
 * (ceil(roi size / output size) with sampling_ratio=0); a sample more than
 * one pixel outside the image counts as 0.  With half_pixel, roi corners
 * are shifted by -0.5 pixel; with output_half_pixel they are not, and a
 * roi is at least one pixel wide and high.  mode=max takes, per sample,
 * the largest of the four weighted corner values, as ONNX Runtime and
 * ONNX's reference do.
 *
 * MaxRoiPool rounds each roi to whole pixels and takes the maximum over
 * each of pooled_shape cells (0 for a cell outside the image). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

/* ---- NonMaxSuppression ------------------------------------------------------ */

typedef struct NmsArgs {
    const float *boxes;         /* one batch: [S, 4] */
    const float *scores;        /* one batch and class: [S] */
    bool center;                /* center_point_box */
    float iou;
} NmsArgs;

static int by_score(void *ctx, int64_t a, int64_t b)
{
    const float *s = ctx;
    return s[a] > s[b] ? -1 : s[a] < s[b] ? 1 : 0;
}

/* The box's corners (x1 <= x2, y1 <= y2) as float. */
static void nms_corners(const NmsArgs *a, int64_t i, float *x1, float *y1, float *x2, float *y2)
{
    const float *b = a->boxes + 4 * i;
    if (a->center) {
        float hw = b[2] / 2, hh = b[3] / 2;
        *x1 = b[0] - hw;
        *x2 = b[0] + hw;
        *y1 = b[1] - hh;
        *y2 = b[1] + hh;
        return;
    }
    *x1 = fminf(b[1], b[3]);
    *x2 = fmaxf(b[1], b[3]);
    *y1 = fminf(b[0], b[2]);
    *y2 = fmaxf(b[0], b[2]);
}

/* Whether box J is suppressed by the kept box I. */
static bool nms_suppresses(const NmsArgs *a, int64_t i, int64_t j)
{
    float ax1, ay1, ax2, ay2, bx1, by1, bx2, by2;
    nms_corners(a, i, &ax1, &ay1, &ax2, &ay2);
    nms_corners(a, j, &bx1, &by1, &bx2, &by2);
    float ix1 = fmaxf(ax1, bx1), ix2 = fminf(ax2, bx2);
    float iy1 = fmaxf(ay1, by1), iy2 = fminf(ay2, by2);
    if (ix2 <= ix1 || iy2 <= iy1)
        return false;
    float inter = (ix2 - ix1) * (iy2 - iy1);
    float area_a = (ax2 - ax1) * (ay2 - ay1), area_b = (bx2 - bx1) * (by2 - by1);
    float uni = area_a + area_b - inter;
    if (inter <= 0.0f || area_a <= 0.0f || area_b <= 0.0f || uni <= 0.0f)
        return false;
    return inter / uni > a->iou;
}

typedef struct NmsThresholds {
    int64_t max_per_class;
    float iou, score;
    bool has_score;
} NmsThresholds;

static bool nms_thresholds(EvalCall *c, NmsThresholds *t)
{
    double iou = 0, score = 0;
    *t = (NmsThresholds){0};
    if (eval_in(c, 2) && !eval_scalar_i64(c, eval_in(c, 2), "max_output_boxes_per_class",
                                          &t->max_per_class))
        return false;
    if (eval_in(c, 3) && !eval_scalar_f64(c, eval_in(c, 3), "iou_threshold", &iou))
        return false;
    if (!(iou >= 0 && iou <= 1))
        return eval_reject(c, "iou_threshold must be in [0, 1], found %g", iou);
    t->has_score = eval_in(c, 4) != NULL;
    if (t->has_score && !eval_scalar_f64(c, eval_in(c, 4), "score_threshold", &score))
        return false;
    t->iou = (float)iou;
    t->score = (float)score;
    t->max_per_class = t->max_per_class < 0 ? 0 : t->max_per_class;
    return true;
}

/* Selects the boxes of one batch and class, appending [batch, class, box]
 * triples to OUT (room for S of them) and counting them in *n. */
static bool nms_class(const NmsArgs *a, const NmsThresholds *t, int64_t s, int64_t batch,
                      int64_t cls, int64_t *out, int64_t *n)
{
    int64_t *order = malloc(sizeof(int64_t) * (size_t)(s + 1));
    int64_t *kept = malloc(sizeof(int64_t) * (size_t)(s + 1));
    int64_t m = 0, k = 0;
    bool ok = order && kept;
    for (int64_t i = 0; ok && i < s; i++)
        if (!t->has_score || a->scores[i] > t->score)
            order[m++] = i;
    ok = ok && eval_sort_indices(order, m, by_score, (void *)a->scores);
    for (int64_t i = 0; ok && i < m && k < t->max_per_class; i++) {
        bool keep = true;
        for (int64_t j = 0; keep && j < k; j++)
            keep = !nms_suppresses(a, kept[j], order[i]);
        if (!keep)
            continue;
        kept[k++] = order[i];
        out[3 * *n] = batch;
        out[3 * *n + 1] = cls;
        out[3 * *n + 2] = order[i];
        (*n)++;
    }
    free(order);
    free(kept);
    return ok;
}

static EvalStatus eval_nms(EvalCall *c)
{
    EvalValue *boxes = eval_tensor_in(c, 0, false), *scores = eval_tensor_in(c, 1, false);
    NmsThresholds t;
    if (!boxes || !scores || !nms_thresholds(c, &t))
        return EVAL_ERROR;
    if (boxes->rank != 3 || scores->rank != 3 || boxes->dims[2] != 4 ||
        boxes->dims[0] != scores->dims[0] || boxes->dims[1] != scores->dims[2])
        return eval_fail(c, "boxes must be [batches, boxes, 4] and scores [batches, classes, "
                         "boxes], found %s and %s", eval_value_type_str(&c->ev->arena, boxes),
                         eval_value_type_str(&c->ev->arena, scores));
    if (boxes->dtype != DT_FLOAT || scores->dtype != DT_FLOAT)
        return eval_fail(c, "boxes and scores must be float32");
    int64_t nb = boxes->dims[0], s = boxes->dims[1], nc = scores->dims[1], n = 0;
    int64_t cap = t.max_per_class == 0 ? 0 : nb * nc * s;
    int64_t *sel = malloc(sizeof(int64_t) * (size_t)(3 * cap + 1));
    bool ok = sel != NULL;
    NmsArgs a = {.center = eval_attr_int(c, "center_point_box", 0) != 0, .iou = t.iou};
    for (int64_t b = 0; ok && cap && b < nb; b++) {
        for (int64_t k = 0; ok && k < nc; k++) {
            a.boxes = (const float *)boxes->data + b * s * 4;
            a.scores = (const float *)scores->data + (b * nc + k) * s;
            ok = nms_class(&a, &t, s, b, k, sel, &n);
        }
    }
    EvalValue *y = ok ? eval_output(c, 0, DT_INT64, 2, (int64_t[]){n, 3}) : NULL;
    if (y)
        memcpy(y->data, sel, sizeof(int64_t) * (size_t)(3 * n));
    free(sel);
    if (!ok)
        return eval_fail(c, "out of memory");
    return y ? EVAL_OK : EVAL_ERROR;
}

/* ---- RoiAlign ------------------------------------------------------------------ */

typedef struct RoiAlignArgs {
    int64_t height, width, out_h, out_w, sampling;
    double scale;
    bool half_pixel, max_mode;
} RoiAlignArgs;

/* One bilinear sample at (Y, X) of PLANE: the four corner weights and
 * offsets; all weights 0 when the point is more than a pixel outside. */
typedef struct Bilinear {
    double w[4];
    int64_t pos[4];
} Bilinear;

static void bilinear_at(const RoiAlignArgs *a, double y, double x, Bilinear *b)
{
    memset(b, 0, sizeof *b);
    if (y < -1.0 || y > (double)a->height || x < -1.0 || x > (double)a->width)
        return;
    y = y <= 0 ? 0 : y;
    x = x <= 0 ? 0 : x;
    int64_t y0 = (int64_t)y, x0 = (int64_t)x, y1, x1;
    if (y0 >= a->height - 1) {
        y0 = y1 = a->height - 1;
        y = (double)y0;
    } else {
        y1 = y0 + 1;
    }
    if (x0 >= a->width - 1) {
        x0 = x1 = a->width - 1;
        x = (double)x0;
    } else {
        x1 = x0 + 1;
    }
    double ly = y - (double)y0, lx = x - (double)x0, hy = 1 - ly, hx = 1 - lx;
    b->w[0] = hy * hx;
    b->w[1] = hy * lx;
    b->w[2] = ly * hx;
    b->w[3] = ly * lx;
    b->pos[0] = y0 * a->width + x0;
    b->pos[1] = y0 * a->width + x1;
    b->pos[2] = y1 * a->width + x0;
    b->pos[3] = y1 * a->width + x1;
}

/* A roi in input pixels: its corner, size, bin size and the sampling grid
 * of each bin (GH x GW points). */
typedef struct RoiGeometry {
    double x0, y0, bw, bh;
    int64_t gh, gw;
} RoiGeometry;

/* Points a side of an adaptive sampling grid (ceil(roi size / bins)) at
 * most: beyond, the conversion to int64 would overflow and the work would
 * not end (a roi 4.5e24 pixels high); a real image is far smaller. */
#define ROI_MAX_GRID (1 << 16)

/* The geometry of ROI (its corners as the model gives them); false when a
 * coordinate is not finite or its adaptive grid is larger than
 * ROI_MAX_GRID points a side. */
static bool roi_geometry(const RoiAlignArgs *a, const double *roi, RoiGeometry *g)
{
    double off = a->half_pixel ? 0.5 : 0.0;
    double x0 = roi[0] * a->scale - off, y0 = roi[1] * a->scale - off;
    double rw = roi[2] * a->scale - off - x0, rh = roi[3] * a->scale - off - y0;
    if (!isfinite(x0) || !isfinite(y0) || !isfinite(rw) || !isfinite(rh))
        return false;
    if (!a->half_pixel) {
        rw = fmax(rw, 1.0);
        rh = fmax(rh, 1.0);
    }
    double ah = ceil(rh / (double)a->out_h), aw = ceil(rw / (double)a->out_w);
    if (a->sampling <= 0 && (ah > ROI_MAX_GRID || aw > ROI_MAX_GRID))
        return false;
    *g = (RoiGeometry){x0, y0, rw / (double)a->out_w, rh / (double)a->out_h,
                       a->sampling > 0 ? a->sampling : (int64_t)ah, a->sampling > 0 ? a->sampling : (int64_t)aw};
    return true;
}

/* Pools one roi (geometry G) of one channel PLANE into OUT. */
static void roi_align_plane(const RoiAlignArgs *a, const RoiGeometry *g, const double *plane, double *out)
{
    double x0 = g->x0, y0 = g->y0, bh = g->bh, bw = g->bw;
    int64_t gh = g->gh, gw = g->gw;
    double count = gh * gw > 1 ? (double)(gh * gw) : 1.0;
    for (int64_t ph = 0; ph < a->out_h; ph++) {
        for (int64_t pw = 0; pw < a->out_w; pw++) {
            double acc = 0;
            bool first = true;
            for (int64_t iy = 0; iy < gh; iy++) {
                double y = y0 + (double)ph * bh + ((double)iy + 0.5) * bh / (double)gh;
                for (int64_t ix = 0; ix < gw; ix++) {
                    double x = x0 + (double)pw * bw + ((double)ix + 0.5) * bw / (double)gw;
                    Bilinear b;
                    bilinear_at(a, y, x, &b);
                    double v[4];
                    for (int k = 0; k < 4; k++)
                        v[k] = b.w[k] * plane[b.pos[k]];
                    if (!a->max_mode) {
                        acc += v[0] + v[1] + v[2] + v[3];
                        continue;
                    }
                    double m = fmax(fmax(fmax(v[0], v[1]), v[2]), v[3]);
                    acc = first || m > acc ? m : acc;
                    first = false;
                }
            }
            out[ph * a->out_w + pw] = a->max_mode ? acc : acc / count;
        }
    }
}

static bool roi_align_args(EvalCall *c, const EvalValue *x, RoiAlignArgs *a)
{
    const char *mode = eval_attr_str(c, "mode", "avg");
    const char *ct = c->version >= 16 ? eval_attr_str(c, "coordinate_transformation_mode",
                                                      "half_pixel")
                                      : "output_half_pixel";
    *a = (RoiAlignArgs){
        .height = x->dims[2], .width = x->dims[3],
        .out_h = eval_attr_int(c, "output_height", 1), .out_w = eval_attr_int(c, "output_width", 1),
        .sampling = eval_attr_int(c, "sampling_ratio", 0),
        .scale = eval_attr_float(c, "spatial_scale", 1.0),
        .half_pixel = strcmp(ct, "half_pixel") == 0, .max_mode = strcmp(mode, "max") == 0,
    };
    if (!a->max_mode && strcmp(mode, "avg") != 0)
        return eval_reject(c, "unknown mode '%s'", mode);
    if (!a->half_pixel && strcmp(ct, "output_half_pixel") != 0)
        return eval_reject(c, "unknown coordinate_transformation_mode '%s'", ct);
    if (a->out_h < 1 || a->out_w < 1 || a->out_h > EVAL_MAX_SIZE || a->out_w > EVAL_MAX_SIZE ||
        a->sampling < 0 || a->sampling > 1 << 20)
        return eval_reject(c, "output_height, output_width and sampling_ratio out of range");
    return true;
}

static EvalStatus eval_roi_align(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *rois = eval_tensor_in(c, 1, false);
    EvalValue *idx = eval_tensor_in(c, 2, false);
    RoiAlignArgs a;
    if (!x || !rois || !idx)
        return EVAL_ERROR;
    if (x->rank != 4 || rois->rank != 2 || rois->dims[1] != 4 || idx->rank != 1 ||
        idx->dims[0] != rois->dims[0])
        return eval_fail(c, "X must be [N, C, H, W], rois [R, 4] and batch_indices [R]");
    if (!roi_align_args(c, x, &a))
        return EVAL_ERROR;
    int64_t r = rois->dims[0], ch = x->dims[1], plane = a.height * a.width;
    int64_t cell = a.out_h * a.out_w;
    EvalValue *y = eval_output(c, 0, x->dtype, 4, (int64_t[]){r, ch, a.out_h, a.out_w});
    if (!y)
        return EVAL_ERROR;
    double *in = malloc(sizeof(double) * (size_t)(plane + 1));
    double *out = malloc(sizeof(double) * (size_t)(cell + 1));
    EvalStatus st = in && out ? EVAL_OK : eval_fail(c, "out of memory");
    size_t es = dtype_size(x->dtype);
    for (int64_t i = 0; st == EVAL_OK && i < r; i++) {
        int64_t b = eval_get_i64(idx, i);
        if (b < 0 || b >= x->dims[0]) {
            st = eval_fail(c, "batch index %lld is out of range [0, %lld)", (long long)b,
                           (long long)x->dims[0]);
            break;
        }
        double roi[4];
        eval_load_f64(rois->dtype, (const char *)rois->data + (size_t)(i * 4) * es, 1, roi, 4);
        RoiGeometry g;
        if (!roi_geometry(&a, roi, &g)) {
            st = eval_fail(c, "roi %lld ([%g, %g, %g, %g]) is not finite, or its sampling grid is "
                           "more than %d points a side", (long long)i, roi[0], roi[1], roi[2], roi[3],
                           ROI_MAX_GRID);
            break;
        }
        for (int64_t k = 0; plane > 0 && k < ch; k++) {
            eval_load_f64(x->dtype, (const char *)x->data + (size_t)((b * ch + k) * plane) * es,
                          1, in, plane);
            roi_align_plane(&a, &g, in, out);
            eval_store_f64(y->dtype, (char *)y->data + (size_t)((i * ch + k) * cell) * es, out,
                           cell);
        }
    }
    free(in);
    free(out);
    return st;
}

/* ---- MaxRoiPool -------------------------------------------------------------- */

/* The pixel range [*lo, *hi) of cell P of N over a roi from START of SIZE
 * pixels, clipped to [0, LIMIT). */
static void roi_cell(int64_t p, int64_t n, int64_t start, int64_t size, int64_t limit,
                     int64_t *lo, int64_t *hi)
{
    double bin = (double)size / (double)n;
    int64_t a = (int64_t)floor((double)p * bin) + start;
    int64_t b = (int64_t)ceil((double)(p + 1) * bin) + start;
    *lo = a < 0 ? 0 : a > limit ? limit : a;
    *hi = b < 0 ? 0 : b > limit ? limit : b;
}

static void max_roi_plane(const double *roi, double scale, const int64_t *pooled, int64_t h,
                          int64_t w, const double *plane, double *out)
{
    int64_t x0 = (int64_t)round(roi[1] * scale), y0 = (int64_t)round(roi[2] * scale);
    int64_t x1 = (int64_t)round(roi[3] * scale), y1 = (int64_t)round(roi[4] * scale);
    int64_t rh = y1 - y0 + 1 > 1 ? y1 - y0 + 1 : 1, rw = x1 - x0 + 1 > 1 ? x1 - x0 + 1 : 1;
    for (int64_t ph = 0; ph < pooled[0]; ph++) {
        for (int64_t pw = 0; pw < pooled[1]; pw++) {
            int64_t hs, he, ws, we;
            roi_cell(ph, pooled[0], y0, rh, h, &hs, &he);
            roi_cell(pw, pooled[1], x0, rw, w, &ws, &we);
            double m = he <= hs || we <= ws ? 0.0 : -DBL_MAX;
            for (int64_t yy = hs; yy < he; yy++)
                for (int64_t xx = ws; xx < we; xx++)
                    m = plane[yy * w + xx] > m ? plane[yy * w + xx] : m;
            out[ph * pooled[1] + pw] = m;
        }
    }
}

static EvalStatus eval_max_roi_pool(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *rois = eval_tensor_in(c, 1, false);
    int n;
    const int64_t *pooled = eval_attr_ints(c, "pooled_shape", &n);
    if (!x || !rois)
        return EVAL_ERROR;
    if (x->rank != 4 || rois->rank != 2 || rois->dims[1] != 5)
        return eval_fail(c, "X must be [N, C, H, W] and rois [R, 5]");
    if (!pooled || n != 2 || pooled[0] < 1 || pooled[1] < 1 || pooled[0] > EVAL_MAX_SIZE ||
        pooled[1] > EVAL_MAX_SIZE)
        return eval_fail(c, "pooled_shape must be two positive sizes");
    double scale = eval_attr_float(c, "spatial_scale", 1.0);
    int64_t r = rois->dims[0], ch = x->dims[1], h = x->dims[2], w = x->dims[3];
    int64_t cell = pooled[0] * pooled[1];
    EvalValue *y = eval_output(c, 0, x->dtype, 4, (int64_t[]){r, ch, pooled[0], pooled[1]});
    if (!y)
        return EVAL_ERROR;
    double *in = malloc(sizeof(double) * (size_t)(h * w + 1));
    double *out = malloc(sizeof(double) * (size_t)(cell + 1));
    EvalStatus st = in && out ? EVAL_OK : eval_fail(c, "out of memory");
    size_t es = dtype_size(x->dtype);
    for (int64_t i = 0; st == EVAL_OK && i < r; i++) {
        double roi[5];
        eval_load_f64(rois->dtype, (const char *)rois->data + (size_t)(i * 5) * es, 1, roi, 5);
        int64_t b = (int64_t)roi[0];
        if (!(roi[0] >= 0) || b >= x->dims[0]) {
            st = eval_fail(c, "roi %lld has batch index %g, out of range", (long long)i, roi[0]);
            break;
        }
        for (int64_t k = 0; k < ch; k++) {
            eval_load_f64(x->dtype, (const char *)x->data + (size_t)((b * ch + k) * h * w) * es,
                          1, in, h * w);
            max_roi_plane(roi, scale, pooled, h, w, in, out);
            eval_store_f64(y->dtype, (char *)y->data + (size_t)((i * ch + k) * cell) * es, out,
                           cell);
        }
    }
    free(in);
    free(out);
    return st;
}

const EvalOp eval_detect_ops[] = {
    {"MaxRoiPool", eval_max_roi_pool, NULL},
    {"NonMaxSuppression", eval_nms, NULL},
    {"RoiAlign", eval_roi_align, NULL},
};

const int eval_detect_count = sizeof eval_detect_ops / sizeof eval_detect_ops[0];
