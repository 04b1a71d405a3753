/* A restricted pickle reader: the opcodes torch.save's pickles use
 * (protocols 2 to 5), read into a tree of inert values.  Nothing is ever
 * called: GLOBAL yields a name, REDUCE and NEWOBJ yield a call *record*
 * (what would be called, with what), BUILD attaches a state to it,
 * BINPERSID a persistent-id record.  What a record means is for the
 * caller to decide (io/torchsave.c allows a handful of torch functions and
 * refuses the rest by name).  Memo references share nodes, so the tree may
 * be a graph with cycles: walkers must bound their depth. */
#ifndef TSC_PICKLE_H
#define TSC_PICKLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "support/arena.h"

typedef enum PyKind {
    PY_NONE,
    PY_BOOL,
    PY_INT,         /* fits in int64 */
    PY_BIGINT,      /* a LONG1/LONG4 beyond int64: its little-endian bytes */
    PY_FLOAT,
    PY_STR,
    PY_BYTES,
    PY_TUPLE,
    PY_LIST,
    PY_DICT,        /* items: key, value, key, value ... in insertion order */
    PY_SET,
    PY_GLOBAL,      /* module.name */
    PY_CALL,        /* callee(args) as REDUCE / NEWOBJ wrote it; state from BUILD */
    PY_PERSID,      /* a persistent id: pid */
} PyKind;

typedef struct PyObj PyObj;
struct PyObj {
    PyKind kind;
    int64_t i;                  /* BOOL, INT */
    double f;                   /* FLOAT */
    const char *s;              /* STR, BYTES, BIGINT: data (NUL-terminated copy) */
    size_t len;
    const char *module, *name;  /* GLOBAL */
    PyObj **items;              /* TUPLE, LIST, DICT (2 per entry), SET */
    int n, cap;
    PyObj *callee, *args;       /* CALL: args is a TUPLE */
    bool newobj;                /* CALL: NEWOBJ (an object of class callee) rather than REDUCE */
    PyObj *state;               /* CALL, DICT: what BUILD gave, or NULL */
    PyObj *pid;                 /* PERSID */
};

/* Reads one pickle from DATA[0..SIZE) (it ends at STOP).  Returns the
 * value, with *USED set to the bytes it took; NULL with *ERR (a static or
 * arena message) on anything malformed or unsupported. */
PyObj *pickle_read(Arena *a, const unsigned char *data, size_t size, size_t *used, const char **err);

/* "collections.OrderedDict" for a GLOBAL, NULL otherwise. */
const char *pickle_global_name(Arena *a, const PyObj *o);

#endif
