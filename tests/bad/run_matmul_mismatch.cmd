# An evaluation error: MatMul of [2] and [3, 2]
# status: 1
run files/onnx_matmul_mismatch.onnx --input 'x=[1.0, -2.0]'
