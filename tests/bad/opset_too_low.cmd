# An opset below the supported range
# status: 2
--example 'x=randn(2,3)' --opset 6 model.py
