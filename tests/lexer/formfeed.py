# A form feed resets the indentation column, as in CPython.
if a:
    b = 1
    c = 2
d = 3
e =  4
