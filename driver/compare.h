/* tsc2onnx compare: what driver/compare.c (the command: graphs, search,
 * table) and driver/compare_inputs.c (the input sets it tries and their
 * --example forms) share. */
#ifndef TSC_DRIVER_COMPARE_H
#define TSC_DRIVER_COMPARE_H

#include <stdbool.h>

#include "driver/driver.h"
#include "eval/eval.h"

/* One forward() input: its example and where it came from. */
typedef struct CompareInput {
    const char *name;
    const char *text;           /* VALUE of --example NAME=VALUE */
    int index;                  /* position among the --example options: its random stream */
    bool python_scalar;
    double float_value;         /* a Python float's exact value */
    EvalValue *value;           /* the example, in the script graph's element type */
} CompareInput;

/* An input set to try: the example with one input changed. */
typedef struct Candidate {
    int input;                  /* which one */
    EvalValue *value;           /* its new value */
    const char *label;          /* for the table: "y=0", "x=-x", "x: [3, 4]" */
    const char *text;           /* as --example VALUE, or NULL (a literal or a file when shown) */
    bool reshaped;              /* another shape than the example's */
} Candidate;

/* The candidates, in the order they are tried: other values of the
 * number inputs (n+1, n-1, 2n, -n, 0, 1, then t-1, t, t+1 for each of the
 * THRESHOLDS: the constants the script's comparisons compare with), sign
 * flips and rescalings of the tensor inputs, then other sizes of their
 * axes.  Pushed onto OUT. */
void compare_candidates(Arena *a, const Options *o, const CompareInput *inputs, int n_inputs,
                        const double *thresholds, int n_thresholds, PtrVec *out);

/* The constants (one-element initializers) G's comparisons (Less, Greater,
 * Equal ...) compare with, bodies included, at most MAX, without repeats. */
int compare_thresholds(const IrGraph *g, double *out, int max);

/* VALUE for --example NAME=VALUE: C's text, or a literal for a small
 * tensor, or a .npy file written to DIR (made when missing).  NULL after
 * printing why it could not be written. */
const char *compare_example_text(Arena *a, const Candidate *c, const char *name, const char *dir);

#endif
