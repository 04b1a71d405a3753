/* Fuzz target: the .npy reader, and the writer on what it read.  An array
 * that parses is written back with npy_save and read again: the second read
 * must give the same dtype, shape and bytes (a difference aborts, so the
 * fuzzer reports it). */
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz.h"
#include "io/npy.h"

static bool same_tensor(const IrTensor *a, const IrTensor *b)
{
    if (a->dtype != b->dtype || a->rank != b->rank || a->nbytes != b->nbytes)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i])
            return false;
    return a->nbytes == 0 || memcmp(a->data, b->data, a->nbytes) == 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Arena a;
    arena_init(&a);
    char *err = NULL;
    IrTensor *t = npy_parse(&a, "fuzz.npy", data, size, &err);
    if (!t) {
        if (!err || !*err)
            abort();    /* a failure must say why */
    } else if (t->dtype != DT_BFLOAT16 && t->dtype != DT_STRING) {
        char *path = arena_sprintf(&a, "%s/round-trip.npy", fuzz_scratch_dir());
        if (!npy_save(&a, path, t, &err))
            abort();
        IrTensor *back = npy_load(&a, path, &err);
        if (!back || !same_tensor(t, back))
            abort();
    }
    arena_free(&a);
    return 0;
}
