# Starred expressions: targets, displays, calls with * and **, return.
a, *b = c
*a, b = c
[a, *b] = c
a, (b, *c), d = e
for x, *y in z:
    pass
x = [*a, *b]
x = (*a, *b)
x = {*a, *b}
x = *a, *b
f(*args)
f(*args, **kwargs)
f(a, *b, c, *d, k=1, **e, j=2, **g)
f(**a, **b)


def g():
    return *a, b


def h():
    yield *a, b
