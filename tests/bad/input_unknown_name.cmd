# An input forward() does not have
# status: 1
--input 'x:float32[N,3]' --input 'y:float32[2]' model.py
