/* `-v` / `--verbose`: the graph as a compact, typed listing on standard
 * error, for reading while developing a model:
 *
 *   graph main_graph(%x : float32[N, 3],
 *                    %fc.weight : float32[4, 3] = initializer):
 *     # model.ts:7: y = self.fc(x)
 *     %/fc/Gemm_output_0 : float32[N, 4] = Gemm[transB=1](%x, %fc.weight, %fc.bias), scope: fc (Linear)
 *     %y : bool[] = If(%c)
 *       then_branch = graph():
 *         ...
 *         return (%a)
 *     return (%output : float32[N, 4])
 *
 * Every value shows its element type and shape (symbols by name, `?` for
 * an unknown axis, `[...]` for an unknown rank); every node its op (with
 * its domain when not the default), attributes, inputs and module scope; a
 * comment gives the source line whenever it changes; Loop and If bodies
 * are indented under their node; local functions follow the graph. */
#include <inttypes.h>
#include <string.h>

#include "emit/emit_internal.h"
#include "ir/symdim.h"

#define VERBOSE_MAX_LIST 8      /* list and tensor elements shown */

typedef struct VerboseContext {
    const IrModel *model;
    const SourceMap *sources;
    FILE *out;
    int last_file, last_line;
} VerboseContext;

static void vb_indent(VerboseContext *c, int indent)
{
    fprintf(c->out, "%*s", indent, "");
}

static void vb_type(VerboseContext *c, const IrType *t)
{
    if (t->kind != IR_TYPE_TENSOR) {
        fputs(t->kind == IR_TYPE_SEQUENCE ? "seq(" : "optional(", c->out);
        if (t->elem)
            vb_type(c, t->elem);
        else
            fputc('?', c->out);
        fputc(')', c->out);
        return;
    }
    fputs(t->dtype == DT_UNDEFINED ? "?" : dtype_name(t->dtype), c->out);
    if (t->rank < 0) {
        fputs("[...]", c->out);
        return;
    }
    fputc('[', c->out);
    for (int i = 0; i < t->rank; i++) {
        Dim d = t->dims[i];
        if (i)
            fputs(", ", c->out);
        if (dim_is_known(d))
            fprintf(c->out, "%" PRId64, d.value);
        else
            fputs(d.sym ? symdim_text(d.sym) : "?", c->out);
    }
    fputc(']', c->out);
}

static void vb_value(VerboseContext *c, const IrValue *v)
{
    fprintf(c->out, "%%%s : ", v->name);
    vb_type(c, &v->type);
}

/* A few elements of a tensor attribute, or its type only. */
static void vb_tensor(VerboseContext *c, const IrTensor *t)
{
    fputs(dtype_name(t->dtype), c->out);
    fputc('[', c->out);
    for (int i = 0; i < t->rank; i++)
        fprintf(c->out, i ? ", %" PRId64 : "%" PRId64, t->dims[i]);
    fputc(']', c->out);
    int64_t n = ir_tensor_numel(t);
    if (!t->data || n > VERBOSE_MAX_LIST || t->dtype == DT_STRING)
        return;
    fputs(" {", c->out);
    size_t size = dtype_size(t->dtype);
    for (int64_t i = 0; i < n; i++) {
        const unsigned char *p = (const unsigned char *)t->data + (size_t)i * size;
        if (i)
            fputs(", ", c->out);
        if (t->dtype == DT_FLOAT) {
            float f;
            memcpy(&f, p, 4);
            fprintf(c->out, "%g", f);
        } else if (t->dtype == DT_DOUBLE) {
            double d;
            memcpy(&d, p, 8);
            fprintf(c->out, "%g", d);
        } else if (t->dtype == DT_INT64) {
            int64_t x;
            memcpy(&x, p, 8);
            fprintf(c->out, "%" PRId64, x);
        } else if (t->dtype == DT_INT32) {
            int32_t x;
            memcpy(&x, p, 4);
            fprintf(c->out, "%" PRId32, x);
        } else if (t->dtype == DT_BOOL) {
            fputs(*p ? "1" : "0", c->out);
        } else {
            fputs("...", c->out);
            break;
        }
    }
    fputc('}', c->out);
}

static void vb_list(VerboseContext *c, const IrAttr *at)
{
    fputc('[', c->out);
    for (int i = 0; i < at->n && i < VERBOSE_MAX_LIST; i++) {
        if (i)
            fputs(", ", c->out);
        if (at->kind == IR_ATTR_INTS)
            fprintf(c->out, "%" PRId64, at->ints[i]);
        else if (at->kind == IR_ATTR_FLOATS)
            fprintf(c->out, "%g", at->floats[i]);
        else
            fprintf(c->out, "\"%s\"", at->strings[i]);
    }
    fputs(at->n > VERBOSE_MAX_LIST ? ", ...]" : "]", c->out);
}

/* Non-graph attributes inside [ ]; nothing when there are none. */
static void vb_attrs(VerboseContext *c, const IrNode *n)
{
    int shown = 0;
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        if (at->kind == IR_ATTR_GRAPH || at->kind == IR_ATTR_UNDEFINED)
            continue;
        fprintf(c->out, "%s%s=", shown++ ? ", " : "[", at->name);
        switch (at->kind) {
        case IR_ATTR_INT: fprintf(c->out, "%" PRId64, at->i); break;
        case IR_ATTR_FLOAT: fprintf(c->out, "%g", at->f); break;
        case IR_ATTR_STRING: fprintf(c->out, "\"%s\"", at->s ? at->s : ""); break;
        case IR_ATTR_TENSOR:
            if (at->t)
                vb_tensor(c, at->t);
            break;
        default: vb_list(c, at); break;
        }
    }
    if (shown)
        fputc(']', c->out);
}

/* `# model.ts:7: y = self.fc(x)` when the source line changes. */
static void vb_source(VerboseContext *c, const IrNode *n, int indent)
{
    const SourceFile *f = c->sources ? source_file(c->sources, n->span.file) : NULL;
    if (!f)
        return;
    int line, col;
    source_line_col(f, n->span.start, &line, &col);
    if (f->id == c->last_file && line == c->last_line)
        return;
    c->last_file = f->id;
    c->last_line = line;
    vb_indent(c, indent);
    fprintf(c->out, "# %s:%d: %s\n", emit_source_path(c->model, f), line,
            emit_span_line(c->model, c->sources, n->span, EMIT_SOURCE_LINE_MAX));
}

static void vb_graph_body(VerboseContext *c, const IrGraph *g, int indent);

static void vb_node(VerboseContext *c, const IrNode *n, int indent)
{
    vb_source(c, n, indent);
    vb_indent(c, indent);
    for (int i = 0; i < n->n_outputs; i++) {
        if (i)
            fputs(", ", c->out);
        vb_value(c, n->outputs[i]);
    }
    fputs(n->n_outputs ? " = " : "", c->out);
    if (n->domain && n->domain[0])
        fprintf(c->out, "%s::", n->domain);
    fputs(n->op_type, c->out);
    vb_attrs(c, n);
    fputc('(', c->out);
    for (int i = 0; i < n->n_inputs; i++)
        fprintf(c->out, "%s%s%s", i ? ", " : "", n->inputs[i] ? "%" : "", n->inputs[i] ? n->inputs[i]->name : "");
    fputc(')', c->out);
    if (n->scope && n->scope[0])
        fprintf(c->out, ", scope: %s (%s)", n->scope, n->scope_type ? n->scope_type : "?");
    fputc('\n', c->out);
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        if (at->kind != IR_ATTR_GRAPH || !at->g)
            continue;
        vb_indent(c, indent + 2);
        fprintf(c->out, "%s = graph(", at->name);
        for (int k = 0; k < at->g->inputs.len; k++) {
            if (k)
                fputs(", ", c->out);
            vb_value(c, at->g->inputs.items[k]);
        }
        fputs("):\n", c->out);
        int file = c->last_file, line = c->last_line;
        vb_graph_body(c, at->g, indent + 4);
        c->last_file = file;
        c->last_line = line;
    }
}

static void vb_return(VerboseContext *c, const IrGraph *g, int indent)
{
    vb_indent(c, indent);
    fputs("return (", c->out);
    for (int i = 0; i < g->outputs.len; i++) {
        if (i)
            fputs(", ", c->out);
        vb_value(c, g->outputs.items[i]);
    }
    fputs(")\n", c->out);
}

static void vb_graph_body(VerboseContext *c, const IrGraph *g, int indent)
{
    for (int i = 0; i < g->nodes.len; i++)
        vb_node(c, g->nodes.items[i], indent);
    vb_return(c, g, indent);
}

static bool vb_is_initializer(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->initializers.len; i++)
        if (g->initializers.items[i] == v)
            return true;
    return false;
}

/* The header: inputs, then initializers that are not inputs, one per line. */
static void vb_header(VerboseContext *c, const char *head, const IrGraph *g)
{
    int width = (int)strlen(head) + 1;
    fprintf(c->out, "%s(", head);
    int printed = 0;
    for (int i = 0; i < g->inputs.len; i++) {
        const IrValue *v = g->inputs.items[i];
        fputs(printed++ ? ",\n" : "", c->out);
        if (printed > 1)
            vb_indent(c, width);
        vb_value(c, v);
        if (vb_is_initializer(g, v))
            fputs(" = initializer", c->out);
    }
    for (int i = 0; i < g->initializers.len; i++) {
        const IrValue *v = g->initializers.items[i];
        bool is_input = false;
        for (int k = 0; k < g->inputs.len && !is_input; k++)
            is_input = g->inputs.items[k] == v;
        if (is_input)
            continue;
        fputs(printed++ ? ",\n" : "", c->out);
        if (printed > 1)
            vb_indent(c, width);
        vb_value(c, v);
        fputs(" = initializer", c->out);
    }
    fputs("):\n", c->out);
}

static void vb_function(VerboseContext *c, const IrFunction *f)
{
    const char *head = arena_sprintf(c->model->arena, "function %s::%s", f->domain, f->name);
    if (f->n_attrs) {
        head = arena_sprintf(c->model->arena, "%s<", head);
        for (int i = 0; i < f->n_attrs; i++)
            head = arena_sprintf(c->model->arena, "%s%s%s", head, i ? ", " : "", f->attrs[i]);
        head = arena_sprintf(c->model->arena, "%s>", head);
    }
    fputc('\n', c->out);
    vb_header(c, head, f->body);
    c->last_file = -1;
    vb_graph_body(c, f->body, 2);
}

int emit_verbose(const IrModel *m, const SourceMap *sm, FILE *out)
{
    VerboseContext c = {.model = m, .sources = sm, .out = out, .last_file = -1};
    const char *head = arena_sprintf(m->arena, "graph %s", m->graph->name ? m->graph->name : "graph");
    vb_header(&c, head, m->graph);
    vb_graph_body(&c, m->graph, 2);
    for (int i = 0; i < m->functions.len; i++)
        vb_function(&c, m->functions.items[i]);
    return ferror(out) ? EMIT_STATUS_IO : 0;
}
