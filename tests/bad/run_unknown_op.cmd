# An operator ONNX does not define
# status: 2
run files/onnx_unknown_op.onnx --input 'x=[1.0, -2.0]'
