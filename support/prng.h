/* A small deterministic pseudo-random generator for the compile-time
 * interpreter (PyTorch's default initializers: uniform, normal, kaiming,
 * xavier) and for generated --example values.
 *
 * The state is a value the caller owns and passes around; nothing is global.
 * The generator is xoshiro256** seeded through splitmix64 (Blackman and
 * Vigna's published algorithms).  Every function below gives the same
 * sequence for the same seed on every platform: the floating-point helpers
 * use only IEEE-exact operations (+ - * /, sqrt, frexp, ldexp), never the C
 * library's log/sin/cos, whose last bits differ between libms. */
#ifndef TSC_PRNG_H
#define TSC_PRNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Prng {
    uint64_t s[4];          /* xoshiro256** state, never all zero */
    double spare;           /* second normal deviate of the last polar pair */
    bool has_spare;
} Prng;

void prng_seed(Prng *p, uint64_t seed);

/* Next 64 uniformly distributed bits. */
uint64_t prng_next(Prng *p);
/* Uniform integer in [0, n); 0 when n == 0.  Unbiased (rejection). */
uint64_t prng_below(Prng *p, uint64_t n);

/* Uniform in [0, 1): 53 random bits for doubles, 24 for floats. */
double prng_uniform(Prng *p);
float prng_uniform_f32(Prng *p);
/* Uniform in [a, b) for a < b (never returns b, even after rounding);
 * returns a when a >= b. */
double prng_uniform_range(Prng *p, double a, double b);
float prng_uniform_range_f32(Prng *p, float a, float b);

/* Standard normal deviate (Marsaglia's polar method; the second deviate of
 * each pair is kept in the state and returned by the next call). */
double prng_normal(Prng *p);

/* Standard normal deviate from the ziggurat (Marsaglia and Tsang): the
 * same distribution several times faster, for bulk fills (parameter
 * initialization); a sequence of its own, not prng_normal()'s. */
double prng_normal_fast(Prng *p);

/* Counter-based streams, for parameter initialization: draw I of the
 * stream KEY is a function of (KEY, I) alone (splitmix64's mix of the
 * I-th step from a scrambled KEY), so a tensor's elements can be made a
 * piece at a time, in any order, on several threads, with the same
 * result.  prng_uniform_at is in [0, 1) (53 bits); prng_normal_at is
 * N(0, 1) by the ziggurat: one draw for 98.8% of the deviates, the rest
 * from a generator seeded with another draw of their own. */
uint64_t prng_at(uint64_t key, uint64_t i);
double prng_uniform_at(uint64_t key, uint64_t i);
double prng_normal_at(uint64_t key, uint64_t i);
/* A sequential generator of its own for element I of stream KEY (for the
 * redraws of a truncated normal). */
void prng_seed_at(Prng *p, uint64_t key, uint64_t i);
/* The bulk fills of float32 parameters (support/prng_f32.c): DST[j] is
 * element FIRST + j of stream KEY, for j < N: A + B * a standard normal,
 * or A + (B - A) * a uniform in [0, 1) with 24 bits, computed in float32
 * sixteen lanes at a time (Box-Muller over a 32-bit counter hash).  Their
 * own sequences, not prng_normal_at's or prng_uniform_at's, the same bytes
 * on every machine, whatever the pieces a tensor is made in.
 * prng_fill_at_f32_isa is either fill (NORMAL or uniform) with no wider
 * instructions than ISA, for the tests that hold the paths equal. */
void prng_fill_normal_at_f32(uint64_t key, uint64_t first, size_t n, float *dst, double a, double b);
void prng_fill_uniform_at_f32(uint64_t key, uint64_t first, size_t n, float *dst, double a, double b);
typedef enum PrngIsa { PRNG_ISA_PORTABLE, PRNG_ISA_AVX2, PRNG_ISA_AVX512, PRNG_ISA_BEST = PRNG_ISA_AVX512 } PrngIsa;
void prng_fill_at_f32_isa(PrngIsa isa, bool normal, uint64_t key, uint64_t first, size_t n, float *dst,
                          double a, double b);

/* Buffer fills.  Element i of a uniform fill is prng_uniform_range(_f32)
 * of the i-th draw; element i of a normal fill is mean + std * the i-th
 * prng_normal() rounded to the buffer's type. */
void prng_fill_uniform_f32(Prng *p, float *dst, size_t n, float a, float b);
void prng_fill_uniform_f64(Prng *p, double *dst, size_t n, double a, double b);
void prng_fill_normal_f32(Prng *p, float *dst, size_t n, float mean, float std);
void prng_fill_normal_f64(Prng *p, double *dst, size_t n, double mean, double std);

#endif
