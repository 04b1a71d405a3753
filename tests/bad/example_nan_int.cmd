# NaN converted to an integer type
# status: 2
--example "x=float('nan'):int64" model.py
