'use strict';
// The ONNX Runtime side of the benchmark: session-creation time and run
// latency of models, in one node process.
//
//   node bench/ort_time.js JOBS.json RESULT.json
//
// JOBS.json: {"threads": 1, "jobs": [{"id": "...", "models": {"A": "a.onnx",
// "B": "b.onnx"}, "inputs": {"x": "x.npy"}, "sessions": 3, "warmup": 3,
// "runs": 20}]}
//
// For each job, every model of the job gets SESSIONS sessions created (each
// timed; the last one is kept), then WARMUP untimed runs, then RUNS timed
// runs.  The models of one job are run in alternation (A, B, B, A ...: each
// round starts with the next model) so that a change in the machine's load
// affects them alike: their ratio is measured in one run.  Inputs are fed by name from .npy files; a model
// input without a file is an error of that model.  RESULT.json gets, per job
// and model, {"create_ms": [...], "first_run_ms": N, "run_ms": [...], "error":
// null} (first_run_ms: the first run after the session is created); times are
// wall-clock milliseconds (process.hrtime).
const fs = require('fs');
const path = require('path');

const ortPath = require.resolve('onnxruntime-node',
  { paths: [path.join(__dirname, '..', 'tests'), process.cwd()] });
const ort = require(ortPath);
const { readNpy } = require(path.join(__dirname, '..', 'tests', 'bench', 'npy.js'));

function ms(start) {
  const [s, ns] = process.hrtime(start);
  return s * 1e3 + ns / 1e6;
}

function message(e) {
  return String((e && e.message) || e).trim().split('\n')[0];
}

function feedsFor(session, inputs) {
  const feeds = {};
  for (const name of session.inputNames) {
    if (!(name in inputs)) throw new Error(`no value for the model input '${name}'`);
    const a = readNpy(inputs[name]);
    feeds[name] = new ort.Tensor(a.dtype, a.data, a.shape);
  }
  return feeds;
}

async function openModel(file, inputs, n, options, out) {
  let session = null;
  for (let i = 0; i < Math.max(1, n); i++) {
    if (session) await session.release();
    const t = process.hrtime();
    session = await ort.InferenceSession.create(file, options);
    out.create_ms.push(ms(t));
  }
  return { session, feeds: feedsFor(session, inputs) };
}

async function runJob(job, options) {
  const names = Object.keys(job.models);
  const result = {};
  const open = {};
  for (const name of names) {
    result[name] = { create_ms: [], run_ms: [], error: null };
    try {
      open[name] = await openModel(job.models[name], job.inputs, job.sessions || 1, options,
        result[name]);
    } catch (e) {
      result[name].error = message(e);
    }
  }
  const live = names.filter((n) => open[n]);
  const rounds = (job.warmup || 0) + (job.runs || 1);
  for (let r = 0; r < rounds; r++) {
    // each round starts with the next model, so none always runs first
    const order = live.map((_, k) => live[(k + r) % live.length]);
    for (const name of order) {
      if (result[name].error) continue;
      try {
        const t = process.hrtime();
        await open[name].session.run(open[name].feeds);
        if (r === 0) result[name].first_run_ms = ms(t);
        if (r >= (job.warmup || 0)) result[name].run_ms.push(ms(t));
      } catch (e) {
        result[name].error = message(e);
      }
    }
  }
  for (const name of live) await open[name].session.release();
  return result;
}

async function main() {
  const [jobsFile, resultFile] = process.argv.slice(2);
  if (!jobsFile || !resultFile) {
    process.stderr.write('usage: node bench/ort_time.js JOBS.json RESULT.json\n');
    process.exit(2);
  }
  const spec = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
  const options = {
    intraOpNumThreads: spec.threads || 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3,
  };
  const results = {};
  for (const job of spec.jobs) results[job.id] = await runJob(job, options);
  fs.writeFileSync(resultFile, JSON.stringify(results));
}

main().catch((e) => {
  process.stderr.write(`ort_time.js: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
