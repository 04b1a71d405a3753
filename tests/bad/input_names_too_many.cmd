# More --input-names than inputs
# status: 1
--example 'x=randn(2,3)' --input-names a,b model.py
