'use strict';
// Step d of the end-to-end bench: runs every model in ONNX Runtime, in one
// node process.
//
//   node ort_run.js JOBS.json PROGRESS.jsonl
//
// JOBS.json:
//   {"threads": 1,
//    "jobs": [{"id": "...", "model": "m.onnx", "outdir": "dir",
//              "sets": [{"inputs": {"x": "x.npy", "n": "n.npy"}}, ...]}]}
//
// For each job: one InferenceSession; for each input set, the graph inputs
// are fed by name from the set's .npy files (names the graph lacks are
// reported as unused, e.g. a Python int the compiler folded in), and every
// graph output is written, in graph order, as OUTDIR/set<i>/<k>.npy.
//
// PROGRESS.jsonl gets {"start": id} before a job and {"done": id, "error",
// "sets": [{"error", "outputs", "unused"}]} after it, flushed line by line,
// so that if ONNX Runtime crashes the process, bench.py knows which model did
// it and runs the rest in a new process.  Errors of one job (the session
// cannot be created, a run fails) are recorded there, never fatal.
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');
const { readNpy, writeNpy } = require('./npy.js');

function record(progress, obj) {
  fs.appendFileSync(progress, JSON.stringify(obj) + '\n');
}

function message(e) {
  return String((e && e.message) || e).trim();
}

async function runSet(session, set, outdir) {
  const feeds = {};
  const have = Object.keys(set.inputs);
  for (const name of session.inputNames) {
    if (!(name in set.inputs)) {
      throw new Error(`graph input '${name}' matches no forward() parameter `
        + `(the case gives ${have.join(', ') || 'none'})`);
    }
    const a = readNpy(set.inputs[name]);
    feeds[name] = new ort.Tensor(a.dtype, a.data, a.shape);
  }
  const unused = have.filter((n) => !session.inputNames.includes(n));
  const results = await session.run(feeds);
  fs.mkdirSync(outdir, { recursive: true });
  const outputs = session.outputNames.map((name, k) => {
    const t = results[name];
    const file = path.join(outdir, `${k}.npy`);
    writeNpy(file, t.type, t.dims.map(Number), t.data);
    return { name, file, dtype: t.type, shape: t.dims.map(Number) };
  });
  return { error: null, outputs, unused };
}

async function runJob(job, options) {
  let session;
  try {
    session = await ort.InferenceSession.create(job.model, options);
  } catch (e) {
    return { error: `session creation failed: ${message(e)}`, sets: [] };
  }
  const sets = [];
  for (let i = 0; i < job.sets.length; i++) {
    try {
      sets.push(await runSet(session, job.sets[i], path.join(job.outdir, `set${i}`)));
    } catch (e) {
      sets.push({ error: message(e), outputs: [], unused: [] });
    }
  }
  try {
    await session.release();
  } catch (e) {
    // nothing to do: the process ends soon
  }
  return { error: null, sets };
}

async function main() {
  const [jobsFile, progress] = process.argv.slice(2);
  if (!jobsFile || !progress) {
    process.stderr.write('usage: node ort_run.js JOBS.json PROGRESS.jsonl\n');
    process.exit(2);
  }
  const spec = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
  const threads = spec.threads || 1;
  const options = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
  };
  for (const job of spec.jobs) {
    record(progress, { start: job.id });
    const result = await runJob(job, options);
    record(progress, { done: job.id, ...result });
  }
}

main().catch((e) => {
  process.stderr.write(`ort_run.js: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
