"""Cases for the evaluator's numerics (tests/eval.sh), written in the layout
of ONNX's backend node tests so that tests/unit/test_conformance runs them:

    DIR/<case>/model.onnx
    DIR/<case>/test_data_set_0/input_K.pb, output_K.pb
    DIR/INDEX.tsv       folder, op, opset, inputs, outputs, dtypes, kind,
                        source, tolerance ("exact" or "RTOL,ATOL")
    DIR/ort_jobs.json   the cases ONNX Runtime can also run (tests/bench/
                        ort_run.js format), with their inputs as .npy files
    DIR/expected.json   per ORT case: the expected outputs (.npy) and tolerance

The expected outputs are numpy's (ONNX's reference semantics: IEEE NaN,
Inf and signed zeros, two's-complement wrapping of integers), except where
ONNX leaves a result undefined and the evaluator documents its choice
(integer division and modulo by zero give 0, INT_MIN / -1 wraps); those
cases are not given to ONNX Runtime, which traps on them.  Large products
and convolutions are checked against float64 results of numpy and PyTorch.

    /usr/bin/python3 gen.py DIR
    /usr/bin/python3 gen.py --compare DIR FIRST     TAP lines for ORT's results
                                                    (numbered from FIRST + 1);
                                                    writes the last number to
                                                    DIR/last
"""
import json
import os
import sys
import warnings

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

F32, F64, I32, I64, BOOL, F16 = np.float32, np.float64, np.int32, np.int64, np.bool_, np.float16
INF, NAN = np.inf, np.nan
I32_MIN, I32_MAX = np.iinfo(np.int32).min, np.iinfo(np.int32).max
I64_MIN, I64_MAX = np.iinfo(np.int64).min, np.iinfo(np.int64).max

CASES = []


def case(name, op, inputs, outputs, attrs=None, opset=17, tol="exact", ort=True):
    CASES.append(dict(name=name, op=op, inputs=inputs, outputs=outputs, attrs=attrs or {},
                      opset=opset, tol=tol, ort=ort))


def arr(values, dtype):
    return np.array(values, dtype=dtype)


def quiet(f, *a):
    with np.errstate(all="ignore"):
        return f(*a)


# ---- floating point: NaN, infinities, signed zeros -------------------------

SPECIAL = arr([0.0, -0.0, 1.0, -1.0, INF, -INF, NAN, 1e-45, 3.4e38, -3.4e38], F32)
OTHER = arr([-0.0, 0.0, INF, 2.0, -INF, 1.0, 5.0, NAN, 3.4e38, 3.4e38], F32)

case("add_f32_special", "Add", [SPECIAL, OTHER], [quiet(np.add, SPECIAL, OTHER)])
case("sub_f32_special", "Sub", [SPECIAL, OTHER], [quiet(np.subtract, SPECIAL, OTHER)])
case("mul_f32_special", "Mul", [SPECIAL, OTHER], [quiet(np.multiply, SPECIAL, OTHER)])
case("div_f32_special", "Div", [SPECIAL, OTHER], [quiet(np.divide, SPECIAL, OTHER)])
NUM = arr([1, -1, 0, -0.0, NAN, INF, -INF, 2], F32)
ZERO = arr([0, 0, 0, 0, 0, 0, -0.0, -0.0], F32)
case("div_f32_by_zero", "Div", [NUM, ZERO], [quiet(np.divide, NUM, ZERO)])
case("div_f64_by_zero", "Div", [NUM.astype(F64), ZERO.astype(F64)],
     [quiet(np.divide, NUM.astype(F64), ZERO.astype(F64))])
FM_A, FM_B = arr([5.5, -5.5, 1, INF, NAN, -0.0, 7], F32), arr([2, 2, 0, 2, 2, 3, INF], F32)
case("mod_fmod_f32_special", "Mod", [FM_A, FM_B], [quiet(np.fmod, FM_A, FM_B)], {"fmod": 1})
case("neg_f32_zero", "Neg", [arr([0.0, -0.0, NAN, INF], F32)], [arr([-0.0, 0.0, NAN, -INF], F32)])
case("abs_f32_special", "Abs", [arr([-0.0, -INF, NAN, -3], F32)], [arr([0.0, INF, NAN, 3], F32)])
SQ = arr([-0.0, -1, INF, 0, NAN, 4], F32)
case("sqrt_special", "Sqrt", [SQ], [quiet(np.sqrt, SQ)])
LG = arr([0, -0.0, -1, INF, 1, NAN], F32)
case("log_special", "Log", [LG], [quiet(np.log, LG)])
EX = arr([1000, -1000, INF, -INF, NAN, 0], F32)
case("exp_overflow", "Exp", [EX], [quiet(np.exp, EX)])
case("reciprocal_zero", "Reciprocal", [arr([0.0, -0.0, INF, -INF], F32)],
     [arr([INF, -INF, 0.0, -0.0], F32)])
RD = arr([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.0, NAN, INF, 3.7, -3.7], F32)
case("round_half_even", "Round", [RD], [np.round(RD)])
CF = arr([-0.5, -0.0, 0.5, NAN, -INF], F32)
case("ceil_negative_zero", "Ceil", [CF], [np.ceil(CF)])
case("floor_negative_zero", "Floor", [CF], [np.floor(CF)])
MA, MB = arr([NAN, 1, 2, -INF, 5], F32), arr([1, NAN, 3, 0, INF], F32)
case("max_nan", "Max", [MA, MB], [np.maximum(MA, MB)])
case("min_nan", "Min", [MA, MB], [np.minimum(MA, MB)])
RL = arr([-0.0, NAN, -INF, INF, -2, 3], F32)
case("relu_special", "Relu", [RL], [np.where(RL < 0, F32(0), RL)])
EA, EB = arr([NAN, 1, INF, -0.0], F32), arr([NAN, 1, INF, 0.0], F32)
case("equal_nan", "Equal", [EA, EB], [EA == EB])
case("less_nan", "Less", [arr([NAN, 1], F32), arr([1, NAN], F32)], [arr([False, False], BOOL)])
NI = arr([NAN, INF, -INF, 0, -NAN], F32)
case("isnan", "IsNaN", [NI], [np.isnan(NI)])
case("isinf_positive_only", "IsInf", [NI], [np.isposinf(NI)], {"detect_negative": 0})
RM = arr([[1, NAN, 3], [4, 5, 6]], F32)
# ONNX Runtime skips NaN in ReduceMax; ONNX's reference (numpy) propagates it
case("reduce_max_nan", "ReduceMax", [RM], [np.max(RM, axis=1)], {"axes": [1], "keepdims": 0},
     opset=13, ort=False)
case("reduce_sum_inf", "ReduceSum", [arr([INF, -INF, 1], F32)], [arr([NAN], F32)])
SM = arr([[-INF, -INF], [0, -INF], [INF, 0]], F32)
case("softmax_infinities", "Softmax", [SM], [arr([[NAN, NAN], [1, 0], [NAN, NAN]], F32)])
case("argmax_nan", "ArgMax", [arr([1, NAN, 3, NAN], F32)], [arr(1, I64)], {"keepdims": 0})
CL = arr([NAN, -5, 5, 0.5], F32)
case("clip_nan", "Clip", [CL, arr(-1, F32), arr(1, F32)], [np.clip(CL, -1, 1)])
case("pow_special", "Pow", [arr([0, -8, NAN, 1, 2, -0.0], F32), arr([-1, 1 / 3, 0, NAN, 1000, -1], F32)],
     [quiet(np.power, arr([0, -8, NAN, 1, 2, -0.0], F32), arr([-1, 1 / 3, 0, NAN, 1000, -1], F32))])

# ---- casts --------------------------------------------------------------

CS = arr([NAN, 3e9, -3e9, 2.7, -2.7, -0.0, 300, 65543], F32)
case("cast_f32_to_i32_out_of_range", "Cast", [CS], [quiet(CS.astype, I32)], {"to": TensorProto.INT32})
case("cast_f32_to_i8_out_of_range", "Cast", [CS], [quiet(CS.astype, np.int8)], {"to": TensorProto.INT8},
     ort=False)
case("cast_f32_to_bool", "Cast", [arr([NAN, -0.0, 0.5, 0], F32)], [arr([True, False, True, False], BOOL)],
     {"to": TensorProto.BOOL})
C64 = arr([1e300, -1e300, 1e-300, -1e-300, 0.1], F64)
case("cast_f64_to_f32_overflow", "Cast", [C64], [quiet(C64.astype, F32)], {"to": TensorProto.FLOAT})
C16 = arr([65520, 65519, 1e-8, 3e-8, NAN, -INF, 0.1, 2049], F32)
case("cast_f32_to_f16_rounding", "Cast", [C16], [quiet(C16.astype, F16)], {"to": TensorProto.FLOAT16})
CI = arr([I64_MAX, I64_MIN, 2**31, -1], I64)
case("cast_i64_to_i32_wraps", "Cast", [CI], [CI.astype(I32)], {"to": TensorProto.INT32})

# ---- integers: wrapping, division ------------------------------------------

case("add_i32_overflow", "Add", [arr([I32_MAX, I32_MIN], I32), arr([1, -1], I32)],
     [arr([I32_MIN, I32_MAX], I32)])
case("mul_i64_overflow", "Mul", [arr([2**62, I64_MIN, 3], I64), arr([4, -1, I64_MAX], I64)],
     [quiet(np.multiply, arr([2**62, I64_MIN, 3], I64), arr([4, -1, I64_MAX], I64))])
case("sub_i64_wraps", "Sub", [arr([I64_MIN], I64), arr([1], I64)], [arr([I64_MAX], I64)])
case("neg_i32_min", "Neg", [arr([I32_MIN, 5], I32)], [arr([I32_MIN, -5], I32)])
case("abs_i32_min", "Abs", [arr([I32_MIN, -5], I32)], [arr([I32_MIN, 5], I32)])
case("div_i32_truncates", "Div", [arr([7, -7, 7, -7], I32), arr([2, 2, -2, -2], I32)],
     [arr([3, -3, -3, 3], I32)])
case("div_i32_by_zero", "Div", [arr([5, -5, 0], I32), arr([0, 0, 0], I32)], [arr([0, 0, 0], I32)],
     ort=False)
case("div_i32_min_by_minus_one", "Div", [arr([I32_MIN], I32), arr([-1], I32)], [arr([I32_MIN], I32)],
     ort=False)
case("div_i64_min_by_minus_one", "Div", [arr([I64_MIN], I64), arr([-1], I64)], [arr([I64_MIN], I64)],
     ort=False)
MDA, MDB = arr([5, -5, 5, -5], I32), arr([3, 3, -3, -3], I32)
case("mod_i32_floor", "Mod", [MDA, MDB], [np.mod(MDA, MDB)])
case("mod_i32_fmod", "Mod", [MDA, MDB], [np.fmod(MDA, MDB)], {"fmod": 1})
case("mod_i32_by_zero", "Mod", [arr([5, -5], I32), arr([0, 0], I32)], [arr([0, 0], I32)], ort=False)
case("pow_i32_wraps", "Pow", [arr([2, 3, -2], I32), arr([40, 25, 31], I32)],
     [np.power(arr([2, 3, -2], I32), arr([40, 25, 31], I32))], ort=False)
case("reduce_sum_i32_wraps", "ReduceSum", [arr([I32_MAX, 1, 5], I32)],
     [arr(I32_MIN + 5, I32)], {"keepdims": 0})
case("cumsum_i32_wraps", "CumSum", [arr([I32_MAX, 1, 1], I32), arr(0, I32)],
     [arr([I32_MAX, I32_MIN, I32_MIN + 1], I32)])
case("matmul_i32_wraps", "MatMul", [arr([[65536, 1]], I32), arr([[65536], [7]], I32)],
     [arr([[7]], I32)])
case("add_f16_rounds", "Add", [arr([1, 2048, 65504, 0.1], F16), arr([0.0004883, 1, 32, 0.2], F16)],
     [quiet(np.add, arr([1, 2048, 65504, 0.1], F16), arr([0.0004883, 1, 32, 0.2], F16))])

# ---- large products and convolutions (the blocked kernels) -------------------

rng = np.random.RandomState(7)


def f32(*shape):
    return rng.randn(*shape).astype(F32)


def conv_case(name, x, w, b, strides, pads, dils, group):
    import torch
    xt = torch.nn.functional.pad(torch.tensor(x, dtype=torch.float64), (pads[1], pads[3], pads[0], pads[2]))
    y = torch.nn.functional.conv2d(xt, torch.tensor(w, dtype=torch.float64), torch.tensor(b, dtype=torch.float64),
                                   strides, 0, dils, group).numpy().astype(F32)
    case(name, "Conv", [x, w, b], [y], {"strides": strides, "pads": pads, "dilations": dils, "group": group},
         tol="1e-4,1e-4")


A, B = f32(97, 300), f32(300, 1030)
case("matmul_f32_blocked", "MatMul", [A, B], [(A.astype(F64) @ B).astype(F32)], tol="1e-4,1e-4")
A, B = f32(3, 2, 5, 40), f32(2, 40, 9)
case("matmul_f32_batched_broadcast", "MatMul", [A, B], [np.matmul(A.astype(F64), B).astype(F32)],
     tol="1e-4,1e-4")
A, B = f32(70, 260).astype(F64), f32(260, 33).astype(F64)
case("matmul_f64_blocked", "MatMul", [A, B], [A @ B], tol="1e-12,1e-12")
A, B, C = f32(300, 7), f32(1100, 300), f32(1100)
case("gemm_trans_few_rows", "Gemm", [A, B, C], [(0.5 * (A.T.astype(F64) @ B.T) + 2 * C).astype(F32)],
     {"transA": 1, "transB": 1, "alpha": 0.5, "beta": 2.0}, tol="1e-4,1e-4")
conv_case("conv_f32_strided_padded", f32(2, 6, 23, 19), f32(10, 3, 5, 4), f32(10), [2, 3], [2, 1, 3, 0],
          [1, 2], 2)
conv_case("conv_f32_pointwise", f32(1, 40, 9, 9), f32(17, 40, 1, 1), f32(17), [1, 1], [0, 0, 0, 0],
          [1, 1], 1)



# ---- sampling and detection kernels PyTorch also has ------------------------
# (ONNX's own node tests for these are missing from onnx 1.12: Col2Im and
# AffineGrid came later, MaxRoiPool has none)

def sampling_cases():
    import torch
    import torch.nn.functional as F
    import torchvision
    for name, size, k, d, p, s in (("col2im_overlapping", (5, 6), (2, 2), (1, 1), (0, 0), (1, 1)),
                                   ("col2im_strided_padded_dilated", (6, 8), (2, 3), (2, 1), (1, 2),
                                    (2, 3))):
        blocks = ((size[0] + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1) * \
            ((size[1] + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1)
        x = f32(2, 12, blocks)
        y = F.fold(torch.tensor(x.astype(F64)), size, k, d, p, s).numpy().astype(F32)
        case(name, "Col2Im", [x, arr(size, I64), arr(k, I64)], [y],
             {"dilations": list(d), "pads": [p[0], p[1], p[0], p[1]], "strides": list(s)},
             opset=18, tol="1e-5,1e-5")
    for align in (0, 1):
        theta = f32(2, 2, 3)
        y = F.affine_grid(torch.tensor(theta), [2, 3, 4, 5], align_corners=bool(align)).numpy()
        case("affine_grid_2d_align%d" % align, "AffineGrid", [theta, arr([2, 3, 4, 5], I64)], [y],
             {"align_corners": align}, opset=20, tol="1e-5,1e-6", ort=False)
        theta = f32(1, 3, 4)
        with warnings.catch_warnings():     # PyTorch warns of the size-1 axis with align_corners
            warnings.simplefilter("ignore")
            y = F.affine_grid(torch.tensor(theta), [1, 2, 3, 1, 4], align_corners=bool(align)).numpy()
        case("affine_grid_3d_align%d" % align, "AffineGrid", [theta, arr([1, 2, 3, 1, 4], I64)], [y],
             {"align_corners": align}, opset=20, tol="1e-5,1e-6", ort=False)
    x = f32(2, 3, 9, 11)
    rois = arr([[0, 1.2, 0.4, 6.6, 5.5], [1, -2.0, -1.0, 3.0, 4.0], [0, 8.0, 7.0, 30.0, 20.0],
                [1, 0.0, 0.0, 0.2, 0.3]], F32)
    y = torchvision.ops.roi_pool(torch.tensor(x), torch.tensor(rois), (3, 2), 0.8).numpy()
    case("max_roi_pool", "MaxRoiPool", [x, rois], [y], {"pooled_shape": [3, 2], "spatial_scale": 0.8})
    x5, g5 = f32(1, 2, 3, 4, 5), (f32(1, 2, 3, 2, 3) * 0.7).astype(F32)
    for mode, tmode in (("linear", "bilinear"), ("nearest", "nearest")):
        for pad in ("zeros", "border", "reflection"):
            y = F.grid_sample(torch.tensor(x5), torch.tensor(g5), mode=tmode, padding_mode=pad,
                              align_corners=False).numpy()
            case("grid_sample_5d_%s_%s" % (mode, pad), "GridSample", [x5, g5], [y],
                 {"mode": mode, "padding_mode": pad}, opset=20, tol="1e-5,1e-6", ort=False)



# ---- Attention (opset 23) against a float64 numpy transcription of the spec --

def attention_ref(q, k, v, mask=None, causal=False, scale=None, past=None):
    """4-D [B, H, S, D] inputs; past = (past_key, past_value) or None.
    Returns (Y, present_key, present_value, scores after softmax)."""
    q, k, v = (t.astype(F64) for t in (q, k, v))
    if past is not None:
        k = np.concatenate([past[0].astype(F64), k], axis=2)
        v = np.concatenate([past[1].astype(F64), v], axis=2)
    group = q.shape[1] // k.shape[1]
    kk, vv = np.repeat(k, group, axis=1), np.repeat(v, group, axis=1)
    s = q @ kk.swapaxes(-1, -2) * (1 / np.sqrt(q.shape[-1]) if scale is None else scale)
    bias = np.zeros(s.shape[-2:])
    if causal:
        bias = np.where(np.tril(np.ones(s.shape[-2:], bool)), 0.0, -np.inf)
    if mask is not None:
        bias = bias + (np.where(mask, 0.0, -np.inf) if mask.dtype == np.bool_ else mask.astype(F64))
    s = s + bias
    p = np.exp(s - s.max(-1, keepdims=True))
    p = p / p.sum(-1, keepdims=True)
    return p @ vv, k, v, p


def attention_cases():
    q, k, v = f32(2, 4, 3, 5), f32(2, 2, 6, 5), f32(2, 2, 6, 7)
    y, _, _, p = attention_ref(q, k, v)
    case("attention_gqa", "Attention", [q, k, v], [y.astype(F32)], opset=23, tol="1e-5,1e-6", ort=False)
    mask = rng.rand(3, 6) > 0.3
    mask[:, 0] = True
    y, _, _, p = attention_ref(q, k, v, mask=mask, scale=0.3)
    case("attention_bool_mask_scale", "Attention", [q, k, v, mask], [y.astype(F32)],
         {"scale": 0.3}, opset=23, tol="1e-5,1e-6", ort=False)
    fmask = f32(1, 4, 3, 6)
    y, _, _, _ = attention_ref(q, k, v, mask=fmask)
    case("attention_float_mask", "Attention", [q, k, v, fmask], [y.astype(F32)], opset=23,
         tol="1e-5,1e-6", ort=False)
    qc, kc, vc = f32(1, 2, 4, 3), f32(1, 2, 4, 3), f32(1, 2, 4, 3)
    y, _, _, _ = attention_ref(qc, kc, vc, causal=True)
    case("attention_causal", "Attention", [qc, kc, vc], [y.astype(F32)], {"is_causal": 1},
         opset=23, tol="1e-5,1e-6", ort=False)
    pk, pv = f32(1, 2, 2, 3), f32(1, 2, 2, 3)
    y, prk, prv, _ = attention_ref(qc, kc, vc, past=(pk, pv))
    case("attention_past", "Attention", [qc, kc, vc, arr(np.zeros((4, 6)), F32), pk, pv],
         [y.astype(F32), prk.astype(F32), prv.astype(F32)], opset=23, tol="1e-5,1e-6", ort=False)
    # 3-D: [B, S, H * D] with q_num_heads 4 and kv_num_heads 2
    y, _, _, _ = attention_ref(q, k, v)
    q3, k3, v3 = (t.transpose(0, 2, 1, 3).reshape(t.shape[0], t.shape[2], -1) for t in (q, k, v))
    y3 = y.transpose(0, 2, 1, 3).reshape(2, 3, -1)
    case("attention_3d", "Attention", [q3, k3, v3], [y3.astype(F32)],
         {"q_num_heads": 4, "kv_num_heads": 2}, opset=23, tol="1e-5,1e-6", ort=False)


attention_cases()

sampling_cases()

# ---- writing ---------------------------------------------------------------------

ONNX_TYPE = {F32: TensorProto.FLOAT, F64: TensorProto.DOUBLE, I32: TensorProto.INT32,
             I64: TensorProto.INT64, BOOL: TensorProto.BOOL, F16: TensorProto.FLOAT16,
             np.int8: TensorProto.INT8}


def onnx_type(a):
    return ONNX_TYPE[a.dtype.type]


def write_case(root, c):
    d = os.path.join(root, c["name"])
    os.makedirs(os.path.join(d, "test_data_set_0"), exist_ok=True)
    in_names = ["x%d" % i for i in range(len(c["inputs"]))]
    out_names = ["y%d" % i for i in range(len(c["outputs"]))]
    node = helper.make_node(c["op"], in_names, out_names, **c["attrs"])
    graph = helper.make_graph(
        [node], c["name"],
        [helper.make_tensor_value_info(n, onnx_type(a), a.shape) for n, a in zip(in_names, c["inputs"])],
        [helper.make_tensor_value_info(n, onnx_type(a), a.shape) for n, a in zip(out_names, c["outputs"])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", c["opset"])])
    model.ir_version = 8
    onnx.save(model, os.path.join(d, "model.onnx"))
    inputs = {}
    for k, (n, a) in enumerate(zip(in_names, c["inputs"])):
        with open(os.path.join(d, "test_data_set_0", "input_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(np.asarray(a), n).SerializeToString())
        inputs[n] = os.path.join(d, "in_%d.npy" % k)
        np.save(inputs[n], np.asarray(a))
    expected = []
    for k, a in enumerate(c["outputs"]):
        with open(os.path.join(d, "test_data_set_0", "output_%d.pb" % k), "wb") as f:
            f.write(numpy_helper.from_array(np.asarray(a), out_names[k]).SerializeToString())
        expected.append(os.path.join(d, "want_%d.npy" % k))
        np.save(expected[-1], np.asarray(a))
    return d, inputs, expected


def generate(root):
    os.makedirs(root, exist_ok=True)
    jobs, exp = [], {}
    with open(os.path.join(root, "INDEX.tsv"), "w") as index:
        index.write("folder\top\topset\tinputs\toutputs\tdtypes\tkind\tsource\ttolerance\n")
        for c in CASES:
            d, inputs, expected = write_case(root, c)
            dtypes = ",".join(sorted({np.asarray(a).dtype.name for a in c["inputs"] + c["outputs"]}))
            index.write("%s\t%s\t%d\t%d\t%d\t%s\ttensor\ttests/eval/gen.py\t%s\n" % (
                c["name"], c["op"], c["opset"], len(c["inputs"]), len(c["outputs"]), dtypes, c["tol"]))
            if c["ort"]:
                jobs.append({"id": c["name"], "model": os.path.join(d, "model.onnx"),
                             "outdir": os.path.join(d, "ort"), "sets": [{"inputs": inputs}]})
                exp[c["name"]] = {"expected": expected, "tol": c["tol"], "outdir": os.path.join(d, "ort")}
    with open(os.path.join(root, "ort_jobs.json"), "w") as f:
        json.dump({"threads": 1, "jobs": jobs}, f)
    with open(os.path.join(root, "expected.json"), "w") as f:
        json.dump(exp, f)


def same(got, want, tol):
    if got.dtype != want.dtype or got.shape != want.shape:
        return False
    if want.dtype.kind != "f":
        return np.array_equal(got, want)
    nan = np.isnan(want)
    if not np.array_equal(np.isnan(got), nan):
        return False
    g, w = got[~nan], want[~nan]
    if tol == "exact":
        return np.array_equal(g, w) and np.array_equal(np.signbit(g), np.signbit(w))
    rtol, atol = map(float, tol.split(","))
    return bool(np.all(np.abs(g.astype(F64) - w) <= atol + rtol * np.abs(w.astype(F64))))


def compare(root, first):
    """TAP lines: does ONNX Runtime give the expected outputs?"""
    with open(os.path.join(root, "expected.json")) as f:
        exp = json.load(f)
    n = first
    for name, e in sorted(exp.items()):
        n += 1
        try:
            ok = all(same(np.load(os.path.join(e["outdir"], "set0", "%d.npy" % k)), np.load(w), e["tol"])
                     for k, w in enumerate(e["expected"]))
            why = "" if ok else " (ONNX Runtime gives other values)"
        except OSError as err:
            ok, why = False, " (%s)" % err
        print("%s %d - ONNX Runtime agrees with the expectation of %s%s" % (
            "ok" if ok else "not ok", n, name, why))
    return n


if __name__ == "__main__":
    if sys.argv[1] == "--compare":
        last = compare(sys.argv[2], int(sys.argv[3]))
        with open(os.path.join(sys.argv[2], "last"), "w") as f:
            f.write("%d\n" % last)
    else:
        generate(sys.argv[1])
