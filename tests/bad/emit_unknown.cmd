# An unknown --emit kind
# status: 2
--example 'x=randn(2,3)' --emit json model.py
