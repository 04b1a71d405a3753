/* Example inputs: the VALUE of `--example NAME=VALUE` (the driver splits the
 * argument at the first '=').  The forms:
 *
 *   @PATH                 the array in the .npy file PATH (io/npy.h)
 *   5  -3  0x1f  1_000    a Python int: a 0-d int64 tensor, flagged as a
 *                         Python scalar
 *   2.5  1e-3  .5         a Python float: a 0-d float32 tensor, flagged;
 *                         the exact double is kept in float_value
 *   float('inf')          also float('-inf'), float('nan'), float('infinity')
 *                         (any case, as Python's float() accepts them); bare
 *                         inf/nan are not Python literals and are refused
 *   True  False           a Python bool: a 0-d bool tensor, flagged
 *   [[1, 2], [3, 4]]      nested lists (trailing commas allowed, ragged lists
 *                         refused): bool when every element is a bool,
 *                         float32 when any is a float, else int64; [] is a
 *                         float32 tensor of shape (0,), as in torch.tensor
 *   randn(2, 3)           standard normal, float32
 *   rand(2, 3)            uniform on [0, 1), float32
 *   ones(2, 3)  zeros(2, 3)  float32
 *   arange(2, 3)          0, 1, ... 5 in row-major order with shape (2, 3),
 *                         int64 (the arguments are the shape, not torch's
 *                         start/end); a call with no arguments, randn(),
 *                         gives a 0-d tensor
 *
 * Any form may end with `:DTYPE` (a name dtype_from_name accepts: float32,
 * float64, float16, bfloat16, int64 ... bool and aliases such as float, long,
 * half).  A suffix converts the value as torch.tensor(..., dtype=) does:
 * floats to integers truncate toward zero, anything to bool is "nonzero";
 * values that do not fit the type (300:int8, 1e39:float32, nan:int64) are
 * errors.  randn and rand need a floating-point dtype, arange not bool.  A
 * value with a suffix is a tensor, never a Python scalar.  For @PATH the
 * suffix is the text after the last ':' when that text is an identifier
 * (letters, digits, '_'); write the path as ./PATH:DTYPE if in doubt.
 *
 * randn and rand draw from support/prng.h seeded with the caller's SEED, so
 * the same seed gives the same values on every platform.
 *
 * Limits: at most EXAMPLE_MAX_ELEMENTS elements and EXAMPLE_MAX_BYTES bytes
 * ("example tensor too large"), at most EXAMPLE_MAX_RANK dimensions.
 *
 * Errors are one line:
 *   "--example x=randn(2,-1): dimension must be non-negative"
 *   "--example x=@a.npy: cannot read 'a.npy': No such file or directory"
 *   "--example x=ones(2):flaot32: unknown dtype 'flaot32'" */
#ifndef TSC_EXAMPLE_H
#define TSC_EXAMPLE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "support/arena.h"

#define EXAMPLE_MAX_ELEMENTS (INT64_C(1) << 31)
#define EXAMPLE_MAX_BYTES (INT64_C(1) << 32)
#define EXAMPLE_MAX_RANK 64

typedef struct ExampleValue {
    IrTensor *tensor;       /* the value; data in the arena */
    bool python_scalar;     /* an int, float or bool literal with no brackets
                             * and no :DTYPE, so a forward() parameter
                             * annotated int, float or bool accepts it */
    double float_value;     /* python_scalar float: the literal's exact value
                             * (the tensor holds it rounded to float32) */
    bool file_error;        /* on failure: the file of @PATH could not be read
                             * or is not a valid .npy file (an I/O error, not
                             * a usage error) */
} ExampleValue;

/* Parses VALUE, the text after "NAME=".  NAME is only used in messages.
 * Returns false with *ERR (one line, in the arena) on failure. */
bool example_parse(Arena *a, const char *name, const char *value, uint64_t seed,
                   ExampleValue *out, char **err);
/* The same for OPTION ("--input" for tsc2onnx run; messages name it) and
 * with a smaller byte limit (the fuzz targets keep tensors small). */
bool example_parse_limited(Arena *a, const char *option, const char *name, const char *value,
                           uint64_t seed, int64_t max_bytes, ExampleValue *out, char **err);

#endif
