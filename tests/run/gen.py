"""Models for tests/run.sh: ONNX files written by other tools, which
`tsc2onnx run` must load and evaluate like ONNX Runtime does.

    /usr/bin/python3 gen.py DIR

writes DIR/<name>.onnx (some with external data next to them), DIR/<name>.in/
<input>.npy, and DIR/jobs.json for tests/bench/ort_run.js.  The PyTorch
models are exported with torch.onnx.export; the others are built with
onnx.helper (control flow, sequences, a custom domain, a failing Reshape).
"""
import json
import os
import sys

import numpy as np
import onnx
import torch
from onnx import TensorProto, helper, numpy_helper
from torch import nn

torch.manual_seed(0)
RNG = np.random.RandomState(3)


class SmallCnn(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 16, 3, stride=2, groups=2)
        self.fc = nn.Linear(16 * 2 * 2, 10)

    def forward(self, x):
        x = torch.relu(self.bn(self.conv1(x)))
        x = nn.functional.max_pool2d(x, 2)
        x = nn.functional.avg_pool2d(torch.relu(self.conv2(x)), 1)
        return torch.softmax(self.fc(torch.flatten(x, 1)), dim=1)


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(5, 7, num_layers=2, bidirectional=True)
        self.gru = nn.GRU(14, 4, batch_first=True)

    def forward(self, x):
        y, _ = self.lstm(x)
        z, h = self.gru(y.transpose(0, 1))
        return z, h


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(16)
        self.qkv = nn.Linear(16, 48)

    def forward(self, x):
        q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
        a = torch.softmax(q @ k.transpose(-1, -2) / 4.0, dim=-1)
        return nn.functional.gelu(a @ v) + x


@torch.jit.script
def loop_sum(x: torch.Tensor, n: torch.Tensor) -> torch.Tensor:
    acc = torch.zeros_like(x)
    for i in range(int(n)):
        if bool(acc.sum() > 10.0):
            acc = acc - x
        else:
            acc = acc + x * i
    return acc


class Looping(nn.Module):
    def forward(self, x, n):
        return loop_sum(x, n)


def export(d, name, model, args, names, opset=17, **kw):
    path = os.path.join(d, name + ".onnx")
    torch.onnx.export(model.eval(), args, path, opset_version=opset, input_names=names, **kw)
    return path, {n: a.numpy() for n, a in zip(names, args)}


def save_helper(d, name, nodes, inputs, outputs, inits=(), opset=17, domains=()):
    graph = helper.make_graph(nodes, name, inputs, outputs, list(inits))
    imports = [helper.make_opsetid("", opset)] + [helper.make_opsetid(dm, 1) for dm in domains]
    model = helper.make_model(graph, opset_imports=imports)
    model.ir_version = 8
    path = os.path.join(d, name + ".onnx")
    onnx.save(model, path)
    return path


def vi(name, t, shape):
    return helper.make_tensor_value_info(name, t, shape)


def helper_models(d):
    """Models the compiler-independent features of `run` need."""
    out = {}
    # If with a value from the outer graph, Loop with a scan output
    then_g = helper.make_graph([helper.make_node("Add", ["x", "x"], ["t"])], "then", [],
                               [vi("t", TensorProto.FLOAT, [2])])
    else_g = helper.make_graph([helper.make_node("Neg", ["x"], ["e"])], "else", [],
                               [vi("e", TensorProto.FLOAT, [2])])
    body = helper.make_graph(
        [helper.make_node("Add", ["acc", "x"], ["acc2"]), helper.make_node("Identity", ["c"], ["c2"]),
         helper.make_node("Identity", ["acc2"], ["scan"])], "body",
        [vi("i", TensorProto.INT64, []), vi("c", TensorProto.BOOL, []), vi("acc", TensorProto.FLOAT, [2])],
        [vi("c2", TensorProto.BOOL, []), vi("acc2", TensorProto.FLOAT, [2]), vi("scan", TensorProto.FLOAT, [2])])
    nodes = [helper.make_node("If", ["c"], ["y"], then_branch=then_g, else_branch=else_g),
             helper.make_node("Loop", ["n", "", "y"], ["final", "scans"], body=body)]
    out["control"] = (save_helper(d, "control", nodes,
                                  [vi("x", TensorProto.FLOAT, [2]), vi("c", TensorProto.BOOL, []),
                                   vi("n", TensorProto.INT64, [])],
                                  [vi("final", TensorProto.FLOAT, [2]), vi("scans", TensorProto.FLOAT, None)]),
                      {"x": np.array([1.5, -2], np.float32), "c": np.array(True), "n": np.array(3, np.int64)})
    # a model-local function whose body refers to the caller's attribute
    # (ref_attr_name), called with and without it, and nested in another
    slope = onnx.AttributeProto()
    slope.name, slope.ref_attr_name, slope.type = "alpha", "slope", onnx.AttributeProto.FLOAT
    leaky = helper.make_node("LeakyRelu", ["a"], ["l"])
    leaky.attribute.append(slope)
    fn = helper.make_function("local.fn", "LeakyAdd", ["a", "b"], ["out"],
                              [leaky, helper.make_node("Add", ["l", "b"], ["out"])],
                              [helper.make_opsetid("", 17)], ["slope"])
    twice = helper.make_function("local.fn", "Twice", ["a"], ["out"],
                                 [helper.make_node("LeakyAdd", ["a", "a"], ["out"], domain="local.fn",
                                                   slope=0.5)],
                                 [helper.make_opsetid("", 17), helper.make_opsetid("local.fn", 1)], [])
    calls = [helper.make_node("LeakyAdd", ["x", "x"], ["y1"], domain="local.fn", slope=0.3),
             helper.make_node("LeakyAdd", ["y1", "x"], ["y2"], domain="local.fn"),
             helper.make_node("Twice", ["y2"], ["y"], domain="local.fn")]
    graph = helper.make_graph(calls, "functions", [vi("x", TensorProto.FLOAT, [4])],
                              [vi("y", TensorProto.FLOAT, [4])])
    model = helper.make_model(graph, functions=[fn, twice],
                              opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("local.fn", 1)])
    model.ir_version = 8
    onnx.save(model, os.path.join(d, "functions.onnx"))
    out["functions"] = (os.path.join(d, "functions.onnx"), {"x": np.array([-2, -0.5, 0.5, 3], np.float32)})
    # a sequence output (not run by ONNX Runtime's node binding)
    save_helper(d, "sequence", [helper.make_node("SplitToSequence", ["x"], ["s"], axis=0)],
                [vi("x", TensorProto.FLOAT, [3, 2])],
                [helper.make_tensor_sequence_value_info("s", TensorProto.FLOAT, None)])
    save_helper(d, "custom", [helper.make_node("Frob", ["x"], ["y"], domain="com.example")],
                [vi("x", TensorProto.FLOAT, [2])], [vi("y", TensorProto.FLOAT, [2])],
                domains=["com.example"])
    save_helper(d, "bad_reshape", [helper.make_node("Reshape", ["x", "s"], ["y"], name="r")],
                [vi("x", TensorProto.FLOAT, [2, 3])], [vi("y", TensorProto.FLOAT, None)],
                [numpy_helper.from_array(np.array([4], np.int64), "s")])
    # broken files: the loader must name every problem
    save_helper(d, "undefined_input", [helper.make_node("Relu", ["nope"], ["y"], name="r1"),
                                       helper.make_node("Relu", ["y"], ["y"], name="r2")],
                [vi("x", TensorProto.FLOAT, [2])], [vi("y", TensorProto.FLOAT, [2])])
    save_helper(d, "cycle", [helper.make_node("Relu", ["b"], ["a"]), helper.make_node("Relu", ["a"], ["b"])],
                [vi("x", TensorProto.FLOAT, [2])], [vi("a", TensorProto.FLOAT, [2])])
    # nodes out of order (ONNX requires a topological order; the loader sorts)
    save_helper(d, "unsorted", [helper.make_node("Neg", ["t"], ["y"]), helper.make_node("Relu", ["x"], ["t"])],
                [vi("x", TensorProto.FLOAT, [2])], [vi("y", TensorProto.FLOAT, [2])])
    escape = numpy_helper.from_array(np.ones(2, np.float32), "w")
    escape.data_location = TensorProto.EXTERNAL
    escape.ClearField("raw_data")
    for k, v in (("location", "../w.bin"), ("offset", "0"), ("length", "8")):
        e = escape.external_data.add()
        e.key, e.value = k, v
    save_helper(d, "external_escape", [helper.make_node("Add", ["x", "w"], ["y"])],
                [vi("x", TensorProto.FLOAT, [2])], [vi("y", TensorProto.FLOAT, [2])], [escape])
    short = numpy_helper.from_array(np.ones(4, np.float32), "w")
    short.data_location = TensorProto.EXTERNAL
    short.ClearField("raw_data")
    for k, v in (("location", "short.bin"), ("offset", "4")):
        e = short.external_data.add()
        e.key, e.value = k, v
    with open(os.path.join(d, "short.bin"), "wb") as f:
        f.write(bytes(12))
    save_helper(d, "external_short", [helper.make_node("Add", ["x", "w"], ["y"])],
                [vi("x", TensorProto.FLOAT, [4])], [vi("y", TensorProto.FLOAT, [4])], [short])
    # hostile: forty functions each calling the next twice (2^40 nodes
    # once inlined), and two nested Loops of 10^6 iterations each
    fns = [helper.make_function("local.fn", "F0", ["a"], ["out"], [helper.make_node("Neg", ["a"], ["out"])],
                                [helper.make_opsetid("", 17)], [])]
    for k in range(1, 40):
        fns.append(helper.make_function(
            "local.fn", "F%d" % k, ["a"], ["out"],
            [helper.make_node("F%d" % (k - 1), ["a"], ["t"], domain="local.fn"),
             helper.make_node("F%d" % (k - 1), ["t"], ["out"], domain="local.fn")],
            [helper.make_opsetid("", 17), helper.make_opsetid("local.fn", 1)], []))
    graph = helper.make_graph([helper.make_node("F39", ["x"], ["y"], domain="local.fn")], "calls",
                              [vi("x", TensorProto.FLOAT, [2])], [vi("y", TensorProto.FLOAT, [2])])
    model = helper.make_model(graph, functions=fns,
                              opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("local.fn", 1)])
    model.ir_version = 8
    onnx.save(model, os.path.join(d, "function_blowup.onnx"))
    inner = helper.make_graph(
        [helper.make_node("Identity", ["c"], ["c2"]), helper.make_node("Add", ["s", "one"], ["s2"])], "inner",
        [vi("j", TensorProto.INT64, []), vi("c", TensorProto.BOOL, []), vi("s", TensorProto.FLOAT, [])],
        [vi("c2", TensorProto.BOOL, []), vi("s2", TensorProto.FLOAT, [])])
    outer = helper.make_graph(
        [helper.make_node("Identity", ["c"], ["c2"]),
         helper.make_node("Loop", ["n", "", "s"], ["s2"], body=inner)], "outer",
        [vi("i", TensorProto.INT64, []), vi("c", TensorProto.BOOL, []), vi("s", TensorProto.FLOAT, [])],
        [vi("c2", TensorProto.BOOL, []), vi("s2", TensorProto.FLOAT, [])])
    save_helper(d, "nested_loops", [helper.make_node("Loop", ["n", "", "x"], ["y"], body=outer)],
                [vi("x", TensorProto.FLOAT, [])], [vi("y", TensorProto.FLOAT, [])],
                [numpy_helper.from_array(np.array(1000000, np.int64), "n"),
                 numpy_helper.from_array(np.array(1, np.float32), "one")])
    save_helper(d, "two_inputs", [helper.make_node("Add", ["a", "b"], ["y"])],
                [vi("a", TensorProto.FLOAT, [2, 3]), vi("b", TensorProto.FLOAT, [2, 3])],
                [vi("y", TensorProto.FLOAT, [2, 3])])
    return out


def main(d):
    os.makedirs(d, exist_ok=True)
    models = {}
    models["cnn"] = export(d, "cnn", SmallCnn(), (torch.randn(2, 3, 12, 12),), ["x"], opset=13)
    models["recurrent"] = export(d, "recurrent", Recurrent(), (torch.randn(6, 3, 5),), ["x"], opset=14)
    models["attention"] = export(d, "attention", Attention(), (torch.randn(2, 5, 16),), ["x"], opset=17)
    models["loop"] = export(d, "loop", Looping(), (torch.randn(4), torch.tensor(5)), ["x", "n"], opset=17)
    # the CNN again with every initializer in an external data file
    m = onnx.load(models["cnn"][0])
    onnx.save_model(m, os.path.join(d, "cnn_external.onnx"), save_as_external_data=True,
                    all_tensors_to_one_file=True, location="cnn_weights.bin", size_threshold=0)
    models["cnn_external"] = (os.path.join(d, "cnn_external.onnx"), models["cnn"][1])
    models.update(helper_models(d))
    jobs = []
    for name, (path, inputs) in sorted(models.items()):
        indir = os.path.join(d, name + ".in")
        os.makedirs(indir, exist_ok=True)
        files = {}
        for n, a in inputs.items():
            files[n] = os.path.join(indir, n + ".npy")
            np.save(files[n], a)
        jobs.append({"id": name, "model": path, "outdir": os.path.join(d, name + ".ort"),
                     "sets": [{"inputs": files}]})
    with open(os.path.join(d, "jobs.json"), "w") as f:
        json.dump({"threads": 1, "jobs": jobs}, f)


if __name__ == "__main__":
    main(sys.argv[1])
