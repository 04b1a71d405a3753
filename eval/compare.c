/* Comparing values: the check behind `tsc2onnx run --check-outputs` and
 * the conformance tests (later also `compare`).  Integers and bools must be
 * equal; floating-point elements may differ by atol + rtol * |want|, NaN
 * matches NaN, an infinity matches the same infinity.  With rtol and atol
 * both 0 the comparison is exact: the sign of a zero counts too. */
#include <math.h>

#include "eval/kernel.h"

static bool same_shape(const EvalValue *a, const EvalValue *b)
{
    if (a->rank != b->rank)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i])
            return false;
    return true;
}

/* The index of the first differing element, -1 when none. */
static int64_t first_difference(const EvalValue *got, const EvalValue *want, double rtol,
                                double atol, int64_t *count)
{
    int64_t first = -1;
    *count = 0;
    bool fl = dtype_is_float(want->dtype);
    for (int64_t i = 0; i < want->numel; i++) {
        bool same;
        if (fl) {
            double g = eval_get_f64(got, i), w = eval_get_f64(want, i);
            if (isnan(w) || isnan(g))
                same = isnan(w) && isnan(g);
            else if (isinf(w) || isinf(g))
                same = g == w;
            else if (rtol == 0 && atol == 0)
                same = g == w && signbit(g) == signbit(w);
            else
                same = fabs(g - w) <= atol + rtol * fabs(w);
        } else {
            same = eval_get_i64(got, i) == eval_get_i64(want, i);
        }
        if (!same) {
            if (first < 0)
                first = i;
            (*count)++;
        }
    }
    return first;
}

static bool tensors_close(Arena *a, const EvalValue *got, const EvalValue *want, double rtol,
                          double atol, char **why)
{
    if (got->dtype != want->dtype || !same_shape(got, want)) {
        *why = arena_sprintf(a, "expected %s, got %s", eval_value_type_str(a, want),
                             eval_value_type_str(a, got));
        return false;
    }
    int64_t count;
    int64_t i = first_difference(got, want, rtol, atol, &count);
    if (i < 0)
        return true;
    if (dtype_is_float(want->dtype))
        *why = arena_sprintf(a, "%lld of %lld elements differ; element %lld is %.9g, expected %.9g",
                             (long long)count, (long long)want->numel, (long long)i,
                             eval_get_f64(got, i), eval_get_f64(want, i));
    else
        *why = arena_sprintf(a, "%lld of %lld elements differ; element %lld is %lld, expected %lld",
                             (long long)count, (long long)want->numel, (long long)i,
                             (long long)eval_get_i64(got, i), (long long)eval_get_i64(want, i));
    return false;
}

bool eval_values_close(Arena *a, const EvalValue *got, const EvalValue *want, double rtol,
                       double atol, char **why)
{
    if (got->kind != want->kind) {
        *why = arena_sprintf(a, "expected %s, got %s", eval_value_type_str(a, want),
                             eval_value_type_str(a, got));
        return false;
    }
    if (got->kind == EVAL_TENSOR)
        return tensors_close(a, got, want, rtol, atol, why);
    if (got->kind == EVAL_OPTIONAL) {
        if (!got->elem || !want->elem) {
            *why = arena_sprintf(a, "expected %s, got %s", eval_value_type_str(a, want),
                                 eval_value_type_str(a, got));
            return !got->elem && !want->elem;
        }
        return eval_values_close(a, got->elem, want->elem, rtol, atol, why);
    }
    if (got->n_items != want->n_items) {
        *why = arena_sprintf(a, "expected a sequence of %d tensors, got %d", want->n_items,
                             got->n_items);
        return false;
    }
    for (int i = 0; i < got->n_items; i++) {
        if (!tensors_close(a, got->items[i], want->items[i], rtol, atol, why)) {
            *why = arena_sprintf(a, "sequence element %d: %s", i, *why);
            return false;
        }
    }
    return true;
}
