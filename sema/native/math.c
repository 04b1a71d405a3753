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
    if (!interp_args_check(in, a, "prod", 1, 1, NULL, span))
        return val_error(in);
    ValueList items = {0};
    if (!interp_iterate_static(in, a->pos[0], &items, span))
        return in->exc ? NULL : val_error(in);
    Value *acc = val_int(in, 1);
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
    val_scope_set(in->arena, g, intern(&in->c->names, "pi"), val_float(in, TSC_PI));
    val_scope_set(in->arena, g, intern(&in->c->names, "e"), val_float(in, TSC_E));
    val_scope_set(in->arena, g, intern(&in->c->names, "tau"), val_float(in, 2 * TSC_PI));
    val_scope_set(in->arena, g, intern(&in->c->names, "inf"), val_float(in, INFINITY));
    val_scope_set(in->arena, g, intern(&in->c->names, "nan"), val_float(in, NAN));
}
