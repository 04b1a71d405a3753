# An integer that does not fit int8
# status: 2
--example 'x=300:int8' model.py
