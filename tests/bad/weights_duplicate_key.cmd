# A tensor named twice
# status: 4
--example 'x=randn(2,3)' --weights files/st_duplicate_key.safetensors model.py
