/* Tensor values and the graph: a static tensor (a parameter, a constant)
 * becomes an initializer the first time a node reads it, a dynamic one is
 * the IR value it wraps; constants from Python numbers and lists; the data
 * of a static tensor from its initialization recipe. */
#include <string.h>

#include "eval/eval.h"

#include "sema/bridge/bridge.h"
#include "sema/native/native.h"

/* ---- tensors from Python values ---- */

typedef struct ListShape {
    int rank;
    int64_t dims[16];
    bool any_float, any_int, any_bool;
} ListShape;

static bool list_shape(const Value *v, int depth, ListShape *s)
{
    if (v->kind == VK_LIST || v->kind == VK_TUPLE) {
        if (depth >= 16)
            return false;
        int64_t n = v->u.list->len;
        if (depth == s->rank) {
            s->dims[s->rank++] = n;
        } else if (s->dims[depth] != n) {
            return false;   /* ragged */
        }
        for (int64_t i = 0; i < n; i++)
            if (!list_shape(v->u.list->items[i], depth + 1, s))
                return false;
        return true;
    }
    if (depth != s->rank)
        return false;
    if (v->dyn)
        return false;
    if (v->kind == VK_FLOAT)
        s->any_float = true;
    else if (v->kind == VK_INT)
        s->any_int = true;
    else if (v->kind == VK_BOOL)
        s->any_bool = true;
    else
        return false;
    return true;
}

static void list_fill(const Value *v, void *data, DType dt, int64_t *k)
{
    if (v->kind == VK_LIST || v->kind == VK_TUPLE) {
        for (int i = 0; i < v->u.list->len; i++)
            list_fill(v->u.list->items[i], data, dt, k);
        return;
    }
    if (v->kind == VK_FLOAT)
        lower_store_double(data, (*k)++, dt, v->u.f);
    else
        lower_store_int(data, (*k)++, dt, v->kind == VK_INT ? v->u.i : v->u.b);
}

Tensor *bridge_const_tensor(Interp *in, Value *v, DType dt, Span span)
{
    (void)span;
    ListShape s = {0};
    if (!list_shape(v, 0, &s))
        return NULL;
    /* an empty list has rank 1 even though no element told its kind */
    if (dt == DT_UNDEFINED)
        dt = s.any_float ? DT_FLOAT : s.any_int ? DT_INT64 : s.any_bool ? DT_BOOL : DT_FLOAT;
    IrTensor *data = ir_tensor_new(in->arena, dt, s.rank, s.dims);
    int64_t k = 0;
    list_fill(v, data->data, dt, &k);
    Tensor *t = arena_alloc(in->arena, sizeof *t);
    t->dtype = dt;
    t->rank = s.rank;
    t->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(s.rank ? s.rank : 1));
    for (int i = 0; i < s.rank; i++)
        t->dims[i] = dim_known(s.dims[i]);
    t->is_static = true;
    t->data = data;
    t->init = TINIT_DATA;
    return t;
}

Value *bridge_const_value(Interp *in, Value *v, DType dt, Span span)
{
    if (v->kind == VK_ERROR)
        return v;
    Tensor *t = bridge_const_tensor(in, v, dt, span);
    if (!t)
        return interp_error(in, span, "expected a tensor or a number, found '%s'", val_type_name(in, v));
    return val_tensor(in, t);
}

/* ---- tensor values and IR values ---- */

static IrValue *materialize_static(Interp *in, Tensor *t, Span span)
{
    Tensor *owner = t->storage && t->storage != t ? t->storage : t;
    if (owner->ir)
        return owner->ir;
    Lower *L = in->lower;
    for (int i = 0; i < owner->rank; i++)
        if (owner->dims[i].value < 0) {
            interp_error(in, span, "internal: a compile-time tensor with an unknown dimension");
            return NULL;
        }
    IrTensor *data = bridge_tensor_data_deferred(in, owner);
    owner->ir = lower_constant(L, owner->param_name, data, span);
    if (t != owner)
        t->ir = owner->ir;
    return owner->ir;
}

IrValue *bridge_ir_of(Interp *in, Value *v, Span span)
{
    if (val_is_dynamic_scalar(v))
        return v->dyn;
    if (v->kind != VK_TENSOR) {
        interp_error(in, span, "expected a tensor, found '%s'", val_type_name(in, v));
        return NULL;
    }
    Tensor *t = v->u.tensor;
    if (t->view_base && !native_refresh_view(in, t, span))
        return NULL;
    if (t->is_static)
        return materialize_static(in, t, span);
    return t->ir;
}

Value *bridge_wrap(Interp *in, IrValue *iv)
{
    Tensor *t = arena_alloc(in->arena, sizeof *t);
    t->ir = iv;
    t->dtype = iv->type.dtype;
    t->rank = iv->type.rank;
    t->dims = iv->type.dims;
    return val_tensor(in, t);
}

/* ---- data of static tensors ---- */

static LowerRecipe recipe_of(const Tensor *t)
{
    static const LowerInit kinds[] = {
        [TINIT_ZEROS] = LOWER_INIT_ZEROS, [TINIT_FILL] = LOWER_INIT_FILL,
        [TINIT_UNIFORM] = LOWER_INIT_UNIFORM, [TINIT_NORMAL] = LOWER_INIT_NORMAL,
        [TINIT_TRUNC_NORMAL] = LOWER_INIT_TRUNC_NORMAL,
    };
    return (LowerRecipe){kinds[t->init], t->init_a, t->init_b, t->init_c, t->init_d, t->init_seed};
}

static IrTensor *recipe_data(Interp *in, Tensor *t, bool defer)
{
    int64_t dims[64];
    for (int i = 0; i < t->rank && i < 64; i++)
        dims[i] = t->dims[i].value;
    LowerRecipe r = recipe_of(t);
    IrTensor *d = lower_recipe_tensor(in->arena, &r, t->dtype, t->rank, dims, defer);
    if (!d->fill) {
        t->data = d;        /* generated: later readers share it */
        t->init = TINIT_DATA;
    }
    return d;
}

IrTensor *bridge_tensor_data(Interp *in, Tensor *t)
{
    if (t->storage && t->storage != t)
        return bridge_tensor_data(in, t->storage);
    if (t->data)
        return t->data;
    return recipe_data(in, t, false);
}

IrTensor *bridge_tensor_data_deferred(Interp *in, Tensor *t)
{
    if (t->storage && t->storage != t)
        return bridge_tensor_data_deferred(in, t->storage);
    if (t->data || t->init == TINIT_DATA || t->dtype == DT_STRING)
        return bridge_tensor_data(in, t);
    return recipe_data(in, t, true);
}

IrTensor *bridge_cast_data(Interp *in, IrTensor *data, DType dt)
{
    EvalValue *v = eval_tensor_borrow(data);
    EvalValue *c = v ? eval_cast(v, dt) : NULL;
    IrTensor *out = c ? eval_to_ir_tensor(in->arena, c) : NULL;
    eval_release(c);
    eval_release(v);
    return out;
}
