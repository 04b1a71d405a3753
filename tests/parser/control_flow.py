# if/elif/else, for/else, while/else, break, continue, pass, return.
if a:
    pass
elif b:
    pass
elif c:
    x = 1
else:
    x = 2

for i in range(10):
    if i % 2:
        continue
    if i > 7:
        break
else:
    done = True

while n > 0:
    n -= 1
else:
    n = None

while (x := next(it)) is not None: pass

for i, (a, b) in enumerate(pairs): print(i)

if x: y = 1; z = 2
else: y = 0


def f(x):
    if x:
        return
    return x, 1
