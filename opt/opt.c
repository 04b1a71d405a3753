/* The pass pipeline and the index the passes share (opt/opt_internal.h).
 *
 * The pipeline runs after sema has built and pruned the graph and before
 * emit/ writes it:
 *
 *     fold -> simplify -> cse -> fuse -> unroll -> (again until nothing
 *     changes, at most OPT_MAX_ROUNDS times) -> dead-code removal
 *
 * Constant folding is opt/fold.c's (the evaluator runs the nodes); a round
 * starts with it because the other passes make new constants (a Loop
 * unrolled, a Reshape chain shortened) and it makes room for them. */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "eval/kernel.h"
#include "lower/lower.h"
#include "opt/opt_internal.h"

#define OPT_MAX_ROUNDS 8
#define OPT_MAX_DEPTH 64
/* opt_const_all() looks at constants up to this size only. */
#define OPT_SCAN_BYTES (64 * 1024)

OptOptions opt_defaults(void)
{
    return (OptOptions){
        .enabled = true, .unroll_limit = OPT_DEFAULT_UNROLL_LIMIT, .fold = true,
        .fold_options = {.max_elements = FOLD_DEFAULT_MAX_ELEMENTS, .small_bytes = FOLD_DEFAULT_SMALL_BYTES},
    };
}

/* ---- walking the graphs ---- */

static void each_graph_in(Opt *o, IrGraph *g, void (*fn)(Opt *o, IrGraph *g), int depth)
{
    fn(o, g);
    if (depth >= OPT_MAX_DEPTH)
        return;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                each_graph_in(o, n->attrs[k].g, fn, depth + 1);
    }
}

void opt_each_graph(Opt *o, void (*fn)(Opt *o, IrGraph *g))
{
    each_graph_in(o, o->m->graph, fn, 0);
}

/* ---- the index ---- */

static bool has_id(const Opt *o, const IrValue *v)
{
    return v && v->id >= 0 && v->id < o->cap;
}

static void index_graph(Opt *o, IrGraph *g)
{
    for (int i = 0; i < g->inputs.len; i++) {
        IrValue *v = g->inputs.items[i];
        if (has_id(o, v))
            o->is_input[v->id] = true;
    }
    for (int i = 0; i < g->outputs.len; i++) {
        IrValue *v = g->outputs.items[i];
        if (has_id(o, v)) {
            o->is_output[v->id] = true;
            o->uses[v->id]++;
        }
    }
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++) {
            IrValue *v = n->inputs[k];
            if (has_id(o, v)) {
                o->uses[v->id]++;
                o->user[v->id] = n;
            }
        }
    }
}

/* The index's arrays are kept from pass to pass (cleared, or made anew
 * when the model has grown past them): a pipeline of eight passes costs
 * one set of arrays, not eight. */
void opt_index(Opt *o)
{
    size_t nv = (size_t)o->m->next_value_id + 1, nn = (size_t)o->m->next_node_id + 1;
    if (nv > o->value_room) {
        o->value_room = nv + nv / 2;
        o->uses = arena_alloc_raw(o->arena, sizeof(int) * o->value_room);
        o->is_input = arena_alloc_raw(o->arena, sizeof(bool) * o->value_room);
        o->is_output = arena_alloc_raw(o->arena, sizeof(bool) * o->value_room);
        o->subst = arena_alloc_raw(o->arena, sizeof(IrValue *) * o->value_room);
        o->user = arena_alloc_raw(o->arena, sizeof(IrNode *) * o->value_room);
    }
    if (nn > o->node_room) {
        o->node_room = nn + nn / 2;
        o->dead = arena_alloc_raw(o->arena, sizeof(bool) * o->node_room);
    }
    memset(o->uses, 0, sizeof(int) * nv);
    memset(o->is_input, 0, sizeof(bool) * nv);
    memset(o->is_output, 0, sizeof(bool) * nv);
    memset(o->subst, 0, sizeof(IrValue *) * nv);
    memset(o->user, 0, sizeof(IrNode *) * nv);
    memset(o->dead, 0, sizeof(bool) * nn);
    o->cap = (int)nv;
    o->node_cap = (int)nn;
    o->changes = 0;
    opt_each_graph(o, index_graph);
}

IrValue *opt_get(Opt *o, IrValue *v)
{
    IrValue *r = v;
    while (has_id(o, r) && o->subst[r->id])
        r = o->subst[r->id];
    while (has_id(o, v) && o->subst[v->id] && o->subst[v->id] != r) {
        IrValue *next = o->subst[v->id];
        o->subst[v->id] = r;        /* path compression */
        v = next;
    }
    return r;
}

int opt_uses(const Opt *o, const IrValue *v)
{
    return has_id(o, v) ? o->uses[v->id] : 0;
}

IrNode *opt_only_user(Opt *o, const IrValue *v)
{
    if (!has_id(o, v) || o->uses[v->id] != 1 || o->is_output[v->id])
        return NULL;
    IrNode *n = o->user[v->id];
    if (!n || n->graph != v->graph || opt_is_dead(o, n))
        return NULL;
    for (int k = 0; k < n->n_inputs; k++)
        if (opt_get(o, n->inputs[k]) == v)
            return n;
    return NULL;    /* the reader changed since the index was built */
}

bool opt_is_graph_output(const Opt *o, const IrValue *v)
{
    return has_id(o, v) && o->is_output[v->id];
}

bool opt_is_graph_input(const Opt *o, const IrValue *v)
{
    return has_id(o, v) && o->is_input[v->id];
}

bool opt_is_dead(const Opt *o, const IrNode *n)
{
    return n->id >= 0 && n->id < o->node_cap && o->dead[n->id];
}

void opt_kill(Opt *o, IrNode *n)
{
    if (n->id >= 0 && n->id < o->node_cap && !o->dead[n->id]) {
        o->dead[n->id] = true;
        o->changes++;
    }
}

/* OLD is an output of its graph: NEW's producer makes OLD instead. */
static bool take_over(Opt *o, IrValue *old, IrValue *new)
{
    IrNode *p = new->producer;
    if (!p || opt_is_dead(o, p) || new->graph != old->graph || !has_id(o, new) ||
        o->is_output[new->id] || o->is_input[new->id] || new->init)
        return false;
    if (old->type.kind != new->type.kind || old->type.dtype != new->type.dtype)
        return false;
    p->outputs[new->producer_output] = old;
    old->producer = p;
    old->producer_output = new->producer_output;
    o->subst[new->id] = old;
    o->uses[old->id] += o->uses[new->id];
    o->uses[new->id] = 0;
    o->changes++;
    return true;
}

bool opt_replace(Opt *o, IrValue *old, IrValue *new)
{
    old = opt_get(o, old);
    new = opt_get(o, new);
    if (old == new)
        return true;
    if (!has_id(o, old) || o->is_input[old->id])
        return false;
    if (o->is_output[old->id])
        return take_over(o, old, new);
    o->subst[old->id] = new;
    if (has_id(o, new))
        o->uses[new->id] += o->uses[old->id];
    o->uses[old->id] = 0;
    o->changes++;
    return true;
}

void opt_set_input(Opt *o, IrNode *n, int k, IrValue *v)
{
    IrValue *old = opt_get(o, n->inputs[k]);
    if (has_id(o, old) && o->uses[old->id] > 0)
        o->uses[old->id]--;
    if (has_id(o, v))
        o->uses[v->id]++;
    n->inputs[k] = v;
    o->changes++;
}

static void apply_graph(Opt *o, IrGraph *g)
{
    int kept = 0;
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        if (opt_is_dead(o, n))
            continue;
        for (int k = 0; k < n->n_inputs; k++)
            if (n->inputs[k])
                n->inputs[k] = opt_get(o, n->inputs[k]);
        g->nodes.items[kept++] = n;
    }
    g->nodes.len = kept;
    for (int i = 0; i < g->outputs.len; i++)
        g->outputs.items[i] = opt_get(o, g->outputs.items[i]);
}

int opt_apply(Opt *o)
{
    int changes = o->changes;
    if (changes)
        opt_each_graph(o, apply_graph);
    return changes;
}

/* ---- constants ---- */

IrTensor *opt_const_lazy(Opt *o, IrValue *v)
{
    v = opt_get(o, v);
    if (!v)
        return NULL;
    if (v->init)
        return opt_is_graph_input(o, v) ? NULL : v->init;
    IrNode *p = v->producer;
    if (!p || opt_is_dead(o, p) || p->domain[0] || strcmp(p->op_type, "Constant") != 0)
        return NULL;
    IrAttr *a = ir_node_attr(p, "value");
    return a && a->kind == IR_ATTR_TENSOR ? a->t : NULL;
}

IrTensor *opt_const(Opt *o, IrValue *v)
{
    IrTensor *t = opt_const_lazy(o, v);
    return t && t->dtype != DT_STRING && ir_tensor_force(o->arena, t) ? t : NULL;
}

double opt_tensor_get(const IrTensor *t, int64_t i)
{
    const unsigned char *d = t->data;
    switch (t->dtype) {
    case DT_FLOAT: { float x; memcpy(&x, d + 4 * i, 4); return x; }
    case DT_DOUBLE: { double x; memcpy(&x, d + 8 * i, 8); return x; }
    case DT_FLOAT16: { uint16_t h; memcpy(&h, d + 2 * i, 2); return dtype_half_to_double(h); }
    case DT_BFLOAT16: { uint16_t h; memcpy(&h, d + 2 * i, 2); return dtype_bfloat16_to_double(h); }
    case DT_INT64: { int64_t x; memcpy(&x, d + 8 * i, 8); return (double)x; }
    case DT_INT32: { int32_t x; memcpy(&x, d + 4 * i, 4); return x; }
    case DT_INT16: { int16_t x; memcpy(&x, d + 2 * i, 2); return x; }
    case DT_INT8: return (int8_t)d[i];
    case DT_UINT8: case DT_BOOL: return d[i];
    case DT_UINT16: { uint16_t x; memcpy(&x, d + 2 * i, 2); return x; }
    case DT_UINT32: { uint32_t x; memcpy(&x, d + 4 * i, 4); return x; }
    case DT_UINT64: { uint64_t x; memcpy(&x, d + 8 * i, 8); return (double)x; }
    default: return NAN;
    }
}

void opt_tensor_set(IrTensor *t, int64_t i, double v)
{
    unsigned char *d = t->data;
    switch (t->dtype) {
    case DT_FLOAT: { float x = (float)v; memcpy(d + 4 * i, &x, 4); break; }
    case DT_DOUBLE: memcpy(d + 8 * i, &v, 8); break;
    case DT_FLOAT16: { uint16_t h = dtype_half_from_double(v); memcpy(d + 2 * i, &h, 2); break; }
    case DT_BFLOAT16: { uint16_t h = dtype_bfloat16_from_double(v); memcpy(d + 2 * i, &h, 2); break; }
    case DT_INT64: { int64_t x = (int64_t)v; memcpy(d + 8 * i, &x, 8); break; }
    case DT_INT32: { int32_t x = (int32_t)v; memcpy(d + 4 * i, &x, 4); break; }
    case DT_INT16: { int16_t x = (int16_t)v; memcpy(d + 2 * i, &x, 2); break; }
    case DT_UINT16: { uint16_t x = (uint16_t)v; memcpy(d + 2 * i, &x, 2); break; }
    case DT_UINT32: { uint32_t x = (uint32_t)v; memcpy(d + 4 * i, &x, 4); break; }
    case DT_UINT64: { uint64_t x = (uint64_t)v; memcpy(d + 8 * i, &x, 8); break; }
    case DT_INT8: d[i] = (unsigned char)(int8_t)v; break;
    case DT_UINT8: d[i] = (unsigned char)v; break;
    case DT_BOOL: d[i] = v != 0; break;
    default: assert(!"opt_tensor_set: element type not handled");
    }
}

static bool numeric(DType t)
{
    return t != DT_STRING && t != DT_UNDEFINED && t != DT_COMPLEX64 && t != DT_COMPLEX128 &&
           dtype_size(t) > 0;
}

bool opt_const_all(Opt *o, IrValue *v, double x)
{
    IrTensor *t = opt_const_lazy(o, v);
    if (!t || t->nbytes > OPT_SCAN_BYTES)
        return false;       /* large tensors are weights, not neutral elements */
    t = opt_const(o, v);
    if (!t || !numeric(t->dtype))
        return false;
    int64_t n = ir_tensor_numel(t);
    for (int64_t i = 0; i < n; i++)
        if (opt_tensor_get(t, i) != x)
            return false;
    return n > 0;
}

bool opt_const_scalar(Opt *o, IrValue *v, double *x)
{
    IrTensor *t = opt_const(o, v);
    if (!t || !numeric(t->dtype) || ir_tensor_numel(t) != 1)
        return false;
    *x = opt_tensor_get(t, 0);
    return true;
}

bool opt_const_ints(Opt *o, IrValue *v, int64_t **out, int64_t *n)
{
    IrTensor *t = opt_const(o, v);
    if (!t || (t->dtype != DT_INT64 && t->dtype != DT_INT32) || t->rank > 1)
        return false;
    *n = ir_tensor_numel(t);
    *out = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(*n + 1));
    for (int64_t i = 0; i < *n; i++)
        (*out)[i] = (int64_t)opt_tensor_get(t, i);
    return true;
}

IrTensor *opt_tensor_uninit(Opt *o, DType dt, int rank, const int64_t *dims)
{
    IrTensor *t = arena_alloc(o->arena, sizeof *t);
    t->dtype = dt;
    t->rank = rank;
    t->dims = arena_alloc(o->arena, sizeof(int64_t) * (size_t)(rank > 0 ? rank : 1));
    if (rank > 0)
        memcpy(t->dims, dims, sizeof(int64_t) * (size_t)rank);
    t->nbytes = (size_t)ir_tensor_numel(t) * dtype_size(dt);
    t->data = arena_alloc_raw(o->arena, t->nbytes);
    return t;
}

IrValue *opt_new_const(Opt *o, IrGraph *g, IrTensor *t, const char *hint)
{
    (void)o;
    return ir_add_initializer(g, hint, t, SPAN_NONE);
}

/* ---- nodes ---- */

int64_t opt_attr_int(IrNode *n, const char *name, int64_t def)
{
    IrAttr *a = ir_node_attr(n, name);
    return a && a->kind == IR_ATTR_INT ? a->i : def;
}

float opt_attr_float(IrNode *n, const char *name, float def)
{
    IrAttr *a = ir_node_attr(n, name);
    return a && a->kind == IR_ATTR_FLOAT ? a->f : def;
}

bool opt_morph(Opt *o, IrNode *n, const char *op_type, IrValue **inputs, int n_inputs, const IrNode *like)
{
    const OpSchema *s = opschema_find(op_type, "", o->opset, NULL);
    if (!s)
        return false;
    n->op_type = intern(o->m->names, op_type);
    n->domain = intern(o->m->names, "");
    n->schema = s;
    n->inputs = arena_alloc(o->arena, sizeof(IrValue *) * (size_t)(n_inputs ? n_inputs : 1));
    memcpy(n->inputs, inputs, sizeof(IrValue *) * (size_t)n_inputs);
    n->n_inputs = n_inputs;
    n->attrs = NULL;
    n->n_attrs = n->cap_attrs = 0;
    if (like) {
        n->span = like->span;
        n->scope = like->scope;
    }
    lower_name_node(o->m, n);      /* named after its new operator and scope */
    o->changes++;
    return true;
}

bool opt_same_type(const IrValue *a, const IrValue *b)
{
    if (a->type.kind != IR_TYPE_TENSOR || b->type.kind != IR_TYPE_TENSOR ||
        a->type.dtype == DT_UNDEFINED || a->type.rank < 0)
        return false;
    for (int i = 0; i < a->type.rank; i++)
        if (!dim_is_known(a->type.dims[i]) && !a->type.dims[i].sym)
            return false;
    return ir_type_equal(&a->type, &b->type);
}

/* ---- the pipeline ---- */

typedef int (*OptPass)(Opt *o);

/* Runs PASS over a fresh index and applies what it scheduled. */
static int run_pass(Opt *o, OptPass pass)
{
    opt_index(o);
    pass(o);
    return opt_apply(o);
}

/* Constant folding; returns the nodes it replaced. */
static int fold(IrModel *m, const OptOptions *options, bool first)
{
    if (!options->fold)
        return 0;
    FoldStats st;
    opt_fold(m, &options->fold_options, &st);
    FoldStats *sum = options->fold_stats;
    if (sum) {
        if (first)
            *sum = st;
        else
            sum->folded += st.folded;
        sum->nodes_after = st.nodes_after;
        sum->init_bytes_after = st.init_bytes_after;
    }
    return st.folded;
}

void opt_run(Compiler *c, IrModel *m, const OptOptions *options)
{
    if (!options->enabled) {
        fold(m, options, true);
        return;
    }
    Opt o = {.c = c, .m = m, .arena = m->arena, .opset = m->opset, .options = options};
    static const OptPass passes[] = {opt_simplify, opt_cse, opt_fuse};
    bool refold = true;
    for (int round = 0; round < OPT_MAX_ROUNDS; round++) {
        /* folding again pays after unrolling, which makes constants (the
         * iteration numbers); the other passes leave nothing to fold */
        int changes = refold ? fold(m, options, round == 0) : 0;
        for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++)
            changes += run_pass(&o, passes[i]);
        int unrolled = run_pass(&o, opt_unroll);
        refold = unrolled > 0;
        if (!changes && !unrolled)
            break;
        lower_prune(m);
    }
    lower_prune(m);
}
