/* The run's output files: every file a command writes goes first to a
 * temporary file beside its target, registered here the moment it exists
 * (support/pending.h).  When everything was written, driver_outputs_commit()
 * renames them all, in the order they were created, with SIGINT, SIGTERM and
 * SIGHUP blocked, so a signal cannot stop the renames half way; after any
 * failure driver_outputs_discard() removes them all.  A signal that arrives
 * while temporary files exist removes them (unlink(2) is async-signal-safe)
 * and then ends the process as the signal would have; exit() (the arena's
 * "fatal: out of memory") removes them too.
 *
 * Two runs writing the same outputs at once (parallel compiles to one
 * `-o out.onnx --external-data`) must not end with the model of one and
 * the data file of the other: the renames of one run are made holding an
 * exclusive flock(2) on the directory of its first output, so the runs'
 * rename sequences do not interleave and the last run's files are the ones
 * left, all of them; the files a retargeted entry supersedes (the data
 * files of replaced pairs, named after their content: emit_external.c) are
 * removed under the same lock, after all renames.
 *
 * The registry is process-wide state, which is why it lives in driver/.
 * It is changed only with the three signals blocked, so the handler always
 * sees a consistent array. */
#define _DEFAULT_SOURCE     /* flock(2) */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver/driver.h"
#include "support/pending.h"

typedef struct TempEntry {
    char *tmp, *target;
    void (*after)(const char *target);     /* see PendingFiles.retarget */
} TempEntry;

static TempEntry *temp_entries;
static volatile sig_atomic_t temp_count;
static int temp_cap;
static bool outputs_ready;

static const int outputs_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define N_OUTPUT_SIGNALS ((int)(sizeof outputs_signals / sizeof outputs_signals[0]))

static void outputs_block(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < N_OUTPUT_SIGNALS; i++)
        sigaddset(&set, outputs_signals[i]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void outputs_unblock(const sigset_t *old)
{
    sigprocmask(SIG_SETMASK, old, NULL);
}

/* Async-signal-safe: unlink(2) only. */
static void outputs_unlink_all(void)
{
    for (int i = 0; i < temp_count; i++)
        unlink(temp_entries[i].tmp);
}

static void outputs_on_signal(int sig)
{
    outputs_unlink_all();
    signal(sig, SIG_DFL);
    raise(sig);     /* delivered when the handler returns: the default action */
}

/* The weights file's mapping, watched for SIGBUS (driver_watch_mapping). */
static const char *volatile watched_base;
static volatile size_t watched_size;

/* SIGBUS inside the mapping of the weights: the file shrank (or its
 * storage failed) while it was read.  The read cannot be resumed, and
 * nothing the compile made from it can be trusted, so the process ends
 * here, as an I/O error (status 4): the message is written with write(2),
 * the temporary files removed, then _exit.  Any other SIGBUS is a crash
 * and keeps its default action. */
static void outputs_on_sigbus(int sig, siginfo_t *info, void *uctx)
{
    (void)uctx;
    const char *addr = info ? (const char *)info->si_addr : NULL;
    const char *base = watched_base;
    if (base && addr >= base && addr < base + watched_size) {
        static const char msg[] = "tsc2onnx: error: the weights file changed while it was read\n";
        ssize_t r = write(2, msg, sizeof msg - 1);
        (void)r;
        outputs_unlink_all();
        _exit(EXIT_IO);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

void driver_watch_mapping(const void *base, size_t size)
{
    watched_size = size;
    watched_base = base;
}

static void outputs_at_exit(void)
{
    outputs_unlink_all();
}

void driver_outputs_init(void)
{
    if (outputs_ready)
        return;
    outputs_ready = true;
    for (int i = 0; i < N_OUTPUT_SIGNALS; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = outputs_on_signal;
        sigemptyset(&sa.sa_mask);
        for (int k = 0; k < N_OUTPUT_SIGNALS; k++)
            sigaddset(&sa.sa_mask, outputs_signals[k]);
        /* a signal ignored by whoever started us (nohup) stays ignored */
        if (sigaction(outputs_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(outputs_signals[i], &sa, NULL);
    }
    struct sigaction bus;
    memset(&bus, 0, sizeof bus);
    bus.sa_sigaction = outputs_on_sigbus;
    bus.sa_flags = SA_SIGINFO;
    sigemptyset(&bus.sa_mask);
    sigaction(SIGBUS, &bus, NULL);
    atexit(outputs_at_exit);
}

static void outputs_free_entries(void)
{
    for (int i = 0; i < temp_count; i++) {
        free(temp_entries[i].tmp);
        free(temp_entries[i].target);
    }
    temp_count = 0;
}

static int outputs_add(const char *tmp, const char *target)
{
    TempEntry e = {strdup(tmp), strdup(target), NULL};
    sigset_t old;
    outputs_block(&old);
    int err = e.tmp && e.target ? 0 : ENOMEM;
    if (!err && temp_count == temp_cap) {
        int cap = temp_cap ? temp_cap * 2 : 8;
        TempEntry *grown = malloc(sizeof *grown * (size_t)cap);
        if (grown) {
            if (temp_count)
                memcpy(grown, temp_entries, sizeof *grown * (size_t)temp_count);
            free(temp_entries);
            temp_entries = grown;
            temp_cap = cap;
        } else {
            err = ENOMEM;
        }
    }
    if (!err)
        temp_entries[temp_count] = e, temp_count = temp_count + 1;
    outputs_unblock(&old);
    if (err) {
        unlink(tmp);
        free(e.tmp);
        free(e.target);
    }
    return err;
}

static int outputs_created(PendingFiles *p, const char *tmp, const char *target)
{
    (void)p;
    return outputs_add(tmp, target);
}

static int outputs_retarget(PendingFiles *p, const char *tmp, const char *target,
                            void (*after)(const char *target))
{
    (void)p;
    char *copy = strdup(target);
    if (!copy)
        return ENOMEM;
    sigset_t old;
    outputs_block(&old);
    int err = ENOENT;
    for (int i = 0; i < temp_count && err; i++)
        if (strcmp(temp_entries[i].tmp, tmp) == 0) {
            free(temp_entries[i].target);
            temp_entries[i].target = copy;
            temp_entries[i].after = after;
            err = 0;
        }
    outputs_unblock(&old);
    if (err)
        free(copy);
    return err;
}

static void outputs_dropped(PendingFiles *p, const char *tmp)
{
    (void)p;
    sigset_t old;
    outputs_block(&old);
    for (int i = 0; i < temp_count; i++)
        if (strcmp(temp_entries[i].tmp, tmp) == 0) {
            unlink(temp_entries[i].tmp);
            free(temp_entries[i].tmp);
            free(temp_entries[i].target);
            for (int k = i + 1; k < temp_count; k++)
                temp_entries[k - 1] = temp_entries[k];
            temp_count = temp_count - 1;
            break;
        }
    outputs_unblock(&old);
}

PendingFiles *driver_pending_files(void)
{
    static PendingFiles pending = {outputs_created, outputs_dropped, outputs_retarget};
    return &pending;
}

bool driver_outputs_pending(void)
{
    return temp_count > 0;
}

void driver_outputs_discard(void)
{
    sigset_t old;
    outputs_block(&old);
    outputs_unlink_all();
    outputs_free_entries();
    outputs_unblock(&old);
}

/* An exclusive lock on the directory of TARGET, held until the returned
 * descriptor is closed; -1 when it cannot be had (renaming goes on: the
 * lock only orders concurrent runs). */
static int outputs_lock_dir(const char *target)
{
    const char *slash = strrchr(target, '/');
    char *dir = slash ? strndup(target, (size_t)(slash - target) + (slash == target)) : strdup(".");
    int fd = dir ? open(dir, O_RDONLY | O_CLOEXEC | O_DIRECTORY) : -1;
    free(dir);
    if (fd >= 0 && flock(fd, LOCK_EX) != 0) {
        close(fd);
        fd = -1;
    }
    return fd;
}

int driver_outputs_commit(void)
{
    sigset_t old;
    outputs_block(&old);
    int lock = temp_count > 1 ? outputs_lock_dir(temp_entries[0].target) : -1;
    int err = 0, i = 0;
    for (; i < temp_count && !err; i++)
        if (rename(temp_entries[i].tmp, temp_entries[i].target) != 0) {
            err = errno;
            fprintf(stderr, "tsc2onnx: error: cannot write '%s': %s\n", temp_entries[i].target, strerror(err));
        }
    for (int k = i - (err != 0); k < temp_count; k++)
        unlink(temp_entries[k].tmp);
    for (int k = 0; k < temp_count && !err; k++)
        if (temp_entries[k].after)
            temp_entries[k].after(temp_entries[k].target);
    if (lock >= 0)
        close(lock);
    outputs_free_entries();
    outputs_unblock(&old);
    return err ? EXIT_IO : EXIT_OK;
}

char *driver_temp_template(Arena *a, const char *target)
{
    const char *slash = strrchr(target, '/');
    if (!slash)
        return arena_sprintf(a, ".%s.XXXXXX", target);
    return arena_sprintf(a, "%.*s/.%s.XXXXXX", (int)(slash - target), target, slash + 1);
}

FILE *driver_open_output(Arena *a, const char *target, int *err)
{
    struct stat st;
    char link[16];
    ssize_t n = readlink(target, link, sizeof link);
    bool special = strncmp(target, "/dev/", 5) == 0 || strncmp(target, "/proc/", 6) == 0 ||
                   (n >= 6 && memcmp(link, "/proc/", 6) == 0);
    if (stat(target, &st) == 0 && (!S_ISREG(st.st_mode) || special)) {
        FILE *f = fopen(target, "w");     /* a device or a pipe: written in place */
        *err = f ? 0 : errno;
        return f;
    }
    char *tmp = driver_temp_template(a, target);
    int fd = mkstemp(tmp);
    *err = fd < 0 ? errno : 0;
    if (fd < 0)
        return NULL;
    *err = outputs_add(tmp, target);
    mode_t mask = umask(0);
    umask(mask);
    if (!*err && fchmod(fd, 0666 & ~mask) != 0)
        *err = errno;
    FILE *f = *err ? NULL : fdopen(fd, "w");
    if (!f) {
        *err = *err ? *err : errno;
        close(fd);
    }
    return f;
}
