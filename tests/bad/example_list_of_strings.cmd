# A list of strings
# status: 2
--example "x=['a', 'b']" model.py
