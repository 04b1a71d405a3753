/* What torch.save writes, read without running anything.
 *
 *   zip format (PyTorch 1.6 and later): an archive PREFIX/data.pkl (the
 *     pickled object), PREFIX/data/KEY (each storage's raw bytes, stored
 *     uncompressed), PREFIX/version, PREFIX/byteorder;
 *   legacy format (_use_new_zipfile_serialization=False): pickles in a row
 *     (magic number, protocol version, system info, the object, the list
 *     of storage keys), then each storage as an int64 element count and
 *     its bytes.
 *
 * The object is read by the restricted pickle reader (io/pickle.c) into
 * inert records.  Only these calls are understood, and only as data:
 * torch._utils._rebuild_tensor_v2 / _rebuild_parameter /
 * _rebuild_parameter_with_state (a tensor over a storage),
 * collections.OrderedDict and set (containers), copyreg._reconstructor and
 * NEWOBJ (an object of a named class, for whole pickled modules), torch.Size
 * and torch.device.  Any other call anywhere in the file refuses the file
 * by the called name: loading a checkpoint never executes anything.
 *
 * The state_dict is: the object itself when it is a dict of tensors or a
 * pickled nn.Module (its _parameters, persistent _buffers and _modules,
 * recursively); in a checkpoint dict, the entry SELECT names, else the one
 * under "state_dict", "model_state_dict" or "model", else the only dict of
 * tensors.  Tensors keep their storage offsets and strides: a contiguous
 * tensor is used where it lies in the file, a strided one (a transposed
 * view, a slice) is gathered; tensors sharing a storage (tied weights)
 * share its bytes. */
#include <stdlib.h>
#include <string.h>

#include "io/pickle.h"
#include "io/weights_internal.h"
#include "io/zip.h"

#define MAX_DEPTH 200       /* nesting of modules and dicts walked */

typedef struct Storage {
    const char *key;
    const char *type;       /* "FloatStorage" */
    DType dtype;
    uint64_t numel;         /* elements the pickle says it has */
    uint64_t offset;        /* file offset of its first byte (legacy: set after the pickle) */
    uint64_t avail;         /* bytes there */
    bool placed;
} Storage;

typedef struct Reader {
    Weights *w;
    char **err;
    bool legacy;
    ZipEntry *zip;          /* zip format: the archive's entries */
    int n_zip;
    const char *prefix;     /* "archive/" */
    Storage **storages;     /* by key, in order of first use */
    int n_storages, cap_storages;
} Reader;

static const struct {
    const char *name;
    DType dtype;
} storage_types[] = {
    {"FloatStorage", DT_FLOAT}, {"DoubleStorage", DT_DOUBLE}, {"HalfStorage", DT_FLOAT16},
    {"BFloat16Storage", DT_BFLOAT16}, {"LongStorage", DT_INT64}, {"IntStorage", DT_INT32},
    {"ShortStorage", DT_INT16}, {"CharStorage", DT_INT8}, {"ByteStorage", DT_UINT8},
    {"BoolStorage", DT_BOOL}, {"ComplexFloatStorage", DT_COMPLEX64},
    {"ComplexDoubleStorage", DT_COMPLEX128},
};

static bool fail(Reader *r, const char *msg)
{
    return weights_fail(r->w, r->err, "%s", msg);
}

static bool is_global(const PyObj *o, const char *module, const char *name)
{
    return o && o->kind == PY_GLOBAL && strcmp(o->module, module) == 0 && strcmp(o->name, name) == 0;
}

static bool is_str(const PyObj *o, const char *s)
{
    return o && o->kind == PY_STR && strcmp(o->s, s) == 0;
}

/* ---- what may be called ---- */

static bool is_rebuild(const PyObj *callee)
{
    return is_global(callee, "torch._utils", "_rebuild_tensor_v2") ||
           is_global(callee, "torch._utils", "_rebuild_parameter") ||
           is_global(callee, "torch._utils", "_rebuild_parameter_with_state");
}

static bool allowed_call(const PyObj *c)
{
    if (c->newobj)
        return c->callee->kind == PY_GLOBAL;    /* an object of a named class: opaque */
    const PyObj *f = c->callee;
    if (is_rebuild(f) || is_global(f, "torch", "Size") || is_global(f, "torch", "device"))
        return true;
    /* copyreg._reconstructor(cls, object, None): an object of class cls */
    return is_global(f, "copyreg", "_reconstructor") && c->args->n >= 2 && c->args->items[0]->kind == PY_GLOBAL &&
           (is_global(c->args->items[1], "builtins", "object") || is_global(c->args->items[1], "__builtin__", "object"));
}

/* A set of nodes (the pickle's graph may share nodes and have cycles). */
typedef struct Seen {
    const PyObj **slots;
    size_t cap, len;
} Seen;

/* Adds O; false when it was there already. */
static bool seen_add(Arena *a, Seen *s, const PyObj *o)
{
    if (2 * (s->len + 1) > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        const PyObj **slots = arena_alloc(a, sizeof(PyObj *) * cap);
        for (size_t i = 0; i < s->cap; i++)
            if (s->slots[i]) {
                size_t j = ((uintptr_t)s->slots[i] >> 4) * 2654435761u & (cap - 1);
                while (slots[j])
                    j = (j + 1) & (cap - 1);
                slots[j] = s->slots[i];
            }
        s->slots = slots;
        s->cap = cap;
    }
    size_t j = ((uintptr_t)o >> 4) * 2654435761u & (s->cap - 1);
    while (s->slots[j]) {
        if (s->slots[j] == o)
            return false;
        j = (j + 1) & (s->cap - 1);
    }
    s->slots[j] = o;
    s->len++;
    return true;
}

static Storage *storage_of(Reader *r, const PyObj *persid);

/* Refuses the file when any call in it is not one of the above, and
 * registers every storage it refers to (the legacy format's data is laid
 * out by storage, whichever entry uses it). */
static bool check_calls(Reader *r, PyObj *root)
{
    Arena *a = r->w->arena;
    PtrVec todo = {0};
    Seen seen = {0};
    ptrvec_push(a, &todo, root);
    while (todo.len) {
        PyObj *o = todo.items[--todo.len];
        if (o->kind < PY_TUPLE || !seen_add(a, &seen, o))
            continue;
        if (o->kind == PY_PERSID && !storage_of(r, o))
            return false;
        if (o->kind == PY_CALL && !allowed_call(o)) {
            const char *name = o->callee->kind == PY_GLOBAL ? pickle_global_name(a, o->callee) : "an object it builds";
            return weights_fail(r->w, r->err, "the checkpoint calls '%s': not a state_dict; refusing to load it "
                                "(tsc2onnx runs nothing from a checkpoint)", name);
        }
        for (int i = 0; i < o->n; i++)
            ptrvec_push(a, &todo, o->items[i]);
        PyObj *more[4] = {o->callee, o->args, o->state, o->pid};
        for (int i = 0; i < 4; i++)
            if (more[i])
                ptrvec_push(a, &todo, more[i]);
    }
    return true;
}

/* ---- storages ---- */

static Storage *storage_of(Reader *r, const PyObj *persid)
{
    const PyObj *pid = persid->pid;
    if (pid->kind != PY_TUPLE || pid->n < 5 || !is_str(pid->items[0], "storage") ||
        pid->items[1]->kind != PY_GLOBAL || pid->items[2]->kind != PY_STR || pid->items[4]->kind != PY_INT ||
        pid->items[4]->i < 0) {
        fail(r, "a persistent id that is not a storage");
        return NULL;
    }
    const PyObj *type = pid->items[1];
    const char *key = pid->items[2]->s;
    for (int i = 0; i < r->n_storages; i++)
        if (strcmp(r->storages[i]->key, key) == 0)
            return r->storages[i];
    DType dt = DT_UNDEFINED;
    for (size_t i = 0; i < sizeof storage_types / sizeof storage_types[0]; i++)
        if (strcmp(type->module, "torch") == 0 && strcmp(type->name, storage_types[i].name) == 0)
            dt = storage_types[i].dtype;
    if (dt == DT_UNDEFINED) {
        weights_fail(r->w, r->err, "storage '%s' has type %s.%s, which tsc2onnx cannot hold",
                     weights_shown(r->w, key), type->module, type->name);
        return NULL;
    }
    Storage *s = arena_alloc(r->w->arena, sizeof *s);
    s->key = key;
    s->type = type->name;
    s->dtype = dt;
    s->numel = (uint64_t)pid->items[4]->i;
    if (!r->legacy) {
        const char *name = arena_sprintf(r->w->arena, "%sdata/%s", r->prefix, key);
        for (int i = 0; i < r->n_zip && !s->placed; i++)
            if (strcmp(r->zip[i].name, name) == 0) {
                s->offset = r->zip[i].offset;
                s->avail = r->zip[i].size;
                s->placed = true;
            }
        if (!s->placed) {
            weights_fail(r->w, r->err, "the archive has no entry '%s' for storage '%s'",
                         weights_shown(r->w, name), weights_shown(r->w, key));
            return NULL;
        }
    }
    if (r->n_storages == r->cap_storages) {
        int cap = r->cap_storages ? r->cap_storages * 2 : 16;
        r->storages = arena_grow(r->w->arena, r->storages, sizeof(Storage *) * (size_t)r->cap_storages,
                                 sizeof(Storage *) * (size_t)cap);
        r->cap_storages = cap;
    }
    r->storages[r->n_storages++] = s;
    return s;
}

/* ---- tensors ---- */

typedef struct TensorRef {
    Storage *storage;
    int64_t offset;         /* in elements */
    int rank;
    int64_t *dims, *strides;
} TensorRef;

static bool int_tuple(Reader *r, const PyObj *t, int64_t **out, int *n)
{
    if (t->kind != PY_TUPLE || t->n > 64)
        return fail(r, "a tensor's size or stride is not a tuple of ints");
    *n = t->n;
    *out = arena_alloc(r->w->arena, sizeof(int64_t) * (size_t)(t->n ? t->n : 1));
    for (int i = 0; i < t->n; i++) {
        if (t->items[i]->kind != PY_INT || t->items[i]->i < 0)
            return fail(r, "a tensor's size or stride is not a tuple of ints");
        (*out)[i] = t->items[i]->i;
    }
    return true;
}

/* _rebuild_tensor_v2(storage, offset, size, stride, ...), possibly inside
 * _rebuild_parameter(tensor, ...); false when O is not a tensor. */
static bool tensor_ref(Reader *r, const PyObj *o, TensorRef *t, bool *is_tensor)
{
    *is_tensor = false;
    while (o->kind == PY_CALL && !o->newobj && (is_global(o->callee, "torch._utils", "_rebuild_parameter") ||
                                               is_global(o->callee, "torch._utils", "_rebuild_parameter_with_state"))) {
        if (o->args->n < 1)
            return fail(r, "_rebuild_parameter without its tensor");
        o = o->args->items[0];
    }
    if (o->kind != PY_CALL || o->newobj || !is_global(o->callee, "torch._utils", "_rebuild_tensor_v2"))
        return true;
    *is_tensor = true;
    const PyObj *a = o->args;
    int ns;
    if (a->n < 4 || a->items[0]->kind != PY_PERSID || a->items[1]->kind != PY_INT || a->items[1]->i < 0)
        return fail(r, "a malformed _rebuild_tensor_v2 call");
    if (!(t->storage = storage_of(r, a->items[0])))
        return false;
    t->offset = a->items[1]->i;
    if (!int_tuple(r, a->items[2], &t->dims, &t->rank) || !int_tuple(r, a->items[3], &t->strides, &ns))
        return false;
    if (ns != t->rank)
        return fail(r, "a tensor's size and stride have different lengths");
    return true;
}

/* The contiguous strides of T, or T's own when it is a strided view. */
static bool contiguous(const TensorRef *t)
{
    int64_t expect = 1;
    for (int d = t->rank - 1; d >= 0; d--) {
        if (t->dims[d] != 1 && t->strides[d] != expect)
            return false;
        expect *= t->dims[d];
    }
    return true;
}

static bool add_tensor(Reader *r, const char *name, const TensorRef *t)
{
    Weights *w = r->w;
    WeightEntry *e = weights_add(w);
    e->name = arena_strdup(w->arena, name);
    e->shown = weights_shown(w, name);
    e->dtype = t->storage->dtype;
    e->dtype_text = t->storage->type;
    e->rank = t->rank;
    e->dims = t->dims;
    if (!weights_nbytes(e->dtype, t->rank, t->dims, &e->nbytes))
        return weights_fail(w, r->err, "tensor '%s': its shape is too large", e->shown);
    /* the last element it may read, within the storage */
    uint64_t last = (uint64_t)t->offset, es = dtype_size(e->dtype);
    bool empty = false;
    for (int d = 0; d < t->rank; d++) {
        empty |= t->dims[d] == 0;
        if (t->dims[d] > 0 && (uint64_t)t->strides[d] > (UINT64_MAX - last) / (uint64_t)t->dims[d])
            return weights_fail(w, r->err, "tensor '%s': its strides reach past any storage", e->shown);
        last += (uint64_t)(t->dims[d] > 0 ? t->dims[d] - 1 : 0) * (uint64_t)t->strides[d];
    }
    if (!empty && (last >= t->storage->numel || last >= UINT64_MAX / es))
        return weights_fail(w, r->err, "tensor '%s' reaches element %llu of storage '%s', which has %llu", e->shown,
                            (unsigned long long)last, weights_shown(w, t->storage->key),
                            (unsigned long long)t->storage->numel);
    e->strides = contiguous(t) ? NULL : t->strides;
    /* the offset is set once the storage is placed (legacy: after the pickle) */
    e->offset = (uint64_t)t->offset * es;
    e->begin = (uint64_t)(uintptr_t)t->storage;    /* which storage: resolved in place_entries */
    return true;
}

/* ---- the state_dict ---- */

typedef struct Found {
    int tensors, others;
} Found;

static bool is_dict(const PyObj *o)
{
    return o && o->kind == PY_DICT;
}

/* A pickled nn.Module: an object whose state holds _parameters. */
static const PyObj *module_state(const PyObj *o)
{
    if (!o || o->kind != PY_CALL || !o->state || !is_dict(o->state))
        return NULL;
    for (int i = 0; i < o->state->n; i += 2)
        if (is_str(o->state->items[i], "_parameters"))
            return o->state;
    return NULL;
}

static const PyObj *dict_get(const PyObj *d, const char *key)
{
    for (int i = 0; d && i < d->n; i += 2)
        if (is_str(d->items[i], key))
            return d->items[i + 1];
    return NULL;
}

static bool walk_value(Reader *r, const PyObj *o, const char *prefix, int depth, Found *f);

static bool walk_module(Reader *r, const PyObj *state, const char *prefix, int depth, Found *f)
{
    Arena *a = r->w->arena;
    if (depth > MAX_DEPTH)
        return fail(r, "modules nested too deeply");
    const PyObj *np = dict_get(state, "_non_persistent_buffers_set");
    static const char *const parts[] = {"_parameters", "_buffers"};
    for (int k = 0; k < 2; k++) {
        const PyObj *d = dict_get(state, parts[k]);
        for (int i = 0; is_dict(d) && i < d->n; i += 2) {
            const PyObj *key = d->items[i], *v = d->items[i + 1];
            if (key->kind != PY_STR || v->kind == PY_NONE)
                continue;
            bool skip = false;
            for (int j = 0; k == 1 && np && np->kind == PY_SET && j < np->n; j++)
                skip |= is_str(np->items[j], key->s);
            if (skip)
                continue;
            TensorRef t;
            bool is_tensor;
            if (!tensor_ref(r, v, &t, &is_tensor))
                return false;
            if (!is_tensor)
                return weights_fail(r->w, r->err, "%s%s is not a tensor", prefix, key->s);
            if (!add_tensor(r, arena_sprintf(a, "%s%s", prefix, key->s), &t))
                return false;
            f->tensors++;
        }
    }
    const PyObj *mods = dict_get(state, "_modules");
    for (int i = 0; is_dict(mods) && i < mods->n; i += 2) {
        const PyObj *key = mods->items[i], *sub = module_state(mods->items[i + 1]);
        if (key->kind == PY_STR && sub &&
            !walk_module(r, sub, arena_sprintf(a, "%s%s.", prefix, key->s), depth + 1, f))
            return false;
    }
    return true;
}

/* A state_dict-like dict: its tensors under their keys; other entries are
 * counted (and noted) but ignored. */
static bool walk_dict(Reader *r, const PyObj *d, const char *prefix, Found *f)
{
    for (int i = 0; i < d->n; i += 2) {
        const PyObj *key = d->items[i];
        TensorRef t;
        bool is_tensor;
        if (!tensor_ref(r, d->items[i + 1], &t, &is_tensor))
            return false;
        if (!is_tensor || key->kind != PY_STR) {
            f->others++;
            continue;
        }
        if (!add_tensor(r, arena_sprintf(r->w->arena, "%s%s", prefix, key->s), &t))
            return false;
        f->tensors++;
    }
    return true;
}

static bool walk_value(Reader *r, const PyObj *o, const char *prefix, int depth, Found *f)
{
    const PyObj *ms = module_state(o);
    if (ms)
        return walk_module(r, ms, prefix, depth, f);
    if (is_dict(o))
        return walk_dict(r, o, prefix, f);
    return fail(r, "the selected entry is neither a state_dict nor a module");
}

/* How many of D's values are tensors. */
static int tensor_values(Reader *r, const PyObj *d)
{
    int n = 0;
    for (int i = 0; is_dict(d) && i < d->n; i += 2) {
        TensorRef t;
        bool is_tensor;
        const char *saved = *r->err;
        if (tensor_ref(r, d->items[i + 1], &t, &is_tensor) && is_tensor)
            n++;
        *r->err = (char *)saved;
    }
    return n;
}

static bool is_state_like(Reader *r, const PyObj *o)
{
    return module_state(o) || (is_dict(o) && tensor_values(r, o) > 0);
}

/* The object the state_dict is: SELECT's path, or found by itself. */
static const PyObj *choose(Reader *r, const PyObj *root, const char *select, const char **where)
{
    Arena *a = r->w->arena;
    *where = NULL;
    if (select) {
        const PyObj *o = root;
        const char *p = select;
        while (*p) {
            const char *dot = strchr(p, '.');
            const char *key = arena_strndup(a, p, dot ? (size_t)(dot - p) : strlen(p));
            const PyObj *d = module_state(o) ? module_state(o) : o;
            o = is_dict(d) ? dict_get(d, key) : NULL;
            if (!o) {
                weights_fail(r->w, r->err, "'#%s': the checkpoint has no entry '%s' there", select, key);
                return NULL;
            }
            p = dot ? dot + 1 : p + strlen(p);
        }
        *where = select;
        return o;
    }
    if (module_state(root) || (is_dict(root) && tensor_values(r, root) * 2 > root->n / 2))
        return root;    /* the state_dict itself, or a pickled module */
    static const char *const keys[] = {"state_dict", "model_state_dict", "model"};
    for (size_t k = 0; is_dict(root) && k < 3; k++) {
        const PyObj *v = dict_get(root, keys[k]);
        if (v && is_state_like(r, v)) {
            *where = keys[k];
            return v;
        }
    }
    const PyObj *only = NULL;
    const char *only_key = NULL, *names = "";
    int n = 0;
    for (int i = 0; is_dict(root) && i < root->n; i += 2)
        if (root->items[i]->kind == PY_STR && is_state_like(r, root->items[i + 1])) {
            only = root->items[i + 1];
            only_key = root->items[i]->s;
            names = arena_sprintf(a, "%s%s'%s'", names, n ? ", " : "", only_key);
            n++;
        }
    if (n == 1) {
        *where = only_key;
        return only;
    }
    if (n > 1)
        weights_fail(r->w, r->err, "the checkpoint holds several state_dicts (%s): pick one with --weights FILE#KEY",
                     names);
    else
        fail(r, "the checkpoint holds no tensors (not a state_dict, a checkpoint dict or a pickled module)");
    return NULL;
}

/* ---- placing storages and checking the tensors ---- */

static bool place_entries(Reader *r)
{
    Weights *w = r->w;
    for (int i = 0; i < w->count; i++) {
        WeightEntry *e = &w->entries[i];
        Storage *s = (Storage *)(uintptr_t)e->begin;
        uint64_t es = dtype_size(s->dtype);
        if (!s->placed)
            return weights_fail(w, r->err, "storage '%s' has no data in the file", weights_shown(w, s->key));
        if (s->numel > s->avail / (es ? es : 1))
            return weights_fail(w, r->err, "storage '%s' needs %llu bytes, the file holds %llu",
                                weights_shown(w, s->key), (unsigned long long)(s->numel * es),
                                (unsigned long long)s->avail);
        e->offset += s->offset;
        e->begin = e->end = 0;
    }
    return true;
}

static bool read_state(Reader *r, PyObj *root, const char *select)
{
    if (!check_calls(r, root))
        return false;
    const char *where;
    const PyObj *o = choose(r, root, select, &where);
    if (!o)
        return false;
    Found f = {0};
    if (!walk_value(r, o, "", 0, &f))
        return false;
    if (where && !select)
        weights_note(r->w, "the state_dict is checkpoint['%s'] (pick another entry with --weights FILE#KEY)", where);
    if (f.others)
        weights_note(r->w, "%d entr%s of the state_dict that %s not tensors ignored", f.others,
                     f.others == 1 ? "y" : "ies", f.others == 1 ? "is" : "are");
    return true;
}

/* ---- the zip format ---- */

static bool read_zip(Reader *r, const char *select)
{
    Weights *w = r->w;
    const char *err = NULL;
    if (!zip_entries(w->arena, w->map, w->map_size, &r->zip, &r->n_zip, &err))
        return weights_fail(w, r->err, "%s", err);
    const ZipEntry *pkl = NULL;
    for (int i = 0; i < r->n_zip; i++) {
        const char *n = r->zip[i].name, *slash = strchr(n, '/');
        if (slash && strcmp(slash, "/data.pkl") == 0) {
            if (pkl)
                return fail(r, "the archive holds two data.pkl");
            pkl = &r->zip[i];
            r->prefix = arena_strndup(w->arena, n, (size_t)(slash - n + 1));
        }
    }
    if (!pkl) {
        for (int i = 0; i < r->n_zip; i++)
            if (strstr(r->zip[i].name, "constants.pkl") || strstr(r->zip[i].name, "code/"))
                return fail(r, "a TorchScript archive (torch.jit.save), not a torch.save checkpoint: save the "
                               "model's state_dict with torch.save instead");
        return fail(r, "a zip archive without data.pkl: not a torch.save checkpoint");
    }
    const char *bo = arena_sprintf(w->arena, "%sbyteorder", r->prefix);
    for (int i = 0; i < r->n_zip; i++)
        if (strcmp(r->zip[i].name, bo) == 0 &&
            !(r->zip[i].size == 6 && memcmp(w->map + r->zip[i].offset, "little", 6) == 0))
            return fail(r, "the checkpoint was saved on a big-endian machine");
    size_t used;
    PyObj *root = pickle_read(w->arena, w->map + pkl->offset, (size_t)pkl->size, &used, &err);
    if (!root)
        return weights_fail(w, r->err, "data.pkl: %s", err);
    w->format = "torch.save (zip)";
    return read_state(r, root, select) && place_entries(r);
}

/* ---- the legacy format ---- */

/* 0x1950a86a20f9469cfc6c, the legacy format's magic number */
static const unsigned char legacy_magic[10] = {0x6c, 0xfc, 0x9c, 0x46, 0xf9, 0x20, 0x6a, 0xa8, 0x50, 0x19};

static PyObj *next_pickle(Reader *r, size_t *at, const char *what)
{
    Weights *w = r->w;
    size_t used;
    const char *err = NULL;
    PyObj *o = pickle_read(w->arena, w->map + *at, w->map_size - *at, &used, &err);
    if (!o) {
        weights_fail(w, r->err, "%s: %s", what, err);
        return NULL;
    }
    *at += used;
    return o;
}

static bool read_legacy(Reader *r, const char *select)
{
    Weights *w = r->w;
    r->legacy = true;
    size_t at = 0;
    PyObj *magic = next_pickle(r, &at, "the magic number");
    if (!magic)
        return false;
    if (magic->kind != PY_BIGINT || magic->len != sizeof legacy_magic ||
        memcmp(magic->s, legacy_magic, sizeof legacy_magic) != 0)
        return fail(r, "not a torch.save file (a pickle without torch.save's magic number)");
    PyObj *proto = next_pickle(r, &at, "the protocol version"), *info = proto ? next_pickle(r, &at, "the system info") : NULL;
    if (!info)
        return false;
    if (proto->kind != PY_INT || proto->i != 1001)
        return fail(r, "an unknown version of torch.save's legacy format");
    const PyObj *le = dict_get(info, "little_endian");
    if (le && le->kind == PY_BOOL && !le->i)
        return fail(r, "the checkpoint was saved on a big-endian machine");
    PyObj *root = next_pickle(r, &at, "the saved object");
    if (!root || !read_state(r, root, select))
        return false;
    PyObj *keys = next_pickle(r, &at, "the storage keys");
    if (!keys)
        return false;
    if (keys->kind != PY_LIST)
        return fail(r, "the storage keys are not a list");
    /* then each storage: int64 element count, bytes */
    for (int i = 0; i < keys->n; i++) {
        if (keys->items[i]->kind != PY_STR)
            return fail(r, "a storage key is not a string");
        Storage *s = NULL;
        for (int k = 0; k < r->n_storages && !s; k++)
            if (strcmp(r->storages[k]->key, keys->items[i]->s) == 0)
                s = r->storages[k];
        if (w->map_size - at < 8)
            return fail(r, "the file ends before its storages");
        uint64_t count = 0;
        for (int b = 7; b >= 0; b--)
            count = count << 8 | w->map[at + (size_t)b];
        at += 8;
        if (!s)
            return weights_fail(w, r->err, "storage '%s' is listed but no tensor uses it",
                                weights_shown(w, keys->items[i]->s));
        uint64_t es = dtype_size(s->dtype);
        if (count > (w->map_size - at) / es)
            return weights_fail(w, r->err, "storage '%s' (%llu elements) runs past the end of the file",
                                weights_shown(w, s->key), (unsigned long long)count);
        s->offset = at;
        s->avail = count * es;
        s->placed = true;
        at += (size_t)(count * es);
    }
    w->format = "torch.save (legacy)";
    return place_entries(r);
}

bool weights_read_torch(Weights *w, const char *select, char **err)
{
    Reader r = {.w = w, .err = err};
    if (zip_is_archive(w->map, w->map_size))
        return read_zip(&r, select);
    return read_legacy(&r, select);
}
