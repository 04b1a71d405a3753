/* NumPy .npy files: example inputs (--example x=@x.npy) and the arrays the
 * driver writes (reference outputs, dumped values).
 *
 * Reading accepts format versions 1.0, 2.0 and 3.0 in C order with the
 * element types IrTensor can hold: <f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4
 * <u8 |b1 <c8 <c16 ('<' or '|' byte order; one-byte types in any order).
 * Big-endian, Fortran-ordered, structured and object arrays are refused.
 * Every length in the file is checked against the file size; the data must
 * fill the rest of the file exactly, and bool elements must be 0 or 1.
 *
 * Errors are one line in the arena, naming the file:
 *   "cannot read 'a.npy': No such file or directory"
 *   "a.npy: big-endian arrays are not supported"
 *   "a.npy: truncated: the data needs 24 bytes, the file has 8 after the header" */
#ifndef TSC_NPY_H
#define TSC_NPY_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/ir.h"
#include "support/pending.h"
#include "support/arena.h"

/* Largest header accepted (numpy itself refuses more than 10000 bytes by
 * default; real headers are about 128). */
#define NPY_MAX_HEADER (1u << 20)
/* Largest rank accepted (numpy's own limit). */
#define NPY_MAX_RANK 64

/* Reads PATH.  The tensor and its data live in the arena (data is copied,
 * aligned, little-endian).  NULL and *ERR set on failure. */
IrTensor *npy_load(Arena *a, const char *path, char **err);

/* Parses a .npy image held in memory (BUF[0..LEN)); NAME stands for the file
 * in messages.  The data is copied into the arena. */
IrTensor *npy_parse(Arena *a, const char *name, const void *buf, size_t len,
                    char **err);

/* Writes T to PATH as a version 1.0 file laid out as numpy's np.save lays
 * it out (header padded with spaces and a newline to a multiple of 64
 * bytes).  Regular files are replaced atomically: the bytes go to a
 * temporary file next to PATH that is renamed over it, so a failure leaves
 * no partial file.  An existing non-regular PATH (a device such as
 * /dev/stdout or /dev/full, a FIFO) is written in place.  bfloat16 and
 * string tensors have no .npy form and are refused.  Returns false and sets
 * *ERR ("cannot write '/dev/full': No space left on device") on failure. */
bool npy_save(Arena *a, const char *path, const IrTensor *t, char **err);
/* npy_save, its temporary file left to PENDING to rename (support/pending.h). */
bool npy_save_pending(Arena *a, const char *path, const IrTensor *t, PendingFiles *pending, char **err);

#endif
