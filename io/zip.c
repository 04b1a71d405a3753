/* The zip subset torch.save writes (see zip.h): the end-of-central-
 * directory record (and its zip64 form), the central directory, each
 * entry's local header for where its data starts. */
#include "io/zip.h"

#include <stdlib.h>
#include <string.h>

#define SIG_LOCAL 0x04034b50u
#define SIG_CENTRAL 0x02014b50u
#define SIG_END 0x06054b50u
#define SIG_END64 0x06064b50u
#define SIG_LOCATOR64 0x07064b50u

static uint64_t rd(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

bool zip_is_archive(const unsigned char *data, size_t size)
{
    return size >= 4 && rd(data, 4) == SIG_LOCAL;
}

/* Whether [OFF, OFF+LEN) lies within SIZE bytes. */
static bool in_range(uint64_t off, uint64_t len, size_t size)
{
    return off <= size && len <= size - off;
}

/* The end-of-central-directory record: searched from the end (a comment
 * of up to 64 KiB may follow it). */
static bool find_end(const unsigned char *d, size_t size, uint64_t *cd_off, uint64_t *cd_size, uint64_t *count,
                     const char **err)
{
    if (size < 22) {
        *err = "too short for a zip archive";
        return false;
    }
    size_t lowest = size > 22 + 65535 ? size - 22 - 65535 : 0;
    size_t at = size - 22;
    for (;;) {
        if (rd(d + at, 4) == SIG_END && at + 22 + rd(d + at + 20, 2) == size)
            break;
        if (at == lowest) {
            *err = "no end of central directory: not a complete zip archive";
            return false;
        }
        at--;
    }
    *count = rd(d + at + 10, 2);
    *cd_size = rd(d + at + 12, 4);
    *cd_off = rd(d + at + 16, 4);
    if (*count == 0xffff || *cd_size == 0xffffffffu || *cd_off == 0xffffffffu) {
        /* zip64: the locator sits just before the record */
        if (at < 20 || rd(d + at - 20, 4) != SIG_LOCATOR64) {
            *err = "a zip64 archive without its locator";
            return false;
        }
        uint64_t end64 = rd(d + at - 20 + 8, 8);
        if (!in_range(end64, 56, size) || rd(d + end64, 4) != SIG_END64) {
            *err = "the zip64 end of central directory is not where its locator says";
            return false;
        }
        *count = rd(d + end64 + 32, 8);
        *cd_size = rd(d + end64 + 40, 8);
        *cd_off = rd(d + end64 + 48, 8);
    }
    if (!in_range(*cd_off, *cd_size, size)) {
        *err = "the central directory lies outside the file";
        return false;
    }
    return true;
}

/* The zip64 extra field's sizes and offset, for those the entry marks. */
static bool zip64_extra(const unsigned char *extra, uint64_t len, uint64_t *usize, uint64_t *csize, uint64_t *off)
{
    uint64_t at = 0;
    while (at + 4 <= len) {
        uint64_t id = rd(extra + at, 2), n = rd(extra + at + 2, 2);
        if (at + 4 + n > len)
            return false;
        if (id == 1) {
            const unsigned char *p = extra + at + 4;
            uint64_t used = 0;
            uint64_t *fields[3] = {usize, csize, off};
            for (int i = 0; i < 3; i++) {
                if (*fields[i] != 0xffffffffu)
                    continue;
                if (used + 8 > n)
                    return false;
                *fields[i] = rd(p + used, 8);
                used += 8;
            }
            return true;
        }
        at += 4 + n;
    }
    return true;
}

static bool bad_name(const char *name)
{
    if (!*name || name[0] == '/' || strchr(name, '\\'))
        return true;
    for (const char *p = name; *p;) {
        const char *slash = strchr(p, '/');
        size_t n = slash ? (size_t)(slash - p) : strlen(p);
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return true;
        p += n + (slash != NULL);
    }
    return false;
}

/* One central directory entry at *AT; false with *ERR. */
static bool read_entry(Arena *a, const unsigned char *d, size_t size, uint64_t *at, uint64_t cd_end, ZipEntry *e,
                       const char **err)
{
    if (*at + 46 > cd_end || rd(d + *at, 4) != SIG_CENTRAL) {
        *err = "a malformed central directory entry";
        return false;
    }
    const unsigned char *c = d + *at;
    uint64_t method = rd(c + 10, 2), csize = rd(c + 20, 4), usize = rd(c + 24, 4);
    uint64_t nlen = rd(c + 28, 2), xlen = rd(c + 30, 2), clen = rd(c + 32, 2), local = rd(c + 42, 4);
    if (*at + 46 + nlen + xlen + clen > cd_end) {
        *err = "a central directory entry runs past the directory";
        return false;
    }
    e->name = arena_strndup(a, (const char *)c + 46, nlen);
    if (strlen(e->name) != nlen || bad_name(e->name)) {
        *err = arena_sprintf(a, "zip entry name '%s' is not a plain relative path",
                             arena_printable(a, (const char *)c + 46, nlen, 60));
        return false;
    }
    if (!zip64_extra(c + 46 + nlen, xlen, &usize, &csize, &local)) {
        *err = arena_sprintf(a, "zip entry '%s': a malformed zip64 extra field", e->name);
        return false;
    }
    if (method != 0 || csize != usize) {
        *err = arena_sprintf(a, "zip entry '%s' is compressed (method %llu): torch.save stores entries "
                             "uncompressed; save the checkpoint again with torch.save", e->name,
                             (unsigned long long)method);
        return false;
    }
    if (!in_range(local, 30, size) || rd(d + local, 4) != SIG_LOCAL) {
        *err = arena_sprintf(a, "zip entry '%s': its local header is not where the directory says", e->name);
        return false;
    }
    uint64_t data = local + 30 + rd(d + local + 26, 2) + rd(d + local + 28, 2);
    if (!in_range(data, usize, size)) {
        *err = arena_sprintf(a, "zip entry '%s': its data (%llu bytes at %llu) lies outside the file", e->name,
                             (unsigned long long)usize, (unsigned long long)data);
        return false;
    }
    e->offset = data;
    e->size = usize;
    *at += 46 + nlen + xlen + clen;
    return true;
}

static int compare_names(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

bool zip_entries(Arena *a, const unsigned char *d, size_t size, ZipEntry **out, int *n, const char **err)
{
    uint64_t cd_off, cd_size, count;
    if (!find_end(d, size, &cd_off, &cd_size, &count, err))
        return false;
    if (count > cd_size / 46) {
        *err = "the central directory claims more entries than it can hold";
        return false;
    }
    ZipEntry *es = arena_alloc(a, sizeof *es * (size_t)(count ? count : 1));
    uint64_t at = cd_off;
    const char **names = arena_alloc(a, sizeof(char *) * (size_t)(count ? count : 1));
    for (uint64_t i = 0; i < count; i++) {
        if (!read_entry(a, d, size, &at, cd_off + cd_size, &es[i], err))
            return false;
        names[i] = es[i].name;
    }
    qsort(names, (size_t)count, sizeof *names, compare_names);
    for (uint64_t i = 1; i < count; i++)
        if (strcmp(names[i - 1], names[i]) == 0) {
            *err = arena_sprintf(a, "zip entry '%s' appears twice", names[i]);
            return false;
        }
    *out = es;
    *n = (int)count;
    return true;
}
