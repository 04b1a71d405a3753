/* Control flow and dataflow (sema/flow/): how the interpreter runs code
 * whose control flow depends on values known only when the graph runs.
 *
 *   flow.c      the dataflow walker: assigned and live names per statement
 *   region.c    regions: running one side of a branch or a loop trial
 *               against a saved state (the write barrier)
 *   control.c   run-time if / conditional expressions / and-or, the exit
 *               flags of break, continue and return, guards
 *   merge.c     merging the end states of two branches into If outputs
 *   loop.c, loop_iter.c   run-time for and while loops -> Loop
 *   dynlist.c   lists whose length is known only at run time
 *   optional.c  values that are None on some run-time paths (Optional[T])
 *   rank.c      tensors whose rank depends on a run-time condition
 *
 * The approach, in short: each branch of a run-time `if` runs in its own
 * region and subgraph over the same starting state; the end states are
 * merged: what is equal stays as it is (static values stay static), what
 * differs becomes an output of an If node.  Which variables matter after
 * the `if` comes from the dataflow walker.
 *
 * break, continue and return under a run-time condition become exit flags,
 * hidden variables of the frame ($brk, $cont, $ret and the value $retval)
 * that merge like any variable: a statement whose exits depend on run-time
 * values yields EXEC_MAYBE, and the rest of its block then runs under an
 * If on "no flag set" (a guard).  When one branch of an `if` exits and the
 * other does not, the rest of the block runs inside the other branch
 * instead (no guard, and early returns merge real values).  Loops turn
 * $brk into their condition, functions turn $ret/$retval into their
 * result. */
#ifndef TSC_SEMA_FLOW_H
#define TSC_SEMA_FLOW_H

#include <stdbool.h>

#include "parser/ast.h"
#include "sema/interp/interp.h"
#include "support/arena.h"

/* Dataflow over one function body: which local names each statement
 * assigns, which are live before and after it.  It knows nothing about
 * ONNX or about values; the interpreter asks it, when control flow depends
 * on run-time values, which variables have to flow out of an If or around
 * a Loop:
 *
 *   If outputs    = (assigned in then ∪ assigned in else) ∩ live after the if
 *   Loop carried  = assigned in the body ∩ live at the loop head
 *                   (live at the head = used in the body before being
 *                    assigned ∪ used by the condition ∪ live after the loop)
 *
 * Liveness is the classic backward analysis over the structured AST: a name
 * is live at a point when some path from there reads it before assigning
 * it; loops iterate to a fixed point, break continues at the loop's exit,
 * continue at its head, return and raise end every path.  Names read by a
 * nested function or lambda are "captured": a later call may read them at
 * any time, so they count as always live.  Names declared global or
 * nonlocal are not locals of the function and are not tracked.
 *
 * Name sets are lists of interned names in the order they first appear in
 * the function (parameters first), so everything built from them is
 * deterministic. */

typedef struct Flow Flow;

/* A set of names, in the function's first-appearance order. */
typedef struct FlowNames {
    const char **names;     /* interned */
    int len;
} FlowNames;

/* Analyses DEF, an AST_FUNCTION_DEF (its parameters and body) or an
 * AST_MODULE (a body without parameters). */
Flow *flow_analyze(const Compiler *c, Arena *a, const AstNode *def);
/* Whether the analysis stopped early because the C stack ran low (C may be
 * NULL: no check); its answers are then incomplete. */
bool flow_too_deep(const Flow *f);

/* The local names of the function, parameters first. */
FlowNames flow_locals(const Flow *f);
bool flow_is_local(const Flow *f, const char *name);
/* Read by a nested function or lambda (so treated as always live). */
bool flow_is_captured(const Flow *f, const char *name);

/* Liveness around statement S (any statement of the body, nested blocks
 * included).  Names that are not locals are never live. */
bool flow_live_before(const Flow *f, const AstNode *s, const char *name);
bool flow_live_after(const Flow *f, const AstNode *s, const char *name);
FlowNames flow_live_after_set(const Flow *f, const AstNode *s);

/* Names a block assigns (assignments, for targets, with-as, imports,
 * nested def/class names, del), nested blocks included, nested function
 * bodies not. */
FlowNames flow_assigned(const Flow *f, const AstList *block);

/* Names read in BLOCK before anything in it assigns them (upward-exposed
 * uses, with the block's exits treated as ends of paths). */
FlowNames flow_used_before_assigned(const Flow *f, const AstList *block);

/* IF (an AST_IF): (assigned in body ∪ assigned in orelse) ∩ live after. */
FlowNames flow_if_outputs(const Flow *f, const AstNode *if_stmt);

/* LOOP (AST_FOR or AST_WHILE): assigned in the body ∩ live at the head.
 * A for loop's target is assigned by the loop itself, so it is carried
 * only when the body assigns it too. */
FlowNames flow_loop_carried(const Flow *f, const AstNode *loop);
/* Live at the head of LOOP (before each evaluation of the condition or of
 * the next item). */
FlowNames flow_loop_head_live(const Flow *f, const AstNode *loop);

bool flow_names_contain(FlowNames set, const char *name);

/* Regions: running code "on one side" of run-time control flow.
 *
 * The interpreter executes each branch of a run-time `if`, and each trial
 * of a run-time loop's body, as if it were the only path: assignments,
 * list appends and attribute writes happen for real.  A region records, on
 * the first write inside it to each container that existed before it
 * (namespaces, lists, dicts), a copy of that container's state; when the
 * region ends, the state the code left is captured and the original put
 * back, so the next branch starts from the same state.  Control flow then
 * merges the captured end states (sema/flow/control.c).
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
void flow_region_enter(Interp *in, Region *r, IrGraph *graph);
/* Ends R: captures the end states and restores the originals. */
void flow_region_leave(Interp *in, Region *r);
/* Re-enters an ended R: puts its end states back and continues in it. */
void flow_region_resume(Interp *in, Region *r);
/* Writes R's end states into the containers (the region's effects, taken
 * unconditionally). */
void flow_region_apply_end(Interp *in, Region *r);
/* The entry of R for OBJ, or NULL when R never wrote to it. */
RegionEntry *flow_region_find(Region *r, const void *obj);

/* Write barriers. */
void flow_write_scope(Interp *in, Scope *s);
void flow_write_list(Interp *in, ValueList *l);
void flow_write_dict(Interp *in, Dict *d);

/* Before an in-place change of a tensor object (x[i] = v, x.add_(1), a
 * view taken again): the object's fields are saved like a container's. */
void flow_write_tensor(Interp *in, Tensor *t);

/* A new namespace stamped with the clock (all of sema creates them so). */
Scope *flow_scope_new(Interp *in);

/* Looks up NAME in a saved scope state; NULL when absent or deleted. */
Value *flow_region_scope_get(const RegionState *st, const char *name);

/* Control flow on run-time values: what sema/interp/exec.c and sema/interp/expr.c call
 * when a condition, a trip count or an iterable is known only when the
 * graph runs, and what the files that implement it share.
 *
 *   control.c   run-time if / conditional expressions / and-or, the exit
 *               flags of break, continue and return, guards
 *   merge.c     merging the end states of two branches into If outputs
 *   loop.c      run-time for and while loops -> Loop
 *   dynlist.c   lists whose length is known only at run time
 *
 * The approach, in short: each branch of a run-time `if` runs in its own
 * region and subgraph (sema/flow/flow.h) over the same starting state; the end
 * states are merged: what is equal stays as it is (static values stay
 * static), what differs becomes an output of an If node.  Which variables
 * matter after the `if` comes from the dataflow walker (flow.h).
 *
 * break, continue and return under a run-time condition become exit flags,
 * hidden variables of the frame ($brk, $cont, $ret and the value $retval)
 * that merge like any variable: a statement whose exits depend on run-time
 * values yields EXEC_MAYBE, and the rest of its block then runs under an
 * If on "no flag set" (a guard).  When one branch of an `if` exits and the
 * other does not, the rest of the block runs inside the other branch
 * instead (no guard, and early returns merge real values).  Loops turn
 * $brk into their condition, functions turn $ret/$retval into their
 * result. */

/* The rest of the block being executed (interp_exec_block keeps it current): a
 * run-time `if` may run it inside one of its branches. */
typedef struct BlockRest {
    const AstList *block;
    int next;               /* the statement after the current one */
    bool consumed;          /* set when the current statement ran the rest */
    struct BlockRest *outer;
} BlockRest;

/* One side of run-time control flow: a region with its subgraph, how the
 * code in it ended, and the value of an expression branch. */
typedef struct Branch {
    Region region;
    ExecStatus status;
    Value *result;          /* expression branches */
    Value *exc;             /* when status is EXEC_RAISE */
    Span exc_span;
    const char *what;       /* "the 'if' branch" ... for messages */
} Branch;

typedef ExecStatus (*BranchFn)(Interp *in, void *ctx, Value **result);

/* ---- control.c ---- */

/* The dataflow of the function the current frame runs (NULL outside one). */
const Flow *flow_current(Interp *in);
/* Runs FN as branch B: a fresh subgraph of the current graph, the exit
 * status turned into flags. */
void flow_run_branch(Interp *in, Branch *b, const char *kind, BranchFn fn, void *ctx);
/* The status that the exit flags of the current frame stand for, with the
 * flags that are statically false removed: NORMAL, BREAK, CONTINUE,
 * RETURN (return_value set) or MAYBE (some flag is a run-time bool). */
ExecStatus flow_settle(Interp *in);
/* THEN (CTX) under an If on "no exit flag set"; the merge keeps what is
 * live after LIVE_AFTER, or (LIVE_AFTER NULL) the names LIVE. */
ExecStatus flow_guard(Interp *in, Span span, BranchFn then, void *ctx, const AstNode *live_after,
                         const FlowNames *live);
/* The rest of BLOCK from NEXT under an If on "no exit flag set". */
ExecStatus flow_guard_rest(Interp *in, const AstList *block, int next);
/* Exit flags: values, and binding them in the current frame. */
Value *flow_flag(Interp *in, const char *name);
void flow_set_flag(Interp *in, const char *name, Value *v);
void flow_clear_flag(Interp *in, const char *name);

ExecStatus flow_if(Interp *in, const AstNode *s, Value *truth);
Value *flow_if_exp(Interp *in, const AstNode *e, Value *truth);
/* `a and b ...` from operand I, whose value V has the run-time truth TRUTH. */
Value *flow_bool_op(Interp *in, const AstNode *e, int i, Value *v, Value *truth);
/* If(COND) over two branch functions producing values: the merged value. */
Value *flow_select(Interp *in, Value *cond, BranchFn f0, void *c0, BranchFn f1, void *c1, Span span,
                      const char *construct);
/* A if COND (a run-time bool) else B, both already computed. */
Value *flow_choose(Interp *in, Value *cond, Value *a, Value *b, Span span);
/* The rest of a comparison chain from operand NEXT (left operand LEFT),
 * taken where the comparison before it, R, has the run-time truth TRUTH. */
Value *flow_chain(Interp *in, const AstNode *e, int next, Value *left, Value *r, Value *truth);
/* The result of a function whose body ended with EXEC_MAYBE. */
Value *flow_function_result(Interp *in, Span span);

/* ---- merge.c ---- */

typedef struct MergeSpec {
    Span span;              /* where errors point */
    const char *construct;  /* "this run-time 'if'" */
    const Flow *flow;       /* liveness of the frame's locals, or NULL */
    const AstNode *live_after;  /* names live after this statement matter, */
    const FlowNames *live;      /* or these names (when live_after is NULL) */
    IrValue *cond;          /* the If's condition */
    Branch *b[2];           /* then, else */
    bool merge_results;     /* merge b[i]->result too */
} MergeSpec;

/* ---- values that are None on some run-time paths (optional.c) ---- */

/* PRESENT ? VALUE : None; the value itself or None when PRESENT is static. */
Value *flow_optional_make(Interp *in, Value *present, Value *value);
/* Whether A and B (the two sides of a merge or a loop iteration) make an
 * optional: None on one side, a tensor or number or optional on the other. */
bool flow_optional_mergeable(const Value *a, const Value *b);
/* V as the 2-tuple (present, value): None with a placeholder of LIKE's type,
 * a tensor or number as present.  NULL when no placeholder can be made. */
Value *flow_optional_pair(Interp *in, Value *v, Value *like);
/* `V is None` (IS_NONE) or `V is not None` for an optional V. */
Value *flow_optional_is_none(Interp *in, Value *v, bool is_none, Span span);
/* Refines the local names that TEST, when it has the value TRUTH, shows to
 * be None or not None (TorchScript's rule), in the current region. */
void flow_optional_refine(Interp *in, const AstNode *test, bool truth);

/* l.pop(INDEX or NULL) and l.insert(INDEX, ITEM) on a list of run-time
 * length (SequenceErase, SequenceInsert; an index out of range fails when
 * the graph runs, insert's position is clamped as Python clamps it). */
Value *flow_dynlist_pop(Interp *in, Value *l, Value *index, Span span);
Value *flow_dynlist_insert(Interp *in, Value *l, Value *index, Value *item, Span span);

/* Sorts the static items L by KEYS, numbers some of which are known only at
 * run time (TopK; items picked by the permutation): false after an error. */
bool flow_sort_runtime(Interp *in, ValueList *l, Value **keys, bool reverse, Span span);

/* ---- tensors whose rank depends on a run-time condition (rank.c) ---- */

bool flow_ranks_is(const Value *v);
/* COND ? WHEN_TRUE : WHEN_FALSE, two tensors of different ranks. */
Value *flow_ranks_make(Interp *in, IrValue *cond, Value *when_true, Value *when_false);
/* OP(VALS) with every VK_RANKS operand replaced by each of its
 * alternatives, in the branches of an If on its condition; the results
 * merge.  Without such an operand, OP(VALS) itself. */
typedef Value *(*FlowRanksOp)(Interp *in, Value **vals, int n, void *ctx);
Value *flow_ranks_apply(Interp *in, Value **vals, int n, FlowRanksOp op, void *ctx, Span span);
bool flow_ranks_in_args(const CallArgs *args);
/* CALLEE(ARGS) so, for arguments of run-time rank. */
Value *flow_ranks_call(Interp *in, Value *callee, const CallArgs *args, Span span);

/* Whether A and B are the same value on every run-time path. */
bool flow_same_value(const Value *a, const Value *b);
/* A compile-time value of V's type (a zero-size tensor for a tensor) for
 * paths where the flags say the value is never read; NULL when V's type
 * has none. */
/* A never-read tensor of LIKE's dtype and rank, zeros with its known
 * dimensions (0 for the others) when that has at most MAX_NUMEL elements,
 * else flow_placeholder's; for other values flow_placeholder's. */
Value *flow_zeros_shaped_like(Interp *in, Value *like, int64_t max_numel);
Value *flow_placeholder(Interp *in, Value *v);
/* V (a tensor, number or list) as a graph value of type T in the graph
 * being built: constants for static numbers, a Cast when the element type
 * differs, a sequence for a list (T is then the item type).  NULL after
 * reporting. */
IrValue *flow_value_as(Interp *in, Value *v, const IrType *t, bool list, Span span);
/* Merges the end states of the two branches (and their results) into the
 * current state, emitting an If when something differs at run time.
 * Returns the merged result (or None); poison after reporting. */
Value *flow_merge(Interp *in, MergeSpec *m);

/* ---- loop.c, loop_iter.c ---- */

/* The iteration of a run-time loop (loop_iter.c). */
typedef struct LoopIter {
    Interp *in;
    PtrVec zip_stacks;      /* static sequences of a zip and their stacks */
} LoopIter;
/* The trip count of iterating IT (a run-time int, or a static one). */
Value *flow_trip_count(LoopIter *it, Value *iterable, Span span);
/* Item ITER (a run-time int) of IT, in the body being built. */
Value *flow_loop_item(LoopIter *it, Value *iterable, Value *iter, Span span);


/* while TEST: whose condition, evaluated now, is the run-time bool COND. */
ExecStatus flow_while(Interp *in, const AstNode *s, Value *cond);
/* for TARGET in ITERABLE: over something whose length is known only at run
 * time (a range with run-time bounds, a tensor with a dynamic first axis,
 * a run-time list, enumerate/zip of those). */
ExecStatus flow_for(Interp *in, const AstNode *s, Value *iterable);
/* A static for loop over ITEMS whose iteration K ended with EXEC_MAYBE:
 * the remaining iterations run while no exit flag is set. */
ExecStatus flow_for_rest(Interp *in, const AstNode *s, ValueList *items, int next);
/* A list comprehension (or generator expression) E of one generator over
 * the run-time ITERABLE: a Loop that appends each element to RESULT
 * (filters on run-time values make the append conditional).  Runs in the
 * comprehension's own frame. */
ExecStatus flow_comprehension(Interp *in, const AstNode *e, Value *iterable, ValueList *result);
/* l.append(item) for a list of compile-time or run-time length. */
Value *flow_list_append(Interp *in, Value *l, Value *item, Span span);
bool flow_is_dynamic_iterable(Interp *in, Value *v);
/* len() of a runtime iterator: its trip count, a run-time int. */
Value *flow_iter_length(Interp *in, Value *v, Span span);
/* The rest of a block, run by control flow (inside a branch) at the
 * nesting depth of the block it belongs to (exec.c). */
ExecStatus interp_exec_block_rest(Interp *in, const AstList *rest);
/* The static for loop over ITEMS from item FROM on (exec.c). */
ExecStatus interp_exec_static_for(Interp *in, const AstNode *s, ValueList *items, int from);

/* A list that a Loop body appends exactly one item to in each iteration:
 * the item becomes a scan output of the Loop (loop.c). */
typedef struct ScanCollector {
    Region *region;         /* the body's region: appends must happen there */
    Value *item;            /* the item appended, once the body did */
    IrType elem;
    bool failed;            /* anything but one append (reported by the loop) */
} ScanCollector;

/* ---- dynlist.c ---- */

bool flow_dynlist_is(const Value *v);
/* A new run-time list holding the sequence SEQ / the stacked items STACKED
 * (items of type ELEM; NULL: taken from the value's type). */
Value *flow_dynlist_from_seq(Interp *in, IrValue *seq);
Value *flow_dynlist_from_stacked(Interp *in, IrValue *stacked);
/* The type every item of list V has (a static list: the widened type of
 * its tensors); false when V is empty or an item is not a tensor of the
 * element type of the others. */
bool flow_dynlist_elem_type(Interp *in, Value *v, IrType *out);
/* The items of list V (static or run-time) as an ONNX sequence in the
 * graph being built; ELEM types an empty static list.  NULL after
 * reporting (opsets before 11 have no sequences). */
IrValue *flow_dynlist_seq(Interp *in, Value *v, const IrType *elem, Span span);
/* How an If or a Loop carries a run-time list: a sequence (opset 13 and
 * later) or its items stacked on a new first axis (before). */
IrType flow_dynlist_carrier_type(Interp *in, const IrType *elem);
IrValue *flow_dynlist_carrier(Interp *in, Value *v, const IrType *elem, Span span);
Value *flow_dynlist_from_carrier(Interp *in, IrValue *iv);
/* The operations of run-time lists (the caller checked flow_dynlist_is). */
Value *flow_dynlist_len(Interp *in, Value *l, Span span);
Value *flow_dynlist_getitem(Interp *in, Value *l, Value *index, Span span);
Value *flow_dynlist_append(Interp *in, Value *l, Value *item, Span span);
/* A run-time list whose appends feed COLLECTOR. */
Value *flow_dynlist_collecting(Interp *in, ScanCollector *collector);
/* Item INDEX (a run-time int) of the static list or tuple SEQ: its items
 * (tensors of one type, or numbers) stacked, then picked at run time. */
Value *flow_dynlist_pick(Interp *in, Value *seq, Value *index, Span span);
/* Why a list operation is refused on run-time lists (for messages). */
Value *flow_dynlist_unsupported(Interp *in, const char *what, Span span);

/* The natives of dynlist.c, in _native (sema/native/native.c). */
extern const Builtin flow_dynlist_natives[];
extern const int flow_dynlist_natives_count;

#endif
