/* A stable merge sort of index arrays with a caller's comparison (the C
 * library's qsort is neither stable nor able to take a context without
 * global state).  TopK, Unique and ArgMax's ties rely on the stability:
 * equal elements keep their order, so the lower index comes first. */
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

static void merge_pass(int64_t *idx, int64_t *tmp, int64_t lo, int64_t mid, int64_t hi,
                       EvalCompare cmp, void *ctx)
{
    int64_t i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = cmp(ctx, idx[j], idx[i]) < 0 ? idx[j++] : idx[i++];
    while (i < mid)
        tmp[k++] = idx[i++];
    while (j < hi)
        tmp[k++] = idx[j++];
    memcpy(idx + lo, tmp + lo, sizeof(int64_t) * (size_t)(hi - lo));
}

bool eval_sort_indices(int64_t *idx, int64_t n, EvalCompare cmp, void *ctx)
{
    if (n < 2)
        return true;
    int64_t *tmp = malloc(sizeof(int64_t) * (size_t)n);
    if (!tmp)
        return false;
    for (int64_t width = 1; width < n; width *= 2)
        for (int64_t lo = 0; lo < n - width; lo += 2 * width)
            merge_pass(idx, tmp, lo, lo + width, lo + 2 * width < n ? lo + 2 * width : n, cmp, ctx);
    free(tmp);
    return true;
}
