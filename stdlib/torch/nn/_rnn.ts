# torch.nn: RNN, LSTM and GRU over ONNX's RNN, LSTM and GRU operators.
#
# One operator per layer (both directions in one when bidirectional).
# PyTorch keeps one weight per layer and direction, gates stacked along
# axis 0; ONNX wants them stacked per direction as W [D, G*H, in],
# R [D, G*H, H], B [D, 2*G*H] (input biases, then recurrent ones), and in
# its own gate order:
#
#   LSTM   PyTorch i f g o   ONNX i o f c   (blocks 0 3 1 2)
#   GRU    PyTorch r z n     ONNX z r h     (blocks 1 0 2)
#
# GRU's linear_before_reset=1 is PyTorch's formula (the reset gate applied
# after the recurrent matrix product).  Layer outputs Y [L, D, N, H] become
# the next layer's input [L, N, D*H]; h_n stacks every layer's Y_h.
import math
import onnx
import _native
import torch
import torch.nn.functional as F
import torch.nn.init as init
import torch.nn._ops as O
from torch.nn import Module, Parameter
from torch.nn._packed import PackedSequence

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}
_ORDER = {"LSTM": [0, 3, 1, 2], "GRU": [1, 0, 2]}


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        if isinstance(dropout, bool) or dropout < 0 or dropout > 1:
            raise ValueError("dropout should be a number in range [0, 1] representing the probability "
                             "of an element being zeroed")
        if not isinstance(hidden_size, int) or isinstance(hidden_size, bool):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError(f"Unrecognized RNN mode: {mode}")
        gate_size = _GATES[mode] * hidden_size
        directions = 2 if bidirectional else 1
        real_hidden = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input = input_size if layer == 0 else real_hidden * directions
                suffix = "_reverse" if direction == 1 else ""
                names = [f"weight_ih_l{layer}{suffix}", f"weight_hh_l{layer}{suffix}"]
                shapes = [(gate_size, layer_input), (gate_size, real_hidden)]
                if bias:
                    names += [f"bias_ih_l{layer}{suffix}", f"bias_hh_l{layer}{suffix}"]
                    shapes += [(gate_size,), (gate_size,)]
                if proj_size > 0:
                    names.append(f"weight_hr_l{layer}{suffix}")
                    shapes.append((proj_size, hidden_size))
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(torch.empty(shape, dtype=dtype)))
                self._flat_weights_names.extend(names)
        self.reset_parameters()

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def flatten_parameters(self):
        return None

    # ---- forward ----

    def _check_input(self, input, hx_rank):
        if input.dim() != 2 and input.dim() != 3:
            raise ValueError(f"{type(self).__name__}: Expected input to be 2D or 3D, got {input.dim()}D instead")
        if self.proj_size > 0:
            return _native.error("LSTM with proj_size > 0 is not supported yet (ONNX LSTM has no projection)")
        size = input.size(input.dim() - 1)
        if _native.is_static(size) and size != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {size}")

    def _run(self, input, h0, c0, lengths=None):
        """input [L, N, in] -> (output [L, N, D*H], h_n, c_n or None);
        LENGTHS (N,) int64, the sequences' lengths, or None."""
        directions = 2 if self.bidirectional else 1
        x = input
        hs = []
        cs = []
        for layer in range(self.num_layers):
            w, r, b = self._layer_weights(layer, directions, x)
            lo = layer * directions
            hi = lo + directions
            h_init = None if h0 is None else O.slice_axis(h0, 0, lo, hi)
            c_init = None if c0 is None else O.slice_axis(c0, 0, lo, hi)
            y, y_h, y_c = _rnn_op(self.mode, x, w, r, b, h_init, c_init, self.hidden_size, directions, lengths)
            hs.append(y_h)
            if y_c is not None:
                cs.append(y_c)
            if directions == 1:
                x = O.squeeze(y, [1])
            else:
                x = onnx.Reshape(onnx.Transpose(y, perm=[0, 2, 1, 3]), [0, 0, -1])
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                x = F.dropout(x, self.dropout, True)
        h_n = O.concat(hs, 0)
        c_n = O.concat(cs, 0) if len(cs) > 0 else None
        return x, h_n, c_n

    def _layer_weights(self, layer, directions, x):
        dt = _native.dtype_of(x)
        order = _ORDER.get(self.mode)
        ws = []
        rs = []
        bs = []
        for direction in range(directions):
            suffix = "_reverse" if direction == 1 else ""
            w_ih = getattr(self, f"weight_ih_l{layer}{suffix}")
            w_hh = getattr(self, f"weight_hh_l{layer}{suffix}")
            ws.append(O.unsqueeze(_gates(w_ih, order, self.hidden_size), [0]))
            rs.append(O.unsqueeze(_gates(w_hh, order, self.hidden_size), [0]))
            if self.bias:
                b_ih = _gates(getattr(self, f"bias_ih_l{layer}{suffix}"), order, self.hidden_size)
                b_hh = _gates(getattr(self, f"bias_hh_l{layer}{suffix}"), order, self.hidden_size)
                bs.append(O.unsqueeze(onnx.Concat(b_ih, b_hh, axis=0), [0]))
        if _native.dtype_of(w_ih) != dt:
            raise RuntimeError(f"input must have the type {_native.dtype_of(w_ih)}, got type {dt}")
        b = O.concat(bs, 0) if self.bias else None
        return O.concat(ws, 0), O.concat(rs, 0), b

    def _batched_hidden(self, hx, batched, name):
        if hx is None:
            return None
        want = 3 if batched else 2
        if hx.dim() != want:
            which = "3-D" if batched else "2-D"
            kind = "batched 3-D" if batched else "unbatched 2-D"
            raise RuntimeError(f"For {kind} input, {name} should also be {which} but got {hx.dim()}-D tensor")
        if not batched:
            return O.unsqueeze(hx, [1])
        return hx

    def _forward_packed(self, packed, h0, c0):
        """A PackedSequence in, one out: the padded batch (T, B, in) in the
        batch's own order with ONNX's sequence_lens, so h0, c0 and h_n stay
        in that order (PyTorch permutes them to the sorted order and back)."""
        x = packed._padded
        if x.dim() != 3:
            raise RuntimeError(f"input must have 2 dimensions, got {x.dim() - 1}")
        size = x.size(2)
        if _native.is_static(size) and size != self.input_size:
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {size}")
        for h, name in ((h0, "hx"), (c0, "cx")):
            if h is not None and h.dim() != 3:
                raise RuntimeError(f"For batched 3-D input, {name} should also be 3-D but got {h.dim()}-D tensor")
        out, h_n, c_n = self._run(x, h0, c0, packed._lengths)
        return packed._with_padded(out), h_n, c_n

    def _forward(self, input, h0, c0):
        """Layout handling around _run: batch_first and unbatched inputs."""
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        x = input
        if not batched:
            x = O.unsqueeze(x, [batch_dim])
        if self.batch_first:
            x = onnx.Transpose(x, perm=[1, 0, 2])
        out, h_n, c_n = self._run(x, h0, c0)
        if self.batch_first:
            out = onnx.Transpose(out, perm=[1, 0, 2])
        if not batched:
            out = O.squeeze(out, [batch_dim])
            h_n = O.squeeze(h_n, [1])
            c_n = None if c_n is None else O.squeeze(c_n, [1])
        return out, h_n, c_n


def _gates(w, order, hidden):
    """W's gate blocks (axis 0, HIDDEN rows each) in ONNX's order."""
    if order is None:
        return w
    rows = []
    for block in order:
        rows.extend(range(block * hidden, (block + 1) * hidden))
    return onnx.Gather(w, rows, axis=0)


def _rnn_op(mode, x, w, r, b, h0, c0, hidden, directions, lengths=None):
    direction = "bidirectional" if directions == 2 else "forward"
    lens = None if lengths is None else onnx.Cast(lengths, to=_native.int32)
    if mode == "LSTM":
        y, y_h, y_c = onnx.LSTM(x, w, r, b, lens, h0, c0, hidden_size=hidden, direction=direction,
                                _outputs=3)
        return y, y_h, y_c
    if mode == "GRU":
        y, y_h = onnx.GRU(x, w, r, b, lens, h0, hidden_size=hidden, direction=direction,
                          linear_before_reset=1, _outputs=2)
        return y, y_h, None
    act = "Relu" if mode == "RNN_RELU" else "Tanh"
    y, y_h = onnx.RNN(x, w, r, b, lens, h0, hidden_size=hidden, direction=direction,
                      activations=[act] * directions, _outputs=2)
    return y, y_h, None


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if len(args) > 3:
            nonlinearity = args[3]
            args = args[:3] + args[4:]
        if nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            if self.proj_size > 0:
                return _native.error("LSTM with proj_size > 0 is not supported yet (ONNX LSTM has no projection)")
            out, h_n, _ = self._forward_packed(input, hx, None)
            return out, h_n
        self._check_input(input, 3)
        h0 = self._batched_hidden(hx, input.dim() == 3, "hx")
        out, h_n, _ = self._forward(input, h0, None)
        return out, h_n


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            if self.proj_size > 0:
                return _native.error("LSTM with proj_size > 0 is not supported yet (ONNX LSTM has no projection)")
            out, h_n, _ = self._forward_packed(input, hx, None)
            return out, h_n
        self._check_input(input, 3)
        h0 = self._batched_hidden(hx, input.dim() == 3, "hx")
        out, h_n, _ = self._forward(input, h0, None)
        return out, h_n


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def forward(self, input, hx=None):
        packed = isinstance(input, PackedSequence)
        if packed:
            if self.proj_size > 0:
                return _native.error("LSTM with proj_size > 0 is not supported yet (ONNX LSTM has no projection)")
        else:
            self._check_input(input, 3)
        h0 = None
        c0 = None
        if hx is not None:
            if not isinstance(hx, tuple) and not isinstance(hx, list):
                raise TypeError("LSTM: hx must be a tuple (h_0, c_0)")
            if packed:
                h0 = hx[0]
                c0 = hx[1]
            else:
                batched = input.dim() == 3
                h0 = self._batched_hidden(hx[0], batched, "hx")
                c0 = self._batched_hidden(hx[1], batched, "cx")
        if packed:
            out, h_n, c_n = self._forward_packed(input, h0, c0)
        else:
            out, h_n, c_n = self._forward(input, h0, c0)
        return out, (h_n, c_n)


# ---- the cells: one step, as elementwise arithmetic over two products ----------
#
# PyTorch's formulas (ATen's rnn_tanh_cell, lstm_cell, gru_cell) with the
# gates in PyTorch's own order, chunked from x W_ih^T + b_ih and
# h W_hh^T + b_hh.  Without hx the state is zeros: the recurrent product
# is then its bias alone.

class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _batched(self, input, name):
        """The input as (N, input_size), and whether it was batched."""
        if input.dim() != 1 and input.dim() != 2:
            raise AssertionError(f"{name}: Expected input to be 1-D or 2-D but received {input.dim()}-D tensor")
        batched = input.dim() == 2
        x = input if batched else O.unsqueeze(input, [0])
        size = x.size(1)
        if _native.is_static(size) and size != self.input_size:
            raise RuntimeError(f"input has inconsistent input_size: got {size} expected {self.input_size}")
        if _native.dtype_of(x) != _native.dtype_of(self.weight_ih):
            raise RuntimeError(f"expected scalar type {_scalar_name(self.weight_ih)} but found "
                               f"{_scalar_name(x)}")
        return x, batched

    def _hidden(self, hx, x, batched, which):
        """hx unsqueezed as PyTorch's cells unsqueeze it, then ATen's checks."""
        if hx is None:
            return None
        h = hx if batched else O.unsqueeze(hx, [0])
        if h.dim() != 2:
            raise RuntimeError(f"{_cell_fn(self)}: Expected hx{which} to be 2-D but got {h.dim()}-D tensor")
        nx = x.size(0)
        nh = h.size(0)
        if _native.is_static(nx) and _native.is_static(nh) and nx != nh:
            raise RuntimeError(f"Input batch size {nx} doesn't match hidden{which} batch size {nh}")
        size = h.size(1)
        if _native.is_static(size) and size != self.hidden_size:
            raise RuntimeError(f"hidden{which} has inconsistent hidden_size: got {size}, expected "
                               f"{self.hidden_size}")
        return h

    def _recurrent(self, h):
        """h W_hh^T + b_hh; b_hh alone (or None) for a zero state."""
        if h is None:
            return self.bias_hh
        return F.linear(h, self.weight_hh, self.bias_hh)


def _cell_fn(cell):
    if isinstance(cell, LSTMCell):
        return "lstm_cell"
    if isinstance(cell, GRUCell):
        return "gru_cell"
    return "rnn_" + cell.nonlinearity + "_cell"


def _scalar_name(t):
    """c10's name of t's dtype (Float, Double ...), as ATen's checks print it."""
    names = {"torch.float32": "Float", "torch.float64": "Double", "torch.float16": "Half",
             "torch.bfloat16": "BFloat16", "torch.int64": "Long", "torch.int32": "Int"}
    text = str(_native.dtype_of(t))
    return names.get(text, text)


def _plus(a, b):
    """a + b where b may be None (no bias, no state)."""
    return a if b is None else a + b


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        x, batched = self._batched(input, "RNNCell")
        h = self._hidden(hx, x, batched, "0")
        if self.nonlinearity != "tanh" and self.nonlinearity != "relu":
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        pre = _plus(F.linear(x, self.weight_ih, self.bias_ih), self._recurrent(h))
        out = torch.tanh(pre) if self.nonlinearity == "tanh" else torch.relu(pre)
        return out if batched else O.squeeze(out, [0])


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, dtype=dtype)

    def forward(self, input, hx=None):
        x, batched = self._batched(input, "LSTMCell")
        h = None
        c = None
        if hx is not None:
            h = self._hidden(hx[0], x, batched, "0")
            c = self._hidden(hx[1], x, batched, "1")
        gates = _plus(F.linear(x, self.weight_ih, self.bias_ih), self._recurrent(h))
        i, f, g, o = gates.chunk(4, 1)
        i = torch.sigmoid(i)
        g = torch.tanh(g)
        c_new = i * g if c is None else torch.sigmoid(f) * c + i * g
        h_new = torch.sigmoid(o) * torch.tanh(c_new)
        if not batched:
            return O.squeeze(h_new, [0]), O.squeeze(c_new, [0])
        return h_new, c_new


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, dtype=dtype)

    def forward(self, input, hx=None):
        x, batched = self._batched(input, "GRUCell")
        h = self._hidden(hx, x, batched, "0")
        gi = F.linear(x, self.weight_ih, self.bias_ih)
        gh = self._recurrent(h)
        i_r, i_z, i_n = gi.chunk(3, 1)
        if gh is None:
            r = torch.sigmoid(i_r)
            z = torch.sigmoid(i_z)
            n = torch.tanh(i_n)
        else:
            h_r, h_z, h_n = gh.chunk(3, -1)
            r = torch.sigmoid(i_r + h_r)
            z = torch.sigmoid(i_z + h_z)
            n = torch.tanh(i_n + r * h_n)
        out = n - z * n if h is None else n + z * (h - n)
        return out if batched else O.squeeze(out, [0])
