# List, set, dict and generator comprehensions; nested clauses; conditions.
a = [x * 2 for x in range(10)]
b = {x for x in xs if x if not x.hidden}
c = {k: v for k, v in d.items() if v is not None}
d = (x for x in xs)
e = [(i, j) for i in range(3) for j in range(i) if i != j]
f = sum(x * x for x in xs)
g = [y for x in xs if (y := f(x)) > 0]
h = [[row[i] for row in m] for i in range(n)]
i = {**a, 'k': 1, **b}
j = [*a, *b, c]
k = dict(zip(keys, (v for v in vals)))
l = [x for x, *rest in pairs]
