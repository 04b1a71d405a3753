# An initializer of an unknown element type
# status: 4
run files/onnx_initializer_dtype.onnx --input 'x=[1.0, -2.0]'
