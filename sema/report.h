/* --report: what the compiler met on the way, for a markdown report.
 *
 * In report mode a call the compiler cannot lower (a torch function, a
 * Tensor method or a torch.ops operator with no mapping) is recorded with
 * its place and counted instead of stopping the compilation: evaluation
 * goes on with a stand-in result, so one run lists every unsupported call
 * reached.  Trace mode's specializations (a branch fixed, a loop unrolled,
 * a size frozen) are recorded through report_specialization by the code
 * that makes them.  The driver writes the report (driver/report.c). */
#ifndef TSC_REPORT_H
#define TSC_REPORT_H

#include "sema/interp.h"

typedef struct ReportEntry {
    const char *what;           /* "torch.maximum", "Tensor.max", ... */
    Span first;                 /* in the user's code */
    int count;
} ReportEntry;

typedef struct Report {
    PtrVec unsupported;         /* ReportEntry*, in order of first sight */
    PtrVec specializations;     /* ReportEntry* */
    IrModel *model;             /* the graph as far as it was built */
} Report;

/* The domain of the stand-in nodes (never in a written model). */
#define REPORT_STAND_IN_DOMAIN "tsc2onnx.unsupported"

/* Records WHAT at SPAN when report mode is on; returns whether it did. */
bool report_unsupported(Interp *in, const char *what, Span span);

/* In report mode: records the call WHAT(*ARGS) and returns its stand-in
 * value; NULL when report mode is off. */
Value *report_unsupported_call(Interp *in, const char *what, CallArgs *args, Span span);

/* get_attr's hook, in report mode: an attribute missing from a stdlib
 * module or a tensor is recorded, and is a function returning a stand-in;
 * NULL otherwise. */
Value *report_missing_attr(Interp *in, Value *obj, const char *name, Span span);

/* Records a specialization trace mode makes (no-op outside report mode). */
void report_specialization(Interp *in, const char *what, Span span);

#endif
