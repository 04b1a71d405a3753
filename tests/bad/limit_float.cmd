# A limit written as a float
# status: 2
--example 'x=randn(2,3)' --limit eval-steps=1e9 model.py
