/* Signal-processing operators: DFT, STFT, the window generators
 * (HannWindow, HammingWindow, BlackmanWindow) and MelWeightMatrix.
 *
 * Complex tensors are real tensors whose last axis holds (real, imaginary)
 * or only the real part.  The transforms are direct sums in double,
 *
 *   X[k] = sum_j x[j] exp(-2 pi i j k / n)        (inverse: +, then / n)
 *
 * with the angle reduced as (j k mod n) / n before scaling, so a length of
 * a few thousand stays accurate.  dft_length zero-pads or truncates the
 * signal axis; onesided keeps bins 0 .. floor(n/2).  The one-sided inverse
 * (opset 20's complex-to-real transform) is refused.
 *
 * The windows are, over n = 0 .. size-1 and N = size (periodic) or
 * size - 1 (symmetric):
 *   Hann      0.5 - 0.5 cos(2 pi n / N)
 *   Hamming   25/46 - 21/46 cos(2 pi n / N)
 *   Blackman  0.42 - 0.5 cos(2 pi n / N) + 0.08 cos(4 pi n / N)
 * A symmetric window of size 1 divides 0 by 0, as ONNX's formula does.
 *
 * MelWeightMatrix follows ONNX's reference: num_mel_bins + 2 points evenly
 * spaced in mel (2595 log10(1 + hz / 700), step (high - low) / (bins + 2))
 * are mapped to spectrogram bins floor((dft_length + 1) hz / sample_rate),
 * and bin i is the triangle rising from point i to point i+1 and falling
 * to point i+2 (1 at point i+1 when the rise is empty). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

#define SIGNAL_PI 3.14159265358979323846

/* ---- the transform ---------------------------------------------------------- */

/* One transform: N_IN input points (IM NULL: real) into N_OUT bins of a
 * length-N transform, reading every STRIDE-th value. */
typedef struct DftLine {
    int64_t n, n_in, n_out;
    bool inverse;
    const double *cos_tab, *sin_tab;    /* cos and sin of 2 pi m / n, m < n */
} DftLine;

static void dft_line(const DftLine *d, const double *re, const double *im, int64_t stride,
                     double *ore, double *oim, int64_t ostride)
{
    int64_t m = d->n_in < d->n ? d->n_in : d->n;
    double sign = d->inverse ? 1.0 : -1.0, scale = d->inverse ? 1.0 / (double)d->n : 1.0;
    for (int64_t k = 0; k < d->n_out; k++) {
        double sr = 0, si = 0;
        for (int64_t j = 0; j < m; j++) {
            int64_t t = (j * k) % d->n;
            double c = d->cos_tab[t], s = sign * d->sin_tab[t];
            double xr = re[j * stride], xi = im ? im[j * stride] : 0.0;
            sr += xr * c - xi * s;
            si += xr * s + xi * c;
        }
        ore[k * ostride] = sr * scale;
        oim[k * ostride] = si * scale;
    }
}

/* The twiddle tables of a length-N transform (freed by the caller). */
static bool dft_tables(EvalCall *c, int64_t n, double **cos_tab, double **sin_tab)
{
    *cos_tab = malloc(sizeof(double) * (size_t)(n + 1));
    *sin_tab = malloc(sizeof(double) * (size_t)(n + 1));
    if (!*cos_tab || !*sin_tab) {
        free(*cos_tab);
        free(*sin_tab);
        return eval_reject(c, "out of memory");
    }
    for (int64_t m = 0; m < n; m++) {
        double a = 2 * SIGNAL_PI * (double)m / (double)n;
        (*cos_tab)[m] = cos(a);
        (*sin_tab)[m] = sin(a);
    }
    return true;
}

/* ---- DFT ---------------------------------------------------------------------- */

static bool dft_axis(EvalCall *c, int rank, int *axis)
{
    int64_t a = c->version < 20 ? eval_attr_int(c, "axis", 1) : -2;
    if (c->version >= 20 && eval_in(c, 2) && !eval_scalar_i64(c, eval_in(c, 2), "axis", &a))
        return false;
    if (a < -rank || a >= rank - 1 || a == -1)
        return eval_reject(c, "axis %lld is out of range for rank %d (the last axis holds the "
                           "complex parts)", (long long)a, rank);
    *axis = (int)(a < 0 ? a + rank : a);
    return true;
}

/* Runs the transform of every line along AXIS of X (loaded as double in
 * IN) into Y's values OUT. */
static void dft_all(const EvalValue *x, int axis, const DftLine *d, const double *in,
                    double *out)
{
    int rank = x->rank;
    int64_t comps = x->dims[rank - 1], outer = 1, inner = 1;
    for (int i = 0; i < axis; i++)
        outer *= x->dims[i];
    for (int i = axis + 1; i < rank - 1; i++)
        inner *= x->dims[i];
    for (int64_t o = 0; o < outer; o++) {
        for (int64_t i = 0; i < inner; i++) {
            const double *src = in + (o * d->n_in * inner + i) * comps;
            double *dst = out + (o * d->n_out * inner + i) * 2;
            dft_line(d, src, comps == 2 ? src + 1 : NULL, inner * comps, dst, dst + 1,
                     inner * 2);
        }
    }
}

static EvalStatus eval_dft(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    if (!x)
        return EVAL_ERROR;
    bool onesided = eval_attr_int(c, "onesided", 0) != 0;
    bool inverse = eval_attr_int(c, "inverse", 0) != 0;
    int rank = x->rank, axis = 0;
    if (rank < 2 || (x->dims[rank - 1] != 1 && x->dims[rank - 1] != 2))
        return eval_fail(c, "input must be [..., 1 or 2], found %s",
                         eval_value_type_str(&c->ev->arena, x));
    if (onesided && inverse)
        return eval_unsupported(c, "the one-sided inverse transform is not supported");
    if (!dft_axis(c, rank, &axis))
        return EVAL_ERROR;
    int64_t n = x->dims[axis];
    if (eval_in(c, 1) && !eval_scalar_i64(c, eval_in(c, 1), "dft_length", &n))
        return EVAL_ERROR;
    if (n < 1 || n > EVAL_MAX_SIZE)
        return eval_fail(c, "dft_length must be positive, found %lld", (long long)n);
    DftLine d = {.n = n, .n_in = x->dims[axis], .n_out = onesided ? n / 2 + 1 : n,
                 .inverse = inverse};
    int64_t dims[EVAL_MAX_RANK];
    memcpy(dims, x->dims, sizeof(int64_t) * (size_t)rank);
    dims[axis] = d.n_out;
    dims[rank - 1] = 2;
    EvalValue *y = eval_output(c, 0, x->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    double *cos_tab, *sin_tab;
    if (!dft_tables(c, n, &cos_tab, &sin_tab))
        return EVAL_ERROR;
    d.cos_tab = cos_tab;
    d.sin_tab = sin_tab;
    double *in = malloc(sizeof(double) * (size_t)(x->numel + 1));
    double *out = malloc(sizeof(double) * (size_t)(y->numel + 1));
    EvalStatus st = in && out ? EVAL_OK : eval_fail(c, "out of memory");
    if (st == EVAL_OK) {
        eval_load_f64(x->dtype, x->data, 1, in, x->numel);
        dft_all(x, axis, &d, in, out);
        eval_store_f64(y->dtype, y->data, out, y->numel);
    }
    free(in);
    free(out);
    free(cos_tab);
    free(sin_tab);
    return st;
}

/* ---- STFT ---------------------------------------------------------------------- */

typedef struct StftArgs {
    int64_t step, length, frames, bins;
    const EvalValue *window;
} StftArgs;

static bool stft_args(EvalCall *c, const EvalValue *x, StftArgs *a)
{
    EvalValue *win = eval_in(c, 2), *len = eval_in(c, 3);
    *a = (StftArgs){.length = -1, .window = win};
    if (x->rank != 3 || (x->dims[2] != 1 && x->dims[2] != 2))
        return eval_reject(c, "signal must be [batch, length, 1 or 2], found %s",
                           eval_value_type_str(&c->ev->arena, x));
    if (!eval_scalar_i64(c, eval_in(c, 1), "frame_step", &a->step))
        return false;
    if (len && !eval_scalar_i64(c, len, "frame_length", &a->length))
        return false;
    if (win && (win->rank != 1 || !dtype_is_float(win->dtype)))
        return eval_reject(c, "window must be a 1-D float tensor, found %s",
                           eval_value_type_str(&c->ev->arena, win));
    if (win && len && win->dims[0] != a->length)
        return eval_reject(c, "the window has %lld values, frame_length is %lld",
                           (long long)win->dims[0], (long long)a->length);
    if (win && !len)
        a->length = win->dims[0];
    if (!win && !len)
        return eval_reject(c, "needs a window or a frame_length");
    if (a->step < 1 || a->length < 1 || a->length > x->dims[1])
        return eval_reject(c, "frame_step %lld and frame_length %lld do not fit a signal of "
                           "%lld values", (long long)a->step, (long long)a->length,
                           (long long)x->dims[1]);
    bool onesided = eval_attr_int(c, "onesided", 1) != 0;
    if (onesided && x->dims[2] == 2)
        return eval_reject(c, "onesided needs a real signal");
    a->frames = (x->dims[1] - a->length) / a->step + 1;
    a->bins = onesided ? a->length / 2 + 1 : a->length;
    return true;
}

/* The transform of every frame of one batch SIG (COMPS values per point)
 * into OUT [frames, bins, 2]; FRAME has room for one windowed frame. */
static void stft_batch(const StftArgs *a, const DftLine *d, const double *sig, int64_t comps,
                       const double *win, double *frame, double *out)
{
    for (int64_t f = 0; f < a->frames; f++) {
        const double *src = sig + f * a->step * comps;
        for (int64_t j = 0; j < a->length * comps; j++)
            frame[j] = src[j] * (win ? win[j / comps] : 1.0);
        double *dst = out + f * a->bins * 2;
        dft_line(d, frame, comps == 2 ? frame + 1 : NULL, comps, dst, dst + 1, 2);
    }
}

static EvalStatus eval_stft(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false);
    StftArgs a;
    if (!x || !stft_args(c, x, &a))
        return EVAL_ERROR;
    int64_t nb = x->dims[0], len = x->dims[1], comps = x->dims[2];
    EvalValue *y = eval_output(c, 0, x->dtype, 4, (int64_t[]){nb, a.frames, a.bins, 2});
    double *cos_tab, *sin_tab;
    if (!y || !dft_tables(c, a.length, &cos_tab, &sin_tab))
        return EVAL_ERROR;
    DftLine d = {.n = a.length, .n_in = a.length, .n_out = a.bins, .cos_tab = cos_tab,
                 .sin_tab = sin_tab};
    double *sig = malloc(sizeof(double) * (size_t)(x->numel + 1));
    double *out = malloc(sizeof(double) * (size_t)(y->numel + 1));
    double *frame = malloc(sizeof(double) * (size_t)(a.length * comps + 1));
    double *win = a.window ? malloc(sizeof(double) * (size_t)(a.length + 1)) : NULL;
    EvalStatus st = sig && out && frame && (win || !a.window) ? EVAL_OK
                                                             : eval_fail(c, "out of memory");
    if (st == EVAL_OK) {
        eval_load_f64(x->dtype, x->data, 1, sig, x->numel);
        if (win)
            eval_load_f64(a.window->dtype, a.window->data, 1, win, a.length);
        for (int64_t b = 0; b < nb; b++)
            stft_batch(&a, &d, sig + b * len * comps, comps, win, frame,
                       out + b * a.frames * a.bins * 2);
        eval_store_f64(y->dtype, y->data, out, y->numel);
    }
    free(sig);
    free(out);
    free(frame);
    free(win);
    free(cos_tab);
    free(sin_tab);
    return st;
}

/* ---- windows ------------------------------------------------------------------ */

/* The cosine-sum coefficients a0, a1, a2 of each window:
 * a0 - a1 cos(2 pi n / N) + a2 cos(4 pi n / N). */
typedef struct WindowCoeffs {
    double a0, a1, a2;
} WindowCoeffs;

static const WindowCoeffs window_hann = {0.5, 0.5, 0.0};
static const WindowCoeffs window_hamming = {25.0 / 46.0, 21.0 / 46.0, 0.0};
static const WindowCoeffs window_blackman = {0.42, 0.5, 0.08};

static bool window_out_type(EvalCall *c, const char *attr, DType *dt)
{
    int64_t v = eval_attr_int(c, attr, DT_FLOAT);
    *dt = (DType)v;
    if (v < 1 || v > 16 || v == DT_STRING || v == DT_BOOL || v == DT_COMPLEX64 ||
        v == DT_COMPLEX128)
        return eval_reject(c, "%s %lld is not a real number type", attr, (long long)v);
    return true;
}

static EvalStatus eval_window_gen(EvalCall *c)
{
    const WindowCoeffs *w = c->info;
    EvalValue *size = eval_tensor_in(c, 0, false);
    int64_t n;
    DType dt;
    if (!size || !eval_scalar_i64(c, size, "size", &n) || !window_out_type(c, "output_datatype", &dt))
        return EVAL_ERROR;
    if (n < 0 || n > EVAL_MAX_SIZE)
        return eval_fail(c, "size %lld is out of range", (long long)n);
    EvalValue *y = eval_output(c, 0, dt, 1, &n);
    double *v = y ? malloc(sizeof(double) * (size_t)(n + 1)) : NULL;
    if (!v)
        return y ? eval_fail(c, "out of memory") : EVAL_ERROR;
    double big_n = (double)(eval_attr_int(c, "periodic", 1) != 0 ? n : n - 1);
    for (int64_t i = 0; i < n; i++) {
        double t = 2 * SIGNAL_PI * (double)i / big_n;
        v[i] = w->a0 - w->a1 * cos(t) + w->a2 * cos(2 * t);
    }
    eval_store_f64(dt, y->data, v, n);
    free(v);
    return EVAL_OK;
}

/* ---- MelWeightMatrix --------------------------------------------------------- */

typedef struct MelArgs {
    int64_t mels, dft_length, rate;
    double low, high;
} MelArgs;

static bool mel_args(EvalCall *c, MelArgs *a)
{
    for (int i = 0; i < 5; i++)
        if (!eval_tensor_in(c, i, false))
            return false;
    if (!eval_scalar_i64(c, eval_in(c, 0), "num_mel_bins", &a->mels) ||
        !eval_scalar_i64(c, eval_in(c, 1), "dft_length", &a->dft_length) ||
        !eval_scalar_i64(c, eval_in(c, 2), "sample_rate", &a->rate) ||
        !eval_scalar_f64(c, eval_in(c, 3), "lower_edge_hertz", &a->low) ||
        !eval_scalar_f64(c, eval_in(c, 4), "upper_edge_hertz", &a->high))
        return false;
    if (a->mels < 1 || a->mels > EVAL_MAX_SIZE || a->dft_length < 1 ||
        a->dft_length > EVAL_MAX_SIZE || a->rate < 1)
        return eval_reject(c, "num_mel_bins, dft_length and sample_rate must be positive");
    if (!(a->low >= 0 && a->low <= a->high))
        return eval_reject(c, "needs 0 <= lower_edge_hertz <= upper_edge_hertz, found %g and %g",
                           a->low, a->high);
    return true;
}

/* The spectrogram bin of each of the mels + 2 points into BINS; false
 * when one is past the last bin. */
static bool mel_points(EvalCall *c, const MelArgs *a, int64_t *bins)
{
    double lo = 2595 * log10(1 + a->low / 700), hi = 2595 * log10(1 + a->high / 700);
    double step = (hi - lo) / (double)(a->mels + 2);
    int64_t last = a->dft_length / 2;
    for (int64_t i = 0; i < a->mels + 2; i++) {
        double hz = 700 * (pow(10, ((double)i * step + lo) / 2595) - 1);
        bins[i] = (int64_t)floor((double)(a->dft_length + 1) * hz / (double)a->rate);
        if (bins[i] < 0 || bins[i] > last)
            return eval_reject(c, "upper_edge_hertz %g is above the Nyquist frequency of sample "
                               "rate %lld", a->high, (long long)a->rate);
    }
    return true;
}

static EvalStatus eval_mel_weight_matrix(EvalCall *c)
{
    MelArgs a;
    DType dt;
    if (!mel_args(c, &a) || !window_out_type(c, "output_datatype", &dt))
        return EVAL_ERROR;
    int64_t rows = a.dft_length / 2 + 1, cols = a.mels;
    EvalValue *y = eval_output(c, 0, dt, 2, (int64_t[]){rows, cols});
    int64_t *pt = y ? malloc(sizeof(int64_t) * (size_t)(a.mels + 2)) : NULL;
    double *v = pt ? calloc((size_t)(rows * cols + 1), sizeof(double)) : NULL;
    EvalStatus st = v ? EVAL_OK : y ? eval_fail(c, "out of memory") : EVAL_ERROR;
    if (st == EVAL_OK && !mel_points(c, &a, pt))
        st = EVAL_ERROR;
    for (int64_t i = 0; st == EVAL_OK && i < cols; i++) {
        int64_t l = pt[i], m = pt[i + 1], h = pt[i + 2];
        if (m == l)
            v[m * cols + i] = 1;
        for (int64_t j = l; m > l && j <= m; j++)
            v[j * cols + i] = (double)(j - l) / (double)(m - l);
        for (int64_t j = m; h > m && j < h; j++)
            v[j * cols + i] = (double)(h - j) / (double)(h - m);
    }
    if (st == EVAL_OK)
        eval_store_f64(dt, y->data, v, rows * cols);
    free(pt);
    free(v);
    return st;
}

const EvalOp eval_signal_ops[] = {
    {"BlackmanWindow", eval_window_gen, &window_blackman},
    {"DFT", eval_dft, NULL},
    {"HammingWindow", eval_window_gen, &window_hamming},
    {"HannWindow", eval_window_gen, &window_hann},
    {"MelWeightMatrix", eval_mel_weight_matrix, NULL},
    {"STFT", eval_stft, NULL},
};

const int eval_signal_count = sizeof eval_signal_ops / sizeof eval_signal_ops[0];
