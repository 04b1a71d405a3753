# An empty --entry
# status: 1
--example 'x=randn(2,3)' --entry '' model.py
