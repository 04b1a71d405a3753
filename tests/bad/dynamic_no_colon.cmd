# --dynamic without ':AXIS'
# status: 2
--example 'x=randn(2,3)' --dynamic x model.py
