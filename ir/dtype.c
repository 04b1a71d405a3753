/* Element types: sizes and the names torch and numpy users write. */
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
