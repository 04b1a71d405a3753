/* Shape inference helpers shared by every shape function (reading inputs,
 * constants and attributes with the row's defaults, setting outputs,
 * broadcasting, symbolic arithmetic) and the generic shape functions:
 * same shape, whole type, multidirectional broadcasting, and the no-op of
 * If/Loop whose outputs the lowering types from their bodies. */
#include <stdarg.h>
#include <string.h>

#include "ir/shape.h"

/* ---- errors and names ------------------------------------------------------ */

bool sh_error(ShapeCtx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_report(c->diag, DIAG_ERROR, c->node->span, fmt, ap);
    va_end(ap);
    return false;
}

const char *sh_op(const ShapeCtx *c)
{
    return c->schema->name;
}

/* ---- inputs ------------------------------------------------------------------- */

int sh_n_inputs(const ShapeCtx *c)
{
    return c->node->n_inputs;
}

const IrType *sh_in(const ShapeCtx *c, int i)
{
    if (i < 0 || i >= c->node->n_inputs || !c->node->inputs[i])
        return NULL;
    return &c->node->inputs[i]->type;
}

const IrType *sh_ranked(const ShapeCtx *c, int i)
{
    const IrType *t = sh_in(c, i);
    return t && t->kind == IR_TYPE_TENSOR && t->rank >= 0 ? t : NULL;
}

/* The tensor a Constant node holds in one of its value attributes. */
static const IrTensor *constant_node_value(const ShapeCtx *c, IrNode *n)
{
    if (!n || strcmp(n->op_type, "Constant") != 0 || n->domain[0])
        return NULL;
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        int64_t len = at->n;
        IrTensor *t = NULL;
        if (strcmp(at->name, "value") == 0 && at->kind == IR_ATTR_TENSOR)
            return at->t;
        if (strcmp(at->name, "value_int") == 0 || strcmp(at->name, "value_float") == 0)
            t = ir_tensor_new(c->arena, at->kind == IR_ATTR_INT ? DT_INT64 : DT_FLOAT, 0, NULL);
        else if (strcmp(at->name, "value_ints") == 0 || strcmp(at->name, "value_floats") == 0)
            t = ir_tensor_new(c->arena, at->kind == IR_ATTR_INTS ? DT_INT64 : DT_FLOAT, 1, &len);
        if (!t)
            continue;
        if (at->kind == IR_ATTR_INT)
            memcpy(t->data, &at->i, sizeof at->i);
        else if (at->kind == IR_ATTR_FLOAT)
            memcpy(t->data, &at->f, sizeof at->f);
        else if (at->kind == IR_ATTR_INTS)
            memcpy(t->data, at->ints, sizeof(int64_t) * (size_t)at->n);
        else if (at->kind == IR_ATTR_FLOATS)
            memcpy(t->data, at->floats, sizeof(float) * (size_t)at->n);
        return t;
    }
    return NULL;
}

const IrTensor *sh_const(const ShapeCtx *c, int i)
{
    if (!sh_in(c, i))
        return NULL;
    if (c->const_inputs && c->const_inputs[i])
        return c->const_inputs[i];
    IrValue *v = c->node->inputs[i];
    if (v->init)
        return v->init;
    return constant_node_value(c, v->producer);
}

/* Element K of T as a double, false for types that are not numbers. */
static bool tensor_elem(const IrTensor *t, int64_t k, double *out)
{
    size_t size = dtype_size(t->dtype);
    const unsigned char *p = (const unsigned char *)t->data + (size_t)k * size;
    union { int8_t i8; uint8_t u8; int16_t i16; uint16_t u16; int32_t i32; uint32_t u32;
            int64_t i64; uint64_t u64; float f; double d; } u;
    if (size == 0 || size > sizeof u)
        return false;
    memcpy(&u, p, size);
    switch (t->dtype) {
    case DT_INT8: *out = u.i8; return true;
    case DT_UINT8: case DT_BOOL: *out = u.u8; return true;
    case DT_INT16: *out = u.i16; return true;
    case DT_UINT16: *out = u.u16; return true;
    case DT_INT32: *out = u.i32; return true;
    case DT_UINT32: *out = u.u32; return true;
    case DT_INT64: *out = (double)u.i64; return true;
    case DT_UINT64: *out = (double)u.u64; return true;
    case DT_FLOAT: *out = u.f; return true;
    case DT_DOUBLE: *out = u.d; return true;
    case DT_FLOAT16: *out = dtype_half_to_double(u.u16); return true;
    case DT_BFLOAT16: *out = dtype_bfloat16_to_double(u.u16); return true;
    default: return false;
    }
}

bool sh_const_ints(ShapeCtx *c, int i, int64_t **v, int64_t *n)
{
    const IrTensor *t = sh_const(c, i);
    if (!t || !t->data || !dtype_is_int(t->dtype))
        return false;
    *n = ir_tensor_numel(t);
    *v = arena_alloc(c->arena, sizeof(int64_t) * (size_t)(*n + 1));
    size_t size = dtype_size(t->dtype);
    for (int64_t k = 0; k < *n; k++) {
        if (t->dtype == DT_INT64 || t->dtype == DT_UINT64) {
            memcpy(&(*v)[k], (const unsigned char *)t->data + (size_t)k * size, sizeof(int64_t));
        } else {
            double d;
            tensor_elem(t, k, &d);
            (*v)[k] = (int64_t)d;
        }
    }
    return true;
}

bool sh_const_doubles(ShapeCtx *c, int i, double **v, int64_t *n)
{
    const IrTensor *t = sh_const(c, i);
    if (!t || !t->data || t->dtype == DT_STRING)
        return false;
    *n = ir_tensor_numel(t);
    *v = arena_alloc(c->arena, sizeof(double) * (size_t)(*n + 1));
    for (int64_t k = 0; k < *n; k++)
        if (!tensor_elem(t, k, &(*v)[k]))
            return false;
    return true;
}

/* ---- attributes --------------------------------------------------------------- */

/* The node's attribute NAME of KIND, else the row's default decoded into
 * TMP; NULL when neither. */
static const IrAttr *attr_or_default(const ShapeCtx *c, const char *name, IrAttrKind kind,
                                     IrAttr *tmp)
{
    const IrAttr *at = ir_node_attr(c->node, name);
    if (at)
        return at->kind == kind ? at : NULL;
    const OpAttrDef *d = opschema_attr(c->schema, name);
    if (d && d->kind == kind && opschema_default(d, c->arena, tmp))
        return tmp;
    return NULL;
}

bool sh_has_attr(const ShapeCtx *c, const char *name)
{
    return ir_node_attr(c->node, name) != NULL;
}

int64_t sh_attr_int(ShapeCtx *c, const char *name, int64_t fallback)
{
    IrAttr tmp;
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_INT, &tmp);
    return at ? at->i : fallback;
}

float sh_attr_float(ShapeCtx *c, const char *name, float fallback)
{
    IrAttr tmp;
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_FLOAT, &tmp);
    return at ? at->f : fallback;
}

const char *sh_attr_str(ShapeCtx *c, const char *name, const char *fallback)
{
    IrAttr tmp;
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_STRING, &tmp);
    return at && at->s ? at->s : fallback;
}

bool sh_attr_ints(ShapeCtx *c, const char *name, const int64_t **v, int *n)
{
    IrAttr tmp;
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_INTS, &tmp);
    if (!at)
        return false;
    *v = at->ints;
    *n = at->n;
    return true;
}

bool sh_attr_floats(ShapeCtx *c, const char *name, const float **v, int *n)
{
    IrAttr tmp;
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_FLOATS, &tmp);
    if (!at)
        return false;
    *v = at->floats;
    *n = at->n;
    return true;
}

/* ---- outputs -------------------------------------------------------------------- */

DType sh_out_dtype(const ShapeCtx *c, int j)
{
    const OpParam *p = opschema_output_param(c->schema, j);
    const OpTypeVar *tv = p ? opschema_typevar(c->schema, p->typevar) : NULL;
    if (!tv)
        return DT_UNDEFINED;
    int k = opschema_typevar_index(c->schema, p->typevar);
    if (k >= 0 && c->bound[k] != DT_UNDEFINED)
        return c->bound[k];
    DTypeSet set = tv->tensor_types;
    if (set && !(set & (set - 1)))
        for (int t = 1; t < DT_COUNT; t++)
            if (set == DTS(t))
                return (DType)t;
    return DT_UNDEFINED;
}

bool sh_has_out(const ShapeCtx *c, int j)
{
    return j >= 0 && j < c->node->n_outputs && c->node->outputs[j];
}

void sh_set_type(ShapeCtx *c, int j, IrType t)
{
    if (sh_has_out(c, j))
        c->node->outputs[j]->type = t;
}

void sh_set(ShapeCtx *c, int j, DType dt, int rank, const Dim *dims)
{
    if (!sh_has_out(c, j))
        return;
    if (rank < 0)
        sh_set_type(c, j, ir_type_unknown_rank(dt));
    else
        sh_set_type(c, j, ir_type_tensor(c->arena, dt, rank, dims));
}

void sh_set_like(ShapeCtx *c, int j, DType dt, const IrType *t)
{
    if (t && t->kind == IR_TYPE_TENSOR)
        sh_set(c, j, dt, t->rank, t->dims);
    else
        sh_set(c, j, dt, -1, NULL);
}

/* ---- dims and their text ------------------------------------------------------ */

Dim *sh_dims(ShapeCtx *c, int rank)
{
    Dim *d = arena_alloc(c->arena, sizeof(Dim) * (size_t)(rank > 0 ? rank : 1));
    for (int i = 0; i < rank; i++)
        d[i] = dim_unknown();
    return d;
}

void sh_copy(Dim *dst, const Dim *src, int n)
{
    for (int i = 0; i < n; i++)
        dst[i] = src[i];
}

const char *sh_dim_str(ShapeCtx *c, Dim d)
{
    return dim_str(c->arena, d);
}

const char *sh_dims_str(ShapeCtx *c, int rank, const Dim *dims)
{
    if (rank < 0)
        return "[...]";
    char *s = arena_strdup(c->arena, "[");
    for (int i = 0; i < rank; i++)
        s = arena_sprintf(c->arena, "%s%s%s", s, i ? ", " : "", sh_dim_str(c, dims[i]));
    return arena_sprintf(c->arena, "%s]", s);
}

const char *sh_shape_str(ShapeCtx *c, const IrType *t)
{
    if (!t || t->kind != IR_TYPE_TENSOR)
        return "[...]";
    return sh_dims_str(c, t->rank, t->dims);
}

bool sh_axis(ShapeCtx *c, int64_t axis, int rank, bool inclusive, const char *what, int *out)
{
    int64_t limit = inclusive ? rank + 1 : rank;
    int64_t a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= limit)
        return sh_error(c, "%s: %s %lld is out of range for rank %d", sh_op(c), what,
                        (long long)axis, rank);
    *out = (int)a;
    return true;
}

/* ---- broadcasting ------------------------------------------------------------- */

bool sh_unify(Dim a, Dim b, Dim *out)
{
    if (dim_is_known(a) && dim_is_known(b)) {
        *out = a;
        return a.value == b.value;
    }
    if (dim_is_known(a) || (!dim_is_known(b) && a.sym)) {
        *out = a;
        return true;
    }
    *out = b;
    return true;
}

/* Folds dimension B (of input I) into the running broadcast result *CUR,
 * whose last known non-1 value came from input *SRC. */
static bool broadcast_dim(Dim *cur, int *src, Dim b, int i)
{
    Dim a = *cur;
    if (dim_is_known(b) && b.value == 1)
        return true;
    if (dim_is_known(a) && a.value == 1) {
        *cur = b;
        *src = i;
        return true;
    }
    if (dim_is_known(a) && dim_is_known(b))
        return a.value == b.value;
    if (dim_is_known(a))
        return true;
    if (dim_is_known(b)) {
        *cur = b;
        *src = i;
        return true;
    }
    if (!dim_equal(a, b))
        *cur = dim_unknown();
    return true;
}

/* Broadcasts TS[0..N) (NULL entries are absent inputs); on a conflict,
 * *BAD_A and *BAD_B are the two inputs that disagree. */
static bool broadcast_core(ShapeCtx *c, const IrType *const *ts, int n, int *rank, Dim **dims,
                           int *bad_a, int *bad_b)
{
    int r = 0;
    for (int i = 0; i < n; i++) {
        if (!ts[i])
            continue;
        if (ts[i]->kind != IR_TYPE_TENSOR || ts[i]->rank < 0) {
            *rank = -1;
            *dims = NULL;
            return true;
        }
        if (ts[i]->rank > r)
            r = ts[i]->rank;
    }
    Dim *out = sh_dims(c, r);
    for (int k = 0; k < r; k++) {
        Dim cur = dim_known(1);
        int src = -1;
        for (int i = 0; i < n; i++) {
            if (!ts[i] || ts[i]->rank < r - k)
                continue;
            if (!broadcast_dim(&cur, &src, ts[i]->dims[ts[i]->rank - r + k], i)) {
                *bad_a = src;
                *bad_b = i;
                return false;
            }
        }
        out[k] = cur;
    }
    *rank = r;
    *dims = out;
    return true;
}

bool sh_broadcast_quiet(ShapeCtx *c, const IrType *const *ts, int n, int *rank, Dim **dims)
{
    int a, b;
    return broadcast_core(c, ts, n, rank, dims, &a, &b);
}

bool sh_broadcast(ShapeCtx *c, const IrType *const *ts, int n, int *rank, Dim **dims)
{
    int a, b;
    if (broadcast_core(c, ts, n, rank, dims, &a, &b))
        return true;
    return sh_error(c, "%s: cannot broadcast shapes %s and %s", sh_op(c), sh_shape_str(c, ts[a]),
                    sh_shape_str(c, ts[b]));
}

/* ---- symbolic arithmetic --------------------------------------------------------- */

Dim sh_add(ShapeCtx *c, Dim a, Dim b) { return dim_add(c->arena, c->names, a, b); }
Dim sh_sub(ShapeCtx *c, Dim a, Dim b) { return dim_sub(c->arena, c->names, a, b); }
Dim sh_mul(ShapeCtx *c, Dim a, Dim b) { return dim_mul(c->arena, c->names, a, b); }
Dim sh_div(ShapeCtx *c, Dim a, Dim b) { return dim_floordiv(c->arena, c->names, a, b); }
Dim sh_ceildiv(ShapeCtx *c, Dim a, Dim b) { return dim_ceildiv(c->arena, c->names, a, b); }
Dim sh_addi(ShapeCtx *c, Dim a, int64_t k) { return dim_add_int(c->arena, c->names, a, k); }
Dim sh_muli(ShapeCtx *c, Dim a, int64_t k) { return dim_mul_int(c->arena, c->names, a, k); }

Dim sh_product(ShapeCtx *c, const Dim *dims, int from, int to)
{
    Dim p = dim_known(1);
    for (int i = from; i < to; i++)
        p = sh_mul(c, p, dims[i]);
    return p;
}

/* ---- generic shape functions --------------------------------------------------- */

bool shape_keep(ShapeCtx *c)
{
    (void)c;
    return true;
}

bool shape_same(ShapeCtx *c)
{
    sh_set_like(c, 0, sh_out_dtype(c, 0), sh_in(c, 0));
    return true;
}

bool shape_identity(ShapeCtx *c)
{
    const IrType *t = sh_in(c, 0);
    if (t)
        sh_set_type(c, 0, *t);
    return true;
}

bool shape_broadcast(ShapeCtx *c)
{
    int n = sh_n_inputs(c), rank;
    const IrType **ts = arena_alloc(c->arena, sizeof(IrType *) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
        ts[i] = sh_in(c, i);
    Dim *dims;
    if (!sh_broadcast(c, ts, n, &rank, &dims))
        return false;
    sh_set(c, 0, sh_out_dtype(c, 0), rank, dims);
    return true;
}
