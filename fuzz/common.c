/* What the fuzz targets share: their limits and their output streams. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz/fuzz.h"

void fuzz_limits(Limits *l)
{
    limits_default(l);
    l->max_eval_steps = 1000000;
    /* a trace unrolling 100,000 iterations, or filling 256 MiB, took 8 to
     * 9 s under the sanitizers: a starved fuzzer then timed out */
    l->max_unroll = 10000;
    l->max_static_items = 1000000;
    l->max_tensor_bytes = FUZZ_MAX_TENSOR_BYTES;
    l->max_memory = 64L << 20;
}

FILE *fuzz_null(void)
{
    static FILE *null;
    if (!null)
        null = fopen("/dev/null", "w");
    if (!null) {
        perror("fuzz: /dev/null");
        abort();
    }
    return null;
}

FILE *fuzz_sink(void)
{
    return getenv("TSC_FUZZ_VERBOSE") ? stderr : fuzz_null();
}

static char scratch[64];

static void remove_scratch(void)
{
    DIR *d = opendir(scratch);
    if (d) {
        struct dirent *e;
        char path[sizeof scratch + 256];
        while ((e = readdir(d)) != NULL) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", scratch, e->d_name);
            unlink(path);
        }
        closedir(d);
    }
    rmdir(scratch);
}

const char *fuzz_scratch_dir(void)
{
    if (!scratch[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(scratch, sizeof scratch, "%.40s/tsc-fuzz.XXXXXX", tmp && *tmp ? tmp : "/tmp");
        if (!mkdtemp(scratch)) {
            perror("fuzz: mkdtemp");
            abort();
        }
        atexit(remove_scratch);
    }
    return scratch;
}
