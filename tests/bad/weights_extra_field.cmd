# An unknown field in a tensor entry
# status: 4
--example 'x=randn(2,3)' --weights files/st_extra_field.safetensors model.py
