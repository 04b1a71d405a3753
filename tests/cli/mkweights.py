"""Writes the .safetensors fixtures of tests/cli.sh (plain Python: no torch).

    python3 mkweights.py DIR

examples/mlp.ts with hidden=16, classes=3 has fc1 [16,12]+[16], fc2 [16,16]+[16],
fc3 [3,16]+[3].  Every fixture but good.safetensors is wrong in one way."""
import json
import os
import struct
import sys

SHAPES = [("fc1.weight", [16, 12]), ("fc1.bias", [16]), ("fc2.weight", [16, 16]),
          ("fc2.bias", [16]), ("fc3.weight", [3, 16]), ("fc3.bias", [3])]


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def write(path, tensors, raw_header=None, cut=0):
    header, data, off = {}, b"", 0
    for name, shape in tensors:
        nbytes = 4 * numel(shape)
        header[name] = {"dtype": "F32", "shape": shape, "data_offsets": [off, off + nbytes]}
        data += struct.pack("<%df" % numel(shape), *[0.01 * (i % 7) for i in range(numel(shape))])
        off += nbytes
    text = raw_header if raw_header is not None else json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    blob = struct.pack("<Q", len(text)) + text + data
    with open(path, "wb") as f:
        f.write(blob[:len(blob) - cut] if cut else blob)


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    p = lambda n: os.path.join(d, n)
    write(p("good.safetensors"), SHAPES)
    write(p("truncated.safetensors"), SHAPES, cut=100)
    write(p("wrong_shape.safetensors"),
          [(n, [16, 13] if n == "fc1.weight" else s) for n, s in SHAPES])
    write(p("missing_key.safetensors"), [t for t in SHAPES if t[0] != "fc2.bias"])
    write(p("unexpected_key.safetensors"), SHAPES + [("fc4.weight", [2, 2])])
    write(p("garbage_header.safetensors"), SHAPES, raw_header=b"{not json at all")
    with open(p("tiny.safetensors"), "wb") as f:
        f.write(b"\x01\x02\x03")
    with open(p("huge_header.safetensors"), "wb") as f:
        f.write(struct.pack("<Q", 1 << 40) + b"{}")


main()
