/* String interning with an open-addressing table kept in the arena. */
#include "support/intern.h"

#include <string.h>

/* FNV-1a: short identifiers dominate, and it is deterministic. */
uint32_t hash_bytes(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

void intern_init(Interner *in, Arena *a)
{
    in->arena = a;
    in->cap = 1024;
    in->count = 0;
    in->slots = arena_alloc(a, sizeof(const char *) * in->cap);
    in->hashes = arena_alloc(a, sizeof(uint32_t) * in->cap);
}

static void intern_rehash(Interner *in)
{
    size_t cap = in->cap * 2;
    const char **slots = arena_alloc(in->arena, sizeof(const char *) * cap);
    uint32_t *hashes = arena_alloc(in->arena, sizeof(uint32_t) * cap);
    for (size_t i = 0; i < in->cap; i++) {
        if (!in->slots[i])
            continue;
        size_t j = in->hashes[i] & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = in->slots[i];
        hashes[j] = in->hashes[i];
    }
    in->slots = slots;
    in->hashes = hashes;
    in->cap = cap;
}

const char *intern_n(Interner *in, const char *s, size_t n)
{
    if (in->count * 2 >= in->cap)
        intern_rehash(in);
    uint32_t h = hash_bytes(s, n);
    size_t j = h & (in->cap - 1);
    while (in->slots[j]) {
        if (in->hashes[j] == h && strncmp(in->slots[j], s, n) == 0 && in->slots[j][n] == '\0')
            return in->slots[j];
        j = (j + 1) & (in->cap - 1);
    }
    const char *copy = arena_strndup(in->arena, s, n);
    in->slots[j] = copy;
    in->hashes[j] = h;
    in->count++;
    return copy;
}

const char *intern(Interner *in, const char *s)
{
    return intern_n(in, s, strlen(s));
}
