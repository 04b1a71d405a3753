"""The cases of tests/export/check.py, one function each (see there)."""
import os
import re

import numpy as np
import onnx
import onnx.parser

from check import (MODELS, SRC, TAP, build, case, check, checker, compiled_ok, dims,  # noqa: F401
                   io_names, randn, reference, save_weights, t)
import check as C


def model_path(name):
    return os.path.join(MODELS, name)


def weights_for(model, name):
    path = C.WORK.file(name + ".safetensors")
    save_weights(model, path)
    return path


# --- names and dynamic axes ----------------------------------------------------

@case
def sum_module_dynamic_axes():
    """torch.onnx.export(SumModule(), (torch.ones(2, 2),), input_names=["x"],
    output_names=["sum"], dynamic_axes={"x": {0: "my_custom_axis_name"},
    "sum": [0]})"""
    path = model_path("sum_module.py")
    c = C.WORK.compile(path, ["--example", "x=ones(2,2)", "--input-names", "x", "--output-names", "sum",
                              "--dynamic", "x:0=my_custom_axis_name", "--dynamic", "sum:0"])
    if c.status != 0 and "has no attribute 'sum'" in c.stderr:
        TAP.skip("SumModule with dynamic axes", "torch.sum is not in the stdlib yet")
        return
    if not compiled_ok(c, "SumModule with dynamic axes"):
        return
    g = c.model.graph
    check(io_names(g.input) == ["x"] and dims(g.input[0]) == ["my_custom_axis_name", 2],
          "SumModule: input x is ['my_custom_axis_name', 2]", dims(g.input[0]))
    out = g.output[0]
    check(out.name == "sum" and isinstance(dims(out)[0], str) and dims(out)[0],
          "SumModule: output 'sum' has a symbolic first axis", out)
    model = build(path, "SumModule")
    sets = [randn(2, 2), randn(5, 2)]
    C.WORK.run_later("SumModule", c.path, [{"x": x} for x in sets], [reference(model, [t(x)]) for x in sets])


def mlp_inputs(batch):
    return randn(batch, 8), randn(batch, 8), randn(batch, 8)


@case
def mlp_structured_inputs():
    """The MLP with a tensor, a dict and a list input: flattened graph inputs
    with readable names, batch a shared symbol."""
    path = model_path("mlp_structured.py")
    model = build(path, "MLPModel")
    w = weights_for(model, "mlp_structured")
    c = C.WORK.compile(path, ["--weights", w, "--input", "tensor_x:float32[batch,8]",
                              "--input", "input_dict.tensor_x:float32[batch,8]",
                              "--input", "input_list.0:float32[batch,8]"])
    if not compiled_ok(c, "MLP with dict and list inputs"):
        return
    g = c.model.graph
    names = io_names(g.input)
    check(names == ["tensor_x", "input_dict_tensor_x", "input_list_0"],
          "MLP: inputs flattened in order with readable names", names)
    check(all(dims(v) == ["batch", 8] for v in g.input), "MLP: every input is ['batch', 8]",
          [dims(v) for v in g.input])
    check(dims(g.output[0]) == ["batch", 2], "MLP: the output is ['batch', 2] by shape inference",
          dims(g.output[0]))
    checker(c, "MLP with dict and list inputs")
    sets = [mlp_inputs(97), mlp_inputs(3)]
    C.WORK.run_later("MLP with dict and list inputs", c.path,
                     [{"tensor_x": a, "input_dict_tensor_x": b, "input_list_0": l} for a, b, l in sets],
                     [reference(model, [t(a), {"tensor_x": t(b)}, [t(l)]]) for a, b, l in sets])
    # the same through examples made dynamic by path and by flattened name
    c = C.WORK.compile(path, ["--weights", w, "--example", "tensor_x=randn(97,8)",
                              "--example", "input_dict.tensor_x=randn(97,8)",
                              "--example", "input_list.0=randn(97,8)",
                              "--dynamic", "tensor_x:0=batch", "--dynamic", "input_dict.tensor_x:0=batch",
                              "--dynamic", "input_list_0:0=batch"], out=C.WORK.file("mlp_dyn.onnx"))
    if compiled_ok(c, "MLP from examples with --dynamic by path and by name"):
        check(all(dims(v) == ["batch", 8] for v in c.model.graph.input),
              "MLP: --dynamic reaches entries by path and by flattened name",
              [dims(v) for v in c.model.graph.input])


@case
def nested_structures():
    """Typed Tuple and Dict inputs, a float input, dict and tuple outputs;
    --input-names and --output-names rename prefixes."""
    path = model_path("nested_io.py")
    model = build(path, "Nested")
    w = weights_for(model, "nested")
    c = C.WORK.compile(path, ["--weights", w, "--input", "pair.0:float32[N,3]", "--input", "pair.1:float32[N,3]",
                              "--input", "named.u:float32[N,3]", "--input", "named.v:float32[1,3]",
                              "--input", "scale:float32[]", "--input-names", "first,second",
                              "--output-names", "s", "--dynamic", "output_1:0=rows"])
    if not compiled_ok(c, "nested structures"):
        return
    g = c.model.graph
    check(io_names(g.input) == ["first", "second", "named_u", "named_v", "scale"],
          "nested: --input-names renames a prefix of the flattened inputs", io_names(g.input))
    check(io_names(g.output) == ["s", "output_1", "output_2"],
          "nested: dict and tuple outputs flattened, --output-names renames a prefix", io_names(g.output))
    check(dims(g.output[1]) == ["rows", 3] and dims(g.output[2]) == ["N", 3],
          "nested: --dynamic names an output axis; other axes follow the inputs' symbols",
          [dims(o) for o in g.output])
    checker(c, "nested structures")
    sets = [(randn(4, 3), randn(4, 3), randn(4, 3), randn(1, 3), np.array(1.5, np.float32))]
    C.WORK.run_later("nested structures", c.path,
                     [{"first": a, "second": b, "named_u": u, "named_v": v, "scale": s} for a, b, u, v, s in sets],
                     [reference(model, [(t(a), t(b)), {"u": t(u), "v": t(v)}, float(s)])
                      for a, b, u, v, s in sets])


@case
def input_errors():
    """Mistakes in structured inputs and --dynamic are reported, not guessed."""
    path = model_path("mlp_structured.py")
    base = ["--input", "tensor_x:float32[batch,8]", "--input", "input_dict.tensor_x:float32[batch,8]"]
    c = C.WORK.compile(path, base + ["--input", "input_list.1:float32[batch,8]"], out=C.WORK.file("bad.onnx"))
    check(c.status == 1 and "no type for 'input_list.0'" in c.stderr,
          "a list entry missing below a typed one is an error", c.stderr)
    c = C.WORK.compile(path, base + ["--input", "input_list.0:float32[batch,8]", "--dynamic", "nothing:0"],
                       out=C.WORK.file("bad.onnx"))
    check(c.status == 1 and "'nothing' is neither an input nor an output" in c.stderr,
          "--dynamic of an unknown name is an error", c.stderr)
    c = C.WORK.compile(path, base + ["--input", "input_list.0:float32[batch,8]", "--dynamic", "output:1"],
                       out=C.WORK.file("bad.onnx"))
    check(c.status == 1 and "always has size 2" in c.stderr,
          "--dynamic on an output axis of fixed size is an error", c.stderr)
    check(not os.path.exists(C.WORK.file("bad.onnx")), "failed compiles leave no output file")


# --- initializers ----------------------------------------------------------------

def mlp_example():
    path = os.path.join(SRC, "examples", "mlp.ts")
    model = build(path, "MLP")
    return path, model, weights_for(model, "mlp")


MLP_TYPES = ["--input", "a:float32[N,4]", "--input", "b:float32[N,3]", "--input", "c:float32[N,5]"]


def mlp_feeds(n):
    return {"a": randn(n, 4), "b": randn(n, 3), "c": randn(n, 5)}


@case
def keep_initializers_as_inputs():
    path, model, w = mlp_example()
    c = C.WORK.compile(path, ["--weights", w, "--keep-initializers-as-inputs"] + MLP_TYPES,
                       out=C.WORK.file("mlp_keep.onnx"))
    if not compiled_ok(c, "--keep-initializers-as-inputs"):
        return
    g = c.model.graph
    inits = [i.name for i in g.initializer]
    check(io_names(g.input)[:3] == ["a", "b", "c"] and io_names(g.input)[3:] == inits and "fc1.weight" in inits,
          "--keep-initializers-as-inputs: every initializer is also an input, after forward()'s",
          io_names(g.input))
    checker(c, "--keep-initializers-as-inputs")
    feeds = mlp_feeds(3)
    args = [t(feeds[k]) for k in "abc"]
    C.WORK.run_later("--keep-initializers-as-inputs", c.path, [feeds], [reference(model, args)])
    # (ONNX Runtime for node feeds only the inputs it does not hold as
    # initializers, so overriding a weight cannot be checked here)
    check(all(dims(v) for v in g.input[3:] if v.name != "const_0" and v.name != "const_1"),
          "--keep-initializers-as-inputs: the weight inputs are typed", [dims(v) for v in g.input[3:]])


@case
def no_params():
    path, model, w = mlp_example()
    c = C.WORK.compile(path, ["--no-params"] + MLP_TYPES, out=C.WORK.file("mlp_noparams.onnx"))
    if not compiled_ok(c, "--no-params"):
        return
    g = c.model.graph
    state = list(model.state_dict().keys())
    check(io_names(g.input) == ["a", "b", "c"] + state,
          "--no-params: the parameters are inputs in state_dict order", io_names(g.input))
    check(not any(i.name in state for i in g.initializer),
          "--no-params: no parameter data in the file", [i.name for i in g.initializer])
    # as torch.onnx.export(export_params=False): constants are Constant
    # nodes, so the file holds no initializer at all
    check(not g.initializer and any(n.op_type == "Constant" for n in g.node),
          "--no-params: folded constants are Constant nodes, not initializers", [i.name for i in g.initializer])
    check(dims(g.input[3]) == [16, 12], "--no-params: parameter inputs are typed", dims(g.input[3]))
    checker(c, "--no-params")
    feeds = mlp_feeds(2)
    feeds.update({k: v.detach().numpy() for k, v in model.state_dict().items()})
    C.WORK.run_later("--no-params", c.path, [feeds], [reference(model, [t(feeds[k]) for k in "abc"])])


@case
def trace_initializer_options():
    """--no-params, --keep-initializers-as-inputs and IR version 3 in trace
    mode: the same inputs and initializers as in script mode, the weights
    in the file unless --no-params."""
    path, model, w = mlp_example()
    ex = ["--weights", w, "--trace", "--example", "a=randn(2,4)", "--example", "b=randn(2,3)",
          "--example", "c=randn(2,5)", "--dynamic", "a:0=N", "--dynamic", "b:0=N", "--dynamic", "c:0=N"]
    state = list(model.state_dict().keys())
    feeds = mlp_feeds(3)
    want = [reference(model, [t(feeds[k]) for k in "abc"])]
    c = C.WORK.compile(path, ex + ["--no-params"], out=C.WORK.file("mlp_trace_noparams.onnx"))
    if compiled_ok(c, "--trace --no-params"):
        g = c.model.graph
        check(io_names(g.input) == ["a", "b", "c"] + state,
              "--trace --no-params: the parameters are inputs in state_dict order", io_names(g.input))
        check(not any(i.name in state for i in g.initializer),
              "--trace --no-params: no parameter data in the file", [i.name for i in g.initializer])
        check(not g.initializer, "--trace --no-params: no initializer at all", [i.name for i in g.initializer])
        checker(c, "--trace --no-params")
        fed = dict(feeds)
        fed.update({k: v.detach().numpy() for k, v in model.state_dict().items()})
        C.WORK.run_later("--trace --no-params", c.path, [fed], want)
    c = C.WORK.compile(path, ex + ["--keep-initializers-as-inputs"], out=C.WORK.file("mlp_trace_keep.onnx"))
    if compiled_ok(c, "--trace --keep-initializers-as-inputs"):
        g = c.model.graph
        inits = [i.name for i in g.initializer]
        check(set(state) <= set(inits) and io_names(g.input)[3:] == inits,
              "--trace --keep-initializers-as-inputs: the weights are initializers and inputs",
              io_names(g.input), inits)
        checker(c, "--trace --keep-initializers-as-inputs")
        C.WORK.run_later("--trace --keep-initializers-as-inputs", c.path, [feeds], want)
    c = C.WORK.compile(path, ex + ["--opset", "8"], out=C.WORK.file("mlp_trace_8.onnx"))
    if compiled_ok(c, "--trace --opset 8"):
        g = c.model.graph
        inits = [i.name for i in g.initializer]
        check(c.model.ir_version == 3 and set(state) <= set(inits) and set(inits) <= set(io_names(g.input)),
              "--trace at opset 8 (IR 3): the weights are initializers, every one an input",
              io_names(g.input), inits)
        checker(c, "--trace --opset 8")
        C.WORK.run_later("--trace --opset 8", c.path, [feeds], want)
    # an unrolled Loop's trip count, an initializer the trace no longer reads
    path = os.path.join(SRC, "examples", "loop.ts")
    c = C.WORK.compile(path, ["--trace", "--keep-initializers-as-inputs", "--example", "x=randn(2,3)",
                              "--example", "y=5"], out=C.WORK.file("loop_trace_keep.onnx"))
    if compiled_ok(c, "--trace --keep-initializers-as-inputs, a Loop unrolled"):
        g = c.model.graph
        inits = set(i.name for i in g.initializer)
        extra = [n for n in io_names(g.input) if n not in ("x", "y")]
        check(all(n in inits for n in extra),
              "--trace --keep-initializers-as-inputs: every input but forward()'s has data", extra, sorted(inits))
    # a branch the example did not take: its parameters are not inputs
    path = model_path("gated.py")
    model = build(path, "Gated")
    w = weights_for(model, "gated")
    x = np.abs(randn(2, 4))
    c = C.WORK.compile(path, ["--weights", w, "--trace", "--no-params", "--example", "x=@" + C.WORK.save_npy(x, "gated_x.npy")],
                       out=C.WORK.file("gated_trace_noparams.onnx"))
    if compiled_ok(c, "--trace --no-params, a branch not taken"):
        g = c.model.graph
        want_names = ["x", "trunk.weight", "trunk.bias", "pos.weight", "pos.bias"]
        check(io_names(g.input) == want_names,
              "--trace --no-params: only the parameters the trace reads are inputs", io_names(g.input))
        checker(c, "--trace --no-params, a branch not taken")
        sd = model.state_dict()
        C.WORK.run_later("--trace --no-params, a branch not taken", c.path,
                         [dict({"x": x}, **{k: sd[k].numpy() for k in want_names[1:]})],
                         [reference(model, [t(x)])])


@case
def old_opset_initializers_are_inputs():
    path, model, w = mlp_example()
    c = C.WORK.compile(path, ["--weights", w, "--opset", "8"] + MLP_TYPES, out=C.WORK.file("mlp8.onnx"))
    if not compiled_ok(c, "opset 8"):
        return
    g = c.model.graph
    check(c.model.ir_version == 3 and set(i.name for i in g.initializer) <= set(io_names(g.input)),
          "opset 8 (IR 3): every initializer is a graph input", io_names(g.input))
    checker(c, "opset 8")
    feeds = mlp_feeds(2)
    C.WORK.run_later("opset 8", c.path, [feeds], [reference(model, [t(feeds[k]) for k in "abc"])])


# --- local functions --------------------------------------------------------------

@case
def local_functions():
    path = model_path("blocks.py")
    model = build(path, "Stack")
    w = weights_for(model, "blocks")
    x = [randn(3, 6), randn(1, 6)]
    want = [reference(model, [t(a)]) for a in x]
    for opset in (15, 17):
        c = C.WORK.compile(path, ["--weights", w, "--opset", str(opset), "--input", "x:float32[N,6]",
                                  "--functions"], out=C.WORK.file("blocks%d.onnx" % opset))
        what = "--functions at opset %d" % opset
        if not compiled_ok(c, what):
            continue
        m = c.model
        names = sorted(f.name for f in m.functions)
        check(names == ["Block", "Block_1", "Linear", "Linear_1", "Linear_2", "ReLU"],
              what + ": one function per class and configuration", names)
        ops = [n.op_type for n in m.graph.node]
        check(ops == ["Block", "Block", "Linear_1", "Block_1"],
              what + ": the graph calls them (equal Blocks share one function)", ops)
        block = next(f for f in m.functions if f.name == "Block")
        check(list(block.attribute) == ["width", "scale"] and
              [n.op_type for n in block.node] == ["Linear", "ReLU", "Mul", "Add"],
              what + ": Block's config is its attributes, its body calls Linear and ReLU",
              block.attribute, [n.op_type for n in block.node])
        call = m.graph.node[0]
        attrs = {a.name: onnx.helper.get_attribute_value(a) for a in call.attribute}
        check(attrs == {"width": 6, "scale": 0.5}, what + ": the call node carries the config", attrs)
        check(any(o.domain == "tsc2onnx.functions" for o in m.opset_import),
              what + ": the functions' domain is imported", m.opset_import)
        checker(c, what)
        C.WORK.run_later(what, c.path, [{"x": a} for a in x], want)
    c = C.WORK.compile(path, ["--weights", w, "--input", "x:float32[N,6]", "--functions", "Block"],
                       out=C.WORK.file("blocks_some.onnx"))
    if compiled_ok(c, "--functions Block"):
        names = sorted(f.name for f in c.model.functions)
        check(names == ["Block", "Block_1"], "--functions Block: only Block becomes a function", names)
        checker(c, "--functions Block")
        C.WORK.run_later("--functions Block", c.path, [{"x": a} for a in x], want)
    c = C.WORK.compile(path, ["--opset", "14", "--input", "x:float32[N,6]", "--functions"],
                       out=C.WORK.file("blocks14.onnx"))
    check(c.status == 2 and "--functions needs opset 15 or later" in c.stderr,
          "--functions below opset 15 is a usage error", c.stderr)


# --- metadata, names, locations ------------------------------------------------------

def raw_fields(data):
    """(field number, wire type, value) of a protobuf message's bytes."""
    out, i = [], 0
    while i < len(data):
        key, i = varint(data, i)
        field, wire = key >> 3, key & 7
        if wire == 0:
            v, i = varint(data, i)
        elif wire == 2:
            n, i = varint(data, i)
            v, i = data[i:i + n], i + n
        elif wire == 5:
            v, i = data[i:i + 4], i + 4
        elif wire == 1:
            v, i = data[i:i + 8], i + 8
        else:
            raise ValueError("wire type %d" % wire)
        out.append((field, wire, v))
    return out


def varint(data, i):
    shift = value = 0
    while True:
        b = data[i]
        i += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, i


def node_metadata(node):
    """NodeProto.metadata_props (field 9, unknown to onnx 1.12) as a dict."""
    props = {}
    for field, _, v in raw_fields(node.SerializeToString()):
        if field == 9:
            kv = {f: val.decode() for f, _, val in raw_fields(v)}
            props[kv.get(1)] = kv.get(2)
    return props


@case
def names_and_metadata():
    path, model, w = mlp_example()
    c = C.WORK.compile(path, ["--weights", w] + MLP_TYPES, out=C.WORK.file("mlp_meta.onnx"))
    if not compiled_ok(c, "the MLP"):
        return
    nodes = c.model.graph.node
    names = [n.name for n in nodes]
    check(names[:3] == ["/Concat", "/fc1/Gemm", "/act1/Relu"], "node names follow the module path", names)
    gemm = nodes[1]
    check(gemm.doc_string == "mlp.ts:23:23", "doc_string is the user's file:line:col", gemm.doc_string)
    meta = node_metadata(gemm)
    check(meta == {"tsc2onnx.module_path": "fc1", "tsc2onnx.module_type": "Linear",
                   "tsc2onnx.source": "x = self.act1(self.fc1(x))"},
          "node metadata_props: module path, class and source line", meta)
    check(gemm.output[0] == "/fc1/Gemm_output_0", "values are named after their node", gemm.output)
    props = {p.key: p.value for p in c.model.metadata_props}
    check(props.get("tsc2onnx.mode") == "script" and props.get("tsc2onnx.entry") == "MLP" and
          props.get("tsc2onnx.version") == c.model.producer_version and
          props.get("tsc2onnx.command", "").startswith("tsc2onnx --weights"),
          "model metadata: mode, entry, compiler version, command line", props)


@case
def deterministic_paths():
    """The same model given by a relative or an absolute path, from another
    directory, gives the same bytes."""
    work = C.WORK.file("det")
    os.makedirs(os.path.join(work, "sub"))
    with open(model_path("blocks.py")) as f:
        text = f.read()
    with open(os.path.join(work, "sub", "blocks.py"), "w") as f:
        f.write(text)
    opts = ["--input", "x:float32[N,6]", "--functions"]
    a = C.WORK.compile("sub/blocks.py", opts, out=C.WORK.file("det_a.onnx"), cwd=work)
    b = C.WORK.compile(os.path.join(work, "sub", "blocks.py"), opts, out=C.WORK.file("det_b.onnx"), cwd="/")
    c = C.WORK.compile("blocks.py", opts, out=C.WORK.file("det_c.onnx"), cwd=os.path.join(work, "sub"))
    if not (compiled_ok(a, "relative path") and compiled_ok(b, "absolute path") and compiled_ok(c, "bare name")):
        return
    with open(a.path, "rb") as f:
        ba = f.read()
    with open(b.path, "rb") as f:
        bb = f.read()
    with open(c.path, "rb") as f:
        bc = f.read()
    check(ba == bb == bc, "output bytes do not depend on how the model's path is given")
    lib = model_path("relu_override.py")
    opts = ["--input", "x:float32[N,4]", "--input", "y:float32[N,4]"]
    d = C.WORK.compile(model_path("custom_scaled.py"), opts + ["--library", lib], out=C.WORK.file("det_d.onnx"))
    e = C.WORK.compile("custom_scaled.py", opts + ["--library", "relu_override.py"], out=C.WORK.file("det_e.onnx"),
                       cwd=C.MODELS)
    if compiled_ok(d, "--library by absolute path") and compiled_ok(e, "--library by relative path"):
        with open(d.path, "rb") as f:
            bd = f.read()
        with open(e.path, "rb") as f:
            be = f.read()
        check(bd == be, "output bytes do not depend on how --library's path is given")
    check(a.model.graph.node[0].doc_string.startswith("blocks.py:"), "locations use the file's base name",
          a.model.graph.node[0].doc_string)


# --- readable output -----------------------------------------------------------------

@case
def verbose_text_dot():
    path = model_path("blocks.py")
    opts = ["--input", "x:float32[N,6]", "--functions"]
    c = C.WORK.compile(path, opts + ["-v"], out=C.WORK.file("blocks_v.onnx"))
    if not compiled_ok(c, "-v"):
        return
    err = c.stderr
    check("graph main_graph(%x : float32[N, 6]," in err, "-v: typed graph inputs", err[:300])
    check("# blocks.py:30: y = self.second(self.first(x))" in err, "-v: source lines", err[:600])
    check("= tsc2onnx.functions::Block[width=6, scale=0.5](%x, %first.fc.weight" in err and
          "scope: first (Block)" in err, "-v: nodes with domain, attributes, inputs and scope", err[:900])
    check("function tsc2onnx.functions::Block<width, scale>(%x_1 : float32[N, 6]," in err,
          "-v: local functions follow the graph", err[-1500:])
    t = C.WORK.compile(path, opts + ["--emit", "text"], out=C.WORK.file("blocks.txt"))
    if compiled_ok(t, "--emit text"):
        with open(t.path) as f:
            text = f.read()
        try:
            parsed = onnx.parser.parse_model(text)
            ok, why = len(parsed.functions) == 6 and parsed.graph.node[0].op_type == "Block", ""
        except Exception as e:
            ok, why = False, str(e)
        check(ok, "--emit text: onnx.parser reads the graph and its functions", why, text[:400])
    d = C.WORK.compile(path, opts + ["--emit", "dot"], out=C.WORK.file("blocks.dot"))
    if compiled_ok(d, "--emit dot"):
        p = C.subprocess.run(["dot", "-Tsvg", d.path, "-o", C.WORK.file("blocks.svg")], capture_output=True)
        with open(d.path) as f:
            dot = f.read()
        check(p.returncode == 0 and "subgraph cluster_function_" in dot,
              "--emit dot: Graphviz draws it, functions as clusters", p.stderr.decode()[:300])


# --- external data -------------------------------------------------------------------

@case
def external_data():
    path, model, w = mlp_example()
    feeds = mlp_feeds(3)
    want = [reference(model, [t(feeds[k]) for k in "abc"])]
    for opt, inline in (("--external-data=0", set()), ("--external-data", {"fc1.weight", "fc1.bias", "fc2.bias",
                                                                           "const_0", "const_1", "fc3.weight",
                                                                           "fc3.bias"})):
        out = C.WORK.file("ext%d.onnx" % len(inline))
        c = C.WORK.compile(path, ["--weights", w, opt] + MLP_TYPES, out=out)
        if not compiled_ok(c, opt):
            continue
        m = onnx.load(out, load_external_data=False)
        where = {}
        for i in m.graph.initializer:
            fields = {e.key: e.value for e in i.external_data}
            where[i.name] = fields if i.data_location == onnx.TensorProto.EXTERNAL else None
        external = {k for k, v in where.items() if v}
        check(set(where) - external == inline and
              all(re.match(re.escape(os.path.basename(out)) + r"\.[0-9a-f]{16}\.data$", v["location"])
                  and int(v["offset"]) % 64 == 0
                  and int(v["length"]) > 0 for v in where.values() if v),
              "%s: tensors of at least the threshold in %s.HASH.data, with location, aligned offset, length"
              % (opt, os.path.basename(out)), where)
        checker(c, opt)
        C.WORK.run_later(opt, out, [feeds], want)
    c = C.WORK.compile(path, ["--external-data"] + MLP_TYPES, out="-")
    check(c.status == 2 and "not standard output" in c.stderr, "--external-data to standard output is refused",
          c.stderr)
    bad = C.WORK.file("missing-dir/m.onnx")
    c = C.WORK.compile(path, ["--external-data=0"] + MLP_TYPES, out=bad)
    check(c.status == 4 and not os.path.exists(os.path.dirname(bad)), "a failed write leaves no data file", c.stderr)


# --- custom operators ----------------------------------------------------------------

_LIBRARY = []


def torch_custom_ops():
    """custom_ops::scaled_add and foo_forward in PyTorch (torch.library), as
    a C++ extension would register them."""
    import torch
    if not _LIBRARY:
        lib = torch.library.Library("custom_ops", "DEF")
        lib.define("scaled_add(Tensor a, Tensor b, float alpha) -> Tensor")
        lib.impl("scaled_add", lambda a, b, alpha: a + b * alpha, "CPU")
        _LIBRARY.append(lib)


@case
def custom_operator_custom_domain():
    path = model_path("custom_foo.py")
    lib = model_path("custom_symbolics.py")
    opts = ["--input", "input1:float32[N,3]", "--input", "input2:float32[N,3]"]
    c = C.WORK.compile(path, opts + ["--library", lib, "--custom-opset", "custom_domain=2"])
    if not compiled_ok(c, "torch.ops.custom_ops.foo_forward with --library"):
        return
    m = c.model
    node = m.graph.node[0]
    attrs = {a.name: (a.type, onnx.helper.get_attribute_value(a)) for a in node.attribute}
    check(len(m.graph.node) == 1 and node.op_type == "Foo" and node.domain == "custom_domain" and
          list(node.input) == ["input1", "input2"],
          "custom op: one custom_domain::Foo node on the two inputs", node)
    check(attrs == {"attr1": (onnx.AttributeProto.FLOAT, 2.5), "attr2": (onnx.AttributeProto.INT, 3)},
          "custom op: attr1_f and attr2_i became a float and an int attribute", attrs)
    check({(o.domain, o.version) for o in m.opset_import} == {("", 17), ("custom_domain", 2)},
          "custom op: --custom-opset custom_domain=2 is in opset_import", m.opset_import)
    check(dims(m.graph.output[0]) == ["N", 3], "custom op: _like gives the output's type", m.graph.output)
    checker(c, "custom op")
    c = C.WORK.compile(path, opts, out=C.WORK.file("foo_nolib.onnx"))
    check(c.status == 1 and "torch.ops.custom_ops.foo_forward has no ONNX mapping" in c.stderr and
          'custom_foo.py:14:16: error:' in c.stderr,
          "custom op without a mapping: an error at the call naming the @symbolic to write", c.stderr)


@case
def custom_operator_standard_ops():
    torch_custom_ops()
    path = model_path("custom_scaled.py")
    model = build(path, "Scaled")
    w = weights_for(model, "scaled")
    c = C.WORK.compile(path, ["--weights", w, "--input", "x:float32[N,4]", "--input", "y:float32[N,4]"])
    if not compiled_ok(c, "a custom op mapped by a module the model imports"):
        return
    ops = [n.op_type for n in c.model.graph.node]
    check(ops == ["Gemm", "Mul", "Add", "Relu"], "scaled_add became standard operators", ops)
    check(len(c.model.opset_import) == 1, "no custom domain is imported", c.model.opset_import)
    checker(c, "scaled_add")
    sets = [(randn(3, 4), randn(3, 4)), (randn(1, 4), randn(1, 4))]
    C.WORK.run_later("custom op as standard operators", c.path, [{"x": x, "y": y} for x, y in sets],
                     [reference(model, [t(x), t(y)]) for x, y in sets])
    o = C.WORK.compile(path, ["--weights", w, "--input", "x:float32[N,4]", "--input", "y:float32[N,4]",
                              "--library", model_path("relu_override.py")], out=C.WORK.file("override.onnx"))
    if compiled_ok(o, "@symbolic(\"aten::relu\") overriding the stdlib"):
        ops = [n.op_type for n in o.model.graph.node]
        check(ops == ["Gemm", "Mul", "Add", "Max"], "aten::relu override: Max(x, 0) instead of Relu", ops)
        C.WORK.run_later("aten::relu override", o.path, [{"x": x, "y": y} for x, y in sets],
                         [reference(model, [t(x), t(y)]) for x, y in sets])


@case
def override_reaches_methods():
    """@symbolic("aten::NAME") replaces both torch.NAME(x) and x.NAME(): the
    Tensor methods that are their torch functions (torch._reduce's sum,
    torch._impl's exp) are intercepted as the functions are."""
    c = C.WORK.compile(model_path("sum_module.py"), ["--input", "x:float32[N,4]", "--library",
                                                      model_path("method_override.py")],
                       out=C.WORK.file("override_sum.onnx"))
    if compiled_ok(c, "@symbolic(\"aten::sum\") with torch.sum"):
        ops = [n.op_type for n in c.model.graph.node]
        check(ops == ["ReduceMax"], "aten::sum override: torch.sum(x, dim=1) is replaced", ops)
    path = C.WORK.file("methods.ts")
    with open(path, "w") as f:
        f.write("import torch\n\n\nclass Methods(torch.nn.Module):\n    def forward(self, x):\n"
                "        return x.sum(), x.exp(), torch.exp(x)\n")
    c = C.WORK.compile(path, ["--input", "x:float32[N,4]", "--library", model_path("method_override.py")],
                       out=C.WORK.file("override_methods.onnx"))
    if compiled_ok(c, "@symbolic(\"aten::sum\") with Tensor.sum"):
        ops = [n.op_type for n in c.model.graph.node]
        check(ops == ["ReduceMax", "Softplus", "Softplus"], "aten overrides: x.sum(), x.exp() and torch.exp(x) "
              "are replaced", ops)


@case
def unsupported_report():
    path = model_path("unsupported.py")
    out = C.WORK.file("unsupported.onnx")
    c = C.WORK.compile(path, ["--input", "x:float32[N,4]", "--report"], out=out)
    report = c.stdout.decode()
    check(c.status == 1 and not os.path.exists(out), "--report with unsupported calls: exit 1, no model",
          c.stderr)
    rows = [line for line in report.splitlines() if line.startswith("| `")]
    want = ["| `torch.histc` | 2 | `unsupported.py:19:13` |",
            "| `torch.ops.vendor_ops.fancy` | 2 | `unsupported.py:16:13` |",
            "| `Tensor.cholesky` | 1 | `unsupported.py:21:16` |",
            "| `torch.ops.vendor_ops.other` | 1 | `unsupported.py:18:13` |",
            "| `torch.special.erfcx` | 1 | `unsupported.py:20:13` |"]
    check(rows[:5] == want, "--report lists every unsupported call at once, with counts and places", report)
    check("| `Gemm` | 1 |" in report and "| `Relu` | 1 |" in report and "tsc2onnx.unsupported" not in report,
          "--report has the op histogram of what was built", report)
    c = C.WORK.compile(model_path("sizes.py"), ["--input", "x:float32[N,3,4]", "--report"],
                       out=C.WORK.file("sizes.onnx"))
    report = c.stdout.decode()
    check(c.status == 0 and "| size read at run time (`Shape`): trace freezes it to the example's size | 1 | "
          "`sizes.py:10:29` |" in report, "--report lists what trace mode would specialize (a size read at "
          "run time)", report)
    r = C.WORK.file("report.md")
    c = C.WORK.compile(model_path("blocks.py"), ["--input", "x:float32[N,6]", "--functions", "--report=" + r],
                       out=C.WORK.file("blocks_r.onnx"))
    with open(r) as f:
        text = f.read()
    check(c.status == 0 and "compiled." in text and "| `tsc2onnx.functions::Block` | 2 |" in text and
          "in local functions" in text, "--report=FILE of a good compile: the histogram, functions included",
          text)


@case
def custom_operator_errors():
    path = model_path("custom_foo.py")
    opts = ["--input", "input1:float32[N,3]", "--input", "input2:float32[N,3]"]
    cases = [
        ('from tsc2onnx import symbolic\n@symbolic("bad")\ndef f(x):\n    return x\n',
         "bad.ts:2:2: error: symbolic(\"bad\"): the name must be NAMESPACE::OPERATOR"),
        ('import onnx\nfrom tsc2onnx import symbolic\n@symbolic("custom_ops::foo_forward")\n'
         'def f(a, b, c: float, d: int):\n    return onnx.op("dom::Foo", a, b, w=c)\n',
         "bad.ts:5:12: error: forward() returns a value of unknown type (the result of dom::Foo)"),
        ('import onnx\nfrom tsc2onnx import symbolic\n@symbolic("custom_ops::foo_forward")\n'
         'def f(a, b, c: float, d: int):\n    return onnx.op("dom::Foo", a, b, _bogus=1)\n',
         "error: onnx.op: unknown option '_bogus'"),
        ('import onnx\nfrom tsc2onnx import symbolic\n@symbolic("custom_ops::foo_forward")\n'
         'def f(a, b, c: float, d: int):\n    return onnx.op("dom::Foo", a, b, w=[a], _like=a)\n',
         "attribute 'w' cannot hold 'list'"),
    ]
    for i, (text, want) in enumerate(cases):
        lib = C.WORK.file("bad.ts")
        with open(lib, "w") as f:
            f.write(text)
        out = C.WORK.file("bad_lib.onnx")
        c = C.WORK.compile(path, opts + ["--library", lib], out=out)
        check(c.status == 1 and want in c.stderr and not os.path.exists(out),
              "a bad @symbolic library is reported: %s" % want.split("error: ")[-1][:50], c.stderr)


@case
def rnn_tuple_state():
    """examples/word_language_model.ts's RNNModel as PyTorch defines it:
    forward(input, hidden) with hidden an (h, c) tuple, typed entry by
    entry; the new state comes back as two outputs."""
    path = os.path.join(SRC, "examples", "word_language_model.ts")
    args = {"rnn_type": "LSTM", "ntoken": 50, "ninp": 16, "nhid": 16, "nlayers": 2}
    model = build(path, "RNNModel", **args)
    w = weights_for(model, "rnn")
    c = C.WORK.compile(path, ["--weights", w, "--entry", "RNNModel", "--arg", 'rnn_type="LSTM"', "--arg", "ntoken=50",
                              "--arg", "ninp=16", "--arg", "nhid=16", "--arg", "nlayers=2",
                              "--input", "input:int64[L,N]", "--input", "hidden.0:float32[2,N,16]",
                              "--input", "hidden.1:float32[2,N,16]"], out=C.WORK.file("rnn.onnx"))
    if not compiled_ok(c, "RNNModel with a tuple state"):
        return
    g = c.model.graph
    check(io_names(g.input) == ["input", "hidden_0", "hidden_1"] and dims(g.output[1]) == [2, "N", 16],
          "RNNModel: the (h, c) tuple is two inputs and two outputs", io_names(g.input), io_names(g.output))
    rng = np.random.default_rng(3)
    sets = [(rng.integers(0, 50, (5, 2)), randn(2, 2, 16), randn(2, 2, 16)),
            (rng.integers(0, 50, (3, 1)), randn(2, 1, 16), randn(2, 1, 16))]
    C.WORK.run_later("RNNModel with a tuple state", c.path,
                     [{"input": i, "hidden_0": h, "hidden_1": s} for i, h, s in sets],
                     [reference(model, [t(i), (t(h), t(s))]) for i, h, s in sets])


# --- run-time control flow -----------------------------------------------------------

@case
def functions_with_control_flow():
    path = model_path("repeat.py")
    model = build(path, "Top")
    w = weights_for(model, "repeat")
    xs = [(randn(3, 4), 0), (randn(3, 4), 1), (randn(1, 4), 3)]
    want = [reference(model, [t(x), n]) for x, n in xs]
    feeds = [{"x": x, "n": np.array(n, np.int64)} for x, n in xs]
    for opts in ([], ["--functions"]):
        what = "Loop and If in modules" + (" as local functions" if opts else "")
        c = C.WORK.compile(path, ["--weights", w, "--input", "x:float32[N,4]", "--input", "n:int64[]"] + opts,
                           out=C.WORK.file("repeat%d.onnx" % len(opts)))
        if not compiled_ok(c, what):
            continue
        if opts:
            repeat = next((f for f in c.model.functions if f.name == "Repeat"), None)
            ops = [n.op_type for n in repeat.node] if repeat else []
            check("Loop" in ops and "If" in ops and [n.op_type for n in c.model.graph.node] == ["Repeat", "Repeat"],
                  "the Repeat function holds the Loop and the If; the graph calls it twice", ops)
            v = C.WORK.compile(path, ["--input", "x:float32[N,4]", "--input", "n:int64[]", "-v"] + opts,
                               out=C.WORK.file("repeat_v.onnx"))
            check("    body = graph(%iteration" in v.stderr and "then_branch = graph(" in v.stderr,
                  "-v indents Loop and If bodies under their node", v.stderr[-1500:])
        checker(c, what)
        C.WORK.run_later(what, c.path, feeds, want)


@case
def sequence_output():
    path = model_path("running_list.py")
    model = build(path, "Partials")
    c = C.WORK.compile(path, ["--input", "x:float32[N,3]", "--input", "n:int64[]"], out=C.WORK.file("seq.onnx"))
    if not compiled_ok(c, "a list of run-time length returned"):
        return
    out = c.model.graph.output[0]
    elem = out.type.sequence_type.elem_type.tensor_type
    check(out.type.HasField("sequence_type") and elem.elem_type == onnx.TensorProto.FLOAT and
          [d.dim_param or d.dim_value for d in elem.shape.dim] == ["N", 3],
          "a list of run-time length is a sequence output of float[N,3]", out)
    checker(c, "sequence output")
    x = randn(2, 3)
    xf = C.WORK.save_npy(x, "seq_x.npy")
    outdir = C.WORK.file("seq_run")
    p = C.subprocess.run([C.TSC, "run", c.path, "--input", "x=@" + xf, "--input", "n=3", "-o", outdir],
                         capture_output=True, text=True)
    want = reference(model, [t(x), 3])
    got = [np.load(os.path.join(outdir, "output_%d.npy" % i)) for i in range(3)
           if os.path.exists(os.path.join(outdir, "output_%d.npy" % i))]
    check(p.returncode == 0 and len(got) == 3 and all(np.allclose(a, b) for a, b in zip(got, want)),
          "tsc2onnx run gives the sequence PyTorch returns (ONNX Runtime for node has no sequence outputs)",
          p.stderr, [g.shape for g in got])


@case
def report_control_flow():
    c = C.WORK.compile(model_path("repeat.py"), ["--input", "x:float32[N,4]", "--input", "n:int64[]", "--report"],
                       out=C.WORK.file("repeat_r.onnx"))
    report = c.stdout.decode()
    check(c.status == 0 and
          "| run-time loop (`Loop`): trace unrolls it to the example's trip count | 2 | `repeat.py:14:9` |" in report
          and "| run-time condition (`If`): trace keeps only the branch the example takes | 2 | `repeat.py:16:12` |"
          in report, "--report: the loops and branches trace mode would fix, by line, counted per module", report)
