/* Source file table and line/column computation. */
#include "support/source.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void source_build_lines(Arena *a, SourceFile *f)
{
    int n = 1;
    for (uint32_t i = 0; i < f->len; i++)
        if (f->text[i] == '\n' || (f->text[i] == '\r' && (i + 1 >= f->len || f->text[i + 1] != '\n')))
            n++;
    f->line_starts = arena_alloc_raw(a, sizeof(uint32_t) * (size_t)n);
    f->line_starts[0] = 0;
    int k = 1;
    for (uint32_t i = 0; i < f->len; i++) {
        char ch = f->text[i];
        if (ch == '\n' || (ch == '\r' && (i + 1 >= f->len || f->text[i + 1] != '\n')))
            f->line_starts[k++] = i + 1;
    }
    f->nlines = n;
    uint32_t nmarks = f->len / SOURCE_CHAR_STEP + 1;
    f->chars_before = arena_alloc_raw(a, sizeof(uint32_t) * nmarks);
    uint32_t chars = 0;
    for (uint32_t i = 0; i < f->len; i++) {
        if (i % SOURCE_CHAR_STEP == 0)
            f->chars_before[i / SOURCE_CHAR_STEP] = chars;
        if (((unsigned char)f->text[i] & 0xC0) != 0x80)
            chars++;
    }
    if (f->len % SOURCE_CHAR_STEP == 0)
        f->chars_before[nmarks - 1] = chars;
}

/* Characters in the first OFFSET bytes of F. */
static uint32_t source_chars_before(const SourceFile *f, uint32_t offset)
{
    uint32_t k = offset / SOURCE_CHAR_STEP;
    uint32_t chars = f->chars_before[k];
    for (uint32_t i = k * SOURCE_CHAR_STEP; i < offset; i++)
        if (((unsigned char)f->text[i] & 0xC0) != 0x80)
            chars++;
    return chars;
}

SourceFile *source_add(Arena *a, SourceMap *m, const char *path,
                       const char *text, size_t len)
{
    if (m->nfiles == m->cap) {
        int cap = m->cap ? m->cap * 2 : 8;
        m->files = arena_grow(a, m->files, sizeof(SourceFile *) * (size_t)m->cap,
                              sizeof(SourceFile *) * (size_t)cap);
        m->cap = cap;
    }
    SourceFile *f = arena_alloc(a, sizeof *f);
    f->id = m->nfiles;
    f->path = arena_strdup(a, path);
    char *copy = arena_alloc_raw(a, len + 1);
    memcpy(copy, text, len);
    copy[len] = '\0';
    f->text = copy;
    f->len = (uint32_t)len;
    source_build_lines(a, f);
    m->files[m->nfiles++] = f;
    return f;
}

SourceFile *source_load(Arena *a, SourceMap *m, const char *path, const char **err)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        *err = strerror(errno);
        return NULL;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(fp);
        *err = "out of memory";
        return NULL;
    }
    for (;;) {
        if (len == cap) {
            if (cap >= SOURCE_MAX_BYTES) {
                free(buf);
                fclose(fp);
                *err = "file too large (over 256 MiB)";
                return NULL;
            }
            cap *= 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(fp);
                *err = "out of memory";
                return NULL;
            }
            buf = nb;
        }
        size_t got = fread(buf + len, 1, cap - len, fp);
        len += got;
        if (got == 0)
            break;
    }
    int failed = ferror(fp);
    int saved = errno;
    fclose(fp);
    if (failed) {
        free(buf);
        *err = strerror(saved ? saved : EIO);
        return NULL;
    }
    if (len > SOURCE_MAX_BYTES) {
        free(buf);
        *err = "file too large (over 256 MiB)";
        return NULL;
    }
    SourceFile *f = source_add(a, m, path, buf, len);
    free(buf);
    return f;
}

const SourceFile *source_file(const SourceMap *m, int id)
{
    if (id < 0 || id >= m->nfiles)
        return NULL;
    return m->files[id];
}

static int source_line_index(const SourceFile *f, uint32_t offset)
{
    int lo = 0, hi = f->nlines - 1;
    while (lo < hi) {
        int mid = (lo + hi + 1) / 2;
        if (f->line_starts[mid] <= offset)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

void source_line_col(const SourceFile *f, uint32_t offset, int *line, int *col)
{
    if (offset > f->len)
        offset = f->len;
    int idx = source_line_index(f, offset);
    *line = idx + 1;
    *col = 1 + (int)(source_chars_before(f, offset) - source_chars_before(f, f->line_starts[idx]));
}

const char *source_line_text(const SourceFile *f, int line, uint32_t *len)
{
    if (line < 1 || line > f->nlines) {
        *len = 0;
        return "";
    }
    uint32_t start = f->line_starts[line - 1];
    uint32_t end = start;
    while (end < f->len && f->text[end] != '\n' && f->text[end] != '\r')
        end++;
    *len = end - start;
    return f->text + start;
}
