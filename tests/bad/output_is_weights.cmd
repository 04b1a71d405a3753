# -o naming the --weights file
# status: 2
--example 'x=randn(2,3)' --weights files/st_good.safetensors model.py -o files/st_good.safetensors
