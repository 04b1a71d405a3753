/* What sema/types.c and sema/types_optional.c share. */
#ifndef TSC_TYPES_INTERNAL_H
#define TSC_TYPES_INTERNAL_H

#include "sema/types.h"

/* Annotations parsed once per AST node; functions whose Optional uses were
 * checked (keyed by their definition). */
struct TypeCache {
    const void **keys;
    const void **vals;
    int len, cap;
};

/* A variable of a script function and the type it keeps. */
typedef struct TypeVar {
    const char *name;
    const TsType *type;
    bool declared;      /* by an annotation: values must match it */
    Span where;         /* where it got its type */
    int depth;          /* Interp.block_depth where it got its type */
} TypeVar;

struct TypeEnv {
    TypeVar *vars;
    int n, cap;
};

TypeCache *types_cache(Interp *in);
const void *types_cache_get(Interp *in, const void *key);
void types_cache_put(Interp *in, const void *key, const void *val);

const TsType *types_simple(Interp *in, TsKind k);
const TsType *types_unify(Interp *in, const TsType *a, const TsType *b);
bool types_value_matches(Interp *in, const TsType *want, const Value *v, bool lenient);
const TsType *types_annotation(Interp *in, const AstNode *ann, Scope *globals, bool report);

#endif
