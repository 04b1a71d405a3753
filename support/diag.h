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

#include "support/source.h"

typedef enum DiagLevel { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

typedef struct Diag {
    const SourceMap *sources;
    FILE *out;
    int nerrors, nwarnings;
    int max_errors;         /* 0 = unlimited */
    bool limit_reported;    /* "too many errors" already said */
    bool last_printed;      /* whether notes attach to a printed diagnostic */
    bool quiet_warnings;
} Diag;

#define DIAG_DEFAULT_MAX_ERRORS 20

void diag_init(Diag *d, const SourceMap *sources, FILE *out);

void diag_error(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_warning(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A note attaches to the diagnostic reported just before it. */
void diag_note(Diag *d, Span span, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_report(Diag *d, DiagLevel level, Span span, const char *fmt, va_list ap);

/* Whether the error limit has been reached: stages may stop early. */
bool diag_too_many(const Diag *d);

#endif
