/* opt/: graph passes between lowering and emission.  This header: trace
 * specialization, the graph torch.jit.trace would record.
 *
 * The script graph (sema's, with the tensors read as Python numbers marked,
 * IrNode.trace_point) is walked with the evaluator on the example inputs
 * while a new graph is emitted: an ordinary node is copied, an If is
 * replaced by the nodes of the branch its condition took, a Loop by its
 * body once per iteration it ran (the iteration number a constant, carried
 * values wired from one copy to the next, scan outputs stacked), and a
 * marked conversion by a constant holding the example's value.  Each such
 * decision is recorded per source location (SpecRecord), for the warnings
 * and for tsc2onnx compare.  See docs/design.md, "Trace mode". */
#ifndef TSC_OPT_SPECIALIZE_H
#define TSC_OPT_SPECIALIZE_H

#include <stdbool.h>
#include <stdint.h>

#include "eval/eval.h"
#include "ir/ir.h"
#include "support/diag.h"
#include "support/source.h"

typedef enum SpecKind {
    SPEC_CONVERSION,        /* a tensor read as a Python number */
    SPEC_BRANCH,            /* an If: the branch taken */
    SPEC_LOOP,              /* a Loop: how many times it ran */
} SpecKind;

/* What one source location did, over all its executions in one trace. */
typedef struct SpecRecord {
    SpecKind kind;
    Span span;              /* the node's: the statement of an If or Loop */
    const char *what;       /* conversions: "int", "float", "bool", "item", "index",
                             * "parameter" (a forward() parameter annotated int,
                             * float or bool) */
    int executions;
    /* some execution's condition (branch), count (loop) or value
     * (conversion) was not a constant of the trace: it came from the
     * inputs, not only from frozen numbers */
    bool input_dependent;
    /* some execution's condition, count or value came from the inputs'
     * values; when input_dependent without it, only from their sizes (a
     * dynamic axis): the trace is only valid for those sizes */
    bool from_data;
    int64_t min_count, max_count;   /* loop: iterations per execution */
    bool condition_exit;    /* loop: some execution ended on its condition
                             * (a while, a break), not its trip count */
    int n_true;             /* branch: executions that took the then branch */
    PtrVec outcomes;        /* const char *, one per execution: "5", "True" */
} SpecRecord;

typedef struct SpecResult {
    PtrVec records;         /* SpecRecord *, in order of first execution */
    int64_t nodes;          /* nodes emitted before pruning */
} SpecResult;

typedef struct SpecOptions {
    uint64_t seed;          /* for random operators */
    int64_t max_nodes;      /* the trace may not grow beyond this */
    int64_t max_iterations; /* of one loop being unrolled; 0: the evaluator's default */
    int64_t max_memory;     /* bytes M's arena may hold while the trace grows; 0: no limit */
    bool portable_kernels;  /* the evaluator's built-in products (eval/gemm.h): the trace's
                             * frozen values are written into the model */
} SpecOptions;

#define SPEC_DEFAULT_MAX_NODES (INT64_C(1) << 22)

/* The trace of M for the input values INPUTS (indexed like M's graph
 * inputs; a NULL entry takes the input's initializer): a new model in M's
 * arena with M's inputs, outputs (same names and types) and model fields.
 * Dead nodes are pruned; nothing is folded.  NULL on failure, with *ERR
 * (in M's arena) and *ERR_SPAN (the node that failed, or SPAN_NONE). */
IrModel *opt_specialize(IrModel *m, EvalValue *const *inputs, const SpecOptions *o, SpecResult *res,
                        char **err, Span *err_span);

/* ---- records (opt/specialize_report.c) ---- */

/* The record of KIND at SPAN in R, or NULL. */
const SpecRecord *opt_spec_find(const SpecResult *r, SpecKind kind, Span span);
/* Adds one execution's OUTCOME to the record of KIND at SPAN (made when
 * new) and returns it. */
SpecRecord *opt_spec_note(Arena *a, SpecResult *r, SpecKind kind, Span span, const char *outcome);

/* Prints R's specializations as warnings, one per source location, in
 * source order: every loop and conversion, and the branches whose
 * condition came from the inputs (a branch on a frozen number is already
 * reported at the conversion). */
void opt_spec_warn(const SpecResult *r, const SourceMap *sm, Arena *a, Diag *d);

/* "5 iterations", "0 to 3 iterations in 4 executions", "True", "True 2
 * times, False once", "5", "0, 1, 2": what REC recorded, for compare. */
const char *opt_spec_summary(Arena *a, const SpecRecord *rec);
/* The source text of SPAN's first line, trimmed, without a final ':'
 * ("for i in range(int(y))"). */
const char *opt_spec_source(Arena *a, const SourceMap *sm, Span span);
/* "loop `for i in range(n)`", "`int(y)`", "condition `n > 3`". */
const char *opt_spec_subject(Arena *a, const SourceMap *sm, const SpecRecord *rec);

#endif
