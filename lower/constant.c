/* Constant tensor storage: elements of every element type written from
 * doubles and integers, and the default-initialization recipes of
 * parameters, run when their data is needed or deferred until the model is
 * written out. */
#include <math.h>
#include <string.h>

#include "lower/lower.h"
#include "support/prng.h"

void lower_store_double(void *data, int64_t i, DType dt, double v)
{
    unsigned char *p = data;
    switch (dt) {
    case DT_FLOAT: { float f = (float)v; memcpy(p + i * 4, &f, 4); break; }
    case DT_DOUBLE: memcpy(p + i * 8, &v, 8); break;
    case DT_FLOAT16: { uint16_t h = dtype_half_from_double((float)v); memcpy(p + i * 2, &h, 2); break; }
    case DT_BFLOAT16: { uint16_t h = dtype_bfloat16_from_double((float)v); memcpy(p + i * 2, &h, 2); break; }
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

void lower_store_int(void *data, int64_t i, DType dt, int64_t v)
{
    if (dtype_is_float(dt)) {
        lower_store_double(data, i, dt, (double)v);
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

/* ---- initialization recipes ---- */

/* Elements FIRST .. FIRST+N-1 of recipe R into DST.  Element i is a
 * function of R's seed and i alone (support/prng.h's counter-based
 * streams), so any piece can be made on its own: in order, in parallel, or
 * whole, the bytes are the same. */
static void run_recipe(void *dst, DType dt, int64_t first, int64_t n, const LowerRecipe *r)
{
    uint64_t key = r->seed;
    switch (r->init) {
    case LOWER_INIT_FILL:
        for (int64_t i = 0; i < n; i++)
            lower_store_double(dst, i, dt, r->a);
        break;
    case LOWER_INIT_UNIFORM:
    case LOWER_INIT_NORMAL:
        if (dt == DT_FLOAT) {
            /* the common case without a store per element through a switch:
             * the same values as lower_store_double's (float)x */
            if (r->init == LOWER_INIT_UNIFORM)
                prng_fill_uniform_at_f32(key, (uint64_t)first, (size_t)n, dst, r->a, r->b);
            else
                prng_fill_normal_at_f32(key, (uint64_t)first, (size_t)n, dst, r->a, r->b);
            break;
        }
        for (int64_t i = 0; i < n; i++) {
            uint64_t at = (uint64_t)(first + i);
            double x = r->init == LOWER_INIT_UNIFORM ? r->a + (r->b - r->a) * prng_uniform_at(key, at)
                                                     : r->a + r->b * prng_normal_at(key, at);
            lower_store_double(dst, i, dt, x);
        }
        break;
    case LOWER_INIT_TRUNC_NORMAL:
        for (int64_t i = 0; i < n; i++) {
            uint64_t at = (uint64_t)(first + i);
            double x = r->a + r->b * prng_normal_at(key, at);
            if (x < r->c || x > r->d) {
                /* redrawn from the element's own generator */
                Prng rng;
                prng_seed_at(&rng, key, at);
                do
                    x = r->a + r->b * prng_normal_fast(&rng);
                while (x < r->c || x > r->d);
            }
            lower_store_double(dst, i, dt, x);
        }
        break;
    default:
        memset(dst, 0, (size_t)n * dtype_size(dt));
        break;
    }
}

static void recipe_fill(const IrTensor *t, void *dst)
{
    run_recipe(dst, t->dtype, 0, ir_tensor_numel(t), t->fill_ctx);
}

static void recipe_fill_part(const IrTensor *t, size_t done, void *dst, size_t n)
{
    size_t es = dtype_size(t->dtype);
    run_recipe(dst, t->dtype, (int64_t)(done / es), (int64_t)(n / es), t->fill_ctx);
}

IrTensor *lower_recipe_tensor(Arena *a, const LowerRecipe *r, DType dt, int rank, const int64_t *dims,
                              bool defer)
{
    int64_t n = 1;
    for (int i = 0; i < rank; i++)
        n *= dims[i];
    if (!defer || (size_t)n * dtype_size(dt) < LOWER_DEFER_BYTES) {
        IrTensor *d = ir_tensor_new(a, dt, rank, dims);
        if (r->init != LOWER_INIT_ZEROS)
            run_recipe(d->data, d->dtype, 0, ir_tensor_numel(d), r);
        return d;
    }
    IrTensor *d = arena_alloc(a, sizeof *d);
    d->dtype = dt;
    d->rank = rank;
    d->dims = arena_alloc(a, sizeof(int64_t) * (size_t)(rank > 0 ? rank : 1));
    memcpy(d->dims, dims, sizeof(int64_t) * (size_t)(rank > 0 ? rank : 0));
    d->nbytes = (size_t)n * dtype_size(dt);
    LowerRecipe *copy = arena_alloc(a, sizeof *copy);
    *copy = *r;
    d->fill = recipe_fill;
    d->fill_part = recipe_fill_part;
    d->fill_ctx = copy;
    return d;
}

bool lower_same_recipe(const IrTensor *a, const IrTensor *b)
{
    if (a->fill != recipe_fill || b->fill != recipe_fill || a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i])
            return false;
    const LowerRecipe *ra = a->fill_ctx, *rb = b->fill_ctx;
    return ra->init == rb->init && ra->seed == rb->seed && ra->a == rb->a && ra->b == rb->b &&
           ra->c == rb->c && ra->d == rb->d;
}
