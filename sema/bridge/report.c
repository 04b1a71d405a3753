/* --report's records (see sema/bridge/bridge.h).
 *
 * So that one run reaches every unsupported call, the value of such a call
 * is a stand-in: a node of domain tsc2onnx.unsupported whose output has the
 * type of the call's first tensor argument (or of the tensor whose method
 * it is), and evaluation goes on with it.  The model is never written when
 * anything was recorded. */
#include <string.h>

#include "sema/bridge/bridge.h"
#include "sema/interp/interp.h"

static ReportEntry *record(Interp *in, PtrVec *list, const char *what, Span span)
{
    Span at = interp_user_span(in, span);
    for (int i = 0; i < list->len; i++) {
        ReportEntry *e = list->items[i];
        if (strcmp(e->what, what) == 0) {
            e->count++;
            return e;
        }
    }
    ReportEntry *e = arena_alloc(in->arena, sizeof *e);
    e->what = arena_strdup(in->arena, what);
    e->first = at;
    e->count = 1;
    ptrvec_push(in->arena, list, e);
    return e;
}

/* Takes back one use of E from LIST (the entry goes with its last use). */
static void unrecord(PtrVec *list, ReportEntry *e)
{
    if (--e->count > 0)
        return;
    for (int i = 0; i < list->len; i++)
        if (list->items[i] == e) {
            for (int k = i + 1; k < list->len; k++)
                list->items[k - 1] = list->items[k];
            list->len--;
            return;
        }
}

static bool is_runtime(const Value *v)
{
    return (v->kind == VK_TENSOR && !v->u.tensor->is_static && v->u.tensor->ir) || val_is_dynamic_scalar(v);
}

/* The stand-in result of WHAT(SELF, *args). */
static Value *stand_in(Interp *in, const char *what, Value *self, CallArgs *args, Span span)
{
    Lower *L = in->lower;
    if (!L || !in->lowering || !L->model)
        return val_error(in);
    IrValue **ins = arena_alloc(in->arena, sizeof(IrValue *) * (size_t)(args->n_pos + args->n_kw + 2));
    int n = 0;
    Value *like = self && self->kind == VK_TENSOR ? self : NULL;
    if (self && is_runtime(self))
        ins[n++] = bridge_ir_of(in, self, span);
    for (int i = 0; i < args->n_pos + args->n_kw; i++) {
        Value *v = i < args->n_pos ? args->pos[i] : args->kw_values[i - args->n_pos];
        if (!like && v->kind == VK_TENSOR)
            like = v;
        if (is_runtime(v))
            ins[n++] = bridge_ir_of(in, v, span);
    }
    for (int i = 0; i < n; i++)
        if (!ins[i])
            return val_error(in);
    IrNode *node = ir_node_new(L->graph, what, REPORT_STAND_IN_DOMAIN, ins, n, 1, interp_user_span(in, span));
    IrValue *like_ir = like ? bridge_ir_of(in, like, span) : NULL;
    node->outputs[0]->type = like_ir ? like_ir->type : ir_type_unknown_rank(DT_FLOAT);
    return bridge_wrap(in, node->outputs[0]);
}

bool bridge_report_unsupported(Interp *in, const char *what, Span span)
{
    if (!in->report)
        return false;
    record(in, &in->report->unsupported, what, span);
    return true;
}

Value *bridge_report_unsupported_call(Interp *in, const char *what, CallArgs *args, Span span)
{
    if (!bridge_report_unsupported(in, what, span))
        return NULL;
    return stand_in(in, what, NULL, args, span);
}

typedef struct Missing {
    const char *what;
    Value *self;                /* the tensor of a missing method, or NULL */
    ReportEntry *entry;         /* WHAT's record */
} Missing;

static Value *n_missing(Interp *in, CallArgs *a, Span span, const Builtin *b)
{
    const Missing *m = b->data;
    return stand_in(in, m->what, m->self, a, span);
}

Value *bridge_report_missing_attr(Interp *in, Value *obj, const char *name, Span span)
{
    if (!in->report)
        return NULL;
    const char *what = NULL;
    if (obj->kind == VK_MODULE && strncmp(obj->u.module->path, "<stdlib>", 8) == 0) {
        what = arena_sprintf(in->arena, "%s.%s", obj->u.module->name, name);
    } else if (obj->kind == VK_TENSOR) {
        what = arena_sprintf(in->arena, "Tensor.%s", name);
    } else if (obj->kind == VK_BUILTIN && obj->u.builtin->fn == n_missing) {
        /* torch.special.erfcx: the stand-in of torch.special was the
         * namespace, not what is missing */
        const Missing *outer = obj->u.builtin->data;
        unrecord(&in->report->unsupported, outer->entry);
        what = arena_sprintf(in->arena, "%s.%s", outer->what, name);
    }
    if (!what)
        return NULL;
    Missing *m = arena_alloc(in->arena, sizeof *m);
    m->entry = record(in, &in->report->unsupported, what, span);
    m->what = what;
    m->self = obj->kind == VK_TENSOR ? obj : NULL;
    return interp_make_builtin(in, what, n_missing, m);
}

void bridge_report_specialization(Interp *in, const char *what, Span span)
{
    if (in->report)
        record(in, &in->report->specializations, what, span);
}
