/* What the files of the entry stage share (sema/entry/entry.c builds the module
 * and runs forward(); sema/entry/entry_io.c turns forward()'s parameters into
 * graph inputs and its result into graph outputs). */
#ifndef TSC_SEMA_ENTRY_H
#define TSC_SEMA_ENTRY_H

#include "sema/interp/interp.h"
#include "sema/sema.h"

/* One graph input: a tensor parameter of forward(), or a tensor inside a
 * list, tuple or dict parameter (a leaf of its structure). */
typedef struct EntryLeaf {
    const char *path;           /* as on the command line: x, d.key, xs.0 */
    const char *name;           /* the graph input's name */
    IrType type;                /* from --input/--example, then --dynamic */
    const InputSpec *spec;
    const AstNode *param;       /* the forward() parameter it belongs to */
    const char *scalar;         /* "int", "float", "bool" for an annotated
                                 * scalar parameter, else NULL */
    Value *value;               /* the value forward() sees, completed once
                                 * the graph input exists */
} EntryLeaf;

typedef struct EntryCtx {
    Interp *in;
    const CompileRequest *req;
    Value *main;
    Value *module;              /* the constructed entry instance */
    Span forward_span;          /* forward()'s name, where output errors point */
    PtrVec state_names;         /* const char *, state_dict order */
    PtrVec state_tensors;       /* Tensor *, same order */
    PtrVec leaves;              /* EntryLeaf *, graph input order */
    bool *spec_used;            /* per req->inputs entry */
    bool *dynamic_used;         /* per req->dynamic entry */
    Scope *forward_globals;     /* where forward()'s annotations are resolved */
    PtrVec output_hints;        /* const char * or NULL, per graph output: the
                                 * namedtuple field it came from */
    const char *weight_prefix;  /* "module." when the weights carry it */
    PtrVec casts_noted;         /* "float64->float32" pairs said */
} EntryCtx;

/* forward()'s arguments: graph inputs for the parameters that have types,
 * defaults for the others.  False after reporting. */
bool entry_make_inputs(EntryCtx *e, Value *fwd, CallArgs *args);

/* forward()'s result as the graph outputs, named by --output-names, by
 * the fields of a namedtuple, or "output"/"output_N", with --dynamic axes
 * of outputs applied. */
bool entry_make_outputs(EntryCtx *e, Value *result);

/* --no-params: the parameters the graph uses become inputs, in state_dict
 * order, without data; --input-names beyond the forward() inputs name them. */
bool entry_params_as_inputs(EntryCtx *e);

/* Reports --dynamic options that named nothing. */
bool entry_check_dynamic_used(EntryCtx *e);

#endif
