/* Fuzz target: the safetensors loader (--weights).  The input is the file:
 * it is written to an in-memory file (memfd) that weights_load maps through
 * its /proc/self/fd path, as it maps a file on disk; then every tensor is
 * built (which checks BOOL bytes and copies misaligned data) and read, and
 * the metadata is listed. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz/fuzz.h"
#include "io/weights.h"

static int memory_file(void)
{
    static int fd = -1;
    if (fd < 0)
        fd = memfd_create("fuzz.safetensors", MFD_CLOEXEC);
    if (fd < 0) {
        perror("fuzz: memfd_create");
        abort();
    }
    return fd;
}

static bool write_input(int fd, const uint8_t *data, size_t size)
{
    if (ftruncate(fd, 0) != 0)
        return false;
    size_t done = 0;
    while (done < size) {
        ssize_t n = pwrite(fd, data + done, size - done, (off_t)done);
        if (n <= 0)
            return false;
        done += (size_t)n;
    }
    return true;
}

/* Reads every byte of T, so that the mapping is really touched. */
static unsigned read_all(const IrTensor *t)
{
    unsigned sum = 0;
    const unsigned char *p = t->data;
    for (size_t i = 0; p && i < t->nbytes; i++)
        sum += p[i];
    return sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fd = memory_file();
    if (!write_input(fd, data, size)) {
        perror("fuzz: writing the memfd");
        abort();
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    Arena a;
    arena_init(&a);
    char *err = NULL;
    Weights *w = weights_load(&a, path, &err);
    if (!w) {
        if (!err || !*err)
            abort();    /* a failure must say why */
    } else {
        volatile unsigned sum = 0;
        for (int i = 0; i < weights_count(w); i++) {
            IrTensor *t = weights_get(w, weights_name(w, i));
            if (!t || t != weights_tensor(w, i))
                abort();
            sum += read_all(t);
        }
        for (int i = 0; i < weights_metadata_count(w); i++) {
            const char *key, *value;
            weights_metadata(w, i, &key, &value);
            sum += (unsigned)strlen(key) + (unsigned)strlen(value);
        }
        (void)sum;
        weights_close(w);
    }
    arena_free(&a);
    return 0;
}
