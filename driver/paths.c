/* Inputs are never outputs.  Before anything is written, each output path
 * (the model, its external data file, the report) is compared with every
 * input (the model file, --weights, --library files, --example @files) and
 * with the other outputs (the data file's name is known only once it is
 * written: no input and no other output may be named like it, see
 * path_data_like): by device and inode when the file exists, by
 * directory (device and inode) and name when it does not yet, so that
 * `-o model.py`, `-o ./w.safetensors`, a hard link or a symbolic link to an
 * input, `--report=x.onnx -o x.onnx` and `tsc2onnx x.onnx` (whose default
 * output is x.onnx) are all refused.  Files that are not regular files
 * (/dev/null, a terminal, a pipe) may be named twice: writing to them
 * destroys nothing. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "driver/driver.h"
#include "emit/emit.h"

typedef struct PathId {
    const char *path, *role;
    bool known;                 /* stat gave an identity */
    bool exists;
    dev_t dev;
    ino_t ino;
    const char *name;           /* when it does not exist: its name in dir dev/ino */
} PathId;

static PathId path_identify(Arena *a, const char *path, const char *role)
{
    PathId id = {.path = path, .role = role};
    struct stat st;
    if (stat(path, &st) == 0) {
        id.known = S_ISREG(st.st_mode) || S_ISDIR(st.st_mode);
        id.exists = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
        return id;
    }
    const char *slash = strrchr(path, '/');
    const char *dir = slash ? (slash == path ? "/" : arena_strndup(a, path, (size_t)(slash - path))) : ".";
    id.name = slash ? slash + 1 : path;
    if (*id.name && stat(dir, &st) == 0) {
        id.known = true;
        id.dev = st.st_dev;
        id.ino = st.st_ino;
    }
    return id;
}

static bool path_same(const PathId *x, const PathId *y)
{
    if (!x->known || !y->known || x->exists != y->exists || x->dev != y->dev || x->ino != y->ino)
        return false;
    return x->exists || strcmp(x->name, y->name) == 0;
}

static void path_add(Arena *a, PtrVec *v, const char *path, const char *role)
{
    if (!path || !*path || strcmp(path, "-") == 0)
        return;
    PathId *id = arena_alloc(a, sizeof *id);
    *id = path_identify(a, path, role);
    ptrvec_push(a, v, id);
}

/* The files the compile reads. */
static void path_inputs(Arena *a, const Options *o, PtrVec *in)
{
    path_add(a, in, o->file, "the model file");
    path_add(a, in, o->weights, "the weights file");
    for (int i = 0; i < o->libraries.len; i++)
        path_add(a, in, o->libraries.items[i], "a --library file");
    for (int i = 0; i < o->examples.len; i++) {
        const char *at = strstr(o->examples.items[i], "=@");
        if (at)
            path_add(a, in, at + 2, "an --example file");
    }
}

/* The device and inode of PATH's directory, and PATH's last component. */
static bool path_dir_of(Arena *a, const char *path, struct stat *dir, const char **base)
{
    const char *slash = strrchr(path, '/');
    const char *d = slash ? (slash == path ? "/" : arena_strndup(a, path, (size_t)(slash - path))) : ".";
    *base = slash ? slash + 1 : path;
    return **base && stat(d, dir) == 0;
}

/* Whether X is in OUTPUT's directory and named like a data file of the
 * model OUTPUT (emit_is_data_name): a run writing OUTPUT with external
 * data replaces or removes such files. */
static bool path_data_like(Arena *a, const char *output, const PathId *x)
{
    struct stat od, xd;
    const char *obase, *xbase;
    return path_dir_of(a, output, &od, &obase) && path_dir_of(a, x->path, &xd, &xbase) &&
           od.st_dev == xd.st_dev && od.st_ino == xd.st_ino && emit_is_data_name(obase, xbase);
}

int driver_check_paths(Arena *a, const Options *o, const char *output)
{
    PtrVec in = {0}, out = {0};
    path_inputs(a, o, &in);
    path_add(a, &out, output, "the output");
    if (o->report)
        path_add(a, &out, o->report_path, "the report");
    for (int i = 0; output && strcmp(output, "-") != 0 && i < in.len + out.len; i++) {
        const PathId *x = i < in.len ? in.items[i] : out.items[i - in.len];
        if (!path_data_like(a, output, x))
            continue;
        fprintf(stderr, "tsc2onnx: error: %s '%s' is named like an external data file of the output '%s', "
                "which writing it replaces or removes: rename it\n", x->role, x->path, output);
        return EXIT_USAGE;
    }
    for (int i = 0; i < out.len; i++) {
        const PathId *x = out.items[i];
        for (int j = 0; j < in.len + i; j++) {
            const PathId *y = j < in.len ? in.items[j] : out.items[j - in.len];
            if (!path_same(x, y))
                continue;
            fprintf(stderr, "tsc2onnx: error: %s '%s' and %s '%s' are the same file: an output must not "
                    "overwrite an input or another output\n", y->role, y->path, x->role, x->path);
            return EXIT_USAGE;
        }
    }
    return EXIT_OK;
}
