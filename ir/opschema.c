/* The operator schema table's interface: lookup by name and opset over the
 * table parts (ir/ops_*.c), attribute defaults, type variables, and
 * opschema_infer(), which checks a node's inputs against its row (arity,
 * type constraints, one element type per type variable) before running the
 * row's shape function (ir/shape*.c). */
#include "ir/opschema.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir/shape.h"

typedef struct TablePart {
    const OpSchema *rows;
    const int *count;
} TablePart;

static const TablePart table_parts[] = {
    {opschema_math_rows, &opschema_math_count},
    {opschema_logic_rows, &opschema_logic_count},
    {opschema_activation_rows, &opschema_activation_count},
    {opschema_nn_rows, &opschema_nn_count},
    {opschema_reduce_rows, &opschema_reduce_count},
    {opschema_tensor_rows, &opschema_tensor_count},
    {opschema_gen_rows, &opschema_gen_count},
    {opschema_vision_rows, &opschema_vision_count},
    {opschema_signal_rows, &opschema_signal_count},
};

#define N_PARTS ((int)(sizeof table_parts / sizeof table_parts[0]))

/* Fixed types written in place of a type variable. */
static const OpTypeVar fixed_types[] = {
    {"tensor(int64)", DTS(DT_INT64), 0},
    {"tensor(int32)", DTS(DT_INT32), 0},
    {"tensor(float)", DTS(DT_FLOAT), 0},
    {"tensor(bool)", DTS(DT_BOOL), 0},
    {"tensor(string)", DTS(DT_STRING), 0},
};

int opschema_n_inputs(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_INPUTS && s->inputs[n].name)
        n++;
    return n;
}

int opschema_n_outputs(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_OUTPUTS && s->outputs[n].name)
        n++;
    return n;
}

int opschema_n_attrs(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_ATTRS && s->attrs[n].name)
        n++;
    return n;
}

int opschema_n_typevars(const OpSchema *s)
{
    int n = 0;
    while (n < OP_MAX_TYPEVARS && s->types[n].name)
        n++;
    return n;
}

int opschema_count(void)
{
    int n = 0;
    for (int p = 0; p < N_PARTS; p++)
        n += *table_parts[p].count;
    return n;
}

const OpSchema *opschema_at(int i)
{
    for (int p = 0; p < N_PARTS && i >= 0; p++) {
        if (i < *table_parts[p].count)
            return &table_parts[p].rows[i];
        i -= *table_parts[p].count;
    }
    return NULL;
}

/* The first row of NAME in its part, by binary search; NULL if absent. */
static const OpSchema *first_row(const char *name, const char *domain, int *nrows)
{
    for (int p = 0; p < N_PARTS; p++) {
        const OpSchema *rows = table_parts[p].rows;
        int lo = 0, hi = *table_parts[p].count;
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (strcmp(rows[mid].name, name) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        int end = lo;
        while (end < *table_parts[p].count && strcmp(rows[end].name, name) == 0)
            end++;
        if (end > lo && strcmp(rows[lo].domain, domain) == 0) {
            *nrows = end - lo;
            return &rows[lo];
        }
    }
    return NULL;
}

const OpSchema *opschema_find(const char *name, const char *domain, int opset, int *first_opset)
{
    int nrows = 0;
    const OpSchema *rows = first_row(name, domain ? domain : "", &nrows);
    const OpSchema *found = NULL;
    int first = 0;
    if (rows) {
        for (int i = 0; i < nrows; i++)
            if (rows[i].since <= opset)
                found = &rows[i];
        first = rows[0].since;
        if (rows[0].removed && opset >= rows[0].removed) {
            found = NULL;
            first = -1;
        }
    }
    if (!found && first_opset)
        *first_opset = first;
    return found;
}

int opschema_version_at(const OpSchema *s, int opset)
{
    if (s->removed && opset >= s->removed)
        return 0;
    int v = 0;
    for (int i = 0; i < OP_MAX_VERSIONS && s->versions[i]; i++)
        if (s->versions[i] <= opset)
            v = s->versions[i];
    return v;
}

const OpAttrDef *opschema_attr(const OpSchema *s, const char *name)
{
    for (int i = 0; i < OP_MAX_ATTRS && s->attrs[i].name; i++)
        if (strcmp(s->attrs[i].name, name) == 0)
            return &s->attrs[i];
    return NULL;
}

const OpTypeVar *opschema_typevar(const OpSchema *s, const char *name)
{
    for (int i = 0; i < OP_MAX_TYPEVARS && s->types[i].name; i++)
        if (strcmp(s->types[i].name, name) == 0)
            return &s->types[i];
    for (size_t i = 0; i < sizeof fixed_types / sizeof fixed_types[0]; i++)
        if (strcmp(fixed_types[i].name, name) == 0)
            return &fixed_types[i];
    return NULL;
}

int opschema_typevar_index(const OpSchema *s, const char *name)
{
    for (int i = 0; i < OP_MAX_TYPEVARS && s->types[i].name; i++)
        if (strcmp(s->types[i].name, name) == 0)
            return i;
    return -1;
}

static const OpParam *param_at(const OpParam *params, int n, int i)
{
    if (i < 0)
        return NULL;
    if (i < n)
        return &params[i];
    if (n > 0 && params[n - 1].arity == OP_VARIADIC)
        return &params[n - 1];
    return NULL;
}

const OpParam *opschema_input_param(const OpSchema *s, int i)
{
    return param_at(s->inputs, opschema_n_inputs(s), i);
}

const OpParam *opschema_output_param(const OpSchema *s, int i)
{
    return param_at(s->outputs, opschema_n_outputs(s), i);
}

/* ---- defaults ------------------------------------------------------------ */

static bool parse_int(const char *s, int64_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno)
        return false;
    *v = (int64_t)x;
    return true;
}

static bool parse_float(const char *s, float *v)
{
    char *end;
    errno = 0;
    float x = strtof(s, &end);
    if (end == s || *end != '\0' || errno)
        return false;
    *v = x;
    return true;
}

/* Splits "[a, b, c]" into trimmed items (in A); false if not bracketed. */
static bool split_list(Arena *a, const char *text, const char ***items, int *n)
{
    size_t len = strlen(text);
    if (len < 2 || text[0] != '[' || text[len - 1] != ']')
        return false;
    *n = 0;
    *items = arena_alloc(a, sizeof(char *) * (len + 1));
    const char *p = text + 1, *end = text + len - 1;
    while (p < end) {
        while (p < end && *p == ' ')
            p++;
        const char *q = p;
        while (q < end && *q != ',')
            q++;
        const char *r = q;
        while (r > p && r[-1] == ' ')
            r--;
        if (r > p)
            (*items)[(*n)++] = arena_strndup(a, p, (size_t)(r - p));
        p = q + 1;
    }
    return true;
}

static bool default_list(const OpAttrDef *d, Arena *a, IrAttr *out)
{
    const char **items;
    int n;
    if (!split_list(a, d->default_text, &items, &n))
        return false;
    out->n = n;
    out->strings = items;
    if (d->kind == IR_ATTR_INTS) {
        out->ints = arena_alloc(a, sizeof(int64_t) * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            if (!parse_int(items[i], &out->ints[i]))
                return false;
        out->strings = NULL;
    } else if (d->kind == IR_ATTR_FLOATS) {
        out->floats = arena_alloc(a, sizeof(float) * (size_t)(n + 1));
        for (int i = 0; i < n; i++)
            if (!parse_float(items[i], &out->floats[i]))
                return false;
        out->strings = NULL;
    }
    return true;
}

bool opschema_default(const OpAttrDef *d, Arena *a, IrAttr *out)
{
    *out = (IrAttr){.name = d->name, .kind = d->kind};
    if (!d->default_text)
        return false;
    switch (d->kind) {
    case IR_ATTR_INT:
        return parse_int(d->default_text, &out->i);
    case IR_ATTR_FLOAT:
        return parse_float(d->default_text, &out->f);
    case IR_ATTR_STRING:
        out->s = d->default_text;
        return true;
    case IR_ATTR_INTS:
    case IR_ATTR_FLOATS:
    case IR_ATTR_STRINGS:
        return default_list(d, a, out);
    default:
        return false;
    }
}

static const char *const extra_dtype_names[] = {
    [ONNX_FLOAT8E4M3FN] = "float8e4m3fn", [ONNX_FLOAT8E4M3FNUZ] = "float8e4m3fnuz",
    [ONNX_FLOAT8E5M2] = "float8e5m2", [ONNX_FLOAT8E5M2FNUZ] = "float8e5m2fnuz",
    [ONNX_UINT4] = "uint4", [ONNX_INT4] = "int4", [ONNX_FLOAT4E2M1] = "float4e2m1",
};

const char *opschema_dtypes_str(Arena *a, DTypeSet set)
{
    char *s = arena_strdup(a, "");
    for (int t = 1; t < ONNX_DTYPE_LIMIT; t++) {
        if (!(set & DTS(t)))
            continue;
        const char *name = t < DT_COUNT ? dtype_name((DType)t) : extra_dtype_names[t];
        s = arena_sprintf(a, "%s%s%s", s, *s ? ", " : "", name);
    }
    return s;
}

/* ---- inference ---------------------------------------------------------- */

/* Arity: required inputs present, no more inputs or outputs than allowed. */
static bool check_arity(ShapeCtx *c)
{
    const OpSchema *s = c->schema;
    IrNode *n = c->node;
    int nin = opschema_n_inputs(s), nout = opschema_n_outputs(s);
    bool in_var = nin > 0 && s->inputs[nin - 1].arity == OP_VARIADIC;
    bool out_var = nout > 0 && s->outputs[nout - 1].arity == OP_VARIADIC;
    if (!in_var && n->n_inputs > nin)
        return sh_error(c, "%s: expects at most %d input%s, got %d", s->name, nin,
                        nin == 1 ? "" : "s", n->n_inputs);
    if (!out_var && n->n_outputs > nout)
        return sh_error(c, "%s: has at most %d output%s, got %d", s->name, nout,
                        nout == 1 ? "" : "s", n->n_outputs);
    for (int i = 0; i < nin; i++) {
        const OpParam *p = &s->inputs[i];
        bool present = i < n->n_inputs && n->inputs[i];
        if (p->arity == OP_SINGLE && !present)
            return sh_error(c, "%s: missing input '%s'", s->name, p->name);
        if (p->arity == OP_VARIADIC && !p->heterogeneous && !present)
            return sh_error(c, "%s: needs at least one '%s' input", s->name, p->name);
    }
    return true;
}

static bool form_allowed(const OpTypeVar *tv, const IrType *t)
{
    unsigned forms = tv->forms ? tv->forms : OPF_TENSOR;
    switch (t->kind) {
    case IR_TYPE_TENSOR:
        return forms & OPF_TENSOR;
    case IR_TYPE_SEQUENCE:
        return forms & OPF_SEQ;
    case IR_TYPE_OPTIONAL:
        if (t->elem && t->elem->kind == IR_TYPE_SEQUENCE)
            return forms & OPF_OPT_SEQ;
        return forms & (OPF_OPT_TENSOR | OPF_OPT_SEQ);
    }
    return false;
}

static const char *kind_str(IrTypeKind k)
{
    return k == IR_TYPE_TENSOR ? "a tensor" : k == IR_TYPE_SEQUENCE ? "a sequence" : "an optional";
}

/* The element type inside a tensor, sequence or optional type. */
static DType elem_dtype(const IrType *t)
{
    while (t && t->kind != IR_TYPE_TENSOR)
        t = t->elem;
    return t ? t->dtype : DT_UNDEFINED;
}

/* "A", or "inputs[2]" for the third entry of a variadic parameter. */
static const char *input_label(ShapeCtx *c, int i)
{
    const OpSchema *s = c->schema;
    int nin = opschema_n_inputs(s);
    const OpParam *p = opschema_input_param(s, i);
    if (p->arity != OP_VARIADIC)
        return p->name;
    return arena_sprintf(c->arena, "%s[%d]", p->name, i - (nin - 1));
}

/* Checks input I against its type variable and binds the variable. */
static bool check_input_type(ShapeCtx *c, int i, int *binder)
{
    const OpSchema *s = c->schema;
    const OpParam *p = opschema_input_param(s, i);
    const IrType *t = &c->node->inputs[i]->type;
    const OpTypeVar *tv = opschema_typevar(s, p->typevar);
    if (!tv)
        return true;
    if (!form_allowed(tv, t))
        return sh_error(c, "%s: input '%s' cannot be %s", s->name, input_label(c, i),
                        kind_str(t->kind));
    DType dt = elem_dtype(t);
    if (dt != DT_UNDEFINED && !(tv->tensor_types & DTS(dt)))
        return sh_error(c, "%s: input '%s' has element type %s, not one of %s (%s)", s->name,
                        input_label(c, i), dtype_name(dt), p->typevar,
                        opschema_dtypes_str(c->arena, tv->tensor_types));
    int k = opschema_typevar_index(s, p->typevar);
    if (k < 0 || p->heterogeneous || dt == DT_UNDEFINED)
        return true;
    if (c->bound[k] == DT_UNDEFINED) {
        c->bound[k] = dt;
        c->bound_kind[k] = t->kind;
        binder[k] = i;
        return true;
    }
    if (c->bound[k] != dt || c->bound_kind[k] != t->kind) {
        return sh_error(c, "%s: inputs '%s' and '%s' must have the same type (%s), found %s and %s",
                        s->name, input_label(c, binder[k]), input_label(c, i), p->typevar,
                        dtype_name(c->bound[k]), dtype_name(dt));
    }
    return true;
}

bool opschema_infer(const OpSchema *s, IrNode *n, IrTensor *const *const_inputs,
                    int opset, Arena *a, Diag *d)
{
    ShapeCtx ctx = {
        .arena = a, .diag = d, .names = n->graph->model->names, .opset = opset,
        .schema = s, .node = n, .const_inputs = const_inputs,
    };
    int binder[OP_MAX_TYPEVARS] = {0};
    if (!check_arity(&ctx))
        return false;
    for (int i = 0; i < n->n_inputs; i++)
        if (n->inputs[i] && !check_input_type(&ctx, i, binder))
            return false;
    return s->shape ? s->shape(&ctx) : true;
}
