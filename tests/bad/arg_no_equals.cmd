# --arg without '='
# status: 2
--example 'x=randn(2,3)' --arg hidden model.py
