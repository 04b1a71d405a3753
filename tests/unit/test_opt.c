/* opt/: each pass on graphs built with the ir/ API.  A graph is evaluated
 * (eval/) on fixed inputs, optimized, and evaluated again: the outputs must
 * agree, and the optimized graph must have the nodes the pass promises.
 * Prints TAP. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "eval/eval.h"
#include "ir/opschema.h"
#include "ir/symdim.h"
#include "opt/opt.h"

static int n_tests, n_failed;

static void check(bool ok, const char *what)
{
    n_tests++;
    n_failed += !ok;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", n_tests, what);
}

typedef struct Fixture {
    Compiler c;
    Arena arena;            /* tensors (the model's arena is c.arena) */
    IrModel *model;
    IrGraph *g;
    EvalValue *inputs[4];
    int n_inputs;
} Fixture;

static void fixture_init(Fixture *f, int opset)
{
    memset(f, 0, sizeof *f);
    compiler_init(&f->c, stdout);
    arena_init(&f->arena);
    f->model = ir_model_new(&f->c.arena, &f->c.names, opset);
    f->g = f->model->graph;
}

/* Shape inference over G, in order, as lowering runs it (nodes with a
 * body keep the types the test gave them). */
static void infer(Fixture *f, IrGraph *g)
{
    for (int i = 0; i < g->nodes.len; i++) {
        IrNode *n = g->nodes.items[i];
        bool body = false;
        for (int k = 0; k < n->n_attrs; k++)
            if (n->attrs[k].kind == IR_ATTR_GRAPH) {
                infer(f, n->attrs[k].g);
                body = true;
            }
        IrTensor *consts[16] = {NULL};
        for (int k = 0; k < n->n_inputs && k < 16; k++)
            consts[k] = n->inputs[k] ? n->inputs[k]->init : NULL;
        if (!body && !opschema_infer(n->schema, n, consts, g->model->opset, &f->c.arena, &f->c.diag))
            printf("# shape inference failed on %s\n", n->op_type);
    }
}

static IrNode *node(IrGraph *g, const char *op, IrValue **in, int n_in, int n_out)
{
    IrNode *n = ir_node_new(g, op, "", in, n_in, n_out, SPAN_NONE);
    n->schema = opschema_find(op, "", g->model->opset, NULL);
    return n;
}

/* A float tensor of DIMS with values start, start + step, ... */
static IrTensor *ramp(Fixture *f, int rank, const int64_t *dims, float start, float step)
{
    IrTensor *t = ir_tensor_new(&f->arena, DT_FLOAT, rank, dims);
    for (int64_t i = 0; i < ir_tensor_numel(t); i++)
        ((float *)t->data)[i] = start + step * (float)(i % 7) - 0.1f * (float)(i % 3);
    return t;
}

static IrValue *constant(Fixture *f, IrTensor *t)
{
    return ir_add_initializer(f->g, "c", t, SPAN_NONE);
}

static IrValue *scalar_f(Fixture *f, float v)
{
    return constant(f, ir_tensor_scalar_f32(&f->arena, v));
}

static IrValue *ints(Fixture *f, int n, const int64_t *v)
{
    int64_t d = n;
    IrTensor *t = ir_tensor_new(&f->arena, DT_INT64, 1, &d);
    memcpy(t->data, v, sizeof(int64_t) * (size_t)n);
    return constant(f, t);
}

/* An input of static shape DIMS, fed with a ramp. */
static IrValue *input(Fixture *f, const char *name, int rank, const int64_t *dims)
{
    Dim d[8];
    for (int i = 0; i < rank; i++)
        d[i] = dim_known(dims[i]);
    IrValue *v = ir_add_input(f->g, name, ir_type_tensor(&f->arena, DT_FLOAT, rank, d), SPAN_NONE);
    f->inputs[f->n_inputs++] = eval_tensor_borrow(ramp(f, rank, dims, -1.0f, 0.37f));
    return v;
}

static int count_op(const IrGraph *g, const char *op)
{
    int n = 0;
    for (int i = 0; i < g->nodes.len; i++) {
        const IrNode *node = g->nodes.items[i];
        n += strcmp(node->op_type, op) == 0;
        for (int k = 0; k < node->n_attrs; k++)
            if (node->attrs[k].kind == IR_ATTR_GRAPH && node->attrs[k].g)
                n += count_op(node->attrs[k].g, op);
    }
    return n;
}

static bool run(Fixture *f, EvalValue **out)
{
    Evaluator ev;
    eval_init(&ev, 0);
    EvalStatus st = eval_graph(&ev, f->g, f->inputs, out);
    if (st != EVAL_OK)
        printf("# eval: %s\n", eval_error(&ev));
    eval_free(&ev);
    return st == EVAL_OK;
}

/* Evaluates, optimizes with UNROLL, evaluates again: the outputs agree. */
static bool optimize_and_compare(Fixture *f, int unroll)
{
    int n_out = f->g->outputs.len;
    EvalValue *before[8] = {NULL}, *after[8] = {NULL};
    infer(f, f->g);
    bool ok = run(f, before);
    OptOptions o = opt_defaults();
    o.unroll_limit = unroll;
    opt_run(&f->c, f->model, &o);
    ok = ok && run(f, after);
    for (int i = 0; ok && i < n_out; i++) {
        char *why = NULL;
        ok = eval_values_close(&f->arena, after[i], before[i], 1e-5, 1e-6, &why);
        if (!ok)
            printf("# output %d: %s\n", i, why ? why : "differs");
    }
    for (int i = 0; i < n_out; i++) {
        eval_release(before[i]);
        eval_release(after[i]);
    }
    return ok;
}

static void fixture_free(Fixture *f)
{
    for (int i = 0; i < f->n_inputs; i++)
        eval_release(f->inputs[i]);
    arena_free(&f->arena);
    compiler_free(&f->c);
}

/* ---- simplify ---- */

static void test_simplify(void)
{
    Fixture f;
    fixture_init(&f, 17);
    int64_t xd[3] = {2, 3, 4};
    IrValue *x = input(&f, "x", 3, xd);
    IrNode *id = node(f.g, "Identity", &x, 1, 1);
    IrNode *t1 = node(f.g, "Transpose", id->outputs, 1, 1);
    ir_set_attr_ints(t1, "perm", (int64_t[]){2, 0, 1}, 3);
    IrNode *t2 = node(f.g, "Transpose", t1->outputs, 1, 1);
    ir_set_attr_ints(t2, "perm", (int64_t[]){1, 2, 0}, 3);
    IrNode *c1 = node(f.g, "Cast", t2->outputs, 1, 1);
    ir_set_attr_int(c1, "to", DT_DOUBLE);
    IrNode *c2 = node(f.g, "Cast", c1->outputs, 1, 1);
    ir_set_attr_int(c2, "to", DT_FLOAT);
    IrNode *mul = node(f.g, "Mul", (IrValue *[]){c2->outputs[0], scalar_f(&f, 1.0f)}, 2, 1);
    IrNode *un = node(f.g, "Unsqueeze", (IrValue *[]){mul->outputs[0], ints(&f, 1, (int64_t[]){0})}, 2, 1);
    IrNode *sq = node(f.g, "Squeeze", (IrValue *[]){un->outputs[0], ints(&f, 1, (int64_t[]){0})}, 2, 1);
    IrNode *r1 = node(f.g, "Reshape", (IrValue *[]){sq->outputs[0], ints(&f, 2, (int64_t[]){6, 4})}, 2, 1);
    IrNode *r2 = node(f.g, "Reshape", (IrValue *[]){r1->outputs[0], ints(&f, 2, (int64_t[]){4, -1})}, 2, 1);
    IrNode *relu = node(f.g, "Relu", r2->outputs, 1, 1);
    ir_add_output(f.g, relu->outputs[0]);
    IrNode *out_id = node(f.g, "Identity", relu->outputs, 1, 1);
    ir_add_output(f.g, out_id->outputs[0]);
    check(optimize_and_compare(&f, 16), "simplify: the graph computes the same values");
    check(f.g->nodes.len == 3 && count_op(f.g, "Reshape") == 1 && count_op(f.g, "Relu") == 1 &&
          count_op(f.g, "Identity") == 1,
          "simplify: identities, transpose, cast and squeeze pairs, no-op Mul and reshape chains go "
          "(an Identity between two outputs stays)");
    fixture_free(&f);
}

/* ---- CSE ---- */

static void test_cse(void)
{
    Fixture f;
    fixture_init(&f, 17);
    int64_t xd[2] = {3, 5};
    IrValue *x = input(&f, "x", 2, xd);
    IrNode *a = node(f.g, "Add", (IrValue *[]){x, scalar_f(&f, 2.0f)}, 2, 1);
    IrNode *b = node(f.g, "Add", (IrValue *[]){x, scalar_f(&f, 2.0f)}, 2, 1);
    IrNode *c = node(f.g, "Add", (IrValue *[]){x, scalar_f(&f, 3.0f)}, 2, 1);
    IrNode *sa = node(f.g, "Softmax", a->outputs, 1, 1);
    IrNode *sb = node(f.g, "Softmax", b->outputs, 1, 1);
    ir_set_attr_int(sb, "axis", -1);
    IrNode *sum = node(f.g, "Sum", (IrValue *[]){sa->outputs[0], sb->outputs[0], c->outputs[0]}, 3, 1);
    ir_add_output(f.g, sum->outputs[0]);
    ir_add_output(f.g, b->outputs[0]);
    check(optimize_and_compare(&f, 16), "cse: the graph computes the same values");
    check(count_op(f.g, "Add") == 2 && count_op(f.g, "Softmax") == 1,
          "cse: equal constants make equal inputs; a default attribute written out is the same");
    fixture_free(&f);
}

/* ---- fusion ---- */

static IrNode *conv_bn(Fixture *f, IrValue *x, const char *conv_op, int64_t group)
{
    int64_t wd[4] = {conv_op[4] ? 4 : 6, conv_op[4] ? 6 / group : 4 / group, 3, 3}, cd[1] = {6};
    IrNode *conv = node(f->g, conv_op, (IrValue *[]){x, constant(f, ramp(f, 4, wd, -0.3f, 0.05f)),
                                                       constant(f, ramp(f, 1, cd, 0.1f, 0.2f))}, 3, 1);
    ir_set_attr_int(conv, "group", group);
    ir_set_attr_ints(conv, "kernel_shape", (int64_t[]){3, 3}, 2);
    IrValue *p[4] = {constant(f, ramp(f, 1, cd, 0.5f, 0.1f)), constant(f, ramp(f, 1, cd, -0.2f, 0.1f)),
                     constant(f, ramp(f, 1, cd, -0.5f, 0.2f)), constant(f, ramp(f, 1, cd, 0.5f, 0.3f))};
    return node(f->g, "BatchNormalization", (IrValue *[]){conv->outputs[0], p[0], p[1], p[2], p[3]}, 5, 1);
}

static void test_conv_bn(void)
{
    Fixture f;
    fixture_init(&f, 13);
    int64_t xd[4] = {2, 4, 7, 7};
    IrValue *x = input(&f, "x", 4, xd);
    IrNode *a = conv_bn(&f, x, "Conv", 2);
    IrNode *b = conv_bn(&f, x, "ConvTranspose", 2);
    ir_add_output(f.g, a->outputs[0]);
    ir_add_output(f.g, b->outputs[0]);
    check(optimize_and_compare(&f, 16), "conv+bn: the folded convolutions compute the same values");
    check(f.g->nodes.len == 2 && count_op(f.g, "BatchNormalization") == 0,
          "conv+bn: grouped Conv and ConvTranspose absorb their BatchNormalization");
    fixture_free(&f);
}

static void test_gemm(void)
{
    Fixture f;
    fixture_init(&f, 13);
    int64_t xd[2] = {3, 5}, wd[2] = {4, 5}, bd[1] = {4};
    IrValue *x = input(&f, "x", 2, xd);
    IrNode *t = node(f.g, "Transpose", (IrValue *[]){constant(&f, ramp(&f, 2, wd, -1, 0.3f))}, 1, 1);
    IrNode *mm = node(f.g, "MatMul", (IrValue *[]){x, t->outputs[0]}, 2, 1);
    IrNode *add = node(f.g, "Add", (IrValue *[]){constant(&f, ramp(&f, 1, bd, 1, 1)), mm->outputs[0]}, 2, 1);
    ir_add_output(f.g, add->outputs[0]);
    check(optimize_and_compare(&f, 16), "gemm: the same values");
    check(f.g->nodes.len == 1 && count_op(f.g, "Gemm") == 1, "gemm: MatMul(x, w.T) + b is one Gemm");
    fixture_free(&f);
}

/* u = mean(x), d = x - u, y = d / sqrt(mean(d * d) + eps) * g + b */
static void test_layer_norm(void)
{
    Fixture f;
    fixture_init(&f, 17);
    int64_t xd[3] = {2, 3, 8}, nd[1] = {8};
    IrValue *x = input(&f, "x", 3, xd);
    IrNode *m = node(f.g, "ReduceMean", &x, 1, 1);
    ir_set_attr_ints(m, "axes", (int64_t[]){-1}, 1);
    IrNode *d = node(f.g, "Sub", (IrValue *[]){x, m->outputs[0]}, 2, 1);
    IrNode *sq = node(f.g, "Mul", (IrValue *[]){d->outputs[0], d->outputs[0]}, 2, 1);
    IrNode *v = node(f.g, "ReduceMean", sq->outputs, 1, 1);
    ir_set_attr_ints(v, "axes", (int64_t[]){2}, 1);
    IrNode *e = node(f.g, "Add", (IrValue *[]){v->outputs[0], scalar_f(&f, 1e-5f)}, 2, 1);
    IrNode *s = node(f.g, "Sqrt", e->outputs, 1, 1);
    IrNode *y = node(f.g, "Div", (IrValue *[]){d->outputs[0], s->outputs[0]}, 2, 1);
    IrNode *g = node(f.g, "Mul", (IrValue *[]){y->outputs[0], constant(&f, ramp(&f, 1, nd, 0.5f, 0.2f))}, 2, 1);
    IrNode *b = node(f.g, "Add", (IrValue *[]){constant(&f, ramp(&f, 1, nd, -0.5f, 0.1f)), g->outputs[0]}, 2, 1);
    ir_add_output(f.g, b->outputs[0]);
    check(optimize_and_compare(&f, 16), "layer norm: the same values");
    check(f.g->nodes.len == 1 && count_op(f.g, "LayerNormalization") == 1,
          "layer norm: the hand-written form is one LayerNormalization at opset 17");
    fixture_free(&f);
}

static void test_gelu(void)
{
    Fixture f;
    fixture_init(&f, 20);
    int64_t xd[2] = {4, 6};
    IrValue *x = input(&f, "x", 2, xd);
    /* x * 0.5 * (1 + erf(x / sqrt(2))) */
    IrNode *h = node(f.g, "Mul", (IrValue *[]){x, scalar_f(&f, 0.5f)}, 2, 1);
    IrNode *dv = node(f.g, "Div", (IrValue *[]){x, scalar_f(&f, 1.41421356f)}, 2, 1);
    IrNode *er = node(f.g, "Erf", dv->outputs, 1, 1);
    IrNode *one = node(f.g, "Add", (IrValue *[]){scalar_f(&f, 1.0f), er->outputs[0]}, 2, 1);
    IrNode *g1 = node(f.g, "Mul", (IrValue *[]){h->outputs[0], one->outputs[0]}, 2, 1);
    /* 0.5 * y * (1 + tanh(sqrt(2/pi) * (y + 0.044715 * y * y * y))) */
    IrValue *y = g1->outputs[0];
    IrNode *y2 = node(f.g, "Mul", (IrValue *[]){y, y}, 2, 1);
    IrNode *y3 = node(f.g, "Mul", (IrValue *[]){y2->outputs[0], y}, 2, 1);
    IrNode *k = node(f.g, "Mul", (IrValue *[]){scalar_f(&f, 0.044715f), y3->outputs[0]}, 2, 1);
    IrNode *in = node(f.g, "Add", (IrValue *[]){y, k->outputs[0]}, 2, 1);
    IrNode *sc = node(f.g, "Mul", (IrValue *[]){in->outputs[0], scalar_f(&f, 0.7978845608f)}, 2, 1);
    IrNode *th = node(f.g, "Tanh", sc->outputs, 1, 1);
    IrNode *p1 = node(f.g, "Add", (IrValue *[]){th->outputs[0], scalar_f(&f, 1.0f)}, 2, 1);
    IrNode *hy = node(f.g, "Mul", (IrValue *[]){scalar_f(&f, 0.5f), y}, 2, 1);
    IrNode *g2 = node(f.g, "Mul", (IrValue *[]){hy->outputs[0], p1->outputs[0]}, 2, 1);
    ir_add_output(f.g, g2->outputs[0]);
    check(optimize_and_compare(&f, 16), "gelu: the same values");
    check(f.g->nodes.len == 2 && count_op(f.g, "Gelu") == 2, "gelu: the erf and tanh forms are Gelu at opset 20");
    fixture_free(&f);
}

/* ---- Loops ---- */

/* Loop(M, true, acc) { acc = acc * 0.5 + i; scan acc } with M constant. */
static IrNode *constant_loop(Fixture *f, int64_t m, IrValue *x)
{
    IrGraph *body = ir_graph_new(f->model, f->g, "body");
    IrValue *i = ir_add_input(body, "i", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrValue *c = ir_add_input(body, "c", ir_type_scalar(DT_BOOL), SPAN_NONE);
    IrValue *acc = ir_add_input(body, "acc", x->type, SPAN_NONE);
    IrNode *fi = node(body, "Cast", &i, 1, 1);
    ir_set_attr_int(fi, "to", DT_FLOAT);
    IrNode *half = node(body, "Mul", (IrValue *[]){acc, scalar_f(f, 0.5f)}, 2, 1);
    IrNode *add = node(body, "Add", (IrValue *[]){half->outputs[0], fi->outputs[0]}, 2, 1);
    IrNode *outer = node(body, "Add", (IrValue *[]){add->outputs[0], x}, 2, 1);   /* reads the outer x */
    ir_add_output(body, c);
    ir_add_output(body, outer->outputs[0]);
    ir_add_output(body, add->outputs[0]);
    IrTensor *mt = ir_tensor_scalar_i64(&f->arena, m);
    IrTensor *ct = ir_tensor_new(&f->arena, DT_BOOL, 0, NULL);
    ((uint8_t *)ct->data)[0] = 1;
    IrNode *loop = ir_node_new(f->g, "Loop", "", (IrValue *[]){constant(f, mt), constant(f, ct), x}, 3, 2,
                               SPAN_NONE);
    loop->schema = opschema_find("Loop", "", 17, NULL);
    ir_set_attr_graph(loop, "body", body);
    loop->outputs[0]->type = x->type;
    Dim d[3] = {dim_known(m), x->type.dims[0], x->type.dims[1]};
    loop->outputs[1]->type = ir_type_tensor(&f->arena, DT_FLOAT, 3, d);
    return loop;
}

static void test_unroll(int64_t m, int limit, bool unrolled)
{
    Fixture f;
    fixture_init(&f, 17);
    int64_t xd[2] = {2, 3};
    IrValue *x = input(&f, "x", 2, xd);
    IrNode *loop = constant_loop(&f, m, x);
    ir_add_output(f.g, loop->outputs[0]);
    ir_add_output(f.g, loop->outputs[1]);
    char what[128];
    snprintf(what, sizeof what, "unroll: trip count %lld, limit %d: the same values", (long long)m, limit);
    check(optimize_and_compare(&f, limit), what);
    snprintf(what, sizeof what, "unroll: trip count %lld, limit %d: %s", (long long)m, limit,
             unrolled ? "no Loop left, one Concat of the scans" : "the Loop stays");
    check(unrolled ? count_op(f.g, "Loop") == 0 && count_op(f.g, "Concat") == (m > 1) &&
                     count_op(f.g, "Add") == 2 * m
                   : count_op(f.g, "Loop") == 1, what);
    fixture_free(&f);
}

/* ---- ir_model_same_function (ir/same.c), which compare trusts ---- */

/* What build_same changes in its second model. */
typedef enum SameChange {
    SAME_NOTHING, SAME_ATTR, SAME_WEIGHT_BYTE, SAME_INPUT_SIZE, SAME_WIRING, SAME_RANDOM,
} SameChange;

/* x[N,4] -> MatMul(w) -> Add(b) -> LeakyRelu -> output, or with CHANGE. */
static void build_same(Fixture *f, SameChange change)
{
    fixture_init(f, 17);
    Dim d[2] = {dim_sym(symdim_named(&f->c.arena, &f->c.names, "N")),
                dim_known(change == SAME_INPUT_SIZE ? 5 : 4)};
    IrValue *x = ir_add_input(f->g, "x", ir_type_tensor(&f->arena, DT_FLOAT, 2, d), SPAN_NONE);
    IrTensor *wt = ramp(f, 2, (int64_t[]){4, 3}, 0.5f, 0.25f);
    if (change == SAME_WEIGHT_BYTE)
        ((unsigned char *)wt->data)[5] ^= 1;
    IrValue *w = constant(f, wt);
    IrNode *mm = node(f->g, "MatMul", (IrValue *[]){x, w}, 2, 1);
    IrValue *b = constant(f, ramp(f, 1, (int64_t[]){3}, -0.5f, 0.125f));
    IrNode *add = node(f->g, "Add", change == SAME_WIRING ? (IrValue *[]){b, mm->outputs[0]}
                                                         : (IrValue *[]){mm->outputs[0], b}, 2, 1);
    IrNode *act = node(f->g, change == SAME_RANDOM ? "Dropout" : "LeakyRelu", &add->outputs[0], 1, 1);
    if (change != SAME_RANDOM)
        ir_set_attr_float(act, "alpha", change == SAME_ATTR ? 0.2f : 0.1f);
    infer(f, f->g);
    ir_add_output(f->g, act->outputs[0]);
}

static void test_same_function(void)
{
    static const struct { SameChange change; const char *what; } cases[] = {
        {SAME_NOTHING, "same function: two compilations of one graph are the same"},
        {SAME_ATTR, "same function: an attribute's value differs"},
        {SAME_WEIGHT_BYTE, "same function: one byte of a weight differs"},
        {SAME_INPUT_SIZE, "same function: an input's size differs"},
        {SAME_WIRING, "same function: a node's inputs are swapped"},
        {SAME_RANDOM, "same function: random operators are never the same"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Fixture a, b;
        build_same(&a, cases[i].change == SAME_RANDOM ? SAME_RANDOM : SAME_NOTHING);
        build_same(&b, cases[i].change);
        bool same = ir_model_same_function(a.model, b.model);
        check(same == (cases[i].change == SAME_NOTHING), cases[i].what);
        fixture_free(&a);
        fixture_free(&b);
    }
}

int main(void)
{
    test_same_function();
    test_simplify();
    test_cse();
    test_conv_bn();
    test_gemm();
    test_layer_norm();
    test_gelu();
    test_unroll(3, 16, true);
    test_unroll(1, 1, true);
    test_unroll(5, 4, false);
    printf("1..%d\n", n_tests);
    return n_failed ? 1 : 0;
}
