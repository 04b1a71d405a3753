/* Expression evaluation.
 *
 * Static operands are computed here with Python's semantics (integer floor
 * division and modulo, int/float promotion, sequence operations).  Anything
 * involving a tensor, an instance or a dynamic scalar is dispatched to its
 * class's special methods (__add__/__radd__ ...), which the stdlib defines in
 * the model language over onnx.* calls. */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/flow/flow.h"
#include "sema/interp/interp.h"
#include "sema/types/types.h"

/* ---- special-method names of operators ---- */

typedef struct OpNames {
    const char *method, *rmethod, *imethod, *symbol;
} OpNames;

static OpNames op_names(AstOp op)
{
    switch (op) {
    case AST_OP_ADD: return (OpNames){"__add__", "__radd__", "__iadd__", "+"};
    case AST_OP_SUB: return (OpNames){"__sub__", "__rsub__", "__isub__", "-"};
    case AST_OP_MULT: return (OpNames){"__mul__", "__rmul__", "__imul__", "*"};
    case AST_OP_MATMULT: return (OpNames){"__matmul__", "__rmatmul__", "__imatmul__", "@"};
    case AST_OP_DIV: return (OpNames){"__truediv__", "__rtruediv__", "__itruediv__", "/"};
    case AST_OP_FLOORDIV: return (OpNames){"__floordiv__", "__rfloordiv__", "__ifloordiv__", "//"};
    case AST_OP_MOD: return (OpNames){"__mod__", "__rmod__", "__imod__", "%"};
    case AST_OP_POW: return (OpNames){"__pow__", "__rpow__", "__ipow__", "**"};
    case AST_OP_LSHIFT: return (OpNames){"__lshift__", "__rlshift__", "__ilshift__", "<<"};
    case AST_OP_RSHIFT: return (OpNames){"__rshift__", "__rrshift__", "__irshift__", ">>"};
    case AST_OP_BITOR: return (OpNames){"__or__", "__ror__", "__ior__", "|"};
    case AST_OP_BITXOR: return (OpNames){"__xor__", "__rxor__", "__ixor__", "^"};
    case AST_OP_BITAND: return (OpNames){"__and__", "__rand__", "__iand__", "&"};
    case AST_OP_EQ: return (OpNames){"__eq__", "__eq__", NULL, "=="};
    case AST_OP_NOTEQ: return (OpNames){"__ne__", "__ne__", NULL, "!="};
    case AST_OP_LT: return (OpNames){"__lt__", "__gt__", NULL, "<"};
    case AST_OP_LTE: return (OpNames){"__le__", "__ge__", NULL, "<="};
    case AST_OP_GT: return (OpNames){"__gt__", "__lt__", NULL, ">"};
    case AST_OP_GTE: return (OpNames){"__ge__", "__le__", NULL, ">="};
    default: return (OpNames){NULL, NULL, NULL, "?"};
    }
}

static bool is_static_number(const Value *v)
{
    return (v->kind == VK_INT || v->kind == VK_FLOAT || v->kind == VK_BOOL) && !v->dyn;
}

static double as_double(const Value *v)
{
    return v->kind == VK_FLOAT ? v->u.f : v->kind == VK_INT ? (double)v->u.i : (double)v->u.b;
}

static int64_t as_int(const Value *v)
{
    return v->kind == VK_INT ? v->u.i : (int64_t)v->u.b;
}

/* Whether dispatching V's operators goes through special methods. */
static bool has_special_methods(const Value *v)
{
    return v->kind == VK_TENSOR || v->kind == VK_INSTANCE || val_is_dynamic_scalar(v) ||
           interp_container_class(v) != NULL;
}

/* Whether a binary operator falls back to the builtin operation when the
 * operands' special methods do not handle it: instances of subclasses of
 * the builtin containers (a namedtuple + a tuple), and instances formatted
 * by '%'. */
static bool builtin_fallback(const Value *a, const Value *b)
{
    return a->kind != VK_TENSOR && b->kind != VK_TENSOR && !val_is_dynamic_scalar(a) &&
           !val_is_dynamic_scalar(b);
}

/* ---- static arithmetic ---- */

static Value *int_overflow(Interp *in, Span span)
{
    return interp_error(in, span, "integer overflow in compile-time arithmetic (values are 64-bit)");
}

static int64_t floor_div_i64(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int64_t floor_mod_i64(int64_t a, int64_t b)
{
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
        r += b;
    return r;
}

static Value *int_pow(Interp *in, int64_t base, int64_t exp, Span span)
{
    if (exp < 0)
        return val_float(in, pow((double)base, (double)exp));
    int64_t result = 1;
    while (exp > 0) {
        if (exp & 1) {
            if (__builtin_mul_overflow(result, base, &result))
                return int_overflow(in, span);
        }
        exp >>= 1;
        if (exp && __builtin_mul_overflow(base, base, &base))
            return int_overflow(in, span);
    }
    return val_int(in, result);
}

static Value *int_binop(Interp *in, AstOp op, int64_t a, int64_t b, Span span)
{
    int64_t r;
    switch (op) {
    case AST_OP_ADD: if (__builtin_add_overflow(a, b, &r)) return int_overflow(in, span); return val_int(in, r);
    case AST_OP_SUB: if (__builtin_sub_overflow(a, b, &r)) return int_overflow(in, span); return val_int(in, r);
    case AST_OP_MULT: if (__builtin_mul_overflow(a, b, &r)) return int_overflow(in, span); return val_int(in, r);
    case AST_OP_DIV:
        if (b == 0)
            return interp_raise(in, in->cls.zero_division_error, span, "division by zero");
        return val_float(in, (double)a / (double)b);
    case AST_OP_FLOORDIV:
    case AST_OP_MOD:
        if (b == 0)
            return interp_raise(in, in->cls.zero_division_error, span, "integer division or modulo by zero");
        if (a == INT64_MIN && b == -1)
            return int_overflow(in, span);
        return val_int(in, op == AST_OP_FLOORDIV ? floor_div_i64(a, b) : floor_mod_i64(a, b));
    case AST_OP_POW: return int_pow(in, a, b, span);
    case AST_OP_LSHIFT:
        if (b < 0)
            return interp_raise(in, in->cls.value_error, span, "negative shift count");
        if (b >= 63 || (a != 0 && (a > (INT64_MAX >> b) || a < (INT64_MIN >> b))))
            return int_overflow(in, span);
        return val_int(in, (int64_t)((uint64_t)a << b));
    case AST_OP_RSHIFT:
        if (b < 0)
            return interp_raise(in, in->cls.value_error, span, "negative shift count");
        return val_int(in, b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    case AST_OP_BITOR: return val_int(in, a | b);
    case AST_OP_BITXOR: return val_int(in, a ^ b);
    case AST_OP_BITAND: return val_int(in, a & b);
    default: return NULL;
    }
}

/* a // b and a % b as Python computes them (floatobject.c's divmod): the
 * quotient from the exact remainder, not floor(a / b), so 1.0 // 0.1 is
 * 9.0; a zero remainder takes the sign of b. */
static void float_divmod(double a, double b, double *div_out, double *mod_out)
{
    double mod = fmod(a, b);
    double div = (a - mod) / b;
    if (mod != 0.0) {
        if ((b < 0) != (mod < 0)) {
            mod += b;
            div -= 1.0;
        }
    } else {
        mod = copysign(0.0, b);
    }
    double floordiv;
    if (div != 0.0) {
        floordiv = floor(div);
        if (div - floordiv > 0.5)
            floordiv += 1.0;
    } else {
        floordiv = copysign(0.0, a / b);
    }
    *div_out = floordiv;
    *mod_out = mod;
}

/* a ** b with Python's errors: 0.0 to a negative power, a negative base to
 * a fractional power (a complex result), an overflowing result. */
static Value *float_pow(Interp *in, double a, double b, Span span)
{
    if (a == 0.0 && b < 0.0 && isfinite(b))
        return interp_raise(in, in->cls.zero_division_error, span, "0.0 cannot be raised to a negative power");
    if (a < 0.0 && isfinite(a) && isfinite(b) && b != floor(b))
        return interp_error(in, span, "a negative number to a fractional power is complex; complex numbers are "
                          "not supported");
    double r = pow(a, b);
    if (isinf(r) && isfinite(a) && isfinite(b))
        return interp_raise(in, in->cls.overflow_error, span, "(34, 'Numerical result out of range')");
    return val_float(in, r);
}

static Value *float_binop(Interp *in, AstOp op, double a, double b, Span span)
{
    double div, mod;
    switch (op) {
    case AST_OP_ADD: return val_float(in, a + b);
    case AST_OP_SUB: return val_float(in, a - b);
    case AST_OP_MULT: return val_float(in, a * b);
    case AST_OP_DIV:
        if (b == 0.0)
            return interp_raise(in, in->cls.zero_division_error, span, "float division by zero");
        return val_float(in, a / b);
    case AST_OP_FLOORDIV:
    case AST_OP_MOD:
        if (b == 0.0)
            return interp_raise(in, in->cls.zero_division_error, span,
                             op == AST_OP_MOD ? "float modulo" : "float floor division by zero");
        float_divmod(a, b, &div, &mod);
        return val_float(in, op == AST_OP_MOD ? mod : div);
    case AST_OP_POW: return float_pow(in, a, b, span);
    default: return NULL;
    }
}

static Value *seq_repeat(Interp *in, Value *seq, int64_t n, Span span)
{
    if (n < 0)
        n = 0;
    int64_t len = seq->kind == VK_STR ? (int64_t)seq->u.s.len : (int64_t)seq->u.list->len;
    if (len && n > in->c->limits.max_static_items / len)
        return interp_error(in, span, "sequence repetition longer than %ld items at compile time "
                          "(--limit items=N raises the limit)", in->c->limits.max_static_items);
    if (seq->kind == VK_STR) {
        char *buf = arena_alloc_raw(in->arena, (size_t)(len * n) + 1);
        for (int64_t i = 0; i < n; i++)
            memcpy(buf + i * len, seq->u.s.ptr, (size_t)len);
        return val_str(in, buf, (size_t)(len * n));
    }
    Value *r = seq->kind == VK_LIST ? val_list(in, (int)(len * n)) : val_tuple(in, (int)(len * n));
    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < len; j++)
            val_list_push(in, r->u.list, seq->u.list->items[j]);
    return r;
}

static Value *seq_concat(Interp *in, Value *a, Value *b, Span span)
{
    int64_t len = a->kind == VK_STR ? (int64_t)a->u.s.len + (int64_t)b->u.s.len
                                    : (int64_t)a->u.list->len + b->u.list->len;
    if (len > in->c->limits.max_static_items)
        return interp_error(in, span, "concatenation longer than %ld items at compile time "
                          "(--limit items=N raises the limit)", in->c->limits.max_static_items);
    if (a->kind == VK_STR) {
        char *buf = arena_alloc_raw(in->arena, (size_t)a->u.s.len + b->u.s.len + 1);
        memcpy(buf, a->u.s.ptr, a->u.s.len);
        memcpy(buf + a->u.s.len, b->u.s.ptr, b->u.s.len);
        return val_str(in, buf, (size_t)a->u.s.len + b->u.s.len);
    }
    int n = a->u.list->len + b->u.list->len;
    Value *r = a->kind == VK_LIST ? val_list(in, n) : val_tuple(in, n);
    for (int i = 0; i < a->u.list->len; i++)
        val_list_push(in, r->u.list, a->u.list->items[i]);
    for (int i = 0; i < b->u.list->len; i++)
        val_list_push(in, r->u.list, b->u.list->items[i]);
    return r;
}

/* d1 | d2 (a new dict of d1's kind), d1 |= d2 (INPLACE). */
static Value *dict_merge(Interp *in, Value *a, Value *b, bool inplace)
{
    Value *r = a;
    if (!inplace) {
        r = val_dict(in);
        r->u.dict->cls = a->u.dict->cls;
        for (int i = 0; i < a->u.dict->len; i++)
            if (!a->u.dict->entries[i].deleted)
                val_dict_set(in, r->u.dict, a->u.dict->entries[i].key, a->u.dict->entries[i].value);
    }
    for (int i = 0; i < b->u.dict->len; i++)
        if (!b->u.dict->entries[i].deleted)
            val_dict_set(in, r->u.dict, b->u.dict->entries[i].key, b->u.dict->entries[i].value);
    return r;
}

/* The operands of `int | None`: classes, None and unions. */
static bool is_type_like(const Value *v)
{
    return v->kind == VK_CLASS || v->kind == VK_NONE;
}

/* Binary operators on static builtin values; NULL when not applicable. */
static Value *static_binop(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    if (op == AST_OP_ADD && flow_dynlist_is(a) && b->kind == VK_LIST && !flow_dynlist_is(b)) {
        /* a run-time list + a list of compile-time length: a new list, the
         * items of b appended to a copy of a */
        Value *r = val_list(in, 0);
        *r->u.list = *a->u.list;
        for (int i = 0; i < b->u.list->len; i++) {
            Value *x = flow_dynlist_append(in, r, b->u.list->items[i], span);
            if (!x || x->kind == VK_ERROR)
                return x ? x : val_error(in);
        }
        return r;
    }
    if (flow_dynlist_is(a) || flow_dynlist_is(b))
        return flow_dynlist_unsupported(in, arena_sprintf(in->arena, "'%s'", op_names(op).symbol), span);
    if (is_static_number(a) && is_static_number(b)) {
        if (a->kind != VK_FLOAT && b->kind != VK_FLOAT)
            return int_binop(in, op, as_int(a), as_int(b), span);
        return float_binop(in, op, as_double(a), as_double(b), span);
    }
    bool a_seq = a->kind == VK_STR || a->kind == VK_LIST || a->kind == VK_TUPLE;
    if (op == AST_OP_ADD && a_seq && b->kind == a->kind)
        return seq_concat(in, a, b, span);
    if (op == AST_OP_MULT && a_seq && (b->kind == VK_INT || b->kind == VK_BOOL) && !b->dyn)
        return seq_repeat(in, a, as_int(b), span);
    if (op == AST_OP_MULT && (a->kind == VK_INT || a->kind == VK_BOOL) && !a->dyn &&
        (b->kind == VK_STR || b->kind == VK_LIST || b->kind == VK_TUPLE))
        return seq_repeat(in, b, as_int(a), span);
    if (op == AST_OP_MOD && a->kind == VK_STR)
        return interp_percent_format(in, a->u.s.ptr, b, span);
    if (val_is_set(a))
        return interp_set_binop(in, op, a, b, false);
    if (op == AST_OP_BITOR && a->kind == VK_DICT && b->kind == VK_DICT)
        return dict_merge(in, a, b, false);
    if (op == AST_OP_BITOR && is_type_like(a) && is_type_like(b))
        return interp_union_type(in, a, b);
    return NULL;
}

static bool is_not_implemented(Interp *in, const Value *v)
{
    Value *ni = val_scope_get(in->builtins, intern(&in->c->names, "NotImplemented"));
    return v == ni;
}

/* a OP b through __op__ / __rop__. */
static Value *dispatch_binop(Interp *in, const OpNames *names, Value *a, Value *b, Span span)
{
    Value *args[1];
    if (has_special_methods(a)) {
        Value *m = interp_lookup_attr(in, a, intern(&in->c->names, names->method), span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR) {
            args[0] = b;
            Value *r = interp_call_simple(in, m, args, 1, span);
            if (!r || !is_not_implemented(in, r))
                return r;
        }
    }
    if (has_special_methods(b)) {
        Value *m = interp_lookup_attr(in, b, intern(&in->c->names, names->rmethod), span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR) {
            args[0] = a;
            Value *r = interp_call_simple(in, m, args, 1, span);
            if (!r || !is_not_implemented(in, r))
                return r;
        }
    }
    return NULL;
}

/* ---- operands of run-time rank (sema/flow/rank.c): once per rank ---- */

typedef struct RankedOp {
    int kind;               /* 0 binop, 1 comparison, 2 subscript, 3 unary, 4 truth */
    AstOp op;
    const AstNode *expr;
    Span span;
} RankedOp;

static Value *eval_unary_value(Interp *in, const AstNode *e, Value *v);

static Value *ranked_op(Interp *in, Value **v, int n, void *ctx)
{
    (void)n;
    RankedOp *r = ctx;
    switch (r->kind) {
    case 0: return interp_binop(in, r->op, v[0], v[1], r->span);
    case 1: return interp_compare_op(in, r->op, v[0], v[1], r->span);
    case 2: return interp_subscript(in, v[0], v[1], r->span);
    case 3: return eval_unary_value(in, r->expr, v[0]);
    default: return interp_truth(in, v[0], r->span);
    }
}

static Value *ranked(Interp *in, int kind, AstOp op, const AstNode *expr, Value *a, Value *b, Span span)
{
    Value *v[2] = {a, b};
    RankedOp r = {kind, op, expr, span};
    return flow_ranks_apply(in, v, b ? 2 : 1, ranked_op, &r, span);
}

Value *interp_binop(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    if (a->kind == VK_ERROR || b->kind == VK_ERROR)
        return val_error(in);
    if (flow_ranks_is(a) || flow_ranks_is(b))
        return ranked(in, 0, op, NULL, a, b, span);
    OpNames names = op_names(op);
    if (!has_special_methods(a) && !has_special_methods(b)) {
        Value *r = static_binop(in, op, a, b, span);
        if (r || in->exc)
            return r;
    } else {
        Value *r = dispatch_binop(in, &names, a, b, span);
        if (r || in->exc)
            return r;
        if (builtin_fallback(a, b)) {
            r = static_binop(in, op, a, b, span);
            if (r || in->exc)
                return r;
        }
    }
    return interp_error(in, span, "unsupported operand types for %s: '%s' and '%s'", names.symbol,
                      val_type_name(in, a), val_type_name(in, b));
}

/* a OP= b: the in-place special method when the type defines one. */
Value *interp_inplace_binop(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    if (a->kind == VK_ERROR || b->kind == VK_ERROR)
        return val_error(in);
    OpNames names = op_names(op);
    if (a->kind == VK_SET && val_is_set(b))
        return interp_set_binop(in, op, a, b, true);
    if (op == AST_OP_BITOR && a->kind == VK_DICT && b->kind == VK_DICT)
        return dict_merge(in, a, b, true);
    if (names.imethod && (a->kind == VK_INSTANCE || a->kind == VK_TENSOR || interp_container_class(a))) {
        Value *m = interp_lookup_attr(in, a, intern(&in->c->names, names.imethod), span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR) {
            Value *r = interp_call_simple(in, m, &b, 1, span);
            if (!r || !is_not_implemented(in, r))
                return r;
        }
    }
    return interp_binop(in, op, a, b, span);
}

/* ---- comparisons ---- */

static int compare_static(const Value *a, const Value *b, bool *ok);

static int compare_seq(const Value *a, const Value *b, bool *ok)
{
    int n = a->u.list->len < b->u.list->len ? a->u.list->len : b->u.list->len;
    for (int i = 0; i < n; i++) {
        if (val_equal_static(a->u.list->items[i], b->u.list->items[i]))
            continue;
        return compare_static(a->u.list->items[i], b->u.list->items[i], ok);
    }
    return (a->u.list->len > b->u.list->len) - (a->u.list->len < b->u.list->len);
}

/* Ordering of static values: <0, 0, >0; *ok false when unordered. */
static int compare_static(const Value *a, const Value *b, bool *ok)
{
    *ok = true;
    if (is_static_number(a) && is_static_number(b)) {
        if (a->kind != VK_FLOAT && b->kind != VK_FLOAT)
            return (as_int(a) > as_int(b)) - (as_int(a) < as_int(b));
        double x = as_double(a), y = as_double(b);
        if (isnan(x) || isnan(y)) {
            *ok = false;    /* every ordering comparison with NaN is false */
            return 0;
        }
        return (x > y) - (x < y);
    }
    if (a->kind == VK_STR && b->kind == VK_STR) {
        uint32_t n = a->u.s.len < b->u.s.len ? a->u.s.len : b->u.s.len;
        int c = memcmp(a->u.s.ptr, b->u.s.ptr, n);
        if (c)
            return c;
        return (a->u.s.len > b->u.s.len) - (a->u.s.len < b->u.s.len);
    }
    if ((a->kind == VK_LIST || a->kind == VK_TUPLE) && a->kind == b->kind)
        return compare_seq(a, b, ok);
    *ok = false;
    return 0;
}

static bool value_identical(const Value *a, const Value *b)
{
    if (a == b)
        return true;
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case VK_NONE: case VK_ELLIPSIS: return true;
    case VK_BOOL: return !a->dyn && !b->dyn && a->u.b == b->u.b;
    case VK_INT: return !a->dyn && !b->dyn && a->u.i == b->u.i;
    case VK_STR: return a->u.s.ptr == b->u.s.ptr;
    case VK_DTYPE: return a->u.dtype == b->u.dtype;
    case VK_FLOAT: case VK_ERROR: return false;
    default: return a->u.cls == b->u.cls;
    }
}

/* The special method NAME that the class of a value without an instance
 * dictionary defines (a metaclass's for a class, a container subclass's):
 * NULL when it has none. */
Value *interp_class_special(Interp *in, Value *v, const char *name)
{
    (void)in;
    Value *cls = v->kind == VK_CLASS ? v->u.cls->meta : interp_container_class(v);
    if (!cls)
        return NULL;
    Value *m = interp_class_lookup(cls, name);
    return m && m->kind == VK_FUNCTION ? m : NULL;
}

static Value *eval_contains(Interp *in, Value *container, Value *item, Span span)
{
    if (flow_dynlist_is(container))
        return flow_dynlist_unsupported(in, "'in'", span);
    Value *special = interp_class_special(in, container, in->id.contains);
    if (special) {
        Value *args[2] = {container, item};
        Value *r = interp_call_simple(in, special, args, 2, span);
        return !r || r->kind == VK_ERROR ? r : interp_truth(in, r, span);
    }
    switch (container->kind) {
    case VK_LIST: case VK_TUPLE:
        if (!val_is_static(item) && item->kind != VK_TENSOR)
            break;
        if (!interp_charge(in, container->u.list->len, span))
            return NULL;
        /* an object with its own __eq__ (an enum member of str type) is
         * compared with it */
        bool item_eq = item->kind == VK_INSTANCE && interp_class_lookup(item->u.inst->cls, in->id.eq);
        for (int i = 0; i < container->u.list->len; i++) {
            Value *x = container->u.list->items[i];
            if (value_identical(x, item) || (val_is_static(x) && val_equal_static(x, item)))
                return val_const_bool(true);
            if (item_eq && val_is_static(x)) {
                Value *eq = interp_compare_op(in, AST_OP_EQ, x, item, span);
                if (!eq || eq->kind == VK_ERROR)
                    return eq;
                Value *t = interp_truth(in, eq, span);
                if (!t || t->kind == VK_ERROR || (!t->dyn && t->u.b))
                    return t;
            }
        }
        return val_const_bool(false);
    case VK_DICT: case VK_SET: case VK_FROZENSET:
        if (!val_hashable(item))
            break;
        return val_const_bool(val_dict_get(container->u.dict, item) != NULL);
    case VK_STR:
        if (item->kind != VK_STR)
            break;
        if (!interp_charge(in, container->u.s.len / 64, span))
            return NULL;
        if (item->u.s.len == 0)
            return val_const_bool(true);
        for (uint32_t i = 0; i + item->u.s.len <= container->u.s.len; i++)
            if (memcmp(container->u.s.ptr + i, item->u.s.ptr, item->u.s.len) == 0)
                return val_const_bool(true);
        return val_const_bool(false);
    case VK_RANGE: {
        if (item->kind != VK_INT || item->dyn)
            break;
        const Range *r = &container->u.range;
        int64_t x = item->u.i;
        bool inside = r->step > 0 ? (x >= r->start && x < r->stop) : (x <= r->start && x > r->stop);
        return val_const_bool(inside && (x - r->start) % r->step == 0);
    }
    case VK_INSTANCE: case VK_TENSOR: {
        Value *m = interp_lookup_attr(in, container, in->id.contains, span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR)
            return interp_call_simple(in, m, &item, 1, span);
        break;
    }
    default:
        break;
    }
    return interp_error(in, span, "'in' is not supported between '%s' and '%s'",
                      val_type_name(in, item), val_type_name(in, container));
}

static bool is_container_value(const Value *v)
{
    return v->kind == VK_LIST || v->kind == VK_TUPLE || v->kind == VK_DICT || val_is_set(v);
}

Value *interp_compare_op(Interp *in, AstOp op, Value *a, Value *b, Span span)
{
    if (a->kind == VK_ERROR || b->kind == VK_ERROR)
        return val_error(in);
    if (op == AST_OP_IS || op == AST_OP_ISNOT) {
        /* an Optional that is None on some run-time paths */
        if ((a->kind == VK_OPTIONAL && b->kind == VK_NONE) || (b->kind == VK_OPTIONAL && a->kind == VK_NONE))
            return flow_optional_is_none(in, a->kind == VK_OPTIONAL ? a : b, op == AST_OP_IS, span);
        bool same = value_identical(a, b);
        return val_const_bool(op == AST_OP_IS ? same : !same);
    }
    if (flow_ranks_is(a) || flow_ranks_is(b))
        return ranked(in, 1, op, NULL, a, b, span);
    if (op == AST_OP_IN || op == AST_OP_NOTIN) {
        Value *r = eval_contains(in, b, a, span);
        if (!r || r->kind != VK_BOOL || op == AST_OP_IN || r->dyn)
            return r;
        return val_const_bool(!r->u.b);
    }
    OpNames names = op_names(op);
    if (has_special_methods(a) || has_special_methods(b)) {
        Value *r = dispatch_binop(in, &names, a, b, span);
        if (r || in->exc)
            return r;
        if (op == AST_OP_NOTEQ && (a->kind == VK_INSTANCE || b->kind == VK_INSTANCE ||
                                   interp_container_class(a) || interp_container_class(b))) {
            /* object.__ne__: the negation of __eq__ */
            OpNames eq = op_names(AST_OP_EQ);
            r = dispatch_binop(in, &eq, a, b, span);
            if (in->exc || (r && r->kind == VK_ERROR))
                return r;
            if (r) {
                Value *t = interp_truth(in, r, span);
                return !t || t->kind == VK_ERROR || t->dyn ? t : val_const_bool(!t->u.b);
            }
        }
        if (interp_container_class(a) || interp_container_class(b))
            goto builtin;
        if (op == AST_OP_EQ || op == AST_OP_NOTEQ) {
            bool same = value_identical(a, b);
            return val_const_bool(op == AST_OP_EQ ? same : !same);
        }
        return interp_error(in, span, "'%s' is not supported between '%s' and '%s'", names.symbol,
                          val_type_name(in, a), val_type_name(in, b));
    }
builtin:
    if (op == AST_OP_EQ || op == AST_OP_NOTEQ) {
        /* each pair of items compared is a step */
        long left = interp_steps_left(in), budget = left;
        bool eq = val_equal_counted(a, b, &budget);
        if (!interp_charge(in, left - (budget > 0 ? budget : 0), span))
            return NULL;
        return val_const_bool(op == AST_OP_EQ ? eq : !eq);
    }
    if (is_container_value(a) && is_container_value(b)) {
        /* an ordering visits the items up to the first difference: at
         * most the smaller one's */
        long left = interp_steps_left(in);
        long wa = val_work_size(a, left), wb = val_work_size(b, left);
        if (!interp_charge(in, wa < wb ? wa : wb, span))
            return NULL;
    }
    Value *sets = interp_set_compare(in, op, a, b);
    if (sets)
        return sets;
    bool ok;
    int c = compare_static(a, b, &ok);
    if (!ok) {
        if ((is_static_number(a) && is_static_number(b)))
            return val_const_bool(false);     /* NaN */
        return interp_error(in, span, "'%s' is not supported between '%s' and '%s'", names.symbol,
                          val_type_name(in, a), val_type_name(in, b));
    }
    switch (op) {
    case AST_OP_LT: return val_const_bool(c < 0);
    case AST_OP_LTE: return val_const_bool(c <= 0);
    case AST_OP_GT: return val_const_bool(c > 0);
    default: return val_const_bool(c >= 0);
    }
}

/* ---- truth values ---- */

/* The truth of V for control flow; *is_static false when it is only known
 * at run time (the caller then lowers to a graph condition). */
Value *interp_truth(Interp *in, Value *v, Span span)
{
    if (flow_ranks_is(v))
        return ranked(in, 4, AST_OP_ADD, NULL, v, NULL, span);
    bool ok;
    bool t = val_truthy(v, &ok);
    if (ok)
        return val_const_bool(t);
    if (flow_dynlist_is(v)) {
        Value *n = flow_dynlist_len(in, v, span);
        return n->kind == VK_ERROR ? n : interp_compare_op(in, AST_OP_GT, n, val_int(in, 0), span);
    }
    if (v->kind == VK_ERROR || val_is_dynamic_scalar(v)) {
        if (v->kind == VK_BOOL)
            return v;
        return v->kind == VK_ERROR ? v : interp_call_method(in, v, in->id.bool_, NULL, 0, span);
    }
    if (v->kind == VK_TENSOR || v->kind == VK_INSTANCE) {
        Value *m = interp_lookup_attr(in, v, in->id.bool_, span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR)
            return interp_call_simple(in, m, NULL, 0, span);
        if (v->kind == VK_INSTANCE) {
            Value *len = interp_lookup_attr(in, v, in->id.len, span);
            if (in->exc)
                return NULL;
            if (len && len->kind != VK_ERROR) {
                Value *n = interp_call_simple(in, len, NULL, 0, span);
                if (!n || n->kind != VK_INT)
                    return n;
                return val_const_bool(n->dyn ? false : n->u.i != 0);
            }
            return val_const_bool(true);
        }
    }
    return interp_error(in, span, "cannot take the truth value of '%s'", val_type_name(in, v));
}

/* ---- unary operators ---- */

static Value *eval_unary(Interp *in, const AstNode *e)
{
    Value *v = interp_eval(in, e->u.unary_op.operand);
    if (!v || v->kind == VK_ERROR)
        return v;
    if (flow_ranks_is(v))
        return ranked(in, 3, AST_OP_ADD, e, v, NULL, e->span);
    return eval_unary_value(in, e, v);
}

static Value *eval_unary_value(Interp *in, const AstNode *e, Value *v)
{
    AstOp op = e->u.unary_op.op;
    if (op == AST_OP_NOT) {
        Value *t = interp_truth(in, v, e->span);
        if (!t || t->kind == VK_ERROR)
            return t;
        if (!t->dyn)
            return val_const_bool(!t->u.b);
        Value *n = bridge_onnx1(in, "Not", bridge_wrap(in, t->dyn), e->span);
        if (!n || n->kind != VK_TENSOR)
            return n;
        return bridge_runtime_number(in, VK_BOOL, bridge_ir_of(in, n, e->span));
    }
    if (is_static_number(v)) {
        if (op == AST_OP_UADD)
            return v->kind == VK_BOOL ? val_int(in, v->u.b) : v;
        if (op == AST_OP_USUB) {
            if (v->kind == VK_FLOAT)
                return val_float(in, -v->u.f);
            if (as_int(v) == INT64_MIN)
                return int_overflow(in, e->span);
            return val_int(in, -as_int(v));
        }
        if (op == AST_OP_INVERT && v->kind != VK_FLOAT)
            return val_int(in, ~as_int(v));
    }
    const char *method = op == AST_OP_UADD ? "__pos__" : op == AST_OP_USUB ? "__neg__" : "__invert__";
    if (has_special_methods(v)) {
        Value *m = interp_lookup_attr(in, v, intern(&in->c->names, method), e->span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR)
            return interp_call_simple(in, m, NULL, 0, e->span);
    }
    return interp_error(in, e->span, "bad operand type for unary %s: '%s'", ast_op_text(op),
                      val_type_name(in, v));
}

/* ---- boolean operators ---- */

/* The operands of `a and b ...` / `a or b ...` from index START on.  A
 * run-time truth value splits the rest into an If (control.c), so the
 * operands after it are evaluated on one side only. */
Value *interp_bool_op_from(Interp *in, const AstNode *e, int start)
{
    bool is_and = e->u.bool_op.op == AST_OP_AND;
    Value *v = NULL;
    int n = e->u.bool_op.values.len;
    for (int i = start; i < n; i++) {
        const AstNode *operand = e->u.bool_op.values.items[i];
        v = interp_eval(in, operand);
        if (!v || v->kind == VK_ERROR || i == n - 1)
            return v;       /* the last operand is the result as it is */
        Value *t = interp_truth(in, v, operand->span);
        if (!t || t->kind == VK_ERROR)
            return t;
        if (t->dyn)
            return flow_bool_op(in, e, i, v, t);
        if (t->u.b != is_and)
            return v;       /* short circuit */
    }
    return v;
}

static Value *eval_bool_op(Interp *in, const AstNode *e)
{
    return interp_bool_op_from(in, e, 0);
}

/* The comparisons of E from index START on, LEFT being the value of the
 * operand before it.  A chain (a < b < c) stops at the first false
 * comparison; when that truth value is known only at run time, the rest of
 * the chain is evaluated on one side of an If (control.c), as Python
 * evaluates it only when the comparison holds. */
Value *interp_compare_from(Interp *in, const AstNode *e, int start, Value *left)
{
    Value *result = NULL;
    int n = e->u.compare.comparators.len;
    for (int i = start; i < n; i++) {
        const AstNode *rnode = e->u.compare.comparators.items[i];
        Value *right = interp_eval(in, rnode);
        if (!right || right->kind == VK_ERROR)
            return right;
        Span span = span_join(e->u.compare.left->span, rnode->span);
        Value *r = interp_compare_op(in, e->u.compare.ops[i], left, right, span);
        if (!r || r->kind == VK_ERROR)
            return r;
        if (i + 1 < n) {
            Value *t = interp_truth(in, r, span);
            if (!t || t->kind == VK_ERROR)
                return t;
            if (t->dyn)
                return flow_chain(in, e, i + 1, right, r, t);
            if (!t->u.b)
                return r;
        }
        result = r;
        left = right;
    }
    return result;
}

static Value *eval_compare(Interp *in, const AstNode *e)
{
    Value *left = interp_eval(in, e->u.compare.left);
    if (!left || left->kind == VK_ERROR)
        return left;
    return interp_compare_from(in, e, 0, left);
}

/* ---- constants, names, displays ---- */

static Value *eval_constant(Interp *in, const AstNode *e)
{
    switch (e->u.constant.kind) {
    case AST_CONST_NONE: return val_const_none();
    case AST_CONST_TRUE: return val_const_bool(true);
    case AST_CONST_FALSE: return val_const_bool(false);
    case AST_CONST_ELLIPSIS: {
        Value *v = val_none(in);
        v->kind = VK_ELLIPSIS;
        return v;
    }
    case AST_CONST_INT:
        if (e->u.constant.overflow)
            return interp_error(in, e->span, "integer literal too large (values are 64-bit)");
        return val_int(in, e->u.constant.ival);
    case AST_CONST_FLOAT: return val_float(in, e->u.constant.fval);
    case AST_CONST_STR: return val_str(in, e->u.constant.sval.ptr, e->u.constant.sval.len);
    case AST_CONST_BYTES: return interp_error(in, e->span, "bytes literals are not supported");
    case AST_CONST_COMPLEX: return interp_error(in, e->span, "complex numbers are not supported");
    }
    return val_error(in);
}

/* The scope NAME is found in (locals, enclosing functions, globals,
 * builtins), NULL when it is not defined. */
static Scope *name_scope(Interp *in, const char *name)
{
    Frame *f = in->frame;
    if (!(f->declared_global && val_scope_get(f->declared_global, name))) {
        if (val_scope_get(f->locals, name))
            return f->locals;
        for (Closure *c = f->closure; c; c = c->next)
            if (val_scope_get(c->scope, name))
                return c->scope;
    }
    if (val_scope_get(f->globals, name))
        return f->globals;
    return val_scope_get(in->builtins, name) ? in->builtins : NULL;
}

Value *interp_lookup_name(Interp *in, const char *name, Span span)
{
    Scope *s = name_scope(in, name);
    Value *v = s ? val_scope_get(s, name) : NULL;
    if (v && v->kind == VK_LAZY)
        return interp_read_lazy(in, s, name, v, span);
    return v;
}

static Value *eval_name(Interp *in, const AstNode *e)
{
    Value *v = interp_lookup_name(in, e->u.name.id, e->span);
    if (v && v->kind == VK_OPTIONAL) {
        /* a use the Optional check reported already: poison, no second error */
        for (int i = 0; i < in->unrefined_uses.len; i++)
            if (in->unrefined_uses.items[i] == e)
                return val_error(in);
    }
    if (v || in->exc)
        return v;
    return interp_error(in, e->span, "name '%s' is not defined", e->u.name.id);
}

/* Appends the elements of a display ([a, *b]) to OUT. */
static bool eval_elements(Interp *in, const AstList *elts, ValueList *out)
{
    for (int i = 0; i < elts->len; i++) {
        const AstNode *x = elts->items[i];
        if (x->kind == AST_STARRED) {
            Value *it = interp_eval(in, x->u.value.value);
            if (!it)
                return false;
            if (it->kind == VK_ERROR || !interp_iterate_static(in, it, out, x->span)) {
                if (in->exc)
                    return false;
                val_list_push(in, out, val_error(in));
            }
            continue;
        }
        Value *v = interp_eval(in, x);
        if (!v)
            return false;
        val_list_push(in, out, v);
    }
    return true;
}

static Value *eval_seq_display(Interp *in, const AstNode *e)
{
    Value *r = e->kind == AST_TUPLE ? val_tuple(in, e->u.seq.elts.len) : val_list(in, e->u.seq.elts.len);
    if (!eval_elements(in, &e->u.seq.elts, r->u.list))
        return NULL;
    return types_check_display(in, e, r) ? r : val_error(in);
}

static Value *eval_dict_display(Interp *in, const AstNode *e)
{
    Value *d = val_dict(in);
    for (int i = 0; i < e->u.dict.keys.len; i++) {
        const AstNode *knode = e->u.dict.keys.items[i];
        Value *v = interp_eval(in, e->u.dict.values.items[i]);
        if (!v)
            return NULL;
        if (!knode) {   /* **mapping */
            if (v->kind != VK_DICT)
                return interp_error(in, e->u.dict.values.items[i]->span, "'**' needs a dict, found '%s'",
                                  val_type_name(in, v));
            for (int j = 0; j < v->u.dict->len; j++)
                if (!v->u.dict->entries[j].deleted)
                    val_dict_set(in, d->u.dict, v->u.dict->entries[j].key, v->u.dict->entries[j].value);
            continue;
        }
        Value *k = interp_eval(in, knode);
        if (!k)
            return NULL;
        if (k->kind == VK_ERROR)
            continue;
        if (!val_dict_set(in, d->u.dict, k, v))
            interp_error(in, knode->span, "dict keys must be compile-time constants (str, int, tuple); found '%s'",
                       val_type_name(in, k));
    }
    return types_check_display(in, e, d) ? d : val_error(in);
}

/* {a, b, *c}: in forward() (TorchScript code) sets are refused. */
static Value *eval_set_display(Interp *in, const AstNode *e)
{
    if (types_script_frame(in))
        return interp_error(in, e->span, "sets are not supported; use a list or a tuple");
    ValueList items = {0};
    if (!eval_elements(in, &e->u.seq.elts, &items))
        return NULL;
    Value *r = val_set(in, false);
    for (int i = 0; i < items.len; i++)
        if (!interp_set_add(in, r, items.items[i], e->span))
            return in->exc ? NULL : val_error(in);
    return r;
}

static Value *eval_if_exp(Interp *in, const AstNode *e)
{
    Value *c = interp_eval(in, e->u.if_exp.test);
    if (!c || c->kind == VK_ERROR)
        return c;
    Value *t = interp_truth(in, c, e->u.if_exp.test->span);
    if (!t || t->kind == VK_ERROR)
        return t;
    if (t->dyn)
        return flow_if_exp(in, e, t);
    return interp_eval(in, t->u.b ? e->u.if_exp.body : e->u.if_exp.orelse);
}

/* ---- comprehensions ---- */

typedef struct CompState {
    const AstNode *e;
    Value *result;
} CompState;

static bool comp_emit(Interp *in, CompState *st)
{
    const AstNode *e = st->e;
    if (e->kind == AST_DICT_COMP) {
        Value *k = interp_eval(in, e->u.comp.elt);
        if (!k)
            return false;
        Value *v = interp_eval(in, e->u.comp.value);
        if (!v)
            return false;
        if (k->kind != VK_ERROR && !val_dict_set(in, st->result->u.dict, k, v))
            interp_error(in, e->u.comp.elt->span, "dict keys must be compile-time constants");
        return true;
    }
    Value *v = interp_eval(in, e->u.comp.elt);
    if (!v)
        return false;
    if (e->kind == AST_SET_COMP)
        return interp_set_add(in, st->result, v, e->u.comp.elt->span) || !in->exc;
    val_list_push(in, st->result->u.list, v);
    return true;
}

static bool comp_loop(Interp *in, CompState *st, int level)
{
    const AstList *gens = &st->e->u.comp.generators;
    if (level == gens->len)
        return comp_emit(in, st);
    const AstNode *g = gens->items[level];
    Value *iterable = interp_eval(in, g->u.comprehension.iter);
    if (!iterable)
        return false;
    if (level == 0 && gens->len == 1 && (st->e->kind == AST_LIST_COMP || st->e->kind == AST_GENERATOR_EXP) &&
        iterable->kind != VK_ERROR && flow_is_dynamic_iterable(in, iterable))
        return flow_comprehension(in, st->e, iterable, st->result->u.list) != EXEC_RAISE;  /* a Loop */
    ValueList items = {0};
    if (iterable->kind == VK_ERROR || !interp_iterate_static(in, iterable, &items, g->u.comprehension.iter->span))
        return !in->exc;
    for (int i = 0; i < items.len; i++) {
        if (interp_assign(in, g->u.comprehension.target, items.items[i]) == EXEC_RAISE)
            return false;
        bool keep = true;
        for (int j = 0; j < g->u.comprehension.ifs.len && keep; j++) {
            const AstNode *cond = g->u.comprehension.ifs.items[j];
            Value *c = interp_eval(in, cond);
            if (!c)
                return false;
            Value *t = interp_truth(in, c, cond->span);
            if (!t)
                return false;
            if (t->kind == VK_ERROR)
                return true;
            if (t->dyn) {
                interp_error(in, cond->span, "a comprehension filter on a run-time value is not supported");
                return true;
            }
            keep = t->u.b;
        }
        if (keep && !comp_loop(in, st, level + 1))
            return false;
    }
    return true;
}

/* Comprehensions run in their own scope, nested in the current one. */
static Value *eval_comprehension(Interp *in, const AstNode *e)
{
    Frame frame = *in->frame;
    Closure *outer = arena_alloc(in->arena, sizeof *outer);
    outer->scope = in->frame->locals;
    outer->next = in->frame->closure;
    frame.closure = outer;
    frame.locals = flow_scope_new(in);
    frame.declared_global = NULL;
    frame.declared_nonlocal = NULL;
    Frame *saved = in->frame;
    in->frame = &frame;
    CompState st = {e, NULL};
    st.result = e->kind == AST_DICT_COMP ? val_dict(in) : e->kind == AST_SET_COMP ? val_set(in, false) : val_list(in, 0);
    bool ok = comp_loop(in, &st, 0);
    in->frame = saved;
    if (!ok)
        return NULL;
    if (e->kind == AST_GENERATOR_EXP)    /* computed eagerly, consumed as an iterator */
        return interp_make_iterator(in, st.result->u.list);
    return st.result;
}

/* ---- subscripts and slices ---- */

static bool slice_index(Interp *in, Value *v, int64_t *out, bool *present, Span span)
{
    *present = false;
    if (!v || v->kind == VK_NONE)
        return true;
    if ((v->kind != VK_INT && v->kind != VK_BOOL) || v->dyn) {
        interp_error(in, span, "slice indices of a %s must be compile-time integers",
                   "list, tuple or str");
        return false;
    }
    *out = as_int(v);
    *present = true;
    return true;
}

/* Python's slice.indices(): resolved start, stop, step and length. */
bool interp_slice_resolve(Interp *in, Value *sl, int64_t len, int64_t *start, int64_t *step,
                          int64_t *count, Span span)
{
    int64_t lo = 0, hi = 0, st = 1;
    bool has_lo, has_hi, has_st;
    if (!slice_index(in, sl->u.slice.start, &lo, &has_lo, span) ||
        !slice_index(in, sl->u.slice.stop, &hi, &has_hi, span) ||
        !slice_index(in, sl->u.slice.step, &st, &has_st, span))
        return false;
    if (!has_st)
        st = 1;
    if (st == 0) {
        interp_raise(in, in->cls.value_error, span, "slice step cannot be zero");
        return false;
    }
    if (!has_lo)
        lo = st > 0 ? 0 : len - 1;
    else if (lo < 0)
        lo = lo + len < 0 ? (st > 0 ? 0 : -1) : lo + len;
    else if (lo >= len)
        lo = st > 0 ? len : len - 1;
    if (!has_hi)
        hi = st > 0 ? len : -1;
    else if (hi < 0)
        hi = hi + len < 0 ? (st > 0 ? 0 : -1) : hi + len;
    else if (hi >= len)
        hi = st > 0 ? len : len - 1;
    int64_t n = 0;
    if (st > 0 && hi > lo)
        n = (hi - lo + st - 1) / st;
    else if (st < 0 && hi < lo)
        n = (lo - hi - st - 1) / (-st);
    *start = lo;
    *step = st;
    *count = n;
    return true;
}

static Value *subscript_sequence(Interp *in, Value *seq, Value *index, Span span)
{
    int64_t len = seq->kind == VK_STR ? (int64_t)seq->u.s.len : (int64_t)seq->u.list->len;
    if (index->kind == VK_SLICE) {
        int64_t start, step, n;
        if (!interp_slice_resolve(in, index, len, &start, &step, &n, span))
            return in->exc ? NULL : val_error(in);
        if (seq->kind == VK_STR) {
            char *buf = arena_alloc_raw(in->arena, (size_t)n + 1);
            for (int64_t i = 0; i < n; i++)
                buf[i] = seq->u.s.ptr[start + i * step];
            return val_str(in, buf, (size_t)n);
        }
        Value *r = seq->kind == VK_LIST ? val_list(in, (int)n) : val_tuple(in, (int)n);
        for (int64_t i = 0; i < n; i++)
            val_list_push(in, r->u.list, seq->u.list->items[start + i * step]);
        return r;
    }
    if ((index->kind == VK_INT || index->kind == VK_BOOL) && index->dyn && seq->kind != VK_STR)
        return flow_dynlist_pick(in, seq, index, span);
    if ((index->kind != VK_INT && index->kind != VK_BOOL) || index->dyn)
        return interp_error(in, span, "%s indices must be compile-time integers, found '%s'",
                          val_type_name(in, seq), val_type_name(in, index));
    int64_t i = as_int(index);
    if (i < 0)
        i += len;
    if (i < 0 || i >= len)
        return interp_raise(in, in->cls.index_error, span, "%s index out of range", val_type_name(in, seq));
    if (seq->kind == VK_STR)
        return val_str(in, seq->u.s.ptr + i, 1);
    return seq->u.list->items[i];
}

/* An index given by an object with __index__ (an IntEnum member). */
static Value *index_of(Interp *in, Value *index, Span span)
{
    if (index->kind != VK_INSTANCE)
        return index;
    Value *m = interp_lookup_attr(in, index, intern(&in->c->names, "__index__"), span);
    if (!m || m->kind == VK_ERROR)
        return in->exc ? NULL : index;
    return interp_call_simple(in, m, NULL, 0, span);
}

/* d[key] missing from a subclass of dict: its __missing__(key). */
static Value *dict_missing(Interp *in, Value *d, Value *key, Span span)
{
    Value *m = d->u.dict->cls ? interp_class_lookup(d->u.dict->cls, in->id.missing) : NULL;
    if (!m || m->kind != VK_FUNCTION)
        return NULL;
    Value *args[2] = {d, key};
    return interp_call_simple(in, m, args, 2, span);
}

Value *interp_subscript(Interp *in, Value *obj, Value *index, Span span)
{
    if (obj->kind == VK_ERROR || index->kind == VK_ERROR)
        return val_error(in);
    if (flow_ranks_is(obj) || flow_ranks_is(index))
        return ranked(in, 2, AST_OP_ADD, NULL, obj, index, span);
    Value *special = interp_class_special(in, obj, in->id.getitem);
    if (special) {
        Value *args[2] = {obj, index};
        return interp_call_simple(in, special, args, 2, span);
    }
    return interp_subscript_plain(in, obj, index, span);
}

/* obj[index] of the builtin types (list.__getitem__, dict.__getitem__ ...),
 * and through __getitem__ for the others. */
Value *interp_subscript_plain(Interp *in, Value *obj, Value *index, Span span)
{
    if (index->kind == VK_INSTANCE && (obj->kind == VK_LIST || obj->kind == VK_TUPLE || obj->kind == VK_STR)) {
        index = index_of(in, index, span);
        if (!index || index->kind == VK_ERROR)
            return index;
    }
    switch (obj->kind) {
    case VK_LIST: case VK_TUPLE: case VK_STR:
        if (flow_dynlist_is(obj))
            return flow_dynlist_getitem(in, obj, index, span);
        return subscript_sequence(in, obj, index, span);
    case VK_DICT: {
        Value *v = val_dict_get(obj->u.dict, index);
        if (v)
            return v;
        if ((v = dict_missing(in, obj, index, span)) || in->exc)
            return v;
        if (!val_hashable(index))
            return interp_error(in, span, "dict keys must be compile-time constants; found '%s'",
                              val_type_name(in, index));
        return interp_raise(in, in->cls.key_error, span, "%s", val_repr(in, index));
    }
    case VK_RANGE: {
        if (index->kind != VK_INT || index->dyn)
            break;
        const Range *r = &obj->u.range;
        int64_t n = r->step > 0 ? (r->stop > r->start ? (r->stop - r->start + r->step - 1) / r->step : 0)
                                : (r->start > r->stop ? (r->start - r->stop - r->step - 1) / -r->step : 0);
        int64_t i = index->u.i < 0 ? index->u.i + n : index->u.i;
        if (i < 0 || i >= n)
            return interp_raise(in, in->cls.index_error, span, "range object index out of range");
        return val_int(in, r->start + i * r->step);
    }
    case VK_CLASS: {
        /* C[x]: __class_getitem__ (Generic[T]), else typing-style
         * subscription (list[int], tuple[int, ...]): annotations only */
        Value *m = interp_class_lookup(obj, intern(&in->c->names, "__class_getitem__"));
        if (m && (m->kind == VK_FUNCTION || m->kind == VK_CLASSMETHOD)) {
            Value *args[2] = {obj, index};
            return interp_call_simple(in, m->kind == VK_CLASSMETHOD ? m->u.wrapped : m, args, 2, span);
        }
        return obj;
    }
    default: {
        Value *m = interp_lookup_attr(in, obj, in->id.getitem, span);
        if (in->exc)
            return NULL;
        if (m && m->kind != VK_ERROR)
            return interp_call_simple(in, m, &index, 1, span);
        break;
    }
    }
    return interp_error(in, span, "'%s' object is not subscriptable", val_type_name(in, obj));
}

static Value *eval_slice(Interp *in, const AstNode *e)
{
    Value *v = val_none(in);
    v->kind = VK_SLICE;
    const AstNode *parts[3] = {e->u.slice.lower, e->u.slice.upper, e->u.slice.step};
    Value *vals[3];
    for (int i = 0; i < 3; i++) {
        vals[i] = parts[i] ? interp_eval(in, parts[i]) : val_none(in);
        if (!vals[i])
            return NULL;
    }
    v->u.slice.start = vals[0];
    v->u.slice.stop = vals[1];
    v->u.slice.step = vals[2];
    return v;
}

static Value *eval_subscript(Interp *in, const AstNode *e)
{
    Value *obj = interp_eval(in, e->u.subscript.value);
    if (!obj)
        return NULL;
    Value *index = interp_eval(in, e->u.subscript.slice);
    if (!index)
        return NULL;
    return interp_subscript(in, obj, index, e->span);
}

/* ---- calls ---- */

static bool has_starred(const AstList *l)
{
    for (int i = 0; i < l->len; i++)
        if (l->items[i]->kind == AST_STARRED)
            return true;
    return false;
}

/* The positional arguments of a call with no *x among them: arrays of
 * exactly their number (most calls; nothing to grow). */
static bool eval_plain_positional(Interp *in, const AstNode *e, CallArgs *args)
{
    int n = e->u.call.args.len;
    args->pos = n ? arena_alloc_raw(in->arena, sizeof(Value *) * (size_t)n) : NULL;
    args->pos_spans = arena_alloc_raw(in->arena, sizeof(Span) * (size_t)(n ? n : 1));
    for (int i = 0; i < n; i++) {
        const AstNode *a = e->u.call.args.items[i];
        Value *v = interp_eval(in, a);
        if (!v)
            return false;
        args->pos[i] = v;
        args->pos_spans[i] = a->span;
    }
    args->n_pos = n;
    return true;
}

static bool eval_positional(Interp *in, const AstNode *e, CallArgs *args)
{
    if (!has_starred(&e->u.call.args))
        return eval_plain_positional(in, e, args);
    ValueList pos = {0};
    int n_spans = 0, cap_spans = e->u.call.args.len + 4;
    Span *spans = arena_alloc(in->arena, sizeof(Span) * (size_t)cap_spans);
    for (int i = 0; i < e->u.call.args.len; i++) {
        const AstNode *a = e->u.call.args.items[i];
        int before = pos.len;
        AstList one = {(AstNode **)&e->u.call.args.items[i], 1, 1};
        if (!eval_elements(in, &one, &pos))
            return false;
        for (int k = before; k < pos.len; k++) {
            if (n_spans == cap_spans) {
                spans = arena_grow(in->arena, spans, sizeof(Span) * (size_t)cap_spans,
                                   sizeof(Span) * (size_t)cap_spans * 2);
                cap_spans *= 2;
            }
            spans[n_spans++] = a->span;
        }
    }
    args->pos = pos.items;
    args->n_pos = pos.len;
    args->pos_spans = spans;
    return true;
}

/* Room for keyword NK (a **d may bring more than the call's keywords). */
static void kw_room(Interp *in, CallArgs *args, int nk, int *capk)
{
    if (nk < *capk)
        return;
    int cap = *capk * 2 + 4;
    args->kw_names = arena_grow(in->arena, args->kw_names, sizeof(char *) * (size_t)*capk, sizeof(char *) * (size_t)cap);
    args->kw_values = arena_grow(in->arena, args->kw_values, sizeof(Value *) * (size_t)*capk, sizeof(Value *) * (size_t)cap);
    *capk = cap;
}

static bool eval_call_args(Interp *in, const AstNode *e, CallArgs *args)
{
    if (!eval_positional(in, e, args))
        return false;
    int nk = 0, capk = e->u.call.keywords.len;
    args->kw_names = NULL;
    args->kw_values = NULL;
    if (capk) {
        args->kw_names = arena_alloc(in->arena, sizeof(char *) * (size_t)capk);
        args->kw_values = arena_alloc(in->arena, sizeof(Value *) * (size_t)capk);
    }
    for (int i = 0; i < e->u.call.keywords.len; i++) {
        const AstNode *k = e->u.call.keywords.items[i];
        Value *v = interp_eval(in, k->u.keyword.value);
        if (!v)
            return false;
        if (k->u.keyword.arg) {
            kw_room(in, args, nk, &capk);
            args->kw_names[nk] = k->u.keyword.arg;
            args->kw_values[nk++] = v;
            continue;
        }
        if (v->kind == VK_ERROR)
            continue;
        if (v->kind != VK_DICT) {
            interp_error(in, k->span, "argument after ** must be a dict, not '%s'", val_type_name(in, v));
            continue;
        }
        for (int j = 0; j < v->u.dict->len; j++) {
            DictEntry *de = &v->u.dict->entries[j];
            if (de->deleted)
                continue;
            if (de->key->kind != VK_STR) {
                interp_error(in, k->span, "keywords must be strings");
                break;
            }
            kw_room(in, args, nk, &capk);
            args->kw_names[nk] = de->key->u.s.ptr;
            args->kw_values[nk++] = de->value;
        }
    }
    args->n_kw = nk;
    return true;
}

static Value *eval_call(Interp *in, const AstNode *e)
{
    Value *callee = interp_eval(in, e->u.call.func);
    if (!callee)
        return NULL;
    CallArgs args = {0};
    if (!eval_call_args(in, e, &args))
        return NULL;
    if (callee->kind == VK_ERROR)
        return callee;
    for (int i = 0; i < args.n_pos; i++)
        if (args.pos[i]->kind == VK_ERROR)
            return args.pos[i];
    for (int i = 0; i < args.n_kw; i++)
        if (args.kw_values[i]->kind == VK_ERROR)
            return args.kw_values[i];
    return interp_call(in, callee, &args, e->span);
}

/* ---- f-strings ---- */


static Value *eval_joined_str(Interp *in, const AstNode *e)
{
    size_t cap = 64, len = 0;
    char *buf = arena_alloc_raw(in->arena, cap);
    for (int i = 0; i < e->u.joined_str.values.len; i++) {
        const AstNode *part = e->u.joined_str.values.items[i];
        Value *s = interp_eval(in, part);
        if (!s || s->kind == VK_ERROR)
            return s;
        if (s->kind != VK_STR)
            return interp_error(in, part->span, "f-string part is not a string");
        if (len + s->u.s.len + 1 > cap) {
            size_t ncap = (len + s->u.s.len + 1) * 2;
            buf = arena_grow(in->arena, buf, cap, ncap);
            cap = ncap;
        }
        memcpy(buf + len, s->u.s.ptr, s->u.s.len);
        len += s->u.s.len;
    }
    return val_str(in, buf, len);
}

static Value *eval_formatted_value(Interp *in, const AstNode *e)
{
    Value *v = interp_eval(in, e->u.formatted_value.value);
    if (!v || v->kind == VK_ERROR)
        return v;
    if (!val_is_static(v) && v->kind != VK_TENSOR)
        return interp_error(in, e->span, "an f-string cannot format a value known only at run time");
    int conv = e->u.formatted_value.conversion;
    if (conv == 'r' || conv == 'a' || conv == 's') {
        const char *text = conv == 's' ? interp_str(in, v, e->span) : interp_repr(in, v, e->span);
        if (!text)
            return NULL;
        v = val_cstr(in, text);
    }
    const char *spec = "";
    if (e->u.formatted_value.format_spec) {
        Value *s = interp_eval(in, e->u.formatted_value.format_spec);
        if (!s || s->kind == VK_ERROR)
            return s;
        spec = s->u.s.ptr;
    }
    return interp_format_value(in, v, spec, e->span);
}

/* ---- lambda ---- */


/* ---- dispatcher ---- */

static Value *eval_attribute(Interp *in, const AstNode *e)
{
    Value *obj = interp_eval(in, e->u.attribute.value);
    if (!obj || obj->kind == VK_ERROR)
        return obj;
    return interp_getattr(in, obj, e->u.attribute.attr, e->span);
}

static Value *eval_named_expr(Interp *in, const AstNode *e)
{
    Value *v = interp_eval(in, e->u.named_expr.value);
    if (!v)
        return NULL;
    if (interp_assign(in, e->u.named_expr.target, v) == EXEC_RAISE)
        return NULL;
    return v;
}

static Value *eval_expr_kind(Interp *in, const AstNode *e);

Value *interp_eval(Interp *in, const AstNode *e)
{
    if (!interp_within_limits(in, e->span))
        return NULL;
    in->expr_depth++;
    Value *v = eval_expr_kind(in, e);
    in->expr_depth--;
    return v;
}

static Value *eval_expr_kind(Interp *in, const AstNode *e)
{
    switch (e->kind) {
    case AST_CONSTANT: return eval_constant(in, e);
    case AST_NAME: return eval_name(in, e);
    case AST_ATTRIBUTE: return eval_attribute(in, e);
    case AST_CALL: return eval_call(in, e);
    case AST_BIN_OP: {
        Value *a = interp_eval(in, e->u.bin_op.left);
        if (!a)
            return NULL;
        Value *b = interp_eval(in, e->u.bin_op.right);
        if (!b)
            return NULL;
        return interp_binop(in, e->u.bin_op.op, a, b, e->span);
    }
    case AST_UNARY_OP: return eval_unary(in, e);
    case AST_BOOL_OP: return eval_bool_op(in, e);
    case AST_COMPARE: return eval_compare(in, e);
    case AST_IF_EXP: return eval_if_exp(in, e);
    case AST_LIST: case AST_TUPLE: return eval_seq_display(in, e);
    case AST_DICT: return eval_dict_display(in, e);
    case AST_SET: return eval_set_display(in, e);
    case AST_SET_COMP:
        if (types_script_frame(in))
            return interp_error(in, e->span, "set comprehensions are not supported");
        return eval_comprehension(in, e);
    case AST_LIST_COMP: case AST_DICT_COMP: case AST_GENERATOR_EXP: return eval_comprehension(in, e);
    case AST_SUBSCRIPT: return eval_subscript(in, e);
    case AST_SLICE: return eval_slice(in, e);
    case AST_JOINED_STR: return eval_joined_str(in, e);
    case AST_FORMATTED_VALUE: return eval_formatted_value(in, e);
    case AST_LAMBDA: return interp_make_function(in, e, "<lambda>", e->span);
    case AST_NAMED_EXPR: return eval_named_expr(in, e);
    case AST_STARRED: return interp_error(in, e->span, "a starred expression is not allowed here");
    case AST_AWAIT: return interp_error(in, e->span, "'await' is not supported");
    case AST_YIELD: case AST_YIELD_FROM: return interp_error(in, e->span, "generators ('yield') are not supported");
    default:
        return interp_error(in, e->span, "unsupported expression (%s)", ast_kind_name(e->kind));
    }
}
