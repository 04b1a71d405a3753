/* Wording of syntax errors.  When the driver finds that the parser would
 * refuse a token, the set of tokens it would accept instead is computed by
 * simulating the automaton for each terminal (parse_lemon_accepts), then
 * summarized:
 *
 *   expected ':' after 'if' condition, found newline
 *   expected ')' or ',', found name
 *   expected an expression, found newline
 *   invalid syntax. Perhaps you forgot a comma?
 *
 * Tokens that could only extend what precedes (binary operators, '.', a
 * call's '(') are left out of the list: they are rarely what was meant. */
#include <string.h>

#include "parser/parse_internal.h"

#define MAX_LISTED 4

/* Tokens that can begin an operand.  When all of them are expected the
 * message says "an expression" (after a binary operator, `not` and
 * `lambda` cannot come, but "an expression" is still what is meant). */
static const int operand_starts[] = {
    TK_NAME, TK_NUMBER, TK_STRING, TK_LPAR, TK_LSQB, TK_LBRACE, TK_MINUS, TK_PLUS, TK_TILDE,
    TK_NONE, TK_TRUE, TK_FALSE, TK_ELLIPSIS,
};
/* Tokens that can begin an expression. */
static const int expression_starts[] = {
    TK_NAME, TK_NUMBER, TK_STRING, TK_LPAR, TK_LSQB, TK_LBRACE, TK_MINUS, TK_PLUS, TK_TILDE,
    TK_NOT, TK_LAMBDA, TK_AWAIT, TK_NONE, TK_TRUE, TK_FALSE, TK_ELLIPSIS,
};
/* Besides those, what can begin a statement ("a statement"). */
static const int statement_starts[] = {
    TK_PASS, TK_BREAK, TK_CONTINUE, TK_RETURN, TK_RAISE, TK_GLOBAL, TK_NONLOCAL, TK_ASSERT,
    TK_IMPORT, TK_FROM, TK_DEL, TK_IF, TK_WHILE, TK_FOR, TK_TRY, TK_WITH, TK_DEF, TK_CLASS,
    TK_AT, TK_ASYNC, TK_MATCH_STMT, TK_STAR, TK_YIELD,
};
/* Tokens that extend an expression already read. */
static const int continuations[] = {
    TK_PLUS, TK_MINUS, TK_STAR, TK_SLASH, TK_DOUBLESLASH, TK_PERCENT, TK_DOUBLESTAR, TK_AT,
    TK_LEFTSHIFT, TK_RIGHTSHIFT, TK_AMPER, TK_VBAR, TK_CIRCUMFLEX, TK_LESS, TK_GREATER,
    TK_LESSEQUAL, TK_GREATEREQUAL, TK_EQEQUAL, TK_NOTEQUAL, TK_DOT, TK_LPAR, TK_LSQB, TK_AND,
    TK_OR, TK_NOT, TK_IS, TK_IN, TK_IF, TK_COLONEQUAL, TK_FOR, TK_ASYNC,
};
/* Statement-level extensions of an expression statement, left out when a
 * newline is expected: "expected newline" says enough. */
static const int statement_continuations[] = {
    TK_EQUAL, TK_SEMI, TK_COMMA, TK_PLUSEQUAL, TK_MINEQUAL, TK_STAREQUAL, TK_SLASHEQUAL,
    TK_DOUBLESLASHEQUAL, TK_PERCENTEQUAL, TK_DOUBLESTAREQUAL, TK_ATEQUAL, TK_LEFTSHIFTEQUAL,
    TK_RIGHTSHIFTEQUAL, TK_AMPEREQUAL, TK_VBAREQUAL, TK_CIRCUMFLEXEQUAL, TK_COLON,
};
/* Tokens that end an expression / begin one that cannot continue the
 * previous: two of them in a row inside brackets suggest a missing comma. */
static const int expression_ends[] = {
    TK_NAME, TK_NUMBER, TK_STRING, TK_RPAR, TK_RSQB, TK_RBRACE, TK_NONE, TK_TRUE, TK_FALSE,
    TK_ELLIPSIS,
};
static const int value_starts[] = {
    TK_NAME, TK_NUMBER, TK_STRING, TK_LBRACE, TK_NONE, TK_TRUE, TK_FALSE, TK_ELLIPSIS,
    TK_LAMBDA, TK_AWAIT,
};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct Expected {
    bool tok[256];
    bool expression, statement;
} Expected;

static bool in(const int *set, int n, int kind)
{
    for (int i = 0; i < n; i++)
        if (set[i] == kind)
            return true;
    return false;
}

static bool all_in(const Expected *e, const int *set, int n)
{
    for (int i = 0; i < n; i++)
        if (!e->tok[set[i]])
            return false;
    return true;
}

static void drop(Expected *e, const int *set, int n)
{
    for (int i = 0; i < n; i++)
        e->tok[set[i]] = false;
}

static void compute_expected(ParseCtx *pc, Expected *e)
{
    memset(e, 0, sizeof *e);
    int n = parse_lemon_ntokens();
    for (int k = 0; k < n && k < 256; k++)
        if (k != TK_ERRORTOKEN && k != TK_EXPR_MODE)
            e->tok[k] = parse_lemon_accepts(pc->lemon, k);
}

/* Folds the expected set into categories and drops continuations. */
static void summarize(Expected *e)
{
    bool after_expression = e->tok[TK_VBAR] || e->tok[TK_DOT];
    if (all_in(e, operand_starts, COUNT(operand_starts))) {
        e->expression = true;
        drop(e, expression_starts, COUNT(expression_starts));
        e->tok[TK_STAR] = e->tok[TK_DOUBLESTAR] = e->tok[TK_YIELD] = false;
        if (e->tok[TK_PASS] && e->tok[TK_DEF]) {
            e->statement = true;
            e->expression = false;
            drop(e, statement_starts, COUNT(statement_starts));
            e->tok[TK_NEWLINE] = e->tok[TK_EOF] = false;
        }
    }
    if (after_expression) {
        drop(e, continuations, COUNT(continuations));
        if (e->tok[TK_NEWLINE])
            drop(e, statement_continuations, COUNT(statement_continuations));
    }
}

/* The stack from the top down, skipping bracketed groups that are closed
 * (their tokens are still on the stack until the enclosing rule reduces):
 * returns the innermost unclosed bracket or statement keyword, with *TOK
 * its token.  Stops at an unclosed bracket. */
static int innermost_opener(ParseCtx *pc, Token *tok, bool want_keyword)
{
    int closed = 0;
    for (int i = parse_lemon_depth(pc->lemon); i >= 1; i--) {
        int major = parse_lemon_entry(pc->lemon, i, tok);
        if (major == TK_RPAR || major == TK_RSQB || major == TK_RBRACE) {
            closed++;
        } else if (major == TK_LPAR || major == TK_LSQB || major == TK_LBRACE) {
            if (closed == 0)
                return want_keyword ? -1 : major;
            closed--;
        } else if (want_keyword && closed == 0 && major < parse_lemon_ntokens()) {
            switch (major) {
            case TK_IF: case TK_ELIF: case TK_WHILE: case TK_FOR: case TK_WITH: case TK_DEF:
            case TK_CLASS: case TK_TRY: case TK_EXCEPT: case TK_FINALLY: case TK_ELSE:
            case TK_LAMBDA:
                return major;
            default:
                break;
            }
        }
    }
    return -1;
}

static const char *header_phrase(int keyword)
{
    switch (keyword) {
    case TK_IF: return "'if' condition";
    case TK_ELIF: return "'elif' condition";
    case TK_WHILE: return "'while' condition";
    case TK_FOR: return "'for' clause";
    case TK_WITH: return "'with' items";
    case TK_DEF: return "function signature";
    case TK_CLASS: return "class header";
    case TK_TRY: return "'try'";
    case TK_EXCEPT: return "'except' clause";
    case TK_FINALLY: return "'finally'";
    case TK_ELSE: return "'else'";
    case TK_LAMBDA: return "lambda parameters";
    default: return NULL;
    }
}

/* Two expressions side by side inside brackets (not a def's parameters). */
static bool missing_comma(ParseCtx *pc, const Expected *e, Token found)
{
    if (!e->tok[TK_COMMA] || pc->pos <= 0 || !in(value_starts, COUNT(value_starts), found.kind))
        return false;
    if (!in(expression_ends, COUNT(expression_ends), pc->toks[pc->pos - 1].kind))
        return false;
    Token open;
    if (innermost_opener(pc, &open, false) < 0)
        return pc->fstring_depth > 0;   /* a field reads as if parenthesized */
    Token kw;
    return innermost_opener(pc, &kw, true) != TK_DEF;
}

/* Python 2's `print x`: the name print alone at the start of a statement,
 * then a value. */
static bool print_statement(ParseCtx *pc, const Expected *e, Token found)
{
    if (!e->tok[TK_NEWLINE] || pc->pos < 1 || !in(value_starts, COUNT(value_starts), found.kind))
        return false;
    Token prev = pc->toks[pc->pos - 1];
    if (prev.kind != TK_NAME || prev.len != 5 ||
        memcmp(pc->file->text + prev.start, "print", 5) != 0)
        return false;
    int before = pc->pos >= 2 ? pc->toks[pc->pos - 2].kind : TK_NEWLINE;
    return before == TK_NEWLINE || before == TK_INDENT || before == TK_DEDENT ||
           before == TK_SEMI;
}

static void list_expected(ParseCtx *pc, const Expected *e, char *out, size_t size)
{
    const char *items[MAX_LISTED + 1];
    int n = 0;
    if (e->statement)
        items[n++] = "a statement";
    if (e->expression)
        items[n++] = "an expression";
    for (int k = 0; k < 256 && n <= MAX_LISTED; k++)
        if (e->tok[k])
            items[n++] = k == TK_INDENT ? "an indented block" : token_display(k);
    (void)pc;
    out[0] = '\0';
    if (n == 0 || n > MAX_LISTED)
        return;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
        len += (size_t)snprintf(out + len, len < size ? size - len : 0, "%s%s", sep, items[i]);
        if (len >= size)
            break;
    }
}

void parse_syntax_error(ParseCtx *pc)
{
    Token found = pc->pos >= 0 ? pc->toks[pc->pos] : (Token){0, 0, pc->file->id, 0, 0};
    Span at = token_span(found);
    const char *what = token_display(found.kind);
    Expected e;
    compute_expected(pc, &e);
    if (missing_comma(pc, &e, found)) {
        parse_error(pc, at, "%sinvalid syntax. Perhaps you forgot a comma?", pc->prefix);
        return;
    }
    Token kw;
    int keyword = innermost_opener(pc, &kw, true);
    if (found.kind == TK_EQUAL && e.tok[TK_COLON] &&
        (keyword == TK_IF || keyword == TK_ELIF || keyword == TK_WHILE)) {
        parse_error(pc, at, "%sinvalid syntax. Maybe you meant '==' or ':=' instead of '='?",
                    pc->prefix);
        return;
    }
    if (print_statement(pc, &e, found)) {
        parse_error(pc, at, "%sMissing parentheses in call to 'print'. Did you mean print(...)?",
                    pc->prefix);
        return;
    }
    if (e.tok[TK_COLON] && header_phrase(keyword)) {
        parse_error(pc, at, "%sexpected ':' after %s, found %s", pc->prefix,
                    header_phrase(keyword), what);
        return;
    }
    summarize(&e);
    if (keyword == TK_IF && e.tok[TK_ELSE] && !e.tok[TK_COLON]) {
        parse_error(pc, at, "%sexpected 'else' after 'if' expression, found %s", pc->prefix,
                    what);
        return;
    }
    char list[256];
    list_expected(pc, &e, list, sizeof list);
    if (list[0])
        parse_error(pc, at, "%sexpected %s, found %s", pc->prefix, list, what);
    else
        parse_error(pc, at, "%sinvalid syntax: unexpected %s", pc->prefix, what);
}
