/* After sema, before emit: trace mode and constant folding (opt/), for the
 * compile command and for compare.
 *
 * Trace mode needs the example values themselves, not only their types:
 * the --example options are parsed again here with the same seeds as
 * driver/compile.c, so randn(...) gives the same numbers.  Graph inputs are
 * named after forward()'s parameters until the trace is made; --input-names
 * renames them afterwards. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"
#include "io/example.h"
#include "lower/lower.h"
#include "sema/sema.h"
#include "opt/fold.h"
#include "opt/specialize.h"

static int find_input(const IrGraph *g, const char *name)
{
    for (int i = 0; i < g->inputs.len; i++)
        if (!strcmp(((IrValue *)g->inputs.items[i])->name, name))
            return i;
    return -1;
}

int driver_example_values(Compiler *c, const Options *o, const IrGraph *g, EvalValue **values)
{
    for (int i = 0; i < o->examples.len; i++) {
        const char *opt = o->examples.items[i];
        const char *eq = strchr(opt, '=');
        char *name = arena_strndup(&c->arena, opt, eq ? (size_t)(eq - opt) : 0);
        int k = eq ? find_input(g, name) : -1;
        if (k < 0 || values[k])
            continue;       /* not an input (sema said so), or given twice */
        ExampleValue ex;
        char *err = NULL;
        if (!example_parse(&c->arena, name, eq + 1, o->seed + (uint64_t)i, &ex, &err)) {
            fprintf(stderr, "tsc2onnx: error: %s\n", err);
            return EXIT_USAGE;
        }
        const IrValue *v = g->inputs.items[k];
        EvalValue *x = eval_tensor_borrow(ex.tensor);
        if (x && v->type.kind == IR_TYPE_TENSOR && v->type.dtype != DT_UNDEFINED && x->dtype != v->type.dtype) {
            EvalValue *conv = eval_cast(x, v->type.dtype);    /* a Python int for a float parameter */
            eval_release(x);
            x = conv;
        }
        if (!x) {
            fprintf(stderr, "tsc2onnx: error: --example %s: the evaluator cannot hold this value\n", opt);
            return EXIT_USAGE;
        }
        values[k] = x;
    }
    return EXIT_OK;
}

static int rename_inputs(Compiler *c, const Options *o, IrModel *m)
{
    const char *s = o->input_names;
    for (int i = 0; s && *s; i++) {
        const char *comma = strchr(s, ',');
        size_t n = comma ? (size_t)(comma - s) : strlen(s);
        if (i >= m->graph->inputs.len) {
            fprintf(stderr, "tsc2onnx: error: --input-names gives more names than the graph has inputs (%d)\n",
                    m->graph->inputs.len);
            return EXIT_COMPILE_ERROR;
        }
        const char *name = arena_strndup(&c->arena, s, n);
        if (!ir_rename_value(m, m->graph->inputs.items[i], name)) {
            fprintf(stderr, "tsc2onnx: error: --input-names: the name '%s' is already used in the graph\n", name);
            return EXIT_COMPILE_ERROR;
        }
        s = comma ? comma + 1 : NULL;
    }
    return EXIT_OK;
}

IrModel *driver_trace(Compiler *c, const Options *o, IrModel *m, EvalValue *const *inputs, SpecResult *res,
                      bool warn, int *rc)
{
    SpecOptions so = {.seed = o->seed, .max_nodes = SPEC_DEFAULT_MAX_NODES,
                      .max_iterations = c->limits.max_unroll, .max_memory = c->limits.max_memory,
                      /* compare writes no model: its traces may take the BLAS */
                      .portable_kernels = o->command != CMD_COMPARE};
    char *err = NULL;
    Span at = SPAN_NONE;
    IrModel *t = opt_specialize(m, inputs, &so, res, &err, &at);
    if (!t) {
        diag_error(&c->diag, at, "trace mode: %s", err);
        *rc = EXIT_COMPILE_ERROR;
        return NULL;
    }
    if (warn)
        opt_spec_warn(res, &c->sources, &c->arena, &c->diag);
    return t;
}

void driver_fold(const Options *o, IrModel *m)
{
    if (o->no_fold)
        return;
    FoldOptions fo = {
        .max_elements = o->fold_limit > 0 ? o->fold_limit : FOLD_DEFAULT_MAX_ELEMENTS,
        .small_bytes = FOLD_DEFAULT_SMALL_BYTES, .seed = o->seed,
    };
    FoldStats st;
    opt_fold(m, &fo, &st);
    if (o->verbose)
        fprintf(stderr, "tsc2onnx: folding: %d nodes replaced by constants; %d nodes before, %d after\n",
                st.folded, st.nodes_before, st.nodes_after);
}

/* Trace mode: every input needs its example. */
static int trace_inputs(Compiler *c, const Options *o, const IrGraph *g, EvalValue **values)
{
    int rc = driver_example_values(c, o, g, values);
    for (int i = 0; i < g->inputs.len && rc == EXIT_OK; i++) {
        const IrValue *v = g->inputs.items[i];
        if (!values[i] && !v->init) {
            fprintf(stderr, "tsc2onnx: error: --trace needs an --example for every input; '%s' has none\n",
                    v->name);
            rc = EXIT_USAGE;
        }
    }
    return rc;
}

/* A parameter made an input by --no-params: sema left its data on it for
 * the trace to run on (CompileRequest.params_keep_data), and an input with
 * data that is not an initializer is nothing else. */
static bool is_param_input(const IrValue *v, void *graph)
{
    const IrGraph *g = graph;
    if (!v->init)
        return false;
    for (int i = 0; i < g->initializers.len; i++)
        if (g->initializers.items[i] == v)
            return false;
    return true;
}

/* --no-params in trace mode: the parameters the trace reads stay inputs,
 * without their data; those it no longer reads (a branch not taken) go, as
 * torch.onnx.export(export_params=False) lists only what the traced graph
 * uses. */
static void drop_param_data(IrModel *m)
{
    IrGraph *g = m->graph;
    lower_prune_inputs(m, is_param_input, g);
    for (int i = 0; i < g->inputs.len; i++) {
        IrValue *v = g->inputs.items[i];
        if (is_param_input(v, g))
            v->init = NULL;
    }
}

/* --report's rows for the specializations RES records (those the warnings
 * tell). */
static void report_rows(Compiler *c, const SpecResult *res, PtrVec *rows)
{
    for (int i = 0; i < res->records.len; i++) {
        const SpecRecord *r = res->records.items[i];
        if (r->kind == SPEC_BRANCH && !r->input_dependent)
            continue;
        ReportEntry *e = arena_alloc(&c->arena, sizeof *e);
        e->what = arena_sprintf(&c->arena, "%s: %s", opt_spec_subject(&c->arena, &c->sources, r),
                                opt_spec_summary(&c->arena, r));
        e->first = r->span;
        e->count = r->executions;
        ptrvec_push(&c->arena, rows, e);
    }
}

IrModel *driver_optimize(Compiler *c, const Options *o, IrModel *m, PtrVec *report, int *rc)
{
    *rc = EXIT_OK;
    if (o->trace) {
        int n = m->graph->inputs.len;
        EvalValue **values = calloc((size_t)n + 1, sizeof *values);
        SpecResult res = {0};
        *rc = trace_inputs(c, o, m->graph, values);
        IrModel *t = *rc == EXIT_OK ? driver_trace(c, o, m, values, &res, true, rc) : NULL;
        if (t && report)
            report_rows(c, &res, report);
        for (int i = 0; i < n; i++)
            eval_release(values[i]);
        free(values);
        if (!t)
            return NULL;
        m = t;
        if (o->no_params)
            drop_param_data(m);
        /* the trace's own constants are initializers too, listed as inputs
         * the same way as the script's were */
        if (o->keep_initializers_as_inputs || m->ir_version < 4)
            lower_initializers_as_inputs(m);
        *rc = rename_inputs(c, o, m);
        if (*rc != EXIT_OK)
            return NULL;
    }
    driver_passes(c, o, m);
    if (o->no_params)
        lower_constants_as_nodes(m);
    return m;
}
