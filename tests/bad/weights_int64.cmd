# An int64 weight for a float32 parameter
# status: 1
--example 'x=randn(2,3)' --weights files/st_int64.safetensors model.py
