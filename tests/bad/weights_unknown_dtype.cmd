# An unknown dtype
# status: 4
--example 'x=randn(2,3)' --weights files/st_unknown_dtype.safetensors model.py
