# --external-data: the model file is named like the data files of the
# output (OUT.HASH.data), which the run replaces or removes
# status: 2
--example 'x=randn(2,3)' --external-data files/src.onnx.0123456789abcdef.data -o files/src.onnx
