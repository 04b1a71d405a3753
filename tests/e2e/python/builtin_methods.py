# The builtins configuration code uses: dict methods (clear, setdefault,
# pop with a default, popitem, copy, fromkeys, | and |=), sorted, min and
# max with key= and default=, list.sort, and str: format() and f-string
# format specs ({x:.2f}, {n:>4}, {n:,} ...), '%' formatting (also
# %(name)s), join, split and rsplit with maxsplit, startswith/endswith
# with tuples, replace, the strip family, case methods, zfill, the is...()
# predicates.  Strings reach the output as fingerprints.
# example: x=randn(2)
# opsets: 17
import torch
from torch import nn


def fp(s):
    return sum(ord(c) * (i + 1) for i, c in enumerate(s)) % 9973


class BuiltinMethods(nn.Module):
    def __init__(self, names=("conv1", "bn1", "layer2.0.conv", "fc")):
        super().__init__()
        d = {"a": 1, "b": 2}
        e = d.copy()
        e.setdefault("c", 3)
        e.setdefault("a", 9)
        popped = e.pop("zz", 7) + e.pop("b")
        last = e.popitem()
        f = dict.fromkeys(["x", "y"], 0)
        g = d | {"b": 5, "z": 6}
        g |= {"q": 1}
        h = dict(d)
        h.clear()
        nums = [5, -3, 8, 1]
        words = ["pear", "fig", "banana", "kiwi"]
        srt = sorted(words, key=len)
        nums.sort(key=abs, reverse=True)
        vals = [len(e), popped, last[1], sum(f.values()), len(f), g["b"] + g["z"] + g["q"], len(h),
                fp("".join(srt)), max(words, key=len) == "banana", min(words, key=lambda w: w[-1]) == "banana",
                max([], default=-1), min([4, 2], default=9), max(3, 9, 1), fp(str(nums)),
                fp(sorted(d.items(), key=lambda kv: -kv[1])[0][0]), fp(str(sorted({3: 1, 1: 2})))]
        x, n, big = 3.14159, 42, 1234567
        fmts = [f"{x:.2f}", f"{n:>5}", f"{n:<5}|", f"{n:^7}", f"{big:,}", f"{x:10.3f}", f"{n:05d}", f"{x:.1%}",
                f"{n:x}", f"{n:#b}", f"{x:e}", f"{-n:+d}", f"{big:_}", f"{x:g}", f"{'ab':*^6}", f"{n!r:>4}",
                f"{2.0}", f"{1e20}", f"{0.1 + 0.2}", f"{big:,.2f}", format(n, "08.3f"), format(True), format(5, "o"),
                "{:>6}|{:<4}|{}".format("a", "b", 3), "{0}{1}{0}".format("x", "y"), "{name}-{v:.1f}".format(name="k", v=2),
                "{0[1]}-{1[k]}".format([1, 2], {"k": "v"}), "layer%d" % 3, "%s=%.2f" % ("lr", 0.01),
                "%5s|%-5s|%03d" % ("a", "b", 7), "%(a)s/%(b)d" % {"a": "x", "b": 2}, "%x %o %e %%" % (255, 8, 1.5),
                "%r" % "q", "{{}} {}".format(1)]
        vals += [fp(s) for s in fmts]
        s = "  Hello, World  "
        strs = [s.strip(), s.lstrip(), s.rstrip(), s.strip(" Hd"), "a,b,,c".split(","), "a b  c".split(),
                "a.b.c.d".split(".", 2), "a.b.c.d".rsplit(".", 1), "x y z".rsplit(None, 1), s.upper(), s.lower(),
                "hello world".title(), "hELLO".capitalize(), "Hi".swapcase(), "7".zfill(3), "-7".zfill(4),
                "a-b-c".replace("-", "+"), "aaa".replace("a", "b", 2), "ab".center(6, "."), "ab".ljust(4, "_"),
                "ab".rjust(4), "k=v=w".partition("="), "k=v=w".rpartition("="), "prefix_x".removeprefix("prefix_"),
                "x.py".removesuffix(".py"), "l1\nl2\r\nl3".splitlines(), ", ".join(["a", "b"]), "-".join("xyz")]
        vals += [fp(str(t)) for t in strs]
        conv = [n for n in names if n.startswith(("conv", "layer"))]
        vals += [len(conv), float("model.pt".endswith((".pt", ".pth"))), float("abc".startswith("b", 1)),
                 float("123".isdigit()), float("12a".isdigit()), float("abc".isalpha()), float("a1".isalnum()),
                 float("  ".isspace()), float("Abc".istitle()), float("abc".islower()), float("ABC".isupper()),
                 float("x_1".isidentifier()), "banana".count("a"), "banana".find("n"), "banana".rfind("n"),
                 "banana".index("an", 2), "banana".find("z"), len("abc" * 3), float("an" in "banana")]
        self.vals = [float(v) for v in vals]

    def forward(self, x):
        return x.sum() + torch.tensor(self.vals)
