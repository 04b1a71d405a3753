# An initializer with 2^80 elements and no data
# status: 4
run files/onnx_initializer_huge.onnx --input 'x=[1.0, -2.0]'
