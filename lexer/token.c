/* Token kinds as text: the name `--emit tokens` prints and the phrase a
 * message uses, in one table indexed by the TK_ codes Lemon generates, and
 * the keyword table the raw lexer consults after matching a name. */
#include "lexer/token.h"

#include <string.h>

typedef struct TokenInfo {
    const char *name;       /* --emit tokens */
    const char *display;    /* messages */
} TokenInfo;

static const TokenInfo token_info[] = {
    [TK_EOF] = {"EOF", "end of file"},
    [TK_NEWLINE] = {"NEWLINE", "newline"},
    [TK_INDENT] = {"INDENT", "indent"},
    [TK_DEDENT] = {"DEDENT", "dedent"},
    [TK_NAME] = {"NAME", "name"},
    [TK_NUMBER] = {"NUMBER", "number"},
    [TK_STRING] = {"STRING", "string"},
    [TK_FALSE] = {"FALSE", "'False'"},
    [TK_NONE] = {"NONE", "'None'"},
    [TK_TRUE] = {"TRUE", "'True'"},
    [TK_AND] = {"AND", "'and'"},
    [TK_AS] = {"AS", "'as'"},
    [TK_ASSERT] = {"ASSERT", "'assert'"},
    [TK_ASYNC] = {"ASYNC", "'async'"},
    [TK_AWAIT] = {"AWAIT", "'await'"},
    [TK_BREAK] = {"BREAK", "'break'"},
    [TK_CLASS] = {"CLASS", "'class'"},
    [TK_CONTINUE] = {"CONTINUE", "'continue'"},
    [TK_DEF] = {"DEF", "'def'"},
    [TK_DEL] = {"DEL", "'del'"},
    [TK_ELIF] = {"ELIF", "'elif'"},
    [TK_ELSE] = {"ELSE", "'else'"},
    [TK_EXCEPT] = {"EXCEPT", "'except'"},
    [TK_FINALLY] = {"FINALLY", "'finally'"},
    [TK_FOR] = {"FOR", "'for'"},
    [TK_FROM] = {"FROM", "'from'"},
    [TK_GLOBAL] = {"GLOBAL", "'global'"},
    [TK_IF] = {"IF", "'if'"},
    [TK_IMPORT] = {"IMPORT", "'import'"},
    [TK_IN] = {"IN", "'in'"},
    [TK_IS] = {"IS", "'is'"},
    [TK_LAMBDA] = {"LAMBDA", "'lambda'"},
    [TK_NONLOCAL] = {"NONLOCAL", "'nonlocal'"},
    [TK_NOT] = {"NOT", "'not'"},
    [TK_OR] = {"OR", "'or'"},
    [TK_PASS] = {"PASS", "'pass'"},
    [TK_RAISE] = {"RAISE", "'raise'"},
    [TK_RETURN] = {"RETURN", "'return'"},
    [TK_TRY] = {"TRY", "'try'"},
    [TK_WHILE] = {"WHILE", "'while'"},
    [TK_WITH] = {"WITH", "'with'"},
    [TK_YIELD] = {"YIELD", "'yield'"},
    [TK_MATCH_STMT] = {"MATCH_STMT", "'match' statement"},
    [TK_PLUS] = {"PLUS", "'+'"},
    [TK_MINUS] = {"MINUS", "'-'"},
    [TK_STAR] = {"STAR", "'*'"},
    [TK_SLASH] = {"SLASH", "'/'"},
    [TK_DOUBLESLASH] = {"DOUBLESLASH", "'//'"},
    [TK_PERCENT] = {"PERCENT", "'%'"},
    [TK_DOUBLESTAR] = {"DOUBLESTAR", "'**'"},
    [TK_AT] = {"AT", "'@'"},
    [TK_LEFTSHIFT] = {"LEFTSHIFT", "'<<'"},
    [TK_RIGHTSHIFT] = {"RIGHTSHIFT", "'>>'"},
    [TK_AMPER] = {"AMPER", "'&'"},
    [TK_VBAR] = {"VBAR", "'|'"},
    [TK_CIRCUMFLEX] = {"CIRCUMFLEX", "'^'"},
    [TK_TILDE] = {"TILDE", "'~'"},
    [TK_COLONEQUAL] = {"COLONEQUAL", "':='"},
    [TK_LESS] = {"LESS", "'<'"},
    [TK_GREATER] = {"GREATER", "'>'"},
    [TK_LESSEQUAL] = {"LESSEQUAL", "'<='"},
    [TK_GREATEREQUAL] = {"GREATEREQUAL", "'>='"},
    [TK_EQEQUAL] = {"EQEQUAL", "'=='"},
    [TK_NOTEQUAL] = {"NOTEQUAL", "'!='"},
    [TK_LPAR] = {"LPAR", "'('"},
    [TK_RPAR] = {"RPAR", "')'"},
    [TK_LSQB] = {"LSQB", "'['"},
    [TK_RSQB] = {"RSQB", "']'"},
    [TK_LBRACE] = {"LBRACE", "'{'"},
    [TK_RBRACE] = {"RBRACE", "'}'"},
    [TK_COMMA] = {"COMMA", "','"},
    [TK_COLON] = {"COLON", "':'"},
    [TK_DOT] = {"DOT", "'.'"},
    [TK_SEMI] = {"SEMI", "';'"},
    [TK_EQUAL] = {"EQUAL", "'='"},
    [TK_RARROW] = {"RARROW", "'->'"},
    [TK_ELLIPSIS] = {"ELLIPSIS", "'...'"},
    [TK_PLUSEQUAL] = {"PLUSEQUAL", "'+='"},
    [TK_MINEQUAL] = {"MINEQUAL", "'-='"},
    [TK_STAREQUAL] = {"STAREQUAL", "'*='"},
    [TK_SLASHEQUAL] = {"SLASHEQUAL", "'/='"},
    [TK_DOUBLESLASHEQUAL] = {"DOUBLESLASHEQUAL", "'//='"},
    [TK_PERCENTEQUAL] = {"PERCENTEQUAL", "'%='"},
    [TK_DOUBLESTAREQUAL] = {"DOUBLESTAREQUAL", "'**='"},
    [TK_ATEQUAL] = {"ATEQUAL", "'@='"},
    [TK_LEFTSHIFTEQUAL] = {"LEFTSHIFTEQUAL", "'<<='"},
    [TK_RIGHTSHIFTEQUAL] = {"RIGHTSHIFTEQUAL", "'>>='"},
    [TK_AMPEREQUAL] = {"AMPEREQUAL", "'&='"},
    [TK_VBAREQUAL] = {"VBAREQUAL", "'|='"},
    [TK_CIRCUMFLEXEQUAL] = {"CIRCUMFLEXEQUAL", "'^='"},
    [TK_EXPR_MODE] = {"EXPR_MODE", "start of expression"},
    [TK_ERRORTOKEN] = {"ERRORTOKEN", "invalid token"},
};

static const TokenInfo *token_lookup(int kind)
{
    if (kind < 0 || (size_t)kind >= sizeof token_info / sizeof token_info[0])
        return NULL;
    return token_info[kind].name ? &token_info[kind] : NULL;
}

const char *token_kind_name(int kind)
{
    const TokenInfo *t = token_lookup(kind);
    return t ? t->name : "UNKNOWN";
}

const char *token_display(int kind)
{
    const TokenInfo *t = token_lookup(kind);
    return t ? t->display : "token";
}

typedef struct Keyword {
    const char *text;
    int kind;
} Keyword;

/* Python 3.11's hard keywords, in byte order (token_keyword searches them
 * by halves).  `match`, `case` and `_` are soft keywords: they stay names,
 * and lexer/layout.c recognizes the match statement. */
static const Keyword keywords[] = {
    {"False", TK_FALSE}, {"None", TK_NONE}, {"True", TK_TRUE},
    {"and", TK_AND}, {"as", TK_AS}, {"assert", TK_ASSERT},
    {"async", TK_ASYNC}, {"await", TK_AWAIT}, {"break", TK_BREAK},
    {"class", TK_CLASS}, {"continue", TK_CONTINUE}, {"def", TK_DEF},
    {"del", TK_DEL}, {"elif", TK_ELIF}, {"else", TK_ELSE},
    {"except", TK_EXCEPT}, {"finally", TK_FINALLY}, {"for", TK_FOR},
    {"from", TK_FROM}, {"global", TK_GLOBAL}, {"if", TK_IF},
    {"import", TK_IMPORT}, {"in", TK_IN}, {"is", TK_IS},
    {"lambda", TK_LAMBDA}, {"nonlocal", TK_NONLOCAL}, {"not", TK_NOT},
    {"or", TK_OR}, {"pass", TK_PASS}, {"raise", TK_RAISE},
    {"return", TK_RETURN}, {"try", TK_TRY}, {"while", TK_WHILE},
    {"with", TK_WITH}, {"yield", TK_YIELD},
};

int token_keyword(const char *s, size_t n)
{
    /* every keyword is 2 to 8 letters and starts with a lowercase letter or
     * F, N, T: most names are rejected by these two tests */
    if (n < 2 || n > 8 || (s[0] < 'a' && s[0] != 'F' && s[0] != 'N' && s[0] != 'T'))
        return TK_NAME;
    int lo = 0, hi = (int)(sizeof keywords / sizeof keywords[0]) - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const char *k = keywords[mid].text;
        int c = strncmp(k, s, n);
        if (c == 0)
            c = k[n] != '\0';      /* K is longer than S: after it */
        if (c == 0)
            return keywords[mid].kind;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return TK_NAME;
}
