# A limit beyond its range
# status: 2
--example 'x=randn(2,3)' --limit call-depth=1000000 model.py
