/* ASTs as bytes: the stdlib's modules are parsed when tsc2onnx is built
 * (tools/embed) and their trees rebuilt from bytes when loaded, which is
 * several times faster than lexing and parsing them again on every run.
 * The rebuilt tree is the parsed one, field for field (interned names,
 * spans in the module's file, the parser's heights and flags):
 * ast_pack_same() checks it, and tools/embed runs that check on every
 * module it packs. */
#ifndef TSC_AST_PACK_H
#define TSC_AST_PACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "parser/ast.h"
#include "support/context.h"

/* MODULE (parsed from F) as bytes, in a malloc'd buffer; false when out
 * of memory. */
bool ast_pack(const AstNode *module, const SourceFile *f, uint8_t **out, size_t *len);

/* The tree packed in DATA, in C's arena, its spans in F (the module's
 * source, registered in C's source map); NULL when DATA is not a packed
 * tree (an internal error: the bytes are built with the binary). */
AstNode *ast_unpack(Compiler *c, const SourceFile *f, const uint8_t *data, size_t len);

/* Whether A and B are the same tree: same kinds and fields, the same
 * interned names, spans and list items; *WHERE names the first difference. */
bool ast_pack_same(const AstNode *a, const AstNode *b, const char **where);

#endif
