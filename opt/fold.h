/* opt/fold.c: constant folding.  A node whose inputs are all constants
 * (initializers that are not graph inputs) is run by the evaluator and its
 * outputs become initializers under the same names, so the rest of the
 * graph reads them unchanged.  Limits keep the model from growing: an
 * output larger than max_elements is never folded, and one larger than
 * small_bytes only when the constants it replaces (read by nothing else)
 * are at least as large, so that a Transpose of a weight read once is
 * folded but a copy of a weight read twice is not.  Random operators are
 * never folded.  Dead nodes and initializers are pruned afterwards. */
#ifndef TSC_OPT_FOLD_H
#define TSC_OPT_FOLD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/ir.h"

typedef struct FoldOptions {
    int64_t max_elements;   /* per folded output */
    size_t small_bytes;     /* outputs up to this size are always folded */
    uint64_t seed;
} FoldOptions;

#define FOLD_DEFAULT_MAX_ELEMENTS (INT64_C(1) << 20)
#define FOLD_DEFAULT_SMALL_BYTES ((size_t)64 * 1024)

typedef struct FoldStats {
    int nodes_before, nodes_after;      /* in every graph, bodies included */
    int folded;                         /* nodes replaced by constants */
    int64_t init_bytes_before, init_bytes_after;
} FoldStats;

/* Folds M's graphs in place (the main graph and Loop/If bodies); STATS
 * may be NULL. */
void opt_fold(IrModel *m, const FoldOptions *o, FoldStats *stats);

/* Whether N draws random numbers (its outputs are not a function of its
 * inputs): RandomNormal(Like), RandomUniform(Like), Multinomial,
 * Bernoulli, Dropout. */
bool opt_is_random(const IrNode *n);

/* Nodes in G and the graphs nested in it. */
int opt_count_nodes(const IrGraph *g);

#endif
