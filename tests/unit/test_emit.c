/* Unit test of emit/: builds small IrModels by hand through the ir/ API
 * (types set by hand, no shape inference), writes each as OUTDIR/NAME.onnx,
 * NAME.txt and NAME.dot, and checks the atomic-write failure modes.
 *
 *   test_emit OUTDIR
 *
 * Prints TAP lines without a plan: tests/emit.sh appends the checks its
 * Python half makes on the files (onnx.checker, numpy_helper, onnx.parser,
 * dot) and prints the plan. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit/emit.h"
#include "ir/ir.h"
#include "ir/symdim.h"
#include "support/context.h"

typedef struct Tap {
    int count, failed;
} Tap;

static void ok(Tap *t, bool cond, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void ok(Tap *t, bool cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("%sok %d - ", cond ? "" : "not ", ++t->count);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
    if (!cond)
        t->failed++;
    fflush(stdout);
}

/* The source every node's span points into. */
static const char model_source[] =
    "class Net(nn.Module):\n"
    "    def forward(self, x, cond):\n"
    "        t = x @ self.fc.weight\n"
    "        y = torch.relu(t + self.fc.bias)\n"
    "        if cond:\n"
    "            y = y + 1.0\n"
    "        else:\n"
    "            y = -y\n"
    "        for i in range(n):\n"
    "            a = a + self.step\n"
    "        return y\n";

typedef struct Fixture {
    Compiler *c;
    const SourceFile *file;
} Fixture;

/* The span of the first occurrence of NEEDLE in the source. */
static Span at(const Fixture *fx, const char *needle)
{
    const char *p = strstr(fx->file->text, needle);
    if (!p)
        return SPAN_NONE;
    uint32_t start = (uint32_t)(p - fx->file->text);
    return (Span){fx->file->id, start, start + (uint32_t)strlen(needle)};
}

static Dim sym(IrModel *m, const char *name)
{
    return dim_sym(symdim_named(m->arena, m->names, name));
}

static IrType tensor(IrModel *m, DType dt, int rank, const Dim *dims)
{
    return ir_type_tensor(m->arena, dt, rank, dims);
}

static IrTensor *data(IrModel *m, DType dt, int rank, const int64_t *dims, const void *bytes)
{
    IrTensor *t = ir_tensor_new(m->arena, dt, rank, dims);
    if (bytes)
        memcpy(t->data, bytes, t->nbytes);
    return t;
}

/* A node with one output of type TYPE named NAME. */
static IrValue *op1(IrGraph *g, const char *op, IrValue **in, int n_in, IrType type,
                    const char *name, Span span)
{
    IrNode *n = ir_node_new(g, op, "", in, n_in, 1, span);
    IrValue *v = n->outputs[0];
    v->type = type;
    if (name)
        v->name = ir_unique_value_name(g->model, name);
    return v;
}

/* y = Relu(x @ W + b): float initializers (names with dots), a symbolic
 * batch, doc_string and metadata. */
static IrModel *build_mlp(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    m->doc_string = "MatMul, Add and Relu";
    ir_model_add_metadata(m, "tsc2onnx.entry", "forward");
    ir_model_add_metadata(m, "tsc2onnx.mode", "script");
    IrGraph *g = m->graph;
    Dim xd[] = {sym(m, "N"), dim_known(3)}, yd[] = {sym(m, "N"), dim_known(4)};
    IrValue *x = ir_add_input(g, "x", tensor(m, DT_FLOAT, 2, xd), at(fx, "x"));
    float wv[12], bv[4] = {0.5f, -0.25f, 1e-3f, 100.0f};
    for (int i = 0; i < 12; i++)
        wv[i] = (float)i * 0.5f - 2.0f;
    IrValue *w = ir_add_initializer(g, "fc.weight", data(m, DT_FLOAT, 2, (int64_t[]){3, 4}, wv),
                                    at(fx, "self.fc.weight"));
    IrValue *b = ir_add_initializer(g, "fc.bias", data(m, DT_FLOAT, 1, (int64_t[]){4}, bv),
                                    at(fx, "self.fc.bias"));
    IrValue *t = op1(g, "MatMul", (IrValue *[]){x, w}, 2, tensor(m, DT_FLOAT, 2, yd), "t",
                     at(fx, "x @ self.fc.weight"));
    IrValue *s = op1(g, "Add", (IrValue *[]){t, b}, 2, tensor(m, DT_FLOAT, 2, yd), NULL,
                     at(fx, "t + self.fc.bias"));
    IrValue *y = op1(g, "Relu", &s, 1, tensor(m, DT_FLOAT, 2, yd), "y",
                     at(fx, "torch.relu(t + self.fc.bias)"));
    ir_add_output(g, y);
    return m;
}

/* Symbolic, expression, unknown and scalar dimensions; an intermediate of
 * unknown rank (onnx 1.12's checker wants shapes on the main graph's
 * inputs and outputs, so unknown rank appears only inside). */
static IrModel *build_symbolic(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrGraph *g = m->graph;
    Dim xd[] = {sym(m, "batch"), sym(m, "M")};
    Dim cd[] = {dim_add(m->arena, m->names, sym(m, "batch"), sym(m, "batch")), sym(m, "M")};
    Dim ud[] = {dim_unknown(), dim_known(5)};
    IrValue *x = ir_add_input(g, "x", tensor(m, DT_FLOAT, 2, xd), SPAN_NONE);
    IrValue *u = ir_add_input(g, "u", tensor(m, DT_FLOAT, 2, ud), SPAN_NONE);
    IrValue *shp = ir_add_input(g, "shp", tensor(m, DT_INT64, 1, (Dim[]){dim_known(3)}), SPAN_NONE);
    IrValue *s = ir_add_input(g, "s", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrNode *cat = ir_node_new(g, "Concat", "", (IrValue *[]){x, x}, 2, 1, SPAN_NONE);
    ir_set_attr_int(cat, "axis", 0);
    cat->outputs[0]->type = tensor(m, DT_FLOAT, 2, cd);
    ir_add_output(g, cat->outputs[0]);
    ir_add_output(g, op1(g, "Abs", &u, 1, tensor(m, DT_FLOAT, 2, ud), "u_abs", SPAN_NONE));
    IrValue *r = op1(g, "Reshape", (IrValue *[]){u, shp}, 2, ir_type_unknown_rank(DT_FLOAT),
                     "reshaped", SPAN_NONE);
    ir_add_output(g, op1(g, "Shape", &r, 1, tensor(m, DT_INT64, 1, (Dim[]){dim_unknown()}),
                         "r_shape", SPAN_NONE));
    ir_add_output(g, op1(g, "Neg", &s, 1, ir_type_scalar(DT_INT64), "s_neg", SPAN_NONE));
    return m;
}

/* Identity(init) for every initializer, so each one is also an output. */
static void outputs_of_initializers(IrGraph *g)
{
    int n = g->initializers.len;
    for (int i = 0; i < n; i++) {
        IrValue *v = g->initializers.items[i];
        char name[64];
        snprintf(name, sizeof name, "%s_out", v->name);
        ir_add_output(g, op1(g, "Identity", &v, 1, v->type, name, SPAN_NONE));
    }
}

/* Initializers of many element types, some the text form must elide. */
static void dtype_initializers(IrModel *m)
{
    IrGraph *g = m->graph;
    int64_t i64[] = {1, -2, INT64_MAX};
    uint8_t flags[] = {1, 0, 0, 1}, u8[] = {0, 7, 255};
    double f64[] = {0.1, -2.5, 1e300, 3.0};
    int32_t i32 = -7;
    uint16_t f16[] = {0x3c00, 0xc000};      /* 1.0, -2.0 */
    float big[300], odd[] = {1.0f, 0.0f, -0.0f};
    for (int i = 0; i < 300; i++)
        big[i] = (float)i / 8.0f;
    odd[1] = 1.0f / odd[1];                 /* inf */
    ir_add_initializer(g, "ints", data(m, DT_INT64, 1, (int64_t[]){3}, i64), SPAN_NONE);
    ir_add_initializer(g, "flags", data(m, DT_BOOL, 2, (int64_t[]){2, 2}, flags), SPAN_NONE);
    ir_add_initializer(g, "dbl", data(m, DT_DOUBLE, 2, (int64_t[]){2, 2}, f64), SPAN_NONE);
    ir_add_initializer(g, "scalar", data(m, DT_INT32, 0, NULL, &i32), SPAN_NONE);
    ir_add_initializer(g, "bytes", data(m, DT_UINT8, 1, (int64_t[]){3}, u8), SPAN_NONE);
    ir_add_initializer(g, "half", data(m, DT_FLOAT16, 1, (int64_t[]){2}, f16), SPAN_NONE);
    ir_add_initializer(g, "big", data(m, DT_FLOAT, 2, (int64_t[]){20, 15}, big), SPAN_NONE);
    ir_add_initializer(g, "odd", data(m, DT_FLOAT, 1, (int64_t[]){3}, odd), SPAN_NONE);
    ir_add_initializer(g, "empty", data(m, DT_FLOAT, 2, (int64_t[]){0, 3}, NULL), SPAN_NONE);
    IrTensor *words = ir_tensor_new(m->arena, DT_STRING, 1, (int64_t[]){2});
    words->strings[0] = "hello";
    words->strings[1] = "say \"hi\"";
    ir_add_initializer(g, "words", words, SPAN_NONE);
}

/* Constant nodes carrying every attribute kind but GRAPH. */
static void constant_attrs(IrModel *m)
{
    IrGraph *g = m->graph;
    IrNode *n;
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_float(n, "value_float", 2.5f);
    n->outputs[0]->type = ir_type_scalar(DT_FLOAT);
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_floats(n, "value_floats", (float[]){1.0f, -0.5f, 3.0f}, 3);
    n->outputs[0]->type = tensor(m, DT_FLOAT, 1, (Dim[]){dim_known(3)});
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_int(n, "value_int", -42);
    n->outputs[0]->type = ir_type_scalar(DT_INT64);
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_ints(n, "value_ints", (int64_t[]){4, 5}, 2);
    n->outputs[0]->type = tensor(m, DT_INT64, 1, (Dim[]){dim_known(2)});
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_string(n, "value_string", "abc");
    n->outputs[0]->type = ir_type_scalar(DT_STRING);
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_strings(n, "value_strings", (const char *[]){"p", "q"}, 2);
    n->outputs[0]->type = tensor(m, DT_STRING, 1, (Dim[]){dim_known(2)});
    ir_add_output(g, n->outputs[0]);
    n = ir_node_new(g, "Constant", "", NULL, 0, 1, SPAN_NONE);
    ir_set_attr_tensor(n, "value", data(m, DT_INT64, 1, (int64_t[]){2}, (int64_t[]){7, 8}));
    n->outputs[0]->type = tensor(m, DT_INT64, 1, (Dim[]){dim_known(2)});
    ir_add_output(g, n->outputs[0]);
}

/* int64, bool, double ... initializers; Constant attributes of all kinds;
 * an omitted optional input (Clip's min). */
static IrModel *build_dtypes(const Fixture *fx)
{
    (void)fx;
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrGraph *g = m->graph;
    dtype_initializers(m);
    outputs_of_initializers(g);
    constant_attrs(m);
    Dim xd[] = {sym(m, "N")};
    IrValue *x = ir_add_input(g, "x", tensor(m, DT_FLOAT, 1, xd), SPAN_NONE);
    IrValue *hi = ir_add_initializer(g, "hi", ir_tensor_scalar_f32(m->arena, 6.0f), SPAN_NONE);
    IrNode *clip = ir_node_new(g, "Clip", "", (IrValue *[]){x, NULL, hi}, 3, 1, SPAN_NONE);
    clip->outputs[0]->type = tensor(m, DT_FLOAT, 1, xd);
    ir_add_output(g, clip->outputs[0]);
    IrNode *lr = ir_node_new(g, "LeakyRelu", "", &x, 1, 1, SPAN_NONE);
    ir_set_attr_float(lr, "alpha", 0.125f);
    lr->outputs[0]->type = tensor(m, DT_FLOAT, 1, xd);
    ir_add_output(g, lr->outputs[0]);
    return m;
}

/* y = If(cond) then x + one else -x: both branches capture x, the then
 * branch also the outer initializer `one`. */
static IrModel *build_if(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrGraph *g = m->graph;
    Dim xd[] = {sym(m, "N"), dim_known(3)};
    IrValue *x = ir_add_input(g, "x", tensor(m, DT_FLOAT, 2, xd), at(fx, "x"));
    IrValue *cond = ir_add_input(g, "cond", ir_type_scalar(DT_BOOL), at(fx, "cond"));
    IrValue *one = ir_add_initializer(g, "one", ir_tensor_scalar_f32(m->arena, 1.0f), SPAN_NONE);
    IrGraph *then_g = ir_graph_new(m, g, "then_branch");
    ir_add_output(then_g, op1(then_g, "Add", (IrValue *[]){x, one}, 2, tensor(m, DT_FLOAT, 2, xd),
                              "y_then", at(fx, "y + 1.0")));
    IrGraph *else_g = ir_graph_new(m, g, "else_branch");
    ir_add_output(else_g, op1(else_g, "Neg", &x, 1, tensor(m, DT_FLOAT, 2, xd), "y_else",
                              at(fx, "-y")));
    IrNode *n = ir_node_new(g, "If", "", &cond, 1, 1, at(fx, "if cond:"));
    ir_set_attr_graph(n, "then_branch", then_g);
    ir_set_attr_graph(n, "else_branch", else_g);
    n->outputs[0]->type = tensor(m, DT_FLOAT, 2, xd);
    n->outputs[0]->name = ir_unique_value_name(m, "y");
    ir_add_output(g, n->outputs[0]);
    return m;
}

/* The body (iter, cond, a) -> (cond, a + step, a + step as a scan output). */
static IrGraph *loop_body(const Fixture *fx, IrModel *m, IrValue *step)
{
    Dim ad[] = {dim_known(3)};
    IrGraph *body = ir_graph_new(m, m->graph, "loop_body");
    ir_add_input(body, "iter", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrValue *c_in = ir_add_input(body, "cond_in", ir_type_scalar(DT_BOOL), SPAN_NONE);
    IrValue *a_in = ir_add_input(body, "a_in", tensor(m, DT_FLOAT, 1, ad), SPAN_NONE);
    IrValue *c_out = op1(body, "Identity", &c_in, 1, ir_type_scalar(DT_BOOL), "cond_out",
                         SPAN_NONE);
    IrValue *a_out = op1(body, "Add", (IrValue *[]){a_in, step}, 2, tensor(m, DT_FLOAT, 1, ad),
                         "a_out", at(fx, "a + self.step"));
    IrValue *scan = op1(body, "Identity", &a_out, 1, tensor(m, DT_FLOAT, 1, ad), "a_scan",
                        SPAN_NONE);
    ir_add_output(body, c_out);
    ir_add_output(body, a_out);
    ir_add_output(body, scan);
    return body;
}

/* Loop(n, cond, a0) with one carried value and one scan output. */
static IrModel *build_loop(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrGraph *g = m->graph;
    IrValue *trip = ir_add_input(g, "n", ir_type_scalar(DT_INT64), SPAN_NONE);
    IrValue *cond = ir_add_input(g, "keep_going", ir_type_scalar(DT_BOOL), SPAN_NONE);
    IrValue *a0 = ir_add_input(g, "a0", tensor(m, DT_FLOAT, 1, (Dim[]){dim_known(3)}), SPAN_NONE);
    float sv[] = {1.0f, 2.0f, 3.0f};
    IrValue *step = ir_add_initializer(g, "step", data(m, DT_FLOAT, 1, (int64_t[]){3}, sv),
                                       at(fx, "self.step"));
    IrNode *n = ir_node_new(g, "Loop", "", (IrValue *[]){trip, cond, a0}, 3, 2,
                            at(fx, "for i in range(n):"));
    ir_set_attr_graph(n, "body", loop_body(fx, m, step));
    n->outputs[0]->type = tensor(m, DT_FLOAT, 1, (Dim[]){dim_known(3)});
    n->outputs[0]->name = ir_unique_value_name(m, "a_final");
    n->outputs[1]->type = tensor(m, DT_FLOAT, 2, (Dim[]){dim_unknown(), dim_known(3)});
    n->outputs[1]->name = ir_unique_value_name(m, "a_all");
    ir_add_output(g, n->outputs[0]);
    ir_add_output(g, n->outputs[1]);
    return m;
}

static IrType *boxed(IrModel *m, IrType t)
{
    IrType *p = arena_alloc(m->arena, sizeof *p);
    *p = t;
    return p;
}

/* Sequence- and optional-typed values: a seq output, a seq intermediate,
 * an optional output. */
static IrModel *build_sequence(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrGraph *g = m->graph;
    Dim xd[] = {sym(m, "N"), dim_known(3)};
    IrType xt = tensor(m, DT_FLOAT, 2, xd);
    IrType st = {.kind = IR_TYPE_SEQUENCE, .elem = boxed(m, xt)};
    IrType ot = {.kind = IR_TYPE_OPTIONAL, .elem = boxed(m, xt)};
    IrValue *x = ir_add_input(g, "x", xt, SPAN_NONE);
    IrValue *s = op1(g, "SequenceConstruct", (IrValue *[]){x, x}, 2, st, "pair", SPAN_NONE);
    IrValue *s3 = op1(g, "SequenceInsert", (IrValue *[]){s, x}, 2, st, "triple", SPAN_NONE);
    IrValue *len = op1(g, "SequenceLength", &s3, 1, ir_type_scalar(DT_INT64), "count", SPAN_NONE);
    IrValue *o = op1(g, "Optional", &x, 1, ot, "maybe", SPAN_NONE);
    ir_add_output(g, s);
    ir_add_output(g, len);
    ir_add_output(g, o);
    return m;
}

/* An operator of a custom domain, imported with its own opset. */
static IrModel *build_custom(const Fixture *fx)
{
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    ir_model_add_opset(m, "com.example", 2);
    IrGraph *g = m->graph;
    IrValue *x = ir_add_input(g, "x", tensor(m, DT_FLOAT, 1, (Dim[]){sym(m, "N")}), SPAN_NONE);
    IrNode *n = ir_node_new(g, "Frobnicate", "com.example", &x, 1, 2, SPAN_NONE);
    ir_set_attr_string(n, "how", "gently");
    ir_set_attr_ints(n, "empty", NULL, 0);
    n->outputs[0]->type = tensor(m, DT_FLOAT, 1, (Dim[]){sym(m, "N")});
    ir_add_output(g, n->outputs[0]);
    /* output 1 keeps an unknown type: no value_info for it */
    ir_add_output(g, op1(g, "Relu", &n->outputs[1], 1, tensor(m, DT_FLOAT, 1, (Dim[]){sym(m, "N")}),
                         "relu_out", SPAN_NONE));
    return m;
}

/* Writes NAME.onnx, NAME.txt and NAME.dot into DIR. */
static void write_all(Tap *t, Fixture *fx, const char *dir, const char *name, IrModel *m)
{
    Diag *d = &fx->c->diag;
    int errors = d->nerrors;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.onnx", dir, name);
    ok(t, emit_onnx_file(m, &fx->c->sources, path, d) == 0, "%s: write .onnx", name);
    snprintf(path, sizeof path, "%s/%s.txt", dir, name);
    ok(t, emit_text_file(m, &fx->c->sources, path, d) == 0, "%s: write text", name);
    snprintf(path, sizeof path, "%s/%s.dot", dir, name);
    ok(t, emit_dot_file(m, &fx->c->sources, path, d) == 0, "%s: write dot", name);
    ok(t, d->nerrors == errors, "%s: nothing reported", name);
}

/* The one line reported through D since it was reset, read back. */
static const char *diag_text(Arena *a, Diag *d)
{
    long n = ftell(d->out);
    char *buf = arena_alloc(a, (size_t)(n > 0 ? n : 0) + 1);
    rewind(d->out);
    size_t got = fread(buf, 1, (size_t)(n > 0 ? n : 0), d->out);
    buf[got] = 0;
    rewind(d->out);
    if (ftruncate(fileno(d->out), 0) != 0)
        buf[0] = 0;
    d->nerrors = 0;
    return buf;
}

static bool one_line(const char *s)
{
    size_t n = strlen(s);
    return n > 0 && s[n - 1] == '\n' && !memchr(s, '\n', n - 1);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Whether DIR holds a temporary file left behind (".NAME.XXXXXX"). */
static bool leftover_temp(const char *dir)
{
    DIR *dp = opendir(dir);
    bool found = false;
    for (struct dirent *e; dp && (e = readdir(dp));)
        if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            found = true;
    if (dp)
        closedir(dp);
    return found;
}

/* A directory that does not exist, a directory as target, /dev/full. */
static void test_bad_targets(Tap *t, Fixture *fx, Diag *d, const char *dir, IrModel *m)
{
    Arena *a = &fx->c->arena;
    char *path = arena_sprintf(a, "%s/no/such/dir/x.onnx", dir);
    int rc = emit_onnx_file(m, &fx->c->sources, path, d);
    const char *msg = diag_text(a, d);
    ok(t, rc == EMIT_STATUS_IO && !exists(path), "missing directory: status 4, no file");
    ok(t, strcmp(msg, arena_sprintf(a, "tsc2onnx: error: cannot write '%s': %s\n", path,
                                    strerror(ENOENT))) == 0,
       "missing directory: one line naming file and reason");
    rc = emit_text_file(m, &fx->c->sources, dir, d);
    msg = diag_text(a, d);
    ok(t, rc == EMIT_STATUS_IO && one_line(msg) && strstr(msg, strerror(EISDIR)),
       "directory as target: one line, '%s'", strerror(EISDIR));
    if (!exists("/dev/full")) {
        printf("ok %d - # SKIP no /dev/full\n", ++t->count);
        return;
    }
    int (*writers[])(const IrModel *, const SourceMap *, const char *, Diag *) = {
        emit_onnx_file, emit_text_file, emit_dot_file};
    const char *names[] = {"onnx", "text", "dot"};
    for (int i = 0; i < 3; i++) {
        rc = writers[i](m, &fx->c->sources, "/dev/full", d);
        msg = diag_text(a, d);
        ok(t, rc == EMIT_STATUS_IO && one_line(msg) &&
                  strcmp(msg, arena_sprintf(a, "tsc2onnx: error: cannot write '/dev/full': %s\n",
                                            strerror(ENOSPC))) == 0,
           "/dev/full (%s): status 4, one line", names[i]);
    }
    ok(t, exists("/dev/full") && !leftover_temp(dir), "/dev/full: still a device, no temp file");
}

static bool file_is(const char *path, const char *want)
{
    char buf[64] = {0};
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
    if (f)
        fclose(f);
    return n == strlen(want) && memcmp(buf, want, n) == 0;
}

/* A write that fails half-way (file size limit) leaves the old file. */
static void test_no_clobber(Tap *t, Fixture *fx, Diag *d, const char *dir, IrModel *m)
{
    Arena *a = &fx->c->arena;
    const char *path = arena_sprintf(a, "%s/keep.onnx", dir);
    FILE *f = fopen(path, "wb");
    fputs("old", f);
    fclose(f);
    chmod(path, 0640);
    struct rlimit old, small;
    getrlimit(RLIMIT_FSIZE, &old);
    small = old;
    small.rlim_cur = 512;
    signal(SIGXFSZ, SIG_IGN);
    fflush(stdout);     /* nothing may be written to stdout under the limit */
    setrlimit(RLIMIT_FSIZE, &small);
    int rc = emit_onnx_file(m, &fx->c->sources, path, d);
    setrlimit(RLIMIT_FSIZE, &old);
    const char *msg = diag_text(a, d);
    ok(t, rc == EMIT_STATUS_IO && one_line(msg) && strstr(msg, strerror(EFBIG)),
       "failed write: status 4, one line, '%s'", strerror(EFBIG));
    ok(t, file_is(path, "old"), "failed write: existing file untouched");
    ok(t, !leftover_temp(dir), "failed write: temporary file removed");
    rc = emit_onnx_file(m, &fx->c->sources, path, d);
    struct stat st;
    ok(t, rc == 0 && stat(path, &st) == 0 && st.st_size > 512 && (st.st_mode & 0777) == 0640,
       "successful write replaces the file and keeps its mode");
    ok(t, !leftover_temp(dir), "successful write: no temporary file left");
}

/* The whole contents of PATH in the arena; *len is its size. */
static char *slurp(Arena *a, const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    *len = 0;
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = arena_alloc(a, (size_t)(n > 0 ? n : 0) + 1);
    *len = fread(buf, 1, (size_t)(n > 0 ? n : 0), f);
    fclose(f);
    return buf;
}

/* "-" writes to standard output the bytes a path gets. */
static void test_stdout(Tap *t, Fixture *fx, const char *dir, IrModel *m)
{
    Arena *a = &fx->c->arena;
    int (*writers[])(const IrModel *, const SourceMap *, const char *, Diag *) = {
        emit_onnx_file, emit_text_file, emit_dot_file};
    const char *names[] = {"onnx", "text", "dot"};
    for (int i = 0; i < 3; i++) {
        char *file = arena_sprintf(a, "%s/file.%s", dir, names[i]);
        char *piped = arena_sprintf(a, "%s/stdout.%s", dir, names[i]);
        int rc1 = writers[i](m, &fx->c->sources, file, &fx->c->diag);
        fflush(stdout);
        int saved = dup(1);
        FILE *f = fopen(piped, "wb");
        dup2(fileno(f), 1);
        int rc2 = writers[i](m, &fx->c->sources, "-", &fx->c->diag);
        fflush(stdout);
        dup2(saved, 1);
        close(saved);
        fclose(f);
        size_t n1, n2;
        char *b1 = slurp(a, file, &n1), *b2 = slurp(a, piped, &n2);
        ok(t, rc1 == 0 && rc2 == 0 && b1 && b2 && n1 == n2 && n1 > 0 && memcmp(b1, b2, n1) == 0,
           "'-' writes the same %s bytes to standard output", names[i]);
    }
}

/* A model over protobuf's 2 GiB limit cannot go to standard output (its
 * tensors need an external data file; to a file they go there by
 * themselves, which tests/export-big.sh checks) and the stream writer
 * refuses it with EFBIG, before anything is written.  The initializer is
 * an untouched mapping of /dev/zero: no RAM is used. */
static void test_too_large(Tap *t, Fixture *fx, Diag *d, const char *dir)
{
    size_t size = ((size_t)1 << 31) + 4096;
    int fd = open("/dev/zero", O_RDONLY);
    void *mem = fd >= 0 && sizeof(size_t) > 4
                    ? mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
    if (fd >= 0)
        close(fd);
    if (mem == MAP_FAILED) {
        printf("ok %d - # SKIP cannot map 2 GiB\n", ++t->count);
        return;
    }
    IrModel *m = ir_model_new(&fx->c->arena, &fx->c->names, 17);
    IrTensor *w = ir_tensor_new(m->arena, DT_UINT8, 1, (int64_t[]){0});
    w->dims[0] = (int64_t)size;
    w->data = mem;
    w->nbytes = size;
    IrValue *v = ir_add_initializer(m->graph, "huge", w, SPAN_NONE);
    ir_add_output(m->graph, op1(m->graph, "Identity", &v, 1, v->type, "out", SPAN_NONE));
    int rc = emit_onnx_file(m, &fx->c->sources, "-", d);
    const char *msg = diag_text(&fx->c->arena, d);
    FILE *sink = tmpfile();
    errno = 0;
    int rc2 = sink ? emit_onnx(m, &fx->c->sources, sink) : -1;
    int err2 = errno;
    long written = sink ? ftell(sink) : -1;
    if (sink)
        fclose(sink);
    munmap(mem, size);
    ok(t, rc == EMIT_STATUS_IO && one_line(msg) && strstr(msg, "2 GiB") && strstr(msg, "external data") &&
              !leftover_temp(dir),
       "over 2 GiB to standard output: refused with one line");
    ok(t, rc2 == EMIT_STATUS_IO && err2 == EFBIG && written == 0,
       "over 2 GiB: the stream writer refuses with EFBIG before writing");
}

static void test_failures(Tap *t, Fixture *fx, const char *outdir, IrModel *big)
{
    Arena *a = &fx->c->arena;
    char *dir = arena_sprintf(a, "%s/atomic", outdir);
    mkdir(dir, 0777);
    Diag d;
    diag_init(&d, &fx->c->sources, tmpfile());
    test_bad_targets(t, fx, &d, dir, big);
    test_no_clobber(t, fx, &d, dir, big);
    test_too_large(t, fx, &d, dir);
    test_stdout(t, fx, outdir, big);
    fclose(d.out);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_emit OUTDIR\n");
        return 2;
    }
    Tap t = {0};
    Compiler c;
    compiler_init(&c, stderr);
    Fixture fx = {.c = &c};
    fx.file = source_add(&c.arena, &c.sources, "model.py", model_source, sizeof model_source - 1);
    write_all(&t, &fx, argv[1], "mlp", build_mlp(&fx));
    write_all(&t, &fx, argv[1], "symbolic", build_symbolic(&fx));
    write_all(&t, &fx, argv[1], "dtypes", build_dtypes(&fx));
    write_all(&t, &fx, argv[1], "if", build_if(&fx));
    write_all(&t, &fx, argv[1], "loop", build_loop(&fx));
    write_all(&t, &fx, argv[1], "sequence", build_sequence(&fx));
    write_all(&t, &fx, argv[1], "custom", build_custom(&fx));
    test_failures(&t, &fx, argv[1], build_dtypes(&fx));
    compiler_free(&c);
    return t.failed ? 1 : 0;
}
