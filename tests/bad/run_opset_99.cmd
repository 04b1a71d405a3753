# An opset newer than the evaluator knows
# status: 2
run files/onnx_opset_99.onnx --input 'x=[1.0, -2.0]'
