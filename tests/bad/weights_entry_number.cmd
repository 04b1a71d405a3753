# A tensor entry that is a number
# status: 4
--example 'x=randn(2,3)' --weights files/st_entry_number.safetensors model.py
