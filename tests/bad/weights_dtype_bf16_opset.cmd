# bfloat16 Casts need opset 13
# status: 2
--example 'x=randn(2,3)' --weights files/st_good.safetensors --weights-dtype bfloat16 --opset 11 model.py
