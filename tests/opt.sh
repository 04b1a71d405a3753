#!/bin/sh
# opt/: tests/unit/test_opt, each graph pass on graphs built with the ir/
# API, evaluated by eval/ before and after (the outputs must agree).
exec "${TSC_BUILDDIR:-.}/tests/unit/test_opt"
