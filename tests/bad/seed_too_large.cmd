# A seed beyond 64 bits
# status: 2
--example 'x=randn(2,3)' --seed 99999999999999999999 model.py
