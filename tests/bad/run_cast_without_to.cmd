# A Cast without its required attribute 'to'
# status: 1
run files/onnx_cast_no_to.onnx --input 'x=[1.0, -2.0]'
