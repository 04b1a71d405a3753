"""The Python package (python/tsc2onnx): export() gives the file the
command line gives with the same options, compile() returns a ModelProto,
failures raise CompileError with the diagnostics as data, and
`python3 -m tsc2onnx` is the command line.

    /usr/bin/python3 tests/python_api.py TSC2ONNX

The package is imported from the source tree (python/), and runs TSC2ONNX.
"""
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
sys.dont_write_bytecode = True

MISMATCHED = '''
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self, n, act=nn.ReLU):
        super().__init__()
        self.fc = nn.Linear(n, 4)
        self.act = act()

    def forward(self, x):
        return self.act(self.fc(x))
'''

BAD_SOURCE = '''
import torch
from torch import nn


class Net(nn.Module):
    def forward(self, x):
        return x + undefined_name
'''

cases = []


def case(fn):
    cases.append(fn)
    return fn


def load_example(name):
    """An examples/ model file as a Python module (PyTorch runs it)."""
    path = os.path.join(SRC, "examples", name + ".ts")
    loader = importlib.machinery.SourceFileLoader(name, path)
    spec = importlib.util.spec_from_loader(name, loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    loader.exec_module(mod)
    return mod, path


def cli(ctx, argv, out):
    p = subprocess.run([ctx["tsc"]] + argv + ["-o", out], capture_output=True, text=True)
    if p.returncode:
        raise AssertionError("command line failed: %s" % p.stderr)
    with open(out, "rb") as f:
        return f.read()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def same_model(a, b):
    """Whether model files A and B (bytes) are the same but for the
    command line recorded in the metadata (export() records the one it ran,
    with its temporary file names)."""
    import onnx
    models = []
    for data in (a, b):
        m = onnx.load_from_string(data)
        keep = [(p.key, p.value) for p in m.metadata_props if p.key != "tsc2onnx.command"]
        del m.metadata_props[:]
        for k, v in keep:
            m.metadata_props.add(key=k, value=v)
        models.append(m.SerializeToString())
    return models[0] == models[1]


@case
def export_resnet_same_as_cli(ctx):
    torch, tsc2onnx, work = ctx["torch"], ctx["tsc2onnx"], ctx["work"]
    mod, path = load_example("resnet")
    torch.manual_seed(0)
    model = mod.resnet18().eval()
    x = torch.randn(1, 3, 64, 64)
    out = os.path.join(work, "resnet_py.onnx")
    tsc2onnx.export(model, (x,), out, entry="resnet18()", dynamic_axes={"x": {0: "N"}}, opset_version=15)
    torch.save(model.state_dict(), os.path.join(work, "r.pth"))
    import numpy as np
    np.save(os.path.join(work, "x.npy"), x.numpy())
    want = cli(ctx, [path, "--entry", "resnet18()", "--weights", os.path.join(work, "r.pth"),
                     "--example", "x=@" + os.path.join(work, "x.npy"), "--dynamic", "x:0=N",
                     "--opset", "15"], os.path.join(work, "resnet_cli.onnx"))
    assert same_model(read(out), want), "export() and the command line give different files"


@case
def export_loop_same_as_cli(ctx):
    torch, tsc2onnx, work = ctx["torch"], ctx["tsc2onnx"], ctx["work"]
    mod, path = load_example("loop")
    model = mod.LoopModel2()
    x, y = torch.ones(2, 3), torch.tensor(9)
    with open(os.path.join(work, "loop_py.onnx"), "wb") as f:     # a file object
        tsc2onnx.export(model, (x, y), f, input_names=["data", "count"], output_names=["out"],
                        dynamic_axes={"data": {0: "N", 1: "M"}})
    import numpy as np
    np.save(os.path.join(work, "lx.npy"), x.numpy())
    np.save(os.path.join(work, "ly.npy"), y.numpy())
    want = cli(ctx, [path, "--entry", "LoopModel2()", "--example", "x=@" + os.path.join(work, "lx.npy"), "--example",
                     "y=@" + os.path.join(work, "ly.npy"), "--dynamic", "x:0=N", "--dynamic", "x:1=M",
                     "--input-names", "data,count", "--output-names", "out"],
               os.path.join(work, "loop_cli.onnx"))
    got = read(os.path.join(work, "loop_py.onnx"))
    assert same_model(got, want), "export() and the command line give different files"
    import onnx
    m = onnx.load_from_string(got)
    assert [i.name for i in m.graph.input] == ["data", "count"], [i.name for i in m.graph.input]
    assert any(n.op_type == "Loop" for n in m.graph.node), "the loop is not an ONNX Loop"


@case
def export_names_the_constructor_on_mismatch(ctx):
    torch, tsc2onnx, work = ctx["torch"], ctx["tsc2onnx"], ctx["work"]
    with open(os.path.join(work, "mismatched.py"), "w") as f:
        f.write(MISMATCHED)
    sys.path.insert(0, work)
    import mismatched
    model = mismatched.Net(3, act=torch.nn.Tanh)
    out = os.path.join(work, "mm.onnx")
    tsc2onnx.export(model, (torch.randn(2, 3),), out, init_args=(3,), init_kwargs={"act": torch.nn.Tanh})
    assert os.path.getsize(out) > 0
    try:
        tsc2onnx.export(model, (torch.randn(2, 3),), os.path.join(work, "mm2.onnx"), init_args=(5,))
    except tsc2onnx.CompileError as e:
        text = str(e)
        assert "'fc.weight' has shape [4, 3] in the file but [4, 5]" in text, text
        assert "entry='...'" in text and "Net(5)" in text, text
        assert not os.path.exists(os.path.join(work, "mm2.onnx"))
        return
    raise AssertionError("no CompileError")


@case
def compile_returns_model_proto(ctx):
    tsc2onnx = ctx["tsc2onnx"]
    m = tsc2onnx.compile(MISMATCHED, entry="Net(3)", inputs={"x": "float32[2,3]"}, opset=13)
    assert m.opset_import[0].version == 13, m.opset_import
    assert [o.name for o in m.graph.output], "no outputs"


@case
def compile_error_as_data(ctx):
    tsc2onnx = ctx["tsc2onnx"]
    try:
        tsc2onnx.compile(BAD_SOURCE, inputs={"x": "float32[2]"})
    except tsc2onnx.CompileError as e:
        d = [x for x in e.diagnostics if x.level == "error"]
        assert d and d[0].line == 8 and d[0].column == 20, e.diagnostics
        assert d[0].message == "name 'undefined_name' is not defined", d[0].message
        assert "^" in e.text and e.returncode == 1, e.text
        return
    raise AssertionError("no CompileError")


@case
def external_data_delivered_with_its_model(ctx):
    """A model with external data reaches a path with its data file, under
    the name the model gives it (MODEL.HASH.data), and is refused for a
    file object, which cannot hold two files."""
    import io
    import numpy as np
    import onnx
    from onnx import numpy_helper
    tsc2onnx = ctx["tsc2onnx"]
    src = os.path.join(SRC, "examples", "mlp.ts")
    built = os.path.join(ctx["work"], "ext-built")
    os.makedirs(built)
    model = os.path.join(built, "model.onnx")
    cli(ctx, [src, "--external-data=16", "--seed", "1", "--example", "a=randn(2,4)", "--example", "b=randn(2,3)",
              "--example", "c=randn(2,5)"], model)
    target = os.path.join(ctx["work"], "ext-out", "m.onnx")
    os.makedirs(os.path.dirname(target))
    tsc2onnx._deliver(model, target)
    want = {t.name: numpy_helper.to_array(t) for t in onnx.load(model).graph.initializer}
    got = {t.name: numpy_helper.to_array(t) for t in onnx.load(target).graph.initializer}
    assert want.keys() == got.keys() and all(np.array_equal(want[k], got[k]) for k in want), "weights differ"
    try:
        tsc2onnx._deliver(model, io.BytesIO())
    except ValueError as e:
        assert "external data" in str(e), e
        return
    raise AssertionError("a file object took a model with external data")


@case
def module_runs_command_line(ctx):
    env = dict(os.environ, PYTHONPATH=os.path.join(SRC, "python"), TSC2ONNX=ctx["tsc"])
    p = subprocess.run([sys.executable, "-m", "tsc2onnx", "--version"], capture_output=True, text=True, env=env)
    q = subprocess.run([ctx["tsc"], "--version"], capture_output=True, text=True)
    assert p.returncode == 0 and p.stdout == q.stdout and p.stdout, (p.stdout, p.stderr)
    p = subprocess.run([sys.executable, "-m", "tsc2onnx", "--no-such-option"], capture_output=True, env=env)
    assert p.returncode != 0


def main():
    tsc = os.path.abspath(sys.argv[1])
    try:
        import numpy  # noqa: F401
        import onnx  # noqa: F401
        import torch
    except ImportError as e:
        print("1..0 # SKIP %s" % e)
        return 0
    os.environ["TSC2ONNX"] = tsc
    sys.path.insert(0, os.path.join(SRC, "python"))
    import tsc2onnx
    work = tempfile.mkdtemp(prefix="tsc-python-")
    ctx = {"tsc": tsc, "torch": torch, "tsc2onnx": tsc2onnx, "work": work}
    print("1..%d" % len(cases))
    try:
        for n, fn in enumerate(cases, 1):
            try:
                fn(ctx)
                print("ok %d - %s" % (n, fn.__name__))
            except Exception as e:  # noqa: BLE001 - every failure is a test failure
                print("not ok %d - %s" % (n, fn.__name__))
                for line in ("%s: %s" % (type(e).__name__, e)).splitlines():
                    print("  # " + line)
            sys.stdout.flush()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
