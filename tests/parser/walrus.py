# Assignment expressions (:=).
if (n := len(a)) > 10:
    pass
while chunk := f.read(1024):
    pass
x = [y := f(x), y ** 2]
f(x := 1)
f(a, b := 2)
print(f'{(x := 10)}')
z = {(k := 1): 2}
