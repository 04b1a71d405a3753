/* Packing a protobuf-c message tree into a ProtobufCBuffer, each message
 * sized once.
 *
 * The wire format writes a nested message as its length and then its
 * bytes, so a packer needs every message's size before writing it.
 * protobuf_c_message_pack_to_buffer() recomputes the size of each message
 * at every level it is nested in (model, graph, node, attribute, tensor):
 * on a graph of many small nodes that is most of the time spent writing.
 * Here sizes are computed once, bottom-up, and recorded in the order the
 * messages are met, which is the order the packing meets them again; the
 * bytes written are the same (fields in the
 * descriptor's order, proto2 presence rules: required fields always,
 * optional ones when their has_ flag is set, their pointer is not NULL or
 * their oneof case is theirs, repeated ones when not empty, packed when the
 * descriptor says so). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "emit/emit_pb.h"
#include "emit/onnx.pb-c.h"

enum { WIRE_VARINT = 0, WIRE_64BIT = 1, WIRE_LENGTH = 2, WIRE_32BIT = 5 };


/* ---- sizes ---- */

static size_t varint_size(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

static uint32_t zigzag32(int32_t v)
{
    return ((uint32_t)v << 1) ^ (uint32_t)(v >> 31);
}

static uint64_t zigzag64(int64_t v)
{
    return ((uint64_t)v << 1) ^ (uint64_t)(v >> 63);
}

/* The varint a scalar of type T at P is written as; false for fixed-size
 * and length-delimited types. */
static bool varint_of(ProtobufCType t, const void *p, uint64_t *v)
{
    switch (t) {
    case PROTOBUF_C_TYPE_INT32: { int32_t x; memcpy(&x, p, 4); *v = (uint64_t)(int64_t)x; return true; }
    case PROTOBUF_C_TYPE_ENUM: { int32_t x; memcpy(&x, p, 4); *v = (uint32_t)x; return true; }
    case PROTOBUF_C_TYPE_UINT32: { uint32_t x; memcpy(&x, p, 4); *v = x; return true; }
    case PROTOBUF_C_TYPE_SINT32: { int32_t x; memcpy(&x, p, 4); *v = zigzag32(x); return true; }
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_UINT64: memcpy(v, p, 8); return true;
    case PROTOBUF_C_TYPE_SINT64: { int64_t x; memcpy(&x, p, 8); *v = zigzag64(x); return true; }
    case PROTOBUF_C_TYPE_BOOL: { protobuf_c_boolean x; memcpy(&x, p, sizeof x); *v = x != 0; return true; }
    default: return false;
    }
}

static size_t fixed_size(ProtobufCType t)
{
    switch (t) {
    case PROTOBUF_C_TYPE_SFIXED32: case PROTOBUF_C_TYPE_FIXED32: case PROTOBUF_C_TYPE_FLOAT: return 4;
    case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE: return 8;
    default: return 0;
    }
}

/* Bytes one element of member storage takes in a repeated array. */
static size_t element_stride(ProtobufCType t)
{
    switch (t) {
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE: return 8;
    case PROTOBUF_C_TYPE_BOOL: return sizeof(protobuf_c_boolean);
    case PROTOBUF_C_TYPE_STRING: return sizeof(char *);
    case PROTOBUF_C_TYPE_BYTES: return sizeof(ProtobufCBinaryData);
    case PROTOBUF_C_TYPE_MESSAGE: return sizeof(ProtobufCMessage *);
    default: return 4;
    }
}

static size_t message_size(PbPacker *pk, const ProtobufCMessage *m);

/* The payload of one scalar, string, bytes or message value (no tag). */
static size_t value_size(PbPacker *pk, ProtobufCType t, const void *p)
{
    uint64_t v;
    if (varint_of(t, p, &v))
        return varint_size(v);
    size_t f = fixed_size(t);
    if (f)
        return f;
    size_t len;
    if (t == PROTOBUF_C_TYPE_STRING) {
        const char *s = *(const char *const *)p;
        len = s ? strlen(s) : 0;
    } else if (t == PROTOBUF_C_TYPE_BYTES) {
        len = ((const ProtobufCBinaryData *)p)->len;
    } else {
        len = message_size(pk, *(const ProtobufCMessage *const *)p);
    }
    return varint_size(len) + len;
}

static bool is_packable(ProtobufCType t)
{
    return t != PROTOBUF_C_TYPE_STRING && t != PROTOBUF_C_TYPE_BYTES && t != PROTOBUF_C_TYPE_MESSAGE;
}

/* Whether an optional or repeated field is written, and how many values. */
static size_t field_count(const ProtobufCFieldDescriptor *f, const ProtobufCMessage *m)
{
    const char *base = (const char *)m;
    const void *member = base + f->offset;
    if (f->label == PROTOBUF_C_LABEL_REQUIRED)
        return 1;
    if (f->label == PROTOBUF_C_LABEL_REPEATED)
        return *(const size_t *)(base + f->quantifier_offset);
    if (f->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)
        return *(const uint32_t *)(base + f->quantifier_offset) == f->id;
    if (f->type == PROTOBUF_C_TYPE_MESSAGE || f->type == PROTOBUF_C_TYPE_STRING) {
        const void *ptr = *(const void *const *)member;
        return ptr != NULL && ptr != f->default_value;
    }
    return *(const protobuf_c_boolean *)(base + f->quantifier_offset) != 0;
}

/* The elements of a repeated field, or the member itself. */
static const char *field_values(const ProtobufCFieldDescriptor *f, const ProtobufCMessage *m)
{
    const char *member = (const char *)m + f->offset;
    return f->label == PROTOBUF_C_LABEL_REPEATED ? *(const char *const *)member : member;
}

static size_t packed_payload(PbPacker *pk, const ProtobufCFieldDescriptor *f, const char *vals, size_t n)
{
    size_t payload = 0, stride = element_stride(f->type);
    for (size_t i = 0; i < n; i++)
        payload += value_size(pk, f->type, vals + i * stride);
    return payload;
}

static size_t field_size(PbPacker *pk, const ProtobufCFieldDescriptor *f, const ProtobufCMessage *m)
{
    size_t n = field_count(f, m);
    if (n == 0)
        return 0;
    size_t tag = varint_size((uint64_t)f->id << 3);
    const char *vals = field_values(f, m);
    if (f->label == PROTOBUF_C_LABEL_REPEATED && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED) &&
        is_packable(f->type)) {
        size_t payload = packed_payload(pk, f, vals, n);
        return tag + varint_size(payload) + payload;
    }
    size_t total = 0, stride = element_stride(f->type);
    for (size_t i = 0; i < n; i++)
        total += tag + value_size(pk, f->type, vals + i * stride);
    return total;
}

/* A slot for the size of the message about to be sized. */
static size_t size_slot(PbPacker *pk)
{
    if (pk->count == pk->cap) {
        size_t cap = pk->cap ? 2 * pk->cap : 4096;
        size_t *sizes = realloc(pk->sizes, sizeof *sizes * cap);
        if (!sizes) {
            pk->failed = true;
            return pk->count;   /* sizes are not recorded any more */
        }
        pk->sizes = sizes;
        pk->cap = cap;
    }
    return pk->count++;
}

static size_t message_size(PbPacker *pk, const ProtobufCMessage *m)
{
    assert(m->n_unknown_fields == 0);
    size_t slot = size_slot(pk), size = 0;
    const ProtobufCMessageDescriptor *d = m->descriptor;
    for (unsigned i = 0; i < d->n_fields; i++)
        size += field_size(pk, &d->fields[i], m);
    if (slot < pk->cap)
        pk->sizes[slot] = size;
    return size;
}

size_t pb_packer_size(PbPacker *pk, const ProtobufCMessage *m)
{
    pk->count = 0;
    return message_size(pk, m);
}

void pb_packer_free(PbPacker *pk)
{
    free(pk->sizes);
    *pk = (PbPacker){0};
}

/* ---- writing ----
 *
 * Tags, lengths and small values are gathered in a staging buffer and
 * handed to the output in large pieces; long strings and bytes (tensor
 * data) go to the output as they are. */

#define PB_STAGE (64u * 1024u)
#define PB_DIRECT 1024u

static void flush(PbPacker *pk)
{
    if (pk->used)
        pk->out->append(pk->out, pk->used, pk->stage);
    pk->used = 0;
}

static void put_bytes(PbPacker *pk, const void *p, size_t n)
{
    if (n > PB_DIRECT) {
        flush(pk);
        pk->out->append(pk->out, n, p);
        return;
    }
    if (pk->used + n > PB_STAGE)
        flush(pk);
    memcpy(pk->stage + pk->used, p, n);
    pk->used += n;
}

static void put_varint(PbPacker *pk, uint64_t v)
{
    if (pk->used + 10 > PB_STAGE)
        flush(pk);
    uint8_t *b = pk->stage + pk->used;
    while (v >= 0x80) {
        *b++ = (uint8_t)(v | 0x80);
        v >>= 7;
    }
    *b++ = (uint8_t)v;
    pk->used = (size_t)(b - pk->stage);
}

static void put_tag(PbPacker *pk, uint32_t id, unsigned wire)
{
    put_varint(pk, (uint64_t)id << 3 | wire);
}

static void pack_message(PbPacker *pk, const ProtobufCMessage *m);

/* One value's payload (the tag is written by the caller). */
static void put_value(PbPacker *pk, ProtobufCType t, const void *p)
{
    uint64_t v;
    size_t f;
    if (varint_of(t, p, &v)) {
        put_varint(pk, v);
    } else if ((f = fixed_size(t))) {
        put_bytes(pk, p, f);    /* little-endian, like the wire format */
    } else if (t == PROTOBUF_C_TYPE_STRING) {
        const char *s = *(const char *const *)p;
        size_t len = s ? strlen(s) : 0;
        put_varint(pk, len);
        put_bytes(pk, s, len);
    } else if (t == PROTOBUF_C_TYPE_BYTES) {
        const ProtobufCBinaryData *b = p;
        put_varint(pk, b->len);
        put_bytes(pk, b->data, b->len);
    } else {
        /* the next recorded size is this message's */
        const ProtobufCMessage *sub = *(const ProtobufCMessage *const *)p;
        put_varint(pk, pk->sizes[pk->cursor]);
        pack_message(pk, sub);
    }
}

static unsigned wire_type(ProtobufCType t)
{
    switch (t) {
    case PROTOBUF_C_TYPE_INT32: case PROTOBUF_C_TYPE_ENUM: case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_SINT32: case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_UINT64:
    case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_BOOL:
        return WIRE_VARINT;
    default: {
        size_t f = fixed_size(t);
        return f == 4 ? WIRE_32BIT : f == 8 ? WIRE_64BIT : WIRE_LENGTH;
    }
    }
}

static void pack_field(PbPacker *pk, const ProtobufCFieldDescriptor *f, const ProtobufCMessage *m)
{
    size_t n = field_count(f, m), stride = element_stride(f->type);
    const char *vals = field_values(f, m);
    if (n == 0)
        return;
    if (f->label == PROTOBUF_C_LABEL_REPEATED && (f->flags & PROTOBUF_C_FIELD_FLAG_PACKED) &&
        is_packable(f->type)) {
        put_tag(pk, f->id, WIRE_LENGTH);
        put_varint(pk, packed_payload(pk, f, vals, n));
        for (size_t i = 0; i < n; i++)
            put_value(pk, f->type, vals + i * stride);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        put_tag(pk, f->id, wire_type(f->type));
        put_value(pk, f->type, vals + i * stride);
    }
}

static void pack_message(PbPacker *pk, const ProtobufCMessage *m)
{
    pk->cursor++;
    const ProtobufCMessageDescriptor *d = m->descriptor;
    for (unsigned i = 0; i < d->n_fields; i++)
        pack_field(pk, &d->fields[i], m);
}

bool pb_packer_pack(PbPacker *pk, const ProtobufCMessage *m, ProtobufCBuffer *out)
{
    uint8_t *stage = pk->failed ? NULL : malloc(PB_STAGE);
    if (!stage)
        return false;
    pk->stage = stage;
    pk->used = 0;
    pk->out = out;
    pk->cursor = 0;
    pack_message(pk, m);
    flush(pk);
    assert(pk->cursor == pk->count);
    free(stage);
    pk->stage = NULL;
    return true;
}
