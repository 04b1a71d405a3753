# --limit NAME without a value
# status: 2
--example 'x=randn(2,3)' --limit memory model.py
