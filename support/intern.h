/* Interned identifiers: each distinct name is stored once, so names compare
 * by pointer in every later stage (scopes, attributes, keywords). */
#ifndef TSC_INTERN_H
#define TSC_INTERN_H

#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"

typedef struct Interner {
    Arena *arena;
    const char **slots;     /* open addressing; NULL = empty */
    uint32_t *hashes;
    size_t cap, count;
} Interner;

void intern_init(Interner *in, Arena *a);
/* Returns the unique NUL-terminated copy of S[0..N). */
const char *intern_n(Interner *in, const char *s, size_t n);
const char *intern(Interner *in, const char *s);

uint32_t hash_bytes(const void *data, size_t n);

/* A hash of a pointer, for tables keyed by address (one multiply; tables
 * looked up by address must never be iterated for output, whose order
 * would then follow the addresses). */
static inline uint32_t hash_ptr(const void *p)
{
    return (uint32_t)(((uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15)) >> 32);
}

#endif
