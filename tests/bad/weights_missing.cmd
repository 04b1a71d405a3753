# A weights file that does not exist
# status: 4
--example 'x=randn(2,3)' --weights files/none.safetensors model.py
