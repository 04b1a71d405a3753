# lambda in every parameter form, nested, and in default values.
f = lambda: 0
f = lambda x: x + 1
f = lambda x, y=2, *a, z, **k: (x, y, a, z, k)
f = lambda x, /, y: x
f = lambda *, k=1: k
f = lambda *a, **k: 0
f = lambda x: lambda y: x + y
f = lambda x=lambda: 1: x()
key = sorted(items, key=lambda kv: (kv[1], kv[0]))
