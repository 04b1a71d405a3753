/* Weight files: mapping, telling the formats apart, the index by name, and
 * tensors handed out where they lie in the mapping (see weights.h). */
#include "io/weights_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/zip.h"
#include "support/intern.h"

const char *weights_shown(Weights *w, const char *s)
{
    return arena_printable(w->arena, s, strlen(s), 80);
}

bool weights_fail(Weights *w, char **err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vsprintf(w->arena, fmt, ap);
    va_end(ap);
    *err = arena_sprintf(w->arena, "%s: %s", w->shown, msg);
    return false;
}

void weights_note(Weights *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vsprintf(w->arena, fmt, ap);
    va_end(ap);
    if (w->n_notes == w->notes_cap) {
        int cap = w->notes_cap ? w->notes_cap * 2 : 4;
        w->notes = arena_grow(w->arena, w->notes, sizeof(char *) * (size_t)w->notes_cap, sizeof(char *) * (size_t)cap);
        w->notes_cap = cap;
    }
    w->notes[w->n_notes++] = msg;
}

WeightEntry *weights_add(Weights *w)
{
    if (w->count == w->cap) {
        int cap = w->cap ? w->cap * 2 : 64;
        w->entries = arena_grow(w->arena, w->entries, sizeof(WeightEntry) * (size_t)w->cap,
                                sizeof(WeightEntry) * (size_t)cap);
        w->cap = cap;
    }
    WeightEntry *e = &w->entries[w->count++];
    memset(e, 0, sizeof *e);
    return e;
}

bool weights_nbytes(DType dt, int rank, const int64_t *dims, uint64_t *out)
{
    uint64_t n = dtype_size(dt);
    for (int i = 0; i < rank; i++) {
        uint64_t d = (uint64_t)dims[i];
        if (dims[i] < 0 || (d != 0 && n > UINT64_MAX / d))
            return false;
        n *= d;
    }
    *out = n;
    return true;
}

/* ---- mapping ----------------------------------------------------------- */

static bool map_file(Weights *w, char **err)
{
    int fd = open(w->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        *err = arena_sprintf(w->arena, "cannot read '%s': %s", w->shown, strerror(errno));
        if (fd >= 0)
            close(fd);
        return false;
    }
    if (!S_ISREG(st.st_mode)) {
        *err = arena_sprintf(w->arena, "cannot read '%s': %s", w->shown,
                             S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
        close(fd);
        return false;
    }
    if (st.st_size < 8 || (uint64_t)st.st_size > SIZE_MAX) {
        close(fd);
        return weights_fail(w, err, "too short for a weights file (safetensors or torch.save; %lld bytes)",
                            (long long)st.st_size);
    }
    w->map_size = (size_t)st.st_size;
    void *m = mmap(NULL, w->map_size, PROT_READ, MAP_PRIVATE, fd, 0);
    int saved = errno;
    if (m == MAP_FAILED) {
        close(fd);
        *err = arena_sprintf(w->arena, "cannot read '%s': %s", w->shown, strerror(saved));
        return false;
    }
    w->map = m;
    w->fd = fd;
    return true;
}

static void build_index(Weights *w)
{
    w->nslots = 8;
    while (w->nslots < 2 * (size_t)w->count)
        w->nslots *= 2;
    w->slots = arena_alloc(w->arena, sizeof(int) * w->nslots);
    for (size_t j = 0; j < w->nslots; j++)
        w->slots[j] = -1;
    for (int i = 0; i < w->count; i++) {
        const char *name = w->entries[i].name;
        size_t j = hash_bytes(name, strlen(name)) & (w->nslots - 1);
        while (w->slots[j] >= 0)
            j = (j + 1) & (w->nslots - 1);
        w->slots[j] = i;
    }
}

/* torch.save's zip archives start with a local file header; its legacy
 * files with the pickle of its magic number: PROTO 2..5, then LONG1 of 10
 * bytes (or a FRAME first).  No valid safetensors file starts so: its
 * header length would be over the limit. */
static bool looks_like_torch(const unsigned char *m, size_t n)
{
    return zip_is_archive(m, n) ||
           (n >= 4 && m[0] == 0x80 && m[1] >= 2 && m[1] <= 5 && ((m[2] == 0x8a && m[3] == 0x0a) || m[2] == 0x95));
}

Weights *weights_load_select(Arena *a, const char *path, const char *select, char **err)
{
    Weights *w = arena_alloc(a, sizeof *w);
    w->arena = a;
    w->path = arena_strdup(a, path);
    w->shown = arena_printable(a, path, strlen(path), 80);
    if (!map_file(w, err))
        return NULL;
    bool torch = looks_like_torch(w->map, w->map_size);
    if (select && !torch) {
        weights_fail(w, err, "'#%s' selects an entry of a torch.save checkpoint; this is not one", select);
        weights_close(w);
        return NULL;
    }
    bool ok = torch ? weights_read_torch(w, select, err) : weights_read_safetensors(w, err);
    if (!ok) {
        weights_close(w);
        return NULL;
    }
    build_index(w);
    return w;
}

Weights *weights_load(Arena *a, const char *path, char **err)
{
    return weights_load_select(a, path, NULL, err);
}

/* ---- access ------------------------------------------------------------ */

/* A strided (non-contiguous) tensor copied into row-major order. */
static void gather(const WeightEntry *e, const unsigned char *base, unsigned char *dst)
{
    size_t es = dtype_size(e->dtype);
    int64_t idx[64] = {0};
    uint64_t n = e->nbytes / (es ? es : 1);
    for (uint64_t k = 0; k < n; k++) {
        int64_t off = 0;
        for (int d = 0; d < e->rank; d++)
            off += idx[d] * e->strides[d];
        memcpy(dst + k * es, base + off * (int64_t)es, es);
        for (int d = e->rank - 1; d >= 0; d--) {
            if (++idx[d] < e->dims[d])
                break;
            idx[d] = 0;
        }
    }
}

static IrTensor *materialize(Weights *w, WeightEntry *e)
{
    if (e->tensor)
        return e->tensor;
    IrTensor *t = arena_alloc(w->arena, sizeof *t);
    t->dtype = e->dtype;
    t->rank = e->rank;
    t->dims = e->dims;
    t->nbytes = (size_t)e->nbytes;
    unsigned char *p = w->map + e->offset;
    size_t align = dtype_size(e->dtype) < 8 ? dtype_size(e->dtype) : 8;
    if (e->strides) {
        unsigned char *copy = arena_alloc_raw(w->arena, t->nbytes ? t->nbytes : 1);
        gather(e, p, copy);
        p = copy;
    } else if (t->nbytes == 0 || (uintptr_t)p % align != 0) {
        void *copy = arena_alloc_raw(w->arena, t->nbytes);
        memcpy(copy, p, t->nbytes);
        p = copy;
    } else {
        IrFileBytes *fb = arena_alloc(w->arena, sizeof *fb);
        fb->fd = w->fd;
        fb->offset = e->offset;
        t->file = fb;
    }
    t->data = p;
    e->tensor = t;
    return t;
}

IrTensor *weights_get(Weights *w, const char *name)
{
    if (!w->map || w->count == 0)
        return NULL;
    size_t j = hash_bytes(name, strlen(name)) & (w->nslots - 1);
    while (w->slots[j] >= 0) {
        WeightEntry *e = &w->entries[w->slots[j]];
        if (strcmp(e->name, name) == 0)
            return materialize(w, e);
        j = (j + 1) & (w->nslots - 1);
    }
    return NULL;
}

int weights_count(const Weights *w)
{
    return w->count;
}

const char *weights_name(const Weights *w, int i)
{
    return i >= 0 && i < w->count ? w->entries[i].name : NULL;
}

IrTensor *weights_tensor(Weights *w, int i)
{
    if (!w->map || i < 0 || i >= w->count)
        return NULL;
    return materialize(w, &w->entries[i]);
}

int weights_metadata_count(const Weights *w)
{
    return w->n_meta;
}

void weights_metadata(const Weights *w, int i, const char **key, const char **value)
{
    bool ok = i >= 0 && i < w->n_meta;
    *key = ok ? w->meta_keys[i] : NULL;
    *value = ok ? w->meta_values[i] : NULL;
}

const char *weights_path(const Weights *w)
{
    return w->path;
}

const char *weights_format(const Weights *w)
{
    return w->format;
}

int weights_note_count(const Weights *w)
{
    return w->n_notes;
}

const char *weights_note_text(const Weights *w, int i)
{
    return i >= 0 && i < w->n_notes ? w->notes[i] : NULL;
}

void weights_close(Weights *w)
{
    if (!w || !w->map)
        return;
    munmap(w->map, w->map_size);
    close(w->fd);
    w->map = NULL;
}

void weights_mapping(const Weights *w, const void **base, size_t *size)
{
    *base = w && w->map ? w->map : NULL;
    *size = w && w->map ? w->map_size : 0;
}
