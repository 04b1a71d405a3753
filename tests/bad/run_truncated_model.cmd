# A model cut short
# status: 1
run files/onnx_truncated.onnx --input 'x=[1.0, -2.0]'
