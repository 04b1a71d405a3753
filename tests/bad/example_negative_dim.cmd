# A negative dimension
# status: 2
--example 'x=randn(2,-1)' model.py
