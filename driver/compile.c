/* The compile command: options -> CompileRequest -> sema -> emit.
 *
 * Input types come from --input NAME:DTYPE[DIMS] and --example NAME=VALUE
 * (whose shape is fixed unless --dynamic NAME:AXIS[=SYMBOL] frees an axis);
 * parameter values from --weights (torch.save files or safetensors). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "driver/driver.h"
#include "emit/emit.h"
#include "io/example.h"
#include "io/weights.h"
#include "ir/symdim.h"
#include "opt/opt.h"
#include "sema/sema.h"
#include "support/pending.h"

#define MIN_OPSET 7

typedef struct SpecList {
    InputSpec *items;
    int len, cap;
} SpecList;

static InputSpec *spec_find(SpecList *l, const char *name)
{
    for (int i = 0; i < l->len; i++)
        if (strcmp(l->items[i].name, name) == 0)
            return &l->items[i];
    return NULL;
}

static InputSpec *spec_add(Arena *a, SpecList *l, const char *name)
{
    InputSpec *s = spec_find(l, name);
    if (s)
        return s;
    if (l->len == l->cap) {
        int cap = l->cap ? l->cap * 2 : 8;
        l->items = arena_grow(a, l->items, sizeof(InputSpec) * (size_t)l->cap, sizeof(InputSpec) * (size_t)cap);
        l->cap = cap;
    }
    s = &l->items[l->len++];
    memset(s, 0, sizeof *s);
    s->name = arena_strdup(a, name);
    return s;
}

static int usage_error(const char *fmt, const char *a, const char *b)
{
    fputs("tsc2onnx: error: ", stderr);
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    return EXIT_USAGE;
}

static bool is_identifier(const char *s, size_t n)
{
    if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return false;
    return true;
}

/* DIMS of --input: "N,3,224,224", "" for a scalar. */
static bool parse_dims(Compiler *c, const char *text, size_t len, IrType *type)
{
    Dim dims[64];
    int rank = 0;
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && text[j] != ',')
            j++;
        size_t k = i, e = j;
        while (k < e && text[k] == ' ')
            k++;
        while (e > k && text[e - 1] == ' ')
            e--;
        if (rank == 64 || k == e)
            return false;
        char *end;
        if (isdigit((unsigned char)text[k])) {
            errno = 0;
            long long v = strtoll(text + k, &end, 10);
            if (errno || end != text + e || v < 0)
                return false;
            dims[rank++] = dim_known(v);
        } else if (is_identifier(text + k, e - k)) {
            char *name = arena_strndup(&c->arena, text + k, e - k);
            dims[rank++] = dim_sym(symdim_named(&c->arena, &c->names, name));
        } else if (e - k == 1 && text[k] == '?') {
            dims[rank++] = dim_unknown();
        } else {
            return false;
        }
        i = j + 1;
        if (j < len && i == len)
            return false;   /* trailing comma */
    }
    *type = ir_type_tensor(&c->arena, type->dtype, rank, dims);
    return true;
}

/* --input NAME:DTYPE[DIMS] */
static int parse_input_option(Compiler *c, const char *opt, SpecList *specs)
{
    const char *colon = strchr(opt, ':');
    const char *lb = colon ? strchr(colon, '[') : NULL;
    size_t n = strlen(opt);
    if (!colon || colon == opt || !lb || opt[n - 1] != ']')
        return usage_error("--input expects NAME:DTYPE[DIMS] (e.g. x:float32[N,3]), found '%s'%s", opt, "");
    char *name = arena_strndup(&c->arena, opt, (size_t)(colon - opt));
    char *dt_name = arena_strndup(&c->arena, colon + 1, (size_t)(lb - colon - 1));
    DType dt = dtype_from_name(dt_name);
    if (dt == DT_UNDEFINED)
        return usage_error("--input %s: unknown dtype '%s'", opt, dt_name);
    InputSpec *s = spec_add(&c->arena, specs, name);
    s->type.dtype = dt;
    if (!parse_dims(c, lb + 1, (size_t)(opt + n - 1 - (lb + 1)), &s->type))
        return usage_error("--input %s: dimensions must be integers or names, separated by commas%s", opt, "");
    s->type.dtype = dt;
    s->origin = arena_sprintf(&c->arena, "--input %s", opt);
    return EXIT_OK;
}

static IrType type_of_tensor(Arena *a, const IrTensor *t)
{
    Dim dims[64];
    for (int i = 0; i < t->rank && i < 64; i++)
        dims[i] = dim_known(t->dims[i]);
    return ir_type_tensor(a, t->dtype, t->rank, dims);
}

/* --example NAME=VALUE: the type of NAME unless --input gave one. */
static int parse_example_option(Compiler *c, const Options *o, int index, const char *opt, SpecList *specs)
{
    const char *eq = strchr(opt, '=');
    if (!eq || eq == opt)
        return usage_error("--example expects NAME=VALUE, found '%s'%s", opt, "");
    char *name = arena_strndup(&c->arena, opt, (size_t)(eq - opt));
    ExampleValue ev;
    char *err = NULL;
    /* each example draws from its own stream, so adding one does not
     * change the others */
    if (!example_parse(&c->arena, name, eq + 1, o->seed + (uint64_t)index, &ev, &err)) {
        fprintf(stderr, "tsc2onnx: error: %s\n", err);
        return ev.file_error ? EXIT_IO : EXIT_USAGE;
    }
    InputSpec *s = spec_find(specs, name);
    if (s && s->origin && strncmp(s->origin, "--input", 7) == 0)
        return EXIT_OK;
    s = spec_add(&c->arena, specs, name);
    s->type = type_of_tensor(&c->arena, ev.tensor);
    s->python_scalar = ev.python_scalar;
    s->origin = arena_sprintf(&c->arena, "--example %s", opt);
    return EXIT_OK;
}

/* --dynamic NAME:AXIS[=SYMBOL]: checked for form here; sema resolves
 * NAME against the graph's inputs and outputs. */
static int parse_dynamic_option(Compiler *c, const char *opt, DynamicAxis *d)
{
    const char *colon = strrchr(opt, ':');
    if (!colon || colon == opt)
        return usage_error("--dynamic expects NAME:AXIS[=SYMBOL], found '%s'%s", opt, "");
    char *end;
    errno = 0;
    long axis = strtol(colon + 1, &end, 10);
    if (errno || end == colon + 1 || (*end && *end != '='))
        return usage_error("--dynamic %s: AXIS must be an integer%s", opt, "");
    if (*end == '=' && !is_identifier(end + 1, strlen(end + 1)))
        return usage_error("--dynamic %s: '%s' is not a valid symbol name", opt, end + 1);
    d->name = arena_strndup(&c->arena, opt, (size_t)(colon - opt));
    d->axis = axis;
    d->symbol = *end == '=' ? end + 1 : NULL;
    d->origin = arena_sprintf(&c->arena, "--dynamic %s", opt);
    return EXIT_OK;
}

/* --custom-opset DOMAIN=VERSION */
static int parse_custom_opset(Compiler *c, const char *opt, CustomOpset *out)
{
    const char *eq = strchr(opt, '=');
    char *end;
    long v = eq ? strtol(eq + 1, &end, 10) : 0;
    if (!eq || eq == opt || end == eq + 1 || *end || v < 1 || v > 100000)
        return usage_error("--custom-opset expects DOMAIN=VERSION (a positive integer), found '%s'%s", opt, "");
    out->domain = arena_strndup(&c->arena, opt, (size_t)(eq - opt));
    out->version = (int)v;
    if (strcmp(out->domain, "ai.onnx") == 0)
        return usage_error("--custom-opset %s: the default domain's version is set with --opset%s", opt, "");
    return EXIT_OK;
}

static int collect_inputs(Compiler *c, const Options *o, SpecList *specs, CompileRequest *req)
{
    int rc = EXIT_OK;
    /* the form of --arg is a usage matter; its VALUE is compiled by sema */
    for (int i = 0; i < o->args.len && rc == EXIT_OK; i++)
        if (o->args.items[i][0] == '=' || !strchr(o->args.items[i], '='))
            rc = usage_error("--arg expects NAME=VALUE, found '%s'%s", o->args.items[i], "");
    for (int i = 0; i < o->inputs.len && rc == EXIT_OK; i++)
        rc = parse_input_option(c, o->inputs.items[i], specs);
    for (int i = 0; i < o->examples.len && rc == EXIT_OK; i++)
        rc = parse_example_option(c, o, i, o->examples.items[i], specs);
    DynamicAxis *dyn = arena_alloc(&c->arena, sizeof *dyn * (size_t)(o->dynamic.len + 1));
    for (int i = 0; i < o->dynamic.len && rc == EXIT_OK; i++)
        rc = parse_dynamic_option(c, o->dynamic.items[i], &dyn[i]);
    CustomOpset *cos = arena_alloc(&c->arena, sizeof *cos * (size_t)(o->custom_opsets.len + 1));
    for (int i = 0; i < o->custom_opsets.len && rc == EXIT_OK; i++)
        rc = parse_custom_opset(c, o->custom_opsets.items[i], &cos[i]);
    req->dynamic = dyn;
    req->n_dynamic = o->dynamic.len;
    req->custom_opsets = cos;
    req->n_custom_opsets = o->custom_opsets.len;
    return rc;
}

/* "a,b,c" -> a list of names. */
static const char **split_names(Arena *a, const char *s, int *n)
{
    *n = 0;
    if (!s)
        return NULL;
    int cap = 1;
    for (const char *p = s; *p; p++)
        cap += *p == ',';
    const char **out = arena_alloc(a, sizeof(char *) * (size_t)cap);
    const char *start = s;
    for (const char *p = s;; p++) {
        if (*p == ',' || *p == '\0') {
            out[(*n)++] = arena_strndup(a, start, (size_t)(p - start));
            if (!*p)
                break;
            start = p + 1;
        }
    }
    return out;
}

/* ---- weights ---- */

static IrTensor *weights_lookup(void *ctx, const char *name)
{
    return weights_get(ctx, name);
}

/* --weights FILE or FILE#KEY.PATH (the state_dict inside a checkpoint):
 * the '#' counts only when FILE itself does not exist with it. */
static int open_weights(Compiler *c, const char *path, Weights **w, WeightSource *src)
{
    char *err = NULL;
    const char *hash = strrchr(path, '#');
    const char *select = NULL;
    if (hash && access(path, F_OK) != 0) {
        select = hash + 1;
        path = arena_strndup(&c->arena, path, (size_t)(hash - path));
    }
    *w = weights_load_select(&c->arena, path, select, &err);
    if (!*w) {
        fprintf(stderr, "tsc2onnx: error: %s\n", err ? err : path);
        return EXIT_IO;
    }
    for (int i = 0; i < weights_note_count(*w); i++)
        diag_remark(&c->diag, SPAN_NONE, "%s: %s", path, weights_note_text(*w, i));
    src->path = path;
    src->ctx = *w;
    src->lookup = weights_lookup;
    src->n_names = weights_count(*w);
    src->names = arena_alloc(&c->arena, sizeof(char *) * (size_t)(src->n_names + 1));
    for (int i = 0; i < src->n_names; i++)
        src->names[i] = weights_name(*w, i);
    return EXIT_OK;
}

/* ---- output ---- */

/* Without FILE (--entry EXPRESSION): the name of what the expression
 * calls, torchvision.models.resnet50(...) -> resnet50. */
const char *driver_entry_stem(Arena *a, const char *entry)
{
    const char *paren = strchr(entry, '(');
    size_t n = paren ? (size_t)(paren - entry) : strlen(entry);
    const char *start = entry;
    for (size_t i = 0; i < n; i++)
        if (entry[i] == '.')
            start = entry + i + 1;
    while (n > (size_t)(start - entry) && entry[n - 1] == ' ')
        n--;
    return n > (size_t)(start - entry) ? arena_strndup(a, start, n - (size_t)(start - entry)) : "model";
}

static const char *default_output(Arena *a, const Options *o)
{
    if (!o->file)
        return arena_sprintf(a, "%s.onnx", driver_entry_stem(a, o->entry));
    const char *file = o->file;
    const char *slash = strrchr(file, '/');
    const char *dot = strrchr(file, '.');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - file) : strlen(file);
    return arena_sprintf(a, "%.*s.onnx", (int)stem, file);
}

/* Where the model goes: -o, else standard output for text and dot, else
 * FILE's name with .onnx. */
static const char *output_path(Arena *a, const Options *o)
{
    if (o->output)
        return o->output;
    return o->emit == EMIT_TEXT || o->emit == EMIT_DOT ? "-" : default_output(a, o);
}

static int write_output(Compiler *c, const Options *o, IrModel *m)
{
    if (o->verbose)
        emit_verbose(m, &c->sources, stderr);
    const char *out = output_path(&c->arena, o);
    PendingFiles *pending = driver_pending_files();
    if (o->emit == EMIT_TEXT)
        return emit_text_file_pending(m, &c->sources, out, pending, &c->diag);
    if (o->emit == EMIT_DOT)
        return emit_dot_file_pending(m, &c->sources, out, pending, &c->diag);
    const IrNode *deepest;
    int depth = ir_model_message_depth(m, &deepest);
    if (depth > IR_MAX_MESSAGE_DEPTH) {
        /* onnx.load and ONNX Runtime would refuse the file */
        diag_error(&c->diag, deepest ? deepest->span : SPAN_NONE, "run-time control flow nests too deeply here for "
                   "an ONNX file: its messages would nest %d levels, and ONNX readers refuse more than %d "
                   "(about 30 If and Loop bodies inside one another)", depth, IR_MAX_MESSAGE_DEPTH);
        return EXIT_COMPILE_ERROR;
    }
    EmitOnnxOptions eo = {.external_data = o->external_data, .external_min_bytes = (size_t)o->external_min_bytes,
                          .pending = pending};
    return emit_onnx_file_opts(m, &c->sources, out, &eo, &c->diag);
}

/* Options that name where output goes or how much is printed: they do not
 * change the model, so the recorded command leaves them out. */
static int output_only_option(const char *arg)
{
    if (strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0)
        return 2;
    if (strncmp(arg, "--output=", 9) == 0 || (strncmp(arg, "-o", 2) == 0 && arg[2]) ||
        strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0 || strcmp(arg, "--report") == 0 ||
        strncmp(arg, "--report=", 9) == 0)
        return 1;
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

const char *driver_shell_word(Arena *a, const char *w)
{
    if (*w && !strpbrk(w, " \t\n'\"\\$`*?[]{}()<>|&;#~!"))
        return w;
    size_t quotes = 0;
    for (const char *p = w; *p; p++)
        quotes += *p == '\'';
    char *out = arena_alloc(a, strlen(w) + 3 * quotes + 3), *o = out;
    *o++ = '\'';
    for (const char *p = w; *p; p++) {
        if (*p == '\'') {
            memcpy(o, "'\\''", 4);     /* close, escaped quote, reopen */
            o += 4;
        } else {
            *o++ = *p;
        }
    }
    *o++ = '\'';
    *o = '\0';
    return out;
}

/* Options whose value is a path: "--weights", "--library", "-I". */
static const char *path_option(const char *w)
{
    static const char *const names[] = {"--weights", "--library", "-I"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(w, names[i], n) == 0 && (w[n] == '\0' || w[n] == '=' || (n == 2 && w[n])))
            return names[i];
    }
    return NULL;
}

/* Word W as recorded: a path by its base name (FILE, the value of a path
 * option, an --example NAME=@file); AFTER_PATH_OPTION: W is the value of
 * the previous word. */
static const char *recorded_word(const Options *o, Arena *a, const char *w, bool after_path_option)
{
    if (w == o->file || after_path_option)
        return base_name(w);
    const char *opt = path_option(w);
    if (opt && w[strlen(opt)])
        return arena_sprintf(a, "%.*s%s", (int)(strlen(opt) + (w[strlen(opt)] == '=')), w,
                             base_name(w + strlen(opt) + (w[strlen(opt)] == '=')));
    const char *at = strstr(w, "=@");
    if (at)
        return arena_sprintf(a, "%.*s%s", (int)(at + 2 - w), w, base_name(at + 2));
    return w;
}

/* The command line as recorded in the model: "tsc2onnx", the options that
 * shape the model, and every path (FILE, --weights, --library, -I, --example
 * @file) by its base name, so that the same model compiled from another
 * directory or into another file gives the same bytes.  Words with spaces
 * or quotes are single-quoted. */
static const char *recorded_command(const Options *o, Arena *a)
{
    const char *cmd = "tsc2onnx";
    bool path_value = false;
    for (int i = 1; i < o->argc; i++) {
        const char *w = o->argv[i];
        int skip = output_only_option(w);
        if (skip) {
            i += skip - 1;
            continue;
        }
        cmd = arena_sprintf(a, "%s %s", cmd, driver_shell_word(a, recorded_word(o, a, w, path_value)));
        const char *opt = path_option(w);
        path_value = opt && !w[strlen(opt)];
    }
    return cmd;
}

static void add_metadata(IrModel *m, const Options *o, Arena *a)
{
    /* tsc2onnx.entry, the class or function built, comes from sema */
    ir_model_add_metadata(m, "tsc2onnx.version", PACKAGE_VERSION);
    ir_model_add_metadata(m, "tsc2onnx.mode", o->trace ? "trace" : "script");
    ir_model_add_metadata(m, "tsc2onnx.command", recorded_command(o, a));
}

/* ONNX local functions need IR version 8 (opset 15). */
#define MIN_FUNCTIONS_OPSET 15

static int check_options(const Options *o)
{
    if (o->trace && o->functions)
        return usage_error("--trace with --functions: not supported yet%s%s", "", "");
    if (o->static_shapes)
        return usage_error("--static-shapes is an option of tsc2onnx compare%s%s", "", "");
    if (o->weights_dtype && !o->weights)
        return usage_error("--weights-dtype needs --weights: it stores the weights it loads%s%s", "", "");
    if (o->weights_dtype && o->no_params)
        return usage_error("--weights-dtype with --no-params: the file holds no weights to store%s%s", "", "");
    if (o->weights_dtype == DT_BFLOAT16 && o->opset < 13)
        return usage_error("--weights-dtype bfloat16 needs opset 13 or later (Cast from bfloat16)%s%s", "", "");
    if (o->external_data && o->emit != EMIT_ONNX)
        return usage_error("--external-data: only for --emit onnx%s%s", "", "");
    if (o->external_data && o->output && strcmp(o->output, "-") == 0)
        return usage_error("--external-data: the model must go to a file, not standard output (-o FILE)%s%s",
                           "", "");
    if (o->report && (!o->report_path || strcmp(o->report_path, "-") == 0) && o->output &&
        strcmp(o->output, "-") == 0)
        return usage_error("--report: the model goes to standard output; give the report a file "
                           "(--report=FILE)%s%s", "", "");
    if (o->functions && o->opset < MIN_FUNCTIONS_OPSET) {
        fprintf(stderr, "tsc2onnx: error: --functions needs opset %d or later (ONNX local functions need IR "
                "version 8; compiling for opset %d)\n", MIN_FUNCTIONS_OPSET, o->opset);
        return EXIT_USAGE;
    }
    if (o->opset < MIN_OPSET || o->opset > IR_MAX_OPSET) {
        char buf[32];
        snprintf(buf, sizeof buf, "%d", o->opset);
        fprintf(stderr, "tsc2onnx: error: --opset %s: supported opsets are %d to %d\n", buf, MIN_OPSET,
                IR_MAX_OPSET);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* ---- the import search path ---- */

static bool is_dir(const char *path)
{
    DIR *d = opendir(path);
    if (d)
        closedir(d);
    return d != NULL;
}

/* The site directories of the system's Python 3, found without running
 * it: Debian's /usr/local/lib/python3.X/dist-packages (pip), then
 * /usr/lib/python3/dist-packages (the python3-* packages), then
 * /usr/lib/python3.X/dist-packages, in that order, those that exist. */
static void site_directories(Arena *a, PtrVec *out)
{
    static const char *const roots[] = {"/usr/local/lib", "/usr/lib"};
    for (int r = 0; r < 2; r++) {
        if (r == 1 && is_dir("/usr/lib/python3/dist-packages"))
            ptrvec_push(a, out, (void *)"/usr/lib/python3/dist-packages");
        DIR *d = opendir(roots[r]);
        if (!d)
            continue;
        PtrVec versions = {0};
        struct dirent *de;
        while ((de = readdir(d)))
            if (strncmp(de->d_name, "python3.", 8) == 0 && isdigit((unsigned char)de->d_name[8]))
                ptrvec_push(a, &versions, arena_strdup(a, de->d_name));
        closedir(d);
        /* newest first, deterministically */
        for (int i = 0; i < versions.len; i++)
            for (int j = i + 1; j < versions.len; j++)
                if (atoi((char *)versions.items[j] + 8) > atoi((char *)versions.items[i] + 8)) {
                    void *t = versions.items[i];
                    versions.items[i] = versions.items[j];
                    versions.items[j] = t;
                }
        for (int i = 0; i < versions.len; i++) {
            char *dir = arena_sprintf(a, "%s/%s/dist-packages", roots[r], (char *)versions.items[i]);
            if (is_dir(dir))
                ptrvec_push(a, out, dir);
        }
    }
}

/* Where imports look after the model's own directory: -I, PYTHONPATH, then
 * the site directories (unless --no-site), as Python's sys.path. */
static void search_path(Arena *a, const Options *o, CompileRequest *req)
{
    PtrVec dirs = {0};
    for (int i = 0; i < o->include_dirs.len; i++)
        ptrvec_push(a, &dirs, (void *)o->include_dirs.items[i]);
    const char *env = getenv("PYTHONPATH");
    while (env && *env) {
        const char *colon = strchr(env, ':');
        size_t n = colon ? (size_t)(colon - env) : strlen(env);
        if (n)
            ptrvec_push(a, &dirs, arena_strndup(a, env, n));
        env = colon ? colon + 1 : env + n;
    }
    if (!o->no_site)
        site_directories(a, &dirs);
    req->search_paths = (const char **)dirs.items;
    req->n_search_paths = dirs.len;
}

/* The exporter options of the request (docs/exporting.md). */
static void export_request(Compiler *c, const Options *o, CompileRequest *req)
{
    req->input_names = split_names(&c->arena, o->input_names, &req->n_input_names);
    req->output_names = split_names(&c->arena, o->output_names, &req->n_output_names);
    req->no_params = o->no_params;
    req->weights_dtype = o->weights_dtype;
    req->params_keep_data = o->no_params && o->trace;     /* the trace runs on them */
    req->keep_initializers_as_inputs = o->keep_initializers_as_inputs;
    req->libraries = o->libraries.items;
    req->n_libraries = o->libraries.len;
    req->functions_all = o->functions && !o->function_names;
    req->functions = split_names(&c->arena, o->function_names, &req->n_functions);
}

void driver_passes(Compiler *c, const Options *o, IrModel *m)
{
    OptOptions opt = opt_defaults();
    FoldStats st = {0};
    opt.enabled = !o->no_optimize;
    if (o->unroll_limit >= 0)
        opt.unroll_limit = o->unroll_limit;
    opt.fold = !o->no_fold;
    opt.keep_weights = o->weights_dtype != 0;
    opt.fold_options.seed = o->seed;
    if (o->fold_limit > 0)
        opt.fold_options.max_elements = o->fold_limit;
    opt.fold_stats = &st;
    opt_run(c, m, &opt);
    if (o->verbose && opt.fold)
        fprintf(stderr, "tsc2onnx: folding: %d nodes replaced by constants; %d nodes before, %d after\n",
                st.folded, st.nodes_before, st.nodes_after);
}

/* --weights-dtype: the weights, rounded as they loaded, stored in that
 * dtype; the constants computed from them at compile time keep theirs. */
static void store_weights(Compiler *c, const Options *o, IrModel *m)
{
    int kept = 0;
    int stored = opt_store_floats_as(m, (DType)o->weights_dtype, &kept);
    diag_remark(&c->diag, SPAN_NONE, "--weights-dtype %s: %d weight%s stored as %s%s", dtype_name(o->weights_dtype),
                stored, stored == 1 ? "" : "s", dtype_name(o->weights_dtype),
                kept ? arena_sprintf(&c->arena, "; %d constant%s computed from them kept as %s (%s would round them)",
                                     kept, kept == 1 ? "" : "s", kept == 1 ? "it is" : "they are",
                                     dtype_name(o->weights_dtype)) : "");
}

/* Runs the pipeline once the inputs and weights are known. */
static int compile_model(Compiler *c, const Options *o, CompileRequest *req)
{
    export_request(c, o, req);
    req->trace_points = o->trace;
    req->tracing = o->trace;
    if (o->trace)
        req->n_input_names = 0;     /* the trace's inputs are renamed (driver/trace.c) */
    Report report = {0};
    if (o->report)
        req->report = &report;
    IrModel *m = sema_compile(c, req);
    int rc = EXIT_OK;
    int calls = 0;
    for (int i = 0; i < report.unsupported.len; i++)
        calls += ((ReportEntry *)report.unsupported.items[i])->count;
    if (calls)
        diag_error(&c->diag, SPAN_NONE, "%d call%s without an ONNX mapping (listed in the report)", calls,
                   calls == 1 ? "" : "s");
    if (!m || c->diag.nerrors) {
        rc = c->diag.nerrors ? EXIT_COMPILE_ERROR : EXIT_IO;
    } else if ((m = driver_optimize(c, o, m, o->report ? &report.specializations : NULL, &rc)) != NULL) {
        report.model = o->report ? m : report.model;
        if (o->weights_dtype)
            store_weights(c, o, m);
        add_metadata(m, o, &c->arena);
        rc = write_output(c, o, m);
    }
    /* the report says why a compile failed, but a failed write leaves
     * nothing */
    if (o->report && rc != EXIT_IO) {
        int n_errors = c->diag.nerrors - (report.unsupported.len ? 1 : 0);
        int rrc = report_command_output(o, &report, &c->sources, n_errors);
        rc = rc == EXIT_OK ? rrc : rc;
    }
    if (rc == EXIT_IO)
        driver_outputs_discard();
    else
        rc = driver_outputs_commit() == EXIT_OK ? rc : EXIT_IO;
    return rc;
}

int compile_command(const Options *o)
{
    int rc = check_options(o);
    if (rc != EXIT_OK)
        return rc;
    Compiler c;
    compiler_init(&c, stderr);
    const char *out = output_path(&c.arena, o);
    rc = driver_check_paths(&c.arena, o, out);
    if (rc != EXIT_OK) {
        compiler_free(&c);
        return rc;
    }
    driver_outputs_init();
    c.limits = o->limits;
    SpecList specs = {0};
    Weights *w = NULL;
    WeightSource src = {0};
    const char *err = NULL;
    if (o->file && !source_load(&c.arena, &c.sources, o->file, &err)) {
        fprintf(stderr, "tsc2onnx: error: cannot read '%s': %s\n", o->file, err);
        compiler_free(&c);
        return EXIT_IO;
    }
    CompileRequest req = {
        .path = o->file, .opset = o->opset, .entry = o->entry,
        .args = o->args.items, .n_args = o->args.len,
        .seed = o->seed,
    };
    search_path(&c.arena, o, &req);
    rc = collect_inputs(&c, o, &specs, &req);
    if (rc == EXIT_OK && o->weights)
        rc = open_weights(&c, o->weights, &w, &src);
    if (rc == EXIT_OK) {
        req.inputs = specs.items;
        req.n_inputs = specs.len;
        req.weights = w ? &src : NULL;
        const void *base;
        size_t size;
        weights_mapping(w, &base, &size);
        driver_watch_mapping(base, size);
        rc = compile_model(&c, o, &req);
    }
    driver_watch_mapping(NULL, 0);
    weights_close(w);
    compiler_free(&c);
    return rc;
}

/* ---- tsc2onnx compare (driver/compare.c) ---- */

IrModel *compile_for_compare(Compiler *c, const Options *o, bool all_dynamic, Weights **w, int *rc)
{
    SpecList specs = {0};
    WeightSource src = {0};
    const char *err = NULL;
    *w = NULL;
    c->limits = o->limits;
    if (o->file && !source_load(&c->arena, &c->sources, o->file, &err)) {
        fprintf(stderr, "tsc2onnx: error: cannot read '%s': %s\n", o->file, err);
        *rc = EXIT_IO;
        return NULL;
    }
    CompileRequest req = {
        .path = o->file, .opset = o->opset, .entry = o->entry,
        .args = o->args.items, .n_args = o->args.len,
        .seed = o->seed, .trace_points = true,
    };
    search_path(&c->arena, o, &req);
    *rc = o->functions || o->no_params
              ? usage_error("compare with %s: not supported yet%s", o->functions ? "--functions" : "--no-params", "")
              : collect_inputs(c, o, &specs, &req);
    if (*rc == EXIT_OK && o->weights)
        *rc = open_weights(c, o->weights, w, &src);
    if (*rc != EXIT_OK)
        return NULL;
    for (int i = 0; all_dynamic && i < specs.len; i++) {
        IrType *t = &specs.items[i].type;
        for (int k = 0; k < t->rank; k++) {
            const char *sym = arena_sprintf(&c->arena, "%s_dim%d", specs.items[i].name, k);
            t->dims[k] = dim_sym(symdim_named(&c->arena, &c->names, sym));
        }
    }
    req.inputs = specs.items;
    req.n_inputs = specs.len;
    req.weights = *w ? &src : NULL;
    req.libraries = o->libraries.items;
    req.n_libraries = o->libraries.len;
    IrModel *m = sema_compile(c, &req);
    if (!m || c->diag.nerrors) {
        *rc = c->diag.nerrors ? EXIT_COMPILE_ERROR : EXIT_IO;
        return NULL;
    }
    return m;
}
