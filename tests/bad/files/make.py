"""Writes the corrupt input files of the command-line cases of tests/bad/
(plain Python 3, no numpy), each wrong in one way:

    python3 tests/bad/files/make.py DIR

st_*.safetensors are weights for model.py (fc.weight [4, 3], fc.bias [4],
float32); npy_*.npy are arrays for --example x=@files/NAME."""
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
