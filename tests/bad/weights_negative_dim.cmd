# A negative dimension
# status: 4
--example 'x=randn(2,3)' --weights files/st_negative_dim.safetensors model.py
