# Python's operator precedence, loosest to tightest.
x = a or b and not c
x = not a == b
x = a | b ^ c & d << e + f * g
x = a | (b ^ c) & (d << e) + f * g
x = a + b - c + d
x = a * b / c // d % e @ f
x = -a ** b
x = a ** -b
x = a ** b ** c
x = (-a) ** b
x = ~a + -b * +c
x = - - - a
x = a << b >> c
x = a.b.c[d](e).f
x = await_(a)[b]
x = a if b else c or d
x = (a, b), c
x = a @ b.T @ c
