# A tensor name that is not UTF-8
# status: 4
--example 'x=randn(2,3)' --weights files/st_invalid_utf8.safetensors model.py
