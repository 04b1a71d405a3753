# Fixtures for tests/unit/test_io: .npy files written by numpy, .safetensors
# files written byte by byte (the format is simple enough that the safetensors
# package is not needed), adversarial variants of both, and reference values
# for the PRNG computed from the published algorithms.
#
#   /usr/bin/python3 tests/io/gen.py OUTDIR
#
# Manifests (one line per file, read by test_io):
#   npy_manifest.txt   NAME DTYPE RANK DIMS... ; NAME.raw holds the bytes
#   st_good.expect     NAME DTYPE RANK DIMS... HEXBYTES(or '-')
import json
import math
import os
import struct
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def path(name):
    return os.path.join(out, name)


def write(name, data):
    with open(path(name), "wb") as f:
        f.write(data)


# ---- .npy ---------------------------------------------------------------

NPY_DTYPES = ["<f4", "<f8", "<f2", "<i8", "<i4", "<i2", "|i1", "|u1", "|b1",
              "<u2", "<u4", "<u8", "<c8", "<c16"]
IR_NAMES = {"<f4": "float32", "<f8": "float64", "<f2": "float16",
            "<i8": "int64", "<i4": "int32", "<i2": "int16", "|i1": "int8",
            "|u1": "uint8", "|b1": "bool", "<u2": "uint16", "<u4": "uint32",
            "<u8": "uint64", "<c8": "complex64", "<c16": "complex128"}
SHAPES = {"scalar": (), "empty": (0,), "empty2": (3, 0, 2), "vec": (7,),
          "nd4": (2, 3, 1, 4)}


def values(descr, shape):
    n = int(np.prod(shape)) if shape else 1
    dt = np.dtype(descr)
    k = np.arange(n)
    if dt.kind == "f":
        v = (k * 0.75 - 3.0).astype(dt)
        specials = [np.inf, -np.inf, np.nan, -0.0, 65504.0 if dt.itemsize == 2 else 1e30,
                    np.finfo(dt).tiny / 2]
        for i, s in enumerate(specials[: max(0, n - 1)]):
            v[i + 1] = s
    elif dt.kind == "c":
        v = (k * 0.5 - 1.0 + 1j * (k + 2.0)).astype(dt)
    elif dt.kind == "b":
        v = (k % 3 == 0)
    elif dt.kind == "i":
        info = np.iinfo(dt)
        v = (k * 37 - 60).astype(np.int64)
        v = np.clip(v, info.min, info.max).astype(dt)
        if n >= 3:
            v[1], v[2] = info.min, info.max
    else:
        info = np.iinfo(dt)
        v = (k * 41 + 3).astype(np.uint64)
        v = np.minimum(v, info.max).astype(dt)
        if n >= 2:
            v[1] = info.max
    return np.asarray(v, dtype=dt).reshape(shape)


manifest = []
for descr in NPY_DTYPES:
    for sname, shape in SHAPES.items():
        a = values(descr, shape)
        name = "npy_%s_%s" % (IR_NAMES[descr], sname)
        np.save(path(name + ".npy"), a)
        write(name + ".raw", a.tobytes())
        manifest.append("%s %s %d %s" % (name, IR_NAMES[descr], len(shape),
                                         " ".join(str(d) for d in shape)))

# Other header versions and writers.
for version in [(2, 0), (3, 0)]:
    a = values("<f4", (2, 3))
    name = "npy_v%d" % version[0]
    with open(path(name + ".npy"), "wb") as f:
        np.lib.format.write_array(f, a, version=version)
    write(name + ".raw", a.tobytes())
    manifest.append("%s float32 2 2 3" % name)


def npy_bytes(header, data=b"", version=(1, 0)):
    """A .npy image with HEADER taken literally (no padding added)."""
    h = header.encode("latin1")
    if version[0] == 1:
        prefix = b"\x93NUMPY" + bytes(version) + struct.pack("<H", len(h))
    else:
        prefix = b"\x93NUMPY" + bytes(version) + struct.pack("<I", len(h))
    return prefix + h + data


# Hand-written headers numpy also reads: Python 2 longs, double quotes, no
# trailing comma, no padding.
write("npy_py2.npy", npy_bytes("{'descr': '<i4', 'fortran_order': False, 'shape': (2L, 1L), }\n",
                               struct.pack("<2i", 7, -9)))
write("npy_py2.raw", struct.pack("<2i", 7, -9))
manifest.append("npy_py2 int32 2 2 1")
write("npy_dquote.npy", npy_bytes('{"shape": (3,), "fortran_order": False, "descr": "<i2"}',
                                  struct.pack("<3h", 1, 2, 3)))
write("npy_dquote.raw", struct.pack("<3h", 1, 2, 3))
manifest.append("npy_dquote int16 1 3")
write("npy_big1byte.npy", npy_bytes("{'descr': '>u1', 'fortran_order': False, 'shape': (2,), }",
                                    b"\x05\x06"))
write("npy_big1byte.raw", b"\x05\x06")
manifest.append("npy_big1byte uint8 1 2")

with open(path("npy_manifest.txt"), "w") as f:
    f.write("\n".join(manifest) + "\n")

# Refused files.
np.save(path("bad_bigendian.npy"), np.arange(4, dtype=">f4"))
np.save(path("bad_fortran.npy"), np.asfortranarray(np.arange(6, dtype="<f4").reshape(2, 3)))
np.save(path("bad_unicode.npy"), np.array(["ab", "c"]))
np.save(path("bad_structured.npy"), np.zeros(2, dtype=[("a", "<i4"), ("b", "<f4")]))
np.save(path("bad_object.npy"), np.array([1, "x"], dtype=object), allow_pickle=True)
good = open(path("npy_float32_nd4.npy"), "rb").read()
write("bad_empty.npy", b"")
write("bad_magic.npy", b"\x93NUMPX" + good[6:])
write("bad_short.npy", good[:5])
write("bad_version.npy", good[:6] + b"\x04\x00" + good[8:])
write("bad_minor.npy", good[:6] + b"\x01\x01" + good[8:])
write("bad_trunc_prefix.npy", good[:9])
write("bad_trunc_header.npy", good[:60])
write("bad_trunc_data.npy", good[:-5])
write("bad_trailing.npy", good + b"\0\0\0")
write("bad_hlen.npy", good[:8] + struct.pack("<H", 60000) + good[10:])
write("bad_hlen_v2.npy", b"\x93NUMPY\x02\x00" + struct.pack("<I", 0xFFFFFFF0) + b"{}")
write("bad_garbage.npy", npy_bytes("this is not a dict" + " " * 40 + "\n"))
write("bad_nokey.npy", npy_bytes("{'descr': '<f4', 'fortran_order': False, }\n"))
write("bad_extrakey.npy", npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'x': 1}\n",
                                    b"\0" * 4))
write("bad_dupkey.npy", npy_bytes("{'descr': '<f4', 'descr': '<f4', 'shape': ()}\n"))
write("bad_negshape.npy", npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,), }\n"))
write("bad_shape_type.npy", npy_bytes("{'descr': '<f4', 'fortran_order': False, 'shape': [2], }\n"))
write("bad_hugeshape.npy", npy_bytes("{'descr': '<f8', 'fortran_order': False, "
                                     "'shape': (4611686018427387904, 4611686018427387904), }\n"))
write("bad_bigdim.npy", npy_bytes("{'descr': '<f8', 'fortran_order': False, "
                                  "'shape': (99999999999999999999,), }\n"))
write("bad_order.npy", npy_bytes("{'descr': '<f4', 'fortran_order': 0, 'shape': (), }\n"))
write("bad_descr_f16.npy", npy_bytes("{'descr': '<f16', 'fortran_order': False, 'shape': (), }\n",
                                     b"\0" * 16))
write("bad_unterminated.npy", npy_bytes("{'descr': '<f4, 'fortran_order': False, 'shape': (), }\n"))
write("bad_bool.npy", npy_bytes("{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }\n",
                                b"\x01\x00\x07"))
write("bad_rank.npy", npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (%s), }\n"
                                % ("1, " * 65), b"\0"))
os.makedirs(path("adir.npy"), exist_ok=True)
os.mkfifo(path("fifo.npy"))

# ---- .safetensors -------------------------------------------------------

ST_TYPES = {"F32": "<f4", "F64": "<f8", "F16": "<f2", "I64": "<i8", "I32": "<i4",
            "I16": "<i2", "I8": "|i1", "U8": "|u1", "BOOL": "|b1", "U16": "<u2",
            "U32": "<u4", "U64": "<u8", "C64": "<c8"}
ST_IR = {"F32": "float32", "F64": "float64", "F16": "float16", "BF16": "bfloat16",
         "I64": "int64", "I32": "int32", "I16": "int16", "I8": "int8", "U8": "uint8",
         "BOOL": "bool", "U16": "uint16", "U32": "uint32", "U64": "uint64", "C64": "complex64"}


def st_file(tensors, metadata=None, pad=True, extra=b"", header=None):
    """TENSORS: list of (name, dtype, shape, bytes), laid out in order."""
    h = {}
    if metadata is not None:
        h["__metadata__"] = metadata
    data = b""
    for name, dtype, shape, raw in tensors:
        h[name] = {"dtype": dtype, "shape": list(shape),
                   "data_offsets": [len(data), len(data) + len(raw)]}
        data += raw
    text = (header if header is not None else json.dumps(h)).encode("utf-8")
    if pad:
        text += b" " * (-(8 + len(text)) % 8)
    return struct.pack("<Q", len(text)) + text + data + extra


good_tensors = []
for st, descr in ST_TYPES.items():
    shape = (2, 3) if st != "BOOL" else (5,)
    good_tensors.append(("t." + st.lower(), st, shape, values(descr, shape).tobytes()))
bf16 = struct.pack("<4H", 0x3F80, 0xC000, 0x7F80, 0x0001)
good_tensors.append(("t.bf16", "BF16", (2, 2), bf16))
good_tensors.append(("scalar", "F32", (), struct.pack("<f", 2.5)))
good_tensors.append(("empty", "F32", (0, 4), b""))
good_tensors.append(("unicode.\u00e9", "U8", (1,), b"\x09"))
# Order in the file's header differs from the data order on purpose.
order = list(reversed(good_tensors))
h = {"__metadata__": {"format": "pt", "author": "test"}}
data_pos = {}
pos = 0
for name, dtype, shape, raw in good_tensors:
    data_pos[name] = (pos, pos + len(raw))
    pos += len(raw)
for name, dtype, shape, raw in order:
    h[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": list(data_pos[name])}
text = json.dumps(h, indent=1).encode("utf-8")
text += b" " * (-(8 + len(text)) % 8)
write("st_good.safetensors", struct.pack("<Q", len(text)) + text +
      b"".join(raw for _, _, _, raw in good_tensors))
with open(path("st_good.expect"), "w", encoding="utf-8") as f:
    for name, dtype, shape, raw in good_tensors:
        f.write("%s %s %d %s %s\n" % (name, ST_IR[dtype], len(shape),
                                      " ".join(str(d) for d in shape), raw.hex() or "-"))

# Unaligned data: no header padding, and an odd-sized tensor first.
write("st_unaligned.safetensors", st_file([
    ("a", "U8", (3,), b"\x01\x02\x03"),
    ("b", "F32", (2,), struct.pack("<2f", 1.5, -2.0)),
    ("c", "I64", (1,), struct.pack("<q", -5)),
], pad=False))
# Header padded with trailing spaces (allowed), empty file otherwise.
write("st_notensors.safetensors", st_file([], metadata={}))

f32 = struct.pack("<3f", 1, 2, 3)
one = [("w", "F32", (3,), f32)]


def entry(**kw):
    e = {"dtype": "F32", "shape": [3], "data_offsets": [0, 12]}
    e.update(kw)
    return e


def hdr(obj):
    return json.dumps(obj)


write("st_empty.safetensors", b"")
write("st_short.safetensors", b"\x05\0\0\0\0")
write("st_hlen_big.safetensors", struct.pack("<Q", 1000) + b'{"a": 1}')
write("st_hlen_huge.safetensors", struct.pack("<Q", 1 << 63) + b"{}")
write("st_garbage.safetensors", st_file(one, header='{"w": {"dtype": "F32",\n "shape": [3] "x"}}'))
write("st_not_object.safetensors", st_file(one, header="[1, 2]"))
write("st_dtype_type.safetensors", st_file(one, header=hdr({"w": entry(dtype=5)})))
write("st_dtype_unknown.safetensors", st_file(one, header=hdr({"w": entry(dtype="F33")})))
write("st_dtype_f8.safetensors", st_file(one, header=hdr({"w": entry(dtype="F8_E5M2")})))
write("st_shape_type.safetensors", st_file(one, header=hdr({"w": entry(shape="abc")})))
write("st_shape_neg.safetensors", st_file(one, header=hdr({"w": entry(shape=[-1])})))
write("st_shape_float.safetensors", st_file(one, header=hdr({"w": entry(shape=[3.0])})))
write("st_offsets_short.safetensors", st_file(one, header=hdr({"w": entry(data_offsets=[0])})))
write("st_offsets_reversed.safetensors", st_file(one, header=hdr({"w": entry(data_offsets=[12, 0])})))
write("st_offsets_neg.safetensors", st_file(one, header=hdr({"w": entry(data_offsets=[-4, 8])})))
write("st_out_of_range.safetensors", st_file(one, header=hdr({"w": entry(data_offsets=[4, 16])})))
write("st_size_mismatch.safetensors", st_file(one, header=hdr({"w": entry(shape=[2])})))
write("st_overlap.safetensors", st_file(one, header=hdr({
    "w": entry(shape=[2], data_offsets=[0, 8]), "v": entry(shape=[2], data_offsets=[4, 12])})))
write("st_gap.safetensors", st_file(one, header=hdr({
    "w": entry(shape=[1], data_offsets=[0, 4]), "v": entry(shape=[1], data_offsets=[8, 12])})))
write("st_trailing.safetensors", st_file(one, extra=b"\0" * 4))
write("st_dup.safetensors", st_file(one, header='{"w": %s, "w": %s}' % (hdr(entry()), hdr(entry()))))
write("st_missing.safetensors", st_file(one, header='{"w": {"dtype": "F32", "shape": [3]}}'))
write("st_extra.safetensors", st_file(one, header=hdr({"w": entry(offsets=[0, 12])})))
write("st_not_entry.safetensors", st_file(one, header='{"w": [1, 2]}'))
write("st_meta_type.safetensors", st_file(one, header=hdr({"__metadata__": [1], "w": entry()})))
write("st_meta_value.safetensors", st_file(one, header=hdr({"__metadata__": {"k": 1}, "w": entry()})))
write("st_overflow.safetensors", st_file(one, header=hdr({"w": entry(shape=[1 << 62, 1 << 62])})))
write("st_bigint.safetensors", st_file(one, header='{"w": {"dtype": "F32", "shape": [3], '
                                                  '"data_offsets": [0, 100000000000000000000]}}'))
write("st_bool.safetensors", st_file([("m", "BOOL", (3,), b"\x01\x07\x00")]))
def raw_header(h):
    return struct.pack("<Q", len(h)) + h


write("st_badutf8.safetensors", raw_header(b'{"w\xff": 1} '))
write("st_rank.safetensors", st_file(one, header=hdr({"w": entry(shape=[1] * 65, data_offsets=[0, 4])})))
write("st_nul.safetensors", raw_header(b'{"a": "\x00"}    '))
os.makedirs(path("adir.safetensors"), exist_ok=True)
os.mkfifo(path("fifo.safetensors"))

# ---- PRNG reference -----------------------------------------------------

M64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Xoshiro:
    def __init__(self, seed):
        self.s = []
        x = seed
        for _ in range(4):
            x, z = splitmix64(x)
            self.s.append(z)

    def next(self):
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def uniform(self):
        return (self.next() >> 11) * 2.0 ** -53

    def normals(self, n):
        out = []
        while len(out) < n:
            while True:
                u = 2.0 * self.uniform() - 1.0
                v = 2.0 * self.uniform() - 1.0
                s = u * u + v * v
                if 0.0 < s < 1.0:
                    break
            f = math.sqrt(-2.0 * math.log(s) / s)
            out += [u * f, v * f]
        return out[:n]


with open(path("prng.txt"), "w") as f:
    for seed in [0, 42, 0xFFFFFFFFFFFFFFFF]:
        g = Xoshiro(seed)
        f.write("next %d %s\n" % (seed, " ".join(str(g.next()) for _ in range(8))))
    g = Xoshiro(1234)
    f.write("normal 1234 %s\n" % " ".join(repr(x) for x in g.normals(9)))
    g = Xoshiro(99)
    f.write("uniform 99 %s\n" % " ".join(repr(g.uniform()) for _ in range(5)))
