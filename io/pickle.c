/* The restricted pickle reader (see pickle.h).  A stack machine over the
 * opcodes below; every read is bounds-checked, every count comes from the
 * input's own length, and malformed input is a message, never a crash. */
#include "io/pickle.h"

#include <string.h>

typedef struct Reader {
    Arena *a;
    const unsigned char *p, *end;
    PyObj **stack;
    int sp, cap;
    int *marks;
    int nmarks, mark_cap;
    /* memo: open addressing from a 32-bit key to a value */
    uint32_t *memo_keys;
    PyObj **memo_vals;
    size_t memo_cap, memo_len;
    uint32_t next_memo;         /* MEMOIZE's next key */
    const char *err;
} Reader;

static PyObj *new_obj(Reader *r, PyKind k)
{
    PyObj *o = arena_alloc(r->a, sizeof *o);
    o->kind = k;
    return o;
}

static bool fail(Reader *r, const char *msg)
{
    if (!r->err)
        r->err = msg;
    return false;
}

/* ---- input ---- */

static bool take(Reader *r, size_t n, const unsigned char **out)
{
    if ((size_t)(r->end - r->p) < n)
        return fail(r, "the pickle ends in the middle of an opcode");
    *out = r->p;
    r->p += n;
    return true;
}

static uint64_t le(const unsigned char *b, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | b[i];
    return v;
}

/* ---- the stack ---- */

static bool push(Reader *r, PyObj *o)
{
    if (r->sp == r->cap) {
        int cap = r->cap ? r->cap * 2 : 64;
        r->stack = arena_grow(r->a, r->stack, sizeof(PyObj *) * (size_t)r->cap, sizeof(PyObj *) * (size_t)cap);
        r->cap = cap;
    }
    r->stack[r->sp++] = o;
    return true;
}

static PyObj *pop(Reader *r)
{
    int floor = r->nmarks ? r->marks[r->nmarks - 1] : 0;
    if (r->sp <= floor) {
        fail(r, "an opcode needs a value the stack does not hold");
        return NULL;
    }
    return r->stack[--r->sp];
}

static PyObj *top(Reader *r)
{
    int floor = r->nmarks ? r->marks[r->nmarks - 1] : 0;
    if (r->sp <= floor) {
        fail(r, "an opcode needs a value the stack does not hold");
        return NULL;
    }
    return r->stack[r->sp - 1];
}

static bool mark(Reader *r)
{
    if (r->nmarks == r->mark_cap) {
        int cap = r->mark_cap ? r->mark_cap * 2 : 16;
        r->marks = arena_grow(r->a, r->marks, sizeof(int) * (size_t)r->mark_cap, sizeof(int) * (size_t)cap);
        r->mark_cap = cap;
    }
    r->marks[r->nmarks++] = r->sp;
    return true;
}

/* The values above the innermost mark, which is dropped: *FIRST, N. */
static bool pop_mark(Reader *r, PyObj ***first, int *n)
{
    if (!r->nmarks)
        return fail(r, "an opcode needs a MARK that is not there");
    int at = r->marks[--r->nmarks];
    *first = r->stack ? r->stack + at : NULL;     /* a MARK on a stack never grown: no values */
    *n = r->sp - at;
    r->sp = at;
    return true;
}

/* ---- containers ---- */

static void add_item(Reader *r, PyObj *c, PyObj *v)
{
    if (c->n == c->cap) {
        int cap = c->cap ? c->cap * 2 : 4;
        c->items = arena_grow(r->a, c->items, sizeof(PyObj *) * (size_t)c->cap, sizeof(PyObj *) * (size_t)cap);
        c->cap = cap;
    }
    c->items[c->n++] = v;
}

static PyObj *tuple_of(Reader *r, PyObj **items, int n)
{
    PyObj *t = new_obj(r, PY_TUPLE);
    for (int i = 0; i < n; i++)
        add_item(r, t, items[i]);
    return t;
}

/* Dict keys: strings and ints compare by value, the rest by identity. */
static bool same_key(const PyObj *a, const PyObj *b)
{
    if (a->kind != b->kind)
        return a == b;
    if (a->kind == PY_STR || a->kind == PY_BYTES)
        return a->len == b->len && memcmp(a->s, b->s, a->len) == 0;
    if (a->kind == PY_INT || a->kind == PY_BOOL)
        return a->i == b->i;
    return a == b;
}

/* d[k] = v, replacing an equal key's value in place. */
static bool dict_set(Reader *r, PyObj *d, PyObj *k, PyObj *v)
{
    if (d->kind != PY_DICT)
        return fail(r, "SETITEM on something that is not a dict");
    for (int i = 0; i < d->n; i += 2)
        if (same_key(d->items[i], k)) {
            d->items[i + 1] = v;
            return true;
        }
    add_item(r, d, k);
    add_item(r, d, v);
    return true;
}

/* ---- memo ---- */

static bool memo_put(Reader *r, uint32_t key, PyObj *v)
{
    if (2 * (r->memo_len + 1) > r->memo_cap) {
        size_t cap = r->memo_cap ? r->memo_cap * 2 : 64;
        uint32_t *keys = arena_alloc(r->a, sizeof(uint32_t) * cap);
        PyObj **vals = arena_alloc(r->a, sizeof(PyObj *) * cap);
        for (size_t i = 0; i < r->memo_cap; i++) {
            if (!r->memo_vals[i])
                continue;
            size_t j = (r->memo_keys[i] * 2654435761u) & (cap - 1);
            while (vals[j])
                j = (j + 1) & (cap - 1);
            keys[j] = r->memo_keys[i];
            vals[j] = r->memo_vals[i];
        }
        r->memo_keys = keys;
        r->memo_vals = vals;
        r->memo_cap = cap;
    }
    size_t j = (key * 2654435761u) & (r->memo_cap - 1);
    while (r->memo_vals[j] && r->memo_keys[j] != key)
        j = (j + 1) & (r->memo_cap - 1);
    if (!r->memo_vals[j])
        r->memo_len++;
    r->memo_keys[j] = key;
    r->memo_vals[j] = v;
    return true;
}

static PyObj *memo_get(Reader *r, uint32_t key)
{
    if (!r->memo_cap) {
        fail(r, "a memo reference to nothing");
        return NULL;
    }
    size_t j = (key * 2654435761u) & (r->memo_cap - 1);
    while (r->memo_vals[j]) {
        if (r->memo_keys[j] == key)
            return r->memo_vals[j];
        j = (j + 1) & (r->memo_cap - 1);
    }
    fail(r, "a memo reference to nothing");
    return NULL;
}

/* ---- values ---- */

static PyObj *string(Reader *r, PyKind k, const unsigned char *b, size_t n)
{
    PyObj *o = new_obj(r, k);
    char *s = arena_alloc_raw(r->a, n + 1);
    memcpy(s, b, n);
    s[n] = '\0';
    o->s = s;
    o->len = n;
    return o;
}

static bool read_string(Reader *r, PyKind k, int len_bytes)
{
    const unsigned char *b, *s;
    if (!take(r, (size_t)len_bytes, &b))
        return false;
    uint64_t n = le(b, len_bytes);
    if (n > (uint64_t)(r->end - r->p))
        return fail(r, "a string longer than the rest of the pickle");
    if (!take(r, (size_t)n, &s))
        return false;
    return push(r, string(r, k, s, (size_t)n));
}

/* LONG1/LONG4: N bytes of two's complement, little-endian. */
static bool read_long(Reader *r, int len_bytes)
{
    const unsigned char *b, *v;
    if (!take(r, (size_t)len_bytes, &b))
        return false;
    uint64_t n = le(b, len_bytes);
    if (n > (uint64_t)(r->end - r->p))
        return fail(r, "a number longer than the rest of the pickle");
    if (!take(r, (size_t)n, &v))
        return false;
    if (n > 8)
        return push(r, string(r, PY_BIGINT, v, (size_t)n));
    PyObj *o = new_obj(r, PY_INT);
    uint64_t x = n ? le(v, (int)n) : 0;
    if (n && n < 8 && (v[n - 1] & 0x80))
        x |= ~UINT64_C(0) << (8 * n);   /* sign-extend */
    o->i = (int64_t)x;
    return push(r, o);
}

static bool read_int(Reader *r, int n, bool is_signed)
{
    const unsigned char *b;
    if (!take(r, (size_t)n, &b))
        return false;
    PyObj *o = new_obj(r, PY_INT);
    uint64_t x = le(b, n);
    o->i = is_signed && n == 4 ? (int32_t)(uint32_t)x : (int64_t)x;
    return push(r, o);
}

static bool read_float(Reader *r)
{
    const unsigned char *b;
    if (!take(r, 8, &b))
        return false;
    uint64_t bits = 0;
    for (int i = 0; i < 8; i++)
        bits = bits << 8 | b[i];    /* big-endian */
    PyObj *o = new_obj(r, PY_FLOAT);
    memcpy(&o->f, &bits, 8);
    return push(r, o);
}

/* GLOBAL: "module\nname\n". */
static bool read_global(Reader *r)
{
    const char *parts[2];
    for (int k = 0; k < 2; k++) {
        const unsigned char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
        if (!nl || nl - r->p > 512)
            return fail(r, "a GLOBAL without its name");
        parts[k] = arena_strndup(r->a, (const char *)r->p, (size_t)(nl - r->p));
        r->p = nl + 1;
    }
    PyObj *o = new_obj(r, PY_GLOBAL);
    o->module = parts[0];
    o->name = parts[1];
    return push(r, o);
}

static bool stack_global(Reader *r)
{
    PyObj *name = pop(r), *module = name ? pop(r) : NULL;
    if (!module)
        return false;
    if (name->kind != PY_STR || module->kind != PY_STR)
        return fail(r, "STACK_GLOBAL needs two strings");
    PyObj *o = new_obj(r, PY_GLOBAL);
    o->module = module->s;
    o->name = name->s;
    return push(r, o);
}

static bool is_global(const PyObj *o, const char *module, const char *name)
{
    return o->kind == PY_GLOBAL && strcmp(o->module, module) == 0 && strcmp(o->name, name) == 0;
}

/* REDUCE and NEWOBJ: a call record, except for the containers pickle
 * itself builds through them (an OrderedDict, a set), which become the
 * container they stand for: nothing of theirs would run. */
static bool call(Reader *r, bool newobj)
{
    PyObj *args = pop(r), *callee = args ? pop(r) : NULL;
    if (!callee)
        return false;
    if (args->kind != PY_TUPLE)
        return fail(r, "REDUCE's arguments are not a tuple");
    if (!newobj && args->n == 0 && is_global(callee, "collections", "OrderedDict"))
        return push(r, new_obj(r, PY_DICT));
    if (!newobj && args->n <= 1 && (is_global(callee, "builtins", "set") || is_global(callee, "__builtin__", "set"))) {
        PyObj *s = new_obj(r, PY_SET);
        PyObj *from = args->n ? args->items[0] : NULL;
        if (from && from->kind != PY_LIST && from->kind != PY_TUPLE)
            return fail(r, "set() of something that is not a list");
        for (int i = 0; from && i < from->n; i++)
            add_item(r, s, from->items[i]);
        return push(r, s);
    }
    PyObj *o = new_obj(r, PY_CALL);
    o->callee = callee;
    o->args = args;
    o->newobj = newobj;
    return push(r, o);
}

static bool build(Reader *r)
{
    PyObj *state = pop(r), *obj = state ? top(r) : NULL;
    if (!obj)
        return false;
    if (obj->kind == PY_CALL || obj->kind == PY_DICT) {
        obj->state = state;     /* a dict's: the attributes of an OrderedDict (_metadata) */
        return true;
    }
    return fail(r, "BUILD on a value that is not an object");
}

static bool setitems(Reader *r)
{
    PyObj **items;
    int n;
    if (!pop_mark(r, &items, &n))
        return false;
    if (n % 2)
        return fail(r, "SETITEMS with an odd number of values");
    PyObj *d = top(r);
    if (!d)
        return false;
    for (int i = 0; i < n; i += 2)
        if (!dict_set(r, d, items[i], items[i + 1]))
            return false;
    return true;
}

static bool appends(Reader *r, bool many)
{
    PyObj **items, *one;
    int n = 1;
    if (many) {
        if (!pop_mark(r, &items, &n))
            return false;
    } else {
        if (!(one = pop(r)))
            return false;
        items = &one;
    }
    PyObj *l = top(r);
    if (!l)
        return false;
    if (l->kind != PY_LIST && l->kind != PY_SET)
        return fail(r, "APPEND on something that is not a list");
    for (int i = 0; i < n; i++)
        add_item(r, l, items[i]);
    return true;
}

static bool tuple_n(Reader *r, int n)
{
    PyObj *items[3];
    for (int i = n - 1; i >= 0; i--)
        if (!(items[i] = pop(r)))
            return false;
    return push(r, tuple_of(r, items, n));
}

/* BINPUT, LONG_BINPUT, MEMOIZE: remember the top of the stack. */
static bool memo_store(Reader *r, int op)
{
    const unsigned char *b;
    uint32_t key;
    if (op == 0x94)
        key = r->next_memo++;
    else if (!take(r, op == 'q' ? 1 : 4, &b))
        return false;
    else
        key = (uint32_t)le(b, op == 'q' ? 1 : 4);
    PyObj *v = top(r);
    return v && memo_put(r, key, v);
}

/* BINGET, LONG_BINGET */
static bool memo_load(Reader *r, int op)
{
    const unsigned char *b;
    if (!take(r, op == 'h' ? 1 : 4, &b))
        return false;
    PyObj *v = memo_get(r, (uint32_t)le(b, op == 'h' ? 1 : 4));
    return v && push(r, v);
}

/* One opcode; false with r->err, or at STOP with r->err NULL. */
static bool step(Reader *r, bool *stop)
{
    const unsigned char *b;
    if (!take(r, 1, &b))
        return false;
    int op = b[0];
    PyObj **items;
    int n;
    switch (op) {
    case 0x80: return take(r, 1, &b);                       /* PROTO */
    case 0x95: return take(r, 8, &b);                       /* FRAME */
    case '.': *stop = true; return true;                    /* STOP */
    case '(': return mark(r);
    case '}': return push(r, new_obj(r, PY_DICT));
    case ']': return push(r, new_obj(r, PY_LIST));
    case ')': return push(r, new_obj(r, PY_TUPLE));
    case 0x8f: return push(r, new_obj(r, PY_SET));           /* EMPTY_SET */
    case 'N': return push(r, new_obj(r, PY_NONE));
    case 0x88: case 0x89: {                                  /* NEWTRUE, NEWFALSE */
        PyObj *o = new_obj(r, PY_BOOL);
        o->i = op == 0x88;
        return push(r, o);
    }
    case 'J': return read_int(r, 4, true);
    case 'K': return read_int(r, 1, false);
    case 'M': return read_int(r, 2, false);
    case 0x8a: return read_long(r, 1);
    case 0x8b: return read_long(r, 4);
    case 'G': return read_float(r);
    case 'X': return read_string(r, PY_STR, 4);
    case 0x8c: return read_string(r, PY_STR, 1);
    case 0x8d: return read_string(r, PY_STR, 8);
    case 'B': return read_string(r, PY_BYTES, 4);
    case 'C': return read_string(r, PY_BYTES, 1);
    case 0x8e: return read_string(r, PY_BYTES, 8);
    case 'q': case 'r': case 0x94: return memo_store(r, op);
    case 'h': case 'j': return memo_load(r, op);
    case 'c': return read_global(r);
    case 0x93: return stack_global(r);
    case 'R': return call(r, false);
    case 0x81: return call(r, true);                        /* NEWOBJ: cls.__new__(cls, *args) */
    case 'b': return build(r);
    case 't':
        return pop_mark(r, &items, &n) && push(r, tuple_of(r, items, n));
    case 0x85: return tuple_n(r, 1);
    case 0x86: return tuple_n(r, 2);
    case 0x87: return tuple_n(r, 3);
    case 's': {
        PyObj *v = pop(r), *k = v ? pop(r) : NULL, *d = k ? top(r) : NULL;
        return d && dict_set(r, d, k, v);
    }
    case 'u': return setitems(r);
    case 'a': return appends(r, false);
    case 'e': return appends(r, true);
    case 0x90: return appends(r, true);                     /* ADDITEMS (to a set) */
    case 0x91: return pop_mark(r, &items, &n) && push(r, tuple_of(r, items, n)) &&
                      ((r->stack[r->sp - 1]->kind = PY_SET), true);   /* FROZENSET */
    case 'Q': {                                             /* BINPERSID */
        PyObj *pid = pop(r);
        if (!pid)
            return false;
        PyObj *o = new_obj(r, PY_PERSID);
        o->pid = pid;
        return push(r, o);
    }
    case '0': return pop(r) != NULL;                        /* POP */
    case '1':                                               /* POP_MARK */
        return pop_mark(r, &items, &n);
    case '2': { PyObj *v = top(r); return v && push(r, v); }   /* DUP */
    default:
        r->err = arena_sprintf(r->a, "pickle opcode 0x%02x is not one torch.save writes", op);
        return false;
    }
}

PyObj *pickle_read(Arena *a, const unsigned char *data, size_t size, size_t *used, const char **err)
{
    Reader r = {.a = a, .p = data, .end = data + size};
    bool stop = false;
    while (!stop)
        if (!step(&r, &stop)) {
            *err = r.err ? r.err : "the pickle is malformed";
            return NULL;
        }
    if (r.sp != 1 || r.nmarks) {
        *err = "the pickle does not end with exactly one value";
        return NULL;
    }
    *used = (size_t)(r.p - data);
    return r.stack[0];
}

const char *pickle_global_name(Arena *a, const PyObj *o)
{
    return o && o->kind == PY_GLOBAL ? arena_sprintf(a, "%s.%s", o->module, o->name) : NULL;
}
