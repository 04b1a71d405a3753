/* Parameters (def and lambda) and call arguments.  The grammar reads both
 * as flat comma-separated lists, which keeps it LALR(1) and lets the rules
 * about their order be checked here, with CPython's messages:
 *
 *   params: [posonly '/'] [args] ['*' [vararg] kwonly] ['**' kwarg]
 *   call:   positional and *iterables, then keywords and *iterables,
 *           then keywords and **mappings */
#include <assert.h>

#include "parser/parse_internal.h"

static Span tok(ParseCtx *pc, Token t)
{
    return ast_token_span(pc, t);
}

/* ---- parameter items ---------------------------------------------------- */

/* param: NAME [':' test] ['=' test] */
ParamItem *ast_param(ParseCtx *pc, ParamKind kind, const Token *name, AstNode *annotation,
                     AstNode *value)
{
    ParamItem *item = arena_alloc(&pc->c->arena, sizeof *item);
    AstNode *arg = ast_new(pc, AST_ARG, ast_join(tok(pc, *name), ast_outer(annotation)));
    arg->u.arg.name = ast_token_name(pc, *name);
    arg->u.arg.annotation = annotation;
    ast_adopt(pc, arg, annotation);
    item->kind = kind;
    item->arg = arg;
    item->value = value;
    item->span = ast_join(arg->span, ast_outer(value));
    return item;
}

/* param: '*' | '/' */
ParamItem *ast_param_marker(ParseCtx *pc, ParamKind kind, Token mark)
{
    ParamItem *item = arena_alloc(&pc->c->arena, sizeof *item);
    item->kind = kind;
    item->span = tok(pc, mark);
    return item;
}

/* param: '*' param | '**' param */
ParamItem *ast_param_star(ParseCtx *pc, ParamKind kind, Token star, ParamItem *item)
{
    ParamItem *out = arena_alloc(&pc->c->arena, sizeof *out);
    out->kind = kind;
    out->span = ast_join(tok(pc, star), item->span);
    if (item->kind != PARAM_PLAIN) {
        diag_error(&pc->c->diag, item->span, "invalid syntax: expected a parameter name");
        return out;
    }
    out->arg = item->arg;
    if (item->value) {
        uint32_t eq = ast_skip_blanks(pc, item->arg->span.end);
        diag_error(&pc->c->diag, (Span){item->span.file, eq, eq + 1},
                   kind == PARAM_STAR ? "var-positional argument cannot have default value"
                                      : "var-keyword argument cannot have default value");
    }
    return out;
}

/* ---- the arguments node ------------------------------------------------- */

ParamsBuilder *ast_params_begin(ParseCtx *pc)
{
    ParamsBuilder *b = arena_alloc(&pc->c->arena, sizeof *b);
    b->args = ast_new(pc, AST_ARGUMENTS, SPAN_NONE);
    b->bare_star = SPAN_NONE;
    return b;
}

static void params_error(ParseCtx *pc, ParamsBuilder *b, Span span, const char *msg)
{
    diag_error(&pc->c->diag, span, "%s", msg);
    b->failed = true;
}

/* '/': everything read so far is positional-only. */
static void params_slash(ParseCtx *pc, ParamsBuilder *b, const ParamItem *item)
{
    AstNode *a = b->args;
    if (b->seen_slash)
        params_error(pc, b, item->span, "/ may appear only once");
    else if (b->seen_star)
        params_error(pc, b, item->span, "/ must be ahead of *");
    else if (a->u.arguments.args.len == 0)
        params_error(pc, b, item->span, "at least one argument must precede /");
    else {
        a->u.arguments.posonlyargs = a->u.arguments.args;
        a->u.arguments.args = ast_list_none();
        b->seen_slash = true;
    }
}

static void params_plain(ParseCtx *pc, ParamsBuilder *b, const ParamItem *item)
{
    AstNode *a = b->args;
    if (b->seen_star) {
        ast_push(pc, &a->u.arguments.kwonlyargs, item->arg);
        ast_push(pc, &a->u.arguments.kw_defaults, item->value);
        return;
    }
    if (item->value) {
        ast_push(pc, &a->u.arguments.defaults, item->value);
        b->seen_default = true;
    } else if (b->seen_default) {
        params_error(pc, b, item->span, "non-default argument follows default argument");
    }
    ast_push(pc, &a->u.arguments.args, item->arg);
}

/* params: param_list ',' param */
ParamsBuilder *ast_params_add(ParseCtx *pc, ParamsBuilder *b, ParamItem *item)
{
    AstNode *a = b->args;
    a->span = a->outer = ast_join(a->span, item->span);
    if (b->failed)
        return b;
    if (b->seen_kwarg) {
        params_error(pc, b, item->span, "arguments cannot follow var-keyword argument");
        return b;
    }
    switch (item->kind) {
    case PARAM_SLASH:
        params_slash(pc, b, item);
        break;
    case PARAM_STAR:
        if (b->seen_star)
            params_error(pc, b, item->span, "* argument may appear only once");
        b->seen_star = true;
        if (item->arg)
            a->u.arguments.vararg = item->arg;
        else
            b->bare_star = item->span;
        break;
    case PARAM_DOUBLESTAR:
        b->seen_kwarg = true;
        a->u.arguments.kwarg = item->arg;
        if (b->bare_star.file >= 0 && a->u.arguments.kwonlyargs.len == 0)
            params_error(pc, b, b->bare_star, "named arguments must follow bare *");
        break;
    case PARAM_PLAIN:
        params_plain(pc, b, item);
        break;
    }
    return b;
}

static void collect_names(ParseCtx *pc, AstList *all, const AstNode *a)
{
    *all = ast_list_extend(pc, *all, a->u.arguments.posonlyargs);
    *all = ast_list_extend(pc, *all, a->u.arguments.args);
    if (a->u.arguments.vararg)
        ast_push(pc, all, a->u.arguments.vararg);
    *all = ast_list_extend(pc, *all, a->u.arguments.kwonlyargs);
    if (a->u.arguments.kwarg)
        ast_push(pc, all, a->u.arguments.kwarg);
}

static void check_duplicates(ParseCtx *pc, const AstNode *a)
{
    AstList all = ast_list_none();
    collect_names(pc, &all, a);
    const char **names = arena_alloc(&pc->c->arena, sizeof *names * (size_t)(all.len + 1));
    for (int i = 0; i < all.len; i++)
        names[i] = all.items[i]->u.arg.name;
    int i = ast_first_repeat(pc, names, all.len);
    if (i >= 0)
        diag_error(&pc->c->diag, all.items[i]->span,
                   "duplicate argument '%s' in function definition", names[i]);
}

static void adopt_arguments(ParseCtx *pc, AstNode *a)
{
    ast_adopt_list(pc, a, a->u.arguments.posonlyargs);
    ast_adopt_list(pc, a, a->u.arguments.args);
    ast_adopt(pc, a, a->u.arguments.vararg);
    ast_adopt_list(pc, a, a->u.arguments.kwonlyargs);
    ast_adopt_list(pc, a, a->u.arguments.kw_defaults);
    ast_adopt(pc, a, a->u.arguments.kwarg);
    ast_adopt_list(pc, a, a->u.arguments.defaults);
}

/* params: [param_list [',']] */
AstNode *ast_params_finish(ParseCtx *pc, ParamsBuilder *b)
{
    if (!b)
        return ast_new(pc, AST_ARGUMENTS, SPAN_NONE);
    AstNode *a = b->args;
    if (!b->failed && b->bare_star.file >= 0 && a->u.arguments.kwonlyargs.len == 0 &&
        !b->seen_kwarg)
        params_error(pc, b, b->bare_star, "named arguments must follow bare *");
    if (!b->failed)
        check_duplicates(pc, a);
    adopt_arguments(pc, a);
    return a;
}

/* ---- call arguments ----------------------------------------------------- */

/* argument: test '=' test -- the name must be a plain identifier */
AstNode *ast_keyword_arg(ParseCtx *pc, AstNode *name, AstNode *value)
{
    AstNode *n = ast_new(pc, AST_KEYWORD, ast_join(ast_outer(name), ast_outer(value)));
    bool named_constant = name->kind == AST_CONSTANT && name->u.constant.kind <= AST_CONST_FALSE;
    if (named_constant && !(name->flags & AST_FLAG_PARENS)) {
        diag_error(&pc->c->diag, name->span, "cannot assign to %s", ast_describe(name));
        n->u.keyword.arg = arena_strdup(&pc->c->arena, "?");
    } else if (name->kind != AST_NAME || (name->flags & AST_FLAG_PARENS)) {
        diag_error(&pc->c->diag, ast_outer(name),
                   "expression cannot contain assignment, perhaps you meant \"==\"?");
        /* a name no other keyword can repeat */
        n->u.keyword.arg = arena_strdup(&pc->c->arena, "?");
    } else {
        n->u.keyword.arg = name->u.name.id;
    }
    n->u.keyword.value = value;
    ast_adopt(pc, n, value);
    return n;
}

/* argument: '**' test */
AstNode *ast_keyword_unpack(ParseCtx *pc, Token stars, AstNode *value)
{
    AstNode *n = ast_new(pc, AST_KEYWORD, ast_join(tok(pc, stars), ast_outer(value)));
    n->u.keyword.value = value;
    ast_adopt(pc, n, value);
    return n;
}

static void add_keyword(ParseCtx *pc, AstNode *call, AstNode *kw)
{
    const char *name = kw->u.keyword.arg;
    if (!name) {
        call->flags |= AST_FLAG_SEEN_KWUNPACK;
    } else {
        call->flags |= AST_FLAG_SEEN_KEYWORD;
    }
    ast_push(pc, &call->u.call.keywords, kw);
}

void ast_check_keywords(ParseCtx *pc, const AstNode *call)
{
    AstList kws = call->u.call.keywords;
    const char **names = arena_alloc(&pc->c->arena, sizeof *names * (size_t)(kws.len + 1));
    AstNode **named = arena_alloc(&pc->c->arena, sizeof *named * (size_t)(kws.len + 1));
    int n = 0;
    for (int i = 0; i < kws.len; i++)
        if (kws.items[i]->u.keyword.arg) {
            named[n] = kws.items[i];
            names[n++] = kws.items[i]->u.keyword.arg;
        }
    int i = ast_first_repeat(pc, names, n);
    if (i >= 0)
        diag_error(&pc->c->diag, named[i]->span, "keyword argument repeated: %s", names[i]);
}

static void add_positional(ParseCtx *pc, AstNode *call, AstNode *arg)
{
    if (arg->kind == AST_STARRED) {
        if (call->flags & AST_FLAG_SEEN_KWUNPACK)
            diag_error(&pc->c->diag, ast_outer(arg),
                       "iterable argument unpacking follows keyword argument unpacking");
    } else if (call->flags & AST_FLAG_SEEN_KWUNPACK) {
        diag_error(&pc->c->diag, ast_outer(arg),
                   "positional argument follows keyword argument unpacking");
    } else if (call->flags & AST_FLAG_SEEN_KEYWORD) {
        diag_error(&pc->c->diag, ast_outer(arg), "positional argument follows keyword argument");
    }
    ast_push(pc, &call->u.call.args, arg);
}

static bool has_bare_genexp(const AstNode *call)
{
    AstList args = call->u.call.args;
    return args.len == 1 && (args.items[0]->flags & AST_FLAG_BARE_GENEXP);
}

static void genexp_error(ParseCtx *pc, const AstNode *g)
{
    diag_error(&pc->c->diag, g->span, "Generator expression must be parenthesized");
}

/* arglist: argument | arglist ',' argument */
AstNode *ast_call_args(ParseCtx *pc, AstNode *call, AstNode *arg)
{
    if (!call)
        call = ast_new(pc, AST_CALL, SPAN_NONE);
    if (!arg)
        return call;
    bool any = call->u.call.args.len || call->u.call.keywords.len;
    if (any && (arg->flags & AST_FLAG_BARE_GENEXP))
        genexp_error(pc, arg);
    else if (has_bare_genexp(call))
        genexp_error(pc, call->u.call.args.items[0]);
    if (arg->kind == AST_KEYWORD)
        add_keyword(pc, call, arg);
    else
        add_positional(pc, call, arg);
    return call;
}

/* primary: primary '(' [arglist [',']] ')' -- a sole bare generator takes
 * the call's parentheses as its own, as in Python */
AstNode *ast_call(ParseCtx *pc, AstNode *func, Token lpar, AstNode *call, Token rpar,
                  bool trailing_comma)
{
    call->u.call.func = func;
    call->span = call->outer = ast_join(ast_outer(func), tok(pc, rpar));
    if (has_bare_genexp(call) && call->u.call.keywords.len == 0) {
        AstNode *g = call->u.call.args.items[0];
        if (trailing_comma)
            genexp_error(pc, g);
        g->span = g->outer = ast_join(tok(pc, lpar), tok(pc, rpar));
    }
    ast_check_keywords(pc, call);
    ast_warn_call(pc, call);
    ast_adopt(pc, call, func);
    ast_adopt_list(pc, call, call->u.call.args);
    ast_adopt_list(pc, call, call->u.call.keywords);
    return call;
}
