/* Module calls during lowering: every `module(x)` in forward() goes through
 * bridge_module_call(), which
 *
 *   - makes the module's path (layer1.0.conv1) and class the scope of the
 *     nodes its forward() emits (node names, node metadata);
 *   - with --functions, lowers the call as an ONNX local function: the
 *     forward() body goes into a function graph, and the caller's graph gets
 *     one node calling it.  See sema/bridge/bridge.h. */
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

static const char *module_path(Interp *in, Value *mod)
{
    if (mod->kind != VK_INSTANCE)
        return NULL;
    Value *path = val_scope_get(mod->u.inst->attrs, intern(&in->c->names, "_tsc_path"));
    return path && path->kind == VK_STR ? path->u.s.ptr : NULL;
}

static const char *module_class(Value *mod)
{
    return mod->kind == VK_INSTANCE ? mod->u.inst->cls->u.cls->name : NULL;
}

static Value *function_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span);

Value *bridge_module_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span)
{
    Lower *L = in->lower;
    const char *path = module_path(in, mod);
    if (!L || !path)
        return interp_call(in, fwd, args, span);
    const char *saved = L->scope, *saved_type = L->scope_type;
    L->scope = path;
    L->scope_type = module_class(mod);
    Value *r = in->lowering && in->functions ? function_call(in, mod, fwd, args, span)
                                             : interp_call(in, fwd, args, span);
    L->scope = saved;
    L->scope_type = saved_type;
    return r;
}

/* ---- local functions ---- */

typedef struct FunctionVariant {
    const char *class_name;
    const char *config;         /* canonical text of the configuration */
    const char *signature;      /* canonical text of the body */
    IrFunction *fn;
} FunctionVariant;

/* One call being lowered as a function. */
typedef struct FnCall {
    Interp *in;
    IrGraph *body;
    PtrVec outer;               /* IrValue* passed for each body input */
    PtrVec inner;               /* the body input, same order */
    PtrVec results;             /* IrValue* body values that are outputs */
    const char **param_names;   /* forward()'s parameters after self */
    int n_param_names;
} FnCall;

static bool class_selected(BridgeFunctions *F, const char *name)
{
    if (F->all)
        return true;
    for (int i = 0; i < F->n_classes; i++) {
        if (strcmp(F->classes[i], name) == 0) {
            F->class_used[i] = true;
            return true;
        }
    }
    return false;
}

static bool inside(const IrGraph *body, const IrGraph *g)
{
    for (; g; g = g->parent)
        if (g == body)
            return true;
    return false;
}

/* The body input standing for OUTER (one per distinct outer value). */
static IrValue *body_input(FnCall *fc, IrValue *outer, const char *hint)
{
    for (int i = 0; i < fc->outer.len; i++)
        if (fc->outer.items[i] == outer)
            return fc->inner.items[i];
    if (!hint) {
        const char *dot = strrchr(outer->name, '.');
        hint = dot ? dot + 1 : outer->name;
    }
    IrValue *v = ir_add_input(fc->body, hint, outer->type, outer->span);
    ptrvec_push(fc->in->arena, &fc->outer, outer);
    ptrvec_push(fc->in->arena, &fc->inner, v);
    return v;
}

/* V with its run-time values replaced by body inputs. */
static Value *map_arg(FnCall *fc, Value *v, const char *hint, int depth)
{
    Interp *in = fc->in;
    if (v->kind == VK_TENSOR && !v->u.tensor->is_static && v->u.tensor->ir)
        return bridge_wrap(in, body_input(fc, v->u.tensor->ir, hint));
    if (val_is_dynamic_scalar(v)) {
        Value *s = val_none(in);
        *s = *v;
        s->dyn = body_input(fc, v->dyn, hint);
        return s;
    }
    if ((v->kind == VK_LIST || v->kind == VK_TUPLE) && depth < 16) {
        Value *r = v->kind == VK_LIST ? val_list(in, v->u.list->len) : val_tuple(in, v->u.list->len);
        for (int i = 0; i < v->u.list->len; i++)
            val_list_push(in, r->u.list, map_arg(fc, v->u.list->items[i], hint, depth + 1));
        return r;
    }
    return v;
}

static CallArgs map_args(FnCall *fc, CallArgs *args)
{
    Interp *in = fc->in;
    CallArgs m = *args;
    m.pos = arena_alloc(in->arena, sizeof(Value *) * (size_t)(args->n_pos + 1));
    for (int i = 0; i < args->n_pos; i++)
        m.pos[i] = map_arg(fc, args->pos[i], i < fc->n_param_names ? fc->param_names[i] : "input", 0);
    m.kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(args->n_kw + 1));
    for (int i = 0; i < args->n_kw; i++)
        m.kw_values[i] = map_arg(fc, args->kw_values[i], args->kw_names[i], 0);
    return m;
}

/* Every use of a value from outside the body (parameters, constants, the
 * caller's values) becomes a use of a body input. */
static void capture_graph(FnCall *fc, IrGraph *g, int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++)
            if (n->inputs[k] && !inside(fc->body, n->inputs[k]->graph))
                n->inputs[k] = body_input(fc, n->inputs[k], NULL);
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                capture_graph(fc, n->attrs[k].g, depth + 1);
    }
}

/* The caller-side value of body value V: a body input maps back to what
 * was passed, a value computed in the body becomes an output (index in
 * fc->results), anything else is the caller's own. */
static IrValue *result_value(FnCall *fc, IrValue *v, IrValue **call_outputs)
{
    for (int i = 0; i < fc->inner.len; i++)
        if (fc->inner.items[i] == v)
            return fc->outer.items[i];
    if (!inside(fc->body, v->graph))
        return v;
    for (int i = 0; i < fc->results.len; i++)
        if (fc->results.items[i] == v)
            return call_outputs ? call_outputs[i] : v;
    ptrvec_push(fc->in->arena, &fc->results, v);
    return call_outputs ? call_outputs[fc->results.len - 1] : v;
}

/* Pass 1 (CALL_OUTPUTS NULL) collects the body's outputs; pass 2 builds the
 * caller's value from the call node's outputs. */
static Value *map_result(FnCall *fc, Value *v, IrValue **call_outputs, int depth)
{
    Interp *in = fc->in;
    if (v->kind == VK_TENSOR && !v->u.tensor->is_static && v->u.tensor->ir)
        return bridge_wrap(in, result_value(fc, v->u.tensor->ir, call_outputs));
    if (val_is_dynamic_scalar(v)) {
        Value *s = val_none(in);
        *s = *v;
        s->dyn = result_value(fc, v->dyn, call_outputs);
        return s;
    }
    if ((v->kind == VK_LIST || v->kind == VK_TUPLE) && depth < 16) {
        Value *r = v->kind == VK_LIST ? val_list(in, v->u.list->len) : val_tuple(in, v->u.list->len);
        for (int i = 0; i < v->u.list->len; i++)
            val_list_push(in, r->u.list, map_result(fc, v->u.list->items[i], call_outputs, depth + 1));
        return r;
    }
    if (v->kind == VK_DICT && depth < 16) {
        Value *r = val_dict(in);
        for (int i = 0; i < v->u.dict->len; i++) {
            DictEntry *de = &v->u.dict->entries[i];
            if (!de->deleted)
                val_dict_set(in, r->u.dict, de->key, map_result(fc, de->value, call_outputs, depth + 1));
        }
        return r;
    }
    return v;
}

/* ---- body signatures: equal text = same function ---- */

typedef struct Sig {
    Arena *arena;
    char *text;
    size_t len, cap;
    PtrVec values;              /* IrValue*, numbered in definition order */
} Sig;

static void sig_put(Sig *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sig_put(Sig *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *piece = arena_vsprintf(s->arena, fmt, ap);
    va_end(ap);
    size_t n = strlen(piece);
    if (s->len + n + 1 > s->cap) {
        size_t cap = (s->len + n + 1) * 2;
        s->text = arena_grow(s->arena, s->text, s->cap, cap);
        s->cap = cap;
    }
    memcpy(s->text + s->len, piece, n + 1);
    s->len += n;
}

static int sig_id(Sig *s, const IrValue *v)
{
    for (int i = s->values.len - 1; i >= 0; i--)
        if (s->values.items[i] == v)
            return i;
    return -1;
}

static void sig_define(Sig *s, IrValue *v)
{
    ptrvec_push(s->arena, &s->values, v);
}

/* 64-bit FNV-1a of tensor data, so that large constants do not bloat the
 * signature. */
static uint64_t data_hash(const void *data, size_t n)
{
    const unsigned char *p = data;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

static void sig_graph(Sig *s, const IrGraph *g, int depth);

static void sig_attr(Sig *s, const IrAttr *at, int depth)
{
    sig_put(s, "%s:%d=", at->name, (int)at->kind);
    switch (at->kind) {
    case IR_ATTR_INT: sig_put(s, "%lld", (long long)at->i); break;
    case IR_ATTR_FLOAT: sig_put(s, "%a", (double)at->f); break;
    case IR_ATTR_STRING: sig_put(s, "%zu:%s", strlen(at->s ? at->s : ""), at->s ? at->s : ""); break;
    case IR_ATTR_INTS:
        for (int i = 0; i < at->n; i++)
            sig_put(s, "%lld,", (long long)at->ints[i]);
        break;
    case IR_ATTR_FLOATS:
        for (int i = 0; i < at->n; i++)
            sig_put(s, "%a,", (double)at->floats[i]);
        break;
    case IR_ATTR_STRINGS:
        for (int i = 0; i < at->n; i++)
            sig_put(s, "%zu:%s,", strlen(at->strings[i]), at->strings[i]);
        break;
    case IR_ATTR_TENSOR: {
        IrTensor *t = at->t;
        sig_put(s, "%d/%d/", (int)t->dtype, t->rank);
        for (int i = 0; i < t->rank; i++)
            sig_put(s, "%lld,", (long long)t->dims[i]);
        const void *d = ir_tensor_force(s->arena, t);
        sig_put(s, "#%llx", (unsigned long long)(d ? data_hash(d, t->nbytes) : 0));
        break;
    }
    case IR_ATTR_GRAPH: sig_graph(s, at->g, depth + 1); break;
    default: break;
    }
    sig_put(s, ";");
}

static void sig_node(Sig *s, const IrNode *n, int depth)
{
    sig_put(s, "%s.%s(", n->domain, n->op_type);
    for (int k = 0; k < n->n_inputs; k++)
        sig_put(s, n->inputs[k] ? "%d," : "-,", n->inputs[k] ? sig_id(s, n->inputs[k]) : 0);
    sig_put(s, ")<");
    for (int k = 0; k < n->n_attrs; k++)
        sig_attr(s, &n->attrs[k], depth);
    sig_put(s, ">%d\n", n->n_outputs);
    for (int k = 0; k < n->n_outputs; k++)
        sig_define(s, n->outputs[k]);
}

static void sig_graph(Sig *s, const IrGraph *g, int depth)
{
    if (depth > 64)
        return;
    sig_put(s, "{%d:", g->inputs.len);
    for (int i = 0; i < g->inputs.len; i++)
        sig_define(s, g->inputs.items[i]);
    for (int i = 0; i < g->nodes.len; i++)
        sig_node(s, g->nodes.items[i], depth);
    sig_put(s, "=>");
    for (int i = 0; i < g->outputs.len; i++)
        sig_put(s, "%d,", sig_id(s, g->outputs.items[i]));
    sig_put(s, "}");
}

/* ---- the module's configuration ---- */

/* Static int, float, bool and str attributes, and tuples or lists of
 * numbers, in the instance's attribute order; private names and
 * `training` are not configuration. */
typedef struct Config {
    const char **names;
    IrAttr *values;
    int n;
    const char *text;
} Config;

static bool config_value(Interp *in, const char *name, Value *v, IrAttr *at)
{
    memset(at, 0, sizeof *at);
    at->name = name;
    if ((v->kind == VK_INT || v->kind == VK_BOOL) && !v->dyn) {
        at->kind = IR_ATTR_INT;
        at->i = v->kind == VK_INT ? v->u.i : v->u.b;
    } else if (v->kind == VK_FLOAT && !v->dyn) {
        at->kind = IR_ATTR_FLOAT;
        at->f = (float)v->u.f;
    } else if (v->kind == VK_STR) {
        at->kind = IR_ATTR_STRING;
        at->s = v->u.s.ptr;
    } else if ((v->kind == VK_TUPLE || v->kind == VK_LIST) && v->u.list->len > 0) {
        ValueList *l = v->u.list;
        bool ints = true, nums = true;
        for (int i = 0; i < l->len; i++) {
            Value *x = l->items[i];
            ints &= (x->kind == VK_INT || x->kind == VK_BOOL) && !x->dyn;
            nums &= (x->kind == VK_INT || x->kind == VK_BOOL || x->kind == VK_FLOAT) && !x->dyn;
        }
        if (!nums)
            return false;
        at->kind = ints ? IR_ATTR_INTS : IR_ATTR_FLOATS;
        at->n = l->len;
        at->ints = arena_alloc(in->arena, sizeof(int64_t) * (size_t)l->len);
        at->floats = arena_alloc(in->arena, sizeof(float) * (size_t)l->len);
        for (int i = 0; i < l->len; i++) {
            Value *x = l->items[i];
            double d = x->kind == VK_FLOAT ? x->u.f : x->kind == VK_INT ? (double)x->u.i : x->u.b;
            at->ints[i] = x->kind == VK_INT ? x->u.i : (int64_t)d;
            at->floats[i] = (float)d;
        }
    } else {
        return false;
    }
    return true;
}

static Config module_config(Interp *in, Value *mod)
{
    Config c = {0};
    Scope *attrs = mod->u.inst->attrs;
    c.names = arena_alloc(in->arena, sizeof(char *) * (size_t)(attrs->len + 1));
    c.values = arena_alloc(in->arena, sizeof(IrAttr) * (size_t)(attrs->len + 1));
    Sig s = {.arena = in->arena};
    sig_put(&s, "%s", "");
    for (int i = 0; i < attrs->len; i++) {
        const char *name = attrs->entries[i].name;
        Value *v = attrs->entries[i].value;
        if (!v || name[0] == '_' || strcmp(name, "training") == 0)
            continue;
        if (!config_value(in, name, v, &c.values[c.n]))
            continue;
        c.names[c.n] = name;
        sig_attr(&s, &c.values[c.n], 0);
        c.n++;
    }
    c.text = s.text;
    return c;
}

/* ---- the call ---- */

static void set_config_attr(IrNode *n, const IrAttr *at)
{
    switch (at->kind) {
    case IR_ATTR_INT: ir_set_attr_int(n, at->name, at->i); break;
    case IR_ATTR_FLOAT: ir_set_attr_float(n, at->name, at->f); break;
    case IR_ATTR_STRING: ir_set_attr_string(n, at->name, at->s); break;
    case IR_ATTR_INTS: ir_set_attr_ints(n, at->name, at->ints, at->n); break;
    case IR_ATTR_FLOATS: ir_set_attr_floats(n, at->name, at->floats, at->n); break;
    default: break;
    }
}

/* Replaces uses of body inputs by what was passed, in G and its bodies. */
static void substitute_inputs(FnCall *fc, IrGraph *g, int depth)
{
    for (int i = 0; i < g->nodes.len && depth < 64; i++) {
        IrNode *n = g->nodes.items[i];
        for (int k = 0; k < n->n_inputs; k++)
            for (int j = 0; j < fc->inner.len; j++)
                if (n->inputs[k] == fc->inner.items[j])
                    n->inputs[k] = fc->outer.items[j];
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g)
                substitute_inputs(fc, n->attrs[k].g, depth + 1);
    }
    for (int i = 0; i < g->outputs.len; i++)
        for (int j = 0; j < fc->inner.len; j++)
            if (g->outputs.items[i] == fc->inner.items[j])
                g->outputs.items[i] = fc->outer.items[j];
}

/* A body that cannot be a function: its nodes move to the caller. */
static Value *inline_body(FnCall *fc, IrGraph *caller, Value *result)
{
    Interp *in = fc->in;
    substitute_inputs(fc, fc->body, 0);
    for (int i = 0; i < fc->body->nodes.len; i++) {
        IrNode *n = fc->body->nodes.items[i];
        n->graph = caller;
        for (int k = 0; k < n->n_outputs; k++)
            if (n->outputs[k])
                n->outputs[k]->graph = caller;
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH && n->attrs[k].g && n->attrs[k].g->parent == fc->body)
                n->attrs[k].g->parent = caller;
        ptrvec_push(in->arena, &caller->nodes, n);
    }
    IrValue **same = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(fc->results.len + 1));
    for (int i = 0; i < fc->results.len; i++)
        same[i] = fc->results.items[i];
    return map_result(fc, result, same, 0);
}

/* Body outputs: a value may be an output once; a second use, or an input
 * returned as it is, goes through an Identity. */
static void set_body_outputs(FnCall *fc)
{
    for (int i = 0; i < fc->results.len; i++) {
        IrValue *v = fc->results.items[i];
        bool seen = false;
        for (int k = 0; k < fc->body->outputs.len && !seen; k++)
            seen = fc->body->outputs.items[k] == v;
        if (seen || !v->producer) {
            IrNode *id = ir_node_new(fc->body, "Identity", "", &v, 1, 1, v->span);
            id->outputs[0]->type = v->type;
            v = id->outputs[0];
        }
        ir_add_output(fc->body, v);
    }
}

static FunctionVariant *find_variant(Interp *in, BridgeFunctions *F, const char *cls, const Config *cfg,
                                     FnCall *fc, Span span)
{
    Sig s = {.arena = in->arena};
    sig_graph(&s, fc->body, 0);
    int same_class = 0;
    for (int i = 0; i < F->variants.len; i++) {
        FunctionVariant *v = F->variants.items[i];
        if (strcmp(v->class_name, cls) != 0)
            continue;
        same_class++;
        if (strcmp(v->config, cfg->text) == 0 && strcmp(v->signature, s.text) == 0)
            return v;
    }
    IrModel *m = in->lower->model;
    FunctionVariant *v = arena_alloc(in->arena, sizeof *v);
    v->class_name = cls;
    v->config = cfg->text;
    v->signature = s.text;
    v->fn = arena_alloc(in->arena, sizeof *v->fn);
    v->fn->name = same_class ? arena_sprintf(in->arena, "%s_%d", cls, same_class) : cls;
    v->fn->domain = F->domain;
    v->fn->body = fc->body;
    v->fn->attrs = cfg->names;
    v->fn->n_attrs = cfg->n;
    v->fn->class_name = cls;
    v->fn->span = interp_user_span(in, span);
    fc->body->name = v->fn->name;
    ptrvec_push(in->arena, &F->variants, v);
    ptrvec_push(in->arena, &m->functions, v->fn);
    if (F->variants.len == 1)
        ir_model_add_opset(m, F->domain, 1);
    return v;
}

static void forward_param_names(FnCall *fc, Value *fwd)
{
    Value *fn = fwd->kind == VK_BOUND_METHOD ? fwd->u.method->func : fwd;
    if (fn->kind != VK_FUNCTION)
        return;
    const AstNode *a = fn->u.func->args;
    int np = a->u.arguments.posonlyargs.len, n = np + a->u.arguments.args.len;
    fc->param_names = arena_alloc(fc->in->arena, sizeof(char *) * (size_t)(n + 1));
    for (int i = 1; i < n; i++) {
        const AstNode *p = i < np ? a->u.arguments.posonlyargs.items[i] : a->u.arguments.args.items[i - np];
        fc->param_names[fc->n_param_names++] = p->u.arg.name;
    }
}

/* The local-function form of bridge_module_call. */
static Value *function_call(Interp *in, Value *mod, Value *fwd, CallArgs *args, Span span)
{
    Lower *L = in->lower;
    const char *cls = mod->u.inst->cls->u.cls->name;
    if (!L->scope[0] || !class_selected(in->functions, cls))
        return interp_call(in, fwd, args, span);
    IrGraph *caller = L->graph;
    FnCall fc = {.in = in};
    fc.body = ir_graph_new(L->model, NULL, cls);
    forward_param_names(&fc, fwd);
    CallArgs mapped = map_args(&fc, args);
    L->graph = fc.body;
    Value *r = interp_call(in, fwd, &mapped, span);
    L->graph = caller;
    if (!r || r->kind == VK_ERROR)
        return r;
    map_result(&fc, r, NULL, 0);
    if (fc.results.len == 0)
        return inline_body(&fc, caller, r);
    capture_graph(&fc, fc.body, 0);
    set_body_outputs(&fc);
    Config cfg = module_config(in, mod);
    FunctionVariant *v = find_variant(in, in->functions, cls, &cfg, &fc, span);
    IrValue **ins = (IrValue **)fc.outer.items;
    IrNode *call = ir_node_new(caller, v->fn->name, v->fn->domain, ins, fc.outer.len, fc.results.len,
                               interp_user_span(in, span));
    call->scope = L->scope;
    call->scope_type = L->scope_type;
    for (int i = 0; i < cfg.n; i++)
        set_config_attr(call, &cfg.values[i]);
    for (int i = 0; i < fc.results.len; i++)
        call->outputs[i]->type = ((IrValue *)fc.results.items[i])->type;
    return map_result(&fc, r, call->outputs, 0);
}

void bridge_functions_check(Interp *in)
{
    BridgeFunctions *F = in->functions;
    for (int i = 0; F && i < F->n_classes; i++)
        if (!F->class_used[i])
            diag_warning(&in->c->diag, SPAN_NONE,
                         "--functions %s: no module of class '%s' is called in forward()", F->classes[i],
                         F->classes[i]);
}
