/* Shape functions of the layout family: Reshape (0 and -1, symbolic
 * element counts), Flatten, Transpose, Concat, Split, Squeeze/Unsqueeze
 * (axes as attribute or input), Expand, Tile, Pad, DepthToSpace and
 * SpaceToDepth, Shape and Size.  Constant operands (a Reshape's shape, a
 * Tile's repeats ...) come from sh_const_ints(). */
#include <string.h>

#include "ir/shape.h"

/* The integer list given by attribute NAME when the row has one, else by
 * input I: *given says whether it is there, the result whether its values
 * are known. */
static bool list_param(ShapeCtx *c, const char *name, int i, bool *given, int64_t **v, int64_t *n)
{
    const OpAttrDef *d = opschema_attr(c->schema, name);
    *given = false;
    if (d) {
        const int64_t *av;
        int an;
        if (!sh_attr_ints(c, name, &av, &an))
            return true;
        *given = true;
        *v = (int64_t *)av;
        *n = an;
        return true;
    }
    if (!sh_in(c, i))
        return true;
    *given = true;
    return sh_const_ints(c, i, v, n);
}

/* "[4, -1]" */
static const char *ints_str(ShapeCtx *c, const int64_t *v, int64_t n)
{
    char *s = arena_strdup(c->arena, "[");
    for (int64_t i = 0; i < n; i++)
        s = arena_sprintf(c->arena, "%s%s%lld", s, i ? ", " : "", (long long)v[i]);
    return arena_sprintf(c->arena, "%s]", s);
}

/* "[2, 3] (6 elements)" */
static const char *with_count(ShapeCtx *c, int rank, const Dim *dims)
{
    Dim n = sh_product(c, dims, 0, rank);
    return arena_sprintf(c->arena, "%s (%s element%s)", sh_dims_str(c, rank, dims),
                         sh_dim_str(c, n), dim_is_known(n) && n.value == 1 ? "" : "s");
}

/* Resolves the -1 of a Reshape: total / product of the other dims, when
 * the division is exact; *ok = false when known sizes cannot match. */
static Dim reshape_infer(ShapeCtx *c, Dim total, Dim rest, bool *ok)
{
    *ok = true;
    if (dim_is_known(rest) && rest.value == 0)
        return dim_unknown();
    Dim q = sh_div(c, total, rest);
    if (!dim_equal(sh_mul(c, q, rest), total)) {
        *ok = !(dim_is_known(total) && dim_is_known(rest));
        return dim_unknown();
    }
    return q;
}

bool shape_reshape(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *st = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    int64_t *s, n;
    if (!sh_const_ints(c, 1, &s, &n)) {
        bool len = st && st->rank == 1 && dim_is_known(st->dims[0]) &&
                   st->dims[0].value <= SH_MAX_RANK;
        sh_set(c, 0, dt, len ? (int)st->dims[0].value : -1, NULL);
        return true;
    }
    bool allowzero = sh_attr_int(c, "allowzero", 0) != 0;
    if (n > SH_MAX_RANK)
        return sh_error(c, "Reshape: shape has %lld dimensions", (long long)n);
    Dim *out = sh_dims(c, (int)n);
    int minus = -1;
    for (int64_t i = 0; i < n; i++) {
        if (s[i] == -1) {
            if (minus >= 0)
                return sh_error(c, "Reshape: shape [%lld, ...] has more than one -1",
                                (long long)s[0]);
            minus = (int)i;
        } else if (s[i] < -1) {
            return sh_error(c, "Reshape: invalid dimension %lld in the shape", (long long)s[i]);
        } else if (s[i] == 0 && !allowzero) {
            if (x && i >= x->rank)
                return sh_error(c, "Reshape: 0 at position %lld copies a dimension %s does "
                                "not have", (long long)i, sh_shape_str(c, x));
            out[i] = x ? x->dims[i] : dim_unknown();
        } else {
            out[i] = dim_known(s[i]);
        }
    }
    if (x) {
        Dim total = sh_product(c, x->dims, 0, x->rank);
        bool ok = true;
        if (minus >= 0) {
            out[minus] = dim_known(1);
            out[minus] = reshape_infer(c, total, sh_product(c, out, 0, (int)n), &ok);
        } else {
            Dim got = sh_product(c, out, 0, (int)n);
            ok = !(dim_is_known(total) && dim_is_known(got) && total.value != got.value);
        }
        if (!ok)
            return sh_error(c, "Reshape: cannot reshape %s into %s",
                            with_count(c, x->rank, x->dims), ints_str(c, s, n));
    }
    sh_set(c, 0, dt, (int)n, out);
    return true;
}

/* Flatten: [d0 ... d(axis-1)] x [d(axis) ...] */
bool shape_flatten(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, 2, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", 1), x->rank, true, "axis", &ax))
        return false;
    Dim out[2] = {sh_product(c, x->dims, 0, ax), sh_product(c, x->dims, ax, x->rank)};
    sh_set(c, 0, dt, 2, out);
    return true;
}

bool shape_transpose(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    const int64_t *perm;
    int n;
    bool given = sh_attr_ints(c, "perm", &perm, &n);
    if (!x) {
        sh_set(c, 0, dt, given ? n : -1, NULL);
        return true;
    }
    Dim *out = sh_dims(c, x->rank);
    if (given && n != x->rank)
        return sh_error(c, "Transpose: perm has %d entries for input %s", n, sh_shape_str(c, x));
    bool *used = arena_alloc(c->arena, sizeof(bool) * (size_t)(x->rank + 1));
    for (int i = 0; i < x->rank; i++) {
        int64_t p = given ? perm[i] : x->rank - 1 - i;
        if (p < 0)
            p += x->rank;
        if (p < 0 || p >= x->rank || used[p])
            return sh_error(c, "Transpose: perm is not a permutation of %d axes", x->rank);
        used[p] = true;
        out[i] = x->dims[p];
    }
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

bool shape_concat(ShapeCtx *c)
{
    DType dt = sh_out_dtype(c, 0);
    int n = sh_n_inputs(c), rank = -1, first = -1;
    for (int i = 0; i < n; i++) {
        const IrType *t = sh_ranked(c, i);
        if (!t)
            continue;
        if (rank >= 0 && t->rank != rank)
            return sh_error(c, "Concat: inputs have ranks %d and %d (%s and %s)", rank, t->rank,
                            sh_shape_str(c, sh_in(c, first)), sh_shape_str(c, t));
        if (rank < 0)
            first = i;
        rank = t->rank;
    }
    if (rank < 0) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", 0), rank, false, "axis", &ax))
        return false;
    Dim *out = sh_dims(c, rank);
    sh_copy(out, sh_in(c, first)->dims, rank);
    out[ax] = dim_known(0);
    for (int i = 0; i < n; i++) {
        const IrType *t = sh_ranked(c, i);
        out[ax] = t ? sh_add(c, out[ax], t->dims[ax]) : dim_unknown();
        for (int k = 0; t && k < rank; k++)
            if (k != ax && !sh_unify(out[k], t->dims[k], &out[k]))
                return sh_error(c, "Concat: shapes %s and %s differ outside axis %d",
                                sh_shape_str(c, sh_in(c, first)), sh_shape_str(c, t), ax);
        if (!sh_in(c, i))
            return sh_error(c, "Concat: input %d is missing", i);
    }
    sh_set(c, 0, dt, rank, out);
    return true;
}

/* Split: sizes from the attribute (up to 12) or the input (13+); else
 * equal parts (num_outputs at 18+ allows a smaller last part). */
bool shape_split(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    int nout = c->node->n_outputs;
    if (!x) {
        for (int j = 0; j < nout; j++)
            sh_set(c, j, dt, -1, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
        return false;
    bool given;
    int64_t *sizes = NULL, n = 0;
    bool known = list_param(c, "split", 1, &given, &sizes, &n);
    Dim d = x->dims[ax], *out = sh_dims(c, x->rank);
    sh_copy(out, x->dims, x->rank);
    if (given && known) {
        int64_t sum = 0;
        for (int64_t i = 0; i < n; i++)
            sum += sizes[i];
        if (n != nout || (dim_is_known(d) && sum != d.value))
            return sh_error(c, "Split: sizes sum to %lld in %lld parts; dimension %s of %s, %d "
                            "outputs", (long long)sum, (long long)n, sh_dim_str(c, d),
                            sh_shape_str(c, x), nout);
    }
    int64_t parts = sh_has_attr(c, "num_outputs") ? sh_attr_int(c, "num_outputs", nout) : nout;
    if (!given && parts != nout)
        return sh_error(c, "Split: num_outputs is %lld but the node has %d outputs",
                        (long long)parts, nout);
    bool uneven_ok = sh_has_attr(c, "num_outputs");
    if (!given && dim_is_known(d) && d.value % nout != 0 && !uneven_ok)
        return sh_error(c, "Split: dimension %lld of %s does not split into %d equal parts",
                        (long long)d.value, sh_shape_str(c, x), nout);
    Dim chunk = uneven_ok ? sh_ceildiv(c, d, dim_known(nout)) : sh_div(c, d, dim_known(nout));
    for (int j = 0; j < nout; j++) {
        if (given)
            out[ax] = known ? dim_known(sizes[j]) : dim_unknown();
        else if (j < nout - 1 || !uneven_ok)
            out[ax] = chunk;
        else
            out[ax] = sh_sub(c, d, sh_muli(c, chunk, nout - 1));
        sh_set(c, j, dt, x->rank, out);
    }
    return true;
}

bool shape_squeeze(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    bool given;
    int64_t *axes = NULL, n = 0;
    bool known = list_param(c, "axes", 1, &given, &axes, &n);
    if (!x || !known) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    bool *drop = arena_alloc(c->arena, sizeof(bool) * (size_t)(x->rank + 1));
    for (int64_t i = 0; given && i < n; i++) {
        int ax;
        if (!sh_axis(c, axes[i], x->rank, false, "axis", &ax))
            return false;
        Dim d = x->dims[ax];
        if (dim_is_known(d) && d.value != 1)
            return sh_error(c, "Squeeze: cannot squeeze axis %d of %s (size %lld)", ax,
                            sh_shape_str(c, x), (long long)d.value);
        drop[ax] = true;
    }
    for (int i = 0; !given && i < x->rank; i++) {
        if (!dim_is_known(x->dims[i])) {
            sh_set(c, 0, dt, -1, NULL);   /* might be 1 or not */
            return true;
        }
        drop[i] = x->dims[i].value == 1;
    }
    Dim *out = sh_dims(c, x->rank);
    int r = 0;
    for (int i = 0; i < x->rank; i++)
        if (!drop[i])
            out[r++] = x->dims[i];
    sh_set(c, 0, dt, r, out);
    return true;
}

bool shape_unsqueeze(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    bool given;
    int64_t *axes = NULL, n = 0;
    bool known = list_param(c, "axes", 1, &given, &axes, &n);
    if (!given)
        return sh_error(c, "Unsqueeze: axes are required");
    if (!x || !known) {
        const IrType *at = sh_ranked(c, 1);
        bool count = x && at && at->rank == 1 && dim_is_known(at->dims[0]) &&
                     at->dims[0].value <= SH_MAX_RANK;
        sh_set(c, 0, dt, count ? x->rank + (int)at->dims[0].value : -1, NULL);
        return true;
    }
    if (n > SH_MAX_RANK)
        return sh_error(c, "Unsqueeze: %lld axes", (long long)n);
    int r = x->rank + (int)n;
    bool *ins = arena_alloc(c->arena, sizeof(bool) * (size_t)(r + 1));
    for (int64_t i = 0; i < n; i++) {
        int ax;
        if (!sh_axis(c, axes[i], r, false, "axis", &ax))
            return false;
        if (ins[ax])
            return sh_error(c, "Unsqueeze: axis %lld is repeated", (long long)axes[i]);
        ins[ax] = true;
    }
    Dim *out = sh_dims(c, r);
    for (int i = 0, k = 0; i < r; i++)
        out[i] = ins[i] ? dim_known(1) : x->dims[k++];
    sh_set(c, 0, dt, r, out);
    return true;
}

/* Expand: multidirectional broadcast of the input and the shape values. */
bool shape_expand(ShapeCtx *c)
{
    const IrType *x = sh_in(c, 0), *st = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    int64_t *s, n;
    IrType shape = {.kind = IR_TYPE_TENSOR, .rank = -1};
    if (sh_const_ints(c, 1, &s, &n)) {
        if (n > SH_MAX_RANK)
            return sh_error(c, "Expand: shape has %lld dimensions", (long long)n);
        shape = ir_type_tensor(c->arena, DT_INT64, (int)n, NULL);
        for (int64_t i = 0; i < n; i++)
            shape.dims[i] = s[i] >= 0 ? dim_known(s[i]) : dim_unknown();
    } else if (st && st->rank == 1 && dim_is_known(st->dims[0]) &&
               st->dims[0].value <= SH_MAX_RANK) {
        shape = ir_type_tensor(c->arena, DT_INT64, (int)st->dims[0].value, NULL);
    }
    const IrType *ts[2] = {x, &shape};
    int rank;
    Dim *dims;
    if (!sh_broadcast(c, ts, 2, &rank, &dims))
        return false;
    sh_set(c, 0, dt, rank, dims);
    return true;
}

bool shape_tile(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    int64_t *rep, n;
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    if (!sh_const_ints(c, 1, &rep, &n)) {
        sh_set(c, 0, dt, x->rank, NULL);
        return true;
    }
    if (n != x->rank)
        return sh_error(c, "Tile: %lld repeats for input %s", (long long)n, sh_shape_str(c, x));
    Dim *out = sh_dims(c, x->rank);
    for (int i = 0; i < x->rank; i++) {
        if (rep[i] < 0)
            return sh_error(c, "Tile: negative repeat %lld", (long long)rep[i]);
        out[i] = sh_muli(c, x->dims[i], rep[i]);
    }
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

/* Pad: pads from the attribute (up to 10) or input 1, over the axes of
 * input 3 (18+) or all axes; a negative pad crops. */
bool shape_pad(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    bool given, axes_given = false;
    int64_t *pads, n, *axes = NULL, na = x->rank;
    if (!list_param(c, "pads", 1, &given, &pads, &n) || !given) {
        sh_set(c, 0, dt, x->rank, NULL);
        return true;
    }
    if (sh_in(c, 3)) {
        axes_given = true;
        if (!sh_const_ints(c, 3, &axes, &na)) {
            sh_set(c, 0, dt, x->rank, NULL);
            return true;
        }
    }
    if (n != 2 * na)
        return sh_error(c, "Pad: %lld pads for %lld axes of %s", (long long)n, (long long)na,
                        sh_shape_str(c, x));
    Dim *out = sh_dims(c, x->rank);
    sh_copy(out, x->dims, x->rank);
    for (int64_t i = 0; i < na; i++) {
        int ax = (int)i;
        if (axes_given && !sh_axis(c, axes[i], x->rank, false, "axis", &ax))
            return false;
        int64_t total;
        if (__builtin_add_overflow(pads[i], pads[i + na], &total))
            return sh_error(c, "Pad: pads %lld and %lld are out of range", (long long)pads[i],
                            (long long)pads[i + na]);
        Dim d = sh_addi(c, x->dims[ax], total);
        if (dim_is_known(x->dims[ax]) && x->dims[ax].value < -total)
            return sh_error(c, "Pad: pads %lld and %lld crop axis %d of %s below 0",
                            (long long)pads[i], (long long)pads[i + na], ax, sh_shape_str(c, x));
        out[ax] = d;
    }
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

/* DepthToSpace: [N, C, H, W] -> [N, C/(b*b), H*b, W*b]; SpaceToDepth the
 * inverse. */
static bool space_depth(ShapeCtx *c, bool to_space)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    int64_t b = sh_attr_int(c, "blocksize", 0);
    if (b <= 0 || b > SH_MAX_ATTR_VALUE)
        return sh_error(c, "%s: blocksize %lld is out of range", sh_op(c), (long long)b);
    if (!x) {
        sh_set(c, 0, dt, 4, NULL);
        return true;
    }
    if (x->rank != 4)
        return sh_error(c, "%s: input must be 4-D, got %s", sh_op(c), sh_shape_str(c, x));
    Dim out[4] = {x->dims[0]};
    int64_t div = to_space ? b * b : b;
    int at = to_space ? 1 : 2;
    for (int i = at; i < (to_space ? 2 : 4); i++)
        if (dim_is_known(x->dims[i]) && x->dims[i].value % div != 0)
            return sh_error(c, "%s: dimension %d of %s is not divisible by %lld", sh_op(c), i,
                            sh_shape_str(c, x), (long long)div);
    if (to_space) {
        out[1] = sh_div(c, x->dims[1], dim_known(div));
        out[2] = sh_muli(c, x->dims[2], b);
        out[3] = sh_muli(c, x->dims[3], b);
    } else {
        out[1] = sh_muli(c, x->dims[1], b * b);
        out[2] = sh_div(c, x->dims[2], dim_known(b));
        out[3] = sh_div(c, x->dims[3], dim_known(b));
    }
    sh_set(c, 0, dt, 4, out);
    return true;
}

bool shape_depth_to_space(ShapeCtx *c)
{
    return space_depth(c, true);
}

bool shape_space_to_depth(ShapeCtx *c)
{
    return space_depth(c, false);
}

/* Shape: 1-D int64 of (end - start) entries, both clamped to [0, rank]. */
bool shape_shape(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    Dim len = dim_unknown();
    if (x) {
        int64_t r = x->rank;
        int64_t start = sh_attr_int(c, "start", 0), end = sh_attr_int(c, "end", r);
        start = start < 0 ? start + r : start;
        end = end < 0 ? end + r : end;
        start = start < 0 ? 0 : start > r ? r : start;
        end = end < 0 ? 0 : end > r ? r : end;
        len = dim_known(end > start ? end - start : 0);
    }
    sh_set(c, 0, DT_INT64, 1, &len);
    return true;
}

bool shape_size(ShapeCtx *c)
{
    sh_set(c, 0, DT_INT64, 0, NULL);
    return true;
}
