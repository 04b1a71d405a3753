/* From a model file to an IrModel:
 *
 *   1. run the file as a Python module (imports, class definitions)
 *   2. construct the entry module with its --arg values and call .eval(),
 *      as torch.onnx.export does
 *   3. name every parameter and buffer by its state_dict key and take the
 *      values from --weights when given
 *   4. give forward() its inputs (graph inputs typed by --input/--example)
 *   5. run forward() as a partial evaluation that builds the graph
 *   6. make the returned tensors the graph's outputs */
#include <assert.h>
#include <string.h>

#include "ir/opschema.h"
#include "lower/lower.h"
#include "sema/control.h"
#include "parser/parse.h"
#include "sema/sema.h"
#include "sema/sema_internal.h"
#include "sema/types.h"

typedef struct EntryCtx {
    Interp *in;
    const CompileRequest *req;
    Value *main;
    Value *module;              /* the constructed entry instance */
    Span forward_span;          /* forward()'s name, where output errors point */
    PtrVec state_names;         /* const char *, state_dict order */
    PtrVec state_tensors;       /* Tensor *, same order */
} EntryCtx;

static Diag *diag_of(EntryCtx *e)
{
    return &e->in->c->diag;
}

/* ---- entry selection and construction ---- */

static Value *default_entry(EntryCtx *e)
{
    Interp *in = e->in;
    const AstNode *ast = e->main->u.module->ast;
    Value *found = NULL;
    for (int i = 0; i < ast->u.module.body.len; i++) {
        const AstNode *s = ast->u.module.body.items[i];
        if (s->kind != AST_CLASS_DEF)
            continue;
        Value *cls = scope_get(e->main->u.module->globals, s->u.class_def.name);
        if (cls && cls->kind == VK_CLASS && in->cls.nn_module && is_subclass(cls, in->cls.nn_module))
            found = cls;
    }
    if (!found)
        diag_error(diag_of(e), SPAN_NONE,
                   "%s defines no nn.Module subclass at top level; name the module to export with --entry",
                   e->req->path);
    return found;
}

/* --arg NAME=VALUE: VALUE is a Python expression in the file's scope. */
static bool eval_arg(EntryCtx *e, const char *text, const char **name, Value **value)
{
    Interp *in = e->in;
    const char *eq = strchr(text, '=');
    if (!eq || eq == text) {
        diag_error(diag_of(e), SPAN_NONE, "--arg expects NAME=VALUE, found '%s'", text);
        return false;
    }
    *name = intern_n(&in->c->names, text, (size_t)(eq - text));
    char *label = arena_sprintf(in->arena, "<--arg %s>", *name);
    SourceFile *f = source_add(&in->c->arena, &in->c->sources, label, eq + 1, strlen(eq + 1));
    AstNode *expr = parse_expression(in->c, f);
    if (!expr)
        return false;
    Frame frame = {0};
    frame.locals = e->main->u.module->globals;
    frame.globals = e->main->u.module->globals;
    frame.module = e->main->u.module;
    Frame *saved = in->frame;
    in->frame = &frame;
    *value = eval_expr(in, expr);
    in->frame = saved;
    if (!*value) {
        report_uncaught(in);
        return false;
    }
    return (*value)->kind != VK_ERROR;
}

static Value *construct_entry_in(EntryCtx *e);

/* The module frame lives on this function's stack: in->frame is restored on
 * every path so that later diagnostics never walk a dead frame. */
static Value *construct_entry(EntryCtx *e)
{
    Frame *saved = e->in->frame;
    Value *m = construct_entry_in(e);
    e->in->frame = saved;
    return m;
}

static Value *construct_entry_in(EntryCtx *e)
{
    Interp *in = e->in;
    const CompileRequest *req = e->req;
    Value *entry;
    if (req->entry) {
        entry = scope_get(e->main->u.module->globals, intern(&in->c->names, req->entry));
        if (!entry || (entry->kind != VK_CLASS && entry->kind != VK_FUNCTION)) {
            diag_error(diag_of(e), SPAN_NONE, "--entry %s: %s defines no class or function named '%s'",
                       req->entry, req->path, req->entry);
            return NULL;
        }
    } else {
        entry = default_entry(e);
        if (!entry)
            return NULL;
    }
    CallArgs args = {0};
    args.kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)(req->n_args + 1));
    args.kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(req->n_args + 1));
    for (int i = 0; i < req->n_args; i++) {
        if (!eval_arg(e, req->args[i], &args.kw_names[args.n_kw], &args.kw_values[args.n_kw]))
            return NULL;
        args.n_kw++;
    }
    Frame frame = {.locals = e->main->u.module->globals, .globals = e->main->u.module->globals,
                   .module = e->main->u.module};
    in->frame = &frame;
    Value *m = call_value(in, entry, &args, SPAN_NONE);
    if (!m) {
        report_uncaught(in);
        return NULL;
    }
    if (m->kind == VK_ERROR)
        return NULL;
    if (!in->cls.nn_module || !is_instance_of(in, m, in->cls.nn_module)) {
        diag_error(diag_of(e), SPAN_NONE, "the entry %s returned '%s', not an nn.Module",
                   req->entry ? req->entry : "class", value_type_name(in, m));
        return NULL;
    }
    Value *r = call_method(in, m, intern(&in->c->names, "eval"), NULL, 0, SPAN_NONE);
    if (!r) {
        report_uncaught(in);
        return NULL;
    }
    return m;
}

/* ---- state_dict names ---- */

static Dict *module_dict(Value *m, const char *field)
{
    if (m->kind != VK_INSTANCE)
        return NULL;
    Value *d = scope_get(m->u.inst->attrs, field);
    return d && d->kind == VK_DICT ? d->u.dict : NULL;
}

static bool is_persistent(Interp *in, Value *m, Value *key)
{
    Value *np = scope_get(m->u.inst->attrs, in->id.non_persistent);
    if (!np || np->kind != VK_LIST)
        return true;
    for (int i = 0; i < np->u.list->len; i++)
        if (value_equal_static(np->u.list->items[i], key))
            return false;
    return true;
}

static void name_tensors(EntryCtx *e, Value *m, Dict *d, const char *prefix, bool buffers)
{
    Interp *in = e->in;
    for (int i = 0; d && i < d->len; i++) {
        DictEntry *de = &d->entries[i];
        if (de->deleted || de->value->kind != VK_TENSOR || de->key->kind != VK_STR)
            continue;
        if (buffers && !is_persistent(in, m, de->key))
            continue;
        const char *name = arena_sprintf(in->arena, "%s%s", prefix, de->key->u.s.ptr);
        Tensor *t = de->value->u.tensor;
        Tensor *owner = t->storage && t->storage != t ? t->storage : t;
        if (!owner->param_name)
            owner->param_name = name;
        if (!buffers)
            owner->is_parameter = true;     /* in _parameters, whatever made it */
        ptrvec_push(in->arena, &e->state_names, (void *)name);
        ptrvec_push(in->arena, &e->state_tensors, owner);
    }
}

/* Walks the module tree in state_dict order: a module's parameters, its
 * buffers, then its children; also records each module's path. */
static void walk_modules(EntryCtx *e, Value *m, const char *prefix, int depth)
{
    Interp *in = e->in;
    if (m->kind != VK_INSTANCE || depth > 200)
        return;
    size_t plen = strlen(prefix);
    const char *path = plen ? arena_strndup(in->arena, prefix, plen - 1) : "";
    scope_set(in->arena, m->u.inst->attrs, intern(&in->c->names, "_tsc_path"), val_cstr(in, path));
    name_tensors(e, m, module_dict(m, in->id.parameters_), prefix, false);
    name_tensors(e, m, module_dict(m, in->id.buffers_), prefix, true);
    Dict *children = module_dict(m, in->id.modules_);
    for (int i = 0; children && i < children->len; i++) {
        DictEntry *de = &children->entries[i];
        if (de->deleted || de->key->kind != VK_STR || de->value->kind != VK_INSTANCE)
            continue;
        walk_modules(e, de->value, arena_sprintf(in->arena, "%s%s.", prefix, de->key->u.s.ptr), depth + 1);
    }
}

static void shape_text(char *buf, size_t n, int rank, const int64_t *dims, const Dim *sdims)
{
    size_t k = (size_t)snprintf(buf, n, "[");
    for (int i = 0; i < rank && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%lld", i ? ", " : "",
                              (long long)(dims ? dims[i] : sdims[i].value));
    if (k < n)
        snprintf(buf + k, n - k, "]");
}

static bool load_one_weight(EntryCtx *e, const char *name, Tensor *t)
{
    const WeightSource *w = e->req->weights;
    IrTensor *data = w->lookup(w->ctx, name);
    if (!data) {
        diag_error(diag_of(e), SPAN_NONE, "%s: missing weight '%s' (the module has this %s)", w->path, name,
                   t->is_parameter ? "parameter" : "buffer");
        return false;
    }
    if (data->dtype != t->dtype) {
        diag_error(diag_of(e), SPAN_NONE, "%s: weight '%s' is %s in the file but %s in the module", w->path,
                   name, dtype_name(data->dtype), dtype_name(t->dtype));
        return false;
    }
    bool same = data->rank == t->rank;
    for (int i = 0; same && i < t->rank; i++)
        same = data->dims[i] == t->dims[i].value;
    if (!same) {
        char have[256], want[256];
        shape_text(have, sizeof have, data->rank, data->dims, NULL);
        shape_text(want, sizeof want, t->rank, NULL, t->dims);
        diag_error(diag_of(e), SPAN_NONE, "%s: weight '%s' has shape %s in the file but %s in the module",
                   w->path, name, have, want);
        return false;
    }
    t->data = data;
    t->init = TINIT_DATA;
    return true;
}

static bool load_weights(EntryCtx *e)
{
    const WeightSource *w = e->req->weights;
    bool ok = true;
    for (int i = 0; i < e->state_names.len; i++) {
        Tensor *t = e->state_tensors.items[i];
        const char *name = e->state_names.items[i];
        if (t->param_name == name || (t->data == NULL || t->init != TINIT_DATA))
            ok &= load_one_weight(e, name, t);
    }
    for (int i = 0; i < w->n_names; i++) {
        bool known = false;
        for (int k = 0; k < e->state_names.len && !known; k++)
            known = strcmp(e->state_names.items[k], w->names[i]) == 0;
        if (!known) {
            diag_error(diag_of(e), SPAN_NONE,
                       "%s: unexpected weight '%s' (the module has no parameter or buffer of that name)",
                       w->path, w->names[i]);
            ok = false;
        }
    }
    return ok;
}

/* ---- inputs ---- */

static const InputSpec *find_spec(EntryCtx *e, const char *name)
{
    for (int i = 0; i < e->req->n_inputs; i++)
        if (strcmp(e->req->inputs[i].name, name) == 0)
            return &e->req->inputs[i];
    return NULL;
}

static const char *annotation_name(const AstNode *ann)
{
    if (!ann)
        return NULL;
    if (ann->kind == AST_NAME)
        return ann->u.name.id;
    if (ann->kind == AST_ATTRIBUTE)
        return ann->u.attribute.attr;
    return NULL;
}

static Value *make_input(EntryCtx *e, const AstNode *param, const InputSpec *spec)
{
    Interp *in = e->in;
    const char *ann = annotation_name(param->u.arg.annotation);
    const char *name = param->u.arg.name;
    bool scalar_kind = ann && (!strcmp(ann, "int") || !strcmp(ann, "float") || !strcmp(ann, "bool"));
    IrType type = spec->type;
    if (scalar_kind) {
        DType want = !strcmp(ann, "int") ? DT_INT64 : !strcmp(ann, "float") ? DT_FLOAT : DT_BOOL;
        if (type.rank > 0) {
            sema_error(in, param->span, "input '%s' is annotated '%s' but %s gives it rank %d", name, ann,
                       spec->origin, type.rank);
            return val_error(in);
        }
        if (type.dtype != want && !(spec->python_scalar && dtype_is_float(want) && dtype_is_float(type.dtype)))
            if (!(spec->python_scalar && want == DT_FLOAT && type.dtype == DT_INT64)) {
                sema_error(in, param->span, "input '%s' is annotated '%s' but %s gives it element type %s",
                           name, ann, spec->origin, dtype_name(type.dtype));
                return val_error(in);
            }
        type = ir_type_scalar(want);
    }
    IrValue *iv = ir_add_input(in->lower->model->graph, name, type, param->span);
    if (!scalar_kind)
        return lower_wrap(in, iv);
    Value *v = !strcmp(ann, "int") ? val_int(in, 0) : !strcmp(ann, "float") ? val_float(in, 0) : val_bool(in, false);
    v->dyn = iv;
    if (in->lower->trace_points) {
        /* a Python number: a tracer sees the example's value, a constant */
        IrNode *mark = ir_node_new(in->lower->model->graph, "Identity", "", &iv, 1, 1, param->span);
        mark->schema = opschema_find("Identity", "", in->lower->opset, NULL);
        mark->outputs[0]->type = iv->type;
        mark->trace_point = "parameter";
        v->dyn = mark->outputs[0];
    }
    return v;
}

static bool make_inputs(EntryCtx *e, Value *fwd, CallArgs *args)
{
    Interp *in = e->in;
    Value *fn = fwd->kind == VK_BOUND_METHOD ? fwd->u.method->func : fwd;
    if (fn->kind != VK_FUNCTION) {
        diag_error(diag_of(e), SPAN_NONE, "forward is not a function");
        return false;
    }
    const AstNode *a = fn->u.func->args;
    if (a->u.arguments.vararg || a->u.arguments.kwarg || a->u.arguments.kwonlyargs.len) {
        sema_error(in, a->span, "forward() with *args, **kwargs or keyword-only parameters is not supported yet");
        return false;
    }
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    int n_defaults = a->u.arguments.defaults.len;
    args->pos = arena_alloc(in->arena, sizeof(Value *) * (size_t)(np + 1));
    bool ok = true;
    for (int i = 1; i < np; i++) {
        const AstNode *p = i < a->u.arguments.posonlyargs.len ? a->u.arguments.posonlyargs.items[i]
                           : a->u.arguments.args.items[i - a->u.arguments.posonlyargs.len];
        const InputSpec *spec = find_spec(e, p->u.arg.name);
        const char *bad = spec ? types_graph_input_problem(in, p->u.arg.annotation, fn->u.func->globals) : NULL;
        Value *v;
        if (bad) {
            sema_error(in, p->span, "forward() parameter '%s' of type '%s' is not supported yet as a graph input "
                       "(inputs are tensors and numbers)", p->u.arg.name, bad);
            v = val_error(in);
        } else if (spec) {
            v = make_input(e, p, spec);
        } else if (i >= np - n_defaults) {
            v = fn->u.func->defaults[i - (np - n_defaults)];
        } else {
            sema_error(in, p->span, "no type for input '%s': give --input %s:float32[N,...] or --example %s=...",
                       p->u.arg.name, p->u.arg.name, p->u.arg.name);
            v = val_error(in);
        }
        ok &= v->kind != VK_ERROR;
        args->pos[args->n_pos++] = v;
    }
    for (int i = 0; i < e->req->n_inputs; i++) {
        bool used = false;
        for (int k = 1; k < np && !used; k++) {
            const AstNode *p = k < a->u.arguments.posonlyargs.len ? a->u.arguments.posonlyargs.items[k]
                               : a->u.arguments.args.items[k - a->u.arguments.posonlyargs.len];
            used = strcmp(p->u.arg.name, e->req->inputs[i].name) == 0;
        }
        if (!used) {
            diag_error(diag_of(e), SPAN_NONE, "%s names '%s', which is not a parameter of forward()",
                       e->req->inputs[i].origin, e->req->inputs[i].name);
            ok = false;
        }
    }
    return ok;
}

/* ---- outputs ---- */

static bool add_output(EntryCtx *e, Value *v, Span span)
{
    Interp *in = e->in;
    Lower *L = in->lower;
    if (v->kind == VK_ERROR)
        return false;
    if ((v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) && !v->dyn) {
        DType dt = v->kind == VK_INT ? DT_INT64 : v->kind == VK_FLOAT ? DT_FLOAT : DT_BOOL;
        Tensor *t = lower_const_tensor(in, v, dt, span);
        v = val_tensor(in, t);
    }
    if (v->kind != VK_TENSOR && !value_is_dynamic_scalar(v)) {
        sema_error(in, span, "forward() returns '%s', which has no ONNX form (return tensors, numbers, "
                   "or tuples and lists of them)", value_type_name(in, v));
        return false;
    }
    IrValue *iv = lower_ir_of(in, v, span);
    if (!iv)
        return false;
    if (iv->type.rank < 0) {
        sema_error(in, span, "forward() returns a tensor whose rank depends on a run-time condition "
                   "(its branches give it different ranks); a graph output needs a known rank");
        return false;
    }
    bool needs_copy = iv->producer == NULL;     /* a graph input or an initializer */
    for (int i = 0; i < L->model->graph->outputs.len; i++)
        needs_copy |= L->model->graph->outputs.items[i] == iv;
    if (needs_copy) {
        IrNode *id = ir_node_new(L->model->graph, "Identity", "", &iv, 1, 1, span);
        id->schema = opschema_find("Identity", "", L->opset, NULL);
        id->outputs[0]->type = iv->type;
        iv = id->outputs[0];
    }
    ir_add_output(L->model->graph, iv);
    return true;
}

/* A list of run-time length: one output of sequence type. */
static bool add_list_output(EntryCtx *e, Value *v, Span span)
{
    Interp *in = e->in;
    IrType elem;
    if (!dynlist_elem_type(in, v, &elem)) {
        sema_error(in, span, "forward() returns a list whose items have no known element type");
        return false;
    }
    IrValue *seq = dynlist_seq(in, v, &elem, span);
    if (!seq)
        return false;
    if (!seq->producer) {
        IrNode *id = ir_node_new(in->lower->model->graph, "Identity", "", &seq, 1, 1, span);
        id->schema = opschema_find("Identity", "", in->lower->opset, NULL);
        id->outputs[0]->type = seq->type;
        seq = id->outputs[0];
    }
    ir_add_output(in->lower->model->graph, seq);
    return true;
}

static bool flatten_outputs(EntryCtx *e, Value *v, Span span, int depth)
{
    if (dynlist_is(v))
        return add_list_output(e, v, span);
    if ((v->kind == VK_TUPLE || v->kind == VK_LIST) && depth < 32) {
        bool ok = true;
        for (int i = 0; i < v->u.list->len; i++)
            ok &= flatten_outputs(e, v->u.list->items[i], span, depth + 1);
        return ok;
    }
    if (v->kind == VK_INSTANCE && lookup_attr(e->in, v, intern(&e->in->c->names, "__iter__"), span)) {
        /* a tuple-like result (torch.return_types: values, indices) */
        Value *items = val_tuple(e->in, 0);
        if (iterate_static(e->in, v, items->u.list, span))
            return flatten_outputs(e, items, span, depth + 1);
    }
    if (v->kind == VK_NONE) {
        sema_error(e->in, span, "forward() returned None");
        return false;
    }
    return add_output(e, v, span);
}

static bool rename_values(EntryCtx *e, PtrVec *values, const char **names, int n, const char *what)
{
    IrModel *m = e->in->lower->model;
    if (n > values->len) {
        diag_error(diag_of(e), SPAN_NONE, "--%s-names gives %d names but the graph has %d %ss", what, n,
                   values->len, what);
        return false;
    }
    for (int i = 0; i < n; i++) {
        if (!ir_rename_value(m, values->items[i], names[i])) {
            diag_error(diag_of(e), SPAN_NONE, "--%s-names: the name '%s' is already used in the graph", what,
                       names[i]);
            return false;
        }
    }
    return true;
}

static void name_outputs(EntryCtx *e)
{
    IrModel *m = e->in->lower->model;
    PtrVec *outs = &m->graph->outputs;
    for (int i = e->req->n_output_names; i < outs->len; i++) {
        char hint[32];
        snprintf(hint, sizeof hint, outs->len == 1 ? "output" : "output_%d", i);
        IrValue *v = outs->items[i];
        if (!ir_rename_value(m, v, hint))
            ir_rename_value(m, v, ir_unique_value_name(m, hint));
    }
}

/* ---- the pipeline ---- */

static Value *run_forward(EntryCtx *e)
{
    Interp *in = e->in;
    Value *fwd = get_attr(in, e->module, in->id.forward, SPAN_NONE);
    if (!fwd) {
        report_uncaught(in);
        return NULL;
    }
    Value *fn = fwd->kind == VK_BOUND_METHOD ? fwd->u.method->func : fwd;
    if (fn->kind == VK_FUNCTION && fn->u.func->def->kind == AST_FUNCTION_DEF)
        e->forward_span = fn->u.func->def->u.function_def.name_span;
    CallArgs args = {0};
    if (!make_inputs(e, fwd, &args))
        return NULL;
    in->lower->active = true;
    Value *call = get_attr(in, e->module, in->id.call, SPAN_NONE);
    Value *r = call ? call_value(in, call, &args, SPAN_NONE) : NULL;
    in->lower->active = false;
    if (!r) {
        report_uncaught(in);
        return NULL;
    }
    return r->kind == VK_ERROR ? NULL : r;
}

IrModel *sema_compile(Compiler *c, const CompileRequest *req)
{
    Interp in;
    interp_init(&in, c, req->opset, req->seed);
    const char *dir = strrchr(req->path, '/');
    in.n_search_paths = req->n_search_paths + 1;
    in.search_paths = arena_alloc(&c->arena, sizeof(char *) * (size_t)in.n_search_paths);
    in.search_paths[0] = dir ? arena_strndup(&c->arena, req->path, (size_t)(dir - req->path)) : ".";
    for (int i = 0; i < req->n_search_paths; i++)
        in.search_paths[i + 1] = req->search_paths[i];
    IrModel *model = ir_model_new(&c->arena, &c->names, req->opset);
    Lower lower;
    lower_init(&lower, c, model, req->opset);
    lower.trace_points = req->trace_points;
    in.lower = &lower;
    EntryCtx e = {.in = &in, .req = req};
    e.main = interp_load_main(&in, req->path);
    if (!e.main || e.main->kind == VK_ERROR || c->diag.nerrors)
        return NULL;
    e.module = construct_entry(&e);
    if (!e.module)
        return NULL;
    /* errors in __init__ left poison where they were: forward() still runs,
     * so that its errors are reported in the same run */
    walk_modules(&e, e.module, "", 0);
    if (req->weights && !c->diag.nerrors && !load_weights(&e))
        return NULL;
    Value *out = run_forward(&e);
    if (!out || c->diag.nerrors)
        return NULL;
    assert(lower_scopes_ok(model->graph));
    lower.active = true;        /* an output that is a stale view is taken again */
    bool outputs_ok = flatten_outputs(&e, out, e.forward_span, 0);
    lower.active = false;
    if (!outputs_ok || c->diag.nerrors)
        return NULL;
    lower_prune(model);
    if (!rename_values(&e, &model->graph->inputs, req->input_names, req->n_input_names, "input") ||
        !rename_values(&e, &model->graph->outputs, req->output_names, req->n_output_names, "output"))
        return NULL;
    name_outputs(&e);
    return model;
}
