/* The IR: an in-memory graph shaped like ONNX's.
 *
 * Values have an element type and a (possibly symbolic) shape; nodes carry an
 * operator, attributes and the source span they were lowered from; Loop and
 * If bodies are nested IrGraphs held in GRAPH attributes.  Lowering builds
 * it, shape inference annotates it, the evaluator runs it and emit/ turns it
 * into protobuf.  Only emit/ knows about protobuf.  Everything lives in the
 * compilation's arena. */
#ifndef TSC_IR_H
#define TSC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"
#include "support/intern.h"
#include "support/source.h"

/* Element types, numbered as ONNX's TensorProto.DataType. */
typedef enum DType {
    DT_UNDEFINED = 0,
    DT_FLOAT = 1,
    DT_UINT8 = 2,
    DT_INT8 = 3,
    DT_UINT16 = 4,
    DT_INT16 = 5,
    DT_INT32 = 6,
    DT_INT64 = 7,
    DT_STRING = 8,
    DT_BOOL = 9,
    DT_FLOAT16 = 10,
    DT_DOUBLE = 11,
    DT_UINT32 = 12,
    DT_UINT64 = 13,
    DT_COMPLEX64 = 14,
    DT_COMPLEX128 = 15,
    DT_BFLOAT16 = 16,
    DT_COUNT
} DType;

/* Bytes per element (0 for DT_STRING and DT_UNDEFINED). */
size_t dtype_size(DType t);
/* "float32", "int64", "bool" ... (the names torch and numpy use) */
const char *dtype_name(DType t);
/* Accepts torch/numpy names and their aliases ("float" = float32, "long" =
 * int64, "half" = float16 ...).  DT_UNDEFINED when unknown. */
DType dtype_from_name(const char *name);
bool dtype_is_float(DType t);
bool dtype_is_int(DType t);     /* signed or unsigned integer, not bool */
/* float16 and bfloat16 from and to double, the project's one conversion
 * (round to nearest even, overflow to infinity, NaN kept). */
uint16_t dtype_half_from_double(double x);
uint16_t dtype_bfloat16_from_double(double x);
double dtype_half_to_double(uint16_t h);
double dtype_bfloat16_to_double(uint16_t h);

/* A symbolic dimension expression: a named symbol ("N") or an expression
 * over symbols ("2*N", "N//2").  Interned: equal expressions are the same
 * pointer (ir/symdim.c). */
typedef struct SymDim SymDim;

/* One dimension: a known size, a symbol, or unknown. */
typedef struct Dim {
    int64_t value;          /* >= 0 when known */
    const SymDim *sym;      /* when value < 0: the symbol, or NULL = unknown */
} Dim;

static inline Dim dim_known(int64_t v) { return (Dim){v, NULL}; }
static inline Dim dim_sym(const SymDim *s) { return (Dim){-1, s}; }
static inline Dim dim_unknown(void) { return (Dim){-1, NULL}; }
static inline bool dim_is_known(Dim d) { return d.value >= 0; }
bool dim_equal(Dim a, Dim b);   /* same constant or same symbol */

typedef enum IrTypeKind {
    IR_TYPE_TENSOR,
    IR_TYPE_SEQUENCE,       /* sequence of elem */
    IR_TYPE_OPTIONAL,       /* optional elem */
} IrTypeKind;

typedef struct IrType IrType;
struct IrType {
    IrTypeKind kind;
    DType dtype;            /* tensor element type; DT_UNDEFINED = unknown */
    int rank;               /* -1 = unknown rank */
    Dim *dims;              /* rank entries */
    const IrType *elem;     /* sequence and optional element type */
};

IrType ir_type_tensor(Arena *a, DType dt, int rank, const Dim *dims);
IrType ir_type_scalar(DType dt);
IrType ir_type_unknown_rank(DType dt);
bool ir_type_equal(const IrType *a, const IrType *b);
/* The same with SAME_DIM deciding whether two dimensions are equal (types
 * of two compilations compare their symbols by text, ir/same.c). */
bool ir_type_equal_with(const IrType *a, const IrType *b, bool (*same_dim)(Dim, Dim));

/* Constant tensor data (initializers, Constant nodes, folded values).
 * Data is little-endian, row-major, dtype_size(dtype) bytes per element. */
typedef struct IrTensor {
    DType dtype;
    int rank;
    int64_t *dims;
    void *data;
    size_t nbytes;
    const char **strings;   /* DT_STRING elements (data is NULL) */
    /* Deferred data: while data is NULL, fill(t, dst) writes the nbytes of
     * data into dst.  Large parameters from an initialization recipe are
     * generated only when written out, one at a time (ir_tensor_force
     * makes them resident). */
    void (*fill)(const struct IrTensor *t, void *dst);
    /* Optional beside fill: the N bytes from byte DONE on (multiples of the
     * element size), the same as fill's.  Any piece, in any order, from
     * several threads at once: a writer streams the data through small
     * buffers and makes the pieces in parallel. */
    void (*fill_part)(const struct IrTensor *t, size_t done, void *dst, size_t n);
    const void *fill_ctx;
    /* Data mapped read-only from a file (weights): the open file and the
     * data's offset in it, so that writers can copy the bytes from file to
     * file (emit/emit_copy.c) without reading them through the mapping.
     * NULL for data in memory. */
    const struct IrFileBytes *file;
} IrTensor;

typedef struct IrFileBytes {
    int fd;
    uint64_t offset;
} IrFileBytes;

int64_t ir_tensor_numel(const IrTensor *t);
IrTensor *ir_tensor_new(Arena *a, DType dt, int rank, const int64_t *dims);
IrTensor *ir_tensor_scalar_i64(Arena *a, int64_t v);
IrTensor *ir_tensor_scalar_f32(Arena *a, float v);
/* The data of T, generated into A first when it is deferred. */
const void *ir_tensor_force(Arena *a, IrTensor *t);
/* Bytes DONE .. DONE+N of deferred T (fill_part) into DST, split between
 * the online CPUs (up to IR_FILL_THREADS) when N is large. */
void ir_tensor_fill_range(const IrTensor *t, size_t done, void *dst, size_t n);
#define IR_FILL_THREADS 8

typedef struct IrGraph IrGraph;
typedef struct IrNode IrNode;
typedef struct IrModel IrModel;

typedef struct IrValue {
    const char *name;       /* unique in the whole model (ONNX requires SSA
                             * across nested graphs) */
    IrType type;
    IrNode *producer;       /* NULL for graph inputs and initializers */
    int producer_output;    /* index in producer->outputs */
    IrTensor *init;         /* initializer data, or NULL */
    IrGraph *graph;         /* graph the value belongs to */
    Span span;
    int id;                 /* creation order in the model */
} IrValue;

/* Attribute kinds, numbered as ONNX's AttributeProto.AttributeType. */
typedef enum IrAttrKind {
    IR_ATTR_UNDEFINED = 0,
    IR_ATTR_FLOAT = 1,
    IR_ATTR_INT = 2,
    IR_ATTR_STRING = 3,
    IR_ATTR_TENSOR = 4,
    IR_ATTR_GRAPH = 5,
    IR_ATTR_FLOATS = 6,
    IR_ATTR_INTS = 7,
    IR_ATTR_STRINGS = 8,
} IrAttrKind;

typedef struct IrAttr {
    const char *name;
    IrAttrKind kind;
    float f;
    int64_t i;
    const char *s;
    IrTensor *t;
    IrGraph *g;
    int n;                  /* FLOATS, INTS, STRINGS */
    float *floats;
    int64_t *ints;
    const char **strings;
} IrAttr;

struct IrNode {
    const char *op_type;    /* interned, e.g. "Gemm" */
    const char *domain;     /* "" for the default ai.onnx domain */
    const struct OpSchema *schema;  /* NULL for custom-domain ops */
    const char *name;       /* unique node name */
    IrValue **inputs;       /* NULL entries are omitted optional inputs */
    int n_inputs;
    IrValue **outputs;
    int n_outputs;
    IrAttr *attrs;
    int n_attrs, cap_attrs;
    Span span;              /* source the node was lowered from */
    const char *scope;      /* module path, e.g. "layer1.0.conv1", or NULL */
    const char *scope_type; /* that module's class name, e.g. "Conv2d" */
    IrGraph *graph;
    int id;
    /* Trace mode (opt/specialize.c), never written to a model: an Identity
     * that is a tensor read as a Python number ("int", "float", "bool",
     * "item", "index") or a forward() parameter annotated int, float or bool
     * ("parameter"), frozen to the example's value; an If or Loop of a
     * @torch.jit.script function ("script"), kept as it is; else NULL. */
    const char *trace_point;
};

struct IrGraph {
    const char *name;
    PtrVec inputs;          /* IrValue* */
    PtrVec outputs;         /* IrValue* */
    PtrVec nodes;           /* IrNode*, in topological order */
    PtrVec initializers;    /* IrValue* with init != NULL */
    IrGraph *parent;        /* enclosing graph of a Loop/If body */
    IrModel *model;
};

typedef struct IrOpsetImport {
    const char *domain;
    int version;
} IrOpsetImport;

/* An ONNX local function (--functions): a body graph with inputs,
 * outputs and nodes only, called by nodes whose op_type and domain are
 * NAME and DOMAIN. */
typedef struct IrFunction {
    const char *name, *domain;
    IrGraph *body;
    const char **attrs;     /* attribute names the call nodes may set */
    int n_attrs;
    const char *class_name; /* the module class it was lowered from */
    Span span;              /* its first call in the user's code */
} IrFunction;

typedef struct IrMetadata {
    const char *key, *value;
} IrMetadata;

/* Set of used names, for uniqueness across the model. */
typedef struct IrNameSet {
    const char **slots;
    int *next_suffix;       /* per slot: last suffix given to its hint */
    size_t cap, count;
} IrNameSet;

struct IrModel {
    Arena *arena;
    Interner *names;
    IrGraph *graph;
    int opset;              /* default-domain opset */
    int ir_version;
    IrOpsetImport *opsets;  /* extra domains */
    int n_opsets;
    const char *producer_name, *producer_version;
    const char *doc_string;
    PtrVec metadata;        /* IrMetadata* */
    PtrVec functions;       /* IrFunction*, local functions */
    const char *source_root;/* directory of the model file ("" = cwd):
                             * locations are written relative to it */
    IrNameSet value_names, node_names;
    int next_value_id, next_node_id;
};

/* A and B (of two compilations, say) compute the same function: node for
 * node the same graph, with the same inputs, attributes and weights
 * (ir/same.c).  False when not, or when it cannot tell. */
bool ir_model_same_function(IrModel *a, IrModel *b);

/* IR version that ONNX pairs with OPSET (onnx-ir-versions facts). */
int ir_version_for_opset(int opset);
#define IR_MIN_OPSET 1
#define IR_MAX_OPSET 23

IrModel *ir_model_new(Arena *a, Interner *names, int opset);
IrGraph *ir_graph_new(IrModel *m, IrGraph *parent, const char *name);
/* How deeply the model's protobuf messages nest once written (ModelProto
 * is 1); *DEEPEST is the If or Loop node whose body nests deepest, or
 * NULL.  Readers refuse more than IR_MAX_MESSAGE_DEPTH. */
int ir_model_message_depth(const IrModel *m, const IrNode **deepest);
#define IR_MAX_MESSAGE_DEPTH 100

/* Returns HINT when unused in the model, else HINT_1, HINT_2 ... */
const char *ir_unique_value_name(IrModel *m, const char *hint);
const char *ir_unique_node_name(IrModel *m, const char *hint);

/* Gives V the name NAME; false when another value already has it. */
bool ir_rename_value(IrModel *m, IrValue *v, const char *name);

IrValue *ir_value_new(IrGraph *g, const char *name_hint, IrType type, Span span);
IrValue *ir_add_input(IrGraph *g, const char *name, IrType type, Span span);
IrValue *ir_add_initializer(IrGraph *g, const char *name, IrTensor *data, Span span);
void ir_add_output(IrGraph *g, IrValue *v);

/* Creates a node with N_OUTPUTS fresh outputs (types unknown until shape
 * inference or the caller sets them) and appends it to G. */
IrNode *ir_node_new(IrGraph *g, const char *op_type, const char *domain,
                    IrValue **inputs, int n_inputs, int n_outputs, Span span);

IrAttr *ir_node_attr(IrNode *n, const char *name);   /* NULL when absent */
/* A and B (of any two models) have the same name, kind and value, for
 * the kinds whose value is held inline (numbers, strings and their lists);
 * false for tensors and graphs, which callers compare their own way. */
bool ir_attr_same_inline(const IrAttr *a, const IrAttr *b);
void ir_set_attr_int(IrNode *n, const char *name, int64_t v);
void ir_set_attr_float(IrNode *n, const char *name, float v);
void ir_set_attr_string(IrNode *n, const char *name, const char *s);
void ir_set_attr_ints(IrNode *n, const char *name, const int64_t *v, int count);
void ir_set_attr_floats(IrNode *n, const char *name, const float *v, int count);
void ir_set_attr_strings(IrNode *n, const char *name, const char **v, int count);
void ir_set_attr_tensor(IrNode *n, const char *name, IrTensor *t);
void ir_set_attr_graph(IrNode *n, const char *name, IrGraph *g);

void ir_model_add_metadata(IrModel *m, const char *key, const char *value);
void ir_model_add_opset(IrModel *m, const char *domain, int version);

#endif
