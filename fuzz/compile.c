/* Fuzz target: the whole pipeline on a model file, as `tsc2onnx FILE`
 * runs it: sema (the compile-time interpreter, the type check, lowering),
 * pruning, trace mode when asked (--trace), constant folding, then the
 * ONNX, text and dot emitters into /dev/null.
 *
 * The input is a model file.  As in the end-to-end cases (and the seeds,
 * which are those cases), whole-line comments give the command line:
 *
 *   # tsc2onnx: --opset N --entry NAME --arg NAME=VALUE --trace
 *   # tsc2onnx: --input NAME:DTYPE[DIMS] --dynamic NAME:AXIS[=SYMBOL]
 *   # example: NAME=VALUE NAME=VALUE       (the --example forms)
 *   # trace: yes                           (as --trace)
 *
 * Words are split at blanks; a word in single quotes loses them; other
 * options and malformed words are ignored.  The model cannot import files:
 * it lives in a directory that does not exist.  fuzz_limits() keeps each
 * run short. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "driver/driver.h"
#include "emit/emit.h"
#include "fuzz/fuzz.h"
#include "io/example.h"
#include "ir/symdim.h"
#include "sema/sema.h"

#define MODEL_PATH "/nonexistent-fuzz-dir/model.py"
#define MAX_WORDS 64

typedef struct Request {
    Compiler *c;
    CompileRequest req;
    InputSpec specs[MAX_WORDS];
    const char *args[MAX_WORDS];
    const char *examples[MAX_WORDS];    /* NAME=VALUE, for trace mode */
    int n_specs, n_args, n_examples;
    bool trace;
} Request;

static InputSpec *spec_find(Request *r, const char *name, size_t len)
{
    for (int i = 0; i < r->n_specs; i++)
        if (strlen(r->specs[i].name) == len && strncmp(r->specs[i].name, name, len) == 0)
            return &r->specs[i];
    return NULL;
}

static InputSpec *spec_for(Request *r, const char *name, size_t len)
{
    InputSpec *found = spec_find(r, name, len);
    if (found || r->n_specs == MAX_WORDS)
        return found;
    InputSpec *s = &r->specs[r->n_specs++];
    memset(s, 0, sizeof *s);
    s->name = arena_strndup(&r->c->arena, name, len);
    s->origin = "the fuzz input";
    return s;
}

/* NAME:DTYPE[D,D,...] with D an integer or a symbol name. */
static void input_option(Request *r, const char *w)
{
    const char *colon = strchr(w, ':'), *lb = strchr(w, '[');
    size_t n = strlen(w);
    if (!colon || !lb || lb < colon || colon == w || w[n - 1] != ']')
        return;
    DType dt = dtype_from_name(arena_strndup(&r->c->arena, colon + 1, (size_t)(lb - colon - 1)));
    if (dt == DT_UNDEFINED)
        return;
    Dim dims[16];
    int rank = 0;
    for (const char *p = lb + 1; *p != ']' && rank < 16;) {
        size_t len = strcspn(p, ",]");
        if (len == 0)
            return;
        if (isdigit((unsigned char)*p))
            dims[rank++] = dim_known(strtoll(p, NULL, 10) % 65536);
        else
            dims[rank++] = dim_sym(symdim_named(&r->c->arena, &r->c->names, arena_strndup(&r->c->arena, p, len)));
        p += len + (p[len] == ',');
    }
    InputSpec *s = spec_for(r, w, (size_t)(colon - w));
    if (s)
        s->type = ir_type_tensor(&r->c->arena, dt, rank, dims);
}

static void example_option(Request *r, const char *w)
{
    const char *eq = strchr(w, '=');
    if (!eq || eq == w || eq[1] == '@')
        return;
    ExampleValue ev;
    char *err;
    char *name = arena_strndup(&r->c->arena, w, (size_t)(eq - w));
    const char *value = eq + 1;
    /* the bench's integer and bool draws (randn(2,3):int64) are not --example
     * forms; only the shape and dtype matter here */
    if (strncmp(value, "randn(", 6) == 0 || strncmp(value, "rand(", 5) == 0)
        value = arena_sprintf(&r->c->arena, "zeros%s", strchr(value, '('));
    if (!example_parse_limited(&r->c->arena, "--example", name, value, 0, FUZZ_MAX_TENSOR_BYTES, &ev, &err) ||
        ev.tensor->rank > 16)
        return;
    InputSpec *s = spec_for(r, w, (size_t)(eq - w));
    if (!s)
        return;
    Dim dims[16];
    for (int i = 0; i < ev.tensor->rank; i++)
        dims[i] = dim_known(ev.tensor->dims[i]);
    s->type = ir_type_tensor(&r->c->arena, ev.tensor->dtype, ev.tensor->rank, dims);
    s->python_scalar = ev.python_scalar;
    if (r->n_examples < MAX_WORDS)
        r->examples[r->n_examples++] = arena_sprintf(&r->c->arena, "%s=%s", name, value);
}

/* NAME:AXIS[=SYMBOL] on an input that has a type. */
static void dynamic_option(Request *r, const char *w)
{
    const char *colon = strrchr(w, ':');
    if (!colon || colon == w)
        return;
    InputSpec *s = spec_find(r, w, (size_t)(colon - w));
    if (!s || s->type.rank == 0)
        return;
    long axis = strtol(colon + 1, NULL, 10);
    const char *eq = strchr(colon, '=');
    if (axis < 0 || axis >= s->type.rank || (eq && !eq[1]))
        return;
    const char *sym = eq ? eq + 1 : "N";
    s->type.dims[axis] = dim_sym(symdim_named(&r->c->arena, &r->c->names, sym));
}

static void option(Request *r, const char *opt, const char *value)
{
    if (strcmp(opt, "--trace") == 0) {
        r->trace = true;
    } else if (strcmp(opt, "--opset") == 0) {
        long v = strtol(value, NULL, 10);
        if (v >= 7 && v <= IR_MAX_OPSET)
            r->req.opset = (int)v;
    } else if (strcmp(opt, "--entry") == 0) {
        r->req.entry = value;
    } else if (strcmp(opt, "--arg") == 0 && r->n_args < MAX_WORDS) {
        r->args[r->n_args++] = value;
    } else if (strcmp(opt, "--input") == 0) {
        input_option(r, value);
    } else if (strcmp(opt, "--example") == 0) {
        example_option(r, value);
    } else if (strcmp(opt, "--dynamic") == 0) {
        dynamic_option(r, value);
    }
}

/* The words of one directive line [P, END). */
static void directive(Request *r, const char *p, const char *end, bool examples)
{
    const char *pending = NULL;
    while (p < end) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        const char *q = p;
        while (q < end && *q != ' ' && *q != '\t')
            q++;
        if (q == p)
            break;
        bool quoted = *p == '\'' && q - p > 1 && q[-1] == '\'';
        const char *w = arena_strndup(&r->c->arena, p + quoted, (size_t)(q - p) - (quoted ? 2 : 0));
        p = q;
        if (examples) {
            example_option(r, w);
        } else if (pending) {
            option(r, pending, w);
            pending = NULL;
        } else if (strcmp(w, "--trace") == 0) {
            option(r, w, NULL);     /* the one option without a value */
        } else if (strncmp(w, "--", 2) == 0) {
            pending = w;
        }
    }
}

static void read_directives(Request *r, const char *text, size_t len)
{
    const char *end = text + len;
    for (const char *line = text; line < end;) {
        const char *nl = memchr(line, '\n', (size_t)(end - line));
        const char *stop = nl ? nl : end;
        const char *p = line;
        while (p < stop && (*p == ' ' || *p == '\t'))
            p++;
        if (stop - p > 11 && strncmp(p, "# tsc2onnx:", 11) == 0)
            directive(r, p + 11, stop, false);
        else if (stop - p > 10 && strncmp(p, "# example:", 10) == 0)
            directive(r, p + 10, stop, true);
        else if (stop - p >= 12 && strncmp(p, "# trace: yes", 12) == 0)
            r->trace = true;
        line = stop + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Compiler c;
    compiler_init(&c, fuzz_sink());
    fuzz_limits(&c.limits);
    SourceFile *f = source_add(&c.arena, &c.sources, MODEL_PATH, (const char *)data, size);
    Request r = {.c = &c, .req = {.path = MODEL_PATH, .opset = 17}};
    read_directives(&r, f->text, f->len);
    r.req.args = r.args;
    r.req.n_args = r.n_args;
    r.req.inputs = r.specs;
    r.req.n_inputs = r.n_specs;
    IrModel *m = sema_compile(&c, &r.req);
    if (m && c.diag.nerrors == 0) {
        /* what the driver does next: the trace when asked, then folding */
        Options o;
        memset(&o, 0, sizeof o);
        o.opset = r.req.opset;
        o.trace = r.trace;
        o.limits = c.limits;
        o.examples = (StrList){r.examples, r.n_examples, r.n_examples};
        int rc;
        m = driver_optimize(&c, &o, m, NULL, &rc);
    }
    if (m && c.diag.nerrors == 0) {
        emit_onnx(m, &c.sources, fuzz_null());
        emit_text(m, &c.sources, fuzz_sink());
        emit_dot(m, &c.sources, fuzz_sink());
    }
    compiler_free(&c);
    return 0;
}
