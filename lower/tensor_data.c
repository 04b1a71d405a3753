/* Constant tensor data: building tensors from Python numbers and lists,
 * storing elements of every element type, and running the initialization
 * recipe of a static tensor when its data is first needed. */
#include <math.h>
#include <string.h>

#include "lower/lower.h"
#include "support/prng.h"

/* IEEE half precision from float, rounding to nearest even. */
static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u;
    int32_t exp = (int32_t)((x >> 23) & 0xff) - 127 + 15;
    uint32_t mant = x & 0x7fffffu;
    if (((x >> 23) & 0xff) == 0xff)
        return (uint16_t)(sign | 0x7c00u | (mant ? 0x200u : 0));
    if (exp >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (exp <= 0) {
        if (exp < -10)
            return (uint16_t)sign;
        mant |= 0x800000u;
        uint32_t shift = (uint32_t)(14 - exp);
        uint32_t half = mant >> shift;
        uint32_t rem = mant & ((1u << shift) - 1);
        uint32_t mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1)))
            half++;
        return (uint16_t)(sign | half);
    }
    uint32_t half = sign | ((uint32_t)exp << 10) | (mant >> 13);
    uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1)))
        half++;
    return (uint16_t)half;
}

static uint16_t float_to_bfloat16(float f)
{
    uint32_t x;
    memcpy(&x, &f, 4);
    if ((x & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((x >> 16) | 0x40);
    uint32_t rounding = 0x7fffu + ((x >> 16) & 1);
    return (uint16_t)((x + rounding) >> 16);
}

void tensor_store_double(void *data, int64_t i, DType dt, double v)
{
    unsigned char *p = data;
    switch (dt) {
    case DT_FLOAT: { float f = (float)v; memcpy(p + i * 4, &f, 4); break; }
    case DT_DOUBLE: memcpy(p + i * 8, &v, 8); break;
    case DT_FLOAT16: { uint16_t h = float_to_half((float)v); memcpy(p + i * 2, &h, 2); break; }
    case DT_BFLOAT16: { uint16_t h = float_to_bfloat16((float)v); memcpy(p + i * 2, &h, 2); break; }
    case DT_BOOL: p[i] = v != 0.0; break;
    default: {
        int64_t x = isfinite(v) ? (int64_t)v : 0;
        size_t sz = dtype_size(dt);
        /* little-endian truncation to the element width */
        for (size_t b = 0; b < sz; b++)
            p[i * (int64_t)sz + (int64_t)b] = (unsigned char)((uint64_t)x >> (8 * b));
        break;
    }
    }
}

void tensor_store_int(void *data, int64_t i, DType dt, int64_t v)
{
    if (dtype_is_float(dt)) {
        tensor_store_double(data, i, dt, (double)v);
        return;
    }
    unsigned char *p = data;
    if (dt == DT_BOOL) {
        p[i] = v != 0;
        return;
    }
    size_t sz = dtype_size(dt);
    for (size_t b = 0; b < sz; b++)
        p[i * (int64_t)sz + (int64_t)b] = (unsigned char)((uint64_t)v >> (8 * b));
}

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
        tensor_store_double(data, (*k)++, dt, v->u.f);
    else
        tensor_store_int(data, (*k)++, dt, v->kind == VK_INT ? v->u.i : v->u.b);
}

Tensor *lower_const_tensor(Interp *in, Value *v, DType dt, Span span)
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

Value *lower_const_value(Interp *in, Value *v, DType dt, Span span)
{
    if (v->kind == VK_ERROR)
        return v;
    Tensor *t = lower_const_tensor(in, v, dt, span);
    if (!t)
        return sema_error(in, span, "expected a tensor or a number, found '%s'", value_type_name(in, v));
    return val_tensor(in, t);
}

/* ---- initialization recipes ---- */

typedef struct Recipe {
    TensorInit init;
    double a, b, c, d;
    uint64_t seed;
} Recipe;

static Recipe recipe_of(const Tensor *t)
{
    return (Recipe){t->init, t->init_a, t->init_b, t->init_c, t->init_d, t->init_seed};
}

/* The data of a recipe, written into DST (N elements of type DT). */
static void run_recipe(void *dst, DType dt, int64_t n, const Recipe *r)
{
    Prng rng;
    prng_seed(&rng, r->seed);
    switch (r->init) {
    case TINIT_FILL:
        for (int64_t i = 0; i < n; i++)
            tensor_store_double(dst, i, dt, r->a);
        break;
    case TINIT_UNIFORM:
    case TINIT_NORMAL:
        for (int64_t i = 0; i < n; i++) {
            double x = r->init == TINIT_UNIFORM ? r->a + (r->b - r->a) * prng_uniform(&rng)
                                                : r->a + r->b * prng_normal(&rng);
            tensor_store_double(dst, i, dt, x);
        }
        break;
    case TINIT_TRUNC_NORMAL:
        for (int64_t i = 0; i < n; i++) {
            double x;
            do
                x = r->a + r->b * prng_normal(&rng);
            while (x < r->c || x > r->d);
            tensor_store_double(dst, i, dt, x);
        }
        break;
    default:
        memset(dst, 0, (size_t)n * dtype_size(dt));
        break;
    }
}

IrTensor *tensor_data(Interp *in, Tensor *t)
{
    if (t->storage && t->storage != t)
        return tensor_data(in, t->storage);
    if (t->data)
        return t->data;
    int64_t dims[64];
    for (int i = 0; i < t->rank && i < 64; i++)
        dims[i] = t->dims[i].value;
    IrTensor *d = ir_tensor_new(in->arena, t->dtype, t->rank, dims);
    if (t->init != TINIT_ZEROS) {
        Recipe r = recipe_of(t);
        run_recipe(d->data, d->dtype, ir_tensor_numel(d), &r);
    }
    t->data = d;
    t->init = TINIT_DATA;
    return d;
}

/* ---- deferred data ---- */

static void recipe_fill(const IrTensor *t, void *dst)
{
    run_recipe(dst, t->dtype, ir_tensor_numel(t), t->fill_ctx);
}

IrTensor *tensor_data_deferred(Interp *in, Tensor *t)
{
    if (t->storage && t->storage != t)
        return tensor_data_deferred(in, t->storage);
    if (t->data || t->init == TINIT_DATA || t->dtype == DT_STRING)
        return tensor_data(in, t);
    int64_t dims[64], n = 1;
    for (int i = 0; i < t->rank && i < 64; i++) {
        dims[i] = t->dims[i].value;
        n *= dims[i];
    }
    if ((size_t)n * dtype_size(t->dtype) < LOWER_DEFER_BYTES)
        return tensor_data(in, t);
    IrTensor *d = arena_alloc(in->arena, sizeof *d);
    d->dtype = t->dtype;
    d->rank = t->rank;
    d->dims = arena_alloc(in->arena, sizeof(int64_t) * (size_t)(t->rank > 0 ? t->rank : 1));
    memcpy(d->dims, dims, sizeof(int64_t) * (size_t)(t->rank > 0 ? t->rank : 0));
    d->nbytes = (size_t)n * dtype_size(t->dtype);
    Recipe *r = arena_alloc(in->arena, sizeof *r);
    *r = recipe_of(t);
    d->fill = recipe_fill;
    d->fill_ctx = r;
    return d;
}
