"""Numerics of the compiler itself (the evaluator's are tests/eval.sh's):

  1. tests/numerics/python_floats.py asserts what Python's arithmetic gives
     on NaN, infinities, signed zeros, floor division and modulo, powers,
     conversions and the exceptions they raise.  CPython runs it (every
     assert holds there), then tsc2onnx compiles it: its compile-time
     interpreter must agree (exit status 0).
  2. tests/numerics/constants.py makes buffers of special values (signed
     zeros, infinities, NaN, subnormals, extremes, float16 rounding); each
     initializer of the compiled model must hold PyTorch's values bit for
     bit.

    /usr/bin/python3 tests/numerics.py TSC2ONNX

Needs PyTorch, numpy and onnx (Debian python3-torch python3-onnx).
"""
import os
import runpy
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "numerics")


def compile_model(tsc, path, out):
    p = subprocess.run([tsc, path, "--example", "x=randn(2)", "-o", out], stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def bits(a, np):
    """The array's bytes as unsigned integers of its width (NaN payloads and
    the sign of zero included)."""
    a = np.ascontiguousarray(a)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.itemsize]).tolist()


def main():
    tsc = os.path.abspath(sys.argv[1]) if os.path.sep in sys.argv[1] else sys.argv[1]
    try:
        import numpy as np
        import onnx
        from onnx import numpy_helper
        import torch  # noqa: F401
    except ImportError as e:
        print("1..0 # SKIP %s (run tests/setup-deps.sh)" % e)
        return
    constants = runpy.run_path(os.path.join(CASES, "constants.py"))["Constants"]()
    buffers = dict(constants.named_buffers())
    print("1..%d" % (2 + len(buffers)))
    floats = os.path.join(CASES, "python_floats.py")
    try:
        runpy.run_path(floats)["Numerics"]()
        print("ok 1 - CPython agrees with tests/numerics/python_floats.py")
    except AssertionError as e:
        print("not ok 1 - CPython fails an assert of tests/numerics/python_floats.py: %r" % e)
    with tempfile.TemporaryDirectory(prefix="tsc-numerics.") as tmp:
        status, err = compile_model(tsc, floats, os.path.join(tmp, "floats.onnx"))
        if status == 0:
            print("ok 2 - compile-time arithmetic agrees with Python (python_floats.py compiles)")
        else:
            print("not ok 2 - python_floats.py: exit status %d" % status)
            for line in err.splitlines()[:8]:
                print("# " + line)
        out = os.path.join(tmp, "constants.onnx")
        status, err = compile_model(tsc, os.path.join(CASES, "constants.py"), out)
        inits = {}
        if status == 0:
            inits = {t.name: numpy_helper.to_array(t) for t in onnx.load(out).graph.initializer}
        for n, (name, want) in enumerate(sorted(buffers.items()), 3):
            want = want.numpy()
            got = inits.get(name)
            if got is None:
                print("not ok %d - buffer %s: not in the model (exit status %d)" % (n, name, status))
                for line in err.splitlines()[:4]:
                    print("# " + line)
            elif got.dtype != want.dtype or got.shape != want.shape or bits(got, np) != bits(want, np):
                print("not ok %d - buffer %s: %s %s, PyTorch has %s %s" % (n, name, got.dtype, got.tolist(),
                                                                         want.dtype, want.tolist()))
            else:
                print("ok %d - buffer %s: %s %s, bit for bit" % (n, name, got.dtype, got.tolist()))


if __name__ == "__main__":
    main()
