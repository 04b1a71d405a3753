# An --arg value naming something undefined
# status: 1
--example 'x=randn(2,3)' --arg hidden=size model.py
