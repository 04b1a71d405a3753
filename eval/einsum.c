/* Einsum: any equation numpy accepts ("ij,jk->ik", "...ii->...i", "ij,ij",
 * implicit outputs), evaluated by direct summation over every label's
 * range.  Labels are letters; the dimensions an ellipsis stands for get
 * labels 1..E (E the largest ellipsis rank, aligned to the right and
 * broadcast like numpy).  A label repeated within one term reads that
 * term's diagonal.  Floats accumulate in double, integers in int64. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

#define EIN_LABELS 128
#define EIN_MAX_INPUTS 16
/* Largest number of products summed (direct summation, no contraction
 * order): beyond it the evaluation would take minutes. */
#define EIN_MAX_TERMS (INT64_C(1) << 32)

typedef struct Einsum {
    int n_in;
    int ell;                            /* dimensions the ellipsis stands for */
    int64_t size[EIN_LABELS];           /* -1 while unknown */
    int term_len[EIN_MAX_INPUTS];
    int term[EIN_MAX_INPUTS][EVAL_MAX_RANK];
    int out_len;
    int out[EVAL_MAX_RANK];
} Einsum;

/* Letters of S[0..n) and whether it has an ellipsis; false on anything
 * else. */
static bool scan_term(EvalCall *c, const char *s, size_t n, int *letters, bool *ellipsis)
{
    *letters = 0;
    *ellipsis = false;
    for (size_t i = 0; i < n; i++) {
        if (isalpha((unsigned char)s[i])) {
            (*letters)++;
        } else if (s[i] == '.' && n - i >= 3 && s[i + 1] == '.' && s[i + 2] == '.' &&
                   !*ellipsis) {
            *ellipsis = true;
            i += 2;
        } else if (s[i] != ' ') {
            return eval_reject(c, "unexpected '%c' in the equation", s[i]);
        }
    }
    return true;
}

/* The label ids of term S[0..n), whose ellipsis covers ER dimensions. */
static bool parse_term(EvalCall *c, const Einsum *e, const char *s, size_t n, int er, int *ids,
                       int *len)
{
    *len = 0;
    for (size_t i = 0; i < n; i++) {
        if (*len + er > EVAL_MAX_RANK)
            return eval_reject(c, "equation term is too long");
        if (isalpha((unsigned char)s[i])) {
            ids[(*len)++] = (unsigned char)s[i];
        } else if (s[i] == '.') {
            for (int k = 0; k < er; k++)
                ids[(*len)++] = 1 + (e->ell - er) + k;
            i += 2;
        }
    }
    return true;
}

static bool parse_inputs(EvalCall *c, Einsum *e, const char *lhs, size_t n)
{
    const char *p = lhs, *end = lhs + n;
    int ers[EIN_MAX_INPUTS];
    const char *starts[EIN_MAX_INPUTS];
    size_t lens[EIN_MAX_INPUTS];
    for (int k = 0; k < e->n_in; k++) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *te = comma ? comma : end;
        if ((k < e->n_in - 1) != (comma != NULL))
            return eval_reject(c, "the equation needs one term per input (%d)", e->n_in);
        int letters;
        bool ellipsis;
        if (!scan_term(c, p, (size_t)(te - p), &letters, &ellipsis))
            return false;
        ers[k] = ellipsis ? c->in[k]->rank - letters : 0;
        if (ers[k] < 0 || (!ellipsis && letters != c->in[k]->rank))
            return eval_reject(c, "term %d does not match its input of rank %d", k, c->in[k]->rank);
        e->ell = ers[k] > e->ell ? ers[k] : e->ell;
        starts[k] = p;
        lens[k] = (size_t)(te - p);
        p = te + 1;
    }
    for (int k = 0; k < e->n_in; k++)
        if (!parse_term(c, e, starts[k], lens[k], ers[k], e->term[k], &e->term_len[k]))
            return false;
    return true;
}

/* The implicit output: the ellipsis, then the letters used once, sorted. */
static void implicit_output(Einsum *e)
{
    int count[EIN_LABELS] = {0};
    for (int k = 0; k < e->n_in; k++)
        for (int i = 0; i < e->term_len[k]; i++)
            count[e->term[k][i]]++;
    e->out_len = 0;
    for (int k = 0; k < e->ell; k++)
        e->out[e->out_len++] = 1 + k;
    for (int l = 'A'; l < EIN_LABELS && e->out_len < EVAL_MAX_RANK; l++)
        if (count[l] == 1)
            e->out[e->out_len++] = l;
}

static bool label_sizes(EvalCall *c, Einsum *e)
{
    for (int l = 0; l < EIN_LABELS; l++)
        e->size[l] = -1;
    for (int k = 0; k < e->n_in; k++) {
        for (int i = 0; i < e->term_len[k]; i++) {
            int l = e->term[k][i];
            int64_t d = c->in[k]->dims[i];
            if (e->size[l] < 0 || (e->size[l] == 1 && l < 'A'))
                e->size[l] = d;
            else if (d != e->size[l] && !(d == 1 && l < 'A'))
                return eval_reject(c, "label '%c' stands for sizes %lld and %lld",
                                   l < 'A' ? '.' : l, (long long)e->size[l], (long long)d);
        }
    }
    for (int i = 0; i < e->out_len; i++)
        if (e->size[e->out[i]] < 0)
            return eval_reject(c, "output label '%c' appears in no input", e->out[i]);
    return true;
}

static bool parse_equation(EvalCall *c, Einsum *e)
{
    const char *eq = eval_attr_str(c, "equation", NULL);
    if (!eq)
        return eval_reject(c, "missing attribute 'equation'");
    memset(e, 0, sizeof *e);
    e->n_in = c->n_in;
    if (e->n_in < 1 || e->n_in > EIN_MAX_INPUTS)
        return eval_reject(c, "between 1 and %d inputs are supported", EIN_MAX_INPUTS);
    const char *arrow = strstr(eq, "->");
    if (!parse_inputs(c, e, eq, arrow ? (size_t)(arrow - eq) : strlen(eq)))
        return false;
    if (!arrow) {
        implicit_output(e);
    } else {
        const char *rhs = arrow + 2;
        int letters;
        bool ellipsis;
        if (!scan_term(c, rhs, strlen(rhs), &letters, &ellipsis) ||
            !parse_term(c, e, rhs, strlen(rhs), ellipsis ? e->ell : 0, e->out, &e->out_len))
            return false;
    }
    return label_sizes(c, e);
}

/* Per label, the element stride of each input along it (the sum over the
 * axes that carry it, 0 where the input broadcasts). */
static void label_strides(EvalCall *c, const Einsum *e, const int *labels, int nl,
                          int64_t (*stride)[EIN_MAX_INPUTS])
{
    for (int k = 0; k < e->n_in; k++) {
        int64_t st[EVAL_MAX_RANK];
        eval_strides(c->in[k]->rank, c->in[k]->dims, st);
        for (int j = 0; j < nl; j++) {
            stride[j][k] = 0;
            for (int i = 0; i < e->term_len[k]; i++)
                if (e->term[k][i] == labels[j] && c->in[k]->dims[i] != 1)
                    stride[j][k] += st[i];
        }
    }
}

/* Sums the products over every index of the NL labels (output labels
 * first, so the output offset follows the odometer). */
static void einsum_sum(EvalCall *c, const Einsum *e, const int *labels, int nl, EvalValue *Y)
{
    int64_t (*stride)[EIN_MAX_INPUTS] = calloc((size_t)nl + 1, sizeof *stride);
    int64_t index[EIN_LABELS] = {0}, off[EIN_MAX_INPUTS] = {0}, ostride[EVAL_MAX_RANK + 1];
    label_strides(c, e, labels, nl, stride);
    eval_strides(e->out_len, Y->dims, ostride);
    bool fl = eval_domain(Y->dtype) == DOM_F64;
    double *accf = calloc((size_t)Y->numel + 1, sizeof *accf);
    int64_t *acci = calloc((size_t)Y->numel + 1, sizeof *acci);
    int64_t total = 1, out = 0;
    for (int j = 0; j < nl; j++)
        total *= e->size[labels[j]];
    for (int64_t step = 0; step < total; step++) {
        double pf = 1;
        uint64_t pi = 1;
        for (int k = 0; k < e->n_in; k++) {
            if (fl)
                pf *= eval_get_f64(c->in[k], off[k]);
            else
                pi *= (uint64_t)eval_get_i64(c->in[k], off[k]);
        }
        accf[out] += pf;
        acci[out] = (int64_t)((uint64_t)acci[out] + pi);
        for (int j = nl - 1; j >= 0; j--) {
            for (int k = 0; k < e->n_in; k++)
                off[k] += stride[j][k];
            if (j < e->out_len)
                out += ostride[j];
            if (++index[j] < e->size[labels[j]])
                break;
            for (int k = 0; k < e->n_in; k++)
                off[k] -= stride[j][k] * index[j];
            if (j < e->out_len)
                out -= ostride[j] * index[j];
            index[j] = 0;
        }
    }
    if (fl)
        eval_store_f64(Y->dtype, Y->data, accf, Y->numel);
    else
        eval_store_i64(Y->dtype, Y->data, acci, Y->numel);
    free(accf);
    free(acci);
    free(stride);
}

static EvalStatus eval_einsum(EvalCall *c)
{
    Einsum e;
    for (int k = 0; k < c->n_in; k++)
        if (!eval_tensor_in(c, k, false))
            return EVAL_ERROR;
    if (!parse_equation(c, &e))
        return EVAL_ERROR;
    for (int k = 1; k < e.n_in; k++)
        if (c->in[k]->dtype != c->in[0]->dtype)
            return eval_fail(c, "inputs have different element types");
    int labels[EIN_LABELS], nl = 0;
    bool used[EIN_LABELS] = {false};
    for (int i = 0; i < e.out_len; i++) {
        if (used[e.out[i]])
            return eval_fail(c, "output label '%c' is repeated", e.out[i]);
        used[labels[nl++] = e.out[i]] = true;
    }
    for (int k = 0; k < e.n_in; k++)
        for (int i = 0; i < e.term_len[k]; i++)
            if (!used[e.term[k][i]])
                used[labels[nl++] = e.term[k][i]] = true;
    int64_t dims[EVAL_MAX_RANK];
    for (int i = 0; i < e.out_len; i++)
        dims[i] = e.size[e.out[i]];
    int64_t total = 1;
    for (int j = 0; j < nl; j++) {
        if (e.size[labels[j]] > 0 && total > EIN_MAX_TERMS / e.size[labels[j]])
            return eval_unsupported(c, "the summation has more than 2^32 terms");
        total *= e.size[labels[j]];
    }
    EvalValue *Y = eval_output(c, 0, c->in[0]->dtype, e.out_len, dims);
    if (!Y)
        return EVAL_ERROR;
    if (Y->numel > 0)
        einsum_sum(c, &e, labels, nl, Y);
    return EVAL_OK;
}

const EvalOp eval_einsum_ops[] = {
    {"Einsum", eval_einsum, NULL},
};

const int eval_einsum_count = sizeof eval_einsum_ops / sizeof eval_einsum_ops[0];
