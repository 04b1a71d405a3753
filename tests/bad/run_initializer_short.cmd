# An initializer whose raw_data is shorter than its shape
# status: 4
run files/onnx_initializer_short.onnx --input 'x=[1.0, -2.0]'
