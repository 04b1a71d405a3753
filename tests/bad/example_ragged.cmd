# A ragged nested list
# status: 2
--example 'x=[[1.0, 2.0, 3.0], [4.0]]' model.py
