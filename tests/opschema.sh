#!/bin/sh
# ir/: symbolic dimensions (tests/unit/test_symdim), the operator table and
# shape inference (tests/unit/test_opschema, which compares the table's
# versions with ../shared/onnx-op-versions.tsv when it is there), then two
# comparisons with onnx 1.12 (/usr/bin/python3), which knows opsets <= 17:
#   - every inference case against onnx's own shape inference (strict
#     mode), one single-node model per case;
#   - every row, at each ONNX version it covers, against onnx.defs: inputs,
#     outputs, attributes (kind, required, default), type constraints.
# One TAP stream; the plan comes last.
#
# KEEP=1 keeps the work directory (cases.tsv, the models that disagreed).
set -u
src=${TSC_SRCDIR:-.}
build=${TSC_BUILDDIR:-.}
python=/usr/bin/python3     # the python3 on PATH may lack onnx
tmp=$(mktemp -d)
[ "${KEEP:-}" = 1 ] && echo "# work directory $tmp" || trap 'rm -rf "$tmp"' EXIT

tsv=$src/../shared/onnx-op-versions.tsv
[ -f "$tsv" ] || tsv=

n=0
# Runs a TAP program, renumbering its cases after the N already printed.
run_tap() {
    name=$1
    shift
    "$@" >"$tmp/tap" 2>"$tmp/stderr"
    status=$?
    awk -v base="$n" '
        /^1\.\./ { next }
        /^(not )?ok [0-9]+/ {
            sub(/ok [0-9]+/, "ok " (base + (++k)))
        }
        { print }' "$tmp/tap"
    n=$((n + $(grep -c '^\(not \)\{0,1\}ok ' "$tmp/tap")))
    n=$((n + 1))
    if grep -q '^1\.\.' "$tmp/tap" && [ $status -le 1 ]; then
        echo "ok $n - $name ran to the end"
    else
        echo "not ok $n - $name did not finish cleanly (status $status)"
    fi
    sed 's/^/# /' "$tmp/stderr" | head -40
}

run_tap test_symdim "$build/tests/unit/test_symdim"
if [ -n "$tsv" ]; then
    run_tap test_opschema "$build/tests/unit/test_opschema" --tsv "$tsv" \
        --dump "$tmp/cases.tsv" --dump-table "$tmp/rows.tsv"
else
    echo "# onnx-op-versions.tsv not found: table versions are not compared"
    run_tap test_opschema "$build/tests/unit/test_opschema" \
        --dump "$tmp/cases.tsv" --dump-table "$tmp/rows.tsv"
fi

if ! "$python" -c 'import onnx' 2>/dev/null; then
    echo "# $python with onnx is not available: no cross-check with onnx"
    echo "1..$n"
    exit 0
fi

"$python" - "$tmp/cases.tsv" "$n" "$tmp" >"$tmp/xcheck" 2>&1 <<'EOF'
# Cross-check: rebuild each case as a one-node ONNX model, run onnx's shape
# inference, and compare with what tsc2onnx inferred.  A case fails when
# the two contradict (element type, rank, a known size), when only one of
# them reports an error, or when onnx knows a size tsc2onnx left unknown.
import re, sys
import numpy as np
import onnx
from onnx import checker, helper, numpy_helper, shape_inference, TensorProto, AttributeProto

path, n, work = sys.argv[1], int(sys.argv[2]), sys.argv[3]
MAX_OPSET = onnx.defs.onnx_opset_version()
DT = {"float32": TensorProto.FLOAT, "float64": TensorProto.DOUBLE, "float16": TensorProto.FLOAT16,
      "bfloat16": TensorProto.BFLOAT16, "int8": TensorProto.INT8, "int16": TensorProto.INT16,
      "int32": TensorProto.INT32, "int64": TensorProto.INT64, "uint8": TensorProto.UINT8,
      "bool": TensorProto.BOOL, "string": TensorProto.STRING}
NAME = {v: k for k, v in DT.items()}
NP = {"float32": np.float32, "float64": np.float64, "float16": np.float16, "int8": np.int8,
      "int16": np.int16, "int32": np.int32, "int64": np.int64, "uint8": np.uint8, "bool": np.bool_}

def parse_type(s):
    """'float32[2,N]={1,2}' -> (kind, dtype, dims or None, values or None, elem)"""
    s = s.strip()
    m = re.match(r"^(seq|opt)\((.*)\)$", s)
    if m:
        return (m.group(1), None, None, None, parse_type(m.group(2)))
    m = re.match(r"^@?(\w+)\[(.*?)\](?:=\{(.*)\})?$", s)
    dt, dims, vals = m.group(1), m.group(2), m.group(3)
    shape = None if dims == "..." else [] if dims == "" else [
        None if d == "?" else int(d) if re.match(r"^-?\d+$", d) else d for d in dims.split(",")]
    values = None if vals is None else [float(v) if "." in v else int(v) for v in vals.split(",") if v]
    return ("tensor", dt, shape, values, None)

def type_proto(t):
    kind, dt, shape, _, elem = t
    if kind == "seq":
        return helper.make_sequence_type_proto(type_proto(elem))
    if kind == "opt":
        return helper.make_optional_type_proto(type_proto(elem))
    return helper.make_tensor_type_proto(DT[dt], shape)

def np_value(t):
    _, dt, shape, values, _ = t
    return np.array(values, dtype=NP[dt]).reshape(shape)

def attribute(op, opset, name, text):
    kind = onnx.defs.get_schema(op, opset, "").attributes[name].type
    if kind == AttributeProto.INT:
        return int(text)
    if kind == AttributeProto.FLOAT:
        return float(text)
    if kind == AttributeProto.STRING:
        return text
    if kind in (AttributeProto.INTS, AttributeProto.FLOATS, AttributeProto.STRINGS):
        items = [x.strip() for x in text.strip("[]").split(",") if x.strip()]
        conv = {AttributeProto.INTS: int, AttributeProto.FLOATS: float, AttributeProto.STRINGS: str}[kind]
        return [conv(x) for x in items]
    if kind == AttributeProto.TENSOR:
        return numpy_helper.from_array(np_value(parse_type(text)), name)
    raise ValueError("attribute kind %d" % kind)

def render(tp):
    """TypeProto -> the text tsc2onnx prints, dims as ints, params or '?'"""
    which = tp.WhichOneof("value")
    if which == "sequence_type":
        return "seq(%s)" % render(tp.sequence_type.elem_type)
    if which == "optional_type":
        return "opt(%s)" % render(tp.optional_type.elem_type)
    if which != "tensor_type":
        return None
    tt = tp.tensor_type
    dt = NAME.get(tt.elem_type, "undefined") if tt.elem_type else "undefined"
    if not tt.HasField("shape"):
        return "%s[...]" % dt
    dims = [str(d.dim_value) if d.HasField("dim_value") else d.dim_param if d.HasField("dim_param")
            else "?" for d in tt.shape.dim]
    return "%s[%s]" % (dt, ", ".join(dims))

def split_type(text):
    m = re.match(r"^(\w+|seq\(.*\)|opt\(.*\))\[(.*)\]$", text) if not text.startswith(("seq(", "opt(")) else None
    if text.startswith(("seq(", "opt(")):
        return text[:3], text[4:-1]
    return m.group(1), m.group(2)

def compare(mine, theirs):
    """None when compatible, else why not."""
    if theirs is None:
        return None
    if mine.startswith(("seq(", "opt(")) or theirs.startswith(("seq(", "opt(")):
        if mine[:3] != theirs[:3]:
            return "kind"
        return compare(mine[4:-1], theirs[4:-1])
    mdt, mdims = split_type(mine)
    tdt, tdims = split_type(theirs)
    if mdt != "undefined" and tdt != "undefined" and mdt != tdt:
        return "element type"
    if mdims == "..." or tdims == "...":
        return "onnx knows the rank" if mdims == "..." and tdims != "..." else None
    md = [d.strip() for d in mdims.split(",")] if mdims else []
    td = [d.strip() for d in tdims.split(",")] if tdims else []
    if len(md) != len(td):
        return "rank"
    for a, b in zip(md, td):
        if b.isdigit() and a.isdigit() and a != b:
            return "size %s vs %s" % (a, b)
        if b.isdigit() and not a.isdigit():
            return "onnx knows size %s, tsc2onnx has %s" % (b, a)
    return None

def check(fields):
    op, opset, inputs, attrs, nout, result, note = fields
    opset, nout = int(opset), int(nout)
    graph_inputs, inits, names = [], [], []
    for i, spec in enumerate(x.strip() for x in inputs.split(";")) if inputs else []:
        if not spec:
            names.append("")
            continue
        t = parse_type(spec)
        name = "in%d" % i
        names.append(name)
        if t[3] is not None:
            inits.append(numpy_helper.from_array(np_value(t), name))
        else:
            graph_inputs.append(helper.make_value_info(name, type_proto(t)))
    kw = {}
    for a in (x.strip() for x in attrs.split(";")) if attrs else []:
        key, _, val = a.partition("=")
        if not key.startswith("_"):
            kw[key] = attribute(op, opset, key, val)
    outs = ["out%d" % j for j in range(nout)]
    node = helper.make_node(op, names, outs, **kw)
    graph = helper.make_graph([node], "g", graph_inputs, [], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)],
                              ir_version=8)
    try:
        ctx = checker.C.CheckerContext()
        ctx.ir_version = 8
        ctx.opset_imports = {"": opset}
        checker.check_node(node, ctx)
        inferred = shape_inference.infer_shapes(model, check_type=True, strict_mode=True)
    except Exception as e:
        msg = str(e).strip().splitlines()[-1][:160]
        return None if result == "ERROR" else "onnx reports an error, tsc2onnx does not: " + msg
    if result == "ERROR":
        return "tsc2onnx reports an error, onnx does not"
    found = {v.name: render(v.type) for v in inferred.graph.value_info}
    found.update({v.name: render(v.type) for v in inferred.graph.output})
    for j, mine in enumerate(x.strip() for x in result.split(";")):
        why = compare(mine, found.get(outs[j]))
        if why:
            return "output %d: tsc2onnx %s, onnx %s (%s)" % (j, mine, found.get(outs[j]), why)
    return None

for line in open(path):
    fields = line.rstrip("\n").split("\t")
    op, opset, note = fields[0], int(fields[1]), fields[6]
    title = "onnx agrees: %s-%d(%s) %s" % (op, opset, fields[2], fields[3])
    n += 1
    if opset > MAX_OPSET:
        print("ok %d - %s # SKIP onnx %s knows opsets <= %d" % (n, title, onnx.__version__, MAX_OPSET))
        continue
    if note.startswith("skip-onnx"):
        print("ok %d - %s # SKIP %s" % (n, title, note[len("skip-onnx: "):]))
        continue
    try:
        why = check(fields)
    except Exception as e:
        why = "could not build the model: %s" % e
    print("%s %d - %s%s" % ("not ok" if why else "ok", n, title, ": " + why if why else ""))
print("# count %d" % n)
EOF
cat "$tmp/xcheck"
n=$(sed -n 's/^# count //p' "$tmp/xcheck")
if [ -z "$n" ]; then
    n=$(grep -c '^\(not \)\{0,1\}ok ' "$tmp/xcheck")
    n=$((n + 1))
    echo "not ok $n - the cross-check with onnx did not finish"
fi

"$python" - "$tmp/rows.tsv" "$n" <<'EOF'
# Each row against onnx.defs at every ONNX version it stands for.  Known
# simplifications of the table are not differences: attributes the IR cannot
# hold (Constant's sparse_value, Optional's type), and the element types of
# sequence and optional forms (one set for all forms of a type variable).
import struct, sys
from onnx import defs, helper, AttributeProto

path, n = sys.argv[1], int(sys.argv[2])
MAX = defs.onnx_opset_version()
FORMS = {1: "tensor(", 2: "seq(tensor(", 4: "optional(tensor(", 8: "optional(seq(tensor("}
OMITTED = {("Constant", "sparse_value"), ("Optional", "type")}
ARITY = {0: "single", 1: "optional", 2: "variadic"}
# onnx 1.12 binds GridSample-16's grid to T1 and Y to T2, so that Y would be
# float whatever X is; later onnx releases fixed it to grid: T2, Y: T1 (Y
# has X's type), which the table follows.
FIXED = {("GridSample", 16): {"grid": ("T1", "T2"), "Y": ("T2", "T1")}}

def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]

def default_text(a):
    if not a.default_value or a.default_value.type == 0:
        return "-"
    v = helper.get_attribute_value(a.default_value)
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, list):
        return "[%s]" % ", ".join(x.decode() if isinstance(x, bytes) else str(x) for x in v)
    return v

def same_default(mine, theirs, kind):
    if mine == "-" or theirs == "-":
        return mine == theirs
    if kind == AttributeProto.FLOAT:
        return f32(float(mine)) == f32(theirs)
    if kind == AttributeProto.INT:
        return int(mine) == theirs
    return str(mine) == str(theirs)

def compare_params(mine, theirs, what, why, fixed):
    mine = [tuple(p.split(":")) for p in mine.split("|")] if mine else []
    if len(mine) != len(theirs):
        why.append("%d %ss, onnx %d" % (len(mine), what, len(theirs)))
        return
    for m, t in zip(mine, theirs):
        type_str = t.typeStr
        if fixed.get(t.name, ("",))[0] == type_str:
            type_str = fixed[t.name][1]
        want = (t.name, type_str, ARITY[int(t.option.value)])
        if m != want:
            why.append("%s %s, onnx %s" % (what, ":".join(m), ":".join(want)))

def compare_attrs(name, mine, s, why):
    table = {}
    for a in mine.split("|") if mine else []:
        an, kind, req, dflt = a.split(":", 3)
        table[an] = (int(kind), req == "1", dflt)
    for an, a in s.attributes.items():
        if (name, an) in OMITTED:
            continue
        if an not in table:
            why.append("attribute %s missing" % an)
            continue
        kind, req, dflt = table.pop(an)
        want = (int(a.type), a.required, default_text(a))
        if kind != want[0] or req != want[1] or not same_default(dflt, want[2], kind):
            why.append("attribute %s %s/%s/%s, onnx %s/%s/%s" % ((an, kind, req, dflt) + want))
    why.extend("attribute %s is not onnx's" % an for an in table)

def compare_types(mine, s, why):
    theirs = {tc.type_param_str: set(tc.allowed_type_strs) for tc in s.type_constraints}
    for t in mine.split("|") if mine else []:
        tn, forms, types = t.split(":")
        forms = int(forms) or 1
        want = theirs.pop(tn, None)
        if want is None:
            why.append("type variable %s is not onnx's" % tn)
            continue
        names = [x.strip().replace("float32", "float").replace("float64", "double")
                 for x in types.split(",")]
        tensors = {x for x in want if x.startswith("tensor(")}
        got = {"tensor(%s)" % x for x in names}
        if forms & 1 and got != tensors:
            why.append("%s: extra %s, missing %s" % (tn, sorted(got - tensors), sorted(tensors - got)))
        for bit, prefix in FORMS.items():
            has = any(x.startswith(prefix) and x.count("(") == prefix.count("(") for x in want)
            if bool(forms & bit) != has:
                why.append("%s: form %s... %s, onnx %s" % (tn, prefix, bool(forms & bit), has))
    why.extend("type variable %s missing" % tn for tn in theirs)

for line in open(path):
    f = line.rstrip("\n").split("\t")
    name, since, until, removed = f[0], int(f[1]), int(f[2]), int(f[3])
    for v in (int(x) for x in f[4].split(",")):
        if v < since or (until and v >= until) or v > MAX or (removed and v >= removed):
            continue
        n += 1
        why = []
        s = defs.get_schema(name, v, "")
        if s.since_version != v:
            why.append("onnx has no version %d" % v)
        else:
            fixed = FIXED.get((name, v), {})
            compare_params(f[5], s.inputs, "input", why, fixed)
            compare_params(f[6], s.outputs, "output", why, fixed)
            compare_attrs(name, f[7], s, why)
            compare_types(f[8], s, why)
        print("%s %d - onnx schema: %s-%d (row %d)%s" % ("not ok" if why else "ok", n, name, v,
              since, ": " + "; ".join(why) if why else ""))
print("1..%d" % n)
EOF
