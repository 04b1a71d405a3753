# Raw strings keep every backslash; a backslash still keeps the next
# quote from ending the string.
a = r'\d+\.\w*'
b = r'\''
c = r"\""
d = r'\\'
e = R'a\
b'
f = r'\n\t\x00\N{EURO SIGN}'
g = rb'\x00\\'
h = r"""\""" """
