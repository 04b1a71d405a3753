/* `--emit dot`: the model as a Graphviz digraph, for looking at.
 *
 *   - operators are boxes labeled with the op type and a few short
 *     attributes (tooltip: node name and source location);
 *   - values are edges from producer to consumer, labeled with name, dtype
 *     and shape;
 *   - graph inputs are `invhouse` shapes, initializers `note` shapes and
 *     graph outputs `house` shapes;
 *   - Loop and If bodies are `subgraph cluster_...` blocks next to their
 *     node, joined to it by a dotted edge; values a body captures from an
 *     enclosing graph are dashed edges into the cluster;
 *   - local functions (--functions) are dashed clusters of their own.
 *
 * Dot identifiers: n<id> for nodes and v<id> for input and initializer
 * values (ids are model-wide), o<graph>_<i> for output sinks. */
#include <inttypes.h>
#include <string.h>

#include "emit/emit_internal.h"
#include "ir/symdim.h"

#define DOT_MAX_ATTRS 4         /* attributes shown in an op's label */
#define DOT_MAX_LIST 6          /* list elements shown before "..." */
#define DOT_MAX_STRING 16       /* characters of a string attribute shown */

typedef struct DotContext {
    const IrModel *model;
    const SourceMap *sources;
    FILE *out;
    Arena *arena;
    int graphs;             /* graphs numbered so far (output sink ids) */
} DotContext;

/* A quoted dot string; '\n' in S becomes a line break of the label. */
static void dot_quoted(DotContext *c, const char *s)
{
    fputc('"', c->out);
    for (const char *p = s ? s : ""; *p; p++) {
        if (*p == '\n')
            fputs("\\n", c->out);
        else if (*p == '"' || *p == '\\')
            fprintf(c->out, "\\%c", *p);
        else if ((unsigned char)*p >= 0x20)
            fputc(*p, c->out);
    }
    fputc('"', c->out);
}

static const char *dot_dim(DotContext *c, Dim d)
{
    if (dim_is_known(d))
        return arena_sprintf(c->arena, "%" PRId64, d.value);
    return d.sym ? symdim_text(d.sym) : "?";
}

/* `float[N,3]`, `float` for a scalar, `float[...]` for unknown rank,
 * `seq(float[N])`, `optional(...)`; `?` for an unknown element type. */
static const char *dot_type(DotContext *c, const IrType *t)
{
    if (t->kind != IR_TYPE_TENSOR)
        return arena_sprintf(c->arena, "%s(%s)",
                             t->kind == IR_TYPE_SEQUENCE ? "seq" : "optional",
                             t->elem ? dot_type(c, t->elem) : "?");
    const char *s = t->dtype == DT_UNDEFINED ? "?" : emit_dtype_name(t->dtype);
    if (t->rank < 0)
        return arena_sprintf(c->arena, "%s[...]", s);
    for (int i = 0; i < t->rank; i++)
        s = arena_sprintf(c->arena, "%s%s%s", s, i ? "," : "[", dot_dim(c, t->dims[i]));
    return t->rank > 0 ? arena_sprintf(c->arena, "%s]", s) : s;
}

static const char *dot_value_label(DotContext *c, const IrValue *v)
{
    return arena_sprintf(c->arena, "%s\n%s", v->name, dot_type(c, &v->type));
}

/* A list attribute, at most DOT_MAX_LIST elements. */
static const char *dot_attr_list(DotContext *c, const IrAttr *at)
{
    const char *s = "[";
    for (int i = 0; i < at->n && i < DOT_MAX_LIST; i++) {
        const char *e = at->kind == IR_ATTR_INTS ? arena_sprintf(c->arena, "%" PRId64, at->ints[i])
                      : at->kind == IR_ATTR_FLOATS ? arena_sprintf(c->arena, "%g", at->floats[i])
                      : arena_sprintf(c->arena, "'%.*s'", DOT_MAX_STRING, at->strings[i]);
        s = arena_sprintf(c->arena, "%s%s%s", s, i ? "," : "", e);
    }
    return arena_sprintf(c->arena, "%s%s]", s, at->n > DOT_MAX_LIST ? ",..." : "");
}

/* `name=value`, short; NULL for graph attributes (drawn as clusters). */
static const char *dot_attr(DotContext *c, const IrAttr *at)
{
    const char *v;
    switch (at->kind) {
    case IR_ATTR_INT: v = arena_sprintf(c->arena, "%" PRId64, at->i); break;
    case IR_ATTR_FLOAT: v = arena_sprintf(c->arena, "%g", at->f); break;
    case IR_ATTR_STRING:
        v = arena_sprintf(c->arena, "'%.*s'", DOT_MAX_STRING, at->s ? at->s : "");
        break;
    case IR_ATTR_TENSOR:
        v = at->t ? arena_sprintf(c->arena, "%s[%" PRId64 "]", emit_dtype_name(at->t->dtype),
                                  ir_tensor_numel(at->t))
                  : "?";
        break;
    case IR_ATTR_FLOATS: case IR_ATTR_INTS: case IR_ATTR_STRINGS:
        v = dot_attr_list(c, at);
        break;
    default:
        return NULL;
    }
    return arena_sprintf(c->arena, "%s=%s", at->name, v);
}

static const char *dot_node_label(DotContext *c, const IrNode *n)
{
    const char *s = n->domain && n->domain[0]
                        ? arena_sprintf(c->arena, "%s.%s", n->domain, n->op_type)
                        : n->op_type;
    int shown = 0;
    for (int i = 0; i < n->n_attrs; i++) {
        const char *a = dot_attr(c, &n->attrs[i]);
        if (!a)
            continue;
        if (shown++ == DOT_MAX_ATTRS) {
            s = arena_sprintf(c->arena, "%s\n...", s);
            break;
        }
        s = arena_sprintf(c->arena, "%s\n%s", s, a);
    }
    return s;
}

static void dot_indent(DotContext *c, int indent)
{
    fprintf(c->out, "%*s", indent, "");
}

/* The dot id of the endpoint a value's edges start from. */
static const char *dot_source(DotContext *c, const IrValue *v)
{
    if (v->producer)
        return arena_sprintf(c->arena, "n%d", v->producer->id);
    return arena_sprintf(c->arena, "v%d", v->id);
}

static void dot_edge(DotContext *c, const IrValue *v, const char *to, bool captured, int indent)
{
    dot_indent(c, indent);
    fprintf(c->out, "%s -> %s [label=", dot_source(c, v), to);
    dot_quoted(c, dot_value_label(c, v));
    fputs(captured ? ", style=dashed, color=gray40];\n" : "];\n", c->out);
}

static void dot_value_node(DotContext *c, const IrValue *v, const char *shape, int indent)
{
    dot_indent(c, indent);
    fprintf(c->out, "v%d [shape=%s, label=", v->id, shape);
    dot_quoted(c, dot_value_label(c, v));
    fputs("];\n", c->out);
}

static void dot_declare_graph(DotContext *c, const IrGraph *g, int indent);

/* A Loop or If body as a cluster holding its declarations. */
static void dot_declare_cluster(DotContext *c, const IrNode *n, const IrAttr *at, int indent)
{
    dot_indent(c, indent);
    fprintf(c->out, "subgraph cluster_%d_%s {\n", n->id, at->name);
    dot_indent(c, indent + 2);
    fputs("style=rounded; color=gray50; label=", c->out);
    dot_quoted(c, arena_sprintf(c->arena, "%s.%s", n->name ? n->name : n->op_type, at->name));
    fputs(";\n", c->out);
    dot_declare_graph(c, at->g, indent + 2);
    dot_indent(c, indent);
    fputs("}\n", c->out);
}

static void dot_declare_node(DotContext *c, const IrNode *n, int indent)
{
    dot_indent(c, indent);
    fprintf(c->out, "n%d [shape=box, label=", n->id);
    dot_quoted(c, dot_node_label(c, n));
    const char *where = emit_span_location(c->model, c->sources, n->span);
    fputs(", tooltip=", c->out);
    dot_quoted(c, where ? arena_sprintf(c->arena, "%s %s", n->name, where) : n->name);
    fputs("];\n", c->out);
    for (int i = 0; i < n->n_attrs; i++)
        if (n->attrs[i].kind == IR_ATTR_GRAPH && n->attrs[i].g)
            dot_declare_cluster(c, n, &n->attrs[i], indent);
}

/* Pass 1, the dot nodes: inputs, initializers, operators (with their
 * bodies' clusters) and output sinks.  A dot node belongs to the cluster
 * it is first named in, so edges are left to pass 2. */
static void dot_declare_graph(DotContext *c, const IrGraph *g, int indent)
{
    int k = c->graphs++;
    for (int i = 0; i < g->inputs.len; i++)
        dot_value_node(c, g->inputs.items[i], "invhouse", indent);
    for (int i = 0; i < g->initializers.len; i++)
        dot_value_node(c, g->initializers.items[i], "note", indent);
    for (int i = 0; i < g->nodes.len; i++)
        dot_declare_node(c, g->nodes.items[i], indent);
    for (int i = 0; i < g->outputs.len; i++) {
        dot_indent(c, indent);
        fprintf(c->out, "o%d_%d [shape=house, label=", k, i);
        dot_quoted(c, ((IrValue *)g->outputs.items[i])->name);
        fputs("];\n", c->out);
    }
}

static void dot_graph_edges(DotContext *c, const IrGraph *g);

/* A local function's body as a cluster of its own, beside the graph; the
 * nodes calling it show its name. */
static void dot_declare_function(DotContext *c, const IrFunction *f, int index)
{
    fprintf(c->out, "  subgraph cluster_function_%d {\n    style=dashed; color=gray50; label=", index);
    dot_quoted(c, arena_sprintf(c->arena, "function %s.%s", f->domain, f->name));
    fputs(";\n", c->out);
    dot_declare_graph(c, f->body, 4);
    fputs("  }\n", c->out);
}

/* The dotted edge from a Loop or If node to its body's cluster, then the
 * body's own edges. */
static void dot_body_edges(DotContext *c, const IrNode *n, const IrAttr *at)
{
    const IrGraph *g = at->g;
    const char *anchor =
        g->inputs.len ? arena_sprintf(c->arena, "v%d", ((IrValue *)g->inputs.items[0])->id)
        : g->nodes.len ? arena_sprintf(c->arena, "n%d", ((IrNode *)g->nodes.items[0])->id)
        : arena_sprintf(c->arena, "o%d_0", c->graphs);
    fprintf(c->out, "  n%d -> %s [lhead=cluster_%d_%s, style=dotted, arrowhead=none, label=",
            n->id, anchor, n->id, at->name);
    dot_quoted(c, at->name);
    fputs("];\n", c->out);
    dot_graph_edges(c, g);
}

/* Pass 2, every edge at the top level, in the order of pass 1 (so the
 * output sinks get the same numbers); values captured from an enclosing
 * graph are dashed. */
static void dot_graph_edges(DotContext *c, const IrGraph *g)
{
    int k = c->graphs++;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        const char *to = arena_sprintf(c->arena, "n%d", n->id);
        for (int j = 0; j < n->n_inputs; j++)
            if (n->inputs[j])
                dot_edge(c, n->inputs[j], to, n->inputs[j]->graph != g, 2);
        for (int j = 0; j < n->n_attrs; j++)
            if (n->attrs[j].kind == IR_ATTR_GRAPH && n->attrs[j].g)
                dot_body_edges(c, n, &n->attrs[j]);
    }
    for (int i = 0; i < g->outputs.len; i++) {
        const IrValue *v = g->outputs.items[i];
        dot_edge(c, v, arena_sprintf(c->arena, "o%d_%d", k, i), v->graph != g, 2);
    }
}

static int emit_dot_writer(const IrModel *m, const SourceMap *sm, FILE *out,
                           const char **reason, const void *ctx)
{
    (void)reason;
    (void)ctx;
    DotContext c = {.model = m, .sources = sm, .out = out, .arena = m->arena};
    fputs("digraph ", out);
    dot_quoted(&c, m->graph->name ? m->graph->name : "graph");
    fputs(" {\n"
          "  compound=true;\n"
          "  node [fontname=\"Helvetica\", fontsize=10];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
    dot_declare_graph(&c, m->graph, 2);
    for (int i = 0; i < m->functions.len; i++)
        dot_declare_function(&c, m->functions.items[i], i);
    c.graphs = 0;
    dot_graph_edges(&c, m->graph);
    for (int i = 0; i < m->functions.len; i++)
        dot_graph_edges(&c, ((IrFunction *)m->functions.items[i])->body);
    fputs("}\n", out);
    return ferror(out) ? EMIT_STATUS_IO : 0;
}

int emit_dot(const IrModel *m, const SourceMap *sm, FILE *out)
{
    const char *reason = NULL;
    return emit_dot_writer(m, sm, out, &reason, NULL);
}

int emit_dot_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d)
{
    return emit_write_path(m, sm, path, d, emit_dot_writer, NULL);
}

int emit_dot_file_pending(const IrModel *m, const SourceMap *sm, const char *path, PendingFiles *pending,
                          Diag *d)
{
    return emit_write_path(m, sm, path, d, emit_dot_writer, pending);
}
