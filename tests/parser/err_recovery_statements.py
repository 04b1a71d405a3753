# One error per statement: each is reported, the rest of the file parsed.
x = (1 2)
y = 1 +
class
z = ]
def f(:
    pass
ok = 1
w = = 2
