/* Regions: running code "on one side" of run-time control flow.
 *
 * The interpreter executes each branch of a run-time `if`, and each trial
 * of a run-time loop's body, as if it were the only path: assignments,
 * list appends and attribute writes happen for real.  A region records, on
 * the first write inside it to each container that existed before it
 * (namespaces, lists, dicts), a copy of that container's state; when the
 * region ends, the state the code left is captured and the original put
 * back, so the next branch starts from the same state.  Control flow then
 * merges the captured end states (sema/control*.c).
 *
 * A container's `born` stamp is the interpreter clock when it was made;
 * entering a region advances the clock, so a container is outside the
 * region exactly when born < region->start.  Containers made inside the
 * region are its own and are never logged.  Only the innermost region
 * logs a write: the merge of an inner region writes through the same
 * barrier, so the outer region sees it as one more write.
 *
 * Every site that mutates a container in place calls the matching
 * region_write_* before the mutation. */
#ifndef TSC_REGION_H
#define TSC_REGION_H

#include "sema/interp.h"

typedef enum RegionObjKind { RO_SCOPE, RO_LIST, RO_DICT, RO_TENSOR } RegionObjKind;

/* One container's state: a copy of its contents. */
typedef struct RegionState {
    int len;
    void *items;            /* ScopeEntry[] / Value*[] / DictEntry[] / a Tensor */
    const DynList *dyn;     /* lists */
} RegionState;

typedef struct RegionEntry {
    RegionObjKind kind;
    void *obj;
    RegionState orig;       /* at the first write in the region */
    RegionState end;        /* when the region ended */
} RegionEntry;

typedef struct Region {
    struct Region *outer;
    uint32_t start;         /* containers born before this are outside */
    PtrVec entries;         /* RegionEntry*, in first-write order */
    IrGraph *graph;         /* nodes go here while the region runs (may be NULL) */
    IrGraph *saved_graph;
    bool active;
    bool loop_body;         /* the body of a Loop (lists may grow in it) */
} Region;

/* Starts R (zeroed by the caller) with GRAPH, a new subgraph of the
 * current one, or NULL to keep appending to the current graph. */
void region_enter(Interp *in, Region *r, IrGraph *graph);
/* Ends R: captures the end states and restores the originals. */
void region_leave(Interp *in, Region *r);
/* Re-enters an ended R: puts its end states back and continues in it. */
void region_resume(Interp *in, Region *r);
/* Writes R's end states into the containers (the region's effects, taken
 * unconditionally). */
void region_apply_end(Interp *in, Region *r);
/* The entry of R for OBJ, or NULL when R never wrote to it. */
RegionEntry *region_find(Region *r, const void *obj);

/* Write barriers. */
void region_write_scope(Interp *in, Scope *s);
void region_write_list(Interp *in, ValueList *l);
void region_write_dict(Interp *in, Dict *d);

/* Before an in-place change of a tensor object (x[i] = v, x.add_(1), a
 * view taken again): the object's fields are saved like a container's. */
void region_write_tensor(Interp *in, Tensor *t);

/* A new namespace stamped with the clock (all of sema creates them so). */
Scope *sema_scope_new(Interp *in);

/* Looks up NAME in a saved scope state; NULL when absent or deleted. */
Value *region_state_scope_get(const RegionState *st, const char *name);

#endif
