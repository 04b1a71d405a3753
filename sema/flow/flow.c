/* Dataflow over one function body (see flow.h): a first walk collects the
 * function's local names (and those nested functions capture), a second
 * one computes liveness backwards, statement by statement, recording the
 * live sets before and after each statement in a table keyed by the
 * statement's address.  Sets are bit vectors over the local names. */
#include "sema/flow/flow.h"

#include <stdint.h>
#include <string.h>

typedef uint64_t Word;

typedef struct StmtFacts {
    const AstNode *stmt;
    Word *in, *out;
    Word *head;             /* loops: live at the head */
} StmtFacts;

/* Whether the walk stopped because the C stack ran low (statements and
 * expressions nested deeply enough to overflow it, under a small ulimit -s). */
typedef struct FlowGuard {
    const Compiler *c;      /* NULL: no check (an inner walk of a nested def) */
    bool too_deep;
} FlowGuard;

struct Flow {
    Arena *arena;
    FlowGuard *guard;
    const char **names;     /* locals, first-appearance order */
    int n_names, cap_names;
    int32_t *index;         /* open addressing over names */
    int index_cap;
    int nwords;
    const char **excluded;  /* declared global / nonlocal */
    int n_excluded, cap_excluded;
    const char **nested_loads;  /* names read inside nested functions */
    int n_nested, cap_nested;
    Word *captured;
    StmtFacts *facts;       /* open addressing by statement address */
    int facts_cap, n_facts;
};

/* Break and continue targets of the innermost loop being analysed. */
typedef struct LiveLoop {
    const Word *brk;        /* live after the loop */
    const Word *cont;       /* live at the head */
    struct LiveLoop *outer;
} LiveLoop;

/* True when the walk must stop: the C stack is low (then it stays stopped). */
static bool flow_stop(const Flow *f)
{
    FlowGuard *g = f->guard;
    if (!g)
        return false;
    if (!g->too_deep && g->c && compiler_stack_low(g->c))
        g->too_deep = true;
    return g->too_deep;
}

/* ---- name table ---- */

static uint32_t ptr_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0xed5ad4bbu;
    x ^= x >> 11;
    return (uint32_t)x;
}

static int name_index(const Flow *f, const char *name)
{
    if (!f->index_cap)
        return -1;
    uint32_t mask = (uint32_t)f->index_cap - 1;
    for (uint32_t j = ptr_hash(name) & mask;; j = (j + 1) & mask) {
        int32_t e = f->index[j];
        if (e < 0)
            return -1;
        if (f->names[e] == name)
            return e;
    }
}

static void reindex(Flow *f, int cap)
{
    f->index = arena_alloc_raw(f->arena, sizeof(int32_t) * (size_t)cap);
    memset(f->index, 0xff, sizeof(int32_t) * (size_t)cap);
    f->index_cap = cap;
    uint32_t mask = (uint32_t)cap - 1;
    for (int e = 0; e < f->n_names; e++) {
        uint32_t j = ptr_hash(f->names[e]) & mask;
        while (f->index[j] >= 0)
            j = (j + 1) & mask;
        f->index[j] = e;
    }
}

static bool is_excluded(const Flow *f, const char *name)
{
    for (int i = 0; i < f->n_excluded; i++)
        if (f->excluded[i] == name)
            return true;
    return false;
}

static void push_name(Arena *a, const char ***list, int *n, int *cap, const char *name)
{
    if (*n == *cap) {
        int ncap = *cap ? *cap * 2 : 16;
        *list = arena_grow(a, *list, sizeof(char *) * (size_t)*cap, sizeof(char *) * (size_t)ncap);
        *cap = ncap;
    }
    (*list)[(*n)++] = name;
}

static void add_local(Flow *f, const char *name)
{
    if (is_excluded(f, name) || name_index(f, name) >= 0)
        return;
    push_name(f->arena, &f->names, &f->n_names, &f->cap_names, name);
    if (f->n_names * 2 > f->index_cap)
        reindex(f, f->index_cap ? f->index_cap * 2 : 32);
    else {
        uint32_t mask = (uint32_t)f->index_cap - 1;
        uint32_t j = ptr_hash(name) & mask;
        while (f->index[j] >= 0)
            j = (j + 1) & mask;
        f->index[j] = f->n_names - 1;
    }
}

/* ---- bit sets ---- */

static Word *bits_new(const Flow *f)
{
    return arena_alloc(f->arena, sizeof(Word) * (size_t)(f->nwords ? f->nwords : 1));
}

static Word *bits_copy(const Flow *f, const Word *src)
{
    Word *b = bits_new(f);
    memcpy(b, src, sizeof(Word) * (size_t)f->nwords);
    return b;
}

static void bits_set(Word *b, int i) { b[i / 64] |= (Word)1 << (i % 64); }
static void bits_clear(Word *b, int i) { b[i / 64] &= ~((Word)1 << (i % 64)); }
static bool bits_has(const Word *b, int i) { return (b[i / 64] >> (i % 64)) & 1; }

static void bits_or(const Flow *f, Word *dst, const Word *src)
{
    for (int i = 0; i < f->nwords; i++)
        dst[i] |= src[i];
}

static bool bits_equal(const Flow *f, const Word *a, const Word *b)
{
    return memcmp(a, b, sizeof(Word) * (size_t)f->nwords) == 0;
}

static void bits_add_name(const Flow *f, Word *b, const char *name)
{
    int i = name_index(f, name);
    if (i >= 0)
        bits_set(b, i);
}

static FlowNames bits_names(const Flow *f, const Word *b)
{
    FlowNames r = {arena_alloc(f->arena, sizeof(char *) * (size_t)(f->n_names + 1)), 0};
    for (int i = 0; i < f->n_names; i++)
        if (bits_has(b, i))
            r.names[r.len++] = f->names[i];
    return r;
}

/* ---- pass 1: the local names ---- */

static void collect_expr(Flow *f, const AstNode *e, bool nested);
static void collect_block(Flow *f, const AstList *b);

static void collect_list(Flow *f, const AstList *l, bool nested)
{
    for (int i = 0; i < l->len; i++)
        if (l->items[i])
            collect_expr(f, l->items[i], nested);
}

/* Every name a nested function reads, and the parameters' defaults. */
static void collect_nested_def(Flow *f, const AstNode *args, const AstList *body, const AstNode *expr)
{
    if (args) {
        collect_list(f, &args->u.arguments.defaults, false);
        collect_list(f, &args->u.arguments.kw_defaults, false);
    }
    Flow inner = {.arena = f->arena, .guard = f->guard};
    if (body)
        collect_block(&inner, body);
    if (expr)
        collect_expr(&inner, expr, true);
    for (int i = 0; i < inner.n_nested; i++)
        push_name(f->arena, &f->nested_loads, &f->n_nested, &f->cap_nested, inner.nested_loads[i]);
}

/* Targets of assignments: the names they bind. */
static void collect_target(Flow *f, const AstNode *t)
{
    switch (t->kind) {
    case AST_NAME: add_local(f, t->u.name.id); break;
    case AST_TUPLE: case AST_LIST:
        for (int i = 0; i < t->u.seq.elts.len; i++)
            collect_target(f, t->u.seq.elts.items[i]);
        break;
    case AST_STARRED: collect_target(f, t->u.value.value); break;
    default: collect_expr(f, t, false); break;
    }
}

/* Expressions: walrus targets are locals; loads inside nested functions
 * are remembered (NESTED: we are inside one). */
static void collect_expr(Flow *f, const AstNode *e, bool nested)
{
    if (!e || flow_stop(f))
        return;
    switch (e->kind) {
    case AST_NAME:
        if (nested)
            push_name(f->arena, &f->nested_loads, &f->n_nested, &f->cap_nested, e->u.name.id);
        return;
    case AST_NAMED_EXPR:
        if (!nested)
            collect_target(f, e->u.named_expr.target);
        collect_expr(f, e->u.named_expr.value, nested);
        return;
    case AST_LAMBDA:
        if (nested) {
            collect_expr(f, e->u.lambda.body, true);
            return;
        }
        collect_nested_def(f, e->u.lambda.args, NULL, e->u.lambda.body);
        return;
    case AST_COMPREHENSION:     /* its target is the comprehension's own */
        collect_expr(f, e->u.comprehension.iter, nested);
        collect_list(f, &e->u.comprehension.ifs, nested);
        return;
    default: {
        AstChildren it = ast_children(e);
        for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
            collect_expr(f, child, nested);
        return;
    }
    }
}

static void collect_args(Flow *f, const AstNode *args)
{
    const AstList *lists[3] = {&args->u.arguments.posonlyargs, &args->u.arguments.args,
                               &args->u.arguments.kwonlyargs};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < lists[k]->len; i++)
            add_local(f, lists[k]->items[i]->u.arg.name);
    if (args->u.arguments.vararg)
        add_local(f, args->u.arguments.vararg->u.arg.name);
    if (args->u.arguments.kwarg)
        add_local(f, args->u.arguments.kwarg->u.arg.name);
}

static void collect_stmt(Flow *f, const AstNode *s);

/* A child of a statement: an expression, a statement or a part of one. */
static void collect_child(Flow *f, const AstNode *n)
{
    if (ast_is_expression(n->kind))
        collect_expr(f, n, false);
    else
        collect_stmt(f, n);
}

/* Statements, and their parts (handlers, with items). */
static void collect_stmt(Flow *f, const AstNode *s)
{
    if (flow_stop(f))
        return;
    switch (s->kind) {
    case AST_FUNCTION_DEF:
        add_local(f, s->u.function_def.name);
        collect_list(f, &s->u.function_def.decorators, false);
        collect_nested_def(f, s->u.function_def.args, ast_function_body(s), NULL);
        return;
    case AST_CLASS_DEF:
        add_local(f, s->u.class_def.name);
        collect_list(f, &s->u.class_def.bases, false);
        collect_list(f, &s->u.class_def.decorators, false);
        collect_nested_def(f, NULL, &s->u.class_def.body, NULL);
        return;
    case AST_ASSIGN: case AST_DELETE:
        for (int i = 0; i < s->u.assign.targets.len; i++)
            collect_target(f, s->u.assign.targets.items[i]);
        collect_expr(f, s->u.assign.value, false);
        return;
    case AST_AUG_ASSIGN:
        collect_target(f, s->u.aug_assign.target);
        collect_expr(f, s->u.aug_assign.value, false);
        return;
    case AST_ANN_ASSIGN:
        if (s->u.ann_assign.value)
            collect_target(f, s->u.ann_assign.target);
        collect_expr(f, s->u.ann_assign.value, false);
        return;
    case AST_FOR:
        collect_target(f, s->u.for_stmt.target);
        collect_expr(f, s->u.for_stmt.iter, false);
        collect_block(f, &s->u.for_stmt.body);
        collect_block(f, &s->u.for_stmt.orelse);
        return;
    case AST_WITH_ITEM:
        collect_expr(f, s->u.with_item.context_expr, false);
        if (s->u.with_item.optional_vars)
            collect_target(f, s->u.with_item.optional_vars);
        return;
    case AST_EXCEPT_HANDLER:
        if (s->u.except_handler.name)
            add_local(f, s->u.except_handler.name);
        break;
    case AST_IMPORT: case AST_IMPORT_FROM:
        for (int i = 0; i < s->u.import.names.len; i++) {
            const AstNode *al = s->u.import.names.items[i];
            const char *bound = al->u.alias.asname ? al->u.alias.asname : al->u.alias.name;
            if (s->kind == AST_IMPORT && !al->u.alias.asname && strchr(bound, '.'))
                continue;   /* `import a.b` binds `a`, interned elsewhere: not tracked */
            add_local(f, bound);
        }
        return;
    default:
        break;
    }
    /* If, While, With, Try, handlers, Return, Expr, Raise, Assert: their
     * expressions and blocks */
    AstChildren it = ast_children(s);
    for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
        collect_child(f, child);
}

static void collect_block(Flow *f, const AstList *b)
{
    for (int i = 0; i < b->len; i++)
        collect_stmt(f, b->items[i]);
}

static void collect_declared(Flow *f, const AstList *b);

/* `global x` / `nonlocal x` in S or in its blocks (not in nested defs). */
static void collect_declared_stmt(Flow *f, const AstNode *s)
{
    if (flow_stop(f))
        return;
    switch (s->kind) {
    case AST_GLOBAL: case AST_NONLOCAL:
        for (int k = 0; k < s->u.global.names.len; k++)
            push_name(f->arena, &f->excluded, &f->n_excluded, &f->cap_excluded,
                      s->u.global.names.items[k]->u.name.id);
        return;
    case AST_FUNCTION_DEF: case AST_CLASS_DEF:
        return;
    default: {
        AstChildren it = ast_children(s);
        for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
            if (!ast_is_expression(child->kind))
                collect_declared_stmt(f, child);
        return;
    }
    }
}

/* `global x` / `nonlocal x` anywhere in the body (not in nested defs). */
static void collect_declared(Flow *f, const AstList *b)
{
    for (int i = 0; i < b->len; i++)
        collect_declared_stmt(f, b->items[i]);
}

/* ---- per-statement facts ---- */

static StmtFacts *facts_of(const Flow *f, const AstNode *s)
{
    if (!f->facts_cap)
        return NULL;
    uint32_t mask = (uint32_t)f->facts_cap - 1;
    for (uint32_t j = ptr_hash(s) & mask;; j = (j + 1) & mask) {
        if (!f->facts[j].stmt)
            return NULL;
        if (f->facts[j].stmt == s)
            return &f->facts[j];
    }
}

static void facts_grow(Flow *f)
{
    StmtFacts *old = f->facts;
    int old_cap = f->facts_cap;
    f->facts_cap = old_cap ? old_cap * 2 : 64;
    f->facts = arena_alloc(f->arena, sizeof(StmtFacts) * (size_t)f->facts_cap);
    uint32_t mask = (uint32_t)f->facts_cap - 1;
    for (int i = 0; i < old_cap; i++) {
        if (!old[i].stmt)
            continue;
        uint32_t j = ptr_hash(old[i].stmt) & mask;
        while (f->facts[j].stmt)
            j = (j + 1) & mask;
        f->facts[j] = old[i];
    }
}

static StmtFacts *facts_record(Flow *f, const AstNode *s)
{
    StmtFacts *fa = facts_of(f, s);
    if (fa)
        return fa;
    if ((f->n_facts + 1) * 2 > f->facts_cap)
        facts_grow(f);
    uint32_t mask = (uint32_t)f->facts_cap - 1;
    uint32_t j = ptr_hash(s) & mask;
    while (f->facts[j].stmt)
        j = (j + 1) & mask;
    f->n_facts++;
    f->facts[j].stmt = s;
    f->facts[j].in = bits_new(f);
    f->facts[j].out = bits_new(f);
    return &f->facts[j];
}

/* ---- pass 2: uses, definitions, liveness ---- */

/* Adds every local name E reads (nested functions included: reading them
 * later is what made them captured). */
static void uses_expr(const Flow *f, const AstNode *e, Word *b);

static void uses_list(const Flow *f, const AstList *l, Word *b)
{
    for (int i = 0; i < l->len; i++)
        if (l->items[i])
            uses_expr(f, l->items[i], b);
}

static void uses_children(const Flow *f, const AstNode *n, Word *b)
{
    AstChildren it = ast_children(n);
    for (const AstNode *child = ast_child_next(&it); child; child = ast_child_next(&it))
        uses_expr(f, child, b);
}

static void uses_expr(const Flow *f, const AstNode *e, Word *b)
{
    if (!e || flow_stop(f))
        return;
    switch (e->kind) {
    case AST_NAME: if (e->ctx == AST_LOAD) bits_add_name(f, b, e->u.name.id); return;
    case AST_LAMBDA:
        uses_list(f, &e->u.lambda.args->u.arguments.defaults, b);
        uses_expr(f, e->u.lambda.body, b);
        return;
    case AST_COMPREHENSION:     /* its target is bound, not read */
        uses_expr(f, e->u.comprehension.iter, b);
        uses_list(f, &e->u.comprehension.ifs, b);
        return;
    default: uses_children(f, e, b); return;
    }
}

/* The names a target binds (DEFS) and the names it reads (USES: the
 * objects and indices of attribute and subscript targets). */
static void target_sets(const Flow *f, const AstNode *t, Word *defs, Word *uses)
{
    switch (t->kind) {
    case AST_NAME: bits_add_name(f, defs, t->u.name.id); return;
    case AST_TUPLE: case AST_LIST:
        for (int i = 0; i < t->u.seq.elts.len; i++)
            target_sets(f, t->u.seq.elts.items[i], defs, uses);
        return;
    case AST_STARRED: target_sets(f, t->u.value.value, defs, uses); return;
    default: uses_expr(f, t, uses); return;
    }
}

/* IN = (OUT - DEFS) | USES */
static void transfer(const Flow *f, Word *in, const Word *out, const Word *defs, const Word *uses)
{
    for (int i = 0; i < f->nwords; i++)
        in[i] = (out[i] & ~defs[i]) | uses[i];
}

static void live_block(Flow *f, const AstList *b, const Word *out, Word *in, LiveLoop *loop);

static void live_if(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    Word *a = bits_new(f), *c = bits_new(f);
    live_block(f, &s->u.cond.body, out, a, loop);
    live_block(f, &s->u.cond.orelse, out, c, loop);
    memcpy(in, a, sizeof(Word) * (size_t)f->nwords);
    bits_or(f, in, c);
    uses_expr(f, s->u.cond.test, in);
}

/* head = uses(test) | in(body, head) | in(orelse, out), to a fixed point. */
static void live_while(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    Word *head = bits_new(f), *body_in = bits_new(f), *next = bits_new(f);
    live_block(f, &s->u.cond.orelse, out, head, loop);
    uses_expr(f, s->u.cond.test, head);
    for (;;) {
        LiveLoop ctx = {out, head, loop};
        live_block(f, &s->u.cond.body, head, body_in, &ctx);
        memcpy(next, head, sizeof(Word) * (size_t)f->nwords);
        bits_or(f, next, body_in);
        if (bits_equal(f, next, head))
            break;
        memcpy(head, next, sizeof(Word) * (size_t)f->nwords);
    }
    facts_record(f, s)->head = head;    /* the table may have grown: look it up again */
    memcpy(in, head, sizeof(Word) * (size_t)f->nwords);
}

/* head = in(orelse, out) | (in(body, head) - defs(target)) | uses(target) */
static void live_for(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    Word *head = bits_new(f), *body_in = bits_new(f), *next = bits_new(f);
    Word *tdefs = bits_new(f), *tuses = bits_new(f);
    target_sets(f, s->u.for_stmt.target, tdefs, tuses);
    live_block(f, &s->u.for_stmt.orelse, out, head, loop);
    for (;;) {
        LiveLoop ctx = {out, head, loop};
        live_block(f, &s->u.for_stmt.body, head, body_in, &ctx);
        transfer(f, next, body_in, tdefs, tuses);
        bits_or(f, next, head);
        if (bits_equal(f, next, head))
            break;
        memcpy(head, next, sizeof(Word) * (size_t)f->nwords);
    }
    facts_record(f, s)->head = head;
    memcpy(in, head, sizeof(Word) * (size_t)f->nwords);
    uses_expr(f, s->u.for_stmt.iter, in);
}

static void live_with(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    Word *body_in = bits_new(f), *defs = bits_new(f), *uses = bits_new(f);
    live_block(f, &s->u.with.body, out, body_in, loop);
    for (int i = 0; i < s->u.with.items.len; i++) {
        const AstNode *item = s->u.with.items.items[i];
        uses_expr(f, item->u.with_item.context_expr, uses);
        if (item->u.with_item.optional_vars)
            target_sets(f, item->u.with_item.optional_vars, defs, uses);
    }
    transfer(f, in, body_in, defs, uses);
}

/* Conservative: any statement of the body may jump to any handler, and
 * the finally block runs on every path. */
static void live_try(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    Word *fin = bits_new(f), *handlers = bits_new(f), *tmp = bits_new(f), *body_out = bits_new(f);
    live_block(f, &s->u.try_stmt.finalbody, out, fin, loop);
    bits_or(f, fin, out);
    for (int i = 0; i < s->u.try_stmt.handlers.len; i++) {
        const AstNode *h = s->u.try_stmt.handlers.items[i];
        live_block(f, &h->u.except_handler.body, fin, tmp, loop);
        uses_expr(f, h->u.except_handler.type, tmp);
        bits_or(f, handlers, tmp);
    }
    live_block(f, &s->u.try_stmt.orelse, fin, body_out, loop);
    bits_or(f, body_out, handlers);
    live_block(f, &s->u.try_stmt.body, body_out, in, loop);
    bits_or(f, in, handlers);
}

/* DEFS and USES of a statement without nested blocks. */
static void simple_sets(const Flow *f, const AstNode *s, Word *defs, Word *uses)
{
    switch (s->kind) {
    case AST_ASSIGN:
        for (int i = 0; i < s->u.assign.targets.len; i++)
            target_sets(f, s->u.assign.targets.items[i], defs, uses);
        uses_expr(f, s->u.assign.value, uses);
        break;
    case AST_DELETE:
        for (int i = 0; i < s->u.assign.targets.len; i++)
            target_sets(f, s->u.assign.targets.items[i], defs, uses);
        break;
    case AST_AUG_ASSIGN:
        /* x += v reads x, then binds it: live before, and assigned */
        target_sets(f, s->u.aug_assign.target, defs, uses);
        uses_expr(f, s->u.aug_assign.target, uses);
        if (s->u.aug_assign.target->kind == AST_NAME)
            bits_add_name(f, uses, s->u.aug_assign.target->u.name.id);
        uses_expr(f, s->u.aug_assign.value, uses);
        break;
    case AST_ANN_ASSIGN:
        if (s->u.ann_assign.value) {
            target_sets(f, s->u.ann_assign.target, defs, uses);
            uses_expr(f, s->u.ann_assign.value, uses);
        }
        break;
    case AST_FUNCTION_DEF:
        bits_add_name(f, defs, s->u.function_def.name);
        uses_list(f, &s->u.function_def.decorators, uses);
        uses_list(f, &s->u.function_def.args->u.arguments.defaults, uses);
        break;
    case AST_CLASS_DEF:
        bits_add_name(f, defs, s->u.class_def.name);
        uses_list(f, &s->u.class_def.bases, uses);
        uses_list(f, &s->u.class_def.decorators, uses);
        break;
    case AST_IMPORT: case AST_IMPORT_FROM:
        for (int i = 0; i < s->u.import.names.len; i++) {
            const AstNode *al = s->u.import.names.items[i];
            bits_add_name(f, defs, al->u.alias.asname ? al->u.alias.asname : al->u.alias.name);
        }
        break;
    case AST_EXPR_STMT: case AST_RETURN: case AST_RAISE: case AST_ASSERT: uses_children(f, s, uses); break;
    default: break;
    }
}

static void live_simple(Flow *f, const AstNode *s, const Word *out, Word *in)
{
    Word *defs = bits_new(f), *uses = bits_new(f);
    simple_sets(f, s, defs, uses);
    transfer(f, in, out, defs, uses);
}

/* IN = live before S, given OUT = live after it. */
static void live_stmt(Flow *f, const AstNode *s, const Word *out, Word *in, LiveLoop *loop)
{
    if (flow_stop(f))
        return;
    StmtFacts *fa = facts_record(f, s);
    memcpy(fa->out, out, sizeof(Word) * (size_t)f->nwords);
    switch (s->kind) {
    case AST_IF: live_if(f, s, out, in, loop); break;
    case AST_WHILE: live_while(f, s, out, in, loop); break;
    case AST_FOR: live_for(f, s, out, in, loop); break;
    case AST_WITH: live_with(f, s, out, in, loop); break;
    case AST_TRY: live_try(f, s, out, in, loop); break;
    case AST_RETURN: case AST_RAISE:
        memset(in, 0, sizeof(Word) * (size_t)f->nwords);
        uses_children(f, s, in);
        break;
    case AST_BREAK: case AST_CONTINUE:
        if (loop)
            memcpy(in, s->kind == AST_BREAK ? loop->brk : loop->cont, sizeof(Word) * (size_t)f->nwords);
        else
            memset(in, 0, sizeof(Word) * (size_t)f->nwords);
        break;
    default: live_simple(f, s, out, in); break;
    }
    /* captured names are live everywhere */
    bits_or(f, in, f->captured);
    fa = facts_of(f, s);
    bits_or(f, fa->out, f->captured);
    memcpy(fa->in, in, sizeof(Word) * (size_t)f->nwords);
}

static void live_block(Flow *f, const AstList *b, const Word *out, Word *in, LiveLoop *loop)
{
    Word *cur = bits_copy(f, out);
    for (int i = b->len - 1; i >= 0; i--) {
        Word *before = bits_new(f);
        live_stmt(f, b->items[i], cur, before, loop);
        cur = before;
    }
    memcpy(in, cur, sizeof(Word) * (size_t)f->nwords);
}

/* ---- interface ---- */

Flow *flow_analyze(const Compiler *c, Arena *a, const AstNode *def)
{
    Flow *f = arena_alloc(a, sizeof *f);
    f->arena = a;
    f->guard = arena_alloc(a, sizeof *f->guard);
    f->guard->c = c;
    const AstList *body = def->kind == AST_FUNCTION_DEF ? ast_function_body(def) : &def->u.module.body;
    collect_declared(f, body);
    if (def->kind == AST_FUNCTION_DEF)
        collect_args(f, def->u.function_def.args);
    collect_block(f, body);
    f->nwords = (f->n_names + 63) / 64;
    f->captured = bits_new(f);
    for (int i = 0; i < f->n_nested; i++)
        bits_add_name(f, f->captured, f->nested_loads[i]);
    Word *out = bits_new(f), *in = bits_new(f);
    live_block(f, body, out, in, NULL);
    return f;
}

bool flow_too_deep(const Flow *f)
{
    return f->guard->too_deep;
}

FlowNames flow_locals(const Flow *f)
{
    return (FlowNames){f->names, f->n_names};
}

bool flow_is_local(const Flow *f, const char *name)
{
    return name_index(f, name) >= 0;
}

bool flow_is_captured(const Flow *f, const char *name)
{
    int i = name_index(f, name);
    return i >= 0 && bits_has(f->captured, i);
}

bool flow_live_before(const Flow *f, const AstNode *s, const char *name)
{
    const StmtFacts *fa = facts_of(f, s);
    int i = name_index(f, name);
    return fa && i >= 0 && bits_has(fa->in, i);
}

bool flow_live_after(const Flow *f, const AstNode *s, const char *name)
{
    const StmtFacts *fa = facts_of(f, s);
    int i = name_index(f, name);
    return fa && i >= 0 && bits_has(fa->out, i);
}

FlowNames flow_live_after_set(const Flow *f, const AstNode *s)
{
    const StmtFacts *fa = facts_of(f, s);
    if (!fa)
        return (FlowNames){NULL, 0};
    return bits_names(f, fa->out);
}

static void assigned_block(const Flow *f, const AstList *b, Word *defs);

static void assigned_stmt(const Flow *f, const AstNode *s, Word *defs)
{
    Word *ignored = bits_new(f);
    switch (s->kind) {
    case AST_IF: case AST_WHILE:
        assigned_block(f, &s->u.cond.body, defs);
        assigned_block(f, &s->u.cond.orelse, defs);
        break;
    case AST_FOR:
        target_sets(f, s->u.for_stmt.target, defs, ignored);
        assigned_block(f, &s->u.for_stmt.body, defs);
        assigned_block(f, &s->u.for_stmt.orelse, defs);
        break;
    case AST_WITH:
        for (int i = 0; i < s->u.with.items.len; i++) {
            const AstNode *item = s->u.with.items.items[i];
            if (item->u.with_item.optional_vars)
                target_sets(f, item->u.with_item.optional_vars, defs, ignored);
        }
        assigned_block(f, &s->u.with.body, defs);
        break;
    case AST_TRY:
        assigned_block(f, &s->u.try_stmt.body, defs);
        for (int i = 0; i < s->u.try_stmt.handlers.len; i++) {
            const AstNode *h = s->u.try_stmt.handlers.items[i];
            if (h->u.except_handler.name)
                bits_add_name(f, defs, h->u.except_handler.name);
            assigned_block(f, &h->u.except_handler.body, defs);
        }
        assigned_block(f, &s->u.try_stmt.orelse, defs);
        assigned_block(f, &s->u.try_stmt.finalbody, defs);
        break;
    default:
        simple_sets(f, s, defs, ignored);
        break;
    }
}

static void assigned_block(const Flow *f, const AstList *b, Word *defs)
{
    for (int i = 0; i < b->len; i++)
        assigned_stmt(f, b->items[i], defs);
}

FlowNames flow_assigned(const Flow *f, const AstList *block)
{
    Word *defs = bits_new(f);
    assigned_block(f, block, defs);
    for (int i = f->n_names; i < f->nwords * 64; i++)
        bits_clear(defs, i);
    return bits_names(f, defs);
}

FlowNames flow_used_before_assigned(const Flow *f, const AstList *block)
{
    Flow *mf = (Flow *)f;
    Word *out = bits_new(f), *in = bits_new(f);
    Word *saved = mf->captured;
    /* A private re-run: the recorded facts are those of the whole body, so
     * work on a copy of the table. */
    StmtFacts *facts = mf->facts;
    int cap = mf->facts_cap, n = mf->n_facts;
    mf->facts = NULL;
    mf->facts_cap = mf->n_facts = 0;
    mf->captured = bits_new(f);
    LiveLoop none = {out, out, NULL};
    live_block(mf, block, out, in, &none);
    mf->facts = facts;
    mf->facts_cap = cap;
    mf->n_facts = n;
    mf->captured = saved;
    return bits_names(f, in);
}

static FlowNames intersect(const Flow *f, FlowNames a, const Word *b)
{
    FlowNames r = {arena_alloc(f->arena, sizeof(char *) * (size_t)(a.len + 1)), 0};
    for (int i = 0; i < a.len; i++) {
        int k = name_index(f, a.names[i]);
        if (k >= 0 && bits_has(b, k))
            r.names[r.len++] = a.names[i];
    }
    return r;
}

FlowNames flow_if_outputs(const Flow *f, const AstNode *if_stmt)
{
    Word *defs = bits_new(f);
    assigned_block(f, &if_stmt->u.cond.body, defs);
    assigned_block(f, &if_stmt->u.cond.orelse, defs);
    for (int i = f->n_names; i < f->nwords * 64; i++)
        bits_clear(defs, i);
    const StmtFacts *fa = facts_of(f, if_stmt);
    if (!fa)
        return (FlowNames){NULL, 0};
    return intersect(f, bits_names(f, defs), fa->out);
}

FlowNames flow_loop_head_live(const Flow *f, const AstNode *loop)
{
    const StmtFacts *fa = facts_of(f, loop);
    if (!fa || !fa->head)
        return (FlowNames){NULL, 0};
    return bits_names(f, fa->head);
}

FlowNames flow_loop_carried(const Flow *f, const AstNode *loop)
{
    const StmtFacts *fa = facts_of(f, loop);
    if (!fa || !fa->head)
        return (FlowNames){NULL, 0};
    const AstList *body = loop->kind == AST_FOR ? &loop->u.for_stmt.body : &loop->u.cond.body;
    return intersect(f, flow_assigned(f, body), fa->head);
}

bool flow_names_contain(FlowNames set, const char *name)
{
    for (int i = 0; i < set.len; i++)
        if (set.names[i] == name)
            return true;
    return false;
}
