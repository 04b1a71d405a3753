/* ONNX's backend node tests through the evaluator: for each folder listed
 * in DIR/INDEX.tsv (folder, op, opset, ...), load model.onnx, run it on
 * test_data_set_0/input_K.pb and compare with output_K.pb, exactly as
 * `tsc2onnx run MODEL --check-outputs DIR` does (driver/run.c), but in one
 * process.  One TAP case per test; the last line is a comment
 * "# N passed, M failed".  Outputs must match within ONNX's tolerances
 * (rtol 1e-3, atol 1e-7), or as a ninth column of INDEX.tsv says: "exact"
 * (bit for bit but NaN payloads, -0.0 differs from 0.0) or "RTOL,ATOL".
 *
 *   test_conformance DIR [FOLDER...]     only the FOLDERs given, if any */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (s && fread(s, 1, (size_t)n, f) != (size_t)n) {
        free(s);
        s = NULL;
    }
    if (s)
        s[n] = '\0';
    fclose(f);
    return s;
}

static bool selected(const char *folder, int argc, char **argv)
{
    if (argc <= 2)
        return true;
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], folder) == 0)
            return true;
    return false;
}

/* Prints MSG's first line on the TAP line, the rest as comments. */
static void print_failure(int n, const char *folder, const char *msg)
{
    const char *nl = strchr(msg, '\n');
    printf("not ok %d - %s: %.*s\n", n, folder, nl ? (int)(nl - msg) : (int)strlen(msg), msg);
    while (nl) {
        const char *next = strchr(nl + 1, '\n');
        printf("# %.*s\n", next ? (int)(next - nl - 1) : (int)strlen(nl + 1), nl + 1);
        nl = next;
    }
}

static bool run_one(const char *dir, const char *folder, const char *tolerance, int n)
{
    double rtol = RUN_RTOL, atol = RUN_ATOL;
    if (tolerance && strcmp(tolerance, "exact") == 0)
        rtol = atol = 0;
    else if (tolerance && sscanf(tolerance, "%lf,%lf", &rtol, &atol) != 2) {
        rtol = RUN_RTOL;
        atol = RUN_ATOL;
    }
    Arena a;
    Interner names;
    arena_init(&a);
    intern_init(&names, &a);
    char *model = arena_sprintf(&a, "%s/%s/model.onnx", dir, folder);
    char *data = arena_sprintf(&a, "%s/%s/test_data_set_0", dir, folder);
    char *msg = NULL;
    int rc = run_check_data_set(&a, &names, model, data, 0, rtol, atol, &msg);
    if (rc == EXIT_OK)
        printf("ok %d - %s\n", n, folder);
    else
        print_failure(n, folder, msg ? msg : "failed");
    arena_free(&a);
    return rc == EXIT_OK;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: test_conformance DIR [FOLDER...]\n", stderr);
        return 2;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/INDEX.tsv", argv[1]);
    char *index = read_text(path);
    if (!index) {
        printf("Bail out! cannot read %s\n", path);
        return 1;
    }
    int n = 0, passed = 0;
    char *save = NULL;
    for (char *line = strtok_r(index, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char *fields[9] = {line};
        int nf = 1;
        for (char *p = line; *p && nf < 9; p++) {
            if (*p == '\t') {
                *p = '\0';
                fields[nf++] = p + 1;
            }
        }
        if (strcmp(line, "folder") == 0 || !*line || !selected(line, argc, argv))
            continue;
        passed += run_one(argv[1], line, nf == 9 ? fields[8] : NULL, ++n);
        fflush(stdout);
    }
    free(index);
    printf("1..%d\n# %d passed, %d failed\n", n, passed, n - passed);
    return passed == n ? 0 : 1;
}
