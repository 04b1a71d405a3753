# A model cut short
# status: 4
run files/onnx_truncated.onnx --input 'x=[1.0, -2.0]'
