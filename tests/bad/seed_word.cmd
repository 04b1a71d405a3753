# A seed that is not a number
# status: 2
--example 'x=randn(2,3)' --seed abc model.py
