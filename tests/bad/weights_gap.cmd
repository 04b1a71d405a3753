# Bytes of the buffer no tensor covers
# status: 4
--example 'x=randn(2,3)' --weights files/st_gap.safetensors model.py
