# An unknown short option
# status: 2
-x model.py
