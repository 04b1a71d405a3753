/* Convolutions, any number of spatial axes, with groups, strides,
 * dilations and padding (eval/window.c computes the geometry).
 *
 * Conv is im2col + GEMM: for each image and group, the input patches are
 * laid out as a [C/group * prod(kernel), prod(out)] matrix (zeros where a
 * patch reaches into the padding) and multiplied by the group's
 * [M/group, C/group * prod(kernel)] weights with eval/gemm.c; a 1x1
 * convolution without stride or padding multiplies the input directly.
 * ConvTranspose is the adjoint: weightsᵀ times the input gives, for each
 * input position, the contribution to every kernel offset, which col2im
 * adds into the output.  float16/bfloat16 are computed in float32. */
#include <stdlib.h>
#include <string.h>

#include "eval/gemm.h"
#include "eval/kernel.h"

static int64_t prod(const int64_t *d, int n)
{
    int64_t p = 1;
    for (int i = 0; i < n; i++)
        p *= d[i];
    return p;
}

static int64_t ceil_div(int64_t a, int64_t s) { return a > 0 ? (a + s - 1) / s : -((-a) / s); }
static int64_t floor_div(int64_t a, int64_t s) { return a >= 0 ? a / s : -((-a + s - 1) / s); }

/* Offsets of kernel element KIDX along each spatial axis. */
static void kernel_offsets(const EvalWindow *w, int64_t kidx, int64_t *kv)
{
    for (int i = w->n - 1; i >= 0; i--) {
        kv[i] = kidx % w->kernel[i];
        kidx /= w->kernel[i];
    }
}

/* One row of im2col: for kernel offsets KV, every output position's input
 * element (0 in the padding) of the channel at X. */
static void im2col_row(const char *x, size_t es, const EvalWindow *w, const int64_t *kv, char *row)
{
    int n = w->n, last = n - 1;
    int64_t ist[EVAL_MAX_RANK], idx[EVAL_MAX_RANK] = {0};
    eval_strides(n, w->in, ist);
    int64_t ow = w->out[last], s = w->stride[last];
    int64_t shift = w->pad_begin[last] - kv[last] * w->dilation[last];
    int64_t lo = ceil_div(shift, s), hi = floor_div(w->in[last] - 1 + shift, s) + 1;
    lo = lo < 0 ? 0 : lo > ow ? ow : lo;
    hi = hi > ow ? ow : hi < lo ? lo : hi;
    int64_t outer = prod(w->out, last);
    for (int64_t o = 0; o < outer; o++) {
        int64_t off = 0;
        bool inside = true;
        for (int i = 0; i < last && inside; i++) {
            int64_t ii = idx[i] * w->stride[i] - w->pad_begin[i] + kv[i] * w->dilation[i];
            inside = ii >= 0 && ii < w->in[i];
            off += ii * ist[i];
        }
        if (!inside || lo >= hi) {
            memset(row, 0, (size_t)ow * es);
        } else {
            memset(row, 0, (size_t)lo * es);
            eval_copy_strided(row + (size_t)lo * es, 1, x + (size_t)(off + lo * s - shift) * es, s,
                              hi - lo, es);
            memset(row + (size_t)hi * es, 0, (size_t)(ow - hi) * es);
        }
        row += (size_t)ow * es;
        for (int i = last - 1; i >= 0 && ++idx[i] == w->out[i]; i--)
            idx[i] = 0;
    }
}

/* im2col_row for the common case, two spatial axes of float32, in plain
 * loops: the late layers of a convolutional network have rows of a few
 * elements, where im2col_row's calls per row cost more than the copying. */
static void im2col_row_2d_f32(const float *x, const EvalWindow *w, const int64_t *kv, float *row)
{
    int64_t ih = w->in[0], iw = w->in[1], oh = w->out[0], ow = w->out[1], sw = w->stride[1];
    int64_t shift = w->pad_begin[1] - kv[1] * w->dilation[1];
    int64_t lo = ceil_div(shift, sw), hi = floor_div(iw - 1 + shift, sw) + 1;
    lo = lo < 0 ? 0 : lo > ow ? ow : lo;
    hi = hi > ow ? ow : hi < lo ? lo : hi;
    for (int64_t oy = 0; oy < oh; oy++, row += ow) {
        int64_t iy = oy * w->stride[0] - w->pad_begin[0] + kv[0] * w->dilation[0];
        if (iy < 0 || iy >= ih) {
            for (int64_t ox = 0; ox < ow; ox++)
                row[ox] = 0;
            continue;
        }
        const float *src = x + iy * iw - shift;
        for (int64_t ox = 0; ox < lo; ox++)
            row[ox] = 0;
        if (sw == 1) {
            for (int64_t ox = lo; ox < hi; ox++)
                row[ox] = src[ox];
        } else {
            for (int64_t ox = lo; ox < hi; ox++)
                row[ox] = src[ox * sw];
        }
        for (int64_t ox = hi; ox < ow; ox++)
            row[ox] = 0;
    }
}

/* The patches of two spatial axes of float32, through a copy of each
 * channel with its padding around it (PLANE, zero-filled by the caller,
 * whose border stays zero): every row of a kernel offset is then a plain
 * strided copy, without the bounds that im2col_row_2d_f32 works out per
 * row (most of the time of the late layers' 3x3 convolutions, whose rows
 * hold two to sixteen elements). */
static void im2col_2d_f32_padded(const float *x, int64_t channels, const EvalWindow *w, float *col,
                                 int64_t pitch, float *plane)
{
    int64_t ih = w->in[0], iw = w->in[1], oh = w->out[0], ow = w->out[1];
    int64_t pw = iw + w->pad_begin[1] + w->pad_end[1], sh = w->stride[0], sw = w->stride[1];
    float *inner = plane + w->pad_begin[0] * pw + w->pad_begin[1];
    for (int64_t ch = 0; ch < channels; ch++, x += ih * iw) {
        for (int64_t y = 0; y < ih; y++)
            memcpy(inner + y * pw, x + y * iw, sizeof(float) * (size_t)iw);
        for (int64_t ky = 0; ky < w->kernel[0]; ky++)
            for (int64_t kx = 0; kx < w->kernel[1]; kx++, col += pitch) {
                const float *src = plane + ky * w->dilation[0] * pw + kx * w->dilation[1];
                float *row = col;
                for (int64_t oy = 0; oy < oh; oy++, row += ow, src += sh * pw)
                    for (int64_t ox = 0; ox < ow; ox++)
                        row[ox] = src[ox * sw];
            }
    }
}

/* Floats of the padded plane im2col_2d_f32_padded needs, or 0 when the
 * window's padding is negative (cropping), which it does not do. */
static int64_t padded_plane_size(const EvalWindow *w, size_t es)
{
    if (w->n != 2 || es != sizeof(float))
        return 0;
    for (int i = 0; i < 2; i++)
        if (w->pad_begin[i] < 0 || w->pad_end[i] < 0)
            return 0;
    return (w->in[0] + w->pad_begin[0] + w->pad_end[0]) * (w->in[1] + w->pad_begin[1] + w->pad_end[1]);
}

/* The patches of CHANNELS channels at X into COL, one row of prod(out)
 * elements per channel and kernel offset, rows PITCH elements apart. */
static void im2col(const char *x, size_t es, int64_t channels, const EvalWindow *w, char *col, int64_t pitch)
{
    int64_t ksize = prod(w->kernel, w->n), in_size = prod(w->in, w->n);
    int64_t kv[EVAL_MAX_RANK];
    int64_t padded = padded_plane_size(w, es);
    float *plane = padded > 0 ? calloc((size_t)padded, sizeof(float)) : NULL;
    if (plane) {
        im2col_2d_f32_padded((const float *)x, channels, w, (float *)col, pitch, plane);
        free(plane);
        return;
    }
    bool plain_2d = w->n == 2 && es == sizeof(float);
    for (int64_t ch = 0; ch < channels; ch++) {
        for (int64_t k = 0; k < ksize; k++) {
            kernel_offsets(w, k, kv);
            if (plain_2d)
                im2col_row_2d_f32((const float *)x + ch * in_size, w, kv, (float *)col);
            else
                im2col_row(x + (size_t)(ch * in_size) * es, es, w, kv, col);
            col += (size_t)pitch * es;
        }
    }
}

/* C[M][N] = A[M][K]·B[K][N], all contiguous, float32 or float64. */
static void gemm(const EvalBlas *blas, DType t, int64_t M, int64_t N, int64_t K, const void *A,
                 const void *B, void *C, bool transpose_a, int64_t lda)
{
    int64_t ras = transpose_a ? 1 : lda, cas = transpose_a ? lda : 1;
    if (t == DT_FLOAT)
        eval_sgemm(blas, M, N, K, A, ras, cas, B, N, 1, C, N, false);
    else
        eval_dgemm(blas, M, N, K, A, ras, cas, B, N, 1, C, N, false);
}

static void add_bias(EvalValue *Y, const EvalValue *B)
{
    int64_t M = Y->dims[1], per = prod(Y->dims + 2, Y->rank - 2);
    for (int64_t n = 0; n < Y->dims[0]; n++) {
        for (int64_t m = 0; m < M; m++) {
            double b = eval_get_f64(B, m);
            int64_t base = (n * M + m) * per;
            if (Y->dtype == DT_FLOAT) {
                float *y = (float *)Y->data + base;
                for (int64_t i = 0; i < per; i++)
                    y[i] += (float)b;
            } else {
                double *y = (double *)Y->data + base;
                for (int64_t i = 0; i < per; i++)
                    y[i] += b;
            }
        }
    }
}

/* Inputs of a convolution, float16/bfloat16 widened to float32 (new
 * references in OPS; on failure OPS holds what was taken so far, the rest
 * NULL). */
static bool conv_inputs(EvalCall *c, EvalValue **ops, DType *out)
{
    ops[0] = ops[1] = ops[2] = NULL;    /* the caller releases all three on failure */
    for (int k = 0; k < 3; k++) {
        EvalValue *v = eval_tensor_in(c, k, k == 2);
        if (!v && k < 2)
            return false;
        if (!v)
            continue;
        if (v->dtype != c->in[0]->dtype)
            return eval_reject(c, "inputs have different element types");
        bool wide = v->dtype == DT_FLOAT16 || v->dtype == DT_BFLOAT16;
        if (!wide && v->dtype != DT_FLOAT && v->dtype != DT_DOUBLE)
            return eval_reject(c, "element type %s is not supported", dtype_name(v->dtype));
        ops[k] = wide ? eval_cast(v, DT_FLOAT) : eval_retain(v);
        if (!ops[k])
            return eval_reject(c, "out of memory");
    }
    *out = c->in[0]->dtype;
    return true;
}

static void release3(EvalValue **ops)
{
    for (int k = 0; k < 3; k++)
        eval_release(ops[k]);
}

/* Output of type OUT from the float32/float64 result Y. */
static EvalStatus finish(EvalCall *c, EvalValue **ops, EvalValue *Y, DType out)
{
    release3(ops);
    EvalValue *r = eval_cast(Y, out);
    eval_release(Y);
    if (!r)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, r);
    return EVAL_OK;
}

/* ---- Conv ---------------------------------------------------------------------------- */

static bool conv_geometry(EvalCall *c, EvalValue *X, EvalValue *W, EvalValue *B, int64_t group,
                          EvalWindow *w)
{
    if (X->rank < 3 || W->rank != X->rank || group < 1 || group > X->dims[1])
        return eval_reject(c, "X and W must have the same rank (>= 3), group in [1, channels]");
    int64_t C = X->dims[1], M = W->dims[0];
    if (C != W->dims[1] * group || M % group != 0)
        return eval_reject(c, "channels do not match: X has %lld, W expects %lld x %lld groups",
                           (long long)C, (long long)W->dims[1], (long long)group);
    if (B && (B->rank != 1 || B->dims[0] != M))
        return eval_reject(c, "B must have shape [%lld]", (long long)M);
    int nk;
    const int64_t *ks = eval_attr_ints(c, "kernel_shape", &nk);
    for (int i = 0; ks && i < nk && i < W->rank - 2; i++)
        if (ks[i] != W->dims[2 + i] || nk != W->rank - 2)
            return eval_reject(c, "kernel_shape does not match W");
    return eval_window(c, X, W->dims + 2, false, w);
}

static void conv_run(const EvalBlas *blas, EvalValue *X, EvalValue *W, const EvalWindow *w,
                     int64_t group, EvalValue *Y, char *col)
{
    size_t es = dtype_size(X->dtype);
    int64_t C = X->dims[1], M = W->dims[0], Cg = C / group, Mg = M / group;
    int64_t ksize = prod(w->kernel, w->n), in_size = prod(w->in, w->n), out_size = prod(w->out, w->n);
    int64_t K = Cg * ksize;
    for (int64_t n = 0; n < X->dims[0]; n++) {
        for (int64_t g = 0; g < group; g++) {
            const char *x = (const char *)X->data + (size_t)((n * C + g * Cg) * in_size) * es;
            const char *b = x;
            if (col) {
                im2col(x, es, Cg, w, col, out_size);
                b = col;
            }
            gemm(blas, X->dtype, Mg, out_size, K, (const char *)W->data + (size_t)(g * Mg * K) * es, b,
                 (char *)Y->data + (size_t)((n * M + g * Mg) * out_size) * es, false, K);
        }
    }
}

/* Whether the convolution is a plain product: 1x1 kernel, unit strides,
 * no padding. */
static bool pointwise(const EvalWindow *w)
{
    for (int i = 0; i < w->n; i++)
        if (w->kernel[i] != 1 || w->stride[i] != 1 || w->pad_begin[i] || w->pad_end[i])
            return false;
    return true;
}

/* A batch of images without groups in one product: the patches of image n
 * are columns n * prod(out) .. of one [C * prod(kernel), N * prod(out)]
 * matrix COL, and the product's rows (one per output channel, the images
 * side by side) are scattered into Y.  One product instead of N: the
 * weights are packed once per run, not once per image. */
static void conv_run_batched(const EvalBlas *blas, EvalValue *X, EvalValue *W, const EvalWindow *w,
                             EvalValue *Y, char *col, char *product)
{
    size_t es = dtype_size(X->dtype);
    int64_t N = X->dims[0], C = X->dims[1], M = W->dims[0];
    int64_t in_size = prod(w->in, w->n), out_size = prod(w->out, w->n), K = C * prod(w->kernel, w->n);
    for (int64_t n = 0; n < N; n++) {
        const char *x = (const char *)X->data + (size_t)(n * C * in_size) * es;
        char *to = col + (size_t)(n * out_size) * es;
        if (!pointwise(w)) {
            im2col(x, es, C, w, to, N * out_size);
            continue;
        }
        for (int64_t ch = 0; ch < C; ch++)     /* a 1x1 product's patches are the input */
            memcpy(to + (size_t)(ch * N * out_size) * es, x + (size_t)(ch * in_size) * es, (size_t)in_size * es);
    }
    gemm(blas, X->dtype, M, N * out_size, K, W->data, col, product, false, K);
    for (int64_t n = 0; n < N; n++)
        for (int64_t m = 0; m < M; m++)
            memcpy((char *)Y->data + (size_t)((n * M + m) * out_size) * es,
                   product + (size_t)((m * N + n) * out_size) * es, (size_t)out_size * es);
}

/* The most bytes of patches a batched convolution gathers. */
#define CONV_BATCH_BYTES ((size_t)64 << 20)


static EvalStatus eval_conv(EvalCall *c)
{
    EvalValue *ops[3];
    DType out;
    if (!conv_inputs(c, ops, &out)) {
        release3(ops);
        return EVAL_ERROR;
    }
    EvalValue *X = ops[0], *W = ops[1], *B = ops[2];
    int64_t group = eval_attr_int(c, "group", 1);
    EvalWindow w;
    int64_t dims[EVAL_MAX_RANK];
    EvalValue *Y = NULL;
    if (conv_geometry(c, X, W, B, group, &w)) {
        dims[0] = X->dims[0];
        dims[1] = W->dims[0];
        memcpy(dims + 2, w.out, sizeof(int64_t) * (size_t)w.n);
        /* the products write every element, unless there is nothing to sum */
        bool summed = X->dims[1] / group > 0 && prod(w.kernel, w.n) > 0;
        Y = summed ? eval_alloc_raw(c, X->dtype, X->rank, dims) : eval_alloc(c, X->dtype, X->rank, dims);
    }
    if (!Y) {
        release3(ops);
        return EVAL_ERROR;
    }
    size_t col_bytes = (size_t)(X->dims[1] / group * prod(w.kernel, w.n) * prod(w.out, w.n)) *
                       dtype_size(X->dtype);
    size_t y_bytes = (size_t)Y->numel * dtype_size(Y->dtype);
    bool batched = group == 1 && X->dims[0] > 1 && col_bytes <= CONV_BATCH_BYTES &&
                   (size_t)X->dims[0] <= CONV_BATCH_BYTES / (col_bytes ? col_bytes : 1);
    size_t want = batched ? col_bytes * (size_t)X->dims[0] + y_bytes : col_bytes;
    bool need_col = batched || !pointwise(&w);
    char *col = need_col ? malloc(want ? want : 1) : NULL;
    if (need_col && !col) {
        release3(ops);
        eval_release(Y);
        return eval_fail(c, "cannot allocate %zu bytes for the patches", want);
    }
    if (Y->numel && batched)
        conv_run_batched(eval_call_blas(c), X, W, &w, Y, col, col + col_bytes * (size_t)X->dims[0]);
    else if (Y->numel)
        conv_run(eval_call_blas(c), X, W, &w, group, Y, col);
    free(col);
    if (B)
        add_bias(Y, B);
    return finish(c, ops, Y, out);
}

/* ---- ConvTranspose ----------------------------------------------------------------------- */

/* Output size and padding: from output_shape when given, else from pads
 * or auto_pad (see the ONNX operator's formulas). */
static bool convt_geometry(EvalCall *c, EvalValue *X, EvalValue *W, EvalWindow *w)
{
    int n = X->rank - 2;
    int no, np;
    const int64_t *os = eval_attr_ints(c, "output_shape", &no);
    const int64_t *op = eval_attr_ints(c, "output_padding", &np);
    if ((op && np != n) || (os && no != n && no != n + 2))
        return eval_reject(c, "output_padding or output_shape has the wrong length");
    const char *auto_pad = eval_attr_str(c, "auto_pad", "NOTSET");
    if (!eval_window_params(c, X, W->dims + 2, w))
        return false;
    bool same_upper = strcmp(auto_pad, "SAME_UPPER") == 0;
    for (int i = 0; i < n; i++) {
        int64_t ek = (W->dims[2 + i] - 1) * w->dilation[i] + 1, opad = op ? op[i] : 0;
        int64_t in = X->dims[2 + i], s = w->stride[i];
        int64_t target = os ? os[no - n + i] : 0;
        if (opad < 0 || opad > EVAL_MAX_SIZE || target < 0 || target > EVAL_MAX_SIZE ||
            (in > 1 && s > EVAL_MAX_SIZE / (in - 1)))
            return eval_reject(c, "output_padding, output_shape or strides out of range");
        if (os || strncmp(auto_pad, "SAME", 4) == 0) {
            target = os ? target : in * s;
            int64_t total = s * (in - 1) + opad + ek - target;
            total = total > 0 ? total : 0;
            w->pad_begin[i] = same_upper || !os ? total / 2 : total - total / 2;
            if (strcmp(auto_pad, "SAME_LOWER") == 0)
                w->pad_begin[i] = total - total / 2;
            w->pad_end[i] = total - w->pad_begin[i];
            w->out[i] = target;
        } else {
            if (strcmp(auto_pad, "VALID") == 0)
                w->pad_begin[i] = w->pad_end[i] = 0;
            w->out[i] = s * (in - 1) + opad + ek - w->pad_begin[i] - w->pad_end[i];
        }
        w->in[i] = in;
        w->kernel[i] = W->dims[2 + i];
        if (w->out[i] < 0)
            return eval_reject(c, "negative output size");
    }
    return true;
}

/* Adds the contributions COL [Mg * ksize][prod(in)] into Y (Mg channels). */
static void col2im(const char *col, size_t es, int64_t channels, const EvalWindow *w, char *y)
{
    int n = w->n;
    int64_t ksize = prod(w->kernel, n), in_size = prod(w->in, n), out_size = prod(w->out, n);
    int64_t ost[EVAL_MAX_RANK], kv[EVAL_MAX_RANK];
    eval_strides(n, w->out, ost);
    for (int64_t ch = 0; ch < channels; ch++) {
        for (int64_t k = 0; k < ksize; k++, col += (size_t)in_size * es) {
            kernel_offsets(w, k, kv);
            int64_t idx[EVAL_MAX_RANK] = {0};
            for (int64_t p = 0; p < in_size; p++) {
                int64_t off = 0;
                bool inside = true;
                for (int i = 0; i < n && inside; i++) {
                    int64_t o = idx[i] * w->stride[i] - w->pad_begin[i] + kv[i] * w->dilation[i];
                    inside = o >= 0 && o < w->out[i];
                    off += o * ost[i];
                }
                if (inside && es == 4)
                    ((float *)y)[ch * out_size + off] += ((const float *)col)[p];
                else if (inside)
                    ((double *)y)[ch * out_size + off] += ((const double *)col)[p];
                for (int i = n - 1; i >= 0 && ++idx[i] == w->in[i]; i--)
                    idx[i] = 0;
            }
        }
    }
}

static EvalStatus eval_conv_transpose(EvalCall *c)
{
    EvalValue *ops[3];
    DType out;
    if (!conv_inputs(c, ops, &out)) {
        release3(ops);
        return EVAL_ERROR;
    }
    EvalValue *X = ops[0], *W = ops[1], *B = ops[2];
    int64_t group = eval_attr_int(c, "group", 1);
    EvalWindow w;
    bool ok = X->rank >= 3 && W->rank == X->rank && group >= 1 && group <= X->dims[1] &&
              X->dims[1] == W->dims[0] && X->dims[1] % group == 0;
    if (!ok) {
        release3(ops);
        return eval_fail(c, "X [N, C, ...] and W [C, M/group, ...] do not match");
    }
    int64_t C = X->dims[1], Cg = C / group, Mg = W->dims[1], M = Mg * group;
    int64_t dims[EVAL_MAX_RANK];
    EvalValue *Y = NULL;
    if (convt_geometry(c, X, W, &w) && (!B || (B->rank == 1 && B->dims[0] == M))) {
        dims[0] = X->dims[0];
        dims[1] = M;
        memcpy(dims + 2, w.out, sizeof(int64_t) * (size_t)w.n);
        Y = eval_alloc(c, X->dtype, X->rank, dims);     /* col2im adds into it */
    } else if (B && (B->rank != 1 || B->dims[0] != M)) {
        eval_fail(c, "B must have shape [%lld]", (long long)M);
    }
    if (!Y) {
        release3(ops);
        return EVAL_ERROR;
    }
    size_t es = dtype_size(X->dtype);
    int64_t ksize = prod(w.kernel, w.n), in_size = prod(w.in, w.n), out_size = prod(w.out, w.n);
    char *col = malloc((size_t)(Mg * ksize * in_size + 1) * es);
    for (int64_t n = 0; col && n < X->dims[0]; n++) {
        for (int64_t g = 0; g < group; g++) {
            const char *x = (const char *)X->data + (size_t)((n * C + g * Cg) * in_size) * es;
            gemm(eval_call_blas(c), X->dtype, Mg * ksize, in_size, Cg,
                 (const char *)W->data + (size_t)(g * Cg * Mg * ksize) * es,
                 x, col, true, Mg * ksize);
            col2im(col, es, Mg, &w, (char *)Y->data + (size_t)((n * M + g * Mg) * out_size) * es);
        }
    }
    free(col);
    if (B)
        add_bias(Y, B);
    return finish(c, ops, Y, out);
}

const EvalOp eval_conv_ops[] = {
    {"Conv", eval_conv, NULL},
    {"ConvTranspose", eval_conv_transpose, NULL},
};

const int eval_conv_count = sizeof eval_conv_ops / sizeof eval_conv_ops[0];
