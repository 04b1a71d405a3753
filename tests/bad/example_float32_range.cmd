# A float beyond float32
# status: 2
--example 'x=1e39:float32' model.py
