/* Symbolic dimensions.
 *
 * A SymDim is a canonical integer expression over named symbols: a
 * polynomial (a sum of terms coef * product of factors) whose factors are
 * named symbols ("N") or opaque atoms for a floor division or a modulo that
 * does not simplify ("(N+1)//2", "N%3").  Shape inference builds them with
 * the dim_* helpers below ("2*N", "N+3", "N*M", "N//2").
 *
 * The canonical text is interned, so two dimensions are equal exactly when
 * their texts are the same pointer (dim_equal in ir/ir.c).  Canonical form:
 *   - factors of a term sorted by text, repeated for powers ("N*N");
 *   - terms by decreasing degree, then by their factors, constant last;
 *   - x // c and x % c by a positive constant c are split so that the opaque
 *     part keeps coefficients in [0, c) with no common factor: (2*N+3)//2 is
 *     N+1, (N+5)//2 is (N+1)//2+2, (2*N)%4 is 2*(N%2);
 *   - an exact division is carried out: (2*N)//2 is N, (N*M)//M is N.
 *
 * Printed like Python: "2*N", "N-1", "N*M+3", "(N+1)//2", "2*(N//2)".
 * Symbols stand for sizes >= 0; a name should be an identifier. */
#ifndef TSC_SYMDIM_H
#define TSC_SYMDIM_H

#include <stdint.h>

#include "ir/ir.h"

typedef enum SymKind {
    SYM_NAME,       /* a named symbol: an atom */
    SYM_FLOORDIV,   /* num // den that does not simplify: an atom */
    SYM_MOD,        /* num % den that does not simplify: an atom */
    SYM_POLY,       /* any other sum of terms */
} SymKind;

/* coef * atoms[0] * ... * atoms[n-1]; n == 0 is the constant term. */
typedef struct SymTerm {
    int64_t coef;               /* never 0 */
    int n;
    const SymDim *const *atoms; /* SYM_NAME / SYM_FLOORDIV / SYM_MOD, sorted */
} SymTerm;

/* A polynomial: canonically ordered terms, no two with the same factors. */
typedef struct SymPoly {
    int nterms;
    const SymTerm *terms;
} SymPoly;

struct SymDim {
    const char *text;           /* interned canonical text */
    SymKind kind;
    SymPoly poly;               /* the value; for an atom, 1 * itself */
    const char *name;           /* SYM_NAME */
    SymPoly num, den;           /* SYM_FLOORDIV, SYM_MOD operands */
};

/* The symbol called NAME. */
const SymDim *symdim_named(Arena *a, Interner *names, const char *name);
const char *symdim_text(const SymDim *s);

/* Parses the text of a dimension ("N", "2*N+1", "(N+1)//2", "6"): the
 * result is canonical, so symdim_text of a parsed expression is its
 * canonical spelling.  Returns dim_unknown() on a syntax error or when the
 * value is a negative constant. */
Dim dim_parse(Arena *a, Interner *names, const char *text);

/* Arithmetic on dimensions.  Known operands fold to a known result; a
 * symbolic result is simplified as described above; an unknown operand, a
 * negative constant result, a division by zero or an overflow give
 * dim_unknown(). */
Dim dim_add(Arena *a, Interner *names, Dim x, Dim y);
Dim dim_sub(Arena *a, Interner *names, Dim x, Dim y);
Dim dim_mul(Arena *a, Interner *names, Dim x, Dim y);
Dim dim_floordiv(Arena *a, Interner *names, Dim x, Dim y);
Dim dim_mod(Arena *a, Interner *names, Dim x, Dim y);
/* ceil(x / y) = (x + y - 1) // y */
Dim dim_ceildiv(Arena *a, Interner *names, Dim x, Dim y);

/* X + C and X * C for any integer C (negative allowed): the result must
 * still be a size, else dim_unknown(). */
Dim dim_add_int(Arena *a, Interner *names, Dim x, int64_t c);
Dim dim_mul_int(Arena *a, Interner *names, Dim x, int64_t c);

/* Writes "3", "N*2+1" or "?" into the arena. */
const char *dim_str(Arena *a, Dim d);

/* True when D is symbolic and D - C is a constant: *diff = D - C. */
bool dim_offset_from(Dim d, Dim base, int64_t *diff);

#endif
