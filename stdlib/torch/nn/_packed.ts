# torch.nn.utils.rnn: PackedSequence and the functions that make, read and
# undo it, as PyTorch 1.13 defines them.
#
# PyTorch packs a batch of sequences of unequal lengths step by step,
# longest first: data (sum(lengths), *), batch_sizes (max length,).  Here a
# PackedSequence keeps what it was made from: the padded batch, time-major
# (T, B, *), in the batch's own order, and the lengths (B,) as an int64
# tensor (known while compiling, or a run-time input).  RNN, LSTM and GRU
# read those two (ONNX's sequence_lens), so their graph has no sort and no
# gather; data, batch_sizes, sorted_indices and unsorted_indices are
# computed from them when a model reads them.  A PackedSequence built
# directly from packed data and batch sizes is unpacked with a scatter.
import onnx
import _native
import torch
import torch._impl as T
import torch.nn._ops as O

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence",
           "pad_sequence", "unpad_sequence", "pack_sequence", "unpack_sequence"]

_OPSET = _native.opset


class PackedSequence:
    def __init__(self, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None, _padded=None,
                 _lengths=None):
        if _padded is None:
            if batch_sizes is None:
                if not isinstance(data, (list, tuple)) or len(data) != 2:
                    raise AssertionError()
                data, batch_sizes = data[0], data[1]
            _padded, _lengths = _unpack_data(data, batch_sizes, sorted_indices)
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        self._padded = _padded
        self._lengths = _lengths
        self._sorted = sorted_indices
        self._unsorted = unsorted_indices

    # ---- PyTorch's four fields --------------------------------------------

    @property
    def sorted_indices(self):
        return self._sorted

    @property
    def unsorted_indices(self):
        return self._unsorted

    @property
    def data(self):
        """Every sequence's step t, longest sequence first, for t = 0, 1, ..."""
        padded, lengths = self._sorted_batch()
        mask = _steps_mask(padded.size(0), lengths)
        flat = padded.reshape([-1] + list(padded.shape)[2:])
        return _select_rows(flat, mask.reshape(-1))

    @property
    def batch_sizes(self):
        """How many sequences reach step t, for t below the longest length."""
        lengths = _native.tolist(self._lengths)
        if lengths is not None:
            return torch.tensor([sum(1 for n in lengths if n > t) for t in range(max(lengths))],
                                dtype=torch.int64)
        counts = _steps_mask(self._padded.size(0), self._lengths).to(torch.int64).sum(1)
        return _select_rows(counts, counts > 0)

    def __iter__(self):
        return iter([self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices])

    def __len__(self):
        return 4

    def __getitem__(self, i):
        return [self.data, self.batch_sizes, self.sorted_indices, self.unsorted_indices][i]

    # ---- devices and dtypes ----------------------------------------------

    def to(self, *args, **kwargs):
        padded = self._padded.to(*args, **kwargs)
        if padded is self._padded:
            return self
        return PackedSequence(None, None, self._sorted, self._unsorted, _padded=padded, _lengths=self._lengths)

    def cpu(self, *args, **kwargs):
        return self.to(*args, **kwargs)

    def cuda(self, *args, **kwargs):
        return self.to(*args, **kwargs)

    def pin_memory(self):
        return self

    def is_pinned(self):
        return False

    @property
    def is_cuda(self):
        return False

    def double(self):
        return self.to(dtype=torch.double)

    def float(self):
        return self.to(dtype=torch.float)

    def half(self):
        return self.to(dtype=torch.half)

    def long(self):
        return self.to(dtype=torch.long)

    def int(self):
        return self.to(dtype=torch.int)

    def short(self):
        return self.to(dtype=torch.short)

    def char(self):
        return self.to(dtype=torch.int8)

    def byte(self):
        return self.to(dtype=torch.uint8)

    # ---- what the recurrent layers and pad_packed_sequence read ------------

    def _sorted_batch(self):
        """The padded batch and its lengths, longest first (as given when
        enforce_sorted was True)."""
        if self._sorted is None:
            return self._padded, self._lengths
        return self._padded.index_select(1, self._sorted), self._lengths.index_select(0, self._sorted)

    def _with_padded(self, padded):
        """The same sequences (lengths, order) with other values: what an
        RNN returns."""
        return PackedSequence(None, None, self._sorted, self._unsorted, _padded=padded, _lengths=self._lengths)


def _select_rows(x, keep):
    """x's rows (axis 0) where the 1-D bool KEEP is True (ONNX's Compress,
    as Gather over NonZero)."""
    return onnx.Gather(x, O.squeeze(onnx.NonZero(keep), [0]), axis=0)


def _steps_mask(steps, lengths):
    """(T, B) bool: step t of sequence b exists (t < lengths[b])."""
    return torch.arange(steps).unsqueeze(1) < lengths.unsqueeze(0)


def _unpack_data(data, batch_sizes, sorted_indices):
    """PackedSequence(data, batch_sizes, ...) from packed data: the padded
    batch (in the batch's own order) and the lengths, through ScatterND."""
    if _OPSET < 11:
        O.need_opset(11, "PackedSequence(data, batch_sizes)")
    batch_sizes = torch.as_tensor(batch_sizes, dtype=torch.int64)
    steps = batch_sizes.size(0)
    batch = batch_sizes[0]
    # (T, B) bool: which (step, sorted sequence) pairs data holds, in order
    mask = torch.arange(batch).unsqueeze(0) < batch_sizes.unsqueeze(1)
    where = onnx.Transpose(onnx.NonZero(mask), perm=[1, 0])
    zeros = torch.zeros([steps, batch] + list(data.shape)[1:], dtype=data.dtype)
    padded = onnx.ScatterND(zeros, where, data)
    lengths = mask.to(torch.int64).sum(0)
    if sorted_indices is not None:
        unsorted = invert_permutation(sorted_indices)
        padded = padded.index_select(1, unsorted)
        lengths = lengths.index_select(0, unsorted)
    return padded, lengths


def invert_permutation(permutation):
    if permutation is None:
        return None
    return torch.argsort(permutation)


def _check_lengths(lengths, batch, steps, enforce_sorted):
    """ATen's checks of _pack_padded_sequence, on lengths known while compiling."""
    if lengths.dim() != 1:
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got {lengths.dim()}D cpu "
                           "Long tensor")
    n = lengths.size(0)
    if _native.is_static(n) and _native.is_static(batch) and n != batch:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {n} (batch_size={batch})")
    values = _native.tolist(lengths)
    if values is None:
        return
    if len(values) > 0 and min(values) <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if enforce_sorted and any(values[i] < values[i + 1] for i in range(len(values) - 1)):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
                           "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to "
                           "sidestep this requirement if you do not need ONNX exportability.")
    if _native.is_static(steps) and len(values) > 0 and max(values) > steps:
        _native.error(f"pack_padded_sequence: a length ({max(values)}) exceeds the padded length ({steps})")


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """The padded batch and lengths as given; when enforce_sorted is False,
    sorted_indices sorts the lengths in decreasing order, as torch.sort does.
    Run-time lengths cannot be checked (unsorted ones with enforce_sorted,
    or lengths of 0, which PyTorch refuses, give a result instead)."""
    lengths = torch.as_tensor(lengths, dtype=torch.int64)
    padded = input.transpose(0, 1) if batch_first else input
    if padded.dim() < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    _check_lengths(lengths, padded.size(1), padded.size(0), enforce_sorted)
    sorted_indices = None
    if not enforce_sorted:
        sorted_indices = torch.sort(lengths, descending=True)[1]
    return PackedSequence(None, None, sorted_indices, None, _padded=padded, _lengths=lengths)


def _pad_steps(x, target):
    """x (T, ...) cut or padded with zeros along axis 0 to TARGET steps."""
    steps = x.size(0)
    if _native.is_static(steps) and _native.is_static(target):
        if target <= steps:
            return x if target == steps else O.slice_axis(x, 0, 0, target)
        return O.pad_onnx(x, [0] * x.dim(), [target - steps] + [0] * (x.dim() - 1))
    if _OPSET < 11:
        O.need_opset(11, "pad_packed_sequence with lengths known only at run time")
    # a negative pad crops
    extra = onnx.Sub(O.dims_tensor([target]), O.dims_tensor([steps]))
    pads = onnx.Concat(O.dims_tensor([0] * x.dim()), extra, O.dims_tensor([0] * (x.dim() - 1)), axis=0)
    return onnx.Pad(x, pads, T._to(0, _native.dtype_of(x)))


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """(padded, lengths): the steps past each length hold padding_value; as
    many steps as the longest sequence, or total_length."""
    lengths = sequence._lengths
    values = _native.tolist(lengths)
    if values is not None:
        longest = max(values)
    else:
        longest = lengths.max()
    target = longest
    if total_length is not None:
        if values is not None and total_length < longest:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, "
                             f"but got total_length={total_length} and max sequence length being {longest}")
        target = total_length
    x = _pad_steps(sequence._padded, target)
    mask = _steps_mask(x.size(0), lengths)
    mask = mask.reshape(list(mask.shape) + [1] * (x.dim() - 2))
    x = torch.where(mask, x, T._to(padding_value, _native.dtype_of(x)))
    if batch_first:
        x = x.transpose(0, 1)
    return x, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    """(L, B, *) (or (B, L, *)) of the sequences, each padded with
    padding_value to the longest."""
    if isinstance(sequences, torch.Tensor):
        sequences = sequences.unbind(0)
    sequences = list(sequences)
    if len(sequences) == 0:
        raise RuntimeError("received an empty list of sequences")
    longest = sequences[0].size(0)
    for s in sequences[1:]:
        n = s.size(0)
        if _native.is_static(longest) and _native.is_static(n):
            longest = n if n > longest else longest
        else:
            longest = torch.maximum(O.dims_tensor([longest]), O.dims_tensor([n]))
    columns = []
    for s in sequences:
        n = s.size(0)
        if _native.is_static(longest) and _native.is_static(n):
            grown = s if n == longest else O.pad_onnx(s, [0] * s.dim(), [longest - n] + [0] * (s.dim() - 1),
                                                      value=padding_value)
        else:
            if _OPSET < 11:
                O.need_opset(11, "pad_sequence of sequences whose lengths are known only at run time")
            extra = onnx.Sub(longest if isinstance(longest, torch.Tensor) else O.dims_tensor([longest]),
                             O.dims_tensor([n]))
            pads = onnx.Concat(O.dims_tensor([0] * s.dim()), extra, O.dims_tensor([0] * (s.dim() - 1)), axis=0)
            grown = onnx.Pad(s, pads, T._to(padding_value, _native.dtype_of(s)))
        columns.append(O.unsqueeze(grown, [0 if batch_first else 1]))
    return O.concat(columns, 0 if batch_first else 1)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The sequences of a padded batch, each cut to its length."""
    x = padded_sequences if batch_first else padded_sequences.transpose(0, 1)
    steps = x.size(1)
    idx = torch.arange(steps)
    out = []
    for b in range(x.size(0)):
        out.append(x[b][idx < lengths[b]])
    return out


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
