"""Writes the corrupt input files of the command-line cases of tests/bad/
(plain Python 3, no numpy), each wrong in one way:

    python3 tests/bad/files/make.py DIR

st_*.safetensors are weights for model.py (fc.weight [4, 3], fc.bias [4],
float32); npy_*.npy are arrays for --example x=@files/NAME; onnx_*.onnx are
models for tsc2onnx run, encoded here field by field (onnx.proto's field
numbers), each taking x: float32[2]."""
import json
import os
import struct
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


# ---- .safetensors ----

W = [("fc.weight", "F32", [4, 3], 48), ("fc.bias", "F32", [4], 16)]


def st(entries=W, header=None, data=None, metadata=None, pad=True, length=None):
    """ENTRIES: (name, dtype, shape, nbytes) laid out in order, or a dict
    taken as the header; HEADER: raw header text."""
    if header is None:
        h = {} if metadata is None else {"__metadata__": metadata}
        pos = 0
        if isinstance(entries, dict):
            h.update(entries)
            pos = max([e["data_offsets"][1] for e in entries.values()
                       if isinstance(e, dict) and "data_offsets" in e] + [0])
        else:
            for name, dtype, shape, n in entries:
                h[name] = {"dtype": dtype, "shape": shape, "data_offsets": [pos, pos + n]}
                pos += n
        header = json.dumps(h)
        if data is None:
            data = bytes(i % 7 for i in range(pos))
    text = header.encode("utf-8") if isinstance(header, str) else header
    if pad:
        text += b" " * (-len(text) % 8)
    n = len(text) if length is None else length
    return struct.pack("<Q", n) + text + (data or b"")


def e(dtype="F32", shape=(4, 3), offsets=(0, 48), **extra):
    d = {"dtype": dtype, "shape": list(shape), "data_offsets": list(offsets)}
    d.update(extra)
    return d


write("st_good.safetensors", st())
write("st_empty.safetensors", b"")
write("st_length_past_end.safetensors", st(length=4096))
write("st_header_list.safetensors", st(header="[1, 2, 3]"))
write("st_header_trailing.safetensors", st(header=json.dumps({"fc.bias": e(shape=[4], offsets=[0, 16])}) + " xyz",
                                         data=bytes(16)))
write("st_entry_number.safetensors", st({"fc.weight": 5}))
write("st_no_dtype.safetensors", st({"fc.weight": {"shape": [4, 3], "data_offsets": [0, 48]}}, data=bytes(48)))
write("st_unknown_dtype.safetensors", st({"fc.weight": e(dtype="F128")}, data=bytes(48)))
write("st_negative_dim.safetensors", st({"fc.weight": e(shape=[-4, 3])}, data=bytes(48)))
write("st_shape_string.safetensors", st({"fc.weight": e(shape="4x3")}, data=bytes(48)))
write("st_offsets_reversed.safetensors", st({"fc.weight": e(offsets=[48, 0])}, data=bytes(48)))
write("st_size_mismatch.safetensors", st({"fc.weight": e(offsets=[0, 40])}, data=bytes(40)))
write("st_overlap.safetensors", st({"fc.weight": e(), "fc.bias": e(shape=[4], offsets=[40, 56])},
                                   data=bytes(56)))
write("st_gap.safetensors", st({"fc.weight": e(), "fc.bias": e(shape=[4], offsets=[52, 68])},
                               data=bytes(68)))
write("st_extra_field.safetensors", st({"fc.weight": e(layout="strided")}, data=bytes(48)))
write("st_duplicate_key.safetensors",
      st(header='{"fc.weight": %s, "fc.weight": %s}' % (json.dumps(e()), json.dumps(e())), data=bytes(48)))
write("st_metadata_number.safetensors", st(metadata={"format": 1}))
write("st_bool_byte.safetensors", st({"fc.weight": e(), "mask": e(dtype="BOOL", shape=[2], offsets=[48, 50])},
                                     data=bytes(48) + b"\x01\x02"))
write("st_dim_overflow.safetensors", st({"fc.weight": e(shape=[1 << 62, 1 << 62])}, data=bytes(48)))
write("st_invalid_utf8.safetensors", st(header=b'{"fc.w\xffight": ' + json.dumps(e()).encode() + b"}",
                                        data=bytes(48)))
write("st_float64.safetensors", st([("fc.weight", "F64", [4, 3], 96), ("fc.bias", "F64", [4], 32)]))
write("st_int64.safetensors", st([("fc.weight", "I64", [4, 3], 96), ("fc.bias", "F32", [4], 16)]))
write("st_bias_scalar.safetensors", st([("fc.weight", "F32", [4, 3], 48), ("fc.bias", "F32", [], 4)]))

# ---- .npy ----


def npy(header, data=b"", version=(1, 0), magic=b"\x93NUMPY"):
    h = header.encode("latin-1")
    size = struct.pack("<H" if version[0] == 1 else "<I", len(h))
    return magic + bytes(version) + size + h + data


def arr(descr, shape, data, fortran=False):
    return npy("{'descr': '%s', 'fortran_order': %s, 'shape': %s, }\n"
               % (descr, fortran, repr(tuple(shape))), data)


F6 = struct.pack("<6f", 1, 2, 3, 4, 5, 6)
write("npy_good.npy", arr("<f4", (2, 3), F6))
write("npy_empty.npy", b"")
write("npy_magic.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n", F6, magic=b"PK\x03\x04NP"))
write("npy_version4.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n", F6, version=(4, 0)))
write("npy_header_list.npy", npy("[1, 2, 3]\n"))
write("npy_no_shape.npy", npy("{'descr': '<f4', 'fortran_order': False, }\n", F6))
write("npy_fortran.npy", arr("<f4", (2, 3), F6, fortran=True))
write("npy_big_endian.npy", arr(">f4", (2, 3), struct.pack(">6f", 1, 2, 3, 4, 5, 6)))
write("npy_object.npy", arr("|O", (2,), bytes(16)))
write("npy_unicode.npy", arr("<U2", (2,), bytes(16)))
write("npy_structured.npy", npy("{'descr': [('a', '<i4'), ('b', '<f4')], 'fortran_order': False, 'shape': (2,), }\n",
                                bytes(16)))
write("npy_truncated.npy", arr("<f4", (2, 3), F6[:20]))
write("npy_trailing.npy", arr("<f4", (2, 3), F6 + b"\0\0\0\0"))
write("npy_negative_dim.npy", arr("<f4", (-2, 3), F6))
write("npy_bool_byte.npy", arr("|b1", (3,), b"\x01\x00\x05"))
write("npy_header_past_end.npy", npy("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }\n")[:40])
write("npy_shape_overflow.npy", arr("<f8", (1 << 40, 1 << 40), b""))
write("npy_int64.npy", arr("<i8", (2, 3), struct.pack("<6q", 1, 2, 3, 4, 5, 6)))
write("npy_wrong_width.npy", arr("<f4", (2, 5), bytes(40)))
write("npy_complex.npy", arr("<c8", (2, 3), bytes(48)))
write("npy_float16.npy", arr("<f2", (2, 3), bytes(12)))

# ---- .onnx ----


def varint(n):
    out = b""
    while True:
        b, n = n & 0x7F, n >> 7
        if not n:
            return out + bytes([b])
        out += bytes([b | 0x80])


def key(field, wire):
    return varint(field << 3 | wire)


def ld(field, data):
    """A length-delimited field."""
    return key(field, 2) + varint(len(data)) + data


def vi(field, n):
    return key(field, 0) + varint(n & 0xFFFFFFFFFFFFFFFF)


def s_(field, text):
    return ld(field, text.encode())


def value_info(name, elem=1, dims=(2,)):
    """ValueInfoProto: name 1, type 2 (TypeProto.tensor_type 1: elem_type 1, shape 2 (dim 1: dim_value 1))."""
    shape = b"".join(ld(1, vi(1, d)) for d in dims)
    return s_(1, name) + ld(2, ld(1, vi(1, elem) + ld(2, shape)))


def node(op, inputs, outputs, attrs=b""):
    """NodeProto: input 1, output 2, op_type 4, attribute 5."""
    return ld(1, b"".join(s_(1, i) for i in inputs) + b"".join(s_(2, o) for o in outputs) + s_(4, op) + attrs)


def graph(nodes, inputs=(("x", 1, (2,)),), outputs=(("y", 1, (2,)),), extra=b""):
    """GraphProto: node 1, name 2, initializer 5, input 11, output 12."""
    return (b"".join(nodes) + s_(2, "g") + extra + b"".join(ld(11, value_info(*i)) for i in inputs)
            + b"".join(ld(12, value_info(*o)) for o in outputs))


def onnx_model(g, opset=17, ir=8):
    """ModelProto: ir_version 1, graph 7, opset_import 8 (domain 1, version 2)."""
    return vi(1, ir) + ld(8, s_(1, "") + vi(2, opset)) + ld(7, g)


def tensor(name, dims, elem=1, raw=b""):
    """TensorProto: dims 1, data_type 2, name 8, raw_data 9."""
    return b"".join(vi(1, d) for d in dims) + vi(2, elem) + s_(8, name) + ld(9, raw)


def deep_if(depth):
    """If nodes nested DEPTH deep through their then_branch, built inside out
    with only lengths computed per level (linear in DEPTH)."""
    inner = graph([node("Identity", ["x"], ["y"])], inputs=())
    pre = s_(1, "c") + s_(2, "y") + s_(4, "If")
    attr_pre, attr_post = s_(1, "then_branch"), vi(20, 5)
    post = s_(2, "g") + ld(12, value_info("y"))
    heads, length = [], len(inner)
    for _ in range(depth):
        attr_len = len(attr_pre) + len(key(6, 2)) + len(varint(length)) + length + len(attr_post)
        node_len = len(pre) + len(key(5, 2)) + len(varint(attr_len)) + attr_len
        head = key(1, 2) + varint(node_len) + pre + key(5, 2) + varint(attr_len) + attr_pre + key(6, 2) + varint(length)
        heads.append(head)
        length += len(head) + len(attr_post) + len(post)
    body = b"".join(reversed(heads)) + inner + (attr_post + post) * depth
    return onnx_model(body + ld(11, value_info("x")) + ld(11, value_info("c", 9, ())))


RELU = graph([node("Relu", ["x"], ["y"])])
write("onnx_good.onnx", onnx_model(RELU))
write("onnx_empty.onnx", b"")
write("onnx_truncated.onnx", onnx_model(RELU)[:-7])
write("onnx_no_graph.onnx", vi(1, 8) + ld(8, s_(1, "") + vi(2, 17)))
write("onnx_opset_99.onnx", onnx_model(RELU, opset=99))
write("onnx_unknown_op.onnx", onnx_model(graph([node("Frobnicate", ["x"], ["y"])])))
write("onnx_output_undefined.onnx", onnx_model(graph([node("Relu", ["x"], ["z"])])))
write("onnx_initializer_short.onnx", onnx_model(graph([node("Add", ["x", "w"], ["y"])],
                                                      extra=ld(5, tensor("w", [2], raw=b"\0\0\0\0")))))
write("onnx_initializer_dtype.onnx", onnx_model(graph([node("Add", ["x", "w"], ["y"])],
                                                      extra=ld(5, tensor("w", [2], elem=99, raw=b"\0" * 8)))))
write("onnx_initializer_huge.onnx", onnx_model(graph([node("Add", ["x", "w"], ["y"])],
                                                     extra=ld(5, tensor("w", [1 << 40, 1 << 40])))))
write("onnx_cast_no_to.onnx", onnx_model(graph([node("Cast", ["x"], ["y"])])))
write("onnx_transpose_float_perm.onnx", onnx_model(graph([node("Transpose", ["x"], ["y"],
                                                          ld(5, s_(1, "perm") + key(2, 5) + b"\0\0\x80\x3f" + vi(20, 1)))])))
write("onnx_matmul_mismatch.onnx", onnx_model(graph([node("MatMul", ["x", "w"], ["y"])],
                                                    extra=ld(5, tensor("w", [3, 2], raw=b"\0" * 24)))))
write("onnx_deep_if.onnx", deep_if(20000))

# Model sources whose names are outputs' names: their default output (or,
# named like -o's external data files, the data file would replace them).
SOURCE = b"import torch\n\n\ndef f(x):\n    return x + 1\n"
write("source.onnx", SOURCE)
write("src.onnx.0123456789abcdef.data", SOURCE)
