/* What emit_onnx.c shares with emit_external.c: the binary writer, which
 * can place chosen tensors in an external data file instead of inline. */
#ifndef TSC_EMIT_PB_H
#define TSC_EMIT_PB_H

#include <protobuf-c/protobuf-c.h>
#include <stdint.h>

#include "emit/emit_internal.h"

/* A packer that sizes each message of a tree once (emit_pack.c): zeroed,
 * it sizes a tree (pb_packer_size), then packs that same, unchanged tree;
 * pb_packer_free releases its table of sizes. */
typedef struct PbPacker {
    size_t *sizes;              /* every message's, in the order met (malloc) */
    size_t cap, count, cursor;
    bool failed;                /* out of memory for the table */
    /* while packing: small pieces gathered for OUT */
    ProtobufCBuffer *out;
    uint8_t *stage;
    size_t used;
} PbPacker;

size_t pb_packer_size(PbPacker *pk, const ProtobufCMessage *m);
/* Writes M as protobuf_c_message_pack_to_buffer() would, to OUT; false
 * when sizing it ran out of memory. */
bool pb_packer_pack(PbPacker *pk, const ProtobufCMessage *m, ProtobufCBuffer *out);
void pb_packer_free(PbPacker *pk);

/* Largest message protobuf readers accept (2 GiB - 1). */
#define PB_MAX_MESSAGE ((size_t)INT32_MAX)

/* Where one tensor's bytes are in the external data file. */
typedef struct PbExternalRef {
    const IrTensor *tensor;
    uint64_t offset, length;
} PbExternalRef;

typedef struct PbExternal {
    const char *location;       /* the data file, relative to the model */
    PbExternalRef *refs;
    int n;
} PbExternal;

/* The EmitWriter of binary ONNX; CTX is a PbExternal* or NULL (every
 * tensor inline).  Deferred tensors (IrTensor.fill) written inline are
 * generated into the model's arena first. */
int emit_onnx_writer(const IrModel *m, const SourceMap *sm, FILE *out, const char **reason,
                     const void *ctx);

/* The size of M serialized with every tensor inline, without generating
 * deferred tensors. */
size_t emit_onnx_inline_size(const IrModel *m, const SourceMap *sm);

/* Writes the tensors of MIN_BYTES or more to PATH.HASH.data and the
 * model, pointing at them, to PATH (emit_external.c). */
int emit_onnx_file_external(const IrModel *m, const SourceMap *sm, const char *path, size_t min_bytes,
                            PendingFiles *pending,
                            Diag *d);

#endif
