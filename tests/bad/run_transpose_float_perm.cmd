# An attribute of the wrong type
# status: 4
run files/onnx_transpose_float_perm.onnx --input 'x=[1.0, -2.0]'
