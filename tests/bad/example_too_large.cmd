# A tensor beyond the size limit
# status: 2
--example 'x=randn(100000,100000)' model.py
