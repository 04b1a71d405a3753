# An unknown limit
# status: 2
--example 'x=randn(2,3)' --limit steps=5 model.py
