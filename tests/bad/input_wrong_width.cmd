# A declared width that does not fit the Linear
# status: 1
--input 'x:float32[N,4]' model.py
