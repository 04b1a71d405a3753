/* Natives for the tensor half of the stdlib (torch/_scalar.ts, _index.ts,
 * _tensor.ts): what the model language cannot say by itself.
 *
 *   to_scalar(t, op, a, b)   a 0-d tensor as a run-time int/float/bool; with
 *                            OP, the symbolic dimension of `a OP b` rides
 *                            along (x.size(0) * 2 is the dimension 2*N)
 *   python_number(t, kind)   to_scalar(t) where the user's code reads a tensor
 *                            as a Python number (int(t), t.item() ...):
 *                            marked for trace mode
 *   script(fn)               @torch.jit.script: fn marked for trace mode
 *   refine(t, shape, src)    give a tensor whose shape came from a run-time
 *                            shape tensor the dimensions the compiler knows
 *   assign(dst, src)         in-place write: DST now holds SRC's value
 *   view(t, base, fn, inv)   T is a view of BASE (see Tensor in value.h)
 *   view_info(t), copy(t)    a view's (base, inverse); clone()
 *   error(msg)               a compile error at the user's call, poison back
 *   suggest(name, names)     the nearest of NAMES by edit distance, or None
 *   dim_text(v), shape_text(x)   "2*N", "[N, 3]" for messages
 *   same_size(d, x, i)       whether size D is known to be x's dimension I
 *   static_size(x, i)        x's dimension I when it is a constant, else None
 */
#include <inttypes.h>
#include <string.h>

#include "ir/symdim.h"
#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"
#include "sema/native/native.h"
#include "sema/flow/flow.h"

#define NATIVE(name) static Value *name(Interp *in, CallArgs *a, Span span, const Builtin *self)

/* The dimension a size value stands for: a static int, or a run-time int
 * that carries its symbolic dimension. */
Dim native_value_dim(const Value *v)
{
    if (v->kind == VK_INT && !v->dyn)
        return v->u.i >= 0 ? dim_known(v->u.i) : dim_unknown();
    if (v->kind == VK_INT && v->dyn)
        return v->dim;
    return dim_unknown();
}

static Dim dim_op(Interp *in, const char *op, Dim x, Dim y)
{
    Arena *ar = in->arena;
    Interner *nm = &in->c->names;
    if (!strcmp(op, "+"))
        return dim_add(ar, nm, x, y);
    if (!strcmp(op, "-"))
        return dim_sub(ar, nm, x, y);
    if (!strcmp(op, "*"))
        return dim_mul(ar, nm, x, y);
    if (!strcmp(op, "//"))
        return dim_floordiv(ar, nm, x, y);
    if (!strcmp(op, "%"))
        return dim_mod(ar, nm, x, y);
    return dim_unknown();
}

/* Element I of compile-time data D as a Python number (NULL for element
 * types Python numbers cannot hold). */
static Value *static_element(Interp *in, const IrTensor *d, int64_t i)
{
    const unsigned char *p = (const unsigned char *)d->data + (size_t)i * dtype_size(d->dtype);
    switch (d->dtype) {
    case DT_FLOAT: { float f; memcpy(&f, p, 4); return val_float(in, f); }
    case DT_DOUBLE: { double f; memcpy(&f, p, 8); return val_float(in, f); }
    case DT_FLOAT16: { uint16_t h; memcpy(&h, p, 2); return val_float(in, dtype_half_to_double(h)); }
    case DT_BFLOAT16: { uint16_t h; memcpy(&h, p, 2); return val_float(in, dtype_bfloat16_to_double(h)); }
    case DT_INT64: { int64_t x; memcpy(&x, p, 8); return val_int(in, x); }
    case DT_INT32: { int32_t x; memcpy(&x, p, 4); return val_int(in, x); }
    case DT_INT16: { int16_t x; memcpy(&x, p, 2); return val_int(in, x); }
    case DT_INT8: return val_int(in, (signed char)p[0]);
    case DT_UINT8: return val_int(in, p[0]);
    case DT_BOOL: return val_bool(in, p[0] != 0);
    default: return NULL;
    }
}

/* A static 0-d tensor read back as a Python number. */
static Value *static_scalar(Interp *in, Tensor *t)
{
    return static_element(in, bridge_tensor_data(in, t), 0);
}

/* Axis AXIS of D from element *AT on, as nested lists (Tensor.tolist). */
static Value *static_list(Interp *in, const IrTensor *d, int axis, int64_t *at)
{
    if (axis == d->rank)
        return static_element(in, d, (*at)++);
    Value *l = val_list(in, (int)d->dims[axis]);
    for (int64_t i = 0; i < d->dims[axis]; i++) {
        Value *x = static_list(in, d, axis + 1, at);
        if (!x)
            return NULL;
        val_list_push(in, l->u.list, x);
    }
    return l;
}

/* tolist(x): the values of a compile-time tensor as (nested) Python lists,
 * a number for a 0-d tensor; None for a tensor known only at run time. */
NATIVE(n_tolist)
{
    (void)self;
    Value *v = interp_arg(a, 0, NULL);
    if (!v || v->kind != VK_TENSOR || !v->u.tensor->is_static)
        return val_none(in);
    IrTensor *d = bridge_tensor_data(in, v->u.tensor);
    if (ir_tensor_numel(d) > in->c->limits.max_static_items)
        return interp_error(in, span, "tolist() of %" PRId64 " elements is longer than %ld items "
                            "(--limit items=N raises the limit)", ir_tensor_numel(d), in->c->limits.max_static_items);
    int64_t at = 0;
    Value *r = static_list(in, d, 0, &at);
    return r ? r : interp_error(in, span, "tolist() of a %s tensor is not supported", dtype_name(d->dtype));
}

NATIVE(n_to_scalar)
{
    (void)self;
    Value *v = interp_arg(a, 0, NULL);
    if (!v || v->kind == VK_ERROR)
        return val_error(in);
    if (val_is_dynamic_scalar(v) || (v->kind != VK_TENSOR && val_is_static(v)))
        return v;
    if (v->kind != VK_TENSOR)
        return interp_error(in, span, "expected a tensor, found '%s'", val_type_name(in, v));
    Tensor *t = v->u.tensor;
    int64_t n = 1;
    for (int i = 0; i < t->rank; i++)
        n = t->dims[i].value >= 0 && n >= 0 ? n * t->dims[i].value : -1;
    if (t->rank < 0 || n != 1)
        return interp_raise(in, in->cls.runtime_error, span,
                         "a Tensor with %s elements cannot be converted to Scalar",
                         t->rank < 0 || n < 0 ? "an unknown number of" : "several");
    if (t->is_static) {
        Value *r = static_scalar(in, t);
        return r ? r : interp_error(in, span, "a %s constant cannot be read at compile time", dtype_name(t->dtype));
    }
    DType want = t->dtype == DT_BOOL ? DT_BOOL : dtype_is_float(t->dtype) ? DT_FLOAT : DT_INT64;
    if (t->dtype != want) {
        v = bridge_cast(in, v, want, span);
        if (!v || v->kind == VK_ERROR)
            return v;
    }
    IrValue *iv = bridge_ir_of(in, v, span);
    if (!iv)
        return val_error(in);
    Value *r = want == DT_BOOL ? val_bool(in, false) : want == DT_FLOAT ? val_float(in, 0) : val_int(in, 0);
    if (t->rank > 0) {
        /* a one-element tensor of rank > 0: the scalar is 0-d */
        Value *shape = val_list(in, 0);
        OnnxOp reshape = {"Reshape", ""};
        Value *pos[2] = {v, shape};
        CallArgs ra = {.pos = pos, .n_pos = 2};
        Value *s = bridge_onnx_call(in, &reshape, &ra, span);
        if (!s || s->kind == VK_ERROR)
            return s;
        iv = bridge_ir_of(in, s, span);
    }
    r->dyn = iv;
    Value *op = interp_arg(a, 1, NULL), *x = interp_arg(a, 2, NULL), *y = interp_arg(a, 3, NULL);
    if (want == DT_INT64 && op && op->kind == VK_STR && x && y)
        r->dim = dim_op(in, op->u.s.ptr, native_value_dim(x), native_value_dim(y));
    return r;
}

/* python_number(t, kind): T read as a Python number by int(), float(),
 * bool(), .item() or as an index (KIND says which).  When the compilation
 * records such points (trace mode, compare), a run-time T first goes
 * through an Identity node marked with KIND (IrNode.trace_point), which
 * trace specialization replaces by the example's value, as torch.jit.trace
 * records the number as a constant.  Then to_scalar(t). */
NATIVE(n_python_number)
{
    Value *v = interp_arg(a, 0, NULL), *kind = interp_arg(a, 1, NULL);
    Lower *L = in->lower;
    if (v && v->kind == VK_TENSOR && !v->u.tensor->is_static && L && in->trace_points && !L->scripted &&
        kind && kind->kind == VK_STR) {
        Value *m = bridge_onnx1(in, "Identity", v, span);
        IrValue *iv = m && m->kind == VK_TENSOR ? bridge_ir_of(in, m, span) : NULL;
        if (!iv || !iv->producer)
            return m && m->kind == VK_ERROR ? m : val_error(in);
        iv->producer->trace_point = intern(&in->c->names, kind->u.s.ptr);
        v = m;
    }
    Value *pos[1] = {v};
    CallArgs ta = {.pos = pos, .n_pos = v ? 1 : 0};
    return n_to_scalar(in, &ta, span, self);
}

/* script(obj): @torch.jit.script.  A function comes back marked, so that
 * the If and Loop nodes of its calls stay in a trace, as torch.jit.trace
 * keeps a scripted function's control flow; anything else as it is. */
NATIVE(n_script)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    if (!v || v->kind != VK_FUNCTION)
        return v ? v : val_none(in);
    Value *c = arena_alloc(in->arena, sizeof *c);
    *c = *v;
    c->u.func = arena_alloc(in->arena, sizeof *c->u.func);
    *c->u.func = *v->u.func;
    c->u.func->scripted = true;
    return c;
}

static void set_dims(Tensor *t, int rank, Dim *dims)
{
    IrValue *iv = t->ir;
    iv->type.kind = IR_TYPE_TENSOR;
    iv->type.rank = rank;
    iv->type.dims = dims;
    t->rank = rank;
    t->dims = dims;
}

/* T gets the dimensions of SRC that shape inference could not know. */
static Value *refine_like(Interp *in, Value *v, Tensor *src)
{
    Tensor *t = v->u.tensor;
    if (t->is_static || !t->ir || src->rank < 0 || (t->rank >= 0 && t->rank != src->rank))
        return v;
    Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(src->rank ? src->rank : 1));
    for (int i = 0; i < src->rank; i++) {
        Dim have = t->rank >= 0 ? t->dims[i] : dim_unknown();
        dims[i] = dim_is_known(have) || have.sym ? have : src->dims[i];
    }
    set_dims(t, src->rank, dims);
    return v;
}

/* refine(t, shape, src=None): T's shape comes from a run-time shape tensor,
 * so shape inference saw unknown sizes; SHAPE (ints, run-time ints with
 * their dimensions, at most one -1 resolved against SRC's element count)
 * says what they are. */
NATIVE(n_refine)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL), *shape = interp_arg(a, 1, NULL), *src = interp_arg(a, 2, NULL);
    if (v && v->kind == VK_TENSOR && shape && shape->kind == VK_TENSOR)
        return refine_like(in, v, shape->u.tensor);
    if (!v || v->kind != VK_TENSOR || !shape || (shape->kind != VK_TUPLE && shape->kind != VK_LIST))
        return v ? v : val_error(in);
    Tensor *t = v->u.tensor;
    IrValue *iv = t->is_static ? NULL : t->ir;
    int n = shape->u.list->len;
    if (!iv || (t->rank >= 0 && t->rank != n))
        return v;
    Dim *dims = arena_alloc(in->arena, sizeof(Dim) * (size_t)(n ? n : 1));
    int minus = -1;
    Dim known = dim_known(1);
    for (int i = 0; i < n; i++) {
        Value *d = shape->u.list->items[i];
        Dim have = t->rank == n ? t->dims[i] : dim_unknown();
        if (d->kind == VK_INT && !d->dyn && d->u.i == -1) {
            minus = i;
            dims[i] = have;
            continue;
        }
        Dim want = native_value_dim(d);
        dims[i] = dim_is_known(have) || have.sym ? have : want;
        known = dim_mul(in->arena, &in->c->names, known, dims[i]);
    }
    if (minus >= 0 && !dim_is_known(dims[minus]) && !dims[minus].sym && src && src->kind == VK_TENSOR &&
        src->u.tensor->rank >= 0) {
        Tensor *s = src->u.tensor;
        Dim total = dim_known(1);
        for (int i = 0; i < s->rank; i++)
            total = dim_mul(in->arena, &in->c->names, total, s->dims[i]);
        Dim q = dim_floordiv(in->arena, &in->c->names, total, known);
        if (dim_equal(dim_mul(in->arena, &in->c->names, q, known), total))
            dims[minus] = q;
    }
    set_dims(t, n, dims);
    return v;
}

/* assign(dst, src): an in-place write.  Every value holding DST's tensor
 * (x and anything bound to the same object) sees SRC's value from now on;
 * the version count lets views taken earlier notice (native_refresh_view). */
NATIVE(n_assign)
{
    (void)self;
    Value *dst = interp_arg(a, 0, NULL), *src = interp_arg(a, 1, NULL);
    if (!dst || !src || dst->kind == VK_ERROR || src->kind == VK_ERROR)
        return val_error(in);
    if (dst->kind != VK_TENSOR || src->kind != VK_TENSOR)
        return interp_error(in, span, "assign(): expected tensors");
    native_assign(in, dst->u.tensor, src->u.tensor);
    return dst;
}

void native_assign(Interp *in, Tensor *d, Tensor *s)
{
    if (d == s)
        return;
    flow_write_tensor(in, d);
    Tensor keep = *d;
    *d = *s;
    d->version = (keep.version > s->version ? keep.version : s->version) + 1;
    d->view_base = keep.view_base;
    d->view_base_value = keep.view_base_value;
    d->view_fn = keep.view_fn;
    d->view_inverse = keep.view_inverse;
    d->view_version = keep.view_version;
    d->born = keep.born;
    if (d->is_static) {
        d->storage = s->storage && s->storage != s ? s->storage : s;
        d->param_name = NULL;
        d->is_parameter = false;
    }
}

/* view(t, base, fn, inverse): T is a view of BASE: T == FN(BASE), and a
 * new value V of T is written back as BASE = INVERSE(BASE, V). */
NATIVE(n_view)
{
    (void)self; (void)span;
    Value *t = interp_arg(a, 0, NULL), *base = interp_arg(a, 1, NULL);
    Value *fn = interp_arg(a, 2, NULL), *inv = interp_arg(a, 3, NULL);
    if (!t || t->kind != VK_TENSOR || !base || base->kind != VK_TENSOR || !fn || !inv)
        return t ? t : val_error(in);
    Tensor *v = t->u.tensor;
    if (v == base->u.tensor)
        return t;
    flow_write_tensor(in, v);
    v->view_base = base->u.tensor;
    v->view_base_value = base;
    v->view_fn = fn;
    v->view_inverse = inv;
    v->view_version = base->u.tensor->version;
    return t;
}

/* view_info(t): (base, inverse) when T is a view, else None. */
NATIVE(n_view_info)
{
    (void)self; (void)span;
    Value *t = interp_arg(a, 0, NULL);
    if (!t || t->kind != VK_TENSOR || !t->u.tensor->view_base)
        return val_none(in);
    Value *r = val_tuple(in, 2);
    val_list_push(in, r->u.list, t->u.tensor->view_base_value);
    val_list_push(in, r->u.list, t->u.tensor->view_inverse);
    return r;
}

/* view_sync(t): T, a view, was just written through: it is up to date
 * with its base. */
NATIVE(n_view_sync)
{
    (void)self; (void)span;
    Value *t = interp_arg(a, 0, NULL);
    if (t && t->kind == VK_TENSOR && t->u.tensor->view_base) {
        flow_write_tensor(in, t->u.tensor);
        t->u.tensor->view_version = t->u.tensor->view_base->version;
    }
    return t ? t : val_none(in);
}

/* A fresh tensor object with T's value (clone()): not a view, and writes
 * into either leave the other alone. */
NATIVE(n_copy)
{
    (void)self;
    Value *t = interp_arg(a, 0, NULL);
    if (!t || t->kind != VK_TENSOR)
        return t && t->kind == VK_ERROR ? t : interp_error(in, span, "copy(): expected a tensor");
    return native_clone_tensor(in, t, span);
}

Value *native_clone_tensor(Interp *in, Value *t, Span span)
{
    native_refresh_view(in, t->u.tensor, span);
    Tensor *r = arena_alloc(in->arena, sizeof *r);
    *r = *t->u.tensor;
    r->born = 0;            /* a new object: val_tensor stamps it */
    r->version = 0;
    r->view_base = NULL;
    r->view_base_value = r->view_fn = r->view_inverse = NULL;
    if (r->is_static) {
        /* a snapshot: the source may be written later (assign, fill_) */
        Tensor *owner = t->u.tensor->storage && t->u.tensor->storage != t->u.tensor ? t->u.tensor->storage
                                                                                    : t->u.tensor;
        if (in->lower && in->lowering) {
            r->ir = bridge_ir_of(in, t, span);
            if (!r->ir)
                return val_error(in);
        }
        r->data = bridge_tensor_data(in, owner);
        r->init = TINIT_DATA;
        r->storage = NULL;
        r->param_name = NULL;
        r->is_parameter = false;
    }
    return val_tensor(in, r);
}

/* A view whose base was written after the view was taken shows the new
 * values, as in PyTorch: it is taken again from the current base. */
bool native_refresh_view(Interp *in, Tensor *t, Span span)
{
    Tensor *base = t->view_base;
    if (!base || in->depth > 200)
        return true;
    if (!native_refresh_view(in, base, span))
        return false;
    if (base->version == t->view_version)
        return true;
    flow_write_tensor(in, t);
    t->view_version = base->version;
    Value *nv = interp_call_simple(in, t->view_fn, &t->view_base_value, 1, span);
    if (!nv) {
        interp_report_uncaught(in);
        return false;
    }
    if (nv->kind != VK_TENSOR)
        return false;
    Tensor *n = nv->u.tensor;
    flow_write_tensor(in, t);
    t->ir = n->ir;
    t->is_static = n->is_static;
    t->data = n->data;
    t->storage = n->storage;
    t->init = n->init;
    t->dtype = n->dtype;
    t->version++;
    return true;
}

/* error(msg): reports MSG at the user's call into the stdlib, then unwinds
 * the stdlib frames up to that call, which becomes poison (sema/interp/call.c). */
NATIVE(n_error)
{
    (void)self;
    Value *m = interp_arg(a, 0, NULL);
    interp_error(in, span, "%s", m && m->kind == VK_STR ? m->u.s.ptr : "error");
    Value *exc = val_none(in);
    exc->kind = VK_INSTANCE;
    exc->u.inst = arena_alloc(in->arena, sizeof(Instance));
    exc->u.inst->cls = in->cls.compile_error;
    exc->u.inst->attrs = val_scope_new(in->arena);
    in->exc = exc;
    in->exc_span = span;
    return NULL;
}

/* ---- nearest names, for "did you mean" ---- */

int native_edit_distance(const char *s, const char *t)
{
    size_t n = strlen(s), m = strlen(t);
    if (n > 63 || m > 63)
        return 99;
    int row[64];
    for (size_t j = 0; j <= m; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= n; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= m; j++) {
            int up = row[j];
            int best = diag + (s[i - 1] != t[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[m];
}

const char *native_nearest_name(const char *name, const char *const *names, int n)
{
    const char *best = NULL;
    int best_d = 99;
    size_t len = strlen(name);
    int limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
    for (int i = 0; i < n; i++) {
        if (!names[i] || names[i][0] == '_' || !strcmp(names[i], name))
            continue;
        int d = native_edit_distance(name, names[i]);
        if (d < best_d || (d == best_d && best && strcmp(names[i], best) < 0)) {
            best_d = d;
            best = names[i];
        }
    }
    return best_d <= limit ? best : NULL;
}

/* The public names of a scope (a module or a class), plus those of a class's
 * bases. */
static void scope_names(Interp *in, const Scope *s, PtrVec *out)
{
    for (int i = 0; s && i < s->len; i++)
        if (s->entries[i].value)
            ptrvec_push(in->arena, out, (void *)s->entries[i].name);
}

const char *native_suggest_attr(Interp *in, Value *obj, const char *name)
{
    PtrVec names = {0};
    if (obj->kind == VK_MODULE) {
        scope_names(in, obj->u.module->globals, &names);
    } else {
        Value *cls = obj->kind == VK_CLASS ? obj : interp_class_of(in, obj);
        if (obj->kind == VK_INSTANCE) {
            scope_names(in, obj->u.inst->attrs, &names);
            /* an nn.Module's parameters, buffers and submodules */
            static const char *const dicts[3] = {"_parameters", "_buffers", "_modules"};
            for (int i = 0; i < 3; i++) {
                Value *d = val_scope_get(obj->u.inst->attrs, intern(&in->c->names, dicts[i]));
                for (int k = 0; d && d->kind == VK_DICT && k < d->u.dict->len; k++) {
                    const DictEntry *e = &d->u.dict->entries[k];
                    if (!e->deleted && e->key->kind == VK_STR)
                        ptrvec_push(in->arena, &names, (void *)e->key->u.s.ptr);
                }
            }
        }
        for (int i = 0; cls && cls->kind == VK_CLASS && i < cls->u.cls->n_mro; i++)
            scope_names(in, cls->u.cls->mro[i]->u.cls->dict, &names);
    }
    return native_nearest_name(name, (const char *const *)names.items, names.len);
}

NATIVE(n_dim_text)
{
    (void)self; (void)span;
    Value *v = interp_arg(a, 0, NULL);
    if (!v)
        return val_error(in);
    Dim d = native_value_dim(v);
    if (!dim_is_known(d) && !d.sym)
        return val_cstr(in, v->kind == VK_INT && !v->dyn ? val_repr(in, v) : "?");
    return val_cstr(in, dim_str(in->arena, d));
}

/* same_size(d, x, i): whether size value D is known to equal dimension I of
 * tensor X (equal constants, or the same symbolic dimension), without
 * emitting anything. */
NATIVE(n_same_size)
{
    (void)self; (void)span;
    Value *d = interp_arg(a, 0, NULL), *x = interp_arg(a, 1, NULL), *iv = interp_arg(a, 2, NULL);
    if (!d || !x || !iv || x->kind != VK_TENSOR || iv->kind != VK_INT || iv->dyn)
        return val_bool(in, false);
    Tensor *t = x->u.tensor;
    int64_t i = iv->u.i < 0 ? iv->u.i + t->rank : iv->u.i;
    if (i < 0 || i >= t->rank)
        return val_bool(in, false);
    Dim dd = native_value_dim(d), dx = t->dims[i];
    return val_bool(in, (dim_is_known(dd) || dd.sym) && dim_equal(dd, dx));
}

/* static_size(x, i): dimension I of X when it is a known constant, else
 * None; unlike x.size(i) it never emits Shape nodes. */
NATIVE(n_static_size)
{
    (void)self; (void)span;
    Value *x = interp_arg(a, 0, NULL), *iv = interp_arg(a, 1, NULL);
    if (!x || !iv || x->kind != VK_TENSOR || iv->kind != VK_INT || iv->dyn || x->u.tensor->rank < 0)
        return val_none(in);
    Tensor *t = x->u.tensor;
    int64_t i = iv->u.i < 0 ? iv->u.i + t->rank : iv->u.i;
    if (i < 0 || i >= t->rank || !dim_is_known(t->dims[i]))
        return val_none(in);
    return val_int(in, t->dims[i].value);
}

/* static_shape(x): x's shape as a tuple of ints when every dimension is a
 * known constant, else None (no nodes either way). */
NATIVE(n_static_shape)
{
    (void)self; (void)span;
    Value *x = interp_arg(a, 0, NULL);
    if (!x || x->kind != VK_TENSOR || x->u.tensor->rank < 0)
        return val_none(in);
    Tensor *t = x->u.tensor;
    Value *r = val_tuple(in, t->rank);
    for (int i = 0; i < t->rank; i++) {
        if (!dim_is_known(t->dims[i]))
            return val_none(in);
        val_list_push(in, r->u.list, val_int(in, t->dims[i].value));
    }
    return r;
}

/* shape_text(x): "[N, 3]" for messages. */
NATIVE(n_shape_text)
{
    (void)self; (void)span;
    Value *x = interp_arg(a, 0, NULL);
    if (!x || x->kind != VK_TENSOR)
        return val_cstr(in, "?");
    Tensor *t = x->u.tensor;
    if (t->rank < 0)
        return val_cstr(in, "[unknown rank]");
    char *s = arena_strdup(in->arena, "[");
    for (int i = 0; i < t->rank; i++)
        s = arena_sprintf(in->arena, "%s%s%s", s, i ? ", " : "", dim_str(in->arena, t->dims[i]));
    return val_cstr(in, arena_sprintf(in->arena, "%s]", s));
}

/* The natives of this file, in _native (sema/native/native.c). */
const Builtin native_tensor_natives[] = {
    {"to_scalar", n_to_scalar, NULL},
    {"tolist", n_tolist, NULL},
    {"python_number", n_python_number, NULL},
    {"script", n_script, NULL},
    {"refine", n_refine, NULL},
    {"assign", n_assign, NULL},
    {"view", n_view, NULL},
    {"view_info", n_view_info, NULL},
    {"copy", n_copy, NULL},
    {"view_sync", n_view_sync, NULL},
    {"error", n_error, NULL},
    {"dim_text", n_dim_text, NULL},
    {"same_size", n_same_size, NULL},
    {"static_size", n_static_size, NULL},
    {"shape_text", n_shape_text, NULL},
    {"static_shape", n_static_shape, NULL},
};
const int native_tensor_count = (int)(sizeof native_tensor_natives / sizeof native_tensor_natives[0]);

void native_tensor_init(Interp *in, Module *m)
{
    const char *name = intern(&in->c->names, "CompileError");
    in->cls.compile_error = interp_make_class(in, name, NULL, 0, val_scope_new(in->arena), m, SPAN_NONE);
}
