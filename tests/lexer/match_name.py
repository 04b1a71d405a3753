# `match` and `case` as ordinary names.
match = 1
match.foo()
match[x] = 1
match: int = 3
match(x)
print(match, case)
match, case = 1, 2
match = lambda: 0
case = match
if match:
    match = match + 1
