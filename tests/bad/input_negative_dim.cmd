# A negative dimension
# status: 2
--input 'x:float32[-1,3]' model.py
