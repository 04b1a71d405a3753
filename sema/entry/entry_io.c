/* forward()'s parameters as graph inputs, its result as graph outputs.
 *
 * Inputs.  A tensor parameter is one graph input named after it.  A list,
 * tuple or dict parameter is flattened: its entries are typed on the
 * command line by path (--input input_dict.tensor_x:float32[N,8],
 * --input input_list.0:float32[N,8]) and become graph inputs in order,
 * named input_dict_tensor_x and input_list_0; forward() sees an ordinary
 * list, tuple or dict of those inputs.  Dict entries keep the order of the
 * command line; list and tuple entries are numbered 0..n-1.  Then
 * --input-names renames a prefix of the inputs, and --dynamic frees axes of
 * inputs named by path, by flattened name or by new name.
 *
 * Outputs.  Tuples, lists and dicts are flattened in order; a tensor whose
 * graph type is a sequence (a list of run-time length) is a sequence
 * output.  Outputs are named "output" (one) or "output_N", then renamed by
 * --output-names; --dynamic on an output names one of its axes.  Output
 * shapes come from shape inference, so an axis that follows an input's
 * symbol is already named after it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ir/opschema.h"
#include "sema/native/native.h"
#include "ir/symdim.h"
#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "sema/entry/entry.h"
#include "sema/types/types.h"

static Diag *diag_of(EntryCtx *e)
{
    return &e->in->c->diag;
}

/* ---- annotations ---- */

typedef enum AnnKind { ANN_ANY, ANN_TENSOR, ANN_SCALAR, ANN_LIST, ANN_TUPLE, ANN_DICT } AnnKind;

typedef struct Ann {
    AnnKind kind;
    const char *scalar;         /* ANN_SCALAR: "int", "float", "bool" */
    const AstNode *elem;        /* list, dict and variadic tuple entries */
    const AstNode *const *elts; /* fixed tuple entries */
    int n_elts;                 /* -1: variadic or unknown */
} Ann;

static const char *ann_head(const AstNode *a)
{
    if (a && a->kind == AST_NAME)
        return a->u.name.id;
    if (a && a->kind == AST_ATTRIBUTE)
        return a->u.attribute.attr;
    return NULL;
}

static AnnKind ann_kind_of(const char *head)
{
    static const struct { const char *name; AnnKind kind; } table[] = {
        {"Tensor", ANN_TENSOR}, {"list", ANN_LIST}, {"List", ANN_LIST}, {"Sequence", ANN_LIST},
        {"tuple", ANN_TUPLE}, {"Tuple", ANN_TUPLE}, {"dict", ANN_DICT}, {"Dict", ANN_DICT},
        {"Mapping", ANN_DICT},
    };
    for (size_t i = 0; head && i < sizeof table / sizeof table[0]; i++)
        if (strcmp(head, table[i].name) == 0)
            return table[i].kind;
    return ANN_ANY;
}

static bool is_ellipsis(const AstNode *a)
{
    return a && a->kind == AST_CONSTANT && a->u.constant.kind == AST_CONST_ELLIPSIS;
}

/* Tensor, int, List[Tensor], Tuple[Tensor, Tensor], Tuple[Tensor, ...],
 * Dict[str, Tensor], Optional[X], Union[..., a container, ...] (which is
 * the container when entries are typed); anything else is ANN_ANY. */
static Ann parse_annotation(const AstNode *a, int depth)
{
    Ann r = {.kind = ANN_ANY, .n_elts = -1};
    const char *head = ann_head(a);
    if (head && (!strcmp(head, "int") || !strcmp(head, "float") || !strcmp(head, "bool"))) {
        r.kind = ANN_SCALAR;
        r.scalar = head;
        return r;
    }
    if (head) {
        r.kind = ann_kind_of(head);
        return r;
    }
    if (!a || a->kind != AST_SUBSCRIPT || depth > 16)
        return r;
    head = ann_head(a->u.subscript.value);
    const AstNode *sl = a->u.subscript.slice;
    const AstNode *const *elts = (const AstNode *const *)&a->u.subscript.slice;
    int n = 1;
    if (sl->kind == AST_TUPLE) {
        elts = (const AstNode *const *)sl->u.seq.elts.items;
        n = sl->u.seq.elts.len;
    }
    if (head && !strcmp(head, "Optional"))
        return parse_annotation(sl, depth + 1);
    if (head && !strcmp(head, "Union")) {
        /* Union[Tensor, Tuple[Tensor, Tensor]]: typed by entries, it is
         * the container member */
        for (int i = 0; i < n; i++) {
            Ann member = parse_annotation(elts[i], depth + 1);
            if (member.kind == ANN_LIST || member.kind == ANN_TUPLE || member.kind == ANN_DICT)
                return member;
        }
        return r;
    }
    r.kind = ann_kind_of(head);
    if (r.kind == ANN_LIST)
        r.elem = elts[0];
    else if (r.kind == ANN_DICT)
        r.elem = n == 2 ? elts[1] : NULL;
    else if (r.kind == ANN_TUPLE && n == 2 && is_ellipsis(elts[1]))
        r.elem = elts[0];
    else if (r.kind == ANN_TUPLE) {
        r.elts = elts;
        r.n_elts = n;
    }
    return r;
}

/* ---- specs by path ---- */

static int spec_index(EntryCtx *e, const char *path)
{
    for (int i = 0; i < e->req->n_inputs; i++)
        if (strcmp(e->req->inputs[i].name, path) == 0)
            return i;
    return -1;
}

/* The entry keys directly under PATH ("k" of PATH.k and PATH.k.more), in
 * order of first appearance on the command line. */
static int child_keys(EntryCtx *e, const char *path, const char **keys, int max)
{
    size_t n = strlen(path);
    int count = 0;
    for (int i = 0; i < e->req->n_inputs; i++) {
        const char *name = e->req->inputs[i].name;
        if (strncmp(name, path, n) != 0 || name[n] != '.' || !name[n + 1])
            continue;
        const char *start = name + n + 1;
        const char *dot = strchr(start, '.');
        const char *key = intern_n(&e->in->c->names, start, dot ? (size_t)(dot - start) : strlen(start));
        bool seen = false;
        for (int k = 0; k < count && !seen; k++)
            seen = keys[k] == key;
        if (!seen && count < max)
            keys[count++] = key;
    }
    return count;
}

static bool is_index(const char *s)
{
    if (!*s || (s[0] == '0' && s[1]))
        return false;
    for (; *s; s++)
        if (!isdigit((unsigned char)*s))
            return false;
    return true;
}

static Dim *dims_copy(Arena *a, const Dim *dims, int rank)
{
    Dim *d = arena_alloc(a, sizeof(Dim) * (size_t)(rank > 0 ? rank : 1));
    if (rank > 0)
        memcpy(d, dims, sizeof(Dim) * (size_t)rank);
    return d;
}

static bool is_identifier(const char *s)
{
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (s++; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

/* "a.b.0" -> "a_b_0" */
static const char *flat_name(Arena *a, const char *path)
{
    char *s = arena_strdup(a, path);
    for (char *p = s; *p; p++)
        if (*p == '.')
            *p = '_';
    return s;
}

/* ---- building parameter values ---- */

/* The value of an annotated scalar parameter: a run-time int, float or
 * bool whose graph input is a 0-d tensor. */
static bool scalar_leaf_type(EntryCtx *e, EntryLeaf *leaf)
{
    Interp *in = e->in;
    const InputSpec *spec = leaf->spec;
    const char *ann = leaf->scalar, *name = leaf->path;
    DType want = !strcmp(ann, "int") ? DT_INT64 : !strcmp(ann, "float") ? DT_FLOAT : DT_BOOL;
    if (leaf->type.rank > 0) {
        interp_error(in, leaf->param->span, "input '%s' is annotated '%s' but %s gives it rank %d", name, ann,
                   spec->origin, leaf->type.rank);
        return false;
    }
    DType dt = leaf->type.dtype;
    bool widened = spec->python_scalar && dtype_is_float(want) && (dtype_is_float(dt) || dt == DT_INT64);
    if (dt != want && !widened) {
        interp_error(in, leaf->param->span, "input '%s' is annotated '%s' but %s gives it element type %s", name,
                   ann, spec->origin, dtype_name(dt));
        return false;
    }
    leaf->type = ir_type_scalar(want);
    return true;
}


static Value *build_value(EntryCtx *e, const AstNode *param, const char *path, const AstNode *ann, int depth);

static Value *make_leaf(EntryCtx *e, const AstNode *param, const char *path, int spec, Ann ann, int depth)
{
    Interp *in = e->in;
    const InputSpec *s = &e->req->inputs[spec];
    e->spec_used[spec] = true;
    if (ann.kind == ANN_LIST || ann.kind == ANN_TUPLE || ann.kind == ANN_DICT) {
        interp_error(in, param->span, "'%s' is annotated as a %s; type its entries (%s names it as one tensor)",
                   path, ann.kind == ANN_DICT ? "dict" : ann.kind == ANN_LIST ? "list" : "tuple", s->origin);
        return val_error(in);
    }
    EntryLeaf *leaf = arena_alloc(in->arena, sizeof *leaf);
    leaf->path = s->name;
    leaf->name = flat_name(in->arena, s->name);
    leaf->spec = s;
    leaf->type = s->type;
    if (s->type.rank > 0)
        leaf->type.dims = dims_copy(in->arena, s->type.dims, s->type.rank);
    leaf->param = param;
    leaf->scalar = depth == 0 && ann.kind == ANN_SCALAR ? ann.scalar : NULL;
    const char *bad = depth == 0 ? types_graph_input_problem(in, param->u.arg.annotation, e->forward_globals) : NULL;
    if (bad) {
        interp_error(in, param->span, "forward() parameter '%s' of type '%s' is not supported yet as a graph input "
                   "(inputs are tensors, numbers, and lists, tuples and dicts of tensors)", path, bad);
        return val_error(in);
    }
    if (leaf->scalar && !scalar_leaf_type(e, leaf))
        return val_error(in);
    leaf->value = val_none(in);
    ptrvec_push(in->arena, &e->leaves, leaf);
    return leaf->value;
}

/* The entries of a list or tuple: keys 0..n-1, each present. */
static bool check_indices(EntryCtx *e, const AstNode *param, const char *path, const char **keys, int n)
{
    long top = -1;
    for (int i = 0; i < n; i++) {
        if (!is_index(keys[i])) {
            interp_error(e->in, param->span, "'%s' is a list or tuple, but '%s.%s' is not an index", path, path,
                       keys[i]);
            return false;
        }
        long k = strtol(keys[i], NULL, 10);
        top = k > top ? k : top;
    }
    for (long want = 0; want <= top; want++) {
        bool found = false;
        for (int i = 0; i < n && !found; i++)
            found = strtol(keys[i], NULL, 10) == want;
        if (!found) {
            interp_error(e->in, param->span, "'%s.%ld' has a type but there is no type for '%s.%ld' (entries "
                       "of a list or tuple are numbered from 0)", path, top, path, want);
            return false;
        }
    }
    return true;
}

static Value *build_sequence(EntryCtx *e, const AstNode *param, const char *path, Ann ann, const char **keys,
                             int n, int depth)
{
    Interp *in = e->in;
    if (!check_indices(e, param, path, keys, n))
        return val_error(in);
    if (ann.kind == ANN_TUPLE && ann.n_elts >= 0 && ann.n_elts != n) {
        interp_error(in, param->span, "'%s' is annotated as a tuple of %d entries but %d are typed", path,
                   ann.n_elts, n);
        return val_error(in);
    }
    Value *v = ann.kind == ANN_TUPLE ? val_tuple(in, n) : val_list(in, n);
    for (int i = 0; i < n; i++) {
        const AstNode *elem = ann.n_elts >= 0 ? ann.elts[i] : ann.elem;
        Value *item = build_value(e, param, arena_sprintf(in->arena, "%s.%d", path, i), elem, depth + 1);
        val_list_push(in, v->u.list, item ? item : val_error(in));
    }
    return v;
}

static Value *build_dict(EntryCtx *e, const AstNode *param, const char *path, Ann ann, const char **keys, int n,
                         int depth)
{
    Interp *in = e->in;
    Value *v = val_dict(in);
    for (int i = 0; i < n; i++) {
        Value *item = build_value(e, param, arena_sprintf(in->arena, "%s.%s", path, keys[i]), ann.elem, depth + 1);
        val_dict_set(in, v->u.dict, val_cstr(in, keys[i]), item ? item : val_error(in));
    }
    return v;
}

/* The value of the parameter (or entry) at PATH, or NULL when nothing on
 * the command line types it. */
static Value *build_value(EntryCtx *e, const AstNode *param, const char *path, const AstNode *ann_node, int depth)
{
    Interp *in = e->in;
    Ann ann = parse_annotation(ann_node, 0);
    int spec = spec_index(e, path);
    if (spec >= 0)
        return make_leaf(e, param, path, spec, ann, depth);
    const char *keys[256];
    int n = child_keys(e, path, keys, 256);
    if (n == 0)
        return NULL;
    if (depth > 16 || ann.kind == ANN_TENSOR || ann.kind == ANN_SCALAR) {
        interp_error(in, param->span, "'%s' is %s, but the command line types entries of it ('%s.%s')", path,
                   depth > 16 ? "nested too deeply" : "not a list, tuple or dict", path, keys[0]);
        return val_error(in);
    }
    bool numeric = true;
    for (int i = 0; i < n; i++)
        numeric &= is_index(keys[i]);
    if (ann.kind == ANN_LIST || ann.kind == ANN_TUPLE || (ann.kind == ANN_ANY && numeric))
        return build_sequence(e, param, path, ann, keys, n, depth);
    return build_dict(e, param, path, ann, keys, n, depth);
}

/* ---- names and dynamic axes ---- */

static bool rename_leaves(EntryCtx *e)
{
    int n = e->req->n_input_names < e->leaves.len ? e->req->n_input_names : e->leaves.len;
    for (int i = 0; i < n; i++) {
        EntryLeaf *leaf = e->leaves.items[i];
        const char *name = e->req->input_names[i];
        for (int k = 0; k < i; k++) {
            if (strcmp(((EntryLeaf *)e->leaves.items[k])->name, name) == 0) {
                diag_error(diag_of(e), SPAN_NONE, "--input-names: the name '%s' is given twice", name);
                return false;
            }
        }
        leaf->name = name;
    }
    return true;
}

static bool leaf_matches(const EntryLeaf *leaf, const char *name, Arena *a)
{
    return strcmp(leaf->path, name) == 0 || strcmp(leaf->name, name) == 0 ||
           strcmp(flat_name(a, leaf->path), name) == 0;
}

/* Axis AXIS of TYPE (rank RANK) becomes a symbol; reports when it cannot. */
static bool apply_axis(EntryCtx *e, const DynamicAxis *d, IrType *type, const char *what, bool output)
{
    Interp *in = e->in;
    if (type->kind != IR_TYPE_TENSOR || type->rank < 0) {
        diag_error(diag_of(e), SPAN_NONE, "%s: %s '%s' has no known rank", d->origin, what, d->name);
        return false;
    }
    long axis = d->axis < 0 ? d->axis + type->rank : d->axis;
    if (axis < 0 || axis >= type->rank) {
        diag_error(diag_of(e), SPAN_NONE, "%s: axis %ld is out of range for %s '%s' of rank %d", d->origin,
                   d->axis, what, d->name, type->rank);
        return false;
    }
    Dim old = type->dims[axis];
    if (output && dim_is_known(old)) {
        diag_error(diag_of(e), SPAN_NONE, "%s: axis %ld of output '%s' always has size %lld, so it cannot be dynamic",
                   d->origin, axis, d->name, (long long)old.value);
        return false;
    }
    const char *sym = d->symbol;
    if (!sym && output && old.sym && old.sym->kind == SYM_NAME)
        return true;    /* already named after an input's axis */
    if (!sym)
        sym = arena_sprintf(in->arena, "%s_dim%ld", flat_name(in->arena, d->name), axis);
    if (!is_identifier(sym)) {
        diag_error(diag_of(e), SPAN_NONE, "%s: '%s' is not a valid symbol name (give one: %s:%ld=NAME)", d->origin,
                   sym, d->name, d->axis);
        return false;
    }
    type->dims = dims_copy(in->arena, type->dims, type->rank);
    type->dims[axis] = dim_sym(symdim_named(in->arena, &in->c->names, sym));
    return true;
}

static bool apply_input_dynamic(EntryCtx *e)
{
    bool ok = true;
    for (int i = 0; i < e->req->n_dynamic; i++) {
        const DynamicAxis *d = &e->req->dynamic[i];
        for (int k = 0; k < e->leaves.len; k++) {
            EntryLeaf *leaf = e->leaves.items[k];
            if (!leaf_matches(leaf, d->name, e->in->arena))
                continue;
            e->dynamic_used[i] = true;
            ok &= apply_axis(e, d, &leaf->type, "input", false);
            break;
        }
    }
    return ok;
}

bool entry_check_dynamic_used(EntryCtx *e)
{
    bool ok = true;
    for (int i = 0; i < e->req->n_dynamic; i++) {
        if (e->dynamic_used[i])
            continue;
        diag_error(diag_of(e), SPAN_NONE, "%s: '%s' is neither an input nor an output of the graph",
                   e->req->dynamic[i].origin, e->req->dynamic[i].name);
        ok = false;
    }
    return ok;
}

/* ---- graph inputs ---- */

static bool create_leaf_input(EntryCtx *e, EntryLeaf *leaf)
{
    Interp *in = e->in;
    IrModel *m = in->lower->model;
    IrValue *iv = ir_add_input(m->graph, leaf->name, leaf->type, leaf->param->span);
    if (iv->name != intern(&in->c->names, leaf->name)) {
        diag_error(diag_of(e), SPAN_NONE, "two graph inputs would be named '%s' (rename one with --input-names)",
                   leaf->name);
        return false;
    }
    if (!leaf->scalar) {
        *leaf->value = *bridge_wrap(in, iv);
        return true;
    }
    Value *v = !strcmp(leaf->scalar, "int") ? val_int(in, 0)
             : !strcmp(leaf->scalar, "float") ? val_float(in, 0) : val_bool(in, false);
    v->dyn = iv;
    if (in->trace_points) {
        /* a Python number: a tracer sees the example's value, a constant */
        IrNode *mark = ir_node_new(m->graph, "Identity", "", &iv, 1, 1, leaf->param->span);
        mark->schema = opschema_find("Identity", "", in->lower->opset, NULL);
        mark->outputs[0]->type = iv->type;
        mark->trace_point = "parameter";
        v->dyn = mark->outputs[0];
    }
    *leaf->value = *v;
    return true;
}

static const AstNode *forward_param(const AstNode *a, int i)
{
    int np = a->u.arguments.posonlyargs.len;
    return i < np ? a->u.arguments.posonlyargs.items[i] : a->u.arguments.args.items[i - np];
}

/* Arguments for forward()'s parameters (after self), as placeholders for
 * the leaves. */
/* What --input would say for a parameter with annotation ANN: a scalar
 * annotation is a 0-d input of its element type. */
static const char *input_type_hint(const AstNode *ann)
{
    Ann a = parse_annotation(ann, 0);
    if (a.kind != ANN_SCALAR)
        return "float32[N,...]";
    return !strcmp(a.scalar, "int") ? "int64[]" : !strcmp(a.scalar, "float") ? "float32[]" : "bool[]";
}

static bool bind_parameters(EntryCtx *e, Function *fn, CallArgs *args)
{
    Interp *in = e->in;
    const AstNode *a = fn->args;
    int np = a->u.arguments.posonlyargs.len + a->u.arguments.args.len;
    int n_defaults = a->u.arguments.defaults.len;
    args->pos = arena_alloc(in->arena, sizeof(Value *) * (size_t)(np + 1));
    e->forward_globals = fn->globals;
    bool ok = true;
    for (int i = 1; i < np; i++) {
        const AstNode *p = forward_param(a, i);
        Value *v = build_value(e, p, p->u.arg.name, p->u.arg.annotation, 0);
        if (!v && i >= np - n_defaults) {
            v = fn->defaults[i - (np - n_defaults)];
        } else if (!v) {
            /* no --input or --example: a type that cannot be an input at all says so */
            const char *bad = types_graph_input_problem(in, p->u.arg.annotation, fn->globals);
            if (bad)
                interp_error(in, p->span, "forward() parameter '%s' of type '%s' is not supported yet as a graph "
                           "input (inputs are tensors, numbers, and lists, tuples and dicts of tensors)",
                           p->u.arg.name, bad);
            else
                interp_error(in, p->span, "no type for input '%s': give --input %s:%s or --example %s=...",
                           p->u.arg.name, p->u.arg.name, input_type_hint(p->u.arg.annotation), p->u.arg.name);
            v = val_error(in);
        }
        ok &= v->kind != VK_ERROR;
        args->pos[args->n_pos++] = v;
    }
    return ok;
}

/* "; did you mean 'x'?" for a --input/--example name that is no parameter
 * of forward() (ARGS) but near one in spelling. */
static const char *param_hint(EntryCtx *e, const AstNode *args, const char *name)
{
    Interp *in = e->in;
    int np = args->u.arguments.posonlyargs.len + args->u.arguments.args.len;
    const char **names = arena_alloc(in->arena, sizeof(char *) * (size_t)(np + 1));
    const char *near = NULL;
    for (int i = 0; i < np; i++) {
        names[i] = forward_param(args, i)->u.arg.name;
        if (!near && strlen(names[i]) == strlen(name) && !strcasecmp(names[i], name))
            near = names[i];    /* X for x */
    }
    /* one- and two-letter names are all near one another: only their case */
    if (!near && strlen(name) > 2)
        near = native_nearest_name(name, names, np);
    return near ? arena_sprintf(in->arena, "; did you mean '%s'?", near) : "";
}

static bool check_specs_used(EntryCtx *e, const AstNode *args)
{
    bool ok = true;
    for (int i = 0; i < e->req->n_inputs; i++) {
        if (e->spec_used[i])
            continue;
        const InputSpec *s = &e->req->inputs[i];
        const char *dot = strchr(s->name, '.');
        if (dot)
            diag_error(diag_of(e), SPAN_NONE, "%s names '%s', which is not an entry of a list, tuple or dict "
                       "parameter of forward()", s->origin, s->name);
        else
            diag_error(diag_of(e), SPAN_NONE, "%s names '%s', which is not a parameter of forward()%s", s->origin,
                       s->name, param_hint(e, args, s->name));
        ok = false;
    }
    return ok;
}

bool entry_make_inputs(EntryCtx *e, Value *fwd, CallArgs *args)
{
    Interp *in = e->in;
    Value *fn = fwd->kind == VK_BOUND_METHOD ? fwd->u.method->func : fwd;
    if (fn->kind != VK_FUNCTION) {
        diag_error(diag_of(e), SPAN_NONE, "forward is not a function");
        return false;
    }
    const AstNode *a = fn->u.func->args;
    if (a->u.arguments.vararg || a->u.arguments.kwarg || a->u.arguments.kwonlyargs.len) {
        interp_error(in, a->span, "forward() with *args, **kwargs or keyword-only parameters is not supported yet");
        return false;
    }
    e->spec_used = arena_alloc(in->arena, sizeof(bool) * (size_t)(e->req->n_inputs + 1));
    e->dynamic_used = arena_alloc(in->arena, sizeof(bool) * (size_t)(e->req->n_dynamic + 1));
    bool ok = bind_parameters(e, fn->u.func, args);
    ok &= check_specs_used(e, a);
    if (!ok || !rename_leaves(e) || !apply_input_dynamic(e))
        return false;
    for (int i = 0; i < e->leaves.len; i++)
        ok &= create_leaf_input(e, e->leaves.items[i]);
    return ok;
}

/* ---- outputs ---- */

static bool add_output(EntryCtx *e, Value *v, const char *hint, Span span)
{
    Interp *in = e->in;
    Lower *L = in->lower;
    if (v->kind == VK_ERROR)
        return false;
    if ((v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) && !v->dyn) {
        DType dt = v->kind == VK_INT ? DT_INT64 : v->kind == VK_FLOAT ? DT_FLOAT : DT_BOOL;
        Tensor *t = bridge_const_tensor(in, v, dt, span);
        v = val_tensor(in, t);
    }
    if (v->kind == VK_RANKS) {
        interp_error(in, span, "forward() returns a tensor whose rank depends on a run-time condition "
                   "(its branches give it different ranks); a graph output needs a known rank");
        return false;
    }
    if (v->kind == VK_OPTIONAL) {
        interp_error(in, span, "forward() returns a value that is None on some run-time paths ('%s'); a graph "
                     "output is always a tensor (return a tensor on every path, or the value with a flag)",
                     val_type_name(in, v));
        return false;
    }
    if (v->kind == VK_INSTANCE && in->cls.complex_tensor && v->u.inst->cls == in->cls.complex_tensor) {
        interp_error(in, span, "forward() returns a complex tensor, which ONNX Runtime has no type for; return "
                     "torch.view_as_real(z) (its real and imaginary parts in a last dimension of 2)");
        return false;
    }
    if (v->kind != VK_TENSOR && !val_is_dynamic_scalar(v)) {
        interp_error(in, span, "forward() returns '%s', which has no ONNX form (return tensors, numbers, "
                   "or tuples, lists and dicts of them)", val_type_name(in, v));
        return false;
    }
    IrValue *iv = bridge_ir_of(in, v, span);
    if (!iv)
        return false;
    if (iv->type.kind == IR_TYPE_TENSOR && iv->type.dtype == DT_UNDEFINED) {
        const IrNode *p = iv->producer;
        diag_error(diag_of(e), p ? p->span : span, "forward() returns a value of unknown type%s%s%s%s%s: a "
                   "graph output needs one (give onnx.op _like=, or _dtype= and _shape=)",
                   p ? " (the result of " : "", p && p->domain[0] ? p->domain : "",
                   p && p->domain[0] ? "::" : "", p ? p->op_type : "", p ? ")" : "");
        return false;
    }
    if (iv->type.kind == IR_TYPE_TENSOR && iv->type.rank < 0) {
        interp_error(in, span, "forward() returns a tensor whose rank depends on a run-time condition "
                   "(its branches give it different ranks); a graph output needs a known rank");
        return false;
    }
    if (iv->type.kind == IR_TYPE_SEQUENCE && L->opset < 11) {
        diag_error(diag_of(e), span, "forward() returns a list whose length is known only at run time: "
                   "a sequence output needs opset 11 or later (compiling for opset %d)", L->opset);
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
    ptrvec_push(in->arena, &e->output_hints, (void *)hint);
    return true;
}

/* A list of run-time length: one output of sequence type. */
static bool add_list_output(EntryCtx *e, Value *v, const char *hint, Span span)
{
    Interp *in = e->in;
    IrType elem;
    if (!flow_dynlist_elem_type(in, v, &elem)) {
        interp_error(in, span, "forward() returns a list whose items have no known element type");
        return false;
    }
    IrValue *seq = flow_dynlist_seq(in, v, &elem, span);   /* reports opsets before 11 */
    if (!seq)
        return false;
    if (!seq->producer) {
        IrNode *id = ir_node_new(in->lower->model->graph, "Identity", "", &seq, 1, 1, span);
        id->schema = opschema_find("Identity", "", in->lower->opset, NULL);
        id->outputs[0]->type = seq->type;
        seq = id->outputs[0];
    }
    ir_add_output(in->lower->model->graph, seq);
    ptrvec_push(in->arena, &e->output_hints, (void *)hint);
    return true;
}

/* The field names of a namedtuple (collections.namedtuple,
 * typing.NamedTuple): a tuple-like value whose class has a `_fields`
 * tuple of str, one per item; NULL for any other value. */
static const ValueList *namedtuple_fields(Interp *in, Value *v)
{
    Value *cls = interp_class_of(in, v);
    Value *fields = cls && cls->kind == VK_CLASS ? interp_class_lookup(cls, intern(&in->c->names, "_fields"))
                                                 : NULL;
    if (!fields || fields->kind != VK_TUPLE || fields->u.list->dyn)
        return NULL;
    for (int i = 0; i < fields->u.list->len; i++)
        if (fields->u.list->items[i]->kind != VK_STR)
            return NULL;
    return fields->u.list;
}

/* The name hint of item I under HINT: "HINT_I", or FIELD when the item is
 * a namedtuple's field ("HINT_FIELD" inside another named output). */
static const char *item_hint(Interp *in, const char *hint, const ValueList *fields, int i)
{
    if (fields)
        return hint ? arena_sprintf(in->arena, "%s_%s", hint, fields->items[i]->u.s.ptr)
                    : fields->items[i]->u.s.ptr;
    return hint ? arena_sprintf(in->arena, "%s_%d", hint, i) : NULL;
}

/* The items of a tuple-like value in order: a tuple or list's own, or
 * what iterating an instance gives (torch.return_types, namedtuples). */
static Value *output_items(EntryCtx *e, Value *v, const ValueList *fields, Span span)
{
    if (v->kind == VK_TUPLE || v->kind == VK_LIST)
        return v;
    if (v->kind == VK_INSTANCE &&
        (fields || interp_lookup_attr(e->in, v, intern(&e->in->c->names, "__iter__"), span))) {
        Value *items = val_tuple(e->in, 0);
        if (interp_iterate_static(e->in, v, items->u.list, span))
            return items;
    }
    return NULL;
}

static bool flatten_outputs(EntryCtx *e, Value *v, const char *hint, Span span, int depth)
{
    if (flow_dynlist_is(v))
        return add_list_output(e, v, hint, span);
    const ValueList *fields = depth < 32 ? namedtuple_fields(e->in, v) : NULL;
    Value *items = depth < 32 ? output_items(e, v, fields, span) : NULL;
    if (items) {
        if (fields && fields->len != items->u.list->len)
            fields = NULL;
        bool ok = true;
        for (int i = 0; i < items->u.list->len; i++)
            ok &= flatten_outputs(e, items->u.list->items[i], item_hint(e->in, hint, fields, i), span, depth + 1);
        return ok;
    }
    if (v->kind == VK_DICT && depth < 32) {
        bool ok = true;
        for (int i = 0, k = 0; i < v->u.dict->len; i++)
            if (!v->u.dict->entries[i].deleted)
                ok &= flatten_outputs(e, v->u.dict->entries[i].value, item_hint(e->in, hint, NULL, k++), span,
                                      depth + 1);
        return ok;
    }
    if (v->kind == VK_NONE && depth > 0)
        return true;    /* a None inside the outputs is no graph output, as
                         * torch.onnx.export drops it (wav2vec2's lengths) */
    if (v->kind == VK_NONE) {
        interp_error(e->in, span, "forward() returned None");
        return false;
    }
    return add_output(e, v, hint, span);
}

static bool rename_outputs(EntryCtx *e)
{
    IrModel *m = e->in->lower->model;
    PtrVec *outs = &m->graph->outputs;
    if (e->req->n_output_names > outs->len) {
        diag_error(diag_of(e), SPAN_NONE, "--output-names gives %d names but the graph has %d output%s",
                   e->req->n_output_names, outs->len, outs->len == 1 ? "" : "s");
        return false;
    }
    for (int i = 0; i < e->req->n_output_names; i++) {
        if (!ir_rename_value(m, outs->items[i], e->req->output_names[i])) {
            diag_error(diag_of(e), SPAN_NONE, "--output-names: the name '%s' is already used in the graph",
                       e->req->output_names[i]);
            return false;
        }
    }
    for (int i = e->req->n_output_names; i < outs->len; i++) {
        char numbered[32];
        snprintf(numbered, sizeof numbered, outs->len == 1 ? "output" : "output_%d", i);
        const char *hint = e->output_hints.items[i] ? e->output_hints.items[i] : numbered;
        IrValue *v = outs->items[i];
        if (!ir_rename_value(m, v, hint))
            ir_rename_value(m, v, ir_unique_value_name(m, hint));
    }
    return true;
}

static bool apply_output_dynamic(EntryCtx *e)
{
    IrModel *m = e->in->lower->model;
    bool ok = true;
    for (int i = 0; i < e->req->n_dynamic; i++) {
        const DynamicAxis *d = &e->req->dynamic[i];
        if (e->dynamic_used[i])
            continue;
        for (int k = 0; k < m->graph->outputs.len; k++) {
            IrValue *v = m->graph->outputs.items[k];
            if (strcmp(v->name, d->name) != 0)
                continue;
            e->dynamic_used[i] = true;
            ok &= apply_axis(e, d, &v->type, "output", true);
        }
    }
    return ok;
}

bool entry_make_outputs(EntryCtx *e, Value *result)
{
    if (!flatten_outputs(e, result, NULL, e->forward_span, 0) || e->in->c->diag.nerrors)
        return false;
    return rename_outputs(e) && apply_output_dynamic(e);
}

/* ---- parameters as inputs ---- */

static int state_index(EntryCtx *e, const char *name)
{
    for (int i = 0; i < e->state_names.len; i++)
        if (strcmp(e->state_names.items[i], name) == 0)
            return i;
    return -1;
}

bool entry_params_as_inputs(EntryCtx *e)
{
    IrModel *m = e->in->lower->model;
    IrGraph *g = m->graph;
    int n_forward_inputs = g->inputs.len;
    if (e->req->no_params) {
        /* in state_dict order: walk the state names, move what is used */
        for (int s = 0; s < e->state_names.len; s++) {
            for (int i = 0; i < g->initializers.len; i++) {
                IrValue *v = g->initializers.items[i];
                if (state_index(e, v->name) != s)
                    continue;
                memmove(&g->initializers.items[i], &g->initializers.items[i + 1],
                        sizeof(void *) * (size_t)(g->initializers.len - i - 1));
                g->initializers.len--;
                if (!e->req->params_keep_data)
                    v->init = NULL;
                ptrvec_push(m->arena, &g->inputs, v);
                break;
            }
        }
    }
    int n = e->req->n_input_names;
    if (n > g->inputs.len) {
        diag_error(diag_of(e), SPAN_NONE, "--input-names gives %d names but the graph has %d input%s", n,
                   g->inputs.len, g->inputs.len == 1 ? "" : "s");
        return false;
    }
    for (int i = n_forward_inputs; i < n; i++) {
        if (!ir_rename_value(m, g->inputs.items[i], e->req->input_names[i])) {
            diag_error(diag_of(e), SPAN_NONE, "--input-names: the name '%s' is already used in the graph",
                       e->req->input_names[i]);
            return false;
        }
    }
    return true;
}
