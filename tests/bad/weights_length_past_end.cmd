# A header length beyond the end of the file
# status: 4
--example 'x=randn(2,3)' --weights files/st_length_past_end.safetensors model.py
