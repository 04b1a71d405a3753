/* Arena allocator.  Chunks grow geometrically (a quarter of what the arena
 * holds, from 256 KiB to 64 MiB).  Requests larger than a quarter of the
 * first chunk size (tensors, big tables) are served from a second series
 * of chunks of their own, so they neither waste the tail of the chunk of
 * small objects nor each cost a malloc (and a mapping of 4 KiB pages) of
 * their own.  Chunks of 2 MiB or more are aligned to 2 MiB and ask the
 * kernel for huge pages (where it gives them on request): filling them
 * takes a page fault per 2 MiB instead of per 4 KiB, which matters most
 * where page faults are dear (virtual machines: resnet50's folded weights
 * took 25,000 faults, a third of its compile time; the 960 faults of
 * unpacking and running the stdlib for examples/mlp.ts were 40% of it).
 * An arena known to fill megabytes starts with such a chunk
 * (arena_init_large). */
#define _DEFAULT_SOURCE     /* madvise, MADV_HUGEPAGE */
#include "support/arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define ARENA_ALIGN 16
#define ARENA_CHUNK_SIZE (256 * 1024)
#define ARENA_CHUNK_MAX ((size_t)64 * 1024 * 1024)
#define ARENA_HUGE_PAGE ((size_t)2 * 1024 * 1024)

struct ArenaChunk {
    ArenaChunk *next;
    size_t used, size;
    _Alignas(ARENA_ALIGN) unsigned char data[];
};

void arena_init(Arena *a)
{
    arena_init_large(a, ARENA_CHUNK_SIZE);
}

void arena_init_large(Arena *a, size_t first_chunk)
{
    a->head = NULL;
    a->bulk = NULL;
    a->total = 0;
    a->first_chunk = first_chunk > ARENA_CHUNK_SIZE ? first_chunk : ARENA_CHUNK_SIZE;
}

static void arena_free_chunks(ArenaChunk *c)
{
    while (c) {
        ArenaChunk *next = c->next;
        free(c);
        c = next;
    }
}

void arena_free(Arena *a)
{
    arena_free_chunks(a->head);
    arena_free_chunks(a->bulk);
    a->head = NULL;
    a->bulk = NULL;
    a->total = 0;
}

/* Out of memory is not a property of the input, so it is not reported as a
 * diagnostic: the driver cannot do anything useful without memory. */
static void arena_out_of_memory(size_t size)
{
    fprintf(stderr, "tsc2onnx: fatal: out of memory (allocating %zu bytes)\n", size);
    exit(4);
}

/* A chunk of about TARGET bytes in all, with room for NEED bytes of data.
 * From 2 MiB up it is a whole number of huge pages, aligned to one, with
 * the kernel asked to back it with them (advice: where it says no, the
 * chunk is plain memory). */
static ArenaChunk *arena_malloc_chunk(size_t target, size_t need)
{
    if (need > SIZE_MAX - sizeof(ArenaChunk) - ARENA_HUGE_PAGE)
        arena_out_of_memory(need);
    size_t bytes = need + sizeof(ArenaChunk) > target ? need + sizeof(ArenaChunk) : target;
    bool huge = bytes >= ARENA_HUGE_PAGE;
    if (huge)
        bytes = (bytes + ARENA_HUGE_PAGE - 1) & ~(ARENA_HUGE_PAGE - 1);
    ArenaChunk *c = huge ? aligned_alloc(ARENA_HUGE_PAGE, bytes) : malloc(bytes);
    if (!c)
        arena_out_of_memory(need);
#ifdef MADV_HUGEPAGE
    if (huge)
        madvise(c, bytes, MADV_HUGEPAGE);
#endif
    c->used = 0;
    c->size = bytes - sizeof(ArenaChunk);
    return c;
}

static ArenaChunk *arena_new_chunk(Arena *a, size_t min_size, bool first)
{
    size_t target = first ? a->first_chunk : ARENA_CHUNK_SIZE;
    if (a->total / 4 > target)
        target = a->total / 4 < ARENA_CHUNK_MAX ? a->total / 4 : ARENA_CHUNK_MAX;
    ArenaChunk *c = arena_malloc_chunk(target, min_size);
    a->total += c->size;
    return c;
}

/* SIZE bytes from the chunk at the head of LIST, or from a new one pushed
 * there (as big as the arena's growth asks, or as the request). */
static void *arena_take(Arena *a, ArenaChunk **list, size_t size)
{
    ArenaChunk *c = *list;
    if (!c || c->size - c->used < size) {
        /* the large first chunk is for small objects: bulk requests come
         * one by one, and a big one takes a chunk of its own size */
        c = arena_new_chunk(a, size, list == &a->head && !c);
        c->next = *list;
        *list = c;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p;
}

void *arena_alloc_raw(Arena *a, size_t size)
{
    if (size == 0)
        size = 1;
    if (size > SIZE_MAX - ARENA_ALIGN)
        arena_out_of_memory(size);
    size = (size + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
    /* large requests (tensors) fill chunks of their own */
    return arena_take(a, size > ARENA_CHUNK_SIZE / 4 ? &a->bulk : &a->head, size);
}

void *arena_alloc(Arena *a, size_t size)
{
    void *p = arena_alloc_raw(a, size);
    memset(p, 0, size ? size : 1);
    return p;
}

void *arena_grow(Arena *a, void *old, size_t old_size, size_t new_size)
{
    void *p = arena_alloc_raw(a, new_size);
    if (old_size)
        memcpy(p, old, old_size < new_size ? old_size : new_size);
    if (new_size > old_size)
        memset((char *)p + old_size, 0, new_size - old_size);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *p = arena_alloc_raw(a, n + 1);
    if (n)      /* S may be NULL when N is 0 (an empty protobuf string) */
        memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(Arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}

/* Formats into a stack buffer first: most results (names, locations) fit,
 * and then the format is run once, not once to measure and once to
 * write. */
char *arena_vsprintf(Arena *a, const char *fmt, va_list ap)
{
    char small[256];
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        n = 0;
    char *p = arena_alloc_raw(a, (size_t)n + 1);
    if ((size_t)n < sizeof small)
        memcpy(p, small, (size_t)n + 1);
    else
        vsnprintf(p, (size_t)n + 1, fmt, ap);
    return p;
}

size_t join_number(char *out, size_t cap, const char *s, size_t max, const char *sep, long long k,
                   const char *tail)
{
    char digits[24];
    int nd = 0;
    unsigned long long u = k < 0 ? 0 : (unsigned long long)k;
    do {
        digits[nd++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    size_t ns = strlen(s), nsep = strlen(sep), nt = strlen(tail);
    if (max && ns > max)
        ns = max;
    size_t need = ns + nsep + (size_t)nd + nt;
    if (need + 1 > cap)
        return need;
    char *q = out;
    memcpy(q, s, ns);
    q += ns;
    memcpy(q, sep, nsep);
    q += nsep;
    while (nd)
        *q++ = digits[--nd];
    memcpy(q, tail, nt + 1);
    return need;
}

char *arena_join_number(Arena *a, const char *s, size_t max, const char *sep, long long k, const char *tail)
{
    size_t n = join_number(NULL, 0, s, max, sep, k, tail);
    char *p = arena_alloc_raw(a, n + 1);
    join_number(p, n + 1, s, max, sep, k, tail);
    return p;
}

char *arena_sprintf(Arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *p = arena_vsprintf(a, fmt, ap);
    va_end(ap);
    return p;
}

void ptrvec_push(Arena *a, PtrVec *v, void *item)
{
    if (v->len == v->cap) {
        int cap = v->cap ? v->cap * 2 : 4;
        v->items = arena_grow(a, v->items, sizeof(void *) * (size_t)v->cap,
                              sizeof(void *) * (size_t)cap);
        v->cap = cap;
    }
    v->items[v->len++] = item;
}

const char *arena_printable(Arena *a, const char *s, size_t n, size_t max)
{
    size_t keep = n > max ? max : n;
    char *out = arena_alloc(a, keep + 4);
    for (size_t i = 0; i < keep; i++) {
        unsigned char c = (unsigned char)s[i];
        out[i] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    if (keep < n)
        memcpy(out + keep, "...", 3);
    return out;
}
