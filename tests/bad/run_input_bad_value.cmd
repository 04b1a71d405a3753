# An --input value that does not parse
# status: 2
run files/onnx_good.onnx --input 'x=randn(2'
