/* ASTs as bytes (parser/ast_pack.h).
 *
 * The AST's field table (parser/ast_fields.def) says, for every node kind,
 * which fields the union holds and of what type; packing, unpacking and
 * the comparison all walk it, so a field left out of the table is left out
 * of all three, and ast_pack_same() catches it: after comparing the fields
 * the table names it compares the two nodes' remaining bytes, where a
 * forgotten pointer or number differs.
 *
 * Bytes of a node: 0 for NULL, else kind + 1, ctx, flags, height, span,
 * outer span, then the fields in table order.  Numbers are LEB128 varints
 * (signed ones zigzagged); a span is where (0: none, 1: the module's file,
 * 2: another file, then its id), start, length; a name is its length + 1
 * then its bytes (0 for NULL); a list its length then its items.
 *
 * A function's body is a list preceded by its size in bytes, so that the
 * unpacker can step over it: ast_unpack() leaves every body packed (an
 * AstLazyBody) and ast_function_body() rebuilds one when it is first read.
 * A compilation calls a few dozen of the stdlib's functions; rebuilding
 * only those is most of the saving of embedding the trees. */
#include "parser/ast_pack.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum PackType {
    P_END,
    P_NODE,         /* AstNode * */
    P_LIST,         /* AstList */
    P_BODY,         /* a function's AstList, behind its size in bytes */
    P_IDENT,        /* const char *, interned, may be NULL */
    P_SPAN,         /* Span */
    P_OP,           /* AstOp */
    P_OPS,          /* Compare's ops: as many as its comparators */
    P_BOOL,         /* bool */
    P_INT,          /* int */
    P_CONST,        /* Constant's value */
    /* packed as what they are */
    P_CHAR = P_INT,
    P_NAMES = P_LIST,
} PackType;

typedef struct PackField {
    PackType type;
    size_t offset;  /* in AstNode */
} PackField;

/* The AST's field table (parser/ast_fields.def) without the ctx, which the
 * bytes of every node hold, whatever its kind. */
static const PackField fields[AST_KIND_COUNT][AST_FIELDS_MAX] = {
#define AST_KIND(kind, name, fields) [kind] = {fields {P_END, 0}},
#define AST_CHILD(type, name, member) {P_##type, offsetof(AstNode, member)},
#define AST_VALUE(type, name, member) {P_##type, offsetof(AstNode, member)},
#define AST_SPAN(name, member) {P_SPAN, offsetof(AstNode, member)},
#define AST_CTX()
#include "parser/ast_fields.def"
};

#define AT(n, type, off) ((type *)((char *)(n) + (off)))
#define CAT(n, type, off) ((const type *)((const char *)(n) + (off)))

/* ---- packing ---- */

typedef struct Packer {
    uint8_t *buf;
    size_t len, cap;
    int file;
    bool failed;
} Packer;

static void put_byte(Packer *p, uint8_t b)
{
    if (p->len == p->cap) {
        size_t cap = p->cap ? 2 * p->cap : 65536;
        uint8_t *nb = realloc(p->buf, cap);
        if (!nb) {
            p->failed = true;
            return;
        }
        p->buf = nb;
        p->cap = cap;
    }
    p->buf[p->len++] = b;
}

static void put_uint(Packer *p, uint64_t v)
{
    while (v >= 0x80) {
        put_byte(p, (uint8_t)(v | 0x80));
        v >>= 7;
    }
    put_byte(p, (uint8_t)v);
}

static void put_int(Packer *p, int64_t v)
{
    put_uint(p, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63));
}

static void put_raw(Packer *p, const void *data, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put_byte(p, ((const uint8_t *)data)[i]);
}

static void put_span(Packer *p, Span s)
{
    if (s.file < 0) {
        put_byte(p, 0);
    } else if (s.file == p->file) {
        put_byte(p, 1);
    } else {
        put_byte(p, 2);
        put_uint(p, (uint64_t)s.file);
    }
    put_uint(p, s.start);
    put_int(p, (int64_t)s.end - (int64_t)s.start);
}

static void put_bytes(Packer *p, const char *s, size_t n)
{
    put_uint(p, n + 1);
    put_raw(p, s, n);
}

static void put_ident(Packer *p, const char *s)
{
    if (!s)
        put_uint(p, 0);
    else
        put_bytes(p, s, strlen(s));
}

static void put_node(Packer *p, const AstNode *n);

static void put_const(Packer *p, const AstNode *n)
{
    put_byte(p, (uint8_t)n->u.constant.kind);
    put_int(p, n->u.constant.ival);
    put_raw(p, &n->u.constant.fval, sizeof n->u.constant.fval);
    const AstStr *s = &n->u.constant.sval;
    if (!s->ptr)
        put_uint(p, 0);
    else
        put_bytes(p, s->ptr, s->len);
    put_byte(p, n->u.constant.overflow);
}

static void put_list(Packer *p, const AstList *l)
{
    put_uint(p, (uint64_t)l->len);
    for (int i = 0; i < l->len; i++)
        put_node(p, l->items[i]);
}

/* The list packed on its own first, to know its size. */
static void put_body(Packer *p, const AstList *l)
{
    Packer body = {.file = p->file};
    put_list(&body, l);
    p->failed |= body.failed;
    put_uint(p, (uint64_t)body.len);
    put_raw(p, body.buf, body.len);
    free(body.buf);
}

static void put_field(Packer *p, const AstNode *n, const PackField *f)
{
    switch (f->type) {
    case P_NODE: put_node(p, *CAT(n, AstNode *, f->offset)); break;
    case P_LIST: put_list(p, CAT(n, AstList, f->offset)); break;
    case P_BODY: put_body(p, ast_function_body(n)); break;
    case P_IDENT: put_ident(p, *CAT(n, char *, f->offset)); break;
    case P_SPAN: put_span(p, *CAT(n, Span, f->offset)); break;
    case P_OP: put_uint(p, (uint64_t)*CAT(n, AstOp, f->offset)); break;
    case P_OPS:
        for (int i = 0; i < n->u.compare.comparators.len; i++)
            put_uint(p, (uint64_t)n->u.compare.ops[i]);
        break;
    case P_BOOL: put_byte(p, *CAT(n, bool, f->offset)); break;
    case P_INT: put_int(p, *CAT(n, int, f->offset)); break;
    case P_CONST: put_const(p, n); break;
    case P_END: break;
    }
}

static void put_node(Packer *p, const AstNode *n)
{
    if (!n) {
        put_byte(p, 0);
        return;
    }
    put_byte(p, (uint8_t)(n->kind + 1));
    put_byte(p, (uint8_t)n->ctx);
    put_byte(p, n->flags);
    put_int(p, n->height);
    put_span(p, n->span);
    put_span(p, n->outer);
    for (const PackField *f = fields[n->kind]; f->type != P_END; f++)
        put_field(p, n, f);
}

bool ast_pack(const AstNode *module, const SourceFile *f, uint8_t **out, size_t *len)
{
    Packer p = {.file = f->id};
    put_node(&p, module);
    if (p.failed) {
        free(p.buf);
        return false;
    }
    *out = p.buf;
    *len = p.len;
    return true;
}

/* ---- unpacking ---- */

typedef struct Unpacker {
    Compiler *c;
    int file;
    const uint8_t *at, *end;
    bool failed;
    int depth;
} Unpacker;

/* A function body not rebuilt yet: its bytes, and what rebuilding needs. */
struct AstLazyBody {
    Compiler *c;
    int file;
    const uint8_t *at;
    size_t len;
};

static uint8_t get_byte(Unpacker *u)
{
    if (u->at >= u->end) {
        u->failed = true;
        return 0;
    }
    return *u->at++;
}

static uint64_t get_uint(Unpacker *u)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        uint8_t b = get_byte(u);
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    u->failed = true;
    return 0;
}

static int64_t get_int(Unpacker *u)
{
    uint64_t z = get_uint(u);
    return (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
}

static Span get_span(Unpacker *u)
{
    Span s = SPAN_NONE;
    uint8_t where = get_byte(u);
    if (where == 1)
        s.file = u->file;
    else if (where == 2)
        s.file = (int32_t)get_uint(u);
    s.start = (uint32_t)get_uint(u);
    s.end = (uint32_t)((int64_t)s.start + get_int(u));
    return s;
}

/* Bytes of a name or string: their length (or (size_t)-1 for NULL). */
static const char *get_bytes(Unpacker *u, size_t *n)
{
    uint64_t k = get_uint(u);
    if (k == 0 || u->failed) {
        *n = (size_t)-1;
        return NULL;
    }
    *n = (size_t)(k - 1);
    if ((size_t)(u->end - u->at) < *n) {
        u->failed = true;
        return NULL;
    }
    const char *s = (const char *)u->at;
    u->at += *n;
    return s;
}

static AstNode *get_node(Unpacker *u);

static void get_const(Unpacker *u, AstNode *n)
{
    n->u.constant.kind = (AstConstKind)get_byte(u);
    n->u.constant.ival = get_int(u);
    if ((size_t)(u->end - u->at) < sizeof n->u.constant.fval) {
        u->failed = true;
        return;
    }
    memcpy(&n->u.constant.fval, u->at, sizeof n->u.constant.fval);
    u->at += sizeof n->u.constant.fval;
    size_t len;
    const char *s = get_bytes(u, &len);
    if (s) {
        char *copy = arena_alloc_raw(&u->c->arena, len + 1);
        memcpy(copy, s, len);
        copy[len] = '\0';
        n->u.constant.sval = (AstStr){copy, (uint32_t)len};
    }
    n->u.constant.overflow = get_byte(u) != 0;
}

static void get_list(Unpacker *u, AstList *l)
{
    uint64_t len = get_uint(u);
    if (len > (uint64_t)(u->end - u->at)) {     /* every item takes a byte at least */
        u->failed = true;
        return;
    }
    l->len = l->cap = (int)len;
    l->items = len ? arena_alloc(&u->c->arena, sizeof(AstNode *) * (size_t)len) : NULL;
    for (int i = 0; i < l->len && !u->failed; i++)
        l->items[i] = get_node(u);
}

/* A body's bytes are only stepped over here (see ast_function_body). */
static void get_body(Unpacker *u, AstNode *n)
{
    uint64_t len = get_uint(u);
    if (u->failed || len > (uint64_t)(u->end - u->at)) {
        u->failed = true;
        return;
    }
    struct AstLazyBody *lazy = arena_alloc(&u->c->arena, sizeof *lazy);
    *lazy = (struct AstLazyBody){u->c, u->file, u->at, (size_t)len};
    n->u.function_def.lazy = lazy;
    u->at += len;
}

static void get_field(Unpacker *u, AstNode *n, const PackField *f)
{
    switch (f->type) {
    case P_NODE: *AT(n, AstNode *, f->offset) = get_node(u); break;
    case P_LIST: get_list(u, AT(n, AstList, f->offset)); break;
    case P_BODY: get_body(u, n); break;
    case P_IDENT: {
        size_t len;
        const char *s = get_bytes(u, &len);
        *AT(n, const char *, f->offset) = s ? intern_n(&u->c->names, s, len) : NULL;
        break;
    }
    case P_SPAN: *AT(n, Span, f->offset) = get_span(u); break;
    case P_OP: *AT(n, AstOp, f->offset) = (AstOp)get_uint(u); break;
    case P_OPS: {
        int k = n->u.compare.comparators.len;
        n->u.compare.ops = arena_alloc(&u->c->arena, sizeof(AstOp) * (size_t)(k ? k : 1));
        for (int i = 0; i < k; i++)
            n->u.compare.ops[i] = (AstOp)get_uint(u);
        break;
    }
    case P_BOOL: *AT(n, bool, f->offset) = get_byte(u) != 0; break;
    case P_INT: *AT(n, int, f->offset) = (int)get_int(u); break;
    case P_CONST: get_const(u, n); break;
    case P_END: break;
    }
}

static AstNode *get_node(Unpacker *u)
{
    uint8_t kind = get_byte(u);
    if (kind == 0 || u->failed)
        return NULL;
    if (kind > AST_KIND_COUNT || ++u->depth > 10000) {
        u->failed = true;
        return NULL;
    }
    AstNode *n = arena_alloc(&u->c->arena, ast_node_size((AstKind)(kind - 1)));
    n->kind = (AstKind)(kind - 1);
    n->ctx = (AstCtx)get_byte(u);
    n->flags = get_byte(u);
    n->height = (int32_t)get_int(u);
    n->span = get_span(u);
    n->outer = get_span(u);
    for (const PackField *f = fields[n->kind]; f->type != P_END && !u->failed; f++)
        get_field(u, n, f);
    u->depth--;
    return n;
}

AstNode *ast_unpack(Compiler *c, const SourceFile *f, const uint8_t *data, size_t len)
{
    Unpacker u = {.c = c, .file = f->id, .at = data, .end = data + len};
    AstNode *module = get_node(&u);
    return u.failed || u.at != u.end || !module || module->kind != AST_MODULE ? NULL : module;
}

/* The bytes were checked when tsc2onnx was built (tools/embed unpacks and
 * compares every body), so a failure here is a broken binary. */
const AstList *ast_function_body(const AstNode *def)
{
    /* Rebuilding is invisible to readers: the node is logically const. */
    AstNode *n = (AstNode *)def;
    struct AstLazyBody *lazy = n->u.function_def.lazy;
    if (!lazy)
        return &def->u.function_def.body;
    Unpacker u = {.c = lazy->c, .file = lazy->file, .at = lazy->at, .end = lazy->at + lazy->len};
    get_list(&u, &n->u.function_def.body);
    if (u.failed || u.at != u.end) {
        fprintf(stderr, "tsc2onnx: internal error: a packed stdlib function body is corrupt\n");
        abort();
    }
    n->u.function_def.lazy = NULL;
    return &def->u.function_def.body;
}

/* ---- comparing ---- */

static bool same_node(const AstNode *a, const AstNode *b, const char **where);

/* Field F of A and B; clears it in the copies CA and CB once compared. */
static bool same_field(const AstNode *a, const AstNode *b, AstNode *ca, AstNode *cb, const PackField *f,
                       const char **where)
{
    switch (f->type) {
    case P_NODE:
        if (!same_node(*CAT(a, AstNode *, f->offset), *CAT(b, AstNode *, f->offset), where))
            return false;
        *AT(ca, AstNode *, f->offset) = *AT(cb, AstNode *, f->offset) = NULL;
        return true;
    case P_LIST:
    case P_BODY: {
        const AstList *la = f->type == P_BODY ? ast_function_body(a) : CAT(a, AstList, f->offset);
        const AstList *lb = f->type == P_BODY ? ast_function_body(b) : CAT(b, AstList, f->offset);
        if (la->len != lb->len)
            return false;
        for (int i = 0; i < la->len; i++)
            if (!same_node(la->items[i], lb->items[i], where))
                return false;
        *AT(ca, AstList, f->offset) = *AT(cb, AstList, f->offset) = (AstList){NULL, la->len, 0};
        if (f->type == P_BODY)      /* packed in one of them until just now */
            ca->u.function_def.lazy = cb->u.function_def.lazy = NULL;
        return true;
    }
    case P_IDENT:
        if (*CAT(a, char *, f->offset) != *CAT(b, char *, f->offset))
            return false;
        *AT(ca, const char *, f->offset) = *AT(cb, const char *, f->offset) = NULL;
        return true;
    case P_OPS:
        for (int i = 0; i < a->u.compare.comparators.len; i++)
            if (a->u.compare.ops[i] != b->u.compare.ops[i])
                return false;
        ca->u.compare.ops = cb->u.compare.ops = NULL;
        return true;
    case P_CONST: {
        const AstStr *sa = &a->u.constant.sval, *sb = &b->u.constant.sval;
        if (!sa->ptr != !sb->ptr || sa->len != sb->len || (sa->ptr && memcmp(sa->ptr, sb->ptr, sa->len)))
            return false;
        ca->u.constant.sval.ptr = cb->u.constant.sval.ptr = NULL;
        return true;
    }
    default:
        return true;    /* numbers, spans, flags: compared with the node's bytes */
    }
}

static bool same_node(const AstNode *a, const AstNode *b, const char **where)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind)
        return false;
    AstNode ca, cb;     /* a node has only its own member: the rest stays zero */
    memset(&ca, 0, sizeof ca);
    memset(&cb, 0, sizeof cb);
    memcpy(&ca, a, ast_node_size(a->kind));
    memcpy(&cb, b, ast_node_size(b->kind));
    for (const PackField *f = fields[a->kind]; f->type != P_END; f++) {
        if (!same_field(a, b, &ca, &cb, f, where)) {
            if (!*where)
                *where = ast_kind_name(a->kind);
            return false;
        }
    }
    if (memcmp(&ca, &cb, sizeof ca) != 0) {
        *where = ast_kind_name(a->kind);    /* a field the table does not name */
        return false;
    }
    return true;
}

bool ast_pack_same(const AstNode *a, const AstNode *b, const char **where)
{
    *where = NULL;
    return same_node(a, b, where);
}
