/* Modules and imports, as Python finds and runs them.
 *
 * `torch`, `torch.nn`, `math`, `typing` ... come from the stdlib compiled
 * into the binary.  Any other module is a file: a top-level name is looked
 * up in the search path (the model's directory, -I, PYTHONPATH, the site
 * directories: Interp.search_paths), a submodule in its package's
 * directory; a package is a directory with __init__.py (or, without one, a
 * namespace package).  Relative imports resolve against the importing
 * module's package.  A module runs once per compilation.
 *
 * Two things keep `import torchvision` cheap and robust, where Python would
 * run everything at once and stop at the first failure:
 *
 *   - deferred imports: at module level (outside any `try`), an import of a
 *     module that exists but is not loaded yet binds its names to a Lazy
 *     that runs the import when a name is first read.  A package's other
 *     submodules, and the libraries they import, cost nothing until used.
 *     A missing module still fails at the statement, so `try: import x
 *     except ImportError:` works.
 *   - lazy failure: a module-level statement of an imported file (and an
 *     import statement of the model's own file) that fails (an exception
 *     it does not catch, or a reported error: a C extension, a missing
 *     module, a library the compiler cannot run) does not stop the
 *     compilation: its diagnostics are dropped, and the names it would have
 *     bound become failures (a Lazy with the first error as its cause).
 *     Reading such a name is an error at the read, with the cause as a
 *     note.  A limit still ends the compilation. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "parser/ast_pack.h"
#include "parser/parse.h"
#include "sema/flow/flow.h"
#include "sema/interp/interp.h"
#include "sema/native/native.h"
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

/* ---- lazy bindings ---- */

static Value *new_lazy(Interp *in, const char *module, const char *attr, const char *cause, Span where)
{
    Value *v = val_none(in);
    v->kind = VK_LAZY;
    v->u.lazy = arena_alloc(in->arena, sizeof(Lazy));
    v->u.lazy->module = module;
    v->u.lazy->attr = attr;
    v->u.lazy->cause = cause;
    v->u.lazy->where = where;
    return v;
}

/* The names a module-level statement binds (what a failure leaves
 * unbound), into OUT. */
static void bound_names(Interp *in, const AstNode *s, PtrVec *out);

static void target_names(Interp *in, const AstNode *t, PtrVec *out)
{
    switch (t->kind) {
    case AST_NAME:
        ptrvec_push(in->arena, out, (void *)t->u.name.id);
        break;
    case AST_TUPLE: case AST_LIST:
        for (int i = 0; i < t->u.seq.elts.len; i++)
            target_names(in, t->u.seq.elts.items[i], out);
        break;
    case AST_STARRED:
        target_names(in, t->u.value.value, out);
        break;
    default:
        break;      /* attributes and subscripts bind no name */
    }
}

static void block_names(Interp *in, const AstList *b, PtrVec *out)
{
    for (int i = 0; i < b->len; i++)
        bound_names(in, b->items[i], out);
}

static void import_bound_names(Interp *in, const AstNode *s, PtrVec *out)
{
    for (int i = 0; i < s->u.import.names.len; i++) {
        const AstNode *a = s->u.import.names.items[i];
        const char *name = a->u.alias.asname ? a->u.alias.asname : a->u.alias.name;
        if (strcmp(name, "*") == 0)
            continue;
        const char *dot = s->kind == AST_IMPORT && !a->u.alias.asname ? strchr(name, '.') : NULL;
        ptrvec_push(in->arena, out, (void *)(dot ? intern_n(&in->c->names, name, (size_t)(dot - name)) : name));
    }
}

static void bound_names(Interp *in, const AstNode *s, PtrVec *out)
{
    switch (s->kind) {
    case AST_ASSIGN:
        for (int i = 0; i < s->u.assign.targets.len; i++)
            target_names(in, s->u.assign.targets.items[i], out);
        break;
    case AST_AUG_ASSIGN:
        target_names(in, s->u.aug_assign.target, out);
        break;
    case AST_ANN_ASSIGN:
        if (s->u.ann_assign.value)
            target_names(in, s->u.ann_assign.target, out);
        break;
    case AST_FUNCTION_DEF:
        ptrvec_push(in->arena, out, (void *)s->u.function_def.name);
        break;
    case AST_CLASS_DEF:
        ptrvec_push(in->arena, out, (void *)s->u.class_def.name);
        break;
    case AST_IMPORT: case AST_IMPORT_FROM:
        import_bound_names(in, s, out);
        break;
    case AST_FOR:
        target_names(in, s->u.for_stmt.target, out);
        block_names(in, &s->u.for_stmt.body, out);
        block_names(in, &s->u.for_stmt.orelse, out);
        break;
    case AST_WHILE: case AST_IF:
        block_names(in, &s->u.cond.body, out);
        block_names(in, &s->u.cond.orelse, out);
        break;
    case AST_WITH:
        for (int i = 0; i < s->u.with.items.len; i++) {
            const AstNode *w = s->u.with.items.items[i];
            if (w->u.with_item.optional_vars)
                target_names(in, w->u.with_item.optional_vars, out);
        }
        block_names(in, &s->u.with.body, out);
        break;
    case AST_TRY:
        block_names(in, &s->u.try_stmt.body, out);
        for (int i = 0; i < s->u.try_stmt.handlers.len; i++)
            block_names(in, &s->u.try_stmt.handlers.items[i]->u.except_handler.body, out);
        block_names(in, &s->u.try_stmt.orelse, out);
        block_names(in, &s->u.try_stmt.finalbody, out);
        break;
    default:
        break;
    }
}

/* "ImportError: No module named 'x'" for exception EXC. */
static const char *exception_text(Interp *in, Value *exc)
{
    const char *cls = exc->u.inst->cls->u.cls->name;
    const char *msg = interp_exception_message(in, exc);
    return *msg ? arena_sprintf(in->arena, "%s: %s", cls, msg) : cls;
}

/* Runs one statement of module M as a trial; when it fails, its names
 * become failures.  False when it raised an exception that must go on (a
 * limit: the compilation ends). */
static bool run_tried(Interp *in, Module *m, const AstNode *s)
{
    Diag *d = &in->c->diag;
    const Lazy *saved_root = in->lazy_root;
    in->lazy_root = NULL;
    DiagTrial t;
    diag_trial_begin(d, in->arena, &t);
    AstList one = {(AstNode **)&s, 1, 1};
    ExecStatus st = interp_exec_block(in, &one);
    const HeldDiag *err = diag_trial_first_error(d, &t);
    bool raised = st == EXEC_RAISE;
    if ((raised && !interp_exc_catchable(in)) || (!raised && !err)) {
        diag_trial_end(d, &t, true);
        in->lazy_root = saved_root;
        return !raised;
    }
    /* the cause: the failure it read, else its first error (a module that
     * does not parse: the parse error), else the exception */
    const char *cause;
    Span where;
    if (in->lazy_root) {
        cause = in->lazy_root->cause;
        where = in->lazy_root->where;
    } else if (err) {
        cause = err->msg;
        where = err->span;
    } else {
        cause = exception_text(in, in->exc);
        where = in->exc_span;
    }
    diag_trial_end(d, &t, false);
    in->exc = NULL;
    in->lazy_root = saved_root;
    PtrVec names = {0};
    bound_names(in, s, &names);
    Value *failure = new_lazy(in, m->name, NULL, cause, where);
    for (int i = 0; i < names.len; i++) {
        flow_write_scope(in, m->globals);
        val_scope_set(in->arena, m->globals, names.items[i], failure);
    }
    return true;
}

/* Reading a lazy binding: a deferred import is made now, a failure is an
 * error at SPAN with its cause as a note (poison afterwards). */
static Value *resolve(Interp *in, Value *v, const char *name, Span span, int depth);

static Value *report_failure(Interp *in, const Lazy *z, const char *name, Span span)
{
    if (!in->lazy_root)
        in->lazy_root = z;      /* a trial in progress keeps the first cause */
    if (z->import_failed)
        interp_error(in, span, "'%s' is not available: importing module '%s' failed", name, z->module);
    else if (strcmp(z->module, "__main__") == 0)
        interp_error(in, span, "'%s' is not available: the import that defines it failed", name);
    else
        interp_error(in, span, "'%s' is not available: the statement of module '%s' that defines it failed",
                     name, z->module);
    diag_note(&in->c->diag, z->where, "%s", z->cause);
    return val_error(in);
}

/* ---- finding modules ---- */

static const EmbeddedFile *find_stdlib(const char *name)
{
    for (const EmbeddedFile *e = stdlib_files; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

static bool is_native(const char *name)
{
    return strcmp(name, "onnx") == 0 || strcmp(name, "_native") == 0 || strcmp(name, "math") == 0;
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool dir_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Where a module's source is: a file, a package's __init__, or a
 * namespace package's directory. */
typedef struct Found {
    const char *path;       /* the file to run, or NULL (a namespace package) */
    const char *dir;        /* a package's directory, or NULL */
} Found;

/* A compiled extension module DIR/LAST*.so, for the message. */
static const char *find_extension(Interp *in, const char *dir, const char *last)
{
    DIR *dh = opendir(dir);
    if (!dh)
        return NULL;
    size_t n = strlen(last);
    const char *hit = NULL;
    struct dirent *de;
    while (!hit && (de = readdir(dh))) {
        const char *dot = strrchr(de->d_name, '.');
        if (strncmp(de->d_name, last, n) == 0 && de->d_name[n] == '.' && dot && strcmp(dot, ".so") == 0)
            hit = arena_sprintf(in->arena, "%s/%s", dir, de->d_name);
    }
    closedir(dh);
    return hit;
}

/* LAST as a module in directory DIR: LAST.py/.ts, LAST/__init__.py/.ts, a
 * directory LAST (namespace package). */
static bool find_in_dir(Interp *in, const char *dir, const char *last, Found *f)
{
    static const char *const files[] = {".py", ".ts"};
    static const char *const inits[] = {"/__init__.py", "/__init__.ts"};
    for (int k = 0; k < 2; k++) {
        char *path = arena_sprintf(in->arena, "%s/%s%s", dir, last, inits[k]);
        if (file_exists(path)) {
            f->path = path;
            f->dir = arena_sprintf(in->arena, "%s/%s", dir, last);
            return true;
        }
    }
    for (int k = 0; k < 2; k++) {
        char *path = arena_sprintf(in->arena, "%s/%s%s", dir, last, files[k]);
        if (file_exists(path)) {
            f->path = path;
            f->dir = NULL;
            return true;
        }
    }
    char *sub = arena_sprintf(in->arena, "%s/%s", dir, last);
    if (dir_exists(sub) && !find_extension(in, dir, last)) {
        f->path = NULL;
        f->dir = sub;
        return true;
    }
    return false;
}

/* Finds module NAME (its parent, if any, already imported as PARENT). */
static bool find_module(Interp *in, const char *name, Module *parent, Found *f)
{
    const char *dot = strrchr(name, '.');
    const char *last = dot ? dot + 1 : name;
    if (parent)
        return parent->dir && find_in_dir(in, parent->dir, last, f);
    for (int d = 0; d < in->n_search_paths; d++)
        if (find_in_dir(in, in->search_paths[d], last, f))
            return true;
    return false;
}

/* The directory of the package NAME is a submodule of (loaded or not),
 * NULL when it has none or is not a package. */
static const char *parent_dir(Interp *in, const char *name)
{
    const char *dot = strrchr(name, '.');
    if (!dot)
        return NULL;
    char *parent = arena_strndup(in->arena, name, (size_t)(dot - name));
    Value *pm = val_scope_get(in->modules, intern(&in->c->names, parent));
    if (pm && pm->kind == VK_MODULE)
        return pm->u.module->dir;
    const char *grand = parent_dir(in, parent);
    const char *pdot = strrchr(parent, '.');
    Found f;
    if (grand ? find_in_dir(in, grand, pdot + 1, &f) : !pdot && find_module(in, parent, NULL, &f))
        return f.dir;
    return NULL;
}

/* ImportError for module NAME, which is not there (as Python source). */
static Value *not_found(Interp *in, const char *name, Module *parent, Span span)
{
    const char *dot = strrchr(name, '.');
    const char *last = dot ? dot + 1 : name;
    const char *ext = NULL;
    const char *pdir = parent ? parent->dir : parent_dir(in, name);
    if (pdir)
        ext = find_extension(in, pdir, last);
    for (int d = 0; !dot && !ext && d < in->n_search_paths; d++)
        ext = find_extension(in, in->search_paths[d], last);
    if (ext)
        return interp_raise(in, in->cls.import_error, span, "module '%s' is a compiled extension (%s): "
                            "tsc2onnx reads Python source only", name, ext);
    if (dot)
        return interp_raise(in, in->cls.import_error, span, "No module named '%s'", name);
    return interp_raise(in, in->cls.import_error, span, "No module named '%s' (not in the stdlib of tsc2onnx, "
                        "the model's directory, -I, PYTHONPATH or the site directories)", name);
}

/* ---- running modules ---- */

/* Runs module M's body (its tree AST) in a frame whose locals are its
 * globals; an imported file's statements run as trials. */
static bool run_body(Interp *in, Module *m, const AstNode *ast, Span span)
{
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
    bool ok = true;
    const AstList *body = &ast->u.module.body;
    for (int i = 0; i < body->len && ok; i++) {
        const AstNode *s = body->items[i];
        if (m->library || s->kind == AST_IMPORT || s->kind == AST_IMPORT_FROM) {
            ok = run_tried(in, m, s);
        } else {
            AstList one = {&body->items[i], 1, 1};
            ok = interp_exec_block(in, &one) != EXEC_RAISE;
        }
    }
    in->frame = saved;
    in->depth = saved_depth;
    return ok;
}

/* Parses and runs a module's source.  A stdlib module (E) comes parsed and
 * checked: its tree is rebuilt from the bytes tools/embed packed when
 * tsc2onnx was built. */
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
    return run_body(in, m, ast, span);
}

static Value *load_stdlib(Interp *in, const char *name, const EmbeddedFile *e, Span span)
{
    Value *mv = new_module(in, name, arena_sprintf(in->arena, "<stdlib>/%s", name));
    native_install_module(in, mv->u.module);
    SourceFile *f = source_add_static(&in->c->arena, &in->c->sources, mv->u.module->path, e->text, e->len);
    /* the stdlib's own module-level code is not the model's work: the
     * step limit does not count it (where a model's endless loop is
     * stopped does not move when the stdlib grows) */
    long steps = in->steps;
    bool ok = run_module(in, mv, f, e, span);
    in->steps = steps;
    if (!ok)
        return in->exc ? NULL : val_error(in);
    return mv;
}

static void set_global(Interp *in, Module *m, const char *name, Value *v)
{
    val_scope_set(in->arena, m->globals, intern(&in->c->names, name), v);
}

/* An imported file (or namespace package): its dunders, then its body.  A
 * file that does not parse raises ImportError (the parse errors go with
 * it when the import is tried). */
static Value *load_file(Interp *in, const char *name, const Found *f, Span span)
{
    Value *mv = new_module(in, name, f->path ? f->path : f->dir);
    Module *m = mv->u.module;
    m->library = true;
    m->dir = f->dir;
    const char *dot = strrchr(name, '.');
    set_global(in, m, "__package__", f->dir ? val_cstr(in, name)
                                            : dot ? val_str(in, name, (size_t)(dot - name)) : val_cstr(in, ""));
    if (f->dir) {
        Value *path = val_list(in, 1);
        val_list_push(in, path->u.list, val_cstr(in, f->dir));
        set_global(in, m, "__path__", path);
    }
    if (!f->path) {
        m->loaded = true;   /* a namespace package has no code */
        return mv;
    }
    set_global(in, m, "__file__", val_cstr(in, f->path));
    const char *err = NULL;
    SourceFile *src = source_load(&in->c->arena, &in->c->sources, f->path, &err);
    if (!src)
        return interp_raise(in, in->cls.import_error, span, "cannot read module '%s' from '%s': %s", name,
                            f->path, err);
    int errors = in->c->diag.nerrors;
    AstNode *ast = parse_file(in->c, src);
    if (in->c->diag.nerrors == errors)
        parse_check_module(in->c, ast);
    if (in->c->diag.nerrors > errors)
        return interp_raise(in, in->cls.import_error, span, "module '%s' (%s) does not parse", name, f->path);
    if (!run_body(in, m, ast, span))
        return NULL;
    return mv;
}

static Value *import_one(Interp *in, const char *name, Module *parent, Span span)
{
    Value *m = val_scope_get(in->modules, intern(&in->c->names, name));
    if (m)
        return m;
    const EmbeddedFile *e = find_stdlib(name);
    if (e)
        return load_stdlib(in, name, e, span);
    if (is_native(name)) {
        Value *mv = new_module(in, name, "<native>");
        native_install_module(in, mv->u.module);
        mv->u.module->loaded = true;
        return mv;
    }
    Found f;
    if (!find_module(in, name, parent, &f))
        return not_found(in, name, parent, span);
    return load_file(in, name, &f, span);
}

/* Whether the deferred import V is `from CHILD import NAME` in CHILD's
 * package, NAME being CHILD's own name (`from .roi_align import
 * roi_align`): in Python the package's name ends up bound to what the
 * statement imports, not to the submodule. */
static bool binds_from_child(const Value *v, const char *child)
{
    const Lazy *l = v->u.lazy;
    return !l->cause && l->attr && l->module && strcmp(l->module, child) == 0;
}

/* Imports NAME and its parent packages (parents first); binds each child
 * into its parent and returns the innermost module. */
static Value *import_chain(Interp *in, const char *name, Span span)
{
    Value *parent = NULL, *m = NULL;
    size_t n = strlen(name);
    for (size_t i = 0; i <= n; i++) {
        if (name[i] != '.' && name[i] != '\0')
            continue;
        char *prefix = arena_strndup(in->arena, name, i);
        m = import_one(in, prefix, parent ? parent->u.module : NULL, span);
        if (!m || m->kind == VK_ERROR)
            return m;
        if (parent) {
            const char *last = intern(&in->c->names, prefix + (strrchr(prefix, '.') - prefix) + 1);
            Value *old = val_scope_get(parent->u.module->globals, last);
            if (!old || (old->kind == VK_LAZY && !binds_from_child(old, prefix))) {
                flow_write_scope(in, parent->u.module->globals);
                val_scope_set(in->arena, parent->u.module->globals, last, m);
            }
        }
        parent = m;
    }
    return m;
}

/* Whether module NAME would be found (without running anything). */
static bool module_exists(Interp *in, const char *name)
{
    if (val_scope_get(in->modules, intern(&in->c->names, name)) || find_stdlib(name) || is_native(name))
        return true;
    const char *dot = strrchr(name, '.');
    if (!dot) {
        Found f;
        return find_module(in, name, NULL, &f);
    }
    char *parent = arena_strndup(in->arena, name, (size_t)(dot - name));
    Value *pm = val_scope_get(in->modules, intern(&in->c->names, parent));
    if (pm && pm->kind == VK_MODULE) {
        Found f;
        return find_module(in, name, pm->u.module, &f);
    }
    if (find_stdlib(parent))
        return false;       /* a stdlib package has its submodules in the stdlib */
    /* the parent is not loaded: find it, then the child in its directory */
    Found pf;
    if (!module_exists(in, parent))
        return false;
    const char *pdot = strrchr(parent, '.');
    if (!pdot) {
        if (!find_module(in, parent, NULL, &pf))
            return false;
    } else {
        return true;        /* deeper chains are checked when imported */
    }
    return pf.dir && find_in_dir(in, pf.dir, dot + 1, &pf);
}

/* The package a relative import inside FROM is relative to. */
static const char *relative_base(Interp *in, Module *from, int level, Span span)
{
    bool is_package = from->dir != NULL || strstr(from->path, "__init__.") != NULL;
    int strip = is_package ? level - 1 : level;
    char *b = arena_strdup(in->arena, from->name);
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

static const char *absolute_name(Interp *in, const char *name, int level, Module *from, Span span)
{
    if (level <= 0)
        return name;
    if (!from || strcmp(from->name, "__main__") == 0) {
        interp_raise(in, in->cls.import_error, span, "attempted relative import with no known parent package");
        return NULL;
    }
    const char *base = relative_base(in, from, level, span);
    if (!base)
        return NULL;
    return name && *name ? arena_sprintf(in->arena, "%s.%s", base, name) : base;
}

Value *interp_import(Interp *in, const char *name, Span span, int level, Module *from)
{
    if (level > 0) {
        name = absolute_name(in, name, level, from, span);
        if (!name)
            return in->exc ? NULL : val_error(in);
    }
    if (level < 0 && !module_exists(in, name))
        return NULL;    /* attribute access on a package: only modules that exist */
    /* loading a module is not one run-time branch's effect (see
     * interp_read_lazy): outside the graph and any region */
    struct Region *region = in->region;
    bool lowering = in->lowering;
    in->region = NULL;
    in->lowering = false;
    Value *m = import_chain(in, name, span);
    in->region = region;
    in->lowering = lowering;
    return m;
}

/* ---- reading lazy bindings ---- */

/* Attribute ATTR of module MV, importing the submodule MV.ATTR when MV
 * does not define it (`from pkg import submodule`). */
static Value *module_attr(Interp *in, Value *mv, const char *attr, Span span, int depth)
{
    Module *m = mv->u.module;
    Value *v = val_scope_get(m->globals, attr);
    if (v && v->kind == VK_LAZY && !v->u.lazy->cause && v->u.lazy->attr == attr &&
        strcmp(v->u.lazy->module, m->name) == 0)
        v = NULL;       /* `from pkg import sub` inside pkg itself: the submodule */
    if (v)
        return v->kind == VK_LAZY ? resolve(in, v, attr, span, depth + 1) : v;
    const char *full = arena_sprintf(in->arena, "%s.%s", m->name, attr);
    Value *sub = module_exists(in, full) ? import_chain(in, full, span) : NULL;
    if (sub || in->exc)
        return sub;
    /* an ImportError still, which a model may catch (as on an older
     * PyTorch), saying why */
    const char *pt_owner = native_pytorch_owner(in, mv);
    const char *near = native_suggest_attr(in, mv, attr);
    const char *hint = pt_owner && native_pytorch_has(pt_owner, attr)
                       ? arena_sprintf(in->arena, ": %s.%s exists in PyTorch but is not supported yet", pt_owner, attr)
                       : pt_owner ? native_missing_hint(in, mv, NULL, attr)
                       : near ? arena_sprintf(in->arena, "; did you mean '%s'?", near) : "";
    return interp_raise(in, in->cls.import_error, span, "cannot import name '%s' from '%s'%s%s%s%s", attr, m->name,
                        m->path[0] == '<' ? "" : " (", m->path[0] == '<' ? "" : m->path,
                        m->path[0] == '<' ? "" : ")", hint);
}

static Value *resolve(Interp *in, Value *v, const char *name, Span span, int depth)
{
    Lazy *z = v->u.lazy;
    if (z->cause)
        return report_failure(in, z, name, span);
    if (depth > 64)
        return interp_error(in, span, "'%s': imports refer to each other in a circle", name);
    Value *m = import_chain(in, z->module, span);
    if (!m || m->kind == VK_ERROR || !z->attr)
        return m;
    return module_attr(in, m, z->attr, span, depth);
}

/* A deferred import may be made while forward() runs, even inside a
 * run-time branch or loop body: the module is loaded as at module level,
 * outside the graph and outside any region (its effects are not one
 * branch's), and the binding is replaced without the write barrier (the
 * name means the same thing before and after; a region that puts the old
 * state back only makes it be read again). */
Value *interp_read_lazy(Interp *in, Scope *s, const char *name, Value *v, Span span)
{
    if (v->u.lazy->cause)
        return report_failure(in, v->u.lazy, name, span);
    /* the import runs as a trial: if it fails, the binding becomes a
     * failure whose cause is the import's first error */
    struct Region *region = in->region;
    bool lowering = in->lowering;
    in->region = NULL;
    in->lowering = false;
    Diag *d = &in->c->diag;
    DiagTrial t;
    diag_trial_begin(d, in->arena, &t);
    Value *r = resolve(in, v, name, span, 0);
    in->region = region;
    in->lowering = lowering;
    if (!r && in->exc && interp_exc_catchable(in)) {
        const HeldDiag *err = diag_trial_first_error(d, &t);
        const char *cause = err ? err->msg : exception_text(in, in->exc);
        Span where = err ? err->span : v->u.lazy->where;
        diag_trial_end(d, &t, false);
        in->exc = NULL;
        Value *failure = new_lazy(in, v->u.lazy->module, NULL, cause, where);
        failure->u.lazy->import_failed = true;
        if (val_scope_get(s, name) == v)
            val_scope_set(in->arena, s, name, failure);
        return report_failure(in, failure->u.lazy, name, span);
    }
    diag_trial_end(d, &t, true);
    if (r && r->kind != VK_ERROR && r->kind != VK_LAZY && val_scope_get(s, name) == v)
        val_scope_set(in->arena, s, name, r);   /* read once */
    return r;
}

/* ---- import statements ---- */

static void bind_local(Interp *in, const char *name, Value *v)
{
    flow_write_scope(in, in->frame->locals);
    val_scope_set(in->arena, in->frame->locals, intern(&in->c->names, name), v);
}

/* Whether an import here may be deferred: at module level, outside any
 * `try` (whose handlers may expect the ImportError now). */
static bool may_defer(Interp *in)
{
    Frame *f = in->frame;
    return f->module && !f->func && f->locals == f->globals && in->try_depth == 0;
}

/* Stdlib modules are loaded at the statement, as before: cheap, and the
 * order their module-level code runs in stays fixed. */
static bool is_builtin_module(const char *name)
{
    const char *dot = strchr(name, '.');
    char top[64];
    size_t n = dot ? (size_t)(dot - name) : strlen(name);
    if (n >= sizeof top)
        return false;
    memcpy(top, name, n);
    top[n] = '\0';
    return find_stdlib(top) || is_native(top);
}

/* from M import *: the names M's __all__ lists when it has one (a list or
 * tuple of str), else every global of M not starting with '_', as in Python. */
static ExecStatus import_star(Interp *in, Value *mod, Span span)
{
    if (mod->kind != VK_MODULE)
        return EXEC_NORMAL;
    Scope *g = mod->u.module->globals;
    Value *all = val_scope_get(g, intern(&in->c->names, "__all__"));
    if (all && all->kind == VK_LAZY)
        all = interp_read_lazy(in, g, intern(&in->c->names, "__all__"), all, span);
    if (!all) {
        for (int k = 0; k < g->len; k++)
            if (g->entries[k].value && g->entries[k].name[0] != '_')
                bind_local(in, g->entries[k].name, g->entries[k].value);
        return in->exc ? EXEC_RAISE : EXEC_NORMAL;
    }
    if (all->kind == VK_ERROR)
        return EXEC_NORMAL;
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
        const char *id = intern(&in->c->names, name->u.s.ptr);
        Value *v = val_scope_get(g, id);
        if (!v) {
            v = module_attr(in, mod, id, span, 0);  /* a submodule listed in __all__ */
            if (!v)
                return EXEC_RAISE;
        }
        bind_local(in, id, v);
    }
    return EXEC_NORMAL;
}

/* The value `from MOD import NAME` binds: MOD's binding as it is (a lazy
 * one stays lazy), else the submodule MOD.NAME. */
static Value *from_import_value(Interp *in, Value *mod, const char *name, Span span)
{
    if (mod->kind != VK_MODULE)
        return interp_lookup_attr(in, mod, name, span);
    Value *v = val_scope_get(mod->u.module->globals, name);
    if (v)
        return v;
    if (mod->u.module->onnx_ops)
        return native_onnx_op(in, mod->u.module, name);
    return module_attr(in, mod, name, span, 0);
}

static ExecStatus import_from(Interp *in, const AstNode *s)
{
    const char *name = absolute_name(in, s->u.import.module, s->u.import.level, in->frame->module, s->span);
    if (!name)
        return in->exc ? EXEC_RAISE : EXEC_NORMAL;
    bool star = s->u.import.names.len == 1 && strcmp(s->u.import.names.items[0]->u.alias.name, "*") == 0;
    Value *loaded = val_scope_get(in->modules, intern(&in->c->names, name));
    if (!loaded && !star && may_defer(in) && !is_builtin_module(name)) {
        if (!module_exists(in, name))
            return not_found(in, name, NULL, s->span) ? EXEC_NORMAL : EXEC_RAISE;
        for (int i = 0; i < s->u.import.names.len; i++) {
            const AstNode *a = s->u.import.names.items[i];
            const char *attr = intern(&in->c->names, a->u.alias.name);
            bind_local(in, a->u.alias.asname ? a->u.alias.asname : attr,
                       new_lazy(in, intern(&in->c->names, name), attr, NULL, a->span));
        }
        return EXEC_NORMAL;
    }
    Value *mod = import_chain(in, name, s->span);
    if (!mod)
        return EXEC_RAISE;
    if (mod->kind == VK_ERROR)
        return EXEC_NORMAL;
    for (int i = 0; i < s->u.import.names.len; i++) {
        const AstNode *a = s->u.import.names.items[i];
        const char *attr = a->u.alias.name;
        if (strcmp(attr, "*") == 0) {
            if (import_star(in, mod, a->span) == EXEC_RAISE)
                return EXEC_RAISE;
            continue;
        }
        Value *v = from_import_value(in, mod, intern(&in->c->names, attr), a->span);
        if (!v)
            return EXEC_RAISE;
        bind_local(in, a->u.alias.asname ? a->u.alias.asname : attr, v);
    }
    return EXEC_NORMAL;
}

/* import a.b.c [as d] */
static ExecStatus import_module(Interp *in, const AstNode *alias)
{
    const char *full = alias->u.alias.name;
    const char *dot = strchr(full, '.');
    const char *top = dot ? arena_strndup(in->arena, full, (size_t)(dot - full)) : full;
    const char *bound = alias->u.alias.asname ? alias->u.alias.asname : top;
    const char *target = alias->u.alias.asname ? full : top;
    Value *loaded = val_scope_get(in->modules, intern(&in->c->names, full));
    if (!loaded && may_defer(in) && !is_builtin_module(full)) {
        if (!module_exists(in, full))
            return not_found(in, full, NULL, alias->span) ? EXEC_NORMAL : EXEC_RAISE;
        /* `import a.b.c` binds a: the submodules load when read from it */
        bind_local(in, bound, new_lazy(in, intern(&in->c->names, target), NULL, NULL, alias->span));
        return EXEC_NORMAL;
    }
    Value *m = import_chain(in, full, alias->span);
    if (!m)
        return EXEC_RAISE;
    if (m->kind == VK_ERROR)
        return EXEC_NORMAL;
    bind_local(in, bound, alias->u.alias.asname ? m : val_scope_get(in->modules, intern(&in->c->names, top)));
    return EXEC_NORMAL;
}

ExecStatus interp_exec_import(Interp *in, const AstNode *s)
{
    if (s->kind == AST_IMPORT_FROM)
        return import_from(in, s);
    for (int i = 0; i < s->u.import.names.len; i++)
        if (import_module(in, s->u.import.names.items[i]) == EXEC_RAISE)
            return EXEC_RAISE;
    return EXEC_NORMAL;
}

/* ---- the model's own file and --library files ---- */

static Value *load_top_file(Interp *in, const char *name, const char *path)
{
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
    Value *mv = new_module(in, name, f->path);
    set_global(in, mv->u.module, "__file__", val_cstr(in, path));
    if (!run_module(in, mv, f, NULL, SPAN_NONE)) {
        if (in->exc)
            interp_report_uncaught(in);
        return val_error(in);
    }
    return mv;
}

Value *interp_load_main(Interp *in, const char *path)
{
    if (!path) {
        /* no model file (--entry EXPRESSION): an empty __main__ */
        Value *mv = new_module(in, "__main__", "<entry>");
        mv->u.module->loaded = true;
        return mv;
    }
    return load_top_file(in, "__main__", path);
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
    return load_top_file(in, name, path);
}

/* ---- importlib.import_module (stdlib/importlib.ts) ---- */

static Value *n_import_module(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Value *name = interp_arg(a, 0, NULL);
    if (!name || name->kind != VK_STR)
        return interp_raise(in, in->cls.type_error, span, "import_module() expects a module name");
    Value *m = import_chain(in, intern(&in->c->names, name->u.s.ptr), span);
    return m;
}

/* The natives of this file, in _native (sema/native/native.c). */
const Builtin interp_import_natives[] = {
    {"import_module", n_import_module, NULL},
};
const int interp_import_natives_count = (int)(sizeof interp_import_natives / sizeof interp_import_natives[0]);

/* ---- globals(): the module's namespace as a mapping ----
 *
 * A live view, as in Python: `globals()[name] = v` binds a module-level
 * name (torchaudio's lazy module attributes do this).  Reading a deferred
 * import through it makes the import; a failed binding reads as absent. */

static Module *view_module(Interp *in, CallArgs *a, Span span)
{
    Value *self = interp_arg(a, 0, NULL);
    Value *m = self && self->kind == VK_INSTANCE ? val_scope_get(self->u.inst->attrs, intern(&in->c->names, "_module"))
                                                 : NULL;
    if (!m || m->kind != VK_MODULE) {
        interp_error(in, span, "globals(): not a namespace view");
        return NULL;
    }
    return m->u.module;
}

/* NAME's value, lazy bindings read; NULL when unbound or failed. */
static Value *view_get(Interp *in, Module *m, const char *name, Span span)
{
    Value *v = val_scope_get(m->globals, name);
    if (v && v->kind == VK_LAZY) {
        if (v->u.lazy->cause)
            return NULL;
        v = interp_read_lazy(in, m->globals, name, v, span);
    }
    return v;
}

static const char *key_name(Interp *in, CallArgs *a, int i, Span span)
{
    Value *k = interp_arg(a, i, NULL);
    if (!k || k->kind != VK_STR) {
        interp_raise(in, in->cls.type_error, span, "globals() keys are strings");
        return NULL;
    }
    return intern(&in->c->names, k->u.s.ptr);
}

static Value *view_getitem(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Module *m = view_module(in, a, span);
    const char *name = m ? key_name(in, a, 1, span) : NULL;
    if (!name)
        return in->exc ? NULL : val_error(in);
    Value *v = view_get(in, m, name, span);
    if (!v && !in->exc)
        return interp_raise(in, in->cls.key_error, span, "'%s'", name);
    return v;
}

static Value *view_get_method(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Module *m = view_module(in, a, span);
    const char *name = m ? key_name(in, a, 1, span) : NULL;
    if (!name)
        return in->exc ? NULL : val_error(in);
    Value *v = view_get(in, m, name, span);
    Value *dflt = interp_arg(a, 2, "default");
    return v ? v : in->exc ? NULL : dflt ? dflt : val_none(in);
}

static Value *view_setitem(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Module *m = view_module(in, a, span);
    const char *name = m ? key_name(in, a, 1, span) : NULL;
    Value *v = interp_arg(a, 2, NULL);
    if (!name || !v)
        return in->exc ? NULL : val_error(in);
    flow_write_scope(in, m->globals);
    val_scope_set(in->arena, m->globals, name, v);
    return val_none(in);
}

static Value *view_contains(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Module *m = view_module(in, a, span);
    const char *name = m ? key_name(in, a, 1, span) : NULL;
    if (!name)
        return in->exc ? NULL : val_error(in);
    Value *v = val_scope_get(m->globals, name);
    return val_bool(in, v && !(v->kind == VK_LAZY && v->u.lazy->cause));
}

/* The names bound (failed bindings left out), in binding order. */
static Value *view_keys(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    Module *m = view_module(in, a, span);
    if (!m)
        return val_error(in);
    Value *l = val_list(in, m->globals->len);
    for (int i = 0; i < m->globals->len; i++) {
        Value *v = m->globals->entries[i].value;
        if (v && !(v->kind == VK_LAZY && v->u.lazy->cause))
            val_list_push(in, l->u.list, val_cstr(in, m->globals->entries[i].name));
    }
    return l;
}

static Value *view_items(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    Value *keys = view_keys(in, a, span, self);
    Module *m = keys->kind == VK_LIST ? view_module(in, a, span) : NULL;
    if (!m)
        return keys;
    Value *l = val_list(in, keys->u.list->len);
    for (int i = 0; i < keys->u.list->len; i++) {
        const char *name = intern(&in->c->names, keys->u.list->items[i]->u.s.ptr);
        Value *v = view_get(in, m, name, span);
        if (!v)
            return in->exc ? NULL : val_error(in);
        Value *t = val_tuple(in, 2);
        val_list_push(in, t->u.list, keys->u.list->items[i]);
        val_list_push(in, t->u.list, v);
        val_list_push(in, l->u.list, t);
    }
    return l;
}

static Value *view_len(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    Value *keys = view_keys(in, a, span, self);
    return keys->kind == VK_LIST ? val_int(in, keys->u.list->len) : keys;
}

static Value *bi_globals(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    if (!interp_args_check(in, a, "globals", 0, 0, NULL, span))
        return val_error(in);
    if (!in->globals_view) {
        static const struct { const char *name; BuiltinFn fn; } methods[] = {
            {"__getitem__", view_getitem}, {"__setitem__", view_setitem}, {"__contains__", view_contains},
            {"get", view_get_method}, {"keys", view_keys}, {"__iter__", view_keys}, {"items", view_items},
            {"__len__", view_len},
        };
        Scope *dict = flow_scope_new(in);
        for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
            val_scope_set(in->arena, dict, intern(&in->c->names, methods[i].name),
                          interp_make_builtin(in, methods[i].name, methods[i].fn, NULL));
        in->globals_view = interp_make_class(in, intern(&in->c->names, "globals"), &in->cls.object, 1, dict,
                                             NULL, SPAN_NONE);
    }
    Value *v = val_none(in);
    v->kind = VK_INSTANCE;
    v->u.inst = arena_alloc(in->arena, sizeof(Instance));
    v->u.inst->cls = in->globals_view;
    v->u.inst->attrs = flow_scope_new(in);
    Value *mv = val_none(in);
    mv->kind = VK_MODULE;
    mv->u.module = in->frame->module;
    val_scope_set(in->arena, v->u.inst->attrs, intern(&in->c->names, "_module"), mv);
    return v;
}

/* __import__(name, globals=None, locals=None, fromlist=(), level=0): the
 * absolute imports of Python's builtin; without a fromlist it gives the
 * top-level package, as Python does. */
static Value *bi_import(Interp *in, CallArgs *a, Span span, const Builtin *self)
{
    (void)self;
    static const char *const kw[] = {"name", "globals", "locals", "fromlist", "level", NULL};
    if (!interp_args_check(in, a, "__import__", 1, 5, kw, span))
        return val_error(in);
    Value *name = interp_arg(a, 0, "name");
    Value *fromlist = interp_arg(a, 3, "fromlist");
    Value *level = interp_arg(a, 4, "level");
    if (!name || name->kind != VK_STR)
        return interp_raise(in, in->cls.type_error, span, "__import__() argument 1 must be str");
    if (level && !(level->kind == VK_INT && level->u.i == 0))
        return interp_error(in, span, "__import__ with a level (a relative import) is not supported; "
                            "use a 'from . import' statement");
    Value *m = import_chain(in, intern(&in->c->names, name->u.s.ptr), span);
    Value *wants_module = fromlist ? interp_truth(in, fromlist, span) : NULL;
    if (!m || m->kind == VK_ERROR || (wants_module && wants_module->kind == VK_BOOL && wants_module->u.b))
        return m;
    const char *dot = strchr(name->u.s.ptr, '.');
    if (!dot)
        return m;
    Value *top = val_scope_get(in->modules, intern(&in->c->names, arena_strndup(in->arena, name->u.s.ptr,
                                                                              (size_t)(dot - name->u.s.ptr))));
    return top ? top : m;
}

void interp_install_module_builtins(Interp *in)
{
    val_scope_set(in->arena, in->builtins, intern(&in->c->names, "__import__"),
                  interp_make_builtin(in, "__import__", bi_import, NULL));
    val_scope_set(in->arena, in->builtins, intern(&in->c->names, "globals"),
                  interp_make_builtin(in, "globals", bi_globals, NULL));
}
