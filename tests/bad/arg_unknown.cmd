# An --arg the constructor does not take
# status: 1
--example 'x=randn(2,3)' --arg nope=3 model.py
