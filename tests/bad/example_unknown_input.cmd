# An example for a parameter forward() does not have
# status: 1
--example 'x=randn(2,3)' --example 'y=randn(2,3)' model.py
