/* Binary ONNX: the IrModel as a ModelProto (emit/onnx.proto).
 *
 * The protobuf-c message tree is built in the compilation's arena and
 * mirrors the IR one to one: the model's opsets and metadata, then each
 * graph with its typed inputs and outputs, its initializers, value_info for
 * every intermediate value whose type is known, and its nodes in order,
 * with Loop/If bodies as GRAPH attributes holding nested GraphProtos.
 * Tensor bytes are never copied: TensorProto.raw_data points at the
 * IrTensor's little-endian data (strings go to string_data, the one field
 * that can hold them).
 *
 * The tree is then streamed with protobuf_c_message_pack_to_buffer()
 * through a ProtobufCBuffer that appends to a stdio stream, so the
 * serialized model is never held in memory next to the weights. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "emit/emit_pb.h"
#include "emit/onnx.pb-c.h"
#include "ir/symdim.h"

/* raw_data of a deferred tensor, filled in once the size is checked. */
typedef struct PbPending {
    ProtobufCBinaryData *slot;
    IrTensor *tensor;
} PbPending;

/* The location and source line text of a span, kept for the next node
 * from the same place (a loop unrolled a thousand times has a thousand
 * nodes per line). */
typedef struct PbSpanText {
    bool filled;
    Span span;
    const char *location, *line;    /* NULL where the span has no file */
} PbSpanText;

#define PB_SPAN_CACHE 256

typedef struct PbContext {
    Arena *arena;
    PtrVec mapped;                  /* const IrTensor* whose bytes are a file's */
    PbSpanText *spans;              /* PB_SPAN_CACHE entries, by span hash */
    const IrModel *model;
    const SourceMap *sources;
    const PbExternal *external;     /* tensors stored outside, or NULL */
    PtrVec pending;                 /* PbPending* */
} PbContext;

/* protobuf-c's string fields are `char *` but are only read when packing. */
static char *pb_str(const char *s)
{
    return (char *)s;
}

static ProtobufCBinaryData pb_bytes(const void *data, size_t len)
{
    return (ProtobufCBinaryData){.len = len, .data = (uint8_t *)data};
}

static void *pb_array(PbContext *c, size_t count, size_t size)
{
    return arena_alloc(c->arena, size * (count ? count : 1));
}

static Onnx__TypeProto *pb_type(PbContext *c, const IrType *t);

/* The shape of a tensor type: a size, a symbol (dim_param), or an empty
 * dimension for each axis.  Callers omit the shape for unknown rank. */
static Onnx__TensorShapeProto *pb_shape(PbContext *c, const IrType *t)
{
    Onnx__TensorShapeProto *shape = arena_alloc(c->arena, sizeof *shape);
    onnx__tensor_shape_proto__init(shape);
    shape->n_dim = (size_t)t->rank;
    shape->dim = pb_array(c, shape->n_dim, sizeof *shape->dim);
    for (int i = 0; i < t->rank; i++) {
        Onnx__TensorShapeProto__Dimension *dim = arena_alloc(c->arena, sizeof *dim);
        onnx__tensor_shape_proto__dimension__init(dim);
        Dim d = t->dims[i];
        if (dim_is_known(d)) {
            dim->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE;
            dim->dim_value = d.value;
        } else if (d.sym) {
            dim->value_case = ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_PARAM;
            dim->dim_param = pb_str(symdim_text(d.sym));
        }
        shape->dim[i] = dim;
    }
    return shape;
}

static Onnx__TypeProto *pb_tensor_type(PbContext *c, const IrType *t)
{
    if (t->dtype == DT_UNDEFINED)
        return NULL;
    Onnx__TypeProto__Tensor *tensor = arena_alloc(c->arena, sizeof *tensor);
    onnx__type_proto__tensor__init(tensor);
    tensor->has_elem_type = 1;
    tensor->elem_type = (int32_t)t->dtype;
    if (t->rank >= 0)
        tensor->shape = pb_shape(c, t);
    Onnx__TypeProto *type = arena_alloc(c->arena, sizeof *type);
    onnx__type_proto__init(type);
    type->value_case = ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE;
    type->tensor_type = tensor;
    return type;
}

/* seq(T) and optional(T): ONNX requires the element type. */
static Onnx__TypeProto *pb_wrapped_type(PbContext *c, const IrType *t)
{
    Onnx__TypeProto *elem = t->elem ? pb_type(c, t->elem) : NULL;
    if (!elem)
        return NULL;
    Onnx__TypeProto *type = arena_alloc(c->arena, sizeof *type);
    onnx__type_proto__init(type);
    if (t->kind == IR_TYPE_SEQUENCE) {
        Onnx__TypeProto__Sequence *seq = arena_alloc(c->arena, sizeof *seq);
        onnx__type_proto__sequence__init(seq);
        seq->elem_type = elem;
        type->value_case = ONNX__TYPE_PROTO__VALUE_SEQUENCE_TYPE;
        type->sequence_type = seq;
    } else {
        Onnx__TypeProto__Optional *opt = arena_alloc(c->arena, sizeof *opt);
        onnx__type_proto__optional__init(opt);
        opt->elem_type = elem;
        type->value_case = ONNX__TYPE_PROTO__VALUE_OPTIONAL_TYPE;
        type->optional_type = opt;
    }
    return type;
}

/* NULL when the type is not known well enough to write (no element type). */
static Onnx__TypeProto *pb_type(PbContext *c, const IrType *t)
{
    if (t->kind == IR_TYPE_TENSOR)
        return pb_tensor_type(c, t);
    return pb_wrapped_type(c, t);
}

static Onnx__ValueInfoProto *pb_value_info(PbContext *c, const IrValue *v)
{
    Onnx__ValueInfoProto *vi = arena_alloc(c->arena, sizeof *vi);
    onnx__value_info_proto__init(vi);
    vi->name = pb_str(v->name);
    vi->type = pb_type(c, &v->type);
    return vi;
}

static const PbExternalRef *pb_external_ref(PbContext *c, const IrTensor *t)
{
    for (int i = 0; c->external && i < c->external->n; i++)
        if (c->external->refs[i].tensor == t)
            return &c->external->refs[i];
    return NULL;
}

/* data_location EXTERNAL and the location, offset and length entries. */
static void pb_external_fields(PbContext *c, Onnx__TensorProto *tp, const PbExternalRef *ref)
{
    tp->has_data_location = 1;
    tp->data_location = ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL;
    tp->n_external_data = 3;
    tp->external_data = pb_array(c, 3, sizeof *tp->external_data);
    const char *keys[3] = {"location", "offset", "length"};
    const char *values[3] = {
        c->external->location,
        arena_sprintf(c->arena, "%llu", (unsigned long long)ref->offset),
        arena_sprintf(c->arena, "%llu", (unsigned long long)ref->length),
    };
    for (int i = 0; i < 3; i++) {
        Onnx__StringStringEntryProto *e = arena_alloc(c->arena, sizeof *e);
        onnx__string_string_entry_proto__init(e);
        e->key = pb_str(keys[i]);
        e->value = pb_str(values[i]);
        tp->external_data[i] = e;
    }
}

/* A constant tensor; NAME may be NULL (attribute values). */
static Onnx__TensorProto *pb_tensor(PbContext *c, const IrTensor *t, const char *name)
{
    const PbExternalRef *ref;
    Onnx__TensorProto *tp = arena_alloc(c->arena, sizeof *tp);
    onnx__tensor_proto__init(tp);
    tp->n_dims = (size_t)(t->rank > 0 ? t->rank : 0);
    tp->dims = t->dims;
    tp->has_data_type = 1;
    tp->data_type = (int32_t)t->dtype;
    tp->name = pb_str(name);
    if (t->dtype == DT_STRING) {
        int64_t n = ir_tensor_numel(t);
        tp->n_string_data = (size_t)n;
        tp->string_data = pb_array(c, (size_t)n, sizeof *tp->string_data);
        for (int64_t i = 0; i < n; i++) {
            const char *s = t->strings && t->strings[i] ? t->strings[i] : "";
            tp->string_data[i] = pb_bytes(s, strlen(s));
        }
    } else if ((ref = pb_external_ref(c, t))) {
        pb_external_fields(c, tp, ref);
    } else {
        tp->has_raw_data = 1;
        tp->raw_data = pb_bytes(t->data, t->nbytes);
        if (t->file && t->nbytes >= EMIT_COPY_MIN_BYTES)
            ptrvec_push(c->arena, &c->mapped, (void *)t);
        if (!t->data && t->fill) {
            PbPending *p = arena_alloc(c->arena, sizeof *p);
            p->slot = &tp->raw_data;
            p->tensor = (IrTensor *)t;
            ptrvec_push(c->arena, &c->pending, p);
        }
    }
    return tp;
}

static ProtobufCBinaryData *pb_strings(PbContext *c, const char *const *s, int n)
{
    ProtobufCBinaryData *out = pb_array(c, (size_t)n, sizeof *out);
    for (int i = 0; i < n; i++)
        out[i] = pb_bytes(s[i], strlen(s[i]));
    return out;
}

static Onnx__GraphProto *pb_graph(PbContext *c, const IrGraph *g);

/* One attribute: the kind discriminator and the one value field it selects. */
static Onnx__AttributeProto *pb_attr(PbContext *c, const IrAttr *at)
{
    Onnx__AttributeProto *ap = arena_alloc(c->arena, sizeof *ap);
    onnx__attribute_proto__init(ap);
    ap->name = pb_str(at->name);
    ap->has_type = 1;
    ap->type = (Onnx__AttributeProto__AttributeType)at->kind;
    switch (at->kind) {
    case IR_ATTR_FLOAT: ap->has_f = 1; ap->f = at->f; break;
    case IR_ATTR_INT: ap->has_i = 1; ap->i = at->i; break;
    case IR_ATTR_STRING:
        ap->has_s = 1;
        ap->s = pb_bytes(at->s, at->s ? strlen(at->s) : 0);
        break;
    case IR_ATTR_TENSOR: ap->t = at->t ? pb_tensor(c, at->t, NULL) : NULL; break;
    case IR_ATTR_GRAPH: ap->g = at->g ? pb_graph(c, at->g) : NULL; break;
    case IR_ATTR_FLOATS: ap->n_floats = (size_t)at->n; ap->floats = at->floats; break;
    case IR_ATTR_INTS: ap->n_ints = (size_t)at->n; ap->ints = at->ints; break;
    case IR_ATTR_STRINGS:
        ap->n_strings = (size_t)at->n;
        ap->strings = pb_strings(c, at->strings, at->n);
        break;
    case IR_ATTR_UNDEFINED: break;
    }
    return ap;
}

/* Value names of a node's inputs or outputs; "" for an omitted one. */
static char **pb_names(PbContext *c, IrValue *const *values, int n)
{
    char **names = pb_array(c, (size_t)n, sizeof *names);
    for (int i = 0; i < n; i++)
        names[i] = pb_str(values[i] ? values[i]->name : "");
    return names;
}

static Onnx__StringStringEntryProto *pb_entry(PbContext *c, const char *key, const char *value)
{
    Onnx__StringStringEntryProto *e = arena_alloc(c->arena, sizeof *e);
    onnx__string_string_entry_proto__init(e);
    e->key = pb_str(key);
    e->value = pb_str(value);
    return e;
}

static const PbSpanText *span_text(PbContext *c, Span span)
{
    if (!c->spans)
        c->spans = arena_alloc(c->arena, sizeof *c->spans * PB_SPAN_CACHE);
    uint32_t h = (span.start * 2654435761u) ^ (uint32_t)span.file * 40503u ^ span.end;
    PbSpanText *e = &c->spans[h % PB_SPAN_CACHE];
    if (!e->filled || e->span.file != span.file || e->span.start != span.start || e->span.end != span.end) {
        e->filled = true;
        e->span = span;
        e->location = emit_span_location(c->model, c->sources, span);
        e->line = emit_span_line(c->model, c->sources, span, EMIT_SOURCE_LINE_MAX);
    }
    return e;
}

/* Per-node metadata: the module path and class the node was lowered in
 * and the source line, for viewers and profilers. */
static void pb_node_metadata(PbContext *c, const IrNode *n, Onnx__NodeProto *np)
{
    const char *line = span_text(c, n->span)->line;
    np->metadata_props = pb_array(c, 3, sizeof *np->metadata_props);
    if (n->scope && n->scope[0])
        np->metadata_props[np->n_metadata_props++] = pb_entry(c, "tsc2onnx.module_path", n->scope);
    if (n->scope_type && n->scope_type[0])
        np->metadata_props[np->n_metadata_props++] = pb_entry(c, "tsc2onnx.module_type", n->scope_type);
    if (line)
        np->metadata_props[np->n_metadata_props++] = pb_entry(c, "tsc2onnx.source", line);
}

static Onnx__NodeProto *pb_node(PbContext *c, const IrNode *n)
{
    Onnx__NodeProto *np = arena_alloc(c->arena, sizeof *np);
    onnx__node_proto__init(np);
    np->n_input = (size_t)n->n_inputs;
    np->input = pb_names(c, n->inputs, n->n_inputs);
    np->n_output = (size_t)n->n_outputs;
    np->output = pb_names(c, n->outputs, n->n_outputs);
    np->name = n->name ? pb_str(n->name)
                       : arena_sprintf(c->arena, "%s_%d", n->op_type, n->id);
    np->op_type = pb_str(n->op_type);
    np->domain = pb_str(n->domain ? n->domain : "");
    np->n_attribute = (size_t)n->n_attrs;
    np->attribute = pb_array(c, np->n_attribute, sizeof *np->attribute);
    for (int i = 0; i < n->n_attrs; i++)
        np->attribute[i] = pb_attr(c, &n->attrs[i]);
    np->doc_string = pb_str(span_text(c, n->span)->location);
    pb_node_metadata(c, n, np);
    return np;
}

static Onnx__ValueInfoProto **pb_value_list(PbContext *c, const PtrVec *values, size_t *n)
{
    *n = (size_t)values->len;
    Onnx__ValueInfoProto **list = pb_array(c, *n, sizeof *list);
    for (int i = 0; i < values->len; i++)
        list[i] = pb_value_info(c, values->items[i]);
    return list;
}

/* value_info: every node output that is not a graph output and whose type
 * is known, in node order. */
static void pb_value_infos(PbContext *c, const IrGraph *g, Onnx__GraphProto *gp)
{
    size_t cap = 0;
    for (int i = 0; i < g->nodes.len; i++)
        cap += (size_t)((IrNode *)g->nodes.items[i])->n_outputs;
    gp->value_info = pb_array(c, cap, sizeof *gp->value_info);
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_outputs; k++) {
            const IrValue *v = n->outputs[k];
            if (!v || emit_is_graph_output(g, v))
                continue;
            Onnx__ValueInfoProto *vi = pb_value_info(c, v);
            if (vi->type)
                gp->value_info[gp->n_value_info++] = vi;
        }
    }
}

static Onnx__GraphProto *pb_graph(PbContext *c, const IrGraph *g)
{
    Onnx__GraphProto *gp = arena_alloc(c->arena, sizeof *gp);
    onnx__graph_proto__init(gp);
    gp->name = pb_str(g->name ? g->name : "graph");
    gp->input = pb_value_list(c, &g->inputs, &gp->n_input);
    gp->output = pb_value_list(c, &g->outputs, &gp->n_output);
    gp->n_initializer = (size_t)g->initializers.len;
    gp->initializer = pb_array(c, gp->n_initializer, sizeof *gp->initializer);
    for (int i = 0; i < g->initializers.len; i++) {
        const IrValue *v = g->initializers.items[i];
        gp->initializer[i] = pb_tensor(c, v->init, v->name);
    }
    gp->n_node = (size_t)g->nodes.len;
    gp->node = pb_array(c, gp->n_node, sizeof *gp->node);
    for (int i = 0; i < g->nodes.len; i++)
        gp->node[i] = pb_node(c, g->nodes.items[i]);
    pb_value_infos(c, g, gp);
    return gp;
}

static Onnx__OperatorSetIdProto *pb_opset(PbContext *c, const char *domain, int version)
{
    Onnx__OperatorSetIdProto *op = arena_alloc(c->arena, sizeof *op);
    onnx__operator_set_id_proto__init(op);
    op->domain = pb_str(domain);
    op->has_version = 1;
    op->version = version;
    return op;
}

/* The default domain first, then every other domain the model imports. */
static void pb_opsets(PbContext *c, const IrModel *m, Onnx__ModelProto *mp)
{
    mp->opset_import = pb_array(c, (size_t)m->n_opsets + 1, sizeof *mp->opset_import);
    mp->opset_import[mp->n_opset_import++] = pb_opset(c, "", m->opset);
    for (int i = 0; i < m->n_opsets; i++) {
        const char *domain = m->opsets[i].domain;
        if (domain[0] && strcmp(domain, "ai.onnx") != 0)
            mp->opset_import[mp->n_opset_import++] = pb_opset(c, domain, m->opsets[i].version);
    }
}

static void pb_metadata(PbContext *c, const IrModel *m, Onnx__ModelProto *mp)
{
    mp->n_metadata_props = (size_t)m->metadata.len;
    mp->metadata_props = pb_array(c, mp->n_metadata_props, sizeof *mp->metadata_props);
    for (int i = 0; i < m->metadata.len; i++) {
        const IrMetadata *md = m->metadata.items[i];
        mp->metadata_props[i] = pb_entry(c, md->key, md->value);
    }
}

/* A local function: its body's inputs and outputs by name, its nodes, and
 * the opsets they use. */
static Onnx__FunctionProto *pb_function(PbContext *c, const IrFunction *f)
{
    Onnx__FunctionProto *fp = arena_alloc(c->arena, sizeof *fp);
    onnx__function_proto__init(fp);
    fp->name = pb_str(f->name);
    fp->domain = pb_str(f->domain);
    const char *where = emit_span_location(c->model, c->sources, f->span);
    fp->doc_string = where ? arena_sprintf(c->arena, "forward() of %s, first called at %s", f->class_name, where)
                           : arena_sprintf(c->arena, "forward() of %s", f->class_name);
    const IrGraph *g = f->body;
    fp->n_input = (size_t)g->inputs.len;
    fp->input = pb_names(c, (IrValue *const *)g->inputs.items, g->inputs.len);
    fp->n_output = (size_t)g->outputs.len;
    fp->output = pb_names(c, (IrValue *const *)g->outputs.items, g->outputs.len);
    fp->n_attribute = (size_t)f->n_attrs;
    fp->attribute = (char **)f->attrs;
    fp->n_node = (size_t)g->nodes.len;
    fp->node = pb_array(c, fp->n_node, sizeof *fp->node);
    for (int i = 0; i < g->nodes.len; i++)
        fp->node[i] = pb_node(c, g->nodes.items[i]);
    const char *domains[64];
    int n = emit_used_domains(g, domains, 64);
    fp->opset_import = pb_array(c, (size_t)n + 1, sizeof *fp->opset_import);
    fp->opset_import[fp->n_opset_import++] = pb_opset(c, "", c->model->opset);
    for (int i = 0; i < n; i++)
        fp->opset_import[fp->n_opset_import++] = pb_opset(c, domains[i], emit_domain_version(c->model, domains[i]));
    return fp;
}

static Onnx__ModelProto *pb_model(PbContext *c, const IrModel *m)
{
    Onnx__ModelProto *mp = arena_alloc(c->arena, sizeof *mp);
    onnx__model_proto__init(mp);
    mp->has_ir_version = 1;
    mp->ir_version = m->ir_version > 0 ? m->ir_version : ir_version_for_opset(m->opset);
    mp->producer_name = pb_str(m->producer_name ? m->producer_name : PACKAGE_NAME);
    mp->producer_version = pb_str(m->producer_version ? m->producer_version : PACKAGE_VERSION);
    mp->doc_string = pb_str(m->doc_string);
    pb_opsets(c, m, mp);
    pb_metadata(c, m, mp);
    mp->graph = pb_graph(c, m->graph);
    mp->n_functions = (size_t)m->functions.len;
    mp->functions = pb_array(c, mp->n_functions, sizeof *mp->functions);
    for (int i = 0; i < m->functions.len; i++)
        mp->functions[i] = pb_function(c, m->functions.items[i]);
    return mp;
}

/* A ProtobufCBuffer that appends to a stdio stream and remembers the
 * first failure; after it, appends do nothing.  The packer appends a bytes
 * field of more than SINK_SMALL bytes whole (emit_pack.c's PB_DIRECT), so
 * the raw_data of a large tensor arrives as its data pointer, found in a
 * small table: a tensor mapped from the weights file is copied from file
 * to file (emit_copy_bytes); a deferred tensor (parameters from an
 * initialization recipe, weights folded with a BatchNormalization) has a
 * placeholder as its data pointer and is generated into one scratch
 * buffer, written, and the buffer reused for the next, so deferred
 * weights never sit in memory together. */
typedef struct SinkEntry {
    const void *key;            /* the data pointer the packer passes */
    const IrTensor *tensor;
    bool deferred;              /* KEY is a placeholder: generate the data */
} SinkEntry;

typedef struct FileSink {
    ProtobufCBuffer base;   /* first: protobuf-c sees a ProtobufCBuffer */
    FILE *out;
    int err;
    SinkEntry *entries;         /* open addressing by key */
    size_t cap;
    void *scratch;              /* malloc'ed, for deferred tensors */
    size_t scratch_size;
    /* the many small pieces (tags, lengths, names) are gathered here and
     * written in large blocks */
    uint8_t *buf;
    size_t used;
} FileSink;

#define SINK_BUFFER (64u * 1024u)
#define SINK_SMALL 1024u

static size_t sink_slot(const FileSink *s, const void *key)
{
    size_t j = hash_ptr(key) & (s->cap - 1);
    while (s->entries[j].key && s->entries[j].key != key)
        j = (j + 1) & (s->cap - 1);
    return j;
}

static void sink_add(FileSink *s, const void *key, const IrTensor *t, bool deferred)
{
    s->entries[sink_slot(s, key)] = (SinkEntry){key, t, deferred};
}

/* The table of MAPPED tensors (by data pointer) and DEFERRED ones (PbPending*,
 * by placeholder). */
static void sink_index(FileSink *s, Arena *a, const PtrVec *mapped, const PtrVec *deferred)
{
    s->cap = 16;
    while (s->cap < 2 * (size_t)(mapped->len + deferred->len))
        s->cap *= 2;
    s->entries = arena_alloc(a, sizeof *s->entries * s->cap);
    for (int i = 0; i < mapped->len; i++)
        sink_add(s, ((const IrTensor *)mapped->items[i])->data, mapped->items[i], false);
    for (int i = 0; i < deferred->len; i++) {
        const PbPending *pd = deferred->items[i];
        sink_add(s, pd->slot->data, pd->tensor, true);
    }
}

static int sink_write_bytes(void *ctx, const void *bytes, size_t n)
{
    FileSink *s = ctx;
    return emit_copy_bytes(s->out, NULL, bytes, n);
}

static void sink_flush(FileSink *sink)
{
    if (!sink->err && sink->used && fwrite(sink->buf, 1, sink->used, sink->out) != sink->used)
        sink->err = errno ? errno : EIO;
    sink->used = 0;
}

static void file_sink_append(ProtobufCBuffer *buffer, size_t len, const uint8_t *data)
{
    FileSink *sink = (FileSink *)buffer;
    if (sink->err || len == 0)
        return;
    if (len <= SINK_SMALL) {
        if (sink->used + len > SINK_BUFFER)
            sink_flush(sink);
        memcpy(sink->buf + sink->used, data, len);
        sink->used += len;
        return;
    }
    sink_flush(sink);
    const SinkEntry *e = &sink->entries[sink_slot(sink, data)];
    const IrTensor *t = e->key && e->tensor->nbytes == len ? e->tensor : NULL;
    if (t && e->deferred) {
        sink->err = emit_deferred_write(t, &sink->scratch, &sink->scratch_size, sink_write_bytes, sink);
        return;
    }
    if (len < EMIT_COPY_MIN_BYTES)
        t = NULL;
    sink->err = emit_copy_bytes(sink->out, t, data, len);
}

/* The message tree of a model and its size, built once for the size
 * check and the writing. */
typedef struct PbPrepared {
    PbContext c;
    Onnx__ModelProto *mp;
    PbPacker pk;
    size_t size;
} PbPrepared;

static void prepare(PbPrepared *p, const IrModel *m, const SourceMap *sm, const PbExternal *external)
{
    p->c = (PbContext){.arena = m->arena, .model = m, .sources = sm, .external = external};
    p->mp = pb_model(&p->c, m);
    p->pk = (PbPacker){0};
    p->size = pb_packer_size(&p->pk, &p->mp->base);
}

size_t emit_onnx_inline_size(const IrModel *m, const SourceMap *sm)
{
    PbPrepared p;
    prepare(&p, m, sm, NULL);
    pb_packer_free(&p.pk);
    return p.size;
}

static int write_prepared(const IrModel *m, PbPrepared *p, FILE *out, const char **reason)
{
    if (p->size > PB_MAX_MESSAGE) {
        *reason = "the model is larger than protobuf's 2 GiB limit (use --external-data)";
        errno = EFBIG;
        return EMIT_STATUS_IO;
    }
    /* deferred tensors the packer appends whole are generated as they are
     * written; the small ones, which it copies, are made now */
    PtrVec streamed = {0};
    for (int i = 0; i < p->c.pending.len; i++) {
        PbPending *pd = p->c.pending.items[i];
        if (pd->tensor->nbytes > SINK_SMALL && !pd->tensor->data) {
            pd->slot->data = (uint8_t *)pd;     /* a placeholder no data pointer equals */
            ptrvec_push(m->arena, &streamed, pd);
        } else {
            pd->slot->data = (uint8_t *)ir_tensor_force(m->arena, pd->tensor);
        }
    }
    FileSink sink = {.base = {.append = file_sink_append}, .out = out};
    sink.buf = arena_alloc_raw(m->arena, SINK_BUFFER);
    sink_index(&sink, m->arena, &p->c.mapped, &streamed);
    errno = 0;
    if (!pb_packer_pack(&p->pk, &p->mp->base, &sink.base))
        sink.err = ENOMEM;
    sink_flush(&sink);
    free(sink.scratch);
    if (sink.err) {
        errno = sink.err;
        return EMIT_STATUS_IO;
    }
    return 0;
}

int emit_onnx_writer(const IrModel *m, const SourceMap *sm, FILE *out, const char **reason,
                     const void *ctx)
{
    PbPrepared p;
    prepare(&p, m, sm, ctx);
    int rc = write_prepared(m, &p, out, reason);
    pb_packer_free(&p.pk);
    return rc;
}

/* emit_write_path_with's writer for a tree already built (CTX). */
static int prepared_writer(const IrModel *m, const SourceMap *sm, FILE *out, const char **reason,
                           const void *ctx)
{
    (void)sm;
    return write_prepared(m, (PbPrepared *)ctx, out, reason);
}

int emit_onnx(const IrModel *m, const SourceMap *sm, FILE *out)
{
    const char *reason = NULL;
    return emit_onnx_writer(m, sm, out, &reason, NULL);
}

int emit_onnx_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d)
{
    return emit_onnx_file_opts(m, sm, path, NULL, d);
}

int emit_onnx_file_opts(const IrModel *m, const SourceMap *sm, const char *path, const EmitOnnxOptions *o,
                        Diag *d)
{
    if (o && o->external_data)
        return emit_onnx_file_external(m, sm, path, o->external_min_bytes, o->pending, d);
    PbPrepared p;
    prepare(&p, m, sm, NULL);
    if (p.size <= PB_MAX_MESSAGE) {
        int rc = emit_write_path_with(m, sm, path, d, prepared_writer, &p, NULL, NULL, NULL, o ? o->pending : NULL);
        pb_packer_free(&p.pk);
        return rc;
    }
    pb_packer_free(&p.pk);
    if (strcmp(path, "-") == 0)
        return emit_report(d, path, EFBIG, "the model is larger than protobuf's 2 GiB limit, so its tensors "
                           "need an external data file (give -o FILE)");
    diag_warning(d, SPAN_NONE, "the model is larger than protobuf's 2 GiB limit: its tensors of %zu bytes or "
                 "more go to '%s.data'", (size_t)EMIT_EXTERNAL_MIN_BYTES, path);
    return emit_onnx_file_external(m, sm, path, EMIT_EXTERNAL_MIN_BYTES, o ? o->pending : NULL, d);
}
