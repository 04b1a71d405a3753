# A negative limit
# status: 2
--example 'x=randn(2,3)' --limit unroll=-5 model.py
