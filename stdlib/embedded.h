/* The stdlib sources compiled into the binary, with their parsed trees
 * (tools/embed generates the table from the .ts files under stdlib). */
#ifndef TSC_EMBEDDED_H
#define TSC_EMBEDDED_H

#include <stddef.h>

typedef struct EmbeddedFile {
    const char *name;       /* module name, e.g. "torch.nn" */
    const char *text;
    size_t len;
    const unsigned char *ast;   /* the parsed module, packed (parser/ast_pack.h) */
    size_t ast_len;
} EmbeddedFile;

extern const EmbeddedFile stdlib_files[];

#endif
