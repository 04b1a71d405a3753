/* eval/ through its C interface, as the compiler will use it: graphs built
 * with the ir/ API and evaluated in memory, single nodes on constant inputs
 * (constant folding), Loop bodies reading outer values, the node hook,
 * errors, coverage of the operator table, and the packaged BLAS against
 * the built-in kernels.  Prints TAP. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "eval/gemm.h"
#include "eval/ops.h"
#include "ir/opschema.h"

static int n_tests, n_failed;

static void check(bool ok, const char *what)
{
    n_tests++;
    n_failed += !ok;
    printf("%s %d - %s\n", ok ? "ok" : "not ok", n_tests, what);
}

typedef struct Fixture {
    Arena arena;
    Interner names;
    IrModel *model;
} Fixture;

static void fixture_init(Fixture *f, int opset)
{
    arena_init(&f->arena);
    intern_init(&f->names, &f->arena);
    f->model = ir_model_new(&f->arena, &f->names, opset);
}

static IrTensor *floats(Fixture *f, int rank, const int64_t *dims, const float *v)
{
    IrTensor *t = ir_tensor_new(&f->arena, DT_FLOAT, rank, dims);
    memcpy(t->data, v, t->nbytes);
    return t;
}

/* Sets the schema of N as a loaded or lowered node has it. */
static IrNode *node(IrGraph *g, const char *op, IrValue **in, int n_in, int n_out)
{
    IrNode *n = ir_node_new(g, op, "", in, n_in, n_out, SPAN_NONE);
    n->schema = opschema_find(op, "", g->model->opset, NULL);
    return n;
}

static bool values_are(const EvalValue *v, const float *want, int64_t n)
{
    if (!v || v->kind != EVAL_TENSOR || v->dtype != DT_FLOAT || v->numel != n)
        return false;
    for (int64_t i = 0; i < n; i++)
        if (((const float *)v->data)[i] != want[i])
            return false;
    return true;
}

/* Every operator of the schema table has a kernel. */
static void test_coverage(void)
{
    char missing[1024] = "";
    for (int i = 0; i < opschema_count(); i++) {
        const OpSchema *s = opschema_at(i);
        if (!*s->domain && !eval_find_op(s->name) && strlen(missing) < 900) {
            strcat(missing, " ");
            strcat(missing, s->name);
        }
    }
    check(!*missing, "every operator of the schema table has a kernel");
    if (*missing)
        printf("# missing:%s\n", missing);
}

static void count_nodes(void *ctx, const IrNode *n, EvalValue *const *outputs)
{
    (void)n;
    (void)outputs;
    (*(int *)ctx)++;
}

/* relu(x @ w) + b with w an initializer and b a Constant node. */
static void test_graph(void)
{
    Fixture f;
    fixture_init(&f, 17);
    IrGraph *g = f.model->graph;
    int64_t xd[2] = {2, 3}, wd[2] = {3, 2}, bd[1] = {2};
    IrValue *x = ir_add_input(g, "x", ir_type_tensor(&f.arena, DT_FLOAT, 2, NULL), SPAN_NONE);
    float wv[6] = {1, -1, 2, 0, 0, 1}, bv[2] = {0.5f, -0.5f};
    IrValue *w = ir_add_initializer(g, "w", floats(&f, 2, wd, wv), SPAN_NONE);
    IrNode *mm = node(g, "MatMul", (IrValue *[]){x, w}, 2, 1);
    IrNode *relu = node(g, "Relu", mm->outputs, 1, 1);
    IrNode *cst = node(g, "Constant", NULL, 0, 1);
    ir_set_attr_tensor(cst, "value", floats(&f, 1, bd, bv));
    IrNode *add = node(g, "Add", (IrValue *[]){relu->outputs[0], cst->outputs[0]}, 2, 1);
    ir_add_output(g, add->outputs[0]);

    float xv[6] = {1, 2, 3, -1, -2, -3};
    IrTensor *xt = floats(&f, 2, xd, xv);
    EvalValue *in = eval_tensor_borrow(xt), *out = NULL;
    Evaluator ev;
    eval_init(&ev, 0);
    int hooked = 0;
    ev.hook = count_nodes;
    ev.hook_ctx = &hooked;
    EvalStatus st = eval_graph(&ev, g, &in, &out);
    /* [1,2,3] @ w = [5, 2]; [-1,-2,-3] @ w = [-5, -2] */
    float want[4] = {5.5f, 1.5f, 0.5f, -0.5f};
    check(st == EVAL_OK && values_are(out, want, 4), "a graph built with ir/ evaluates in memory");
    check(hooked == 4, "the hook sees every node once");
    ev.hook = NULL;
    eval_release(out);
    out = NULL;
    st = eval_graph(&ev, g, &in, &out);
    check(st == EVAL_OK && values_are(out, want, 4), "a second run reuses the plan");
    eval_release(out);
    /* the graph changes between runs: a Neg appended as the new output */
    IrNode *neg = node(g, "Neg", add->outputs, 1, 1);
    g->outputs.items[0] = neg->outputs[0];
    out = NULL;
    st = eval_graph(&ev, g, &in, &out);
    float negated[4] = {-5.5f, -1.5f, -0.5f, 0.5f};
    check(st == EVAL_OK && values_are(out, negated, 4), "a changed graph is planned again");
    eval_release(out);
    eval_release(in);
    eval_free(&ev);
    arena_free(&f.arena);
}

/* A Reshape whose inputs are constants, as constant folding runs it. */
static void test_fold(void)
{
    Fixture f;
    fixture_init(&f, 13);
    IrGraph *g = f.model->graph;
    int64_t dd[1] = {6}, sd[1] = {2};
    IrValue *d = ir_add_input(g, "d", ir_type_unknown_rank(DT_FLOAT), SPAN_NONE);
    IrValue *s = ir_add_input(g, "s", ir_type_unknown_rank(DT_INT64), SPAN_NONE);
    IrNode *r = node(g, "Reshape", (IrValue *[]){d, s}, 2, 1);
    float dv[6] = {1, 2, 3, 4, 5, 6};
    IrTensor *st = ir_tensor_new(&f.arena, DT_INT64, 1, sd);
    ((int64_t *)st->data)[0] = 3;
    ((int64_t *)st->data)[1] = -1;
    EvalValue *in[2] = {eval_tensor_borrow(floats(&f, 1, dd, dv)), eval_tensor_borrow(st)};
    EvalValue *out[1];
    Evaluator ev;
    eval_init(&ev, 0);
    EvalStatus rc = eval_node(&ev, r, in, out);
    IrTensor *t = rc == EVAL_OK ? eval_to_ir_tensor(&f.arena, out[0]) : NULL;
    check(t && t->rank == 2 && t->dims[0] == 3 && t->dims[1] == 2 && ((float *)t->data)[5] == 6,
          "eval_node folds a node with constant inputs into an IrTensor");
    eval_release(out[0]);
    ((int64_t *)st->data)[1] = 4;
    rc = eval_node(&ev, r, in, out);
    check(rc == EVAL_ERROR && strstr(eval_error(&ev), "(Reshape): cannot reshape 6 elements to 12") &&
          eval_error_node(&ev) == r, "a failing node reports itself");
    eval_release(in[0]);
    eval_release(in[1]);
    eval_free(&ev);
    arena_free(&f.arena);
}

/* Loop: acc = acc + x, M times, x read from the enclosing graph. */
static void test_loop(void)
{
    Fixture f;
    fixture_init(&f, 17);
    IrGraph *g = f.model->graph;
    IrValue *x = ir_add_input(g, "x", ir_type_tensor(&f.arena, DT_FLOAT, 1, NULL), SPAN_NONE);
    IrValue *m = ir_add_input(g, "m", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrValue *init = ir_add_input(g, "init", ir_type_tensor(&f.arena, DT_FLOAT, 1, NULL), SPAN_NONE);
    IrGraph *body = ir_graph_new(f.model, g, "body");
    ir_add_input(body, "i", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrValue *c = ir_add_input(body, "c", ir_type_scalar(DT_BOOL), SPAN_NONE);
    IrValue *acc = ir_add_input(body, "acc", ir_type_tensor(&f.arena, DT_FLOAT, 1, NULL), SPAN_NONE);
    IrNode *add = node(body, "Add", (IrValue *[]){acc, x}, 2, 1);
    ir_add_output(body, c);
    ir_add_output(body, add->outputs[0]);
    IrNode *loop = node(g, "Loop", (IrValue *[]){m, NULL, init}, 3, 1);
    ir_set_attr_graph(loop, "body", body);
    ir_add_output(g, loop->outputs[0]);

    Arena *a = &f.arena;
    int64_t one = 1;
    float xv = 1.5f, iv = 10.0f;
    IrTensor *mt = ir_tensor_scalar_i64(a, 4);
    EvalValue *in[3] = {eval_tensor_borrow(floats(&f, 1, &one, &xv)), eval_tensor_borrow(mt),
                        eval_tensor_borrow(floats(&f, 1, &one, &iv))};
    EvalValue *out = NULL;
    Evaluator ev;
    eval_init(&ev, 0);
    float want = 16.0f;
    check(eval_graph(&ev, g, in, &out) == EVAL_OK && values_are(out, &want, 1),
          "a Loop body reads a value of the enclosing graph");
    eval_release(out);
    for (int k = 0; k < 3; k++)
        eval_release(in[k]);
    eval_free(&ev);
    arena_free(&f.arena);
}

/* Operators of other domains and values the graph lacks are reported. */
static void test_errors(void)
{
    Fixture f;
    fixture_init(&f, 17);
    IrGraph *g = f.model->graph;
    IrValue *x = ir_add_input(g, "x", ir_type_unknown_rank(DT_FLOAT), SPAN_NONE);
    IrNode *n = ir_node_new(g, "Frob", "com.example", &x, 1, 1, SPAN_NONE);
    ir_add_output(g, n->outputs[0]);
    Evaluator ev;
    eval_init(&ev, 0);
    EvalValue *out = NULL, *in = NULL;
    check(!eval_supports(n), "eval_supports is false for another domain");
    check(eval_graph(&ev, g, &in, &out) == EVAL_ERROR && strstr(eval_error(&ev), "no value for input 'x'"),
          "a missing graph input is an error");
    float v = 1;
    int64_t one = 1;
    in = eval_tensor_borrow(floats(&f, 1, &one, &v));
    check(eval_graph(&ev, g, &in, &out) == EVAL_UNSUPPORTED && out == NULL &&
          strstr(eval_error(&ev), "operator domain 'com.example' is not supported"),
          "an operator of another domain is unsupported");
    eval_release(in);
    eval_free(&ev);
    arena_free(&f.arena);
}

/* Largest |x - y| / (1 + |y|) over N elements. */
static double worst_error(const float *x, const float *y, int64_t n)
{
    double worst = 0;
    for (int64_t i = 0; i < n; i++) {
        double e = fabs((double)x[i] - (double)y[i]) / (1 + fabs((double)y[i]));
        worst = e > worst || isnan(e) ? e : worst;
    }
    return worst;
}

/* One product through the BLAS and through the built-in kernels, A
 * (M x K) and B (K x N) plain or transposed, C with a wider row stride and
 * accumulated into; both must agree to float rounding. */
static bool blas_agrees(const EvalBlas *blas, int64_t M, int64_t N, int64_t K, bool ta, bool tb)
{
    int64_t ldc = N + 3;
    float *A = malloc(sizeof(float) * (size_t)(M * K)), *B = malloc(sizeof(float) * (size_t)(K * N));
    float *C1 = malloc(sizeof(float) * (size_t)(M * ldc)), *C2 = malloc(sizeof(float) * (size_t)(M * ldc));
    uint32_t r = 12345;
    for (int64_t i = 0; i < M * K; i++)
        A[i] = (float)((r = r * 1103515245u + 12345u) >> 8) / (float)(1 << 24) - 0.5f;
    for (int64_t i = 0; i < K * N; i++)
        B[i] = (float)((r = r * 1103515245u + 12345u) >> 8) / (float)(1 << 24) - 0.5f;
    for (int64_t i = 0; i < M * ldc; i++)
        C1[i] = C2[i] = (float)(i % 7);
    int64_t ras = ta ? 1 : K, cas = ta ? M : 1, rbs = tb ? 1 : N, cbs = tb ? K : 1;
    bool used = eval_blas_sgemm(blas, M, N, K, A, ras, cas, B, rbs, cbs, C1, ldc, true);
    eval_sgemm(NULL, M, N, K, A, ras, cas, B, rbs, cbs, C2, ldc, true);
    bool ok = used && worst_error(C1, C2, M * ldc) < 1e-5;
    free(A), free(B), free(C1), free(C2);
    return ok;
}

static void test_blas(void)
{
    EvalBlas *blas = eval_blas_open();
    if (!blas) {
        printf("ok %d - # SKIP built without a BLAS (%s)\n", ++n_tests, eval_blas_name(NULL));
        return;
    }
    check(blas_agrees(blas, 70, 80, 90, false, false), "BLAS sgemm agrees with the built-in kernels");
    check(blas_agrees(blas, 65, 129, 33, true, false), "... A transposed");
    check(blas_agrees(blas, 128, 3, 700, false, true), "... B transposed");
    check(blas_agrees(blas, 5, 300, 301, true, true), "... both transposed");
    /* 2 to 16 columns: eval/gemm_skinny.c where the CPU has AVX2 and FMA */
    check(blas_agrees(blas, 300, 16, 517, false, false), "product of 16 columns agrees");
    check(blas_agrees(blas, 257, 9, 1000, false, false), "... 9 columns (a block of 8 and one)");
    check(blas_agrees(blas, 1100, 2, 131, false, true), "... 2 columns, B transposed");
    /* one column or one row: a matrix times a vector (*gemv) */
    check(blas_agrees(blas, 600, 1, 500, false, false), "BLAS product of one column agrees");
    check(blas_agrees(blas, 600, 1, 500, true, true), "... A transposed");
    check(blas_agrees(blas, 1, 700, 400, false, false), "BLAS product of one row agrees");
    check(blas_agrees(blas, 1, 700, 400, true, true), "... B transposed");
    float a[4] = {1, 2, 3, 4}, c[4] = {0};
    check(!eval_blas_sgemm(blas, 2, 2, 1, a, 1, 1, a, 1, 1, c, 2, false),
          "a small product is left to the built-in kernels");
    eval_blas_close(blas);
}

/* ---- fast paths against the general ones ---- */

/* Values v[i] = a small pattern with a few negatives and a NaN-free spread. */
static IrTensor *pattern(Fixture *f, int rank, const int64_t *dims, int seed)
{
    IrTensor *t = ir_tensor_new(&f->arena, DT_FLOAT, rank, dims);
    for (int64_t i = 0; i < ir_tensor_numel(t); i++)
        ((float *)t->data)[i] = (float)((i * 7 + seed * 13) % 23) / 8.0f - 1.25f;
    return t;
}

/* The fixture's graph, whose one node N is being built on input X: N's
 * first output made the graph's, the graph run; that output, or NULL. */
static EvalValue *run_node(IrGraph *g, IrNode *n, IrTensor *x)
{
    ir_add_output(g, n->outputs[0]);
    Evaluator ev;
    eval_init(&ev, 0);
    EvalValue *xin = eval_tensor_borrow(x), *out = NULL;
    EvalStatus st = eval_graph(&ev, g, &xin, &out);
    eval_release(xin);
    eval_free(&ev);
    if (st != EVAL_OK) {
        eval_release(out);
        return NULL;
    }
    return out;
}

/* One node OP on X (and constant W) with the integer attributes NAMES
 * (lists of COUNTS values, or one int where the count is 0); its first
 * output, or NULL. */
static EvalValue *run_one(Fixture *f, const char *op, IrTensor *x, IrTensor *w, const char *const *names,
                          const int64_t *const *values, const int *counts, int n_attrs)
{
    IrGraph *g = f->model->graph;
    g->inputs.len = g->outputs.len = g->nodes.len = g->initializers.len = 0;
    IrValue *xv = ir_add_input(g, "x", ir_type_tensor(&f->arena, DT_FLOAT, x->rank, NULL), SPAN_NONE);
    IrValue *in[2] = {xv, w ? ir_add_initializer(g, "w", w, SPAN_NONE) : NULL};
    IrNode *n = node(g, op, in, w ? 2 : 1, 1);
    for (int k = 0; k < n_attrs; k++) {
        if (counts[k])
            ir_set_attr_ints(n, names[k], values[k], counts[k]);
        else
            ir_set_attr_int(n, names[k], values[k][0]);
    }
    return run_node(g, n, x);
}

static bool floats_close(const float *a, const float *b, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (fabsf(a[i] - b[i]) > 1e-5f * (1.0f + fabsf(b[i])))
            return false;
    return true;
}

/* A batch of images in one product (eval/conv.c conv_run_batched) gives
 * each image what it gives alone: a 3x3 kernel with padding, strides and
 * dilations (patches), and a 1x1 kernel (the input itself). */
static void test_conv_batched(void)
{
    for (int pointwise = 0; pointwise < 2; pointwise++) {
        Fixture f;
        fixture_init(&f, 17);
        int64_t xd[4] = {3, 2, 7, 6}, wd[4] = {4, 2, pointwise ? 1 : 3, pointwise ? 1 : 3}, one[4] = {1, 2, 7, 6};
        IrTensor *x = pattern(&f, 4, xd, 1), *w = pattern(&f, 4, wd, 2);
        static const int64_t pads[4] = {1, 0, 1, 2}, strides[2] = {2, 1}, dil[2] = {1, 2};
        const char *names[3] = {"pads", "strides", "dilations"};
        const int64_t *values[3] = {pads, strides, dil};
        int counts[3] = {4, 2, 2}, n_attrs = pointwise ? 0 : 3;
        EvalValue *all = run_one(&f, "Conv", x, w, names, values, counts, n_attrs);
        bool ok = all && all->rank == 4 && all->dims[0] == 3;
        int64_t per_out = ok ? all->numel / 3 : 0, per_in = 2 * 7 * 6;
        for (int64_t n = 0; ok && n < 3; n++) {
            IrTensor *xn = ir_tensor_new(&f.arena, DT_FLOAT, 4, one);
            memcpy(xn->data, (float *)x->data + n * per_in, sizeof(float) * (size_t)per_in);
            EvalValue *alone = run_one(&f, "Conv", xn, w, names, values, counts, n_attrs);
            ok = alone && alone->numel == per_out &&
                 floats_close((const float *)all->data + n * per_out, alone->data, per_out);
            eval_release(alone);
        }
        check(ok, pointwise ? "... and with a 1x1 kernel"
                            : "a batch of images convolved in one product gives each image's own result");
        eval_release(all);
        arena_free(&f.arena);
    }
}

/* 2-D pooling of float32 (eval/pool.c pool_plane_2d_f32) gives what the general path
 * gives with a third axis of size 1. */
static void test_pool_2d(void)
{
    static const char *const ops[2] = {"MaxPool", "AveragePool"};
    for (int op = 0; op < 2; op++) {
        for (int include_pad = 0; include_pad < 2; include_pad++) {
            Fixture f;
            fixture_init(&f, 17);
            int64_t d2[4] = {2, 3, 7, 6}, d3[5] = {2, 3, 1, 7, 6};
            IrTensor *x2 = pattern(&f, 4, d2, 3), *x3 = ir_tensor_new(&f.arena, DT_FLOAT, 5, d3);
            float *xv = x2->data;
            if (include_pad) {      /* NaNs (the first in a window wins) and zeros of both signs */
                xv[8] = NAN, xv[9] = -NAN, xv[10] = -0.0f, xv[11] = 0.0f, xv[50] = -NAN;
                xv[60] = -0.0f, xv[61] = -0.0f, xv[100] = INFINITY, xv[101] = -INFINITY;
            }
            memcpy(x3->data, x2->data, x2->nbytes);
            static const int64_t k2[2] = {3, 2}, p2[4] = {1, 1, 1, 0}, s2[2] = {2, 2};
            static const int64_t k3[3] = {1, 3, 2}, p3[6] = {0, 1, 1, 0, 1, 0}, s3[3] = {1, 2, 2};
            int64_t ceil = 1, cip = include_pad;
            const char *names[5] = {"kernel_shape", "pads", "strides", "ceil_mode", "count_include_pad"};
            const int64_t *v2[5] = {k2, p2, s2, &ceil, &cip}, *v3[5] = {k3, p3, s3, &ceil, &cip};
            int c2[5] = {2, 4, 2, 0, 0}, c3[5] = {3, 6, 3, 0, 0};
            int n_attrs = op == 0 ? 4 : 5;
            EvalValue *a = run_one(&f, ops[op], x2, NULL, names, v2, c2, n_attrs);
            EvalValue *b = run_one(&f, ops[op], x3, NULL, names, v3, c3, n_attrs);
            bool ok = a && b && a->numel == b->numel && memcmp(a->data, b->data, sizeof(float) * (size_t)a->numel) == 0;
            char what[128];
            snprintf(what, sizeof what, "2-D %s%s gives the general path's values", ops[op],
                     op == 1 ? (include_pad ? " (count_include_pad, NaNs and zeros)" : " (padding not counted)")
                             : (include_pad ? " (NaNs, zeros of both signs)" : ""));
            check(ok, what);
            eval_release(a);
            eval_release(b);
            arena_free(&f.arena);
        }
    }
}

/* Relu of float32 (eval/unary.c relu_f32, four lanes at a time) keeps
 * -0.0, NaN and +-Inf as max(x, 0) in doubles would, at every position
 * of a length that is not a multiple of four. */
static void test_relu_f32(void)
{
    Fixture f;
    fixture_init(&f, 17);
    static const float special[] = {-0.0f, 0.0f, -1.5f, 2.5f, -INFINITY, INFINITY, NAN, -NAN, -1e-45f, 1e-45f, -3.0f};
    enum { LEN = 23 };
    int64_t dims[1] = {LEN};
    IrTensor *x = ir_tensor_new(&f.arena, DT_FLOAT, 1, dims);
    float *xv = x->data;
    for (int i = 0; i < LEN; i++)
        xv[i] = special[(i * 7) % (int)(sizeof special / sizeof special[0])];
    EvalValue *y = run_one(&f, "Relu", x, NULL, NULL, NULL, NULL, 0);
    bool ok = y && y->numel == LEN;
    for (int i = 0; ok && i < LEN; i++) {
        float want = xv[i] < 0 ? 0.0f : xv[i], got = ((const float *)y->data)[i];
        ok = memcmp(&want, &got, sizeof got) == 0;
    }
    check(ok, "float32 Relu keeps -0.0, NaN and infinities, zeroes negatives (23 elements)");
    eval_release(y);
    arena_free(&f.arena);
}

/* BatchNormalization of X (float32 or float64) with per-channel
 * parameters as initializers; its output, or NULL. */
static EvalValue *run_batchnorm(Fixture *f, DType dt, const float *xv, const int64_t *dims)
{
    IrGraph *g = f->model->graph;
    g->inputs.len = g->outputs.len = g->nodes.len = g->initializers.len = 0;
    IrTensor *x = ir_tensor_new(&f->arena, dt, 4, dims);
    for (int64_t i = 0; i < ir_tensor_numel(x); i++) {
        if (dt == DT_FLOAT)
            ((float *)x->data)[i] = xv[i];
        else
            ((double *)x->data)[i] = xv[i];
    }
    int64_t C = dims[1];
    static const float scale[3] = {1.5f, -0.7f, 2.0f}, bias[3] = {0.1f, 0.0f, -3.0f};
    static const float mean[3] = {0.25f, -1.0f, 0.3f}, var[3] = {0.9f, 2.5f, 0.01f};
    const float *params[4] = {scale, bias, mean, var};
    IrValue *in[5] = {ir_add_input(g, "x", ir_type_tensor(&f->arena, dt, 4, NULL), SPAN_NONE)};
    for (int k = 0; k < 4; k++) {
        char name[8];
        snprintf(name, sizeof name, "p%d", k);
        in[k + 1] = ir_add_initializer(g, name, floats(f, 1, &C, params[k]), SPAN_NONE);
    }
    IrNode *n = node(g, "BatchNormalization", in, 5, 1);
    return run_node(g, n, x);
}

/* Inference BatchNormalization of float32 (eval/norm.c batchnorm_f32, two
 * elements at a time) gives the general path's doubles rounded to float32,
 * at every position of planes of odd length. */
static void test_batchnorm_f32(void)
{
    Fixture f;
    fixture_init(&f, 17);
    int64_t dims[4] = {2, 3, 5, 3};
    IrTensor *pat = pattern(&f, 4, dims, 5);
    float *xv = pat->data;
    xv[3] = NAN, xv[7] = INFINITY, xv[8] = -0.0f, xv[20] = 1e30f;
    EvalValue *a = run_batchnorm(&f, DT_FLOAT, xv, dims), *b = run_batchnorm(&f, DT_DOUBLE, xv, dims);
    bool ok = a && b && a->numel == b->numel;
    for (int64_t i = 0; ok && i < a->numel; i++) {
        float want = (float)((const double *)b->data)[i], got = ((const float *)a->data)[i];
        ok = memcmp(&want, &got, sizeof got) == 0;
    }
    check(ok, "float32 BatchNormalization gives the general path's values (NaN, infinity, -0.0 included)");
    eval_release(a);
    eval_release(b);
    arena_free(&f.arena);
}

int main(void)
{
    test_coverage();
    test_graph();
    test_fold();
    test_loop();
    test_errors();
    test_blas();
    test_conv_batched();
    test_pool_2d();
    test_relu_f32();
    test_batchnorm_f32();
    printf("1..%d\n", n_tests);
    return n_failed ? 1 : 0;
}
