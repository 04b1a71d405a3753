/* Shape functions of the generators and containers: Constant,
 * ConstantOfShape, EyeLike, Range, the random generators, the Sequence*
 * operators and the Optional* operators. */
#include <math.h>
#include <string.h>

#include "ir/shape.h"

/* ---- generators ----------------------------------------------------------------- */

bool shape_constant(ShapeCtx *c)
{
    IrNode *n = c->node;
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        Dim len = dim_known(at->n);
        if (strcmp(at->name, "value") == 0 && at->kind == IR_ATTR_TENSOR && at->t) {
            Dim *d = sh_dims(c, at->t->rank);
            for (int k = 0; k < at->t->rank; k++)
                d[k] = dim_known(at->t->dims[k]);
            sh_set(c, 0, at->t->dtype, at->t->rank, d);
        } else if (strcmp(at->name, "value_float") == 0) {
            sh_set(c, 0, DT_FLOAT, 0, NULL);
        } else if (strcmp(at->name, "value_int") == 0) {
            sh_set(c, 0, DT_INT64, 0, NULL);
        } else if (strcmp(at->name, "value_string") == 0) {
            sh_set(c, 0, DT_STRING, 0, NULL);
        } else if (strcmp(at->name, "value_floats") == 0) {
            sh_set(c, 0, DT_FLOAT, 1, &len);
        } else if (strcmp(at->name, "value_ints") == 0) {
            sh_set(c, 0, DT_INT64, 1, &len);
        } else if (strcmp(at->name, "value_strings") == 0) {
            sh_set(c, 0, DT_STRING, 1, &len);
        } else {
            continue;
        }
        return true;
    }
    return sh_error(c, "Constant: needs one of the attributes value, value_float, value_floats, "
                       "value_int, value_ints, value_string, value_strings");
}

/* A 1-D int64 shape input I: its constant values as dims, or its length. */
static bool shape_from_input(ShapeCtx *c, int i, int *rank, Dim **dims)
{
    int64_t *v, n;
    const IrType *st = sh_ranked(c, i);
    *rank = -1;
    *dims = NULL;
    if (sh_const_ints(c, i, &v, &n)) {
        if (n > SH_MAX_RANK)
            return sh_error(c, "%s: shape has %lld dimensions", sh_op(c), (long long)n);
        *rank = (int)n;
        *dims = sh_dims(c, (int)n);
        for (int64_t k = 0; k < n; k++) {
            if (v[k] < 0)
                return sh_error(c, "%s: negative dimension %lld in the shape", sh_op(c),
                                (long long)v[k]);
            (*dims)[k] = dim_known(v[k]);
        }
    } else if (st && st->rank == 1 && dim_is_known(st->dims[0]) &&
               st->dims[0].value <= SH_MAX_RANK) {
        *rank = (int)st->dims[0].value;
    }
    return true;
}

bool shape_constant_of_shape(ShapeCtx *c)
{
    const IrAttr *v = ir_node_attr(c->node, "value");
    DType dt = v && v->kind == IR_ATTR_TENSOR && v->t ? v->t->dtype : DT_FLOAT;
    int rank;
    Dim *dims;
    if (!shape_from_input(c, 0, &rank, &dims))
        return false;
    sh_set(c, 0, dt, rank, dims);
    return true;
}

/* The element type of attribute 'dtype' when set, else FALLBACK. */
static DType dtype_attr(ShapeCtx *c, DType fallback)
{
    int64_t dt = sh_attr_int(c, "dtype", -1);
    return dt > 0 && dt < DT_COUNT ? (DType)dt : fallback;
}

bool shape_eyelike(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    if (x && x->rank != 2)
        return sh_error(c, "EyeLike: input must be 2-D, got %s", sh_shape_str(c, x));
    const IrType *in = sh_in(c, 0);
    sh_set(c, 0, dtype_attr(c, in && in->dtype ? in->dtype : DT_FLOAT), 2, x ? x->dims : NULL);
    return true;
}

/* Range: max(ceil((limit - start) / delta), 0) elements. */
bool shape_range(ShapeCtx *c)
{
    DType dt = sh_out_dtype(c, 0);
    double *v[3];
    int64_t n[3];
    Dim len = dim_unknown();
    for (int i = 0; i < 3; i++) {
        const IrType *t = sh_ranked(c, i);
        if (t && t->rank > 1)
            return sh_error(c, "Range: '%s' must be a scalar, got %s", c->schema->inputs[i].name,
                            sh_shape_str(c, t));
    }
    if (sh_const_doubles(c, 0, &v[0], &n[0]) && sh_const_doubles(c, 1, &v[1], &n[1]) &&
        sh_const_doubles(c, 2, &v[2], &n[2]) && n[0] == 1 && n[1] == 1 && n[2] == 1) {
        if (v[2][0] == 0)
            return sh_error(c, "Range: delta cannot be 0");
        double count = ceil((v[1][0] - v[0][0]) / v[2][0]);
        len = count < 4e18 ? dim_known(count > 0 ? (int64_t)count : 0) : dim_unknown();
    }
    sh_set(c, 0, dt, 1, &len);
    return true;
}

/* RandomNormal, RandomUniform: the shape attribute, dtype (float). */
bool shape_random(ShapeCtx *c)
{
    const int64_t *s;
    int n;
    DType dt = dtype_attr(c, DT_FLOAT);
    if (!sh_attr_ints(c, "shape", &s, &n))
        return sh_error(c, "%s: attribute 'shape' is required", sh_op(c));
    Dim *d = sh_dims(c, n);
    for (int i = 0; i < n; i++) {
        if (s[i] < 0)
            return sh_error(c, "%s: negative dimension %lld in 'shape'", sh_op(c), (long long)s[i]);
        d[i] = dim_known(s[i]);
    }
    sh_set(c, 0, dt, n, d);
    return true;
}

/* RandomNormalLike, RandomUniformLike, Bernoulli: the input's shape, dtype
 * or the input's element type. */
bool shape_random_like(ShapeCtx *c)
{
    const IrType *x = sh_in(c, 0);
    sh_set_like(c, 0, dtype_attr(c, x ? x->dtype : DT_UNDEFINED), x);
    return true;
}

bool shape_bernoulli(ShapeCtx *c)
{
    return shape_random_like(c);
}

/* ---- sequences ------------------------------------------------------------------- */

static IrType seq_of(ShapeCtx *c, IrType elem)
{
    IrType *e = arena_alloc(c->arena, sizeof *e);
    *e = elem;
    return (IrType){.kind = IR_TYPE_SEQUENCE, .dtype = elem.dtype, .rank = -1, .elem = e};
}

/* The tensor type covering both A and B: equal dims stay, others unknown. */
static IrType merge_tensor(ShapeCtx *c, const IrType *a, const IrType *b)
{
    DType dt = a->dtype ? a->dtype : b->dtype;
    if (a->rank < 0 || b->rank < 0 || a->rank != b->rank)
        return ir_type_unknown_rank(dt);
    IrType t = ir_type_tensor(c->arena, dt, a->rank, a->dims);
    for (int i = 0; i < a->rank; i++)
        if (!dim_equal(a->dims[i], b->dims[i]))
            t.dims[i] = dim_unknown();
    return t;
}

/* The element type of a sequence input I (unknown tensor if not known). */
static IrType seq_elem(ShapeCtx *c, int i)
{
    const IrType *s = sh_in(c, i);
    if (s && s->kind == IR_TYPE_SEQUENCE && s->elem)
        return *s->elem;
    return ir_type_unknown_rank(DT_UNDEFINED);
}

bool shape_seq_construct(ShapeCtx *c)
{
    const IrType *first = sh_in(c, 0);
    IrType t = first ? *first : ir_type_unknown_rank(DT_UNDEFINED);
    for (int i = 1; i < sh_n_inputs(c); i++)
        if (sh_in(c, i))
            t = merge_tensor(c, &t, sh_in(c, i));
    sh_set_type(c, 0, seq_of(c, t));
    return true;
}

bool shape_seq_empty(ShapeCtx *c)
{
    sh_set_type(c, 0, seq_of(c, ir_type_unknown_rank(dtype_attr(c, DT_FLOAT))));
    return true;
}

bool shape_seq_at(ShapeCtx *c)
{
    sh_set_type(c, 0, seq_elem(c, 0));
    return true;
}

/* SequenceInsert, SequenceErase: the input sequence's type (with the
 * inserted tensor merged into the element type). */
bool shape_seq_same(ShapeCtx *c)
{
    IrType e = seq_elem(c, 0);
    const IrType *t = sh_in(c, 1);
    if (t && t->kind == IR_TYPE_TENSOR && opschema_n_inputs(c->schema) == 3) {
        const IrType *s = sh_in(c, 0);
        bool empty = !s || !s->elem;
        e = empty ? *t : merge_tensor(c, &e, t);
    }
    sh_set_type(c, 0, seq_of(c, e));
    return true;
}

bool shape_seq_length(ShapeCtx *c)
{
    sh_set(c, 0, DT_INT64, 0, NULL);
    return true;
}

/* SplitToSequence: chunks of 'split' (a scalar: equal parts, a smaller last
 * one; 1-D: given sizes) or, without it, single slices (kept as 1 or
 * removed by keepdims). */
bool shape_split_to_seq(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    const IrType *in = sh_in(c, 0);
    DType dt = in ? in->dtype : DT_UNDEFINED;
    if (!x) {
        sh_set_type(c, 0, seq_of(c, ir_type_unknown_rank(dt)));
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", 0), x->rank, false, "axis", &ax))
        return false;
    IrType e = ir_type_tensor(c->arena, dt, x->rank, x->dims);
    int64_t *v, n;
    const IrType *st = sh_ranked(c, 1);
    Dim d = x->dims[ax];
    if (!sh_in(c, 1)) {
        bool keep = sh_attr_int(c, "keepdims", 1) != 0;
        if (!keep) {
            memmove(e.dims + ax, e.dims + ax + 1, sizeof(Dim) * (size_t)(x->rank - ax - 1));
            e.rank--;
        } else {
            e.dims[ax] = dim_known(1);
        }
    } else if (sh_const_ints(c, 1, &v, &n) && st && st->rank == 0) {
        bool even = dim_is_known(d) && v[0] > 0 && d.value % v[0] == 0;
        e.dims[ax] = even ? dim_known(v[0]) : dim_unknown();
    } else {
        e.dims[ax] = dim_unknown();
    }
    sh_set_type(c, 0, seq_of(c, e));
    return true;
}

/* ConcatFromSequence: the element type with an unknown dimension at axis,
 * inserted there when new_axis is 1. */
bool shape_concat_from_seq(ShapeCtx *c)
{
    IrType e = seq_elem(c, 0);
    if (e.rank < 0) {
        sh_set(c, 0, e.dtype, -1, NULL);
        return true;
    }
    bool new_axis = sh_attr_int(c, "new_axis", 0) != 0;
    int ax, r = e.rank + (new_axis ? 1 : 0);
    if (!sh_axis(c, sh_attr_int(c, "axis", 0), r, false, "axis", &ax))
        return false;
    Dim *d = sh_dims(c, r);
    for (int i = 0, k = 0; i < r; i++) {
        if (i == ax && new_axis)
            continue;
        d[i] = e.dims[k++];
    }
    d[ax] = dim_unknown();
    sh_set(c, 0, e.dtype, r, d);
    return true;
}

/* ---- optionals ---------------------------------------------------------------------- */

bool shape_optional(ShapeCtx *c)
{
    const IrType *t = sh_in(c, 0);
    IrType *e = arena_alloc(c->arena, sizeof *e);
    *e = t ? *t : ir_type_unknown_rank(DT_UNDEFINED);
    sh_set_type(c, 0, (IrType){.kind = IR_TYPE_OPTIONAL, .dtype = e->dtype, .rank = -1, .elem = e});
    return true;
}

bool shape_optional_get(ShapeCtx *c)
{
    const IrType *t = sh_in(c, 0);
    if (t && t->kind == IR_TYPE_OPTIONAL && t->elem)
        sh_set_type(c, 0, *t->elem);
    else if (t && t->kind != IR_TYPE_OPTIONAL)
        sh_set_type(c, 0, *t);
    return true;
}

bool shape_optional_has(ShapeCtx *c)
{
    sh_set(c, 0, DT_BOOL, 0, NULL);
    return true;
}

/* Multinomial: input [batch, classes] -> [batch, sample_size] of dtype
 * (int32 by default, or int64). */
bool shape_multinomial(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    int64_t dt = sh_attr_int(c, "dtype", DT_INT32), n = sh_attr_int(c, "sample_size", 1);
    if (dt != DT_INT32 && dt != DT_INT64)
        return sh_error(c, "Multinomial: dtype must be int32 (6) or int64 (7), got %lld",
                        (long long)dt);
    if (n < 0 || n > SH_MAX_ATTR_VALUE)
        return sh_error(c, "Multinomial: sample_size %lld is out of range", (long long)n);
    if (x && x->rank != 2)
        return sh_error(c, "Multinomial: input must be [batch, classes], got %s",
                        sh_shape_str(c, x));
    Dim out[2] = {x ? x->dims[0] : dim_unknown(), dim_known(n)};
    sh_set(c, 0, (DType)dt, 2, out);
    return true;
}
