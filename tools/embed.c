/* Build tool: turns the stdlib's files into a C source holding their bytes
 * and their parsed trees, so the stdlib written in the model language is
 * part of the binary and is not lexed and parsed again on every run.
 *
 *   embed OUT.c SYMBOL SRCDIR stdlib/PATH.ts...
 *
 * defines `const EmbeddedFile SYMBOL[]` (terminated by a NULL name).  A
 * file's module name is its path under stdlib/ with dots for slashes, and a
 * package's is its folder's (stdlib/torch/nn/__init__.ts is torch.nn), so
 * the Makefile lists each file once.  Each module is parsed as tsc2onnx
 * would load it ("<stdlib>/NAME"), packed (parser/ast_pack.h), and unpacked
 * again: the build fails unless the rebuilt tree is the parsed one, field
 * for field. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser/ast_pack.h"
#include "parser/parse.h"
#include "support/arena.h"
#include "support/context.h"
#include "support/source.h"

static void write_bytes(FILE *out, const char *prefix, int index, const unsigned char *data, size_t n)
{
    fprintf(out, "static const unsigned char %s_%d[] = {", prefix, index);
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0)
            fputs("\n   ", out);
        fprintf(out, " %d,", data[i]);
    }
    fputs(" 0\n};\n", out);
}

static char *read_all(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (!in) {
        perror(path);
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, in)) > 0) {
        n += got;
        if (n == cap) {
            char *grown = realloc(buf, cap *= 2);
            if (!grown)
                free(buf);
            buf = grown;
        }
    }
    fclose(in);
    if (!buf)
        fprintf(stderr, "embed: out of memory reading %s\n", path);
    *len = n;
    return buf;
}

/* Parses TEXT as the stdlib module NAME, packs its tree and checks that
 * unpacking gives it back; the bytes in *OUT (malloc'd). */
static bool pack_module(const char *name, const char *text, size_t len, unsigned char **out, size_t *out_len)
{
    Compiler c;
    compiler_init(&c, stderr);
    char *path = arena_sprintf(&c.arena, "<stdlib>/%s", name);
    SourceFile *f = source_add(&c.arena, &c.sources, path, text, len);
    AstNode *ast = parse_file(&c, f);
    if (c.diag.nerrors == 0)
        parse_check_module(&c, ast);
    bool ok = c.diag.nerrors == 0 && ast_pack(ast, f, out, out_len);
    if (ok) {
        const char *where = "the bytes";
        AstNode *back = ast_unpack(&c, f, *out, *out_len);
        ok = back && ast_pack_same(ast, back, &where);
        if (!ok) {
            fprintf(stderr, "embed: %s: the unpacked tree differs from the parsed one (%s)\n", name, where);
            free(*out);
        }
    }
    compiler_free(&c);
    return ok;
}

static bool embed_one(FILE *out, const char *name, const char *path, int index)
{
    size_t len;
    char *text = read_all(path, &len);
    if (!text)
        return false;
    unsigned char *packed;
    size_t packed_len;
    bool ok = pack_module(name, text, len, &packed, &packed_len);
    if (ok) {
        write_bytes(out, "embed", index, (const unsigned char *)text, len);
        write_bytes(out, "embed_ast", index, packed, packed_len);
        free(packed);
    }
    free(text);
    return ok;
}

/* The module name of stdlib/PATH.ts in NAME (of SIZE bytes): false when
 * the path does not have that form. */
static bool module_name(const char *path, char *name, size_t size)
{
    static const char prefix[] = "stdlib/", suffix[] = ".ts", package[] = "/__init__";
    size_t n = strlen(path), lp = sizeof prefix - 1, ls = sizeof suffix - 1, lk = sizeof package - 1;
    if (n <= lp + ls || strncmp(path, prefix, lp) != 0 || strcmp(path + n - ls, suffix) != 0)
        return false;
    n -= lp + ls;
    if (n > lk && strncmp(path + lp + n - lk, package, lk) == 0)
        n -= lk;
    if (n >= size)
        return false;
    for (size_t i = 0; i < n; i++)
        name[i] = path[lp + i] == '/' ? '.' : path[lp + i];
    name[n] = '\0';
    return true;
}

/* Embeds SRCDIR/FILE as module NAMES[I], after checking that no earlier
 * file had the same name. */
static bool embed_file(FILE *out, const char *srcdir, const char *file, char (*names)[256], int i)
{
    if (!module_name(file, names[i], sizeof names[i])) {
        fprintf(stderr, "embed: expected a path stdlib/PATH.ts, got '%s'\n", file);
        return false;
    }
    for (int k = 0; k < i; k++) {
        if (strcmp(names[k], names[i]) == 0) {
            fprintf(stderr, "embed: module %s is listed twice\n", names[i]);
            return false;
        }
    }
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", srcdir, file) >= sizeof path) {
        fprintf(stderr, "embed: path too long: %s/%s\n", srcdir, file);
        return false;
    }
    return embed_one(out, names[i], path, i);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: embed OUT.c SYMBOL SRCDIR stdlib/PATH.ts...\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    fputs("/* Generated by tools/embed: do not edit. */\n#include \"stdlib/embedded.h\"\n\n", out);
    int nfiles = argc - 4;
    char (*names)[256] = calloc((size_t)nfiles + 1, sizeof *names);
    bool ok = names != NULL;
    for (int i = 0; ok && i < nfiles; i++)
        ok = embed_file(out, argv[3], argv[4 + i], names, i);
    if (ok) {
        fprintf(out, "\nconst EmbeddedFile %s[] = {\n", argv[2]);
        for (int i = 0; i < nfiles; i++)
            fprintf(out, "    {\"%s\", (const char *)embed_%d, sizeof embed_%d - 1, embed_ast_%d, sizeof embed_ast_%d - 1},\n",
                    names[i], i, i, i, i);
        fputs("    {0, 0, 0, 0, 0}\n};\n", out);
    }
    free(names);
    if (fclose(out) != 0 || !ok) {
        remove(argv[1]);
        return 1;
    }
    return 0;
}
