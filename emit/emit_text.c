/* `--emit text`: the model in ONNX's textual syntax, the form onnx 1.12's
 * onnx.parser.parse_model reads:
 *
 *   <ir_version: 8, opset_import: ["" : 17], producer_name: "tsc2onnx">
 *   main_graph (float[N,3] x) => (float[N,4] y)
 *   <float[3,4] w = {...}, float[N,4] t>
 *   {
 *     # model.py:7: y = self.fc(x)
 *     t = MatMul (x, w)
 *     y = Add (t, b)
 *   }
 *
 * Local functions follow the graph, each with its domain, opset imports,
 * attribute names, inputs and outputs (untyped) and nodes.
 *
 * The list between `<` and `>` after a graph's outputs holds its
 * initializers (`type name = {data}`) and then its value_info (`type name`).
 * `#` starts a comment to the end of the line; comments give each node's
 * source line and say what the syntax could not hold.
 *
 * What onnx 1.12's parser cannot read, and what is written instead:
 *   - names that are not identifiers ([A-Za-z_][A-Za-z0-9_]*, and not a
 *     type keyword): rewritten with `_` for the other characters, made
 *     unique over the model;
 *   - symbolic dimensions that are expressions ("2*N"): `?`;
 *   - sequence and optional types, unknown element types: the bare name,
 *     with a comment giving the type;
 *   - float16, bfloat16 and complex tensor data, data with inf, nan or
 *     subnormal values (its stof/stod reject them), and tensors of more than
 *     EMIT_TEXT_MAX_ELEMENTS elements: the data is elided, a comment says
 *     so; an elided initializer reads back as a value_info;
 *   - empty lists and non-finite float attributes: the attribute is left
 *     out, with a comment;
 *   - `"` inside strings (there are no escapes): written as `'`.
 * In 1.12's syntax a scalar type is `float` and unknown rank `float[]`. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "config.h"
#include "emit/emit_internal.h"
#include "ir/symdim.h"

#define TEXT_VALUES_PER_LINE 16
#define TEXT_SOURCE_MAX 100     /* bytes of a source line quoted in a comment */

/* A string-keyed map in the arena (open addressing): value names to the
 * names printed for them, and the set of printed names. */
typedef struct TextMap {
    const char **keys;
    const char **vals;
    size_t cap, count;
} TextMap;

typedef struct TextContext {
    const IrModel *model;
    const SourceMap *sources;
    FILE *out;
    Arena *arena;
    TextMap renamed;        /* value name -> printed name, when they differ */
    TextMap taken;          /* every printed value name */
    int last_file, last_line;   /* source line of the last node comment */
} TextContext;

static const char *text_dtype(DType t)
{
    return emit_dtype_name(t);
}

/* Words the parser reads as the start of a type, so not as a bare name. */
static bool text_is_keyword(const char *s)
{
    static const char *const words[] = {"seq", "map", "optional", "sparse_tensor"};
    for (int t = 0; t < DT_COUNT; t++)
        if (strcmp(s, emit_dtype_name((DType)t)) == 0)
            return true;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(s, words[i]) == 0)
            return true;
    return false;
}

static bool text_is_ident(const char *s)
{
    if (!s || !(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        return false;
    for (const char *p = s + 1; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9')))
            return false;
    return !text_is_keyword(s);
}

static size_t text_map_slot(const TextMap *map, const char *key)
{
    size_t j = hash_bytes(key, strlen(key)) & (map->cap - 1);
    while (map->keys[j] && strcmp(map->keys[j], key) != 0)
        j = (j + 1) & (map->cap - 1);
    return j;
}

static const char *text_map_get(const TextMap *map, const char *key)
{
    if (!map->cap)
        return NULL;
    size_t j = text_map_slot(map, key);
    return map->keys[j] ? map->vals[j] : NULL;
}

static void text_map_put(Arena *a, TextMap *map, const char *key, const char *val)
{
    if ((map->count + 1) * 2 > map->cap) {
        TextMap grown = {.cap = map->cap ? map->cap * 2 : 64};
        grown.keys = arena_alloc(a, sizeof(char *) * grown.cap);
        grown.vals = arena_alloc(a, sizeof(char *) * grown.cap);
        for (size_t i = 0; i < map->cap; i++)
            if (map->keys[i])
                text_map_put(a, &grown, map->keys[i], map->vals[i]);
        *map = grown;
    }
    size_t j = text_map_slot(map, key);
    if (!map->keys[j])
        map->count++;
    map->keys[j] = key;
    map->vals[j] = val;
}

/* NAME with every character outside [A-Za-z0-9_] replaced by `_`, and a
 * `_` in front when it would not start an identifier. */
static char *text_sanitize(Arena *a, const char *name)
{
    char *s = arena_sprintf(a, "_%s", name ? name : "");
    for (char *p = s + 1; *p; p++)
        if (!(*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9')))
            *p = '_';
    bool letter_first = (s[1] >= 'a' && s[1] <= 'z') || (s[1] >= 'A' && s[1] <= 'Z');
    return letter_first ? s + 1 : s;
}

/* Pass 1 reserves the names already valid; pass 2 renames the others. */
static void text_name_value(TextContext *c, const IrValue *v, int pass)
{
    if (!v || !v->name)
        return;
    bool valid = text_is_ident(v->name);
    if (pass == 1 && valid) {
        text_map_put(c->arena, &c->taken, v->name, v->name);
    } else if (pass == 2 && !valid && !text_map_get(&c->renamed, v->name)) {
        const char *base = text_sanitize(c->arena, v->name);
        const char *name = base;
        for (int k = 1; text_map_get(&c->taken, name) || text_is_keyword(name); k++)
            name = arena_sprintf(c->arena, "%s_%d", base, k);
        text_map_put(c->arena, &c->taken, name, name);
        text_map_put(c->arena, &c->renamed, v->name, name);
    }
}

/* Visits every value a graph defines, nested graphs included, in order. */
static void text_name_graph(TextContext *c, const IrGraph *g, int pass)
{
    for (int i = 0; i < g->inputs.len; i++)
        text_name_value(c, g->inputs.items[i], pass);
    for (int i = 0; i < g->initializers.len; i++)
        text_name_value(c, g->initializers.items[i], pass);
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++)
            text_name_value(c, n->outputs[k], pass);
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                text_name_graph(c, n->attrs[k].g, pass);
    }
}

static const char *text_name(TextContext *c, const IrValue *v)
{
    if (!v)
        return "";
    if (text_is_ident(v->name))
        return v->name;
    const char *name = text_map_get(&c->renamed, v->name);
    return name ? name : text_sanitize(c->arena, v->name);
}

static void text_indent(TextContext *c, int indent)
{
    fprintf(c->out, "%*s", indent, "");
}

/* A quoted string; the syntax has no escapes, so `"` becomes `'`. */
static void text_string(TextContext *c, const char *s)
{
    fputc('"', c->out);
    for (const char *p = s ? s : ""; *p; p++)
        fputc(*p == '"' ? '\'' : *p, c->out);
    fputc('"', c->out);
}

/* Types */

static bool text_type_expressible(const IrType *t)
{
    return t->kind == IR_TYPE_TENSOR && t->dtype != DT_UNDEFINED;
}

static void text_dim(TextContext *c, Dim d)
{
    if (dim_is_known(d))
        fprintf(c->out, "%" PRId64, d.value);
    else if (d.sym && text_is_ident(symdim_text(d.sym)))
        fputs(symdim_text(d.sym), c->out);
    else
        fputc('?', c->out);
}

/* `float[N,3]`; `float` for a scalar, `float[]` for unknown rank (1.12).
 * Sequences and optionals in the newer syntax, for comments only. */
static void text_type(TextContext *c, const IrType *t)
{
    if (t->kind != IR_TYPE_TENSOR) {
        fputs(t->kind == IR_TYPE_SEQUENCE ? "seq(" : "optional(", c->out);
        if (t->elem)
            text_type(c, t->elem);
        else
            fputc('?', c->out);
        fputc(')', c->out);
        return;
    }
    fputs(t->dtype == DT_UNDEFINED ? "?" : text_dtype(t->dtype), c->out);
    if (t->rank < 0 && t->dtype == DT_UNDEFINED)
        return;     /* nothing known: just `?` */
    if (t->rank < 0) {
        fputs("[]", c->out);
    } else if (t->rank > 0) {
        fputc('[', c->out);
        for (int i = 0; i < t->rank; i++) {
            if (i)
                fputc(',', c->out);
            text_dim(c, t->dims[i]);
        }
        fputc(']', c->out);
    }
}

/* `float[N] x`, or the bare name when the type has no 1.12 syntax. */
static void text_decl(TextContext *c, const IrValue *v)
{
    if (text_type_expressible(&v->type)) {
        text_type(c, &v->type);
        fputc(' ', c->out);
    }
    fputs(text_name(c, v), c->out);
}

/* Tensor data */

static bool text_float_ok(double x)
{
    int k = fpclassify(x);
    return k == FP_ZERO || k == FP_NORMAL;
}

/* Why T's data cannot be printed, or NULL. */
static const char *text_tensor_elided(TextContext *c, const IrTensor *t)
{
    int64_t n = ir_tensor_numel(t);
    if (n > EMIT_TEXT_MAX_ELEMENTS)
        return arena_sprintf(c->arena, "%" PRId64 " values elided", n);
    switch (t->dtype) {
    case DT_FLOAT16: case DT_BFLOAT16: case DT_COMPLEX64: case DT_COMPLEX128:
    case DT_UNDEFINED:
        return arena_sprintf(c->arena, "%s data elided (no onnx 1.12 literal)",
                             text_dtype(t->dtype));
    case DT_FLOAT:
        for (int64_t i = 0; i < n; i++) {
            float x;
            memcpy(&x, (const char *)t->data + i * 4, 4);
            if (!text_float_ok(x))
                return "data elided (inf, nan or subnormal values have no onnx 1.12 literal)";
        }
        return NULL;
    case DT_DOUBLE:
        for (int64_t i = 0; i < n; i++) {
            double x;
            memcpy(&x, (const char *)t->data + i * 8, 8);
            if (!text_float_ok(x))
                return "data elided (inf, nan or subnormal values have no onnx 1.12 literal)";
        }
        return NULL;
    default:
        return NULL;
    }
}

/* Element I of T as a literal. */
static void text_element(TextContext *c, const IrTensor *t, int64_t i)
{
    union { float f; double d; int8_t i8; int16_t i16; int32_t i32; int64_t i64;
            uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64; } u = {0};
    size_t size = dtype_size(t->dtype);
    if (t->data && size > 0 && size <= sizeof u)
        memcpy(&u, (const unsigned char *)t->data + (size_t)i * size, size);
    switch (t->dtype) {
    case DT_FLOAT: fprintf(c->out, "%.9g", u.f); break;
    case DT_DOUBLE: fprintf(c->out, "%.17g", u.d); break;
    case DT_INT8: fprintf(c->out, "%d", u.i8); break;
    case DT_INT16: fprintf(c->out, "%d", u.i16); break;
    case DT_INT32: fprintf(c->out, "%" PRId32, u.i32); break;
    case DT_INT64: fprintf(c->out, "%" PRId64, u.i64); break;
    case DT_UINT8: fprintf(c->out, "%u", u.u8); break;
    case DT_UINT16: fprintf(c->out, "%u", u.u16); break;
    case DT_UINT32: fprintf(c->out, "%" PRIu32, u.u32); break;
    case DT_UINT64: fprintf(c->out, "%" PRIu64, u.u64); break;
    case DT_BOOL: fputc(u.u8 ? '1' : '0', c->out); break;
    case DT_STRING: text_string(c, t->strings ? t->strings[i] : ""); break;
    default: fputc('0', c->out); break;
    }
}

/* The tensor type, `float[2,3]` (`float` for a scalar). */
static void text_tensor_type(TextContext *c, const IrTensor *t)
{
    fputs(text_dtype(t->dtype), c->out);
    if (t->rank > 0) {
        fputc('[', c->out);
        for (int i = 0; i < t->rank; i++)
            fprintf(c->out, i ? ",%" PRId64 : "%" PRId64, t->dims[i]);
        fputc(']', c->out);
    }
}

/* `{1, 2, 3}`, wrapped every TEXT_VALUES_PER_LINE values. */
static void text_tensor_data(TextContext *c, const IrTensor *t, int indent)
{
    int64_t n = ir_tensor_numel(t);
    fputc('{', c->out);
    for (int64_t i = 0; i < n; i++) {
        if (i && i % TEXT_VALUES_PER_LINE == 0) {
            fputs(",\n", c->out);
            text_indent(c, indent + 2);
        } else if (i) {
            fputs(", ", c->out);
        }
        text_element(c, t, i);
    }
    fputc('}', c->out);
}

/* Attributes */

/* A float attribute value: always with a `.` or an exponent, since 1.12
 * types a literal by its spelling. */
static void text_float_attr(TextContext *c, float x)
{
    char buf[48];
    snprintf(buf, sizeof buf, "%.9g", x);
    fputs(buf, c->out);
    if (!strpbrk(buf, ".e"))
        fputs(".0", c->out);
}

/* Why AT must be left out of the text, or NULL. */
static const char *text_attr_omitted(const IrAttr *at)
{
    switch (at->kind) {
    case IR_ATTR_FLOAT:
        return text_float_ok(at->f) ? NULL : "its value has no onnx 1.12 literal";
    case IR_ATTR_FLOATS:
        for (int i = 0; i < at->n; i++)
            if (!text_float_ok(at->floats[i]))
                return "a value has no onnx 1.12 literal";
        return at->n ? NULL : "an empty list has no onnx 1.12 syntax";
    case IR_ATTR_INTS: case IR_ATTR_STRINGS:
        return at->n ? NULL : "an empty list has no onnx 1.12 syntax";
    case IR_ATTR_TENSOR:
        return at->t ? NULL : "no tensor";
    case IR_ATTR_GRAPH:
        return at->g ? NULL : "no graph";
    case IR_ATTR_UNDEFINED:
        return "undefined attribute";
    default:
        return NULL;
    }
}

static void text_graph(TextContext *c, const IrGraph *g, int indent);

static void text_attr_list(TextContext *c, const IrAttr *at)
{
    fputc('[', c->out);
    for (int i = 0; i < at->n; i++) {
        if (i)
            fputs(", ", c->out);
        if (at->kind == IR_ATTR_FLOATS)
            text_float_attr(c, at->floats[i]);
        else if (at->kind == IR_ATTR_INTS)
            fprintf(c->out, "%" PRId64, at->ints[i]);
        else
            text_string(c, at->strings[i]);
    }
    fputc(']', c->out);
}

static void text_attr_value(TextContext *c, const IrAttr *at, int indent)
{
    switch (at->kind) {
    case IR_ATTR_FLOAT: text_float_attr(c, at->f); break;
    case IR_ATTR_INT: fprintf(c->out, "%" PRId64, at->i); break;
    case IR_ATTR_STRING: text_string(c, at->s); break;
    case IR_ATTR_TENSOR:
        text_tensor_type(c, at->t);
        if (!text_tensor_elided(c, at->t)) {
            fputc(' ', c->out);
            text_tensor_data(c, at->t, indent);
        }
        break;
    case IR_ATTR_GRAPH: text_graph(c, at->g, indent); break;
    default: text_attr_list(c, at); break;
    }
}

/* Comments before a node: attributes left out, tensor data elided. */
static void text_attr_notes(TextContext *c, const IrNode *n, int indent)
{
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        const char *why = text_attr_omitted(at);
        if (why) {
            text_indent(c, indent);
            fprintf(c->out, "# attribute %s left out: %s\n", at->name, why);
        } else if (at->kind == IR_ATTR_TENSOR && (why = text_tensor_elided(c, at->t))) {
            text_indent(c, indent);
            fprintf(c->out, "# attribute %s: %s\n", at->name, why);
        }
    }
}

/* `<a = 1, b = [2, 3]>` on the node's line; when the node has a body,
 * one attribute per line with the graphs at that indentation:
 *
 *   y = If <
 *     then_branch = then_branch () => (float[N] a)
 *     {
 *       ...
 *     },
 *     else_branch = ...
 *   > (cond)
 */
static void text_attrs(TextContext *c, const IrNode *n, int indent)
{
    bool multiline = false;
    for (int i = 0; i < n->n_attrs; i++)
        if (n->attrs[i].kind == IR_ATTR_GRAPH && !text_attr_omitted(&n->attrs[i]))
            multiline = true;
    int printed = 0;
    for (int i = 0; i < n->n_attrs; i++) {
        const IrAttr *at = &n->attrs[i];
        if (text_attr_omitted(at))
            continue;
        if (multiline) {
            fputs(printed++ ? ",\n" : " <\n", c->out);
            text_indent(c, indent + 2);
        } else {
            fputs(printed++ ? ", " : " <", c->out);
        }
        fprintf(c->out, "%s = ", at->name);
        text_attr_value(c, at, multiline ? indent + 2 : indent);
    }
    if (printed && multiline) {
        fputc('\n', c->out);
        text_indent(c, indent);
    }
    if (printed)
        fputc('>', c->out);
}

/* Nodes */

/* `# model.py:7: y = self.fc(x)` when the node's source line differs from
 * the previous node's. */
static void text_source_comment(TextContext *c, const IrNode *n, int indent)
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
    text_indent(c, indent);
    fprintf(c->out, "# %s:%d: %s\n", emit_source_path(c->model, f), line,
            emit_span_line(c->model, c->sources, n->span, TEXT_SOURCE_MAX));
}

static void text_node(TextContext *c, const IrNode *n, int indent)
{
    text_source_comment(c, n, indent);
    text_attr_notes(c, n, indent);
    text_indent(c, indent);
    for (int i = 0; i < n->n_outputs; i++)
        fprintf(c->out, i ? ", %s" : "%s", text_name(c, n->outputs[i]));
    fputs(n->n_outputs ? " = " : "= ", c->out);
    if (n->domain && n->domain[0])
        fprintf(c->out, "%s.", n->domain);
    fputs(n->op_type, c->out);
    text_attrs(c, n, indent);
    fputs(" (", c->out);
    for (int i = 0; i < n->n_inputs; i++)
        fprintf(c->out, i ? ", %s" : "%s", text_name(c, n->inputs[i]));
    fputs(")\n", c->out);
}

/* Graphs */

/* Comments for graph inputs and outputs whose types the syntax lacks. */
static void text_io_notes(TextContext *c, const PtrVec *values, int indent)
{
    for (int i = 0; i < values->len; i++) {
        const IrValue *v = values->items[i];
        if (text_type_expressible(&v->type))
            continue;
        text_indent(c, indent);
        fprintf(c->out, "# %s: ", text_name(c, v));
        text_type(c, &v->type);
        fputs(" (no onnx 1.12 syntax for this type)\n", c->out);
    }
}

static void text_value_list(TextContext *c, const PtrVec *values)
{
    fputc('(', c->out);
    for (int i = 0; i < values->len; i++) {
        if (i)
            fputs(", ", c->out);
        text_decl(c, values->items[i]);
    }
    fputc(')', c->out);
}

/* `type name = {data}` for an initializer, `type name` when elided. */
static void text_initializer(TextContext *c, const IrValue *v, int indent)
{
    const char *why = text_tensor_elided(c, v->init);
    if (why) {
        text_indent(c, indent);
        fprintf(c->out, "# %s: %s\n", text_name(c, v), why);
    }
    text_indent(c, indent);
    text_tensor_type(c, v->init);
    fprintf(c->out, " %s", text_name(c, v));
    if (!why) {
        fputs(" = ", c->out);
        text_tensor_data(c, v->init, indent);
    }
}

/* value_info entries: typed node outputs that are not graph outputs. */
static int text_value_infos(TextContext *c, const IrGraph *g, int indent, int printed)
{
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++) {
            const IrValue *v = n->outputs[k];
            if (!v || emit_is_graph_output(g, v) || !text_type_expressible(&v->type))
                continue;
            fputs(printed++ ? ",\n" : "\n", c->out);
            text_indent(c, indent);
            text_decl(c, v);
        }
    }
    return printed;
}

/* `<` initializers and value_info `>`, one per line; nothing when empty. */
static void text_graph_values(TextContext *c, const IrGraph *g, int indent)
{
    fputc('<', c->out);
    int printed = 0;
    for (int i = 0; i < g->initializers.len; i++) {
        fputs(printed++ ? ",\n" : "\n", c->out);
        text_initializer(c, g->initializers.items[i], indent + 2);
    }
    text_value_infos(c, g, indent + 2, printed);
    fputc('\n', c->out);
    text_indent(c, indent);
    fputs(">\n", c->out);
}

static bool text_graph_has_values(const IrGraph *g)
{
    if (g->initializers.len)
        return true;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++) {
            const IrValue *v = n->outputs[k];
            if (v && !emit_is_graph_output(g, v) && text_type_expressible(&v->type))
                return true;
        }
    }
    return false;
}

/* A graph; the first line is not indented (it follows `name = ` in an
 * attribute), the rest is at INDENT. */
static void text_graph(TextContext *c, const IrGraph *g, int indent)
{
    fprintf(c->out, "%s ", text_sanitize(c->arena, g->name ? g->name : "graph"));
    text_value_list(c, &g->inputs);
    fputs(" => ", c->out);
    text_value_list(c, &g->outputs);
    fputc('\n', c->out);
    text_indent(c, indent);
    if (text_graph_has_values(g)) {
        text_graph_values(c, g, indent);
        text_indent(c, indent);
    }
    fputs("{\n", c->out);
    c->last_file = -1;
    for (int i = 0; i < g->nodes.len; i++)
        text_node(c, g->nodes.items[i], indent + 2);
    c->last_file = -1;
    text_indent(c, indent);
    fputc('}', c->out);
}

/* Names of a function's inputs or outputs: `(a, b)`; functions carry no
 * types. */
static void text_name_list(TextContext *c, const PtrVec *values)
{
    fputc('(', c->out);
    for (int i = 0; i < values->len; i++)
        fprintf(c->out, i ? ", %s" : "%s", text_name(c, values->items[i]));
    fputc(')', c->out);
}

/* A local function:
 *
 *   <domain: "d", opset_import: ["" : 17]>
 *   Name <attr, ...> (a, b) => (y)
 *   {
 *     ...
 *   }
 */
static void text_function(TextContext *c, const IrFunction *f)
{
    fputs("<\n  domain: ", c->out);
    text_string(c, f->domain);
    fprintf(c->out, ",\n  opset_import: [\"\" : %d", c->model->opset);
    const char *domains[64];
    int n = emit_used_domains(f->body, domains, 64);
    for (int i = 0; i < n; i++) {
        fputs(", ", c->out);
        text_string(c, domains[i]);
        fprintf(c->out, " : %d", emit_domain_version(c->model, domains[i]));
    }
    fputs("]\n>\n", c->out);
    fputs(f->name, c->out);
    for (int i = 0; i < f->n_attrs; i++)
        fprintf(c->out, "%s%s", i ? ", " : " <", f->attrs[i]);
    fputs(f->n_attrs ? "> " : " ", c->out);
    text_name_list(c, &f->body->inputs);
    fputs(" => ", c->out);
    text_name_list(c, &f->body->outputs);
    fputs("\n{\n", c->out);
    c->last_file = -1;
    for (int i = 0; i < f->body->nodes.len; i++)
        text_node(c, f->body->nodes.items[i], 2);
    fputs("}\n", c->out);
}

/* Comments for every graph's inputs and outputs of inexpressible types. */
static void text_all_io_notes(TextContext *c, const IrGraph *g)
{
    text_io_notes(c, &g->inputs, 0);
    text_io_notes(c, &g->outputs, 0);
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                text_all_io_notes(c, n->attrs[k].g);
    }
}

/* The model header: `<ir_version: 8, opset_import: [...], ...>`. */
static void text_header(TextContext *c, const IrModel *m)
{
    int ir_version = m->ir_version > 0 ? m->ir_version : ir_version_for_opset(m->opset);
    fprintf(c->out, "<\n  ir_version: %d,\n  opset_import: [\"\" : %d", ir_version, m->opset);
    for (int i = 0; i < m->n_opsets; i++) {
        const char *domain = m->opsets[i].domain;
        if (domain[0] && strcmp(domain, "ai.onnx") != 0) {
            fputs(", ", c->out);
            text_string(c, domain);
            fprintf(c->out, " : %d", m->opsets[i].version);
        }
    }
    fputs("],\n  producer_name: ", c->out);
    text_string(c, m->producer_name ? m->producer_name : PACKAGE_NAME);
    fputs(",\n  producer_version: ", c->out);
    text_string(c, m->producer_version ? m->producer_version : PACKAGE_VERSION);
    if (m->doc_string) {
        fputs(",\n  doc_string: ", c->out);
        text_string(c, m->doc_string);
    }
    for (int i = 0; i < m->metadata.len; i++) {
        const IrMetadata *md = m->metadata.items[i];
        fputs(i ? ", " : ",\n  metadata_props: [", c->out);
        text_string(c, md->key);
        fputs(" : ", c->out);
        text_string(c, md->value);
    }
    fputs(m->metadata.len ? "]\n>\n" : "\n>\n", c->out);
}

static int emit_text_writer(const IrModel *m, const SourceMap *sm, FILE *out,
                            const char **reason, const void *ctx)
{
    (void)reason;
    (void)ctx;
    TextContext c = {.model = m, .sources = sm, .out = out, .arena = m->arena,
                     .last_file = -1};
    for (int pass = 1; pass <= 2; pass++) {
        text_name_graph(&c, m->graph, pass);
        for (int i = 0; i < m->functions.len; i++)
            text_name_graph(&c, ((IrFunction *)m->functions.items[i])->body, pass);
    }
    text_header(&c, m);
    text_all_io_notes(&c, m->graph);
    text_graph(&c, m->graph, 0);
    fputc('\n', out);
    for (int i = 0; i < m->functions.len; i++)
        text_function(&c, m->functions.items[i]);
    return ferror(out) ? EMIT_STATUS_IO : 0;
}

int emit_text(const IrModel *m, const SourceMap *sm, FILE *out)
{
    const char *reason = NULL;
    return emit_text_writer(m, sm, out, &reason, NULL);
}

int emit_text_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d)
{
    return emit_write_path(m, sm, path, d, emit_text_writer, NULL);
}

int emit_text_file_pending(const IrModel *m, const SourceMap *sm, const char *path, PendingFiles *pending,
                           Diag *d)
{
    return emit_write_path(m, sm, path, d, emit_text_writer, pending);
}
