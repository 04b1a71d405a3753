# --input without [DIMS]
# status: 2
--input x:float32 model.py
