/* Evaluator values: creation, reference counting, conversion to IrTensor
 * and type descriptions (see eval/eval.h for the ownership rules). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"

/* Largest tensor the evaluator allocates. */
#define EVAL_MAX_BYTES (INT64_C(1) << 40)

static EvalValue *value_alloc(EvalKind kind, DType dt)
{
    EvalValue *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->refs = 1;
    v->kind = kind;
    v->dtype = dt;
    return v;
}

/* Bytes of a tensor of NUMEL elements of DT, or -1 when too large. */
static int64_t tensor_bytes(DType dt, int64_t numel)
{
    int64_t es = (int64_t)dtype_size(dt);
    if (es == 0 || numel < 0 || numel > EVAL_MAX_BYTES / es)
        return -1;
    return numel * es;
}

static EvalValue *tensor_new(DType dt, int rank, const int64_t *dims, bool zero)
{
    if (rank < 0 || rank > EVAL_MAX_RANK)
        return NULL;
    int64_t numel = 1;
    for (int i = 0; i < rank; i++) {
        if (dims[i] < 0 || (dims[i] > 0 && numel > EVAL_MAX_BYTES / dims[i]))
            return NULL;
        numel *= dims[i];
    }
    int64_t bytes = tensor_bytes(dt, numel);
    if (bytes < 0)
        return NULL;
    EvalValue *v = value_alloc(EVAL_TENSOR, dt);
    if (!v)
        return NULL;
    v->rank = rank;
    if (rank)
        memcpy(v->dims, dims, sizeof(int64_t) * (size_t)rank);
    v->numel = numel;
    size_t size = ((size_t)bytes + EVAL_ALIGN - 1) & ~(size_t)(EVAL_ALIGN - 1);
    v->data = aligned_alloc(EVAL_ALIGN, size ? size : EVAL_ALIGN);
    if (!v->data) {
        free(v);
        return NULL;
    }
    if (zero)
        memset(v->data, 0, size ? size : EVAL_ALIGN);
    v->owns_data = true;
    return v;
}

EvalValue *eval_tensor_new(DType dt, int rank, const int64_t *dims)
{
    return tensor_new(dt, rank, dims, true);
}

EvalValue *eval_tensor_new_raw(DType dt, int rank, const int64_t *dims)
{
    return tensor_new(dt, rank, dims, false);
}

EvalValue *eval_tensor_borrow(const IrTensor *t)
{
    if (t->dtype == DT_STRING || dtype_size(t->dtype) == 0 || t->rank > EVAL_MAX_RANK)
        return NULL;
    EvalValue *v = value_alloc(EVAL_TENSOR, t->dtype);
    if (!v)
        return NULL;
    v->rank = t->rank;
    if (t->rank > 0)
        memcpy(v->dims, t->dims, sizeof(int64_t) * (size_t)t->rank);
    v->numel = ir_tensor_numel(t);
    v->data = t->data;
    return v;
}

EvalValue *eval_tensor_reshape(EvalValue *v, int rank, const int64_t *dims)
{
    EvalValue *r = value_alloc(EVAL_TENSOR, v->dtype);
    if (!r)
        return NULL;
    r->rank = rank;
    if (rank)
        memcpy(r->dims, dims, sizeof(int64_t) * (size_t)rank);
    r->numel = v->numel;
    r->data = v->data;
    r->base = eval_retain(v);
    return r;
}

EvalValue *eval_sequence_new(DType elem)
{
    return value_alloc(EVAL_SEQUENCE, elem);
}

void eval_sequence_push(EvalValue *seq, EvalValue *t)
{
    if (seq->n_items == seq->cap_items) {
        int cap = seq->cap_items ? seq->cap_items * 2 : 8;
        EvalValue **items = realloc(seq->items, sizeof(EvalValue *) * (size_t)cap);
        if (!items) {
            fputs("tsc2onnx: fatal: out of memory\n", stderr);
            exit(4);
        }
        seq->items = items;
        seq->cap_items = cap;
    }
    seq->items[seq->n_items++] = eval_retain(t);
    if (seq->dtype == DT_UNDEFINED)
        seq->dtype = t->dtype;
}

EvalValue *eval_optional_new(EvalValue *elem, EvalKind kind, DType dt)
{
    EvalValue *v = value_alloc(EVAL_OPTIONAL, elem ? elem->dtype : dt);
    if (!v)
        return NULL;
    v->elem = elem ? eval_retain(elem) : NULL;
    v->elem_kind = elem ? elem->kind : kind;
    return v;
}

EvalValue *eval_retain(EvalValue *v)
{
    if (v)
        v->refs++;
    return v;
}

void eval_release(EvalValue *v)
{
    if (!v || --v->refs > 0)
        return;
    if (v->owns_data)
        free(v->data);
    for (int i = 0; i < v->n_items; i++)
        eval_release(v->items[i]);
    free(v->items);
    eval_release(v->elem);
    eval_release(v->base);
    free(v);
}

IrTensor *eval_to_ir_tensor(Arena *a, const EvalValue *v)
{
    IrTensor *t = ir_tensor_new(a, v->dtype, v->rank, v->dims);
    if (t->nbytes)
        memcpy(t->data, v->data, t->nbytes);
    return t;
}

static const char *shape_str(Arena *a, const EvalValue *v)
{
    char *s = arena_strdup(a, "[");
    for (int i = 0; i < v->rank; i++)
        s = arena_sprintf(a, "%s%s%lld", s, i ? ", " : "", (long long)v->dims[i]);
    return arena_sprintf(a, "%s]", s);
}

const char *eval_value_type_str(Arena *a, const EvalValue *v)
{
    switch (v->kind) {
    case EVAL_TENSOR:
        return arena_sprintf(a, "%s%s", dtype_name(v->dtype), shape_str(a, v));
    case EVAL_SEQUENCE:
        return arena_sprintf(a, "seq(%s) of %d", dtype_name(v->dtype), v->n_items);
    case EVAL_OPTIONAL:
        if (!v->elem)
            return arena_sprintf(a, "optional(%s%s): none",
                                 v->elem_kind == EVAL_SEQUENCE ? "seq " : "", dtype_name(v->dtype));
        return arena_sprintf(a, "optional(%s)", eval_value_type_str(a, v->elem));
    }
    return "?";
}
