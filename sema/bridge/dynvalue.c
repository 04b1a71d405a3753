/* bridge_onnx(), the C shorthand for one onnx.* call that the control-flow
 * code uses, and run-time numbers made from graph values.
 *
 * A run-time number is a VK_INT, VK_FLOAT or VK_BOOL whose `dyn` is a 0-d
 * graph value of element type int64, float32 or bool; those three element
 * types are the invariant every other part of sema relies on (see
 * value.h).  The natives of torch/_scalar.ts live in native_tensor.c. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

Value *bridge_onnx(Interp *in, const char *op, Value **inputs, int n_inputs, const OnnxAttrArg *attrs,
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
    return bridge_onnx_call(in, &o, &args, span);
}

Value *bridge_onnx1(Interp *in, const char *op, Value *x, Span span)
{
    return bridge_onnx(in, op, &x, 1, NULL, 0, span);
}

Value *bridge_onnx2(Interp *in, const char *op, Value *x, Value *y, Span span)
{
    Value *pos[2] = {x, y};
    return bridge_onnx(in, op, pos, 2, NULL, 0, span);
}

Value *bridge_cast(Interp *in, Value *x, DType to, Span span)
{
    OnnxAttrArg at = {"to", val_dtype(in, to)};
    return bridge_onnx(in, "Cast", &x, 1, &at, 1, span);
}

ValueKind bridge_number_kind(DType dt)
{
    return dt == DT_BOOL ? VK_BOOL : dtype_is_float(dt) ? VK_FLOAT : VK_INT;
}

DType bridge_number_dtype(ValueKind k)
{
    return k == VK_BOOL ? DT_BOOL : k == VK_FLOAT ? DT_FLOAT : DT_INT64;
}

/* A run-time number of kind K holding IV, a 0-d graph value of K's dtype. */
Value *bridge_runtime_number(Interp *in, ValueKind k, IrValue *iv)
{
    Value *v = k == VK_BOOL ? val_bool(in, false) : k == VK_FLOAT ? val_float(in, 0) : val_int(in, 0);
    v->dyn = iv;
    return v;
}

