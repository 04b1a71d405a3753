"""The torch API against PyTorch's own ONNX exporter: docs/coverage.md.

Lists every aten operator the installed PyTorch's exporter has a symbolic
function for (the functions torch/onnx/symbolic_opset*.py register), maps
each to the calls a model author writes, and classifies it:

  supported       an end-to-end case (tests/e2e/**/*.py, whose outputs the
                  bench compares with PyTorch's) calls one of those
                  spellings: the table names the first such case;
  not applicable  training-only, quantized, or internal to TorchScript and
                  the exporter (the reason is given);
  missing         none of the above.

So a row claims support only through a test that calls the function, and
the table is regenerated, never edited:

  /usr/bin/python3 tests/coverage.py            print the table
  /usr/bin/python3 tests/coverage.py --write    rewrite docs/coverage.md
  /usr/bin/python3 tests/coverage.py --check    TAP: the committed file is
                                                up to date (tests/coverage.sh)

A spelling is `torch.f` (a call torch.f(...)), `Tensor.f` (a method call
x.f(...)), `F.f` (torch.nn.functional.f), `nn.M` (a module built), `linalg.f`,
`fft.f`, `vision.f` (torchvision.ops.f), `prop:x.T` (an attribute read), or
`re:REGEX` for operators and options; comments do not count.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DOC = os.path.join(ROOT, "docs", "coverage.md")
CASES = os.path.join(HERE, "e2e")
# the bench's self-test cases are exported by torch.onnx.export, not by tsc2onnx
SKIP_DIRS = ("bench",)

TRAINING = "training-only"
QUANTIZED = "quantized"
INTERNAL = "internal"

# aten operator -> (spellings, note) for the operators a model calls, or
# (category, reason) for those that do not apply to an exported inference
# graph.
OPS = {
    "Delete": (INTERNAL, "TorchScript's `del` of a list item: Python, run while compiling"),
    "__and_": (["re:[\\w\\)\\]] & [\\w\\(]", "Tensor.bitwise_and", "torch.logical_and"], "`&`"),
    "__derive_index": (INTERNAL, "TorchScript's loop index arithmetic"),
    "__getitem_": (INTERNAL, "TorchScript's list indexing: Python, run while compiling"),
    "__interpolate": (["F.interpolate", "F.upsample"], ""),
    "__is_": (INTERNAL, "Python's `is`"),
    "__isnot_": (INTERNAL, "Python's `is not`"),
    "__lshift_": (["re:[\\w\\)\\]] << [\\w\\(]"], "`<<` on integer tensors"),
    "__not_": (INTERNAL, "Python's `not`"),
    "__or_": (["re:[\\w\\)\\]] \\| [\\w\\(]", "Tensor.bitwise_or", "torch.logical_or"], "`|`"),
    "__range_length": (INTERNAL, "TorchScript's range() length"),
    "__rshift_": (["re:[\\w\\)\\]] >> [\\w\\(]"], "`>>` on integer tensors"),
    "__xor_": (["re:[\\w\\)\\]] \\^ [\\w\\(]", "torch.logical_xor"], "`^`"),
    "_cast_BFloat16": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Bool": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Byte": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Char": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_ComplexDouble": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_ComplexFloat": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Double": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Float": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Half": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Int": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Long": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_cast_Short": (INTERNAL, "legacy cast of the tracer (Tensor.to covers casts)"),
    "_conj": (["torch.conj", "Tensor.conj"], ""),
    "_convolution": (["F.conv2d", "nn.Conv2d"], "what the tracer records for every convolution"),
    "_dim_arange": (INTERNAL, "the tracer's arange(x.size(d))"),
    "_floor_divide": (["torch.floor_divide", "re:[\\w\\)\\]] // [\\w\\(]"], ""),
    "_log_softmax": (["F.log_softmax", "torch.log_softmax", "Tensor.log_softmax"], ""),
    "_pack_padded_sequence": (["nn.utils.rnn.pack_padded_sequence", "re:\\bpack_padded_sequence\\("], ""),
    "_pad_circular": (["re:mode=.circular."], "F.pad(mode='circular'), Conv padding_mode='circular'"),
    "_pad_packed_sequence": (["nn.utils.rnn.pad_packed_sequence", "re:\\bpad_packed_sequence\\("], ""),
    "_reshape_from_tensor": (INTERNAL, "torch.onnx.operators, the exporter's own helpers"),
    "_sample_dirichlet": (["re:\\.Dirichlet\\("], "torch.distributions.Dirichlet(...).sample()"),
    "_set_item": (INTERNAL, "TorchScript's list and dict stores: Python, run while compiling"),
    "_shape_as_tensor": (INTERNAL, "torch.onnx.operators, the exporter's own helpers"),
    "_standard_gamma": (["torch._standard_gamma", "re:\\.Gamma\\("], "torch.distributions.Gamma(...).sample()"),
    "_unique": (["torch.unique", "Tensor.unique"], ""),
    "_unique2": (["torch.unique", "Tensor.unique"], ""),
    "_weight_norm": (["re:\\bweight_norm\\("], "nn.utils.weight_norm"),
    "abs": (["torch.abs", "Tensor.abs"], ""),
    "acos": (["torch.acos", "Tensor.acos"], ""),
    "adaptive_avg_pool1d": (["F.adaptive_avg_pool1d", "nn.AdaptiveAvgPool1d"], ""),
    "adaptive_avg_pool2d": (["F.adaptive_avg_pool2d", "nn.AdaptiveAvgPool2d"], ""),
    "adaptive_avg_pool3d": (["F.adaptive_avg_pool3d", "nn.AdaptiveAvgPool3d"], ""),
    "adaptive_max_pool1d": (["F.adaptive_max_pool1d", "nn.AdaptiveMaxPool1d"], ""),
    "adaptive_max_pool2d": (["F.adaptive_max_pool2d", "nn.AdaptiveMaxPool2d"], ""),
    "adaptive_max_pool3d": (["F.adaptive_max_pool3d", "nn.AdaptiveMaxPool3d"], ""),
    "add": (["torch.add", "Tensor.add", "re:[\\w\\)\\]] \\+ [\\w\\(]"], ""),
    "addcmul": (["torch.addcmul", "Tensor.addcmul"], ""),
    "addmm": (["torch.addmm", "Tensor.addmm"], ""),
    "alias": (INTERNAL, "an alias of a tensor made by the tracer"),
    "all": (["torch.all", "Tensor.all"], ""),
    "alpha_dropout": (["F.alpha_dropout", "nn.AlphaDropout"], "identity outside training"),
    "alpha_dropout_": (["F.alpha_dropout", "nn.AlphaDropout"], "identity outside training"),
    "amax": (["torch.amax", "Tensor.amax"], ""),
    "amin": (["torch.amin", "Tensor.amin"], ""),
    "aminmax": (["torch.aminmax", "Tensor.aminmax"], ""),
    "any": (["torch.any", "Tensor.any"], ""),
    "append": (INTERNAL, "TorchScript's list.append: Python, run while compiling (or a run-time list)"),
    "arange": (["torch.arange"], ""),
    "argmax": (["torch.argmax", "Tensor.argmax"], ""),
    "argmin": (["torch.argmin", "Tensor.argmin"], ""),
    "argsort": (["torch.argsort", "Tensor.argsort"], ""),
    "as_strided": (["torch.as_strided", "Tensor.as_strided"], ""),
    "as_tensor": (["torch.as_tensor"], ""),
    "asin": (["torch.asin", "Tensor.asin"], ""),
    "atan": (["torch.atan", "Tensor.atan"], ""),
    "avg_pool1d": (["F.avg_pool1d", "nn.AvgPool1d"], ""),
    "avg_pool2d": (["F.avg_pool2d", "nn.AvgPool2d"], ""),
    "avg_pool3d": (["F.avg_pool3d", "nn.AvgPool3d"], ""),
    "baddbmm": (["torch.baddbmm", "Tensor.baddbmm"], ""),
    "batch_norm": (["F.batch_norm", "nn.BatchNorm1d", "nn.BatchNorm2d", "nn.BatchNorm3d"], ""),
    "bernoulli": (["torch.bernoulli", "Tensor.bernoulli"], ""),
    "binary_cross_entropy_with_logits": (["F.binary_cross_entropy_with_logits", "nn.BCEWithLogitsLoss"], ""),
    "bitwise_not": (["torch.bitwise_not", "Tensor.bitwise_not", "re:~[\\w\\(]"], ""),
    "bmm": (["torch.bmm", "Tensor.bmm"], ""),
    "broadcast_tensors": (["torch.broadcast_tensors"], ""),
    "bucketize": (["torch.bucketize"], ""),
    "cat": (["torch.cat", "torch.concat"], ""),
    "cdist": (["torch.cdist"], ""),
    "ceil": (["torch.ceil", "Tensor.ceil"], ""),
    "celu": (["F.celu", "nn.CELU"], ""),
    "chunk": (["torch.chunk", "Tensor.chunk"], ""),
    "clamp": (["torch.clamp", "Tensor.clamp", "torch.clip"], ""),
    "clamp_max": (["torch.clamp_max", "Tensor.clamp_max"], ""),
    "clamp_min": (["torch.clamp_min", "Tensor.clamp_min"], ""),
    "clone": (["torch.clone", "Tensor.clone"], ""),
    "conj_physical": (["torch.conj_physical", "Tensor.conj_physical"], ""),
    "constant_pad_nd": (["F.pad", "nn.ConstantPad2d", "nn.ZeroPad2d"], ""),
    "contiguous": (["Tensor.contiguous"], ""),
    "conv1d": (["F.conv1d", "nn.Conv1d"], ""),
    "conv2d": (["F.conv2d", "nn.Conv2d"], ""),
    "conv3d": (["F.conv3d", "nn.Conv3d"], ""),
    "conv_tbc": (["torch.conv_tbc"], ""),
    "conv_transpose1d": (["F.conv_transpose1d", "nn.ConvTranspose1d"], ""),
    "conv_transpose2d": (["F.conv_transpose2d", "nn.ConvTranspose2d"], ""),
    "conv_transpose3d": (["F.conv_transpose3d", "nn.ConvTranspose3d"], ""),
    "convolution": (["F.conv2d", "nn.Conv2d"], "what scripted models record for every convolution"),
    "cos": (["torch.cos", "Tensor.cos"], ""),
    "cosine_similarity": (["F.cosine_similarity", "torch.cosine_similarity", "nn.CosineSimilarity"], ""),
    "cross": (["torch.cross", "Tensor.cross"], ""),
    "cross_entropy_loss": (["F.cross_entropy", "nn.CrossEntropyLoss"], ""),
    "cumsum": (["torch.cumsum", "Tensor.cumsum"], ""),
    "dequantize": (QUANTIZED, "quantized tensors"),
    "detach": (["Tensor.detach", "torch.detach"], ""),
    "diagonal": (["torch.diagonal", "Tensor.diagonal"], ""),
    "dim": (["Tensor.dim"], ""),
    "div": (["torch.div", "Tensor.div", "re:[\\w\\)\\]] / [\\w\\(]"], ""),
    "dot": (["torch.dot", "Tensor.dot"], ""),
    "dropout": (["F.dropout", "nn.Dropout"], "identity outside training"),
    "dropout_": (["F.dropout", "nn.Dropout"], "identity outside training"),
    "einsum": (["torch.einsum"], ""),
    "elu": (["F.elu", "nn.ELU"], ""),
    "embedding": (["F.embedding", "nn.Embedding"], ""),
    "embedding_bag": (["F.embedding_bag", "nn.EmbeddingBag"], ""),
    "embedding_renorm": (["re:max_norm="], "F.embedding(max_norm=...)"),
    "empty": (["torch.empty"], ""),
    "empty_like": (["torch.empty_like"], ""),
    "eq": (["torch.eq", "Tensor.eq", "re:[\\w\\)\\]] == [\\w\\(]"], ""),
    "erf": (["torch.erf", "Tensor.erf"], ""),
    "exp": (["torch.exp", "Tensor.exp"], ""),
    "expand": (["Tensor.expand", "torch.broadcast_to"], ""),
    "expand_as": (["Tensor.expand_as"], ""),
    "eye": (["torch.eye"], ""),
    "fake_quantize_per_channel_affine": (QUANTIZED, "quantization-aware training"),
    "fake_quantize_per_tensor_affine": (QUANTIZED, "quantization-aware training"),
    "feature_alpha_dropout": (["F.feature_alpha_dropout", "nn.FeatureAlphaDropout"], "identity outside training"),
    "feature_alpha_dropout_": (["F.feature_alpha_dropout", "nn.FeatureAlphaDropout"], "identity outside training"),
    "feature_dropout": (["F.dropout2d", "nn.Dropout2d", "F.dropout3d", "nn.Dropout3d"], "identity outside training"),
    "feature_dropout_": (["F.dropout2d", "nn.Dropout2d", "F.dropout3d", "nn.Dropout3d"], "identity outside training"),
    "fill": (["Tensor.fill_", "torch.fill"], ""),
    "flatten": (["torch.flatten", "Tensor.flatten", "nn.Flatten"], ""),
    "flip": (["torch.flip", "Tensor.flip"], ""),
    "floor": (["torch.floor", "Tensor.floor"], ""),
    "floor_divide": (["torch.floor_divide", "Tensor.floor_divide", "re:[\\w\\)\\]] // [\\w\\(]"], ""),
    "floordiv": (INTERNAL, "TorchScript's int // int: Python, run while compiling"),
    "fmod": (["torch.fmod", "Tensor.fmod"], ""),
    "frobenius_norm": (["torch.frobenius_norm", "re:\\bnorm\\([^)]*\"fro\""], ""),
    "full": (["torch.full"], ""),
    "full_like": (["torch.full_like"], ""),
    "gather": (["torch.gather", "Tensor.gather"], ""),
    "ge": (["torch.ge", "Tensor.ge", "re:[\\w\\)\\]] >= [\\w\\(]"], ""),
    "gelu": (["F.gelu", "nn.GELU"], ""),
    "get_pool_ceil_padding": (INTERNAL, "a helper of the exporter's pooling"),
    "glu": (["F.glu", "nn.GLU"], ""),
    "grid_sampler": (["F.grid_sample"], ""),
    "group_norm": (["F.group_norm", "nn.GroupNorm"], ""),
    "gru": (["nn.GRU"], ""),
    "gt": (["torch.gt", "Tensor.gt", "re:[\\w\\)\\]] > [\\w\\(]"], ""),
    "hann_window": (["torch.hann_window"], ""),
    "hardshrink": (["F.hardshrink", "nn.Hardshrink"], ""),
    "hardsigmoid": (["F.hardsigmoid", "nn.Hardsigmoid"], ""),
    "hardswish": (["F.hardswish", "nn.Hardswish"], ""),
    "hardtanh": (["F.hardtanh", "nn.Hardtanh", "F.relu6", "nn.ReLU6"], ""),
    "im2col": (["F.unfold", "nn.Unfold"], ""),
    "index": (["re:\\w\\[[^\\]]*\\b(idx|index|mask|i|ind|sel)\\w*\\]"], "x[tensor] (advanced indexing)"),
    "index_add": (["torch.index_add", "Tensor.index_add", "Tensor.index_add_"], ""),
    "index_copy": (["torch.index_copy", "Tensor.index_copy", "Tensor.index_copy_"], ""),
    "index_fill": (["torch.index_fill", "Tensor.index_fill", "Tensor.index_fill_"], ""),
    "index_put": (["Tensor.index_put", "Tensor.index_put_", "re:\\w\\[[^\\]]*\\] = "], "x[index] = v"),
    "index_select": (["torch.index_select", "Tensor.index_select"], ""),
    "insert": (INTERNAL, "TorchScript's list.insert: Python, run while compiling"),
    "instance_norm": (["F.instance_norm", "nn.InstanceNorm1d", "nn.InstanceNorm2d", "nn.InstanceNorm3d"], ""),
    "is_floating_point": (["torch.is_floating_point", "Tensor.is_floating_point"], ""),
    "is_pinned": (["Tensor.is_pinned"], ""),
    "isfinite": (["torch.isfinite", "Tensor.isfinite"], ""),
    "isinf": (["torch.isinf", "Tensor.isinf"], ""),
    "isnan": (["torch.isnan", "Tensor.isnan"], ""),
    "item": (["Tensor.item"], ""),
    "kl_div": (["F.kl_div", "nn.KLDivLoss"], ""),
    "layer_norm": (["F.layer_norm", "nn.LayerNorm"], ""),
    "le": (["torch.le", "Tensor.le", "re:[\\w\\)\\]] <= [\\w\\(]"], ""),
    "leaky_relu": (["F.leaky_relu", "nn.LeakyReLU"], ""),
    "len": (INTERNAL, "Python's len(), run while compiling"),
    "lerp": (["torch.lerp", "Tensor.lerp"], ""),
    "lift": (INTERNAL, "the tracer's lifting of constants"),
    "linalg_cross": (["linalg.cross"], ""),
    "linalg_det": (["linalg.det", "torch.det", "Tensor.det"], ""),
    "linalg_matrix_norm": (["linalg.matrix_norm"], ""),
    "linalg_norm": (["linalg.norm"], ""),
    "linalg_vector_norm": (["linalg.vector_norm"], ""),
    "linear": (["F.linear", "nn.Linear"], ""),
    "linspace": (["torch.linspace"], ""),
    "list": (INTERNAL, "Python's list(), run while compiling"),
    "log": (["torch.log", "Tensor.log"], ""),
    "log10": (["torch.log10", "Tensor.log10"], ""),
    "log1p": (["torch.log1p", "Tensor.log1p"], ""),
    "log2": (["torch.log2", "Tensor.log2"], ""),
    "log_sigmoid": (["F.logsigmoid", "nn.LogSigmoid"], ""),
    "log_softmax": (["F.log_softmax", "torch.log_softmax", "Tensor.log_softmax", "nn.LogSoftmax"], ""),
    "logdet": (["torch.logdet", "Tensor.logdet"], ""),
    "logical_and": (["torch.logical_and", "Tensor.logical_and"], ""),
    "logical_or": (["torch.logical_or", "Tensor.logical_or"], ""),
    "logical_xor": (["torch.logical_xor", "Tensor.logical_xor"], ""),
    "logsumexp": (["torch.logsumexp", "Tensor.logsumexp"], ""),
    "lstm": (["nn.LSTM"], ""),
    "lstm_cell": (["nn.LSTMCell"], ""),
    "lt": (["torch.lt", "Tensor.lt", "re:[\\w\\)\\]] < [\\w\\(]"], ""),
    "masked_fill": (["torch.masked_fill", "Tensor.masked_fill", "Tensor.masked_fill_"], ""),
    "masked_scatter": (["torch.masked_scatter", "Tensor.masked_scatter"], ""),
    "masked_select": (["torch.masked_select", "Tensor.masked_select"], ""),
    "matmul": (["torch.matmul", "Tensor.matmul", "re:[\\w\\)\\]] @ [\\w\\(]"], ""),
    "max": (["torch.max", "Tensor.max"], ""),
    "max_pool1d": (["F.max_pool1d", "nn.MaxPool1d"], ""),
    "max_pool1d_with_indices": (["re:return_indices=True"], "max_pool1d(return_indices=True)"),
    "max_pool2d": (["F.max_pool2d", "nn.MaxPool2d"], ""),
    "max_pool2d_with_indices": (["re:return_indices=True"], "max_pool2d(return_indices=True)"),
    "max_pool3d": (["F.max_pool3d", "nn.MaxPool3d"], ""),
    "max_pool3d_with_indices": (["re:return_indices=True"], "max_pool3d(return_indices=True)"),
    "maximum": (["torch.maximum", "Tensor.maximum"], ""),
    "mean": (["torch.mean", "Tensor.mean"], ""),
    "meshgrid": (["torch.meshgrid"], ""),
    "min": (["torch.min", "Tensor.min"], ""),
    "minimum": (["torch.minimum", "Tensor.minimum"], ""),
    "mish": (["F.mish", "nn.Mish"], ""),
    "mm": (["torch.mm", "Tensor.mm"], ""),
    "movedim": (["torch.movedim", "Tensor.movedim", "torch.moveaxis"], ""),
    "mul": (["torch.mul", "Tensor.mul", "re:[\\w\\)\\]] \\* [\\w\\(]"], ""),
    "multinomial": (["torch.multinomial", "Tensor.multinomial"], ""),
    "mv": (["torch.mv", "Tensor.mv"], ""),
    "nan_to_num": (["torch.nan_to_num", "Tensor.nan_to_num"], ""),
    "narrow": (["torch.narrow", "Tensor.narrow"], ""),
    "native_dropout": (TRAINING, "the training form of dropout (with its mask)"),
    "native_layer_norm": (["F.layer_norm", "nn.LayerNorm"], ""),
    "ne": (["torch.ne", "Tensor.ne", "re:[\\w\\)\\]] != [\\w\\(]"], ""),
    "neg": (["torch.neg", "Tensor.neg", "re:[=(,] -[a-z]"], ""),
    "new_empty": (["Tensor.new_empty"], ""),
    "new_full": (["Tensor.new_full"], ""),
    "new_ones": (["Tensor.new_ones"], ""),
    "new_zeros": (["Tensor.new_zeros"], ""),
    "nll_loss": (["F.nll_loss", "nn.NLLLoss"], ""),
    "nll_loss2d": (["F.nll_loss", "nn.NLLLoss"], "nll_loss of 4-D input"),
    "nll_loss_nd": (["F.nll_loss", "nn.NLLLoss"], "nll_loss of N-D input"),
    "nonzero": (["torch.nonzero", "Tensor.nonzero", "torch.argwhere"], ""),
    "nonzero_numpy": (["re:as_tuple=True", "re:torch\\.where\\(\\w+\\)"], "nonzero(as_tuple=True), where(cond)"),
    "norm": (["torch.norm", "Tensor.norm"], ""),
    "normal": (["torch.normal"], ""),
    "numel": (["torch.numel", "Tensor.numel"], ""),
    "numpy_T": (["prop:.T"], "x.T"),
    "one_hot": (["F.one_hot"], ""),
    "ones": (["torch.ones"], ""),
    "ones_like": (["torch.ones_like"], ""),
    "outer": (["torch.outer", "Tensor.outer", "torch.ger"], ""),
    "pad": (["F.pad"], ""),
    "pairwise_distance": (["F.pairwise_distance", "nn.PairwiseDistance", "torch.pairwise_distance"], ""),
    "permute": (["torch.permute", "Tensor.permute"], ""),
    "pixel_shuffle": (["F.pixel_shuffle", "nn.PixelShuffle"], ""),
    "pixel_unshuffle": (["F.pixel_unshuffle", "nn.PixelUnshuffle"], ""),
    "pop": (INTERNAL, "TorchScript's list.pop: Python, run while compiling"),
    "pow": (["torch.pow", "Tensor.pow", "re:[\\w\\)\\]] \\*\\* [\\w\\(]"], ""),
    "prelu": (["F.prelu", "nn.PReLU"], ""),
    "prod": (["torch.prod", "Tensor.prod"], ""),
    "quantize_per_tensor": (QUANTIZED, "quantized tensors"),
    "rand": (["torch.rand"], ""),
    "rand_like": (["torch.rand_like"], ""),
    "randn": (["torch.randn"], ""),
    "randn_like": (["torch.randn_like"], ""),
    "reciprocal": (["torch.reciprocal", "Tensor.reciprocal"], ""),
    "reflection_pad1d": (["nn.ReflectionPad1d", "re:mode=.reflect."], ""),
    "reflection_pad2d": (["nn.ReflectionPad2d", "re:mode=.reflect."], ""),
    "reflection_pad3d": (["nn.ReflectionPad3d", "re:mode=.reflect."], ""),
    "relu": (["torch.relu", "F.relu", "Tensor.relu", "nn.ReLU"], ""),
    "relu6": (["F.relu6", "nn.ReLU6"], ""),
    "remainder": (["torch.remainder", "Tensor.remainder", "re:[\\w\\)\\]] % [\\w\\(]"], ""),
    "repeat": (["Tensor.repeat"], ""),
    "repeat_interleave": (["torch.repeat_interleave", "Tensor.repeat_interleave"], ""),
    "replication_pad1d": (["nn.ReplicationPad1d", "re:mode=.replicate."], ""),
    "replication_pad2d": (["nn.ReplicationPad2d", "re:mode=.replicate."], ""),
    "replication_pad3d": (["nn.ReplicationPad3d", "re:mode=.replicate."], ""),
    "reshape": (["torch.reshape", "Tensor.reshape"], ""),
    "reshape_as": (["Tensor.reshape_as"], ""),
    "resolve_conj": (["torch.resolve_conj", "Tensor.resolve_conj"], ""),
    "resolve_neg": (["torch.resolve_neg", "Tensor.resolve_neg"], ""),
    "rnn_relu": (["re:nonlinearity=.relu."], "nn.RNN(nonlinearity='relu')"),
    "rnn_tanh": (["nn.RNN"], ""),
    "roll": (["torch.roll", "Tensor.roll"], ""),
    "round": (["torch.round", "Tensor.round"], ""),
    "rrelu": (["F.rrelu", "nn.RReLU"], ""),
    "rsqrt": (["torch.rsqrt", "Tensor.rsqrt"], ""),
    "rsub": (["torch.rsub", "re:[0-9] - [\\w\\(]"], "number - tensor"),
    "scalar_tensor": (["torch.scalar_tensor"], ""),
    "scan": (INTERNAL, "listed by the exporter only to refuse it at opset 7"),
    "scatter": (["torch.scatter", "Tensor.scatter", "Tensor.scatter_"], ""),
    "scatter_add": (["torch.scatter_add", "Tensor.scatter_add", "Tensor.scatter_add_"], ""),
    "select": (["torch.select", "Tensor.select"], ""),
    "selu": (["F.selu", "nn.SELU", "torch.selu"], ""),
    "sigmoid": (["torch.sigmoid", "Tensor.sigmoid", "F.sigmoid", "nn.Sigmoid"], ""),
    "sign": (["torch.sign", "Tensor.sign"], ""),
    "silu": (["F.silu", "nn.SiLU"], ""),
    "sin": (["torch.sin", "Tensor.sin"], ""),
    "size": (["Tensor.size", "prop:.shape"], ""),
    "slice": (["re:\\w\\[[^\\]]*:[^\\]]*\\]"], "x[a:b]"),
    "softmax": (["torch.softmax", "F.softmax", "Tensor.softmax", "nn.Softmax"], ""),
    "softplus": (["F.softplus", "nn.Softplus"], ""),
    "softshrink": (["F.softshrink", "nn.Softshrink"], ""),
    "sort": (["torch.sort", "Tensor.sort"], ""),
    "split": (["torch.split", "Tensor.split"], ""),
    "split_with_sizes": (["re:\\.split\\([^)]*\\[", "re:split_with_sizes\\("], "split() with a list of sizes"),
    "sqrt": (["torch.sqrt", "Tensor.sqrt"], ""),
    "square": (["torch.square", "Tensor.square"], ""),
    "squeeze": (["torch.squeeze", "Tensor.squeeze"], ""),
    "stack": (["torch.stack"], ""),
    "std": (["torch.std", "Tensor.std"], ""),
    "std_mean": (["torch.std_mean"], ""),
    "sub": (["torch.sub", "Tensor.sub", "re:[\\w\\)\\]] - [\\w\\(]"], ""),
    "sum": (["torch.sum", "Tensor.sum"], ""),
    "t": (["torch.t", "Tensor.t"], ""),
    "take": (["torch.take", "Tensor.take"], ""),
    "tan": (["torch.tan", "Tensor.tan"], ""),
    "tanh": (["torch.tanh", "Tensor.tanh", "F.tanh", "nn.Tanh"], ""),
    "tanhshrink": (["F.tanhshrink", "nn.Tanhshrink"], ""),
    "tensor": (["torch.tensor"], ""),
    "tensor_split": (["torch.tensor_split", "Tensor.tensor_split"], ""),
    "tensordot": (["torch.tensordot"], ""),
    "threshold": (["F.threshold", "nn.Threshold"], ""),
    "to": (["Tensor.to", "Tensor.float", "Tensor.long"], ""),
    "topk": (["torch.topk", "Tensor.topk"], ""),
    "transpose": (["torch.transpose", "Tensor.transpose"], ""),
    "tril": (["torch.tril", "Tensor.tril"], ""),
    "triu": (["torch.triu", "Tensor.triu"], ""),
    "true_divide": (["torch.true_divide", "Tensor.true_divide"], ""),
    "type_as": (["Tensor.type_as"], ""),
    "unbind": (["torch.unbind", "Tensor.unbind"], ""),
    "unfold": (["Tensor.unfold"], ""),
    "unique_dim": (["re:unique\\([^)]*dim="], "unique(dim=...)"),
    "unsafe_chunk": (["torch.unsafe_chunk", "Tensor.unsafe_chunk"], ""),
    "unsafe_split": (["torch.unsafe_split", "Tensor.unsafe_split"], ""),
    "unsafe_split_with_sizes": (["torch.unsafe_split_with_sizes", "Tensor.unsafe_split_with_sizes"], ""),
    "unsqueeze": (["torch.unsqueeze", "Tensor.unsqueeze"], ""),
    "upsample_bicubic2d": (["re:mode=.bicubic."], "F.interpolate(mode='bicubic')"),
    "upsample_bilinear2d": (["re:mode=.bilinear.", "nn.UpsamplingBilinear2d"], "F.interpolate(mode='bilinear')"),
    "upsample_linear1d": (["re:mode=.linear."], "F.interpolate(mode='linear')"),
    "upsample_nearest1d": (["F.interpolate", "nn.Upsample"], "mode='nearest' on 3-D input"),
    "upsample_nearest2d": (["F.interpolate", "nn.Upsample", "nn.UpsamplingNearest2d"], "mode='nearest'"),
    "upsample_nearest3d": (["F.interpolate", "nn.Upsample"], "mode='nearest' on 5-D input"),
    "upsample_trilinear3d": (["re:mode=.trilinear."], "F.interpolate(mode='trilinear')"),
    "var": (["torch.var", "Tensor.var"], ""),
    "var_mean": (["torch.var_mean"], ""),
    "view": (["Tensor.view"], ""),
    "view_as": (["Tensor.view_as"], ""),
    "where": (["torch.where", "Tensor.where"], ""),
    "zeros": (["torch.zeros"], ""),
    "zeros_like": (["torch.zeros_like"], ""),
}

# module names before a dot that make `.f(` a function call, not a method
_MODULES = ("torch", "F", "functional", "nn", "linalg", "fft", "ops", "math", "np", "self", "super")


def exporter_ops():
    """The aten operators the installed PyTorch's exporter registers."""
    import torch.onnx  # noqa: F401  (importing it registers the symbolic functions)
    from torch.onnx._internal import registration
    return sorted(n[len("aten::"):] for n in registration.registry.all_functions() if n.startswith("aten::"))


def _code(text):
    """The file's code without comments and docstring lines."""
    lines = []
    for line in text.splitlines():
        s = line.lstrip()
        if s.startswith("#"):
            continue
        lines.append(line.split("  # ")[0])
    return "\n".join(lines)


def _pattern(spelling):
    if spelling.startswith("re:"):
        return re.compile(spelling[3:])
    if spelling.startswith("prop:"):
        return re.compile(re.escape(spelling[5:]) + r"\b(?!\s*\()")
    mod, _, name = spelling.rpartition(".")
    n = re.escape(name)
    if mod == "torch":
        return re.compile(r"\btorch\." + n + r"\s*\(")
    if mod == "Tensor":
        return re.compile(r"(?:\b(?!(?:%s)\b)\w+|[\)\]])\." % "|".join(_MODULES) + n + r"\s*\(")
    if mod == "F":
        return re.compile(r"\b(?:F|functional)\." + n + r"\s*\(")
    if mod == "linalg":
        return re.compile(r"\blinalg\." + n + r"\s*\(")
    if mod == "fft":
        return re.compile(r"\bfft\." + n + r"\s*\(")
    if mod == "vision":
        return re.compile(r"\b" + n + r"\s*\(")
    if mod.startswith("nn"):
        return re.compile(r"\b" + re.escape(mod) + r"\." + n + r"\s*\(")
    raise ValueError("unknown spelling " + spelling)


def case_files():
    out = []
    for d, subdirs, files in os.walk(CASES):
        subdirs[:] = sorted(s for s in subdirs if not (d == CASES and s in SKIP_DIRS))
        for f in sorted(files):
            if f.endswith(".py") and not f.startswith("_"):  # _x.py: helpers the cases import
                path = os.path.join(d, f)
                with open(path, encoding="utf-8") as fh:
                    out.append((os.path.relpath(path, ROOT), _code(fh.read())))
    out.sort()
    return out


def classify(ops, cases):
    """Rows (aten, status, calls, evidence) in the order of OPS."""
    rows = []
    for op in ops:
        entry = OPS.get(op)
        if entry is None:
            rows.append((op, "unmapped", "", "add it to tests/coverage.py"))
            continue
        what, note = entry
        if isinstance(what, str):
            rows.append((op, "n/a", "", "%s: %s" % (what, note)))
            continue
        found = None
        for spelling in what:
            pat = _pattern(spelling)
            for path, code in cases:
                if pat.search(code):
                    found = (spelling, path)
                    break
            if found:
                break
        calls = note or ", ".join(s for s in what if not s.startswith("re:"))
        if found:
            rows.append((op, "supported", calls, found[1]))
        else:
            rows.append((op, "missing", calls, ""))
    return rows


def render(rows, torch_version):
    n_sup = sum(1 for r in rows if r[1] == "supported")
    n_miss = sum(1 for r in rows if r[1] in ("missing", "unmapped"))
    n_na = sum(1 for r in rows if r[1] == "n/a")
    applicable = n_sup + n_miss
    pct = 100.0 * n_sup / applicable if applicable else 100.0
    out = [
        "# Coverage of PyTorch's ONNX exporter",
        "",
        "Generated by `tests/coverage.py` (do not edit; `/usr/bin/python3 tests/coverage.py --write`",
        "rewrites it and `tests/coverage.sh` checks it is up to date).  The rows are the aten",
        "operators PyTorch %s's exporter has a symbolic function for; \"supported\" names an" % torch_version,
        "end-to-end case that calls the function (its outputs are compared with PyTorch's at its",
        "opsets), \"n/a\" says why the operator does not apply to an exported inference graph.",
        "",
        "%d operators: %d supported, %d missing, %d not applicable; %d of the %d that apply "
        "(%.1f%%) are supported." % (len(rows), n_sup, n_miss, n_na, n_sup, applicable, pct),
        "",
        "| aten operator | status | torch call | test or reason |",
        "|---|---|---|---|",
    ]
    for op, status, calls, ev in rows:
        out.append("| `%s` | %s | %s | %s |" % (op, status, calls.replace("|", "\\|"), ev.replace("|", "\\|")))
    return "\n".join(out) + "\n"


def main(argv):
    import torch
    version = torch.__version__.split("+")[0]
    text = render(classify(exporter_ops(), case_files()), version)
    if "--write" in argv:
        with open(DOC, "w", encoding="utf-8") as fh:
            fh.write(text)
        return 0
    if "--check" in argv:
        return check(text)
    sys.stdout.write(text)
    return 0


def check(text):
    print("1..2")
    try:
        with open(DOC, encoding="utf-8") as fh:
            committed = fh.read()
    except OSError as e:
        print("not ok 1 - docs/coverage.md is up to date # %s" % e)
        committed = None
    if committed is not None:
        if committed == text:
            print("ok 1 - docs/coverage.md is up to date")
        else:
            import difflib
            print("not ok 1 - docs/coverage.md is up to date (run /usr/bin/python3 tests/coverage.py --write)")
            for line in difflib.unified_diff(committed.splitlines(), text.splitlines(), "committed",
                                             "generated", lineterm="", n=0):
                print("# " + line)
    # every supported row of the committed file names a case that calls it
    bad = []
    if committed is not None:
        cases = dict(case_files())
        for line in committed.splitlines():
            cells = [c.strip() for c in line.split("|")[1:-1]]
            if len(cells) == 4 and cells[1] == "supported":
                op = cells[0].strip("`")
                entry = OPS.get(op)
                code = cases.get(cells[3])
                if entry is None or isinstance(entry[0], str) or code is None or \
                        not any(_pattern(s).search(code) for s in entry[0]):
                    bad.append(op)
    if bad:
        print("not ok 2 - every supported row names a test that calls it # %s" % ", ".join(bad))
    else:
        print("ok 2 - every supported row names a test that calls it")
    return 0 if committed == text and not bad else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
