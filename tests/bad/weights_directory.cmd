# A directory as the weights file
# status: 4
--example 'x=randn(2,3)' --weights files model.py
