# the report and the model naming one file that does not exist yet
# status: 2
--example 'x=randn(2,3)' model.py --report=same.onnx -o same.onnx
