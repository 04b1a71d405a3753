/* Statement execution: assignment and unpacking, control flow on static
 * conditions (the taken branch only; loops unroll), definitions, imports,
 * raise/try, with-blocks.  Control flow on run-time conditions goes to
 * sema/flow/control.c (If and Loop); interp_exec_block keeps the rest of each block
 * at hand for it and guards what follows a statement whose exits depend
 * on run-time values (EXEC_MAYBE). */
#include <string.h>

#include "sema/flow/flow.h"
#include "sema/interp/interp.h"
#include "sema/types/types.h"

/* ---- assignment ---- */

static ExecStatus assign_unpack(Interp *in, const AstNode *target, Value *v)
{
    const AstList *elts = &target->u.seq.elts;
    ValueList items = {0};
    if (v->kind == VK_ERROR) {
        for (int i = 0; i < elts->len; i++) {
            const AstNode *t = elts->items[i];
            if (interp_assign(in, t->kind == AST_STARRED ? t->u.value.value : t, v) == EXEC_RAISE)
                return EXEC_RAISE;
        }
        return EXEC_NORMAL;
    }
    if (!interp_iterate_static(in, v, &items, target->span))
        return in->exc ? EXEC_RAISE : assign_unpack(in, target, val_error(in));
    int star = -1;
    for (int i = 0; i < elts->len; i++)
        if (elts->items[i]->kind == AST_STARRED)
            star = i;
    int n = elts->len;
    if (star < 0 && items.len != n) {
        interp_raise(in, in->cls.value_error, target->span,
                  items.len > n ? "too many values to unpack (expected %d, got %d)"
                                : "not enough values to unpack (expected %d, got %d)",
                  n, items.len);
        return EXEC_RAISE;
    }
    if (star >= 0 && items.len < n - 1) {
        interp_raise(in, in->cls.value_error, target->span,
                  "not enough values to unpack (expected at least %d, got %d)", n - 1, items.len);
        return EXEC_RAISE;
    }
    int k = 0;
    for (int i = 0; i < n; i++) {
        const AstNode *t = elts->items[i];
        Value *x;
        if (i == star) {
            int count = items.len - (n - 1);
            x = val_list(in, count);
            for (int j = 0; j < count; j++)
                val_list_push(in, x->u.list, items.items[k++]);
            t = t->u.value.value;
        } else {
            x = items.items[k++];
        }
        if (interp_assign(in, t, x) == EXEC_RAISE)
            return EXEC_RAISE;
    }
    return EXEC_NORMAL;
}

static void bind_name(Interp *in, const char *name, Value *v)
{
    Frame *f = in->frame;
    if (f->declared_global && val_scope_get(f->declared_global, name)) {
        flow_write_scope(in, f->globals);
        val_scope_set(in->arena, f->globals, name, v);
        return;
    }
    if (f->declared_nonlocal && val_scope_get(f->declared_nonlocal, name)) {
        for (Closure *c = f->closure; c; c = c->next) {
            if (val_scope_get(c->scope, name)) {
                flow_write_scope(in, c->scope);
                val_scope_set(in->arena, c->scope, name, v);
                return;
            }
        }
    }
    flow_write_scope(in, f->locals);
    val_scope_set(in->arena, f->locals, name, v);
}

static ExecStatus assign_subscript(Interp *in, const AstNode *target, Value *v)
{
    Value *obj = interp_eval(in, target->u.subscript.value);
    if (!obj)
        return EXEC_RAISE;
    Value *index = interp_eval(in, target->u.subscript.slice);
    if (!index)
        return EXEC_RAISE;
    if (obj->kind == VK_ERROR || index->kind == VK_ERROR)
        return EXEC_NORMAL;
    if (obj->kind == VK_DICT) {
        if (!val_dict_set(in, obj->u.dict, index, v))
            interp_error(in, target->u.subscript.slice->span, "dict keys must be compile-time constants");
        return EXEC_NORMAL;
    }
    if (obj->kind == VK_LIST && (index->kind == VK_INT || index->kind == VK_BOOL) && !index->dyn) {
        int64_t i = index->kind == VK_INT ? index->u.i : index->u.b;
        int64_t len = obj->u.list->len;
        if (i < 0)
            i += len;
        if (i < 0 || i >= len) {
            interp_raise(in, in->cls.index_error, target->span, "list assignment index out of range");
            return EXEC_RAISE;
        }
        flow_write_list(in, obj->u.list);
        obj->u.list->items[i] = v;
        return EXEC_NORMAL;
    }
    if (obj->kind == VK_TENSOR || obj->kind == VK_INSTANCE) {
        Value *m = interp_lookup_attr(in, obj, in->id.setitem, target->span);
        if (in->exc)
            return EXEC_RAISE;
        if (m && m->kind != VK_ERROR) {
            Value *args[2] = {index, v};
            return interp_call_simple(in, m, args, 2, target->span) ? EXEC_NORMAL : EXEC_RAISE;
        }
    }
    interp_error(in, target->span, "'%s' object does not support item assignment", val_type_name(in, obj));
    return EXEC_NORMAL;
}

ExecStatus interp_assign(Interp *in, const AstNode *target, Value *v)
{
    switch (target->kind) {
    case AST_NAME:
        bind_name(in, target->u.name.id, v);
        return EXEC_NORMAL;
    case AST_TUPLE:
    case AST_LIST:
        return assign_unpack(in, target, v);
    case AST_ATTRIBUTE: {
        Value *obj = interp_eval(in, target->u.attribute.value);
        if (!obj)
            return EXEC_RAISE;
        if (obj->kind == VK_ERROR)
            return EXEC_NORMAL;
        if (v->kind == VK_ERROR && obj->kind == VK_INSTANCE) {
            /* poison is stored as it is, so that reading it back is quiet */
            val_scope_set(in->arena, obj->u.inst->attrs, target->u.attribute.attr, v);
            return EXEC_NORMAL;
        }
        if (!interp_setattr(in, obj, target->u.attribute.attr, v, target->span) && in->exc)
            return EXEC_RAISE;
        return EXEC_NORMAL;
    }
    case AST_SUBSCRIPT:
        return assign_subscript(in, target, v);
    case AST_STARRED:
        interp_error(in, target->span, "starred assignment target must be in a list or tuple");
        return EXEC_NORMAL;
    default:
        interp_error(in, target->span, "cannot assign to this expression");
        return EXEC_NORMAL;
    }
}

static ExecStatus exec_assign(Interp *in, const AstNode *s)
{
    Value *v = interp_eval(in, s->u.assign.value);
    if (!v)
        return EXEC_RAISE;
    for (int i = 0; i < s->u.assign.targets.len; i++) {
        types_check_assign(in, s->u.assign.targets.items[i], NULL, v);
        if (interp_assign(in, s->u.assign.targets.items[i], v) == EXEC_RAISE)
            return EXEC_RAISE;
    }
    return EXEC_NORMAL;
}

/* x op= v: the in-place method when the type has one (lists extend in
 * place, tensors may define __iadd__), else x = x op v. */
static ExecStatus exec_aug_assign(Interp *in, const AstNode *s)
{
    const AstNode *t = s->u.aug_assign.target;
    if (t->kind != AST_NAME && t->kind != AST_ATTRIBUTE && t->kind != AST_SUBSCRIPT) {
        interp_error(in, t->span, "illegal expression for augmented assignment");
        return EXEC_NORMAL;
    }
    Value *cur = interp_eval(in, t);
    if (!cur)
        return EXEC_RAISE;
    Value *rhs = interp_eval(in, s->u.aug_assign.value);
    if (!rhs)
        return EXEC_RAISE;
    if (cur->kind == VK_LIST && s->u.aug_assign.op == AST_OP_ADD) {
        ValueList items = {0};
        if (!interp_iterate_static(in, rhs, &items, s->u.aug_assign.value->span))
            return in->exc ? EXEC_RAISE : EXEC_NORMAL;
        flow_write_list(in, cur->u.list);
        for (int i = 0; i < items.len; i++)
            val_list_push(in, cur->u.list, items.items[i]);
        return EXEC_NORMAL;
    }
    Value *r = interp_inplace_binop(in, s->u.aug_assign.op, cur, rhs, s->span);
    if (!r)
        return EXEC_RAISE;
    types_check_assign(in, t, NULL, r);
    return interp_assign(in, t, r);
}

static ExecStatus exec_ann_assign(Interp *in, const AstNode *s)
{
    if (!s->u.ann_assign.value)
        return EXEC_NORMAL;     /* a declaration only */
    Value *v = interp_eval(in, s->u.ann_assign.value);
    if (!v)
        return EXEC_RAISE;
    types_check_assign(in, s->u.ann_assign.target, s->u.ann_assign.annotation, v);
    return interp_assign(in, s->u.ann_assign.target, v);
}

/* ---- control flow ---- */

/* Evaluates a condition to a static truth value; *dynamic is set when it is
 * known only at run time, and then *value is the run-time bool. */
static ExecStatus eval_condition_value(Interp *in, const AstNode *test, bool *truth, bool *dynamic,
                                       bool *error, Value **value)
{
    *dynamic = *error = false;
    Value *c = interp_eval(in, test);
    if (!c)
        return EXEC_RAISE;
    Value *t = c->kind == VK_ERROR ? c : interp_truth(in, c, test->span);
    if (!t)
        return EXEC_RAISE;
    if (t->kind == VK_ERROR) {
        *error = true;
        return EXEC_NORMAL;
    }
    if (t->dyn) {
        *dynamic = true;
        *value = t;
        return EXEC_NORMAL;
    }
    *truth = t->u.b;
    return EXEC_NORMAL;
}

static ExecStatus eval_condition(Interp *in, const AstNode *test, bool *truth, bool *dynamic, bool *error)
{
    Value *ignored;
    return eval_condition_value(in, test, truth, dynamic, error, &ignored);
}

static ExecStatus exec_if(Interp *in, const AstNode *s)
{
    bool truth = false, dynamic, error;
    Value *t = NULL;
    if (eval_condition_value(in, s->u.cond.test, &truth, &dynamic, &error, &t) == EXEC_RAISE)
        return EXEC_RAISE;
    if (error)
        return EXEC_NORMAL;
    if (dynamic)
        return flow_if(in, s, t);
    return interp_exec_block(in, truth ? &s->u.cond.body : &s->u.cond.orelse);
}

/* The loop's own exit flags ($brk, $cont) live while it runs; those of an
 * enclosing loop are put back afterwards. */
typedef struct LoopFlags {
    Value *brk, *cont;
} LoopFlags;

static LoopFlags loop_flags_save(Interp *in)
{
    LoopFlags f = {flow_flag(in, in->id.flag_break), flow_flag(in, in->id.flag_continue)};
    flow_clear_flag(in, in->id.flag_break);
    flow_clear_flag(in, in->id.flag_continue);
    return f;
}

static ExecStatus loop_flags_restore(Interp *in, LoopFlags f, ExecStatus st)
{
    flow_clear_flag(in, in->id.flag_break);
    flow_clear_flag(in, in->id.flag_continue);
    if (f.brk)
        flow_set_flag(in, in->id.flag_break, f.brk);
    if (f.cont)
        flow_set_flag(in, in->id.flag_continue, f.cont);
    return st;
}

/* After one iteration of a static loop: whether to go on (NORMAL), or the
 * status the loop ends with. */
static ExecStatus after_iteration(Interp *in, ExecStatus st, bool *stop)
{
    *stop = true;
    if (st == EXEC_MAYBE) {
        flow_clear_flag(in, in->id.flag_continue);
        st = flow_settle(in);
    }
    if (st == EXEC_BREAK)
        return EXEC_NORMAL;
    if (st == EXEC_RETURN || st == EXEC_RAISE || st == EXEC_MAYBE)
        return st;
    *stop = diag_too_many(&in->c->diag);
    return EXEC_NORMAL;
}

static ExecStatus exec_while_in(Interp *in, const AstNode *s)
{
    for (;;) {
        bool truth = false, dynamic, error;
        Value *t = NULL;
        if (eval_condition_value(in, s->u.cond.test, &truth, &dynamic, &error, &t) == EXEC_RAISE)
            return EXEC_RAISE;
        if (error)
            return EXEC_NORMAL;
        if (dynamic)
            return flow_while(in, s, t);
        if (!truth)
            return interp_exec_block(in, &s->u.cond.orelse);
        bool stop;
        ExecStatus st = after_iteration(in, interp_exec_block(in, &s->u.cond.body), &stop);
        if (st == EXEC_MAYBE)
            return flow_while(in, s, NULL);
        if (stop)
            return st;
    }
}

static ExecStatus exec_while(Interp *in, const AstNode *s)
{
    LoopFlags f = loop_flags_save(in);
    return loop_flags_restore(in, f, exec_while_in(in, s));
}

ExecStatus interp_exec_static_for(Interp *in, const AstNode *s, ValueList *items, int from)
{
    for (int i = from; i < items->len; i++) {
        if (interp_assign(in, s->u.for_stmt.target, items->items[i]) == EXEC_RAISE)
            return EXEC_RAISE;
        bool stop;
        ExecStatus st = after_iteration(in, interp_exec_block(in, &s->u.for_stmt.body), &stop);
        if (st == EXEC_MAYBE)
            return flow_for_rest(in, s, items, i + 1);
        if (stop)
            return st;
    }
    return interp_exec_block(in, &s->u.for_stmt.orelse);
}

static ExecStatus exec_for(Interp *in, const AstNode *s)
{
    Value *iterable = interp_eval(in, s->u.for_stmt.iter);
    if (!iterable)
        return EXEC_RAISE;
    if (iterable->kind == VK_ERROR)
        return EXEC_NORMAL;
    LoopFlags f = loop_flags_save(in);
    if (flow_is_dynamic_iterable(in, iterable))
        return loop_flags_restore(in, f, flow_for(in, s, iterable));
    ValueList items = {0};
    if (!interp_iterate_static(in, iterable, &items, s->u.for_stmt.iter->span))
        return loop_flags_restore(in, f, in->exc ? EXEC_RAISE : EXEC_NORMAL);
    return loop_flags_restore(in, f, interp_exec_static_for(in, s, &items, 0));
}

/* ---- raise, try, assert, with ---- */

static ExecStatus exec_raise(Interp *in, const AstNode *s)
{
    if (!s->u.raise.exc) {
        interp_error(in, s->span, "a bare 'raise' outside an except block is not supported");
        return EXEC_NORMAL;
    }
    Value *e = interp_eval(in, s->u.raise.exc);
    if (!e)
        return EXEC_RAISE;
    if (e->kind == VK_ERROR)
        return EXEC_NORMAL;
    if (e->kind == VK_CLASS) {
        CallArgs none = {0};
        e = interp_instantiate(in, e, &none, s->span);
        if (!e)
            return EXEC_RAISE;
    }
    if (e->kind != VK_INSTANCE || !interp_isinstance(in, e, in->cls.base_exception)) {
        interp_error(in, s->u.raise.exc->span, "exceptions must derive from BaseException");
        return EXEC_NORMAL;
    }
    in->exc = e;
    in->exc_span = s->span;
    interp_record_traceback(in, e, s->span);
    return EXEC_RAISE;
}

static bool handler_matches(Interp *in, const AstNode *h, Value *exc)
{
    if (!h->u.except_handler.type)
        return true;
    Value *saved = in->exc;
    in->exc = NULL;
    Value *t = interp_eval(in, h->u.except_handler.type);
    in->exc = saved;
    if (!t || t->kind == VK_ERROR)
        return false;
    if (t->kind == VK_CLASS)
        return interp_isinstance(in, exc, t);
    if (t->kind == VK_TUPLE) {
        for (int i = 0; i < t->u.list->len; i++)
            if (t->u.list->items[i]->kind == VK_CLASS && interp_isinstance(in, exc, t->u.list->items[i]))
                return true;
    }
    return false;
}

static ExecStatus exec_try(Interp *in, const AstNode *s)
{
    in->try_depth++;
    ExecStatus st = interp_exec_block(in, &s->u.try_stmt.body);
    in->try_depth--;
    if (st == EXEC_RAISE && !interp_exc_catchable(in))
        return st;      /* a limit ends the compile: no handler, no finally */
    if (st == EXEC_RAISE) {
        Value *exc = in->exc;
        for (int i = 0; i < s->u.try_stmt.handlers.len; i++) {
            const AstNode *h = s->u.try_stmt.handlers.items[i];
            if (!handler_matches(in, h, exc))
                continue;
            in->exc = NULL;
            if (h->u.except_handler.name)
                bind_name(in, h->u.except_handler.name, exc);
            st = interp_exec_block(in, &h->u.except_handler.body);
            break;
        }
    } else if (st == EXEC_MAYBE && s->u.try_stmt.orelse.len) {
        interp_error(in, s->u.try_stmt.orelse.items[0]->span, "an 'else' block after a 'try' whose body may "
                   "break, continue or return under a run-time condition is not supported");
    } else if (st == EXEC_NORMAL) {
        st = interp_exec_block(in, &s->u.try_stmt.orelse);
    }
    if (s->u.try_stmt.finalbody.len) {
        Value *pending = in->exc;
        Value *ret = in->frame->return_value;
        in->exc = NULL;
        ExecStatus fin = interp_exec_block(in, &s->u.try_stmt.finalbody);
        if (fin != EXEC_NORMAL)
            return fin;
        in->exc = pending;
        in->frame->return_value = ret;
    }
    return st;
}

static ExecStatus exec_assert(Interp *in, const AstNode *s)
{
    bool truth = true, dynamic, error;
    if (eval_condition(in, s->u.assert_stmt.test, &truth, &dynamic, &error) == EXEC_RAISE)
        return EXEC_RAISE;
    /* A run-time assertion has no ONNX form: like PyTorch's exporter, the
     * check is dropped. */
    if (error || dynamic || truth)
        return EXEC_NORMAL;
    const char *msg = "";
    if (s->u.assert_stmt.msg) {
        Value *m = interp_eval(in, s->u.assert_stmt.msg);
        if (!m)
            return EXEC_RAISE;
        msg = val_to_str(in, m);
    }
    interp_raise(in, in->cls.assertion_error, s->span, "%s", msg);
    return EXEC_RAISE;
}

static ExecStatus exec_with(Interp *in, const AstNode *s)
{
    Value **managers = arena_alloc(in->arena, sizeof(Value *) * (size_t)(s->u.with.items.len + 1));
    int entered = 0;
    ExecStatus st = EXEC_NORMAL;
    for (int i = 0; i < s->u.with.items.len && st == EXEC_NORMAL; i++) {
        const AstNode *item = s->u.with.items.items[i];
        Value *m = interp_eval(in, item->u.with_item.context_expr);
        if (!m)
            return EXEC_RAISE;
        Value *v = m->kind == VK_ERROR ? m : interp_call_method(in, m, in->id.enter, NULL, 0, item->span);
        if (!v)
            return EXEC_RAISE;
        managers[entered++] = m;
        if (item->u.with_item.optional_vars)
            st = interp_assign(in, item->u.with_item.optional_vars, v);
    }
    if (st == EXEC_NORMAL)
        st = interp_exec_block(in, &s->u.with.body);
    if (st == EXEC_RAISE && !interp_exc_catchable(in))
        return st;      /* a limit ends the compile: no __exit__ */
    for (int i = entered - 1; i >= 0; i--) {
        if (managers[i]->kind == VK_ERROR)
            continue;
        /* __exit__(type, value, traceback) of the exception leaving the
         * block, if any; a true result suppresses it, as in Python */
        Value *pending = st == EXEC_RAISE ? in->exc : NULL;
        in->exc = NULL;
        Value *args[3] = {pending ? interp_class_of(in, pending) : val_none(in),
                          pending ? pending : val_none(in), val_none(in)};
        Value *r = interp_call_method(in, managers[i], in->id.exit, args, 3, s->span);
        if (!r)
            return EXEC_RAISE;
        bool ok, suppress = pending && val_truthy(r, &ok) && ok;
        if (pending && !suppress)
            in->exc = pending;
        else if (pending)
            st = EXEC_NORMAL;
    }
    return st;
}

/* ---- definitions ---- */

/* Applies DECORATORS to V, innermost (last written) first; NULL when one
 * raises.  A decorator that failed to evaluate is skipped (reported). */
static Value *apply_decorators(Interp *in, const AstList *decorators, Value *v)
{
    for (int i = decorators->len - 1; i >= 0 && v; i--) {
        const AstNode *d = decorators->items[i];
        Value *dec = interp_eval(in, d);
        if (!dec)
            return NULL;
        if (dec->kind != VK_ERROR)
            v = interp_call_simple(in, dec, &v, 1, d->span);
    }
    return v;
}

static ExecStatus exec_function_def(Interp *in, const AstNode *s)
{
    Value *f = interp_make_function(in, s, s->u.function_def.name, s->span);
    if (f)
        f = apply_decorators(in, &s->u.function_def.decorators, f);
    if (!f)
        return EXEC_RAISE;
    bind_name(in, s->u.function_def.name, f);
    return EXEC_NORMAL;
}

static ExecStatus exec_class_def(Interp *in, const AstNode *s)
{
    int nb = s->u.class_def.bases.len;
    Value **bases = arena_alloc(in->arena, sizeof(Value *) * (size_t)(nb + 1));
    for (int i = 0; i < nb; i++) {
        bases[i] = interp_eval(in, s->u.class_def.bases.items[i]);
        if (!bases[i])
            return EXEC_RAISE;
        if (bases[i]->kind != VK_CLASS) {
            if (bases[i]->kind != VK_ERROR)
                interp_error(in, s->u.class_def.bases.items[i]->span, "base class is not a class (found '%s')",
                           val_type_name(in, bases[i]));
            bases[i] = in->cls.object;
        }
    }
    Frame frame = {0};
    frame.caller = in->frame;
    frame.locals = flow_scope_new(in);
    frame.globals = in->frame->globals;
    frame.closure = in->frame->func ? interp_closure_of(in, in->frame) : NULL;
    frame.module = in->frame->module;
    frame.call_span = s->span;
    Frame *saved = in->frame;
    in->frame = &frame;
    val_scope_set(in->arena, frame.locals, in->id.qualname, val_cstr(in, s->u.class_def.name));
    ExecStatus st = interp_exec_block(in, &s->u.class_def.body);
    in->frame = saved;
    if (st == EXEC_RAISE)
        return st;
    Value *cls = interp_make_class(in, s->u.class_def.name, bases, nb, frame.locals, saved->module, s->span);
    cls = apply_decorators(in, &s->u.class_def.decorators, cls);
    if (!cls)
        return EXEC_RAISE;
    bind_name(in, s->u.class_def.name, cls);
    return EXEC_NORMAL;
}

static ExecStatus exec_return(Interp *in, const AstNode *s)
{
    Value *v = s->u.value.value ? interp_eval(in, s->u.value.value) : val_none(in);
    if (!v)
        return EXEC_RAISE;
    types_check_return(in, s, v);
    in->frame->return_value = v;
    return EXEC_RETURN;
}

static ExecStatus exec_declare(Interp *in, const AstNode *s)
{
    Frame *f = in->frame;
    Scope **set = s->kind == AST_GLOBAL ? &f->declared_global : &f->declared_nonlocal;
    if (!*set)
        *set = flow_scope_new(in);
    for (int i = 0; i < s->u.global.names.len; i++)
        val_scope_set(in->arena, *set, s->u.global.names.items[i]->u.name.id, val_none(in));
    return EXEC_NORMAL;
}

/* del OBJ[KEY]: a dict's entry (KeyError when it has none), or the
 * object's __delitem__ (nn.ModuleList, nn.Sequential ...).  False when an
 * exception was raised. */
static bool delete_item(Interp *in, Value *obj, Value *key, Span span)
{
    if (obj->kind == VK_DICT) {
        flow_write_dict(in, obj->u.dict);
        if (!val_dict_del(obj->u.dict, key) && val_is_static(key)) {
            interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, key));
            return false;
        }
        return true;
    }
    if (obj->kind == VK_INSTANCE) {
        /* a special method is looked up on the class, as in Python */
        const char *name = intern(&in->c->names, "__delitem__");
        if (!interp_class_lookup(obj->u.inst->cls, name)) {
            interp_raise(in, in->cls.type_error, span, "'%s' object doesn't support item deletion",
                         val_type_name(in, obj));
            return false;
        }
        return interp_call_method(in, obj, name, &key, 1, span) != NULL;
    }
    if (obj->kind != VK_ERROR && key->kind != VK_ERROR)
        interp_error(in, span, "this 'del' is not supported");
    return true;
}

static ExecStatus exec_delete(Interp *in, const AstNode *s)
{
    for (int i = 0; i < s->u.assign.targets.len; i++) {
        const AstNode *t = s->u.assign.targets.items[i];
        if (t->kind == AST_NAME) {
            flow_write_scope(in, in->frame->locals);
            if (!val_scope_del(in->frame->locals, t->u.name.id))
                interp_error(in, t->span, "name '%s' is not defined", t->u.name.id);
        } else if (t->kind == AST_SUBSCRIPT) {
            Value *obj = interp_eval(in, t->u.subscript.value);
            Value *key = obj ? interp_eval(in, t->u.subscript.slice) : NULL;
            if (!obj || !key || !delete_item(in, obj, key, t->span))
                return EXEC_RAISE;
        } else if (t->kind == AST_ATTRIBUTE) {
            Value *obj = interp_eval(in, t->u.attribute.value);
            if (!obj)
                return EXEC_RAISE;
            if (!interp_delattr(in, obj, t->u.attribute.attr, t->span) && in->exc)
                return EXEC_RAISE;
        } else {
            interp_error(in, t->span, "this 'del' is not supported");
        }
    }
    return EXEC_NORMAL;
}

ExecStatus interp_exec_stmt(Interp *in, const AstNode *s)
{
    switch (s->kind) {
    case AST_EXPR_STMT: {
        const AstNode *e = s->u.value.value;
        /* a docstring or a bare string is a no-op */
        if (e->kind == AST_CONSTANT && e->u.constant.kind == AST_CONST_STR)
            return EXEC_NORMAL;
        return interp_eval(in, e) ? EXEC_NORMAL : EXEC_RAISE;
    }
    case AST_ASSIGN: return exec_assign(in, s);
    case AST_AUG_ASSIGN: return exec_aug_assign(in, s);
    case AST_ANN_ASSIGN: return exec_ann_assign(in, s);
    case AST_IF: return exec_if(in, s);
    case AST_FOR: return exec_for(in, s);
    case AST_WHILE: return exec_while(in, s);
    case AST_RETURN: return exec_return(in, s);
    case AST_PASS: return EXEC_NORMAL;
    case AST_BREAK: return EXEC_BREAK;
    case AST_CONTINUE: return EXEC_CONTINUE;
    case AST_FUNCTION_DEF: return exec_function_def(in, s);
    case AST_CLASS_DEF: return exec_class_def(in, s);
    case AST_IMPORT: case AST_IMPORT_FROM: return interp_exec_import(in, s);
    case AST_GLOBAL: case AST_NONLOCAL: return exec_declare(in, s);
    case AST_RAISE: return exec_raise(in, s);
    case AST_TRY: return exec_try(in, s);
    case AST_ASSERT: return exec_assert(in, s);
    case AST_WITH: return exec_with(in, s);
    case AST_DELETE: return exec_delete(in, s);
    case AST_MATCH:
        return EXEC_NORMAL;     /* refused by the parser already */
    default:
        interp_error(in, s->span, "unsupported statement (%s)", ast_kind_name(s->kind));
        return EXEC_NORMAL;
    }
}

static ExecStatus exec_block_in(Interp *in, const AstList *body, BlockRest *rest)
{
    for (int i = 0; i < body->len; i++) {
        rest->next = i + 1;
        rest->consumed = false;
        ExecStatus st = interp_exec_stmt(in, body->items[i]);
        if (rest->consumed)
            return st;
        if (st == EXEC_MAYBE) {
            st = flow_settle(in);
            if (st == EXEC_MAYBE && i + 1 < body->len)
                return flow_guard_rest(in, body, i + 1);
        }
        if (st != EXEC_NORMAL)
            return st;
        if (diag_too_many(&in->c->diag))
            break;
    }
    return EXEC_NORMAL;
}

ExecStatus interp_exec_block(Interp *in, const AstList *body)
{
    BlockRest rest = {body, 0, false, in->rest};
    in->rest = &rest;
    in->block_depth++;
    ExecStatus st = exec_block_in(in, body, &rest);
    in->block_depth--;
    in->rest = rest.outer;
    return st;
}

ExecStatus interp_exec_block_rest(Interp *in, const AstList *rest)
{
    in->block_depth--;
    ExecStatus st = interp_exec_block(in, rest);
    in->block_depth++;
    return st;
}
