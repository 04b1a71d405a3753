# A misspelled long option
# status: 2
--exampel 'x=randn(2,3)' model.py
