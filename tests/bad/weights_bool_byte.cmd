# A BOOL element that is neither 0 nor 1
# status: 4
--example 'x=randn(2,3)' --weights files/st_bool_byte.safetensors model.py
