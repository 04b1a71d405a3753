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

/* l[a:b] = items (the slice is replaced, its length may change) and
 * l[a:b:k] = items (as many items as the slice has). */
static ExecStatus assign_list_slice(Interp *in, ValueList *l, Value *sl, Value *v, Span span)
{
    ValueList items = {0};
    if (!interp_iterate_static(in, v, &items, span))
        return in->exc ? EXEC_RAISE : EXEC_NORMAL;
    int64_t start, step, n;
    if (!interp_slice_resolve(in, sl, l->len, &start, &step, &n, span))
        return in->exc ? EXEC_RAISE : EXEC_NORMAL;
    flow_write_list(in, l);
    if (step != 1) {
        if (items.len != n) {
            interp_raise(in, in->cls.value_error, span, "attempt to assign sequence of size %d to extended slice "
                         "of size %lld", items.len, (long long)n);
            return EXEC_RAISE;
        }
        for (int64_t i = 0; i < n; i++)
            l->items[start + i * step] = items.items[i];
        return EXEC_NORMAL;
    }
    ValueList out = {0};
    for (int64_t i = 0; i < start; i++)
        val_list_push(in, &out, l->items[i]);
    for (int i = 0; i < items.len; i++)
        val_list_push(in, &out, items.items[i]);
    for (int64_t i = start + n; i < l->len; i++)
        val_list_push(in, &out, l->items[i]);
    l->len = 0;
    for (int i = 0; i < out.len; i++)
        val_list_push(in, l, out.items[i]);
    return EXEC_NORMAL;
}

/* obj[index] = v of the builtin types (list.__setitem__ ...), and through
 * __setitem__ for the others. */
ExecStatus interp_setitem_plain(Interp *in, Value *obj, Value *index, Value *v, Span span)
{
    if (obj->kind == VK_DICT) {
        if (!val_dict_set(in, obj->u.dict, index, v))
            interp_error(in, span, "dict keys must be compile-time constants");
        return EXEC_NORMAL;
    }
    if (obj->kind == VK_LIST && (index->kind == VK_INT || index->kind == VK_BOOL) && !index->dyn &&
        !obj->u.list->dyn) {
        int64_t i = index->kind == VK_INT ? index->u.i : index->u.b;
        int64_t len = obj->u.list->len;
        if (i < 0)
            i += len;
        if (i < 0 || i >= len) {
            interp_raise(in, in->cls.index_error, span, "list assignment index out of range");
            return EXEC_RAISE;
        }
        flow_write_list(in, obj->u.list);
        obj->u.list->items[i] = v;
        return EXEC_NORMAL;
    }
    if (obj->kind == VK_LIST && index->kind == VK_SLICE && !obj->u.list->dyn)
        return assign_list_slice(in, obj->u.list, index, v, span);
    if (obj->kind == VK_TENSOR || obj->kind == VK_INSTANCE) {
        Value *m = interp_lookup_attr(in, obj, in->id.setitem, span);
        if (in->exc)
            return EXEC_RAISE;
        if (m && m->kind != VK_ERROR) {
            Value *args[2] = {index, v};
            return interp_call_simple(in, m, args, 2, span) ? EXEC_NORMAL : EXEC_RAISE;
        }
    }
    interp_error(in, span, "'%s' object does not support item assignment", val_type_name(in, obj));
    return EXEC_NORMAL;
}

ExecStatus interp_setitem(Interp *in, Value *obj, Value *index, Value *v, Span span)
{
    if (obj->kind == VK_ERROR || index->kind == VK_ERROR)
        return EXEC_NORMAL;
    Value *special = interp_class_special(in, obj, in->id.setitem);
    if (special) {
        Value *args[3] = {obj, index, v};
        return interp_call_simple(in, special, args, 3, span) ? EXEC_NORMAL : EXEC_RAISE;
    }
    return interp_setitem_plain(in, obj, index, v, span);
}

static ExecStatus assign_subscript(Interp *in, const AstNode *target, Value *v)
{
    Value *obj = interp_eval(in, target->u.subscript.value);
    if (!obj)
        return EXEC_RAISE;
    Value *index = interp_eval(in, target->u.subscript.slice);
    if (!index)
        return EXEC_RAISE;
    if (obj->kind == VK_DICT && !interp_container_class(obj)) {
        /* the common case, with the key's own place in the message */
        if (index->kind != VK_ERROR && !val_dict_set(in, obj->u.dict, index, v))
            interp_error(in, target->u.subscript.slice->span, "dict keys must be compile-time constants");
        return EXEC_NORMAL;
    }
    return interp_setitem(in, obj, index, v, target->span);
}

/* del obj[key]: dict items, list items and slices, and __delitem__. */
ExecStatus interp_del_subscript(Interp *in, Value *obj, Value *key, Span span)
{
    if (obj->kind == VK_ERROR || key->kind == VK_ERROR)
        return EXEC_NORMAL;
    Value *special = interp_class_special(in, obj, intern(&in->c->names, "__delitem__"));
    if (special) {
        Value *args[2] = {obj, key};
        return interp_call_simple(in, special, args, 2, span) ? EXEC_NORMAL : EXEC_RAISE;
    }
    if (obj->kind == VK_DICT) {
        if (val_dict_del(in, obj->u.dict, key))
            return EXEC_NORMAL;
        if (!val_hashable(key)) {
            interp_error(in, span, "dict keys must be compile-time constants; found '%s'", val_type_name(in, key));
            return EXEC_NORMAL;
        }
        interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, key));
        return EXEC_RAISE;
    }
    if (obj->kind == VK_LIST && !obj->u.list->dyn) {
        ValueList *l = obj->u.list;
        int64_t start, step, n;
        if (key->kind == VK_SLICE) {
            if (!interp_slice_resolve(in, key, l->len, &start, &step, &n, span))
                return in->exc ? EXEC_RAISE : EXEC_NORMAL;
        } else if ((key->kind == VK_INT || key->kind == VK_BOOL) && !key->dyn) {
            start = key->kind == VK_INT ? key->u.i : key->u.b;
            if (start < 0)
                start += l->len;
            if (start < 0 || start >= l->len) {
                interp_raise(in, in->cls.index_error, span, "list assignment index out of range");
                return EXEC_RAISE;
            }
            step = 1;
            n = 1;
        } else {
            interp_error(in, span, "list indices must be compile-time integers, found '%s'", val_type_name(in, key));
            return EXEC_NORMAL;
        }
        flow_write_list(in, l);
        int out = 0;
        for (int i = 0; i < l->len; i++) {
            int64_t k = i - start;
            bool drop = step > 0 ? k >= 0 && k % step == 0 && k / step < n
                                 : k <= 0 && (-k) % (-step) == 0 && (-k) / (-step) < n;
            if (!drop)
                l->items[out++] = l->items[i];
        }
        l->len = out;
        return EXEC_NORMAL;
    }
    if (obj->kind == VK_INSTANCE && !interp_class_lookup(obj->u.inst->cls, intern(&in->c->names, "__delitem__"))) {
        /* a special method is looked up on the class, as in Python */
        interp_raise(in, in->cls.type_error, span, "'%s' object doesn't support item deletion",
                     val_type_name(in, obj));
        return EXEC_RAISE;
    }
    if (obj->kind == VK_INSTANCE || obj->kind == VK_TENSOR) {
        Value *m = interp_lookup_attr(in, obj, intern(&in->c->names, "__delitem__"), span);
        if (in->exc)
            return EXEC_RAISE;
        if (m && m->kind != VK_ERROR)
            return interp_call_simple(in, m, &key, 1, span) ? EXEC_NORMAL : EXEC_RAISE;
    }
    interp_error(in, span, "this 'del' is not supported");
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
    /* a class body records its annotated names (dataclasses read them) */
    if (in->frame->annotations && s->u.ann_assign.target->kind == AST_NAME && s->u.ann_assign.simple)
        ptrvec_push(in->arena, in->frame->annotations, (void *)s);
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
    /* TorchScript unrolls a loop over a module container or a tuple: its
     * body is straight-line code, where a variable may take a new type
     * (ConvTasNet's `output = 0.0` then `output = output + skip`) */
    int unrolls = iterable->kind == VK_TUPLE ||
                  (iterable->kind == VK_INSTANCE && interp_isinstance(in, iterable, in->cls.nn_module));
    in->block_depth -= unrolls;
    ExecStatus st = interp_exec_static_for(in, s, &items, 0);
    in->block_depth += unrolls;
    return loop_flags_restore(in, f, st);
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
     * check is dropped; what it shows about Optionals holds after it. */
    if (dynamic && !error)
        flow_optional_refine(in, s->u.assert_stmt.test, true);
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

/* The bases of a class statement: a base that is not a class but has
 * __mro_entries__ (typing.NamedTuple, Generic[T]) is replaced by the
 * classes it returns.  NULL after raising. */
static Value **class_bases(Interp *in, const AstNode *s, int *n_out)
{
    int nb = s->u.class_def.bases.len;
    Value **bases = arena_alloc(in->arena, sizeof(Value *) * (size_t)(nb + 1));
    bool plain = true;
    for (int i = 0; i < nb; i++) {
        bases[i] = interp_eval(in, s->u.class_def.bases.items[i]);
        if (!bases[i])
            return NULL;
        plain &= bases[i]->kind == VK_CLASS;
    }
    *n_out = nb;
    if (plain)
        return bases;
    Value *orig = val_tuple(in, nb);
    for (int i = 0; i < nb; i++)
        val_list_push(in, orig->u.list, bases[i]);
    ValueList out = {0};
    for (int i = 0; i < nb; i++) {
        const AstNode *node = s->u.class_def.bases.items[i];
        Value *b = orig->u.list->items[i];
        Value *entries = b->kind == VK_CLASS || b->kind == VK_ERROR ? NULL
                         : interp_lookup_attr(in, b, in->id.mro_entries, node->span);
        if (!entries && in->exc)
            return NULL;
        if (entries && entries->kind != VK_ERROR) {
            Value *r = interp_call_simple(in, entries, &orig, 1, node->span);
            if (!r)
                return NULL;
            if (r->kind == VK_TUPLE) {
                for (int k = 0; k < r->u.list->len; k++)
                    if (r->u.list->items[k]->kind == VK_CLASS)
                        val_list_push(in, &out, r->u.list->items[k]);
                continue;
            }
            b = r;
        }
        if (b->kind != VK_CLASS) {
            if (b->kind != VK_ERROR)
                interp_error(in, node->span, "base class is not a class (found '%s')", val_type_name(in, b));
            b = in->cls.object;
        }
        val_list_push(in, &out, b);
    }
    *n_out = out.len;
    return out.len ? out.items : arena_alloc(in->arena, sizeof(Value *));
}

/* The metaclass of a class statement: `metaclass=` or the most derived
 * metaclass of its bases (NULL: type).  False after raising. */
static bool class_meta(Interp *in, Value *explicit, Value **bases, int nb, Value **meta, Span span)
{
    Value *winner = explicit && explicit != in->cls.type ? explicit : NULL;
    if (explicit && explicit->kind != VK_CLASS) {
        *meta = explicit;   /* a function called as the metaclass */
        return true;
    }
    for (int i = 0; i < nb; i++) {
        Value *m = bases[i]->u.cls->meta;
        if (!m || (winner && interp_is_subclass(winner, m)))
            continue;
        if (!winner || interp_is_subclass(m, winner)) {
            winner = m;
            continue;
        }
        interp_raise(in, in->cls.type_error, span, "metaclass conflict: the metaclass of a derived class must be "
                     "a (non-strict) subclass of the metaclasses of all its bases");
        return false;
    }
    *meta = winner;
    return true;
}

/* The keywords of a class statement: metaclass= apart, the others go to
 * the metaclass and __init_subclass__.  False after raising. */
static bool class_keywords(Interp *in, const AstNode *s, Value **explicit_meta, CallArgs *kw)
{
    const AstList *kws = &s->u.class_def.keywords;
    *explicit_meta = NULL;
    if (!kws->len)
        return true;
    kw->kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)(kws->len + 1));
    kw->kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(kws->len + 1));
    for (int i = 0; i < kws->len; i++) {
        const AstNode *k = kws->items[i];
        Value *v = interp_eval(in, k->u.keyword.value);
        if (!v)
            return false;
        if (!k->u.keyword.arg) {
            interp_error(in, k->span, "'**' in a class statement is not supported");
            continue;
        }
        if (strcmp(k->u.keyword.arg, "metaclass") == 0) {
            *explicit_meta = v->kind == VK_ERROR ? NULL : v;
            continue;
        }
        kw->kw_names[kw->n_kw] = k->u.keyword.arg;
        kw->kw_values[kw->n_kw++] = v;
    }
    return true;
}

/* A class made by a metaclass: META(name, bases, namespace, **kwargs), the
 * namespace holding __module__, the body's names and its evaluated
 * __annotations__. */
static Value *call_metaclass(Interp *in, const AstNode *s, Value *meta, Value **bases, int nb, Frame *body,
                             CallArgs *kw)
{
    Value *ns = val_dict(in);
    Module *mod = body->module;
    val_dict_set(in, ns->u.dict, val_cstr(in, "__module__"), mod ? val_cstr(in, mod->name) : val_none(in));
    Scope *locals = body->locals;
    for (int i = 0; i < locals->len; i++)
        if (locals->entries[i].value)
            val_dict_set(in, ns->u.dict, val_cstr(in, locals->entries[i].name), locals->entries[i].value);
    if (body->annotations->len) {
        Value *ann = interp_eval_annotations(in, body->annotations, locals, body->globals, body->closure, mod);
        if (!ann)
            return NULL;
        val_dict_set(in, ns->u.dict, val_cstr(in, "__annotations__"), ann);
    }
    Value *t = val_tuple(in, nb);
    for (int i = 0; i < nb; i++)
        val_list_push(in, t->u.list, bases[i]);
    Value *pos[3] = {val_cstr(in, s->u.class_def.name), t, ns};
    CallArgs a = *kw;
    a.pos = pos;
    a.n_pos = 3;
    return interp_call(in, meta, &a, s->span);
}

static ExecStatus exec_class_def(Interp *in, const AstNode *s)
{
    int nb = 0;
    Value **bases = class_bases(in, s, &nb);
    if (!bases)
        return EXEC_RAISE;
    Value *explicit_meta, *meta;
    CallArgs kw = {0};
    if (!class_keywords(in, s, &explicit_meta, &kw) || !class_meta(in, explicit_meta, bases, nb, &meta, s->span))
        return EXEC_RAISE;
    Frame frame = {0};
    frame.caller = in->frame;
    frame.locals = flow_scope_new(in);
    frame.globals = in->frame->globals;
    frame.closure = in->frame->func ? interp_closure_of(in, in->frame) : in->frame->closure;
    frame.module = in->frame->module;
    frame.call_span = s->span;
    PtrVec annotations = {0};
    frame.annotations = &annotations;
    Frame *saved = in->frame;
    in->frame = &frame;
    val_scope_set(in->arena, frame.locals, in->id.qualname, val_cstr(in, s->u.class_def.name));
    ExecStatus st = interp_exec_block(in, &s->u.class_def.body);
    in->frame = saved;
    if (st == EXEC_RAISE)
        return st;
    Value *cls;
    if (meta) {
        cls = call_metaclass(in, s, meta, bases, nb, &frame, &kw);
    } else {
        cls = interp_create_class(in, NULL, s->u.class_def.name, bases, nb, frame.locals, &kw, saved->module, s->span);
        if (cls) {
            Class *c = cls->u.cls;
            c->annotations = annotations;
            c->ann_globals = frame.globals;
            c->ann_closure = frame.closure;
        }
    }
    if (cls)
        cls = apply_decorators(in, &s->u.class_def.decorators, cls);
    if (!cls)
        return EXEC_RAISE;
    bind_name(in, s->u.class_def.name, cls);
    return EXEC_NORMAL;
}

static ExecStatus exec_return(Interp *in, const AstNode *s)
{
    Value *v = s->u.value.value ? interp_eval(in, s->u.value.value) : val_const_none();
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
            if (!obj || !key || interp_del_subscript(in, obj, key, t->span) == EXEC_RAISE)
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
