# An opset with trailing letters
# status: 2
--example 'x=randn(2,3)' --opset 17x model.py
