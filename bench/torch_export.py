"""PyTorch's side of the compile-time benchmark: one export, timed by stage,
in a fresh process (so nothing is cached from an earlier run).

    /usr/bin/python3 -B bench/torch_export.py JOB.json RESULT.json

JOB.json: {"path", "dir", "options", "seed", "sets", "opset", "mode", "out",
"workdir"} where mode is "script" (torch.jit.script, then torch.onnx.export of
the scripted module) or "trace" (torch.onnx.export of the module, which
traces it).  The module is built the way the end-to-end bench's reference
step builds it (tests/bench/reference.py, imported here), under the same
seed, so its weights are the ones tsc2onnx reads from that step's
safetensors file.

RESULT.json: seconds per stage: "import" (torch and the exporter; reported
apart and excluded from the ratios), "load" (executing the model file),
"construct" (building the module), "script" (torch.jit.script, script mode
only), "export" (torch.onnx.export), and "error" (the failing stage and a
short message) or "mode" as run.
"""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True


def main(argv):
    with open(argv[1]) as f:
        job = json.load(f)
    result = {"mode": job["mode"], "error": None}
    stage = "import"
    try:
        t = time.perf_counter()
        import torch
        import torch.onnx  # noqa: F401
        sys.path.insert(0, os.path.join(HERE, "..", "tests", "bench"))
        import reference
        import warnings
        import contextlib
        result["import"] = time.perf_counter() - t
        torch.set_num_threads(1)

        stage = "load"
        t = time.perf_counter()
        with reference.case_imports([job["dir"]], {}):
            mod = reference.load_module(job, 0)
            result["load"] = time.perf_counter() - t
            stage = "construct"
            t = time.perf_counter()
            _, model = reference.build_model(mod, job["options"], job["seed"])
            result["construct"] = time.perf_counter() - t
        params = reference.forward_params(model)
        tv, _ = reference.make_inputs(job, params, 0, job["seed"], job["workdir"], {})
        with torch.no_grad():
            nout = len(reference.flatten(model(*reference.call_args(params, tv)[0],
                                               **reference.call_args(params, tv)[1]), []))
        exported = model
        if job["mode"] == "script":
            stage = "script"
            t = time.perf_counter()
            exported = torch.jit.script(model)
            result["script"] = time.perf_counter() - t
        stage = "export"
        t = time.perf_counter()
        with warnings.catch_warnings(), contextlib.redirect_stdout(sys.stderr):
            warnings.simplefilter("ignore")
            r = reference.export_torch(exported, params, tv, nout, job["opset"], job["out"],
                                       job["options"])
        result["export"] = time.perf_counter() - t
        if "skip" in r:
            result["error"] = "export: " + r["skip"]
    except BaseException as e:  # the model's own code may raise anything
        if isinstance(e, KeyboardInterrupt):
            raise
        msg = str(e).strip().splitlines()
        result["error"] = "%s: %s: %s" % (stage, type(e).__name__, msg[0] if msg else "")
    with open(argv[2], "w") as f:
        json.dump(result, f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
