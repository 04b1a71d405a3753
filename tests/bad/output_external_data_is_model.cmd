# --external-data: the data file (OUT.data) naming the model file
# status: 2
--example 'x=randn(2,3)' --external-data files/src.onnx.data -o files/src.onnx
