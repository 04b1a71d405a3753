/* Element types: sizes and the names torch and numpy users write. */
#include <math.h>
#include <string.h>

#include "ir/ir.h"

static const struct {
    DType type;
    const char *name;
    size_t size;
} dtype_table[] = {
    {DT_FLOAT, "float32", 4},
    {DT_UINT8, "uint8", 1},
    {DT_INT8, "int8", 1},
    {DT_UINT16, "uint16", 2},
    {DT_INT16, "int16", 2},
    {DT_INT32, "int32", 4},
    {DT_INT64, "int64", 8},
    {DT_STRING, "string", 0},
    {DT_BOOL, "bool", 1},
    {DT_FLOAT16, "float16", 2},
    {DT_DOUBLE, "float64", 8},
    {DT_UINT32, "uint32", 4},
    {DT_UINT64, "uint64", 8},
    {DT_COMPLEX64, "complex64", 8},
    {DT_COMPLEX128, "complex128", 16},
    {DT_BFLOAT16, "bfloat16", 2},
};

static const struct {
    const char *alias;
    DType type;
} dtype_aliases[] = {
    {"float", DT_FLOAT}, {"double", DT_DOUBLE}, {"half", DT_FLOAT16},
    {"long", DT_INT64}, {"int", DT_INT32}, {"short", DT_INT16},
    {"f32", DT_FLOAT}, {"f64", DT_DOUBLE}, {"f16", DT_FLOAT16},
    {"i64", DT_INT64}, {"i32", DT_INT32}, {"i16", DT_INT16}, {"i8", DT_INT8},
    {"u8", DT_UINT8},
};

size_t dtype_size(DType t)
{
    for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
        if (dtype_table[i].type == t)
            return dtype_table[i].size;
    return 0;
}

const char *dtype_name(DType t)
{
    for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
        if (dtype_table[i].type == t)
            return dtype_table[i].name;
    return "undefined";
}

DType dtype_from_name(const char *name)
{
    for (size_t i = 0; i < sizeof dtype_table / sizeof dtype_table[0]; i++)
        if (strcmp(dtype_table[i].name, name) == 0)
            return dtype_table[i].type;
    for (size_t i = 0; i < sizeof dtype_aliases / sizeof dtype_aliases[0]; i++)
        if (strcmp(dtype_aliases[i].alias, name) == 0)
            return dtype_aliases[i].type;
    return DT_UNDEFINED;
}

bool dtype_is_float(DType t)
{
    return t == DT_FLOAT || t == DT_DOUBLE || t == DT_FLOAT16 || t == DT_BFLOAT16;
}

bool dtype_is_int(DType t)
{
    switch (t) {
    case DT_UINT8: case DT_INT8: case DT_UINT16: case DT_INT16:
    case DT_INT32: case DT_INT64: case DT_UINT32: case DT_UINT64:
        return true;
    default:
        return false;
    }
}

/* ---- float16 and bfloat16 --------------------------------------------------
 * The project's one conversion between double and the two 16-bit floats:
 * round to nearest, ties to even; overflow to infinity; a NaN stays a quiet
 * NaN with its sign (bfloat16, whose bits are the top half of a float32's,
 * also keeps the top of the payload, as truncating a float32 would). */

/* Rounds X to a binary float with EXP_BITS exponent and MAN_BITS mantissa
 * bits and returns its bits. */
static uint16_t small_from_double(double x, int exp_bits, int man_bits, bool keep_payload)
{
    uint64_t b;
    memcpy(&b, &x, sizeof b);
    uint16_t sign = (uint16_t)((b >> 63) << 15);
    int exp = (int)((b >> 52) & 0x7ff);
    uint64_t man = b & ((UINT64_C(1) << 52) - 1);
    int emax = (1 << exp_bits) - 1, bias = (1 << (exp_bits - 1)) - 1;
    uint16_t inf = (uint16_t)(emax << man_bits);
    if (exp == 0x7ff) {
        if (!man)
            return sign | inf;
        uint16_t payload = keep_payload ? (uint16_t)(man >> (52 - man_bits)) : 0;
        return (uint16_t)(sign | inf | (1u << (man_bits - 1)) | payload);
    }
    if (exp == 0)
        return sign;    /* double subnormals are far below these formats' range */
    int e = exp - 1023 + bias;
    if (e >= emax)
        return sign | inf;
    uint64_t full = man | (UINT64_C(1) << 52);
    int shift = 52 - man_bits;
    uint16_t field = (uint16_t)(e > 0 ? e : 0);
    if (e <= 0)
        shift += 1 - e;     /* subnormal: the implicit bit moves into the mantissa */
    else
        full = man;
    if (shift >= 64)
        return sign;
    uint64_t q = full >> shift, rem = full & ((UINT64_C(1) << shift) - 1);
    uint64_t half = UINT64_C(1) << (shift - 1);
    uint32_t bits = ((uint32_t)field << man_bits) + (uint32_t)q;
    if (rem > half || (rem == half && (q & 1)))
        bits++;         /* a carry into the exponent is the right result */
    return (uint16_t)(sign | bits);
}

static double small_to_double(uint16_t h, int exp_bits, int man_bits)
{
    int emax = (1 << exp_bits) - 1, bias = (1 << (exp_bits - 1)) - 1;
    int e = (h >> man_bits) & emax;
    int m = h & ((1 << man_bits) - 1);
    double v;
    if (e == emax)
        v = m ? NAN : INFINITY;
    else if (e == 0)
        v = ldexp(m, 1 - bias - man_bits);
    else
        v = ldexp(m + (1 << man_bits), e - bias - man_bits);
    return (h >> 15) ? -v : v;
}

uint16_t dtype_half_from_double(double x) { return small_from_double(x, 5, 10, false); }
uint16_t dtype_bfloat16_from_double(double x) { return small_from_double(x, 8, 7, true); }
double dtype_half_to_double(uint16_t h) { return small_to_double(h, 5, 10); }
double dtype_bfloat16_to_double(uint16_t h) { return small_to_double(h, 8, 7); }
