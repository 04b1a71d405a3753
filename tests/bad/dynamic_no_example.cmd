# --dynamic for an input with no type
# status: 2
--dynamic x:0 model.py
