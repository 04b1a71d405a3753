# torch.nn.functional: attention.  multi_head_attention_forward as
# PyTorch 1.13 defines it (nn.MultiheadAttention's slow path, which its
# eval fast path matches), and PyTorch 2's scaled_dot_product_attention.
#
# The heads travel as a 4-D (N, H, L, head_dim) tensor where PyTorch
# reshapes to (N*H, L, head_dim) and calls bmm: the same products, one
# Reshape and Transpose fewer.  Masks become one additive float mask
# broadcast to (N, H, L, S): a 2-D attn_mask as (1, 1, L, S), a 3-D one as
# (N, H, L, S), key_padding_mask as (N, 1, 1, S).  The ONNX Attention
# operator (opset 23) serves scaled_dot_product_attention on 4-D inputs;
# multi_head_attention_forward keeps MatMul, Softmax, MatMul.
import math
import onnx
import _native
import torch
import torch._impl as T
import torch.nn._ops as O
import torch.nn.functional as F

__all__ = ["multi_head_attention_forward", "scaled_dot_product_attention"]

_bool = _native.bool_
_u8 = _native.uint8
_NEG_INF = float("-inf")


def _size_text(x):
    """str(x.shape) as PyTorch prints it: torch.Size([2, 3])."""
    return "torch.Size(" + _native.shape_text(x) + ")"


def _dims_text(x, n):
    """str(x.shape[:n]): torch.Size([3, 2])."""
    return "torch.Size([" + ", ".join(str(d) for d in list(x.shape)[:n]) + "])"


def _differs(a, b):
    """Two sizes known while compiling that differ (a run-time size is
    checked by the runtime, as the reshapes that use it fail)."""
    return _native.is_static(a) and _native.is_static(b) and a != b


def _shape_differs(x, shape):
    if x.dim() != len(shape):
        return True
    return any(_differs(a, b) for a, b in zip(list(x.shape), shape))


def _tuple_text(shape):
    return "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"


# ---- multi_head_attention_forward --------------------------------------------

def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    if query.dim() == 3:
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D"
                                 f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D"
                                 f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                                 f" but found {attn_mask.dim()}-D tensor instead")
        return True
    if query.dim() == 2:
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D"
                                 f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D"
                                 f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                                     f" but found {attn_mask.dim()}-D tensor instead")
            if attn_mask.dim() == 3:
                expected = (num_heads, query.size(0), key.size(0))
                if _shape_differs(attn_mask, expected):
                    raise AssertionError(f"Expected `attn_mask` shape to be {_tuple_text(expected)} but got "
                                         f"{_size_text(attn_mask)}")
        return False
    raise AssertionError("query should be unbatched 2D or batched 3D tensor but received "
                         f"{query.dim()}-D query tensor")


def _check_key_padding_mask_dtype(mask):
    dt = _native.dtype_of(mask)
    if dt != _bool and not _native.is_floating(dt):
        raise AssertionError("only bool and floating types of key_padding_mask are supported")


def _in_projection_packed(q, k, v, w, b=None):
    E = q.size(-1)
    if k is v:
        if q is k:
            # self-attention: one product, split in three
            return F.linear(q, w, b).chunk(3, dim=-1)
        w_q, w_kv = w.split([E, E * 2])
        if b is None:
            b_q = None
            b_kv = None
        else:
            b_q, b_kv = b.split([E, E * 2])
        k_out, v_out = F.linear(k, w_kv, b_kv).chunk(2, dim=-1)
        return F.linear(q, w_q, b_q), k_out, v_out
    w_q, w_k, w_v = w.chunk(3)
    if b is None:
        b_q = None
        b_k = None
        b_v = None
    else:
        b_q, b_k, b_v = b.chunk(3)
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    checks = [("query weights", w_q, (Eq, Eq)), ("key weights", w_k, (Eq, Ek)),
              ("value weights", w_v, (Eq, Ev))]
    for what, w, shape in checks:
        if _shape_differs(w, shape):
            raise AssertionError(f"expecting {what} shape of {_tuple_text(shape)}, but got {_size_text(w)}")
    for what, b in (("query", b_q), ("key", b_k), ("value", b_v)):
        if b is not None and _shape_differs(b, (Eq,)):
            raise AssertionError(f"expecting {what} bias shape of {_tuple_text((Eq,))}, but got {_size_text(b)}")
    return F.linear(q, w_q, b_q), F.linear(k, w_k, b_k), F.linear(v, w_v, b_v)


def _pad_last(mask):
    """pad(mask, (0, 1)): one more key position, not masked (0, or False)."""
    rank = mask.dim()
    if _native.dtype_of(mask) == _bool:
        # through float: Pad takes only numbers before opset 11
        padded = O.pad_onnx(onnx.Cast(mask, to=_native.float32), [0] * rank, [0] * (rank - 1) + [1])
        return onnx.Cast(padded, to=_bool)
    return O.pad_onnx(mask, [0] * rank, [0] * (rank - 1) + [1])


def _heads(x, num_heads, head_dim, perm):
    """(S, N, E) -> (N, H, S, hd) with perm [1, 2, 0, 3], or the keys'
    (N, H, hd, S) with [1, 2, 3, 0]."""
    return onnx.Transpose(onnx.Reshape(x, [0, 0, num_heads, head_dim]), perm=perm)


def _static_heads(x, bsz, num_heads, head_dim, what):
    """static_k / static_v, (N*H, S, hd), as (N, H, S, hd)."""
    if _differs(x.size(0), bsz * num_heads):
        raise AssertionError(f"expecting static_{what}.size(0) of {bsz * num_heads}, but got {x.size(0)}")
    if _differs(x.size(2), head_dim):
        raise AssertionError(f"expecting static_{what}.size(2) of {head_dim}, but got {x.size(2)}")
    return onnx.Reshape(x, O.dims_tensor([-1, num_heads, x.size(1), head_dim]))


def _prepare_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads):
    """The checks and conversions of PyTorch's "prep attention mask": a
    bool or float mask (1, 1, L, S) or (N, H, L, S)."""
    dt = _native.dtype_of(attn_mask)
    if dt == _u8:
        attn_mask = attn_mask.to(torch.bool)
    elif dt != _bool and not _native.is_floating(dt):
        raise AssertionError(f"Only float, byte, and bool types are supported for attn_mask, not {dt}")
    if attn_mask.dim() == 2:
        if _shape_differs(attn_mask, (tgt_len, src_len)):
            raise RuntimeError(f"The shape of the 2D attn_mask is {_size_text(attn_mask)}, but should be "
                               f"{_tuple_text((tgt_len, src_len))}.")
        return O.unsqueeze(attn_mask, [0, 1])
    if attn_mask.dim() == 3:
        expected = (bsz * num_heads, tgt_len, src_len)
        if _shape_differs(attn_mask, expected):
            raise RuntimeError(f"The shape of the 3D attn_mask is {_size_text(attn_mask)}, but should be "
                               f"{_tuple_text(expected)}.")
        return onnx.Reshape(attn_mask, O.dims_tensor([-1, num_heads, tgt_len, src_len]))
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _merge_masks(attn_mask, key_padding_mask, num_heads, dtype):
    """attn_mask (1 or N, 1 or H, L, S) and key_padding_mask (N, S), either None,
    as one additive mask broadcastable to (N, H, L, S) of DTYPE, or None.
    PyTorch 1.13 merges a float attn_mask with a key_padding_mask through
    masked_fill, which leaves the attn_mask as it is when the
    key_padding_mask is a float one (of zeros and ones; other values make
    it fail): so does this (PyTorch 2 adds the two)."""
    if key_padding_mask is not None:
        kpm = O.unsqueeze(key_padding_mask, [1, 2])
        kpm_is_bool = _native.dtype_of(kpm) == _bool
        if attn_mask is None:
            attn_mask = kpm
        elif _native.dtype_of(attn_mask) == _bool:
            attn_mask = onnx.Or(attn_mask, kpm if kpm_is_bool else kpm != 0)
        elif kpm_is_bool:
            attn_mask = onnx.Where(kpm, T._to(_NEG_INF, _native.dtype_of(attn_mask)), attn_mask)
    if attn_mask is None:
        return None
    if _native.dtype_of(attn_mask) == _bool:
        return onnx.Where(attn_mask, T._to(_NEG_INF, dtype), T._to(0.0, dtype))
    return T._to(attn_mask, dtype)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
                                 in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p,
                                 out_proj_weight, out_proj_bias, training=True, key_padding_mask=None,
                                 need_weights=True, attn_mask=None, use_separate_proj_weight=False,
                                 q_proj_weight=None, k_proj_weight=None, v_proj_weight=None,
                                 static_k=None, static_v=None, average_attn_weights=True, is_causal=False):
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    # PyTorch 2's is_causal hint: without a key padding mask and weights,
    # the causal mask (top-left aligned, over the final keys) replaces
    # attn_mask, as its scaled_dot_product_attention(is_causal=True) does
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer "
                           "module method `generate_square_subsequent_mask` to create this mask.")
    causal = is_causal and key_padding_mask is None and not need_weights
    if causal:
        attn_mask = None
    if not is_batched:
        # unsqueezed once each, so that self-attention stays one product
        q0, k0, v0 = query, key, value
        query = O.unsqueeze(q0, [1])
        key = query if k0 is q0 else O.unsqueeze(k0, [1])
        value = key if v0 is k0 else (query if v0 is q0 else O.unsqueeze(v0, [1]))
        if key_padding_mask is not None:
            key_padding_mask = O.unsqueeze(key_padding_mask, [0])
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.size(0)
    if key_padding_mask is not None:
        _check_key_padding_mask_dtype(key_padding_mask)
    if _differs(embed_dim, embed_dim_to_check):
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if _differs(key.size(0), value.size(0)) or _differs(key.size(1), value.size(1)):
            raise AssertionError(f"key's sequence and batch dims {_dims_text(key, 2)} do not match "
                                 f"value's {_dims_text(value, 2)}")
    elif _shape_differs(key, list(value.shape)):
        raise AssertionError(f"key shape {_size_text(key)} does not match value shape {_size_text(value)}")

    # in-projection
    if not use_separate_proj_weight:
        if in_proj_weight is None:
            raise AssertionError("use_separate_proj_weight is False but in_proj_weight is None")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        for name, w in (("q", q_proj_weight), ("k", k_proj_weight), ("v", v_proj_weight)):
            if w is None:
                raise AssertionError(f"use_separate_proj_weight is True but {name}_proj_weight is None")
        if in_proj_bias is None:
            b_q = None
            b_k = None
            b_v = None
        else:
            b_q, b_k, b_v = in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)

    if attn_mask is not None:
        attn_mask = _prepare_attn_mask(attn_mask, tgt_len, src_len, bsz, num_heads)

    # add bias along the sequence
    if bias_k is not None and bias_v is not None:
        if static_k is not None:
            raise AssertionError("bias cannot be added to static key.")
        if static_v is not None:
            raise AssertionError("bias cannot be added to static value.")
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = _pad_last(attn_mask)
        if key_padding_mask is not None:
            key_padding_mask = _pad_last(key_padding_mask)
    elif bias_k is not None or bias_v is not None:
        raise AssertionError()

    # the heads: q (N, H, L, hd), k transposed (N, H, hd, S), v (N, H, S, hd)
    dt = _native.dtype_of(q)
    q = _heads(q, num_heads, head_dim, [1, 2, 0, 3])
    if static_k is None:
        kt = _heads(k, num_heads, head_dim, [1, 2, 3, 0])
    else:
        kt = T.transpose(_static_heads(static_k, bsz, num_heads, head_dim, "k"), 2, 3)
    if static_v is None:
        v = _heads(v, num_heads, head_dim, [1, 2, 0, 3])
    else:
        v = _static_heads(static_v, bsz, num_heads, head_dim, "v")

    # add zero attention along the sequence
    if add_zero_attn:
        kt = O.pad_onnx(kt, [0, 0, 0, 0], [0, 0, 0, 1])
        v = O.pad_onnx(v, [0, 0, 0, 0], [0, 0, 1, 0])
        if attn_mask is not None:
            attn_mask = _pad_last(attn_mask)
        if key_padding_mask is not None:
            key_padding_mask = _pad_last(key_padding_mask)

    src_len = kt.size(3)
    if key_padding_mask is not None and _shape_differs(key_padding_mask, (bsz, src_len)):
        raise AssertionError(f"expecting key_padding_mask shape of {_tuple_text((bsz, src_len))}, but got "
                             f"{_size_text(key_padding_mask)}")
    mask = _merge_masks(attn_mask, key_padding_mask, num_heads, dt)
    if causal:
        mask = T.triu(T.full((tgt_len, src_len), _NEG_INF, dtype=dt), 1)

    if not training:
        dropout_p = 0.0
    scores = onnx.MatMul(onnx.Div(q, T._to(math.sqrt(head_dim), dt)), kt)
    if mask is not None:
        scores = onnx.Add(scores, mask)
    weights = T.softmax(scores, -1)
    if dropout_p > 0.0:
        weights = F.dropout(weights, p=dropout_p)
    out = onnx.MatMul(weights, v)
    out = onnx.Reshape(onnx.Transpose(out, perm=[2, 0, 1, 3]), [0, 0, embed_dim])
    out = F.linear(out, out_proj_weight, out_proj_bias)
    if not need_weights:
        if not is_batched:
            out = O.squeeze(out, [1])
        return out, None
    if average_attn_weights:
        weights = onnx.Div(O.reduce_sum(weights, [1], keepdims=False), T._to(float(num_heads), dt))
    if not is_batched:
        out = O.squeeze(out, [1])
        weights = O.squeeze(weights, [0])
    return out, weights


# ---- scaled_dot_product_attention (PyTorch 2) -----------------------------------

def _repeat_heads(x, groups):
    """x.repeat_interleave(groups, -3): each head of (..., H, S, E)
    GROUPS times in a row, through (..., H, GROUPS, S, E)."""
    if groups == 1:
        return x
    shape = list(x.shape)
    wide = O.unsqueeze(x, [x.dim() - 2])
    wide = wide.expand(shape[:-3] + [shape[-3], groups] + shape[-2:])
    return wide.reshape(shape[:-3] + [shape[-3] * groups] + shape[-2:])


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
                                 scale=None, enable_gqa=False):
    """softmax(q k^T * scale + bias) v, the formula PyTorch 2 documents:
    a bool attn_mask says which positions take part (True) and a float one
    is added; is_causal is the lower triangle of ones(L, S); enable_gqa
    repeats each key and value head for a group of query heads."""
    dt = _native.dtype_of(query)
    if _native.dtype_of(key) != dt or _native.dtype_of(value) != dt:
        raise RuntimeError(f"Expected query, key, and value to have the same dtype, but got query.dtype: "
                           f"{_scalar_name(dt)} key.dtype: {_scalar_name(_native.dtype_of(key))} and "
                           f"value.dtype: {_scalar_name(_native.dtype_of(value))} instead.")
    if is_causal and attn_mask is not None:
        raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set when "
                           "is_causal=True")
    if attn_mask is not None:
        mdt = _native.dtype_of(attn_mask)
        if mdt != _bool and mdt != _native.float32 and mdt != dt:
            raise RuntimeError(f"Expected attn_mask dtype to be bool or float or to match query dtype, but got "
                               f"attn_mask.dtype: {_scalar_name(mdt)} and  query.dtype: {_scalar_name(dt)} "
                               "instead.")
    if _native.opset >= 23 and query.dim() == 4 and key.dim() == 4 and value.dim() == 4 and dropout_p == 0.0:
        y = _onnx_attention(query, key, value, attn_mask, is_causal, scale, enable_gqa, dt)
        if y is not None:
            return y
    if enable_gqa:
        if query.dim() < 3 or key.dim() < 3 or value.dim() < 3:
            raise RuntimeError("scaled_dot_product_attention: enable_gqa needs the heads at dim -3")
        hq, hk, hv = query.size(-3), key.size(-3), value.size(-3)
        if not (_native.is_static(hq) and _native.is_static(hk) and _native.is_static(hv)):
            _native.error("scaled_dot_product_attention(enable_gqa=True): the numbers of heads must be "
                          "known while compiling")
        if hq % hk != 0 or hq % hv != 0:
            raise RuntimeError("Number of heads in key and value must divide the number of heads in query")
        key = _repeat_heads(key, hq // hk)
        value = _repeat_heads(value, hq // hv)
    L = query.size(-2)
    S = key.size(-2)
    factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    perm = list(range(key.dim()))
    perm[-1] = key.dim() - 2
    perm[-2] = key.dim() - 1
    scores = onnx.Mul(onnx.MatMul(query, onnx.Transpose(key, perm=perm)), T._to(factor, dt))
    bias = None
    if is_causal:
        bias = T.triu(T.full((L, S), _NEG_INF, dtype=dt), 1)
    if attn_mask is not None:
        if _native.dtype_of(attn_mask) == _bool:
            bias = onnx.Where(attn_mask, T._to(0.0, dt), T._to(_NEG_INF, dt))
        else:
            bias = T._to(attn_mask, dt)
    if bias is not None:
        scores = onnx.Add(scores, bias)
    weights = T.softmax(scores, -1)
    if dropout_p > 0.0:
        weights = F.dropout(weights, p=dropout_p, training=True)
    return onnx.MatMul(weights, value)


def _onnx_attention(query, key, value, attn_mask, is_causal, scale, enable_gqa, dt):
    """The ONNX Attention operator (opset 23) on (N, H, L, E) inputs: the
    same formula (a bool mask says which positions take part, a float one is
    added; is_causal the top-left lower triangle; key and value heads that
    divide the query heads are shared by groups, as enable_gqa repeats
    them)."""
    hq, hk, hv = query.size(1), key.size(1), value.size(1)
    if not enable_gqa and (not _native.is_static(hq) or not _native.is_static(hk) or hq != hk or hk != hv):
        # without enable_gqa PyTorch broadcasts the head dimension, which
        # Attention does not: the formula
        return None
    if enable_gqa:
        if not (_native.is_static(hq) and _native.is_static(hk) and _native.is_static(hv)):
            _native.error("scaled_dot_product_attention(enable_gqa=True): the numbers of heads must be "
                          "known while compiling")
        if hq % hk != 0 or hq % hv != 0:
            raise RuntimeError("Number of heads in key and value must divide the number of heads in query")
    factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    inputs = [query, key, value]
    if attn_mask is not None:
        inputs.append(attn_mask if _native.dtype_of(attn_mask) == _bool else T._to(attn_mask, dt))
    return onnx.Attention(*inputs, is_causal=1 if is_causal else 0, scale=float(factor))


def _scalar_name(dt):
    """c10's scalar type name (Float, Double, Half ...) as PyTorch's C++
    messages print a dtype."""
    names = {"torch.float32": "float", "torch.float64": "double", "torch.float16": "c10::Half",
             "torch.bfloat16": "c10::BFloat16", "torch.int64": "long int", "torch.int32": "int",
             "torch.int16": "short int", "torch.int8": "signed char", "torch.uint8": "unsigned char",
             "torch.bool": "bool"}
    return names.get(str(dt), str(dt))
