/* Symbolic dimensions: canonical polynomials over named symbols and opaque
 * floor-division / modulo atoms, used by shape inference (ir/shape*.c) to
 * say "2*N" or "(N+1)//2" instead of "unknown".  See ir/symdim.h for the
 * canonical form.  Everything lives in the compilation's arena; texts are
 * interned so that equal expressions compare by pointer. */
#include "ir/symdim.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The state of one computation: where to allocate, and whether an integer
 * overflowed on the way (the result is then unknown, never wrong). */
typedef struct SymOps {
    Arena *arena;
    Interner *names;
    bool overflow;
} SymOps;

/* ---- monomials and terms ---------------------------------------------- */

static int atom_cmp(const SymDim *x, const SymDim *y)
{
    return x->text == y->text ? 0 : strcmp(x->text, y->text);
}

/* The monomial order: higher degree first, then factor by factor.  For
 * factors sorted by text this is the graded lexicographic order, which is
 * compatible with multiplication (exact division relies on that). */
static int term_order(const SymTerm *x, const SymTerm *y)
{
    if (x->n != y->n)
        return x->n > y->n ? -1 : 1;
    for (int i = 0; i < x->n; i++) {
        int c = atom_cmp(x->atoms[i], y->atoms[i]);
        if (c)
            return c;
    }
    return 0;
}

static int term_qsort_cmp(const void *x, const void *y)
{
    return term_order(x, y);
}

static int atom_qsort_cmp(const void *x, const void *y)
{
    return atom_cmp(*(const SymDim *const *)x, *(const SymDim *const *)y);
}

typedef struct TermBuf {
    SymTerm *terms;
    int n, cap;
} TermBuf;

static void buf_push(SymOps *o, TermBuf *b, int64_t coef, int n, const SymDim *const *atoms)
{
    if (coef == 0)
        return;
    if (b->n == b->cap) {
        int cap = b->cap ? 2 * b->cap : 8;
        b->terms = arena_grow(o->arena, b->terms, sizeof(SymTerm) * (size_t)b->cap,
                              sizeof(SymTerm) * (size_t)cap);
        b->cap = cap;
    }
    b->terms[b->n++] = (SymTerm){coef, n, atoms};
}

static int64_t add_i64(SymOps *o, int64_t x, int64_t y)
{
    int64_t r;
    if (__builtin_add_overflow(x, y, &r)) {
        o->overflow = true;
        return 0;
    }
    return r;
}

static int64_t mul_i64(SymOps *o, int64_t x, int64_t y)
{
    int64_t r;
    if (__builtin_mul_overflow(x, y, &r)) {
        o->overflow = true;
        return 0;
    }
    return r;
}

/* Sorts the terms, merges equal monomials and drops zero coefficients. */
static SymPoly buf_finish(SymOps *o, TermBuf *b)
{
    if (b->n > 1)
        qsort(b->terms, (size_t)b->n, sizeof(SymTerm), term_qsort_cmp);
    int out = 0;
    for (int i = 0; i < b->n; i++) {
        if (out > 0 && term_order(&b->terms[out - 1], &b->terms[i]) == 0)
            b->terms[out - 1].coef = add_i64(o, b->terms[out - 1].coef, b->terms[i].coef);
        else
            b->terms[out++] = b->terms[i];
        if (b->terms[out - 1].coef == 0)
            out--;
    }
    return (SymPoly){out, b->terms};
}

/* ---- polynomial arithmetic --------------------------------------------- */

static SymPoly poly_const(SymOps *o, int64_t c)
{
    TermBuf b = {0};
    buf_push(o, &b, c, 0, NULL);
    return buf_finish(o, &b);
}

static bool poly_is_const(SymPoly p, int64_t *c)
{
    if (p.nterms == 0) {
        *c = 0;
        return true;
    }
    if (p.nterms == 1 && p.terms[0].n == 0) {
        *c = p.terms[0].coef;
        return true;
    }
    return false;
}

static bool poly_equal(SymPoly p, SymPoly q)
{
    if (p.nterms != q.nterms)
        return false;
    for (int i = 0; i < p.nterms; i++)
        if (p.terms[i].coef != q.terms[i].coef || term_order(&p.terms[i], &q.terms[i]) != 0)
            return false;
    return true;
}

/* P + SIGN * Q */
static SymPoly poly_add(SymOps *o, SymPoly p, SymPoly q, int64_t sign)
{
    TermBuf b = {0};
    for (int i = 0; i < p.nterms; i++)
        buf_push(o, &b, p.terms[i].coef, p.terms[i].n, p.terms[i].atoms);
    for (int i = 0; i < q.nterms; i++)
        buf_push(o, &b, mul_i64(o, sign, q.terms[i].coef), q.terms[i].n, q.terms[i].atoms);
    return buf_finish(o, &b);
}

static const SymDim *const *atoms_concat(SymOps *o, const SymTerm *x, const SymTerm *y)
{
    int n = x->n + y->n;
    if (n == 0)
        return NULL;
    const SymDim **atoms = arena_alloc(o->arena, sizeof(SymDim *) * (size_t)n);
    for (int i = 0; i < x->n; i++)
        atoms[i] = x->atoms[i];
    for (int i = 0; i < y->n; i++)
        atoms[x->n + i] = y->atoms[i];
    qsort(atoms, (size_t)n, sizeof(SymDim *), atom_qsort_cmp);
    return atoms;
}

static SymPoly poly_mul(SymOps *o, SymPoly p, SymPoly q)
{
    TermBuf b = {0};
    for (int i = 0; i < p.nterms; i++)
        for (int j = 0; j < q.nterms; j++)
            buf_push(o, &b, mul_i64(o, p.terms[i].coef, q.terms[j].coef),
                     p.terms[i].n + q.terms[j].n, atoms_concat(o, &p.terms[i], &q.terms[j]));
    return buf_finish(o, &b);
}

static SymPoly poly_scale(SymOps *o, SymPoly p, int64_t c)
{
    return poly_mul(o, p, poly_const(o, c));
}

static int64_t gcd_i64(int64_t x, int64_t y)
{
    if (x < 0)
        x = -x;
    if (y < 0)
        y = -y;
    while (y) {
        int64_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

/* The gcd of all coefficients (0 for the zero polynomial). */
static int64_t poly_content(SymPoly p)
{
    int64_t g = 0;
    for (int i = 0; i < p.nterms; i++)
        g = gcd_i64(g, p.terms[i].coef);
    return g;
}

/* P / C for a C dividing every coefficient. */
static SymPoly poly_div_const(SymOps *o, SymPoly p, int64_t c)
{
    TermBuf b = {0};
    for (int i = 0; i < p.nterms; i++)
        buf_push(o, &b, p.terms[i].coef / c, p.terms[i].n, p.terms[i].atoms);
    return buf_finish(o, &b);
}

static int64_t floordiv_i64(int64_t x, int64_t y)
{
    int64_t q = x / y;
    if ((x % y != 0) && ((x < 0) != (y < 0)))
        q--;
    return q;
}

static int64_t floormod_i64(int64_t x, int64_t y)
{
    return x - floordiv_i64(x, y) * y;
}

/* Whether monomial D divides monomial M (as multisets of factors); the
 * factors of M / D go to REST (capacity m->n). */
static bool monomial_divides(const SymTerm *d, const SymTerm *m, const SymDim **rest, int *nrest)
{
    int i = 0, j = 0, k = 0;
    while (j < m->n) {
        int c = i < d->n ? atom_cmp(d->atoms[i], m->atoms[j]) : 1;
        if (c == 0) {
            i++;
            j++;
        } else if (c > 0) {
            rest[k++] = m->atoms[j++];
        } else {
            return false;
        }
    }
    *nrest = k;
    return i == d->n;
}

/* Exact division P = Q * R by repeated division of leading terms; false
 * when Q does not divide P as a polynomial. */
static bool poly_divide_exact(SymOps *outer, SymPoly p, SymPoly q, SymPoly *r)
{
    SymOps ops = {outer->arena, outer->names, false}, *o = &ops;
    if (q.nterms == 0)
        return false;
    const SymTerm *lead = &q.terms[0];
    TermBuf quot = {0};
    SymPoly rem = p;
    for (int steps = 0; rem.nterms > 0; steps++) {
        const SymTerm *t = &rem.terms[0];
        if (steps > 4096 || t->coef % lead->coef != 0)
            return false;
        const SymDim **rest = arena_alloc(o->arena, sizeof(SymDim *) * (size_t)(t->n + 1));
        int nrest;
        if (!monomial_divides(lead, t, rest, &nrest))
            return false;
        SymTerm step = {t->coef / lead->coef, nrest, nrest ? rest : NULL};
        buf_push(o, &quot, step.coef, step.n, step.atoms);
        TermBuf sb = {0};
        buf_push(o, &sb, step.coef, step.n, step.atoms);
        rem = poly_add(o, rem, poly_mul(o, buf_finish(o, &sb), q), -1);
        if (o->overflow)
            return false;
    }
    *r = buf_finish(o, &quot);
    return true;
}

/* ---- text ---------------------------------------------------------------- */

typedef struct TextBuf {
    char *s;
    size_t len, cap;
} TextBuf;

static void text_put(Arena *a, TextBuf *t, const char *s)
{
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 32;
        while (cap < t->len + n + 1)
            cap *= 2;
        t->s = arena_grow(a, t->s, t->cap, cap);
        t->cap = cap;
    }
    memcpy(t->s + t->len, s, n + 1);
    t->len += n;
}

static void poly_write(Arena *a, TextBuf *t, SymPoly p);

/* A polynomial that prints as one name or a nonnegative number needs no
 * parentheses as an operand of // or %. */
static bool poly_is_simple(SymPoly p)
{
    int64_t c;
    if (poly_is_const(p, &c))
        return c >= 0;
    return p.nterms == 1 && p.terms[0].coef == 1 && p.terms[0].n == 1 &&
           p.terms[0].atoms[0]->kind == SYM_NAME;
}

static void operand_write(Arena *a, TextBuf *t, SymPoly p)
{
    bool paren = !poly_is_simple(p);
    if (paren)
        text_put(a, t, "(");
    poly_write(a, t, p);
    if (paren)
        text_put(a, t, ")");
}

static void term_write(Arena *a, TextBuf *t, const SymTerm *term, bool first)
{
    char num[32];
    int64_t c = term->coef;
    if (c < 0)
        text_put(a, t, "-");
    else if (!first)
        text_put(a, t, "+");
    uint64_t mag = c < 0 ? (uint64_t)0 - (uint64_t)c : (uint64_t)c;
    if (term->n == 0 || mag != 1) {
        snprintf(num, sizeof num, "%llu", (unsigned long long)mag);
        text_put(a, t, num);
        if (term->n > 0)
            text_put(a, t, "*");
    }
    bool alone = c == 1 && term->n == 1;
    for (int i = 0; i < term->n; i++) {
        const SymDim *f = term->atoms[i];
        bool paren = f->kind != SYM_NAME && !alone;
        if (i > 0)
            text_put(a, t, "*");
        text_put(a, t, paren ? "(" : "");
        text_put(a, t, f->text);
        text_put(a, t, paren ? ")" : "");
    }
}

static void poly_write(Arena *a, TextBuf *t, SymPoly p)
{
    if (p.nterms == 0)
        text_put(a, t, "0");
    for (int i = 0; i < p.nterms; i++)
        term_write(a, t, &p.terms[i], i == 0);
}

/* ---- building SymDims and Dims -------------------------------------------- */

static void set_self_poly(SymOps *o, SymDim *s)
{
    const SymDim **self = arena_alloc(o->arena, sizeof(SymDim *));
    self[0] = s;
    SymTerm *t = arena_alloc(o->arena, sizeof(SymTerm));
    *t = (SymTerm){1, 1, self};
    s->poly = (SymPoly){1, t};
}

const SymDim *symdim_named(Arena *a, Interner *names, const char *name)
{
    SymOps o = {a, names, false};
    SymDim *s = arena_alloc(a, sizeof *s);
    s->kind = SYM_NAME;
    s->text = intern(names, name);
    s->name = s->text;
    set_self_poly(&o, s);
    return s;
}

const char *symdim_text(const SymDim *s)
{
    return s ? s->text : NULL;
}

/* An opaque NUM // DEN or NUM % DEN. */
static const SymDim *make_atom(SymOps *o, SymKind kind, SymPoly num, SymPoly den)
{
    TextBuf t = {0};
    operand_write(o->arena, &t, num);
    text_put(o->arena, &t, kind == SYM_FLOORDIV ? "//" : "%");
    operand_write(o->arena, &t, den);
    SymDim *s = arena_alloc(o->arena, sizeof *s);
    s->kind = kind;
    s->text = intern(o->names, t.s);
    s->num = num;
    s->den = den;
    set_self_poly(o, s);
    return s;
}

static SymPoly atom_poly(const SymDim *atom)
{
    return atom->poly;
}

static Dim poly_to_dim(SymOps *o, SymPoly p)
{
    int64_t c;
    if (o->overflow)
        return dim_unknown();
    if (poly_is_const(p, &c))
        return c >= 0 ? dim_known(c) : dim_unknown();
    if (p.nterms == 1 && p.terms[0].coef == 1 && p.terms[0].n == 1)
        return dim_sym(p.terms[0].atoms[0]);
    TextBuf t = {0};
    poly_write(o->arena, &t, p);
    SymDim *s = arena_alloc(o->arena, sizeof *s);
    s->kind = SYM_POLY;
    s->text = intern(o->names, t.s);
    s->poly = p;
    return dim_sym(s);
}

static bool dim_to_poly(SymOps *o, Dim d, SymPoly *p)
{
    if (dim_is_known(d)) {
        *p = poly_const(o, d.value);
        return true;
    }
    if (!d.sym)
        return false;
    *p = d.sym->poly;
    return true;
}

/* ---- floor division and modulo -------------------------------------------- */

/* P = C*A + B with the coefficients of B in [0, C) (C > 0). */
static void poly_split(SymOps *o, SymPoly p, int64_t c, SymPoly *quot, SymPoly *rest)
{
    TermBuf qa = {0}, rb = {0};
    for (int i = 0; i < p.nterms; i++) {
        const SymTerm *t = &p.terms[i];
        buf_push(o, &qa, floordiv_i64(t->coef, c), t->n, t->atoms);
        buf_push(o, &rb, floormod_i64(t->coef, c), t->n, t->atoms);
    }
    *quot = buf_finish(o, &qa);
    *rest = buf_finish(o, &rb);
}

/* P // C for a constant C > 0. */
static SymPoly floordiv_const(SymOps *o, SymPoly p, int64_t c)
{
    SymPoly quot, rest;
    int64_t k;
    poly_split(o, p, c, &quot, &rest);
    if (poly_is_const(rest, &k))
        return quot;                    /* 0 <= k < c: floor(k / c) = 0 */
    /* (x // d) // c = x // (d*c) for positive d and c */
    if (rest.nterms == 1 && rest.terms[0].coef == 1 && rest.terms[0].n == 1) {
        const SymDim *inner = rest.terms[0].atoms[0];
        int64_t d;
        if (inner->kind == SYM_FLOORDIV && poly_is_const(inner->den, &d)) {
            int64_t dc = mul_i64(o, d, c);
            return o->overflow ? quot : poly_add(o, quot, floordiv_const(o, inner->num, dc), 1);
        }
    }
    int64_t g = gcd_i64(poly_content(rest), c);
    SymPoly atom = atom_poly(make_atom(o, SYM_FLOORDIV, poly_div_const(o, rest, g),
                                       poly_const(o, c / g)));
    return poly_add(o, quot, atom, 1);
}

/* P % C for a constant C > 0. */
static SymPoly mod_const(SymOps *o, SymPoly p, int64_t c)
{
    SymPoly quot, rest;
    int64_t k;
    poly_split(o, p, c, &quot, &rest);
    if (poly_is_const(rest, &k))
        return rest;
    int64_t g = gcd_i64(poly_content(rest), c);
    SymPoly atom = atom_poly(make_atom(o, SYM_MOD, poly_div_const(o, rest, g),
                                       poly_const(o, c / g)));
    return poly_scale(o, atom, g);
}

/* Divides P and Q by the factors every term of both has in common:
 * (M*N)//(2*M) is N//2 (M = 0 would divide by zero anyway). */
static void common_factor(SymOps *o, SymPoly *p, SymPoly *q)
{
    const SymTerm *first = &q->terms[0];
    SymTerm common = {1, 0, NULL};
    const SymDim **atoms = arena_alloc(o->arena, sizeof(SymDim *) * (size_t)(first->n + 1));
    for (int i = 0; i < first->n; i++) {
        SymTerm probe = {1, common.n + 1, atoms};
        atoms[common.n] = first->atoms[i];
        bool all = true;
        const SymDim **rest = arena_alloc(o->arena, sizeof(SymDim *) * 64);
        int nrest;
        for (int k = 0; k < p->nterms + q->nterms && all; k++) {
            const SymTerm *t = k < p->nterms ? &p->terms[k] : &q->terms[k - p->nterms];
            all = t->n <= 64 && monomial_divides(&probe, t, rest, &nrest);
        }
        if (all)
            common.n++;
    }
    if (common.n == 0)
        return;
    common.atoms = atoms;
    SymPoly cp = {1, &common}, rp, rq;
    if (poly_divide_exact(o, *p, cp, &rp) && poly_divide_exact(o, *q, cp, &rq)) {
        *p = rp;
        *q = rq;
    }
}

static bool poly_floordiv(SymOps *o, SymPoly p, SymPoly q, SymPoly *r)
{
    int64_t c, pc;
    if (poly_is_const(q, &c)) {
        if (c <= 0)
            return false;
        *r = poly_is_const(p, &pc) ? poly_const(o, floordiv_i64(pc, c)) : floordiv_const(o, p, c);
        return true;
    }
    if (p.nterms == 0 || poly_divide_exact(o, p, q, r)) {
        if (p.nterms == 0)
            *r = p;
        return true;
    }
    int64_t g = gcd_i64(poly_content(p), poly_content(q));
    if (q.terms[0].coef < 0)
        g = -g;
    p = poly_div_const(o, p, g);
    q = poly_div_const(o, q, g);
    common_factor(o, &p, &q);
    if (poly_is_const(q, &c))
        return poly_floordiv(o, p, q, r);
    *r = atom_poly(make_atom(o, SYM_FLOORDIV, p, q));
    return true;
}

static bool poly_mod(SymOps *o, SymPoly p, SymPoly q, SymPoly *r)
{
    int64_t c, pc;
    SymPoly quot;
    if (poly_is_const(q, &c)) {
        if (c <= 0)
            return false;
        *r = poly_is_const(p, &pc) ? poly_const(o, floormod_i64(pc, c)) : mod_const(o, p, c);
        return true;
    }
    if (p.nterms == 0 || poly_divide_exact(o, p, q, &quot)) {
        *r = poly_const(o, 0);
        return true;
    }
    *r = atom_poly(make_atom(o, SYM_MOD, p, q));
    return true;
}

/* ---- the Dim API ------------------------------------------------------------ */

typedef enum DimOp { OP_ADD, OP_SUB, OP_MUL, OP_FLOORDIV, OP_MOD } DimOp;

static Dim dim_binop(Arena *a, Interner *names, Dim x, Dim y, DimOp op)
{
    SymOps o = {a, names, false};
    SymPoly p, q, r;
    if (!dim_to_poly(&o, x, &p) || !dim_to_poly(&o, y, &q))
        return dim_unknown();
    switch (op) {
    case OP_ADD: r = poly_add(&o, p, q, 1); break;
    case OP_SUB: r = poly_add(&o, p, q, -1); break;
    case OP_MUL: r = poly_mul(&o, p, q); break;
    case OP_FLOORDIV:
        if (!poly_floordiv(&o, p, q, &r))
            return dim_unknown();
        break;
    case OP_MOD:
        if (!poly_mod(&o, p, q, &r))
            return dim_unknown();
        break;
    default:
        return dim_unknown();
    }
    return poly_to_dim(&o, r);
}

Dim dim_add(Arena *a, Interner *names, Dim x, Dim y)
{
    return dim_binop(a, names, x, y, OP_ADD);
}

Dim dim_sub(Arena *a, Interner *names, Dim x, Dim y)
{
    return dim_binop(a, names, x, y, OP_SUB);
}

Dim dim_mul(Arena *a, Interner *names, Dim x, Dim y)
{
    return dim_binop(a, names, x, y, OP_MUL);
}

Dim dim_floordiv(Arena *a, Interner *names, Dim x, Dim y)
{
    return dim_binop(a, names, x, y, OP_FLOORDIV);
}

Dim dim_mod(Arena *a, Interner *names, Dim x, Dim y)
{
    return dim_binop(a, names, x, y, OP_MOD);
}

Dim dim_ceildiv(Arena *a, Interner *names, Dim x, Dim y)
{
    Dim ym1 = dim_add_int(a, names, y, -1);
    return dim_floordiv(a, names, dim_add(a, names, x, ym1), y);
}

Dim dim_add_int(Arena *a, Interner *names, Dim x, int64_t c)
{
    SymOps o = {a, names, false};
    SymPoly p;
    if (!dim_to_poly(&o, x, &p))
        return dim_unknown();
    return poly_to_dim(&o, poly_add(&o, p, poly_const(&o, c), 1));
}

Dim dim_mul_int(Arena *a, Interner *names, Dim x, int64_t c)
{
    SymOps o = {a, names, false};
    SymPoly p;
    if (!dim_to_poly(&o, x, &p))
        return dim_unknown();
    return poly_to_dim(&o, poly_scale(&o, p, c));
}

const char *dim_str(Arena *a, Dim d)
{
    if (dim_is_known(d))
        return arena_sprintf(a, "%lld", (long long)d.value);
    return d.sym ? d.sym->text : "?";
}

bool dim_offset_from(Dim d, Dim base, int64_t *diff)
{
    if (dim_is_known(d) && dim_is_known(base)) {
        *diff = d.value - base.value;
        return true;
    }
    if (!d.sym || !base.sym)
        return false;
    /* Compare term by term, ignoring the constant terms. */
    SymPoly p = d.sym->poly, q = base.sym->poly;
    int np = p.nterms, nq = q.nterms;
    int64_t cp = 0, cq = 0;
    if (np && p.terms[np - 1].n == 0)
        cp = p.terms[--np].coef;
    if (nq && q.terms[nq - 1].n == 0)
        cq = q.terms[--nq].coef;
    if (!poly_equal((SymPoly){np, p.terms}, (SymPoly){nq, q.terms}))
        return false;
    *diff = cp - cq;
    return true;
}

/* ---- parsing ------------------------------------------------------------------ */

/*   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '//' | '%') unary)*
 *   unary   := '-' unary | primary
 *   primary := INTEGER | NAME | '(' expr ')'                              */
typedef struct Parser {
    SymOps *o;
    const char *p;
    bool error;
    int depth;
} Parser;

static bool parse_expr(Parser *ps, SymPoly *out);

static void skip_space(Parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t')
        ps->p++;
}

static bool parse_primary(Parser *ps, SymPoly *out)
{
    skip_space(ps);
    const char *s = ps->p;
    if (*s == '(') {
        ps->p++;
        if (!parse_expr(ps, out))
            return false;
        skip_space(ps);
        if (*ps->p != ')')
            return false;
        ps->p++;
        return true;
    }
    if (isdigit((unsigned char)*s)) {
        char *end;
        long long v = strtoll(s, &end, 10);
        ps->p = end;
        *out = poly_const(ps->o, (int64_t)v);
        return true;
    }
    if (isalpha((unsigned char)*s) || *s == '_') {
        while (isalnum((unsigned char)*ps->p) || *ps->p == '_' || *ps->p == '.')
            ps->p++;
        const char *name = intern_n(ps->o->names, s, (size_t)(ps->p - s));
        *out = symdim_named(ps->o->arena, ps->o->names, name)->poly;
        return true;
    }
    return false;
}

static bool parse_unary(Parser *ps, SymPoly *out)
{
    skip_space(ps);
    if (*ps->p != '-')
        return parse_primary(ps, out);
    ps->p++;
    if (++ps->depth > 200 || !parse_unary(ps, out))
        return false;
    ps->depth--;
    *out = poly_scale(ps->o, *out, -1);
    return true;
}

static bool parse_term(Parser *ps, SymPoly *out)
{
    if (!parse_unary(ps, out))
        return false;
    for (;;) {
        skip_space(ps);
        int op = 0;
        if (ps->p[0] == '/' && ps->p[1] == '/')
            op = 'd', ps->p += 2;
        else if (*ps->p == '*' || *ps->p == '%')
            op = *ps->p++;
        if (!op)
            return true;
        SymPoly rhs;
        if (!parse_unary(ps, &rhs))
            return false;
        if (op == '*')
            *out = poly_mul(ps->o, *out, rhs);
        else if (op == 'd' ? !poly_floordiv(ps->o, *out, rhs, out)
                           : !poly_mod(ps->o, *out, rhs, out))
            return false;
    }
}

static bool parse_expr(Parser *ps, SymPoly *out)
{
    if (++ps->depth > 200 || !parse_term(ps, out))
        return false;
    for (;;) {
        skip_space(ps);
        char op = *ps->p;
        if (op != '+' && op != '-')
            break;
        ps->p++;
        SymPoly rhs;
        if (!parse_term(ps, &rhs))
            return false;
        *out = poly_add(ps->o, *out, rhs, op == '+' ? 1 : -1);
    }
    ps->depth--;
    return true;
}

Dim dim_parse(Arena *a, Interner *names, const char *text)
{
    SymOps o = {a, names, false};
    Parser ps = {&o, text, false, 0};
    SymPoly p;
    if (!parse_expr(&ps, &p))
        return dim_unknown();
    skip_space(&ps);
    if (*ps.p != '\0')
        return dim_unknown();
    return poly_to_dim(&o, p);
}
