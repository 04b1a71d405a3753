# Float() of a word that is not inf or nan
# status: 2
--example "x=float('abc')" model.py
