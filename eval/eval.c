/* Running graphs: the evaluator's state, the per-graph plan (which kernel
 * runs each node, when each value is used for the last time), the node
 * loop, and what every kernel uses to read its inputs and attributes and
 * to report.
 *
 * The value of every IrValue being evaluated sits in ev->slots, indexed by
 * IrValue.id (unique in the model, also across Loop/If bodies), so a body
 * reads the values of its enclosing graphs directly.  A graph owns the
 * slots of its inputs, initializers and node outputs: it fills them, frees
 * each after the last node that reads it (directly or from inside a body),
 * and clears the rest when it ends, whether it succeeded or not. */
#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

struct EvalPlan {
    const IrGraph *graph;
    int n_nodes, n_outputs;
    void **nodes, **outputs;    /* the graph's lists when the plan was made */
    const EvalOp **ops;         /* per node; NULL when not implemented */
    PtrVec *release;            /* per node: IrValue * read for the last time */
};

void eval_init(Evaluator *ev, uint64_t seed)
{
    memset(ev, 0, sizeof *ev);
    arena_init(&ev->arena);
    ev->seed = seed;
    ev->max_loop_iterations = EVAL_DEFAULT_MAX_LOOP_ITERATIONS;
    ev->max_total_loop_iterations = EVAL_DEFAULT_MAX_TOTAL_LOOP_ITERATIONS;
}

const EvalBlas *eval_call_blas(EvalCall *c)
{
    Evaluator *ev = c->ev;
    if (ev->portable_kernels)
        return NULL;
    if (!ev->blas_tried) {
        ev->blas_tried = true;
        ev->blas = eval_blas_open();
    }
    return ev->blas;
}

void eval_free(Evaluator *ev)
{
    eval_blas_close(ev->blas);
    for (int i = 0; i < ev->n_slots; i++)
        eval_release(ev->slots[i]);
    free(ev->slots);
    arena_free(&ev->arena);
    memset(ev, 0, sizeof *ev);
}

const char *eval_error(const Evaluator *ev)
{
    return ev->error ? ev->error : "";
}

const IrNode *eval_error_node(const Evaluator *ev)
{
    return ev->error_node;
}

EvalStatus eval_report(Evaluator *ev, const IrNode *n, EvalStatus st, const char *msg)
{
    ev->error_node = n;
    if (n)
        ev->error = arena_sprintf(&ev->arena, "node '%s' (%s): %s", n->name, n->op_type, msg);
    else
        ev->error = arena_strdup(&ev->arena, msg);
    return st;
}

static EvalStatus vreport(EvalCall *c, EvalStatus st, const char *fmt, va_list ap)
{
    char *msg = arena_vsprintf(&c->ev->arena, fmt, ap);
    return eval_report(c->ev, c->node, st, msg);
}

EvalStatus eval_fail(EvalCall *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    EvalStatus st = vreport(c, EVAL_ERROR, fmt, ap);
    va_end(ap);
    return st;
}

bool eval_reject(EvalCall *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(c, EVAL_ERROR, fmt, ap);
    va_end(ap);
    return false;
}

EvalStatus eval_unsupported(EvalCall *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    EvalStatus st = vreport(c, EVAL_UNSUPPORTED, fmt, ap);
    va_end(ap);
    return st;
}

/* ---- plans ------------------------------------------------------------------ */

/* Grows the slots geometrically: a trace calls this once per node it
 * unrolls, with one more value each time (growing by exactly N made it
 * quadratic where realloc copies, as under AddressSanitizer). */
static void ensure_slots(Evaluator *ev, int n)
{
    if (n <= ev->n_slots)
        return;
    int cap = ev->n_slots > 0 ? ev->n_slots : 64;
    while (cap < n)
        cap = cap > INT_MAX / 2 ? n : cap * 2;
    n = cap;
    EvalValue **s = realloc(ev->slots, sizeof(EvalValue *) * (size_t)n);
    if (!s) {
        fputs("tsc2onnx: fatal: out of memory\n", stderr);
        exit(4);
    }
    memset(s + ev->n_slots, 0, sizeof(EvalValue *) * (size_t)(n - ev->n_slots));
    ev->slots = s;
    ev->n_slots = n;
}

/* Marks, in LAST, node I of the graph as a reader of every value that N
 * or the bodies of N read. */
static void mark_reads(const IrNode *n, int i, int *last)
{
    for (int k = 0; k < n->n_inputs; k++)
        if (n->inputs[k] && last[n->inputs[k]->id] > INT_MIN)
            last[n->inputs[k]->id] = i;
    for (int a = 0; a < n->n_attrs; a++) {
        const IrGraph *body = n->attrs[a].kind == IR_ATTR_GRAPH ? n->attrs[a].g : NULL;
        if (!body)
            continue;
        for (int j = 0; j < body->nodes.len; j++)
            mark_reads(body->nodes.items[j], i, last);
        for (int j = 0; j < body->outputs.len; j++) {
            const IrValue *v = body->outputs.items[j];
            if (last[v->id] > INT_MIN)
                last[v->id] = i;
        }
    }
}

static EvalPlan *build_plan(Evaluator *ev, const IrGraph *g)
{
    Arena *a = &ev->arena;
    int nv = g->model->next_value_id, nn = g->nodes.len;
    int *last = malloc(sizeof(int) * (size_t)(nv ? nv : 1));
    for (int i = 0; i < nv; i++)
        last[i] = INT_MIN;      /* not owned by G */
    for (int i = 0; i < nn; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++)
            if (n->outputs[k])
                last[n->outputs[k]->id] = i;
    }
    for (int i = 0; i < nn; i++)
        mark_reads(g->nodes.items[i], i, last);
    EvalPlan *p = arena_alloc(a, sizeof *p);
    p->graph = g;
    p->n_nodes = nn;
    p->n_outputs = g->outputs.len;
    p->nodes = arena_alloc(a, sizeof(void *) * (size_t)(nn + 1));
    p->outputs = arena_alloc(a, sizeof(void *) * (size_t)(p->n_outputs + 1));
    if (nn)
        memcpy(p->nodes, g->nodes.items, sizeof(void *) * (size_t)nn);
    if (p->n_outputs)
        memcpy(p->outputs, g->outputs.items, sizeof(void *) * (size_t)p->n_outputs);
    p->ops = arena_alloc(a, sizeof(EvalOp *) * (size_t)(nn + 1));
    p->release = arena_alloc(a, sizeof(PtrVec) * (size_t)(nn + 1));
    for (int j = 0; j < g->outputs.len; j++)
        last[((IrValue *)g->outputs.items[j])->id] = INT_MIN;   /* kept */
    for (int i = 0; i < nn; i++) {
        const IrNode *n = g->nodes.items[i];
        p->ops[i] = n->schema && !*n->domain ? eval_find_op(n->op_type) : NULL;
        for (int k = 0; k < n->n_outputs; k++) {
            IrValue *v = n->outputs[k];
            if (v && last[v->id] >= i)
                ptrvec_push(a, &p->release[last[v->id]], v);
        }
    }
    free(last);
    ptrvec_push(a, &ev->plans, p);
    return p;
}

void eval_forget_plans(Evaluator *ev)
{
    ev->plans.len = 0;      /* the plans' memory goes with the arena */
}

/* The plan of G, made again when G changed since (constant folding edits
 * graphs between runs). */
static EvalPlan *plan_for(Evaluator *ev, const IrGraph *g)
{
    for (int i = ev->plans.len - 1; i >= 0; i--) {
        EvalPlan *p = ev->plans.items[i];
        if (p->graph != g)
            continue;
        bool same = p->n_nodes == g->nodes.len && p->n_outputs == g->outputs.len &&
                    (!p->n_nodes || !memcmp(p->nodes, g->nodes.items, sizeof(void *) * (size_t)p->n_nodes)) &&
                    (!p->n_outputs ||
                     !memcmp(p->outputs, g->outputs.items, sizeof(void *) * (size_t)p->n_outputs));
        if (same)
            return p;
        ev->plans.items[i] = ev->plans.items[--ev->plans.len];
        break;
    }
    return build_plan(ev, g);
}

/* ---- running nodes ------------------------------------------------------------ */

static int node_version(const IrNode *n)
{
    int opset = n->graph->model->opset;
    int v = opschema_version_at(n->schema, opset);
    return v ? v : n->schema->since;
}

bool eval_supports(const IrNode *n)
{
    return n->schema && !*n->domain && eval_find_op(n->op_type);
}

static EvalStatus unsupported_node(Evaluator *ev, const IrNode *n)
{
    const char *why;
    if (*n->domain)
        why = arena_sprintf(&ev->arena, "operator domain '%s' is not supported", n->domain);
    else if (!n->schema)
        why = arena_sprintf(&ev->arena, "operator %s is not supported at opset %d", n->op_type,
                            n->graph->model->opset);
    else
        why = arena_sprintf(&ev->arena, "operator %s is not supported yet by the evaluator",
                            n->op_type);
    return eval_report(ev, n, EVAL_UNSUPPORTED, why);
}

/* Runs N with its kernel; OUT (n->n_outputs entries, zeroed) receives the
 * outputs.  On failure OUT holds nothing. */
static EvalStatus run_kernel(Evaluator *ev, const IrNode *n, const EvalOp *op,
                             EvalValue *const *in, EvalValue **out)
{
    if (!op)
        return unsupported_node(ev, n);
    if (ev->max_nodes_run > 0 && ev->nodes_run >= ev->max_nodes_run) {
        EvalCall stop = {.ev = ev, .node = n};
        return eval_fail(&stop, "stopped after %lld nodes", (long long)ev->nodes_run);
    }
    EvalCall c = {
        .ev = ev, .node = n, .schema = n->schema, .version = node_version(n),
        .opset = n->graph->model->opset, .in = in, .n_in = n->n_inputs, .out = out,
        .n_out = n->n_outputs, .info = op->info,
    };
    EvalStatus st = op->kernel(&c);
    for (int k = 0; k < OP_MAX_OUTPUTS; k++)
        eval_release(c.spare[k]);
    for (int k = 0; k < n->n_outputs && st == EVAL_OK; k++) {
        if (n->outputs[k] && !out[k])
            st = eval_fail(&c, "produced no value for output %d", k);
    }
    if (st != EVAL_OK) {
        for (int k = 0; k < n->n_outputs; k++) {
            eval_release(out[k]);
            out[k] = NULL;
        }
    }
    ev->nodes_run++;
    return st;
}

/* Node I of PLAN: gathers its inputs from the slots, runs it, fills the
 * slots of its outputs and frees what it read for the last time. */
static EvalStatus run_planned_node(Evaluator *ev, const EvalPlan *plan, int i)
{
    const IrNode *n = plan->graph->nodes.items[i];
    EvalValue *small[16], **buf = small;
    int need = n->n_inputs + n->n_outputs;
    if (need > 16)
        buf = calloc((size_t)need, sizeof *buf);
    memset(buf, 0, sizeof(EvalValue *) * (size_t)(need < 16 ? 16 : need));
    EvalValue **in = buf, **out = buf + n->n_inputs;
    EvalStatus st = EVAL_OK;
    for (int k = 0; k < n->n_inputs && st == EVAL_OK; k++) {
        const IrValue *v = n->inputs[k];
        if (v && (in[k] = ev->slots[v->id]) == NULL)
            st = eval_report(ev, n, EVAL_ERROR, arena_sprintf(&ev->arena,
                             "input '%s' has no value", v->name));
    }
    if (st == EVAL_OK)
        st = run_kernel(ev, n, plan->ops[i], in, out);
    if (st == EVAL_OK) {
        for (int k = 0; k < n->n_outputs; k++) {
            if (n->outputs[k]) {
                eval_release(ev->slots[n->outputs[k]->id]);
                ev->slots[n->outputs[k]->id] = out[k];
            } else {
                eval_release(out[k]);
                out[k] = NULL;
            }
        }
        if (ev->hook)
            ev->hook(ev->hook_ctx, n, out);
        const PtrVec *rel = &plan->release[i];
        for (int k = 0; k < rel->len; k++) {
            const IrValue *v = rel->items[k];
            eval_release(ev->slots[v->id]);
            ev->slots[v->id] = NULL;
        }
    }
    if (buf != small)
        free(buf);
    return st;
}

/* ---- graphs ------------------------------------------------------------------------ */

static void clear_graph_slots(Evaluator *ev, const IrGraph *g)
{
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        eval_release(ev->slots[v->id]);
        ev->slots[v->id] = NULL;
    }
    for (int i = 0; i < g->initializers.len; i++) {
        const IrValue *v = g->initializers.items[i];
        eval_release(ev->slots[v->id]);
        ev->slots[v->id] = NULL;
    }
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++) {
            if (n->outputs[k]) {
                eval_release(ev->slots[n->outputs[k]->id]);
                ev->slots[n->outputs[k]->id] = NULL;
            }
        }
    }
}

static EvalStatus bind_inputs(Evaluator *ev, const IrGraph *g, EvalValue *const *inputs)
{
    for (int i = 0; i < g->initializers.len; i++) {
        const IrValue *v = g->initializers.items[i];
        if (!v->init->data && v->init->fill)
            ir_tensor_force(g->model->arena, v->init);     /* deferred parameter data */
        EvalValue *t = eval_tensor_borrow(v->init);
        if (!t)
            return eval_report(ev, NULL, EVAL_UNSUPPORTED, arena_sprintf(&ev->arena,
                               "initializer '%s': %s tensors are not supported", v->name,
                               dtype_name(v->init->dtype)));
        ev->slots[v->id] = t;
    }
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        EvalValue *x = inputs ? inputs[i] : NULL;
        if (!x && !v->init)
            return eval_report(ev, NULL, EVAL_ERROR, arena_sprintf(&ev->arena,
                               "graph '%s': no value for input '%s'", g->name, v->name));
        if (x) {
            eval_release(ev->slots[v->id]);
            ev->slots[v->id] = eval_retain(x);
        }
    }
    return EVAL_OK;
}

EvalStatus eval_graph(Evaluator *ev, const IrGraph *g, EvalValue *const *inputs,
                      EvalValue **outputs)
{
    ensure_slots(ev, g->model->next_value_id);
    if (!g->parent)
        ev->loop_iterations = 0;    /* a new run: Loop bodies are graphs with a parent */
    EvalPlan *plan = plan_for(ev, g);
    EvalStatus st = bind_inputs(ev, g, inputs);
    for (int i = 0; i < plan->n_nodes && st == EVAL_OK; i++)
        st = run_planned_node(ev, plan, i);
    for (int j = 0; j < g->outputs.len; j++) {
        const IrValue *v = g->outputs.items[j];
        outputs[j] = st == EVAL_OK ? eval_retain(ev->slots[v->id]) : NULL;
        if (st == EVAL_OK && !outputs[j])
            st = eval_report(ev, NULL, EVAL_ERROR, arena_sprintf(&ev->arena,
                             "graph '%s': output '%s' has no value", g->name, v->name));
    }
    if (st != EVAL_OK) {
        for (int j = 0; j < g->outputs.len; j++) {
            eval_release(outputs[j]);
            outputs[j] = NULL;
        }
    }
    clear_graph_slots(ev, g);
    return st;
}

EvalStatus eval_node(Evaluator *ev, const IrNode *n, EvalValue *const *inputs,
                     EvalValue **outputs)
{
    ensure_slots(ev, n->graph->model->next_value_id);
    for (int k = 0; k < n->n_outputs; k++)
        outputs[k] = NULL;
    const EvalOp *op = n->schema && !*n->domain ? eval_find_op(n->op_type) : NULL;
    EvalStatus st = run_kernel(ev, n, op, inputs, outputs);
    for (int k = 0; k < n->n_outputs && st == EVAL_OK; k++) {
        if (!n->outputs[k]) {
            eval_release(outputs[k]);
            outputs[k] = NULL;
        }
    }
    return st;
}

/* ---- what kernels use ------------------------------------------------------------ */

EvalValue *eval_in(const EvalCall *c, int i)
{
    return i < c->n_in ? c->in[i] : NULL;
}

EvalValue *eval_tensor_in(EvalCall *c, int i, bool optional)
{
    EvalValue *v = eval_in(c, i);
    const OpParam *p = c->schema ? opschema_input_param(c->schema, i) : NULL;
    const char *name = p ? p->name : "?";
    if (!v) {
        if (!optional)
            eval_fail(c, "missing input '%s'", name);
        return NULL;
    }
    if (v->kind != EVAL_TENSOR) {
        eval_fail(c, "input '%s' must be a tensor, found %s", name,
                  eval_value_type_str(&c->ev->arena, v));
        return NULL;
    }
    return v;
}

bool eval_wants(const EvalCall *c, int i)
{
    return i < c->n_out && c->node->outputs[i] != NULL;
}

static EvalValue *alloc_tensor(EvalCall *c, DType dt, int rank, const int64_t *dims, bool zero)
{
    EvalValue *v = zero ? eval_tensor_new(dt, rank, dims) : eval_tensor_new_raw(dt, rank, dims);
    if (!v) {
        char shape[256] = "";
        size_t len = 0;
        for (int i = 0; i < rank && len < sizeof shape - 24; i++)
            len += (size_t)snprintf(shape + len, sizeof shape - len, "%s%lld", i ? ", " : "",
                                    (long long)dims[i]);
        eval_fail(c, "cannot allocate a %s tensor of shape [%s]", dtype_name(dt), shape);
    }
    return v;
}

EvalValue *eval_alloc(EvalCall *c, DType dt, int rank, const int64_t *dims)
{
    return alloc_tensor(c, dt, rank, dims, true);
}

EvalValue *eval_alloc_raw(EvalCall *c, DType dt, int rank, const int64_t *dims)
{
    return alloc_tensor(c, dt, rank, dims, false);
}

EvalValue *eval_output(EvalCall *c, int i, DType dt, int rank, const int64_t *dims)
{
    EvalValue *v = eval_alloc(c, dt, rank, dims);
    if (v)
        eval_set_output(c, i, v);
    return v;
}

EvalValue *eval_output_raw(EvalCall *c, int i, DType dt, int rank, const int64_t *dims)
{
    EvalValue *v = eval_alloc_raw(c, dt, rank, dims);
    if (v)
        eval_set_output(c, i, v);
    return v;
}

void eval_set_output(EvalCall *c, int i, EvalValue *v)
{
    EvalValue **slot = i < c->n_out ? &c->out[i] : i < OP_MAX_OUTPUTS ? &c->spare[i] : NULL;
    if (!slot) {
        /* no kernel makes more outputs than its schema has */
        assert(!"output index beyond OP_MAX_OUTPUTS");
        eval_release(v);
        return;
    }
    eval_release(*slot);
    *slot = v;
}
