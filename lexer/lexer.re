/* The raw lexer: source bytes -> raw tokens.
 *
 * One re2c block turns bytes into names (keywords looked up after the
 * match), numbers, strings, operators and physical newlines; blanks,
 * comments and backslash-newline continuations are skipped.  Indentation,
 * brackets and logical lines are the business of lexer/layout.c, literal
 * values the business of lexer/literal.c.
 *
 * The end of input is found with re2c's bounds-checked sentinel (re2c:eof):
 * *lim is a NUL, and a NUL anywhere else is an ordinary byte that the rules
 * below reject, so files with embedded NULs are safe.  Actions only call the
 * functions above the block; nothing loops or allocates inside a rule. */
#include <assert.h>
#include <string.h>

#include "lexer/lex_internal.h"

void lex_raw_init(RawLexer *lx, Compiler *c, int32_t file, const char *text,
                  uint32_t origin, uint32_t len, bool expr_mode)
{
    assert(text[len] == '\0');
    lx->c = c;
    lx->file = file;
    lx->base = text;
    lx->origin = origin;
    lx->cur = text;
    lx->lim = text + len;
    lx->tok = text;
    lx->expr_mode = expr_mode;
    lx->nul_reported = false;
}

static uint32_t lex_offset(const RawLexer *lx, const char *p)
{
    return lx->origin + (uint32_t)(p - lx->base);
}

static Span lex_span(const RawLexer *lx, const char *s, const char *e)
{
    return (Span){lx->file, lex_offset(lx, s), lex_offset(lx, e)};
}

/* The token matched so far: [tok, cur). */
static Token lex_token(const RawLexer *lx, int kind, unsigned flags)
{
    return (Token){(int16_t)kind, (uint16_t)flags, lx->file, lex_offset(lx, lx->tok),
                   (uint32_t)(lx->cur - lx->tok)};
}

static Token lex_error_token(const RawLexer *lx)
{
    return lex_token(lx, TK_ERRORTOKEN, 0);
}

/* Line of offset P, for "(detected at line N)". */
static int lex_line_of(const RawLexer *lx, const char *p)
{
    const SourceFile *f = source_file(&lx->c->sources, lx->file);
    int line = 0, col = 0;
    if (f)
        source_line_col(f, lex_offset(lx, p), &line, &col);
    return line;
}

/* Reports the first NUL (once per file) and the first ill-formed UTF-8 byte
 * in [s, e): strings and comments accept any byte in their patterns so that
 * one bad byte does not derail the token structure. */
static void lex_check_text(RawLexer *lx, const char *s, const char *e)
{
    if (lx->expr_mode)
        return;     /* an f-string field: its string token was checked */
    bool utf8_reported = false;
    for (const char *p = s; p < e; p++) {
        unsigned char ch = (unsigned char)*p;
        if (ch != 0 && ch < 0x80)
            continue;
        if (ch == 0) {
            if (!lx->nul_reported)
                diag_error(&lx->c->diag, lex_span(lx, p, p + 1),
                           "source code cannot contain null bytes");
            lx->nul_reported = true;
            continue;
        }
        uint32_t cp;
        int n = lex_utf8_decode((const unsigned char *)p, (const unsigned char *)e, &cp);
        if (n > 0) {
            p += n - 1;
        } else if (!utf8_reported) {
            diag_error(&lx->c->diag, lex_span(lx, p, p + 1), "invalid UTF-8 byte 0x%02x", ch);
            utf8_reported = true;
        }
    }
}

static Token lex_name(RawLexer *lx)
{
    int kind = token_keyword(lx->tok, (size_t)(lx->cur - lx->tok));
    return lex_token(lx, kind, 0);
}

/* A name with non-ASCII characters: the pattern accepts any well-formed
 * UTF-8; characters that certainly cannot be in an identifier (symbols,
 * spaces, controls) are reported here, as Python does. */
static Token lex_unicode_name(RawLexer *lx)
{
    const unsigned char *p = (const unsigned char *)lx->tok;
    const unsigned char *e = (const unsigned char *)lx->cur;
    while (p < e) {
        uint32_t cp = *p;
        int n = *p < 0x80 ? 1 : lex_utf8_decode(p, e, &cp);
        assert(n > 0);
        CharClass cls = cp < 0x80 ? CHAR_OK : lex_char_class(cp);
        Span at = lex_span(lx, (const char *)p, (const char *)p + n);
        if (cls == CHAR_INVALID) {
            diag_error(&lx->c->diag, at, "invalid character '%.*s' (U+%04X)", n,
                       (const char *)p, (unsigned)cp);
            return lex_error_token(lx);
        }
        if (cls == CHAR_NONPRINTABLE) {
            diag_error(&lx->c->diag, at, "invalid non-printable character U+%04X", (unsigned)cp);
            return lex_error_token(lx);
        }
        p += n;
    }
    return lex_token(lx, TK_NAME, 0);
}

/* Python accepts a number directly followed by one of the keywords that can
 * follow a number in valid code (`1if x else 2`, `0x1for`), with only a
 * deprecation warning.  Like CPython, only the keyword's letters are looked
 * at, so `1iff` is the number 1 and the name `iff`. */
static bool lex_keyword_follows(const char *p, const char *lim)
{
    static const char *const words[] = {"and", "else", "for", "if", "in", "is", "or", "not"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
        size_t n = strlen(words[i]);
        if ((size_t)(lim - p) >= n && memcmp(p, words[i], n) == 0)
            return true;
    }
    return false;
}

static bool lex_is_zero_int(const char *s, const char *e)
{
    for (const char *p = s; p < e; p++)
        if (*p != '0' && *p != '_')
            return false;
    return true;
}

static const char *lex_number_kind(const char *s, const char *e)
{
    if (e - s > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return "hexadecimal";
    if (e - s > 1 && s[0] == '0' && (s[1] == 'o' || s[1] == 'O'))
        return "octal";
    if (e - s > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
        return "binary";
    if (e[-1] == 'j' || e[-1] == 'J')
        return "imaginary";
    return "decimal";
}

/* `0x`, `0o`, `0b` with no valid digit after them: NUM is "0", TAIL starts
 * with the base letter.  Returns false if that is not the case. */
static bool lex_bad_prefix(RawLexer *lx, const char *num, const char *tail)
{
    if (tail - num != 1 || !strchr("xXoObB", *tail))
        return false;
    const char *kind = lex_number_kind(num, tail + 1);
    const char *digit = tail + 1;
    Diag *d = &lx->c->diag;
    if (*kind != 'h' && digit < lx->cur && *digit >= '0' && *digit <= '9')
        diag_error(d, lex_span(lx, digit, digit + 1), "invalid digit '%c' in %s literal",
                   *digit, kind);
    else
        diag_error(d, lex_span(lx, tail, tail + 1), "invalid %s literal", kind);
    return true;
}

static bool lex_is_idtail(unsigned char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
           ch == '_' || ch >= 0x80;
}

/* A number that runs into letters, digits or underscores: [tok, tail) is
 * the longest well-formed number, [tail, cur) what follows it. */
static Token lex_bad_number(RawLexer *lx, const char *tail)
{
    const char *num = lx->tok;
    Diag *d = &lx->c->diag;
    const char *kind = lex_number_kind(num, tail);
    bool digit_next = *tail >= '0' && *tail <= '9';
    bool digit_after_sep = *tail == '_' && tail + 1 < lx->cur && tail[1] >= '0' && tail[1] <= '9';
    if (lex_bad_prefix(lx, num, tail)) {
        /* reported */
    } else if ((*kind == 'o' || *kind == 'b') && digit_next) {
        diag_error(d, lex_span(lx, tail, tail + 1), "invalid digit '%c' in %s literal", *tail,
                   kind);
    } else if (*kind == 'd' && lex_is_zero_int(num, tail) && (digit_next || digit_after_sep)) {
        const char *end = tail;
        while (end < lx->cur && ((*end >= '0' && *end <= '9') || *end == '_'))
            end++;
        diag_error(d, lex_span(lx, num, end),
                   "leading zeros in decimal integer literals are not permitted; "
                   "use an 0o prefix for octal integers");
    } else {
        diag_error(d, lex_span(lx, tail, lx->cur), "invalid %s literal", kind);
    }
    return lex_error_token(lx);
}

/* Prefix letters before the opening quote: r, b, f, u in either case. */
static unsigned lex_prefix_flags(const char *p)
{
    unsigned flags = 0;
    for (; *p != '\'' && *p != '"'; p++) {
        switch (*p | 0x20) {
        case 'r': flags |= TOKF_STR_RAW; break;
        case 'b': flags |= TOKF_STR_BYTES; break;
        case 'f': flags |= TOKF_STR_FORMAT; break;
        case 'u': flags |= TOKF_STR_UNICODE; break;
        default: assert(!"string prefix");
        }
    }
    return flags;
}

/* The rules match the longest well-formed number; what follows must not
 * continue it (`1abc`, `1_`, `0o8`, `0123`), except for the keywords
 * Python lets a number run into. */
static Token lex_number(RawLexer *lx, unsigned flags)
{
    const char *tail = lx->cur;
    if (tail == lx->lim || !lex_is_idtail((unsigned char)*tail) ||
        lex_keyword_follows(tail, lx->lim))
        return lex_token(lx, TK_NUMBER, flags);
    while (lx->cur < lx->lim && lex_is_idtail((unsigned char)*lx->cur))
        lx->cur++;
    return lex_bad_number(lx, tail);
}

static Token lex_string(RawLexer *lx, unsigned flags)
{
    lex_check_text(lx, lx->tok, lx->cur);
    return lex_token(lx, TK_STRING, flags | lex_prefix_flags(lx->tok));
}

/* A string whose closing quote never comes.  A one-line string stops at the
 * end of its line; a triple-quoted one swallows the rest of the input, as
 * in Python, which also says where it gave up. */
static Token lex_unterminated(RawLexer *lx, bool triple)
{
    lex_check_text(lx, lx->tok, triple ? lx->lim : lx->cur);
    const char *detected = lx->cur;
    if (triple) {
        lx->cur = lx->lim;
        detected = lx->lim;
        /* the line where the text ends, not the empty line after it */
        if (detected > lx->tok && (detected[-1] == '\n' || detected[-1] == '\r'))
            detected--;
    }
    Span at = lex_span(lx, lx->tok, lx->tok + 1);
    diag_error(&lx->c->diag, at, "unterminated %sstring literal (detected at line %d)",
               triple ? "triple-quoted " : "", lex_line_of(lx, detected));
    return lex_error_token(lx);
}

/* A comment; inside an f-string replacement field it is an error. */
static void lex_comment(RawLexer *lx)
{
    lex_check_text(lx, lx->tok, lx->cur);
    if (lx->expr_mode)
        diag_error(&lx->c->diag, lex_span(lx, lx->tok, lx->tok + 1),
                   "f-string expression part cannot include '#'");
}

/* A backslash: a line continuation when a newline follows (then NEWLINE is
 * true), an error otherwise.  Returns true when the lexer should go on. */
static bool lex_backslash(RawLexer *lx, bool newline)
{
    Diag *d = &lx->c->diag;
    Span at = lex_span(lx, lx->tok, lx->tok + 1);
    if (lx->expr_mode) {
        diag_error(d, at, "f-string expression part cannot include a backslash");
        return newline;
    }
    if (lx->cur == lx->lim) {
        diag_error(d, lex_span(lx, lx->tok + 1, lx->tok + 1), "unexpected EOF while parsing");
        return newline;
    }
    if (!newline)
        diag_error(d, at, "unexpected character after line continuation character");
    return newline;
}

/* Extends the current token over a run of bytes that do not start a
 * well-formed UTF-8 sequence, so garbage costs one diagnostic, not one per
 * byte. */
static void lex_skip_bad_bytes(RawLexer *lx)
{
    const unsigned char *e = (const unsigned char *)lx->lim;
    while (lx->cur < lx->lim) {
        const unsigned char *p = (const unsigned char *)lx->cur;
        uint32_t cp;
        if (*p < 0x80 || lex_utf8_decode(p, e, &cp) > 0)
            break;
        lx->cur++;
    }
}

/* A byte no rule accepts: NUL, invalid UTF-8, a control character or one
 * of the ASCII characters Python has no use for ($ ? ! `). */
static Token lex_bad_char(RawLexer *lx)
{
    unsigned char ch = (unsigned char)*lx->tok;
    Diag *d = &lx->c->diag;
    Span at = lex_span(lx, lx->tok, lx->cur);
    if ((ch == 0 || ch >= 0x80) && lx->expr_mode) {
        lex_skip_bad_bytes(lx);  /* reported with the f-string's token */
    } else if (ch == 0) {
        if (!lx->nul_reported)
            diag_error(d, at, "source code cannot contain null bytes");
        lx->nul_reported = true;
    } else if (ch >= 0x80) {
        diag_error(d, at, "invalid UTF-8 byte 0x%02x", ch);
        lex_skip_bad_bytes(lx);
    } else if (ch < 0x20 || ch == 0x7f) {
        diag_error(d, at, "invalid non-printable character U+%04X", ch);
    } else {
        diag_error(d, at, "invalid character '%c'", ch);
    }
    return lex_error_token(lx);
}

static Token lex_eof(RawLexer *lx)
{
    lx->tok = lx->cur;
    return lex_token(lx, TK_EOF, 0);
}

Token lex_next(RawLexer *lx)
{
    const char *marker = lx->cur;
    for (;;) {
        lx->tok = lx->cur;
    /*!re2c
        re2c:define:YYCTYPE  = "unsigned char";
        re2c:define:YYCURSOR = "lx->cur";
        re2c:define:YYLIMIT  = "lx->lim";
        re2c:define:YYMARKER = "marker";
        re2c:yyfill:enable   = 0;
        re2c:eof             = 0;

        nl         = "\r\n" | "\r" | "\n";
        utf8       = [\xc2-\xdf] [\x80-\xbf]
                   | "\xe0" [\xa0-\xbf] [\x80-\xbf]
                   | [\xe1-\xec\xee\xef] [\x80-\xbf] [\x80-\xbf]
                   | "\xed" [\x80-\x9f] [\x80-\xbf]
                   | "\xf0" [\x90-\xbf] [\x80-\xbf] [\x80-\xbf]
                   | [\xf1-\xf3] [\x80-\xbf] [\x80-\xbf] [\x80-\xbf]
                   | "\xf4" [\x80-\x8f] [\x80-\xbf] [\x80-\xbf];
        ascii_name = [a-zA-Z_] [a-zA-Z0-9_]*;
        name       = ([a-zA-Z_] | utf8) ([a-zA-Z0-9_] | utf8)*;

        digitpart  = [0-9] ("_"? [0-9])*;
        decint     = [1-9] ("_"? [0-9])* | "0"+ ("_"? "0")*;
        hexint     = "0" [xX] ("_"? [0-9a-fA-F])+;
        octint     = "0" [oO] ("_"? [0-7])+;
        binint     = "0" [bB] ("_"? [01])+;
        exponent   = [eE] [+-]? digitpart;
        pointfloat = digitpart? "." digitpart | digitpart ".";
        float      = pointfloat exponent? | digitpart exponent;
        imag       = (float | digitpart) [jJ];

        prefix     = 'r' | 'u' | 'b' | 'f' | 'br' | 'rb' | 'fr' | 'rf';
        esc        = "\\" (nl | [^]);
        sq         = [^'\\\r\n] | esc;
        dq         = [^"\\\r\n] | esc;
        tsq        = [^'\\] | esc | ['] ([^'\\] | esc) | [']['] ([^'\\] | esc);
        tdq        = [^"\\] | esc | ["] ([^"\\] | esc) | ["]["] ([^"\\] | esc);

        $                                   { return lex_eof(lx); }
        [ \t\f]+                            { continue; }
        "#" [^\r\n]*                        { lex_comment(lx); continue; }
        "\\" nl                             { if (lex_backslash(lx, true)) continue; return lex_error_token(lx); }
        "\\" [ \t\f]+ nl                     { lex_backslash(lx, false); continue; }
        "\\"                                { lex_backslash(lx, false); return lex_error_token(lx); }
        nl                                  { return lex_token(lx, TK_NEWLINE, 0); }

        ascii_name                          { return lex_name(lx); }
        name                                { return lex_unicode_name(lx); }

        decint | hexint | octint | binint   { return lex_number(lx, 0); }
        float                               { return lex_number(lx, TOKF_NUM_FLOAT); }
        imag                                { return lex_number(lx, TOKF_NUM_IMAG); }

        prefix? ['] sq* [']                 { return lex_string(lx, 0); }
        prefix? ["] dq* ["]                 { return lex_string(lx, 0); }
        prefix? ['][']['] tsq* [']['][']    { return lex_string(lx, TOKF_STR_TRIPLE); }
        prefix? ["]["]["] tdq* ["]["]["]    { return lex_string(lx, TOKF_STR_TRIPLE); }
        prefix? ['] sq* "\\"?               { return lex_unterminated(lx, false); }
        prefix? ["] dq* "\\"?               { return lex_unterminated(lx, false); }
        prefix? ['][']['] tsq*              { return lex_unterminated(lx, true); }
        prefix? ["]["]["] tdq*              { return lex_unterminated(lx, true); }

        "("                                 { return lex_token(lx, TK_LPAR, 0); }
        ")"                                 { return lex_token(lx, TK_RPAR, 0); }
        "["                                 { return lex_token(lx, TK_LSQB, 0); }
        "]"                                 { return lex_token(lx, TK_RSQB, 0); }
        "{"                                 { return lex_token(lx, TK_LBRACE, 0); }
        "}"                                 { return lex_token(lx, TK_RBRACE, 0); }
        ","                                 { return lex_token(lx, TK_COMMA, 0); }
        ":"                                 { return lex_token(lx, TK_COLON, 0); }
        ";"                                 { return lex_token(lx, TK_SEMI, 0); }
        "."                                 { return lex_token(lx, TK_DOT, 0); }
        "..."                               { return lex_token(lx, TK_ELLIPSIS, 0); }
        ":="                                { return lex_token(lx, TK_COLONEQUAL, 0); }
        "->"                                { return lex_token(lx, TK_RARROW, 0); }
        "+"                                 { return lex_token(lx, TK_PLUS, 0); }
        "-"                                 { return lex_token(lx, TK_MINUS, 0); }
        "*"                                 { return lex_token(lx, TK_STAR, 0); }
        "/"                                 { return lex_token(lx, TK_SLASH, 0); }
        "//"                                { return lex_token(lx, TK_DOUBLESLASH, 0); }
        "%"                                 { return lex_token(lx, TK_PERCENT, 0); }
        "**"                                { return lex_token(lx, TK_DOUBLESTAR, 0); }
        "@"                                 { return lex_token(lx, TK_AT, 0); }
        "<<"                                { return lex_token(lx, TK_LEFTSHIFT, 0); }
        ">>"                                { return lex_token(lx, TK_RIGHTSHIFT, 0); }
        "&"                                 { return lex_token(lx, TK_AMPER, 0); }
        "|"                                 { return lex_token(lx, TK_VBAR, 0); }
        "^"                                 { return lex_token(lx, TK_CIRCUMFLEX, 0); }
        "~"                                 { return lex_token(lx, TK_TILDE, 0); }
        "<"                                 { return lex_token(lx, TK_LESS, 0); }
        ">"                                 { return lex_token(lx, TK_GREATER, 0); }
        "<="                                { return lex_token(lx, TK_LESSEQUAL, 0); }
        ">="                                { return lex_token(lx, TK_GREATEREQUAL, 0); }
        "=="                                { return lex_token(lx, TK_EQEQUAL, 0); }
        "!="                                { return lex_token(lx, TK_NOTEQUAL, 0); }
        "="                                 { return lex_token(lx, TK_EQUAL, 0); }
        "+="                                { return lex_token(lx, TK_PLUSEQUAL, 0); }
        "-="                                { return lex_token(lx, TK_MINEQUAL, 0); }
        "*="                                { return lex_token(lx, TK_STAREQUAL, 0); }
        "/="                                { return lex_token(lx, TK_SLASHEQUAL, 0); }
        "//="                               { return lex_token(lx, TK_DOUBLESLASHEQUAL, 0); }
        "%="                                { return lex_token(lx, TK_PERCENTEQUAL, 0); }
        "**="                               { return lex_token(lx, TK_DOUBLESTAREQUAL, 0); }
        "@="                                { return lex_token(lx, TK_ATEQUAL, 0); }
        "<<="                               { return lex_token(lx, TK_LEFTSHIFTEQUAL, 0); }
        ">>="                               { return lex_token(lx, TK_RIGHTSHIFTEQUAL, 0); }
        "&="                                { return lex_token(lx, TK_AMPEREQUAL, 0); }
        "|="                                { return lex_token(lx, TK_VBAREQUAL, 0); }
        "^="                                { return lex_token(lx, TK_CIRCUMFLEXEQUAL, 0); }

        *                                   { return lex_bad_char(lx); }
    */
    }
}
