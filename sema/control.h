/* Control flow on run-time values: what sema/exec.c and sema/expr.c call
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
 * region and subgraph (region.h) over the same starting state; the end
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
#ifndef TSC_CONTROL_H
#define TSC_CONTROL_H

#include "sema/flow.h"
#include "sema/region.h"
#include "sema/sema_internal.h"

/* The rest of the block being executed (exec_block keeps it current): a
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
const Flow *control_flow(Interp *in);
/* Runs FN as branch B: a fresh subgraph of the current graph, the exit
 * status turned into flags. */
void control_run_branch(Interp *in, Branch *b, const char *kind, BranchFn fn, void *ctx);
/* The status that the exit flags of the current frame stand for, with the
 * flags that are statically false removed: NORMAL, BREAK, CONTINUE,
 * RETURN (return_value set) or MAYBE (some flag is a run-time bool). */
ExecStatus control_settle(Interp *in);
/* THEN (CTX) under an If on "no exit flag set"; the merge keeps what is
 * live after LIVE_AFTER, or (LIVE_AFTER NULL) the names LIVE. */
ExecStatus control_guard(Interp *in, Span span, BranchFn then, void *ctx, const AstNode *live_after,
                         const FlowNames *live);
/* The rest of BLOCK from NEXT under an If on "no exit flag set". */
ExecStatus control_guard_rest(Interp *in, const AstList *block, int next);
/* Exit flags: values, and binding them in the current frame. */
Value *control_flag(Interp *in, const char *name);
void control_set_flag(Interp *in, const char *name, Value *v);
void control_clear_flag(Interp *in, const char *name);

ExecStatus control_if(Interp *in, const AstNode *s, Value *truth);
Value *control_if_exp(Interp *in, const AstNode *e, Value *truth);
/* `a and b ...` from operand I, whose value V has the run-time truth TRUTH. */
Value *control_bool_op(Interp *in, const AstNode *e, int i, Value *v, Value *truth);
/* If(COND) over two branch functions producing values: the merged value. */
Value *control_select(Interp *in, Value *cond, BranchFn f0, void *c0, BranchFn f1, void *c1, Span span,
                      const char *construct);
/* A if COND (a run-time bool) else B, both already computed. */
Value *control_choose(Interp *in, Value *cond, Value *a, Value *b, Span span);
/* The rest of a comparison chain from operand NEXT (left operand LEFT),
 * taken where the comparison before it, R, has the run-time truth TRUTH. */
Value *control_chain(Interp *in, const AstNode *e, int next, Value *left, Value *r, Value *truth);
/* The result of a function whose body ended with EXEC_MAYBE. */
Value *control_function_result(Interp *in, Span span);

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

/* Whether A and B are the same value on every run-time path. */
bool control_same_value(const Value *a, const Value *b);
/* A compile-time value of V's type (a zero-size tensor for a tensor) for
 * paths where the flags say the value is never read; NULL when V's type
 * has none. */
Value *control_placeholder(Interp *in, Value *v);
/* V (a tensor, number or list) as a graph value of type T in the graph
 * being built: constants for static numbers, a Cast when the element type
 * differs, a sequence for a list (T is then the item type).  NULL after
 * reporting. */
IrValue *control_value_as(Interp *in, Value *v, const IrType *t, bool list, Span span);
/* Merges the end states of the two branches (and their results) into the
 * current state, emitting an If when something differs at run time.
 * Returns the merged result (or None); poison after reporting. */
Value *control_merge(Interp *in, MergeSpec *m);

/* ---- loop.c, loop_iter.c ---- */

/* The iteration of a run-time loop (loop_iter.c). */
typedef struct LoopIter {
    Interp *in;
    PtrVec zip_stacks;      /* static sequences of a zip and their stacks */
} LoopIter;
/* The trip count of iterating IT (a run-time int, or a static one). */
Value *loop_trip_count(LoopIter *it, Value *iterable, Span span);
/* Item ITER (a run-time int) of IT, in the body being built. */
Value *loop_item(LoopIter *it, Value *iterable, Value *iter, Span span);


/* while TEST: whose condition, evaluated now, is the run-time bool COND. */
ExecStatus control_while(Interp *in, const AstNode *s, Value *cond);
/* for TARGET in ITERABLE: over something whose length is known only at run
 * time (a range with run-time bounds, a tensor with a dynamic first axis,
 * a run-time list, enumerate/zip of those). */
ExecStatus control_for(Interp *in, const AstNode *s, Value *iterable);
/* A static for loop over ITEMS whose iteration K ended with EXEC_MAYBE:
 * the remaining iterations run while no exit flag is set. */
ExecStatus control_for_rest(Interp *in, const AstNode *s, ValueList *items, int next);
bool control_is_dynamic_iterable(Interp *in, Value *v);
/* len() of a runtime iterator: its trip count, a run-time int. */
Value *control_iter_length(Interp *in, Value *v, Span span);
/* The rest of a block, run by control flow (inside a branch) at the
 * nesting depth of the block it belongs to (exec.c). */
ExecStatus exec_block_rest(Interp *in, const AstList *rest);
/* The static for loop over ITEMS from item FROM on (exec.c). */
ExecStatus exec_static_for(Interp *in, const AstNode *s, ValueList *items, int from);

/* A list that a Loop body appends exactly one item to in each iteration:
 * the item becomes a scan output of the Loop (loop.c). */
typedef struct ScanCollector {
    Region *region;         /* the body's region: appends must happen there */
    Value *item;            /* the item appended, once the body did */
    IrType elem;
    bool failed;            /* anything but one append (reported by the loop) */
} ScanCollector;

/* ---- dynlist.c ---- */

bool dynlist_is(const Value *v);
/* A new run-time list holding the sequence SEQ / the stacked items STACKED
 * (items of type ELEM; NULL: taken from the value's type). */
Value *dynlist_from_seq(Interp *in, IrValue *seq);
Value *dynlist_from_stacked(Interp *in, IrValue *stacked);
/* The type every item of list V has (a static list: the widened type of
 * its tensors); false when V is empty or an item is not a tensor of the
 * element type of the others. */
bool dynlist_elem_type(Interp *in, Value *v, IrType *out);
/* The items of list V (static or run-time) as an ONNX sequence in the
 * graph being built; ELEM types an empty static list.  NULL after
 * reporting (opsets before 11 have no sequences). */
IrValue *dynlist_seq(Interp *in, Value *v, const IrType *elem, Span span);
/* How an If or a Loop carries a run-time list: a sequence (opset 13 and
 * later) or its items stacked on a new first axis (before). */
IrType dynlist_carrier_type(Interp *in, const IrType *elem);
IrValue *dynlist_carrier(Interp *in, Value *v, const IrType *elem, Span span);
Value *dynlist_from_carrier(Interp *in, IrValue *iv);
/* The operations of run-time lists (the caller checked dynlist_is). */
Value *dynlist_len(Interp *in, Value *l, Span span);
Value *dynlist_getitem(Interp *in, Value *l, Value *index, Span span);
Value *dynlist_append(Interp *in, Value *l, Value *item, Span span);
/* A run-time list whose appends feed COLLECTOR. */
Value *dynlist_collecting(Interp *in, ScanCollector *collector);
/* Item INDEX (a run-time int) of the static list or tuple SEQ: its items
 * (tensors of one type, or numbers) stacked, then picked at run time. */
Value *dynlist_pick(Interp *in, Value *seq, Value *index, Span span);
/* Why a list operation is refused on run-time lists (for messages). */
Value *dynlist_unsupported(Interp *in, const char *what, Span span);

#endif
