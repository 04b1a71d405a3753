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
    ProtobufCAllocator alloc;   /* protobuf-c allocates in the arena */
} Loader;

void emit_loader_init(Loader *L, Arena *a, const char *path);
/* Adds "PATH: message" to the error list; returns false. */
bool emit_loader_error(Loader *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The collected errors as one string, lines joined with '\n'. */
char *emit_loader_errors(Loader *L);

/* Reads PATH whole into a malloc'ed buffer (the caller frees it).  NULL
 * after reporting. */
uint8_t *emit_loader_read_file(Loader *L, size_t *len);

/* The tensor a TensorProto holds, in the arena; WHAT names it in messages
 * ("initializer 'w'").  NULL after reporting. */
IrTensor *emit_loader_tensor(Loader *L, const Onnx__TensorProto *tp, const char *what);

#endif
