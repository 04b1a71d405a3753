/* tsc2onnx compare FILE --example ...: where would a trace be silently
 * wrong?
 *
 * Two graphs are built: the script graph, with every input axis a symbol
 * so that it takes other sizes (when sema cannot build it so, the
 * examples' sizes), and the trace graph, the script graph with the same
 * dynamic axes (the trace as deployed with dynamic axes; with
 * --static-shapes the examples' sizes and --dynamic) specialized on the
 * examples and folded, as --trace writes it.  Both run in the evaluator:
 * on the examples they must agree (else it is a compiler bug, said so,
 * exit 1); then the input sets of driver/compare_inputs.c are tried in
 * order until one gives different outputs, or the trace fails on one the
 * script runs.  The table of what was tried goes to standard output,
 * then the first counterexample as --example options and the source lines
 * whose specialization differs between the example and the counterexample
 * (both specialized from the script graph).  Exit 3 when a divergence is
 * found, 0 when none is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/compare.h"
#include "io/example.h"
#include "io/weights.h"
#include "lower/lower.h"
#include "opt/specialize.h"

typedef struct Row {
    const char *label;
    const char **cells;         /* per output, or NULL with NOTE */
    const char *note;           /* "trace rejects this shape", "script fails: ..." */
    bool diverges;
    const char *verdict;        /* for a divergence: what the trace does wrong ("%s" the input set) */
    const char *detail;         /* for a divergence: the outputs that differ */
    const char *cause;          /* for a divergence: "(specialized at f.py:12, f.py:14)" */
} Row;

typedef struct Compare {
    const Options *o;
    Arena *a;
    Compiler cs, ct;            /* the script's and the trace's compilations */
    bool cs_ready, ct_ready;
    Weights *ws, *wt;
    IrModel *script, *trace;
    bool dynamic;               /* the script graph takes other sizes */
    bool trace_dynamic;         /* the trace graph too (not --static-shapes) */
    CompareInput *inputs;       /* indexed like the script graph's inputs */
    int n_inputs;
    Evaluator ev;
    int64_t longest_loop;       /* iterations of the example's longest loop */
    EvalValue **script_example, **trace_example;    /* outputs on the examples */
    PtrVec candidates, rows;    /* Candidate *, Row * */
} Compare;

/* ---- the two graphs -------------------------------------------------------------------- */

static const char *first_line_of(Arena *a, const char *text)
{
    const char *nl = text ? strchr(text, '\n') : NULL;
    return text ? arena_strndup(a, text, nl ? (size_t)(nl - text) : strlen(text)) : "";
}

/* The script graph with every input axis dynamic, its diagnostics held
 * back; when that fails, with the examples' sizes. */
static int build_script(Compare *k)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *quiet = open_memstream(&buf, &len);
    compiler_init(&k->cs, quiet ? quiet : stderr);
    k->cs_ready = true;
    int rc;
    k->script = compile_for_compare(&k->cs, k->o, true, &k->ws, &rc);
    if (quiet)
        fclose(quiet);
    k->cs.diag.out = stderr;
    const char *why = first_line_of(k->a, buf);
    if (!k->script && rc == EXIT_COMPILE_ERROR && k->cs.limit_hit && buf) {
        /* a limit, not the sizes: its error ends compare */
        fputs(buf, stderr);
        free(buf);
        return rc;
    }
    free(buf);
    if (k->script) {
        k->dynamic = true;
        return EXIT_OK;
    }
    if (rc != EXIT_COMPILE_ERROR)
        return rc;
    weights_close(k->ws);
    compiler_free(&k->cs);
    compiler_init(&k->cs, stderr);
    printf("note: the script graph cannot take other sizes (with every input axis dynamic: %s);\n"
           "      compare tries the examples' sizes only\n", why);
    k->script = compile_for_compare(&k->cs, k->o, false, &k->ws, &rc);
    return k->script ? EXIT_OK : rc;
}

/* The trace's compile made the same default weights as the script's (one
 * source, one seed): its deferred ones take the script's bytes, drawn once
 * for both, where lower_same_recipe says they are the same.  Initializers
 * come in the same order from both compiles; a name found elsewhere is
 * looked for from there on. */
static void share_weights(IrModel *script, IrModel *trace)
{
    const PtrVec *from = &script->graph->initializers, *to = &trace->graph->initializers;
    int j = 0;
    for (int i = 0; i < to->len && from->len > 0; i++) {
        IrValue *t = to->items[i];
        if (!t->init || t->init->data || !t->init->fill)
            continue;
        for (int tries = 0; tries < from->len; tries++, j = (j + 1) % from->len) {
            IrValue *s = from->items[j];
            if (s->init && strcmp(s->name, t->name) == 0) {
                if (lower_same_recipe(s->init, t->init))
                    t->init->data = (void *)ir_tensor_force(script->arena, s->init);
                break;
            }
        }
    }
}

/* The trace graph, specialized and folded: with the script graph's
 * dynamic axes (the trace as deployed with dynamic axes), or the
 * examples' sizes and the axes --dynamic names: with --static-shapes, or
 * when --dynamic says which axes the deployed trace frees (the others are
 * fixed by that contract, so a size the trace rejects there is no
 * divergence). */
static int build_trace(Compare *k)
{
    compiler_init(&k->ct, stderr);
    k->ct_ready = true;
    k->trace_dynamic = k->dynamic && !k->o->static_shapes && k->o->dynamic.len == 0;
    int rc;
    IrModel *base = compile_for_compare(&k->ct, k->o, k->trace_dynamic, &k->wt, &rc);
    if (!base)
        return rc;
    share_weights(k->script, base);
    int n = base->graph->inputs.len;
    EvalValue **values = calloc((size_t)n + 1, sizeof *values);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < k->n_inputs; j++)
            if (!strcmp(((IrValue *)base->graph->inputs.items[i])->name, k->inputs[j].name))
                values[i] = eval_retain(k->inputs[j].value);
    SpecResult res = {0};
    k->trace = driver_trace(&k->ct, k->o, base, values, &res, true, &rc);
    for (int i = 0; i < res.records.len; i++) {
        const SpecRecord *r = res.records.items[i];
        if (r->kind == SPEC_LOOP && r->max_count > k->longest_loop)
            k->longest_loop = r->max_count;
    }
    for (int i = 0; i < n; i++)
        eval_release(values[i]);
    free(values);
    if (!k->trace)
        return rc;
    driver_fold(k->o, k->trace);
    return EXIT_OK;
}

/* The examples of the script graph's inputs: every input needs one. */
static int load_inputs(Compare *k)
{
    const IrGraph *g = k->script->graph;
    k->n_inputs = g->inputs.len;
    k->inputs = arena_alloc(k->a, sizeof *k->inputs * (size_t)(k->n_inputs + 1));
    for (int i = 0; i < k->o->examples.len; i++) {
        const char *opt = k->o->examples.items[i], *eq = strchr(opt, '=');
        const char *name = arena_strndup(k->a, opt, eq ? (size_t)(eq - opt) : 0);
        for (int j = 0; j < k->n_inputs; j++) {
            const IrValue *v = g->inputs.items[j];
            CompareInput *in = &k->inputs[j];
            if (!eq || strcmp(v->name, name) || in->value)
                continue;
            ExampleValue ex;
            char *err = NULL;
            if (!example_parse(k->a, name, eq + 1, k->o->seed + (uint64_t)i, &ex, &err)) {
                fprintf(stderr, "tsc2onnx: error: %s\n", err);
                return EXIT_USAGE;
            }
            EvalValue *x = eval_tensor_borrow(ex.tensor);
            in->value = x && v->type.dtype != DT_UNDEFINED ? eval_cast(x, v->type.dtype) : eval_retain(x);
            eval_release(x);
            *in = (CompareInput){name, eq + 1, i, ex.python_scalar,
                                 ex.python_scalar && dtype_is_float(ex.tensor->dtype) ? ex.float_value
                                 : in->value ? eval_get_f64(in->value, 0) : 0, in->value};
            if (!in->value) {
                fprintf(stderr, "tsc2onnx: error: --example %s: the evaluator cannot hold this value\n", opt);
                return EXIT_USAGE;
            }
        }
    }
    for (int j = 0; j < k->n_inputs; j++) {
        if (!k->inputs[j].value) {
            fprintf(stderr, "tsc2onnx: error: compare needs an --example for every input; '%s' has none\n",
                    ((IrValue *)g->inputs.items[j])->name);
            return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}

/* ---- running them ------------------------------------------------------------------------ */

/* G's inputs from the script's (they are named alike); VALUES indexed like
 * k->inputs.  False (with *BAD the input) when one does not fit G's
 * declared type. */
static bool inputs_for(const Compare *k, const IrGraph *g, EvalValue *const *values, EvalValue **out, int *bad)
{
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        out[i] = NULL;
        for (int j = 0; j < k->n_inputs; j++)
            if (!strcmp(v->name, k->inputs[j].name))
                out[i] = values[j];
        const EvalValue *x = out[i];
        bool fits = x && v->type.kind == IR_TYPE_TENSOR && x->kind == EVAL_TENSOR &&
                    (v->type.dtype == DT_UNDEFINED || v->type.dtype == x->dtype) &&
                    (v->type.rank < 0 || v->type.rank == x->rank);
        for (int d = 0; fits && v->type.rank > 0 && d < v->type.rank; d++)
            fits = !dim_is_known(v->type.dims[d]) || v->type.dims[d].value == x->dims[d];
        if (!fits && (x || !v->init)) {
            *bad = i;
            return false;
        }
    }
    return true;
}

/* Makes the data of G's deferred initializers (and its bodies'): the
 * evaluator reads them. */
static void force_initializers(IrModel *m, const IrGraph *g, int depth)
{
    for (int i = 0; i < g->initializers.len; i++)
        ir_tensor_force(m->arena, ((IrValue *)g->initializers.items[i])->init);
    for (int i = 0; i < g->inputs.len; i++)
        if (((IrValue *)g->inputs.items[i])->init)
            ir_tensor_force(m->arena, ((IrValue *)g->inputs.items[i])->init);
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int a = 0; a < n->n_attrs; a++)
            if (n->attrs[a].kind == IR_ATTR_GRAPH && n->attrs[a].g)
                force_initializers(m, n->attrs[a].g, depth + 1);
    }
}

/* Runs M on VALUES; OUT gets its outputs.  *ERR says why it failed. */
static bool evaluate(Compare *k, const IrModel *m, EvalValue *const *values, EvalValue **out, const char **err,
                     bool *rejected)
{
    EvalValue **in = calloc((size_t)m->graph->inputs.len + 1, sizeof *in);
    int bad = -1;
    bool ok = inputs_for(k, m->graph, values, in, &bad);
    *rejected = !ok;
    if (!ok)
        *err = arena_sprintf(k->a, "input '%s' must be %s", ((IrValue *)m->graph->inputs.items[bad])->name,
                             "of the declared shape");
    else if ((k->ev.draws = 0, eval_graph(&k->ev, m->graph, in, out)) != EVAL_OK) {
        ok = false;
        *err = arena_strdup(k->a, eval_error(&k->ev));
    }
    free(in);
    return ok;
}

static const char *shape_text(Arena *a, const EvalValue *v)
{
    return eval_value_type_str(a, v);
}

static const char *element_text(Arena *a, const EvalValue *v, int64_t i)
{
    if (v->dtype == DT_BOOL)
        return eval_get_f64(v, i) != 0 ? "True" : "False";
    if (dtype_is_int(v->dtype))
        return arena_sprintf(a, "%lld", (long long)eval_get_i64(v, i));
    return arena_sprintf(a, "%.7g", eval_get_f64(v, i));
}

static const char *index_text(Arena *a, const EvalValue *v, int64_t i)
{
    int64_t idx[EVAL_MAX_RANK];
    for (int d = v->rank - 1; d >= 0; d--) {
        idx[d] = v->dims[d] ? i % v->dims[d] : 0;
        i = v->dims[d] ? i / v->dims[d] : 0;
    }
    const char *s = "[";
    for (int d = 0; d < v->rank; d++)
        s = arena_sprintf(a, "%s%s%lld", s, d ? ", " : "", (long long)idx[d]);
    return arena_sprintf(a, "%s]", s);
}

/* The table cell for one output (max abs difference) and, when they
 * differ, a line about where. */
static const char *diff_cell(Compare *k, const EvalValue *s, const EvalValue *t, const char *name, bool *close,
                             const char **detail)
{
    char *why = NULL;
    *close = eval_values_close(k->a, t, s, k->o->rtol, k->o->atol, &why);
    *detail = NULL;
    bool tensors = s->kind == EVAL_TENSOR && t->kind == EVAL_TENSOR;
    bool same_shape = tensors && s->rank == t->rank && s->numel == t->numel &&
                      !memcmp(s->dims, t->dims, sizeof(int64_t) * (size_t)s->rank);
    if (!same_shape) {
        if (!*close)
            *detail = arena_sprintf(k->a, "%s: script %s, trace %s", name, shape_text(k->a, s), shape_text(k->a, t));
        return *close ? "0" : tensors ? "shape differs" : "differs";
    }
    double max = 0;
    int64_t at = -1;
    for (int64_t i = 0; i < s->numel; i++) {
        double a = eval_get_f64(s, i), b = eval_get_f64(t, i);
        double d = isnan(a) && isnan(b) ? 0 : isnan(a) || isnan(b) ? INFINITY : a == b ? 0 : fabs(a - b);
        if (d > max || (at < 0 && d > 0)) {
            max = d;
            at = i;
        }
    }
    if (!*close && at >= 0)
        *detail = arena_sprintf(k->a, "%s: script %s, trace %s at %s (max abs difference %.4g)", name,
                                element_text(k->a, s, at), element_text(k->a, t, at), index_text(k->a, s, at), max);
    else if (!*close)
        *detail = arena_sprintf(k->a, "%s: %s", name, why ? why : "differs");
    return max == 0 ? "0" : arena_sprintf(k->a, "%.4g", max);
}

static const char *output_name(const Compare *k, int j)
{
    return ((IrValue *)k->script->graph->outputs.items[j])->name;
}

/* Fills ROW from the outputs of both graphs. */
static void compare_outputs(Compare *k, Row *row, EvalValue **s, EvalValue **t)
{
    int n = k->script->graph->outputs.len;
    row->cells = arena_alloc(k->a, sizeof(char *) * (size_t)(n + 1));
    const char *detail = "";
    for (int j = 0; j < n; j++) {
        bool close;
        const char *d;
        row->cells[j] = diff_cell(k, s[j], t[j], output_name(k, j), &close, &d);
        if (!close) {
            row->diverges = true;
            detail = arena_sprintf(k->a, "%s  %s\n", detail, d);
        }
    }
    row->detail = detail;
}

static void release_outputs(EvalValue **v, int n)
{
    for (int i = 0; i < n; i++) {
        eval_release(v[i]);
        v[i] = NULL;
    }
}

/* The example: both graphs must agree on it. */
static int check_example(Compare *k)
{
    EvalValue **values = calloc((size_t)k->n_inputs + 1, sizeof *values);
    for (int i = 0; i < k->n_inputs; i++)
        values[i] = k->inputs[i].value;
    int ns = k->script->graph->outputs.len, nt = k->trace->graph->outputs.len;
    force_initializers(k->script, k->script->graph, 0);
    force_initializers(k->trace, k->trace->graph, 0);
    k->script_example = calloc((size_t)ns + 1, sizeof(EvalValue *));
    k->trace_example = calloc((size_t)nt + 1, sizeof(EvalValue *));
    const char *err;
    bool rejected;
    int rc = EXIT_OK;
    if (!evaluate(k, k->script, values, k->script_example, &err, &rejected)) {
        fprintf(stderr, "tsc2onnx: error: compare: the script graph cannot run on the examples: %s\n", err);
        rc = EXIT_COMPILE_ERROR;
    } else if (ns != nt || !evaluate(k, k->trace, values, k->trace_example, &err, &rejected)) {
        fprintf(stderr, "tsc2onnx: internal error: compare: the trace graph cannot run on its own examples "
                "(a compiler bug): %s\n", ns != nt ? "it has other outputs" : err);
        rc = EXIT_COMPILE_ERROR;
    } else {
        Row row = {.label = "example"};
        compare_outputs(k, &row, k->script_example, k->trace_example);
        if (row.diverges) {
            fprintf(stderr, "tsc2onnx: internal error: compare: the script and trace graphs disagree on the "
                    "examples (a compiler bug):\n%s", row.detail);
            rc = EXIT_COMPILE_ERROR;
        }
        Row *r = arena_alloc(k->a, sizeof *r);
        *r = row;
        ptrvec_push(k->a, &k->rows, r);
    }
    free(values);
    return rc;
}

/* The trace failed (or rejected the input) where the script ran: a
 * divergence. */
static void trace_failed(Compare *k, Row *row, bool rejected, const char *err)
{
    row->diverges = true;
    if (rejected) {
        row->note = "trace rejects this shape";
        row->verdict = "the trace rejects %s, which the script accepts";
    } else {
        row->note = arena_sprintf(k->a, "trace fails: %s", first_line_of(k->a, err));
        row->verdict = "the trace fails on %s, which the script accepts";
    }
    row->detail = arena_sprintf(k->a, "  %s\n", err);
}

/* --static-shapes, --dynamic (or a script graph of the examples' sizes):
 * a trace whose inputs do not take another shape is not a divergence (the
 * deployed trace fixes those sizes); it says so.  A trace that takes the
 * shape (an axis --dynamic frees) and then fails where the script runs is
 * one: a size frozen into a Reshape, a Gather, a loop count. */
static void try_static(Compare *k, Row *row, const Candidate *c, EvalValue **values, EvalValue **s, EvalValue **t)
{
    (void)c;
    const char *err, *trace_err = NULL;
    bool rejected;
    int ns = k->script->graph->outputs.len;
    bool trace_ok = evaluate(k, k->trace, values, t, &trace_err, &rejected);
    if (!trace_ok && rejected) {
        row->note = "trace rejects this shape";
    } else if (!evaluate(k, k->script, values, s, &err, &rejected)) {
        row->note = arena_sprintf(k->a, "script fails: %s", first_line_of(k->a, err));
    } else if (!trace_ok || (!t[0] && ns > 0)) {
        trace_failed(k, row, false, trace_ok ? "the trace gave no output" : trace_err);
    } else {
        compare_outputs(k, row, s, t);
    }
}

/* The trace with the script's dynamic axes: whatever the script accepts,
 * the trace must give the same outputs for. */
static void try_dynamic(Compare *k, Row *row, EvalValue **values, EvalValue **s, EvalValue **t)
{
    const char *err;
    bool rejected;
    if (!evaluate(k, k->script, values, s, &err, &rejected))
        row->note = arena_sprintf(k->a, "script fails: %s", first_line_of(k->a, err));
    else if (!evaluate(k, k->trace, values, t, &err, &rejected))
        trace_failed(k, row, rejected, err);
    else
        compare_outputs(k, row, s, t);
}

/* One candidate: a row of the table. */
static Row *try_candidate(Compare *k, const Candidate *c)
{
    Row *row = arena_alloc(k->a, sizeof *row);
    row->label = c->label;
    int ns = k->script->graph->outputs.len;
    EvalValue **values = calloc((size_t)k->n_inputs + 1, sizeof *values);
    EvalValue **s = calloc((size_t)ns + 1, sizeof *s), **t = calloc((size_t)ns + 1, sizeof *t);
    for (int i = 0; i < k->n_inputs; i++)
        values[i] = i == c->input ? c->value : k->inputs[i].value;
    if (k->trace_dynamic)
        try_dynamic(k, row, values, s, t);
    else
        try_static(k, row, c, values, s, t);
    release_outputs(s, ns);
    release_outputs(t, ns);
    free(s);
    free(t);
    free(values);
    return row;
}

/* ---- the table --------------------------------------------------------------------------- */

static int text_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

static void print_padded(const char *s, int width)
{
    fputs(s, stdout);
    for (int n = text_width(s); n < width; n++)
        putchar(' ');
}

/* #, the input set, then the max abs difference of each output (or a note). */
static void print_table(const Compare *k)
{
    int n = k->script->graph->outputs.len;
    int label_w = (int)strlen("input set");
    int *w = calloc((size_t)n + 1, sizeof *w);
    for (int j = 0; j < n; j++)
        w[j] = text_width(output_name(k, j));
    for (int r = 0; r < k->rows.len; r++) {
        const Row *row = k->rows.items[r];
        label_w = text_width(row->label) > label_w ? text_width(row->label) : label_w;
        for (int j = 0; j < n && row->cells; j++)
            w[j] = text_width(row->cells[j]) > w[j] ? text_width(row->cells[j]) : w[j];
    }
    printf("max abs difference between the script and the trace, per output:\n\n  #   ");
    print_padded("input set", label_w + 2);
    for (int j = 0; j < n; j++)
        print_padded(output_name(k, j), j + 1 < n ? w[j] + 2 : 0);
    putchar('\n');
    for (int r = 0; r < k->rows.len; r++) {
        const Row *row = k->rows.items[r];
        printf("%3d%s ", r, row->diverges ? " *" : "  ");
        print_padded(row->label, row->cells || row->note ? label_w + 2 : 0);
        for (int j = 0; j < n && row->cells; j++)
            print_padded(row->cells[j], j + 1 < n ? w[j] + 2 : 0);
        if (row->note)
            fputs(row->note, stdout);
        if (row->cause)
            printf("  %s", row->cause);
        putchar('\n');
    }
    free(w);
}

/* ---- the result ---------------------------------------------------------------------------- */

static const char *default_dir(Arena *a, const char *file)
{
    const char *slash = strrchr(file, '/'), *base = slash ? slash + 1 : file;
    const char *dot = strrchr(base, '.');
    return arena_sprintf(a, "%.*s.counterexample", (int)(dot && dot > base ? dot - base : (long)strlen(base)), base);
}

/* The counterexample as --example options (the unchanged inputs as given). */
static bool print_counterexample(Compare *k, const Candidate *c)
{
    const char *dir = k->o->output ? k->o->output
                    : default_dir(k->a, k->o->file ? k->o->file : driver_entry_stem(k->a, k->o->entry));
    const char *line = "counterexample:";
    for (int i = 0; i < k->n_inputs; i++) {
        const CompareInput *in = &k->inputs[i];
        const char *text = i == c->input ? compare_example_text(k->a, c, in->name, dir) : in->text;
        if (!text)
            return false;
        line = arena_sprintf(k->a, "%s --example %s", line, driver_shell_word(k->a, arena_sprintf(k->a, "%s=%s", in->name, text)));
    }
    printf("%s\n", line);
    return true;
}

static bool same_outcomes(const SpecRecord *a, const SpecRecord *b)
{
    if (!a || !b || a->outcomes.len != b->outcomes.len)
        return false;
    for (int i = 0; i < a->outcomes.len; i++)
        if (strcmp(a->outcomes.items[i], b->outcomes.items[i]))
            return false;
    return true;
}

static int by_place(const void *pa, const void *pb)
{
    const SpecRecord *a = *(const SpecRecord *const *)pa, *b = *(const SpecRecord *const *)pb;
    if (a->span.file != b->span.file)
        return a->span.file < b->span.file ? -1 : 1;
    if (a->span.start != b->span.start)
        return a->span.start < b->span.start ? -1 : 1;
    return a->kind > b->kind ? -1 : a->kind < b->kind;
}

/* A place whose specialization differs between the example and the
 * counterexample: its records in each (NULL where not reached). */
typedef struct Cause {
    const SpecRecord *r, *on_example, *on_candidate;
} Cause;

/* The places whose specialization differs between EX and CE, in source
 * order, onto OUT (Cause *). */
static void find_causes(Compare *k, const SpecResult *ex, const SpecResult *ce, PtrVec *out)
{
    PtrVec all = {0};
    for (int i = 0; i < ex->records.len; i++)
        ptrvec_push(k->a, &all, ex->records.items[i]);
    for (int i = 0; i < ce->records.len; i++) {
        const SpecRecord *r = ce->records.items[i];
        if (!opt_spec_find(ex, r->kind, r->span))
            ptrvec_push(k->a, &all, (void *)r);
    }
    if (all.len > 1)
        qsort(all.items, (size_t)all.len, sizeof(void *), by_place);
    for (int i = 0; i < all.len; i++) {
        const SpecRecord *r = all.items[i];
        const SpecRecord *a = opt_spec_find(ex, r->kind, r->span), *b = opt_spec_find(ce, r->kind, r->span);
        if (same_outcomes(a, b))
            continue;
        if (r->kind == SPEC_BRANCH && !(a && a->input_dependent) && !(b && b->input_dependent))
            continue;   /* a branch on frozen numbers: told at the conversion */
        Cause *c = arena_alloc(k->a, sizeof *c);
        *c = (Cause){r, a, b};
        ptrvec_push(k->a, out, c);
    }
}

/* "(specialized at f.py:12, f.py:14)" for the table's row, or NULL. */
static const char *causes_text(Compare *k, const PtrVec *causes)
{
    const char *s = NULL;
    for (int i = 0; i < causes->len; i++) {
        const SpecRecord *r = ((const Cause *)causes->items[i])->r;
        const SourceFile *f = r->span.file >= 0 ? source_file(&k->cs.sources, r->span.file) : NULL;
        if (!f)
            continue;
        int line, col;
        source_line_col(f, r->span.start, &line, &col);
        const char *place = arena_sprintf(k->a, "%s:%d", f->path, line);
        if (s && strstr(s, place))
            continue;
        s = s ? arena_sprintf(k->a, "%s, %s", s, place) : place;
    }
    return s ? arena_sprintf(k->a, "(specialized at %s)", s) : NULL;
}

/* A note at each place of CAUSES: what it did on the example and with
 * LABEL. */
static void print_causes(Compare *k, const PtrVec *causes, const char *label)
{
    Diag d;
    diag_init(&d, &k->cs.sources, stdout);
    d.last_printed = true;      /* the notes follow the divergence printed above */
    for (int i = 0; i < causes->len; i++) {
        const Cause *c = causes->items[i];
        const SpecRecord *r = c->r;
        const char *was = c->on_example ? opt_spec_summary(k->a, c->on_example) : "not reached";
        const char *now = c->on_candidate ? opt_spec_summary(k->a, c->on_candidate) : "not reached";
        Span line = r->span;
        const char *text = opt_spec_source(k->a, &k->cs.sources, r->span);
        if (r->kind != SPEC_CONVERSION && line.end - line.start > strlen(text))
            line.end = line.start + (uint32_t)strlen(text);
        diag_note(&d, line, "%s: %s on the example, %s with %s", opt_spec_subject(k->a, &k->cs.sources, r), was,
                  now, label);
    }
}

/* Why the candidate diverges: the script graph specialized on the example
 * and on the candidate, compared location by location.  False when it
 * could not be specialized on both. */
static bool explain(Compare *k, const Candidate *c, PtrVec *causes)
{
    EvalValue **values = calloc((size_t)k->n_inputs + 1, sizeof *values);
    for (int i = 0; i < k->n_inputs; i++)
        values[i] = k->inputs[i].value;
    SpecResult ex = {0}, ce = {0};
    int rc;
    bool ok = driver_trace(&k->cs, k->o, k->script, values, &ex, false, &rc) != NULL;
    values[c->input] = c->value;
    ok = ok && driver_trace(&k->cs, k->o, k->script, values, &ce, false, &rc) != NULL;
    free(values);
    if (ok)
        find_causes(k, &ex, &ce, causes);
    return ok;
}

/* The notes under the counterexample. */
static void print_explanation(Compare *k, const Candidate *c, bool explained, const PtrVec *causes)
{
    if (!explained) {
        printf("(the script graph could not be specialized on both input sets to find the cause)\n");
        return;
    }
    printf("the trace's specializations that differ for this input:\n");
    if (causes->len == 0)
        printf("  none: the trace's constants (sizes or values fixed on the examples) cause it\n");
    print_causes(k, causes, c->label);
}

/* Loops of the candidates may run much longer than the example's, but a
 * candidate that makes a loop run forever (x = -x in `while x.sum() < 10`)
 * must not keep compare busy: it is stopped as the script failing. */
#define COMPARE_MIN_LOOP_LIMIT (INT64_C(1) << 16)

/* The trace is the script graph itself (nothing was specialized): it
 * cannot diverge, and no input set needs to run.  Said with the table of
 * the example alone. */
static int identical(Compare *k)
{
    print_table(k);
    printf("\nno divergence: the trace graph is the script graph, node for node (the same operators, "
           "attributes,\nweights and input types), so they agree on every input%s; no other input set "
           "needs trying\n", k->dynamic ? "" : " of the examples' sizes\n(the script graph takes no other)");
    return EXIT_OK;
}

static int search(Compare *k)
{
    if (ir_model_same_function(k->script, k->trace))
        return identical(k);
    int64_t limit = k->longest_loop < COMPARE_MIN_LOOP_LIMIT / 16 ? COMPARE_MIN_LOOP_LIMIT : 16 * k->longest_loop;
    if (limit < k->ev.max_loop_iterations)
        k->ev.max_loop_iterations = limit;
    double thresholds[16];
    int nt = compare_thresholds(k->script->graph, thresholds, 16);
    compare_candidates(k->a, k->o, k->inputs, k->n_inputs, thresholds, nt, &k->candidates);
    const Candidate *found = NULL;
    Row *found_row = NULL;
    int rejected = 0;
    for (int i = 0; i < k->candidates.len && !found; i++) {
        const Candidate *c = k->candidates.items[i];
        Row *row = try_candidate(k, c);
        ptrvec_push(k->a, &k->rows, row);
        rejected += row->note && !strncmp(row->note, "trace rejects", 13);
        if (row->diverges) {
            found = c;
            found_row = row;
        }
    }
    PtrVec causes = {0};
    bool explained = found && explain(k, found, &causes);
    if (explained)
        found_row->cause = causes_text(k, &causes);
    print_table(k);
    if (!found) {
        printf("\nno divergence: the trace agrees with the script on the %d input sets tried", k->rows.len);
        if (rejected)
            printf(" (%d of them with sizes the trace rejects)", rejected);
        printf("\n");
        if (!k->dynamic)
            printf("(other sizes were not tried: the script graph takes only the examples' sizes)\n");
        return EXIT_OK;
    }
    const char *verdict = found_row->verdict ? found_row->verdict : "the trace gives other outputs than the script for %s";
    printf("\ndivergence: %s:\n%s", arena_sprintf(k->a, verdict, found->label), found_row->detail);
    if (!print_counterexample(k, found))
        return EXIT_IO;
    print_explanation(k, found, explained, &causes);
    return EXIT_DIVERGENCE;
}

int compare_command(const Options *o)
{
    Arena arena;
    arena_init(&arena);
    Compare k = {.o = o, .a = &arena};
    eval_init(&k.ev, o->seed);
    int rc = build_script(&k);
    if (rc == EXIT_OK)
        rc = load_inputs(&k);
    if (rc == EXIT_OK)
        rc = build_trace(&k);
    if (rc == EXIT_OK && k.ct.diag.nerrors)
        rc = EXIT_COMPILE_ERROR;
    if (rc == EXIT_OK)
        rc = check_example(&k);
    if (rc == EXIT_OK)
        rc = search(&k);
    fflush(stdout);
    int n_out = k.script ? k.script->graph->outputs.len : 0;
    if (k.script_example)
        release_outputs(k.script_example, n_out);
    if (k.trace_example)
        release_outputs(k.trace_example, k.trace ? k.trace->graph->outputs.len : 0);
    free(k.script_example);
    free(k.trace_example);
    for (int i = 0; i < k.candidates.len; i++)
        eval_release(((Candidate *)k.candidates.items[i])->value);
    for (int i = 0; i < k.n_inputs; i++)
        eval_release(k.inputs[i].value);
    eval_free(&k.ev);
    weights_close(k.ws);
    weights_close(k.wt);
    if (k.cs_ready)
        compiler_free(&k.cs);
    if (k.ct_ready)
        compiler_free(&k.ct);
    arena_free(&arena);
    return rc;
}
