/* Selection by value: TopK (stable, so among equal values the lower index
 * comes first; NaN counts as larger than any number) and Unique (of
 * elements, or of slices along an axis; sorted or in order of first
 * occurrence, with the first-occurrence indices, the inverse indices and
 * the counts). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

/* ---- TopK ---------------------------------------------------------------------------- */

typedef struct TopKCtx {
    const double *v;
    bool largest;
} TopKCtx;

/* a before b: the larger first when LARGEST (NaN largest), else the smaller. */
static int topk_cmp(void *ctx, int64_t a, int64_t b)
{
    const TopKCtx *t = ctx;
    double x = t->v[a], y = t->v[b];
    bool xn = isnan(x), yn = isnan(y);
    if (xn || yn)
        return xn == yn ? 0 : (xn == t->largest ? -1 : 1);
    if (x == y)
        return 0;
    return (x > y) == t->largest ? -1 : 1;
}

static bool topk_k(EvalCall *c, int64_t *k)
{
    if (c->version < 10) {
        *k = eval_attr_int(c, "k", -1);
        return true;
    }
    EvalValue *kv = eval_tensor_in(c, 1, false);
    return kv && eval_scalar_i64(c, kv, "K", k);
}

static EvalStatus eval_topk(EvalCall *c)
{
    EvalValue *X = eval_tensor_in(c, 0, false);
    int axis;
    int64_t k;
    if (!X || !topk_k(c, &k) || !eval_axis(c, eval_attr_int(c, "axis", -1), X->rank, &axis))
        return EVAL_ERROR;
    int64_t n = X->dims[axis];
    if (k < 0 || k > n)
        return eval_fail(c, "K = %lld is not in [0, %lld]", (long long)k, (long long)n);
    int64_t dims[EVAL_MAX_RANK], inner = 1;
    memcpy(dims, X->dims, sizeof(int64_t) * (size_t)X->rank);
    dims[axis] = k;
    for (int i = axis + 1; i < X->rank; i++)
        inner *= X->dims[i];
    EvalValue *V = eval_output(c, 0, X->dtype, X->rank, dims);
    EvalValue *I = V ? eval_output(c, 1, DT_INT64, X->rank, dims) : NULL;
    if (!V || !I)
        return EVAL_ERROR;
    double *row = malloc(sizeof(double) * (size_t)(n + 1));
    int64_t *idx = malloc(sizeof(int64_t) * (size_t)(n + 1));
    TopKCtx ctx = {row, eval_attr_int(c, "largest", 1) != 0};
    size_t es = dtype_size(X->dtype);
    for (int64_t base = 0; base < X->numel && n > 0; base += n * inner) {
        for (int64_t i = 0; i < inner; i++) {
            eval_load_f64(X->dtype, (const char *)X->data + (size_t)(base + i) * es, inner, row, n);
            for (int64_t j = 0; j < n; j++)
                idx[j] = j;
            eval_sort_indices(idx, n, topk_cmp, &ctx);
            int64_t obase = base / n * k;
            for (int64_t j = 0; j < k; j++) {
                int64_t src = base + idx[j] * inner + i, dst = obase + j * inner + i;
                memcpy((char *)V->data + (size_t)dst * es, (const char *)X->data + (size_t)src * es, es);
                ((int64_t *)I->data)[dst] = idx[j];
            }
        }
    }
    free(row);
    free(idx);
    return EVAL_OK;
}

/* ---- Unique --------------------------------------------------------------------------------- */

typedef struct Slices {
    const EvalValue *x;
    int64_t n, outer, inner;    /* n slices of outer x inner elements */
} Slices;

static int64_t slice_elem(const Slices *s, int64_t slice, int64_t j)
{
    return ((j / s->inner) * s->n + slice) * s->inner + j % s->inner;
}

static int slice_cmp(void *ctx, int64_t a, int64_t b)
{
    const Slices *s = ctx;
    bool fl = eval_domain(s->x->dtype) == DOM_F64, u = eval_domain(s->x->dtype) == DOM_U64;
    for (int64_t j = 0; j < s->outer * s->inner; j++) {
        int64_t ea = slice_elem(s, a, j), eb = slice_elem(s, b, j);
        if (fl) {
            double x = eval_get_f64(s->x, ea), y = eval_get_f64(s->x, eb);
            if (x != y)
                return x < y ? -1 : 1;
        } else {
            int64_t x = eval_get_i64(s->x, ea), y = eval_get_i64(s->x, eb);
            if (x != y)
                return (u ? (uint64_t)x < (uint64_t)y : x < y) ? -1 : 1;
        }
    }
    return 0;
}

typedef struct UniqueResult {
    int64_t count;              /* distinct slices */
    int64_t *first;             /* per distinct slice: its first index */
    int64_t *counts;
    int64_t *inverse;           /* per slice: its distinct slice */
} UniqueResult;

static int first_cmp(void *ctx, int64_t a, int64_t b)
{
    const int64_t *first = ctx;
    return first[a] < first[b] ? -1 : first[a] > first[b];
}

/* Groups the slices; distinct slices come sorted, or by first occurrence. */
static void unique_groups(Slices *s, bool sorted, UniqueResult *r)
{
    int64_t n = s->n, *order = malloc(sizeof(int64_t) * (size_t)(n + 1));
    int64_t *group = malloc(sizeof(int64_t) * (size_t)(n + 1));
    for (int64_t i = 0; i < n; i++)
        order[i] = i;
    eval_sort_indices(order, n, slice_cmp, s);
    r->count = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i == 0 || slice_cmp(s, order[i - 1], order[i]) != 0)
            r->first[r->count++] = order[i];
        group[order[i]] = r->count - 1;
    }
    int64_t *rank = malloc(sizeof(int64_t) * (size_t)(r->count + 1));
    for (int64_t g = 0; g < r->count; g++)
        rank[g] = g;
    if (!sorted) {
        eval_sort_indices(rank, r->count, first_cmp, r->first);
        int64_t *pos = malloc(sizeof(int64_t) * (size_t)(r->count + 1));
        int64_t *f = malloc(sizeof(int64_t) * (size_t)(r->count + 1));
        for (int64_t g = 0; g < r->count; g++) {
            pos[rank[g]] = g;
            f[g] = r->first[rank[g]];
        }
        memcpy(r->first, f, sizeof(int64_t) * (size_t)r->count);
        for (int64_t i = 0; i < n; i++)
            group[i] = pos[group[i]];
        free(pos);
        free(f);
    }
    memset(r->counts, 0, sizeof(int64_t) * (size_t)(r->count + 1));
    for (int64_t i = 0; i < n; i++) {
        r->inverse[i] = group[i];
        r->counts[group[i]]++;
    }
    free(rank);
    free(group);
    free(order);
}

static EvalStatus unique_outputs(EvalCall *c, const Slices *s, int axis, const UniqueResult *r)
{
    const EvalValue *x = s->x;
    int64_t dims[EVAL_MAX_RANK];
    int rank = axis < 0 ? 1 : x->rank;
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
    dims[axis < 0 ? 0 : axis] = r->count;
    EvalValue *Y = eval_output(c, 0, x->dtype, rank, dims);
    if (!Y)
        return EVAL_ERROR;
    size_t es = dtype_size(x->dtype);
    int64_t per = s->outer * s->inner;
    for (int64_t g = 0; g < r->count; g++)
        for (int64_t j = 0; j < per; j++) {
            int64_t dst = ((j / s->inner) * r->count + g) * s->inner + j % s->inner;
            memcpy((char *)Y->data + (size_t)dst * es,
                   (const char *)x->data + (size_t)slice_elem(s, r->first[g], j) * es, es);
        }
    const int64_t *lists[3] = {r->first, r->inverse, r->counts};
    int64_t lens[3] = {r->count, s->n, r->count};
    for (int k = 0; k < 3; k++) {
        EvalValue *o = eval_wants(c, k + 1) ? eval_output(c, k + 1, DT_INT64, 1, &lens[k]) : NULL;
        if (eval_wants(c, k + 1) && !o)
            return EVAL_ERROR;
        if (o && lens[k])
            memcpy(o->data, lists[k], sizeof(int64_t) * (size_t)lens[k]);
    }
    return EVAL_OK;
}

static EvalStatus eval_unique(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    int axis = -1;
    if (eval_has_attr(c, "axis") && !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    Slices s = {x, x->numel, 1, 1};
    if (axis >= 0) {
        s.n = x->dims[axis];
        for (int i = 0; i < x->rank; i++) {
            if (i < axis)
                s.outer *= x->dims[i];
            if (i > axis)
                s.inner *= x->dims[i];
        }
    }
    UniqueResult r;
    r.first = malloc(sizeof(int64_t) * (size_t)(s.n + 1));
    r.counts = malloc(sizeof(int64_t) * (size_t)(s.n + 1));
    r.inverse = malloc(sizeof(int64_t) * (size_t)(s.n + 1));
    unique_groups(&s, eval_attr_int(c, "sorted", 1) != 0, &r);
    EvalStatus st = unique_outputs(c, &s, axis, &r);
    free(r.first);
    free(r.counts);
    free(r.inverse);
    return st;
}

const EvalOp eval_select_ops[] = {
    {"TopK", eval_topk, NULL},
    {"Unique", eval_unique, NULL},
};

const int eval_select_count = sizeof eval_select_ops / sizeof eval_select_ops[0];
