# a model file named .onnx: its default output would overwrite it
# status: 2
--example 'x=randn(2,3)' files/source.onnx
