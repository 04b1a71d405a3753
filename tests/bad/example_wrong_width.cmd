# An example whose width does not fit the Linear
# status: 1
--example 'x=randn(2,5)' model.py
