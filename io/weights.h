/* Model weights from a file (--weights): a .safetensors file, or what
 * torch.save writes (.pt/.pth/.bin/.ckpt: its zip format or the legacy
 * one; io/torchsave.c), told apart by their first bytes.
 *
 * safetensors: an 8-byte little-endian header length N, N bytes of JSON mapping
 * each tensor name to {"dtype", "shape", "data_offsets": [begin, end]}
 * (offsets relative to the data buffer that follows the header) plus an
 * optional "__metadata__" object of strings, then the data buffer.
 *
 * The loader trusts nothing: the header length is checked against the file,
 * the JSON (parsed by jansson, duplicate keys refused) must have exactly
 * that shape, every dtype must be known, every size is computed with
 * overflow checks and must match its byte range, ranges must lie in the
 * buffer, must not overlap, and must cover it with no gap (as the format
 * requires), and BOOL elements must be 0 or 1.  Errors are one line naming
 * the file: "model.safetensors: tensor 'fc.weight': shape [3, 4] of F32
 * needs 48 bytes, data_offsets span 40".
 *
 * Memory: the file is mapped read-only, not read, so loading multi-GB
 * weights costs address space rather than memory, and only the tensors the
 * model uses are ever paged in.  A tensor's data points into the mapping
 * when it is aligned for its element type (the usual case: writers pad the
 * header to 8 bytes); a tensor whose address is not a multiple of its
 * element size (capped at 8) is copied into the arena on first access, so
 * consumers may always read elements through typed pointers.
 * IrTensor.data is not const, but tensor data from weights is READ-ONLY:
 * writing into the mapping faults.  Copy a tensor before changing it.
 * Data that points into the mapping is valid until weights_close(); a file
 * truncated by another process while mapped may raise SIGBUS, which no
 * check at load time can prevent. */
#ifndef TSC_WEIGHTS_H
#define TSC_WEIGHTS_H

#include "ir/ir.h"
#include "support/arena.h"

typedef struct Weights Weights;

/* Largest JSON header accepted (the reference implementation's limit). */
#define ST_MAX_HEADER (100u * 1000u * 1000u)
#define ST_MAX_RANK 64

/* Maps and validates PATH.  NULL with *ERR (one line, in the arena) on any
 * problem; nothing stays mapped then. */
Weights *weights_load(Arena *a, const char *path, char **err);
/* The same; for a torch.save checkpoint, SELECT (NULL: found by itself)
 * names the state_dict inside it: "state_dict", "model.ema" (keys of
 * nested dicts, joined by dots). */
Weights *weights_load_select(Arena *a, const char *path, const char *select, char **err);

/* The file's format ("safetensors", "torch.save (zip)", "torch.save
 * (legacy)") and the notes its reader left (where the state_dict was
 * found, which entries were ignored), in order. */
const char *weights_format(const Weights *w);
int weights_note_count(const Weights *w);
const char *weights_note_text(const Weights *w, int i);

/* The tensor called NAME, or NULL when the file has none.  The IrTensor is
 * built on first request and the same pointer is returned afterwards. */
IrTensor *weights_get(Weights *w, const char *name);

/* Tensors in increasing data_offsets order (a deterministic order: JSON
 * objects are unordered), for "missing key" / "unexpected key" checks. */
int weights_count(const Weights *w);
const char *weights_name(const Weights *w, int i);
IrTensor *weights_tensor(Weights *w, int i);

/* The "__metadata__" strings, in the order of their keys (strcmp). */
int weights_metadata_count(const Weights *w);
void weights_metadata(const Weights *w, int i, const char **key, const char **value);

/* The path given to weights_load. */
const char *weights_path(const Weights *w);

/* Unmaps the file.  Tensors whose data points into the mapping must not be
 * used afterwards (copied, misaligned ones stay valid in the arena).
 * Calling it twice, or with NULL, is harmless. */
void weights_close(Weights *w);
/* The read-only mapping of W's file (NULL, 0 when none): reading it after
 * the file shrank raises SIGBUS, which the driver turns into an error. */
void weights_mapping(const Weights *w, const void **base, size_t *size);

#endif
