# A dimension that is not an integer
# status: 2
--input 'x:float32[2.5,3]' model.py
