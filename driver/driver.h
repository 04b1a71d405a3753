/* The commands of the driver. */
#ifndef TSC_DRIVER_H
#define TSC_DRIVER_H

#include "driver/options.h"

/* tsc2onnx [options] FILE: returns the exit status. */
int compile_command(const Options *o);

/* --report: writes the markdown report of a compilation (driver/report.c);
 * returns EXIT_OK or EXIT_IO. */
struct Report;
struct SourceMap;
int report_command_output(const Options *o, const struct Report *r, const struct SourceMap *sm, int n_errors);

#endif
