# Opset 0
# status: 2
--example 'x=randn(2,3)' --opset 0 model.py
