# A __metadata__ value that is not a string
# status: 4
--example 'x=randn(2,3)' --weights files/st_metadata_number.safetensors model.py
