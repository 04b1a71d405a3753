/* The state of one compilation: its arena, source files, interned names and
 * diagnostics.  Every stage receives a Compiler; nothing else is global. */
#ifndef TSC_CONTEXT_H
#define TSC_CONTEXT_H

#include "support/arena.h"
#include "support/diag.h"
#include "support/intern.h"
#include "support/source.h"

/* Limits that keep hostile input from exhausting the machine. */
typedef struct Limits {
    int max_nesting;        /* brackets, blocks and expression depth in the parser */
    int max_call_depth;     /* compile-time call recursion */
    long max_eval_steps;    /* compile-time evaluation steps */
} Limits;

#define LIMIT_NESTING 200
#define LIMIT_CALL_DEPTH 500
#define LIMIT_EVAL_STEPS 50000000L

typedef struct Compiler {
    Arena arena;
    SourceMap sources;
    Interner names;
    Diag diag;
    Limits limits;
} Compiler;

void compiler_init(Compiler *c, FILE *diag_out);
void compiler_free(Compiler *c);

#endif
