/* Reductions: the Reduce* family (any set of axes, keepdims, empty axes
 * as a no-op or as "all", empty sets giving the operation's identity:
 * 0 for sums, 1 for products, -inf/+inf or the type's limits for Max/Min),
 * ArgMax/ArgMin, CumSum, and Softmax/LogSoftmax/Hardmax, whose axis
 * flattens the trailing dimensions before opset 13.
 *
 * Floating-point reductions accumulate in double; integer Sum, Prod, Max,
 * Min, SumSquare and L1 accumulate in int64 and wrap like the type. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

typedef enum ReduceKind {
    RK_SUM, RK_MEAN, RK_PROD, RK_MAX, RK_MIN, RK_SUMSQ, RK_L1, RK_L2, RK_LOGSUM, RK_LOGSUMEXP,
} ReduceKind;

typedef struct ReduceDef {
    ReduceKind kind;
    int axes_input_since;       /* opset version from which axes is an input */
} ReduceDef;

/* The reduced shape: OUT_DIMS with reduced axes kept as 1, and whether each
 * axis is reduced. */
typedef struct ReducePlan {
    int rank;
    bool reduced[EVAL_MAX_RANK];
    int64_t kept_dims[EVAL_MAX_RANK];   /* rank entries, 1 on reduced axes */
    int64_t count;                      /* elements per output element */
    bool noop;
} ReducePlan;

static bool reduce_axes(EvalCall *c, const ReduceDef *d, const EvalValue *x, ReducePlan *p)
{
    int64_t axes[EVAL_MAX_RANK], n = 0;
    bool given = false;
    if (c->version < d->axes_input_since) {
        int na;
        const int64_t *a = eval_attr_ints(c, "axes", &na);
        if (na > EVAL_MAX_RANK)
            return eval_reject(c, "too many axes");
        for (int i = 0; i < na; i++)
            axes[i] = a[i];
        n = na;
        given = na > 0;
    } else if (eval_in(c, 1)) {
        if (!eval_read_ints(c, c->in[1], "axes", axes, EVAL_MAX_RANK, &n))
            return false;
        given = n > 0;
    }
    memset(p, 0, sizeof *p);
    p->rank = x->rank;
    p->noop = !given && c->version >= d->axes_input_since &&
              eval_attr_int(c, "noop_with_empty_axes", 0) != 0;
    for (int64_t k = 0; k < n; k++) {
        int a;
        if (!eval_axis(c, axes[k], x->rank, &a))
            return false;
        p->reduced[a] = true;
    }
    p->count = 1;
    for (int i = 0; i < x->rank; i++) {
        if (!given && !p->noop)
            p->reduced[i] = true;
        p->kept_dims[i] = p->reduced[i] ? 1 : x->dims[i];
        if (p->reduced[i])
            p->count *= x->dims[i];
    }
    return true;
}

static double init_f(ReduceKind k)
{
    return k == RK_PROD ? 1.0 : k == RK_MAX ? -INFINITY : k == RK_MIN ? INFINITY : 0.0;
}

static int64_t init_i(ReduceKind k, DType t)
{
    static const struct { DType t; int64_t lo, hi; } lim[] = {
        {DT_INT8, INT8_MIN, INT8_MAX}, {DT_UINT8, 0, UINT8_MAX}, {DT_INT16, INT16_MIN, INT16_MAX},
        {DT_UINT16, 0, UINT16_MAX}, {DT_INT32, INT32_MIN, INT32_MAX}, {DT_UINT32, 0, UINT32_MAX},
        {DT_INT64, INT64_MIN, INT64_MAX}, {DT_UINT64, 0, -1}, {DT_BOOL, 0, 1},
    };
    if (k == RK_PROD)
        return 1;
    if (k != RK_MAX && k != RK_MIN)
        return 0;
    for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++)
        if (lim[i].t == t)
            return k == RK_MAX ? lim[i].lo : lim[i].hi;
    return 0;
}

static double step_f(ReduceKind k, double acc, double x)
{
    switch (k) {
    case RK_PROD: return acc * x;
    case RK_MAX: return isnan(acc) || isnan(x) ? NAN : (x > acc ? x : acc);
    case RK_MIN: return isnan(acc) || isnan(x) ? NAN : (x < acc ? x : acc);
    case RK_SUMSQ: case RK_L2: return acc + x * x;
    case RK_L1: return acc + fabs(x);
    case RK_LOGSUMEXP: return acc + exp(x);
    default: return acc + x;
    }
}

static int64_t step_i(ReduceKind k, bool u, int64_t acc, int64_t x)
{
    uint64_t a = (uint64_t)acc, b = (uint64_t)x;
    switch (k) {
    case RK_PROD: return (int64_t)(a * b);
    case RK_MAX: return (u ? b > a : x > acc) ? x : acc;
    case RK_MIN: return (u ? b < a : x < acc) ? x : acc;
    case RK_SUMSQ: return (int64_t)(a + b * b);
    case RK_L1: return (int64_t)(a + (x < 0 && !u ? 0 - b : b));
    default: return (int64_t)(a + b);
    }
}

static double finish_f(ReduceKind k, double acc, int64_t count)
{
    switch (k) {
    case RK_MEAN: return acc / (double)count;
    case RK_L2: return sqrt(acc);
    case RK_LOGSUM: case RK_LOGSUMEXP: return log(acc);
    default: return acc;
    }
}

/* The strides of the output (with reduced axes kept) seen from the input's
 * index: 0 on reduced axes. */static void out_strides(const ReducePlan *p, int64_t *s)
{
    int64_t st = 1;
    for (int i = p->rank - 1; i >= 0; i--) {
        s[i] = p->reduced[i] ? 0 : st;
        st *= p->kept_dims[i];
    }
}

/* acc[o] = step(acc[o], x - SHIFT[o]) over all elements (SHIFT may be NULL). */
static void accumulate_f(const EvalValue *x, const ReducePlan *p, ReduceKind k, double *acc,
                         const double *shift)
{
    int64_t so[EVAL_MAX_RANK], index[EVAL_MAX_RANK] = {0}, off = 0;
    out_strides(p, so);
    int last = x->rank - 1;
    int64_t inner = x->rank ? x->dims[last] : 1, inner_s = x->rank ? so[last] : 0;
    double buf[256];
    size_t es = dtype_size(x->dtype);
    for (int64_t pos = 0; pos < x->numel; pos += inner) {
        for (int64_t j = 0; j < inner; j += 256) {
            int64_t m = inner - j < 256 ? inner - j : 256;
            eval_load_f64(x->dtype, (const char *)x->data + (size_t)(pos + j) * es, 1, buf, m);
            for (int64_t t = 0; t < m; t++) {
                int64_t o = off + (j + t) * inner_s;
                acc[o] = step_f(k, acc[o], shift ? buf[t] - shift[o] : buf[t]);
            }
        }
        int i = last - 1;
        for (; i >= 0; i--) {
            off += so[i];
            if (++index[i] < x->dims[i])
                break;
            off -= so[i] * x->dims[i];
            index[i] = 0;
        }
    }
}

static void accumulate_i(const EvalValue *x, const ReducePlan *p, ReduceKind k, int64_t *acc)
{
    int64_t so[EVAL_MAX_RANK], strides[EVAL_MAX_RANK];
    out_strides(p, so);
    eval_strides(x->rank, x->dims, strides);
    bool u = eval_domain(x->dtype) == DOM_U64;
    for (int64_t pos = 0; pos < x->numel; pos++) {
        int64_t o = 0;
        for (int i = 0; i < x->rank; i++)
            o += ((pos / strides[i]) % x->dims[i]) * so[i];
        acc[o] = step_i(k, u, acc[o], eval_get_i64(x, pos));
    }
}

static bool integer_kind(ReduceKind k)
{
    return k == RK_SUM || k == RK_PROD || k == RK_MAX || k == RK_MIN || k == RK_SUMSQ || k == RK_L1;
}

static void reduce_float(const EvalValue *x, const ReducePlan *p, ReduceKind k, EvalValue *y)
{
    int64_t n = y->numel;
    double *acc = malloc(sizeof(double) * (size_t)(n ? n : 1));
    double *shift = NULL;
    if (k == RK_LOGSUMEXP) {
        /* log(sum(exp(x - m))) + m with m the maximum, so exp cannot overflow */
        shift = malloc(sizeof(double) * (size_t)(n ? n : 1));
        for (int64_t i = 0; i < n; i++)
            shift[i] = -INFINITY;
        accumulate_f(x, p, RK_MAX, shift, NULL);
        for (int64_t i = 0; i < n; i++)
            shift[i] = isinf(shift[i]) ? 0 : shift[i];
    }
    for (int64_t i = 0; i < n; i++)
        acc[i] = init_f(k);
    accumulate_f(x, p, k, acc, shift);
    for (int64_t i = 0; i < n; i++)
        acc[i] = finish_f(k, acc[i], p->count) + (shift ? shift[i] : 0);
    eval_store_f64(y->dtype, y->data, acc, n);
    free(shift);
    free(acc);
}

static EvalStatus eval_reduce(EvalCall *c)
{
    const ReduceDef *d = c->info;
    EvalValue *x = eval_tensor_in(c, 0, false);
    ReducePlan p;
    if (!x || !reduce_axes(c, d, x, &p))
        return EVAL_ERROR;
    if (p.noop) {
        eval_set_output(c, 0, eval_retain(x));
        return EVAL_OK;
    }
    bool keep = eval_attr_int(c, "keepdims", 1) != 0;
    int64_t dims[EVAL_MAX_RANK];
    int rank = 0;
    for (int i = 0; i < x->rank; i++)
        if (keep || !p.reduced[i])
            dims[rank++] = p.kept_dims[i];
    EvalValue *y = eval_output(c, 0, x->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    if (eval_domain(x->dtype) != DOM_F64 && integer_kind(d->kind)) {
        int64_t *acc = malloc(sizeof(int64_t) * (size_t)(y->numel ? y->numel : 1));
        for (int64_t i = 0; i < y->numel; i++)
            acc[i] = init_i(d->kind, x->dtype);
        accumulate_i(x, &p, d->kind, acc);
        eval_store_i64(y->dtype, y->data, acc, y->numel);
        free(acc);
    } else {
        reduce_float(x, &p, d->kind, y);
    }
    return EVAL_OK;
}

/* ---- ArgMax, ArgMin ---------------------------------------------------------------------- */

static EvalStatus arg_extreme(EvalCall *c, bool max)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int axis;
    if (!x || !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    if (x->dims[axis] == 0)
        return eval_fail(c, "cannot take the %s over an empty axis", max ? "argmax" : "argmin");
    bool keep = eval_attr_int(c, "keepdims", 1) != 0;
    bool last = eval_attr_int(c, "select_last_index", 0) != 0;
    int64_t dims[EVAL_MAX_RANK];
    int rank = 0;
    for (int i = 0; i < x->rank; i++)
        if (i != axis || keep)
            dims[rank++] = i == axis ? 1 : x->dims[i];
    EvalValue *y = eval_output(c, 0, DT_INT64, rank, dims);
    if (!y)
        return EVAL_ERROR;
    int64_t n = x->dims[axis], inner = 1, outer = 1;
    for (int i = axis + 1; i < x->rank; i++)
        inner *= x->dims[i];
    for (int i = 0; i < axis; i++)
        outer *= x->dims[i];
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t i = 0; i < inner; i++) {
            int64_t best = 0;
            double bv = eval_get_f64(x, o * n * inner + i);
            for (int64_t j = 1; j < n && !isnan(bv); j++) {
                double v = eval_get_f64(x, (o * n + j) * inner + i);
                bool better = isnan(v) || (max ? v > bv : v < bv) || (last && v == bv);
                if (better) {
                    best = j;
                    bv = v;
                }
            }
            ((int64_t *)y->data)[o * inner + i] = best;
        }
    }
    return EVAL_OK;
}

static EvalStatus eval_argmax(EvalCall *c) { return arg_extreme(c, true); }
static EvalStatus eval_argmin(EvalCall *c) { return arg_extreme(c, false); }

/* ---- CumSum ---------------------------------------------------------------------------------- */

static EvalStatus eval_cumsum(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *av = eval_tensor_in(c, 1, false);
    int64_t a;
    int axis;
    if (!x || !av || !eval_scalar_i64(c, av, "axis", &a) || !eval_axis(c, a, x->rank, &axis))
        return EVAL_ERROR;
    bool excl = eval_attr_int(c, "exclusive", 0) != 0, rev = eval_attr_int(c, "reverse", 0) != 0;
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, x->dims);
    if (!y)
        return EVAL_ERROR;
    int64_t n = x->dims[axis], inner = 1;
    for (int i = axis + 1; i < x->rank; i++)
        inner *= x->dims[i];
    bool fl = eval_domain(x->dtype) == DOM_F64;
    size_t es = dtype_size(x->dtype);
    for (int64_t base = 0; base < x->numel; base += n * inner) {
        for (int64_t i = 0; i < inner; i++) {
            double fs = 0;
            int64_t is = 0;
            for (int64_t t = 0; t < n; t++) {
                int64_t j = rev ? n - 1 - t : t, off = base + j * inner + i;
                char *dst = (char *)y->data + (size_t)off * es;
                if (excl)
                    fl ? eval_store_f64(y->dtype, dst, &fs, 1) : eval_store_i64(y->dtype, dst, &is, 1);
                if (fl)
                    fs += eval_get_f64(x, off);
                else
                    is = (int64_t)((uint64_t)is + (uint64_t)eval_get_i64(x, off));
                if (!excl)
                    fl ? eval_store_f64(y->dtype, dst, &fs, 1) : eval_store_i64(y->dtype, dst, &is, 1);
            }
        }
    }
    return EVAL_OK;
}

/* ---- Softmax, LogSoftmax, Hardmax ------------------------------------------------------------ */

typedef enum SoftKind { SK_SOFTMAX, SK_LOGSOFTMAX, SK_HARDMAX } SoftKind;

/* Normalizes the N values V (in place) as KIND says. */
static void soft_row(SoftKind kind, double *v, int64_t n)
{
    /* the maximum ignores NaN; a NaN in the row still makes it all NaN
     * through exp() below, as in numpy */
    double m = -INFINITY;
    int64_t arg = 0;
    for (int64_t j = 0; j < n; j++) {
        if (v[j] > m) {
            m = v[j];
            arg = j;
        }
    }
    if (kind == SK_HARDMAX) {
        for (int64_t j = 0; j < n; j++)
            v[j] = j == arg;
        return;
    }
    double sum = 0;
    for (int64_t j = 0; j < n; j++)
        sum += exp(v[j] - m);
    for (int64_t j = 0; j < n; j++)
        v[j] = kind == SK_SOFTMAX ? exp(v[j] - m) / sum : v[j] - m - log(sum);
}

static EvalStatus soft(EvalCall *c, SoftKind kind)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    int axis;
    int64_t def = c->version < 13 ? 1 : -1;
    if (!x || !eval_axis(c, eval_attr_int(c, "axis", def), x->rank, &axis))
        return EVAL_ERROR;
    EvalValue *y = eval_output(c, 0, x->dtype, x->rank, x->dims);
    if (!y || y->numel == 0)
        return y ? EVAL_OK : EVAL_ERROR;
    /* before opset 13 the axis splits the tensor into a 2-D [outer, rest] */
    int64_t n = 1, inner = 1;
    for (int i = axis; i < x->rank; i++) {
        if (c->version < 13 || i == axis)
            n *= x->dims[i];
        else
            inner *= x->dims[i];
    }
    double *row = malloc(sizeof(double) * (size_t)n);
    size_t es = dtype_size(x->dtype);
    for (int64_t base = 0; base < x->numel; base += n * inner) {
        for (int64_t i = 0; i < inner; i++) {
            eval_load_f64(x->dtype, (const char *)x->data + (size_t)(base + i) * es, inner, row, n);
            soft_row(kind, row, n);
            for (int64_t j = 0; j < n; j++)
                eval_store_f64(y->dtype, (char *)y->data + (size_t)(base + j * inner + i) * es,
                               &row[j], 1);
        }
    }
    free(row);
    return EVAL_OK;
}

static EvalStatus eval_softmax(EvalCall *c) { return soft(c, SK_SOFTMAX); }
static EvalStatus eval_logsoftmax(EvalCall *c) { return soft(c, SK_LOGSOFTMAX); }
static EvalStatus eval_hardmax(EvalCall *c) { return soft(c, SK_HARDMAX); }

static const ReduceDef red_sum = {RK_SUM, 13}, red_mean = {RK_MEAN, 18}, red_prod = {RK_PROD, 18};
static const ReduceDef red_max = {RK_MAX, 18}, red_min = {RK_MIN, 18};
static const ReduceDef red_sumsq = {RK_SUMSQ, 18}, red_l1 = {RK_L1, 18}, red_l2 = {RK_L2, 18};
static const ReduceDef red_logsum = {RK_LOGSUM, 18}, red_lse = {RK_LOGSUMEXP, 18};

const EvalOp eval_reduce_ops[] = {
    {"ArgMax", eval_argmax, NULL},
    {"ArgMin", eval_argmin, NULL},
    {"CumSum", eval_cumsum, NULL},
    {"Hardmax", eval_hardmax, NULL},
    {"LogSoftmax", eval_logsoftmax, NULL},
    {"ReduceL1", eval_reduce, &red_l1},
    {"ReduceL2", eval_reduce, &red_l2},
    {"ReduceLogSum", eval_reduce, &red_logsum},
    {"ReduceLogSumExp", eval_reduce, &red_lse},
    {"ReduceMax", eval_reduce, &red_max},
    {"ReduceMean", eval_reduce, &red_mean},
    {"ReduceMin", eval_reduce, &red_min},
    {"ReduceProd", eval_reduce, &red_prod},
    {"ReduceSum", eval_reduce, &red_sum},
    {"ReduceSumSquare", eval_reduce, &red_sumsq},
    {"Softmax", eval_softmax, NULL},
};

const int eval_reduce_count = sizeof eval_reduce_ops / sizeof eval_reduce_ops[0];
