# Spans: parentheses are not part of a node's span (as in Python), a call
# spans to its ')', multi-line nodes span lines, columns count characters.
x = (a + b)
y = ((a))
z = f(
    a,
    b,
)
s = 'héllo' + 'wörld'
t = (
    1,
    2,
)
u = a[
    0
]
if (a and
        b):
    pass
