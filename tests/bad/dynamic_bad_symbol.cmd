# A symbol that is not a name
# status: 2
--example 'x=randn(2,3)' --dynamic x:0=3N model.py
