/* Fuzz target: the VALUE of --example NAME=VALUE (io/example.h), the one
 * parser of command-line values that builds tensors.  The input is the
 * text; a NUL byte ends it, as on a command line.  @PATH is left out: the
 * file it names is the npy target's input. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "io/example.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 4096 || memchr(data, '@', size))
        return 0;       /* longer values add nothing; @PATH reads files (fuzz/npy.c) */
    Arena a;
    arena_init(&a);
    char *value = arena_strndup(&a, (const char *)data, size);
    ExampleValue ev;
    char *err = NULL;
    if (example_parse_limited(&a, "--example", "x", value, 1, FUZZ_MAX_TENSOR_BYTES, &ev, &err)) {
        if (!ev.tensor)
            abort();
    } else if (!err || !*err) {
        abort();        /* a failure must say why */
    }
    arena_free(&a);
    return 0;
}
