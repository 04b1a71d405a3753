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
#ifndef TSC_FLOW_H
#define TSC_FLOW_H

#include <stdbool.h>

#include "parser/ast.h"
#include "support/arena.h"

typedef struct Flow Flow;

/* A set of names, in the function's first-appearance order. */
typedef struct FlowNames {
    const char **names;     /* interned */
    int len;
} FlowNames;

/* Analyses DEF, an AST_FUNCTION_DEF (its parameters and body) or an
 * AST_MODULE (a body without parameters). */
Flow *flow_analyze(Arena *a, const AstNode *def);

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

#endif
