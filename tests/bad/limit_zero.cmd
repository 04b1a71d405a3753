# A limit of 0
# status: 2
--example 'x=randn(2,3)' --limit nesting=0 model.py
