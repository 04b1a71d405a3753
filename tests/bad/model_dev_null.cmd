# An empty model file (/dev/null)
# status: 1
--example 'x=randn(2,3)' /dev/null -o out.onnx
