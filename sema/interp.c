/* Interpreter setup: interned names, the builtins scope, the module table. */
#include <string.h>

#include "sema/interp.h"

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
    in->modules = scope_new(in->arena);
    in->builtins = scope_new(in->arena);
    builtins_install(in, in->builtins);
    natives_install(in, in->builtins);
}
