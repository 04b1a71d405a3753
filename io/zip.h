/* The zip archives torch.save writes: read from a mapped file, stored
 * (uncompressed) entries only, so that tensor data can be used where it
 * lies.  Zip64 records are followed (archives over 4 GiB).  Everything is
 * checked against the file: offsets and sizes in range, entry names
 * without ".." components or a leading '/', no duplicates. */
#ifndef TSC_ZIP_H
#define TSC_ZIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"

typedef struct ZipEntry {
    const char *name;
    uint64_t offset;        /* of the entry's data in the file */
    uint64_t size;
} ZipEntry;

/* Whether DATA starts like a zip archive (a local file header). */
bool zip_is_archive(const unsigned char *data, size_t size);

/* The entries of the archive DATA[0..SIZE); false with *ERR. */
bool zip_entries(Arena *a, const unsigned char *data, size_t size, ZipEntry **out, int *n, const char **err);

#endif
