/* Attention (opset 23): softmax(Q K^T * scale + bias) V per batch and head.
 *
 * Q, K, V are [B, heads, S, head_size], or [B, S, heads * head_size] with
 * q_num_heads and kv_num_heads (the output then has Q's layout).  K and V
 * may have fewer heads than Q (grouped queries): Q head h reads K/V head
 * h / (q_heads / kv_heads).  past_key/past_value are prepended along the
 * sequence; present_key/present_value are the concatenations.  scale
 * defaults to 1 / sqrt(head_size).  The bias is attn_mask (bool: false
 * masks with -inf; numbers are added), broadcast to [B, Hq, Sq, total],
 * and with is_causal -inf above the diagonal (upper-left aligned: query i
 * sees keys 0..i).  qk_matmul_output is the scores after the product
 * (mode 0), after the bias (1, and 2 as there is no softcap) or after the
 * softmax (3).  All sums are in double.
 *
 * Refused (no reading of the spec is certain enough): softcap, and
 * is_causal together with past_key. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

typedef struct AttnShape {
    int64_t batch, q_heads, kv_heads, q_seq, kv_seq, past, total, head, v_head;
    bool three_d;
} AttnShape;

/* Element (b, h, s, d) of a tensor in 4-D layout or in 3-D [B, S, H * D]. */
static int64_t attn_at(bool three_d, int64_t heads, int64_t seq, int64_t dim, int64_t b,
                       int64_t h, int64_t s, int64_t d)
{
    if (three_d)
        return ((b * seq + s) * heads + h) * dim + d;
    return ((b * heads + h) * seq + s) * dim + d;
}

static bool attn_shape(EvalCall *c, const EvalValue *q, const EvalValue *k, const EvalValue *v,
                       AttnShape *a)
{
    const EvalValue *pk = eval_in(c, 4), *pv = eval_in(c, 5);
    int r = q->rank;
    if ((r != 3 && r != 4) || k->rank != r || v->rank != r || k->dims[0] != q->dims[0] ||
        v->dims[0] != q->dims[0])
        return eval_reject(c, "Q, K and V must all be 3-D or all 4-D with one batch size");
    if (r == 4) {
        *a = (AttnShape){.batch = q->dims[0], .q_heads = q->dims[1], .kv_heads = k->dims[1],
                         .q_seq = q->dims[2], .kv_seq = k->dims[2], .head = q->dims[3],
                         .v_head = v->dims[3]};
    } else {
        int64_t qh = eval_attr_int(c, "q_num_heads", 0), kvh = eval_attr_int(c, "kv_num_heads", 0);
        if (qh < 1 || kvh < 1 || q->dims[2] % qh || k->dims[2] % kvh || v->dims[2] % kvh)
            return eval_reject(c, "3-D inputs need q_num_heads and kv_num_heads dividing the "
                               "hidden sizes");
        *a = (AttnShape){.batch = q->dims[0], .q_heads = qh, .kv_heads = kvh, .q_seq = q->dims[1],
                         .kv_seq = k->dims[1], .head = q->dims[2] / qh,
                         .v_head = v->dims[2] / kvh, .three_d = true};
    }
    int64_t vseq = a->three_d ? v->dims[1] : v->dims[2], vheads = a->three_d ? a->kv_heads
                                                                                : v->dims[1];
    int64_t khead = a->three_d ? k->dims[2] / a->kv_heads : k->dims[3];
    if (vseq != a->kv_seq || vheads != a->kv_heads || khead != a->head || a->kv_heads < 1 ||
        a->q_heads % a->kv_heads != 0)
        return eval_reject(c, "K and V do not fit Q (heads, sequence or head size)");
    if ((pk == NULL) != (pv == NULL))
        return eval_reject(c, "past_key and past_value go together");
    if (pk && (pk->rank != 4 || pv->rank != 4 || pk->dims[0] != a->batch ||
               pk->dims[1] != a->kv_heads || pk->dims[3] != a->head || pv->dims[0] != a->batch ||
               pv->dims[1] != a->kv_heads || pv->dims[2] != pk->dims[2] ||
               pv->dims[3] != a->v_head))
        return eval_reject(c, "past_key and past_value must be [B, kv_heads, past, head_size]");
    a->past = pk ? pk->dims[2] : 0;
    a->total = a->past + a->kv_seq;
    return true;
}

/* present_key or present_value: PAST then CUR, [B, Hkv, total, DIM] as
 * doubles in OUT. */
static void attn_concat(const AttnShape *a, const EvalValue *past, const EvalValue *cur,
                        int64_t dim, double *out)
{
    for (int64_t b = 0; b < a->batch; b++)
        for (int64_t h = 0; h < a->kv_heads; h++)
            for (int64_t s = 0; s < a->total; s++)
                for (int64_t d = 0; d < dim; d++) {
                    int64_t o = ((b * a->kv_heads + h) * a->total + s) * dim + d;
                    out[o] = s < a->past
                                 ? eval_get_f64(past, ((b * a->kv_heads + h) * a->past + s) * dim + d)
                                 : eval_get_f64(cur, attn_at(a->three_d, a->kv_heads, a->kv_seq, dim,
                                                             b, h, s - a->past, d));
                }
}

/* The bias of score (b, h, i, j) from attn_mask (broadcast from the
 * right) and is_causal. */
static double attn_bias(const EvalValue *mask, const int64_t *mstride, bool causal, int64_t b,
                        int64_t h, int64_t i, int64_t j)
{
    if (causal && j > i)
        return -INFINITY;
    if (!mask)
        return 0;
    int64_t off = b * mstride[0] + h * mstride[1] + i * mstride[2] + j * mstride[3];
    double m = eval_get_f64(mask, off);
    return mask->dtype != DT_BOOL ? m : m != 0 ? 0 : -INFINITY;
}

/* Strides of attn_mask broadcast to [B, Hq, Sq, total]; false when it
 * does not broadcast. */
static bool attn_mask_strides(EvalCall *c, const EvalValue *m, const AttnShape *a, int64_t *st)
{
    int64_t want[4] = {a->batch, a->q_heads, a->q_seq, a->total}, own[EVAL_MAX_RANK];
    if (m->rank > 4)
        return eval_reject(c, "attn_mask has rank %d, more than 4", m->rank);
    eval_strides(m->rank, m->dims, own);
    for (int i = 0; i < 4; i++) {
        int k = i - (4 - m->rank);
        int64_t d = k >= 0 ? m->dims[k] : 1;
        if (d != 1 && d != want[i])
            return eval_reject(c, "attn_mask %s does not broadcast to the scores",
                               eval_value_type_str(&c->ev->arena, m));
        st[i] = k >= 0 && d != 1 ? own[k] : 0;
    }
    return true;
}

typedef struct AttnData {
    const EvalValue *q, *mask;
    const double *key, *value;          /* [B, Hkv, total, D] */
    int64_t mstride[4];
    double scale;
    bool causal;
    int mode;
    double *y, *scores;                 /* Y as [B, Hq, Sq, Dv]; scores [B, Hq, Sq, total] */
} AttnData;

/* One query row: scores, bias, softmax, weighted sum of values. */
static void attn_row(const AttnShape *a, AttnData *d, int64_t b, int64_t h, int64_t i, double *p)
{
    int64_t kh = h / (a->q_heads / a->kv_heads);
    const double *key = d->key + (b * a->kv_heads + kh) * a->total * a->head;
    const double *val = d->value + (b * a->kv_heads + kh) * a->total * a->v_head;
    double *sc = d->scores ? d->scores + ((b * a->q_heads + h) * a->q_seq + i) * a->total : NULL;
    double top = -INFINITY, sum = 0;
    for (int64_t j = 0; j < a->total; j++) {
        double s = 0;
        for (int64_t e = 0; e < a->head; e++)
            s += eval_get_f64(d->q, attn_at(a->three_d, a->q_heads, a->q_seq, a->head, b, h, i, e)) *
                 key[j * a->head + e];
        s *= d->scale;
        if (sc && d->mode == 0)
            sc[j] = s;
        p[j] = s + attn_bias(d->mask, d->mstride, d->causal, b, h, i, j);
        if (sc && (d->mode == 1 || d->mode == 2))
            sc[j] = p[j];
        top = p[j] > top ? p[j] : top;
    }
    for (int64_t j = 0; j < a->total; j++) {
        p[j] = exp(p[j] - top);
        sum += p[j];
    }
    for (int64_t j = 0; j < a->total; j++) {
        p[j] /= sum;
        if (sc && d->mode == 3)
            sc[j] = p[j];
    }
    double *out = d->y + ((b * a->q_heads + h) * a->q_seq + i) * a->v_head;
    for (int64_t e = 0; e < a->v_head; e++) {
        double acc = 0;
        for (int64_t j = 0; j < a->total; j++)
            acc += p[j] * val[j * a->v_head + e];
        out[e] = acc;
    }
}

/* Stores Y (computed as [B, Hq, Sq, Dv]) in Q's layout. */
static void attn_store_y(const AttnShape *a, const double *y, EvalValue *out)
{
    for (int64_t b = 0; b < a->batch; b++)
        for (int64_t h = 0; h < a->q_heads; h++)
            for (int64_t i = 0; i < a->q_seq; i++)
                for (int64_t e = 0; e < a->v_head; e++) {
                    double v = y[((b * a->q_heads + h) * a->q_seq + i) * a->v_head + e];
                    int64_t o = attn_at(a->three_d, a->q_heads, a->q_seq, a->v_head, b, h, i, e);
                    eval_store_f64(out->dtype, (char *)out->data + (size_t)o * dtype_size(out->dtype),
                                   &v, 1);
                }
}

static bool attn_options(EvalCall *c, const AttnShape *a, AttnData *d)
{
    d->causal = eval_attr_int(c, "is_causal", 0) != 0;
    d->mode = (int)eval_attr_int(c, "qk_matmul_output_mode", 0);
    d->scale = eval_has_attr(c, "scale") ? eval_attr_float(c, "scale", 1.0)
                                         : 1.0 / sqrt((double)a->head);
    if (eval_attr_float(c, "softcap", 0.0) != 0.0)
        return eval_reject(c, "softcap is not supported");
    if (d->causal && a->past > 0)
        return eval_reject(c, "is_causal with past_key is not supported");
    if (d->mode < 0 || d->mode > 3)
        return eval_reject(c, "qk_matmul_output_mode must be 0 to 3, found %d", d->mode);
    d->mask = eval_in(c, 3);
    return !d->mask || attn_mask_strides(c, d->mask, a, d->mstride);
}

/* Allocates the outputs and runs every row. */
static EvalStatus attn_run(EvalCall *c, const AttnShape *a, AttnData *d, const EvalValue *k,
                           const EvalValue *v)
{
    DType t1 = d->q->dtype, t2 = v->dtype;
    int64_t ydims[4] = {a->batch, a->q_heads, a->q_seq, a->v_head};
    if (a->three_d) {
        ydims[1] = a->q_seq;
        ydims[2] = a->q_heads * a->v_head;
    }
    EvalValue *y = eval_output(c, 0, t1, a->three_d ? 3 : 4, ydims);
    EvalValue *pk = eval_wants(c, 1) ? eval_output(c, 1, k->dtype, 4,
                                                   (int64_t[]){a->batch, a->kv_heads, a->total, a->head})
                                     : NULL;
    EvalValue *pv = eval_wants(c, 2) ? eval_output(c, 2, t2, 4,
                                                   (int64_t[]){a->batch, a->kv_heads, a->total, a->v_head})
                                     : NULL;
    EvalValue *qk = eval_wants(c, 3) ? eval_output(c, 3, t1, 4,
                                                   (int64_t[]){a->batch, a->q_heads, a->q_seq, a->total})
                                     : NULL;
    if (!y || (eval_wants(c, 1) && !pk) || (eval_wants(c, 2) && !pv) || (eval_wants(c, 3) && !qk))
        return EVAL_ERROR;
    size_t nk = (size_t)(a->batch * a->kv_heads * a->total);
    double *key = malloc(sizeof(double) * (nk * (size_t)a->head + 1));
    double *val = malloc(sizeof(double) * (nk * (size_t)a->v_head + 1));
    double *yv = malloc(sizeof(double) * (size_t)(y->numel + 1));
    double *sc = qk ? malloc(sizeof(double) * (size_t)(qk->numel + 1)) : NULL;
    double *p = malloc(sizeof(double) * (size_t)(a->total + 1));
    EvalStatus st = key && val && yv && p && (sc || !qk) ? EVAL_OK : eval_fail(c, "out of memory");
    if (st == EVAL_OK) {
        attn_concat(a, eval_in(c, 4), k, a->head, key);
        attn_concat(a, eval_in(c, 5), v, a->v_head, val);
        *d = (AttnData){.q = d->q, .mask = d->mask, .key = key, .value = val, .scale = d->scale,
                        .causal = d->causal, .mode = d->mode, .y = yv, .scores = sc,
                        .mstride = {d->mstride[0], d->mstride[1], d->mstride[2], d->mstride[3]}};
        for (int64_t b = 0; b < a->batch; b++)
            for (int64_t h = 0; h < a->q_heads; h++)
                for (int64_t i = 0; i < a->q_seq; i++)
                    attn_row(a, d, b, h, i, p);
        attn_store_y(a, yv, y);
        if (pk)
            eval_store_f64(pk->dtype, pk->data, key, pk->numel);
        if (pv)
            eval_store_f64(pv->dtype, pv->data, val, pv->numel);
        if (qk)
            eval_store_f64(qk->dtype, qk->data, sc, qk->numel);
    }
    free(key);
    free(val);
    free(yv);
    free(sc);
    free(p);
    return st;
}

static EvalStatus eval_attention(EvalCall *c)
{
    EvalValue *q = eval_tensor_in(c, 0, false), *k = eval_tensor_in(c, 1, false);
    EvalValue *v = eval_tensor_in(c, 2, false);
    AttnShape a;
    AttnData d = {0};
    if (!q || !k || !v || !attn_shape(c, q, k, v, &a) || !attn_options(c, &a, &d))
        return EVAL_ERROR;
    d.q = q;
    return attn_run(c, &a, &d, k, v);
}

const EvalOp eval_attention_ops[] = {
    {"Attention", eval_attention, NULL},
};

const int eval_attention_count = sizeof eval_attention_ops / sizeof eval_attention_ops[0];
