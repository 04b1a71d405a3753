/* Control flow and container values: If and Loop (their bodies run as
 * graphs with eval_graph, reading the enclosing graphs' values directly),
 * the Sequence* operators, SplitToSequence/ConcatFromSequence, and the
 * Optional* operators.  Sequences are immutable like tensors: an insert or
 * erase makes a new sequence that shares the tensors. */
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

static const IrGraph *graph_attr(EvalCall *c, const char *name)
{
    const IrAttr *at = eval_attr(c, name);
    if (!at || at->kind != IR_ATTR_GRAPH || !at->g) {
        eval_fail(c, "missing graph attribute '%s'", name);
        return NULL;
    }
    return at->g;
}

/* Runs BODY, prefixing a failure inside it with this node. */
static EvalStatus run_body(EvalCall *c, const IrGraph *body, EvalValue *const *in, EvalValue **out)
{
    EvalStatus st = eval_graph(c->ev, body, in, out);
    if (st != EVAL_OK && c->ev->error_node != c->node)
        c->ev->error = arena_sprintf(&c->ev->arena, "%s (in the body of node '%s' (%s))",
                                     c->ev->error, c->node->name, c->node->op_type);
    return st;
}

/* ---- If ---------------------------------------------------------------------------- */

static EvalStatus eval_if(EvalCall *c)
{
    EvalValue *cond = eval_tensor_in(c, 0, false);
    int64_t v;
    if (!cond || !eval_scalar_i64(c, cond, "cond", &v))
        return EVAL_ERROR;
    const IrGraph *g = graph_attr(c, v ? "then_branch" : "else_branch");
    if (!g)
        return EVAL_ERROR;
    if (g->outputs.len != c->n_out)
        return eval_fail(c, "the %s branch has %d outputs, the node %d", v ? "then" : "else",
                         g->outputs.len, c->n_out);
    if (g->inputs.len)
        return eval_fail(c, "a branch must not have inputs");
    EvalValue **out = calloc((size_t)c->n_out + 1, sizeof *out);
    EvalStatus st = run_body(c, g, NULL, out);
    for (int k = 0; st == EVAL_OK && k < c->n_out; k++)
        eval_set_output(c, k, out[k]);
    free(out);
    return st;
}

/* ---- Loop ----------------------------------------------------------------------------- */

typedef struct LoopState {
    int n_carried, n_scan;
    EvalValue **carried;        /* n_carried */
    PtrVec *scans;              /* n_scan lists of EvalValue * (one per iteration) */
    int64_t iterations;
} LoopState;

static EvalValue *scalar_value(DType t, int64_t v)
{
    EvalValue *s = eval_tensor_new(t, 0, NULL);
    if (s)
        eval_store_i64(t, s->data, &v, 1);
    return s;
}

/* One iteration: body(i, cond, carried...) -> (cond, carried..., scans...). */
static EvalStatus loop_step(EvalCall *c, const IrGraph *body, LoopState *s, bool *cond)
{
    int nin = 2 + s->n_carried, nout = 1 + s->n_carried + s->n_scan;
    EvalValue **in = calloc((size_t)nin, sizeof *in), **out = calloc((size_t)nout, sizeof *out);
    in[0] = scalar_value(DT_INT64, s->iterations);
    in[1] = scalar_value(DT_BOOL, *cond);
    for (int k = 0; k < s->n_carried; k++)
        in[2 + k] = s->carried[k];
    EvalStatus st = in[0] && in[1] ? run_body(c, body, in, out) : eval_fail(c, "out of memory");
    int64_t next = 0;
    if (st == EVAL_OK && !eval_scalar_i64(c, out[0], "the body's condition", &next))
        st = EVAL_ERROR;
    if (st == EVAL_OK) {
        *cond = next != 0;
        for (int k = 0; k < s->n_carried; k++) {
            eval_release(s->carried[k]);
            s->carried[k] = eval_retain(out[1 + k]);
        }
        for (int k = 0; k < s->n_scan; k++)
            ptrvec_push(&c->ev->arena, &s->scans[k], eval_retain(out[1 + s->n_carried + k]));
        s->iterations++;
    }
    eval_release(in[0]);
    eval_release(in[1]);
    for (int k = 0; k < nout; k++)
        eval_release(out[k]);
    free(in);
    free(out);
    return st;
}

/* Scan output K: the iterations' values stacked on a new first axis. */
static EvalStatus stack_scan(EvalCall *c, const IrGraph *body, LoopState *s, int k)
{
    PtrVec *items = &s->scans[k];
    int64_t dims[EVAL_MAX_RANK] = {items->len};
    int rank = 1;
    const EvalValue *first = items->len ? items->items[0] : NULL;
    const IrType *declared = &((IrValue *)body->outputs.items[1 + s->n_carried + k])->type;
    DType dt = first ? first->dtype : declared->dtype;
    if (first) {
        if (first->kind != EVAL_TENSOR || first->rank + 1 > EVAL_MAX_RANK)
            return eval_fail(c, "scan output %d must be a tensor", k);
        memcpy(dims + 1, first->dims, sizeof(int64_t) * (size_t)first->rank);
        rank += first->rank;
    }
    EvalValue *y = eval_output(c, s->n_carried + k, dt == DT_UNDEFINED ? DT_FLOAT : dt, rank, dims);
    if (!y)
        return EVAL_ERROR;
    size_t bytes = first ? (size_t)first->numel * dtype_size(first->dtype) : 0;
    for (int i = 0; i < items->len; i++) {
        const EvalValue *v = items->items[i];
        if (v->kind != EVAL_TENSOR || v->dtype != first->dtype || v->numel != first->numel ||
            v->rank != first->rank || memcmp(v->dims, first->dims, sizeof(int64_t) * (size_t)v->rank))
            return eval_fail(c, "scan output %d changes shape between iterations", k);
        if (bytes)
            memcpy((char *)y->data + (size_t)i * bytes, v->data, bytes);
    }
    return EVAL_OK;
}

static EvalStatus loop_bounds(EvalCall *c, int64_t *max, bool *has_max, bool *cond, bool *has_cond)
{
    EvalValue *m = eval_in(c, 0), *cv = eval_in(c, 1);
    int64_t v = 1;
    *has_max = m != NULL;
    *has_cond = cv != NULL;
    *max = INT64_MAX;
    if ((m && !eval_scalar_i64(c, m, "M", max)) || (cv && !eval_scalar_i64(c, cv, "cond", &v)))
        return EVAL_ERROR;
    *cond = v != 0;
    return EVAL_OK;
}

static EvalStatus eval_loop(EvalCall *c)
{
    const IrGraph *body = graph_attr(c, "body");
    int64_t max;
    bool has_max, cond, has_cond;
    if (!body || loop_bounds(c, &max, &has_max, &cond, &has_cond) != EVAL_OK)
        return EVAL_ERROR;
    LoopState s = {.n_carried = c->n_in - 2};
    s.n_scan = body->outputs.len - 1 - s.n_carried;
    if (s.n_carried < 0 || body->inputs.len != 2 + s.n_carried || s.n_scan < 0 ||
        c->n_out != s.n_carried + s.n_scan)
        return eval_fail(c, "the body's inputs and outputs do not match the node's");
    s.carried = calloc((size_t)s.n_carried + 1, sizeof *s.carried);
    s.scans = calloc((size_t)s.n_scan + 1, sizeof *s.scans);
    for (int k = 0; k < s.n_carried; k++)
        s.carried[k] = eval_retain(c->in[2 + k]);
    EvalStatus st = EVAL_OK;
    while (st == EVAL_OK && s.iterations < max && (!has_cond || cond)) {
        if (s.iterations >= c->ev->max_loop_iterations)
            st = eval_fail(c, "stopped after %lld iterations%s", (long long)s.iterations,
                           has_max || has_cond ? "" : " (the loop has no trip count or condition)");
        else if (++c->ev->loop_iterations > c->ev->max_total_loop_iterations)
            st = eval_fail(c, "stopped: the Loops of this run took more than %lld iterations in all (nested "
                           "loops multiply their trip counts)", (long long)c->ev->max_total_loop_iterations);
        else
            st = loop_step(c, body, &s, &cond);
    }
    for (int k = 0; k < s.n_carried; k++) {
        if (st == EVAL_OK && !s.carried[k])
            st = eval_fail(c, "loop-carried value %d has no initial value", k);
        if (st == EVAL_OK)
            eval_set_output(c, k, eval_retain(s.carried[k]));
        eval_release(s.carried[k]);
    }
    for (int k = 0; k < s.n_scan; k++) {
        if (st == EVAL_OK)
            st = stack_scan(c, body, &s, k);
        for (int i = 0; i < s.scans[k].len; i++)
            eval_release(s.scans[k].items[i]);
    }
    free(s.carried);
    free(s.scans);
    (void)has_max;
    return st;
}

/* ---- sequences --------------------------------------------------------------------------- */

static EvalValue *sequence_in(EvalCall *c, int i)
{
    EvalValue *v = eval_in(c, i);
    if (!v || v->kind != EVAL_SEQUENCE) {
        eval_fail(c, "input %d must be a sequence", i);
        return NULL;
    }
    return v;
}

/* A position input normalized to [0, n) (or [0, n] when INSERT). */
static bool position_in(EvalCall *c, int i, int64_t n, bool insert, int64_t fallback, int64_t *pos)
{
    EvalValue *p = eval_in(c, i);
    *pos = fallback;
    if (!p)
        return true;
    if (!eval_scalar_i64(c, p, "position", pos))
        return false;
    int64_t v = *pos < 0 ? *pos + n : *pos;
    if (v < 0 || v > n || (!insert && v == n))
        return eval_reject(c, "position %lld is out of range for a sequence of %lld", (long long)*pos,
                           (long long)n);
    *pos = v;
    return true;
}

/* A new sequence with SEQ's tensors, leaving out index SKIP (-1: none). */
static EvalValue *sequence_copy(EvalCall *c, const EvalValue *seq, int64_t skip)
{
    EvalValue *r = eval_sequence_new(seq->dtype);
    if (!r) {
        eval_fail(c, "out of memory");
        return NULL;
    }
    for (int i = 0; i < seq->n_items; i++)
        if (i != skip)
            eval_sequence_push(r, seq->items[i]);
    return r;
}

static EvalStatus eval_sequence_empty(EvalCall *c)
{
    int64_t dt = eval_attr_int(c, "dtype", DT_FLOAT);
    EvalValue *s = eval_sequence_new((DType)dt);
    if (!s)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, s);
    return EVAL_OK;
}

static EvalStatus eval_sequence_construct(EvalCall *c)
{
    EvalValue *s = eval_sequence_new(DT_UNDEFINED);
    if (!s)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, s);
    for (int k = 0; k < c->n_in; k++) {
        EvalValue *t = eval_tensor_in(c, k, false);
        if (!t)
            return EVAL_ERROR;
        if (k && t->dtype != s->dtype)
            return eval_fail(c, "all tensors of a sequence must have one element type");
        eval_sequence_push(s, t);
    }
    return EVAL_OK;
}

static EvalStatus eval_sequence_insert(EvalCall *c)
{
    EvalValue *seq = sequence_in(c, 0), *t = eval_tensor_in(c, 1, false);
    int64_t pos;
    if (!seq || !t || !position_in(c, 2, seq->n_items, true, seq->n_items, &pos))
        return EVAL_ERROR;
    if (seq->dtype != DT_UNDEFINED && t->dtype != seq->dtype)
        return eval_fail(c, "cannot insert a %s tensor into a sequence of %s", dtype_name(t->dtype),
                         dtype_name(seq->dtype));
    EvalValue *r = eval_sequence_new(t->dtype);
    for (int i = 0; i <= seq->n_items; i++) {
        if (i == pos)
            eval_sequence_push(r, t);
        if (i < seq->n_items)
            eval_sequence_push(r, seq->items[i]);
    }
    eval_set_output(c, 0, r);
    return EVAL_OK;
}

static EvalStatus eval_sequence_erase(EvalCall *c)
{
    EvalValue *seq = sequence_in(c, 0);
    int64_t pos;
    if (!seq || !position_in(c, 1, seq->n_items, false, seq->n_items - 1, &pos))
        return EVAL_ERROR;
    if (seq->n_items == 0)
        return eval_fail(c, "cannot erase from an empty sequence");
    EvalValue *r = sequence_copy(c, seq, pos);
    if (!r)
        return EVAL_ERROR;
    eval_set_output(c, 0, r);
    return EVAL_OK;
}

static EvalStatus eval_sequence_at(EvalCall *c)
{
    EvalValue *seq = sequence_in(c, 0);
    int64_t pos;
    if (!seq || !eval_in(c, 1))
        return seq ? eval_fail(c, "missing input 'position'") : EVAL_ERROR;
    if (!position_in(c, 1, seq->n_items, false, 0, &pos))
        return EVAL_ERROR;
    eval_set_output(c, 0, eval_retain(seq->items[pos]));
    return EVAL_OK;
}

static EvalStatus eval_sequence_length(EvalCall *c)
{
    EvalValue *seq = sequence_in(c, 0);
    EvalValue *y = seq ? eval_output(c, 0, DT_INT64, 0, NULL) : NULL;
    if (!y)
        return EVAL_ERROR;
    *(int64_t *)y->data = seq->n_items;
    return EVAL_OK;
}

/* The tensor T restricted to [start, start + len) along AXIS, squeezed
 * there when SQUEEZE. */
static EvalValue *slice_axis_copy(EvalCall *c, const EvalValue *t, int axis, int64_t start,
                                  int64_t len, bool squeeze)
{
    int64_t dims[EVAL_MAX_RANK] = {0}, outer = 1, inner = 1;
    int rank = 0;
    for (int i = 0; i < t->rank; i++) {
        if (i < axis)
            outer *= t->dims[i];
        if (i > axis)
            inner *= t->dims[i];
        if (i != axis || !squeeze)
            dims[rank++] = i == axis ? len : t->dims[i];
    }
    EvalValue *y = eval_alloc(c, t->dtype, rank, dims);
    if (!y)
        return NULL;
    size_t es = dtype_size(t->dtype), chunk = (size_t)(len * inner) * es;
    for (int64_t o = 0; o < outer; o++)
        memcpy((char *)y->data + (size_t)o * chunk,
               (const char *)t->data + (size_t)((o * t->dims[axis] + start) * inner) * es, chunk);
    return y;
}

static EvalStatus eval_split_to_sequence(EvalCall *c)
{
    EvalValue *x = eval_tensor_in(c, 0, false), *split = eval_in(c, 1);
    int axis;
    if (!x || !eval_axis(c, eval_attr_int(c, "axis", 0), x->rank, &axis))
        return EVAL_ERROR;
    int64_t dim = x->dims[axis], n = 0, *sizes = malloc(sizeof(int64_t) * (size_t)(dim + 2));
    bool squeeze = !split && eval_attr_int(c, "keepdims", 1) == 0;
    if (!split) {
        for (n = 0; n < dim; n++)
            sizes[n] = 1;
    } else if (split->rank == 0) {
        int64_t each = eval_get_i64(split, 0);
        for (int64_t at = 0; each > 0 && at < dim; at += each)
            sizes[n++] = dim - at < each ? dim - at : each;
        if (each <= 0) {
            free(sizes);
            return eval_fail(c, "split must be positive");
        }
    } else {
        free(sizes);
        sizes = malloc(sizeof(int64_t) * (size_t)(split->numel + 1));
        if (!eval_read_ints(c, split, "split", sizes, split->numel, &n)) {
            free(sizes);
            return EVAL_ERROR;
        }
    }
    int64_t total = 0;
    for (int64_t k = 0; k < n; k++)
        total += sizes[k] >= 0 ? sizes[k] : dim + 1;
    EvalValue *seq = total == dim ? eval_sequence_new(x->dtype) : NULL;
    if (seq)
        eval_set_output(c, 0, seq);
    EvalStatus st = seq ? EVAL_OK : eval_fail(c, "split sizes do not add up to %lld", (long long)dim);
    for (int64_t k = 0, at = 0; st == EVAL_OK && k < n; at += sizes[k++]) {
        EvalValue *part = slice_axis_copy(c, x, axis, at, sizes[k], squeeze);
        if (!part)
            st = EVAL_ERROR;
        else
            eval_sequence_push(seq, part);
        eval_release(part);
    }
    free(sizes);
    return st;
}

static EvalStatus eval_concat_from_sequence(EvalCall *c)
{
    EvalValue *seq = sequence_in(c, 0);
    if (!seq)
        return EVAL_ERROR;
    if (seq->n_items == 0)
        return eval_fail(c, "cannot concatenate an empty sequence");
    bool stack = eval_attr_int(c, "new_axis", 0) != 0;
    const EvalValue *first = seq->items[0];
    int axis, rank = first->rank + stack;
    if (!eval_axis(c, eval_attr_int(c, "axis", 0), rank, &axis))
        return EVAL_ERROR;
    int64_t dims[EVAL_MAX_RANK], inner = 1, outer = 1;
    for (int i = 0, j = 0; i < rank; i++)
        dims[i] = stack && i == axis ? 1 : first->dims[j++];
    int64_t total = 0;
    for (int k = 0; k < seq->n_items; k++) {
        const EvalValue *t = seq->items[k];
        bool ok = t->rank == first->rank && t->dtype == first->dtype;
        for (int i = 0; ok && i < t->rank; i++)
            ok = (!stack && i == axis) || t->dims[i] == first->dims[i];
        if (!ok)
            return eval_fail(c, "sequence element %d does not match element 0", k);
        total += stack ? 1 : t->dims[axis];
    }
    for (int i = 0; i < rank; i++) {
        if (i < axis)
            outer *= dims[i];
        if (i > axis)
            inner *= dims[i];
    }
    dims[axis] = total;
    EvalValue *y = eval_output(c, 0, first->dtype, rank, dims);
    if (!y)
        return EVAL_ERROR;
    size_t es = dtype_size(first->dtype);
    char *dst = y->data;
    for (int64_t o = 0; o < outer; o++) {
        for (int k = 0; k < seq->n_items; k++) {
            const EvalValue *t = seq->items[k];
            size_t len = (size_t)((stack ? 1 : t->dims[axis]) * inner) * es;
            memcpy(dst, (const char *)t->data + (size_t)o * len, len);
            dst += len;
        }
    }
    return EVAL_OK;
}

/* ---- optionals ------------------------------------------------------------------------------ */

static EvalStatus eval_optional(EvalCall *c)
{
    EvalValue *x = eval_in(c, 0);
    const IrType *t = c->n_out ? &c->node->outputs[0]->type : NULL;
    const IrType *elem = t && t->kind == IR_TYPE_OPTIONAL ? t->elem : NULL;
    EvalKind kind = elem && elem->kind == IR_TYPE_SEQUENCE ? EVAL_SEQUENCE : EVAL_TENSOR;
    DType dt = elem ? (elem->kind == IR_TYPE_SEQUENCE && elem->elem ? elem->elem->dtype : elem->dtype)
                    : DT_UNDEFINED;
    EvalValue *o = eval_optional_new(x, kind, dt);
    if (!o)
        return eval_fail(c, "out of memory");
    eval_set_output(c, 0, o);
    return EVAL_OK;
}

static EvalStatus eval_optional_has_element(EvalCall *c)
{
    EvalValue *x = eval_in(c, 0);
    EvalValue *y = eval_output(c, 0, DT_BOOL, 0, NULL);
    if (!y)
        return EVAL_ERROR;
    *(uint8_t *)y->data = x && (x->kind != EVAL_OPTIONAL || x->elem);
    return EVAL_OK;
}

static EvalStatus eval_optional_get_element(EvalCall *c)
{
    EvalValue *x = eval_in(c, 0);
    if (!x)
        return eval_fail(c, "missing input");
    if (x->kind == EVAL_OPTIONAL && !x->elem)
        return eval_fail(c, "the optional holds no value");
    eval_set_output(c, 0, eval_retain(x->kind == EVAL_OPTIONAL ? x->elem : x));
    return EVAL_OK;
}

const EvalOp eval_control_ops[] = {
    {"ConcatFromSequence", eval_concat_from_sequence, NULL},
    {"If", eval_if, NULL},
    {"Loop", eval_loop, NULL},
    {"Optional", eval_optional, NULL},
    {"OptionalGetElement", eval_optional_get_element, NULL},
    {"OptionalHasElement", eval_optional_has_element, NULL},
    {"SequenceAt", eval_sequence_at, NULL},
    {"SequenceConstruct", eval_sequence_construct, NULL},
    {"SequenceEmpty", eval_sequence_empty, NULL},
    {"SequenceErase", eval_sequence_erase, NULL},
    {"SequenceInsert", eval_sequence_insert, NULL},
    {"SequenceLength", eval_sequence_length, NULL},
    {"SplitToSequence", eval_split_to_sequence, NULL},
};

const int eval_control_count = sizeof eval_control_ops / sizeof eval_control_ops[0];
