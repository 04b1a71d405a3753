# Arange() with dtype bool
# status: 2
--example 'x=arange(2,3):bool' model.py
