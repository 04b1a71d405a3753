/* emit/: the last stage.  Writes an IrModel as
 *
 *   - binary ONNX (a ModelProto, emit_onnx.c, through protobuf-c), its
 *     large tensors possibly in an external data file (emit_external.c),
 *   - ONNX's textual syntax as onnx 1.12's onnx.parser.parse_model reads it
 *     (emit_text.c, for reading and diffing),
 *   - a Graphviz digraph (emit_dot.c, for looking at), or
 *   - the compact typed listing of -v (emit_verbose.c).
 *
 * Local functions (IrModel.functions) are written by every form.
 *
 * Every writer comes in two forms.  The *_file form writes PATH atomically:
 * the bytes go to a temporary file in the same directory, which is renamed
 * over PATH only once everything was written, so a failure leaves no partial
 * file and an existing PATH untouched.  PATH "-" is standard output, and a
 * PATH that exists but is not a regular file (/dev/null, /dev/full, a pipe)
 * is written in place.  On failure the *_file form reports one line through
 * D,
 *
 *   tsc2onnx: error: cannot write 'x.onnx': No space left on device
 *
 * and returns EMIT_STATUS_IO (the driver's exit status 4); on success it
 * returns 0.  The stream form writes to OUT, reports nothing, and returns 0
 * or EMIT_STATUS_IO with errno telling why (EFBIG: the model is over
 * protobuf's 2 GiB message limit).  The caller flushes and closes OUT.
 *
 * SM maps the spans of nodes to `file:line:col` (ONNX doc_string, text
 * comments, dot tooltips), with the file relative to the model's directory
 * (IrModel.source_root); it may be NULL, and then no locations are
 * written.  Only this folder includes protobuf-c headers. */
#ifndef TSC_EMIT_H
#define TSC_EMIT_H

#include <stdio.h>

#include "ir/ir.h"
#include "support/diag.h"
#include "support/pending.h"
#include "support/source.h"

#define EMIT_STATUS_IO 4

/* Tensors with more elements than this are elided in the text form (a
 * comment says so); the binary form always holds everything. */
#define EMIT_TEXT_MAX_ELEMENTS 256

int emit_onnx_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d);

/* Binary ONNX with external data (--external-data): tensors of at least
 * external_min_bytes go to PATH.HASH.data (HASH: 16 hex digits of a hash of
 * the file's bytes), each at an aligned offset, and the model's
 * TensorProtos point at them with ONNX's external_data entries (location,
 * offset, length).  Both files are written atomically, as a pair: the data
 * files of the pairs the new one replaces (the other PATH.HASH.data) are
 * removed once it is in place.  Without the option, a model over protobuf's 2 GiB limit is
 * written this way anyway (with EMIT_EXTERNAL_MIN_BYTES), with a warning.
 * Deferred tensors are generated one at a time while the data file is
 * written, so memory stays near the size of the largest tensor. */
typedef struct EmitOnnxOptions {
    bool external_data;
    size_t external_min_bytes;
    PendingFiles *pending;      /* NULL: each file renamed into place at once */
} EmitOnnxOptions;
#define EMIT_EXTERNAL_MIN_BYTES ((size_t)1024)

int emit_onnx_file_opts(const IrModel *m, const SourceMap *sm, const char *path, const EmitOnnxOptions *o,
                        Diag *d);
int emit_text_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d);
int emit_dot_file(const IrModel *m, const SourceMap *sm, const char *path, Diag *d);
/* The same, their temporary file left to PENDING (support/pending.h). */
int emit_text_file_pending(const IrModel *m, const SourceMap *sm, const char *path, PendingFiles *pending,
                           Diag *d);
int emit_dot_file_pending(const IrModel *m, const SourceMap *sm, const char *path, PendingFiles *pending,
                          Diag *d);

int emit_onnx(const IrModel *m, const SourceMap *sm, FILE *out);

/* Whether NAME (a file name, no directory) is one emit_onnx_file_opts()
 * may give the data file of a model named MODEL_BASE, and so may replace
 * or remove: MODEL_BASE.HASH.data. */
bool emit_is_data_name(const char *model_base, const char *name);

/* "file:line:col" of SPAN as the writers print it (relative to the model's
 * directory), or NULL. */
const char *emit_location(const IrModel *m, const SourceMap *sm, Span span);

/* -v: a compact typed listing of the graph, its bodies and its local
 * functions, with attributes, module scopes and source lines
 * (emit_verbose.c).  Returns 0 or EMIT_STATUS_IO. */
int emit_verbose(const IrModel *m, const SourceMap *sm, FILE *out);
int emit_text(const IrModel *m, const SourceMap *sm, FILE *out);
int emit_dot(const IrModel *m, const SourceMap *sm, FILE *out);

#endif
