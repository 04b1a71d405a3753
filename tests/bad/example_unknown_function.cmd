# A function that is not a value form
# status: 2
--example 'x=normal(2,3)' model.py
