/* How deeply the messages of a protobuf file nest, found without recursion
 * before protobuf-c unpacks it.  protobuf-c unpacks a sub-message by calling
 * itself, with no limit, so a file of a few hundred kilobytes nesting If
 * bodies thousands deep would overflow the C stack; protobuf's own C++
 * parser (which ONNX Runtime uses) refuses messages nested more than 100
 * deep, and so does the reader.
 *
 * The scan walks the wire format with an explicit stack: a length-delimited
 * field whose descriptor says "message" opens a level that ends where its
 * bytes end.  Anything malformed stops the scan with "no objection": the
 * unpacker reports it. */
#include "emit/load_internal.h"

#define LOAD_MAX_MESSAGE_DEPTH 100

typedef struct ScanLevel {
    const ProtobufCMessageDescriptor *desc;
    size_t end;
} ScanLevel;

/* Reads a varint at *POS; false when it runs past END or is too long. */
static bool scan_varint(const uint8_t *buf, size_t end, size_t *pos, uint64_t *out)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && *pos < end; shift += 7) {
        uint8_t b = buf[(*pos)++];
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80)) {
            *out = v;
            return true;
        }
    }
    return false;
}

/* The sub-message descriptor of field NUMBER of D, or NULL when the field is
 * unknown or not a message. */
static const ProtobufCMessageDescriptor *message_field(const ProtobufCMessageDescriptor *d, uint64_t number)
{
    if (number == 0 || number > UINT32_MAX)
        return NULL;
    const ProtobufCFieldDescriptor *f = protobuf_c_message_descriptor_get_field(d, (unsigned)number);
    return f && f->type == PROTOBUF_C_TYPE_MESSAGE ? f->descriptor : NULL;
}

/* The deepest nesting of BUF[0, LEN) read as message D, or -1 when the scan
 * stopped on malformed input; at most LOAD_MAX_MESSAGE_DEPTH + 1. */
static int message_depth(const ProtobufCMessageDescriptor *d, const uint8_t *buf, size_t len)
{
    ScanLevel stack[LOAD_MAX_MESSAGE_DEPTH + 2];
    int depth = 0, deepest = 0;
    stack[0] = (ScanLevel){d, len};
    size_t pos = 0;
    while (depth >= 0) {
        if (pos >= stack[depth].end) {
            if (pos > stack[depth].end)
                return -1;
            depth--;
            continue;
        }
        uint64_t tag, n;
        if (!scan_varint(buf, stack[depth].end, &pos, &tag))
            return -1;
        switch (tag & 7) {
        case 0: if (!scan_varint(buf, stack[depth].end, &pos, &n)) return -1; break;
        case 1: pos += 8; break;
        case 5: pos += 4; break;
        case 2: {
            if (!scan_varint(buf, stack[depth].end, &pos, &n) || n > stack[depth].end - pos)
                return -1;
            const ProtobufCMessageDescriptor *sub = message_field(stack[depth].desc, tag >> 3);
            if (!sub) {
                pos += (size_t)n;
                break;
            }
            if (++depth > deepest && (deepest = depth) > LOAD_MAX_MESSAGE_DEPTH)
                return deepest;
            stack[depth] = (ScanLevel){sub, pos + (size_t)n};
            break;
        }
        default: return -1;    /* groups, which ONNX does not use, or garbage */
        }
    }
    return deepest;
}

bool emit_loader_nesting_ok(Loader *L, const ProtobufCMessageDescriptor *d, const uint8_t *buf, size_t len)
{
    if (message_depth(d, buf, len) <= LOAD_MAX_MESSAGE_DEPTH)
        return true;
    return emit_loader_error(L, "protobuf messages nest more than %d deep (protobuf's own limit; "
                             "If/Loop bodies nested too deeply?)", LOAD_MAX_MESSAGE_DEPTH);
}
