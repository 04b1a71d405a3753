/* The run command: load any .onnx file (emit/load.h), bind the inputs given
 * on the command line, evaluate the graph (eval/), and print the outputs or
 * write them as .npy files; or, with --check-outputs DIR, read the inputs
 * from DIR/input_K.pb and compare the outputs with DIR/output_K.pb (the
 * layout of ONNX's own test data sets).
 *
 *   tsc2onnx run MODEL.onnx --input NAME=VALUE... [-o DIR] [--seed N]
 *   tsc2onnx run MODEL.onnx --check-outputs DIR
 *
 * Exit statuses: 0 ok, 1 the model is invalid or fails to evaluate, 2 usage
 * (a bad --input, a missing input, an operator not supported yet), 3 the
 * outputs differ from DIR's, 4 I/O. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "driver/driver.h"
#include "emit/load.h"
#include "eval/eval.h"
#include "io/example.h"
#include "io/npy.h"
#include "ir/symdim.h"
#include "support/context.h"

static void print_error_lines(const char *text)
{
    while (text && *text) {
        const char *nl = strchr(text, '\n');
        int n = nl ? (int)(nl - text) : (int)strlen(text);
        fprintf(stderr, "tsc2onnx: error: %.*s\n", n, text);
        text = nl ? nl + 1 : NULL;
    }
}

/* ---- operators the evaluator lacks ----------------------------------------- */

static void collect_unsupported(Arena *a, const IrGraph *g, PtrVec *ops)
{
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        if (!eval_supports(n)) {
            const char *name = *n->domain ? arena_sprintf(a, "%s.%s", n->domain, n->op_type)
                                          : n->op_type;
            bool seen = false;
            for (int k = 0; k < ops->len && !seen; k++)
                seen = strcmp(ops->items[k], name) == 0;
            if (!seen)
                ptrvec_push(a, ops, (void *)name);
        }
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                collect_unsupported(a, n->attrs[k].g, ops);
    }
}

/* Reports every operator of M the evaluator cannot run; false if any.  An
 * opset newer than the operator table's is refused whole: the table cannot
 * say what its operators mean there. */
static bool check_supported(Arena *a, const IrModel *m, const char *path)
{
    if (m->opset > IR_MAX_OPSET) {
        fprintf(stderr, "tsc2onnx: error: %s: the model's opset %d is newer than the evaluator knows "
                "(opsets up to %d)\n", path, m->opset, IR_MAX_OPSET);
        return false;
    }
    PtrVec ops = {0};
    collect_unsupported(a, m->graph, &ops);
    for (int k = 0; k < ops.len; k++)
        fprintf(stderr, "tsc2onnx: error: %s: operator %s (opset %d) is not supported yet\n",
                path, (const char *)ops.items[k], m->opset);
    return ops.len == 0;
}

/* ---- values from files ----------------------------------------------------------- */

static EvalValue *value_from_loaded(const LoadedValue *lv)
{
    switch (lv->kind) {
    case IR_TYPE_TENSOR:
        return eval_tensor_borrow(lv->tensor);
    case IR_TYPE_SEQUENCE: {
        EvalValue *s = eval_sequence_new(lv->elem_dtype);
        for (int i = 0; i < lv->n_items; i++) {
            EvalValue *t = value_from_loaded(&lv->items[i]);
            if (!t) {
                eval_release(s);
                return NULL;
            }
            eval_sequence_push(s, t);
            eval_release(t);
        }
        return s;
    }
    case IR_TYPE_OPTIONAL: {
        if (!lv->elem)
            return eval_optional_new(NULL, EVAL_TENSOR, DT_UNDEFINED);
        EvalValue *e = value_from_loaded(lv->elem);
        EvalValue *o = e ? eval_optional_new(e, e->kind, e->dtype) : NULL;
        eval_release(e);
        return o;
    }
    }
    return NULL;
}

/* ---- --input NAME=VALUE -------------------------------------------------------- */

static const IrValue *find_input(const IrGraph *g, const char *name, int *index)
{
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        if (strcmp(v->name, name) == 0) {
            *index = i;
            return v;
        }
    }
    return NULL;
}

static const char *input_names(Arena *a, const IrGraph *g)
{
    char *s = arena_strdup(a, "");
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        if (!v->init)
            s = arena_sprintf(a, "%s%s%s", s, *s ? ", " : "", v->name);
    }
    return *s ? s : "none";
}

static const char *declared_type_str(Arena *a, const IrType *t)
{
    if (t->kind != IR_TYPE_TENSOR)
        return t->kind == IR_TYPE_SEQUENCE ? "a sequence" : "an optional";
    char *s = arena_strdup(a, dtype_name(t->dtype));
    if (t->rank < 0)
        return s;
    s = arena_sprintf(a, "%s[", s);
    for (int i = 0; i < t->rank; i++) {
        Dim d = t->dims[i];
        const char *txt = dim_is_known(d) ? arena_sprintf(a, "%lld", (long long)d.value)
                                          : d.sym ? symdim_text(d.sym) : "?";
        s = arena_sprintf(a, "%s%s%s", s, i ? ", " : "", txt);
    }
    return arena_sprintf(a, "%s]", s);
}

/* Whether tensor X fits the declared type T (element type, rank and the
 * known dimensions). */
static bool fits_declared(const EvalValue *x, const IrType *t)
{
    if (t->kind != IR_TYPE_TENSOR)
        return x->kind == (t->kind == IR_TYPE_SEQUENCE ? EVAL_SEQUENCE : EVAL_OPTIONAL);
    if (x->kind != EVAL_TENSOR || (t->dtype != DT_UNDEFINED && x->dtype != t->dtype))
        return false;
    if (t->rank < 0)
        return true;
    if (x->rank != t->rank)
        return false;
    for (int i = 0; i < t->rank; i++)
        if (dim_is_known(t->dims[i]) && t->dims[i].value != x->dims[i])
            return false;
    return true;
}

/* The exit status of a file that could not be read: the file's fault
 * (unreadable, corrupt, not a model: EXIT_IO, as for .npy and weights
 * files), or a feature of it that is not supported (EXIT_USAGE). */
static int load_fault_status(LoadFault fault)
{
    return fault == LOAD_FAULT_UNSUPPORTED ? EXIT_USAGE : EXIT_IO;
}

/* VALUE of --input NAME=VALUE as the value of input V.  Literals and
 * generated values take V's element type; files must match it. */
static int parse_input_value(Compiler *c, const Options *o, int index, const IrValue *v,
                             const char *name, const char *value, EvalValue **out)
{
    char *err = NULL;
    size_t len = strlen(value);
    bool from_file = value[0] == '@';
    if (from_file && len > 4 && strcmp(value + len - 3, ".pb") == 0) {
        LoadedValue lv;
        LoadFault fault;
        if (!emit_load_value(&c->arena, value + 1, v->type.kind, &lv, &err, &fault)) {
            print_error_lines(arena_sprintf(&c->arena, "--input %s: %s", name, err));
            return load_fault_status(fault);
        }
        *out = value_from_loaded(&lv);
    } else {
        ExampleValue ev;
        if (!example_parse_limited(&c->arena, "--input", name, value, o->seed + (uint64_t)index,
                                   EXAMPLE_MAX_BYTES, &ev, &err)) {
            fprintf(stderr, "tsc2onnx: error: %s\n", err);
            return ev.file_error ? EXIT_IO : EXIT_USAGE;
        }
        *out = eval_tensor_borrow(ev.tensor);
        DType want = v->type.kind == IR_TYPE_TENSOR ? v->type.dtype : DT_UNDEFINED;
        if (*out && !from_file && want != DT_UNDEFINED && (*out)->dtype != want) {
            EvalValue *conv = eval_cast(*out, want);
            eval_release(*out);
            *out = conv;
        }
    }
    if (!*out) {
        fprintf(stderr, "tsc2onnx: error: --input %s: the value cannot be held "
                "(string or too large)\n", name);
        return EXIT_USAGE;
    }
    if (!fits_declared(*out, &v->type)) {
        fprintf(stderr, "tsc2onnx: error: --input %s: the model expects %s, got %s\n", name,
                declared_type_str(&c->arena, &v->type), eval_value_type_str(&c->arena, *out));
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* Binds --input number K; *INDEX is the graph input it names (-1: none). */
static int bind_option(Compiler *c, const Options *o, const IrGraph *g, int k, EvalValue **inputs,
                       int *index)
{
    *index = -1;
    const char *opt = o->inputs.items[k];
    const char *eq = strchr(opt, '=');
    if (!eq || eq == opt) {
        fprintf(stderr, "tsc2onnx: error: run: --input expects NAME=VALUE, found '%s'\n", opt);
        return EXIT_USAGE;
    }
    char *name = arena_strndup(&c->arena, opt, (size_t)(eq - opt));
    const IrValue *v = find_input(g, name, index);
    if (!v) {
        fprintf(stderr, "tsc2onnx: error: --input %s: the model has no input '%s' (inputs: %s)\n",
                name, name, input_names(&c->arena, g));
        return EXIT_USAGE;
    }
    if (inputs[*index]) {
        fprintf(stderr, "tsc2onnx: error: --input %s: given twice\n", name);
        return EXIT_USAGE;
    }
    return parse_input_value(c, o, k, v, name, eq + 1, &inputs[*index]);
}

static int bind_inputs(Compiler *c, const Options *o, const IrGraph *g, EvalValue **inputs)
{
    int rc = EXIT_OK;
    /* an input whose value was refused is not also reported as missing */
    bool *tried = arena_alloc(&c->arena, sizeof(bool) * (size_t)(g->inputs.len + 1));
    for (int k = 0; k < o->inputs.len; k++) {
        int index;
        int r = bind_option(c, o, g, k, inputs, &index);
        if (index >= 0)
            tried[index] = true;
        if (rc == EXIT_OK)
            rc = r;
    }
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        if (!inputs[i] && !v->init && !tried[i]) {
            fprintf(stderr, "tsc2onnx: error: no value for input '%s' (give --input %s=VALUE; "
                    "it expects %s)\n", v->name, v->name, declared_type_str(&c->arena, &v->type));
            rc = rc == EXIT_OK ? EXIT_USAGE : rc;
        }
    }
    return rc;
}

/* ---- printing ------------------------------------------------------------------------ */

#define PRINT_THRESHOLD 1000
#define PRINT_EDGE 3

static void print_element(FILE *f, const EvalValue *v, int64_t i)
{
    if (v->dtype == DT_BOOL) {
        fputs(((const uint8_t *)v->data)[i] ? "True" : "False", f);
    } else if (dtype_is_float(v->dtype)) {
        double x = eval_get_f64(v, i);
        if (isnan(x))
            fputs("nan", f);
        else if (isinf(x))
            fputs(x < 0 ? "-inf" : "inf", f);
        else
            fprintf(f, "%.7g", x);
    } else if (v->dtype == DT_UINT64) {
        fprintf(f, "%llu", (unsigned long long)((const uint64_t *)v->data)[i]);
    } else {
        fprintf(f, "%lld", (long long)eval_get_i64(v, i));
    }
}

/* numpy's layout: nested brackets, long axes cut to their first and last
 * PRINT_EDGE entries when the tensor is large. */
static void print_axis(FILE *f, const EvalValue *v, int axis, int64_t offset, int64_t stride,
                       bool cut, int indent)
{
    int64_t n = v->dims[axis];
    int64_t inner = stride / (n ? n : 1);
    fputc('[', f);
    for (int64_t i = 0; i < n; i++) {
        if (cut && n > 2 * PRINT_EDGE && i == PRINT_EDGE) {
            fputs(axis == v->rank - 1 ? "..., " : "...,\n", f);
            if (axis < v->rank - 1)
                fprintf(f, "%*s", indent + 1, "");
            i = n - PRINT_EDGE - 1;
            continue;
        }
        if (axis == v->rank - 1)
            print_element(f, v, offset + i);
        else
            print_axis(f, v, axis + 1, offset + i * inner, inner, cut, indent + 1);
        if (i + 1 < n)
            fprintf(f, axis == v->rank - 1 ? ", " : ",\n%*s", axis == v->rank - 1 ? 0 : indent + 1, "");
    }
    fputc(']', f);
}

static void print_stats(FILE *f, const EvalValue *v)
{
    double lo = INFINITY, hi = -INFINITY, sum = 0;
    int64_t nan = 0;
    for (int64_t i = 0; i < v->numel; i++) {
        double x = eval_get_f64(v, i);
        if (isnan(x)) {
            nan++;
            continue;
        }
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
        sum += x;
    }
    fprintf(f, "  min %.7g  max %.7g  mean %.7g", lo, hi,
            v->numel > nan ? sum / (double)(v->numel - nan) : NAN);
    if (nan)
        fprintf(f, "  nan %lld", (long long)nan);
    fputc('\n', f);
}

static void print_tensor(FILE *f, const char *label, Arena *a, const EvalValue *v)
{
    fprintf(f, "%s: %s\n  ", label, eval_value_type_str(a, v));
    if (v->rank == 0)
        print_element(f, v, 0);
    else
        print_axis(f, v, 0, 0, v->numel, v->numel > PRINT_THRESHOLD, 2);
    fputc('\n', f);
    if (dtype_is_float(v->dtype) && v->numel > 1)
        print_stats(f, v);
}

static void print_value(FILE *f, const char *name, Arena *a, const EvalValue *v)
{
    if (v->kind == EVAL_TENSOR) {
        print_tensor(f, name, a, v);
    } else if (v->kind == EVAL_SEQUENCE) {
        fprintf(f, "%s: %s\n", name, eval_value_type_str(a, v));
        for (int i = 0; i < v->n_items; i++)
            print_value(f, arena_sprintf(a, "%s[%d]", name, i), a, v->items[i]);
    } else if (!v->elem) {
        fprintf(f, "%s: %s\n", name, eval_value_type_str(a, v));
    } else {
        print_value(f, name, a, v->elem);
    }
}

/* ---- writing .npy files ------------------------------------------------------------- */

/* NAME as a file name: characters other than letters, digits and ._+-
 * become '_', and a leading '.' is prefixed with '_'. */
static char *file_stem(Arena *a, const char *name)
{
    char *s = arena_sprintf(a, "%s%s", name[0] == '.' || !name[0] ? "_" : "", name);
    for (char *p = s; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("._+-", *p))
            *p = '_';
    return s;
}

static int write_npy(Compiler *c, const char *path, const EvalValue *v)
{
    char *err = NULL;
    IrTensor *t = eval_to_ir_tensor(&c->arena, v);
    if (!npy_save_pending(&c->arena, path, t, driver_pending_files(), &err)) {
        fprintf(stderr, "tsc2onnx: error: %s\n", err);
        return strstr(err, "cannot write") ? EXIT_IO : EXIT_USAGE;
    }
    printf("wrote %s: %s\n", path, eval_value_type_str(&c->arena, v));
    return EXIT_OK;
}

/* The files of -o DIR, planned before any is written: each output's
 * (sanitized) file names, with the output each comes from. */
typedef struct OutFile {
    const char *stem, *output;
} OutFile;

/* STEM for a tensor; STEM_I for each item of a sequence; nothing for an
 * empty optional.  WRITE: writes them into DIR, else adds them to PLAN. */
static int walk_value(Compiler *c, const char *dir, const char *stem, const char *output, const EvalValue *v,
                      PtrVec *plan)
{
    if (v->kind == EVAL_TENSOR) {
        if (!plan)
            return write_npy(c, arena_sprintf(&c->arena, "%s/%s.npy", dir, stem), v);
        OutFile *f = arena_alloc(&c->arena, sizeof *f);
        f->stem = stem;
        f->output = output;
        ptrvec_push(&c->arena, plan, f);
        return EXIT_OK;
    }
    if (v->kind == EVAL_OPTIONAL) {
        if (v->elem)
            return walk_value(c, dir, stem, output, v->elem, plan);
        if (!plan)
            printf("%s: optional without a value, nothing written\n", stem);
        return EXIT_OK;
    }
    for (int i = 0; i < v->n_items; i++) {
        int rc = walk_value(c, dir, arena_sprintf(&c->arena, "%s_%d", stem, i), output, v->items[i], plan);
        if (rc != EXIT_OK)
            return rc;
    }
    return EXIT_OK;
}

/* Room for ".npy" and the temporary file's ".PID.N.tmp" in a file name. */
#define RUN_MAX_STEM 200

/* Every file name of PLAN fits and names one output only. */
static int check_plan(const char *dir, const PtrVec *plan)
{
    for (int i = 0; i < plan->len; i++) {
        const OutFile *f = plan->items[i];
        if (strlen(f->stem) > RUN_MAX_STEM) {
            fprintf(stderr, "tsc2onnx: error: cannot write output '%.40s...' to '%s': its name is longer than "
                    "%d characters\n", f->output, dir, RUN_MAX_STEM);
            return EXIT_IO;
        }
        for (int j = 0; j < i; j++) {
            const OutFile *g = plan->items[j];
            if (strcmp(f->stem, g->stem) == 0) {
                fprintf(stderr, "tsc2onnx: error: outputs '%s' and '%s' would both be written to "
                        "'%s/%s.npy'\n", g->output, f->output, dir, f->stem);
                return EXIT_IO;
            }
        }
    }
    return EXIT_OK;
}

static int make_dir(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode))
        return EXIT_OK;
    if (mkdir(dir, 0777) != 0) {
        fprintf(stderr, "tsc2onnx: error: cannot create directory '%s': %s\n", dir, strerror(errno));
        return EXIT_IO;
    }
    return EXIT_OK;
}

/* -o DIR: all file names checked, then every file written, then all
 * renamed into place; none when anything fails. */
static int write_outputs(Compiler *c, const char *dir, const IrGraph *g, EvalValue **outputs)
{
    PtrVec plan = {0};
    int rc = EXIT_OK;
    for (int j = 0; j < g->outputs.len && rc == EXIT_OK; j++) {
        const IrValue *v = g->outputs.items[j];
        rc = walk_value(c, dir, file_stem(&c->arena, v->name), v->name, outputs[j], &plan);
    }
    if (rc == EXIT_OK)
        rc = check_plan(dir, &plan);
    if (rc == EXIT_OK)
        rc = make_dir(dir);
    driver_outputs_init();
    for (int j = 0; j < g->outputs.len && rc == EXIT_OK; j++) {
        const IrValue *v = g->outputs.items[j];
        rc = walk_value(c, dir, file_stem(&c->arena, v->name), v->name, outputs[j], NULL);
    }
    if (rc != EXIT_OK)
        driver_outputs_discard();
    else
        rc = driver_outputs_commit();
    return rc;
}

static int report_outputs(Compiler *c, const Options *o, const IrGraph *g, EvalValue **outputs)
{
    int rc = EXIT_OK;
    if (o->output)
        rc = write_outputs(c, o->output, g, outputs);
    for (int j = 0; j < g->outputs.len && !o->output; j++) {
        const IrValue *v = g->outputs.items[j];
        print_value(stdout, v->name, &c->arena, outputs[j]);
    }
    if (fflush(stdout) != 0 && rc == EXIT_OK) {
        fputs("tsc2onnx: error: cannot write to standard output\n", stderr);
        rc = EXIT_IO;
    }
    return rc;
}

/* ---- evaluation ------------------------------------------------------------------------- */

static int evaluate(Evaluator *ev, const IrModel *m, const char *path, EvalValue **inputs,
                    EvalValue **outputs)
{
    EvalStatus st = eval_graph(ev, m->graph, inputs, outputs);
    if (st == EVAL_OK)
        return EXIT_OK;
    fprintf(stderr, "tsc2onnx: error: %s: %s\n", path, eval_error(ev));
    return st == EVAL_UNSUPPORTED ? EXIT_USAGE : EXIT_COMPILE_ERROR;
}

static void release_all(EvalValue **values, int n)
{
    for (int i = 0; i < n; i++)
        eval_release(values[i]);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* run --repeat N: N more runs after the first (whose outputs are kept),
 * each timed from its inputs to its outputs (loading, binding and writing
 * excluded); the median and the fastest go to stderr. */
static int time_runs(Evaluator *ev, const IrModel *m, const Options *o, EvalValue **inputs,
                     EvalValue **outputs, double first)
{
    int n_out = m->graph->outputs.len;
    EvalValue **scratch = calloc((size_t)n_out + 1, sizeof *scratch);
    double *times = malloc(sizeof *times * (size_t)o->repeat);
    if (!scratch || !times) {
        free(scratch);
        free(times);
        fputs("tsc2onnx: fatal: out of memory\n", stderr);
        return EXIT_IO;
    }
    int rc = EXIT_OK;
    for (long long i = 0; i < o->repeat && rc == EXIT_OK; i++) {
        double start = now_seconds();
        rc = evaluate(ev, m, o->file, inputs, scratch);
        times[i] = now_seconds() - start;
        release_all(scratch, n_out);
        memset(scratch, 0, sizeof *scratch * (size_t)n_out);
    }
    if (rc == EXIT_OK) {
        qsort(times, (size_t)o->repeat, sizeof *times, compare_doubles);
        double median = o->repeat % 2 ? times[o->repeat / 2]
                                      : (times[o->repeat / 2 - 1] + times[o->repeat / 2]) / 2;
        fprintf(stderr, "%s: run: median %.3f ms, fastest %.3f ms over %lld runs; first run %.3f ms\n",
                o->file, median * 1e3, times[0] * 1e3, o->repeat, first * 1e3);
    }
    free(scratch);
    free(times);
    (void)outputs;
    return rc;
}

static IrModel *load_model(Compiler *c, const char *path, int *rc)
{
    char *err = NULL;
    LoadFault fault;
    IrModel *m = emit_load_onnx(&c->arena, &c->names, path, &err, &fault);
    if (!m) {
        print_error_lines(err);
        *rc = load_fault_status(fault);
        return NULL;
    }
    *rc = check_supported(&c->arena, m, path) ? EXIT_OK : EXIT_USAGE;
    return m;
}

static int check_run_options(const Options *o)
{
    const char *bad = o->entry ? "--entry" : o->args.len ? "--arg" : o->examples.len ? "--example"
                      : o->dynamic.len ? "--dynamic" : o->trace ? "--trace"
                      : o->weights ? "--weights" : o->include_dirs.len ? "-I"
                      : o->input_names ? "--input-names" : o->output_names ? "--output-names"
                      : NULL;
    if (bad) {
        fprintf(stderr, "tsc2onnx: error: run: %s is an option of the compile command\n", bad);
        return EXIT_USAGE;
    }
    if (!o->check_outputs && (o->rtol != RUN_RTOL || o->atol != RUN_ATOL)) {
        fputs("tsc2onnx: error: run: --rtol and --atol only apply to --check-outputs\n", stderr);
        return EXIT_USAGE;
    }
    if (o->check_outputs && o->repeat) {
        fputs("tsc2onnx: error: run: --repeat times a run on --input values, not --check-outputs\n", stderr);
        return EXIT_USAGE;
    }
    if (o->check_outputs && (o->inputs.len || o->output)) {
        fputs("tsc2onnx: error: run: --check-outputs reads the inputs from its directory and "
              "writes nothing; it takes no --input or -o\n", stderr);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

int run_command(const Options *o)
{
    int rc = check_run_options(o);
    if (rc != EXIT_OK)
        return rc;
    Compiler c;
    compiler_init(&c, stderr);
    if (o->check_outputs) {
        char *msg = NULL;
        rc = run_check_data_set(&c.arena, &c.names, o->file, o->check_outputs, o->seed,
                                o->rtol, o->atol, &msg);
        if (rc == EXIT_OK)
            printf("%s: outputs match %s\n", o->file, o->check_outputs);
        else
            print_error_lines(msg);
        compiler_free(&c);
        return rc;
    }
    IrModel *m = load_model(&c, o->file, &rc);
    if (m) {
        const IrGraph *g = m->graph;
        EvalValue **inputs = arena_alloc(&c.arena, sizeof(EvalValue *) * (size_t)(g->inputs.len + 1));
        EvalValue **outputs = arena_alloc(&c.arena, sizeof(EvalValue *) * (size_t)(g->outputs.len + 1));
        if (rc == EXIT_OK)
            rc = bind_inputs(&c, o, g, inputs);
        Evaluator ev;
        eval_init(&ev, o->seed);
        double start = now_seconds();
        if (rc == EXIT_OK)
            rc = evaluate(&ev, m, o->file, inputs, outputs);
        if (rc == EXIT_OK && o->repeat)
            rc = time_runs(&ev, m, o, inputs, outputs, now_seconds() - start);
        if (rc == EXIT_OK)
            rc = report_outputs(&c, o, g, outputs);
        release_all(outputs, g->outputs.len);
        release_all(inputs, g->inputs.len);
        eval_free(&ev);
    }
    compiler_free(&c);
    return rc;
}

/* ---- test data sets -------------------------------------------------------------------- */

/* DIR/PREFIX_K.pb for each value of VALUES (IrValue *), skipping inputs
 * that have an initializer. */
static int load_data_files(Arena *a, const char *dir, const char *prefix, const PtrVec *values,
                           EvalValue **out, char **msg)
{
    int k = 0;
    for (int i = 0; i < values->len; i++) {
        const IrValue *v = values->items[i];
        if (v->init && strcmp(prefix, "input") == 0)
            continue;
        const char *path = arena_sprintf(a, "%s/%s_%d.pb", dir, prefix, k++);
        LoadedValue lv;
        char *err = NULL;
        LoadFault fault;
        if (!emit_load_value(a, path, v->type.kind, &lv, &err, &fault)) {
            *msg = err;
            return load_fault_status(fault);
        }
        out[i] = value_from_loaded(&lv);
        if (!out[i]) {
            *msg = arena_sprintf(a, "%s: the value cannot be held", path);
            return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}

static int compare_outputs(Arena *a, const IrGraph *g, EvalValue **got, EvalValue **want,
                           double rtol, double atol, char **msg)
{
    int rc = EXIT_OK;
    *msg = arena_strdup(a, "");
    for (int j = 0; j < g->outputs.len; j++) {
        char *why = NULL;
        if (eval_values_close(a, got[j], want[j], rtol, atol, &why))
            continue;
        const IrValue *v = g->outputs.items[j];
        *msg = arena_sprintf(a, "%s%soutput '%s': %s", *msg, **msg ? "\n" : "", v->name, why);
        rc = EXIT_DIVERGENCE;
    }
    return rc;
}

int run_check_data_set(Arena *a, Interner *names, const char *model_path, const char *dir,
                       uint64_t seed, double rtol, double atol, char **msg)
{
    char *err = NULL;
    LoadFault fault;
    IrModel *m = emit_load_onnx(a, names, model_path, &err, &fault);
    if (!m) {
        *msg = err;
        return load_fault_status(fault);
    }
    const IrGraph *g = m->graph;
    EvalValue **inputs = arena_alloc(a, sizeof(EvalValue *) * (size_t)(g->inputs.len + 1));
    EvalValue **want = arena_alloc(a, sizeof(EvalValue *) * (size_t)(g->outputs.len + 1));
    EvalValue **got = arena_alloc(a, sizeof(EvalValue *) * (size_t)(g->outputs.len + 1));
    int rc = load_data_files(a, dir, "input", &g->inputs, inputs, msg);
    if (rc == EXIT_OK)
        rc = load_data_files(a, dir, "output", &g->outputs, want, msg);
    if (rc == EXIT_OK) {
        Evaluator ev;
        eval_init(&ev, seed);
        EvalStatus st = eval_graph(&ev, g, inputs, got);
        if (st != EVAL_OK) {
            *msg = arena_sprintf(a, "%s: %s", model_path, eval_error(&ev));
            rc = st == EVAL_UNSUPPORTED ? EXIT_USAGE : EXIT_COMPILE_ERROR;
        } else {
            rc = compare_outputs(a, g, got, want, rtol, atol, msg);
        }
        eval_free(&ev);
    }
    release_all(inputs, g->inputs.len);
    release_all(want, g->outputs.len);
    release_all(got, g->outputs.len);
    return rc;
}
