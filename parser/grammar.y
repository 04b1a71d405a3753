/* The Python 3 grammar in Lemon form.
 *
 * Every action is one call to an AST constructor in parser/ast.c; no checks
 * or lookups happen here.  Token codes are declared below in a fixed order so
 * lexer/ and parser/ share them through the generated parser/grammar.h.
 *
 * (Rules are added by the front-end work; this prologue fixes the token set.) */

%name parse_lemon
%token_prefix TK_
%token_type {Token}
%extra_argument {ParseCtx *pc}

%include {
#include <assert.h>
#include "parser/parse_internal.h"
}

/* Layout tokens */
%token NEWLINE INDENT DEDENT.
/* Literals and names */
%token NAME NUMBER STRING.
/* Keywords */
%token FALSE NONE TRUE AND AS ASSERT ASYNC AWAIT BREAK CLASS CONTINUE DEF DEL
       ELIF ELSE EXCEPT FINALLY FOR FROM GLOBAL IF IMPORT IN IS LAMBDA NONLOCAL
       NOT OR PASS RAISE RETURN TRY WHILE WITH YIELD.
/* A whole `match` statement, which the layout layer folds into one token so
 * the parser can refuse it with one clear message. */
%token MATCH_STMT.
/* Operators and delimiters */
%token PLUS MINUS STAR SLASH DOUBLESLASH PERCENT DOUBLESTAR AT LEFTSHIFT
       RIGHTSHIFT AMPER VBAR CIRCUMFLEX TILDE COLONEQUAL LESS GREATER LESSEQUAL
       GREATEREQUAL EQEQUAL NOTEQUAL LPAR RPAR LSQB RSQB LBRACE RBRACE COMMA
       COLON DOT SEMI EQUAL RARROW ELLIPSIS.
%token PLUSEQUAL MINEQUAL STAREQUAL SLASHEQUAL DOUBLESLASHEQUAL PERCENTEQUAL
       DOUBLESTAREQUAL ATEQUAL LEFTSHIFTEQUAL RIGHTSHIFTEQUAL AMPEREQUAL
       VBAREQUAL CIRCUMFLEXEQUAL.
/* Start marker for parsing one expression (f-string replacement fields). */
%token EXPR_MODE.
/* Lexer-only: a character or literal the lexer rejected (already reported). */
%token ERRORTOKEN.

/* Placeholder start rule until the grammar is written. */
input ::= .
%syntax_error { (void)yymajor; (void)yyminor; (void)pc; }
input ::= NEWLINE. { (void)pc; }
/* Nothing is freed per symbol (the arena owns everything); this only marks
 * the template's parameters as used so the generated file builds with
 * -Wall -Wextra -Werror. */
%token_destructor { (void)yypminor; (void)pc; }
