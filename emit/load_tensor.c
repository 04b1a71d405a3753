/* Reading ONNX tensors: TensorProto to IrTensor (raw_data used in place,
 * the typed *_data fields converted, external data read from its file),
 * and the data files of ONNX's tests (one TensorProto, SequenceProto or
 * OptionalProto per file).  Every count and length in the file is checked
 * against the tensor's shape before anything is copied. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/load_internal.h"

static void *load_pb_alloc(void *data, size_t size)
{
    return arena_alloc_raw(data, size);
}

static void load_pb_free(void *data, void *p)
{
    (void)data;
    (void)p;    /* the arena releases everything at once */
}

void emit_loader_init(Loader *L, Arena *a, const char *path)
{
    memset(L, 0, sizeof *L);
    L->arena = a;
    L->path = path;
    const char *slash = strrchr(path, '/');
    L->dir = slash ? arena_strndup(a, path, (size_t)(slash - path + 1)) : "";
    L->alloc = (ProtobufCAllocator){load_pb_alloc, load_pb_free, a};
}

bool emit_loader_error(Loader *L, const char *fmt, ...)
{
    L->n_errors++;
    if (L->errors.len >= LOAD_MAX_ERRORS)
        return false;
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vsprintf(L->arena, fmt, ap);
    va_end(ap);
    ptrvec_push(L->arena, &L->errors, arena_sprintf(L->arena, "%s: %s", L->path, msg));
    return false;
}

bool emit_loader_unsupported(Loader *L, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *msg = arena_vsprintf(L->arena, fmt, ap);
    va_end(ap);
    L->unsupported = true;
    return emit_loader_error(L, "%s", msg);
}

char *emit_loader_errors(Loader *L)
{
    char *out = arena_strdup(L->arena, "");
    for (int i = 0; i < L->errors.len; i++)
        out = arena_sprintf(L->arena, "%s%s%s", out, i ? "\n" : "", (char *)L->errors.items[i]);
    if (L->n_errors > L->errors.len)
        out = arena_sprintf(L->arena, "%s\n%s: %d more errors", out, L->path,
                            L->n_errors - L->errors.len);
    return out;
}

/* PATH opened for reading if it is a regular file (a FIFO or a device
 * would block or never end): opened with O_NONBLOCK, so that opening a FIFO
 * returns at once, then checked with fstat.  With NOFOLLOW a symbolic link
 * is refused too (O_NOFOLLOW: ELOOP).  NULL with *ERR an errno value, or 0
 * for "not a regular file". */
static FILE *open_regular(const char *path, bool nofollow, struct stat *st, int *err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (nofollow ? O_NOFOLLOW : 0));
    *err = fd < 0 ? errno : 0;
    if (fd < 0)
        return NULL;
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        *err = errno;
        close(fd);
    }
    return f;
}

uint8_t *emit_loader_read_file(Loader *L, size_t *len)
{
    struct stat st;
    int oerr;
    FILE *f = open_regular(L->path, false, &st, &oerr);
    if (!f) {
        emit_loader_error(L, "cannot read: %s", oerr ? strerror(oerr) : "not a regular file");
        return NULL;
    }
    if (st.st_size > LOAD_MAX_FILE_BYTES) {
        fclose(f);
        emit_loader_error(L, "file is larger than protobuf's 2 GiB limit");
        return NULL;
    }
    *len = (size_t)st.st_size;
    uint8_t *buf = malloc(*len ? *len : 1);
    if (!buf || fread(buf, 1, *len, f) != *len) {
        int err = errno;
        free(buf);
        fclose(f);
        emit_loader_error(L, "cannot read: %s", buf ? strerror(err ? err : EIO) : "out of memory");
        return NULL;
    }
    fclose(f);
    return buf;
}

/* ---- external data ------------------------------------------------------ */

/* A relative path that stays inside the model's directory. */
static bool safe_location(const char *loc)
{
    if (!*loc || loc[0] == '/')
        return false;
    for (const char *p = loc; *p;) {
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return false;
        p += n + (e ? 1 : 0);
    }
    return true;
}

/* No directory on the way from the model's directory to LOC is a
 * symbolic link (the file itself is opened with O_NOFOLLOW). */
static bool location_without_links(Loader *L, const char *loc)
{
    for (const char *e = strchr(loc, '/'); e; e = strchr(e + 1, '/')) {
        struct stat st;
        const char *dir = arena_sprintf(L->arena, "%s%.*s", L->dir, (int)(e - loc), loc);
        if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode))
            return false;
    }
    return true;
}

static bool parse_u64(const char *s, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (!*s || *s == '-' || *end || errno)
        return false;
    *v = x;
    return true;
}

/* The external_data entries: location, offset, length (checksum ignored). */
static bool external_fields(Loader *L, const Onnx__TensorProto *tp, const char *what,
                            const char **loc, uint64_t *offset, uint64_t *length, bool *has_len)
{
    *loc = NULL;
    *offset = 0;
    *has_len = false;
    for (size_t i = 0; i < tp->n_external_data; i++) {
        const char *k = tp->external_data[i]->key ? tp->external_data[i]->key : "";
        const char *v = tp->external_data[i]->value ? tp->external_data[i]->value : "";
        if (strcmp(k, "location") == 0)
            *loc = v;
        else if (strcmp(k, "offset") == 0 && !parse_u64(v, offset))
            return emit_loader_error(L, "%s: external data offset '%s' is not a number", what, v);
        else if (strcmp(k, "length") == 0) {
            if (!parse_u64(v, length))
                return emit_loader_error(L, "%s: external data length '%s' is not a number", what, v);
            *has_len = true;
        }
    }
    if (!*loc)
        return emit_loader_error(L, "%s: external data without a location", what);
    if (!safe_location(*loc))
        return emit_loader_error(L, "%s: external data location '%s' must be a relative path "
                          "inside the model's directory", what, *loc);
    return true;
}

static bool load_external(Loader *L, const Onnx__TensorProto *tp, const char *what, IrTensor *t)
{
    const char *loc;
    uint64_t offset, length;
    bool has_len;
    if (!external_fields(L, tp, what, &loc, &offset, &length, &has_len))
        return false;
    if (has_len && length != t->nbytes)
        return emit_loader_error(L, "%s: external data length %llu does not match the %zu bytes "
                          "of its shape", what, (unsigned long long)length, t->nbytes);
    const char *file = arena_sprintf(L->arena, "%s%s", L->dir, loc);
    if (!location_without_links(L, loc))
        return emit_loader_error(L, "%s: external data location '%s' goes through a symbolic link "
                                 "(external data must be a regular file inside the model's directory)", what, loc);
    struct stat st;
    int oerr;
    FILE *f = open_regular(file, true, &st, &oerr);
    if (!f && oerr == ELOOP)
        return emit_loader_error(L, "%s: external data file '%s' is a symbolic link (external data must be "
                                 "a regular file inside the model's directory)", what, file);
    if (!f)
        return emit_loader_error(L, "%s: cannot read external data file '%s': %s", what, file,
                                 oerr ? strerror(oerr) : "not a regular file");
    bool ok = offset <= (uint64_t)st.st_size && t->nbytes <= (uint64_t)st.st_size - offset;
    if (!ok) {
        fclose(f);
        return emit_loader_error(L, "%s: external data file '%s' is shorter than offset + length",
                          what, file);
    }
    ok = fseeko(f, (off_t)offset, SEEK_SET) == 0 && fread(t->data, 1, t->nbytes, f) == t->nbytes;
    fclose(f);
    if (!ok)
        return emit_loader_error(L, "%s: cannot read external data file '%s'", what, file);
    return true;
}

/* ---- typed data fields -------------------------------------------------- */

/* Elements narrower than 32 bits (and float16/bfloat16 bits) in int32_data. */
static void narrow_from_int32(IrTensor *t, const int32_t *src, int64_t n)
{
    size_t es = dtype_size(t->dtype);
    for (int64_t i = 0; i < n; i++) {
        uint32_t v = (uint32_t)src[i];
        if (t->dtype == DT_BOOL)
            v = v != 0;
        if (es == 1) {
            ((uint8_t *)t->data)[i] = (uint8_t)v;
        } else if (es == 2) {
            ((uint16_t *)t->data)[i] = (uint16_t)v;
        } else {
            memcpy((char *)t->data + i * 4, &v, 4);
        }
    }
}

/* Copies the typed field that holds T's elements; false when its count is
 * not the tensor's. */
static bool typed_fields(Loader *L, const Onnx__TensorProto *tp, const char *what, IrTensor *t)
{
    int64_t n = ir_tensor_numel(t);
    const void *src = NULL;
    size_t count = 0, per = 1;
    switch (t->dtype) {
    case DT_FLOAT: src = tp->float_data; count = tp->n_float_data; break;
    case DT_COMPLEX64: src = tp->float_data; count = tp->n_float_data; per = 2; break;
    case DT_DOUBLE: src = tp->double_data; count = tp->n_double_data; break;
    case DT_COMPLEX128: src = tp->double_data; count = tp->n_double_data; per = 2; break;
    case DT_INT64: src = tp->int64_data; count = tp->n_int64_data; break;
    case DT_UINT32: case DT_UINT64: src = tp->uint64_data; count = tp->n_uint64_data; break;
    default: src = tp->int32_data; count = tp->n_int32_data; break;
    }
    if (count != (size_t)n * per)
        return emit_loader_error(L, "%s: holds %zu values, its shape needs %lld", what, count,
                          (long long)n * (long long)per);
    if (t->dtype == DT_UINT32) {
        for (int64_t i = 0; i < n; i++)
            ((uint32_t *)t->data)[i] = (uint32_t)tp->uint64_data[i];
    } else if (src == tp->int32_data && t->dtype != DT_INT32) {
        narrow_from_int32(t, tp->int32_data, n);
    } else if (n > 0) {
        memcpy(t->data, src, t->nbytes);
    }
    return true;
}

static bool string_fields(Loader *L, const Onnx__TensorProto *tp, const char *what, IrTensor *t)
{
    int64_t n = ir_tensor_numel(t);
    if (tp->n_string_data != (size_t)n)
        return emit_loader_error(L, "%s: holds %zu strings, its shape needs %lld", what,
                          tp->n_string_data, (long long)n);
    for (int64_t i = 0; i < n; i++)
        t->strings[i] = arena_strndup(L->arena, (const char *)tp->string_data[i].data,
                                      tp->string_data[i].len);
    return true;
}

bool emit_loader_onnx_dtype(int32_t dt)
{
    return dt >= 1 && dt <= 23;
}

static const char *data_type_name(int32_t dt)
{
    static const char *const extra[] = {
        "float8e4m3fn", "float8e4m3fnuz", "float8e5m2", "float8e5m2fnuz", "uint4", "int4",
        "float4e2m1",
    };
    if (dt > 0 && dt < DT_COUNT)
        return dtype_name((DType)dt);
    if (dt >= 17 && dt <= 23)
        return extra[dt - 17];
    return "unknown";
}

/* The shape of TP as a new IrTensor (data not filled); NULL after reporting. */
static IrTensor *tensor_header(Loader *L, const Onnx__TensorProto *tp, const char *what)
{
    int32_t dt = tp->has_data_type ? tp->data_type : 0;
    if (dt <= 0 || dt >= DT_COUNT) {
        (emit_loader_onnx_dtype(dt) ? emit_loader_unsupported : emit_loader_error)(
            L, "%s: element type %d (%s) is not supported", what, dt, data_type_name(dt));
        return NULL;
    }
    if (tp->segment) {
        emit_loader_unsupported(L, "%s: segmented tensors are not supported", what);
        return NULL;
    }
    if (tp->n_dims > 64) {
        emit_loader_error(L, "%s: rank %zu is larger than 64", what, tp->n_dims);
        return NULL;
    }
    int64_t numel = 1;
    const int64_t limit = INT64_C(1) << 40;
    for (size_t i = 0; i < tp->n_dims; i++) {
        if (tp->dims[i] < 0 || (tp->dims[i] > 0 && numel > limit / tp->dims[i])) {
            emit_loader_error(L, "%s: invalid dimension %lld", what, (long long)tp->dims[i]);
            return NULL;
        }
        numel *= tp->dims[i];
    }
    /* the data is attached by the caller */
    IrTensor *t = arena_alloc(L->arena, sizeof *t);
    t->dtype = (DType)dt;
    t->rank = (int)tp->n_dims;
    t->dims = arena_alloc(L->arena, sizeof(int64_t) * (tp->n_dims ? tp->n_dims : 1));
    if (tp->n_dims)
        memcpy(t->dims, tp->dims, sizeof(int64_t) * tp->n_dims);
    if (t->dtype == DT_STRING) {
        t->strings = arena_alloc(L->arena, sizeof(char *) * (size_t)(numel ? numel : 1));
    } else {
        t->nbytes = (size_t)numel * dtype_size(t->dtype);
    }
    return t;
}

/* raw_data: protobuf-c put the bytes in an arena block of their own, so
 * they are used in place when aligned for the element type. */
static bool raw_field(Loader *L, const Onnx__TensorProto *tp, const char *what, IrTensor *t)
{
    if (tp->raw_data.len != t->nbytes)
        return emit_loader_error(L, "%s: raw_data has %zu bytes, its shape needs %zu", what,
                          tp->raw_data.len, t->nbytes);
    if (t->nbytes && ((uintptr_t)tp->raw_data.data & 15u) == 0) {
        t->data = tp->raw_data.data;
    } else {
        t->data = arena_alloc_raw(L->arena, t->nbytes);
        if (t->nbytes)
            memcpy(t->data, tp->raw_data.data, t->nbytes);
    }
    return true;
}

IrTensor *emit_loader_tensor(Loader *L, const Onnx__TensorProto *tp, const char *what)
{
    IrTensor *t = tensor_header(L, tp, what);
    if (!t)
        return NULL;
    bool ok;
    if (t->dtype == DT_STRING) {
        ok = string_fields(L, tp, what, t);
    } else if (tp->has_data_location &&
               tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL) {
        t->data = arena_alloc_raw(L->arena, t->nbytes);
        ok = load_external(L, tp, what, t);
    } else if (tp->has_raw_data) {
        ok = raw_field(L, tp, what, t);
    } else {
        t->data = arena_alloc_raw(L->arena, t->nbytes);
        ok = typed_fields(L, tp, what, t);
    }
    if (ok && t->dtype == DT_BOOL) {
        for (size_t i = 0; i < t->nbytes; i++)
            ((uint8_t *)t->data)[i] = ((uint8_t *)t->data)[i] != 0;
    }
    return ok ? t : NULL;
}

/* ---- data files ---------------------------------------------------------- */

IrTensor *emit_load_tensor(Arena *a, const char *path, char **err)
{
    LoadedValue v;
    if (!emit_load_value(a, path, IR_TYPE_TENSOR, &v, err, NULL))
        return NULL;
    return v.tensor;
}

enum { PB_ELEM_TENSOR = 1, PB_ELEM_SEQUENCE = 3, PB_ELEM_OPTIONAL = 5 };

static bool loaded_optional(Loader *L, const Onnx__OptionalProto *op, LoadedValue *out);

static bool loaded_sequence(Loader *L, const Onnx__SequenceProto *sp, LoadedValue *out)
{
    *out = (LoadedValue){.kind = IR_TYPE_SEQUENCE};
    int elem = sp->has_elem_type ? sp->elem_type : 0;
    if (elem != 0 && elem != PB_ELEM_TENSOR)
        return emit_loader_unsupported(L, "sequences of %s are not supported",
                          elem == PB_ELEM_SEQUENCE ? "sequences" : "maps or optionals");
    out->n_items = (int)sp->n_tensor_values;
    out->items = arena_alloc(L->arena, sizeof(LoadedValue) * (sp->n_tensor_values + 1));
    for (size_t i = 0; i < sp->n_tensor_values; i++) {
        const char *what = arena_sprintf(L->arena, "sequence element %zu", i);
        IrTensor *t = emit_loader_tensor(L, sp->tensor_values[i], what);
        if (!t)
            return false;
        out->items[i] = (LoadedValue){.kind = IR_TYPE_TENSOR, .tensor = t};
        out->elem_dtype = t->dtype;
    }
    return true;
}

static bool loaded_optional(Loader *L, const Onnx__OptionalProto *op, LoadedValue *out)
{
    *out = (LoadedValue){.kind = IR_TYPE_OPTIONAL};
    int elem = op->has_elem_type ? op->elem_type : 0;
    LoadedValue *inner = arena_alloc(L->arena, sizeof *inner);
    if (elem == PB_ELEM_TENSOR && op->tensor_value) {
        inner->kind = IR_TYPE_TENSOR;
        inner->tensor = emit_loader_tensor(L, op->tensor_value, "optional value");
        if (!inner->tensor)
            return false;
        out->elem = inner;
    } else if (elem == PB_ELEM_SEQUENCE && op->sequence_value) {
        if (!loaded_sequence(L, op->sequence_value, inner))
            return false;
        out->elem = inner;
    } else if (elem != 0 && elem != PB_ELEM_TENSOR && elem != PB_ELEM_SEQUENCE) {
        return emit_loader_unsupported(L, "optionals of maps or optionals are not supported");
    }
    return true;
}

bool emit_load_value(Arena *a, const char *path, IrTypeKind kind, LoadedValue *out, char **err,
                     LoadFault *fault)
{
    Loader L;
    emit_loader_init(&L, a, path);
    size_t len;
    uint8_t *buf = emit_loader_read_file(&L, &len);
    bool ok = false;
    const ProtobufCMessageDescriptor *d = kind == IR_TYPE_TENSOR     ? &onnx__tensor_proto__descriptor
                                          : kind == IR_TYPE_SEQUENCE ? &onnx__sequence_proto__descriptor
                                                                     : &onnx__optional_proto__descriptor;
    if (buf && !emit_loader_nesting_ok(&L, d, buf, len)) {
        free(buf);
        buf = NULL;
    }
    if (buf && kind == IR_TYPE_TENSOR) {
        Onnx__TensorProto *tp = onnx__tensor_proto__unpack(&L.alloc, len, buf);
        *out = (LoadedValue){.kind = IR_TYPE_TENSOR};
        if (!tp)
            emit_loader_error(&L, "not a TensorProto (the protobuf message does not parse)");
        else
            out->tensor = emit_loader_tensor(&L, tp, "tensor");
        ok = out->tensor != NULL;
    } else if (buf && kind == IR_TYPE_SEQUENCE) {
        Onnx__SequenceProto *sp = onnx__sequence_proto__unpack(&L.alloc, len, buf);
        ok = sp ? loaded_sequence(&L, sp, out)
                : emit_loader_error(&L, "not a SequenceProto (the protobuf message does not parse)");
    } else if (buf) {
        Onnx__OptionalProto *op = onnx__optional_proto__unpack(&L.alloc, len, buf);
        ok = op ? loaded_optional(&L, op, out)
                : emit_loader_error(&L, "not an OptionalProto (the protobuf message does not parse)");
    }
    free(buf);
    if (!ok || L.n_errors) {
        *err = emit_loader_errors(&L);
        if (fault)
            *fault = L.unsupported ? LOAD_FAULT_UNSUPPORTED : LOAD_FAULT_FILE;
        return false;
    }
    return true;
}
