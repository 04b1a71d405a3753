'use strict';
// The .npy format (NEP 1), just what the bench needs: C-order, little-endian
// arrays of the numeric dtypes and bool.
//
//   \x93NUMPY  major minor  header length (u16 LE for 1.0, u32 LE for 2.0/3.0)
//   header     a Python dict literal {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
//              padded with spaces and ended by '\n' so the data starts 64-byte aligned
//   data       raw elements
//
// Arrays come back as {dtype, shape, data} with dtype an ONNX Runtime tensor
// type name and data a typed array (float16 as the raw bits in a Uint16Array,
// bool as 0/1 bytes in a Uint8Array), which is what ort.Tensor takes.
const fs = require('fs');

const DESCR_TO_TYPE = {
  '<f4': 'float32', '<f8': 'float64', '<f2': 'float16',
  '<i8': 'int64', '<i4': 'int32', '<i2': 'int16', '|i1': 'int8',
  '<u8': 'uint64', '<u4': 'uint32', '<u2': 'uint16', '|u1': 'uint8',
  '|b1': 'bool',
};
const TYPE_TO_DESCR = Object.fromEntries(Object.entries(DESCR_TO_TYPE).map(([d, t]) => [t, d]));
const ARRAYS = {
  float32: Float32Array, float64: Float64Array, float16: Uint16Array,
  int64: BigInt64Array, int32: Int32Array, int16: Int16Array, int8: Int8Array,
  uint64: BigUint64Array, uint32: Uint32Array, uint16: Uint16Array, uint8: Uint8Array,
  bool: Uint8Array,
};
const MAGIC = Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]); // \x93NUMPY

function headerField(header, key, pattern, path) {
  const m = header.match(new RegExp(`'${key}'\\s*:\\s*${pattern}`));
  if (!m) throw new Error(`${path}: .npy header has no '${key}': ${header.trim()}`);
  return m[1];
}

function readNpy(path) {
  const buf = fs.readFileSync(path);
  if (buf.length < 10 || !buf.subarray(0, 6).equals(MAGIC)) {
    throw new Error(`${path}: not a .npy file`);
  }
  const major = buf[6];
  const start = major === 1 ? 10 : 12;
  const headerLen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const header = buf.toString(major === 3 ? 'utf8' : 'latin1', start, start + headerLen);
  let descr = headerField(header, 'descr', "'([^']+)'", path);
  // One-byte types have no byte order; accept any marker for them.
  if (/^[<>=|][iub]1$/.test(descr)) descr = '|' + descr.slice(1);
  const dtype = DESCR_TO_TYPE[descr];
  if (!dtype) throw new Error(`${path}: unsupported dtype '${descr}' (big-endian or not numeric)`);
  const shape = headerField(header, 'shape', '\\(([^)]*)\\)', path)
    .split(',').map((s) => s.trim()).filter((s) => s !== '').map(Number);
  const fortran = headerField(header, 'fortran_order', '(True|False)', path) === 'True';
  if (fortran && shape.filter((d) => d > 1).length > 1) {
    throw new Error(`${path}: Fortran-order arrays are not supported`);
  }
  const count = shape.reduce((a, b) => a * b, 1);
  const Ctor = ARRAYS[dtype];
  const offset = start + headerLen;
  const nbytes = count * Ctor.BYTES_PER_ELEMENT;
  if (buf.length < offset + nbytes) throw new Error(`${path}: truncated data`);
  // Copy into a fresh ArrayBuffer: the file's buffer need not be aligned.
  const bytes = new Uint8Array(nbytes);
  bytes.set(buf.subarray(offset, offset + nbytes));
  return { dtype, shape, data: new Ctor(bytes.buffer) };
}

function shapeLiteral(shape) {
  if (shape.length === 0) return '()';
  if (shape.length === 1) return `(${shape[0]},)`;
  return `(${shape.join(', ')})`;
}

function writeNpy(path, dtype, shape, data) {
  const descr = TYPE_TO_DESCR[dtype];
  if (!descr) throw new Error(`cannot write a tensor of type '${dtype}' as .npy`);
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': ${shapeLiteral(shape)}, }`;
  const unpadded = MAGIC.length + 4 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const head = Buffer.alloc(MAGIC.length + 4);
  MAGIC.copy(head, 0);
  head[6] = 1;
  head[7] = 0;
  head.writeUInt16LE(header.length, 8);
  const body = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  fs.writeFileSync(path, Buffer.concat([head, Buffer.from(header, 'latin1'), body]));
}

module.exports = { readNpy, writeNpy, ARRAYS };
