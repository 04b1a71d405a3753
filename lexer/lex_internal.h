/* Interfaces shared by the files of lexer/ and nobody else: the raw lexer
 * that lexer/layout.c drives, UTF-8 helpers, the character tables used to
 * word messages and string reprs, and the \N{...} name table. */
#ifndef TSC_LEX_INTERNAL_H
#define TSC_LEX_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "lexer/lexer.h"

/* The raw lexer (lexer/lexer.re).  It reads [base, lim) where *lim is a NUL
 * sentinel, and reports positions as file offsets: offset(p) = origin +
 * (p - base).  Physical newlines come out as TK_NEWLINE tokens; the layout
 * layer decides which of them end a logical line. */
typedef struct RawLexer {
    Compiler *c;
    int32_t file;
    const char *base;       /* the byte at file offset `origin` */
    uint32_t origin;
    const char *cur;        /* next byte to read */
    const char *lim;        /* end of input; *lim == '\0' */
    const char *tok;        /* first byte of the token being matched */
    bool expr_mode;         /* f-string field: '#' and '\' are errors */
    bool nul_reported;      /* "null bytes" is said once per file */
} RawLexer;

/* TEXT[LEN] must be NUL; TEXT is the byte at file offset ORIGIN. */
void lex_raw_init(RawLexer *lx, Compiler *c, int32_t file, const char *text,
                  uint32_t origin, uint32_t len, bool expr_mode);
/* The next raw token; TK_EOF (kind 0, empty span) at the end, repeatedly. */
Token lex_next(RawLexer *lx);

/* UTF-8 (lexer/utf8.c). */

/* Length (1-4) of the well-formed UTF-8 sequence at S (S < E), storing its
 * code point; 0 when the bytes there are not well-formed UTF-8. */
int lex_utf8_decode(const unsigned char *s, const unsigned char *e, uint32_t *cp);
/* Like lex_utf8_decode but also accepts encoded surrogates (U+D800-DFFF),
 * which \uXXXX escapes can put into a decoded str. */
int lex_utf8_decode_lenient(const unsigned char *s, const unsigned char *e, uint32_t *cp);
/* Writes CP (at most 0x10FFFF) as UTF-8; returns the byte count (1-4). */
int lex_utf8_encode(uint32_t cp, char *out);
/* Number of code points in [s, e), counting each invalid byte as one. */
uint32_t lex_utf8_count(const char *s, const char *e);

/* Character classes used in messages and reprs (lexer/utf8.c). */
typedef enum CharClass {
    CHAR_OK,            /* may appear in an identifier (as far as we know) */
    CHAR_INVALID,       /* printable, but not an identifier character */
    CHAR_NONPRINTABLE,  /* control, format, separator, private use */
} CharClass;

/* A coarse classification of a non-ASCII code point, from a small table of
 * ranges that are certainly not identifier characters (symbols, punctuation,
 * spaces, controls).  Python's real rule is XID_Start/XID_Continue; this
 * table catches the characters people actually paste by mistake. */
CharClass lex_char_class(uint32_t cp);
/* Whether Python's repr() would print CP as is rather than escape it. */
bool lex_char_printable(uint32_t cp);

/* \N{NAME} (lexer/charnames.c): the code point of a Unicode character name
 * (case-insensitive), or -1 when the name is not in the table. */
int32_t lex_char_by_name(const char *name, uint32_t len);

#endif
