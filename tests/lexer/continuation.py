# Backslash-newline joins physical lines into one logical line; the
# indentation of a continued line does not matter.
x = 1 + \
        2
if a and \
   b:
    y = [1, \
2]
    z = 3 \

w = 4
