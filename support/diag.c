/* Diagnostic printing: location header, the source line, caret and tildes.
 * Lines are shown through a window so a megabyte-long line prints at most a
 * couple hundred bytes; control bytes are shown as spaces so the caret stays
 * aligned and the terminal stays sane. */
#include "support/diag.h"

#include <stdlib.h>
#include <string.h>

#define DIAG_WINDOW 160     /* bytes of a long line shown around the caret */

void diag_init(Diag *d, const SourceMap *sources, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->sources = sources;
    d->out = out;
    d->max_errors = DIAG_DEFAULT_MAX_ERRORS;
}

/* True once an error beyond the limit was reported (and "too many errors"
 * said): a stage that stops then has shown every error it may show. */
bool diag_too_many(const Diag *d)
{
    return d->max_errors > 0 && d->nerrors > d->max_errors;
}

static const char *diag_level_name(DiagLevel level)
{
    switch (level) {
    case DIAG_ERROR: return "error";
    case DIAG_WARNING: return "warning";
    case DIAG_NOTE: return "note";
    }
    return "error";
}

/* Byte offset of column COL (1-based, in code points) within LINE. */
static uint32_t diag_col_to_byte(const char *line, uint32_t len, int col)
{
    uint32_t i = 0;
    int c = 1;
    while (i < len && c < col) {
        i++;
        while (i < len && ((unsigned char)line[i] & 0xC0) == 0x80)
            i++;
        c++;
    }
    return i;
}

static void diag_put_visible(FILE *out, const char *s, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        fputc(ch == '\t' || ch >= 0x20 ? ch : ' ', out);
    }
}

/* Prints the source line holding the span's start, and the marker line. */
static void diag_print_excerpt(Diag *d, const SourceFile *f, Span span, int line, int col)
{
    uint32_t len;
    const char *text = source_line_text(f, line, &len);
    uint32_t caret = diag_col_to_byte(text, len, col);
    uint32_t from = 0, to = len;
    if (len > DIAG_WINDOW) {
        from = caret > DIAG_WINDOW / 2 ? caret - DIAG_WINDOW / 2 : 0;
        /* do not start in the middle of a UTF-8 sequence */
        while (from > 0 && ((unsigned char)text[from] & 0xC0) == 0x80)
            from--;
        to = from + DIAG_WINDOW < len ? from + DIAG_WINDOW : len;
        while (to < len && ((unsigned char)text[to] & 0xC0) == 0x80)
            to++;
    }
    diag_put_visible(d->out, text + from, to - from);
    fputc('\n', d->out);
    for (uint32_t i = from; i < caret && i < to; i++) {
        unsigned char ch = (unsigned char)text[i];
        if ((ch & 0xC0) == 0x80)
            continue;
        fputc(ch == '\t' ? '\t' : ' ', d->out);
    }
    fputc('^', d->out);
    /* tildes to the end of the span, on this line only */
    uint32_t line_start = (uint32_t)(text - f->text);
    uint32_t span_end = span.end > line_start + len ? line_start + len : span.end;
    uint32_t i = caret + 1;
    while (i < len && ((unsigned char)text[i] & 0xC0) == 0x80)
        i++;
    for (; line_start + i < span_end && i < to; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80)
            fputc('~', d->out);
    fputc('\n', d->out);
}

static void diag_vprint(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap)
{
    const SourceFile *f = d->sources ? source_file(d->sources, span.file) : NULL;
    int line = 0, col = 0;
    if (f) {
        source_line_col(f, span.start, &line, &col);
        fprintf(d->out, "%s:%d:%d: %s: ", f->path, line, col, diag_level_name(level));
    } else {
        fprintf(d->out, "tsc2onnx: %s: ", diag_level_name(level));
    }
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (f)
        diag_print_excerpt(d, f, span, line, col);
}

static void diag_print(Diag *d, DiagLevel level, Span span, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(d, level, span, fmt, ap);
    va_end(ap);
}

static void diag_print_limit(Diag *d)
{
    fprintf(d->out, "tsc2onnx: too many errors (%d); stopping\n", d->max_errors);
}

/* Keeps a finished message for the release of a hold. */
static void diag_keep_text(Diag *d, DiagLevel level, Span span, const char *msg)
{
    if (d->nheld == d->held_cap) {
        int cap = d->held_cap ? d->held_cap * 2 : 16;
        d->held = arena_grow(d->hold_arena, d->held, sizeof(HeldDiag) * (size_t)d->held_cap,
                             sizeof(HeldDiag) * (size_t)cap);
        d->held_cap = cap;
    }
    HeldDiag *h = &d->held[d->nheld];
    h->level = level;
    h->span = span;
    bool follows = level == DIAG_NOTE || span.file < 0;
    h->order = follows && d->nheld > 0 ? d->held[d->nheld - 1].order : span;
    h->seq = d->nheld;
    h->msg = msg;
    d->nheld++;
}

/* Keeps a message of the trial in progress. */
static void diag_try(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap)
{
    if (d->ntried == d->tried_cap) {
        int cap = d->tried_cap ? d->tried_cap * 2 : 16;
        d->tried = arena_grow(d->trial_arena, d->tried, sizeof(HeldDiag) * (size_t)d->tried_cap,
                              sizeof(HeldDiag) * (size_t)cap);
        d->tried_cap = cap;
    }
    HeldDiag *h = &d->tried[d->ntried];
    h->level = level;
    h->span = span;
    h->order = span;
    h->seq = d->ntried;
    h->msg = arena_vsprintf(d->trial_arena, fmt, ap);
    d->ntried++;
}

static void diag_keep(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap)
{
    if (d->nheld == d->held_cap) {
        int cap = d->held_cap ? d->held_cap * 2 : 16;
        d->held = arena_grow(d->hold_arena, d->held, sizeof(HeldDiag) * (size_t)d->held_cap,
                             sizeof(HeldDiag) * (size_t)cap);
        d->held_cap = cap;
    }
    HeldDiag *h = &d->held[d->nheld];
    h->level = level;
    h->span = span;
    /* a note, or a diagnostic without a place, sorts with the one before */
    bool follows = level == DIAG_NOTE || span.file < 0;
    h->order = follows && d->nheld > 0 ? d->held[d->nheld - 1].order : span;
    h->seq = d->nheld;
    h->msg = arena_vsprintf(d->hold_arena, fmt, ap);
    d->nheld++;
}

void diag_report(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap)
{
    if (level == DIAG_ERROR) {
        d->nerrors++;
        /* a trial keeps every error: the limit applies when it is let through */
        if (d->trial_depth == 0 && d->max_errors > 0 && d->nerrors > d->max_errors) {
            if (!d->limit_reported && d->hold_depth == 0)
                diag_print_limit(d);
            else if (!d->limit_reported)
                d->limit_held = true;
            d->limit_reported = true;
            d->last_printed = false;
            return;
        }
    } else if (level == DIAG_WARNING) {
        d->nwarnings++;
        if (d->quiet_warnings) {
            d->last_printed = false;
            return;
        }
    } else if (!d->last_printed) {
        return;
    }
    if (level != DIAG_NOTE)
        d->last_printed = true;
    if (d->trial_depth > 0)
        diag_try(d, level, span, fmt, ap);
    else if (d->hold_depth > 0)
        diag_keep(d, level, span, fmt, ap);
    else
        diag_vprint(d, level, span, fmt, ap);
}

void diag_hold(Diag *d, Arena *arena)
{
    if (d->hold_depth++ == 0) {
        d->hold_arena = arena;
        d->held = NULL;
        d->nheld = d->held_cap = 0;
    }
}

static int held_compare(const void *pa, const void *pb)
{
    const HeldDiag *a = pa, *b = pb;
    if (a->order.file != b->order.file)
        return a->order.file < b->order.file ? -1 : 1;
    if (a->order.start != b->order.start)
        return a->order.start < b->order.start ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

void diag_release(Diag *d)
{
    if (d->hold_depth == 0 || --d->hold_depth > 0)
        return;
    if (d->nheld > 1)
        qsort(d->held, (size_t)d->nheld, sizeof *d->held, held_compare);
    for (int i = 0; i < d->nheld; i++)
        diag_print(d, d->held[i].level, d->held[i].span, "%s", d->held[i].msg);
    if (d->limit_held)
        diag_print_limit(d);
    d->limit_held = false;
    d->nheld = 0;
}

void diag_error(Diag *d, Span span, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_report(d, DIAG_ERROR, span, fmt, ap);
    va_end(ap);
}

void diag_warning(Diag *d, Span span, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_report(d, DIAG_WARNING, span, fmt, ap);
    va_end(ap);
}

void diag_note(Diag *d, Span span, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_report(d, DIAG_NOTE, span, fmt, ap);
    va_end(ap);
}

/* ---- trials ---- */

void diag_trial_begin(Diag *d, Arena *arena, DiagTrial *t)
{
    if (d->trial_depth++ == 0) {
        d->trial_arena = arena;
        d->tried = NULL;
        d->ntried = d->tried_cap = 0;
    }
    t->first = d->ntried;
    t->nerrors = d->nerrors;
    t->nwarnings = d->nwarnings;
    t->limit_reported = d->limit_reported;
    t->last_printed = d->last_printed;
}

void diag_trial_end(Diag *d, const DiagTrial *t, bool keep)
{
    d->trial_depth--;
    if (!keep) {
        d->ntried = t->first;
        d->nerrors = t->nerrors;
        d->nwarnings = t->nwarnings;
        d->limit_reported = t->limit_reported;
        d->last_printed = t->last_printed;
        return;
    }
    if (d->trial_depth > 0)
        return;     /* the enclosing trial decides */
    for (int i = t->first; i < d->ntried; i++) {
        const HeldDiag *h = &d->tried[i];
        if (d->hold_depth > 0)
            diag_keep_text(d, h->level, h->span, h->msg);
        else
            diag_print(d, h->level, h->span, "%s", h->msg);
    }
    d->ntried = t->first;
}

const HeldDiag *diag_trial_first_error(const Diag *d, const DiagTrial *t)
{
    for (int i = t->first; i < d->ntried; i++)
        if (d->tried[i].level == DIAG_ERROR)
            return &d->tried[i];
    return NULL;
}

void diag_remark(Diag *d, Span span, const char *fmt, ...)
{
    d->last_printed = true;     /* a note prints after a printed diagnostic */
    va_list ap;
    va_start(ap, fmt);
    diag_report(d, DIAG_NOTE, span, fmt, ap);
    va_end(ap);
    d->last_printed = false;    /* a remark stands alone: later notes are not its own */
}
