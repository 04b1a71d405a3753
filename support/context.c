/* The Compiler context and its limits. */
#include "support/context.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

void limits_default(Limits *l)
{
    l->max_nesting = LIMIT_NESTING;
    l->max_call_depth = LIMIT_CALL_DEPTH;
    l->max_eval_steps = LIMIT_EVAL_STEPS;
    l->max_unroll = LIMIT_UNROLL;
    l->max_static_items = LIMIT_STATIC_ITEMS;
    l->max_tensor_bytes = LIMIT_TENSOR_BYTES;
    l->max_memory = LIMIT_MEMORY;
}

/* The part of the stack size limit recursion may use: a quarter (at least
 * 512 KiB) stays for what ran before the compilation and for the frames
 * between two checks. */
static size_t stack_budget(void)
{
    struct rlimit r;
    size_t size = (size_t)8 << 20;
    if (getrlimit(RLIMIT_STACK, &r) == 0)
        size = r.rlim_cur == RLIM_INFINITY || r.rlim_cur > ((rlim_t)256 << 20) ? (size_t)256 << 20
                                                                                 : (size_t)r.rlim_cur;
    size_t reserve = size / 4 > ((size_t)512 << 10) ? size / 4 : (size_t)512 << 10;
    return size > 2 * reserve ? size - reserve : size / 2;
}

/* The current stack position.  The frame address, not a local's: under
 * AddressSanitizer's fake stacks a local may live on the heap. */
static uintptr_t stack_position(void)
{
#if defined(__GNUC__)
    return (uintptr_t)__builtin_frame_address(0);
#else
    char here;
    return (uintptr_t)&here;
#endif
}

/* A compilation unpacks and runs the stdlib's modules before the model's
 * code: about 3.5 MB of arena for the smallest model.  Starting with that
 * much in huge pages spares a small compile some 800 page faults. */
#define COMPILER_ARENA_START ((size_t)4 * 1024 * 1024)

void compiler_init(Compiler *c, FILE *diag_out)
{
    memset(c, 0, sizeof *c);
    arena_init_large(&c->arena, COMPILER_ARENA_START);
    intern_init(&c->names, &c->arena);
    diag_init(&c->diag, &c->sources, diag_out);
    limits_default(&c->limits);
    c->stack_base = stack_position();
    c->stack_budget = stack_budget();
}

bool compiler_stack_low(const Compiler *c)
{
    uintptr_t at = stack_position();
    size_t used = at < c->stack_base ? c->stack_base - at : at - c->stack_base;
    return used > c->stack_budget;
}

void compiler_free(Compiler *c)
{
    arena_free(&c->arena);
}

/* ---- --limit NAME=N ---- */

typedef enum LimitType { LIMIT_INT, LIMIT_LONG, LIMIT_BYTES } LimitType;

static const struct LimitName {
    const char *name;
    size_t offset;
    LimitType type;
    int64_t max;        /* largest accepted value */
} limit_names[] = {
    {"nesting", offsetof(Limits, max_nesting), LIMIT_INT, 100000},
    {"call-depth", offsetof(Limits, max_call_depth), LIMIT_INT, 100000},
    {"eval-steps", offsetof(Limits, max_eval_steps), LIMIT_LONG, INT64_C(1) << 40},
    {"unroll", offsetof(Limits, max_unroll), LIMIT_LONG, INT64_C(1) << 31},
    {"items", offsetof(Limits, max_static_items), LIMIT_LONG, INT64_C(1) << 30},
    {"tensor-bytes", offsetof(Limits, max_tensor_bytes), LIMIT_BYTES, INT64_C(1) << 50},
    {"memory", offsetof(Limits, max_memory), LIMIT_BYTES, INT64_C(1) << 50},
};

/* N, or N with a K/M/G suffix for byte sizes; false when it is not a
 * positive integer no larger than MAX. */
static bool parse_limit_value(const char *s, LimitType type, int64_t max, int64_t *out)
{
    if (!isdigit((unsigned char)*s))
        return false;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || v <= 0)
        return false;
    int shift = 0;
    if (type == LIMIT_BYTES && *end && !end[1]) {
        const char *p = strchr("KMG", toupper((unsigned char)*end));
        if (!p)
            return false;
        shift = 10 * (int)(p - "KMG" + 1);
        end++;
    }
    if (*end || v > (max >> shift))
        return false;
    *out = (int64_t)v << shift;
    return true;
}

bool limits_set(Limits *l, const char *assignment, const char **err)
{
    const char *eq = strchr(assignment, '=');
    size_t n = eq ? (size_t)(eq - assignment) : strlen(assignment);
    for (size_t i = 0; i < sizeof limit_names / sizeof limit_names[0]; i++) {
        const struct LimitName *ln = &limit_names[i];
        if (strlen(ln->name) != n || strncmp(ln->name, assignment, n) != 0)
            continue;
        int64_t v;
        if (!eq || !parse_limit_value(eq + 1, ln->type, ln->max, &v) ||
            (ln->type == LIMIT_INT && v > INT_MAX) || (ln->type == LIMIT_LONG && v > LONG_MAX)) {
            *err = ln->type == LIMIT_BYTES ? "expects a positive number of bytes (a K, M or G suffix allowed)"
                                           : "expects a positive integer";
            return false;
        }
        char *field = (char *)l + ln->offset;
        if (ln->type == LIMIT_INT)
            *(int *)field = (int)v;
        else if (ln->type == LIMIT_LONG)
            *(long *)field = (long)v;
        else
            *(int64_t *)field = v;
        return true;
    }
    *err = "unknown limit (the limits are nesting, call-depth, eval-steps, unroll, items, tensor-bytes "
           "and memory)";
    return false;
}
