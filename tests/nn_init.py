"""torch.nn.init on the compiler's seeded stream: compiles nn_init/model.py
without --weights, then checks the distribution of every initializer
(bounds, mean and standard deviation within sampling error, orthogonality,
padding rows), that the same --seed gives the same values and another seed
different ones.  Prints TAP.

    /usr/bin/python3 tests/nn_init.py      (TSC2ONNX, TSC_SRCDIR from make check)
"""
import math
import os
import subprocess
import sys
import tempfile

import numpy as np
import onnx
from onnx import numpy_helper

SRC = os.environ.get("TSC_SRCDIR", os.path.join(os.path.dirname(__file__), ".."))
TSC = os.environ.get("TSC2ONNX", "tsc2onnx")
MODEL = os.path.join(SRC, "tests", "nn_init", "model.py")


def compile_weights(seed, tmp):
    out = os.path.join(tmp, "seed%d.onnx" % seed)
    # --no-fold: the initializers keep their parameters' names (folding
    # would turn `p * 1` of each output into a new constant)
    subprocess.run([TSC, MODEL, "--seed", str(seed), "--example", "x=[1.0]", "--no-fold", "-o", out],
                   check=True)
    m = onnx.load(out)
    return {i.name: numpy_helper.to_array(i).astype(np.float64) for i in m.graph.initializer}


def near(value, want, tol):
    return abs(value - want) <= tol


def checks(w):
    """(description, passed, detail) for every property."""
    out = []

    def moments(name, mean, std, lo=None, hi=None):
        a = w[name].ravel()
        n = a.size
        # 6 standard errors: a false alarm about once in 10^8 runs
        ok = near(a.mean(), mean, 6 * std / math.sqrt(n)) and near(a.std(), std, 6 * std / math.sqrt(2 * n))
        if lo is not None:
            ok = ok and a.min() >= lo and a.max() <= hi
        out.append(("%s: mean %.4g std %.4g" % (name, mean, std), ok,
                    "mean %.5g std %.5g min %.5g max %.5g" % (a.mean(), a.std(), a.min(), a.max())))

    b = math.sqrt(2.0) * math.sqrt(3.0 / 128)
    moments("ku", 0.0, b / math.sqrt(3), -b, b)
    moments("kn", 0.0, math.sqrt(2.0) / math.sqrt(128 * 9))
    g = 5.0 / 3 * math.sqrt(6.0 / 500)
    moments("xu", 0.0, g / math.sqrt(3), -g, g)
    moments("xn", 0.0, math.sqrt(2.0 / 500))
    moments("un", 0.5, 5 / math.sqrt(12), -2.0, 3.0)
    moments("no", 1.5, 0.25)
    for name, v in (("co", 0.3), ("ze", 0.0), ("on", 1.0)):
        out.append(("%s is constant %g" % (name, v), np.allclose(w[name], v, atol=1e-7), str(w[name])))
    ow = w["orth_wide"]
    out.append(("orth_wide rows orthogonal, gain 2", np.allclose(ow @ ow.T, 4 * np.eye(20), atol=1e-5), ""))
    ot = w["orth_tall"].reshape(30, 16)
    out.append(("orth_tall columns orthonormal", np.allclose(ot.T @ ot, np.eye(16), atol=1e-5), ""))
    tn = w["tn"]
    out.append(("tn within [-0.5, 1.0]", tn.min() >= -0.5 and tn.max() <= 1.0,
                "min %g max %g" % (tn.min(), tn.max())))
    # the mean of N(0.5, 1) truncated to [-0.5, 1]: mu + (pdf(alpha) - pdf(beta)) / (cdf(beta) - cdf(alpha))
    pdf = lambda z: math.exp(-z * z / 2) / math.sqrt(2 * math.pi)
    cdf = lambda z: (1 + math.erf(z / math.sqrt(2))) / 2
    want = 0.5 + (pdf(-1.0) - pdf(0.5)) / (cdf(0.5) - cdf(-1.0))
    out.append(("tn mean of the truncated normal", near(tn.mean(), want, 0.03),
                "mean %g, expected %g" % (tn.mean(), want)))
    lb = 1 / math.sqrt(400)
    moments("linear.weight", 0.0, lb / math.sqrt(3), -lb, lb)
    out.append(("linear.bias within 1/sqrt(fan_in)", np.abs(w["linear.bias"]).max() <= lb, ""))
    cb = 1 / math.sqrt(72)
    moments("conv.weight", 0.0, cb / math.sqrt(3), -cb, cb)
    out.append(("conv.bias within 1/sqrt(fan_in)", np.abs(w["conv.bias"]).max() <= cb, ""))
    emb = w["emb.weight"]
    out.append(("emb padding row is zero", np.all(emb[3] == 0), str(emb[3][:4])))
    rows = np.delete(emb, 3, axis=0).ravel()
    out.append(("emb N(0, 1)", near(rows.mean(), 0, 0.03) and near(rows.std(), 1, 0.03),
                "mean %g std %g" % (rows.mean(), rows.std())))
    out.append(("bn weight ones, bias zeros", np.all(w["bn.weight"] == 1) and np.all(w["bn.bias"] == 0), ""))
    hb = 1 / math.sqrt(25)
    for name in ("lstm.weight_ih_l0", "lstm.weight_hh_l0", "lstm.bias_ih_l0", "lstm.bias_hh_l0"):
        out.append(("%s within 1/sqrt(hidden)" % name, np.abs(w[name]).max() <= hb and
                    np.abs(w[name]).max() > 0.9 * hb, ""))
    return out


def main():
    with tempfile.TemporaryDirectory() as tmp:
        try:
            w1 = compile_weights(1, tmp)
            w1b = compile_weights(1, tmp)
            w2 = compile_weights(2, tmp)
        except subprocess.CalledProcessError as e:
            print("1..1\nnot ok 1 - compiling nn_init/model.py: %s" % e)
            return 1
    results = checks(w1)
    results.append(("the same --seed gives the same values",
                    all(np.array_equal(w1[k], w1b[k]) for k in w1), ""))
    results.append(("another --seed gives other values", not np.array_equal(w1["kn"], w2["kn"]), ""))
    print("1..%d" % len(results))
    failed = 0
    for i, (what, ok, detail) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if ok else "not ok", i, what))
        if not ok:
            failed += 1
            print("#   " + detail)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
