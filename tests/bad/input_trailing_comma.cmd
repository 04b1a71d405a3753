# A trailing comma
# status: 2
--input 'x:float32[2,3,]' model.py
