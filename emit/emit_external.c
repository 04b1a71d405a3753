/* Binary ONNX with external data: the large tensors of the main graph's
 * initializers go to PATH.HASH.data, the model to PATH.
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
 * only once both were written completely.
 *
 * The data file is named after its content (HASH: 16 hex digits of a
 * 64-bit hash of its bytes), so a model and its data are replaced as a
 * pair without a window: the new model never names an old data file, and
 * a reader that opened the old model reads the old data file (or, once it
 * is removed, fails to open it) but never the new one.  When the new pair
 * is in place, the other PATH.HASH.data files (the old pair's) are
 * removed.  The same weights give the same name, so compiles stay
 * byte-identical. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit_pb.h"

#define EXTERNAL_ALIGN_SMALL 64u
#define EXTERNAL_ALIGN_LARGE (64u * 1024u)
#define EXTERNAL_LARGE_BYTES ((size_t)1024 * 1024)

/* ---- the data file's hash: four lanes of multiply-rotate over 32-byte
 * blocks (streamed: the bytes arrive tensor by tensor), folded at the end
 * with the length and a final mix.  Not cryptographic: it makes the name
 * of a new data file differ from the old one's. */

#define HASH_K1 UINT64_C(0x9E3779B97F4A7C15)
#define HASH_K2 UINT64_C(0xC2B2AE3D27D4EB4F)
#define HASH_BLOCK 32u

typedef struct DataHash {
    uint64_t lane[4];
    unsigned char tail[HASH_BLOCK];
    size_t n_tail;
    uint64_t total;
} DataHash;

static uint64_t hash_rotl(uint64_t x, int r)
{
    return (x << r) | (x >> (64 - r));
}

static uint64_t hash_word(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
}

static void hash_init(DataHash *h)
{
    *h = (DataHash){{HASH_K1, HASH_K2, ~HASH_K1, ~HASH_K2}, {0}, 0, 0};
}

static void hash_blocks(DataHash *h, const unsigned char *p, size_t n_blocks)
{
    uint64_t a = h->lane[0], b = h->lane[1], c = h->lane[2], d = h->lane[3];
    for (size_t i = 0; i < n_blocks; i++, p += HASH_BLOCK) {
        a = hash_rotl(a + hash_word(p) * HASH_K2, 31) * HASH_K1;
        b = hash_rotl(b + hash_word(p + 8) * HASH_K2, 31) * HASH_K1;
        c = hash_rotl(c + hash_word(p + 16) * HASH_K2, 31) * HASH_K1;
        d = hash_rotl(d + hash_word(p + 24) * HASH_K2, 31) * HASH_K1;
    }
    h->lane[0] = a, h->lane[1] = b, h->lane[2] = c, h->lane[3] = d;
}

static void hash_update(DataHash *h, const void *data, size_t n)
{
    const unsigned char *p = data;
    h->total += n;
    if (h->n_tail) {
        size_t take = HASH_BLOCK - h->n_tail < n ? HASH_BLOCK - h->n_tail : n;
        memcpy(h->tail + h->n_tail, p, take);
        h->n_tail += take;
        p += take;
        n -= take;
        if (h->n_tail < HASH_BLOCK)
            return;
        hash_blocks(h, h->tail, 1);
        h->n_tail = 0;
    }
    hash_blocks(h, p, n / HASH_BLOCK);
    memcpy(h->tail, p + n / HASH_BLOCK * HASH_BLOCK, n % HASH_BLOCK);
    h->n_tail = n % HASH_BLOCK;
}

static uint64_t hash_final(DataHash *h)
{
    memset(h->tail + h->n_tail, 0, HASH_BLOCK - h->n_tail);
    hash_blocks(h, h->tail, 1);
    uint64_t x = h->total;
    for (int k = 0; k < 4; k++)
        x = hash_rotl(x ^ h->lane[k], 27) * HASH_K1 + HASH_K2;
    x ^= x >> 33;           /* final avalanche (splitmix64's) */
    x *= UINT64_C(0xFF51AFD7ED558CCD);
    x ^= x >> 33;
    x *= UINT64_C(0xC4CEB9FE1A85EC53);
    return x ^ (x >> 33);
}

/* ---- the data file's name ---- */

#define DATA_SUFFIX ".data"
#define DATA_HEX 16
/* ".", the hex digits, ".data" */
#define DATA_TAIL_LEN (1 + DATA_HEX + sizeof DATA_SUFFIX - 1)

/* Whether NAME is MODEL_BASE + "." + 16 lowercase hex digits + ".data". */
bool emit_is_data_name(const char *model_base, const char *name)
{
    size_t nb = strlen(model_base);
    if (strlen(name) != nb + DATA_TAIL_LEN || strncmp(name, model_base, nb) != 0 || name[nb] != '.')
        return false;
    for (int i = 1; i <= DATA_HEX; i++)
        if (!strchr("0123456789abcdef", name[nb + (size_t)i]) || !name[nb + (size_t)i])
            return false;
    return strcmp(name + nb + 1 + DATA_HEX, DATA_SUFFIX) == 0;
}

/* After DATA_PATH (DIR/BASE.HASH.data) became the model's data file:
 * removes the other DIR/BASE.HASH.data regular files, the data of the
 * pairs it replaced.  Best effort: a file that cannot be removed stays. */
static void ext_sweep(const char *data_path)
{
    const char *slash = strrchr(data_path, '/');
    const char *name = slash ? slash + 1 : data_path;
    size_t len = strlen(name);
    if (len <= DATA_TAIL_LEN)
        return;
    char *dir = slash ? strndup(data_path, (size_t)(slash - data_path) + (slash == data_path)) : strdup(".");
    char *base = strndup(name, len - DATA_TAIL_LEN);
    DIR *d = dir && base ? opendir(dir) : NULL;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, name) == 0 || !emit_is_data_name(base, e->d_name))
            continue;
        struct stat st;
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode))
            unlinkat(dirfd(d), e->d_name, 0);
    }
    if (d)
        closedir(d);
    free(dir);
    free(base);
}

/* ---- writing ---- */

typedef struct ExternalWriter {
    FILE *out;
    DataHash hash;
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
    if (!w->err)
        hash_update(&w->hash, data, n);
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

static int ext_write_piece(void *ctx, const void *bytes, size_t n)
{
    ExternalWriter *w = ctx;
    ext_write(w, bytes, n);
    return w->err;
}

/* T's bytes: its data, or its deferred data made a piece at a time. */
static void ext_write_data(ExternalWriter *w, const IrTensor *t)
{
    if (t->data) {
        ext_write_tensor(w, t, t->data, t->nbytes);
        return;
    }
    int rc = emit_deferred_write(t, &w->scratch, &w->scratch_size, ext_write_piece, w);
    if (!w->err)
        w->err = rc;
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

/* Writes the chosen tensors to OUT; fills EXT's refs and *HASH (of the
 * bytes written). */
static int ext_write_tensors(const IrModel *m, FILE *out, size_t min_bytes, PbExternal *ext, uint64_t *hash)
{
    const IrGraph *g = m->graph;
    ext->refs = arena_alloc(m->arena, sizeof *ext->refs * (size_t)(g->initializers.len + 1));
    ExternalWriter w = {.out = out};
    hash_init(&w.hash);
    for (int i = 0; i < g->initializers.len && !w.err; i++) {
        const IrTensor *t = ((const IrValue *)g->initializers.items[i])->init;
        if (!ext_wanted(t, min_bytes))
            continue;
        ext_pad(&w, t->nbytes >= EXTERNAL_LARGE_BYTES ? EXTERNAL_ALIGN_LARGE : EXTERNAL_ALIGN_SMALL);
        PbExternalRef *ref = &ext->refs[ext->n++];
        ref->tensor = t;
        ref->offset = w.offset;
        ref->length = t->nbytes;
        if (!w.err)
            ext_write_data(&w, t);
    }
    free(w.scratch);
    if (!w.err && fflush(out) != 0)
        w.err = errno ? errno : EIO;
    *hash = hash_final(&w.hash);
    return w.err;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The data file's name once its hash is known: PATH.HASH.data. */
static const char *ext_data_path(Arena *a, const char *path, uint64_t hash)
{
    return arena_sprintf(a, "%s.%016llx%s", path, (unsigned long long)hash, DATA_SUFFIX);
}

int emit_onnx_file_external(const IrModel *m, const SourceMap *sm, const char *path, size_t min_bytes,
                            PendingFiles *pending, Diag *d)
{
    if (strcmp(path, "-") == 0)
        return emit_report(d, path, 0, "a model with external data must be written to a file (give -o FILE)");
    /* the name in messages until the hash is known */
    const char *data_path = arena_sprintf(m->arena, "%s.*%s", path, DATA_SUFFIX);
    PbExternal ext = {0};
    char *tmp = emit_temp_template(m->arena, arena_sprintf(m->arena, "%s%s", path, DATA_SUFFIX));
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
    uint64_t hash = 0;
    int err = ext_write_tensors(m, out, min_bytes, &ext, &hash);
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
    data_path = ext_data_path(m->arena, path, hash);
    ext.location = base_name(data_path);
    if (pending && (perr = pending->retarget(pending, tmp, data_path, ext_sweep)) != 0)
        return emit_report(d, data_path, perr, NULL);
    return emit_write_path_with(m, sm, path, d, emit_onnx_writer, &ext, tmp, data_path,
                                pending ? NULL : ext_sweep, pending);
}
