# Errors inside blocks: the block of a broken header is still parsed.
def f(x):
    a = = 1
    if x
        b = 2 3
    for i in
        c = [
    return x

class C:
    def g(self) -> :
        pass
    h = lambda x y: 1
