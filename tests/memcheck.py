"""Valgrind memcheck on the examples: every examples/*.ts compiled (at the
first opset of its '# opsets:' line, with its options and example values)
under valgrind must report no error and no leak, and so must `tsc2onnx run`
on the compiled model of the smaller ones (the ONNX reader and the
evaluator).  One TAP case per run; skipped without valgrind.

    python3 tests/memcheck.py TSC2ONNX [EXAMPLE.ts ...]

Not part of `make check` (valgrind is slow); `make memcheck` runs it.
"""
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "bench"))

import directives  # noqa: E402
from determinism import cli_value  # noqa: E402

VALGRIND = ["valgrind", "--error-exitcode=99", "--leak-check=full",
            "--errors-for-leak-kinds=definite,indirect,possible", "--show-leak-kinds=definite,indirect,possible",
            "-q"]
# `run` evaluates the model in the evaluator: under valgrind only the
# examples whose evaluation takes seconds, not minutes
RUN_EXAMPLES = ("mlp.ts", "superres.ts", "squeezenet.ts", "dcgan.ts")


def report(n, ok, what, p):
    if ok:
        print("ok %d - %s" % (n, what))
        return
    print("not ok %d - %s: exit status %d" % (n, what, p.returncode))
    for line in p.stderr.decode("utf-8", "replace").splitlines()[:30]:
        print("# " + line)


def main():
    tsc = os.path.abspath(sys.argv[1]) if os.path.sep in sys.argv[1] else sys.argv[1]
    if not shutil.which("valgrind"):
        print("1..0 # SKIP valgrind not found (Debian: apt-get install valgrind)")
        return
    paths = sys.argv[2:] or sorted(
        os.path.join(SRCDIR, "examples", f) for f in os.listdir(os.path.join(SRCDIR, "examples"))
        if directives.is_case_file(f))
    cases = [directives.parse_case(os.path.abspath(p), directives.case_name(p, SRCDIR)) for p in paths]
    runs = [c for c in cases if os.path.basename(c.path) in RUN_EXAMPLES]
    print("1..%d" % (len(cases) + len(runs)))
    n = 0
    with tempfile.TemporaryDirectory(prefix="tsc-memcheck.") as tmp:
        for case in cases:
            n += 1
            out = os.path.join(tmp, os.path.basename(case.path)[:-3] + ".onnx")
            args = list(case.options) + ["--opset", str(case.opsets[0])]
            inputs = []
            for name, spec in case.example or []:
                args += ["--example", "%s=%s" % (name, cli_value(spec))]
                inputs += ["--input", "%s=%s" % (name, cli_value(spec))]
            p = subprocess.run(VALGRIND + [tsc, case.path] + args + ["-o", out], cwd=case.dir,
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            report(n, p.returncode == 0, "%s opset %d: compile under memcheck" % (case.name, case.opsets[0]), p)
            sys.stdout.flush()
            if case in runs:
                n += 1
                p = subprocess.run(VALGRIND + [tsc, "run", out] + inputs, cwd=case.dir, stdin=subprocess.DEVNULL,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                report(n, p.returncode == 0, "%s: tsc2onnx run under memcheck" % case.name, p)
                sys.stdout.flush()
            if os.path.exists(out):
                os.remove(out)


if __name__ == "__main__":
    main()
