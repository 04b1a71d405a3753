/* Regions and their write log (see sema/flow/flow.h). */
#include "sema/flow/flow.h"

#include <string.h>

#include "sema/bridge/bridge.h"

Scope *flow_scope_new(Interp *in)
{
    Scope *s = val_scope_new(in->arena);
    s->born = in->clock;
    return s;
}

/* ---- states ---- */

static void *copy_items(Interp *in, const void *items, int len, size_t size)
{
    void *p = arena_alloc(in->arena, size * (size_t)(len ? len : 1));
    if (len)
        memcpy(p, items, size * (size_t)len);
    return p;
}

static RegionState capture(Interp *in, RegionObjKind kind, void *obj)
{
    RegionState st = {0};
    switch (kind) {
    case RO_SCOPE: {
        Scope *s = obj;
        st.len = s->len;
        st.items = copy_items(in, s->entries, s->len, sizeof(ScopeEntry));
        break;
    }
    case RO_LIST: {
        ValueList *l = obj;
        st.len = l->len;
        st.items = copy_items(in, l->items, l->len, sizeof(Value *));
        st.dyn = l->dyn;
        break;
    }
    case RO_DICT: {
        Dict *d = obj;
        st.len = d->len;
        st.items = copy_items(in, d->entries, d->len, sizeof(DictEntry));
        break;
    }
    case RO_TENSOR:
        st.len = 1;
        st.items = copy_items(in, obj, 1, sizeof(Tensor));
        break;
    }
    return st;
}

static void install(Interp *in, RegionObjKind kind, void *obj, const RegionState *st)
{
    switch (kind) {
    case RO_SCOPE:
        val_scope_restore(in->arena, obj, st->items, st->len);
        break;
    case RO_LIST: {
        ValueList *l = obj;
        if (st->len > l->cap) {
            l->items = arena_alloc(in->arena, sizeof(Value *) * (size_t)st->len);
            l->cap = st->len;
        }
        if (st->len)
            memcpy(l->items, st->items, sizeof(Value *) * (size_t)st->len);
        l->len = st->len;
        l->dyn = st->dyn;
        break;
    }
    case RO_DICT:
        val_dict_restore(in, obj, st->items, st->len);
        break;
    case RO_TENSOR:
        memcpy(obj, st->items, sizeof(Tensor));
        break;
    }
}

Value *flow_region_scope_get(const RegionState *st, const char *name)
{
    const ScopeEntry *e = st->items;
    for (int i = 0; i < st->len; i++)
        if (e[i].name == name)
            return e[i].value;
    return NULL;
}

/* ---- regions ---- */

void flow_region_enter(Interp *in, Region *r, IrGraph *graph)
{
    r->outer = in->region;
    r->start = ++in->clock;
    r->graph = graph;
    r->active = true;
    in->region = r;
    if (graph && in->lower) {
        r->saved_graph = in->lower->graph;
        in->lower->graph = graph;
    }
}

void flow_region_leave(Interp *in, Region *r)
{
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        e->end = capture(in, e->kind, e->obj);
        install(in, e->kind, e->obj, &e->orig);
    }
    if (r->graph && in->lower)
        in->lower->graph = r->saved_graph;
    in->region = r->outer;
    r->active = false;
    /* whatever is created from now on is newer than the region */
    ++in->clock;
}

void flow_region_resume(Interp *in, Region *r)
{
    r->outer = in->region;
    r->active = true;
    in->region = r;
    if (r->graph && in->lower) {
        r->saved_graph = in->lower->graph;
        in->lower->graph = r->graph;
    }
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        install(in, e->kind, e->obj, &e->end);
    }
}

void flow_region_apply_end(Interp *in, Region *r)
{
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        switch (e->kind) {
        case RO_SCOPE: flow_write_scope(in, e->obj); break;
        case RO_LIST: flow_write_list(in, e->obj); break;
        case RO_DICT: flow_write_dict(in, e->obj); break;
        case RO_TENSOR: flow_write_tensor(in, e->obj); break;
        }
        install(in, e->kind, e->obj, &e->end);
    }
}

RegionEntry *flow_region_find(Region *r, const void *obj)
{
    for (int i = 0; i < r->entries.len; i++) {
        RegionEntry *e = r->entries.items[i];
        if (e->obj == obj)
            return e;
    }
    return NULL;
}

/* ---- write barriers ---- */

static void note_write(Interp *in, RegionObjKind kind, void *obj, uint32_t born)
{
    Region *r = in->region;
    if (!r || born >= r->start || flow_region_find(r, obj))
        return;
    RegionEntry *e = arena_alloc(in->arena, sizeof *e);
    e->kind = kind;
    e->obj = obj;
    e->orig = capture(in, kind, obj);
    ptrvec_push(in->arena, &r->entries, e);
}

void flow_write_tensor(Interp *in, Tensor *t)
{
    note_write(in, RO_TENSOR, t, t->born);
}

void flow_write_scope(Interp *in, Scope *s)
{
    note_write(in, RO_SCOPE, s, s->born);
}

void flow_write_list(Interp *in, ValueList *l)
{
    note_write(in, RO_LIST, l, l->born);
}

void flow_write_dict(Interp *in, Dict *d)
{
    note_write(in, RO_DICT, d, d->born);
}
