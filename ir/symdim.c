/* Symbolic dimensions. */
#include "ir/symdim.h"

const SymDim *symdim_named(Arena *a, Interner *names, const char *name)
{
    SymDim *s = arena_alloc(a, sizeof *s);
    s->text = intern(names, name);
    return s;
}

const char *symdim_text(const SymDim *s)
{
    return s ? s->text : NULL;
}
