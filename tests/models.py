"""The installed packages' models: every builder of torchvision 0.14's
classification, segmentation and video namespaces and of torchaudio 0.13's
models, built by PyTorch (weights=None, seeded), compiled by tsc2onnx from
the installed source with `--entry 'PACKAGE.BUILDER(...)'` and the PyTorch
model's state_dict (--weights), and run in ONNX Runtime against PyTorch
eager on one input.

    /usr/bin/python3 tests/models.py TSC2ONNX [--all] [--update] [--only NAME,...]

One TAP case per builder.  docs/models.md lists the builders that do not
match yet, each with its first error: a listed builder is expected to fail
(a TAP TODO, which counts as passing); a listed builder that now passes, or
an unlisted one that fails, fails the case.  --update rewrites the list in
docs/models.md from this run.  In sanitizer builds (TSC_SANITIZED=yes) only
the small builders of SANITIZED_SET run.

PyTorch's side (weights, input, outputs) is cached in
$TSC_MODELS_CACHE (default $TSC_TEST_CACHE/models, $TSC_TEST_CACHE being
.cache in the build directory unless set), keyed by the builder's
expression, its input and the code that makes references.  Compiled models
go to out/models, removed once they match (TSC_MODELS_KEEP=1 keeps them).
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "bench"))
sys.dont_write_bytecode = True

import compare  # noqa: E402

TV = "torchvision.models"
IMG = {"x": (1, 3, 64, 64)}


def tv(name, expr=None, inputs=IMG, rtol=1e-3, atol=1e-4):
    return (name, expr or "%s.%s()" % (TV, name), inputs, rtol, atol)


# (case name, builder expression, {input: shape}, rtol, atol).  Small inputs,
# and small configurations where the builder takes them (num_classes,
# image sizes), so that CI stays fast; weights=None everywhere (the default).
CASES = [tv(n) for n in (
    "alexnet", "convnext_tiny", "convnext_small", "convnext_base", "convnext_large",
    "densenet121", "densenet161", "densenet169", "densenet201",
    "efficientnet_b0", "efficientnet_b1", "efficientnet_b2", "efficientnet_b3", "efficientnet_b4",
    "efficientnet_b5", "efficientnet_b6", "efficientnet_b7",
    "efficientnet_v2_s", "efficientnet_v2_m", "efficientnet_v2_l", "googlenet",
    "mnasnet0_5", "mnasnet0_75", "mnasnet1_0", "mnasnet1_3",
    "mobilenet_v2", "mobilenet_v3_large", "mobilenet_v3_small",
    "regnet_x_400mf", "regnet_x_800mf", "regnet_x_1_6gf", "regnet_x_3_2gf", "regnet_x_8gf",
    "regnet_x_16gf", "regnet_x_32gf", "regnet_y_400mf", "regnet_y_800mf", "regnet_y_1_6gf",
    "regnet_y_3_2gf", "regnet_y_8gf", "regnet_y_16gf", "regnet_y_32gf", "regnet_y_128gf",
    "resnet18", "resnet34", "resnet50", "resnet101", "resnet152",
    "resnext50_32x4d", "resnext101_32x8d", "resnext101_64x4d", "wide_resnet50_2", "wide_resnet101_2",
    "shufflenet_v2_x0_5", "shufflenet_v2_x1_0", "shufflenet_v2_x1_5", "shufflenet_v2_x2_0",
    "squeezenet1_0", "squeezenet1_1",
    "swin_t", "swin_s", "swin_b", "swin_v2_t", "swin_v2_s", "swin_v2_b",
    "vgg11", "vgg11_bn", "vgg13", "vgg13_bn", "vgg16", "vgg16_bn", "vgg19", "vgg19_bn",
)] + [
    tv("inception_v3", inputs={"x": (1, 3, 96, 96)}),
    tv("maxvit_t", inputs={"x": (1, 3, 224, 224)}),
] + [tv(n, "%s.%s(image_size=64)" % (TV, n)) for n in ("vit_b_16", "vit_b_32", "vit_l_16", "vit_l_32")] + [
    tv("vit_h_14", "%s.vit_h_14(image_size=56)" % TV, inputs={"x": (1, 3, 56, 56)}),
] + [tv(n, "%s.segmentation.%s(weights_backbone=None)" % (TV, n)) for n in (
    "deeplabv3_mobilenet_v3_large", "deeplabv3_resnet50", "deeplabv3_resnet101",
    "fcn_resnet50", "fcn_resnet101")] + [
    tv("lraspp_mobilenet_v3_large", "%s.segmentation.lraspp_mobilenet_v3_large(weights_backbone=None)" % TV,
       inputs={"input": IMG["x"]}),
] + [
    tv(n, "%s.video.%s()" % (TV, n), inputs={"x": (1, 3, 4, 32, 32)}) for n in ("r3d_18", "mc3_18", "r2plus1d_18")
] + [
    # s3d's classifier pools 2x7x7: its smallest input is 16 frames of 224x224
    tv("s3d", "%s.video.s3d()" % TV, inputs={"x": (1, 3, 16, 224, 224)}),
    tv("mvit_v1_b", "%s.video.mvit_v1_b()" % TV, inputs={"x": (1, 3, 16, 224, 224)}),
    tv("mvit_v2_s", "%s.video.mvit_v2_s()" % TV, inputs={"x": (1, 3, 16, 224, 224)}),
] + [
    ("wav2letter", "torchaudio.models.Wav2Letter(num_classes=40)", {"x": (1, 1, 1600)}, 1e-3, 1e-4),
    ("deepspeech", "torchaudio.models.DeepSpeech(n_feature=16, n_hidden=32, n_class=10)",
     {"x": (1, 1, 20, 16)}, 1e-3, 1e-4),
    ("conv_tasnet_base", "torchaudio.models.conv_tasnet_base(num_sources=2)", {"input": (1, 1, 800)},
     1e-3, 1e-4),
    ("wav2vec2_base", "torchaudio.models.wav2vec2_base()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("wav2vec2_large", "torchaudio.models.wav2vec2_large()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("wav2vec2_large_lv60k", "torchaudio.models.wav2vec2_large_lv60k()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("hubert_base", "torchaudio.models.hubert_base()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("hubert_large", "torchaudio.models.hubert_large()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("hubert_xlarge", "torchaudio.models.hubert_xlarge()", {"waveforms": (1, 1600)}, 1e-3, 1e-4),
    ("conformer", "torchaudio.models.Conformer(input_dim=8, num_heads=2, ffn_dim=16, num_layers=2, "
     "depthwise_conv_kernel_size=3)", {"input": (1, 10, 8), "lengths": "lengths:1:10"}, 1e-3, 1e-4),
    ("emformer", "torchaudio.models.Emformer(input_dim=8, num_heads=2, ffn_dim=16, num_layers=2, "
     "segment_length=4)", {"input": (1, 8, 8), "lengths": "lengths:1:4"}, 1e-3, 1e-4),
    ("hdemucs_low", "torchaudio.models.hdemucs_low(sources=['a', 'b'])", {"input": (1, 2, 1024)}, 1e-3, 1e-4),
    ("hdemucs_medium", "torchaudio.models.hdemucs_medium(sources=['a', 'b'])", {"input": (1, 2, 1024)},
     1e-3, 1e-4),
    ("hdemucs_high", "torchaudio.models.hdemucs_high(sources=['a', 'b'])", {"input": (1, 2, 1024)},
     1e-3, 1e-4),
    ("wavernn", "torchaudio.models.WaveRNN(upsample_scales=[5, 5, 8], n_classes=256, hop_length=200)",
     # waveform: (frames - 2 * ((kernel_size - 1) // 2)) * hop_length samples
     {"waveform": (1, 1, 400), "specgram": (1, 1, 128, 6)}, 1e-3, 1e-4),
]

# Builders whose forward() TorchScript refuses (torch.jit.script fails on
# them: HDemucs assigns a tensor to a variable that held None), compiled
# with --trace as PyTorch's exporter traces them.
TRACED = ("hdemucs_low", "hdemucs_medium", "hdemucs_high")

SANITIZED_SET = ("resnet18", "mobilenet_v3_small", "squeezenet1_1", "wav2letter")
# What `make check` runs: one or two builders of each family, the small
# configurations (the large ones repeat the same source with more layers
# and cost minutes of PyTorch and ONNX Runtime time); --all runs every
# builder (docs/models.md is written from such a run).
CHECK_SET = (
    "alexnet", "resnet18", "resnet50", "resnext50_32x4d", "mobilenet_v2", "mobilenet_v3_small",
    "mobilenet_v3_large", "efficientnet_b0", "efficientnet_v2_s", "regnet_x_400mf", "regnet_y_400mf",
    "shufflenet_v2_x0_5", "squeezenet1_1", "mnasnet0_5", "googlenet", "inception_v3", "densenet121",
    "convnext_tiny", "swin_t", "swin_v2_t", "maxvit_t", "vit_b_32", "vgg11_bn",
    "deeplabv3_mobilenet_v3_large", "lraspp_mobilenet_v3_large", "fcn_resnet50", "r3d_18", "s3d",
    "mvit_v2_s", "wav2letter", "deepspeech", "conv_tasnet_base", "wav2vec2_base", "hubert_base",
    "conformer", "emformer", "hdemucs_low", "wavernn",
)
TIMEOUT = 600


def harness_hash():
    """The hash of what makes a reference (this function's module's
    reference() and the reference helper), so that editing the rest of the
    harness keeps the cache."""
    import inspect
    text = inspect.getsource(reference)
    helper = os.path.join(HERE, "bench", "reference.py")
    if os.path.exists(helper):
        with open(helper) as f:
            text += f.read()
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- PyTorch's side ------------------------------------------------------------

def reference(case, cache):
    """Builds, saves and runs CASE in PyTorch (cached); returns the entry dir
    or raises with PyTorch's error."""
    name, expr, inputs, _, _ = case
    key = hashlib.sha256(json.dumps([expr, inputs, harness_hash()]).encode()).hexdigest()[:20]
    entry = os.path.join(cache, "%s-%s" % (name, key))
    if os.path.exists(os.path.join(entry, "manifest.json")):
        return entry
    import numpy as np
    import torch
    import torchaudio  # noqa: F401
    import torchvision  # noqa: F401
    sys.path.insert(0, os.path.join(HERE, "bench"))
    import reference as ref
    tmp = entry + ".tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    torch.manual_seed(0)
    model = eval(expr, {"torchvision": torchvision, "torchaudio": torchaudio}).eval()
    ref.save_weights(model, os.path.join(tmp, "weights.safetensors"))
    rng = np.random.default_rng(0)
    feeds, names = {}, []
    for inp, shape in inputs.items():
        if isinstance(shape, str):      # lengths:BATCH:MAX
            _, batch, longest = shape.split(":")
            arr = np.full((int(batch),), int(longest), dtype=np.int64)
        else:
            arr = rng.standard_normal(shape).astype(np.float32)
        np.save(os.path.join(tmp, inp + ".npy"), arr)
        feeds[inp] = torch.from_numpy(arr)
        names.append(inp)
    with torch.no_grad():
        out = model(**feeds)
    outs = ref.flatten(out, [])
    for k, o in enumerate(outs):
        np.save(os.path.join(tmp, "out%d.npy" % k), o)
    with open(os.path.join(tmp, "manifest.json"), "w") as f:
        json.dump({"inputs": names, "outputs": len(outs)}, f)
    shutil.rmtree(entry, ignore_errors=True)
    os.rename(tmp, entry)
    return entry


# --- tsc2onnx and ONNX Runtime ---------------------------------------------------

def first_error(text):
    for line in text.splitlines():
        if ": error: " in line:
            return line.split(": error: ", 1)[1].strip()
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0].strip() if lines else "no diagnostic"


def compile_case(tsc, case, entry, work):
    name, expr, inputs, _, _ = case
    out = os.path.join(work, name + ".onnx")
    cmd = [tsc, "--entry", expr, "--weights", os.path.join(entry, "weights.safetensors"), "-o", out]
    for inp in inputs:
        cmd += ["--example", "%s=@%s" % (inp, os.path.join(entry, inp + ".npy"))]
    if name in TRACED:
        cmd.append("--trace")
    start = time.time()
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, cwd=work)
    return out, p.returncode, p.stderr, time.time() - start


def run_ort(jobs, work):
    """Runs the compiled models in one node process (tests/bench/ort_run.js)."""
    jobfile = os.path.join(work, "ort-jobs.json")
    progress = os.path.join(work, "ort-progress.jsonl")
    if os.path.exists(progress):
        os.remove(progress)
    with open(jobfile, "w") as f:
        json.dump({"threads": 2, "jobs": jobs}, f)
    node_path = os.path.join(HERE, "node_modules")
    env = dict(os.environ, NODE_PATH=node_path)
    subprocess.run(["node", os.path.join(HERE, "bench", "ort_run.js"), jobfile, progress], env=env,
                   capture_output=True, text=True, timeout=TIMEOUT * 4)
    done = {}
    if os.path.exists(progress):
        for line in open(progress):
            rec = json.loads(line)
            if "done" in rec:
                done[rec["done"]] = rec
    return done


# Compiled models (with their weights, up to 500 MB each) go to ONNX Runtime in
# batches of about this size, each removed once it matched: the disk a check
# needs stays bounded whatever the number of models.
BATCH_BYTES = 1500 * 1000 * 1000


class Batch:
    """Compiled models waiting for one ONNX Runtime process."""

    def __init__(self, work):
        self.work = work
        self.items = []         # (result row, case, cache entry, model path)
        self.size = 0

    def add(self, row, case, entry, model):
        self.items.append((row, case, entry, model))
        self.size += os.path.getsize(model)

    def finish(self):
        """Runs the batch, sets each row's status, removes what matched."""
        jobs = []
        for row, case, entry, model in self.items:
            outdir = os.path.join(self.work, row[0] + ".ort")
            shutil.rmtree(outdir, ignore_errors=True)
            jobs.append({"id": row[0], "model": model, "outdir": outdir,
                         "sets": [{"inputs": {i: os.path.join(entry, i + ".npy") for i in case[2]}}]})
        done = run_ort(jobs, self.work) if jobs else {}
        for row, case, entry, model in self.items:
            rec = done.get(row[0])
            outdir = os.path.join(self.work, row[0] + ".ort")
            if not rec:
                err = "ONNX Runtime did not finish the model"
            elif rec.get("error"):
                err = "ONNX Runtime: " + rec["error"].splitlines()[0]
            elif rec["sets"] and rec["sets"][0].get("error"):
                err = "ONNX Runtime: " + rec["sets"][0]["error"].splitlines()[0]
            else:
                err = check_outputs(case, entry, outdir)
            row[2], row[3] = ("ok", "") if not err else ("mismatch", err)
            if not err and os.environ.get("TSC_MODELS_KEEP") != "1":
                os.remove(model)
                shutil.rmtree(outdir, ignore_errors=True)
        self.items, self.size = [], 0


def check_outputs(case, entry, outdir):
    import numpy as np
    _, _, _, rtol, atol = case
    with open(os.path.join(entry, "manifest.json")) as f:
        n = json.load(f)["outputs"]
    for k in range(n):
        path = os.path.join(outdir, "set0", "%d.npy" % k)
        if not os.path.exists(path):
            return "output %d missing from ONNX Runtime's run" % k
        got = np.load(path)
        want = np.load(os.path.join(entry, "out%d.npy" % k))
        # float32 sums err in proportion to the largest magnitudes they
        # add: randomly initialized deep nets (inception_v3: outputs near
        # 2.5e9) need an absolute tolerance on the output's scale
        scale = float(np.max(np.abs(want))) if want.size and want.dtype.kind == "f" else 0.0
        diff = compare.compare_arrays(got, want, rtol, max(atol, 1e-5 * scale))
        if diff:
            return "output %d: %s" % (k, diff)
    return None


# --- docs/models.md ---------------------------------------------------------------

DOC = os.path.join(SRC, "docs", "models.md")
BEGIN, END = "<!-- failing: begin -->", "<!-- failing: end -->"


def known_failures():
    """{builder: first error} from docs/models.md."""
    known = {}
    if not os.path.exists(DOC):
        return known
    text = open(DOC).read()
    if BEGIN not in text:
        return known
    for line in text.split(BEGIN, 1)[1].split(END, 1)[0].splitlines():
        if line.startswith("| `"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            known[cells[0].strip("`")] = cells[1] if len(cells) > 1 else ""
    return known


def write_failures(results, known, partial):
    """Rewrites the list from RESULTS (with PARTIAL, a run of some builders:
    the others keep their KNOWN rows)."""
    text = open(DOC).read()
    failing = dict(known) if partial else {}
    for name, expr, status, why in results:
        failing.pop(name, None)
        if status != "ok":
            failing[name] = why.replace("|", "\\|")
    order = [c[0] for c in CASES]
    rows = ["| builder | first error |", "|---|---|"]
    for name in sorted(failing, key=lambda n: order.index(n) if n in order else len(order)):
        rows.append("| `%s` | %s |" % (name, failing[name]))
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(DOC, "w") as f:
        f.write(head + BEGIN + "\n" + "\n".join(rows) + "\n" + END + tail)


def main(argv):
    tsc = os.path.abspath(argv[1])
    update = "--update" in argv
    only = None
    if "--only" in argv:
        only = set(argv[argv.index("--only") + 1].split(","))
    cases = CASES
    if "--all" not in argv and not only:
        cases = [c for c in cases if c[0] in CHECK_SET]
    if os.environ.get("TSC_SANITIZED") == "yes":
        cases = [c for c in cases if c[0] in SANITIZED_SET]
    if only:
        cases = [c for c in cases if c[0] in only]
    try:
        import torch  # noqa: F401
        import torchaudio  # noqa: F401
        import torchvision  # noqa: F401
    except ImportError as e:
        print("1..0 # SKIP %s (run tests/setup-deps.sh)" % e)
        return 0
    cache = os.environ.get("TSC_MODELS_CACHE") or \
        os.path.join(os.environ.get("TSC_TEST_CACHE") or os.path.join(os.getcwd(), ".cache"), "models")
    work = os.path.join(os.getcwd(), "out", "models")
    os.makedirs(cache, exist_ok=True)
    os.makedirs(work, exist_ok=True)
    known = known_failures()
    print("1..%d" % len(cases))
    results, batch = [], Batch(work)
    for case in cases:
        name = case[0]
        try:
            entry = reference(case, cache)
        except Exception as e:      # noqa: BLE001 (PyTorch's own failure is the case's)
            results.append([name, case[1], "pytorch", "PyTorch fails: %s" % str(e).splitlines()[0]])
            continue
        out, rc, err, secs = compile_case(tsc, case, entry, work)
        if rc != 0:
            results.append([name, case[1], "compile", first_error(err)])
            continue
        row = [name, case[1], "pending", ""]
        results.append(row)
        batch.add(row, case, entry, out)
        if batch.size >= BATCH_BYTES:
            batch.finish()
    batch.finish()
    failed = 0
    for i, (name, expr, status, why) in enumerate(results, 1):
        listed = name in known
        if status == "ok" and not listed:
            print("ok %d - %s" % (i, expr))
        elif status == "ok":
            print("not ok %d - %s: passes now; remove it from docs/models.md" % (i, expr))
            failed += 1
        elif listed:
            print("not ok %d - %s # TODO %s" % (i, expr, why))
        else:
            print("not ok %d - %s: %s" % (i, expr, why))
            failed += 1
    if update:
        write_failures(results, known, len(cases) < len(CASES))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
