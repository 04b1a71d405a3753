#!/bin/sh
# sema/flow/flow.c: unit tests of the dataflow walker (If outputs, Loop-carried
# values, liveness), one TAP case each.
exec "${TSC_BUILDDIR:-.}/tests/unit/test_flow"
