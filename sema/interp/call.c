/* Functions, classes and objects: argument binding, frames, method
 * resolution (C3), attribute lookup with Python's descriptor order,
 * super(), and exceptions with the chain of calls that raised them. */
#include <stdio.h>
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "sema/interp/interp.h"
#include "sema/native/native.h"
#include "sema/types/types.h"

/* ---- errors ---- */

static bool span_is_user(Interp *in, Span s)
{
    const SourceFile *f = source_file(&in->c->sources, s.file);
    return f && f->path[0] != '<';
}

/* The span to report at: the error's own place when it is in the user's
 * files, else the innermost call from user code into the stdlib. */
Span interp_user_span(Interp *in, Span span)
{
    if (span_is_user(in, span))
        return span;
    for (Frame *f = in->frame; f; f = f->caller)
        if (span_is_user(in, f->call_span))
            return f->call_span;
    return span;
}

/* Notes for the user-code calls that led here (at most a few). */
static void call_chain_notes(Interp *in, Span reported)
{
    int shown = 0;
    for (Frame *f = in->frame; f && shown < 4; f = f->caller) {
        if (!f->func || !span_is_user(in, f->call_span) || f->call_span.start == reported.start)
            continue;
        diag_note(&in->c->diag, f->call_span, "in '%s' called from here", f->func->qualname);
        shown++;
    }
}

/* Whether the same error was reported at the same place already (a loop
 * unrolled at compile time meets it once per iteration): the key is the
 * interned "file:start:end:message". */
static bool already_reported(Interp *in, Span at, const char *msg)
{
    const char *key = intern(&in->c->names, arena_sprintf(in->arena, "%u:%u:%u:%s", (unsigned)at.file,
                                                          (unsigned)at.start, (unsigned)at.end, msg));
    if (types_cache_get(in, key))
        return true;
    types_cache_put(in, key, key);
    return false;
}

Value *interp_error(Interp *in, Span span, const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Span at = interp_user_span(in, span);
    if (already_reported(in, at, msg))
        return val_error(in);
    diag_error(&in->c->diag, at, "%s", msg);
    call_chain_notes(in, at);
    return val_error(in);
}

/* Where an exception was raised and the calls that led there: the
 * innermost TB_INNER entries and the outermost TB_OUTER ones, so that deep
 * recursion still shows where user code started it; the calls between
 * (`omitted`) come before entry `gap`. */
#define TB_INNER 12
#define TB_OUTER 4
typedef struct Traceback {
    Span spans[TB_INNER + TB_OUTER];
    const char *names[TB_INNER + TB_OUTER];
    int len, gap, omitted;
} Traceback;

void interp_record_traceback(Interp *in, Value *exc, Span span)
{
    (void)exc;
    Traceback *tb = arena_alloc(in->arena, sizeof *tb);
    tb->spans[tb->len] = span;
    tb->names[tb->len++] = NULL;
    int calls = 0;
    for (Frame *f = in->frame; f; f = f->caller)
        calls += f->func != NULL;
    int k = 0;
    tb->gap = tb->len + calls;
    for (Frame *f = in->frame; f; f = f->caller) {
        if (!f->func)
            continue;
        bool inner = k < TB_INNER - 1, outer = k >= calls - TB_OUTER;
        if (inner || outer || calls < TB_INNER + TB_OUTER) {
            if (!inner && tb->omitted && tb->gap > tb->len)
                tb->gap = tb->len;
            tb->spans[tb->len] = f->call_span;
            tb->names[tb->len++] = f->func->qualname;
        } else {
            tb->omitted++;
        }
        k++;
    }
    Value *holder = val_none(in);
    holder->u.wrapped = (Value *)tb;
    val_scope_set(in->arena, exc->u.inst->attrs, intern(&in->c->names, "__tsc_traceback__"), holder);
}

const char *interp_exception_message(Interp *in, Value *exc)
{
    Value *args = val_scope_get(exc->u.inst->attrs, intern(&in->c->names, "args"));
    if (!args || args->kind != VK_TUPLE || args->u.list->len == 0)
        return "";
    if (args->u.list->len == 1)
        return val_to_str(in, args->u.list->items[0]);
    return val_repr(in, args);
}

static bool same_call(const Traceback *tb, int i, int j)
{
    return tb->spans[i].file == tb->spans[j].file && tb->spans[i].start == tb->spans[j].start &&
           tb->names[i] == tb->names[j];
}

/* Notes for the calls of TB after entry FIRST, in user files.  A run of the
 * same call (recursion) is one note with its count; the calls recorded
 * neither among the innermost nor the outermost are counted in a note. */
static void traceback_notes(Interp *in, const Traceback *tb, int first, Span reported)
{
    int shown = 0;
    for (int i = first + 1; i < tb->len; i++) {
        int skipped = i == tb->gap ? tb->omitted : 0;
        if (skipped && !(i > first + 1 && same_call(tb, i - 1, i)))
            diag_note(&in->c->diag, SPAN_NONE, "... %d more calls ...", skipped);
        if (!span_is_user(in, tb->spans[i]))
            continue;
        int times = 1;
        while (i + 1 < tb->len && same_call(tb, i, i + 1)) {
            times += 1 + (i + 1 == tb->gap ? tb->omitted : 0);
            i++;
        }
        bool at_error = tb->spans[i].file == reported.file && tb->spans[i].start == reported.start;
        const char *name = tb->names[i] ? tb->names[i] : "?";
        if (times > 1)
            diag_note(&in->c->diag, tb->spans[i], "in '%s' called from here (%d times, recursively)", name, times);
        else if (!at_error || i + 1 == tb->len)
            diag_note(&in->c->diag, tb->spans[i], "in '%s' called from here", name);
        if (++shown == 8)
            break;
    }
}

void interp_report_uncaught(Interp *in)
{
    Value *exc = in->exc;
    in->exc = NULL;
    if (!exc || (in->cls.compile_error && interp_isinstance(in, exc, in->cls.compile_error)))
        return;     /* none, or already reported */
    bool aborted = exc == in->abort;
    if (aborted && in->abort_reported)
        return;
    in->abort_reported |= aborted;
    const char *msg = interp_exception_message(in, exc);
    Value *holder = val_scope_get(exc->u.inst->attrs, intern(&in->c->names, "__tsc_traceback__"));
    Traceback *tb = holder ? (Traceback *)holder->u.wrapped : NULL;
    Span at = in->exc_span;
    int first = 0;
    if (tb) {
        /* report at the innermost place in the user's files */
        for (first = 0; first < tb->len && !span_is_user(in, tb->spans[first]); first++)
            ;
        if (first == tb->len)
            first = 0;
        at = tb->spans[first];
    }
    const char *cls = exc->u.inst->cls->u.cls->name;
    if (aborted)
        diag_error(&in->c->diag, at, "%s", msg);
    else if (*msg)
        diag_error(&in->c->diag, at, "%s: %s", cls, msg);
    else
        diag_error(&in->c->diag, at, "%s raised at compile time", cls);
    if (!tb)
        return;
    traceback_notes(in, tb, first, at);
}

Value *interp_raise(Interp *in, Value *exc_class, Span span, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    Value *msg = val_cstr(in, buf);
    Value *exc = val_none(in);
    exc->kind = VK_INSTANCE;
    exc->u.inst = arena_alloc(in->arena, sizeof(Instance));
    exc->u.inst->cls = exc_class;
    exc->u.inst->attrs = flow_scope_new(in);
    Value *args = val_tuple(in, 1);
    val_list_push(in, args->u.list, msg);
    val_scope_set(in->arena, exc->u.inst->attrs, intern(&in->c->names, "args"), args);
    in->exc = exc;
    in->exc_span = span;
    interp_record_traceback(in, exc, span);
    return NULL;
}

/* ---- functions ---- */

Closure *interp_closure_of(Interp *in, Frame *f)
{
    Closure *c = arena_alloc(in->arena, sizeof *c);
    c->scope = f->locals;
    c->next = f->closure;
    return c;
}

static const AstNode *def_arguments(const AstNode *def)
{
    return def->kind == AST_LAMBDA ? def->u.lambda.args : def->u.function_def.args;
}

Value *interp_make_function(Interp *in, const AstNode *def, const char *name, Span span)
{
    (void)span;
    if (def->kind == AST_FUNCTION_DEF)
        types_read_type_comments(in, def);
    Function *fn = arena_alloc(in->arena, sizeof *fn);
    fn->name = name;
    fn->def = def;
    fn->args = def_arguments(def);
    const AstNode *a = fn->args;
    fn->n_defaults = a->u.arguments.defaults.len;
    fn->defaults = arena_alloc(in->arena, sizeof(Value *) * (size_t)(fn->n_defaults + 1));
    for (int i = 0; i < fn->n_defaults; i++) {
        fn->defaults[i] = interp_eval(in, a->u.arguments.defaults.items[i]);
        if (!fn->defaults[i])
            return NULL;
    }
    int nk = a->u.arguments.kwonlyargs.len;
    fn->kw_defaults = arena_alloc(in->arena, sizeof(Value *) * (size_t)(nk + 1));
    for (int i = 0; i < nk; i++) {
        const AstNode *d = i < a->u.arguments.kw_defaults.len ? a->u.arguments.kw_defaults.items[i] : NULL;
        if (d && !(fn->kw_defaults[i] = interp_eval(in, d)))
            return NULL;
    }
    Frame *f = in->frame;
    fn->globals = f->globals;
    fn->module = f->module;
    if (f->locals == f->globals)
        fn->closure = NULL;             /* module level */
    else if (!f->func)
        fn->closure = f->closure;       /* class body: methods do not see it */
    else
        fn->closure = interp_closure_of(in, f);
    Value *cls_name = f->func || f->locals == f->globals ? NULL : val_scope_get(f->locals, in->id.qualname);
    fn->qualname = cls_name && cls_name->kind == VK_STR ? arena_sprintf(in->arena, "%s.%s", cls_name->u.s.ptr, name) : name;
    Value *v = val_none(in);
    v->kind = VK_FUNCTION;
    v->u.func = fn;
    return v;
}

/* Binding of call arguments to parameters, with Python's rules. */
typedef struct Binder {
    Interp *in;
    Function *fn;
    Scope *locals;
    Span span;
    const AstNode **params;     /* positional parameters: posonly + args */
    int n_params, n_posonly;
    bool *bound;
    bool ok;
} Binder;

static void bind_fail(Binder *b, const char *fmt, const char *arg)
{
    if (!b->ok)
        return;
    b->ok = false;
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    interp_error(b->in, b->span, "%s() %s", b->fn->name, msg);
    if (span_is_user(b->in, b->fn->def->span))
        diag_note(&b->in->c->diag, b->fn->def->span, "'%s' is defined here", b->fn->name);
}

static void bind_positional(Binder *b, CallArgs *args)
{
    Interp *in = b->in;
    const AstNode *a = b->fn->args;
    int n = args->n_pos < b->n_params ? args->n_pos : b->n_params;
    for (int i = 0; i < n; i++) {
        val_scope_set(in->arena, b->locals, b->params[i]->u.arg.name, args->pos[i]);
        b->bound[i] = true;
    }
    if (a->u.arguments.vararg) {
        Value *rest = val_tuple(in, args->n_pos > n ? args->n_pos - n : 0);
        for (int i = n; i < args->n_pos; i++)
            val_list_push(in, rest->u.list, args->pos[i]);
        val_scope_set(in->arena, b->locals, a->u.arguments.vararg->u.arg.name, rest);
    } else if (args->n_pos > b->n_params) {
        char buf[96];
        snprintf(buf, sizeof buf, "%d", args->n_pos);
        char fmt[160];
        snprintf(fmt, sizeof fmt, "takes %d positional argument%s but %%s %s given", b->n_params,
                 b->n_params == 1 ? "" : "s", args->n_pos == 1 ? "was" : "were");
        bind_fail(b, fmt, buf);
    }
}

static bool bind_keyword(Binder *b, const char *name, Value *v, Value *kwargs)
{
    Interp *in = b->in;
    for (int i = b->n_posonly; i < b->n_params; i++) {
        if (b->params[i]->u.arg.name != name)
            continue;
        if (b->bound[i]) {
            bind_fail(b, "got multiple values for argument '%s'", name);
            return false;
        }
        val_scope_set(in->arena, b->locals, name, v);
        b->bound[i] = true;
        return true;
    }
    const AstList *kwonly = &b->fn->args->u.arguments.kwonlyargs;
    for (int i = 0; i < kwonly->len; i++) {
        if (kwonly->items[i]->u.arg.name != name)
            continue;
        if (val_scope_get(b->locals, name)) {
            bind_fail(b, "got multiple values for argument '%s'", name);
            return false;
        }
        val_scope_set(in->arena, b->locals, name, v);
        return true;
    }
    if (kwargs) {
        val_dict_set(in, kwargs->u.dict, val_cstr(in, name), v);
        return true;
    }
    bind_fail(b, "got an unexpected keyword argument '%s'", name);
    return false;
}

static void bind_defaults(Binder *b)
{
    Interp *in = b->in;
    Function *fn = b->fn;
    int first_default = b->n_params - fn->n_defaults;
    for (int i = 0; i < b->n_params; i++) {
        if (b->bound[i])
            continue;
        if (i >= first_default) {
            val_scope_set(in->arena, b->locals, b->params[i]->u.arg.name, fn->defaults[i - first_default]);
            continue;
        }
        bind_fail(b, "missing required positional argument: '%s'", b->params[i]->u.arg.name);
    }
    const AstList *kwonly = &fn->args->u.arguments.kwonlyargs;
    for (int i = 0; i < kwonly->len; i++) {
        const char *name = kwonly->items[i]->u.arg.name;
        if (val_scope_get(b->locals, name))
            continue;
        if (fn->kw_defaults[i])
            val_scope_set(in->arena, b->locals, name, fn->kw_defaults[i]);
        else
            bind_fail(b, "missing required keyword-only argument: '%s'", name);
    }
}

static bool bind_arguments(Interp *in, Function *fn, CallArgs *args, Scope *locals, Span span)
{
    const AstNode *a = fn->args;
    Binder b = {.in = in, .fn = fn, .locals = locals, .span = span, .ok = true};
    b.n_posonly = a->u.arguments.posonlyargs.len;
    b.n_params = b.n_posonly + a->u.arguments.args.len;
    b.params = arena_alloc(in->arena, sizeof(AstNode *) * (size_t)(b.n_params + 1));
    b.bound = arena_alloc(in->arena, sizeof(bool) * (size_t)(b.n_params + 1));
    for (int i = 0; i < b.n_posonly; i++)
        b.params[i] = a->u.arguments.posonlyargs.items[i];
    for (int i = 0; i < a->u.arguments.args.len; i++)
        b.params[b.n_posonly + i] = a->u.arguments.args.items[i];
    bind_positional(&b, args);
    Value *kwargs = a->u.arguments.kwarg ? val_dict(in) : NULL;
    for (int i = 0; i < args->n_kw && b.ok; i++)
        bind_keyword(&b, args->kw_names[i], args->kw_values[i], kwargs);
    if (kwargs)
        val_scope_set(in->arena, locals, a->u.arguments.kwarg->u.arg.name, kwargs);
    if (b.ok)
        bind_defaults(&b);
    return b.ok;
}

static Value *call_function(Interp *in, Function *fn, CallArgs *args, Span span)
{
    if (!interp_within_limits(in, span))
        return NULL;
    if (in->depth >= in->c->limits.max_call_depth)
        return interp_abort(in, span, "maximum recursion depth (%d) exceeded at compile time "
                            "(--limit call-depth=N raises the limit)", in->c->limits.max_call_depth);
    Frame frame = {0};
    frame.caller = in->frame;
    frame.func = fn;
    frame.locals = flow_scope_new(in);
    val_scope_reserve(in->arena, frame.locals, fn->locals_seen);
    frame.globals = fn->globals;
    frame.closure = fn->closure;
    frame.module = fn->module;
    frame.call_span = span;
    frame.defining_class = fn->decorated_from;
    frame.first_arg = args->n_pos > 0 ? args->pos[0] : NULL;
    frame.python = fn->python || (in->frame && in->frame->python);
    if (!bind_arguments(in, fn, args, frame.locals, span))
        return val_error(in);
    if (!types_check_call(in, fn, args, frame.locals, span))
        return val_error(in);
    in->frame = &frame;
    in->depth++;
    if (types_script_frame(in)) {
        types_enter_frame(in, fn, frame.locals);
        types_check_optionals(in, fn);
    }
    Value *result;
    if (fn->scripted && in->lower)
        in->lower->scripted++;      /* its If and Loop nodes stay in a trace */
    if (fn->def->kind == AST_LAMBDA) {
        result = interp_eval(in, fn->def->u.lambda.body);
    } else {
        ExecStatus st = interp_exec_block(in, ast_function_body(fn->def));
        result = st == EXEC_RAISE ? NULL : st == EXEC_RETURN ? frame.return_value
               : st == EXEC_MAYBE ? flow_function_result(in, span) : val_const_none();
    }
    if (fn->scripted && in->lower)
        in->lower->scripted--;
    if (frame.locals->len > fn->locals_seen)
        fn->locals_seen = frame.locals->len;
    in->depth--;
    in->frame = frame.caller;
    /* an error the stdlib reported (_native.error) unwinds to the user's
     * call, which evaluates to poison so that later errors are reported too */
    if (!result && in->exc && in->cls.compile_error && interp_isinstance(in, in->exc, in->cls.compile_error) &&
        span_is_user(in, span) && !span_is_user(in, fn->def->span)) {
        in->exc = NULL;
        return val_error(in);
    }
    return result;
}

/* ---- classes and instances ---- */

static Value *call_with_first(Interp *in, Value *fn, Value *first, CallArgs *args, Span span);
static Value *descriptor_method(Interp *in, Value *d, const char *name);

static bool mro_contains(Value **list, int n, const Value *c)
{
    for (int i = 0; i < n; i++)
        if (list[i] == c)
            return true;
    return false;
}

/* C3 linearization of the bases' MROs. */
static bool compute_mro(Interp *in, Value *cls, Value **bases, int nb)
{
    int cap = 1;
    for (int i = 0; i < nb; i++)
        cap += bases[i]->u.cls->n_mro;
    Value **out = arena_alloc(in->arena, sizeof(Value *) * (size_t)cap);
    int n = 0;
    out[n++] = cls;
    if (nb == 1) {
        /* C3 of one base is the class and the base's MRO: linear, where the
         * general merge below is quadratic in the MRO's length (a chain of
         * 5,000 subclasses took 13 s) */
        Class *b = bases[0]->u.cls;
        memcpy(out + 1, b->mro, sizeof(Value *) * (size_t)b->n_mro);
        cls->u.cls->mro = out;
        cls->u.cls->n_mro = 1 + b->n_mro;
        return true;
    }
    int *pos = arena_alloc(in->arena, sizeof(int) * (size_t)(nb + 1));
    for (;;) {
        Value *pick = NULL;
        for (int i = 0; i < nb && !pick; i++) {
            Class *b = bases[i]->u.cls;
            if (pos[i] >= b->n_mro)
                continue;
            Value *cand = b->mro[pos[i]];
            bool in_tail = false;
            for (int j = 0; j < nb && !in_tail; j++) {
                Class *o = bases[j]->u.cls;
                for (int k = pos[j] + 1; k < o->n_mro; k++)
                    if (o->mro[k] == cand)
                        in_tail = true;
            }
            if (!in_tail)
                pick = cand;
        }
        if (!pick)
            break;
        if (!mro_contains(out, n, pick))
            out[n++] = pick;
        for (int i = 0; i < nb; i++) {
            Class *b = bases[i]->u.cls;
            if (pos[i] < b->n_mro && b->mro[pos[i]] == pick)
                pos[i]++;
        }
    }
    for (int i = 0; i < nb; i++)
        if (pos[i] < bases[i]->u.cls->n_mro)
            return false;
    cls->u.cls->mro = out;
    cls->u.cls->n_mro = n;
    return true;
}

static void mark_methods(Value *cls, Scope *dict)
{
    for (int i = 0; i < dict->len; i++) {
        Value *v = dict->entries[i].value;
        if (!v)
            continue;
        if ((v->kind == VK_PROPERTY || v->kind == VK_STATICMETHOD || v->kind == VK_CLASSMETHOD) && v->u.wrapped)
            v = v->u.wrapped;
        if (v->kind == VK_FUNCTION && !v->u.func->decorated_from)
            v->u.func->decorated_from = cls;
    }
}

Value *interp_make_class(Interp *in, const char *name, Value **bases, int nb, Scope *dict,
                  Module *mod, Span span)
{
    Value *v = val_none(in);
    v->kind = VK_CLASS;
    Class *c = arena_alloc(in->arena, sizeof *c);
    v->u.cls = c;
    c->name = name;
    c->qualname = name;
    c->dict = dict;
    c->module = mod;
    c->span = span;
    if (nb == 0 && in->cls.object && in->cls.object != v) {
        bases = arena_alloc(in->arena, sizeof(Value *));
        bases[0] = in->cls.object;
        nb = 1;
    }
    c->bases = bases;
    c->n_bases = nb;
    for (int i = 0; i < nb; i++)
        if (bases[i]->u.cls->native > NATIVE_CLASS_TYPE && !c->native)
            c->native = bases[i]->u.cls->native;
    if (!compute_mro(in, v, bases, nb)) {
        interp_error(in, span, "cannot create a consistent method resolution order for class '%s'", name);
        c->mro = arena_alloc(in->arena, sizeof(Value *));
        c->mro[0] = v;
        c->n_mro = 1;
    }
    mark_methods(v, dict);
    if (mod)
        val_scope_set(in->arena, dict, in->id.module_, val_cstr(in, mod->name));
    return v;
}

/* __set_name__(owner, name) of the attributes that define it (a
 * descriptor learning the name it is bound to), then the parent's
 * __init_subclass__(**kwargs), as type.__new__ runs them. */
static bool class_creation_hooks(Interp *in, Value *cls, CallArgs *kwargs, Span span)
{
    Scope *dict = cls->u.cls->dict;
    for (int i = 0; i < dict->len; i++) {
        Value *v = dict->entries[i].value;
        if (!v || v->kind != VK_INSTANCE)
            continue;
        Value *hook = descriptor_method(in, v, in->id.set_name);
        if (!hook)
            continue;
        Value *args[3] = {v, cls, val_cstr(in, dict->entries[i].name)};
        if (!interp_call_simple(in, hook, args, 3, span))
            return false;
    }
    Class *c = cls->u.cls;
    /* the parents' __init_subclass__ is looked for once a class defines one */
    in->has_init_subclass |= val_scope_get(dict, in->id.init_subclass) != NULL;
    for (int i = 1; i < c->n_mro && in->has_init_subclass; i++) {
        Value *hook = val_scope_get(c->mro[i]->u.cls->dict, in->id.init_subclass);
        if (!hook)
            continue;
        if (hook->kind == VK_CLASSMETHOD)
            hook = hook->u.wrapped;
        if (hook->kind != VK_FUNCTION)
            break;
        CallArgs none = {0};
        return call_with_first(in, hook, cls, kwargs ? kwargs : &none, span) != NULL;
    }
    if (kwargs && kwargs->n_kw) {
        interp_raise(in, in->cls.type_error, span, "%s.__init_subclass__() takes no keyword arguments", c->name);
        return false;
    }
    return true;
}

Value *interp_create_class(Interp *in, Value *meta, const char *name, Value **bases, int nb, Scope *dict,
                           CallArgs *kwargs, Module *mod, Span span)
{
    Value *cls = interp_make_class(in, name, bases, nb, dict, mod, span);
    if (meta && meta != in->cls.type)
        cls->u.cls->meta = meta;
    if (!class_creation_hooks(in, cls, kwargs, span))
        return NULL;
    return cls;
}

Value *interp_class_lookup(Value *cls, const char *name)
{
    Class *c = cls->u.cls;
    for (int i = 0; i < c->n_mro; i++) {
        Value *v = val_scope_get(c->mro[i]->u.cls->dict, name);
        if (v)
            return v;
    }
    return NULL;
}

bool interp_is_subclass(const Value *cls, const Value *base)
{
    if (cls->kind != VK_CLASS || base->kind != VK_CLASS)
        return false;
    return mro_contains(cls->u.cls->mro, cls->u.cls->n_mro, base);
}


Value *interp_class_of(Interp *in, const Value *v)
{
    switch (v->kind) {
    case VK_INSTANCE: return v->u.inst->cls;
    case VK_CLASS: return v->u.cls->meta ? v->u.cls->meta : interp_builtin_class(in, "type");
    case VK_TENSOR: case VK_RANKS: return in->cls.tensor ? in->cls.tensor : interp_builtin_class(in, "object");
    case VK_INT:
        if (v->dyn && in->cls.runtime_int)
            return in->cls.runtime_int;
        return interp_builtin_class(in, "int");
    case VK_FLOAT:
        if (v->dyn && in->cls.runtime_float)
            return in->cls.runtime_float;
        return interp_builtin_class(in, "float");
    case VK_BOOL:
        if (v->dyn && in->cls.runtime_bool)
            return in->cls.runtime_bool;
        return interp_builtin_class(in, "bool");
    case VK_STR: return interp_builtin_class(in, "str");
    case VK_LIST: return v->u.list->cls ? v->u.list->cls : interp_builtin_class(in, "list");
    case VK_TUPLE: return v->u.list->cls ? v->u.list->cls : interp_builtin_class(in, "tuple");
    case VK_DICT: return v->u.dict->cls ? v->u.dict->cls : interp_builtin_class(in, "dict");
    case VK_SET: return v->u.dict->cls ? v->u.dict->cls : interp_builtin_class(in, "set");
    case VK_FROZENSET: return v->u.dict->cls ? v->u.dict->cls : interp_builtin_class(in, "frozenset");
    case VK_RANGE: return interp_builtin_class(in, "range");
    case VK_NONE: return interp_builtin_class(in, "NoneType");
    case VK_SLICE: return interp_builtin_class(in, "slice");
    case VK_DTYPE: return in->cls.dtype ? in->cls.dtype : interp_builtin_class(in, "object");
    case VK_FUNCTION: case VK_BUILTIN: case VK_BOUND_METHOD: case VK_ONNX_OP:
        return interp_builtin_class(in, "function");
    case VK_PROPERTY: return interp_builtin_class(in, "property");
    case VK_STATICMETHOD: return interp_builtin_class(in, "staticmethod");
    case VK_CLASSMETHOD: return interp_builtin_class(in, "classmethod");
    default:
        return interp_builtin_class(in, "object");
    }
}

bool interp_isinstance(Interp *in, const Value *v, const Value *cls)
{
    if (cls == in->cls.parameter && in->cls.parameter)
        return v->kind == VK_TENSOR && v->u.tensor->is_parameter;
    return interp_is_subclass(interp_class_of(in, v), cls);
}

/* The class of an instance of a subclass of list, tuple, dict, set or
 * frozenset (a namedtuple, an OrderedDict): NULL for other values. */
Value *interp_container_class(const Value *v)
{
    switch (v->kind) {
    case VK_LIST: case VK_TUPLE: return v->u.list->cls;
    case VK_DICT: case VK_SET: case VK_FROZENSET: return v->u.dict->cls;
    default: return NULL;
    }
}

/* The own attributes of such an instance (NULL when it has none), made
 * when CREATE. */
static Scope *container_attrs(Interp *in, Value *v, bool create)
{
    Scope **slot = v->kind == VK_LIST || v->kind == VK_TUPLE ? &v->u.list->attrs : &v->u.dict->attrs;
    if (!*slot && create)
        *slot = flow_scope_new(in);
    return *slot;
}

/* object.__new__'s check: a class with abstract methods left (abc) cannot
 * be instantiated.  False after raising TypeError. */
bool interp_check_abstract(Interp *in, Value *cls, Span span)
{
    Value *abstract = val_scope_get(cls->u.cls->dict, in->id.abstractmethods);
    if (!abstract || !val_is_set(abstract) || abstract->u.dict->live == 0)
        return true;
    ValueList names = {0};
    for (int i = 0; i < abstract->u.dict->len; i++)
        if (!abstract->u.dict->entries[i].deleted)
            val_list_push(in, &names, abstract->u.dict->entries[i].key);
    /* sorted, as Python lists them */
    for (int i = 1; i < names.len; i++)
        for (int j = i; j > 0 && names.items[j - 1]->kind == VK_STR && names.items[j]->kind == VK_STR &&
                        strcmp(names.items[j - 1]->u.s.ptr, names.items[j]->u.s.ptr) > 0; j--) {
            Value *t = names.items[j];
            names.items[j] = names.items[j - 1];
            names.items[j - 1] = t;
        }
    const char *joined = "";
    for (int i = 0; i < names.len; i++)
        joined = arena_sprintf(in->arena, "%s%s%s", joined, i ? ", " : "", val_to_str(in, names.items[i]));
    interp_raise(in, in->cls.type_error, span, "Can't instantiate abstract class %s with abstract method%s %s",
                 cls->u.cls->name, names.len > 1 ? "s" : "", joined);
    return false;
}

static Value *new_instance(Interp *in, Value *cls)
{
    Value *v = val_none(in);
    v->kind = VK_INSTANCE;
    v->u.inst = arena_alloc(in->arena, sizeof(Instance));
    v->u.inst->cls = cls;
    v->u.inst->attrs = flow_scope_new(in);
    return v;
}

/* object.__new__(cls): a new instance of CLS; for a subclass of a builtin
 * container, an empty container of its kind tagged with CLS (tuple and
 * frozenset are filled by their own __new__).  NULL after raising. */
Value *interp_new_object(Interp *in, Value *cls, Span span)
{
    if (!interp_check_abstract(in, cls, span))
        return NULL;
    Value *v;
    switch (cls->u.cls->native) {
    case NATIVE_CLASS_LIST: v = val_list(in, 0); v->u.list->cls = cls; return v;
    case NATIVE_CLASS_TUPLE: v = val_tuple(in, 0); v->u.list->cls = cls; return v;
    case NATIVE_CLASS_DICT: v = val_dict(in); v->u.dict->cls = cls; return v;
    case NATIVE_CLASS_SET: v = val_set(in, false); v->u.dict->cls = cls; return v;
    case NATIVE_CLASS_FROZENSET: v = val_set(in, true); v->u.dict->cls = cls; return v;
    default: return new_instance(in, cls);
    }
}

/* Calls ARGS with PREFIX inserted before the positional arguments. */
static Value *call_with_first(Interp *in, Value *fn, Value *first, CallArgs *args, Span span)
{
    CallArgs b = *args;
    b.pos = arena_alloc(in->arena, sizeof(Value *) * (size_t)(args->n_pos + 1));
    b.pos[0] = first;
    if (args->n_pos)
        memcpy(b.pos + 1, args->pos, sizeof(Value *) * (size_t)args->n_pos);
    b.n_pos = args->n_pos + 1;
    b.pos_spans = NULL;
    return interp_call(in, fn, &b, span);
}

/* type.__call__(cls, ...): __new__ then __init__. */
Value *interp_instantiate_plain(Interp *in, Value *cls, CallArgs *args, Span span)
{
    Class *c = cls->u.cls;
    /* builtin types (int, list, dict ...) and plain object() */
    if (c->native >= NATIVE_CLASS_OBJECT && c->module == NULL)
        return interp_builtin_construct(in, cls, args, span);
    Value *new_fn = interp_class_lookup(cls, in->id.new_);
    if (new_fn && new_fn->kind == VK_STATICMETHOD)
        new_fn = new_fn->u.wrapped;
    Value *obj;
    if (new_fn && (new_fn->kind == VK_FUNCTION ||
                   (new_fn->kind == VK_BUILTIN && c->native > NATIVE_CLASS_TYPE))) {
        /* a class's own __new__, or that of the builtin container it
         * derives from (tuple.__new__ fills the tuple) */
        obj = call_with_first(in, new_fn, cls, args, span);
        if (!obj || obj->kind == VK_ERROR || !interp_isinstance(in, obj, cls))
            return obj;
    } else {
        obj = interp_new_object(in, cls, span);
        if (!obj)
            return NULL;
    }
    Value *init = interp_class_lookup(cls, in->id.init);
    if (init && (init->kind == VK_FUNCTION || init->kind == VK_BUILTIN)) {
        Value *r = call_with_first(in, init, obj, args, span);
        if (!r)
            return NULL;
        if (r->kind == VK_ERROR)
            return r;
    } else if (args->n_pos || args->n_kw) {
        return interp_error(in, span, "%s() takes no arguments", c->name);
    }
    return obj;
}

/* Calling a class: through its metaclass's __call__ when it defines one
 * (an Enum's lookup by value), else type.__call__. */
Value *interp_instantiate(Interp *in, Value *cls, CallArgs *args, Span span)
{
    if (cls->u.cls->meta) {
        Value *call = interp_class_lookup(cls->u.cls->meta, in->id.call);
        if (call && call->kind == VK_FUNCTION)
            return call_with_first(in, call, cls, args, span);
    }
    return interp_instantiate_plain(in, cls, args, span);
}

/* ---- attributes ---- */

static Value *bind_method(Interp *in, Value *self, Value *fn)
{
    Value *v = val_none(in);
    v->kind = VK_BOUND_METHOD;
    v->u.method = arena_alloc(in->arena, sizeof(BoundMethod));
    v->u.method->self = self;
    v->u.method->func = fn;
    return v;
}

/* A descriptor written in the model language: an instance whose class
 * defines NAME (__get__, __set__, __delete__). */
static Value *descriptor_method(Interp *in, Value *d, const char *name)
{
    (void)in;
    if (d->kind != VK_INSTANCE)
        return NULL;
    Value *m = interp_class_lookup(d->u.inst->cls, name);
    return m && (m->kind == VK_FUNCTION || m->kind == VK_BUILTIN) ? m : NULL;
}

/* Data descriptors (properties, and classes with __set__ or __delete__)
 * take precedence over an instance's own attributes. */
static bool is_data_descriptor(Interp *in, Value *d)
{
    return d->kind == VK_PROPERTY ||
           (d->kind == VK_INSTANCE && (descriptor_method(in, d, in->id.set) || descriptor_method(in, d, in->id.delete_)));
}

/* What a class attribute D becomes when read through OBJ (a descriptor
 * step): functions bind, classmethods bind to the class, properties run,
 * an object with __get__ is asked (OBJ is NULL when read from the class). */
static Value *descriptor_get(Interp *in, Value *d, Value *obj, Value *cls, Span span)
{
    switch (d->kind) {
    case VK_FUNCTION: case VK_BUILTIN:
        return obj ? bind_method(in, obj, d) : d;
    case VK_STATICMETHOD:
        return d->u.wrapped;
    case VK_CLASSMETHOD:
        return bind_method(in, cls, d->u.wrapped);
    case VK_PROPERTY:
        if (!obj)
            return d;
        return interp_call_simple(in, d->u.wrapped, &obj, 1, span);
    case VK_INSTANCE: {
        Value *get = descriptor_method(in, d, in->id.get);
        if (!get)
            return d;
        Value *args[3] = {d, obj ? obj : val_none(in), cls};
        return interp_call_simple(in, get, args, 3, span);
    }
    default:
        return d;
    }
}

/* A dict of the names of S: obj.__dict__ and vars(obj), whose writes go
 * through to S (WRITABLE: the same dict object each time, brought up to
 * date with S when it is asked for again), or a class's read-only
 * mapping. */
Value *interp_namespace_dict(Interp *in, Scope *s, bool writable)
{
    Value *d = val_dict(in);
    if (writable && s->view) {
        d->u.dict = s->view;
        d->u.dict->mirror = NULL;   /* the dict follows S here, not the reverse */
        Dict *v = s->view;
        for (int i = 0; i < v->len; i++)
            if (!v->entries[i].deleted && !val_scope_get(s, v->entries[i].key->u.s.ptr))
                val_dict_del(in, v, v->entries[i].key);
    }
    for (int i = 0; i < s->len; i++)
        if (s->entries[i].value)
            val_dict_set(in, d->u.dict, val_cstr(in, s->entries[i].name), s->entries[i].value);
    if (writable) {
        d->u.dict->mirror = s;
        s->view = d->u.dict;
    }
    return d;
}

static Value *instance_getattr_hook(Interp *in, Value *obj, const char *name, Span span)
{
    Value *cls = obj->kind == VK_INSTANCE ? obj->u.inst->cls : interp_container_class(obj);
    Value *hook = interp_class_lookup(cls, in->id.getattr);
    if (!hook || hook->kind != VK_FUNCTION)
        return NULL;
    Value *args[2] = {obj, val_cstr(in, name)};
    Value *r = interp_call_simple(in, hook, args, 2, span);
    if (!r && in->exc && interp_isinstance(in, in->exc, in->cls.attribute_error)) {
        in->exc = NULL;
        return NULL;
    }
    return r;
}

static Value *lookup_instance_attr(Interp *in, Value *obj, const char *name, Span span)
{
    Value *cls = obj->u.inst->cls;
    Value *d = interp_class_lookup(cls, name);
    if (d && (d->kind == VK_PROPERTY || (d->kind == VK_INSTANCE && is_data_descriptor(in, d))))
        return descriptor_get(in, d, obj, cls, span);
    Value *v = val_scope_get(obj->u.inst->attrs, name);
    if (v)
        return v;
    if (d)
        return descriptor_get(in, d, obj, cls, span);
    if (name == in->id.class_)
        return cls;
    if (name == in->id.dict_)
        return interp_namespace_dict(in, obj->u.inst->attrs, true);
    return instance_getattr_hook(in, obj, name, span);
}

/* Whether MOD starts with `from __future__ import annotations` (then
 * annotations are their source text, unevaluated). */
static bool future_annotations(Module *mod)
{
    if (!mod || !mod->ast)
        return false;
    if (mod->future_annotations)
        return mod->future_annotations > 0;
    mod->future_annotations = -1;
    const AstList *body = &mod->ast->u.module.body;
    for (int i = 0; i < body->len; i++) {
        const AstNode *s = body->items[i];
        if (s->kind == AST_EXPR_STMT && i == 0)
            continue;   /* the docstring */
        if (s->kind != AST_IMPORT_FROM || !s->u.import.module || strcmp(s->u.import.module, "__future__") != 0)
            break;
        for (int k = 0; k < s->u.import.names.len; k++)
            if (strcmp(s->u.import.names.items[k]->u.alias.name, "annotations") == 0)
                mod->future_annotations = 1;
    }
    return mod->future_annotations > 0;
}

/* The source text of NODE. */
static Value *source_text(Interp *in, const AstNode *node)
{
    const SourceFile *f = source_file(&in->c->sources, node->span.file);
    if (!f || node->span.end > f->len)
        return val_cstr(in, "");
    return val_str(in, f->text + node->span.start, node->span.end - node->span.start);
}

/* The annotations of a class body, evaluated in the scopes the body ran in
 * (its namespace, the module's globals, the enclosing functions).  NULL
 * after raising. */
Value *interp_eval_annotations(Interp *in, const PtrVec *nodes, Scope *locals, Scope *globals,
                               Closure *closure, Module *mod)
{
    Value *d = val_dict(in);
    if (!nodes->len)
        return d;
    Frame frame = {0};
    frame.caller = in->frame;
    frame.locals = locals;
    frame.globals = globals;
    frame.closure = closure;
    frame.module = mod;
    frame.call_span = in->frame ? in->frame->call_span : SPAN_NONE;
    Frame *saved = in->frame;
    in->frame = &frame;
    bool as_text = future_annotations(mod);
    for (int i = 0; i < nodes->len; i++) {
        const AstNode *s = nodes->items[i];
        Value *v = as_text ? source_text(in, s->u.ann_assign.annotation) : interp_eval(in, s->u.ann_assign.annotation);
        if (!v) {
            in->frame = saved;
            return NULL;
        }
        val_dict_set(in, d->u.dict, val_cstr(in, s->u.ann_assign.target->u.name.id), v);
    }
    in->frame = saved;
    return d;
}

/* C.__annotations__: the class's own (never a base's), evaluated the first
 * time it is read. */
static Value *class_annotations(Interp *in, Value *cls, Span span)
{
    (void)span;
    Class *c = cls->u.cls;
    Value *own = val_scope_get(c->dict, in->id.annotations);
    if (own)
        return own;
    Value *d = interp_eval_annotations(in, &c->annotations, c->dict, c->ann_globals, c->ann_closure, c->module);
    if (!d)
        return NULL;
    flow_write_scope(in, c->dict);
    val_scope_set(in->arena, c->dict, in->id.annotations, d);
    return d;
}

static Value *lookup_class_attr(Interp *in, Value *cls, const char *name, Span span)
{
    if (name == in->id.annotations)
        return class_annotations(in, cls, span);
    Value *d = interp_class_lookup(cls, name);
    if (d)
        return d->kind == VK_FUNCTION ? d : descriptor_get(in, d, NULL, cls, span);
    Class *c = cls->u.cls;
    if (name == in->id.name_ || name == in->id.qualname)
        return val_cstr(in, c->name);
    if (name == intern(&in->c->names, "__mro__")) {
        Value *t = val_tuple(in, c->n_mro);
        for (int i = 0; i < c->n_mro; i++)
            val_list_push(in, t->u.list, c->mro[i]);
        return t;
    }
    if (name == intern(&in->c->names, "__bases__")) {
        Value *t = val_tuple(in, c->n_bases);
        for (int i = 0; i < c->n_bases; i++)
            val_list_push(in, t->u.list, c->bases[i]);
        return t;
    }
    if (name == in->id.dict_)
        return interp_namespace_dict(in, c->dict, false);
    if (name == in->id.class_)
        return interp_class_of(in, cls);
    if (name == in->id.doc)
        return val_none(in);
    /* the metaclass's attributes: its methods bind to the class */
    if (c->meta) {
        Value *m = interp_class_lookup(c->meta, name);
        if (m)
            return descriptor_get(in, m, cls, c->meta, span);
    }
    return NULL;
}

static Value *lookup_super_attr(Interp *in, Value *sp, const char *name, Span span)
{
    SuperProxy *s = sp->u.super;
    /* super(C, obj) searches type(obj)'s MRO after C, binding to obj; when
     * obj is a subclass of C (a classmethod, __new__) it searches obj's
     * own MRO and binds nothing (a metaclass's methods bind to the class
     * they are called on, an instance of the metaclass) */
    bool of_class = s->self->kind == VK_CLASS && interp_is_subclass(s->self, s->cls);
    Value *type = of_class ? s->self : interp_class_of(in, s->self);
    Class *c = type->u.cls;
    int i = 0;
    while (i < c->n_mro && c->mro[i] != s->cls)
        i++;
    for (i++; i < c->n_mro; i++) {
        Value *d = val_scope_get(c->mro[i]->u.cls->dict, name);
        if (d)
            return descriptor_get(in, d, of_class ? NULL : s->self, type, span);
    }
    return NULL;
}

/* The docstring of a def: its first statement when that is a string. */
static Value *function_doc(Interp *in, Function *fn)
{
    if (fn->def->kind != AST_FUNCTION_DEF)
        return val_none(in);
    const AstList *body = ast_function_body(fn->def);
    const AstNode *first = body->len ? body->items[0] : NULL;
    if (first && first->kind == AST_EXPR_STMT && first->u.value.value->kind == AST_CONSTANT &&
        first->u.value.value->u.constant.kind == AST_CONST_STR)
        return val_str(in, first->u.value.value->u.constant.sval.ptr, first->u.value.value->u.constant.sval.len);
    return val_none(in);
}

static Value *lookup_function_attr(Interp *in, Value *obj, const char *name)
{
    Function *fn = obj->u.func;
    Value *v = fn->attrs ? val_scope_get(fn->attrs, name) : NULL;
    if (v)
        return v;
    if (name == in->id.name_)
        return val_cstr(in, fn->name);
    if (name == in->id.qualname)
        return val_cstr(in, fn->qualname);
    if (name == in->id.module_)
        return fn->module ? val_cstr(in, fn->module->name) : val_none(in);
    if (name == in->id.doc)
        return function_doc(in, fn);
    if (name == in->id.dict_) {
        if (!fn->attrs)
            fn->attrs = flow_scope_new(in);
        return interp_namespace_dict(in, fn->attrs, true);
    }
    if (name == in->id.class_)
        return interp_class_of(in, obj);
    if (name == intern(&in->c->names, "__defaults__")) {
        if (!fn->n_defaults)
            return val_none(in);
        Value *t = val_tuple(in, fn->n_defaults);
        for (int i = 0; i < fn->n_defaults; i++)
            val_list_push(in, t->u.list, fn->defaults[i]);
        return t;
    }
    return NULL;
}

/* property, staticmethod, classmethod: what they wrap. */
static Value *lookup_wrapper_attr(Interp *in, Value *obj, const char *name, Span span)
{
    if (name == in->id.class_)
        return interp_class_of(in, obj);
    if (!obj->u.wrapped)
        return NULL;
    if ((obj->kind == VK_PROPERTY && name == intern(&in->c->names, "fget")) ||
        (obj->kind != VK_PROPERTY && (name == intern(&in->c->names, "__func__") || name == in->id.wrapped)))
        return obj->u.wrapped;
    if (name == intern(&in->c->names, "__isabstractmethod__")) {
        Value *v = interp_lookup_attr(in, obj->u.wrapped, name, span);
        return v ? v : in->exc ? NULL : val_bool(in, false);
    }
    if (name == in->id.doc || name == in->id.name_ || name == in->id.qualname)
        return interp_lookup_attr(in, obj->u.wrapped, name, span);
    return NULL;
}

/* The attributes of other values: their class's, and for an instance of
 * a subclass of a builtin container, its own first. */
static Value *lookup_value_attr(Interp *in, Value *obj, const char *name, Span span)
{
    Value *cls = interp_class_of(in, obj);
    Value *d = cls ? interp_class_lookup(cls, name) : NULL;
    if (interp_container_class(obj)) {
        if (d && is_data_descriptor(in, d))
            return descriptor_get(in, d, obj, cls, span);
        Scope *attrs = container_attrs(in, obj, false);
        Value *v = attrs ? val_scope_get(attrs, name) : NULL;
        if (v)
            return v;
        if (name == in->id.dict_)
            return interp_namespace_dict(in, container_attrs(in, obj, true), true);
    }
    if (d)
        return descriptor_get(in, d, obj, cls, span);
    if (name == in->id.class_)
        return cls;
    if (interp_container_class(obj))
        return instance_getattr_hook(in, obj, name, span);
    return NULL;
}

Value *interp_lookup_attr(Interp *in, Value *obj, const char *name, Span span)
{
    switch (obj->kind) {
    case VK_ERROR: return obj;
    case VK_INSTANCE: return lookup_instance_attr(in, obj, name, span);
    case VK_CLASS: return lookup_class_attr(in, obj, name, span);
    case VK_SUPER: return lookup_super_attr(in, obj, name, span);
    case VK_MODULE: {
        Value *v = val_scope_get(obj->u.module->globals, name);
        if (v && v->kind == VK_LAZY)
            return interp_read_lazy(in, obj->u.module->globals, name, v, span);
        if (v)
            return v;
        if (obj->u.module->onnx_ops)
            return native_onnx_op(in, obj->u.module, name);
        if (name == in->id.dict_)
            return interp_namespace_dict(in, obj->u.module->globals, true);
        /* a submodule not imported yet: `import torch` then `torch.nn` */
        char *full = arena_sprintf(in->arena, "%s.%s", obj->u.module->name, name);
        return interp_import(in, full, span, -1, NULL);
    }
    case VK_FUNCTION:
        return lookup_function_attr(in, obj, name);
    case VK_BUILTIN:
        if (name == in->id.name_ || name == in->id.qualname)
            return val_cstr(in, obj->u.builtin->name);
        return lookup_value_attr(in, obj, name, span);
    case VK_BOUND_METHOD:
        if (name == intern(&in->c->names, "__self__"))
            return obj->u.method->self;
        if (name == intern(&in->c->names, "__func__"))
            return obj->u.method->func;
        return interp_lookup_attr(in, obj->u.method->func, name, span);
    case VK_PROPERTY: case VK_STATICMETHOD: case VK_CLASSMETHOD:
        return lookup_wrapper_attr(in, obj, name, span);
    default:
        return lookup_value_attr(in, obj, name, span);
    }
}

Value *interp_getattr(Interp *in, Value *obj, const char *name, Span span)
{
    Value *v = interp_lookup_attr(in, obj, name, span);
    if (v || in->exc)
        return v;
    if (in->report && (v = bridge_report_missing_attr(in, obj, name, span)))
        return v;   /* --report: recorded, evaluation goes on */
    const char *owner = obj->kind == VK_MODULE ? obj->u.module->name
                        : obj->kind == VK_CLASS ? obj->u.cls->name : val_type_name(in, obj);
    /* a function PyTorch has and the torch API here does not yet */
    const char *pt_owner = native_pytorch_owner(in, obj);
    if (pt_owner && native_pytorch_has(pt_owner, name))
        return interp_error(in, span, "%s.%s exists in PyTorch but is not supported yet", pt_owner, name);
    const char *hint = native_missing_hint(in, obj, owner, name);
    /* the torch API and tensor methods: a name missing there is unsupported
     * code, reported (with the others) rather than raised */
    if (obj->kind == VK_MODULE && obj->u.module->path[0] == '<')
        return interp_error(in, span, "'%s.%s' does not exist or is not supported%s", owner, name, hint);
    if (obj->kind == VK_TENSOR || val_is_dynamic_scalar(obj))
        return interp_error(in, span, "'%s' has no attribute '%s' (not supported)%s", owner, name, hint);
    if (obj->kind == VK_MODULE)
        return interp_raise(in, in->cls.attribute_error, span, "module '%s' has no attribute '%s'%s", owner, name, hint);
    if (obj->kind == VK_CLASS)
        return interp_raise(in, in->cls.attribute_error, span, "type object '%s' has no attribute '%s'%s",
                         owner, name, hint);
    return interp_raise(in, in->cls.attribute_error, span, "'%s' object has no attribute '%s'%s", owner, name, hint);
}

bool interp_setattr(Interp *in, Value *obj, const char *name, Value *v, Span span)
{
    switch (obj->kind) {
    case VK_INSTANCE: {
        Value *hook = interp_class_lookup(obj->u.inst->cls, in->id.setattr);
        if (hook && hook->kind == VK_FUNCTION) {
            Value *args[3] = {obj, val_cstr(in, name), v};
            return interp_call_simple(in, hook, args, 3, span) != NULL;
        }
        Value *d = interp_class_lookup(obj->u.inst->cls, name);
        if (d && d->kind == VK_PROPERTY) {
            interp_error(in, span, "cannot assign to property '%s'", name);
            return false;
        }
        Value *set = d ? descriptor_method(in, d, in->id.set) : NULL;
        if (set) {
            Value *args[3] = {d, obj, v};
            return interp_call_simple(in, set, args, 3, span) != NULL;
        }
        flow_write_scope(in, obj->u.inst->attrs);
        val_scope_set(in->arena, obj->u.inst->attrs, name, v);
        return true;
    }
    case VK_CLASS:
        flow_write_scope(in, obj->u.cls->dict);
        val_scope_set(in->arena, obj->u.cls->dict, name, v);
        return true;
    case VK_MODULE:
        flow_write_scope(in, obj->u.module->globals);
        val_scope_set(in->arena, obj->u.module->globals, name, v);
        return true;
    case VK_FUNCTION: {
        Function *fn = obj->u.func;
        if (!fn->attrs)
            fn->attrs = flow_scope_new(in);
        flow_write_scope(in, fn->attrs);
        val_scope_set(in->arena, fn->attrs, name, v);
        return true;
    }
    default: {
        Value *cls = interp_class_of(in, obj);
        Value *hook = cls ? interp_class_lookup(cls, in->id.setattr) : NULL;
        if (hook && hook->kind == VK_FUNCTION) {
            Value *args[3] = {obj, val_cstr(in, name), v};
            return interp_call_simple(in, hook, args, 3, span) != NULL;
        }
        if (interp_container_class(obj)) {
            Scope *attrs = container_attrs(in, obj, true);
            flow_write_scope(in, attrs);
            val_scope_set(in->arena, attrs, name, v);
            return true;
        }
        interp_error(in, span, "cannot set attribute '%s' of '%s'", name, val_type_name(in, obj));
        return false;
    }
    }
}

/* The plain deletion that object.__delattr__ performs: from an instance's
 * own attributes, a class's dictionary or a module's globals. */
bool interp_delattr_plain(Interp *in, Value *obj, const char *name, Span span)
{
    Scope *s = obj->kind == VK_INSTANCE ? obj->u.inst->attrs
             : obj->kind == VK_CLASS ? obj->u.cls->dict
             : obj->kind == VK_MODULE ? obj->u.module->globals
             : obj->kind == VK_FUNCTION ? obj->u.func->attrs
             : interp_container_class(obj) ? container_attrs(in, obj, false) : NULL;
    if (s && val_scope_get(s, name)) {
        flow_write_scope(in, s);
        val_scope_del(s, name);
        return true;
    }
    if (obj->kind == VK_ERROR)
        return false;
    interp_raise(in, in->cls.attribute_error, span, "'%s' object has no attribute '%s'",
                 val_type_name(in, obj), name);
    return false;
}

/* del OBJ.NAME: through the class's own __delattr__ when it has one (as
 * nn.Module does), else the plain deletion. */
bool interp_delattr(Interp *in, Value *obj, const char *name, Span span)
{
    Value *cls = obj->kind == VK_INSTANCE ? obj->u.inst->cls : NULL;
    Value *hook = cls ? interp_class_lookup(cls, intern(&in->c->names, "__delattr__")) : NULL;
    if (hook && hook->kind == VK_FUNCTION) {
        Value *args[2] = {obj, val_cstr(in, name)};
        return interp_call_simple(in, hook, args, 2, span) != NULL;
    }
    return interp_delattr_plain(in, obj, name, span);
}

/* ---- calling ---- */

Value *interp_call(Interp *in, Value *callee, CallArgs *args, Span span)
{
    if (flow_ranks_in_args(args))
        return flow_ranks_call(in, callee, args, span);     /* once per rank */
    switch (callee->kind) {
    case VK_ERROR:
        return callee;
    case VK_FUNCTION: {
        Value *r;
        if (in->symbolics && bridge_symbolic_override(in, callee->u.func, args, span, &r))
            return r;   /* an @symbolic("aten::...") function replaces it */
        return call_function(in, callee->u.func, args, span);
    }
    case VK_BUILTIN:
        return callee->u.builtin->fn(in, args, span, callee->u.builtin);
    case VK_BOUND_METHOD: {
        CallArgs b = *args;
        b.pos = arena_alloc(in->arena, sizeof(Value *) * (size_t)(args->n_pos + 1));
        b.pos[0] = callee->u.method->self;
        if (args->n_pos)
            memcpy(b.pos + 1, args->pos, sizeof(Value *) * (size_t)args->n_pos);
        b.n_pos = args->n_pos + 1;
        if (args->pos_spans) {
            b.pos_spans = arena_alloc(in->arena, sizeof(Span) * (size_t)(args->n_pos + 1));
            b.pos_spans[0] = span;
            memcpy(b.pos_spans + 1, args->pos_spans, sizeof(Span) * (size_t)args->n_pos);
        }
        return interp_call(in, callee->u.method->func, &b, span);
    }
    case VK_CLASS:
        return interp_instantiate(in, callee, args, span);
    case VK_STATICMETHOD:
    case VK_CLASSMETHOD:
        return interp_call(in, callee->u.wrapped, args, span);
    case VK_ONNX_OP:
        return bridge_onnx_call(in, callee->u.op, args, span);
    case VK_INSTANCE: {
        Value *m = interp_lookup_attr(in, callee, in->id.call, span);
        if (!m)
            break;
        return interp_call(in, m, args, span);
    }
    default:
        break;
    }
    if (in->exc)
        return NULL;
    return interp_error(in, span, "'%s' object is not callable", val_type_name(in, callee));
}

Value *interp_call_simple(Interp *in, Value *callee, Value **pos, int n_pos, Span span)
{
    CallArgs a = {.pos = pos, .n_pos = n_pos};
    return interp_call(in, callee, &a, span);
}

Value *interp_call_method(Interp *in, Value *self, const char *name, Value **pos, int n_pos, Span span)
{
    Value *m = interp_getattr(in, self, name, span);
    if (!m || m->kind == VK_ERROR)
        return m;
    return interp_call_simple(in, m, pos, n_pos, span);
}

/* ---- inspect.signature (stdlib/inspect.ts) ---- */

/* A parameter as (name, kind, default, annotation), the last two MISSING
 * when absent; kinds as inspect.Parameter numbers them. */
static Value *param_entry(Interp *in, const AstNode *p, int kind, Value *dflt, Function *fn, Value *missing)
{
    Value *t = val_tuple(in, 4);
    val_list_push(in, t->u.list, val_cstr(in, p->u.arg.name));
    val_list_push(in, t->u.list, val_int(in, kind));
    val_list_push(in, t->u.list, dflt ? dflt : missing);
    Value *ann = missing;
    if (p->u.arg.annotation) {
        /* evaluated in the function's module, as Python did at the def */
        Frame frame = {.caller = in->frame, .locals = fn->globals, .globals = fn->globals, .module = fn->module,
                       .call_span = SPAN_NONE};
        Frame *saved = in->frame;
        in->frame = &frame;
        ann = interp_eval(in, p->u.arg.annotation);
        in->frame = saved;
        if (!ann)
            return NULL;
    }
    val_list_push(in, t->u.list, ann);
    return t;
}

/* signature_of(fn, missing): the parameters of a def or lambda (a bound
 * method without its first one), as a list of param_entry tuples; None
 * for callables that have no Python signature. */
static Value *n_signature_of(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self; (void)span;
    Value *f = interp_arg(a, 0, NULL), *missing = interp_arg(a, 1, NULL);
    int skip = 0;
    if (f && f->kind == VK_BOUND_METHOD) {
        f = f->u.method->func;
        skip = 1;
    }
    if (!f || !missing || f->kind != VK_FUNCTION)
        return val_none(in);
    Function *fn = f->u.func;
    const AstNode *args = fn->args;
    Value *out = val_list(in, 8);
    int npos = args->u.arguments.posonlyargs.len + args->u.arguments.args.len;
    int nposonly = args->u.arguments.posonlyargs.len;
    for (int i = 0; i < npos; i++) {
        const AstNode *p = i < nposonly ? args->u.arguments.posonlyargs.items[i]
                                        : args->u.arguments.args.items[i - nposonly];
        int d = i - (npos - fn->n_defaults);
        Value *e = param_entry(in, p, i < nposonly ? 0 : 1, d >= 0 ? fn->defaults[d] : NULL, fn, missing);
        if (!e)
            return NULL;
        if (i >= skip)
            val_list_push(in, out->u.list, e);
    }
    if (args->u.arguments.vararg) {
        Value *e = param_entry(in, args->u.arguments.vararg, 2, NULL, fn, missing);
        if (!e)
            return NULL;
        val_list_push(in, out->u.list, e);
    }
    for (int i = 0; i < args->u.arguments.kwonlyargs.len; i++) {
        Value *e = param_entry(in, args->u.arguments.kwonlyargs.items[i], 3, fn->kw_defaults[i], fn, missing);
        if (!e)
            return NULL;
        val_list_push(in, out->u.list, e);
    }
    if (args->u.arguments.kwarg) {
        Value *e = param_entry(in, args->u.arguments.kwarg, 4, NULL, fn, missing);
        if (!e)
            return NULL;
        val_list_push(in, out->u.list, e);
    }
    return out;
}

/* The natives of this file, in _native (sema/native/native.c). */
const Builtin interp_call_natives[] = {
    {"signature_of", n_signature_of, NULL},
};
const int interp_call_natives_count = (int)(sizeof interp_call_natives / sizeof interp_call_natives[0]);
