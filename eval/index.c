/* Indexing operators: the gathers, the scatters (with their reductions),
 * OneHot, NonZero and Unique.  Negative indices count from the end of
 * their axis; an index still out of range is an error (OneHot's are the
 * exception: ONNX makes them all-off rows). */
#include <string.h>

#include "eval/kernel.h"

/* Index I of IDX normalized for an axis of size DIM; false after
 * reporting when out of range. */
static bool index_at(EvalCall *c, const EvalValue *idx, int64_t i, int64_t dim, int64_t *out)
{
    int64_t v = eval_get_i64(idx, i);
    int64_t n = v < 0 ? v + dim : v;
    if (n < 0 || n >= dim)
        return eval_reject(c, "index %lld is out of range for an axis of size %lld",
                           (long long)v, (long long)dim);
    *out = n;
    return true;
}

static bool index_tensor(EvalCall *c, const EvalValue *idx)
{
    if (idx->dtype != DT_INT32 && idx->dtype != DT_INT64)
        return eval_reject(c, "indices must be int32 or int64, found %s", dtype_name(idx->dtype));
    return true;
}

static int64_t prod(const int64_t *d, int from, int to)
{
    int64_t p = 1;
    for (int i = from; i < to; i++)
        p *= d[i];
    return p;
}

/* ---- Gather ------------------------------------------------------------------------------ */

static EvalStatus eval_gather(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *idx = eval_tensor_in(c, 1, false);
    int axis;
    if (!x || !idx || !index_tensor(c, idx) || !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    int rank = x->rank - 1 + idx->rank;
    if (rank > EVAL_MAX_RANK)
        return eval_unsupported(c, "rank %d is larger than %d", rank, EVAL_MAX_RANK);
    int64_t dims[EVAL_MAX_RANK];
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)axis);
    memcpy(dims + axis, idx->dims, sizeof(int64_t) * (size_t)idx->rank);
    memcpy(dims + axis + idx->rank, x->dims + axis + 1, sizeof(int64_t) * (size_t)(x->rank - axis - 1));
    EvalValue *y = eval_output(c, 0, x->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    int64_t outer = prod(x->dims, 0, axis), inner = prod(x->dims, axis + 1, x->rank);
    size_t es = dtype_size(x->dtype), chunk = (size_t)inner * es;
    char *dst = y->data;
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t k = 0; k < idx->numel; k++) {
            int64_t j = 0;
            if (!index_at(c, idx, k, x->dims[axis], &j))
                return EVAL_ERROR;
            memcpy(dst, (const char *)x->data + (size_t)(o * x->dims[axis] + j) * chunk, chunk);
            dst += chunk;
        }
    }
    return EVAL_OK;
}

/* The offset in a tensor of shape DIMS of the position INDEX with its AXIS
 * coordinate replaced by J. */
static int64_t offset_with(int rank, const int64_t *strides, const int64_t *index, int axis, int64_t j)
{
    int64_t off = 0;
    for (int i = 0; i < rank; i++)
        off += (i == axis ? j : index[i]) * strides[i];
    return off;
}

static void next_index(int rank, const int64_t *dims, int64_t *index)
{
    for (int i = rank - 1; i >= 0 && ++index[i] == dims[i]; i--)
        index[i] = 0;
}

static EvalStatus eval_gather_elements(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *idx = eval_tensor_in(c, 1, false);
    int axis;
    if (!x || !idx || !index_tensor(c, idx) || !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    if (idx->rank != x->rank)
        return eval_fail(c, "indices must have the rank of data");
    EvalValue *y = eval_output(c, 0, x->dtype, idx->rank, idx->dims);
    if (!y)
        return EVAL_ERROR;
    int64_t strides[EVAL_MAX_RANK], index[EVAL_MAX_RANK] = {0};
    eval_strides(x->rank, x->dims, strides);
    size_t es = dtype_size(x->dtype);
    for (int64_t k = 0; k < idx->numel; k++) {
        int64_t j = 0;
        if (!index_at(c, idx, k, x->dims[axis], &j))
            return EVAL_ERROR;
        for (int i = 0; i < x->rank; i++)
            if (i != axis && index[i] >= x->dims[i])
                return eval_fail(c, "indices are larger than data outside the axis");
        int64_t off = offset_with(x->rank, strides, index, axis, j);
        memcpy((char *)y->data + (size_t)k * es, (const char *)x->data + (size_t)off * es, es);
        next_index(idx->rank, idx->dims, index);
    }
    return EVAL_OK;
}

/* GatherND and ScatterND: the element offset in DATA (strides STRIDES) of
 * index tuple T (K entries at position T*K of IDX) within batch B. */
static bool nd_offset(EvalCall *c, const EvalValue *data, const int64_t *strides, int batch_dims,
                      const EvalValue *idx, int64_t t, int64_t k, int64_t base, int64_t *off)
{
    *off = base;
    for (int64_t j = 0; j < k; j++) {
        int64_t v = 0;
        if (!index_at(c, idx, t * k + j, data->dims[batch_dims + j], &v))
            return false;
        *off += v * strides[batch_dims + j];
    }
    return true;
}

static EvalStatus eval_gather_nd(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *idx = eval_tensor_in(c, 1, false);
    if (!x || !idx || !index_tensor(c, idx))
        return EVAL_ERROR;
    int b = (int)eval_attr_int(c, "batch_dims", 0);
    int64_t k = idx->rank ? idx->dims[idx->rank - 1] : 0;
    if (idx->rank < 1 || b < 0 || b >= idx->rank || k > x->rank - b)
        return eval_fail(c, "indices of shape %s do not fit data %s",
                         eval_value_type_str(&c->ev->arena, idx), eval_value_type_str(&c->ev->arena, x));
    int64_t dims[EVAL_MAX_RANK];
    int rank = 0;
    for (int i = 0; i < idx->rank - 1; i++)
        dims[rank++] = idx->dims[i];
    for (int i = b + (int)k; i < x->rank; i++)
        dims[rank++] = x->dims[i];
    EvalValue *y = eval_output(c, 0, x->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    int64_t strides[EVAL_MAX_RANK];
    eval_strides(x->rank, x->dims, strides);
    int64_t batches = prod(idx->dims, 0, b), per_batch = prod(idx->dims, b, idx->rank - 1);
    int64_t slice = prod(x->dims, b + (int)k, x->rank);
    size_t es = dtype_size(x->dtype), chunk = (size_t)slice * es;
    char *dst = y->data;
    for (int64_t bi = 0; bi < batches; bi++) {
        for (int64_t t = 0; t < per_batch; t++) {
            int64_t off = 0;
            if (!nd_offset(c, x, strides, b, idx, bi * per_batch + t, k, bi * (b ? strides[b - 1] : 0), &off))
                return EVAL_ERROR;
            memcpy(dst, (const char *)x->data + (size_t)off * es, chunk);
            dst += chunk;
        }
    }
    return EVAL_OK;
}

/* ---- scatters ---------------------------------------------------------------------------------- */

typedef enum Reduction { RED_NONE, RED_ADD, RED_MUL, RED_MAX, RED_MIN } Reduction;

static bool reduction_attr(EvalCall *c, Reduction *r)
{
    static const char *const names[] = {"none", "add", "mul", "max", "min"};
    const char *s = eval_attr_str(c, "reduction", "none");
    for (int k = 0; k < 5; k++) {
        if (strcmp(s, names[k]) == 0) {
            *r = (Reduction)k;
            return true;
        }
    }
    return eval_reject(c, "unknown reduction '%s'", s);
}

/* *DST = reduce(*DST, *SRC) for one element of type T. */
static void scatter_elem(DType t, void *dst, const void *src, Reduction r)
{
    if (r == RED_NONE) {
        memcpy(dst, src, dtype_size(t));
    } else if (eval_domain(t) == DOM_F64) {
        double a, b;
        eval_load_f64(t, dst, 1, &a, 1);
        eval_load_f64(t, src, 1, &b, 1);
        a = r == RED_ADD ? a + b : r == RED_MUL ? a * b : r == RED_MAX ? (a >= b ? a : b) : (a <= b ? a : b);
        eval_store_f64(t, dst, &a, 1);
    } else {
        int64_t a, b;
        bool u = eval_domain(t) == DOM_U64;
        eval_load_i64(t, dst, 1, &a, 1);
        eval_load_i64(t, src, 1, &b, 1);
        bool a_ge = u ? (uint64_t)a >= (uint64_t)b : a >= b;
        if (r == RED_ADD)
            a = (int64_t)((uint64_t)a + (uint64_t)b);
        else if (r == RED_MUL)
            a = (int64_t)((uint64_t)a * (uint64_t)b);
        else
            a = (r == RED_MAX) == a_ge ? a : b;
        eval_store_i64(t, dst, &a, 1);
    }
}

/* Copies data to the output, which the scatter then updates. */
static EvalValue *scatter_copy(EvalCall *c, EvalValue *x, EvalValue *upd)
{
    if (upd->dtype != x->dtype) {
        eval_fail(c, "updates must have the type of data");
        return NULL;
    }
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, x->dims);
    if (y && x->numel)
        memcpy(y->data, x->data, (size_t)x->numel * dtype_size(x->dtype));
    return y;
}

static EvalStatus eval_scatter_elements(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *idx = eval_tensor_in(c, 1, false);
    EvalValue *upd = eval_tensor_in(c, 2, false);
    int axis;
    Reduction r;
    if (!x || !idx || !upd || !index_tensor(c, idx) || !reduction_attr(c, &r) ||
        !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    bool same = idx->rank == x->rank && upd->rank == x->rank;
    for (int i = 0; i < idx->rank && same; i++)
        same = idx->dims[i] == upd->dims[i] && (i == axis || idx->dims[i] <= x->dims[i]);
    if (!same)
        return eval_fail(c, "indices and updates must have one shape that fits data");
    EvalValue *y = scatter_copy(c, x, upd);
    if (!y)
        return EVAL_ERROR;
    int64_t strides[EVAL_MAX_RANK], index[EVAL_MAX_RANK] = {0};
    eval_strides(x->rank, x->dims, strides);
    size_t es = dtype_size(x->dtype);
    for (int64_t k = 0; k < idx->numel; k++) {
        int64_t j = 0;
        if (!index_at(c, idx, k, x->dims[axis], &j))
            return EVAL_ERROR;
        int64_t off = offset_with(x->rank, strides, index, axis, j);
        scatter_elem(x->dtype, (char *)y->data + (size_t)off * es,
                     (const char *)upd->data + (size_t)k * es, r);
        next_index(idx->rank, idx->dims, index);
    }
    return EVAL_OK;
}

static EvalStatus eval_scatter_nd(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *idx = eval_tensor_in(c, 1, false);
    EvalValue *upd = eval_tensor_in(c, 2, false);
    Reduction r;
    if (!x || !idx || !upd || !index_tensor(c, idx) || !reduction_attr(c, &r))
        return EVAL_ERROR;
    int64_t k = idx->rank ? idx->dims[idx->rank - 1] : 0;
    bool ok = idx->rank >= 1 && k <= x->rank && upd->rank == idx->rank - 1 + x->rank - (int)k;
    for (int i = 0; ok && i < idx->rank - 1; i++)
        ok = upd->dims[i] == idx->dims[i];
    for (int i = (int)k; ok && i < x->rank; i++)
        ok = upd->dims[idx->rank - 1 + i - (int)k] == x->dims[i];
    if (!ok)
        return eval_fail(c, "updates must have shape indices.shape[:-1] + data.shape[k:]");
    EvalValue *y = scatter_copy(c, x, upd);
    if (!y)
        return EVAL_ERROR;
    int64_t strides[EVAL_MAX_RANK];
    eval_strides(x->rank, x->dims, strides);
    int64_t tuples = prod(idx->dims, 0, idx->rank - 1), slice = prod(x->dims, (int)k, x->rank);
    size_t es = dtype_size(x->dtype);
    for (int64_t t = 0; t < tuples; t++) {
        int64_t off = 0;
        if (!nd_offset(c, x, strides, 0, idx, t, k, 0, &off))
            return EVAL_ERROR;
        for (int64_t e = 0; e < slice; e++)
            scatter_elem(x->dtype, (char *)y->data + (size_t)(off + e) * es,
                         (const char *)upd->data + (size_t)(t * slice + e) * es, r);
    }
    return EVAL_OK;
}

/* ---- OneHot, NonZero ------------------------------------------------------------------------ */

static EvalStatus eval_onehot(EvalCall *c)
{
    EvalValue *idx = eval_tensor_in(c, 0, false), *dv = eval_tensor_in(c, 1, false);
    EvalValue *vals = eval_tensor_in(c, 2, false);
    double dd;
    int axis;
    if (!idx || !dv || !vals || !eval_scalar_f64(c, dv, "depth", &dd) ||
        !eval_axis(c, eval_attr_int(c, "axis", -1), idx->rank + 1, &axis))
        return EVAL_ERROR;
    int64_t depth = eval_f64_to_i64(dd);
    if (depth < 1 || vals->numel != 2 || idx->rank + 1 > EVAL_MAX_RANK)
        return eval_fail(c, "depth must be positive and values must hold [off, on]");
    int64_t dims[EVAL_MAX_RANK];
    for (int i = 0, j = 0; i <= idx->rank; i++)
        dims[i] = i == axis ? depth : idx->dims[j++];
    EvalValue *y = eval_output(c, 0, vals->dtype, idx->rank + 1, dims);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(vals->dtype);
    int64_t outer = prod(idx->dims, 0, axis), inner = prod(idx->dims, axis, idx->rank);
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t d = 0; d < depth; d++) {
            for (int64_t i = 0; i < inner; i++) {
                int64_t v = eval_f64_to_i64(eval_get_f64(idx, o * inner + i));
                v = v < 0 ? v + depth : v;
                memcpy((char *)y->data + (size_t)((o * depth + d) * inner + i) * es,
                       (const char *)vals->data + (v == d ? es : 0), es);
            }
        }
    }
    return EVAL_OK;
}

static bool element_nonzero(const EvalValue *x, int64_t i)
{
    if (eval_domain(x->dtype) == DOM_F64)
        return eval_get_f64(x, i) != 0;
    return eval_get_i64(x, i) != 0;
}

static EvalStatus eval_nonzero(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int64_t count = 0;
    for (int64_t i = 0; i < x->numel; i++)
        count += element_nonzero(x, i);
    int rank = x->rank ? x->rank : 1;
    int64_t dims[2] = {rank, count}, strides[EVAL_MAX_RANK], xd[EVAL_MAX_RANK];
    memcpy(xd, x->dims, sizeof(int64_t) * (size_t)x->rank);
    if (!x->rank)
        xd[0] = 1;
    EvalValue *y = eval_output(c, 0, DT_INT64, 2, dims);
    if (!y)
        return EVAL_ERROR;
    eval_strides(rank, xd, strides);
    int64_t *out = y->data, n = 0;
    for (int64_t i = 0; i < x->numel; i++) {
        if (!element_nonzero(x, i))
            continue;
        for (int d = 0; d < rank; d++)
            out[d * count + n] = (i / strides[d]) % xd[d];
        n++;
    }
    return EVAL_OK;
}

const EvalOp eval_index_ops[] = {
    {"Gather", eval_gather, NULL},
    {"GatherElements", eval_gather_elements, NULL},
    {"GatherND", eval_gather_nd, NULL},
    {"NonZero", eval_nonzero, NULL},
    {"OneHot", eval_onehot, NULL},
    {"Scatter", eval_scatter_elements, NULL},
    {"ScatterElements", eval_scatter_elements, NULL},
    {"ScatterND", eval_scatter_nd, NULL},
};

const int eval_index_count = sizeof eval_index_ops / sizeof eval_index_ops[0];
