# --dynamic for an input with no type
# status: 1
--dynamic x:0 model.py
