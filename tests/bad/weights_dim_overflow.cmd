# A shape whose size overflows 64 bits
# status: 4
--example 'x=randn(2,3)' --weights files/st_dim_overflow.safetensors model.py
