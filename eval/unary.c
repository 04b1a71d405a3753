/* Unary elementwise operators: one UnaryDef per operator (its function on
 * doubles, on integers where ONNX allows them, the float attributes it
 * reads), run in chunks by eval_unary(); then Clip, whose bounds are inputs
 * or attributes.  Functions keep NaN (Relu(NaN) is NaN) and IEEE signed
 * zeros (Neg(0) is -0.0, Relu(-0.0) is -0.0, Sign(-0.0) is 0.0 as in
 * numpy); Round rounds half to even. */
#include <math.h>
#include <string.h>

#include "eval/elementwise.h"

#define UN_CHUNK 256

static double abs_f(double x, const UnaryParams *p) { (void)p; return fabs(x); }
static int64_t abs_i(int64_t x, const UnaryParams *p) { (void)p; return x < 0 ? (int64_t)(0 - (uint64_t)x) : x; }
static int64_t ident_u(int64_t x, const UnaryParams *p) { (void)p; return x; }
static double neg_f(double x, const UnaryParams *p) { (void)p; return -x; }
static int64_t neg_i(int64_t x, const UnaryParams *p) { (void)p; return (int64_t)(0 - (uint64_t)x); }
static double sign_f(double x, const UnaryParams *p) { (void)p; return x > 0 ? 1.0 : x < 0 ? -1.0 : x == 0 ? 0.0 : x; }
/* Relu keeps -0.0 and NaN (x < 0 is false for both) */
static int64_t sign_i(int64_t x, const UnaryParams *p) { (void)p; return (x > 0) - (x < 0); }
static int64_t sign_u(int64_t x, const UnaryParams *p) { (void)p; return x != 0; }
static double ceil_f(double x, const UnaryParams *p) { (void)p; return ceil(x); }
static double floor_f(double x, const UnaryParams *p) { (void)p; return floor(x); }
static double round_f(double x, const UnaryParams *p) { (void)p; return nearbyint(x); }
static double sqrt_f(double x, const UnaryParams *p) { (void)p; return sqrt(x); }
static double exp_f(double x, const UnaryParams *p) { (void)p; return exp(x); }
static double log_f(double x, const UnaryParams *p) { (void)p; return log(x); }
static double recip_f(double x, const UnaryParams *p) { (void)p; return 1.0 / x; }
static double sin_f(double x, const UnaryParams *p) { (void)p; return sin(x); }
static double cos_f(double x, const UnaryParams *p) { (void)p; return cos(x); }
static double tan_f(double x, const UnaryParams *p) { (void)p; return tan(x); }
static double asin_f(double x, const UnaryParams *p) { (void)p; return asin(x); }
static double acos_f(double x, const UnaryParams *p) { (void)p; return acos(x); }
static double atan_f(double x, const UnaryParams *p) { (void)p; return atan(x); }
static double sinh_f(double x, const UnaryParams *p) { (void)p; return sinh(x); }
static double cosh_f(double x, const UnaryParams *p) { (void)p; return cosh(x); }
static double tanh_f(double x, const UnaryParams *p) { (void)p; return tanh(x); }
static double asinh_f(double x, const UnaryParams *p) { (void)p; return asinh(x); }
static double acosh_f(double x, const UnaryParams *p) { (void)p; return acosh(x); }
static double atanh_f(double x, const UnaryParams *p) { (void)p; return atanh(x); }
static double erf_f(double x, const UnaryParams *p) { (void)p; return erf(x); }
static int64_t not_i(int64_t x, const UnaryParams *p) { (void)p; return !x; }
static double isnan_f(double x, const UnaryParams *p) { (void)p; return isnan(x); }

/* 1 / (1 + e^-x) without overflow for large |x| */
static double sigmoid_f(double x, const UnaryParams *p)
{
    (void)p;
    if (x >= 0)
        return 1.0 / (1.0 + exp(-x));
    double e = exp(x);
    return e / (1.0 + e);
}

static double relu_f(double x, const UnaryParams *p) { (void)p; return x < 0 ? 0.0 : x; }
static int64_t relu_i(int64_t x, const UnaryParams *p) { (void)p; return x > 0 ? x : 0; }
static double leaky_f(double x, const UnaryParams *p) { return x < 0 ? p->a * x : x; }
static double elu_f(double x, const UnaryParams *p) { return x < 0 ? p->a * expm1(x) : x; }
static double selu_f(double x, const UnaryParams *p) { return x <= 0 ? p->b * (p->a * exp(x) - p->a) : p->b * x; }
static double thresh_f(double x, const UnaryParams *p) { return x > p->a ? x : (isnan(x) ? x : 0.0); }
static double softsign_f(double x, const UnaryParams *p) { (void)p; return x / (1.0 + fabs(x)); }

static double celu_f(double x, const UnaryParams *p)
{
    double neg = p->a * expm1(x / p->a);
    return (x > 0 ? x : 0.0) + (neg < 0 ? neg : 0.0);
}

static double hardsigmoid_f(double x, const UnaryParams *p)
{
    double y = p->a * x + p->b;
    return isnan(y) ? y : y < 0 ? 0.0 : y > 1 ? 1.0 : y;
}

static double hardswish_f(double x, const UnaryParams *p)
{
    UnaryParams hs = {1.0 / 6.0, 0.5, 0};
    (void)p;
    return x * hardsigmoid_f(x, &hs);
}

/* log(1 + e^x), exact for large |x| */
static double softplus_f(double x, const UnaryParams *p)
{
    (void)p;
    return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
}

static double mish_f(double x, const UnaryParams *p) { return x * tanh(softplus_f(x, p)); }

static double shrink_f(double x, const UnaryParams *p)
{
    /* a = bias, b = lambd */
    return x < -p->b ? x + p->a : x > p->b ? x - p->a : 0.0;
}

static double gelu_f(double x, const UnaryParams *p) { (void)p; return 0.5 * x * (1.0 + erf(x / sqrt(2.0))); }

static double gelu_tanh_f(double x, const UnaryParams *p)
{
    (void)p;
    double k = sqrt(2.0 / 3.14159265358979323846);
    return 0.5 * x * (1.0 + tanh(k * (x + 0.044715 * x * x * x)));
}

static double isinf_f(double x, const UnaryParams *p)
{
    /* a = detect_negative, b = detect_positive */
    return isinf(x) && ((x < 0 && p->a != 0) || (x > 0 && p->b != 0));
}

#define U_F(f) {f, NULL, NULL, false, false, {NULL}, {0}}

static const UnaryDef un_abs = {abs_f, abs_i, ident_u, false, false, {NULL}, {0}};
static const UnaryDef un_neg = {neg_f, neg_i, NULL, false, false, {NULL}, {0}};
static const UnaryDef un_sign = {sign_f, sign_i, sign_u, false, false, {NULL}, {0}};
static const UnaryDef un_relu = {relu_f, relu_i, NULL, false, false, {NULL}, {0}};
static const UnaryDef un_not = {NULL, not_i, NULL, false, false, {NULL}, {0}};
static const UnaryDef un_isnan = {isnan_f, NULL, NULL, true, false, {NULL}, {0}};
static const UnaryDef un_erf = {erf_f, NULL, NULL, false, true, {NULL}, {0}};
static const UnaryDef un_ceil = U_F(ceil_f), un_floor = U_F(floor_f), un_round = U_F(round_f);
static const UnaryDef un_sqrt = U_F(sqrt_f), un_exp = U_F(exp_f), un_log = U_F(log_f);
static const UnaryDef un_recip = U_F(recip_f), un_sin = U_F(sin_f), un_cos = U_F(cos_f);
static const UnaryDef un_tan = U_F(tan_f), un_asin = U_F(asin_f), un_acos = U_F(acos_f);
static const UnaryDef un_atan = U_F(atan_f), un_sinh = U_F(sinh_f), un_cosh = U_F(cosh_f);
static const UnaryDef un_tanh = U_F(tanh_f), un_asinh = U_F(asinh_f), un_acosh = U_F(acosh_f);
static const UnaryDef un_atanh = U_F(atanh_f), un_sigmoid = U_F(sigmoid_f);
static const UnaryDef un_softsign = U_F(softsign_f), un_softplus = U_F(softplus_f);
static const UnaryDef un_mish = U_F(mish_f), un_hardswish = U_F(hardswish_f);
static const UnaryDef un_leaky = {leaky_f, NULL, NULL, false, false, {"alpha"}, {0.01}};
static const UnaryDef un_elu = {elu_f, NULL, NULL, false, false, {"alpha"}, {1.0}};
static const UnaryDef un_celu = {celu_f, NULL, NULL, false, false, {"alpha"}, {1.0}};
static const UnaryDef un_selu = {selu_f, NULL, NULL, false, false, {"alpha", "gamma"},
                                 {1.67326319217681884765625, 1.05070102214813232421875}};
static const UnaryDef un_thresh = {thresh_f, NULL, NULL, false, false, {"alpha"}, {1.0}};
static const UnaryDef un_hardsigmoid = {hardsigmoid_f, NULL, NULL, false, false,
                                        {"alpha", "beta"}, {0.2, 0.5}};
static const UnaryDef un_shrink = {shrink_f, NULL, NULL, false, true, {"bias", "lambd"},
                                   {0.0, 0.5}};
static const UnaryDef un_gelu = U_F(gelu_f), un_gelu_tanh = U_F(gelu_tanh_f);
static const UnaryDef un_isinf = {isinf_f, NULL, NULL, true, false, {NULL}, {0}};

/* Relu of float32, the commonest activation, without the round trip
 * through double (the same values: max(x, 0) is exact, NaN and -0.0
 * pass through as relu_f passes them). */
static void relu_f32(const float *x, float *y, int64_t n)
{
    int64_t i = 0;
#if defined(__GNUC__)
    /* four at a time, without a branch: activations are negative about
     * half the time, and a branch per element mispredicted at that rate
     * (1.8 ns an element).  A lane is kept unless it compares below 0. */
    typedef float F4 __attribute__((vector_size(16)));
    typedef int32_t I4 __attribute__((vector_size(16)));
    const F4 zero = {0, 0, 0, 0};
    for (; i + 4 <= n; i += 4) {
        F4 v;
        memcpy(&v, x + i, sizeof v);
        I4 below = v < zero;
        v = (F4)((I4)v & ~below);
        memcpy(y + i, &v, sizeof v);
    }
#endif
    for (; i < n; i++)
        y[i] = x[i] < 0 ? 0.0f : x[i];
}

static void run_unary_f(const UnaryDef *d, const UnaryParams *p, EvalValue *X, EvalValue *Y)
{
    if (d == &un_relu && X->dtype == DT_FLOAT && Y->dtype == DT_FLOAT) {
        relu_f32(X->data, Y->data, X->numel);
        return;
    }
    double buf[UN_CHUNK];
    size_t ex = dtype_size(X->dtype), ey = dtype_size(Y->dtype);
    for (int64_t j = 0; j < X->numel; j += UN_CHUNK) {
        int64_t m = X->numel - j < UN_CHUNK ? X->numel - j : UN_CHUNK;
        eval_load_f64(X->dtype, (char *)X->data + (size_t)j * ex, 1, buf, m);
        for (int64_t k = 0; k < m; k++)
            buf[k] = d->f(buf[k], p);
        eval_store_f64(Y->dtype, (char *)Y->data + (size_t)j * ey, buf, m);
    }
}

static void run_unary_i(int64_t (*fn)(int64_t, const UnaryParams *), const UnaryParams *p,
                        EvalValue *X, EvalValue *Y)
{
    int64_t buf[UN_CHUNK];
    size_t ex = dtype_size(X->dtype), ey = dtype_size(Y->dtype);
    for (int64_t j = 0; j < X->numel; j += UN_CHUNK) {
        int64_t m = X->numel - j < UN_CHUNK ? X->numel - j : UN_CHUNK;
        eval_load_i64(X->dtype, (char *)X->data + (size_t)j * ex, 1, buf, m);
        for (int64_t k = 0; k < m; k++)
            buf[k] = fn(buf[k], p);
        eval_store_i64(Y->dtype, (char *)Y->data + (size_t)j * ey, buf, m);
    }
}

static EvalStatus unary_with(EvalCall *c, const UnaryDef *d, const UnaryParams *p)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!X)
        return EVAL_ERROR;
    EvalDomain dom = eval_domain(X->dtype);
    bool use_f = dom == DOM_F64 || (d->ints_via_f && d->f);
    int64_t (*fi)(int64_t, const UnaryParams *) = dom == DOM_U64 && d->u ? d->u : d->i;
    if ((use_f && !d->f) || (!use_f && !fi))
        return eval_unsupported(c, "element type %s is not supported", dtype_name(X->dtype));
    /* run_unary_f and run_unary_i write every element */
    EvalValue *Y = eval_output_raw(c, 0, d->to_bool ? DT_BOOL : X->dtype, X->rank, X->dims);
    if (!Y)
        return EVAL_ERROR;
    if (use_f)
        run_unary_f(d, p, X, Y);
    else
        run_unary_i(fi, p, X, Y);
    return EVAL_OK;
}

EvalStatus eval_unary(EvalCall *c)
{
    const UnaryDef *d = c->info;
    UnaryParams p = {0, 0, 0};
    double *slots[3] = {&p.a, &p.b, &p.c};
    for (int k = 0; k < 3 && d->attrs[k]; k++)
        *slots[k] = eval_attr_float(c, d->attrs[k], d->defaults[k]);
    return unary_with(c, d, &p);
}

static EvalStatus eval_gelu(EvalCall *c)
{
    const char *approx = eval_attr_str(c, "approximate", "none");
    UnaryParams p = {0, 0, 0};
    if (strcmp(approx, "none") == 0)
        return unary_with(c, &un_gelu, &p);
    if (strcmp(approx, "tanh") == 0)
        return unary_with(c, &un_gelu_tanh, &p);
    return eval_fail(c, "approximate must be 'none' or 'tanh', found '%s'", approx);
}

static EvalStatus eval_isinf(EvalCall *c)
{
    UnaryParams p = {(double)eval_attr_int(c, "detect_negative", 1),
                     (double)eval_attr_int(c, "detect_positive", 1), 0};
    return unary_with(c, &un_isinf, &p);
}

/* ---- Clip ------------------------------------------------------------------------ */

/* The bound given by input I (from opset 11) or attribute NAME; false when
 * there is none. */
static bool clip_bound(EvalCall *c, int i, const char *name, double *f, int64_t *v, bool *ok)
{
    *ok = true;
    if (c->version < 11) {
        if (!eval_has_attr(c, name))
            return false;
        *f = eval_attr_float(c, name, 0);
        *v = eval_f64_to_i64(*f);
        return true;
    }
    EvalValue *b = eval_in(c, i);
    if (!b)
        return false;
    *ok = eval_scalar_f64(c, b, name, f);
    *v = *ok ? eval_get_i64(b, 0) : 0;
    return true;
}

static void clip_f(EvalValue *X, EvalValue *Y, bool has_lo, double lo, bool has_hi, double hi)
{
    double buf[UN_CHUNK];
    size_t es = dtype_size(X->dtype);
    for (int64_t j = 0; j < X->numel; j += UN_CHUNK) {
        int64_t m = X->numel - j < UN_CHUNK ? X->numel - j : UN_CHUNK;
        eval_load_f64(X->dtype, (char *)X->data + (size_t)j * es, 1, buf, m);
        for (int64_t k = 0; k < m; k++) {
            double x = buf[k];
            if (has_lo && x < lo)
                x = lo;
            if (has_hi && x > hi)
                x = hi;
            buf[k] = x;
        }
        eval_store_f64(Y->dtype, (char *)Y->data + (size_t)j * es, buf, m);
    }
}

static void clip_i(EvalValue *X, EvalValue *Y, bool has_lo, int64_t lo, bool has_hi, int64_t hi)
{
    int64_t buf[UN_CHUNK];
    size_t es = dtype_size(X->dtype);
    bool u = eval_domain(X->dtype) == DOM_U64;
    for (int64_t j = 0; j < X->numel; j += UN_CHUNK) {
        int64_t m = X->numel - j < UN_CHUNK ? X->numel - j : UN_CHUNK;
        eval_load_i64(X->dtype, (char *)X->data + (size_t)j * es, 1, buf, m);
        for (int64_t k = 0; k < m; k++) {
            int64_t x = buf[k];
            if (has_lo && (u ? (uint64_t)x < (uint64_t)lo : x < lo))
                x = lo;
            if (has_hi && (u ? (uint64_t)x > (uint64_t)hi : x > hi))
                x = hi;
            buf[k] = x;
        }
        eval_store_i64(Y->dtype, (char *)Y->data + (size_t)j * es, buf, m);
    }
}

/* Clip: min(max(x, lo), hi), so lo > hi gives hi everywhere, as numpy's
 * clip does; NaN stays NaN. */
static EvalStatus eval_clip(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    if (!X)
        return EVAL_ERROR;
    double flo = 0, fhi = 0;
    int64_t ilo = 0, ihi = 0;
    bool ok_lo, ok_hi;
    bool has_lo = clip_bound(c, 1, "min", &flo, &ilo, &ok_lo);
    bool has_hi = clip_bound(c, 2, "max", &fhi, &ihi, &ok_hi);
    if (!ok_lo || !ok_hi)
        return EVAL_ERROR;
    EvalValue *Y = eval_output(c, 0, X->dtype, X->rank, X->dims);
    if (!Y)
        return EVAL_ERROR;
    if (eval_domain(X->dtype) == DOM_F64)
        clip_f(X, Y, has_lo, flo, has_hi, fhi);
    else
        clip_i(X, Y, has_lo, ilo, has_hi, ihi);
    return EVAL_OK;
}

const EvalOp eval_unary_ops[] = {
    {"Abs", eval_unary, &un_abs}, {"Acos", eval_unary, &un_acos},
    {"Acosh", eval_unary, &un_acosh}, {"Asin", eval_unary, &un_asin},
    {"Asinh", eval_unary, &un_asinh}, {"Atan", eval_unary, &un_atan},
    {"Atanh", eval_unary, &un_atanh}, {"Ceil", eval_unary, &un_ceil},
    {"Celu", eval_unary, &un_celu}, {"Clip", eval_clip, NULL},
    {"Cos", eval_unary, &un_cos}, {"Cosh", eval_unary, &un_cosh},
    {"Elu", eval_unary, &un_elu}, {"Erf", eval_unary, &un_erf},
    {"Exp", eval_unary, &un_exp}, {"Floor", eval_unary, &un_floor},
    {"Gelu", eval_gelu, NULL}, {"HardSigmoid", eval_unary, &un_hardsigmoid},
    {"HardSwish", eval_unary, &un_hardswish}, {"IsInf", eval_isinf, NULL},
    {"IsNaN", eval_unary, &un_isnan}, {"LeakyRelu", eval_unary, &un_leaky},
    {"Log", eval_unary, &un_log}, {"Mish", eval_unary, &un_mish},
    {"Neg", eval_unary, &un_neg}, {"Not", eval_unary, &un_not},
    {"Reciprocal", eval_unary, &un_recip}, {"Relu", eval_unary, &un_relu},
    {"Round", eval_unary, &un_round}, {"Selu", eval_unary, &un_selu},
    {"Shrink", eval_unary, &un_shrink}, {"Sigmoid", eval_unary, &un_sigmoid},
    {"Sign", eval_unary, &un_sign}, {"Sin", eval_unary, &un_sin},
    {"Sinh", eval_unary, &un_sinh}, {"Softplus", eval_unary, &un_softplus},
    {"Softsign", eval_unary, &un_softsign}, {"Sqrt", eval_unary, &un_sqrt},
    {"Tan", eval_unary, &un_tan}, {"Tanh", eval_unary, &un_tanh},
    {"ThresholdedRelu", eval_unary, &un_thresh},
};

const int eval_unary_count = sizeof eval_unary_ops / sizeof eval_unary_ops[0];
