/* onnx.op: any operator by name, for @symbolic functions (sema/bridge/bridge.h).
 *
 *   onnx.op("Relu", x)                          = onnx.Relu(x), schema-checked
 *   onnx.op("custom_domain::Foo", a, b, alpha_f=0.5, mode="x", _like=a)
 *
 * In the default domain ("" or "ai.onnx") the call is onnx.OP itself.  In
 * any other domain there is no schema: inputs are tensors, run-time scalars,
 * numbers and lists (constants: int64 for ints, float32 for floats) or None
 * (an omitted input); keyword arguments are attributes whose kind follows
 * the value (int and bool: INT, float: FLOAT, str: STRING, a dtype: INT,
 * lists of those: INTS, FLOATS, STRINGS, a constant tensor: TENSOR) or, as
 * in torch's symbolic functions, a suffix of the name: alpha_f is attribute
 * alpha of kind FLOAT (_i, _f, _s, _t).  The outputs' types are unknown
 * unless _like=TENSOR (or a list, one per output) or _dtype= and _shape=
 * give them; _outputs=N asks for N outputs.  The domain is added to the
 * model's opset imports with its --custom-opset version (default 1). */
#include <string.h>

#include "ir/symdim.h"
#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

typedef struct GenericOp {
    Interp *in;
    Span span;
    const char *domain, *name;
    int n_outputs;
    Value *like, *dtype, *shape;
    bool ok;
} GenericOp;

/* ---- attributes ---- */

static IrAttrKind suffix_kind(const char *name, size_t *base_len)
{
    static const struct { const char *suffix; IrAttrKind kind; } table[] = {
        {"_i", IR_ATTR_INT}, {"_f", IR_ATTR_FLOAT}, {"_s", IR_ATTR_STRING}, {"_t", IR_ATTR_TENSOR},
    };
    size_t n = strlen(name);
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (n > 2 && strcmp(name + n - 2, table[i].suffix) == 0) {
            *base_len = n - 2;
            return table[i].kind;
        }
    }
    *base_len = n;
    return IR_ATTR_UNDEFINED;
}

static bool is_static_number(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_BOOL || v->kind == VK_FLOAT) && !v->dyn;
}

static double number_of(const Value *v)
{
    return v->kind == VK_FLOAT ? v->u.f : v->kind == VK_INT ? (double)v->u.i : v->u.b;
}

/* The kind a value gives when the name has no suffix. */
static IrAttrKind natural_kind(const Value *v)
{
    if (v->kind == VK_INT || v->kind == VK_BOOL || v->kind == VK_DTYPE)
        return IR_ATTR_INT;
    if (v->kind == VK_FLOAT)
        return IR_ATTR_FLOAT;
    if (v->kind == VK_STR)
        return IR_ATTR_STRING;
    if (v->kind == VK_TENSOR)
        return IR_ATTR_TENSOR;
    return IR_ATTR_UNDEFINED;
}

static bool set_list_attr(Interp *in, IrNode *n, const char *name, IrAttrKind elem, const ValueList *l)
{
    int len = l->len;
    if (elem == IR_ATTR_UNDEFINED)
        elem = len ? natural_kind(l->items[0]) : IR_ATTR_INT;
    if (elem == IR_ATTR_STRING) {
        const char **xs = arena_alloc(in->arena, sizeof(char *) * (size_t)(len + 1));
        for (int i = 0; i < len; i++) {
            if (l->items[i]->kind != VK_STR)
                return false;
            xs[i] = l->items[i]->u.s.ptr;
        }
        ir_set_attr_strings(n, name, xs, len);
        return true;
    }
    bool ints = elem == IR_ATTR_INT;
    int64_t *is = arena_alloc(in->arena, sizeof(int64_t) * (size_t)(len + 1));
    float *fs = arena_alloc(in->arena, sizeof(float) * (size_t)(len + 1));
    for (int i = 0; i < len; i++) {
        Value *x = l->items[i];
        if (!is_static_number(x) || (ints && x->kind == VK_FLOAT))
            return false;
        if (!ints && elem != IR_ATTR_FLOAT)
            return false;
        is[i] = x->kind == VK_INT ? x->u.i : (int64_t)number_of(x);
        fs[i] = (float)number_of(x);
    }
    if (ints)
        ir_set_attr_ints(n, name, is, len);
    else
        ir_set_attr_floats(n, name, fs, len);
    return true;
}

static bool set_generic_attr(Interp *in, IrNode *n, const char *name, IrAttrKind kind, Value *v)
{
    if (v->kind == VK_LIST || v->kind == VK_TUPLE) {
        if (kind == IR_ATTR_UNDEFINED && v->u.list->len) {
            kind = natural_kind(v->u.list->items[0]);
            for (int i = 1; i < v->u.list->len && kind == IR_ATTR_INT; i++)
                if (v->u.list->items[i]->kind == VK_FLOAT)
                    kind = IR_ATTR_FLOAT;
        }
        return set_list_attr(in, n, name, kind, v->u.list);
    }
    if (kind == IR_ATTR_UNDEFINED)
        kind = natural_kind(v);
    switch (kind) {
    case IR_ATTR_INT:
        if (v->kind == VK_DTYPE)
            ir_set_attr_int(n, name, v->u.dtype);
        else if ((v->kind == VK_INT || v->kind == VK_BOOL) && !v->dyn)
            ir_set_attr_int(n, name, v->kind == VK_INT ? v->u.i : v->u.b);
        else
            return false;
        return true;
    case IR_ATTR_FLOAT:
        if (!is_static_number(v))
            return false;
        ir_set_attr_float(n, name, (float)number_of(v));
        return true;
    case IR_ATTR_STRING:
        if (v->kind != VK_STR)
            return false;
        ir_set_attr_string(n, name, v->u.s.ptr);
        return true;
    case IR_ATTR_TENSOR: {
        Tensor *t = v->kind == VK_TENSOR ? v->u.tensor : bridge_const_tensor(in, v, DT_UNDEFINED, SPAN_NONE);
        if (!t || !t->is_static)
            return false;
        ir_set_attr_tensor(n, name, bridge_tensor_data(in, t));
        return true;
    }
    default:
        return false;
    }
}

/* ---- inputs, outputs ---- */

static IrValue *generic_input(GenericOp *g, Value *v)
{
    Interp *in = g->in;
    if (v->kind == VK_NONE)
        return NULL;
    if (v->kind == VK_ERROR) {
        g->ok = false;
        return NULL;
    }
    if (v->kind != VK_TENSOR && !val_is_dynamic_scalar(v)) {
        Tensor *t = bridge_const_tensor(in, v, DT_UNDEFINED, g->span);
        if (!t) {
            interp_error(in, g->span, "onnx.op(\"%s::%s\"): an input must be a tensor, a number or a list of "
                       "numbers, found '%s'", g->domain, g->name, val_type_name(in, v));
            g->ok = false;
            return NULL;
        }
        v = val_tensor(in, t);
    }
    IrValue *iv = bridge_ir_of(in, v, g->span);
    g->ok &= iv != NULL;
    return iv;
}

static bool shape_dims(Interp *in, Value *shape, IrType *t)
{
    if (shape->kind != VK_LIST && shape->kind != VK_TUPLE)
        return false;
    int rank = shape->u.list->len;
    Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(rank + 1));
    for (int i = 0; i < rank; i++) {
        Value *d = shape->u.list->items[i];
        if (d->kind == VK_INT && !d->dyn && d->u.i >= 0)
            dims[i] = dim_known(d->u.i);
        else if (d->kind == VK_INT && d->dim.sym)
            dims[i] = d->dim;
        else if (d->kind == VK_STR)
            dims[i] = dim_sym(symdim_named(in->arena, &in->c->names, d->u.s.ptr));
        else if (d->kind == VK_NONE || d->kind == VK_INT)
            dims[i] = dim_unknown();
        else
            return false;
    }
    *t = ir_type_tensor(in->arena, t->dtype, rank, dims);
    return true;
}

/* Output I's type from _like, or _dtype and _shape. */
static void set_output_type(GenericOp *g, IrValue *out, int i)
{
    Interp *in = g->in;
    Value *like = g->like;
    if (like && (like->kind == VK_LIST || like->kind == VK_TUPLE))
        like = i < like->u.list->len ? like->u.list->items[i] : NULL;
    if (like && like->kind == VK_TENSOR) {
        IrValue *lv = bridge_ir_of(in, like, g->span);
        if (lv)
            out->type = lv->type;
        return;
    }
    if (!g->dtype && !g->shape)
        return;
    IrType t = ir_type_unknown_rank(g->dtype && g->dtype->kind == VK_DTYPE ? g->dtype->u.dtype : DT_UNDEFINED);
    if (g->shape && !shape_dims(in, g->shape, &t)) {
        interp_error(in, g->span, "onnx.op(\"%s::%s\"): _shape must be a list of sizes (ints, names or None)",
                   g->domain, g->name);
        g->ok = false;
    }
    out->type = t;
}

/* Keyword arguments: the _options, then the attributes. */
static bool generic_options(GenericOp *g, CallArgs *args)
{
    Interp *in = g->in;
    for (int i = 0; i < args->n_kw; i++) {
        const char *k = args->kw_names[i];
        Value *v = args->kw_values[i];
        if (strcmp(k, "_outputs") == 0) {
            if (v->kind != VK_INT || v->dyn || v->u.i < 1 || v->u.i > 1024) {
                interp_error(in, g->span, "onnx.op: _outputs must be a positive compile-time integer");
                return false;
            }
            g->n_outputs = (int)v->u.i;
        } else if (strcmp(k, "_like") == 0) {
            g->like = v;
        } else if (strcmp(k, "_dtype") == 0) {
            g->dtype = v;
        } else if (strcmp(k, "_shape") == 0) {
            g->shape = v;
        } else if (k[0] == '_') {
            interp_error(in, g->span, "onnx.op: unknown option '%s' (_outputs, _like, _dtype, _shape)", k);
            return false;
        }
    }
    return true;
}

static Value *emit_custom(GenericOp *g, CallArgs *args)
{
    Interp *in = g->in;
    Lower *L = in->lower;
    int n_in = args->n_pos - 1;
    IrValue **ins = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(n_in + 1));
    for (int i = 0; i < n_in; i++)
        ins[i] = generic_input(g, args->pos[i + 1]);
    if (!g->ok)
        return val_error(in);
    IrNode *node = lower_node(L, NULL, g->name, g->domain, ins, n_in, g->n_outputs, interp_user_span(in, g->span));
    for (int i = 0; i < args->n_kw; i++) {
        const char *k = args->kw_names[i];
        Value *v = args->kw_values[i];
        if (k[0] == '_' || v->kind == VK_NONE)
            continue;
        size_t base;
        IrAttrKind kind = suffix_kind(k, &base);
        const char *name = intern_n(&in->c->names, k, base);
        if (!set_generic_attr(in, node, name, kind, v)) {
            interp_error(in, g->span, "onnx.op(\"%s::%s\"): attribute '%s' cannot hold '%s' (ints, floats, "
                       "strings, dtypes, lists of them, or constant tensors)", g->domain, g->name, k,
                       val_type_name(in, v));
            return val_error(in);
        }
    }
    for (int i = 0; i < g->n_outputs; i++)
        set_output_type(g, node->outputs[i], i);
    ir_model_add_opset(L->model, g->domain, bridge_symbolic_domain_version(in, g->domain));
    if (!g->ok)
        return val_error(in);
    if (node->n_outputs == 1)
        return bridge_wrap(in, node->outputs[0]);
    Value *t = val_tuple(in, node->n_outputs);
    for (int i = 0; i < node->n_outputs; i++)
        val_list_push(in, t->u.list, bridge_wrap(in, node->outputs[i]));
    return t;
}

Value *bridge_generic_op(Interp *in, CallArgs *args, Span span)
{
    Value *name = args->n_pos > 0 ? args->pos[0] : NULL;
    if (!name || name->kind != VK_STR)
        return interp_error(in, span, "onnx.op expects the operator's name first, e.g. onnx.op(\"custom_domain::Foo\", x)");
    GenericOp g = {.in = in, .span = span, .n_outputs = 1, .ok = true};
    const char *text = name->u.s.ptr, *sep = strstr(text, "::");
    g.domain = sep ? arena_strndup(in->arena, text, (size_t)(sep - text)) : "";
    g.name = intern(&in->c->names, sep ? sep + 2 : text);
    if (!g.name[0] || strchr(g.name, ':'))
        return interp_error(in, span, "onnx.op(\"%s\"): expected \"OP\" or \"DOMAIN::OP\"", text);
    CallArgs rest = *args;
    rest.pos = args->pos + 1;
    rest.n_pos = args->n_pos - 1;
    rest.pos_spans = args->pos_spans ? args->pos_spans + 1 : NULL;
    if (!g.domain[0] || strcmp(g.domain, "ai.onnx") == 0) {
        OnnxOp *op = arena_alloc(in->arena, sizeof *op);
        op->name = g.name;
        op->domain = "";
        return bridge_onnx_call(in, op, &rest, span);
    }
    if (!in->lower || !in->lower->model || !in->lowering)
        return interp_error(in, span, "onnx.op(\"%s\") can only be used in forward()", text);
    if (!generic_options(&g, args))
        return val_error(in);
    return emit_custom(&g, args);
}
