# --weights-dtype without --weights: there is nothing to store
# status: 2
--example 'x=randn(2,3)' --weights-dtype float16 model.py
