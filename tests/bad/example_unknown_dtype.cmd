# A misspelled dtype
# status: 2
--example 'x=randn(2,3):flaot32' model.py
