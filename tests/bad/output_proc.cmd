# An output in a directory no one may create files in
# status: 4
--example 'x=randn(2,3)' model.py -o /proc/out.onnx
