/* Tokens.  A token is a kind plus a byte span in its file; its value (the
 * decoded string or number) is computed from the text by the functions in
 * lexer/literal.c only when a later stage asks for it.  Token kinds are the
 * TK_ codes that Lemon generates from parser/grammar.y, so the lexer and the
 * parser cannot disagree on them. */
#ifndef TSC_TOKEN_H
#define TSC_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#include "parser/grammar.h"
#include "support/source.h"

/* Lemon reserves code 0 for the end of input. */
#define TK_EOF 0

/* Flags of a TK_STRING token: its prefix letters and quoting. */
enum {
    TOKF_STR_RAW = 1 << 0,
    TOKF_STR_BYTES = 1 << 1,
    TOKF_STR_FORMAT = 1 << 2,
    TOKF_STR_UNICODE = 1 << 3,  /* u prefix (no effect in Python 3) */
    TOKF_STR_TRIPLE = 1 << 4,
    /* Flags of a TK_NUMBER token */
    TOKF_NUM_FLOAT = 1 << 5,
    TOKF_NUM_IMAG = 1 << 6,
    /* A token the layout layer synthesized (e.g. the `pass` it inserts after
     * a missing indented block); it has an empty span. */
    TOKF_SYNTHETIC = 1 << 7,
    /* A token inside a bracket that was never closed, on a line after the
     * bracket's: the lexer reported the bracket, so the parser does not
     * report a syntax error caused by it. */
    TOKF_UNCLOSED = 1 << 8,
};

typedef struct Token {
    int16_t kind;
    uint16_t flags;
    int32_t file;
    uint32_t start;     /* byte offset */
    uint32_t len;       /* bytes */
} Token;

static inline Span token_span(Token t)
{
    return (Span){t.file, t.start, t.start + t.len};
}

/* "NAME", "NEWLINE", "LPAR" ... as printed by --emit tokens ("UNKNOWN" for a
 * code that is not a token). */
const char *token_kind_name(int kind);
/* How a token kind reads in a message: "':'", "newline", "name", "'if'",
 * "end of file" ("token" for a code that is not a token). */
const char *token_display(int kind);
/* The keyword kind (TK_IF, TK_FALSE ...) of the name S[0..N), or TK_NAME.
 * Soft keywords (match, case, _) are names. */
int token_keyword(const char *s, size_t n);

#endif
