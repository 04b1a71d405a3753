/* Source file table and line/column computation. */
#include "support/source.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether byte I of F ends a line: '\n', or '\r' not followed by '\n'. */
static bool ends_line(const SourceFile *f, uint32_t i)
{
    char ch = f->text[i];
    return ch == '\n' || (ch == '\r' && (i + 1 >= f->len || f->text[i + 1] != '\n'));
}

/* The offsets where lines start.  Text without '\r' (the usual case) is
 * split with memchr, which looks at many bytes at once. */
static void source_build_line_starts(Arena *a, SourceFile *f)
{
    bool cr = memchr(f->text, '\r', f->len) != NULL;
    int n = 1;
    if (cr) {
        for (uint32_t i = 0; i < f->len; i++)
            n += ends_line(f, i);
    } else {
        for (const char *p = f->text, *end = f->text + f->len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
            n++;
    }
    f->line_starts = arena_alloc_raw(a, sizeof(uint32_t) * (size_t)n);
    f->line_starts[0] = 0;
    int k = 1;
    if (cr) {
        for (uint32_t i = 0; i < f->len; i++)
            if (ends_line(f, i))
                f->line_starts[k++] = i + 1;
    } else {
        for (const char *p = f->text, *end = f->text + f->len; (p = memchr(p, '\n', (size_t)(end - p))); p++)
            f->line_starts[k++] = (uint32_t)(p - f->text) + 1;
    }
    f->nlines = n;
}

/* Bytes of [P, P + N) that continue a UTF-8 sequence (10xxxxxx), eight at
 * a time: bit 7 set and bit 6 clear. */
static uint32_t continuation_bytes(const unsigned char *p, uint32_t n)
{
    const uint64_t high = UINT64_C(0x8080808080808080);
    uint32_t count = 0, i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t x;
        memcpy(&x, p + i, 8);
        uint64_t cont = x & high & ~(x << 1);
        while (cont) {
            count++;
            cont &= cont - 1;
        }
    }
    for (; i < n; i++)
        count += (p[i] & 0xC0) == 0x80;
    return count;
}

static void source_build_lines(Arena *a, SourceFile *f)
{
    source_build_line_starts(a, f);
    uint32_t nmarks = f->len / SOURCE_CHAR_STEP + 1;
    f->chars_before = arena_alloc_raw(a, sizeof(uint32_t) * nmarks);
    uint32_t chars = 0;
    for (uint32_t k = 0; k < nmarks; k++) {
        f->chars_before[k] = chars;
        uint32_t from = k * SOURCE_CHAR_STEP;
        uint32_t n = f->len - from < SOURCE_CHAR_STEP ? f->len - from : SOURCE_CHAR_STEP;
        chars += n - continuation_bytes((const unsigned char *)f->text + from, n);
    }
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

/* ---- PEP 263 encoding declarations ------------------------------------- */

/* Line [*start, *end) holds "coding[:=]NAME" inside a comment: NAME's range. */
static bool coding_in_line(const char *text, uint32_t start, uint32_t end, uint32_t *name_start,
                           uint32_t *name_end)
{
    uint32_t i = start;
    while (i < end && (text[i] == ' ' || text[i] == '\t' || text[i] == '\f'))
        i++;
    if (i == end || text[i] != '#')
        return false;
    for (; i + 7 < end; i++) {
        if (memcmp(text + i, "coding", 6) != 0 || (text[i + 6] != ':' && text[i + 6] != '='))
            continue;
        uint32_t n = i + 7;
        while (n < end && (text[n] == ' ' || text[n] == '\t'))
            n++;
        uint32_t e = n;
        while (e < end && (isalnum((unsigned char)text[e]) || strchr("-_.", text[e])))
            e++;
        if (e > n) {
            *name_start = n;
            *name_end = e;
            return true;
        }
    }
    return false;
}

/* Whether line [start, end) is blank or only a comment. */
static bool blank_or_comment(const char *text, uint32_t start, uint32_t end)
{
    while (start < end && strchr(" \t\f\r", text[start]))
        start++;
    return start == end || text[start] == '#';
}

static bool name_is(const char *name, size_t n, const char *const *names)
{
    for (; *names; names++) {
        if (strlen(*names) != n)
            continue;
        size_t i = 0;
        while (i < n && (tolower((unsigned char)name[i]) == (*names)[i] ||
                         (name[i] == '_' && (*names)[i] == '-')))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

SourceEncoding source_declared_encoding(const char *text, uint32_t len, uint32_t *name_start,
                                        uint32_t *name_end)
{
    static const char *const utf8[] = {"utf-8", "utf8", "u8", "utf", "cp65001", "ascii",
                                       "us-ascii", "646", NULL};
    static const char *const latin1[] = {"latin-1", "latin1", "latin", "l1", "iso-8859-1",
                                         "iso8859-1", "8859", "cp819", "iso-latin-1", NULL};
    uint32_t start = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    for (int line = 0; line < 2 && start < len; line++) {
        const char *nl = memchr(text + start, '\n', len - start);
        uint32_t end = nl ? (uint32_t)(nl - text) : len;
        if (coding_in_line(text, start, end, name_start, name_end)) {
            const char *name = text + *name_start;
            size_t n = *name_end - *name_start;
            bool utf8_suffix = n > 6 && name_is(name, 6, (const char *const[]){"utf-8-", NULL});
            if (name_is(name, n, utf8) || utf8_suffix)
                return SOURCE_UTF8;
            return name_is(name, n, latin1) ? SOURCE_LATIN1 : SOURCE_UNSUPPORTED;
        }
        if (!blank_or_comment(text, start, end))
            break;
        start = end + 1;
    }
    *name_start = *name_end = 0;
    return SOURCE_UTF8;
}

/* Latin-1 text (every byte one code point) as UTF-8, in the arena. */
static char *latin1_to_utf8(Arena *a, const char *text, size_t *len)
{
    size_t extra = 0;
    for (size_t i = 0; i < *len; i++)
        extra += (unsigned char)text[i] >= 0x80;
    char *out = arena_alloc_raw(a, *len + extra + 1), *p = out;
    for (size_t i = 0; i < *len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch < 0x80) {
            *p++ = (char)ch;
        } else {
            *p++ = (char)(0xC0 | ch >> 6);
            *p++ = (char)(0x80 | (ch & 0x3F));
        }
    }
    *len += extra;
    return out;
}

static SourceFile *source_append(Arena *a, SourceMap *m, const char *path, const char *text, size_t len)
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
    f->text = text;
    f->len = (uint32_t)len;
    f->index_arena = a;
    m->files[m->nfiles++] = f;
    return f;
}

SourceFile *source_add(Arena *a, SourceMap *m, const char *path,
                       const char *text, size_t len)
{
    uint32_t name_start, name_end;
    bool bom = len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0;
    char *copy;
    if (!bom && len < SOURCE_MAX_BYTES &&
        source_declared_encoding(text, (uint32_t)len, &name_start, &name_end) == SOURCE_LATIN1) {
        copy = latin1_to_utf8(a, text, &len);
    } else {
        copy = arena_alloc_raw(a, len + 1);
        memcpy(copy, text, len);
    }
    copy[len] = '\0';
    return source_append(a, m, path, copy, len);
}

SourceFile *source_add_static(Arena *a, SourceMap *m, const char *path, const char *text, size_t len)
{
    return source_append(a, m, path, text, len);
}

void source_index(const SourceFile *cf)
{
    SourceFile *f = (SourceFile *)cf;  /* the index is a cache, built once */
    if (f->index_arena) {
        source_build_lines(f->index_arena, f);
        f->index_arena = NULL;
    }
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

uint32_t source_line_start(const SourceFile *f, int line)
{
    source_index(f);
    uint32_t start = f->line_starts[line - 1];
    if (line == 1 && f->len >= 3 && memcmp(f->text, "\xEF\xBB\xBF", 3) == 0)
        start = 3;
    return start;
}

static int source_line_index(const SourceFile *f, uint32_t offset)
{
    source_index(f);
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
    uint32_t from = source_line_start(f, idx + 1);
    if (offset < from)
        offset = from;
    *line = idx + 1;
    if (offset - from <= SOURCE_CHAR_STEP) {
        /* a short way into the line: count its characters directly */
        int chars = 0;
        for (uint32_t i = from; i < offset; i++)
            chars += ((unsigned char)f->text[i] & 0xC0) != 0x80;
        *col = 1 + chars;
        return;
    }
    *col = 1 + (int)(source_chars_before(f, offset) - source_chars_before(f, from));
}

const char *source_line_text(const SourceFile *f, int line, uint32_t *len)
{
    source_index(f);
    if (line < 1 || line > f->nlines) {
        *len = 0;
        return "";
    }
    uint32_t start = source_line_start(f, line);
    uint32_t end = start;
    while (end < f->len && f->text[end] != '\n' && f->text[end] != '\r')
        end++;
    *len = end - start;
    return f->text + start;
}
