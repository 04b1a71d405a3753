/* The commands of the driver. */
#ifndef TSC_DRIVER_H
#define TSC_DRIVER_H

#include <stdint.h>
#include <stdio.h>

#include "driver/options.h"
#include "eval/eval.h"
#include "support/arena.h"
#include "support/context.h"
#include "support/intern.h"

/* tsc2onnx [options] FILE: returns the exit status. */
int compile_command(const Options *o);

/* W as one shell word, in A: quoted when it holds anything the shell treats
 * specially, a quote inside written as '\''. */
const char *driver_shell_word(Arena *a, const char *w);
/* The name of what --entry EXPRESSION calls (resnet50 for
 * torchvision.models.resnet50(...)): output names without FILE. */
const char *driver_entry_stem(Arena *a, const char *entry);

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

/* ---- trace mode, folding and compare (driver/trace.c, driver/compare.c) ---- */

/* tsc2onnx compare FILE ...: returns the exit status. */
int compare_command(const Options *o);

/* FILE compiled as the compile command does, not written: tensors read as
 * Python numbers marked for trace mode, inputs named after forward()'s
 * parameters, every input axis a symbol when ALL_DYNAMIC.  NULL with *RC
 * set after reporting; *W (weights_close) holds the weights. */
struct Weights;
IrModel *compile_for_compare(Compiler *c, const Options *o, bool all_dynamic, struct Weights **w, int *rc);

/* The --example values of G's inputs, by name, into VALUES (indexed like
 * g->inputs; entries without an example stay NULL). */
int driver_example_values(Compiler *c, const Options *o, const IrGraph *g, EvalValue **values);

/* The trace of M on INPUTS (opt_specialize), its specializations in RES
 * and, when WARN, reported as warnings.  NULL with *RC set on failure. */
struct SpecResult;
IrModel *driver_trace(Compiler *c, const Options *o, IrModel *m, EvalValue *const *inputs,
                      struct SpecResult *res, bool warn, int *rc);

/* Constant folding unless --no-fold. */
void driver_fold(const Options *o, IrModel *m);
/* The graph passes (opt/, folding included) with the command line's
 * settings: --no-optimize, --unroll-limit, --no-fold, --fold-limit. */
void driver_passes(Compiler *c, const Options *o, IrModel *m);

/* After sema: the trace (--trace) of M, then folding; the model to write,
 * or NULL with *RC set after reporting.  REPORT (ReportEntry *, or NULL)
 * gets a row per specialization for --report. */
IrModel *driver_optimize(Compiler *c, const Options *o, IrModel *m, PtrVec *report, int *rc);

/* ONNX's test tolerances, the defaults of --rtol and --atol. */
#define RUN_RTOL 1e-3
#define RUN_ATOL 1e-7

/* --report: writes the markdown report of a compilation (driver/report.c);
 * returns EXIT_OK or EXIT_IO. */
struct Report;
struct SourceMap;
int report_command_output(const Options *o, const struct Report *r, const struct SourceMap *sm, int n_errors);

/* ---- output files (driver/outputs.c) ---- */

/* Installs the handlers of SIGINT, SIGTERM and SIGHUP that remove the
 * temporary files of the outputs before the signal ends the process. */
void driver_outputs_init(void);
/* Watches [BASE, BASE + SIZE), the weights file's mapping: a SIGBUS there
 * (the file shrank while it was read) ends the run with "the weights file
 * changed while it was read", status 4, after removing the temporary files.
 * NULL stops watching. */
void driver_watch_mapping(const void *base, size_t size);
/* What the writers of emit/ and io/ register their temporary files with. */
struct PendingFiles *driver_pending_files(void);
/* Whether temporary files wait to be renamed. */
bool driver_outputs_pending(void);
/* Renames every temporary file over its target, in creation order, with the
 * signals blocked; EXIT_OK, or EXIT_IO after reporting. */
int driver_outputs_commit(void);
/* Removes every temporary file: the run changes nothing. */
void driver_outputs_discard(void);
/* "DIR/.BASE.XXXXXX" beside TARGET, for mkstemp. */
char *driver_temp_template(Arena *a, const char *target);
/* A registered temporary file that is to replace TARGET, opened for
 * writing; NULL with *ERR set. */
FILE *driver_open_output(Arena *a, const char *target, int *err);

/* Refuses an output that is also an input or another output (the same file
 * by device and inode, or the same name in the same directory when it does
 * not exist yet), and an input or report named like a data file of the
 * model OUTPUT (OUTPUT.HASH.data, which writing the model with external
 * data may replace or remove): EXIT_USAGE after the message, else EXIT_OK. */
int driver_check_paths(Arena *a, const Options *o, const char *output);

#endif
