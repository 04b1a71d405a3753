/* Diagnostics: the one format every stage reports in.
 *
 *   path:line:col: error: message
 *   <the source line>
 *   <caret and tildes under the span>
 *
 * followed by `note:` lines for related places.  Errors are printed as they
 * are reported; after max_errors the rest are counted but not printed. */
#ifndef TSC_DIAG_H
#define TSC_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

#include "support/arena.h"
#include "support/source.h"

typedef enum DiagLevel { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

/* A diagnostic kept back while held (see diag_hold). */
typedef struct HeldDiag {
    DiagLevel level;
    Span span;
    Span order;         /* where it sorts: a note sorts with its error */
    int seq;            /* report order, to keep the sort stable */
    const char *msg;
} HeldDiag;

typedef struct Diag {
    const SourceMap *sources;
    FILE *out;
    int nerrors, nwarnings;
    int max_errors;         /* 0 = unlimited */
    bool limit_reported;    /* "too many errors" already said */
    bool last_printed;      /* whether notes attach to a printed diagnostic */
    bool quiet_warnings;
    /* held diagnostics (diag_hold) */
    int hold_depth;
    bool limit_held;        /* "too many errors" waits for the release */
    Arena *hold_arena;
    HeldDiag *held;
    int nheld, held_cap;
    /* diagnostics of trials (diag_trial_begin), in report order */
    int trial_depth;
    Arena *trial_arena;
    HeldDiag *tried;
    int ntried, tried_cap;
} Diag;

/* A trial in progress: what diag_trial_end restores when it drops the
 * trial's diagnostics. */
typedef struct DiagTrial {
    int first;              /* the trial's first entry in Diag.tried */
    int nerrors, nwarnings;
    bool limit_reported, last_printed;
} DiagTrial;

#define DIAG_DEFAULT_MAX_ERRORS 20

void diag_init(Diag *d, const SourceMap *sources, FILE *out);

void diag_error(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note attaches to the diagnostic reported just before it. */
void diag_note(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note of its own (what the compiler did that the user may want to
 * know: a state_dict found inside a checkpoint, weights cast), printed
 * whatever came before it. */
void diag_remark(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_report(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap);

/* Holding: between diag_hold() and the matching diag_release(),
 * diagnostics are counted as they are reported but printed only at the
 * release, sorted by position (a note stays after its diagnostic).  The
 * front end holds while it lexes a whole file and then parses it, so the
 * messages of both come out in source order.  Holds nest; the outermost
 * release prints.  Held text lives in ARENA. */
void diag_hold(Diag *d, Arena *arena);
void diag_release(Diag *d);

/* Trials: diagnostics reported between diag_trial_begin() and
 * diag_trial_end() are counted and kept; at the end they are either let
 * through, in the order they were reported, or dropped as if they had
 * never been reported (the counts go back).  The interpreter tries a
 * module-level statement of an imported module so, and keeps the first
 * error as the cause of the names the statement would have bound.  Trials
 * nest; text lives in ARENA. */
void diag_trial_begin(Diag *d, Arena *arena, DiagTrial *t);
void diag_trial_end(Diag *d, const DiagTrial *t, bool keep);
/* The first error of trial T, NULL when it has none. */
const HeldDiag *diag_trial_first_error(const Diag *d, const DiagTrial *t);

/* Whether more errors were reported than are printed: stages may stop. */
bool diag_too_many(const Diag *d);

#endif
