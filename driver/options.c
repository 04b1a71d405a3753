/* Command-line parsing (getopt_long).  Values are checked here for form
 * only; what they mean is checked by the stage that uses them. */
#include "driver/options.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "ir/ir.h"
#include "sema/native/native.h"

/* --limit NAME=N (support/context.h) */
enum { OPT_LIMIT = 400 };

enum {
    OPT_OPSET = 256,
    OPT_ENTRY,
    OPT_ARG,
    OPT_INPUT,
    OPT_EXAMPLE,
    OPT_DYNAMIC,
    OPT_TRACE,
    OPT_WEIGHTS,
    OPT_SEED,
    OPT_INPUT_NAMES,
    OPT_OUTPUT_NAMES,
    OPT_EMIT,
    OPT_VERSION,
    OPT_KEEP_INITIALIZERS,
    OPT_NO_PARAMS,
    OPT_EXTERNAL_DATA,
    OPT_LIBRARY,
    OPT_CUSTOM_OPSET,
    OPT_FUNCTIONS,
    OPT_REPORT,
    OPT_CHECK_OUTPUTS,
    OPT_RTOL,
    OPT_REPEAT,
    OPT_ATOL,
    OPT_NO_FOLD,
    OPT_FOLD_LIMIT,
    OPT_NO_SITE,
    OPT_WEIGHTS_DTYPE,
    OPT_STATIC_SHAPES,
    /* graph passes (opt/) */
    OPT_UNROLL_LIMIT,
    OPT_NO_OPTIMIZE,
};

/* Tensors of at least this many bytes go to the external data file. */
#define DEFAULT_EXTERNAL_MIN_BYTES 1024

static const struct option long_options[] = {
    {"output", required_argument, NULL, 'o'},
    {"opset", required_argument, NULL, OPT_OPSET},
    {"entry", required_argument, NULL, OPT_ENTRY},
    {"arg", required_argument, NULL, OPT_ARG},
    {"input", required_argument, NULL, OPT_INPUT},
    {"example", required_argument, NULL, OPT_EXAMPLE},
    {"dynamic", required_argument, NULL, OPT_DYNAMIC},
    {"trace", no_argument, NULL, OPT_TRACE},
    {"static-shapes", no_argument, NULL, OPT_STATIC_SHAPES},
    {"limit", required_argument, NULL, OPT_LIMIT},
    {"weights", required_argument, NULL, OPT_WEIGHTS},
    {"seed", required_argument, NULL, OPT_SEED},
    {"input-names", required_argument, NULL, OPT_INPUT_NAMES},
    {"output-names", required_argument, NULL, OPT_OUTPUT_NAMES},
    {"emit", required_argument, NULL, OPT_EMIT},
    {"keep-initializers-as-inputs", no_argument, NULL, OPT_KEEP_INITIALIZERS},
    {"no-params", no_argument, NULL, OPT_NO_PARAMS},
    {"external-data", optional_argument, NULL, OPT_EXTERNAL_DATA},
    {"library", required_argument, NULL, OPT_LIBRARY},
    {"custom-opset", required_argument, NULL, OPT_CUSTOM_OPSET},
    {"functions", optional_argument, NULL, OPT_FUNCTIONS},
    {"report", optional_argument, NULL, OPT_REPORT},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, OPT_VERSION},
    {"check-outputs", required_argument, NULL, OPT_CHECK_OUTPUTS},
    {"rtol", required_argument, NULL, OPT_RTOL},
    {"repeat", required_argument, NULL, OPT_REPEAT},
    {"atol", required_argument, NULL, OPT_ATOL},
    {"no-fold", no_argument, NULL, OPT_NO_FOLD},
    {"no-site", no_argument, NULL, OPT_NO_SITE},
    {"weights-dtype", required_argument, NULL, OPT_WEIGHTS_DTYPE},
    {"fold-limit", required_argument, NULL, OPT_FOLD_LIMIT},
    {"unroll-limit", required_argument, NULL, OPT_UNROLL_LIMIT},
    {"no-optimize", no_argument, NULL, OPT_NO_OPTIMIZE},
    {NULL, 0, NULL, 0},
};

static const char usage_text[] =
    "usage: tsc2onnx [options] FILE            compile FILE (.ts or .py) to ONNX\n"
    "       tsc2onnx [options] --entry 'pkg.builder(args)'   compile the module an expression builds\n"
    "       tsc2onnx compare FILE [options]    build script and trace graphs, report where they differ\n"
    "       tsc2onnx run MODEL.onnx --input NAME=VALUE... [-o DIR]   evaluate an ONNX model\n"
    "       tsc2onnx run MODEL.onnx --check-outputs DIR   compare with DIR/output_K.pb\n"
    "\n"
    "options:\n"
    "  -o, --output PATH        output file (default: FILE with .onnx; '-' = stdout)\n"
    "      --opset N            default-domain opset (default 17)\n"
    "      --entry NAME         nn.Module class, or function returning a module, to export\n"
    "      --entry EXPRESSION   an expression building the module (torchvision.models.resnet50());\n"
    "                           FILE is then optional\n"
    "      --arg NAME=VALUE     constructor argument (a Python expression in FILE's scope)\n"
    "  -I DIR                   add DIR to the import search path (before PYTHONPATH and\n"
    "                           the system Python's site directories)\n"
    "      --no-site            do not search the site directories\n"
    "      --input NAME:DTYPE[DIMS]   input type; DIMS are ints or symbols; [] = scalar\n"
    "      --example NAME=VALUE example value: @file.npy, a Python literal, or\n"
    "                           randn/rand/ones/zeros/arange(dims)[:dtype]\n"
    "      --dynamic NAME:AXIS[=SYMBOL]  make an axis of an example-typed input dynamic\n"
    "      --trace              trace mode: run on the examples, unroll loops and branches\n"
    "      --no-fold            do not fold constants\n"
    "      --fold-limit N       fold outputs of at most N elements (default 1048576)\n"
    "      --weights FILE       parameter values: torch.save files (.pt .pth .bin .ckpt;\n"
    "                           FILE#KEY picks a checkpoint entry) or .safetensors\n"
    "      --weights-dtype T    store the float weights as T (float16, bfloat16, float32),\n"
    "                           read back through a Cast: the graph computes as before\n"
    "      --seed N             seed for default parameter initialization\n"
    "      --limit NAME=N       raise or lower a compile-time limit (nesting, call-depth,\n"
    "                           eval-steps, unroll, items, tensor-bytes, memory)\n"
    "      --input-names A,B    rename graph inputs\n"
    "      --output-names A,B   rename graph outputs\n"
    "      --emit KIND          onnx (default), text, dot, ast or tokens\n"
    "  -v, --verbose            print the graph, typed and located, to stderr\n"
    "      --unroll-limit K     unroll Loops with a constant trip count <= K (default 16)\n"
    "      --no-optimize        emit the graph without the graph passes\n"
    "\n"
    "exporter options (as torch.onnx.export's):\n"
    "      --dynamic NAME:AXIS[=SYMBOL]  also names an axis of an output\n"
    "      --keep-initializers-as-inputs  list the weights as graph inputs too\n"
    "      --no-params          no weights in the file: parameters become inputs\n"
    "      --external-data[=MIN_BYTES]  tensors of MIN_BYTES (1024) or more go to\n"
    "                           OUTPUT.HASH.data (automatic over protobuf's 2 GiB limit)\n"
    "      --library FILE       model-language file with @symbolic functions\n"
    "      --custom-opset DOMAIN=VERSION  opset version of a custom domain (default 1)\n"
    "      --functions[=A,B]    modules (all, or these classes) as ONNX local functions\n"
    "      --report[=FILE]      markdown report: unsupported calls, op histogram\n"
    "  -h, --help               show this help\n"
    "      --version            show the version\n"
    "\n"
    "run: --input NAME=VALUE takes the --example forms or @file.pb (a TensorProto);\n"
    "     -o DIR writes DIR/<output>.npy; --seed N seeds random operators;\n"
    "     --check-outputs DIR compares within --rtol R (1e-3) and --atol A (1e-7);\n"
    "     --repeat N runs N more times and prints the median time of a run\n"
    "compare: --example for every input; exit 3 when the trace differs from the script\n"
    "     on some input (within --rtol, --atol); -o DIR for a counterexample's .npy files;\n"
    "     the trace takes the script's dynamic axes unless --static-shapes\n";

static void options_usage_error(const char *fmt, const char *arg)
{
    fputs("tsc2onnx: error: ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\n(see tsc2onnx --help)\n", stderr);
}

static void strlist_push(StrList *l, const char *s)
{
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        const char **items = realloc(l->items, sizeof(char *) * (size_t)cap);
        if (!items) {
            fputs("tsc2onnx: fatal: out of memory\n", stderr);
            exit(EXIT_IO);
        }
        l->items = items;
        l->cap = cap;
    }
    l->items[l->len++] = s;
}

static bool parse_int_arg(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_tolerance(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= 0) || v > 1e300)
        return false;
    *out = v;
    return true;
}

static bool parse_emit(const char *s, EmitKind *out)
{
    static const struct { const char *name; EmitKind kind; } kinds[] = {
        {"onnx", EMIT_ONNX}, {"text", EMIT_TEXT}, {"dot", EMIT_DOT},
        {"ast", EMIT_AST}, {"tokens", EMIT_TOKENS},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        if (strcmp(s, kinds[i].name) == 0) {
            *out = kinds[i].kind;
            return true;
        }
    }
    return false;
}

/* "Linear,Block": identifiers separated by commas.  A model file always
 * has an extension, so `--functions model.ts` is not taken for one. */
static bool is_class_list(const char *s)
{
    bool start = true;
    for (; *s; s++) {
        if (*s == ',' && !start) {
            start = true;
        } else if (isalpha((unsigned char)*s) || *s == '_' || (!start && isdigit((unsigned char)*s))) {
            start = false;
        } else {
            return false;
        }
    }
    return !start;
}

/* Handles one option; returns EXIT_OK or EXIT_USAGE. */
static int options_apply(int ch, const char *arg, Options *o)
{
    long long v;
    switch (ch) {
    case 'o': o->output = arg; break;
    case OPT_OPSET:
        if (!parse_int_arg(arg, 1, 1000, &v)) {
            options_usage_error("--opset expects a positive integer, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->opset = (int)v;
        break;
    case OPT_ENTRY: o->entry = arg; break;
    case OPT_ARG: strlist_push(&o->args, arg); break;
    case 'I': strlist_push(&o->include_dirs, arg); break;
    case OPT_INPUT: strlist_push(&o->inputs, arg); break;
    case OPT_EXAMPLE: strlist_push(&o->examples, arg); break;
    case OPT_DYNAMIC: strlist_push(&o->dynamic, arg); break;
    case OPT_TRACE: o->trace = true; break;
    case OPT_STATIC_SHAPES: o->static_shapes = true; break;
    case OPT_LIMIT: {
        const char *why;
        if (!limits_set(&o->limits, arg, &why)) {
            fprintf(stderr, "tsc2onnx: error: --limit %s: %s\n(see tsc2onnx --help)\n", arg, why);
            return EXIT_USAGE;
        }
        break;
    }
    case OPT_WEIGHTS: o->weights = arg; break;
    case OPT_SEED:
        if (!parse_int_arg(arg, 0, 0x7fffffffffffffffLL, &v)) {
            options_usage_error("--seed expects a non-negative integer, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->seed = (unsigned long long)v;
        o->seed_given = true;
        break;
    case OPT_INPUT_NAMES: o->input_names = arg; break;
    case OPT_OUTPUT_NAMES: o->output_names = arg; break;
    case OPT_EMIT:
        if (!parse_emit(arg, &o->emit)) {
            options_usage_error("--emit expects onnx, text, dot, ast or tokens, found '%s'", arg);
            return EXIT_USAGE;
        }
        break;
    case 'v': o->verbose = true; break;
    case OPT_KEEP_INITIALIZERS: o->keep_initializers_as_inputs = true; break;
    case OPT_NO_PARAMS: o->no_params = true; break;
    case OPT_EXTERNAL_DATA:
        o->external_data = true;
        if (arg && !parse_int_arg(arg, 0, 0x7fffffffffffffffLL, &v)) {
            options_usage_error("--external-data expects a size in bytes, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->external_min_bytes = arg ? v : DEFAULT_EXTERNAL_MIN_BYTES;
        break;
    case OPT_LIBRARY: strlist_push(&o->libraries, arg); break;
    case OPT_CUSTOM_OPSET: strlist_push(&o->custom_opsets, arg); break;
    case OPT_FUNCTIONS:
        o->functions = true;
        o->function_names = arg;
        break;
    case OPT_REPORT:
        o->report = true;
        o->report_path = arg;
        break;
    case OPT_CHECK_OUTPUTS: o->check_outputs = arg; break;
    case OPT_REPEAT:
        if (!parse_int_arg(arg, 1, 1000000, &o->repeat)) {
            options_usage_error("--repeat expects a number of runs from 1 to 1000000, found '%s'", arg);
            return EXIT_USAGE;
        }
        break;
    case OPT_RTOL:
    case OPT_ATOL:
        if (!parse_tolerance(arg, ch == OPT_RTOL ? &o->rtol : &o->atol)) {
            options_usage_error("--rtol and --atol expect a non-negative number, found '%s'", arg);
            return EXIT_USAGE;
        }
        break;
    case OPT_NO_FOLD: o->no_fold = true; break;
    case OPT_NO_SITE: o->no_site = true; break;
    case OPT_WEIGHTS_DTYPE:
        if (strcmp(arg, "float16") && strcmp(arg, "bfloat16") && strcmp(arg, "float32")) {
            options_usage_error("--weights-dtype expects float16, bfloat16 or float32, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->weights_dtype = !strcmp(arg, "float16") ? DT_FLOAT16 : !strcmp(arg, "bfloat16") ? DT_BFLOAT16 : DT_FLOAT;
        break;
    case OPT_FOLD_LIMIT:
        if (!parse_int_arg(arg, 1, 0x7fffffffffffffffLL, &v)) {
            options_usage_error("--fold-limit expects a positive integer, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->fold_limit = v;
        break;
    case OPT_UNROLL_LIMIT:
        if (!parse_int_arg(arg, 0, 0x7fffffff, &v)) {
            options_usage_error("--unroll-limit expects a non-negative integer, found '%s'", arg);
            return EXIT_USAGE;
        }
        o->unroll_limit = (int)v;
        break;
    case OPT_NO_OPTIMIZE: o->no_optimize = true; break;
    default:
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The long option an unknown one was meant to be: a known name it starts
 * with (--opset-version), or one a few letters off (--opst); NULL when
 * none is near. */
static const char *option_meant(const char *arg)
{
    const char *name = arg + strspn(arg, "-");
    size_t n = strcspn(name, "=");
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return NULL;
    memcpy(buf, name, n);
    buf[n] = '\0';
    const char *names[sizeof long_options / sizeof long_options[0]];
    int count = 0;
    for (const struct option *lo = long_options; lo->name; lo++) {
        size_t k = strlen(lo->name);
        if (!strcmp(buf, lo->name) ||
            (k < n && !strncmp(buf, lo->name, k) && (buf[k] == '-' || buf[k] == '_')))
            return lo->name;
        names[count++] = lo->name;
    }
    return native_nearest_name(buf, names, count);
}

/* An unknown option, with the one it may have meant. */
static void unknown_option(const char *arg)
{
    const char *meant = option_meant(arg);
    if (meant)
        fprintf(stderr, "tsc2onnx: error: unknown option '%s'; did you mean '--%s'?\n(see tsc2onnx --help)\n",
                arg, meant);
    else
        options_usage_error("unknown option '%s'", arg);
}

int options_parse(int argc, char **argv, Options *o, bool *done)
{
    memset(o, 0, sizeof *o);
    o->opset = 17;
    o->unroll_limit = -1;
    o->rtol = 1e-3;     /* RUN_RTOL, RUN_ATOL of driver/driver.h */
    o->atol = 1e-7;
    o->argc = argc;
    o->argv = argv;
    *done = false;
    limits_default(&o->limits);
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "compare") == 0) {
        o->command = CMD_COMPARE;
        first = 2;
    } else if (argc > 1 && strcmp(argv[1], "run") == 0) {
        o->command = CMD_RUN;
        first = 2;
    }
    optind = first;
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":o:I:vh", long_options, NULL)) != -1) {
        if (ch == 'h') {
            fputs(usage_text, stdout);
            *done = true;
            return EXIT_OK;
        }
        if (ch == OPT_VERSION) {
            printf("tsc2onnx %s\n", PACKAGE_VERSION);
            *done = true;
            return EXIT_OK;
        }
        if (ch == '?') {
            if (optopt)
                fprintf(stderr, "tsc2onnx: error: unknown option '-%c'\n(see tsc2onnx --help)\n", optopt);
            else
                unknown_option(argv[optind - 1]);
            return EXIT_USAGE;
        }
        if (ch == ':') {
            options_usage_error("option '%s' needs a value", argv[optind - 1]);
            return EXIT_USAGE;
        }
        const char *value = optarg;
        if (ch == OPT_FUNCTIONS && !value && optind < argc && is_class_list(argv[optind]))
            value = argv[optind++];
        int rc = options_apply(ch, value, o);
        if (rc != EXIT_OK)
            return rc;
    }
    const char *run_only = o->repeat ? "--repeat" : o->check_outputs ? "--check-outputs" : NULL;
    if (run_only && o->command != CMD_RUN) {
        fprintf(stderr, "tsc2onnx: error: %s is an option of the run command\n(see tsc2onnx --help)\n", run_only);
        return EXIT_USAGE;
    }
    if (o->command == CMD_COMPILE && (o->rtol != 1e-3 || o->atol != 1e-7)) {
        fputs("tsc2onnx: error: --rtol and --atol are options of the run and compare commands\n"
              "(see tsc2onnx --help)\n", stderr);
        return EXIT_USAGE;
    }
    if (optind >= argc && o->command != CMD_RUN && o->entry && options_entry_is_expression(o->entry))
        return EXIT_OK;     /* --entry EXPRESSION: no file */
    if (optind >= argc) {
        fputs(o->command == CMD_RUN ? "tsc2onnx: error: no model file given\n"
                                     : "tsc2onnx: error: no input file given\n",
              stderr);
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    if (optind + 1 < argc) {
        options_usage_error("more than one input file given ('%s')", argv[optind + 1]);
        /* -opset 15 is getopt's -o pset: say so */
        for (int i = first; i < argc; i++)
            if (argv[i][0] == '-' && argv[i][1] == 'o' && argv[i][2] && option_meant(argv[i] + 1))
                fprintf(stderr, "tsc2onnx: note: '%s' is read as '-o %s'; did you mean '--%s'?\n", argv[i],
                        argv[i] + 2, option_meant(argv[i] + 1));
        return EXIT_USAGE;
    }
    o->file = argv[optind];
    return EXIT_OK;
}

bool options_entry_is_expression(const char *entry)
{
    for (const char *p = entry; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
            return true;
    return false;
}

void options_free(Options *o)
{
    StrList *lists[] = {&o->args, &o->include_dirs, &o->inputs, &o->examples, &o->dynamic,
                        &o->libraries, &o->custom_opsets};
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        free(lists[i]->items);
        *lists[i] = (StrList){0};
    }
}
