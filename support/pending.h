/* Output files written beside their targets and renamed into place later.
 *
 * A run that writes several files (a model, its external data, a report,
 * the arrays of `tsc2onnx run -o DIR`) must leave all of them or none.  The
 * writers of emit/ and io/ take a PendingFiles: they report each temporary
 * file to it the moment the file exists, before any byte is written, and
 * leave the renaming to its owner (driver/outputs.c), which renames every
 * temporary file once all were written and removes them all otherwise, on
 * SIGINT, SIGTERM and SIGHUP included.  Once reported, a temporary file is
 * the owner's: the writer neither renames nor removes it, even on failure. */
#ifndef TSC_PENDING_H
#define TSC_PENDING_H

typedef struct PendingFiles PendingFiles;
struct PendingFiles {
    /* TMP exists and is to replace TARGET; both strings are copied.
     * Returns 0, or an errno value when TMP could not be recorded (it is
     * removed then). */
    int (*created)(PendingFiles *p, const char *tmp, const char *target);
    /* TMP, registered before, is not wanted after all: removed. */
    void (*dropped)(PendingFiles *p, const char *tmp);
    /* TMP, registered before, is to replace TARGET instead: a name known
     * only once the file is written (a data file named after its content).
     * AFTER, when not NULL, is called with TARGET once all of the run's
     * files were renamed, holding the same lock (it removes the files
     * TARGET supersedes).  Returns 0, or an errno value. */
    int (*retarget)(PendingFiles *p, const char *tmp, const char *target, void (*after)(const char *target));
};

#endif
