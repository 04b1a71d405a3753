'use strict';
// Runs an ONNX model in ONNX Runtime (the onnxruntime-node package that
// tests/setup-deps.sh installs into tests/node_modules) and prints each
// output: its name, dtype, shape and values.  The README's first command
// uses it to show a compiled example running in a real runtime.
//
//   node tools/ort-run.js MODEL.onnx NAME=VALUE...
//
// VALUE: ones(2,3), zeros(4), arange(6) or full(2,3;0.5), optionally
// followed by :float32 / :float64 / :int64 / :int32 / :bool (default
// float32), or @file.npy.
const path = require('path');
const ortPath = require.resolve('onnxruntime-node',
  { paths: [path.join(__dirname, '..', 'tests'), process.cwd()] });
const ort = require(ortPath);
const { readNpy } = require(path.join(__dirname, '..', 'tests', 'bench', 'npy.js'));

const ARRAYS = {
  float32: Float32Array, float64: Float64Array, int64: BigInt64Array,
  int32: Int32Array, bool: Uint8Array,
};
const ORT_TYPES = {
  float32: 'float32', float64: 'float64', int64: 'int64', int32: 'int32', bool: 'bool',
};

function fail(msg) {
  process.stderr.write(`ort-run: ${msg}\n`);
  process.exit(2);
}

// "ones(2,3):int64" -> an ort.Tensor
function parseValue(text) {
  if (text.startsWith('@')) {
    const a = readNpy(text.slice(1));
    return new ort.Tensor(a.dtype, a.data, a.shape);
  }
  const m = /^(ones|zeros|arange|full)\(([^)]*)\)(?::(\w+))?$/.exec(text.replace(/\s+/g, ''));
  if (!m) fail(`cannot read the value '${text}'`);
  const dtype = m[3] || 'float32';
  if (!ARRAYS[dtype]) fail(`unknown dtype '${dtype}'`);
  let [dimsText, fillText] = m[2].split(';');
  const dims = dimsText ? dimsText.split(',').map(Number) : [];
  if (dims.some((d) => !Number.isInteger(d) || d < 0)) fail(`bad dims in '${text}'`);
  const n = dims.reduce((a, b) => a * b, 1);
  const fill = (i) => (m[1] === 'ones' ? 1 : m[1] === 'zeros' ? 0 : m[1] === 'arange' ? i : Number(fillText));
  const data = new ARRAYS[dtype](n);
  for (let i = 0; i < n; i++) data[i] = dtype === 'int64' ? BigInt(Math.trunc(fill(i))) : fill(i);
  return new ort.Tensor(ORT_TYPES[dtype], data, dims);
}

function show(name, t) {
  const values = Array.from(t.data, (v) => (typeof v === 'bigint' ? v.toString()
    : t.type === 'bool' ? String(Boolean(v)) : Number(v).toPrecision(6)));
  console.log(`${name}: ${t.type}[${t.dims.join(', ')}]`);
  const width = t.dims.length ? t.dims[t.dims.length - 1] || 1 : 1;
  for (let i = 0; i < values.length; i += width) {
    console.log('  ' + values.slice(i, i + width).join(' '));
  }
}

async function main() {
  const [model, ...args] = process.argv.slice(2);
  if (!model) fail('usage: node tools/ort-run.js MODEL.onnx NAME=VALUE...');
  const feeds = {};
  for (const a of args) {
    const eq = a.indexOf('=');
    if (eq <= 0) fail(`expected NAME=VALUE, found '${a}'`);
    feeds[a.slice(0, eq)] = parseValue(a.slice(eq + 1));
  }
  const session = await ort.InferenceSession.create(model);
  const out = await session.run(feeds);
  for (const name of session.outputNames) show(name, out[name]);
}

main().catch((e) => fail(String((e && e.message) || e)));
