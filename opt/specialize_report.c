/* Trace specialization's records and warnings: what each source location
 * did on the examples (a loop's iteration counts, a branch's choices, a
 * conversion's values), told the way torch.jit.trace's TracerWarning does
 * but with the place and the value:
 *
 *   loop.ts:18:9: warning: loop `for i in range(int(y))` unrolled 5 times;
 *       the trace is only valid for int(y) == 5
 *   loop.ts:18:24: warning: `int(y)` converts a tensor to a Python int;
 *       the trace freezes it to 5 */
#include <stdlib.h>
#include <string.h>

#include "opt/specialize.h"

/* ---- records ------------------------------------------------------------------------ */

static bool same_span(Span a, Span b)
{
    return a.file == b.file && a.start == b.start && a.end == b.end;
}

const SpecRecord *opt_spec_find(const SpecResult *r, SpecKind kind, Span span)
{
    for (int i = 0; i < r->records.len; i++) {
        const SpecRecord *rec = r->records.items[i];
        if (rec->kind == kind && same_span(rec->span, span))
            return rec;
    }
    return NULL;
}

SpecRecord *opt_spec_note(Arena *a, SpecResult *r, SpecKind kind, Span span, const char *outcome)
{
    SpecRecord *rec = (SpecRecord *)opt_spec_find(r, kind, span);
    if (!rec) {
        rec = arena_alloc(a, sizeof *rec);
        rec->kind = kind;
        rec->span = span;
        ptrvec_push(a, &r->records, rec);
    }
    rec->executions++;
    ptrvec_push(a, &rec->outcomes, (void *)outcome);
    return rec;
}

/* ---- source text -------------------------------------------------------------------- */

const char *opt_spec_source(Arena *a, const SourceMap *sm, Span span)
{
    const SourceFile *f = span.file >= 0 ? source_file(sm, span.file) : NULL;
    if (!f || span.start > f->len)
        return "?";
    uint32_t end = span.end > f->len ? f->len : span.end;
    const char *p = f->text + span.start, *e = f->text + end;
    const char *nl = memchr(p, '\n', (size_t)(e - p));
    if (nl)
        e = nl;
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        e--;
    if (e > p && e[-1] == ':')
        e--;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    return arena_strndup(a, p, (size_t)(e - p));
}

/* The span cut to its first line: carets under a loop's header, not its body. */
static Span first_line(const SourceMap *sm, Span span)
{
    const SourceFile *f = span.file >= 0 ? source_file(sm, span.file) : NULL;
    if (!f || span.start >= f->len || span.end > f->len)
        return span;
    const char *nl = memchr(f->text + span.start, '\n', span.end - span.start);
    if (nl)
        span.end = (uint32_t)(nl - f->text);
    return span;
}

/* The argument of "for X in range(ARG)" when HEADER is that, else NULL. */
static const char *range_argument(Arena *a, const char *header)
{
    if (strncmp(header, "for ", 4) != 0)
        return NULL;
    const char *r = strstr(header, " in range(");
    if (!r)
        return NULL;
    const char *p = r + strlen(" in range(");
    const char *q = p;
    int depth = 0;
    for (; *q; q++) {
        if (*q == '(' || *q == '[' || *q == '{')
            depth++;
        else if ((*q == ')' || *q == ']' || *q == '}') && depth-- == 0)
            break;
        else if (*q == ',' && depth == 0)
            return NULL;
    }
    if (*q != ')' || q[1] != '\0' || q == p)
        return NULL;
    return arena_strndup(a, p, (size_t)(q - p));
}

const char *opt_spec_subject(Arena *a, const SourceMap *sm, const SpecRecord *rec)
{
    const char *text = opt_spec_source(a, sm, rec->span);
    switch (rec->kind) {
    case SPEC_LOOP: return arena_sprintf(a, "loop `%s`", text);
    case SPEC_BRANCH: return arena_sprintf(a, "condition `%s`", text);
    case SPEC_CONVERSION: break;
    }
    return arena_sprintf(a, "`%s`", text);
}

/* ---- summaries ------------------------------------------------------------------------ */

static const char *times(Arena *a, int64_t n)
{
    return n == 1 ? "once" : n == 2 ? "twice" : arena_sprintf(a, "%lld times", (long long)n);
}

/* The outcomes in order, repeats counted ("True (3 times), False"), at
 * most 6 runs shown; *N_DISTINCT: how many different ones. */
static const char *distinct_outcomes(Arena *a, const SpecRecord *rec, int *n_distinct)
{
    const char *text = "";
    int runs = 0, n = 0;
    for (int i = 0; i < rec->outcomes.len;) {
        const char *o = rec->outcomes.items[i];
        int j = i + 1;
        while (j < rec->outcomes.len && !strcmp(rec->outcomes.items[j], o))
            j++;
        bool seen = false;
        for (int k = 0; k < i && !seen; k++)
            seen = !strcmp(rec->outcomes.items[k], o);
        n += !seen;
        if (runs < 6)
            text = arena_sprintf(a, "%s%s%s%s", text, runs ? ", " : "", o,
                                 j - i > 1 ? arena_sprintf(a, " (%d times)", j - i) : "");
        else if (runs == 6)
            text = arena_sprintf(a, "%s, ...", text);
        runs++;
        i = j;
    }
    *n_distinct = n;
    return n == 1 && rec->outcomes.len ? (const char *)rec->outcomes.items[0] : text;
}

const char *opt_spec_summary(Arena *a, const SpecRecord *rec)
{
    int n;
    const char *values = distinct_outcomes(a, rec, &n);
    switch (rec->kind) {
    case SPEC_LOOP:
        if (rec->executions == 1)
            return arena_sprintf(a, "%lld iteration%s", (long long)rec->min_count, rec->min_count == 1 ? "" : "s");
        if (rec->min_count == rec->max_count)
            return arena_sprintf(a, "%lld iterations in each of %d executions", (long long)rec->min_count,
                                 rec->executions);
        return arena_sprintf(a, "%lld to %lld iterations in %d executions", (long long)rec->min_count,
                             (long long)rec->max_count, rec->executions);
    case SPEC_BRANCH:
        if (rec->n_true == rec->executions || rec->n_true == 0)
            return rec->executions == 1 ? values
                                        : arena_sprintf(a, "%s in each of %d executions", values, rec->executions);
        return arena_sprintf(a, "True %s, False %s", times(a, rec->n_true),
                             times(a, rec->executions - rec->n_true));
    case SPEC_CONVERSION:
        break;
    }
    if (rec->executions == 1)
        return values;
    if (n == 1)
        return arena_sprintf(a, "%s in each of %d executions", values, rec->executions);
    return arena_sprintf(a, "%s in %d executions", values, rec->executions);
}

/* ---- warnings -------------------------------------------------------------------------- */

static const char *conversion_target(const char *what)
{
    if (!strcmp(what, "int"))
        return "a Python int";
    if (!strcmp(what, "float"))
        return "a Python float";
    if (!strcmp(what, "bool"))
        return "a Python bool";
    if (!strcmp(what, "index"))
        return "a Python int (an index)";
    return "a Python number";
}

/* Whether R's outcome came from the inputs' sizes only (a dynamic axis):
 * the trace is then only valid for those sizes. */
static bool size_dependent(const SpecRecord *r)
{
    return r->input_dependent && !r->from_data;
}

static const char *loop_message(Arena *a, const SourceMap *sm, const SpecRecord *r)
{
    const char *header = opt_spec_source(a, sm, r->span);
    const char *arg = range_argument(a, header);
    const char *count = r->executions == 1 ? times(a, r->min_count)
                        : r->min_count == r->max_count
                            ? arena_sprintf(a, "%s in each of its %d executions", times(a, r->min_count), r->executions)
                            : arena_sprintf(a, "%lld to %lld times in its %d executions", (long long)r->min_count,
                                            (long long)r->max_count, r->executions);
    const char *valid;
    if (arg && r->executions == 1 && !r->condition_exit)
        valid = r->min_count == 0 ? arena_sprintf(a, "for %s <= 0", arg)
                                  : arena_sprintf(a, "for %s == %lld", arg, (long long)r->min_count);
    else if (r->executions == 1 && size_dependent(r))
        valid = arena_sprintf(a, "for the input sizes that make it run %s", times(a, r->min_count));
    else if (r->executions == 1)
        valid = arena_sprintf(a, "when it runs %s", times(a, r->min_count));
    else
        valid = "when each execution runs as many times";
    return arena_sprintf(a, "loop `%s` unrolled %s; the trace is only valid %s", header, count, valid);
}

static const char *branch_message(Arena *a, const SourceMap *sm, const SpecRecord *r)
{
    const char *cond = opt_spec_source(a, sm, r->span);
    if (r->n_true == r->executions || r->n_true == 0) {
        const char *v = r->n_true ? "True" : "False";
        const char *when = r->executions == 1 ? "on the example"
                                              : arena_sprintf(a, "in each of its %d executions", r->executions);
        if (size_dependent(r))
            return arena_sprintf(a, "condition `%s` is %s %s; the trace keeps only that branch and is only "
                                 "valid for the input sizes where it is %s", cond, v, when, v);
        return arena_sprintf(a, "condition `%s` is %s %s; the trace keeps only that branch", cond, v, when);
    }
    return arena_sprintf(a, "condition `%s` is True %s and False %s; the trace keeps the branch each "
                         "execution took", cond, times(a, r->n_true), times(a, r->executions - r->n_true));
}

static const char *conversion_message(Arena *a, const SourceMap *sm, const SpecRecord *r)
{
    int n;
    const char *values = distinct_outcomes(a, r, &n);
    const char *frozen = r->executions == 1 ? values
                         : n == 1 ? arena_sprintf(a, "%s in each of its %d executions", values, r->executions)
                                  : arena_sprintf(a, "%s in its %d executions", values, r->executions);
    if (r->what && !strcmp(r->what, "parameter"))
        return arena_sprintf(a, "parameter `%s` is a Python number; the trace freezes it to %s",
                             opt_spec_source(a, sm, r->span), frozen);
    return arena_sprintf(a, "`%s` converts a tensor to %s; the trace freezes it to %s%s",
                         opt_spec_source(a, sm, r->span), conversion_target(r->what ? r->what : ""), frozen,
                         size_dependent(r) ? " and is only valid for the input sizes that give it" : "");
}

static int by_position(const void *pa, const void *pb)
{
    const SpecRecord *a = *(const SpecRecord *const *)pa, *b = *(const SpecRecord *const *)pb;
    if (a->span.file != b->span.file)
        return a->span.file < b->span.file ? -1 : 1;
    if (a->span.start != b->span.start)
        return a->span.start < b->span.start ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind > b->kind ? -1 : 1;     /* a loop before what its header converts */
    return a->span.end < b->span.end ? -1 : a->span.end > b->span.end;
}

void opt_spec_warn(const SpecResult *r, const SourceMap *sm, Arena *a, Diag *d)
{
    int n = r->records.len;
    if (!n)
        return;
    const SpecRecord **sorted = malloc(sizeof *sorted * (size_t)n);
    memcpy(sorted, r->records.items, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, by_position);
    for (int i = 0; i < n; i++) {
        const SpecRecord *rec = sorted[i];
        const char *msg = rec->kind == SPEC_LOOP ? loop_message(a, sm, rec)
                          : rec->kind == SPEC_CONVERSION ? conversion_message(a, sm, rec)
                          : rec->input_dependent ? branch_message(a, sm, rec) : NULL;
        if (msg)
            diag_warning(d, first_line(sm, rec->span), "%s", msg);
    }
    free(sorted);
}
