/* Operators that make tensors from attributes or small inputs (Constant,
 * ConstantOfShape, EyeLike, Range), and the element-placing Pad and Trilu. */
#include <math.h>
#include <string.h>

#include "eval/kernel.h"

/* ---- Constant --------------------------------------------------------------------- */

static EvalStatus constant_list(EvalCall *c, const IrAttr *at)
{
    int64_t n = at->n;
    bool is_float = at->kind == IR_ATTR_FLOATS || at->kind == IR_ATTR_FLOAT;
    bool scalar = at->kind == IR_ATTR_FLOAT || at->kind == IR_ATTR_INT;
    EvalValue *y = eval_output(c, 0, is_float ? DT_FLOAT : DT_INT64, scalar ? 0 : 1, &n);
    if (!y)
        return EVAL_ERROR;
    if (at->kind == IR_ATTR_FLOAT)
        *(float *)y->data = at->f;
    else if (at->kind == IR_ATTR_INT)
        *(int64_t *)y->data = at->i;
    else if (n)
        memcpy(y->data, is_float ? (const void *)at->floats : (const void *)at->ints,
               (size_t)n * dtype_size(y->dtype));
    return EVAL_OK;
}

static EvalStatus eval_constant(EvalCall *c)
{
    static const char *const forms[] = {"value", "value_float", "value_floats", "value_int",
                                        "value_ints", "value_string", "value_strings"};
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
        const IrAttr *at = eval_attr(c, forms[k]);
        if (!at)
            continue;
        if (at->kind == IR_ATTR_TENSOR && at->t) {
            EvalValue *y = eval_tensor_borrow(at->t);
            if (!y)
                return eval_unsupported(c, "%s constants are not supported", dtype_name(at->t->dtype));
            eval_set_output(c, 0, y);
            return EVAL_OK;
        }
        if (at->kind == IR_ATTR_STRING || at->kind == IR_ATTR_STRINGS)
            return eval_unsupported(c, "string constants are not supported");
        return constant_list(c, at);
    }
    return eval_fail(c, "has no value attribute");
}

/* ---- ConstantOfShape, EyeLike, Range ---------------------------------------------------- */

static EvalStatus eval_constant_of_shape(EvalCall *c)
{
    EvalValue *s = eval_tensor_in(c, 0, false);
    int64_t dims[EVAL_MAX_RANK], n;
    if (!s || !eval_read_ints(c, s, "input", dims, EVAL_MAX_RANK, &n))
        return EVAL_ERROR;
    for (int64_t i = 0; i < n; i++)
        if (dims[i] < 0)
            return eval_fail(c, "dimension %lld is negative", (long long)dims[i]);
    const IrAttr *at = eval_attr(c, "value");
    const IrTensor *v = at && at->kind == IR_ATTR_TENSOR ? at->t : NULL;
    if (v && (ir_tensor_numel(v) != 1 || dtype_size(v->dtype) == 0))
        return eval_fail(c, "value must hold one number");
    EvalValue *y = eval_output(c, 0, v ? v->dtype : DT_FLOAT, (int)n, dims);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(y->dtype);
    for (int64_t i = 0; v && i < y->numel; i++)
        memcpy((char *)y->data + (size_t)i * es, v->data, es);
    return EVAL_OK;
}

static EvalStatus eval_eye_like(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    if (x->rank != 2)
        return eval_fail(c, "input must be 2-D, found %s", eval_value_type_str(&c->ev->arena, x));
    int64_t dt = eval_has_attr(c, "dtype") ? eval_attr_int(c, "dtype", 1) : x->dtype;
    if (dt <= 0 || dt >= DT_COUNT || dt == DT_STRING || dtype_size((DType)dt) == 0)
        return eval_unsupported(c, "dtype %lld is not supported", (long long)dt);
    EvalValue *y = eval_output(c, 0, (DType)dt, 2, x->dims);
    if (!y)
        return EVAL_ERROR;
    int64_t k = eval_attr_int(c, "k", 0);
    if (k > EVAL_MAX_SIZE || k < -EVAL_MAX_SIZE)
        return EVAL_OK;     /* the diagonal misses the matrix */
    double one = 1;
    size_t es = dtype_size(y->dtype);
    for (int64_t i = 0; i < x->dims[0]; i++) {
        int64_t j = i + k;
        if (j >= 0 && j < x->dims[1])
            eval_store_f64(y->dtype, (char *)y->data + (size_t)(i * x->dims[1] + j) * es, &one, 1);
    }
    return EVAL_OK;
}

static EvalStatus eval_range(EvalCall *c)
{
    EvalValue *s = eval_tensor_in(c, 0, false), *l = eval_tensor_in(c, 1, false);
    EvalValue *d = eval_tensor_in(c, 2, false);
    double fs, fl, fd;
    if (!s || !l || !d || !eval_scalar_f64(c, s, "start", &fs) ||
        !eval_scalar_f64(c, l, "limit", &fl) || !eval_scalar_f64(c, d, "delta", &fd))
        return EVAL_ERROR;
    if (s->dtype != l->dtype || s->dtype != d->dtype)
        return eval_fail(c, "start, limit and delta must have the same type");
    if (fd == 0)
        return eval_fail(c, "delta is 0");
    int64_t n;
    bool fl_type = dtype_is_float(s->dtype);
    if (fl_type) {
        double count = ceil((fl - fs) / fd);
        if (isnan(count) || count >= 1e12)
            return eval_fail(c, "range of %g elements is too large", count);
        n = count > 0 ? (int64_t)count : 0;
    } else {
        int64_t is = eval_get_i64(s, 0), il = eval_get_i64(l, 0), id = eval_get_i64(d, 0);
        double span = ((double)il - (double)is) / (double)id;
        if (span >= 1e12)
            return eval_fail(c, "range of %g elements is too large", span);
        n = span > 0 ? (int64_t)ceil(span) : 0;
    }
    EvalValue *y = eval_output(c, 0, s->dtype, 1, &n);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(y->dtype);
    for (int64_t i = 0; i < n; i++) {
        if (fl_type) {
            double v = fs + (double)i * fd;
            eval_store_f64(y->dtype, (char *)y->data + (size_t)i * es, &v, 1);
        } else {
            int64_t v = (int64_t)((uint64_t)eval_get_i64(s, 0) + (uint64_t)i * (uint64_t)eval_get_i64(d, 0));
            eval_store_i64(y->dtype, (char *)y->data + (size_t)i * es, &v, 1);
        }
    }
    return EVAL_OK;
}

/* ---- Pad ---------------------------------------------------------------------------------- */

typedef enum PadMode { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE, PAD_WRAP } PadMode;

/* The source index of output index I along an axis of size D padded by
 * BEFORE, or -1 for the constant. */
static int64_t pad_source(PadMode mode, int64_t i, int64_t before, int64_t d)
{
    int64_t j = i - before;
    if (j >= 0 && j < d)
        return j;
    switch (mode) {
    case PAD_CONSTANT:
        return -1;
    case PAD_EDGE:
        return j < 0 ? 0 : d - 1;
    case PAD_WRAP:
        return ((j % d) + d) % d;
    case PAD_REFLECT:
        if (d == 1)
            return 0;
        {
            int64_t period = 2 * (d - 1);
            int64_t m = ((j % period) + period) % period;
            return m < d ? m : period - m;
        }
    }
    return -1;
}

/* pads (attribute before 11, input after, restricted to axes from 18) as
 * BEFORE and AFTER per axis. */
static bool pad_amounts(EvalCall *c, int rank, int64_t *before, int64_t *after)
{
    int64_t pads[2 * EVAL_MAX_RANK], n, axes[EVAL_MAX_RANK], na = rank;
    if (c->version < 11) {
        int k;
        const int64_t *p = eval_attr_ints(c, "pads", &k);
        n = k;
        if (k > 2 * EVAL_MAX_RANK)
            return eval_reject(c, "too many pads");
        if (k)
            memcpy(pads, p, sizeof(int64_t) * (size_t)k);
    } else {
        EvalValue *p = eval_tensor_in(c, 1, false);
        if (!p || !eval_read_ints(c, p, "pads", pads, 2 * EVAL_MAX_RANK, &n))
            return false;
    }
    EvalValue *a = c->version >= 18 ? eval_in(c, 3) : NULL;
    if (a && !eval_read_ints(c, a, "axes", axes, EVAL_MAX_RANK, &na))
        return false;
    for (int64_t i = 0; !a && i < rank; i++)
        axes[i] = i;
    if (n != 2 * na)
        return eval_reject(c, "pads has %lld entries, expected %lld", (long long)n, (long long)(2 * na));
    memset(before, 0, sizeof(int64_t) * (size_t)rank);
    memset(after, 0, sizeof(int64_t) * (size_t)rank);
    for (int64_t i = 0; i < 2 * na; i++)
        if (pads[i] > EVAL_MAX_SIZE || pads[i] < -EVAL_MAX_SIZE)
            return eval_reject(c, "pad %lld is too large", (long long)pads[i]);
    for (int64_t i = 0; i < na; i++) {
        int ax;
        if (!eval_axis(c, axes[i], rank, &ax))
            return false;
        before[ax] = pads[i];
        after[ax] = pads[i + na];
    }
    return true;
}

static bool pad_mode(EvalCall *c, PadMode *mode)
{
    static const char *const names[] = {"constant", "reflect", "edge", "wrap"};
    const char *m = eval_attr_str(c, "mode", "constant");
    for (int k = 0; k < 4; k++) {
        if (strcmp(m, names[k]) == 0) {
            *mode = (PadMode)k;
            return true;
        }
    }
    return eval_reject(c, "unknown mode '%s'", m);
}

/* The constant of mode "constant" as one element of X's type. */
static bool pad_value(EvalCall *c, const EvalValue *x, void *out)
{
    memset(out, 0, 16);
    EvalValue *v = c->version >= 11 ? eval_in(c, 2) : NULL;
    if (v && v->numel > 0) {
        if (v->dtype != x->dtype)
            return eval_reject(c, "constant_value must have the input's type");
        memcpy(out, v->data, dtype_size(x->dtype));
    } else if (c->version < 11) {
        double f = eval_attr_float(c, "value", 0.0);
        eval_store_f64(x->dtype, out, &f, 1);
    }
    return true;
}

static EvalStatus eval_pad(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int64_t before[EVAL_MAX_RANK], after[EVAL_MAX_RANK], dims[EVAL_MAX_RANK], strides[EVAL_MAX_RANK];
    PadMode mode = PAD_CONSTANT;
    unsigned char fill[16];
    if (!x || !pad_amounts(c, x->rank, before, after) || !pad_mode(c, &mode) ||
        !pad_value(c, x, fill))
        return EVAL_ERROR;
    for (int i = 0; i < x->rank; i++) {
        dims[i] = x->dims[i] + before[i] + after[i];
        if (dims[i] < 0)
            return eval_fail(c, "negative pads remove more than axis %d has", i);
        if (mode != PAD_CONSTANT && x->dims[i] == 0 && dims[i] > 0)
            return eval_fail(c, "cannot pad an empty axis in this mode");
    }
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, dims);
    if (!y || y->numel == 0)
        return y ? EVAL_OK : EVAL_ERROR;
    eval_strides(x->rank, x->dims, strides);
    size_t es = dtype_size(x->dtype);
    int64_t index[EVAL_MAX_RANK] = {0};
    for (int64_t k = 0; k < y->numel; k++) {
        int64_t off = 0;
        for (int i = 0; i < x->rank && off >= 0; i++) {
            int64_t j = pad_source(mode, index[i], before[i], x->dims[i]);
            off = j < 0 ? -1 : off + j * strides[i];
        }
        memcpy((char *)y->data + (size_t)k * es, off < 0 ? (const void *)fill
                                                         : (const char *)x->data + (size_t)off * es, es);
        for (int i = x->rank - 1; i >= 0 && ++index[i] == dims[i]; i--)
            index[i] = 0;
    }
    return EVAL_OK;
}

/* ---- Trilu ------------------------------------------------------------------------------------ */

static EvalStatus eval_trilu(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    if (x->rank < 2)
        return eval_fail(c, "input must have rank >= 2");
    int64_t k = 0;
    EvalValue *kv = eval_in(c, 1);
    if (kv && !eval_scalar_i64(c, kv, "k", &k))
        return EVAL_ERROR;
    bool upper = eval_attr_int(c, "upper", 1) != 0;
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, x->dims);
    if (!y || y->numel == 0)
        return y ? EVAL_OK : EVAL_ERROR;
    int64_t rows = x->dims[x->rank - 2], cols = x->dims[x->rank - 1];
    size_t es = dtype_size(x->dtype);
    for (int64_t m = 0; m < x->numel; m += rows * cols) {
        for (int64_t i = 0; i < rows; i++) {
            for (int64_t j = 0; j < cols; j++) {
                bool keep = upper ? j - i >= k : j - i <= k;
                size_t off = (size_t)(m + i * cols + j) * es;
                if (keep)
                    memcpy((char *)y->data + off, (const char *)x->data + off, es);
            }
        }
    }
    return EVAL_OK;
}

const EvalOp eval_generate_ops[] = {
    {"Constant", eval_constant, NULL},
    {"ConstantOfShape", eval_constant_of_shape, NULL},
    {"EyeLike", eval_eye_like, NULL},
    {"Pad", eval_pad, NULL},
    {"Range", eval_range, NULL},
    {"Trilu", eval_trilu, NULL},
};

const int eval_generate_count = sizeof eval_generate_ops / sizeof eval_generate_ops[0];
