"""Resource limits: hostile but well-formed input ends with a clear error, or
compiles, within a stated bound of time and memory, with the default limits
(support/context.h; docs/reliability.md states the bounds).  Each case is
generated here, compiled in a scratch directory, and checked for its exit
status, a message, and its wall time and peak memory against the bound.
One TAP case per input.

    python3 tests/limits.py TSC2ONNX

In sanitizer builds (TSC_SANITIZED=yes, set by make check) the time bounds
are multiplied by SLOWDOWN and memory is not checked (AddressSanitizer's
shadow memory and quarantine are no measure of the compiler's own use).
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

SANITIZED = os.environ.get("TSC_SANITIZED") == "yes"
SLOWDOWN = 6 if SANITIZED else 1

HEAD = "import torch\nimport torch.nn as nn\n\n\n"
FORWARD = "    def forward(self, x):\n        return x\n"
EXAMPLE = ["--example", "x=randn(2,3)"]


def module(init, forward=FORWARD, before=""):
    body = "".join("        %s\n" % line for line in init.split("\n"))
    return (HEAD + before + "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
            + body + "\n" + forward)


def long_file(lines):
    calls = "".join("    n = n + %d\n" % (i % 7) for i in range(lines))
    return HEAD + "def total() -> int:\n    n = 0\n" + calls + "    return n\n\n\n" + module("self.n = total()")


def fib():
    return module("self.n = fib(40)",
                  before="def fib(n: int) -> int:\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\n\n")


def deep_recursion():
    return module("self.n = down(100000)", before=(
        "def down(n: int) -> int:\n    return 0 if n == 0 else " + "(1 + " * 40 + "down(n - 1)" + ")" * 40
        + "\n\n\n"))


def nested_runtime_ifs(depth, in_else):
    """DEPTH run-time ifs nested in their then (or else) branches."""
    lines, indent = [], " " * 8
    for i in range(depth):
        lines.append(indent + "if x.sum() > %d:" % (-1000 - i))
        if in_else:
            lines.append(indent + "    x = x * 1.5")
            lines.append(indent + "else:")
        indent += "    "
    lines.append(indent + "x = x + 1")
    return (HEAD + "class M(nn.Module):\n    def forward(self, x):\n" + "\n".join(lines)
            + "\n        return x\n")


TRACE_LOOP = (HEAD + "class M(nn.Module):\n    def forward(self, x, y):\n        for i in range(int(y)):\n"
              "            x = x + i\n        return x\n")
UNROLL_FORWARD = "    def forward(self, x):\n        for i in range(1000000):\n            x = x + 1\n        return x\n"

# name, source, extra options, expected status, text stderr must contain,
# time bound (s), memory bound (MiB), stack limit (KiB) or None
CASES = [
    ("nesting: 10,000 nested brackets", "x = " + "(" * 10000 + "1" + ")" * 10000 + "\n", [], 1,
     "too many nested parentheses", 5, 200, None),
    ("nesting: blocks 1,000 deep", "".join(" " * i + "if x:\n" for i in range(1000)) + " " * 1000 + "pass\n", [], 1,
     "too many levels of indentation", 5, 200, None),
    ("huge literal: an integer of 1,000,000 digits", module("self.n = " + "7" * 1000000), EXAMPLE, 1,
     "integer literal too large", 5, 300, None),
    ("huge literal: a float of 1,000,000 digits", module("self.f = 0." + "3" * 1000000), EXAMPLE, 0,
     "", 5, 300, None),
    ("huge literal: a 10 MB string", module("self.s = len('" + "a" * 10000000 + "')"), EXAMPLE, 0,
     "", 10, 600, None),
    ("a 100,000-line file", long_file(100000), EXAMPLE, 0, "", 30, 1024, None),
    ("a static loop of 1,000,000 iterations in __init__",
     module("n = 0\nfor i in range(1000000):\n    n += i\nself.n = n"), EXAMPLE, 0, "", 15, 1024, None),
    ("a loop unrolled 1,000,000 times in forward() (the memory limit, lowered to 512 MiB)", module("pass", UNROLL_FORWARD),
     EXAMPLE + ["--limit", "memory=512M"], 1, "needs more than 512 MiB of memory", 30, 1536, None),
    ("a loop unrolled 1,000,000 times in trace mode (the memory limit, lowered to 1 GiB)", TRACE_LOOP,
     ["--example", "x=ones(2,3)", "--example", "y=1000000", "--trace", "--limit", "memory=1G"], 1,
     "the trace needs more than 1024 MiB of memory", 30, 1536, None),
    ("exponential evaluation: fib(40) in __init__ (the step limit)", fib(), EXAMPLE, 1,
     "exceeded 10000000 steps", 20, 1536, None),
    ("an endless loop in __init__ (the step limit)", module("while True:\n    pass"), EXAMPLE, 1,
     "exceeded 10000000 steps", 20, 1536, None),
    ("recursion in __init__ (the call-depth limit)", module("self.n = f(0)", before=(
        "def f(n: int) -> int:\n    return f(n + 1)\n\n\n")), EXAMPLE, 1,
     "maximum recursion depth (500) exceeded", 5, 300, None),
    ("deep recursion, the call-depth limit raised (the C stack, ulimit -s 2048)", deep_recursion(),
     EXAMPLE + ["--limit", "call-depth=100000"], 1, "nest too deeply for the C stack", 10, 600, 2048),
    ("190 nested run-time ifs under ulimit -s 128: the C stack guard ends the compile, "
     "no branch is dropped", nested_runtime_ifs(190, False), EXAMPLE, 1, "nest too deeply for the C stack",
     5, 300, 128),
    ("190 run-time ifs nested in their else branches under ulimit -s 128", nested_runtime_ifs(190, True),
     EXAMPLE, 1, "nest too deeply for the C stack", 5, 300, 128),
    ("190 nested run-time ifs under ulimit -s 128 in trace mode", nested_runtime_ifs(190, False),
     ["--trace"] + EXAMPLE, 1, "nest too deeply for the C stack", 5, 300, 128),
    ("a 40 GB tensor made in __init__ (the tensor-bytes limit)", module("self.w = torch.zeros(100000, 100000)"),
     EXAMPLE, 1, "is larger than 2147483648 bytes", 5, 200, None),
    ("a list of 10^9 items (the items limit)", module("self.l = [0] * 1000000000"), EXAMPLE, 1,
     "longer than 10000000 items", 5, 200, None),
    ("`5 in s` on a 10^7-item list in a loop: the scan counts a step per item (the step limit)",
     module("s = [0] * 10000000\nn = 0\nfor i in range(100000):\n    n += 1 if 5 in s else 0\nself.n = n"),
     EXAMPLE, 1, "exceeded 10000000 steps", 5, 400, None),
    ("== of two distinct tuples of 2^60 shared leaves: a step per pair compared (the step limit)",
     module("t = (1, 2)\nu = (1, 2)\nfor i in range(60):\n    t = (t, t)\n    u = (u, u)\nself.same = t == u"),
     EXAMPLE, 1, "exceeded 10000000 steps", 5, 200, None),
    ("a tuple of 2^60 shared leaves hashed as a dict key 100,000 times (its hash is kept)",
     module("t = (1, 2)\nfor i in range(60):\n    t = (t, t)\nd = {}\nfor i in range(100000):\n    d[t] = i\n"
            "self.n = d[t] + len({t: 1}) + (1 if t in d and t == t else 0)"),
     EXAMPLE, 0, "", 10, 200, None),
    ("sorted() of 10^5 items in a loop: n log n comparisons, each a step (the step limit)",
     module("l = list(range(100000))\nn = 0\nfor i in range(100000):\n    n += sorted(l, reverse=True)[0]\nself.n = n"),
     EXAMPLE, 1, "exceeded 10000000 steps", 20, 400, None),
    ("str() of a list of 2^40 shared leaves: a step per value written",
     module("l = [1, 2]\nfor i in range(40):\n    l = [l, l]\nself.s = len(str(l))"),
     EXAMPLE, 0, "", 10, 400, None),
    ("a chain of 5,000 subclasses (single inheritance: linear MROs)",
     HEAD + "class C0:\n    pass\n\n\n" + "".join("class C%d(C%d):\n    pass\n\n\n" % (i, i - 1) for i in range(1, 5000))
     + module("self.n = len(C4999.__mro__)"), EXAMPLE, 0, "", 5, 400, None),
    ("100 lists of 10^7 items (the memory limit, lowered to 1 GiB)",
     module("self.l = [[0] * 10000000 for i in range(100)]"), EXAMPLE + ["--limit", "memory=1G"], 1,
     "needs more than 1024 MiB of memory", 20, 1536, None),
]


def run(tsc, source, options, tmp, stack_kib):
    """Compiles SOURCE; returns (status, stderr, seconds, peak MiB)."""
    path = os.path.join(tmp, "m.py")
    with open(path, "w") as f:
        f.write(source)
    out = os.path.join(tmp, "m.onnx")

    def limits():
        if stack_kib:
            resource.setrlimit(resource.RLIMIT_STACK, (stack_kib * 1024, stack_kib * 1024))
    start = time.monotonic()
    with open(os.path.join(tmp, "err"), "w+b") as err:
        p = subprocess.Popen([tsc, "m.py"] + options + ["-o", out], cwd=tmp, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err, preexec_fn=limits)
        try:
            _, status, usage = os.wait4(p.pid, 0)
        except KeyboardInterrupt:
            p.kill()
            raise
        p.returncode = os.waitstatus_to_exitcode(status)
        wall = time.monotonic() - start
        err.seek(0)
        text = err.read(1 << 20).decode("utf-8", "replace")
    for name in (path, out):
        if os.path.exists(name):
            os.remove(name)
    return p.returncode, text, wall, usage.ru_maxrss / 1024


def main():
    tsc = os.path.abspath(sys.argv[1]) if os.path.sep in sys.argv[1] else sys.argv[1]
    print("1..%d" % len(CASES))
    with tempfile.TemporaryDirectory(prefix="tsc-limits.") as tmp:
        for n, (name, source, options, status, text, seconds, mib, stack) in enumerate(CASES, 1):
            got, err, wall, rss = run(tsc, source, options, tmp, stack)
            bound = seconds * SLOWDOWN
            problems = []
            if got != status:
                problems.append("exit status %d, expected %d" % (got, status))
            if text not in err:
                problems.append("stderr lacks '%s'" % text)
            if wall > bound:
                problems.append("took %.1f s, bound %d s" % (wall, bound))
            if not SANITIZED and rss > mib:
                problems.append("peak memory %d MiB, bound %d MiB" % (rss, mib))
            what = "%s: %.1f s (bound %d s)%s" % (name, wall, bound,
                                                  "" if SANITIZED else ", %d MiB (bound %d MiB)" % (rss, mib))
            if problems:
                print("not ok %d - %s: %s" % (n, what, "; ".join(problems)))
                for line in err.splitlines()[:6]:
                    print("# " + line[:200])
            else:
                print("ok %d - %s" % (n, what))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
