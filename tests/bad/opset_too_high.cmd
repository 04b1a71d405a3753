# An opset above the supported range
# status: 2
--example 'x=randn(2,3)' --opset 24 model.py
