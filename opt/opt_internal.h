/* What the passes of opt/ share: an index of the model (uses of every value,
 * graph inputs and outputs), pending replacements applied in one sweep, and
 * helpers to read constants and make nodes.
 *
 * A pass walks the nodes of every graph in order and decides locally: it
 * asks opt_get() for the current meaning of a value (replacements made
 * earlier in the same sweep are seen), schedules replacements with
 * opt_replace(), and removes nodes with opt_kill().  opt_apply() then
 * rewrites every input and output of every graph at once, so a pass is
 * linear in the size of the model however many rewrites it makes. */
#ifndef TSC_OPT_INTERNAL_H
#define TSC_OPT_INTERNAL_H

#include "ir/opschema.h"
#include "opt/opt.h"

typedef struct Opt {
    Compiler *c;
    IrModel *m;
    Arena *arena;
    int opset;
    const OptOptions *options;
    /* Indexed by IrValue.id (sized for ids below cap; later values have
     * no entry: no uses known, not an input or output). */
    int cap;
    int *uses;              /* reads by nodes anywhere, plus graph outputs */
    bool *is_input;         /* input of its graph */
    bool *is_output;        /* output of its graph */
    IrValue **subst;        /* pending replacement, or NULL */
    IrNode **user;          /* a node reading the value (the only one when
                             * uses is 1 and it is no graph output) */
    /* Indexed by IrNode.id */
    int node_cap;
    bool *dead;
    int changes;            /* rewrites since the index was built */
    size_t value_room, node_room;   /* allocated lengths of the arrays */
    const char **rule_ops;  /* the running pass's rule names, interned */
} Opt;

/* Rebuilds the index (uses, inputs, outputs) and clears pending work. */
void opt_index(Opt *o);
/* Applies pending replacements and removals to every graph; returns the
 * number of rewrites made. */
int opt_apply(Opt *o);

/* V after pending replacements (NULL stays NULL). */
IrValue *opt_get(Opt *o, IrValue *v);
/* Uses of V counted by the index (0 for values made since). */
int opt_uses(const Opt *o, const IrValue *v);
/* The one node that reads V, when V has exactly one use, by a node: NULL
 * otherwise (several readers, a graph output, a read inside a body). */
IrNode *opt_only_user(Opt *o, const IrValue *v);
bool opt_is_graph_output(const Opt *o, const IrValue *v);
bool opt_is_graph_input(const Opt *o, const IrValue *v);

/* Makes every use of OLD a use of NEW.  When OLD is an output of its graph
 * (whose name is the interface), NEW's producer takes OLD over as its
 * output instead, which needs NEW to be made by a node of the same graph
 * and to be neither an input nor an output; otherwise nothing happens and
 * false is returned. */
bool opt_replace(Opt *o, IrValue *old, IrValue *new);
/* Makes V input K of N (use counts follow). */
void opt_set_input(Opt *o, IrNode *n, int k, IrValue *v);
/* Removes N at the next opt_apply (its outputs must be unused by then). */
void opt_kill(Opt *o, IrNode *n);
bool opt_is_dead(const Opt *o, const IrNode *n);

/* The constant data of V: an initializer that is not also a graph input,
 * or the value of a Constant node; NULL otherwise (and for strings).  Data
 * deferred to an initialization recipe is generated (ir_tensor_force). */
IrTensor *opt_const(Opt *o, IrValue *v);
/* The same constant without generating deferred data (t->data may be
 * NULL): for deciding from the type and size alone. */
IrTensor *opt_const_lazy(Opt *o, IrValue *v);
/* Whether V is a constant whose every element equals X (any numeric
 * element type; a NaN never matches). */
bool opt_const_all(Opt *o, IrValue *v, double x);
/* The single element of a constant V as a double; false when V is not a
 * constant of one element. */
bool opt_const_scalar(Opt *o, IrValue *v, double *x);
/* The elements of a constant integer tensor V (int32 or int64) as int64,
 * in a new arena array; false otherwise. */
bool opt_const_ints(Opt *o, IrValue *v, int64_t **out, int64_t *n);
/* A tensor whose data the caller writes whole (not zeroed). */
IrTensor *opt_tensor_uninit(Opt *o, DType dt, int rank, const int64_t *dims);
/* A new initializer of G holding T. */
IrValue *opt_new_const(Opt *o, IrGraph *g, IrTensor *t, const char *hint);

/* Reads element I of constant data as a double, and stores one. */
double opt_tensor_get(const IrTensor *t, int64_t i);
void opt_tensor_set(IrTensor *t, int64_t i, double v);

/* The attribute NAME of N as an int, or DEF when absent. */
int64_t opt_attr_int(IrNode *n, const char *name, int64_t def);
float opt_attr_float(IrNode *n, const char *name, float def);

/* Turns N into a node of OP_TYPE (default domain) with the given inputs
 * and no attributes, keeping its output values (the types, and the names
 * of graph outputs); the span and scope come from LIKE (or stay N's when
 * NULL), and the node and its other outputs are named after the new
 * operator (lower_name_node).  False when the operator does not exist at
 * the model's opset. */
bool opt_morph(Opt *o, IrNode *n, const char *op_type, IrValue **inputs, int n_inputs,
               const IrNode *like);

/* Whether A and B are statically known to have the same type (element
 * type, rank and every dimension). */
bool opt_same_type(const IrValue *a, const IrValue *b);

/* Calls FN on every graph of the model, the main graph first, each body
 * before the graphs nested in it. */
void opt_each_graph(Opt *o, void (*fn)(Opt *o, IrGraph *g));

/* The passes: each returns the number of rewrites it made. */
int opt_simplify(Opt *o);
int opt_cse(Opt *o);
int opt_fuse(Opt *o);
int opt_unroll(Opt *o);

#endif
