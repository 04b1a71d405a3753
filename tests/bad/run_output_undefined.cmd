# A graph output no node produces
# status: 4
run files/onnx_output_undefined.onnx --input 'x=[1.0, -2.0]'
