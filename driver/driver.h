/* The commands of the driver. */
#ifndef TSC_DRIVER_H
#define TSC_DRIVER_H

#include <stdint.h>

#include "driver/options.h"
#include "support/arena.h"
#include "support/intern.h"

/* tsc2onnx [options] FILE: returns the exit status. */
int compile_command(const Options *o);

/* tsc2onnx run MODEL.onnx ...: returns the exit status (driver/run.c). */
int run_command(const Options *o);

/* Runs the model at MODEL_PATH on DIR/input_K.pb (one per graph input
 * without an initializer, in order) and compares its outputs with
 * DIR/output_K.pb, as ONNX's test data sets lay them out, within RTOL and
 * ATOL (eval_values_close).  Returns EXIT_OK, EXIT_DIVERGENCE when an
 * output differs, or the status of the failure; *MSG (in A, lines joined
 * with newlines) says what went wrong. */
int run_check_data_set(Arena *a, Interner *names, const char *model_path, const char *dir,
                       uint64_t seed, double rtol, double atol, char **msg);

/* ONNX's test tolerances, the defaults of --rtol and --atol. */
#define RUN_RTOL 1e-3
#define RUN_ATOL 1e-7

/* --report: writes the markdown report of a compilation (driver/report.c);
 * returns EXIT_OK or EXIT_IO. */
struct Report;
struct SourceMap;
int report_command_output(const Options *o, const struct Report *r, const struct SourceMap *sm, int n_errors);

#endif
