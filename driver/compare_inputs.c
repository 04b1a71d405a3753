/* The input sets tsc2onnx compare tries, each the example with one input
 * changed, in a fixed order:
 *
 *   numbers (0-d inputs)   n+1, n-1, 2n, -n, 0, 1, and t-1, t, t+1 for each
 *                          constant t the script compares with; not b for bools
 *   tensor values          -x, 2x, x/2, 10x, x/10 (floats); -x, 2x, x+1, x-1, 0
 *                          (integers); ~x, all False, all True (bools)
 *   tensor sizes           for each axis of size d: d+1, d-1, 2d, 1, 0
 *
 * and the --example text of a changed input: numbers as literals, a
 * generated example (randn(3,4)) at another size as the same generator, a
 * small tensor as a nested list, anything else as a .npy file. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "driver/compare.h"
#include "io/example.h"
#include "io/npy.h"

#define LITERAL_MAX_ELEMENTS 64
#define CANDIDATE_MAX_ELEMENTS (INT64_C(1) << 24)

static void push(Arena *a, PtrVec *out, int input, EvalValue *v, const char *label, const char *text,
                 bool reshaped)
{
    Candidate *c = arena_alloc(a, sizeof *c);
    c->input = input;
    c->value = v;
    c->label = label;
    c->text = text;
    c->reshaped = reshaped;
    ptrvec_push(a, out, c);
}

static bool same_value(const EvalValue *a, const EvalValue *b)
{
    return a->dtype == b->dtype && a->rank == b->rank && a->numel == b->numel &&
           !memcmp(a->dims, b->dims, sizeof(int64_t) * (size_t)a->rank) &&
           !memcmp(a->data, b->data, (size_t)a->numel * dtype_size(a->dtype));
}

/* A tensor shaped like X with element i = F(x_i) (computed in double, then
 * converted to X's element type as Cast does). */
static EvalValue *mapped(const EvalValue *x, double scale, double shift, bool logical_not)
{
    EvalValue *d = eval_tensor_new(DT_DOUBLE, x->rank, x->dims);
    if (!d)
        return NULL;
    double *p = d->data;
    for (int64_t i = 0; i < x->numel; i++) {
        double v = eval_get_f64(x, i);
        p[i] = logical_not ? (v == 0) : v * scale + shift;
    }
    EvalValue *r = eval_cast(d, x->dtype);
    eval_release(d);
    return r;
}

/* ---- numbers ------------------------------------------------------------------------ */

static const char *float_literal(Arena *a, double v)
{
    if (isnan(v))
        return "float('nan')";
    if (isinf(v))
        return v > 0 ? "float('inf')" : "float('-inf')";
    char *s = arena_sprintf(a, "%.9g", v);
    if (!strpbrk(s, ".e"))
        s = arena_sprintf(a, "%s.0", s);
    return s;
}

static EvalValue *scalar_value(DType dt, double v)
{
    EvalValue *d = eval_tensor_new(DT_DOUBLE, 0, NULL);
    if (!d)
        return NULL;
    *(double *)d->data = v;
    EvalValue *r = eval_cast(d, dt);
    eval_release(d);
    return r;
}

/* One number candidate V for input I (X its example). */
static void number(Arena *a, PtrVec *out, const CompareInput *in, int i, double v, const char *literal)
{
    const EvalValue *x = in->value;
    const char *text = in->python_scalar ? literal : arena_sprintf(a, "%s:%s", literal, dtype_name(x->dtype));
    EvalValue *c = scalar_value(x->dtype, v);
    if (!c)
        return;
    if (same_value(c, x)) {
        eval_release(c);
        return;
    }
    for (int k = 0; k < out->len; k++) {
        const Candidate *o = out->items[k];
        if (o->input == i && same_value(o->value, c)) {
            eval_release(c);
            return;
        }
    }
    push(a, out, i, c, arena_sprintf(a, "%s=%s", in->name, literal), text, false);
}

static void number_candidates(Arena *a, PtrVec *out, const CompareInput *in, int i, const double *t, int nt)
{
    const EvalValue *x = in->value;
    if (x->dtype == DT_BOOL) {
        bool b = eval_get_f64(x, 0) != 0;
        number(a, out, in, i, !b, b ? "False" : "True");
    } else if (dtype_is_int(x->dtype)) {
        int64_t n = eval_get_i64(x, 0);
        bool is_unsigned = x->dtype == DT_UINT8 || x->dtype == DT_UINT16 || x->dtype == DT_UINT32 ||
                           x->dtype == DT_UINT64;
        int64_t c[6] = {n + 1, n - 1, 2 * n, -n, 0, 1};
        bool ok[6] = {n < INT64_MAX, n > INT64_MIN && (!is_unsigned || n > 0),
                      n > INT64_MIN / 2 && n < INT64_MAX / 2, n > INT64_MIN && !is_unsigned, true, true};
        for (int k = 0; k < 6; k++)
            if (ok[k])
                number(a, out, in, i, (double)c[k], arena_sprintf(a, "%lld", (long long)c[k]));
        for (int k = 0; k < nt; k++)
            for (int d = 0; d < 3; d++) {
                double v = d == 0 ? ceil(t[k]) - 1 : d == 1 ? t[k] : floor(t[k]) + 1;
                if (v == floor(v) && fabs(v) < 9e15 && (!is_unsigned || v >= 0))
                    number(a, out, in, i, v, arena_sprintf(a, "%lld", (long long)v));
            }
    } else if (dtype_is_float(x->dtype)) {
        double v = in->python_scalar ? in->float_value : eval_get_f64(x, 0);
        double c[6] = {v + 1, v - 1, 2 * v, -v, 0, 1};
        for (int k = 0; k < 6; k++)
            number(a, out, in, i, c[k], float_literal(a, c[k]));
        for (int k = 0; k < nt; k++)
            for (int d = -1; d <= 1; d++)
                number(a, out, in, i, t[k] + d, float_literal(a, t[k] + d));
    }
}

/* ---- tensor values ------------------------------------------------------------------- */

typedef struct Mapping {
    const char *label;      /* "%s" is the input's name */
    double scale, shift;
    bool logical_not;
} Mapping;

static void value_candidates(Arena *a, PtrVec *out, const CompareInput *in, int i)
{
    static const Mapping floats[] = {
        {"-%s", -1, 0, false}, {"2*%s", 2, 0, false}, {"%s/2", 0.5, 0, false},
        {"10*%s", 10, 0, false}, {"%s/10", 0.1, 0, false},
    };
    static const Mapping ints[] = {
        {"-%s", -1, 0, false}, {"2*%s", 2, 0, false}, {"%s+1", 1, 1, false},
        {"%s-1", 1, -1, false}, {"0*%s", 0, 0, false},
    };
    static const Mapping bools[] = {
        {"~%s", 0, 0, true}, {"all False", 0, 0, false}, {"all True", 0, 1, false},
    };
    const EvalValue *x = in->value;
    const Mapping *m = dtype_is_float(x->dtype) ? floats : x->dtype == DT_BOOL ? bools : ints;
    int n = x->dtype == DT_BOOL ? 3 : 5;
    if (!dtype_is_float(x->dtype) && !dtype_is_int(x->dtype) && x->dtype != DT_BOOL)
        return;
    for (int k = 0; k < n; k++) {
        EvalValue *v = mapped(x, m[k].scale, m[k].shift, m[k].logical_not);
        if (v && same_value(v, x)) {
            eval_release(v);
            continue;
        }
        if (v) {
            const char *what = strchr(m[k].label, '%') ? arena_sprintf(a, m[k].label, in->name) : m[k].label;
            push(a, out, i, v, arena_sprintf(a, "%s=%s", in->name, what), NULL, false);
        }
    }
}

/* ---- tensor sizes ------------------------------------------------------------------- */

/* "randn(3, 4):float32" -> the generator, its dims and the suffix; false
 * when TEXT is another form. */
static bool generator_form(Arena *a, const char *text, const char **fn, int64_t *dims, int *rank,
                           const char **suffix)
{
    static const char *const names[] = {"randn", "rand", "ones", "zeros", "arange"};
    const char *p = text;
    while (isspace((unsigned char)*p))
        p++;
    size_t n = 0;
    while (isalpha((unsigned char)p[n]))
        n++;
    bool known = false;
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        known |= strlen(names[k]) == n && !strncmp(p, names[k], n);
    if (!known || p[n] != '(')
        return false;
    *fn = arena_strndup(a, p, n);
    p += n + 1;
    *rank = 0;
    while (*p && *p != ')') {
        char *end;
        errno = 0;
        long long d = strtoll(p, &end, 10);
        if (end == p || errno || d < 0 || *rank >= EVAL_MAX_RANK)
            return false;
        dims[(*rank)++] = d;
        p = end;
        while (isspace((unsigned char)*p) || *p == ',')
            p++;
    }
    if (*p != ')')
        return false;
    *suffix = p + 1;
    return !**suffix || **suffix == ':';
}

static const char *dims_text(Arena *a, const int64_t *dims, int rank, const char *sep)
{
    const char *s = "";
    for (int i = 0; i < rank; i++)
        s = arena_sprintf(a, "%s%s%lld", s, i ? sep : "", (long long)dims[i]);
    return s;
}

/* X repeated (or cut) along AXIS to size N. */
static EvalValue *tiled(const EvalValue *x, int axis, int64_t n)
{
    int64_t dims[EVAL_MAX_RANK], outer = 1, inner = 1, d = x->dims[axis];
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
    dims[axis] = n;
    for (int i = 0; i < x->rank; i++) {
        if (i < axis)
            outer *= x->dims[i];
        if (i > axis)
            inner *= x->dims[i];
    }
    EvalValue *y = eval_tensor_new(x->dtype, x->rank, dims);
    if (!y || d == 0)
        return y;
    size_t row = (size_t)inner * dtype_size(x->dtype);
    for (int64_t o = 0; o < outer; o++)
        for (int64_t j = 0; j < n; j++)
            memcpy((char *)y->data + (size_t)(o * n + j) * row,
                   (const char *)x->data + (size_t)(o * d + j % d) * row, row);
    return y;
}

/* New floating-point values of X's mean and spread at DIMS (a seeded
 * normal stream): resized inputs must not repeat the example's values,
 * or a trace that reads only the example's rows (a loop unrolled to its
 * size) would look right. */
static EvalValue *fresh_like(Arena *a, const EvalValue *x, const int64_t *dims, uint64_t seed)
{
    int64_t n = 1;
    for (int i = 0; i < x->rank; i++)
        n *= x->dims[i];
    double mean = 0, var = 0;
    for (int64_t i = 0; i < n; i++)
        mean += eval_get_f64(x, i);
    mean = n ? mean / (double)n : 0;
    for (int64_t i = 0; i < n; i++)
        var += (eval_get_f64(x, i) - mean) * (eval_get_f64(x, i) - mean);
    double sd = n > 1 ? sqrt(var / (double)n) : 1;
    if (!(sd > 0) || !isfinite(sd) || !isfinite(mean)) {
        mean = 0;
        sd = 1;
    }
    const char *text = arena_sprintf(a, "randn(%s)", dims_text(a, dims, x->rank, ","));
    ExampleValue ev;
    char *err = NULL;
    if (!example_parse(a, "resized", text, seed, &ev, &err))
        return NULL;
    EvalValue *g = eval_tensor_borrow(ev.tensor), *v = g ? eval_cast(g, DT_DOUBLE) : NULL;
    eval_release(g);
    if (!v)
        return NULL;
    int64_t m = 1;
    for (int i = 0; i < x->rank; i++)
        m *= dims[i];
    double *d = v->data;
    for (int64_t i = 0; i < m; i++)
        d[i] = mean + sd * d[i];
    EvalValue *r = eval_cast(v, x->dtype);
    eval_release(v);
    return r;
}

/* Input I at size N on AXIS: the same generator when the example was
 * generated (its own random stream, as the option would give it), fresh
 * values of the example's spread for floating-point data, else the
 * example's values repeated (integers: indices and token ids stay in
 * their range). */
static void resized(Arena *a, PtrVec *out, const Options *o, const CompareInput *in, int i, int axis, int64_t n)
{
    const EvalValue *x = in->value;
    int64_t dims[EVAL_MAX_RANK];
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
    dims[axis] = n;
    int64_t numel = 1;
    for (int k = 0; k < x->rank; k++)
        numel = dims[k] && numel > CANDIDATE_MAX_ELEMENTS / dims[k] ? CANDIDATE_MAX_ELEMENTS + 1 : numel * dims[k];
    if (numel > CANDIDATE_MAX_ELEMENTS)
        return;
    const char *label = arena_sprintf(a, "%s: [%s]", in->name, dims_text(a, dims, x->rank, ", "));
    const char *fn, *suffix;
    int64_t gdims[EVAL_MAX_RANK];
    int grank;
    if (generator_form(a, in->text, &fn, gdims, &grank, &suffix) && grank == x->rank) {
        const char *text = arena_sprintf(a, "%s(%s)%s", fn, dims_text(a, dims, x->rank, ","), suffix);
        ExampleValue ev;
        char *err = NULL;
        if (example_parse(a, in->name, text, o->seed + (uint64_t)in->index, &ev, &err)) {
            EvalValue *g = eval_tensor_borrow(ev.tensor), *v = g ? eval_cast(g, x->dtype) : NULL;
            eval_release(g);
            if (v)
                push(a, out, i, v, label, text, true);
            return;
        }
    }
    EvalValue *v = dtype_is_float(x->dtype) ? fresh_like(a, x, dims, o->seed + (uint64_t)in->index * 7919u + 17u)
                                            : NULL;
    if (!v)
        v = tiled(x, axis, n);
    if (v)
        push(a, out, i, v, label, NULL, true);
}

static void size_candidates(Arena *a, PtrVec *out, const Options *o, const CompareInput *in, int i)
{
    const EvalValue *x = in->value;
    for (int axis = 0; axis < x->rank; axis++) {
        int64_t d = x->dims[axis], sizes[5] = {d + 1, d - 1, 2 * d, 1, 0};
        for (int k = 0; k < 5; k++) {
            bool repeated = sizes[k] < 0 || sizes[k] == d;
            for (int j = 0; j < k; j++)
                repeated |= sizes[j] == sizes[k];
            if (!repeated)
                resized(a, out, o, in, i, axis, sizes[k]);
        }
    }
}

void compare_candidates(Arena *a, const Options *o, const CompareInput *inputs, int n_inputs,
                        const double *thresholds, int n_thresholds, PtrVec *out)
{
    for (int i = 0; i < n_inputs; i++)
        if (inputs[i].value->kind == EVAL_TENSOR && inputs[i].value->rank == 0)
            number_candidates(a, out, &inputs[i], i, thresholds, n_thresholds);
    for (int i = 0; i < n_inputs; i++)
        if (inputs[i].value->kind == EVAL_TENSOR && inputs[i].value->rank > 0)
            value_candidates(a, out, &inputs[i], i);
    for (int i = 0; i < n_inputs; i++)
        if (inputs[i].value->kind == EVAL_TENSOR && inputs[i].value->rank > 0)
            size_candidates(a, out, o, &inputs[i], i);
}

/* ---- thresholds -------------------------------------------------------------------------- */

static bool is_comparison(const IrNode *n)
{
    static const char *const ops[] = {"Equal", "Greater", "GreaterOrEqual", "Less", "LessOrEqual"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(n->op_type, ops[i]) && (!n->domain || !*n->domain))
            return true;
    return false;
}

static void thresholds_in(const IrGraph *g, double *out, int max, int *n, int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        const IrNode *node = g->nodes.items[i];
        for (int k = 0; is_comparison(node) && k < node->n_inputs; k++) {
            const IrValue *v = node->inputs[k];
            if (!v || !v->init || v->producer || ir_tensor_numel(v->init) != 1 || !v->init->data)
                continue;
            EvalValue *c = eval_tensor_borrow(v->init);
            double x = c ? eval_get_f64(c, 0) : NAN;
            eval_release(c);
            bool seen = !isfinite(x);
            for (int j = 0; j < *n && !seen; j++)
                seen = out[j] == x;
            if (!seen && *n < max)
                out[(*n)++] = x;
        }
        for (int a = 0; a < node->n_attrs; a++)
            if (node->attrs[a].kind == IR_ATTR_GRAPH && node->attrs[a].g)
                thresholds_in(node->attrs[a].g, out, max, n, depth + 1);
    }
}

int compare_thresholds(const IrGraph *g, double *out, int max)
{
    int n = 0;
    thresholds_in(g, out, max, &n, 0);
    return n;
}

/* ---- --example texts -------------------------------------------------------------------- */

static bool literal_element(Arena *a, const EvalValue *v, int64_t i, const char **out)
{
    if (v->dtype == DT_BOOL) {
        *out = eval_get_f64(v, i) != 0 ? "True" : "False";
    } else if (dtype_is_int(v->dtype)) {
        *out = arena_sprintf(a, "%lld", (long long)eval_get_i64(v, i));
    } else {
        double d = eval_get_f64(v, i);
        if (!isfinite(d))
            return false;
        *out = float_literal(a, d);
    }
    return true;
}

/* A nested list with V's elements, NULL when an element has no literal. */
static const char *nested_list(Arena *a, const EvalValue *v, int axis, int64_t *at)
{
    const char *s = "[";
    for (int64_t j = 0; j < v->dims[axis]; j++) {
        const char *item;
        if (axis + 1 < v->rank)
            item = nested_list(a, v, axis + 1, at);
        else if (!literal_element(a, v, (*at)++, &item))
            item = NULL;
        if (!item)
            return NULL;
        s = arena_sprintf(a, "%s%s%s", s, j ? ", " : "", item);
    }
    return arena_sprintf(a, "%s]", s);
}

const char *compare_example_text(Arena *a, const Candidate *c, const char *name, const char *dir)
{
    if (c->text)
        return c->text;
    const EvalValue *v = c->value;
    bool empty = false;
    for (int i = 0; i < v->rank; i++)
        empty |= v->dims[i] == 0;
    if (v->numel <= LITERAL_MAX_ELEMENTS && v->rank > 0 && !empty) {
        int64_t at = 0;
        const char *list = nested_list(a, v, 0, &at);
        if (list)
            return arena_sprintf(a, "%s:%s", list, dtype_name(v->dtype));
    }
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "tsc2onnx: error: cannot make directory '%s': %s\n", dir, strerror(errno));
        return NULL;
    }
    const char *path = arena_sprintf(a, "%s/%s.npy", dir, name);
    char *err = NULL;
    if (!npy_save(a, path, eval_to_ir_tensor(a, v), &err)) {
        fprintf(stderr, "tsc2onnx: error: %s\n", err);
        return NULL;
    }
    return arena_sprintf(a, "@%s", path);
}
