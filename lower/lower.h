/* Graph building over ir/: the layer the interpreter (sema/) lowers
 * forward() through, and that the graph passes (opt/) reuse.  It knows the
 * IR and the operator schema table only, never the interpreter's values:
 * sema/bridge/ turns values into IR values and calls this.
 *
 *   Lower            the builder: the model, the graph nodes go to (a
 *                    subgraph while a branch or a loop body is built), the
 *                    opset, the module scope of the code being lowered, and
 *                    the counters names come from
 *   lower_node       one node, schema-typed, attributed to a source span
 *   lower_constant   an initializer (constants are named const_<n>)
 *   lower_store_*    constant tensor storage in every element type
 *   LowerRecipe      default initialization of a parameter, run when its
 *                    data is needed or deferred until it is written out
 *   lower_if, lower_loop ...   If and Loop with their subgraphs
 *   lower_prune, lower_name_nodes ...   finishing the model */
#ifndef TSC_LOWER_H
#define TSC_LOWER_H

#include "ir/ir.h"
#include "ir/opschema.h"
#include "support/context.h"

typedef struct Lower {
    Compiler *c;
    IrModel *model;
    IrGraph *graph;         /* the graph nodes are appended to */
    int opset;
    const char *scope;      /* module path of the code being lowered */
    const char *scope_type; /* its module's class name */
    int n_constants;        /* for const_<n> initializer names */
    int n_subgraphs;        /* for subgraph names */
    int scripted;           /* > 0: If and Loop nodes built now are marked
                             * "script" (trace mode keeps them whole) */
} Lower;

void lower_init(Lower *L, Compiler *c, IrModel *m, int opset);

/* Appends a node OP_TYPE of DOMAIN (SCHEMA: its schema, or NULL for a
 * custom domain) with N_INPUTS inputs (NULL = omitted) and N_OUTPUTS
 * untyped outputs to the graph being built, in the builder's scope. */
IrNode *lower_node(Lower *L, const OpSchema *schema, const char *op_type, const char *domain,
                   IrValue **inputs, int n_inputs, int n_outputs, Span span);
/* A new initializer holding DATA, named NAME, or const_<n> when NAME is
 * NULL. */
IrValue *lower_constant(Lower *L, const char *name, IrTensor *data, Span span);

/* Stores element I of DATA (element type DT) from a double / an int64:
 * floats are rounded (through float32 for the 16-bit types, as PyTorch
 * converts a Python float), integers truncated to their width, bools 0/1. */
void lower_store_double(void *data, int64_t i, DType dt, double v);
void lower_store_int(void *data, int64_t i, DType dt, int64_t v);

/* A parameter's default initialization, recorded instead of generated so
 * that weights loaded from a file never pay for random numbers they
 * overwrite (lower/constant.c). */
typedef enum LowerInit {
    LOWER_INIT_ZEROS,
    LOWER_INIT_FILL,            /* all elements = a */
    LOWER_INIT_UNIFORM,         /* U(a, b) */
    LOWER_INIT_NORMAL,          /* N(a, b^2) */
    LOWER_INIT_TRUNC_NORMAL,    /* N(a, b^2) redrawn until in [c, d] */
} LowerInit;

typedef struct LowerRecipe {
    LowerInit init;
    double a, b, c, d;
    uint64_t seed;              /* of its own random stream */
} LowerRecipe;

/* The data of recipe R for a tensor of element type DT and shape DIMS;
 * with DEFER, a tensor of LOWER_DEFER_BYTES or more is not generated now:
 * the IrTensor is deferred (IrTensor.fill) and filled when written out, so
 * that a large model's weights never all sit in memory at once. */
IrTensor *lower_recipe_tensor(Arena *a, const LowerRecipe *r, DType dt, int rank, const int64_t *dims,
                              bool defer);
#define LOWER_DEFER_BYTES ((size_t)64 * 1024)
/* Whether A and B are deferred tensors of lower_recipe_tensor() that will
 * hold the same bytes (same recipe, element type and shape): compare's two
 * compiles of one model share such weights instead of drawing them twice. */
bool lower_same_recipe(const IrTensor *a, const IrTensor *b);

/* Finishing passes (lower/finish.c): node names from module paths
 * (/layer1/0/conv1/Conv), and every initializer also listed as a graph
 * input. */
void lower_name_nodes(IrModel *m);
/* Names one node (and its outputs) the way lower_name_nodes() does, for
 * nodes the graph passes rewrite afterwards (opt/). */
void lower_name_node(IrModel *m, IrNode *n);
void lower_initializers_as_inputs(IrModel *m);
/* --no-params: every initializer left (the constants of the graph, its
 * parameters being inputs by then) becomes a Constant node placed first in
 * its graph, as torch.onnx.export(export_params=False) writes them, so the
 * file holds no initializer. */
void lower_constants_as_nodes(IrModel *m);

/* Removes the nodes and initializers no graph output depends on (after the
 * outputs are set; lower/prune.c). */
void lower_prune(IrModel *m);

/* Removes the inputs of M's main graph that nothing in it reads and that
 * WHICH(input, CTX) selects. */
void lower_prune_inputs(IrModel *m, bool (*which)(const IrValue *v, void *ctx), void *ctx);

/* ---- If and Loop (lower/control.c) ---- */

/* A new subgraph of the graph being built, named KIND_<n>. */
IrGraph *lower_subgraph(Lower *L, const char *kind);
/* Makes V an output of subgraph G with type TYPE, through an Identity node
 * when V is not computed by a node of G; returns the output value. */
IrValue *lower_graph_output(Lower *L, IrGraph *g, IrValue *v, const IrType *type, Span span);
/* If(cond) with the two branches (whose outputs are set) and N outputs of
 * the given types, appended to the graph being built. */
IrNode *lower_if(Lower *L, IrValue *cond, IrGraph *then_g, IrGraph *else_g, const IrType *types,
                 int n, Span span);

/* A Loop body: (iteration, cond_in, carried...) -> outputs set later;
 * NAMES (may be NULL) name the carried inputs after their variables. */
typedef struct LoopBody {
    IrGraph *graph;
    IrValue *iter;          /* int64 scalar */
    IrValue *cond_in;       /* bool scalar */
    IrValue **carried;
    int n_carried;
} LoopBody;
IrGraph *lower_loop_body(Lower *L, const IrType *carried, const char *const *names, int n_carried,
                         LoopBody *out);
/* Loop(trip_count, cond, inits...) -> N_OUTPUTS values (carried finals,
 * then scan outputs); TRIP_COUNT or COND may be NULL (omitted). */
IrNode *lower_loop(Lower *L, IrValue *trip_count, IrValue *cond, IrValue **inits, int n_carried,
                   IrGraph *body, const IrType *out_types, int n_outputs, Span span);
/* Moves the nodes of subgraph G to the end of the graph being built. */
void lower_inline_graph(Lower *L, IrGraph *g);
/* Whether every value used in G (and its subgraphs) is defined in the
 * graph that uses it or one around it: the invariant the interpreter
 * keeps when values flow out of branches and loops only as outputs. */
bool lower_scopes_ok(const IrGraph *g);

#endif
