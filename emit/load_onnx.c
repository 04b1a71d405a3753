/* Reading ONNX models: ModelProto to IrModel (see emit/load.h).
 *
 * The file is unpacked by protobuf-c into the arena, then each graph is
 * built in three steps: initializers and inputs enter the graph's scope;
 * the nodes are put in topological order (the file's order when it already
 * is one); each node is created with its inputs resolved by name through
 * the scope chain of the enclosing graphs, its attributes converted (GRAPH
 * attributes recursively, their bodies seeing this graph's scope) and its
 * outputs named as in the file.  Value types come from the graph's inputs,
 * outputs and value_info.  A node that calls a model-local function
 * (FunctionProto) is replaced by the function's body, inlined with its
 * values renamed apart, so that the evaluator only ever sees operators. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/load_internal.h"
#include "ir/opschema.h"
#include "ir/symdim.h"

typedef struct ModelLoader {
    Loader base;
    Interner *names;
    IrModel *model;
    const Onnx__ModelProto *proto;      /* for its local functions */
    const Onnx__NodeProto *call;        /* the call being inlined, for ref_attr_name */
    const Onnx__FunctionProto *callee;
    int inline_depth;
    long inlined_nodes;
} ModelLoader;

/* Function calls nest at most this deep (a function calling itself). */
#define LOAD_MAX_INLINE_DEPTH 64
/* and inline into at most this many nodes in all: calls multiply (forty
 * functions each calling the next twice are 2^40 nodes) */
#define LOAD_MAX_INLINED_NODES 1000000L

/* ---- name maps: interned name -> pointer, open addressing --------------- */

typedef struct NameMap {
    const char **keys;
    void **vals;
    size_t cap, count;
} NameMap;

static size_t name_slot(const NameMap *m, const char *key)
{
    size_t j = hash_bytes(&key, sizeof key) & (m->cap - 1);
    while (m->keys[j] && m->keys[j] != key)
        j = (j + 1) & (m->cap - 1);
    return j;
}

static void *name_get(const NameMap *m, const char *key)
{
    if (!m->cap)
        return NULL;
    size_t j = name_slot(m, key);
    return m->keys[j] ? m->vals[j] : NULL;
}

static void name_put(Arena *a, NameMap *m, const char *key, void *val)
{
    if ((m->count + 1) * 2 > m->cap) {
        NameMap g = {.cap = m->cap ? m->cap * 2 : 64};
        g.keys = arena_alloc(a, sizeof(char *) * g.cap);
        g.vals = arena_alloc(a, sizeof(void *) * g.cap);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i])
                name_put(a, &g, m->keys[i], m->vals[i]);
        *m = g;
    }
    size_t j = name_slot(m, key);
    if (!m->keys[j])
        m->count++;
    m->keys[j] = key;
    m->vals[j] = val;
}

/* The values visible in one graph: its own, then the enclosing graphs'. */
typedef struct Scope {
    const struct Scope *parent;
    NameMap values;             /* IrValue * */
} Scope;

static IrValue *scope_lookup(const Scope *s, const char *name)
{
    for (; s; s = s->parent) {
        IrValue *v = name_get(&s->values, name);
        if (v)
            return v;
    }
    return NULL;
}

/* ---- types ---------------------------------------------------------------- */

static bool load_type(ModelLoader *ml, const Onnx__TypeProto *tp, const char *what, IrType *out);

static bool load_tensor_type(ModelLoader *ml, const Onnx__TypeProto__Tensor *tt,
                             const char *what, IrType *out)
{
    Loader *L = &ml->base;
    int32_t dt = tt->has_elem_type ? tt->elem_type : 0;
    if (dt < 0 || dt >= DT_COUNT)
        return (emit_loader_onnx_dtype(dt) ? emit_loader_unsupported : emit_loader_error)(
            L, "%s: element type %d is not supported", what, dt);
    if (!tt->shape) {
        *out = ir_type_unknown_rank((DType)dt);
        return true;
    }
    if (tt->shape->n_dim > 64)
        return emit_loader_error(L, "%s: rank %zu is larger than 64", what, tt->shape->n_dim);
    Dim dims[64];
    for (size_t i = 0; i < tt->shape->n_dim; i++) {
        const Onnx__TensorShapeProto__Dimension *d = tt->shape->dim[i];
        if (d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE && d->dim_value >= 0)
            dims[i] = dim_known(d->dim_value);
        else if (d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM &&
                 d->dim_param && *d->dim_param)
            dims[i] = dim_sym(symdim_named(L->arena, ml->names, d->dim_param));
        else
            dims[i] = dim_unknown();
    }
    *out = ir_type_tensor(L->arena, (DType)dt, (int)tt->shape->n_dim, dims);
    return true;
}

/* seq(T) and optional(T) */
static bool load_wrapped_type(ModelLoader *ml, const Onnx__TypeProto *elem, IrTypeKind kind,
                              const char *what, IrType *out)
{
    IrType *inner = arena_alloc(ml->base.arena, sizeof *inner);
    if (!elem) {
        *inner = ir_type_unknown_rank(DT_UNDEFINED);
    } else if (!load_type(ml, elem, what, inner)) {
        return false;
    }
    *out = (IrType){.kind = kind, .dtype = inner->dtype, .rank = -1, .elem = inner};
    return true;
}

static bool load_type(ModelLoader *ml, const Onnx__TypeProto *tp, const char *what, IrType *out)
{
    if (!tp) {
        *out = ir_type_unknown_rank(DT_UNDEFINED);
        return true;
    }
    switch (tp->value_case) {
    case ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE:
        return load_tensor_type(ml, tp->tensor_type, what, out);
    case ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE:
        return load_wrapped_type(ml, tp->sequence_type->elem_type, IR_TYPE_SEQUENCE, what, out);
    case ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE:
        return load_wrapped_type(ml, tp->optional_type->elem_type, IR_TYPE_OPTIONAL, what, out);
    case ONNX__TYPE_PROTO__VALUE__NOT_SET:
        *out = ir_type_unknown_rank(DT_UNDEFINED);
        return true;
    default:
        return emit_loader_unsupported(&ml->base, "%s: map and sparse tensor types are not supported", what);
    }
}

/* ---- attributes ---------------------------------------------------------- */

static bool load_graph(ModelLoader *ml, const Onnx__GraphProto *gp, IrGraph *g,
                       const Scope *outer);

/* The kind of an attribute written before AttributeProto.type existed. */
static IrAttrKind guess_attr_kind(const Onnx__AttributeProto *ap)
{
    if (ap->has_type)
        return (IrAttrKind)ap->type;
    if (ap->has_f) return IR_ATTR_FLOAT;
    if (ap->has_i) return IR_ATTR_INT;
    if (ap->has_s) return IR_ATTR_STRING;
    if (ap->t) return IR_ATTR_TENSOR;
    if (ap->g) return IR_ATTR_GRAPH;
    if (ap->n_floats) return IR_ATTR_FLOATS;
    if (ap->n_ints) return IR_ATTR_INTS;
    if (ap->n_strings) return IR_ATTR_STRINGS;
    return IR_ATTR_UNDEFINED;
}

static bool load_strings_attr(ModelLoader *ml, IrNode *n, const Onnx__AttributeProto *ap)
{
    Arena *a = ml->base.arena;
    const char **s = arena_alloc(a, sizeof(char *) * (ap->n_strings + 1));
    for (size_t i = 0; i < ap->n_strings; i++)
        s[i] = arena_strndup(a, (const char *)ap->strings[i].data, ap->strings[i].len);
    ir_set_attr_strings(n, ap->name, s, (int)ap->n_strings);
    return true;
}

static bool load_graph_attr(ModelLoader *ml, IrNode *n, const Onnx__AttributeProto *ap,
                            const Scope *scope)
{
    if (!ap->g)
        return emit_loader_error(&ml->base, "node '%s' (%s): attribute '%s' has no graph", n->name,
                          n->op_type, ap->name);
    IrGraph *body = ir_graph_new(ml->model, n->graph,
                                 arena_strdup(ml->base.arena, ap->g->name ? ap->g->name : ap->name));
    ir_set_attr_graph(n, ap->name, body);
    return load_graph(ml, ap->g, body, scope);
}

/* Optional's 'type' (a TypeProto the IR cannot hold as an attribute) types
 * the output instead. */
static bool load_type_attr(ModelLoader *ml, IrNode *n, const Onnx__AttributeProto *ap)
{
    if (strcmp(n->op_type, "Optional") != 0 || strcmp(ap->name, "type") != 0 || !ap->tp)
        return emit_loader_unsupported(&ml->base, "node '%s' (%s): type attribute '%s' is not supported",
                          n->name, n->op_type, ap->name);
    IrType elem;
    if (!load_type(ml, ap->tp, "attribute 'type'", &elem))
        return false;
    IrType *inner = arena_alloc(ml->base.arena, sizeof *inner);
    *inner = elem;
    if (n->n_outputs > 0 && n->outputs[0] && n->outputs[0]->type.dtype == DT_UNDEFINED &&
        n->outputs[0]->type.kind == IR_TYPE_TENSOR)
        n->outputs[0]->type = (IrType){.kind = IR_TYPE_OPTIONAL, .dtype = elem.dtype, .rank = -1,
                                       .elem = inner};
    return true;
}

static const char *attr_kind_name(IrAttrKind k)
{
    static const char *const names[] = {"UNDEFINED", "FLOAT", "INT", "STRING", "TENSOR",
                                        "GRAPH", "FLOATS", "INTS", "STRINGS"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

/* The value of the calling node's attribute NAME inside an inlined
 * function body, or the function's default for it; NULL when neither. */
static const Onnx__AttributeProto *referenced_attr(const ModelLoader *ml, const char *name)
{
    if (!ml->call || !ml->callee)
        return NULL;
    for (size_t i = 0; i < ml->call->n_attribute; i++)
        if (ml->call->attribute[i]->name && strcmp(ml->call->attribute[i]->name, name) == 0)
            return ml->call->attribute[i];
    for (size_t i = 0; i < ml->callee->n_attribute_proto; i++)
        if (ml->callee->attribute_proto[i]->name && strcmp(ml->callee->attribute_proto[i]->name, name) == 0)
            return ml->callee->attribute_proto[i];
    return NULL;
}

static bool load_attr(ModelLoader *ml, IrNode *n, const Onnx__AttributeProto *ap,
                      const Scope *scope)
{
    Loader *L = &ml->base;
    if (!ap->name || !*ap->name)
        return emit_loader_error(L, "node '%s' (%s): attribute without a name", n->name, n->op_type);
    if (ap->ref_attr_name && *ap->ref_attr_name) {
        const Onnx__AttributeProto *actual = referenced_attr(ml, ap->ref_attr_name);
        if (!actual && !ml->callee)
            return emit_loader_error(L, "node '%s' (%s): attribute '%s' refers to a function attribute "
                                     "outside a function", n->name, n->op_type, ap->name);
        if (!actual)
            return true;        /* neither given nor defaulted: the attribute is absent */
        Onnx__AttributeProto renamed = *actual;
        renamed.name = ap->name;
        renamed.ref_attr_name = NULL;
        return load_attr(ml, n, &renamed, scope);
    }
    /* a declared type the operator does not take would be read as absent
     * (the default) by the evaluator: refuse it, as ONNX's checker does */
    IrAttrKind kind = guess_attr_kind(ap);
    const OpAttrDef *def = n->schema ? opschema_attr(n->schema, ap->name) : NULL;
    if (def && ap->has_type && kind != IR_ATTR_UNDEFINED && def->kind != kind)
        return emit_loader_error(L, "node '%s' (%s): attribute '%s' is %s, the operator takes %s", n->name,
                                 n->op_type, ap->name, attr_kind_name(kind), attr_kind_name(def->kind));
    switch (kind) {
    case IR_ATTR_FLOAT: ir_set_attr_float(n, ap->name, ap->f); return true;
    case IR_ATTR_INT: ir_set_attr_int(n, ap->name, ap->i); return true;
    case IR_ATTR_STRING:
        ir_set_attr_string(n, ap->name, arena_strndup(L->arena, (const char *)ap->s.data, ap->s.len));
        return true;
    case IR_ATTR_TENSOR: {
        IrTensor *t = ap->t ? emit_loader_tensor(L, ap->t, arena_sprintf(L->arena,
                              "node '%s' (%s): attribute '%s'", n->name, n->op_type, ap->name))
                            : NULL;
        if (t)
            ir_set_attr_tensor(n, ap->name, t);
        return t != NULL;
    }
    case IR_ATTR_GRAPH: return load_graph_attr(ml, n, ap, scope);
    case IR_ATTR_FLOATS: ir_set_attr_floats(n, ap->name, ap->floats, (int)ap->n_floats); return true;
    case IR_ATTR_INTS: ir_set_attr_ints(n, ap->name, ap->ints, (int)ap->n_ints); return true;
    case IR_ATTR_STRINGS: return load_strings_attr(ml, n, ap);
    default:
        if (ap->has_type && ap->type == ONNX__ATTRIBUTE_PROTO__ATTRIBUTE_TYPE__TYPE_PROTO)
            return load_type_attr(ml, n, ap);
        return emit_loader_unsupported(L, "node '%s' (%s): attribute '%s' of kind %d is not supported",
                          n->name, n->op_type, ap->name, ap->has_type ? (int)ap->type : 0);
    }
}

/* ---- topological order ----------------------------------------------------- */

/* Every value name the nodes of GP (and their bodies) read. */
static void body_reads(ModelLoader *ml, const Onnx__GraphProto *gp, PtrVec *out)
{
    for (size_t i = 0; i < gp->n_node; i++) {
        const Onnx__NodeProto *np = gp->node[i];
        for (size_t k = 0; k < np->n_input; k++)
            if (np->input[k] && *np->input[k])
                ptrvec_push(ml->base.arena, out, (void *)intern(ml->names, np->input[k]));
        for (size_t k = 0; k < np->n_attribute; k++)
            if (np->attribute[k]->g)
                body_reads(ml, np->attribute[k]->g, out);
    }
    for (size_t i = 0; i < gp->n_output; i++)
        if (gp->output[i]->name)
            ptrvec_push(ml->base.arena, out, (void *)intern(ml->names, gp->output[i]->name));
}

/* The indices of the nodes of GP that node I depends on (through its inputs
 * or the outer values its bodies read), given PRODUCER: name -> index+1. */
static PtrVec node_deps(ModelLoader *ml, const Onnx__GraphProto *gp, size_t i, const NameMap *producer)
{
    PtrVec names = {0}, deps = {0};
    const Onnx__NodeProto *np = gp->node[i];
    for (size_t k = 0; k < np->n_input; k++)
        if (np->input[k] && *np->input[k])
            ptrvec_push(ml->base.arena, &names, (void *)intern(ml->names, np->input[k]));
    for (size_t k = 0; k < np->n_attribute; k++)
        if (np->attribute[k]->g)
            body_reads(ml, np->attribute[k]->g, &names);
    for (int k = 0; k < names.len; k++) {
        uintptr_t p = (uintptr_t)name_get(producer, names.items[k]);
        if (p && p - 1 != i)
            ptrvec_push(ml->base.arena, &deps, (void *)(p - 1));
    }
    return deps;
}

/* The order to build GP's nodes in: the file's order when every node comes
 * after what it reads, else Kahn's algorithm (lowest index first among
 * ready nodes, so the order stays close to the file's).  NULL on a cycle. */
static size_t *topo_order(ModelLoader *ml, const Onnx__GraphProto *gp)
{
    Arena *a = ml->base.arena;
    size_t n = gp->n_node;
    NameMap producer = {0};
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < gp->node[i]->n_output; k++)
            if (gp->node[i]->output[k] && *gp->node[i]->output[k])
                name_put(a, &producer, intern(ml->names, gp->node[i]->output[k]), (void *)(i + 1));
    PtrVec *deps = arena_alloc(a, sizeof(PtrVec) * (n + 1));
    size_t *indeg = arena_alloc(a, sizeof(size_t) * (n + 1));
    bool sorted = true;
    for (size_t i = 0; i < n; i++) {
        deps[i] = node_deps(ml, gp, i, &producer);
        for (int k = 0; k < deps[i].len; k++)
            sorted = sorted && (uintptr_t)deps[i].items[k] < i;
        indeg[i] = (size_t)deps[i].len;
    }
    size_t *order = arena_alloc(a, sizeof(size_t) * (n + 1));
    if (sorted) {
        for (size_t i = 0; i < n; i++)
            order[i] = i;
        return order;
    }
    bool *done = arena_alloc(a, n + 1);
    for (size_t k = 0; k < n; k++) {
        size_t pick = n;
        for (size_t i = 0; i < n && pick == n; i++)
            if (!done[i] && indeg[i] == 0)
                pick = i;
        if (pick == n)
            return NULL;
        done[pick] = true;
        order[k] = pick;
        for (size_t i = 0; i < n; i++)
            for (int d = 0; d < deps[i].len; d++)
                if ((uintptr_t)deps[i].items[d] == pick)
                    indeg[i]--;
    }
    return order;
}

/* ---- nodes ------------------------------------------------------------------- */

/* The row of the table for OP at the model's opset; for an opset older than
 * the table's first row, that row when the operator already existed. */
static const OpSchema *node_schema(const char *op, const char *domain, int opset)
{
    int first = 0;
    const OpSchema *s = opschema_find(op, domain, opset, &first);
    if (!s && first > opset) {
        const OpSchema *row = opschema_find(op, domain, first, NULL);
        if (row && row->versions[0] && row->versions[0] <= opset)
            s = row;
    }
    return s;
}

static const char *node_domain(const Onnx__NodeProto *np)
{
    const char *d = np->domain ? np->domain : "";
    return strcmp(d, "ai.onnx") == 0 ? "" : d;
}

static void load_node_outputs(ModelLoader *ml, const Onnx__NodeProto *np, IrNode *n,
                              Scope *scope, const NameMap *types)
{
    Loader *L = &ml->base;
    n->n_outputs = (int)np->n_output;
    n->outputs = arena_alloc(L->arena, sizeof(IrValue *) * (np->n_output + 1));
    for (size_t k = 0; k < np->n_output; k++) {
        const char *name = np->output[k] ? np->output[k] : "";
        if (!*name)
            continue;
        const char *key = intern(ml->names, name);
        if (name_get(&scope->values, key))
            emit_loader_error(L, "node '%s' (%s): output '%s' is defined twice", n->name, n->op_type, name);
        IrType type = ir_type_unknown_rank(DT_UNDEFINED);
        const Onnx__ValueInfoProto *vi = name_get(types, key);
        if (vi)
            load_type(ml, vi->type, arena_sprintf(L->arena, "value_info '%s'", name), &type);
        IrValue *v = ir_value_new(n->graph, name, type, SPAN_NONE);
        v->producer = n;
        v->producer_output = (int)k;
        n->outputs[k] = v;
        name_put(L->arena, &scope->values, key, v);
    }
}

static const Onnx__FunctionProto *find_function(const ModelLoader *ml, const char *domain,
                                               const char *op)
{
    for (size_t i = 0; ml->proto && i < ml->proto->n_functions; i++) {
        const Onnx__FunctionProto *f = ml->proto->functions[i];
        if (f->name && strcmp(f->name, op) == 0 && strcmp(f->domain ? f->domain : "", domain) == 0)
            return f;
    }
    return NULL;
}

static void load_node(ModelLoader *ml, const Onnx__NodeProto *np, IrGraph *g, Scope *scope,
                      const NameMap *types);

/* The function's body in a scope of its own that holds only its formal
 * inputs; each formal output then reaches the caller through an Identity
 * named as the call's output, so the names the caller sees do not change. */
static void inline_function(ModelLoader *ml, const Onnx__NodeProto *np, const Onnx__FunctionProto *fp,
                            IrGraph *g, Scope *scope)
{
    Loader *L = &ml->base;
    if (ml->inlined_nodes > LOAD_MAX_INLINED_NODES)
        return;     /* reported once; the rest would only repeat it */
    if (ml->inline_depth >= LOAD_MAX_INLINE_DEPTH) {
        emit_loader_error(L, "function '%s': calls nest more than %d deep", fp->name, LOAD_MAX_INLINE_DEPTH);
        return;
    }
    Scope *fs = arena_alloc(L->arena, sizeof *fs);
    for (size_t k = 0; k < fp->n_input && k < np->n_input; k++) {
        IrValue *v = np->input[k] && *np->input[k] ? scope_lookup(scope, intern(ml->names, np->input[k])) : NULL;
        if (v && fp->input[k])
            name_put(L->arena, &fs->values, intern(ml->names, fp->input[k]), v);
        else if (np->input[k] && *np->input[k])
            emit_loader_error(L, "call of '%s': input '%s' is not defined", fp->name, np->input[k]);
    }
    const Onnx__NodeProto *saved_call = ml->call;
    const Onnx__FunctionProto *saved_callee = ml->callee;
    ml->call = np;
    ml->callee = fp;
    ml->inline_depth++;
    NameMap no_types = {0};
    for (size_t i = 0; i < fp->n_node; i++) {
        if (++ml->inlined_nodes > LOAD_MAX_INLINED_NODES) {
            if (ml->inlined_nodes == LOAD_MAX_INLINED_NODES + 1)
                emit_loader_unsupported(L, "function '%s': the model's function calls inline into more than %ld "
                                  "nodes (calls multiply)", fp->name, LOAD_MAX_INLINED_NODES);
            break;
        }
        load_node(ml, fp->node[i], g, fs, &no_types);
    }
    ml->inline_depth--;
    ml->call = saved_call;
    ml->callee = saved_callee;
    if (ml->inlined_nodes > LOAD_MAX_INLINED_NODES)
        return;
    for (size_t k = 0; k < np->n_output; k++) {
        if (!np->output[k] || !*np->output[k])
            continue;
        IrValue *body = k < fp->n_output && fp->output[k] ? scope_lookup(fs, intern(ml->names, fp->output[k]))
                                                          : NULL;
        if (!body) {
            emit_loader_error(L, "function '%s': output %zu is not defined", fp->name, k);
            continue;
        }
        IrNode *id = ir_node_new(g, "Identity", "", &body, 1, 0, SPAN_NONE);
        id->schema = node_schema("Identity", "", ml->model->opset);
        Onnx__NodeProto out = ONNX__NODE_PROTO__INIT;
        char *name = np->output[k];
        out.n_output = 1;
        out.output = &name;
        load_node_outputs(ml, &out, id, scope, &no_types);
        id->outputs[0]->type = body->type;
    }
}

static void load_node(ModelLoader *ml, const Onnx__NodeProto *np, IrGraph *g, Scope *scope,
                      const NameMap *types)
{
    Loader *L = &ml->base;
    const char *op = np->op_type ? np->op_type : "";
    const Onnx__FunctionProto *fp = find_function(ml, node_domain(np), op);
    if (fp) {
        inline_function(ml, np, fp, g, scope);
        return;
    }
    IrValue **inputs = arena_alloc(L->arena, sizeof(IrValue *) * (np->n_input + 1));
    const char *label = np->name && *np->name ? np->name : op;
    for (size_t k = 0; k < np->n_input; k++) {
        const char *name = np->input[k] ? np->input[k] : "";
        if (!*name)
            continue;
        inputs[k] = scope_lookup(scope, intern(ml->names, name));
        if (!inputs[k])
            emit_loader_error(L, "node '%s' (%s): input '%s' is not defined", label, op, name);
    }
    IrNode *n = ir_node_new(g, op, node_domain(np), inputs, (int)np->n_input, 0, SPAN_NONE);
    if (np->name && *np->name)
        n->name = ir_unique_node_name(ml->model, np->name);
    n->schema = node_schema(n->op_type, n->domain, ml->model->opset);
    /* outputs first: Optional's type attribute types its output */
    load_node_outputs(ml, np, n, scope, types);
    for (size_t k = 0; k < np->n_attribute; k++)
        load_attr(ml, n, np->attribute[k], scope);
}

/* ---- graphs --------------------------------------------------------------------- */

static void load_initializers(ModelLoader *ml, const Onnx__GraphProto *gp, IrGraph *g, Scope *scope)
{
    Loader *L = &ml->base;
    for (size_t i = 0; i < gp->n_initializer; i++) {
        const Onnx__TensorProto *tp = gp->initializer[i];
        const char *name = tp->name ? tp->name : "";
        IrTensor *t = emit_loader_tensor(L, tp, arena_sprintf(L->arena, "initializer '%s'", name));
        if (!t && !*name)
            continue;
        if (!t)     /* reported; the name stays defined, so its uses are not reported again */
            t = ir_tensor_new(L->arena, DT_FLOAT, 0, NULL);
        const char *key = intern(ml->names, name);
        if (!*name || name_get(&scope->values, key)) {
            emit_loader_error(L, "initializer '%s': %s", name, *name ? "defined twice" : "has no name");
            continue;
        }
        name_put(L->arena, &scope->values, key, ir_add_initializer(g, name, t, SPAN_NONE));
    }
    if (gp->n_sparse_initializer)
        emit_loader_unsupported(L, "graph '%s': sparse initializers are not supported",
                   gp->name ? gp->name : "");
}

/* Graph inputs; one that names an initializer is that initializer, with the
 * initializer's data as its default value. */
static void load_inputs(ModelLoader *ml, const Onnx__GraphProto *gp, IrGraph *g, Scope *scope)
{
    Loader *L = &ml->base;
    for (size_t i = 0; i < gp->n_input; i++) {
        const Onnx__ValueInfoProto *vi = gp->input[i];
        const char *name = vi->name ? vi->name : "";
        IrType type;
        if (!load_type(ml, vi->type, arena_sprintf(L->arena, "input '%s'", name), &type))
            continue;
        const char *key = intern(ml->names, name);
        IrValue *v = name_get(&scope->values, key);
        if (v && v->init) {
            ptrvec_push(L->arena, &g->inputs, v);
            continue;
        }
        if (!*name || v) {
            emit_loader_error(L, "input '%s': %s", name, *name ? "defined twice" : "has no name");
            continue;
        }
        name_put(L->arena, &scope->values, key, ir_add_input(g, name, type, SPAN_NONE));
    }
}

static void load_outputs(ModelLoader *ml, const Onnx__GraphProto *gp, IrGraph *g, Scope *scope)
{
    Loader *L = &ml->base;
    for (size_t i = 0; i < gp->n_output; i++) {
        const Onnx__ValueInfoProto *vi = gp->output[i];
        const char *name = vi->name ? vi->name : "";
        IrValue *v = *name ? scope_lookup(scope, intern(ml->names, name)) : NULL;
        if (!v) {
            emit_loader_error(L, "graph '%s': output '%s' is not defined", g->name, name);
            continue;
        }
        IrType type;
        if (v->type.dtype == DT_UNDEFINED && v->type.kind == IR_TYPE_TENSOR &&
            load_type(ml, vi->type, arena_sprintf(L->arena, "output '%s'", name), &type))
            v->type = type;
        ir_add_output(g, v);
    }
}

static bool load_graph(ModelLoader *ml, const Onnx__GraphProto *gp, IrGraph *g,
                       const Scope *outer)
{
    Loader *L = &ml->base;
    int before = L->n_errors;
    Scope *scope = arena_alloc(L->arena, sizeof *scope);
    scope->parent = outer;
    NameMap types = {0};
    for (size_t i = 0; i < gp->n_value_info; i++)
        if (gp->value_info[i]->name)
            name_put(L->arena, &types, intern(ml->names, gp->value_info[i]->name),
                     gp->value_info[i]);
    load_initializers(ml, gp, g, scope);
    load_inputs(ml, gp, g, scope);
    size_t *order = topo_order(ml, gp);
    if (!order)
        return emit_loader_error(L, "graph '%s': the nodes form a cycle", g->name);
    for (size_t i = 0; i < gp->n_node; i++)
        load_node(ml, gp->node[order[i]], g, scope, &types);
    load_outputs(ml, gp, g, scope);
    return L->n_errors == before;
}

/* ---- the model -------------------------------------------------------------------- */

static int default_opset(const Onnx__ModelProto *mp)
{
    for (size_t i = 0; i < mp->n_opset_import; i++) {
        const char *d = mp->opset_import[i]->domain ? mp->opset_import[i]->domain : "";
        if (!*d || strcmp(d, "ai.onnx") == 0)
            return (int)mp->opset_import[i]->version;
    }
    return 0;
}

static void load_model_info(ModelLoader *ml, const Onnx__ModelProto *mp)
{
    IrModel *m = ml->model;
    Arena *a = ml->base.arena;
    m->ir_version = mp->has_ir_version ? (int)mp->ir_version : 0;
    m->producer_name = arena_strdup(a, mp->producer_name ? mp->producer_name : "");
    m->producer_version = arena_strdup(a, mp->producer_version ? mp->producer_version : "");
    m->doc_string = mp->doc_string ? arena_strdup(a, mp->doc_string) : NULL;
    for (size_t i = 0; i < mp->n_opset_import; i++) {
        const char *d = mp->opset_import[i]->domain ? mp->opset_import[i]->domain : "";
        if (*d && strcmp(d, "ai.onnx") != 0)
            ir_model_add_opset(m, d, (int)mp->opset_import[i]->version);
    }
    for (size_t i = 0; i < mp->n_metadata_props; i++)
        ir_model_add_metadata(m, mp->metadata_props[i]->key ? mp->metadata_props[i]->key : "",
                              mp->metadata_props[i]->value ? mp->metadata_props[i]->value : "");
}

static IrModel *load_failed(Loader *L, char **err, LoadFault *fault)
{
    *err = emit_loader_errors(L);
    if (fault)
        *fault = L->unsupported ? LOAD_FAULT_UNSUPPORTED : LOAD_FAULT_FILE;
    return NULL;
}

IrModel *emit_load_onnx(Arena *a, Interner *names, const char *path, char **err, LoadFault *fault)
{
    ModelLoader ml = {.names = names};
    Loader *L = &ml.base;
    emit_loader_init(L, a, path);
    size_t len;
    uint8_t *buf = emit_loader_read_file(L, &len);
    bool nesting_ok = buf && emit_loader_nesting_ok(L, &onnx__model_proto__descriptor, buf, len);
    Onnx__ModelProto *mp = nesting_ok ? onnx__model_proto__unpack(&L->alloc, len, buf) : NULL;
    free(buf);
    if (nesting_ok && !mp)
        emit_loader_error(L, "not an ONNX model (the protobuf message does not parse)");
    else if (mp && !mp->graph)
        emit_loader_error(L, "the model has no graph");
    if (L->n_errors)
        return load_failed(L, err, fault);
    int opset = default_opset(mp);
    ml.model = ir_model_new(a, names, opset > 0 ? opset : 1);
    ml.proto = mp;
    load_model_info(&ml, mp);
    if (mp->graph->name)
        ml.model->graph->name = arena_strdup(a, mp->graph->name);
    load_graph(&ml, mp->graph, ml.model->graph, NULL);
    if (L->n_errors)
        return load_failed(L, err, fault);
    return ml.model;
}
