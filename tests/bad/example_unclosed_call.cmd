# An unclosed call
# status: 2
--example 'x=randn(2,3' model.py
