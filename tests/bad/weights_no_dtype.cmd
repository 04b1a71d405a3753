# A tensor entry without dtype
# status: 4
--example 'x=randn(2,3)' --weights files/st_no_dtype.safetensors model.py
