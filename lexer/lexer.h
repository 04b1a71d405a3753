/* The lexer: source bytes -> tokens, in two layers.
 *
 *   lexer/lexer.re   raw tokens (re2c): names, keywords, numbers, strings,
 *                    operators, physical newlines; comments and blanks skipped
 *   lexer/layout.c   logical lines: NEWLINE, INDENT and DEDENT from an
 *                    indentation stack, implicit joining inside brackets,
 *                    bracket matching, the `match` statement folded into one
 *                    token
 *   lexer/literal.c  decoding of string and number literals
 *   lexer/dump.c     the --emit tokens format
 *
 * What the parser sees:
 *   - every logical line ends with NEWLINE; a file whose last line has no
 *     newline still gets one (an empty span at the end of the file);
 *   - INDENT/DEDENT always pair up; all pending DEDENTs come before EOF;
 *   - a `match` statement, header and indented block, is one TK_MATCH_STMT
 *     token spanning the statement text; it stands for a whole compound
 *     statement (no NEWLINE follows it, DEDENTs of enclosing blocks may);
 *   - after a block header (if/def/... ending in ':') with no indented
 *     block, the error is reported and `INDENT pass NEWLINE DEDENT` are
 *     synthesized (TOKF_SYNTHETIC, empty spans) so the parse can go on;
 *   - TK_ERRORTOKEN stands for bytes the lexer rejected and already
 *     reported: a bad character, an unterminated string, a malformed number,
 *     a closing bracket that closes nothing.  The parser should not report
 *     errors caused by it a second time.
 * After a fatal condition (brackets or indentation nested deeper than
 * c->limits.max_nesting, or the diagnostic limit reached) the rest of the
 * input is dropped and the stream is closed as above. */
#ifndef TSC_LEXER_H
#define TSC_LEXER_H

#include <stdbool.h>
#include <stdio.h>

#include "lexer/token.h"
#include "parser/ast.h"
#include "support/context.h"

typedef struct TokenArray {
    Token *items;
    int len;            /* the last item is always TK_EOF */
} TokenArray;

/* Tokenizes a whole file (both layers).  Errors are reported to c->diag and
 * the offending bytes become TK_ERRORTOKEN; the array is always usable. */
TokenArray lex_file(Compiler *c, const SourceFile *f);

/* Tokenizes bytes [start, end) of F as one expression inside brackets (no
 * NEWLINE, INDENT or DEDENT; newlines are allowed, as in triple-quoted
 * f-strings): the replacement fields of f-strings.  Ends with TK_EOF at END;
 * no TK_EXPR_MODE marker is added.  Spans are offsets in F.  Reports
 * unbalanced brackets, and '#' (a comment) or a backslash outside string
 * literals with Python 3.11's f-string messages; a backslash inside a string
 * literal of the field is not looked for here. */
TokenArray lex_expression(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end);

/* Prints one token per line, the format `--emit tokens` uses:
 *   LINE:COL-ENDLINE:ENDCOL KIND 'source text' [=> value]
 * String values are decoded here, so bad escapes are reported by lex_dump
 * (lex_file only finds where literals end; whoever builds constants calls
 * lex_decode_string and gets the escape errors there). */
void lex_dump(Compiler *c, const SourceFile *f, const TokenArray *toks, FILE *out);

/* Literal decoding (lexer/literal.c). */

/* Where the characters of a string token lie: [body_start, body_end) between
 * its quotes. */
void lex_string_body(const SourceFile *f, Token t, uint32_t *body_start, uint32_t *body_end);
/* Decodes escapes in bytes [start, end) of F according to the string flags
 * (TOKF_STR_RAW, TOKF_STR_BYTES, TOKF_STR_FORMAT); bad escapes are reported
 * at their own location.  Line ends (\r\n, \r) read as \n.  With
 * TOKF_STR_FORMAT, {{ and }} decode to one brace (pass the literal text
 * between replacement fields).  OUT is NUL-terminated and may hold NULs.
 * Returns false after reporting an error (OUT is still filled). */
bool lex_decode_string(Compiler *c, const SourceFile *f, uint32_t start, uint32_t end,
                       unsigned flags, AstStr *out);
/* Fills N's kind (AST_CONSTANT) and u.constant from a TK_NUMBER token:
 * INT with ival, or overflow=true and sval = the literal without
 * underscores (with its 0x/0o/0b prefix, if any) when it does not fit in
 * int64; FLOAT with fval (1e999 gives inf, as in Python); COMPLEX with fval
 * the imaginary part.  N's span is left alone.  Always returns true for a
 * token the lexer made. */
bool lex_decode_number(Compiler *c, const SourceFile *f, Token t, AstNode *n);
/* Writes V as Python's repr() does: the shortest digits that read back as
 * V, "1e+16" and "1e-05" style past 16 and below -4 digits, else "0.1",
 * "100.0"; "inf", "nan". */
void lex_format_float(double v, char *out, size_t size);

#endif
