# a report that cannot be written: the model is not written either
# status: 4
--example 'x=randn(2,3)' model.py -o m.onnx --report=nodir/r.md
