/* .npy reader and writer.
 *
 * Layout (numpy's format spec): the magic "\x93NUMPY", a major and a minor
 * version byte, the header length (2 bytes little-endian in 1.0, 4 bytes in
 * 2.0 and 3.0), then the header: a Python dict literal
 *     {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
 * padded with spaces and a newline, then the raw elements in C order.
 * The header is read with a small scanner for exactly that literal subset. */
#include "io/npy.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NPY_MAGIC "\x93NUMPY"
#define NPY_MAGIC_LEN 6
#define NPY_ALIGN 64
/* numpy leaves room for the first dimension to grow to this many digits. */
#define NPY_GROWTH_DIGITS 21

/* Element types and their descr strings (without the byte-order mark). */
static const struct {
    const char *code;
    DType dtype;
} npy_types[] = {
    {"f2", DT_FLOAT16}, {"f4", DT_FLOAT}, {"f8", DT_DOUBLE},
    {"i1", DT_INT8}, {"i2", DT_INT16}, {"i4", DT_INT32}, {"i8", DT_INT64},
    {"u1", DT_UINT8}, {"u2", DT_UINT16}, {"u4", DT_UINT32}, {"u8", DT_UINT64},
    {"b1", DT_BOOL}, {"c8", DT_COMPLEX64}, {"c16", DT_COMPLEX128},
};

static const char *show_path(Arena *a, const char *path)
{
    return arena_printable(a, path, strlen(path), 60);
}

/* ---- header scanner ---------------------------------------------------- */

typedef struct Scan {
    Arena *arena;
    const char *name;       /* file name for messages */
    const char *p, *end;
    char **err;
} Scan;

typedef struct NpyHeader {
    DType dtype;
    int rank;
    int64_t dims[NPY_MAX_RANK];
} NpyHeader;

static bool header_error(Scan *s, const char *detail)
{
    *s->err = arena_sprintf(s->arena, "%s: malformed header: %s", s->name, detail);
    return false;
}

static void skip_ws(Scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
        s->p++;
}

static bool accept(Scan *s, char c)
{
    skip_ws(s);
    if (s->p < s->end && *s->p == c) {
        s->p++;
        return true;
    }
    return false;
}

static bool accept_word(Scan *s, const char *word)
{
    size_t n = strlen(word);
    skip_ws(s);
    if ((size_t)(s->end - s->p) >= n && memcmp(s->p, word, n) == 0) {
        s->p += n;
        return true;
    }
    return false;
}

/* string := '...' | "..."  (no escapes: numpy never writes them here) */
static bool scan_string(Scan *s, const char **text, size_t *len)
{
    skip_ws(s);
    if (s->p >= s->end || (*s->p != '\'' && *s->p != '"'))
        return false;
    char quote = *s->p++;
    const char *start = s->p;
    while (s->p < s->end && *s->p != quote) {
        if (*s->p == '\\' || *s->p == '\n')
            return false;
        s->p++;
    }
    if (s->p >= s->end)
        return false;
    *text = start;
    *len = (size_t)(s->p - start);
    s->p++;
    return true;
}

/* descr := '<f4' | '|b1' ...: byte order, then a code from npy_types. */
static bool parse_descr(Scan *s, NpyHeader *h)
{
    const char *d;
    size_t n;
    skip_ws(s);
    if (s->p < s->end && *s->p == '[') {
        *s->err = arena_sprintf(s->arena, "%s: structured arrays are not supported", s->name);
        return false;
    }
    if (!scan_string(s, &d, &n))
        return header_error(s, "'descr' must be a string");
    for (size_t i = 0; n >= 2 && i < sizeof npy_types / sizeof npy_types[0]; i++) {
        if (strlen(npy_types[i].code) != n - 1 || memcmp(npy_types[i].code, d + 1, n - 1) != 0)
            continue;
        bool one_byte = dtype_size(npy_types[i].dtype) == 1;
        if (d[0] == '<' || (one_byte && (d[0] == '|' || d[0] == '>' || d[0] == '='))) {
            h->dtype = npy_types[i].dtype;
            return true;
        }
        if (d[0] == '>') {
            *s->err = arena_sprintf(s->arena, "%s: big-endian arrays are not supported", s->name);
            return false;
        }
    }
    *s->err = arena_sprintf(s->arena, "%s: unsupported dtype '%s'", s->name,
                            arena_printable(s->arena, d, n, 60));
    return false;
}

static bool parse_fortran_order(Scan *s)
{
    if (accept_word(s, "False"))
        return true;
    if (accept_word(s, "True")) {
        *s->err = arena_sprintf(s->arena, "%s: Fortran-ordered arrays are not supported", s->name);
        return false;
    }
    return header_error(s, "'fortran_order' must be True or False");
}

/* One dimension: decimal digits (an 'L' suffix from Python 2 is allowed). */
static bool parse_dim(Scan *s, int64_t *out)
{
    skip_ws(s);
    if (s->p < s->end && *s->p == '-') {
        *s->err = arena_sprintf(s->arena, "%s: shape entries must be non-negative", s->name);
        return false;
    }
    if (s->p >= s->end || *s->p < '0' || *s->p > '9')
        return header_error(s, "'shape' must be a tuple of integers");
    int64_t v = 0;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
        int digit = *s->p++ - '0';
        if (v > (INT64_MAX - digit) / 10) {
            *s->err = arena_sprintf(s->arena, "%s: shape entry is too large", s->name);
            return false;
        }
        v = v * 10 + digit;
    }
    if (s->p < s->end && *s->p == 'L')
        s->p++;
    *out = v;
    return true;
}

/* shape := '(' [dim (',' dim)* [',']] ')' */
static bool parse_shape(Scan *s, NpyHeader *h)
{
    if (!accept(s, '('))
        return header_error(s, "'shape' must be a tuple of integers");
    h->rank = 0;
    while (!accept(s, ')')) {
        if (h->rank == NPY_MAX_RANK) {
            *s->err = arena_sprintf(s->arena, "%s: more than %d dimensions", s->name, NPY_MAX_RANK);
            return false;
        }
        if (!parse_dim(s, &h->dims[h->rank]))
            return false;
        h->rank++;
        if (!accept(s, ',')) {
            if (!accept(s, ')'))
                return header_error(s, "expected ',' or ')' in 'shape'");
            break;
        }
    }
    return true;
}

static const char *const header_keys[] = {"descr", "fortran_order", "shape"};

static bool parse_entry(Scan *s, NpyHeader *h, bool seen[3])
{
    const char *key;
    size_t n;
    if (!scan_string(s, &key, &n))
        return header_error(s, "expected a quoted key");
    int k = 0;
    while (k < 3 && (strlen(header_keys[k]) != n || memcmp(header_keys[k], key, n) != 0))
        k++;
    if (k == 3)
        return header_error(s, arena_sprintf(s->arena, "unexpected key '%s'",
                                             arena_printable(s->arena, key, n, 60)));
    if (seen[k])
        return header_error(s, arena_sprintf(s->arena, "duplicate key '%s'", header_keys[k]));
    seen[k] = true;
    if (!accept(s, ':'))
        return header_error(s, arena_sprintf(s->arena, "expected ':' after '%s'", header_keys[k]));
    if (k == 0)
        return parse_descr(s, h);
    if (k == 1)
        return parse_fortran_order(s);
    return parse_shape(s, h);
}

/* header := '{' [entry (',' entry)* [',']] '}' whitespace */
static bool parse_header(Scan *s, NpyHeader *h)
{
    bool seen[3] = {false, false, false};
    if (!accept(s, '{'))
        return header_error(s, "expected '{'");
    while (!accept(s, '}')) {
        if (!parse_entry(s, h, seen))
            return false;
        if (!accept(s, ',')) {
            if (!accept(s, '}'))
                return header_error(s, "expected ',' or '}' after a value");
            break;
        }
    }
    skip_ws(s);
    if (s->p != s->end)
        return header_error(s, "unexpected text after '}'");
    for (int k = 0; k < 3; k++)
        if (!seen[k])
            return header_error(s, arena_sprintf(s->arena, "missing key '%s'", header_keys[k]));
    return true;
}

/* ---- reading ----------------------------------------------------------- */

/* The fixed prefix: magic, version, header length.  Returns the prefix size
 * (10 or 12), or 0 with *ERR set.  AVAIL bytes of P are present. */
static size_t parse_prefix(Arena *a, const char *name, const unsigned char *p,
                           size_t avail, uint32_t *header_len, char **err)
{
    if (avail < NPY_MAGIC_LEN + 2 || memcmp(p, NPY_MAGIC, NPY_MAGIC_LEN) != 0) {
        *err = arena_sprintf(a, "%s: not a .npy file (no \\x93NUMPY magic)", name);
        return 0;
    }
    int major = p[6], minor = p[7];
    if (major < 1 || major > 3 || minor != 0) {
        *err = arena_sprintf(a, "%s: unsupported .npy format version %d.%d", name, major, minor);
        return 0;
    }
    size_t prefix = major == 1 ? 10 : 12;
    if (avail < prefix) {
        *err = arena_sprintf(a, "%s: truncated header", name);
        return 0;
    }
    *header_len = major == 1 ? (uint32_t)p[8] | (uint32_t)p[9] << 8
                             : (uint32_t)p[8] | (uint32_t)p[9] << 8 |
                               (uint32_t)p[10] << 16 | (uint32_t)p[11] << 24;
    if (*header_len > NPY_MAX_HEADER) {
        *err = arena_sprintf(a, "%s: header length %u is too large", name, *header_len);
        return 0;
    }
    return prefix;
}

/* Bytes of the array data; false with *ERR when numel * itemsize overflows. */
static bool data_size(Arena *a, const char *name, const NpyHeader *h, size_t *out, char **err)
{
    uint64_t n = dtype_size(h->dtype);
    for (int i = 0; i < h->rank; i++) {
        uint64_t d = (uint64_t)h->dims[i];
        if (d != 0 && n > UINT64_MAX / d) {
            *err = arena_sprintf(a, "%s: array size overflows", name);
            return false;
        }
        n *= d;
    }
    if (n > SIZE_MAX) {
        *err = arena_sprintf(a, "%s: array size overflows", name);
        return false;
    }
    *out = (size_t)n;
    return true;
}

static bool check_size(Arena *a, const char *name, size_t need, uint64_t have, char **err)
{
    if (have < need) {
        *err = arena_sprintf(a, "%s: truncated: the data needs %zu bytes, the file has %llu after the header",
                             name, need, (unsigned long long)have);
        return false;
    }
    if (have > need) {
        *err = arena_sprintf(a, "%s: %llu unexpected bytes after the array data",
                             name, (unsigned long long)(have - need));
        return false;
    }
    return true;
}

static IrTensor *new_tensor(Arena *a, const NpyHeader *h, size_t nbytes)
{
    IrTensor *t = arena_alloc(a, sizeof *t);
    t->dtype = h->dtype;
    t->rank = h->rank;
    t->dims = arena_alloc(a, sizeof(int64_t) * (size_t)(h->rank > 0 ? h->rank : 1));
    if (h->rank > 0)
        memcpy(t->dims, h->dims, sizeof(int64_t) * (size_t)h->rank);
    t->nbytes = nbytes;
    t->data = arena_alloc_raw(a, nbytes);
    return t;
}

static bool check_bools(Arena *a, const char *name, const IrTensor *t, char **err)
{
    if (t->dtype != DT_BOOL)
        return true;
    const unsigned char *b = t->data;
    for (size_t i = 0; i < t->nbytes; i++) {
        if (b[i] > 1) {
            *err = arena_sprintf(a, "%s: bool element %zu is %u, not 0 or 1", name, i, b[i]);
            return false;
        }
    }
    return true;
}

/* Parses the prefix and header held in BUF; *DATA_OFFSET is where the
 * elements start. */
static bool read_header(Arena *a, const char *name, const unsigned char *buf, size_t len,
                        NpyHeader *h, size_t *data_offset, char **err)
{
    uint32_t header_len;
    size_t prefix = parse_prefix(a, name, buf, len, &header_len, err);
    if (!prefix)
        return false;
    if (len - prefix < header_len) {
        *err = arena_sprintf(a, "%s: truncated header", name);
        return false;
    }
    Scan s = {a, name, (const char *)buf + prefix, (const char *)buf + prefix + header_len, err};
    if (!parse_header(&s, h))
        return false;
    *data_offset = prefix + header_len;
    return true;
}

IrTensor *npy_parse(Arena *a, const char *name, const void *buf, size_t len, char **err)
{
    const char *shown = show_path(a, name);
    NpyHeader h;
    size_t offset, nbytes;
    if (!read_header(a, shown, buf, len, &h, &offset, err) ||
        !data_size(a, shown, &h, &nbytes, err) ||
        !check_size(a, shown, nbytes, len - offset, err))
        return NULL;
    IrTensor *t = new_tensor(a, &h, nbytes);
    if (nbytes)
        memcpy(t->data, (const unsigned char *)buf + offset, nbytes);
    return check_bools(a, shown, t, err) ? t : NULL;
}

/* Reads up to N bytes; returns the count read (short only at end of file)
 * or -1 with errno set. */
static ssize_t read_full(int fd, void *buf, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t r = read(fd, (char *)buf + done, n - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        done += (size_t)r;
    }
    return (ssize_t)done;
}

static int open_regular(Arena *a, const char *path, const char *shown, uint64_t *size, char **err)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        *err = arena_sprintf(a, "cannot read '%s': %s", shown, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!S_ISREG(st.st_mode)) {
        *err = arena_sprintf(a, "cannot read '%s': %s", shown,
                             S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
        close(fd);
        return -1;
    }
    *size = (uint64_t)st.st_size;
    return fd;
}

/* Reads the prefix and header, then the data straight into the tensor. */
static IrTensor *load_fd(Arena *a, int fd, const char *shown, uint64_t size, char **err)
{
    unsigned char prefix[12];
    ssize_t got = read_full(fd, prefix, sizeof prefix);
    if (got < 0)
        goto io_error;
    uint32_t header_len;
    size_t plen = parse_prefix(a, shown, prefix, (size_t)got, &header_len, err);
    if (!plen)
        return NULL;
    if (size < plen + header_len) {
        *err = arena_sprintf(a, "%s: truncated header", shown);
        return NULL;
    }
    unsigned char *head = arena_alloc_raw(a, plen + header_len);
    memcpy(head, prefix, plen);
    if (lseek(fd, (off_t)plen, SEEK_SET) < 0 ||
        read_full(fd, head + plen, header_len) != (ssize_t)header_len)
        goto io_error;
    NpyHeader h;
    size_t offset, nbytes;
    if (!read_header(a, shown, head, plen + header_len, &h, &offset, err) ||
        !data_size(a, shown, &h, &nbytes, err) ||
        !check_size(a, shown, nbytes, size - offset, err))
        return NULL;
    IrTensor *t = new_tensor(a, &h, nbytes);
    got = read_full(fd, t->data, nbytes);
    if (got < 0)
        goto io_error;
    if ((size_t)got != nbytes) {    /* the file shrank while we read it */
        *err = arena_sprintf(a, "%s: truncated: the data needs %zu bytes, read %zd",
                             shown, nbytes, got);
        return NULL;
    }
    return check_bools(a, shown, t, err) ? t : NULL;
io_error:
    *err = arena_sprintf(a, "cannot read '%s': %s", shown, strerror(errno));
    return NULL;
}

IrTensor *npy_load(Arena *a, const char *path, char **err)
{
    const char *shown = show_path(a, path);
    uint64_t size;
    int fd = open_regular(a, path, shown, &size, err);
    if (fd < 0)
        return NULL;
    IrTensor *t = load_fd(a, fd, shown, size, err);
    close(fd);
    return t;
}

/* ---- writing ----------------------------------------------------------- */

static const char *descr_of(DType t)
{
    for (size_t i = 0; i < sizeof npy_types / sizeof npy_types[0]; i++)
        if (npy_types[i].dtype == t)
            return npy_types[i].code;
    return NULL;
}

/* The header as np.save writes it, with prefix and padding; NULL with *ERR
 * when the tensor has no .npy form. */
static char *build_header(Arena *a, const char *shown, const IrTensor *t, size_t *len, char **err)
{
    const char *code = descr_of(t->dtype);
    if (!code) {
        *err = arena_sprintf(a, "cannot write '%s': %s tensors have no .npy form",
                             shown, dtype_name(t->dtype));
        return NULL;
    }
    char order = dtype_size(t->dtype) == 1 ? '|' : '<';
    char *dict = arena_sprintf(a, "{'descr': '%c%s', 'fortran_order': False, 'shape': (",
                               order, code);
    for (int i = 0; i < t->rank; i++)
        dict = arena_sprintf(a, "%s%s%lld", dict, i ? ", " : "", (long long)t->dims[i]);
    dict = arena_sprintf(a, "%s%s), }", dict, t->rank == 1 ? "," : "");
    if (t->rank > 0) {
        int digits = snprintf(NULL, 0, "%lld", (long long)t->dims[0]);
        dict = arena_sprintf(a, "%s%*s", dict, NPY_GROWTH_DIGITS - digits, "");
    }
    size_t hlen = strlen(dict) + 1;     /* with the final newline */
    size_t prefix = 10;
    size_t pad = NPY_ALIGN - (prefix + hlen) % NPY_ALIGN;
    if (hlen + pad > 65535) {           /* version 2.0: 4-byte length */
        prefix = 12;
        pad = NPY_ALIGN - (prefix + hlen) % NPY_ALIGN;
    }
    size_t total = hlen + pad;
    char *out = arena_alloc_raw(a, prefix + total);
    memcpy(out, NPY_MAGIC, NPY_MAGIC_LEN);
    out[6] = prefix == 10 ? 1 : 2;
    out[7] = 0;
    for (size_t i = 0; i < prefix - 8; i++)
        out[8 + i] = (char)(total >> (8 * i) & 0xff);
    memcpy(out + prefix, dict, hlen - 1);
    memset(out + prefix + hlen - 1, ' ', pad);
    out[prefix + total - 1] = '\n';
    *len = prefix + total;
    return out;
}

static bool write_all(int fd, const void *buf, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, (const char *)buf + done, n - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

/* Writes the header and data to FD and closes it; errno is set on failure. */
static bool write_and_close(int fd, const char *header, size_t hlen, const IrTensor *t)
{
    bool ok = write_all(fd, header, hlen) && write_all(fd, t->data, t->nbytes);
    int saved = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        saved = errno;
    }
    errno = saved;
    return ok;
}

/* An existing device or FIFO.  O_NONBLOCK makes opening a FIFO that has no
 * reader fail (ENXIO) instead of waiting forever; writes then block as
 * usual. */
static int open_in_place(const char *path)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK);
    int flags = fd >= 0 ? fcntl(fd, F_GETFL) : -1;
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

/* A fresh file next to PATH, created exclusively; its name in *TMP. */
static int create_temp(Arena *a, const char *path, char **tmp)
{
    for (int attempt = 0; attempt < 100; attempt++) {
        *tmp = arena_sprintf(a, "%s.%ld.%d.tmp", path, (long)getpid(), attempt);
        int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

static bool save_checks(Arena *a, const char *shown, const IrTensor *t, char **err)
{
    uint64_t n = dtype_size(t->dtype);
    bool ok = t->rank >= 0 && (t->rank == 0 || t->dims) && n > 0;
    for (int i = 0; ok && i < t->rank; i++) {
        ok = t->dims[i] >= 0 && (t->dims[i] == 0 || n <= UINT64_MAX / (uint64_t)t->dims[i]);
        if (ok)
            n *= (uint64_t)t->dims[i];
    }
    if (!ok || n != t->nbytes || (n > 0 && !t->data)) {
        *err = arena_sprintf(a, "cannot write '%s': the tensor's data does not match its shape", shown);
        return false;
    }
    return true;
}

bool npy_save(Arena *a, const char *path, const IrTensor *t, char **err)
{
    return npy_save_pending(a, path, t, NULL, err);
}

bool npy_save_pending(Arena *a, const char *path, const IrTensor *t, PendingFiles *pending, char **err)
{
    const char *shown = show_path(a, path);
    size_t hlen;
    char *header;
    if ((t->dtype != DT_STRING && !save_checks(a, shown, t, err)) ||
        !(header = build_header(a, shown, t, &hlen, err)))
        return false;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        int fd = open_in_place(path);
        if (fd >= 0 && write_and_close(fd, header, hlen, t))
            return true;
        *err = arena_sprintf(a, "cannot write '%s': %s", shown, strerror(errno));
        return false;
    }
    char *tmp;
    int fd = create_temp(a, path, &tmp);
    int perr = fd >= 0 && pending ? pending->created(pending, tmp, path) : 0;
    if (fd < 0 || perr) {
        *err = arena_sprintf(a, "cannot write '%s': %s", shown, strerror(perr ? perr : errno));
        if (fd >= 0)
            close(fd);
        return false;
    }
    if (pending) {
        /* the owner of PENDING renames or removes TMP */
        if (write_and_close(fd, header, hlen, t))
            return true;
        *err = arena_sprintf(a, "cannot write '%s': %s", shown, strerror(errno));
        return false;
    }
    if (!write_and_close(fd, header, hlen, t) || rename(tmp, path) != 0) {
        *err = arena_sprintf(a, "cannot write '%s': %s", shown, strerror(errno));
        unlink(tmp);
        return false;
    }
    return true;
}
