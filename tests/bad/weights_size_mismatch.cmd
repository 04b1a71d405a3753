# Data_offsets spanning fewer bytes than the shape needs
# status: 4
--example 'x=randn(2,3)' --weights files/st_size_mismatch.safetensors model.py
