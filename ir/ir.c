/* IR construction: models, graphs, values, nodes, attributes, and the
 * model-wide name sets that keep every value and node name unique. */
#include "ir/ir.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "ir/symdim.h"

/* IR version per opset: the facts of ONNX's versioning table. */
int ir_version_for_opset(int opset)
{
    static const int table[] = {
        /* opset:  1  2  3  4  5  6  7  8  9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 */
        0,         3, 3, 3, 3, 3, 3, 3, 3, 4, 5, 6, 7, 7, 7, 8, 8, 8, 8, 9, 9, 10, 10, 11,
    };
    if (opset < IR_MIN_OPSET)
        return 3;
    if (opset > IR_MAX_OPSET)
        return table[IR_MAX_OPSET];
    return table[opset];
}

bool dim_equal(Dim a, Dim b)
{
    if (a.value >= 0 || b.value >= 0)
        return a.value == b.value;
    return a.sym != NULL && b.sym != NULL && a.sym->text == b.sym->text;
}

IrType ir_type_tensor(Arena *a, DType dt, int rank, const Dim *dims)
{
    IrType t = {.kind = IR_TYPE_TENSOR, .dtype = dt, .rank = rank};
    if (rank > 0) {
        t.dims = arena_alloc(a, sizeof(Dim) * (size_t)rank);
        if (dims)
            memcpy(t.dims, dims, sizeof(Dim) * (size_t)rank);
        else
            for (int i = 0; i < rank; i++)
                t.dims[i] = dim_unknown();
    }
    return t;
}

IrType ir_type_scalar(DType dt)
{
    return (IrType){.kind = IR_TYPE_TENSOR, .dtype = dt, .rank = 0};
}

IrType ir_type_unknown_rank(DType dt)
{
    return (IrType){.kind = IR_TYPE_TENSOR, .dtype = dt, .rank = -1};
}

bool ir_type_equal_with(const IrType *a, const IrType *b, bool (*same_dim)(Dim, Dim))
{
    if (a->kind != b->kind)
        return false;
    if (a->kind != IR_TYPE_TENSOR)
        return a->elem && b->elem && ir_type_equal_with(a->elem, b->elem, same_dim);
    if (a->dtype != b->dtype || a->rank != b->rank)
        return false;
    for (int i = 0; i < a->rank; i++)
        if (!same_dim(a->dims[i], b->dims[i]))
            return false;
    return true;
}

bool ir_type_equal(const IrType *a, const IrType *b)
{
    return ir_type_equal_with(a, b, dim_equal);
}

bool ir_attr_same_inline(const IrAttr *a, const IrAttr *b)
{
    if (strcmp(a->name, b->name) != 0 || a->kind != b->kind || a->n != b->n)
        return false;
    switch (a->kind) {
    case IR_ATTR_INT: return a->i == b->i;
    case IR_ATTR_FLOAT: return memcmp(&a->f, &b->f, sizeof a->f) == 0;
    case IR_ATTR_STRING: return strcmp(a->s, b->s) == 0;
    case IR_ATTR_INTS: return memcmp(a->ints, b->ints, sizeof(int64_t) * (size_t)a->n) == 0;
    case IR_ATTR_FLOATS: return memcmp(a->floats, b->floats, sizeof(float) * (size_t)a->n) == 0;
    case IR_ATTR_STRINGS:
        for (int i = 0; i < a->n; i++)
            if (strcmp(a->strings[i], b->strings[i]) != 0)
                return false;
        return true;
    default: return false;
    }
}

int64_t ir_tensor_numel(const IrTensor *t)
{
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++)
        n *= t->dims[i];
    return n;
}

IrTensor *ir_tensor_new(Arena *a, DType dt, int rank, const int64_t *dims)
{
    IrTensor *t = arena_alloc(a, sizeof *t);
    t->dtype = dt;
    t->rank = rank;
    t->dims = arena_alloc(a, sizeof(int64_t) * (size_t)(rank > 0 ? rank : 1));
    if (rank > 0)
        memcpy(t->dims, dims, sizeof(int64_t) * (size_t)rank);
    int64_t n = ir_tensor_numel(t);
    if (dt == DT_STRING) {
        t->strings = arena_alloc(a, sizeof(char *) * (size_t)(n > 0 ? n : 1));
    } else {
        t->nbytes = (size_t)n * dtype_size(dt);
        t->data = arena_alloc(a, t->nbytes);
    }
    return t;
}

IrTensor *ir_tensor_scalar_i64(Arena *a, int64_t v)
{
    IrTensor *t = ir_tensor_new(a, DT_INT64, 0, NULL);
    memcpy(t->data, &v, sizeof v);
    return t;
}

IrTensor *ir_tensor_scalar_f32(Arena *a, float v)
{
    IrTensor *t = ir_tensor_new(a, DT_FLOAT, 0, NULL);
    memcpy(t->data, &v, sizeof v);
    return t;
}

/* Below this many bytes a piece is made on the calling thread alone. */
#define IR_FILL_PARALLEL_BYTES ((size_t)1 << 20)

/* The parts of one ir_tensor_fill_range, a thread each. */
typedef struct IrFillJob {
    const IrTensor *t;
    size_t done, n;
    char *dst;
} IrFillJob;

typedef struct IrFill {
    IrFillJob jobs[IR_FILL_THREADS];
    pthread_t ids[IR_FILL_THREADS];
    bool started[IR_FILL_THREADS];
    int n_jobs;
} IrFill;

static void *fill_job(void *arg)
{
    IrFillJob *j = arg;
    if (j->n)
        j->t->fill_part(j->t, j->done, j->dst, j->n);
    return NULL;
}

static int fill_threads(size_t n)
{
    if (n < IR_FILL_PARALLEL_BYTES)
        return 1;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > IR_FILL_THREADS ? IR_FILL_THREADS : (int)cpus;
}

/* Splits bytes DONE .. DONE+N of T into THREADS parts, F's jobs. */
static void fill_split(IrFill *f, const IrTensor *t, size_t done, void *dst, size_t n, int threads)
{
    size_t es = dtype_size(t->dtype), part = (n / es + (size_t)threads - 1) / (size_t)threads * es;
    f->n_jobs = threads;
    for (int k = 0; k < threads; k++) {
        size_t from = (size_t)k * part < n ? (size_t)k * part : n;
        size_t to = from + part < n ? from + part : n;
        f->jobs[k] = (IrFillJob){t, done + from, to - from, (char *)dst + from};
        f->started[k] = false;
    }
}

static void fill_wait(IrFill *f)
{
    for (int k = 0; k < f->n_jobs; k++) {
        if (f->started[k])
            pthread_join(f->ids[k], NULL);
        else
            fill_job(&f->jobs[k]);      /* nothing when already made */
        f->started[k] = false;
        f->jobs[k].n = 0;
    }
    f->n_jobs = 0;
}

/* The calling thread makes the last part, and any part whose thread
 * cannot start. */
void ir_tensor_fill_range(const IrTensor *t, size_t done, void *dst, size_t n)
{
    IrFill f;
    fill_split(&f, t, done, dst, n, fill_threads(n));
    for (int k = 0; k < f.n_jobs - 1; k++)
        f.started[k] = pthread_create(&f.ids[k], NULL, fill_job, &f.jobs[k]) == 0;
    fill_job(&f.jobs[f.n_jobs - 1]);
    f.jobs[f.n_jobs - 1].n = 0;     /* made */
    fill_wait(&f);
}


const void *ir_tensor_force(Arena *a, IrTensor *t)
{
    if (!t->data && t->fill && t->dtype != DT_STRING) {
        void *d = arena_alloc_raw(a, t->nbytes ? t->nbytes : 1);
        if (t->fill_part)
            ir_tensor_fill_range(t, 0, d, t->nbytes);
        else
            t->fill(t, d);
        t->data = d;
    }
    return t->data;
}

/* Name sets: open addressing over interned pointers.  Each slot also keeps
 * the next suffix to try for names made from it as a hint, so that the
 * n-th "Relu_out" costs one probe rather than n (names are never removed,
 * so every smaller suffix is still taken: the result is the same as
 * trying 1, 2, 3 ...). */

static size_t nameset_slot(const IrNameSet *s, const char *name)
{
    size_t j = hash_ptr(name) & (s->cap - 1);
    while (s->slots[j] && s->slots[j] != name)
        j = (j + 1) & (s->cap - 1);
    return j;
}

static bool nameset_contains(const IrNameSet *s, const char *name)
{
    return s->cap && s->slots[nameset_slot(s, name)] == name;
}

/* Adds NAME (absent); returns its slot. */
static size_t nameset_add(Arena *a, IrNameSet *s, const char *name)
{
    if ((s->count + 1) * 2 > s->cap) {
        IrNameSet grown = {.cap = s->cap ? s->cap * 2 : 256};
        grown.slots = arena_alloc(a, sizeof(char *) * grown.cap);
        grown.next_suffix = arena_alloc(a, sizeof(int) * grown.cap);
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slots[i])
                continue;
            size_t j = nameset_slot(&grown, s->slots[i]);
            grown.slots[j] = s->slots[i];
            grown.next_suffix[j] = s->next_suffix[i];
        }
        grown.count = s->count;
        *s = grown;
    }
    size_t j = nameset_slot(s, name);
    s->slots[j] = name;
    s->count++;
    return j;
}

static const char *unique_name(IrModel *m, IrNameSet *set, const char *hint)
{
    const char *base = hint && *hint ? hint : "v";
    const char *name = intern(m->names, base);
    if (!nameset_contains(set, name)) {
        nameset_add(m->arena, set, name);
        return name;
    }
    const char *key = name;
    int k = set->next_suffix[nameset_slot(set, key)];
    char buf[512];
    do {
        join_number(buf, sizeof buf, base, 480, "_", ++k, "");
        name = intern(m->names, buf);
    } while (nameset_contains(set, name));
    nameset_add(m->arena, set, name);
    set->next_suffix[nameset_slot(set, key)] = k;
    return name;
}

const char *ir_unique_value_name(IrModel *m, const char *hint)
{
    return unique_name(m, &m->value_names, hint);
}

const char *ir_unique_node_name(IrModel *m, const char *hint)
{
    return unique_name(m, &m->node_names, hint);
}

bool ir_rename_value(IrModel *m, IrValue *v, const char *name)
{
    const char *n = intern(m->names, name);
    if (v->name == n)
        return true;
    if (nameset_contains(&m->value_names, n))
        return false;
    nameset_add(m->arena, &m->value_names, n);
    v->name = n;
    return true;
}

IrModel *ir_model_new(Arena *a, Interner *names, int opset)
{
    IrModel *m = arena_alloc(a, sizeof *m);
    m->arena = a;
    m->names = names;
    m->opset = opset;
    m->ir_version = ir_version_for_opset(opset);
    m->producer_name = "tsc2onnx";
    m->graph = ir_graph_new(m, NULL, "main_graph");
    return m;
}

IrGraph *ir_graph_new(IrModel *m, IrGraph *parent, const char *name)
{
    IrGraph *g = arena_alloc(m->arena, sizeof *g);
    g->name = name;
    g->parent = parent;
    g->model = m;
    return g;
}

IrValue *ir_value_new(IrGraph *g, const char *name_hint, IrType type, Span span)
{
    IrModel *m = g->model;
    IrValue *v = arena_alloc(m->arena, sizeof *v);
    v->name = ir_unique_value_name(m, name_hint);
    v->type = type;
    v->graph = g;
    v->span = span;
    v->id = m->next_value_id++;
    return v;
}

IrValue *ir_add_input(IrGraph *g, const char *name, IrType type, Span span)
{
    IrValue *v = ir_value_new(g, name, type, span);
    ptrvec_push(g->model->arena, &g->inputs, v);
    return v;
}

IrValue *ir_add_initializer(IrGraph *g, const char *name, IrTensor *data, Span span)
{
    IrType t = {.kind = IR_TYPE_TENSOR, .dtype = data->dtype, .rank = data->rank};
    if (data->rank > 0) {
        t.dims = arena_alloc(g->model->arena, sizeof(Dim) * (size_t)data->rank);
        for (int i = 0; i < data->rank; i++)
            t.dims[i] = dim_known(data->dims[i]);
    }
    IrValue *v = ir_value_new(g, name, t, span);
    v->init = data;
    ptrvec_push(g->model->arena, &g->initializers, v);
    return v;
}

void ir_add_output(IrGraph *g, IrValue *v)
{
    ptrvec_push(g->model->arena, &g->outputs, v);
}

IrNode *ir_node_new(IrGraph *g, const char *op_type, const char *domain,
                    IrValue **inputs, int n_inputs, int n_outputs, Span span)
{
    IrModel *m = g->model;
    IrNode *n = arena_alloc(m->arena, sizeof *n);
    n->op_type = intern(m->names, op_type);
    n->domain = intern(m->names, domain ? domain : "");
    n->name = ir_unique_node_name(m, op_type);
    n->n_inputs = n_inputs;
    n->inputs = arena_alloc(m->arena, sizeof(IrValue *) * (size_t)(n_inputs ? n_inputs : 1));
    if (n_inputs)
        memcpy(n->inputs, inputs, sizeof(IrValue *) * (size_t)n_inputs);
    n->n_outputs = n_outputs;
    n->outputs = arena_alloc(m->arena, sizeof(IrValue *) * (size_t)(n_outputs ? n_outputs : 1));
    for (int i = 0; i < n_outputs; i++) {
        char hint[256];
        snprintf(hint, sizeof hint, n_outputs == 1 ? "%s_out" : "%s_out%d", n->name, i);
        IrValue *v = ir_value_new(g, hint, ir_type_unknown_rank(DT_UNDEFINED), span);
        v->producer = n;
        v->producer_output = i;
        n->outputs[i] = v;
    }
    n->span = span;
    n->graph = g;
    n->id = m->next_node_id++;
    ptrvec_push(m->arena, &g->nodes, n);
    return n;
}

IrAttr *ir_node_attr(IrNode *n, const char *name)
{
    for (int i = 0; i < n->n_attrs; i++)
        if (strcmp(n->attrs[i].name, name) == 0)
            return &n->attrs[i];
    return NULL;
}

/* Returns the attribute NAME of N, added (zeroed) when absent. */
static IrAttr *ir_attr_slot(IrNode *n, const char *name, IrAttrKind kind)
{
    IrAttr *at = ir_node_attr(n, name);
    if (!at) {
        Arena *a = n->graph->model->arena;
        if (n->n_attrs == n->cap_attrs) {
            int cap = n->cap_attrs ? n->cap_attrs * 2 : 4;
            n->attrs = arena_grow(a, n->attrs, sizeof(IrAttr) * (size_t)n->cap_attrs,
                                  sizeof(IrAttr) * (size_t)cap);
            n->cap_attrs = cap;
        }
        at = &n->attrs[n->n_attrs++];
        at->name = intern(n->graph->model->names, name);
    }
    IrAttr fresh = {.name = at->name, .kind = kind};
    *at = fresh;
    return at;
}

void ir_set_attr_int(IrNode *n, const char *name, int64_t v)
{
    ir_attr_slot(n, name, IR_ATTR_INT)->i = v;
}

void ir_set_attr_float(IrNode *n, const char *name, float v)
{
    ir_attr_slot(n, name, IR_ATTR_FLOAT)->f = v;
}

void ir_set_attr_string(IrNode *n, const char *name, const char *s)
{
    ir_attr_slot(n, name, IR_ATTR_STRING)->s = arena_strdup(n->graph->model->arena, s);
}

void ir_set_attr_ints(IrNode *n, const char *name, const int64_t *v, int count)
{
    Arena *a = n->graph->model->arena;
    IrAttr *at = ir_attr_slot(n, name, IR_ATTR_INTS);
    at->n = count;
    at->ints = arena_alloc(a, sizeof(int64_t) * (size_t)(count ? count : 1));
    if (count)
        memcpy(at->ints, v, sizeof(int64_t) * (size_t)count);
}

void ir_set_attr_floats(IrNode *n, const char *name, const float *v, int count)
{
    Arena *a = n->graph->model->arena;
    IrAttr *at = ir_attr_slot(n, name, IR_ATTR_FLOATS);
    at->n = count;
    at->floats = arena_alloc(a, sizeof(float) * (size_t)(count ? count : 1));
    if (count)
        memcpy(at->floats, v, sizeof(float) * (size_t)count);
}

void ir_set_attr_strings(IrNode *n, const char *name, const char **v, int count)
{
    Arena *a = n->graph->model->arena;
    IrAttr *at = ir_attr_slot(n, name, IR_ATTR_STRINGS);
    at->n = count;
    at->strings = arena_alloc(a, sizeof(char *) * (size_t)(count ? count : 1));
    for (int i = 0; i < count; i++)
        at->strings[i] = arena_strdup(a, v[i]);
}

void ir_set_attr_tensor(IrNode *n, const char *name, IrTensor *t)
{
    ir_attr_slot(n, name, IR_ATTR_TENSOR)->t = t;
}

void ir_set_attr_graph(IrNode *n, const char *name, IrGraph *g)
{
    ir_attr_slot(n, name, IR_ATTR_GRAPH)->g = g;
}

void ir_model_add_metadata(IrModel *m, const char *key, const char *value)
{
    IrMetadata *md = arena_alloc(m->arena, sizeof *md);
    md->key = arena_strdup(m->arena, key);
    md->value = arena_strdup(m->arena, value);
    ptrvec_push(m->arena, &m->metadata, md);
}

void ir_model_add_opset(IrModel *m, const char *domain, int version)
{
    for (int i = 0; i < m->n_opsets; i++) {
        if (strcmp(m->opsets[i].domain, domain) == 0) {
            m->opsets[i].version = version;
            return;
        }
    }
    m->opsets = arena_grow(m->arena, m->opsets, sizeof(IrOpsetImport) * (size_t)m->n_opsets,
                           sizeof(IrOpsetImport) * (size_t)(m->n_opsets + 1));
    m->opsets[m->n_opsets].domain = arena_strdup(m->arena, domain);
    m->opsets[m->n_opsets].version = version;
    m->n_opsets++;
}

/* ---- protobuf nesting ---- */

/* Levels a ValueInfoProto's type adds below it: TypeProto, then Tensor,
 * TensorShapeProto and Dimension for a tensor of known rank; a sequence or
 * optional wraps its element in two more. */
static int type_depth(const IrType *t)
{
    if (t->kind == IR_TYPE_SEQUENCE || t->kind == IR_TYPE_OPTIONAL)
        return 2 + (t->elem ? type_depth(t->elem) : 1);
    return t->rank < 0 ? 2 : t->rank == 0 ? 3 : 4;
}

static int graph_depth(const IrGraph *g, int base, const IrNode *owner, const IrNode **deepest, int *best)
{
    /* GraphProto at BASE; its ValueInfoProtos and NodeProtos one below */
    int d = base + 1 + 2;   /* a node, an attribute, a tensor in it */
    const PtrVec *lists[2] = {&g->inputs, &g->outputs};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < lists[k]->len; i++) {
            const IrValue *v = lists[k]->items[i];
            int vd = base + 1 + type_depth(&v->type);
            d = vd > d ? vd : d;
        }
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int j = 0; j < n->n_outputs; j++) {
            int vd = base + 1 + type_depth(&n->outputs[j]->type);     /* value_info */
            d = vd > d ? vd : d;
        }
        for (int a = 0; a < n->n_attrs; a++)
            if (n->attrs[a].g) {
                int sd = graph_depth(n->attrs[a].g, base + 3, n, deepest, best);
                d = sd > d ? sd : d;
            }
    }
    if (d > *best) {
        *best = d;
        *deepest = owner;
    }
    return d;
}

int ir_model_message_depth(const IrModel *m, const IrNode **deepest)
{
    int best = 0;
    *deepest = NULL;
    /* ModelProto 1, its GraphProto 2 */
    return graph_depth(m->graph, 2, NULL, deepest, &best);
}
