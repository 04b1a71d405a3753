/* Graph-quality passes: the pipeline stage between lower/ and emit/.
 *
 * opt_run() rewrites the model sema built into an equivalent, smaller one:
 * constant folding (opt/fold.c), removal of identity and no-op nodes and of
 * redundant Cast/Reshape/Transpose chains (opt/simplify.c), common
 * subexpression elimination (opt/cse.c), fusion into the single ONNX
 * operator where one exists (opt/fuse.c), unrolling of Loops with a small
 * constant trip count (opt/unroll.c), and dead-code removal.  Every pass
 * keeps the model's interface (input and output names and types) and its
 * results; the passes are deterministic (declaration order, model-wide
 * name counters). */
#ifndef TSC_OPT_H
#define TSC_OPT_H

#include "ir/ir.h"
#include "opt/fold.h"
#include "support/context.h"

/* Default of --unroll-limit (see opt/unroll.c and bench/results.md for the
 * measurement behind it). */
#define OPT_DEFAULT_UNROLL_LIMIT 16

typedef struct OptOptions {
    bool enabled;           /* false: the graph is emitted as sema built it */
    int unroll_limit;       /* Loops with a constant trip count <= this unroll */
    bool fold;              /* constant folding (opt/fold.c) */
    bool keep_weights;      /* no fusion computes new weights (BatchNormalization
                             * into a convolution): --weights-dtype stores the
                             * weights themselves */
    FoldOptions fold_options;
    FoldStats *fold_stats;  /* NULL, or summed over the pipeline's folds */
} OptOptions;

OptOptions opt_defaults(void);

/* Runs the pipeline on M (opset M->opset); folding runs even when the
 * other passes are disabled (it has its own --no-fold). */
void opt_run(Compiler *c, IrModel *m, const OptOptions *o);

/* --weights-dtype DT (opt/store.c): the main graph's floating-point
 * initializers of two or more elements whose every value DT holds exactly
 * stored in DT, each read through a Cast to its own dtype; run after
 * opt_run.  Returns how many; *KEPT counts the others. */
int opt_store_floats_as(IrModel *m, DType dt, int *kept);

#endif
