/* Shape functions of the indexing family: Slice (constant starts, ends,
 * axes and steps, with clamping and negative steps), Gather, GatherElements,
 * GatherND, the scatters, NonZero, Unique, OneHot, Resize/Upsample and
 * Trilu. */
#include <math.h>
#include <string.h>

#include "ir/shape.h"

/* ---- Slice -------------------------------------------------------------------- */

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Length of start:end:step over a known dimension D (numpy rules). */
static int64_t slice_len(int64_t d, int64_t start, int64_t end, int64_t step)
{
    if (start < 0)
        start = start < -d ? -d : start, start += d;
    if (end < 0)
        end = end < -d ? -d - 1 : end, end += d;
    if (step > 0) {
        start = clamp64(start, 0, d);
        end = clamp64(end, 0, d);
        return end > start ? (end - start - 1) / step + 1 : 0;
    }
    start = clamp64(start, 0, d - 1);
    end = clamp64(end, -1, d - 1);
    if (step == INT64_MIN)
        return start > end ? 1 : 0;
    return start > end ? (start - end - 1) / -step + 1 : 0;
}

/* Length over a symbolic D, assuming D is large enough for the bounds (as
 * torch's symbolic shapes do); unknown when the result would not depend on
 * D (a number that small sizes could make wrong) or for negative steps. */
static Dim slice_len_sym(ShapeCtx *c, Dim d, int64_t start, int64_t end, int64_t step)
{
    const int64_t big = INT64_MAX / 4;
    if (step <= 0)
        return dim_unknown();
    Dim s = start >= 0 ? dim_known(start) : sh_addi(c, d, start);
    Dim e = end >= big ? d : end >= 0 ? dim_known(end) : sh_addi(c, d, end);
    if (start <= -big)
        s = dim_known(0);
    Dim len = sh_div(c, sh_addi(c, sh_sub(c, e, s), step - 1), dim_known(step));
    return dim_is_known(len) ? dim_unknown() : len;
}

/* Reads the starts/ends/axes/steps of either form (attributes before 10). */
static bool slice_params(ShapeCtx *c, int64_t **v, int64_t *n, bool *known)
{
    static const char *const names[4] = {"starts", "ends", "axes", "steps"};
    bool attrs = opschema_attr(c->schema, "starts") != NULL;
    for (int k = 0; k < 4; k++) {
        n[k] = -1;
        known[k] = true;
        if (attrs) {
            const int64_t *av;
            int an;
            if (sh_attr_ints(c, names[k], &av, &an)) {
                v[k] = (int64_t *)av;
                n[k] = an;
            }
        } else if (sh_in(c, 1 + k)) {
            known[k] = sh_const_ints(c, 1 + k, &v[k], &n[k]);
        }
    }
    known[0] = known[0] && n[0] >= 0;      /* starts and ends are required */
    known[1] = known[1] && n[1] >= 0;
    int64_t count = n[0] >= 0 ? n[0] : n[1] >= 0 ? n[1] : n[2];
    for (int k = 0; k < 4; k++)
        if (n[k] >= 0 && n[k] != count)
            return sh_error(c, "Slice: %lld %s for %lld %s", (long long)n[k], names[k],
                            (long long)count, names[n[0] >= 0 ? 0 : n[1] >= 0 ? 1 : 2]);
    return true;
}

bool shape_slice(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    int64_t *v[4] = {NULL}, n[4];
    bool known[4];
    if (!slice_params(c, v, n, known))
        return false;
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    Dim *out = sh_dims(c, x->rank);
    sh_copy(out, x->dims, x->rank);
    bool *hit = arena_alloc(c->arena, sizeof(bool) * (size_t)(x->rank + 1));
    int64_t count = n[0] >= 0 ? n[0] : n[1] >= 0 ? n[1] : n[2];
    if (!known[2] || count < 0) {                   /* which axes is not known */
        sh_set(c, 0, dt, x->rank, NULL);
        return true;
    }
    for (int64_t i = 0; i < count; i++) {
        int ax = (int)i;
        if (n[2] >= 0 && !sh_axis(c, v[2][i], x->rank, false, "axis", &ax))
            return false;
        if (hit[ax])
            return sh_error(c, "Slice: axis %d is repeated", ax);
        hit[ax] = true;
        int64_t step = n[3] >= 0 ? v[3][i] : 1;
        if (known[3] && step == 0)
            return sh_error(c, "Slice: step cannot be 0");
        Dim d = x->dims[ax];
        if (!known[0] || !known[1] || !known[3])
            out[ax] = dim_unknown();
        else if (dim_is_known(d))
            out[ax] = dim_known(slice_len(d.value, v[0][i], v[1][i], step));
        else
            out[ax] = d.sym ? slice_len_sym(c, d, v[0][i], v[1][i], step) : dim_unknown();
    }
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

/* ---- gathers and scatters ----------------------------------------------------- */

/* Gather: data[:axis] + indices.shape + data[axis+1:] */
bool shape_gather(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *idx = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    if (!x || !idx) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int ax;
    if (x->rank == 0)
        return sh_error(c, "Gather: data must have rank >= 1");
    if (!sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
        return false;
    int64_t *iv, ni;
    Dim d = x->dims[ax];
    if (dim_is_known(d) && sh_const_ints(c, 1, &iv, &ni))
        for (int64_t i = 0; i < ni; i++)
            if (iv[i] < -d.value || iv[i] >= d.value)
                return sh_error(c, "Gather: index %lld is out of range for axis %d of %s",
                                (long long)iv[i], ax, sh_shape_str(c, x));
    int r = x->rank - 1 + idx->rank;
    Dim *out = sh_dims(c, r);
    sh_copy(out, x->dims, ax);
    sh_copy(out + ax, idx->dims, idx->rank);
    sh_copy(out + ax + idx->rank, x->dims + ax + 1, (int)(x->rank - ax - 1));
    sh_set(c, 0, dt, r, out);
    return true;
}

/* GatherElements: the output has the indices' shape. */
bool shape_gather_elements(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *idx = sh_ranked(c, 1);
    int ax;
    if (x && idx && x->rank != idx->rank)
        return sh_error(c, "GatherElements: data %s and indices %s differ in rank",
                        sh_shape_str(c, x), sh_shape_str(c, idx));
    if (x && !sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
        return false;
    sh_set_like(c, 0, sh_out_dtype(c, 0), sh_in(c, 1));
    return true;
}

/* GatherND: indices [..., k] -> indices.shape[:-1] + data.shape[b + k:]
 * with b = batch_dims. */
bool shape_gather_nd(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *idx = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    int64_t b = sh_attr_int(c, "batch_dims", 0);
    if (!x || !idx || idx->rank < 1 || !dim_is_known(idx->dims[idx->rank - 1])) {
        if (idx && idx->rank < 1)
            return sh_error(c, "GatherND: indices must have rank >= 1");
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int64_t k = idx->dims[idx->rank - 1].value;
    if (b < 0 || b >= idx->rank || b >= x->rank || k > x->rank - b)
        return sh_error(c, "GatherND: indices %s do not index data %s (batch_dims %lld)",
                        sh_shape_str(c, idx), sh_shape_str(c, x), (long long)b);
    int r = idx->rank - 1 + x->rank - (int)b - (int)k;
    Dim *out = sh_dims(c, r);
    sh_copy(out, idx->dims, (int)(idx->rank - 1));
    sh_copy(out + idx->rank - 1, x->dims + b + k, (int)(x->rank - b - k));
    sh_set(c, 0, dt, r, out);
    return true;
}

/* ScatterElements, Scatter: data's shape; indices and updates alike. */
bool shape_scatter(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *idx = sh_ranked(c, 1), *upd = sh_ranked(c, 2);
    int ax;
    if (x && idx && x->rank != idx->rank)
        return sh_error(c, "%s: data %s and indices %s differ in rank", sh_op(c),
                        sh_shape_str(c, x), sh_shape_str(c, idx));
    if (idx && upd && !ir_type_equal(idx, upd) && idx->rank == upd->rank) {
        for (int i = 0; i < idx->rank; i++)
            if (!sh_unify(idx->dims[i], upd->dims[i], &(Dim){0}))
                return sh_error(c, "%s: indices %s and updates %s differ", sh_op(c),
                                sh_shape_str(c, idx), sh_shape_str(c, upd));
    }
    if (x && !sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
        return false;
    return shape_same(c);
}

/* ScatterND: data's shape; updates = indices.shape[:-1] + data.shape[k:]. */
bool shape_scatter_nd(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *idx = sh_ranked(c, 1), *upd = sh_ranked(c, 2);
    if (x && idx && upd && idx->rank >= 1 && dim_is_known(idx->dims[idx->rank - 1])) {
        int64_t k = idx->dims[idx->rank - 1].value;
        if (k > x->rank || upd->rank != idx->rank - 1 + x->rank - k)
            return sh_error(c, "ScatterND: updates %s do not match indices %s into data %s",
                            sh_shape_str(c, upd), sh_shape_str(c, idx), sh_shape_str(c, x));
    }
    return shape_same(c);
}

/* NonZero: [rank(X), number of nonzeros]. */
bool shape_nonzero(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    Dim out[2] = {x ? dim_known(x->rank) : dim_unknown(), dim_unknown()};
    sh_set(c, 0, DT_INT64, 2, out);
    return true;
}

/* Unique: Y is 1-D (or X with an unknown dimension axis); indices and
 * counts have Y's length; inverse_indices one entry per element of X (or
 * per slice along axis). */
bool shape_unique(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    Dim unknown = dim_unknown(), inv = dim_unknown();
    if (!sh_has_attr(c, "axis")) {
        sh_set(c, 0, dt, 1, &unknown);
        if (x)
            inv = sh_product(c, x->dims, 0, x->rank);
    } else if (x) {
        int ax;
        if (!sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
            return false;
        Dim *d = sh_dims(c, x->rank);
        sh_copy(d, x->dims, x->rank);
        d[ax] = dim_unknown();
        inv = x->dims[ax];
        sh_set(c, 0, dt, x->rank, d);
    } else {
        sh_set(c, 0, dt, -1, NULL);
    }
    sh_set(c, 1, DT_INT64, 1, &unknown);
    sh_set(c, 2, DT_INT64, 1, &inv);
    sh_set(c, 3, DT_INT64, 1, &unknown);
    return true;
}

/* OneHot: indices' shape with depth inserted at axis (in [-r-1, r]). */
bool shape_onehot(ShapeCtx *c)
{
    const IrType *idx = sh_ranked(c, 0), *vals = sh_ranked(c, 2);
    DType dt = sh_out_dtype(c, 0);
    if (vals && !(vals->rank == 1 && (!dim_is_known(vals->dims[0]) || vals->dims[0].value == 2)))
        return sh_error(c, "OneHot: values must be [off, on], got %s", sh_shape_str(c, vals));
    if (!idx) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", -1), idx->rank + 1, false, "axis", &ax))
        return false;
    double *dv;
    int64_t nd;
    Dim depth = dim_unknown();
    if (sh_const_doubles(c, 1, &dv, &nd) && nd == 1) {
        if (!(dv[0] >= 1))
            return sh_error(c, "OneHot: depth %g must be positive", dv[0]);
        depth = dv[0] < 4e18 ? dim_known((int64_t)dv[0]) : dim_unknown();
    }
    Dim *out = sh_dims(c, idx->rank + 1);
    for (int i = 0, k = 0; i <= idx->rank; i++)
        out[i] = i == ax ? depth : idx->dims[k++];
    sh_set(c, 0, dt, idx->rank + 1, out);
    return true;
}

/* ---- Resize, Upsample ----------------------------------------------------------- */

/* floor(d * scale); symbolic d keeps an integral scale. */
static Dim scaled_dim(ShapeCtx *c, Dim d, double scale)
{
    if (dim_is_known(d)) {
        double v = floor((double)d.value * scale);
        return v >= 0 && v < 4e18 ? dim_known((int64_t)v) : dim_unknown();
    }
    if (scale == floor(scale) && scale >= 0 && scale < 1e9)
        return sh_muli(c, d, (int64_t)scale);
    return dim_unknown();
}

/* Output dims of Resize from constant sizes (honouring axes and
 * keep_aspect_ratio_policy) or scales; false after an error. */
static bool resize_dims(ShapeCtx *c, const IrType *x, int si, int zi, Dim *out)
{
    const int64_t *axes;
    int na;
    bool has_axes = sh_attr_ints(c, "axes", &axes, &na);
    int64_t *sz, nsz = 0;
    double *sc;
    int64_t nsc = 0;
    bool sizes = zi >= 0 && sh_in(c, zi) && sh_const_ints(c, zi, &sz, &nsz) && nsz > 0;
    bool scales = !sizes && si >= 0 && sh_in(c, si) && sh_const_doubles(c, si, &sc, &nsc) &&
                  nsc > 0;
    int64_t want = has_axes ? na : x->rank;
    if (!sizes && !scales)
        return true;
    if ((sizes ? nsz : nsc) != want)
        return sh_error(c, "%s: %lld %s for input %s", sh_op(c), (long long)(sizes ? nsz : nsc),
                        sizes ? "sizes" : "scales", sh_shape_str(c, x));
    sh_copy(out, x->dims, x->rank);
    const char *policy = sh_attr_str(c, "keep_aspect_ratio_policy", "stretch");
    bool stretch = strcmp(policy, "stretch") == 0;
    for (int64_t i = 0; i < want; i++) {
        int ax = (int)i;
        if (has_axes && !sh_axis(c, axes[i], x->rank, false, "axis", &ax))
            return false;
        if (scales && sc[i] <= 0)
            return sh_error(c, "%s: scale %g must be positive", sh_op(c), sc[i]);
        out[ax] = scales ? scaled_dim(c, x->dims[ax], sc[i])
                         : stretch ? dim_known(sz[i]) : dim_unknown();
    }
    return true;
}

/* Resize (10: X, scales; 11+: X, roi, scales, sizes) and Upsample (7:
 * scales attribute; 9: scales input). */
bool shape_resize(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    Dim *out = sh_dims(c, x->rank);
    const float *fs;
    int nfs;
    int nin = opschema_n_inputs(c->schema);
    if (sh_attr_floats(c, "scales", &fs, &nfs)) {
        if (nfs != x->rank)
            return sh_error(c, "%s: %d scales for input %s", sh_op(c), nfs, sh_shape_str(c, x));
        for (int i = 0; i < x->rank; i++)
            out[i] = scaled_dim(c, x->dims[i], fs[i]);
    } else if (!resize_dims(c, x, nin == 2 ? 1 : 2, nin == 4 ? 3 : -1, out)) {
        return false;
    }
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

bool shape_trilu(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    if (x && x->rank < 2)
        return sh_error(c, "Trilu: input must have rank >= 2, got %s", sh_shape_str(c, x));
    return shape_same(c);
}
