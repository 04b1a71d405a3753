/* Where emitted bytes go.  Every *_file entry point of emit/ writes through
 * emit_write_path(): a regular file is written to a temporary file in the
 * same directory (mkstemp) and renamed over the target only after all bytes
 * were written and the file closed cleanly, so readers never see a partial
 * model and a failure leaves the old target untouched.  Standard output
 * ("-") and existing non-regular files (/dev/null, /dev/full, pipes) cannot
 * be replaced by rename and are written in place, and so are existing paths
 * in /dev and /proc and links into /proc (/dev/stdout redirected to a file
 * is a regular file, but renaming over it would replace the device's link);
 * a symbolic link to a regular file is itself replaced by the new file.
 * With a PendingFiles (support/pending.h), the temporary file is handed to
 * it and renamed by its owner, with the run's other outputs.  The temporary file is
 * not fsync'ed: atomicity against concurrent readers matters here, not
 * durability across a crash. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit_internal.h"
#include "support/pending.h"

/* stdio buffer of a file being written: few write(2) calls for the many
 * small appends protobuf-c makes. */
#define EMIT_FILE_BUFFER (256u * 1024u)

int emit_report(Diag *d, const char *path, int err, const char *reason)
{
    const char *why = reason ? reason
                      : err == EMIT_ERR_SOURCE_CHANGED ? "the weights file changed while it was read"
                      : strerror(err ? err : EIO);
    if (strcmp(path, "-") == 0)
        diag_error(d, SPAN_NONE, "cannot write to standard output: %s", why);
    else
        diag_error(d, SPAN_NONE, "cannot write '%s': %s", path, why);
    return EMIT_STATUS_IO;
}

/* Runs WRITE into OUT and flushes OUT.  Returns 0 or the errno of the
 * failure (EIO when nothing better is known). */
typedef struct EmitJob {
    EmitWriter write;
    const void *ctx;
    const char *companion_tmp, *companion;
    void (*after)(const char *companion);
    PendingFiles *pending;      /* NULL: rename at once */
} EmitJob;

static int emit_run(const IrModel *m, const SourceMap *sm, FILE *out,
                    const EmitJob *job, const char **reason)
{
    errno = 0;
    if (job->write(m, sm, out, reason, job->ctx) != 0)
        return errno ? errno : EIO;
    if (fflush(out) != 0 || ferror(out))
        return errno ? errno : EIO;
    return 0;
}

/* Standard output, or an existing file that is not a regular file. */
static int emit_write_in_place(const IrModel *m, const SourceMap *sm, const char *path,
                               Diag *d, const EmitJob *job)
{
    bool is_stdout = strcmp(path, "-") == 0;
    FILE *out = is_stdout ? stdout : fopen(path, "wb");
    if (!out)
        return emit_report(d, path, errno, NULL);
    const char *reason = NULL;
    int err = emit_run(m, sm, out, job, &reason);
    if (!is_stdout && fclose(out) != 0 && !err)
        err = errno ? errno : EIO;
    return err ? emit_report(d, path, err, reason) : 0;
}

char *emit_temp_template(Arena *a, const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return arena_sprintf(a, ".%s.XXXXXX", path);
    return arena_sprintf(a, "%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
}

/* Permissions the new file gets: those of the file it replaces, else what
 * open(2) with 0666 would give under the process umask. */
static mode_t emit_new_mode(const struct stat *old, bool exists)
{
    if (exists)
        return old->st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* The temporary file FD (registered with JOB->pending, which renames or
 * removes it) written. */
static int emit_write_pending(const IrModel *m, const SourceMap *sm, int fd, const char *path, Diag *d,
                              const EmitJob *job, mode_t mode)
{
    FILE *out = fchmod(fd, mode) == 0 ? fdopen(fd, "wb") : NULL;
    if (!out) {
        int err = errno;
        close(fd);
        return emit_report(d, path, err, NULL);
    }
    setvbuf(out, arena_alloc_raw(m->arena, EMIT_FILE_BUFFER), _IOFBF, EMIT_FILE_BUFFER);
    const char *reason = NULL;
    int err = emit_run(m, sm, out, job, &reason);
    if (fclose(out) != 0 && !err)
        err = errno ? errno : EIO;
    return err ? emit_report(d, path, err, reason) : 0;
}

/* Writes a temporary file and renames it over PATH. */
static int emit_write_atomic(const IrModel *m, const SourceMap *sm, const char *path,
                             Diag *d, const EmitJob *job, const struct stat *old, bool exists)
{
    char *tmp = emit_temp_template(m->arena, path);
    int fd = mkstemp(tmp);
    if (fd < 0)
        return emit_report(d, path, errno, NULL);
    if (job->pending) {
        int perr = job->pending->created(job->pending, tmp, path);
        if (perr) {
            close(fd);
            return emit_report(d, path, perr, NULL);
        }
        return emit_write_pending(m, sm, fd, path, d, job, emit_new_mode(old, exists));
    }
    FILE *out = fdopen(fd, "wb");
    if (!out) {
        int err = errno;
        close(fd);
        unlink(tmp);
        return emit_report(d, path, err, NULL);
    }
    setvbuf(out, arena_alloc_raw(m->arena, EMIT_FILE_BUFFER), _IOFBF, EMIT_FILE_BUFFER);
    const char *reason = NULL;
    int err = 0;
    if (fchmod(fd, emit_new_mode(old, exists)) != 0)
        err = errno;
    if (!err)
        err = emit_run(m, sm, out, job, &reason);
    if (fclose(out) != 0 && !err)
        err = errno ? errno : EIO;
    if (!err && job->companion && rename(job->companion_tmp, job->companion) != 0) {
        unlink(tmp);
        unlink(job->companion_tmp);
        return emit_report(d, job->companion, errno, NULL);
    }
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        unlink(tmp);
        if (job->companion)
            unlink(job->companion_tmp);     /* no-op once renamed */
        return emit_report(d, path, err, reason);
    }
    if (job->after)
        job->after(job->companion);
    return 0;
}

/* A path in /dev or /proc, or a symbolic link into /proc: /dev/stdout
 * names whatever standard output is, a regular file when it is
 * redirected, and renaming over it would replace the device's link. */
static bool emit_special_path(const char *path)
{
    if (strncmp(path, "/dev/", 5) == 0 || strncmp(path, "/proc/", 6) == 0)
        return true;
    char link[16];
    ssize_t n = readlink(path, link, sizeof link);
    return n >= 6 && memcmp(link, "/proc/", 6) == 0;
}

static int emit_write_job(const IrModel *m, const SourceMap *sm, const char *path, Diag *d,
                          const EmitJob *job)
{
    if (strcmp(path, "-") == 0 && !job->companion)
        return emit_write_in_place(m, sm, path, d, job);
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode))
        return emit_report(d, path, EISDIR, NULL);
    bool special = exists && (!S_ISREG(st.st_mode) || emit_special_path(path));
    if (special && !job->companion)
        return emit_write_in_place(m, sm, path, d, job);
    if (special) {
        if (!job->pending)
            unlink(job->companion_tmp);
        return emit_report(d, path, 0, "a model with external data must go to a regular file");
    }
    return emit_write_atomic(m, sm, path, d, job, &st, exists);
}

int emit_write_path(const IrModel *m, const SourceMap *sm, const char *path,
                    Diag *d, EmitWriter write, PendingFiles *pending)
{
    EmitJob job = {.write = write, .pending = pending};
    return emit_write_job(m, sm, path, d, &job);
}

int emit_write_path_with(const IrModel *m, const SourceMap *sm, const char *path, Diag *d,
                         EmitWriter write, const void *ctx, const char *companion_tmp,
                         const char *companion, void (*after)(const char *companion),
                         PendingFiles *pending)
{
    EmitJob job = {.write = write, .ctx = ctx, .companion_tmp = companion_tmp, .companion = companion,
                   .after = after, .pending = pending};
    return emit_write_job(m, sm, path, d, &job);
}
