/* Reading ONNX: the way back from protobuf to the IR, beside the writer
 * because only emit/ includes protobuf-c headers.  `tsc2onnx run` loads
 * any .onnx file with it (not only the compiler's own), and the test data
 * of ONNX's conformance tests (TensorProto, SequenceProto and
 * OptionalProto files) is read with it.
 *
 * A loaded model is an ordinary IrModel in the caller's arena: graphs,
 * nested Loop/If bodies, initializers, attributes, value types from the
 * graph's inputs, outputs and value_info.  Nodes come out in topological
 * order even when the file's order is not.  Each node's schema is the row
 * of ir/opschema.h in effect at the model's opset (for operators older than
 * the first row of the table, the first row when the operator existed);
 * NULL for operators the table does not know, which the caller reports.
 * Tensor data is held in the arena: raw_data is used in place, typed data
 * fields are converted, external data (data_location EXTERNAL) is read from
 * the file named relative to the model's directory.
 *
 * Errors are lines "PATH: message" joined with '\n' in *err; the loader
 * reports every problem it finds (up to LOAD_MAX_ERRORS), not only the
 * first:
 *   "m.onnx: not an ONNX model (the protobuf message does not parse)"
 *   "m.onnx: node 'conv1' (Conv): input 'w' is not defined"
 *   "m.onnx: initializer 'w': external data file 'w.bin' is shorter than offset + length" */
#ifndef TSC_LOAD_H
#define TSC_LOAD_H

#include <stdbool.h>

#include "ir/ir.h"
#include "support/arena.h"
#include "support/intern.h"

#define LOAD_MAX_ERRORS 20
/* Largest file accepted: protobuf's message limit (2 GiB - 1). */
#define LOAD_MAX_FILE_BYTES 2147483647L

/* A value of ONNX's data files: a tensor, a sequence or an optional. */
typedef struct LoadedValue LoadedValue;
struct LoadedValue {
    IrTypeKind kind;
    IrTensor *tensor;           /* IR_TYPE_TENSOR */
    LoadedValue *items;         /* IR_TYPE_SEQUENCE: n_items values */
    int n_items;
    DType elem_dtype;           /* sequence: element type when known */
    LoadedValue *elem;          /* IR_TYPE_OPTIONAL: the value, NULL = none */
};

/* Why a read failed, which decides the exit status: a file that cannot be
 * read or is not what it should be (EXIT_IO), or a feature of a valid file
 * that is not supported (EXIT_USAGE). */
typedef enum LoadFault { LOAD_FAULT_FILE, LOAD_FAULT_UNSUPPORTED } LoadFault;

/* Reads the model at PATH.  NULL, *ERR and *FAULT (when not NULL) on
 * failure. */
IrModel *emit_load_onnx(Arena *a, Interner *names, const char *path, char **err, LoadFault *fault);

/* Reads a file holding one serialized TensorProto.  NULL and *ERR on
 * failure. */
IrTensor *emit_load_tensor(Arena *a, const char *path, char **err);

/* Reads a file holding a TensorProto, SequenceProto or OptionalProto, as
 * KIND says (the type of the graph input or output it stands for). */
bool emit_load_value(Arena *a, const char *path, IrTypeKind kind, LoadedValue *out,
                     char **err, LoadFault *fault);

#endif
