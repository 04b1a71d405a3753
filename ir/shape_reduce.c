/* Shape functions of the reductions: Reduce* (axes as an attribute, or as
 * an input from ReduceSum-13 and the others' 18, with keepdims and
 * noop_with_empty_axes), ArgMax/ArgMin and TopK. */
#include <string.h>

#include "ir/shape.h"

/* Marks the axes listed in AXES[0..N) in MASK after normalizing them. */
static bool mark_axes(ShapeCtx *c, const int64_t *axes, int64_t n, int rank, bool *mask)
{
    for (int64_t i = 0; i < n; i++) {
        int ax;
        if (!sh_axis(c, axes[i], rank, false, "axis", &ax))
            return false;
        if (mask[ax])
            return sh_error(c, "%s: axis %lld is repeated", sh_op(c), (long long)axes[i]);
        mask[ax] = true;
    }
    return true;
}

/* Output of a reduction of X over MASK. */
static void reduce_set(ShapeCtx *c, int j, DType dt, const IrType *x, const bool *mask,
                       bool keepdims)
{
    Dim *d = sh_dims(c, x->rank);
    int r = 0;
    for (int i = 0; i < x->rank; i++) {
        if (!mask[i])
            d[r++] = x->dims[i];
        else if (keepdims)
            d[r++] = dim_known(1);
    }
    sh_set(c, j, dt, r, d);
}

/* The row takes its axes as an input when it declares one named "axes". */
static bool axes_from_input(const ShapeCtx *c)
{
    return opschema_n_inputs(c->schema) > 1 && strcmp(c->schema->inputs[1].name, "axes") == 0;
}

bool shape_reduce(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    bool keep = sh_attr_int(c, "keepdims", 1) != 0;
    bool noop = sh_attr_int(c, "noop_with_empty_axes", 0) != 0;
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int64_t *axes = NULL, n = 0;
    if (axes_from_input(c) && sh_in(c, 1)) {
        if (!sh_const_ints(c, 1, &axes, &n)) {
            const IrType *at = sh_ranked(c, 1);     /* axes unknown: which dims go? */
            bool count_known = at && at->rank == 1 && dim_is_known(at->dims[0]);
            if (keep || (count_known && at->dims[0].value == 0 && !noop))
                sh_set(c, 0, dt, keep ? x->rank : 0, NULL);
            else if (count_known && at->dims[0].value > 0)
                sh_set(c, 0, dt, x->rank - (int)at->dims[0].value, NULL);
            else
                sh_set(c, 0, dt, -1, NULL);
            return true;
        }
    } else if (!axes_from_input(c)) {
        const int64_t *v;
        int nv;
        if (sh_attr_ints(c, "axes", &v, &nv)) {
            axes = (int64_t *)v;
            n = nv;
        }
    }
    bool *mask = arena_alloc(c->arena, sizeof(bool) * (size_t)(x->rank + 1));
    if (n == 0) {
        if (noop)
            return shape_same(c);
        for (int i = 0; i < x->rank; i++)
            mask[i] = true;
    } else if (!mark_axes(c, axes, n, x->rank, mask)) {
        return false;
    }
    reduce_set(c, 0, dt, x, mask, keep);
    return true;
}

/* ArgMax, ArgMin: one axis, int64 indices. */
bool shape_argminmax(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    if (!x) {
        sh_set(c, 0, DT_INT64, -1, NULL);
        return true;
    }
    int64_t axis = sh_attr_int(c, "axis", 0);
    bool *mask = arena_alloc(c->arena, sizeof(bool) * (size_t)(x->rank + 1));
    if (!mark_axes(c, &axis, 1, x->rank, mask))
        return false;
    reduce_set(c, 0, DT_INT64, x, mask, sh_attr_int(c, "keepdims", 1) != 0);
    return true;
}

/* TopK: values and int64 indices, with dimension axis replaced by k (the
 * attribute before opset 10, a 1-element input K after). */
bool shape_topk(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        sh_set(c, 1, DT_INT64, -1, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", -1), x->rank, false, "axis", &ax))
        return false;
    Dim k = dim_unknown();
    int64_t *kv, nk;
    if (opschema_n_inputs(c->schema) < 2) {
        k = dim_known(sh_attr_int(c, "k", 0));
    } else if (sh_const_ints(c, 1, &kv, &nk)) {
        if (nk != 1)
            return sh_error(c, "TopK: K must have one element, got %lld", (long long)nk);
        if (kv[0] < 0)
            return sh_error(c, "TopK: k = %lld is negative", (long long)kv[0]);
        k = dim_known(kv[0]);
    }
    Dim d = x->dims[ax];
    if (dim_is_known(k) && dim_is_known(d) && k.value > d.value)
        return sh_error(c, "TopK: k = %lld exceeds dimension %lld of %s along axis %d",
                        (long long)k.value, (long long)d.value, sh_shape_str(c, x), ax);
    Dim *out = sh_dims(c, x->rank);
    sh_copy(out, x->dims, x->rank);
    out[ax] = k;
    sh_set(c, 0, dt, x->rank, out);
    sh_set(c, 1, DT_INT64, x->rank, out);
    return true;
}
