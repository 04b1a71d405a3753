/* Run-time numbers: the natives behind torch/_scalar.ts and Tensor's
 * __bool__/__int__/__float__/item, and sema_onnx(), the C shorthand for
 * one onnx.* call that the control-flow code uses.
 *
 * A run-time number is a VK_INT, VK_FLOAT or VK_BOOL whose `dyn` is a 0-d
 * graph value of element type int64, float32 or bool; those three element
 * types are the invariant every other part of sema relies on (see
 * value.h), so converting a tensor to a number casts it to one of them. */
#include <string.h>

#include "lower/lower.h"
#include "sema/interp.h"
#include "sema/sema_internal.h"

void dynlist_natives_install(Interp *in, Module *m);

#define NATIVE(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

Value *sema_onnx(Interp *in, const char *op, Value **inputs, int n_inputs, const OnnxAttrArg *attrs,
                 int n_attrs, Span span)
{
    OnnxOp o = {intern(&in->c->names, op), ""};
    CallArgs args = {.pos = inputs, .n_pos = n_inputs};
    const char **names = arena_alloc(in->arena, sizeof(char *) * (size_t)(n_attrs + 1));
    Value **values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(n_attrs + 1));
    for (int i = 0; i < n_attrs; i++) {
        names[i] = intern(&in->c->names, attrs[i].name);
        values[i] = attrs[i].value;
    }
    args.kw_names = names;
    args.kw_values = values;
    args.n_kw = n_attrs;
    return lower_onnx_call(in, &o, &args, span);
}

Value *sema_onnx1(Interp *in, const char *op, Value *x, Span span)
{
    return sema_onnx(in, op, &x, 1, NULL, 0, span);
}

Value *sema_onnx2(Interp *in, const char *op, Value *x, Value *y, Span span)
{
    Value *pos[2] = {x, y};
    return sema_onnx(in, op, pos, 2, NULL, 0, span);
}

Value *sema_cast(Interp *in, Value *x, DType to, Span span)
{
    OnnxAttrArg at = {"to", val_dtype(in, to)};
    return sema_onnx(in, "Cast", &x, 1, &at, 1, span);
}

ValueKind sema_number_kind(DType dt)
{
    return dt == DT_BOOL ? VK_BOOL : dtype_is_float(dt) ? VK_FLOAT : VK_INT;
}

DType sema_number_dtype(ValueKind k)
{
    return k == VK_BOOL ? DT_BOOL : k == VK_FLOAT ? DT_FLOAT : DT_INT64;
}

/* A run-time number of kind K holding IV, a 0-d graph value of K's dtype. */
Value *sema_runtime_number(Interp *in, ValueKind k, IrValue *iv)
{
    Value *v = k == VK_BOOL ? val_bool(in, false) : k == VK_FLOAT ? val_float(in, 0) : val_int(in, 0);
    v->dyn = iv;
    return v;
}

/* The Python number in element 0 of a compile-time tensor. */
static Value *static_number(Interp *in, Tensor *t, Span span)
{
    IrTensor *d = tensor_data(in, t);
    if (!d)
        return val_error(in);
    if (ir_tensor_numel(d) != 1)
        return raise_new(in, in->cls.runtime_error, span,
                         "a Tensor with %lld elements cannot be converted to a Python number",
                         (long long)ir_tensor_numel(d));
    switch (d->dtype) {
    case DT_BOOL: return val_bool(in, ((unsigned char *)d->data)[0] != 0);
    case DT_FLOAT: { float f; memcpy(&f, d->data, 4); return val_float(in, f); }
    case DT_DOUBLE: { double f; memcpy(&f, d->data, 8); return val_float(in, f); }
    case DT_INT64: { int64_t i; memcpy(&i, d->data, 8); return val_int(in, i); }
    case DT_INT32: { int32_t i; memcpy(&i, d->data, 4); return val_int(in, i); }
    case DT_INT16: { int16_t i; memcpy(&i, d->data, 2); return val_int(in, i); }
    case DT_INT8: return val_int(in, ((signed char *)d->data)[0]);
    case DT_UINT8: return val_int(in, ((unsigned char *)d->data)[0]);
    default:
        return sema_error(in, span, "converting a %s tensor to a Python number is not supported",
                          dtype_name(d->dtype));
    }
}

/* scalar(x): the tensor X (one element) as a Python number: static when X
 * is, else a run-time number. */
NATIVE(n_scalar)
{
    (void)self;
    Value *x = arg_get(a, 0, NULL);
    if (!x || x->kind == VK_ERROR)
        return x ? x : val_error(in);
    if (x->kind == VK_INT || x->kind == VK_FLOAT || x->kind == VK_BOOL)
        return x;
    if (x->kind != VK_TENSOR)
        return sema_error(in, span, "expected a tensor, found '%s'", value_type_name(in, x));
    Tensor *t = x->u.tensor;
    if (t->is_static)
        return static_number(in, t, span);
    int64_t numel = 1;
    bool known = t->rank >= 0;
    for (int i = 0; i < t->rank; i++) {
        if (t->dims[i].value < 0)
            known = false;
        else
            numel *= t->dims[i].value;
    }
    if (known && numel != 1)
        return raise_new(in, in->cls.runtime_error, span,
                         "a Tensor with %lld elements cannot be converted to a Python number "
                         "(its truth value or value is ambiguous)", (long long)numel);
    ValueKind k = sema_number_kind(t->dtype);
    DType want = sema_number_dtype(k);
    Value *v = x;
    if (t->dtype != want)
        v = sema_cast(in, v, want, span);
    if (v->kind == VK_TENSOR && v->u.tensor->rank != 0)
        v = sema_onnx2(in, "Reshape", v, val_list(in, 0), span);
    if (!v || v->kind != VK_TENSOR)
        return v ? v : val_error(in);
    return sema_runtime_number(in, k, lower_ir_of(in, v, span));
}

/* number_result(result, other): RESULT (a tensor) stays a tensor when the
 * other operand was one, else becomes a run-time number. */
NATIVE(n_number_result)
{
    (void)self;
    Value *r = arg_get(a, 0, NULL), *other = arg_get(a, 1, NULL);
    if (!r || r->kind == VK_ERROR || !other)
        return r ? r : val_error(in);
    if (other->kind == VK_TENSOR || r->kind != VK_TENSOR)
        return r;
    CallArgs one = {.pos = &r, .n_pos = 1};
    return n_scalar(in, &one, span, NULL);
}

/* as_number_operand(v): bools count as ints in arithmetic. */
NATIVE(n_as_number_operand)
{
    (void)self;
    Value *v = arg_get(a, 0, NULL);
    if (!v)
        return val_error(in);
    if (v->kind == VK_BOOL && v->dyn) {
        Value *c = sema_cast(in, lower_wrap(in, v->dyn), DT_INT64, span);
        return c && c->kind == VK_TENSOR ? sema_runtime_number(in, VK_INT, lower_ir_of(in, c, span)) : c;
    }
    if (v->kind == VK_BOOL)
        return val_int(in, v->u.b);
    return v;
}

/* is_bool_operand(v): a bool, static or run-time, or a bool tensor. */
NATIVE(n_is_bool_operand)
{
    (void)self; (void)span;
    Value *v = arg_get(a, 0, NULL);
    bool b = v && (v->kind == VK_BOOL || (v->kind == VK_TENSOR && v->u.tensor->dtype == DT_BOOL));
    return val_bool(in, b);
}

void control_natives_install(Interp *in, Module *m)
{
    static const struct { const char *name; BuiltinFn fn; } fns[] = {
        {"scalar", n_scalar},
        {"number_result", n_number_result},
        {"as_number_operand", n_as_number_operand},
        {"is_bool_operand", n_is_bool_operand},
    };
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        scope_set(in->arena, m->globals, intern(&in->c->names, fns[i].name),
                  make_builtin(in, fns[i].name, fns[i].fn, NULL));
    dynlist_natives_install(in, m);
}
