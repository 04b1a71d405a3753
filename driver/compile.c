/* The compile command: options -> CompileRequest -> sema -> emit.
 *
 * Input types come from --input NAME:DTYPE[DIMS] and --example NAME=VALUE
 * (whose shape is fixed unless --dynamic NAME:AXIS[=SYMBOL] frees an axis);
 * parameter values from --weights FILE.safetensors. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"
#include "emit/emit.h"
#include "io/example.h"
#include "io/safetensors.h"
#include "ir/symdim.h"
#include "opt/opt.h"
#include "sema/sema.h"

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
        return ev.tensor == NULL && err && strstr(err, "cannot read") ? EXIT_IO : EXIT_USAGE;
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

/* --dynamic NAME:AXIS[=SYMBOL] */
static int parse_dynamic_option(Compiler *c, const char *opt, SpecList *specs)
{
    const char *colon = strrchr(opt, ':');
    if (!colon || colon == opt)
        return usage_error("--dynamic expects NAME:AXIS[=SYMBOL], found '%s'%s", opt, "");
    char *name = arena_strndup(&c->arena, opt, (size_t)(colon - opt));
    InputSpec *s = spec_find(specs, name);
    if (!s)
        return usage_error("--dynamic %s: '%s' has no --example or --input to make dynamic", opt, name);
    char *end;
    errno = 0;
    long axis = strtol(colon + 1, &end, 10);
    if (errno || end == colon + 1 || (*end && *end != '='))
        return usage_error("--dynamic %s: AXIS must be an integer%s", opt, "");
    if (axis < 0)
        axis += s->type.rank;
    if (axis < 0 || axis >= s->type.rank)
        return usage_error("--dynamic %s: axis out of range for '%s'", opt, name);
    const char *sym = *end == '=' ? end + 1 : arena_sprintf(&c->arena, "%s_dim%ld", name, axis);
    if (!is_identifier(sym, strlen(sym)))
        return usage_error("--dynamic %s: '%s' is not a valid symbol name", opt, sym);
    s->type.dims[axis] = dim_sym(symdim_named(&c->arena, &c->names, sym));
    return EXIT_OK;
}

static int collect_inputs(Compiler *c, const Options *o, SpecList *specs)
{
    int rc = EXIT_OK;
    for (int i = 0; i < o->inputs.len && rc == EXIT_OK; i++)
        rc = parse_input_option(c, o->inputs.items[i], specs);
    for (int i = 0; i < o->examples.len && rc == EXIT_OK; i++)
        rc = parse_example_option(c, o, i, o->examples.items[i], specs);
    for (int i = 0; i < o->dynamic.len && rc == EXIT_OK; i++)
        rc = parse_dynamic_option(c, o->dynamic.items[i], specs);
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

static int open_weights(Compiler *c, const char *path, Weights **w, WeightSource *src)
{
    char *err = NULL;
    *w = weights_load(&c->arena, path, &err);
    if (!*w) {
        fprintf(stderr, "tsc2onnx: error: %s\n", err ? err : path);
        return EXIT_IO;
    }
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

static const char *default_output(Arena *a, const char *file)
{
    const char *slash = strrchr(file, '/');
    const char *dot = strrchr(file, '.');
    size_t stem = dot && (!slash || dot > slash) ? (size_t)(dot - file) : strlen(file);
    return arena_sprintf(a, "%.*s.onnx", (int)stem, file);
}

static int write_output(Compiler *c, const Options *o, IrModel *m)
{
    if (o->verbose)
        emit_text(m, &c->sources, stderr);
    const char *out = o->output ? o->output : default_output(&c->arena, o->file);
    if (o->emit == EMIT_TEXT)
        return emit_text_file(m, &c->sources, o->output ? o->output : "-", &c->diag);
    if (o->emit == EMIT_DOT)
        return emit_dot_file(m, &c->sources, o->output ? o->output : "-", &c->diag);
    return emit_onnx_file(m, &c->sources, out, &c->diag);
}

/* Options that name where output goes or how much is printed: they do not
 * change the model, so the recorded command leaves them out. */
static int output_only_option(const char *arg)
{
    if (strcmp(arg, "-o") == 0 || strcmp(arg, "--output") == 0)
        return 2;
    if (strncmp(arg, "--output=", 9) == 0 || (strncmp(arg, "-o", 2) == 0 && arg[2]) ||
        strcmp(arg, "-v") == 0 || strcmp(arg, "--verbose") == 0)
        return 1;
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* W as one shell word: quoted when it holds anything the shell treats
 * specially, a quote inside written as '\\''. */
static const char *shell_quoted(Arena *a, const char *w)
{
    if (*w && !strpbrk(w, " \t\n'\"\\$`*?[]{}()<>|&;#~!"))
        return w;
    const char *q = "'";
    for (const char *p = w; *p; p++)
        q = *p == '\'' ? arena_sprintf(a, "%s'\\''", q) : arena_sprintf(a, "%s%c", q, *p);
    return arena_sprintf(a, "%s'", q);
}

/* The command line as recorded in the model: "tsc2onnx", the options that
 * shape the model, and FILE by its base name, so that the same model
 * compiled from another directory or into another file gives the same
 * bytes.  Words with spaces or quotes are single-quoted. */
static const char *recorded_command(const Options *o, Arena *a)
{
    const char *cmd = "tsc2onnx";
    for (int i = 1; i < o->argc; i++) {
        const char *w = o->argv[i];
        int skip = output_only_option(w);
        if (skip) {
            i += skip - 1;
            continue;
        }
        if (w == o->file)
            w = base_name(w);
        cmd = arena_sprintf(a, "%s %s", cmd, shell_quoted(a, w));
    }
    return cmd;
}

static void add_metadata(IrModel *m, const Options *o, Arena *a)
{
    ir_model_add_metadata(m, "tsc2onnx.mode", o->trace ? "trace" : "script");
    ir_model_add_metadata(m, "tsc2onnx.entry", o->entry ? o->entry : "(default)");
    ir_model_add_metadata(m, "tsc2onnx.command", recorded_command(o, a));
}

static int check_options(const Options *o)
{
    if (o->trace)
        return usage_error("--trace: %s%s", "not supported yet", "");
    if (o->opset < MIN_OPSET || o->opset > IR_MAX_OPSET) {
        char buf[32];
        snprintf(buf, sizeof buf, "%d", o->opset);
        fprintf(stderr, "tsc2onnx: error: --opset %s: supported opsets are %d to %d\n", buf, MIN_OPSET,
                IR_MAX_OPSET);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int compile_command(const Options *o)
{
    int rc = check_options(o);
    if (rc != EXIT_OK)
        return rc;
    Compiler c;
    compiler_init(&c, stderr);
    SpecList specs = {0};
    Weights *w = NULL;
    WeightSource src = {0};
    const char *err = NULL;
    if (!source_load(&c.arena, &c.sources, o->file, &err)) {
        fprintf(stderr, "tsc2onnx: error: cannot read '%s': %s\n", o->file, err);
        compiler_free(&c);
        return EXIT_IO;
    }
    rc = collect_inputs(&c, o, &specs);
    if (rc == EXIT_OK && o->weights)
        rc = open_weights(&c, o->weights, &w, &src);
    if (rc == EXIT_OK) {
        CompileRequest req = {
            .path = o->file, .opset = o->opset, .entry = o->entry,
            .args = o->args.items, .n_args = o->args.len,
            .search_paths = o->include_dirs.items, .n_search_paths = o->include_dirs.len,
            .inputs = specs.items, .n_inputs = specs.len,
            .weights = w ? &src : NULL, .seed = o->seed,
        };
        req.input_names = split_names(&c.arena, o->input_names, &req.n_input_names);
        req.output_names = split_names(&c.arena, o->output_names, &req.n_output_names);
        IrModel *m = sema_compile(&c, &req);
        if (!m || c.diag.nerrors) {
            rc = c.diag.nerrors ? EXIT_COMPILE_ERROR : EXIT_IO;
        } else {
            OptOptions opt = opt_defaults();
            opt_run(&c, m, &opt);
            add_metadata(m, o, &c.arena);
            rc = write_output(&c, o, m);
        }
    }
    weights_close(w);
    compiler_free(&c);
    return rc;
}
