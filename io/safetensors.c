/* .safetensors reader: parses the JSON header with jansson and checks every
 * field and the layout of the data buffer (see weights.h for the format
 * and the memory and alignment rules). */
#include "io/weights_internal.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    DType dtype;            /* DT_UNDEFINED: a valid format dtype we cannot hold */
} st_dtypes[] = {
    {"F64", DT_DOUBLE}, {"F32", DT_FLOAT}, {"F16", DT_FLOAT16}, {"BF16", DT_BFLOAT16},
    {"I64", DT_INT64}, {"I32", DT_INT32}, {"I16", DT_INT16}, {"I8", DT_INT8},
    {"U64", DT_UINT64}, {"U32", DT_UINT32}, {"U16", DT_UINT16}, {"U8", DT_UINT8},
    {"BOOL", DT_BOOL}, {"C64", DT_COMPLEX64},
    {"F8_E4M3", DT_UNDEFINED}, {"F8_E5M2", DT_UNDEFINED}, {"F8_E8M0", DT_UNDEFINED},
    {"F6_E2M3", DT_UNDEFINED}, {"F6_E3M2", DT_UNDEFINED}, {"F4", DT_UNDEFINED},
};

/* The header length and the JSON it frames; NULL with *ERR. */
static json_t *parse_json(Weights *w, char **err)
{
    uint64_t n = 0;
    for (int i = 7; i >= 0; i--)
        n = n << 8 | w->map[i];
    if (n > ST_MAX_HEADER) {
        weights_fail(w, err, "header length %llu is too large", (unsigned long long)n);
        return NULL;
    }
    if (n > w->map_size - 8) {
        weights_fail(w, err, "header length %llu exceeds the file size (%zu bytes)",
             (unsigned long long)n, w->map_size);
        return NULL;
    }
    w->data_start = 8 + n;
    w->data_size = w->map_size - w->data_start;
    json_error_t jerr;
    json_t *root = json_loadb((const char *)w->map + 8, (size_t)n, JSON_REJECT_DUPLICATES, &jerr);
    if (!root) {
        weights_fail(w, err, "invalid JSON header at line %d, column %d: %s",
             jerr.line, jerr.column, weights_shown(w, jerr.text));
        return NULL;
    }
    if (!json_is_object(root)) {
        json_decref(root);
        weights_fail(w, err, "the header is not a JSON object");
        return NULL;
    }
    return root;
}

/* ---- header fields ----------------------------------------------------- */

static bool parse_dtype(Weights *w, WeightEntry *e, json_t *v, char **err)
{
    if (!json_is_string(v))
        return weights_fail(w, err, "tensor '%s': 'dtype' must be a string", e->shown);
    const char *s = json_string_value(v);
    for (size_t i = 0; i < sizeof st_dtypes / sizeof st_dtypes[0]; i++) {
        if (strcmp(st_dtypes[i].name, s) != 0)
            continue;
        if (st_dtypes[i].dtype == DT_UNDEFINED)
            return weights_fail(w, err, "tensor '%s': dtype %s is not supported", e->shown, s);
        e->dtype = st_dtypes[i].dtype;
        e->dtype_text = st_dtypes[i].name;
        return true;
    }
    return weights_fail(w, err, "tensor '%s': unknown dtype '%s'", e->shown, weights_shown(w, s));
}

static bool parse_shape(Weights *w, WeightEntry *e, json_t *v, char **err)
{
    if (!json_is_array(v))
        return weights_fail(w, err, "tensor '%s': 'shape' must be an array of integers", e->shown);
    size_t rank = json_array_size(v);
    if (rank > ST_MAX_RANK)
        return weights_fail(w, err, "tensor '%s': more than %d dimensions", e->shown, ST_MAX_RANK);
    e->rank = (int)rank;
    e->dims = arena_alloc(w->arena, sizeof(int64_t) * (rank ? rank : 1));
    for (size_t i = 0; i < rank; i++) {
        json_t *d = json_array_get(v, i);
        if (!json_is_integer(d))
            return weights_fail(w, err, "tensor '%s': 'shape' must be an array of integers", e->shown);
        json_int_t x = json_integer_value(d);
        if (x < 0)
            return weights_fail(w, err, "tensor '%s': shape entry %lld is negative", e->shown, (long long)x);
        e->dims[i] = (int64_t)x;
    }
    return true;
}

static bool parse_offsets(Weights *w, WeightEntry *e, json_t *v, char **err)
{
    json_t *b = json_array_get(v, 0), *f = json_array_get(v, 1);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_integer(b) ||
        !json_is_integer(f) || json_integer_value(b) < 0 ||
        json_integer_value(f) < json_integer_value(b))
        return weights_fail(w, err, "tensor '%s': 'data_offsets' must be [begin, end] with 0 <= begin <= end",
                    e->shown);
    e->begin = (uint64_t)json_integer_value(b);
    e->end = (uint64_t)json_integer_value(f);
    if (e->end > w->data_size)
        return weights_fail(w, err, "tensor '%s': data_offsets [%llu, %llu] lie outside the data buffer (%llu bytes)",
                    e->shown, (unsigned long long)e->begin, (unsigned long long)e->end,
                    (unsigned long long)w->data_size);
    return true;
}

/* "[3, 4]" for messages. */
static const char *shape_text(Arena *a, const WeightEntry *e)
{
    const char *s = "[";
    for (int i = 0; i < e->rank; i++)
        s = arena_sprintf(a, "%s%s%lld", s, i ? ", " : "", (long long)e->dims[i]);
    return arena_sprintf(a, "%s]", s);
}

/* numel * itemsize, with overflow checks, must equal end - begin. */
static bool check_size(Weights *w, const WeightEntry *e, char **err)
{
    uint64_t n = dtype_size(e->dtype);
    for (int i = 0; i < e->rank; i++) {
        uint64_t d = (uint64_t)e->dims[i];
        if (d != 0 && n > UINT64_MAX / d)
            return weights_fail(w, err, "tensor '%s': shape %s is too large", e->shown, shape_text(w->arena, e));
        n *= d;
    }
    if (n != e->end - e->begin)
        return weights_fail(w, err, "tensor '%s': shape %s of %s needs %llu bytes, data_offsets span %llu",
                    e->shown, shape_text(w->arena, e), e->dtype_text, (unsigned long long)n,
                    (unsigned long long)(e->end - e->begin));
    return true;
}

/* entry := {"dtype": str, "shape": [int...], "data_offsets": [int, int]} */
static bool parse_entry(Weights *w, WeightEntry *e, const char *name, json_t *v, char **err)
{
    e->name = arena_strdup(w->arena, name);
    e->shown = weights_shown(w, name);
    if (!json_is_object(v))
        return weights_fail(w, err, "tensor '%s': expected an object with dtype, shape and data_offsets",
                    e->shown);
    static const char *const fields[] = {"dtype", "shape", "data_offsets"};
    const char *key;
    json_t *field;
    json_object_foreach(v, key, field) {
        int k = 0;
        while (k < 3 && strcmp(fields[k], key) != 0)
            k++;
        if (k == 3)
            return weights_fail(w, err, "tensor '%s': unexpected field '%s'", e->shown,
                        weights_shown(w, key));
    }
    for (int k = 0; k < 3; k++)
        if (!json_object_get(v, fields[k]))
            return weights_fail(w, err, "tensor '%s': missing '%s'", e->shown, fields[k]);
    return parse_dtype(w, e, json_object_get(v, "dtype"), err) &&
           parse_shape(w, e, json_object_get(v, "shape"), err) &&
           parse_offsets(w, e, json_object_get(v, "data_offsets"), err) &&
           check_size(w, e, err);
}

static int compare_strings(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* "__metadata__": {str: str, ...}, kept sorted by key. */
static bool parse_metadata(Weights *w, json_t *v, char **err)
{
    if (!json_is_object(v))
        return weights_fail(w, err, "'__metadata__' must be an object of strings");
    size_t n = json_object_size(v);
    const char **keys = arena_alloc(w->arena, sizeof(char *) * (n ? n : 1));
    const char *key;
    json_t *value;
    size_t i = 0;
    json_object_foreach(v, key, value) {
        if (!json_is_string(value))
            return weights_fail(w, err, "'__metadata__' value of '%s' is not a string",
                        weights_shown(w, key));
        keys[i++] = key;
    }
    qsort(keys, n, sizeof *keys, compare_strings);
    w->meta_keys = arena_alloc(w->arena, sizeof(char *) * (n ? n : 1));
    w->meta_values = arena_alloc(w->arena, sizeof(char *) * (n ? n : 1));
    for (i = 0; i < n; i++) {
        w->meta_values[i] = arena_strdup(w->arena, json_string_value(json_object_get(v, keys[i])));
        w->meta_keys[i] = arena_strdup(w->arena, keys[i]);
    }
    w->n_meta = (int)n;
    return true;
}

static bool read_entries(Weights *w, json_t *root, char **err)
{
    size_t n = json_object_size(root);
    if (n > INT32_MAX)
        return weights_fail(w, err, "too many tensors");
    const char *key;
    json_t *value;
    json_object_foreach(root, key, value) {
        if (strcmp(key, "__metadata__") == 0) {
            if (!parse_metadata(w, value, err))
                return false;
        } else if (!parse_entry(w, weights_add(w), key, value, err)) {
            return false;
        }
    }
    return true;
}

/* ---- layout ------------------------------------------------------------ */

static int compare_entries(const void *x, const void *y)
{
    const WeightEntry *a = x, *b = y;
    if (a->begin != b->begin)
        return a->begin < b->begin ? -1 : 1;
    if (a->end != b->end)
        return a->end < b->end ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Sorted by offset, the ranges must tile the buffer exactly. */
static bool check_layout(Weights *w, char **err)
{
    if (w->count > 1)     /* qsort of NULL is undefined even for 0 items */
        qsort(w->entries, (size_t)w->count, sizeof(WeightEntry), compare_entries);
    uint64_t at = 0;
    for (int i = 0; i < w->count; i++) {
        const WeightEntry *e = &w->entries[i];
        if (e->begin > at)
            return weights_fail(w, err, "bytes %llu to %llu of the data buffer belong to no tensor (before '%s')",
                        (unsigned long long)at, (unsigned long long)e->begin, e->shown);
        if (e->begin < at)
            return weights_fail(w, err, "tensors '%s' and '%s' overlap in the data buffer",
                        w->entries[i - 1].shown, e->shown);
        at = e->end;
    }
    if (at != w->data_size)
        return weights_fail(w, err, "bytes %llu to %llu of the data buffer belong to no tensor (after the last one)",
                    (unsigned long long)at, (unsigned long long)w->data_size);
    return true;
}

static bool check_bools(Weights *w, char **err)
{
    for (int i = 0; i < w->count; i++) {
        const WeightEntry *e = &w->entries[i];
        if (e->dtype != DT_BOOL)
            continue;
        const unsigned char *b = w->map + w->data_start + e->begin;
        for (uint64_t j = 0; j < e->end - e->begin; j++)
            if (b[j] > 1)
                return weights_fail(w, err, "tensor '%s': BOOL element %llu is %u, not 0 or 1",
                            e->shown, (unsigned long long)j, b[j]);
    }
    return true;
}

bool weights_read_safetensors(Weights *w, char **err)
{
    w->format = "safetensors";
    json_t *root = parse_json(w, err);
    if (!root)
        return false;
    bool ok = read_entries(w, root, err);
    json_decref(root);
    if (!ok || !check_layout(w, err) || !check_bools(w, err))
        return false;
    for (int i = 0; i < w->count; i++) {
        WeightEntry *e = &w->entries[i];
        e->offset = w->data_start + e->begin;
        e->nbytes = e->end - e->begin;
    }
    return true;
}
