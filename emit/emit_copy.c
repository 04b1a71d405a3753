/* Tensor bytes to an output file.  Weights mapped from a safetensors file
 * (IrTensor.file) are copied from file to file with copy_file_range(2), as
 * cp does: the kernel moves the pages, the process never reads them
 * through its mapping (no page faults, no copy through user memory).
 * Where that is not possible (an output that is a pipe, another file
 * system on an older kernel, no copy_file_range), the bytes are written
 * from the mapping like any other.
 *
 * The file's size is checked (fstat) before each tensor is copied: a file
 * that shrank since it was mapped would raise SIGBUS on the read through
 * the mapping (or EFAULT in write(2)); either becomes the error
 * EMIT_ERR_SOURCE_CHANGED, which emit_report() words "the weights file
 * changed while it was read".  A shrink between the check and the copy is
 * left to the driver's SIGBUS handler (driver/outputs.c). */
#define _GNU_SOURCE     /* copy_file_range */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit_internal.h"

#ifdef HAVE_COPY_FILE_RANGE
/* Copies N bytes of SRC to OUT's position.  Returns how many were copied
 * (0 when the kernel cannot do it here), or -1 with errno. */
static long long copy_range(FILE *out, const IrFileBytes *src, size_t n)
{
    if (fflush(out) != 0)
        return -1;
    off64_t off = (off64_t)src->offset;
    size_t done = 0;
    while (done < n) {
        ssize_t k = copy_file_range(src->fd, &off, fileno(out), NULL, n - done, 0);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;          /* unsupported here, or the source ended: write the rest */
        done += (size_t)k;
    }
    /* the descriptor moved under the stream: make them agree again */
    if (done && fseeko(out, 0, SEEK_CUR) != 0)
        return -1;
    return (long long)done;
}
#endif

#define EMIT_WRITE_CHUNK ((size_t)1 << 20)

/* Whether the bytes of T's file are all still there. */
static bool source_intact(const IrTensor *t, size_t n)
{
    struct stat st;
    if (!t || !t->file)
        return true;
    return fstat(t->file->fd, &st) == 0 && (uint64_t)st.st_size >= t->file->offset &&
           (uint64_t)st.st_size - t->file->offset >= n;
}

int emit_copy_bytes(FILE *out, const IrTensor *t, const void *data, size_t n)
{
    size_t done = 0;
    if (!source_intact(t, n))
        return EMIT_ERR_SOURCE_CHANGED;
#ifdef HAVE_COPY_FILE_RANGE
    if (t && t->file && data == t->data && n == t->nbytes && n >= EMIT_COPY_MIN_BYTES) {
        long long k = copy_range(out, t->file, n);
        if (k < 0)
            return errno ? errno : EIO;
        done = (size_t)k;
    }
#else
    (void)t;
#endif
    /* in pieces: one write(2) of hundreds of megabytes is many times slower
     * than the same bytes a megabyte at a time (measured: 2.2 s against
     * 0.08 s for 400 MB on the CI machine's kernel) */
    while (done < n) {
        size_t k = n - done < EMIT_WRITE_CHUNK ? n - done : EMIT_WRITE_CHUNK;
        if (fwrite((const char *)data + done, 1, k, out) != k)
            return errno == EFAULT && t && t->file ? EMIT_ERR_SOURCE_CHANGED : errno ? errno : EIO;
        done += k;
    }
    return 0;
}
