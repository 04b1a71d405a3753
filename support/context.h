/* The state of one compilation: its arena, source files, interned names and
 * diagnostics.  Every stage receives a Compiler; nothing else is global. */
#ifndef TSC_CONTEXT_H
#define TSC_CONTEXT_H

#include <stdbool.h>
#include <stdint.h>

#include "support/arena.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* Limits that keep hostile input from exhausting the machine.  Each has a
 * name for `--limit NAME=N` (the table in context.c, documented in
 * docs/reliability.md with the error each one gives). */
typedef struct Limits {
    int max_nesting;            /* nesting: brackets, blocks and expression depth in the parser */
    int max_call_depth;         /* call-depth: compile-time call recursion */
    long max_eval_steps;        /* eval-steps: compile-time evaluation steps */
    long max_unroll;            /* unroll: iterations of one loop or comprehension run at compile time */
    long max_static_items;      /* items: elements of one compile-time list, tuple or string */
    int64_t max_tensor_bytes;   /* tensor-bytes: one tensor made at compile time (constants, initializers) */
    int64_t max_memory;         /* memory: bytes the compilation may hold while evaluating */
} Limits;

#define LIMIT_NESTING 200
#define LIMIT_CALL_DEPTH 500
#define LIMIT_EVAL_STEPS 10000000L
#define LIMIT_UNROLL 10000000L
#define LIMIT_STATIC_ITEMS 10000000L
#define LIMIT_TENSOR_BYTES (INT64_C(2) << 30)
#define LIMIT_MEMORY (INT64_C(4) << 30)

typedef struct Compiler {
    Arena arena;
    SourceMap sources;
    Interner names;
    Diag diag;
    Limits limits;
    uintptr_t stack_base;       /* the C stack pointer when the compilation began */
    size_t stack_budget;        /* how much of the C stack recursion may use */
    bool limit_hit;             /* a limit ended the compilation (not the input's fault) */
} Compiler;

void compiler_init(Compiler *c, FILE *diag_out);
void compiler_free(Compiler *c);

/* Whether recursion has used up the C stack budget (three quarters of the
 * stack size limit, `ulimit -s`, less at least 512 KiB).  The recursive
 * walks that input can drive arbitrarily deep (compile-time calls and
 * expressions) check it and report an error instead of overflowing.  The
 * budget assumes the compilation runs on the main thread. */
bool compiler_stack_low(const Compiler *c);

void limits_default(Limits *l);

/* Applies "NAME=N" (N a positive integer; tensor-bytes and memory also take
 * a K, M or G suffix, powers of 1024).  False with *ERR, a static message,
 * when NAME is unknown or N is not valid for it. */
bool limits_set(Limits *l, const char *assignment, const char **err);

#endif
