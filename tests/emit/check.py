"""Checks the files tests/unit/test_emit wrote, with onnx 1.12.

    check.py OUTDIR START

For each model NAME: NAME.onnx passes onnx.checker (full_check), its
fields are what the IR said (names, dim_param shapes, raw_data values read
back through numpy_helper, doc_string locations, subgraphs); NAME.txt parses
with onnx.parser.parse_model into the same graph structure; NAME.dot has one
box per operator and one cluster per body, and `dot -Tsvg` accepts it when
graphviz is installed.  Prints TAP lines numbered from START+1, then the
plan for the whole run (the C half printed lines 1..START)."""

import math
import os
import re
import shutil
import subprocess
import sys
import traceback

MODELS = ["mlp", "symbolic", "dtypes", "if", "loop", "sequence", "custom"]


class Tap:
    def __init__(self, start):
        self.n = start
        self.failed = 0

    def result(self, good, desc, why=""):
        self.n += 1
        print("%sok %d - %s" % ("" if good else "not ", self.n, desc))
        if not good:
            self.failed += 1
            for line in why.rstrip().splitlines():
                print("# " + line)
        sys.stdout.flush()

    def run(self, desc, fn):
        """One case: FN returns None (pass) or raises (fail)."""
        try:
            fn()
            self.result(True, desc)
        except Exception:   # any failure is this case's, not the run's
            self.result(False, desc, traceback.format_exc(limit=3))

    def skip(self, desc, why):
        self.n += 1
        print("ok %d - %s # SKIP %s" % (self.n, desc, why))


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


# ---- types -----------------------------------------------------------

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def type_sig(tp):
    """A comparable description of a TypeProto (None = no type)."""
    kind = tp.WhichOneof("value")
    if kind == "tensor_type":
        t = tp.tensor_type
        shape = None
        if t.HasField("shape"):
            shape = [(d.WhichOneof("value"), getattr(d, d.WhichOneof("value")))
                     if d.WhichOneof("value") else None for d in t.shape.dim]
        return ("tensor", t.elem_type, shape)
    if kind == "sequence_type":
        return ("seq", type_sig(tp.sequence_type.elem_type))
    if kind == "optional_type":
        return ("optional", type_sig(tp.optional_type.elem_type))
    return None


def vi_sig(vi):
    return type_sig(vi.type) if vi.HasField("type") else None


def text_sig(sig):
    """What the text form can say of a binary type (onnx 1.12 syntax)."""
    if not sig or sig[0] != "tensor":
        return None
    shape = sig[2]
    if shape is not None:
        shape = [d if d is None or d[0] == "dim_value" or IDENT.match(d[1]) else None
                 for d in shape]
    return ("tensor", sig[1], shape)


def tensor_type(elem, dims):
    """type_sig of a tensor: dims are ints, symbol strings or None."""
    shape = None if dims is None else [
        None if d is None else ("dim_value", d) if isinstance(d, int) else ("dim_param", d)
        for d in dims]
    return ("tensor", elem, shape)


# ---- binary against text ---------------------------------------------

class Names:
    """The one-to-one map of binary value names to text value names."""

    def __init__(self):
        self.fwd, self.back = {}, {}

    def pair(self, b, t):
        expect((b == "") == (t == ""), "omitted input %r against %r" % (b, t))
        expect(self.fwd.setdefault(b, t) == t, "%r printed as %r and %r" % (b, self.fwd.get(b), t))
        expect(self.back.setdefault(t, b) == b, "%r names %r and %r" % (t, self.back.get(t), b))

    def guess(self, b):
        if b in self.fwd:
            return self.fwd[b]
        s = re.sub(r"[^A-Za-z0-9_]", "_", b)
        return s if re.match(r"[A-Za-z]", s) else "_" + s


def same_floats(a, b):
    return len(a) == len(b) and all(
        x == y or (math.isnan(x) and math.isnan(y)) or abs(x - y) <= 1e-6 * abs(x)
        for x, y in zip(a, b))


def same_tensor_data(bt, tt):
    from onnx import numpy_helper
    import numpy as np
    a, b = numpy_helper.to_array(bt), numpy_helper.to_array(tt)
    if a.dtype.kind in "SUO":
        a = np.array([s.replace(b'"', b"'") if isinstance(s, bytes) else s.replace('"', "'")
                      for s in a.reshape(-1)]).reshape(a.shape)
    return a.shape == b.shape and (a.size == 0 or np.allclose(a, b, rtol=1e-6)
                                   if a.dtype.kind == "f" else np.array_equal(a, b))


def compare_attr(ba, ta, names, where):
    from onnx import AttributeProto as A
    expect(ba.type == ta.type, "%s: attribute %s kind %d vs %d" % (where, ba.name, ba.type, ta.type))
    if ba.type == A.FLOAT:
        expect(same_floats([ba.f], [ta.f]), "%s: %s = %r vs %r" % (where, ba.name, ba.f, ta.f))
    elif ba.type == A.INT:
        expect(ba.i == ta.i, "%s: %s" % (where, ba.name))
    elif ba.type == A.STRING:
        expect(ba.s.replace(b'"', b"'") == ta.s, "%s: %s" % (where, ba.name))
    elif ba.type == A.FLOATS:
        expect(same_floats(list(ba.floats), list(ta.floats)), "%s: %s" % (where, ba.name))
    elif ba.type == A.INTS:
        expect(list(ba.ints) == list(ta.ints), "%s: %s" % (where, ba.name))
    elif ba.type == A.STRINGS:
        expect([s.replace(b'"', b"'") for s in ba.strings] == list(ta.strings), where)
    elif ba.type == A.TENSOR:
        expect(list(ba.t.dims) == list(ta.t.dims) and ba.t.data_type == ta.t.data_type, where)
        if ta.t.raw_data or ta.t.float_data or ta.t.int32_data or ta.t.int64_data or \
                ta.t.double_data or ta.t.uint64_data or ta.t.string_data:
            expect(same_tensor_data(ba.t, ta.t), "%s: tensor %s" % (where, ba.name))
    elif ba.type == A.GRAPH:
        compare_graph(ba.g, ta.g, names, "%s.%s" % (where, ba.name))


def omissible(ba):
    """Attributes the text form leaves out: empty lists, non-finite floats."""
    from onnx import AttributeProto as A
    if ba.type in (A.FLOATS, A.INTS, A.STRINGS):
        n = len(ba.floats) + len(ba.ints) + len(ba.strings)
        return n == 0 or any(not math.isfinite(f) for f in ba.floats)
    return ba.type == A.FLOAT and not math.isfinite(ba.f)


def compare_node(bn, tn, names, where):
    expect((bn.op_type, bn.domain) == (tn.op_type, tn.domain), "%s: %s.%s vs %s.%s" % (
        where, bn.domain, bn.op_type, tn.domain, tn.op_type))
    expect(len(bn.input) == len(tn.input) and len(bn.output) == len(tn.output), where + ": arity")
    for b, t in zip(list(bn.input) + list(bn.output), list(tn.input) + list(tn.output)):
        names.pair(b, t)
    tattrs = {a.name: a for a in tn.attribute}
    for ba in bn.attribute:
        if ba.name in tattrs:
            compare_attr(ba, tattrs.pop(ba.name), names, where)
        else:
            expect(omissible(ba), "%s: attribute %s missing from the text" % (where, ba.name))
    expect(not tattrs, "%s: extra attributes %s" % (where, list(tattrs)))


def compare_io(bvis, tvis, names, where):
    expect(len(bvis) == len(tvis), where + ": count")
    for b, t in zip(bvis, tvis):
        names.pair(b.name, t.name)
        expect(text_sig(vi_sig(b)) == vi_sig(t), "%s %s: %r vs %r" % (
            where, b.name, vi_sig(b), vi_sig(t)))


def compare_graph(bg, tg, names, where="graph"):
    """Same inputs, outputs, initializers, nodes and value_info, up to the
    renaming the text form does; elided initializers are value_info."""
    compare_io(bg.input, tg.input, names, where + " inputs")
    compare_io(bg.output, tg.output, names, where + " outputs")
    tinits = {t.name: t for t in tg.initializer}
    tvis = {v.name: v for v in tg.value_info}
    for b in bg.initializer:
        t = names.guess(b.name)
        names.pair(b.name, t)
        if t in tinits:
            expect(same_tensor_data(b, tinits.pop(t)), "%s: initializer %s" % (where, b.name))
        else:
            v = tvis.pop(t, None)
            expect(v is not None, "%s: initializer %s missing" % (where, b.name))
            expect(vi_sig(v)[1] == b.data_type and [d[1] for d in vi_sig(v)[2]] == list(b.dims),
                   "%s: elided %s" % (where, b.name))
    expect(not tinits, "%s: extra initializers %s" % (where, list(tinits)))
    expect(len(bg.node) == len(tg.node), "%s: %d nodes vs %d" % (where, len(bg.node), len(tg.node)))
    for i, (bn, tn) in enumerate(zip(bg.node, tg.node)):
        compare_node(bn, tn, names, "%s node %d" % (where, i))
    want = {names.fwd[v.name]: text_sig(vi_sig(v)) for v in bg.value_info if text_sig(vi_sig(v))}
    got = {n: vi_sig(v) for n, v in tvis.items()}
    expect(want == got, "%s value_info: %r vs %r" % (where, want, got))


# ---- what each binary model must hold ---------------------------------

def node_named(g, op):
    return [n for n in g.node if n.op_type == op][0]


def vi(g, name):
    return [v for v in list(g.input) + list(g.output) + list(g.value_info) if v.name == name][0]


def check_common(m):
    expect(m.ir_version == 8, "ir_version %d" % m.ir_version)
    expect(m.producer_name == "tsc2onnx" and m.producer_version, "producer")
    expect(("", 17) in [(o.domain, o.version) for o in m.opset_import], "default opset")
    names = [n.name for n in m.graph.node]
    expect(all(names) and len(set(names)) == len(names), "node names unique")


def check_mlp(m):
    from onnx import numpy_helper
    import numpy as np
    g = m.graph
    expect(m.doc_string == "MatMul, Add and Relu", "doc_string")
    expect([(p.key, p.value) for p in m.metadata_props] ==
           [("tsc2onnx.entry", "forward"), ("tsc2onnx.mode", "script")], "metadata_props")
    expect(vi_sig(g.input[0]) == tensor_type(1, ["N", 3]), "x: float[N,3]")
    expect(vi_sig(g.output[0]) == tensor_type(1, ["N", 4]), "y: float[N,4]")
    w, b = g.initializer
    expect(w.name == "fc.weight" and w.HasField("raw_data") and not w.float_data, "raw_data")
    expect(np.array_equal(numpy_helper.to_array(w),
                          (np.arange(12, dtype=np.float32) * 0.5 - 2).reshape(3, 4)), "weight")
    expect(np.array_equal(numpy_helper.to_array(b),
                          np.array([0.5, -0.25, 1e-3, 100], dtype=np.float32)), "bias")
    expect([n.op_type for n in g.node] == ["MatMul", "Add", "Relu"], "ops")
    expect([n.doc_string for n in g.node] ==
           ["model.py:3:13", "model.py:4:24", "model.py:4:13"], "doc_string locations")
    expect(sorted(v.name for v in g.value_info) == sorted(["t", g.node[1].output[0]]),
           "value_info: intermediates only")
    expect(all(vi_sig(v) == tensor_type(1, ["N", 4]) for v in g.value_info), "value_info types")


def check_symbolic(m):
    g = m.graph
    expect(vi_sig(g.input[0]) == tensor_type(1, ["batch", "M"]), "x")
    expect(vi_sig(g.input[1]) == tensor_type(1, [None, 5]), "u: unknown dim has no field")
    expect(vi_sig(g.input[3]) == tensor_type(7, []), "s: scalar has an empty shape")
    expect(vi_sig(g.output[0]) == tensor_type(1, ["2*batch", "M"]), "Concat: dim_param 2*batch")
    expect(not vi(g, "reshaped").type.tensor_type.HasField("shape"), "unknown rank: no shape")
    expect(node_named(g, "Concat").attribute[0].i == 0, "axis")


def check_dtypes(m):
    from onnx import numpy_helper
    import numpy as np
    g = m.graph
    got = {t.name: numpy_helper.to_array(t) for t in g.initializer}
    expect(got["ints"].dtype == np.int64 and list(got["ints"]) == [1, -2, 2**63 - 1], "int64")
    expect(got["flags"].dtype == np.bool_ and got["flags"].tolist() == [[True, False], [False, True]],
           "bool")
    expect(got["dbl"].dtype == np.float64 and got["dbl"].tolist() == [[0.1, -2.5], [1e300, 3.0]],
           "double")
    expect(got["scalar"].shape == () and got["scalar"] == -7, "int32 scalar")
    expect(got["bytes"].tolist() == [0, 7, 255] and got["half"].tolist() == [1.0, -2.0], "u8, f16")
    expect(got["big"].shape == (20, 15) and got["big"][19, 14] == 299 / 8, "big")
    expect(math.isinf(got["odd"][1]) and got["empty"].shape == (0, 3), "inf, empty")
    expect(got["words"].tolist() == ["hello", 'say "hi"'], "strings")
    words = [t for t in g.initializer if t.name == "words"][0]
    expect(len(words.string_data) == 2 and not words.raw_data, "strings in string_data")
    expect(all(t.HasField("raw_data") for t in g.initializer if t.name != "words"), "raw_data")
    kinds = [(n.attribute[0].name, n.attribute[0].type) for n in g.node if n.op_type == "Constant"]
    expect(kinds == [("value_float", 1), ("value_floats", 6), ("value_int", 2), ("value_ints", 7),
                     ("value_string", 3), ("value_strings", 8), ("value", 4)], "attribute kinds")
    expect(list(node_named(g, "Clip").input) == ["x", "", "hi"], "omitted input is ''")
    expect(node_named(g, "LeakyRelu").attribute[0].f == 0.125, "float attribute")


def check_if(m):
    g = m.graph
    n = node_named(g, "If")
    expect(n.doc_string == "model.py:5:9" and list(n.input) == ["cond"], "If node")
    br = {a.name: a.g for a in n.attribute}
    then_g, else_g = br["then_branch"], br["else_branch"]
    expect(list(then_g.node[0].input) == ["x", "one"], "then captures x and one")
    expect(list(else_g.node[0].input) == ["x"], "else captures x")
    expect(not then_g.input and vi_sig(then_g.output[0]) == tensor_type(1, ["N", 3]), "then io")
    expect(then_g.node[0].doc_string == "model.py:6:17", "location inside a branch")


def check_loop(m):
    g = m.graph
    n = node_named(g, "Loop")
    body = n.attribute[0].g
    expect(list(n.input) == ["n", "keep_going", "a0"] and
           list(n.output) == ["a_final", "a_all"], "Loop io")
    expect([v.name for v in body.input] == ["iter", "cond_in", "a_in"], "body inputs")
    expect([v.name for v in body.output] == ["cond_out", "a_out", "a_scan"], "body outputs")
    expect(vi_sig(body.input[0]) == tensor_type(7, []), "iter: int64 scalar")
    expect(list(body.node[1].input) == ["a_in", "step"], "body captures step")
    expect(vi_sig(g.output[1]) == tensor_type(1, [None, 3]), "scan output")


def check_sequence(m):
    g = m.graph
    elem = tensor_type(1, ["N", 3])
    expect(vi_sig(g.output[0]) == ("seq", elem), "sequence output")
    expect(vi_sig(g.output[2]) == ("optional", elem), "optional output")
    expect(vi_sig(vi(g, "triple")) == ("seq", elem), "sequence value_info")


def check_custom(m):
    g = m.graph
    expect(("com.example", 2) in [(o.domain, o.version) for o in m.opset_import], "opset")
    n = g.node[0]
    expect((n.domain, n.op_type) == ("com.example", "Frobnicate"), "custom node")
    empty = [a for a in n.attribute if a.name == "empty"][0]
    expect(empty.type == 7 and not empty.ints, "empty INTS attribute")
    expect("Frobnicate_out1" not in [v.name for v in g.value_info], "unknown type: no value_info")


def check_text_extras(name, text):
    if name == "mlp":
        expect("# model.py:3: t = x @ self.fc.weight" in text, "source comment")
        expect("float[3,4] fc_weight = {" in text, "renamed initializer")
    if name == "dtypes":
        for note in ("# big: 300 values elided", "# half: float16 data elided",
                     "# odd: data elided"):
            expect(note in text, "missing comment " + note)
    if name == "custom":
        expect("# attribute empty left out" in text, "comment on an omitted attribute")


def count_graph(g):
    nodes, bodies = len(g.node), 0
    for n in g.node:
        for a in n.attribute:
            if a.type == 5:
                sub = count_graph(a.g)
                nodes, bodies = nodes + sub[0], bodies + 1 + sub[1]
    return nodes, bodies


def check_dot(m, text):
    nodes, bodies = count_graph(m.graph)
    expect(text.startswith("digraph ") and text.rstrip().endswith("}"), "digraph")
    expect(text.count("shape=box") == nodes, "one box per operator")
    expect(text.count("subgraph cluster_") == bodies, "one cluster per body")
    expect(text.count("shape=invhouse") >= len(m.graph.input), "input shapes")
    expect(text.count("shape=house") >= len(m.graph.output), "output shapes")
    expect(text.count("shape=note") >= len(m.graph.initializer), "initializer shapes")
    if bodies:
        expect("style=dashed" in text, "captured values are dashed edges")
    depth = 0
    for line in text.splitlines():
        expect(depth <= 1 or "->" not in line, "edge inside a cluster: " + line)
        depth += line.count("{") - line.count("}")


# ---- driver ----------------------------------------------------------

def check_model(tap, name):
    import onnx
    import onnx.parser
    base = os.path.join(OUTDIR, name)
    state = {}

    def load():
        state["m"] = onnx.load(base + ".onnx")
    tap.run("%s: onnx.load" % name, load)
    m = state.get("m")
    if m is None:
        return
    tap.run("%s: onnx.checker full_check" % name,
            lambda: onnx.checker.check_model(m, full_check=True))
    tap.run("%s: model fields" % name, lambda: (check_common(m), CHECKS[name](m)))
    with open(base + ".txt") as f:
        text = f.read()

    def parse():
        state["t"] = onnx.parser.parse_model(text)
    tap.run("%s: text parses with onnx.parser" % name, parse)
    if "t" in state:
        tap.run("%s: text has the binary's graph structure" % name, lambda: (
            expect(state["t"].ir_version == m.ir_version, "ir_version"),
            expect([(o.domain, o.version) for o in state["t"].opset_import] ==
                   [(o.domain, o.version) for o in m.opset_import], "opset_import"),
            compare_graph(m.graph, state["t"].graph, Names())))
    tap.run("%s: text comments" % name, lambda: check_text_extras(name, text))
    with open(base + ".dot") as f:
        dot = f.read()
    tap.run("%s: dot structure" % name, lambda: check_dot(m, dot))
    if shutil.which("dot"):
        tap.run("%s: dot -Tsvg accepts it" % name, lambda: expect(subprocess.run(
            ["dot", "-Tsvg", base + ".dot", "-o", base + ".svg"]).returncode == 0, "dot failed"))
    else:
        tap.skip("%s: dot -Tsvg" % name, "graphviz is not installed")


CHECKS = {"mlp": check_mlp, "symbolic": check_symbolic, "dtypes": check_dtypes, "if": check_if,
          "loop": check_loop, "sequence": check_sequence, "custom": check_custom}

OUTDIR = sys.argv[1]


def main():
    tap = Tap(int(sys.argv[2]))
    try:
        import onnx  # noqa: F401
        import onnx.parser  # noqa: F401
        import numpy  # noqa: F401
    except ImportError as e:
        tap.skip("onnx checks", "python3-onnx is not installed (%s)" % e)
        print("1..%d" % tap.n)
        return 0
    for name in MODELS:
        check_model(tap, name)
    print("1..%d" % tap.n)
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
