# An --entry the file does not define
# status: 1
--example 'x=randn(2,3)' --entry Missing model.py
