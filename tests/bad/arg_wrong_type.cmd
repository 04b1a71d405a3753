# An --arg value of the wrong type
# status: 1
--example 'x=randn(2,3)' --arg 'hidden="four"' model.py
