/* The semantic stage's interface: build the entry module the way PyTorch
 * would, then lower its forward() into an IrModel. */
#ifndef TSC_SEMA_H
#define TSC_SEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/ir.h"
#include "support/context.h"

/* The type of one forward() input, from --input or --example. */
typedef struct InputSpec {
    const char *name;           /* forward() parameter name */
    IrType type;                /* element type and (symbolic) dims */
    bool python_scalar;         /* given as a Python number literal */
    const char *origin;         /* the option it came from, for messages */
} InputSpec;

/* --dynamic NAME:AXIS[=SYMBOL]: NAME is an input (a forward() parameter,
 * a flattened entry such as input_dict.tensor_x, or a name given by
 * --input-names) or an output (by its final name). */
typedef struct DynamicAxis {
    const char *name;
    long axis;                  /* negative: counted from the end */
    const char *symbol;         /* NULL: NAME_dimAXIS */
    const char *origin;         /* the option, for messages */
} DynamicAxis;

/* --custom-opset DOMAIN=VERSION */
typedef struct CustomOpset {
    const char *domain;
    int version;
} CustomOpset;

/* Where parameter values come from (the driver adapts io/safetensors). */
typedef struct WeightSource {
    const char *path;           /* for messages */
    void *ctx;
    IrTensor *(*lookup)(void *ctx, const char *name);
    const char **names;         /* every tensor in the file, in file order */
    int n_names;
} WeightSource;

typedef struct CompileRequest {
    const char *path;           /* the model file */
    int opset;
    const char *entry;          /* NULL: the last nn.Module subclass in the file */
    const char **args;          /* NAME=VALUE constructor arguments */
    int n_args;
    const char **search_paths;  /* -I directories */
    int n_search_paths;
    const InputSpec *inputs;
    int n_inputs;
    const WeightSource *weights;    /* NULL: default initialization */
    uint64_t seed;
    const char **input_names;   /* renames, a prefix of the inputs */
    int n_input_names;
    const char **output_names;
    int n_output_names;
    const DynamicAxis *dynamic;
    int n_dynamic;
    bool no_params;             /* parameters become inputs, no data */
    int weights_dtype;          /* --weights-dtype: float weights rounded to this
                                 * DType as they load (0: as they are) */
    bool params_keep_data;      /* with no_params, for trace mode: those
                                 * inputs keep their data in IrValue.init, for
                                 * the trace to run on; driver/trace.c drops
                                 * it from the trace */
    bool keep_initializers_as_inputs;
    const char **libraries;     /* --library files with @symbolic functions */
    int n_libraries;
    const CustomOpset *custom_opsets;
    int n_custom_opsets;
    bool functions_all;         /* --functions: every module as a local function */
    const char **functions;     /* --functions A,B: these classes */
    int n_functions;
    struct Report *report;      /* --report: collect unsupported calls and go
                                 * on (sema/bridge/bridge.h); NULL: off */
    /* trace mode and compare: tensors read as Python numbers (int(t),
     * t.item(), an `if` on a tensor ...) go through marked Identity nodes
     * (IrNode.trace_point) */
    bool trace_points;
    /* --trace: torch.jit.is_tracing() is True while the model runs, as
     * under torch.jit.trace (compare builds both its graphs with False) */
    bool tracing;
} CompileRequest;

/* --report: what the compiler met on the way (sema/bridge/report.c
 * records it, driver/report.c writes it). */
typedef struct ReportEntry {
    const char *what;           /* "torch.maximum", "Tensor.max", ... */
    Span first;                 /* in the user's code */
    int count;
} ReportEntry;

typedef struct Report {
    PtrVec unsupported;         /* ReportEntry*, in order of first sight */
    PtrVec specializations;     /* ReportEntry* */
    IrModel *model;             /* the graph as far as it was built */
} Report;

/* The domain of the stand-in nodes (never in a written model). */
#define REPORT_STAND_IN_DOMAIN "tsc2onnx.unsupported"

/* Returns the model, or NULL when errors were reported. */
IrModel *sema_compile(Compiler *c, const CompileRequest *req);

#endif
