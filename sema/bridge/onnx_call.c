/* The onnx.* primitive: one call in the model language, one node in the
 * graph.
 *
 *   onnx.Gemm(a, w, b, transB=1)      positional = inputs in schema order
 *                                     (None = omitted optional input)
 *   onnx.Concat(*xs, axis=1)          variadic inputs
 *   onnx.TopK(x, k, _outputs=2)       _outputs = how many outputs to return
 *
 * Attributes must be known at compile time; inputs may be tensors, run-time
 * scalars, or Python numbers and lists, which become constants whose element
 * type comes from the type variable they share with the other inputs. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

typedef struct OnnxCall {
    Interp *in;
    const OnnxOp *op;
    const OpSchema *schema;
    Span span;
    Value *inputs[64];
    Span input_spans[64];
    const OpParam *params[64];  /* schema parameter of each input */
    int n_inputs;
    int n_outputs;
    DType bound[OP_MAX_TYPEVARS];
    bool ok;
} OnnxCall;

static void call_error(OnnxCall *k, Span span, const char *fmt, const char *a, const char *b)
{
    char msg[512];
    snprintf(msg, sizeof msg, fmt, a, b);
    interp_error(k->in, span, "onnx.%s: %s", k->op->name, msg);
    k->ok = false;
}

/* ---- schema lookup ---- */

static const OpSchema *find_schema(Interp *in, const OnnxOp *op, Span span)
{
    int first = 0;
    int opset = in->lower->opset;
    const OpSchema *s = opschema_find(op->name, op->domain, opset, &first);
    if (s)
        return s;
    if (first > 0)
        interp_error(in, span, "onnx.%s needs opset %d or later (compiling for opset %d)", op->name, first, opset);
    else if (first < 0)
        interp_error(in, span, "onnx.%s does not exist at opset %d", op->name, opset);
    else
        interp_error(in, span, "unknown ONNX operator 'onnx.%s'", op->name);
    return NULL;
}

/* ---- inputs ---- */

static int schema_input_count(const OpSchema *s, bool *variadic)
{
    int n = opschema_n_inputs(s);
    *variadic = n > 0 && s->inputs[n - 1].arity == OP_VARIADIC;
    return n;
}

static void collect_inputs(OnnxCall *k, CallArgs *args)
{
    bool variadic;
    int n = schema_input_count(k->schema, &variadic);
    if (args->n_pos > 64 || (!variadic && args->n_pos > n)) {
        char got[32], want[32];
        snprintf(got, sizeof got, "%d", args->n_pos);
        snprintf(want, sizeof want, "%d", n);
        call_error(k, k->span, "takes at most %s inputs, %s given", want, got);
        return;
    }
    for (int i = 0; i < args->n_pos; i++) {
        int p = i < n ? i : n - 1;
        k->params[i] = &k->schema->inputs[p];
        k->inputs[i] = args->pos[i]->kind == VK_NONE ? NULL : args->pos[i];
        k->input_spans[i] = args->pos_spans ? args->pos_spans[i] : k->span;
    }
    k->n_inputs = args->n_pos;
    /* trailing omitted inputs are left out of the node, not written as
     * empty names (ONNX Runtime's LayerNormalization crashes on those) */
    while (k->n_inputs > 0 && !k->inputs[k->n_inputs - 1] && k->params[k->n_inputs - 1]->arity != OP_SINGLE)
        k->n_inputs--;
    for (int i = args->n_pos; i < n; i++) {
        if (k->schema->inputs[i].arity == OP_SINGLE) {
            call_error(k, k->span, "missing required input '%s'%s", k->schema->inputs[i].name, "");
            return;
        }
    }
    for (int i = 0; i < k->n_inputs; i++)
        if (!k->inputs[i] && k->params[i]->arity == OP_SINGLE)
            call_error(k, k->input_spans[i], "input '%s' cannot be None%s", k->params[i]->name, "");
}

static int typevar_index(const OpSchema *s, const char *name)
{
    for (int i = 0; i < OP_MAX_TYPEVARS && s->types[i].name; i++)
        if (strcmp(s->types[i].name, name) == 0)
            return i;
    return -1;
}

/* Element type of an input value: tensors and run-time scalars have one;
 * Python numbers and lists do not (yet). */
static DType value_elem_type(const Value *v)
{
    if (v->kind == VK_TENSOR)
        return v->u.tensor->dtype;
    if (val_is_dynamic_scalar(v))
        return v->kind == VK_INT ? DT_INT64 : v->kind == VK_FLOAT ? DT_FLOAT : DT_BOOL;
    return DT_UNDEFINED;
}

static void bind_types(OnnxCall *k)
{
    for (int i = 0; i < k->n_inputs && k->ok; i++) {
        if (!k->inputs[i])
            continue;
        DType dt = value_elem_type(k->inputs[i]);
        if (dt == DT_UNDEFINED)
            continue;
        int tv = typevar_index(k->schema, k->params[i]->typevar);
        if (tv < 0)
            continue;
        const OpTypeVar *t = &k->schema->types[tv];
        if (!(t->tensor_types & DTS(dt))) {
            call_error(k, k->input_spans[i], "input '%s' has element type %s, which the operator does not accept",
                       k->params[i]->name, dtype_name(dt));
            return;
        }
        if (k->bound[tv] != DT_UNDEFINED && k->bound[tv] != dt) {
            char both[96];
            snprintf(both, sizeof both, "%s and %s", dtype_name(k->bound[tv]), dtype_name(dt));
            call_error(k, k->input_spans[i], "inputs bound to type %s have different element types (%s)",
                       t->name, both);
            return;
        }
        k->bound[tv] = dt;
    }
}

/* The element type a Python constant takes in input I. */
static DType constant_type(OnnxCall *k, int i, Value *v)
{
    int tv = typevar_index(k->schema, k->params[i]->typevar);
    if (tv < 0) {
        /* a fixed type such as tensor(int64): its one element type */
        const OpTypeVar *fixed = opschema_typevar(k->schema, k->params[i]->typevar);
        for (int d = 0; fixed && d < DT_COUNT; d++)
            if (fixed->tensor_types == DTS(d))
                return (DType)d;
        return DT_UNDEFINED;
    }
    if (k->bound[tv] != DT_UNDEFINED)
        return k->bound[tv];
    DTypeSet allowed = k->schema->types[tv].tensor_types;
    if (allowed && !(allowed & (allowed - 1))) {
        for (int d = 0; d < DT_COUNT; d++)
            if (allowed & DTS(d))
                return (DType)d;
    }
    Tensor *probe = bridge_const_tensor(k->in, v, DT_UNDEFINED, k->span);
    DType natural = probe ? probe->dtype : DT_FLOAT;
    if (allowed & DTS(natural))
        return natural;
    if (natural == DT_INT64 && (allowed & DTS(DT_FLOAT)))
        return DT_FLOAT;
    return natural;
}

static void convert_constants(OnnxCall *k)
{
    for (int i = 0; i < k->n_inputs && k->ok; i++) {
        Value *v = k->inputs[i];
        if (!v || v->kind == VK_TENSOR || val_is_dynamic_scalar(v))
            continue;
        if (v->kind == VK_ERROR) {
            k->ok = false;
            return;
        }
        DType dt = constant_type(k, i, v);
        Tensor *t = bridge_const_tensor(k->in, v, dt, k->input_spans[i]);
        if (!t) {
            call_error(k, k->input_spans[i], "input '%s' must be a tensor or a number, found '%s'",
                       k->params[i]->name, val_type_name(k->in, v));
            return;
        }
        k->inputs[i] = val_tensor(k->in, t);
        int tv = typevar_index(k->schema, k->params[i]->typevar);
        if (tv >= 0 && k->bound[tv] == DT_UNDEFINED)
            k->bound[tv] = t->dtype;
    }
}

/* ---- attributes ---- */

static bool attr_ints(Interp *in, Value *v, int64_t **out, int *n)
{
    if (v->kind != VK_LIST && v->kind != VK_TUPLE)
        return false;
    *n = v->u.list->len;
    *out = arena_alloc(in->arena, sizeof(int64_t) * (size_t)(*n + 1));
    for (int i = 0; i < *n; i++) {
        Value *x = v->u.list->items[i];
        if ((x->kind != VK_INT && x->kind != VK_BOOL) || x->dyn)
            return false;
        (*out)[i] = x->kind == VK_INT ? x->u.i : x->u.b;
    }
    return true;
}

static bool attr_floats(Interp *in, Value *v, float **out, int *n)
{
    if (v->kind != VK_LIST && v->kind != VK_TUPLE)
        return false;
    *n = v->u.list->len;
    *out = arena_alloc(in->arena, sizeof(float) * (size_t)(*n + 1));
    for (int i = 0; i < *n; i++) {
        Value *x = v->u.list->items[i];
        if (x->dyn || (x->kind != VK_INT && x->kind != VK_FLOAT && x->kind != VK_BOOL))
            return false;
        (*out)[i] = (float)(x->kind == VK_FLOAT ? x->u.f : x->kind == VK_INT ? (double)x->u.i : x->u.b);
    }
    return true;
}

static bool attr_strings(Interp *in, Value *v, const char ***out, int *n)
{
    if (v->kind != VK_LIST && v->kind != VK_TUPLE)
        return false;
    *n = v->u.list->len;
    *out = arena_alloc(in->arena, sizeof(char *) * (size_t)(*n + 1));
    for (int i = 0; i < *n; i++) {
        if (v->u.list->items[i]->kind != VK_STR)
            return false;
        (*out)[i] = v->u.list->items[i]->u.s.ptr;
    }
    return true;
}

/* Sets attribute DEF on NODE from V; false when V has the wrong kind. */
static bool set_attribute(Interp *in, IrNode *node, const OpAttrDef *def, Value *v, Span span)
{
    bool is_num = (v->kind == VK_INT || v->kind == VK_BOOL || v->kind == VK_FLOAT) && !v->dyn;
    switch (def->kind) {
    case IR_ATTR_INT:
        if (v->kind == VK_DTYPE) {
            ir_set_attr_int(node, def->name, v->u.dtype);
            return true;
        }
        if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn)
            return false;
        ir_set_attr_int(node, def->name, v->kind == VK_INT ? v->u.i : v->u.b);
        return true;
    case IR_ATTR_FLOAT:
        if (!is_num)
            return false;
        ir_set_attr_float(node, def->name, (float)(v->kind == VK_FLOAT ? v->u.f : v->kind == VK_INT ? (double)v->u.i : v->u.b));
        return true;
    case IR_ATTR_STRING:
        if (v->kind != VK_STR)
            return false;
        ir_set_attr_string(node, def->name, v->u.s.ptr);
        return true;
    case IR_ATTR_INTS: {
        int64_t *xs;
        int n;
        if (!attr_ints(in, v, &xs, &n))
            return false;
        ir_set_attr_ints(node, def->name, xs, n);
        return true;
    }
    case IR_ATTR_FLOATS: {
        float *xs;
        int n;
        if (!attr_floats(in, v, &xs, &n))
            return false;
        ir_set_attr_floats(node, def->name, xs, n);
        return true;
    }
    case IR_ATTR_STRINGS: {
        const char **xs;
        int n;
        if (!attr_strings(in, v, &xs, &n))
            return false;
        ir_set_attr_strings(node, def->name, xs, n);
        return true;
    }
    case IR_ATTR_TENSOR: {
        Tensor *t = v->kind == VK_TENSOR ? v->u.tensor : bridge_const_tensor(in, v, DT_UNDEFINED, span);
        if (!t || !t->is_static)
            return false;
        ir_set_attr_tensor(node, def->name, bridge_tensor_data(in, t));
        return true;
    }
    default:
        return false;
    }
}

static const char *attr_kind_text(IrAttrKind k)
{
    switch (k) {
    case IR_ATTR_INT: return "an int";
    case IR_ATTR_FLOAT: return "a float";
    case IR_ATTR_STRING: return "a string";
    case IR_ATTR_INTS: return "a list of ints";
    case IR_ATTR_FLOATS: return "a list of floats";
    case IR_ATTR_STRINGS: return "a list of strings";
    case IR_ATTR_TENSOR: return "a constant tensor";
    case IR_ATTR_GRAPH: return "a graph";
    default: return "a value";
    }
}

static void check_attributes(OnnxCall *k, CallArgs *args)
{
    Interp *in = k->in;
    for (int i = 0; i < args->n_kw && k->ok; i++) {
        const char *name = args->kw_names[i];
        Value *v = args->kw_values[i];
        if (strcmp(name, "_outputs") == 0) {
            if (v->kind != VK_INT || v->dyn || v->u.i < 1 || v->u.i > OP_MAX_OUTPUTS * 16)
                call_error(k, k->span, "_outputs must be a positive compile-time integer%s%s", "", "");
            else
                k->n_outputs = (int)v->u.i;
            continue;
        }
        const OpAttrDef *def = opschema_attr(k->schema, name);
        if (!def) {
            call_error(k, k->span, "has no attribute '%s'%s", name, "");
            continue;
        }
        if (!val_is_static(v) && v->kind != VK_NONE) {
            interp_error(in, k->span, "onnx.%s: attribute '%s' needs a value known at compile time; "
                       "this one is computed at run time", k->op->name, name);
            k->ok = false;
        }
    }
    for (int i = 0; i < OP_MAX_ATTRS && k->schema->attrs[i].name && k->ok; i++) {
        const OpAttrDef *def = &k->schema->attrs[i];
        if (def->required && !interp_arg(args, -1, def->name))
            call_error(k, k->span, "missing required attribute '%s'%s", def->name, "");
    }
}

static void apply_attributes(OnnxCall *k, CallArgs *args, IrNode *node)
{
    for (int i = 0; i < args->n_kw; i++) {
        const char *name = args->kw_names[i];
        Value *v = args->kw_values[i];
        if (strcmp(name, "_outputs") == 0 || v->kind == VK_NONE)
            continue;
        const OpAttrDef *def = opschema_attr(k->schema, name);
        if (def && !set_attribute(k->in, node, def, v, k->span)) {
            call_error(k, k->span, "attribute '%s' must be %s", name, attr_kind_text(def->kind));
            return;
        }
    }
}

/* ---- emission ---- */

static int default_output_count(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_OUTPUTS && s->outputs[n].name && s->outputs[n].arity == OP_SINGLE)
        n++;
    return n ? n : 1;
}

/* Constant values of small static inputs, for shape inference (Reshape's
 * shape, Unsqueeze's axes ...). */
static IrTensor **constant_inputs(Interp *in, OnnxCall *k)
{
    IrTensor **c = arena_alloc(in->arena, sizeof(IrTensor *) * (size_t)(k->n_inputs + 1));
    for (int i = 0; i < k->n_inputs; i++) {
        Value *v = k->inputs[i];
        if (!v || v->kind != VK_TENSOR || !v->u.tensor->is_static)
            continue;
        Tensor *t = v->u.tensor;
        int64_t n = 1;
        for (int d = 0; d < t->rank; d++)
            n *= t->dims[d].value;
        if (n <= 4096)
            c[i] = bridge_tensor_data(in, t);
    }
    return c;
}

static Value *wrap_outputs(Interp *in, IrNode *node)
{
    if (node->n_outputs == 1)
        return bridge_wrap(in, node->outputs[0]);
    Value *t = val_tuple(in, node->n_outputs);
    for (int i = 0; i < node->n_outputs; i++)
        val_list_push(in, t->u.list, bridge_wrap(in, node->outputs[i]));
    return t;
}

static Value *emit_node(OnnxCall *k, CallArgs *args)
{
    Interp *in = k->in;
    Lower *L = in->lower;
    IrValue **ir_in = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(k->n_inputs + 1));
    for (int i = 0; i < k->n_inputs; i++) {
        if (!k->inputs[i])
            continue;
        ir_in[i] = bridge_ir_of(in, k->inputs[i], k->input_spans[i]);
        if (!ir_in[i])
            return val_error(in);
    }
    /* the node is attributed to the user's line that led to it */
    IrNode *node = lower_node(L, k->schema, k->op->name, k->op->domain, ir_in, k->n_inputs, k->n_outputs,
                              interp_user_span(in, k->span));
    apply_attributes(k, args, node);
    if (!k->ok)
        return val_error(in);
    IrTensor **consts = constant_inputs(in, k);
    int errors = in->c->diag.nerrors;
    Diag *d = &in->c->diag;
    if (!opschema_infer(k->schema, node, consts, L->opset, in->arena, d)) {
        if (d->nerrors == errors)
            interp_error(in, k->span, "onnx.%s: shape inference failed", k->op->name);
        return val_error(in);
    }
    return wrap_outputs(in, node);
}

/* ---- build time ----
 *
 * Outside forward() (in __init__, module-level code, --arg) there is no
 * graph: an operator on compile-time tensors runs at once in the evaluator
 * (eval/), as PyTorch runs it when the model is built, and its results are
 * compile-time tensors again.  The node is built in a scratch model, so
 * that the schema checks and shape inference are the graph's own. */

static Evaluator *build_evaluator(Interp *in)
{
    if (!in->evaluator) {
        in->evaluator = calloc(1, sizeof *in->evaluator);
        if (!in->evaluator) {
            fprintf(stderr, "tsc2onnx: fatal: out of memory\n");
            exit(4);
        }
        eval_init(in->evaluator, in->seed);
        /* its values become the model's constants */
        in->evaluator->portable_kernels = true;
        in->scratch = ir_model_new(in->arena, &in->c->names, in->opset);
    }
    return in->evaluator;
}

/* A compile-time tensor holding D. */
static Value *static_value(Interp *in, IrTensor *d)
{
    Tensor *t = arena_alloc(in->arena, sizeof *t);
    t->dtype = d->dtype;
    t->rank = d->rank;
    t->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(d->rank ? d->rank : 1));
    for (int i = 0; i < d->rank; i++)
        t->dims[i] = dim_known(d->dims[i]);
    t->is_static = true;
    t->data = d;
    t->init = TINIT_DATA;
    return val_tensor(in, t);
}

/* The node's outputs as compile-time tensors, or poison after reporting. */
static Value *static_outputs(OnnxCall *k, IrNode *node, EvalValue **out)
{
    Interp *in = k->in;
    Value *t = node->n_outputs == 1 ? NULL : val_tuple(in, node->n_outputs);
    Value *one = NULL;
    for (int i = 0; i < node->n_outputs; i++) {
        if (!out[i] || out[i]->kind != EVAL_TENSOR)
            return interp_error(in, k->span, "onnx.%s at compile time: output %d is not a tensor", k->op->name, i);
        if ((int64_t)((size_t)out[i]->numel * dtype_size(out[i]->dtype)) > in->c->limits.max_tensor_bytes)
            return interp_error(in, k->span, "onnx.%s at compile time: a result of %" PRId64 " elements is "
                                "larger than %" PRId64 " bytes (--limit tensor-bytes=N raises the limit)",
                                k->op->name, out[i]->numel, in->c->limits.max_tensor_bytes);
        one = static_value(in, eval_to_ir_tensor(in->arena, out[i]));
        if (t)
            val_list_push(in, t->u.list, one);
    }
    return t ? t : one;
}

static Value *evaluate_now(OnnxCall *k, CallArgs *args)
{
    Interp *in = k->in;
    for (int i = 0; i < k->n_inputs; i++) {
        Value *v = k->inputs[i];
        if (v && (v->kind != VK_TENSOR || !v->u.tensor->is_static))
            return interp_error(in, k->input_spans[i], "onnx.%s: input '%s' is known only when the graph "
                                "runs, outside forward()", k->op->name, k->params[i]->name);
    }
    Evaluator *ev = build_evaluator(in);
    IrGraph *g = in->scratch->graph;
    IrValue **ir_in = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(k->n_inputs + 1));
    IrTensor **consts = arena_alloc(in->arena, sizeof(IrTensor *) * (size_t)(k->n_inputs + 1));
    for (int i = 0; i < k->n_inputs; i++) {
        if (!k->inputs[i])
            continue;
        consts[i] = bridge_tensor_data(in, k->inputs[i]->u.tensor);
        ir_in[i] = ir_add_initializer(g, "input", consts[i], k->span);
    }
    IrNode *node = ir_node_new(g, k->op->name, k->op->domain, ir_in, k->n_inputs, k->n_outputs, k->span);
    node->schema = k->schema;
    apply_attributes(k, args, node);
    if (!k->ok)
        return val_error(in);
    int errors = in->c->diag.nerrors;
    if (!opschema_infer(k->schema, node, consts, in->opset, in->arena, &in->c->diag)) {
        if (in->c->diag.nerrors == errors)
            interp_error(in, k->span, "onnx.%s: shape inference failed", k->op->name);
        return val_error(in);
    }
    EvalValue **inputs = calloc((size_t)k->n_inputs + 1, sizeof *inputs);
    EvalValue **out = calloc((size_t)node->n_outputs + 1, sizeof *out);
    bool ok = inputs && out;
    for (int i = 0; ok && i < k->n_inputs; i++)
        ok = !consts[i] || (inputs[i] = eval_tensor_borrow(consts[i])) != NULL;
    EvalStatus st = ok ? eval_node(ev, node, inputs, out) : EVAL_ERROR;
    Value *r = st == EVAL_OK ? static_outputs(k, node, out)
             : interp_error(in, k->span, "onnx.%s at compile time: %s", k->op->name,
                            ok ? eval_error(ev) : "out of memory");
    for (int i = 0; inputs && i < k->n_inputs; i++)
        eval_release(inputs[i]);
    for (int i = 0; out && i < node->n_outputs; i++)
        eval_release(out[i]);
    free(inputs);
    free(out);
    return r;
}

Value *bridge_onnx_call(Interp *in, const OnnxOp *op, CallArgs *args, Span span)
{
    if (!in->lower || !in->lower->model)
        return interp_error(in, span, "onnx.%s cannot be used here", op->name);
    if (strcmp(op->name, "op") == 0 && !op->domain[0])
        return bridge_generic_op(in, args, span);    /* onnx.op("domain::Op", ...) */
    OnnxCall k = {.in = in, .op = op, .span = span, .ok = true};
    k.schema = find_schema(in, op, span);
    if (!k.schema)
        return val_error(in);
    k.n_outputs = default_output_count(k.schema);
    collect_inputs(&k, args);
    if (k.ok)
        check_attributes(&k, args);
    if (k.ok)
        bind_types(&k);
    if (k.ok)
        convert_constants(&k);
    if (!k.ok)
        return val_error(in);
    if (!in->lowering)
        return evaluate_now(&k, args);
    return emit_node(&k, args);
}

void bridge_finish(Interp *in)
{
    if (in->evaluator) {
        eval_free(in->evaluator);
        free(in->evaluator);
        in->evaluator = NULL;
    }
}

