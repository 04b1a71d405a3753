/* What the weight file readers (safetensors.c, torchsave.c) share with the
 * generic part (weights.c): the mapped file, the entries, the index. */
#ifndef TSC_WEIGHTS_INTERNAL_H
#define TSC_WEIGHTS_INTERNAL_H

#include "io/weights.h"

typedef struct WeightEntry {
    const char *name;       /* as in the file (arena copy) */
    const char *shown;      /* printable form for messages */
    const char *dtype_text; /* "F32", "torch.FloatStorage" ... */
    DType dtype;
    int rank;
    int64_t *dims;
    int64_t *strides;       /* in elements; NULL: contiguous, row-major */
    uint64_t offset;        /* file offset of element 0 */
    uint64_t nbytes;        /* numel * element size */
    uint64_t begin, end;    /* safetensors: the range in its data buffer */
    IrTensor *tensor;       /* built on first request */
} WeightEntry;

struct Weights {
    Arena *arena;
    const char *path;
    const char *shown;      /* printable path for messages */
    const char *format;     /* "safetensors", "torch.save (zip)" ... */
    unsigned char *map;     /* NULL once closed */
    int fd;                 /* the file, open while mapped (tensors' IrFileBytes) */
    size_t map_size;
    uint64_t data_start;    /* safetensors: 8 + header length */
    uint64_t data_size;
    WeightEntry *entries;
    int count, cap;
    int *slots;             /* hash index into entries; -1 = empty */
    size_t nslots;
    const char **meta_keys, **meta_values;
    int n_meta;
    const char **notes;     /* what a caller may tell the user */
    int n_notes, notes_cap;
};

/* false, with *ERR = "PATH: MESSAGE" in the arena */
bool weights_fail(Weights *w, char **err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void weights_note(Weights *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Text from the file made safe for a one-line message. */
const char *weights_shown(Weights *w, const char *s);
/* A new entry (zeroed). */
WeightEntry *weights_add(Weights *w);
/* numel * element size of DIMS, false on overflow. */
bool weights_nbytes(DType dt, int rank, const int64_t *dims, uint64_t *out);

/* The readers: fill W's entries from its mapping (SELECT: the key path of
 * a checkpoint dict, or NULL). */
bool weights_read_safetensors(Weights *w, char **err);
bool weights_read_torch(Weights *w, const char *select, char **err);

#endif
