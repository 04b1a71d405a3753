# An unclosed list
# status: 2
--example 'x=[1.0, 2.0' model.py
