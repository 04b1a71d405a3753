/* Binary ONNX with external data: the large tensors of the main graph's
 * initializers go to PATH.data, the model to PATH.
 *
 * The data file is written first, to a temporary file next to it, one
 * tensor after another: a tensor whose data is deferred (parameters from an
 * initialization recipe) is generated into one scratch buffer, written, and
 * the buffer reused for the next, so the weights of a model larger than
 * memory never sit in memory together.  Offsets are aligned (64 bytes, and
 * 64 KiB for tensors of 1 MiB or more, which lets a runtime map them
 * directly).  Then the model, whose TensorProtos carry data_location =
 * EXTERNAL and the entries location (the data file's name, relative to the
 * model's directory), offset and length, is written through
 * emit_write_path_with(), which renames both temporary files into place
 * only once both were written completely. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit_pb.h"

#define EXTERNAL_ALIGN_SMALL 64u
#define EXTERNAL_ALIGN_LARGE (64u * 1024u)
#define EXTERNAL_LARGE_BYTES ((size_t)1024 * 1024)

typedef struct ExternalWriter {
    FILE *out;
    uint64_t offset;
    void *scratch;              /* malloc'ed: freed, unlike the arena */
    size_t scratch_size;
    int err;
} ExternalWriter;

static void ext_write_tensor(ExternalWriter *w, const IrTensor *t, const void *data, size_t n)
{
    if (w->err || n == 0)
        return;
    w->err = emit_copy_bytes(w->out, t, data, n);
    w->offset += n;
}

static void ext_write(ExternalWriter *w, const void *data, size_t n)
{
    ext_write_tensor(w, NULL, data, n);
}

static void ext_pad(ExternalWriter *w, uint64_t align)
{
    static const unsigned char zeros[256];
    uint64_t pad = (align - w->offset % align) % align;
    while (pad > 0 && !w->err) {
        size_t n = pad < sizeof zeros ? (size_t)pad : sizeof zeros;
        ext_write(w, zeros, n);
        pad -= n;
    }
}

/* The bytes of T, generating deferred data into the scratch buffer. */
static const void *ext_tensor_bytes(ExternalWriter *w, const IrTensor *t)
{
    if (t->data)
        return t->data;
    if (t->nbytes > w->scratch_size) {
        free(w->scratch);
        w->scratch = malloc(t->nbytes);
        w->scratch_size = w->scratch ? t->nbytes : 0;
        if (!w->scratch) {
            w->err = ENOMEM;
            return NULL;
        }
    }
    t->fill(t, w->scratch);
    return w->scratch;
}

/* Small integer tensors stay in the file whatever the threshold: they are
 * the shapes, axes and indices that readers need while they load the
 * graph (ONNX Runtime cannot read an external ReduceSum axes input). */
#define EXT_KEEP_SMALL_INTS 64

static bool ext_wanted(const IrTensor *t, size_t min_bytes)
{
    if (!t)
        return false;
    bool small_ints = (t->dtype == DT_INT64 || t->dtype == DT_INT32) &&
                      t->nbytes <= EXT_KEEP_SMALL_INTS * dtype_size(t->dtype);
    return t->dtype != DT_STRING && !small_ints && t->nbytes >= min_bytes && t->nbytes > 0 && (t->data || t->fill);
}

/* Writes the chosen tensors to OUT; fills EXT's refs. */
static int ext_write_tensors(const IrModel *m, FILE *out, size_t min_bytes, PbExternal *ext)
{
    const IrGraph *g = m->graph;
    ext->refs = arena_alloc(m->arena, sizeof *ext->refs * (size_t)(g->initializers.len + 1));
    ExternalWriter w = {.out = out};
    for (int i = 0; i < g->initializers.len && !w.err; i++) {
        const IrTensor *t = ((const IrValue *)g->initializers.items[i])->init;
        if (!ext_wanted(t, min_bytes))
            continue;
        ext_pad(&w, t->nbytes >= EXTERNAL_LARGE_BYTES ? EXTERNAL_ALIGN_LARGE : EXTERNAL_ALIGN_SMALL);
        PbExternalRef *ref = &ext->refs[ext->n++];
        ref->tensor = t;
        ref->offset = w.offset;
        ref->length = t->nbytes;
        const void *bytes = ext_tensor_bytes(&w, t);
        if (bytes)
            ext_write_tensor(&w, t, bytes, t->nbytes);
    }
    free(w.scratch);
    if (!w.err && fflush(out) != 0)
        w.err = errno ? errno : EIO;
    return w.err;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int emit_onnx_file_external(const IrModel *m, const SourceMap *sm, const char *path, size_t min_bytes,
                            PendingFiles *pending, Diag *d)
{
    if (strcmp(path, "-") == 0)
        return emit_report(d, path, 0, "a model with external data must be written to a file (give -o FILE)");
    const char *data_path = arena_sprintf(m->arena, "%s.data", path);
    PbExternal ext = {.location = base_name(data_path)};
    char *tmp = emit_temp_template(m->arena, data_path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return emit_report(d, data_path, errno, NULL);
    int perr = pending ? pending->created(pending, tmp, data_path) : 0;
    if (perr) {
        close(fd);
        return emit_report(d, data_path, perr, NULL);
    }
    mode_t mask = umask(0);
    umask(mask);
    FILE *out = fchmod(fd, 0666 & ~mask) == 0 ? fdopen(fd, "wb") : NULL;
    if (!out) {
        int err = errno;
        close(fd);
        if (!pending)
            unlink(tmp);
        return emit_report(d, data_path, err, NULL);
    }
    int err = ext_write_tensors(m, out, min_bytes, &ext);
    if (fclose(out) != 0 && !err)
        err = errno ? errno : EIO;
    if (err) {
        if (!pending)
            unlink(tmp);
        return emit_report(d, data_path, err, NULL);
    }
    if (ext.n == 0) {
        /* nothing is large enough: an ordinary model */
        if (pending)
            pending->dropped(pending, tmp);
        else
            unlink(tmp);
        return emit_write_path(m, sm, path, d, emit_onnx_writer, pending);
    }
    return emit_write_path_with(m, sm, path, d, emit_onnx_writer, &ext, tmp, data_path, pending);
}
