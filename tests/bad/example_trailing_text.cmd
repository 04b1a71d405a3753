# Text after the value
# status: 2
--example 'x=randn(2,3) extra' model.py
