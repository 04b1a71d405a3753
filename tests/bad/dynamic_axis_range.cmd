# An axis beyond the rank (checked against the model's input: a compile error)
# status: 1
--example 'x=randn(2,3)' --dynamic x:5 model.py
