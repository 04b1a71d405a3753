"""Determinism: the same model compiled twice gives the same bytes, whatever
the environment.  For every examples/*.ts at each opset of its '# opsets:'
line, with its '# tsc2onnx:' options and '# example:' values, the model is
compiled twice:

    run 1  from a scratch directory, the model named by a relative path,
           LC_ALL=C, TZ=UTC, -o out.onnx
    run 2  from another, deeper directory, the model named by its absolute
           path, LC_ALL=C.UTF-8 (LANG, LC_NUMERIC too), TZ=NZST-12NZDT,
           another HOME and TMPDIR, umask 077, -o /ABSOLUTE/other-name.onnx

and the two .onnx files must be byte-identical (the --emit text forms and
the --trace models too, at the example's first opset).  One TAP case per
(example, opset).

    python3 tests/determinism.py TSC2ONNX [EXAMPLE.ts ...]

Example values that are not --example forms (the bench's integer draws
such as rand(35,2):int64) become zeros of the same shape and dtype: only
shapes and dtypes reach the compiled model.
"""
import filecmp
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "bench"))

import directives  # noqa: E402
import values  # noqa: E402

TIME_LIMIT = 300


def cli_value(spec):
    """The --example form of a bench value."""
    if spec.kind == "func":
        dims = ",".join(str(d) for d in spec.dims)
        floating = spec.dtype in (None, "float32", "float64", "float16")
        if spec.func in ("randn", "rand") and not floating:
            return "zeros(%s):%s" % (dims, spec.dtype)
        return "%s(%s)%s" % (spec.func, dims, ":" + spec.dtype if spec.dtype else "")
    if spec.kind == "file":
        return "@" + spec.path
    return spec.text


def environment(home, tmpdir, variant):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TMPDIR": tmpdir}
    if variant == 1:
        env.update(LC_ALL="C", TZ="UTC")
    else:
        env.update(LC_ALL="C.UTF-8", LANG="C.UTF-8", LC_NUMERIC="C.UTF-8", TZ="NZST-12NZDT")
    for name in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def compile_once(tsc, model, args, cwd, out, env, umask):
    """Runs tsc2onnx; returns (status, stderr)."""
    def preexec():
        os.umask(umask)
    p = subprocess.run([tsc, model] + args + ["-o", out], cwd=cwd, env=env,
                       stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=TIME_LIMIT, preexec_fn=preexec)
    return p.returncode, p.stderr.decode("utf-8", "replace")


def same_file(a, b):
    return filecmp.cmp(a, b, shallow=False)


def check(tsc, case, opset, text, tmp, n):
    """One TAP case: both runs, then the comparison."""
    base = os.path.basename(case.path)
    args = list(case.options) + ["--opset", str(opset)]
    for name, spec in case.example or []:
        args += ["--example", "%s=%s" % (name, cli_value(spec))]
    one = os.path.join(tmp, "one")
    two = os.path.join(tmp, "two", "deeper", "still")
    rel = os.path.join("src", os.path.relpath(case.path, SRCDIR))
    outputs = []
    for variant, cwd, model, out, umask in (
            (1, one, rel, "out.onnx", 0o022),
            (2, two, case.path, os.path.join(tmp, "elsewhere", "other-name.onnx"), 0o077)):
        env = environment(os.path.join(tmp, "home%d" % variant), os.path.join(tmp, "tmp%d" % variant), variant)
        emits = [(out, [])]
        if text:
            emits += [(out + ".txt", ["--emit", "text"]), (out + ".trace.onnx", ["--trace"])]
        for path, extra in emits:
            status, err = compile_once(tsc, model, args + extra, cwd, path, env, umask)
            if status != 0:
                print("not ok %d - %s opset %d: run %d exits %d" % (n, case.name, opset, variant, status))
                for line in err.splitlines()[:10]:
                    print("# " + line)
                return False
        outputs.append([os.path.join(cwd, p) for p, _ in emits])
    for a, b in zip(outputs[0], outputs[1]):
        if not same_file(a, b):
            print("not ok %d - %s opset %d: %s and %s differ" % (n, case.name, opset, os.path.basename(a),
                                                                 os.path.basename(b)))
            subprocess.run(["cmp", a, b], stdout=sys.stdout)
            sys.stdout.flush()
            return False
    size = os.path.getsize(outputs[0][0])
    for path in outputs[0] + outputs[1]:
        os.remove(path)     # the large examples' files are hundreds of MB
    print("ok %d - %s opset %d: identical bytes (%d)%s" % (n, case.name, opset, size,
                                                          ", text and --trace too" if text else ""))
    return True


def main():
    tsc = os.path.abspath(sys.argv[1]) if os.path.sep in sys.argv[1] else sys.argv[1]
    paths = sys.argv[2:] or sorted(
        os.path.join(SRCDIR, "examples", f) for f in os.listdir(os.path.join(SRCDIR, "examples"))
        if directives.is_case_file(f))
    cases = [directives.parse_case(os.path.abspath(p), directives.case_name(p, SRCDIR)) for p in paths]
    print("1..%d" % sum(len(c.opsets) for c in cases))
    n = 0
    with tempfile.TemporaryDirectory(prefix="tsc-determinism.") as tmp:
        for d in ("one", "two/deeper/still", "elsewhere", "home1", "home2", "tmp1", "tmp2"):
            os.makedirs(os.path.join(tmp, d))
        os.symlink(SRCDIR, os.path.join(tmp, "one", "src"))
        for case in cases:
            for i, opset in enumerate(case.opsets):
                n += 1
                if case.errors:
                    print("not ok %d - %s: %s" % (n, case.name, "; ".join(case.errors)))
                    continue
                check(tsc, case, opset, i == 0, tmp, n)
                sys.stdout.flush()


if __name__ == "__main__":
    main()
