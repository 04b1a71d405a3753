/* --report[=FILE]: a markdown report of one compilation, written whether or
 * not it succeeded:
 *
 *   - every unsupported call reached (torch functions, Tensor methods and
 *     torch.ops operators with no mapping), with its count and first place;
 *   - the specializations trace mode makes: in trace mode those recorded
 *     through bridge_report_specialization; in script mode, what trace mode would
 *     fix to the examples, read off the graph (If and Loop nodes, sizes
 *     read at run time, lists of run-time length), by kind and line;
 *   - the operator histogram of the graph as far as it was built (main
 *     graph, Loop/If bodies, local functions).
 *
 * Rows are sorted (by count, then name), so reports diff well. */
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"
#include "emit/emit.h"
#include "sema/sema.h"

typedef struct OpCount {
    const char *name;           /* "Gemm", "custom_domain::Foo" */
    int count;
} OpCount;

typedef struct Histogram {
    OpCount *ops;
    int n, cap;
    int nodes[3];               /* main graph, bodies, functions */
} Histogram;

static void count_op(Arena *a, Histogram *h, const IrNode *n)
{
    const char *name = n->domain && n->domain[0] ? arena_sprintf(a, "%s::%s", n->domain, n->op_type) : n->op_type;
    for (int i = 0; i < h->n; i++) {
        if (strcmp(h->ops[i].name, name) == 0) {
            h->ops[i].count++;
            return;
        }
    }
    if (h->n == h->cap) {
        int cap = h->cap ? h->cap * 2 : 32;
        h->ops = arena_grow(a, h->ops, sizeof(OpCount) * (size_t)h->cap, sizeof(OpCount) * (size_t)cap);
        h->cap = cap;
    }
    h->ops[h->n++] = (OpCount){name, 1};
}

static void count_graph(Arena *a, Histogram *h, const IrGraph *g, int where, int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        const IrNode *n = g->nodes.items[i];
        if (n->domain && strcmp(n->domain, REPORT_STAND_IN_DOMAIN) == 0)
            continue;   /* the unsupported calls, listed above */
        count_op(a, h, n);
        h->nodes[where]++;
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                count_graph(a, h, n->attrs[k].g, where == 0 ? 1 : where, depth + 1);
    }
}

static int by_count(const void *x, const void *y)
{
    const OpCount *a = x, *b = y;
    if (a->count != b->count)
        return b->count - a->count;
    return strcmp(a->name, b->name);
}

static int entry_order(const void *x, const void *y)
{
    const ReportEntry *a = *(ReportEntry *const *)x, *b = *(ReportEntry *const *)y;
    if (a->count != b->count)
        return b->count - a->count;
    return strcmp(a->what, b->what);
}

/* WHAT_IS_CODE: the entries are names, shown as code. */
static void entry_table(FILE *out, const IrModel *m, const SourceMap *sm, const PtrVec *entries, const char *what,
                        bool what_is_code)
{
    ReportEntry **sorted = arena_alloc(m->arena, sizeof(ReportEntry *) * (size_t)(entries->len + 1));
    memcpy(sorted, entries->items, sizeof(ReportEntry *) * (size_t)entries->len);
    qsort(sorted, (size_t)entries->len, sizeof *sorted, entry_order);
    fprintf(out, "| %s | Count | First at |\n|---|--:|---|\n", what);
    for (int i = 0; i < entries->len; i++) {
        const char *where = emit_location(m, sm, sorted[i]->first);
        const char *q = what_is_code ? "`" : "";
        fprintf(out, "| %s%s%s | %d | %s%s%s |\n", q, sorted[i]->what, q, sorted[i]->count, where ? "`" : "",
                where ? where : "(no location)", where ? "`" : "");
    }
}

/* ---- what trace mode would specialize ---- */

/* The nodes of a script-mode graph that trace mode would not keep: it
 * runs the model on the examples, so it takes one branch, unrolls loops,
 * and freezes sizes and list lengths to the examples'. */
static const char *specialization_of(const IrNode *n)
{
    static const struct { const char *op, *what; } table[] = {
        {"If", "run-time condition (`If`): trace keeps only the branch the example takes"},
        {"Loop", "run-time loop (`Loop`): trace unrolls it to the example's trip count"},
        {"Shape", "size read at run time (`Shape`): trace freezes it to the example's size"},
        {"SplitToSequence", "list of run-time length: trace fixes it to the example's length"},
        {"SequenceEmpty", "list of run-time length: trace fixes it to the example's length"},
        {"SequenceInsert", "list of run-time length: trace fixes it to the example's length"},
        {"SequenceConstruct", "list of run-time length: trace fixes it to the example's length"},
    };
    if (n->domain && n->domain[0])
        return NULL;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (strcmp(n->op_type, table[i].op) == 0)
            return table[i].what;
    return NULL;
}

/* One row per kind and source line. */
static void add_specialization(Arena *a, PtrVec *rows, const char *what, Span span, const SourceMap *sm)
{
    const SourceFile *f = source_file(sm, span.file);
    int line = 0, col = 0;
    if (f)
        source_line_col(f, span.start, &line, &col);
    for (int i = 0; i < rows->len; i++) {
        ReportEntry *e = rows->items[i];
        const SourceFile *ef = source_file(sm, e->first.file);
        int eline = 0;
        if (ef)
            source_line_col(ef, e->first.start, &eline, &col);
        if (e->what == what && ef == f && eline == line) {
            e->count++;
            return;
        }
    }
    ReportEntry *e = arena_alloc(a, sizeof *e);
    e->what = what;
    e->first = span;
    e->count = 1;
    ptrvec_push(a, rows, e);
}

static void collect_specializations(const IrModel *m, const IrGraph *g, PtrVec *rows, const SourceMap *sm,
                                    int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        const IrNode *n = g->nodes.items[i];
        const char *what = specialization_of(n);
        if (what)
            add_specialization(m->arena, rows, what, n->span, sm);
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                collect_specializations(m, n->attrs[k].g, rows, sm, depth + 1);
    }
}

static void specialization_section(FILE *out, const Options *o, const Report *r, const SourceMap *sm)
{
    const IrModel *m = r->model;
    fputs("\n## Trace-mode specializations\n\n", out);
    PtrVec rows = r->specializations;
    if (m && !o->trace) {
        rows = (PtrVec){0};
        for (int i = 0; i < r->specializations.len; i++)
            ptrvec_push(m->arena, &rows, r->specializations.items[i]);
        collect_specializations(m, m->graph, &rows, sm, 0);
        for (int i = 0; i < m->functions.len; i++)
            collect_specializations(m, ((IrFunction *)m->functions.items[i])->body, &rows, sm, 0);
    }
    if (!rows.len) {
        fputs(o->trace ? "None.\n" : "None: this graph has no run-time branch, loop, size or list that trace mode "
              "would fix to the examples'.\n", out);
        return;
    }
    if (!o->trace)
        fputs("What this script-mode graph keeps general and trace mode (`--trace`) would fix to the examples' "
              "values:\n\n", out);
    entry_table(out, m, sm, &rows, "Specialization", false);
}

static void op_section(FILE *out, const IrModel *m)
{
    Histogram h = {0};
    count_graph(m->arena, &h, m->graph, 0, 0);
    for (int i = 0; i < m->functions.len; i++)
        count_graph(m->arena, &h, ((IrFunction *)m->functions.items[i])->body, 2, 0);
    fputs("\n## Operators\n\n", out);
    if (h.n == 0) {
        fputs("No nodes were built.\n", out);
        return;
    }
    qsort(h.ops, (size_t)h.n, sizeof *h.ops, by_count);
    fputs("| Operator | Count |\n|---|--:|\n", out);
    for (int i = 0; i < h.n; i++)
        fprintf(out, "| `%s` | %d |\n", h.ops[i].name, h.ops[i].count);
    fprintf(out, "\n%d nodes in the main graph, %d in Loop and If bodies, %d in local functions.\n", h.nodes[0],
            h.nodes[1], h.nodes[2]);
}

/* The class or function built (sema records it), else what was asked. */
static const char *entry_name(const Options *o, const IrModel *m)
{
    for (int i = 0; m && i < m->metadata.len; i++) {
        const IrMetadata *md = m->metadata.items[i];
        if (strcmp(md->key, "tsc2onnx.entry") == 0)
            return md->value;
    }
    return o->entry ? o->entry : "(default)";
}

static void write_report(FILE *out, const Options *o, const Report *r, const SourceMap *sm, int n_errors)
{
    const IrModel *m = r->model;
    const char *title = o->file ? o->file : o->entry;
    const char *base = o->file ? strrchr(o->file, '/') : NULL;
    fprintf(out, "# tsc2onnx report: %s\n\n", base ? base + 1 : title);
    fprintf(out, "Entry `%s`, opset %d, %s mode: ", entry_name(o, m), o->opset, o->trace ? "trace" : "script");
    int calls = 0;
    for (int i = 0; i < r->unsupported.len; i++)
        calls += ((const ReportEntry *)r->unsupported.items[i])->count;
    if (n_errors || r->unsupported.len)
        fprintf(out, "**not compiled**: %d call%s without an ONNX mapping (%d distinct), %d other error%s.\n",
                calls, calls == 1 ? "" : "s", r->unsupported.len, n_errors, n_errors == 1 ? "" : "s");
    else
        fputs("compiled.\n", out);
    fputs("\n## Unsupported calls\n\n", out);
    if (r->unsupported.len)
        entry_table(out, m, sm, &r->unsupported, "Call", true);
    else
        fputs("None: every call reached has an ONNX mapping.\n", out);
    specialization_section(out, o, r, sm);
    if (m)
        op_section(out, m);
}

int report_command_output(const Options *o, const Report *r, const SourceMap *sm, int n_errors)
{
    bool to_stdout = !o->report_path || strcmp(o->report_path, "-") == 0;
    Arena a;
    arena_init(&a);
    int err = 0;
    FILE *out = to_stdout ? stdout : driver_open_output(&a, o->report_path, &err);
    arena_free(&a);
    if (!out) {
        fprintf(stderr, "tsc2onnx: error: cannot write '%s'\n", o->report_path);
        return EXIT_IO;
    }
    write_report(out, o, r, sm, n_errors);
    int bad = ferror(out) || fflush(out) != 0;
    if (!to_stdout)
        bad |= fclose(out) != 0;
    if (bad) {
        fprintf(stderr, "tsc2onnx: error: cannot write the report to '%s'\n", to_stdout ? "standard output" :
                o->report_path);
        return EXIT_IO;
    }
    return EXIT_OK;
}
