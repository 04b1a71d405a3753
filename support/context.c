#include "support/context.h"

#include <string.h>

void compiler_init(Compiler *c, FILE *diag_out)
{
    memset(c, 0, sizeof *c);
    arena_init(&c->arena);
    intern_init(&c->names, &c->arena);
    diag_init(&c->diag, &c->sources, diag_out);
    c->limits.max_nesting = LIMIT_NESTING;
    c->limits.max_call_depth = LIMIT_CALL_DEPTH;
    c->limits.max_eval_steps = LIMIT_EVAL_STEPS;
}

void compiler_free(Compiler *c)
{
    arena_free(&c->arena);
}
