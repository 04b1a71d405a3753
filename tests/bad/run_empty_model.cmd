# An empty .onnx file (an empty ModelProto: no graph)
# status: 4
run files/onnx_empty.onnx --input 'x=[1.0, -2.0]'
