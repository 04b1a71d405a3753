/* Elementwise operators: the machinery that runs a unary, binary or
 * variadic operator on any element type with numpy broadcasting, in chunks
 * of EW_CHUNK elements loaded into the double or int64 domain (see
 * eval/kernel.h), and the binary operators themselves.  The unary
 * functions are in eval/unary.c.
 *
 * NaN semantics follow IEEE and numpy: arithmetic and Max/Min propagate
 * NaN, comparisons with NaN are false (Equal included).  Integer
 * arithmetic wraps; integer division and modulo by zero give 0, as numpy
 * does (ONNX leaves it undefined); INT_MIN / -1 wraps to INT_MIN. */
#include <math.h>
#include <string.h>

#include "eval/elementwise.h"

/* ---- binary functions ----------------------------------------------------- */

/* The remainder with the divisor's sign (Python's %). */
static double floor_mod_f(double x, double z)
{
    double r = fmod(x, z);
    if (r != 0 && (r < 0) != (z < 0))
        r += z;
    return r;
}

static int64_t floor_mod_i(int64_t x, int64_t z)
{
    int64_t r = x % z;
    if (r != 0 && (r < 0) != (z < 0))
        r += z;
    return r;
}

/* One loop per function over a chunk of loaded elements (x, z). */
#define BIN_F(name, expr) \
    static void name(const double *a, const double *b, double *y, int64_t n) \
    { for (int64_t k = 0; k < n; k++) { double x = a[k], z = b[k]; y[k] = (expr); } }
#define BIN_I(name, expr) \
    static void name(const int64_t *a, const int64_t *b, int64_t *y, int64_t n) \
    { for (int64_t k = 0; k < n; k++) { int64_t x = a[k], z = b[k]; y[k] = (expr); } }
#define BIN_U(name, expr) \
    static void name(const int64_t *a, const int64_t *b, int64_t *y, int64_t n) \
    { for (int64_t k = 0; k < n; k++) { uint64_t x = (uint64_t)a[k], z = (uint64_t)b[k]; y[k] = (int64_t)(expr); } }

BIN_F(add_f, x + z)
BIN_I(add_i, (int64_t)((uint64_t)x + (uint64_t)z))
BIN_F(sub_f, x - z)
BIN_I(sub_i, (int64_t)((uint64_t)x - (uint64_t)z))
BIN_F(mul_f, x * z)
BIN_I(mul_i, (int64_t)((uint64_t)x * (uint64_t)z))
BIN_F(div_f, x / z)
BIN_I(div_i, z == 0 ? 0 : (z == -1 ? (int64_t)(0 - (uint64_t)x) : x / z))
BIN_U(div_u, z == 0 ? 0 : x / z)
BIN_F(max_f, isnan(x) || isnan(z) ? NAN : (x >= z ? x : z))
BIN_I(max_i, x >= z ? x : z)
BIN_U(max_u, x >= z ? x : z)
BIN_F(min_f, isnan(x) || isnan(z) ? NAN : (x <= z ? x : z))
BIN_I(min_i, x <= z ? x : z)
BIN_U(min_u, x <= z ? x : z)
BIN_F(eq_f, x == z)
BIN_I(eq_i, x == z)
BIN_F(gt_f, x > z)
BIN_I(gt_i, x > z)
BIN_U(gt_u, x > z)
BIN_F(ge_f, x >= z)
BIN_I(ge_i, x >= z)
BIN_U(ge_u, x >= z)
BIN_F(lt_f, x < z)
BIN_I(lt_i, x < z)
BIN_U(lt_u, x < z)
BIN_F(le_f, x <= z)
BIN_I(le_i, x <= z)
BIN_U(le_u, x <= z)
BIN_I(and_i, x && z)
BIN_I(or_i, x || z)
BIN_I(xor_i, !x != !z)
BIN_F(prelu_f, x < 0 ? z * x : x)
BIN_I(prelu_i, x < 0 ? (int64_t)((uint64_t)z * (uint64_t)x) : x)
/* Mod with fmod=1: the remainder has the dividend's sign (C's fmod, %) */
BIN_F(fmod_f, fmod(x, z))
BIN_I(fmod_i, z == 0 || z == -1 ? 0 : x % z)
BIN_U(mod_u, z == 0 ? 0 : x % z)
/* Mod with fmod=0: the remainder has the divisor's sign (Python's %) */
BIN_F(mod_f, floor_mod_f(x, z))
BIN_I(mod_i, z == 0 || z == -1 ? 0 : floor_mod_i(x, z))

const BinaryDef eval_bin_add = {add_f, add_i, NULL, false};
const BinaryDef eval_bin_sub = {sub_f, sub_i, NULL, false};
const BinaryDef eval_bin_mul = {mul_f, mul_i, NULL, false};
const BinaryDef eval_bin_div = {div_f, div_i, div_u, false};
const BinaryDef eval_bin_max = {max_f, max_i, max_u, false};
const BinaryDef eval_bin_min = {min_f, min_i, min_u, false};
const BinaryDef eval_bin_equal = {eq_f, eq_i, NULL, true};
const BinaryDef eval_bin_greater = {gt_f, gt_i, gt_u, true};
const BinaryDef eval_bin_greater_equal = {ge_f, ge_i, ge_u, true};
const BinaryDef eval_bin_less = {lt_f, lt_i, lt_u, true};
const BinaryDef eval_bin_less_equal = {le_f, le_i, le_u, true};
const BinaryDef eval_bin_and = {NULL, and_i, NULL, true};
const BinaryDef eval_bin_or = {NULL, or_i, NULL, true};
const BinaryDef eval_bin_xor = {NULL, xor_i, NULL, true};
const BinaryDef eval_bin_prelu = {prelu_f, prelu_i, NULL, false};
static const BinaryDef bin_fmod = {fmod_f, fmod_i, mod_u, false};
static const BinaryDef bin_mod = {mod_f, mod_i, mod_u, false};

/* ---- the machinery ------------------------------------------------------------ */

#define EW_CHUNK 256

static void run_chunks_f(const BinaryDef *d, EvalValue *A, EvalValue *B, int64_t oa, int64_t sa,
                         int64_t ob, int64_t sb, int64_t len, EvalValue *Y, int64_t oy)
{
    double x[EW_CHUNK], z[EW_CHUNK], y[EW_CHUNK];
    size_t ea = dtype_size(A->dtype), eb = dtype_size(B->dtype), ey = dtype_size(Y->dtype);
    for (int64_t j = 0; j < len; j += EW_CHUNK) {
        int64_t m = len - j < EW_CHUNK ? len - j : EW_CHUNK;
        eval_load_f64(A->dtype, (char *)A->data + (size_t)(oa + j * sa) * ea, sa, x, m);
        eval_load_f64(B->dtype, (char *)B->data + (size_t)(ob + j * sb) * eb, sb, z, m);
        d->f(x, z, y, m);
        eval_store_f64(Y->dtype, (char *)Y->data + (size_t)(oy + j) * ey, y, m);
    }
}

static void run_chunks_i(const BinaryDef *d, bool is_unsigned, EvalValue *A, EvalValue *B,
                         int64_t oa, int64_t sa, int64_t ob, int64_t sb, int64_t len,
                         EvalValue *Y, int64_t oy)
{
    int64_t x[EW_CHUNK], z[EW_CHUNK], y[EW_CHUNK];
    size_t ea = dtype_size(A->dtype), eb = dtype_size(B->dtype), ey = dtype_size(Y->dtype);
    BinI fn = is_unsigned && d->u ? d->u : d->i;
    for (int64_t j = 0; j < len; j += EW_CHUNK) {
        int64_t m = len - j < EW_CHUNK ? len - j : EW_CHUNK;
        eval_load_i64(A->dtype, (char *)A->data + (size_t)(oa + j * sa) * ea, sa, x, m);
        eval_load_i64(B->dtype, (char *)B->data + (size_t)(ob + j * sb) * eb, sb, z, m);
        fn(x, z, y, m);
        eval_store_i64(Y->dtype, (char *)Y->data + (size_t)(oy + j) * ey, y, m);
    }
}

EvalValue *eval_binary_values(EvalCall *c, const BinaryDef *d, EvalValue *A, EvalValue *B,
                              EvalDomain dom, DType out_dt)
{
    EvalValue *ops[2] = {A, B};
    int rank;
    int64_t dims[EVAL_MAX_RANK];
    if (A->rank > EVAL_MAX_RANK || B->rank > EVAL_MAX_RANK || !eval_bcast_shape(ops, 2, &rank, dims)) {
        eval_fail(c, "shapes %s and %s do not broadcast", eval_value_type_str(&c->ev->arena, A),
                  eval_value_type_str(&c->ev->arena, B));
        return NULL;
    }
    if ((dom == DOM_F64 && !d->f) || (dom != DOM_F64 && !d->i)) {
        eval_unsupported(c, "element type %s is not supported", dtype_name(A->dtype));
        return NULL;
    }
    EvalValue *Y = eval_alloc(c, out_dt, rank, dims);
    if (!Y)
        return NULL;
    EvalBcast b;
    eval_bcast_init(&b, ops, 2, rank, dims);
    int64_t len, pos = 0;
    while ((len = eval_bcast_next(&b)) > 0) {
        if (dom == DOM_F64)
            run_chunks_f(d, A, B, b.offs[0], b.inner[0], b.offs[1], b.inner[1], len, Y, pos);
        else
            run_chunks_i(d, dom == DOM_U64, A, B, b.offs[0], b.inner[0], b.offs[1], b.inner[1],
                         len, Y, pos);
        pos += len;
    }
    return Y;
}

/* Both inputs must be tensors of one element type. */
static bool same_type_inputs(EvalCall *c, EvalValue *A, EvalValue *B)
{
    if (A->dtype == B->dtype)
        return true;
    eval_fail(c, "inputs have different element types (%s and %s)", dtype_name(A->dtype),
              dtype_name(B->dtype));
    return false;
}

EvalStatus eval_binary(EvalCall *c)
{
    const BinaryDef *d = c->info;
    EvalValue *A = eval_tensor_in(c, 0, false), *B = eval_tensor_in(c, 1, false);
    if (!A || !B || !same_type_inputs(c, A, B))
        return EVAL_ERROR;
    /* before opset 7, broadcast=1 with an axis aligned B inside A */
    if (c->version < 7 && eval_attr_int(c, "broadcast", 0) && eval_has_attr(c, "axis"))
        return eval_unsupported(c, "legacy broadcasting with an axis is not supported");
    DType out = d->to_bool ? DT_BOOL : A->dtype;
    EvalValue *Y = eval_binary_values(c, d, A, B, eval_domain(A->dtype), out);
    if (!Y)
        return EVAL_ERROR;
    eval_set_output(c, 0, Y);
    return EVAL_OK;
}

EvalStatus eval_mod(EvalCall *c)
{
    EvalValue *A = eval_tensor_in(c, 0, false), *B = eval_tensor_in(c, 1, false);
    if (!A || !B || !same_type_inputs(c, A, B))
        return EVAL_ERROR;
    const BinaryDef *d = eval_attr_int(c, "fmod", 0) ? &bin_fmod : &bin_mod;
    EvalValue *Y = eval_binary_values(c, d, A, B, eval_domain(A->dtype), A->dtype);
    if (!Y)
        return EVAL_ERROR;
    eval_set_output(c, 0, Y);
    return EVAL_OK;
}

/* Pow: the exponent may have its own type (from opset 12); integer bases
 * with integer exponents are computed exactly (wrapping), anything
 * involving a float in double. */
static double pow_f1(double x, double z) { return pow(x, z); }

static int64_t pow_i1(int64_t x, int64_t z)
{
    if (z < 0)
        return x == 1 ? 1 : x == -1 ? (z % 2 ? -1 : 1) : 0;
    uint64_t r = 1, b = (uint64_t)x;
    while (z) {
        if (z & 1)
            r *= b;
        b *= b;
        z >>= 1;
    }
    return (int64_t)r;
}

BIN_F(pow_f, pow_f1(x, z))
BIN_I(pow_i, pow_i1(x, z))
static const BinaryDef bin_pow = {pow_f, pow_i, NULL, false};

EvalStatus eval_pow(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false), *Y = eval_tensor_in(c, 1, false);
    if (!X || !Y)
        return EVAL_ERROR;
    if (c->version < 12 && !same_type_inputs(c, X, Y))
        return EVAL_ERROR;
    bool fl = eval_domain(X->dtype) == DOM_F64 || eval_domain(Y->dtype) == DOM_F64;
    EvalValue *Z = eval_binary_values(c, &bin_pow, X, Y, fl ? DOM_F64 : DOM_I64, X->dtype);
    if (!Z)
        return EVAL_ERROR;
    eval_set_output(c, 0, Z);
    return EVAL_OK;
}

/* Max, Min, Sum, Mean: folded left to right with broadcasting; one input
 * is returned as it is. */
EvalStatus eval_variadic(EvalCall *c)
{
    const BinaryDef *d = c->info;
    bool mean = d == NULL;
    if (mean)
        d = &eval_bin_add;
    EvalValue *acc = eval_tensor_in(c, 0, false);
    if (!acc)
        return EVAL_ERROR;
    acc = eval_retain(acc);
    int n = 1;
    for (int k = 1; k < c->n_in; k++) {
        EvalValue *B = eval_tensor_in(c, k, false);
        EvalValue *next = B && same_type_inputs(c, acc, B)
                              ? eval_binary_values(c, d, acc, B, eval_domain(acc->dtype), acc->dtype)
                              : NULL;
        eval_release(acc);
        if (!next)
            return EVAL_ERROR;
        acc = next;
        n++;
    }
    if (mean && n > 1) {
        EvalValue *r = eval_alloc(c, acc->dtype, acc->rank, acc->dims);
        if (!r) {
            eval_release(acc);
            return EVAL_ERROR;
        }
        double buf[EW_CHUNK];
        size_t es = dtype_size(acc->dtype);
        for (int64_t j = 0; j < acc->numel; j += EW_CHUNK) {
            int64_t m = acc->numel - j < EW_CHUNK ? acc->numel - j : EW_CHUNK;
            eval_load_f64(acc->dtype, (char *)acc->data + (size_t)j * es, 1, buf, m);
            for (int64_t k = 0; k < m; k++)
                buf[k] /= n;
            eval_store_f64(r->dtype, (char *)r->data + (size_t)j * es, buf, m);
        }
        eval_release(acc);
        acc = r;
    }
    eval_set_output(c, 0, acc);
    return EVAL_OK;
}

/* Where(condition, X, Y): elements chosen by a broadcast condition. */
EvalStatus eval_where(EvalCall *c)
{
    EvalValue *C = eval_tensor_in(c, 0, false), *X = eval_tensor_in(c, 1, false);
    EvalValue *Yv = eval_tensor_in(c, 2, false);
    if (!C || !X || !Yv || !same_type_inputs(c, X, Yv))
        return EVAL_ERROR;
    if (C->dtype != DT_BOOL)
        return eval_fail(c, "condition must be bool, found %s", dtype_name(C->dtype));
    EvalValue *ops[3] = {C, X, Yv};
    int rank;
    int64_t dims[EVAL_MAX_RANK];
    if (!eval_bcast_shape(ops, 3, &rank, dims))
        return eval_fail(c, "condition, X and Y do not broadcast");
    EvalValue *out = eval_output(c, 0, X->dtype, rank, dims);
    if (!out)
        return EVAL_ERROR;
    size_t es = dtype_size(X->dtype);
    EvalBcast b;
    eval_bcast_init(&b, ops, 3, rank, dims);
    const uint8_t *cond = C->data;
    char *dst = out->data;
    int64_t len;
    while ((len = eval_bcast_next(&b)) > 0) {
        for (int64_t k = 0; k < len; k++) {
            bool t = cond[b.offs[0] + k * b.inner[0]];
            const char *src = t ? (const char *)X->data + (size_t)(b.offs[1] + k * b.inner[1]) * es
                                : (const char *)Yv->data + (size_t)(b.offs[2] + k * b.inner[2]) * es;
            memcpy(dst, src, es);
            dst += es;
        }
    }
    return EVAL_OK;
}

const EvalOp eval_binary_ops[] = {
    {"Add", eval_binary, &eval_bin_add}, {"And", eval_binary, &eval_bin_and},
    {"Div", eval_binary, &eval_bin_div}, {"Equal", eval_binary, &eval_bin_equal},
    {"Greater", eval_binary, &eval_bin_greater},
    {"GreaterOrEqual", eval_binary, &eval_bin_greater_equal},
    {"Less", eval_binary, &eval_bin_less}, {"LessOrEqual", eval_binary, &eval_bin_less_equal},
    {"Max", eval_variadic, &eval_bin_max}, {"Mean", eval_variadic, NULL},
    {"Min", eval_variadic, &eval_bin_min}, {"Mod", eval_mod, NULL},
    {"Mul", eval_binary, &eval_bin_mul}, {"Or", eval_binary, &eval_bin_or},
    {"PRelu", eval_binary, &eval_bin_prelu}, {"Pow", eval_pow, NULL},
    {"Sub", eval_binary, &eval_bin_sub}, {"Sum", eval_variadic, &eval_bin_add},
    {"Where", eval_where, NULL}, {"Xor", eval_binary, &eval_bin_xor},
};

const int eval_binary_count = sizeof eval_binary_ops / sizeof eval_binary_ops[0];
