"""The safetensors format, written by hand (the Python package is not
available here):

    8 bytes      little-endian u64 N, the header's length
    N bytes      JSON {name: {"dtype": "F32", "shape": [..], "data_offsets": [begin, end]}}
                 padded with spaces so the data starts 8-byte aligned
    the rest     raw little-endian tensor data; offsets are relative to it

Tensors are written in the order given (the state_dict order), back to back.
"""
import json
import struct

# numpy dtype name -> safetensors dtype code; bfloat16 has no numpy dtype,
# the caller passes its raw bytes with the code "BF16".
CODES = {
    "float64": "F64", "float32": "F32", "float16": "F16",
    "int64": "I64", "int32": "I32", "int16": "I16", "int8": "I8",
    "uint64": "U64", "uint32": "U32", "uint16": "U16", "uint8": "U8",
    "bool": "BOOL",
}
NUMPY = {code: name for name, code in CODES.items()}
SIZES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2,
         "I8": 1, "U64": 8, "U32": 4, "U16": 2, "U8": 1, "BOOL": 1}


def write(path, tensors, metadata=None):
    """TENSORS: iterable of (name, code, shape, data bytes)."""
    header = {}
    if metadata:
        header["__metadata__"] = {str(k): str(v) for k, v in metadata.items()}
    chunks = []
    offset = 0
    for name, code, shape, data in tensors:
        count = 1
        for d in shape:
            count *= d
        if len(data) != count * SIZES[code]:
            raise ValueError("%s: %d bytes for %s %s" % (name, len(data), code, list(shape)))
        header[name] = {"dtype": code, "shape": list(shape),
                        "data_offsets": [offset, offset + len(data)]}
        chunks.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for data in chunks:
            f.write(data)


def write_arrays(path, arrays, metadata=None):
    """ARRAYS: iterable of (name, numpy array)."""
    import numpy as np

    def items():
        for name, a in arrays:
            a = np.asarray(a, order="C")     # (ascontiguousarray makes 0-d arrays 1-d)
            if a.dtype.byteorder == ">":
                a = a.astype(a.dtype.newbyteorder("<"))
            yield name, CODES[a.dtype.name], a.shape, a.tobytes()
    write(path, items(), metadata)


def read(path):
    """-> (header dict without __metadata__, {name: numpy array or raw bytes
    for BF16}), in file order."""
    import numpy as np

    with open(path, "rb") as f:
        blob = f.read()
    (n,) = struct.unpack_from("<Q", blob, 0)
    header = json.loads(blob[8:8 + n].decode("utf-8"))
    header.pop("__metadata__", None)
    base = 8 + n
    out = {}
    for name, info in header.items():
        begin, end = info["data_offsets"]
        raw = blob[base + begin:base + end]
        if info["dtype"] in NUMPY:
            out[name] = np.frombuffer(raw, dtype=np.dtype(NUMPY[info["dtype"]]).newbyteorder("<")) \
                .reshape(info["shape"])
        else:
            out[name] = raw
    return header, out
