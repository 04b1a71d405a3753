/* Namespaces keyed by interned names (module globals, locals, class
 * dictionaries, instance attributes), in insertion order. */
#ifndef TSC_SCOPE_H
#define TSC_SCOPE_H

#include <stdbool.h>
#include <stdint.h>

#include "support/arena.h"

typedef struct Value Value;

typedef struct ScopeEntry {
    const char *name;       /* interned */
    Value *value;           /* NULL after deletion */
} ScopeEntry;

typedef struct Scope {
    ScopeEntry *entries;
    int len, cap;
    int32_t *index;         /* open addressing into entries; -1 = empty */
    int index_cap;
    uint32_t born;          /* interpreter clock at creation (sema/region.c) */
} Scope;

Scope *scope_new(Arena *a);
Value *scope_get(const Scope *s, const char *name);
void scope_set(Arena *a, Scope *s, const char *name, Value *v);
bool scope_del(Scope *s, const char *name);
/* Replaces the entries of S with a copy of ENTRIES (a saved state). */
void scope_restore(Arena *a, Scope *s, const ScopeEntry *entries, int len);

#endif
