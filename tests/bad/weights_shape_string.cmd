# A shape that is a string
# status: 4
--example 'x=randn(2,3)' --weights files/st_shape_string.safetensors model.py
