/* Symbolic dimensions.  A SymDim is a named symbol ("N", "batch") or, later,
 * an expression over symbols.  Its text is canonical and interned, so two
 * dimensions are equal exactly when their texts are the same pointer. */
#ifndef TSC_SYMDIM_H
#define TSC_SYMDIM_H

#include "ir/ir.h"

struct SymDim {
    const char *text;       /* interned canonical text, e.g. "N" */
};

/* The symbol called NAME. */
const SymDim *symdim_named(Arena *a, Interner *names, const char *name);
const char *symdim_text(const SymDim *s);

#endif
