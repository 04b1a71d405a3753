/* Unit tests of ir/symdim.c: canonical text of symbolic dimensions,
 * constant folding, exact simplification, opaque floor division and
 * modulo, parsing, and equality by interned text.  Prints TAP. */
#include <stdio.h>
#include <string.h>

#include "ir/symdim.h"
#include "support/arena.h"
#include "support/intern.h"

static int n_tests, n_failed;
static Arena arena;
static Interner names;

static void check(const char *what, Dim got, const char *want)
{
    const char *text = dim_str(&arena, got);
    bool ok = strcmp(text, want) == 0;
    n_tests++;
    if (!ok)
        n_failed++;
    printf("%s %d - %s = %s", ok ? "ok" : "not ok", n_tests, what, want);
    if (!ok)
        printf(" (got %s)", text);
    printf("\n");
}

static void check_true(const char *what, bool cond)
{
    n_tests++;
    if (!cond)
        n_failed++;
    printf("%s %d - %s\n", cond ? "ok" : "not ok", n_tests, what);
}

static Dim sym(const char *name)
{
    return dim_sym(symdim_named(&arena, &names, name));
}

static Dim P(const char *text)
{
    return dim_parse(&arena, &names, text);
}

static Dim K(int64_t v)
{
    return dim_known(v);
}

#define A &arena, &names

static void test_folding(void)
{
    check("2+3", dim_add(A, K(2), K(3)), "5");
    check("7*6", dim_mul(A, K(7), K(6)), "42");
    check("7//2", dim_floordiv(A, K(7), K(2)), "3");
    check("7%3", dim_mod(A, K(7), K(3)), "1");
    check("3-5 (negative size)", dim_sub(A, K(3), K(5)), "?");
    check("1//0", dim_floordiv(A, K(1), K(0)), "?");
    check("N%0", dim_mod(A, sym("N"), K(0)), "?");
    check("? + 1", dim_add(A, dim_unknown(), K(1)), "?");
    check("N * ?", dim_mul(A, sym("N"), dim_unknown()), "?");
    check("ceil(7/2)", dim_ceildiv(A, K(7), K(2)), "4");
    check("overflow", dim_mul(A, K(INT64_MAX / 2), K(4)), "?");
    check("symbolic overflow", dim_mul_int(A, dim_mul_int(A, sym("N"), INT64_MAX / 2), 4), "?");
}

static void test_polynomials(void)
{
    Dim n = sym("N"), m = sym("M");
    check("N", n, "N");
    check("N*2", dim_mul_int(A, n, 2), "2*N");
    check("N+3", dim_add_int(A, n, 3), "N+3");
    check("N-1", dim_add_int(A, n, -1), "N-1");
    check("N*M", dim_mul(A, n, m), "M*N");
    check("N+N", dim_add(A, n, n), "2*N");
    check("N-N", dim_sub(A, n, n), "0");
    check("N*N", dim_mul(A, n, n), "N*N");
    check("(N+1)*(N-1)", dim_mul(A, dim_add_int(A, n, 1), dim_add_int(A, n, -1)), "N*N-1");
    check("N*3*4", dim_mul_int(A, dim_mul_int(A, n, 3), 4), "12*N");
    check("M*N+N*M", dim_add(A, dim_mul(A, n, m), dim_mul(A, m, n)), "2*M*N");
    check("N+M+3 order", dim_add_int(A, dim_add(A, n, m), 3), "M+N+3");
    check("5-N", dim_sub(A, K(5), n), "-N+5");
    check("(N+2)-(N-3)", dim_sub(A, dim_add_int(A, n, 2), dim_add_int(A, n, -3)), "5");
    check("batch*seq", dim_mul(A, sym("seq"), sym("batch")), "batch*seq");
}

static void test_division(void)
{
    Dim n = sym("N"), m = sym("M");
    check("2*N//2", dim_floordiv(A, dim_mul_int(A, n, 2), K(2)), "N");
    check("N*M//M", dim_floordiv(A, dim_mul(A, n, m), m), "N");
    check("12*N//6", dim_floordiv(A, dim_mul_int(A, n, 12), K(6)), "2*N");
    check("(N+1)//2", dim_floordiv(A, dim_add_int(A, n, 1), K(2)), "(N+1)//2");
    check("N//2", dim_floordiv(A, n, K(2)), "N//2");
    check("(2*N+3)//2", P("(2*N+3)//2"), "N+1");
    check("(N+5)//2", P("(N+5)//2"), "(N+1)//2+2");
    check("(N-1)//2+1", P("(N-1)//2+1"), "(N+1)//2");
    check("(3*N)//2", P("(3*N)//2"), "N+N//2");
    check("(2*N+2)//4", P("(2*N+2)//4"), "(N+1)//2");
    check("(N//2)//3", P("(N//2)//3"), "N//6");
    check("(N*M+N)//(M+1)", P("(N*M+N)//(M+1)"), "N");
    check("(N*N-M*M)//(N-M)", P("(N*N-M*M)//(N-M)"), "M+N");
    check("(2*N*M)//(4*M)", P("(2*N*M)//(4*M)"), "N//2");
    check("6//N", P("6//N"), "6//N");
    check("N//M", dim_floordiv(A, n, m), "N//M");
    check("N//1", dim_floordiv(A, n, K(1)), "N");
    check("ceil(N/2)", dim_ceildiv(A, n, K(2)), "(N+1)//2");
    check("ceil(4*N/2)", dim_ceildiv(A, dim_mul_int(A, n, 4), K(2)), "2*N");
    check("2*(N//2)", dim_mul_int(A, dim_floordiv(A, n, K(2)), 2), "2*(N//2)");
    check("0//N", dim_floordiv(A, K(0), n), "0");
}

static void test_modulo(void)
{
    Dim n = sym("N"), m = sym("M");
    check("N%2", dim_mod(A, n, K(2)), "N%2");
    check("(2*N)%4", P("(2*N)%4"), "2*(N%2)");
    check("(2*N+1)%2", P("(2*N+1)%2"), "1");
    check("(4*N)%2", P("(4*N)%2"), "0");
    check("(N+7)%3", P("(N+7)%3"), "(N+1)%3");
    check("(N*M)%M", dim_mod(A, dim_mul(A, n, m), m), "0");
    check("N%M", dim_mod(A, n, m), "N%M");
    check("N - 2*(N//2) stays", dim_sub(A, n, dim_mul_int(A, dim_floordiv(A, n, K(2)), 2)),
          "N-2*(N//2)");
}

static void test_parse(void)
{
    static const char *const canon[] = {
        "N", "2*N", "N+3", "M*N", "(N+1)//2", "N%3", "2*(N//2)", "N-(N//2)", "N*N-1",
        "batch_size", "-N+5", "(M*N)//K", "(N+1)//2+2",
    };
    for (size_t i = 0; i < sizeof canon / sizeof canon[0]; i++)
        check(canon[i], P(canon[i]), canon[i]);
    check("spaces", P(" 2 * N + 1 "), "2*N+1");
    check("constant text", P("6"), "6");
    check("syntax error", P("N+"), "?");
    check("unbalanced", P("(N+1"), "?");
    check("negative constant", P("2-5"), "?");
    check("trailing junk", P("N)"), "?");
}

static void test_equality(void)
{
    Dim n = sym("N"), m = sym("M");
    check_true("N*M equals M*N", dim_equal(dim_mul(A, n, m), dim_mul(A, m, n)));
    check_true("parsed equals built", dim_equal(P("(N+1)//2"), dim_ceildiv(A, n, K(2))));
    check_true("same text, same pointer",
               dim_mul_int(A, n, 2).sym->text == P("N+N").sym->text);
    check_true("N differs from M", !dim_equal(n, m));
    check_true("N differs from 2*N", !dim_equal(n, dim_mul_int(A, n, 2)));
    check_true("known 4 equals folded 2*2", dim_equal(K(4), dim_mul(A, K(2), K(2))));
    check_true("unknown never equal", !dim_equal(dim_unknown(), dim_unknown()));
    int64_t diff = 0;
    check_true("N+3 is N offset by 3",
               dim_offset_from(dim_add_int(A, n, 3), n, &diff) && diff == 3);
    check_true("2*N is no offset of N", !dim_offset_from(dim_mul_int(A, n, 2), n, &diff));
    const SymDim *s = P("(N+1)//2").sym;
    check_true("floordiv atom kind", s && s->kind == SYM_FLOORDIV);
    check_true("poly kind", P("N+1").sym->kind == SYM_POLY);
}

int main(void)
{
    arena_init(&arena);
    intern_init(&names, &arena);
    test_folding();
    test_polynomials();
    test_division();
    test_modulo();
    test_parse();
    test_equality();
    printf("1..%d\n", n_tests);
    arena_free(&arena);
    return n_failed ? 1 : 0;
}
