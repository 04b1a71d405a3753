/* Shape functions of detection and sampling: RoiAlign and MaxRoiPool
 * ([num_rois, C, pooled height, pooled width]), NonMaxSuppression (a
 * data-dependent count of [batch, class, box] triples), GridSample (the
 * grid's spatial shape), AffineGrid (from the constant size input) and
 * Col2Im (from the constant image and block shapes). */
#include <string.h>

#include "ir/shape.h"

/* Input I, when ranked, must have rank RANK; *t is NULL when unranked. */
static bool ranked_as(ShapeCtx *c, int i, int rank, const char *what, const IrType **t)
{
    *t = sh_ranked(c, i);
    if (*t && (*t)->rank != rank)
        return sh_error(c, "%s: %s must have rank %d, got %s", sh_op(c), what, rank,
                        sh_shape_str(c, *t));
    return true;
}

/* Dimension D of T, unknown when T is NULL. */
static Dim dim_of(const IrType *t, int d)
{
    return t ? t->dims[d] : dim_unknown();
}

/* A known dimension that must be VALUE. */
static bool expect_dim(ShapeCtx *c, const IrType *t, int d, int64_t value, const char *what)
{
    if (t && dim_is_known(t->dims[d]) && t->dims[d].value != value)
        return sh_error(c, "%s: %s must have %lld in dimension %d, got %s", sh_op(c), what,
                        (long long)value, d, sh_shape_str(c, t));
    return true;
}

/* Two dimensions that must agree; *out the better known. */
static bool same_dim(ShapeCtx *c, Dim a, Dim b, const char *what, Dim *out)
{
    if (!sh_unify(a, b, out))
        return sh_error(c, "%s: %s differ (%s and %s)", sh_op(c), what, sh_dim_str(c, a),
                        sh_dim_str(c, b));
    return true;
}

/* A positive size attribute (pooled height, width ...). */
static bool positive_attr(ShapeCtx *c, const char *name, int64_t v)
{
    if (v < 1 || v > SH_MAX_ATTR_VALUE)
        return sh_error(c, "%s: '%s' must be positive, got %lld", sh_op(c), name, (long long)v);
    return true;
}

/* RoiAlign: X [N, C, H, W], rois [R, 4], batch_indices [R] ->
 * Y [R, C, output_height, output_width]. */
bool shape_roi_align(ShapeCtx *c)
{
    const IrType *x, *rois, *idx;
    if (!ranked_as(c, 0, 4, "X", &x) || !ranked_as(c, 1, 2, "rois", &rois) ||
        !ranked_as(c, 2, 1, "batch_indices", &idx) || !expect_dim(c, rois, 1, 4, "rois"))
        return false;
    int64_t h = sh_attr_int(c, "output_height", 1), w = sh_attr_int(c, "output_width", 1);
    const char *mode = sh_attr_str(c, "mode", "avg");
    if (strcmp(mode, "avg") != 0 && strcmp(mode, "max") != 0)
        return sh_error(c, "RoiAlign: mode must be 'avg' or 'max', got '%s'", mode);
    if (c->opset >= 16) {
        const char *ct = sh_attr_str(c, "coordinate_transformation_mode", "half_pixel");
        if (strcmp(ct, "half_pixel") != 0 && strcmp(ct, "output_half_pixel") != 0)
            return sh_error(c, "RoiAlign: coordinate_transformation_mode must be 'half_pixel' "
                            "or 'output_half_pixel', got '%s'", ct);
    }
    Dim *out = sh_dims(c, 4);
    if (!positive_attr(c, "output_height", h) || !positive_attr(c, "output_width", w) ||
        !same_dim(c, dim_of(rois, 0), dim_of(idx, 0), "the numbers of rois and batch_indices",
                  &out[0]))
        return false;
    out[1] = dim_of(x, 1);
    out[2] = dim_known(h);
    out[3] = dim_known(w);
    sh_set(c, 0, sh_out_dtype(c, 0), 4, out);
    return true;
}

/* MaxRoiPool: X [N, C, H, W], rois [R, 5] -> Y [R, C, pooled_shape]. */
bool shape_max_roi_pool(ShapeCtx *c)
{
    const IrType *x, *rois;
    const int64_t *ps;
    int n;
    if (!ranked_as(c, 0, 4, "X", &x) || !ranked_as(c, 1, 2, "rois", &rois) ||
        !expect_dim(c, rois, 1, 5, "rois"))
        return false;
    if (!sh_attr_ints(c, "pooled_shape", &ps, &n) || n != 2)
        return sh_error(c, "MaxRoiPool: pooled_shape must have 2 values");
    if (!positive_attr(c, "pooled_shape", ps[0]) || !positive_attr(c, "pooled_shape", ps[1]))
        return false;
    Dim *out = sh_dims(c, 4);
    out[0] = dim_of(rois, 0);
    out[1] = dim_of(x, 1);
    out[2] = dim_known(ps[0]);
    out[3] = dim_known(ps[1]);
    sh_set(c, 0, sh_out_dtype(c, 0), 4, out);
    return true;
}

/* NonMaxSuppression: boxes [B, S, 4], scores [B, classes, S] -> [?, 3]
 * (how many boxes survive depends on the data). */
bool shape_nms(ShapeCtx *c)
{
    const IrType *boxes, *scores;
    Dim u;
    if (!ranked_as(c, 0, 3, "boxes", &boxes) || !ranked_as(c, 1, 3, "scores", &scores) ||
        !expect_dim(c, boxes, 2, 4, "boxes") ||
        !same_dim(c, dim_of(boxes, 0), dim_of(scores, 0), "the batch sizes of boxes and scores",
                  &u) ||
        !same_dim(c, dim_of(boxes, 1), dim_of(scores, 2), "the box counts of boxes and scores",
                  &u))
        return false;
    int64_t center = sh_attr_int(c, "center_point_box", 0);
    if (center != 0 && center != 1)
        return sh_error(c, "NonMaxSuppression: center_point_box must be 0 or 1, got %lld",
                        (long long)center);
    Dim out[2] = {dim_unknown(), dim_known(3)};
    sh_set(c, 0, DT_INT64, 2, out);
    return true;
}

static bool one_of(const char *s, const char *a, const char *b, const char *d)
{
    return strcmp(s, a) == 0 || strcmp(s, b) == 0 || strcmp(s, d) == 0;
}

/* GridSample: X [N, C, D1..Dr], grid [N, O1..Or, r] -> Y [N, C, O1..Or];
 * r is 2 at opset 16 (4-D X), any from 20. */
bool shape_grid_sample(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *grid = sh_ranked(c, 1);
    const char *mode = sh_attr_str(c, "mode", "linear");
    const char *pad = sh_attr_str(c, "padding_mode", "zeros");
    bool ok_mode = c->opset >= 20 ? one_of(mode, "linear", "nearest", "cubic")
                                  : one_of(mode, "bilinear", "nearest", "bicubic");
    if (!ok_mode)
        return sh_error(c, "GridSample: unknown mode '%s'", mode);
    if (!one_of(pad, "zeros", "border", "reflection"))
        return sh_error(c, "GridSample: unknown padding_mode '%s'", pad);
    int rank = x ? x->rank : grid ? grid->rank : -1;
    if (rank >= 0 && (rank < 3 || (c->opset < 20 && rank != 4)))
        return sh_error(c, "GridSample: X must have rank %s, got %s",
                        c->opset < 20 ? "4" : ">= 3", sh_shape_str(c, x ? x : grid));
    if (x && grid && grid->rank != x->rank)
        return sh_error(c, "GridSample: grid %s does not match X %s", sh_shape_str(c, grid),
                        sh_shape_str(c, x));
    if (rank < 0) {
        sh_set(c, 0, sh_out_dtype(c, 0), -1, NULL);
        return true;
    }
    if (!expect_dim(c, grid, rank - 1, rank - 2, "grid"))
        return false;
    Dim *out = sh_dims(c, rank);
    if (!same_dim(c, dim_of(x, 0), dim_of(grid, 0), "the batch sizes of X and grid", &out[0]))
        return false;
    out[1] = dim_of(x, 1);
    for (int i = 2; i < rank; i++)
        out[i] = dim_of(grid, i - 1);
    sh_set(c, 0, sh_out_dtype(c, 0), rank, out);
    return true;
}

/* AffineGrid: theta [N, 2, 3] with size (N, C, H, W) -> [N, H, W, 2];
 * theta [N, 3, 4] with size (N, C, D, H, W) -> [N, D, H, W, 3]. */
bool shape_affine_grid(ShapeCtx *c)
{
    const IrType *theta, *size = sh_ranked(c, 1);
    if (!ranked_as(c, 0, 3, "theta", &theta))
        return false;
    int64_t *sv = NULL, n = -1;
    if (!sh_const_ints(c, 1, &sv, &n)) {
        sv = NULL;
        if (size && size->rank == 1 && dim_is_known(size->dims[0]))
            n = size->dims[0].value;
    }
    int spatial = n == 4 ? 2 : n == 5 ? 3 : -1;
    if (n >= 0 && spatial < 0)
        return sh_error(c, "AffineGrid: size must have 4 or 5 values, got %lld", (long long)n);
    if (theta && dim_is_known(theta->dims[1]) && spatial < 0)
        spatial = (int)theta->dims[1].value;
    if (spatial < 0) {
        sh_set(c, 0, sh_out_dtype(c, 0), -1, NULL);
        return true;
    }
    if (!expect_dim(c, theta, 1, spatial, "theta") || !expect_dim(c, theta, 2, spatial + 1, "theta"))
        return false;
    Dim *out = sh_dims(c, spatial + 2);
    out[0] = dim_of(theta, 0);
    if (sv && !same_dim(c, out[0], dim_known(sv[0]), "the batch sizes of theta and size", &out[0]))
        return false;
    for (int i = 0; i < spatial; i++) {
        if (sv && sv[2 + i] < 0)
            return sh_error(c, "AffineGrid: negative size %lld", (long long)sv[2 + i]);
        out[1 + i] = sv ? dim_known(sv[2 + i]) : dim_unknown();
    }
    out[spatial + 1] = dim_known(spatial);
    sh_set(c, 0, sh_out_dtype(c, 0), spatial + 2, out);
    return true;
}

/* Reads Col2Im's list attribute NAME for N spatial axes (default FILL). */
static bool col2im_list(ShapeCtx *c, const char *name, int n, int64_t fill, int64_t *out)
{
    const int64_t *v;
    int k, want = fill == 0 ? 2 * n : n;
    for (int i = 0; i < want; i++)
        out[i] = fill;
    if (!sh_attr_ints(c, name, &v, &k))
        return true;
    if (k != want)
        return sh_error(c, "Col2Im: '%s' has %d values, expected %d", name, k, want);
    for (int i = 0; i < k; i++) {
        if (v[i] < (fill == 0 ? 0 : 1) || v[i] > SH_MAX_ATTR_VALUE)
            return sh_error(c, "Col2Im: '%s' value %lld is out of range", name, (long long)v[i]);
        out[i] = v[i];
    }
    return true;
}

/* The number of sliding blocks Col2Im expects from constant shapes; -1
 * when a block does not fit. */
static int64_t col2im_blocks(const int64_t *image, const int64_t *block, const int64_t *dil,
                             const int64_t *pads, const int64_t *strides, int n)
{
    int64_t total = 1;
    for (int i = 0; i < n; i++) {
        int64_t span = image[i] + pads[i] + pads[i + n] - dil[i] * (block[i] - 1) - 1;
        if (span < 0)
            return -1;
        total *= span / strides[i] + 1;
    }
    return total;
}

/* Col2Im: input [N, C * prod(block_shape), L] -> [N, C, image_shape...]. */
bool shape_col2im(ShapeCtx *c)
{
    const IrType *x;
    int64_t *image = NULL, *block = NULL, ni = -1, nb = -1;
    if (!ranked_as(c, 0, 3, "input", &x))
        return false;
    bool have_image = sh_const_ints(c, 1, &image, &ni), have_block = sh_const_ints(c, 2, &block, &nb);
    const IrType *it = sh_ranked(c, 1);
    if (!have_image && it && it->rank == 1 && dim_is_known(it->dims[0]))
        ni = it->dims[0].value;
    if (have_image && have_block && ni != nb)
        return sh_error(c, "Col2Im: image_shape has %lld values, block_shape %lld",
                        (long long)ni, (long long)nb);
    if (ni < 0) {
        sh_set(c, 0, sh_out_dtype(c, 0), -1, NULL);
        return true;
    }
    if (ni < 1 || ni > 16)
        return sh_error(c, "Col2Im: image_shape must have 1 to 16 values, got %lld", (long long)ni);
    int n = (int)ni;
    int64_t dil[16], pads[32], strides[16];
    if (!col2im_list(c, "dilations", n, 1, dil) || !col2im_list(c, "pads", n, 0, pads) ||
        !col2im_list(c, "strides", n, 1, strides))
        return false;
    Dim *out = sh_dims(c, n + 2);
    out[0] = dim_of(x, 0);
    out[1] = dim_unknown();
    for (int i = 0; i < n; i++) {
        if (have_image && (image[i] < 0 || (have_block && block[i] < 1)))
            return sh_error(c, "Col2Im: image_shape and block_shape must be positive");
        out[2 + i] = have_image ? dim_known(image[i]) : dim_unknown();
    }
    if (have_block) {
        int64_t kprod = 1;
        for (int i = 0; i < n; i++)
            kprod *= block[i] < SH_MAX_ATTR_VALUE ? block[i] : SH_MAX_ATTR_VALUE;
        Dim ck = dim_of(x, 1);
        if (dim_is_known(ck) && ck.value % kprod != 0)
            return sh_error(c, "Col2Im: input dimension 1 (%lld) is not a multiple of the block "
                            "size %lld", (long long)ck.value, (long long)kprod);
        out[1] = dim_is_known(ck) ? dim_known(ck.value / kprod) : sh_div(c, ck, dim_known(kprod));
        if (!dim_is_known(ck) && ck.sym == NULL)
            out[1] = dim_unknown();
    }
    if (have_image && have_block && x && dim_is_known(x->dims[2])) {
        int64_t blocks = col2im_blocks(image, block, dil, pads, strides, n);
        if (blocks != x->dims[2].value)
            return sh_error(c, "Col2Im: input has %lld blocks, the shapes give %lld",
                            (long long)x->dims[2].value, (long long)blocks);
    }
    sh_set(c, 0, sh_out_dtype(c, 0), n + 2, out);
    return true;
}
