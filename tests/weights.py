"""Weights as PyTorch users have them: what torch.save writes, compiled and
run in ONNX Runtime against PyTorch, and hostile files refused.

    /usr/bin/python3 tests/weights.py TSC2ONNX

One TAP case per file.  The good files are the state of one seeded
torchvision resnet18 (compiled from the installed package's source with
--entry) saved the ways users save it: torch.save's zip format and its
legacy format, a training checkpoint (epoch, optimizer state), a
DataParallel-prefixed dict, float64 and float16 dicts (cast as
load_state_dict casts), a non-contiguous tensor, the whole pickled model,
and a model with tied weights.  PyTorch's reference for each file is the
model after load_state_dict of that same file, so every cast and every tie
is PyTorch's own.  --weights-dtype float16 and bfloat16 store the zip file's weights in 16
bits (PyTorch's reference: the model after load_state_dict of the dict
rounded to that dtype).  The bad files (a pickle calling os.system, opcode soup,
truncated files, a zip entry named ../, a storage past the end of the file)
must fail with their message, exit status 4 and no output file.
"""
import io
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "bench"))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import compare  # noqa: E402
from models import run_ort  # noqa: E402  (one node process runs every model)

RESNET = "torchvision.models.resnet18(num_classes=10)"
SHAPE = (1, 3, 32, 32)

TIED_MODEL = '''
import torch
from torch import nn


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(20, 8)
        self.proj = nn.Linear(8, 8)
        self.out = nn.Linear(8, 20, bias=False)
        self.out.weight = self.embed.weight

    def forward(self, ids):
        return self.out(torch.tanh(self.proj(self.embed(ids))))
'''


class Evil:
    """Pickles as a call of os.system: what a hostile checkpoint holds."""

    def __reduce__(self):
        return (os.system, ("echo owned >&2",))


def resnet_cases(torch, tv, work):
    """(name, file, options) of the resnet18 files, and the model."""
    torch.manual_seed(0)
    model = tv.models.resnet18(num_classes=10).eval()
    # batch-norm statistics that are not the defaults, so that the buffers matter
    with torch.no_grad():
        for m in model.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.uniform_(-0.5, 0.5)
                m.running_var.uniform_(0.5, 2.0)
    sd = model.state_dict()
    cases = []

    def save(name, obj, **kw):
        path = os.path.join(work, name + ".pth")
        torch.save(obj, path, **kw)
        cases.append((name, path, []))

    save("zip", sd)
    save("legacy", sd, _use_new_zipfile_serialization=False)
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    model(torch.randn(2, 3, 32, 32)).sum().backward()
    opt.step()
    model.zero_grad()
    with torch.no_grad():
        # the step changed the parameters: keep the checkpoint's state_dict
        # the one saved, and the optimizer state that came with it
        model.load_state_dict(sd)
    save("checkpoint", {"epoch": 7, "state_dict": sd, "optimizer": opt.state_dict(), "best_acc": 0.5})
    save("data_parallel", torch.nn.DataParallel(model).state_dict())
    save("float64", {k: v.double() if v.is_floating_point() else v for k, v in sd.items()})
    save("float16", {k: v.half() if v.is_floating_point() else v for k, v in sd.items()})
    strided = dict(sd)
    strided["fc.weight"] = sd["fc.weight"].t().contiguous().t()
    assert not strided["fc.weight"].is_contiguous()
    save("non_contiguous", strided)
    save("whole_model", model)
    two = {"generator": sd, "discriminator": {"w": torch.ones(2)}}
    save("select", two)
    cases[-1] = ("select", cases[-1][1] + "#generator", [])
    # --weights-dtype: the float weights stored in 16 bits, cast back in
    # the graph: PyTorch's model after load_state_dict of the rounded dict
    for dt in ("float16", "bfloat16"):
        cases.append(("store_" + dt, cases[0][1], ["--weights-dtype", dt]))
    return model, cases


def bad_files(torch, work):
    """(name, file, expected message) of the files that must be refused."""
    out = []

    def put(name, data):
        path = os.path.join(work, name + ".pth")
        with open(path, "wb") as f:
            f.write(data)
        return path

    buf = io.BytesIO()
    torch.save({"w": torch.ones(2), "x": Evil()}, buf)
    out.append(("os_system", put("os_system", buf.getvalue()),
                "the checkpoint calls 'posix.system': not a state_dict; refusing to load it"))
    good = io.BytesIO()
    torch.save({"w": torch.arange(6.0)}, good)
    data = good.getvalue()
    out.append(("truncated", put("truncated", data[: len(data) // 2]),
                "no end of central directory: not a complete zip archive"))
    # opcode soup: data.pkl replaced by bytes that are no pickle
    soup = io.BytesIO()
    with zipfile.ZipFile(soup, "w", zipfile.ZIP_STORED) as z:
        z.writestr("archive/data.pkl", bytes(range(0x80, 0x100)) * 4)
        z.writestr("archive/version", "3\n")
    out.append(("opcode_soup", put("opcode_soup", soup.getvalue()),
                "data.pkl: pickle opcode 0x82 is not one torch.save writes"))
    dotdot = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(dotdot, "w", zipfile.ZIP_STORED) as z:
        for info in src.infolist():
            z.writestr(info.filename.replace("archive/", "../", 1) if "data.pkl" in info.filename
                       else info.filename, src.read(info.filename))
    out.append(("dot_dot", put("dot_dot", dotdot.getvalue()),
                "zip entry name '../data.pkl' is not a plain relative path"))
    # a storage whose tensor reaches past its data: the pickle says 6
    # elements, the entry holds 2
    short = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(short, "w", zipfile.ZIP_STORED) as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if "/data/" in info.filename:
                body = body[:8]
            z.writestr(info.filename, body)
    out.append(("storage_short", put("storage_short", short.getvalue()),
                "storage '0' needs 24 bytes, the file holds 8"))
    # a local header offset beyond the end of the file
    blob = bytearray(data)
    eocd = blob.rfind(b"PK\x05\x06")
    cd_off = struct.unpack_from("<I", blob, eocd + 16)[0]
    struct.pack_into("<I", blob, cd_off + 42, len(blob) + 1000)
    out.append(("offset_beyond", put("offset_beyond", bytes(blob)),
                "zip entry 'archive/data.pkl': its local header is not where the directory says"))
    out.append(("empty", put("empty", b""),
                "too short for a weights file (safetensors or torch.save; 0 bytes)"))
    return out


def main():
    tsc = os.path.abspath(sys.argv[1])
    try:
        import numpy as np
        import torch
        import torchvision as tv
    except ImportError as e:
        print("1..0 # SKIP %s" % e)
        return 0
    work = tempfile.mkdtemp(prefix="tsc-weights-")
    try:
        return run(tsc, np, torch, tv, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def reference(torch, model, path, x, stored=None):
    """The model's output after load_state_dict of what PATH holds (its
    float tensors rounded to dtype STORED first)."""
    file, _, key = path.partition("#")
    obj = torch.load(file)
    if isinstance(obj, torch.nn.Module):
        obj = obj.state_dict()
    if key:
        obj = obj[key]
    elif "state_dict" in obj:
        obj = obj["state_dict"]
    obj = {k[7:] if k.startswith("module.") else k: v for k, v in obj.items()}
    if stored:
        obj = {k: v.to(getattr(torch, stored)) if v.is_floating_point() else v for k, v in obj.items()}
    model.load_state_dict(obj)
    with torch.no_grad():
        return model(x).numpy()


def compile_one(tsc, work, name, args):
    out = os.path.join(work, name + ".onnx")
    p = subprocess.run([tsc] + args + ["-o", out], capture_output=True, text=True, cwd=work, timeout=300)
    return out, p


def run(tsc, np, torch, tv, work):
    model, cases = resnet_cases(torch, tv, work)
    torch.manual_seed(1)
    x = torch.randn(*SHAPE)
    np.save(os.path.join(work, "x.npy"), x.numpy())
    shape = ",".join(str(d) for d in SHAPE)
    results, jobs = [], []
    for name, path, extra in cases:
        want = reference(torch, model, path, x, extra[1] if extra[:1] == ["--weights-dtype"] else None)
        out, p = compile_one(tsc, work, name, ["--entry", RESNET, "--input", "x:float32[%s]" % shape,
                                               "--weights", path] + extra)
        results.append((name, want, out, p))
        if p.returncode == 0:
            jobs.append({"id": name, "model": out, "outdir": os.path.join(work, name + ".ort"),
                         "sets": [{"inputs": {"x": os.path.join(work, "x.npy")}}]})
    # tied weights: one storage behind two parameters
    with open(os.path.join(work, "tied.py"), "w") as f:
        f.write(TIED_MODEL)
    sys.path.insert(0, work)
    import tied
    torch.manual_seed(2)
    tm = tied.Tied().eval()
    tpath = os.path.join(work, "tied.pth")
    torch.save(tm.state_dict(), tpath)
    ids = torch.tensor([[1, 5, 19, 0]])
    np.save(os.path.join(work, "ids.npy"), ids.numpy())
    with torch.no_grad():
        want = tm(ids).numpy()
    out, p = compile_one(tsc, work, "tied", ["tied.py", "--input", "ids:int64[1,4]", "--weights", tpath])
    results.append(("tied", want, out, p))
    if p.returncode == 0:
        jobs.append({"id": "tied", "model": out, "outdir": os.path.join(work, "tied.ort"),
                     "sets": [{"inputs": {"ids": os.path.join(work, "ids.npy")}}]})
    done = run_ort(jobs, work)
    bad = bad_files(torch, work)
    print("1..%d" % (len(results) + len(bad)))
    n = 0
    for name, want, out, p in results:
        n += 1
        err = None
        if p.returncode != 0:
            err = "tsc2onnx exited with status %d: %s" % (p.returncode, p.stderr.strip()[:2000])
        elif name not in done or done[name].get("error"):
            err = "ONNX Runtime: %s" % (done.get(name, {}).get("error") or "no result")
        else:
            got = np.load(os.path.join(work, name + ".ort", "set0", "0.npy"))
            err = compare.compare_arrays(got, want, 1e-4, 1e-5)
        report(n, "weights " + name, err)
    for name, path, message in bad:
        n += 1
        out, p = compile_one(tsc, work, "bad_" + name, ["--entry", RESNET, "--input",
                                                        "x:float32[%s]" % shape, "--weights", path])
        err = None
        if p.returncode != 4:
            err = "exit status %d, expected 4: %s" % (p.returncode, p.stderr.strip()[:2000])
        elif message not in p.stderr:
            err = "stderr lacks %r: %s" % (message, p.stderr.strip()[:2000])
        elif os.path.exists(out):
            err = "an output file was left"
        elif "owned" in p.stderr:
            err = "the pickle's call ran"
        report(n, "refused " + name, err)
    return 0


def report(n, name, err):
    if err:
        print("not ok %d - %s" % (n, name))
        for line in str(err).splitlines():
            print("  # " + line)
    else:
        print("ok %d - %s" % (n, name))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
