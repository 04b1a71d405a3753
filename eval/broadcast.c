/* numpy broadcasting: the result shape of several tensors, and a walk over
 * the result in runs along its innermost dimension.  Dimensions of size 1
 * are dropped and adjacent dimensions that every operand reads
 * contiguously are merged, so adding a [1, C, 1, 1] bias to an [N, C, H, W]
 * tensor walks N*C runs of H*W elements. */
#include <string.h>

#include "eval/kernel.h"

bool eval_bcast_shape(EvalValue *const *ops, int n, int *rank, int64_t *dims)
{
    int r = 0;
    for (int k = 0; k < n; k++)
        if (ops[k]->rank > r)
            r = ops[k]->rank;
    for (int i = 0; i < r; i++)
        dims[i] = 1;
    for (int k = 0; k < n; k++) {
        int off = r - ops[k]->rank;
        for (int i = 0; i < ops[k]->rank; i++) {
            int64_t d = ops[k]->dims[i];
            if (d == dims[off + i] || d == 1)
                continue;
            if (dims[off + i] != 1)
                return false;
            dims[off + i] = d;
        }
    }
    *rank = r;
    return true;
}

void eval_strides(int rank, const int64_t *dims, int64_t *strides)
{
    int64_t s = 1;
    for (int i = rank - 1; i >= 0; i--) {
        strides[i] = s;
        s *= dims[i];
    }
}

void eval_bcast_init(EvalBcast *b, EvalValue *const *ops, int n, int rank, const int64_t *dims)
{
    memset(b, 0, sizeof *b);
    b->n_ops = n;
    int64_t numel = 1;
    for (int i = 0; i < rank; i++)
        numel *= dims[i];
    b->done = numel == 0;
    /* output dims other than 1, with each operand's strides (0 where it is
     * broadcast) */
    for (int i = 0; i < rank; i++) {
        if (dims[i] == 1)
            continue;
        int j = b->rank++;
        b->dims[j] = dims[i];
        for (int k = 0; k < n; k++) {
            const EvalValue *v = ops[k];
            int vi = i - (rank - v->rank);
            int64_t s = 0;
            if (vi >= 0 && v->dims[vi] != 1) {
                s = 1;
                for (int t = vi + 1; t < v->rank; t++)
                    s *= v->dims[t];
            }
            b->strides[k][j] = s;
        }
    }
    /* merge dimension j into j-1 when every operand reads them as one */
    int w = 0;
    for (int j = 0; j < b->rank; j++) {
        bool merge = w > 0;
        for (int k = 0; k < n && merge; k++)
            merge = b->strides[k][w - 1] == b->strides[k][j] * b->dims[j];
        if (merge) {
            b->dims[w - 1] *= b->dims[j];
            for (int k = 0; k < n; k++)
                b->strides[k][w - 1] = b->strides[k][j];
            continue;
        }
        b->dims[w] = b->dims[j];
        for (int k = 0; k < n; k++)
            b->strides[k][w] = b->strides[k][j];
        w++;
    }
    b->rank = w;
    if (b->rank == 0) {
        b->rank = 1;
        b->dims[0] = 1;
        for (int k = 0; k < n; k++)
            b->strides[k][0] = 0;
    }
    for (int k = 0; k < n; k++)
        b->inner[k] = b->strides[k][b->rank - 1];
}

int64_t eval_bcast_next(EvalBcast *b)
{
    if (b->done)
        return 0;
    int last = b->rank - 1;
    if (!b->started) {
        b->started = true;
        return b->dims[last];
    }
    /* advance the outer index like an odometer */
    for (int i = last - 1; i >= 0; i--) {
        b->index[i]++;
        for (int k = 0; k < b->n_ops; k++)
            b->offs[k] += b->strides[k][i];
        if (b->index[i] < b->dims[i])
            return b->dims[last];
        for (int k = 0; k < b->n_ops; k++)
            b->offs[k] -= b->strides[k][i] * b->dims[i];
        b->index[i] = 0;
    }
    b->done = true;
    return 0;
}

void eval_copy_strided(void *dst, int64_t dstride, const void *src, int64_t sstride,
                       int64_t n, size_t es)
{
    char *d = dst;
    const char *s = src;
    if (dstride == 1 && sstride == 1) {
        memcpy(d, s, (size_t)n * es);
        return;
    }
    switch (es) {
    case 1: for (int64_t i = 0; i < n; i++) d[i * dstride] = s[i * sstride]; break;
    case 2: for (int64_t i = 0; i < n; i++) ((uint16_t *)d)[i * dstride] = ((const uint16_t *)s)[i * sstride]; break;
    case 4: for (int64_t i = 0; i < n; i++) ((uint32_t *)d)[i * dstride] = ((const uint32_t *)s)[i * sstride]; break;
    case 8: for (int64_t i = 0; i < n; i++) ((uint64_t *)d)[i * dstride] = ((const uint64_t *)s)[i * sstride]; break;
    default:
        for (int64_t i = 0; i < n; i++)
            memcpy(d + i * dstride * (int64_t)es, s + i * sstride * (int64_t)es, es);
        break;
    }
}

EvalValue *eval_broadcast_to(EvalCall *c, EvalValue *src, int rank, const int64_t *dims)
{
    EvalValue *y = eval_alloc(c, src->dtype, rank, dims);
    if (!y)
        return NULL;
    EvalBcast b;
    eval_bcast_init(&b, &src, 1, rank, dims);
    size_t es = dtype_size(src->dtype);
    char *out = y->data;
    int64_t len;
    while ((len = eval_bcast_next(&b)) > 0) {
        eval_copy_strided(out, 1, (const char *)src->data + (size_t)b.offs[0] * es, b.inner[0],
                          len, es);
        out += (size_t)len * es;
    }
    return y;
}

void eval_copy_view(void *dst, const void *src, int64_t base, int rank, const int64_t *dims,
                    const int64_t *strides, size_t es)
{
    int64_t numel = 1;
    for (int i = 0; i < rank; i++)
        numel *= dims[i];
    if (numel == 0)
        return;
    if (rank == 0) {
        memcpy(dst, (const char *)src + (size_t)base * es, es);
        return;
    }
    int64_t index[EVAL_MAX_RANK] = {0};
    int64_t off = base, inner = dims[rank - 1];
    char *d = dst;
    for (;;) {
        eval_copy_strided(d, 1, (const char *)src + off * (int64_t)es, strides[rank - 1], inner, es);
        d += (size_t)inner * es;
        int i = rank - 2;
        for (; i >= 0; i--) {
            off += strides[i];
            if (++index[i] < dims[i])
                break;
            off -= strides[i] * dims[i];
            index[i] = 0;
        }
        if (i < 0)
            return;
    }
}
