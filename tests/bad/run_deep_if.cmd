# If bodies nested 20,000 deep (protobuf's nesting limit, not a stack overflow)
# status: 4
run files/onnx_deep_if.onnx --input 'x=[1.0, -2.0]' --input c=True
