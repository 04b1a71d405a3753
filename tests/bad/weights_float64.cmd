# Float64 weights for a float32 module
# status: 1
--example 'x=randn(2,3)' --weights files/st_float64.safetensors model.py
