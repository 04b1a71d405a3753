/* Fusion of hand-written layer normalization and GELU (see opt/fuse.c for
 * the list of rules).  The patterns are what sema emits for the usual
 * source forms:
 *
 *   u = x.mean(-1, keepdim=True)
 *   s = (x - u).pow(2).mean(-1, keepdim=True)     (or (x - u) * (x - u))
 *   y = (x - u) / torch.sqrt(s + eps)
 *   return weight * y + bias                      (either order, optional)
 *
 *   x * 0.5 * (1.0 + torch.erf(x / math.sqrt(2.0)))       (any grouping of
 *   0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) *      the product)
 *              (x + 0.044715 * torch.pow(x, 3))))
 *
 * Common-subexpression elimination runs first, so `x - u` written twice
 * is one value by the time these are matched. */
#include <math.h>
#include <string.h>

#include "opt/fuse_internal.h"

#define GELU_PI 3.14159265358979323846

static bool near(double a, double b)
{
    return fabs(a - b) <= 1e-5 * fabs(b);
}

/* ---- layer normalization ---- */

/* The axes of ReduceMean N (attribute, or input 1 from opset 18), made
 * non-negative for rank RANK; false unless they are the last K axes. */
static bool trailing_axes(Opt *o, IrNode *n, int rank, int *first)
{
    IrAttr *a = ir_node_attr(n, "axes");
    int64_t *axes = NULL, len = 0;
    if (a && a->kind == IR_ATTR_INTS) {
        axes = a->ints;
        len = a->n;
    } else if (n->n_inputs < 2 || !n->inputs[1] || !opt_const_ints(o, fuse_input(o, n, 1), &axes, &len)) {
        return false;
    }
    if (len == 0 || len > rank || opt_attr_int(n, "keepdims", 1) != 1)
        return false;
    bool seen[64] = {false};
    for (int64_t i = 0; i < len; i++) {
        int64_t ax = axes[i] < 0 ? axes[i] + rank : axes[i];
        if (ax < rank - len || ax >= rank || rank > 64 || seen[ax])
            return false;
        seen[ax] = true;
    }
    *first = rank - (int)len;
    return true;
}

/* mean(X) over trailing axes: X and the first axis. */
static IrValue *mean_of(Opt *o, IrValue *v, int uses, int rank, int *axis)
{
    IrNode *p = fuse_producer(o, v);
    if (!fuse_is_op(p, "ReduceMean") || !fuse_internal(o, v, uses) || !trailing_axes(o, p, rank, axis))
        return NULL;
    return fuse_input(o, p, 0);
}

/* D squared: Pow(D, 2) or Mul(D, D). */
static bool square_of(Opt *o, IrValue *sq, IrValue *d)
{
    IrNode *p = fuse_producer(o, sq);
    if (!p || !fuse_internal(o, sq, 1))
        return false;
    if (fuse_is_op(p, "Pow"))
        return fuse_input(o, p, 0) == d && opt_const_all(o, fuse_input(o, p, 1), 2.0);
    return fuse_is_op(p, "Mul") && fuse_input(o, p, 0) == d && fuse_input(o, p, 1) == d;
}

/* Static dims [first, rank) of V's type. */
static bool normalized_dims(const IrValue *v, int first, int64_t *dims)
{
    for (int i = first; i < v->type.rank; i++) {
        if (!dim_is_known(v->type.dims[i]))
            return false;
        dims[i - first] = v->type.dims[i].value;
    }
    return true;
}

/* An affine parameter: the operand of N beside the normalized value Y,
 * of the normalized shape exactly. */
static IrValue *affine_operand(Opt *o, IrNode *n, IrValue *y, int first, const int64_t *dims)
{
    if (!n || n->n_inputs != 2 || !opt_same_type(n->outputs[0], y))
        return NULL;
    IrValue *p = fuse_input(o, n, 0) == y ? fuse_input(o, n, 1) : fuse_input(o, n, 0);
    int k = y->type.rank - first;
    if (!p || p == y || p->type.rank != k || p->type.dtype != y->type.dtype)
        return NULL;
    for (int i = 0; i < k; i++)
        if (!dim_is_known(p->type.dims[i]) || p->type.dims[i].value != dims[i])
            return NULL;
    return p;
}

static IrValue *ones(Opt *o, DType dt, int k, const int64_t *dims)
{
    IrTensor *t = ir_tensor_new(o->arena, dt, k, dims);
    int64_t n = ir_tensor_numel(t);
    for (int64_t i = 0; i < n; i++)
        opt_tensor_set(t, i, 1.0);
    return opt_new_const(o, o->m->graph, t, "layer_norm_scale");
}

/* The core (x - u) / sqrt(var + eps) at DIV: x, the first axis, eps. */
static IrValue *norm_core(Opt *o, IrNode *div, int *axis, double *eps)
{
    IrValue *d = fuse_input(o, div, 0);
    IrNode *sub = fuse_producer(o, d), *sqrt_n = fuse_producer(o, fuse_input(o, div, 1));
    if (!fuse_is_op(sub, "Sub") || !fuse_is_op(sqrt_n, "Sqrt") || !fuse_internal(o, sqrt_n->outputs[0], 1))
        return NULL;
    IrValue *x = fuse_input(o, sub, 0);
    int rank = x ? x->type.rank : -1;
    if (rank < 1 || !fuse_float_type(x->type.dtype) || !opt_same_type(x, div->outputs[0]))
        return NULL;
    int a1, a2;
    if (mean_of(o, fuse_input(o, sub, 1), 1, rank, &a1) != x)
        return NULL;
    IrNode *add = fuse_producer(o, fuse_input(o, sqrt_n, 0));
    if (!fuse_is_op(add, "Add") || !fuse_internal(o, add->outputs[0], 1))
        return NULL;
    for (int side = 0; side < 2; side++) {
        IrValue *var = fuse_input(o, add, side);
        if (!opt_const_scalar(o, fuse_input(o, add, 1 - side), eps))
            continue;
        IrValue *sq = mean_of(o, var, 1, rank, &a2);
        bool square = fuse_is_op(fuse_producer(o, sq), "Mul") ? fuse_internal(o, d, 3) : fuse_internal(o, d, 2);
        if (sq && a1 == a2 && square && square_of(o, sq, d)) {
            *axis = a1;
            return x;
        }
    }
    return NULL;
}

bool fuse_layer_norm(Opt *o, IrNode *div)
{
    int axis;
    double eps;
    IrValue *x = norm_core(o, div, &axis, &eps);
    int64_t dims[64];
    if (!x || x->type.rank - axis > 64 || !normalized_dims(x, axis, dims))
        return false;
    IrValue *y = div->outputs[0], *scale = NULL, *bias = NULL;
    IrNode *last = div;
    IrNode *mul = opt_only_user(o, y);
    if (fuse_is_op(mul, "Mul") && (scale = affine_operand(o, mul, y, axis, dims))) {
        last = mul;
        y = mul->outputs[0];
    }
    IrNode *add = opt_only_user(o, y);
    if (fuse_is_op(add, "Add") && (bias = affine_operand(o, add, y, axis, dims)))
        last = add;
    if (!scale)
        scale = ones(o, x->type.dtype, x->type.rank - axis, dims);
    IrValue *ins[3] = {x, scale, bias};
    last->n_outputs = 1;
    if (!opt_morph(o, last, "LayerNormalization", ins, bias ? 3 : 2, div))
        return false;
    ir_set_attr_int(last, "axis", axis);
    ir_set_attr_float(last, "epsilon", (float)eps);
    return true;
}

/* ---- GELU ---- */

#define MAX_FACTORS 8

/* A product flattened through Muls read only by the product: the constant
 * factor and the other factors. */
typedef struct Product {
    double k;
    IrValue *leaf[MAX_FACTORS];
    int n;
    bool ok;
} Product;

static void product_of(Opt *o, IrValue *v, Product *f, bool root, int depth)
{
    double c;
    if (opt_const_scalar(o, v, &c)) {
        f->k *= c;
        return;
    }
    IrNode *p = fuse_producer(o, v);
    if (fuse_is_op(p, "Mul") && depth < 8 && (root || fuse_internal(o, v, 1))) {
        product_of(o, fuse_input(o, p, 0), f, false, depth + 1);
        product_of(o, fuse_input(o, p, 1), f, false, depth + 1);
        return;
    }
    if (f->n == MAX_FACTORS) {
        f->ok = false;
        return;
    }
    f->leaf[f->n++] = v;
}

static Product product(Opt *o, IrValue *v)
{
    Product f = {.k = 1.0, .ok = true};
    product_of(o, v, &f, true, 0);
    return f;
}

/* V = x / sqrt(2) or x * (1 / sqrt(2)). */
static bool erf_argument(Opt *o, IrValue *v, IrValue *x)
{
    IrNode *p = fuse_producer(o, v);
    double c;
    if (fuse_is_op(p, "Div") && fuse_internal(o, v, 1))
        return fuse_input(o, p, 0) == x && opt_const_scalar(o, fuse_input(o, p, 1), &c) && near(c, sqrt(2.0));
    Product f = product(o, v);
    return f.ok && f.n == 1 && f.leaf[0] == x && near(f.k, 1.0 / sqrt(2.0)) &&
           (!fuse_producer(o, v) || fuse_internal(o, v, 1));
}

/* How many factors x a product's leaf stands for: x itself, Pow(x, 3). */
static int x_power(Opt *o, IrValue *leaf, IrValue *x)
{
    if (leaf == x)
        return 1;
    IrNode *p = fuse_producer(o, leaf);
    if (fuse_is_op(p, "Pow") && fuse_internal(o, leaf, 1) && fuse_input(o, p, 0) == x &&
        opt_const_all(o, fuse_input(o, p, 1), 3.0))
        return 3;
    return -100;
}

/* V = sqrt(2/pi) * (x + 0.044715 * x^3), the cube written any way. */
static bool tanh_argument(Opt *o, IrValue *v, IrValue *x)
{
    Product outer = product(o, v);
    if (!outer.ok || outer.n != 1 || !near(outer.k, sqrt(2.0 / GELU_PI)) || !fuse_internal(o, v, 1))
        return false;
    IrNode *add = fuse_producer(o, outer.leaf[0]);
    if (!fuse_is_op(add, "Add") || !fuse_internal(o, outer.leaf[0], 1))
        return false;
    for (int side = 0; side < 2; side++) {
        IrValue *cube = fuse_input(o, add, 1 - side);
        if (fuse_input(o, add, side) != x || !fuse_internal(o, cube, 1))
            continue;
        Product c = product(o, cube);
        int power = 0;
        for (int i = 0; i < c.n; i++)
            power += x_power(o, c.leaf[i], x);
        if (c.ok && power == 3 && near(c.k, 0.044715))
            return true;
    }
    return false;
}

/* A = 1 + erf(...) or 1 + tanh(...): "none", "tanh" or NULL. */
static const char *gelu_kind(Opt *o, IrValue *a, IrValue *x)
{
    IrNode *add = fuse_producer(o, a);
    if (!fuse_is_op(add, "Add") || !fuse_internal(o, a, 1))
        return NULL;
    for (int side = 0; side < 2; side++) {
        IrValue *e = fuse_input(o, add, side);
        IrNode *f = fuse_producer(o, e);
        if (!opt_const_all(o, fuse_input(o, add, 1 - side), 1.0) || !f || !fuse_internal(o, e, 1))
            continue;
        if (fuse_is_op(f, "Erf") && erf_argument(o, fuse_input(o, f, 0), x))
            return "none";
        if (fuse_is_op(f, "Tanh") && tanh_argument(o, fuse_input(o, f, 0), x))
            return "tanh";
    }
    return NULL;
}

bool fuse_gelu(Opt *o, IrNode *mul)
{
    Product f = product(o, mul->outputs[0]);
    if (!f.ok || f.n != 2 || !near(f.k, 0.5))
        return false;
    for (int i = 0; i < 2; i++) {
        IrValue *x = f.leaf[i];
        const char *kind = gelu_kind(o, f.leaf[1 - i], x);
        if (!kind || !fuse_float_type(x->type.dtype) || !opt_same_type(x, mul->outputs[0]))
            continue;
        if (!opt_morph(o, mul, "Gelu", &x, 1, NULL))
            return false;
        if (strcmp(kind, "tanh") == 0)
            ir_set_attr_string(mul, "approximate", "tanh");
        return true;
    }
    return false;
}
