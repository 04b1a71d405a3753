# Data_offsets with begin after end
# status: 4
--example 'x=randn(2,3)' --weights files/st_offsets_reversed.safetensors model.py
