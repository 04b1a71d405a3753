# A binary file as the model
# status: 1
--example 'x=randn(2,3)' files/npy_good.npy -o out.onnx
