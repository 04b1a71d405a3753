# An empty opset
# status: 2
--example 'x=randn(2,3)' --opset '' model.py
