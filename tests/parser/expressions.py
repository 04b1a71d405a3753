# Conditional expressions, chained comparisons, boolean operators.
a = b if c else d
a = b if c else d if e else f
a = (b if c else d) if e else f
x = 0 < i < n
x = a == b != c <= d >= e > f < g
x = a in b and c not in d
x = a is None or b is not None
x = not a or not b and c
x = a or b or c
x = (a or b) or c
x = a and b and (c or d)
x = a < (b < c)
y = x if x is not None else default
