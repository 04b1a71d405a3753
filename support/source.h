/* Source files and spans.  A span is a byte range in one file; line and
 * column are computed from the file's line table only when something is
 * printed, so the lexer never counts lines. */
#ifndef TSC_SOURCE_H
#define TSC_SOURCE_H

#include <stdbool.h>
#include <stdint.h>

#include "support/arena.h"

typedef struct Span {
    int32_t file;       /* index in SourceMap; -1 when there is no location */
    uint32_t start;     /* byte offset of the first byte */
    uint32_t end;       /* byte offset one past the last byte */
} Span;

#define SPAN_NONE ((Span){-1, 0, 0})

typedef struct SourceFile {
    int id;
    const char *path;       /* as given by the user or found on the search path */
    const char *text;       /* file contents, NUL-terminated (may contain NULs) */
    uint32_t len;
    /* The line index (line_starts, nlines, chars_before) is built on first
     * use, by source_index() (most files, the stdlib's above all, never
     * print a line): until then INDEX_ARENA is where it will go. */
    Arena *index_arena;
    uint32_t *line_starts;  /* byte offset of the start of each line */
    int nlines;
    /* chars_before[k]: characters (bytes that do not continue a UTF-8
     * sequence) in the first k * SOURCE_CHAR_STEP bytes, so a column on a
     * megabyte-long line costs at most SOURCE_CHAR_STEP steps */
    uint32_t *chars_before;
} SourceFile;

#define SOURCE_CHAR_STEP 256u

typedef struct SourceMap {
    SourceFile **files;
    int nfiles, cap;
} SourceMap;

/* Largest source file accepted (the lexer uses 32-bit offsets). */
#define SOURCE_MAX_BYTES (256u * 1024u * 1024u)

/* The source encoding a PEP 263 declaration (`# -*- coding: NAME -*-` on
 * line 1, or on line 2 after a blank or comment line) names: UTF-8 (also
 * without a declaration, and for ASCII, a subset), Latin-1, or another,
 * which is not supported.  The name is bytes [*NAME_START, *NAME_END). */
typedef enum SourceEncoding { SOURCE_UTF8, SOURCE_LATIN1, SOURCE_UNSUPPORTED } SourceEncoding;
SourceEncoding source_declared_encoding(const char *text, uint32_t len, uint32_t *name_start,
                                        uint32_t *name_end);

/* Adds a file whose text is already in memory; the text is copied into the
 * arena, and a file declared Latin-1 (without a UTF-8 BOM) is converted to
 * UTF-8, so every later stage reads UTF-8. */
SourceFile *source_add(Arena *a, SourceMap *m, const char *path,
                       const char *text, size_t len);
/* Adds a file whose TEXT (UTF-8, NUL at LEN) lives as long as the map,
 * without copying it: the stdlib embedded in the binary. */
SourceFile *source_add_static(Arena *a, SourceMap *m, const char *path, const char *text, size_t len);
/* Builds F's line index if it is not built yet (a cache: F is const to its
 * readers); the functions below call it. */
void source_index(const SourceFile *f);
/* Reads a file.  Returns NULL and sets *err (a static string from strerror,
 * or a fixed message) when it cannot be read. */
SourceFile *source_load(Arena *a, SourceMap *m, const char *path, const char **err);

const SourceFile *source_file(const SourceMap *m, int id);

/* Where line LINE (1-based, valid) starts; a UTF-8 byte order mark at the
 * start of the file is not part of line 1. */
uint32_t source_line_start(const SourceFile *f, int line);
/* 1-based line; 1-based column counted in characters (UTF-8 code points). */
void source_line_col(const SourceFile *f, uint32_t offset, int *line, int *col);
/* The bytes of line LINE (1-based), without its newline. */
const char *source_line_text(const SourceFile *f, int line, uint32_t *len);

static inline Span span_join(Span a, Span b)
{
    if (a.file < 0)
        return b;
    if (b.file < 0)
        return a;
    Span s = a;
    if (b.start < s.start)
        s.start = b.start;
    if (b.end > s.end)
        s.end = b.end;
    return s;
}

#endif
