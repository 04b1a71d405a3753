/* The operator schema table: the one description of every ONNX operator the
 * compiler knows, read by lowering (validation of onnx.* calls, attribute
 * kinds and defaults), shape inference, the evaluator and the emitter.
 *
 * An operator has one row per opset version at which its signature or
 * meaning changed in a way the compiler cares about (Squeeze's axes moving
 * from attribute to input at 13, Softmax's default axis changing at 13);
 * each row also lists every ONNX since_version of the operator, so the
 * compiler knows in which opsets it exists at all.  The table is static and
 * const: nothing is parsed or cached at run time. */
#ifndef TSC_OPSCHEMA_H
#define TSC_OPSCHEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "support/diag.h"

/* A set of element types, one bit per DType. */
typedef uint32_t DTypeSet;
#define DTS(t) ((DTypeSet)1u << (t))

typedef enum OpArity { OP_SINGLE, OP_OPTIONAL, OP_VARIADIC } OpArity;

typedef struct OpParam {
    const char *name;
    const char *typevar;        /* name of a type variable of the row */
    OpArity arity;
} OpParam;

typedef struct OpAttrDef {
    const char *name;
    IrAttrKind kind;
    bool required;
    const char *default_text;   /* ONNX default, written as a literal; NULL = none */
} OpAttrDef;

typedef struct OpTypeVar {
    const char *name;
    DTypeSet tensor_types;      /* allowed element types of tensor(...) */
    bool sequence;              /* seq(tensor(...)) of those types */
    bool optional_type;         /* optional(...) allowed (Optional ops) */
} OpTypeVar;

typedef struct ShapeCtx ShapeCtx;

/* Infers the types of a node's outputs from its inputs and attributes.
 * Returns false after reporting an error (e.g. incompatible shapes). */
typedef bool (*ShapeFn)(ShapeCtx *ctx);

#define OP_MAX_INPUTS 9
#define OP_MAX_OUTPUTS 5
#define OP_MAX_ATTRS 12
#define OP_MAX_TYPEVARS 4
#define OP_MAX_VERSIONS 12

typedef struct OpSchema {
    const char *name;
    const char *domain;         /* "" = ai.onnx */
    int since;                  /* this row applies from this opset on */
    int versions[OP_MAX_VERSIONS];  /* every since_version, ascending, 0-terminated */
    OpParam inputs[OP_MAX_INPUTS];
    OpParam outputs[OP_MAX_OUTPUTS];
    OpAttrDef attrs[OP_MAX_ATTRS];
    OpTypeVar types[OP_MAX_TYPEVARS];
    ShapeFn shape;
} OpSchema;

/* Counts of the non-empty entries of a row. */
int opschema_n_inputs(const OpSchema *s);
int opschema_n_outputs(const OpSchema *s);
int opschema_n_attrs(const OpSchema *s);

/* The row for NAME in DOMAIN that applies at OPSET, or NULL.  When NULL and
 * FIRST_OPSET is not NULL, *first_opset is the first opset that has the
 * operator (0 when it is unknown, -1 when it was removed before OPSET). */
const OpSchema *opschema_find(const char *name, const char *domain, int opset, int *first_opset);
/* The ONNX since_version of the operator in effect at OPSET (0 if none). */
int opschema_version_at(const OpSchema *s, int opset);
const OpAttrDef *opschema_attr(const OpSchema *s, const char *name);
const OpTypeVar *opschema_typevar(const OpSchema *s, const char *name);

/* Iteration over the whole table (tests, --report). */
int opschema_count(void);
const OpSchema *opschema_at(int i);

/* What a shape function sees. */
struct ShapeCtx {
    Arena *arena;
    Diag *diag;
    int opset;
    const OpSchema *schema;
    IrNode *node;               /* inputs and attributes; output types to set */
    /* Constant values of inputs when known (e.g. Reshape's shape), else NULL
     * entries; indexed like node->inputs. */
    IrTensor *const *const_inputs;
};

/* Runs the row's shape function on N, setting its output types.  Reports
 * errors at N's span and returns false when the inputs are inconsistent. */
bool opschema_infer(const OpSchema *s, IrNode *n, IrTensor *const *const_inputs,
                    int opset, Arena *a, Diag *d);

#endif
