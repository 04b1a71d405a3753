/* The recurrent layers RNN, GRU and LSTM, as ONNX defines them: forward,
 * reverse or bidirectional; per-batch sequence_lens (steps past a
 * sequence's end leave Y zero and Y_h/Y_c at the last valid step);
 * layout 0 ([seq, batch, ...]) or 1 ([batch, seq, ...]); activations by
 * name with activation_alpha/beta consumed in order by the functions that
 * take them; clip on the inputs of the activations; LSTM peepholes and
 * input_forget; GRU's linear_before_reset.  Gate order in W, R and B is
 * ONNX's: GRU z, r, h; LSTM i, o, f, c.  Computed in double. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "eval/kernel.h"

typedef enum Cell { CELL_RNN, CELL_GRU, CELL_LSTM } Cell;

typedef struct Act {
    int fn;
    double alpha, beta;
} Act;

static const struct {
    const char *name;
    double alpha, beta;
    int params;                 /* how many of alpha, beta it takes */
} act_table[] = {
    {"Tanh", 0, 0, 0}, {"Sigmoid", 0, 0, 0}, {"Relu", 0, 0, 0},
    {"Affine", 1.0, 0.0, 2}, {"LeakyRelu", 0.01, 0, 1}, {"ThresholdedRelu", 1.0, 0, 1},
    {"ScaledTanh", 1.0, 1.0, 2}, {"HardSigmoid", 0.2, 0.5, 2}, {"Elu", 1.0, 0, 1},
    {"Softsign", 0, 0, 0}, {"Softplus", 0, 0, 0},
};

static double act_apply(const Act *a, double x)
{
    switch (a->fn) {
    case 0: return tanh(x);
    case 1: return x >= 0 ? 1.0 / (1.0 + exp(-x)) : exp(x) / (1.0 + exp(x));
    case 2: return x > 0 ? x : 0.0;
    case 3: return a->alpha * x + a->beta;
    case 4: return x < 0 ? a->alpha * x : x;
    case 5: return x > a->alpha ? x : 0.0;
    case 6: return a->alpha * tanh(a->beta * x);
    case 7: { double y = a->alpha * x + a->beta; return y < 0 ? 0 : y > 1 ? 1 : y; }
    case 8: return x < 0 ? a->alpha * expm1(x) : x;
    case 9: return x / (1 + fabs(x));
    default: return x > 0 ? x + log1p(exp(-x)) : log1p(exp(x));
    }
}

typedef struct Rnn {
    Cell cell;
    int64_t seq, batch, input, hidden;
    int dirs, gates;
    bool layout1, reverse_only;
    double clip;                /* <= 0: none */
    bool linear_before_reset, input_forget;
    Act acts[6];                /* per direction: f, g, h */
    int n_acts;                 /* per direction */
    double *x, *w, *r, *b, *h0, *c0, *p;
    int64_t *lens;
} Rnn;

static bool rnn_activations(EvalCall *c, Rnn *m)
{
    static const char *const defaults[3] = {"Sigmoid", "Tanh", "Tanh"};
    int ns = 0, na = 0, nb = 0;
    const IrAttr *names = eval_attr(c, "activations");
    const float *alpha = eval_attr_floats(c, "activation_alpha", &na);
    const float *beta = eval_attr_floats(c, "activation_beta", &nb);
    ns = names && names->kind == IR_ATTR_STRINGS ? names->n : 0;
    if (ns && ns != m->n_acts * m->dirs)
        return eval_reject(c, "activations has %d names, expected %d", ns, m->n_acts * m->dirs);
    int ia = 0, ib = 0;
    for (int k = 0; k < m->n_acts * m->dirs; k++) {
        const char *name = ns ? names->strings[k]
                              : m->cell == CELL_RNN ? "Tanh" : defaults[k % m->n_acts];
        size_t f = 0;
        while (f < sizeof act_table / sizeof act_table[0] && strcmp(act_table[f].name, name) != 0)
            f++;
        if (f == sizeof act_table / sizeof act_table[0])
            return eval_reject(c, "unknown activation '%s'", name);
        m->acts[k] = (Act){(int)f, act_table[f].alpha, act_table[f].beta};
        if (act_table[f].params >= 1 && ia < na)
            m->acts[k].alpha = alpha[ia++];
        if (act_table[f].params >= 2 && ib < nb)
            m->acts[k].beta = beta[ib++];
    }
    return true;
}

/* ---- inputs -------------------------------------------------------------------------- */

/* Input I as doubles, checked to have EXPECT elements; NULL (without a
 * report) when absent and optional. */
static bool load_input(EvalCall *c, int i, int64_t expect, bool optional, double **out)
{
    static const char *const names[] = {"X", "W", "R", "B", "sequence_lens", "initial_h",
                                        "initial_c", "P"};
    *out = NULL;
    EvalValue *v = eval_tensor_in(c, i, optional);
    if (!v)
        return optional && !eval_in(c, i);
    if (!dtype_is_float(v->dtype) || v->numel != expect)
        return eval_reject(c, "%s must be floating point with %lld elements, found %s", names[i],
                           (long long)expect, eval_value_type_str(&c->ev->arena, v));
    *out = malloc(sizeof(double) * (size_t)(expect + 1));
    eval_load_f64(v->dtype, v->data, 1, *out, expect);
    return true;
}

static bool rnn_shapes(EvalCall *c, Rnn *m)
{
    EvalValue *X = eval_tensor_in(c, 0, false), *W = eval_tensor_in(c, 1, false);
    if (!X || !W)
        return false;
    if (X->rank != 3 || W->rank != 3)
        return eval_reject(c, "X and W must be 3-D");
    const char *dir = eval_attr_str(c, "direction", "forward");
    m->dirs = strcmp(dir, "bidirectional") == 0 ? 2 : 1;
    m->reverse_only = strcmp(dir, "reverse") == 0;
    if (m->dirs == 1 && !m->reverse_only && strcmp(dir, "forward") != 0)
        return eval_reject(c, "unknown direction '%s'", dir);
    m->layout1 = eval_attr_int(c, "layout", 0) != 0;
    m->seq = X->dims[m->layout1 ? 1 : 0];
    m->batch = X->dims[m->layout1 ? 0 : 1];
    m->input = X->dims[2];
    m->hidden = W->dims[1] / m->gates;
    if (eval_has_attr(c, "hidden_size") && eval_attr_int(c, "hidden_size", 0) != m->hidden)
        return eval_reject(c, "hidden_size does not match W");
    if (W->dims[0] != m->dirs || W->dims[1] != m->gates * m->hidden || W->dims[2] != m->input)
        return eval_reject(c, "W has shape %s, expected [%d, %lld, %lld]",
                           eval_value_type_str(&c->ev->arena, W), m->dirs,
                           (long long)(m->gates * m->hidden), (long long)m->input);
    return true;
}

static bool rnn_load(EvalCall *c, Rnn *m)
{
    int64_t D = m->dirs, G = m->gates, H = m->hidden, B = m->batch;
    if (!load_input(c, 0, m->seq * B * m->input, false, &m->x) ||
        !load_input(c, 1, D * G * H * m->input, false, &m->w) ||
        !load_input(c, 2, D * G * H * H, false, &m->r) ||
        !load_input(c, 3, D * 2 * G * H, true, &m->b) ||
        !load_input(c, 5, D * B * H, true, &m->h0) ||
        (m->cell == CELL_LSTM && (!load_input(c, 6, D * B * H, true, &m->c0) ||
                                  !load_input(c, 7, D * 3 * H, true, &m->p))))
        return false;
    m->lens = malloc(sizeof(int64_t) * (size_t)(B + 1));
    EvalValue *sl = eval_in(c, 4);
    for (int64_t b = 0; b < B; b++) {
        m->lens[b] = sl ? eval_get_i64(sl, b) : m->seq;
        if (sl && (sl->numel != B || m->lens[b] < 0 || m->lens[b] > m->seq))
            return eval_reject(c, "sequence_lens must hold %lld lengths <= %lld", (long long)B,
                               (long long)m->seq);
    }
    return true;
}

static void rnn_free(Rnn *m)
{
    free(m->x);
    free(m->w);
    free(m->r);
    free(m->b);
    free(m->h0);
    free(m->c0);
    free(m->p);
    free(m->lens);
}

/* ---- one step -------------------------------------------------------------------------- */

static double clipped(const Rnn *m, double v)
{
    if (m->clip > 0)
        return v < -m->clip ? -m->clip : v > m->clip ? m->clip : v;
    return v;
}

/* gate[g*H + j] = x·W[d][g*H+j] + h·R[d][g*H+j] + Wb + Rb (without the R
 * part of GRU's h gate, kept in rh for linear_before_reset). */
static void gate_inputs(const Rnn *m, int d, const double *x, const double *h, double *gate,
                        double *rh)
{
    int64_t G = m->gates, H = m->hidden, I = m->input;
    for (int64_t k = 0; k < G * H; k++) {
        const double *wr = m->w + (d * G * H + k) * I, *rr = m->r + (d * G * H + k) * H;
        double sx = 0, sh = 0;
        for (int64_t i = 0; i < I; i++)
            sx += x[i] * wr[i];
        for (int64_t i = 0; i < H; i++)
            sh += h[i] * rr[i];
        if (m->b) {
            sx += m->b[d * 2 * G * H + k];
            sh += m->b[d * 2 * G * H + G * H + k];
        }
        gate[k] = sx + sh;
        rh[k] = sh;
    }
}

/* Advances the state (h, cst) of one batch element by one step of input x. */
static void cell_step(const Rnn *m, int d, const double *x, double *h, double *cst, double *gate,
                      double *rh)
{
    int64_t H = m->hidden;
    const Act *f = &m->acts[d * m->n_acts], *g = f + 1, *hh = f + 2;
    gate_inputs(m, d, x, h, gate, rh);
    if (m->cell == CELL_RNN) {
        for (int64_t j = 0; j < H; j++)
            h[j] = act_apply(f, clipped(m, gate[j]));
    } else if (m->cell == CELL_GRU) {
        /* the h gate needs r * h before the product with R, so it is
         * recomputed here */
        const double *rr = m->r + (d * 3 * H + 2 * H) * H;
        double *z = gate, *r = gate + H, *hn = gate + 2 * H;
        for (int64_t j = 0; j < H; j++) {
            z[j] = act_apply(f, clipped(m, z[j]));
            r[j] = act_apply(f, clipped(m, r[j]));
        }
        for (int64_t j = 0; j < H; j++) {
            double rb = m->b ? m->b[d * 6 * H + 3 * H + 2 * H + j] : 0;
            double xpart = hn[j] - rh[2 * H + j];
            double s = 0;
            if (m->linear_before_reset) {
                s = r[j] * rh[2 * H + j];
            } else {
                for (int64_t i = 0; i < H; i++)
                    s += r[i] * h[i] * rr[j * H + i];
                s = s + rb;
            }
            hn[j] = act_apply(g, clipped(m, xpart + s));
        }
        for (int64_t j = 0; j < H; j++)
            h[j] = (1 - z[j]) * hn[j] + z[j] * h[j];
    } else {
        double *i_ = gate, *o = gate + H, *fg = gate + 2 * H, *cc = gate + 3 * H;
        const double *p = m->p ? m->p + d * 3 * H : NULL;
        for (int64_t j = 0; j < H; j++) {
            i_[j] = act_apply(f, clipped(m, i_[j] + (p ? p[j] * cst[j] : 0)));
            fg[j] = m->input_forget ? 1 - i_[j]
                                    : act_apply(f, clipped(m, fg[j] + (p ? p[2 * H + j] * cst[j] : 0)));
            cc[j] = act_apply(g, clipped(m, cc[j]));
            cst[j] = fg[j] * cst[j] + i_[j] * cc[j];
            o[j] = act_apply(f, clipped(m, o[j] + (p ? p[H + j] * cst[j] : 0)));
            h[j] = o[j] * act_apply(hh, cst[j]);
        }
    }
}

/* ---- the sequence ------------------------------------------------------------------------- */

typedef struct RnnOut {
    double *y, *yh, *yc;        /* layout 0 shapes; permuted when stored */
} RnnOut;

/* Runs direction D over batch element B. */
static void run_sequence(const Rnn *m, int d, int64_t b, RnnOut *o, double *work)
{
    int64_t H = m->hidden, B = m->batch, I = m->input;
    double *h = work, *cst = work + H, *gate = work + 2 * H, *rh = gate + m->gates * H;
    /* initial states: [dirs, batch, H], [batch, dirs, H] under layout 1 */
    int64_t s0 = (m->layout1 ? b * m->dirs + d : d * B + b) * H;
    for (int64_t j = 0; j < H; j++) {
        h[j] = m->h0 ? m->h0[s0 + j] : 0;
        cst[j] = m->c0 ? m->c0[s0 + j] : 0;
    }
    bool rev = m->reverse_only || d == 1;
    int64_t len = m->lens[b];
    for (int64_t k = 0; k < len; k++) {
        int64_t t = rev ? len - 1 - k : k;
        const double *x = m->x + (m->layout1 ? b * m->seq + t : t * B + b) * I;
        cell_step(m, d, x, h, cst, gate, rh);
        memcpy(o->y + ((t * m->dirs + d) * B + b) * H, h, sizeof(double) * (size_t)H);
    }
    memcpy(o->yh + (d * B + b) * H, h, sizeof(double) * (size_t)H);
    memcpy(o->yc + (d * B + b) * H, cst, sizeof(double) * (size_t)H);
}

/* Stores SRC ([A, Bdim, H] or [seq, dirs, batch, H]) as output I, with the
 * first two axes (state) or axes 0 and 2 (Y) swapped under layout 1. */
static EvalStatus store_rnn(EvalCall *c, const Rnn *m, int i, const double *src, bool is_y)
{
    if (!eval_wants(c, i))
        return EVAL_OK;
    int64_t H = m->hidden, D = m->dirs, B = m->batch, S = m->seq;
    int64_t y0[4] = {S, D, B, H}, y1[4] = {B, S, D, H}, s0[3] = {D, B, H}, s1[3] = {B, D, H};
    const int64_t *dims = is_y ? (m->layout1 ? y1 : y0) : (m->layout1 ? s1 : s0);
    EvalValue *out = eval_output(c, i, c->in[0]->dtype, is_y ? 4 : 3, dims);
    if (!out)
        return EVAL_ERROR;
    size_t es = dtype_size(out->dtype);
    int64_t outer = is_y ? S * D : D;
    for (int64_t a = 0; a < outer; a++) {
        for (int64_t b = 0; b < B; b++) {
            int64_t s = is_y ? a / D : 0, d = is_y ? a % D : a;
            int64_t dst = m->layout1 ? (is_y ? (b * S + s) * D + d : b * D + d) : a * B + b;
            eval_store_f64(out->dtype, (char *)out->data + (size_t)(dst * H) * es,
                           src + (a * B + b) * H, H);
        }
    }
    return EVAL_OK;
}

static EvalStatus recurrent(EvalCall *c, Cell cell)
{
    Rnn m = {.cell = cell};
    m.gates = cell == CELL_RNN ? 1 : cell == CELL_GRU ? 3 : 4;
    m.n_acts = cell == CELL_RNN ? 1 : cell == CELL_GRU ? 2 : 3;
    m.clip = eval_has_attr(c, "clip") ? eval_attr_float(c, "clip", 0) : 0;
    m.linear_before_reset = eval_attr_int(c, "linear_before_reset", 0) != 0;
    m.input_forget = eval_attr_int(c, "input_forget", 0) != 0;
    EvalStatus st = rnn_shapes(c, &m) && rnn_activations(c, &m) && rnn_load(c, &m) ? EVAL_OK
                                                                                    : EVAL_ERROR;
    int64_t H = m.hidden, D = m.dirs, B = m.batch;
    RnnOut o = {NULL, NULL, NULL};
    double *work = NULL;
    if (st == EVAL_OK) {
        o.y = calloc((size_t)(m.seq * D * B * H + 1), sizeof(double));
        o.yh = calloc((size_t)(D * B * H + 1), sizeof(double));
        o.yc = calloc((size_t)(D * B * H + 1), sizeof(double));
        work = calloc((size_t)(2 * H + 2 * m.gates * H + 1), sizeof(double));
        for (int d = 0; d < D; d++)
            for (int64_t b = 0; b < B; b++)
                run_sequence(&m, d, b, &o, work);
        st = store_rnn(c, &m, 0, o.y, true);
        if (st == EVAL_OK)
            st = store_rnn(c, &m, 1, o.yh, false);
        if (st == EVAL_OK && cell == CELL_LSTM)
            st = store_rnn(c, &m, 2, o.yc, false);
    }
    free(o.y);
    free(o.yh);
    free(o.yc);
    free(work);
    rnn_free(&m);
    return st;
}

static EvalStatus eval_rnn(EvalCall *c) { return recurrent(c, CELL_RNN); }
static EvalStatus eval_gru(EvalCall *c) { return recurrent(c, CELL_GRU); }
static EvalStatus eval_lstm(EvalCall *c) { return recurrent(c, CELL_LSTM); }

const EvalOp eval_rnn_ops[] = {
    {"GRU", eval_gru, NULL},
    {"LSTM", eval_lstm, NULL},
    {"RNN", eval_rnn, NULL},
};

const int eval_rnn_count = sizeof eval_rnn_ops / sizeof eval_rnn_ops[0];
