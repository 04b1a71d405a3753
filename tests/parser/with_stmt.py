# with: one or several items, as targets, parenthesized items (3.10).
with a:
    pass
with a as b:
    pass
with a as b, c as d, e:
    pass
with open(p) as (f, g):
    pass
with a as b.c, d as e[0]:
    pass
with (a, b):
    pass
with (a as b, c as d):
    pass
with (a as b, c as d,):
    pass
with (a):
    pass
with (yield):
    pass
with torch.no_grad(), autocast():
    pass
