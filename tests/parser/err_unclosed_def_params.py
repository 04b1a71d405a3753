def f(a, b:
    return a

def g(:
    pass
