/* Python's math module, on static numbers. */
#include <math.h>
#include <string.h>

#include "sema/interp/interp.h"

#define TSC_PI 3.14159265358979323846
#define TSC_E 2.71828182845904523536

typedef double (*UnaryFn)(double);

static bool num(const Value *v, double *out)
{
    if (v->dyn)
        return false;
    switch (v->kind) {
    case VK_FLOAT: *out = v->u.f; return true;
    case VK_INT: *out = (double)v->u.i; return true;
    case VK_BOOL: *out = v->u.b; return true;
    default: return false;
    }
}

/* math.f(x) of a number known only at run time: x._math("f") (the methods
 * of run-time numbers, torch/_scalar.ts). */
static Value *math_run_time(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    Value *name = val_cstr(in, self->name);
    return interp_call_method(in, a->pos[0], intern(&in->c->names, "_math"), &name, 1, span);
}

static Value *math_unary(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    double x;
    if (!interp_args_check(in, a, self->name, 1, 1, NULL, span))
        return val_error(in);
    if (val_is_dynamic_scalar(a->pos[0]))
        return math_run_time(in, a, span, self);
    if (!num(a->pos[0], &x))
        return interp_error(in, span, "math.%s() needs a number known at compile time", self->name);
    UnaryFn fn = (UnaryFn)(uintptr_t)self->data;
    double r = fn(x);
    if (isnan(r) && !isnan(x))
        return interp_raise(in, in->cls.value_error, span, "math domain error");
    return val_float(in, r);
}

static Value *math_to_int(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    double x;
    if (!interp_args_check(in, a, self->name, 1, 1, NULL, span))
        return val_error(in);
    if (a->pos[0]->kind == VK_INT && !a->pos[0]->dyn)
        return a->pos[0];
    if (val_is_dynamic_scalar(a->pos[0]))
        return math_run_time(in, a, span, self);
    if (!num(a->pos[0], &x))
        return interp_error(in, span, "math.%s() needs a number known at compile time", self->name);
    UnaryFn fn = (UnaryFn)(uintptr_t)self->data;
    double r = fn(x);
    if (!isfinite(r) || fabs(r) >= 9.2e18)
        return interp_raise(in, in->cls.value_error, span, "cannot convert %g to integer", r);
    return val_int(in, (int64_t)r);
}

static Value *math_binary(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    double x, y;
    if (!interp_args_check(in, a, self->name, 2, 2, NULL, span))
        return val_error(in);
    if (!num(a->pos[0], &x) || !num(a->pos[1], &y))
        return interp_error(in, span, "math.%s() needs numbers known at compile time", self->name);
    double (*fn)(double, double) = (double (*)(double, double))(uintptr_t)self->data;
    return val_float(in, fn(x, y));
}

static Value *math_log(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    double x, base = 0;
    if (!interp_args_check(in, a, "log", 1, 2, NULL, span))
        return val_error(in);
    if (a->n_pos == 1 && val_is_dynamic_scalar(a->pos[0]))
        return math_run_time(in, a, span, self);
    if (!num(a->pos[0], &x) || (a->n_pos == 2 && !num(a->pos[1], &base)))
        return interp_error(in, span, "math.log() needs numbers known at compile time");
    if (x <= 0 || (a->n_pos == 2 && (base <= 0 || base == 1)))
        return interp_raise(in, in->cls.value_error, span, "math domain error");
    return val_float(in, a->n_pos == 2 ? log(x) / log(base) : log(x));
}

static Value *math_pred(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    double x;
    if (!interp_args_check(in, a, self->name, 1, 1, NULL, span))
        return val_error(in);
    if (!num(a->pos[0], &x))
        return interp_error(in, span, "math.%s() needs a number known at compile time", self->name);
    if (!strcmp(self->name, "isnan"))
        return val_bool(in, isnan(x));
    if (!strcmp(self->name, "isinf"))
        return val_bool(in, isinf(x));
    return val_bool(in, isfinite(x));
}

static int64_t gcd64(int64_t x, int64_t y)
{
    if (x < 0) x = -x;
    if (y < 0) y = -y;
    while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

static Value *math_gcd(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    int64_t g = 0;
    for (int i = 0; i < a->n_pos; i++) {
        if (a->pos[i]->kind != VK_INT || a->pos[i]->dyn)
            return interp_error(in, span, "math.gcd() needs integers known at compile time");
        g = gcd64(g, a->pos[i]->u.i);
    }
    return val_int(in, g);
}

static Value *math_prod(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    static const char *const kws[] = {"start", NULL};
    if (!interp_args_check(in, a, "prod", 1, 1, kws, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *acc = interp_arg(a, -1, "start");
    if (!acc)
        acc = val_int(in, 1);
    for (int i = 0; i < items.len; i++) {
        acc = interp_binop(in, AST_OP_MULT, acc, items.items[i], span);
        if (!acc || acc->kind == VK_ERROR)
            return acc;
    }
    return acc;
}

static Value *math_factorial(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    if (!interp_args_check(in, a, "factorial", 1, 1, NULL, span) || a->pos[0]->kind != VK_INT || a->pos[0]->dyn)
        return interp_error(in, span, "math.factorial() needs an integer known at compile time");
    int64_t n = a->pos[0]->u.i, r = 1;
    if (n < 0)
        return interp_raise(in, in->cls.value_error, span, "factorial() not defined for negative values");
    if (n > 20)
        return interp_error(in, span, "factorial(%lld) overflows 64 bits", (long long)n);
    for (int64_t i = 2; i <= n; i++)
        r *= i;
    return val_int(in, r);
}

/* isqrt(n): the integer square root, exactly. */
static Value *math_isqrt(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    if (!interp_args_check(in, a, "isqrt", 1, 1, NULL, span))
        return val_error(in);
    Value *v = a->pos[0];
    if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn)
        return interp_raise(in, in->cls.type_error, span, "'%s' object cannot be interpreted as an integer",
                            val_type_name(in, v));
    int64_t n = v->kind == VK_INT ? v->u.i : v->u.b;
    if (n < 0)
        return interp_raise(in, in->cls.value_error, span, "isqrt() argument must be nonnegative");
    int64_t r = (int64_t)sqrt((double)n);
    while (r > 0 && r > n / r)
        r--;
    while ((r + 1) <= n / (r + 1))
        r++;
    return val_int(in, r);
}

/* isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0) */
static Value *math_isclose(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    static const char *const kws[] = {"rel_tol", "abs_tol", NULL};
    double x, y, rel = 1e-9, abs_tol = 0.0;
    if (!interp_args_check(in, a, "isclose", 2, 2, kws, span))
        return val_error(in);
    Value *r = interp_arg(a, -1, "rel_tol"), *t = interp_arg(a, -1, "abs_tol");
    if (!num(a->pos[0], &x) || !num(a->pos[1], &y) || (r && !num(r, &rel)) || (t && !num(t, &abs_tol)))
        return interp_error(in, span, "math.isclose() needs numbers known at compile time");
    if (rel < 0.0 || abs_tol < 0.0)
        return interp_raise(in, in->cls.value_error, span, "tolerances must be non-negative");
    if (x == y)
        return val_bool(in, true);
    if (isinf(x) || isinf(y))
        return val_bool(in, false);
    double diff = fabs(y - x);
    return val_bool(in, diff <= fabs(rel * y) || diff <= fabs(rel * x) || diff <= abs_tol);
}

/* lcm(*integers), comb(n, k), perm(n, k=None), on 64-bit integers */
static bool int_args(Interp *in, CallArgs *a, const char *name, int64_t *out, int n, Span span)
{
    for (int i = 0; i < n; i++) {
        Value *v = a->pos[i];
        if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn) {
            interp_raise(in, in->cls.type_error, span, "'%s' object cannot be interpreted as an integer",
                         val_type_name(in, v));
            return false;
        }
        out[i] = v->kind == VK_INT ? v->u.i : v->u.b;
    }
    (void)name;
    return true;
}

static int64_t gcd64(int64_t x, int64_t y);

static Value *math_lcm(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    int64_t acc = 1;
    for (int i = 0; i < a->n_pos; i++) {
        int64_t x;
        CallArgs one = {.pos = &a->pos[i], .n_pos = 1};
        if (!int_args(in, &one, "lcm", &x, 1, span))
            return NULL;
        if (x < 0)
            x = -x;
        if (x == 0 || acc == 0) {
            acc = 0;
            continue;
        }
        int64_t g = gcd64(acc, x);
        if (__builtin_mul_overflow(acc / g, x, &acc))
            return interp_error(in, span, "math.lcm() overflows 64 bits");
    }
    return val_int(in, acc);
}

static Value *math_comb_perm(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    bool comb = strcmp(self->name, "comb") == 0;
    int64_t nk[2] = {0, 0};
    if (!interp_args_check(in, a, self->name, comb ? 2 : 1, 2, NULL, span))
        return val_error(in);
    if (!int_args(in, a, self->name, nk, a->n_pos, span))
        return NULL;
    int64_t n = nk[0], k = a->n_pos == 2 && a->pos[1]->kind != VK_NONE ? nk[1] : n;
    if (n < 0)
        return interp_raise(in, in->cls.value_error, span, "n must be a non-negative integer");
    if (k < 0)
        return interp_raise(in, in->cls.value_error, span, "k must be a non-negative integer");
    if (k > n)
        return val_int(in, 0);
    if (comb && k > n - k)
        k = n - k;
    int64_t r = 1;
    for (int64_t i = 0; i < k; i++) {
        if (comb) {
            /* r = C(n, i): r * (n - i) / (i + 1) is C(n, i + 1); with g =
             * gcd(r, i + 1), (i + 1) / g divides n - i */
            int64_t g = gcd64(r, i + 1), d = (i + 1) / g;
            if (__builtin_mul_overflow(r / g, (n - i) / d, &r))
                return interp_error(in, span, "math.comb() overflows 64 bits");
        } else if (__builtin_mul_overflow(r, n - i, &r)) {
            return interp_error(in, span, "math.perm() overflows 64 bits");
        }
    }
    return val_int(in, r);
}

/* fsum(iterable): an exactly rounded sum (Neumaier's compensation). */
static Value *math_fsum(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    if (!interp_args_check(in, a, "fsum", 1, 1, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    double s = 0.0, c = 0.0;
    for (int i = 0; i < items.len; i++) {
        double x;
        if (!num(items.items[i], &x))
            return interp_error(in, span, "math.fsum() needs numbers known at compile time");
        double t = s + x;
        c += fabs(s) >= fabs(x) ? (s - t) + x : (x - t) + s;
        s = t;
    }
    return val_float(in, s + c);
}

/* modf(x) -> (fractional, integer); frexp(x) -> (m, e); ldexp(x, i) */
static Value *math_pair(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    double x;
    if (!interp_args_check(in, a, self->name, 1, 1, NULL, span) || !num(a->pos[0], &x))
        return interp_error(in, span, "math.%s() needs a number known at compile time", self->name);
    Value *t = val_tuple(in, 2);
    if (!strcmp(self->name, "modf")) {
        double ip, fp = modf(x, &ip);
        val_list_push(in, t->u.list, val_float(in, fp));
        val_list_push(in, t->u.list, val_float(in, ip));
    } else {
        int e;
        double m = frexp(x, &e);
        val_list_push(in, t->u.list, val_float(in, m));
        val_list_push(in, t->u.list, val_int(in, e));
    }
    return t;
}

static Value *math_ldexp(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    double x;
    if (!interp_args_check(in, a, "ldexp", 2, 2, NULL, span) || !num(a->pos[0], &x) || a->pos[1]->kind != VK_INT ||
        a->pos[1]->dyn)
        return interp_error(in, span, "math.ldexp() needs a number and an integer known at compile time");
    return val_float(in, ldexp(x, (int)a->pos[1]->u.i));
}

/* dist(p, q): the Euclidean distance of two points */
static Value *math_dist(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    if (!interp_args_check(in, a, "dist", 2, 2, NULL, span))
        return val_error(in);
    ValueList p = {0}, q = {0};
    if (!interp_iterate_static(in, a->pos[0], &p, span) || !interp_iterate_static(in, a->pos[1], &q, span))
        return in->exc ? NULL : val_error(in);
    if (p.len != q.len)
        return interp_raise(in, in->cls.value_error, span, "both points must have the same number of dimensions");
    double s = 0.0;
    for (int i = 0; i < p.len; i++) {
        double x, y;
        if (!num(p.items[i], &x) || !num(q.items[i], &y))
            return interp_error(in, span, "math.dist() needs numbers known at compile time");
        s += (x - y) * (x - y);
    }
    return val_float(in, sqrt(s));
}

static double degrees(double x) { return x * 180.0 / TSC_PI; }
static double radians(double x) { return x * TSC_PI / 180.0; }

void native_install_math(Interp *in, Module *m)
{
    static const struct { const char *name; UnaryFn fn; } unary[] = {
        {"sqrt", sqrt}, {"exp", exp}, {"log2", log2}, {"log10", log10}, {"log1p", log1p},
        {"expm1", expm1}, {"fabs", fabs}, {"sin", sin}, {"cos", cos}, {"tan", tan},
        {"asin", asin}, {"acos", acos}, {"atan", atan}, {"sinh", sinh}, {"cosh", cosh},
        {"tanh", tanh}, {"erf", erf}, {"erfc", erfc}, {"gamma", tgamma}, {"lgamma", lgamma},
        {"degrees", degrees}, {"radians", radians},
    };
    static const struct { const char *name; UnaryFn fn; } to_int[] = {
        {"floor", floor}, {"ceil", ceil}, {"trunc", trunc},
    };
    static const struct { const char *name; double (*fn)(double, double); } binary[] = {
        {"pow", pow}, {"atan2", atan2}, {"hypot", hypot}, {"fmod", fmod}, {"copysign", copysign},
    };
    Scope *g = m->globals;
    for (size_t i = 0; i < sizeof unary / sizeof unary[0]; i++)
        val_scope_set(in->arena, g, intern(&in->c->names, unary[i].name),
                  interp_make_builtin(in, unary[i].name, math_unary, (const void *)(uintptr_t)unary[i].fn));
    for (size_t i = 0; i < sizeof to_int / sizeof to_int[0]; i++)
        val_scope_set(in->arena, g, intern(&in->c->names, to_int[i].name),
                  interp_make_builtin(in, to_int[i].name, math_to_int, (const void *)(uintptr_t)to_int[i].fn));
    for (size_t i = 0; i < sizeof binary / sizeof binary[0]; i++)
        val_scope_set(in->arena, g, intern(&in->c->names, binary[i].name),
                  interp_make_builtin(in, binary[i].name, math_binary, (const void *)(uintptr_t)binary[i].fn));
    static const char *const preds[] = {"isnan", "isinf", "isfinite"};
    for (size_t i = 0; i < 3; i++)
        val_scope_set(in->arena, g, intern(&in->c->names, preds[i]), interp_make_builtin(in, preds[i], math_pred, NULL));
    val_scope_set(in->arena, g, intern(&in->c->names, "log"), interp_make_builtin(in, "log", math_log, NULL));
    val_scope_set(in->arena, g, intern(&in->c->names, "gcd"), interp_make_builtin(in, "gcd", math_gcd, NULL));
    val_scope_set(in->arena, g, intern(&in->c->names, "prod"), interp_make_builtin(in, "prod", math_prod, NULL));
    val_scope_set(in->arena, g, intern(&in->c->names, "factorial"), interp_make_builtin(in, "factorial", math_factorial, NULL));
    static const Builtin more[] = {
        {"isqrt", math_isqrt, NULL}, {"isclose", math_isclose, NULL}, {"lcm", math_lcm, NULL},
        {"comb", math_comb_perm, NULL}, {"perm", math_comb_perm, NULL}, {"fsum", math_fsum, NULL},
        {"modf", math_pair, NULL}, {"frexp", math_pair, NULL}, {"ldexp", math_ldexp, NULL},
        {"dist", math_dist, NULL},
    };
    for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
        Value *v = val_none(in);
        v->kind = VK_BUILTIN;
        v->u.builtin = &more[i];
        val_scope_set(in->arena, g, intern(&in->c->names, more[i].name), v);
    }
    val_scope_set(in->arena, g, intern(&in->c->names, "pi"), val_float(in, TSC_PI));
    val_scope_set(in->arena, g, intern(&in->c->names, "e"), val_float(in, TSC_E));
    val_scope_set(in->arena, g, intern(&in->c->names, "tau"), val_float(in, 2 * TSC_PI));
    val_scope_set(in->arena, g, intern(&in->c->names, "inf"), val_float(in, INFINITY));
    val_scope_set(in->arena, g, intern(&in->c->names, "nan"), val_float(in, NAN));
}
