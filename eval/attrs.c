/* What kernels read besides their input tensors: attributes (the node's
 * value, else the default of the operator's schema row), scalar and
 * integer-list inputs (shapes, axes, bounds) and axis normalization. */
#include <string.h>

#include "eval/kernel.h"

const IrAttr *eval_attr(const EvalCall *c, const char *name)
{
    return ir_node_attr((IrNode *)c->node, name);
}

bool eval_has_attr(const EvalCall *c, const char *name)
{
    return eval_attr(c, name) != NULL;
}

/* The schema's default of NAME, parsed once per evaluator. */
static const IrAttr *schema_default(const EvalCall *c, const char *name)
{
    const OpAttrDef *d = c->schema ? opschema_attr(c->schema, name) : NULL;
    if (!d || !d->default_text)
        return NULL;
    Evaluator *ev = c->ev;
    for (int i = 0; i < ev->defaults.len; i += 2)
        if (ev->defaults.items[i] == d)
            return ev->defaults.items[i + 1];
    IrAttr *at = arena_alloc(&ev->arena, sizeof *at);
    if (!opschema_default(d, &ev->arena, at))
        return NULL;
    ptrvec_push(&ev->arena, &ev->defaults, (void *)d);
    ptrvec_push(&ev->arena, &ev->defaults, at);
    return at;
}

static const IrAttr *attr_or_default(const EvalCall *c, const char *name, IrAttrKind kind)
{
    const IrAttr *at = eval_attr(c, name);
    if (at && at->kind == kind)
        return at;
    at = schema_default(c, name);
    return at && at->kind == kind ? at : NULL;
}

int64_t eval_attr_int(const EvalCall *c, const char *name, int64_t fallback)
{
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_INT);
    return at ? at->i : fallback;
}

double eval_attr_float(const EvalCall *c, const char *name, double fallback)
{
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_FLOAT);
    return at ? at->f : fallback;
}

const char *eval_attr_str(const EvalCall *c, const char *name, const char *fallback)
{
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_STRING);
    return at && at->s ? at->s : fallback;
}

const int64_t *eval_attr_ints(const EvalCall *c, const char *name, int *n)
{
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_INTS);
    *n = at ? at->n : 0;
    return at ? at->ints : NULL;
}

const float *eval_attr_floats(const EvalCall *c, const char *name, int *n)
{
    const IrAttr *at = attr_or_default(c, name, IR_ATTR_FLOATS);
    *n = at ? at->n : 0;
    return at ? at->floats : NULL;
}

bool eval_axis(EvalCall *c, int64_t axis, int rank, int *out)
{
    int64_t a = axis < 0 ? axis + rank : axis;
    if (a < 0 || a >= (rank > 0 ? rank : 1)) {
        eval_fail(c, "axis %lld is out of range for rank %d", (long long)axis, rank);
        return false;
    }
    *out = (int)a;
    return true;
}

/* ---- elements ------------------------------------------------------------------ */

double eval_get_f64(const EvalValue *v, int64_t i)
{
    double x;
    eval_load_f64(v->dtype, (const char *)v->data + (size_t)i * dtype_size(v->dtype), 1, &x, 1);
    return x;
}

int64_t eval_get_i64(const EvalValue *v, int64_t i)
{
    int64_t x;
    eval_load_i64(v->dtype, (const char *)v->data + (size_t)i * dtype_size(v->dtype), 1, &x, 1);
    return x;
}

bool eval_read_ints(EvalCall *c, const EvalValue *v, const char *what, int64_t *out,
                    int64_t max, int64_t *n)
{
    if (v->kind != EVAL_TENSOR || !dtype_is_int(v->dtype)) {
        eval_fail(c, "'%s' must be an integer tensor, found %s", what,
                  eval_value_type_str(&c->ev->arena, v));
        return false;
    }
    if (v->numel > max) {
        eval_fail(c, "'%s' has %lld elements, at most %lld are supported", what,
                  (long long)v->numel, (long long)max);
        return false;
    }
    eval_load_i64(v->dtype, v->data, 1, out, v->numel);
    *n = v->numel;
    return true;
}

static bool check_scalar(EvalCall *c, const EvalValue *v, const char *what)
{
    if (v->kind != EVAL_TENSOR || v->numel != 1) {
        eval_fail(c, "'%s' must hold one element, found %s", what,
                  eval_value_type_str(&c->ev->arena, v));
        return false;
    }
    return true;
}

bool eval_scalar_f64(EvalCall *c, const EvalValue *v, const char *what, double *out)
{
    if (!check_scalar(c, v, what))
        return false;
    *out = eval_get_f64(v, 0);
    return true;
}

bool eval_scalar_i64(EvalCall *c, const EvalValue *v, const char *what, int64_t *out)
{
    if (!check_scalar(c, v, what))
        return false;
    *out = eval_get_i64(v, 0);
    return true;
}
