/* Fuzz targets: one file per entry point of the compiler that reads
 * untrusted bytes, each defining libFuzzer's LLVMFuzzerTestOneInput.
 *
 *   fuzz/parse.c        the lexer and the parser (--emit tokens, --emit ast)
 *   fuzz/compile.c      the whole pipeline on a model file
 *   fuzz/safetensors.c  the weights loader (--weights)
 *   fuzz/npy.c          the .npy reader and writer (--example x=@a.npy)
 *   fuzz/example.c      the --example VALUE forms
 *   fuzz/onnx.c         the ONNX reader and the evaluator (tsc2onnx run)
 *
 * ./configure CC=clang --enable-fuzz links them with libFuzzer; otherwise
 * fuzz/standalone.c supplies main() and runs the files it is given (or
 * standard input, for AFL++), which is how the regression inputs of
 * fuzz/regress/ run in every build.  docs/reliability.md has the commands. */
#ifndef TSC_FUZZ_H
#define TSC_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "support/context.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The largest tensor a target makes (compile-time tensors, examples). */
#define FUZZ_MAX_TENSOR_BYTES (INT64_C(16) << 20)

/* The limits every target compiles under: the defaults where they guard
 * the C stack (nesting, call depth), smaller ones where they bound time
 * and memory, so that one input runs in well under a second. */
void fuzz_limits(Limits *l);

/* /dev/null, opened once per process. */
FILE *fuzz_null(void);
/* Where diagnostics and dumps go: /dev/null, or stderr when the
 * environment variable TSC_FUZZ_VERBOSE is set (to read what an input
 * does). */
FILE *fuzz_sink(void);

/* A scratch directory made on first use and removed at exit. */
const char *fuzz_scratch_dir(void);

#endif
