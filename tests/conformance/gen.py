"""ONNX's own backend node tests for operators that ../shared/onnx-node-tests
lacks, generated from the installed onnx package's test cases
(onnx/backend/test/case/node) in the same layout:

    DIR/<test>/model.onnx, DIR/<test>/test_data_set_0/{input,output}_K.pb
    DIR/INDEX.tsv rows (no header): folder, op, opset, inputs, outputs,
                  dtypes, kind, source

    /usr/bin/python3 gen.py DIR OP     one operator per process: onnx's
                                       collector keeps the first operator's
                                       cases for the rest of the process

A case whose folder already exists in DIR (the shared copy) is skipped.
onnx 1.12's case modules still use numpy aliases removed since (np.float
and the like); they are restored before the import.
"""
import os
import sys

import numpy as np

for alias, real in (("float", float), ("int", int), ("bool", bool), ("object", object)):
    if not hasattr(np, alias):
        setattr(np, alias, real)

import onnx  # noqa: E402
from onnx import numpy_helper  # noqa: E402
from onnx.backend.test.case import node as node_test  # noqa: E402


def write(path, value, name):
    with open(path, "wb") as f:
        f.write(numpy_helper.from_array(value, name).SerializeToString())


def main():
    out, op = sys.argv[1], sys.argv[2]
    rows = []
    for case in node_test.collect_testcases(op):
        folder = os.path.join(out, case.name)
        if os.path.exists(folder):
            continue
        data = os.path.join(folder, "test_data_set_0")
        os.makedirs(data)
        with open(os.path.join(folder, "model.onnx"), "wb") as f:
            f.write(case.model.SerializeToString())
        inputs, outputs = case.data_sets[0]
        graph = case.model.graph
        for j, x in enumerate(inputs):
            write(os.path.join(data, "input_%d.pb" % j), x, graph.input[j].name)
        for j, y in enumerate(outputs):
            write(os.path.join(data, "output_%d.pb" % j), y, graph.output[j].name)
        dtypes = ",".join(sorted({str(np.asarray(v).dtype) for v in list(inputs) + list(outputs)}))
        rows.append("\t".join([case.name, op, str(case.model.opset_import[0].version),
                               str(len(inputs)), str(len(outputs)), dtypes, "tensor",
                               "onnx-" + onnx.__version__]))
    with open(os.path.join(out, "INDEX.tsv"), "a") as f:
        for row in rows:
            f.write(row + "\n")


main()
