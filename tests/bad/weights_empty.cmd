# An empty weights file
# status: 4
--example 'x=randn(2,3)' --weights files/st_empty.safetensors model.py
