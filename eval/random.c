/* Random operators: RandomUniform(Like), RandomNormal(Like), Bernoulli,
 * Multinomial and Dropout's training-mode mask.
 *
 * ONNX leaves the generator open.  This evaluator draws from MT19937
 * seeded, for an operator with a seed attribute, with that seed the way
 * numpy's legacy np.random.seed(n) seeds it, and converts the 32-bit
 * outputs to doubles and normal deviates the way numpy's legacy
 * RandomState does; so a seeded operator gives the values ONNX's own
 * reference implementation (numpy) gives, on every platform.  An operator
 * without a seed draws from a stream derived from the evaluator's seed
 * (--seed) and the number of random operators run before it, so a run is
 * reproducible too. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

#define MT_N 624
#define MT_M 397

typedef struct Mt {
    uint32_t key[MT_N];
    int pos;
    bool has_gauss;
    double gauss;
} Mt;

static void mt_seed(Mt *mt, uint32_t seed)
{
    for (int i = 0; i < MT_N; i++) {
        mt->key[i] = seed;
        seed = 1812433253u * (seed ^ (seed >> 30)) + (uint32_t)i + 1u;
    }
    mt->pos = MT_N;
    mt->has_gauss = false;
}

static void mt_refill(Mt *mt)
{
    for (int i = 0; i < MT_N; i++) {
        uint32_t y = (mt->key[i] & 0x80000000u) | (mt->key[(i + 1) % MT_N] & 0x7fffffffu);
        mt->key[i] = mt->key[(i + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    mt->pos = 0;
}

static uint32_t mt_next(Mt *mt)
{
    if (mt->pos == MT_N)
        mt_refill(mt);
    uint32_t y = mt->key[mt->pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Uniform on [0, 1) with 53 random bits. */
static double mt_double(Mt *mt)
{
    uint32_t a = mt_next(mt) >> 5, b = mt_next(mt) >> 6;
    return ((double)a * 67108864.0 + (double)b) / 9007199254740992.0;
}

/* Standard normal (the polar method; the second deviate of each pair is
 * kept for the next call). */
static double mt_gauss(Mt *mt)
{
    if (mt->has_gauss) {
        mt->has_gauss = false;
        return mt->gauss;
    }
    double x1, x2, r2;
    do {
        x1 = 2.0 * mt_double(mt) - 1.0;
        x2 = 2.0 * mt_double(mt) - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    double f = sqrt(-2.0 * log(r2) / r2);
    mt->gauss = f * x1;
    mt->has_gauss = true;
    return f * x2;
}

/* The generator of one operator run: its seed attribute, or the
 * evaluator's next stream. */
static void op_generator(EvalCall *c, Mt *mt)
{
    uint32_t seed;
    const IrAttr *at = eval_attr(c, "seed");
    if (at && at->kind == IR_ATTR_FLOAT)
        seed = (uint32_t)eval_f64_to_i64(at->f);
    else if (at && at->kind == IR_ATTR_INT)
        seed = (uint32_t)at->i;
    else {
        /* splitmix64 of (seed, draw number) */
        uint64_t z = c->ev->seed + 0x9e3779b97f4a7c15u * (++c->ev->draws);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        seed = (uint32_t)(z ^ (z >> 31));
    }
    mt_seed(mt, seed);
}

typedef enum Dist { DIST_UNIFORM, DIST_NORMAL } Dist;

static EvalStatus fill_random(EvalCall *c, Dist dist, DType dt, int rank, const int64_t *dims)
{
    if (!dtype_is_float(dt))
        return eval_unsupported(c, "random %s tensors are not supported", dtype_name(dt));
    EvalValue *y = eval_output(c, 0, dt, rank, dims);
    if (!y)
        return EVAL_ERROR;
    Mt mt;
    op_generator(c, &mt);
    double lo = eval_attr_float(c, dist == DIST_UNIFORM ? "low" : "mean", 0.0);
    double hi = eval_attr_float(c, dist == DIST_UNIFORM ? "high" : "scale", 1.0);
    size_t es = dtype_size(dt);
    for (int64_t i = 0; i < y->numel; i++) {
        double v = dist == DIST_UNIFORM ? lo + (hi - lo) * mt_double(&mt) : lo + hi * mt_gauss(&mt);
        eval_store_f64(dt, (char *)y->data + (size_t)i * es, &v, 1);
    }
    return EVAL_OK;
}

static EvalStatus random_shaped(EvalCall *c, Dist dist)
{
    int n;
    const int64_t *shape = eval_attr_ints(c, "shape", &n);
    if (!shape || n > EVAL_MAX_RANK)
        return eval_fail(c, "needs a shape attribute of at most %d dimensions", EVAL_MAX_RANK);
    return fill_random(c, dist, (DType)eval_attr_int(c, "dtype", DT_FLOAT), n, shape);
}

static EvalStatus random_like(EvalCall *c, Dist dist)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    DType dt = eval_has_attr(c, "dtype") ? (DType)eval_attr_int(c, "dtype", DT_FLOAT) : x->dtype;
    return fill_random(c, dist, dt, x->rank, x->dims);
}

static EvalStatus eval_random_uniform(EvalCall *c) { return random_shaped(c, DIST_UNIFORM); }
static EvalStatus eval_random_normal(EvalCall *c) { return random_shaped(c, DIST_NORMAL); }
static EvalStatus eval_random_uniform_like(EvalCall *c) { return random_like(c, DIST_UNIFORM); }
static EvalStatus eval_random_normal_like(EvalCall *c) { return random_like(c, DIST_NORMAL); }

/* Bernoulli: 1 where a uniform draw is below the input probability. */
static EvalStatus eval_bernoulli(EvalCall *c)
{
    EvalValue *p = eval_tensor_in(c, 0, false);
    if (!p)
        return EVAL_ERROR;
    DType dt = eval_has_attr(c, "dtype") ? (DType)eval_attr_int(c, "dtype", DT_FLOAT) : p->dtype;
    if (dt <= 0 || dt >= DT_COUNT || dtype_size(dt) == 0 || dt == DT_STRING)
        return eval_unsupported(c, "dtype %d is not supported", (int)dt);
    EvalValue *y = eval_output(c, 0, dt, p->rank, p->dims);
    if (!y)
        return EVAL_ERROR;
    Mt mt;
    op_generator(c, &mt);
    size_t es = dtype_size(dt);
    for (int64_t i = 0; i < y->numel; i++) {
        double v = mt_double(&mt) < eval_get_f64(p, i) ? 1.0 : 0.0;
        eval_store_f64(dt, (char *)y->data + (size_t)i * es, &v, 1);
    }
    return EVAL_OK;
}

/* Multinomial: per batch row of unnormalized log-probabilities, SAMPLE_SIZE
 * class indices drawn with replacement: the first class whose cumulative
 * exp(x - max) exceeds a uniform draw times the total.  A row holding a
 * NaN or +inf, or only -inf, is no distribution: it is refused. */
static bool multinomial_row(EvalCall *c, const EvalValue *x, int64_t row, double *cdf)
{
    int64_t k = x->dims[1];
    double top = -INFINITY;
    for (int64_t j = 0; j < k; j++) {
        double v = eval_get_f64(x, row * k + j);
        if (isnan(v) || v == INFINITY)
            return eval_reject(c, "row %lld holds %g, not a log-probability", (long long)row, v);
        top = v > top ? v : top;
    }
    if (top == -INFINITY)
        return eval_reject(c, "row %lld has no class of nonzero probability", (long long)row);
    double sum = 0;
    for (int64_t j = 0; j < k; j++) {
        sum += exp(eval_get_f64(x, row * k + j) - top);
        cdf[j] = sum;
    }
    return true;
}

static EvalStatus eval_multinomial(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    DType dt = (DType)eval_attr_int(c, "dtype", DT_INT32);
    int64_t n = eval_attr_int(c, "sample_size", 1);
    if (dt != DT_INT32 && dt != DT_INT64)
        return eval_fail(c, "dtype must be int32 or int64, found %d", (int)dt);
    if (x->rank != 2 || x->dims[1] < 1 || !dtype_is_float(x->dtype))
        return eval_fail(c, "input must be float [batch, classes], found %s",
                         eval_value_type_str(&c->ev->arena, x));
    if (n < 0 || n > EVAL_MAX_SIZE)
        return eval_fail(c, "sample_size %lld is out of range", (long long)n);
    EvalValue *y = eval_output(c, 0, dt, 2, (int64_t[]){x->dims[0], n});
    double *cdf = y ? malloc(sizeof(double) * (size_t)(x->dims[1] + 1)) : NULL;
    if (!cdf)
        return y ? eval_fail(c, "out of memory") : EVAL_ERROR;
    Mt mt;
    op_generator(c, &mt);
    EvalStatus st = EVAL_OK;
    for (int64_t b = 0; st == EVAL_OK && b < x->dims[0]; b++) {
        if (!multinomial_row(c, x, b, cdf)) {
            st = EVAL_ERROR;
            break;
        }
        int64_t k = x->dims[1];
        for (int64_t i = 0; i < n; i++) {
            double u = mt_double(&mt) * cdf[k - 1];
            int64_t j = 0;
            while (j < k - 1 && cdf[j] <= u)
                j++;
            eval_store_i64(dt, (char *)y->data + (size_t)(b * n + i) * dtype_size(dt), &j, 1);
        }
    }
    free(cdf);
    return st;
}

/* Dropout: the identity unless training (an input from opset 12) with a
 * nonzero ratio; then elements whose draw is below the ratio become 0 and
 * the others are scaled by 1 / (1 - ratio). */
static EvalStatus eval_dropout(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    double ratio = eval_attr_float(c, "ratio", 0.5);
    int64_t training = 0;
    EvalValue *r = c->version >= 12 ? eval_in(c, 1) : NULL, *t = c->version >= 12 ? eval_in(c, 2) : NULL;
    if (!x || (r && !eval_scalar_f64(c, r, "ratio", &ratio)) ||
        (t && !eval_scalar_i64(c, t, "training_mode", &training)))
        return EVAL_ERROR;
    if (c->version < 7 && eval_attr_int(c, "is_test", 0) == 0)
        return eval_unsupported(c, "training-mode Dropout before opset 7 is not supported");
    bool drop = training && ratio != 0;
    if (drop && !(ratio > 0 && ratio < 1))
        return eval_fail(c, "ratio must be in [0, 1), found %g", ratio);
    DType mask_type = c->version < 10 ? x->dtype : DT_BOOL;
    EvalValue *mask = eval_wants(c, 1) ? eval_output(c, 1, mask_type, x->rank, x->dims) : NULL;
    if (eval_wants(c, 1) && !mask)
        return EVAL_ERROR;
    if (!drop) {
        eval_set_output(c, 0, eval_retain(x));
        for (int64_t i = 0; mask && i < x->numel; i++)
            eval_store_f64(mask_type, (char *)mask->data + (size_t)i * dtype_size(mask_type),
                           &(double){1.0}, 1);
        return EVAL_OK;
    }
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, x->dims);
    if (!y)
        return EVAL_ERROR;
    Mt mt;
    op_generator(c, &mt);
    size_t es = dtype_size(x->dtype), ms = dtype_size(mask_type);
    for (int64_t i = 0; i < x->numel; i++) {
        bool keep = mt_double(&mt) >= ratio;
        double one = keep, v = keep ? eval_get_f64(x, i) / (1.0 - ratio) : 0.0;
        if (mask)
            eval_store_f64(mask_type, (char *)mask->data + (size_t)i * ms, &one, 1);
        eval_store_f64(x->dtype, (char *)y->data + (size_t)i * es, &v, 1);
    }
    return EVAL_OK;
}

const EvalOp eval_random_ops[] = {
    {"Bernoulli", eval_bernoulli, NULL},
    {"Dropout", eval_dropout, NULL},
    {"Multinomial", eval_multinomial, NULL},
    {"RandomNormal", eval_random_normal, NULL},
    {"RandomNormalLike", eval_random_normal_like, NULL},
    {"RandomUniform", eval_random_uniform, NULL},
    {"RandomUniformLike", eval_random_uniform_like, NULL},
};

const int eval_random_count = sizeof eval_random_ops / sizeof eval_random_ops[0];
