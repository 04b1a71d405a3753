f(a.b=1)
f(True=1)
