/* What the emit/ writers share: the atomic file writer every *_file entry
 * point goes through (emit_file.c), ONNX's dtype names and source locations
 * as text (emit_common.c). */
#ifndef TSC_EMIT_INTERNAL_H
#define TSC_EMIT_INTERNAL_H

#include <stdio.h>

#include "emit/emit.h"

/* Writes M to OUT.  Returns 0, or EMIT_STATUS_IO after a failed write with
 * errno set; *reason may be set to a fixed message when errno alone would
 * not explain the failure.  CTX is the writer's own (may be NULL). */
typedef int (*EmitWriter)(const IrModel *m, const SourceMap *sm, FILE *out,
                          const char **reason, const void *ctx);

/* Runs WRITE into PATH ("-" = standard output) atomically, as emit.h
 * describes, reporting a failure through D. */
int emit_write_path(const IrModel *m, const SourceMap *sm, const char *path,
                    Diag *d, EmitWriter write, PendingFiles *pending);

/* emit_write_path with the writer's context, and a companion file already
 * written to COMPANION_TMP that must replace COMPANION (the external data
 * file): it is renamed just before PATH's temporary file, once everything
 * was written, and removed if anything fails; AFTER (may be NULL) is then
 * called with COMPANION.  PATH must be a regular file (or not exist).
 * With PENDING, the temporary files are registered with it as they are
 * created and left for it to rename (support/pending.h; COMPANION_TMP is
 * registered already, and AFTER is the caller's to give it). */
int emit_write_path_with(const IrModel *m, const SourceMap *sm, const char *path, Diag *d,
                         EmitWriter write, const void *ctx, const char *companion_tmp,
                         const char *companion, void (*after)(const char *companion),
                         PendingFiles *pending);

/* Reports "cannot write 'PATH': why" through D; returns EMIT_STATUS_IO. */
int emit_report(Diag *d, const char *path, int err, const char *reason);

/* "DIR/.BASE.XXXXXX" next to PATH, for mkstemp. */
char *emit_temp_template(Arena *a, const char *path);

/* ONNX's name of an element type, as the text syntax writes it: "float",
 * "int64", "double", "bool" ... */
const char *emit_dtype_name(DType t);

/* F's path as written in the output: relative to the model file's
 * directory (M->source_root) when the file is under it, else its base
 * name, so that output bytes do not depend on how paths were given;
 * stdlib paths ("<stdlib>/...") unchanged. */
const char *emit_source_path(const IrModel *m, const SourceFile *f);

/* "path:line:col" of SPAN's start (path from emit_source_path), in M's
 * arena; NULL when SPAN has no location or SM is NULL. */
const char *emit_span_location(const IrModel *m, const SourceMap *sm, Span span);

/* The source line holding SPAN's start, trimmed of leading blanks and cut
 * to at most MAX bytes (on a UTF-8 boundary), control bytes shown as
 * spaces; NULL as above. */
const char *emit_span_line(const IrModel *m, const SourceMap *sm, Span span, size_t max);

/* Bytes of a source line quoted in node metadata and listings. */
#define EMIT_SOURCE_LINE_MAX 160

/* The domains other than the default that G's nodes and bodies use, in
 * order of first use (at most MAX), for a local function's opset_import;
 * and the version M imports a domain at (1 when it does not). */
int emit_used_domains(const IrGraph *g, const char **out, int max);
int emit_domain_version(const IrModel *m, const char *domain);

/* Whether V is one of G's outputs. */
bool emit_is_graph_output(const IrGraph *g, const IrValue *v);

/* Writes N bytes at DATA, the data of T (NULL: not a tensor's), to OUT;
 * weights mapped from a file are copied file to file when they are large
 * (emit_copy.c).  Returns 0 or an errno value. */
#define EMIT_COPY_MIN_BYTES ((size_t)64 * 1024)

/* The bytes of deferred tensor T (IrTensor.fill), generated into
 * *SCRATCH, a malloc'ed buffer of *SIZE bytes grown as needed and reused
 * from tensor to tensor (the caller frees it): NULL when it cannot grow. */
const void *emit_deferred_bytes(const IrTensor *t, void **scratch, size_t *size);
/* Passes deferred tensor T's bytes to WRITE(CTX, BYTES, N) in order
 * (emit_fill.c): when T can be made in pieces (IrTensor.fill_part), half a
 * megabyte at a time through a ring of buffers in *SCRATCH, made by every
 * CPU while the writing thread writes them (no buffer as large as the
 * tensor, no memory touched for the first time); else whole as
 * emit_deferred_bytes().
 * Returns WRITE's first nonzero result, ENOMEM, or 0. */
typedef int (*EmitBytesFn)(void *ctx, const void *bytes, size_t n);
int emit_deferred_write(const IrTensor *t, void **scratch, size_t *size, EmitBytesFn write, void *ctx);
int emit_copy_bytes(FILE *out, const IrTensor *t, const void *data, size_t n);
/* The error of emit_copy_bytes() when T's file (the weights) shrank after
 * it was mapped; emit_report() words it. */
#define EMIT_ERR_SOURCE_CHANGED ESTALE

#endif
