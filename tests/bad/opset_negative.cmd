# A negative opset
# status: 2
--example 'x=randn(2,3)' --opset -1 model.py
