/* The commands of the driver. */
#ifndef TSC_DRIVER_H
#define TSC_DRIVER_H

#include "driver/options.h"

/* tsc2onnx [options] FILE: returns the exit status. */
int compile_command(const Options *o);

#endif
