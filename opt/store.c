/* --weights-dtype: the model's floating-point initializers stored in
 * another floating-point dtype, each read back through a Cast to its own
 * dtype where the graph uses it.  The graph computes in the dtypes it had.
 * The weights were rounded to the stored dtype as they loaded (as
 * PyTorch's load_state_dict of a state_dict in that dtype rounds them,
 * sema/entry/entry.c), so storing them loses nothing; an initializer that
 * the dtype does not hold exactly (a constant computed from the weights)
 * keeps its dtype, so the file means exactly what the graph computed.
 * Runs after the graph passes, so that folding never turns the Casts back
 * into full-width constants.  Scalars stay as they are: they are the
 * graph's own constants (eps, scales), not weights. */
#include <stdlib.h>
#include <string.h>

#include "opt/opt.h"

static double load_element(const void *data, DType dt, int64_t i)
{
    switch (dt) {
    case DT_FLOAT: { float x; memcpy(&x, (const char *)data + 4 * i, 4); return x; }
    case DT_DOUBLE: { double x; memcpy(&x, (const char *)data + 8 * i, 8); return x; }
    case DT_FLOAT16: { uint16_t h; memcpy(&h, (const char *)data + 2 * i, 2); return dtype_half_to_double(h); }
    case DT_BFLOAT16: { uint16_t h; memcpy(&h, (const char *)data + 2 * i, 2); return dtype_bfloat16_to_double(h); }
    default: return 0;
    }
}

static void store_element(void *data, DType dt, int64_t i, double x)
{
    switch (dt) {
    case DT_FLOAT: { float f = (float)x; memcpy((char *)data + 4 * i, &f, 4); break; }
    case DT_DOUBLE: memcpy((char *)data + 8 * i, &x, 8); break;
    case DT_FLOAT16: { uint16_t h = dtype_half_from_double(x); memcpy((char *)data + 2 * i, &h, 2); break; }
    case DT_BFLOAT16: { uint16_t h = dtype_bfloat16_from_double(x); memcpy((char *)data + 2 * i, &h, 2); break; }
    default: break;
    }
}

/* The converted data is made when the model is written, one tensor at a
 * time, from the source tensor (resident, mapped or itself deferred). */
static void fill_converted(const IrTensor *t, void *dst)
{
    const IrTensor *src = t->fill_ctx;
    const void *data = src->data;
    void *scratch = NULL;
    if (!data && src->fill) {
        scratch = malloc(src->nbytes ? src->nbytes : 1);
        if (!scratch) {
            memset(dst, 0, t->nbytes);  /* unreachable in practice: the arena holds more */
            return;
        }
        src->fill(src, scratch);
        data = scratch;
    }
    int64_t n = ir_tensor_numel(t);
    for (int64_t i = 0; i < n; i++)
        store_element(dst, t->dtype, i, load_element(data, src->dtype, i));
    free(scratch);
}

static bool is_stored_float(DType dt)
{
    return dt == DT_FLOAT || dt == DT_DOUBLE || dt == DT_FLOAT16 || dt == DT_BFLOAT16;
}

static bool is_graph_output(const IrGraph *g, const IrValue *v)
{
    for (int i = 0; i < g->outputs.len; i++)
        if (g->outputs.items[i] == v)
            return true;
    return false;
}

/* Initializer V becomes the output of Cast(a copy stored in DT); the copy
 * takes V's name (the state_dict name), unless V is a graph output, whose
 * name is the interface. */
static void store_one(IrModel *m, IrValue *v, DType dt)
{
    IrGraph *g = m->graph;
    IrTensor *src = v->init;
    IrTensor *t = arena_alloc(m->arena, sizeof *t);
    *t = (IrTensor){.dtype = dt, .rank = src->rank, .dims = src->dims,
                    .nbytes = (size_t)ir_tensor_numel(src) * dtype_size(dt),
                    .fill = fill_converted, .fill_ctx = src};
    const char *hint = arena_sprintf(m->arena, "%s_%s", v->name, dtype_name(src->dtype));
    IrValue *stored = ir_add_initializer(g, hint, t, v->span);
    if (!is_graph_output(g, v)) {
        const char *name = v->name;
        v->name = stored->name;
        stored->name = name;
    }
    IrNode *cast = ir_node_new(g, "Cast", "", &stored, 1, 0, v->span);
    ir_set_attr_int(cast, "to", src->dtype);
    cast->n_outputs = 1;
    cast->outputs = arena_alloc(m->arena, sizeof(IrValue *));
    cast->outputs[0] = v;
    v->producer = cast;
    v->producer_output = 0;
    v->init = NULL;
    for (int i = 0; i < g->inputs.len; i++)     /* --keep-initializers-as-inputs */
        if (g->inputs.items[i] == v)
            g->inputs.items[i] = stored;
}

/* Whether DT holds every value of T exactly (the weights were rounded to
 * it as they loaded; a constant computed from them usually is not). */
static bool exact_in(IrModel *m, IrTensor *t, DType dt)
{
    const void *data = ir_tensor_force(m->arena, t);
    int64_t n = ir_tensor_numel(t);
    for (int64_t i = 0; i < n; i++) {
        double x = load_element(data, t->dtype, i);
        double y;
        switch (dt) {
        case DT_FLOAT: y = (float)x; break;
        case DT_FLOAT16: y = dtype_half_to_double(dtype_half_from_double(x)); break;
        case DT_BFLOAT16: y = dtype_bfloat16_to_double(dtype_bfloat16_from_double(x)); break;
        default: y = x; break;
        }
        if (y != x && !(x != x && y != y))
            return false;
    }
    return true;
}

int opt_store_floats_as(IrModel *m, DType dt, int *kept)
{
    *kept = 0;
    IrGraph *g = m->graph;
    int n_nodes = g->nodes.len, stored = 0;
    int n_inits = g->initializers.len;
    for (int i = 0; i < n_inits; i++) {
        IrValue *v = g->initializers.items[i];
        if (!v->init || !is_stored_float(v->init->dtype) || v->init->dtype == dt || ir_tensor_numel(v->init) < 2)
            continue;
        if (!exact_in(m, v->init, dt)) {
            (*kept)++;
            continue;
        }
        store_one(m, v, dt);
        g->initializers.items[i] = NULL;
        stored++;
    }
    /* the originals leave the initializers, the Casts go first */
    int k = 0;
    for (int i = 0; i < g->initializers.len; i++)
        if (g->initializers.items[i])
            g->initializers.items[k++] = g->initializers.items[i];
    g->initializers.len = k;
    int n_new = g->nodes.len - n_nodes;
    if (n_new > 0) {
        void **moved = arena_alloc(m->arena, sizeof(void *) * (size_t)g->nodes.len);
        memcpy(moved, g->nodes.items + n_nodes, sizeof(void *) * (size_t)n_new);
        memcpy(moved + n_new, g->nodes.items, sizeof(void *) * (size_t)n_nodes);
        memcpy(g->nodes.items, moved, sizeof(void *) * (size_t)g->nodes.len);
    }
    return stored;
}
