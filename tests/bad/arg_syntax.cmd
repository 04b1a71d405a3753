# An --arg value that does not parse
# status: 1
--example 'x=randn(2,3)' --arg 'hidden=(' model.py
