/* Interpreter setup: interned names, the builtins scope, the module table;
 * the limits of compile-time evaluation. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sema/interp/interp.h"

static void intern_names(Interp *in)
{
    Interner *n = &in->c->names;
    InterpNames *id = &in->id;
    id->init = intern(n, "__init__");
    id->call = intern(n, "__call__");
    id->forward = intern(n, "forward");
    id->self = intern(n, "self");
    id->name_ = intern(n, "__name__");
    id->module_ = intern(n, "__module__");
    id->qualname = intern(n, "__qualname__");
    id->getattr = intern(n, "__getattr__");
    id->setattr = intern(n, "__setattr__");
    id->getitem = intern(n, "__getitem__");
    id->setitem = intern(n, "__setitem__");
    id->len = intern(n, "__len__");
    id->iter = intern(n, "__iter__");
    id->contains = intern(n, "__contains__");
    id->bool_ = intern(n, "__bool__");
    id->str_ = intern(n, "__str__");
    id->repr = intern(n, "__repr__");
    id->enter = intern(n, "__enter__");
    id->exit = intern(n, "__exit__");
    id->class_ = intern(n, "__class__");
    id->dict_ = intern(n, "__dict__");
    id->new_ = intern(n, "__new__");
    id->next = intern(n, "__next__");
    id->get = intern(n, "__get__");
    id->set = intern(n, "__set__");
    id->delete_ = intern(n, "__delete__");
    id->set_name = intern(n, "__set_name__");
    id->init_subclass = intern(n, "__init_subclass__");
    id->annotations = intern(n, "__annotations__");
    id->abstractmethods = intern(n, "__abstractmethods__");
    id->missing = intern(n, "__missing__");
    id->hash = intern(n, "__hash__");
    id->eq = intern(n, "__eq__");
    id->format = intern(n, "__format__");
    id->instancecheck = intern(n, "__instancecheck__");
    id->subclasscheck = intern(n, "__subclasscheck__");
    id->mro_entries = intern(n, "__mro_entries__");
    id->doc = intern(n, "__doc__");
    id->wrapped = intern(n, "__wrapped__");
    id->training = intern(n, "training");
    id->parameters_ = intern(n, "_parameters");
    id->buffers_ = intern(n, "_buffers");
    id->modules_ = intern(n, "_modules");
    id->non_persistent = intern(n, "_non_persistent_buffers");
    id->opset = intern(n, "__opset__");
    id->torch = intern(n, "torch");
    id->onnx = intern(n, "onnx");
    id->native = intern(n, "_native");
    id->flag_break = intern(n, "$brk");
    id->flag_continue = intern(n, "$cont");
    id->flag_return = intern(n, "$ret");
    id->return_value = intern(n, "$retval");
}

void interp_init(Interp *in, Compiler *c, int opset, uint64_t seed)
{
    memset(in, 0, sizeof *in);
    in->c = c;
    in->arena = &c->arena;
    in->opset = opset;
    in->seed = seed;
    intern_names(in);
    in->modules = val_scope_new(in->arena);
    in->builtins = val_scope_new(in->arena);
    interp_install_builtins(in, in->builtins);
    interp_install_module_builtins(in);
}

/* Every limit's error names the way to raise it.  Memory is the arena's
 * size: values are never freed one by one, so it grows with the work done,
 * and the single allocations between two checks are bounded by the items
 * and tensor-bytes limits. */
Value *interp_abort(Interp *in, Span span, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    interp_raise(in, in->cls.runtime_error, span, "%s", buf);
    in->abort = in->exc;
    in->c->limit_hit = true;
    return NULL;
}

bool interp_exc_catchable(const Interp *in)
{
    return !in->abort;
}

long interp_steps_left(const Interp *in)
{
    long left = in->c->limits.max_eval_steps - in->steps;
    return left > 0 ? left + 1 : 1;
}

bool interp_charge(Interp *in, long work, Span span)
{
    if (work > 1)
        in->steps += work - 1;
    return interp_within_limits(in, span);
}

bool interp_within_limits(Interp *in, Span span)
{
    const Limits *l = &in->c->limits;
    if (in->abort) {
        in->exc = in->abort;
        return false;
    }
    if (++in->steps > l->max_eval_steps) {
        interp_abort(in, span, "compile-time evaluation exceeded %ld steps (is there an endless loop? "
                     "--limit eval-steps=N raises the limit)", l->max_eval_steps);
        return false;
    }
    if ((int64_t)in->c->arena.total > l->max_memory) {
        interp_abort(in, span, "compile-time evaluation needs more than %" PRId64 " MiB of memory "
                     "(--limit memory=N raises the limit)", l->max_memory >> 20);
        return false;
    }
    /* The depth is counted so that where it stops does not depend on the
     * build's frame sizes; the C stack itself is the backstop (a small
     * `ulimit -s`, or a call-depth limit raised very high). */
    long max_depth = (long)l->max_call_depth * INTERP_DEPTH_PER_CALL;
    if (in->expr_depth >= max_depth) {
        interp_abort(in, span, "maximum recursion depth exceeded at compile time: calls and expressions nest "
                     "more than %ld deep (--limit call-depth=N raises the limit to N * %d)", max_depth,
                     INTERP_DEPTH_PER_CALL);
        return false;
    }
    if (compiler_stack_low(in->c)) {
        interp_abort(in, span, "maximum recursion depth exceeded at compile time: calls and expressions "
                     "nest too deeply for the C stack (ulimit -s raises the limit)");
        return false;
    }
    return true;
}
