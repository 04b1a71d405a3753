# Two tensors whose bytes overlap
# status: 4
--example 'x=randn(2,3)' --weights files/st_overlap.safetensors model.py
