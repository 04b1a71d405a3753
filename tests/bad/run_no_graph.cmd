# A model without a graph
# status: 4
run files/onnx_no_graph.onnx --input 'x=[1.0, -2.0]'
