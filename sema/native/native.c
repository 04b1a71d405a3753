/* Natives: the few things the stdlib cannot write in the model language.
 *
 *   _native   tensor facts (shape, dtype, rank), PyTorch's type promotion,
 *             compile-time tensors (empty, full, tensor, arange) and their
 *             initialization recipes, parameters, module calls
 *   onnx      every attribute is an operator (onnx.Gemm ...)
 *   math      Python's math module
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "ir/symdim.h"
#include "sema/bridge/bridge.h"
#include "support/prng.h"
#include "sema/interp/interp.h"
#include "sema/flow/flow.h"
#include "sema/native/native.h"
#include "sema/types/types.h"

#define NATIVE(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)


/* ---- argument helpers ---- */

static Tensor *tensor_arg(Interp *in, CallArgs *a, int i, const char *fname, Span span)
{
    Value *v = interp_arg(a, i, NULL);
    if (!v || v->kind != VK_TENSOR) {
        if (!v || v->kind != VK_ERROR)
            interp_error(in, span, "%s() expects a tensor, found '%s'", fname, v ? val_type_name(in, v) : "nothing");
        return NULL;
    }
    return v->u.tensor;
}

static bool static_int(const Value *v, int64_t *out)
{
    if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn)
        return false;
    *out = v->kind == VK_INT ? v->u.i : v->u.b;
    return true;
}

static bool static_number(const Value *v, double *out)
{
    if (v->dyn)
        return false;
    if (v->kind == VK_FLOAT)
        *out = v->u.f;
    else if (v->kind == VK_INT)
        *out = (double)v->u.i;
    else if (v->kind == VK_BOOL)
        *out = v->u.b;
    else
        return false;
    return true;
}

static Tensor *owner_of(Tensor *t)
{
    return t->storage && t->storage != t ? t->storage : t;
}

/* ---- tensor facts ---- */

/* A run-time int holding dimension I of X: Shape, then Gather. */
static Value *dynamic_dim(Interp *in, Value *x, int i, Span span)
{
    OnnxOp shape_op = {"Shape", ""}, gather_op = {"Gather", ""};
    Value *pos[2] = {x, NULL};
    CallArgs sa = {.pos = pos, .n_pos = 1};
    Value *shape = bridge_onnx_call(in, &shape_op, &sa, span);
    if (!shape || shape->kind == VK_ERROR)
        return shape;
    pos[0] = shape;
    pos[1] = val_int(in, i);
    CallArgs ga = {.pos = pos, .n_pos = 2};
    Value *d = bridge_onnx_call(in, &gather_op, &ga, span);
    if (!d || d->kind == VK_ERROR)
        return d;
    Value *r = val_int(in, 0);
    r->dyn = bridge_ir_of(in, d, span);
    r->dim = x->u.tensor->dims[i];
    return r;
}

static Value *dim_value(Interp *in, Value *x, int i, Span span)
{
    Dim d = x->u.tensor->dims[i];
    if (d.value >= 0)
        return val_int(in, d.value);
    return dynamic_dim(in, x, i, span);
}

NATIVE(n_shape)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "shape", span);
    if (!t)
        return val_error(in);
    if (t->rank < 0)
        return interp_error(in, span, "the shape of this tensor is not known at compile time (unknown rank)");
    Value *r = val_tuple(in, t->rank);
    for (int i = 0; i < t->rank; i++) {
        Value *d = dim_value(in, a->pos[0], i, span);
        if (!d || d->kind == VK_ERROR)
            return d;
        val_list_push(in, r->u.list, d);
    }
    return r;
}

NATIVE(n_size)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "size", span);
    int64_t dim;
    if (!t)
        return val_error(in);
    if (a->n_pos < 2 || !static_int(a->pos[1], &dim))
        return interp_error(in, span, "size() dimension must be a compile-time integer");
    if (t->rank < 0)
        return interp_error(in, span, "the rank of this tensor is not known at compile time");
    if (dim < -t->rank || dim >= t->rank)
        return interp_raise(in, in->cls.index_error, span,
                         "Dimension out of range (expected to be in range of [%d, %d], but got %" PRId64 ")",
                         -t->rank, t->rank - 1, dim);
    return dim_value(in, a->pos[0], (int)(dim < 0 ? dim + t->rank : dim), span);
}

NATIVE(n_rank)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "dim", span);
    if (!t)
        return val_error(in);
    if (t->rank < 0)
        return interp_error(in, span, "the rank of this tensor is not known at compile time");
    return val_int(in, t->rank);
}

NATIVE(n_dtype_of)
{
    (void)self;
    Value *v = interp_arg(a, 0, NULL);
    if (v && val_is_dynamic_scalar(v))
        return val_dtype(in, v->kind == VK_INT ? DT_INT64 : v->kind == VK_FLOAT ? DT_FLOAT : DT_BOOL);
    Tensor *t = tensor_arg(in, a, 0, "dtype", span);
    return t ? val_dtype(in, t->dtype) : val_error(in);
}

NATIVE(n_is_tensor)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    return val_bool(in, v && v->kind == VK_TENSOR);
}

static bool is_complex_tensor(Interp *in, const Value *v)
{
    return v && v->kind == VK_INSTANCE && in->cls.complex_tensor && v->u.inst->cls == in->cls.complex_tensor;
}

/* is_complex_tensor(x): X is a complex tensor (stdlib/torch/_complex.ts),
 * or for a list or tuple, one of its items is; False for anything else,
 * an error value and a list of run-time length included. */
NATIVE(n_is_complex_tensor)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    if (v && (v->kind == VK_LIST || v->kind == VK_TUPLE)) {
        for (int i = 0; i < v->u.list->len; i++)
            if (is_complex_tensor(in, v->u.list->items[i]))
                return val_bool(in, true);
        return val_bool(in, false);
    }
    return val_bool(in, is_complex_tensor(in, v));
}

NATIVE(n_is_static)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    return val_bool(in, v && val_is_static(v));
}

NATIVE(n_is_floating)
{
    (void)self;
    Value *v = interp_arg(a, 0, NULL);
    if (!v || v->kind != VK_DTYPE)
        return interp_error(in, span, "is_floating() expects a dtype");
    return val_bool(in, dtype_is_float(v->u.dtype));
}

NATIVE(n_numel)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "numel", span);
    if (!t)
        return val_error(in);
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++) {
        if (t->dims[i].value < 0)
            return interp_error(in, span, "numel() of a tensor whose size is known only at run time is not supported yet");
        n *= t->dims[i].value;
    }
    return val_int(in, n);
}

NATIVE(n_instance_attr)
{
    (void)self;
    Value *obj = interp_arg(a, 0, NULL), *name = interp_arg(a, 1, NULL);
    if (!obj || !name || name->kind != VK_STR)
        return interp_error(in, span, "instance_attr(obj, name)");
    if (obj->kind != VK_INSTANCE)
        return val_none(in);
    Value *v = val_scope_get(obj->u.inst->attrs, name->u.s.ptr);
    return v ? v : val_none(in);
}

/* drop_instance_attr(obj, name): removes NAME from OBJ's own attributes
 * when it is there (nn.Module.__setattr__'s `remove_from(self.__dict__)`). */
NATIVE(n_drop_instance_attr)
{
    (void)self;
    Value *obj = interp_arg(a, 0, NULL), *name = interp_arg(a, 1, NULL);
    if (!obj || !name || name->kind != VK_STR)
        return interp_error(in, span, "drop_instance_attr(obj, name)");
    if (obj->kind == VK_INSTANCE && val_scope_get(obj->u.inst->attrs, name->u.s.ptr)) {
        flow_write_scope(in, obj->u.inst->attrs);
        val_scope_del(obj->u.inst->attrs, name->u.s.ptr);
    }
    return val_none(in);
}

/* module_dicts(m): (m._parameters, m._buffers, m._modules), each None when
 * unset: what Module.__getattr__ and __setattr__ read on every attribute,
 * in one call rather than three. */
NATIVE(n_module_dicts)
{
    (void)self;
    Value *obj = interp_arg(a, 0, NULL);
    if (!obj)
        return interp_error(in, span, "module_dicts(module)");
    static const char *const names[3] = {"_parameters", "_buffers", "_modules"};
    Value *t = val_tuple(in, 3);
    for (int i = 0; i < 3; i++) {
        Value *v = obj->kind == VK_INSTANCE ? val_scope_get(obj->u.inst->attrs, intern(&in->c->names, names[i])) : NULL;
        val_list_push(in, t->u.list, v ? v : val_none(in));
    }
    return t;
}

/* The registry NAME of module OBJ when it is a plain dict or None (*D is
 * then NULL); false for anything else, whose `in` only Python code answers. */
static bool plain_registry(Interp *in, const Value *obj, const char *name, Dict **d)
{
    Value *v = val_scope_get(obj->u.inst->attrs, intern(&in->c->names, name));
    *d = NULL;
    if (!v || v->kind == VK_NONE)
        return true;
    if (v->kind != VK_DICT || v->u.dict->cls)
        return false;
    *d = v->u.dict;
    return true;
}

/* The three registries of module OBJ, each a plain dict or NULL for None;
 * false when one is something else or OBJ is no instance. */
static bool plain_registries(Interp *in, const Value *obj, Dict **params, Dict **buffers, Dict **modules)
{
    return obj->kind == VK_INSTANCE && plain_registry(in, obj, "_parameters", params) &&
           plain_registry(in, obj, "_buffers", buffers) && plain_registry(in, obj, "_modules", modules);
}

static bool registry_has(Dict *d, Value *name)
{
    return d && val_dict_get(d, name);
}

/* module_member(m, name, absent): what nn.Module.__getattr__ finds first in
 * m._parameters, m._buffers and m._modules, or ABSENT when it finds nothing
 * there or a registry is not a plain dict: the Python code then decides
 * (its errors, parametrizations).  One call where the Python lookup took
 * some thirty evaluation steps, on every self.weight. */
NATIVE(n_module_member)
{
    (void)self;
    Value *obj = interp_arg(a, 0, NULL), *name = interp_arg(a, 1, NULL), *absent = interp_arg(a, 2, NULL);
    if (!obj || !name || !absent)
        return interp_error(in, span, "module_member(module, name, absent)");
    Dict *regs[3];
    if (name->kind != VK_STR || !plain_registries(in, obj, &regs[0], &regs[1], &regs[2]))
        return absent;
    for (int i = 0; i < 3; i++) {
        Value *v = regs[i] ? val_dict_get(regs[i], name) : NULL;
        if (v)
            return v;
    }
    return absent;
}

/* True when OBJ's class takes method NAME from nn.Module itself. */
static bool module_own_method(Interp *in, const Value *obj, const char *name)
{
    const char *id = intern(&in->c->names, name);
    Value *cls = interp_class_of(in, obj);
    return cls && cls->kind == VK_CLASS && interp_class_lookup(cls, id) == interp_class_lookup(in->cls.nn_module, id);
}

/* The non-persistent buffer names of OBJ hold no NAME (and are None or a
 * plain list of constants, as Module.__init__ makes them). */
static bool not_non_persistent(Interp *in, const Value *obj, const Value *name)
{
    Value *np = val_scope_get(obj->u.inst->attrs, intern(&in->c->names, "_non_persistent_buffers"));
    if (!np || np->kind == VK_NONE)
        return true;
    if (np->kind != VK_LIST || np->u.list->cls || np->u.list->dyn)
        return false;
    for (int i = 0; i < np->u.list->len; i++)
        if (!val_is_static(np->u.list->items[i]) || val_equal_static(np->u.list->items[i], name))
            return false;
    return true;
}

/* register_parameter(name, p) would raise nothing and only store P: OBJ's
 * class keeps Module's register_parameter and __getattr__, and NAME is a
 * valid name that is either registered already or found by no lookup (so
 * _check_new_name's hasattr() is false). */
static bool plain_new_parameter(Interp *in, const Value *obj, Value *name, Dict *params, Dict *modules)
{
    const char *s = name->u.s.ptr;
    if (!params || !*s || strchr(s, '.') || !module_own_method(in, obj, "register_parameter"))
        return false;
    if (val_dict_get(params, name))
        return true;
    Value *cls = interp_class_of(in, obj);
    return module_own_method(in, obj, "__getattr__") && !interp_class_lookup(cls, s) &&
           !(modules && val_dict_get_str(modules, intern(&in->c->names, "parametrizations")));
}

/* module_setattr(m, name, value): nn.Module.__setattr__'s common cases, done
 * here with the outcome of the Python rule: a new parameter or submodule,
 * and a plain attribute under a name no registry holds.  Only when the name
 * is in no other place the rule would clear (the instance's own attributes,
 * the other registries, the non-persistent buffer names) and nothing can
 * raise.  True when done; false when it did nothing and the Python rule
 * decides (replacements, buffers, errors, overridden methods). */
NATIVE(n_module_setattr)
{
    (void)self;
    Value *obj = interp_arg(a, 0, NULL), *name = interp_arg(a, 1, NULL), *value = interp_arg(a, 2, NULL);
    if (!obj || !name || !value)
        return interp_error(in, span, "module_setattr(module, name, value)");
    Dict *params, *buffers, *modules;
    if (name->kind != VK_STR || value->kind == VK_ERROR || !in->cls.nn_module || !in->cls.parameter ||
        !plain_registries(in, obj, &params, &buffers, &modules) || registry_has(buffers, name))
        return val_const_bool(false);
    if (interp_isinstance(in, value, in->cls.parameter)) {
        if (registry_has(modules, name) || val_scope_get(obj->u.inst->attrs, name->u.s.ptr) ||
            !not_non_persistent(in, obj, name) || !plain_new_parameter(in, obj, name, params, modules))
            return val_const_bool(false);
        val_dict_set(in, params, name, value);
        return val_const_bool(true);
    }
    if (registry_has(params, name))
        return val_const_bool(false);
    if (!interp_isinstance(in, value, in->cls.nn_module)) {
        if (registry_has(modules, name))
            return val_const_bool(false);
        flow_write_scope(in, obj->u.inst->attrs);
        val_scope_set(in->arena, obj->u.inst->attrs, name->u.s.ptr, value);
        return val_const_bool(true);
    }
    if (!modules || val_scope_get(obj->u.inst->attrs, name->u.s.ptr) || !not_non_persistent(in, obj, name))
        return val_const_bool(false);
    val_dict_set(in, modules, name, value);
    return val_const_bool(true);
}

/* attr_hint(obj, name): "; did you mean 'X'?" for the attribute of OBJ, a
 * module's parameter, buffer or submodule included, nearest in spelling
 * to NAME; "" when none is near (nn.Module.__getattr__'s error). */
NATIVE(n_attr_hint)
{
    (void)self; (void)span;
    Value *obj = interp_arg(a, 0, NULL), *name = interp_arg(a, 1, NULL);
    if (!obj || !name || name->kind != VK_STR)
        return val_cstr(in, "");
    const char *near = native_suggest_attr(in, obj, name->u.s.ptr);
    return val_cstr(in, near ? arena_sprintf(in->arena, "; did you mean '%s'?", near) : "");
}

NATIVE(n_register)
{
    (void)self;
    Value *what = interp_arg(a, 0, NULL), *cls = interp_arg(a, 1, NULL);
    if (!what || what->kind != VK_STR || !cls || cls->kind != VK_CLASS)
        return interp_error(in, span, "register(kind, class)");
    const char *k = what->u.s.ptr;
    if (!strcmp(k, "Tensor"))
        in->cls.tensor = cls;
    else if (!strcmp(k, "Parameter"))
        in->cls.parameter = cls;
    else if (!strcmp(k, "Module"))
        in->cls.nn_module = cls;
    else if (!strcmp(k, "dtype"))
        in->cls.dtype = cls;
    else if (!strcmp(k, "ComplexTensor"))
        in->cls.complex_tensor = cls;
    else if (!strcmp(k, "RuntimeInt"))
        in->cls.runtime_int = cls;
    else if (!strcmp(k, "RuntimeFloat"))
        in->cls.runtime_float = cls;
    else if (!strcmp(k, "RuntimeBool"))
        in->cls.runtime_bool = cls;
    else
        return interp_error(in, span, "register(): unknown kind '%s'", k);
    return val_none(in);
}

/* ---- type promotion (PyTorch's result_type) ---- */

/* Categories: bool < integral < floating. */
static int dtype_category(DType t)
{
    return t == DT_BOOL ? 0 : dtype_is_float(t) ? 2 : 1;
}

static int int_rank(DType t)
{
    switch (t) {
    case DT_UINT8: return 1;
    case DT_INT8: return 1;
    case DT_INT16: return 2;
    case DT_INT32: return 3;
    case DT_INT64: return 4;
    default: return 0;
    }
}

/* torch.promote_types for the element types the compiler handles. */
DType native_promote_types(DType a, DType b)
{
    if (a == DT_UNDEFINED)
        return b;
    if (b == DT_UNDEFINED || a == b)
        return a;
    int ca = dtype_category(a), cb = dtype_category(b);
    if (ca != cb)
        return ca > cb ? a : b;
    if (ca == 2) {
        if ((a == DT_FLOAT16 && b == DT_BFLOAT16) || (a == DT_BFLOAT16 && b == DT_FLOAT16))
            return DT_FLOAT;
        size_t sa = dtype_size(a), sb = dtype_size(b);
        return sa >= sb ? a : b;
    }
    if ((a == DT_UINT8 && b == DT_INT8) || (a == DT_INT8 && b == DT_UINT8))
        return DT_INT16;
    return int_rank(a) >= int_rank(b) ? a : b;
}

/* How PyTorch combines the three participant classes: dimensioned tensors
 * win unless a lower class brings a higher category. */
static DType combine_categories(DType higher, DType lower)
{
    if (higher == DT_UNDEFINED)
        return lower;
    if (dtype_is_float(higher))
        return higher;
    if (higher == DT_BOOL || (lower != DT_UNDEFINED && dtype_is_float(lower)))
        return native_promote_types(higher, lower);
    return higher;
}

typedef struct ResultType {
    DType dim_result, zero_result, wrapped_result;
} ResultType;

static bool result_type_add(Interp *in, ResultType *r, Value *v)
{
    (void)in;
    if (v->kind == VK_TENSOR) {
        Tensor *t = v->u.tensor;
        if (t->rank == 0)
            r->zero_result = native_promote_types(r->zero_result, t->dtype);
        else
            r->dim_result = native_promote_types(r->dim_result, t->dtype);
        return true;
    }
    /* Python numbers, static or run-time, are "wrapped numbers": an int
     * counts as int64 and a float as the default float type. */
    DType w;
    if (v->kind == VK_BOOL)
        w = DT_BOOL;
    else if (v->kind == VK_INT)
        w = DT_INT64;
    else if (v->kind == VK_FLOAT)
        w = DT_FLOAT;
    else
        return false;
    r->wrapped_result = native_promote_types(r->wrapped_result, w);
    return true;
}

NATIVE(n_result_type)
{
    (void)self;
    ResultType r = {DT_UNDEFINED, DT_UNDEFINED, DT_UNDEFINED};
    for (int i = 0; i < a->n_pos; i++) {
        Value *v = a->pos[i];
        if (v->kind == VK_ERROR)
            return v;
        if (v->kind == VK_NONE)
            continue;
        if (!result_type_add(in, &r, v))
            return interp_error(in, span, "expected a tensor or a number, found '%s'", val_type_name(in, v));
    }
    DType t = combine_categories(r.dim_result, combine_categories(r.zero_result, r.wrapped_result));
    return val_dtype(in, t == DT_UNDEFINED ? DT_FLOAT : t);
}

/* ---- conversion to tensors ---- */

static Value *cast_static(Interp *in, Tensor *t, DType dt)
{
    IrTensor *src = bridge_tensor_data(in, t);
    IrTensor *dst = ir_tensor_new(in->arena, dt, src->rank, src->dims);
    int64_t n = ir_tensor_numel(src);
    for (int64_t i = 0; i < n; i++) {
        double x;
        switch (src->dtype) {
        case DT_FLOAT: { float f; memcpy(&f, (char *)src->data + i * 4, 4); x = f; break; }
        case DT_DOUBLE: memcpy(&x, (char *)src->data + i * 8, 8); break;
        case DT_INT64: { int64_t v; memcpy(&v, (char *)src->data + i * 8, 8); lower_store_int(dst->data, i, dt, v); continue; }
        case DT_INT32: { int32_t v; memcpy(&v, (char *)src->data + i * 4, 4); x = v; break; }
        case DT_BOOL: case DT_UINT8: x = ((unsigned char *)src->data)[i]; break;
        case DT_INT8: x = ((signed char *)src->data)[i]; break;
        default:
            return interp_error(in, SPAN_NONE, "converting a %s constant to %s at compile time is not supported yet",
                              dtype_name(src->dtype), dtype_name(dt));
        }
        lower_store_double(dst->data, i, dt, x);
    }
    Tensor *r = arena_alloc(in->arena, sizeof *r);
    *r = *t;
    r->dtype = dt;
    r->data = dst;
    r->init = TINIT_DATA;
    r->ir = NULL;
    r->storage = NULL;
    r->param_name = NULL;
    r->is_parameter = false;
    return val_tensor(in, r);
}

/* as_tensor(v, dtype): V as a tensor of element type DTYPE: tensors are
 * cast, numbers become constants, run-time scalars 0-d tensors. */
NATIVE(n_as_tensor)
{
    (void)self;
    Value *v = interp_arg(a, 0, NULL), *d = interp_arg(a, 1, NULL);
    if (!v || !d || d->kind != VK_DTYPE)
        return interp_error(in, span, "as_tensor(value, dtype)");
    DType dt = d->u.dtype;
    if (v->kind == VK_ERROR)
        return v;
    if (v->kind == VK_TENSOR || val_is_dynamic_scalar(v)) {
        DType have = v->kind == VK_TENSOR ? v->u.tensor->dtype
                     : v->kind == VK_INT ? DT_INT64 : v->kind == VK_FLOAT ? DT_FLOAT : DT_BOOL;
        if (v->kind == VK_TENSOR && v->u.tensor->is_static && have != dt)
            return cast_static(in, v->u.tensor, dt);
        if (v->kind != VK_TENSOR && have == dt)
            return bridge_wrap(in, v->dyn);
        if (have == dt)
            return v;
        return bridge_cast(in, v, dt, span);
    }
    return bridge_const_value(in, v, dt, span);
}

/* ---- compile-time tensors ---- */

static bool shape_arg(Interp *in, Value *v, int64_t *dims, int *rank, Span span)
{
    ValueList items = {0};
    if (v->kind == VK_INT || v->kind == VK_BOOL)
        val_list_push(in, &items, v);
    else if (!interp_iterate_static(in, v, &items, span))
        return false;
    if (items.len > 32) {
        interp_error(in, span, "too many dimensions (%d)", items.len);
        return false;
    }
    for (int i = 0; i < items.len; i++) {
        if (!static_int(items.items[i], &dims[i])) {
            interp_error(in, span, "tensor sizes must be compile-time integers here");
            return false;
        }
        if (dims[i] < 0) {
            interp_error(in, span, "negative dimension %" PRId64, dims[i]);
            return false;
        }
    }
    *rank = items.len;
    return true;
}

/* Whether a compile-time tensor of DIMS and DT stays within the
 * tensor-bytes limit; reports at SPAN when it does not. */
static bool static_tensor_fits(Interp *in, const int64_t *dims, int rank, DType dt, Span span)
{
    int64_t limit = in->c->limits.max_tensor_bytes;
    int64_t bytes = dt == DT_STRING ? (int64_t)sizeof(char *) : (int64_t)dtype_size(dt);
    for (int i = 0; i < rank && bytes <= limit; i++)
        bytes = dims[i] && bytes > limit / dims[i] ? limit + 1 : bytes * dims[i];
    if (bytes <= limit)
        return true;
    char shape[256];
    int n = snprintf(shape, sizeof shape, "[");
    for (int i = 0; i < rank && n < (int)sizeof shape - 24; i++)
        n += snprintf(shape + n, sizeof shape - (size_t)n, "%s%" PRId64, i ? ", " : "", dims[i]);
    snprintf(shape + n, sizeof shape - (size_t)n, "%s", n < (int)sizeof shape - 24 ? "]" : ", ...]");
    interp_error(in, span, "a %s tensor of shape %s is larger than %" PRId64 " bytes: too large to make at compile "
               "time (--limit tensor-bytes=N raises the limit)", dtype_name(dt), shape, limit);
    return false;
}

static Value *new_static_tensor(Interp *in, const int64_t *dims, int rank, DType dt, TensorInit init, double a)
{
    Tensor *t = arena_alloc(in->arena, sizeof *t);
    t->dtype = dt;
    t->rank = rank;
    t->dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(rank ? rank : 1));
    for (int i = 0; i < rank; i++)
        t->dims[i] = dim_known(dims[i]);
    t->is_static = true;
    t->init = init;
    t->init_a = a;
    return val_tensor(in, t);
}

static DType dtype_arg(Value *v, DType dflt)
{
    return v && v->kind == VK_DTYPE ? v->u.dtype : dflt;
}

/* full(shape, value, dtype) and empty(shape, dtype): data is produced
 * only if something needs it. */
NATIVE(n_full)
{
    (void)self;
    int64_t dims[32];
    int rank;
    double fill = 0;
    Value *shape = interp_arg(a, 0, NULL), *value = interp_arg(a, 1, NULL);
    if (!shape || !value || !shape_arg(in, shape, dims, &rank, span))
        return val_error(in);
    if (!static_number(value, &fill))
        return interp_error(in, span, "the fill value must be a compile-time number here");
    DType dflt = value->kind == VK_FLOAT ? DT_FLOAT : value->kind == VK_BOOL ? DT_BOOL : DT_INT64;
    DType dt = dtype_arg(interp_arg(a, 2, NULL), dflt);
    if (!static_tensor_fits(in, dims, rank, dt, span))
        return val_error(in);
    return new_static_tensor(in, dims, rank, dt, fill == 0 ? TINIT_ZEROS : TINIT_FILL, fill);
}

NATIVE(n_empty)
{
    (void)self;
    int64_t dims[32];
    int rank;
    Value *shape = interp_arg(a, 0, NULL);
    if (!shape || !shape_arg(in, shape, dims, &rank, span))
        return val_error(in);
    DType dt = dtype_arg(interp_arg(a, 1, NULL), DT_FLOAT);
    if (!static_tensor_fits(in, dims, rank, dt, span))
        return val_error(in);
    return new_static_tensor(in, dims, rank, dt, TINIT_ZEROS, 0);
}

NATIVE(n_tensor)
{
    (void)self;
    Value *data = interp_arg(a, 0, NULL);
    if (!data)
        return interp_error(in, span, "tensor(data)");
    DType dt = dtype_arg(interp_arg(a, 1, NULL), DT_UNDEFINED);
    Tensor *t = bridge_const_tensor(in, data, dt, span);
    if (!t)
        return interp_error(in, span, "tensor() needs numbers or (nested) lists of numbers known at compile time");
    return val_tensor(in, t);
}

NATIVE(n_arange)
{
    (void)self;
    double x[3] = {0, 0, 1};
    bool any_float = false;
    for (int i = 0; i < 3; i++) {
        Value *v = interp_arg(a, i, NULL);
        if (!v || !static_number(v, &x[i]))
            return interp_error(in, span, "arange() bounds must be compile-time numbers here");
        any_float |= v->kind == VK_FLOAT;
    }
    if (x[2] == 0)
        return interp_raise(in, in->cls.runtime_error, span, "step must be nonzero");
    if (!isfinite(x[0]) || !isfinite(x[1]))
        return interp_raise(in, in->cls.runtime_error, span, "unsupported range: %g -> %g", x[0], x[1]);
    double count = ceil((x[1] - x[0]) / x[2]);
    if (count >= 9e18)
        return interp_error(in, span, "arange() of %g elements is too large to make at compile time", count);
    int64_t n = count > 0 ? (int64_t)count : 0;
    DType dt = dtype_arg(interp_arg(a, 3, NULL), any_float ? DT_FLOAT : DT_INT64);
    if (!static_tensor_fits(in, &n, 1, dt, span))
        return val_error(in);
    Value *r = new_static_tensor(in, &n, 1, dt, TINIT_DATA, 0);
    IrTensor *d = ir_tensor_new(in->arena, dt, 1, &n);
    for (int64_t i = 0; i < n; i++)
        lower_store_double(d->data, i, dt, x[0] + (double)i * x[2]);
    r->u.tensor->data = d;
    return r;
}

/* cos (PART 0) or sin (PART 1) of 2*pi*m/n for m in [0, n): exact at the
 * quarter turns, where libm's sin(pi) is 1.2e-16 rather than 0. */
static double turn_fraction(int64_t m, int64_t n, int part)
{
    static const double quarter[2][4] = {{1, 0, -1, 0}, {0, 1, 0, -1}};
    if ((4 * m) % n == 0)
        return quarter[part][(4 * m) / n];
    double angle = 6.283185307179586 * (double)m / (double)n;   /* 2 pi: C11 has no M_PI */
    return part == 0 ? cos(angle) : sin(angle);
}

/* dft_basis(rows, cols, n, part, dtype): the [rows, cols] matrix of
 * cos (part 0) or sin (part 1) of 2*pi*(r*c mod n)/n, computed in double
 * with the product reduced mod n first and rounded once to DTYPE
 * (torch.fft's transforms, stdlib/torch/fft.ts). */
NATIVE(n_dft_basis)
{
    (void)self;
    double x[4];
    for (int i = 0; i < 4; i++) {
        Value *v = interp_arg(a, i, NULL);
        if (!v || !static_number(v, &x[i]) || x[i] != floor(x[i]) || x[i] < 0 || x[i] > 1e8)
            return interp_error(in, span, "dft_basis() arguments must be compile-time sizes");
    }
    if (x[2] < 1 || x[3] > 1)
        return interp_error(in, span, "dft_basis(): n must be positive and part 0 or 1");
    int64_t dims[2] = {(int64_t)x[0], (int64_t)x[1]}, n = (int64_t)x[2];
    DType dt = dtype_arg(interp_arg(a, 4, NULL), DT_FLOAT);
    if (!static_tensor_fits(in, dims, 2, dt, span))
        return val_error(in);
    Value *r = new_static_tensor(in, dims, 2, dt, TINIT_DATA, 0);
    IrTensor *d = ir_tensor_new(in->arena, dt, 2, dims);
    for (int64_t i = 0; i < dims[0]; i++)
        for (int64_t j = 0; j < dims[1]; j++)
            lower_store_double(d->data, i * dims[1] + j, dt, turn_fraction((i % n) * (j % n) % n, n, (int)x[3]));
    r->u.tensor->data = d;
    return r;
}

/* In-place initialization of a compile-time tensor: records the recipe. */
static Value *init_recipe(Interp *in, CallArgs *a, Span span, TensorInit kind, const char *name)
{
    Tensor *t = tensor_arg(in, a, 0, name, span);
    double x = 0, y = 0;
    if (!t)
        return val_error(in);
    Value *va = interp_arg(a, 1, NULL), *vb = interp_arg(a, 2, NULL);
    if ((va && !static_number(va, &x)) || (vb && !static_number(vb, &y)))
        return interp_error(in, span, "%s() arguments must be compile-time numbers", name);
    if (!t->is_static)
        return interp_error(in, span, "%s() on a tensor computed at run time is not supported", name);
    Tensor *o = owner_of(t);
    if (o->ir)
        return interp_error(in, span, "%s(): this tensor was already used in the graph", name);
    flow_write_tensor(in, o);
    o->data = NULL;
    o->init = kind;
    o->init_a = x;
    o->init_b = y;
    o->init_seed = in->seed * 0x9e3779b97f4a7c15ULL + (++in->n_random_tensors);
    if (kind == TINIT_FILL && x == 0)
        o->init = TINIT_ZEROS;
    return a->pos[0];
}

NATIVE(n_init_uniform) { (void)self; return init_recipe(in, a, span, TINIT_UNIFORM, "uniform_"); }
NATIVE(n_init_normal) { (void)self; return init_recipe(in, a, span, TINIT_NORMAL, "normal_"); }
NATIVE(n_init_fill) { (void)self; return init_recipe(in, a, span, TINIT_FILL, "fill_"); }

/* ---- nn: in-place edits of compile-time tensors ---- */

/* init_fill_row(t, i, value): row I (along axis 0) of T set to VALUE after
 * its recipe has run (nn.Embedding's padding_idx row). */
NATIVE(n_init_fill_row)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "init_fill_row", span);
    int64_t row;
    double fill;
    if (!t)
        return val_error(in);
    Value *vi = interp_arg(a, 1, NULL), *vv = interp_arg(a, 2, NULL);
    if (!vi || !vv || !static_int(vi, &row) || !static_number(vv, &fill))
        return interp_error(in, span, "init_fill_row(tensor, row, value) needs compile-time numbers");
    if (!t->is_static || t->rank < 1)
        return interp_error(in, span, "init_fill_row() needs a compile-time tensor of rank >= 1");
    Tensor *o = owner_of(t);
    if (o->ir)
        return interp_error(in, span, "init_fill_row(): this tensor was already used in the graph");
    if (row < 0 || row >= o->dims[0].value)
        return interp_raise(in, in->cls.index_error, span, "index %" PRId64 " is out of bounds for dimension 0 "
                         "with size %" PRId64, row, o->dims[0].value);
    IrTensor *d = bridge_tensor_data(in, o);
    int64_t width = o->dims[0].value ? ir_tensor_numel(d) / o->dims[0].value : 0;
    for (int64_t i = 0; i < width; i++)
        lower_store_double(d->data, row * width + i, d->dtype, fill);
    return a->pos[0];
}

/* declare_overload(fn): fn is one declared signature of a function defined
 * later under the same name (@torch.jit._overload_method). */
NATIVE(n_declare_overload)
{
    (void)self;
    if (a->n_pos != 1 || a->pos[0]->kind != VK_FUNCTION)
        return interp_error(in, span, "declare_overload() expects a function");
    types_declare_overload(in, a->pos[0]);
    return a->pos[0];
}

/* python_function(fn): @torch.jit.ignore / unused.  TorchScript leaves
 * such a function to Python, so it and what it calls are never held to
 * TorchScript's type rules (sema/types/).  Marks FN itself, as PyTorch
 * sets an attribute on it (a property's getter, a static or class
 * method's function); anything else comes back unchanged. */
NATIVE(n_python_function)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    Value *fn = v;
    if (fn && (fn->kind == VK_PROPERTY || fn->kind == VK_STATICMETHOD || fn->kind == VK_CLASSMETHOD))
        fn = fn->u.wrapped;
    if (fn && fn->kind == VK_FUNCTION)
        fn->u.func->python = true;
    return v ? v : val_none(in);
}

/* at_module_level(): whether the stdlib function calling this was called
 * from a module's top level (not from a function or a class body), as
 * torch.fx.wrap requires. */
NATIVE(n_at_module_level)
{
    (void)self; (void)a; (void)span;
    Frame *caller = in->frame ? in->frame->caller : NULL;
    return val_bool(in, caller && !caller->func && caller->locals == caller->globals);
}

/* The owner of compile-time tensor argument 0, ready to receive data
 * computed now (initializers that are not simple recipes). */
static Tensor *init_target(Interp *in, CallArgs *a, Span span, const char *name)
{
    Tensor *t = tensor_arg(in, a, 0, name, span);
    if (!t)
        return NULL;
    if (!t->is_static) {
        interp_error(in, span, "%s() on a tensor computed at run time is not supported", name);
        return NULL;
    }
    Tensor *o = owner_of(t);
    if (o->ir) {
        interp_error(in, span, "%s(): this tensor was already used in the graph", name);
        return NULL;
    }
    if (!dtype_is_float(o->dtype)) {
        interp_error(in, span, "%s() needs a floating-point tensor", name);
        return NULL;
    }
    return o;
}

static IrTensor *init_fresh_data(Interp *in, Tensor *o, Prng *rng)
{
    int64_t dims[64];
    for (int i = 0; i < o->rank && i < 64; i++)
        dims[i] = o->dims[i].value;
    prng_seed(rng, in->seed * 0x9e3779b97f4a7c15ULL + (++in->n_random_tensors));
    o->data = ir_tensor_new(in->arena, o->dtype, o->rank, dims);
    o->init = TINIT_DATA;
    return o->data;
}

/* init_trunc_normal(t, mean, std, a, b): normal draws redrawn until they
 * fall in [a, b] (nn.init.trunc_normal_; the bounds are absolute).  Recorded
 * as a recipe, like normal_: weights loaded from a file replace it without
 * drawing a number. */
NATIVE(n_init_trunc_normal)
{
    (void)self;
    double x[4];
    Tensor *o = init_target(in, a, span, "trunc_normal_");
    if (!o)
        return val_error(in);
    for (int i = 0; i < 4; i++) {
        Value *v = interp_arg(a, i + 1, NULL);
        if (!v || !static_number(v, &x[i]))
            return interp_error(in, span, "trunc_normal_() arguments must be compile-time numbers");
    }
    double mean = x[0], std = x[1], lo = x[2], hi = x[3];
    if (!(lo < hi) || !(std > 0) || mean + 6 * std < lo || mean - 6 * std > hi)
        return interp_error(in, span, "trunc_normal_(): the interval [a, b] must hold values the "
                          "distribution N(mean, std^2) draws");
    flow_write_tensor(in, o);
    o->data = NULL;
    o->init = TINIT_TRUNC_NORMAL;
    o->init_a = mean;
    o->init_b = std;
    o->init_c = lo;
    o->init_d = hi;
    o->init_seed = in->seed * 0x9e3779b97f4a7c15ULL + (++in->n_random_tensors);
    return a->pos[0];
}

/* Columns of the M x N matrix Q (row-major, M >= N) made orthonormal by
 * modified Gram-Schmidt, run twice for accuracy. */
static bool orthonormalize(double *q, int64_t m, int64_t n)
{
    for (int pass = 0; pass < 2; pass++) {
        for (int64_t j = 0; j < n; j++) {
            for (int64_t k = 0; k < j; k++) {
                double dot = 0;
                for (int64_t i = 0; i < m; i++)
                    dot += q[i * n + k] * q[i * n + j];
                for (int64_t i = 0; i < m; i++)
                    q[i * n + j] -= dot * q[i * n + k];
            }
            double norm = 0;
            for (int64_t i = 0; i < m; i++)
                norm += q[i * n + j] * q[i * n + j];
            if (!(norm > 0))
                return false;
            norm = sqrt(norm);
            for (int64_t i = 0; i < m; i++)
                q[i * n + j] /= norm;
        }
    }
    return true;
}

/* init_orthogonal(t, gain): T viewed as rows x cols (rows = size(0)) with
 * orthonormal rows or columns, whichever are fewer, times GAIN: the Q of a
 * Gaussian matrix's QR decomposition with R's diagonal made positive, as
 * nn.init.orthogonal_ does. */
NATIVE(n_init_orthogonal)
{
    (void)self;
    double gain = 1;
    Tensor *o = init_target(in, a, span, "orthogonal_");
    if (!o)
        return val_error(in);
    Value *g = interp_arg(a, 1, NULL);
    if (g && !static_number(g, &gain))
        return interp_error(in, span, "orthogonal_(): gain must be a compile-time number");
    if (o->rank < 2)
        return interp_raise(in, in->cls.value_error, span, "Only tensors with 2 or more dimensions are supported");
    Prng rng;
    IrTensor *d = init_fresh_data(in, o, &rng);
    int64_t rows = o->dims[0].value, total = ir_tensor_numel(d);
    int64_t cols = rows ? total / rows : 0;
    if (total == 0)
        return a->pos[0];
    bool wide = rows < cols;
    int64_t m = wide ? cols : rows, n = wide ? rows : cols;
    double *q = arena_alloc(in->arena, sizeof(double) * (size_t)total);
    for (int64_t i = 0; i < total; i++)
        q[i] = prng_normal(&rng);
    if (!orthonormalize(q, m, n))
        return interp_error(in, span, "orthogonal_(): the random matrix was singular");
    /* q is m x n; the tensor is rows x cols, the transpose when wide */
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++)
            lower_store_double(d->data, r * cols + c, d->dtype, gain * (wide ? q[c * n + r] : q[r * n + c]));
    return a->pos[0];
}

/* A view sharing the storage of X (x.data, detach, Parameter(x)). */
static Value *alias_of(Interp *in, Tensor *t)
{
    Tensor *r = arena_alloc(in->arena, sizeof *r);
    *r = *t;
    if (t->is_static) {
        r->storage = owner_of(t);
        r->param_name = NULL;
        r->is_parameter = false;
    }
    return val_tensor(in, r);
}

Value *native_alias_tensor(Interp *in, Tensor *t)
{
    return alias_of(in, t);
}

NATIVE(n_parameter)
{
    (void)self;
    Value *v = interp_arg(a, 0, "data");
    if (!v || v->kind == VK_NONE) {
        int64_t zero = 0;
        v = new_static_tensor(in, &zero, 1, DT_FLOAT, TINIT_ZEROS, 0);
    }
    if (v->kind != VK_TENSOR)
        return interp_error(in, span, "Parameter() expects a tensor, found '%s'", val_type_name(in, v));
    if (!v->u.tensor->is_static)
        return interp_error(in, span, "a Parameter must be created from a compile-time tensor");
    Value *p = alias_of(in, v->u.tensor);
    p->u.tensor->is_parameter = true;
    Value *rg = interp_arg(a, 1, "requires_grad");
    bool ok;
    p->u.tensor->requires_grad = rg ? val_truthy(rg, &ok) : true;
    return p;
}

NATIVE(n_detach)
{
    (void)self;
    Tensor *t = tensor_arg(in, a, 0, "detach", span);
    return t ? alias_of(in, t) : val_error(in);
}

/* call_module(module, args, kwargs): module(*args) with the module's path
 * as the scope of the nodes its forward() emits, or as a local function
 * (sema/bridge/functions.c). */
NATIVE(n_call_module)
{
    (void)self;
    Value *mod = interp_arg(a, 0, NULL), *args = interp_arg(a, 1, NULL), *kwargs = interp_arg(a, 2, NULL);
    if (!mod || !args || args->kind != VK_TUPLE)
        return interp_error(in, span, "call_module(module, args, kwargs)");
    Value *fwd = interp_getattr(in, mod, in->id.forward, span);
    if (!fwd || fwd->kind == VK_ERROR)
        return fwd;
    CallArgs ca = {.pos = args->u.list->items, .n_pos = args->u.list->len};
    if (kwargs && kwargs->kind == VK_DICT) {
        Dict *d = kwargs->u.dict;
        ca.kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)(d->len + 1));
        ca.kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)(d->len + 1));
        for (int i = 0; i < d->len; i++) {
            if (d->entries[i].deleted)
                continue;
            ca.kw_names[ca.n_kw] = d->entries[i].key->u.s.ptr;
            ca.kw_values[ca.n_kw++] = d->entries[i].value;
        }
    }
    return bridge_module_call(in, mod, fwd, &ca, span);
}

/* ---- module installation ---- */

/* The natives of this file (the rest of _native: native_tables below). */
static const Builtin core_natives[] = {
    {"shape", n_shape, NULL},
    {"size", n_size, NULL},
    {"rank", n_rank, NULL},
    {"dtype_of", n_dtype_of, NULL},
    {"is_tensor", n_is_tensor, NULL},
    {"attr_hint", n_attr_hint, NULL},
    {"is_complex_tensor", n_is_complex_tensor, NULL},
    {"is_static", n_is_static, NULL},
    {"is_floating", n_is_floating, NULL},
    {"numel", n_numel, NULL},
    {"instance_attr", n_instance_attr, NULL},
    {"module_dicts", n_module_dicts, NULL},
    {"module_member", n_module_member, NULL},
    {"module_setattr", n_module_setattr, NULL},
    {"drop_instance_attr", n_drop_instance_attr, NULL},
    {"register", n_register, NULL},
    {"result_type", n_result_type, NULL},
    {"as_tensor", n_as_tensor, NULL},
    {"full", n_full, NULL},
    {"empty", n_empty, NULL},
    {"tensor", n_tensor, NULL},
    {"arange", n_arange, NULL},
    {"dft_basis", n_dft_basis, NULL},
    {"init_uniform", n_init_uniform, NULL},
    {"init_normal", n_init_normal, NULL},
    {"init_fill", n_init_fill, NULL},
    {"init_fill_row", n_init_fill_row, NULL},
    {"declare_overload", n_declare_overload, NULL},
    {"python_function", n_python_function, NULL},
    {"at_module_level", n_at_module_level, NULL},
    {"init_trunc_normal", n_init_trunc_normal, NULL},
    {"init_orthogonal", n_init_orthogonal, NULL},
    {"parameter", n_parameter, NULL},
    {"detach", n_detach, NULL},
    {"call_module", n_call_module, NULL},
};

static void put(Interp *in, Module *m, const char *name, Value *v)
{
    val_scope_set(in->arena, m->globals, intern(&in->c->names, name), v);
}

/* Every file that implements natives lists them in a table; this is the
 * one list of those tables (as eval/ops.c lists the kernel tables). */
typedef struct NativeTable {
    const Builtin *fns;
    const int *count;
} NativeTable;

static const int core_count = (int)(sizeof core_natives / sizeof core_natives[0]);

static const NativeTable native_tables[] = {
    {core_natives, &core_count},
    {native_tensor_natives, &native_tensor_count},     /* native_tensor.c */
    {native_copy_natives, &native_copy_count},         /* copy.c */
    {flow_dynlist_natives, &flow_dynlist_natives_count},    /* flow/dynlist.c */
    {interp_call_natives, &interp_call_natives_count},      /* interp/call.c */
    {interp_import_natives, &interp_import_natives_count},  /* interp/imports.c */
};

static void install_native(Interp *in, Module *m)
{
    static const struct { const char *name; DType t; } dtypes[] = {
        {"float32", DT_FLOAT}, {"float64", DT_DOUBLE}, {"float16", DT_FLOAT16},
        {"bfloat16", DT_BFLOAT16}, {"int64", DT_INT64}, {"int32", DT_INT32},
        {"int16", DT_INT16}, {"int8", DT_INT8}, {"uint8", DT_UINT8}, {"bool_", DT_BOOL},
    };
    for (size_t i = 0; i < sizeof dtypes / sizeof dtypes[0]; i++)
        put(in, m, dtypes[i].name, val_dtype(in, dtypes[i].t));
    put(in, m, "opset", val_int(in, in->opset));
    put(in, m, "tracing", val_bool(in, in->tracing));
    for (size_t t = 0; t < sizeof native_tables / sizeof native_tables[0]; t++)
        for (int i = 0; i < *native_tables[t].count; i++) {
            Value *v = val_none(in);
            v->kind = VK_BUILTIN;
            v->u.builtin = &native_tables[t].fns[i];
            put(in, m, v->u.builtin->name, v);
        }
    native_tensor_init(in, m);
}

Value *native_onnx_op(Interp *in, Module *onnx, const char *name)
{
    Value *v = val_none(in);
    v->kind = VK_ONNX_OP;
    v->u.op = arena_alloc(in->arena, sizeof(OnnxOp));
    v->u.op->name = name;
    v->u.op->domain = "";
    val_scope_set(in->arena, onnx->globals, name, v);
    return v;
}

void native_install_module(Interp *in, Module *m)
{
    if (strcmp(m->name, "_native") == 0)
        install_native(in, m);
    else if (strcmp(m->name, "onnx") == 0)
        m->onnx_ops = true;
    else if (strcmp(m->name, "math") == 0)
        native_install_math(in, m);
    else if (strcmp(m->name, "tsc2onnx") == 0)
        bridge_symbolic_install(in, m);   /* @symbolic, torch.ops (sema/bridge/symbolic.c) */
}

