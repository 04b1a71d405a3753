# Text after the header's JSON object
# status: 4
--example 'x=randn(2,3)' --weights files/st_header_trailing.safetensors model.py
