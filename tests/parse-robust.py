"""The front end on hostile input: never a crash, a hang or an assertion.

Each case is generated here (nothing large is committed), written to a
temporary directory, and run through `tsc2onnx --emit tokens` and
`tsc2onnx --emit ast`.  Both runs must end within a time limit with exit
status 0 (valid input) or 1 (diagnostics), print nothing but diagnostics in
the one format on stderr (`FILE:LINE:COL: error: ...`, the source line, the
caret; at most 20 errors, then "too many errors"), and, where the case says
so, a given message.  One TAP case per input and mode.

    python3 tests/parse-robust.py TSC2ONNX
"""
import os
import random
import re
import subprocess
import sys
import tempfile
import time

TIME_LIMIT = 10.0       # seconds per run; every case takes well under one
MAX_ERRORS = 20

HEADER = re.compile(rb"^[^\n:]+:\d+:\d+: (error|warning|note): .+$")
LIMIT_LINE = b"tsc2onnx: too many errors (%d); stopping" % MAX_ERRORS


def garbage(seed, size):
    rnd = random.Random(seed)
    return bytes(rnd.randrange(256) for _ in range(size))


def nested_ifs(depth):
    return "".join(" " * i + "if x:\n" for i in range(depth)) + " " * depth + "pass\n"


def call_keywords(n):
    return "f(" + ", ".join("a%d=%d" % (i, i) for i in range(n)) + ")\n"


def mutate(seed, text, count):
    """TEXT with COUNT random edits: the shape real typos and truncations have."""
    rnd = random.Random(seed)
    data = bytearray(text)
    pieces = [b"(", b")", b"[", b"]", b"{", b"}", b":", b",", b"\n", b"    ", b"\t",
              b"\\\n", b"'", b'"', b'"""', b"f'{", b"}", b"lambda", b"def ", b"=",
              b"**", b"@", b"\x00", b"\xff", b"#", b"...", b"0x", b"1e", b"except*"]
    for _ in range(count):
        at = rnd.randrange(len(data) + 1)
        op = rnd.randrange(3)
        if op == 0:
            data[at:at] = rnd.choice(pieces)
        elif op == 1:
            del data[at:at + rnd.randint(1, 8)]
        elif at < len(data):
            data[at] = rnd.randrange(256)
    return bytes(data)


SAMPLE = b'''import torch
from torch import nn


class Block(nn.Module):
    """A residual block."""

    def __init__(self, dim: int, *, scale: float = 1.0, **kw) -> None:
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.scale = scale if scale > 0 else 1e-3

    def forward(self, x, mask=None):
        y = [t * 2 for t in x.unbind(0) if t is not None]
        with torch.no_grad():
            z = {k: v for k, v in self.state_dict().items()}
        return self.fc(x)[..., ::2] @ x.T + f"{self.scale!r:>{10}}".count("1")
'''

# name, bytes, expected exit status (None: 0 or 1), message that must appear
CASES = [
    ("empty", b"", 0, None),
    ("only_newlines", b"\n\n\n", 0, None),
    ("only_blanks", b"   \t  \n  \n\f\n", 0, None),
    ("garbage_64k", garbage(1, 65536), 1, None),
    ("garbage_small", garbage(2, 300), 1, None),
    ("nul_bytes", b"x = 1\x00\ny = 2\x00\x00\n", 1, "source code cannot contain null bytes"),
    ("only_nul", b"\x00" * 1000, 1, "source code cannot contain null bytes"),
    ("invalid_utf8", b"x = '\xff\xfe'\n\xc3\x28 = 1\ny = \xed\xa0\x80\n", 1, "invalid UTF-8"),
    ("overlong_utf8", b"x = 1 # \xc0\xaf\n", 1, "invalid UTF-8"),
    ("bom_then_garbage", b"\xef\xbb\xbf\xef\xbb\xbf\x01\n", 1, None),
    ("line_1mb_list", ("x = [" + "1, " * 350000 + "1]\n").encode(), 0, None),
    ("line_1mb_string", ("s = '" + "a" * (1 << 20) + "'\n").encode(), 0, None),
    ("line_1mb_error", ("x = [" + "1, " * 350000 + "1 2]\n").encode(), 1,
     "Perhaps you forgot a comma?"),
    ("line_1mb_unterminated", ("s = '" + "\u00e9" * (1 << 19) + "\n").encode(), 1,
     "unterminated string literal"),
    ("line_1mb_garbage", b"x = " + garbage(3, 1 << 20).replace(b"\n", b" ") + b"\n", 1, None),
    ("brackets_10000", b"x = " + b"(" * 10000 + b")" * 10000 + b"\n", 1,
     "too many nested parentheses"),
    ("brackets_10000_open", b"x = " + b"[" * 10000 + b"\n", 1, "too many nested parentheses"),
    ("brackets_10000_mixed", b"x = " + b"([{" * 3334 + b"\n", 1, "too many nested parentheses"),
    ("brackets_10000_close", b")" * 10000 + b"\n", 1, "unmatched ')'"),
    ("blocks_300", nested_ifs(300).encode(), 1, "too many levels of indentation"),
    ("blocks_150", nested_ifs(150).encode(), 0, None),
    ("unary_100000", b"x = " + b"-" * 100000 + b"1\n", 1, None),
    ("not_100000", b"x = " + b"not " * 100000 + b"1\n", 1, None),
    ("power_50000", b"x = " + b"2 ** " * 50000 + b"1\n", 1, None),
    ("sum_300000", b"x = " + b"1 + " * 300000 + b"1\n", 1, "expression nested too deeply"),
    ("attr_100000", b"x = " + b"a." * 100000 + b"b\n", 1, "expression nested too deeply"),
    ("lambda_10000", b"f = " + b"lambda: " * 10000 + b"1\n", 1, None),
    ("fstring_nested", b"x = f'''{f\"\"\"{f'{f\"{1}\"}'}\"\"\"}'''\n", 0, None),
    ("fstring_deep_braces", b"x = f'{" + b"(" * 5000 + b"\n", 1, None),
    ("and_100000", ("x = " + " and ".join(["a"] * 100000) + "\n").encode(), 0, None),
    ("compare_100000", ("x = " + " < ".join(["a"] * 100000) + "\n").encode(), 0, None),
    ("keywords_100000", call_keywords(100000).encode(), 0, None),
    ("params_100000", ("def f(" + ", ".join("a%d" % i for i in range(100000)) +
                       "):\n    pass\n").encode(), 0, None),
    ("strings_100000", b"x = " + b"'a' " * 100000 + b"\n", 0, None),
    ("lines_200000", b"x = 1\n" * 200000, 0, None),
    ("semicolons_100000", b"x = 1; " * 100000 + b"\n", 0, None),
    ("errors_1000", b"x = = 1\n" * 1000, 1, "too many errors"),
    ("errors_one_line", b"x = 1 2 " * 5000 + b"\n", 1, None),
    ("big_int_1mb", b"x = 1" + b"0" * (1 << 20) + b"\n", 0, None),
    ("continuations_10000", b"x = \\\n" * 10000 + b"1\n", 0, None),
    ("unterminated_triple", b"x = '''" + b"abc\n" * 50000, 1, "unterminated triple-quoted"),
    ("cr_only", b"\r\r(\r)\r\\\r\t\r", 0, None),
    ("lone_backslash", b"\\", 1, None),
    ("lone_paren", b"(", 1, "was never closed"),
    ("dedent_chaos", b"if x:\n        a\n    b\n  c\n d\n\te\n", 1,
     "unindent does not match any outer indentation level"),
]
CASES += [("mutated_%02d" % i, mutate(100 + i, SAMPLE, 1 + i % 6), None, None)
          for i in range(40)]


def check(name, mode, path, status, message, tsc):
    """Returns None when the run is fine, else what is wrong."""
    start = time.monotonic()
    try:
        r = subprocess.run([tsc, "--emit", mode, os.path.basename(path)],
                           cwd=os.path.dirname(path), capture_output=True,
                           timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return "no answer within %g s" % TIME_LIMIT
    took = time.monotonic() - start
    err = r.stderr
    if r.returncode not in (0, 1):
        return "exit status %d: %s" % (r.returncode, err[-300:])
    if status is not None and r.returncode != status:
        return "exit status %d, expected %d" % (r.returncode, status)
    if r.returncode == 0 and err:
        return "diagnostics with exit status 0"
    if r.returncode == 1:
        lines = err.split(b"\n")
        if lines[-1] != b"":
            return "stderr does not end with a newline"
        lines.pop()
        errors = 0
        i = 0
        while i < len(lines):
            if lines[i] == LIMIT_LINE and i == len(lines) - 1:
                break
            m = HEADER.match(lines[i])
            if not m or i + 2 >= len(lines) or not re.match(rb"^[ \t]*\^~*$", lines[i + 2]):
                return "not a diagnostic at stderr line %d: %r" % (i + 1, lines[i][:200])
            errors += m.group(1) == b"error"
            if len(lines[i + 1]) > 400:
                return "source line shown with %d bytes" % len(lines[i + 1])
            i += 3
        if errors == 0 or errors > MAX_ERRORS:
            return "%d errors printed" % errors
    if message and message.encode() not in err:
        return "message %r not found in: %r" % (message, err[:300])
    return None if took < TIME_LIMIT else "took %.1f s" % took


def main():
    tsc = sys.argv[1]
    print("1..%d" % (2 * len(CASES)))
    n = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, data, status, message in CASES:
            path = os.path.join(tmp, name + ".py")
            with open(path, "wb") as f:
                f.write(data)
            for mode in ("tokens", "ast"):
                n += 1
                # the token dump has no parser: its exit status may differ
                want = status if mode == "ast" or status == 0 else None
                problem = check(name, mode, path, want, message if mode == "ast" else None, tsc)
                if problem:
                    print("not ok %d - %s (--emit %s): %s" % (n, name, mode, problem))
                else:
                    print("ok %d - %s (--emit %s)" % (n, name, mode))
            os.unlink(path)


if __name__ == "__main__":
    main()
