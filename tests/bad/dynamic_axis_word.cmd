# An axis that is not an integer
# status: 2
--example 'x=randn(2,3)' --dynamic x:a model.py
