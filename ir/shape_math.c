/* Shape functions of the math family: MatMul (numpy matmul with batch
 * broadcasting), Gemm (with transposes), Einsum (equation parsing), PRelu
 * (unidirectional broadcasting), Clip, CumSum, the Softmax family (axis
 * checks) and Cast (element type from 'to'). */
#include <string.h>

#include "ir/shape.h"

/* A view of T's first RANK dims, as a type (for batch broadcasting). */
static IrType prefix_type(const IrType *t, int rank)
{
    IrType p = *t;
    p.rank = rank;
    return p;
}

/* MatMul: [..., M, K] @ [..., K, N] -> [..., M, N]; a 1-D operand gets a
 * dimension of 1 prepended (A) or appended (B) that is then dropped. */
bool shape_matmul(ShapeCtx *c)
{
    const IrType *a = sh_ranked(c, 0), *b = sh_ranked(c, 1);
    DType dt = sh_out_dtype(c, 0);
    if (!a || !b) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    if (a->rank == 0 || b->rank == 0)
        return sh_error(c, "MatMul: operands must have rank >= 1: %s @ %s", sh_shape_str(c, a),
                        sh_shape_str(c, b));
    Dim k_a = a->dims[a->rank - 1];
    Dim k_b = b->dims[b->rank == 1 ? 0 : b->rank - 2];
    Dim k;
    if (!sh_unify(k_a, k_b, &k))
        return sh_error(c, "MatMul: inner dimensions differ: %s @ %s", sh_shape_str(c, a),
                        sh_shape_str(c, b));
    IrType ba = prefix_type(a, a->rank >= 2 ? a->rank - 2 : 0);
    IrType bb = prefix_type(b, b->rank >= 2 ? b->rank - 2 : 0);
    const IrType *batch[2] = {&ba, &bb};
    int brank;
    Dim *bdims;
    if (!sh_broadcast_quiet(c, batch, 2, &brank, &bdims))
        return sh_error(c, "MatMul: cannot broadcast batch dimensions of %s and %s",
                        sh_shape_str(c, a), sh_shape_str(c, b));
    Dim *out = sh_dims(c, brank + 2);
    sh_copy(out, bdims, brank);
    int r = brank;
    if (a->rank >= 2)
        out[r++] = a->dims[a->rank - 2];
    if (b->rank >= 2)
        out[r++] = b->dims[b->rank - 1];
    sh_set(c, 0, dt, r, out);
    return true;
}

/* Gemm: Y = alpha * A' @ B' + beta * C with A' = A or A^T, B' = B or B^T;
 * C broadcasts unidirectionally to [M, N]. */
bool shape_gemm(ShapeCtx *c)
{
    const IrType *a = sh_ranked(c, 0), *b = sh_ranked(c, 1), *cc = sh_ranked(c, 2);
    DType dt = sh_out_dtype(c, 0);
    int64_t ta = sh_attr_int(c, "transA", 0), tb = sh_attr_int(c, "transB", 0);
    if ((a && a->rank != 2) || (b && b->rank != 2))
        return sh_error(c, "Gemm: A and B must be 2-D, got %s and %s", sh_shape_str(c, sh_in(c, 0)),
                        sh_shape_str(c, sh_in(c, 1)));
    Dim out[2] = {dim_unknown(), dim_unknown()};
    if (a)
        out[0] = a->dims[ta ? 1 : 0];
    if (b)
        out[1] = b->dims[tb ? 0 : 1];
    Dim k;
    if (a && b && !sh_unify(a->dims[ta ? 0 : 1], b->dims[tb ? 1 : 0], &k))
        return sh_error(c, "Gemm: inner dimensions differ: %s @ %s (transA=%lld, transB=%lld)",
                        sh_shape_str(c, a), sh_shape_str(c, b), (long long)ta, (long long)tb);
    if (cc) {
        if (cc->rank > 2)
            return sh_error(c, "Gemm: C of shape %s does not broadcast to [M, N]",
                            sh_shape_str(c, cc));
        for (int i = 0; i < cc->rank; i++) {
            Dim d = cc->dims[i], o = out[2 - cc->rank + i];
            if (dim_is_known(d) && d.value != 1 && dim_is_known(o) && d.value != o.value)
                return sh_error(c, "Gemm: C of shape %s does not broadcast to %s",
                                sh_shape_str(c, cc), sh_dims_str(c, 2, out));
        }
    }
    sh_set(c, 0, dt, 2, out);
    return true;
}

/* PRelu: slope broadcasts unidirectionally to X; Y has X's shape. */
bool shape_prelu(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0), *s = sh_ranked(c, 1);
    if (x && s) {
        bool ok = s->rank <= x->rank;
        for (int i = 0; ok && i < s->rank; i++) {
            Dim d = s->dims[i], o = x->dims[x->rank - s->rank + i];
            ok = !(dim_is_known(d) && d.value != 1 && dim_is_known(o) && d.value != o.value);
        }
        if (!ok)
            return sh_error(c, "PRelu: slope of shape %s does not broadcast to %s",
                            sh_shape_str(c, s), sh_shape_str(c, x));
    }
    return shape_same(c);
}

/* Clip: the bounds (inputs at 11+) are scalars. */
bool shape_clip(ShapeCtx *c)
{
    for (int i = 1; i <= 2; i++) {
        const IrType *t = sh_ranked(c, i);
        if (t && t->rank > 1)
            return sh_error(c, "Clip: bound '%s' must be a scalar, got %s", i == 1 ? "min" : "max",
                            sh_shape_str(c, t));
    }
    return shape_same(c);
}

/* CumSum: same shape; a constant axis must be in range. */
bool shape_cumsum(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    int64_t *axis, n;
    int ax;
    if (x && sh_const_ints(c, 1, &axis, &n) && n == 1 &&
        !sh_axis(c, axis[0], x->rank, false, "axis", &ax))
        return false;
    return shape_same(c);
}

/* Det: [*, M, M] -> [*]; the matrices must be square. */
bool shape_det(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    DType dt = sh_out_dtype(c, 0);
    if (!x) {
        sh_set(c, 0, dt, -1, NULL);
        return true;
    }
    Dim n;
    if (x->rank < 2 || !sh_unify(x->dims[x->rank - 2], x->dims[x->rank - 1], &n))
        return sh_error(c, "Det: expected square matrices [*, M, M], found %s", sh_shape_str(c, x));
    Dim *out = sh_dims(c, x->rank - 2);
    sh_copy(out, x->dims, x->rank - 2);
    sh_set(c, 0, dt, x->rank - 2, out);
    return true;
}

/* Softmax, LogSoftmax, Hardmax: same shape; the axis must be in range. */
bool shape_softmax(ShapeCtx *c)
{
    const IrType *x = sh_ranked(c, 0);
    int ax;
    if (x && x->rank > 0) {
        int64_t axis = sh_attr_int(c, "axis", c->opset >= 13 ? -1 : 1);
        if (!sh_axis(c, axis, x->rank, false, "axis", &ax))
            return false;
    }
    return shape_same(c);
}

/* Cast: the element type is the attribute 'to'. */
bool shape_cast(ShapeCtx *c)
{
    int64_t to = sh_attr_int(c, "to", 0);
    const OpTypeVar *tv = opschema_typevar(c->schema, "T2");
    if (to <= 0 || to >= ONNX_DTYPE_LIMIT || (tv && !(tv->tensor_types & DTS(to))))
        return sh_error(c, "Cast: 'to' = %lld is not an element type Cast can produce",
                        (long long)to);
    sh_set_like(c, 0, to < DT_COUNT ? (DType)to : DT_UNDEFINED, sh_in(c, 0));
    return true;
}

/* ---- Einsum ---------------------------------------------------------------- */

/* One operand of an equation: its labels and where "..." stands. */
typedef struct EinTerm {
    char labels[64];
    int n;              /* labels */
    int ellipsis;       /* index in labels where "..." stands, -1 if none */
} EinTerm;

static bool ein_parse_term(const char *s, const char *end, EinTerm *t)
{
    t->n = 0;
    t->ellipsis = -1;
    while (s < end) {
        if (*s == ' ') {
            s++;
        } else if (s + 3 <= end && strncmp(s, "...", 3) == 0) {
            if (t->ellipsis >= 0)
                return false;
            t->ellipsis = t->n;
            s += 3;
        } else if (((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) && t->n < 63) {
            t->labels[t->n++] = *s++;
        } else {
            return false;
        }
    }
    return true;
}

/* Records the dimension of each label (52 letters) and the ellipsis dims of
 * every operand; false (after an error) on a conflict. */
static bool ein_bind(ShapeCtx *c, const EinTerm *terms, int nin, Dim *label_dim, bool *seen,
                     int *count, int *erank, Dim **edims)
{
    const IrType **ell = arena_alloc(c->arena, sizeof(IrType *) * (size_t)nin);
    for (int i = 0; i < nin; i++) {
        const IrType *x = sh_ranked(c, i);
        const EinTerm *t = &terms[i];
        if (!x)
            return false;
        int er = x->rank - t->n;
        if (er < 0 || (t->ellipsis < 0 && er != 0))
            return sh_error(c, "Einsum: operand %d of shape %s does not match its %d labels", i,
                            sh_shape_str(c, x), t->n);
        IrType *e = arena_alloc(c->arena, sizeof *e);
        *e = (IrType){.kind = IR_TYPE_TENSOR, .rank = er,
                      .dims = x->dims + (t->ellipsis > 0 ? t->ellipsis : 0)};
        ell[i] = e;
        for (int k = 0; k < t->n; k++) {
            int pos = t->ellipsis >= 0 && k >= t->ellipsis ? k + er : k;
            int l = t->labels[k] >= 'a' ? t->labels[k] - 'a' : 26 + t->labels[k] - 'A';
            Dim d = x->dims[pos], u = label_dim[l];
            count[l]++;
            if (!seen[l] || (dim_is_known(u) && u.value == 1)) {
                label_dim[l] = d;
            } else if (!(dim_is_known(d) && d.value == 1) && !sh_unify(u, d, &label_dim[l])) {
                return sh_error(c, "Einsum: label '%c' has sizes %s and %s", t->labels[k],
                                sh_dim_str(c, u), sh_dim_str(c, d));
            }
            seen[l] = true;
        }
    }
    return sh_broadcast(c, ell, nin, erank, edims);
}

/* Splits the left side of EQ into NIN operand terms. */
static bool ein_parse_inputs(ShapeCtx *c, const char *eq, const char *lhs_end, int nin,
                             EinTerm *terms)
{
    int nterms = 0;
    for (const char *s = eq; nterms <= nin;) {
        const char *comma = memchr(s, ',', (size_t)(lhs_end - s));
        const char *end = comma ? comma : lhs_end;
        if (nterms < nin && !ein_parse_term(s, end, &terms[nterms]))
            return sh_error(c, "Einsum: cannot parse equation \"%s\"", eq);
        nterms++;
        if (!comma)
            break;
        s = comma + 1;
    }
    if (nterms != nin)
        return sh_error(c, "Einsum: equation \"%s\" has %d operands, the node %d", eq, nterms, nin);
    return true;
}

/* The implicit output: "..." if any, then the labels seen once, sorted. */
static void ein_implicit(const EinTerm *first, int erank, const int *count, EinTerm *out)
{
    out->n = 0;
    out->ellipsis = erank > 0 || first->ellipsis >= 0 ? 0 : -1;
    for (int l = 26; l < 52; l++)
        if (count[l] == 1)
            out->labels[out->n++] = (char)('A' + l - 26);
    for (int l = 0; l < 26; l++)
        if (count[l] == 1)
            out->labels[out->n++] = (char)('a' + l);
}

bool shape_einsum(ShapeCtx *c)
{
    DType dt = sh_out_dtype(c, 0);
    const char *eq = sh_attr_str(c, "equation", "");
    int nin = sh_n_inputs(c), erank, count[52] = {0};
    const char *arrow = strstr(eq, "->");
    EinTerm *terms = arena_alloc(c->arena, sizeof(EinTerm) * (size_t)(nin + 1)), out;
    Dim label_dim[52], *edims;
    bool seen[52] = {false};
    if (!ein_parse_inputs(c, eq, arrow ? arrow : eq + strlen(eq), nin, terms))
        return false;
    for (int i = 0; i < 52; i++)
        label_dim[i] = dim_unknown();
    for (int i = 0; i < nin; i++)
        if (!sh_ranked(c, i)) {
            sh_set(c, 0, dt, -1, NULL);
            return true;
        }
    if (!ein_bind(c, terms, nin, label_dim, seen, count, &erank, &edims))
        return false;
    if (!arrow)
        ein_implicit(&terms[0], erank, count, &out);
    else if (!ein_parse_term(arrow + 2, arrow + strlen(arrow), &out))
        return sh_error(c, "Einsum: cannot parse equation \"%s\"", eq);
    int r = out.n + (out.ellipsis >= 0 ? erank : 0);
    Dim *dims = sh_dims(c, r);
    for (int k = 0, pos = 0; k <= out.n; k++) {
        if (k == out.ellipsis)
            for (int e = 0; e < erank; e++)
                dims[pos++] = edims[e];
        if (k == out.n)
            break;
        int l = out.labels[k] >= 'a' ? out.labels[k] - 'a' : 26 + out.labels[k] - 'A';
        if (!seen[l])
            return sh_error(c, "Einsum: output label '%c' is not in any operand", out.labels[k]);
        dims[pos++] = label_dim[l];
    }
    sh_set(c, 0, dt, r, dims);
    return true;
}
