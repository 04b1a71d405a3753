/* Sliding-window geometry shared by the convolutions and the pools:
 * kernel_shape, strides, dilations, pads and auto_pad read from the node,
 * and the output size of each spatial axis:
 *
 *   explicit pads:  out = floor((in + pb + pe - ek) / s) + 1
 *                   (ceil instead of floor with ceil_mode, then one less
 *                   when the last window would start past in + pb)
 *   SAME_UPPER/LOWER: out = ceil(in / s), the padding (out-1)*s + ek - in
 *                   split evenly, the odd one at the end (UPPER) or the
 *                   beginning (LOWER)
 *   VALID:          no padding
 *
 * where ek = (k - 1) * d + 1 is the dilated kernel extent. */
#include <string.h>

#include "eval/kernel.h"

/* Largest kernel size, stride, dilation or pad: (k - 1) * d + pads stays
 * far from overflowing. */
#define EVAL_WINDOW_MAX (INT64_C(1) << 31)

static bool window_list(EvalCall *c, const char *name, int n, int64_t def, int64_t *out)
{
    int k;
    const int64_t *v = eval_attr_ints(c, name, &k);
    for (int i = 0; i < n; i++)
        out[i] = def;
    if (!v || k == 0)
        return true;
    if (k != n)
        return eval_reject(c, "%s has %d entries, expected %d", name, k, n);
    for (int i = 0; i < n; i++) {
        if (v[i] < (def > 0 ? 1 : 0) || v[i] > EVAL_WINDOW_MAX)
            return eval_reject(c, "%s[%d] is %lld", name, i, (long long)v[i]);
        out[i] = v[i];
    }
    return true;
}

static bool window_pads(EvalCall *c, EvalWindow *w, const char *auto_pad)
{
    if (strcmp(auto_pad, "NOTSET") == 0) {
        int k;
        const int64_t *p = eval_attr_ints(c, "pads", &k);
        if (p && k != 2 * w->n)
            return eval_reject(c, "pads has %d entries, expected %d", k, 2 * w->n);
        for (int i = 0; i < w->n; i++) {
            w->pad_begin[i] = p ? p[i] : 0;
            w->pad_end[i] = p ? p[i + w->n] : 0;
            if (w->pad_begin[i] < 0 || w->pad_end[i] < 0 || w->pad_begin[i] > EVAL_WINDOW_MAX ||
                w->pad_end[i] > EVAL_WINDOW_MAX)
                return eval_reject(c, "pads must be in [0, 2^31]");
        }
        return true;
    }
    bool upper = strcmp(auto_pad, "SAME_UPPER") == 0, lower = strcmp(auto_pad, "SAME_LOWER") == 0;
    if (!upper && !lower && strcmp(auto_pad, "VALID") != 0)
        return eval_reject(c, "unknown auto_pad '%s'", auto_pad);
    for (int i = 0; i < w->n; i++) {
        int64_t total = 0;
        if (upper || lower) {
            int64_t out = (w->in[i] + w->stride[i] - 1) / w->stride[i];
            int64_t ek = (w->kernel[i] - 1) * w->dilation[i] + 1;
            total = (out - 1) * w->stride[i] + ek - w->in[i];
            total = total > 0 ? total : 0;
        }
        w->pad_begin[i] = upper ? total / 2 : total - total / 2;
        w->pad_end[i] = total - w->pad_begin[i];
    }
    return true;
}

bool eval_window_params(EvalCall *c, const EvalValue *x, const int64_t *kernel, EvalWindow *w)
{
    memset(w, 0, sizeof *w);
    w->n = x->rank - 2;
    if (w->n < 1)
        return eval_reject(c, "input must have rank >= 3, found %s",
                           eval_value_type_str(&c->ev->arena, x));
    memcpy(w->in, x->dims + 2, sizeof(int64_t) * (size_t)w->n);
    if (kernel) {
        memcpy(w->kernel, kernel, sizeof(int64_t) * (size_t)w->n);
    } else if (!window_list(c, "kernel_shape", w->n, 0, w->kernel)) {
        return false;
    }
    for (int i = 0; i < w->n; i++)
        if (w->kernel[i] < 1 || w->kernel[i] > EVAL_WINDOW_MAX)
            return eval_reject(c, "kernel size %lld on axis %d", (long long)w->kernel[i], i);
    return window_list(c, "strides", w->n, 1, w->stride) &&
           window_list(c, "dilations", w->n, 1, w->dilation) &&
           window_pads(c, w, eval_attr_str(c, "auto_pad", "NOTSET"));
}

bool eval_window(EvalCall *c, const EvalValue *x, const int64_t *kernel, bool ceil_mode,
                 EvalWindow *w)
{
    if (!eval_window_params(c, x, kernel, w))
        return false;
    bool same = strncmp(eval_attr_str(c, "auto_pad", "NOTSET"), "SAME", 4) == 0;
    for (int i = 0; i < w->n; i++) {
        int64_t ek = (w->kernel[i] - 1) * w->dilation[i] + 1;
        int64_t span = w->in[i] + w->pad_begin[i] + w->pad_end[i] - ek;
        if (span < 0)
            return eval_reject(c, "the window (%lld) is larger than the padded input (%lld)",
                               (long long)ek, (long long)(span + ek));
        if (same) {
            w->out[i] = (w->in[i] + w->stride[i] - 1) / w->stride[i];
        } else if (ceil_mode) {
            w->out[i] = (span + w->stride[i] - 1) / w->stride[i] + 1;
            if ((w->out[i] - 1) * w->stride[i] >= w->in[i] + w->pad_begin[i])
                w->out[i]--;
        } else {
            w->out[i] = span / w->stride[i] + 1;
        }
    }
    return true;
}
