/* Fuzz target: what `tsc2onnx run` does with a model file.  The input is the
 * .onnx file: written into the scratch directory (alone there, so external
 * data it names is never found), read by the ONNX reader (emit/load*), and,
 * when every operator is one the evaluator implements, evaluated on
 * zero-filled inputs of the declared shapes (unknown dimensions 1, each
 * input at most 2^16 elements; a Loop stops after 1000 iterations, and the
 * whole run after 100,000 nodes, which nested Loops reached in 20 s under
 * the sanitizers).
 *
 * Allocation failure is part of the test: under AddressSanitizer a request
 * above 64 MiB returns NULL (allocator_may_return_null), which the reader
 * and the evaluator must report as an error, not crash on. */
#include <stdlib.h>
#include <string.h>

#include "emit/load.h"
#include "eval/eval.h"
#include "fuzz/fuzz.h"

const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "allocator_may_return_null=1:max_allocation_size_mb=64";
}

#define MAX_INPUT_ELEMENTS (INT64_C(1) << 16)

static bool write_model(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(data, 1, size, f) == size;
    return fclose(f) == 0 && ok;
}

/* A zero tensor for input V, or NULL (*skip set) when V has no tensor type
 * the target can fill. */
static EvalValue *zero_input(const IrValue *v, bool *skip)
{
    const IrType *t = &v->type;
    if (t->kind != IR_TYPE_TENSOR || t->rank < 0 || t->rank > EVAL_MAX_RANK || t->dtype == DT_UNDEFINED ||
        t->dtype == DT_STRING) {
        *skip = true;
        return NULL;
    }
    int64_t dims[EVAL_MAX_RANK], n = 1;
    for (int i = 0; i < t->rank; i++) {
        dims[i] = dim_is_known(t->dims[i]) ? t->dims[i].value : 1;
        if (dims[i] > MAX_INPUT_ELEMENTS || (n *= dims[i] ? dims[i] : 1) > MAX_INPUT_ELEMENTS) {
            *skip = true;
            return NULL;
        }
    }
    EvalValue *x = eval_tensor_new(t->dtype, t->rank, dims);
    *skip = x == NULL;
    return x;
}

static bool all_supported(const IrGraph *g)
{
    for (int i = 0; i < g->nodes.len; i++)
        if (!eval_supports(g->nodes.items[i]))
            return false;
    return true;
}

static void evaluate(const IrGraph *g)
{
    EvalValue **inputs = calloc((size_t)g->inputs.len + 1, sizeof *inputs);
    EvalValue **outputs = calloc((size_t)g->outputs.len + 1, sizeof *outputs);
    bool skip = !inputs || !outputs;
    for (int i = 0; i < g->inputs.len && !skip; i++) {
        const IrValue *v = g->inputs.items[i];
        if (!v->init)
            inputs[i] = zero_input(v, &skip);
    }
    if (!skip) {
        Evaluator ev;
        eval_init(&ev, 0);
        ev.max_loop_iterations = 1000;
        ev.max_nodes_run = 100000;
        if (eval_graph(&ev, g, inputs, outputs) != EVAL_OK && !*eval_error(&ev))
            abort();    /* a failure must say why */
        eval_free(&ev);
    }
    for (int i = 0; outputs && i < g->outputs.len; i++)
        eval_release(outputs[i]);
    for (int i = 0; inputs && i < g->inputs.len; i++)
        eval_release(inputs[i]);
    free(inputs);
    free(outputs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[128];
    snprintf(path, sizeof path, "%s/model.onnx", fuzz_scratch_dir());
    if (!write_model(path, data, size))
        abort();
    Compiler c;
    compiler_init(&c, fuzz_sink());
    char *err = NULL;
    IrModel *m = emit_load_onnx(&c.arena, &c.names, path, &err, NULL);
    if (!m) {
        if (!err || !*err)
            abort();    /* a failure must say why */
    } else if (all_supported(m->graph)) {
        evaluate(m->graph);
    }
    compiler_free(&c);
    return 0;
}
