# --weights-dtype takes a floating-point dtype
# status: 2
--example 'x=randn(2,3)' --weights files/st_good.safetensors --weights-dtype int8 model.py
