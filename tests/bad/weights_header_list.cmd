# A header that is a JSON list, not an object
# status: 4
--example 'x=randn(2,3)' --weights files/st_header_list.safetensors model.py
