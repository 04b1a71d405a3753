/* Namespaces: an entry array in insertion order plus an open-addressing
 * index over interned name pointers.  Most scopes are a call's few locals:
 * up to SCOPE_LINEAR entries are searched in order, without an index (a
 * few pointer compares cost less than hashing, and nothing is allocated
 * for the index). */
#include "sema/value/value.h"

#include <string.h>

static uint32_t scope_hash(const char *name)
{
    uintptr_t p = (uintptr_t)name;
    p ^= p >> 17;
    p *= 0xed5ad4bbu;
    p ^= p >> 11;
    return (uint32_t)p;
}

Scope *val_scope_new(Arena *a)
{
    return arena_alloc(a, sizeof(Scope));
}

#define SCOPE_LINEAR 8

static int scope_find(const Scope *s, const char *name)
{
    if (!s->index_cap) {
        for (int e = 0; e < s->len; e++)
            if (s->entries[e].name == name)
                return e;
        return -1;
    }
    uint32_t mask = (uint32_t)s->index_cap - 1;
    for (uint32_t j = scope_hash(name) & mask;; j = (j + 1) & mask) {
        int32_t e = s->index[j];
        if (e < 0)
            return -1;
        if (s->entries[e].name == name)
            return e;
    }
}

static void scope_reindex(Arena *a, Scope *s, int cap)
{
    s->index = arena_alloc_raw(a, sizeof(int32_t) * (size_t)cap);
    memset(s->index, 0xff, sizeof(int32_t) * (size_t)cap);
    s->index_cap = cap;
    uint32_t mask = (uint32_t)cap - 1;
    for (int e = 0; e < s->len; e++) {
        uint32_t j = scope_hash(s->entries[e].name) & mask;
        while (s->index[j] >= 0)
            j = (j + 1) & mask;
        s->index[j] = e;
    }
}

Value *val_scope_get(const Scope *s, const char *name)
{
    int e = scope_find(s, name);
    return e < 0 ? NULL : s->entries[e].value;
}

void val_scope_set(Arena *a, Scope *s, const char *name, Value *v)
{
    int e = scope_find(s, name);
    if (e >= 0) {
        s->entries[e].value = v;
        return;
    }
    if (s->len == s->cap) {
        /* most calls bind a few names: 610,000 scopes of the 10,000-layer
         * bench model took 80 MB at 8 entries to start with */
        int cap = s->cap ? s->cap * 2 : 4;
        s->entries = arena_grow(a, s->entries, sizeof(ScopeEntry) * (size_t)s->cap,
                                sizeof(ScopeEntry) * (size_t)cap);
        s->cap = cap;
    }
    s->entries[s->len].name = name;
    s->entries[s->len].value = v;
    s->len++;
    if (!s->index_cap && s->len <= SCOPE_LINEAR)
        return;
    if (s->len * 2 > s->index_cap)
        scope_reindex(a, s, s->index_cap ? s->index_cap * 2 : 32);
    else {
        uint32_t mask = (uint32_t)s->index_cap - 1;
        uint32_t j = scope_hash(name) & mask;
        while (s->index[j] >= 0)
            j = (j + 1) & mask;
        s->index[j] = s->len - 1;
    }
}

void val_scope_reserve(Arena *a, Scope *s, int n)
{
    if (s->len == 0 && n > s->cap) {
        s->entries = arena_alloc_raw(a, sizeof(ScopeEntry) * (size_t)n);
        s->cap = n;
    }
}

void val_scope_restore(Arena *a, Scope *s, const ScopeEntry *entries, int len)
{
    if (len > s->cap) {
        s->entries = arena_alloc(a, sizeof(ScopeEntry) * (size_t)len);
        s->cap = len;
    }
    if (len)
        memcpy(s->entries, entries, sizeof(ScopeEntry) * (size_t)len);
    s->len = len;
    s->index = NULL;
    s->index_cap = 0;
    if (len <= SCOPE_LINEAR)
        return;
    int cap = 32;
    while (cap < len * 2)
        cap *= 2;
    scope_reindex(a, s, cap);
}

bool val_scope_del(Scope *s, const char *name)
{
    int e = scope_find(s, name);
    if (e < 0 || !s->entries[e].value)
        return false;
    s->entries[e].value = NULL;
    return true;
}
