/* Custom operator mappings (see sema/bridge/bridge.h): the registry that
 * @symbolic fills, torch.ops dispatch, overrides of stdlib functions, the
 * versions of custom domains, and --library files. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

typedef struct Symbolic {
    const char *name;           /* "custom_ops::foo_forward", "aten::elu" (interned) */
    Value *fn;
    bool running;               /* its own name is not intercepted meanwhile */
} Symbolic;

typedef struct DomainVersion {
    const char *domain;
    int version;
    bool used;
} DomainVersion;

struct SymbolicTable {
    PtrVec entries;             /* Symbolic* */
    DomainVersion *domains;
    int n_domains, cap_domains;
    int n_overrides;            /* entries named aten:: */
};

void bridge_symbolic_init(Interp *in, const CustomOpset *opsets, int n_opsets)
{
    SymbolicTable *t = arena_alloc(in->arena, sizeof *t);
    t->domains = arena_alloc(in->arena, sizeof(DomainVersion) * (size_t)(n_opsets + 8));
    t->cap_domains = n_opsets + 8;
    for (int i = 0; i < n_opsets; i++)
        t->domains[t->n_domains++] = (DomainVersion){opsets[i].domain, opsets[i].version, false};
    in->symbolics = t;
}

static Symbolic *find(SymbolicTable *t, const char *name)
{
    for (int i = t->entries.len - 1; i >= 0; i--) {
        Symbolic *s = t->entries.items[i];
        if (s->name == name)
            return s;
    }
    return NULL;
}

/* ---- natives ---- */

/* register_symbolic(name, fn): NAME is "namespace::op". */
static Value *n_register(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Value *name = interp_arg(a, 0, "name"), *fn = interp_arg(a, 1, "fn");
    if (!name || name->kind != VK_STR || !fn)
        return interp_error(in, span, "symbolic() expects the operator's name as a string, e.g. "
                          "@symbolic(\"custom_ops::foo\")");
    const char *sep = strstr(name->u.s.ptr, "::");
    if (!sep || sep == name->u.s.ptr || !sep[2] || strstr(sep + 2, "::"))
        return interp_error(in, span, "symbolic(\"%s\"): the name must be NAMESPACE::OPERATOR, e.g. "
                          "\"custom_ops::foo_forward\" or \"aten::elu\"", name->u.s.ptr);
    if (fn->kind != VK_FUNCTION && fn->kind != VK_BUILTIN && fn->kind != VK_BOUND_METHOD)
        return interp_error(in, span, "symbolic(\"%s\") decorates a '%s', not a function", name->u.s.ptr,
                          val_type_name(in, fn));
    SymbolicTable *t = in->symbolics;
    Symbolic *s = arena_alloc(in->arena, sizeof *s);
    s->name = intern(&in->c->names, name->u.s.ptr);
    s->fn = fn;
    ptrvec_push(in->arena, &t->entries, s);
    if (strncmp(s->name, "aten::", 6) == 0)
        t->n_overrides++;
    return fn;
}

static Value *run_symbolic(Interp *in, Symbolic *s, CallArgs *args, Span span)
{
    s->running = true;
    Value *r = interp_call(in, s->fn, args, span);
    s->running = false;
    return r;
}

/* call_op(qualname, args, kwargs): torch.ops.NS.OP(*args, **kwargs). */
static Value *n_call_op(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Value *name = interp_arg(a, 0, NULL), *args = interp_arg(a, 1, NULL), *kwargs = interp_arg(a, 2, NULL);
    if (!name || name->kind != VK_STR || !args || args->kind != VK_TUPLE)
        return interp_error(in, span, "call_op(name, args, kwargs)");
    Symbolic *s = find(in->symbolics, intern(&in->c->names, name->u.s.ptr));
    CallArgs ca = {.pos = args->u.list->items, .n_pos = args->u.list->len};
    if (!s || s->running) {
        const char *sep = strstr(name->u.s.ptr, "::");
        const char *call = arena_sprintf(in->arena, "torch.ops.%.*s.%s", (int)(sep - name->u.s.ptr),
                                         name->u.s.ptr, sep + 2);
        Value *stand_in = bridge_report_unsupported_call(in, call, &ca, span);
        if (stand_in)
            return stand_in;
        return interp_error(in, span, "%s has no ONNX mapping: write a function decorated "
                          "@symbolic(\"%s\") in a --library file (see docs/exporting.md)", call, name->u.s.ptr);
    }
    if (kwargs && kwargs->kind == VK_DICT) {
        Dict *d = kwargs->u.dict;
        ca.kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)(d->len + 1));
        ca.kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(d->len + 1));
        for (int i = 0; i < d->len; i++) {
            if (d->entries[i].deleted)
                continue;
            ca.kw_names[ca.n_kw] = intern(&in->c->names, d->entries[i].key->u.s.ptr);
            ca.kw_values[ca.n_kw++] = d->entries[i].value;
        }
    }
    return run_symbolic(in, s, &ca, span);
}

void bridge_symbolic_install(Interp *in, Module *m)
{
    val_scope_set(in->arena, m->globals, intern(&in->c->names, "_register_symbolic"),
              interp_make_builtin(in, "_register_symbolic", n_register, NULL));
    val_scope_set(in->arena, m->globals, intern(&in->c->names, "_call_op"),
              interp_make_builtin(in, "_call_op", n_call_op, NULL));
}

/* ---- overrides of stdlib functions ---- */

/* The stdlib modules whose public functions are torch's operators (and,
 * marked @_method, Tensor methods too). */
static bool is_operator_module(const Module *m)
{
    static const char *const names[] = {"torch", "torch._impl", "torch._reduce", "torch._index",
                                        "torch._random", "torch._tensor", "torch.nn.functional"};
    for (size_t i = 0; m && i < sizeof names / sizeof names[0]; i++)
        if (strcmp(m->name, names[i]) == 0)
            return true;
    return false;
}

bool bridge_symbolic_override(Interp *in, const Function *fn, CallArgs *args, Span span, Value **out)
{
    SymbolicTable *t = in->symbolics;
    if (!t || t->n_overrides == 0 || fn->name[0] == '_' || !is_operator_module(fn->module))
        return false;
    char buf[256];
    snprintf(buf, sizeof buf, "aten::%s", fn->name);
    Symbolic *s = find(t, intern(&in->c->names, buf));
    if (!s || s->running)
        return false;
    *out = run_symbolic(in, s, args, span);
    return true;
}

/* ---- custom domains ---- */

int bridge_symbolic_domain_version(Interp *in, const char *domain)
{
    SymbolicTable *t = in->symbolics;
    for (int i = 0; t && i < t->n_domains; i++) {
        if (strcmp(t->domains[i].domain, domain) == 0) {
            t->domains[i].used = true;
            return t->domains[i].version;
        }
    }
    if (t && t->n_domains < t->cap_domains) {
        t->domains[t->n_domains++] = (DomainVersion){arena_strdup(in->arena, domain), 1, true};
    } else if (t) {
        DomainVersion *d = arena_alloc(in->arena, sizeof *d * (size_t)(t->cap_domains * 2));
        memcpy(d, t->domains, sizeof *d * (size_t)t->n_domains);
        t->domains = d;
        t->cap_domains *= 2;
        t->domains[t->n_domains++] = (DomainVersion){arena_strdup(in->arena, domain), 1, true};
    }
    return 1;
}

void bridge_symbolic_check_opsets(Interp *in)
{
    SymbolicTable *t = in->symbolics;
    for (int i = 0; t && i < t->n_domains; i++)
        if (!t->domains[i].used)
            diag_warning(&in->c->diag, SPAN_NONE, "--custom-opset %s=%d: no node of domain '%s' is in the graph",
                         t->domains[i].domain, t->domains[i].version, t->domains[i].domain);
}

/* ---- --library ---- */

bool bridge_symbolic_load_libraries(Interp *in, const char *const *paths, int n)
{
    bool ok = true;
    for (int i = 0; i < n; i++) {
        Value *m = interp_load_file(in, paths[i]);
        ok &= m && m->kind != VK_ERROR;
    }
    return ok;
}
