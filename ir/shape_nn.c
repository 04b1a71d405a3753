/* Shape functions of the neural-network family: convolutions and pooling
 * (pads, strides, dilations, auto_pad, ceil_mode, on symbolic dimensions),
 * the normalizations, Dropout, and the recurrent layers RNN/GRU/LSTM. */
#include <string.h>

#include "ir/shape.h"

/* The spatial attributes shared by Conv, ConvTranspose and the pools. */
typedef struct Window {
    int n;                      /* spatial dimensions */
    int64_t kernel[16];         /* 0 = unknown (from a symbolic weight) */
    int64_t strides[16], dilations[16], pads[32], out_pad[16];
    const char *auto_pad;
    bool ceil_mode;
} Window;

/* Reads list attribute NAME of length WANT into OUT (default FILL). */
static bool window_list(ShapeCtx *c, const char *name, int want, int64_t fill, int64_t *out)
{
    const int64_t *v;
    int n;
    if (!sh_attr_ints(c, name, &v, &n)) {
        for (int i = 0; i < want; i++)
            out[i] = fill;
        return true;
    }
    if (n != want)
        return sh_error(c, "%s: attribute '%s' has %d values, expected %d", sh_op(c), name, n,
                        want);
    for (int i = 0; i < n; i++) {
        if (v[i] < (fill == 1 ? 1 : 0) && strcmp(name, "pads") != 0)
            return sh_error(c, "%s: attribute '%s' must be positive", sh_op(c), name);
        if (v[i] > SH_MAX_ATTR_VALUE || v[i] < -SH_MAX_ATTR_VALUE)
            return sh_error(c, "%s: attribute '%s' value %lld is out of range", sh_op(c), name,
                            (long long)v[i]);
        out[i] = v[i];
    }
    return true;
}

/* Fills W for N spatial dims; the kernel comes from kernel_shape, else from
 * the weight WT's dimensions 2.. (unknown ones stay 0). */
static bool window_read(ShapeCtx *c, Window *w, int n, const IrType *wt)
{
    if (n > 16)
        return sh_error(c, "%s: too many spatial dimensions (%d)", sh_op(c), n);
    w->n = n;
    const int64_t *k;
    int nk;
    if (sh_attr_ints(c, "kernel_shape", &k, &nk)) {
        if (nk != n)
            return sh_error(c, "%s: kernel_shape has %d values for %d spatial dimensions",
                            sh_op(c), nk, n);
        for (int i = 0; i < n; i++) {
            if (k[i] < 1 || k[i] > SH_MAX_ATTR_VALUE)
                return sh_error(c, "%s: kernel_shape value %lld is out of range", sh_op(c),
                                (long long)k[i]);
            w->kernel[i] = k[i];
        }
    } else {
        for (int i = 0; i < n; i++)
            w->kernel[i] = wt && dim_is_known(wt->dims[2 + i]) &&
                                   wt->dims[2 + i].value <= SH_MAX_ATTR_VALUE
                               ? wt->dims[2 + i].value
                               : 0;
    }
    w->auto_pad = sh_attr_str(c, "auto_pad", "NOTSET");
    w->ceil_mode = sh_attr_int(c, "ceil_mode", 0) != 0;
    return window_list(c, "strides", n, 1, w->strides) &&
           window_list(c, "dilations", n, 1, w->dilations) &&
           window_list(c, "pads", 2 * n, 0, w->pads) &&
           window_list(c, "output_padding", n, 0, w->out_pad);
}

/* Output size along spatial axis I of a convolution or pooling window. */
static bool window_out(ShapeCtx *c, const Window *w, int i, Dim in, Dim *out)
{
    int64_t s = w->strides[i];
    *out = dim_unknown();
    if (strcmp(w->auto_pad, "SAME_UPPER") == 0 || strcmp(w->auto_pad, "SAME_LOWER") == 0) {
        *out = sh_ceildiv(c, in, dim_known(s));
        return true;
    }
    if (w->kernel[i] <= 0)
        return true;
    int64_t dk = w->dilations[i] * (w->kernel[i] - 1) + 1;
    bool valid = strcmp(w->auto_pad, "VALID") == 0;
    int64_t pb = valid ? 0 : w->pads[i], pe = valid ? 0 : w->pads[i + w->n];
    Dim span = sh_addi(c, in, pb + pe - dk);        /* positions after the first */
    if (dim_is_known(in) && in.value < dk - pb - pe)
        return sh_error(c, "%s: window of %lld along spatial axis %d is larger than the padded "
                        "input (%lld)", sh_op(c), (long long)dk, i,
                        (long long)(in.value + pb + pe));
    if (!w->ceil_mode) {
        *out = sh_addi(c, sh_div(c, span, dim_known(s)), 1);
        return true;
    }
    /* ceil_mode: a last window starting inside the end padding is dropped */
    Dim n = sh_addi(c, sh_ceildiv(c, span, dim_known(s)), 1);
    if (dim_is_known(n)) {
        *out = (n.value - 1) * s >= in.value + pb ? dim_known(n.value - 1) : n;
    } else if (pe + s <= dk) {
        *out = n;
    }
    return true;
}

/* Conv: X [N, C, D...], W [M, C/group, k...] -> [N, M, out...]. */
bool shape_conv(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *w = sh_ranked(c, 1), *b = sh_ranked(c, 2);
    DType dt = sh_out_dtype(c, 0);
    int rank = x ? x->rank : w ? w->rank : -1;
    if (rank < 0) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    if (rank < 3)
        return sh_error(c, "Conv: input must have rank >= 3, got %s", sh_shape_str(c, sh_in(c, 0)));
    if (x && w && x->rank != w->rank)
        return sh_error(c, "Conv: weight %s has rank %d, input %s has rank %d", sh_shape_str(c, w),
                        w->rank, sh_shape_str(c, x), x->rank);
    int64_t group = sh_attr_int(c, "group", 1);
    if (x && w && dim_is_known(x->dims[1]) && dim_is_known(w->dims[1]) &&
        x->dims[1].value != w->dims[1].value * group)
        return sh_error(c, "Conv: input has %lld channels, weight %s expects %lld (group %lld)",
                        (long long)x->dims[1].value, sh_shape_str(c, w),
                        (long long)(w->dims[1].value * group), (long long)group);
    if (w && b && b->rank == 1 && dim_is_known(b->dims[0]) && dim_is_known(w->dims[0]) &&
        b->dims[0].value != w->dims[0].value)
        return sh_error(c, "Conv: bias %s does not match %lld output channels", sh_shape_str(c, b),
                        (long long)w->dims[0].value);
    Window win;
    if (!window_read(c, &win, rank - 2, w))
        return false;
    Dim *out = sh_dims(c, rank);
    out[0] = x ? x->dims[0] : dim_unknown();
    out[1] = w ? w->dims[0] : dim_unknown();
    for (int i = 0; x && i < rank - 2; i++)
        if (!window_out(c, &win, i, x->dims[2 + i], &out[2 + i]))
            return false;
    sh_set(c, 0, dt, rank, out);
    return true;
}

/* ConvTranspose: X [N, C, D...], W [C, M/group, k...] -> [N, M, out...]
 * with out = stride*(in-1) + output_padding + dilated kernel - pads, or
 * the attribute output_shape. */
bool shape_conv_transpose(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *w = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, w ? w->rank : -1, NULL);
        return true;
    }
    int rank = x->rank, n = rank - 2;
    if (rank < 3)
        return sh_error(c, "ConvTranspose: input must have rank >= 3, got %s", sh_shape_str(c, x));
    if (w && w->rank != rank)
        return sh_error(c, "ConvTranspose: weight %s has rank %d, input %s has rank %d",
                        sh_shape_str(c, w), w->rank, sh_shape_str(c, x), rank);
    if (w && !sh_unify(x->dims[1], w->dims[0], &(Dim){0}))
        return sh_error(c, "ConvTranspose: input has %s channels, weight %s expects %s",
                        sh_dim_str(c, x->dims[1]), sh_shape_str(c, w), sh_dim_str(c, w->dims[0]));
    Window win;
    if (!window_read(c, &win, n, w))
        return false;
    int64_t group = sh_attr_int(c, "group", 1);
    Dim *out = sh_dims(c, rank);
    out[0] = x->dims[0];
    out[1] = w ? sh_muli(c, w->dims[1], group) : dim_unknown();
    const int64_t *os;
    int nos;
    bool same = strncmp(win.auto_pad, "SAME", 4) == 0, valid = strcmp(win.auto_pad, "VALID") == 0;
    if (sh_attr_ints(c, "output_shape", &os, &nos)) {
        if (nos != n && nos != rank)
            return sh_error(c, "ConvTranspose: output_shape has %d values for %d spatial "
                            "dimensions", nos, n);
        for (int i = 0; i < n; i++)
            out[2 + i] = dim_known(os[nos - n + i]);
    } else {
        for (int i = 0; i < n; i++) {
            Dim in = x->dims[2 + i];
            int64_t s = win.strides[i];
            if (same) {
                out[2 + i] = sh_muli(c, in, s);
            } else if (win.kernel[i] > 0) {
                int64_t dk = win.dilations[i] * (win.kernel[i] - 1) + 1;
                int64_t pads = valid ? 0 : win.pads[i] + win.pads[i + n];
                out[2 + i] = sh_addi(c, sh_muli(c, sh_addi(c, in, -1), s),
                                     win.out_pad[i] + dk - pads);
            }
        }
    }
    sh_set(c, 0, dt, rank, out);
    return true;
}

/* AveragePool, MaxPool (and its Indices), LpPool. */
bool shape_pool(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    const int64_t *k;
    int nk;
    if (!sh_attr_ints(c, "kernel_shape", &k, &nk))
        return sh_error(c, "%s: attribute 'kernel_shape' is required", sh_op(c));
    if (nk > 16)
        return sh_error(c, "%s: too many spatial dimensions (%d)", sh_op(c), nk);
    if (!x) {
        sh_set(c, 0, dt, nk + 2, NULL);
        sh_set(c, 1, DT_INT64, nk + 2, NULL);
        return true;
    }
    if (x->rank != nk + 2)
        return sh_error(c, "%s: input %s has rank %d, kernel_shape needs rank %d", sh_op(c),
                        sh_shape_str(c, x), x->rank, nk + 2);
    Window win;
    if (!window_read(c, &win, nk, NULL))
        return false;
    Dim *out = sh_dims(c, x->rank);
    out[0] = x->dims[0];
    out[1] = x->dims[1];
    for (int i = 0; i < nk; i++)
        if (!window_out(c, &win, i, x->dims[2 + i], &out[2 + i]))
            return false;
    sh_set(c, 0, dt, x->rank, out);
    sh_set(c, 1, DT_INT64, x->rank, out);
    return true;
}

/* GlobalAveragePool, GlobalMaxPool: [N, C, D...] -> [N, C, 1...]. */
bool shape_global_pool(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    if (x->rank < 2)
        return sh_error(c, "%s: input must have rank >= 2, got %s", sh_op(c), sh_shape_str(c, x));
    Dim *out = sh_dims(c, x->rank);
    out[0] = x->dims[0];
    out[1] = x->dims[1];
    for (int i = 2; i < x->rank; i++)
        out[i] = dim_known(1);
    sh_set(c, 0, dt, x->rank, out);
    return true;
}

/* Inputs FIRST..LAST must be 1-D of the channel count C. */
static bool check_channel_params(ShapeCtx *c, const IrType *x, int first, int last)
{
    Dim ch = x && x->rank >= 2 ? x->dims[1] : dim_unknown();
    for (int i = first; i <= last; i++) {
        const IrType *p = sh_ranked(c, i);
        Dim u;
        if (p && p->rank == 1 && !sh_unify(p->dims[0], ch, &u))
            return sh_error(c, "%s: input '%s' of shape %s does not match %s channels of %s",
                            sh_op(c), c->schema->inputs[i].name, sh_shape_str(c, p),
                            sh_dim_str(c, ch), sh_shape_str(c, x));
        if (!dim_is_known(ch) && p && p->rank == 1)
            ch = p->dims[0];
    }
    return true;
}

/* BatchNormalization: Y like X; running (or saved) statistics are [C]. */
bool shape_batchnorm(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    if (x && x->rank < 2)
        return sh_error(c, "BatchNormalization: input must have rank >= 2, got %s",
                        sh_shape_str(c, x));
    if (!check_channel_params(c, x, 1, 4))
        return false;
    shape_same(c);
    Dim ch = x ? x->dims[1] : dim_unknown();
    for (int j = 1; j < c->node->n_outputs; j++)
        sh_set(c, j, sh_out_dtype(c, j) ? sh_out_dtype(c, j) : sh_out_dtype(c, 0), 1, &ch);
    return true;
}

/* InstanceNormalization: Y like X; scale and B are [C]. */
bool shape_instancenorm(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    if (x && x->rank < 3)
        return sh_error(c, "InstanceNormalization: input must have rank >= 3, got %s",
                        sh_shape_str(c, x));
    return check_channel_params(c, x, 1, 2) && shape_same(c);
}

/* LayerNormalization: Y like X; Mean and InvStdDev keep the dims before
 * axis and have 1 from axis on; their type is stash_type. */
bool shape_layernorm(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    int64_t stash = sh_attr_int(c, "stash_type", 1);
    DType st = stash > 0 && stash < DT_COUNT ? (DType)stash : DT_UNDEFINED;
    shape_same(c);
    if (!x) {
        sh_set(c, 1, st, -1, NULL);
        sh_set(c, 2, st, -1, NULL);
        return true;
    }
    int ax;
    if (!sh_axis(c, sh_attr_int(c, "axis", -1), x->rank, false, "axis", &ax))
        return false;
    Dim *d = sh_dims(c, x->rank);
    for (int i = 0; i < x->rank; i++)
        d[i] = i < ax ? x->dims[i] : dim_known(1);
    sh_set(c, 1, st, x->rank, d);
    sh_set(c, 2, st, x->rank, d);
    return true;
}

/* GroupNormalization: Y like X; num_groups divides the channels. */
bool shape_groupnorm(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    int64_t g = sh_attr_int(c, "num_groups", 0);
    if (x && x->rank < 2)
        return sh_error(c, "GroupNormalization: input must have rank >= 2, got %s",
                        sh_shape_str(c, x));
    if (g <= 0)
        return sh_error(c, "GroupNormalization: num_groups must be positive");
    if (x && dim_is_known(x->dims[1]) && x->dims[1].value % g != 0)
        return sh_error(c, "GroupNormalization: %lld channels are not divisible into %lld groups",
                        (long long)x->dims[1].value, (long long)g);
    return shape_same(c);
}

/* Dropout: output like data; mask the same shape (bool from opset 10). */
bool shape_dropout(ShapeCtx *c)
{
    shape_same(c);
    DType mask = sh_out_dtype(c, 1);
    sh_set_like(c, 1, mask ? mask : DT_BOOL, sh_in(c, 0));
    return true;
}

/* RNN, GRU, LSTM: X [seq, batch, input] (layout 1: [batch, seq, input]);
 * Y [seq, dirs, batch, hidden] (layout 1: [batch, seq, dirs, hidden]);
 * Y_h and Y_c [dirs, batch, hidden] (layout 1: [batch, dirs, hidden]). */
bool shape_rnn(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *r = sh_ranked(c, 2);
    DType dt = sh_out_dtype(c, 0);
    if (x && x->rank != 3)
        return sh_error(c, "%s: input X must be 3-D, got %s", sh_op(c), sh_shape_str(c, x));
    int64_t layout = sh_attr_int(c, "layout", 0);
    const char *dir = sh_attr_str(c, "direction", "forward");
    int64_t ndir = strcmp(dir, "bidirectional") == 0 ? 2 : 1;
    Dim hidden = dim_unknown(), seq = dim_unknown(), batch = dim_unknown();
    if (sh_has_attr(c, "hidden_size"))
        hidden = dim_known(sh_attr_int(c, "hidden_size", -1));
    else if (r && r->rank == 3)
        hidden = r->dims[2];
    if (x) {
        seq = x->dims[layout ? 1 : 0];
        batch = x->dims[layout ? 0 : 1];
    }
    Dim y[4], h[3];
    if (layout) {
        y[0] = batch, y[1] = seq, y[2] = dim_known(ndir), y[3] = hidden;
        h[0] = batch, h[1] = dim_known(ndir), h[2] = hidden;
    } else {
        y[0] = seq, y[1] = dim_known(ndir), y[2] = batch, y[3] = hidden;
        h[0] = dim_known(ndir), h[1] = batch, h[2] = hidden;
    }
    sh_set(c, 0, dt, 4, y);
    sh_set(c, 1, dt, 3, h);
    sh_set(c, 2, dt, 3, h);
    return true;
}

/* Attention's dimensions, from 4-D inputs [B, heads, S, head_size] or 3-D
 * ones [B, S, heads * head_size] with q_num_heads and kv_num_heads. */
typedef struct AttnDims {
    Dim batch, q_heads, kv_heads, q_seq, kv_seq, past_seq, head, v_head;
} AttnDims;

/* Splits [B, S, H * d] into heads: d = hidden / heads. */
static Dim attn_head_size(ShapeCtx *c, Dim hidden, int64_t heads)
{
    return heads > 0 ? sh_div(c, hidden, dim_known(heads)) : dim_unknown();
}

static bool attn_dims(ShapeCtx *c, const IrType *q, const IrType *k, const IrType *v,
                      AttnDims *a)
{
    const IrType *pk = sh_ranked(c, 4);
    for (const IrType *const *t = (const IrType *const[]){q, k, v, NULL}; *t; t++)
        if ((*t)->rank != q->rank || (q->rank != 3 && q->rank != 4))
            return sh_error(c, "Attention: Q, K and V must all be 3-D or all 4-D, got %s, %s "
                            "and %s", sh_shape_str(c, q), sh_shape_str(c, k), sh_shape_str(c, v));
    a->batch = q->dims[0];
    a->past_seq = pk && pk->rank == 4 ? pk->dims[2] : dim_known(0);
    if (q->rank == 4) {
        a->q_heads = q->dims[1];
        a->kv_heads = k->dims[1];
        a->q_seq = q->dims[2];
        a->kv_seq = k->dims[2];
        a->head = q->dims[3];
        a->v_head = v->dims[3];
        return true;
    }
    int64_t qh = sh_attr_int(c, "q_num_heads", 0), kvh = sh_attr_int(c, "kv_num_heads", 0);
    if (qh < 1 || kvh < 1)
        return sh_error(c, "Attention: 3-D inputs need q_num_heads and kv_num_heads");
    a->q_heads = dim_known(qh);
    a->kv_heads = dim_known(kvh);
    a->q_seq = q->dims[1];
    a->kv_seq = k->dims[1];
    a->head = attn_head_size(c, q->dims[2], qh);
    a->v_head = attn_head_size(c, v->dims[2], kvh);
    return true;
}

/* Y [B, Hq, Sq, Dv] (3-D: [B, Sq, Hq * Dv]); present_key/value
 * [B, Hkv, past + Skv, D]; qk_matmul_output [B, Hq, Sq, past + Skv]. */
bool shape_attention(ShapeCtx *c)
{
    const IrType *q = sh_ranked(c, 0), *k = sh_ranked(c, 1), *v = sh_ranked(c, 2);
    DType t1 = sh_out_dtype(c, 0), t2 = sh_out_dtype(c, 2);
    int64_t mode = sh_attr_int(c, "qk_matmul_output_mode", 0);
    if (mode < 0 || mode > 3)
        return sh_error(c, "Attention: qk_matmul_output_mode must be 0 to 3, got %lld",
                        (long long)mode);
    AttnDims a;
    if (!q || !k || !v) {
        Dim unk[4] = {dim_unknown(), dim_unknown(), dim_unknown(), dim_unknown()};
        sh_set(c, 0, t1, q ? q->rank : -1, q ? unk : NULL);
        for (int j = 1; j < 4; j++)
            sh_set(c, j, j == 2 ? t2 : t1, 4, unk);
        return true;
    }
    if (!attn_dims(c, q, k, v, &a))
        return false;
    Dim total = sh_add(c, a.past_seq, a.kv_seq);
    if (q->rank == 4)
        sh_set(c, 0, t1, 4, (Dim[]){a.batch, a.q_heads, a.q_seq, a.v_head});
    else
        sh_set(c, 0, t1, 3, (Dim[]){a.batch, a.q_seq, sh_mul(c, a.q_heads, a.v_head)});
    sh_set(c, 1, t1, 4, (Dim[]){a.batch, a.kv_heads, total, a.head});
    sh_set(c, 2, t2, 4, (Dim[]){a.batch, a.kv_heads, total, a.v_head});
    sh_set(c, 3, t1, 4, (Dim[]){a.batch, a.q_heads, a.q_seq, total});
    return true;
}
