# A 0-d tensor for a 1-d parameter
# status: 1
--example 'x=randn(2,3)' --weights files/st_bias_scalar.safetensors model.py
