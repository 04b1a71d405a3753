/* main() for the fuzz targets when they are not linked with libFuzzer:
 *
 *   fuzz/TARGET FILE|DIR...    runs each file (a directory: each file in
 *                              it, in name order) once
 *   fuzz/TARGET < FILE         runs standard input once (AFL++ drives a
 *                              target this way: afl-fuzz ... -- fuzz/TARGET)
 *
 * Arguments that start with '-' (libFuzzer's options) are ignored, so the
 * scripts call both kinds of build alike.
 * A crash or sanitizer report ends the program; otherwise it exits 0.  The
 * regression inputs of fuzz/regress/ run like this in every build. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz/fuzz.h"

static unsigned char *read_stream(FILE *f, size_t *size)
{
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                return NULL;
            }
            buf = grown;
            cap *= 2;
        }
    }
    *size = n;
    return buf;
}

static int run_file(const char *path)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t size;
    unsigned char *data = read_stream(f, &size);
    if (f != stdin)
        fclose(f);
    if (!data) {
        fprintf(stderr, "%s: out of memory\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, size);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        perror(dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char **grown = realloc(names, sizeof *names * (n + 1));
        if (!grown)
            break;
        names = grown;
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n])
            break;
        sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= run_file(names[i]);
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = 0, files = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (argv[i][0] == '-' && argv[i][1])
            continue;
        files++;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            rc |= run_dir(argv[i]);
        else
            rc |= run_file(argv[i]);
    }
    return files ? rc : run_file("-");
}
