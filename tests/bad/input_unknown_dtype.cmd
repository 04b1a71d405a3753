# An unknown dtype
# status: 2
--input 'x:flt[2,3]' model.py
