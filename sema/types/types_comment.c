/* PEP 484 type comments, which TorchScript reads as annotations (torchvision's
 * detection code is written with them):
 *
 *     def decode(self, rel_codes, boxes):
 *         # type: (Tensor, List[Tensor]) -> Tensor      types of the parameters
 *                                                       (self left out) and the result
 *     def postprocess(self,
 *                     class_logits,   # type: Tensor    one parameter per line
 *                     proposals,      # type: List[Tensor]
 *                     ):
 *         # type: (...) -> List[Tensor]                 the result only
 *
 * The first time a def is made into a function, the comments between
 * `def` and its first statement are read and parsed as expressions; a
 * parameter or result without an annotation gets the comment's as its
 * annotation node, so everything that reads annotations sees them.  An
 * explicit annotation wins. */
#include <string.h>

#include "parser/parse.h"
#include "sema/interp/interp.h"
#include "sema/types/types.h"

#define TYPE_MARK "type:"

/* The text of a `# type: T` comment starting at P (a '#'), or NULL:
 * [*start, *end) after the mark, trimmed. */
static bool comment_type(const char *p, const char *limit, const char **start, const char **end)
{
    if (p >= limit || *p != '#')
        return false;
    p++;
    while (p < limit && (*p == ' ' || *p == '\t'))
        p++;
    size_t n = strlen(TYPE_MARK);
    if ((size_t)(limit - p) < n || strncmp(p, TYPE_MARK, n) != 0)
        return false;
    p += n;
    const char *e = p;
    while (e < limit && *e != '\n' && *e != '\r')
        e++;
    while (p < e && (*p == ' ' || *p == '\t'))
        p++;
    while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
        e--;
    *start = p;
    *end = e;
    return e > p;
}

/* The expression TEXT (a type), parsed from a source of its own named for
 * where the comment is. */
static AstNode *parse_type_text(Interp *in, const SourceFile *f, const char *s, const char *e)
{
    int line, col;
    source_line_col(f, (uint32_t)(s - f->text), &line, &col);
    const char *label = arena_sprintf(in->arena, "<type comment at %s:%d>", f->path, line);
    SourceFile *src = source_add(&in->c->arena, &in->c->sources, label, s, (size_t)(e - s));
    return src ? parse_expression(in->c, src) : NULL;
}

/* Where parameter A (with default D, or NULL) ends in the text. */
static uint32_t param_end(const AstNode *a, const AstNode *d)
{
    return d && d->span.end > a->span.end ? d->span.end : a->span.end;
}

/* A per-parameter comment: after the parameter (and its default) on its
 * line, nothing but a comma and blanks before the '#'. */
static void param_comment(Interp *in, const SourceFile *f, AstNode *a, const AstNode *d, uint32_t limit)
{
    const char *p = f->text + param_end(a, d), *lim = f->text + limit;
    while (p < lim && (*p == ' ' || *p == '\t' || *p == ','))
        p++;
    const char *s, *e;
    if (!comment_type(p, lim, &s, &e) || *s == '(')
        return;     /* not a type comment, or the function's own */
    AstNode *t = parse_type_text(in, f, s, e);
    if (t)
        a->u.arg.annotation = t;
}

static bool contains(const char *s, const char *e, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = s; p + n <= e; p++)
        if (*p == needle[0] && memcmp(p, needle, n) == 0)
            return true;
    return false;
}

/* The index of the last top-level "->" in [s, e), or NULL. */
static const char *arrow_of(const char *s, const char *e)
{
    int depth = 0;
    const char *found = NULL;
    for (const char *p = s; p + 1 < e; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if (*p == ')' || *p == ']')
            depth--;
        else if (depth == 0 && p[0] == '-' && p[1] == '>')
            found = p;
    }
    return found;
}

/* The positional parameters, in order. */
static int positional(const AstNode *args, AstNode **out, int max)
{
    int n = 0;
    const AstList *lists[2] = {&args->u.arguments.posonlyargs, &args->u.arguments.args};
    for (int k = 0; k < 2; k++)
        for (int i = 0; i < lists[k]->len && n < max; i++)
            out[n++] = lists[k]->items[i];
    return n;
}

/* `# type: (A, B) -> R`: the parameters' types (without self when one
 * fewer is given) and the result's. */
static void function_comment(Interp *in, const SourceFile *f, AstNode *def, const char *s, const char *e)
{
    const char *arrow = arrow_of(s, e);
    if (!arrow || *s != '(')
        return;
    const char *r = arrow + 2;
    while (r < e && *r == ' ')
        r++;
    AstNode *ret = r < e ? parse_type_text(in, f, r, e) : NULL;
    if (ret && !def->u.function_def.returns)
        def->u.function_def.returns = ret;
    AstNode *params = parse_type_text(in, f, s, arrow);
    if (!params || params->kind == AST_CONSTANT)
        return;     /* (...): the result only */
    enum { MAX_PARAMS = 256 };
    AstNode *ps[MAX_PARAMS];
    int np = positional(def->u.function_def.args, ps, MAX_PARAMS);
    bool tuple = params->kind == AST_TUPLE;
    int nt = tuple ? params->u.seq.elts.len : 1;
    int skip = nt == np - 1 ? 1 : 0;
    if (nt + skip != np) {
        diag_error(&in->c->diag, params->span, "this type comment gives %d parameter type%s, but '%s' has %d "
                   "parameter%s", nt, nt == 1 ? "" : "s", def->u.function_def.name, np, np == 1 ? "" : "s");
        return;
    }
    for (int i = 0; i < nt; i++) {
        AstNode *a = ps[i + skip];
        if (!a->u.arg.annotation)
            a->u.arg.annotation = tuple ? params->u.seq.elts.items[i] : params;
    }
}

void types_read_type_comments(Interp *in, const AstNode *cdef)
{
    AstNode *def = (AstNode *)cdef;     /* the comments become the def's annotations, once */
    if (def->kind != AST_FUNCTION_DEF || (def->flags & AST_FLAG_TYPE_COMMENTS) || def->u.function_def.lazy)
        return;
    def->flags |= AST_FLAG_TYPE_COMMENTS;
    const SourceFile *f = source_file(&in->c->sources, def->span.file);
    const AstList *body = &def->u.function_def.body;
    if (!f || !body->len)
        return;
    uint32_t from = def->span.start, limit = body->items[0]->span.start;
    if (limit <= from || !contains(f->text + from, f->text + limit, TYPE_MARK))
        return;     /* the common case: no type comment */
    const AstNode *args = def->u.function_def.args;
    const AstList *defaults = &args->u.arguments.defaults;
    AstNode *ps[256];
    int np = positional(args, ps, 256);
    for (int i = 0; i < np; i++) {
        int di = i - (np - defaults->len);
        if (!ps[i]->u.arg.annotation)
            param_comment(in, f, ps[i], di >= 0 ? defaults->items[di] : NULL, limit);
    }
    /* the function's comment: the first `# type: (` after the parameters */
    uint32_t after = def->span.start;
    for (int i = 0; i < np; i++)
        if (ps[i]->span.end > after)
            after = ps[i]->span.end;
    for (const char *p = f->text + after, *lim = f->text + limit; p < lim; p++) {
        const char *s, *e;
        if (*p == '#' && comment_type(p, lim, &s, &e) && *s == '(') {
            function_comment(in, f, def, s, e);
            break;
        }
    }
}
