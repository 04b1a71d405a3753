/* From a model file to an IrModel:
 *
 *   1. run the file as a Python module (imports, class definitions)
 *   2. construct the entry module with its --arg values and call .eval(),
 *      as torch.onnx.export does
 *   3. name every parameter and buffer by its state_dict key and take the
 *      values from --weights when given
 *   4. give forward() its inputs (graph inputs typed by --input/--example,
 *      sema/entry/entry_io.c)
 *   5. run forward() as a partial evaluation that builds the graph
 *   6. make the returned tensors the graph's outputs (sema/entry/entry_io.c)
 *   7. finish: parameters as inputs (--no-params), initializers listed as
 *      inputs (--keep-initializers-as-inputs, IR < 4), node names */
#include <assert.h>
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "parser/parse.h"
#include "sema/entry/entry.h"
#include "sema/native/native.h"

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
        Value *cls = val_scope_get(e->main->u.module->globals, s->u.class_def.name);
        if (cls && cls->kind == VK_CLASS && in->cls.nn_module && interp_is_subclass(cls, in->cls.nn_module))
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
    frame.call_span = SPAN_NONE;    /* errors stay at the --arg text */
    Frame *saved = in->frame;
    in->frame = &frame;
    *value = interp_eval(in, expr);
    in->frame = saved;
    if (!*value) {
        interp_report_uncaught(in);
        return false;
    }
    return (*value)->kind != VK_ERROR;
}

/* ---- --entry EXPRESSION ---- */

/* Whether --entry TEXT is an expression rather than a name in the file
 * (as driver/options.c decides). */
static bool is_expression(const char *s)
{
    for (; *s; s++)
        if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')))
            return true;
    return false;
}

/* The top-level names EXPR reads that are neither defined in the model's
 * file nor builtins, imported as modules (`torchvision` in
 * torchvision.models.resnet50()), as if the file began with `import X`. */
static void import_free_names(EntryCtx *e, const AstNode *expr)
{
    Interp *in = e->in;
    if (expr->kind == AST_NAME) {
        const char *name = expr->u.name.id;
        Scope *g = e->main->u.module->globals;
        if (val_scope_get(g, name) || val_scope_get(in->builtins, name))
            return;
        Value *m = interp_import(in, name, expr->span, -1, NULL);
        if (m && m->kind == VK_MODULE)
            val_scope_set(in->arena, g, name, m);
        return;
    }
    AstChildren it = ast_children(expr);
    for (const AstNode *c = ast_child_next(&it); c; c = ast_child_next(&it))
        import_free_names(e, c);
}

/* --entry EXPRESSION: evaluated in the model file's scope (an empty one
 * without FILE); it may build the module or name a class or function. */
static Value *entry_expression(EntryCtx *e)
{
    Interp *in = e->in;
    SourceFile *f = source_add(&in->c->arena, &in->c->sources, "<--entry>", e->req->entry, strlen(e->req->entry));
    AstNode *expr = parse_expression(in->c, f);
    if (!expr)
        return NULL;
    Frame frame = {.locals = e->main->u.module->globals, .globals = e->main->u.module->globals,
                   .module = e->main->u.module, .call_span = SPAN_NONE};
    Frame *saved = in->frame;
    in->frame = &frame;
    import_free_names(e, expr);
    Value *v = in->exc ? NULL : interp_eval(in, expr);
    in->frame = saved;
    if (!v) {
        interp_report_uncaught(in);
        return NULL;
    }
    return v->kind == VK_ERROR ? NULL : v;
}

static Value *construct_entry_in(EntryCtx *e);
static Value *checked_module(EntryCtx *e, Value *m);

/* The module frame lives on this function's stack: in->frame is restored on
 * every path so that later diagnostics never walk a dead frame. */
static Value *construct_entry(EntryCtx *e)
{
    Frame *saved = e->in->frame;
    Value *m = construct_entry_in(e);
    e->in->frame = saved;
    return m;
}

/* Required parameters of the entry's constructor (or of the entry
 * function) that no --arg gives: one error naming them all, at the
 * definition, instead of a TypeError from a call that has no place in the
 * file.  True when nothing is missing. */
static bool entry_args_given(EntryCtx *e, Value *entry, const CallArgs *args)
{
    Interp *in = e->in;
    Value *init = entry->kind == VK_CLASS ? interp_class_lookup(entry, in->id.init) : entry;
    if (!init || init->kind != VK_FUNCTION || init->u.func->def->kind != AST_FUNCTION_DEF)
        return true;
    const Function *fn = init->u.func;
    const AstNode *a = fn->args;
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    const char *missing = NULL;
    for (int i = entry->kind == VK_CLASS ? 1 : 0; i < np - fn->n_defaults; i++) {
        int nposonly = a->u.arguments.posonlyargs.len;
        const AstNode *p = i < nposonly ? a->u.arguments.posonlyargs.items[i]
                                        : a->u.arguments.args.items[i - nposonly];
        bool given = false;
        for (int k = 0; k < args->n_kw && !given; k++)
            given = args->kw_names[k] == p->u.arg.name;
        if (!given)
            missing = arena_sprintf(in->arena, "%s%s'%s'", missing ? missing : "", missing ? ", " : "",
                                    p->u.arg.name);
    }
    if (!missing)
        return true;
    Span at = entry->kind == VK_CLASS ? entry->u.cls->span : fn->def->span;
    diag_error(diag_of(e), at, "the entry '%s' needs %s %s: give %s with --arg NAME=VALUE",
               entry->kind == VK_CLASS ? entry->u.cls->name : fn->name,
               strchr(missing, ',') ? "the arguments" : "the argument", missing,
               strchr(missing, ',') ? "them" : "it");
    return false;
}

/* "; did you mean 'Net'?" for an --entry name the file does not define:
 * the nearest class or function of the file. */
static const char *entry_hint(EntryCtx *e, const char *name)
{
    Interp *in = e->in;
    const Scope *g = e->main->u.module->globals;
    const char **names = arena_alloc(in->arena, sizeof(char *) * (size_t)(g->len + 1));
    int n = 0;
    for (int i = 0; i < g->len; i++) {
        Value *v = g->entries[i].value;
        if (v && (v->kind == VK_CLASS || v->kind == VK_FUNCTION))
            names[n++] = g->entries[i].name;
    }
    const char *near = native_nearest_name(name, names, n);
    return near ? arena_sprintf(in->arena, "; did you mean '%s'?", near) : "";
}

static Value *construct_entry_in(EntryCtx *e)
{
    Interp *in = e->in;
    const CompileRequest *req = e->req;
    Value *entry;
    if (req->entry && is_expression(req->entry)) {
        entry = entry_expression(e);
        if (!entry)
            return NULL;
        if (entry->kind != VK_CLASS && entry->kind != VK_FUNCTION && entry->kind != VK_BOUND_METHOD &&
            req->n_args) {
            diag_error(diag_of(e), SPAN_NONE, "--arg with --entry %s: give the arguments in the expression",
                       req->entry);
            return NULL;
        }
    } else if (req->entry) {
        const char *name = intern(&in->c->names, req->entry);
        entry = val_scope_get(e->main->u.module->globals, name);
        if (entry && entry->kind == VK_LAZY)
            entry = interp_read_lazy(in, e->main->u.module->globals, name, entry, SPAN_NONE);
        if (!entry && in->exc) {
            interp_report_uncaught(in);
            return NULL;
        }
        if (entry && entry->kind == VK_ERROR)
            return NULL;
        if (!entry || (entry->kind != VK_CLASS && entry->kind != VK_FUNCTION)) {
            diag_error(diag_of(e), SPAN_NONE, "--entry %s: %s defines no class or function named '%s'%s",
                       req->entry, req->path, req->entry, entry_hint(e, req->entry));
            return NULL;
        }
    } else {
        entry = default_entry(e);
        if (!entry)
            return NULL;
    }
    /* the model records what it was built from (--entry or the default) */
    const char *name = req->entry && is_expression(req->entry) ? req->entry
                     : entry->kind == VK_CLASS ? entry->u.cls->name : entry->u.func->name;
    ir_model_add_metadata(in->lower->model, "tsc2onnx.entry", name);
    if (entry->kind == VK_INSTANCE)
        return checked_module(e, entry);    /* the expression built it */
    CallArgs args = {0};
    args.kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)(req->n_args + 1));
    args.kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(req->n_args + 1));
    for (int i = 0; i < req->n_args; i++) {
        if (!eval_arg(e, req->args[i], &args.kw_names[args.n_kw], &args.kw_values[args.n_kw]))
            return NULL;
        args.n_kw++;
    }
    if (!entry_args_given(e, entry, &args))
        return NULL;
    Frame frame = {.locals = e->main->u.module->globals, .globals = e->main->u.module->globals,
                   .module = e->main->u.module, .call_span = SPAN_NONE};
    in->frame = &frame;
    Value *m = interp_call(in, entry, &args, SPAN_NONE);
    if (!m) {
        interp_report_uncaught(in);
        return NULL;
    }
    return checked_module(e, m);
}

/* M, the entry's module, put in eval mode; NULL after reporting when it
 * is not an nn.Module. */
static Value *checked_module(EntryCtx *e, Value *m)
{
    Interp *in = e->in;
    const CompileRequest *req = e->req;
    if (m->kind == VK_ERROR)
        return NULL;
    if (!in->cls.nn_module || !interp_isinstance(in, m, in->cls.nn_module)) {
        diag_error(diag_of(e), SPAN_NONE, "the entry %s returned '%s', not an nn.Module",
                   req->entry ? req->entry : "class", val_type_name(in, m));
        return NULL;
    }
    Value *r = interp_call_method(in, m, intern(&in->c->names, "eval"), NULL, 0, SPAN_NONE);
    if (!r) {
        interp_report_uncaught(in);
        return NULL;
    }
    return m;
}

/* ---- state_dict names ---- */

static Dict *module_dict(Value *m, const char *field)
{
    if (m->kind != VK_INSTANCE)
        return NULL;
    Value *d = val_scope_get(m->u.inst->attrs, field);
    return d && d->kind == VK_DICT ? d->u.dict : NULL;
}

static bool is_persistent(Interp *in, Value *m, Value *key)
{
    Value *np = val_scope_get(m->u.inst->attrs, in->id.non_persistent);
    if (!np || np->kind != VK_LIST)
        return true;
    for (int i = 0; i < np->u.list->len; i++)
        if (val_equal_static(np->u.list->items[i], key))
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
    val_scope_set(in->arena, m->u.inst->attrs, intern(&in->c->names, "_tsc_path"), val_cstr(in, path));
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

/* NAME as the file spells it (with the DataParallel prefix, when the file
 * has one). */
static const char *file_name(EntryCtx *e, const char *name)
{
    return e->weight_prefix ? arena_sprintf(e->in->arena, "%s%s", e->weight_prefix, name) : name;
}

/* DATA converted to DT as load_state_dict's copy_ converts it (one note
 * per pair of element types). */
static IrTensor *cast_weight(EntryCtx *e, IrTensor *data, DType dt)
{
    Interp *in = e->in;
    const char *pair = arena_sprintf(in->arena, "%s->%s", dtype_name(data->dtype), dtype_name(dt));
    bool told = false;
    for (int i = 0; i < e->casts_noted.len && !told; i++)
        told = strcmp(e->casts_noted.items[i], pair) == 0;
    if (!told) {
        ptrvec_push(in->arena, &e->casts_noted, (void *)pair);
        diag_remark(diag_of(e), SPAN_NONE, "%s: %s weights are converted to %s, as load_state_dict converts them",
                    e->req->weights->path, dtype_name(data->dtype), dtype_name(dt));
    }
    return bridge_cast_data(in, data, dt);
}

static bool load_one_weight(EntryCtx *e, const char *name, Tensor *t)
{
    const WeightSource *w = e->req->weights;
    IrTensor *data = w->lookup(w->ctx, file_name(e, name));
    if (!data) {
        diag_error(diag_of(e), SPAN_NONE, "%s: missing weight '%s' (the module has this %s)", w->path, name,
                   t->is_parameter ? "parameter" : "buffer");
        return false;
    }
    if (data->dtype != t->dtype) {
        data = dtype_size(data->dtype) && dtype_size(t->dtype) ? cast_weight(e, data, t->dtype) : NULL;
        if (!data) {
            diag_error(diag_of(e), SPAN_NONE, "%s: weight '%s' is %s in the file but %s in the module", w->path,
                       name, dtype_name(w->lookup(w->ctx, file_name(e, name))->dtype), dtype_name(t->dtype));
            return false;
        }
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
    DType stored = (DType)e->req->weights_dtype;
    if (stored && dtype_is_float(t->dtype) && t->dtype != stored)    /* rounded as load_state_dict of a
                                                                      * state_dict in that dtype rounds */
        data = bridge_cast_data(e->in, bridge_cast_data(e->in, data, stored), t->dtype);
    t->data = data;
    t->init = TINIT_DATA;
    return true;
}

/* A DataParallel model's state_dict names every weight "module.NAME":
 * when no name of the module is in the file but every one is with that
 * prefix, the prefix is dropped (with a note). */
static void find_prefix(EntryCtx *e)
{
    const WeightSource *w = e->req->weights;
    static const char prefix[] = "module.";
    if (!e->state_names.len)
        return;
    for (int i = 0; i < e->state_names.len; i++) {
        const char *name = e->state_names.items[i];
        if (w->lookup(w->ctx, name) || !w->lookup(w->ctx, arena_sprintf(e->in->arena, "%s%s", prefix, name)))
            return;
    }
    e->weight_prefix = prefix;
    diag_remark(diag_of(e), SPAN_NONE, "%s: the weights' names start with 'module.' (a DataParallel model's "
                "state_dict); the prefix is dropped", w->path);
}

static bool load_weights(EntryCtx *e)
{
    const WeightSource *w = e->req->weights;
    bool ok = true;
    find_prefix(e);
    for (int i = 0; i < e->state_names.len; i++) {
        Tensor *t = e->state_tensors.items[i];
        const char *name = e->state_names.items[i];
        if (t->param_name == name || (t->data == NULL || t->init != TINIT_DATA))
            ok &= load_one_weight(e, name, t);
    }
    for (int i = 0; i < w->n_names; i++) {
        bool known = false;
        for (int k = 0; k < e->state_names.len && !known; k++)
            known = strcmp(file_name(e, e->state_names.items[k]), w->names[i]) == 0;
        if (!known) {
            diag_error(diag_of(e), SPAN_NONE,
                       "%s: unexpected weight '%s' (the module has no parameter or buffer of that name)",
                       w->path, w->names[i]);
            ok = false;
        }
    }
    return ok;
}

/* ---- the pipeline ---- */

static Value *run_forward(EntryCtx *e)
{
    Interp *in = e->in;
    Value *fwd = interp_getattr(in, e->module, in->id.forward, SPAN_NONE);
    if (!fwd) {
        interp_report_uncaught(in);
        return NULL;
    }
    /* nn.Module's own forward(*args, **kwargs) only raises: say so at the
     * class, as PyTorch does when the module is called */
    Value *base = in->cls.nn_module ? interp_class_lookup(in->cls.nn_module, in->id.forward) : NULL;
    if (base && fwd->kind == VK_BOUND_METHOD && fwd->u.method->func == base) {
        Class *cls = e->module->u.inst->cls->u.cls;
        diag_error(diag_of(e), cls->span, "Module [%s] is missing the required \"forward\" function", cls->name);
        return NULL;
    }
    Value *fn = fwd->kind == VK_BOUND_METHOD ? fwd->u.method->func : fwd;
    if (fn->kind == VK_FUNCTION && fn->u.func->def->kind == AST_FUNCTION_DEF)
        e->forward_span = fn->u.func->def->u.function_def.name_span;
    CallArgs args = {0};
    if (!entry_make_inputs(e, fwd, &args))
        return NULL;
    in->lowering = true;
    Value *call = interp_getattr(in, e->module, in->id.call, SPAN_NONE);
    Value *r = call ? interp_call(in, call, &args, SPAN_NONE) : NULL;
    in->lowering = false;
    if (!r) {
        interp_report_uncaught(in);
        return NULL;
    }
    return r->kind == VK_ERROR ? NULL : r;
}

static IrModel *compile_in(Interp *in, Compiler *c, const CompileRequest *req)
{
    const char *dir = req->path ? strrchr(req->path, '/') : NULL;
    in->n_search_paths = req->n_search_paths + 1;
    in->search_paths = arena_alloc(&c->arena, sizeof(char *) * (size_t)in->n_search_paths);
    in->search_paths[0] = dir ? arena_strndup(&c->arena, req->path, (size_t)(dir - req->path)) : ".";
    for (int i = 0; i < req->n_search_paths; i++)
        in->search_paths[i + 1] = req->search_paths[i];
    IrModel *model = ir_model_new(&c->arena, &c->names, req->opset);
    model->source_root = dir ? arena_strndup(&c->arena, req->path, (size_t)(dir - req->path)) : "";
    Lower lower;
    lower_init(&lower, c, model, req->opset);
    in->trace_points = req->trace_points;
    in->tracing = req->tracing;
    in->lower = &lower;
    BridgeFunctions functions = {.all = req->functions_all, .classes = req->functions,
                                .n_classes = req->n_functions, .domain = BRIDGE_FUNCTION_DOMAIN};
    functions.class_used = arena_alloc(&c->arena, sizeof(bool) * (size_t)(req->n_functions + 1));
    if (req->functions_all || req->n_functions)
        in->functions = &functions;
    EntryCtx e = {.in = in, .req = req};
    bridge_symbolic_init(in, req->custom_opsets, req->n_custom_opsets);
    in->report = req->report;
    if (in->report)
        in->report->model = model;
    if (!bridge_symbolic_load_libraries(in, req->libraries, req->n_libraries) || c->diag.nerrors)
        return NULL;
    e.main = interp_load_main(in, req->path);
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
    bridge_functions_check(in);
    bridge_symbolic_check_opsets(in);
    in->lowering = true;         /* an output that is a stale view is taken again */
    bool outputs_ok = entry_make_outputs(&e, out);
    in->lowering = false;
    if (!outputs_ok || c->diag.nerrors || !entry_check_dynamic_used(&e))
        return NULL;
    lower_prune(model);
    if (!entry_params_as_inputs(&e))
        return NULL;
    if (req->keep_initializers_as_inputs || model->ir_version < 4)
        lower_initializers_as_inputs(model);
    lower_name_nodes(model);
    return model;
}

IrModel *sema_compile(Compiler *c, const CompileRequest *req)
{
    Interp in;
    interp_init(&in, c, req->opset, req->seed);
    IrModel *m = compile_in(&in, c, req);
    bridge_finish(&in);
    return m;
}
