# Python's SyntaxWarnings: code that parses but cannot mean what it says.
a = x is 1
b = x is not "s"
c = x is None
d = 1 < x is 2
e = [(1, 2) (3, 4)]
f = [1 [2]]
g = [[1, 2] (0, 1)]
h = [(1, 2) [0, 1]]
i = "abc"[0]
j = "abc"["x"]
k = {1}[0]
l = (lambda: 1)()
m = [1, 2][True]
n = None()
o = f"x"(1)
p = (1, 2)[1:2]
