# --input without ':'
# status: 2
--input x model.py
