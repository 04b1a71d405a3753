/* UTF-8 helpers and the coarse character tables of the lexer.
 *
 * Python decodes a source file as UTF-8 before tokenizing it; we tokenize
 * the bytes and validate UTF-8 where it matters (names, strings, comments,
 * stray bytes).  The tables below are not Unicode's identifier tables: they
 * list ranges that are certainly symbols, punctuation, spaces or controls,
 * which is enough to word "invalid character '€' (U+20AC)" like Python and
 * to print string reprs the way Python does for common text. */
#include "lexer/lex_internal.h"

static int utf8_decode(const unsigned char *s, const unsigned char *e, uint32_t *cp,
                       bool surrogates)
{
    unsigned char b0 = s[0];
    int n;
    uint32_t c, min;
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    } else if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2, c = b0 & 0x1F, min = 0x80;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3, c = b0 & 0x0F, min = 0x800;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4, c = b0 & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (e - s < n)
        return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (!surrogates && c >= 0xD800 && c <= 0xDFFF))
        return 0;
    *cp = c;
    return n;
}

int lex_utf8_decode(const unsigned char *s, const unsigned char *e, uint32_t *cp)
{
    return utf8_decode(s, e, cp, false);
}

int lex_utf8_decode_lenient(const unsigned char *s, const unsigned char *e, uint32_t *cp)
{
    return utf8_decode(s, e, cp, true);
}

int lex_utf8_encode(uint32_t cp, char *out)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

uint32_t lex_utf8_count(const char *s, const char *e)
{
    uint32_t n = 0;
    const unsigned char *p = (const unsigned char *)s, *end = (const unsigned char *)e;
    while (p < end) {
        uint32_t cp;
        int len = *p < 0x80 ? 1 : lex_utf8_decode(p, end, &cp);
        p += len > 0 ? len : 1;
        n++;
    }
    return n;
}

typedef struct CharRange {
    uint32_t lo, hi;
    CharClass cls;
} CharRange;

/* Sorted, non-overlapping.  Everything not listed is CHAR_OK. */
static const CharRange char_ranges[] = {
    {0x0080, 0x00A0, CHAR_NONPRINTABLE},    /* C1 controls, no-break space */
    {0x00A1, 0x00A9, CHAR_INVALID},         /* ¡ ¢ £ ¤ ¥ ¦ § ¨ © */
    {0x00AB, 0x00AC, CHAR_INVALID},         /* « ¬ */
    {0x00AD, 0x00AD, CHAR_NONPRINTABLE},    /* soft hyphen */
    {0x00AE, 0x00B4, CHAR_INVALID},         /* ® ¯ ° ± ² ³ ´ */
    {0x00B6, 0x00B6, CHAR_INVALID},         /* ¶ (· is an identifier character) */
    {0x00B8, 0x00B9, CHAR_INVALID},         /* ¸ ¹ */
    {0x00BB, 0x00BF, CHAR_INVALID},         /* » ¼ ½ ¾ ¿ */
    {0x00D7, 0x00D7, CHAR_INVALID},         /* × */
    {0x00F7, 0x00F7, CHAR_INVALID},         /* ÷ */
    {0x2000, 0x200F, CHAR_NONPRINTABLE},    /* spaces, zero-width characters, marks */
    {0x2010, 0x2027, CHAR_INVALID},         /* dashes, quotes, bullets, ellipsis */
    {0x2028, 0x202F, CHAR_NONPRINTABLE},    /* line/paragraph separators, embeddings */
    {0x2030, 0x203E, CHAR_INVALID},         /* per mille, primes, ‼ ... (‿ ⁀ are not) */
    {0x2041, 0x2053, CHAR_INVALID},
    {0x2055, 0x205E, CHAR_INVALID},
    {0x205F, 0x206F, CHAR_NONPRINTABLE},    /* medium space, invisible operators */
    {0x20A0, 0x20CF, CHAR_INVALID},         /* currency symbols: € ₹ ... */
    {0x2190, 0x23FF, CHAR_INVALID},         /* arrows, mathematical operators, technical */
    {0x2400, 0x24FF, CHAR_INVALID},         /* control pictures, enclosed alphanumerics */
    {0x2500, 0x27BF, CHAR_INVALID},         /* box drawing, shapes, symbols, dingbats */
    {0x27C0, 0x2BFF, CHAR_INVALID},         /* more mathematical symbols and arrows */
    {0x2E00, 0x2E7F, CHAR_INVALID},         /* supplemental punctuation */
    {0x3000, 0x3000, CHAR_NONPRINTABLE},    /* ideographic space */
    {0x3001, 0x3004, CHAR_INVALID},         /* CJK punctuation */
    {0x3008, 0x3020, CHAR_INVALID},         /* CJK brackets */
    {0xD800, 0xDFFF, CHAR_NONPRINTABLE},    /* surrogates (only from escapes) */
    {0xE000, 0xF8FF, CHAR_NONPRINTABLE},    /* private use */
    {0xFE10, 0xFE19, CHAR_INVALID},         /* vertical forms */
    {0xFE50, 0xFE6B, CHAR_INVALID},         /* small forms */
    {0xFEFF, 0xFEFF, CHAR_NONPRINTABLE},    /* byte order mark */
    {0xFF01, 0xFF0F, CHAR_INVALID},         /* fullwidth punctuation */
    {0xFF1A, 0xFF20, CHAR_INVALID},
    {0xFF3B, 0xFF3E, CHAR_INVALID},
    {0xFF40, 0xFF40, CHAR_INVALID},
    {0xFF5B, 0xFF65, CHAR_INVALID},
    {0xFFF0, 0xFFFB, CHAR_NONPRINTABLE},    /* unassigned, interlinear annotation */
    {0xFFFC, 0xFFFD, CHAR_INVALID},         /* object and replacement characters */
    {0xFFFE, 0xFFFF, CHAR_NONPRINTABLE},    /* noncharacters */
    {0x1F000, 0x1FAFF, CHAR_INVALID},       /* emoji, playing cards, pictographs */
    {0xE0000, 0xE007F, CHAR_NONPRINTABLE},  /* tags */
    {0xF0000, 0x10FFFF, CHAR_NONPRINTABLE}, /* private use planes */
};

CharClass lex_char_class(uint32_t cp)
{
    size_t lo = 0, hi = sizeof char_ranges / sizeof char_ranges[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cp < char_ranges[mid].lo)
            hi = mid;
        else if (cp > char_ranges[mid].hi)
            lo = mid + 1;
        else
            return char_ranges[mid].cls;
    }
    return CHAR_OK;
}

bool lex_char_printable(uint32_t cp)
{
    if (cp < 0x80)
        return cp >= 0x20 && cp != 0x7F;
    return lex_char_class(cp) != CHAR_NONPRINTABLE;
}
