/* What the emit/ writers share: ONNX's names of element types, source
 * locations as text, graph membership tests. */
#include <string.h>

#include "emit/emit_internal.h"

static const char *const emit_dtype_names[DT_COUNT] = {
    [DT_UNDEFINED] = "undefined", [DT_FLOAT] = "float", [DT_UINT8] = "uint8",
    [DT_INT8] = "int8", [DT_UINT16] = "uint16", [DT_INT16] = "int16",
    [DT_INT32] = "int32", [DT_INT64] = "int64", [DT_STRING] = "string",
    [DT_BOOL] = "bool", [DT_FLOAT16] = "float16", [DT_DOUBLE] = "double",
    [DT_UINT32] = "uint32", [DT_UINT64] = "uint64", [DT_COMPLEX64] = "complex64",
    [DT_COMPLEX128] = "complex128", [DT_BFLOAT16] = "bfloat16",
};

const char *emit_dtype_name(DType t)
{
    if ((int)t < 0 || t >= DT_COUNT || !emit_dtype_names[t])
        return "undefined";
    return emit_dtype_names[t];
}

/* PATH without its leading "./" components. */
static const char *emit_strip_dot(const char *path)
{
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    return path;
}

const char *emit_source_path(const IrModel *m, const SourceFile *f)
{
    const char *path = f->path;
    if (path[0] == '<')
        return path;        /* "<stdlib>/torch.nn", "<--arg x>" */
    path = emit_strip_dot(path);
    const char *root = m->source_root ? emit_strip_dot(m->source_root) : NULL;
    size_t n = root ? strlen(root) : 0;
    if (root && (n == 0 || (n == 1 && root[0] == '.')) && path[0] != '/')
        return path;
    if (root && n > 0 && strncmp(path, root, n) == 0 && path[n] == '/')
        return emit_strip_dot(path + n + 1);
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

const char *emit_span_location(const IrModel *m, const SourceMap *sm, Span span)
{
    const SourceFile *f = sm ? source_file(sm, span.file) : NULL;
    if (!f)
        return NULL;
    int line, col;
    source_line_col(f, span.start, &line, &col);
    char tail[32];      /* ":COL" */
    join_number(tail, sizeof tail, ":", 0, "", col, "");
    return arena_join_number(m->arena, emit_source_path(m, f), 0, ":", line, tail);
}

const char *emit_location(const IrModel *m, const SourceMap *sm, Span span)
{
    return m ? emit_span_location(m, sm, span) : NULL;
}

const char *emit_span_line(const IrModel *m, const SourceMap *sm, Span span, size_t max)
{
    const SourceFile *f = sm ? source_file(sm, span.file) : NULL;
    if (!f)
        return NULL;
    int line, col;
    source_line_col(f, span.start, &line, &col);
    uint32_t len;
    const char *text = source_line_text(f, line, &len);
    while (len > 0 && (*text == ' ' || *text == '\t')) {
        text++;
        len--;
    }
    size_t n = len < max ? len : max;
    while (n > 0 && n < len && ((unsigned char)text[n] & 0xC0) == 0x80)
        n--;    /* do not cut a UTF-8 sequence */
    char *s = arena_strndup(m->arena, text, n);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            s[i] = ' ';
    return s;
}

bool emit_is_graph_output(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->outputs.len; i++)
        if (g->outputs.items[i] == v)
            return true;
    return false;
}

/* Domains other than the default that G's nodes (bodies included) use, in
 * order of first use; returns how many, at most MAX. */
static int emit_collect_domains(const IrGraph *g, const char **out, int n, int max, int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        const IrNode *node = g->nodes.items[i];
        const char *d = node->domain ? node->domain : "";
        bool seen = !d[0] || strcmp(d, "ai.onnx") == 0;
        for (int k = 0; k < n && !seen; k++)
            seen = strcmp(out[k], d) == 0;
        if (!seen && n < max)
            out[n++] = d;
        for (int k = 0; k < node->n_attrs; k++)
            if (node->attrs[k].kind == IR_ATTR_GRAPH && node->attrs[k].g)
                n = emit_collect_domains(node->attrs[k].g, out, n, max, depth + 1);
    }
    return n;
}

int emit_used_domains(const IrGraph *g, const char **out, int max)
{
    return emit_collect_domains(g, out, 0, max, 0);
}

int emit_domain_version(const IrModel *m, const char *domain)
{
    for (int i = 0; i < m->n_opsets; i++)
        if (strcmp(m->opsets[i].domain, domain) == 0)
            return m->opsets[i].version;
    return 1;
}
