"""Prints the element type and shape of every graph output of the model
named on the command line, one line per output: symbolic dimensions by
their text, unknown ones as '?'.  tests/golden.sh runs it for the
NAME.py.shapes files of tests/shapes/."""
import sys

import onnx

NAMES = {1: "float32", 2: "uint8", 3: "int8", 5: "int16", 6: "int32", 7: "int64",
         9: "bool", 10: "float16", 11: "float64", 16: "bfloat16"}


def type_text(t):
    tt = t.tensor_type
    dtype = NAMES.get(tt.elem_type, str(tt.elem_type))
    if not tt.HasField("shape"):
        return dtype + "[unknown rank]"
    dims = []
    for d in tt.shape.dim:
        dims.append(d.dim_param if d.HasField("dim_param") else
                    str(d.dim_value) if d.HasField("dim_value") else "?")
    return "%s[%s]" % (dtype, ", ".join(dims))


for o in onnx.load(sys.argv[1]).graph.output:
    print("%s %s" % (o.name, type_text(o.type)))
