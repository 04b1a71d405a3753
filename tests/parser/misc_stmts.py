# del, global, nonlocal, pass, expression statements, semicolons.
del a
del a, b
del a.b, c[0], (d, e), [f]
del (a)
global g
global g1, g2


def outer():
    x = 1

    def inner():
        nonlocal x
        global y
        x += 1
    return inner


pass; x = 1; f()
...
"docstring"
f(x)
a.b
