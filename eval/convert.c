/* Element conversion: loading elements of any type into the double or
 * int64 computing domain and storing them back (eval/kernel.h says how
 * values are rounded and wrapped), float16/bfloat16 encodings, and Cast's
 * whole-tensor conversion. */
#include <math.h>
#include <string.h>

#include "eval/kernel.h"

EvalDomain eval_domain(DType t)
{
    if (dtype_is_float(t))
        return DOM_F64;
    if (t == DT_UINT8 || t == DT_UINT16 || t == DT_UINT32 || t == DT_UINT64)
        return DOM_U64;
    return DOM_I64;
}

/* The x86 conversion to 32 bits: NaN and values outside int32 become
 * INT32_MIN (numpy and ONNX Runtime on x86 give the same). */
static int64_t f64_to_i32_bits(double x)
{
    if (!(x > -2147483649.0 && x < 2147483648.0))
        return INT32_MIN;
    return (int64_t)x;
}

int64_t eval_f64_to_i64(double x)
{
    /* 2^63 is exactly representable; anything at or past it (or NaN) is
     * out of range */
    if (!(x > -9223372036854775808.0 - 1.0 && x < 9223372036854775808.0))
        return INT64_MIN;
    return (int64_t)x;
}

/* ---- loads ------------------------------------------------------------------ */

void eval_load_f64(DType t, const void *src, int64_t stride, double *dst, int64_t n)
{
    int64_t i;
    switch (t) {
    case DT_FLOAT: { const float *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_DOUBLE: { const double *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_FLOAT16: { const uint16_t *s = src; for (i = 0; i < n; i++) dst[i] = dtype_half_to_double(s[i * stride]); break; }
    case DT_BFLOAT16: { const uint16_t *s = src; for (i = 0; i < n; i++) dst[i] = dtype_bfloat16_to_double(s[i * stride]); break; }
    case DT_INT8: { const int8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT8: case DT_BOOL: { const uint8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT16: { const int16_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT16: { const uint16_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT32: { const int32_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT32: { const uint32_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT64: { const int64_t *s = src; for (i = 0; i < n; i++) dst[i] = (double)s[i * stride]; break; }
    case DT_UINT64: { const uint64_t *s = src; for (i = 0; i < n; i++) dst[i] = (double)s[i * stride]; break; }
    default: memset(dst, 0, sizeof(double) * (size_t)n); break;
    }
}

void eval_load_i64(DType t, const void *src, int64_t stride, int64_t *dst, int64_t n)
{
    int64_t i, j;
    switch (t) {
    case DT_INT8: { const int8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT8: case DT_BOOL: { const uint8_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT16: { const int16_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT16: { const uint16_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT32: { const int32_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_UINT32: { const uint32_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    case DT_INT64: case DT_UINT64: { const int64_t *s = src; for (i = 0; i < n; i++) dst[i] = s[i * stride]; break; }
    default: {
        double buf[256];
        const char *s = src;
        size_t step = dtype_size(t) * (size_t)stride;
        for (i = 0; i < n; i += 256) {
            int64_t m = n - i < 256 ? n - i : 256;
            eval_load_f64(t, s + (size_t)i * step, stride, buf, m);
            for (j = 0; j < m; j++)
                dst[i + j] = eval_f64_to_i64(buf[j]);
        }
        break;
    }
    }
}

/* ---- stores ------------------------------------------------------------------ */

static uint64_t f64_to_u64(double x)
{
    if (x >= 9223372036854775808.0 && x < 18446744073709551616.0)
        return (uint64_t)x;
    return (uint64_t)eval_f64_to_i64(x);
}

void eval_store_f64(DType t, void *dst, const double *src, int64_t n)
{
    int64_t i;
    switch (t) {
    case DT_FLOAT: { float *d = dst; for (i = 0; i < n; i++) d[i] = (float)src[i]; break; }
    case DT_DOUBLE: memcpy(dst, src, sizeof(double) * (size_t)n); break;
    case DT_FLOAT16: { uint16_t *d = dst; for (i = 0; i < n; i++) d[i] = dtype_half_from_double(src[i]); break; }
    case DT_BFLOAT16: { uint16_t *d = dst; for (i = 0; i < n; i++) d[i] = dtype_bfloat16_from_double(src[i]); break; }
    case DT_BOOL: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = src[i] != 0; break; }
    case DT_UINT64: { uint64_t *d = dst; for (i = 0; i < n; i++) d[i] = f64_to_u64(src[i]); break; }
    default: {
        /* narrow integers go through int32, as x86's truncating
         * conversion does; uint32 and int64 through int64 */
        int64_t buf[256];
        char *d = dst;
        size_t es = dtype_size(t);
        bool via32 = es < 4 || t == DT_INT32;
        for (i = 0; i < n; i += 256) {
            int64_t m = n - i < 256 ? n - i : 256;
            for (int64_t j = 0; j < m; j++)
                buf[j] = via32 ? f64_to_i32_bits(src[i + j]) : eval_f64_to_i64(src[i + j]);
            eval_store_i64(t, d + (size_t)i * es, buf, m);
        }
        break;
    }
    }
}

void eval_store_i64(DType t, void *dst, const int64_t *src, int64_t n)
{
    int64_t i;
    switch (t) {
    case DT_INT8: case DT_UINT8: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint8_t)src[i]; break; }
    case DT_BOOL: { uint8_t *d = dst; for (i = 0; i < n; i++) d[i] = src[i] != 0; break; }
    case DT_INT16: case DT_UINT16: { uint16_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint16_t)src[i]; break; }
    case DT_INT32: case DT_UINT32: { uint32_t *d = dst; for (i = 0; i < n; i++) d[i] = (uint32_t)src[i]; break; }
    case DT_INT64: case DT_UINT64: memcpy(dst, src, sizeof(int64_t) * (size_t)n); break;
    case DT_FLOAT: { float *d = dst; for (i = 0; i < n; i++) d[i] = (float)src[i]; break; }
    case DT_DOUBLE: { double *d = dst; for (i = 0; i < n; i++) d[i] = (double)src[i]; break; }
    case DT_FLOAT16: { uint16_t *d = dst; for (i = 0; i < n; i++) d[i] = dtype_half_from_double((double)src[i]); break; }
    case DT_BFLOAT16: { uint16_t *d = dst; for (i = 0; i < n; i++) d[i] = dtype_bfloat16_from_double((double)src[i]); break; }
    default: break;
    }
}

/* Unsigned 64-bit sources go through the double domain to keep their
 * value when the target is floating point. */
static void store_u64_as_float(DType t, void *dst, const int64_t *src, int64_t n)
{
    double buf[256];
    char *d = dst;
    size_t es = dtype_size(t);
    for (int64_t i = 0; i < n; i += 256) {
        int64_t m = n - i < 256 ? n - i : 256;
        for (int64_t j = 0; j < m; j++)
            buf[j] = (double)(uint64_t)src[i + j];
        eval_store_f64(t, d + (size_t)i * es, buf, m);
    }
}

EvalValue *eval_cast(EvalValue *v, DType t)
{
    if (v->dtype == t)
        return eval_retain(v);
    EvalValue *r = eval_tensor_new(t, v->rank, v->dims);
    if (!r)
        return NULL;
    size_t ss = dtype_size(v->dtype), ds = dtype_size(t);
    bool via_float = eval_domain(v->dtype) == DOM_F64 || dtype_is_float(t);
    for (int64_t i = 0; i < v->numel; i += 256) {
        int64_t m = v->numel - i < 256 ? v->numel - i : 256;
        const char *s = (const char *)v->data + (size_t)i * ss;
        char *d = (char *)r->data + (size_t)i * ds;
        if (via_float && v->dtype != DT_UINT64) {
            double buf[256];
            eval_load_f64(v->dtype, s, 1, buf, m);
            eval_store_f64(t, d, buf, m);
        } else {
            int64_t buf[256];
            eval_load_i64(v->dtype, s, 1, buf, m);
            if (v->dtype == DT_UINT64 && dtype_is_float(t))
                store_u64_as_float(t, d, buf, m);
            else
                eval_store_i64(t, d, buf, m);
        }
    }
    return r;
}
