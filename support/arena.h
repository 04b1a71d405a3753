/* Arena allocation: every object of one compilation (tokens, AST, values,
 * IR, strings, diagnostics) lives in one Arena and is released together by
 * arena_free().  Nothing allocated here is ever freed one by one. */
#ifndef TSC_ARENA_H
#define TSC_ARENA_H

#include <stdarg.h>
#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;

typedef struct Arena {
    ArenaChunk *head;   /* chunk being filled; older chunks follow */
    ArenaChunk *bulk;   /* the same for large requests */
    size_t total;       /* bytes obtained from malloc, for statistics */
    size_t first_chunk; /* size of the first chunk of small objects */
} Arena;

void arena_init(Arena *a);
/* An arena that will hold megabytes: its first chunk is FIRST_CHUNK bytes
 * (in huge pages from 2 MiB up), not 256 KiB. */
void arena_init_large(Arena *a, size_t first_chunk);
void arena_free(Arena *a);

/* Zero-filled, 16-byte aligned.  Aborts the process on exhaustion, the one
 * condition that is not a diagnostic (see arena.c). */
void *arena_alloc(Arena *a, size_t size);
/* Like arena_alloc but without zeroing, for large buffers about to be filled. */
void *arena_alloc_raw(Arena *a, size_t size);
/* Grows an arena array: the old contents are copied, the old block abandoned. */
void *arena_grow(Arena *a, void *old, size_t old_size, size_t new_size);

char *arena_strndup(Arena *a, const char *s, size_t n);
char *arena_strdup(Arena *a, const char *s);
char *arena_sprintf(Arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
char *arena_vsprintf(Arena *a, const char *fmt, va_list ap);
/* S, then SEP and the decimal K (K >= 0), then TAIL: "Relu_3", "x:12:5"
 * (formatted without printf: names with counters are made by the
 * thousand).  At most MAX bytes of S are used (0: all). */
char *arena_join_number(Arena *a, const char *s, size_t max, const char *sep, long long k, const char *tail);
/* The same into OUT (CAP bytes); returns the length, and writes nothing
 * when it does not fit. */
size_t join_number(char *out, size_t cap, const char *s, size_t max, const char *sep, long long k,
                   const char *tail);

/* Up to MAX bytes of S[0..N) for a message: control bytes become '?' and a
 * cut text ends in "...". */
const char *arena_printable(Arena *a, const char *s, size_t n, size_t max);

/* A growable array of pointers kept in an arena. */
typedef struct PtrVec {
    void **items;
    int len, cap;
} PtrVec;

void ptrvec_push(Arena *a, PtrVec *v, void *item);

#endif
