/* Modules and imports.  `torch`, `torch.nn`, `math`, `typing` ... come from
 * the stdlib compiled into the binary; any other module is looked up as a
 * file next to the model and on the -I path, and loaded only when an import
 * statement runs, as in Python.  A module that cannot be found becomes a
 * placeholder that reports an error only when something from it is used,
 * so a file may import helpers it never calls. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "parser/ast_pack.h"
#include "parser/parse.h"
#include "sema/native/native.h"
#include "sema/interp/interp.h"
#include "sema/flow/flow.h"
#include "stdlib/embedded.h"


static Value *new_module(Interp *in, const char *name, const char *path)
{
    Value *v = val_none(in);
    v->kind = VK_MODULE;
    Module *m = arena_alloc(in->arena, sizeof *m);
    m->name = intern(&in->c->names, name);
    m->path = path;
    m->globals = val_scope_new(in->arena);
    val_scope_set(in->arena, m->globals, in->id.name_, val_cstr(in, name));
    v->u.module = m;
    val_scope_set(in->arena, in->modules, m->name, v);
    return v;
}

/* Runs a module's body in a frame whose locals are its globals.  A stdlib
 * module (E) comes parsed and checked: its tree is rebuilt from the bytes
 * tools/embed packed when tsc2onnx was built. */
static bool run_module(Interp *in, Value *mv, const SourceFile *f, const EmbeddedFile *e, Span span)
{
    Module *m = mv->u.module;
    int errors = in->c->diag.nerrors;
    AstNode *ast = e && e->ast ? ast_unpack(in->c, f, e->ast, e->ast_len) : NULL;
    if (!ast) {
        ast = parse_file(in->c, f);
        if (in->c->diag.nerrors == errors)
            parse_check_module(in->c, ast);
    }
    if (in->c->diag.nerrors > errors)
        return false;
    m->ast = ast;
    m->loaded = true;
    Frame frame = {0};
    frame.caller = in->frame;
    frame.locals = m->globals;
    frame.globals = m->globals;
    frame.module = m;
    frame.call_span = span;
    Frame *saved = in->frame;
    int saved_depth = in->depth;
    in->frame = &frame;
    ExecStatus st = interp_exec_block(in, &ast->u.module.body);
    in->frame = saved;
    in->depth = saved_depth;
    return st != EXEC_RAISE;
}

static const EmbeddedFile *find_stdlib(const char *name)
{
    for (const EmbeddedFile *e = stdlib_files; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Finds a.b.c as a/b/c.{ts,py} or a/b/c/__init__.{ts,py} under the model's
 * directory and the -I directories. */
static const char *find_module_file(Interp *in, const char *name, bool *is_package)
{
    char rel[1024];
    size_t n = strlen(name);
    if (n >= sizeof rel - 16)
        return NULL;
    for (size_t i = 0; i <= n; i++)
        rel[i] = name[i] == '.' ? '/' : name[i];
    static const char *const suffixes[] = {".ts", ".py", "/__init__.ts", "/__init__.py"};
    for (int d = 0; d < in->n_search_paths; d++) {
        for (int k = 0; k < 4; k++) {
            char *path = arena_sprintf(in->arena, "%s/%s%s", in->search_paths[d], rel, suffixes[k]);
            if (file_exists(path)) {
                *is_package = k >= 2;
                return path;
            }
        }
    }
    return NULL;
}

static Value *load_stdlib(Interp *in, const char *name, const EmbeddedFile *e, Span span)
{
    Value *mv = new_module(in, name, arena_sprintf(in->arena, "<stdlib>/%s", name));
    native_install_module(in, mv->u.module);
    SourceFile *f = source_add(&in->c->arena, &in->c->sources, mv->u.module->path, e->text, e->len);
    if (!run_module(in, mv, f, e, span))
        return in->exc ? NULL : val_error(in);
    return mv;
}

static Value *load_user(Interp *in, const char *name, const char *path, Span span)
{
    const char *err = NULL;
    SourceFile *f = source_load(&in->c->arena, &in->c->sources, path, &err);
    if (!f)
        return interp_error(in, span, "cannot read module '%s' from '%s': %s", name, path, err);
    Value *mv = new_module(in, name, f->path);
    val_scope_set(in->arena, mv->u.module->globals, intern(&in->c->names, "__file__"), val_cstr(in, path));
    if (!run_module(in, mv, f, NULL, span))
        return in->exc ? NULL : val_error(in);
    return mv;
}

static Value *placeholder_module(Interp *in, const char *name, Span span)
{
    Value *mv = new_module(in, name, "<unresolved>");
    mv->u.module->unsupported = true;
    mv->u.module->import_span = span;
    return mv;
}

static Value *import_one(Interp *in, const char *name, Span span)
{
    Value *m = val_scope_get(in->modules, intern(&in->c->names, name));
    if (m)
        return m;
    const EmbeddedFile *e = find_stdlib(name);
    if (e)
        return load_stdlib(in, name, e, span);
    if (strcmp(name, "onnx") == 0 || strcmp(name, "_native") == 0 || strcmp(name, "math") == 0) {
        Value *mv = new_module(in, name, "<native>");
        native_install_module(in, mv->u.module);
        mv->u.module->loaded = true;
        return mv;
    }
    bool package = false;
    const char *path = find_module_file(in, name, &package);
    if (path)
        return load_user(in, name, path, span);
    return placeholder_module(in, name, span);
}

/* Imports NAME and its parent packages; binds each child into its parent
 * and returns the innermost module. */
static Value *import_chain(Interp *in, const char *name, Span span)
{
    Value *parent = NULL, *m = NULL;
    size_t n = strlen(name);
    for (size_t i = 0; i <= n; i++) {
        if (name[i] != '.' && name[i] != '\0')
            continue;
        char *prefix = arena_strndup(in->arena, name, i);
        if (parent && parent->kind == VK_MODULE && parent->u.module->unsupported) {
            m = placeholder_module(in, prefix, span);
        } else {
            m = import_one(in, prefix, span);
            if (!m || m->kind == VK_ERROR)
                return m;
        }
        if (parent && parent->kind == VK_MODULE && !parent->u.module->unsupported) {
            const char *last = intern(&in->c->names, prefix + (strrchr(prefix, '.') - prefix) + 1);
            if (!val_scope_get(parent->u.module->globals, last))
                val_scope_set(in->arena, parent->u.module->globals, last, m);
        }
        parent = m;
    }
    return m;
}

/* The package a relative import inside FROM is relative to. */
static const char *relative_base(Interp *in, Module *from, int level, Span span)
{
    const char *base = from->name;
    bool is_package = strstr(from->path, "__init__.") != NULL;
    int strip = is_package ? level - 1 : level;
    char *b = arena_strdup(in->arena, base);
    for (int i = 0; i < strip; i++) {
        char *dot = strrchr(b, '.');
        if (!dot) {
            interp_error(in, span, "attempted relative import beyond top-level package");
            return NULL;
        }
        *dot = '\0';
    }
    return b;
}

Value *interp_import(Interp *in, const char *name, Span span, int level, Module *from)
{
    if (level > 0) {
        if (!from)
            return interp_error(in, span, "relative import outside a package");
        const char *base = relative_base(in, from, level, span);
        if (!base)
            return val_error(in);
        name = name && *name ? arena_sprintf(in->arena, "%s.%s", base, name) : base;
    }
    if (level < 0) {
        /* attribute access on a package: only modules that exist are imported */
        Value *m = val_scope_get(in->modules, intern(&in->c->names, name));
        if (m)
            return m;
        bool package;
        if (!find_stdlib(name) && !find_module_file(in, name, &package))
            return NULL;
    }
    return import_chain(in, name, span);
}

static void bind_local(Interp *in, const char *name, Value *v)
{
    flow_write_scope(in, in->frame->locals);
    val_scope_set(in->arena, in->frame->locals, intern(&in->c->names, name), v);
}

/* from M import *: the names M's __all__ lists when it has one (a list or
 * tuple of str), else every global of M not starting with '_', as in Python. */
static ExecStatus import_star(Interp *in, Value *mod, Span span)
{
    if (mod->kind != VK_MODULE || mod->u.module->unsupported)
        return EXEC_NORMAL;
    Scope *g = mod->u.module->globals;
    Value *all = val_scope_get(g, intern(&in->c->names, "__all__"));
    if (!all) {
        for (int k = 0; k < g->len; k++)
            if (g->entries[k].value && g->entries[k].name[0] != '_')
                bind_local(in, g->entries[k].name, g->entries[k].value);
        return EXEC_NORMAL;
    }
    if ((all->kind != VK_LIST && all->kind != VK_TUPLE) || all->u.list->dyn) {
        interp_raise(in, in->cls.type_error, span, "%s.__all__ must be a list or tuple of str, not '%s'",
                  mod->u.module->name, val_type_name(in, all));
        return EXEC_RAISE;
    }
    for (int k = 0; k < all->u.list->len; k++) {
        Value *name = all->u.list->items[k];
        if (name->kind != VK_STR) {
            interp_raise(in, in->cls.type_error, span, "Item in %s.__all__ must be str, not %s",
                      mod->u.module->name, val_type_name(in, name));
            return EXEC_RAISE;
        }
        Value *v = val_scope_get(g, intern(&in->c->names, name->u.s.ptr));
        if (!v) {
            interp_raise(in, in->cls.attribute_error, span, "module '%s' has no attribute '%s'",
                      mod->u.module->name, name->u.s.ptr);
            return EXEC_RAISE;
        }
        bind_local(in, name->u.s.ptr, v);
    }
    return EXEC_NORMAL;
}

static ExecStatus import_names(Interp *in, const AstNode *s, Value *mod)
{
    for (int i = 0; i < s->u.import.names.len; i++) {
        const AstNode *alias = s->u.import.names.items[i];
        const char *name = alias->u.alias.name;
        if (strcmp(name, "*") == 0) {
            if (import_star(in, mod, alias->span) == EXEC_RAISE)
                return EXEC_RAISE;
            continue;
        }
        Value *v;
        if (mod->kind == VK_MODULE && mod->u.module->unsupported) {
            v = placeholder_module(in, arena_sprintf(in->arena, "%s.%s", mod->u.module->name, name), alias->span);
        } else {
            v = interp_lookup_attr(in, mod, intern(&in->c->names, name), alias->span);
            if (!v && !in->exc)
                v = interp_import(in, arena_sprintf(in->arena, "%s.%s", mod->u.module->name, name), alias->span, -1, NULL);
            if (!v && in->exc)
                return EXEC_RAISE;
            if (!v) {
                interp_raise(in, in->cls.import_error, alias->span, "cannot import name '%s' from '%s'",
                          name, mod->u.module->name);
                return EXEC_RAISE;
            }
        }
        bind_local(in, alias->u.alias.asname ? alias->u.alias.asname : name, v);
    }
    return EXEC_NORMAL;
}

ExecStatus interp_exec_import(Interp *in, const AstNode *s)
{
    if (s->kind == AST_IMPORT_FROM) {
        Value *mod = interp_import(in, s->u.import.module, s->span, s->u.import.level, in->frame->module);
        if (!mod)
            return in->exc ? EXEC_RAISE : EXEC_NORMAL;
        if (mod->kind == VK_ERROR)
            return EXEC_NORMAL;
        return import_names(in, s, mod);
    }
    for (int i = 0; i < s->u.import.names.len; i++) {
        const AstNode *alias = s->u.import.names.items[i];
        Value *m = import_chain(in, alias->u.alias.name, alias->span);
        if (!m)
            return EXEC_RAISE;
        if (m->kind == VK_ERROR)
            continue;
        if (alias->u.alias.asname) {
            bind_local(in, alias->u.alias.asname, m);
        } else {
            const char *dot = strchr(alias->u.alias.name, '.');
            char *top = arena_strndup(in->arena, alias->u.alias.name,
                                      dot ? (size_t)(dot - alias->u.alias.name) : strlen(alias->u.alias.name));
            bind_local(in, top, val_scope_get(in->modules, intern(&in->c->names, top)));
        }
    }
    return EXEC_NORMAL;
}

Value *interp_load_main(Interp *in, const char *path)
{
    Value *mv = new_module(in, "__main__", path);
    const SourceFile *f = NULL;
    for (int i = 0; i < in->c->sources.nfiles; i++)
        if (strcmp(in->c->sources.files[i]->path, path) == 0)
            f = in->c->sources.files[i];
    if (!f) {
        const char *err = NULL;
        f = source_load(&in->c->arena, &in->c->sources, path, &err);
        if (!f)
            return interp_error(in, SPAN_NONE, "cannot read '%s': %s", path, err);
    }
    if (!run_module(in, mv, f, NULL, SPAN_NONE)) {
        if (in->exc)
            interp_report_uncaught(in);
        return val_error(in);
    }
    return mv;
}

Value *interp_load_file(Interp *in, const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    const char *name = intern_n(&in->c->names, base, dot ? (size_t)(dot - base) : strlen(base));
    Value *known = val_scope_get(in->modules, name);
    if (known)
        return known;
    const char *err = NULL;
    SourceFile *f = source_load(&in->c->arena, &in->c->sources, path, &err);
    if (!f)
        return interp_error(in, SPAN_NONE, "cannot read '%s': %s", path, err);
    Value *mv = new_module(in, name, f->path);
    val_scope_set(in->arena, mv->u.module->globals, intern(&in->c->names, "__file__"), val_cstr(in, path));
    if (!run_module(in, mv, f, NULL, SPAN_NONE)) {
        if (in->exc)
            interp_report_uncaught(in);
        return val_error(in);
    }
    return mv;
}
