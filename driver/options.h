/* Command-line options of the tsc2onnx command. */
#ifndef TSC_OPTIONS_H
#define TSC_OPTIONS_H

#include <stdbool.h>

#include "support/context.h"

/* Exit statuses (documented in the README and the man page). */
enum {
    EXIT_OK = 0,
    EXIT_COMPILE_ERROR = 1,
    EXIT_USAGE = 2,
    EXIT_DIVERGENCE = 3,
    EXIT_IO = 4,
};

typedef enum EmitKind {
    EMIT_ONNX,
    EMIT_TEXT,
    EMIT_DOT,
    EMIT_AST,
    EMIT_TOKENS,
} EmitKind;

typedef enum Command {
    CMD_COMPILE,
    CMD_COMPARE,
    CMD_RUN,
} Command;

/* A repeatable option's values, in command-line order. */
typedef struct StrList {
    const char **items;
    int len, cap;
} StrList;

typedef struct Options {
    Command command;
    const char *file;           /* FILE (compile, compare) or MODEL.onnx (run) */
    const char *output;         /* -o; NULL = default */
    int opset;
    const char *entry;
    StrList args;               /* --arg NAME=VALUE */
    StrList include_dirs;       /* -I */
    bool no_site;               /* --no-site */
    StrList inputs;             /* --input NAME:DTYPE[DIMS] (run: NAME=VALUE) */
    StrList examples;           /* --example NAME=VALUE */
    StrList dynamic;            /* --dynamic NAME:AXIS[=SYMBOL] */
    bool trace;
    bool static_shapes;         /* compare --static-shapes: the trace keeps the examples' sizes */
    Limits limits;              /* defaults, changed by --limit NAME=N */
    const char *weights;
    bool seed_given;
    unsigned long long seed;
    const char *input_names;    /* comma-separated */
    const char *output_names;
    EmitKind emit;
    bool verbose;
    const char *check_outputs;  /* run --check-outputs DIR */
    double rtol, atol;          /* run --rtol, --atol */
    long long repeat;           /* run --repeat N: time N more runs */
    /* exporter options (docs/exporting.md) */
    bool keep_initializers_as_inputs;
    bool no_params;
    bool external_data;         /* --external-data[=MIN_BYTES] */
    long long external_min_bytes;
    StrList libraries;          /* --library FILE */
    StrList custom_opsets;      /* --custom-opset DOMAIN=VERSION */
    bool functions;             /* --functions[=A,B] */
    const char *function_names; /* NULL: every module class */
    bool report;                /* --report[=FILE] */
    const char *report_path;    /* NULL or "-": standard output */
    bool no_fold;               /* --no-fold */
    int weights_dtype;          /* --weights-dtype: a DType, or 0 (DT_UNDEFINED) */
    long long fold_limit;       /* --fold-limit N: largest folded output, elements (0: default) */
    /* graph passes (opt/) */
    int unroll_limit;           /* --unroll-limit K; -1 = the default */
    bool no_optimize;           /* --no-optimize */
    /* the command line, for the model's metadata */
    int argc;
    char **argv;
} Options;

/* Parses ARGV into OPTS.  Returns EXIT_OK, or an exit status after printing
 * a message (EXIT_USAGE) or the help/version text (*done set). */
int options_parse(int argc, char **argv, Options *opts, bool *done);
/* Whether --entry TEXT is an expression (torchvision.models.resnet50()),
 * not the name of a class or function in FILE. */
bool options_entry_is_expression(const char *entry);
/* Releases the lists options_parse() allocated. */
void options_free(Options *opts);

#endif
