# A negative seed
# status: 2
--example 'x=randn(2,3)' --seed -1 model.py
