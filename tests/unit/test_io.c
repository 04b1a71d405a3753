/* Unit tests for io/ (safetensors, npy, --example values) and the PRNG.
 * Prints TAP.
 *
 *   test_io [FIXTURE_DIR]
 *
 * FIXTURE_DIR holds the files tests/io/gen.py writes; the program changes
 * into it (so messages name files without a directory) and writes re-saved
 * arrays to FIXTURE_DIR/out for tests/io.sh to check with numpy.  Without
 * it, only the tests that need no files run. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/example.h"
#include "io/npy.h"
#include "io/weights.h"
#include "support/prng.h"

typedef struct Tap {
    int n, failed;
    Arena arena;
} Tap;

static bool check(Tap *t, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool check(Tap *t, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%s %d - ", ok ? "ok" : "not ok", ++t->n);
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (!ok)
        t->failed++;
    fflush(stdout);
    return ok;
}

static void diag_str(const char *what, const char *s)
{
    printf("#   %s: %s\n", what, s ? s : "(null)");
}

static bool check_str(Tap *t, const char *got, const char *want, const char *desc)
{
    bool ok = got && want && strcmp(got, want) == 0;
    check(t, ok, "%s", desc);
    if (!ok) {
        diag_str("got ", got);
        diag_str("want", want);
    }
    return ok;
}

static unsigned char *read_all(Arena *a, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = arena_alloc(a, (size_t)n + 1);
    *len = fread(buf, 1, (size_t)n, f);
    fclose(f);
    return buf;
}

static bool write_file(const char *path, const void *buf, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(buf, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* ---- PRNG -------------------------------------------------------------- */

static void prng_stats(Tap *t)
{
    Prng p;
    prng_seed(&p, 7);
    const int n = 200000;
    double sum = 0, sum2 = 0, usum = 0, usum2 = 0;
    bool in_range = true;
    for (int i = 0; i < n; i++) {
        double x = prng_normal(&p);
        sum += x;
        sum2 += x * x;
        double u = prng_uniform(&p);
        float uf = prng_uniform_f32(&p);
        in_range &= u >= 0 && u < 1 && uf >= 0 && uf < 1;
        usum += u;
        usum2 += u * u;
    }
    double mean = sum / n, sd = sqrt(sum2 / n - mean * mean);
    check(t, fabs(mean) < 0.01 && fabs(sd - 1) < 0.01, "prng: normal mean %.4f sd %.4f", mean, sd);
    double umean = usum / n, uvar = usum2 / n - umean * umean;
    check(t, fabs(umean - 0.5) < 0.005 && fabs(uvar - 1.0 / 12) < 0.002,
          "prng: uniform mean %.4f var %.4f", umean, uvar);
    check(t, in_range, "prng: uniform draws lie in [0, 1)");
}

/* Tallies of N standard normal draws against the distribution itself. */
typedef struct NormalTally {
    int below[25];          /* draws below -3 + 0.25 g */
    double sum, sum2, sum4;
    long tail;              /* beyond the ziggurat's base layer r */
    int n;
} NormalTally;

static void tally_normal(NormalTally *s, double x)
{
    s->n++;
    s->sum += x;
    s->sum2 += x * x;
    s->sum4 += x * x * x * x;
    s->tail += fabs(x) > 3.442619855899;
    for (int g = 0; g < 25; g++)
        s->below[g] += x < -3.0 + 0.25 * g;
}

/* Moments, the empirical CDF on a grid (every point within 4 standard
 * errors of Phi), and the tail beyond r (sampled apart by the ziggurat). */
static void check_normal(Tap *t, const NormalTally *s, const char *what)
{
    double n = s->n, mean = s->sum / n, var = s->sum2 / n - mean * mean, kurt = s->sum4 / n / (var * var);
    check(t, fabs(mean) < 0.003 && fabs(var - 1) < 0.004 && fabs(kurt - 3) < 0.02,
          "prng: %s mean %.4f var %.4f kurtosis %.3f", what, mean, var, kurt);
    double worst = 0;
    for (int g = 0; g < 25; g++) {
        double x = -3.0 + 0.25 * g, phi = 0.5 * erfc(-x / sqrt(2.0));
        double z = fabs((double)s->below[g] / n - phi) / sqrt(phi * (1 - phi) / n);
        worst = z > worst ? z : worst;
    }
    check(t, worst < 4.0, "prng: %s CDF within %.2f standard errors of Phi on [-3, 3]", what, worst);
    double want_tail = erfc(3.442619855899 / sqrt(2.0));
    check(t, fabs((double)s->tail / n - want_tail) < 4 * sqrt(want_tail / n),
          "prng: %s tail beyond r: %.3g of the draws, Phi says %.3g", what, (double)s->tail / n, want_tail);
}

/* The ziggurat against the normal distribution itself, and determinism. */
static void prng_fast_normal(Tap *t)
{
    Prng p, q;
    prng_seed(&p, 5);
    static NormalTally s;
    for (int i = 0; i < 2000000; i++)
        tally_normal(&s, prng_normal_fast(&p));
    check_normal(t, &s, "ziggurat");
    prng_seed(&p, 9);
    prng_seed(&q, 9);
    bool same = true;
    for (int i = 0; i < 1000; i++)
        same &= prng_normal_fast(&p) == prng_normal_fast(&q);
    check(t, same, "prng: ziggurat, same seed, same sequence");
}

/* The counter-based streams of parameter initialization: the normal's
 * moments, CDF and tail as above (draws from many keys, as a network's
 * parameters are), uniform moments and range, and that a piece made on
 * its own, from any offset, is the same as the whole. */
static void prng_counter_streams(Tap *t)
{
    enum { N = 2000000, KEYS = 16 };
    static NormalTally s;
    double usum = 0, usum2 = 0;
    bool in_range = true;
    for (int i = 0; i < N; i++) {
        uint64_t key = UINT64_C(0x1234) + (uint64_t)(i % KEYS), at = (uint64_t)(i / KEYS);
        double u = prng_uniform_at(key, at);
        tally_normal(&s, prng_normal_at(key, at));
        usum += u;
        usum2 += u * u;
        in_range &= u >= 0 && u < 1;
    }
    check_normal(t, &s, "counter normal");
    double umean = usum / N, uvar = usum2 / N - umean * umean;
    check(t, in_range && fabs(umean - 0.5) < 0.002 && fabs(uvar - 1.0 / 12) < 0.002,
          "prng: counter uniform in [0, 1), mean %.4f var %.4f", umean, uvar);
    enum { M = 10000 };
    float *whole = arena_alloc(&t->arena, M * sizeof *whole), *piece = arena_alloc(&t->arena, M * sizeof *piece);
    prng_fill_normal_at_f32(77, 0, M, whole, 0.5, 2.0);
    bool same = true;
    for (size_t from = 0; from < M; from += 1237) {
        size_t n = M - from < 1237 ? M - from : 1237;
        prng_fill_normal_at_f32(77, from, n, piece + from, 0.5, 2.0);
    }
    for (int i = 0; i < M; i++)
        same &= whole[i] == piece[i];
    prng_fill_uniform_at_f32(78, 0, M, whole, -1, 3);
    for (size_t from = M; from > 0; from -= from < 999 ? from : 999) {
        size_t n = from < 999 ? from : 999;
        prng_fill_uniform_at_f32(78, from - n, n, piece + from - n, -1, 3);
    }
    for (int i = 0; i < M; i++)
        same &= whole[i] == piece[i];
    check(t, same, "prng: counter fills in pieces, in any order, equal the whole fill");
}

/* The float32 bulk fills (support/prng_f32.c): the normal against the
 * normal distribution, from many keys as a network's parameters are, with
 * the tail beyond 3.44 that the ziggurat samples apart; the uniform's
 * moments and range; the vector path byte for byte the portable one, also
 * across the 2^32-element boundary where the hash's key changes; element
 * values that do not depend on the piece they are made in. */
static void prng_f32_fills(Tap *t)
{
    enum { N = 125000, KEYS = 16, M = 4099 };
    static NormalTally s;
    float *buf = arena_alloc(&t->arena, N * sizeof *buf), *other = arena_alloc(&t->arena, N * sizeof *other);
    for (uint64_t k = 0; k < KEYS; k++) {
        prng_fill_normal_at_f32(UINT64_C(0x77) + k, 3, N, buf, 0.0, 1.0);
        for (int i = 0; i < N; i++)
            tally_normal(&s, buf[i]);
    }
    check_normal(t, &s, "float32 normal fill");
    double usum = 0, usum2 = 0;
    bool in_range = true;
    for (uint64_t k = 0; k < KEYS; k++) {
        prng_fill_uniform_at_f32(UINT64_C(0x99) + k, 5, N, buf, -1.0, 3.0);
        for (int i = 0; i < N; i++) {
            double u = (buf[i] + 1.0) / 4.0;
            usum += u;
            usum2 += u * u;
            in_range &= buf[i] >= -1.0f && buf[i] <= 3.0f;
        }
    }
    double umean = usum / (N * KEYS), uvar = usum2 / (N * KEYS) - umean * umean;
    check(t, in_range && fabs(umean - 0.5) < 0.002 && fabs(uvar - 1.0 / 12) < 0.002,
          "prng: float32 uniform fill in [-1, 3], mean %.4f var %.4f of [0, 1)", umean, uvar);
    bool same = true;
    const uint64_t starts[] = {0, 13, 16, (UINT64_C(1) << 32) - 2000, (UINT64_C(1) << 32) - 16,
                               UINT64_C(0x123456789a)};
    for (size_t k = 0; k < sizeof starts / sizeof *starts; k++)
        for (int normal = 0; normal <= 1; normal++) {
            prng_fill_at_f32_isa(PRNG_ISA_PORTABLE, normal, 5, starts[k], M, buf, 0.25, 3.0);
            for (PrngIsa isa = PRNG_ISA_AVX2; isa <= PRNG_ISA_AVX512; isa++) {
                prng_fill_at_f32_isa(isa, normal, 5, starts[k], M, other, 0.25, 3.0);
                same &= memcmp(buf, other, M * sizeof *buf) == 0;
            }
            if (normal)
                prng_fill_normal_at_f32(5, starts[k], M, other, 0.25, 3.0);
            else
                prng_fill_uniform_at_f32(5, starts[k], M, other, 0.25, 3.0);
            same &= memcmp(buf, other, M * sizeof *buf) == 0;
            /* one element at a time from the end: the same values */
            for (int i = M - 1; i >= M - 40; i--) {
                float one;
                prng_fill_at_f32_isa(PRNG_ISA_PORTABLE, normal, 5, starts[k] + (uint64_t)i, 1, &one, 0.25, 3.0);
                same &= one == buf[i];
            }
        }
    check(t, same, "prng: float32 fills: AVX-512, AVX2 and portable paths equal, element by element too");
    prng_fill_normal_at_f32(5, 0, M, buf, 0.25, 3.0);
    prng_fill_normal_at_f32(6, 0, M, other, 0.25, 3.0);
    int equal = 0;
    for (int i = 0; i < M; i++)
        equal += buf[i] == other[i];
    check(t, equal < 5, "prng: float32 fills of two keys differ (%d of %d equal)", equal, (int)M);
}

static void prng_fills(Tap *t)
{
    Prng p, q;
    enum { N = 50000 };
    float *f = arena_alloc(&t->arena, N * sizeof *f);
    double *d = arena_alloc(&t->arena, N * sizeof *d);
    prng_seed(&p, 11);
    prng_fill_normal_f32(&p, f, N, 3.0f, 2.0f);
    double sum = 0, sum2 = 0;
    for (int i = 0; i < N; i++) {
        sum += f[i];
        sum2 += (double)f[i] * f[i];
    }
    double mean = sum / N, sd = sqrt(sum2 / N - mean * mean);
    check(t, fabs(mean - 3) < 0.05 && fabs(sd - 2) < 0.05, "prng: normal fill mean %.3f sd %.3f", mean, sd);
    prng_seed(&q, 11);
    bool same = true;
    for (int i = 0; i < N; i++)
        same &= f[i] == (float)(3.0 + 2.0 * prng_normal(&q));
    check(t, same, "prng: normal fill is mean + std * prng_normal");
    prng_fill_uniform_f64(&p, d, N, -2.0, 5.0);
    bool ok = true;
    for (int i = 0; i < N; i++)
        ok &= d[i] >= -2.0 && d[i] < 5.0;
    check(t, ok, "prng: uniform f64 fill within [-2, 5)");
    prng_fill_uniform_f32(&p, f, N, 1.0f, nextafterf(1.0f, 2.0f));
    ok = true;
    for (int i = 0; i < N; i++)
        ok &= f[i] == 1.0f;
    check(t, ok, "prng: one-ulp float range never returns its upper bound");
    ok = true;
    for (int i = 0; i < 1000; i++)
        ok &= prng_uniform_range(&p, 1.0, nextafter(1.0, 2.0)) == 1.0;
    check(t, ok && prng_uniform_range(&p, 3, 3) == 3 && prng_uniform_range_f32(&p, 4, 1) == 4,
          "prng: degenerate double ranges");
}

static void prng_below_test(Tap *t)
{
    Prng p;
    prng_seed(&p, 3);
    int hist[10] = {0};
    bool ok = prng_below(&p, 0) == 0 && prng_below(&p, 1) == 0;
    for (int i = 0; i < 100000; i++) {
        uint64_t r = prng_below(&p, 10);
        ok &= r < 10;
        if (r < 10)
            hist[r]++;
    }
    for (int i = 0; i < 10; i++)
        ok &= hist[i] > 9500 && hist[i] < 10500;
    uint64_t big = prng_below(&p, UINT64_MAX);
    check(t, ok && big < UINT64_MAX, "prng: prng_below is in range and even");
}

static void prng_determinism(Tap *t)
{
    Prng a, b, c;
    prng_seed(&a, 123);
    prng_seed(&b, 123);
    prng_seed(&c, 124);
    bool same = true, differ = false;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = prng_next(&a);
        same &= x == prng_next(&b);
        differ |= x != prng_next(&c);
    }
    for (int i = 0; i < 1000; i++)
        same &= prng_normal(&a) == prng_normal(&b);
    check(t, same, "prng: same seed, same sequence");
    check(t, differ, "prng: different seeds, different sequences");
}

/* Against tests/io/gen.py's Python rendering of the published algorithms. */
static void prng_reference(Tap *t)
{
    FILE *f = fopen("prng.txt", "r");
    if (!check(t, f != NULL, "prng: reference file"))
        return;
    char kind[16];
    unsigned long long seed;
    while (fscanf(f, "%15s %llu", kind, &seed) == 2) {
        Prng p;
        prng_seed(&p, seed);
        bool ok = true;
        int count = 0;
        if (strcmp(kind, "next") == 0) {
            unsigned long long want;
            for (; count < 8 && fscanf(f, "%llu", &want) == 1; count++)
                ok &= prng_next(&p) == want;
        } else {
            double want;
            for (; fscanf(f, "%lf", &want) == 1; count++) {
                double got = kind[0] == 'n' ? prng_normal(&p) : prng_uniform(&p);
                ok &= kind[0] == 'n' ? fabs(got - want) <= 1e-14 * fabs(want) + 1e-15 : got == want;
            }
        }
        check(t, ok && count > 4, "prng: %s for seed %llu matches the reference (%d values)",
              kind, seed, count);
    }
    fclose(f);
}

/* ---- tensors as text --------------------------------------------------- */

static float half_to_float(uint16_t h, bool bf16)
{
    if (bf16) {
        uint32_t x = (uint32_t)h << 16;
        float f;
        memcpy(&f, &x, 4);
        return f;
    }
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY)
                                                       : ldexpf((float)(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

static const char *element_text(Arena *a, const IrTensor *x, int64_t i)
{
    const unsigned char *p = (const unsigned char *)x->data + (size_t)i * dtype_size(x->dtype);
    union { float f; double d; int64_t i64; int32_t i32; int16_t i16; int8_t i8;
            uint64_t u64; uint32_t u32; uint16_t u16; uint8_t u8; } v;
    memcpy(&v, p, dtype_size(x->dtype));
    switch (x->dtype) {
    case DT_FLOAT: return arena_sprintf(a, "%.9g", v.f);
    case DT_DOUBLE: return arena_sprintf(a, "%.17g", v.d);
    case DT_FLOAT16: return arena_sprintf(a, "%.9g", half_to_float(v.u16, false));
    case DT_BFLOAT16: return arena_sprintf(a, "%.9g", half_to_float(v.u16, true));
    case DT_INT64: return arena_sprintf(a, "%lld", (long long)v.i64);
    case DT_INT32: return arena_sprintf(a, "%d", v.i32);
    case DT_INT16: return arena_sprintf(a, "%d", v.i16);
    case DT_INT8: return arena_sprintf(a, "%d", v.i8);
    case DT_UINT64: return arena_sprintf(a, "%llu", (unsigned long long)v.u64);
    case DT_UINT32: return arena_sprintf(a, "%u", v.u32);
    case DT_UINT16: return arena_sprintf(a, "%u", v.u16);
    case DT_UINT8: case DT_BOOL: return arena_sprintf(a, "%u", v.u8);
    default: return "?";
    }
}

/* "int64 (2, 2) 1 2 3 4" */
static const char *tensor_text(Arena *a, const IrTensor *x)
{
    char *s = arena_sprintf(a, "%s (", dtype_name(x->dtype));
    for (int i = 0; i < x->rank; i++)
        s = arena_sprintf(a, "%s%s%lld", s, i ? ", " : "", (long long)x->dims[i]);
    s = arena_sprintf(a, "%s)", s);
    int64_t n = ir_tensor_numel(x);
    for (int64_t i = 0; i < n && i < 16; i++)
        s = arena_sprintf(a, "%s %s", s, element_text(a, x, i));
    return n > 16 ? arena_sprintf(a, "%s ...", s) : s;
}

static bool same_tensor(const IrTensor *x, const IrTensor *y)
{
    if (x->dtype != y->dtype || x->rank != y->rank || x->nbytes != y->nbytes)
        return false;
    for (int i = 0; i < x->rank; i++)
        if (x->dims[i] != y->dims[i])
            return false;
    return x->nbytes == 0 || memcmp(x->data, y->data, x->nbytes) == 0;
}

/* ---- npy --------------------------------------------------------------- */

/* One manifest line: NAME DTYPE RANK DIMS...; compares with NAME.raw and
 * re-saves to out/NAME.npy. */
static void npy_manifest_entry(Tap *t, char *line)
{
    Arena *a = &t->arena;
    char *name = strtok(line, " \n"), *dtype = strtok(NULL, " \n"), *rank_text = strtok(NULL, " \n");
    if (!name || !dtype || !rank_text)
        return;
    int rank = atoi(rank_text);
    int64_t dims[8];
    for (int i = 0; i < rank && i < 8; i++)
        dims[i] = atoll(strtok(NULL, " \n"));
    char *err = NULL;
    IrTensor *x = npy_load(a, arena_sprintf(a, "%s.npy", name), &err);
    size_t rawlen = 0;
    unsigned char *raw = read_all(a, arena_sprintf(a, "%s.raw", name), &rawlen);
    bool ok = x && raw && strcmp(dtype_name(x->dtype), dtype) == 0 && x->rank == rank &&
              x->nbytes == rawlen && (rawlen == 0 || memcmp(x->data, raw, rawlen) == 0);
    for (int i = 0; ok && i < rank; i++)
        ok = x->dims[i] == dims[i];
    if (!check(t, ok, "npy: %s.npy loads as %s with the right shape and bytes", name, dtype))
        diag_str("error", err);
    if (x && x->dtype != DT_BFLOAT16) {
        ok = npy_save(a, arena_sprintf(a, "out/%s.npy", name), x, &err);
        if (!check(t, ok, "npy: out/%s.npy saved", name))
            diag_str("error", err);
    }
}

static void npy_manifest(Tap *t)
{
    FILE *f = fopen("npy_manifest.txt", "r");
    if (!check(t, f != NULL, "npy: manifest"))
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        npy_manifest_entry(t, line);
    fclose(f);
}

static void npy_errors(Tap *t)
{
    static const char *const cases[][2] = {
        {"bad_bigendian.npy", "bad_bigendian.npy: big-endian arrays are not supported"},
        {"bad_fortran.npy", "bad_fortran.npy: Fortran-ordered arrays are not supported"},
        {"bad_unicode.npy", "bad_unicode.npy: unsupported dtype '<U2'"},
        {"bad_structured.npy", "bad_structured.npy: structured arrays are not supported"},
        {"bad_object.npy", "bad_object.npy: unsupported dtype '|O'"},
        {"bad_empty.npy", "bad_empty.npy: not a .npy file (no \\x93NUMPY magic)"},
        {"bad_magic.npy", "bad_magic.npy: not a .npy file (no \\x93NUMPY magic)"},
        {"bad_short.npy", "bad_short.npy: not a .npy file (no \\x93NUMPY magic)"},
        {"bad_version.npy", "bad_version.npy: unsupported .npy format version 4.0"},
        {"bad_minor.npy", "bad_minor.npy: unsupported .npy format version 1.1"},
        {"bad_trunc_prefix.npy", "bad_trunc_prefix.npy: truncated header"},
        {"bad_trunc_header.npy", "bad_trunc_header.npy: truncated header"},
        {"bad_trunc_data.npy", "bad_trunc_data.npy: truncated: the data needs 96 bytes, the file has 91 after the header"},
        {"bad_trailing.npy", "bad_trailing.npy: 3 unexpected bytes after the array data"},
        {"bad_hlen.npy", "bad_hlen.npy: truncated header"},
        {"bad_hlen_v2.npy", "bad_hlen_v2.npy: header length 4294967280 is too large"},
        {"bad_garbage.npy", "bad_garbage.npy: malformed header: expected '{'"},
        {"bad_nokey.npy", "bad_nokey.npy: malformed header: missing key 'shape'"},
        {"bad_extrakey.npy", "bad_extrakey.npy: malformed header: unexpected key 'x'"},
        {"bad_dupkey.npy", "bad_dupkey.npy: malformed header: duplicate key 'descr'"},
        {"bad_negshape.npy", "bad_negshape.npy: shape entries must be non-negative"},
        {"bad_shape_type.npy", "bad_shape_type.npy: malformed header: 'shape' must be a tuple of integers"},
        {"bad_hugeshape.npy", "bad_hugeshape.npy: array size overflows"},
        {"bad_bigdim.npy", "bad_bigdim.npy: shape entry is too large"},
        {"bad_order.npy", "bad_order.npy: malformed header: 'fortran_order' must be True or False"},
        {"bad_descr_f16.npy", "bad_descr_f16.npy: unsupported dtype '<f16'"},
        {"bad_unterminated.npy", "bad_unterminated.npy: unsupported dtype '<f4, '"},
        {"bad_bool.npy", "bad_bool.npy: bool element 2 is 7, not 0 or 1"},
        {"bad_rank.npy", "bad_rank.npy: more than 64 dimensions"},
        {"adir.npy", "cannot read 'adir.npy': Is a directory"},
        {"missing.npy", "cannot read 'missing.npy': No such file or directory"},
        {"/dev/null", "cannot read '/dev/null': not a regular file"},
        {"fifo.npy", "cannot read 'fifo.npy': not a regular file"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *err = NULL;
        IrTensor *x = npy_load(&t->arena, cases[i][0], &err);
        check_str(t, x ? "(loaded)" : err, cases[i][1], arena_sprintf(&t->arena, "npy: %s refused", cases[i][0]));
    }
}

/* Every strict prefix of a valid image is refused, and single-byte changes
 * anywhere in the header never crash (ASan/valgrind watch the reads: each
 * image sits in its own exactly-sized malloc block). */
static void npy_mutations(Tap *t, const char *file)
{
    size_t len = 0;
    unsigned char *good = read_all(&t->arena, file, &len);
    if (!check(t, good && len > 0, "npy: %s for mutation tests", file))
        return;
    bool prefixes_fail = true, one_line = true;
    for (size_t n = 0; n < len; n++) {
        unsigned char *buf = malloc(n ? n : 1);
        memcpy(buf, good, n);
        char *err = NULL;
        Arena a;
        arena_init(&a);
        prefixes_fail &= npy_parse(&a, "p.npy", buf, n, &err) == NULL && err && !strchr(err, '\n');
        arena_free(&a);
        free(buf);
    }
    static const unsigned char subst[] = {0, ' ', '\'', '(', ')', ',', '-', '9', '{', '}', 0xff, '\n'};
    for (size_t pos = 0; pos < len && pos < 140; pos++) {
        for (size_t k = 0; k < sizeof subst; k++) {
            unsigned char *buf = malloc(len);
            memcpy(buf, good, len);
            buf[pos] = subst[k];
            char *err = NULL;
            Arena a;
            arena_init(&a);
            IrTensor *x = npy_parse(&a, "m.npy", buf, len, &err);
            one_line &= x != NULL || (err && !strchr(err, '\n'));
            arena_free(&a);
            free(buf);
        }
    }
    check(t, prefixes_fail, "npy: every truncation of %s is refused with one line", file);
    check(t, one_line, "npy: header mutations of %s load or fail with one line", file);
}

static void npy_save_errors(Tap *t)
{
    Arena *a = &t->arena;
    char *err = NULL;
    int64_t dims[2] = {2, 3};
    IrTensor *x = ir_tensor_new(a, DT_FLOAT, 2, dims);
    bool ok = npy_save(a, "/dev/full", x, &err);
    check_str(t, ok ? "(saved)" : err, "cannot write '/dev/full': No space left on device",
              "npy: saving to /dev/full fails with one line");
    struct stat st;
    ok = npy_save(a, "/dev/null", x, &err);
    check(t, ok && stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode),
          "npy: saving to /dev/null writes in place and leaves the device alone");
    ok = npy_save(a, "nodir/x.npy", x, &err);
    check_str(t, ok ? "(saved)" : err, "cannot write 'nodir/x.npy': No such file or directory",
              "npy: saving into a missing directory fails");
    IrTensor *bf = ir_tensor_new(a, DT_BFLOAT16, 2, dims);
    ok = npy_save(a, "out/bf.npy", bf, &err);
    check_str(t, ok ? "(saved)" : err, "cannot write 'out/bf.npy': bfloat16 tensors have no .npy form",
              "npy: bfloat16 is refused");
    check(t, access("out/bf.npy", F_OK) != 0, "npy: a refused save leaves no file");
    IrTensor bad = *x;
    bad.nbytes = 7;
    ok = npy_save(a, "out/bad.npy", &bad, &err);
    check_str(t, ok ? "(saved)" : err, "cannot write 'out/bad.npy': the tensor's data does not match its shape",
              "npy: inconsistent tensors are refused");
    ok = npy_save(a, "fifo.npy", x, &err);
    check_str(t, ok ? "(saved)" : err, "cannot write 'fifo.npy': No such device or address",
              "npy: saving to a FIFO without a reader fails instead of waiting");
    ok = npy_save(a, "adir.npy", x, &err);
    check(t, !ok && err && strncmp(err, "cannot write 'adir.npy': ", 25) == 0,
          "npy: saving over a directory fails (%s)", err ? err : "");
}

static void npy_save_roundtrip(Tap *t)
{
    Arena *a = &t->arena;
    char *err = NULL;
    int64_t dims[10] = {1, 2, 1, 1, 3, 1, 1, 1, 1, 2};
    IrTensor *x = ir_tensor_new(a, DT_INT16, 10, dims);
    for (int i = 0; i < 12; i++)
        ((int16_t *)x->data)[i] = (int16_t)(i * 1000 - 5000);
    bool ok = npy_save(a, "out/rank10.npy", x, &err);
    IrTensor *y = ok ? npy_load(a, "out/rank10.npy", &err) : NULL;
    check(t, y && same_tensor(x, y), "npy: rank-10 int16 round trip");
    IrTensor *s = ir_tensor_scalar_f32(a, 1.0f);
    ok = npy_save(a, "out/replace.npy", x, &err) && npy_save(a, "out/replace.npy", s, &err);
    y = ok ? npy_load(a, "out/replace.npy", &err) : NULL;
    check(t, y && same_tensor(s, y), "npy: saving over an existing file replaces it");
    DIR *d = opendir("out");
    bool clean = d != NULL;
    for (struct dirent *e; d && (e = readdir(d));)
        clean &= strstr(e->d_name, ".tmp") == NULL;
    if (d)
        closedir(d);
    check(t, clean, "npy: no temporary files are left behind");
}

/* ---- safetensors ------------------------------------------------------- */

static unsigned char hex_value(char c)
{
    return (unsigned char)(c <= '9' ? c - '0' : c - 'a' + 10);
}

/* One line of st_good.expect against the loaded weights. */
static bool st_expect_line(Tap *t, Weights *w, int index, char *line)
{
    Arena *a = &t->arena;
    char *name = strtok(line, " \n"), *dtype = strtok(NULL, " \n");
    int rank = atoi(strtok(NULL, " \n"));
    int64_t dims[8];
    for (int i = 0; i < rank && i < 8; i++)
        dims[i] = atoll(strtok(NULL, " \n"));
    char *hex = strtok(NULL, " \n");
    size_t n = strcmp(hex, "-") == 0 ? 0 : strlen(hex) / 2;
    unsigned char *bytes = arena_alloc(a, n + 1);
    for (size_t i = 0; i < n; i++)
        bytes[i] = (unsigned char)(hex_value(hex[2 * i]) << 4 | hex_value(hex[2 * i + 1]));
    IrTensor *x = weights_get(w, name);
    size_t align = dtype_size(x ? x->dtype : DT_UINT8);
    bool ok = x && x == weights_tensor(w, index) && strcmp(weights_name(w, index), name) == 0 &&
              strcmp(dtype_name(x->dtype), dtype) == 0 && x->rank == rank && x->nbytes == n &&
              (n == 0 || memcmp(x->data, bytes, n) == 0) &&
              (uintptr_t)x->data % (align > 8 ? 8 : align) == 0;
    for (int i = 0; ok && i < rank; i++)
        ok = x->dims[i] == dims[i];
    return check(t, ok, "safetensors: tensor %d '%s' (%s)", index, name, dtype);
}

static void st_good(Tap *t)
{
    char *err = NULL;
    Weights *w = weights_load(&t->arena, "st_good.safetensors", &err);
    if (!check(t, w != NULL, "safetensors: st_good.safetensors loads")) {
        diag_str("error", err);
        return;
    }
    FILE *f = fopen("st_good.expect", "r");
    char line[4096];
    int i = 0;
    while (f && fgets(line, sizeof line, f))
        st_expect_line(t, w, i++, line);
    if (f)
        fclose(f);
    check(t, weights_count(w) == i && i == 17, "safetensors: %d tensors, in data order", weights_count(w));
    check(t, weights_get(w, "nope") == NULL && weights_tensor(w, 99) == NULL && weights_name(w, -1) == NULL,
          "safetensors: absent names give NULL");
    const char *k0, *v0, *k1, *v1;
    weights_metadata(w, 0, &k0, &v0);
    weights_metadata(w, 1, &k1, &v1);
    check(t, weights_metadata_count(w) == 2 && strcmp(k0, "author") == 0 && strcmp(v0, "test") == 0 &&
             strcmp(k1, "format") == 0 && strcmp(v1, "pt") == 0,
          "safetensors: metadata sorted by key");
    check(t, strcmp(weights_path(w), "st_good.safetensors") == 0, "safetensors: weights_path");
    weights_close(w);
    weights_close(w);
    weights_close(NULL);
    check(t, weights_get(w, "scalar") == NULL, "safetensors: close is idempotent and ends lookups");
}

static void st_unaligned(Tap *t)
{
    char *err = NULL;
    Weights *w = weights_load(&t->arena, "st_unaligned.safetensors", &err);
    if (!check(t, w != NULL, "safetensors: unaligned file loads")) {
        diag_str("error", err);
        return;
    }
    IrTensor *b = weights_get(w, "b"), *c = weights_get(w, "c");
    float fb[2];
    int64_t ic;
    bool ok = b && c && (uintptr_t)b->data % 4 == 0 && (uintptr_t)c->data % 8 == 0;
    if (ok) {
        memcpy(fb, b->data, 8);
        memcpy(&ic, c->data, 8);
        ok = fb[0] == 1.5f && fb[1] == -2.0f && ic == -5 && ((float *)b->data)[1] == -2.0f;
    }
    check(t, ok, "safetensors: misaligned tensors are copied to aligned memory");
    weights_close(w);
    check(t, ok && *(int64_t *)c->data == -5, "safetensors: copied tensors survive weights_close");
    w = weights_load(&t->arena, "st_notensors.safetensors", &err);
    check(t, w && weights_count(w) == 0 && weights_metadata_count(w) == 0 && !weights_get(w, "a"),
          "safetensors: a file with no tensors");
    weights_close(w);
}

static void st_errors(Tap *t)
{
    static const char *const cases[][2] = {
        {"st_empty", "too short for a weights file (safetensors or torch.save; 0 bytes)"},
        {"st_short", "too short for a weights file (safetensors or torch.save; 5 bytes)"},
        {"st_hlen_big", "header length 1000 exceeds the file size (16 bytes)"},
        {"st_hlen_huge", "header length 9223372036854775808 is too large"},
        {"st_garbage", "invalid JSON header at line 2, column 17: '}' expected near '\"x\"'"},
        {"st_not_object", "the header is not a JSON object"},
        {"st_dtype_type", "tensor 'w': 'dtype' must be a string"},
        {"st_dtype_unknown", "tensor 'w': unknown dtype 'F33'"},
        {"st_dtype_f8", "tensor 'w': dtype F8_E5M2 is not supported"},
        {"st_shape_type", "tensor 'w': 'shape' must be an array of integers"},
        {"st_shape_neg", "tensor 'w': shape entry -1 is negative"},
        {"st_shape_float", "tensor 'w': 'shape' must be an array of integers"},
        {"st_offsets_short", "tensor 'w': 'data_offsets' must be [begin, end] with 0 <= begin <= end"},
        {"st_offsets_reversed", "tensor 'w': 'data_offsets' must be [begin, end] with 0 <= begin <= end"},
        {"st_offsets_neg", "tensor 'w': 'data_offsets' must be [begin, end] with 0 <= begin <= end"},
        {"st_out_of_range", "tensor 'w': data_offsets [4, 16] lie outside the data buffer (12 bytes)"},
        {"st_size_mismatch", "tensor 'w': shape [2] of F32 needs 8 bytes, data_offsets span 12"},
        {"st_overlap", "tensors 'w' and 'v' overlap in the data buffer"},
        {"st_gap", "bytes 4 to 8 of the data buffer belong to no tensor (before 'v')"},
        {"st_trailing", "bytes 12 to 16 of the data buffer belong to no tensor (after the last one)"},
        {"st_dup", "invalid JSON header at line 1, column 66: duplicate object key near '\"w\"'"},
        {"st_missing", "tensor 'w': missing 'data_offsets'"},
        {"st_extra", "tensor 'w': unexpected field 'offsets'"},
        {"st_not_entry", "tensor 'w': expected an object with dtype, shape and data_offsets"},
        {"st_meta_type", "'__metadata__' must be an object of strings"},
        {"st_meta_value", "'__metadata__' value of 'k' is not a string"},
        {"st_overflow", "tensor 'w': shape [4611686018427387904, 4611686018427387904] is too large"},
        {"st_bigint", "invalid JSON header at line 1, column 78: too big integer"},
        {"st_bool", "tensor 'm': BOOL element 1 is 7, not 0 or 1"},
        {"st_badutf8", "invalid JSON header at line 1, column 3: unable to decode byte 0xff near '\"w'"},
        {"st_rank", "tensor 'w': more than 64 dimensions"},
        {"st_nul", "invalid JSON header at line 1, column 7: control character 0x0 near '\"'"},
    };
    Arena *a = &t->arena;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *err = NULL;
        const char *file = arena_sprintf(a, "%s.safetensors", cases[i][0]);
        Weights *w = weights_load(a, file, &err);
        check_str(t, w ? "(loaded)" : err, arena_sprintf(a, "%s: %s", file, cases[i][1]),
                  arena_sprintf(a, "safetensors: %s refused", file));
        weights_close(w);
    }
    char *err = NULL;
    Weights *w = weights_load(a, "missing.safetensors", &err);
    check_str(t, w ? "(loaded)" : err, "cannot read 'missing.safetensors': No such file or directory",
              "safetensors: missing file");
    w = weights_load(a, "adir.safetensors", &err);
    check_str(t, w ? "(loaded)" : err, "cannot read 'adir.safetensors': Is a directory",
              "safetensors: directory");
    w = weights_load(a, "fifo.safetensors", &err);
    check_str(t, w ? "(loaded)" : err, "cannot read 'fifo.safetensors': not a regular file",
              "safetensors: a FIFO is refused without waiting for a writer");
    w = weights_load(a, "bad\nname.safetensors", &err);
    check_str(t, w ? "(loaded)" : err, "cannot read 'bad?name.safetensors': No such file or directory",
              "safetensors: control characters in paths are not printed");
}

/* Truncations and header byte changes of a valid file: never a crash,
 * always one line. */
static void st_mutations(Tap *t)
{
    size_t len = 0;
    unsigned char *good = read_all(&t->arena, "st_good.safetensors", &len);
    if (!check(t, good && len > 8, "safetensors: st_good.safetensors for mutation tests"))
        return;
    size_t header = 8 + (size_t)good[0] + ((size_t)good[1] << 8);
    bool prefixes_fail = true, one_line = true;
    int loaded = 0;
    for (size_t n = 0; n < len; n += (n < header + 64 ? 1 : 7)) {
        Arena a;
        arena_init(&a);
        char *err = NULL;
        write_file("out/m.safetensors", good, n);
        Weights *w = weights_load(&a, "out/m.safetensors", &err);
        prefixes_fail &= w == NULL && err && !strchr(err, '\n');
        weights_close(w);
        arena_free(&a);
    }
    static const unsigned char subst[] = {'0', '9', '"', ' ', '[', '{', '-', 0};
    unsigned char *buf = malloc(len);
    for (size_t pos = 0; pos < header; pos += 2) {
        for (size_t k = 0; k < sizeof subst; k++) {
            memcpy(buf, good, len);
            buf[pos] = subst[k];
            write_file("out/m.safetensors", buf, len);
            Arena a;
            arena_init(&a);
            char *err = NULL;
            Weights *w = weights_load(&a, "out/m.safetensors", &err);
            one_line &= w != NULL || (err && !strchr(err, '\n'));
            for (int i = 0; w && i < weights_count(w); i++) {
                IrTensor *x = weights_tensor(w, i);
                volatile unsigned char sink = 0;
                for (size_t j = 0; j < x->nbytes; j++)
                    sink ^= ((unsigned char *)x->data)[j];
                (void)sink;
            }
            loaded += w != NULL;
            weights_close(w);
            arena_free(&a);
        }
    }
    free(buf);
    remove("out/m.safetensors");
    check(t, prefixes_fail, "safetensors: every truncation is refused with one line");
    check(t, one_line, "safetensors: header mutations load or fail with one line (%d loaded)", loaded);
}

/* ---- --example --------------------------------------------------------- */

static void ex_ok(Tap *t, const char *value, const char *want, bool scalar)
{
    ExampleValue v;
    char *err = NULL;
    bool ok = example_parse(&t->arena, "x", value, 1, &v, &err);
    const char *got = ok ? tensor_text(&t->arena, v.tensor) : err;
    if (ok && v.python_scalar != scalar)
        got = arena_sprintf(&t->arena, "%s [python_scalar=%d]", got, v.python_scalar);
    check_str(t, got, want, arena_sprintf(&t->arena, "example: %s", value));
}

static void ex_err(Tap *t, const char *value, const char *want)
{
    ExampleValue v;
    char *err = NULL;
    bool ok = example_parse(&t->arena, "x", value, 1, &v, &err);
    char *shown = arena_strdup(&t->arena, value);
    for (char *c = shown; *c; c++)
        *c = *c == '\n' ? '?' : *c;
    const char *full = arena_sprintf(&t->arena, "--example x=%s: %s", shown, want);
    bool one_line = err && !strchr(err, '\n');
    check_str(t, ok ? "(parsed)" : one_line ? err : "(not one line)", full,
              arena_sprintf(&t->arena, "example error: %s", shown));
}

static void example_literals(Tap *t)
{
    ex_ok(t, "5", "int64 () 5", true);
    ex_ok(t, " -3 ", "int64 () -3", true);
    ex_ok(t, "+7", "int64 () 7", true);
    ex_ok(t, "0x1F", "int64 () 31", true);
    ex_ok(t, "-0o17", "int64 () -15", true);
    ex_ok(t, "0b1_01", "int64 () 5", true);
    ex_ok(t, "1_000_000", "int64 () 1000000", true);
    ex_ok(t, "000", "int64 () 0", true);
    ex_ok(t, "-9223372036854775808", "int64 () -9223372036854775808", true);
    ex_ok(t, "9223372036854775807", "int64 () 9223372036854775807", true);
    ex_ok(t, "2.5", "float32 () 2.5", true);
    ex_ok(t, "1e-3", "float32 () 0.00100000005", true);
    ex_ok(t, ".5", "float32 () 0.5", true);
    ex_ok(t, "5.", "float32 () 5", true);
    ex_ok(t, "1_0.2_5E+0_1", "float32 () 102.5", true);
    ex_ok(t, "007.5", "float32 () 7.5", true);
    ex_ok(t, "1e-50", "float32 () 0", true);
    ex_ok(t, "float('inf')", "float32 () inf", true);
    ex_ok(t, "float(\"-Infinity\")", "float32 () -inf", true);
    ex_ok(t, "-float( ' inf ' )", "float32 () -inf", true);
    ex_ok(t, "float('nan')", "float32 () nan", true);
    ex_ok(t, "True", "bool () 1", true);
    ex_ok(t, "False", "bool () 0", true);
    ExampleValue v;
    char *err;
    bool ok = example_parse(&t->arena, "x", "0.1", 1, &v, &err);
    check(t, ok && v.python_scalar && v.float_value == 0.1, "example: float_value keeps the double");
}

static void example_lists(Tap *t)
{
    ex_ok(t, "[[1, 2], [3, 4]]", "int64 (2, 2) 1 2 3 4", false);
    ex_ok(t, "[1, 2.5]", "float32 (2) 1 2.5", false);
    ex_ok(t, "[True, False]", "bool (2) 1 0", false);
    ex_ok(t, "[True, 2]", "int64 (2) 1 2", false);
    ex_ok(t, "[]", "float32 (0)", false);
    ex_ok(t, "[[], []]", "float32 (2, 0)", false);
    ex_ok(t, "[[[1], [2]]]", "int64 (1, 2, 1) 1 2", false);
    ex_ok(t, "[1, 2,]", "int64 (2) 1 2", false);
    ex_ok(t, "  [ -1 ,+2 ]  ", "int64 (2) -1 2", false);
    ex_ok(t, "[float('inf'), -0.0]", "float32 (2) inf -0", false);
    ex_ok(t, "[5]", "int64 (1) 5", false);
}

static void example_dtypes(Tap *t)
{
    ex_ok(t, "[1,2]:float32", "float32 (2) 1 2", false);
    ex_ok(t, "5:float64", "float64 () 5", false);
    ex_ok(t, "5 : double", "float64 () 5", false);
    ex_ok(t, "2.7:int64", "int64 () 2", false);
    ex_ok(t, "-2.7:int32", "int32 () -2", false);
    ex_ok(t, "[0, 3, -1]:bool", "bool (3) 0 1 1", false);
    ex_ok(t, "[0.0, float('nan')]:bool", "bool (2) 0 1", false);
    ex_ok(t, "True:int64", "int64 () 1", false);
    ex_ok(t, "[1.5, 65504, 4e-8, 2e-8]:float16", "float16 (4) 1.5 65504 5.96046448e-08 0", false);
    ex_ok(t, "[1.1, -3e38, 1e-45]:bfloat16", "bfloat16 (3) 1.1015625 -3.00405527e+38 0", false);
    ex_ok(t, "[-32768, 32767]:int16", "int16 (2) -32768 32767", false);
    ex_ok(t, "[0, 255]:uint8", "uint8 (2) 0 255", false);
    ex_ok(t, "[-128, 127]:i8", "int8 (2) -128 127", false);
    ex_ok(t, "1:long", "int64 () 1", false);
    ex_ok(t, "[0, 65535]:uint16", "uint16 (2) 0 65535", false);
    ex_ok(t, "4294967295:uint32", "uint32 () 4294967295", false);
    ex_ok(t, "18446744073709551615:uint64", "uint64 () 18446744073709551615", false);
    ex_ok(t, "0.1:double", "float64 () 0.10000000000000001", false);
    ex_ok(t, "3.4028235e38:float32", "float32 () 3.40282347e+38", false);
    ex_ok(t, "1e300:float64", "float64 () 1.0000000000000001e+300", false);
    ex_ok(t, "[1.8e19, 2.9]:uint64", "uint64 (2) 18000000000000000000 2", false);
}

static void example_generators(Tap *t)
{
    ex_ok(t, "ones(2,3)", "float32 (2, 3) 1 1 1 1 1 1", false);
    ex_ok(t, "zeros(2)", "float32 (2) 0 0", false);
    ex_ok(t, "ones(2):int64", "int64 (2) 1 1", false);
    ex_ok(t, "ones(3):bool", "bool (3) 1 1 1", false);
    ex_ok(t, "zeros():bool", "bool () 0", false);
    ex_ok(t, "ones():float16", "float16 () 1", false);
    ex_ok(t, "arange(6)", "int64 (6) 0 1 2 3 4 5", false);
    ex_ok(t, "arange(2, 3)", "int64 (2, 3) 0 1 2 3 4 5", false);
    ex_ok(t, "arange(4):float32", "float32 (4) 0 1 2 3", false);
    ex_ok(t, "arange(3):uint8", "uint8 (3) 0 1 2", false);
    ex_ok(t, "arange(0)", "int64 (0)", false);
    ex_ok(t, "arange()", "int64 () 0", false);
    ex_ok(t, "randn(0, 10)", "float32 (0, 10)", false);
    ex_ok(t, "zeros( 2 , 1 , )", "float32 (2, 1) 0 0", false);
    ex_ok(t, "ones(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):int8",
          "int8 (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) 1", false);

    /* Random values: deterministic per seed, distributed as asked. */
    Arena *a = &t->arena;
    ExampleValue v1, v2, v3;
    char *err;
    bool ok = example_parse(a, "x", "randn(2,3)", 5, &v1, &err) &&
              example_parse(a, "x", "randn(2,3)", 5, &v2, &err) &&
              example_parse(a, "x", "randn(2,3)", 6, &v3, &err);
    check(t, ok && same_tensor(v1.tensor, v2.tensor) && !same_tensor(v1.tensor, v3.tensor) &&
             strcmp(tensor_text(a, v1.tensor), tensor_text(a, v2.tensor)) == 0 &&
             v1.tensor->dtype == DT_FLOAT && v1.tensor->rank == 2,
          "example: randn is deterministic for a seed");
    Prng p;
    prng_seed(&p, 5);
    float want[6];
    prng_fill_normal_f32(&p, want, 6, 0.0f, 1.0f);
    check(t, ok && memcmp(v1.tensor->data, want, sizeof want) == 0,
          "example: randn draws prng_normal from the given seed");
    ok = example_parse(a, "x", "randn()", 5, &v1, &err);
    check(t, ok && v1.tensor->rank == 0 && ((float *)v1.tensor->data)[0] == want[0] && !v1.python_scalar,
          "example: randn() is a 0-d tensor");

    const char *forms[] = {"rand(10000)", "rand(10000):float64", "rand(10000):float16",
                           "rand(10000):bfloat16", "randn(10000):float64", "randn(10000):float16"};
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        ok = example_parse(a, "x", forms[i], 9, &v1, &err);
        double sum = 0, lo = 1e9, hi = -1e9;
        for (int64_t k = 0; ok && k < 10000; k++) {
            double e = atof(element_text(a, v1.tensor, k));
            sum += e;
            lo = e < lo ? e : lo;
            hi = e > hi ? e : hi;
        }
        bool uniform = strncmp(forms[i], "randn", 5) != 0;
        bool good = uniform ? lo >= 0 && hi < 1 && fabs(sum / 10000 - 0.5) < 0.02
                            : fabs(sum / 10000) < 0.05 && lo < -3 && hi > 3;
        check(t, ok && good, "example: %s has the expected range and mean (%.3f .. %.3f, mean %.3f)",
              forms[i], lo, hi, sum / 10000);
    }
}

static void example_files(Tap *t)
{
    Arena *a = &t->arena;
    ExampleValue v;
    char *err = NULL;
    bool ok = example_parse(a, "x", "@npy_float32_nd4.npy", 1, &v, &err);
    IrTensor *ref = npy_load(a, "npy_float32_nd4.npy", &err);
    check(t, ok && ref && same_tensor(v.tensor, ref) && !v.python_scalar, "example: @file.npy");
    ex_ok(t, "@npy_int64_vec.npy:float32", "float32 (7) -60 -9.22337204e+18 9.22337204e+18 51 88 125 162", false);
    ex_ok(t, "@npy_bool_vec.npy:int64", "int64 (7) 1 0 0 1 0 0 1", false);
    ex_ok(t, "@npy_uint64_vec.npy:float64",
          "float64 (7) 3 1.8446744073709552e+19 85 126 167 208 249", false);
    ex_ok(t, "@npy_float16_vec.npy:float32", "float32 (7) -3 inf -inf nan -0 65504 3.05175781e-05", false);
    ex_ok(t, "@npy_int8_vec.npy", "int8 (7) -60 -128 127 51 88 125 127", false);
    ex_err(t, "@npy_int8_vec.npy:uint64", "value -60 is out of range for uint64");
    ex_ok(t, "@npy_float32_scalar.npy:int32", "int32 () -3", false);
    ex_ok(t, "@./npy_float32_scalar.npy", "float32 () -3", false);
    ex_err(t, "@", "expected a file name after '@'");
    ex_err(t, "@:float32", "expected a file name after '@'");
    ex_err(t, "@fifo.npy", "cannot read 'fifo.npy': not a regular file");
    ex_err(t, "@missing.npy", "cannot read 'missing.npy': No such file or directory");
    ex_err(t, "@bad_bigendian.npy", "bad_bigendian.npy: big-endian arrays are not supported");
    ex_err(t, "@npy_float32_vec.npy:flaot32", "unknown dtype 'flaot32'");
    ex_err(t, "@npy_complex64_vec.npy:float32", "cannot convert complex64 to float32");
    ex_err(t, "@npy_float64_vec.npy:int64", "value inf cannot be converted to int64");
    ex_err(t, "@npy_int32_vec.npy:int8", "value -2147483648 is out of range for int8");
    ex_err(t, "@npy_float64_vec.npy:float16", "value 1e+30 is out of range for float16");
}

static void example_syntax_errors(Tap *t)
{
    ex_err(t, "", "empty value");
    ex_err(t, "   ", "empty value");
    ex_err(t, "x", "expected a number, found 'x'");
    ex_err(t, "-True", "expected a number, found 'True'");
    ex_err(t, "--5", "expected a number after the sign, found '-5'");
    ex_err(t, ")", "expected a number, True, False or a list, found ')'");
    ex_err(t, "inf", "'inf' is not a Python literal; write float('inf')");
    ex_err(t, "-nan", "'nan' is not a Python literal; write float('nan')");
    ex_err(t, "float('abc')", "float() argument must be 'inf', 'infinity' or 'nan' with an optional sign");
    ex_err(t, "float(1)", "float() needs a quoted argument such as 'inf', found '1)'");
    ex_err(t, "float('inf'", "expected ')' after the argument of float(), found end of value");
    ex_err(t, "float('inf", "float() needs a quoted argument such as 'inf', found ''inf'");
    ex_err(t, "1x", "invalid number '1x'");
    ex_err(t, "1.2.3", "invalid number '1.2.'");
    ex_err(t, "0x", "invalid number '0x'");
    ex_err(t, "0xg", "invalid number '0xg'");
    ex_err(t, "0b2", "invalid number '0b2'");
    ex_err(t, "1__0", "invalid number '1_'");
    ex_err(t, "1_", "invalid number '1_'");
    ex_err(t, "1e", "invalid number '1e'");
    ex_err(t, "1e+", "invalid number '1e+'");
    ex_err(t, "007", "leading zeros in decimal integer literals are not permitted");
    ex_err(t, "1e999", "float literal '1e999' is out of range");
    ex_err(t, "99999999999999999999", "integer literal '99999999999999999999' is too large");
    ex_err(t, "0x1ffffffffffffffff", "integer literal '0x1ffffffffffffffff' is too large");
    ex_err(t, "-9223372036854775809", "integer literal '-9223372036854775809' is out of range for int64");
    ex_err(t, "18446744073709551615", "value 18446744073709551615 is out of range for int64");
    ex_err(t, "5 6", "unexpected '6' after the value");
    ex_err(t, "5)", "unexpected ')' after the value");
    ex_err(t, "[1]:float32 x", "unexpected 'x' after the value");
    ex_err(t, "[1]::float32", "expected a dtype name after ':', found ':float32'");
    ex_err(t, "ones(2):", "expected a dtype name after ':', found end of value");
    ex_err(t, "ones(2):flaot32", "unknown dtype 'flaot32'");
    ex_err(t, "ones(2):string", "dtype 'string' is not supported for example values");
    ex_err(t, "ones(2):complex64", "dtype 'complex64' is not supported for example values");
    ex_err(t, "[[1, 2], [3]]", "ragged nested list: lists at depth 2 have 2 and 1 elements");
    ex_err(t, "[1, [2]]", "ragged nested list: depth 2 mixes lists and numbers");
    ex_err(t, "[[1], 2]", "ragged nested list: depth 2 mixes lists and numbers");
    ex_err(t, "[[], [1]]", "ragged nested list: lists at depth 2 have 0 and 1 elements");
    ex_err(t, "[1, 2", "expected ',' or ']' after a list element, found end of value");
    ex_err(t, "[1 2]", "expected ',' or ']' after a list element, found '2]'");
    ex_err(t, "[,]", "expected a number, True, False or a list, found ',]'");
    ex_err(t, "1\n2", "unexpected '?2' after the value");
}

static void example_value_errors(Tap *t)
{
    ex_err(t, "randn(2,-1)", "dimension must be non-negative");
    ex_err(t, "randn(2.5)", "dimension must be an integer");
    ex_err(t, "ones(True)", "dimension must be an integer");
    ex_err(t, "randn(2,3", "expected ',' or ')' in the argument list, found end of value");
    ex_err(t, "randn(2 3)", "expected ',' or ')' in the argument list, found '3)'");
    ex_err(t, "randn(,)", "expected a number, True, False or a list, found ',)'");
    ex_err(t, "randm(2)", "unknown function 'randm' (expected randn, rand, ones, zeros or arange)");
    ex_err(t, "randn", "expected a number, found 'randn'");
    ex_err(t, "arange(3):bool", "arange() cannot produce bool");
    ex_err(t, "arange(300):int8", "value 128 is out of range for int8");
    ex_err(t, "randn(65536, 32769)", "example tensor too large");
    ex_err(t, "zeros(4294967296, 4294967296, 4294967296)", "example tensor too large");
    ex_err(t, "zeros(18446744073709551615)", "example tensor too large");
    ex_err(t, "ones(99999999999999999999)", "integer literal '99999999999999999999' is too large");
    ex_err(t, "ones(1073741824):float64", "example tensor too large");
    ex_err(t, "300:int8", "value 300 is out of range for int8");
    ex_err(t, "-1:uint8", "value -1 is out of range for uint8");
    ex_err(t, "-1:uint64", "value -1 is out of range for uint64");
    ex_err(t, "1e39:float32", "value 1e+39 is out of range for float32");
    ex_err(t, "1e39", "value 1e+39 is out of range for float32");
    ex_err(t, "70000:float16", "value 70000 is out of range for float16");
    ex_err(t, "[65520]:float16", "value 65520 is out of range for float16");
    ex_err(t, "float('nan'):int64", "value nan cannot be converted to int64");
    ex_err(t, "1e19:int64", "value 1e+19 is out of range for int64");
    ex_err(t, "2e19:uint64", "value 2e+19 is out of range for uint64");
    ex_err(t, "[3.5e38]:bfloat16", "value 3.5e+38 is out of range for bfloat16");
}

/* Deep nesting stops at the rank limit; long values are cut in messages. */
static void example_limits(Tap *t)
{
    Arena *a = &t->arena;
    char *deep = arena_alloc(a, 200001);
    memset(deep, '[', 200000);
    ExampleValue v;
    char *err = NULL;
    bool ok = example_parse(a, "x", deep, 1, &v, &err);
    check(t, !ok && err && strstr(err, ": lists nested more than 64 deep") && strlen(err) < 200,
          "example: 200000 open brackets are refused briefly (%s)", err ? err : "");
    char *rank64 = arena_sprintf(a, "%.*s1%.*s", 64, deep, 64, "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]");
    ok = example_parse(a, "x", rank64, 1, &v, &err);
    check(t, ok && v.tensor->rank == 64 && ir_tensor_numel(v.tensor) == 1, "example: rank 64 list");
    size_t n = 200000;
    char *list = arena_alloc(a, 6 * n + 3), *q = list;
    *q++ = '[';
    for (size_t i = 0; i < n; i++)
        q += sprintf(q, "%s%zu", i ? ", " : "", i % 1000);
    *q = ']';
    size_t before = a->total;
    ok = example_parse(a, "x", list, 1, &v, &err);
    check(t, ok && v.tensor->dims[0] == (int64_t)n && ((int64_t *)v.tensor->data)[1999] == 999 &&
             a->total - before < 256u * n,
          "example: a list of %zu numbers parses in linear memory (%zu bytes)", n, a->total - before);
    ok = example_parse(a, "\x01name", "1 2", 1, &v, &err);
    check_str(t, ok ? "(parsed)" : err, "--example ?name=1 2: unexpected '2' after the value",
              "example: control characters in names are not printed");
}

int main(int argc, char **argv)
{
    Tap t = {0, 0, {0}};
    arena_init(&t.arena);
    prng_determinism(&t);
    prng_stats(&t);
    prng_fills(&t);
    prng_fast_normal(&t);
    prng_counter_streams(&t);
    prng_f32_fills(&t);
    prng_below_test(&t);
    example_literals(&t);
    example_lists(&t);
    example_dtypes(&t);
    example_generators(&t);
    example_syntax_errors(&t);
    example_value_errors(&t);
    example_limits(&t);
    if (argc > 1) {
        if (chdir(argv[1]) != 0) {
            printf("Bail out! cannot enter %s: %s\n", argv[1], strerror(errno));
            return 1;
        }
        mkdir("out", 0777);
        prng_reference(&t);
        npy_manifest(&t);
        npy_errors(&t);
        npy_mutations(&t, "npy_float32_nd4.npy");
        npy_mutations(&t, "npy_v2.npy");
        npy_save_errors(&t);
        npy_save_roundtrip(&t);
        st_good(&t);
        st_unaligned(&t);
        st_errors(&t);
        st_mutations(&t);
        example_files(&t);
    }
    printf("1..%d\n", t.n);
    arena_free(&t.arena);
    return t.failed ? 1 : 0;
}
