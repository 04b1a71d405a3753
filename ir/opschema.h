/* The operator schema table: the one description of every ONNX operator the
 * compiler knows, read by lowering (validation of onnx.* calls, attribute
 * kinds and defaults), shape inference, the evaluator and the emitter.
 *
 * An operator has one row per opset version at which its signature or
 * meaning changed in a way the compiler cares about (Squeeze's axes moving
 * from attribute to input at 13, Softmax's default axis changing at 13, a
 * type constraint growing); each row also lists every ONNX since_version of
 * the operator, so the compiler knows in which opsets it exists at all.  The
 * first row of an operator is the version in effect at opset 7 (or the
 * operator's first version when it is newer).  The table is static and
 * const: nothing is parsed or cached at run time.  Its rows live in
 * ir/ops_*.c by operator family; ir/opschema.c looks them up; the shape
 * functions they point to are in ir/shape*.c.
 *
 * Simplifications, on purpose: a type variable has one set of element types
 * for all the forms it allows (tensor, sequence, optional), where ONNX lists
 * the forms one by one; attributes of kinds the IR cannot hold
 * (sparse_value of Constant, type of Optional) are not listed. */
#ifndef TSC_OPSCHEMA_H
#define TSC_OPSCHEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "support/diag.h"

/* A set of element types, one bit per ONNX TensorProto data type. */
typedef uint32_t DTypeSet;
#define DTS(t) ((DTypeSet)1u << (t))

/* Element types ONNX added after the IR's DType list, numbered as in
 * TensorProto.  The IR cannot hold them yet; the table records them so that
 * its type constraints are ONNX's. */
enum {
    ONNX_FLOAT8E4M3FN = 17,
    ONNX_FLOAT8E4M3FNUZ = 18,
    ONNX_FLOAT8E5M2 = 19,
    ONNX_FLOAT8E5M2FNUZ = 20,
    ONNX_UINT4 = 21,
    ONNX_INT4 = 22,
    ONNX_FLOAT4E2M1 = 23,
    ONNX_DTYPE_LIMIT = 24
};

/* Named sets used by the rows. */
#define DTS_FLOAT (DTS(DT_FLOAT16) | DTS(DT_FLOAT) | DTS(DT_DOUBLE))
#define DTS_FLOAT_BF (DTS_FLOAT | DTS(DT_BFLOAT16))
#define DTS_SINT (DTS(DT_INT8) | DTS(DT_INT16) | DTS(DT_INT32) | DTS(DT_INT64))
#define DTS_UINT (DTS(DT_UINT8) | DTS(DT_UINT16) | DTS(DT_UINT32) | DTS(DT_UINT64))
#define DTS_INT (DTS_SINT | DTS_UINT)
#define DTS_NUM (DTS_INT | DTS_FLOAT)                   /* all numeric, IR 3 */
#define DTS_NUM_BF (DTS_NUM | DTS(DT_BFLOAT16))
/* uint32 uint64 int32 int64 float16 float double: Add-7, MatMul-9, Reduce* */
#define DTS_WIDE (DTS(DT_UINT32) | DTS(DT_UINT64) | DTS(DT_INT32) | DTS(DT_INT64) | DTS_FLOAT)
#define DTS_WIDE_BF (DTS_WIDE | DTS(DT_BFLOAT16))
#define DTS_CPLX (DTS(DT_COMPLEX64) | DTS(DT_COMPLEX128))
/* every tensor type of the first IR versions, then with bfloat16 */
#define DTS_ALL (DTS_NUM | DTS(DT_STRING) | DTS(DT_BOOL) | DTS_CPLX)
#define DTS_ALL_BF (DTS_ALL | DTS(DT_BFLOAT16))
#define DTS_FLOAT8 (DTS(ONNX_FLOAT8E4M3FN) | DTS(ONNX_FLOAT8E4M3FNUZ) | \
                    DTS(ONNX_FLOAT8E5M2) | DTS(ONNX_FLOAT8E5M2FNUZ))
#define DTS_INT4 (DTS(ONNX_UINT4) | DTS(ONNX_INT4))
#define DTS_ALL19 (DTS_ALL_BF | DTS_FLOAT8)             /* opset 19 additions */
#define DTS_ALL21 (DTS_ALL19 | DTS_INT4)                /* opset 21 additions */
#define DTS_ALL23 (DTS_ALL21 | DTS(ONNX_FLOAT4E2M1))    /* opset 23 additions */
#define DTS_INDEX (DTS(DT_INT32) | DTS(DT_INT64))
/* the numeric types and bool: Cast-6, ConstantOfShape-9, EyeLike-9 */
#define DTS_NUM_BOOL (DTS_NUM | DTS(DT_BOOL))

typedef enum OpArity { OP_SINGLE, OP_OPTIONAL, OP_VARIADIC } OpArity;

typedef struct OpParam {
    const char *name;
    /* A type variable of the row ("T"), or a fixed type written as ONNX
     * writes it ("tensor(int64)"); opschema_typevar() resolves both. */
    const char *typevar;
    OpArity arity;
    /* A variadic parameter whose entries may have different types (Loop's
     * carried values, If's outputs).  Such an input may be empty; every
     * other variadic parameter needs at least one entry. */
    bool heterogeneous;
} OpParam;

typedef struct OpAttrDef {
    const char *name;
    IrAttrKind kind;
    bool required;
    /* ONNX default written as a literal, NULL = none: INT "1", FLOAT "1e-05",
     * STRING the raw text ("NOTSET"), lists "[a, b]" (STRINGS unquoted). */
    const char *default_text;
} OpAttrDef;

/* Forms a type variable admits, besides or instead of plain tensors. */
enum {
    OPF_TENSOR = 1,         /* tensor(t) */
    OPF_SEQ = 2,            /* seq(tensor(t)) */
    OPF_OPT_TENSOR = 4,     /* optional(tensor(t)) */
    OPF_OPT_SEQ = 8,        /* optional(seq(tensor(t))) */
};

typedef struct OpTypeVar {
    const char *name;
    DTypeSet tensor_types;      /* allowed element types */
    unsigned forms;             /* OPF_* bits; 0 means tensors only */
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
    /* The opset from which the operator no longer exists (ONNX marks the
     * last entry of versions as deprecated: Upsample at 10, Scatter at 11);
     * 0 while it exists. */
    int removed;
} OpSchema;

/* Counts of the non-empty entries of a row. */
int opschema_n_inputs(const OpSchema *s);
int opschema_n_outputs(const OpSchema *s);
int opschema_n_attrs(const OpSchema *s);
int opschema_n_typevars(const OpSchema *s);

/* The row for NAME in DOMAIN ("" or NULL = ai.onnx) that applies at OPSET,
 * or NULL.  When NULL and FIRST_OPSET is not NULL, *first_opset is the first
 * opset that has the operator (later than OPSET), 0 when the operator is
 * unknown, -1 when it was removed at or before OPSET. */
const OpSchema *opschema_find(const char *name, const char *domain, int opset, int *first_opset);
/* The ONNX since_version of the operator in effect at OPSET (0 if none,
 * also when the operator was removed by then). */
int opschema_version_at(const OpSchema *s, int opset);
const OpAttrDef *opschema_attr(const OpSchema *s, const char *name);
/* A type variable of the row, or a fixed type "tensor(int64)" ... (static
 * entries shared by all rows); NULL when neither. */
const OpTypeVar *opschema_typevar(const OpSchema *s, const char *name);
/* The index of type variable NAME in s->types, -1 for a fixed type. */
int opschema_typevar_index(const OpSchema *s, const char *name);
/* The parameter input I (or output I) is bound to, the last one covering
 * every further position when it is variadic; NULL past the end. */
const OpParam *opschema_input_param(const OpSchema *s, int i);
const OpParam *opschema_output_param(const OpSchema *s, int i);

/* Decodes an attribute's default into OUT (name, kind and value; lists are
 * allocated in A).  False when the attribute has no default or the text
 * does not parse as its kind. */
bool opschema_default(const OpAttrDef *d, Arena *a, IrAttr *out);

/* "float32, float64 ..." for messages, in DType order. */
const char *opschema_dtypes_str(Arena *a, DTypeSet set);

/* Iteration over the whole table (tests, --report), family by family; the
 * rows of one operator are consecutive and in since order. */
int opschema_count(void);
const OpSchema *opschema_at(int i);

/* What a shape function sees. */
struct ShapeCtx {
    Arena *arena;
    Diag *diag;
    Interner *names;            /* for symbolic dimensions */
    int opset;
    const OpSchema *schema;
    IrNode *node;               /* inputs and attributes; output types to set */
    /* Constant values of inputs when known (e.g. Reshape's shape), else NULL
     * entries; indexed like node->inputs.  Initializers and Constant nodes
     * feeding the node count as known too. */
    IrTensor *const *const_inputs;
    /* The element type (and form) each type variable is bound to by the
     * inputs, DT_UNDEFINED when not bound; indexed like schema->types. */
    DType bound[OP_MAX_TYPEVARS];
    IrTypeKind bound_kind[OP_MAX_TYPEVARS];
};

/* Checks N's inputs against the row (arity, type constraints, one element
 * type per type variable), then runs the row's shape function, setting N's
 * output types.  Reports one error at N's span and returns false when the
 * inputs are inconsistent.  CONST_INPUTS may be NULL. */
bool opschema_infer(const OpSchema *s, IrNode *n, IrTensor *const *const_inputs,
                    int opset, Arena *a, Diag *d);

#endif
