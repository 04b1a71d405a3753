/* Shape functions of signal processing: DFT (the signal axis becomes
 * dft_length, or floor(n/2)+1 one-sided; the last axis holds real and
 * imaginary parts), STFT ([batch, frames, bins, 2]), the windows ([size])
 * and MelWeightMatrix ([floor(dft_length/2)+1, num_mel_bins]). */
#include "ir/shape.h"

#define WINDOW_TYPES (DTS_INT | DTS_FLOAT_BF)

/* A constant scalar integer input, false when not constant. */
static bool const_scalar(ShapeCtx *c, int i, int64_t *v)
{
    int64_t *vals, n;
    if (!sh_const_ints(c, i, &vals, &n) || n != 1)
        return false;
    *v = vals[0];
    return true;
}

/* The signal axis of DFT (attribute before 20, input from 20); false in
 * *known when it is an input whose value is unknown. */
static bool dft_axis(ShapeCtx *c, int rank, int *axis, bool *known)
{
    int64_t a = c->opset < 20 ? sh_attr_int(c, "axis", 1) : -2;
    *known = true;
    if (c->opset >= 20 && sh_in(c, 2) && !const_scalar(c, 2, &a)) {
        *known = false;
        return true;
    }
    if (a < -rank || a >= rank - 1 || a == -1)
        return sh_error(c, "DFT: axis %lld is out of range for rank %d (the last axis holds the "
                        "complex parts)", (long long)a, rank);
    *axis = (int)(a < 0 ? a + rank : a);
    return true;
}

/* The size of the transformed axis of length IN. */
static bool dft_axis_size(ShapeCtx *c, Dim in, bool onesided, bool inverse, Dim *out)
{
    int64_t n = 0;
    if (sh_in(c, 1) && !const_scalar(c, 1, &n)) {
        *out = dim_unknown();
        return true;
    }
    if (sh_in(c, 1)) {
        if (n < 1)
            return sh_error(c, "DFT: dft_length must be positive, got %lld", (long long)n);
        *out = dim_known(onesided && !inverse ? n / 2 + 1 : n);
        return true;
    }
    if (onesided && inverse)        /* the even length whose half spectrum IN is */
        *out = sh_muli(c, sh_addi(c, in, -1), 2);
    else if (onesided)
        *out = sh_addi(c, sh_div(c, in, dim_known(2)), 1);
    else
        *out = in;
    return true;
}

bool shape_dft(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    bool onesided = sh_attr_int(c, "onesided", 0) != 0, inverse = sh_attr_int(c, "inverse", 0) != 0;
    DType dt = sh_out_dtype(c, 0);
    if (onesided && inverse && c->opset < 20)
        return sh_error(c, "DFT: onesided and inverse cannot both be set before opset 20");
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    int rank = x->rank;
    if (rank < 2)
        return sh_error(c, "DFT: input must have rank >= 2 (the last axis holds the complex "
                        "parts), got %s", sh_shape_str(c, x));
    Dim last = x->dims[rank - 1];
    if (dim_is_known(last) && last.value != 1 && last.value != 2)
        return sh_error(c, "DFT: the last dimension must be 1 (real) or 2 (complex), got %s",
                        sh_shape_str(c, x));
    if (onesided && inverse && dim_is_known(last) && last.value != 2)
        return sh_error(c, "DFT: the one-sided inverse needs complex input, got %s",
                        sh_shape_str(c, x));
    int axis = 0;
    bool known;
    if (!dft_axis(c, rank, &axis, &known))
        return false;
    Dim *out = sh_dims(c, rank);
    sh_copy(out, x->dims, rank);
    out[rank - 1] = dim_known(onesided && inverse ? 1 : 2);
    if (!known) {
        for (int i = 0; i < rank - 1 && (onesided || sh_in(c, 1)); i++)
            out[i] = dim_unknown();
    } else if (!dft_axis_size(c, x->dims[axis], onesided, inverse, &out[axis])) {
        return false;
    }
    sh_set(c, 0, dt, rank, out);
    return true;
}

/* STFT: signal [B, L, 1 or 2] -> [B, (L - frame_length) / frame_step + 1,
 * bins, 2], bins = frame_length, or floor(frame_length/2)+1 one-sided;
 * frame_length is the input, else the window's length. */
bool shape_stft(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *win = sh_ranked(c, 2);
    DType dt = sh_out_dtype(c, 0);
    if (x && (x->rank != 3 || (dim_is_known(x->dims[2]) && x->dims[2].value != 1 &&
                                x->dims[2].value != 2)))
        return sh_error(c, "STFT: signal must be [batch, length, 1 or 2], got %s",
                        sh_shape_str(c, x));
    if (win && win->rank != 1)
        return sh_error(c, "STFT: window must be 1-D, got %s", sh_shape_str(c, win));
    int64_t step = 0, len = -1;
    bool have_step = const_scalar(c, 1, &step);
    if (have_step && step < 1)
        return sh_error(c, "STFT: frame_step must be positive, got %lld", (long long)step);
    if (sh_in(c, 3) && const_scalar(c, 3, &len) && len < 1)
        return sh_error(c, "STFT: frame_length must be positive, got %lld", (long long)len);
    Dim wlen = win ? win->dims[0] : dim_unknown();
    if (len >= 0 && dim_is_known(wlen) && wlen.value != len)
        return sh_error(c, "STFT: the window has %lld values, frame_length is %lld",
                        (long long)wlen.value, (long long)len);
    if (len < 0 && !sh_in(c, 3) && dim_is_known(wlen))
        len = wlen.value;
    Dim *out = sh_dims(c, 4);
    out[0] = x ? x->dims[0] : dim_unknown();
    out[1] = out[2] = dim_unknown();
    out[3] = dim_known(2);
    if (len >= 0) {
        bool onesided = sh_attr_int(c, "onesided", 1) != 0;
        out[2] = dim_known(onesided ? len / 2 + 1 : len);
        if (x && have_step) {
            Dim span = sh_addi(c, x->dims[1], -len);
            if (dim_is_known(span) && span.value < 0)
                return sh_error(c, "STFT: frame_length %lld exceeds the signal length %lld",
                                (long long)len, (long long)x->dims[1].value);
            out[1] = sh_addi(c, sh_div(c, span, dim_known(step)), 1);
        }
    }
    sh_set(c, 0, dt, 4, out);
    return true;
}

/* The output_datatype attribute, which must be one of T2's/T3's types. */
static bool output_datatype(ShapeCtx *c, DType *dt)
{
    int64_t v = sh_attr_int(c, "output_datatype", DT_FLOAT);
    if (v <= 0 || v >= DT_COUNT || !(WINDOW_TYPES & DTS(v)))
        return sh_error(c, "%s: output_datatype %lld is not an integer or floating-point type",
                        sh_op(c), (long long)v);
    *dt = (DType)v;
    return true;
}

/* HannWindow, HammingWindow, BlackmanWindow: [size]. */
bool shape_window(ShapeCtx *c)
{
    DType dt;
    const IrType *s = sh_ranked(c, 0);
    if (!output_datatype(c, &dt))
        return false;
    if (s && s->rank != 0)
        return sh_error(c, "%s: size must be a scalar, got %s", sh_op(c), sh_shape_str(c, s));
    int64_t n;
    Dim d = dim_unknown();
    if (const_scalar(c, 0, &n)) {
        if (n < 0)
            return sh_error(c, "%s: size must not be negative, got %lld", sh_op(c), (long long)n);
        d = dim_known(n);
    }
    sh_set(c, 0, dt, 1, &d);
    return true;
}

bool shape_mel_weight_matrix(ShapeCtx *c)
{
    DType dt;
    if (!output_datatype(c, &dt))
        return false;
    int64_t bins, len;
    Dim *out = sh_dims(c, 2);
    out[0] = const_scalar(c, 1, &len) && len >= 0 ? dim_known(len / 2 + 1) : dim_unknown();
    out[1] = const_scalar(c, 0, &bins) && bins >= 0 ? dim_known(bins) : dim_unknown();
    sh_set(c, 0, dt, 2, out);
    return true;
}
