# An axis beyond the rank
# status: 2
--example 'x=randn(2,3)' --dynamic x:5 model.py
