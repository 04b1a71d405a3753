def f():
    return 1 2
