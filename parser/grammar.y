/* The Python 3 grammar in Lemon form.
 *
 * The shape follows Python's own grammar, rewritten for LALR(1): targets
 * are parsed as expressions and converted by the constructors (which set
 * ctx=Store/Del and report "cannot assign to ..."), and lists of items are
 * parsed flat and checked by the constructors (parameters, call arguments).
 *
 * Every action is one call to an AST constructor in parser/ast*.c; no checks
 * or lookups happen here.  Token codes are declared below in a fixed order so
 * lexer/ and parser/ share them through the generated parser/grammar.h.
 *
 * Precedence appears once, to give Python 3.10's parenthesized `with` items
 * priority over a parenthesized expression: after `with (a, b)` a ':' is
 * shifted into the with statement instead of reducing `(a, b)` to a tuple.
 * Every other rule is conflict-free without it. */

%name parse_lemon
%token_prefix TK_
%token_type {Token}
%default_type {AstNode *}
%extra_argument {ParseCtx *pc}
%stack_size 10000
%start_symbol input

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

/* See the top of the file: only the `with (...)` / `(...)` choice uses it. */
%left RPAR.
%left COLON.

/* Nothing is freed per symbol (the arena owns everything); this only marks
 * the template's parameters as used so the generated file builds with
 * -Wall -Wextra -Werror. */
%token_destructor { (void)yypminor; (void)pc; }

/* The driver finds and reports syntax errors before Lemon does (it asks
 * parse_lemon_accepts() about every token), so nothing is said here; a
 * trusted parse, which does not ask, is redone with the checks (parse.c). */
%syntax_error { (void)yymajor; (void)yyminor; pc->lemon_failed = true; }
%stack_overflow { parse_stack_overflow(pc); }

%type stmts {AstList}
%type stmt_line {AstList}
%type simple_stmts {AstList}
%type small_list {AstList}
%type suite {AstList}
%type else_opt {AstList}
%type if_chain {AstList}
%type handlers {AstList}
%type decorators {AstList}
%type with_items {AstList}
%type name_list {AstList}
%type dotted_as_names {AstList}
%type import_names {AstList}
%type sexprs {AstList}
%type xitems {AstList}
%type pitems {AstList}
%type litems {AstList}
%type subitems {AstList}
%type comp_for {AstList}
%type comp_op {AstOp}
%type augassign {AstOp}
%type strings {StrParts *}
%type param {ParamItem *}
%type param_list {ParamsBuilder *}
%type lparam_list {ParamsBuilder *}
%type lparam {ParamItem *}

/* ---- start ------------------------------------------------------------- */

input ::= file_input.
input ::= EXPR_MODE expr_input(X). { ast_expression_result(pc, X); }

file_input ::= .
file_input ::= file_input stmt_line(X). { ast_module_append(pc, X); }
file_input ::= file_input NEWLINE.

/* The contents of an f-string replacement field or of --arg VALUE: what
 * may stand between parentheses (Python 3.11 parses f-string fields as
 * `(field)`). */
expr_input(A) ::= pitems(X). { A = ast_bare_group(pc, X, NULL); }
expr_input(A) ::= pitems(X) COMMA(C). { A = ast_bare_group(pc, X, &C); }
expr_input(A) ::= yield_expr(A).
expr_input(A) ::= namedexpr(X) comp_for(G). { A = ast_comp(pc, AST_GENERATOR_EXP, X, NULL, G); }

/* ---- statements -------------------------------------------------------- */

stmts(A) ::= stmt_line(A).
stmts(A) ::= stmts(X) stmt_line(Y). { A = ast_list_extend(pc, X, Y); }

stmt_line(A) ::= simple_stmts(A) NEWLINE.
stmt_line(A) ::= compound(X). { A = ast_list1(pc, X); }
stmt_line(A) ::= error_stmt. { A = ast_list_none(); }

/* Error recovery: a statement that failed to parse extends to the end of
 * its logical line, then swallows an indented block and any else/elif/
 * except/finally clauses that follow, so they raise no second error.
 * Statements inside those blocks are parsed (and their errors reported). */
error_stmt ::= error NEWLINE.
error_stmt ::= error_stmt INDENT stmts DEDENT.
error_stmt ::= error_stmt ELSE COLON suite.
error_stmt ::= error_stmt ELIF namedexpr COLON suite.
error_stmt ::= error_stmt FINALLY COLON suite.
error_stmt ::= error_stmt handler.

simple_stmts(A) ::= small_list(A).
simple_stmts(A) ::= small_list(X) SEMI(S). { A = ast_trailing_semicolon(pc, X, S); }
small_list(A) ::= small_stmt(X). { A = ast_list1(pc, X); }
small_list(A) ::= small_list(X) SEMI small_stmt(Y). { A = ast_list_push(pc, X, Y); }

suite(A) ::= simple_stmts(A) NEWLINE.
suite(A) ::= NEWLINE INDENT stmts(X) DEDENT. { A = X; }

small_stmt(A) ::= expr_stmt(A).
small_stmt(A) ::= del_stmt(A).
small_stmt(A) ::= PASS(K). { A = ast_keyword_stmt(pc, AST_PASS, K); }
small_stmt(A) ::= BREAK(K). { A = ast_keyword_stmt(pc, AST_BREAK, K); }
small_stmt(A) ::= CONTINUE(K). { A = ast_keyword_stmt(pc, AST_CONTINUE, K); }
small_stmt(A) ::= RETURN(K). { A = ast_return(pc, K, NULL); }
small_stmt(A) ::= RETURN(K) testlist_star_expr(X). { A = ast_return(pc, K, X); }
small_stmt(A) ::= RAISE(K). { A = ast_raise(pc, K, NULL, NULL); }
small_stmt(A) ::= RAISE(K) test(X). { A = ast_raise(pc, K, X, NULL); }
small_stmt(A) ::= RAISE(K) test(X) FROM test(Y). { A = ast_raise(pc, K, X, Y); }
small_stmt(A) ::= GLOBAL(K) name_list(X). { A = ast_global(pc, AST_GLOBAL, K, X); }
small_stmt(A) ::= NONLOCAL(K) name_list(X). { A = ast_global(pc, AST_NONLOCAL, K, X); }
small_stmt(A) ::= ASSERT(K) test(X). { A = ast_assert(pc, K, X, NULL); }
small_stmt(A) ::= ASSERT(K) test(X) COMMA test(Y). { A = ast_assert(pc, K, X, Y); }
small_stmt(A) ::= import_stmt(A).

/* Expression statements and every form of assignment. */
expr_stmt(A) ::= testlist_star_expr(X). { A = ast_expr_stmt(pc, X); }
expr_stmt(A) ::= yield_expr(X). { A = ast_expr_stmt(pc, X); }
expr_stmt(A) ::= testlist_star_expr(X) augassign(O) rhs(Y). { A = ast_aug_assign(pc, X, O, Y); }
expr_stmt(A) ::= testlist_star_expr(X) COLON test(T). { A = ast_ann_assign(pc, X, T, NULL); }
expr_stmt(A) ::= testlist_star_expr(X) COLON test(T) EQUAL rhs(Y). { A = ast_ann_assign(pc, X, T, Y); }
expr_stmt(A) ::= assign_chain(A).

assign_chain(A) ::= testlist_star_expr(X) EQUAL rhs(Y). { A = ast_assign(pc, X, Y); }
assign_chain(A) ::= assign_chain(X) EQUAL rhs(Y). { A = ast_assign_chain(pc, X, Y); }

rhs(A) ::= testlist_star_expr(A).
rhs(A) ::= yield_expr(A).

augassign(A) ::= PLUSEQUAL. { A = AST_OP_ADD; }
augassign(A) ::= MINEQUAL. { A = AST_OP_SUB; }
augassign(A) ::= STAREQUAL. { A = AST_OP_MULT; }
augassign(A) ::= ATEQUAL. { A = AST_OP_MATMULT; }
augassign(A) ::= SLASHEQUAL. { A = AST_OP_DIV; }
augassign(A) ::= PERCENTEQUAL. { A = AST_OP_MOD; }
augassign(A) ::= DOUBLESTAREQUAL. { A = AST_OP_POW; }
augassign(A) ::= LEFTSHIFTEQUAL. { A = AST_OP_LSHIFT; }
augassign(A) ::= RIGHTSHIFTEQUAL. { A = AST_OP_RSHIFT; }
augassign(A) ::= VBAREQUAL. { A = AST_OP_BITOR; }
augassign(A) ::= CIRCUMFLEXEQUAL. { A = AST_OP_BITXOR; }
augassign(A) ::= AMPEREQUAL. { A = AST_OP_BITAND; }
augassign(A) ::= DOUBLESLASHEQUAL. { A = AST_OP_FLOORDIV; }

/* `del a, b` has two targets; `del (a, b)` has one tuple. */
del_stmt(A) ::= DEL(K) xitems(X). { A = ast_delete(pc, K, X, NULL); }
del_stmt(A) ::= DEL(K) xitems(X) COMMA(C). { A = ast_delete(pc, K, X, &C); }

name_list(A) ::= NAME(N). { A = ast_list1(pc, ast_name(pc, N)); }
name_list(A) ::= name_list(X) COMMA NAME(N). { A = ast_list_push(pc, X, ast_name(pc, N)); }

/* ---- imports ----------------------------------------------------------- */

import_stmt(A) ::= IMPORT(K) dotted_as_names(X). { A = ast_import(pc, K, X); }
import_stmt(A) ::= FROM(K) from_module(M) IMPORT import_names(X). { A = ast_import_from(pc, K, M, X, NULL); }
import_stmt(A) ::= FROM(K) from_module(M) IMPORT STAR(S). { A = ast_import_from(pc, K, M, ast_list1(pc, ast_alias(pc, S)), NULL); }
import_stmt(A) ::= FROM(K) from_module(M) IMPORT LPAR import_names(X) RPAR(R). { A = ast_import_from(pc, K, M, X, &R); }
import_stmt(A) ::= FROM(K) from_module(M) IMPORT LPAR import_names(X) COMMA RPAR(R). { A = ast_import_from(pc, K, M, X, &R); }

dotted_as_names(A) ::= dotted_as_name(X). { A = ast_list1(pc, X); }
dotted_as_names(A) ::= dotted_as_names(X) COMMA dotted_as_name(Y). { A = ast_list_push(pc, X, Y); }
dotted_as_name(A) ::= dotted_name(A).
dotted_as_name(A) ::= dotted_name(X) AS NAME(N). { A = ast_alias_as(pc, X, N); }
dotted_name(A) ::= NAME(N). { A = ast_alias(pc, N); }
dotted_name(A) ::= dotted_name(X) DOT NAME(N). { A = ast_alias_dot(pc, X, N); }

/* The ImportFrom node is built as the module part is read. */
from_module(A) ::= dots(A).
from_module(A) ::= dots(X) dotted_name(M). { A = ast_from_module(pc, X, M); }
from_module(A) ::= dotted_name(M). { A = ast_from_module(pc, NULL, M); }
dots(A) ::= DOT(D). { A = ast_from_dots(pc, NULL, D); }
dots(A) ::= ELLIPSIS(D). { A = ast_from_dots(pc, NULL, D); }
dots(A) ::= dots(X) DOT(D). { A = ast_from_dots(pc, X, D); }
dots(A) ::= dots(X) ELLIPSIS(D). { A = ast_from_dots(pc, X, D); }

import_names(A) ::= import_name(X). { A = ast_list1(pc, X); }
import_names(A) ::= import_names(X) COMMA import_name(Y). { A = ast_list_push(pc, X, Y); }
import_name(A) ::= NAME(N). { A = ast_alias(pc, N); }
import_name(A) ::= NAME(N) AS NAME(M). { A = ast_alias_as(pc, ast_alias(pc, N), M); }

/* ---- compound statements ----------------------------------------------- */

compound(A) ::= if_stmt(A).
compound(A) ::= WHILE(K) namedexpr(T) COLON suite(B) else_opt(E). { A = ast_while(pc, K, T, B, E); }
compound(A) ::= for_stmt(A).
compound(A) ::= try_stmt(A).
compound(A) ::= with_stmt(A).
compound(A) ::= funcdef(A).
compound(A) ::= classdef(A).
compound(A) ::= decorators(D) funcdef(F). { A = ast_decorate(pc, D, F); }
compound(A) ::= decorators(D) classdef(F). { A = ast_decorate(pc, D, F); }
compound(A) ::= decorators(D) ASYNC(K) funcdef(F). { A = ast_decorate(pc, D, ast_async(pc, K, F)); }
compound(A) ::= ASYNC(K) funcdef(X). { A = ast_async(pc, K, X); }
compound(A) ::= ASYNC(K) for_stmt(X). { A = ast_async(pc, K, X); }
compound(A) ::= ASYNC(K) with_stmt(X). { A = ast_async(pc, K, X); }
compound(A) ::= MATCH_STMT(K). { A = ast_match(pc, K); }

else_opt(A) ::= . { A = ast_list_none(); }
else_opt(A) ::= ELSE COLON suite(X). { A = X; }

/* `elif` chains are collected flat and nested by ast_if() from the end,
 * so a long chain needs neither parser stack nor recursion. */
if_stmt(A) ::= if_chain(X) else_opt(E). { A = ast_if(pc, X, E); }
if_chain(A) ::= IF(K) namedexpr(T) COLON suite(B). { A = ast_list1(pc, ast_if_branch(pc, K, T, B)); }
if_chain(A) ::= if_chain(X) ELIF(K) namedexpr(T) COLON suite(B). { A = ast_list_push(pc, X, ast_if_branch(pc, K, T, B)); }

for_stmt(A) ::= FOR(K) xlist(T) IN testlist_star_expr(I) COLON suite(B) else_opt(E). { A = ast_for(pc, K, T, I, B, E); }

try_stmt(A) ::= TRY(K) COLON suite(B) handlers(H) else_opt(E). { A = ast_try(pc, K, B, H, E, ast_list_none()); }
try_stmt(A) ::= TRY(K) COLON suite(B) handlers(H) else_opt(E) FINALLY COLON suite(F). { A = ast_try(pc, K, B, H, E, F); }
try_stmt(A) ::= TRY(K) COLON suite(B) FINALLY COLON suite(F). { A = ast_try(pc, K, B, ast_list_none(), ast_list_none(), F); }
handlers(A) ::= handler(X). { A = ast_list1(pc, X); }
handlers(A) ::= handlers(X) handler(Y). { A = ast_list_push(pc, X, Y); }
handler(A) ::= EXCEPT(K) COLON suite(B). { A = ast_handler(pc, K, NULL, false, NULL, B); }
handler(A) ::= EXCEPT(K) exc_type(T) COLON suite(B). { A = ast_handler(pc, K, T, false, NULL, B); }
handler(A) ::= EXCEPT(K) exc_type(T) AS NAME(N) COLON suite(B). { A = ast_handler(pc, K, T, false, &N, B); }
handler(A) ::= EXCEPT(K) STAR exc_type(T) COLON suite(B). { A = ast_handler(pc, K, T, true, NULL, B); }
handler(A) ::= EXCEPT(K) STAR exc_type(T) AS NAME(N) COLON suite(B). { A = ast_handler(pc, K, T, true, &N, B); }
handler(A) ::= EXCEPT(K) STAR(S) COLON suite(B). { A = ast_handler_no_type(pc, K, S, B); }
exc_type(A) ::= test(A).
exc_type(A) ::= test(X) COMMA sexprs(Y). { A = ast_exc_tuple(pc, X, Y); }

/* with: plain items, or Python 3.10's parenthesized items; a parenthesized
 * list that turns out to be one expression is handled by ast_with_paren. */
with_stmt(A) ::= WITH(K) with_items(X) COLON suite(B). { A = ast_with(pc, K, X, B); }
with_stmt(A) ::= WITH(K) LPAR(L) pitems(X) RPAR(R) COLON suite(B). { A = ast_with_paren(pc, K, L, X, false, R, B); }
with_stmt(A) ::= WITH(K) LPAR(L) pitems(X) COMMA RPAR(R) COLON suite(B). { A = ast_with_paren(pc, K, L, X, true, R, B); }
with_items(A) ::= with_item(X). { A = ast_list1(pc, X); }
with_items(A) ::= with_items(X) COMMA with_item(Y). { A = ast_list_push(pc, X, Y); }
with_item(A) ::= test(X). { A = ast_with_item(pc, X, NULL); }
with_item(A) ::= test(X) AS expr(T). { A = ast_with_item(pc, X, T); }

/* ---- definitions ------------------------------------------------------- */

decorators(A) ::= decorator(X). { A = ast_list1(pc, X); }
decorators(A) ::= decorators(X) decorator(Y). { A = ast_list_push(pc, X, Y); }
decorator(A) ::= AT namedexpr(X) NEWLINE. { A = X; }

funcdef(A) ::= DEF(K) NAME(N) LPAR params(P) RPAR COLON suite(B). { A = ast_function_def(pc, K, N, P, NULL, B); }
funcdef(A) ::= DEF(K) NAME(N) LPAR params(P) RPAR RARROW test(R) COLON suite(B). { A = ast_function_def(pc, K, N, P, R, B); }

/* Parameters are read as a flat list; ast_params_add() sorts them into
 * positional-only, positional, *args, keyword-only and **kwargs and
 * reports misplaced ones. */
params(A) ::= . { A = ast_params_finish(pc, NULL); }
params(A) ::= param_list(X). { A = ast_params_finish(pc, X); }
params(A) ::= param_list(X) COMMA. { A = ast_params_finish(pc, X); }
param_list(A) ::= param(X). { A = ast_params_add(pc, ast_params_begin(pc), X); }
param_list(A) ::= param_list(X) COMMA param(Y). { A = ast_params_add(pc, X, Y); }
param(A) ::= NAME(N). { A = ast_param(pc, PARAM_PLAIN, &N, NULL, NULL); }
param(A) ::= NAME(N) COLON test(T). { A = ast_param(pc, PARAM_PLAIN, &N, T, NULL); }
param(A) ::= NAME(N) EQUAL test(D). { A = ast_param(pc, PARAM_PLAIN, &N, NULL, D); }
param(A) ::= NAME(N) COLON test(T) EQUAL test(D). { A = ast_param(pc, PARAM_PLAIN, &N, T, D); }
param(A) ::= STAR(S). { A = ast_param_marker(pc, PARAM_STAR, S); }
param(A) ::= STAR(S) param(X). { A = ast_param_star(pc, PARAM_STAR, S, X); }
param(A) ::= STAR(S) NAME(N) COLON star_expr(T). { A = ast_param_star(pc, PARAM_STAR, S, ast_param(pc, PARAM_PLAIN, &N, T, NULL)); }
param(A) ::= DOUBLESTAR(S) param(X). { A = ast_param_star(pc, PARAM_DOUBLESTAR, S, X); }
param(A) ::= SLASH(S). { A = ast_param_marker(pc, PARAM_SLASH, S); }

classdef(A) ::= CLASS(K) NAME(N) COLON suite(B). { A = ast_class_def(pc, K, N, NULL, B); }
classdef(A) ::= CLASS(K) NAME(N) LPAR RPAR COLON suite(B). { A = ast_class_def(pc, K, N, NULL, B); }
classdef(A) ::= CLASS(K) NAME(N) LPAR arglist(X) RPAR COLON suite(B). { A = ast_class_def(pc, K, N, X, B); }
classdef(A) ::= CLASS(K) NAME(N) LPAR arglist(X) COMMA RPAR COLON suite(B). { A = ast_class_def(pc, K, N, X, B); }

/* ---- expressions ------------------------------------------------------- */

/* Lists of expressions: one item without a trailing comma is the item
 * itself, anything else a Tuple.  sexprs: star_expressions (statements,
 * return, yield, for ... in); xitems: targets of for and del. */
testlist_star_expr(A) ::= sexprs(X). { A = ast_tuple_or_item(pc, X, NULL); }
testlist_star_expr(A) ::= sexprs(X) COMMA(C). { A = ast_tuple_or_item(pc, X, &C); }
sexprs(A) ::= sitem(X). { A = ast_list1(pc, X); }
sexprs(A) ::= sexprs(X) COMMA sitem(Y). { A = ast_list_push(pc, X, Y); }
sitem(A) ::= test(A).
sitem(A) ::= star_expr(A).

xlist(A) ::= xitems(X). { A = ast_tuple_or_item(pc, X, NULL); }
xlist(A) ::= xitems(X) COMMA(C). { A = ast_tuple_or_item(pc, X, &C); }
xitems(A) ::= xitem(X). { A = ast_list1(pc, X); }
xitems(A) ::= xitems(X) COMMA xitem(Y). { A = ast_list_push(pc, X, Y); }
xitem(A) ::= expr(A).
xitem(A) ::= star_expr(A).

star_expr(A) ::= STAR(S) expr(X). { A = ast_starred(pc, S, X); }

namedexpr(A) ::= test(A).
namedexpr(A) ::= test(X) COLONEQUAL test(Y). { A = ast_named_expr(pc, X, Y); }

test(A) ::= or_test(A).
test(A) ::= or_test(B) IF or_test(T) ELSE test(O). { A = ast_if_exp(pc, T, B, O); }
test(A) ::= LAMBDA(K) COLON test(B). { A = ast_lambda(pc, K, ast_params_finish(pc, NULL), B); }
test(A) ::= LAMBDA(K) lparams(P) COLON test(B). { A = ast_lambda(pc, K, P, B); }

lparams(A) ::= lparam_list(X). { A = ast_params_finish(pc, X); }
lparams(A) ::= lparam_list(X) COMMA. { A = ast_params_finish(pc, X); }
lparam_list(A) ::= lparam(X). { A = ast_params_add(pc, ast_params_begin(pc), X); }
lparam_list(A) ::= lparam_list(X) COMMA lparam(Y). { A = ast_params_add(pc, X, Y); }
lparam(A) ::= NAME(N). { A = ast_param(pc, PARAM_PLAIN, &N, NULL, NULL); }
lparam(A) ::= NAME(N) EQUAL test(D). { A = ast_param(pc, PARAM_PLAIN, &N, NULL, D); }
lparam(A) ::= STAR(S). { A = ast_param_marker(pc, PARAM_STAR, S); }
lparam(A) ::= STAR(S) lparam(X). { A = ast_param_star(pc, PARAM_STAR, S, X); }
lparam(A) ::= DOUBLESTAR(S) lparam(X). { A = ast_param_star(pc, PARAM_DOUBLESTAR, S, X); }
lparam(A) ::= SLASH(S). { A = ast_param_marker(pc, PARAM_SLASH, S); }

/* `a or b or c` is one BoolOp, `(a or b) or c` two: the chains below only
 * extend nodes they built themselves. */
or_test(A) ::= and_test(A).
or_test(A) ::= or_chain(A).
or_chain(A) ::= and_test(X) OR and_test(Y). { A = ast_bool_op(pc, NULL, AST_OP_OR, X, Y); }
or_chain(A) ::= or_chain(X) OR and_test(Y). { A = ast_bool_op(pc, X, AST_OP_OR, NULL, Y); }
and_test(A) ::= not_test(A).
and_test(A) ::= and_chain(A).
and_chain(A) ::= not_test(X) AND not_test(Y). { A = ast_bool_op(pc, NULL, AST_OP_AND, X, Y); }
and_chain(A) ::= and_chain(X) AND not_test(Y). { A = ast_bool_op(pc, X, AST_OP_AND, NULL, Y); }
not_test(A) ::= NOT(K) not_test(X). { A = ast_unary_op(pc, K, AST_OP_NOT, X); }
not_test(A) ::= comparison(A).

/* `a < b < c` is one Compare. */
comparison(A) ::= expr(A).
comparison(A) ::= compare_chain(A).
compare_chain(A) ::= expr(X) comp_op(O) expr(Y). { A = ast_compare(pc, NULL, X, O, Y); }
compare_chain(A) ::= compare_chain(X) comp_op(O) expr(Y). { A = ast_compare(pc, X, NULL, O, Y); }
comp_op(A) ::= LESS. { A = AST_OP_LT; }
comp_op(A) ::= GREATER. { A = AST_OP_GT; }
comp_op(A) ::= EQEQUAL. { A = AST_OP_EQ; }
comp_op(A) ::= GREATEREQUAL. { A = AST_OP_GTE; }
comp_op(A) ::= LESSEQUAL. { A = AST_OP_LTE; }
comp_op(A) ::= NOTEQUAL. { A = AST_OP_NOTEQ; }
comp_op(A) ::= IN. { A = AST_OP_IN; }
comp_op(A) ::= NOT IN. { A = AST_OP_NOTIN; }
comp_op(A) ::= IS. { A = AST_OP_IS; }
comp_op(A) ::= IS NOT. { A = AST_OP_ISNOT; }

expr(A) ::= xor_expr(A).
expr(A) ::= expr(X) VBAR xor_expr(Y). { A = ast_bin_op(pc, X, AST_OP_BITOR, Y); }
xor_expr(A) ::= and_expr(A).
xor_expr(A) ::= xor_expr(X) CIRCUMFLEX and_expr(Y). { A = ast_bin_op(pc, X, AST_OP_BITXOR, Y); }
and_expr(A) ::= shift_expr(A).
and_expr(A) ::= and_expr(X) AMPER shift_expr(Y). { A = ast_bin_op(pc, X, AST_OP_BITAND, Y); }
shift_expr(A) ::= arith_expr(A).
shift_expr(A) ::= shift_expr(X) LEFTSHIFT arith_expr(Y). { A = ast_bin_op(pc, X, AST_OP_LSHIFT, Y); }
shift_expr(A) ::= shift_expr(X) RIGHTSHIFT arith_expr(Y). { A = ast_bin_op(pc, X, AST_OP_RSHIFT, Y); }
arith_expr(A) ::= term(A).
arith_expr(A) ::= arith_expr(X) PLUS term(Y). { A = ast_bin_op(pc, X, AST_OP_ADD, Y); }
arith_expr(A) ::= arith_expr(X) MINUS term(Y). { A = ast_bin_op(pc, X, AST_OP_SUB, Y); }
term(A) ::= factor(A).
term(A) ::= term(X) STAR factor(Y). { A = ast_bin_op(pc, X, AST_OP_MULT, Y); }
term(A) ::= term(X) SLASH factor(Y). { A = ast_bin_op(pc, X, AST_OP_DIV, Y); }
term(A) ::= term(X) DOUBLESLASH factor(Y). { A = ast_bin_op(pc, X, AST_OP_FLOORDIV, Y); }
term(A) ::= term(X) PERCENT factor(Y). { A = ast_bin_op(pc, X, AST_OP_MOD, Y); }
term(A) ::= term(X) AT factor(Y). { A = ast_bin_op(pc, X, AST_OP_MATMULT, Y); }
factor(A) ::= PLUS(K) factor(X). { A = ast_unary_op(pc, K, AST_OP_UADD, X); }
factor(A) ::= MINUS(K) factor(X). { A = ast_unary_op(pc, K, AST_OP_USUB, X); }
factor(A) ::= TILDE(K) factor(X). { A = ast_unary_op(pc, K, AST_OP_INVERT, X); }
factor(A) ::= power(A).
/* `-2**2` is -(2**2) and `2**-1` is 2**(-1): the exponent is a factor. */
power(A) ::= await_primary(A).
power(A) ::= await_primary(X) DOUBLESTAR factor(Y). { A = ast_bin_op(pc, X, AST_OP_POW, Y); }
await_primary(A) ::= AWAIT(K) primary(X). { A = ast_await(pc, K, X); }
await_primary(A) ::= primary(A).

primary(A) ::= atom(A).
primary(A) ::= primary(X) DOT NAME(N). { A = ast_attribute(pc, X, N); }
primary(A) ::= primary(X) LPAR(L) RPAR(R). { A = ast_call(pc, X, L, ast_call_args(pc, NULL, NULL), R, false); }
primary(A) ::= primary(X) LPAR(L) arglist(Y) RPAR(R). { A = ast_call(pc, X, L, Y, R, false); }
primary(A) ::= primary(X) LPAR(L) arglist(Y) COMMA RPAR(R). { A = ast_call(pc, X, L, Y, R, true); }
primary(A) ::= primary(X) LSQB subscripts(Y) RSQB(R). { A = ast_subscript(pc, X, Y, R); }

/* Call arguments, collected into a Call node whose func is set last. */
arglist(A) ::= argument(X). { A = ast_call_args(pc, NULL, X); }
arglist(A) ::= arglist(X) COMMA argument(Y). { A = ast_call_args(pc, X, Y); }
argument(A) ::= test(A).
argument(A) ::= test(X) comp_for(G). { A = ast_comp(pc, AST_GENERATOR_EXP, X, NULL, G); }
argument(A) ::= test(X) COLONEQUAL test(Y). { A = ast_named_expr(pc, X, Y); }
argument(A) ::= test(X) EQUAL test(Y). { A = ast_keyword_arg(pc, X, Y); }
argument(A) ::= STAR(S) test(X). { A = ast_starred(pc, S, X); }
argument(A) ::= DOUBLESTAR(S) test(X). { A = ast_keyword_unpack(pc, S, X); }

subscripts(A) ::= subitems(X). { A = ast_subscript_items(pc, X, NULL); }
subscripts(A) ::= subitems(X) COMMA(C). { A = ast_subscript_items(pc, X, &C); }
subitems(A) ::= subitem(X). { A = ast_list1(pc, X); }
subitems(A) ::= subitems(X) COMMA subitem(Y). { A = ast_list_push(pc, X, Y); }
subitem(A) ::= namedexpr(A).
subitem(A) ::= star_expr(A).
subitem(A) ::= opt_test(L) COLON(C) opt_test(H). { A = ast_slice(pc, L, C, H, NULL, NULL); }
subitem(A) ::= opt_test(L) COLON(C) opt_test(H) COLON(D) opt_test(S). { A = ast_slice(pc, L, C, H, &D, S); }
opt_test(A) ::= . { A = NULL; }
opt_test(A) ::= test(A).

/* ---- atoms ------------------------------------------------------------- */

atom(A) ::= NAME(N). { A = ast_name(pc, N); }
atom(A) ::= NUMBER(N). { A = ast_number(pc, N); }
atom(A) ::= strings(X). { A = ast_strings(pc, X); }
atom(A) ::= NONE(K). { A = ast_constant(pc, K, AST_CONST_NONE); }
atom(A) ::= TRUE(K). { A = ast_constant(pc, K, AST_CONST_TRUE); }
atom(A) ::= FALSE(K). { A = ast_constant(pc, K, AST_CONST_FALSE); }
atom(A) ::= ELLIPSIS(K). { A = ast_constant(pc, K, AST_CONST_ELLIPSIS); }

strings(A) ::= STRING(S). { A = ast_string_part(pc, NULL, S); }
strings(A) ::= strings(X) STRING(S). { A = ast_string_part(pc, X, S); }

/* Parentheses: (), (yield), (x), (x,), (x, *y), (x for x in y). */
atom(A) ::= LPAR(L) RPAR(R). { A = ast_display(pc, AST_TUPLE, L, ast_list_none(), R); }
atom(A) ::= LPAR(L) yield_expr(X) RPAR(R). { A = ast_group(pc, L, X, R); }
atom(A) ::= LPAR(L) pitems(X) RPAR(R). { A = ast_paren(pc, L, X, false, R); }
atom(A) ::= LPAR(L) pitems(X) COMMA RPAR(R). { A = ast_paren(pc, L, X, true, R); }
atom(A) ::= LPAR(L) namedexpr(X) comp_for(G) RPAR(R). { A = ast_enclose(pc, L, ast_comp(pc, AST_GENERATOR_EXP, X, NULL, G), R); }
/* pitems also holds `x as y`, which only the with statement accepts. */
pitems(A) ::= pitem(X). { A = ast_list1(pc, X); }
pitems(A) ::= pitems(X) COMMA pitem(Y). { A = ast_list_push(pc, X, Y); }
pitem(A) ::= namedexpr(A).
pitem(A) ::= star_expr(A).
pitem(A) ::= test(X) AS expr(T). { A = ast_with_item(pc, X, T); }

/* Lists and sets: [], [a, *b], [x for x in y], {a, *b}, {x for x in y}. */
atom(A) ::= LSQB(L) RSQB(R). { A = ast_display(pc, AST_LIST, L, ast_list_none(), R); }
atom(A) ::= LSQB(L) litems(X) RSQB(R). { A = ast_display(pc, AST_LIST, L, X, R); }
atom(A) ::= LSQB(L) litems(X) COMMA RSQB(R). { A = ast_display(pc, AST_LIST, L, X, R); }
atom(A) ::= LSQB(L) namedexpr(X) comp_for(G) RSQB(R). { A = ast_enclose(pc, L, ast_comp(pc, AST_LIST_COMP, X, NULL, G), R); }
atom(A) ::= LBRACE(L) litems(X) RBRACE(R). { A = ast_display(pc, AST_SET, L, X, R); }
atom(A) ::= LBRACE(L) litems(X) COMMA RBRACE(R). { A = ast_display(pc, AST_SET, L, X, R); }
atom(A) ::= LBRACE(L) namedexpr(X) comp_for(G) RBRACE(R). { A = ast_enclose(pc, L, ast_comp(pc, AST_SET_COMP, X, NULL, G), R); }
litems(A) ::= litem(X). { A = ast_list1(pc, X); }
litems(A) ::= litems(X) COMMA litem(Y). { A = ast_list_push(pc, X, Y); }
litem(A) ::= namedexpr(A).
litem(A) ::= star_expr(A).

/* Dicts: {}, {k: v, **m}, {k: v for ...}.  The Dict node is built as the
 * items are read. */
atom(A) ::= LBRACE(L) RBRACE(R). { A = ast_enclose(pc, L, ast_dict_new(pc), R); }
atom(A) ::= LBRACE(L) ditems(X) RBRACE(R). { A = ast_enclose(pc, L, X, R); }
atom(A) ::= LBRACE(L) ditems(X) COMMA RBRACE(R). { A = ast_enclose(pc, L, X, R); }
atom(A) ::= LBRACE(L) test(K) COLON test(V) comp_for(G) RBRACE(R). { A = ast_enclose(pc, L, ast_comp(pc, AST_DICT_COMP, K, V, G), R); }
ditems(A) ::= test(K) COLON test(V). { A = ast_dict_item(pc, NULL, K, V); }
ditems(A) ::= DOUBLESTAR expr(V). { A = ast_dict_item(pc, NULL, NULL, V); }
ditems(A) ::= ditems(X) COMMA test(K) COLON test(V). { A = ast_dict_item(pc, X, K, V); }
ditems(A) ::= ditems(X) COMMA DOUBLESTAR expr(V). { A = ast_dict_item(pc, X, NULL, V); }

/* Comprehension clauses: for ... in ... [if ...]*, possibly async. */
comp_for(A) ::= comp_clause(X). { A = ast_list1(pc, X); }
comp_for(A) ::= comp_for(X) comp_clause(Y). { A = ast_list_push(pc, X, Y); }
comp_for(A) ::= comp_for(X) IF or_test(Y). { A = ast_comp_if(pc, X, Y); }
comp_clause(A) ::= FOR(K) xlist(T) IN or_test(I). { A = ast_comprehension(pc, NULL, K, T, I); }
comp_clause(A) ::= ASYNC(K) FOR(F) xlist(T) IN or_test(I). { A = ast_comprehension(pc, &K, F, T, I); }

yield_expr(A) ::= YIELD(K). { A = ast_yield(pc, K, NULL); }
yield_expr(A) ::= YIELD(K) testlist_star_expr(X). { A = ast_yield(pc, K, X); }
yield_expr(A) ::= YIELD(K) FROM test(X). { A = ast_yield_from(pc, K, X); }

%code {
/* Helpers for the driver (parser/parse.c, parser/parse_error.c).  They live
 * here because they read the automaton's tables, which are static to this
 * file. */

size_t parse_lemon_size(void)
{
    return sizeof(yyParser);
}

/* Whether the parser, in its current state, would shift TOKEN after the
 * reductions it implies, rather than fail.  The raw action table alone
 * cannot tell: default reductions make it accept tokens that a later state
 * refuses.  So the reductions are simulated on a virtual stack: the real
 * entries below `base`, and the states pushed since in `pushed`. */
bool parse_lemon_accepts(void *parser, int token)
{
    yyParser *p = parser;
    YYACTIONTYPE pushed[64];
    int npushed = 0;
    yyStackEntry *base = p->yytos;
    YYACTIONTYPE state = base->stateno;
    assert(token >= 0 && token < YYNTOKEN);
    for (;;) {
        YYACTIONTYPE act = yy_find_shift_action((YYCODETYPE)token, state);
        if (act < YY_MIN_REDUCE)
            return act <= YY_MAX_SHIFTREDUCE || act == YY_ACCEPT_ACTION;
        unsigned rule = act - YY_MIN_REDUCE;
        int pop = -yyRuleInfoNRhs[rule];
        int from_pushed = pop < npushed ? pop : npushed;
        npushed -= from_pushed;
        base -= pop - from_pushed;
        assert(base >= p->yystack);
        YYACTIONTYPE below = npushed ? pushed[npushed - 1] : base->stateno;
        state = yy_find_reduce_action(below, (YYCODETYPE)yyRuleInfoLhs[rule]);
        if (npushed == (int)(sizeof pushed / sizeof pushed[0]))
            return true;    /* cannot happen with this grammar; let Lemon decide */
        pushed[npushed++] = state;
    }
}

int parse_lemon_ntokens(void)
{
    return YYNTOKEN;
}

/* The stack, for wording messages: number of entries above the bottom. */
int parse_lemon_depth(void *parser)
{
    yyParser *p = parser;
    return (int)(p->yytos - p->yystack);
}

/* Entry I (1 = bottom-most real entry): its symbol, and its token when the
 * symbol is a terminal.  Returns the symbol code. */
int parse_lemon_entry(void *parser, int i, Token *tok)
{
    yyParser *p = parser;
    const yyStackEntry *e = &p->yystack[i];
    if (e->major < YYNTOKEN && tok)
        *tok = e->minor.yy0;
    return e->major;
}
}
