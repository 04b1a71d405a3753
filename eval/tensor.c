/* Shape and layout operators: Identity, Cast, Reshape and its relatives
 * (views sharing their input's data), Shape/Size, Concat/Split,
 * Slice/Transpose/Expand/Tile (strided copies), DepthToSpace and
 * SpaceToDepth.  Pad and the generators are in eval/generate.c. */
#include <string.h>

#include "eval/kernel.h"

static EvalStatus eval_identity(EvalCall *c)
{
    EvalValue *x = eval_in(c, 0);
    if (!x)
        return eval_fail(c, "missing input");
    eval_set_output(c, 0, eval_retain(x));
    return EVAL_OK;
}

static EvalStatus cast_to(EvalCall *c, EvalValue *x, int64_t to)
{
    if (to <= 0 || to >= DT_COUNT || to == DT_STRING || dtype_size((DType)to) == 0 ||
        to == DT_COMPLEX64 || to == DT_COMPLEX128)
        return eval_unsupported(c, "cast to element type %lld is not supported", (long long)to);
    if (x->dtype == DT_COMPLEX64 || x->dtype == DT_COMPLEX128)
        return eval_unsupported(c, "cast from %s is not supported", dtype_name(x->dtype));
    EvalValue *y = eval_cast(x, (DType)to);
    if (!y)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, y);
    return EVAL_OK;
}

static EvalStatus eval_cast_op(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    if (!eval_has_attr(c, "to"))
        return eval_fail(c, "missing attribute 'to'");
    return cast_to(c, x, eval_attr_int(c, "to", 0));
}

static EvalStatus eval_cast_like(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *t = eval_tensor_in(c, 1, false);
    if (!x || !t)
        return EVAL_ERROR;
    return cast_to(c, x, t->dtype);
}

/* ---- views ----------------------------------------------------------------------- */

static EvalStatus set_view(EvalCall *c, EvalValue *x, int rank, const int64_t *dims)
{
    EvalValue *y = eval_tensor_reshape(x, rank, dims);
    if (!y)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, y);
    return EVAL_OK;
}

/* Reshape's target: 0 copies the input's dimension (unless ALLOWZERO), one
 * -1 is inferred. */
static bool reshape_dims(EvalCall *c, const EvalValue *x, const int64_t *shape, int64_t n,
                         bool allowzero, int64_t *dims)
{
    int infer = -1;
    int64_t known = 1;
    for (int64_t i = 0; i < n; i++) {
        dims[i] = shape[i];
        if (shape[i] == 0 && !allowzero) {
            if (i >= x->rank)
                return eval_reject(c, "shape[%lld] is 0 but the input has rank %d", (long long)i,
                                 x->rank);
            dims[i] = x->dims[i];
        } else if (shape[i] == -1) {
            if (infer >= 0)
                return eval_reject(c, "shape has more than one -1");
            infer = (int)i;
            continue;
        } else if (shape[i] < 0 || shape[i] > EVAL_MAX_SIZE) {
            return eval_reject(c, "shape[%lld] is %lld", (long long)i, (long long)shape[i]);
        }
        if (dims[i] > 0 && known > INT64_MAX / dims[i])
            return eval_reject(c, "the shape has too many elements");
        known *= dims[i];
    }
    if (infer >= 0) {
        if (known == 0 || x->numel % known != 0)
            return eval_reject(c, "cannot infer the -1 of the shape for %lld elements",
                             (long long)x->numel);
        dims[infer] = x->numel / known;
        known *= dims[infer];
    }
    if (known != x->numel)
        return eval_reject(c, "cannot reshape %lld elements to %lld", (long long)x->numel,
                         (long long)known);
    return true;
}

static EvalStatus eval_reshape(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int64_t shape[EVAL_MAX_RANK], dims[EVAL_MAX_RANK], n;
    if (c->version < 5) {
        int na;
        const int64_t *s = eval_attr_ints(c, "shape", &na);
        if (na > EVAL_MAX_RANK)
            return eval_fail(c, "shape has more than %d dimensions", EVAL_MAX_RANK);
        n = na;
        if (na)
            memcpy(shape, s, sizeof(int64_t) * (size_t)na);
    } else {
        EvalValue *s = eval_tensor_in(c, 1, false);
        if (!s || !eval_read_ints(c, s, "shape", shape, EVAL_MAX_RANK, &n))
            return EVAL_ERROR;
    }
    if (!reshape_dims(c, x, shape, n, eval_attr_int(c, "allowzero", 0) != 0, dims))
        return EVAL_ERROR;
    return set_view(c, x, (int)n, dims);
}

static EvalStatus eval_flatten(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int64_t axis = eval_attr_int(c, "axis", 1);
    if (axis < 0)
        axis += x->rank;
    if (axis < 0 || axis > x->rank)
        return eval_fail(c, "axis %lld is out of range for rank %d",
                         (long long)eval_attr_int(c, "axis", 1), x->rank);
    int64_t dims[2] = {1, 1};
    for (int i = 0; i < x->rank; i++)
        dims[i < axis ? 0 : 1] *= x->dims[i];
    return set_view(c, x, 2, dims);
}

/* The axes of Squeeze/Unsqueeze: attribute before opset 13, input after. */
static bool axes_arg(EvalCall *c, int64_t *axes, int64_t *n, bool *given)
{
    *n = 0;
    *given = false;
    if (c->version < 13) {
        int na;
        const int64_t *a = eval_attr_ints(c, "axes", &na);
        *given = eval_has_attr(c, "axes");
        if (na > EVAL_MAX_RANK)
            return eval_reject(c, "too many axes");
        for (int i = 0; i < na; i++)
            axes[i] = a[i];
        *n = na;
        return true;
    }
    EvalValue *a = eval_in(c, 1);
    if (!a)
        return true;
    *given = true;
    return eval_read_ints(c, a, "axes", axes, EVAL_MAX_RANK, n);
}

static EvalStatus eval_squeeze(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int64_t axes[EVAL_MAX_RANK], n;
    bool given;
    if (!x || !axes_arg(c, axes, &n, &given))
        return EVAL_ERROR;
    bool drop[EVAL_MAX_RANK] = {false};
    for (int64_t k = 0; k < n; k++) {
        int a;
        if (!eval_axis(c, axes[k], x->rank, &a))
            return EVAL_ERROR;
        if (x->dims[a] != 1)
            return eval_fail(c, "cannot squeeze axis %d of size %lld", a, (long long)x->dims[a]);
        drop[a] = true;
    }
    int64_t dims[EVAL_MAX_RANK];
    int r = 0;
    for (int i = 0; i < x->rank; i++)
        if (!(given ? drop[i] : x->dims[i] == 1))
            dims[r++] = x->dims[i];
    return set_view(c, x, r, dims);
}

static EvalStatus eval_unsqueeze(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int64_t axes[EVAL_MAX_RANK], n;
    bool given;
    if (!x || !axes_arg(c, axes, &n, &given))
        return EVAL_ERROR;
    int r = x->rank + (int)n;
    if (r > EVAL_MAX_RANK)
        return eval_unsupported(c, "rank %d is larger than %d", r, EVAL_MAX_RANK);
    bool added[EVAL_MAX_RANK] = {false};
    for (int64_t k = 0; k < n; k++) {
        int a;
        if (!eval_axis(c, axes[k], r, &a))
            return EVAL_ERROR;
        if (added[a])
            return eval_fail(c, "axis %d is given twice", a);
        added[a] = true;
    }
    int64_t dims[EVAL_MAX_RANK];
    for (int i = 0, j = 0; i < r; i++)
        dims[i] = added[i] ? 1 : x->dims[j++];
    return set_view(c, x, r, dims);
}

/* ---- Shape, Size ------------------------------------------------------------------- */

static EvalStatus eval_shape(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int64_t start = eval_attr_int(c, "start", 0);
    int64_t end = eval_has_attr(c, "end") ? eval_attr_int(c, "end", x->rank) : x->rank;
    start = start < 0 ? start + x->rank : start;
    end = end < 0 ? end + x->rank : end;
    start = start < 0 ? 0 : start > x->rank ? x->rank : start;
    end = end < 0 ? 0 : end > x->rank ? x->rank : end;
    int64_t n = end > start ? end - start : 0;
    EvalValue *y = eval_output(c, 0, DT_INT64, 1, &n);
    if (!y)
        return EVAL_ERROR;
    for (int64_t i = 0; i < n; i++)
        ((int64_t *)y->data)[i] = x->dims[start + i];
    return EVAL_OK;
}

static EvalStatus eval_size(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    EvalValue *y = x ? eval_output(c, 0, DT_INT64, 0, NULL) : NULL;
    if (!y)
        return EVAL_ERROR;
    *(int64_t *)y->data = x->numel;
    return EVAL_OK;
}

/* ---- Concat, Split -------------------------------------------------------------------- */

/* Product of DIMS[from..to). */
static int64_t dims_product(const int64_t *dims, int from, int to)
{
    int64_t p = 1;
    for (int i = from; i < to; i++)
        p *= dims[i];
    return p;
}

static bool concat_shape(EvalCall *c, int axis, int64_t *dims)
{
    EvalValue *first = c->in[0];
    memcpy(dims, first->dims, sizeof(int64_t) * (size_t)first->rank);
    dims[axis] = 0;
    for (int k = 0; k < c->n_in; k++) {
        EvalValue *v = eval_tensor_in(c, k, false);
        if (!v)
            return false;
        bool ok = v->rank == first->rank && v->dtype == first->dtype;
        for (int i = 0; i < v->rank && ok; i++)
            ok = i == axis || v->dims[i] == first->dims[i];
        if (!ok)
            return eval_reject(c, "input %d (%s) does not match input 0 (%s)", k,
                             eval_value_type_str(&c->ev->arena, v),
                             eval_value_type_str(&c->ev->arena, first));
        dims[axis] += v->dims[axis];
    }
    return true;
}

static EvalStatus eval_concat(EvalCall *c)
{
    EvalValue *first = eval_tensor_in(c, 0, false);
    int axis;
    int64_t dims[EVAL_MAX_RANK];
    if (!first || !eval_axis(c, eval_attr_int(c, "axis", 0), first->rank, &axis) ||
        !concat_shape(c, axis, dims))
        return EVAL_ERROR;
    EvalValue *y = eval_output(c, 0, first->dtype, first->rank, dims);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(first->dtype);
    int64_t outer = dims_product(dims, 0, axis), inner = dims_product(dims, axis + 1, first->rank);
    char *dst = y->data;
    for (int64_t o = 0; o < outer; o++) {
        for (int k = 0; k < c->n_in; k++) {
            size_t len = (size_t)(c->in[k]->dims[axis] * inner) * es;
            memcpy(dst, (const char *)c->in[k]->data + (size_t)o * len, len);
            dst += len;
        }
    }
    return EVAL_OK;
}

/* The sizes of Split's outputs along an axis of size DIM. */
static bool split_sizes(EvalCall *c, int64_t dim, int64_t *sizes)
{
    int n = c->n_out;
    int64_t given = 0;
    if (c->version < 13 && eval_has_attr(c, "split")) {
        int na;
        const int64_t *s = eval_attr_ints(c, "split", &na);
        if (na != n)
            return eval_reject(c, "split has %d entries for %d outputs", na, n);
        memcpy(sizes, s, sizeof(int64_t) * (size_t)n);
        given = 1;
    } else if (c->version >= 13 && eval_in(c, 1)) {
        if (!eval_read_ints(c, c->in[1], "split", sizes, n, &given))
            return false;
        if (given != n)
            return eval_reject(c, "split has %lld entries for %d outputs", (long long)given, n);
    } else if (c->version >= 18 && eval_has_attr(c, "num_outputs")) {
        int64_t chunk = (dim + n - 1) / n;
        for (int k = 0; k < n; k++)
            sizes[k] = dim - chunk * k < chunk ? (dim - chunk * k > 0 ? dim - chunk * k : 0) : chunk;
        given = 1;
    } else {
        if (dim % n != 0)
            return eval_reject(c, "axis of size %lld does not split in %d equal parts",
                             (long long)dim, n);
        for (int k = 0; k < n; k++)
            sizes[k] = dim / n;
    }
    int64_t total = 0;
    for (int k = 0; k < n; k++)
        total += sizes[k] < 0 || sizes[k] > dim ? -dim - 1 : sizes[k];
    if (total != dim)
        return eval_reject(c, "split sizes do not add up to %lld", (long long)dim);
    return true;
}

static EvalStatus eval_split(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int axis;
    if (!x || !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    int64_t *sizes = arena_alloc(&c->ev->arena, sizeof(int64_t) * (size_t)(c->n_out + 1));
    if (c->n_out < 1 || !split_sizes(c, x->dims[axis], sizes))
        return c->n_out < 1 ? eval_fail(c, "no outputs") : EVAL_ERROR;
    size_t es = dtype_size(x->dtype);
    int64_t outer = dims_product(x->dims, 0, axis), inner = dims_product(x->dims, axis + 1, x->rank);
    int64_t start = 0;
    for (int k = 0; k < c->n_out; k++) {
        int64_t dims[EVAL_MAX_RANK];
        memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
        dims[axis] = sizes[k];
        EvalValue *y = eval_output(c, k, x->dtype, x->rank, dims);
        if (!y)
            return EVAL_ERROR;
        size_t len = (size_t)(sizes[k] * inner) * es, row = (size_t)(x->dims[axis] * inner) * es;
        for (int64_t o = 0; o < outer; o++)
            memcpy((char *)y->data + (size_t)o * len,
                   (const char *)x->data + (size_t)o * row + (size_t)(start * inner) * es, len);
        start += sizes[k];
    }
    return EVAL_OK;
}

/* ---- strided copies --------------------------------------------------------------------- */

/* The output of a strided view of X. */
static EvalStatus copy_view_out(EvalCall *c, EvalValue *x, int64_t base, int rank,
                                const int64_t *dims, const int64_t *strides)
{
    EvalValue *y = eval_output(c, 0, x->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    eval_copy_view(y->data, x->data, base, rank, dims, strides, dtype_size(x->dtype));
    return EVAL_OK;
}

static EvalStatus eval_transpose(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int np;
    const int64_t *perm = eval_attr_ints(c, "perm", &np);
    if (perm && np != x->rank)
        return eval_fail(c, "perm has %d entries for rank %d", np, x->rank);
    int64_t in_strides[EVAL_MAX_RANK], dims[EVAL_MAX_RANK], strides[EVAL_MAX_RANK];
    bool used[EVAL_MAX_RANK] = {false};
    eval_strides(x->rank, x->dims, in_strides);
    for (int i = 0; i < x->rank; i++) {
        int64_t p = perm ? perm[i] : x->rank - 1 - i;
        if (p < 0)
            p += x->rank;
        if (p < 0 || p >= x->rank || used[p])
            return eval_fail(c, "perm is not a permutation of 0..%d", x->rank - 1);
        used[p] = true;
        dims[i] = x->dims[p];
        strides[i] = in_strides[p];
    }
    return copy_view_out(c, x, 0, x->rank, dims, strides);
}

typedef struct SliceArgs {
    int64_t starts[EVAL_MAX_RANK], ends[EVAL_MAX_RANK], axes[EVAL_MAX_RANK], steps[EVAL_MAX_RANK];
    int64_t n;
} SliceArgs;

static bool slice_list(EvalCall *c, int input, const char *attr, int64_t *out, int64_t *n)
{
    if (c->version < 10) {
        int na;
        const int64_t *v = eval_attr_ints(c, attr, &na);
        if (na > EVAL_MAX_RANK)
            return eval_reject(c, "%s has too many entries", attr);
        if (na)
            memcpy(out, v, sizeof(int64_t) * (size_t)na);
        *n = v ? na : -1;
        return true;
    }
    EvalValue *v = eval_in(c, input);
    *n = -1;
    return !v || eval_read_ints(c, v, attr, out, EVAL_MAX_RANK, n);
}

static bool slice_args(EvalCall *c, int rank, SliceArgs *s)
{
    int64_t ns, ne, na, nt;
    if (!slice_list(c, 1, "starts", s->starts, &ns) || !slice_list(c, 2, "ends", s->ends, &ne) ||
        !slice_list(c, 3, "axes", s->axes, &na) || !slice_list(c, 4, "steps", s->steps, &nt))
        return false;
    if (ns < 0 || ns != ne || (na >= 0 && na != ns) || (nt >= 0 && nt != ns))
        return eval_reject(c, "starts, ends, axes and steps must have the same length");
    s->n = ns;
    for (int64_t i = 0; i < ns; i++) {
        if (na < 0)
            s->axes[i] = i;
        if (nt < 0)
            s->steps[i] = 1;
        int a;
        if (!eval_axis(c, s->axes[i], rank, &a))
            return false;
        s->axes[i] = a;
        if (s->steps[i] == 0)
            return eval_reject(c, "step 0 on axis %d", a);
    }
    return true;
}

/* Clamps START and END of one axis of size DIM as ONNX's Slice does (start
 * to [0, dim] or [0, dim-1], end to [0, dim] or [-1, dim-1] for forward or
 * backward steps) and returns the number of elements taken. */
static int64_t slice_axis(int64_t dim, int64_t *start, int64_t end, int64_t step)
{
    int64_t s = *start, e = end;
    if (dim == 0)
        return 0;
    if (s < 0)
        s += dim;
    if (e < 0)
        e += dim;
    if (step > 0) {
        s = s > dim ? dim : s < 0 ? 0 : s;
        e = e > dim ? dim : e < 0 ? 0 : e;
        *start = s;
        return e > s ? (e - s - 1) / step + 1 : 0;
    }
    s = s > dim - 1 ? dim - 1 : s < 0 ? 0 : s;
    e = e > dim - 1 ? dim - 1 : e < -1 ? -1 : e;
    *start = s;
    int64_t back = step == INT64_MIN ? INT64_MAX : -step;
    return s > e ? (s - e - 1) / back + 1 : 0;
}

static EvalStatus eval_slice(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    SliceArgs s;
    if (!x || !slice_args(c, x->rank, &s))
        return EVAL_ERROR;
    int64_t in_strides[EVAL_MAX_RANK], dims[EVAL_MAX_RANK], strides[EVAL_MAX_RANK], base = 0;
    bool seen[EVAL_MAX_RANK] = {false};
    eval_strides(x->rank, x->dims, in_strides);
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
    memcpy(strides, in_strides, sizeof(int64_t) * (size_t)x->rank);
    for (int64_t i = 0; i < s.n; i++) {
        int a = (int)s.axes[i];
        if (seen[a])
            return eval_fail(c, "axis %d is given twice", a);
        seen[a] = true;
        int64_t start = s.starts[i];
        dims[a] = slice_axis(x->dims[a], &start, s.ends[i], s.steps[i]);
        strides[a] = dims[a] > 1 ? in_strides[a] * s.steps[i] : 0;
        if (dims[a] > 0)
            base += start * in_strides[a];
    }
    return copy_view_out(c, x, base, x->rank, dims, strides);
}

/* A shape given as an int64 tensor (Expand, ConstantOfShape, Tile). */
static bool shape_input(EvalCall *c, int i, const char *what, int64_t *dims, int *rank)
{
    EvalValue *s = eval_tensor_in(c, i, false);
    int64_t n;
    if (!s || !eval_read_ints(c, s, what, dims, EVAL_MAX_RANK, &n))
        return false;
    if (s->rank > 1)
        return eval_reject(c, "'%s' must be 1-D", what);
    *rank = (int)n;
    return true;
}

static EvalStatus eval_expand(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    EvalValue shape = {.kind = EVAL_TENSOR};
    if (!x || !shape_input(c, 1, "shape", shape.dims, &shape.rank))
        return EVAL_ERROR;
    for (int i = 0; i < shape.rank; i++)
        if (shape.dims[i] < 0)
            return eval_fail(c, "shape[%d] is negative", i);
    EvalValue *ops[2] = {x, &shape};
    int rank;
    int64_t dims[EVAL_MAX_RANK];
    if (!eval_bcast_shape(ops, 2, &rank, dims))
        return eval_fail(c, "cannot expand %s to the shape given",
                         eval_value_type_str(&c->ev->arena, x));
    EvalValue *y = eval_broadcast_to(c, x, rank, dims);
    if (!y)
        return EVAL_ERROR;
    eval_set_output(c, 0, y);
    return EVAL_OK;
}

static EvalStatus eval_tile(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int64_t reps[EVAL_MAX_RANK], dims[EVAL_MAX_RANK], strides[EVAL_MAX_RANK];
    int n;
    if (!x || !shape_input(c, 1, "repeats", reps, &n))
        return EVAL_ERROR;
    if (n != x->rank)
        return eval_fail(c, "repeats has %d entries for rank %d", n, x->rank);
    for (int i = 0; i < n; i++) {
        if (reps[i] < 0 || reps[i] > EVAL_MAX_SIZE)
            return eval_fail(c, "repeats[%d] is %lld", i, (long long)reps[i]);
        dims[i] = x->dims[i] * reps[i];
    }
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, dims);
    if (!y || y->numel == 0)
        return y ? EVAL_OK : EVAL_ERROR;
    /* element (i0, i1, ...) comes from (i0 % d0, i1 % d1, ...) */
    eval_strides(x->rank, x->dims, strides);
    size_t es = dtype_size(x->dtype);
    int64_t index[EVAL_MAX_RANK] = {0};
    for (int64_t k = 0; k < y->numel; k++) {
        int64_t off = 0;
        for (int i = 0; i < n; i++)
            off += (index[i] % x->dims[i]) * strides[i];
        memcpy((char *)y->data + (size_t)k * es, (const char *)x->data + (size_t)off * es, es);
        for (int i = n - 1; i >= 0 && ++index[i] == dims[i]; i--)
            index[i] = 0;
    }
    return EVAL_OK;
}

/* DepthToSpace and SpaceToDepth: a reshape to 6-D, a transpose, a reshape
 * back, done as one strided copy. */
static EvalStatus depth_space(EvalCall *c, bool to_space)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int64_t b = eval_attr_int(c, "blocksize", 0);
    if (x->rank != 4 || b <= 0 || b > (INT64_C(1) << 20))
        return eval_fail(c, "needs a 4-D input and a blocksize in [1, 2^20]");
    int64_t N = x->dims[0], C = x->dims[1], H = x->dims[2], W = x->dims[3];
    bool crd = strcmp(eval_attr_str(c, "mode", "DCR"), "CRD") == 0;
    int64_t six[6], st6[6], dims[6], strides[6], out[4];
    const int *perm;
    static const int dcr[6] = {0, 3, 4, 1, 5, 2}, crd_p[6] = {0, 1, 4, 2, 5, 3};
    static const int s2d[6] = {0, 3, 5, 1, 2, 4};
    if (to_space) {
        if (C % (b * b))
            return eval_fail(c, "channels %lld are not a multiple of blocksize^2", (long long)C);
        int64_t d_dcr[6] = {N, b, b, C / (b * b), H, W}, d_crd[6] = {N, C / (b * b), b, b, H, W};
        memcpy(six, crd ? d_crd : d_dcr, sizeof six);
        perm = crd ? crd_p : dcr;
        int64_t o[4] = {N, C / (b * b), H * b, W * b};
        memcpy(out, o, sizeof out);
    } else {
        if (H % b || W % b)
            return eval_fail(c, "height and width must be multiples of blocksize");
        int64_t d[6] = {N, C, H / b, b, W / b, b}, o[4] = {N, C * b * b, H / b, W / b};
        memcpy(six, d, sizeof six);
        memcpy(out, o, sizeof out);
        perm = s2d;
    }
    eval_strides(6, six, st6);
    for (int i = 0; i < 6; i++) {
        dims[i] = six[perm[i]];
        strides[i] = st6[perm[i]];
    }
    EvalValue *y = eval_output(c, 0, x->dtype, 4, out);
    if (!y)
        return EVAL_ERROR;
    eval_copy_view(y->data, x->data, 0, 6, dims, strides, dtype_size(x->dtype));
    return EVAL_OK;
}

static EvalStatus eval_depth_to_space(EvalCall *c) { return depth_space(c, true); }
static EvalStatus eval_space_to_depth(EvalCall *c) { return depth_space(c, false); }

const EvalOp eval_tensor_ops[] = {
    {"Cast", eval_cast_op, NULL},
    {"CastLike", eval_cast_like, NULL},
    {"Concat", eval_concat, NULL},
    {"DepthToSpace", eval_depth_to_space, NULL},
    {"Expand", eval_expand, NULL},
    {"Flatten", eval_flatten, NULL},
    {"Identity", eval_identity, NULL},
    {"Reshape", eval_reshape, NULL},
    {"Shape", eval_shape, NULL},
    {"Size", eval_size, NULL},
    {"Slice", eval_slice, NULL},
    {"SpaceToDepth", eval_space_to_depth, NULL},
    {"Split", eval_split, NULL},
    {"Squeeze", eval_squeeze, NULL},
    {"Tile", eval_tile, NULL},
    {"Transpose", eval_transpose, NULL},
    {"Unsqueeze", eval_unsqueeze, NULL},
};

const int eval_tensor_count = sizeof eval_tensor_ops / sizeof eval_tensor_ops[0];
