/* Unit tests of sema/flow.c, the dataflow walker: each case parses a small
 * function, picks a statement by its line, and checks a set the walker
 * computes (If outputs, Loop carried values, live sets, assigned names,
 * upward-exposed uses) against the expected names.  Prints TAP. */
#include <stdio.h>
#include <string.h>

#include "parser/parse.h"
#include "sema/flow/flow.h"
#include "support/context.h"

static int n_tests, n_failed;

typedef struct Parsed {
    Compiler c;
    const SourceFile *file;
    AstNode *module;
    const AstNode *def;     /* the first function */
    Flow *flow;
} Parsed;

static bool parse(Parsed *p, const char *text)
{
    compiler_init(&p->c, stderr);
    p->file = source_add(&p->c.arena, &p->c.sources, "case.py", text, strlen(text));
    p->module = parse_file(&p->c, p->file);
    if (!p->module || p->c.diag.nerrors)
        return false;
    p->def = NULL;
    for (int i = 0; i < p->module->u.module.body.len && !p->def; i++)
        if (p->module->u.module.body.items[i]->kind == AST_FUNCTION_DEF)
            p->def = p->module->u.module.body.items[i];
    if (!p->def)
        return false;
    p->flow = flow_analyze(&p->c, &p->c.arena, p->def);
    return true;
}

static int line_of(Parsed *p, const AstNode *s)
{
    int line, col;
    source_line_col(p->file, s->span.start, &line, &col);
    return line;
}

/* The statement that starts on LINE, searched through nested blocks. */
static const AstNode *find_in(Parsed *p, const AstList *b, int line)
{
    for (int i = 0; i < b->len; i++) {
        const AstNode *s = b->items[i];
        if (line_of(p, s) == line)
            return s;
        const AstNode *r = NULL;
        switch (s->kind) {
        case AST_IF: case AST_WHILE:
            r = find_in(p, &s->u.cond.body, line);
            if (!r)
                r = find_in(p, &s->u.cond.orelse, line);
            break;
        case AST_FOR:
            r = find_in(p, &s->u.for_stmt.body, line);
            if (!r)
                r = find_in(p, &s->u.for_stmt.orelse, line);
            break;
        case AST_WITH: r = find_in(p, &s->u.with.body, line); break;
        default: break;
        }
        if (r)
            return r;
    }
    return NULL;
}

static const AstNode *stmt_at(Parsed *p, int line)
{
    return find_in(p, &p->def->u.function_def.body, line);
}

/* "a b c" for a name set. */
static const char *names_text(char *buf, size_t n, FlowNames set)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < set.len && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? " " : "", set.names[i]);
    return buf;
}

static void check_names(const char *what, FlowNames got, const char *want)
{
    char buf[512];
    names_text(buf, sizeof buf, got);
    bool ok = strcmp(buf, want) == 0;
    n_tests++;
    n_failed += !ok;
    printf("%s %d - %s = {%s}", ok ? "ok" : "not ok", n_tests, what, want);
    if (!ok)
        printf(" (got {%s})", buf);
    printf("\n");
}

static void check_true(const char *what, bool cond)
{
    n_tests++;
    n_failed += !cond;
    printf("%s %d - %s\n", cond ? "ok" : "not ok", n_tests, what);
}

typedef enum Query { Q_IF_OUT, Q_CARRIED, Q_LIVE_AFTER, Q_ASSIGNED_BODY, Q_UBA_BODY, Q_HEAD } Query;

/* Runs QUERY on the statement at LINE of SRC and compares with WANT. */
static void expect(const char *what, const char *src, int line, Query q, const char *want)
{
    Parsed p;
    if (!parse(&p, src)) {
        check_true(what, false);
        compiler_free(&p.c);
        return;
    }
    const AstNode *s = stmt_at(&p, line);
    if (!s) {
        printf("# no statement on line %d\n", line);
        check_true(what, false);
        compiler_free(&p.c);
        return;
    }
    FlowNames got = {NULL, 0};
    const AstList *body = s->kind == AST_FOR ? &s->u.for_stmt.body : &s->u.cond.body;
    switch (q) {
    case Q_IF_OUT: got = flow_if_outputs(p.flow, s); break;
    case Q_CARRIED: got = flow_loop_carried(p.flow, s); break;
    case Q_LIVE_AFTER: got = flow_live_after_set(p.flow, s); break;
    case Q_ASSIGNED_BODY: got = flow_assigned(p.flow, body); break;
    case Q_UBA_BODY: got = flow_used_before_assigned(p.flow, body); break;
    case Q_HEAD: got = flow_loop_head_live(p.flow, s); break;
    }
    check_names(what, got, want);
    compiler_free(&p.c);
}

static void test_if(void)
{
    const char *src =
        "def f(x, c):\n"                /* 1 */
        "    y = x\n"                   /* 2 */
        "    if c:\n"                   /* 3 */
        "        y = x + 1\n"           /* 4 */
        "        t = 2\n"               /* 5 */
        "    else:\n"                   /* 6 */
        "        z = 3\n"               /* 7 */
        "    return y\n";               /* 8 */
    expect("if outputs: only what is read after", src, 3, Q_IF_OUT, "y");
    expect("live after the if", src, 3, Q_LIVE_AFTER, "y");
    expect("live after y = x (read in both paths)", src, 2, Q_LIVE_AFTER, "x c y");
    const char *src2 =
        "def f(x, c):\n"
        "    if c:\n"                   /* 2 */
        "        a = x\n"
        "        b = x\n"
        "    else:\n"
        "        b = 2 * x\n"
        "    return a + b\n";
    expect("defined in one branch, used after: still an output", src2, 2, Q_IF_OUT, "a b");
    const char *src3 =
        "def f(x, c, d):\n"
        "    if c:\n"                   /* 2 */
        "        if d:\n"               /* 3 */
        "            x = x * 2\n"
        "        y = x\n"
        "    else:\n"
        "        y = -x\n"
        "    return y\n";
    expect("nested if: outer outputs", src3, 2, Q_IF_OUT, "y");
    expect("nested if: inner outputs (x read after it)", src3, 3, Q_IF_OUT, "x");
}

static void test_loops(void)
{
    const char *src =
        "def f(x, n):\n"                /* 1 */
        "    acc = x\n"                 /* 2 */
        "    k = 0\n"                   /* 3 */
        "    for i in range(n):\n"      /* 4 */
        "        t = acc * i\n"         /* 5 */
        "        acc = t + x\n"         /* 6 */
        "        k = k + 1\n"           /* 7 */
        "        u = 5\n"               /* 8 */
        "    return acc\n";             /* 9 */
    expect("for: carried = read before assigned (not t, u)", src, 4, Q_CARRIED, "acc k");
    expect("for: body assigns", src, 4, Q_ASSIGNED_BODY, "acc k t u");
    expect("for: used before assigned in the body", src, 4, Q_UBA_BODY, "x acc k i");
    expect("for: live at the head", src, 4, Q_HEAD, "x acc k");
    const char *src2 =
        "def f(x, n):\n"
        "    i = 0\n"
        "    y = x\n"
        "    while i < n:\n"            /* 4 */
        "        y = y * 2\n"
        "        i += 1\n"
        "    return y\n";
    expect("while: the condition's names are carried", src2, 4, Q_CARRIED, "i y");
    const char *src3 =
        "def f(x, n):\n"
        "    h = x\n"
        "    for i in range(n):\n"      /* 3 */
        "        h = x + i\n"
        "    return h\n";
    expect("for: assigned and live after (not read in the body)", src3, 3, Q_CARRIED, "h");
    const char *src4 =
        "def f(x, n):\n"
        "    s = x\n"
        "    for i in range(n):\n"      /* 3 */
        "        h = s * 2\n"
        "        s = s + h\n"
        "    return x\n";
    expect("for: dead after the loop but read next iteration", src4, 3, Q_CARRIED, "s");
}

static void test_break_continue(void)
{
    const char *src =
        "def f(x, n):\n"
        "    y = x\n"
        "    z = x\n"
        "    while True:\n"             /* 4 */
        "        if y.sum() > n:\n"     /* 5 */
        "            break\n"
        "        z = y\n"
        "        y = y * 2\n"
        "    return z\n";
    expect("break: live after the if (z is killed before its next read)", src, 5, Q_LIVE_AFTER, "n y");
    expect("while with break: carried", src, 4, Q_CARRIED, "y z");
    const char *src2 =
        "def f(x, n):\n"
        "    a = x\n"
        "    b = x\n"
        "    for i in range(n):\n"      /* 4 */
        "        if i > 2:\n"
        "            continue\n"
        "        a = a + 1\n"
        "        b = a\n"
        "    return a\n";
    expect("continue: b is dead at the head", src2, 4, Q_CARRIED, "a");
}

static void test_nested_and_captured(void)
{
    const char *src =
        "def f(x, n, m):\n"
        "    acc = x\n"
        "    for i in range(n):\n"      /* 3 */
        "        row = acc\n"
        "        for j in range(m):\n"  /* 5 */
        "            row = row + j\n"
        "        acc = acc + row\n"
        "    return acc\n";
    expect("outer loop carried", src, 3, Q_CARRIED, "acc");
    expect("inner loop carried (row read after it)", src, 5, Q_CARRIED, "row");
    const char *src2 =
        "def f(x, c):\n"
        "    y = x\n"
        "    g = lambda: y\n"
        "    if c:\n"                   /* 4 */
        "        y = x * 2\n"
        "    return g()\n";
    expect("captured by a lambda: always live", src2, 4, Q_IF_OUT, "y");
    Parsed p;
    if (parse(&p, src2)) {
        check_true("y is captured", flow_is_captured(p.flow, intern(&p.c.names, "y")));
        check_true("x is not captured", !flow_is_captured(p.flow, intern(&p.c.names, "x")));
    }
    compiler_free(&p.c);
}

static void test_targets_and_globals(void)
{
    const char *src =
        "def f(x, c):\n"
        "    global G\n"
        "    a, (b, *d) = x\n"
        "    x.attr = 1\n"
        "    if c:\n"                   /* 5 */
        "        G = 1\n"
        "        a += 1\n"
        "        with ctx() as w:\n"
        "            b = w\n"
        "    return a, b, d, w\n";
    expect("tuple and starred targets, with-as; globals are not locals", src, 5, Q_IF_OUT, "a b w");
    const char *src2 =
        "def f(x, n):\n"
        "    y = x\n"
        "    for i in range(n):\n"      /* 3 */
        "        del y\n"
        "        y = i\n"
        "    return y\n";
    expect("del then assign", src2, 3, Q_CARRIED, "y");
}

static void test_other_statements(void)
{
    const char *src =
        "def f(x, n):\n"
        "    y = x\n"
        "    while n > 0:\n"          /* 3 */
        "        y = y + 1\n"
        "        n = n - 1\n"
        "    else:\n"
        "        z = y * 2\n"
        "    return z\n";
    expect("while-else: the else block reads what the loop carries", src, 3, Q_CARRIED, "n y");
    const char *src2 =
        "def f(x, c):\n"
        "    ys = [x]\n"
        "    if c:\n"                   /* 3 */
        "        k = 2\n"
        "        t = 3\n"
        "    zs = [y * k for y in ys]\n"
        "    return zs\n";
    expect("a comprehension reads k (not t)", src2, 3, Q_IF_OUT, "k");
    const char *src3 =
        "def f(x, c):\n"
        "    y = x\n"
        "    if c:\n"                   /* 3 */
        "        try:\n"
        "            y = g(x)\n"
        "        except ValueError:\n"
        "            w = 1\n"
        "    return y\n";
    expect("try inside an if", src3, 3, Q_IF_OUT, "y");
    const char *src4 =
        "def f(x, n):\n"
        "    acc = x\n"
        "    for i in range(n):\n"      /* 3 */
        "        def h(v):\n"
        "            return v + acc\n"
        "        acc = h(acc)\n"
        "    return x\n";
    expect("a nested def reading a carried name (h is defined before its use)", src4, 3, Q_CARRIED, "acc");
}

int main(void)
{
    test_if();
    test_loops();
    test_break_continue();
    test_nested_and_captured();
    test_targets_and_globals();
    test_other_statements();
    printf("1..%d\n", n_tests);
    return n_failed ? 1 : 0;
}
