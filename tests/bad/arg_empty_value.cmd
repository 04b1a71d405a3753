# --arg with an empty value
# status: 1
--example 'x=randn(2,3)' --arg hidden= model.py
