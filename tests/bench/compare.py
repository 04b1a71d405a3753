"""Step e of the end-to-end bench: ONNX Runtime's outputs against PyTorch's,
by position.

Each output must have PyTorch's shape and exactly its dtype (a float32
output must stay float32), integers and booleans must be equal, and
floating-point values must satisfy numpy.isclose(onnx, torch, rtol, atol,
equal_nan=True), that is |onnx - torch| <= atol + rtol * |torch|.
"""
import numpy as np


def _index(flat, shape):
    return list(np.unravel_index(flat, shape)) if shape else []


def _fmt(x):
    return repr(x.item()) if hasattr(x, "item") else repr(x)


def compare_arrays(actual, expected, rtol, atol):
    """None when ACTUAL (ONNX Runtime) matches EXPECTED (PyTorch), else a
    one-line description of the first difference found."""
    if actual.shape != expected.shape:
        return "shape %s, PyTorch gives %s" % (list(actual.shape), list(expected.shape))
    if actual.dtype != expected.dtype:
        return "dtype %s, PyTorch gives %s" % (actual.dtype.name, expected.dtype.name)
    if actual.size == 0:
        return None
    a = actual.reshape(-1)
    e = expected.reshape(-1)
    if expected.dtype.kind in "biu":
        bad = np.flatnonzero(a != e)
        if bad.size == 0:
            return None
        i = bad[0]
        return ("%d of %d elements differ (exact comparison); first at %s: onnx %s, torch %s"
                % (bad.size, a.size, [int(k) for k in _index(i, expected.shape)],
                   _fmt(a[i]), _fmt(e[i])))
    a64 = a.astype(np.float64)
    e64 = e.astype(np.float64)
    with np.errstate(invalid="ignore", over="ignore"):
        ok = np.isclose(a64, e64, rtol=rtol, atol=atol, equal_nan=True)
        if ok.all():
            return None
        bad = np.flatnonzero(~ok)
        diff = np.abs(a64 - e64)
        finite = np.where(np.isfinite(diff), diff, -1.0)
    worst = int(np.argmax(finite)) if finite.max() >= 0 else int(bad[0])
    return ("%d of %d elements outside rtol=%g atol=%g; max abs diff %s at %s (onnx %s, torch %s)"
            % (bad.size, a.size, rtol, atol, _fmt(diff[worst]),
               [int(k) for k in _index(worst, expected.shape)],
               _fmt(a[worst]), _fmt(e[worst])))


def compare_files(actual_files, expected_files, rtol, atol):
    """Problems (strings) found comparing one input set's outputs."""
    problems = []
    if len(actual_files) != len(expected_files):
        problems.append("ONNX Runtime gives %d output(s), PyTorch %d"
                        % (len(actual_files), len(expected_files)))
    for k, (af, ef) in enumerate(zip(actual_files, expected_files)):
        p = compare_arrays(np.load(af, allow_pickle=False), np.load(ef, allow_pickle=False),
                           rtol, atol)
        if p:
            problems.append("output %d: %s" % (k, p))
    return problems
