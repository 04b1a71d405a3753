/* What the two halves of the ONNX reader share: the loader state with its
 * error list (emit/load_onnx.c reads models and graphs, emit/load_tensor.c
 * reads files, tensors and external data). */
#ifndef TSC_LOAD_INTERNAL_H
#define TSC_LOAD_INTERNAL_H

#include <stdint.h>

#include "emit/load.h"
#include "emit/onnx.pb-c.h"

typedef struct Loader {
    Arena *arena;
    const char *path;           /* the file being read, for messages */
    const char *dir;            /* its directory ("." when none), for external data */
    PtrVec errors;              /* char *, one line each */
    int n_errors;               /* including those past LOAD_MAX_ERRORS */
    bool unsupported;           /* an error was a feature not supported, not a bad file */
    ProtobufCAllocator alloc;   /* protobuf-c allocates in the arena */
} Loader;

void emit_loader_init(Loader *L, Arena *a, const char *path);
/* Adds "PATH: message" to the error list; returns false. */
bool emit_loader_error(Loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same for a feature the reader does not support (the file may be
 * good): the run's exit status is then a usage error's, not a file's. */
bool emit_loader_unsupported(Loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Whether DT is an element type ONNX defines (1 to 23), supported here or
 * not: an unsupported one is a feature, an undefined one a corrupt file. */
bool emit_loader_onnx_dtype(int32_t dt);
/* The collected errors as one string, lines joined with '\n'. */
char *emit_loader_errors(Loader *L);

/* Whether the messages of BUF[0, LEN), read as message D, nest at most 100
 * deep (emit/load_depth.c); false after reporting.  Checked before every
 * unpack: protobuf-c recurses once per level. */
bool emit_loader_nesting_ok(Loader *L, const ProtobufCMessageDescriptor *d, const uint8_t *buf, size_t len);

/* Reads PATH whole into a malloc'ed buffer (the caller frees it).  NULL
 * after reporting. */
uint8_t *emit_loader_read_file(Loader *L, size_t *len);

/* The tensor a TensorProto holds, in the arena; WHAT names it in messages
 * ("initializer 'w'").  NULL after reporting. */
IrTensor *emit_loader_tensor(Loader *L, const Onnx__TensorProto *tp, const char *what);

#endif
